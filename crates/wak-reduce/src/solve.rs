//! The exact Grundy solver for Weighted Arc-Kayles.
//!
//! At every node of the search:
//! 1. **Reduce** to a canonical position ([`reduce`](crate::reduce)): zero-weight
//!    deletion, useless vertices, heavy vertices, false twins. This is a few mask
//!    operations on a small graph, far cheaper than the hashing that follows, so it is done
//!    at every node; it is what makes huge counters free when a heavy vertex absorbs them.
//!    [`Solver::plain`] switches it off (zero-weight vertices are still dropped).
//! 2. **Components**: the position is split into connected components and their values
//!    are xored (Sprague-Grundy sum).
//! 3. **Canonical memo**: each component is looked up by its canonical code
//!    (module `canon`) in a `hashbrown` map shared by every position the solver
//!    sees.
//! 4. Otherwise the options are searched and the mex taken.
//!
//! The recursion depth is at most the total weight left after reduction; deep positions
//! are searched on a thread with a stack sized for them, up to [`MAX_TOTAL_WEIGHT`].

use crate::canon;
use crate::error::WakError;
use crate::game::WeightedGraph;
use crate::reduce::reduce_fast;
use hashbrown::HashMap;

/// The largest total weight (after reduction) the solver searches.
pub const MAX_TOTAL_WEIGHT: u64 = 200_000;

/// Positions up to this total weight are searched on the caller's stack.
const SHALLOW: u64 = 1_000;

/// Counters of the work done, for benchmarks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolverStats {
    /// Components whose options were searched (memo misses).
    pub searched: u64,
    /// Components found in the memo.
    pub memo_hits: u64,
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
#[derive(Debug)]
pub struct Solver {
    reductions: bool,
    memo: HashMap<Vec<u64>, u32>,
    stats: SolverStats,
}

impl Default for Solver {
    fn default() -> Self {
        Self::new()
    }
}

impl Solver {
    /// A solver that reduces at every node.
    pub fn new() -> Self {
        Solver {
            reductions: true,
            memo: HashMap::new(),
            stats: SolverStats::default(),
        }
    }

    /// A solver without reductions (it still drops zero-weight vertices, splits components
    /// and memoizes canonical codes): the baseline the reductions are measured against.
    pub fn plain() -> Self {
        Solver {
            reductions: false,
            ..Self::new()
        }
    }

    /// Whether this solver reduces.
    pub fn reduces(&self) -> bool {
        self.reductions
    }

    /// The Grundy value of `g`.
    ///
    /// Errors: the total weight left after reduction exceeds [`MAX_TOTAL_WEIGHT`].
    pub fn nimber(&mut self, g: &WeightedGraph) -> Result<u32, WakError> {
        let start = self.prepare(g.clone());
        let total = start.total_weight();
        if total > MAX_TOTAL_WEIGHT {
            return Err(WakError::TooDeep {
                total,
                max: MAX_TOTAL_WEIGHT,
            });
        }
        if total <= SHALLOW {
            return Ok(self.value_prepared(start));
        }
        // Two frames per level of a few hundred bytes each; leave a wide margin.
        let stack = (8 << 20) + (total as usize) * 4096;
        let value = std::thread::scope(|scope| {
            std::thread::Builder::new()
                .stack_size(stack)
                .spawn_scoped(scope, || self.value_prepared(start))
                .expect("spawning the deep-search thread")
                .join()
                .expect("deep-search thread")
        });
        Ok(value)
    }

    /// Whether `g` is a P-position (a second-player win, value 0).
    pub fn is_p_position(&mut self, g: &WeightedGraph) -> Result<bool, WakError> {
        Ok(self.nimber(g)? == 0)
    }

    /// Work counters since creation (or the last [`clear`](Self::clear)).
    pub fn stats(&self) -> SolverStats {
        self.stats
    }

    /// Number of memo entries (a searched component has up to two: its canonical code and
    /// the labelled code it was met under).
    pub fn memo_len(&self) -> usize {
        self.memo.len()
    }

    /// Empties the memo and the counters.
    pub fn clear(&mut self) {
        self.memo.clear();
        self.stats = SolverStats::default();
    }

    fn prepare(&self, g: WeightedGraph) -> WeightedGraph {
        if self.reductions {
            reduce_fast(g)
        } else {
            let live: Vec<usize> = (0..g.order()).filter(|&v| g.weight(v) > 0).collect();
            if live.len() == g.order() {
                g
            } else {
                g.induced(&live)
            }
        }
    }

    fn value(&mut self, g: WeightedGraph) -> u32 {
        let g = self.prepare(g);
        self.value_prepared(g)
    }

    fn value_prepared(&mut self, g: WeightedGraph) -> u32 {
        let comps = g.components();
        if comps.len() == 1 {
            return self.component_value(g);
        }
        comps
            .iter()
            .fold(0, |x, c| x ^ self.component_value(g.induced(c)))
    }

    /// The value of a connected position without zero counters.
    fn component_value(&mut self, c: WeightedGraph) -> u32 {
        if c.order() == 0 || (c.order() == 1 && !c.has_loop(0)) {
            return 0;
        }
        // Every code encodes the whole position, so labelled and canonical codes can share
        // one map: the cheap labelled code first, the canonical one on a miss.
        let labelled = canon::labelled_code(&c);
        if let Some(&v) = self.memo.get(&labelled) {
            self.stats.memo_hits += 1;
            return v;
        }
        let key = canon::code(&c);
        if let Some(&v) = self.memo.get(&key) {
            self.stats.memo_hits += 1;
            self.memo.insert(labelled, v);
            return v;
        }
        self.stats.searched += 1;
        let mut seen: Vec<u64> = Vec::new();
        for mv in c.moves() {
            let x = self.value(c.play_unchecked(mv)) as usize;
            if seen.len() <= x / 64 {
                seen.resize(x / 64 + 1, 0);
            }
            seen[x / 64] |= 1 << (x % 64);
        }
        let value = mex(&seen);
        self.memo.insert(key, value);
        self.memo.insert(labelled, value);
        value
    }
}

/// The least value not in the bit set `seen`.
pub(crate) fn mex(seen: &[u64]) -> u32 {
    match seen.iter().position(|&w| w != u64::MAX) {
        Some(i) => (64 * i) as u32 + seen[i].trailing_ones(),
        None => 64 * seen.len() as u32,
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
    fn mex_of_bitsets() {
        assert_eq!(mex(&[]), 0);
        assert_eq!(mex(&[0b1011]), 2);
        assert_eq!(mex(&[u64::MAX]), 64);
        assert_eq!(mex(&[u64::MAX, 1]), 65);
    }

    #[test]
    fn deep_position_on_its_own_stack() {
        // A looped vertex of weight 5001 (recursion depth 5001): value 1.
        let g = WeightedGraph::new(&[5001], &[(0, 0)]).unwrap();
        assert_eq!(Solver::new().nimber(&g), Ok(1));
        // The looped edge 300 x 301 (about 45 000 positions): 1 + 2 (300 mod 2) = 1.
        let e = WeightedGraph::new(&[300, 301], &[(0, 0), (1, 1), (0, 1)]).unwrap();
        assert_eq!(Solver::new().nimber(&e), Ok(1));
        let huge = WeightedGraph::new(&[1 << 40, 1 << 40], &[(0, 0), (1, 1), (0, 1)]).unwrap();
        assert!(matches!(
            Solver::new().nimber(&huge),
            Err(WakError::TooDeep { .. })
        ));
    }
}
