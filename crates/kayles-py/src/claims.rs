//! `certify`: the claims registry (`crates/certify`), as `cargo xtask certify` runs it.

use crate::interrupt;
use ::certify::{registry, Context, Tier};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::path::PathBuf;

/// Checks claims of the project's claims page (docs/claims/README.md) exhaustively on the
/// fixture families, as `cargo xtask certify` does, and returns its report rows: one dict
/// per claim with `"id"`, `"families"`, `"instances"`, `"positions"` (compared against
/// direct search), `"seconds"`, `"verdict"` (`"pass"`, `"fail"`, `"error"` or
/// `"fixture-error"`) and `"detail"` (the counterexample or error, empty on a pass).
///
/// `claims` is a list of ids (`["NK-XOR", "MOD-CLIQUE"]`, any case), `None` for all;
/// `tier` is `"quick"` (seconds) or `"full"` (minutes to an hour); `fixtures` is the
/// fixture directory, by default the `fixtures/` of the source tree the package was
/// built from.
///
/// Runs without the GIL on all cores; Ctrl-C raises `KeyboardInterrupt` (the checks stop
/// before their next instance).
///
/// >>> import kayles
/// >>> rows = kayles.certify(["MOD-NIMBER-NOT-ENOUGH"])
/// >>> rows[0]["id"], rows[0]["verdict"]
/// ('MOD-NIMBER-NOT-ENOUGH', 'pass')
#[pyfunction]
#[pyo3(signature = (claims = None, tier = "quick", fixtures = None))]
pub fn certify<'py>(
    py: Python<'py>,
    claims: Option<Vec<String>>,
    tier: &str,
    fixtures: Option<PathBuf>,
) -> PyResult<Bound<'py, PyList>> {
    let tier = Tier::parse(tier).ok_or_else(|| {
        PyValueError::new_err(format!("unknown tier '{tier}' (expected quick or full)"))
    })?;
    let selected = match claims {
        None => registry::claims(),
        Some(ids) => ids
            .iter()
            .map(|id| {
                registry::find(id).ok_or_else(|| {
                    let known: Vec<&str> = registry::claims().iter().map(|c| c.id).collect();
                    PyValueError::new_err(format!(
                        "unknown claim '{id}' (the claims are {})",
                        known.join(", ")
                    ))
                })
            })
            .collect::<PyResult<_>>()?,
    };
    let rows = interrupt::run(py, move |stop| {
        let mut ctx = Context::new(tier);
        ctx.stop = stop;
        if let Some(dir) = fixtures {
            ctx.fixtures = dir;
        }
        selected
            .iter()
            .map(|claim| registry::run(claim, &ctx))
            .collect::<Vec<_>>()
    })?;
    let list = PyList::empty(py);
    for r in rows {
        let row = PyDict::new(py);
        row.set_item("id", r.id)?;
        row.set_item("families", r.families)?;
        row.set_item("instances", r.instances)?;
        row.set_item("positions", r.positions)?;
        row.set_item("seconds", r.seconds)?;
        row.set_item("verdict", r.verdict.word().to_lowercase().replace(' ', "-"))?;
        row.set_item("detail", r.detail)?;
        list.append(row)?;
    }
    Ok(list)
}
