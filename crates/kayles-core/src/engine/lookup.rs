//! The layers in front of a search, shared by both methods: the engine on one thread
//! ([`Engine`]), its exact cache (with the memo accounting), the shared keys in the order
//! of their cost (cheap key, the game's known pieces and reductions, canonical code), and
//! the store of what a search learnt under every key it missed.

use super::code_memo::CodeMemo;
use super::context::{Context, State, TaskFrame, Work, LEAF_SHARE};
#[cfg(doc)]
use super::context::{SPLIT_AFTER, SPLIT_WARM_UP};
use super::memo::MemoTable;
use super::remote::Step;
use super::{Game, Layers, LeafDecision, MemoKey, Record, Simplified};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::Arc;
use std::time::Instant;

/// The search on one thread.
pub(super) struct Engine<'c, 'a, G: Game> {
    pub(super) context: &'c Context<'a, G>,
    pub(super) state: Box<State<G>>,
}

/// Where a missed component's codes sit on the code stack, under which keys (a key whose
/// hash is `None` is not stored).
pub(super) struct Pending {
    start: usize,
    /// The host-symmetry key: `codes[start..shape_start]`, with its hash.
    symmetry: Option<u64>,
    shape_start: usize,
    /// The shape code: `codes[shape_start..canonical_start]`.
    shape: Option<u64>,
    canonical_start: usize,
    /// The canonical code: `codes[canonical_start..]`.
    canonical: Option<u64>,
}

impl Pending {
    /// Whether a store under these keys puts the record somewhere in the shared memo
    /// (some key was made: not with [`MemoKey::Exact`], nor for a game without keys).
    pub(super) fn stores(&self) -> bool {
        self.symmetry.is_some() || self.shape.is_some() || self.canonical.is_some()
    }

    /// The key under which the component has a home in a search spread over processes
    /// (engine/remote.rs): the host-symmetry key, else the canonical code, else the shape
    /// code (every process builds the same host, so keys agree).
    pub(super) fn shared_key<'s>(&self, codes: &'s [u64]) -> Option<(MemoTable, &'s [u64])> {
        if self.symmetry.is_some() {
            Some((MemoTable::Symmetric, &codes[self.start..self.shape_start]))
        } else if self.canonical.is_some() {
            Some((MemoTable::Codes, &codes[self.canonical_start..]))
        } else if self.shape.is_some() {
            Some((
                MemoTable::Codes,
                &codes[self.shape_start..self.canonical_start],
            ))
        } else {
            None
        }
    }

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

/// What the layers in front of the search found for a component that the exact cache
/// could not settle.
pub(super) enum Lookup<P> {
    /// The question is settled by this record (what every layer consulted knew); true when
    /// the shared memo's entry under the cheap key settled it (so the memo holds the fact).
    Settled(Record, bool),
    /// The game reduced the component to a smaller position (perhaps of several
    /// components) of the same value. Whatever is learnt of it goes under `Pending`'s keys.
    Reduced(P, Pending),
    /// The component must be searched: what the memos know of it, and the keys under which
    /// to store what the search learns.
    Search(Record, Pending),
}

impl<G: Game> Engine<'_, '_, G> {
    /// Notes a raised stop flag in `memo.stopped`.
    pub(super) fn check_stop(&self) {
        if let Some(stop) = &self.context.memo.stop {
            if stop.load(Relaxed) {
                self.context.memo.stopped.store(true, Relaxed);
            }
        }
    }

    /// True once the search has been stopped (every answer from then on is meaningless).
    #[inline]
    pub(super) fn stopped(&self) -> bool {
        self.context.memo.stopped.load(Relaxed)
    }

    /// True once a parallel task this thread is running (or one it is nested in) is no
    /// longer needed: a sibling task already settled their parent. From then on the
    /// task's answers are meaningless, and [`remember`](Self::remember) and
    /// [`store_under`](Self::store_under) keep none of them (a flag never goes down, so
    /// an answer that may have seen it raised is always dropped).
    #[inline]
    pub(super) fn cancelled(&self) -> bool {
        self.state.defer.raised || self.state.cancel.iter().any(|flag| flag.load(Relaxed))
    }

    /// The value of a component small enough for the game to compute at once (with the
    /// known pieces on, and [`SearchConfig::small_order`](super::SearchConfig::small_order)
    /// not 0; [`Game::small_value`](super::Game::small_value) says what is small enough),
    /// remembered in the exact cache.
    #[inline]
    pub(super) fn small_value(&mut self, component: &G::Position) -> Option<u8> {
        let config = self.context.memo.config;
        let game = self.context.game;
        if !config.known_pieces
            || config.small_order == 0
            || game.order(component) > crate::leaves::small::MAX_SMALL_ORDER
        {
            return None;
        }
        let v = game.small_value(component, config.small_order, &mut self.state.scratch)?;
        self.state.stats.small_hits += 1;
        self.remember(component.clone(), Record::known(v));
        Some(v)
    }

