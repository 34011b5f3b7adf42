//! `kayles histogram`: how many of the 2^n starting subsets have each nimber.

use crate::flags::{self, ModuleArgs};
use crate::output::Output;
use crate::progress;
use anyhow::Result;
use kayles_core::GameKind;
use kayles_solve::graphs;
use serde_json::json;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The graph: graph6, a family spec, or `-` for one graph6 line on stdin.
    #[arg(value_name = "GRAPH")]
    graph: String,
    /// The game: `T[S] = mex T[S - N[v]]` over vertices `v` of `S` (node), or
    /// `T[S] = mex T[S - {u, v}]` over edges `uv` inside `S` (arc).
    #[arg(long, value_parser = flags::game(), default_value = "node")]
    game: GameKind,
    /// GRAPH is a base graph whose vertices are replaced by modules.
    #[command(flatten)]
    modules: ModuleArgs,
}

/// `0:N0 1:N1 ...`
fn format_histogram(hist: &[u128]) -> String {
    hist.iter()
        .enumerate()
        .map(|(k, c)| format!("{k}:{c}"))
        .collect::<Vec<_>>()
        .join(" ")
}

pub fn run(args: &Args, out: &mut Output) -> Result<()> {
    let limit = match args.modules.spec()? {
        Some(_) => graphs::Limit::GRAPH,
        None => graphs::Limit::TABLE,
    };
    let g = graphs::single_graph_within(&args.graph, &limit)?;
    let hist = match args.modules.spec_for(args.game)? {
        Some(spec) => args.modules.histogram(&spec, &g)?,
        None => progress::table(&g, args.game)?.histogram(),
    };
    let counts: Vec<String> = hist.iter().map(u128::to_string).collect();
    out.result(
        || format_histogram(&hist),
        json!({ "graph": args.graph, "game": args.game.name(), "histogram": counts }),
    )
}
