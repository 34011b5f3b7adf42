//! Single-position Node Kayles search: the nimber of one graph.
//!
//! How it works, from the outside in:
//! 1. **Components first** (NK-XOR): every position is split into connected components and
//!    their values are xored.
//! 2. **Exact memo**: a component, as a vertex set of the graph being solved, is looked up
//!    in a per-graph hash map.
//! 3. **Known pieces**: one or two vertices (value 1), paths (Dawson's chess), cycles.
//! 4. **Twin kernelization** (MOD-TWINS): a true twin is deleted; three or more mutual false
//!    twins lose two. The smaller position has the same value.
//! 5. **Shared memo**, kept by the [`Solver`] across every graph it sees, under two keys:
//!    the *shape* code (the component's adjacency with its vertices in graph order: cheap,
//!    shared by translates in a family's vertex order), then the *canonical* code (see
//!    [`canonical`](crate::canonical)), shared by every isomorphic copy.
//!    With [`MemoKey::Symmetry`] and a [`HostSymmetry`] for the graph being solved, the
//!    shared memo is keyed instead by the component's least image under the host's
//!    symmetries (see [`symmetry`](crate::symmetry)): a vertex set, a few words, no
//!    canonical form.
//! 6. Otherwise the options `C - N[v]` are searched and the mex taken.
//!
//! Every layer can be switched off ([`SearchConfig`]) so that tests compare the layers
//! against each other and against the plain definition ([`brute`](crate::brute)).

use crate::bits::{component_within, Bits, Words};
use crate::canonical::{self, mix, Canonizer, ClassCounter};
use crate::code_memo::CodeMemo;
use crate::exact_table::ExactTable;
use crate::known::{mex, PathNimbers};
use crate::symmetry::HostSymmetry;
use crate::Graph;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
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
    /// The stop flag ([`Solver::set_stop_flag`]) was raised during the search.
    #[error("the search was stopped")]
    Stopped,
}

/// The largest connected component [`Solver`] searches.
pub const MAX_COMPONENT_ORDER: usize = 64 * MAX_WORDS;

/// Words of the widest vertex set the search uses.
const MAX_WORDS: usize = 64;

/// Which layers of the search are on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchConfig {
    /// The key of the shared memo: how far apart two components may be and still share
    /// an entry.
    pub memo_key: MemoKey,
    /// Delete true twins and pairs of surplus false twins before the memo lookups.
    pub twin_reduction: bool,
    /// Look up paths and cycles instead of searching them.
    pub known_pieces: bool,
    /// Components above this order are not canonized (the shape key still applies):
    /// refinement costs grow quadratically and large components rarely repeat.
    pub canonical_max_order: usize,
    /// Threads for the search: 1 searches on the calling thread only; any other value
    /// splits the options of each large root position across the search thread pool
    /// (one thread per core).
    pub threads: usize,
    /// When the memos together pass this many bytes they are emptied (values already
    /// returned stay right; only reuse is lost).
    pub memo_limit_bytes: usize,
    /// A thread's exact memo is a cache in front of the shared memo: when it passes this
    /// many bytes it is emptied (not with [`MemoKey::Exact`], where it is the only memo).
    pub exact_cache_bytes: usize,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            memo_key: MemoKey::Canonical,
            canonical_max_order: 64,
            threads: 0,
            twin_reduction: true,
            known_pieces: true,
            memo_limit_bytes: 8 << 30,
            exact_cache_bytes: 256 << 20,
        }
    }
}

impl SearchConfig {
    /// Exact-mask memo and component splitting only: the plainest fast engine.
    pub fn plain() -> Self {
        SearchConfig {
            memo_key: MemoKey::Exact,
            twin_reduction: false,
            known_pieces: false,
            ..Self::default()
        }
    }
}

/// The key under which a component's value is shared between positions and graphs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MemoKey {
    /// Only the per-graph exact vertex-set memo: no sharing between copies.
    Exact,
    /// The component's adjacency with its vertices in their order in the graph: copies
    /// that are translates in a family's vertex order (grid strips, linked 4-cycles,
    /// queens) share an entry. Cheap.
    Shape,
    /// A canonical form (see [`canonical`](crate::canonical)): every isomorphic copy
    /// shares an entry. Costs a colour refinement per new component.
    Canonical,
    /// The least image of the component under the host graph's symmetries (flips,
    /// translations, rotations: see [`symmetry`](crate::symmetry)), when the solver has a
    /// [`HostSymmetry`] for the graph it is solving ([`Solver::set_host_symmetry`]);
    /// otherwise as [`Canonical`](Self::Canonical). Copies under those maps share an
    /// entry; the key is a vertex set, so it is cheap to build and a few words to store.
    Symmetry,
}

