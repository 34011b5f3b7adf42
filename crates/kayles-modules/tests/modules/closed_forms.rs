//! MOD-CLIQUE and MOD-INDEPENDENT: closed forms = general signature route = enumeration.

use crate::support::{all_graphs, all_sizes, check, SizesCase};
use kayles_core::{families, table::SubsetTable, Graph};
use kayles_modules::{
    clique_blow_up, clique_histogram, clique_nimber, independent_blow_up, independent_histogram,
    independent_nimber, quotient_histogram, IndependentClusters, SignatureCounts,
};

fn clique_counts(sizes: &[usize]) -> Vec<SignatureCounts> {
    sizes
        .iter()
        .map(|&m| SignatureCounts::clique(m).unwrap())
        .collect()
}

fn independent_counts(sizes: &[usize]) -> Vec<SignatureCounts> {
    sizes
        .iter()
        .map(|&m| SignatureCounts::independent(m).unwrap())
        .collect()
}

/// Both closed forms against the general route and (pointwise and as histograms) against
/// the subset table of the expanded graph.
fn closed_forms_agree(base: &Graph, sizes: &[usize]) {
    let n: usize = sizes.iter().sum();
    let base_table = SubsetTable::compute_sequential(base).unwrap();

    // Cliques: g(S) = g_B(T(S)).
    let b = clique_blow_up(base, sizes).unwrap();
    let table = SubsetTable::compute_sequential(b.graph()).unwrap();
    for s in 0..1u128 << n {
        let t = b.occupied_modules_mask(s);
        assert_eq!(
            table.nimber(s as u64),
            base_table.nimber(t),
            "clique S = {s:#b}"
        );
    }
    let hist = clique_histogram(base, sizes).unwrap();
    assert_eq!(hist, table.histogram(), "clique {base:?} {sizes:?}");
    assert_eq!(
        hist,
        quotient_histogram(base, &clique_counts(sizes)).unwrap()
    );
    assert_eq!(hist.iter().sum::<u128>(), 1u128 << n);
    assert_eq!(
        clique_nimber(base, sizes).unwrap(),
        u32::from(table.nimber((1 << n) - 1))
    );

    // Independent clusters: g depends on the 0 / odd / even states through q.
    let b = independent_blow_up(base, sizes).unwrap();
    let table = SubsetTable::compute_sequential(b.graph()).unwrap();
    let clusters = IndependentClusters::new(base, sizes).unwrap();
    for s in 0..1u128 << n {
        let counts: Vec<usize> = (0..base.order())
            .map(|i| b.module_mask(s, i).count_ones() as usize)
            .collect();
        assert_eq!(
            clusters.value_of_counts(&counts),
            u32::from(table.nimber(s as u64)),
            "independent S = {s:#b}"
        );
    }
    let hist = independent_histogram(base, sizes).unwrap();
    assert_eq!(hist, table.histogram(), "independent {base:?} {sizes:?}");
    assert_eq!(
        hist,
        quotient_histogram(base, &independent_counts(sizes)).unwrap()
    );
    assert_eq!(hist.iter().sum::<u128>(), 1u128 << n);
    assert_eq!(
        independent_nimber(base, sizes).unwrap(),
        u32::from(table.nimber((1 << n) - 1))
    );
}

#[test]
fn exhaustive_bases_up_to_four_sizes_up_to_three() {
    for k in 1..=4 {
        for base in all_graphs(k) {
            for sizes in all_sizes(k, 3) {
                closed_forms_agree(&base, &sizes);
            }
        }
    }
}

#[test]
fn random_bases_and_sizes() {
    fn prop(case: SizesCase) -> bool {
        closed_forms_agree(&case.base, &case.sizes);
        true
    }
    check(100, prop as fn(SizesCase) -> bool);
}

#[test]
fn grid_3x4_with_modules_of_5_general_route_equals_closed_forms() {
    let grid = families::build("grid:3x4").unwrap();
    let sizes = [5; 12];
    let clique = clique_histogram(&grid, &sizes).unwrap();
    assert_eq!(
        clique,
        quotient_histogram(&grid, &clique_counts(&sizes)).unwrap()
    );
    assert_eq!(clique.iter().sum::<u128>(), 1 << 60);
    let independent = independent_histogram(&grid, &sizes).unwrap();
    assert_eq!(
        independent,
        quotient_histogram(&grid, &independent_counts(&sizes)).unwrap()
    );
    assert_eq!(independent.iter().sum::<u128>(), 1 << 60);
    // The clique histogram is the base histogram reweighted: the empty set once, and the
    // base's own subset counts do not carry over (non-uniform weights).
    assert_eq!(clique[0] + clique[1..].iter().sum::<u128>(), 1 << 60);
}

#[test]
fn mixed_sizes_near_the_counting_limit() {
    // 127 expanded vertices: the largest total whose 2^N fits u128.
    let p3 = families::path(3);
    let sizes = [60, 60, 7];
    let hist = clique_histogram(&p3, &sizes).unwrap();
    assert_eq!(hist.iter().sum::<u128>(), 1 << 127);
    assert_eq!(
        hist,
        quotient_histogram(&p3, &clique_counts(&sizes)).unwrap()
    );
    let hist = independent_histogram(&p3, &sizes).unwrap();
    assert_eq!(hist.iter().sum::<u128>(), 1 << 127);
    assert_eq!(
        hist,
        quotient_histogram(&p3, &independent_counts(&sizes)).unwrap()
    );
}

#[test]
fn disconnected_bases_split_into_components() {
    // Two copies of grid:2x3 side by side with P3 modules: 4^12 signature vectors as one
    // table, 2 * 4^6 by components; the closed-form-free route must match a direct check
    // of one copy convolved with itself.
    let g = families::grid(2, 3);
    let two = g.disjoint_union(&g);
    let p3 = SignatureCounts::of_graph(&families::path(3)).unwrap();
    let one = quotient_histogram(&g, &vec![p3.clone(); 6]).unwrap();
    let both = quotient_histogram(&two, &vec![p3; 12]).unwrap();
    let mut want = vec![0u128; 64];
    for (a, x) in one.iter().enumerate() {
        for (b, y) in one.iter().enumerate() {
            want[a ^ b] += x * y;
        }
    }
    while want.last() == Some(&0) {
        want.pop();
    }
    assert_eq!(both, want);
    assert_eq!(both.iter().sum::<u128>(), 1 << 36);
    // Against direct enumeration on a small disconnected blow-up.
    let base = Graph::from_edges(4, &[(0, 1)]);
    let sizes = [2, 3, 2, 1];
    let b = independent_blow_up(&base, &sizes).unwrap();
    let direct = SubsetTable::compute_sequential(b.graph())
        .unwrap()
        .histogram();
    assert_eq!(
        quotient_histogram(&base, &independent_counts(&sizes)).unwrap(),
        direct
    );
    assert_eq!(independent_histogram(&base, &sizes).unwrap(), direct);
}
