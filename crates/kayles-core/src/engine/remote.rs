//! One search spread over several processes: the hook by which the outcome search asks a
//! component's *home* process what is known of it, claims it before searching it, and
//! tells the home what it proved ([`Remote`]). The transport is another crate's
//! (`kayles-mpi`); this module does no I/O. Without a remote (the default) none of it
//! runs and the search is the one-process search.
//!
//! The scheme (docs/scale-out.md, "One search on MPI") is a distributed shared memo with
//! exclusive claims, after ABDADA (Weill 1996): every process runs the same search; a
//! component of at least [`Remote::min_order`] vertices that the local layers do not
//! settle is asked of its home, which answers with what it knows, or claims it for the
//! asker, or says that another process is searching it. A node takes its options in order
//! (`Engine::deferring_losing_candidate`): its first option is searched by every process
//! that reaches the node (young brothers wait: most nodes are won by it, and the processes
//! then share the work below it); a later option claimed by another process is
//! *deferred*, put after its siblings; the deferred options are then searched again, and
//! one still claimed elsewhere is searched here too (ABDADA's second pass), where its own
//! options split between the processes in the same way. Nothing waits for another
//! process's search; what any process proves about a component goes to the home, so the
//! others, asking about it or about its sub-components, find it there. A process's own
//! move order is the sequential search's, so the outcome search's cutoffs survive.
//!
//! A deferred option may come with a flag ([`Remote::ask_watched`]) that goes up once its
//! claimant proves it to lose. While the node searches its other options, those flags
//! are among the thread's cancel flags (the thread pool's, engine/lookup.rs): a search
//! under a flag that went up is cancelled at once and keeps nothing it learnt from then
//! on, and the node asks about its deferred options again (the one proved to lose wins
//! the node, as in one process; one that does not is searched over).

use super::context::LEAF_SHARE;
use super::lookup::{Engine, Pending};
use super::memo::MemoTable;
use super::{Game, Record};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::Arc;

/// What a component's home answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    /// The home's record settles the question asked.
    Known(Record),
    /// Search it: the home's record (perhaps unknown) does not settle it, and the claim is
    /// this process's until [`Remote::done`].
    Search(Record),
    /// Another process holds the claim (only when the question was asked without waiting).
    Busy,
}

/// The other processes of one search, as the engine sees them: a memo kept by the
/// components' homes, with claims. Called from the search threads; each call that asks
/// blocks its thread for a round trip (a wait, for [`ask`](Self::ask) with `wait`).
pub trait Remote: Send + Sync {
    /// Components of at least this many vertices are asked of their home (smaller ones
    /// cost less to search than the round trip).
    fn min_order(&self) -> usize;

    /// The dense leaf's decisions (engine/lookup.rs) are asked of their home from this
    /// many vertices up (by default [`min_order`](Self::min_order)).
    fn leaf_min_order(&self) -> usize {
        self.min_order()
    }

    /// What the home of `key` (in `table`) knows of whether `key + *heap` is a win: a
    /// record that settles it, or the claim on it, or (without `wait`) that another
    /// process holds the claim. With `wait`, a claim held elsewhere is waited for: the
    /// answer is then the other process's result, or the claim once it is released.
    fn ask(&self, table: MemoTable, key: &[u64], heap: u8, wait: bool) -> Answer;

    /// [`ask`](Self::ask) without waiting, for a component that its node defers when
    /// another process holds the claim: with [`Answer::Busy`], a flag that goes up once
    /// the claimant proves `key + *heap` to lose (the node's search of its other options
    /// is then cancelled, and the node asks again). The flag must be set up before a
    /// result that could raise it is taken in. By default no flag.
    fn ask_watched(
        &self,
        table: MemoTable,
        key: &[u64],
        heap: u8,
    ) -> (Answer, Option<Arc<AtomicBool>>) {
        (self.ask(table, key, heap, false), None)
    }

    /// Gives back the claim on `key + *heap` that [`ask`](Self::ask) granted, with what
    /// the search proved (`None`: the search was stopped or its answer not needed, and
    /// proved nothing). Does not wait.
    fn done(&self, table: MemoTable, key: &[u64], heap: u8, proved: Option<Record>);

    /// Components of at least this many vertices, and fewer than
    /// [`min_order`](Self::min_order), have what a search proved about them sent to
    /// every other process ([`publish`](Self::publish)); the default, `usize::MAX`, none.
    fn publish_order(&self) -> usize {
        usize::MAX
    }

