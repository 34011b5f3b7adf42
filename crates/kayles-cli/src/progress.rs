//! Long work on stderr, on a terminal only: a search's live line (positions, positions
//! per second, the dense leaf's positions, memo entries, memory) once it has run for a
//! second, the bar of a subset
//! table, the bar of a run's jobs; and the line that `--stats` prints at the end.
//! Nothing here touches standard output.

use anyhow::Result;
use indicatif::{ProgressBar, ProgressStyle};
use kayles_core::engine::{SearchProgress, SearchStats, STATS_THREADS};
use kayles_core::table::SubsetTable;
use kayles_core::{GameKind, Graph};
use kayles_solve::machine::peak_rss_kib;
use kayles_solve::scale_out::run::Progress;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

fn mib(bytes: u64) -> f64 {
    bytes as f64 / (1 << 20) as f64
}

/// Runs `work` (a search whose solver gave `progress`), showing its progress on stderr
/// from its first second on, when stderr is a terminal. The line is cleared at the end.
pub fn with_search_progress<T>(
    progress: SearchProgress,
    label: &str,
    work: impl FnOnce() -> T,
) -> T {
    with_search_progress_and(progress, label, || None, work)
}

/// [`with_search_progress`] with `more` added to the line when it has something to say
/// (a certificate's bytes written so far).
pub fn with_search_progress_and<T>(
    progress: SearchProgress,
    label: &str,
    more: impl Fn() -> Option<String> + Sync,
    work: impl FnOnce() -> T,
) -> T {
    let bar = ProgressBar::new_spinner();
    if bar.is_hidden() {
        // Not a terminal: no watcher thread (`nimber -` may search thousands of graphs).
        return work();
    }
    bar.set_style(ProgressStyle::with_template("{spinner} {msg}").expect("valid template"));
    let done = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let watcher = scope.spawn(|| {
            let start = Instant::now();
            let before = progress.positions();
            let leaf_before = progress.leaf_positions();
            let mut shown = false;
            while !done.load(Ordering::Relaxed) {
                // Woken at once when the search ends, so it never waits for the watcher.
                std::thread::park_timeout(Duration::from_millis(100));
                let elapsed = start.elapsed().as_secs_f64();
                if elapsed < 1.0 {
                    continue;
                }
                shown = true;
                let positions = progress.positions() - before;
                let leaf = match progress.leaf_positions() - leaf_before {
                    0 => String::new(),
                    n => format!(", {n} leaf positions ({:.0}/s)", n as f64 / elapsed),
                };
                let more = more().map(|m| format!("; {m}")).unwrap_or_default();
                bar.set_message(format!(
                    "{label}: {elapsed:.0} s, {positions} positions ({:.0}/s){leaf}, {} memo \
                     entries, {:.0} MiB of memo{more}",
                    positions as f64 / elapsed,
                    progress.memo_entries(),
                    mib(progress.memo_bytes() as u64),
                ));
                bar.tick();
            }
            if shown {
                bar.finish_and_clear();
            }
        });
        let result = work();
        done.store(true, Ordering::Relaxed);
        watcher.thread().unpark();
        result
    })
}

/// The `--stats` line of a search: its time, positions and rate, the hits of every layer,
/// the memo's size and what its limit did, and the peak resident memory.
pub fn stats_line(label: &str, seconds: f64, s: &SearchStats, memo_limit_bytes: usize) -> String {
    let outcome = if s.rounds > 0 {
        format!(
            "; outcome: {} rounds, {} cutoffs, {} heap wins, {} lookup cutoffs, {} nodes tried killer replies ({} won by one), {} speculative ({} cancelled)",
            s.rounds, s.cutoffs, s.heap_wins, s.lookup_cutoffs, s.killer_tries, s.killer_wins, s.speculative, s.cancelled
        )
    } else {
        String::new()
    };
    let threads = threads_part(s);
    format!(
        "{label}: {seconds:.3} s, {} positions searched ({:.0}/s); hits: {} exact, {} symmetry, \
         {} shape, {} canonical, {} known pieces, {} mirror, {} small, {} leaf ({} leaf positions); \
         {} reductions; {} parallel \
         splits{outcome}{threads}; memo: {} entries, {:.1} MiB now, peak {:.1} MiB of the {:.0} MiB \
         limit, {} evictions, {} cache clears; peak RSS {:.1} MiB",
        s.positions,
        s.positions as f64 / seconds.max(1e-9),
        s.exact_hits,
        s.symmetry_hits,
        s.shape_hits,
        s.canonical_hits,
        s.known_hits,
        s.mirror_hits,
        s.small_hits,
        s.leaf_hits,
        s.leaf_positions,
        s.reductions,
        s.parallel_splits,
        s.shared_entries,
        mib(s.shared_bytes),
        mib(s.peak_memo_bytes),
        mib(memo_limit_bytes as u64),
        s.evictions,
        s.cache_clears,
        peak_rss_kib() as f64 / 1024.0
    )
}

/// A share in percent (0 of nothing).
fn percent(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}

