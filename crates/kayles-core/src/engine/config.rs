//! What a search is asked to do ([`SearchConfig`]: the method, the layers, the
//! resources) and what it reports ([`SearchStats`]).

use super::context::{SPLIT_AFTER, SPLIT_WARM_UP};
#[cfg(doc)]
use super::{context::LEAF_SHARE, Game, SharedMemo, PARALLEL_LEVELS};

/// The key of the shared memo: how far apart two components may be and still share an
/// entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MemoKey {
    /// Only the per-thread exact cache (it is then never emptied): no sharing between
    /// copies.
    Exact,
    /// The component's code with its labels ([`Game::shape_code`]): for the vertex-set
    /// games its adjacency with the vertices in their order in the graph, so copies that
    /// are translates in a family's vertex order share an entry. Cheap.
    Shape,
    /// The shape code, then a canonical form ([`Game::canonical_code`]): every isomorphic
    /// copy shares an entry. Costs a colour refinement per new component.
    Canonical,
    /// The least image of the component under the host graph's symmetries
    /// ([`Game::symmetry_key`]; see [`symmetry`](crate::symmetry)), then (up to
    /// [`SearchConfig::canonical_max_order`]) the canonical form. Where the game has no
    /// symmetry for the graph, as [`Canonical`](Self::Canonical).
    Symmetry,
}

/// How the search computes the nimber of a component.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Method {
    /// The mex of the values of all options: every reachable position is visited.
    Mex,
    /// The least `k` for which `C + *k` is a loss, by win/loss search (Lemoine and
    /// Viennot): a node ends at its first losing child, and in a sum the nimbers of all
    /// components but the largest are folded into the heap.
    Outcome,
}

impl Method {
    /// Both methods.
    pub const ALL: [Method; 2] = [Method::Outcome, Method::Mex];

    /// The name used on the command line (`outcome`, `mex`).
    pub fn name(self) -> &'static str {
        match self {
            Method::Mex => "mex",
            Method::Outcome => "outcome",
        }
    }
}

impl std::fmt::Display for Method {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Method {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "mex" => Ok(Method::Mex),
            "outcome" => Ok(Method::Outcome),
            other => Err(format!(
                "unknown method '{other}' (expected outcome or mex)"
            )),
        }
    }
}

/// A deliberate error in the outcome method, for the tests that show its checks can fail
/// (never set otherwise).
#[doc(hidden)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Fault {
    /// The first option searched decides the node: a node whose first searched option is
    /// a win is taken for a loss (a cutoff that ignores the other options).
    FirstOptionDecides,
    /// The heap moves of `C + *h` are never tried.
    NoHeapMoves,
}