    /// Sends what this process proved about `key` (a component below
    /// [`min_order`](Self::min_order)) to every other process, which keeps it in its own
    /// memo. Does not wait.
    fn publish(&self, table: MemoTable, key: &[u64], proved: Record) {
        let _ = (table, key, proved);
    }

    /// Only results about components of `order` vertices whose search cost at least
    /// this much work (positions searched beneath the component, a dense-leaf position
    /// counting 1/`LEAF_SHARE`) are published; 0 (the default): all.
    fn publish_work(&self, order: usize) -> u64 {
        let _ = order;
        0
    }

    /// Whether a component of `order` vertices (decided by the dense leaf: `leaf`), at
    /// least the threshold, is worth a round trip to its home; if not it is searched here
    /// and its result published. True by default.
    fn ask_pays(&self, order: usize, leaf: bool) -> bool {
        let _ = (order, leaf);
        true
    }

    /// Whether a node that has deferred options asks about them again before each of
    /// its later options (*rechecks* them): one that its claimant has meanwhile proved
    /// to lose ends the node there, as it ends the one-process search, instead of after
    /// the speculative search of every later option. False by default.
    fn rechecks(&self) -> bool {
        false
    }

    /// What an ask about a component of `order` vertices (`leaf`: for the dense leaf)
    /// bought: None when the home knew the answer, else the positions searched and the
    /// dense-leaf positions visited beneath it on this thread once it was claimed.
    /// Nothing by default.
    fn searched(&self, order: usize, leaf: bool, beneath: Option<(u64, u64)>) {
        let _ = (order, leaf, beneath);
    }
}

/// A node's first option is searched by every process that reaches the node when it has
/// at least this many vertices more than [`Remote::min_order`] (its own options are then
/// shared, and split between the processes); a smaller one claimed elsewhere is deferred
/// like its siblings, for its whole subtree would be searched twice.
const SHARED_FIRST: usize = 6;

/// A thread's part in the deferral of claimed components (kept in its engine state).
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct DeferState {
    /// Whether the innermost node taking its options in order on this thread defers a
    /// claimed option now (it is past its first option, in its first pass).
    pub(super) open: bool,
    /// Whether that node is at its first option (deferred when claimed elsewhere only if
    /// smaller than [`SHARED_FIRST`] vertices above the remote's threshold).
    pub(super) first: bool,
    /// Up while the search is unwinding from a claimed component to the innermost such
    /// node: every answer given meanwhile is meaningless and none is kept (it counts as
    /// cancelled).
    pub(super) raised: bool,
    /// Up for a recheck of a deferred option: the next ask is made whatever
    /// [`Remote::ask_pays`] says (the option was deferred on an ask, which a recheck
    /// repeats; searching it here instead is the second pass's part).
    pub(super) forced: bool,
}

/// What [`Engine::remote_ask`] decided for a component about to be searched.
pub(super) enum Step {
    /// Settled by the home: this record (merged with what was known).
    Settled(Record),
    /// Another process is searching it: the search unwinds to the nearest node that
    /// defers (the answer is meaningless).
    Deferred,
    /// Search it here, from this record; `tell` when the result goes to the home (which
    /// granted the claim, or whose claimant this process helps).
    Search {
        /// What is known of the component.
        record: Record,
        /// Whether the home is told the result.
        tell: bool,
    },
}

impl<G: Game> Engine<'_, '_, G> {
    /// The remote of this search's memo, if any.
    #[inline]
    fn remote(&self) -> Option<&dyn Remote> {
        self.context.memo.tables.remote.get().map(|r| &**r)
    }

    /// Whether this thread's nodes defer claimed options: a remote is set and the search
    /// runs on one thread (with several, a task may run on top of another's frames, so a
    /// claimed component is waited for instead).
    #[inline]
    pub(super) fn defers(&self) -> bool {
        !self.context.parallel
            && self.context.memo.config.fault.is_none()
            && self.remote().is_some()
    }

