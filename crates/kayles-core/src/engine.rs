//! The search engine: one driver for every impartial game whose positions split into
//! independent components, parameterized by the game ([`Game`]).
//!
//! Node Kayles ([`node`](crate::node)), Arc Kayles ([`arc`](crate::arc)) and, in the
//! `wak-reduce` crate, Weighted Arc-Kayles are instances. The driver owns every layer that
//! does not depend on the rules; the game supplies the rest:
//!
//! | layer | the driver | the game |
//! |---|---|---|
//! | components (NK-XOR) | xors the values of the pieces | [`Game::split`], [`Game::option_pieces`] |
//! | settled by size | | [`Game::tiny_value`] |
//! | exact cache | a per-thread open-addressing table, prefetched | [`Position::hash64`] |
//! | known pieces, reductions | counts them, follows a reduction | [`Game::simplify`] |
//! | shared memo | a sharded concurrent table of full keys, bounded in bytes | [`Game::symmetry_key`], [`Game::shape_code`], [`Game::canonical_code`] |
//! | options | mex of the options' xors; large positions split across threads (work stealing) | [`Game::option_pieces`] |
//! | stop flag, progress, statistics | | |
//!
//! A value is trusted only through full keys: the exact cache and the shared memo compare
//! whole keys (a 64-bit hash only picks the slot), so a memo can miss a reuse but never
//! return another position's value.

use crate::bits::{Bits, Words};
use crate::code_memo::CodeMemo;
use crate::exact_table::ExactTable;
use crate::mex::of_byte_set as mex;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex, OnceLock};
use thiserror::Error;

/// Why a search could not give a value.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum SearchError {
    /// A connected component is wider than the widest set type of the engine.
    #[error("a connected component has {order} vertices; the search handles at most {max}")]
    ComponentTooLarge {
        /// Vertices in the component.
        order: usize,
        /// The largest supported.
        max: usize,
    },
    /// A position has options of every value 0..=255.
    #[error("a nimber above 255 was reached; the engine stores nimbers in one byte")]
    NimberTooLarge,
    /// The stop flag ([`SharedMemo::set_stop_flag`]) was raised during the search.
    #[error("the search was stopped")]
    Stopped,
}

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

/// Which layers of the search are on, and its resources.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchConfig {
    /// The key of the shared memo.
    pub memo_key: MemoKey,
    /// Apply the game's value-preserving reductions before the memo lookups (Node Kayles:
    /// MOD-TWINS; Arc Kayles: the heavy and useless vertices of WAK on pendant leaves;
    /// Weighted Arc-Kayles: all four WAK reductions).
    pub reductions: bool,
    /// Look up the pieces whose value the game knows (paths, cycles) instead of searching
    /// them.
    pub known_pieces: bool,
    /// Components above this order are not canonized (the other keys still apply):
    /// refinement costs grow quadratically and large components rarely repeat.
    pub canonical_max_order: usize,
    /// Threads: 1 searches on the calling thread only; any other value splits the options
    /// of large positions across the search thread pool (one thread per core), with work
    /// stealing.
    pub threads: usize,
    /// With more than one thread: components of at least this order, and at most
    /// [`PARALLEL_LEVELS`] moves below the root, have their options searched in parallel.
    /// (Tests lower it to split tiny positions.)
    pub parallel_min_order: usize,
    /// When the memos together hold more than this many bytes (entries times their real
    /// size), they are emptied (values already returned stay right; only reuse is lost).
    pub memo_limit_bytes: usize,
    /// A thread's exact cache (in front of the shared memo) is emptied when it passes this
    /// many bytes (not with [`MemoKey::Exact`], where it is the only memo).
    pub exact_cache_bytes: usize,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            memo_key: MemoKey::Canonical,
            canonical_max_order: 64,
            threads: 0,
            parallel_min_order: 24,
            reductions: true,
            known_pieces: true,
            memo_limit_bytes: 8 << 30,
            exact_cache_bytes: 256 << 20,
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
    /// Positions whose options were searched (memo misses).
    pub positions: u64,
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
    /// Times the memos were emptied for passing [`SearchConfig::memo_limit_bytes`].
    pub evictions: u64,
    /// Times a thread's exact cache was emptied for passing
    /// [`SearchConfig::exact_cache_bytes`].
    pub cache_clears: u64,
}

