//! WAK-ROOKS: placing non-attacking rooks on a board with holes, solved directly and as
//! Weighted Arc-Kayles through rectangle covers.
//!
//! A board is written row by row, rows separated by '/': '.' a free square, '#' a hole,
//! 'R' a placed rook (`"..#/.../#.."`). A rook attacks along its row and its column until a
//! hole or the edge. A move places a rook on a free square attacked by no rook.
//!
//! A *vertical rectangle* is a hole-free rectangle bounded above and below by holes or the
//! edge (so each of its columns is one whole vertical run); a *horizontal rectangle* is
//! bounded left and right. A cover uses either unit segments (one rectangle per run) or
//! maximal rectangles (adjacent runs with the same span merged). The WAK position has a
//! vertex per vertical rectangle (weight: its columns minus the rooks in it), a vertex per
//! horizontal rectangle (weight: its rows minus the rooks in it), and an edge when two
//! rectangles intersect.

use crate::error::WakError;
use crate::position::WeightedGraph;
use crate::solve::Solver;
use hashbrown::HashMap;
use std::fmt;

/// The most squares a board has (the direct solver keeps the free squares in a `u128`).
pub const MAX_SQUARES: usize = 128;

/// A square of the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Cell {
    /// A free square, '.'.
    Free,
    /// A hole, '#'.
    Hole,
    /// A placed rook, 'R'.
    Rook,
}

/// A rectangular board of free squares, holes and placed (non-attacking) rooks.
///
/// ```
/// use wak_reduce::rooks::{Board, Cover};
/// let b = Board::parse("..#/.../#..").unwrap();
/// assert_eq!((b.rows(), b.cols()), (3, 3));
/// assert_eq!(b.to_string(), "..#/.../#..");
/// assert_eq!(b.nimber_direct(), b.nimber_via_wak(Cover::MaximalRectangles).unwrap());
/// assert!(Board::parse("../...").is_err());
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Board {
    rows: usize,
    cols: usize,
    cells: Vec<Cell>,
}

/// Which rectangle cover turns a board into a WAK position.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Cover {
    /// One rectangle per maximal run of a single column (vertical) or row (horizontal).
    UnitSegments,
    /// Adjacent runs with the same span merged into maximal rectangles.
    MaximalRectangles,
}

/// A rectangle of squares, rows `top..=bottom`, columns `left..=right`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Rect {
    /// First row.
    pub top: usize,
    /// Last row.
    pub bottom: usize,
    /// First column.
    pub left: usize,
    /// Last column.
    pub right: usize,
}

impl Rect {
    /// Whether the two rectangles share a square.
    pub fn intersects(&self, other: &Rect) -> bool {
        self.top <= other.bottom
            && other.top <= self.bottom
            && self.left <= other.right
            && other.left <= self.right
    }

    /// Whether `(r, c)` lies in the rectangle.
    pub fn contains(&self, r: usize, c: usize) -> bool {
        (self.top..=self.bottom).contains(&r) && (self.left..=self.right).contains(&c)
    }

    fn transpose(self) -> Rect {
        Rect {
            top: self.left,
            bottom: self.right,
            left: self.top,
            right: self.bottom,
        }
    }
}

impl Board {
    /// A board of free squares.
    ///
    /// ```
    /// use wak_reduce::rooks::Board;
    /// assert_eq!(Board::new(2, 3).unwrap().to_string(), ".../...");
    /// assert!(Board::new(12, 12).is_err());
    /// ```
    pub fn new(rows: usize, cols: usize) -> Result<Board, WakError> {
        if rows == 0 || cols == 0 {
            return Err(WakError::EmptyBoard { row: 0 });
        }
        Self::checked(rows, cols, vec![Cell::Free; rows * cols])
    }

    fn checked(rows: usize, cols: usize, cells: Vec<Cell>) -> Result<Board, WakError> {
        if rows * cols > MAX_SQUARES {
            return Err(WakError::BoardTooLarge {
                squares: rows * cols,
                max: MAX_SQUARES,
            });
        }
        let b = Board { rows, cols, cells };
        for (i, &(r1, c1)) in b.rooks().iter().enumerate() {
            for &(r2, c2) in &b.rooks()[i + 1..] {
                if b.same_row_run(r1, c1, r2, c2) || b.same_col_run(r1, c1, r2, c2) {
                    return Err(WakError::AttackingRooks { r1, c1, r2, c2 });
                }
            }
        }
        Ok(b)
    }

