//! `moves`: every move of a graph with the nimber of the position after it, as `kayles
//! moves` computes it (through [`kayles_solve::moves::GameState`]), keyed by the user's
//! own vertex labels.

use crate::graphs::game;
use crate::input::{self, library_error};
use crate::interrupt;
use kayles_core::moves::Move;
use kayles_solve::config::SearchOptions;
use kayles_solve::moves::GameState;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

/// Every move of `g` with the nimber of the position after it: `{move: value}`. A move is
/// a vertex in Node Kayles (`game="node"`) and an edge in Arc Kayles (`game="arc"`), named
/// by the graph's own labels: a networkx node, a pair of nodes `(u, v)` for an edge (`u`
/// before `v` in `G.nodes`), or vertex numbers for graph6, family specs and `(n, edges)`
/// (the vertex order of a family is in `families()`). The moves come in that order.
///
/// A move wins when its value is 0 (it leaves a position of nimber 0), and the nimber of
/// `g` is the mex of the values. With `winning=True` only the winning moves are returned
/// (each with value 0), and the other options are searched only until they are known not
/// to win, never to their full nimber: much cheaper on large graphs.
///
/// Family specs are searched with the family's symmetries, as `kayles moves` does. Runs
/// without the GIL; Ctrl-C raises `KeyboardInterrupt`.
///
/// >>> import kayles
/// >>> kayles.moves("path:5")
/// {0: 2, 1: 1, 2: 0, 3: 1, 4: 2}
/// >>> kayles.moves("path:5", winning=True)
/// {2: 0}
/// >>> kayles.moves((3, [(0, 1), (1, 2)]), game="arc")
/// {(0, 1): 0, (1, 2): 0}
#[pyfunction]
#[pyo3(signature = (g, game = "node", winning = false))]
pub fn moves<'py>(
    py: Python<'py>,
    g: &Bound<'py, PyAny>,
    game: &str,
    winning: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let game = self::game(game)?;
    let input = input::graph(g)?;
    let named = input.named();
    let values: Vec<(Move, u32)> = interrupt::run(py, move |stop| {
        let mut state = GameState::new(named, game, &SearchOptions::default());
        state.solver_mut().set_stop_flag(Some(stop));
        if winning {
            state
                .winning_moves()
                .map(|moves| moves.into_iter().map(|mv| (mv, 0)).collect())
        } else {
            state
                .values()
                .map(|options| options.moves.iter().map(|m| (m.mv, m.value)).collect())
        }
    })?
    .map_err(|e| library_error(e.into()))?;
    let dict = PyDict::new(py);
    for (mv, value) in values {
        match mv {
            Move::Vertex(v) => dict.set_item(input.label(py, v)?, value)?,
            Move::Edge(u, v) => {
                let key = PyTuple::new(py, [input.label(py, u)?, input.label(py, v)?])?;
                dict.set_item(key, value)?
            }
        }
    }
    Ok(dict)
}
