//! The search's winning moves, keyed as its memo is: a proof hook ([`SearchWins`]) that
//! keeps, for every node `C + *h` the outcome search won by an option, the move of `C`
//! that leaves that option, filed under the key the memo files `C` under
//! ([`HostSymmetry::key_with_images`]; the least image, [`HostSymmetry::least_image_with_map`],
//! on larger hosts) with the move carried through the same map.
//! The memo's builder, asked to prove "`Y` is not `w`", looks `Y`'s key up and
//! tries the move found there (carried back onto `Y`) as its first witness
//! (docs/certificates.md, "Measurements", the third cut).
//!
//! The search meets most positions as translates and reflections of ones it stored, and
//! the builder refutes positions of the same orbits in other places: a table by vertex
//! set finds none of them, one by orbit finds the search's own answer. Nothing here is
//! trusted: the builder proves the move's result exactly as for any witness, and the
//! checker verifies the certificate.
//!
//! The table is bounded: a word of eight bytes a slot, the orbit's hash (its top bits
//! choosing a bucket of eight slots, a cache line) above the move; a newer win whose
//! bucket is full replaces one. It starts at 2^18 slots (2 MiB) and doubles whenever
//! three quarters of its slots are taken, up to 2^[`MAX_SLOTS_LOG`] (64 MiB): a search
//! that wins few nodes keeps a small table.

use crate::bitset::{self, Adjacency};
use crate::format::Move;
use kayles_core::canonical::mix;
use kayles_core::engine::proof::{Concluded, ProofHook};
use kayles_core::symmetry::HostSymmetry;
use kayles_core::{GameKind, Graph};
use std::sync::Mutex;

/// The table's first slots (2^18 words: 2 MiB).
const FIRST_SLOTS_LOG: u32 = 18;

/// The most slots the table grows to (2^23 words: 64 MiB).
pub const MAX_SLOTS_LOG: u32 = 23;

/// A move's vertices take [`VERTEX_BITS`] bits each in a slot: hosts of more vertices
/// record nothing.
const VERTEX_BITS: u32 = 12;

/// No second vertex (a Node Kayles move).
const NO_VERTEX: u64 = (1 << VERTEX_BITS) - 1;

/// A win by a heap move (the value is below the heap): no vertex at all.
const HEAP_MOVE: u64 = (1 << MOVE_BITS) - 1;

/// The low bits of a slot hold the move; the tag is the rest.
const MOVE_BITS: u32 = 2 * VERTEX_BITS;

/// What [`SearchWins`] counted.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct WinCounts {
    /// Wins by an option the search told.
    pub told: u64,
    /// Of those, moves stored (the rest: no move found, or a host too large).
    pub stored: u64,
    /// Stores that replaced another key's move.
    pub replaced: u64,
    /// Look-ups ([`SearchWins::winning_move`]).
    pub asked: u64,
    /// Of those, found.
    pub found: u64,
    /// Of those, found won by a heap move (no move given).
    pub by_heap: u64,
}

/// The search's winning moves by orbit (see the module's doc): a [`ProofHook`] filled
/// while the search runs, read by the builder afterwards.
pub struct SearchWins {
    game: GameKind,
    adjacency: Adjacency,
    words: usize,
    order: usize,
    symmetry: Option<HostSymmetry>,
    /// The search's vertex numbers -> the host's, when the search renumbered the host.
    back: Option<Vec<u32>>,
    table: Mutex<Table>,
}

/// The slots, the counts, and scratch.
struct Table {
    /// The slots: 2^`log` words, a tag (the orbit's hash but its low [`MOVE_BITS`]
    /// bits) above a move; 0 when empty.
    slots: Box<[u64]>,
    log: u32,
    /// The most `log` grows to.
    max_log: u32,
    /// Slots not empty.
    occupied: usize,
    counts: WinCounts,
    /// A told component and option in the host's numbering, and the component's vertices.
    comp: Vec<u64>,
    option: Vec<u64>,
    vertices: Vec<u32>,
    /// Where the component's vertices go under the element that gives its key.
    images: Vec<u32>,
}

