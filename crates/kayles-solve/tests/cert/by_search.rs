//! Certificates written from the outcome search's own proof tree
//! (`kayles_cert::search_proof`, docs/certificates.md "Written by the search"): accepted
//! by the independent checker with the corpus's value on every graph of the corpus of
//! known values in both games, with the definition's value on larger family graphs and
//! on random graphs, and with the search's own proof (the hook told of nodes) behind
//! most of their facts; the same from a search split over the thread pool (one log for
//! every thread), and every node such a search tells its hook true by the definition
//! (none concluded by a cancelled task).

use crate::check;
use crate::known;
use kayles_cert::search_proof::{certify_by_search, SearchProofStats};
use kayles_core::engine::proof::{Concluded, ProofHook};
use kayles_core::engine::{pool, SearchConfig, SearchStats};
use kayles_core::game::GameSolver;
use kayles_core::{brute, GameKind, Graph};
use kayles_solve::{config::SearchOptions, graphs};
use quickcheck::{QuickCheck, TestResult};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex};

/// The certificate of the graph `name` in `game` by the search's proof tree, one thread.
pub fn by_search(name: &str, game: GameKind) -> (Vec<u8>, u32, SearchProofStats) {
    let (bytes, nimber, stats, _) = by_search_with(name, game, |config| SearchConfig {
        threads: 1,
        ..config
    });
    (bytes, nimber, stats)
}

/// The same with the default configuration changed by `config`, and the search's
/// counters.
fn by_search_with(
    name: &str,
    game: GameKind,
    config: impl Fn(SearchConfig) -> SearchConfig,
) -> (Vec<u8>, u32, SearchProofStats, SearchStats) {
    let host = graphs::parse(name).unwrap();
    let mut solver = SearchOptions::default().solver_for(game, Some(name));
    solver.set_config(config(solver.config()));
    let log = std::io::Cursor::new(Vec::new());
    let (bytes, summary, stats) =
        certify_by_search(&host, name, &mut solver, Vec::new(), log).unwrap();
    (bytes, summary.nimber, stats, solver.stats())
}

/// `config` on the thread pool, splitting the options of every node of at least four
/// vertices near the root from the start (no warm-up, no option searched alone first
/// but the first), with the dense leaf and the small components' tables off (the search
/// concludes those nodes itself): tiny searches split as large ones do.
fn split_at_once(config: SearchConfig) -> SearchConfig {
    SearchConfig {
        threads: 0,
        parallel_min_order: 4,
        split_after: 0,
        split_warm_up: 0,
        leaf_order: 0,
        small_order: 0,
        ..config
    }
}

