//! `cargo xtask bench scale`: one search over MPI ranks against one process. Per case:
//! `kayles nimber --threads 1` alone and under `mpirun -np 2` (median of 3 each, the runs
//! alternated in the same load), the speed-up; then the positions searched in all at
//! `-np 4` and `-np 8` (oversubscribed) against one process, and the messages and bytes
//! per position at `-np 8`; at `-np 2`, the largest rank's positions against one process
//! (the work on the longest path: 1/speed-up at best) and the seconds the ranks waited
//! for replies, summed. Needs a build with the feature `mpi` (made here, or the binary
//! `KAYLES_BENCH_MPI_BIN` names) and `mpirun`; otherwise it says why it skips. Values must
//! agree between the runs.

use crate::bench_engine::workspace_root;
use anyhow::{bail, Context, Result};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Instant;

/// The rows: the game and the graph.
const CASES: &[(&str, &str)] = &[
    ("node", "grid:3x28"),
    ("node", "petersen:39,2"),
    ("arc", "grid:5x8"),
    ("node", "queens:15"),
];

/// One run: wall seconds, the value, and from `--stats` the positions searched (all
/// ranks), messages and bytes sent (all ranks).
struct Run {
    seconds: f64,
    value: String,
    positions: u64,
    messages: u64,
    bytes: u64,
    /// The largest rank's positions (all of them in one process).
    largest: u64,
    /// Seconds the ranks waited for replies, summed.
    idle: f64,
}

/// The number before `word` in `line` (`... 123 positions ...`).
fn before(line: &str, word: &str) -> Option<u64> {
    let at = line.find(word)?;
    let head = line[..at].trim_end();
    let start = head
        .rfind(|c: char| !c.is_ascii_digit())
        .map_or(0, |i| i + 1);
    head[start..].parse().ok()
}

fn run_once(kayles: &PathBuf, ranks: usize, game: &str, spec: &str) -> Result<Run> {
    let mut command = if ranks == 0 {
        Command::new(kayles)
    } else {
        let mut c = Command::new("mpirun");
        c.args(["--oversubscribe", "--allow-run-as-root", "-np"])
            .arg(ranks.to_string())
            .arg(kayles);
        c
    };
    command
        .args(["nimber", "--stats", "--threads", "1", "--game", game, spec])
        .current_dir(workspace_root())
        .stdin(Stdio::null());
    let start = Instant::now();
    let out = command.output().context("starting kayles")?;
    let seconds = start.elapsed().as_secs_f64();
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        bail!("{spec} on {ranks} ranks: {stderr}");
    }
    let value = String::from_utf8_lossy(&out.stdout).trim().to_string();
    let (mut largest, mut idle) = (0, 0.0);
    let (positions, messages, bytes) = if ranks == 0 {
        let line = stderr.lines().find(|l| l.contains("positions searched"));
        let p = line.and_then(|l| before(l, " positions searched"));
        let p = p.context("no positions in --stats")?;
        largest = p;
        (p, 0, 0)
    } else {
        let line = stderr
            .lines()
            .find(|l| l.contains(" ranks: "))
            .context("no ranks line in --stats")?;
        let all = &line[line.find(" ranks: ").unwrap()..];
        // `rank K: P positions, ... S s idle` for each rank.
        for part in all.split("; rank ").skip(1) {
            largest = largest.max(before(part, " positions,").unwrap_or(0));
            let head = part.trim_end_matches(" s idle");
            let tail = &head[head.rfind(' ').map_or(0, |i| i + 1)..];
            idle += tail.parse::<f64>().unwrap_or(0.0);
        }
        (
            before(all, " positions,").context("positions")?,
            before(all, " messages (").context("messages")?,
            before(all, " bytes) in all").context("bytes")?,
        )
    };
    Ok(Run {
        seconds,
        value,
        positions,
        messages,
        bytes,
        largest,
        idle,
    })
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

/// Builds `kayles` with the feature `mpi`, or says why the benchmark cannot run.
fn build() -> Result<Option<PathBuf>> {
    if let Some(bin) = std::env::var_os("KAYLES_BENCH_MPI_BIN") {
        return Ok(Some(PathBuf::from(bin)));
    }
    let found = Command::new("mpirun").arg("--version").output();
    if !found.is_ok_and(|o| o.status.success()) {
        println!("\n## Scale (MPI)\n\nskipped: mpirun is not installed (apt-get install openmpi-bin libopenmpi-dev libclang-dev)");
        return Ok(None);
    }
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let target = workspace_root().join("target/bench-mpi");
    let ok = Command::new(cargo)
        .args([
            "build",
            "--release",
            "--quiet",
            "-p",
            "kayles-cli",
            "--features",
            "mpi",
        ])
        .env("CARGO_TARGET_DIR", &target)
        .current_dir(workspace_root())
        .status()?
        .success();
    if !ok {
        println!("\n## Scale (MPI)\n\nskipped: kayles does not build with the feature mpi here");
        return Ok(None);
    }
    Ok(Some(target.join("release/kayles")))
}

/// Runs the table (`runs` runs a row, the one-process and two-rank runs alternated).
pub fn run(runs: usize, only: &[String]) -> Result<()> {
    let Some(kayles) = build()? else {
        return Ok(());
    };
    println!("\n## Scale: one search on MPI ranks, one thread a rank (median of {runs})\n");
    println!("| case | 1 process s | -np 2 s | speed-up | positions, 1 process | -np 2 | largest rank at -np 2 | idle s at -np 2 | -np 4 | -np 8 | messages / position at -np 8 | bytes / position at -np 8 |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|");
    for &(game, spec) in CASES {
        if !only.is_empty() && !only.iter().any(|o| o == spec) {
            continue;
        }
        let (mut one, mut two) = (Vec::new(), Vec::new());
        let mut alone = None;
        let mut pair = Vec::new();
        for _ in 0..runs {
            let a = run_once(&kayles, 0, game, spec)?;
            let b = run_once(&kayles, 2, game, spec)?;
            if a.value != b.value {
                bail!("{spec}: {} alone, {} on 2 ranks", a.value, b.value);
            }
            one.push(a.seconds);
            two.push(b.seconds);
            alone = Some(a);
            pair.push(b);
        }
        let alone = alone.context("no run")?;
        let four = run_once(&kayles, 4, game, spec)?;
        let eight = run_once(&kayles, 8, game, spec)?;
        for (r, n) in [(&four, 4), (&eight, 8)] {
            if r.value != alone.value {
                bail!("{spec}: {} alone, {} on {n} ranks", alone.value, r.value);
            }
        }
        let (s1, s2) = (median(one), median(two));
        let p = alone.positions.max(1) as f64;
        let ratio = |f: fn(&Run) -> f64| median(pair.iter().map(f).collect());
        println!(
            "| {game} {spec} | {s1:.2} | {s2:.2} | {:.2}x | {} | {:.2}x | {:.2}x | {:.2} | {:.2}x | {:.2}x | {:.4} | {:.2} |",
            s1 / s2,
            alone.positions,
            ratio(|r| r.positions as f64) / p,
            ratio(|r| r.largest as f64) / p,
            ratio(|r| r.idle),
            four.positions as f64 / p,
            eight.positions as f64 / p,
            eight.messages as f64 / eight.positions.max(1) as f64,
            eight.bytes as f64 / eight.positions.max(1) as f64,
        );
    }
    Ok(())
}
