//! Splitting one search into independent jobs, and joining their answers: the game tree
//! expanded from the root to a depth `D`, the distinct components it reaches at depth `D`
//! as jobs, and the recursion that recomputes the root's value from the jobs' values.
//!
//! A position's value is the xor of the values of its components (NK-XOR, and the same in
//! every game the engine serves). Expanding a component replaces it by its options, each
//! split into its components, exactly as the game's rules give them to the search engine
//! ([`Game::option_pieces`](crate::engine::Game::option_pieces)): a split has no move
//! generator of its own, so every game the engine serves can be split ([`tree::Tree`],
//! generic over [`tree::SplitGame`]; Weighted Arc-Kayles has its own in `wak-reduce`). A
//! component's value is the mex over its options of the xor of their components' values.
//! The tree applies this `D` times, level by level:
//!
//! - every component is keyed by the game's own keys: the host-symmetry key
//!   ([`HostSymmetry::key`], [`SplitKey::Symmetry`]) when the game has one, otherwise the
//!   canonical code ([`canonical`](crate::canonical), [`SplitKey::Canonical`]). Components with equal keys
//!   have the same value and become one node of the tree, at every level (a component
//!   first met at depth 1 is expanded once, not again at depth 3);
//! - two equal components in one option cancel (`g xor g = 0`) and are dropped;
//! - components of at most [`INLINE_ORDER`] vertices are expanded to the end inside the
//!   tree: their values need no search, and a job file never holds trivial work;
//! - the other components at depth `D` are the *jobs*, listed largest first
//!   ([`Split::jobs`]).
//!
//! [`Split`] is this tree for Node Kayles and Arc Kayles, whose positions are vertex sets
//! of the *host* graph (the graph being solved; the root is the whole vertex set).
//! [`Split::join`] takes one value per job and recomputes every expanded component, then
//! the root. The split is deterministic: the same graph, game, key and depth give the
//! same jobs in the same order, so a join can expand the tree again and check that it
//! matches a job list written earlier.
//!
//! ```
//! use kayles_core::{families, node::Solver, split::Split, GameKind};
//! let grid = families::build("grid:3x7").unwrap();
//! let symmetry = families::host_symmetry("grid:3x7").unwrap();
//! let split = Split::expand(&grid, GameKind::Node, symmetry.as_ref(), 2).unwrap();
//! let mut solver = Solver::new();
//! let values: Vec<u32> = split.jobs().map(|job| solver.nimber(&job).unwrap()).collect();
//! assert_eq!(split.join(&values), Ok(solver.nimber(&grid).unwrap()));
//! ```
//!
//! This module does no I/O: reading and writing job files is the business of the crates
//! above (`kayles-solve`).

pub mod tree;

use crate::arc::ArcKayles;
use crate::bits::Bits;
use crate::known::PathNimbers;
use crate::node::NodeKayles;
use crate::symmetry::HostSymmetry;
use crate::vertex_game::{Host, VertexGame, VertexRules};
use crate::{GameKind, Graph, VertexSet};
use thiserror::Error;
use tree::{SplitGame, Tree, Until};

/// Components of at most this many vertices are expanded to the end inside the tree
/// instead of becoming jobs.
pub const INLINE_ORDER: usize = 10;

/// The largest host graph [`Split`] handles (the canonical codes stop there).
pub const MAX_SPLIT_ORDER: usize = crate::bits::MAX_WIDTH;

/// The most components a tree may hold (some hundreds of bytes each) before
/// [`Split::deepen`] refuses to go on: far more jobs than any scheduler wants.
pub const MAX_COMPONENTS: usize = 2_000_000;

/// What makes two components one node of the tree (and one job).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
pub enum SplitKey {
    /// The least image under the host's symmetries ([`HostSymmetry::key`]).
    Symmetry,
    /// The canonical code of the component ([`canonical`](crate::canonical)).
    Canonical,
}

impl SplitKey {
    /// The name used in job manifests: `symmetry` or `canonical`.
    pub fn name(self) -> &'static str {
        match self {
            SplitKey::Symmetry => "symmetry",
            SplitKey::Canonical => "canonical",
        }
    }
}

