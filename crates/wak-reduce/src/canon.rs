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

use crate::position::{Ones, WeightedGraph, MAX_VERTICES};

/// Leaves of the individualization tree explored before settling for the best code.
pub(crate) const LEAF_BUDGET: usize = 32;

/// The longest code: `[n, n weights, loop mask, n adjacency rows]`.
const MAX_CODE: usize = 2 * MAX_VERTICES + 2;

#[inline]
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

fn class_count(colour: &[u64]) -> usize {
    let mut sorted = [0u64; MAX_VERTICES];
    let sorted = &mut sorted[..colour.len()];
    sorted.copy_from_slice(colour);
    sorted.sort_unstable();
    sorted.windows(2).filter(|w| w[0] != w[1]).count() + usize::from(!sorted.is_empty())
}

/// Colour refinement: each vertex's colour becomes a hash of its colour and the sorted
/// colours of its neighbours, until the number of colours stops growing.
fn refine(g: &WeightedGraph, colour: &mut [u64]) {
    let n = colour.len();
    let mut classes = class_count(colour);
    let mut next = [0u64; MAX_VERTICES];
    let mut around = [0u64; MAX_VERTICES];
    loop {
        for (v, slot) in next[..n].iter_mut().enumerate() {
            let mut k = 0;
            for u in Ones(g.adj_mask(v)) {
                around[k] = colour[u];
                k += 1;
            }
            around[..k].sort_unstable();
            *slot = around[..k]
                .iter()
                .fold(mix(colour[v]), |h, &x| mix(h.rotate_left(5) ^ x));
        }
        let c = class_count(&next[..n]);
        colour.copy_from_slice(&next[..n]);
        if c == classes {
            return;
        }
        classes = c;
    }
}

/// The individualization search, with the best code so far and a buffer for the next
/// (on the stack: a code is at most [`MAX_CODE`] words).
struct Search<'a> {
    g: &'a WeightedGraph,
    best: [u64; MAX_CODE],
    candidate: [u64; MAX_CODE],
    /// The length of every code of `g`.
    len: usize,
    leaves: usize,
}

impl Search<'_> {
    fn explore(&mut self, colour: &mut [u64]) {
        refine(self.g, colour);
        let n = colour.len();
        // The vertices by (colour, vertex).
        let mut order = [0u8; MAX_VERTICES];
        for (v, slot) in order[..n].iter_mut().enumerate() {
            *slot = v as u8;
        }
        let order = &mut order[..n];
        order.sort_unstable_by_key(|&v| (colour[usize::from(v)], v));
        let colour_at = |i: usize| colour[usize::from(order[i])];
        // Find the cells (runs of equal colour); pick the smallest non-singleton one, the
        // first such in colour order.
        let mut cell: Option<(usize, usize)> = None;
        let mut i = 0;
        while i < n {
            let mut j = i + 1;
            while j < n && colour_at(j) == colour_at(i) {
                j += 1;
            }
            if j - i > 1 && cell.map_or(true, |(a, b)| j - i < b - a) {
                cell = Some((i, j));
            }
            i = j;
        }
        match cell {
            None => {
                let first = self.leaves == 0;
                self.leaves += 1;
                self.encode(order);
                let len = self.len;
                if first || self.candidate[..len] < self.best[..len] {
                    std::mem::swap(&mut self.best, &mut self.candidate);
                }
            }
            Some((a, b)) => {
                for &v in &order[a..b] {
                    if self.leaves >= LEAF_BUDGET {
                        return;
                    }
                    let mut c = [0u64; MAX_VERTICES];
                    let c = &mut c[..n];
                    c.copy_from_slice(colour);
                    let v = usize::from(v);
                    c[v] = mix(c[v] ^ 0x5bd1_e995_1234_5678);
                    self.explore(c);
                }
            }
        }
    }

    fn encode(&mut self, order: &[u8]) {
        let g = self.g;
        let n = order.len();
        let mut position = [0usize; MAX_VERTICES];
        for (p, &v) in order.iter().enumerate() {
            position[usize::from(v)] = p;
        }
        let remap = |m: u64| Ones(m).fold(0u64, |acc, u| acc | 1 << position[u]);
        let code = &mut self.candidate;
        code[0] = n as u64;
        for (p, &v) in order.iter().enumerate() {
            let v = usize::from(v);
            code[1 + p] = g.weight(v);
            code[n + 2 + p] = remap(g.adj_mask(v));
        }
        code[n + 1] = remap(g.loop_mask());
    }
}

/// Appends the code of `g` in its own vertex order: cheap, and a valid memo key next to
/// canonical codes (it encodes the same kind of whole position).
pub(crate) fn labelled_code(g: &WeightedGraph, out: &mut Vec<u64>) {
    let n = g.order();
    out.reserve(2 * n + 2);
    out.push(n as u64);
    out.extend_from_slice(g.weights());
    out.push(g.loop_mask());
    out.extend((0..n).map(|v| g.adj_mask(v)));
}

/// Appends the canonical code of `g` (see the module documentation).
pub(crate) fn code(g: &WeightedGraph, out: &mut Vec<u64>) {
    let n = g.order();
    if n <= 1 {
        // One order only: the canonical code is the labelled one.
        return labelled_code(g, out);
    }
    let mut colour = [0u64; MAX_VERTICES];
    for (v, c) in colour[..n].iter_mut().enumerate() {
        *c = mix(mix(g.weight(v))
            ^ if g.has_loop(v) {
                0x1234_5678_9abc_def1
            } else {
                0
            });
    }
    let mut s = Search {
        g,
        best: [0; MAX_CODE],
        candidate: [0; MAX_CODE],
        len: 2 * n + 2,
        leaves: 0,
    };
    s.explore(&mut colour[..n]);
    out.extend_from_slice(&s.best[..s.len]);
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
        assert_eq!(code_of(&g), code_of(&h));
        let other = WeightedGraph::new(
            &[1, 2, 2, 1, 2, 2],
            &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 0), (1, 1)],
        )
        .unwrap();
        assert_ne!(code_of(&g), code_of(&other));
    }

    fn code_of(g: &WeightedGraph) -> Vec<u64> {
        let mut out = Vec::new();
        code(g, &mut out);
        out
    }
}
