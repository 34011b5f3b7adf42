//! `kayles wak`: the nimber of a Weighted Arc-Kayles position, optionally with its
//! canonical position and the reductions that led there, or with every move's value.

use crate::output::Output;
use anyhow::Result;
use serde_json::json;
use wak_reduce::{reduce, Move, Solver, WeightedGraph};

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
    /// Also print every move (an edge `u-v` or a loop `v-v`) with the nimber of the
    /// position after it; the winning moves (to value 0) marked.
    #[arg(long, conflicts_with = "reduce")]
    moves: bool,
}

pub fn run(args: &Args, out: &mut Output) -> Result<()> {
    let g = WeightedGraph::parse(&args.weights, &args.edges)?;
    let mut solver = Solver::new();
    let value = solver.nimber(&g)?;
    if args.moves {
        return moves(&g, value, &solver.move_values(&g)?, out);
    }
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

/// `--moves`: the nimber, then one line per move: the move, the value after it, `wins`
/// when that is 0.
fn moves(g: &WeightedGraph, value: u32, moves: &[(Move, u32)], out: &mut Output) -> Result<()> {
    let names: Vec<String> = moves.iter().map(|(mv, _)| mv.to_string()).collect();
    let width = names.iter().map(String::len).max().unwrap_or(0);
    let json_moves: Vec<_> = moves
        .iter()
        .map(|&(mv, v)| {
            let (a, b) = match mv {
                Move::Edge(a, b) => (a, b),
                Move::Loop(a) => (a, a),
            };
            json!({ "move": [a, b], "value": v, "wins": v == 0 })
        })
        .collect();
    out.result(
        || {
            let mut text = value.to_string();
            for (name, &(_, v)) in names.iter().zip(moves) {
                let mark = if v == 0 { "  wins" } else { "" };
                text.push_str(&format!("\n{name:<width$}  {v}{mark}"));
            }
            text
        },
        json!({
            "weights": g.weights_string(),
            "edges": g.edges_string(),
            "nimber": value,
            "moves": json_moves,
        }),
    )
}
