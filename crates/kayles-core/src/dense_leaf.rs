//! Win or loss of `G + *h` for a Node Kayles graph `G` of at most [`MAX_LEAF_ORDER`]
//! vertices, by a plain search on vertex subsets: the leaves of the outcome method on
//! dense components.
//!
//! Where the engine computes the nimber of every option of a component (to fold it into
//! the heap), this search only asks whether `G + *h` is a win, and stops at the first
//! losing option. On a dense graph a Node Kayles move deletes a large closed
//! neighbourhood, so a line of play is a few moves long; the search does not split
//! positions into components, keys nothing but the subset, and reads every subset of at
//! most [`TABLE_ORDER`] vertices from the complete [`small_table`]s.
//!
//! What it learns of a subset is kept as the engine keeps it ([`Record`]): the heaps at
//! which the subset is known to win, and its nimber once a heap is known to lose. The
//! table is kept while the graph stays the same, so the rounds `h = 0, 1, 2, ...` of one
//! component share it.

use crate::engine::Record;
use crate::small_table::{self, TableGame, TABLE_ORDER};

/// The largest graph a [`DenseLeaf`] takes.
pub const MAX_LEAF_ORDER: usize = 64;

/// One subset's entry: valid when `stamp` is the leaf's current stamp.
#[derive(Clone, Copy, Default)]
struct Entry {
    set: u64,
    stamp: u32,
    record: Record,
}

/// The search and its table of subsets (reused from one graph to the next).
///
/// ```
/// use kayles_core::dense_leaf::DenseLeaf;
/// let mut leaf = DenseLeaf::default();
/// // The complete graph K_9 is worth 1: it wins alone, and loses beside a heap of 1.
/// let k9: Vec<u64> = (0..9).map(|i| 0x1ff & !(1 << i)).collect();
/// assert!(leaf.node_kayles_wins(&k9, 0));
/// assert!(!leaf.node_kayles_wins(&k9, 1));
/// assert!(leaf.node_kayles_wins(&k9, 2));
/// ```
#[derive(Default)]
pub struct DenseLeaf {
    /// The rows of neighbours of the graph being searched.
    rows: Vec<u64>,
    /// The closed neighbourhoods of its vertices.
    closed: Vec<u64>,
    entries: Vec<Entry>,
    stamp: u32,
    /// Entries of the current stamp.
    used: usize,
    /// The options of the subsets on the search path, one block per level, each as its
    /// number of vertices (high half) and the subset (low half), in search order once
    /// sorted.
    children: Vec<u128>,
    /// Subsets searched (not settled by the table or the memo), since the leaf was made.
    pub positions: u64,
    /// A deliberate error, for tests only: the first option searched decides the node.
    #[doc(hidden)]
    pub first_option_decides: bool,
}

impl DenseLeaf {
    /// Whether `G + *heap` is a win for the player to move, `G` the graph whose vertex `i`
    /// has the neighbours `rows[i]` (bit `j` for vertex `j`; at most [`MAX_LEAF_ORDER`]
    /// vertices).
    pub fn node_kayles_wins(&mut self, rows: &[u64], heap: u8) -> bool {
        assert!(
            rows.len() <= MAX_LEAF_ORDER,
            "a leaf graph has at most 64 vertices"
        );
        if rows != self.rows.as_slice() {
            self.rows.clear();
            self.rows.extend_from_slice(rows);
            self.closed.clear();
            self.closed
                .extend(rows.iter().enumerate().map(|(i, &row)| row | 1 << i));
            self.new_stamp();
        }
        let all = if rows.len() == 64 {
            u64::MAX
        } else {
            (1u64 << rows.len()) - 1
        };
        self.wins(all, heap)
    }

    fn new_stamp(&mut self) {
        if self.stamp == u32::MAX {
            self.entries.iter_mut().for_each(|e| e.stamp = 0);
            self.stamp = 0;
        }
        self.stamp += 1;
        self.used = 0;
        if self.entries.is_empty() {
            self.entries = vec![Entry::default(); 1 << 12];
        }
    }

    #[inline]
    fn slot(&self, set: u64) -> usize {
        let h = (set ^ set >> 29).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        (h >> 32) as usize & (self.entries.len() - 1)
    }

    /// What the table knows of `set`.
    #[inline]
    fn record(&self, set: u64) -> Record {
        let mut i = self.slot(set);
        loop {
            let e = &self.entries[i];
            if e.stamp != self.stamp {
                return Record::UNKNOWN;
            }
            if e.set == set {
                return e.record;
            }
            i = (i + 1) & (self.entries.len() - 1);
        }
    }

