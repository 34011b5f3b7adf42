//! Weighted Arc-Kayles by its plain definition, the judge of the [solver](crate::solve):
//! `g(w) = mex { g(w') : w' reached by one move }` over counter vectors, memoized in a
//! plain hash map. No reductions, no components, no symmetry.

use crate::position::WeightedGraph;
use std::collections::HashMap;

/// The Grundy value of `g` by definition. Meant for small positions: the memo holds every
/// reachable counter vector and the recursion is as deep as the game is long.
///
/// ```
/// use wak_reduce::{brute, WeightedGraph};
/// // a(loop) - b with no loop on b: a mod 2.
/// let g = WeightedGraph::new(&[3, 2], &[(0, 0), (0, 1)]).unwrap();
/// assert_eq!(brute::nimber(&g), 1);
/// ```
pub fn nimber(g: &WeightedGraph) -> u32 {
    let edges = g.edges();
    let loops = g.loops();
    let mut memo = HashMap::new();
    go(&edges, &loops, g.weights().to_vec(), &mut memo)
}

fn go(
    edges: &[(usize, usize)],
    loops: &[usize],
    w: Vec<u64>,
    memo: &mut HashMap<Vec<u64>, u32>,
) -> u32 {
    if let Some(&v) = memo.get(&w) {
        return v;
    }
    let mut seen: Vec<u64> = Vec::new();
    let mut mark = |x: u32| {
        let x = x as usize;
        if seen.len() <= x / 64 {
            seen.resize(x / 64 + 1, 0);
        }
        seen[x / 64] |= 1 << (x % 64);
    };
    for &u in loops {
        if w[u] >= 1 {
            let mut next = w.clone();
            next[u] -= 1;
            mark(go(edges, loops, next, memo));
        }
    }
    for &(u, v) in edges {
        if w[u] >= 1 && w[v] >= 1 {
            let mut next = w.clone();
            next[u] -= 1;
            next[v] -= 1;
            mark(go(edges, loops, next, memo));
        }
    }
    let value = kayles_core::mex::of_bits(&seen);
    memo.insert(w, value);
    value
}
