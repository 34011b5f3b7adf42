//! The reductions of each game, checked and shown to be sharp.
//!
//! Arc Kayles deletes surplus pendant leaves and useless vertices
//! ([`kayles_core::arc::reduced_vertices`]); Node Kayles deletes twins (MOD-TWINS). Here:
//! the Arc Kayles reductions keep the value on every graph of up to 6 vertices and on
//! random graphs; each of their conditions is needed (a looser variant changes the value
//! of some small graph); and neither game's reductions may be used for the other (each
//! changes the other game's value on some small graph), which is why each game's rules
//! carry only their own.

use crate::arbitrary::ArbGraph;
use crate::exhaustive::all_graphs;
use kayles_core::{arc, brute, Graph, VertexSet};
use quickcheck::TestResult;

fn arc_value(g: &Graph) -> u32 {
    brute::arc_kayles(g, brute::full_mask(g))
}

fn node_value(g: &Graph) -> u32 {
    brute::node_kayles(g, brute::full_mask(g))
}

fn without(g: &Graph, deleted: &[usize]) -> Graph {
    let keep = VertexSet::from_vertices(g.order(), (0..g.order()).filter(|v| !deleted.contains(v)));
    g.induced_subgraph(&keep).0
}

fn leaves_of(g: &Graph, x: usize) -> Vec<usize> {
    g.neighbours(x)
        .iter()
        .filter(|&l| g.degree(l) == 1)
        .collect()
}

fn has_leaf(g: &Graph, x: usize) -> bool {
    !leaves_of(g, x).is_empty()
}

#[test]
fn arc_reductions_keep_the_value_on_all_graphs_up_to_6_vertices() {
    let mut reduced = 0;
    for n in 0..=6 {
        for g in all_graphs(n) {
            let kept = arc::reduced_vertices(&g);
            if kept.len() < g.order() {
                reduced += 1;
            }
            let (h, _) = g.induced_subgraph(&kept);
            assert_eq!(arc_value(&h), arc_value(&g), "{g:?} reduced to {h:?}");
        }
    }
    // The check is not vacuous: thousands of graphs shrink.
    assert!(reduced > 3000, "{reduced} graphs reduced");
}

#[test]
fn arc_reductions_keep_the_value_on_random_graphs() {
    fn prop(g: ArbGraph) -> TestResult {
        let g = g.0;
        if g.size() > 24 {
            return TestResult::discard();
        }
        let (h, _) = g.induced_subgraph(&arc::reduced_vertices(&g));
        TestResult::from_bool(arc_value(&h) == arc_value(&g))
    }
    crate::arbitrary::check(400, prop as fn(ArbGraph) -> TestResult);
}

/// A graph on at most 6 vertices where `variant` (a set of vertices to delete, if it
/// applies) changes `value`.
fn counterexample(
    value: fn(&Graph) -> u32,
    variant: impl Fn(&Graph) -> Option<Vec<usize>>,
) -> Option<Graph> {
    (3..=6).flat_map(all_graphs).find(|g| {
        g.is_connected()
            && variant(g).is_some_and(|deleted| value(&without(g, &deleted)) != value(g))
    })
}

#[test]
fn every_condition_of_the_arc_reductions_is_needed() {
    // Deleting every pendant leaf of a vertex, not all but one.
    let all_leaves = counterexample(arc_value, |g| {
        (0..g.order())
            .map(|x| leaves_of(g, x))
            .find(|l| !l.is_empty() && g.order() > 2)
    });
    assert!(all_leaves.is_some());
    // Deleting a vertex whose neighbours all have pendant leaves, but which has one too.
    let useless_with_leaf = counterexample(arc_value, |g| {
        (0..g.order())
            .find(|&v| {
                g.degree(v) >= 2
                    && has_leaf(g, v)
                    && g.neighbours(v)
                        .iter()
                        .all(|u| g.degree(u) == 1 || leaves_of(g, u).iter().any(|&l| l != v))
            })
            .map(|v| vec![v])
    });
    assert!(useless_with_leaf.is_some());
    // Deleting a vertex without a pendant leaf when all but one of its neighbours have one.
    let almost_useless = counterexample(arc_value, |g| {
        (0..g.order())
            .find(|&v| {
                let bare = g.neighbours(v).iter().filter(|&u| !has_leaf(g, u)).count();
                g.degree(v) >= 2 && !has_leaf(g, v) && bare == 1
            })
            .map(|v| vec![v])
    });
    assert!(almost_useless.is_some());
}

#[test]
fn neither_game_may_use_the_other_games_reductions() {
    // MOD-TWINS under Arc Kayles: deleting a true twin, or two of three false twins.
    let true_twin = counterexample(arc_value, |g| {
        (0..g.order())
            .flat_map(|u| (u + 1..g.order()).map(move |v| (u, v)))
            .find(|&(u, v)| {
                g.has_edge(u, v) && g.closed_neighbourhood(u) == g.closed_neighbourhood(v)
            })
            .map(|(_, v)| vec![v])
    });
    assert!(true_twin.is_some());
    let false_twins = counterexample(arc_value, |g| {
        (0..g.order()).find_map(|u| {
            let class: Vec<usize> = (0..g.order())
                .filter(|&v| v != u && !g.has_edge(u, v) && g.neighbours(u) == g.neighbours(v))
                .collect();
            (class.len() >= 2).then(|| class[..2].to_vec())
        })
    });
    assert!(false_twins.is_some());
    // The Arc Kayles reductions under Node Kayles.
    let under_node = counterexample(node_value, |g| {
        let kept = arc::reduced_vertices(g);
        let deleted: Vec<usize> = (0..g.order()).filter(|&v| !kept.contains(v)).collect();
        (!deleted.is_empty()).then_some(deleted)
    });
    assert!(under_node.is_some());
}