    /// Reads a board: rows of '.', '#', 'R' separated by '/' (surrounding whitespace is
    /// ignored).
    ///
    /// Errors: an empty board or row, rows of different lengths, another character, two
    /// rooks attacking each other, more than [`MAX_SQUARES`] squares.
    ///
    /// ```
    /// use wak_reduce::{rooks::Board, WakError};
    /// assert!(matches!(Board::parse(".x"), Err(WakError::UnknownSquare { ch: 'x', row: 0, col: 1 })));
    /// assert!(matches!(Board::parse("R.R"), Err(WakError::AttackingRooks { .. })));
    /// assert!(Board::parse("R#R").is_ok());
    /// ```
    pub fn parse(s: &str) -> Result<Board, WakError> {
        let lines: Vec<&str> = s.trim().split('/').collect();
        let mut cells = Vec::new();
        let mut cols = 0;
        for (row, line) in lines.iter().enumerate() {
            let len = line.chars().count();
            if len == 0 {
                return Err(WakError::EmptyBoard { row });
            }
            if row == 0 {
                cols = len;
            } else if len != cols {
                return Err(WakError::RaggedBoard {
                    row,
                    len,
                    expected: cols,
                });
            }
            for (col, ch) in line.chars().enumerate() {
                cells.push(match ch {
                    '.' => Cell::Free,
                    '#' => Cell::Hole,
                    'R' => Cell::Rook,
                    _ => return Err(WakError::UnknownSquare { ch, row, col }),
                });
            }
        }
        Self::checked(lines.len(), cols, cells)
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The square at row `r`, column `c`.
    ///
    /// # Panics
    /// If the square is off the board.
    pub fn cell(&self, r: usize, c: usize) -> Cell {
        assert!(
            r < self.rows && c < self.cols,
            "square ({r}, {c}) is off the board"
        );
        self.cells[r * self.cols + c]
    }

    /// The placed rooks, row by row.
    pub fn rooks(&self) -> Vec<(usize, usize)> {
        (0..self.rows * self.cols)
            .filter(|&i| self.cells[i] == Cell::Rook)
            .map(|i| (i / self.cols, i % self.cols))
            .collect()
    }

    fn same_row_run(&self, r1: usize, c1: usize, r2: usize, c2: usize) -> bool {
        r1 == r2 && (c1.min(c2)..=c1.max(c2)).all(|c| self.cell(r1, c) != Cell::Hole)
    }

    fn same_col_run(&self, r1: usize, c1: usize, r2: usize, c2: usize) -> bool {
        c1 == c2 && (r1.min(r2)..=r1.max(r2)).all(|r| self.cell(r, c1) != Cell::Hole)
    }

    /// Whether a rook attacks `(r, c)` (along its row or column, up to a hole or the edge).
    pub fn is_attacked(&self, r: usize, c: usize) -> bool {
        self.rooks()
            .iter()
            .any(|&(rr, rc)| self.same_row_run(r, c, rr, rc) || self.same_col_run(r, c, rr, rc))
    }

    /// The legal moves: free squares attacked by no rook, row by row.
    pub fn legal_moves(&self) -> Vec<(usize, usize)> {
        (0..self.rows)
            .flat_map(|r| (0..self.cols).map(move |c| (r, c)))
            .filter(|&(r, c)| self.cell(r, c) == Cell::Free && !self.is_attacked(r, c))
            .collect()
    }

    /// The board after placing a rook on `(r, c)`, or an error if that is not a legal move.
    pub fn place(&self, r: usize, c: usize) -> Result<Board, WakError> {
        if r >= self.rows
            || c >= self.cols
            || self.cell(r, c) != Cell::Free
            || self.is_attacked(r, c)
        {
            return Err(WakError::IllegalMove(format!("rook on ({r}, {c})")));
        }
        let mut b = self.clone();
        b.cells[r * self.cols + c] = Cell::Rook;
        Ok(b)
    }

    fn transpose(&self) -> Board {
        let cells = (0..self.cols)
            .flat_map(|c| (0..self.rows).map(move |r| (r, c)))
            .map(|(r, c)| self.cell(r, c));
        Board {
            rows: self.cols,
            cols: self.rows,
            cells: cells.collect(),
        }
    }

    /// Vertical rectangles, column by column (each column's runs top to bottom).
    fn vertical(&self, cover: Cover) -> Vec<Rect> {
        let runs = |c: usize| -> Vec<(usize, usize)> {
            let mut out = Vec::new();
            let mut r = 0;
            while r < self.rows {
                if self.cell(r, c) == Cell::Hole {
                    r += 1;
                    continue;
                }
                let top = r;
                while r < self.rows && self.cell(r, c) != Cell::Hole {
                    r += 1;
                }
                out.push((top, r - 1));
            }
            out
        };
        let all: Vec<Vec<(usize, usize)>> = (0..self.cols).map(runs).collect();
        let mut out = Vec::new();
        for c in 0..self.cols {
            for &(top, bottom) in &all[c] {
                match cover {
                    Cover::UnitSegments => out.push(Rect {
                        top,
                        bottom,
                        left: c,
                        right: c,
                    }),
                    Cover::MaximalRectangles => {
                        if c > 0 && all[c - 1].contains(&(top, bottom)) {
                            continue; // part of a rectangle started further left
                        }
                        let mut right = c;
                        while right + 1 < self.cols && all[right + 1].contains(&(top, bottom)) {
                            right += 1;
                        }
                        out.push(Rect {
                            top,
                            bottom,
                            left: c,
                            right,
                        });
                    }
                }
            }
        }
        out
    }

    /// The vertical and the horizontal rectangles of a cover.
    ///
    /// ```
    /// use wak_reduce::rooks::{Board, Cover};
    /// let b = Board::parse("../..").unwrap();
    /// assert_eq!(b.rectangles(Cover::UnitSegments).0.len(), 2);
    /// assert_eq!(b.rectangles(Cover::MaximalRectangles).0.len(), 1);
    /// ```
    pub fn rectangles(&self, cover: Cover) -> (Vec<Rect>, Vec<Rect>) {
        let vertical = self.vertical(cover);
        let horizontal = self
            .transpose()
            .vertical(cover)
            .into_iter()
            .map(Rect::transpose)
            .collect();
        (vertical, horizontal)
    }

    /// The WAK position of a cover: the vertical rectangles (vertices `0..`), then the
    /// horizontal ones; errors if it has more than
    /// [`MAX_VERTICES`](crate::position::MAX_VERTICES) vertices.
    ///
    /// ```
    /// use wak_reduce::rooks::{Board, Cover};
    /// let b = Board::parse("..../..../..../....").unwrap();
    /// assert_eq!(b.to_wak(Cover::MaximalRectangles).unwrap().to_string(), "weights 4,4 edges 0-1");
    /// ```
    pub fn to_wak(&self, cover: Cover) -> Result<WeightedGraph, WakError> {
        let (vertical, horizontal) = self.rectangles(cover);
        let rooks = self.rooks();
        let inside =
            |rect: &Rect| rooks.iter().filter(|&&(r, c)| rect.contains(r, c)).count() as u64;
        let mut weights: Vec<u64> = vertical
            .iter()
            .map(|v| (v.right - v.left + 1) as u64 - inside(v))
            .collect();
        weights.extend(
            horizontal
                .iter()
                .map(|h| (h.bottom - h.top + 1) as u64 - inside(h)),
        );
        let mut edges = Vec::new();
        for (i, v) in vertical.iter().enumerate() {
            for (j, h) in horizontal.iter().enumerate() {
                if v.intersects(h) {
                    edges.push((i, vertical.len() + j));
                }
            }
        }
        WeightedGraph::new(&weights, &edges)
    }

    /// The Grundy value of the rook game by direct memoized search over the sets of
    /// available squares.
    pub fn nimber_direct(&self) -> u32 {
        RookSearch::new(self).run()
    }

    /// The Grundy value through a cover and the WAK [`Solver`].
    pub fn nimber_via_wak(&self, cover: Cover) -> Result<u32, WakError> {
        Solver::new().nimber(&self.to_wak(cover)?)
    }
}

/// The value of a board by the three routes of WAK-ROOKS ([`Board::nimbers`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RookNimbers {
    /// Direct rook search ([`Board::nimber_direct`]).
    pub direct: u32,
    /// WAK on the maximal-rectangle cover.
    pub via_maximal_rectangles: u32,
    /// WAK on the unit-segment cover.
    pub via_unit_segments: u32,
}

