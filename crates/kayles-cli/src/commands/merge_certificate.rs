//! `kayles merge-certificate`: the certificate of a search spread over MPI written from its
//! ranks' parts (`FILE.rank-K-of-N.log`, written by `kayles nimber --certificate FILE`
//! under `mpirun`) when rank 0 could not read them all: the parts are checked to fit
//! before anything is written (`kayles_solve::rank_parts::merge`), and the nimber printed.

use crate::flags;
use crate::output::Output;
use anyhow::Result;
use kayles_core::GameKind;
use kayles_solve::config::SearchOptions;
use kayles_solve::graphs::Named;
use kayles_solve::rank_parts;
use serde_json::json;
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The graph searched (as given to `kayles nimber`).
    #[arg(value_name = "GRAPH")]
    graph: String,
    /// The certificate to write; its parts are FILE.rank-K-of-N.log beside it.
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// The game.
    #[arg(long, value_parser = flags::game(), default_value = "node")]
    game: GameKind,
}

pub fn run(args: &Args, out: &mut Output) -> Result<()> {
    let graph = Named::parse(&args.graph)?;
    let search = SearchOptions::default();
    // The number of ranks, from the parts' names (the merge checks them all).
    let ranks = rank_parts::find(&args.file, None)?
        .first()
        .map_or(0, |part| part.1);
    let (summary, stats) = rank_parts::merge(&graph, args.game, &search, &args.file, None)?;
    eprintln!(
        "{}",
        rank_parts::merged_line(&graph.name, &args.file, &summary, &stats, ranks)
    );
    out.result(
        || summary.nimber.to_string(),
        json!({
            "graph": graph.name,
            "game": args.game.name(),
            "nimber": summary.nimber,
            "certificate": args.file.display().to_string(),
            "facts": summary.sizes.facts,
            "bytes": summary.sizes.compressed_bytes,
        }),
    )
}