    /// Whether `component + *heap` is a win, when the game decides it at once
    /// ([`Game::leaf_wins`](super::Game::leaf_wins), with the known pieces on and
    /// [`SearchConfig::leaf_order`](super::SearchConfig::leaf_order) not 0). `known` is
    /// what the exact cache knew. The shared memo is asked under the cheap key before the
    /// game's search starts; its answer goes under that key and into the exact cache.
    /// [`LeafDecision::Stopped`] when the game's search saw the stop flag up: it has no
    /// answer, the search is noted as stopped, and nothing is told, stored or published.
    #[inline]
    pub(super) fn leaf_wins(
        &mut self,
        component: &G::Position,
        heap: u8,
        known: Record,
    ) -> Option<LeafDecision> {
        let config = self.context.memo.config;
        let game = self.context.game;
        if !config.known_pieces
            || config.leaf_order == 0
            || game.order(component) > config.leaf_order
            || !game.leaf_applies(component, config.leaf_order, &mut self.state.scratch)
        {
            return None;
        }
        // The shared memo first, under the cheap key: a symmetric copy of the component,
        // or one another thread decided.
        let (found, pending) = self.cheap_lookup(component, known);
        if let Some(win) = found.wins(heap) {
            self.drop_pending(pending);
            self.remember(component.clone(), found);
            return Some(LeafDecision::Decided(win));
        }
        // Another process's part, when the search is spread (engine/remote.rs): the
        // leaf's decisions are shared as the search's are.
        let (found, tell) = match self.remote_ask(component, heap, found, &pending, true) {
            Step::Settled(record) => {
                self.store(pending, record);
                self.remember(component.clone(), record);
                return Some(LeafDecision::Decided(record.wins(heap).unwrap_or(false)));
            }
            // (Meaningless, as every answer while a deferral unwinds: `cancelled`.)
            Step::Deferred => {
                self.drop_pending(pending);
                return Some(LeafDecision::Decided(false));
            }
            Step::Search { record, tell } => (record, tell),
        };
        let Some((decision, positions)) = game.leaf_wins(
            component,
            heap,
            config.leaf_order,
            &self.context.leaf_host,
            self.context.memo.stop.as_ref(),
            &mut self.state.scratch,
        ) else {
            if tell {
                self.remote_done(&pending, heap, None);
            } else {
                self.remote_forget();
            }
            self.drop_pending(pending);
            return None;
        };
        self.state.stats.leaf_hits += 1;
        self.state.stats.leaf_positions += positions;
        // The leaf may do nearly all the work (queens 15: a few engine positions per
        // millisecond), so the progress and the stop flag are looked at after each of its
        // decisions, not only every few thousand engine positions.
        let tables = &self.context.memo.tables;
        tables.leaf_positions.fetch_add(positions, Relaxed);
        self.check_stop();
        // The leaf looks at the stop flag itself and, once it is up, has no answer: the
        // search is stopped from here on (whatever the flag says by now), the claim goes
        // back with nothing proved, and nothing is stored.
        let LeafDecision::Decided(win) = decision else {
            self.context.memo.stopped.store(true, Relaxed);
            if tell {
                self.remote_done(&pending, heap, None);
            } else {
                self.remote_forget();
            }
            self.drop_pending(pending);
            return Some(LeafDecision::Stopped);
        };
        if tell {
            self.remote_done(&pending, heap, Some(win));
        } else {
            self.remote_publish(component, &pending, heap, win);
        }
        let record = Record::decided(heap, win);
        self.store(pending, record);
        self.remember(component.clone(), found.merge(record));
        Some(LeafDecision::Decided(win))
    }

    /// Counts a searched position, and every [`PROGRESS_EVERY`](super::memo::PROGRESS_EVERY)
    /// positions publishes the count and looks at the stop flag.
    #[inline]
    pub(super) fn count_position(&mut self) {
        use super::memo::PROGRESS_EVERY;
        self.state.stats.positions += 1;
        if self.state.stats.positions % PROGRESS_EVERY == 0 {
            self.context
                .memo
                .tables
                .positions
                .fetch_add(PROGRESS_EVERY, Relaxed);
            self.check_stop();
        }
    }