/// The threads' part of the `--stats` line (empty for a sequential search): the
/// speculative work and the idle time in all, then per thread of the pool.
fn threads_part(s: &SearchStats) -> String {
    if s.threads <= 1 {
        return String::new();
    }
    let mut part = format!(
        "; threads: {}, {} speculative positions ({:.1}%), {} speculative leaf positions \
         ({:.1}%), idle {:.3} s of {:.3} s ({:.1}%)",
        s.threads,
        s.speculative_positions,
        percent(s.speculative_positions, s.positions),
        s.speculative_leaf_positions,
        percent(s.speculative_leaf_positions, s.leaf_positions),
        s.idle_nanos as f64 / 1e9,
        s.pool_nanos as f64 / 1e9,
        percent(s.idle_nanos, s.pool_nanos),
    );
    for t in 0..(s.threads as usize).min(STATS_THREADS) {
        let m = s.per_thread.get(t);
        part += &format!(
            "; thread {t}: {} positions ({} speculative), {} leaf positions ({} speculative), \
             idle {:.3} s",
            m.positions,
            m.speculative_positions,
            m.leaf_positions,
            m.speculative_leaf_positions,
            m.idle_nanos as f64 / 1e9
        );
    }
    part
}

/// The counters of `--stats` as a JSON object (under `--json`, the `stats` field of a
/// searched graph's result): every counter of the line, by the name of its field, with
/// `per_thread` a list of the pool's threads (one entry for a sequential search).
pub fn stats_json(s: &SearchStats, memo_limit_bytes: usize) -> serde_json::Value {
    let per_thread: Vec<serde_json::Value> = (0..(s.threads.max(1) as usize).min(STATS_THREADS))
        .map(|t| {
            let m = s.per_thread.get(t);
            serde_json::json!({
                "thread": t,
                "positions": m.positions,
                "leaf_positions": m.leaf_positions,
                "speculative_positions": m.speculative_positions,
                "speculative_leaf_positions": m.speculative_leaf_positions,
                "idle_seconds": m.idle_nanos as f64 / 1e9,
            })
        })
        .collect();
    serde_json::json!({
        "positions": s.positions,
        "rounds": s.rounds,
        "cutoffs": s.cutoffs,
        "heap_wins": s.heap_wins,
        "lookup_cutoffs": s.lookup_cutoffs,
        "killer_tries": s.killer_tries,
        "killer_wins": s.killer_wins,
        "speculative": s.speculative,
        "cancelled": s.cancelled,
        "exact_hits": s.exact_hits,
        "shape_hits": s.shape_hits,
        "canonical_hits": s.canonical_hits,
        "symmetry_hits": s.symmetry_hits,
        "known_hits": s.known_hits,
        "mirror_hits": s.mirror_hits,
        "small_hits": s.small_hits,
        "leaf_hits": s.leaf_hits,
        "leaf_positions": s.leaf_positions,
        "reductions": s.reductions,
        "parallel_splits": s.parallel_splits,
        "shared_entries": s.shared_entries,
        "shared_bytes": s.shared_bytes,
        "peak_memo_bytes": s.peak_memo_bytes,
        "memo_limit_bytes": memo_limit_bytes,
        "evictions": s.evictions,
        "cache_clears": s.cache_clears,
        "threads": s.threads,
        "speculative_positions": s.speculative_positions,
        "speculative_leaf_positions": s.speculative_leaf_positions,
        "idle_seconds": s.idle_nanos as f64 / 1e9,
        "pool_seconds": s.pool_nanos as f64 / 1e9,
        "per_thread": per_thread,
    })
}

/// The full table of `game` with a progress bar on stderr (hidden when stderr is not a
/// terminal).
pub fn table(g: &Graph, game: GameKind) -> Result<SubsetTable> {
    let bar = ProgressBar::new(1u64 << g.order().min(63));
    bar.set_style(
        ProgressStyle::with_template("{spinner} table {bar:40} {percent}% {elapsed}")
            .expect("valid template"),
    );
    let table = SubsetTable::compute_game_with_progress(g, game, |done, _| bar.set_position(done))?;
    bar.finish_and_clear();
    Ok(table)
}

/// A bar of `len` steps with a message, for terms and chain checks.
pub fn bar(len: u64, message: &str) -> ProgressBar {
    let bar = ProgressBar::new(len);
    bar.set_style(
        ProgressStyle::with_template("{spinner} {msg} [{bar:30}] {pos}/{len} {elapsed}")
            .expect("valid template"),
    );
    bar.set_message(message.to_string());
    bar
}

/// The bar of a run's jobs.
pub struct JobsBar(ProgressBar);

impl JobsBar {
    /// A bar that appears when the run starts.
    pub fn new() -> Self {
        let bar = ProgressBar::new(0);
        bar.set_style(
            ProgressStyle::with_template(
                "{spinner} jobs [{bar:30}] {pos}/{len} {elapsed} eta {eta}",
            )
            .expect("valid template"),
        );
        JobsBar(bar)
    }
}

impl Progress for JobsBar {
    fn start(&self, jobs: usize) {
        self.0.set_length(jobs as u64);
    }
    fn answered(&self) {
        self.0.inc(1);
    }
    fn finish(&self) {
        self.0.finish_and_clear();
    }
}
