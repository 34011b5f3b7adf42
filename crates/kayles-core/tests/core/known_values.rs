//! The corpus of known values (`fixtures/known/`) through every layer of the engine: the
//! by-definition judge, the subset table (values and histograms), and the search by both
//! methods, with every layer on and with the plain configuration (no layer), for the
//! published sequences (Dawson's chess, the 3 x n grid A316632, queens A344227, P(n,2)
//! A316533, linked 4-cycles A316629) and the single graphs of both games.

use crate::known;
use kayles_core::engine::{Method, SearchConfig};
use kayles_core::game::GameSolver;
use kayles_core::table::SubsetTable;
use kayles_core::{arc, brute, families, GameKind};

/// The largest graph the default search is given here, in vertices (the corpus goes
/// further for the routes that reach it: the recurrence); the plain search and the mex
/// method, which visit every position, take graphs of at most [`PLAIN_ORDER`].
const SEARCHED_ORDER: usize = 100;
/// See [`SEARCHED_ORDER`].
const PLAIN_ORDER: usize = 30;

fn game(name: &str) -> GameKind {
    name.parse().expect("a game of the corpus")
}

/// Every search configuration the corpus runs: every layer on and none, by both methods.
fn configs() -> Vec<SearchConfig> {
    let mut out = Vec::new();
    for base in [SearchConfig::default(), SearchConfig::plain()] {
        for method in [Method::Outcome, Method::Mex] {
            out.push(SearchConfig { method, ..base });
        }
    }
    out
}

#[test]
fn published_sequences_by_every_search() {
    let mut checked = 0;
    for config in configs() {
        for seq in known::sequences() {
            let mut solver = GameSolver::new(game(&seq.game), config);
            for (n, want) in seq.indexed() {
                let g = families::build(&seq.spec(n)).unwrap();
                let cap = if config == SearchConfig::default() {
                    SEARCHED_ORDER
                } else {
                    PLAIN_ORDER
                };
                if g.order() > cap {
                    continue;
                }
                assert_eq!(
                    solver.nimber(&g).unwrap(),
                    want,
                    "{} ({}) by {config:?}: {}",
                    seq.spec(n),
                    seq.game,
                    seq.source
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "only {checked} terms searched");
}

#[test]
fn single_graphs_by_definition_table_and_search() {
    let values = known::values();
    for v in &values {
        let (kind, g) = (game(&v.game), crate::corpus::build(&v.graph));
        let what = format!("{} ({})", v.graph, v.game);
        let judge = brute::value(kind, &g, brute::full_mask(&g));
        assert_eq!(judge, v.nimber, "{what}: the judge");
        let table = SubsetTable::compute_game(&g, kind).unwrap();
        let full = (1u64 << g.order()) - 1;
        assert_eq!(u32::from(table.nimber(full)), v.nimber, "{what}: the table");
        assert_eq!(table.histogram(), v.histogram, "{what}: the histogram");
        for config in configs() {
            let mut solver = GameSolver::new(kind, config);
            assert_eq!(solver.nimber(&g).unwrap(), v.nimber, "{what} by {config:?}");
        }
    }
    assert!(values.iter().any(|v| v.game == "arc") && values.len() >= 20);
}

#[test]
fn arc_kayles_on_a_path_is_node_kayles_on_a_shorter_path() {
    let dawson = known::sequence("path", "node");
    for (n, node) in dawson.indexed() {
        assert_eq!(
            arc::nimber(&families::path(n + 1)).unwrap(),
            node,
            "P_{}",
            n + 1
        );
    }
}