impl SearchStats {
    /// Adds another engine's counters (the sizes are not additive and are left alone).
    fn add(&mut self, other: &SearchStats) {
        self.positions += other.positions;
        self.exact_hits += other.exact_hits;
        self.shape_hits += other.shape_hits;
        self.canonical_hits += other.canonical_hits;
        self.symmetry_hits += other.symmetry_hits;
        self.known_hits += other.known_hits;
        self.reductions += other.reductions;
        self.parallel_splits += other.parallel_splits;
        self.evictions += other.evictions;
        self.cache_clears += other.cache_clears;
    }
}

/// What the engine needs of a position beyond equality: a hash for its exact cache, and a
/// *vacant* value that is never a component (it marks free slots, and ends an option in
/// the engine's list of pieces).
pub trait Position: Clone + Eq + Send + Sync + 'static {
    /// The vacant value (for vertex sets, the empty set).
    fn vacant() -> Self;
    /// Whether this is the vacant value.
    fn is_vacant(&self) -> bool;
    /// A well-mixed 64-bit hash.
    fn hash64(&self) -> u64;
}

#[inline]
fn mix_words(words: impl Iterator<Item = u64>) -> u64 {
    let mut h = 0u64;
    for w in words {
        h = h.rotate_left(29) ^ w.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
    h = (h ^ (h >> 31)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h ^ (h >> 29)
}

macro_rules! bits_position {
    ($($t:ty),*) => {$(
        impl Position for $t {
            #[inline]
            fn vacant() -> Self {
                <$t as Bits>::empty()
            }
            #[inline]
            fn is_vacant(&self) -> bool {
                Bits::is_empty(*self)
            }
            #[inline]
            fn hash64(&self) -> u64 {
                mix_words((0..<$t as Bits>::WORDS).map(|i| Bits::word(*self, i)))
            }
        }
    )*};
}
bits_position!(u64, u128);

impl<const W: usize> Position for Words<W> {
    #[inline]
    fn vacant() -> Self {
        Words([0; W])
    }
    #[inline]
    fn is_vacant(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    #[inline]
    fn hash64(&self) -> u64 {
        mix_words(self.0.iter().copied())
    }
}

/// The layers a [`Game::simplify`] call may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layers {
    /// Known pieces may be looked up.
    pub known_pieces: bool,
    /// Reductions may be applied.
    pub reductions: bool,
}

/// What [`Game::simplify`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Simplified<P> {
    /// The component is a known piece of this value.
    Known(u8),
    /// A smaller position with the same value (it may have several components).
    Reduced(P),
    /// Nothing applies.
    Unchanged,
}

/// An impartial game whose positions are sums of independent components, as the engine
/// sees it. `component` always means a connected, non-vacant position.
///
/// The engine computes `value(C) = mex { xor of value(piece) over the pieces of option O :
/// O an option of C }`, with the layers of the module documentation around it. Every
/// method must be a pure function of its arguments (the scratch only saves allocations),
/// and every key a full description of the component.
pub trait Game: Sync {
    /// A position.
    type Position: Position;
    /// Per-thread working memory for the game's methods (the default value is a
    /// placeholder that is never used).
    type Scratch: Send + Default;

    /// Fresh working memory.
    fn scratch(&self) -> Self::Scratch;

    /// Appends the connected components of `position` to `out` (pieces whose value is 0
    /// and that have no options, such as a dead vertex of Arc Kayles, may be left out).
    fn split(&self, position: &Self::Position, out: &mut Vec<Self::Position>);

    /// For every option of `component`: appends its components (as [`split`](Self::split)
    /// would), then [`Position::vacant`].
    fn option_pieces(
        &self,
        component: &Self::Position,
        scratch: &mut Self::Scratch,
        out: &mut Vec<Self::Position>,
    );

    /// The value of a component settled by its size alone, checked before every lookup
    /// (so it must cost a few instructions).
    fn tiny_value(&self, component: &Self::Position) -> Option<u8>;

    /// The size of a component (vertices), for the thresholds of the configuration.
    fn order(&self, component: &Self::Position) -> usize;

    /// Known pieces and reductions, as far as `layers` allows.
    fn simplify(
        &self,
        component: &Self::Position,
        layers: Layers,
        scratch: &mut Self::Scratch,
    ) -> Simplified<Self::Position>;

    /// Appends the host-symmetry key of `component` (its least image under the host's
    /// symmetries) and returns true, or returns false when the game has no symmetry for
    /// this host. The key need only be valid for this game object: the memo it goes to is
    /// emptied whenever the host changes.
    fn symmetry_key(&self, _component: &Self::Position, _out: &mut Vec<u64>) -> bool {
        false
    }

    /// Whether the shape code is worth a lookup before [`simplify`](Self::simplify) (true
    /// unless the game says otherwise). A game whose positions are rarely met twice with
    /// the same labels, or whose reductions relabel every position, answers false: the
    /// shape code is then never built, and the canonical code is the only shared key.
    fn shape_key_pays(&self) -> bool {
        true
    }

    /// Appends a code of `component` with its own labels: a full description of the
    /// component as a position of the game, independent of the host.
    fn shape_code(
        &self,
        component: &Self::Position,
        scratch: &mut Self::Scratch,
        out: &mut Vec<u64>,
    );

    /// Appends a canonical code of `component` (equal for isomorphic components; same
    /// format as [`shape_code`](Self::shape_code), so that both can share one memo) and
    /// returns true, or returns false when the game has none.
    fn canonical_code(
        &self,
        component: &Self::Position,
        scratch: &mut Self::Scratch,
        out: &mut Vec<u64>,
    ) -> bool;
}

/// A concurrent map from codes to values: [`CodeMemo`]s in shards picked by the hash, each
/// behind its own lock, so that threads rarely wait for each other.
struct ShardedMemo {
    shards: Box<[Mutex<CodeMemo>]>,
}

const SHARDS: usize = 64;

impl ShardedMemo {
    fn new() -> Self {
        ShardedMemo {
            shards: (0..SHARDS).map(|_| Mutex::new(CodeMemo::new())).collect(),
        }
    }

    #[inline]
    fn shard(&self, hash: u64) -> std::sync::MutexGuard<'_, CodeMemo> {
        self.shards[(hash >> 58) as usize % SHARDS]
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn get(&self, hash: u64, code: &[u64]) -> Option<u8> {
        self.shard(hash).get(hash, code)
    }

    fn insert(&self, hash: u64, code: &[u64], value: u8) {
        self.shard(hash).insert(hash, code, value);
    }

    fn sum(&self, f: impl Fn(&CodeMemo) -> usize) -> usize {
        self.shards
            .iter()
            .map(|s| f(&s.lock().unwrap_or_else(|p| p.into_inner())))
            .sum()
    }

    fn len(&self) -> usize {
        self.sum(CodeMemo::len)
    }

    fn bytes(&self) -> usize {
        self.sum(CodeMemo::bytes)
    }

    fn clear(&self) {
        for s in self.shards.iter() {
            s.lock().unwrap_or_else(|p| p.into_inner()).clear();
        }
    }
}

/// The part of a [`SharedMemo`] that other threads may watch while a search runs.
struct Tables {
    /// Shape and canonical codes (full descriptions of components).
    codes: ShardedMemo,
    /// Host-symmetry keys (valid for one host only).
    symmetric: ShardedMemo,
    /// Positions searched, updated every [`PROGRESS_EVERY`] positions by each thread.
    positions: AtomicU64,
    /// Bytes held by the threads' exact caches now.
    exact_bytes: AtomicU64,
}

impl Tables {
    fn bytes(&self) -> usize {
        self.codes.bytes() + self.symmetric.bytes()
    }
}

/// A live view of a search, for progress reports from another thread.
///
/// ```
/// use kayles_core::{families, node::Solver};
/// let mut solver = Solver::new();
/// let progress = solver.progress();
/// solver.nimber(&families::build("grid:3x10").unwrap()).unwrap();
/// assert!(progress.memo_entries() > 0);
/// ```
#[derive(Clone)]
pub struct SearchProgress(Arc<Tables>);

impl SearchProgress {
    /// Positions searched so far (updated every few thousand positions).
    pub fn positions(&self) -> u64 {
        self.0.positions.load(Relaxed)
    }

    /// Entries in the shared memo.
    pub fn memo_entries(&self) -> usize {
        self.0.codes.len() + self.0.symmetric.len()
    }

    /// Bytes held by the memos (shared memo and the threads' exact caches).
    pub fn memo_bytes(&self) -> usize {
        self.0.bytes() + self.0.exact_bytes.load(Relaxed) as usize
    }
}

const PROGRESS_EVERY: u64 = 4096;

/// What every search of one game shares, across threads and across calls: the shared
/// memo, the configuration, the counters, the stop flag.
pub struct SharedMemo {
    config: SearchConfig,
    tables: Arc<Tables>,
    stats: Mutex<SearchStats>,
    stop: Option<Arc<AtomicBool>>,
    /// Set once a search has seen `stop` raised: from then on every position is answered
    /// 0 at once, and the memos are emptied before the error is returned.
    stopped: AtomicBool,
    overflow: AtomicBool,
}

impl SharedMemo {
    /// An empty memo for searches with `config`.
    pub fn new(config: SearchConfig) -> Self {
        SharedMemo {
            config,
            tables: Arc::new(Tables {
                codes: ShardedMemo::new(),
                symmetric: ShardedMemo::new(),
                positions: AtomicU64::new(0),
                exact_bytes: AtomicU64::new(0),
            }),
            stats: Mutex::new(SearchStats::default()),
            stop: None,
            stopped: AtomicBool::new(false),
            overflow: AtomicBool::new(false),
        }
    }

    /// The configuration.
    pub fn config(&self) -> SearchConfig {
        self.config
    }

    /// Changes the configuration; the memo stays (its keys are full keys, valid under any
    /// configuration).
    pub fn set_config(&mut self, config: SearchConfig) {
        self.config = config;
    }

    /// A flag that stops the search: once it is raised (from another thread or a signal
    /// handler), [`solve`] returns [`SearchError::Stopped`] within milliseconds, and the
    /// memos are emptied (values computed after the stop would be wrong).
    pub fn set_stop_flag(&mut self, flag: Option<Arc<AtomicBool>>) {
        self.stop = flag;
    }

    /// Empties the host-symmetry memo (its keys are vertex sets of one host).
    pub fn clear_symmetric(&self) {
        self.tables.symmetric.clear();
    }

    /// Empties every memo.
    pub fn clear(&self) {
        self.tables.codes.clear();
        self.tables.symmetric.clear();
    }

    /// The counters so far, with the memo's size now.
    pub fn stats(&self) -> SearchStats {
        let stats = *self.stats.lock().unwrap_or_else(|p| p.into_inner());
        SearchStats {
            shared_entries: (self.tables.codes.len() + self.tables.symmetric.len()) as u64,
            shared_bytes: self.tables.bytes() as u64,
            ..stats
        }
    }

    /// Bytes held by the shared memo (entries times their real size).
    pub fn bytes(&self) -> usize {
        self.tables.bytes()
    }

    /// A live view for progress reports.
    pub fn progress(&self) -> SearchProgress {
        SearchProgress(Arc::clone(&self.tables))
    }
}

/// The search's worker threads, with stacks deep enough for long games.
pub fn pool() -> &'static rayon::ThreadPool {
    static POOL: OnceLock<rayon::ThreadPool> = OnceLock::new();
    POOL.get_or_init(|| {
        rayon::ThreadPoolBuilder::new()
            .stack_size(256 << 20)
            .thread_name(|i| format!("kayles-search-{i}"))
            .build()
            .expect("building the search thread pool")
    })
}

