//! The corpus of known values (`fixtures/known/`) through the modular decomposition: every
//! Node Kayles graph's nimber by the modular solver, and its histogram through the
//! quotient (each vertex its own module: cliques of size 1).

use crate::known;
use kayles_core::families;
use kayles_modules::{BlowUpSpec, ModularSolver};

#[test]
fn node_kayles_values_and_histograms_through_the_modules() {
    let mut solver = ModularSolver::new();
    let mut checked = 0;
    for v in known::values().iter().filter(|v| v.game == "node") {
        let g = families::build(&v.graph)
            .or_else(|_| kayles_core::graph6::parse(&v.graph))
            .unwrap();
        let what = format!("{}: {}", v.graph, v.source);
        assert_eq!(solver.nimber(&g).unwrap(), v.nimber, "{what}");
        let spec = BlowUpSpec::Cliques(vec![1; g.order()]);
        assert_eq!(spec.nimber(&g).unwrap(), v.nimber, "{what}: the quotient");
        assert_eq!(
            spec.histogram(&g).unwrap(),
            v.histogram,
            "{what}: the quotient"
        );
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} graphs");
}
