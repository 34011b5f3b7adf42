//! The game tree of a split, for any game the engine serves: expanded level by level with
//! the game's own rules ([`Game::split`], [`Game::option_pieces`]), its components merged
//! under the game's own keys ([`Game::symmetry_key`], else [`Game::canonical_code`]),
//! its frontier as jobs, and the join that computes the root back from the jobs' values.
//! [`SplitGame`] says what a split asks of a game beyond the engine's [`Game`].

use super::{LevelStats, SplitError, MAX_COMPONENTS};
use crate::engine::{Game, Position};
use hashbrown::HashMap;
use std::hash::Hash;

/// A position of the game of `A`.
pub type PositionOf<A> = <<A as SplitGame>::Game as Game>::Position;

/// What a split asks of a game beyond the engine's [`Game`]: how the tree keeps a
/// component between levels, and how big a component is.
pub trait SplitGame {
    /// The game: its moves, pieces and keys are the split's.
    type Game: Game;
    /// A component as the tree keeps it between levels (a vertex set as words, whatever
    /// the set width of one level's work; a weighted graph as it is).
    type Stored: Clone + Eq + Hash;

    /// The game.
    fn game(&self) -> &Self::Game;

    /// `component` as the tree keeps it.
    fn store(&self, component: &PositionOf<Self>) -> Self::Stored;

    /// A component the tree kept, as a position of the game.
    fn load(&self, stored: &Self::Stored) -> PositionOf<Self>;

    /// How big a component is for the split: components up to the inline order are
    /// expanded inside the tree, and jobs come largest first (Node and Arc Kayles: the
    /// order; Weighted Arc-Kayles: the total weight, which bounds the game's length).
    fn measure(&self, component: &PositionOf<Self>) -> usize;

    /// The second key of the job order, larger first (the vertex games: edges).
    fn size(&self, component: &PositionOf<Self>) -> u64;

    /// The order in which the pieces of one option enter the tree (smaller first; ties
    /// keep the order the game lists them in). It fixes which copy of a component is kept
    /// and the order of jobs of equal size, so the vertex games give the least vertex:
    /// the tree then does not depend on how the rules list the pieces.
    fn piece_order(&self, _component: &PositionOf<Self>) -> u64 {
        0
    }
}

/// How far to expand a tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Until {
    /// To this depth (moves from the root). A tree whose frontier runs out earlier holds
    /// the whole game and counts as expanded to this depth.
    Depth(usize),
    /// To the least depth with at least this many jobs, or until the frontier runs out.
    Jobs(usize),
}

/// Where a node of the tree stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stage {
    /// Keyed, but only met in options where it cancelled: not part of the tree.
    Unused,
    /// At the frontier: a job unless expanded later.
    Frontier,
    /// Options known: `count` options from option `first`.
    Expanded { first: u32, count: u32 },
}

#[derive(Debug, Clone)]
struct Node<T> {
    /// The first copy met.
    component: T,
    measure: usize,
    size: u64,
    stage: Stage,
}

/// The game tree of one position expanded to a depth, its frontier as jobs, and the join.
/// `T` is the [`SplitGame::Stored`] form of its components.
#[derive(Debug, Clone)]
pub struct Tree<T> {
    inline_order: usize,
    component_limit: usize,
    depth: usize,
    nodes: Vec<Node<T>>,
    /// Node by key (the symmetry key, or the canonical code).
    by_key: HashMap<Box<[u64]>, u32>,
    /// Node by exact component (components without a symmetry key: saves coding one
    /// twice).
    by_component: HashMap<T, u32>,
    /// The root's components, pairs cancelled.
    root: Vec<u32>,
    /// Nodes at the frontier, in the order they were reached.
    frontier: Vec<u32>,
    /// Options: option `i` holds `children[option_ends[i - 1]..option_ends[i]]`.
    option_ends: Vec<u32>,
    children: Vec<u32>,
    levels: Vec<LevelStats>,
}

/// One call's working memory.
struct Work<'a, A: SplitGame> {
    game: &'a A,
    scratch: <A::Game as Game>::Scratch,
    code: Vec<u64>,
    stats: LevelStats,
}

impl<'a, A: SplitGame> Work<'a, A> {
    fn new(game: &'a A) -> Self {
        Work {
            game,
            scratch: game.game().scratch(),
            code: Vec::new(),
            stats: LevelStats::default(),
        }
    }
}