/// True when [`solve`] runs in the search thread pool (whose threads have 256 MiB stacks)
/// with this configuration: when it may use more than one thread, the pool has more than
/// one, and the caller is not itself a task of another rayon pool. (A caller that already
/// spreads its work over threads gets a sequential search on its own thread: a rayon
/// thread waiting for another pool runs its own pool's tasks meanwhile, nested on its
/// stack, so many concurrent calls would pile up on one stack.)
pub fn runs_in_pool(config: &SearchConfig) -> bool {
    let in_other_pool =
        rayon::current_thread_index().is_some() && pool().current_thread_index().is_none();
    config.threads != 1 && pool().current_num_threads() > 1 && !in_other_pool
}

/// The value of `position` (a sum of components) in `game`, with the layers of
/// `memo`'s configuration.
///
/// With `threads != 1` the search runs in the search thread pool ([`pool`]), whose
/// threads have 256 MiB stacks; otherwise on the calling thread, whose stack must be deep
/// enough for the game (one frame of a few hundred bytes per move).
pub fn solve<G: Game>(
    game: &G,
    memo: &SharedMemo,
    position: &G::Position,
) -> Result<u32, SearchError> {
    let parallel = runs_in_pool(&memo.config);
    let run = || {
        let context = Context {
            game,
            memo,
            slots: (0..if parallel {
                pool().current_num_threads()
            } else {
                1
            })
                .map(|_| Mutex::new(None))
                .collect(),
            spare: Mutex::new(Vec::new()),
            parallel_min_order: memo.config.parallel_min_order,
            parallel,
        };
        let mut engine = Engine {
            context: &context,
            state: context.take_state(),
        };
        engine.check_stop();
        let value = engine.xor_of_components(position.clone());
        context.put_state(engine.state);
        context.finish();
        value
    };
    let value = if parallel { pool().install(run) } else { run() };
    if memo.stopped.swap(false, Relaxed) {
        memo.clear();
        memo.overflow.store(false, Relaxed);
        return Err(SearchError::Stopped);
    }
    if memo.overflow.swap(false, Relaxed) {
        Err(SearchError::NimberTooLarge)
    } else {
        Ok(u32::from(value))
    }
}