/// Slots a bucket (a cache line of words): an orbit's word goes in any slot of its
/// bucket.
const BUCKET: usize = 8;

impl Table {
    /// The bucket of the tag `tag` (the top bits of an orbit's hash): its first slot.
    fn bucket(&self, tag: u64) -> usize {
        ((tag >> (64 - MOVE_BITS - self.log)) as usize) & !(BUCKET - 1)
    }

    /// Puts `word` (its tag above its move) in its bucket: over a word of the same tag,
    /// else in an empty slot, else over the slot its tag's low bits choose. The word it
    /// replaced, 0 when none.
    fn put(&mut self, word: u64) -> u64 {
        let tag = word >> MOVE_BITS;
        let first = self.bucket(tag);
        let bucket = &mut self.slots[first..first + BUCKET];
        let slot = bucket
            .iter()
            .position(|&w| w >> MOVE_BITS == tag)
            .or_else(|| bucket.iter().position(|&w| w == 0))
            .unwrap_or(tag as usize % BUCKET);
        std::mem::replace(&mut bucket[slot], word)
    }

    /// The word of the tag `tag`, when its bucket holds one.
    fn get(&self, tag: u64) -> Option<u64> {
        let first = self.bucket(tag);
        self.slots[first..first + BUCKET]
            .iter()
            .copied()
            .find(|&w| w != 0 && w >> MOVE_BITS == tag)
    }

    /// Puts `word` in ([`put`](Self::put)), counting the slot it took and doubling the
    /// slots when three quarters are taken (up to `max_log`). The word it replaced.
    fn file(&mut self, word: u64) -> u64 {
        let old = self.put(word);
        if old == 0 {
            self.occupied += 1;
            if self.occupied * 4 > self.slots.len() * 3 && self.log < self.max_log {
                self.grow();
            }
        }
        old
    }

    /// Doubles the slots: a word's tag holds the top bits of its hash, so it goes to its
    /// bucket in the larger table.
    fn grow(&mut self) {
        let old = std::mem::replace(
            &mut self.slots,
            vec![0u64; 1 << (self.log + 1)].into_boxed_slice(),
        );
        self.log += 1;
        self.occupied = 0;
        for &word in old.iter().filter(|&&w| w != 0) {
            if self.put(word) == 0 {
                self.occupied += 1;
            }
        }
    }
}

impl SearchWins {
    /// An empty table for positions of `host` in `game`, keyed by least images under
    /// `symmetry` (the host's, in the host's numbering; `None`: by vertex set), told
    /// vertex sets in the search's numbering, which `back` maps to the host's (`None`:
    /// the same).
    pub fn new(
        host: &Graph,
        game: GameKind,
        symmetry: Option<HostSymmetry>,
        back: Option<Vec<u32>>,
    ) -> Self {
        SearchWins {
            game,
            adjacency: Adjacency::new(host),
            words: host.order().div_ceil(64).max(1),
            order: host.order(),
            symmetry: symmetry.filter(|s| s.is_host(host)),
            back,
            table: Mutex::new(Table {
                slots: vec![0u64; 1 << FIRST_SLOTS_LOG].into_boxed_slice(),
                log: FIRST_SLOTS_LOG,
                max_log: std::env::var("KAYLES_SLOTS_LOG")
                    .ok()
                    .and_then(|s| s.parse::<u32>().ok())
                    .unwrap_or(MAX_SLOTS_LOG),
                occupied: 0,
                counts: WinCounts::default(),
                comp: Vec::new(),
                option: Vec::new(),
                vertices: Vec::new(),
                images: Vec::new(),
            }),
        }
    }

    fn table(&self) -> std::sync::MutexGuard<'_, Table> {
        self.table.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// What was counted so far.
    pub fn counts(&self) -> WinCounts {
        self.table().counts
    }

