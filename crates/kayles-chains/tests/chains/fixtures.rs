//! Every fixture chain of `fixtures/chains/chains.txt`: derived, its terms by the fast and
//! the plain evaluation, every segment type against direct search and (small graphs)
//! against brute force and the subset table, every option set against search, the
//! published values, and the proved periods.

use crate::common::{chain, game, table};
use kayles_chains::{check, derive, eval, period, segment};
use kayles_core::table::SubsetTable;
use kayles_core::{brute, GameKind};

/// How far the tests go (CI seconds, not minutes); certify's tiers go further.
const SEARCH_TO: usize = 10;

#[test]
fn every_fixture_chain_matches_direct_search() {
    for row in table("chains.txt") {
        let (file, g) = (&row[0], game(&row[1]));
        let rec = derive::derive(&chain(file), g).unwrap_or_else(|e| panic!("{file}: {e}"));
        let terms = eval::terms(&rec, 300);
        assert_eq!(terms, eval::terms_reference(&rec, 300), "{file} {g}");
        let mut solver = kayles_chains::play::solver(g);
        let compared = check::check_against_search(&rec, &terms, SEARCH_TO, &mut solver, |_, _| {})
            .unwrap_or_else(|e| panic!("{file} {g}: {e}"));
        assert_eq!(compared, rec.types.len() * (SEARCH_TO + 1));
        // The chain's own graph as the file defines it (segment::chain_graph) is type 0.
        let c = chain(file);
        for n in 0..=SEARCH_TO {
            let graph = segment::chain_graph(&c, n);
            assert_eq!(
                graph,
                rec.segment_graph(0, n),
                "{file}: type 0 is the chain"
            );
        }
        // Each option family, move by move, a little past `from`.
        for ty in 0..rec.types.len() {
            let from = rec.types[ty].from;
            for m in from..from + 3 {
                check::check_options(&rec, &terms, ty, m, &mut solver)
                    .expect("search")
                    .unwrap_or_else(|e| panic!("{file} {g}: {e}"));
            }
        }
    }
}

#[test]
fn small_segments_agree_with_brute_force_and_the_subset_table() {
    for row in table("chains.txt") {
        let (file, g) = (&row[0], game(&row[1]));
        let rec = derive::derive(&chain(file), g).unwrap();
        let terms = eval::terms(&rec, 12);
        for ty in 0..rec.types.len() {
            for m in 0..=12 {
                let graph = rec.segment_graph(ty, m);
                if graph.order() > 20 {
                    break;
                }
                let full = brute::full_mask(&graph);
                let (by_brute, table) = match g {
                    GameKind::Node => (
                        brute::node_kayles(&graph, full),
                        SubsetTable::compute(&graph).unwrap(),
                    ),
                    GameKind::Arc => (
                        brute::arc_kayles(&graph, full),
                        SubsetTable::compute_game(&graph, GameKind::Arc).unwrap(),
                    ),
                };
                let want = u32::from(terms.values[ty][m]);
                assert_eq!(by_brute, want, "{file} {g} s{ty}({m}) brute");
                assert_eq!(
                    u32::from(table.nimber(full as u64)),
                    want,
                    "{file} {g} s{ty}({m}) table"
                );
            }
        }
    }
}

#[test]
fn published_values_are_reproduced() {
    for row in table("published.txt") {
        let (file, g, first, source) = (&row[0], game(&row[1]), &row[2], &row[3]);
        let first: usize = first.parse().unwrap();
        let values: Vec<u16> = row[4].split(',').map(|v| v.parse().unwrap()).collect();
        let rec = derive::derive(&chain(file), g).unwrap();
        let terms = eval::terms(&rec, first + values.len());
        assert_eq!(
            &terms.values[0][first..first + values.len()],
            &values[..],
            "{file} {g} against {source}"
        );
    }
}

#[test]
fn periods_are_proved_as_published() {
    for row in table("chains.txt") {
        let (file, g) = (&row[0], game(&row[1]));
        let rec = derive::derive(&chain(file), g).unwrap();
        let found = period::find(&rec, &period::Limits::default());
        match (row[4].as_str(), found) {
            ("-", Err(period::NoPeriod::NotFound { .. })) => {}
            ("-", other) => panic!("{file} {g}: no period expected, got {other:?}"),
            (p, Ok(proof)) => {
                let want: (usize, usize) = (p.parse().unwrap(), row[5].parse().unwrap());
                assert_eq!(
                    (proof.chain_period, proof.chain_preperiod),
                    want,
                    "{file} {g}"
                );
                assert_eq!(
                    proof.bound,
                    period::bound(&rec, proof.period, proof.preperiod)
                );
                assert!(
                    proof.checked_to >= 4 * proof.bound,
                    "{file}: checked far past the bound"
                );
                // The theorem's hypothesis, re-checked here on the plain evaluation.
                let plain = eval::terms_reference(&rec, proof.bound + proof.period);
                assert_eq!(
                    period::first_break(&plain, proof.period, proof.preperiod, proof.bound),
                    None
                );
            }
            (_, Err(e)) => panic!("{file} {g}: {e}"),
        }
    }
}

#[test]
fn a316629_by_the_chain_equals_the_hand_recurrence() {
    let a = derive::derive(&chain("linked-c4.toml"), GameKind::Node).unwrap();
    let b = derive::derive(&chain("linked-c4-b.toml"), GameKind::Node).unwrap();
    let c = derive::derive(&chain("linked-c4-c.toml"), GameKind::Node).unwrap();
    let n = 2000;
    let hand = kayles_sequences::linked_c4::terms(n);
    assert_eq!(eval::terms(&a, n).values[0], hand.a);
    assert_eq!(eval::terms(&b, n).values[0], hand.b);
    assert_eq!(eval::terms(&c, n).values[0], hand.c);
}

#[test]
fn the_other_linking_with_the_path_is_the_linked_diamonds() {
    // Same graphs: u_i ~ u_(i+1), v_i, w_i and v_i, w_i ~ u_(i+1) is the diamond
    // v_(i-1) v_i u_i w_i of A316781 with v_0 = u_1 (the caps sit at opposite ends).
    let alt = derive::derive(&chain("linked-c4-alt-path.toml"), GameKind::Node).unwrap();
    let diamonds = derive::derive(&chain("linked-diamonds.toml"), GameKind::Node).unwrap();
    assert_eq!(
        eval::terms(&alt, 500).values[0],
        eval::terms(&diamonds, 500).values[0]
    );
}

#[test]
fn the_recurrence_text_and_json_name_every_type() {
    let rec = derive::derive(&chain("linked-c4.toml"), GameKind::Node).unwrap();
    let text = rec.text();
    for i in 0..rec.types.len() {
        assert!(text.contains(&format!("s{i}(m) for m >= ")), "{text}");
    }
    assert!(text.contains("s0(k) + s1(m-2-k)"), "{text}");
    let json: serde_json::Value = serde_json::to_value(&rec).unwrap();
    assert_eq!(json["types"].as_array().unwrap().len(), rec.types.len());
    assert_eq!(json["game"], "node");
}