/// Counters of one [`Solver`], cumulative over every graph it solved.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Positions whose options were searched (memo misses).
    pub positions: u64,
    /// Lookups answered by the exact memo.
    pub exact_hits: u64,
    /// Lookups answered by the shared memo under the shape key.
    pub shape_hits: u64,
    /// Lookups answered by the shared memo under the canonical key.
    pub canonical_hits: u64,
    /// Lookups answered by the shared memo under the host-symmetry key.
    pub symmetry_hits: u64,
    /// Components answered as a path or cycle.
    pub known_hits: u64,
    /// Components shrunk by twin deletion.
    pub twin_reductions: u64,
    /// Entries in the shared memo now (shape and canonical keys).
    pub shared_entries: u64,
    /// Times the memos were emptied for hitting the memory limit.
    pub evictions: u64,
    /// Times a thread's exact memo (a cache in front of the shared memo) was emptied for
    /// passing [`SearchConfig::exact_cache_bytes`].
    pub cache_clears: u64,
}

impl SearchStats {
    /// Adds another engine's counters (the memo size is not additive and is left alone).
    fn add(&mut self, other: &SearchStats) {
        self.positions += other.positions;
        self.exact_hits += other.exact_hits;
        self.shape_hits += other.shape_hits;
        self.canonical_hits += other.canonical_hits;
        self.symmetry_hits += other.symmetry_hits;
        self.known_hits += other.known_hits;
        self.twin_reductions += other.twin_reductions;
        self.evictions += other.evictions;
        self.cache_clears += other.cache_clears;
    }
}

/// A Node Kayles solver; keeps its shared memo between calls.
///
/// ```
/// use kayles_core::{families, search::Solver};
/// let mut solver = Solver::new();
/// assert_eq!(solver.nimber(&families::build("grid:3x4").unwrap()), Ok(0));
/// assert_eq!(solver.nimber(&families::build("path:15").unwrap()), Ok(5));
/// ```
pub struct Solver {
    shared: Shared,
    paths: PathNimbers,
}

/// What every engine of a solver shares, across threads.
struct Shared {
    config: SearchConfig,
    memo: Mutex<CodeMemo>,
    /// The host symmetry, if any, and its memo (keys are vertex sets of that host).
    symmetry: Option<HostSymmetry>,
    symmetric_memo: Mutex<CodeMemo>,
    stats: Mutex<SearchStats>,
    overflow: AtomicBool,
    /// Raised by the caller to stop the search.
    stop: Option<Arc<AtomicBool>>,
    /// Set once the search has seen `stop` raised: from then on every position is answered
    /// 0 at once, and the memos are emptied before the error is returned.
    stopped: AtomicBool,
}

impl Shared {
    fn memo(&self) -> MutexGuard<'_, CodeMemo> {
        self.memo
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn symmetric_memo(&self) -> MutexGuard<'_, CodeMemo> {
        self.symmetric_memo
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl Default for Solver {
    fn default() -> Self {
        Self::new()
    }
}

/// Components smaller than this are never split across threads.
const PARALLEL_MIN_ORDER: usize = 24;

/// The search's worker threads, with stacks deep enough for long games.
fn pool() -> &'static rayon::ThreadPool {
    static POOL: OnceLock<rayon::ThreadPool> = OnceLock::new();
    POOL.get_or_init(|| {
        rayon::ThreadPoolBuilder::new()
            .stack_size(256 << 20)
            .thread_name(|i| format!("kayles-search-{i}"))
            .build()
            .expect("building the search thread pool")
    })
}

impl Solver {
    /// A solver with every layer on.
    pub fn new() -> Self {
        Self::with_config(SearchConfig::default())
    }

    /// A solver with the given layers.
    pub fn with_config(config: SearchConfig) -> Self {
        Solver {
            shared: Shared {
                config,
                memo: Mutex::new(CodeMemo::new()),
                symmetry: None,
                symmetric_memo: Mutex::new(CodeMemo::new()),
                stats: Mutex::new(SearchStats::default()),
                overflow: AtomicBool::new(false),
                stop: None,
                stopped: AtomicBool::new(false),
            },
            paths: PathNimbers::new(),
        }
    }

