//! Representatives: which vertex set a fact is written about when a position is met, so
//! that isomorphic positions share one fact, and the vertex map a reference then carries.

use crate::bitset::Adjacency;
use crate::set_key::Key;
use hashbrown::HashMap;
use kayles_core::bits::{Bits, Words};
use kayles_core::canonical::Canonizer;
use kayles_core::symmetry::HostSymmetry;
use kayles_core::Graph;

/// How positions are merged into one fact.
///
/// Measured (docs/certificates.md): `Canonical` gives the fewest facts on every graph
/// tried (half as many as `Symmetry` on Arc Kayles grids and on `P(n, 2)`, where
/// isomorphic pieces are often not congruent) and is the default; `Symmetry` is a little
/// smaller on `grid:3x12` (its least images make more maps keep the vertex order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Dedup {
    /// Only the same vertex set.
    Exact,
    /// Images under the host symmetry (the family's flips, translations, rotations):
    /// the representative is the least image
    /// ([`HostSymmetry::least_image_with_map`]). Without a host symmetry, as
    /// `Canonical`.
    Symmetry,
    /// Isomorphic positions (equal canonical codes, [`Canonizer::code`]): the
    /// representative is the first position of the class that a fact is written about.
    #[default]
    Canonical,
}

/// A position's representative: the fact's vertex set, and the map that takes it onto the
/// position (`None` when they are the same set).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rep {
    /// The representative's vertices, increasing.
    pub set: Vec<u32>,
    /// `map[i]`: the position's vertex that `set[i]` corresponds to.
    pub map: Option<Vec<u32>>,
    /// The key under which the builder files the facts of every position with this
    /// representative: the representative's vertex set's [`Key`], or under
    /// [`Dedup::Canonical`] its isomorphism class's (the canonical code's).
    pub key: Key,
}

/// Finds representatives under one [`Dedup`] rule.
pub struct Representatives {
    rule: Rule,
}

/// The most positions whose canonical order [`Representatives`] remembers (the builder
/// asks for one position several times, often far apart), and the bound of the builder's
/// and the oracle's other caches. An entry is the position's key, its class's key and its
/// order, about a hundred bytes at 60 vertices. 2^16 (docs/certificates.md, "Where the
/// time goes", and "Measurements", 2026-12-06 evening): with 2^20 the caches were most of
/// a large certificate's memory (queens 13: 581 MB, then 288 MB at 2^17; Arc Kayles 5 x 8:
/// 418 MB, then 219 MB) for no time saved; 2^16 (and 2^15 for [`RECENT_ENTRIES`]) took
/// 12 MB more off Arc Kayles 3 x 15's peak (51.6 to 39.8 MB, the search's 38 MB), the
/// time and the certificate the same.
pub const CACHE_ENTRIES: usize = 1 << 16;

/// The most entries of the builder's caches of pure functions of a position (its
/// canonical order, its mirror strategy), which the cache's size cannot change the
/// certificate of; [`CACHE_ENTRIES`] bounds the oracle's answers, which can.
pub const RECENT_ENTRIES: usize = 1 << 15;

enum Rule {
    Exact,
    Symmetry(HostSymmetry),
    /// Made at the first position, from its host.
    Canonical(Option<Box<Classes>>),
}

/// The isomorphism classes that have a fact, under [`Dedup::Canonical`], kept compact: a
/// certificate meets several times as many classes as it writes facts about (Cram 5 x 8:
/// 3.7 million classes for 1.0 million facts), so a class is given its representative,
/// the first position of the class that a fact is written about ([`Representatives::fix`]),
/// only then; until then a position is its own representative, filed under its class's
/// key. A class keeps its code's key and its representative's bit words; the
/// representative's canonical order, needed for a map onto another position, is the
/// canonizer's again (remembered in `recent` when it was met lately).
struct Classes {
    canonizer: Canonizer,
    /// The host's rows.
    adjacency: Adjacency,
    /// The key of a canonical code -> its class's index, for the classes that have a
    /// representative.
    index: HashMap<Key, u32>,
    /// Each class's representative, as host bit words, as many a class as
    /// [`Adjacency::set`] makes.
    rep_sets: Vec<u64>,
    /// Positions met lately: key -> (the key of its canonical code, where in
    /// `recent_orders` the position's canonical order starts); emptied with
    /// `recent_orders` when it reaches [`RECENT_ENTRIES`].
    recent: HashMap<Key, (Key, u32)>,
    /// The canonical orders of `recent`'s positions, one after the other, stored as by
    /// [`put_order`] (no heap block an entry).
    recent_orders: Vec<u8>,
    /// Scratch for a position's bit words.
    scratch: Vec<u64>,
}

