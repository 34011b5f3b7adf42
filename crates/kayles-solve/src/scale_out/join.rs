//! Joining the results of a split: every job answered (duplicates agreeing), the tree
//! expanded again and checked against the jobs file, the root's nimber computed back.

use super::files::{self, Manifest, Results};
use super::split::resplit;
use crate::graphs::Named;
use anyhow::Result;
use std::path::{Path, PathBuf};

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
}

/// Joins the results of the split `jobs_path` of `graph`.
pub fn join(graph: &Named, jobs_path: &Path, results_paths: &[PathBuf]) -> Result<Joined> {
    let manifest = files::read_manifest(jobs_path)?;
    let jobs = files::read_jobs(jobs_path, &manifest)?;
    let results = results_paths
        .iter()
        .map(|path| files::read_results(path, &manifest))
        .collect::<Result<Vec<Results>>>()?;
    let values = files::collect_answers(&results, &jobs)?;
    let split = resplit(graph, jobs_path, &manifest, &jobs)?;
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
