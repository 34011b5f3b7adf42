//! Weighted Arc-Kayles split into independent jobs, and joined again: the split tree of
//! the core ([`kayles_core::split::tree`]) over [`WeightedArcKayles`], so the moves, the
//! pieces and the keys are the ones the solver searches with (options reduced before they
//! are split, components merged under their canonical codes).
//!
//! A component's *measure* is its total weight (a bound on the length of the game):
//! components of total weight at most [`INLINE_ORDER`] are expanded to the end inside the
//! tree, and jobs come heaviest first.
//!
//! ```
//! use wak_reduce::{split::WakSplit, Solver, WeightedGraph};
//! let g = WeightedGraph::parse("9,4,7,5,6", "0-1,1-2,2-3,3-4,4-0,2-2").unwrap();
//! let split = WakSplit::expand(&g, 2).unwrap();
//! let mut solver = Solver::new();
//! let values: Vec<u32> = split.jobs().map(|job| solver.nimber(job).unwrap()).collect();
//! assert_eq!(split.join(&values), Ok(solver.nimber(&g).unwrap()));
//! ```

use crate::position::WeightedGraph;
use crate::reduce::reduce_fast;
use crate::solve::WeightedArcKayles;
use kayles_core::split::tree::{SplitGame, Tree, Until};
use kayles_core::split::{LevelStats, SplitError, INLINE_ORDER};

impl SplitGame for WeightedArcKayles {
    type Game = Self;
    type Stored = WeightedGraph;

    fn game(&self) -> &Self {
        self
    }

    fn store(&self, component: &WeightedGraph) -> WeightedGraph {
        component.clone()
    }

    fn load(&self, stored: &WeightedGraph) -> WeightedGraph {
        stored.clone()
    }

    fn measure(&self, component: &WeightedGraph) -> usize {
        usize::try_from(component.total_weight()).unwrap_or(usize::MAX)
    }

    fn size(&self, component: &WeightedGraph) -> u64 {
        component.order() as u64
    }
}

/// The game tree of one Weighted Arc-Kayles position expanded to a depth, its frontier
/// as jobs (positions, heaviest first), and the join.
#[derive(Debug, Clone)]
pub struct WakSplit {
    tree: Tree<WeightedGraph>,
}

/// The rules the tree expands with: the solver's, options reduced before they are split.
const GAME: WeightedArcKayles = WeightedArcKayles {
    reduce_options: true,
};

impl WakSplit {
    /// The tree of `root` (reduced first, as the solver does) expanded to `depth`.
    pub fn expand(root: &WeightedGraph, depth: usize) -> Result<WakSplit, SplitError> {
        Self::grown(root, Until::Depth(depth))
    }

    /// The tree at the least depth with at least `jobs` jobs (or where the frontier runs
    /// out).
    pub fn with_jobs(root: &WeightedGraph, jobs: usize) -> Result<WakSplit, SplitError> {
        Self::grown(root, Until::Jobs(jobs))
    }

    /// The tree of `root` expanded as far as `until` says.
    pub fn grown(root: &WeightedGraph, until: Until) -> Result<WakSplit, SplitError> {
        let root = reduce_fast(root.clone());
        Ok(WakSplit {
            tree: Tree::grown(&GAME, &root, INLINE_ORDER, until)?,
        })
    }

    /// Expands every frontier component by one level (see
    /// [`Tree::deepen`]).
    pub fn deepen(&mut self) -> Result<(), SplitError> {
        self.tree.deepen(&GAME)
    }

    /// The depth the tree is expanded to.
    pub fn depth(&self) -> usize {
        self.tree.depth()
    }

    /// Number of jobs.
    pub fn job_count(&self) -> usize {
        self.tree.job_count()
    }

    /// Distinct components in the tree.
    pub fn component_count(&self) -> usize {
        self.tree.component_count()
    }

    /// Counts per level, depth 1 first.
    pub fn levels(&self) -> &[LevelStats] {
        self.tree.levels()
    }

    /// The jobs, heaviest first: job `i` is the `i`-th value [`join`](Self::join)
    /// expects.
    pub fn jobs(&self) -> impl ExactSizeIterator<Item = &WeightedGraph> + '_ {
        self.tree.jobs()
    }

    /// The total weights of the jobs, in job order.
    pub fn job_weights(&self) -> Vec<usize> {
        self.tree.job_measures()
    }

    /// The root's value, given the value of every job.
    pub fn join(&self, values: &[u32]) -> Result<u32, SplitError> {
        self.tree.join(values)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{brute, Solver};

    #[test]
    fn join_with_solved_jobs_matches_the_solver_and_the_definition() {
        let positions = [
            ("9,4,7,5,6", "0-1,1-2,2-3,3-4,4-0,2-2"),
            ("3,5,2,4,6,1", "0-1,0-2,0-3,3-4,4-5,1-1,5-5"),
            ("12,12", "0-0,1-1,0-1"),
            ("6,6,6,6", "0-1,1-2,2-3,3-0,0-2"),
            ("2,3,4,5,6,7,8", "0-1,1-2,2-3,3-4,4-5,5-6,6-6,0-0"),
        ];
        let mut solver = Solver::new();
        for (weights, edges) in positions {
            let g = WeightedGraph::parse(weights, edges).unwrap();
            let want = solver.nimber(&g).unwrap();
            if g.total_weight() <= 30 {
                assert_eq!(brute::nimber(&g), want, "{weights} {edges}");
            }
            for depth in 0..4 {
                let split = WakSplit::expand(&g, depth).unwrap();
                assert!(split.jobs().all(|j| j.total_weight() > INLINE_ORDER as u64));
                let values: Vec<u32> = split.jobs().map(|j| solver.nimber(j).unwrap()).collect();
                assert_eq!(
                    split.join(&values),
                    Ok(want),
                    "{weights} {edges} depth {depth}"
                );
                let weights = split.job_weights();
                assert!(weights.windows(2).all(|w| w[0] >= w[1]), "{weights:?}");
            }
        }
    }

    #[test]
    fn a_split_by_jobs_reaches_the_count_and_checks_the_values_given() {
        let g = WeightedGraph::parse("9,4,7,5,6", "0-1,1-2,2-3,3-4,4-0,2-2").unwrap();
        let split = WakSplit::with_jobs(&g, 20).unwrap();
        assert!(split.job_count() >= 20, "{}", split.job_count());
        let shallower = WakSplit::expand(&g, split.depth() - 1).unwrap();
        assert!(shallower.job_count() < 20);
        assert_eq!(
            split.join(&[]),
            Err(SplitError::WrongValueCount {
                given: 0,
                jobs: split.job_count()
            })
        );
    }
}