impl Representatives {
    /// The rule `dedup`, with the host's symmetry when it has one.
    pub fn new(dedup: Dedup, symmetry: Option<HostSymmetry>) -> Self {
        let rule = match (dedup, symmetry) {
            (Dedup::Exact, _) => Rule::Exact,
            (Dedup::Symmetry, Some(sym)) => Rule::Symmetry(sym),
            _ => Rule::Canonical(None),
        };
        Representatives { rule }
    }

    /// The representative of the connected position `set` (increasing) of `host`.
    pub fn of(&mut self, host: &Graph, set: &[u32]) -> Rep {
        let same = || Rep {
            set: set.to_vec(),
            map: None,
            key: Key::of_vertices(host.order(), set),
        };
        match &mut self.rule {
            Rule::Exact => same(),
            Rule::Symmetry(sym) => {
                let (image, images) = sym.least_image_with_map(set);
                if image == set {
                    return same();
                }
                let mut pairs: Vec<(u32, u32)> =
                    images.into_iter().zip(set.iter().copied()).collect();
                pairs.sort_unstable();
                Rep {
                    key: Key::of_vertices(host.order(), &image),
                    set: image,
                    map: Some(pairs.into_iter().map(|(_, v)| v).collect()),
                }
            }
            Rule::Canonical(classes) => classes
                .get_or_insert_with(|| Box::new(Classes::new(host)))
                .of(set)
                .unwrap_or_else(same),
        }
    }

    /// The key of the representative of the connected position `set` (increasing) of
    /// `host`: [`of`](Self::of)`(host, set).key`, without the representative's vertices
    /// and map (under [`Dedup::Canonical`] no canonical order of the class's
    /// representative, no lists built), for a look-up of what is known of its class.
    pub fn key_of(&mut self, host: &Graph, set: &[u32]) -> Key {
        match &mut self.rule {
            Rule::Canonical(classes) => classes
                .get_or_insert_with(|| Box::new(Classes::new(host)))
                .key_of(set)
                .unwrap_or_else(|| Key::of_vertices(host.order(), set)),
            _ => self.of(host, set).key,
        }
    }

    /// Notes that a fact is written about `rep` (as [`of`](Self::of) gave it): under
    /// [`Dedup::Canonical`], a class without a representative takes `rep`'s set as its
    /// own, so every later position of the class is mapped onto it. Nothing under the
    /// other rules, whose representatives do not depend on what was written.
    pub fn fix(&mut self, rep: &Rep) {
        if let (Rule::Canonical(Some(classes)), None) = (&mut self.rule, &rep.map) {
            classes.fix(&rep.set, rep.key);
        }
    }
}

impl Representatives {
    /// The classes that have a representative, for a saved proof state: each class
    /// code's key with its index, and the representatives' bit words in that order
    /// (`None` under the rules that keep no classes).
    pub(crate) fn classes(&self) -> Option<(&HashMap<Key, u32>, &[u64])> {
        match &self.rule {
            Rule::Canonical(Some(classes)) => Some((&classes.index, &classes.rep_sets)),
            _ => None,
        }
    }

