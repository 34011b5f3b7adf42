//! `kayles join`: checks the results of a split (every job answered, duplicates agreeing),
//! expands the tree again, looks its frontier up and prints the root's nimber
//! (`kayles_solve::scale_out::join`).

use crate::output::Output;
use anyhow::Result;
use kayles_solve::route::Route;
use kayles_solve::scale_out::{join, split};
use kayles_solve::Choice;
use serde_json::json;
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The graph that was split (as given to `kayles split`).
    #[arg(value_name = "GRAPH")]
    graph: String,
    /// The jobs file (its manifest beside it).
    #[arg(long, value_name = "JOBS")]
    jobs: PathBuf,
    /// Results files (`job_id value` lines), from any number of runs or shards.
    #[arg(long, value_name = "RESULTS", num_args = 1.., required = true)]
    results: Vec<PathBuf>,
}

pub fn run(args: &Args, out: &mut Output) -> Result<()> {
    let graph = split::graph(&args.graph)?;
    let joined = join::join(&graph, &args.jobs, &args.results)?;
    for path in &joined.torn {
        eprintln!("kayles: note: {path}: ignored an unfinished last line (an interrupted write)");
    }
    out.result(
        || joined.value.to_string(),
        json!({
            "graph": args.graph,
            "game": joined.manifest.game.name(),
            "nimber": joined.value,
            "route": Route::Split.name(),
            "depth": joined.manifest.depth,
            "jobs": joined.manifest.jobs,
            "answers": joined.answers,
        }),
    )
}
