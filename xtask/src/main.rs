//! `cargo xtask`: project automation. `cargo xtask bench` runs the benchmarks of the
//! performance budgets (docs/performance.md, "The budgets"), each beside its baseline
//! measured in the same run, and prints medians with peak memory; `cargo xtask certify`
//! checks every claim of docs/claims/README.md on the fixtures; `cargo xtask fixtures`
//! regenerates `fixtures/`; `cargo xtask oeis` writes the OEIS folders of `docs/oeis/`;
//! `cargo xtask web` builds the web explorer (crates/kayles-web).

mod bench;
mod bench_certificates;
mod bench_cram;
mod bench_engine;
mod bench_outcome;
mod bench_scale;
mod bench_threads;
mod certify;
mod fixtures;
mod oeis;
mod web;

use anyhow::{bail, Result};

const USAGE: &str = "usage: cargo xtask bench [table|search|modules|wak|chains|engine|outcome|threads|cram|scale|all] [--runs N] [--cap SECONDS] [--compare KAYLES]
       cargo xtask certify [--claim ID] [--tier quick|full] [--shard I/K] [--json FILE]
       cargo xtask certify --merge A.json B.json ... [--json FILE]
       cargo xtask certify --list
       cargo xtask fixtures [--write]
       cargo xtask oeis [--write] | --make DIR [--only ANUMBER] [--max-n N] [--cap SECONDS]
       cargo xtask web [--out DIR] [--node DIR]
       (internal) cargo xtask bench-one KIND CASE";

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("bench") => bench::run(&args[1..]),
        Some("bench-one") => bench::run_one(&args[1..]),
        Some("certify") => certify::run(&args[1..]),
        Some("fixtures") => fixtures::run(&args[1..]),
        Some("oeis") => oeis::run(&args[1..]),
        Some("web") => web::run_web(&args[1..]),
        _ => bail!("{USAGE}"),
    }
}
