//! `kayles-py`: the Python package `kayles` (PyO3, abi3 for Python 3.9+, built with
//! maturin: `pip install ./crates/kayles-py`). One function per question, each a thin
//! call into the library crates (`kayles-solve` for what it shares with the `kayles`
//! command): the same routes and the same one-line error messages as the command, raised
//! as `ValueError`.
//!
//! - [`input`](mod@input): what a function accepts as a graph (networkx, graph6, family spec,
//!   `(n, edges)`) and how vertices are named in results;
//! - [`interrupt`](mod@interrupt): long calls on a worker thread, the GIL released, Ctrl-C honoured;
//! - [`graphs`](mod@graphs): `nimber` (with `checkpoint=DIR`), `histogram`, `subsets`,
//!   `sequence`, `families`;
//! - [`moves`](mod@moves): `moves`;
//! - [`scale_out`](mod@scale_out): `split`, `run`, `join`;
//! - [`blowups`](mod@blowups): `blowup_histogram`, `modules`;
//! - [`wak`](mod@wak): `wak`, `rooks`;
//! - [`chains`](mod@chains): `chain`;
//! - [`claims`](mod@claims): `certify`.
//!
//! The Python-side documentation is `docs/python.md`; the type stubs are `kayles.pyi`
//! beside this crate's `Cargo.toml`; the tests are `tests/*.py` (pytest).

// The doc comments of the Python functions are their docstrings, with Python examples
// (`d["tree"]`, `[5] * 12`) that rustdoc would read as intra-doc links: one allowance for
// the whole crate.
#![allow(rustdoc::broken_intra_doc_links)]

pub mod blowups;
pub mod chains;
pub mod claims;
pub mod graphs;
pub mod input;
pub mod interrupt;
pub mod moves;
pub mod scale_out;
pub mod wak;

use pyo3::prelude::*;

/// Exact nimbers (Sprague-Grundy values) of Node Kayles, Arc Kayles and Weighted
/// Arc-Kayles on graphs, computed by the kayles engines and checked against the games'
/// definitions.
///
/// A graph argument `g` is a networkx graph (vertex `i` is the `i`-th node of
/// `G.nodes`; results that name vertices give the node labels), a graph6 `str` or
/// `bytes`, a family spec such as `"grid:3x4"` (see `families()` for the families and
/// their vertex order), or a pair `(n, edges)` with vertices `0..n-1`.
///
/// Errors are `ValueError` with the command line's one-line message. Long calls release
/// the GIL and stop on Ctrl-C with `KeyboardInterrupt`.
///
/// >>> import kayles
/// >>> kayles.nimber("grid:3x4")
/// 0
#[pymodule(name = "kayles")]
mod kayles {
    #[pymodule_export]
    use super::blowups::{blowup_histogram, modules};
    #[pymodule_export]
    use super::chains::chain;
    #[pymodule_export]
    use super::claims::certify;
    #[pymodule_export]
    use super::graphs::{family_list, histogram, nimber, sequence, subsets, Subsets};
    #[pymodule_export]
    use super::moves::moves;
    #[pymodule_export]
    use super::scale_out::{join, run, split};
    #[pymodule_export]
    use super::wak::{rooks, wak};

    use pyo3::prelude::*;

    #[pymodule_init]
    fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
        m.add("__version__", env!("CARGO_PKG_VERSION"))
    }
}
