//! The Python objects the functions take as a graph, turned into a [`Graph`]: a
//! networkx graph (vertex `i` is the `i`-th node of `G.nodes`, its label kept to name
//! vertices in results), a graph6 `str` or `bytes` or a family spec (through
//! [`kayles_solve::graphs`], with the command line's messages), or `(n, edges)` with
//! vertices `0..n-1`.

use kayles_core::Graph;
use kayles_solve::graphs::{self, Limit, Named};
use kayles_solve::Choice;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyInt, PyString, PyTuple};

/// A graph from Python, with what names its vertices.
pub struct GraphIn {
    /// The graph.
    pub graph: Graph,
    /// The user's node labels in vertex order (networkx graphs); `None`: vertex `i` is `i`.
    pub labels: Option<Vec<Py<PyAny>>>,
    /// The text that named the graph (graph6 or family spec), for the search set-up.
    pub name: Option<String>,
}

impl GraphIn {
    /// The label of vertex `v`: the networkx node, or the integer `v`.
    pub fn label(&self, py: Python<'_>, v: usize) -> PyResult<Py<PyAny>> {
        match &self.labels {
            Some(labels) => Ok(labels[v].clone_ref(py)),
            None => Ok(v.into_pyobject(py)?.into_any().unbind()),
        }
    }

    /// The graph with the text that named it (its graph6 string when it had none): what
    /// the library's calls take.
    pub fn named(&self) -> Named {
        match &self.name {
            Some(name) => Named {
                name: name.clone(),
                graph: self.graph.clone(),
            },
            None => Named::unnamed(self.graph.clone()),
        }
    }

    /// The labels of the vertices of a subset mask, in vertex order, as a tuple.
    pub fn subset<'py>(&self, py: Python<'py>, mask: u64) -> PyResult<Bound<'py, PyTuple>> {
        let members = (0..self.graph.order())
            .filter(|v| mask >> v & 1 == 1)
            .map(|v| self.label(py, v))
            .collect::<PyResult<Vec<_>>>()?;
        PyTuple::new(py, members)
    }
}

/// A `ValueError` with the message of `e` (the command line's one-line message).
pub fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// A `ValueError` with the message of a library error and its causes, as the command
/// line prints it (`reading X: No such file or directory`).
pub fn library_error(e: anyhow::Error) -> PyErr {
    PyValueError::new_err(format!("{e:#}"))
}

/// The value of an option named `option` among `T`'s values, by its name.
pub fn choice<T: Choice>(option: &str, name: &str) -> PyResult<T> {
    T::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = T::ALL.iter().map(|v| v.name()).collect();
        PyValueError::new_err(format!(
            "unknown {option} '{name}' (expected {})",
            names.join(", ")
        ))
    })
}

/// `x` as an error message quotes it: its `repr`, cut to 40 characters (an int of
/// thousands of digits has none: Python refuses to format it).
pub fn shown(x: &Bound<'_, PyAny>) -> String {
    match x.repr() {
        Ok(r) => {
            let r = r.to_string();
            match r.char_indices().nth(40) {
                Some((end, _)) => format!("{}...", &r[..end]),
                None => r,
            }
        }
        Err(_) => format!(
            "an {} too long to show",
            x.get_type()
                .name()
                .map_or_else(|_| "object".to_string(), |n| n.to_string())
        ),
    }
}

/// An integer argument named `name` that counts something (`terms`, `start`, `jobs`): a
/// Python `int` from 0 up. A negative or too large one is a `ValueError` (never the
/// `OverflowError` of a conversion), anything else a `TypeError`.
pub fn count(name: &str, x: &Bound<'_, PyAny>) -> PyResult<usize> {
    if !x.is_instance_of::<PyInt>() {
        return Err(PyTypeError::new_err(format!(
            "{name} must be an integer, got {}",
            shown(x)
        )));
    }
    if let Ok(n) = x.extract::<usize>() {
        return Ok(n);
    }
    if x.lt(0)? {
        Err(PyValueError::new_err(format!(
            "{name} must not be negative, got {}",
            shown(x)
        )))
    } else {
        Err(PyValueError::new_err(format!(
            "{name} is too large: {} (at most {})",
            shown(x),
            usize::MAX
        )))
    }
}

/// [`count`] for an argument that may be left out (`None`: `default`).
pub fn count_or(name: &str, x: Option<&Bound<'_, PyAny>>, default: usize) -> PyResult<usize> {
    x.map_or(Ok(default), |x| count(name, x))
}

/// A Python `int` (of any size) as its decimal text, for the parsers that take the command
/// line's lists; anything else is a `TypeError` saying it is not `what`.
pub fn int_text(x: &Bound<'_, PyAny>, what: &str) -> PyResult<String> {
    if !x.is_instance_of::<PyInt>() {
        return Err(PyTypeError::new_err(format!("{what}, got {}", shown(x))));
    }
    match x.str() {
        Ok(text) => Ok(text.to_string()),
        // More digits than Python will format: far beyond every limit.
        Err(_) => Ok(if x.lt(0)? {
            "-".to_string()
        } else {
            String::new()
        } + &"9".repeat(40)),
    }
}

/// Reads `g` (see the module docs).
pub fn graph(g: &Bound<'_, PyAny>) -> PyResult<GraphIn> {
    graph_within(g, &Limit::GRAPH)
}