/// Components at most this many moves below the root (and of at least
/// [`SearchConfig::parallel_min_order`] vertices) have their options split across threads:
/// the top of the game tree, where the subtrees are large enough to pay for a task each.
pub const PARALLEL_LEVELS: usize = 3;

/// One search call: the game, the memo, and one engine state per thread of the pool.
///
/// **Why one state per thread is safe with nested parallelism.** A position that splits
/// its options across threads gives its thread's state back to that thread's slot before
/// it waits, and takes it again after. While it waits, rayon may run other tasks on the
/// same thread; each runs to completion on top of the waiting frame (rayon never moves a
/// running task), taking the slot's state and giving it back, so the slot is always free
/// when a task starts, and every state's stacks (codes, pieces) are used in stack order.
struct Context<'a, G: Game> {
    game: &'a G,
    memo: &'a SharedMemo,
    /// The engine state of each thread of the pool (one slot when sequential), while no
    /// task on that thread holds it.
    slots: Vec<Mutex<Option<Box<State<G>>>>>,
    /// States that found their slot taken (never expected; kept for their counters).
    spare: Mutex<Vec<Box<State<G>>>>,
    /// Components at least this large split their options across threads (when they are
    /// at most [`PARALLEL_LEVELS`] moves below the root).
    parallel_min_order: usize,
    parallel: bool,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl<G: Game> Context<'_, G> {
    fn slot(&self) -> &Mutex<Option<Box<State<G>>>> {
        let i = rayon::current_thread_index().unwrap_or(0);
        &self.slots[i.min(self.slots.len() - 1)]
    }

    /// This thread's state (a new one the first time).
    fn take_state(&self) -> Box<State<G>> {
        lock(self.slot()).take().unwrap_or_else(|| {
            Box::new(State {
                exact: ExactTable::new(),
                scratch: self.game.scratch(),
                stats: SearchStats::default(),
                codes: Vec::new(),
                pieces: Vec::new(),
                reported_bytes: 0,
                depth: 0,
            })
        })
    }

    fn put_state(&self, state: Box<State<G>>) {
        let mut slot = lock(self.slot());
        if slot.is_none() {
            *slot = Some(state);
        } else {
            lock(&self.spare).push(state);
        }
    }

    /// Adds every state's counters to the memo's and gives back their exact caches.
    fn finish(&self) {
        let mut states: Vec<Box<State<G>>> = std::mem::take(&mut *lock(&self.spare));
        states.extend(self.slots.iter().filter_map(|slot| lock(slot).take()));
        let mut total = lock(&self.memo.stats);
        let tables = &self.memo.tables;
        for state in &states {
            total.add(&state.stats);
            total.peak_memo_bytes = total.peak_memo_bytes.max(state.stats.peak_memo_bytes);
            tables.exact_bytes.fetch_sub(state.reported_bytes, Relaxed);
            tables
                .positions
                .fetch_add(state.stats.positions % PROGRESS_EVERY, Relaxed);
        }
    }
}

