//! `kayles chain CHAIN.toml`: a chain family (docs/claims/README.md section 6) from its chain file. The
//! recurrence is derived (`kayles_chains::derive`), every segment type is checked against
//! direct search for small `n` before any term is printed, then the terms stream as
//! "n value" lines; `--recurrence` prints the recurrence, `--period` proves periodicity.
//! The computation is `kayles_chains::ChainRun` (shared with the Python package); this file
//! reads the file, shows progress and prints.

use crate::flags;
use crate::output::Output;
use crate::progress::bar;
use anyhow::{bail, Result};
use kayles_chains::{pipeline, spec, ChainError, ChainRun};
use kayles_core::vertex_game::MAX_COMPONENT_ORDER;
use kayles_core::GameKind;
use serde_json::json;
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The chain file (TOML: a gadget table with order, edges and links `[x, y, d]`, and
    /// optional left and right cap tables; see docs/chains.md).
    #[arg(value_name = "CHAIN.toml")]
    file: PathBuf,
    /// Print the terms n = 1..=N of the chain's sequence, one "n value" line each.
    #[arg(long, value_name = "N")]
    terms: Option<usize>,
    /// The game.
    #[arg(long, value_parser = flags::game(), default_value = "node")]
    game: GameKind,
    /// Print the derived recurrence (every segment type, its options and initial values).
    #[arg(long)]
    recurrence: bool,
    /// Find the period and preperiod, and prove them with the periodicity theorem for
    /// splitting chains (docs/chains.md).
    #[arg(long)]
    period: bool,
    /// Skip the check of every segment type against direct search.
    #[arg(long)]
    no_check: bool,
    /// The check compares every segment type with direct search for m = 0..=N copies (at
    /// most 4096: a segment of more copies has more vertices than direct search takes).
    #[arg(long, value_name = "N", default_value_t = pipeline::DEFAULT_CHECK_TO)]
    check_to: usize,
    /// --period looks at most this many terms for a period.
    #[arg(long, value_name = "N", default_value_t = pipeline::DEFAULT_PERIOD_LIMIT)]
    period_limit: usize,
}

pub fn run(args: &Args, out: &mut Output) -> Result<()> {
    let path = args.file.display();
    let text = kayles_solve::lines::read_text(
        &args.file,
        kayles_solve::lines::MAX_TEXT_FILE,
        "a chain file",
    )?;
    let chain = spec::parse(&text).map_err(|e| anyhow::anyhow!("{path}: {e}"))?;
    if args.terms.is_none() && !args.recurrence && !args.period {
        bail!("{path}: nothing to do: give --terms N, --recurrence or --period");
    }
    if !args.no_check && args.check_to > MAX_COMPONENT_ORDER {
        bail!(
            "--check-to {}: at most {MAX_COMPONENT_ORDER} (a segment of more copies has more \
             vertices than direct search takes; --no-check skips the check)",
            args.check_to
        );
    }
    let game = args.game;
    let fail = |e: ChainError| anyhow::anyhow!("{path}: {e}");
    let mut stages = ChainRun::derive(&chain, game, None).map_err(fail)?;
    // Terms that cannot fit are refused before the check, not after it.
    stages.fits(args.terms.unwrap_or(0)).map_err(fail)?;
    if !args.no_check {
        let to = args.check_to;
        let types = stages.recurrence().types.len();
        let bar = bar(((to + 1) * types) as u64, "checking against direct search");
        let summary = stages.check(to, |_, _| bar.inc(1)).map_err(fail)?;
        bar.finish_and_clear();
        eprintln!("kayles: {summary}");
    }
    let rec = stages.recurrence();
    if args.recurrence {
        out.result(
            || rec.text().trim_end().to_string(),
            json!({ "recurrence": rec }),
        )?;
    }
    if let Some(n_max) = args.terms {
        let bar = bar(n_max as u64, "terms");
        // Each term is final once its n is done: print it then.
        let mut printed = Ok(());
        stages
            .terms(n_max, |n, value| {
                if printed.is_ok() {
                    printed = bar.suspend(|| {
                        out.result(
                            || format!("{n} {value}"),
                            json!({ "n": n, "nimber": value }),
                        )
                    });
                    bar.inc(1);
                }
            })
            .map_err(fail)?;
        printed?;
        bar.finish_and_clear();
    }
    if args.period {
        let report = stages
            .period(args.period_limit, args.terms.unwrap_or(0))
            .map_err(fail)?;
        out.result(|| report.text(), report.json())?;
    }
    Ok(())
}
