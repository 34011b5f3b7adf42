//! The linked 4-cycle recurrence (SEQ-A316629) against direct search, the move analysis
//! against the graphs, the fast recurrence against the plain ones, the published
//! recurrence's documented failure, and SEQ-LINKED-C4-ALT.

use kayles_core::canonical::Canonizer;
use kayles_core::node::Solver;
use kayles_core::{brute, families};
use kayles_sequences::linked_c4::{self, LinkedC4Terms};
use kayles_sequences::moves::{self, Family};
use kayles_sequences::{alt, search};

/// The corpus of known values (`fixtures/known/`), shared by every crate's tests.
#[path = "../../../fixtures/known/known.rs"]
mod known;

/// The first 90 terms of A316629 as shown in the OEIS entry's data section (the corpus,
/// `fixtures/known/sequences.txt`), `a(1..=90)`.
fn oeis_a() -> Vec<u16> {
    let seq = known::sequence("linked-c4", "node");
    assert_eq!((seq.first, seq.terms.len()), (1, 90), "{}", seq.source);
    seq.terms.iter().map(|&v| v as u16).collect()
}

fn nimber(spec: &str, solver: &mut Solver) -> u32 {
    solver.nimber(&families::build(spec).unwrap()).unwrap()
}

#[test]
fn first_terms_of_a_are_those_of_oeis() {
    let t = linked_c4::terms(90);
    assert_eq!(t.a[1..], oeis_a());
}

#[test]
fn recurrence_equals_search_up_to_100() {
    // a(1..=100), b(0..=100), c(0..=100) with one shared solver.
    assert_eq!(search::check_against_search(100), Ok(3 * 100 + 2));
}

#[test]
fn initial_values_and_conventions_are_the_graphs_values() {
    let mut s = Solver::new();
    let t = linked_c4::terms(3);
    // b(0) = P_3, c(0) = P_5, c(-1) = P_2, a(0) = one vertex, b(-1) = empty.
    assert_eq!(u32::from(t.b[0]), nimber("path:3", &mut s));
    assert_eq!(u32::from(t.c[0]), nimber("path:5", &mut s));
    assert_eq!(u32::from(linked_c4::C_MINUS_1), nimber("path:2", &mut s));
    assert_eq!(u32::from(t.a[0]), nimber("linked-c4:0", &mut s));
    assert_eq!(linked_c4::B_MINUS_1, 0);
    assert_eq!(u32::from(t.b[0]), nimber("linked-c4-b:0", &mut s));
    assert_eq!(u32::from(t.c[0]), nimber("linked-c4-c:0", &mut s));
}

#[test]
fn small_terms_equal_the_brute_force_definition() {
    let t = linked_c4::terms(4);
    for n in 0..=4 {
        for f in Family::ALL {
            let g = f.graph(n);
            let by_definition = brute::node_kayles(&g, brute::full_mask(&g));
            assert_eq!(u32::from(t.get(f, n)), by_definition, "{f}({n})");
        }
    }
}

#[test]
fn every_move_leaves_the_predicted_pieces() {
    // The option formulas, move by move, checked on the graphs by canonical codes.
    let mut canonizer = Canonizer::new();
    for n in 1..=30 {
        for f in Family::ALL {
            let checked = moves::check_moves(f, n, &mut canonizer).unwrap();
            assert_eq!(checked, f.graph(n).order());
        }
    }
}

#[test]
fn the_fast_recurrence_is_the_move_by_move_mex() {
    let t = linked_c4::terms(300);
    for n in 1..=300 {
        for f in Family::ALL {
            assert_eq!(moves::term_by_moves(f, n, &t), t.get(f, n), "{f}({n})");
        }
    }
}

#[test]
fn the_fast_recurrence_equals_the_plain_one() {
    // Past n = kernel::PREFIX the mex scans beyond its prefix; b passes 255 at n = 5707.
    let fast = linked_c4::terms(6000);
    assert_eq!(fast, linked_c4::terms_reference(6000));
    assert!(
        fast.a.iter().any(|&v| v > 255),
        "values above one byte are exercised"
    );
    // A prefix of a longer computation is the shorter computation.
    assert_eq!(linked_c4::terms(100).a, fast.a[..=100]);
}

#[test]
fn the_published_recurrence_fails_as_documented() {
    let mut s = Solver::new();
    let published = linked_c4::published_terms(12);
    // Read literally it gives a(12) = 2; search on L_12 gives 5.
    assert_eq!(published.a[12], 2);
    assert_eq!(nimber("linked-c4:12", &mut s), 5);
    assert_eq!(published.a[1..=10], oeis_a()[..10]);
    assert_eq!(published.a[11], 5);
    // Its initial value c(2) = 1; search gives 2.
    assert_eq!(published.c[2], 1);
    assert_eq!(nimber("linked-c4-c:2", &mut s), 2);
    // The first wrong b is b(8) (from the wrong c values), the first wrong c is c(2).
    let correct = linked_c4::terms(12);
    let first_wrong = |p: &[u16], q: &[u16]| (0..p.len()).find(|&n| p[n] != q[n]);
    assert_eq!(first_wrong(&published.c, &correct.c), Some(2));
    assert_eq!(first_wrong(&published.b, &correct.b), Some(8));
    assert_eq!(first_wrong(&published.a, &correct.a), Some(11));
}

