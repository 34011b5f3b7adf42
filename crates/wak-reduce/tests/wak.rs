//! Integration tests of `wak-reduce`: the docs/claims/README.md section 5 vectors, the lemma
//! families against three judges (the solver, the by-definition search, Arc Kayles on the
//! expansion), the sharpness of the reductions, property tests, rook boards, the PS-lemma
//! checker and bad input.

use kayles_core::engine::Method;
use quickcheck::{Arbitrary, Gen, QuickCheck, TestResult};
use wak_reduce::reduce::{applicable_reductions, apply, reduce, Reduction};
use wak_reduce::rooks::{Board, Cover};
use wak_reduce::{brute, expand, lemmas, ps_lemma, Solver, WakError, WeightedGraph};

/// Shared helpers: building graphs, enumerating small ones, quickcheck generators.
mod support {
    use super::*;

    /// All edges and loops of `g` as one list (loops as `(v, v)`).
    pub fn all_edges(g: &WeightedGraph) -> Vec<(usize, usize)> {
        let mut e = g.edges();
        e.extend(g.loops().into_iter().map(|v| (v, v)));
        e
    }

    /// Every weighted graph on `n` vertices (all edge sets, loop sets, weights `0..=max_w`).
    pub fn all_graphs(n: usize, max_w: u64) -> Vec<WeightedGraph> {
        let pairs: Vec<(usize, usize)> = (0..n)
            .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
            .collect();
        let mut out = Vec::new();
        for emask in 0u32..1 << pairs.len() {
            for lmask in 0u32..1 << n {
                let mut edges: Vec<(usize, usize)> = pairs
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| emask >> i & 1 == 1)
                    .map(|(_, &e)| e)
                    .collect();
                edges.extend((0..n).filter(|v| lmask >> v & 1 == 1).map(|v| (v, v)));
                let mut w = vec![0u64; n];
                loop {
                    out.push(WeightedGraph::new(&w, &edges).unwrap());
                    let Some(i) = (0..n).find(|&i| w[i] < max_w) else {
                        break;
                    };
                    w[i] += 1;
                    w[..i].iter_mut().for_each(|x| *x = 0);
                }
            }
        }
        out
    }

    /// Every graph on at most `n` vertices, weights `0..=max_w`.
    pub fn graphs_up_to(n: usize, max_w: u64) -> Vec<WeightedGraph> {
        (1..=n).flat_map(|k| all_graphs(k, max_w)).collect()
    }

    /// A random weighted graph: 1..=6 vertices, weights 0..=3, random loops and edges.
    #[derive(Clone, Debug)]
    pub struct ArbWak(pub WeightedGraph);

    impl Arbitrary for ArbWak {
        fn arbitrary(g: &mut Gen) -> Self {
            let n = usize::arbitrary(g) % 6 + 1;
            let weights: Vec<u64> = (0..n).map(|_| u64::arbitrary(g) % 4).collect();
            let mut edges = Vec::new();
            for u in 0..n {
                if bool::arbitrary(g) && bool::arbitrary(g) {
                    edges.push((u, u));
                }
                for v in u + 1..n {
                    if bool::arbitrary(g) {
                        edges.push((u, v));
                    }
                }
            }
            ArbWak(WeightedGraph::new(&weights, &edges).unwrap())
        }

        fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
            let g = self.0.clone();
            let mut out = Vec::new();
            if g.order() > 1 {
                out.extend((0..g.order()).map(|v| g.remove_vertex(v)));
            }
            for v in 0..g.order() {
                if g.weight(v) > 0 {
                    let mut w = g.weights().to_vec();
                    w[v] -= 1;
                    out.push(g.with_weights(&w).unwrap());
                }
            }
            let edges = all_edges(&g);
            for i in 0..edges.len() {
                let mut e = edges.clone();
                e.remove(i);
                out.push(WeightedGraph::new(g.weights(), &e).unwrap());
            }
            Box::new(out.into_iter().map(ArbWak))
        }
    }

    /// A random board up to 4 x 4 with holes and (non-attacking) rooks.
    #[derive(Clone, Debug)]
    pub struct ArbBoard(pub Board);

    fn board_from_rows(rows: &[Vec<char>]) -> Board {
        // Drop rooks that attack an earlier one (turn them into free squares).
        let mut rows = rows.to_vec();
        for r in 0..rows.len() {
            for c in 0..rows[r].len() {
                if rows[r][c] == 'R' {
                    let text: Vec<String> = rows.iter().map(|row| row.iter().collect()).collect();
                    if Board::parse(&text.join("/")).is_err() {
                        rows[r][c] = '.';
                    }
                }
            }
        }
        // A rook placed later may now conflict with none: validate the final board.
        let text: Vec<String> = rows.iter().map(|row| row.iter().collect()).collect();
        Board::parse(&text.join("/")).unwrap_or_else(|_| {
            let cleared: Vec<String> = text.iter().map(|row| row.replace('R', ".")).collect();
            Board::parse(&cleared.join("/")).unwrap()
        })
    }

    fn rows_of(b: &Board) -> Vec<Vec<char>> {
        b.to_string()
            .split('/')
            .map(|r| r.chars().collect())
            .collect()
    }

    impl Arbitrary for ArbBoard {
        fn arbitrary(g: &mut Gen) -> Self {
            let rows = usize::arbitrary(g) % 4 + 1;
            let cols = usize::arbitrary(g) % 4 + 1;
            let cells: Vec<Vec<char>> = (0..rows)
                .map(|_| {
                    (0..cols)
                        .map(|_| match u8::arbitrary(g) % 20 {
                            0..=11 => '.',
                            12..=16 => '#',
                            _ => 'R',
                        })
                        .collect()
                })
                .collect();
            ArbBoard(board_from_rows(&cells))
        }

        fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
            let rows = rows_of(&self.0);
            let mut out = Vec::new();
            if rows.len() > 1 {
                out.push(rows[..rows.len() - 1].to_vec());
            }
            if rows[0].len() > 1 {
                out.push(rows.iter().map(|r| r[..r.len() - 1].to_vec()).collect());
            }
            for r in 0..rows.len() {
                for c in 0..rows[r].len() {
                    if rows[r][c] != '.' {
                        let mut s = rows.clone();
                        s[r][c] = '.';
                        out.push(s);
                    }
                }
            }
            Box::new(out.into_iter().map(|r| ArbBoard(board_from_rows(&r))))
        }
    }

    /// A quickcheck runner with a fixed number of cases.
    pub fn qc(tests: u64) -> QuickCheck {
        QuickCheck::new().tests(tests).max_tests(tests * 20)
    }
}