/// One thread's working state: its exact cache and buffers.
struct State<G: Game> {
    exact: ExactTable<G::Position>,
    scratch: G::Scratch,
    stats: SearchStats,
    /// A stack of memo codes: each open position keeps its codes here while its options
    /// are searched.
    codes: Vec<u64>,
    /// The pieces of the options of the open positions, each option ended by the vacant
    /// position.
    pieces: Vec<G::Position>,
    /// The exact cache's bytes as last added to `Tables::exact_bytes`.
    reported_bytes: u64,
    /// Moves from the root to the position being searched.
    depth: usize,
}

/// Where a missed component's codes sit on the code stack, under which keys (a key whose
/// hash is `None` is not stored).
struct Pending {
    start: usize,
    /// The host-symmetry key: `codes[start..shape]`, with its hash.
    symmetry: Option<u64>,
    shape_start: usize,
    /// The shape code: `codes[shape_start..canonical_start]`.
    shape: Option<u64>,
    canonical_start: usize,
    /// The canonical code: `codes[canonical_start..]`.
    canonical: Option<u64>,
}

impl Pending {
    /// No key, at `start` of the code stack.
    fn none(start: usize) -> Self {
        Pending {
            start,
            symmetry: None,
            shape_start: start,
            shape: None,
            canonical_start: start,
            canonical: None,
        }
    }
}