    /// Every move the table holds, as its words (a tag above a move; never 0), to be
    /// saved and given back to [`load`](Self::load) by a search of the same host, game
    /// and symmetry (a resumed run): a copy taken under the table's lock, so a search
    /// telling the table more goes on while the words are written.
    pub fn words(&self) -> Vec<u64> {
        let table = self.table();
        table.slots.iter().copied().filter(|&w| w != 0).collect()
    }

    /// Files `words` (from [`words`](Self::words) of a table of the same host, game and
    /// symmetry) as [`insert`](Self::insert) files a move, the table first grown to
    /// hold them all (as the table they came from did). Words of a foreign table give wrong
    /// moves, never a wrong certificate (the builder proves every move it tries); a word 0
    /// is skipped.
    pub fn load(&self, words: &[u64]) {
        let mut table = self.table();
        // Grown first to the size that holds them all (the size of the table they came
        // from): filed into a smaller table, words whose bucket overflowed before it grew
        // would be lost.
        while (table.occupied + words.len()) * 4 > table.slots.len() * 3
            && table.log < table.max_log
        {
            table.grow();
        }
        for &word in words.iter().filter(|&&w| w != 0) {
            table.file(word);
        }
    }

    /// The hash of the orbit of the connected position `set` (host vertices,
    /// increasing) with the heap `heap`: of its key under the host's symmetry
    /// ([`HostSymmetry::key_with_images`], the key the memo files it under; the least
    /// image, [`HostSymmetry::least_image_with_map`], on hosts of more than 128
    /// vertices), with where each vertex of `set` goes in `images`.
    fn orbit(&self, set: &[u32], heap: u8, images: &mut Vec<u32>) -> Option<u64> {
        let start = mix(u64::from(heap) + 0x3c);
        let Some(sym) = &self.symmetry else {
            images.clear();
            images.extend_from_slice(set);
            return Some(set.iter().fold(start, |h, &v| mix(h ^ u64::from(v))));
        };
        if self.order <= 64 {
            let bits = set.iter().fold(0u64, |b, &v| b | 1 << v);
            let key = sym.key_with_images(bits, set, images)?;
            Some(mix(start ^ key))
        } else if self.order <= 128 {
            let bits = set.iter().fold(0u128, |b, &v| b | 1 << v);
            let key = sym.key_with_images(bits, set, images)?;
            Some(mix(mix(start ^ key as u64) ^ (key >> 64) as u64))
        } else {
            let (image, map) = sym.least_image_with_map(set);
            *images = map;
            Some(image.iter().fold(start, |h, &v| mix(h ^ u64::from(v))))
        }
    }

    /// Files `mv` (in the host's numbering; `None`: a heap move) as the winning move of
    /// `set + *heap`.
    pub fn insert(&self, set: &[u32], heap: u8, mv: Option<Move>) {
        let mut table = self.table();
        let mut images = std::mem::take(&mut table.images);
        self.insert_into(&mut table, set, heap, mv, &mut images);
        table.images = images;
    }

    fn insert_into(
        &self,
        table: &mut Table,
        set: &[u32],
        heap: u8,
        mv: Option<Move>,
        images: &mut Vec<u32>,
    ) {
        let Some(hash) = self.orbit(set, heap, images) else {
            return;
        };
        let carry = |v: u32| -> u64 {
            let i = set.binary_search(&v).expect("a move of the position");
            u64::from(images[i])
        };
        let code = match mv {
            None => HEAP_MOVE,
            Some(Move::Vertex(v)) => carry(v) | NO_VERTEX << VERTEX_BITS,
            Some(Move::Edge(u, w)) => {
                let (a, b) = (carry(u), carry(w));
                a.min(b) | a.max(b) << VERTEX_BITS
            }
        };
        let tag = hash >> MOVE_BITS;
        // (Never 0: a move's code is not.)
        let old = table.file(tag << MOVE_BITS | code);
        table.counts.stored += 1;
        if old != 0 && old >> MOVE_BITS != tag {
            table.counts.replaced += 1;
        }
    }

