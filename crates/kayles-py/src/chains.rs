//! `chain`: a chain of gadgets from its chain file or from a dict of the same schema, run
//! through `kayles_chains::run` (the pipeline `kayles chain` runs).

use crate::graphs;
use crate::input::value_error;
use crate::interrupt;
use kayles_chains::pipeline::DEFAULT_CHECK_TO;
use kayles_chains::spec::{self, Chain};
use kayles_chains::{ChainError, ChainRequest};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use std::path::PathBuf;

/// The terms of a chain of gadgets (`docs/claims/README.md` section 6), with its derived recurrence
/// and, with `period=True`, its period proved, as `kayles chain` computes them.
///
/// `path_or_dict` is the path of a chain file (TOML, see docs/chains.md) or a dict with
/// the same schema: `{"name": ..., "gadget": {"order": k, "edges": [[x, y], ...],
/// "links": [[x, y, d], ...]}}`, with optional `"left"` and `"right"` caps. `game` is
/// `"node"` or `"arc"`. With `check=True` (as on the command line) every segment type of
/// the derived recurrence is first compared with direct search for m = 0..=40 copies.
///
/// Returns a dict: `"terms"` (the values for n = 1..=terms), `"check"` (`{"types",
/// "to", "values"}`, what was compared, or `None`), `"recurrence"` (as `kayles chain
/// --recurrence --json` prints it) and, with `period=True`, `"period"` (as `kayles chain
/// --period --json` prints it: `period`, `preperiod`, `proved`, `checked_to`, and when
/// proved `bound`, `common_period`, `common_preperiod`, `types`).
///
/// Errors are `ValueError` with the command line's message (for a dict, without the file
/// name and line). Runs without the GIL; Ctrl-C raises `KeyboardInterrupt` (the search
/// stops within milliseconds, the terms after the current one).
///
/// >>> import kayles
/// >>> path = {"gadget": {"order": 1, "links": [[0, 0, 1]]}}
/// >>> kayles.chain(path, 8)["terms"]
/// [1, 1, 2, 0, 3, 1, 1, 0]
/// >>> p = kayles.chain("fixtures/chains/path.toml", 0, period=True)["period"]
/// >>> p["period"], p["preperiod"], p["proved"]
/// (34, 52, True)
#[pyfunction]
#[pyo3(signature = (path_or_dict, terms, period = false, game = "node", check = true))]
pub fn chain<'py>(
    py: Python<'py>,
    path_or_dict: &Bound<'py, PyAny>,
    terms: &Bound<'py, PyAny>,
    period: bool,
    game: &str,
    check: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let terms = crate::input::count("terms", terms)?;
    let game = graphs::game(game)?;
    let (chain, file) = read(path_or_dict)?;
    let request = ChainRequest {
        game,
        terms,
        period,
        check_to: check.then_some(DEFAULT_CHECK_TO),
        ..ChainRequest::default()
    };
    let (report, recurrence) = interrupt::run(py, move |stop| {
        let request = ChainRequest {
            stop: Some(stop),
            ..request
        };
        let report = kayles_chains::run(&chain, &request)?;
        let recurrence =
            serde_json::to_string(&report.recurrence).expect("a recurrence serializes to JSON");
        Ok::<_, ChainError>((report, recurrence))
    })?
    .map_err(|e| match &file {
        Some(path) => value_error(format!("{}: {e}", path.display())),
        None => value_error(e),
    })?;
    let json = py.import("json")?;
    let result = PyDict::new(py);
    result.set_item("terms", report.terms)?;
    match report.check {
        Some(c) => {
            let check = PyDict::new(py);
            check.set_item("types", c.types)?;
            check.set_item("to", c.to)?;
            check.set_item("values", c.values)?;
            result.set_item("check", check)?;
        }
        None => result.set_item("check", py.None())?,
    }
    result.set_item("recurrence", json.call_method1("loads", (recurrence,))?)?;
    if let Some(p) = report.period {
        let text = p.json().to_string();
        result.set_item("period", json.call_method1("loads", (text,))?)?;
    }
    Ok(result)
}

/// The chain, and the file it was read from (`None` for a dict): errors name the file as
/// the command line does.
fn read(path_or_dict: &Bound<'_, PyAny>) -> PyResult<(Chain, Option<PathBuf>)> {
    if let Ok(dict) = path_or_dict.cast::<PyDict>() {
        let table = table(dict, "the chain")?;
        return Ok((spec::from_table(table).map_err(value_error)?, None));
    }
    let path: PathBuf = path_or_dict.extract().map_err(|_| {
        PyTypeError::new_err(format!(
            "expected the path of a chain file or a dict of the chain file's schema, got {}",
            path_or_dict
                .get_type()
                .name()
                .map(|n| n.to_string())
                .unwrap_or_default()
        ))
    })?;
    let shown = path.display();
    let text =
        kayles_solve::lines::read_text(&path, kayles_solve::lines::MAX_TEXT_FILE, "a chain file")
            .map_err(|e| value_error(format!("{e:#}")))?;
    let chain = spec::parse(&text).map_err(|e| value_error(format!("{shown}: {e}")))?;
    Ok((chain, Some(path)))
}

/// A dict as a TOML table (string keys).
fn table(dict: &Bound<'_, PyDict>, at: &str) -> PyResult<toml::Table> {
    let mut table = toml::Table::new();
    for (key, value) in dict.iter() {
        let key: String = key.extract().map_err(|_| {
            PyTypeError::new_err(format!(
                "the keys of {at} must be str, got {}",
                key.repr().map(|r| r.to_string()).unwrap_or_default()
            ))
        })?;
        let value = toml_value(&value, &format!("{at}[{key:?}]"))?;
        table.insert(key, value);
    }
    Ok(table)
}

/// A Python value as a TOML value: dict, list or tuple, str, int, float, bool.
fn toml_value(x: &Bound<'_, PyAny>, at: &str) -> PyResult<toml::Value> {
    if let Ok(dict) = x.cast::<PyDict>() {
        return Ok(toml::Value::Table(table(dict, at)?));
    }
    if x.is_instance_of::<PyList>() || x.is_instance_of::<PyTuple>() {
        let items = x
            .try_iter()?
            .enumerate()
            .map(|(i, item)| toml_value(&item?, &format!("{at}[{i}]")))
            .collect::<PyResult<_>>()?;
        return Ok(toml::Value::Array(items));
    }
    if x.is_instance_of::<PyString>() {
        return Ok(toml::Value::String(x.extract()?));
    }
    // bool before int: a Python bool is an int.
    if x.is_instance_of::<PyBool>() {
        return Ok(toml::Value::Boolean(x.extract()?));
    }
    if x.is_instance_of::<PyInt>() {
        let value: i64 = x.extract().map_err(|_| {
            PyValueError::new_err(format!("{at}: integer {x} does not fit in 64 bits"))
        })?;
        return Ok(toml::Value::Integer(value));
    }
    if x.is_instance_of::<PyFloat>() {
        return Ok(toml::Value::Float(x.extract()?));
    }
    Err(PyTypeError::new_err(format!(
        "{at}: a chain dict holds dicts, lists, str, int, float and bool (what a TOML file \
         holds), got {}",
        x.repr().map(|r| r.to_string()).unwrap_or_default()
    )))
}