/// Which layers of the search are on, and its resources.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchConfig {
    /// How a component's nimber is computed.
    pub method: Method,
    /// Outcome method: try the heap moves of `C + *h` (to `C + *q`, `q < h`) before the
    /// moves in `C`. Off by default: searching `C + *q` to its end when `q` is the nimber
    /// costs a full refutation, and a move in `C` usually wins sooner (docs/performance.md
    /// has the measurements).
    pub heap_moves_first: bool,
    /// The key of the shared memo.
    pub memo_key: MemoKey,
    /// Apply the game's value-preserving reductions before the memo lookups (Node Kayles:
    /// MOD-TWINS; Arc Kayles: the heavy and useless vertices of WAK on pendant leaves;
    /// Weighted Arc-Kayles: all four WAK reductions).
    pub reductions: bool,
    /// Look up the pieces whose value the game knows (paths, cycles) instead of searching
    /// them, and evaluate small components directly (see [`small_order`](Self::small_order)).
    pub known_pieces: bool,
    /// With [`known_pieces`](Self::known_pieces): components of at most this many
    /// vertices (at most [`MAX_SMALL_ORDER`](crate::leaves::small::MAX_SMALL_ORDER)) are evaluated
    /// at once by the game ([`Game::small_value`]: for Node and Arc Kayles a memoized mex
    /// over their `2^k` subsets), without memo keys or search. 0 switches it off.
    pub small_order: usize,
    /// With the outcome method and [`known_pieces`](Self::known_pieces): whether
    /// `C + *h` is a win is decided at once, by the game's own search, for the components
    /// the game takes at this size ([`Game::leaf_wins`]: dense Node Kayles components of
    /// at most this many vertices, at most
    /// [`MAX_LEAF_ORDER`](crate::leaves::dense::MAX_LEAF_ORDER)). 0 switches it off.
    pub leaf_order: usize,
    /// Bytes of the table that the leaf searches of every thread share across components
    /// (the [`LeafHostTable`](crate::leaves::host_table::LeafHostTable) of Node Kayles host
    /// subsets; a lossy cache once full), counted with the shared memo against
    /// [`memo_limit_bytes`](Self::memo_limit_bytes) as its slots fill.
    pub leaf_table_bytes: usize,
    /// Components above this order are not canonized (the other keys still apply):
    /// refinement costs grow quadratically and large components rarely repeat.
    pub canonical_max_order: usize,
    /// Outcome method: a node at most this many moves below the root (the root is one)
    /// searches first, among the options its lookups leave, the options made by the moves
    /// that won the last nodes at its depth on this thread (*killer replies*, where the
    /// game names its moves: [`Game::option_move`]; how many:
    /// [`killer_slots`](Self::killer_slots)). Siblings of a node that must lose (every move
    /// refuted) are often refuted by the same reply: queens 15 on one thread searched half
    /// the positions with them (docs/performance.md). 0 switches them off.
    pub killer_levels: usize,
    /// Outcome method: how many killer replies each depth keeps (the last distinct moves
    /// that won a node there); a node tries all of them, newest first, before its other
    /// searched options. Queens 15 on one thread: 2.79 G leaf positions with one, 1.53 G
    /// with four, 1.40 G with sixteen (docs/performance.md). 0 switches killer replies off.
    pub killer_slots: usize,
    /// Threads: 1 searches on the calling thread only; any other value splits the options
    /// of large positions across the search thread pool (one thread per core), with work
    /// stealing.
    pub threads: usize,
    /// With more than one thread: components of at least this order, and at most
    /// [`PARALLEL_LEVELS`] moves below the root, have their options searched in parallel.
    /// (Tests lower it to split tiny positions.)
    pub parallel_min_order: usize,
    /// With more than one thread, outcome method: a node that splits its options searches
    /// them alone, in the move order, until they have cost this many positions (a leaf
    /// position counting [`LEAF_SHARE`]-th of one), and hands the rest to the pool only
    /// then ([`SPLIT_AFTER`] by default; 0: after the first option).
    pub split_after: u64,
    /// With more than one thread, outcome method: no node splits its options before the
    /// search has searched this many positions, counted as in
    /// [`split_after`](Self::split_after) ([`SPLIT_WARM_UP`] by default; 0: from the
    /// start, as tests do to split tiny searches).
    pub split_warm_up: u64,
    /// A deliberate error, for tests only.
    #[doc(hidden)]
    pub fault: Option<Fault>,
    /// When the memos together hold more than this many bytes (entries times their real
    /// size), the threads' caches are emptied and the shared memo sheds the entries of its
    /// smaller components, about half its bytes ([`CodeMemo::shed`]: the costly entries
    /// stay); values stay right, only reuse is lost.
    ///
    /// [`CodeMemo::shed`]: super::code_memo::CodeMemo::shed
    pub memo_limit_bytes: usize,
    /// A thread's exact cache (in front of the shared memo) is emptied when it passes this
    /// many bytes (not with [`MemoKey::Exact`], where it is the only memo), all but the
    /// entries that hold a nimber. 128 MiB by default (Cram 5 x 9 on one thread: fewer
    /// positions, less time and a fifth less memory than at 256 MiB;
    /// docs/performance.md).
    pub exact_cache_bytes: usize,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            method: Method::Outcome,
            heap_moves_first: false,
            memo_key: MemoKey::Canonical,
            canonical_max_order: 64,
            threads: 0,
            parallel_min_order: 24,
            split_after: SPLIT_AFTER,
            split_warm_up: SPLIT_WARM_UP,
            killer_levels: 4,
            killer_slots: 16,
            reductions: true,
            known_pieces: true,
            small_order: 10,
            leaf_order: 64,
            leaf_table_bytes: 1 << 30,
            memo_limit_bytes: 8 << 30,
            fault: None,
            exact_cache_bytes: 128 << 20,
        }
    }
}