    /// The search's winning move of the connected position `set` (host vertices,
    /// increasing) with the heap `heap`, carried onto `set`, when the table holds one for
    /// its orbit. Not checked: the caller proves its result.
    pub fn winning_move(&self, set: &[u32], heap: u32) -> Option<Move> {
        let heap = u8::try_from(heap).ok()?;
        let mut table = self.table();
        table.counts.asked += 1;
        let mut images = std::mem::take(&mut table.images);
        let found = self.look_up(&table, set, heap, &mut images);
        table.images = images;
        match found {
            Some(Some(mv)) => {
                table.counts.found += 1;
                Some(mv)
            }
            Some(None) => {
                table.counts.by_heap += 1;
                None
            }
            None => None,
        }
    }

    /// What the table holds for `set + *heap`: a move carried onto `set`, or `None` for a
    /// heap move; `None` when nothing.
    fn look_up(
        &self,
        table: &Table,
        set: &[u32],
        heap: u8,
        images: &mut Vec<u32>,
    ) -> Option<Option<Move>> {
        let word = table.get(self.orbit(set, heap, images)? >> MOVE_BITS)?;
        if word & HEAP_MOVE == HEAP_MOVE {
            return Some(None);
        }
        let mask = (1u64 << VERTEX_BITS) - 1;
        let (a, b) = (word & mask, word >> VERTEX_BITS & mask);
        // Back from the image onto `set`.
        let back = |x: u64| {
            images
                .iter()
                .position(|&i| u64::from(i) == x)
                .map(|i| set[i])
        };
        Some(Some(match self.game {
            GameKind::Node if b == NO_VERTEX => Move::Vertex(back(a)?),
            GameKind::Arc if b != NO_VERTEX => {
                let (u, w) = (back(a)?, back(b)?);
                Move::Edge(u.min(w), u.max(w))
            }
            _ => return None,
        }))
    }

    /// The move of the position `comp` (host words) that leaves `option` (host words; in
    /// Arc Kayles the search may leave out vertices the move isolates).
    fn move_leaving(&self, comp: &[u64], option: &[u64]) -> Option<Move> {
        let adj = &self.adjacency;
        let gone: Vec<u64> = comp.iter().zip(option).map(|(c, o)| c & !o).collect();
        let inside = |set: &[u64], v: u32| set[v as usize / 64] >> (v % 64) & 1 == 1;
        let gone_list = bitset::vertices(&gone);
        match self.game {
            GameKind::Node => gone_list.iter().copied().find_map(|v| {
                // N[v] within the position is exactly what is gone.
                let closed_is_gone = adj
                    .row(v as usize)
                    .iter()
                    .zip(comp)
                    .zip(&gone)
                    .enumerate()
                    .all(|(i, ((r, c), g))| {
                        let own = if i == v as usize / 64 {
                            1u64 << (v % 64)
                        } else {
                            0
                        };
                        (r & c) | own == *g
                    });
                closed_is_gone.then_some(Move::Vertex(v))
            }),
            GameKind::Arc => {
                for (k, &u) in gone_list.iter().enumerate() {
                    for &w in &gone_list[k + 1..] {
                        if !inside(adj.row(u as usize), w) {
                            continue;
                        }
                        // The rest of what is gone is isolated once u and w are.
                        let isolated = gone_list.iter().all(|&x| {
                            x == u
                                || x == w
                                || adj.row(x as usize).iter().zip(comp).enumerate().all(
                                    |(i, (r, c))| {
                                        let mut after = *c;
                                        for y in [u, w] {
                                            if y as usize / 64 == i {
                                                after &= !(1u64 << (y % 64));
                                            }
                                        }
                                        r & after == 0
                                    },
                                )
                        });
                        if isolated {
                            return Some(Move::Edge(u, w));
                        }
                    }
                }
                None
            }
        }
    }

    /// Words in the search's numbering -> the host's, into `out`.
    fn to_host(&self, words: &[u64], out: &mut Vec<u64>) {
        out.clear();
        match &self.back {
            None => out.extend_from_slice(words),
            Some(back) => {
                out.resize(self.words, 0);
                bitset::for_each(words, |v| {
                    let h = back[v] as usize;
                    out[h / 64] |= 1 << (h % 64);
                });
            }
        }
    }
}

