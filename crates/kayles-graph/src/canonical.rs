//! Canonical codes of small graphs, the memo keys that let isomorphic components share one
//! entry.
//!
//! Colour refinement (1-dimensional Weisfeiler-Leman): a vertex's new colour is a hash of
//! its colour and of the multiset of its neighbours' colours, repeated until the number of
//! colours stops growing. Then the individualization-refinement search tree: at each node
//! the smallest non-singleton class (ties: the least colour) is split by giving each of
//! its vertices in turn a colour of its own, and the leaves (all colours distinct) are
//! vertex orders, by colour. The code of an order is the adjacency matrix's lower triangle
//! in that order; the canonical code is the least code over the leaves.
//!
//! Colours are 64-bit hashes of isomorphism-invariant data, so every step commutes with
//! relabelling: isomorphic graphs walk the same tree. A hash collision can only merge
//! classes (more branching), never make the result depend on the labelling.
//!
//! The code always encodes the whole graph, so equal codes mean isomorphic graphs: the
//! memo built on it is *sound* whatever happens below. The tree is explored up to
//! [`LEAF_BUDGET`] leaves; a graph whose tree is larger (a large automorphism group, say)
//! gets the least code of the leaves visited, which isomorphic copies may not share: a
//! missed memo hit, never a wrong value.

use crate::bits::Bits;
use crate::Graph;

/// Leaves of the search tree explored before settling for the best code so far.
pub const LEAF_BUDGET: usize = 64;

/// Reusable buffers for [`Canonizer::code`].
#[derive(Default, Debug)]
pub struct Canonizer {
    mixed: Vec<u64>,
    next: Vec<u64>,
    classes: ClassCounter,
    order: Vec<u32>,
    best: Vec<u64>,
    candidate: Vec<u64>,
    best_order: Vec<u32>,
    leaves: usize,
}