    /// Takes back the classes of a saved proof state (as [`classes`](Self::classes) gave
    /// them) for positions of `host`.
    ///
    /// # Errors
    /// When the state does not fit this rule or host (classes under another rule, or
    /// representatives of another number of words or out of the host).
    pub(crate) fn restore(
        &mut self,
        host: &Graph,
        saved: Option<crate::resume::Classes>,
    ) -> Result<(), String> {
        let Some(saved) = saved else {
            return match &self.rule {
                Rule::Canonical(Some(c)) if !c.index.is_empty() => {
                    Err("a proof state without the classes it needs".into())
                }
                _ => Ok(()),
            };
        };
        let Rule::Canonical(classes) = &mut self.rule else {
            return Err("a proof state with classes, for a rule that keeps none".into());
        };
        let mut restored = Classes::new(host);
        let w = restored.adjacency.set(&[]).len();
        let count = saved.rep_sets.len() / w;
        let last = host.order() % 64;
        let fits = saved.rep_sets.len() == count * w
            && saved.index.len() == count
            && saved.index.values().all(|&c| (c as usize) < count)
            && (last == 0 || saved.rep_sets.chunks(w).all(|s| s[w - 1] >> last == 0));
        if !fits {
            return Err("a proof state whose classes do not fit the graph".into());
        }
        restored.index = saved.index;
        restored.rep_sets = saved.rep_sets;
        *classes = Some(Box::new(restored));
        Ok(())
    }
}

impl Classes {
    /// No classes yet, for positions of `host`.
    fn new(host: &Graph) -> Self {
        Classes {
            canonizer: Canonizer::new(),
            adjacency: Adjacency::new(host),
            index: HashMap::new(),
            rep_sets: Vec::new(),
            recent: HashMap::new(),
            recent_orders: Vec::new(),
            scratch: Vec::new(),
        }
    }

    /// The bit words of the representative of `class`, `w` words a class.
    fn rep_words(&self, class: u32, w: usize) -> &[u64] {
        &self.rep_sets[class as usize * w..(class as usize + 1) * w]
    }

    /// The key of `set`'s canonical code and `set`'s canonical order, from `recent` or
    /// worked out (and then remembered); `None` when it cannot be canonized.
    fn class_of(&mut self, set: &[u32], words: &[u64]) -> Option<(Key, Vec<u32>)> {
        let key = Key::of_set(words);
        if let Some(&(class_key, start)) = self.recent.get(&key) {
            return Some((
                class_key,
                get_order(&self.recent_orders, start as usize, set.len()),
            ));
        }
        // The induced rows straight from the host's rows (no graph built).
        let (code, order) = canonical(&mut self.canonizer, &self.adjacency, set)?;
        let class_key = Key::of_code(set.len(), &code);
        if self.recent.len() >= RECENT_ENTRIES || self.recent_orders.len() > u32::MAX as usize / 2 {
            self.recent.clear();
            self.recent_orders.clear();
        }
        let start = self.recent_orders.len() as u32;
        put_order(&mut self.recent_orders, &order);
        self.recent.insert(key, (class_key, start));
        Some((class_key, order))
    }

    /// The key of `set`'s canonical code when [`of`](Self::of) would give a
    /// representative under it (`None` when it gives none: `set` cannot be canonized, or
    /// its class's representative has another order, a collision of two codes' keys).
    fn key_of(&mut self, set: &[u32]) -> Option<Key> {
        let mut words = std::mem::take(&mut self.scratch);
        self.adjacency.set_into(set, &mut words);
        let key = self.class_key(&words).or_else(|| {
            let (key, _) = self.class_of(set, &words)?;
            Some(key)
        });
        let w = words.len();
        let key = key.filter(|key| match self.index.get(key) {
            None => true,
            Some(&class) => {
                let rep = self.rep_words(class, w);
                rep == words.as_slice()
                    || rep.iter().map(|x| x.count_ones() as usize).sum::<usize>() == set.len()
            }
        });
        self.scratch = words;
        key
    }

    /// The key of the canonical code of the position with bit words `words`, when
    /// `recent` holds it.
    fn class_key(&self, words: &[u64]) -> Option<Key> {
        self.recent.get(&Key::of_set(words)).map(|&(key, _)| key)
    }

    /// The representative of `set` (`None` when it cannot be canonized).
    fn of(&mut self, set: &[u32]) -> Option<Rep> {
        // `set`'s bit words in the reused scratch (no heap block a position).
        let mut words = std::mem::take(&mut self.scratch);
        self.adjacency.set_into(set, &mut words);
        let rep = self.of_words(set, &words);
        self.scratch = words;
        rep
    }