    /// Before `component + *heap` is searched, or decided by the dense leaf (`leaf`; the
    /// local memos knew `record`): asks its home when there is a remote and the component
    /// is large enough.
    pub(super) fn remote_ask(
        &mut self,
        component: &G::Position,
        heap: u8,
        record: Record,
        pending: &Pending,
        leaf: bool,
    ) -> Step {
        let not_asked = Step::Search {
            record,
            tell: false,
        };
        let forced = std::mem::take(&mut self.state.defer.forced);
        let Some(remote) = self.context.memo.tables.remote.get() else {
            return not_asked;
        };
        let order = self.context.game.order(component);
        // Every search that follows ends in `remote_done` or `remote_publish` (or
        // `remote_forget`), on this thread, in the reverse order of the asks.
        let stats = &self.state.stats;
        let searching = (order, leaf, stats.positions, stats.leaf_positions);
        self.state.claims.push(searching);
        let threshold = if leaf {
            remote.leaf_min_order()
        } else {
            remote.min_order()
        };
        if order < threshold {
            return not_asked;
        }
        let Some((table, key)) = pending.shared_key(&self.state.codes) else {
            return not_asked;
        };
        if !forced && !remote.ask_pays(order, leaf) {
            return not_asked;
        }
        // A claimed component is deferred where its node can; else (a node's first
        // option large enough for its own options to be shared, its second pass, the
        // root, or several threads) searched here too.
        let may_defer = self.defers()
            && (self.state.defer.open
                || (self.state.defer.first && order < remote.min_order() + SHARED_FIRST));
        let (answer, watch) = if may_defer {
            remote.ask_watched(table, key, heap)
        } else {
            (remote.ask(table, key, heap, false), None)
        };
        match answer {
            Answer::Known(found) => {
                self.state.claims.pop();
                remote.searched(order, leaf, None);
                Step::Settled(record.merge(found))
            }
            Answer::Search(found) => Step::Search {
                record: record.merge(found),
                tell: true,
            },
            Answer::Busy if may_defer => {
                self.state.claims.pop();
                self.state.defer.raised = true;
                self.state.deferred_watch = watch;
                Step::Deferred
            }
            Answer::Busy => Step::Search { record, tell: true },
        }
    }

    /// The work beneath the innermost search that [`remote_ask`](Self::remote_ask) let
    /// go on (its order, whether the dense leaf decided it, positions and leaf positions
    /// searched since), which ends now.
    fn remote_searched(&mut self) -> Option<(usize, bool, u64, u64)> {
        let (order, leaf, positions, leaf_positions) = self.state.claims.pop()?;
        let stats = &self.state.stats;
        Some((
            order,
            leaf,
            stats.positions.saturating_sub(positions),
            stats.leaf_positions.saturating_sub(leaf_positions),
        ))
    }

    /// After a search that [`remote_ask`](Self::remote_ask) let go on and that ends with
    /// nothing to tell or publish (the dense leaf stopped).
    pub(super) fn remote_forget(&mut self) {
        if self.context.memo.tables.remote.get().is_some() {
            self.remote_searched();
        }
    }

    /// After the search of a component that [`remote_ask`](Self::remote_ask) said to
    /// tell: gives the claim back (if it was this process's) with what was proved, `win`
    /// (nothing if None or the answer is meaningless).
    pub(super) fn remote_done(&mut self, pending: &Pending, heap: u8, win: Option<bool>) {
        let Some(remote) = self.context.memo.tables.remote.get() else {
            return;
        };
        if let Some((order, leaf, positions, leaf_positions)) = self.remote_searched() {
            remote.searched(order, leaf, Some((positions, leaf_positions)));
        }
        let Some((table, key)) = pending.shared_key(&self.state.codes) else {
            return;
        };
        let meaningless = self.cancelled() || self.stopped();
        remote.done(
            table,
            key,
            heap,
            win.filter(|_| !meaningless)
                .map(|win| Record::decided(heap, win)),
        );
    }

    /// After the search of a component that [`remote_ask`](Self::remote_ask) did not ask
    /// (too small to have a home): sends what was proved to the other processes when the
    /// component is large enough to be published.
    pub(super) fn remote_publish(
        &mut self,
        component: &G::Position,
        pending: &Pending,
        heap: u8,
        win: bool,
    ) {
        let Some(remote) = self.context.memo.tables.remote.get() else {
            return;
        };
        let work = self
            .remote_searched()
            .map_or(0, |(_, _, positions, leaf)| positions + leaf / LEAF_SHARE);
        // (A component that was asked was told; one not asked because its order's asks
        // do not pay is published as a smaller one is.) A result that cost less than
        // the remote's least work is cheaper to find again than to send.
        let order = self.context.game.order(component);
        if order < remote.publish_order() || work < remote.publish_work(order) {
            return;
        }
        if self.cancelled() || self.stopped() {
            return;
        }
        if let Some((table, key)) = pending.shared_key(&self.state.codes) {
            remote.publish(table, key, Record::decided(heap, win));
        }
    }