    /// Merges `record` into the exact cache's entry of `component`, keeping the memos
    /// within their bounds (every 1024 new entries: the bytes are published, the exact
    /// cache is emptied past its own limit, and past the memo limit the thread's caches are
    /// emptied and the shared memo sheds the entries of its smaller components).
    pub(super) fn remember(&mut self, component: G::Position, record: Record) {
        // A stopped search answers with meaningless values: none is kept, so that the
        // memo holds only facts whenever it is read (a saved memo, docs/scale-out.md).
        if self.cancelled() || self.stopped() {
            return;
        }
        let state = &mut self.state;
        if state.exact.len() % 1024 == 1023 {
            let memo = self.context.memo;
            let config = memo.config;
            let tables = &memo.tables;
            let game = self.context.game;
            let exact_bytes =
                (state.exact.bytes() + game.scratch_table_bytes(&state.scratch)) as u64;
            if exact_bytes != state.reported_bytes {
                tables.exact_bytes.fetch_add(exact_bytes, Relaxed);
                tables.exact_bytes.fetch_sub(state.reported_bytes, Relaxed);
                state.reported_bytes = exact_bytes;
            }
            if config.memo_key != MemoKey::Exact
                && (state.exact.live_bytes() > config.exact_cache_bytes
                    || state.exact.full_at(config.exact_cache_bytes))
            {
                // Keep the allocation: the cache refills to the same size.
                state.exact.clear_keeping_values();
                state.stats.cache_clears += 1;
            }
            let shared = tables.bytes();
            let all = shared + tables.exact_bytes.load(Relaxed) as usize;
            state.stats.peak_memo_bytes = state.stats.peak_memo_bytes.max(all as u64);
            if all > config.memo_limit_bytes {
                state.exact.reset();
                game.clear_scratch_tables(&mut state.scratch);
                tables.exact_bytes.fetch_sub(state.reported_bytes, Relaxed);
                state.reported_bytes = 0;
                if shared > config.memo_limit_bytes / 2 {
                    tables.shed();
                }
                state.stats.evictions += 1;
            }
        }
        state.exact.insert(component, record);
    }

    /// The layers behind the exact cache, cheap ones first: the cheap shared key (host
    /// symmetry or shape), the game's known pieces and reductions, the canonical code (of
    /// a component that no reduction shrinks). `known` is what the exact cache knew;
    /// `settles` says whether a record answers the caller's question (the mex method asks
    /// for the nimber, the outcome method for one heap).
    pub(super) fn look_up(
        &mut self,
        component: &G::Position,
        known: Record,
        settles: impl Fn(Record) -> bool,
    ) -> Lookup<G::Position> {
        let config = self.context.memo.config;
        let (mut record, mut pending) = self.cheap_lookup(component, known);
        if settles(record) {
            self.drop_pending(pending);
            return Lookup::Settled(record, true);
        }
        let layers = Layers {
            known_pieces: config.known_pieces,
            reductions: config.reductions,
        };
        if layers.known_pieces || layers.reductions {
            match self
                .context
                .game
                .simplify(component, layers, &mut self.state.scratch)
            {
                Simplified::Known(v) => {
                    self.state.stats.known_hits += 1;
                    self.drop_pending(pending);
                    return Lookup::Settled(Record::known(v), false);
                }
                Simplified::Mirror => {
                    self.state.stats.mirror_hits += 1;
                    self.drop_pending(pending);
                    return Lookup::Settled(Record::known(0), false);
                }
                Simplified::Reduced(smaller) => {
                    self.state.stats.reductions += 1;
                    return Lookup::Reduced(smaller, pending);
                }
                Simplified::Unchanged => {}
            }
        }
        record = record.merge(self.canonical_lookup(component, &mut pending));
        if settles(record) {
            // Stored under the cheap key, which missed; the canonical code has it.
            pending.canonical = None;
            self.store(pending, record);
            return Lookup::Settled(record, false);
        }
        Lookup::Search(record, pending)
    }

