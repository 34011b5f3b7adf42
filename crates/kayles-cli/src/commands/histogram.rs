//! `kayles histogram`: how many of the 2^n starting subsets have each nimber.

use crate::commands::blowup::ModuleArgs;
use crate::commands::nimber::Game;
use crate::input;
use crate::output::Output;
use anyhow::{bail, Result};
use indicatif::{ProgressBar, ProgressStyle};
use kayles_core::table::SubsetTable;
use kayles_core::{GameKind, Graph};
use serde_json::json;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The graph: graph6, a family spec, or `-` for one graph6 line on stdin.
    #[arg(value_name = "GRAPH")]
    graph: String,
    /// The game: `T[S] = mex T[S - N[v]]` over vertices `v` of `S` (node), or
    /// `T[S] = mex T[S - {u, v}]` over edges `uv` inside `S` (arc).
    #[arg(long, value_enum, default_value_t = Game::Node)]
    game: Game,
    /// GRAPH is a base graph whose vertices are replaced by modules.
    #[command(flatten)]
    modules: ModuleArgs,
}

/// The full table of `game` with a progress bar on stderr (hidden when stderr is not a
/// terminal).
pub fn table_with_progress(g: &Graph, game: GameKind) -> Result<SubsetTable> {
    let bar = ProgressBar::new(1u64 << g.order().min(63));
    bar.set_style(
        ProgressStyle::with_template("{spinner} table {bar:40} {percent}% {elapsed}")
            .expect("valid template"),
    );
    let table = SubsetTable::compute_game_with_progress(g, game, |done, _| bar.set_position(done))?;
    bar.finish_and_clear();
    Ok(table)
}

/// `0:N0 1:N1 ...`
pub fn format_histogram(hist: &[u128]) -> String {
    hist.iter()
        .enumerate()
        .map(|(k, c)| format!("{k}:{c}"))
        .collect::<Vec<_>>()
        .join(" ")
}

pub fn run(args: &Args, out: &mut Output) -> Result<()> {
    let g = input::single_graph(&args.graph)?;
    let hist = match args.modules.spec()? {
        Some(_) if args.game == Game::Arc => {
            bail!("--blowup and --module are for Node Kayles only")
        }
        Some(spec) => args.modules.histogram(&spec, &g)?,
        None => table_with_progress(&g, args.game.kind())?.histogram(),
    };
    let counts: Vec<String> = hist.iter().map(u128::to_string).collect();
    out.result(
        || format_histogram(&hist),
        json!({ "graph": args.graph, "game": args.game.kind().name(), "histogram": counts }),
    )
}
