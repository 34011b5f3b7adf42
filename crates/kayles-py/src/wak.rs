//! `wak` and `rooks`: Weighted Arc-Kayles positions and rook boards (`wak-reduce`).

use crate::input::{self, value_error};
use crate::interrupt;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use wak_reduce::rooks::Board;
use wak_reduce::{reduce, Solver, WeightedGraph};

/// A list in the command line's text form: `value` itself when it is a `str`, else its
/// items (formatted by `item`) joined by commas.
fn cli_list(
    value: &Bound<'_, PyAny>,
    what: &str,
    item: impl Fn(&Bound<'_, PyAny>) -> PyResult<String>,
) -> PyResult<String> {
    if value.is_instance_of::<PyString>() {
        return value.extract();
    }
    let items = value
        .try_iter()
        .map_err(|_| PyTypeError::new_err(format!("{what} must be a list or a str")))?
        .map(|x| item(&x?))
        .collect::<PyResult<Vec<_>>>()?;
    Ok(items.join(","))
}

fn integer(x: &Bound<'_, PyAny>) -> PyResult<String> {
    input::int_text(x, "expected an integer")
}

fn edge(x: &Bound<'_, PyAny>) -> PyResult<String> {
    let [u, v] = input::edge_ends(x, " (a loop is (v, v))")?;
    Ok(format!("{}-{}", integer(&u)?, integer(&v)?))
}

/// The nimber of a Weighted Arc-Kayles position: vertex `i` has the counter
/// `weights[i]`; `edges` are pairs `(u, v)`, and `(v, v)` is a loop. A move plays an edge
/// `uv` with both counters at least 1 and lowers both by one, or a loop `vv` with
/// `w(v) >= 1` and lowers `w(v)`. The command line's strings (`"3,2,5"`,
/// `"0-1,1-2,2-2"`) are accepted too.
///
/// With `reduce=True`, a dict: `"nimber"`, `"canonical"` (the position no reduction
/// applies to, as `{"weights": [...], "edges": [...]}`), `"origin"` (for each canonical
/// vertex, the input vertices merged into it), `"trace"` (the reduction steps in the
/// input numbering) and `"text"` (what `kayles wak --reduce` prints after the nimber).
///
/// Runs without the GIL; on Ctrl-C it raises `KeyboardInterrupt` at once, but the
/// computation (which has no stop flag yet) finishes on its own thread.
///
/// >>> import kayles
/// >>> kayles.wak([3, 2, 5], [(0, 1), (1, 2), (2, 2)])
/// 1
/// >>> kayles.wak([1, 1], [(0, 0), (1, 1), (0, 1)], reduce=True)["nimber"]
/// 2
#[pyfunction]
#[pyo3(signature = (weights, edges, reduce = false))]
pub fn wak<'py>(
    py: Python<'py>,
    weights: &Bound<'py, PyAny>,
    edges: &Bound<'py, PyAny>,
    reduce: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let weights = cli_list(weights, "weights", integer)?;
    let edges = cli_list(edges, "edges", edge)?;
    let g = WeightedGraph::parse(&weights, &edges).map_err(value_error)?;
    let (value, reduced) = interrupt::run(py, move |_| {
        let value = Solver::new().nimber(&g)?;
        Ok((value, reduce.then(|| reduce::reduce(&g))))
    })?
    .map_err(|e: wak_reduce::WakError| value_error(e))?;
    let Some(reduced) = reduced else {
        return Ok(value.into_pyobject(py)?.into_any());
    };
    let canonical = PyDict::new(py);
    canonical.set_item("weights", reduced.position.weights())?;
    canonical.set_item("edges", reduced.position.edges_and_loops())?;
    let trace = PyList::empty(py);
    for step in &reduced.trace {
        trace.append(step.original.to_string())?;
    }
    let result = PyDict::new(py);
    result.set_item("nimber", value)?;
    result.set_item("canonical", canonical)?;
    result.set_item("origin", &reduced.origin)?;
    result.set_item("trace", trace)?;
    result.set_item("text", reduced.to_string())?;
    Ok(result.into_any())
}

/// The nimber of the rook-placement game on a board: rows of `.` (free), `#` (hole) and
/// `R` (a rook already placed), separated by `/` (or given as a list of row strings). A
/// move places a rook on a free square that no rook attacks (rooks attack along rows and
/// columns up to a hole). The value is computed by direct search and checked against
/// Weighted Arc-Kayles on both rectangle covers (WAK-ROOKS), as `kayles rooks` does: a
/// disagreement is a `ValueError`.
///
/// >>> import kayles
/// >>> kayles.rooks("..#/.../#..")
/// 1
/// >>> kayles.rooks(["...", "...", "..."])
/// 1
#[pyfunction]
pub fn rooks(py: Python<'_>, board: &Bound<'_, PyAny>) -> PyResult<u32> {
    let text = if board.is_instance_of::<PyString>() {
        board.extract::<String>()?
    } else {
        let rows: Vec<String> = board
            .try_iter()
            .and_then(|rows| rows.map(|r| r?.extract::<String>()).collect())
            .map_err(|_| PyTypeError::new_err("a board is a str or a list of row strings"))?;
        rows.join("/")
    };
    let board = Board::parse(&text).map_err(value_error)?;
    let values = interrupt::run(py, move |_| board.nimbers())?.map_err(value_error)?;
    Ok(values.direct)
}
