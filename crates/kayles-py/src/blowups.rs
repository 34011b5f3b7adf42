//! `blowup_histogram` and `modules`: graphs built from modules (`kayles-modules`).

use crate::graphs::histogram_dict;
use crate::input::{self, value_error, GraphIn};
use crate::interrupt;
use kayles_modules::{BlowUpSpec, NodeKind};
use kayles_solve::route;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};

/// Module sizes: a list of integers, or the command line's `"2,3,1"`.
fn sizes(value: &Bound<'_, PyAny>) -> PyResult<Vec<usize>> {
    let text = if value.is_instance_of::<PyString>() {
        value.extract::<String>()?
    } else {
        let items: Vec<String> = value
            .try_iter()
            .map_err(|_| PyTypeError::new_err("module sizes are a list of integers"))?
            .map(|x| input::int_text(&x?, "module sizes are a list of integers"))
            .collect::<PyResult<_>>()?;
        items.join(",")
    };
    kayles_modules::parse_sizes(&text).map_err(value_error)
}

/// The histogram `{nimber: count}` over all starting subsets of the graph made by putting
/// a module in place of every vertex of `base` (`B[H_1..H_k]`: every vertex of `H_i` is
/// joined to every vertex of `H_j` exactly when `ij` is an edge of `base`), computed
/// through the quotient without expanding the graph, as `kayles histogram --blowup` /
/// `--module` does.
///
/// Give exactly one of: `modules`, a list of graphs (any form `nimber` takes), one per
/// base vertex in vertex order; `clique`, a list of sizes (base vertex `i` becomes
/// `K_{m_i}`); `independent`, a list of sizes (`m_i` independent vertices). Counts are
/// exact integers, far beyond `2^n` enumeration.
///
/// >>> import kayles
/// >>> h = kayles.blowup_histogram("grid:3x4", clique=[5] * 12)  # 60 vertices
/// >>> sum(h.values()) == 2 ** 60
/// True
/// >>> kayles.blowup_histogram("path:2", modules=["path:2", "empty:2"])
/// {0: 2, 1: 11, 2: 3}
#[pyfunction]
#[pyo3(signature = (base, modules = None, clique = None, independent = None))]
pub fn blowup_histogram<'py>(
    py: Python<'py>,
    base: &Bound<'py, PyAny>,
    modules: Option<&Bound<'py, PyAny>>,
    clique: Option<&Bound<'py, PyAny>>,
    independent: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let base = input::graph(base)?.graph;
    let spec = match (modules, clique, independent) {
        (Some(graphs), None, None) => BlowUpSpec::Modules(
            graphs
                .try_iter()?
                .map(|g| Ok(input::graph(&g?)?.graph))
                .collect::<PyResult<_>>()?,
        ),
        (None, Some(m), None) => BlowUpSpec::Cliques(sizes(m)?),
        (None, None, Some(m)) => BlowUpSpec::Independent(sizes(m)?),
        _ => {
            return Err(PyValueError::new_err(
                "give exactly one of modules=, clique= or independent=",
            ))
        }
    };
    // Through the quotient, as `kayles histogram --blowup` takes it without `--direct`.
    let hist = interrupt::run(py, move |_| route::blowup_histogram(&spec, &base, false))?
        .map_err(value_error)?;
    histogram_dict(py, &hist)
}

/// The modular decomposition of `g`: a dict with `"tree"` (the root node, `None` for the
/// empty graph), `"modular_width"` (the most children of a prime node, 0 for a cograph),
/// and `"text"` and `"dot"` (what `kayles modules` and `kayles modules --dot` print, with
/// vertices numbered `0..n-1` in the documented order).
///
/// A node is a dict: `"kind"` (`"parallel"`: a disjoint union, `"series"`: a complete
/// join, `"prime"`, or `"vertex"` for a leaf), `"vertices"` (the module's vertices as a
/// tuple: networkx node labels, else `0..n-1`), `"children"` (a list of nodes).
///
/// >>> import kayles
/// >>> d = kayles.modules((4, [(0, 1), (1, 2), (2, 3)]))
/// >>> d["tree"]["kind"], d["modular_width"]
/// ('prime', 4)
/// >>> [c["kind"] for c in kayles.modules("complete:3")["tree"]["children"]]
/// ['vertex', 'vertex', 'vertex']
#[pyfunction]
pub fn modules<'py>(py: Python<'py>, g: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyDict>> {
    let input = input::graph(g)?;
    let graph = input.graph.clone();
    let tree = interrupt::run(py, move |_| kayles_modules::decompose(&graph))?;
    let mut made: Vec<Option<Bound<'py, PyDict>>> = vec![None; tree.nodes().len()];
    // Every node comes after its parent: build children first.
    for id in (0..tree.nodes().len()).rev() {
        let node = tree.node(id);
        let kind = match node.kind {
            NodeKind::Leaf(_) => "vertex",
            NodeKind::Parallel => "parallel",
            NodeKind::Series => "series",
            NodeKind::Prime => "prime",
        };
        let children = PyList::empty(py);
        for &c in &node.children {
            children.append(made[c].take())?;
        }
        let dict = PyDict::new(py);
        dict.set_item("kind", kind)?;
        dict.set_item("vertices", vertices(py, &input, &tree.vertices(id))?)?;
        dict.set_item("children", children)?;
        made[id] = Some(dict);
    }
    let result = PyDict::new(py);
    result.set_item("tree", tree.root().and_then(|r| made[r].take()))?;
    result.set_item("modular_width", tree.modular_width())?;
    result.set_item("text", tree.to_string().trim_end())?;
    result.set_item("dot", tree.to_dot())?;
    Ok(result)
}

fn vertices<'py>(py: Python<'py>, input: &GraphIn, vs: &[usize]) -> PyResult<Bound<'py, PyTuple>> {
    let labels = vs
        .iter()
        .map(|&v| input.label(py, v))
        .collect::<PyResult<Vec<_>>>()?;
    PyTuple::new(py, labels)
}
