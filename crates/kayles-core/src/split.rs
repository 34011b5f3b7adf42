//! Splitting one search into independent jobs, and joining their answers: the game tree
//! expanded from the root to a depth `D`, the distinct components it reaches at depth `D`
//! as jobs, and the recursion that recomputes the root's value from the jobs' values.
//!
//! A position is a vertex set of the *host* graph (the graph being solved), and its value
//! is the xor of the values of its connected components (NK-XOR, and the same for Arc
//! Kayles). The root is the whole vertex set. Expanding a component replaces it by its
//! options (Node Kayles: `C - N[v]` for `v` in `C`; Arc Kayles: `C - {u, v}` for each edge
//! `uv` inside `C`), each option split into its components; so a component's value is the
//! mex over its options of the xor of their components' values. [`Split`] applies this
//! `D` times, level by level:
//!
//! - every component is keyed ([`SplitKey`]): the least image under the host's symmetries
//!   ([`HostSymmetry::key`]) when one is given, otherwise the canonical code
//!   ([`canonical`]). Components with equal keys induce isomorphic
//!   subgraphs, so they have the same value and become one node of the tree, at every
//!   level (a component first met at depth 1 is expanded once, not again at depth 3);
//! - two equal components in one option cancel (`g xor g = 0`) and are dropped;
//! - components of at most [`INLINE_ORDER`] vertices are expanded to the end inside the
//!   tree: their values need no search, and a job file never holds trivial work;
//! - the other components at depth `D` are the *jobs*, listed largest first
//!   ([`Split::jobs`]).
//!
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
//! This module does no I/O: reading and writing job files is the command line's business.

use crate::bits::{component_within, Bits};
use crate::canonical::{self, Canonizer};
use crate::symmetry::HostSymmetry;
use crate::{GameKind, Graph, VertexSet};
use hashbrown::HashMap;
use thiserror::Error;

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
pub enum SplitKey {
    /// The least image under the host's symmetries ([`HostSymmetry::key`]).
    Symmetry,
    /// The canonical code of the component ([`canonical`]).
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

/// Where a node of the tree stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stage {
    /// Keyed, but only met in options where it cancelled: not part of the tree.
    Unused,
    /// At the frontier: a job unless expanded later.
    Frontier,
    /// Options known: `options` entries of `option_ends` from `first`.
    Expanded { first: u32, count: u32 },
}

#[derive(Debug, Clone)]
struct Node {
    /// The vertex set of the first copy met, as words.
    set: Box<[u64]>,
    order: u32,
    size: u32,
    stage: Stage,
}

/// The game tree of one graph expanded to a depth, its frontier as jobs, and the join.
///
/// See the [module documentation](self).
#[derive(Debug, Clone)]
pub struct Split {
    host: Graph,
    game: GameKind,
    symmetry: Option<HostSymmetry>,
    inline_order: usize,
    component_limit: usize,
    depth: usize,
    nodes: Vec<Node>,
    /// Node by key (the symmetry key's words, or the canonical code).
    by_key: HashMap<Box<[u64]>, u32>,
    /// Node by exact vertex set (canonical key only: saves canonizing a set twice).
    by_set: HashMap<Box<[u64]>, u32>,
    /// The root's components, pairs cancelled.
    root: Vec<u32>,
    /// Nodes at the frontier, in the order they were reached.
    frontier: Vec<u32>,
    /// Options: option `i` holds `children[option_ends[i - 1]..option_ends[i]]`.
    option_ends: Vec<u32>,
    children: Vec<u32>,
    levels: Vec<LevelStats>,
}

/// The host's neighbourhoods at one set width, and scratch space.
struct Ctx<S> {
    open: Vec<S>,
    closed: Vec<S>,
    canonizer: Canonizer,
    stats: LevelStats,
}

fn words_of<S: Bits>(set: S) -> Box<[u64]> {
    (0..S::WORDS).map(|i| set.word(i)).collect()
}

impl Split {
    /// The tree at depth 0: the root's components are the frontier. `symmetry`, when
    /// given, must be the host symmetry of `host` (the key is then [`SplitKey::Symmetry`],
    /// otherwise [`SplitKey::Canonical`]).
    pub fn new(
        host: &Graph,
        game: GameKind,
        symmetry: Option<&HostSymmetry>,
    ) -> Result<Split, SplitError> {
        Self::with_inline_order(host, game, symmetry, INLINE_ORDER)
    }

