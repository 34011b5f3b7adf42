//! `kayles split`: the game tree of one graph expanded to a depth, its distinct components
//! written as jobs (one graph6 line each, largest first) with a manifest beside them.

use crate::jobs::{self, KeyChoice};
use crate::output::Output;
use anyhow::{bail, Result};
use kayles_core::split::Split;
use kayles_core::{GameKind, Graph};
use std::path::PathBuf;
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The graph: a graph6 string or a family spec (named again to `kayles join`).
    #[arg(value_name = "GRAPH")]
    graph: String,
    /// Expand the tree to this depth (moves from the root).
    #[arg(
        long,
        value_name = "D",
        required_unless_present = "jobs",
        conflicts_with = "jobs"
    )]
    depth: Option<usize>,
    /// Expand to the least depth that gives at least N jobs.
    #[arg(long, value_name = "N")]
    jobs: Option<usize>,
    /// The game.
    #[arg(long, value_enum, default_value_t = crate::commands::nimber::Game::Node)]
    game: crate::commands::nimber::Game,
    /// What merges two components into one job: `auto` is the family's host symmetry
    /// where it has one (grid, queens, petersen, path, cycle), else the canonical code.
    #[arg(long, value_enum, default_value_t = KeyChoice::Auto)]
    key: KeyChoice,
    /// The jobs file to write (its manifest goes to JOBS.manifest.json).
    #[arg(long, value_name = "JOBS")]
    out: PathBuf,
}

/// The split `depth` or `jobs` asks for.
pub fn split(
    graph: &Graph,
    game: GameKind,
    symmetry: Option<&kayles_core::symmetry::HostSymmetry>,
    depth: Option<usize>,
    jobs: Option<usize>,
) -> Result<Split> {
    Ok(match (depth, jobs) {
        (Some(depth), _) => Split::expand(graph, game, symmetry, depth)?,
        (None, Some(jobs)) => Split::with_jobs(graph, game, symmetry, jobs)?,
        (None, None) => bail!("give --depth D or --jobs N"),
    })
}

pub fn run(args: &Args, out: &mut Output) -> Result<()> {
    let start = Instant::now();
    let (graph, symmetry) = jobs::graph_and_symmetry(&args.graph, args.key)?;
    let split = split(
        &graph,
        args.game.kind(),
        symmetry.as_ref(),
        args.depth,
        args.jobs,
    )?;
    let seconds = start.elapsed().as_secs_f64();
    let manifest = jobs::write_split(&args.out, &args.graph, &graph, &split, seconds)?;
    let largest = manifest["largest_job"].clone();
    out.result(
        || {
            format!(
                "{}: depth {}, {} jobs (largest {} vertices), {} components in the tree, \
                 key {}, {seconds:.2} s",
                args.out.display(),
                split.depth(),
                split.job_count(),
                largest,
                split.component_count(),
                split.key().name(),
            )
        },
        manifest,
    )
}
