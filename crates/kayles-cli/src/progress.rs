//! Long searches on stderr: a live line (positions, positions per second, memo entries,
//! memory) once a search has run for a second, on a terminal only; and the line that
//! `--stats` prints at the end. Nothing here touches standard output.

use indicatif::{ProgressBar, ProgressStyle};
use kayles_core::engine::{SearchProgress, SearchStats};
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
                bar.set_message(format!(
                    "{label}: {elapsed:.0} s, {positions} positions ({:.0}/s), {} memo entries, \
                     {:.0} MiB of memo",
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
    format!(
        "{label}: {seconds:.3} s, {} positions searched ({:.0}/s); hits: {} exact, {} symmetry, \
         {} shape, {} canonical, {} known pieces; {} reductions; {} parallel splits; memo: {} \
         entries, {:.1} MiB now, peak {:.1} MiB of the {:.0} MiB limit, {} evictions, {} cache \
         clears; peak RSS {:.1} MiB",
        s.positions,
        s.positions as f64 / seconds.max(1e-9),
        s.exact_hits,
        s.symmetry_hits,
        s.shape_hits,
        s.canonical_hits,
        s.known_hits,
        s.reductions,
        s.parallel_splits,
        s.shared_entries,
        mib(s.shared_bytes),
        mib(s.peak_memo_bytes),
        mib(memo_limit_bytes as u64),
        s.evictions,
        s.cache_clears,
        crate::output::peak_rss_kib() as f64 / 1024.0
    )
}