    /// [`losing_candidate`](Self::losing_candidate) when claimed options may be deferred:
    /// the candidates in order (the first searched here whoever claims it), each later
    /// one claimed elsewhere put aside, then those put aside, searched here whoever
    /// claims them; the index of the first that loses, or None when all win. Returns None
    /// at once when the answer is meaningless (a deferral raised above this node).
    pub(super) fn deferring_losing_candidate(
        &mut self,
        first: usize,
        last: usize,
        heap: u8,
    ) -> Option<usize> {
        let outer = self.state.defer;
        let found = self.deferring_pass(first, last, heap);
        self.state.defer.open = outer.open;
        self.state.defer.first = outer.first;
        found
    }

    /// Asks again about the options of `deferred` (each deferred on a claim held
    /// elsewhere): Some(the answer of the node) when one now loses (the node is won by
    /// it) or the answer is meaningless (None); otherwise None, with the options now
    /// known to win taken out of `deferred` and those still claimed elsewhere left in
    /// (with the flag of their new deferral).
    fn recheck(&mut self, deferred: &mut Vec<Deferred>, heap: u8) -> Option<Option<usize>> {
        let mut i = 0;
        while i < deferred.len() {
            let c = deferred[i].option;
            let super::context::Candidate { start, end, .. } = self.state.candidates[c];
            self.state.defer.open = true;
            self.state.defer.first = false;
            self.state.defer.forced = true;
            let win = self.sum_wins(start as usize..end as usize, heap);
            self.state.defer.forced = false;
            if std::mem::take(&mut self.state.defer.raised) {
                deferred[i].watch = self.state.deferred_watch.take();
                i += 1;
                continue;
            }
            if self.cancelled() || self.stopped() {
                return Some(None);
            }
            if !win {
                self.state.stats.cutoffs += 1;
                return Some(Some(c));
            }
            deferred.remove(i);
        }
        // A flag still up (raised again meanwhile) is looked at by the next recheck,
        // not by the next search, which it would cancel at once.
        for d in deferred.iter_mut() {
            if d.watch.as_ref().is_some_and(|f| f.load(Relaxed)) {
                d.watch = None;
            }
        }
        None
    }

    /// Searches the option `c` of the node under the flags of its deferred options
    /// (the thread's cancel flags, as a parallel task's): Some(whether it wins), or None
    /// when a deferred option's flag went up meanwhile (the answer is meaningless: what
    /// was learnt from then on was not kept).
    fn watched_sum_wins(&mut self, c: usize, deferred: &[Deferred], heap: u8) -> Option<bool> {
        let super::context::Candidate { start, end, .. } = self.state.candidates[c];
        let base = self.state.cancel.len();
        self.state
            .cancel
            .extend(deferred.iter().filter_map(|d| d.watch.clone()));
        let watched = self.state.cancel.len() > base;
        let win = self.sum_wins(start as usize..end as usize, heap);
        self.state.cancel.truncate(base);
        let up = watched
            && deferred
                .iter()
                .any(|d| d.watch.as_ref().is_some_and(|f| f.load(Relaxed)));
        (!up).then_some(win)
    }

    /// Counts a search cancelled by a deferred option's flag: not needed, and stopped
    /// part way.
    fn count_cancelled(&mut self) {
        self.state.stats.speculative += 1;
        self.state.stats.cancelled += 1;
    }