    /// [`of`](Self::of), given `set`'s bit words.
    fn of_words(&mut self, set: &[u32], words: &[u64]) -> Option<Rep> {
        let w = words.len();
        let (key, order) = self.class_of(set, words)?;
        let same = || Rep {
            set: set.to_vec(),
            map: None,
            key,
        };
        let Some(&class) = self.index.get(&key) else {
            return Some(same());
        };
        if self.rep_words(class, w) == words {
            return Some(same());
        }
        let rep_words = self.rep_words(class, w).to_vec();
        let rep = crate::bitset::vertices(&rep_words);
        if rep.len() != set.len() {
            // Two codes with one key (a hash collision, not expected): no merging.
            return None;
        }
        let (rep_key, rep_order) = self.class_of(&rep, &rep_words)?;
        debug_assert_eq!(rep_key, key, "a representative keeps its class");
        let mut map = vec![0u32; rep.len()];
        for (p, &a) in rep_order.iter().enumerate() {
            map[a as usize] = set[order[p] as usize];
        }
        Some(Rep {
            key,
            set: rep,
            map: Some(map),
        })
    }

    /// Makes `set` the representative of its class, whose key is `key`, unless the class
    /// has one (or `key` is not its class's: a set that could not be canonized, or a
    /// collision).
    fn fix(&mut self, set: &[u32], key: Key) {
        if self.index.contains_key(&key) {
            return;
        }
        let words = self.adjacency.set(set);
        if self.class_of(set, &words).map(|(class_key, _)| class_key) != Some(key) {
            return;
        }
        let class = (self.rep_sets.len() / words.len()) as u32;
        self.rep_sets.extend(&words);
        self.index.insert(key, class);
    }
}

/// Appends a canonical order (`order[p]` = the index in its position of the vertex at
/// canonical position `p`): a byte an entry up to 256 vertices, else two (little-endian).
fn put_order(orders: &mut Vec<u8>, order: &[u32]) {
    if order.len() <= 256 {
        orders.extend(order.iter().map(|&a| a as u8));
    } else {
        orders.extend(order.iter().flat_map(|&a| (a as u16).to_le_bytes()));
    }
}

/// The canonical order of `len` entries stored from `start` by [`put_order`].
fn get_order(orders: &[u8], start: usize, len: usize) -> Vec<u32> {
    if len <= 256 {
        orders[start..start + len]
            .iter()
            .map(|&a| u32::from(a))
            .collect()
    } else {
        orders[start..start + 2 * len]
            .chunks_exact(2)
            .map(|b| u32::from(u16::from_le_bytes([b[0], b[1]])))
            .collect()
    }
}

