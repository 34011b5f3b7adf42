//! `kayles moves --svg FILE`: a picture of a position's moves. The drawing itself is
//! `kayles_draw::draw` (one code for the command and the web page): a heat map of the
//! cells on grid and queens boards in Node Kayles, dominoes on the grid in Arc Kayles, a
//! small board in each cell for Arc Kayles on queens, else a drawing of the graph, each
//! move coloured and labelled by its value, winning moves outlined. This module turns the
//! command's game state into the drawing's plain data and writes the file.
//!
//! Vertices already gone (`--after`) are grey. With `--winning`, only the winning moves
//! have a value; the others are drawn white, "does not win". A graph too big to draw
//! readably is refused before any search ([`check`]).

use anyhow::{anyhow, Result};
use kayles_core::moves::Move;
use kayles_draw::{MoveValue, Picture};
use kayles_solve::moves::GameState;
use std::path::Path;

/// What the picture shows: the value after each legal move (`None`: not computed, the
/// move does not win), and the position's value when it is known.
pub struct Scene<'a> {
    /// The game, its graph and position.
    pub state: &'a GameState,
    /// Every legal move with its value, `None` for a move known not to win.
    pub values: Vec<(Move, Option<u32>)>,
    /// The caption's first line.
    pub title: String,
}

/// The drawing's data for a game state and its moves' values.
pub fn picture(state: &GameState, title: String, values: &[(Move, Option<u32>)]) -> Picture {
    let g = state.graph();
    Picture {
        title,
        spec: state.named().name.clone(),
        game: state.game(),
        order: g.order(),
        edges: g.edges(),
        in_play: (0..g.order())
            .map(|v| state.position().contains(v))
            .collect(),
        moves: values
            .iter()
            .map(|&(mv, value)| MoveValue { mv, value })
            .collect(),
    }
}

/// Refuses a graph too big to draw readably (before any search is spent on it).
pub fn check(state: &GameState) -> Result<()> {
    kayles_draw::check(&picture(state, String::new(), &[]), &state.named().name)
        .map_err(|e| anyhow!(e))
}

/// Writes the picture of `scene` to `path`, as an output file
/// (`kayles_solve::output_file`): whole or not at all, and never over a device or a folder.
pub fn write(path: &Path, scene: &Scene<'_>) -> Result<()> {
    check(scene.state)?;
    let svg = kayles_draw::draw(&picture(scene.state, scene.title.clone(), &scene.values));
    kayles_solve::output_file::write(path, svg.as_bytes())
}