impl SearchConfig {
    /// Exact cache and component splitting only: the plainest fast engine.
    pub fn plain() -> Self {
        SearchConfig {
            memo_key: MemoKey::Exact,
            reductions: false,
            known_pieces: false,
            ..Self::default()
        }
    }
}

/// Counters of a search, cumulative over every position a [`SharedMemo`] served.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Positions whose options were searched (memo misses): with the outcome method, one
    /// for each `C + *h` searched.
    pub positions: u64,
    /// Outcome method: rounds `C + *k` tried for the nimber of a component.
    pub rounds: u64,
    /// Outcome method: searched positions that ended before their last option, at a
    /// losing child (a win found early).
    pub cutoffs: u64,
    /// Outcome method: positions won by a heap move (`C + *q` a loss for some `q < h`).
    pub heap_wins: u64,
    /// Outcome method: positions decided by looking their options up, before any of them
    /// was searched (an option known to be a loss, or every option known to be a win).
    pub lookup_cutoffs: u64,
    /// Outcome method: nodes near the root that tried killer replies first (moves that won
    /// nodes before them at their depth; [`SearchConfig::killer_levels`]).
    pub killer_tries: u64,
    /// Outcome method: of those, the nodes a killer reply won.
    pub killer_wins: u64,
    /// Outcome method: options searched on other threads whose answer was not needed (a
    /// sibling had already found the win): speculative work. In a search spread over
    /// processes, also the options a node searched while an option it had deferred was
    /// proved by another process to lose (engine/remote.rs).
    pub speculative: u64,
    /// Outcome method: of the speculative options, those stopped part way once a sibling
    /// had found the win, or once the deferred option was proved to lose (what they
    /// learnt from then on is not kept).
    pub cancelled: u64,
    /// Lookups answered by a thread's exact cache.
    pub exact_hits: u64,
    /// Lookups answered by the shared memo under the shape code.
    pub shape_hits: u64,
    /// Lookups answered by the shared memo under the canonical code.
    pub canonical_hits: u64,
    /// Lookups answered by the shared memo under the host-symmetry key.
    pub symmetry_hits: u64,
    /// Components answered as a known piece (path, cycle).
    pub known_hits: u64,
    /// Components answered 0 by a mirror strategy (a lattice region that the half turn of
    /// its bounding box maps onto itself, moving every cell and none onto a neighbour).
    pub mirror_hits: u64,
    /// Components evaluated at once for their small size ([`SearchConfig::small_order`]).
    pub small_hits: u64,
    /// Sums `C + *h` decided at once by the game's own search ([`SearchConfig::leaf_order`]).
    pub leaf_hits: u64,
    /// Positions visited by those searches (not counted in [`positions`](Self::positions)).
    pub leaf_positions: u64,
    /// Components shrunk by a reduction.
    pub reductions: u64,
    /// Positions whose options were split across threads.
    pub parallel_splits: u64,
    /// Entries in the shared memo now.
    pub shared_entries: u64,
    /// Bytes of the shared memo now (entries times their real size).
    pub shared_bytes: u64,
    /// The most bytes the memos held together (shared memo and exact caches).
    pub peak_memo_bytes: u64,
    /// Times the memos passed [`SearchConfig::memo_limit_bytes`] (and the shared memo shed
    /// its smaller components).
    pub evictions: u64,
    /// Times a thread's exact cache was emptied for passing
    /// [`SearchConfig::exact_cache_bytes`].
    pub cache_clears: u64,
    /// The most threads a search of this memo ran on (1 for a sequential search; 0
    /// before the first search).
    pub threads: u64,
    /// Outcome method: positions searched (memo misses, as
    /// [`positions`](Self::positions)) inside parallel tasks whose answer was not needed
    /// (a sibling had already won the node): the speculative work, on every thread.
    pub speculative_positions: u64,
    /// Outcome method: leaf positions ([`leaf_positions`](Self::leaf_positions)) visited
    /// inside parallel tasks whose answer was not needed.
    pub speculative_leaf_positions: u64,
    /// Nanoseconds that the threads of the pool spent waiting for work while a search ran
    /// on them (summed over the threads; 0 for sequential searches).
    pub idle_nanos: u64,
    /// Nanoseconds of pool time (the searches' wall time times their threads; 0 for
    /// sequential searches): [`idle_nanos`](Self::idle_nanos) is a part of it.
    pub pool_nanos: u64,
    /// The same counters for each thread of the pool, by its index (the first
    /// [`threads`](Self::threads) entries are used; threads past [`STATS_THREADS`]
    /// are counted in the last entry).
    pub per_thread: PerThread,
}

