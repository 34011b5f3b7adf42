//! The files of a split search (see docs/scale-out.md): the jobs file, its manifest and
//! the results files. Reading, writing, checking, and the repair of a torn last line.
//!
//! - **Jobs file**: one graph6 string per line and nothing else, so every line is an
//!   ordinary graph6 line (`kayles nimber -`, nauty's tools, GNU parallel, a shell loop).
//!   The *job id* is the line number, from 1.
//! - **Manifest** (`JOBS.manifest.json`): what was split and how (graph, game, depth, key,
//!   counts) and a fingerprint of the jobs file, JSON, `"format": "kayles-jobs"`,
//!   `"version": 1`.
//! - **Results file**: `job_id value` lines, appended and flushed one per finished job;
//!   lines starting with `#` are comments (`kayles run` writes a `# kayles results ...
//!   jobs FINGERPRINT` header, which `kayles join` checks). A last line without its newline
//!   was cut off by a kill: `kayles run --resume` removes it and `kayles join` ignores it.

use crate::lines::{self, Lines};
use crate::output_file;
use crate::Spelling;
use anyhow::{anyhow, bail, Context, Result};
use kayles_core::split::{LevelStats, Split, SplitKey, INLINE_ORDER};
use kayles_core::{graph6, GameKind, Graph};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};

/// The manifest's `format` value.
const FORMAT: &str = "kayles-jobs";
/// The manifest's `version` value this program reads and writes.
const VERSION: u64 = 1;
/// The first words of the header line `kayles run` writes into a new results file.
const RESULTS_HEADER: &str = "# kayles results v1 jobs";

/// FNV-1a, 64 bits, as 16 hex digits: the fingerprint of a jobs file or a graph.
pub fn fingerprint(bytes: &[u8]) -> String {
    let mut hash = Fnv::default();
    hash.add(bytes);
    hash.hex()
}

/// FNV-1a, 64 bits, taken over bytes given in pieces ([`fingerprint`] of them all).
struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    fn add(&mut self, bytes: &[u8]) {
        self.0 = bytes.iter().fold(self.0, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
        });
    }

    fn hex(&self) -> String {
        format!("{:016x}", self.0)
    }
}

/// The manifest beside a jobs file: `JOBS.manifest.json`.
pub fn manifest_path(jobs: &Path) -> PathBuf {
    let mut name = jobs.as_os_str().to_owned();
    name.push(".manifest.json");
    PathBuf::from(name)
}

/// The manifest of a jobs file: what was split and how, and fingerprints of the graph
/// and of the jobs file. Written as JSON with its keys in alphabetical order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Manifest {
    /// `kayles-jobs`.
    pub format: String,
    /// The manifest version this program reads and writes (1).
    pub version: u64,
    /// The GRAPH argument that was split.
    pub graph: String,
    /// Vertices of the graph.
    pub order: usize,
    /// Edges of the graph.
    pub size: usize,
    /// Fingerprint of the graph's graph6 string.
    pub graph_fingerprint: String,
    /// The game.
    pub game: GameKind,
    /// The depth the tree was expanded to.
    pub depth: usize,
    /// What merged components.
    pub key: SplitKey,
    /// Components of at most this order were expanded inside the tree.
    pub inline_order: usize,
    /// Number of jobs (lines of the jobs file).
    pub jobs: usize,
    /// How jobs are numbered.
    pub job_ids: String,
    /// Fingerprint of the jobs file.
    pub jobs_fingerprint: String,
    /// Vertices of the first (largest) job, 0 without jobs.
    pub largest_job: usize,
    /// Vertices of the last (smallest) job, 0 without jobs.
    pub smallest_job: usize,
    /// Distinct components in the tree.
    pub components: usize,
    /// Counts per level of the expansion.
    pub levels: Vec<LevelStats>,
    /// Seconds the split took (to the millisecond).
    pub split_seconds: f64,
    /// The version of kayles that split.
    pub kayles_version: String,
}

impl Manifest {
    /// The manifest as a JSON value (keys in alphabetical order, as in the file).
    pub fn json(&self) -> Value {
        serde_json::to_value(self).expect("a manifest is plain data")
    }
}