    /// As [`new`](Self::new), with components of at most `inline_order` vertices (instead
    /// of [`INLINE_ORDER`]) expanded inside the tree; 0 makes every component a job or an
    /// expanded node (tests use it to give small graphs jobs).
    pub fn with_inline_order(
        host: &Graph,
        game: GameKind,
        symmetry: Option<&HostSymmetry>,
        inline_order: usize,
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
        let mut split = Split {
            host: host.clone(),
            game,
            symmetry: symmetry.cloned(),
            inline_order,
            component_limit: MAX_COMPONENTS,
            depth: 0,
            nodes: Vec::new(),
            by_key: HashMap::new(),
            by_set: HashMap::new(),
            root: Vec::new(),
            frontier: Vec::new(),
            option_ends: Vec::new(),
            children: Vec::new(),
            levels: Vec::new(),
        };
        crate::with_width!(order, S => split.start::<S>(), _ => unreachable!("checked above"));
        Ok(split)
    }

    /// The tree expanded to `depth` (see [`new`](Self::new) and [`deepen`](Self::deepen)).
    pub fn expand(
        host: &Graph,
        game: GameKind,
        symmetry: Option<&HostSymmetry>,
        depth: usize,
    ) -> Result<Split, SplitError> {
        let mut split = Split::grown(host, game, symmetry, |s| s.depth() < depth)?;
        split.depth = depth;
        Ok(split)
    }

    /// The tree at the least depth that has at least `jobs` jobs, or at the depth where
    /// the frontier runs out (every component then solved in the tree) if none has.
    ///
    /// ```
    /// use kayles_core::{families, split::Split, GameKind};
    /// let g = families::build("grid:3x12").unwrap();
    /// let split = Split::with_jobs(&g, GameKind::Node, None, 50).unwrap();
    /// assert!(split.job_count() >= 50);
    /// let shallower = Split::expand(&g, GameKind::Node, None, split.depth() - 1).unwrap();
    /// assert!(shallower.job_count() < 50);
    /// ```
    pub fn with_jobs(
        host: &Graph,
        game: GameKind,
        symmetry: Option<&HostSymmetry>,
        jobs: usize,
    ) -> Result<Split, SplitError> {
        Split::grown(host, game, symmetry, |s| s.job_count() < jobs)
    }

    /// The tree deepened while `more` holds and the frontier is not empty.
    fn grown(
        host: &Graph,
        game: GameKind,
        symmetry: Option<&HostSymmetry>,
        more: impl Fn(&Split) -> bool,
    ) -> Result<Split, SplitError> {
        let mut split = Split::new(host, game, symmetry)?;
        while more(&split) && !split.is_complete() {
            split.deepen()?;
        }
        Ok(split)
    }

    /// Expands every frontier component by one level. Fails if the tree passes
    /// [`MAX_COMPONENTS`] components; the split then stays usable (the components not yet
    /// expanded stay jobs) but is not at one depth.
    pub fn deepen(&mut self) -> Result<(), SplitError> {
        crate::with_width!(self.host.order(), S => self.deepen_with::<S>(), _ => unreachable!("checked when split"))
    }

    /// The depth the tree is expanded to.
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// True when the frontier is empty: the tree holds the whole game and
    /// [`join`](Self::join) needs no values.
    pub fn is_complete(&self) -> bool {
        self.frontier.is_empty()
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
        self.frontier.len()
    }

    /// Distinct components in the tree (the root's, the expanded ones and the jobs).
    pub fn component_count(&self) -> usize {
        self.nodes
            .iter()
            .filter(|n| n.stage != Stage::Unused)
            .count()
    }

    /// Makes [`deepen`](Self::deepen) stop past `limit` components instead of
    /// [`MAX_COMPONENTS`].
    pub fn set_component_limit(&mut self, limit: usize) {
        self.component_limit = limit;
    }

    /// Components of at most this many vertices are expanded inside the tree.
    pub fn inline_order(&self) -> usize {
        self.inline_order
    }

    /// Counts per level, depth 1 first.
    pub fn levels(&self) -> &[LevelStats] {
        &self.levels
    }

    /// The frontier nodes in job order: most vertices first, then most edges, then the
    /// order they were reached.
    fn job_nodes(&self) -> Vec<u32> {
        let mut ids = self.frontier.clone();
        ids.sort_by_key(|&id| {
            let n = &self.nodes[id as usize];
            (std::cmp::Reverse(n.order), std::cmp::Reverse(n.size))
        });
        ids
    }

