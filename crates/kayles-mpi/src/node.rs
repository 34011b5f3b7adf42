//! One rank of a spread search ([`Node`]): its communication thread, which alone talks to
//! the [`Transport`] (MPI, or channels between threads), keeps the rank's [`Home`] and
//! batches what goes to each rank; and the [`Exchange`], the engine's
//! `Remote`, through which the search threads ask and tell
//! over channels (what they publish they queue, and the communication thread takes the
//! queue on its own rounds).
//!
//! The protocol, per search (every rank runs the same searches in the same order, and
//! numbers them alike): asks and results go to the key's home (`hash(key) mod N`); a rank
//! other than 0 whose search ends with the value sends it to rank 0 ([`Node::found`]),
//! whose search it stops; rank 0, once it has a value (its own or that one), sends Stop
//! to every rank ([`Node::finish`]), which stops their search (its stop flag goes up);
//! every rank then reports its counters to rank 0
//! ([`Node::report`]), which waits for them all ([`Node::collect`]); [`Node::end`] is
//! that end of a search, written once for every caller. At the start every
//! rank sends rank 0 a fingerprint of its build and command, and rank 0 refuses a run
//! whose ranks differ; at the end rank 0 sends Quit and waits for every Bye.

use crate::home::{Freed, Home, Reply};
use crate::wire::{self, Batch, Message, REPORT_WORDS};
use kayles_core::engine::{Answer, MemoHandle, MemoTable, Record, Remote, LEAF_SHARE};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, SyncSender, TryRecvError};
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};

/// How ranks reach each other: sends that never block for long, receives by polling.
/// Only the communication thread calls it.
pub trait Transport: Send + 'static {
    /// This rank.
    fn rank(&self) -> usize;
    /// The number of ranks.
    fn size(&self) -> usize;
    /// Sends `words` to rank `to` (buffered: returns at once).
    fn send(&mut self, to: usize, words: Vec<u64>);
    /// A buffer that arrived, with its sender, if any.
    fn receive(&mut self) -> Option<(usize, Vec<u64>)>;
    /// Whether every send has completed (polled at the end, before the thread leaves).
    fn sent(&mut self) -> bool;
}

/// How a rank takes part.
#[derive(Debug, Clone, Copy)]
pub struct Options {
    /// Components of at least this many vertices are asked of their home (fewer in a
    /// search whose root is smaller: [`share_order`]).
    pub min_order: usize,
    /// Bytes of the rank's home table (past them it keeps only what is claimed).
    pub home_bytes: usize,
    /// Components of at least this many vertices, too small to have a home, have what a
    /// rank proved about them sent to every other rank, which keeps it in its memo
    /// (`usize::MAX`: none).
    pub publish_order: usize,
    /// The mean work beneath a claim at which asking at an order pays
    /// ([`Exchange::ask_pays`]; 0: every component from the threshold up is asked).
    pub pay_positions: u64,
    /// Whether an order whose asks do not pay is still asked one time in
    /// [`PAY_RESAMPLE`] times how many times its claims' mean work the pay threshold is
    /// (at most [`RESAMPLE_STRETCH`] times), rather than one time in [`PAY_RESAMPLE`]
    /// whatever that mean (false: the rule before; docs/scale-out.md, "Two ranks on one
    /// machine").
    pub resample_scaled: bool,
    /// Only results whose search cost at least this much work are published
    /// ([`PUBLISH_WORK`]; 0: all), except those of [`Options::publish_recurring`].
    pub publish_work: u64,
    /// Components of fewer than the root's order divided by this many vertices (and at
    /// least [`Options::publish_order`]) recur across the ranks: what a rank proves
    /// about one is published whatever its search cost ([`PUBLISH_RECURRING`]; 0: none).
    pub publish_recurring: usize,
    /// The fingerprint of the build and command, equal on every rank of a run.
    pub fingerprint: u64,
    /// How long rank 0 waits for the other ranks at the start, at each search's end and
    /// at the end before it declares a rank lost.
    pub patience: Duration,
    /// Asks and results whose home is this rank go to the home directly, not through the
    /// communication thread (false: through it, the earlier behaviour, for measurements).
    pub local_home: bool,
    /// The longest nap of the communication thread while a search runs and no reply is
    /// awaited, in microseconds (at least 20 is used; [`POLL_MAX_US`]).
    pub poll_max_us: u64,
    /// Whether a node that deferred options claimed elsewhere asks about them again
    /// before each of its later options (`kayles_core::engine::Remote::rechecks`;
    /// docs/scale-out.md, "The work beyond one process's").
    pub rechecks: bool,
    /// Whether a node's deferral asks its home to be told when the claim ends with the
    /// deferred component proved to lose, and the node's search of a later option is then
    /// cancelled at once (`kayles_core::engine::Remote::ask_watched`; docs/scale-out.md,
    /// "Cancelled speculation").
    pub cancels: bool,
    /// Whether [`Node::end`] takes the rank's [`Node::profile`] line after each search
    /// ([`Ended::profile`]; for measurements: `KAYLES_MPI_PROFILE`, docs/scale-out.md).
    pub profile: bool,
    /// On rank 0, the id of the run this one resumes (read from what it wrote, such as
    /// its part of a certificate), sent to every rank as [`Node::run_id`]; None: rank 0
    /// draws a fresh one. The other ranks' value is not used.
    pub run: Option<u64>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            min_order: MIN_ORDER,
            home_bytes: 256 << 20,
            publish_order: PUBLISH_ORDER,
            pay_positions: PAY_POSITIONS,
            resample_scaled: true,
            publish_work: PUBLISH_WORK,
            publish_recurring: PUBLISH_RECURRING,
            fingerprint: 0,
            patience: Duration::from_secs(20),
            local_home: true,
            poll_max_us: POLL_MAX_US,
            rechecks: true,
            cancels: true,
            profile: false,
            run: None,
        }
    }
}

/// The default [`Options::min_order`]: components of fewer vertices are searched where
/// they are met, their results published (docs/scale-out.md has the measurements behind
/// it, with those of higher thresholds: fewer round trips, more work).
pub const MIN_ORDER: usize = 36;

/// The dense leaf's decisions about components of at least this many vertices (or of
/// [`share_order`], if fewer) are asked of their home: a queens board spends its time in
/// the leaf, far below the root's order.
pub const LEAF_MIN_ORDER: usize = 36;

/// How long a search thread waits for its home's reply before it searches the component
/// itself.
const ASK_PATIENCE: Duration = Duration::from_secs(1);

/// Orders of components (and the dense leaf's, apart) whose asks [`Exchange`] weighs.
const ORDERS: usize = 256;

/// An order whose claims have been searched this many times has its asks weighed:
/// [`Exchange::ask_pays`].
const PAY_SAMPLE: u64 = 64;

/// The default [`Options::pay_positions`]: the mean work (positions searched, a
/// dense-leaf position counting 1/16) beneath a claim at which asking at its order pays.
/// A round trip between two ranks of one loaded machine was measured at 300-800 us,
/// against 2-3 us a position searched (docs/scale-out.md); this leaves room for the work
/// a claim saves the other ranks.
pub const PAY_POSITIONS: u64 = 512;

/// An order whose asks do not pay is still asked one time in this many (so that its
/// record follows the search: deep in it, the same order may cost more). One in 16 made
/// 7,000 asks at each of petersen:39,2's cheapest orders (4-9 positions beneath). With
/// [`Options::resample_scaled`], one in this many times how far below the threshold the
/// order's mean work is.
pub const PAY_RESAMPLE: u64 = 256;

/// With [`Options::resample_scaled`], an order whose asks do not pay is asked at least one
/// time in [`PAY_RESAMPLE`] times this many. At one in 256, grid:3x28's orders 36-49
/// (2-35 positions beneath a claim) still made about 1,200 asks each a rank, 40% of its
/// asks, each a round trip half the time (docs/scale-out.md, "Two ranks on one machine").
pub const RESAMPLE_STRETCH: u64 = 256;

