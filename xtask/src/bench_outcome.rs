//! `cargo xtask bench outcome`: the outcome search (`kayles nimber`, its default method) on
//! the cases of the outcome-search issue, each beside its baseline run in the same sitting:
//! queens-nimbers (the strongest published queens solver, unpacked from
//! `../shared/baselines/queens-nimbers.tar.gz` and built in a temporary folder, its table
//! set-up included in its time), the plain C outcome search `nko.c`, and this project's own
//! mex route (`--method mex`). Cases that may run for long carry a cap (`--cap SECONDS`):
//! a run that reaches it is stopped and reported as "> cap", never dropped. Values must
//! agree across routes, or the benchmark fails.

use crate::bench_engine::{
    build_c_baseline, build_kayles, c_input, cell, median_capped, workspace_root, Invocation,
};
use anyhow::{bail, Result};
use std::path::{Path, PathBuf};
use std::process::Command;

/// What a case is measured against.
enum Baseline {
    /// Nothing: the target is a time.
    None,
    /// `nko.c`, the outcome search in its plainest form, on the graph (node) or its line
    /// graph (arc).
    Nko,
    /// queens-nimbers `queens nimber N`.
    QueensNimbers(u32),
    /// The same `kayles` binary with `--method mex`.
    Mex,
}

struct Case {
    spec: &'static str,
    game: &'static str,
    threads: &'static [usize],
    baseline: Baseline,
    target: &'static str,
    /// Run only when named with `--only` (a case of many minutes a run).
    on_demand: bool,
}

const CASES: &[Case] = &[
    Case {
        spec: "queens:12",
        game: "node",
        threads: &[2],
        baseline: Baseline::QueensNimbers(12),
        target: "at most the queens-nimbers time",
        on_demand: false,
    },
    Case {
        spec: "queens:13",
        game: "node",
        threads: &[2],
        baseline: Baseline::QueensNimbers(13),
        target: "at most the queens-nimbers time",
        on_demand: false,
    },
    Case {
        spec: "queens:14",
        game: "node",
        threads: &[2],
        baseline: Baseline::QueensNimbers(14),
        target: "at most the queens-nimbers time",
        on_demand: false,
    },
    Case {
        spec: "queens:15",
        game: "node",
        threads: &[2],
        baseline: Baseline::QueensNimbers(15),
        target: "at most the queens-nimbers time",
        on_demand: false,
    },
    Case {
        spec: "queens:16",
        game: "node",
        threads: &[2],
        baseline: Baseline::QueensNimbers(16),
        target: "at most the queens-nimbers time",
        on_demand: true,
    },
    Case {
        spec: "grid:3x24",
        game: "node",
        threads: &[1, 2],
        baseline: Baseline::Nko,
        target: ">= 10x nko.c on 1 thread",
        on_demand: false,
    },
    Case {
        spec: "grid:3x14",
        game: "arc",
        threads: &[1, 2],
        baseline: Baseline::None,
        target: "20 s; 2 threads >= 1.6x 1 thread",
        on_demand: false,
    },
    Case {
        spec: "grid:3x20",
        game: "arc",
        threads: &[2],
        baseline: Baseline::None,
        target: "reached within 16 GB",
        on_demand: false,
    },
    Case {
        spec: "grid:3x28",
        game: "node",
        threads: &[1, 2],
        baseline: Baseline::None,
        target: "120 s",
        on_demand: false,
    },
    Case {
        spec: "petersen:39,2",
        game: "node",
        threads: &[1, 2],
        baseline: Baseline::None,
        target: "300 s",
        on_demand: false,
    },
    Case {
        spec: "grid:3x21",
        game: "node",
        threads: &[1, 2],
        baseline: Baseline::Mex,
        target: "no slower than the mex route",
        on_demand: false,
    },
    Case {
        spec: "petersen:27,2",
        game: "node",
        threads: &[1, 2],
        baseline: Baseline::Mex,
        target: "no slower than the mex route",
        on_demand: false,
    },
];

/// The value in queens-nimbers' report: "... the Sprague-Grundy value is *3 ...".
fn queens_nimbers_value(out: &str) -> Option<u64> {
    let rest = &out[out.find("value is ")? + "value is ".len()..];
    let word = rest.split_whitespace().next()?;
    word.trim_start_matches('*').parse().ok()
}

/// Unpacks and builds queens-nimbers in a temporary folder (once: a later run reuses the
/// build), or says why its rows are skipped.
fn build_queens_nimbers() -> Result<PathBuf, String> {
    let archive = workspace_root().join("../shared/baselines/queens-nimbers.tar.gz");
    if !archive.exists() {
        return Err(format!("{} not found", archive.display()));
    }
    let dir = std::env::temp_dir().join("kayles-bench-queens-nimbers");
    let source = dir.join("queens-nimbers");
    let binary = source.join("target/release/queens");
    if binary.exists() {
        return Ok(binary);
    }
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let unpacked = Command::new("tar")
        .arg("-xzf")
        .arg(&archive)
        .arg("-C")
        .arg(&dir)
        .status()
        .map_err(|e| format!("tar: {e}"))?;
    if !unpacked.success() {
        return Err("tar -xzf queens-nimbers.tar.gz failed".into());
    }
    eprintln!(
        "building queens-nimbers in {} (a few minutes)",
        source.display()
    );
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let built = Command::new(cargo)
        .args(["build", "--release", "--quiet"])
        .current_dir(&source)
        .env_remove("CARGO_TARGET_DIR")
        .status()
        .map_err(|e| format!("cargo: {e}"))?;
    if !built.success() || !binary.exists() {
        return Err("cargo build --release of queens-nimbers failed".into());
    }
    Ok(binary)
}

