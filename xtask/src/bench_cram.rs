//! `cargo xtask bench cram`: Cram (Arc Kayles on the `m x n` grid) against the strongest
//! Cram solver we can run, Beling's `igsolve` (Beling and Rogalski, "On pruning search
//! trees of impartial games", Artificial Intelligence 283, 2020). Per board a row with
//! `kayles nimber --game arc --threads 1` and `igsolve --tt hash-map cram ROWS COLS` (one
//! thread by design; its small-table mode: its default table for boards over 40 cells
//! takes 8 GB and was the slower on 3 x 14 and 4 x 11, docs/performance.md), the median
//! of `runs` runs each, alternated so that both see the same load: wall
//! time, peak resident memory (each run a child process measured by `wait4`), and what
//! each reports of its work (the positions `kayles` searched; the entries of igsolve's
//! transposition table). The values must agree.
//!
//! igsolve (GPL: run beside the project, never copied into it) is built in the same run
//! from `../shared/baselines/impartial-games.tar.gz`, unpacked in a temporary folder and
//! built there with its own `Cargo.lock`; the folder is removed afterwards. Without
//! `../shared` the igsolve columns are skipped with a message. A run past the cap is
//! stopped and shown as such.

use crate::bench_engine::{build_kayles, load_average, run_child, workspace_root};
use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The boards (rows, columns): those of four and five rows where igsolve led, the strips
/// of three rows where this project led, and 6 x 7.
const BOARDS: &[(u32, u32)] = &[
    (4, 9),
    (4, 11),
    (5, 7),
    (5, 8),
    (5, 9),
    (3, 14),
    (3, 15),
    (3, 16),
    (6, 7),
];

/// One finished run: wall time, peak resident memory, the value, and the work it reports.
#[derive(Clone, Copy)]
struct Run {
    seconds: f64,
    peak_kib: u64,
    value: u64,
    work: u64,
}

/// Runs `program args` (in the temporary folder) with `cap` seconds at most; its output
/// goes to `read` (the value and the work). None when the cap stopped it.
fn run_once(
    program: &Path,
    args: &[String],
    cap: f64,
    read: fn(&str) -> Option<(u64, u64)>,
) -> Result<Option<Run>> {
    let Some(run) = run_child(program, args, None, Some(cap), Some(&std::env::temp_dir()))? else {
        return Ok(None);
    };
    let (value, work) = read(&run.stdout).with_context(|| {
        format!(
            "{} printed {:?}, no value in it",
            program.display(),
            run.stdout.chars().take(200).collect::<String>()
        )
    })?;
    Ok(Some(Run {
        seconds: run.seconds,
        peak_kib: run.peak_kib,
        value,
        work,
    }))
}

/// `kayles nimber --json --stats`: the nimber and the positions searched.
fn read_kayles(out: &str) -> Option<(u64, u64)> {
    let json: serde_json::Value = serde_json::from_str(out.trim()).ok()?;
    Some((
        json["nimber"].as_u64()?,
        json["stats"]["positions"].as_u64()?,
    ))
}

/// igsolve: "Nimber of initial position: V" and "TT size: N".
fn read_igsolve(out: &str) -> Option<(u64, u64)> {
    let after = |label: &str| -> Option<u64> {
        let line = out.lines().find(|l| l.starts_with(label))?;
        line[label.len()..].trim().parse().ok()
    };
    Some((after("Nimber of initial position:")?, after("TT size:")?))
}