/// How the exchange runs, from the [`Options`].
#[derive(Debug, Clone, Copy)]
struct Tuning {
    /// [`Options::local_home`].
    local_home: bool,
    /// [`Options::poll_max_us`], at least 20 us.
    poll_max: Duration,
    /// [`Options::pay_positions`].
    pay_positions: u64,
    /// [`Options::resample_scaled`].
    resample_scaled: bool,
    /// [`Options::publish_work`].
    publish_work: u64,
}

impl Tuning {
    fn new(options: &Options) -> Self {
        Tuning {
            local_home: options.local_home,
            poll_max: Duration::from_micros(options.poll_max_us.max(20)),
            pay_positions: options.pay_positions,
            resample_scaled: options.resample_scaled,
            publish_work: options.publish_work,
        }
    }
}

/// The default longest nap of the communication thread while a search runs and none of
/// this rank's threads waits for a reply, in microseconds: it naps 20 us after any
/// message, twice as long after each quiet round up to this (a rank waiting for a reply
/// polls every 20 us).
pub const POLL_MAX_US: u64 = 160;

/// The default [`Options::publish_work`]: results whose search cost less work than this
/// (positions searched beneath the component, a dense-leaf position counting 1/16) are
/// not published: finding one again costs less than sending it to every rank and
/// putting it into every memo (docs/scale-out.md has what it costs in work at four and
/// eight ranks).
pub const PUBLISH_WORK: u64 = 8;

/// The default [`Options::publish_recurring`]: what a rank proves about a component of
/// fewer than a third of the root's vertices is published whatever it cost. Such small
/// components are met again and again, by every rank: on two ranks, 60-96% of those of
/// 16 to 27 vertices that one rank searched in one position (all its options known) were
/// searched by the other too (petersen:39,2, a root of 78), against 30% and fewer from
/// 32 vertices up (docs/scale-out.md, "Less duplicated work").
pub const PUBLISH_RECURRING: usize = 3;

/// The default [`Options::publish_order`].
pub const PUBLISH_ORDER: usize = 16;

/// In a search whose root has fewer than [`MIN_ORDER`] + `ROOT_MARGIN` vertices, the
/// components of at least the root's order minus this many have a home
/// ([`share_order`]): the root and the levels just below it, where the ranks split the
/// work.
pub const ROOT_MARGIN: usize = 12;

/// Components of fewer vertices are never asked of a home.
pub const MIN_SHARED_ORDER: usize = 12;

/// The least order of a component with a home in a search whose root has `root_order`
/// vertices, with [`Options::min_order`] `min_order`: `min_order`, or the root's order
/// less [`ROOT_MARGIN`] if that is smaller (so every graph's top is shared), though not
/// below [`MIN_SHARED_ORDER`] unless `min_order` is.
pub fn share_order(min_order: usize, root_order: usize) -> usize {
    min_order.min(root_order.saturating_sub(ROOT_MARGIN).max(MIN_SHARED_ORDER))
}

/// A rank's counters over one search (or all), as reported to rank 0.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Report {
    /// Positions the rank's search searched.
    pub positions: u64,
    /// Positions its dense leaf visited.
    pub leaf_positions: u64,
    /// Entries in its shared memo.
    pub memo_entries: u64,
    /// Messages it sent (asks, results, replies, control).
    pub messages: u64,
    /// Bytes it sent.
    pub bytes: u64,
    /// Nanoseconds its search threads spent waiting for replies.
    pub idle_ns: u64,
    /// Asks it sent.
    pub asks: u64,
    /// Asks answered busy (the component deferred).
    pub busy: u64,
}

impl Report {
    fn words(&self) -> [u64; REPORT_WORDS] {
        [
            self.positions,
            self.leaf_positions,
            self.memo_entries,
            self.messages,
            self.bytes,
            self.idle_ns,
            self.asks,
            self.busy,
        ]
    }

    fn of_words(w: [u64; REPORT_WORDS]) -> Self {
        Report {
            positions: w[0],
            leaf_positions: w[1],
            memo_entries: w[2],
            messages: w[3],
            bytes: w[4],
            idle_ns: w[5],
            asks: w[6],
            busy: w[7],
        }
    }
}

/// A rank's solver's counters at the end of a search, as [`Node::end`] reports them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counters {
    /// Positions its search searched.
    pub positions: u64,
    /// Positions its dense leaf visited.
    pub leaf_positions: u64,
    /// Entries in its shared memo.
    pub memo_entries: u64,
}

impl Counters {
    /// The counters [`Node::end`] reports, read from a solver's `stats`.
    pub fn of(stats: &kayles_core::engine::SearchStats) -> Self {
        Counters {
            positions: stats.positions,
            leaf_positions: stats.leaf_positions,
            memo_entries: stats.shared_entries,
        }
    }
}

/// How a search ended on a rank ([`Node::end`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ended<E> {
    /// The value, or the error. On rank 0, a value another rank found first in place of
    /// its own search stopped for it; on the other ranks, a search that rank 0 ended is
    /// the search's stopped error.
    pub value: Result<u32, E>,
    /// On rank 0: every rank's counters for this search, by rank (empty elsewhere).
    pub reports: Vec<Report>,
    /// With [`Options::profile`]: this rank's [`Node::profile`] line, taken once the
    /// search had ended on rank 0 and before this rank reported (the front end prints
    /// it).
    pub profile: Option<String>,
}

/// Why a spread search could not go on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// Some rank runs another build or another command.
    Mismatch(usize),
    /// Rank 0 refused the run (this rank differs from it, or another does).
    Refused,
    /// A rank did not answer within the patience.
    Lost(Vec<usize>),
    /// This rank's communication thread ended while the run went on (it panicked: the
    /// panic is said on the rank's standard error).
    Ended,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Mismatch(rank) => write!(
                f,
                "rank {rank} runs another build of kayles or another command than rank 0 \
                 (every rank must run the same binary with the same arguments)"
            ),
            Failure::Refused => write!(f, "rank 0 refused this run: the ranks differ"),
            Failure::Lost(ranks) => write!(
                f,
                "rank{} {} stopped answering (killed, or its machine lost)",
                if ranks.len() > 1 { "s" } else { "" },
                ranks
                    .iter()
                    .map(|r| r.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Failure::Ended => write!(
                f,
                "this rank's communication thread ended early (a panic, said above)"
            ),
        }
    }
}

impl std::error::Error for Failure {}

/// What the search threads and the driver hand the communication thread.
enum Local {
    Ask {
        search: u32,
        table: MemoTable,
        heap: u8,
        wait: bool,
        watch: bool,
        key: Vec<u64>,
        reply: SyncSender<Watched>,
    },
    Done {
        search: u32,
        table: MemoTable,
        heap: u8,
        proved: Option<Record>,
        key: Vec<u64>,
    },
    /// Replies and notices to send, from this rank's home (told a result directly by a
    /// search thread).
    Freed(Freed),
    /// Rank 0: the search is over; tell every rank.
    Stop(u32),
    /// This rank's counters for a search, to rank 0.
    Report(u32, Report),
    /// Not rank 0: this rank's search ended with its value; tell rank 0.
    Found(u32, u32),
    /// Rank 0: tell every rank to leave.
    Quit,
    /// End the communication thread (after what is queued is sent).
    End,
}

/// An ask's answer, and with a busy answer to an ask that watches, the flag raised when
/// the claim ends with the component proved to lose.
type Watched = (Answer, Option<Arc<AtomicBool>>);

/// A question of a home: its table's code, its heap, its key.
type Question = (u8, u8, Box<[u64]>);

/// The flags of this rank's deferrals ([`Exchange::ask_watched`]), by question, for the
/// current search: raised when the question's home says it was proved to lose
/// ([`Message::Settled`]). Held weakly: a flag whose node has let it go is dropped.
#[derive(Default)]
struct Watches {
    /// The search the flags are of.
    search: u32,
    flags: std::collections::HashMap<Question, Vec<Weak<AtomicBool>>>,
    /// Questions held at the last pruning of dropped flags.
    pruned: usize,
}

impl Watches {
    fn question(table: MemoTable, heap: u8, key: &[u64]) -> Question {
        (table as u8, heap, key.into())
    }