/// Why a split or a join could not be made.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum SplitError {
    /// The host graph is too large.
    #[error("the graph has {order} vertices; splitting handles at most {max}")]
    TooLarge {
        /// Vertices of the host.
        order: usize,
        /// The largest supported.
        max: usize,
    },
    /// The symmetry given was built for another graph.
    #[error("the host symmetry was built for another graph")]
    NotHost,
    /// The tree grew past its component limit ([`MAX_COMPONENTS`] unless
    /// [`set`](Split::set_component_limit)).
    #[error(
        "the tree passed {limit} components at depth {depth}; choose a smaller depth or fewer jobs"
    )]
    TooManyComponents {
        /// The limit.
        limit: usize,
        /// The depth being expanded.
        depth: usize,
    },
    /// [`Split::join`] was given the wrong number of values.
    #[error("{given} job values given, the split has {jobs} jobs")]
    WrongValueCount {
        /// Values given.
        given: usize,
        /// Jobs of the split.
        jobs: usize,
    },
}

/// Counts for one level of the expansion.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct LevelStats {
    /// The depth this level reaches (1 for the options of the root's components).
    pub depth: usize,
    /// Components expanded at this level (the previous level's frontier).
    pub expanded: u64,
    /// Options generated by them and by the small components expanded inside the tree
    /// at this level (before duplicates are merged).
    pub options: u64,
    /// Distinct new components above the inline order: the new frontier.
    pub frontier: u64,
    /// Distinct new components of at most the inline order (solved in the tree).
    pub inline: u64,
}

/// Node Kayles or Arc Kayles on the vertex sets of one host, at one set width, as a
/// split sees it.
struct VertexSplit<'h, S, R> {
    game: VertexGame<'h, S, R>,
    host: &'h Host<S>,
}

impl<'h, S: Bits, R: VertexRules> SplitGame for VertexSplit<'h, S, R> {
    type Game = VertexGame<'h, S, R>;
    type Stored = Box<[u64]>;

    fn game(&self) -> &Self::Game {
        &self.game
    }

    fn store(&self, component: &S) -> Box<[u64]> {
        (0..S::WORDS).map(|i| component.word(i)).collect()
    }

    fn load(&self, stored: &Box<[u64]>) -> S {
        S::from_words(stored)
    }

    fn measure(&self, component: &S) -> usize {
        component.count() as usize
    }

    fn size(&self, component: &S) -> u64 {
        let degrees: u64 = component
            .iter()
            .map(|v| u64::from(self.host.degree_in(v, *component)))
            .sum();
        degrees / 2
    }

    fn piece_order(&self, component: &S) -> u64 {
        component.first().map_or(0, |v| v as u64)
    }
}

/// The game tree of one graph in Node Kayles or Arc Kayles expanded to a depth, its
/// frontier as jobs, and the join.
///
/// See the [module documentation](self).
#[derive(Debug, Clone)]
pub struct Split {
    host: Graph,
    game: GameKind,
    symmetry: Option<HostSymmetry>,
    tree: Tree<Box<[u64]>>,
}

/// An operation on the tree that needs the game at a set width (see [`with_game`]).
trait WithGame {
    type Output;
    fn call<A: SplitGame<Stored = Box<[u64]>>>(self, game: &A) -> Self::Output;
}

/// Runs `op` with `game` on the vertex sets of `host`, at the narrowest set width.
fn with_game<O: WithGame>(
    host: &Graph,
    game: GameKind,
    symmetry: Option<&HostSymmetry>,
    op: O,
) -> O::Output {
    fn at<S: Bits, R: VertexRules, O: WithGame>(
        host: &Graph,
        symmetry: Option<&HostSymmetry>,
        op: O,
    ) -> O::Output {
        let sets = Host::<S>::new(host);
        let mut known = PathNimbers::new();
        known.path(host.order());
        let paths: Vec<u8> = (0..=host.order()).map(|k| known.known(k)).collect();
        op.call(&VertexSplit {
            game: VertexGame::<S, R>::new(&sets, &paths, symmetry),
            host: &sets,
        })
    }
    crate::with_width!(host.order(), S => match game {
        GameKind::Node => at::<S, NodeKayles, O>(host, symmetry, op),
        GameKind::Arc => at::<S, ArcKayles, O>(host, symmetry, op),
    }, _ => unreachable!("the host's order is checked when the split is made"))
}

/// [`Tree::grown`] from the whole vertex set.
struct Grow {
    order: usize,
    inline_order: usize,
    until: Until,
}

impl WithGame for Grow {
    type Output = Result<Tree<Box<[u64]>>, SplitError>;
    fn call<A: SplitGame<Stored = Box<[u64]>>>(self, game: &A) -> Self::Output {
        let all = VertexSet::from_vertices(self.order, 0..self.order);
        let root = game.load(&all.words().into());
        Tree::grown(game, &root, self.inline_order, self.until)
    }
}