/// The search on one thread.
struct Engine<'c, 'a, G: Game> {
    context: &'c Context<'a, G>,
    state: Box<State<G>>,
}

impl<G: Game> Engine<'_, '_, G> {
    /// Notes a raised stop flag in `memo.stopped`.
    fn check_stop(&self) {
        if let Some(stop) = &self.context.memo.stop {
            if stop.load(Relaxed) {
                self.context.memo.stopped.store(true, Relaxed);
            }
        }
    }

    /// Xor of the values of the components of `position`.
    fn xor_of_components(&mut self, position: G::Position) -> u8 {
        let base = self.state.pieces.len();
        self.context.game.split(&position, &mut self.state.pieces);
        let mut x = 0;
        for i in base..self.state.pieces.len() {
            let piece = self.state.pieces[i].clone();
            x ^= self.value(piece);
        }
        self.state.pieces.truncate(base);
        x
    }

    /// Value of a component.
    #[inline]
    fn value(&mut self, component: G::Position) -> u8 {
        if let Some(v) = self.context.game.tiny_value(&component) {
            return v;
        }
        if let Some(v) = self.state.exact.get(&component) {
            self.state.stats.exact_hits += 1;
            return v;
        }
        let v = self.value_uncached(&component);
        self.remember(component, v);
        v
    }

    fn remember(&mut self, component: G::Position, v: u8) {
        let state = &mut self.state;
        if state.exact.len() % 1024 == 1023 {
            let memo = self.context.memo;
            let config = memo.config;
            let tables = &memo.tables;
            let exact_bytes = state.exact.bytes() as u64;
            if exact_bytes != state.reported_bytes {
                tables.exact_bytes.fetch_add(exact_bytes, Relaxed);
                tables.exact_bytes.fetch_sub(state.reported_bytes, Relaxed);
                state.reported_bytes = exact_bytes;
            }
            if config.memo_key != MemoKey::Exact
                && state.exact.live_bytes() > config.exact_cache_bytes
            {
                // Keep the allocation: the cache refills to the same size.
                state.exact.clear();
                state.stats.cache_clears += 1;
            }
            let shared = tables.bytes();
            let all = shared + tables.exact_bytes.load(Relaxed) as usize;
            state.stats.peak_memo_bytes = state.stats.peak_memo_bytes.max(all as u64);
            if all > config.memo_limit_bytes {
                state.exact.reset();
                tables.exact_bytes.fetch_sub(state.reported_bytes, Relaxed);
                state.reported_bytes = 0;
                if shared > config.memo_limit_bytes / 2 {
                    tables.codes.clear();
                    tables.symmetric.clear();
                }
                state.stats.evictions += 1;
            }
        }
        state.exact.insert(component, v);
    }