/// Refuses to write the jobs file `path` over an earlier split (its jobs file or its
/// manifest is there) unless `force`: results of that split would no longer match it.
/// Also refuses, before a split is made, what [`output_file`] would refuse.
pub fn check_split_output(path: &Path, force: bool, spelling: Spelling) -> Result<()> {
    let manifest = manifest_path(path);
    output_file::check(path)?;
    output_file::check(&manifest)?;
    if !force {
        for file in [path, &manifest] {
            if std::fs::metadata(file).is_ok() {
                bail!(
                    "{} already exists (an earlier split, whose results would no longer \
                     match): give {} to replace it",
                    file.display(),
                    spelling.name("force")
                );
            }
        }
    }
    Ok(())
}

/// Writes the jobs file and then its manifest, each whole or not at all
/// ([`output_file`]); returns the manifest.
pub fn write_split(
    path: &Path,
    graph_arg: &str,
    graph: &Graph,
    split: &Split,
    seconds: f64,
) -> Result<Manifest> {
    let mut text = String::new();
    for job in split.jobs() {
        text.push_str(&graph6::write(&job));
        text.push('\n');
    }
    output_file::write(path, text.as_bytes())?;
    let orders = split.job_orders();
    let manifest = Manifest {
        format: FORMAT.to_string(),
        version: VERSION,
        graph: graph_arg.to_string(),
        order: graph.order(),
        size: graph.size(),
        graph_fingerprint: fingerprint(graph6::write(graph).as_bytes()),
        game: split.game(),
        depth: split.depth(),
        key: split.key(),
        inline_order: split.inline_order(),
        jobs: split.job_count(),
        job_ids: "line numbers of the jobs file, from 1".to_string(),
        jobs_fingerprint: fingerprint(text.as_bytes()),
        largest_job: orders.first().copied().unwrap_or(0),
        smallest_job: orders.last().copied().unwrap_or(0),
        components: split.component_count(),
        levels: split.levels().to_vec(),
        split_seconds: (seconds * 1000.0).round() / 1000.0,
        kayles_version: env!("CARGO_PKG_VERSION").to_string(),
    };
    let mut body = serde_json::to_string_pretty(&manifest.json())?;
    body.push('\n');
    output_file::write(&manifest_path(path), body.as_bytes())?;
    Ok(manifest)
}

/// Reads and checks the manifest of the jobs file `jobs`.
pub fn read_manifest(jobs: &Path) -> Result<Manifest> {
    let path = manifest_path(jobs);
    let text =
        lines::read_text(&path, lines::MAX_TEXT_FILE, "a jobs manifest").with_context(|| {
            format!(
                "reading {} (the manifest `kayles split` writes beside the jobs file)",
                path.display()
            )
        })?;
    let value: Value = serde_json::from_str(&text)
        .map_err(|e| anyhow!("{}: not valid JSON: {e}", path.display()))?;
    if value["format"].as_str() != Some(FORMAT) {
        bail!("{}: not a kayles jobs manifest", path.display());
    }
    match value["version"].as_u64() {
        Some(VERSION) => {}
        Some(version) => bail!(
            "{}: manifest version {version}; this kayles reads version {VERSION}",
            path.display()
        ),
        None => bail!("{}: missing or bad field 'version'", path.display()),
    }
    let manifest: Manifest =
        serde_json::from_value(value).map_err(|e| anyhow!("{}: {e}", path.display()))?;
    if manifest.inline_order != INLINE_ORDER {
        bail!(
            "{}: split with inline order {}; this kayles splits with {INLINE_ORDER} \
             (split again with this version)",
            path.display(),
            manifest.inline_order
        );
    }
    Ok(manifest)
}

