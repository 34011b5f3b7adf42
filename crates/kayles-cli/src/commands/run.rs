//! `kayles run`: answers the jobs of a split (all, or one shard of them), appending a
//! `job_id value` line per finished job to a results file and flushing it; `--resume`
//! skips the jobs already answered there.

use crate::commands::nimber::SearchLayers;
use crate::jobs::{self, Manifest};
use crate::output::Output;
use anyhow::{anyhow, bail, Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use kayles_core::engine::{SearchConfig, SearchError};
use kayles_core::VertexSet;
use serde_json::json;
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The jobs file written by `kayles split` (its manifest beside it).
    #[arg(value_name = "JOBS")]
    jobs: PathBuf,
    /// The results file: one `job_id value` line is appended per finished job.
    #[arg(long, value_name = "RESULTS")]
    out: PathBuf,
    /// Answer only the jobs whose index (job id - 1) is I modulo K (K processes, e.g. a
    /// Slurm array, pass I = 0..K-1).
    #[arg(long, value_name = "I/K", value_parser = parse_shard)]
    shard: Option<Shard>,
    /// Continue RESULTS: skip the jobs answered there (a torn last line is cut off).
    #[arg(long)]
    resume: bool,
    #[command(flatten)]
    workers: Workers,
    #[command(flatten)]
    layers: SearchLayers,
}

/// How many jobs run at once.
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct Workers {
    /// Jobs answered at once, each by its own single-threaded solver (0: one per core).
    /// With 1, the one solver searches with --threads. The memo limit is shared out.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub workers: usize,
    /// The order in which this process takes its jobs: `smallest` first (the memo grows
    /// from the small pieces up and jobs finish steadily, so a kill loses less), `largest`
    /// first (balances several workers), or `auto`: smallest with one worker, largest
    /// with several.
    #[arg(long, value_enum, default_value_t = Order::Auto)]
    pub order: Order,
    /// Sleep this many milliseconds after each job (for tests that interrupt a run).
    #[arg(long, value_name = "MS", default_value_t = 0, hide = true)]
    pub throttle_ms: u64,
}

/// The `--order` values.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Order {
    Auto,
    Smallest,
    Largest,
}

/// Shard `index` of `count`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

fn parse_shard(text: &str) -> Result<Shard, String> {
    let bad = || format!("bad shard '{text}', expected I/K with 0 <= I < K");
    let (i, k) = text.split_once('/').ok_or_else(bad)?;
    let (index, count) = (
        i.trim().parse().map_err(|_| bad())?,
        k.trim().parse().map_err(|_| bad())?,
    );
    if count == 0 || index >= count {
        return Err(bad());
    }
    Ok(Shard { index, count })
}

/// What a run did.
pub struct Ran {
    /// Jobs in the shard.
    pub in_shard: usize,
    /// Of those, answered in RESULTS before this run.
    pub earlier: usize,
    /// Answered by this run.
    pub now: usize,
}

/// A jobs file as read: its path, its lines, its manifest.
pub struct JobsFile<'a> {
    pub path: &'a Path,
    pub jobs: &'a [String],
    pub manifest: &'a Manifest,
}

