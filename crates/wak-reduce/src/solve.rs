//! The exact Grundy solver for Weighted Arc-Kayles: Weighted Arc-Kayles as an instance of
//! the project's search engine ([`kayles_core::engine`]), so that it shares its layers
//! with Node Kayles and Arc Kayles.
//!
//! What the game gives the engine ([`WeightedArcKayles`]):
//! 1. **Components**: vertices of weight 0 are dead and dropped, the rest is split into
//!    connected components (an unlooped single vertex is dead too), whose values are
//!    xored (Sprague-Grundy sum).
//! 2. **Reductions** ([`reduce`](crate::reduce)): zero weight, useless vertices, heavy
//!    vertices, false twins, to a canonical position. A few mask operations on a small
//!    graph, far cheaper than the hashing that follows; it is what makes huge counters free
//!    when a heavy vertex absorbs them. [`Solver::plain`] switches them off.
//! 3. **Single vertices** (with the reductions on): a looped vertex of counter `w` is worth
//!    `w mod 2` (WAK-LOOP), the engine's tiny value. A reduced position has no dead vertex
//!    and no two isolated looped ones (false twins), so when the reduced start is empty
//!    or one vertex, [`Solver::nimber`] answers at once and builds no engine memo at all
//!    (the memo is made at the first real search): the heavy star of the benchmarks
//!    reduces to one looped vertex.
//! 4. **Memo keys**: the engine's exact cache holds positions as they are; the shared memo
//!    holds the *labelled* code (the position in its own vertex order) and the
//!    *canonical* code (module `canon`), so that isomorphic positions share an entry.
//!    Both codes encode the whole weighted, looped graph in the same format.
//! 5. Otherwise the options are searched and the mex taken.
//!
//! The recursion depth is at most the total weight left after reduction; deep positions
//! are searched on a thread with a stack sized for them, up to [`MAX_TOTAL_WEIGHT`].

use crate::canon;
use crate::error::WakError;
use crate::position::{full_mask, Move, WeightedGraph};
use crate::reduce::reduce_fast;
use kayles_core::engine::{
    self, Game, Layers, MemoKey, Method, Position, SearchConfig, SharedMemo, Simplified,
};

/// The largest total weight (after reduction) the solver searches.
pub const MAX_TOTAL_WEIGHT: u64 = 200_000;

/// Positions up to this total weight are searched on the caller's stack.
const SHALLOW: u64 = 200;

/// Counters of the work done, for benchmarks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolverStats {
    /// Components whose options were searched (memo misses).
    pub searched: u64,
    /// Components found in the memo (the exact cache or the shared memo).
    pub memo_hits: u64,
}

impl Position for WeightedGraph {
    fn vacant() -> Self {
        WeightedGraph::new(&[], &[]).expect("the empty position is valid")
    }

    fn is_vacant(&self) -> bool {
        self.order() == 0
    }

