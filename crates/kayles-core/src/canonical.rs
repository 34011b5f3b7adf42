//! Canonical codes of small graphs, the memo keys that let isomorphic components share one
//! entry.
//!
//! Colour refinement (1-dimensional Weisfeiler-Leman with hashed neighbour multisets), then
//! the individualization-refinement search tree: at each node the smallest non-singleton
//! cell is split by giving each of its vertices in turn a colour of its own, and the leaves
//! (discrete colourings) are vertex orders. The code of an order is the adjacency matrix's
//! lower triangle in that order; the canonical code is the least code over the leaves.
//!
//! The code always encodes the whole graph, so equal codes mean isomorphic graphs: the
//! memo built on it is *sound* whatever happens below. The tree is explored up to
//! [`LEAF_BUDGET`] leaves; a graph whose tree is larger (a large automorphism group, say)
//! gets the least code of the leaves visited, which isomorphic copies may not share: a
//! missed memo hit, never a wrong value.

use crate::bits::Bits;

/// Leaves of the search tree explored before settling for the best code so far.
pub const LEAF_BUDGET: usize = 64;

/// Reusable buffers for [`Canonizer::code`].
#[derive(Default, Debug)]
pub struct Canonizer {
    signature: Vec<u64>,
    order: Vec<u32>,
    best: Vec<u64>,
    candidate: Vec<u64>,
    best_order: Vec<u32>,
    leaves: usize,
}