    /// The value of a component the exact cache does not know. The order of the layers
    /// puts the cheap ones first: the cheap shared key (host symmetry or shape), then the
    /// game's known pieces and reductions, then the canonical code (of a component that
    /// no reduction shrinks), then the search of the options.
    fn value_uncached(&mut self, component: &G::Position) -> u8 {
        let memo = self.context.memo;
        if memo.stopped.load(Relaxed) {
            return 0;
        }
        let game = self.context.game;
        let config = memo.config;
        let mut pending = match self.cheap_lookup(component) {
            Ok(v) => return v,
            Err(pending) => pending,
        };
        let layers = Layers {
            known_pieces: config.known_pieces,
            reductions: config.reductions,
        };
        if layers.known_pieces || layers.reductions {
            match game.simplify(component, layers, &mut self.state.scratch) {
                Simplified::Known(v) => {
                    self.state.stats.known_hits += 1;
                    self.drop_pending(pending);
                    return v;
                }
                Simplified::Reduced(smaller) => {
                    self.state.stats.reductions += 1;
                    let v = self.xor_of_components(smaller);
                    self.store(pending, v);
                    return v;
                }
                Simplified::Unchanged => {}
            }
        }
        if let Some(v) = self.canonical_lookup(component, &mut pending) {
            return v;
        }
        self.state.stats.positions += 1;
        if self.state.stats.positions % PROGRESS_EVERY == 0 {
            memo.tables.positions.fetch_add(PROGRESS_EVERY, Relaxed);
            self.check_stop();
        }
        self.state.depth += 1;
        let seen = self.option_values(component);
        self.state.depth -= 1;
        let value = match mex(&seen) {
            Some(m) => m,
            None => {
                memo.overflow.store(true, Relaxed);
                0
            }
        };
        self.store(pending, value);
        value
    }

    /// Looks `component` up in the shared memo under its cheap key: the host-symmetry key
    /// with [`MemoKey::Symmetry`] when the game has one, else the shape code (not with
    /// [`MemoKey::Exact`]). On a miss the key stays on the code stack, in the returned
    /// [`Pending`], for the store after the search.
    fn cheap_lookup(&mut self, component: &G::Position) -> Result<u8, Pending> {
        let config = self.context.memo.config;
        let game = self.context.game;
        let tables = &self.context.memo.tables;
        let state = &mut self.state;
        let start = state.codes.len();
        let mut pending = Pending::none(start);
        if config.memo_key == MemoKey::Exact {
            return Err(pending);
        }
        if config.memo_key == MemoKey::Symmetry && game.symmetry_key(component, &mut state.codes) {
            let hash = CodeMemo::hash(&state.codes[start..]);
            if let Some(v) = tables.symmetric.get(hash, &state.codes[start..]) {
                state.stats.symmetry_hits += 1;
                state.codes.truncate(start);
                return Ok(v);
            }
            pending.symmetry = Some(hash);
            pending.shape_start = state.codes.len();
        } else if game.shape_key_pays() {
            game.shape_code(component, &mut state.scratch, &mut state.codes);
            let code = &state.codes[start..];
            let hash = CodeMemo::hash(code);
            if let Some(v) = tables.codes.get(hash, code) {
                state.stats.shape_hits += 1;
                state.codes.truncate(start);
                return Ok(v);
            }
            pending.shape = Some(hash);
        }
        pending.canonical_start = state.codes.len();
        Err(pending)
    }

    /// Looks `component` up under its canonical code (with [`MemoKey::Canonical`] or
    /// [`MemoKey::Symmetry`], up to [`SearchConfig::canonical_max_order`] vertices). A hit
    /// is stored under the cheap key too and the keys are popped; on a miss the code joins
    /// `pending`.
    fn canonical_lookup(&mut self, component: &G::Position, pending: &mut Pending) -> Option<u8> {
        let config = self.context.memo.config;
        let game = self.context.game;
        let canonize = matches!(config.memo_key, MemoKey::Canonical | MemoKey::Symmetry)
            && game.order(component) <= config.canonical_max_order;
        let state = &mut self.state;
        if !canonize || !game.canonical_code(component, &mut state.scratch, &mut state.codes) {
            state.codes.truncate(pending.canonical_start);
            return None;
        }
        let code = &state.codes[pending.canonical_start..];
        let hash = CodeMemo::hash(code);
        let hit = self.context.memo.tables.codes.get(hash, code);
        match hit {
            Some(v) => {
                state.stats.canonical_hits += 1;
                state.codes.truncate(pending.canonical_start);
                let cheap = std::mem::replace(pending, Pending::none(pending.start));
                self.store(cheap, v);
                Some(v)
            }
            None => {
                pending.canonical = Some(hash);
                None
            }
        }
    }

