//! A nimber through split, run and join on this machine, keeping the jobs and the results
//! in a directory, so that a killed run, started again, resumes from its finished jobs
//! (`kayles nimber GRAPH --checkpoint DIR`, `kayles.nimber(g, checkpoint=DIR)`).

use super::files;
use super::join::join;
use super::run::{answer, JobsFile, Order, Ran, Watch, Workers};
use super::split::{split, KeyChoice};
use crate::config::SearchOptions;
use crate::graphs::Named;
use crate::Spelling;
use anyhow::{bail, Context, Result};
use kayles_core::split::tree::Until;
use kayles_core::{graph6, GameKind};
use std::path::Path;
use std::time::Instant;

/// The jobs file inside a checkpoint directory.
pub const JOBS_FILE: &str = "jobs.g6";
/// The results file inside a checkpoint directory.
pub const RESULTS_FILE: &str = "results.txt";
/// The least number of jobs a checkpoint splits into by default.
pub const CHECKPOINT_JOBS: usize = 64;

/// A checkpointed nimber asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Request {
    /// The game.
    pub game: GameKind,
    /// Split to the least depth with at least this many jobs.
    pub min_jobs: usize,
    /// The search's options.
    pub search: SearchOptions,
    /// Milliseconds to sleep after each job (for tests that interrupt a run).
    pub throttle_ms: u64,
}

impl Request {
    /// `game` with the defaults: [`CHECKPOINT_JOBS`] jobs, the default search.
    pub fn new(game: GameKind) -> Self {
        Request {
            game,
            min_jobs: CHECKPOINT_JOBS,
            search: SearchOptions::default(),
            throttle_ms: 0,
        }
    }
}

/// What a checkpointed nimber did.
#[derive(Debug, Clone)]
pub struct Checkpointed {
    /// The nimber.
    pub value: u32,
    /// The depth of the split.
    pub depth: usize,
    /// Its number of jobs.
    pub jobs: usize,
    /// The jobs answered earlier and now.
    pub ran: Ran,
    /// Seconds spent splitting (or finding the split of an earlier run).
    pub split_seconds: f64,
    /// Seconds spent answering jobs.
    pub run_seconds: f64,
    /// Seconds spent joining.
    pub join_seconds: f64,
}

/// The nimber of `graph` through a split kept in `dir` (made at the least depth with at
/// least `request.min_jobs` jobs, or found there from an earlier run of the same graph
/// and game), with the jobs answered on every core.
pub fn nimber(graph: &Named, dir: &Path, request: &Request, watch: &Watch) -> Result<Checkpointed> {
    let start = Instant::now();
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let jobs_path = dir.join(JOBS_FILE);
    let results_path = dir.join(RESULTS_FILE);
    let game = request.game;
    if files::manifest_path(&jobs_path).exists() {
        let manifest = files::read_manifest(&jobs_path)?;
        if manifest.graph_fingerprint != files::fingerprint(graph6::write(&graph.graph).as_bytes())
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
        let split_request = super::split::Request {
            game,
            key: KeyChoice::Auto,
            until: Until::Jobs(request.min_jobs),
            // An unfinished attempt's jobs file, without its manifest, is replaced.
            force: true,
        };
        split(graph, &split_request, &jobs_path, Spelling::CommandLine)?;
    }
    let split_seconds = start.elapsed().as_secs_f64();
    let manifest = files::read_manifest(&jobs_path)?;
    let jobs = files::read_jobs(&jobs_path, &manifest)?;
    // Node Kayles jobs share one solver (its memo serves every job; the search itself
    // runs on every core): separate solvers per core each rebuild most of the memo, which
    // measured 2-3 times slower. Arc Kayles jobs have no memo in common: one per core.
    let run_request = super::run::Request {
        shard: None,
        resume: true,
        workers: Workers {
            workers: match game {
                GameKind::Node => 1,
                GameKind::Arc => 0,
            },
            order: Order::Auto,
            throttle_ms: request.throttle_ms,
        },
        search: request.search,
        certificates: None,
    };
    let file = JobsFile {
        path: &jobs_path,
        jobs: &jobs,
        manifest: &manifest,
    };
    let ran = answer(&file, &results_path, &run_request, watch)?;
    let run_seconds = start.elapsed().as_secs_f64() - split_seconds;
    let joined = join(graph, &jobs_path, &[results_path])?;
    Ok(Checkpointed {
        value: joined.value,
        depth: manifest.depth,
        jobs: manifest.jobs,
        ran,
        split_seconds,
        run_seconds,
        join_seconds: start.elapsed().as_secs_f64() - split_seconds - run_seconds,
    })
}
