//! `split`, `run` and `join`: one search split into jobs, the jobs answered, the answers
//! joined, through the same calls as `kayles split`, `kayles run` and `kayles join`
//! (`kayles_solve::scale_out`), with the same files (docs/scale-out.md).

use crate::graphs;
use crate::input::{self, choice, library_error};
use crate::interrupt;
use kayles_core::split::tree::Until;
use kayles_solve::scale_out::run::{Order, Shard, Workers};
use kayles_solve::scale_out::split::KeyChoice;
use kayles_solve::scale_out::{join as joining, run as running, split as splitting};
use kayles_solve::Spelling;
use pyo3::exceptions::{PyTypeError, PyUserWarning, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use std::ffi::CString;
use std::path::PathBuf;

/// A JSON value as the Python object `json.loads` would give.
fn python_json<'py>(py: Python<'py>, value: &serde_json::Value) -> PyResult<Bound<'py, PyAny>> {
    let json = py.import("json")?;
    json.call_method1("loads", (value.to_string(),))
}

/// Splits the game tree of `g` into jobs and writes them to the jobs file `out` (one
/// graph6 line per job, largest first; the job id is the line number) with its manifest
/// beside it (`out` + `.manifest.json`), as `kayles split` does. Give `depth` (moves from
/// the root) or `jobs` (the least depth with at least that many jobs). `key` is `"auto"`
/// (the family's host symmetry where `g` is a family spec that has one, else canonical
/// codes), `"symmetry"` or `"canonical"`. An earlier split's files at `out` are refused
/// (ValueError) unless `force=True`. Returns the manifest as a dict.
///
/// Answer the jobs with `run` (or `kayles run`, GNU parallel, a Slurm array: see
/// docs/scale-out.md) and put the nimber back together with `join`.
///
/// >>> import kayles, os, tempfile
/// >>> out = os.path.join(tempfile.mkdtemp(), "jobs.g6")
/// >>> manifest = kayles.split("grid:3x12", out, depth=1)
/// >>> manifest["jobs"] == len(open(out).read().splitlines())
/// True
#[pyfunction]
#[pyo3(signature = (g, out, depth = None, jobs = None, game = "node", key = "auto", force = false))]
#[allow(clippy::too_many_arguments)] // Python's keyword arguments
pub fn split<'py>(
    py: Python<'py>,
    g: &Bound<'py, PyAny>,
    out: PathBuf,
    depth: Option<&Bound<'py, PyAny>>,
    jobs: Option<&Bound<'py, PyAny>>,
    game: &str,
    key: &str,
    force: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let depth = depth.map(|d| input::count("depth", d)).transpose()?;
    let jobs = jobs.map(|j| input::count("jobs", j)).transpose()?;
    let until = match (depth, jobs) {
        (Some(depth), None) => Until::Depth(depth),
        (None, Some(jobs)) => Until::Jobs(jobs),
        _ => return Err(PyValueError::new_err("give exactly one of depth= or jobs=")),
    };
    let request = splitting::Request {
        game: graphs::game(game)?,
        key: choice::<KeyChoice>("key", key)?,
        until,
        force,
    };
    let named = input::graph_within(g, &kayles_solve::graphs::Limit::SEARCH)?.named();
    let written = interrupt::run(py, move |_| {
        splitting::split(&named, &request, &out, Spelling::Python)
    })?
    .map_err(library_error)?;
    python_json(py, &written.manifest.json())
}

/// A shard: `"I/K"` or `(I, K)`.
fn shard(value: &Bound<'_, PyAny>) -> PyResult<Shard> {
    let text = if value.is_instance_of::<PyString>() {
        value.extract::<String>()?
    } else {
        let [i, k] = input::edge_ends(value, "")
            .map_err(|_| PyTypeError::new_err("shard is \"I/K\" or a pair (I, K)"))?;
        format!(
            "{}/{}",
            input::count("shard", &i)?,
            input::count("shard", &k)?
        )
    };
    Shard::parse(&text).map_err(PyValueError::new_err)
}

