//! Exhaustive small families: every labelled graph on up to 6 vertices, every engine
//! against the definition, for Node Kayles and Arc Kayles.

use kayles_core::search::{SearchConfig, Solver};
use kayles_core::{arc, brute, Graph};

/// Every labelled graph on `n` vertices.
fn all_graphs(n: usize) -> impl Iterator<Item = Graph> {
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
fn node_kayles_search_equals_definition_on_all_graphs_up_to_6_vertices() {
    let mut fast = Solver::new();
    let mut plain = Solver::with_config(SearchConfig::plain());
    let mut checked = 0;
    for n in 0..=6 {
        for g in all_graphs(n) {
            let want = brute::node_kayles(&g, brute::full_mask(&g));
            assert_eq!(fast.nimber(&g).unwrap(), want, "{g:?}");
            assert_eq!(plain.nimber(&g).unwrap(), want, "{g:?}");
            checked += 1;
        }
    }
    assert_eq!(checked, 1 + 1 + 2 + 8 + 64 + 1024 + 32768);
}

#[test]
fn arc_kayles_search_and_line_graph_equal_definition_up_to_6_vertices() {
    for n in 0..=6 {
        for g in all_graphs(n) {
            let want = brute::arc_kayles(&g, brute::full_mask(&g));
            assert_eq!(arc::nimber(&g).unwrap(), want, "{g:?}");
            assert_eq!(arc::nimber_via_line_graph(&g).unwrap(), want, "{g:?}");
        }
    }
}
