//! `kayles join`: checks the results of a split (every job answered, duplicates agreeing),
//! with `--verify DIR` checks every job's value against its certificate, expands the tree
//! again, looks its frontier up and prints the root's nimber
//! (`kayles_solve::scale_out::join`). Without `--verify` it says on stderr that the
//! values were taken on trust.

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
    /// Check every job's value against its certificate in DIR (written by `kayles run
    /// --certificates DIR`) with the independent checker before joining: a missing or
    /// rejected certificate, one of the other game, or a value the certificate does not
    /// prove is an error naming the job.
    #[arg(long, value_name = "DIR")]
    verify: Option<PathBuf>,
}

pub fn run(args: &Args, out: &mut Output) -> Result<()> {
    let graph = split::graph(&args.graph)?;
    let joined = join::join_verified(&graph, &args.jobs, &args.results, args.verify.as_deref())?;
    for path in &joined.torn {
        eprintln!("kayles: note: {path}: ignored an unfinished last line (an interrupted write)");
    }
    let jobs = joined.manifest.jobs;
    if args.verify.is_none() && jobs > 0 {
        let values = match jobs {
            1 => "the value of the 1 job was".to_string(),
            n => format!("the values of the {n} jobs were"),
        };
        eprintln!(
            "kayles: note: {values} taken on trust from the results (--verify DIR checks \
             each against its certificate: docs/scale-out.md)"
        );
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
            "verified": joined.verified,
        }),
    )
}