impl<T: Clone + Eq + Hash> Tree<T> {
    /// The tree at depth 0: the components of `root` are the frontier (those of at most
    /// `inline_order` are expanded to the end at once).
    pub fn new<A: SplitGame<Stored = T>>(
        game: &A,
        root: &PositionOf<A>,
        inline_order: usize,
    ) -> Self {
        let mut tree = Tree {
            inline_order,
            component_limit: MAX_COMPONENTS,
            depth: 0,
            nodes: Vec::new(),
            by_key: HashMap::new(),
            by_component: HashMap::new(),
            root: Vec::new(),
            frontier: Vec::new(),
            option_ends: Vec::new(),
            children: Vec::new(),
            levels: Vec::new(),
        };
        let mut work = Work::new(game);
        let mut pieces = Vec::new();
        game.game().split(root, &mut pieces);
        let mut next = Vec::new();
        tree.root = tree.pieces(&mut work, &mut pieces, &mut next);
        tree.frontier = next;
        tree
    }

    /// The tree of `root` expanded as far as `until` says.
    pub fn grown<A: SplitGame<Stored = T>>(
        game: &A,
        root: &PositionOf<A>,
        inline_order: usize,
        until: Until,
    ) -> Result<Self, SplitError> {
        let mut tree = Tree::new(game, root, inline_order);
        tree.grow(game, until)?;
        Ok(tree)
    }

    /// Expands the tree further, as far as `until` says.
    pub fn grow<A: SplitGame<Stored = T>>(
        &mut self,
        game: &A,
        until: Until,
    ) -> Result<(), SplitError> {
        let more = |tree: &Self| match until {
            Until::Depth(depth) => tree.depth < depth,
            Until::Jobs(jobs) => tree.job_count() < jobs,
        };
        while more(self) && !self.is_complete() {
            self.deepen(game)?;
        }
        if let Until::Depth(depth) = until {
            self.depth = self.depth.max(depth);
        }
        Ok(())
    }