    fn deferring_pass(&mut self, first: usize, last: usize, heap: u8) -> Option<usize> {
        let mut deferred: Vec<Deferred> = Vec::new();
        let rechecks = self.remote().is_some_and(|r| r.rechecks());
        // Up after a search cancelled by a deferred option's flag: ask again.
        let mut flagged = false;
        let mut c = first;
        while c < last {
            if (rechecks || std::mem::take(&mut flagged)) && !deferred.is_empty() {
                if let Some(found) = self.recheck(&mut deferred, heap) {
                    return found;
                }
            }
            self.state.defer.open = c != first;
            self.state.defer.first = c == first;
            let win = self.watched_sum_wins(c, &deferred, heap);
            if std::mem::take(&mut self.state.defer.raised) {
                let watch = self.state.deferred_watch.take();
                deferred.push(Deferred { option: c, watch });
                c += 1;
                continue;
            }
            if self.cancelled() || self.stopped() {
                return None;
            }
            match win {
                // Searched again once the deferred options are asked about.
                None => {
                    self.count_cancelled();
                    flagged = true;
                }
                Some(false) => {
                    self.state.stats.cutoffs += 1;
                    return Some(c);
                }
                Some(true) => c += 1,
            }
        }
        // The second pass: each deferred option searched here, whoever claims it, under
        // the flags of those still deferred (its own included: its claimant may prove it
        // to lose first).
        while let Some(d) = deferred.first() {
            let c = d.option;
            self.state.defer.open = false;
            self.state.defer.first = false;
            let win = self.watched_sum_wins(c, &deferred, heap);
            if self.cancelled() || self.stopped() {
                return None;
            }
            match win {
                None => {
                    self.count_cancelled();
                    if let Some(found) = self.recheck(&mut deferred, heap) {
                        return found;
                    }
                }
                Some(false) => {
                    self.state.stats.cutoffs += 1;
                    return Some(c);
                }
                Some(true) => {
                    deferred.remove(0);
                }
            }
        }
        self.state.defer.open = false;
        self.state.defer.first = false;
        None
    }
}

/// An option of a node deferred on a claim held elsewhere, with the flag that goes up
/// once its claimant proves it to lose ([`Remote::ask_watched`]), if the remote gave one.
struct Deferred {
    option: usize,
    watch: Option<Arc<AtomicBool>>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{SearchConfig, SearchError};
    use crate::{families, node::Solver};
    use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
    use std::sync::{Arc, Mutex};

    /// A remote whose asks stand for the end of the search arriving meanwhile (another
    /// process has the value and stops this one): each raises the stop flag and grants
    /// the claim. It keeps what it is told and what is published.
    struct StopOnAsk {
        stop: Arc<AtomicBool>,
        told: Mutex<Vec<Option<Record>>>,
        published: Mutex<Vec<Record>>,
    }

    impl Remote for StopOnAsk {
        fn min_order(&self) -> usize {
            4
        }

        fn publish_order(&self) -> usize {
            4
        }

        fn ask(&self, _: MemoTable, _: &[u64], _: u8, _: bool) -> Answer {
            self.stop.store(true, Relaxed);
            Answer::Search(Record::UNKNOWN)
        }

        fn done(&self, _: MemoTable, _: &[u64], _: u8, proved: Option<Record>) {
            self.told.lock().unwrap().push(proved);
        }

        fn publish(&self, _: MemoTable, _: &[u64], proved: Record) {
            self.published.lock().unwrap().push(proved);
        }
    }

    /// A remote that answers the first ask about each question "another process holds
    /// the claim" and grants the claim to every later one (the claimant gave it back with
    /// nothing proved), and says whether nodes recheck their deferred options.
    struct BusyOnce {
        asked: Mutex<std::collections::HashSet<(Vec<u64>, u8)>>,
        rechecks: bool,
    }

    impl Remote for BusyOnce {
        fn min_order(&self) -> usize {
            4
        }

        fn ask(&self, _: MemoTable, key: &[u64], heap: u8, _: bool) -> Answer {
            if self.asked.lock().unwrap().insert((key.to_vec(), heap)) {
                Answer::Busy
            } else {
                Answer::Search(Record::UNKNOWN)
            }
        }

        fn done(&self, _: MemoTable, _: &[u64], _: u8, _: Option<Record>) {}

        fn rechecks(&self) -> bool {
            self.rechecks
        }
    }