/// docs/claims/README.md section 5.
mod vectors {
    use super::*;

    const LOOPED_EDGE: &str = "\
0 1 0 1 0 1 0 1
1 2 3 2 3 2 3 2
0 3 0 1 0 1 0 1
1 2 1 2 3 2 3 2
0 3 0 3 0 1 0 1
1 2 1 2 1 2 3 2
0 3 0 3 0 3 0 1
1 2 1 2 1 2 1 2";

    #[test]
    fn looped_edge_table() {
        let mut solver = Solver::new();
        for (a, line) in LOOPED_EDGE.lines().enumerate() {
            for (b, cell) in line.split(' ').enumerate() {
                let want: u32 = cell.parse().unwrap();
                let g = lemmas::looped_edge(a as u64, b as u64);
                assert_eq!(solver.nimber(&g), Ok(want), "solver at a={a} b={b}");
                assert_eq!(brute::nimber(&g), want, "brute at a={a} b={b}");
                assert_eq!(expand::arc_nimber(&g), Ok(want), "arc at a={a} b={b}");
                assert_eq!(
                    lemmas::looped_edge_nimber(a as u64, b as u64),
                    want,
                    "formula at a={a} b={b}"
                );
            }
        }
    }

    #[test]
    fn path_vectors() {
        let cases = [
            ([1, 1, 1, 1], 0),
            ([2, 1, 1, 1], 1),
            ([0, 2, 3, 2], 1),
            ([1, 2, 3, 2], 0),
            ([3, 1, 2, 0], 2),
            ([2, 2, 2, 2], 0),
            ([1, 0, 5, 0], 1),
            ([1, 2, 5, 1], 2),
            ([2, 2, 5, 1], 1),
            ([3, 3, 6, 1], 3),
        ];
        for (w, want) in cases {
            let g = lemmas::path_lemma(w[0], w[1], w[2], w[3]);
            assert_eq!(Solver::new().nimber(&g), Ok(want), "{w:?}");
            assert_eq!(Solver::plain().nimber(&g), Ok(want), "{w:?}");
            assert_eq!(brute::nimber(&g), want, "{w:?}");
            assert_eq!(expand::arc_nimber(&g), Ok(want), "{w:?}");
        }
    }

    #[test]
    fn depth2_tree_vectors() {
        let cases = [
            ([1, 2, 2, 1, 3, 1], 3),
            ([0, 3, 2, 1, 2, 0], 0),
            ([2, 1, 3, 0, 2, 1], 2),
            ([1, 1, 1, 0, 1, 0], 2),
            ([2, 3, 4, 1, 3, 2], 0),
        ];
        for (w, want) in cases {
            let g = lemmas::depth2_tree_g1(w[0], w[1], &[(w[2], w[3]), (w[4], w[5])]);
            assert_eq!(Solver::new().nimber(&g), Ok(want), "{w:?}");
            assert_eq!(brute::nimber(&g), want, "{w:?}");
            assert_eq!(expand::arc_nimber(&g), Ok(want), "{w:?}");
        }
    }

    #[test]
    fn looped_a_unlooped_b_is_a_mod_2() {
        for a in 0..8 {
            for b in 0..8 {
                let g = WeightedGraph::new(&[a, b], &[(0, 0), (0, 1)]).unwrap();
                assert_eq!(brute::nimber(&g), (a % 2) as u32);
                assert_eq!(Solver::new().nimber(&g), Ok((a % 2) as u32));
                if b > 0 {
                    assert!(applicable_reductions(&g).contains(&Reduction::UselessVertex(1)));
                }
            }
        }
    }

    #[test]
    fn arc_kayles_on_p4_is_2() {
        let p4 = WeightedGraph::new(&[1; 4], &[(0, 1), (1, 2), (2, 3)]).unwrap();
        assert_eq!(Solver::new().nimber(&p4), Ok(2));
        assert_eq!(brute::nimber(&p4), 2);
        let e = expand::expand(&p4).unwrap();
        assert_eq!(e.graph, kayles_core::families::path(4));
        assert_eq!(kayles_core::brute::arc_kayles(&e.graph, 0b1111), 2);
    }

