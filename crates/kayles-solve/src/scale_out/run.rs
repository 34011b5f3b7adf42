//! Answering the jobs of a split (all, or one shard of them), appending a `job_id value`
//! line per finished job to a results file and flushing it; with `resume`, the jobs
//! already answered there are skipped. With a certificates directory, each job's value is
//! also proved by a certificate there ([`certificate_name`]), which `join` can check.

use super::files::{self, Manifest};
use super::split::resplit;
use crate::certificates::{CertificateDir, ProofSaves};
use crate::config::SearchOptions;
use crate::Spelling;
use anyhow::{anyhow, bail, ensure, Context, Result};
use kayles_core::engine::{SearchConfig, SearchError};
use kayles_core::split::SplitKey;
use kayles_core::VertexSet;
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

named_enum! {
    /// The order in which a process takes its jobs.
    pub enum Order (default Auto) {
        /// Smallest first with one worker, largest first with several.
        Auto = "auto",
        /// Smallest first: the memo grows from the small pieces up and jobs finish
        /// steadily.
        Smallest = "smallest",
        /// Largest first: balances several workers.
        Largest = "largest",
    }
}

/// How many jobs run at once, in which order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Workers {
    /// Jobs answered at once, each by its own single-threaded solver (0: one per core).
    /// With 1, the one solver searches with the search options' threads. The memo limit
    /// is shared out.
    pub workers: usize,
    /// The order in which jobs are taken.
    pub order: Order,
    /// Milliseconds to sleep after each job (for tests that interrupt a run).
    pub throttle_ms: u64,
}

impl Default for Workers {
    fn default() -> Self {
        Workers {
            workers: 1,
            order: Order::Auto,
            throttle_ms: 0,
        }
    }
}

/// Shard `index` of `count`: the jobs whose index (job id - 1) is `index` modulo `count`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// Which shard, from 0.
    pub index: usize,
    /// How many shards.
    pub count: usize,
}

impl Shard {
    /// Reads `I/K` with `0 <= I < K`.
    ///
    /// ```
    /// use kayles_solve::scale_out::run::Shard;
    /// assert_eq!(Shard::parse("1/4"), Ok(Shard { index: 1, count: 4 }));
    /// assert!(Shard::parse("4/4").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Shard, String> {
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

    /// `I/K`, or `all` for no shard.
    pub fn name(shard: Option<Shard>) -> String {
        shard.map_or("all".to_string(), |s| format!("{}/{}", s.index, s.count))
    }
}

/// The name under which the certificate of job `job` (its id, from 1) is filed in a
/// certificates directory ([`CertificateDir`]): `job:17`, so the file is `job_17.cert`
/// (`arc_job_17.cert` for Arc Kayles). Its header names the job's graph6 line.
pub fn certificate_name(job: usize) -> String {
    format!("job:{job}")
}

/// A run asked for.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Request {
    /// Only this shard's jobs (all without).
    pub shard: Option<Shard>,
    /// Continue the results file (skip the jobs answered there).
    pub resume: bool,
    /// How many at once, in which order.
    pub workers: Workers,
    /// The search's options.
    pub search: SearchOptions,
    /// Write a certificate of each job's value to this directory ([`certificate_name`]);
    /// a job counts as answered only when its results line and its certificate are there.
    /// Each job is then searched as a graph of its own (not as a vertex set of the host),
    /// so that its certificate's proof can ask the search's memo.
    pub certificates: Option<PathBuf>,
}

/// What a run did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ran {
    /// Jobs in the shard.
    pub in_shard: usize,
    /// Of those, answered in the results file before this run.
    pub earlier: usize,
    /// Answered by this run.
    pub now: usize,
}

/// Who watches a run: told how many jobs it will answer, then of every job answered.
pub trait Progress: Sync {
    /// The run is about to answer `jobs` jobs.
    fn start(&self, _jobs: usize) {}
    /// One more job answered.
    fn answered(&self) {}
    /// The run is over.
    fn finish(&self) {}
}

/// Nobody watches.
impl Progress for () {}

/// Who watches a run, and the flag that stops it.
pub struct Watch<'a> {
    /// Told of every job answered.
    pub progress: &'a dyn Progress,
    /// Raised, it ends the run within milliseconds (the jobs finished are in the results
    /// file) with [`SearchError::Stopped`].
    pub stop: Option<Arc<AtomicBool>>,
}

impl Watch<'_> {
    /// Nobody watches, nothing stops the run.
    pub fn none() -> Watch<'static> {
        Watch {
            progress: &(),
            stop: None,
        }
    }
}

/// A jobs file as read: its path, its lines, its manifest.
pub struct JobsFile<'a> {
    /// The jobs file.
    pub path: &'a Path,
    /// Its lines.
    pub jobs: &'a [String],
    /// Its manifest.
    pub manifest: &'a Manifest,
}

/// Answers the jobs of the jobs file `jobs_path` into `results_path` as `request` says,
/// watched by `watch`.
pub fn run(
    jobs_path: &Path,
    results_path: &Path,
    request: &Request,
    watch: &Watch,
    spelling: Spelling,
) -> Result<Ran> {
    let manifest = files::read_manifest(jobs_path)?;
    let jobs = files::read_jobs(jobs_path, &manifest)?;
    if results_path == jobs_path {
        bail!("{} must not be the jobs file", spelling.name("out"));
    }
    let file = JobsFile {
        path: jobs_path,
        jobs: &jobs,
        manifest: &manifest,
    };
    answer(&file, results_path, request, watch)
}

