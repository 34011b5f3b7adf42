//! `kayles subsets`: every starting subset with its nimber, or only those of one nimber.

use crate::commands::histogram::table_with_progress;
use crate::commands::nimber::Game;
use crate::input;
use crate::output::Output;
use anyhow::Result;
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
    #[arg(long, value_enum, default_value_t = Game::Node)]
    game: Game,
}

pub fn run(args: &Args, out: &mut Output) -> Result<()> {
    let g = input::single_graph(&args.graph)?;
    let table = table_with_progress(&g, args.game.kind())?;
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