    /// Gives the solver the symmetry of one host graph (or none), for
    /// [`MemoKey::Symmetry`]; empties the memo of the previous one. The symmetry is used
    /// only on a connected graph that [`is`](HostSymmetry::is_host) its host.
    ///
    /// ```
    /// use kayles_core::{families, search::{MemoKey, SearchConfig, Solver}};
    /// let config = SearchConfig { memo_key: MemoKey::Symmetry, ..SearchConfig::default() };
    /// let mut solver = Solver::with_config(config);
    /// solver.set_host_symmetry(families::host_symmetry("grid:3x12").unwrap());
    /// assert_eq!(solver.nimber(&families::build("grid:3x12").unwrap()), Ok(5));
    /// assert!(solver.stats().symmetry_hits > 0);
    /// ```
    pub fn set_host_symmetry(&mut self, symmetry: Option<HostSymmetry>) {
        if self.shared.symmetry == symmetry {
            return;
        }
        self.shared.symmetry = symmetry;
        self.shared.symmetric_memo().clear();
    }

    /// A flag that stops the search: once it is raised (from another thread or a signal
    /// handler), [`nimber`](Self::nimber) returns [`SearchError::Stopped`] within
    /// milliseconds, and the memos are emptied (values computed after the stop would be
    /// wrong). The flag is not lowered by the solver.
    ///
    /// ```
    /// use kayles_core::{families, search::{SearchError, Solver}};
    /// use std::sync::{atomic::AtomicBool, Arc};
    /// let mut solver = Solver::new();
    /// solver.set_stop_flag(Some(Arc::new(AtomicBool::new(true))));
    /// assert_eq!(solver.nimber(&families::build("grid:3x20").unwrap()), Err(SearchError::Stopped));
    /// solver.set_stop_flag(None);
    /// assert_eq!(solver.nimber(&families::build("grid:3x4").unwrap()), Ok(0));
    /// ```
    pub fn set_stop_flag(&mut self, flag: Option<Arc<AtomicBool>>) {
        self.shared.stop = flag;
    }

    /// The layers in use.
    pub fn config(&self) -> SearchConfig {
        self.shared.config
    }

    /// Changes the layers; the memos stay (their keys are full keys, valid under any
    /// configuration).
    pub fn set_config(&mut self, config: SearchConfig) {
        self.shared.config = config;
    }

    /// The counters so far.
    pub fn stats(&self) -> SearchStats {
        let stats = *self.shared.stats.lock().unwrap_or_else(|p| p.into_inner());
        SearchStats {
            shared_entries: (self.shared.memo().len() + self.shared.symmetric_memo().len()) as u64,
            ..stats
        }
    }

    /// Bytes held by the shared memo.
    pub fn memo_bytes(&self) -> usize {
        self.shared.memo().bytes() + self.shared.symmetric_memo().bytes()
    }

    /// The Node Kayles nimber of `g`.
    pub fn nimber(&mut self, g: &Graph) -> Result<u32, SearchError> {
        let mut total = 0u32;
        for comp in g.components(&g.vertices()) {
            let (sub, _) = g.induced_subgraph(&comp);
            total ^= self.connected_nimber(&sub)?;
        }
        Ok(total)
    }

    fn connected_nimber(&mut self, g: &Graph) -> Result<u32, SearchError> {
        let n = g.order();
        self.paths.path(n);
        // Deep positions recurse once per move; give large graphs a large stack (callers
        // such as rayon workers may have small ones).
        if n > 64 {
            let mut result = None;
            std::thread::scope(|scope| {
                let handle = std::thread::Builder::new()
                    .stack_size(1 << 30)
                    .spawn_scoped(scope, || self.dispatch(g))
                    .expect("spawning the search thread");
                result = Some(handle.join().expect("search thread panicked"));
            });
            result.expect("joined")
        } else {
            self.dispatch(g)
        }
    }

    fn dispatch(&self, g: &Graph) -> Result<u32, SearchError> {
        match g.order() {
            0..=64 => self.run::<u64>(g),
            65..=128 => self.run::<u128>(g),
            129..=256 => self.run::<Words<4>>(g),
            257..=512 => self.run::<Words<8>>(g),
            513..=1024 => self.run::<Words<16>>(g),
            1025..=2048 => self.run::<Words<32>>(g),
            2049..=MAX_COMPONENT_ORDER => self.run::<Words<64>>(g),
            order => Err(SearchError::ComponentTooLarge {
                order,
                max: MAX_COMPONENT_ORDER,
            }),
        }
    }