    fn hash64(&self) -> u64 {
        let mut h = self.loop_mask() ^ (self.order() as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        for v in 0..self.order() {
            h = (h.rotate_left(23) ^ self.weight(v)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            h = (h.rotate_left(23) ^ self.adj_mask(v)).wrapping_mul(0x94d0_49bb_1331_11eb);
        }
        h ^ (h >> 29)
    }
}

/// The rules of Weighted Arc-Kayles for the engine (docs/claims/README.md section 4).
///
/// With `reduce_options`, every option is reduced (WAK-REDUCE) before it is split into
/// components, so every position the engine meets is already reduced (a component of a
/// reduced position is reduced: each reduction looks at one vertex's neighbourhood) and
/// [`simplify`](Game::simplify) has nothing left to do. Without it, no reduction is made
/// (the baseline). Either way the values are exact: a reduction keeps the value.
#[derive(Debug, Clone, Copy, Default)]
pub struct WeightedArcKayles {
    /// Reduce each option before it is split.
    pub reduce_options: bool,
}

impl Game for WeightedArcKayles {
    type Position = WeightedGraph;
    type Scratch = ();

    fn scratch(&self) {}

    fn split(&self, position: &WeightedGraph, out: &mut Vec<WeightedGraph>) {
        split_owned(position.clone(), out);
    }

    fn option_pieces(
        &self,
        component: &WeightedGraph,
        _scratch: &mut (),
        out: &mut Vec<WeightedGraph>,
    ) {
        for mv in component.move_iter() {
            let option = component.play_unchecked(mv);
            if self.reduce_options {
                split_owned(reduce_fast(option), out);
            } else {
                split_owned(option, out);
            }
            out.push(WeightedGraph::vacant());
        }
    }

    /// With `reduce_options`, a single vertex: a looped one of counter `w` is a single
    /// path of `w` moves, value `w mod 2` (WAK-LOOP, docs/claims/README.md; certify checks
    /// it against the plain solver, which has no such shortcut); an unlooped one has no
    /// move. Larger components: none.
    #[inline]
    fn tiny_value(&self, component: &WeightedGraph) -> Option<u8> {
        if !self.reduce_options || component.order() != 1 {
            return None;
        }
        Some(if component.has_loop(0) {
            (component.weight(0) % 2) as u8
        } else {
            0
        })
    }

    fn order(&self, component: &WeightedGraph) -> usize {
        component.order()
    }

    fn simplify(
        &self,
        component: &WeightedGraph,
        layers: Layers,
        _scratch: &mut (),
    ) -> Simplified<WeightedGraph> {
        // With `reduce_options` every position here is reduced already (the root by
        // `Solver::nimber`, options in `option_pieces`).
        if layers.reductions && !self.reduce_options {
            let reduced = reduce_fast(component.clone());
            if reduced != *component {
                return Simplified::Reduced(reduced);
            }
        }
        Simplified::Unchanged
    }

    /// Positions after a move are rarely met again with the same labels (7 000 shape hits
    /// against 290 000 lookups on the depth-2-tree benchmark): canonical codes only.
    fn shape_key_pays(&self) -> bool {
        false
    }

    fn shape_code(&self, component: &WeightedGraph, _scratch: &mut (), out: &mut Vec<u64>) {
        canon::labelled_code(component, out);
    }

    fn canonical_code(
        &self,
        component: &WeightedGraph,
        _scratch: &mut (),
        out: &mut Vec<u64>,
    ) -> bool {
        canon::code(component, out);
        true
    }
}

/// Pushes the live components of `position` (vertices with a counter, in components that
/// have a move) onto `out`, moving `position` itself when it is one whole component.
fn split_owned(position: WeightedGraph, out: &mut Vec<WeightedGraph>) {
    let live = position.live_mask();
    if live == 0 {
        return;
    }
    let first = position.component_within(live);
    if first == live {
        if !is_dead(&position, live) {
            out.push(if live == full_mask(position.order()) {
                position
            } else {
                position.induced_mask(live)
            });
        }
        return;
    }
    let mut left = live;
    while left != 0 {
        let component = position.component_within(left);
        left &= !component;
        if !is_dead(&position, component) {
            out.push(position.induced_mask(component));
        }
    }
}

/// Whether the component `component` (a mask) of `position` is a single vertex without a
/// loop: no move, value 0, left out of sums.
fn is_dead(position: &WeightedGraph, component: u64) -> bool {
    component.count_ones() == 1 && position.loop_mask() & component == 0
}

/// An exact Weighted Arc-Kayles solver with a memo shared across calls.
///
/// ```
/// use wak_reduce::{Solver, WeightedGraph};
/// let mut s = Solver::new();
/// // The looped edge a(loop)-b(loop) with a = 3, b = 5: (3 + 5 mod 2) + 2 (3 mod 2) = 2.
/// let g = WeightedGraph::new(&[3, 5], &[(0, 0), (1, 1), (0, 1)]).unwrap();
/// assert_eq!(s.nimber(&g), Ok(2));
/// // A star with a centre of weight 10^9 is solved instantly: the centre is heavy.
/// let star = WeightedGraph::new(&[1_000_000_000, 1, 2, 3], &[(0, 1), (0, 2), (0, 3)]).unwrap();
/// assert_eq!(s.nimber(&star), Ok(0));
/// ```
pub struct Solver {
    reductions: bool,
    method: Method,
    /// The engine's memo, built at the first search: a position that is settled without
    /// one (empty, or a single vertex after reduction) costs no memo at all.
    memo: Option<SharedMemo>,
}

impl std::fmt::Debug for Solver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver")
            .field("reductions", &self.reductions)
            .field("stats", &self.stats())
            .finish()
    }
}