    /// A new flag for `key + *heap` in search `search`.
    fn watch(&mut self, search: u32, table: MemoTable, heap: u8, key: &[u64]) -> Arc<AtomicBool> {
        if search != self.search {
            self.flags.clear();
            self.search = search;
            self.pruned = 0;
        }
        if self.flags.len() > 2 * self.pruned + 64 {
            self.flags.retain(|_, v| {
                v.retain(|w| w.strong_count() > 0);
                !v.is_empty()
            });
            self.pruned = self.flags.len();
        }
        let flag = Arc::new(AtomicBool::new(false));
        let v = self
            .flags
            .entry(Self::question(table, heap, key))
            .or_default();
        v.retain(|w| w.strong_count() > 0);
        v.push(Arc::downgrade(&flag));
        flag
    }

    /// `key + *heap` was proved to lose in search `search`: its flags go up (how many).
    fn settle(&mut self, search: u32, table: MemoTable, heap: u8, key: &[u64]) -> u64 {
        if search != self.search {
            return 0;
        }
        let Some(v) = self.flags.remove(&Self::question(table, heap, key)) else {
            return 0;
        };
        let mut raised = 0;
        for flag in v.iter().filter_map(Weak::upgrade) {
            flag.store(true, Relaxed);
            raised += 1;
        }
        raised
    }
}

/// What the communication thread tells the driver.
enum Event {
    Welcome(u64),
    Refused,
    Mismatch(usize),
    Hello(usize),
    Report(usize, u32, Report),
    Bye(usize),
    Quit,
}

/// The state the search threads, the driver and the communication thread share.
struct Shared {
    /// The search this rank is in, and the last search rank 0 ended (searches are
    /// numbered from 1 here: 0 is none).
    search: Mutex<(u32, u32)>,
    /// Raised when rank 0 says the current search is over.
    stop: Arc<AtomicBool>,
    /// Whether what other ranks publish about the current search goes into the memo:
    /// from [`Node::begin`] (called once the solver holds the search's host) to
    /// [`Node::report`]. Between searches the memo's host-symmetry table may still hold
    /// the last host's keys, which mean other components: a publication merged there
    /// could contradict an entry (a debug build's merge panics on that).
    taking: AtomicBool,
    messages: AtomicU64,
    bytes: AtomicU64,
    idle_ns: AtomicU64,
    asks: AtomicU64,
    busy: AtomicU64,
    /// The memo of this rank's solver, which published results go into.
    memo: Mutex<Option<MemoHandle>>,
    /// What the search threads published and the communication thread has not yet
    /// taken: it takes them on its own rounds (at most [`POLL_MAX_US`] apart while a
    /// search runs), so that a publication never wakes it (one wake-up a publication
    /// cost each rank about a fifth of its CPU on petersen:39,2, docs/scale-out.md).
    outgoing: Mutex<Batch>,
    /// Rank 0: the values that other ranks found before rank 0's own search ended, by
    /// search (numbered from 1; [`Node::found_value`]). A rank may be searches ahead of
    /// rank 0 on small graphs, so there may be several.
    found: Mutex<std::collections::HashMap<u32, u32>>,
    /// The flags of this rank's deferrals, by question.
    watches: Mutex<Watches>,
    /// Measurements ([`Node::profile`]).
    profile: Profile,
}

/// What a rank measures of its exchanges, for [`Node::profile`].
#[derive(Default)]
struct Profile {
    /// Messages sent to other ranks, by kind ([`kind_name`]).
    sent: [AtomicU64; KINDS],
    /// Asks answered known, search (claimed), busy, and none (a timeout or a stop).
    answers: [AtomicU64; 4],
    /// Asks whose home is this rank (no round trip).
    local_asks: AtomicU64,
    /// Publications from other ranks put into the memo, and those dropped (of another
    /// search, or come between searches: [`Shared::taking`]).
    publications: [AtomicU64; 2],
    /// Searches of claimed components, by the positions searched beneath them
    /// ([`BENEATH`] buckets), engine searches then dense-leaf ones.
    beneath: [[AtomicU64; BENEATH.len() + 1]; 2],
    /// The positions searched beneath claimed components, engine then dense leaf.
    beneath_sum: [AtomicU64; 2],
    /// Notices of deferred components proved to lose ([`Message::Settled`]): received,
    /// and the flags they raised.
    settled: [AtomicU64; 2],
    /// The communication thread's naps: while a reply was awaited, while a search ran,
    /// and between searches (each one a wake-up of the thread).
    naps: [AtomicU64; 3],
}

/// The message kinds counted by [`Profile::sent`].
const KINDS: usize = 14;

/// The upper bounds of the buckets of [`Profile::beneath`].
const BENEATH: [u64; 5] = [16, 256, 4096, 65536, 1 << 20];

fn kind_name(kind: usize) -> &'static str {
    [
        "?", "ask", "done", "reply", "stop", "hello", "welcome", "refuse", "report", "quit", "bye",
        "publish", "found", "settled",
    ][kind]
}

fn kind_of(message: &Message) -> usize {
    match message {
        Message::Ask { .. } => 1,
        Message::Done { .. } => 2,
        Message::Reply { .. } => 3,
        Message::Stop { .. } => 4,
        Message::Hello { .. } => 5,
        Message::Welcome { .. } => 6,
        Message::Refuse => 7,
        Message::Report { .. } => 8,
        Message::Quit => 9,
        Message::Bye => 10,
        Message::Publish { .. } => 11,
        Message::Found { .. } => 12,
        Message::Settled { .. } => 13,
    }
}

/// The engine's [`Remote`] for one rank: asks go to the communication thread, which
/// sends them to the key's home and hands back the reply.
pub struct Exchange {
    to_comm: Mutex<Sender<Local>>,
    rank: usize,
    size: usize,
    /// This rank's home (shared with the communication thread).
    home: Arc<Mutex<Home>>,
    tuning: Tuning,
    weights: Weights,
    shared: Arc<Shared>,
    /// The threshold of the current search ([`Node::set_root_order`]).
    min_order: AtomicU64,
    /// [`Options::min_order`].
    max_min_order: usize,
    /// [`Options::publish_order`].
    publish_order: usize,
    /// [`Options::publish_recurring`].
    publish_recurring: usize,
    /// [`Options::rechecks`].
    rechecks: bool,
    /// [`Options::cancels`].
    cancels: bool,
    /// Components of fewer vertices are published whatever their cost, in the current
    /// search ([`Node::set_root_order`]).
    recurring_order: AtomicU64,
}

impl Exchange {
    fn weigh_index(order: usize, leaf: bool) -> usize {
        usize::from(leaf) * ORDERS + order.min(ORDERS - 1)
    }

    /// Counts an ask's answer (busy answers, and by kind for [`Node::profile`]; `lost`:
    /// none came, a timeout or a stop) and returns it.
    fn count_answer(&self, answer: Answer, lost: bool) -> Answer {
        if answer == Answer::Busy {
            self.shared.busy.fetch_add(1, Relaxed);
        }
        let i = match answer {
            _ if lost => 3,
            Answer::Known(_) => 0,
            Answer::Search(_) => 1,
            Answer::Busy => 2,
        };
        self.shared.profile.answers[i].fetch_add(1, Relaxed);
        answer
    }

    /// Sends the replies and notices that a result told to this rank's home directly
    /// freed.
    fn send_freed(&self, freed: Freed) {
        if !freed.is_empty() {
            let _ = lock(&self.to_comm).send(Local::Freed(freed));
        }
    }

