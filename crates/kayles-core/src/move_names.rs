//! How the moves of a game on a graph are named and read back from text ([`MoveNames`]):
//! board coordinates (`r2c3`, `r1c1-r1c2`) on the board families, vertex numbers (`3`,
//! `0-1`) elsewhere, and a one-line reason ([`MoveError`]) for a text that names no move
//! that can be played in a position. The one home of these names and messages for
//! `kayles moves`, `kayles play`, the Python package and the web explorer; no I/O.
//!
//! ```
//! use kayles_core::{board::Board, families, move_names::MoveNames, moves::Move, GameKind};
//! let grid = families::build("grid:2x3").unwrap();
//! let names = MoveNames::new(GameKind::Arc, &grid, Board::of_spec("grid:2x3").unwrap());
//! assert_eq!(names.name(Move::Edge(0, 1)), "r1c1-r1c2");
//! let left = Move::Edge(0, 1).after(&grid, &grid.vertices());
//! assert_eq!(names.read("r1c2-r1c3", &left).unwrap_err().to_string(),
//!     "r1c2-r1c3: r1c2 is gone (an earlier move removed it)");
//! assert_eq!(names.read("2-5", &left), Ok(Move::Edge(2, 5)));
//! ```

use crate::board::{parse_cell, Board, CellError};
use crate::moves::Move;
use crate::{GameKind, Graph, VertexSet};
use thiserror::Error;

/// Why a typed move cannot be played; the message is one line and names the move.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum MoveError {
    /// Neither a vertex number, a cell, nor two of them joined by `-`.
    #[error("'{text}' is not a move: type {expected}")]
    Unreadable {
        /// The text as typed.
        text: String,
        /// What a move looks like in this game on this graph.
        expected: String,
    },
    /// A cell off the board, or a board label on a graph that is not a board.
    #[error(transparent)]
    Cell(#[from] CellError),
    /// A cell name typed for a graph without a board.
    #[error("{0}: cells name the vertices of grid and queens boards only; this graph's vertices are numbers")]
    NoBoard(String),
    /// A vertex number outside the graph.
    #[error("vertex {vertex} is not in the graph (its vertices are 0..{last})")]
    NoSuchVertex {
        /// The number typed.
        vertex: usize,
        /// The graph's last vertex.
        last: usize,
    },
    /// A vertex or an end already deleted by an earlier move.
    #[error("{0} is gone (an earlier move removed it)")]
    Gone(String),
    /// Two vertices that are not adjacent (Arc Kayles).
    #[error("{0} is not an edge of the graph")]
    NotAnEdge(String),
    /// A vertex typed in Arc Kayles, or an edge in Node Kayles.
    #[error("{text} is {what}, but a move of {game} is {wanted}")]
    WrongKind {
        /// The move as typed.
        text: String,
        /// "a vertex" or "an edge".
        what: &'static str,
        /// The game's name.
        game: &'static str,
        /// What a move of that game is.
        wanted: &'static str,
    },
}

/// The names of a game's moves on a graph: its board's cells when it has one (a family
/// spec's [`Board::of_spec`]), else its vertex numbers.
#[derive(Debug, Clone, Copy)]
pub struct MoveNames<'a> {
    game: GameKind,
    graph: &'a Graph,
    board: Option<Board>,
}

impl<'a> MoveNames<'a> {
    /// The names of `game`'s moves on `graph`, by `board`'s cells when given.
    pub fn new(game: GameKind, graph: &'a Graph, board: Option<Board>) -> Self {
        MoveNames { game, graph, board }
    }

    /// The name of vertex `v`: its cell (`r2c3`) on a board, else its number.
    pub fn vertex_name(&self, v: usize) -> String {
        match &self.board {
            Some(board) => board.label(v),
            None => v.to_string(),
        }
    }