    fn run<S: Bits>(&self, g: &Graph) -> Result<u32, SearchError> {
        let n = g.order();
        if n == 0 {
            return Ok(0);
        }
        let graph = EngineGraph {
            closed: g.closed_neighbourhoods::<S>(),
            neighbour_lists: (0..n)
                .map(|v| g.neighbours(v).iter().map(|u| u as u32).collect())
                .collect(),
        };
        let paths: Vec<u8> = (0..=n).map(|k| self.paths.known(k)).collect();
        let symmetry = match &self.shared.symmetry {
            Some(sym) if self.shared.config.memo_key == MemoKey::Symmetry && sym.is_host(g) => {
                Some(sym)
            }
            _ => None,
        };
        let mut engine = Engine::new(&graph, &self.shared, &paths, symmetry);
        engine.parallel_root = self.shared.config.threads != 1 && n >= PARALLEL_MIN_ORDER;
        engine.check_stop();
        let value = engine.value(S::prefix(n));
        drop(engine);
        if self.shared.stopped.swap(false, Ordering::Relaxed) {
            self.shared.memo().clear();
            self.shared.symmetric_memo().clear();
            self.shared.overflow.store(false, Ordering::Relaxed);
            return Err(SearchError::Stopped);
        }
        if self.shared.overflow.swap(false, Ordering::Relaxed) {
            Err(SearchError::NimberTooLarge)
        } else {
            Ok(u32::from(value))
        }
    }
}

/// What one pass over a component learns.
struct Survey {
    order: usize,
    degree_sum: usize,
    max_degree: usize,
}

/// What a missed component is stored under once its value is known.
enum Pending<S> {
    Codes(Keys),
    /// Under the host-symmetry key, and under the canonical code when it was built.
    Symmetric {
        hash: u64,
        key: S,
        codes: Option<Keys>,
    },
}

/// Where a missed component's codes sit on the code stack, and their hashes.
struct Keys {
    start: usize,
    mid: usize,
    shape_hash: Option<u64>,
    canonical_hash: Option<u64>,
}

/// The graph an engine searches, shared read-only by the engines of all threads.
struct EngineGraph<S> {
    closed: Vec<S>,
    /// Adjacency lists (used by the component search on wide sets).
    neighbour_lists: Vec<Vec<u32>>,
}

/// The search over the vertex sets of one connected graph, on one thread.
struct Engine<'a, S: Bits> {
    graph: &'a EngineGraph<S>,
    shared: &'a Shared,
    /// The host symmetry, when the shared memo is keyed by it.
    symmetry: Option<&'a HostSymmetry>,
    /// `paths[k]` = the value of the path on `k` vertices, for every `k <= n`.
    paths: &'a [u8],
    exact: ExactTable<S>,
    canonizer: Canonizer,
    stats: SearchStats,
    /// A stack of memo codes: each open position keeps its codes here while its
    /// options are searched.
    codes: Vec<u64>,
    local_of: Vec<u32>,
    twin_hashes: Vec<(u64, u32)>,
    twin_counter: ClassCounter,
    hash_buffer: Vec<u64>,
    stack: Vec<u32>,
    /// The components of the options of the open positions (see
    /// [`narrow_option_values`](Self::narrow_option_values)), each option ended by the
    /// empty set.
    pieces: Vec<S>,
    /// The words of the host-symmetry key being looked up or stored.
    key_words: Vec<u64>,
    /// Split the next expansion's options across the thread pool.
    parallel_root: bool,
}

impl<S: Bits> Drop for Engine<'_, S> {
    fn drop(&mut self) {
        let mut total = self.shared.stats.lock().unwrap_or_else(|p| p.into_inner());
        total.add(&self.stats);
    }
}

impl<'a, S: Bits> Engine<'a, S> {
    fn new(
        graph: &'a EngineGraph<S>,
        shared: &'a Shared,
        paths: &'a [u8],
        symmetry: Option<&'a HostSymmetry>,
    ) -> Self {
        Engine {
            graph,
            shared,
            symmetry,
            paths,
            exact: ExactTable::new(),
            canonizer: Canonizer::new(),
            stats: SearchStats::default(),
            codes: Vec::new(),
            local_of: vec![0; graph.closed.len()],
            twin_hashes: Vec::new(),
            twin_counter: ClassCounter::default(),
            hash_buffer: Vec::new(),
            stack: Vec::new(),
            pieces: Vec::new(),
            key_words: Vec::new(),
            parallel_root: false,
        }
    }

    /// Value of a non-empty connected vertex set.
    fn value(&mut self, comp: S) -> u8 {
        if comp.count() <= 2 {
            return 1;
        }
        if let Some(v) = self.exact.get(comp) {
            self.stats.exact_hits += 1;
            return v;
        }
        let v = self.value_uncached(comp);
        self.remember(comp, v);
        v
    }