/// [`run`] on a jobs file already read.
pub fn answer(
    file: &JobsFile,
    results_path: &Path,
    request: &Request,
    watch: &Watch,
) -> Result<Ran> {
    let JobsFile {
        path: jobs_path,
        jobs,
        manifest,
    } = *file;
    let (results, earlier) = files::open_results(results_path, manifest, request.resume)?;
    // The value each job has in the results file already.
    let mut answered: Vec<Option<u32>> = vec![None; jobs.len()];
    for answer in &earlier.answers {
        answered[answer.job - 1] = Some(answer.value);
    }
    let certificates = request
        .certificates
        .as_deref()
        .map(|dir| CertificateDir::open(dir, manifest.game))
        .transpose()?;
    let shard = request.shard.unwrap_or(Shard { index: 0, count: 1 });
    let in_shard: Vec<usize> = (0..jobs.len())
        .filter(|i| i % shard.count == shard.index)
        .collect();
    let mut pending = Vec::new();
    for &i in &in_shard {
        let certified = match &certificates {
            // A certificate filed under the job's name that is not of the job is an error.
            Some(dir) => {
                // Not opened unless a regular file (a FIFO would block the open).
                let path = dir.path(&certificate_name(i + 1));
                let there = std::fs::symlink_metadata(&path).is_ok();
                if there && !std::fs::metadata(&path).is_ok_and(|m| m.is_file()) {
                    bail!(
                        "job {}: {} is not a regular file, so not a certificate",
                        i + 1,
                        path.display()
                    );
                }
                dir.certified_as(&certificate_name(i + 1), &jobs[i])
                    .with_context(|| format!("job {}", i + 1))?
                    .is_some()
            }
            None => true,
        };
        if answered[i].is_none() || !certified {
            pending.push(i);
        }
    }
    let workers = request.workers;
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
    // With the symmetry key the jobs are searched as vertex sets of the host, so that the
    // host's symmetry keys their components as it would in one search of the whole graph.
    // (A job certified is searched as a graph of its own: its proof asks the memo about
    // its own vertex sets.)
    let positions = if manifest.key == SplitKey::Symmetry && certificates.is_none() {
        let host = super::split::graph(&manifest.graph)?;
        let split = resplit(&host, jobs_path, manifest, jobs)?;
        Some((host.graph, split.job_sets().collect::<Vec<VertexSet>>()))
    } else {
        None
    };
    let progress = watch.progress;
    progress.start(pending.len());
    let sink = Mutex::new(results);
    let next = AtomicUsize::new(0);
    let stop = watch.stop.clone().unwrap_or_default();
    let failure: Mutex<Option<anyhow::Error>> = Mutex::new(None);
    let done = AtomicUsize::new(0);
    let search = request.search;
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let name = certificates.is_none().then_some(manifest.graph.as_str());
                let mut solver = search.solver_for(manifest.game, name);
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
                    let value = match (&positions, &certificates) {
                        (Some((host, sets)), _) => Ok(solver.nimber_of_subset(host, &sets[job])),
                        (None, None) => {
                            files::parse_job(&jobs[job]).map(|graph| solver.nimber(&graph))
                        }
                        (None, Some(dir)) => {
                            certify(dir, job + 1, &jobs[job], &mut solver, &stop).map(Ok)
                        }
                    };
                    let written = match value {
                        Err(_) if stop.load(Ordering::Relaxed) => return,
                        Err(e) => Err(e),
                        Ok(Err(SearchError::Stopped)) => return,
                        Ok(Err(e)) => Err(anyhow!("job {}: {e}", job + 1)),
                        Ok(Ok(value)) => match answered[job] {
                            None => write_answer(&sink, results_path, job + 1, value),
                            Some(earlier) if earlier == value => Ok(()),
                            Some(earlier) => Err(anyhow!(
                                "job {}: {} says {earlier}, its search and certificate {value}",
                                job + 1,
                                results_path.display()
                            )),
                        },
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
                    progress.answered();
                    if workers.throttle_ms > 0 {
                        std::thread::sleep(Duration::from_millis(workers.throttle_ms));
                    }
                }
            });
        }
    });
    progress.finish();
    if let Some(e) = failure.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(e);
    }
    if stop.load(Ordering::Relaxed) {
        return Err(SearchError::Stopped.into());
    }
    Ok(Ran {
        in_shard: in_shard.len(),
        earlier: in_shard.len() - pending.len(),
        now: done.into_inner(),
    })
}

/// Searches the job `job` (its id, from 1) whose graph6 line is `line`, writes the
/// certificate of its value into `dir` and returns the value. The run's `stop` flag also
/// stops the proof (which saves its state first, to go on from there next time).
fn certify(
    dir: &CertificateDir,
    job: usize,
    line: &str,
    solver: &mut kayles_core::game::GameSolver,
    stop: &Arc<AtomicBool>,
) -> Result<u32> {
    let graph = files::parse_job(line)?;
    let file = dir.start(&certificate_name(job))?;
    let value = solver
        .nimber(&graph)
        .map_err(|e| anyhow!("job {job}: {e}"))?;
    let saves = ProofSaves {
        stop: Some(Arc::clone(stop)),
        ..ProofSaves::default()
    };
    let (summary, _) = file
        .write(&graph, line, solver, &saves, None)
        .with_context(|| format!("job {job}"))?;
    ensure!(
        summary.nimber == value,
        "job {job}: the certificate proves {} where the search found {value}",
        summary.nimber
    );
    Ok(value)
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