impl Default for Solver {
    fn default() -> Self {
        Self::new()
    }
}

fn config(reductions: bool, method: Method) -> SearchConfig {
    SearchConfig {
        method,
        memo_key: MemoKey::Canonical,
        reductions,
        known_pieces: false,
        threads: 1,
        ..SearchConfig::default()
    }
}

impl Solver {
    /// A solver that reduces at every node.
    pub fn new() -> Self {
        Solver {
            reductions: true,
            method: SearchConfig::default().method,
            memo: None,
        }
    }

    /// A solver without reductions (it still drops zero-weight vertices, splits components
    /// and memoizes canonical codes): the baseline the reductions are measured against.
    pub fn plain() -> Self {
        Solver {
            reductions: false,
            method: SearchConfig::default().method,
            memo: None,
        }
    }

    /// This solver with the engine's method set to `method` (its memo emptied).
    ///
    /// ```
    /// use kayles_core::engine::Method;
    /// use wak_reduce::{Solver, WeightedGraph};
    /// let g = WeightedGraph::new(&[3, 5], &[(0, 0), (1, 1), (0, 1)]).unwrap();
    /// assert_eq!(Solver::new().with_method(Method::Outcome).nimber(&g), Ok(2));
    /// assert_eq!(Solver::plain().with_method(Method::Mex).nimber(&g), Ok(2));
    /// ```
    pub fn with_method(self, method: Method) -> Self {
        Solver {
            reductions: self.reductions,
            method,
            memo: None,
        }
    }

    /// The engine's method.
    pub fn method(&self) -> Method {
        self.method
    }

    /// Whether this solver reduces.
    pub fn reduces(&self) -> bool {
        self.reductions
    }

    /// The Grundy value of `g`.
    ///
    /// Errors: the total weight left after reduction exceeds [`MAX_TOTAL_WEIGHT`].
    pub fn nimber(&mut self, g: &WeightedGraph) -> Result<u32, WakError> {
        let start = if self.reductions {
            reduce_fast(g.clone())
        } else {
            g.clone()
        };
        let total = start.total_weight();
        if total > MAX_TOTAL_WEIGHT {
            return Err(WakError::TooDeep {
                total,
                max: MAX_TOTAL_WEIGHT,
            });
        }
        let game = WeightedArcKayles {
            reduce_options: self.reductions,
        };
        // Settled without a search: nothing left, or (reduced) one vertex. A reduced
        // position has no dead vertex and no two isolated looped ones (they are false
        // twins), so its components are all single vertices only when it has one vertex.
        if start.order() == 0 {
            return Ok(0);
        }
        if let Some(v) = game.tiny_value(&start) {
            return Ok(u32::from(v));
        }
        let (reductions, method) = (self.reductions, self.method);
        let memo = &*self
            .memo
            .get_or_insert_with(|| SharedMemo::new(config(reductions, method)));
        let run = || engine::solve(&game, memo, &start);
        let value = if total <= SHALLOW {
            run()
        } else {
            // A few frames per level of a few hundred bytes each; leave a wide margin.
            kayles_core::stack::on_stack((8 << 20) + (total as usize) * 4096, run)
        };
        Ok(value?)
    }

