//! The benchmark cases at test size (correctness only; timings come from
//! `cargo run --release -p kayles-modules --example perf`).

use kayles_core::{families, node::Solver};
use kayles_modules::generators::{random_cograph, random_modular_width_graph};
use kayles_modules::{clique_histogram, decompose, independent_histogram, ModularSolver};

#[test]
fn grid_blow_ups_sum_to_two_to_the_sixty() {
    let grid = families::build("grid:3x4").unwrap();
    assert_eq!(
        clique_histogram(&grid, &[5; 12])
            .unwrap()
            .iter()
            .sum::<u128>(),
        1 << 60
    );
    assert_eq!(
        independent_histogram(&grid, &[5; 12])
            .unwrap()
            .iter()
            .sum::<u128>(),
        1 << 60
    );
}

#[test]
fn big_cograph_and_bounded_width_graph_are_solved() {
    // The value through the decomposition tree against plain search of the whole graph
    // (kayles-core's engine, no modules): about 2 s for the cograph's 1.8 M edges.
    let g = random_cograph(2000, 2026);
    let t = decompose(&g);
    assert!(t.is_cograph());
    let through_tree = ModularSolver::new().nimber_with_tree(&g, &t).unwrap();
    assert_eq!(
        through_tree,
        Solver::new().nimber(&g).unwrap(),
        "cograph:2000"
    );
    let g = random_modular_width_graph(500, 8, 2026);
    let t = decompose(&g);
    assert!(t.modular_width() <= 8);
    let through_tree = ModularSolver::new().nimber_with_tree(&g, &t).unwrap();
    assert_eq!(
        through_tree,
        Solver::new().nimber(&g).unwrap(),
        "width8:500"
    );
    // Mid-size: the same value as plain search.
    let g = random_cograph(120, 5);
    assert_eq!(
        ModularSolver::new().nimber(&g).unwrap(),
        Solver::new().nimber(&g).unwrap()
    );
}
