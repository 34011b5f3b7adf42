//! `nimber`, `histogram`, `subsets`, `sequence` and `families`: Node Kayles and Arc Kayles
//! on one graph or on a family, through `kayles-core` (and `kayles-modules` for graphs
//! with modules, as `kayles nimber` does).

use crate::input::{self, choice, count, count_or, library_error, value_error, GraphIn};
use crate::interrupt;
use kayles_core::engine::Method as SearchMethod;
use kayles_core::table::SubsetTable;
use kayles_core::{families, GameKind, Graph};
use kayles_solve::config::SearchOptions;
use kayles_solve::graphs::Limit;
use kayles_solve::memo_file::SAVE_SECONDS;
use kayles_solve::route::{self, Engine, Kept, Nimbers, Request};
use kayles_solve::scale_out::checkpoint;
use kayles_solve::scale_out::run::Watch;
use kayles_solve::sequence::{Method, Sequence, TermsRequest};
use kayles_solve::Spelling;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use std::path::PathBuf;
use std::sync::Arc;

/// `"node"` or `"arc"`.
pub fn game(name: &str) -> PyResult<GameKind> {
    name.parse().map_err(PyValueError::new_err)
}

/// The default search options with the search method named `name` (`"outcome"` or
/// `"mex"`).
pub fn search_method(name: &str) -> PyResult<SearchOptions> {
    Ok(SearchOptions::default().with_method(choice::<SearchMethod>("method", name)?))
}

/// The full subset table of `game`, computed off the GIL and stopped by Ctrl-C.
fn table(py: Python<'_>, graph: Graph, game: GameKind) -> PyResult<SubsetTable> {
    interrupt::run(py, move |stop| {
        SubsetTable::compute_stoppable(&graph, game, |_, _| {}, &stop)
    })?
    .map_err(value_error)
}

/// The nimber (Sprague-Grundy value) of a graph.
///
/// `g` is a networkx graph, a graph6 `str` or `bytes`, a family spec such as
/// `"grid:3x4"` (see `families()`), or `(n, edges)` with vertices `0..n-1`. `game` is
/// `"node"` (Node Kayles: a move deletes a vertex and its neighbours) or `"arc"` (Arc
/// Kayles: a move deletes the two ends of an edge). Node Kayles goes through the modular
/// decomposition when the graph has a non-trivial module and to the search otherwise
/// (family specs with the family's symmetries), as `kayles nimber` does.
///
/// `method` is how a searched component's nimber is found: `"outcome"` (the default: the
/// least `k` with `G + *k` a loss, by win/loss search with cutoffs) or `"mex"` (the mex of
/// every option's value), as `kayles nimber --method`.
///
/// With `checkpoint=DIR` the search is split into jobs kept in the directory `DIR` (at
/// least `checkpoint_jobs` of them), answered on every core and joined, as `kayles nimber
/// --checkpoint DIR` does: a call that was interrupted (Ctrl-C, a killed interpreter)
/// resumes from the jobs it finished when it is made again.
///
/// With `certificate=FILE` the graph is searched (not through the modular decomposition)
/// and a certificate of its nimber is written to `FILE`, as `kayles nimber --certificate
/// FILE` does: the independent checker verifies it with `kayles-check GRAPH FILE`, where
/// GRAPH is the family spec given, else the graph's graph6 string (docs/certificates.md).
///
/// With `memo_file=FILE` a searched graph keeps its memo in `FILE`, as `kayles nimber
/// --memo-file FILE` does: loaded first when the file exists (it must be the memo of this
/// graph, game and memo key), saved every `memo_save_seconds` while the search runs and at
/// the end, so that an interrupted call resumes from its last save (docs/scale-out.md);
/// Ctrl-C saves it before the search stops. Given with `certificate=FILE`, the search and
/// the proof keep their memo in it, and the proof saves its own state in `FILE.part.proof`
/// at the same times: a long certificate resumes its search from the saved memo and its
/// proof from its last save.
///
/// Runs without the GIL; Ctrl-C raises `KeyboardInterrupt`.
///
/// >>> import kayles
/// >>> kayles.nimber("grid:3x4")
/// 0
/// >>> kayles.nimber((4, [(0, 1), (1, 2), (2, 3)]), game="arc")
/// 2
/// >>> kayles.nimber("queens:6", method="mex")
/// 1
#[pyfunction]
#[pyo3(signature = (
    g,
    game = "node",
    checkpoint = None,
    checkpoint_jobs = None,
    method = "outcome",
    certificate = None,
    memo_file = None,
    memo_save_seconds = None,
),
// The integer arguments are taken as Python objects (a negative one is a ValueError, not
// an OverflowError); the signature shows their defaults.
text_signature = "(g, game='node', checkpoint=None, checkpoint_jobs=64, method='outcome', \
                  certificate=None, memo_file=None, memo_save_seconds=600)")]