    #[test]
    fn rooks_square_boards_are_n_mod_2() {
        for n in 1..=7 {
            let b = Board::new(n, n).unwrap();
            let want = (n % 2) as u32;
            if n <= 6 {
                assert_eq!(b.nimber_direct(), want, "direct n={n}");
                assert_eq!(
                    b.nimber_via_wak(Cover::UnitSegments),
                    Ok(want),
                    "unit n={n}"
                );
            }
            assert_eq!(
                b.nimber_via_wak(Cover::MaximalRectangles),
                Ok(want),
                "maximal n={n}"
            );
        }
    }
}

/// The solver against the by-definition search.
mod solver {
    use super::*;

    #[test]
    fn exhaustive_small_graphs_match_brute_force() {
        for method in Method::ALL {
            let mut fast = Solver::new().with_method(method);
            let mut plain = Solver::plain().with_method(method);
            for g in support::graphs_up_to(3, 3) {
                let want = brute::nimber(&g);
                assert_eq!(fast.nimber(&g), Ok(want), "{method} {g}");
                assert_eq!(plain.nimber(&g), Ok(want), "{method} {g}");
            }
            for g in support::all_graphs(4, 2) {
                let want = brute::nimber(&g);
                assert_eq!(fast.nimber(&g), Ok(want), "{method} {g}");
                assert_eq!(plain.nimber(&g), Ok(want), "{method} {g}");
            }
        }
    }

    /// `Solver::move_values` against the definition: every move of every small weighted
    /// graph, its value that of the position after it, and the mex of the values the
    /// position's own.
    #[test]
    fn every_moves_value_matches_brute_force() {
        let mut solver = Solver::new();
        let graphs = support::graphs_up_to(3, 2)
            .into_iter()
            .chain(support::all_graphs(4, 1));
        let mut checked = 0;
        for g in graphs {
            let values = solver.move_values(&g).unwrap();
            assert_eq!(
                values.iter().map(|&(mv, _)| mv).collect::<Vec<_>>(),
                g.moves(),
                "{g}"
            );
            for &(mv, value) in &values {
                assert_eq!(value, brute::nimber(&g.play(mv).unwrap()), "{g} {mv}");
                checked += 1;
            }
            let mex = kayles_core::mex::of_values(values.iter().map(|&(_, v)| v));
            assert_eq!(mex, brute::nimber(&g), "{g}");
        }
        assert!(checked > 10_000, "{checked}");
    }

    #[test]
    fn heavy_star_is_instant_and_right() {
        let star = wak_reduce::bench::heavy_star();
        let r = reduce(&star);
        assert_eq!(r.position.order(), 1);
        assert_eq!(Solver::new().nimber(&star), Ok(0));
        // A smaller heavy star, checked by definition (and one just below heavy).
        let small =
            WeightedGraph::new(&[10, 1, 2, 3, 4], &[(0, 1), (0, 2), (0, 3), (0, 4)]).unwrap();
        assert_eq!(brute::nimber(&small), 0);
        assert_eq!(Solver::new().nimber(&small), Ok(0));
        let light = small.with_weights(&[9, 1, 2, 3, 4]).unwrap();
        assert_eq!(Solver::new().nimber(&light), Ok(brute::nimber(&light)));
        // And with an odd leaf total.
        let odd = star
            .with_weights(&[1_000_000_000, 1, 2, 3, 4, 5, 1, 2, 3, 4, 4])
            .unwrap();
        assert_eq!(Solver::new().nimber(&odd), Ok(1));
    }

    #[test]
    fn isomorphic_positions_share_memo_entries() {
        let mut s = Solver::new();
        let a =
            WeightedGraph::new(&[2, 3, 1, 2], &[(0, 1), (1, 2), (2, 3), (3, 0), (0, 2)]).unwrap();
        s.nimber(&a).unwrap();
        let searched = s.stats().searched;
        // The same position relabelled.
        let b =
            WeightedGraph::new(&[1, 2, 2, 3], &[(2, 3), (3, 0), (0, 1), (1, 2), (2, 0)]).unwrap();
        assert_eq!(s.nimber(&b), Ok(brute::nimber(&a)));
        // Nothing new is searched: the canonical codes match.
        assert_eq!(s.stats().searched, searched);
    }

    #[test]
    fn property_solvers_match_brute_force() {
        fn prop(g: support::ArbWak) -> bool {
            let want = brute::nimber(&g.0);
            Method::ALL.into_iter().all(|method| {
                Solver::new().with_method(method).nimber(&g.0) == Ok(want)
                    && Solver::plain().with_method(method).nimber(&g.0) == Ok(want)
            })
        }
        support::qc(300).quickcheck(prop as fn(support::ArbWak) -> bool);
    }
}

/// The reductions: each step preserves the value; the sharp variants do not.
mod reductions {
    use super::*;

    #[test]
    fn every_step_preserves_the_value_exhaustively() {
        for g in support::graphs_up_to(4, 2) {
            let value = brute::nimber(&g);
            for r in applicable_reductions(&g) {
                let h = apply(&g, r).unwrap();
                assert_eq!(brute::nimber(&h), value, "{r} on {g}");
            }
        }
    }

    #[test]
    fn property_each_step_preserves_the_value() {
        fn prop(g: support::ArbWak) -> bool {
            let value = brute::nimber(&g.0);
            applicable_reductions(&g.0)
                .into_iter()
                .all(|r| brute::nimber(&apply(&g.0, r).unwrap()) == value)
        }
        support::qc(300).quickcheck(prop as fn(support::ArbWak) -> bool);
    }