    /// Pops the keys of `pending` off the code stack without storing anything.
    fn drop_pending(&mut self, pending: Pending) {
        self.state.codes.truncate(pending.start);
    }

    /// Stores `value` under the keys of a miss and pops them off the code stack.
    fn store(&mut self, pending: Pending, value: u8) {
        let tables = &self.context.memo.tables;
        let codes = &self.state.codes;
        if let Some(h) = pending.symmetry {
            tables
                .symmetric
                .insert(h, &codes[pending.start..pending.shape_start], value);
        }
        if let Some(h) = pending.shape {
            tables.codes.insert(
                h,
                &codes[pending.shape_start..pending.canonical_start],
                value,
            );
        }
        if let Some(h) = pending.canonical {
            tables
                .codes
                .insert(h, &codes[pending.canonical_start..], value);
        }
        self.state.codes.truncate(pending.start);
    }

    /// The options' values of `component`, as a 256-bit seen set.
    ///
    /// First every option is split into its pieces (the game's work), and the exact
    /// cache's slots of the pieces are prefetched; then they are all looked up. The
    /// lookups of one position are independent of each other, so the processor overlaps
    /// their memory accesses instead of waiting for each in turn. A large component
    /// (see [`SearchConfig::parallel_min_order`]) has its options searched in parallel.
    fn option_values(&mut self, component: &G::Position) -> [u64; 4] {
        let game = self.context.game;
        let base = self.state.pieces.len();
        game.option_pieces(component, &mut self.state.scratch, &mut self.state.pieces);
        if self.context.parallel
            && self.state.depth <= PARALLEL_LEVELS
            && game.order(component) >= self.context.parallel_min_order
        {
            let pieces: Vec<G::Position> = self.state.pieces.drain(base..).collect();
            self.state.stats.parallel_splits += 1;
            return self.parallel_option_values(&pieces);
        }
        let end = self.state.pieces.len();
        for piece in &self.state.pieces[base..end] {
            if !piece.is_vacant() && game.tiny_value(piece).is_none() {
                self.state.exact.prefetch(piece);
            }
        }
        let mut seen = [0u64; 4];
        let mut x = 0u8;
        for i in base..end {
            let piece = self.state.pieces[i].clone();
            if piece.is_vacant() {
                seen[(x >> 6) as usize] |= 1 << (x & 63);
                x = 0;
            } else {
                x ^= self.value(piece);
            }
        }
        self.state.pieces.truncate(base);
        seen
    }

    /// [`option_values`](Self::option_values) across the thread pool, with work stealing:
    /// every option is a task, run with the state of the thread it runs on (see
    /// [`Context`]).
    fn parallel_option_values(&mut self, pieces: &[G::Position]) -> [u64; 4] {
        let mut options = Vec::new();
        let mut start = 0;
        for (i, piece) in pieces.iter().enumerate() {
            if piece.is_vacant() {
                options.push(start..i);
                start = i + 1;
            }
        }
        let context = self.context;
        // Give this thread's state back while the tasks run (some may run on this thread).
        let placeholder = Box::new(State {
            exact: ExactTable::empty(),
            scratch: G::Scratch::default(),
            stats: SearchStats::default(),
            codes: Vec::new(),
            pieces: Vec::new(),
            reported_bytes: 0,
            depth: 0,
        });
        let depth = self.state.depth;
        context.put_state(std::mem::replace(&mut self.state, placeholder));
        let values: Vec<u8> = options
            .par_iter()
            .map(|range| {
                let mut engine = Engine {
                    context,
                    state: context.take_state(),
                };
                // The thread's state may belong to a frame waiting further down this
                // thread's stack: keep its depth for it.
                let outer_depth = std::mem::replace(&mut engine.state.depth, depth);
                let mut x = 0u8;
                for piece in &pieces[range.clone()] {
                    x ^= engine.value(piece.clone());
                }
                engine.state.depth = outer_depth;
                context.put_state(engine.state);
                x
            })
            .collect();
        self.state = context.take_state();
        let mut seen = [0u64; 4];
        for x in values {
            seen[(x >> 6) as usize] |= 1 << (x & 63);
        }
        seen
    }
}