/// A fixed 64-bit mixing function (the splitmix64 finalizer), used for hashing colours
/// and neighbourhoods.
#[inline]
pub fn mix(x: u64) -> u64 {
    // splitmix64 finalizer: a fixed, well-spread function of the colour.
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Counts distinct colours with a small open-addressing table (no sorting).
#[derive(Default, Debug)]
pub struct ClassCounter {
    keys: Vec<u64>,
    counts: Vec<u32>,
}

impl ClassCounter {
    /// The largest number of times one value occurs in `values` (0 when empty).
    pub fn max_multiplicity(&mut self, values: &[u64]) -> u32 {
        self.count(values);
        self.counts.iter().copied().max().unwrap_or(0)
    }

    /// Number of distinct values in `colour`; afterwards `classes()` lists them.
    pub fn count(&mut self, colour: &[u64]) -> usize {
        let size = (2 * colour.len()).next_power_of_two().max(8);
        self.keys.clear();
        self.keys.resize(size, 0);
        self.counts.clear();
        self.counts.resize(size, 0);
        let mask = size - 1;
        let mut distinct = 0;
        for &c in colour {
            let mut i = (mix(c) as usize) & mask;
            loop {
                if self.counts[i] == 0 {
                    self.keys[i] = c;
                    self.counts[i] = 1;
                    distinct += 1;
                    break;
                }
                if self.keys[i] == c {
                    self.counts[i] += 1;
                    break;
                }
                i = (i + 1) & mask;
            }
        }
        distinct
    }

    /// The colour of the smallest class of at least two vertices (ties: least colour).
    fn smallest_nontrivial(&self) -> Option<u64> {
        self.keys
            .iter()
            .zip(&self.counts)
            .filter(|&(_, &n)| n > 1)
            .min_by_key(|&(&k, &n)| (n, k))
            .map(|(&k, _)| k)
    }
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
    /// use kayles_graph::canonical::Canonizer;
    /// let mut c = Canonizer::new();
    /// // The path 0-1-2 and the path 1-0-2 are the same graph up to relabelling.
    /// let (mut a, mut b) = (Vec::new(), Vec::new());
    /// c.code::<u64>(&[0b010, 0b101, 0b010], &mut a);
    /// c.code::<u64>(&[0b110, 0b001, 0b001], &mut b);
    /// assert_eq!(a, b);
    /// ```
    pub fn code<S: Bits>(&mut self, adjacency: &[S], out: &mut Vec<u64>) -> &[u32] {
        let mut colour: Vec<u64> = adjacency.iter().map(|row| u64::from(row.count())).collect();
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
        let classes = self.classes.count(&colour);
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
        let target = self
            .classes
            .smallest_nontrivial()
            .expect("a colouring with fewer classes than vertices has a class of two");
        for chosen in 0..n {
            if colour[chosen] != target {
                continue;
            }
            if self.leaves >= LEAF_BUDGET {
                return;
            }
            let mut child = colour.clone();
            child[chosen] = mix(target ^ 0x5bd1_e995_5bd1_e995);
            self.refine(adjacency, &mut child);
            self.explore(adjacency, child);
        }
    }

    /// Refines `colour` until the number of colours stops growing: each round replaces a
    /// vertex's colour by a hash of it and of its neighbours' colours.
    fn refine<S: Bits>(&mut self, adjacency: &[S], colour: &mut Vec<u64>) {
        let n = adjacency.len();
        let mut classes = self.classes.count(colour);
        while classes < n {
            self.mixed.clear();
            self.mixed.extend(colour.iter().map(|&c| mix(c)));
            self.next.clear();
            for (v, row) in adjacency.iter().enumerate() {
                let sum = row.iter().fold(0u64, |h, u| h.wrapping_add(self.mixed[u]));
                self.next
                    .push(mix(colour[v].wrapping_mul(0x2545_f491_4f6c_dd1d) ^ sum));
            }
            let new_classes = self.classes.count(&self.next);
            std::mem::swap(colour, &mut self.next);
            if new_classes <= classes {
                break;
            }
            classes = new_classes;
        }
    }
}

/// The canonical code of a whole graph (see [`Canonizer::code`]): equal for two graphs
/// only if they are isomorphic, and for isomorphic graphs whenever the search tree fits
/// [`LEAF_BUDGET`]. `None` above 4096 vertices.
///
/// ```
/// use kayles_graph::{canonical::graph_code, families, Graph};
/// let p3 = families::path(3);
/// let p3_relabelled = Graph::from_edges(3, &[(0, 2), (2, 1)]);
/// assert_eq!(graph_code(&mut Default::default(), &p3), graph_code(&mut Default::default(), &p3_relabelled));
/// ```
pub fn graph_code(canonizer: &mut Canonizer, g: &Graph) -> Option<Vec<u64>> {
    graph_code_and_order(canonizer, g).map(|(code, _)| code)
}

/// [`graph_code`] and the canonical order it was read in: `order[i]` is the vertex of `g`
/// that stands at position `i` of the code (see [`Canonizer::code`]). `None` above 4096
/// vertices.
///
/// ```
/// use kayles_graph::{canonical::graph_code_and_order, families};
/// let (code, order) = graph_code_and_order(&mut Default::default(), &families::path(3)).unwrap();
/// assert_eq!(order.len(), 3);
/// assert!(!code.is_empty());
/// ```
pub fn graph_code_and_order(canonizer: &mut Canonizer, g: &Graph) -> Option<(Vec<u64>, Vec<u32>)> {
    fn go<S: Bits>(canonizer: &mut Canonizer, g: &Graph) -> (Vec<u64>, Vec<u32>) {
        let mut out = Vec::new();
        let order = canonizer
            .code(&g.open_neighbourhoods::<S>(), &mut out)
            .to_vec();
        (out, order)
    }
    crate::with_width!(g.order(), S => Some(go::<S>(canonizer, g)), _ => None)
}

/// Appends the lower-triangle code of the graph in its given vertex order (no
/// canonization): equal for two graphs exactly when the identity is an isomorphism
/// between them. Same format as [`Canonizer::code`].
pub fn labelled_code<S: Bits>(adjacency: &[S], out: &mut Vec<u64>) {
    code_in_order(adjacency, |i| i, out)
}

/// `[n, lower triangle of the adjacency matrix in `order`, 64 bits a word]`.
fn write_code<S: Bits>(adjacency: &[S], order: &[u32], out: &mut Vec<u64>) {
    code_in_order(adjacency, |i| order[i] as usize, out)
}

fn code_in_order<S: Bits>(adjacency: &[S], order: impl Fn(usize) -> usize, out: &mut Vec<u64>) {
    let n = adjacency.len();
    out.push(n as u64);
    let mut word = 0u64;
    let mut bit = 0u32;
    for i in 1..n {
        let row = adjacency[order(i)];
        for j in 0..i {
            if row.contains(order(j)) {
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
        graph_code(&mut Canonizer::new(), g).unwrap()
    }

    #[test]
    fn relabelled_graphs_share_a_code() {
        for spec in [
            "petersen:7,2",
            "grid:3x5",
            "queens:4",
            "linked-c4:4",
            "cycle:9",
        ] {
            let g = families::build(spec).unwrap();
            let n = g.order();
            for step in [1, 5, 7, 11] {
                if gcd(step, n) != 1 {
                    continue;
                }
                let perm: Vec<usize> = (0..n).map(|v| (v * step + 3) % n).collect();
                assert_eq!(
                    code_of(&g),
                    code_of(&g.relabel(&perm)),
                    "{spec} step {step}"
                );
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
