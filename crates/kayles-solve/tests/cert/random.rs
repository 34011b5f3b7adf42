//! Random graphs (quickcheck): the checker's verified value is the definition's.

use crate::{brute_certificate, check};
use kayles_cert::{Dedup, Options};
use kayles_core::{brute, graph6, GameKind, Graph};
use quickcheck::{QuickCheck, TestResult};

fn graph_of(n: u8, edges: Vec<(u8, u8)>) -> Graph {
    let n = (n % 11) as usize + 1;
    let pairs: Vec<(usize, usize)> = edges
        .into_iter()
        .map(|(a, b)| (a as usize % n, b as usize % n))
        .collect();
    Graph::from_edges(n, &pairs)
}

fn agrees(n: u8, edges: Vec<(u8, u8)>, computed: u8, dedup: u8) -> TestResult {
    let g = graph_of(n, edges);
    let options = Options {
        computed: computed as usize % 9,
        dedup: [Dedup::Exact, Dedup::Symmetry, Dedup::Canonical][dedup as usize % 3],
        // Table facts (Node Kayles, dense positions) on half the cases.
        table: [0, kayles_cert::format::MAX_TABLE_ORDER][dedup as usize / 3 % 2],
    };
    let all = (1u128 << g.order()) - 1;
    for game in GameKind::ALL {
        let want = brute::value(game, &g, all);
        let (bytes, value) = brute_certificate(&g, game, options);
        if value != want || check(&graph6::write(&g), &bytes) != Ok(want) {
            return TestResult::failed();
        }
    }
    TestResult::passed()
}

#[test]
fn checker_agrees_with_the_definition_on_random_graphs() {
    QuickCheck::new()
        .tests(300)
        .quickcheck(agrees as fn(u8, Vec<(u8, u8)>, u8, u8) -> TestResult);
}