impl Board {
    /// The value by direct search and through both covers as WAK (WAK-ROOKS); a
    /// disagreement is the error [`WakError::RooksDisagree`].
    ///
    /// ```
    /// use wak_reduce::rooks::Board;
    /// let values = Board::parse("..#/.../#..").unwrap().nimbers().unwrap();
    /// assert_eq!(values.direct, values.via_unit_segments);
    /// assert_eq!(Board::parse(".../.../...").unwrap().nimbers().unwrap().direct, 1);
    /// ```
    pub fn nimbers(&self) -> Result<RookNimbers, WakError> {
        let direct = self.nimber_direct();
        let maximal = self.nimber_via_wak(Cover::MaximalRectangles)?;
        let unit = self.nimber_via_wak(Cover::UnitSegments)?;
        if direct != maximal || direct != unit {
            return Err(WakError::RooksDisagree {
                board: self.to_string(),
                direct,
                maximal,
                unit,
            });
        }
        Ok(RookNimbers {
            direct,
            via_maximal_rectangles: maximal,
            via_unit_segments: unit,
        })
    }
}

impl fmt::Display for Board {
    /// The parse format, `"..#/.R./#.."`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..self.rows {
            if r > 0 {
                f.write_str("/")?;
            }
            for c in 0..self.cols {
                f.write_str(match self.cell(r, c) {
                    Cell::Free => ".",
                    Cell::Hole => "#",
                    Cell::Rook => "R",
                })?;
            }
        }
        Ok(())
    }
}

