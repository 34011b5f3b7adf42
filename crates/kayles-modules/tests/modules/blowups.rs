//! MOD-SIGNATURE: the quotient against direct enumeration of the expanded graph.

use crate::support::{check, set_of, BlowUpCase};
use kayles_core::{brute, table::SubsetTable};
use kayles_modules::{
    blow_up, blowup_histogram, blowup_nimber, Quotient, QuotientTable, SignatureCounts,
};

/// Pointwise `g(S) = Q(T(S))` for every expanded subset, by both quotient engines, and the
/// histograms by three routes.
fn quotient_matches_enumeration(case: BlowUpCase) -> bool {
    let modules = case.module_graphs();
    let b = blow_up(&case.base, &modules).unwrap();
    let n = b.graph().order();
    let table = SubsetTable::compute_sequential(b.graph()).unwrap();
    let tables = b.module_tables().unwrap();
    let counts: Vec<SignatureCounts> = tables.iter().map(|t| t.counts()).collect();
    let qt = QuotientTable::new(&case.base, &counts).unwrap();
    for s in 0..1u128 << n {
        let sigs = b.signature_vector(&tables, s);
        let occupied = b.occupied_modules_mask(s);
        // T(S) is exactly the set of non-empty signatures.
        let nonempty = sigs
            .iter()
            .enumerate()
            .filter(|(_, a)| !a.is_empty())
            .fold(0, |t, (i, _)| t | 1 << i);
        assert_eq!(occupied, nonempty);
        assert_eq!(occupied, b.occupied_modules(&set_of(n, s)));
        let g = u32::from(table.nimber(s as u64));
        let mut q = Quotient::new(&case.base, sigs.clone()).unwrap();
        assert_eq!(
            q.value(occupied).unwrap(),
            g,
            "S = {s:#b}, signatures {sigs:?}"
        );
        assert_eq!(qt.value_of(&sigs), Some(g), "S = {s:#b} (table)");
    }
    let direct = table.histogram();
    assert_eq!(qt.histogram(), &direct[..]);
    assert_eq!(blowup_histogram(&case.base, &modules).unwrap(), direct);
    assert_eq!(direct.iter().sum::<u128>(), 1u128 << n);
    // Full board: through full signatures, and by brute force.
    let full = brute::node_kayles(b.graph(), brute::full_mask(b.graph()));
    assert_eq!(blowup_nimber(&case.base, &modules).unwrap(), full);
    assert_eq!(b.direct_nimber().unwrap(), full);
    true
}

#[test]
fn quotient_equals_direct_enumeration() {
    check(300, quotient_matches_enumeration as fn(BlowUpCase) -> bool);
}

#[test]
fn every_module_on_three_vertices_in_small_bases() {
    // Every base on up to 3 vertices, every module graph on up to 3 vertices in module 0,
    // a path P3 and I2 in the others.
    use crate::support::{all_graphs, ModuleSpec};
    for k in 1..=3 {
        for base in all_graphs(k) {
            for m in 1..=3 {
                for h in all_graphs(m) {
                    let mut modules = vec![ModuleSpec::Other(h.clone())];
                    modules.extend((1..k).map(|i| {
                        if i == 1 {
                            ModuleSpec::Other(kayles_core::families::path(3))
                        } else {
                            ModuleSpec::Independent(2)
                        }
                    }));
                    assert!(quotient_matches_enumeration(BlowUpCase {
                        base: base.clone(),
                        modules
                    }));
                }
            }
        }
    }
}

#[test]
fn full_board_nimbers_of_grid_blow_ups() {
    // Grid bases with modules of several signatures, by the quotient memo (the default
    // for bases up to 64 vertices) and by gadgets + core search (forced).
    use kayles_core::{families, node::Solver, Graph};
    use kayles_modules::ModularSolver;
    let pool = [
        Graph::new(1),
        Graph::new(2),
        families::path(3),
        families::path(6),
        families::cycle(4),
        families::complete(3),
    ];
    for (spec, shift) in [("grid:4x4", 0), ("grid:3x5", 1), ("grid:3x5", 4)] {
        let base = families::build(spec).unwrap();
        let modules: Vec<Graph> = (0..base.order())
            .map(|i| pool[(i * 5 + shift) % pool.len()].clone())
            .collect();
        let b = blow_up(&base, &modules).unwrap();
        let want = Solver::new().nimber(b.graph()).unwrap();
        assert_eq!(blowup_nimber(&base, &modules).unwrap(), want, "{spec}");
        let gadgets = ModularSolver::new()
            .with_core_threshold(0)
            .blowup_nimber(&base, &modules)
            .unwrap();
        assert_eq!(gadgets, want, "{spec} (gadgets)");
        assert_eq!(ModularSolver::new().nimber(b.graph()).unwrap(), want);
    }
}