fn kayles_invocation(
    kayles: &Path,
    case: &Case,
    threads: usize,
    method: &str,
    cap: f64,
) -> Invocation {
    let threads = threads.to_string();
    Invocation {
        cap: Some(cap),
        ..Invocation::new(
            kayles,
            &[
                "nimber",
                "--game",
                case.game,
                "--threads",
                &threads,
                "--method",
                method,
                case.spec,
            ],
        )
    }
}

/// A measured cell: "1.23 s, 456 MiB", or "> cap" for a run that was stopped.
fn capped_cell(sample: Option<&crate::bench_engine::Sample>, cap: f64) -> String {
    sample.map_or_else(|| format!("> {cap:.0} s (stopped)"), cell)
}

/// Runs the cases: those whose spec is in `only` when it is not empty, else every case
/// but those run on demand (queens 16).
pub fn run(runs: usize, cap: f64, only: &[String]) -> Result<()> {
    let kayles = build_kayles()?;
    let nko = build_c_baseline("nko");
    let queens_nimbers = build_queens_nimbers();
    println!(
        "\n## Outcome search: `kayles nimber` (outcome method) against its baselines \
         (median of {runs}; wall time, peak memory; runs capped at {cap:.0} s)\n"
    );
    if let Err(why) = &nko {
        println!("nko.c rows skipped: {why}.\n");
    }
    if let Err(why) = &queens_nimbers {
        println!("queens-nimbers rows skipped: {why}.\n");
    }
    println!("| case | game | threads | value | kayles (outcome) | baseline | ratio | target |");
    println!("|---|---|---|---|---|---|---|---|");
    for case in CASES.iter().filter(|c| {
        if only.is_empty() {
            !c.on_demand
        } else {
            only.iter().any(|s| s == c.spec)
        }
    }) {
        let baseline = match (&case.baseline, &nko, &queens_nimbers) {
            (Baseline::Nko, Ok(nko), _) => Some((
                "nko.c",
                median_capped(
                    &Invocation {
                        stdin: Some(c_input(case.spec, case.game)?),
                        cap: Some(cap),
                        ..Invocation::new(nko, &[])
                    },
                    runs,
                )?,
            )),
            (Baseline::QueensNimbers(n), _, Ok(qn)) => {
                let n = n.to_string();
                Some((
                    "queens-nimbers",
                    median_capped(
                        &Invocation {
                            cap: Some(cap),
                            value: queens_nimbers_value,
                            ..Invocation::new(qn, &["nimber", &n])
                        },
                        runs,
                    )?,
                ))
            }
            _ => None,
        };
        for &threads in case.threads {
            let ours = median_capped(
                &kayles_invocation(&kayles, case, threads, "outcome", cap),
                runs,
            )?;
            let baseline = match (&case.baseline, &baseline) {
                (Baseline::Mex, _) => Some((
                    "kayles --method mex",
                    median_capped(&kayles_invocation(&kayles, case, threads, "mex", cap), runs)?,
                )),
                (_, Some((name, sample))) => Some((*name, *sample)),
                _ => None,
            };
            let value = ours.as_ref().map_or("-".into(), |s| s.result.to_string());
            let (baseline_cell, ratio) = match &baseline {
                Some((name, sample)) => {
                    if let (Some(a), Some(b)) = (&ours, sample) {
                        if a.result != b.result {
                            bail!(
                                "{} ({}): kayles says {}, {name} {}",
                                case.spec,
                                case.game,
                                a.result,
                                b.result
                            );
                        }
                    }
                    let ratio = match (&ours, sample) {
                        (Some(a), Some(b)) => format!("{:.1}x", b.seconds / a.seconds),
                        (None, Some(b)) => format!("< {:.2}x", b.seconds / cap),
                        (Some(a), None) => format!("> {:.1}x", cap / a.seconds),
                        (None, None) => "-".into(),
                    };
                    (
                        format!("{name}: {}", capped_cell(sample.as_ref(), cap)),
                        ratio,
                    )
                }
                None => ("-".into(), "-".into()),
            };
            println!(
                "| {} | {} | {threads} | {value} | {} | {baseline_cell} | {ratio} | {} |",
                case.spec,
                case.game,
                capped_cell(ours.as_ref(), cap),
                case.target
            );
        }
    }
    println!(
        "\nWeighted Arc-Kayles (depth-2 trees w <= 12, the heavy star): `cargo xtask bench wak`."
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench_engine::first_word;

    #[test]
    fn reads_the_value_in_a_queens_nimbers_report() {
        let report = "On the 8×8 board the Sprague-Grundy value is *3  ⇒  first player wins.\n";
        assert_eq!(queens_nimbers_value(report), Some(3));
        assert_eq!(queens_nimbers_value("no value here"), None);
        assert_eq!(first_word("2\n"), Some(2));
    }
}
