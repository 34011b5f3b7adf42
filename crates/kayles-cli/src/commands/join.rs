//! `kayles join`: checks the results of a split (every job answered, duplicates agreeing),
//! expands the tree again, looks its frontier up and prints the root's nimber.

use crate::jobs::{self, KeyChoice, Manifest, Results};
use crate::output::Output;
use anyhow::{bail, Result};
use kayles_core::split::Split;
use kayles_core::symmetry::HostSymmetry;
use kayles_core::{graph6, Graph};
use serde_json::json;
use std::path::{Path, PathBuf};

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

/// What a join found.
pub struct Joined {
    pub value: u32,
    pub manifest: Manifest,
    /// Answers read (duplicates included).
    pub answers: usize,
    /// Results files whose torn last line was ignored.
    pub torn: Vec<String>,
}

/// The split of a jobs file made again from its graph (`graph_arg`, the manifest's
/// depth and key), checked against the file: the same graph, the same number of jobs,
/// every line the same job. Returns the graph, its host symmetry (with the symmetry key)
/// and the split.
pub fn resplit(
    graph_arg: &str,
    jobs_path: &Path,
    manifest: &Manifest,
    jobs: &[String],
) -> Result<(Graph, Option<HostSymmetry>, Split)> {
    let key = match manifest.key.as_str() {
        "symmetry" => KeyChoice::Symmetry,
        "canonical" => KeyChoice::Canonical,
        other => bail!("{}: unknown key '{other}'", jobs_path.display()),
    };
    let (graph, symmetry) = jobs::graph_and_symmetry(graph_arg, key)?;
    if jobs::fingerprint(graph6::write(&graph).as_bytes()) != manifest.graph_fingerprint {
        bail!(
            "{graph_arg} is not the graph {} was split from ({})",
            jobs_path.display(),
            manifest.graph
        );
    }
    let split = crate::commands::split::split(
        &graph,
        manifest.game,
        symmetry.as_ref(),
        Some(manifest.depth),
        None,
    )?;
    if split.job_count() != jobs.len() {
        bail!(
            "splitting {graph_arg} again at depth {} gives {} jobs, {} has {}",
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
            "{} line {} is not the job that splitting {graph_arg} again gives",
            jobs_path.display(),
            i + 1
        );
    }
    Ok((graph, symmetry, split))
}

/// Joins the results of the split in `jobs_path` of `graph_arg`.
pub fn join(graph_arg: &str, jobs_path: &Path, results_paths: &[PathBuf]) -> Result<Joined> {
    let manifest = jobs::read_manifest(jobs_path)?;
    let jobs = jobs::read_jobs(jobs_path, &manifest)?;
    let results = results_paths
        .iter()
        .map(|path| jobs::read_results(path, &manifest))
        .collect::<Result<Vec<Results>>>()?;
    let values = jobs::collect_answers(&results, &jobs)?;
    let (_, _, split) = resplit(graph_arg, jobs_path, &manifest, &jobs)?;
    let value = split.join(&values)?;
    let torn = results_paths
        .iter()
        .zip(&results)
        .filter(|(_, r)| r.torn.is_some())
        .map(|(p, _)| p.display().to_string())
        .collect();
    Ok(Joined {
        value,
        answers: results.iter().map(|r| r.answers.len()).sum(),
        manifest,
        torn,
    })
}

pub fn run(args: &Args, out: &mut Output) -> Result<()> {
    let joined = join(&args.graph, &args.jobs, &args.results)?;
    for path in &joined.torn {
        eprintln!("kayles: note: {path}: ignored an unfinished last line (an interrupted write)");
    }
    out.result(
        || joined.value.to_string(),
        json!({
            "graph": args.graph,
            "game": joined.manifest.game.name(),
            "nimber": joined.value,
            "route": "split",
            "depth": joined.manifest.depth,
            "jobs": joined.manifest.jobs,
            "answers": joined.answers,
        }),
    )
}