/// [`Tree::deepen`].
struct Deepen<'t>(&'t mut Tree<Box<[u64]>>);

impl WithGame for Deepen<'_> {
    type Output = Result<(), SplitError>;
    fn call<A: SplitGame<Stored = Box<[u64]>>>(self, game: &A) -> Self::Output {
        self.0.deepen(game)
    }
}

impl Split {
    /// The tree expanded to `depth` (0: the root's components are the frontier; see
    /// [`deepen`](Self::deepen)). `symmetry`, when given, must be the host symmetry of
    /// `host` (the key is then [`SplitKey::Symmetry`], otherwise [`SplitKey::Canonical`]).
    pub fn expand(
        host: &Graph,
        game: GameKind,
        symmetry: Option<&HostSymmetry>,
        depth: usize,
    ) -> Result<Split, SplitError> {
        Self::grown(host, game, symmetry, INLINE_ORDER, Until::Depth(depth))
    }

    /// The tree of `host` expanded as far as `until` says (to a depth, or to the least
    /// depth with at least a number of jobs, or where the frontier runs out), with
    /// components of at most `inline_order` vertices expanded inside the tree
    /// ([`INLINE_ORDER`] in the commands; 0 makes every component a job or an expanded
    /// node: tests use it to give small graphs jobs).
    ///
    /// ```
    /// use kayles_core::split::{tree::Until, Split, INLINE_ORDER};
    /// use kayles_core::{families, GameKind};
    /// let g = families::build("grid:3x12").unwrap();
    /// let split = Split::grown(&g, GameKind::Node, None, INLINE_ORDER, Until::Jobs(50)).unwrap();
    /// assert!(split.job_count() >= 50);
    /// let shallower = Split::expand(&g, GameKind::Node, None, split.depth() - 1).unwrap();
    /// assert!(shallower.job_count() < 50);
    /// ```
    pub fn grown(
        host: &Graph,
        game: GameKind,
        symmetry: Option<&HostSymmetry>,
        inline_order: usize,
        until: Until,
    ) -> Result<Split, SplitError> {
        let order = host.order();
        if order > MAX_SPLIT_ORDER {
            return Err(SplitError::TooLarge {
                order,
                max: MAX_SPLIT_ORDER,
            });
        }
        if symmetry.is_some_and(|s| !s.is_host(host)) {
            return Err(SplitError::NotHost);
        }
        let grow = Grow {
            order,
            inline_order,
            until,
        };
        Ok(Split {
            host: host.clone(),
            game,
            symmetry: symmetry.cloned(),
            tree: with_game(host, game, symmetry, grow)?,
        })
    }

    /// Expands every frontier component by one level. Fails if the tree passes
    /// [`MAX_COMPONENTS`] components; the split then stays usable (the components not yet
    /// expanded stay jobs) but is not at one depth.
    pub fn deepen(&mut self) -> Result<(), SplitError> {
        with_game(
            &self.host,
            self.game,
            self.symmetry.as_ref(),
            Deepen(&mut self.tree),
        )
    }

    /// The depth the tree is expanded to.
    pub fn depth(&self) -> usize {
        self.tree.depth()
    }

    /// True when the frontier is empty: the tree holds the whole game and
    /// [`join`](Self::join) needs no values.
    pub fn is_complete(&self) -> bool {
        self.tree.is_complete()
    }

    /// The game.
    pub fn game(&self) -> GameKind {
        self.game
    }

    /// The key under which components are merged.
    pub fn key(&self) -> SplitKey {
        if self.symmetry.is_some() {
            SplitKey::Symmetry
        } else {
            SplitKey::Canonical
        }
    }

    /// Number of jobs (the frontier).
    pub fn job_count(&self) -> usize {
        self.tree.job_count()
    }

    /// Distinct components in the tree (the root's, the expanded ones and the jobs).
    pub fn component_count(&self) -> usize {
        self.tree.component_count()
    }

    /// Makes [`deepen`](Self::deepen) stop past `limit` components instead of
    /// [`MAX_COMPONENTS`].
    pub fn set_component_limit(&mut self, limit: usize) {
        self.tree.set_component_limit(limit);
    }

    /// Components of at most this many vertices are expanded inside the tree.
    pub fn inline_order(&self) -> usize {
        self.tree.inline_order()
    }

