//! Board coordinates of the board families (`grid:RxC`, `queens:N`): how a cell is named
//! for people (`kayles moves`, `kayles play`, the pictures), defined once here.
//!
//! **The convention.** The cell in row `r` and column `c`, both counted from 1 (row 1 at
//! the top, column 1 at the left, as in a matrix), is named `r{r}c{c}` (`r2c3`), and is
//! vertex `(r - 1) * C + (c - 1)` of the family graph on a board of `C` columns: the
//! families' row-by-row vertex order. So `r1c1` is vertex 0, and on `grid:3x4` the cell
//! `r2c3` is vertex 6. Labels are read case-insensitively (`R2C3`).
//!
//! ```
//! use kayles_graph::board::Board;
//! let board = Board::of_spec("grid:3x4").unwrap().unwrap();
//! assert_eq!(board.label(6), "r2c3");
//! assert_eq!(board.parse_label("r2c3"), Ok(6));
//! assert!(Board::of_spec("path:5").unwrap().is_none());
//! ```

use crate::families::{self, FamilyError};
use thiserror::Error;

/// The rows and columns of a board family graph.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Board {
    /// Rows, numbered `1..=rows` from the top.
    pub rows: usize,
    /// Columns, numbered `1..=cols` from the left.
    pub cols: usize,
}

/// Why a text does not name a cell of a board.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum CellError {
    /// The text is not of the form `r{row}c{column}`.
    #[error("'{0}' is not a cell (cells are named by row and column from 1, like r2c3)")]
    NotACell(String),
    /// A cell name outside the board.
    #[error("{label} is not on the {rows}x{cols} board (rows 1..{rows}, columns 1..{cols})")]
    OffBoard {
        /// The cell as typed, normalized (`r9c1`).
        label: String,
        /// The board's rows.
        rows: usize,
        /// The board's columns.
        cols: usize,
    },
}

impl Board {
    /// The board of a family spec: `grid:RxC` is `R` by `C`, `queens:N` is `N` by `N`;
    /// `Ok(None)` for the other families, and errors as [`families::build`] for a spec
    /// that names no graph.
    ///
    /// ```
    /// use kayles_graph::board::Board;
    /// assert_eq!(Board::of_spec("queens:5").unwrap(), Some(Board { rows: 5, cols: 5 }));
    /// assert!(Board::of_spec("grid:3").is_err());
    /// ```
    pub fn of_spec(spec: &str) -> Result<Option<Board>, FamilyError> {
        let spec = spec.trim();
        let graph = families::build(spec)?;
        let (name, params) = spec.split_once(':').unwrap_or((spec, ""));
        let number = |text: &str| text.trim().parse::<usize>().ok();
        let board = match name {
            "grid" => params
                .split_once(['x', 'X'])
                .and_then(|(r, c)| Some((number(r)?, number(c)?))),
            "queens" => number(params).map(|n| (n, n)),
            _ => None,
        };
        Ok(board.map(|(rows, cols)| {
            debug_assert_eq!(rows * cols, graph.order());
            Board { rows, cols }
        }))
    }

    /// The number of cells.
    pub fn cells(&self) -> usize {
        self.rows * self.cols
    }

    /// The row and column of vertex `v`, both from 1.
    pub fn cell(&self, v: usize) -> (usize, usize) {
        (v / self.cols + 1, v % self.cols + 1)
    }

    /// The vertex of the cell in `row` and `col` (from 1), if it is on the board.
    pub fn vertex(&self, row: usize, col: usize) -> Option<usize> {
        ((1..=self.rows).contains(&row) && (1..=self.cols).contains(&col))
            .then(|| (row - 1) * self.cols + col - 1)
    }

    /// The name of vertex `v`: `r{row}c{column}`.
    pub fn label(&self, v: usize) -> String {
        let (row, col) = self.cell(v);
        format!("r{row}c{col}")
    }

    /// The vertex a cell name stands for.
    ///
    /// ```
    /// use kayles_graph::board::{Board, CellError};
    /// let board = Board { rows: 3, cols: 4 };
    /// assert_eq!(board.parse_label("R1C4"), Ok(3));
    /// assert_eq!(
    ///     board.parse_label("r4c1").unwrap_err().to_string(),
    ///     "r4c1 is not on the 3x4 board (rows 1..3, columns 1..4)"
    /// );
    /// assert!(matches!(board.parse_label("b3"), Err(CellError::NotACell(_))));
    /// ```
    pub fn parse_label(&self, text: &str) -> Result<usize, CellError> {
        let (row, col) = parse_cell(text).ok_or_else(|| CellError::NotACell(text.to_string()))?;
        self.vertex(row, col).ok_or(CellError::OffBoard {
            label: format!("r{row}c{col}"),
            rows: self.rows,
            cols: self.cols,
        })
    }
}

/// The row and column of a text of the form `r{row}c{column}` (any case), not checked
/// against a board.
///
/// ```
/// use kayles_graph::board::parse_cell;
/// assert_eq!(parse_cell("r10c2"), Some((10, 2)));
/// assert_eq!(parse_cell("rc2"), None);
/// ```
pub fn parse_cell(text: &str) -> Option<(usize, usize)> {
    let text = text.trim().to_ascii_lowercase();
    let rest = text.strip_prefix('r')?;
    let (row, col) = rest.split_once('c')?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(row) || !digits(col) {
        return None;
    }
    Some((row.parse().ok()?, col.parse().ok()?))
}
