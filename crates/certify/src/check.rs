//! What a check is given ([`Context`]: tier, shard, fixtures, engines, progress bar) and what
//! it returns ([`Counts`] or a [`CheckError`]), with the parallel driver [`par_check`].

use crate::engines::Engines;
use crate::fixtures::FixtureError;
use indicatif::ProgressBar;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

pub use crate::fixtures::Tier;

/// Shard `index` of `count`: keeps the instances whose index in a claim's instance list is
/// `index` modulo `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// This shard, `0..count`.
    pub index: usize,
    /// Number of shards.
    pub count: usize,
}

impl Shard {
    /// The whole list (shard 0/1).
    pub fn all() -> Shard {
        Shard { index: 0, count: 1 }
    }

    /// Parses `i/k` with `i < k`.
    pub fn parse(s: &str) -> Option<Shard> {
        let (i, k) = s.split_once('/')?;
        let (index, count) = (i.trim().parse().ok()?, k.trim().parse().ok()?);
        (count > 0 && index < count).then_some(Shard { index, count })
    }

    /// Whether instance `i` belongs to this shard.
    pub fn keeps(&self, i: usize) -> bool {
        i % self.count == self.index
    }

    /// The instances of this shard, in order.
    pub fn select<T>(&self, items: Vec<T>) -> Vec<T> {
        items
            .into_iter()
            .enumerate()
            .filter(|(i, _)| self.keeps(*i))
            .map(|(_, x)| x)
            .collect()
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// What a passing check examined.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counts {
    /// Instances (graphs, weighted positions, boards, terms) checked.
    pub instances: u64,
    /// Positions compared (starting subsets, reduction steps, values) between the claimed
    /// route and direct search.
    pub positions: u64,
}

/// The first disagreement between the claimed route and direct search, in a form a reader
/// can reproduce by hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counterexample {
    /// The instance: a graph6 string, a weighted graph, a board, a term index.
    pub instance: String,
    /// The position inside the instance (a subset as a vertex list, a reduction step), or
    /// empty for the whole instance.
    pub position: String,
    /// What direct search gives.
    pub expected: String,
    /// What the claimed route gives.
    pub got: String,
    /// What was compared.
    pub note: String,
}

impl fmt::Display for Counterexample {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "instance {}", self.instance)?;
        if !self.position.is_empty() {
            write!(f, ", position {}", self.position)?;
        }
        write!(
            f,
            ": {}: expected {} (direct search), got {}",
            self.note, self.expected, self.got
        )
    }
}

/// Why a check did not pass.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckError {
    /// A fixture file is missing or malformed (exit status 2).
    Fixture(FixtureError),
    /// The claim failed on an instance.
    Counterexample(Box<Counterexample>),
    /// An engine refused an instance (too large, ...).
    Engine(String),
    /// [`Context::stop`] was raised before the check was complete.
    Stopped,
}

impl From<FixtureError> for CheckError {
    fn from(e: FixtureError) -> Self {
        CheckError::Fixture(e)
    }
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckError::Fixture(e) => write!(f, "fixture error: {e}"),
            CheckError::Counterexample(c) => write!(f, "counterexample: {c}"),
            CheckError::Engine(e) => write!(f, "engine error: {e}"),
            CheckError::Stopped => write!(f, "stopped before the check was complete"),
        }
    }
}

/// A check's result.
pub type CheckResult = Result<Counts, CheckError>;

/// Builds a counterexample error.
pub fn counterexample(
    instance: impl Into<String>,
    position: impl Into<String>,
    expected: impl fmt::Display,
    got: impl fmt::Display,
    note: impl Into<String>,
) -> CheckError {
    CheckError::Counterexample(Box::new(Counterexample {
        instance: instance.into(),
        position: position.into(),
        expected: expected.to_string(),
        got: got.to_string(),
        note: note.into(),
    }))
}

/// Everything a check needs.
pub struct Context {
    /// The tier.
    pub tier: Tier,
    /// The shard of every instance list.
    pub shard: Shard,
    /// The `fixtures/` directory.
    pub fixtures: PathBuf,
    /// The engines under test.
    pub engines: Engines,
    /// Advanced by one per instance checked.
    pub progress: ProgressBar,
    /// Raised (from another thread or a signal handler) to stop: every check then gives
    /// up with [`CheckError::Stopped`] before its next instance.
    pub stop: Arc<AtomicBool>,
}

impl Context {
    /// The project's engines on the committed fixtures, all instances, no progress bar.
    pub fn new(tier: Tier) -> Self {
        Context {
            tier,
            shard: Shard::all(),
            fixtures: crate::fixtures::default_dir(),
            engines: Engines::default(),
            progress: ProgressBar::hidden(),
            stop: Arc::new(AtomicBool::new(false)),
        }
    }

    /// The same context with other engines.
    pub fn with_engines(mut self, engines: Engines) -> Self {
        self.engines = engines;
        self
    }
}

/// Runs `check` on every item in parallel (rayon) and sums the positions it returns; the
/// error of the first failing item (in list order) wins, so failures are deterministic.
pub fn par_check<T: Sync>(
    ctx: &Context,
    items: &[T],
    check: impl Fn(&T) -> Result<u64, CheckError> + Sync + Send,
) -> CheckResult {
    par_check_with(ctx, items, || (), |_, item| check(item))
}

/// Like [`par_check`], with per-thread state made by `init` (a solver with its memo).
/// Gives up with [`CheckError::Stopped`] once [`Context::stop`] is raised (instances
/// already started run to their end).
pub fn par_check_with<T: Sync, S>(
    ctx: &Context,
    items: &[T],
    init: impl Fn() -> S + Sync + Send,
    check: impl Fn(&mut S, &T) -> Result<u64, CheckError> + Sync + Send,
) -> CheckResult {
    ctx.progress.inc_length(items.len() as u64);
    let results: Vec<Result<u64, CheckError>> = items
        .par_iter()
        .map_init(&init, |state, item| {
            if ctx.stop.load(Ordering::Relaxed) {
                return Err(CheckError::Stopped);
            }
            let r = check(state, item);
            ctx.progress.inc(1);
            r
        })
        .collect();
    let mut counts = Counts::default();
    for r in results {
        counts.positions += r?;
        counts.instances += 1;
    }
    debug_assert_eq!(counts.instances, items.len() as u64);
    Ok(counts)
}

/// A subset mask as a vertex list, `{0, 2, 5}`.
pub fn vertex_list(mask: u64) -> String {
    let vs: Vec<String> = (0..64)
        .filter(|v| mask >> v & 1 == 1)
        .map(|v: u32| v.to_string())
        .collect();
    format!("{{{}}}", vs.join(", "))
}