    /// An ask of `key + *heap`'s home (`wait`: for a claim held elsewhere; `watch`: with
    /// a flag if the answer is busy, [`Remote::ask_watched`]).
    fn ask_home(
        &self,
        table: MemoTable,
        key: &[u64],
        heap: u8,
        wait: bool,
        watch: bool,
    ) -> Watched {
        let search = lock(&self.shared.search).0;
        if self.tuning.local_home && !wait && home_of(key, self.size) == self.rank {
            // This rank's home answers at once (an ask without waiting always has its
            // reply): no round trip, no communication thread.
            self.shared.asks.fetch_add(1, Relaxed);
            self.shared.profile.local_asks.fetch_add(1, Relaxed);
            let rank = self.rank as u32;
            let mut home = lock(&self.home);
            let reply = home.ask(rank, 0, search, table, key, heap, false, watch);
            // The flag is set up before the home is let go: a result that settles the
            // question comes after it.
            let flag = (watch && reply == Some(Reply::Busy))
                .then(|| lock(&self.shared.watches).watch(search, table, heap, key));
            drop(home);
            let answer = reply.map_or(Answer::Search(Record::UNKNOWN), answer_of);
            return (self.count_answer(answer, false), flag);
        }
        let (reply, answer) = mpsc::sync_channel(1);
        let started = Instant::now();
        let sent = lock(&self.to_comm)
            .send(Local::Ask {
                search,
                table,
                heap,
                wait,
                watch,
                key: key.to_vec(),
                reply,
            })
            .is_ok();
        self.shared.asks.fetch_add(1, Relaxed);
        // A communication thread gone (the run is failing) claims nothing: search here.
        // Nor does a reply that has not come within a second (a rank slow to answer, or
        // one whose communication thread died: in a debug build a home that is told two
        // contradicting results panics), nor one to a search that rank 0 has stopped: the
        // component is searched here, which is always right, and the rank is never held.
        let (answer, flag) = if sent {
            let asked = Instant::now();
            loop {
                match answer.recv_timeout(Duration::from_millis(100)) {
                    Ok(a) => break a,
                    Err(RecvTimeoutError::Timeout)
                        if !self.shared.stop.load(Relaxed) && asked.elapsed() < ASK_PATIENCE => {}
                    Err(_) => break (Answer::Search(Record::UNKNOWN), None),
                }
            }
        } else {
            (Answer::Search(Record::UNKNOWN), None)
        };
        self.shared
            .idle_ns
            .fetch_add(started.elapsed().as_nanos() as u64, Relaxed);
        let lost = answer == Answer::Search(Record::UNKNOWN) && self.shared.stop.load(Relaxed);
        (self.count_answer(answer, lost), flag)
    }
}

/// What an [`Exchange`] learnt of the asks at each order (engine searches, then dense
/// leaf ones): claims searched, the work beneath them, and asks answered known.
struct Weights {
    considered: Vec<AtomicU64>,
    claimed: Vec<AtomicU64>,
    work: Vec<AtomicU64>,
    known: Vec<AtomicU64>,
}

impl Weights {
    fn new() -> Self {
        let v = || (0..2 * ORDERS).map(|_| AtomicU64::new(0)).collect();
        Weights {
            considered: v(),
            claimed: v(),
            work: v(),
            known: v(),
        }
    }
}

impl Remote for Exchange {
    fn min_order(&self) -> usize {
        self.min_order.load(Relaxed) as usize
    }

    /// Asks pay at an order until 64 claims there were searched; then while the mean
    /// work beneath a claim is at least [`Options::pay_positions`]; otherwise one ask in
    /// [`PAY_RESAMPLE`] is made (with [`Options::resample_scaled`], in 256 times how many
    /// times the mean the threshold is, at most [`RESAMPLE_STRETCH`] times). (An ask
    /// answered known saves the mean work of its order: where that is below the
    /// threshold, a known answer does not pay for the round trips either; petersen:33,2
    /// has 8% known at its orders 36 and 37, whose claims search 8-12 positions.)
    fn ask_pays(&self, order: usize, leaf: bool) -> bool {
        if self.tuning.pay_positions == 0 {
            return true;
        }
        let w = &self.weights;
        let i = Self::weigh_index(order, leaf);
        let considered = w.considered[i].fetch_add(1, Relaxed);
        let claimed = w.claimed[i].load(Relaxed);
        let work = w.work[i].load(Relaxed);
        let threshold = self.tuning.pay_positions.saturating_mul(claimed);
        if claimed < PAY_SAMPLE || work >= threshold {
            return true;
        }
        considered % resample_stride(threshold, work, self.tuning.resample_scaled) == 0
    }

    fn searched(&self, order: usize, leaf: bool, beneath: Option<(u64, u64)>) {
        let w = &self.weights;
        let i = Self::weigh_index(order, leaf);
        let Some((positions, leaf_positions)) = beneath else {
            w.known[i].fetch_add(1, Relaxed);
            return;
        };
        w.claimed[i].fetch_add(1, Relaxed);
        w.work[i].fetch_add(positions + leaf_positions / LEAF_SHARE, Relaxed);
        let p = &self.shared.profile;
        let (k, n) = if leaf {
            (1, leaf_positions)
        } else {
            (0, positions)
        };
        let bucket = BENEATH.iter().position(|&b| n < b).unwrap_or(BENEATH.len());
        p.beneath[k][bucket].fetch_add(1, Relaxed);
        p.beneath_sum[k].fetch_add(n, Relaxed);
    }

    fn rechecks(&self) -> bool {
        self.rechecks
    }

    fn leaf_min_order(&self) -> usize {
        self.min_order().min(LEAF_MIN_ORDER)
    }

    fn ask(&self, table: MemoTable, key: &[u64], heap: u8, wait: bool) -> Answer {
        self.ask_home(table, key, heap, wait, false).0
    }

    /// With [`Options::cancels`], the home keeps this rank as a watcher of a claim held
    /// elsewhere and says when it ends with a loss ([`Message::Settled`]), which raises
    /// the flag (set up when the busy answer is taken, before any such word is read).
    fn ask_watched(
        &self,
        table: MemoTable,
        key: &[u64],
        heap: u8,
    ) -> (Answer, Option<Arc<AtomicBool>>) {
        self.ask_home(table, key, heap, false, self.cancels)
    }

    fn publish_order(&self) -> usize {
        self.publish_order
    }

    /// Nothing below the current search's [`Options::publish_recurring`] order, else
    /// [`Options::publish_work`].
    fn publish_work(&self, order: usize) -> u64 {
        if (order as u64) < self.recurring_order.load(Relaxed) {
            0
        } else {
            self.tuning.publish_work
        }
    }

    /// Queued for the communication thread, which takes the queue on its next round
    /// (never woken for it).
    fn publish(&self, table: MemoTable, key: &[u64], record: Record) {
        let search = lock(&self.shared.search).0;
        lock(&self.shared.outgoing).push_publish(search, table, record, key);
    }

    fn done(&self, table: MemoTable, key: &[u64], heap: u8, proved: Option<Record>) {
        let search = lock(&self.shared.search).0;
        if self.tuning.local_home && home_of(key, self.size) == self.rank {
            let rank = self.rank as u32;
            let freed = lock(&self.home).done(rank, search, table, key, heap, proved);
            self.send_freed(freed);
            return;
        }
        let _ = lock(&self.to_comm).send(Local::Done {
            search,
            table,
            heap,
            proved,
            key: key.to_vec(),
        });
    }
}

