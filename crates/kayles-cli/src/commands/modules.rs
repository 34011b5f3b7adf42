//! `kayles modules`: the modular decomposition tree of a graph, as text or Graphviz DOT.

use crate::output::Output;
use anyhow::Result;
use kayles_solve::graphs;
use serde_json::json;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The graph: graph6, a family spec, or `-` for one graph6 line on stdin.
    #[arg(value_name = "GRAPH")]
    graph: String,
    /// Print Graphviz DOT instead of the indented tree.
    #[arg(long)]
    dot: bool,
}

pub fn run(args: &Args, out: &mut Output) -> Result<()> {
    let g = graphs::single_graph(&args.graph)?;
    let tree = kayles_modules::decompose(&g);
    let text = if args.dot {
        tree.to_dot()
    } else {
        tree.to_string()
    };
    out.result(
        || text.trim_end().to_string(),
        json!({
            "graph": args.graph,
            "modular_width": tree.modular_width(),
            "tree": tree.to_string(),
            "dot": tree.to_dot(),
        }),
    )
}