    #[test]
    fn property_reduce_then_solve_equals_solve() {
        fn prop(g: support::ArbWak) -> bool {
            let r = reduce(&g.0);
            // The trace replays step by step with `apply`.
            let mut h = g.0.clone();
            for s in &r.trace {
                h = apply(&h, s.step).unwrap();
            }
            h == r.position
                && applicable_reductions(&r.position).is_empty()
                && brute::nimber(&r.position) == brute::nimber(&g.0)
                && r.origin.len() == r.position.order()
        }
        support::qc(300).quickcheck(prop as fn(support::ArbWak) -> bool);
    }

    /// Rebuilds `g` with `f` applied to its weights and edge list.
    fn rebuild(
        g: &WeightedGraph,
        f: impl FnOnce(&mut Vec<u64>, &mut Vec<(usize, usize)>),
    ) -> WeightedGraph {
        let mut w = g.weights().to_vec();
        let mut e = support::all_edges(g);
        f(&mut w, &mut e);
        e.sort_unstable();
        e.dedup();
        WeightedGraph::new(&w, &e).unwrap()
    }

    /// Merges `b` into `a` (weights added, `b`'s edges dropped, `a`'s loop status kept).
    fn merge(g: &WeightedGraph, a: usize, b: usize) -> WeightedGraph {
        rebuild(g, |w, _| {
            w[a] += w[b];
            w[b] = 0;
        })
        .remove_vertex(b)
    }

    /// The first small graph (at most 3 vertices, weights at most 2) where `variant` finds a
    /// step that `apply` refuses and whose result changes the value.
    fn find_counterexample(
        variant: impl Fn(&WeightedGraph) -> Vec<(Reduction, WeightedGraph)>,
    ) -> Option<(WeightedGraph, Reduction, WeightedGraph)> {
        for g in support::graphs_up_to(3, 2) {
            for (r, h) in variant(&g) {
                assert!(
                    apply(&g, r).is_err(),
                    "the sharp variant {r} must be refused on {g}"
                );
                if brute::nimber(&h) != brute::nimber(&g) {
                    return Some((g, r, h));
                }
            }
        }
        None
    }

    #[test]
    fn heavy_vertex_with_a_loop_is_refused_and_wrong() {
        let found = find_counterexample(|g| {
            (0..g.order())
                .filter(|&v| {
                    g.has_loop(v)
                        && g.weight(v) >= g.neighbours(v).map(|u| g.weight(u)).sum::<u64>()
                })
                .map(|v| {
                    let h = rebuild(g, |_, e| e.extend(g.neighbours(v).map(|u| (u, u))))
                        .remove_vertex(v);
                    (Reduction::HeavyVertex(v), h)
                })
                .collect()
        });
        let (g, r, h) = found.expect("a heavy looped vertex that changes the value");
        assert_ne!(brute::nimber(&g), brute::nimber(&h), "{r} on {g}");
    }

    #[test]
    fn useless_vertex_with_a_loop_is_refused_and_wrong() {
        let found = find_counterexample(|g| {
            (0..g.order())
                .filter(|&v| g.has_loop(v) && g.neighbours(v).all(|u| g.has_loop(u)))
                .map(|v| (Reduction::UselessVertex(v), g.remove_vertex(v)))
                .collect()
        });
        assert!(
            found.is_some(),
            "a looped 'useless' vertex that changes the value"
        );
    }

    #[test]
    fn adjacent_twins_are_refused_and_wrong() {
        let found = find_counterexample(|g| {
            let mut out = Vec::new();
            for a in 0..g.order() {
                for b in a + 1..g.order() {
                    let na = g.neighbours(a).filter(|&u| u != b).collect::<Vec<_>>();
                    let nb = g.neighbours(b).filter(|&u| u != a).collect::<Vec<_>>();
                    if g.has_edge(a, b) && na == nb && g.has_loop(a) == g.has_loop(b) {
                        out.push((Reduction::FalseTwins(a, b), merge(g, a, b)));
                    }
                }
            }
            out
        });
        assert!(
            found.is_some(),
            "adjacent twins whose merge changes the value"
        );
    }

    #[test]
    fn twins_with_different_loops_are_refused_and_wrong() {
        for keep_loop_of_looped in [true, false] {
            let found = find_counterexample(|g| {
                let mut out = Vec::new();
                for a in 0..g.order() {
                    for b in a + 1..g.order() {
                        let same = g.neighbours(a).eq(g.neighbours(b));
                        if !g.has_edge(a, b) && same && g.has_loop(a) != g.has_loop(b) {
                            // Merge into the looped one or into the unlooped one.
                            let (keep, drop) = if g.has_loop(a) == keep_loop_of_looped {
                                (a, b)
                            } else {
                                (b, a)
                            };
                            let h = rebuild(g, |w, _| {
                                w[keep] += w[drop];
                                w[drop] = 0;
                            })
                            .remove_vertex(drop);
                            out.push((Reduction::FalseTwins(a, b), h));
                        }
                    }
                }
                out
            });
            assert!(
                found.is_some(),
                "twins with different loops (keep looped: {keep_loop_of_looped})"
            );
        }
    }

    #[test]
    fn trace_display_uses_input_numbering() {
        // Vertex 1 has weight 0; vertex 3 is heavy (unlooped leaf on the looped 2).
        let g = WeightedGraph::parse("2,0,3,5", "0-2,1-2,2-3,2-2").unwrap();
        let r = reduce(&g);
        assert_eq!(r.trace[0].original, Reduction::ZeroWeight(1));
        let text = r.to_string();
        assert!(text.contains("zero_weight(1)"), "{text}");
        assert!(applicable_reductions(&r.position).is_empty());
        assert_eq!(Solver::new().nimber(&g), Ok(brute::nimber(&g)));
    }
}