impl ProofHook for SearchWins {
    fn concluded(&self, component: &[u64], heap: u8, how: Concluded<'_>) {
        let option = match how {
            Concluded::WinByOption(option) => Some(option),
            Concluded::WinByHeap => None,
            Concluded::Loss => return,
        };
        let mut table = self.table();
        table.counts.told += 1;
        if self.order >= NO_VERTEX as usize {
            return;
        }
        let mut c = std::mem::take(&mut table.comp);
        let mut o = std::mem::take(&mut table.option);
        let mut vs = std::mem::take(&mut table.vertices);
        let mut is = std::mem::take(&mut table.images);
        self.to_host(component, &mut c);
        let mv = match option {
            Some(option) => {
                self.to_host(option, &mut o);
                self.move_leaving(&c, &o).map(Some)
            }
            None => Some(None),
        };
        if let Some(mv) = mv {
            vs.clear();
            bitset::for_each(&c, |v| vs.push(v as u32));
            self.insert_into(&mut table, &vs, heap, mv, &mut is);
        }
        table.comp = c;
        table.option = o;
        table.vertices = vs;
        table.images = is;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builder::moves_of;
    use kayles_core::{brute, families};

    /// The value of the position `set` (host bit words) of `host` in `game`.
    fn value(host: &Graph, game: GameKind, set: &[u64]) -> u32 {
        let mask = u128::from(set[0]) | u128::from(set.get(1).copied().unwrap_or(0)) << 64;
        brute::value(game, host, mask)
    }

    /// A move filed for one position is found, carried through the host's symmetry, for
    /// every position of its orbit (every set with the same key), as a move of that
    /// position whose result has the value of the filed move's result.
    #[test]
    fn a_move_is_carried_onto_every_position_of_its_orbit() {
        for (spec, game) in [
            ("grid:3x5", GameKind::Arc),
            ("grid:3x5", GameKind::Node),
            ("grid:4x4", GameKind::Arc),
            ("queens:4", GameKind::Node),
            ("petersen:7,2", GameKind::Arc),
        ] {
            let host = families::build(spec).unwrap();
            let sym = families::host_symmetry(spec).unwrap().unwrap();
            let adj = Adjacency::new(&host);
            let n = host.order();
            let all: Vec<u64> = (1u64..1 << n).collect();
            let mut checked = 0;
            for (k, &set) in all.iter().enumerate().filter(|(k, _)| k % 997 == 0) {
                let vertices = bitset::vertices(&[set]);
                if adj.components(vec![set]).len() != 1 || vertices.len() < 3 {
                    continue;
                }
                let moves = moves_of(&adj, game, &[set]);
                let (mv, after) = &moves[k % moves.len()];
                let heap = value(&host, game, after) as u8;
                let wins = SearchWins::new(&host, game, Some(sym.clone()), None);
                wins.insert(&vertices, heap, Some(*mv));
                for &other in all.iter().filter(|&&s| sym.key(s) == sym.key(set)) {
                    let there = bitset::vertices(&[other]);
                    let found = wins
                        .winning_move(&there, u32::from(heap))
                        .unwrap_or_else(|| panic!("{spec}: {other:b}, the orbit of {set:b}"));
                    let (_, result) = moves_of(&adj, game, &[other])
                        .into_iter()
                        .find(|(m, _)| *m == found)
                        .unwrap_or_else(|| panic!("{spec}: {found:?} is not a move of {other:b}"));
                    assert_eq!(value(&host, game, &result), u32::from(heap), "{spec}");
                    checked += 1;
                }
                // Not filed for another heap.
                assert_eq!(wins.winning_move(&vertices, u32::from(heap) + 1), None);
            }
            assert!(checked > 20, "{spec}: {checked}");
        }
    }

    /// A heap move is filed as such: no move is given for it.
    #[test]
    fn a_heap_move_gives_no_move() {
        let host = families::build("grid:3x5").unwrap();
        let sym = families::host_symmetry("grid:3x5").unwrap();
        let wins = SearchWins::new(&host, GameKind::Arc, sym, None);
        wins.insert(&[0, 1, 2], 3, None);
        assert_eq!(wins.winning_move(&[12, 13, 14], 3), None);
        assert_eq!(wins.counts().by_heap, 1);
    }

    /// The table grows past its first size and keeps what it held.
    #[test]
    fn the_table_grows_and_keeps_its_moves() {
        let host = families::build("grid:8x8").unwrap();
        let wins = SearchWins::new(&host, GameKind::Node, None, None);
        let first = 1usize << FIRST_SLOTS_LOG;
        // Sets {v, v + 1, ...}: many distinct keys, each with a move of its first vertex.
        let sets: Vec<Vec<u32>> = (0..first as u32)
            .map(|i| {
                (0..64u32)
                    .filter(|b| (i.wrapping_mul(2_654_435_761) >> (b % 32)) & 1 == 1 || *b == 0)
                    .collect()
            })
            .collect();
        for (i, set) in sets.iter().enumerate() {
            wins.insert(set, (i % 7) as u8, Some(Move::Vertex(set[0])));
        }
        assert!(wins.table().log > FIRST_SLOTS_LOG);
        let found = sets
            .iter()
            .enumerate()
            .filter(|(i, set)| wins.winning_move(set, (i % 7) as u32) == Some(Move::Vertex(set[0])))
            .count();
        assert!(found * 10 > sets.len() * 9, "{found} of {}", sets.len());
    }

    /// A table's words loaded into a fresh table give every move the first gave.
    #[test]
    fn words_loaded_give_the_same_moves() {
        let host = families::build("grid:4x5").unwrap();
        let sym = families::host_symmetry("grid:4x5").unwrap();
        let game = GameKind::Arc;
        let adj = Adjacency::new(&host);
        let first = SearchWins::new(&host, game, sym.clone(), None);
        let sets: Vec<u64> = (1u64..1 << 20)
            .step_by(61)
            .filter(|&s| adj.components(vec![s]).len() == 1 && s.count_ones() > 2)
            .collect();
        for &set in &sets {
            let moves = moves_of(&adj, game, &[set]);
            let (mv, _) = moves[set as usize % moves.len()];
            first.insert(&bitset::vertices(&[set]), (set % 5) as u8, Some(mv));
        }
        let words = first.words();
        assert_eq!(words.len(), first.table().occupied);
        let again = SearchWins::new(&host, game, sym, None);
        again.load(&words);
        assert_eq!(again.table().occupied, words.len());
        let mut found = 0;
        for &set in &sets {
            let vertices = bitset::vertices(&[set]);
            let heap = (set % 5) as u32;
            let mv = first.winning_move(&vertices, heap);
            assert_eq!(again.winning_move(&vertices, heap), mv, "{set:b}");
            found += usize::from(mv.is_some());
        }
        assert!(found * 2 > sets.len(), "{found} of {}", sets.len());
    }

    /// A table grown past its first size, saved as words and loaded into a fresh table,
    /// gives back every word it held (a fresh table filled word by word from its first
    /// size would lose those whose bucket overflowed before it grew).
    #[test]
    fn a_grown_table_loads_whole() {
        let host = families::build("grid:8x8").unwrap();
        let first = SearchWins::new(&host, GameKind::Node, None, None);
        for i in 0..(1u32 << FIRST_SLOTS_LOG) {
            let set: Vec<u32> = (0..64u32)
                .filter(|b| (i.wrapping_mul(2_654_435_761) >> (b % 32)) & 1 == 1 || *b == 0)
                .collect();
            first.insert(&set, (i % 7) as u8, Some(Move::Vertex(set[0])));
        }
        assert!(first.table().log > FIRST_SLOTS_LOG);
        let mut words = first.words();
        let again = SearchWins::new(&host, GameKind::Node, None, None);
        again.load(&words);
        let mut loaded = again.words();
        words.sort_unstable();
        loaded.sort_unstable();
        assert_eq!(loaded.len(), words.len());
        assert!(loaded == words);
    }
}
