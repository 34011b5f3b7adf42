//! Exhaustive small families: every labelled graph on up to 6 vertices, every engine of
//! both games against the definition.

use crate::corpus::{judge, split_everywhere};
use kayles_core::engine::{MemoKey, SearchConfig};
use kayles_core::game::GameSolver;
use kayles_core::{arc, brute, GameKind, Graph};

/// Every labelled graph on `n` vertices.
pub fn all_graphs(n: usize) -> impl Iterator<Item = Graph> {
    let pairs: Vec<(usize, usize)> = (0..n)
        .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
        .collect();
    (0..1u64 << pairs.len()).map(move |bits| {
        let edges: Vec<_> = pairs
            .iter()
            .enumerate()
            .filter(|(i, _)| bits >> i & 1 == 1)
            .map(|(_, &e)| e)
            .collect();
        Graph::from_edges(n, &edges)
    })
}

#[test]
fn search_equals_definition_on_all_graphs_up_to_6_vertices() {
    let configs = [
        SearchConfig::default(),
        SearchConfig::plain(),
        SearchConfig {
            memo_key: MemoKey::Shape,
            threads: 1,
            ..SearchConfig::default()
        },
        split_everywhere(SearchConfig::default()),
    ];
    for game in GameKind::ALL {
        let mut solvers: Vec<GameSolver> =
            configs.iter().map(|&c| GameSolver::new(game, c)).collect();
        let mut checked = 0;
        for n in 0..=6 {
            for g in all_graphs(n) {
                let want = judge(game, &g, brute::full_mask(&g));
                for solver in solvers.iter_mut() {
                    assert_eq!(solver.nimber(&g).unwrap(), want, "{game} {g:?}");
                }
                if game == GameKind::Arc {
                    assert_eq!(arc::nimber_via_line_graph(&g).unwrap(), want, "{g:?}");
                }
                checked += 1;
            }
        }
        assert_eq!(checked, 1 + 1 + 2 + 8 + 64 + 1024 + 32768);
    }
}