    /// Expands every frontier component by one level. Fails if the tree passes its
    /// component limit; the tree then stays usable (the components not yet expanded stay
    /// jobs) but is not at one depth.
    pub fn deepen<A: SplitGame<Stored = T>>(&mut self, game: &A) -> Result<(), SplitError> {
        let mut work = Work::new(game);
        work.stats.depth = self.depth + 1;
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
            self.expand_node(&mut work, id, &mut next);
        }
        work.stats.expanded = frontier.len() as u64;
        work.stats.frontier = next.len() as u64;
        self.frontier = next;
        self.depth += 1;
        self.levels.push(work.stats);
        Ok(())
    }

    /// The depth the tree is expanded to.
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// True when the frontier is empty: the tree holds the whole game.
    pub fn is_complete(&self) -> bool {
        self.frontier.is_empty()
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

    /// Components up to this measure are expanded inside the tree.
    pub fn inline_order(&self) -> usize {
        self.inline_order
    }

    /// Counts per level, depth 1 first.
    pub fn levels(&self) -> &[LevelStats] {
        &self.levels
    }

    /// The frontier nodes in job order: largest measure first, then largest size, then
    /// the order they were reached.
    fn job_nodes(&self) -> Vec<u32> {
        let mut ids = self.frontier.clone();
        ids.sort_by_key(|&id| {
            let n = &self.nodes[id as usize];
            (std::cmp::Reverse(n.measure), std::cmp::Reverse(n.size))
        });
        ids
    }

    /// The jobs in job order, as the tree keeps them: job `i` is the `i`-th value
    /// [`join`](Self::join) expects.
    pub fn jobs(&self) -> impl ExactSizeIterator<Item = &T> + '_ {
        self.job_nodes()
            .into_iter()
            .map(move |id| &self.nodes[id as usize].component)
    }

    /// The measures of the jobs ([`SplitGame::measure`]), in job order.
    pub fn job_measures(&self) -> Vec<usize> {
        self.job_nodes()
            .into_iter()
            .map(|id| self.nodes[id as usize].measure)
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
        // Children first, by a walk from the root's components (every option is a
        // shorter game than its component, so the walk ends).
        let mut done = vec![false; self.nodes.len()];
        for &id in &jobs {
            done[id as usize] = true;
        }
        let mut seen = Vec::new();
        for &root in &self.root {
            self.evaluate(root, &mut value, &mut done, &mut seen);
        }
        Ok(self.root.iter().fold(0, |x, &c| x ^ value[c as usize]))
    }

    /// Computes `value[id]` (and, first, every value it needs) unless done, without
    /// recursion (trees may be deep: the inline expansions go to the end of the game).
    fn evaluate(&self, id: u32, value: &mut [u32], done: &mut [bool], seen: &mut Vec<u64>) {
        let mut stack = vec![(id, false)];
        while let Some((id, children_done)) = stack.pop() {
            if done[id as usize] {
                continue;
            }
            let Stage::Expanded { first, count } = self.nodes[id as usize].stage else {
                unreachable!("a node that is neither a job nor expanded in the tree")
            };
            if !children_done {
                stack.push((id, true));
                for option in first..first + count {
                    for &c in self.option_children(option) {
                        if !done[c as usize] {
                            stack.push((c, false));
                        }
                    }
                }
                continue;
            }
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
            value[id as usize] = crate::mex::of_bits(seen);
            done[id as usize] = true;
        }
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

    /// Computes the options of node `id` with the game's rules and records them.
    fn expand_node<A: SplitGame<Stored = T>>(
        &mut self,
        work: &mut Work<'_, A>,
        id: u32,
        next: &mut Vec<u32>,
    ) {
        let component = work.game.load(&self.nodes[id as usize].component);
        let mut pieces = Vec::new();
        work.game
            .game()
            .option_pieces(&component, &mut work.scratch, &mut pieces);
        // Each option's pieces end with the vacant position, so the last slice is empty.
        let mut slices: Vec<&mut [PositionOf<A>]> = pieces.split_mut(|p| p.is_vacant()).collect();
        slices.pop();
        let mut options: Vec<Vec<u32>> = Vec::with_capacity(slices.len());
        for option in slices {
            options.push(self.pieces(work, option, next));
        }
        work.stats.options += options.len() as u64;
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

    /// The nodes of the components of one option (or of the root), sorted, equal pairs
    /// cancelled; the survivors met for the first time join the tree (small ones expanded
    /// at once, others pushed on `next`).
    fn pieces<A: SplitGame<Stored = T>>(
        &mut self,
        work: &mut Work<'_, A>,
        components: &mut [PositionOf<A>],
        next: &mut Vec<u32>,
    ) -> Vec<u32> {
        components.sort_by_key(|c| work.game.piece_order(c));
        let mut ids: Vec<u32> = components.iter().map(|c| self.node_of(work, c)).collect();
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
            let node = &mut self.nodes[id as usize];
            if node.stage == Stage::Unused {
                if node.measure <= self.inline_order {
                    work.stats.inline += 1;
                    self.expand_node(work, id, next);
                } else {
                    node.stage = Stage::Frontier;
                    next.push(id);
                }
            }
        }
        kept
    }

    /// The node of `component`, created (unused) if its key is new: the game's symmetry
    /// key where it has one, else its canonical code, else the component itself.
    fn node_of<A: SplitGame<Stored = T>>(
        &mut self,
        work: &mut Work<'_, A>,
        component: &PositionOf<A>,
    ) -> u32 {
        let game = work.game.game();
        work.code.clear();
        if game.symmetry_key(component, &mut work.code) {
            let key: Box<[u64]> = work.code.as_slice().into();
            return self.node_with_key(work, component, key);
        }
        let stored = work.game.store(component);
        if let Some(&id) = self.by_component.get(&stored) {
            return id;
        }
        let id = if game.canonical_code(component, &mut work.scratch, &mut work.code) {
            let key: Box<[u64]> = work.code.as_slice().into();
            self.node_with_key(work, component, key)
        } else {
            self.new_node(work, component)
        };
        self.by_component.insert(stored, id);
        id
    }

    fn node_with_key<A: SplitGame<Stored = T>>(
        &mut self,
        work: &Work<'_, A>,
        component: &PositionOf<A>,
        key: Box<[u64]>,
    ) -> u32 {
        if let Some(&id) = self.by_key.get(&key) {
            return id;
        }
        let id = self.new_node(work, component);
        self.by_key.insert(key, id);
        id
    }

    fn new_node<A: SplitGame<Stored = T>>(
        &mut self,
        work: &Work<'_, A>,
        component: &PositionOf<A>,
    ) -> u32 {
        let id = self.nodes.len() as u32;
        self.nodes.push(Node {
            component: work.game.store(component),
            measure: work.game.measure(component),
            size: work.game.size(component),
            stage: Stage::Unused,
        });
        id
    }
}
