//! Canonical codes of weighted graphs with loops: the memo keys of the [solver](crate::solve),
//! so that isomorphic positions (same counters, loops and edges up to relabelling) share one
//! entry.
//!
//! Colour refinement starting from (weight, loop) colours, then individualization and
//! refinement: the smallest non-singleton cell is split by giving each of its vertices in
//! turn a colour of its own; each leaf (discrete colouring) orders the vertices, and the
//! code of the position in that order is `[n, weights..., loop mask, adjacency rows...]`.
//! The least code over the explored leaves is the key. The code encodes the whole position,
//! so equal codes mean isomorphic positions whatever the budget: a budget cut only costs
//! memo hits, never correctness.

use crate::position::{Ones, WeightedGraph};

/// Leaves of the individualization tree explored before settling for the best code.
pub(crate) const LEAF_BUDGET: usize = 32;

#[inline]
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

fn class_count(colour: &[u64]) -> usize {
    let mut c = colour.to_vec();
    c.sort_unstable();
    c.dedup();
    c.len()
}

fn refine(g: &WeightedGraph, colour: &mut Vec<u64>) {
    let n = colour.len();
    let mut classes = class_count(colour);
    let mut buf = Vec::with_capacity(n);
    loop {
        let next: Vec<u64> = (0..n)
            .map(|v| {
                buf.clear();
                buf.extend(Ones(g.adj_mask(v)).map(|u| colour[u]));
                buf.sort_unstable();
                buf.iter()
                    .fold(mix(colour[v]), |h, &x| mix(h.rotate_left(5) ^ x))
            })
            .collect();
        let c = class_count(&next);
        *colour = next;
        if c == classes {
            return;
        }
        classes = c;
    }
}

struct Search<'a> {
    g: &'a WeightedGraph,
    best: Vec<u64>,
    candidate: Vec<u64>,
    leaves: usize,
}

impl Search<'_> {
    fn explore(&mut self, mut colour: Vec<u64>) {
        refine(self.g, &mut colour);
        let n = colour.len();
        let mut sorted: Vec<(u64, usize)> = colour.iter().copied().zip(0..n).collect();
        sorted.sort_unstable();
        // Find the cells (runs of equal colour); pick the smallest non-singleton one, the
        // first such in colour order.
        let mut cell: Option<(usize, usize)> = None;
        let mut i = 0;
        while i < n {
            let mut j = i + 1;
            while j < n && sorted[j].0 == sorted[i].0 {
                j += 1;
            }
            if j - i > 1 && cell.map_or(true, |(a, b)| j - i < b - a) {
                cell = Some((i, j));
            }
            i = j;
        }
        match cell {
            None => {
                self.leaves += 1;
                let order: Vec<usize> = sorted.iter().map(|&(_, v)| v).collect();
                self.encode(&order);
                if self.best.is_empty() || self.candidate < self.best {
                    std::mem::swap(&mut self.best, &mut self.candidate);
                }
            }
            Some((a, b)) => {
                for &(_, v) in &sorted[a..b] {
                    if self.leaves >= LEAF_BUDGET {
                        return;
                    }
                    let mut c = colour.clone();
                    c[v] = mix(c[v] ^ 0x5bd1_e995_1234_5678);
                    self.explore(c);
                }
            }
        }
    }

    fn encode(&mut self, order: &[usize]) {
        let g = self.g;
        let n = order.len();
        let mut position = [0usize; 64];
        for (p, &v) in order.iter().enumerate() {
            position[v] = p;
        }
        let remap = |m: u64| Ones(m).fold(0u64, |acc, u| acc | 1 << position[u]);
        self.candidate.clear();
        self.candidate.push(n as u64);
        self.candidate.extend(order.iter().map(|&v| g.weight(v)));
        self.candidate.push(remap(g.loop_mask()));
        self.candidate
            .extend(order.iter().map(|&v| remap(g.adj_mask(v))));
    }
}

/// The code of `g` in its own vertex order: cheap, and a valid memo key next to canonical
/// codes (it encodes the same kind of whole position).
pub(crate) fn labelled_code(g: &WeightedGraph) -> Vec<u64> {
    let n = g.order();
    let mut out = Vec::with_capacity(2 * n + 2);
    out.push(n as u64);
    out.extend_from_slice(g.weights());
    out.push(g.loop_mask());
    out.extend((0..n).map(|v| g.adj_mask(v)));
    out
}

/// The canonical code of `g` (see the module documentation).
pub(crate) fn code(g: &WeightedGraph) -> Vec<u64> {
    let colour: Vec<u64> = (0..g.order())
        .map(|v| {
            mix(mix(g.weight(v))
                ^ if g.has_loop(v) {
                    0x1234_5678_9abc_def1
                } else {
                    0
                })
        })
        .collect();
    let mut s = Search {
        g,
        best: Vec::new(),
        candidate: Vec::new(),
        leaves: 0,
    };
    s.explore(colour);
    s.best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relabelled_copies_share_a_code() {
        // A 6-cycle with one looped vertex and varied weights, in two labellings.
        let edges = [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 0), (0, 0)];
        let g = WeightedGraph::new(&[1, 2, 2, 1, 2, 2], &edges).unwrap();
        let perm = [3, 5, 0, 1, 4, 2];
        let e2: Vec<(usize, usize)> = edges.iter().map(|&(u, v)| (perm[u], perm[v])).collect();
        let mut w2 = [0u64; 6];
        for v in 0..6 {
            w2[perm[v]] = g.weight(v);
        }
        let h = WeightedGraph::new(&w2, &e2).unwrap();
        assert_eq!(code(&g), code(&h));
        let other = WeightedGraph::new(
            &[1, 2, 2, 1, 2, 2],
            &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 0), (1, 1)],
        )
        .unwrap();
        assert_ne!(code(&g), code(&other));
    }
}