/// The job lines of a jobs file (each checked to be graph6), checked against its
/// manifest. Kept as text: a worker parses its job when it takes it
/// ([`parse_job`]).
pub fn read_jobs(path: &Path, manifest: &Manifest) -> Result<Vec<String>> {
    // Line by line (each bounded), the fingerprint taken on the way, and no more lines
    // than the manifest's jobs kept.
    let mut lines = lines::file_lines(path)?;
    let mut hash = Fnv::default();
    let mut jobs = Vec::new();
    let mut extra = false;
    while let Some(line) = lines.next_line()? {
        hash.add(line.raw);
        if jobs.len() == manifest.jobs {
            extra = true;
            break;
        }
        jobs.push(line.text.to_string());
    }
    if extra || hash.hex() != manifest.jobs_fingerprint {
        bail!(
            "{} has changed since it was split (its fingerprint is not the manifest's)",
            path.display()
        );
    }
    if jobs.len() != manifest.jobs {
        bail!(
            "{} has {} lines; its manifest says {} jobs",
            path.display(),
            jobs.len(),
            manifest.jobs
        );
    }
    for (i, line) in jobs.iter().enumerate() {
        parse_job(line).with_context(|| format!("{} line {}", path.display(), i + 1))?;
    }
    Ok(jobs)
}

/// The graph of one job line.
pub fn parse_job(line: &str) -> Result<Graph> {
    Ok(graph6::parse(line)?)
}

/// One answer read from a results file.
#[derive(Debug, Clone)]
pub struct Answer {
    /// The job id (a line number of the jobs file, from 1).
    pub job: usize,
    /// Its value.
    pub value: u32,
    /// Where it was read: `FILE line N`.
    pub place: String,
}

/// A results file as read.
#[derive(Debug, Default)]
pub struct Results {
    /// The answers, in file order.
    pub answers: Vec<Answer>,
    /// The jobs fingerprint in the header, if the file has one.
    pub header: Option<String>,
    /// Bytes of the complete lines (a torn last line starts here).
    pub complete_len: usize,
    /// The torn last line, if any.
    pub torn: Option<String>,
}

/// Parses a results file: complete `job_id value` lines (ids checked against `jobs`),
/// comments, and a torn last line set aside. An error names the file and the line.
pub fn parse_results(path: &Path, text: &str, jobs: usize) -> Result<Results> {
    let complete_len = text.rfind('\n').map_or(0, |i| i + 1);
    let mut results = Results {
        complete_len,
        torn: (complete_len < text.len()).then(|| text[complete_len..].to_string()),
        ..Results::default()
    };
    for (i, line) in text[..complete_len].lines().enumerate() {
        let place = format!("{} line {}", path.display(), i + 1);
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        if let Some(rest) = line.strip_prefix(RESULTS_HEADER) {
            results.header = Some(rest.trim().to_string());
            continue;
        }
        if line.starts_with('#') {
            continue;
        }
        let mut parts = line.split_whitespace();
        let (job, value) = match (parts.next(), parts.next(), parts.next()) {
            (Some(job), Some(value), None) => (job.parse::<usize>(), value.parse::<u32>()),
            _ => bail!("{place}: expected \"job_id value\", found '{line}'"),
        };
        let (Ok(job), Ok(value)) = (job, value) else {
            bail!("{place}: expected \"job_id value\" (two non-negative integers), found '{line}'");
        };
        if job == 0 || job > jobs {
            bail!("{place}: there is no job {job} (job ids are the jobs file's line numbers, 1 to {jobs})");
        }
        results.answers.push(Answer { job, value, place });
    }
    Ok(results)
}

/// Reads a results file (see [`parse_results`]) and checks its header against the jobs.
pub fn read_results(path: &Path, manifest: &Manifest) -> Result<Results> {
    let text = results_text(path, BufReader::new(lines::open(path)?))?;
    parse_results_for(path, &text, manifest)
}

/// [`parse_results`] for the jobs of `manifest`, every header line checked first: results
/// of another jobs file are refused by their fingerprint, whatever their job ids.
pub fn parse_results_for(path: &Path, text: &str, manifest: &Manifest) -> Result<Results> {
    let complete = &text[..text.rfind('\n').map_or(0, |i| i + 1)];
    for line in complete.lines() {
        if let Some(rest) = line.trim().strip_prefix(RESULTS_HEADER) {
            check_header(path, rest.trim(), manifest)?;
        }
    }
    parse_results(path, text, manifest.jobs)
}

