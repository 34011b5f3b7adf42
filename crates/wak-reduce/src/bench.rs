//! The positions a benchmark of the solver needs (the issue's performance cases), so that a
//! bench harness elsewhere (`xtask bench`) can time them without rebuilding them.

use crate::lemmas::depth2_tree_g1;
use crate::position::WeightedGraph;

/// A named position to time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BenchCase {
    /// What it is.
    pub name: String,
    /// The position.
    pub position: WeightedGraph,
}

/// The star whose centre (vertex 0) has weight `10^9`, with ten leaves of weights
/// `1, 2, 3, 4, 5, 1, 2, 3, 4, 5`: the centre is heavy, so it is solved instantly.
///
/// ```
/// use wak_reduce::{bench::heavy_star, solve::nimber};
/// // Ten looped leaves, merged into one looped vertex of weight 30: value 0.
/// assert_eq!(nimber(&heavy_star()), Ok(0));
/// ```
pub fn heavy_star() -> WeightedGraph {
    let mut weights = vec![1_000_000_000u64];
    weights.extend((0..10).map(|i| 1 + i % 5));
    let edges: Vec<(usize, usize)> = (1..=10).map(|v| (0, v)).collect();
    WeightedGraph::new(&weights, &edges).expect("the star is well formed")
}

/// `count` WAK-DEPTH2-TREE `G1` positions with `k` branches and every weight drawn in
/// `0..=max` (a fixed xorshift stream from `seed`, so runs are comparable).
pub fn depth2_tree_sample(k: usize, max: u64, count: usize, seed: u64) -> Vec<WeightedGraph> {
    let mut state = seed | 1;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % (max + 1)
    };
    (0..count)
        .map(|_| {
            let (a, c) = (next(), next());
            let branches: Vec<(u64, u64)> = (0..k).map(|_| (next(), next())).collect();
            depth2_tree_g1(a, c, &branches)
        })
        .collect()
}

/// The benchmark cases: the heavy star, and 20 depth-2 trees with `k = 3` branches and
/// weights up to 12 (solve each with [`Solver::new`](crate::Solver::new) and
/// [`Solver::plain`](crate::Solver::plain) to measure what the reductions give).
pub fn bench_cases() -> Vec<BenchCase> {
    let mut out = vec![BenchCase {
        name: "star centre 1e9, ten leaves 1..5".into(),
        position: heavy_star(),
    }];
    out.extend(
        depth2_tree_sample(3, 12, 20, 0x5eed)
            .into_iter()
            .enumerate()
            .map(|(i, position)| BenchCase {
                name: format!("depth-2 tree k=3 w<=12 #{i}"),
                position,
            }),
    );
    out
}
