//! `cargo xtask bench threads`: what the second thread gives. Per family a row with
//! `kayles nimber --threads 1` and `--threads 2` (median of 3 each, the runs alternated so
//! that every two-thread run has a one-thread run just before it, in the same load), the
//! ratio, and from the two-thread runs' `--stats` the share of the positions searched
//! speculatively (in parallel tasks whose answer was not needed) and the share of the pool
//! time the threads waited for work. Values must agree between the runs.

use crate::bench_engine::{build_kayles, load_average, workspace_root};
use anyhow::{bail, Context, Result};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

/// The rows: the game and the graph.
const CASES: &[(&str, &str)] = &[
    ("node", "grid:3x24"),
    ("node", "grid:3x28"),
    ("node", "petersen:39,2"),
    ("node", "queens:14"),
    ("arc", "grid:5x8"),
    ("arc", "grid:3x15"),
];

/// One run: its wall time, the value, and the counters of `--stats` that the table shows.
#[derive(Clone, Copy)]
struct Run {
    seconds: f64,
    value: u64,
    positions: u64,
    speculative_positions: u64,
    leaf_positions: u64,
    speculative_leaf_positions: u64,
    idle_seconds: f64,
    pool_seconds: f64,
}

fn number(stats: &serde_json::Value, key: &str) -> Result<u64> {
    stats[key]
        .as_u64()
        .with_context(|| format!("--stats has no {key}"))
}

fn seconds(stats: &serde_json::Value, key: &str) -> Result<f64> {
    stats[key]
        .as_f64()
        .with_context(|| format!("--stats has no {key}"))
}

/// `kayles nimber --json --stats --threads THREADS --game GAME SPEC`, once.
fn run_once(kayles: &Path, game: &str, spec: &str, threads: usize) -> Result<Run> {
    let start = Instant::now();
    let out = Command::new(kayles)
        .args(["nimber", "--json", "--stats", "--game", game, "--threads"])
        .arg(threads.to_string())
        .arg(spec)
        .current_dir(workspace_root())
        .stdin(Stdio::null())
        .output()
        .with_context(|| format!("starting {}", kayles.display()))?;
    let wall = start.elapsed().as_secs_f64();
    if !out.status.success() {
        bail!(
            "{game} {spec} on {threads} threads: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        );
    }
    let result: serde_json::Value = serde_json::from_slice(&out.stdout)
        .with_context(|| format!("{game} {spec}: the --json line"))?;
    let stats = &result["stats"];
    Ok(Run {
        seconds: wall,
        value: number(&result, "nimber")?,
        positions: number(stats, "positions")?,
        speculative_positions: number(stats, "speculative_positions")?,
        leaf_positions: number(stats, "leaf_positions")?,
        speculative_leaf_positions: number(stats, "speculative_leaf_positions")?,
        idle_seconds: seconds(stats, "idle_seconds")?,
        pool_seconds: seconds(stats, "pool_seconds")?,
    })
}

/// The run of median time.
fn median(mut runs: Vec<Run>) -> Run {
    runs.sort_by(|a, b| a.seconds.total_cmp(&b.seconds));
    runs[runs.len() / 2]
}

fn share(part: u64, whole: u64) -> String {
    if whole == 0 {
        "-".into()
    } else {
        format!("{:.1}%", 100.0 * part as f64 / whole as f64)
    }
}

/// Runs the table: `runs` runs of each thread count per row (only the rows whose graph is
/// in `only`, when it is not empty).
pub fn run(runs: usize, only: &[String]) -> Result<()> {
    let kayles = build_kayles()?;
    let runs = runs.max(1);
    println!(
        "\n## Threads: `kayles nimber --threads 1` against `--threads 2` (median of {runs}, \
         alternated; load average {} at start)\n",
        load_average()
    );
    println!(
        "| game | graph | nimber | 1 thread | 2 threads | ratio | positions 1 -> 2 | \
         speculative positions | speculative leaf positions | idle | load |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|");
    for &(game, spec) in CASES {
        if !only.is_empty() && !only.iter().any(|o| o == spec) {
            continue;
        }
        let mut one = Vec::new();
        let mut two = Vec::new();
        for _ in 0..runs {
            one.push(run_once(&kayles, game, spec, 1)?);
            two.push(run_once(&kayles, game, spec, 2)?);
        }
        let values: Vec<u64> = one.iter().chain(&two).map(|r| r.value).collect();
        if values.windows(2).any(|w| w[0] != w[1]) {
            bail!("{game} {spec}: the runs disagree: {values:?}");
        }
        let (a, b) = (median(one), median(two));
        let idle = if b.pool_seconds > 0.0 {
            format!("{:.1}%", 100.0 * b.idle_seconds / b.pool_seconds)
        } else {
            "-".into()
        };
        println!(
            "| {game} | {spec} | {} | {:.2} s | {:.2} s | {:.2}x | {} -> {} | {} | {} | {idle} | {} |",
            a.value,
            a.seconds,
            b.seconds,
            a.seconds / b.seconds,
            a.positions,
            b.positions,
            share(b.speculative_positions, b.positions),
            share(b.speculative_leaf_positions, b.leaf_positions),
            load_average()
        );
    }
    Ok(())
}