fn check_header(path: &Path, header: &str, manifest: &Manifest) -> Result<()> {
    if header != manifest.jobs_fingerprint {
        bail!(
            "{} holds results of another jobs file (fingerprint {header}, not {})",
            path.display(),
            manifest.jobs_fingerprint
        );
    }
    Ok(())
}

/// The longest line of a results file: `job_id value` lines, the header and comments.
const MAX_RESULTS_LINE: usize = 64 << 10;

/// The text of a results file read line by line, each line bounded (so that a stream of
/// zeros is refused at once, not read into memory).
fn results_text(path: &Path, reader: impl BufRead) -> Result<String> {
    let mut lines = Lines::with_max(reader, path.display().to_string(), MAX_RESULTS_LINE);
    let mut text = String::new();
    while let Some(line) = lines.next_line()? {
        // UTF-8 already checked (a `\r` kept, as in the file).
        text.push_str(std::str::from_utf8(line.raw).expect("checked by Lines"));
    }
    Ok(text)
}

/// Opens a results file for appending. A new (or empty) file gets the header line. An
/// existing one is refused unless `resume`, which reads its answers and cuts a torn last
/// line off; the answers already there are returned.
pub fn open_results(path: &Path, manifest: &Manifest, resume: bool) -> Result<(File, Results)> {
    let mut file = output_file::open_append(path)?;
    let text = results_text(path, BufReader::new(&file))?;
    if text.is_empty() {
        writeln!(file, "{RESULTS_HEADER} {}", manifest.jobs_fingerprint)
            .with_context(|| format!("writing {}", path.display()))?;
        return Ok((file, Results::default()));
    }
    if !resume {
        bail!(
            "{} already holds results; pass --resume to continue it",
            path.display()
        );
    }
    let results = parse_results_for(path, &text, manifest)?;
    if results.torn.is_some() {
        file.set_len(results.complete_len as u64)
            .with_context(|| format!("cutting the torn last line of {}", path.display()))?;
    }
    Ok((file, results))
}

/// Collects the answers of several results files into one value per job, checking that
/// duplicates agree and that no job is missing. `jobs` names a missing job.
pub fn collect_answers(results: &[Results], jobs: &[String]) -> Result<Vec<u32>> {
    let mut value: Vec<Option<&Answer>> = vec![None; jobs.len()];
    for answer in results.iter().flat_map(|r| &r.answers) {
        let slot = &mut value[answer.job - 1];
        match slot {
            Some(earlier) if earlier.value != answer.value => bail!(
                "job {} has two different answers: {} ({}) and {} ({})",
                answer.job,
                earlier.value,
                earlier.place,
                answer.value,
                answer.place
            ),
            Some(_) => {}
            None => *slot = Some(answer),
        }
    }
    let missing: Vec<usize> = (0..jobs.len()).filter(|&i| value[i].is_none()).collect();
    if let Some(&first) = missing.first() {
        let torn = if results.iter().any(|r| r.torn.is_some()) {
            " (an unfinished last line was ignored)"
        } else {
            ""
        };
        bail!(
            "job {} ({}, {} vertices) has no answer{}{torn}",
            first + 1,
            jobs[first],
            parse_job(&jobs[first])?.order(),
            match missing.len() {
                1 => String::new(),
                n => format!("; {} jobs are missing in all", n),
            }
        );
    }
    Ok(value
        .into_iter()
        .map(|a| a.map_or(0, |a| a.value))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_answers_comments_and_a_torn_line() {
        let text = "# kayles results v1 jobs 00ff\n3 1\n\n# note\n1 0\n2 1";
        let r = parse_results(Path::new("r"), text, 3).unwrap();
        assert_eq!(r.header.as_deref(), Some("00ff"));
        assert_eq!(r.answers.len(), 2);
        assert_eq!(r.torn.as_deref(), Some("2 1"));
        assert_eq!(&text[r.complete_len..], "2 1");
        for bad in ["4 1\n", "0 1\n", "1\n", "1 2 3\n", "x 1\n", "1 -1\n"] {
            assert!(parse_results(Path::new("r"), bad, 3).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn fingerprints_differ() {
        assert_ne!(fingerprint(b"Bw\n"), fingerprint(b"Bg\n"));
        assert_eq!(fingerprint(b"").len(), 16);
    }
}