/// WAK-TO-ARC.
mod expansion {
    use super::*;

    #[test]
    fn exhaustive_small_graphs() {
        for g in support::graphs_up_to(3, 2) {
            assert_eq!(expand::arc_nimber(&g), Ok(brute::nimber(&g)), "{g}");
        }
    }

    #[test]
    fn property_wak_equals_arc_kayles_of_the_expansion() {
        fn prop(g: support::ArbWak) -> bool {
            expand::arc_nimber(&g.0) == Ok(brute::nimber(&g.0))
        }
        support::qc(200).quickcheck(prop as fn(support::ArbWak) -> bool);
    }

    #[test]
    fn expansion_is_checked_by_the_plain_definition_too() {
        let g = lemmas::path_lemma(2, 1, 2, 1);
        let e = expand::expand(&g).unwrap();
        assert_eq!(e.graph.order(), 6 + 2);
        let full = kayles_core::brute::full_mask(&e.graph);
        assert_eq!(
            kayles_core::brute::arc_kayles(&e.graph, full),
            brute::nimber(&g)
        );
    }

    #[test]
    fn too_large_expansions_are_refused() {
        let g = lemmas::looped_edge(3000, 3000);
        assert!(matches!(
            expand::expand(&g),
            Err(WakError::ExpansionTooLarge { .. })
        ));
    }
}

/// The lemma families against three judges.
mod lemma_families {
    use super::*;

    fn all_judges(instances: Vec<lemmas::Instance>, arc_up_to_total: u64) {
        let n = instances.len();
        let checked = lemmas::check(instances.clone(), lemmas::solver_judge())
            .unwrap_or_else(|f| panic!("{f}"));
        assert_eq!(checked.positions, n);
        lemmas::check(instances.clone(), |g| Ok(brute::nimber(g)))
            .unwrap_or_else(|f| panic!("brute: {f}"));
        let small: Vec<lemmas::Instance> = instances
            .into_iter()
            .filter(|i| i.position.total_weight() <= arc_up_to_total)
            .collect();
        lemmas::check(small, expand::arc_nimber).unwrap_or_else(|f| panic!("arc: {f}"));
    }

    #[test]
    fn wak_loop() {
        all_judges(lemmas::loop_family(30), 30);
    }

    #[test]
    fn wak_looped_edge() {
        all_judges(lemmas::looped_edge_family(7), 14);
    }

    #[test]
    fn wak_looped_edge_plus_one() {
        all_judges(lemmas::looped_edge_plus_one_family(6), 10);
    }

    #[test]
    fn wak_path_lemma() {
        all_judges(lemmas::path_lemma_instances(5), 8);
    }

    #[test]
    fn wak_path_lemma_by_the_ps_checker() {
        let mut oracle = ps_lemma::WakOracle::default();
        let family = lemmas::path_lemma_family(6);
        let report = ps_lemma::check(
            &mut oracle,
            family.clone(),
            lemmas::path_lemma_s,
            lemmas::path_lemma_p,
        )
        .unwrap_or_else(|v| panic!("{v}"));
        assert_eq!(report.positions + report.skipped, family.len());
        assert!(report.in_p > 0 && report.in_p < report.positions);
    }

    #[test]
    fn wak_depth2_tree_one_and_two_branches() {
        all_judges(lemmas::depth2_tree_instances(1, 6), 10);
        all_judges(lemmas::depth2_tree_instances(2, 3), 9);
    }

    #[test]
    fn wak_depth2_tree_three_branches_solver_only() {
        let instances = lemmas::depth2_tree_instances(3, 2);
        assert!(!instances.is_empty());
        lemmas::check(instances, lemmas::solver_judge()).unwrap_or_else(|f| panic!("{f}"));
    }

    #[test]
    fn a_wrong_prediction_is_reported() {
        let mut instances = lemmas::looped_edge_family(2);
        instances[4].predicted = lemmas::Prediction::Nimber(7);
        let failure = lemmas::check(instances, lemmas::solver_judge()).unwrap_err();
        assert!(
            matches!(failure, lemmas::Failure::Counterexample { nimber: 2, .. }),
            "{failure}"
        );
    }
}

/// The PS-lemma checker itself.
mod ps_checker {
    use super::*;
    use ps_lemma::{Condition, Oracle, Violation};

    #[test]
    fn finds_a_violation_for_a_wrong_p() {
        let mut oracle = ps_lemma::WakOracle::default();
        let family = lemmas::path_lemma_family(4);
        let wrong = ps_lemma::check(&mut oracle, family.clone(), lemmas::path_lemma_s, |g| {
            !lemmas::path_lemma_p(g)
        });
        match wrong {
            Err(Violation::Hypothesis {
                condition,
                position,
                mv,
            }) => {
                assert!(lemmas::path_lemma_s(&position));
                assert!(condition != Condition::MoveInsideP || mv.is_some());
                assert!(!format!(
                    "{}",
                    Violation::<WeightedGraph, wak_reduce::Move>::Hypothesis {
                        condition,
                        position,
                        mv
                    }
                )
                .is_empty());
            }
            other => panic!("expected a hypothesis violation, got {other:?}"),
        }
        let right = ps_lemma::check(
            &mut oracle,
            family,
            lemmas::path_lemma_s,
            lemmas::path_lemma_p,
        );
        assert!(right.is_ok());
    }