    /// Counts per level, depth 1 first.
    pub fn levels(&self) -> &[LevelStats] {
        self.tree.levels()
    }

    /// The jobs, largest first: each is the subgraph of the host induced by one frontier
    /// component (vertices renumbered in increasing order). Job `i` is the `i`-th value
    /// [`join`](Self::join) expects. Built one at a time, so a long list can be written
    /// out without holding every graph.
    pub fn jobs(&self) -> impl ExactSizeIterator<Item = Graph> + '_ {
        self.job_sets()
            .map(move |set| self.host.induced_subgraph(&set).0)
    }

    /// The jobs as vertex sets of the host, in job order: what a solver with the host's
    /// symmetry searches ([`VertexSolver::nimber_of_subset`](crate::vertex_game::VertexSolver::nimber_of_subset)),
    /// so that the jobs keep the host symmetry key.
    pub fn job_sets(&self) -> impl ExactSizeIterator<Item = VertexSet> + '_ {
        let n = self.host.order();
        self.tree
            .jobs()
            .map(move |words| VertexSet::from_words(n, words))
    }

    /// The vertex counts of the jobs, in job order.
    pub fn job_orders(&self) -> Vec<usize> {
        self.tree.job_measures()
    }

    /// The root's value, given the value of every job (in the order of
    /// [`jobs`](Self::jobs)).
    pub fn join(&self, values: &[u32]) -> Result<u32, SplitError> {
        self.tree.join(values)
    }
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::{brute, families};

    fn brute_value(g: &Graph, game: GameKind) -> u32 {
        brute::value(game, g, brute::full_mask(g))
    }

    #[test]
    fn join_with_brute_force_jobs_matches_brute_force() {
        for spec in [
            "grid:3x5",
            "petersen:7,2",
            "path:13",
            "cycle:14",
            "queens:4",
        ] {
            let g = families::build(spec).unwrap();
            let sym = families::host_symmetry(spec).unwrap();
            for game in GameKind::ALL {
                for symmetry in [None, sym.as_ref()] {
                    for depth in 0..4 {
                        let split = Split::expand(&g, game, symmetry, depth).unwrap();
                        let values: Vec<u32> =
                            split.jobs().map(|j| brute_value(&j, game)).collect();
                        assert!(split.jobs().all(|j| j.order() > INLINE_ORDER));
                        assert_eq!(
                            split.join(&values),
                            Ok(brute_value(&g, game)),
                            "{spec} {game} depth {depth}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn a_split_stopped_at_its_component_limit_still_joins() {
        let g = families::build("grid:3x6").unwrap();
        let want = brute_value(&g, GameKind::Node);
        let mut split = Split::grown(&g, GameKind::Node, None, 4, Until::Depth(0)).unwrap();
        split.set_component_limit(40);
        let err = (0..20)
            .find_map(|_| split.deepen().err())
            .expect("the limit is reached");
        assert!(matches!(
            err,
            SplitError::TooManyComponents { limit: 40, .. }
        ));
        let values: Vec<u32> = split
            .jobs()
            .map(|j| brute_value(&j, GameKind::Node))
            .collect();
        assert_eq!(split.join(&values), Ok(want));
    }

    #[test]
    fn isomorphic_copies_are_one_job() {
        // Two disjoint copies of P11 cancel at the root; three leave one job.
        let p = families::path(11);
        let two = p.disjoint_union(&p);
        let split = Split::expand(&two, GameKind::Node, None, 0).unwrap();
        assert_eq!(split.job_count(), 0);
        assert_eq!(split.join(&[]), Ok(0));
        let three = two.disjoint_union(&p);
        let split = Split::expand(&three, GameKind::Node, None, 0).unwrap();
        assert_eq!(split.job_count(), 1);
        assert_eq!(split.join(&[7]), Ok(7));
    }

    #[test]
    fn jobs_come_largest_first_and_the_count_is_checked() {
        let g = families::build("grid:3x9").unwrap();
        let split = Split::expand(&g, GameKind::Node, None, 2).unwrap();
        let orders = split.job_orders();
        assert!(orders.windows(2).all(|w| w[0] >= w[1]), "{orders:?}");
        assert_eq!(
            split.join(&[]),
            Err(SplitError::WrongValueCount {
                given: 0,
                jobs: orders.len()
            })
        );
        let other = families::host_symmetry("grid:3x8").unwrap();
        assert_eq!(
            Split::expand(&g, GameKind::Node, other.as_ref(), 0).unwrap_err(),
            SplitError::NotHost
        );
    }
}
