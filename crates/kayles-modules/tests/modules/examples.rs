//! The worked examples of docs/claims/README.md section 2.

use kayles_core::{brute, families, node::Solver, Graph};
use kayles_modules::*;

#[test]
fn mod_nimber_not_enough() {
    let k1 = Graph::new(1);
    let p6 = families::path(6);
    let i2 = Graph::new(2);
    // Same nimber, different signatures.
    assert_eq!(nimber(&k1).unwrap(), 1);
    assert_eq!(nimber(&p6).unwrap(), 1);
    assert_eq!(full_signature(&k1).unwrap(), Signature::from_values([0]));
    assert_eq!(full_signature(&p6).unwrap(), Signature::from_values([0, 2]));
    assert_eq!(
        option_signature(&p6, 0b111111).unwrap(),
        Signature::from_values([0, 2])
    );
    assert_eq!(full_signature(&i2).unwrap(), Signature::from_values([1]));
    // Joined completely to I2 (base graph an edge): 2 and 3.
    let edge = Graph::from_edges(2, &[(0, 1)]);
    for (module, want) in [(k1, 2), (p6, 3)] {
        let b = blow_up(&edge, &[module.clone(), i2.clone()]).unwrap();
        assert_eq!(
            brute::node_kayles(b.graph(), brute::full_mask(b.graph())),
            want
        );
        assert_eq!(Solver::new().nimber(b.graph()).unwrap(), want);
        assert_eq!(
            blowup_nimber(&edge, &[module.clone(), i2.clone()]).unwrap(),
            want
        );
        let sigs = vec![
            full_signature(&module).unwrap(),
            full_signature(&i2).unwrap(),
        ];
        assert_eq!(quotient(&edge, &sigs).unwrap(), want);
        assert_eq!(nimber(b.graph()).unwrap(), want);
        // The decomposition sees a series node over {module, I2}.
        let t = decompose(b.graph());
        assert_eq!(t.node(0).kind, NodeKind::Series);
    }
}

#[test]
fn signatures_of_the_special_cases() {
    // Clique: {0}; odd independent: {0}; positive even independent: {1}.
    let k3 = option_signatures(&families::complete(3)).unwrap();
    assert!(k3[1..].iter().all(|a| *a == Signature::singleton(0)));
    let i3 = option_signatures(&Graph::new(3)).unwrap();
    for (mask, a) in i3.iter().enumerate().skip(1) {
        let want = if mask.count_ones() % 2 == 1 { 0 } else { 1 };
        assert_eq!(*a, Signature::singleton(want));
    }
    assert_eq!(
        option_signatures(&Graph::new(0)).unwrap(),
        vec![Signature::EMPTY]
    );
}

#[test]
fn quotient_options_are_the_expanded_options() {
    // P6 and I2 joined: the full option signature through the quotient equals the one by
    // plain search of the expanded graph.
    let edge = Graph::from_edges(2, &[(0, 1)]);
    let mods = [families::path(6), Graph::new(2)];
    let b = blow_up(&edge, &mods).unwrap();
    let sigs = mods.iter().map(|h| full_signature(h).unwrap()).collect();
    let mut q = Quotient::new(&edge, sigs).unwrap();
    assert_eq!(
        q.full_options().unwrap(),
        solve::full_signature_by_search(b.graph()).unwrap()
    );
    assert_eq!(q.full_value().unwrap(), 3);
    assert!(q.memo_len() <= 3);
}