    /// With every claimed option deferred once, a node that rechecks its deferred options
    /// takes each back before its next option: it searches the positions the one-process
    /// search does, in its order, where without rechecks it searched the later options
    /// first (the speculation of docs/scale-out.md, "The work beyond one process's"); both
    /// give the one-process values.
    #[test]
    fn rechecked_deferrals_search_what_one_process_searches() {
        let config = SearchConfig {
            threads: 1,
            ..SearchConfig::default()
        };
        let mut speculated = 0;
        for name in ["petersen:10,2", "petersen:13,2", "grid:3x8", "grid:4x6"] {
            let graph = families::build(name).unwrap();
            let mut alone = Solver::with_config(config);
            let value = alone.nimber(&graph).unwrap();
            let positions = alone.stats().positions;
            for rechecks in [false, true] {
                let mut solver = Solver::with_config(config);
                let remote = Arc::new(BusyOnce {
                    asked: Mutex::new(Default::default()),
                    rechecks,
                });
                assert!(solver.memo_handle().set_remote(remote.clone()));
                assert_eq!(
                    solver.nimber(&graph),
                    Ok(value),
                    "{name} rechecks {rechecks}"
                );
                let searched = solver.stats().positions;
                assert!(!remote.asked.lock().unwrap().is_empty(), "{name}: no asks");
                if rechecks {
                    assert_eq!(searched, positions, "{name}");
                } else {
                    speculated += searched.saturating_sub(positions);
                }
            }
        }
        assert!(speculated > 0, "no speculation without rechecks");
    }

    /// A remote that grants every claim and keeps what each claimed question was proved
    /// to be: the answers of the one-process search.
    #[derive(Default)]
    struct Recorder {
        proved: Mutex<std::collections::HashMap<(Vec<u64>, u8), bool>>,
    }

    impl Remote for Recorder {
        fn min_order(&self) -> usize {
            4
        }

        fn ask(&self, _: MemoTable, _: &[u64], _: u8, _: bool) -> Answer {
            Answer::Search(Record::UNKNOWN)
        }

        fn done(&self, _: MemoTable, key: &[u64], heap: u8, proved: Option<Record>) {
            if let Some(win) = proved.and_then(|r| r.wins(heap)) {
                self.proved
                    .lock()
                    .unwrap()
                    .insert((key.to_vec(), heap), win);
            }
        }
    }

    /// A question asked of a home: its key and heap.
    type Question = (Vec<u64>, u8);

    /// A remote standing for another process that holds the claim on each question the
    /// one-process search answered (`truth`) when it is first asked, and proves it
    /// `lag` asks later: until then the question is busy, from then on known. With
    /// `watch`, a busy answer comes with a flag that goes up when the question is proved
    /// to lose (the home's word to the ranks it answered busy). Nodes recheck.
    struct Lagging {
        truth: std::collections::HashMap<(Vec<u64>, u8), bool>,
        lag: u64,
        watch: bool,
        /// Asks so far; the questions being proved elsewhere (the ask at which each is
        /// proved, its flag); those proved.
        asks: Mutex<u64>,
        busy: Mutex<std::collections::HashMap<Question, (u64, Arc<AtomicBool>)>>,
        proved: Mutex<std::collections::HashSet<(Vec<u64>, u8)>>,
    }

    impl Lagging {
        fn answer(&self, key: &[u64], heap: u8) -> (Answer, Option<Arc<AtomicBool>>) {
            let now = {
                let mut asks = self.asks.lock().unwrap();
                *asks += 1;
                *asks
            };
            let mut busy = self.busy.lock().unwrap();
            let mut proved = self.proved.lock().unwrap();
            busy.retain(|question, (at, flag)| {
                if *at > now {
                    return true;
                }
                if !self.truth[question] {
                    flag.store(true, Relaxed);
                }
                proved.insert(question.clone());
                false
            });
            let question = (key.to_vec(), heap);
            let Some(&win) = self.truth.get(&question) else {
                return (Answer::Search(Record::UNKNOWN), None);
            };
            if proved.contains(&question) {
                return (Answer::Known(Record::decided(heap, win)), None);
            }
            let (_, flag) = busy
                .entry(question)
                .or_insert_with(|| (now + self.lag, Arc::new(AtomicBool::new(false))));
            (Answer::Busy, self.watch.then(|| Arc::clone(flag)))
        }
    }

    impl Remote for Lagging {
        fn min_order(&self) -> usize {
            4
        }

        fn ask(&self, _: MemoTable, key: &[u64], heap: u8, _: bool) -> Answer {
            self.answer(key, heap).0
        }

        fn ask_watched(
            &self,
            _: MemoTable,
            key: &[u64],
            heap: u8,
        ) -> (Answer, Option<Arc<AtomicBool>>) {
            self.answer(key, heap)
        }

