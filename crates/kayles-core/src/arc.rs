//! Arc Kayles: a move picks an edge `uv` and deletes both endpoints (and every edge that
//! touches them). Solved directly on vertex sets, with component splitting and an exact
//! memo, and through the line graph (NK-ARC-LINE): Arc Kayles on `G` is Node Kayles on
//! `L(G)`.

use crate::bits::{component_within, Bits, Words};
use crate::known::mex;
use crate::search::{SearchError, Solver, MAX_COMPONENT_ORDER};
use crate::Graph;
use hashbrown::HashMap;

/// Arc Kayles nimber of `g` by direct search on edge moves.
///
/// ```
/// use kayles_core::{arc, families};
/// assert_eq!(arc::nimber(&families::path(4)), Ok(2));
/// ```
pub fn nimber(g: &Graph) -> Result<u32, SearchError> {
    let mut total = 0;
    for comp in g.components(&g.vertices()) {
        let (sub, _) = g.induced_subgraph(&comp);
        total ^= match sub.order() {
            0..=64 => run::<u64>(&sub),
            65..=128 => run::<u128>(&sub),
            129..=256 => run::<Words<4>>(&sub),
            257..=1024 => run::<Words<16>>(&sub),
            1025..=MAX_COMPONENT_ORDER => run::<Words<64>>(&sub),
            order => {
                return Err(SearchError::ComponentTooLarge {
                    order,
                    max: MAX_COMPONENT_ORDER,
                })
            }
        }?;
    }
    Ok(total)
}

/// Arc Kayles nimber of `g` as the Node Kayles nimber of its line graph.
///
/// ```
/// use kayles_core::{arc, families};
/// assert_eq!(arc::nimber_via_line_graph(&families::path(4)), Ok(2));
/// ```
pub fn nimber_via_line_graph(g: &Graph) -> Result<u32, SearchError> {
    Solver::new().nimber(&g.line_graph().0)
}

fn run<S: Bits>(g: &Graph) -> Result<u32, SearchError> {
    let neighbours: Vec<S> = g.open_neighbourhoods::<S>();
    let mut search = ArcSearch {
        neighbours,
        memo: HashMap::new(),
        overflow: false,
    };
    let v = search.value(S::prefix(g.order()));
    if search.overflow {
        Err(SearchError::NimberTooLarge)
    } else {
        Ok(u32::from(v))
    }
}

struct ArcSearch<S: Bits> {
    neighbours: Vec<S>,
    memo: HashMap<S, u8>,
    overflow: bool,
}

impl<S: Bits> ArcSearch<S> {
    /// Value of a connected vertex set.
    fn value(&mut self, comp: S) -> u8 {
        match comp.count() {
            0 | 1 => return 0,
            2 | 3 => return 1,
            _ => {}
        }
        if let Some(&v) = self.memo.get(&comp) {
            return v;
        }
        let mut seen = [0u64; 4];
        for u in comp.iter() {
            for v in self.neighbours[u]
                .intersection(comp)
                .iter()
                .filter(|&v| v > u)
            {
                let rest = comp.without(u).without(v);
                let x = self.xor_of_components(rest);
                seen[(x >> 6) as usize] |= 1 << (x & 63);
            }
        }
        let value = mex(&seen).unwrap_or_else(|| {
            self.overflow = true;
            0
        });
        self.memo.insert(comp, value);
        value
    }

    fn xor_of_components(&mut self, set: S) -> u8 {
        let mut x = 0;
        let mut left = set;
        while let Some(start) = left.first() {
            let comp = component_within(&self.neighbours, start, left);
            left = left.difference(comp);
            x ^= self.value(comp);
        }
        x
    }
}
