//! [`WakError`]: every way a weighted Arc-Kayles computation can refuse its input.
//!
//! Each variant displays as one clear line, fit for a command-line error message.

use crate::step::Reduction;
use kayles_core::engine::SearchError;
use thiserror::Error;

/// Why a position, a board, a move or a reduction was refused.
///
/// ```
/// use wak_reduce::{WakError, WeightedGraph};
/// let err = WeightedGraph::new(&[1, 1], &[(0, 2)]).unwrap_err();
/// assert!(matches!(err, WakError::MissingVertex { vertex: 2, order: 2, .. }));
/// assert_eq!(err.to_string(), "edge 0-2 names vertex 2, but the graph has vertices 0..1");
/// ```
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum WakError {
    /// An edge names a vertex that does not exist.
    #[error("edge {u}-{v} names vertex {vertex}, but the graph has vertices 0..{}", order.saturating_sub(1))]
    MissingVertex {
        /// First endpoint.
        u: usize,
        /// Second endpoint.
        v: usize,
        /// The offending endpoint.
        vertex: usize,
        /// Number of vertices of the graph.
        order: usize,
    },
    /// A vertex index is out of range (for a reduction, a move, a weight update).
    #[error("vertex {vertex} does not exist (the graph has {order} vertices)")]
    NoSuchVertex {
        /// The index given.
        vertex: usize,
        /// Number of vertices of the graph.
        order: usize,
    },
    /// The same edge (or loop) is listed twice.
    #[error("edge {u}-{v} is listed twice")]
    DuplicateEdge {
        /// First endpoint.
        u: usize,
        /// Second endpoint.
        v: usize,
    },
    /// More vertices than the crate handles.
    #[error("{order} vertices; weighted graphs have at most {max}")]
    TooManyVertices {
        /// Vertices requested.
        order: usize,
        /// The largest supported.
        max: usize,
    },
    /// The weights do not fit: their sum must fit in a `u64`.
    #[error("the weights sum to more than {}", u64::MAX)]
    WeightOverflow,
    /// A token of a weight list or an edge list could not be read.
    #[error("cannot read {what} '{token}': {reason}")]
    Parse {
        /// What was being read ("weight", "edge").
        what: &'static str,
        /// The offending token.
        token: String,
        /// Why it was refused.
        reason: &'static str,
    },
    /// A move that is not legal in the position.
    #[error("illegal move {0}")]
    IllegalMove(String),
    /// A reduction whose precondition (docs/claims/README.md section 4) does not hold.
    #[error("{reduction} does not apply: {reason}")]
    NotApplicable {
        /// The reduction refused.
        reduction: Reduction,
        /// The precondition that fails.
        reason: String,
    },
    /// The remaining game is too long for the search (its total weight after reduction).
    #[error("total weight {total} after reduction exceeds the search limit {max}")]
    TooDeep {
        /// The total weight left after reduction.
        total: u64,
        /// The limit.
        max: u64,
    },
    /// The Arc-Kayles expansion would be too large.
    #[error("the Arc-Kayles expansion would have {order} vertices; at most {max} are built")]
    ExpansionTooLarge {
        /// Vertices the expansion would have.
        order: u128,
        /// The largest built.
        max: usize,
    },
    /// A board string is empty or has an empty row.
    #[error("empty board (or empty row {row})")]
    EmptyBoard {
        /// The first empty row (0-based).
        row: usize,
    },
    /// Rows of different lengths.
    #[error("ragged board: row {row} has {len} squares, row 0 has {expected}")]
    RaggedBoard {
        /// The offending row (0-based).
        row: usize,
        /// Its length.
        len: usize,
        /// The length of row 0.
        expected: usize,
    },
    /// A character other than '.', '#', 'R' (or '/' between rows).
    #[error("unknown character '{ch}' at row {row}, column {col} (use '.', '#', 'R', '/')")]
    UnknownSquare {
        /// The character.
        ch: char,
        /// Its row (0-based).
        row: usize,
        /// Its column (0-based).
        col: usize,
    },
    /// Two placed rooks attack each other.
    #[error("rooks at ({r1}, {c1}) and ({r2}, {c2}) attack each other")]
    AttackingRooks {
        /// Row of the first rook.
        r1: usize,
        /// Column of the first rook.
        c1: usize,
        /// Row of the second rook.
        r2: usize,
        /// Column of the second rook.
        c2: usize,
    },
    /// A board with more squares than the rook solver holds.
    #[error("board of {squares} squares; at most {max} are supported")]
    BoardTooLarge {
        /// Squares of the board.
        squares: usize,
        /// The largest supported.
        max: usize,
    },
    /// WAK-ROOKS failed: the direct rook search and WAK on a cover disagree.
    #[error(
        "WAK-ROOKS fails on {board}: direct {direct}, maximal rectangles {maximal}, unit \
         segments {unit}"
    )]
    RooksDisagree {
        /// The board, in the parse format.
        board: String,
        /// Direct rook search.
        direct: u32,
        /// WAK on the maximal-rectangle cover.
        maximal: u32,
        /// WAK on the unit-segment cover.
        unit: u32,
    },
    /// The Arc-Kayles engine of `kayles-core` refused the expansion.
    #[error(transparent)]
    Search(#[from] SearchError),
}
