//! `cargo xtask certify`: runs the claims of the `certify` registry and prints one table
//! (claim, families, instances, positions compared, time, verdict).
//!
//! Options: `--claim ID` (repeatable), `--tier quick|full` (default quick), `--shard I/K`
//! (instance index mod K == I, for job arrays), `--json FILE` (machine-readable report),
//! `--fixtures DIR` (another fixture directory), `--merge A.json B.json ...` (merge shard
//! reports and print the table), `--list` (the claims with their statements).
//!
//! Exit status: 0 when every claim passes, 1 when a claim fails (the counterexample is
//! printed under the table), 2 on a missing or malformed fixture file or bad arguments.

use anyhow::{Context as _, Result};
use certify::report::{merge, Report};
use certify::{registry, Context, Shard, Tier};
use indicatif::{ProgressBar, ProgressStyle};
use std::path::PathBuf;

fn usage_error(message: &str) -> ! {
    eprintln!("error: {message}");
    eprintln!(
        "usage: cargo xtask certify [--claim ID] [--tier quick|full] [--shard I/K] [--json FILE] \
         [--fixtures DIR]\n       cargo xtask certify --merge A.json B.json ... [--json FILE]\n       \
         cargo xtask certify --list"
    );
    std::process::exit(2)
}

/// Entry point.
pub fn run(args: &[String]) -> Result<()> {
    let mut claims: Vec<String> = Vec::new();
    let mut tier = Tier::Quick;
    let mut shard = Shard::all();
    let mut json: Option<PathBuf> = None;
    let mut fixtures: Option<PathBuf> = None;
    let mut merge_files: Option<Vec<PathBuf>> = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = |name: &str| -> String {
            it.next()
                .cloned()
                .unwrap_or_else(|| usage_error(&format!("{name} needs a value")))
        };
        match a.as_str() {
            "--claim" => claims.push(value("--claim")),
            "--tier" => {
                let t = value("--tier");
                tier =
                    Tier::parse(&t).unwrap_or_else(|| usage_error(&format!("unknown tier '{t}'")));
            }
            "--shard" => {
                let s = value("--shard");
                shard = Shard::parse(&s).unwrap_or_else(|| {
                    usage_error(&format!("bad shard '{s}', expected I/K with I < K"))
                });
            }
            "--json" => json = Some(value("--json").into()),
            "--fixtures" => fixtures = Some(value("--fixtures").into()),
            "--merge" => merge_files = Some(Vec::new()),
            "--list" => {
                for c in registry::claims() {
                    println!(
                        "{:<26} {}\n{:<26} families: {}",
                        c.id, c.statement, "", c.families
                    );
                }
                return Ok(());
            }
            other if merge_files.is_some() && !other.starts_with("--") => {
                merge_files.as_mut().expect("checked").push(other.into())
            }
            other => usage_error(&format!("unknown argument '{other}'")),
        }
    }

    let report = if let Some(files) = merge_files {
        let mut reports = Vec::new();
        for f in &files {
            let text =
                std::fs::read_to_string(f).with_context(|| format!("reading {}", f.display()))?;
            let r: Report = serde_json::from_str(&text)
                .with_context(|| format!("{} is not a certify report", f.display()))?;
            reports.push(r);
        }
        merge(&reports).unwrap_or_else(|e| usage_error(&e))
    } else {
        let selected = if claims.is_empty() {
            registry::claims()
        } else {
            claims
                .iter()
                .map(|id| {
                    registry::find(id).unwrap_or_else(|| {
                        usage_error(&format!("unknown claim '{id}' (see --list)"))
                    })
                })
                .collect()
        };
        let bar = ProgressBar::new(0);
        bar.set_style(
            ProgressStyle::with_template(
                "{spinner} [{elapsed_precise}] {msg:<26} {bar:30} {pos}/{len} instances",
            )
            .expect("valid template"),
        );
        let mut ctx = Context::new(tier);
        ctx.shard = shard;
        ctx.progress = bar.clone();
        if let Some(dir) = fixtures {
            ctx.fixtures = dir;
        }
        let mut results = Vec::new();
        for claim in &selected {
            bar.set_length(0);
            bar.set_position(0);
            let r = registry::run(claim, &ctx);
            bar.suspend(|| {
                eprintln!(
                    "{:<26} {:>9} instances {:>13} positions {:>8.1}s  {}",
                    r.id,
                    r.instances,
                    r.positions,
                    r.seconds,
                    r.verdict.word()
                )
            });
            results.push(r);
        }
        bar.finish_and_clear();
        Report {
            tier,
            shards: vec![shard],
            claims: results,
        }
    };
    print!("{}", report.table());
    if let Some(path) = json {
        std::fs::write(&path, report.to_json())
            .with_context(|| format!("writing {}", path.display()))?;
        println!("report written to {}", path.display());
    }
    if report.fixture_error() {
        std::process::exit(2);
    }
    if !report.passed() {
        std::process::exit(1);
    }
    Ok(())
}