    /// The name of a move: a vertex's name, or the names of an edge's ends joined by `-`
    /// (`r1c1-r1c2`, `0-1`).
    pub fn name(&self, mv: Move) -> String {
        match mv {
            Move::Vertex(v) => self.vertex_name(v),
            Move::Edge(u, v) => format!("{}-{}", self.vertex_name(u), self.vertex_name(v)),
        }
    }

    /// What a move looks like here, for messages.
    fn expected(&self) -> String {
        let last = self.graph.order().saturating_sub(1);
        match (self.game, self.board.is_some()) {
            (GameKind::Node, true) => format!("a cell like r1c2 or a vertex number 0..{last}"),
            (GameKind::Node, false) => format!("a vertex number 0..{last}"),
            (GameKind::Arc, true) => "an edge like r1c1-r1c2 (or 0-1 by vertex numbers)".into(),
            (GameKind::Arc, false) => format!("an edge like 0-1 (vertices 0..{last})"),
        }
    }

    /// The vertex a name stands for (a number, or a cell on a board), not yet checked
    /// against a position; `whole` is the move's text, for the message.
    fn parse_vertex(&self, text: &str, whole: &str) -> Result<usize, MoveError> {
        let text = text.trim();
        if let Ok(v) = text.parse::<usize>() {
            let n = self.graph.order();
            if v >= n {
                return Err(MoveError::NoSuchVertex {
                    vertex: v,
                    last: n.saturating_sub(1),
                });
            }
            return Ok(v);
        }
        if parse_cell(text).is_some() {
            return match &self.board {
                Some(board) => Ok(board.parse_label(text)?),
                None => Err(MoveError::NoBoard(text.to_string())),
            };
        }
        Err(MoveError::Unreadable {
            text: whole.trim().to_string(),
            expected: self.expected(),
        })
    }

    /// The move `text` names, if it can be played in `position`: a vertex (`3`, `r2c3`) in
    /// Node Kayles, two joined by `-` (`0-1`, `r1c1-r1c2`) in Arc Kayles.
    pub fn read(&self, text: &str, position: &VertexSet) -> Result<Move, MoveError> {
        let text = text.trim();
        let parts: Vec<&str> = text.split('-').collect();
        let mv = match parts.as_slice() {
            [v] => Move::Vertex(self.parse_vertex(v, text)?),
            [u, v] => Move::edge(self.parse_vertex(u, text)?, self.parse_vertex(v, text)?),
            _ => {
                return Err(MoveError::Unreadable {
                    text: text.to_string(),
                    expected: self.expected(),
                })
            }
        };
        self.check(mv, position)?;
        Ok(mv)
    }

    /// Whether `mv` can be played in `position`, with the reason when not.
    pub fn check(&self, mv: Move, position: &VertexSet) -> Result<(), MoveError> {
        let wanted = match self.game {
            GameKind::Node => "a vertex",
            GameKind::Arc => "an edge u-v",
        };
        if mv.game() != self.game {
            return Err(MoveError::WrongKind {
                text: self.name(mv),
                what: match mv {
                    Move::Vertex(_) => "a vertex",
                    Move::Edge(..) => "an edge",
                },
                game: self.game.title(),
                wanted,
            });
        }
        let n = self.graph.order();
        if let Some(&v) = mv.vertices().iter().find(|&&v| v >= n) {
            return Err(MoveError::NoSuchVertex {
                vertex: v,
                last: n.saturating_sub(1),
            });
        }
        if let Move::Edge(u, v) = mv {
            if u == v || !self.graph.has_edge(u, v) {
                return Err(MoveError::NotAnEdge(self.name(mv)));
            }
        }
        if let Some(&v) = mv.vertices().iter().find(|&&v| !position.contains(v)) {
            let gone = match mv {
                Move::Vertex(_) => self.vertex_name(v),
                Move::Edge(..) => format!("{}: {}", self.name(mv), self.vertex_name(v)),
            };
            return Err(MoveError::Gone(gone));
        }
        debug_assert!(mv.is_legal(self.graph, position));
        Ok(())
    }
}
