//! Certificates written from the outcome search's own proof tree
//! (`kayles_cert::search_proof`, docs/certificates.md "Written by the search"): accepted
//! by the independent checker with the corpus's value on every graph of the corpus of
//! known values in both games, with the definition's value on larger family graphs and
//! on random graphs, and with the search's own proof (the hook told of nodes) behind
//! most of their facts.

use crate::check;
use crate::known;
use kayles_cert::search_proof::{certify_by_search, SearchProofStats};
use kayles_core::engine::SearchConfig;
use kayles_core::{brute, GameKind, Graph};
use kayles_solve::{config::SearchOptions, graphs};
use quickcheck::{QuickCheck, TestResult};

/// The certificate of the graph `name` in `game` by the search's proof tree, one thread.
pub fn by_search(name: &str, game: GameKind) -> (Vec<u8>, u32, SearchProofStats) {
    let host = graphs::parse(name).unwrap();
    let mut solver = SearchOptions::default().solver_for(game, Some(name));
    solver.set_config(SearchConfig {
        threads: 1,
        ..solver.config()
    });
    let log = std::io::Cursor::new(Vec::new());
    let (bytes, summary, stats) =
        certify_by_search(&host, name, &mut solver, Vec::new(), log).unwrap();
    (bytes, summary.nimber, stats)
}

#[test]
fn every_known_value_is_certified_by_the_search_and_checked() {
    let values = known::values();
    for v in &values {
        let game: GameKind = v.game.parse().unwrap();
        let (bytes, nimber, _) = by_search(&v.graph, game);
        let what = format!("{} ({}): {}", v.graph, v.game, v.source);
        assert_eq!(nimber, v.nimber, "{what}: the writer");
        assert_eq!(check(&v.graph, &bytes), Ok(v.nimber), "{what}: the checker");
    }
    assert!(values.len() >= 20);
}

#[test]
fn family_graphs_are_certified_by_the_search_and_checked() {
    for (name, game) in [
        ("grid:3x12", GameKind::Node),
        ("grid:3x16", GameKind::Node),
        ("grid:3x8", GameKind::Arc),
        ("grid:3x10", GameKind::Arc),
        ("grid:4x5", GameKind::Arc),
        ("queens:8", GameKind::Node),
        ("queens:5", GameKind::Arc),
        ("petersen:20,2", GameKind::Node),
        ("petersen:9,2", GameKind::Arc),
        ("cycle:21", GameKind::Node),
        ("path:40", GameKind::Arc),
        ("linked-c4:9", GameKind::Node),
    ] {
        let host = graphs::parse(name).unwrap();
        let want = SearchOptions::default()
            .solver_for(game, Some(name))
            .nimber(&host)
            .unwrap();
        let (bytes, nimber, stats) = by_search(name, game);
        assert_eq!(nimber, want, "{name} {game:?}: the writer");
        assert_eq!(
            check(name, &bytes),
            Ok(want),
            "{name} {game:?}: the checker"
        );
        if name.starts_with("grid:3x1") {
            assert!(
                stats.concluded > 0,
                "{name} {game:?}: the hook was told nothing"
            );
        }
    }
}

#[test]
fn random_graphs_are_certified_by_the_search_with_the_definitions_value() {
    fn prop(seed: u64, order: u8, density: u8, arc: bool) -> TestResult {
        let n = 9 + order as usize % 8;
        let g = random_graph(n, 15 + u64::from(density % 40), seed);
        let name = kayles_core::graph6::write(&g);
        let (game, want) = if arc {
            (GameKind::Arc, brute::arc_kayles(&g, (1u128 << n) - 1))
        } else {
            (GameKind::Node, brute::node_kayles(&g, (1u128 << n) - 1))
        };
        let (bytes, nimber, _) = by_search(&name, game);
        TestResult::from_bool(nimber == want && check(&name, &bytes) == Ok(want))
    }
    QuickCheck::new()
        .tests(60)
        .quickcheck(prop as fn(u64, u8, u8, bool) -> TestResult);
}

/// A graph on `n` vertices, each pair an edge with probability `percent` / 100, from
/// `seed` (a splitmix64 stream).
fn random_graph(n: usize, percent: u64, mut seed: u64) -> Graph {
    let mut next = || {
        seed = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = seed;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let mut edges = Vec::new();
    for u in 0..n {
        for w in u + 1..n {
            if next() % 100 < percent {
                edges.push((u, w));
            }
        }
    }
    Graph::from_edges(n, &edges)
}
