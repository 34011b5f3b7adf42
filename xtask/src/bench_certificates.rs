//! `cargo xtask bench certificates`: what a certificate costs. Per case, `kayles nimber
//! --threads 1` alone, with `--certificate FILE` (the proof builder asking the warm memo
//! after the search, the default) and with `--certificate FILE --proof-from-search` (the
//! certificate written from the search's own proof tree, docs/certificates.md "Written
//! by the search"), alternated, the median of `runs` runs each: wall time and peak
//! resident memory (each run a child process); then `kayles-check` on each certificate
//! (time), and each certificate's size (bytes, from the file). Runs past `cap` seconds
//! are stopped and shown as such. `--only SPEC` picks rows.

use crate::bench_engine::{build_check, build_kayles, load_average, run_child, Finished};
use anyhow::Result;
use std::path::Path;

/// The cases: a family spec, and Arc Kayles or not.
const CASES: &[(&str, bool)] = &[
    ("grid:3x28", false),
    ("petersen:39,2", false),
    ("queens:13", false),
    ("grid:3x15", true),
    ("grid:5x8", true),
];

/// The median run (by time) of those that finished, None when one was stopped.
fn median(runs: &[Option<(f64, u64)>]) -> Option<(f64, u64)> {
    let mut done: Vec<(f64, u64)> = runs.iter().copied().collect::<Option<_>>()?;
    done.sort_by(|a, b| a.0.total_cmp(&b.0));
    done.get(done.len() / 2).copied()
}

fn cell(run: Option<(f64, u64)>, cap: f64) -> String {
    match run {
        Some((s, kib)) => format!("{s:.2} s, {:.0} MB", kib as f64 / 1024.0),
        None => format!("> {cap:.0} s"),
    }
}

fn timed(program: &Path, args: &[String], cap: f64) -> Result<Option<(f64, u64)>> {
    Ok(run_child(program, args, None, Some(cap), None)?.map(
        |Finished {
             seconds, peak_kib, ..
         }| (seconds, peak_kib),
    ))
}

/// Runs the table.
pub fn run(runs: usize, cap: f64, only: &[String]) -> Result<()> {
    let kayles = build_kayles()?;
    let check = build_check()?;
    let dir = std::env::temp_dir().join(format!("kayles-bench-cert-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    println!(
        "\n## Certificates (median of {runs}, one thread; load {})\n",
        load_average()
    );
    println!(
        "| case | search alone | + certificate (memo) | + certificate (search's tree) | check (memo) | check (tree) | size (memo) | size (tree) |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    for &(spec, arc) in CASES {
        if !only.is_empty() && !only.iter().any(|o| o == spec) {
            continue;
        }
        let mut base: Vec<String> = vec!["nimber".into(), "--threads".into(), "1".into()];
        if arc {
            base.extend(["--game".into(), "arc".into()]);
        }
        base.push(spec.into());
        let files = [dir.join("memo.cert"), dir.join("tree.cert")];
        let with = |file: &Path, tree: bool| {
            let mut args = base.clone();
            args.extend(["--certificate".into(), file.display().to_string()]);
            if tree {
                args.push("--proof-from-search".into());
            }
            args
        };
        let (mut alone, mut memo, mut tree) = (Vec::new(), Vec::new(), Vec::new());
        for _ in 0..runs {
            alone.push(timed(&kayles, &base, cap)?);
            memo.push(timed(&kayles, &with(&files[0], false), cap)?);
            tree.push(timed(&kayles, &with(&files[1], true), cap)?);
        }
        let mut checks = Vec::new();
        let mut sizes = Vec::new();
        for file in &files {
            if !file.exists() {
                checks.push("-".to_string());
                sizes.push("-".to_string());
                continue;
            }
            let args = vec![spec.to_string(), file.display().to_string()];
            let mut times = Vec::new();
            for _ in 0..runs {
                times.push(timed(&check, &args, cap)?);
            }
            checks.push(cell(median(&times), cap));
            sizes.push(format!(
                "{:.2} MB",
                std::fs::metadata(file)?.len() as f64 / 1e6
            ));
            std::fs::remove_file(file)?;
        }
        println!(
            "| {}{spec} | {} | {} | {} | {} | {} | {} | {} |",
            if arc { "arc " } else { "" },
            cell(median(&alone), cap),
            cell(median(&memo), cap),
            cell(median(&tree), cap),
            checks[0],
            checks[1],
            sizes[0],
            sizes[1]
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}
