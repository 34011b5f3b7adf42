//! `moves`: every move of a graph with the nimber of the position after it, as `kayles
//! moves` computes it (through [`kayles_solve::moves::GameState`]), keyed by the user's
//! own vertex labels.

use crate::graphs::game;
use crate::input::{self, library_error, value_error, GraphIn};
use crate::interrupt;
use kayles_core::moves::Move;
use kayles_solve::config::SearchOptions;
use kayles_solve::moves::{GameState, ListError};
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
/// `after` starts from the position these moves reach, played in order (`kayles moves
/// --after`): a list of moves named as the keys of the result (a vertex label, or a pair
/// for an edge; on a graph without labels also a name as text, `"r1c1"`, `"0-1"`), or one
/// string as the command line takes it (`"r1c1,r3c4"`: cells or vertex numbers, edges
/// `u-v`). A move that cannot be played raises `ValueError` naming it and its place.
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
/// >>> kayles.moves("path:5", after=[0])
/// {2: 1, 3: 0, 4: 1}
#[pyfunction]
#[pyo3(signature = (g, game = "node", winning = false, after = None))]
pub fn moves<'py>(
    py: Python<'py>,
    g: &Bound<'py, PyAny>,
    game: &str,
    winning: bool,
    after: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let game = self::game(game)?;
    let input = input::graph_within(g, &kayles_solve::graphs::Limit::SEARCH)?;
    let mut state = GameState::new(input.named(), game, &SearchOptions::default());
    if let Some(after) = after {
        play_after(&input, &mut state, after)?;
    }
    let values: Vec<(Move, u32)> = interrupt::run(py, move |stop| {
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

/// Plays the moves of `after` (see [`moves`]) on `state`: a string as the command line's
/// `--after`, or a list of moves named by labels. A move that cannot be played is a
/// `ValueError` with the command line's message (`after: move 2 of the list: ...`).
fn play_after(input: &GraphIn, state: &mut GameState, after: &Bound<'_, PyAny>) -> PyResult<()> {
    let unplayable = |e: ListError| value_error(format!("after: {e}"));
    if let Ok(text) = after.extract::<String>() {
        return state.play_list(&text).map_err(unplayable);
    }
    let items = after.try_iter().map_err(|_| {
        pyo3::exceptions::PyTypeError::new_err(format!(
            "after is a list of moves or a string like \"r1c1,r3c4\", got {}",
            shown(after)
        ))
    })?;
    for (i, item) in items.enumerate() {
        let item = item?;
        let place = |error| {
            unplayable(ListError {
                index: i + 1,
                error,
            })
        };
        if input.labels.is_none() {
            if let Ok(text) = item.extract::<String>() {
                state.play_text(&text).map_err(place)?;
                continue;
            }
        }
        let mv = match state.game() {
            kayles_core::GameKind::Node => Move::Vertex(vertex(input, &item, i + 1)?),
            kayles_core::GameKind::Arc => {
                let [u, v] = input::edge_ends(&item, " for Arc Kayles")?;
                Move::edge(vertex(input, &u, i + 1)?, vertex(input, &v, i + 1)?)
            }
        };
        state.play(mv).map_err(place)?;
    }
    Ok(())
}

/// The vertex a move of `after` names: its label's place in the graph's labels, or on a
/// graph without labels a vertex number.
fn vertex(input: &GraphIn, item: &Bound<'_, PyAny>, index: usize) -> PyResult<usize> {
    let Some(labels) = &input.labels else {
        return item.extract::<usize>().map_err(|_| {
            value_error(format!(
                "after: move {index} of the list: {} is not a vertex number",
                shown(item)
            ))
        });
    };
    for (v, label) in labels.iter().enumerate() {
        if label.bind(item.py()).eq(item)? {
            return Ok(v);
        }
    }
    Err(value_error(format!(
        "after: move {index} of the list: {} is not a vertex of the graph",
        shown(item)
    )))
}

/// A move as Python shows it, cut to 40 characters.
fn shown(x: &Bound<'_, PyAny>) -> String {
    let text = x.repr().map(|r| r.to_string()).unwrap_or_default();
    match text.char_indices().nth(40) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text,
    }
}