/// The canonical code and order of the subgraph induced on `set` (`None` above 4096
/// vertices).
fn canonical(
    canonizer: &mut Canonizer,
    adjacency: &Adjacency,
    set: &[u32],
) -> Option<(Vec<u64>, Vec<u32>)> {
    fn go<S: Bits>(
        canonizer: &mut Canonizer,
        adjacency: &Adjacency,
        set: &[u32],
    ) -> (Vec<u64>, Vec<u32>) {
        let mut code = Vec::new();
        let order = canonizer
            .code(&adjacency.induced::<S>(set), &mut code)
            .to_vec();
        (code, order)
    }
    Some(match set.len() {
        0..=64 => go::<u64>(canonizer, adjacency, set),
        65..=128 => go::<u128>(canonizer, adjacency, set),
        129..=256 => go::<Words<4>>(canonizer, adjacency, set),
        257..=1024 => go::<Words<16>>(canonizer, adjacency, set),
        1025..=4096 => go::<Words<64>>(canonizer, adjacency, set),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use kayles_core::{families, VertexSet};

    /// Orders come back as stored, in both widths, beside each other in one store.
    #[test]
    fn orders_round_trip() {
        let short: Vec<u32> = (0..200).rev().collect();
        let long: Vec<u32> = (0..1000).map(|i| (i * 7919) % 1000).collect();
        let mut store = Vec::new();
        put_order(&mut store, &short);
        put_order(&mut store, &long);
        put_order(&mut store, &short);
        assert_eq!(get_order(&store, 0, 200), short);
        assert_eq!(get_order(&store, 200, 1000), long);
        assert_eq!(get_order(&store, 2200, 200), short);
    }

    /// [`Representatives::key_of`] is the key of [`Representatives::of`], whether the
    /// class has a representative yet or not, the position met lately or not.
    #[test]
    fn key_of_is_the_representatives_key() {
        for spec in ["grid:3x5", "petersen:6,2", "queens:4"] {
            let host = families::build(spec).unwrap();
            let adj = Adjacency::new(&host);
            let sym = families::host_symmetry(spec).unwrap();
            for dedup in [Dedup::Exact, Dedup::Symmetry, Dedup::Canonical] {
                let mut reps = Representatives::new(dedup, sym.clone());
                let n = host.order().min(13);
                let mut checked = 0;
                for mask in 1u32..1 << n {
                    let list: Vec<u32> = (0..n as u32).filter(|v| mask >> v & 1 == 1).collect();
                    for comp in adj.components(adj.set(&list)) {
                        // Asked first (not met lately), then after `of` (met lately).
                        let key = reps.key_of(&host, &comp);
                        let rep = reps.of(&host, &comp);
                        assert_eq!(key, rep.key, "{spec} {dedup:?} {comp:?}");
                        assert_eq!(reps.key_of(&host, &comp), rep.key);
                        // Every third class gets its representative.
                        if mask % 3 == 0 {
                            reps.fix(&rep);
                        }
                        checked += 1;
                    }
                }
                assert!(checked > 1000, "{spec}");
            }
        }
    }

    /// Every representative's map is an isomorphism onto the position; under the
    /// canonical rule a class's representative is the first position of it that was
    /// fixed (a fact written about it), and every position of the class maps onto it.
    #[test]
    fn maps_are_isomorphisms() {
        for spec in ["grid:3x5", "petersen:6,2", "star:6"] {
            let host = families::build(spec).unwrap();
            let sym = families::host_symmetry(spec).unwrap();
            for dedup in [Dedup::Exact, Dedup::Symmetry, Dedup::Canonical] {
                let mut reps = Representatives::new(dedup, sym.clone());
                // Under the canonical rule: each class's key -> the set fixed for it.
                let mut fixed: HashMap<Key, Vec<u32>> = HashMap::new();
                let mut mapped = 0;
                // Without a host symmetry the symmetry rule is the canonical one.
                let canonical = dedup == Dedup::Canonical || sym.is_none();
                for mask in 1u32..1 << 12 {
                    let vs = VertexSet::from_vertices(
                        host.order(),
                        (0..12).filter(|v| mask >> v & 1 == 1 && *v < host.order()),
                    );
                    let comps = host.components(&vs);
                    for c in comps {
                        let set: Vec<u32> = c.iter().map(|v| v as u32).collect();
                        let rep = reps.of(&host, &set);
                        if canonical {
                            // Fixing every other position leaves classes without one
                            // for a while.
                            match fixed.get(&rep.key) {
                                Some(first) => assert_eq!(&rep.set, first, "{spec}"),
                                None => assert_eq!(rep.set, set, "{spec}"),
                            }
                            if mask % 2 == 0 && !fixed.contains_key(&rep.key) {
                                reps.fix(&rep);
                                fixed.insert(rep.key, rep.set.clone());
                            }
                        } else {
                            assert_eq!(rep.key, Key::of_vertices(host.order(), &rep.set));
                        }
                        mapped += usize::from(rep.map.is_some());
                        let map = rep.map.clone().unwrap_or_else(|| set.clone());
                        let mut image = map.clone();
                        image.sort_unstable();
                        assert_eq!(image, set, "{spec} {dedup:?}");
                        for i in 0..map.len() {
                            for j in 0..map.len() {
                                let (a, b) = (rep.set[i] as usize, rep.set[j] as usize);
                                let (x, y) = (map[i] as usize, map[j] as usize);
                                assert_eq!(host.has_edge(a, b), host.has_edge(x, y));
                            }
                        }
                    }
                }
                assert!(dedup == Dedup::Exact || mapped > 0, "{spec} {dedup:?}");
            }
        }
    }
}