/// An order whose claims' work summed to `work` where paying would need `threshold` is
/// asked one time in this many: [`PAY_RESAMPLE`], times (`scaled`) how many times `work`
/// the threshold is, at most [`RESAMPLE_STRETCH`] times.
fn resample_stride(threshold: u64, work: u64, scaled: bool) -> u64 {
    if !scaled {
        return PAY_RESAMPLE;
    }
    let below = (threshold / work.max(1)).clamp(1, RESAMPLE_STRETCH);
    PAY_RESAMPLE * below
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// The home rank of a key among `size`.
pub fn home_of(key: &[u64], size: usize) -> usize {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for &w in key {
        h = (h ^ w).wrapping_mul(0x0000_0100_0000_01b3);
        h ^= h >> 29;
    }
    (h % size as u64) as usize
}

/// One rank of a spread search.
pub struct Node {
    rank: usize,
    size: usize,
    to_comm: Sender<Local>,
    events: Receiver<Event>,
    /// Events that came while the driver waited for another (a report of a later search).
    backlog: Mutex<Vec<Event>>,
    shared: Arc<Shared>,
    exchange: Arc<Exchange>,
    comm: Option<std::thread::JoinHandle<()>>,
    patience: Duration,
    /// Counters already reported, so that each report covers one search.
    reported: Report,
    /// [`Options::profile`].
    profile: bool,
    /// The run's id ([`Node::run_id`]).
    run: u64,
}

/// A run's id for rank 0 to draw: the wall-clock time and the process, mixed with the
/// `fingerprint` of the build and command.
fn fresh_run_id(fingerprint: u64) -> u64 {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    kayles_core::canonical::mix(now ^ u64::from(std::process::id()) << 40 ^ fingerprint)
}

impl Node {
    /// Starts the rank's communication thread on `transport` and checks, with rank 0, that
    /// every rank runs the same build and command (`options.fingerprint`).
    pub fn start<T: Transport>(transport: T, options: Options) -> Result<Node, Failure> {
        let rank = transport.rank();
        let size = transport.size();
        // Rank 0 draws the run's id (its start time and process, mixed with the
        // fingerprint), or keeps that of the run it resumes; the others take it from its
        // welcome.
        let run = match rank {
            0 => options
                .run
                .unwrap_or_else(|| fresh_run_id(options.fingerprint)),
            _ => 0,
        };
        let (to_comm, inbox) = mpsc::channel();
        let (event_tx, events) = mpsc::channel();
        let home = Arc::new(Mutex::new(Home::new(options.home_bytes)));
        let tuning = Tuning::new(&options);
        let shared = Arc::new(Shared {
            search: Mutex::new((0, 0)),
            stop: Arc::new(AtomicBool::new(false)),
            taking: AtomicBool::new(false),
            messages: AtomicU64::new(0),
            bytes: AtomicU64::new(0),
            idle_ns: AtomicU64::new(0),
            asks: AtomicU64::new(0),
            busy: AtomicU64::new(0),
            memo: Mutex::new(None),
            outgoing: Mutex::new(Batch::default()),
            found: Mutex::new(Default::default()),
            watches: Mutex::new(Watches::default()),
            profile: Profile::default(),
        });
        let comm = Comm {
            transport,
            rank,
            size,
            inbox,
            events: event_tx,
            outbox: (0..size).map(|_| Batch::default()).collect(),
            published: (0..size).map(|_| Batch::default()).collect(),
            home: Arc::clone(&home),
            pending: Default::default(),
            next_id: 0,
            shared: Arc::clone(&shared),
            fingerprint: options.fingerprint,
            run,
            tuning,
        };
        let handle = std::thread::Builder::new()
            .name(format!("kayles-mpi-{rank}"))
            .spawn(move || comm.run())
            .expect("a thread for the rank's messages");
        let exchange = Arc::new(Exchange {
            to_comm: Mutex::new(to_comm.clone()),
            rank,
            size,
            home,
            tuning,
            weights: Weights::new(),
            shared: Arc::clone(&shared),
            min_order: AtomicU64::new(options.min_order as u64),
            max_min_order: options.min_order,
            publish_order: options.publish_order,
            publish_recurring: options.publish_recurring,
            rechecks: options.rechecks,
            cancels: options.cancels,
            recurring_order: AtomicU64::new(0),
        });
        let node = Node {
            rank,
            size,
            to_comm,
            events,
            backlog: Mutex::new(Vec::new()),
            shared,
            exchange,
            comm: Some(handle),
            patience: options.patience,
            reported: Report::default(),
            profile: options.profile,
            run,
        };
        let mut node = node;
        node.run = node.handshake()?.unwrap_or(run);
        Ok(node)
    }

    /// The run's id: drawn by rank 0 at the start (from its start time), the same on
    /// every rank of one run and different from run to run (what a rank writes for the
    /// run, such as its part of a certificate, says which run it belongs to); a run that
    /// resumes another keeps its id ([`Options::run`]).
    pub fn run_id(&self) -> u64 {
        self.run
    }

    /// Checks with rank 0 that every rank runs the same build and command: on a rank
    /// other than 0, the run's id that rank 0 sent (None on rank 0).
    fn handshake(&self) -> Result<Option<u64>, Failure> {
        let deadline = Instant::now() + self.patience;
        if self.rank == 0 {
            let mut seen = vec![false; self.size];
            seen[0] = true;
            while seen.iter().any(|s| !s) {
                let event = self.event_until(deadline, |e| {
                    matches!(e, Event::Hello(_) | Event::Mismatch(_))
                });
                match event {
                    Some(Event::Hello(r)) => seen[r] = true,
                    Some(Event::Mismatch(r)) => return Err(Failure::Mismatch(r)),
                    Some(_) => {}
                    None => return Err(self.lost(missing(&seen))),
                }
            }
            Ok(None)
        } else {
            loop {
                match self.event_until(deadline, |e| {
                    matches!(e, Event::Welcome(_) | Event::Refused)
                }) {
                    Some(Event::Welcome(run)) => return Ok(Some(run)),
                    Some(Event::Refused) => return Err(Failure::Refused),
                    Some(_) => {}
                    None => return Err(self.lost(vec![0])),
                }
            }
        }
    }

    /// The first event that `wanted` takes (earlier ones it does not take are kept for
    /// later calls), or None at the deadline.
    fn event_until(&self, deadline: Instant, wanted: impl Fn(&Event) -> bool) -> Option<Event> {
        let mut backlog = lock(&self.backlog);
        if let Some(i) = backlog.iter().position(&wanted) {
            return Some(backlog.remove(i));
        }
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let event = self.events.recv_timeout(left).ok()?;
            if wanted(&event) {
                return Some(event);
            }
            backlog.push(event);
        }
    }

    /// `ranks` were not heard from in time, or (when this rank's communication thread
    /// has ended, which closes the channel its events come by) nothing can be heard.
    fn lost(&self, ranks: Vec<usize>) -> Failure {
        match &self.comm {
            Some(handle) if handle.is_finished() => Failure::Ended,
            _ => Failure::Lost(ranks),
        }
    }

    /// This rank.
    pub fn rank(&self) -> usize {
        self.rank
    }

    /// The number of ranks.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The engine's remote for this rank (give it to the solver's memo).
    pub fn remote(&self) -> Arc<dyn Remote> {
        Arc::clone(&self.exchange) as Arc<dyn Remote>
    }

    /// The next search's root has `order` vertices: its components are shared from
    /// [`share_order`] vertices up, and what is proved about those of fewer than
    /// `order` / [`Options::publish_recurring`] is published whatever it cost (every rank
    /// sets the same).
    pub fn set_root_order(&self, order: usize) {
        let e = &self.exchange;
        let at = share_order(e.max_min_order, order);
        e.min_order.store(at as u64, Relaxed);
        let recurring = order.checked_div(e.publish_recurring).unwrap_or(0);
        e.recurring_order.store(recurring as u64, Relaxed);
    }

    /// The memo that what other ranks publish goes into (the solver's, whose remote is
    /// this rank's: give it before the first search).
    pub fn set_memo(&self, memo: MemoHandle) {
        *lock(&self.shared.memo) = Some(memo);
    }

    /// The least order of a component asked of its home in the current search.
    pub fn min_order(&self) -> usize {
        self.exchange.min_order()
    }

    /// The flag raised when rank 0 ends the current search (give it to the solver).
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.shared.stop)
    }

    /// Starts search number `search` (every rank numbers its searches alike). Call it
    /// once the solver is set up for the search's graph (its host symmetry set): from
    /// here to [`report`](Self::report), what other ranks publish about this search goes
    /// into the solver's memo.
    pub fn begin(&self, search: u32) {
        let mut current = lock(&self.shared.search);
        current.0 = search + 1;
        self.shared.taking.store(true, Relaxed);
        // Rank 0 may have ended it already (this rank was still reporting the last one),
        // or, on rank 0, another rank found its value already.
        let found = lock(&self.shared.found).contains_key(&current.0);
        self.shared
            .stop
            .store(current.1 >= current.0 || found, Relaxed);
    }

    /// Rank 0: search `search` has its value; every other rank stops it.
    pub fn finish(&self, search: u32) {
        // The messages number searches from 1.
        let _ = self.to_comm.send(Local::Stop(search + 1));
    }

    /// A rank other than 0 whose search `search` ended with its value (not stopped):
    /// tells rank 0, which stops its own search of it and keeps this value
    /// ([`found_value`](Self::found_value)). Rank 0 ends a search only once its own has
    /// ended; without this, a rank that finished first would wait while rank 0 searched
    /// on (docs/scale-out.md, "2026-12-06, evening"). Nothing on rank 0.
    pub fn found(&self, search: u32, value: u32) {
        if self.rank != 0 {
            // The messages number searches from 1.
            let _ = self.to_comm.send(Local::Found(search + 1, value));
        }
    }

    /// Rank 0: the value of search `search` that another rank found first
    /// ([`found`](Self::found)), if its message stopped this rank's search.
    pub fn found_value(&self, search: u32) -> Option<u32> {
        lock(&self.shared.found).get(&(search + 1)).copied()
    }

    /// The end of search `search` on this rank, whose own search gave `outcome`
    /// (`stopped` says whether an error is the search stopped by its stop flag, rather
    /// than one that failed), with its solver's `counters`. The one end-of-search
    /// protocol of every rank (the command line's MPI route and [`crate::solve`] both
    /// end their searches here):
    ///
    /// 1. a rank other than 0 whose search ended with the value tells rank 0
    ///    ([`found`](Self::found));
    /// 2. rank 0 takes the value that another rank found first
    ///    ([`found_value`](Self::found_value)) in place of its own search *stopped* for
    ///    it, never in place of any other error (which is its answer);
    /// 3. rank 0 ends the search on every rank ([`finish`](Self::finish));
    /// 4. with [`Options::profile`], the rank takes its [`profile`](Self::profile)
    ///    line ([`Ended::profile`]);
    /// 5. every rank reports its counters ([`report`](Self::report)), and rank 0
    ///    gathers them ([`collect`](Self::collect)).
    ///
    /// A rank lost while rank 0 gathers is the [`Failure`].
    pub fn end<E>(
        &mut self,
        search: u32,
        outcome: Result<u32, E>,
        stopped: impl FnOnce(&E) -> bool,
        counters: Counters,
    ) -> Result<Ended<E>, Failure> {
        let value = match outcome {
            Ok(value) => {
                self.found(search, value);
                Ok(value)
            }
            Err(e) if self.rank == 0 && stopped(&e) => self.found_value(search).ok_or(e),
            Err(e) => Err(e),
        };
        if self.rank == 0 {
            self.finish(search);
        }
        let profile = self.profile.then(|| self.profile());
        self.report(
            search,
            counters.positions,
            counters.leaf_positions,
            counters.memo_entries,
        );
        let reports = if self.rank == 0 {
            self.collect(search)?
        } else {
            Vec::new()
        };
        Ok(Ended {
            value,
            reports,
            profile,
        })
    }

    /// After search `search` (finished or stopped): this rank's counters since its last
    /// report, with its search's own (`positions`, `leaf_positions`, `memo_entries`), to
    /// rank 0.
    pub fn report(&mut self, search: u32, positions: u64, leaf_positions: u64, memo_entries: u64) {
        let s = &self.shared;
        // The search is over here: nothing more of it goes into the memo (the solver may
        // be set up for the next graph before `begin`).
        {
            let _current = lock(&s.search);
            s.taking.store(false, Relaxed);
        }
        let total = Report {
            positions,
            leaf_positions,
            memo_entries,
            messages: s.messages.load(Relaxed),
            bytes: s.bytes.load(Relaxed),
            idle_ns: s.idle_ns.load(Relaxed),
            asks: s.asks.load(Relaxed),
            busy: s.busy.load(Relaxed),
        };
        let r = &self.reported;
        let report = Report {
            positions: total.positions.saturating_sub(r.positions),
            leaf_positions: total.leaf_positions.saturating_sub(r.leaf_positions),
            memo_entries,
            messages: total.messages - r.messages,
            bytes: total.bytes - r.bytes,
            idle_ns: total.idle_ns - r.idle_ns,
            asks: total.asks - r.asks,
            busy: total.busy - r.busy,
        };
        self.reported = total;
        let _ = self.to_comm.send(Local::Report(search, report));
    }

    /// What this rank measured of its exchanges so far, as one line: its asks (by answer,
    /// and those whose home is this rank), its communication thread's naps (waiting for a
    /// reply, searching, between searches), the messages it sent by kind, the searches of
    /// claimed components by the positions beneath them, and each thread of the process
    /// with the seconds it ran and the seconds it waited for a core (Linux's
    /// `/proc/self/task/*/schedstat`).
    pub fn profile(&self) -> String {
        let p = &self.shared.profile;
        let get = |a: &AtomicU64| a.load(Relaxed);
        let mut line = format!(
            "rank {}: asks {} ({} local): known {} search {} busy {} none {}; idle {:.3} s;",
            self.rank,
            get(&self.shared.asks),
            get(&p.local_asks),
            get(&p.answers[0]),
            get(&p.answers[1]),
            get(&p.answers[2]),
            get(&p.answers[3]),
            get(&self.shared.idle_ns) as f64 / 1e9,
        );
        line += &format!(
            " naps: waiting for replies {} searching {} between searches {};",
            get(&p.naps[0]),
            get(&p.naps[1]),
            get(&p.naps[2]),
        );
        let (taken, dropped) = self.publications();
        line += &format!(
            " publications taken {taken} dropped {dropped}; settled {} (flags raised {}); sent",
            get(&p.settled[0]),
            get(&p.settled[1])
        );
        for (k, n) in p.sent.iter().enumerate() {
            let n = get(n);
            if n > 0 {
                line += &format!(" {} {n}", kind_name(k));
            }
        }
        for (i, what) in ["engine", "leaf"].iter().enumerate() {
            let counts: Vec<String> = p.beneath[i].iter().map(|n| get(n).to_string()).collect();
            line += &format!(
                "; claimed {what} searches by positions beneath (<16 <256 <4096 <65536 <2^20 more) {} (sum {})",
                counts.join(" "),
                get(&p.beneath_sum[i])
            );
        }
        line += "; by order (claims searched/known/mean work beneath/asks weighed):";
        let w = &self.exchange.weights;
        for i in 0..2 * ORDERS {
            let (claimed, known) = (get(&w.claimed[i]), get(&w.known[i]));
            if claimed + known > 0 {
                line += &format!(
                    " {}{}:{claimed}/{known}/{}/{}",
                    if i >= ORDERS { "leaf " } else { "" },
                    i % ORDERS,
                    get(&w.work[i]) / claimed.max(1),
                    get(&w.considered[i]),
                );
            }
        }
        // The process's CPU seconds (user and system, every thread, ended ones too).
        let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
        let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
        let ticks: Vec<f64> = after
            .split_whitespace()
            .skip(11)
            .take(2)
            .filter_map(|w| w.parse().ok())
            .collect();
        if ticks.len() == 2 {
            line += &format!(
                "; cpu {:.2} s user {:.2} s system",
                ticks[0] / 100.0,
                ticks[1] / 100.0
            );
        }
        line += "; threads (run s, waited s):";
        if let Ok(tasks) = std::fs::read_dir("/proc/self/task") {
            for task in tasks.flatten() {
                let path = task.path();
                let name = std::fs::read_to_string(path.join("comm")).unwrap_or_default();
                let stat = std::fs::read_to_string(path.join("schedstat")).unwrap_or_default();
                let ns: Vec<f64> = stat
                    .split_whitespace()
                    .take(2)
                    .filter_map(|w| w.parse().ok())
                    .collect();
                if ns.len() == 2 && ns[0] > 1e7 {
                    line += &format!(" {} {:.3} {:.3}", name.trim(), ns[0] / 1e9, ns[1] / 1e9);
                }
            }
        }
        line
    }

    /// Publications from other ranks this rank has received so far: those put into its
    /// memo, and those dropped (of a search this rank is not in, or come between its
    /// searches: [`begin`](Self::begin)).
    pub fn publications(&self) -> (u64, u64) {
        let p = &self.shared.profile.publications;
        (p[0].load(Relaxed), p[1].load(Relaxed))
    }

    /// Notices this rank has received that a component it deferred was proved to lose
    /// ([`Message::Settled`]), and the flags of its deferrals they raised.
    pub fn settled(&self) -> (u64, u64) {
        let p = &self.shared.profile.settled;
        (p[0].load(Relaxed), p[1].load(Relaxed))
    }

    /// Rank 0: every rank's report of search `search`, by rank (its own included, once it
    /// has called [`report`](Self::report)); a rank silent for the patience is lost.
    pub fn collect(&self, search: u32) -> Result<Vec<Report>, Failure> {
        let deadline = Instant::now() + self.patience;
        let mut reports: Vec<Option<Report>> = vec![None; self.size];
        while reports.iter().any(Option::is_none) {
            let event = self.event_until(
                deadline,
                |e| matches!(e, Event::Report(_, s, _) if *s == search),
            );
            match event {
                Some(Event::Report(r, _, report)) => reports[r] = Some(report),
                Some(_) => {}
                None => {
                    let seen: Vec<bool> = reports.iter().map(Option::is_some).collect();
                    return Err(self.lost(missing(&seen)));
                }
            }
        }
        Ok(reports.into_iter().flatten().collect())
    }

    /// Leaves the run: rank 0 tells every rank to leave and waits for them; the others
    /// wait for rank 0's word. The communication thread then ends.
    pub fn close(mut self) -> Result<(), Failure> {
        let result = self.leave();
        let _ = self.to_comm.send(Local::End);
        if let Some(handle) = self.comm.take() {
            let _ = handle.join();
        }
        result
    }

    fn leave(&self) -> Result<(), Failure> {
        let deadline = Instant::now() + self.patience;
        if self.rank == 0 {
            let _ = self.to_comm.send(Local::Quit);
            let mut seen = vec![false; self.size];
            seen[0] = true;
            while seen.iter().any(|s| !s) {
                match self.event_until(deadline, |e| matches!(e, Event::Bye(_))) {
                    Some(Event::Bye(r)) => seen[r] = true,
                    Some(_) => {}
                    None => return Err(self.lost(missing(&seen))),
                }
            }
            Ok(())
        } else {
            loop {
                match self.event_until(deadline, |e| matches!(e, Event::Quit)) {
                    Some(Event::Quit) => return Ok(()),
                    Some(_) => {}
                    None => return Err(self.lost(vec![0])),
                }
            }
        }
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        if let Some(handle) = self.comm.take() {
            let _ = self.to_comm.send(Local::End);
            let _ = handle.join();
        }
    }
}