    /// Looks `component` up in the shared memo under its cheap key: the host-symmetry key
    /// with [`MemoKey::Symmetry`] when the game has one, else the shape code (not with
    /// [`MemoKey::Exact`]). The key stays on the code stack, in the returned [`Pending`],
    /// for the store after the search; the record is `known` merged with what the memo
    /// holds.
    fn cheap_lookup(&mut self, component: &G::Position, known: Record) -> (Record, Pending) {
        let config = self.context.memo.config;
        let game = self.context.game;
        let tables = &self.context.memo.tables;
        let state = &mut self.state;
        let start = state.codes.len();
        let mut pending = Pending::none(start);
        let mut record = known;
        if config.memo_key == MemoKey::Exact {
            return (record, pending);
        }
        if config.memo_key == MemoKey::Symmetry && game.symmetry_key(component, &mut state.codes) {
            let hash = CodeMemo::hash(&state.codes[start..]);
            if let Some(found) = tables.symmetric.get(hash, &state.codes[start..]) {
                state.stats.symmetry_hits += 1;
                record = record.merge(found);
            }
            pending.symmetry = Some(hash);
            pending.shape_start = state.codes.len();
        } else if game.shape_key_pays() {
            game.shape_code(component, &mut state.scratch, &mut state.codes);
            let code = &state.codes[start..];
            let hash = CodeMemo::hash(code);
            if let Some(found) = tables.codes.get(hash, code) {
                state.stats.shape_hits += 1;
                record = record.merge(found);
            }
            pending.shape = Some(hash);
        }
        pending.canonical_start = state.codes.len();
        (record, pending)
    }

    /// Looks `component` up under its canonical code (with [`MemoKey::Canonical`] or
    /// [`MemoKey::Symmetry`], up to
    /// [`SearchConfig::canonical_max_order`](super::SearchConfig::canonical_max_order)
    /// vertices): the code joins `pending`, and the record found (unknown on a miss) is
    /// returned.
    fn canonical_lookup(&mut self, component: &G::Position, pending: &mut Pending) -> Record {
        let config = self.context.memo.config;
        let game = self.context.game;
        let canonize = matches!(config.memo_key, MemoKey::Canonical | MemoKey::Symmetry)
            && game.order(component) <= config.canonical_max_order;
        let state = &mut self.state;
        if !canonize || !game.canonical_code(component, &mut state.scratch, &mut state.codes) {
            state.codes.truncate(pending.canonical_start);
            return Record::UNKNOWN;
        }
        let code = &state.codes[pending.canonical_start..];
        let hash = CodeMemo::hash(code);
        pending.canonical = Some(hash);
        match self.context.memo.tables.codes.get(hash, code) {
            Some(found) => {
                state.stats.canonical_hits += 1;
                found
            }
            None => Record::UNKNOWN,
        }
    }

    /// What the layers that cost no search know of `component` (see
    /// [`recall`](super::recall)).
    pub(super) fn recall(&mut self, component: &G::Position) -> Record {
        if let Some(v) = self.context.game.tiny_value(component) {
            return Record::known(v);
        }
        if let Some(v) = self.small_value(component) {
            return Record::known(v);
        }
        let (record, pending) = self.cheap_lookup(component, Record::UNKNOWN);
        self.drop_pending(pending);
        if record.value().is_some() || !self.context.memo.config.known_pieces {
            return record;
        }
        // Known pieces and mirror positions: the search answers them without storing
        // them, so the memo cannot. (No reductions, which would need the reduced
        // position's value, nor canonical codes, which found nothing more on the ladder,
        // grid and queens certificates measured.)
        let layers = Layers {
            known_pieces: true,
            reductions: false,
        };
        match self
            .context
            .game
            .simplify(component, layers, &mut self.state.scratch)
        {
            Simplified::Known(v) => Record::known(v),
            Simplified::Mirror => Record::known(0),
            _ => record,
        }
    }

    /// Pops the keys of `pending` off the code stack without storing anything.
    pub(super) fn drop_pending(&mut self, pending: Pending) {
        self.state.codes.truncate(pending.start);
    }

    /// Merges `record` into the shared memo under the keys of `pending` and pops them off
    /// the code stack.
    pub(super) fn store(&mut self, pending: Pending, record: Record) {
        self.store_under(&pending, record);
        self.drop_pending(pending);
    }

    /// Merges `record` into the shared memo under the keys of `pending`, which stay on the
    /// code stack.
    pub(super) fn store_under(&mut self, pending: &Pending, record: Record) {
        if self.cancelled() || self.stopped() {
            return;
        }
        let tables = &self.context.memo.tables;
        let codes = &self.state.codes;
        if let Some(h) = pending.symmetry {
            tables
                .symmetric
                .insert(h, &codes[pending.start..pending.shape_start], record);
        }
        if let Some(h) = pending.shape {
            tables.codes.insert(
                h,
                &codes[pending.shape_start..pending.canonical_start],
                record,
            );
        }
        if let Some(h) = pending.canonical {
            tables
                .codes
                .insert(h, &codes[pending.canonical_start..], record);
        }
    }