    /// Every legal move of `g` (in the order of [`WeightedGraph::moves`]: loops, then
    /// edges) with the Grundy value of the position after it, on this solver (its memo
    /// serves every option). The winning moves are those to value 0, and the value of `g`
    /// is the mex of these values (`kayles wak --moves`).
    ///
    /// ```
    /// use wak_reduce::{Move, Solver, WeightedGraph};
    /// // A loop with counter 2 (value 0) beside an edge with counters 1, 1 (value 1): the
    /// // position is *1, and both moves win (1 xor 1 after the loop's, 0 after the edge's).
    /// let g = WeightedGraph::new(&[2, 1, 1], &[(0, 0), (1, 2)]).unwrap();
    /// let values = Solver::new().move_values(&g).unwrap();
    /// assert_eq!(values, vec![(Move::Loop(0), 0), (Move::Edge(1, 2), 0)]);
    /// ```
    pub fn move_values(&mut self, g: &WeightedGraph) -> Result<Vec<(Move, u32)>, WakError> {
        g.options()
            .map(|(mv, after)| Ok((mv, self.nimber(&after)?)))
            .collect()
    }

    /// Whether `g` is a P-position (a second-player win, value 0).
    pub fn is_p_position(&mut self, g: &WeightedGraph) -> Result<bool, WakError> {
        Ok(self.nimber(g)? == 0)
    }

    /// Work counters since creation (or the last [`clear`](Self::clear)).
    pub fn stats(&self) -> SolverStats {
        let s = self.search_stats();
        SolverStats {
            searched: s.positions,
            memo_hits: s.exact_hits + s.shape_hits + s.canonical_hits,
        }
    }

    /// The engine's full statistics (every layer's hits, reductions, memo bytes).
    pub fn search_stats(&self) -> kayles_core::engine::SearchStats {
        self.memo
            .as_ref()
            .map(SharedMemo::stats)
            .unwrap_or_default()
    }

    /// Number of shared memo entries (a searched component has up to two: its canonical
    /// code and the labelled code it was met under).
    pub fn memo_len(&self) -> usize {
        self.search_stats().shared_entries as usize
    }

    /// Empties the memo and the counters.
    pub fn clear(&mut self) {
        self.memo = None;
    }
}

/// The Grundy value of `g` with a fresh [`Solver`].
///
/// ```
/// use wak_reduce::{solve::nimber, WeightedGraph};
/// // Arc Kayles on P4 (all weights 1, no loops) is 2.
/// let p4 = WeightedGraph::new(&[1; 4], &[(0, 1), (1, 2), (2, 3)]).unwrap();
/// assert_eq!(nimber(&p4), Ok(2));
/// ```
pub fn nimber(g: &WeightedGraph) -> Result<u32, WakError> {
    Solver::new().nimber(g)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deep_position_on_its_own_stack() {
        // A looped vertex of weight 5001: value 1, settled at once by the reducing solver,
        // searched to depth 5001 by the plain one.
        let g = WeightedGraph::new(&[5001], &[(0, 0)]).unwrap();
        assert_eq!(Solver::new().nimber(&g), Ok(1));
        assert_eq!(Solver::plain().nimber(&g), Ok(1));
        // The looped edge 300 x 301 (about 45 000 positions): 1 + 2 (300 mod 2) = 1.
        let e = WeightedGraph::new(&[300, 301], &[(0, 0), (1, 1), (0, 1)]).unwrap();
        assert_eq!(Solver::new().nimber(&e), Ok(1));
        let huge = WeightedGraph::new(&[1 << 40, 1 << 40], &[(0, 0), (1, 1), (0, 1)]).unwrap();
        assert!(matches!(
            Solver::new().nimber(&huge),
            Err(WakError::TooDeep { .. })
        ));
    }

    #[test]
    fn a_deep_plain_search_fits_its_stack() {
        // Without reductions the depth is the full weight.
        let path = WeightedGraph::new(&[400, 1, 400], &[(0, 1), (1, 2), (0, 0)]).unwrap();
        assert_eq!(Solver::plain().nimber(&path), Solver::new().nimber(&path));
    }
}