    fn remember(&mut self, comp: S, v: u8) {
        // The shared memo's size is read under its lock, so only now and then.
        if self.exact.len() % 1024 == 1023 {
            let config = self.shared.config;
            let limit = config.memo_limit_bytes;
            let exact_bytes = self.exact.bytes();
            // The table is at most half full: an entry costs two slots.
            let entry_bytes = 2 * std::mem::size_of::<(S, u8)>();
            if config.memo_key != MemoKey::Exact
                && self.exact.len() * entry_bytes > config.exact_cache_bytes
            {
                // Keep the allocation: the cache refills to the same size.
                self.exact.clear();
                self.stats.cache_clears += 1;
            }
            let mut memo = self.shared.memo();
            let mut symmetric = self.shared.symmetric_memo();
            if exact_bytes + memo.bytes() + symmetric.bytes() > limit {
                self.exact.reset();
                if memo.bytes() + symmetric.bytes() > limit / 2 {
                    memo.clear();
                    symmetric.clear();
                }
                self.stats.evictions += 1;
            }
        }
        self.exact.insert(comp, v);
    }

    /// The options' values of `comp`, as a 256-bit seen set; split across the thread pool
    /// when this is the root of a large search.
    fn option_values(&mut self, comp: S) -> [u64; 4] {
        let mut seen = [0u64; 4];
        let closed = &self.graph.closed;
        if std::mem::take(&mut self.parallel_root) {
            let vertices: Vec<usize> = comp.iter().collect();
            let (graph, shared, paths, symmetry) =
                (self.graph, self.shared, self.paths, self.symmetry);
            // Contiguous chunks, a few per thread: neighbouring root moves leave
            // overlapping pieces, which a chunk's engine then finds in its exact memo.
            let chunk = vertices
                .len()
                .div_ceil(4 * pool().current_num_threads())
                .max(1);
            let values: Vec<u8> = pool().install(|| {
                vertices
                    .par_iter()
                    .with_min_len(chunk)
                    .map_init(
                        || Engine::new(graph, shared, paths, symmetry),
                        |engine, &v| engine.xor_of_components(comp.difference(graph.closed[v])),
                    )
                    .collect()
            });
            for x in values {
                seen[(x >> 6) as usize] |= 1 << (x & 63);
            }
        } else {
            if S::WORDS <= 2 {
                return self.narrow_option_values(comp);
            }
            for v in comp.iter() {
                let x = self.xor_of_components(comp.difference(closed[v]));
                seen[(x >> 6) as usize] |= 1 << (x & 63);
            }
        }
        seen
    }

    /// [`option_values`](Self::option_values) on narrow sets, in two passes: first every
    /// option is split into its components (pure bit work), then they are all looked up.
    /// The lookups of one position are independent of each other, so the processor
    /// overlaps their memory accesses instead of waiting for each in turn.
    fn narrow_option_values(&mut self, comp: S) -> [u64; 4] {
        let closed = &self.graph.closed;
        let base = self.pieces.len();
        for v in comp.iter() {
            let mut left = comp.difference(closed[v]);
            while let Some(start) = left.first() {
                let piece = component_within(closed, start, left);
                left = left.difference(piece);
                if piece.count() > 2 {
                    self.exact.prefetch(piece);
                }
                self.pieces.push(piece);
            }
            // The empty set ends an option.
            self.pieces.push(S::empty());
        }
        let end = self.pieces.len();
        let mut seen = [0u64; 4];
        let mut x = 0u8;
        for i in base..end {
            let piece = self.pieces[i];
            if piece.is_empty() {
                seen[(x >> 6) as usize] |= 1 << (x & 63);
                x = 0;
            } else {
                x ^= self.value(piece);
            }
        }
        self.pieces.truncate(base);
        seen
    }

    /// Notes a raised stop flag in `shared.stopped`.
    fn check_stop(&self) {
        if let Some(stop) = &self.shared.stop {
            if stop.load(Ordering::Relaxed) {
                self.shared.stopped.store(true, Ordering::Relaxed);
            }
        }
    }