    #[test]
    fn each_condition_can_fail() {
        let mut oracle = ps_lemma::WakOracle::default();
        let family = || (0..=4).map(lemmas::looped_vertex).collect::<Vec<_>>();
        let w = |g: &WeightedGraph| g.weight(0);
        // P = everything: a move from P into P.
        let e = ps_lemma::check(&mut oracle, family(), |_| true, |_| true).unwrap_err();
        assert!(matches!(
            e,
            Violation::Hypothesis {
                condition: Condition::MoveInsideP,
                ..
            }
        ));
        // S = {a >= 1}, P = {a = 1}: 1 -> 0 is a move to a P-position outside S.
        let e = ps_lemma::check(&mut oracle, family(), |g| w(g) >= 1, |g| w(g) == 1).unwrap_err();
        assert!(matches!(
            e,
            Violation::Hypothesis {
                condition: Condition::MoveToPOutsideS,
                ..
            }
        ));
        // S = {a = 2}, P empty: the only move leads to 1, outside S and not a P-position.
        let e = ps_lemma::check(&mut oracle, family(), |g| w(g) == 2, |_| false).unwrap_err();
        assert!(matches!(
            e,
            Violation::Hypothesis {
                condition: Condition::NoGoodMove,
                mv: None,
                ..
            }
        ));
        // The right sets: S everything, P = even.
        let ok = ps_lemma::check(&mut oracle, family(), |_| true, |g| w(g) % 2 == 0).unwrap();
        assert_eq!((ok.positions, ok.in_p, ok.moves), (5, 3, 4));
    }

    /// The checker is generic: a subtraction game (take 1 or 2), P-positions multiples of 3.
    struct Subtraction;
    impl Oracle for Subtraction {
        type Position = u32;
        type Move = u32;
        fn options(&mut self, p: &u32) -> Vec<(u32, u32)> {
            [1, 2]
                .iter()
                .filter(|&&t| t <= *p)
                .map(|&t| (t, p - t))
                .collect()
        }
        fn is_p_position(&mut self, p: &u32) -> Result<bool, WakError> {
            Ok(p % 3 == 0)
        }
    }

    #[test]
    fn generic_over_the_game() {
        let ok = ps_lemma::check(&mut Subtraction, 0..30, |_| true, |p| p % 3 == 0).unwrap();
        assert_eq!(ok.positions, 30);
        assert!(ps_lemma::check(&mut Subtraction, 0..30, |_| true, |p| p % 2 == 0).is_err());
    }
}

/// WAK-ROOKS.
mod rook_boards {
    use super::*;

    #[test]
    fn property_direct_equals_wak_for_both_covers() {
        fn prop(b: support::ArbBoard) -> bool {
            let d = b.0.nimber_direct();
            b.0.nimber_via_wak(Cover::UnitSegments) == Ok(d)
                && b.0.nimber_via_wak(Cover::MaximalRectangles) == Ok(d)
        }
        support::qc(300).quickcheck(prop as fn(support::ArbBoard) -> bool);
    }

    #[test]
    fn wak_of_a_cover_is_arc_kayles_of_its_expansion() {
        for text in ["..#/.../#..", ".#../..../R.#./...."] {
            let b = Board::parse(text).unwrap();
            for cover in [Cover::UnitSegments, Cover::MaximalRectangles] {
                let g = b.to_wak(cover).unwrap();
                assert_eq!(
                    expand::arc_nimber(&g),
                    Ok(b.nimber_direct()),
                    "{text} {cover:?}"
                );
            }
        }
    }

    #[test]
    fn rooks_and_moves() {
        let b = Board::parse("..#/.../#..").unwrap();
        let after = b.place(1, 1).unwrap();
        assert_eq!(after.to_string(), "..#/.R./#..");
        assert!(after.place(1, 0).is_err());
        assert!(after.place(0, 2).is_err());
        assert_eq!(after.legal_moves(), vec![(0, 0), (2, 2)]);
        // Every move of the board corresponds to an option of the same value in WAK.
        for (r, c) in b.legal_moves() {
            let next = b.place(r, c).unwrap();
            assert_eq!(
                next.nimber_via_wak(Cover::MaximalRectangles),
                Ok(next.nimber_direct())
            );
        }
    }

    #[test]
    fn bad_boards_are_errors() {
        assert!(matches!(Board::parse(""), Err(WakError::EmptyBoard { .. })));
        assert!(matches!(
            Board::parse("../"),
            Err(WakError::EmptyBoard { row: 1 })
        ));
        assert!(matches!(
            Board::parse("../..."),
            Err(WakError::RaggedBoard {
                row: 1,
                len: 3,
                expected: 2
            })
        ));
        assert!(matches!(
            Board::parse("..x"),
            Err(WakError::UnknownSquare { ch: 'x', .. })
        ));
        assert!(matches!(
            Board::parse("R./.R/R."),
            Err(WakError::AttackingRooks { .. })
        ));
        let big = ["..........."; 12].join("/");
        assert!(matches!(
            Board::parse(&big),
            Err(WakError::BoardTooLarge { .. })
        ));
        assert_eq!(
            Board::parse("../...").unwrap_err().to_string(),
            "ragged board: row 1 has 3 squares, row 0 has 2"
        );
    }