/// The direct search: a position is the set of squares still available; placing a rook on
/// `s` removes the squares of its row run and its column run.
struct RookSearch {
    kill: Vec<u128>,
    start: u128,
    memo: HashMap<u128, u32>,
}

impl RookSearch {
    fn new(b: &Board) -> Self {
        let n = b.rows * b.cols;
        let mut kill = vec![0u128; n];
        for (s, k) in kill.iter_mut().enumerate() {
            let (r, c) = (s / b.cols, s % b.cols);
            if b.cell(r, c) == Cell::Hole {
                continue;
            }
            for t in 0..n {
                let (r2, c2) = (t / b.cols, t % b.cols);
                if b.same_row_run(r, c, r2, c2) || b.same_col_run(r, c, r2, c2) {
                    *k |= 1 << t;
                }
            }
        }
        let start = b
            .legal_moves()
            .iter()
            .fold(0u128, |m, &(r, c)| m | 1 << (r * b.cols + c));
        RookSearch {
            kill,
            start,
            memo: HashMap::new(),
        }
    }

    fn run(&mut self) -> u32 {
        self.value(self.start)
    }

    fn value(&mut self, avail: u128) -> u32 {
        if avail == 0 {
            return 0;
        }
        if let Some(&v) = self.memo.get(&avail) {
            return v;
        }
        let mut seen: Vec<u64> = Vec::new();
        let mut left = avail;
        while left != 0 {
            let s = left.trailing_zeros() as usize;
            left &= left - 1;
            let x = self.value(avail & !self.kill[s]) as usize;
            if seen.len() <= x / 64 {
                seen.resize(x / 64 + 1, 0);
            }
            seen[x / 64] |= 1 << (x % 64);
        }
        let v = kayles_core::mex::of_bits(&seen);
        self.memo.insert(avail, v);
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maximal_rectangles_merge_equal_spans() {
        let b = Board::parse("...#/#..#/....").unwrap();
        let (v, h) = b.rectangles(Cover::MaximalRectangles);
        // Columns: 0 -> rows 0 and 2 (two runs), 1 and 2 -> rows 0..2 (merged), 3 -> row 2.
        assert_eq!(v.len(), 4);
        assert!(v.contains(&Rect {
            top: 0,
            bottom: 2,
            left: 1,
            right: 2
        }));
        // Rows: 0 -> cols 0..2, 1 -> cols 1..2, 2 -> cols 0..3; no equal spans adjacent.
        assert_eq!(h.len(), 3);
    }

    #[test]
    fn rooks_lower_the_weights() {
        let b = Board::parse("R./..").unwrap();
        let g = b.to_wak(Cover::MaximalRectangles).unwrap();
        assert_eq!(g.weights(), &[1, 1]);
        assert_eq!(b.legal_moves(), vec![(1, 1)]);
        assert_eq!(b.nimber_direct(), 1);
    }
}
