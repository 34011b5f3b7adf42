//! The search engine as an oracle: its "value is x" answers (an outcome question) agree
//! with the definition on every connected position of small hosts, and certificates made
//! from it under either search method are accepted.

use crate::check;
use kayles_cert::{write_certificate, Options, Oracle, SolverOracle};
use kayles_core::engine::Method;
use kayles_core::{brute, families, GameKind, VertexSet};
use kayles_solve::config::SearchOptions;

#[test]
fn value_is_agrees_with_the_definition_on_every_connected_position() {
    for (spec, game) in [
        ("grid:3x4", GameKind::Node),
        ("grid:3x4", GameKind::Arc),
        ("petersen:6,2", GameKind::Node),
        ("queens:4", GameKind::Node),
    ] {
        let host = families::build(spec).unwrap();
        let n = host.order();
        for method in [Method::Outcome, Method::Mex] {
            let options = SearchOptions {
                method,
                ..SearchOptions::default()
            };
            let mut solver = options.solver_for(game, Some(spec));
            let mut oracle = SolverOracle::new(&mut solver, &host);
            let mut asked = 0;
            for mask in 1u64..1 << n {
                let set = VertexSet::from_vertices(n, (0..n).filter(|v| mask >> v & 1 == 1));
                if host.components(&set).len() != 1 {
                    continue;
                }
                let want = brute::value(game, &host, u128::from(mask));
                // Questions first (so that no nimber is cached), the nimber last.
                for x in 0..=want + 1 {
                    let is = oracle.value_is(&set, x).unwrap();
                    assert_eq!(
                        is,
                        x == want,
                        "{spec} {game} {method:?} {mask:b} value_is {x}"
                    );
                    asked += 1;
                }
                assert_eq!(oracle.nimber(&set).unwrap(), want, "{spec} {game} {mask:b}");
            }
            assert!(oracle.heap_queries > 0 && oracle.heap_queries <= asked);
        }
    }
}

#[test]
fn certificates_from_either_search_method_are_accepted() {
    for (spec, game) in [
        ("grid:3x12", GameKind::Node),
        ("queens:7", GameKind::Node),
        ("petersen:15,2", GameKind::Node),
        ("grid:3x6", GameKind::Arc),
    ] {
        let host = families::build(spec).unwrap();
        let mut values = Vec::new();
        for method in [Method::Outcome, Method::Mex] {
            let options = SearchOptions {
                method,
                ..SearchOptions::default()
            };
            let mut solver = options.solver_for(game, Some(spec));
            let searched = solver.nimber(&host).unwrap();
            let mut oracle = SolverOracle::new(&mut solver, &host);
            let (bytes, summary) = write_certificate(
                &host,
                spec,
                game,
                &mut oracle,
                None,
                Options::default(),
                Vec::new(),
            )
            .unwrap();
            assert!(
                oracle.heap_queries + oracle.memo_answers > 0,
                "{spec} {method:?}: no value_is asked"
            );
            assert_eq!(summary.nimber, searched);
            assert_eq!(
                check(spec, &bytes),
                Ok(searched),
                "{spec} {game} {method:?}"
            );
            values.push(searched);
        }
        assert_eq!(values[0], values[1], "{spec} {game}");
    }
}
