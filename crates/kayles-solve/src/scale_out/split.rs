//! The split of one named graph into jobs, written as a jobs file and its manifest
//! ([`files`](mod@super::files)), and made again to check a jobs file ([`resplit`]).

use super::files::{self, Manifest};
use crate::graphs::{Limit, Named};
use crate::Spelling;
use anyhow::{anyhow, bail, Result};
use kayles_core::split::tree::Until;
use kayles_core::split::{Split, SplitKey, INLINE_ORDER};
use kayles_core::symmetry::HostSymmetry;
use kayles_core::{graph6, GameKind};
use std::path::Path;
use std::time::Instant;

named_enum! {
    /// What merges two components into one job.
    pub enum KeyChoice (default Auto) {
        /// The family's host symmetry where it has one, else the canonical code.
        Auto = "auto",
        /// The least image under the family's flips, translations and rotations.
        Symmetry = "symmetry",
        /// The canonical code (isomorphic components merge).
        Canonical = "canonical",
    }
}

impl From<SplitKey> for KeyChoice {
    fn from(key: SplitKey) -> Self {
        match key {
            SplitKey::Symmetry => KeyChoice::Symmetry,
            SplitKey::Canonical => KeyChoice::Canonical,
        }
    }
}

/// The graph a split is made of, named on the command line or in code: a family spec or
/// graph6, not `-` (the name is written into the manifest, and the join names it again).
pub fn graph(arg: &str) -> Result<Named> {
    if arg.trim() == "-" {
        bail!("a split needs its GRAPH named on the command line (a graph6 string or a family spec), not '-'");
    }
    Ok(Named::parse_within(arg, &Limit::SEARCH)?)
}

/// The host symmetry `key` asks for on the graph named `graph`.
pub fn symmetry(graph: &Named, key: KeyChoice, spelling: Spelling) -> Result<Option<HostSymmetry>> {
    let name = graph.name.as_str();
    let found = || crate::graphs::family_symmetry(name);
    Ok(match key {
        KeyChoice::Canonical => None,
        KeyChoice::Auto => found(),
        KeyChoice::Symmetry => Some(found().ok_or_else(|| {
            anyhow!(
                "{}: {name} is not a family with a host symmetry (grid, queens, petersen, path, cycle)",
                spelling.option("key", "symmetry")
            )
        })?),
    })
}

/// A split asked for: the game, the key, how far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Request {
    /// The game.
    pub game: GameKind,
    /// What merges components.
    pub key: KeyChoice,
    /// To a depth, or to a number of jobs.
    pub until: Until,
    /// Replace the jobs file and manifest of an earlier split (refused without).
    pub force: bool,
}

/// A split written.
#[derive(Debug, Clone)]
pub struct Written {
    /// Its manifest.
    pub manifest: Manifest,
    /// Seconds the split took (before the files were written).
    pub seconds: f64,
}

/// Splits `graph` as `request` says and writes the jobs file `out` and its manifest. An
/// earlier split's files at `out` are refused unless `request.force`, and so is an output
/// that is not a regular file, before the split is made.
pub fn split(graph: &Named, request: &Request, out: &Path, spelling: Spelling) -> Result<Written> {
    files::check_split_output(out, request.force, spelling)?;
    let start = Instant::now();
    let symmetry = symmetry(graph, request.key, spelling)?;
    let split = Split::grown(
        &graph.graph,
        request.game,
        symmetry.as_ref(),
        INLINE_ORDER,
        request.until,
    )?;
    let seconds = start.elapsed().as_secs_f64();
    let manifest = files::write_split(out, &graph.name, &graph.graph, &split, seconds)?;
    Ok(Written { manifest, seconds })
}

/// The split of a jobs file made again from its graph (`graph`, the manifest's game,
/// depth and key), checked against the file: the same graph, the same number of jobs,
/// every line the same job.
pub fn resplit(
    graph: &Named,
    jobs_path: &Path,
    manifest: &Manifest,
    jobs: &[String],
) -> Result<Split> {
    let name = &graph.name;
    let symmetry = symmetry(graph, manifest.key.into(), Spelling::CommandLine)?;
    if files::fingerprint(graph6::write(&graph.graph).as_bytes()) != manifest.graph_fingerprint {
        bail!(
            "{name} is not the graph {} was split from ({})",
            jobs_path.display(),
            manifest.graph
        );
    }
    let split = Split::expand(
        &graph.graph,
        manifest.game,
        symmetry.as_ref(),
        manifest.depth,
    )?;
    if split.job_count() != jobs.len() {
        bail!(
            "splitting {name} again at depth {} gives {} jobs, {} has {}",
            manifest.depth,
            split.job_count(),
            jobs_path.display(),
            jobs.len()
        );
    }
    if let Some(i) = split
        .jobs()
        .zip(jobs)
        .position(|(again, line)| graph6::write(&again) != *line)
    {
        bail!(
            "{} line {} is not the job that splitting {name} again gives",
            jobs_path.display(),
            i + 1
        );
    }
    Ok(split)
}