    #[test]
    fn holes_only_and_full_of_holes() {
        let b = Board::parse("##/##").unwrap();
        assert_eq!(b.nimber_direct(), 0);
        assert_eq!(b.nimber_via_wak(Cover::UnitSegments), Ok(0));
    }
}

/// Bad input: errors, never panics.
mod bad_input {
    use super::*;

    #[test]
    fn weighted_graph_errors() {
        use WakError::*;
        assert!(matches!(
            WeightedGraph::parse("3,2,5", "0-1,1-3"),
            Err(MissingVertex { vertex: 3, .. })
        ));
        assert!(matches!(
            WeightedGraph::parse("3,-2", "0-1"),
            Err(Parse { what: "weight", .. })
        ));
        assert!(matches!(
            WeightedGraph::parse("3,99999999999999999999", ""),
            Err(Parse { .. })
        ));
        assert!(matches!(
            WeightedGraph::parse(&format!("{},1", u64::MAX), ""),
            Err(WeightOverflow)
        ));
        assert!(matches!(
            WeightedGraph::parse("1,1", "0-1,0-1"),
            Err(DuplicateEdge { .. })
        ));
        assert!(matches!(
            WeightedGraph::parse("1,1", "0:1"),
            Err(Parse { what: "edge", .. })
        ));
        assert!(matches!(
            WeightedGraph::parse("1,1", "0--1"),
            Err(Parse { .. })
        ));
        assert!(matches!(
            WeightedGraph::parse("1,,1", ""),
            Err(Parse { .. })
        ));
        let g = WeightedGraph::parse("1,0", "0-1").unwrap();
        assert!(matches!(
            g.play(wak_reduce::Move::Edge(0, 1)),
            Err(IllegalMove(_))
        ));
        assert!(matches!(
            apply(&g, Reduction::HeavyVertex(5)),
            Err(NoSuchVertex { vertex: 5, .. })
        ));
        let msg = WeightedGraph::parse("1,1", "0-7").unwrap_err().to_string();
        assert_eq!(
            msg,
            "edge 0-7 names vertex 7, but the graph has vertices 0..1"
        );
    }

    #[test]
    fn property_parsers_never_panic() {
        fn prop(w: String, e: String, b: String) -> TestResult {
            let _ = WeightedGraph::parse(&w, &e);
            let _ = Board::parse(&b);
            TestResult::passed()
        }
        support::qc(500).quickcheck(prop as fn(String, String, String) -> TestResult);
        // And near-miss strings built from the alphabets.
        for w in ["0", "1,2", "1,2,", ",", "-", "1-2", "18446744073709551616"] {
            for e in [
                "",
                "0-0",
                "0-1",
                "1-0",
                "-",
                "0-",
                "-0",
                "0-1-2",
                "a-b",
                "0-99999999999999999999999",
            ] {
                let _ = WeightedGraph::parse(w, e);
            }
        }
    }
}

/// Timings for the report: `cargo test -p wak-reduce --release -- --ignored --nocapture`.
#[test]
#[ignore]
fn bench_timings() {
    use std::time::Instant;
    let cases = wak_reduce::bench::bench_cases();
    let t = Instant::now();
    let v = Solver::new().nimber(&cases[0].position).unwrap();
    println!("{}: value {v} in {:?}", cases[0].name, t.elapsed());

    for max in [4u64, 6, 8, 12] {
        let sample = wak_reduce::bench::depth2_tree_sample(3, max, 20, 0x5eed);
        let mut fast = Solver::new();
        let t = Instant::now();
        let values: Vec<u32> = sample.iter().map(|g| fast.nimber(g).unwrap()).collect();
        let tf = t.elapsed();
        println!(
            "depth-2 k=3 w<={max}: 20 positions with reductions in {tf:?} ({:.1} positions/s, {} searched, {} memo)",
            20.0 / tf.as_secs_f64(),
            fast.stats().searched,
            fast.memo_len()
        );
        if max <= 8 || std::env::var_os("WAK_BENCH_PLAIN_12").is_some() {
            let mut plain = Solver::plain();
            let t = Instant::now();
            let pv: Vec<u32> = sample.iter().map(|g| plain.nimber(g).unwrap()).collect();
            let tp = t.elapsed();
            assert_eq!(values, pv);
            println!(
                "   plain: {tp:?} ({:.1} positions/s, {} searched), speed-up {:.1}x",
                20.0 / tp.as_secs_f64(),
                plain.stats().searched,
                tp.as_secs_f64() / tf.as_secs_f64()
            );
        }
    }
}

