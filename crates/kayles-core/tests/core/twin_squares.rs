//! The twin-square rule of Arc Kayles (`kayles_core::arc::TwinSquare`): two non-adjacent
//! vertices `a`, `b` of degree 2 with the same neighbours `c`, `d` let the edges `ad` and
//! `bc` go without changing the value. Checked against the definition on every graph of
//! up to 7 vertices that holds such a square (with `c ~ d` and without), shown to need
//! both degrees to be 2, and the split the search makes of it (`arc::twin_square_pieces`)
//! checked on every labelled graph of up to 6 vertices, on every graph of 7 with a square,
//! on random graphs and on random regions of grids, as is the search itself.

use crate::arbitrary::ArbGraph;
use crate::exhaustive::all_graphs;
use kayles_core::engine::SearchConfig;
use kayles_core::{arc, brute, families, Graph, VertexSet};
use quickcheck::TestResult;

fn arc_value(g: &Graph) -> u32 {
    brute::arc_kayles(g, brute::full_mask(g))
}

/// Every graph on `n` vertices (4 to 7) in which 0 and 1 are non-adjacent, both adjacent
/// to 2 and 3, and `extra_a` / `extra_b` say which of 4.. they are adjacent to as well:
/// with every set of edges among 2..n. Up to labelling, with no extra edges, every graph
/// on `n` vertices with a twin square.
fn graphs_with_square(n: usize, extra_a: &[usize], extra_b: &[usize]) -> Vec<Graph> {
    let pairs: Vec<(usize, usize)> = (2..n)
        .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
        .collect();
    let mut base = vec![(0, 2), (0, 3), (1, 2), (1, 3)];
    base.extend(extra_a.iter().map(|&v| (0, v)));
    base.extend(extra_b.iter().map(|&v| (1, v)));
    (0..1u64 << pairs.len())
        .map(|bits| {
            let mut edges = base.clone();
            edges.extend(
                pairs
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| bits >> i & 1 == 1)
                    .map(|(_, &e)| e),
            );
            Graph::from_edges(n, &edges)
        })
        .collect()
}

fn without_edges(g: &Graph, gone: &[(usize, usize)]) -> Graph {
    let edges: Vec<(usize, usize)> = g
        .edges()
        .into_iter()
        .filter(|e| !gone.contains(e))
        .collect();
    Graph::from_edges(g.order(), &edges)
}

/// The rule as stated: `G` and `G - {0-3, 1-2}` have one value.
fn rule_holds(g: &Graph) -> bool {
    arc_value(g) == arc_value(&without_edges(g, &[(0, 3), (1, 2)]))
}

#[test]
fn the_square_rule_holds_on_every_graph_up_to_7_vertices() {
    let mut checked = 0;
    let mut adjacent_ends = 0;
    for n in 4..=7 {
        for g in graphs_with_square(n, &[], &[]) {
            assert!(rule_holds(&g), "{g:?}");
            checked += 1;
            adjacent_ends += usize::from(g.has_edge(2, 3));
        }
    }
    // Edges among 2..n: 1, 3, 6 and 10 pairs.
    assert_eq!(checked, 2 + 8 + 64 + 1024);
    assert!(adjacent_ends > 500);
}

#[test]
fn the_square_rule_needs_both_twins_of_degree_2() {
    // One twin of degree 3 (a third neighbour 4), or both (the same third neighbour).
    let one = (5..=7).flat_map(|n| graphs_with_square(n, &[], &[4]));
    assert!(one.into_iter().any(|g| !rule_holds(&g)));
    let both = (5..=7).flat_map(|n| graphs_with_square(n, &[4], &[4]));
    assert!(both.into_iter().any(|g| !rule_holds(&g)));
}

/// The pieces of the split have values that xor to the value of `g`, and they cover the
/// vertices of its components of at least two vertices, each piece connected.
fn split_is_right(g: &Graph, min_order: u32) -> bool {
    let pieces = arc::twin_square_pieces(g, min_order);
    let mut covered = VertexSet::new(g.order());
    let mut x = 0;
    for piece in &pieces {
        let (h, _) = g.induced_subgraph(piece);
        if !h.is_connected() || h.order() < 2 || !covered.intersection(piece).is_empty() {
            return false;
        }
        covered = covered.union(piece);
        x ^= arc_value(&h);
    }
    let live: Vec<usize> = g.vertices().iter().filter(|&v| g.degree(v) > 0).collect();
    covered == VertexSet::from_vertices(g.order(), live) && x == arc_value(g)
}

#[test]
fn the_split_at_squares_keeps_the_value_on_small_graphs() {
    let mut split = 0;
    for n in 0..=6 {
        for g in all_graphs(n) {
            assert!(split_is_right(&g, 5), "{g:?}");
            split += usize::from(
                arc::twin_square_pieces(&g, 5).len() > g.components(&g.vertices()).len(),
            );
        }
    }
    for g in graphs_with_square(7, &[], &[]) {
        assert!(split_is_right(&g, 5), "{g:?}");
        split +=
            usize::from(arc::twin_square_pieces(&g, 5).len() > g.components(&g.vertices()).len());
    }
    // Not vacuous: many graphs split.
    assert!(split > 100, "{split} graphs split");
}

/// A random region of the grid `rows x cols`: the cells whose bit of `mask` is set.
fn grid_region(rows: usize, cols: usize, mask: u64) -> Graph {
    let grid = families::build(&format!("grid:{rows}x{cols}")).unwrap();
    let keep = VertexSet::from_vertices(
        grid.order(),
        (0..grid.order()).filter(|v| mask >> v & 1 == 1),
    );
    grid.induced_subgraph(&keep).0
}

#[test]
fn the_split_at_squares_keeps_the_value_on_random_graphs_and_grid_regions() {
    fn prop(g: ArbGraph, mask: u64, dense: bool) -> TestResult {
        let region = grid_region(
            4,
            5,
            if dense {
                mask | mask >> 9 | mask >> 17
            } else {
                mask
            },
        );
        TestResult::from_bool(split_is_right(&g.0, 5) && split_is_right(&region, 5))
    }
    crate::arbitrary::check(300, prop as fn(ArbGraph, u64, bool) -> TestResult);
}

/// The search (which splits components of at least `TWIN_SQUARE_MIN_ORDER` vertices at
/// their squares, and skips the moves of the rule) agrees with the definition on grid
/// regions, with and without the small components' tables.
#[test]
fn the_search_with_squares_agrees_with_the_definition_on_grid_regions() {
    fn prop(mask: u64, dense: bool, tables: bool) -> bool {
        let g = grid_region(
            4,
            5,
            if dense {
                mask | mask >> 7 | mask >> 13
            } else {
                mask
            },
        );
        let config = SearchConfig {
            small_order: if tables {
                SearchConfig::default().small_order
            } else {
                0
            },
            threads: 1,
            ..SearchConfig::default()
        };
        let want = arc_value(&g);
        arc::Solver::with_config(config).nimber(&g) == Ok(want)
    }
    crate::arbitrary::check(200, prop as fn(u64, bool, bool) -> bool);
}