fn missing(seen: &[bool]) -> Vec<usize> {
    (0..seen.len()).filter(|&r| !seen[r]).collect()
}

/// An ask sent and not answered: its search, where its answer goes, and the question if
/// a busy answer is to come with a flag ([`Watches`]).
struct Asked {
    search: u32,
    reply: SyncSender<Watched>,
    watch: Option<(MemoTable, u8, Vec<u64>)>,
}

/// The communication thread of one rank.
struct Comm<T: Transport> {
    transport: T,
    rank: usize,
    size: usize,
    inbox: Receiver<Local>,
    events: Sender<Event>,
    outbox: Vec<Batch>,
    /// Publications, per rank: sent when large, or when the thread has nothing else to
    /// do (they are never waited for).
    published: Vec<Batch>,
    /// Shared with the [`Exchange`], which asks it and tells it directly about the keys
    /// whose home is this rank.
    home: Arc<Mutex<Home>>,
    /// Asks sent and not answered, by id.
    pending: std::collections::HashMap<u64, Asked>,
    next_id: u64,
    shared: Arc<Shared>,
    fingerprint: u64,
    /// The run's id (rank 0's, sent in its welcome).
    run: u64,
    tuning: Tuning,
}

impl<T: Transport> Comm<T> {
    fn run(mut self) {
        if self.rank != 0 {
            let fingerprint = self.fingerprint;
            self.post(0, Message::Hello { fingerprint });
        }
        let mut quiet = 0u32;
        loop {
            let mut busy = false;
            loop {
                match self.inbox.try_recv() {
                    Ok(local) => {
                        busy = true;
                        if self.local(local) {
                            return self.drain();
                        }
                    }
                    Err(TryRecvError::Empty) => break,
                    Err(TryRecvError::Disconnected) => return self.drain(),
                }
            }
            while let Some((from, words)) = self.transport.receive() {
                busy = true;
                let mut at = 0;
                while let Some(message) = wire::read(&words, &mut at) {
                    self.remote(from, message);
                }
            }
            self.take_published();
            self.flush();
            if busy {
                quiet = 0;
                continue;
            }
            self.flush_published(0);
            // Nothing to do: wait for a search thread, or poll the transport again soon
            // (sooner while a search runs, whose asks another rank's thread may be
            // waiting on: a reply's delay is mostly this nap at the home).
            quiet = quiet.saturating_add(1);
            let searching = {
                let (current, ended) = *lock(&self.shared.search);
                current > ended
            };
            let waiting = !self.pending.is_empty();
            let kind = if waiting {
                0
            } else if searching {
                1
            } else {
                2
            };
            self.shared.profile.naps[kind].fetch_add(1, Relaxed);
            let nap = if waiting {
                Duration::from_micros(20)
            } else if searching {
                // The other ranks' asks wait for this nap: 20 us after a message, twice
                // as long after each quiet round, up to the longest.
                (Duration::from_micros(20) * (1 << quiet.min(10))).min(self.tuning.poll_max)
            } else {
                Duration::from_micros(u64::from(quiet.min(20)) * 50)
            };
            match self.inbox.recv_timeout(nap) {
                Ok(local) => {
                    quiet = 0;
                    if self.local(local) {
                        return self.drain();
                    }
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => return self.drain(),
            }
        }
    }

    /// Sends what is left and waits (a little) for the sends to complete.
    fn drain(mut self) {
        self.flush();
        let deadline = Instant::now() + Duration::from_secs(5);
        while !self.transport.sent() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_micros(200));
        }
    }

    fn post(&mut self, to: usize, message: Message) {
        if to != self.rank {
            self.shared.profile.sent[kind_of(&message)].fetch_add(1, Relaxed);
        }
        self.outbox[to].push(&message);
    }

    /// Moves what the search threads published into every other rank's batch of
    /// publications, and sends the batches that are large.
    fn take_published(&mut self) {
        let queued = std::mem::take(&mut *lock(&self.shared.outgoing));
        if queued.is_empty() {
            return;
        }
        for to in (0..self.size).filter(|&to| to != self.rank) {
            self.shared.profile.sent[11].fetch_add(queued.messages, Relaxed);
            self.published[to].append(&queued);
        }
        self.flush_published(4096);
    }

    /// Sends each rank's publications once they hold at least `words` words.
    fn flush_published(&mut self, words: usize) {
        for to in 0..self.size {
            let batch = &mut self.published[to];
            if batch.is_empty() || batch.words.len() < words {
                continue;
            }
            let batch = std::mem::take(batch);
            self.shared.messages.fetch_add(batch.messages, Relaxed);
            self.shared
                .bytes
                .fetch_add(8 * batch.words.len() as u64, Relaxed);
            self.transport.send(to, batch.words);
        }
    }

    fn flush(&mut self) {
        for to in 0..self.size {
            if self.outbox[to].is_empty() {
                continue;
            }
            let batch = std::mem::take(&mut self.outbox[to]);
            if to == self.rank {
                let mut at = 0;
                while let Some(message) = wire::read(&batch.words, &mut at) {
                    self.remote(to, message);
                }
                continue;
            }
            self.shared.messages.fetch_add(batch.messages, Relaxed);
            self.shared
                .bytes
                .fetch_add(8 * batch.words.len() as u64, Relaxed);
            self.transport.send(to, batch.words);
        }
    }

    /// Handles a message from this rank's threads; true when the thread is to end.
    fn local(&mut self, local: Local) -> bool {
        match local {
            Local::Ask {
                search,
                table,
                heap,
                wait,
                watch,
                key,
                reply,
            } => {
                let home = home_of(&key, self.size);
                let id = self.next_id;
                self.next_id += 1;
                if home == self.rank {
                    let rank = self.rank as u32;
                    let found =
                        lock(&self.home).ask(rank, id, search, table, &key, heap, wait, watch);
                    match found {
                        Some(r) => {
                            let flag = (watch && r == Reply::Busy).then(|| {
                                lock(&self.shared.watches).watch(search, table, heap, &key)
                            });
                            let _ = reply.send((answer_of(r), flag));
                        }
                        None => {
                            let watch = None;
                            self.pending.insert(
                                id,
                                Asked {
                                    search,
                                    reply,
                                    watch,
                                },
                            );
                        }
                    }
                    return false;
                }
                let question = watch.then(|| (table, heap, key.clone()));
                self.pending.insert(
                    id,
                    Asked {
                        search,
                        reply,
                        watch: question,
                    },
                );
                self.post(
                    home,
                    Message::Ask {
                        id,
                        search,
                        table,
                        heap,
                        wait,
                        watch,
                        key,
                    },
                );
            }
            Local::Done {
                search,
                table,
                heap,
                proved,
                key,
            } => {
                let home = home_of(&key, self.size);
                if home == self.rank {
                    let rank = self.rank as u32;
                    self.home_done(rank, search, table, &key, heap, proved);
                } else {
                    self.post(
                        home,
                        Message::Done {
                            search,
                            table,
                            heap,
                            proved,
                            key,
                        },
                    );
                }
            }
            Local::Stop(search) => {
                for to in 0..self.size {
                    if to != self.rank {
                        self.post(to, Message::Stop { search });
                    }
                }
                self.end(search);
            }
            Local::Report(search, report) => {
                if self.rank == 0 {
                    let _ = self.events.send(Event::Report(0, search, report));
                } else {
                    let counters = report.words();
                    self.post(0, Message::Report { search, counters });
                }
            }
            Local::Found(search, value) => self.post(0, Message::Found { search, value }),
            Local::Quit => {
                for to in 1..self.size {
                    self.post(to, Message::Quit);
                }
            }
            Local::Freed(freed) => self.send_freed(freed),
            Local::End => return true,
        }
        false
    }

    /// Search `search` is over on this rank: its entries go, its waiters and its own
    /// pending asks are answered (searches that are being stopped), its flag goes up.
    fn end(&mut self, search: u32) {
        let replies = lock(&self.home).end(search);
        self.send_replies(replies);
        self.pending.retain(|_, asked| {
            if asked.search <= search {
                let _ = asked.reply.send((Answer::Search(Record::UNKNOWN), None));
                false
            } else {
                true
            }
        });
        let mut current = lock(&self.shared.search);
        current.1 = current.1.max(search);
        lock(&self.shared.found).retain(|&s, _| s > current.1);
        if current.0 == search {
            self.shared.stop.store(true, Relaxed);
        }
    }

    /// `rank` gives back its claim on a key whose home is this rank: the replies and
    /// notices this frees are sent.
    #[allow(clippy::too_many_arguments)]
    fn home_done(
        &mut self,
        rank: u32,
        search: u32,
        table: MemoTable,
        key: &[u64],
        heap: u8,
        proved: Option<Record>,
    ) {
        let freed = lock(&self.home).done(rank, search, table, key, heap, proved);
        self.send_freed(freed);
    }

    /// Sends what a claim given back at this rank's home freed: replies to its waiters,
    /// notices to its watchers.
    fn send_freed(&mut self, freed: Freed) {
        self.send_replies(freed.replies);
        for n in freed.notices {
            let message = Message::Settled {
                search: n.search,
                table: n.table,
                heap: n.heap,
                record: n.record,
                key: n.key,
            };
            self.post(n.rank as usize, message);
        }
    }

    fn send_replies(&mut self, replies: Vec<(u32, u64, Reply)>) {
        for (rank, id, reply) in replies {
            let (kind, record) = reply.encode();
            self.post(rank as usize, Message::Reply { id, kind, record });
        }
    }

    /// Puts a record another rank proved into this rank's memo, only while `search` is
    /// the search being taken in (a later search may have another host, whose keys mean
    /// other components; the lock keeps the search from changing meanwhile). Says whether
    /// it went in.
    fn take_into_memo(&self, search: u32, table: MemoTable, key: &[u64], record: Record) -> bool {
        let current = lock(&self.shared.search);
        let taking = self.shared.taking.load(Relaxed);
        let memo = lock(&self.shared.memo);
        match memo
            .as_ref()
            .filter(|_| taking && current.0 == search && current.1 < search)
        {
            Some(memo) => {
                memo.insert(table, key, record);
                true
            }
            None => false,
        }
    }

    fn remote(&mut self, from: usize, message: Message) {
        match message {
            Message::Ask {
                id,
                search,
                table,
                heap,
                wait,
                watch,
                key,
            } => {
                let rank = from as u32;
                let reply = lock(&self.home).ask(rank, id, search, table, &key, heap, wait, watch);
                if let Some(reply) = reply {
                    self.send_replies(vec![(rank, id, reply)]);
                }
            }
            Message::Done {
                search,
                table,
                heap,
                proved,
                key,
            } => self.home_done(from as u32, search, table, &key, heap, proved),
            Message::Reply { id, kind, record } => {
                if let Some(asked) = self.pending.remove(&id) {
                    let reply = Reply::decode(kind, record);
                    // The flag is set up here, before any later word from the home (a
                    // notice that the claim ended) is read.
                    let flag = match (&asked.watch, reply) {
                        (Some((table, heap, key)), Reply::Busy) => {
                            Some(lock(&self.shared.watches).watch(asked.search, *table, *heap, key))
                        }
                        _ => None,
                    };
                    let _ = asked.reply.send((answer_of(reply), flag));
                }
            }
            Message::Settled {
                search,
                table,
                heap,
                record,
                key,
            } => {
                // A fact: into the memo as a publication goes (only into its own search),
                // then the flags of the deferrals waiting for it go up.
                self.take_into_memo(search, table, &key, record);
                let raised = lock(&self.shared.watches).settle(search, table, heap, &key);
                let p = &self.shared.profile.settled;
                p[0].fetch_add(1, Relaxed);
                p[1].fetch_add(raised, Relaxed);
            }
            Message::Stop { search } => self.end(search),
            Message::Publish {
                search,
                table,
                record,
                key,
            } => {
                let taken = self.take_into_memo(search, table, &key, record);
                self.shared.profile.publications[usize::from(!taken)].fetch_add(1, Relaxed);
            }
            Message::Found { search, value } => {
                // Rank 0 stops its own search of it (its value is this one), unless the
                // search is over: now, or when it begins (`Node::begin`).
                let current = lock(&self.shared.search);
                if self.rank == 0 && current.1 < search && current.0 <= search {
                    lock(&self.shared.found).insert(search, value);
                    if current.0 == search {
                        self.shared.stop.store(true, Relaxed);
                    }
                }
            }
            Message::Hello { fingerprint } => {
                if fingerprint == self.fingerprint {
                    self.post(from, Message::Welcome { run: self.run });
                    let _ = self.events.send(Event::Hello(from));
                } else {
                    for to in 1..self.size {
                        self.post(to, Message::Refuse);
                    }
                    let _ = self.events.send(Event::Mismatch(from));
                }
            }
            Message::Welcome { run } => {
                let _ = self.events.send(Event::Welcome(run));
            }
            Message::Refuse => {
                let _ = self.events.send(Event::Refused);
            }
            Message::Report { search, counters } => {
                let report = Report::of_words(counters);
                let _ = self.events.send(Event::Report(from, search, report));
            }
            Message::Quit => {
                self.post(0, Message::Bye);
                let _ = self.events.send(Event::Quit);
            }
            Message::Bye => {
                let _ = self.events.send(Event::Bye(from));
            }
        }
    }
}

fn answer_of(reply: Reply) -> Answer {
    match reply {
        Reply::Known(r) => Answer::Known(r),
        Reply::Search(r) => Answer::Search(r),
        Reply::Busy => Answer::Busy,
    }
}
