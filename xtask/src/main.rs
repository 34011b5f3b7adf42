//! `cargo xtask`: project automation. `cargo xtask bench` runs the benchmarks of the
//! performance budgets (DESIGN.md), each beside its baseline measured in the same run, and
//! prints medians with peak memory.

mod bench;

use anyhow::{bail, Result};

const USAGE: &str = "usage: cargo xtask bench [table|search|all] [--runs N]
       (internal) cargo xtask bench-one KIND CASE";

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("bench") => bench::run(&args[1..]),
        Some("bench-one") => bench::run_one(&args[1..]),
        _ => bail!("{USAGE}"),
    }
}
