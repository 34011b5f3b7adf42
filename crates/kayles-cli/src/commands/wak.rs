//! `kayles wak`: the nimber of a Weighted Arc-Kayles position, optionally with its
//! canonical position and the reductions that led there.

use crate::output::Output;
use anyhow::Result;
use serde_json::json;
use wak_reduce::{reduce, Solver, WeightedGraph};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Vertex counters, e.g. `3,2,5` (vertex i gets the i-th).
    #[arg(long, value_name = "W,W,..", allow_hyphen_values = true)]
    weights: String,
    /// Edges `u-v`, comma separated; `v-v` is a loop. Empty for none.
    #[arg(long, value_name = "U-V,..", default_value = "")]
    edges: String,
    /// Also print the canonical position and the trace of reductions.
    #[arg(long)]
    reduce: bool,
}

pub fn run(args: &Args, out: &mut Output) -> Result<()> {
    let g = WeightedGraph::parse(&args.weights, &args.edges)?;
    let value = Solver::new().nimber(&g)?;
    if !args.reduce {
        return out.result(
            || value.to_string(),
            json!({ "weights": g.weights_string(), "edges": g.edges_string(), "nimber": value }),
        );
    }
    let reduced = reduce::reduce(&g);
    let trace: Vec<String> = reduced
        .trace
        .iter()
        .map(|s| s.original.to_string())
        .collect();
    out.result(
        || format!("{value}\n{reduced}"),
        json!({
            "weights": g.weights_string(),
            "edges": g.edges_string(),
            "nimber": value,
            "canonical": {
                "weights": reduced.position.weights_string(),
                "edges": reduced.position.edges_string(),
            },
            "origin": reduced.origin,
            "trace": trace,
        }),
    )
}