#[test]
fn on_correct_inputs_only_the_published_c_line_fails() {
    let t: LinkedC4Terms = linked_c4::terms(600);
    let fails = |f: Family, first: usize| -> Vec<usize> {
        (first..=600)
            .filter(|&n| {
                kayles_core::mex::of_values(linked_c4::published_options(f, n as i64, &t))
                    != t.get(f, n)
            })
            .collect()
    };
    assert_eq!(fails(Family::A, 4), Vec::<usize>::new());
    assert_eq!(fails(Family::B, 5), Vec::<usize>::new());
    let c_fails = fails(Family::C, 3);
    assert_eq!(c_fails[..4], [3, 10, 11, 12]);
}

#[test]
fn search_terms_lists_family_values() {
    let mut s = Solver::new();
    let got = search::search_terms("linked-c4", 1..=12, &mut s).unwrap();
    let values: Vec<u16> = got.iter().map(|&(_, v)| v as u16).collect();
    assert_eq!(values, oeis_a()[..12]);
    assert_eq!(got[0].0, 1);
    let paths = search::search_terms("path:N", 0..=5, &mut s).unwrap();
    assert_eq!(
        paths.iter().map(|&(_, v)| v).collect::<Vec<_>>(),
        [0, 1, 1, 2, 0, 3]
    );
    assert!(search::search_terms("nope", 1..=2, &mut s).is_err());
}

#[test]
fn alt_linking_claim_holds_without_the_u_path_only() {
    let mut s = Solver::new();
    for n in 1..=16 {
        let without = s.nimber(&alt::without_path(n)).unwrap();
        assert_eq!(without, alt::claimed(n), "without the path, n = {n}");
    }
    // The family as kayles_core builds it (with the u-path) does not satisfy the claim.
    let with: Vec<u32> = (1..=8)
        .map(|n| s.nimber(&alt::with_path(n)).unwrap())
        .collect();
    assert_eq!(with, [2, 1, 0, 3, 3, 1, 4, 2]);
}

#[test]
fn the_corrected_lines_in_claims_style_are_the_recurrence() {
    let claims_style = linked_c4::claims_style_terms(1500, &linked_c4::CORRECTED_INITIAL, true);
    assert_eq!(claims_style, linked_c4::terms(1500));
}

#[test]
fn with_correct_initial_values_the_literal_lines_still_fail() {
    let literal = linked_c4::claims_style_terms(40, &linked_c4::CORRECTED_INITIAL, false);
    let correct = linked_c4::terms(40);
    let first_wrong = |p: &[u16], q: &[u16]| (0..p.len()).find(|&n| p[n] != q[n]);
    assert_eq!(first_wrong(&literal.c, &correct.c), Some(3));
    assert_eq!(first_wrong(&literal.b, &correct.b), Some(7));
    assert_eq!(first_wrong(&literal.a, &correct.a), Some(13));
}

/// The full SEQ-A316629 cross-check (about 35 s of CPU in release; certify runs it).
#[test]
#[ignore = "about 35 s of CPU: run with --ignored, or examples/search_check.rs"]
fn recurrence_equals_search_up_to_300() {
    assert_eq!(search::check_against_search(300), Ok(3 * 300 + 2));
}

/// All of the b-file range; time it with examples/bench.rs.
#[test]
#[ignore = "about 6 s of CPU in release"]
fn the_b_file_range_is_computed() {
    let t = linked_c4::terms(110_949);
    assert_eq!(t.a.len(), 110_950);
    assert_eq!(t.a[1..=90], oeis_a());
}

#[test]
fn tiny_ranges() {
    let t = linked_c4::terms(0);
    assert_eq!(
        (t.a.clone(), t.b.clone(), t.c.clone()),
        (vec![1], vec![2], vec![3])
    );
    assert_eq!(t.n_max(), 0);
    assert_eq!(linked_c4::terms(1).a, [1, 0]);
    assert_eq!(search::check_against_search(0), Ok(2));
    let mut s = Solver::new();
    assert_eq!(
        search::check_range_against_search(70..=71, &mut s, |_, _, _| {}),
        Ok(6)
    );
}

#[test]
fn every_option_value_equals_search() {
    // g(G - N[x]) by search = xor of the predicted pieces' recurrence values, every move.
    let t = linked_c4::terms(30);
    let mut s = Solver::new();
    for n in 1..=30 {
        for f in Family::ALL {
            let checked = moves::check_move_values(f, n, &t, &mut s).unwrap();
            assert_eq!(checked, f.graph(n).order());
        }
    }
}