/// How many threads [`SearchStats::per_thread`] tells apart.
pub const STATS_THREADS: usize = 64;

/// What one thread of the pool did, over every search of a memo (see
/// [`SearchStats::per_thread`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ThreadStats {
    /// Positions searched on this thread (memo misses).
    pub positions: u64,
    /// Leaf positions visited on this thread.
    pub leaf_positions: u64,
    /// Of [`positions`](Self::positions), those inside parallel tasks whose answer was
    /// not needed.
    pub speculative_positions: u64,
    /// Of [`leaf_positions`](Self::leaf_positions), those inside parallel tasks whose
    /// answer was not needed.
    pub speculative_leaf_positions: u64,
    /// Nanoseconds this thread waited for work while a search ran in the pool.
    pub idle_nanos: u64,
}

impl ThreadStats {
    fn add(&mut self, other: &ThreadStats) {
        self.positions += other.positions;
        self.leaf_positions += other.leaf_positions;
        self.speculative_positions += other.speculative_positions;
        self.speculative_leaf_positions += other.speculative_leaf_positions;
        self.idle_nanos += other.idle_nanos;
    }
}

/// [`ThreadStats`] for each of the first [`STATS_THREADS`] threads of the pool.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PerThread(pub [ThreadStats; STATS_THREADS]);

impl Default for PerThread {
    fn default() -> Self {
        PerThread([ThreadStats::default(); STATS_THREADS])
    }
}

impl PerThread {
    /// The counters of thread `index` (past the last entry: the last entry).
    pub fn get(&self, index: usize) -> &ThreadStats {
        &self.0[index.min(STATS_THREADS - 1)]
    }

    /// The counters of thread `index`, to add to.
    pub(super) fn get_mut(&mut self, index: usize) -> &mut ThreadStats {
        &mut self.0[index.min(STATS_THREADS - 1)]
    }
}

impl SearchStats {
    /// Adds another engine's counters (the sizes are not additive and are left alone).
    pub(super) fn add(&mut self, other: &SearchStats) {
        self.positions += other.positions;
        self.rounds += other.rounds;
        self.cutoffs += other.cutoffs;
        self.heap_wins += other.heap_wins;
        self.lookup_cutoffs += other.lookup_cutoffs;
        self.killer_tries += other.killer_tries;
        self.killer_wins += other.killer_wins;
        self.speculative += other.speculative;
        self.cancelled += other.cancelled;
        self.exact_hits += other.exact_hits;
        self.shape_hits += other.shape_hits;
        self.canonical_hits += other.canonical_hits;
        self.symmetry_hits += other.symmetry_hits;
        self.known_hits += other.known_hits;
        self.mirror_hits += other.mirror_hits;
        self.small_hits += other.small_hits;
        self.leaf_hits += other.leaf_hits;
        self.leaf_positions += other.leaf_positions;
        self.reductions += other.reductions;
        self.parallel_splits += other.parallel_splits;
        self.evictions += other.evictions;
        self.cache_clears += other.cache_clears;
        self.threads = self.threads.max(other.threads);
        self.speculative_positions += other.speculative_positions;
        self.speculative_leaf_positions += other.speculative_leaf_positions;
        self.idle_nanos += other.idle_nanos;
        self.pool_nanos += other.pool_nanos;
        for (mine, theirs) in self.per_thread.0.iter_mut().zip(&other.per_thread.0) {
            mine.add(theirs);
        }
    }
}