    /// Runs `task` on every item across the search thread pool (work stealing), each
    /// task with the engine state of the thread it runs on (see [`Context`]), at this
    /// position's depth, and cancelled (see [`cancelled`](Self::cancelled)) once `group`
    /// or a flag this position is already under goes up.
    ///
    /// Each task's work (the positions it searched, per thread) counts as this
    /// position's until [`not_needed`](Self::not_needed) says otherwise; the time this
    /// thread waits here with nothing to run counts as idle.
    pub(super) fn in_parallel<T: Send, R: Sync>(
        &mut self,
        items: &[R],
        group: Option<&Arc<AtomicBool>>,
        task: impl Fn(&mut Engine<'_, '_, G>, &R) -> T + Sync,
    ) -> Vec<T> {
        use rayon::prelude::*;
        let context = self.context;
        let depth = self.state.depth;
        let mut cancel = self.state.cancel.clone();
        cancel.extend(group.cloned());
        let before = [self.state.stats.positions, self.state.stats.leaf_positions];
        self.state.task.ran_nanos = 0;
        let waiting = Instant::now();
        // Give this thread's state back while the tasks run (some may run on this thread).
        context.put_state(std::mem::replace(&mut self.state, State::placeholder()));
        let (results, works): (Vec<T>, Vec<Work>) = items
            .par_iter()
            .map(|item| {
                let mut engine = Engine {
                    context,
                    state: context.take_state(),
                };
                // The thread's state may belong to a frame waiting further down this
                // thread's stack: keep its depth, flags and task for it.
                let outer_depth = std::mem::replace(&mut engine.state.depth, depth);
                let outer_cancel = std::mem::replace(&mut engine.state.cancel, cancel.clone());
                let outer_task = std::mem::replace(
                    &mut engine.state.task,
                    TaskFrame::starting(&engine.state.stats),
                );
                engine.state.open_tasks += 1;
                let started = Instant::now();
                let result = task(&mut engine, item);
                let nanos = started.elapsed().as_nanos() as u64;
                let state = &mut engine.state;
                state.open_tasks -= 1;
                if state.open_tasks == 0 {
                    state.busy_nanos += nanos;
                }
                let frame = std::mem::replace(&mut state.task, outer_task);
                let work = frame.work(&state.stats, state.thread);
                state.task.ran_nanos += nanos;
                state.depth = outer_depth;
                state.cancel = outer_cancel;
                context.put_state(engine.state);
                (result, work)
            })
            .unzip();
        self.state = context.take_state();
        let state = &mut self.state;
        let waited = waiting.elapsed().as_nanos() as u64;
        state.join_idle_nanos += waited.saturating_sub(state.task.ran_nanos);
        // What ran on this thread meanwhile is the tasks' work, not this task's own.
        state.task.excluded[0] += state.stats.positions - before[0];
        state.task.excluded[1] += state.stats.leaf_positions - before[1];
        for work in &works {
            state.task.nested.merge(work, true);
        }
        state.split_work = works;
        results
    }

    /// This thread's work so far, as [`split_pays`](Self::split_pays) counts it: its
    /// positions, and its leaf positions at 1/[`LEAF_SHARE`] each.
    pub(super) fn split_cost(&self) -> u64 {
        self.state.stats.positions + self.state.stats.leaf_positions / LEAF_SHARE
    }

    /// Whether a node that has searched its first options alone since this thread's
    /// [`split_cost`](Self::split_cost) was `begun` hands the rest to the pool now: when
    /// they cost at least [`SearchConfig::split_after`] and the search (every thread,
    /// every call on this memo) has searched at least [`SearchConfig::split_warm_up`]
    /// ([`SPLIT_AFTER`] and [`SPLIT_WARM_UP`] by default).
    ///
    /// [`SearchConfig::split_after`]: super::SearchConfig::split_after
    /// [`SearchConfig::split_warm_up`]: super::SearchConfig::split_warm_up
    pub(super) fn split_pays(&self, begun: u64) -> bool {
        let tables = &self.context.memo.tables;
        let searched =
            tables.positions.load(Relaxed) + tables.leaf_positions.load(Relaxed) / LEAF_SHARE;
        self.split_cost() - begun >= self.context.split_after
            && searched >= self.context.split_warm_up
    }

    /// Counts the work of task `index` of the last [`in_parallel`](Self::in_parallel) call
    /// as speculative (its answer was not needed), on the threads that did it, and takes
    /// it out of this position's work (so that an enclosing task found not needed does
    /// not count it twice).
    pub(super) fn not_needed(&mut self, index: usize) {
        let Some(work) = self.state.split_work.get_mut(index).map(std::mem::take) else {
            return;
        };
        self.state.task.nested.merge(&work, false);
        self.context.add_speculative(&work);
    }
}