    fn value_uncached(&mut self, comp: S) -> u8 {
        if self.shared.stopped.load(Ordering::Relaxed) {
            return 0;
        }
        if self.stats.positions % 4096 == 0 {
            self.check_stop();
        }
        let config = self.shared.config;
        if config.known_pieces || config.twin_reduction {
            let survey = self.survey(comp);
            if config.known_pieces && survey.max_degree <= 2 {
                self.stats.known_hits += 1;
                let k = survey.order;
                // A cycle C_k: every move leaves the path on k - 3 vertices.
                return if survey.degree_sum / 2 == k - 1 {
                    self.paths[k]
                } else {
                    u8::from(self.paths[k - 3] == 0)
                };
            }
            if config.twin_reduction {
                let reduced = self.without_twins(comp);
                if reduced != comp {
                    self.stats.twin_reductions += 1;
                    return self.value(reduced);
                }
            }
        }
        let pending = match (config.memo_key, self.symmetry) {
            (MemoKey::Exact, _) => None,
            (MemoKey::Symmetry, Some(symmetry)) => {
                let key = symmetry.key(comp);
                set_key_words(key, &mut self.key_words);
                let hash = CodeMemo::hash(&self.key_words);
                if let Some(v) = self.shared.symmetric_memo().get(hash, &self.key_words) {
                    self.stats.symmetry_hits += 1;
                    return v;
                }
                let codes = match self.shared_lookup(comp, false) {
                    Ok(v) => {
                        // Next time this component or an image of it is met, the cheap
                        // key answers. (`shared_lookup` leaves `key_words` alone.)
                        self.shared
                            .symmetric_memo()
                            .insert(hash, &self.key_words, v);
                        return v;
                    }
                    Err(keys) => keys,
                };
                Some(Pending::Symmetric { hash, key, codes })
            }
            _ => match self.shared_lookup(comp, true) {
                Ok(v) => return v,
                Err(keys) => keys.map(Pending::Codes),
            },
        };
        self.stats.positions += 1;
        let seen = self.option_values(comp);
        let value = match mex(&seen) {
            Some(m) => m,
            None => {
                self.shared.overflow.store(true, Ordering::Relaxed);
                0
            }
        };
        match pending {
            None => {}
            Some(Pending::Codes(keys)) => self.store_codes(keys, value),
            Some(Pending::Symmetric { hash, key, codes }) => {
                // The search of the options reused `key_words`.
                set_key_words(key, &mut self.key_words);
                self.shared
                    .symmetric_memo()
                    .insert(hash, &self.key_words, value);
                if let Some(keys) = codes {
                    self.store_codes(keys, value);
                }
            }
        }
        value
    }

    /// Stores `value` under the codes of a miss and pops them off the code stack.
    fn store_codes(&mut self, keys: Keys, value: u8) {
        let mut memo = self.shared.memo();
        if let Some(h) = keys.shape_hash {
            memo.insert(h, &self.codes[keys.start..keys.mid], value);
        }
        if let Some(h) = keys.canonical_hash {
            memo.insert(h, &self.codes[keys.mid..], value);
        }
        self.codes.truncate(keys.start);
    }

    /// Looks `comp` up in the shared memo, first (when `shape`) under its shape code, then
    /// (with [`MemoKey::Canonical`] or [`MemoKey::Symmetry`], up to `canonical_max_order`
    /// vertices) under its canonical code. On a miss the codes stay on `self.codes` for
    /// the store after the search (`None`: no code was built).
    fn shared_lookup(&mut self, comp: S, shape: bool) -> Result<u8, Option<Keys>> {
        let k = comp.count() as usize;
        let config = self.shared.config;
        let canonize = matches!(config.memo_key, MemoKey::Canonical | MemoKey::Symmetry)
            && k <= config.canonical_max_order;
        if !shape && !canonize {
            return Err(None);
        }
        for (i, v) in comp.iter().enumerate() {
            self.local_of[v] = i as u32;
        }
        let start = self.codes.len();
        let narrow: Option<Vec<u64>> = (k <= 64).then(|| {
            comp.iter()
                .map(|v| {
                    let mut row = 0u64;
                    self.for_each_neighbour_in(v, comp, |u| row |= 1 << self.local_of[u]);
                    row
                })
                .collect()
        });
        let mut shape_hash = None;
        if shape {
            match &narrow {
                Some(adjacency) => canonical::labelled_code(adjacency, &mut self.codes),
                None => self.push_sparse_shape_code(comp, k),
            }
            let hash = CodeMemo::hash(&self.codes[start..]);
            let hit = self.shared.memo().get(hash, &self.codes[start..]);
            if let Some(v) = hit {
                self.stats.shape_hits += 1;
                self.codes.truncate(start);
                return Ok(v);
            }
            shape_hash = Some(hash);
        }
        let mid = self.codes.len();
        let mut keys = Keys {
            start,
            mid,
            shape_hash,
            canonical_hash: None,
        };
        if !canonize {
            return Err(Some(keys));
        }
        match narrow {
            Some(adjacency) => {
                self.canonizer.code(&adjacency, &mut self.codes);
            }
            None => {
                let adjacency: Vec<S> = comp
                    .iter()
                    .map(|v| {
                        let mut row = S::empty();
                        self.for_each_neighbour_in(v, comp, |u| {
                            row.insert(self.local_of[u] as usize)
                        });
                        row
                    })
                    .collect();
                self.canonizer.code(&adjacency, &mut self.codes);
            }
        }
        let hash = CodeMemo::hash(&self.codes[mid..]);
        let mut memo = self.shared.memo();
        if let Some(v) = memo.get(hash, &self.codes[mid..]) {
            self.stats.canonical_hits += 1;
            // Next time this shape is met, the cheap key answers.
            if let Some(shape_hash) = shape_hash {
                memo.insert(shape_hash, &self.codes[start..mid], v);
            }
            self.codes.truncate(start);
            return Ok(v);
        }
        keys.canonical_hash = Some(hash);
        Err(Some(keys))
    }

