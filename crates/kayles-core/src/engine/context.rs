//! The threads of a search: the pool, and one call's [`Context`] (the game, the memo, one
//! working [`State`] per thread).

use super::exact_table::ExactTable;
use super::memo::PROGRESS_EVERY;
use super::{Game, SearchConfig, SearchStats, SharedMemo};
use crate::leaves::host_table::LeafHostTable;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Instant;

#[cfg(doc)]
use super::solve;

/// The search's worker threads, with stacks deep enough for long games (256 MiB each, of
/// reserved address space; where `ulimit -v` leaves no room for them, the largest of half,
/// a quarter, ... down to [`crate::stack::SMALLEST`] that fits).
///
/// On `wasm32` (no threads) the pool is the calling thread alone, so a search runs in
/// place.
pub fn pool() -> &'static rayon::ThreadPool {
    static POOL: OnceLock<rayon::ThreadPool> = OnceLock::new();
    #[cfg(target_arch = "wasm32")]
    return POOL.get_or_init(|| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .use_current_thread()
            .build()
            .expect("a pool of the calling thread alone needs no thread")
    });
    #[cfg(not(target_arch = "wasm32"))]
    POOL.get_or_init(|| {
        let mut stack = crate::stack::fitting(
            256 << 20,
            std::thread::available_parallelism().map_or(1, |n| n.get()),
        );
        loop {
            let built = rayon::ThreadPoolBuilder::new()
                .stack_size(stack)
                .thread_name(|i| format!("kayles-search-{i}"))
                .build();
            match built {
                Ok(pool) => return pool,
                Err(e) if stack / 2 < crate::stack::SMALLEST => {
                    panic!("building the search thread pool: {e}")
                }
                Err(_) => stack /= 2,
            }
        }
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

/// Components at most this many moves below the root (and of at least
/// [`SearchConfig::parallel_min_order`] vertices) have their options split across threads:
/// the top of the game tree, where the subtrees are large enough to pay for a task each.
pub const PARALLEL_LEVELS: usize = 3;

/// Outcome method: a node that splits its options searches them alone, in the move order,
/// until they have cost this many positions (see [`LEAF_SHARE`]), and only then hands the
/// rest to the pool: the first option always (young brothers wait), more where the first
/// were cheap, for then their siblings are likely cheap too and a task costs more than it
/// saves.
pub const SPLIT_AFTER: u64 = 2_000;

/// Outcome method: no node splits its options before the search has searched this many
/// positions (see [`LEAF_SHARE`]; a few hundredths of a second on one core): a search
/// shorter than that is over before a second thread would pay for its cold caches and
/// speculation (grid 3 x 24, 22,000 positions, lost a third of its speed on two threads
/// without it). Until then the second thread has nothing to do, so the warm-up is a fixed
/// price on every short search: 50,000 kept it idle for a fifth to two fifths of Cram 4 x 9,
/// 5 x 7 and 3 x 15 on two threads (docs/performance.md, "Two threads on boards under a
/// second").
pub const SPLIT_WARM_UP: u64 = 20_000;

/// In [`SPLIT_AFTER`] and [`SPLIT_WARM_UP`], a leaf position (of the game's own search of
/// dense components) counts as this fraction of a position: it costs about that much less.
pub const LEAF_SHARE: u64 = 16;

/// One search call: the game, the memo, and one engine state per thread of the pool.
///
/// **Why one state per thread is safe with nested parallelism.** A position that splits
/// its options across threads gives its thread's state back to that thread's slot before
/// it waits, and takes it again after. While it waits, rayon may run other tasks on the
/// same thread; each runs to completion on top of the waiting frame (rayon never moves a
/// running task), taking the slot's state and giving it back, so the slot is always free
/// when a task starts, and every state's stacks (codes, pieces) are used in stack order.
pub(super) struct Context<'a, G: Game> {
    pub(super) game: &'a G,
    pub(super) memo: &'a SharedMemo,
    /// The memo's leaf host table when the call started.
    pub(super) leaf_host: Arc<LeafHostTable>,
    /// The engine state of each thread of the pool (one slot when sequential), while no
    /// task on that thread holds it.
    slots: Vec<Mutex<Option<Box<State<G>>>>>,
    /// States that found their slot taken (never expected; kept for their counters).
    spare: Mutex<Vec<Box<State<G>>>>,
    /// Components at least this large split their options across threads (when they are
    /// at most [`PARALLEL_LEVELS`] moves below the root).
    pub(super) parallel_min_order: usize,
    /// [`SearchConfig::split_after`].
    pub(super) split_after: u64,
    /// [`SearchConfig::split_warm_up`].
    pub(super) split_warm_up: u64,
    pub(super) parallel: bool,
    /// [`SearchConfig::killer_levels`](super::SearchConfig::killer_levels).
    pub(super) killer_levels: usize,
    /// [`SearchConfig::killer_slots`](super::SearchConfig::killer_slots).
    pub(super) killer_slots: usize,
    /// When the call started, and on which thread of the pool (parallel calls only: the
    /// pool threads' idle time is measured against it).
    started: Option<(Instant, usize)>,
    /// Per thread of the pool: the positions and leaf positions it searched inside
    /// parallel tasks whose answer was not needed ([`Engine::not_needed`]).
    ///
    /// [`Engine::not_needed`]: super::lookup::Engine::not_needed
    speculative: Vec<[AtomicU64; 2]>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl<'a, G: Game> Context<'a, G> {
    /// A context for one call: one state slot per thread of the pool when `parallel`.
    pub(super) fn new(game: &'a G, memo: &'a SharedMemo, parallel: bool) -> Self {
        let threads = if parallel {
            pool().current_num_threads()
        } else {
            1
        };
        Context {
            game,
            memo,
            leaf_host: memo.tables.leaf_host(),
            slots: (0..threads).map(|_| Mutex::new(None)).collect(),
            spare: Mutex::new(Vec::new()),
            parallel_min_order: memo.config.parallel_min_order,
            split_after: memo.config.split_after,
            split_warm_up: memo.config.split_warm_up,
            parallel,
            killer_levels: memo.config.killer_levels,
            killer_slots: memo.config.killer_slots,
            started: parallel.then(|| (Instant::now(), Self::thread_index())),
            speculative: (0..threads).map(|_| Default::default()).collect(),
        }
    }

    /// The index of this thread in the pool (0 outside it).
    fn thread_index() -> usize {
        rayon::current_thread_index().unwrap_or(0)
    }

    /// Counts `work` as speculative, on the threads that did it.
    pub(super) fn add_speculative(&self, work: &Work) {
        for (thread, w) in work.0.iter().enumerate() {
            let counters = &self.speculative[thread.min(self.speculative.len() - 1)];
            counters[0].fetch_add(w[0], Relaxed);
            counters[1].fetch_add(w[1], Relaxed);
        }
    }

    fn slot(&self) -> &Mutex<Option<Box<State<G>>>> {
        &self.slots[Self::thread_index().min(self.slots.len() - 1)]
    }

    /// This thread's state (a new one the first time).
    pub(super) fn take_state(&self) -> Box<State<G>> {
        lock(self.slot()).take().unwrap_or_else(|| {
            let mut state = Box::new(State::new(self.game.scratch()));
            state.thread = Self::thread_index().min(self.slots.len() - 1);
            state
        })
    }

    /// Gives this thread's state back to its slot.
    pub(super) fn put_state(&self, state: Box<State<G>>) {
        let mut slot = lock(self.slot());
        if slot.is_none() {
            *slot = Some(state);
        } else {
            lock(&self.spare).push(state);
        }
    }

    /// Adds every state's counters to the memo's (with each thread's part, and in a
    /// parallel call the time each thread of the pool waited for work) and gives back
    /// their exact caches.
    pub(super) fn finish(&self) {
        let mut states: Vec<Box<State<G>>> = std::mem::take(&mut *lock(&self.spare));
        states.extend(self.slots.iter().filter_map(|slot| lock(slot).take()));
        let mut total = lock(&self.memo.stats);
        let tables = &self.memo.tables;
        let threads = self.slots.len();
        total.threads = total.threads.max(threads as u64);
        let mut busy = vec![0u64; threads];
        let mut join_idle = vec![0u64; threads];
        for state in &states {
            let t = state.thread;
            busy[t] += state.busy_nanos;
            join_idle[t] += state.join_idle_nanos;
            let mine = total.per_thread.get_mut(t);
            mine.positions += state.stats.positions;
            mine.leaf_positions += state.stats.leaf_positions;
        }
        for (t, counters) in self.speculative.iter().enumerate() {
            let (positions, leaf) = (counters[0].load(Relaxed), counters[1].load(Relaxed));
            total.speculative_positions += positions;
            total.speculative_leaf_positions += leaf;
            let mine = total.per_thread.get_mut(t);
            mine.speculative_positions += positions;
            mine.speculative_leaf_positions += leaf;
        }
        if let Some((started, root)) = self.started {
            // A thread is busy while it runs a task of this call (the thread that started
            // the call, from start to end), except while a task waits in
            // `Engine::in_parallel` with nothing to run.
            let elapsed = started.elapsed().as_nanos() as u64;
            busy[root.min(threads - 1)] = elapsed;
            for t in 0..threads {
                let idle = elapsed.saturating_sub(busy[t]) + join_idle[t];
                let idle = idle.min(elapsed);
                total.per_thread.get_mut(t).idle_nanos += idle;
                total.idle_nanos += idle;
            }
            total.pool_nanos += elapsed * threads as u64;
        }
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
pub(super) struct State<G: Game> {
    pub(super) exact: ExactTable<G::Position>,
    pub(super) scratch: G::Scratch,
    pub(super) stats: SearchStats,
    /// A stack of memo codes: each open position keeps its codes here while its options
    /// are searched.
    pub(super) codes: Vec<u64>,
    /// The pieces of the options of the open positions, each option ended by the vacant
    /// position.
    pub(super) pieces: Vec<G::Position>,
    /// The exact cache's bytes as last added to `Tables::exact_bytes`.
    pub(super) reported_bytes: u64,
    /// Moves from the root to the position being searched.
    pub(super) depth: usize,
    /// Outcome method: the options of the open positions still to be searched, as ranges
    /// of `pieces` (a stack, like `pieces`).
    pub(super) candidates: Vec<Candidate>,
    /// Outcome method: the pieces of the open sums whose nimber is not known yet, as
    /// indices into `pieces` (a stack).
    pub(super) unknown: Vec<u32>,
    /// The cancel flags of the parallel tasks the position being searched is nested in,
    /// outermost first (empty outside parallel tasks).
    pub(super) cancel: Vec<Arc<AtomicBool>>,
    /// Outcome method: the killer replies of the nodes `d` moves below the root, at
    /// `killers[d * s..(d + 1) * s]` for `s` [`SearchConfig::killer_slots`]: the last
    /// distinct moves ([`Game::option_move`]) that won a node at that depth decided on this
    /// thread by a search of its options, newest first.
    ///
    /// [`SearchConfig::killer_slots`]: super::SearchConfig::killer_slots
    pub(super) killers: Vec<Option<u32>>,
    /// Claimed components of a search spread over processes, deferred (engine/remote.rs).
    pub(super) defer: super::remote::DeferState,
    /// The flag of the last deferral ([`Remote::ask_watched`]), until the node that
    /// deferred the option takes it with [`DeferState::raised`].
    ///
    /// [`Remote::ask_watched`]: super::remote::Remote::ask_watched
    /// [`DeferState::raised`]: super::remote::DeferState
    pub(super) deferred_watch: Option<Arc<AtomicBool>>,
    /// The components whose search a remote let go on, open on this thread
    /// (engine/remote.rs), innermost last: its order, whether the dense leaf decides it,
    /// and this thread's positions and leaf positions when it began.
    pub(super) claims: Vec<(usize, bool, u64, u64)>,
    /// The index of this state's thread in the pool (0 when sequential).
    pub(super) thread: usize,
    /// The parallel task running on this thread now (see [`TaskFrame`]).
    pub(super) task: TaskFrame,
    /// The work of each task of this thread's last [`Engine::in_parallel`] call, in the
    /// order of its items, until [`Engine::not_needed`] reads it.
    ///
    /// [`Engine::in_parallel`]: super::lookup::Engine::in_parallel
    /// [`Engine::not_needed`]: super::lookup::Engine::not_needed
    pub(super) split_work: Vec<Work>,
    /// How many parallel tasks are open on this thread (nested on its stack).
    pub(super) open_tasks: u32,
    /// Nanoseconds this thread spent running parallel tasks that were not nested in
    /// another task on it.
    pub(super) busy_nanos: u64,
    /// Nanoseconds this thread spent in [`Engine::in_parallel`] waiting for tasks that ran
    /// on other threads, with nothing to run itself.
    ///
    /// [`Engine::in_parallel`]: super::lookup::Engine::in_parallel
    pub(super) join_idle_nanos: u64,
}

/// Positions and leaf positions searched, per thread of the pool: the work of a parallel
/// task, with that of the tasks nested in it whose answers were needed (those not needed
/// are counted as speculative where they end, and taken out).
#[derive(Debug, Clone, Default)]
pub(super) struct Work(pub(super) Vec<[u64; 2]>);

impl Work {
    /// Adds `positions` and `leaf` positions done on `thread`.
    pub(super) fn add_at(&mut self, thread: usize, positions: u64, leaf: u64) {
        if self.0.len() <= thread {
            self.0.resize(thread + 1, [0, 0]);
        }
        self.0[thread][0] += positions;
        self.0[thread][1] += leaf;
    }

    /// Adds `other` (`sign` false: takes it out).
    pub(super) fn merge(&mut self, other: &Work, sign: bool) {
        for (thread, w) in other.0.iter().enumerate() {
            if sign {
                self.add_at(thread, w[0], w[1]);
            } else if let Some(mine) = self.0.get_mut(thread) {
                mine[0] = mine[0].saturating_sub(w[0]);
                mine[1] = mine[1].saturating_sub(w[1]);
            }
        }
    }
}

/// What a thread keeps of the parallel task it is running, while the task runs: the
/// counters when it started, and what ran on the thread meanwhile that was not the task's
/// own work. (A task waiting for its nested tasks lets the thread run others, on the same
/// state.)
#[derive(Debug, Clone, Default)]
pub(super) struct TaskFrame {
    /// The thread's positions and leaf positions when the task started.
    pub(super) start: [u64; 2],
    /// Positions and leaf positions the thread searched for other tasks while this one
    /// waited in [`Engine::in_parallel`](super::lookup::Engine::in_parallel).
    pub(super) excluded: [u64; 2],
    /// The work of the needed tasks nested in this one.
    pub(super) nested: Work,
    /// Nanoseconds the thread spent running tasks while this one waited (reset at each
    /// wait).
    pub(super) ran_nanos: u64,
}

impl TaskFrame {
    /// A task starting now, with the thread's counters at `stats`.
    pub(super) fn starting(stats: &SearchStats) -> Self {
        TaskFrame {
            start: [stats.positions, stats.leaf_positions],
            ..TaskFrame::default()
        }
    }

    /// The task's work, once it ends with the thread's counters at `stats`.
    pub(super) fn work(mut self, stats: &SearchStats, thread: usize) -> Work {
        let own = |now: u64, start: u64, excluded: u64| now.saturating_sub(start + excluded);
        self.nested.add_at(
            thread,
            own(stats.positions, self.start[0], self.excluded[0]),
            own(stats.leaf_positions, self.start[1], self.excluded[1]),
        );
        self.nested
    }
}

/// Outcome method: an option of an open position, to be searched: its pieces
/// `pieces[start..end]`, and its place in the move order.
#[derive(Debug, Clone, Copy)]
pub(super) struct Candidate {
    /// The move order's key ([`order_key`](Self::order_key)): smallest first.
    pub(super) left: u32,
    pub(super) start: u32,
    pub(super) end: u32,
}

impl Candidate {
    /// The move order: fewest vertices in the pieces whose nimber is not known first (the
    /// cheapest options to settle), then fewest vertices in all (the most forcing).
    pub(super) fn order_key(open_left: u32, left: u32) -> u32 {
        open_left << 16 | left.min(0xffff)
    }
}

impl<G: Game> State<G> {
    fn new(scratch: G::Scratch) -> Self {
        State {
            exact: ExactTable::new(),
            scratch,
            stats: SearchStats::default(),
            codes: Vec::new(),
            pieces: Vec::new(),
            reported_bytes: 0,
            depth: 0,
            candidates: Vec::new(),
            unknown: Vec::new(),
            cancel: Vec::new(),
            killers: Vec::new(),
            defer: Default::default(),
            deferred_watch: None,
            claims: Vec::new(),
            thread: 0,
            task: TaskFrame::default(),
            split_work: Vec::new(),
            open_tasks: 0,
            busy_nanos: 0,
            join_idle_nanos: 0,
        }
    }

    /// A state that is never used: it holds a thread's place while the thread's real
    /// state waits in its slot.
    pub(super) fn placeholder() -> Box<Self> {
        Box::new(State {
            exact: ExactTable::empty(),
            ..State::new(G::Scratch::default())
        })
    }
}
