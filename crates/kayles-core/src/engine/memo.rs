//! The memos every search of one game shares ([`SharedMemo`]): records of components
//! under their shared keys, in shards behind locks, bounded in bytes; the live counters
//! that progress reports read ([`SearchProgress`]).

use super::code_memo::{CodeCounts, CodeMemo};
use super::{Record, Remote, SearchConfig, SearchStats};
use crate::leaves::host_table::LeafHostTable;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex, OnceLock};

#[cfg(doc)]
use super::{solve, SearchError};

/// A concurrent map from codes to records: [`CodeMemo`]s in shards picked by the hash, each
/// behind its own lock, so that threads rarely wait for each other.
pub(super) struct ShardedMemo {
    shards: Box<[Mutex<CodeMemo>]>,
}

const SHARDS: usize = 64;

/// The shard of a code whose hash is `hash`.
#[inline]
fn shard_of(hash: u64) -> usize {
    (hash >> 58) as usize % SHARDS
}

impl ShardedMemo {
    fn new() -> Self {
        ShardedMemo {
            shards: (0..SHARDS).map(|_| Mutex::new(CodeMemo::new())).collect(),
        }
    }

    #[inline]
    fn shard(&self, hash: u64) -> std::sync::MutexGuard<'_, CodeMemo> {
        self.shards[shard_of(hash)]
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub(super) fn get(&self, hash: u64, code: &[u64]) -> Option<Record> {
        self.shard(hash).get(hash, code)
    }

    /// Merges `record` into the entry of `code`.
    pub(super) fn insert(&self, hash: u64, code: &[u64], record: Record) {
        self.shard(hash).insert(hash, code, record);
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

    /// Calls `f` with every entry, one shard at a time: each shard is copied under its
    /// lock and `f` runs after it is released, so a search waits for one copy at most.
    fn for_each(&self, mut f: impl FnMut(&[u64], Record)) {
        let mut words = Vec::new();
        let mut entries: Vec<(u32, Record)> = Vec::new();
        for shard in self.shards.iter() {
            words.clear();
            entries.clear();
            shard
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .for_each(|code, record| {
                    words.extend_from_slice(code);
                    entries.push((code.len() as u32, record));
                });
            let mut start = 0;
            for &(len, record) in &entries {
                let end = start + len as usize;
                f(&words[start..end], record);
                start = end;
            }
        }
    }

    /// Sheds every shard ([`CodeMemo::shed`]): the entries of the smaller components go.
    pub(super) fn shed(&self) {
        for s in self.shards.iter() {
            s.lock().unwrap_or_else(|p| p.into_inner()).shed();
        }
    }

    pub(super) fn clear(&self) {
        for s in self.shards.iter() {
            s.lock().unwrap_or_else(|p| p.into_inner()).clear();
        }
    }
}

/// The part of a [`SharedMemo`] that other threads may watch while a search runs.
pub(super) struct Tables {
    /// Shape and canonical codes (full descriptions of components).
    pub(super) codes: ShardedMemo,
    /// Host-symmetry keys (valid for one host only).
    pub(super) symmetric: ShardedMemo,
    /// The dense leaf's table of host subsets (valid for one host only), shared by the
    /// threads: each search call takes the one here when it starts, and emptying it
    /// puts a new one here (calls already running keep theirs).
    pub(super) leaf_host: Mutex<Arc<LeafHostTable>>,
    /// Positions searched, updated every [`PROGRESS_EVERY`] positions by each thread.
    pub(super) positions: AtomicU64,
    /// Positions visited by the dense leaf, updated after each of its decisions.
    pub(super) leaf_positions: AtomicU64,
    /// Bytes held by the threads' exact caches now.
    pub(super) exact_bytes: AtomicU64,
    /// Held by the thread shedding the shared memo, so that two threads over the limit at
    /// once do not shed it twice.
    pub(super) shedding: AtomicBool,
    /// The other processes of a search spread over several (engine/remote.rs), if any.
    pub(super) remote: OnceLock<Arc<dyn Remote>>,
}

impl Tables {
    pub(super) fn bytes(&self) -> usize {
        self.codes.bytes() + self.symmetric.bytes() + self.leaf_host().bytes()
    }

