//! Split-run-join against direct search: every graph on up to 7 vertices, grid, Petersen
//! and queens graphs at several depths, Node Kayles and Arc Kayles, both keys.

use kayles_core::canonical::{graph_code, Canonizer};
use kayles_core::node::Solver;
use kayles_core::split::{tree::Until, Split, INLINE_ORDER};
use kayles_core::{arc, brute, families, GameKind, Graph};
use std::collections::HashSet;

/// One graph of every isomorphism class on `n` vertices (a few classes may appear twice
/// where the canonical code gives up on a large automorphism group: harmless here), each
/// class on `n` made by adding a vertex, joined to any subset, to a class on `n - 1`.
fn graphs_up_to(max: usize) -> Vec<Vec<Graph>> {
    let mut canonizer = Canonizer::new();
    let mut by_order = vec![vec![Graph::new(0)]];
    for n in 1..=max {
        let mut seen = HashSet::new();
        let mut next = Vec::new();
        for g in &by_order[n - 1] {
            for joined in 0..1u32 << (n - 1) {
                let mut h = g.disjoint_union(&Graph::new(1));
                for u in (0..n - 1).filter(|u| joined >> u & 1 == 1) {
                    h.add_edge(u, n - 1);
                }
                if seen.insert(graph_code(&mut canonizer, &h).unwrap()) {
                    next.push(h);
                }
            }
        }
        by_order.push(next);
    }
    by_order
}

fn direct(g: &Graph, game: GameKind, solver: &mut Solver) -> u32 {
    match game {
        GameKind::Node => solver.nimber(g).unwrap(),
        GameKind::Arc => arc::nimber(g).unwrap(),
    }
}

/// The root value through the split: every job answered by direct search.
fn through(split: &Split, solver: &mut Solver) -> u32 {
    let values: Vec<u32> = split
        .jobs()
        .map(|job| direct(&job, split.game(), solver))
        .collect();
    split.join(&values).unwrap()
}

#[test]
fn split_run_join_equals_the_definition_on_every_graph_up_to_7_vertices() {
    let classes = graphs_up_to(7);
    let counts: Vec<usize> = classes.iter().map(Vec::len).collect();
    // OEIS A000088: 1, 1, 2, 4, 11, 34, 156, 1044 (at least; see graphs_up_to).
    for (have, least) in counts.iter().zip([1, 1, 2, 4, 11, 34, 156, 1044]) {
        assert!(*have >= least, "{counts:?}");
    }
    let mut solver = Solver::new();
    let mut jobs = 0;
    for g in classes.iter().flatten() {
        for game in GameKind::ALL {
            let want = brute::value(game, g, brute::full_mask(g));
            // Inline order 0 and 2 give these small graphs real jobs at every depth.
            for inline in [0, 2] {
                let mut split = Split::grown(g, game, None, inline, Until::Depth(0)).unwrap();
                for depth in 0..=3 {
                    assert_eq!(split.depth(), depth);
                    jobs += split.job_count();
                    assert_eq!(
                        through(&split, &mut solver),
                        want,
                        "{g:?} {game} depth {depth}"
                    );
                    split.deepen().unwrap();
                }
            }
        }
    }
    assert!(jobs > 10_000, "only {jobs} jobs");
}

#[test]
fn split_run_join_equals_direct_search_on_grid_petersen_and_queens() {
    let mut solver = Solver::new();
    for (spec, depths) in [
        ("grid:3x12", 0..=3),
        ("petersen:16,2", 0..=3),
        ("queens:7", 0..=2),
    ] {
        let g = families::build(spec).unwrap();
        let symmetry = families::host_symmetry(spec).unwrap();
        let want = solver.nimber(&g).unwrap();
        for key in [symmetry.as_ref(), None] {
            for depth in depths.clone() {
                let split = Split::expand(&g, GameKind::Node, key, depth).unwrap();
                assert!(depth == 0 || split.job_count() > 1, "{spec} depth {depth}");
                assert_eq!(through(&split, &mut solver), want, "{spec} depth {depth}");
            }
        }
    }
}

#[test]
fn arc_kayles_split_run_join_equals_direct_search() {
    let mut solver = Solver::new();
    for spec in ["grid:3x6", "petersen:8,2", "queens:4", "cycle:17"] {
        let g = families::build(spec).unwrap();
        let symmetry = families::host_symmetry(spec).unwrap();
        let want = arc::nimber(&g).unwrap();
        for key in [symmetry.as_ref(), None] {
            for depth in 0..=3 {
                let split = Split::expand(&g, GameKind::Arc, key, depth).unwrap();
                assert_eq!(through(&split, &mut solver), want, "{spec} depth {depth}");
            }
        }
    }
}

#[test]
fn canonical_jobs_are_pairwise_non_isomorphic_and_symmetry_jobs_no_fewer() {
    // The canonical key merges every isomorphic pair; the symmetry key only images under
    // the host's maps, so it gives at least as many jobs (and here not many more).
    let g = families::build("grid:3x12").unwrap();
    let symmetry = families::host_symmetry("grid:3x12").unwrap();
    let with = Split::expand(&g, GameKind::Node, symmetry.as_ref(), 2).unwrap();
    let without = Split::expand(&g, GameKind::Node, None, 2).unwrap();
    let mut canonizer = Canonizer::new();
    let codes: HashSet<Vec<u64>> = without
        .jobs()
        .map(|j| graph_code(&mut canonizer, &j).unwrap())
        .collect();
    assert_eq!(codes.len(), without.job_count(), "canonical jobs repeat");
    assert!(with.job_count() >= without.job_count());
    assert!(with.job_count() < 4 * without.job_count());
}

#[test]
fn with_jobs_picks_the_least_depth() {
    let g = families::build("petersen:16,2").unwrap();
    for want in [1, 10, 100] {
        let split =
            Split::grown(&g, GameKind::Node, None, INLINE_ORDER, Until::Jobs(want)).unwrap();
        assert!(split.job_count() >= want);
        if split.depth() > 0 {
            let shallower = Split::expand(&g, GameKind::Node, None, split.depth() - 1).unwrap();
            assert!(shallower.job_count() < want);
        }
    }
    // A small graph runs out of frontier: the whole game is in the tree, no jobs.
    let small = families::build("grid:3x4").unwrap();
    let split = Split::grown(
        &small,
        GameKind::Node,
        None,
        INLINE_ORDER,
        Until::Jobs(1000),
    )
    .unwrap();
    assert!(split.is_complete());
    assert_eq!(split.join(&[]), Ok(0));
}
