//! Representatives: which vertex set a fact is written about when a position is met, so
//! that isomorphic positions share one fact, and the vertex map a reference then carries.

use crate::bitset::Adjacency;
use hashbrown::HashMap;
use kayles_core::bits::{Bits, Words};
use kayles_core::canonical::Canonizer;
use kayles_core::symmetry::HostSymmetry;
use kayles_core::Graph;
use std::rc::Rc;

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
    /// representative is the first position met with that code.
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
}

/// Finds representatives under one [`Dedup`] rule.
pub struct Representatives {
    rule: Rule,
    /// The representatives of the positions met lately (the builder asks for one
    /// position several times in a row); emptied when it reaches [`CACHE_ENTRIES`].
    cache: HashMap<Vec<u32>, Rc<Rep>>,
}

/// The most positions [`Representatives`] remembers.
pub const CACHE_ENTRIES: usize = 1 << 20;

enum Rule {
    Exact,
    Symmetry(HostSymmetry),
    Canonical {
        canonizer: Canonizer,
        /// Code -> the representative and its canonical order (`order[p]` = index into
        /// the representative of the vertex at position `p`).
        reps: HashMap<Vec<u64>, (Vec<u32>, Vec<u32>)>,
        /// The host's rows, made at the first position.
        adjacency: Option<Adjacency>,
    },
}

impl Representatives {
    /// The rule `dedup`, with the host's symmetry when it has one.
    pub fn new(dedup: Dedup, symmetry: Option<HostSymmetry>) -> Self {
        let rule = match (dedup, symmetry) {
            (Dedup::Exact, _) => Rule::Exact,
            (Dedup::Symmetry, Some(sym)) => Rule::Symmetry(sym),
            _ => Rule::Canonical {
                canonizer: Canonizer::new(),
                reps: HashMap::new(),
                adjacency: None,
            },
        };
        Representatives {
            rule,
            cache: HashMap::new(),
        }
    }

    /// The representative of the connected position `set` (increasing) of `host`.
    pub fn of(&mut self, host: &Graph, set: &[u32]) -> Rc<Rep> {
        if let Some(rep) = self.cache.get(set) {
            return Rc::clone(rep);
        }
        if self.cache.len() >= CACHE_ENTRIES {
            self.cache.clear();
        }
        let rep = Rc::new(self.find(host, set));
        self.cache.insert(set.to_vec(), Rc::clone(&rep));
        rep
    }

    fn find(&mut self, host: &Graph, set: &[u32]) -> Rep {
        let same = || Rep {
            set: set.to_vec(),
            map: None,
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
                    set: image,
                    map: Some(pairs.into_iter().map(|(_, v)| v).collect()),
                }
            }
            Rule::Canonical {
                canonizer,
                reps,
                adjacency,
            } => {
                // The induced rows straight from the host's rows (no graph built).
                let adjacency = adjacency.get_or_insert_with(|| Adjacency::new(host));
                let found = canonical(canonizer, adjacency, set);
                let Some((code, order)) = found else {
                    return same();
                };
                match reps.get(&code) {
                    None => {
                        reps.insert(code, (set.to_vec(), order));
                        same()
                    }
                    Some((rep, _)) if rep == set => same(),
                    Some((rep, rep_order)) => {
                        let mut map = vec![0u32; rep.len()];
                        for (p, &a) in rep_order.iter().enumerate() {
                            map[a as usize] = set[order[p] as usize];
                        }
                        Rep {
                            set: rep.clone(),
                            map: Some(map),
                        }
                    }
                }
            }
        }
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

    /// Every representative's map is an isomorphism onto the position.
    #[test]
    fn maps_are_isomorphisms() {
        for spec in ["grid:3x5", "petersen:6,2", "star:6"] {
            let host = families::build(spec).unwrap();
            let sym = families::host_symmetry(spec).unwrap();
            for dedup in [Dedup::Exact, Dedup::Symmetry, Dedup::Canonical] {
                let mut reps = Representatives::new(dedup, sym.clone());
                for mask in 1u32..1 << 12 {
                    let vs = VertexSet::from_vertices(
                        host.order(),
                        (0..12).filter(|v| mask >> v & 1 == 1 && *v < host.order()),
                    );
                    let comps = host.components(&vs);
                    for c in comps {
                        let set: Vec<u32> = c.iter().map(|v| v as u32).collect();
                        let rep = reps.of(&host, &set);
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
            }
        }
    }
}