/// Answers the jobs of the jobs file `jobs` (written by `split` or `kayles split`),
/// appending one `job_id value` line per finished job to the results file `out`, as
/// `kayles run` does. `shard="I/K"` (or `(I, K)`) answers only the jobs whose index
/// (job id - 1) is I modulo K; `resume=True` continues an existing results file (skipping
/// the jobs answered there; without it an existing file is refused); `workers` jobs are
/// answered at once (0: one per core), taken in `order` (`"auto"`, `"smallest"`,
/// `"largest"`), each searched by `method` (`"outcome"`, the default, or `"mex"`, as
/// `kayles run --method`). With `certificates=DIR`, a certificate of each job's value is
/// written to DIR too (`job_ID.cert`, as `kayles run --certificates`), for
/// `join(..., verify=DIR)`; with `resume=True` a job counts as done when its line and its
/// certificate are both there. Returns `{"jobs_in_shard": ..., "answered_earlier": ...,
/// "answered_now": ...}`.
///
/// Runs without the GIL; Ctrl-C raises `KeyboardInterrupt` within milliseconds, and the
/// jobs finished until then are in `out` (`resume=True` continues from there).
///
/// >>> import kayles, os, tempfile
/// >>> d = tempfile.mkdtemp()
/// >>> jobs = os.path.join(d, "jobs.g6")
/// >>> kayles.split("grid:3x12", jobs, depth=1)["jobs"]
/// 14
/// >>> kayles.run(jobs, os.path.join(d, "r0.txt"), shard="0/2")
/// {'jobs_in_shard': 7, 'answered_earlier': 0, 'answered_now': 7}
#[pyfunction]
#[pyo3(
    text_signature = "(jobs, out, shard=None, resume=False, workers=1, order='auto', \
                         method='outcome', certificates=None)"
)]
#[pyo3(signature = (jobs, out, shard = None, resume = false, workers = None, order = "auto", method = "outcome", certificates = None))]
#[allow(clippy::too_many_arguments)]
pub fn run<'py>(
    py: Python<'py>,
    jobs: PathBuf,
    out: PathBuf,
    shard: Option<&Bound<'py, PyAny>>,
    resume: bool,
    workers: Option<&Bound<'py, PyAny>>,
    order: &str,
    method: &str,
    certificates: Option<PathBuf>,
) -> PyResult<Bound<'py, PyDict>> {
    let workers = input::count_or("workers", workers, Workers::default().workers)?;
    let request = running::Request {
        shard: shard.map(self::shard).transpose()?,
        resume,
        workers: Workers {
            workers,
            order: choice::<Order>("order", order)?,
            throttle_ms: 0,
        },
        search: graphs::search_method(method)?,
        certificates,
    };
    let ran = interrupt::run(py, move |stop| {
        let watch = running::Watch {
            progress: &(),
            stop: Some(stop),
        };
        running::run(&jobs, &out, &request, &watch, Spelling::Python)
    })?
    .map_err(library_error)?;
    let dict = PyDict::new(py);
    dict.set_item("jobs_in_shard", ran.in_shard)?;
    dict.set_item("answered_earlier", ran.earlier)?;
    dict.set_item("answered_now", ran.now)?;
    Ok(dict)
}

/// The nimber of `g` from the results of its split: checks that every job of the jobs
/// file `jobs` is answered in the results files `results` (a path or a list of paths,
/// duplicates agreeing), splits `g` again to check the jobs file, and computes the root's
/// nimber, as `kayles join` does. A torn last line of a results file (an interrupted
/// write) is ignored with a `UserWarning`.
///
/// The values in the results are taken on trust unless `verify=DIR` is given: then every
/// job's value is first checked against its certificate in DIR (written by
/// `run(..., certificates=DIR)` or `kayles run --certificates DIR`) by the independent
/// checker, and a missing or rejected certificate, one of the other game, or a value it
/// does not prove raises `ValueError` naming the job (docs/scale-out.md).
///
/// >>> import kayles, os, tempfile
/// >>> d = tempfile.mkdtemp()
/// >>> jobs, results = os.path.join(d, "jobs.g6"), os.path.join(d, "results.txt")
/// >>> _ = kayles.split("grid:3x12", jobs, depth=1)
/// >>> _ = kayles.run(jobs, results)
/// >>> kayles.join("grid:3x12", jobs, results) == kayles.nimber("grid:3x12")
/// True
#[pyfunction]
#[pyo3(signature = (g, jobs, results, verify = None))]
pub fn join(
    py: Python<'_>,
    g: &Bound<'_, PyAny>,
    jobs: PathBuf,
    results: &Bound<'_, PyAny>,
    verify: Option<PathBuf>,
) -> PyResult<u32> {
    let results: Vec<PathBuf> = match results.extract::<PathBuf>() {
        Ok(path) => vec![path],
        Err(_) => results.extract()?,
    };
    let named = input::graph(g)?.named();
    let joined = interrupt::run(py, move |_| {
        joining::join_verified(&named, &jobs, &results, verify.as_deref())
    })?
    .map_err(library_error)?;
    for path in &joined.torn {
        let message = format!("{path}: ignored an unfinished last line (an interrupted write)");
        let message = CString::new(message).expect("no NUL in a path's display");
        PyErr::warn(py, &py.get_type::<PyUserWarning>(), &message, 1)?;
    }
    Ok(joined.value)
}