    /// Merges `record` into the entry of `set`.
    fn learn(&mut self, set: u64, record: Record) {
        if 2 * (self.used + 1) > self.entries.len() {
            self.grow();
        }
        let mask = self.entries.len() - 1;
        let mut i = self.slot(set);
        loop {
            let e = &mut self.entries[i];
            if e.stamp != self.stamp {
                *e = Entry {
                    set,
                    stamp: self.stamp,
                    record,
                };
                self.used += 1;
                return;
            }
            if e.set == set {
                e.record = e.record.merge(record);
                return;
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let old = std::mem::take(&mut self.entries);
        self.entries = vec![Entry::default(); 2 * old.len()];
        let mask = self.entries.len() - 1;
        for e in old.into_iter().filter(|e| e.stamp == self.stamp) {
            let mut i = self.slot(e.set);
            while self.entries[i].stamp == self.stamp {
                i = (i + 1) & mask;
            }
            self.entries[i] = e;
        }
    }

    /// The nimber of a subset of at most [`TABLE_ORDER`] vertices.
    #[inline]
    fn table_value(&self, set: u64) -> u8 {
        small_table::value(TableGame::Node, &self.rows, set)
    }

    /// Whether `set + *heap` is a win.
    fn wins(&mut self, set: u64, heap: u8) -> bool {
        let order = set.count_ones();
        if order as usize <= TABLE_ORDER {
            return self.table_value(set) != heap;
        }
        // A subset of k vertices has at most k options, so its nimber is at most k: a
        // larger heap moves to it.
        if u32::from(heap) > order {
            return true;
        }
        let known = self.record(set);
        if let Some(win) = known.wins(heap) {
            return win;
        }
        self.positions += 1;
        let win = self.option_wins(set, heap) || self.heap_move_wins(set, heap, known);
        self.learn(set, Record::decided(heap, win));
        win
    }

    /// Whether a move in `set` (the heap left at `heap`) is a loss. Options settled by
    /// the tables or the memo are looked at first; the others are searched fewest
    /// vertices first (the most forcing moves).
    fn option_wins(&mut self, set: u64, heap: u8) -> bool {
        let base = self.children.len();
        let mut left = set;
        while left != 0 {
            let v = left.trailing_zeros() as usize;
            left &= left - 1;
            let child = set & !self.closed[v];
            let order = child.count_ones();
            let settled = if order as usize <= TABLE_ORDER {
                Some(self.table_value(child) != heap)
            } else {
                self.record(child).wins(heap)
            };
            match settled {
                Some(false) => {
                    self.children.truncate(base);
                    return true;
                }
                Some(true) => {}
                None => self
                    .children
                    .push(u128::from(order) << 64 | u128::from(child)),
            }
        }
        let end = self.children.len();
        self.children[base..end].sort_unstable();
        let mut won = false;
        for c in base..end {
            let child = self.children[c];
            if c > base && child == self.children[c - 1] {
                continue;
            }
            if !self.wins(child as u64, heap) {
                won = true;
                break;
            }
            if self.first_option_decides {
                break;
            }
        }
        self.children.truncate(base);
        won
    }

    /// Whether a heap move wins: `set + *q` loses for some `q < heap`.
    fn heap_move_wins(&mut self, set: u64, heap: u8, known: Record) -> bool {
        (0..heap).any(|q| known.wins(q) != Some(true) && !self.wins(set, q))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::brute;

    /// Random graphs of 1 to 14 vertices and of every density, against the definition:
    /// `G + *h` wins exactly when `h` is not the nimber of `G`.
    #[test]
    fn agrees_with_the_definition() {
        let wrong = disagreements(false);
        assert!(
            wrong.is_empty(),
            "{} wrong, first: {}",
            wrong.len(),
            wrong[0]
        );
    }

    /// The check can fail: with a wrong cutoff (the first option searched decides), the
    /// same graphs show it.
    #[test]
    fn a_wrong_cutoff_is_caught() {
        assert!(!disagreements(true).is_empty());
    }

    /// The questions of [`agrees_with_the_definition`] the leaf answers wrong.
    fn disagreements(first_option_decides: bool) -> Vec<String> {
        let mut wrong = Vec::new();
        let mut leaf = DenseLeaf {
            first_option_decides,
            ..DenseLeaf::default()
        };
        for (rows, edges, g) in brute::random_graphs(0x2545_f491_4f6c_dd1d, 400, 14) {
            let k = rows.len();
            let nimber = brute::node_kayles(&g, (1u128 << k) - 1);
            // Heaps asked in a scrambled order, so that the table is read both ways.
            for h in [3u8, 0, 5, 1, 2, 4, 6] {
                if leaf.node_kayles_wins(&rows, h) != (u32::from(h) != nimber) {
                    wrong.push(format!("{edges:?} + *{h}: the nimber is {nimber}"));
                }
            }
        }
        wrong
    }
}
