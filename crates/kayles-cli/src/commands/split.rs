//! `kayles split`: the game tree of one graph expanded to a depth, its distinct components
//! written as jobs (one graph6 line each, largest first) with a manifest beside them
//! (`kayles_solve::scale_out::split`).

use crate::flags::{self, choice};
use crate::output::Output;
use anyhow::{bail, Result};
use kayles_core::split::tree::Until;
use kayles_core::GameKind;
use kayles_solve::scale_out::split::{self, KeyChoice, Request};
use kayles_solve::Spelling;
use std::path::PathBuf;

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
    #[arg(long, value_parser = flags::game(), default_value = "node")]
    game: GameKind,
    /// What merges two components into one job: `auto` is the family's host symmetry
    /// where it has one (grid, queens, petersen, path, cycle), else the canonical code.
    #[arg(long, value_parser = choice::<KeyChoice>(&[
        "The family's host symmetry where it has one, else the canonical code",
        "The least image under the family's flips, translations and rotations",
        "The canonical code (isomorphic components merge)",
    ]), default_value = "auto")]
    key: KeyChoice,
    /// The jobs file to write (its manifest goes to JOBS.manifest.json).
    #[arg(long, value_name = "JOBS")]
    out: PathBuf,
    /// Replace the jobs file and manifest of an earlier split at JOBS (refused without:
    /// the results of that split would no longer match).
    #[arg(long)]
    force: bool,
}

pub fn run(args: &Args, out: &mut Output) -> Result<()> {
    let until = match (args.depth, args.jobs) {
        (Some(depth), _) => Until::Depth(depth),
        (None, Some(jobs)) => Until::Jobs(jobs),
        (None, None) => bail!("give --depth D or --jobs N"),
    };
    let graph = split::graph(&args.graph)?;
    let request = Request {
        game: args.game,
        key: args.key,
        until,
        force: args.force,
    };
    let written = split::split(&graph, &request, &args.out, Spelling::CommandLine)?;
    let (m, seconds) = (&written.manifest, written.seconds);
    out.result(
        || {
            format!(
                "{}: depth {}, {} jobs (largest {} vertices), {} components in the tree, \
                 key {}, {seconds:.2} s",
                args.out.display(),
                m.depth,
                m.jobs,
                m.largest_job,
                m.components,
                m.key.name(),
            )
        },
        m.json(),
    )
}