/// Answers the jobs of `shard` not yet in `results_path` (which must be new unless
/// `resume`), appending and flushing one line per job.
pub fn answer_jobs(
    file: &JobsFile,
    results_path: &Path,
    shard: Option<Shard>,
    resume: bool,
    workers: Workers,
    layers: SearchLayers,
) -> Result<Ran> {
    let JobsFile {
        path: jobs_path,
        jobs,
        manifest,
    } = *file;
    let (file, earlier) = jobs::open_results(results_path, manifest, resume)?;
    let mut answered = vec![false; jobs.len()];
    for answer in &earlier.answers {
        answered[answer.job - 1] = true;
    }
    let shard = shard.unwrap_or(Shard { index: 0, count: 1 });
    let in_shard: Vec<usize> = (0..jobs.len())
        .filter(|i| i % shard.count == shard.index)
        .collect();
    let mut pending: Vec<usize> = in_shard.iter().copied().filter(|&i| !answered[i]).collect();
    let threads = match workers.workers {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    }
    .min(pending.len().max(1));
    let smallest_first = match workers.order {
        Order::Auto => threads == 1,
        Order::Smallest => true,
        Order::Largest => false,
    };
    if smallest_first {
        // The jobs file lists the largest first.
        pending.reverse();
    }
    let bar = ProgressBar::new(pending.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{spinner} jobs [{bar:30}] {pos}/{len} {elapsed} eta {eta}")
            .expect("valid template"),
    );
    // With the symmetry key the jobs are searched as vertex sets of the host, so that the
    // host's symmetry keys their components as it would in one search of the whole graph.
    let positions = if manifest.key == "symmetry" {
        let (host, _, split) =
            crate::commands::join::resplit(&manifest.graph, jobs_path, manifest, jobs)?;
        Some((host, split.job_sets().collect::<Vec<VertexSet>>()))
    } else {
        None
    };
    let sink = Mutex::new(file);
    let next = AtomicUsize::new(0);
    let stop = Arc::new(AtomicBool::new(false));
    let failure: Mutex<Option<anyhow::Error>> = Mutex::new(None);
    let done = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut solver = layers.game_solver(manifest.game.into());
                layers.set_symmetry(&mut solver, &manifest.graph);
                let config = solver.config();
                solver.set_config(SearchConfig {
                    threads: if threads > 1 { 1 } else { config.threads },
                    memo_limit_bytes: config.memo_limit_bytes / threads,
                    ..config
                });
                solver.set_stop_flag(Some(stop.clone()));
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= pending.len() || stop.load(Ordering::Relaxed) {
                        return;
                    }
                    let job = pending[k];
                    let value = match &positions {
                        Some((host, sets)) => Ok(solver.nimber_of_subset(host, &sets[job])),
                        None => jobs::parse_job(&jobs[job]).map(|graph| solver.nimber(&graph)),
                    };
                    let written = match value {
                        Err(e) => Err(e),
                        Ok(Err(SearchError::Stopped)) => return,
                        Ok(Err(e)) => Err(anyhow!("job {}: {e}", job + 1)),
                        Ok(Ok(value)) => write_answer(&sink, results_path, job + 1, value),
                    };
                    if let Err(e) = written {
                        stop.store(true, Ordering::Relaxed);
                        failure
                            .lock()
                            .unwrap_or_else(|p| p.into_inner())
                            .get_or_insert(e);
                        return;
                    }
                    done.fetch_add(1, Ordering::Relaxed);
                    bar.inc(1);
                    if workers.throttle_ms > 0 {
                        std::thread::sleep(Duration::from_millis(workers.throttle_ms));
                    }
                }
            });
        }
    });
    bar.finish_and_clear();
    if let Some(e) = failure.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(e);
    }
    Ok(Ran {
        in_shard: in_shard.len(),
        earlier: in_shard.len() - pending.len(),
        now: done.into_inner(),
    })
}

/// Appends one `job value` line and flushes it to the system (one write, so that runs
/// appending to one file do not interleave within a line).
fn write_answer(sink: &Mutex<File>, path: &Path, job: usize, value: u32) -> Result<()> {
    let line = format!("{job} {value}\n");
    let mut file = sink.lock().unwrap_or_else(|p| p.into_inner());
    file.write_all(line.as_bytes())
        .and_then(|()| file.flush())
        .with_context(|| format!("writing {}", path.display()))
}

pub fn run(args: &Args, out: &mut Output) -> Result<()> {
    let start = Instant::now();
    let manifest = jobs::read_manifest(&args.jobs)?;
    let jobs = jobs::read_jobs(&args.jobs, &manifest)?;
    if args.out == args.jobs {
        bail!("--out must not be the jobs file");
    }
    let ran = answer_jobs(
        &JobsFile {
            path: &args.jobs,
            jobs: &jobs,
            manifest: &manifest,
        },
        &args.out,
        args.shard,
        args.resume,
        args.workers,
        args.layers,
    )?;
    let seconds = start.elapsed().as_secs_f64();
    let shard = args
        .shard
        .map_or("all".to_string(), |s| format!("{}/{}", s.index, s.count));
    out.result(
        || {
            format!(
                "{}: shard {shard}, {} jobs, {} answered earlier, {} answered now, {seconds:.2} s",
                args.out.display(),
                ran.in_shard,
                ran.earlier,
                ran.now
            )
        },
        json!({
            "results": args.out.display().to_string(),
            "shard": shard,
            "jobs_in_shard": ran.in_shard,
            "answered_earlier": ran.earlier,
            "answered_now": ran.now,
            "seconds": seconds,
            "peak_rss_kib": crate::output::peak_rss_kib(),
        }),
    )
}