#[allow(clippy::too_many_arguments)] // Python's keyword arguments
pub fn nimber(
    py: Python<'_>,
    g: &Bound<'_, PyAny>,
    game: &str,
    checkpoint: Option<PathBuf>,
    checkpoint_jobs: Option<&Bound<'_, PyAny>>,
    method: &str,
    certificate: Option<PathBuf>,
    memo_file: Option<PathBuf>,
    memo_save_seconds: Option<&Bound<'_, PyAny>>,
) -> PyResult<u32> {
    let game = self::game(game)?;
    let checkpoint_jobs = count_or(
        "checkpoint_jobs",
        checkpoint_jobs,
        checkpoint::CHECKPOINT_JOBS,
    )?;
    let memo_save_seconds = count_or(
        "memo_save_seconds",
        memo_save_seconds,
        SAVE_SECONDS as usize,
    )? as u64;
    let search = search_method(method)?;
    if checkpoint.is_some() && (certificate.is_some() || memo_file.is_some()) {
        return Err(PyValueError::new_err(
            "checkpoint= does not combine with certificate= or memo_file=",
        ));
    }
    let memo_save =
        route::memo_save_every(memo_save_seconds, Spelling::Python).map_err(library_error)?;
    let limit = route::graph_limit(
        Engine::Auto,
        checkpoint.is_some() || certificate.is_some() || memo_file.is_some(),
    );
    let named = input::graph_within(g, &limit)?.named();
    interrupt::run(py, move |stop| match (checkpoint, certificate) {
        (Some(dir), _) => {
            let request = checkpoint::Request {
                min_jobs: checkpoint_jobs,
                search,
                ..checkpoint::Request::new(game)
            };
            let watch = Watch {
                progress: &(),
                stop: Some(stop),
            };
            checkpoint::nimber(&named, &dir, &request, &watch).map(|done| done.value)
        }
        (None, certificate) => {
            let mut nimbers = Nimbers::new(Request {
                game,
                search,
                ..Request::default()
            });
            // Ctrl-C stops the search; with a memo file it saves the memo first (on the
            // work's thread, which goes on after `KeyboardInterrupt` until the save is
            // written).
            nimbers.set_stop_flag(Some(Arc::clone(&stop)));
            let kept = Kept {
                certificate: certificate.as_deref(),
                memo_file: memo_file.as_deref(),
                memo_save,
            };
            nimbers
                .nimber_kept(&named, &kept, Some(&stop), &|_| {})
                .map(|answer| answer.value)
        }
    })?
    .map_err(library_error)
}

/// How many of the `2^n` starting subsets of `g` have each nimber: `{nimber: count}`,
/// every nimber from 0 to the largest (a count may be 0), as `kayles histogram` prints.
///
/// The graph may have at most 30 vertices (the table takes `2^n` bytes). Runs without the
/// GIL on all cores; Ctrl-C raises `KeyboardInterrupt`.
///
/// >>> import kayles
/// >>> kayles.histogram("path:3")
/// {0: 2, 1: 5, 2: 1}
/// >>> sum(kayles.histogram("petersen:5,2").values()) == 2 ** 10
/// True
#[pyfunction]
#[pyo3(signature = (g, game = "node"))]
pub fn histogram<'py>(
    py: Python<'py>,
    g: &Bound<'py, PyAny>,
    game: &str,
) -> PyResult<Bound<'py, PyDict>> {
    let game = self::game(game)?;
    let input = input::graph_within(g, &Limit::TABLE)?;
    let hist = table(py, input.graph, game)?.histogram();
    histogram_dict(py, &hist)
}

/// `{k: count}` for every `k` of a histogram vector.
pub fn histogram_dict<'py>(py: Python<'py>, hist: &[u128]) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    for (k, count) in hist.iter().enumerate() {
        dict.set_item(k, *count)?;
    }
    Ok(dict)
}

/// Every starting subset of `g` with its nimber, as `(subset, nimber)` pairs in the
/// order of the subset masks (vertex `i` is bit `i`); `subset` is a tuple of vertices
/// (networkx node labels, else `0..n-1`) in vertex order. With `nimber=k`, only the
/// subsets of nimber `k` (`nimber=0`: the losing starts).
///
/// The table is computed at once (at most 30 vertices, without the GIL, Ctrl-C raises
/// `KeyboardInterrupt`); the pairs are produced as the iterator is read.
///
/// >>> import kayles
/// >>> list(kayles.subsets("path:3", nimber=0))
/// [((), 0), ((0, 2), 0)]
/// >>> len(list(kayles.subsets("cycle:4")))
/// 16
#[pyfunction]
#[pyo3(signature = (g, nimber = None, game = "node"))]
pub fn subsets(
    py: Python<'_>,
    g: &Bound<'_, PyAny>,
    nimber: Option<&Bound<'_, PyAny>>,
    game: &str,
) -> PyResult<Subsets> {
    let game = self::game(game)?;
    // A nimber above any i64 is no table's: it selects nothing.
    let nimber = nimber
        .map(|k| count("nimber", k).map(|k| i64::try_from(k).unwrap_or(i64::MAX)))
        .transpose()?;
    let GraphIn {
        graph,
        labels,
        name,
    } = input::graph_within(g, &Limit::TABLE)?;
    let order = graph.order();
    let table = table(py, graph.clone(), game)?;
    Ok(Subsets {
        input: GraphIn {
            graph,
            labels,
            name,
        },
        table: Arc::new(table),
        only: nimber,
        next: 0,
        end: 1u64 << order,
    })
}