    /// The jobs, largest first: each is the subgraph of the host induced by one frontier
    /// component (vertices renumbered in increasing order). Job `i` is the `i`-th value
    /// [`join`](Self::join) expects. Built one at a time, so a long list can be written
    /// out without holding every graph.
    pub fn jobs(&self) -> impl ExactSizeIterator<Item = Graph> + '_ {
        let n = self.host.order();
        self.job_nodes().into_iter().map(move |id| {
            let set = VertexSet::from_words(n, &self.nodes[id as usize].set);
            self.host.induced_subgraph(&set).0
        })
    }

    /// The jobs as vertex sets of the host, in job order: what a solver with the host's
    /// symmetry searches ([`VertexSolver::nimber_of_subset`](crate::vertex_game::VertexSolver::nimber_of_subset)),
    /// so that the jobs keep the host symmetry key.
    pub fn job_sets(&self) -> impl ExactSizeIterator<Item = VertexSet> + '_ {
        let n = self.host.order();
        self.job_nodes()
            .into_iter()
            .map(move |id| VertexSet::from_words(n, &self.nodes[id as usize].set))
    }

    /// The vertex counts of the jobs, in job order.
    pub fn job_orders(&self) -> Vec<usize> {
        self.job_nodes()
            .into_iter()
            .map(|id| self.nodes[id as usize].order as usize)
            .collect()
    }

    /// The root's value, given the value of every job (in the order of
    /// [`jobs`](Self::jobs)).
    pub fn join(&self, values: &[u32]) -> Result<u32, SplitError> {
        let jobs = self.job_nodes();
        if values.len() != jobs.len() {
            return Err(SplitError::WrongValueCount {
                given: values.len(),
                jobs: jobs.len(),
            });
        }
        let mut value = vec![0u32; self.nodes.len()];
        for (&id, &v) in jobs.iter().zip(values) {
            value[id as usize] = v;
        }
        // Options have strictly fewer vertices than their component, so by increasing
        // order every child is known before its parent.
        let mut expanded: Vec<u32> = (0..self.nodes.len() as u32)
            .filter(|&id| matches!(self.nodes[id as usize].stage, Stage::Expanded { .. }))
            .collect();
        expanded.sort_by_key(|&id| self.nodes[id as usize].order);
        let mut seen = Vec::new();
        for id in expanded {
            let Stage::Expanded { first, count } = self.nodes[id as usize].stage else {
                unreachable!("filtered")
            };
            seen.clear();
            seen.resize(count as usize / 64 + 1, 0u64);
            for option in first..first + count {
                let x = self
                    .option_children(option)
                    .iter()
                    .fold(0, |x, &c| x ^ value[c as usize]) as usize;
                // The mex is at most the number of options: larger values do not matter.
                if let Some(word) = seen.get_mut(x / 64) {
                    *word |= 1 << (x % 64);
                }
            }
            value[id as usize] = crate::mex::of_bits(&seen);
        }
        Ok(self.root.iter().fold(0, |x, &c| x ^ value[c as usize]))
    }

    fn option_children(&self, option: u32) -> &[u32] {
        let option = option as usize;
        let start = if option == 0 {
            0
        } else {
            self.option_ends[option - 1] as usize
        };
        &self.children[start..self.option_ends[option] as usize]
    }

    fn context<S: Bits>(&self) -> Ctx<S> {
        Ctx {
            open: self.host.open_neighbourhoods::<S>(),
            closed: self.host.closed_neighbourhoods::<S>(),
            canonizer: Canonizer::new(),
            stats: LevelStats::default(),
        }
    }

    fn start<S: Bits>(&mut self) {
        let mut ctx = self.context::<S>();
        let all = S::prefix(self.host.order());
        let mut next = Vec::new();
        self.root = self.pieces(&mut ctx, all, &mut next);
        self.frontier = next;
    }

    fn deepen_with<S: Bits>(&mut self) -> Result<(), SplitError> {
        let mut ctx = self.context::<S>();
        ctx.stats.depth = self.depth + 1;
        let frontier = std::mem::take(&mut self.frontier);
        let mut next = Vec::new();
        for (k, &id) in frontier.iter().enumerate() {
            if self.nodes.len() > self.component_limit {
                // Stop here: the nodes not yet expanded stay at the frontier beside the
                // new ones, so the tree is still one that `join` can use.
                next.extend_from_slice(&frontier[k..]);
                self.frontier = next;
                return Err(SplitError::TooManyComponents {
                    limit: self.component_limit,
                    depth: self.depth + 1,
                });
            }
            self.expand_node(&mut ctx, id, &mut next);
        }
        ctx.stats.expanded = frontier.len() as u64;
        ctx.stats.frontier = next.len() as u64;
        self.frontier = next;
        self.depth += 1;
        self.levels.push(ctx.stats);
        Ok(())
    }

    /// Computes the options of node `id` and records them.
    fn expand_node<S: Bits>(&mut self, ctx: &mut Ctx<S>, id: u32, next: &mut Vec<u32>) {
        let set = S::from_words(&self.nodes[id as usize].set);
        let mut rests = Vec::new();
        match self.game {
            GameKind::Node => {
                for v in set.iter() {
                    rests.push(set.difference(ctx.closed[v]));
                }
            }
            GameKind::Arc => {
                for u in set.iter() {
                    for v in ctx.open[u].intersection(set).iter().filter(|&v| v > u) {
                        rests.push(set.without(u).without(v));
                    }
                }
            }
        }
        ctx.stats.options += rests.len() as u64;
        let mut options: Vec<Vec<u32>> = rests
            .into_iter()
            .map(|rest| self.pieces(ctx, rest, next))
            .collect();
        options.sort_unstable();
        options.dedup();
        let first = self.option_ends.len() as u32;
        for option in &options {
            self.children.extend_from_slice(option);
            self.option_ends.push(self.children.len() as u32);
        }
        self.nodes[id as usize].stage = Stage::Expanded {
            first,
            count: options.len() as u32,
        };
    }

    /// The nodes of the components of `rest`, sorted, equal pairs cancelled; the
    /// survivors met for the first time join the tree (small ones expanded at once,
    /// others pushed on `next`).
    fn pieces<S: Bits>(&mut self, ctx: &mut Ctx<S>, rest: S, next: &mut Vec<u32>) -> Vec<u32> {
        let mut ids = Vec::new();
        let mut left = rest;
        while let Some(start) = left.first() {
            let comp = component_within(&ctx.open, start, left);
            left = left.difference(comp);
            ids.push(self.node_of(ctx, comp));
        }
        ids.sort_unstable();
        let mut kept: Vec<u32> = Vec::with_capacity(ids.len());
        for id in ids {
            if kept.last() == Some(&id) {
                kept.pop();
            } else {
                kept.push(id);
            }
        }
        for &id in &kept {
            if self.nodes[id as usize].stage == Stage::Unused {
                if self.nodes[id as usize].order as usize <= self.inline_order {
                    ctx.stats.inline += 1;
                    self.expand_node(ctx, id, next);
                } else {
                    self.nodes[id as usize].stage = Stage::Frontier;
                    next.push(id);
                }
            }
        }
        kept
    }

    /// The node of the connected set `comp`, created (unused) if its key is new.
    fn node_of<S: Bits>(&mut self, ctx: &mut Ctx<S>, comp: S) -> u32 {
        let key: Box<[u64]> = match &self.symmetry {
            Some(symmetry) => words_of(symmetry.key(comp)),
            None => {
                let set = words_of(comp);
                if let Some(&id) = self.by_set.get(&set) {
                    return id;
                }
                let code = component_code(&mut ctx.canonizer, &ctx.open, comp, &self.host);
                let id = self.node_with_key(ctx, comp, code.into_boxed_slice());
                self.by_set.insert(set, id);
                return id;
            }
        };
        self.node_with_key(ctx, comp, key)
    }

    fn node_with_key<S: Bits>(&mut self, ctx: &Ctx<S>, comp: S, key: Box<[u64]>) -> u32 {
        if let Some(&id) = self.by_key.get(&key) {
            return id;
        }
        let id = self.nodes.len() as u32;
        let size = comp
            .iter()
            .map(|v| ctx.open[v].intersection(comp).count())
            .sum::<u32>()
            / 2;
        self.nodes.push(Node {
            set: words_of(comp),
            order: comp.count(),
            size,
            stage: Stage::Unused,
        });
        self.by_key.insert(key, id);
        id
    }
}