/// Whether the pool has threads to split over (else a search with `threads: 0` runs on
/// one thread, and the tests below check that alone).
fn pool_splits() -> bool {
    pool().current_num_threads() > 1
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
        ("petersen:17,2", GameKind::Node),
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
fn every_known_value_is_certified_by_the_search_on_the_pool_and_checked() {
    let values = known::values();
    let mut splits = 0;
    for v in &values {
        let game: GameKind = v.game.parse().unwrap();
        let (bytes, nimber, _, counters) = by_search_with(&v.graph, game, split_at_once);
        splits += counters.parallel_splits;
        let what = format!("{} ({}), split: {}", v.graph, v.game, v.source);
        assert_eq!(nimber, v.nimber, "{what}: the writer");
        assert_eq!(check(&v.graph, &bytes), Ok(v.nimber), "{what}: the checker");
    }
    assert!(!pool_splits() || splits > 0, "no search split its options");
}

#[test]
fn graphs_of_20_to_40_vertices_split_over_the_pool_are_certified_and_checked() {
    for (name, game) in [
        ("grid:3x10", GameKind::Node),
        ("grid:3x11", GameKind::Node),
        ("petersen:15,2", GameKind::Node),
        ("petersen:17,2", GameKind::Node),
        ("grid:4x5", GameKind::Arc),
        ("grid:3x8", GameKind::Arc),
        ("petersen:10,2", GameKind::Arc),
        ("grid:5x5", GameKind::Arc),
    ] {
        let (one, want, one_stats) = by_search(name, game);
        assert_eq!(check(name, &one), Ok(want), "{name} {game:?}: one thread");
        // With the default split (the warm-up: these searches are too small to split)
        // and split at once.
        for split in [false, true] {
            let (bytes, nimber, stats, counters) = by_search_with(name, game, |c| {
                if split {
                    split_at_once(c)
                } else {
                    SearchConfig { threads: 0, ..c }
                }
            });
            let what = format!("{name} {game:?} on the pool (split at once: {split})");
            assert_eq!(nimber, want, "{what}: the writer");
            assert_eq!(check(name, &bytes), Ok(want), "{what}: the checker");
            // (A graph with a mirror strategy is proved by it, without a search.)
            if one_stats.concluded == 0 {
                continue;
            }
            assert!(stats.concluded > 0, "{what}: the hook was told nothing");
            if split && pool_splits() {
                assert!(counters.parallel_splits > 0, "{what}: no split");
            }
        }
    }
}

/// Every node `value` in `game` of each subset of `g`'s vertices (as a mask), by the
/// definition: the mex of the values after each move, smaller masks first (every move
/// leaves a subset, a smaller number).
fn definition_table(game: GameKind, g: &Graph) -> Vec<u8> {
    let n = g.order();
    assert!(n <= 22);
    let closed: Vec<usize> = (0..n)
        .map(|v| g.neighbours(v).iter().fold(1 << v, |m, u| m | 1 << u))
        .collect();
    let edges = g.edges();
    let mut table = vec![0u8; 1 << n];
    let mut seen = [false; 64];
    for s in 1..1usize << n {
        seen.fill(false);
        match game {
            GameKind::Node => {
                for (_, c) in closed.iter().enumerate().filter(|&(v, _)| s >> v & 1 == 1) {
                    seen[table[s & !c] as usize] = true;
                }
            }
            GameKind::Arc => {
                for &(u, v) in edges.iter().filter(|&&(u, v)| s >> u & s >> v & 1 == 1) {
                    seen[table[s & !(1 << u) & !(1 << v)] as usize] = true;
                }
            }
        }
        table[s] = seen.iter().position(|&x| !x).unwrap() as u8;
    }
    table
}

/// A proof hook that judges every node it is told against the definition's table of its
/// graph, keeping the first few wrong ones.
struct Judge {
    table: Vec<u8>,
    told: AtomicU64,
    wrong: Mutex<Vec<String>>,
}

impl ProofHook for Judge {
    fn concluded(&self, component: &[u64], heap: u8, how: Concluded<'_>) {
        self.told.fetch_add(1, Relaxed);
        let c = component[0] as usize;
        let value = self.table[c];
        let right = match how {
            Concluded::Loss => value == heap,
            Concluded::WinByHeap => value < heap,
            Concluded::WinByOption(option) => {
                let o = option[0] as usize;
                o & !c == 0 && o != c && self.table[o] == heap && value != heap
            }
        };
        if !right {
            let mut wrong = self.wrong.lock().unwrap();
            if wrong.len() < 5 {
                wrong.push(format!("{c:#x} + *{heap} told {how:?}; value {value}"));
            }
        }
    }
}

/// Searches `g` in `game` under `config` with a [`Judge`] for its proof hook: the
/// nodes told, the wrong ones, the search's counters.
fn judged(game: GameKind, g: &Graph, config: SearchConfig) -> (u64, Vec<String>, SearchStats) {
    let judge = Arc::new(Judge {
        table: definition_table(game, g),
        told: AtomicU64::new(0),
        wrong: Mutex::new(Vec::new()),
    });
    let mut solver = GameSolver::new(game, config);
    // (No host symmetry: the hook is told sets in the host's own numbering.)
    assert!(kayles_cert::host_numbering(&mut solver, g).is_none());
    solver.set_proof_hook(Some(judge.clone()));
    let value = solver.nimber_of_subset(g, &g.vertices()).unwrap();
    solver.set_proof_hook(None);
    assert_eq!(value, u32::from(judge.table[(1 << g.order()) - 1]));
    let wrong = judge.wrong.lock().unwrap().clone();
    (judge.told.load(Relaxed), wrong, solver.stats())
}

#[test]
fn the_definition_table_agrees_with_brute_force() {
    for seed in 0..6 {
        let g = random_graph(11, 30, seed);
        for game in [GameKind::Node, GameKind::Arc] {
            let table = definition_table(game, &g);
            for s in [0x7ffu128, 0x5a5, 0x3f0, 0x1] {
                assert_eq!(u32::from(table[s as usize]), brute::value(game, &g, s));
            }
        }
    }
}

/// A search split over the pool from the start, on graphs of 16 to 20 vertices, tells its
/// hook only nodes that are true by the definition: with many tasks cancelled (a sibling
/// lost first) and their answers meaningless, none of what a cancelled task concluded is
/// told (the judge would find it false).
#[test]
fn a_split_search_tells_its_hook_only_true_nodes() {
    let mut cancelled = 0;
    let mut told = 0;
    for seed in 0..24u64 {
        let n = 16 + (seed % 5) as usize;
        let g = random_graph(n, 12 + seed % 4 * 6, 1000 + seed);
        for game in [GameKind::Node, GameKind::Arc] {
            let config = split_at_once(SearchConfig {
                parallel_min_order: 2,
                ..SearchConfig::default()
            });
            let (t, wrong, counters) = judged(game, &g, config);
            assert!(
                wrong.is_empty(),
                "{game:?} on {}: {wrong:?}",
                kayles_core::graph6::write(&g)
            );
            told += t;
            cancelled += counters.cancelled;
        }
    }
    assert!(told > 1000, "the hook was told {told} nodes");
    // The tasks cancelled are what this test is about.
    assert!(
        !pool_splits() || cancelled > 0,
        "no task was cancelled: the test saw nothing"
    );
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