/// The iterator `subsets` returns: `(subset, nimber)` pairs.
#[pyclass(module = "kayles")]
pub struct Subsets {
    input: GraphIn,
    table: Arc<SubsetTable>,
    only: Option<i64>,
    next: u64,
    end: u64,
}

#[pymethods]
impl Subsets {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyTuple>>> {
        while self.next < self.end {
            let mask = self.next;
            self.next += 1;
            let value = self.table.nimber(mask);
            if self.only.is_some_and(|k| k != i64::from(value)) {
                continue;
            }
            let subset = self.input.subset(py, mask)?;
            return Ok(Some(PyTuple::new(
                py,
                [subset.into_any(), value.into_pyobject(py)?.into_any()],
            )?));
        }
        Ok(None)
    }
}

/// The terms `n = start..terms` of a family's nimber sequence, as `{n: nimber}`.
///
/// `family` is a template with `N` for the index (`"grid:3xN"`, `"petersen:N,2"`) or a
/// bare family name (`"queens"` means `"queens:N"`). Leading indices where the family is
/// undefined (`cycle` below 3) are skipped. `method="search"` searches each graph (one
/// solver, its memo shared by all terms, as `kayles seq` does) by the outcome method;
/// `"outcome"` and `"mex"` search by that method; `method="recurrence"` uses the
/// corrected A316629 recurrence (`linked-c4`, `linked-c4-b`, `linked-c4-c` only), fast
/// enough for the whole b-file. `game="arc"` searches Arc Kayles instead.
///
/// With `certificates=DIR` a certificate of each term is written into the directory
/// `DIR` (created if missing; search only), named by the term's family spec with `:` and
/// `,` written `_` (`DIR/grid_3x12.cert`; Arc Kayles: `DIR/arc_grid_3x12.cert`), as
/// `kayles seq --certificates DIR` does; with `resume=True` a term whose certificate is
/// already there is not searched again (its value is read from it).
///
/// Runs without the GIL; Ctrl-C raises `KeyboardInterrupt` (search stops within
/// milliseconds, the recurrence between two terms). The recurrence computes at most 10^7
/// terms (its time grows as their square); a negative `terms` or `start` is a
/// `ValueError`.
///
/// >>> import kayles
/// >>> kayles.sequence("path", 6)
/// {1: 1, 2: 1, 3: 2, 4: 0, 5: 3, 6: 1}
/// >>> list(kayles.sequence("linked-c4", 12, method="recurrence").values())
/// [0, 1, 3, 4, 2, 3, 1, 2, 0, 4, 6, 5]
/// >>> kayles.sequence("grid:3xN", 6, method="mex") == kayles.sequence("grid:3xN", 6)
/// True
#[pyfunction]
#[pyo3(signature = (
    family,
    terms,
    method = "search",
    start = None,
    game = "node",
    certificates = None,
    resume = false,
),
text_signature = "(family, terms, method='search', start=1, game='node', certificates=None, \
                  resume=False)")]
#[allow(clippy::too_many_arguments)]
pub fn sequence<'py>(
    py: Python<'py>,
    family: String,
    terms: &Bound<'py, PyAny>,
    method: &str,
    start: Option<&Bound<'py, PyAny>>,
    game: &str,
    certificates: Option<PathBuf>,
    resume: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let terms = count("terms", terms)?;
    let start = count_or("start", start, kayles_solve::sequence::FIRST_INDEX)?;
    let game = self::game(game)?;
    let method = choice::<Method>("method", method)?;
    if resume && certificates.is_none() {
        return Err(PyValueError::new_err(
            "resume=True continues certificates=DIR: give the directory",
        ));
    }
    let request = TermsRequest {
        family,
        to: terms,
        method,
        game,
        mirror: false,
        search: Default::default(),
        certificates,
        resume,
    };
    let values = interrupt::run(py, move |stop| {
        let mut sequence = Sequence::new(request, Spelling::Python)?;
        sequence.set_stop_flag(Some(Arc::clone(&stop)));
        let first = sequence.first(start)?;
        let mut values = Vec::new();
        sequence.each(first, |term| {
            values.push((term.n, term.value));
            Ok(())
        })?;
        Ok(values)
    })?
    .map_err(library_error)?;
    let dict = PyDict::new(py);
    for (n, value) in values {
        dict.set_item(n, value)?;
    }
    Ok(dict)
}

/// The graph families a spec may name, with how each numbers its vertices:
/// `{syntax: description}`, as `kayles families` lists them.
///
/// >>> import kayles
/// >>> kayles.families()["path:N"]
/// 'path P_N; vertices 0..N-1 along the path'
#[pyfunction]
#[pyo3(name = "families")]
pub fn family_list(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    let dict = PyDict::new(py);
    for f in families::FAMILIES {
        dict.set_item(f.syntax, f.description)?;
    }
    Ok(dict)
}
