//! `kayles subsets`: every starting subset with its nimber, or only those of one nimber.

use crate::flags;
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
    /// Only the subsets of this nimber (`--nimber 0`: the losing starts).
    #[arg(long, value_name = "K")]
    nimber: Option<u8>,
    /// The game.
    #[arg(long, value_parser = flags::game(), default_value = "node")]
    game: GameKind,
}

pub fn run(args: &Args, out: &mut Output) -> Result<()> {
    let g = graphs::single_graph_within(&args.graph, &graphs::Limit::TABLE)?;
    let table = progress::table(&g, args.game)?;
    for (mask, &value) in table.values().iter().enumerate() {
        if args.nimber.is_some_and(|k| k != value) {
            continue;
        }
        let vertices: Vec<usize> = (0..g.order()).filter(|v| mask >> v & 1 == 1).collect();
        if out.json() {
            out.line(&json!({ "subset": vertices, "nimber": value }).to_string())?;
        } else {
            let list: Vec<String> = vertices.iter().map(usize::to_string).collect();
            out.line(&format!("{{{}}} {value}", list.join(",")))?;
        }
    }
    Ok(())
}