/// Reads `g` for a function that can use at most `limit` of it (the command line's
/// limits, [`Limit`]): a family spec is refused from its sizes, a graph6 string, a
/// networkx graph or `(n, edges)` by its order, before the graph is built.
pub fn graph_within(g: &Bound<'_, PyAny>, limit: &Limit) -> PyResult<GraphIn> {
    if g.is_instance_of::<PyString>() {
        return from_text(&g.extract::<String>()?, limit);
    }
    if let Ok(bytes) = g.cast::<PyBytes>() {
        let text = std::str::from_utf8(bytes.as_bytes())
            .map_err(|_| PyValueError::new_err("graph6 bytes must be ASCII"))?;
        return from_text(text, limit);
    }
    if is_networkx(g)? {
        return from_networkx(g, limit);
    }
    if let Ok(pair) = g.cast::<PyTuple>() {
        if pair.len() == 2 {
            return from_pairs(&pair.get_item(0)?, &pair.get_item(1)?, limit);
        }
    }
    Err(PyTypeError::new_err(format!(
        "expected a graph: a networkx graph, a graph6 str or bytes, a family spec such as \
         'grid:3x4', or (n, edges); got {}",
        g.get_type().name()?
    )))
}

fn from_text(text: &str, limit: &Limit) -> PyResult<GraphIn> {
    let graph = graphs::parse_within(text, limit).map_err(value_error)?;
    Ok(GraphIn {
        graph,
        labels: None,
        name: Some(text.trim().to_string()),
    })
}

/// Duck typing: anything with `is_directed`, `nodes` and `edges` (networkx's `Graph`,
/// `MultiGraph` and their subclasses).
fn is_networkx(g: &Bound<'_, PyAny>) -> PyResult<bool> {
    Ok(g.hasattr("is_directed")? && g.hasattr("nodes")? && g.hasattr("edges")?)
}

/// Refuses a graph of `n` vertices beyond what any function takes ([`Limit::GRAPH`], as a
/// family spec or graph6 string is refused) or beyond `limit`, before it is built.
fn check_order(n: usize, limit: &Limit) -> PyResult<()> {
    if n > Limit::GRAPH.order {
        return Err(PyValueError::new_err(format!(
            "a graph on {n} vertices is more than the supported {}",
            Limit::GRAPH.order
        )));
    }
    if n > limit.order {
        return Err(PyValueError::new_err(format!(
            "a graph on {n} vertices; {} takes at most {}",
            limit.user, limit.order
        )));
    }
    Ok(())
}

fn from_networkx(g: &Bound<'_, PyAny>, limit: &Limit) -> PyResult<GraphIn> {
    let py = g.py();
    if g.call_method0("is_directed")?.is_truthy()? {
        return Err(PyValueError::new_err(
            "directed graphs are not supported (the games are played on undirected graphs): \
             pass G.to_undirected()",
        ));
    }
    let nodes: Vec<Bound<'_, PyAny>> = g
        .call_method0("nodes")?
        .try_iter()?
        .collect::<PyResult<_>>()?;
    check_order(nodes.len(), limit)?;
    let index = PyDict::new(py);
    for (i, node) in nodes.iter().enumerate() {
        index.set_item(node, i)?;
    }
    let mut graph = Graph::new(nodes.len());
    for edge in g.call_method0("edges")?.try_iter()? {
        let (u, v): (Bound<'_, PyAny>, Bound<'_, PyAny>) = edge?.extract()?;
        let iu: usize = index.as_any().get_item(&u)?.extract()?;
        let iv: usize = index.as_any().get_item(&v)?.extract()?;
        if iu == iv {
            return Err(PyValueError::new_err(format!(
                "self-loop at node {}: the games are played on simple graphs (drop loops with \
                 G.remove_edges_from(nx.selfloop_edges(G)))",
                u.repr()?
            )));
        }
        graph.add_edge(iu, iv);
    }
    Ok(GraphIn {
        graph,
        labels: Some(nodes.into_iter().map(Bound::unbind).collect()),
        name: None,
    })
}

/// A vertex count or index: a non-negative Python integer.
fn index(x: &Bound<'_, PyAny>, what: &str) -> PyResult<usize> {
    count(what, x)
}

/// The two ends of an edge given as any pair (a tuple or a list); `note` follows the
/// description in the error message.
pub fn edge_ends<'py>(edge: &Bound<'py, PyAny>, note: &str) -> PyResult<[Bound<'py, PyAny>; 2]> {
    let ends: Vec<Bound<'py, PyAny>> = match edge.try_iter() {
        Ok(items) => items.collect::<PyResult<_>>()?,
        Err(_) => Vec::new(),
    };
    ends.try_into().map_err(|_| {
        let shown = edge.repr().map(|r| r.to_string()).unwrap_or_default();
        PyTypeError::new_err(format!(
            "an edge is a pair of vertices (u, v){note}, got {shown}"
        ))
    })
}

fn from_pairs(n: &Bound<'_, PyAny>, edges: &Bound<'_, PyAny>, limit: &Limit) -> PyResult<GraphIn> {
    let n = index(n, "the number of vertices")?;
    check_order(n, limit)?;
    let mut graph = Graph::new(n);
    for edge in edges.try_iter()? {
        let [u, v] = edge_ends(&edge?, "")?;
        let (u, v) = (index(&u, "a vertex")?, index(&v, "a vertex")?);
        if let Some(&bad) = [u, v].iter().find(|&&x| x >= n) {
            return Err(PyValueError::new_err(format!(
                "edge {u}-{v} names vertex {bad}, but the graph has vertices 0..{}",
                n.saturating_sub(1)
            )));
        }
        if u == v {
            return Err(PyValueError::new_err(format!(
                "self-loop at vertex {u}: the games are played on simple graphs"
            )));
        }
        graph.add_edge(u, v);
    }
    Ok(GraphIn {
        graph,
        labels: None,
        name: None,
    })
}
