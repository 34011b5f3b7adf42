//! Nimbers of small graphs computed at once: every position reachable from the whole
//! graph is a subset of its vertices, so a graph of `k <= 16` vertices is solved by a
//! memoized mex over subsets (`2^k` one-byte slots, no hashing, no components, no keys).
//! Subsets of at most [`TABLE_ORDER`] vertices are not searched at all: their values are
//! read from the complete tables of [`small_table`](crate::leaves::small_table), shared by every
//! solver of the process. The search hands it every component of at most
//! [`SearchConfig::small_order`](crate::engine::SearchConfig::small_order) vertices: at that
//! size this costs less than one memo lookup and search node of the general engine.

use crate::leaves::small_table::{self, TableGame, TABLE_ORDER};
use crate::rules::closed_of;

/// The largest graph a [`SmallSolver`] takes.
pub const MAX_SMALL_ORDER: usize = 16;

/// Reusable tables for [`SmallSolver::node_kayles`] and [`SmallSolver::arc_kayles`]: the
/// values of subsets, valid where their stamp is the current generation.
///
/// ```
/// use kayles_core::leaves::small::SmallSolver;
/// let mut solver = SmallSolver::default();
/// // The path on four vertices, as rows of neighbours: Node Kayles 0 (Dawson's chess at
/// // 4), Arc Kayles 2 (Dawson's chess at 3).
/// let p4 = [0b0010, 0b0101, 0b1010, 0b0100];
/// assert_eq!(solver.node_kayles(&p4), 0);
/// assert_eq!(solver.arc_kayles(&p4), 2);
/// ```
#[derive(Default)]
pub struct SmallSolver {
    values: Vec<u8>,
    stamps: Vec<u32>,
    generation: u32,
    /// The game being solved.
    game: Option<TableGame>,
    /// The rows of neighbours of the graph being solved.
    rows: Vec<u64>,
    /// The moves of the graph being solved: (the vertices the move needs, the vertices it
    /// deletes).
    moves: Vec<(u16, u16)>,
}

impl SmallSolver {
    /// Node Kayles on the graph whose vertex `i` has the neighbours `open[i]` (bit `j` for
    /// vertex `j`; at most [`MAX_SMALL_ORDER`] vertices): a move deletes a closed
    /// neighbourhood.
    pub fn node_kayles(&mut self, open: &[u64]) -> u8 {
        self.set_graph(TableGame::Node, open);
        if open.len() <= TABLE_ORDER {
            return self.table_value(((1u32 << open.len()) - 1) as u16);
        }
        self.moves.clear();
        self.moves.extend(
            open.iter()
                .enumerate()
                .map(|(i, &row)| (1 << i, closed_of(row, i) as u16)),
        );
        self.solve(open.len())
    }

    /// Arc Kayles on the graph whose vertex `i` has the neighbours `open[i]`: a move deletes
    /// the two ends of an edge.
    pub fn arc_kayles(&mut self, open: &[u64]) -> u8 {
        self.set_graph(TableGame::Arc, open);
        if open.len() <= TABLE_ORDER {
            return self.table_value(((1u32 << open.len()) - 1) as u16);
        }
        self.moves.clear();
        for (i, &row) in open.iter().enumerate() {
            let mut later = row >> i >> 1;
            while later != 0 {
                let j = i + 1 + later.trailing_zeros() as usize;
                later &= later - 1;
                let ends = (1 << i | 1 << j) as u16;
                self.moves.push((ends, ends));
            }
        }
        self.solve(open.len())
    }

    fn set_graph(&mut self, game: TableGame, open: &[u64]) {
        assert!(
            open.len() <= MAX_SMALL_ORDER,
            "a small graph has at most 16 vertices"
        );
        self.game = Some(game);
        self.rows.clear();
        self.rows.extend_from_slice(open);
    }

    fn solve(&mut self, order: usize) -> u8 {
        let size = 1usize << order;
        if self.stamps.len() < size {
            self.stamps = vec![0; size];
            self.values = vec![0; size];
            self.generation = 0;
        }
        if self.generation == u32::MAX {
            self.stamps.fill(0);
            self.generation = 0;
        }
        self.generation += 1;
        self.value((size - 1) as u16)
    }

    /// The value of the subset `set`: the mex of its options' values.
    fn value(&mut self, set: u16) -> u8 {
        if set.count_ones() as usize <= TABLE_ORDER {
            return self.table_value(set);
        }
        let i = set as usize;
        if self.stamps[i] == self.generation {
            return self.values[i];
        }
        // A graph of at most 16 vertices has at most 120 moves: values below 128.
        let mut seen = 0u128;
        for m in 0..self.moves.len() {
            let (needs, deletes) = self.moves[m];
            if needs & set == needs {
                seen |= 1 << self.value(set & !deletes);
            }
        }
        let v = crate::mex::of_mask(seen) as u8;
        self.stamps[i] = self.generation;
        self.values[i] = v;
        v
    }

    /// The value of a subset of at most [`TABLE_ORDER`] vertices, from the tables.
    #[inline]
    fn table_value(&self, set: u16) -> u8 {
        let game = self.game.expect("a graph is being solved");
        small_table::value(game, &self.rows, u64::from(set))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::brute;

    /// Random graphs of 1 to 16 vertices and of every density, in both games, against the
    /// definition: above the tables' size the subset search, below it the tables.
    #[test]
    fn agrees_with_the_definition() {
        let mut solver = SmallSolver::default();
        for (open, edges, g) in brute::random_graphs(0x9e37_79b9_7f4a_7c15, 600, MAX_SMALL_ORDER) {
            let k = open.len();
            let all = (1u128 << k) - 1;
            assert_eq!(
                u32::from(solver.node_kayles(&open)),
                brute::node_kayles(&g, all),
                "node kayles, {edges:?}"
            );
            assert_eq!(
                u32::from(solver.arc_kayles(&open)),
                brute::arc_kayles(&g, all),
                "arc kayles, {edges:?}"
            );
        }
    }
}
