//! One fixture set of graphs, run against every engine: the by-definition judge, the subset
//! table, and the search under every memo key and layer setting.

use kayles_core::search::{MemoKey, SearchConfig, Solver};
use kayles_core::table::SubsetTable;
use kayles_core::{brute, families, Graph};

/// Named small graphs covering the families and some awkward shapes.
pub fn fixtures() -> Vec<(String, Graph)> {
    let specs = [
        "path:1",
        "path:7",
        "cycle:3",
        "cycle:8",
        "complete:5",
        "empty:4",
        "star:6",
        "grid:2x5",
        "grid:3x4",
        "petersen:5,2",
        "petersen:6,2",
        "queens:3",
        "linked-c4:3",
        "linked-c4-b:2",
        "linked-c4-c:1",
        "linked-c4-alt:3",
    ];
    let mut out: Vec<(String, Graph)> = specs
        .iter()
        .map(|s| (s.to_string(), families::build(s).unwrap()))
        .collect();
    // Twins of both kinds: K2 + three false twins hanging off a path.
    let twins = Graph::from_edges(
        7,
        &[
            (0, 1),
            (1, 2),
            (2, 3),
            (2, 4),
            (2, 5),
            (3, 6),
            (4, 6),
            (5, 6),
        ],
    );
    out.push(("false-twins".into(), twins));
    let true_twins =
        Graph::from_edges(5, &[(0, 1), (0, 2), (1, 2), (2, 3), (1, 3), (0, 3), (3, 4)]);
    out.push(("true-twins".into(), true_twins));
    out
}

/// Every search configuration worth distinguishing.
pub fn configs() -> Vec<SearchConfig> {
    let mut out = Vec::new();
    for memo_key in [MemoKey::Exact, MemoKey::Shape, MemoKey::Canonical] {
        for reductions in [false, true] {
            for known_pieces in [false, true] {
                out.push(SearchConfig {
                    memo_key,
                    reductions,
                    known_pieces,
                    ..SearchConfig::default()
                });
            }
        }
    }
    out
}

#[test]
fn every_engine_agrees_with_the_definition_on_every_subset() {
    let mut solvers: Vec<Solver> = configs().into_iter().map(Solver::with_config).collect();
    for (name, g) in fixtures() {
        let table = SubsetTable::compute(&g).unwrap();
        let sequential = SubsetTable::compute_sequential(&g).unwrap();
        assert!(
            table.values() == sequential.values(),
            "{name}: parallel != sequential"
        );
        for mask in 0..1u64 << g.order() {
            let want = brute::node_kayles(&g, u128::from(mask));
            assert_eq!(
                u32::from(table.nimber(mask)),
                want,
                "{name} subset {mask:#b}: table"
            );
            let set = kayles_core::VertexSet::from_vertices(
                g.order(),
                (0..g.order()).filter(|v| mask >> v & 1 == 1),
            );
            let (sub, _) = g.induced_subgraph(&set);
            for solver in solvers.iter_mut() {
                assert_eq!(
                    solver.nimber(&sub).unwrap(),
                    want,
                    "{name} subset {mask:#b}"
                );
            }
        }
    }
}