        fn done(&self, _: MemoTable, _: &[u64], _: u8, _: Option<Record>) {}

        fn rechecks(&self) -> bool {
            true
        }
    }

    /// The memo's entries, by table and key.
    fn entries(solver: &Solver) -> std::collections::HashMap<(usize, Vec<u64>), Record> {
        let mut all = std::collections::HashMap::new();
        solver.memo_handle().for_each_entry(|table, key, record| {
            all.insert((table as usize, key.to_vec()), record);
        });
        all
    }

    /// When the claimant of a deferred option proves it to lose while the node searches
    /// a later option (the speculation that a recheck, made before each option, cannot
    /// stop), the flag of the deferral cancels that search at once, and the node is won
    /// by the deferred option as in one process: fewer positions than with the same
    /// claims unwatched, the one-process values, and a memo that holds nothing that
    /// contradicts the one-process search's (nothing unproved was kept).
    #[test]
    fn a_deferred_option_proved_to_lose_cancels_the_speculation_after_it() {
        let config = SearchConfig {
            threads: 1,
            ..SearchConfig::default()
        };
        let mut positions = [0u64; 2];
        let mut cancelled = [0u64; 2];
        let mut compared = 0;
        for name in ["petersen:10,2", "petersen:13,2", "grid:3x8", "grid:4x6"] {
            let graph = families::build(name).unwrap();
            let mut alone = Solver::with_config(config);
            let recorder = Arc::new(Recorder::default());
            assert!(alone.memo_handle().set_remote(recorder.clone()));
            let value = alone.nimber(&graph).unwrap();
            let truth = std::mem::take(&mut *recorder.proved.lock().unwrap());
            let alone_entries = entries(&alone);
            for lag in [3, 12, 40] {
                for watch in [false, true] {
                    let mut solver = Solver::with_config(config);
                    let remote = Arc::new(Lagging {
                        truth: truth.clone(),
                        lag,
                        watch,
                        asks: Mutex::new(0),
                        busy: Mutex::new(Default::default()),
                        proved: Mutex::new(Default::default()),
                    });
                    assert!(solver.memo_handle().set_remote(remote.clone()));
                    let what = format!("{name} lag {lag} watch {watch}");
                    assert_eq!(solver.nimber(&graph), Ok(value), "{what}");
                    let stats = solver.stats();
                    positions[usize::from(watch)] += stats.positions;
                    cancelled[usize::from(watch)] += stats.cancelled;
                    for (key, record) in entries(&solver) {
                        let Some(known) = alone_entries.get(&key) else {
                            continue;
                        };
                        for heap in 0..=Record::WIN_HEAPS {
                            if let (Some(a), Some(b)) = (record.wins(heap), known.wins(heap)) {
                                assert_eq!(a, b, "{what}: heap {heap} of {key:?}");
                                compared += 1;
                            }
                        }
                    }
                }
            }
        }
        assert_eq!(cancelled[0], 0, "cancelled without flags");
        assert!(cancelled[1] > 0, "no search was cancelled");
        assert!(
            positions[1] < positions[0],
            "watched {} positions, unwatched {}",
            positions[1],
            positions[0]
        );
        assert!(compared > 0);
    }

    /// Queens 5 is decided by the dense leaf at its root, which answers a loss at once
    /// when it finds the stop flag up: that answer is meaningless, and must not reach
    /// the home (it would tell it that the nimber is 0, which queens 5 is not).
    #[test]
    fn a_leaf_stopped_while_its_home_was_asked_tells_nothing() {
        let stop = Arc::new(AtomicBool::new(false));
        let remote = Arc::new(StopOnAsk {
            stop: Arc::clone(&stop),
            told: Mutex::new(Vec::new()),
            published: Mutex::new(Vec::new()),
        });
        let mut solver = Solver::with_config(SearchConfig {
            threads: 1,
            leaf_table_bytes: 1 << 20,
            ..SearchConfig::default()
        });
        solver.set_stop_flag(Some(stop));
        assert!(solver.memo_handle().set_remote(remote.clone()));
        let queens = families::build("queens:5").unwrap();
        assert_eq!(solver.nimber(&queens), Err(SearchError::Stopped));
        assert_eq!(*remote.told.lock().unwrap(), vec![None]);
        assert!(remote.published.lock().unwrap().is_empty());
    }
}