#[inline]
fn mix(x: u64) -> u64 {
    // splitmix64 finalizer: a fixed, well-spread function of the colour.
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Canonizer {
    /// A canonizer with empty buffers.
    pub fn new() -> Self {
        Self::default()
    }

    /// Appends to `out` the canonical code of the graph whose vertex `i` has open
    /// neighbourhood `adjacency[i]` (vertices `0..adjacency.len()`), and returns the
    /// canonical order (`order[p]` is the vertex placed at position `p`).
    ///
    /// The code is `[n, lower-triangle bits...]`, 64 bits per word.
    ///
    /// ```
    /// use kayles_core::canonical::Canonizer;
    /// let mut c = Canonizer::new();
    /// // The path 0-1-2 and the path 1-0-2 are the same graph up to relabelling.
    /// let (mut a, mut b) = (Vec::new(), Vec::new());
    /// c.code::<u64>(&[0b010, 0b101, 0b010], &mut a);
    /// c.code::<u64>(&[0b110, 0b001, 0b001], &mut b);
    /// assert_eq!(a, b);
    /// ```
    pub fn code<S: Bits>(&mut self, adjacency: &[S], out: &mut Vec<u64>) -> &[u32] {
        let n = adjacency.len();
        let mut colour = vec![0u64; n];
        self.refine(adjacency, &mut colour);
        self.best.clear();
        self.best_order.clear();
        self.leaves = 0;
        self.explore(adjacency, colour);
        out.extend_from_slice(&self.best);
        &self.best_order
    }

    fn explore<S: Bits>(&mut self, adjacency: &[S], colour: Vec<u64>) {
        let n = adjacency.len();
        let classes = class_count(&colour);
        if classes == n {
            self.leaves += 1;
            self.order.clear();
            self.order.extend(0..n as u32);
            self.order.sort_unstable_by_key(|&v| colour[v as usize]);
            self.candidate.clear();
            write_code(adjacency, &self.order, &mut self.candidate);
            if self.best.is_empty() || self.candidate < self.best {
                std::mem::swap(&mut self.best, &mut self.candidate);
                self.best_order.clone_from(&self.order);
            }
            return;
        }
        let mut size = vec![0u32; classes];
        for &c in &colour {
            size[c as usize] += 1;
        }
        let target = (0..classes)
            .filter(|&c| size[c] > 1)
            .min_by_key(|&c| (size[c], c))
            .expect("a non-discrete colouring has a non-singleton class") as u64;
        for chosen in 0..n {
            if colour[chosen] != target {
                continue;
            }
            if self.leaves >= LEAF_BUDGET {
                return;
            }
            let mut child = colour.clone();
            for (v, c) in child.iter_mut().enumerate() {
                if *c > target || (*c == target && v != chosen) {
                    *c += 1;
                }
            }
            self.refine(adjacency, &mut child);
            self.explore(adjacency, child);
        }
    }

    /// Refines `colour` to the coarsest equitable colouring finer than it; colours become
    /// ranks `0..classes` ordered by (old colour, neighbour-multiset hash).
    fn refine<S: Bits>(&mut self, adjacency: &[S], colour: &mut [u64]) {
        let n = adjacency.len();
        let mut classes = class_count(colour);
        while classes < n {
            self.signature.clear();
            for row in adjacency {
                let h = row.iter().fold(0u64, |h, u| h.wrapping_add(mix(colour[u])));
                self.signature.push(h);
            }
            self.order.clear();
            self.order.extend(0..n as u32);
            let signature = &self.signature;
            self.order
                .sort_unstable_by_key(|&v| (colour[v as usize], signature[v as usize]));
            let key = |v: u32| (colour[v as usize], signature[v as usize]);
            let mut ranks = Vec::with_capacity(n);
            let mut rank = 0u64;
            for p in 0..n {
                if p > 0 && key(self.order[p - 1]) != key(self.order[p]) {
                    rank += 1;
                }
                ranks.push((self.order[p], rank));
            }
            for (v, r) in ranks {
                colour[v as usize] = r;
            }
            let new_classes = rank as usize + 1;
            if new_classes == classes {
                break;
            }
            classes = new_classes;
        }
    }
}

/// Number of distinct colours (colours are ranks `0..classes`).
fn class_count(colour: &[u64]) -> usize {
    colour.iter().copied().max().map_or(0, |m| m as usize + 1)
}

/// `[n, lower triangle of the adjacency matrix in `order`, 64 bits a word]`.
fn write_code<S: Bits>(adjacency: &[S], order: &[u32], out: &mut Vec<u64>) {
    let n = order.len();
    out.push(n as u64);
    let mut word = 0u64;
    let mut bit = 0u32;
    for i in 1..n {
        let row = adjacency[order[i] as usize];
        for &u in &order[..i] {
            if row.contains(u as usize) {
                word |= 1 << bit;
            }
            bit += 1;
            if bit == 64 {
                out.push(word);
                word = 0;
                bit = 0;
            }
        }
    }
    if bit > 0 {
        out.push(word);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families;
    use crate::Graph;

    fn code_of(g: &Graph) -> Vec<u64> {
        let adj: Vec<u128> = g
            .closed_neighbourhoods::<u128>()
            .iter()
            .enumerate()
            .map(|(v, s)| s.without(v))
            .collect();
        let mut out = Vec::new();
        Canonizer::new().code(&adj, &mut out);
        out
    }

    #[test]
    fn relabelled_graphs_share_a_code() {
        for spec in ["petersen:7,2", "grid:3x5", "queens:4", "linked-c4:4", "cycle:9"] {
            let g = families::build(spec).unwrap();
            let n = g.order();
            for step in [1, 5, 7, 11] {
                if gcd(step, n) != 1 {
                    continue;
                }
                let perm: Vec<usize> = (0..n).map(|v| (v * step + 3) % n).collect();
                assert_eq!(code_of(&g), code_of(&g.relabel(&perm)), "{spec} step {step}");
            }
        }
    }

    fn gcd(a: usize, b: usize) -> usize {
        if b == 0 {
            a
        } else {
            gcd(b, a % b)
        }
    }

    #[test]
    fn different_graphs_have_different_codes() {
        let p4 = families::build("path:4").unwrap();
        let star = families::build("star:4").unwrap();
        assert_ne!(code_of(&p4), code_of(&star));
        let c6 = families::build("cycle:6").unwrap();
        let two_triangles = Graph::from_edges(6, &[(0, 1), (1, 2), (0, 2), (3, 4), (4, 5), (3, 5)]);
        assert_ne!(code_of(&c6), code_of(&two_triangles));
    }
}
