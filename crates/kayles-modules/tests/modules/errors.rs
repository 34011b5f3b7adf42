//! Bad input: clear errors, never panics.

use kayles_core::{families, Graph};
use kayles_modules::*;

#[test]
fn module_count_must_match_the_base() {
    let p3 = families::path(3);
    let want = ModuleError::ModuleCount {
        base: 3,
        modules: 2,
    };
    assert_eq!(clique_blow_up(&p3, &[1, 2]).unwrap_err(), want);
    assert_eq!(independent_blow_up(&p3, &[1, 2]).unwrap_err(), want);
    assert_eq!(clique_histogram(&p3, &[1, 2]).unwrap_err(), want);
    assert_eq!(independent_histogram(&p3, &[1, 2]).unwrap_err(), want);
    assert_eq!(
        blowup_histogram(&p3, &[Graph::new(1), Graph::new(1)]).unwrap_err(),
        want
    );
    assert_eq!(
        blowup_nimber(&p3, &[Graph::new(1), Graph::new(1)]).unwrap_err(),
        want
    );
    let k = SignatureCounts::clique(1).unwrap();
    assert_eq!(quotient_histogram(&p3, &[k.clone(), k]).unwrap_err(), want);
    assert!(Quotient::new(&p3, vec![Signature::singleton(0)]).is_err());
    assert!(want.to_string().contains("3 vertices but 2 modules"));
}

#[test]
fn empty_modules_are_refused() {
    let p3 = families::path(3);
    let want = ModuleError::EmptyModule { index: 1 };
    assert_eq!(clique_histogram(&p3, &[1, 0, 2]).unwrap_err(), want);
    assert_eq!(independent_histogram(&p3, &[1, 0, 2]).unwrap_err(), want);
    assert_eq!(clique_nimber(&p3, &[1, 0, 2]).unwrap_err(), want);
    assert_eq!(independent_nimber(&p3, &[1, 0, 2]).unwrap_err(), want);
    let mods = [Graph::new(1), Graph::new(0), Graph::new(1)];
    assert_eq!(blow_up(&p3, &mods).unwrap_err(), want);
    assert_eq!(blowup_histogram(&p3, &mods).unwrap_err(), want);
    assert_eq!(blowup_nimber(&p3, &mods).unwrap_err(), want);
    assert!(want.to_string().contains("module 1 is empty"));
}

#[test]
fn sizes_that_overflow_are_refused() {
    let edge = families::path(2);
    for sizes in [[64, 64], [usize::MAX, 1], [1, usize::MAX / 2 + 1]] {
        let err = clique_histogram(&edge, &sizes).unwrap_err();
        assert!(matches!(err, ModuleError::SizeOverflow { .. }), "{err}");
        let err = independent_histogram(&edge, &sizes).unwrap_err();
        assert!(matches!(err, ModuleError::SizeOverflow { .. }), "{err}");
    }
    assert!(matches!(
        clique_blow_up(&edge, &[60_000, 1]),
        Err(ModuleError::SizeOverflow { .. })
    ));
    assert!(matches!(
        clique_weights(&[200]),
        Err(ModuleError::SizeOverflow { .. })
    ));
    assert!(matches!(
        SignatureCounts::independent(128),
        Err(ModuleError::SizeOverflow { .. })
    ));
}

#[test]
fn tables_too_large_are_refused() {
    let edge = families::path(2);
    let big = families::path(31);
    let err = blowup_histogram(&edge, &[Graph::new(1), big.clone()]).unwrap_err();
    assert_eq!(
        err,
        ModuleError::ModuleTooLarge {
            index: 1,
            order: 31,
            max: 30
        }
    );
    assert!(option_signatures(&families::path(21)).is_err());
    assert!(matches!(
        option_signature(&families::path(3), 0b1000),
        Err(ModuleError::BadSubset { .. })
    ));
    let base = Graph::new(65);
    assert!(matches!(
        Quotient::new(&base, vec![Signature::singleton(0); 65]),
        Err(ModuleError::BaseTooLarge { .. })
    ));
    assert!(matches!(
        IndependentClusters::new(&Graph::new(18), &[1; 18]),
        Err(ModuleError::BaseTooLarge { .. })
    ));
    // Many distinct signatures per module: the table over signature vectors is refused.
    let p4 = SignatureCounts::of_graph(&families::path(4)).unwrap();
    let base = Graph::new(20);
    let err = QuotientTable::new(&base, &vec![p4; 20]).unwrap_err();
    assert!(
        matches!(err, ModuleError::SignatureSpaceTooLarge { .. }),
        "{err}"
    );
}