    /// The shape code of a component of more than 64 vertices, straight from the adjacency
    /// lists: `[k | 2 << 32, then for each vertex i (in graph order) its number of earlier
    /// neighbours and the gaps i - j to them]` in 16-bit values. The tag keeps it apart from
    /// the lower-triangle codes of [`canonical`].
    fn push_sparse_shape_code(&mut self, comp: S, k: usize) {
        self.codes.push(k as u64 | 2 << 32);
        let mut word = 0u64;
        let mut filled = 0u32;
        let mut push = |codes: &mut Vec<u64>, value: u64| {
            word |= (value & 0xffff) << (16 * filled);
            filled += 1;
            if filled == 4 {
                codes.push(word);
                word = 0;
                filled = 0;
            }
        };
        let mut gaps: Vec<u64> = Vec::new();
        for v in comp.iter() {
            let i = self.local_of[v];
            gaps.clear();
            self.for_each_neighbour_in(v, comp, |u| {
                let j = self.local_of[u];
                if j < i {
                    gaps.push(u64::from(i - j));
                }
            });
            push(&mut self.codes, gaps.len() as u64);
            for &g in &gaps {
                push(&mut self.codes, g);
            }
        }
        if filled > 0 {
            self.codes.push(word);
        }
    }

    /// Xor of the values of the components of `set`.
    ///
    /// Narrow sets grow each component a whole frontier at a time with bitset unions;
    /// wide ones (long sparse components, where that would cost diameter x width) walk
    /// adjacency lists over plain word arrays.
    fn xor_of_components(&mut self, set: S) -> u8 {
        let mut x = 0u8;
        if S::WORDS <= 2 {
            let mut left = set;
            while let Some(start) = left.first() {
                let comp = component_within(&self.graph.closed, start, left);
                left = left.difference(comp);
                x ^= self.value(comp);
            }
            return x;
        }
        self.xor_of_wide_components(set)
    }

    /// [`xor_of_components`](Self::xor_of_components) for wide sets: adjacency lists over
    /// plain word arrays. Kept out of line so that the narrow path's stack frame (one per
    /// level of the search) stays small.
    #[inline(never)]
    fn xor_of_wide_components(&mut self, set: S) -> u8 {
        let mut x = 0u8;
        let words = S::WORDS;
        let mut left = [0u64; MAX_WORDS];
        for (i, w) in left[..words].iter_mut().enumerate() {
            *w = set.word(i);
        }
        let mut comp = [0u64; MAX_WORDS];
        let mut stack = std::mem::take(&mut self.stack);
        for i in 0..words {
            while left[i] != 0 {
                let start = 64 * i + left[i].trailing_zeros() as usize;
                left[i] &= left[i] - 1;
                comp[..words].fill(0);
                comp[i] |= 1 << (start % 64);
                stack.clear();
                stack.push(start as u32);
                while let Some(v) = stack.pop() {
                    for &u in &self.graph.neighbour_lists[v as usize] {
                        let (w, bit) = (u as usize / 64, 1u64 << (u % 64));
                        if left[w] & bit != 0 {
                            left[w] &= !bit;
                            comp[w] |= bit;
                            stack.push(u);
                        }
                    }
                }
                x ^= self.value(S::from_words(&comp[..words]));
            }
        }
        self.stack = stack;
        x
    }