/// Unpacks the igsolve tarball into a fresh temporary folder and builds it there (with the
/// tarball's `Cargo.lock`): the folder and the binary, or why the column is skipped.
fn build_igsolve() -> Result<(PathBuf, PathBuf), String> {
    let tarball = workspace_root().join("../shared/baselines/impartial-games.tar.gz");
    if !tarball.exists() {
        return Err(format!("{} not found", tarball.display()));
    }
    let dir = std::env::temp_dir().join(format!("kayles-bench-igsolve-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let unpacked = Command::new("tar")
        .arg("-xzf")
        .arg(&tarball)
        .arg("-C")
        .arg(&dir)
        .status()
        .map_err(|e| format!("tar: {e}"))?;
    if !unpacked.success() {
        let _ = std::fs::remove_dir_all(&dir);
        return Err(format!("tar -xzf {} failed", tarball.display()));
    }
    let Some(root) = find_workspace(&dir) else {
        let _ = std::fs::remove_dir_all(&dir);
        return Err("no Cargo.lock in the igsolve tarball".into());
    };
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    eprintln!("building igsolve in {} ...", root.display());
    let built = Command::new(cargo)
        .args(["build", "--release", "--locked", "--quiet", "-p", "igsolve"])
        .current_dir(&root)
        .env("CARGO_TARGET_DIR", root.join("target"))
        .env("RUSTFLAGS", "-C target-cpu=native")
        .status()
        .map_err(|e| format!("cargo: {e}"))?;
    if !built.success() {
        let _ = std::fs::remove_dir_all(&dir);
        return Err("cargo build --release -p igsolve failed".into());
    }
    Ok((dir, root.join("target/release/igsolve")))
}

/// The folder of `dir` (itself or one level down) that holds a `Cargo.lock`.
fn find_workspace(dir: &Path) -> Option<PathBuf> {
    if dir.join("Cargo.lock").exists() {
        return Some(dir.to_path_buf());
    }
    std::fs::read_dir(dir)
        .ok()?
        .flatten()
        .map(|e| e.path())
        .find(|p| p.join("Cargo.lock").exists())
}

/// The run of median time, or None when a run was stopped at the cap.
fn median(runs: &[Option<Run>]) -> Option<Run> {
    let mut done: Vec<Run> = runs.iter().copied().collect::<Option<_>>()?;
    done.sort_by(|a, b| a.seconds.total_cmp(&b.seconds));
    done.get(done.len() / 2).copied()
}

fn cell(run: Option<Run>, cap: f64) -> String {
    match run {
        Some(r) => format!("{:.2} s, {:.0} MB", r.seconds, r.peak_kib as f64 / 1024.0),
        None => format!("stopped at {cap:.0} s"),
    }
}

/// Runs the table: `runs` runs of each program per board (only the boards `grid:RxC` in
/// `only`, when it is not empty), each stopped after `cap` seconds.
pub fn run(runs: usize, cap: f64, only: &[String]) -> Result<()> {
    let kayles = build_kayles()?;
    let igsolve = build_igsolve();
    let runs = runs.max(1);
    println!(
        "\n## Cram: `kayles nimber --game arc --threads 1` against igsolve, one thread each \
         (median of {runs}, alternated; load average {} at start)\n",
        load_average()
    );
    if let Err(why) = &igsolve {
        println!("igsolve skipped: {why}\n");
    }
    println!(
        "| board | nimber | kayles | kayles positions | igsolve | igsolve table entries | \
         kayles / igsolve | load |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    let result = (|| -> Result<()> {
        for &(rows, cols) in BOARDS {
            let spec = format!("grid:{rows}x{cols}");
            if !only.is_empty() && !only.contains(&spec) {
                continue;
            }
            let kayles_args: Vec<String> = [
                "nimber",
                "--game",
                "arc",
                "--threads",
                "1",
                "--json",
                "--stats",
                &spec,
            ]
            .iter()
            .map(|s| s.to_string())
            .collect();
            let igsolve_args: Vec<String> = ["--tt", "hash-map", "cram"]
                .iter()
                .map(|s| s.to_string())
                .chain([rows.to_string(), cols.to_string()])
                .collect();
            let mut ours = Vec::new();
            let mut theirs = Vec::new();
            for _ in 0..runs {
                ours.push(run_once(&kayles, &kayles_args, cap, read_kayles)?);
                if let Ok((_, binary)) = &igsolve {
                    theirs.push(run_once(binary, &igsolve_args, cap, read_igsolve)?);
                }
            }
            let values: Vec<u64> = ours
                .iter()
                .chain(&theirs)
                .flatten()
                .map(|r| r.value)
                .collect();
            if values.windows(2).any(|w| w[0] != w[1]) {
                bail!("{spec}: the runs disagree: {values:?}");
            }
            let (a, b) = (median(&ours), median(&theirs));
            let value = values.first().map_or("-".into(), |v| v.to_string());
            let (igsolve_cell, igsolve_work, ratio) = match (&igsolve, a, b) {
                (Err(_), _, _) => ("skipped".into(), "-".into(), "-".into()),
                (Ok(_), Some(a), Some(b)) => (
                    cell(Some(b), cap),
                    b.work.to_string(),
                    format!("{:.2}x", a.seconds / b.seconds),
                ),
                (Ok(_), _, b) => (
                    cell(b, cap),
                    b.map_or("-".into(), |b| b.work.to_string()),
                    "-".into(),
                ),
            };
            println!(
                "| {rows} x {cols} | {value} | {} | {} | {igsolve_cell} | {igsolve_work} | {ratio} | {} |",
                cell(a, cap),
                a.map_or("-".into(), |a| a.work.to_string()),
                load_average()
            );
        }
        Ok(())
    })();
    if let Ok((dir, _)) = &igsolve {
        let _ = std::fs::remove_dir_all(dir);
    }
    result
}
