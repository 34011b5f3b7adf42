//! `kayles histogram`: how many of the 2^n starting subsets have each nimber.

use crate::commands::blowup::ModuleArgs;
use crate::input;
use crate::output::Output;
use anyhow::Result;
use indicatif::{ProgressBar, ProgressStyle};
use kayles_core::table::SubsetTable;
use kayles_core::Graph;
use serde_json::json;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The graph: graph6, a family spec, or `-` for one graph6 line on stdin.
    #[arg(value_name = "GRAPH")]
    graph: String,
    /// GRAPH is a base graph whose vertices are replaced by modules.
    #[command(flatten)]
    modules: ModuleArgs,
}

/// The full table with a progress bar on stderr (hidden when stderr is not a terminal).
pub fn table_with_progress(g: &Graph) -> Result<SubsetTable> {
    let bar = ProgressBar::new(1u64 << g.order().min(63));
    bar.set_style(
        ProgressStyle::with_template("{spinner} table {bar:40} {percent}% {elapsed}")
            .expect("valid template"),
    );
    let table = SubsetTable::compute_with_progress(g, |done, _| bar.set_position(done))?;
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
        Some(spec) => args.modules.histogram(&spec, &g)?,
        None => table_with_progress(&g)?.histogram(),
    };
    let counts: Vec<String> = hist.iter().map(u128::to_string).collect();
    out.result(
        || format_histogram(&hist),
        json!({ "graph": args.graph, "histogram": counts }),
    )
}