/// The canonical code of the subgraph of the host induced by `comp`.
fn component_code<S: Bits>(
    canonizer: &mut Canonizer,
    open: &[S],
    comp: S,
    host: &Graph,
) -> Vec<u64> {
    let mut code = Vec::new();
    if comp.count() <= 64 {
        let vertices: Vec<usize> = comp.iter().collect();
        let rows: Vec<u64> = vertices
            .iter()
            .map(|&v| {
                let mut row = 0u64;
                for (i, &u) in vertices.iter().enumerate() {
                    if open[v].contains(u) {
                        row |= 1 << i;
                    }
                }
                row
            })
            .collect();
        canonizer.code::<u64>(&rows, &mut code);
        code
    } else {
        let set = VertexSet::from_words(host.order(), &words_of(comp));
        let (sub, _) = host.induced_subgraph(&set);
        canonical::graph_code(canonizer, &sub).expect("splits are limited to 4096 vertices")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{brute, families};

    fn brute_value(g: &Graph, game: GameKind) -> u32 {
        match game {
            GameKind::Node => brute::node_kayles(g, brute::full_mask(g)),
            GameKind::Arc => brute::arc_kayles(g, brute::full_mask(g)),
        }
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
        let mut split = Split::with_inline_order(&g, GameKind::Node, None, 4).unwrap();
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
        let split = Split::new(&two, GameKind::Node, None).unwrap();
        assert_eq!(split.job_count(), 0);
        assert_eq!(split.join(&[]), Ok(0));
        let three = two.disjoint_union(&p);
        let split = Split::new(&three, GameKind::Node, None).unwrap();
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
            Split::new(&g, GameKind::Node, other.as_ref()).unwrap_err(),
            SplitError::NotHost
        );
    }
}
