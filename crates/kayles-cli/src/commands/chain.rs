//! `kayles chain CHAIN.toml`: a chain family (CLAIMS.md section 6) from its chain file. The
//! recurrence is derived (`kayles_chains::derive`), every segment type is checked against
//! direct search for small `n` before any term is printed, then the terms stream as
//! "n value" lines; `--recurrence` prints the recurrence, `--period` proves periodicity.

use crate::commands::nimber::Game;
use crate::output::Output;
use anyhow::{bail, Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use kayles_chains::{check, derive, eval, period, spec};
use kayles_core::search::Solver;
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
    #[arg(long, value_enum, default_value_t = Game::Node)]
    game: Game,
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
    /// The check compares every segment type with direct search for m = 0..=N copies.
    #[arg(long, value_name = "N", default_value_t = 40)]
    check_to: usize,
    /// --period looks at most this many terms for a period.
    #[arg(long, value_name = "N", default_value_t = 20_000)]
    period_limit: usize,
}

fn bar(len: u64, message: &str) -> ProgressBar {
    let bar = ProgressBar::new(len);
    bar.set_style(
        ProgressStyle::with_template("{spinner} {msg} [{bar:30}] {pos}/{len} {elapsed}")
            .expect("valid template"),
    );
    bar.set_message(message.to_string());
    bar
}

pub fn run(args: &Args, out: &mut Output) -> Result<()> {
    let path = args.file.display();
    let text = std::fs::read_to_string(&args.file).with_context(|| format!("{path}"))?;
    let chain = spec::parse(&text).map_err(|e| anyhow::anyhow!("{path}: {e}"))?;
    if args.terms.is_none() && !args.recurrence && !args.period {
        bail!("{path}: nothing to do: give --terms N, --recurrence or --period");
    }
    let game = match args.game {
        Game::Node => GameKind::Node,
        Game::Arc => GameKind::Arc,
    };
    let mut solver = Solver::new();
    let rec = derive::derive_with(&chain, game, &mut solver)
        .map_err(|e| anyhow::anyhow!("{path}: {e}"))?;
    if !args.no_check {
        let to = args.check_to;
        let terms = eval::terms(&rec, to);
        let bar = bar(
            ((to + 1) * rec.types.len()) as u64,
            "checking against direct search",
        );
        let compared =
            check::check_against_search(&rec, &terms, to, &mut solver, |_, _| bar.inc(1))
                .map_err(|e| anyhow::anyhow!("{path}: the derived recurrence is wrong: {e}"))?;
        bar.finish_and_clear();
        eprintln!(
            "kayles: {} segment types checked against direct search for m = 0..={to} ({compared} values)",
            rec.types.len()
        );
    }
    if args.recurrence {
        out.result(
            || rec.text().trim_end().to_string(),
            json!({ "recurrence": rec }),
        )?;
    }
    if let Some(n_max) = args.terms {
        let bar = bar(n_max as u64, "terms");
        // Each term is final once its m is done: print it then.
        let mut printed = Ok(());
        eval::terms_streaming(&rec, n_max, |m, value| {
            if m >= 1 && printed.is_ok() {
                printed = bar.suspend(|| {
                    out.result(
                        || format!("{m} {value}"),
                        json!({ "n": m, "nimber": value }),
                    )
                });
                bar.inc(1);
            }
        });
        printed?;
        bar.finish_and_clear();
    }
    if args.period {
        let limits = period::Limits {
            max_terms: args.period_limit.max(16),
            check_to: args.terms.unwrap_or(0),
            ..period::Limits::default()
        };
        match period::find(&rec, &limits) {
            Ok(p) => out.result(
                || period_text(&p),
                json!({
                    "period": p.chain_period,
                    "preperiod": p.chain_preperiod,
                    "proved": true,
                    "checked_to": p.checked_to,
                    "bound": p.bound,
                    "common_period": p.period,
                    "common_preperiod": p.preperiod,
                    "types": p.types.iter().map(|&(q, n0)| json!({"period": q, "preperiod": n0})).collect::<Vec<_>>(),
                }),
            )?,
            Err(e) => {
                let checked = match e {
                    period::NoPeriod::NotFound { checked_to, .. } => checked_to,
                    period::NoPeriod::Broken { .. } => bail!("{path}: {e}"),
                };
                let terms = eval::terms(&rec, checked);
                let seen = period::apparent(terms.chain());
                out.result(
                    || {
                        let apparent = match seen {
                            Some((q, n0)) => format!(
                                "; the chain's own terms look periodic (period {q} from n = {}) but some segment type is not, so the theorem does not apply",
                                n0 + 1
                            ),
                            None => String::new(),
                        };
                        format!("no period proved: {e}{apparent}")
                    },
                    json!({
                        "period": seen.map(|s| s.0),
                        "preperiod": seen.map(|s| s.1 + 1),
                        "proved": false,
                        "checked_to": checked,
                    }),
                )?;
            }
        }
    }
    Ok(())
}

fn period_text(p: &period::PeriodProof) -> String {
    let mut s = format!(
        "period {} from n = {} (proved: every segment type has period {} from m = {}, checked to the \
         theorem's bound {} and on to m = {})",
        p.chain_period, p.chain_preperiod, p.period, p.preperiod, p.bound, p.checked_to
    );
    for (i, (q, n0)) in p.types.iter().enumerate() {
        s += &format!("\ns{i}: period {q} from m = {n0}");
    }
    s
}
