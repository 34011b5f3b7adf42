//! Joining the results of a split: every job answered (duplicates agreeing), the tree
//! expanded again and checked against the jobs file, the root's nimber computed back.
//! Without certificates, a join trusts the values in the results files (a job's value
//! is a claim by whatever ran it); with a certificates directory ([`join_verified`]),
//! each job's value is first checked against its certificate by the independent checker
//! (`kayles_check`).

use super::files::{self, Manifest, Results};
use super::run::certificate_name;
use super::split::resplit;
use crate::certificates::file_name;
use crate::graphs::Named;
use anyhow::{anyhow, Result};
use kayles_core::GameKind;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

/// What a join found.
#[derive(Debug, Clone)]
pub struct Joined {
    /// The root's nimber.
    pub value: u32,
    /// The jobs file's manifest.
    pub manifest: Manifest,
    /// Answers read (duplicates included).
    pub answers: usize,
    /// Results files whose torn last line was ignored.
    pub torn: Vec<String>,
    /// Jobs whose value was checked against its certificate (0 without certificates:
    /// then all `manifest.jobs` values were taken on trust).
    pub verified: usize,
}

/// Joins the results of the split `jobs_path` of `graph`, trusting their values.
pub fn join(graph: &Named, jobs_path: &Path, results_paths: &[PathBuf]) -> Result<Joined> {
    join_verified(graph, jobs_path, results_paths, None)
}

/// Joins the results of the split `jobs_path` of `graph`; with `certificates`, only after
/// every job's value in the results has been checked against the job's certificate in
/// that directory ([`verify`]).
pub fn join_verified(
    graph: &Named,
    jobs_path: &Path,
    results_paths: &[PathBuf],
    certificates: Option<&Path>,
) -> Result<Joined> {
    let manifest = files::read_manifest(jobs_path)?;
    let jobs = files::read_jobs(jobs_path, &manifest)?;
    let results = results_paths
        .iter()
        .map(|path| files::read_results(path, &manifest))
        .collect::<Result<Vec<Results>>>()?;
    let values = files::collect_answers(&results, &jobs)?;
    let split = resplit(graph, jobs_path, &manifest, &jobs)?;
    let verified = match certificates {
        Some(dir) => verify(dir, manifest.game, &jobs, &values)?,
        None => 0,
    };
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
        verified,
    })
}

/// The path of the certificate of job `job` (its id, from 1) of a split of `game` in the
/// directory `dir` (as `kayles run --certificates DIR` writes it: `job_17.cert`, or
/// `arc_job_17.cert`).
pub fn certificate_path(dir: &Path, game: GameKind, job: usize) -> PathBuf {
    dir.join(file_name(&certificate_name(job), game))
}

/// Checks the value of every job (`values[i]` for the job on line `i + 1` of the jobs
/// file, graph6 `jobs[i]`) against its certificate in `dir` with the independent checker
/// (`kayles_check::check`, given the job's graph6 line): the certificate must be there,
/// be accepted, be of `game`, and prove the value the results give. Returns the number of
/// jobs checked; the error names the job (the lowest failing id) and says what failed.
/// Certificates are checked on every core.
pub fn verify(dir: &Path, game: GameKind, jobs: &[String], values: &[u32]) -> Result<usize> {
    assert_eq!(jobs.len(), values.len(), "one value per job");
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(jobs.len().max(1));
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let failures: Mutex<Vec<(usize, String)>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= jobs.len() || failed.load(Ordering::Relaxed) {
                    return;
                }
                if let Err(why) = verify_job(dir, game, i + 1, &jobs[i], values[i]) {
                    failed.store(true, Ordering::Relaxed);
                    failures
                        .lock()
                        .unwrap_or_else(|p| p.into_inner())
                        .push((i + 1, why));
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap_or_else(|p| p.into_inner());
    match failures.into_iter().min() {
        Some((_, why)) => Err(anyhow!(why)),
        None => Ok(jobs.len()),
    }
}

/// Checks one job's value against its certificate; the error is the whole message.
fn verify_job(
    dir: &Path,
    game: GameKind,
    job: usize,
    line: &str,
    value: u32,
) -> Result<(), String> {
    let path = certificate_path(dir, game, job);
    let cannot = |e: std::io::Error| {
        if e.kind() == std::io::ErrorKind::NotFound {
            format!(
                "job {job} has no certificate: {} is missing (write them with kayles run \
                 --certificates DIR)",
                path.display()
            )
        } else {
            format!("job {job}: cannot read {}: {e}", path.display())
        }
    };
    // Not opened unless a regular file (a FIFO would block the open, a device never end).
    if !std::fs::metadata(&path).map_err(cannot)?.is_file() {
        return Err(format!(
            "job {job}: {} is not a regular file, so not a certificate",
            path.display()
        ));
    }
    let file = std::fs::File::open(&path).map_err(cannot)?;
    let verified = kayles_check::check(line, std::io::BufReader::new(file)).map_err(|failure| {
        let why = match failure {
            kayles_check::Failure::BadInput(e) | kayles_check::Failure::Rejected(e) => e,
        };
        format!(
            "job {job}: its certificate {} is rejected: {why}",
            path.display()
        )
    })?;
    let certified = match verified.game {
        kayles_check::Game::Node => GameKind::Node,
        kayles_check::Game::Arc => GameKind::Arc,
    };
    if certified != game {
        return Err(format!(
            "job {job}: {} certifies {}, but the split is of {}",
            path.display(),
            certified.title(),
            game.title()
        ));
    }
    if verified.nimber != value {
        return Err(format!(
            "job {job}: the results give the value {value}, but its certificate {} proves {}",
            path.display(),
            verified.nimber
        ));
    }
    Ok(())
}