/// The claims on wider ranges than their own tests: every lemma family against the
/// solver, PS-LEMMA proving WAK-PATH-LEMMA, and PS-LEMMA with `S = {x_i > y_i}` and the
/// predicted P-positions on WAK-DEPTH2-TREE (about 3 s with the test profile).
#[test]
fn extended_claim_ranges() {
    let mut judge = lemmas::solver_judge();
    let runs: Vec<(&str, Vec<lemmas::Instance>)> = vec![
        ("WAK-LOOPED-EDGE a,b<=40", lemmas::looped_edge_family(40)),
        (
            "WAK-LOOPED-EDGE-PLUS-ONE a,b,c<=15",
            lemmas::looped_edge_plus_one_family(15),
        ),
        (
            "WAK-PATH-LEMMA weights<=10",
            lemmas::path_lemma_instances(10),
        ),
        (
            "WAK-DEPTH2-TREE k=1 weights<=12",
            lemmas::depth2_tree_instances(1, 12),
        ),
        (
            "WAK-DEPTH2-TREE k=2 weights<=6",
            lemmas::depth2_tree_instances(2, 6),
        ),
        (
            "WAK-DEPTH2-TREE k=3 weights<=4",
            lemmas::depth2_tree_instances(3, 4),
        ),
    ];
    for (name, instances) in runs {
        let count = instances.len();
        let checked =
            lemmas::check(instances, &mut judge).unwrap_or_else(|f| panic!("{name}: {f}"));
        assert!(checked.positions >= count, "{name}: {checked:?}");
    }
    let mut oracle = ps_lemma::WakOracle::default();
    let report = ps_lemma::check(
        &mut oracle,
        lemmas::path_lemma_family(10),
        lemmas::path_lemma_s,
        lemmas::path_lemma_p,
    )
    .unwrap_or_else(|v| panic!("PS-LEMMA on WAK-PATH-LEMMA weights<=10: {v}"));
    assert!(report.positions > 10_000 && report.in_p > 0, "{report:?}");
    // WAK-DEPTH2-TREE is provable by the PS lemma with S = {x_i > y_i}, P = predicted P.
    for k in 1..=2 {
        let s = |g: &WeightedGraph| lemmas::depth2_tree_s(&lemmas::depth2_tree_weights(g).2);
        let p = |g: &WeightedGraph| {
            let (a, c, b) = lemmas::depth2_tree_weights(g);
            lemmas::depth2_tree_is_p(a, c, &b)
        };
        let report = ps_lemma::check(&mut oracle, lemmas::depth2_tree_family(k, 5), s, p)
            .unwrap_or_else(|v| panic!("PS-LEMMA on WAK-DEPTH2-TREE k={k} weights<=5: {v}"));
        assert!(report.positions > 0 && report.in_p > 0, "k={k}: {report:?}");
    }
}

/// How sharp are the depth-2 tree statements? Inside `S` (`x_i > y_i`) `G1` and `G2` have
/// the same value, not only the same outcome; outside it the predicted outcome holds for
/// `k = 1` and fails for `k >= 2`, so the hypothesis is needed there.
#[test]
fn extended_depth2_tree_sharpness() {
    let mut s = Solver::new();
    for (k, max) in [(1, 8), (2, 5), (3, 3)] {
        let (mut in_s, mut same_value, mut outside, mut outside_wrong) = (0, 0, 0, 0);
        let mut example = None;
        for g1 in lemmas::depth2_tree_family(k, max) {
            let (a, c, b) = lemmas::depth2_tree_weights(&g1);
            let v1 = s.nimber(&g1).unwrap();
            if lemmas::depth2_tree_s(&b) {
                in_s += 1;
                let v2 = s.nimber(&lemmas::depth2_tree_g2(a, c, &b)).unwrap();
                same_value += usize::from(v1 == v2);
                if v1 != v2 && example.is_none() {
                    example = Some((g1.to_string(), v1, v2));
                }
            } else {
                outside += 1;
                outside_wrong += usize::from((v1 == 0) != lemmas::depth2_tree_is_p(a, c, &b));
            }
        }
        assert!(in_s > 0 && outside > 0, "k={k}");
        assert_eq!(same_value, in_s, "k={k}: first difference {example:?}");
        if k == 1 {
            assert_eq!(
                outside_wrong, 0,
                "k=1 weights<={max}: the prediction outside S"
            );
        } else {
            assert!(
                outside_wrong > 0,
                "k={k}: the hypothesis x_i > y_i is not needed?"
            );
        }
    }
}

/// Larger random boards (5 x 5 and 6 x 6, holes and rooks), direct against both covers.
/// A board is drawn again only where two of its rooks attack each other (the one refusal
/// such a board can meet), so 200 boards of each side are compared; any other refusal
/// fails the test. (About 0.1 s.)
#[test]
fn extended_rook_boards() {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut redrawn = 0;
    for n in [5usize, 6] {
        let mut checked = 0;
        while checked < 200 {
            let rows: Vec<String> = (0..n)
                .map(|_| {
                    (0..n)
                        .map(|_| match next() % 20 {
                            0..=13 => '.',
                            14..=17 => '#',
                            _ => 'R',
                        })
                        .collect()
                })
                .collect();
            let b = match Board::parse(&rows.join("/")) {
                Ok(b) => b,
                Err(WakError::AttackingRooks { .. }) => {
                    redrawn += 1;
                    assert!(
                        redrawn < 10_000,
                        "almost every board drawn has attacking rooks"
                    );
                    continue;
                }
                Err(e) => panic!("{}: {e}", rows.join("/")),
            };
            let d = b.nimber_direct();
            assert_eq!(b.nimber_via_wak(Cover::MaximalRectangles), Ok(d), "{b}");
            assert_eq!(b.nimber_via_wak(Cover::UnitSegments), Ok(d), "{b}");
            checked += 1;
        }
    }
    println!("200 random boards of side 5 and 200 of side 6 agree ({redrawn} redrawn)");
}

/// Direct rook search on empty boards, for the report.
#[test]
#[ignore]
fn extended_rook_timings() {
    for n in [6usize, 8, 9] {
        let b = Board::new(n, n).unwrap();
        let t = std::time::Instant::now();
        let d = b.nimber_direct();
        println!("{n}x{n}: direct {d} in {:?}", t.elapsed());
        assert_eq!(d, (n % 2) as u32);
    }
}