    /// Sheds the shared memo ([`CodeMemo::shed`]) unless another thread is shedding it.
    pub(super) fn shed(&self) {
        use std::sync::atomic::Ordering::{AcqRel, Acquire, Release};
        if self
            .shedding
            .compare_exchange(false, true, AcqRel, Acquire)
            .is_ok()
        {
            self.codes.shed();
            self.symmetric.shed();
            self.shedding.store(false, Release);
        }
    }

    /// The leaf's host table now.
    pub(super) fn leaf_host(&self) -> Arc<LeafHostTable> {
        Arc::clone(&self.leaf_host.lock().unwrap_or_else(|p| p.into_inner()))
    }

    /// Puts an empty leaf host table of `bytes` in place of the one there.
    fn renew_leaf_host(&self, bytes: usize) {
        *self.leaf_host.lock().unwrap_or_else(|p| p.into_inner()) =
            Arc::new(LeafHostTable::new(bytes));
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

    /// Positions visited by the dense leaf so far (not among [`positions`](Self::positions)).
    pub fn leaf_positions(&self) -> u64 {
        self.0.leaf_positions.load(Relaxed)
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

/// Each thread adds its positions to the live counter this many at a time (and looks at
/// the stop flag as often).
pub(super) const PROGRESS_EVERY: u64 = 4096;

/// The two tables of a shared memo, as [`MemoHandle`] names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MemoTable {
    /// Shape and canonical codes: valid for any host.
    Codes,
    /// Host-symmetry keys: vertex sets of one host, under its symmetry.
    Symmetric,
}

impl MemoTable {
    /// Both tables, in the order of their index.
    const ALL: [MemoTable; 2] = [MemoTable::Codes, MemoTable::Symmetric];

    /// The table's place in [`ALL`](Self::ALL).
    fn index(self) -> usize {
        self as usize
    }
}

/// How many entries of each kind each shard of each table of a shared memo is to take:
/// what [`MemoHandle::reserve`] makes room for.
#[derive(Debug, Clone)]
pub struct MemoCounts([[CodeCounts; SHARDS]; 2]);

impl Default for MemoCounts {
    fn default() -> Self {
        MemoCounts([[CodeCounts::default(); SHARDS]; 2])
    }
}

impl MemoCounts {
    /// Counts an entry of `code` in `table`.
    pub fn add(&mut self, table: MemoTable, code: &[u64]) {
        self.0[table.index()][shard_of(CodeMemo::hash(code))].add(code);
    }
}

/// A solver's shared memo, held by another thread while a search runs or before it
/// starts: every entry read (to save the memo) or entries added (to load a saved one).
/// Every entry is a fact about its component (a stopped search keeps none of its
/// answers), so entries read at any moment stay true.
///
/// ```
/// use kayles_core::{families, node::Solver, engine::MemoTable};
/// let g = families::build("grid:3x10").unwrap();
/// let mut solver = Solver::new();
/// solver.nimber(&g).unwrap();
/// let mut saved = Vec::new();
/// solver.memo_handle().for_each_entry(|table, code, record| saved.push((table, code.to_vec(), record)));
/// let mut fresh = Solver::new();
/// for (table, code, record) in &saved {
///     fresh.memo_handle().insert(*table, code, *record);
/// }
/// assert_eq!(fresh.memo_handle().len(), saved.len());
/// assert_eq!(fresh.nimber(&g).unwrap(), solver.nimber(&g).unwrap());
/// ```
#[derive(Clone)]
pub struct MemoHandle(Arc<Tables>);

impl MemoHandle {
    /// Calls `f` with every entry of both tables (a shard at a time, each copied under its
    /// lock, so a running search waits for one copy at most).
    pub fn for_each_entry(&self, mut f: impl FnMut(MemoTable, &[u64], Record)) {
        for table in MemoTable::ALL {
            self.table(table)
                .for_each(|code, record| f(table, code, record));
        }
    }

    /// Merges `record` into the entry of `code` in `table`.
    pub fn insert(&self, table: MemoTable, code: &[u64], record: Record) {
        self.table(table).insert(CodeMemo::hash(code), code, record);
    }

    /// Makes room for the entries `counts` counted, before they are inserted: entries
    /// that come in another memo's order (a saved memo's) then go in in time in
    /// proportion to their number ([`CodeMemo::reserve`] says why it would be more).
    pub fn reserve(&self, counts: &MemoCounts) {
        for table in MemoTable::ALL {
            let shards = &counts.0[table.index()];
            for (shard, codes) in self.table(table).shards.iter().zip(shards) {
                shard
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .reserve(*codes);
            }
        }
    }

    fn table(&self, table: MemoTable) -> &ShardedMemo {
        match table {
            MemoTable::Codes => &self.0.codes,
            MemoTable::Symmetric => &self.0.symmetric,
        }
    }

    /// Spreads every later search of this memo over other processes: components of at
    /// least [`Remote::min_order`] vertices are asked of, claimed at and told to their
    /// home through `remote` (engine/remote.rs). Once per memo: false (and nothing
    /// changes) when a remote was set before.
    pub fn set_remote(&self, remote: Arc<dyn Remote>) -> bool {
        self.0.remote.set(remote).is_ok()
    }

    /// Entries in both tables.
    pub fn len(&self) -> usize {
        self.0.codes.len() + self.0.symmetric.len()
    }

    /// True when both tables are empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// What every search of one game shares, across threads and across calls: the shared
/// memo, the configuration, the counters, the stop flag.
pub struct SharedMemo {
    pub(super) config: SearchConfig,
    pub(super) tables: Arc<Tables>,
    pub(super) stats: Mutex<SearchStats>,
    pub(super) stop: Option<Arc<AtomicBool>>,
    /// Set once a search has seen `stop` raised: from then on every position is answered
    /// at once with a meaningless value, and the memos are emptied before the error is
    /// returned.
    pub(super) stopped: AtomicBool,
    /// Set when a nimber above 255 was met.
    pub(super) overflow: AtomicBool,
    /// Told of every node the outcome search concludes, on any number of threads
    /// (engine/proof.rs).
    pub(super) proof: Option<Arc<dyn super::proof::ProofHook>>,
}

impl SharedMemo {
    /// An empty memo for searches with `config`.
    pub fn new(config: SearchConfig) -> Self {
        SharedMemo {
            config,
            tables: Arc::new(Tables {
                codes: ShardedMemo::new(),
                symmetric: ShardedMemo::new(),
                leaf_host: Mutex::new(Arc::new(LeafHostTable::new(config.leaf_table_bytes))),
                positions: AtomicU64::new(0),
                leaf_positions: AtomicU64::new(0),
                exact_bytes: AtomicU64::new(0),
                shedding: AtomicBool::new(false),
                remote: OnceLock::new(),
            }),
            stats: Mutex::new(SearchStats::default()),
            stop: None,
            stopped: AtomicBool::new(false),
            overflow: AtomicBool::new(false),
            proof: None,
        }
    }

    /// The configuration.
    pub fn config(&self) -> SearchConfig {
        self.config
    }

    /// Changes the configuration; the memo stays (its keys are full keys, valid under any
    /// configuration).
    pub fn set_config(&mut self, config: SearchConfig) {
        if config.leaf_table_bytes != self.config.leaf_table_bytes {
            self.tables.renew_leaf_host(config.leaf_table_bytes);
        }
        self.config = config;
    }

    /// A flag that stops the search: once it is raised (from another thread or a signal
    /// handler), [`solve`] returns [`SearchError::Stopped`] within milliseconds, and the
    /// memos are emptied (values computed after the stop would be wrong).
    pub fn set_stop_flag(&mut self, flag: Option<Arc<AtomicBool>>) {
        self.stop = flag;
    }

    /// A hook told of every node the outcome search concludes (a certificate writer,
    /// engine/proof.rs), or none (the default: the search pays one test per node). Every
    /// thread of a search calls it, from the tasks not cancelled (engine/proof.rs).
    pub fn set_proof_hook(&mut self, hook: Option<Arc<dyn super::proof::ProofHook>>) {
        self.proof = hook;
    }

    /// Empties the host-symmetry memo and the leaf's host table (their keys are vertex
    /// sets of one host).
    pub fn clear_symmetric(&self) {
        self.tables.symmetric.clear();
        self.tables.renew_leaf_host(self.config.leaf_table_bytes);
    }

    /// Empties the leaf's host table alone (its keys are vertex sets of one host: a search
    /// of another graph must not read them).
    pub fn clear_leaf_host(&self) {
        self.tables.renew_leaf_host(self.config.leaf_table_bytes);
    }

    /// Empties every memo.
    pub fn clear(&self) {
        self.tables.codes.clear();
        self.clear_symmetric();
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

    /// A handle on the memo's entries, for saving and loading them.
    pub fn handle(&self) -> MemoHandle {
        MemoHandle(Arc::clone(&self.tables))
    }
}