    /// Calls `f` on each neighbour of `v` inside `comp`: bitset iteration on narrow sets,
    /// the adjacency list on wide ones (cost by degree, not by width).
    #[inline]
    fn for_each_neighbour_in(&self, v: usize, comp: S, mut f: impl FnMut(usize)) {
        if S::WORDS <= 2 {
            self.graph.closed[v]
                .intersection(comp)
                .without(v)
                .iter()
                .for_each(f);
        } else {
            for &u in &self.graph.neighbour_lists[v] {
                if comp.contains(u as usize) {
                    f(u as usize);
                }
            }
        }
    }

    /// One pass over `comp`: its order, degrees, and (into `self.twin_hashes`) a hash of
    /// each vertex's closed neighbourhood, for the known-piece and twin checks.
    fn survey(&mut self, comp: S) -> Survey {
        let mut pairs = std::mem::take(&mut self.twin_hashes);
        pairs.clear();
        let mut survey = Survey {
            order: 0,
            degree_sum: 0,
            max_degree: 0,
        };
        for v in comp.iter() {
            let mut h = mix(v as u64);
            let mut d = 0;
            self.for_each_neighbour_in(v, comp, |u| {
                h = h.wrapping_add(mix(u as u64));
                d += 1;
            });
            pairs.push((h, v as u32));
            survey.order += 1;
            survey.degree_sum += d;
            survey.max_degree = survey.max_degree.max(d);
        }
        self.twin_hashes = pairs;
        survey
    }

    /// `comp` with one true twin deleted from every class of true twins, or (when there
    /// are none) with two vertices deleted from every class of three or more false twins.
    /// The result is connected and has the same value (MOD-TWINS).
    ///
    /// Candidates are grouped by a hash of their neighbourhood and confirmed by comparing
    /// the sets, so the cost is about the number of edges, not `n^2`.
    fn without_twins(&mut self, comp: S) -> S {
        // `self.twin_hashes` holds (closed-neighbourhood hash, vertex) from `survey`.
        let mut pairs = std::mem::take(&mut self.twin_hashes);
        // Fast path: no two equal closed or open hashes means no twins at all.
        let mut hashes = std::mem::take(&mut self.hash_buffer);
        hashes.clear();
        hashes.extend(pairs.iter().map(|p| p.0));
        let closed_clash = self.twin_counter.max_multiplicity(&hashes) >= 2;
        for (h, p) in hashes.iter_mut().zip(&pairs) {
            *h = h.wrapping_sub(mix(u64::from(p.1)));
        }
        let open_clash = self.twin_counter.max_multiplicity(&hashes) >= 3;
        self.hash_buffer = hashes;
        if !closed_clash && !open_clash {
            self.twin_hashes = pairs;
            return comp;
        }
        pairs.sort_unstable();
        let closed_in = |v: u32| self.graph.closed[v as usize].intersection(comp);
        let mut reduced = comp;
        for run in pairs.chunk_by(|a, b| a.0 == b.0) {
            let first = closed_in(run[0].1);
            for &(_, v) in &run[1..] {
                if closed_in(v) == first {
                    reduced = reduced.without(v as usize);
                }
            }
        }
        if reduced == comp {
            // Open neighbourhoods: the closed hash minus the vertex's own term.
            for p in pairs.iter_mut() {
                p.0 = p.0.wrapping_sub(mix(u64::from(p.1)));
            }
            pairs.sort_unstable();
            let open_in = |v: u32| closed_in(v).without(v as usize);
            for run in pairs.chunk_by(|a, b| a.0 == b.0) {
                if run.len() < 3 {
                    continue;
                }
                let first = open_in(run[0].1);
                let class: Vec<u32> = run
                    .iter()
                    .map(|p| p.1)
                    .filter(|&v| open_in(v) == first)
                    .collect();
                if class.len() >= 3 {
                    // Keep one vertex of an odd class, two of an even one.
                    let keep = if class.len() % 2 == 1 { 1 } else { 2 };
                    for &v in &class[keep..] {
                        reduced = reduced.without(v as usize);
                    }
                }
            }
        }
        self.twin_hashes = pairs;
        reduced
    }
}

/// Puts the words of a vertex set into `words`, as a memo key.
fn set_key_words<S: Bits>(set: S, words: &mut Vec<u64>) {
    words.clear();
    words.extend((0..S::WORDS).map(|i| set.word(i)));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families;

    #[test]
    fn dawson_paths() {
        let want = [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5];
        for config in [SearchConfig::default(), SearchConfig::plain()] {
            let mut s = Solver::with_config(config);
            for (n, &w) in want.iter().enumerate() {
                assert_eq!(s.nimber(&families::path(n)).unwrap(), w, "P_{n} {config:?}");
            }
        }
    }
}
