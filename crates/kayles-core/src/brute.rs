//! The games by their plain definitions, with nothing clever: the judges that every fast
//! engine is tested against.
//!
//! Node Kayles: `g(S) = mex { g(S - N[v]) : v in S }`. Arc Kayles:
//! `g(S) = mex { g(S - {u, v}) : uv an edge inside S }`. Positions are vertex subsets
//! (`u128` masks), memoized in a plain hash map; no component splitting, no symmetry.

use crate::rules::GameKind;
use crate::Graph;
use std::collections::HashMap;

/// The largest graph the reference definitions take.
pub const MAX_ORDER: usize = 128;

fn closed_masks(g: &Graph) -> Vec<u128> {
    assert!(
        g.order() <= MAX_ORDER,
        "brute force takes at most {MAX_ORDER} vertices"
    );
    (0..g.order())
        .map(|v| g.neighbours(v).iter().fold(1u128 << v, |m, u| m | 1 << u))
        .collect()
}

/// Node Kayles nimber of the subgraph of `g` induced by `subset` (a bit mask), by
/// definition.
///
/// ```
/// use kayles_core::{brute, families};
/// assert_eq!(brute::node_kayles(&families::path(5), 0b11111), 3);
/// ```
///
/// # Panics
/// If `g` has more than [`MAX_ORDER`] vertices.
pub fn node_kayles(g: &Graph, subset: u128) -> u32 {
    fn go(closed: &[u128], s: u128, memo: &mut HashMap<u128, u32>) -> u32 {
        if let Some(&v) = memo.get(&s) {
            return v;
        }
        let options: Vec<u32> = (0..closed.len())
            .filter(|&v| s >> v & 1 == 1)
            .map(|v| go(closed, s & !closed[v], memo))
            .collect();
        let value = crate::mex::of_values(options);
        memo.insert(s, value);
        value
    }
    go(&closed_masks(g), subset, &mut HashMap::new())
}

/// Arc Kayles nimber of the subgraph of `g` induced by `subset`, by definition: a move
/// deletes both endpoints of an edge.
///
/// ```
/// use kayles_core::{brute, families};
/// assert_eq!(brute::arc_kayles(&families::path(4), 0b1111), 2);
/// ```
///
/// # Panics
/// If `g` has more than [`MAX_ORDER`] vertices.
pub fn arc_kayles(g: &Graph, subset: u128) -> u32 {
    assert!(
        g.order() <= MAX_ORDER,
        "brute force takes at most {MAX_ORDER} vertices"
    );
    fn go(edges: &[(usize, usize)], s: u128, memo: &mut HashMap<u128, u32>) -> u32 {
        if let Some(&v) = memo.get(&s) {
            return v;
        }
        let options: Vec<u32> = edges
            .iter()
            .filter(|&&(u, v)| s >> u & 1 == 1 && s >> v & 1 == 1)
            .map(|&(u, v)| go(edges, s & !(1 << u) & !(1 << v), memo))
            .collect();
        let value = crate::mex::of_values(options);
        memo.insert(s, value);
        value
    }
    go(&g.edges(), subset, &mut HashMap::new())
}

/// The nimber in `game` of the subgraph of `g` induced by `subset`, by definition:
/// [`node_kayles`] or [`arc_kayles`].
///
/// ```
/// use kayles_core::{brute, families, GameKind};
/// let p5 = families::path(5);
/// assert_eq!(brute::value(GameKind::Node, &p5, 0b11111), 3);
/// assert_eq!(brute::value(GameKind::Arc, &p5, 0b11111), brute::arc_kayles(&p5, 0b11111));
/// ```
///
/// # Panics
/// If `g` has more than [`MAX_ORDER`] vertices.
pub fn value(game: GameKind, g: &Graph, subset: u128) -> u32 {
    match game {
        GameKind::Node => node_kayles(g, subset),
        GameKind::Arc => arc_kayles(g, subset),
    }
}

/// The mask of all vertices of `g`.
pub fn full_mask(g: &Graph) -> u128 {
    if g.order() >= 128 {
        u128::MAX
    } else {
        (1u128 << g.order()) - 1
    }
}

/// A xorshift stream of pseudo-random words seeded with `seed`, for tests.
#[cfg(test)]
pub(crate) fn xorshift(seed: u64) -> impl FnMut() -> u64 {
    let mut x = seed;
    move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    }
}

/// A random graph on `k` vertices, each pair `j < i` (in that order) joined when the
/// next word of `next` is below `density` percent: its rows of neighbours (bit `j` of
/// `rows[i]` for the edge `ij`) and its edges `(j, i)`.
#[cfg(test)]
pub(crate) fn random_rows(
    next: &mut impl FnMut() -> u64,
    k: usize,
    density: u64,
) -> (Vec<u64>, Vec<(usize, usize)>) {
    let mut rows = vec![0u64; k];
    let mut edges = Vec::new();
    for i in 0..k {
        for j in 0..i {
            if next() % 100 < density {
                rows[i] |= 1 << j;
                rows[j] |= 1 << i;
                edges.push((j, i));
            }
        }
    }
    (rows, edges)
}

/// `count` random graphs for the tests of the fast small-graph routes: the `r`-th has
/// `1 + r % max_order` vertices, each pair joined with a probability drawn per graph
/// (every density), from a xorshift stream seeded with `seed`. Each comes as its rows of
/// neighbours (bit `j` of `rows[i]` for the edge `ij`), its edges, and the graph.
#[cfg(test)]
pub(crate) fn random_graphs(
    seed: u64,
    count: usize,
    max_order: usize,
) -> impl Iterator<Item = (Vec<u64>, Vec<(usize, usize)>, Graph)> {
    let mut next = xorshift(seed);
    (0..count).map(move |round| {
        let k = 1 + round % max_order;
        let density = next() % 100;
        let (rows, edges) = random_rows(&mut next, k, density);
        let g = Graph::from_edges(k, &edges);
        (rows, edges, g)
    })
}
