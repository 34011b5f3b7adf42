//! `kayles nimber GRAPH --checkpoint DIR`: split, run and join on this machine, keeping
//! the jobs and the results in DIR, so that a killed run resumes from its finished jobs.

use crate::commands::nimber::SearchLayers;
use crate::commands::run::{answer_jobs, JobsFile, Order, Workers};
use crate::jobs::{self, KeyChoice};
use anyhow::{bail, Context, Result};
use kayles_core::{graph6, GameKind};
use std::path::Path;
use std::time::Instant;

/// The jobs file inside a checkpoint directory.
pub const JOBS_FILE: &str = "jobs.g6";
/// The results file inside a checkpoint directory.
pub const RESULTS_FILE: &str = "results.txt";

/// The nimber of `graph_arg` through a split kept in `dir` (made at the least depth with
/// at least `min_jobs` jobs, or found there from an earlier run of the same graph and
/// game), with the jobs answered on every core.
pub fn nimber(
    graph_arg: &str,
    game: GameKind,
    dir: &Path,
    min_jobs: usize,
    layers: SearchLayers,
    throttle_ms: u64,
    stats: bool,
) -> Result<u32> {
    let start = Instant::now();
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let jobs_path = dir.join(JOBS_FILE);
    let results_path = dir.join(RESULTS_FILE);
    let (graph, symmetry) = jobs::graph_and_symmetry(graph_arg, KeyChoice::Auto)?;
    if jobs::manifest_path(&jobs_path).exists() {
        let manifest = jobs::read_manifest(&jobs_path)?;
        if manifest.graph_fingerprint != jobs::fingerprint(graph6::write(&graph).as_bytes())
            || manifest.game != game
        {
            bail!(
                "{} holds a split of {} ({} game); give another directory",
                dir.display(),
                manifest.graph,
                manifest.game
            );
        }
    } else {
        // No manifest: no split finished here (the manifest is written last), so any
        // results file is from an unfinished attempt and is started again.
        if results_path.exists() {
            std::fs::remove_file(&results_path)
                .with_context(|| format!("removing {}", results_path.display()))?;
        }
        let split =
            crate::commands::split::split(&graph, game, symmetry.as_ref(), None, Some(min_jobs))?;
        jobs::write_split(
            &jobs_path,
            graph_arg,
            &graph,
            &split,
            start.elapsed().as_secs_f64(),
        )?;
    }
    let split_seconds = start.elapsed().as_secs_f64();
    let manifest = jobs::read_manifest(&jobs_path)?;
    let jobs = jobs::read_jobs(&jobs_path, &manifest)?;
    // Node Kayles jobs share one solver (its memo serves every job; the search itself
    // runs on every core): separate solvers per core each rebuild most of the memo, which
    // measured 2-3 times slower. Arc Kayles jobs have no memo in common: one per core.
    let workers = Workers {
        workers: match game {
            GameKind::Node => 1,
            GameKind::Arc => 0,
        },
        order: Order::Auto,
        throttle_ms,
    };
    let ran = answer_jobs(
        &JobsFile {
            path: &jobs_path,
            jobs: &jobs,
            manifest: &manifest,
        },
        &results_path,
        None,
        true,
        workers,
        layers,
    )?;
    let run_seconds = start.elapsed().as_secs_f64() - split_seconds;
    let joined = crate::commands::join::join(graph_arg, &jobs_path, &[results_path])?;
    if stats {
        eprintln!(
            "{graph_arg}: checkpoint {}: depth {}, {} jobs, {} answered earlier, {} answered \
             now; split {split_seconds:.2} s, run {run_seconds:.2} s, join {:.2} s",
            dir.display(),
            manifest.depth,
            manifest.jobs,
            ran.earlier,
            ran.now,
            start.elapsed().as_secs_f64() - split_seconds - run_seconds
        );
    }
    Ok(joined.value)
}
