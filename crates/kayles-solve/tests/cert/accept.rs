//! Every graph up to 7 vertices (nauty's geng, fixtures/graphs), both games: the checker
//! accepts the certificate and verifies the value of the definition.

use crate::{brute_certificate, certificate, check, decode};
use kayles_cert::format::Evidence;
use kayles_cert::{Dedup, Options};
use kayles_core::{brute, graph6, GameKind};

fn fixture_graphs(n: usize) -> Vec<String> {
    let path = format!(
        "{}/../../fixtures/graphs/graphs-n{n}.g6",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.trim().to_string())
        .collect()
}

#[test]
fn every_graph_up_to_7_vertices_in_both_games() {
    let mut checked = 0;
    for n in 1..=7 {
        for g6 in fixture_graphs(n) {
            let g = graph6::parse(&g6).unwrap();
            let all = (1u128 << n) - 1;
            for game in GameKind::ALL {
                let want = brute::value(game, &g, all);
                let (bytes, value) = certificate(&g6, game, Options::default());
                assert_eq!(value, want, "{g6} {game}");
                assert_eq!(check(&g6, &bytes), Ok(want), "{g6} {game}");
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 2 * (1 + 2 + 4 + 11 + 34 + 156 + 1044));
}

#[test]
fn every_option_on_the_graphs_up_to_5_vertices_and_some_families() {
    let mut names: Vec<String> = (1..=5).flat_map(fixture_graphs).collect();
    for spec in [
        "grid:3x4",
        "petersen:5,2",
        "cycle:9",
        "path:10",
        "queens:3",
        "linked-c4:3",
    ] {
        names.push(spec.into());
    }
    for name in &names {
        for game in GameKind::ALL {
            let mut values = Vec::new();
            for options in crate::all_options() {
                let (bytes, value) = certificate(name, game, options);
                assert_eq!(check(name, &bytes), Ok(value), "{name} {game} {options:?}");
                values.push(value);
            }
            values.dedup();
            assert_eq!(values.len(), 1, "{name} {game}");
        }
    }
}

#[test]
fn family_certificates_check_under_each_family_name() {
    for (spec, game, want) in [
        ("grid:3x6", GameKind::Node, Some(3)),
        ("grid:3x5", GameKind::Arc, None),
        ("queens:4", GameKind::Node, None),
        ("petersen:7,2", GameKind::Arc, None),
        ("star:6", GameKind::Node, Some(1)),
        ("complete:5", GameKind::Arc, None),
        ("empty:4", GameKind::Node, Some(0)),
        ("linked-c4-b:2", GameKind::Node, None),
        ("linked-c4-c:2", GameKind::Arc, None),
        ("linked-c4-alt:3", GameKind::Node, Some(0)),
    ] {
        let host = kayles_core::families::build(spec).unwrap();
        let (bytes, value) = certificate(spec, game, Options::default());
        if let Some(want) = want {
            assert_eq!(value, want, "{spec}");
        }
        let all = (1u128 << host.order()) - 1;
        let judge = brute::value(game, &host, all);
        assert_eq!(value, judge, "{spec} {game}");
        assert_eq!(check(spec, &bytes), Ok(value), "{spec} {game}");
        // The same graph named by graph6 is the same graph.
        assert_eq!(
            check(&graph6::write(&host), &bytes),
            Ok(value),
            "{spec} as graph6"
        );
    }
}

#[test]
fn brute_force_oracle_certificates_check() {
    let g = kayles_core::families::build("grid:2x5").unwrap();
    for game in GameKind::ALL {
        let options = Options {
            computed: 0,
            dedup: Dedup::Canonical,
            table: 0,
        };
        let (bytes, value) = brute_certificate(&g, game, options);
        assert_eq!(check(&graph6::write(&g), &bytes), Ok(value));
    }
}

#[test]
fn the_checker_builds_every_family_as_kayles_does() {
    let mut specs = vec![
        "grid:1x1".to_string(),
        "grid:1x7".into(),
        "grid:7x1".into(),
        "grid:0x3".into(),
        "path:0".into(),
        "path:1".into(),
        "empty:0".into(),
    ];
    for n in 1..=9 {
        for family in ["path", "cycle", "complete", "empty", "star", "queens"] {
            specs.push(format!("{family}:{n}"));
        }
        for family in ["linked-c4", "linked-c4-b", "linked-c4-c", "linked-c4-alt"] {
            specs.push(format!("{family}:{}", n - 1));
        }
        for k in 1..=n {
            specs.push(format!("grid:{k}x{n}"));
            specs.push(format!("petersen:{},{k}", n + 2));
        }
    }
    let mut compared = 0;
    for spec in &specs {
        let ours = kayles_check::graph::parse(spec);
        let theirs = kayles_core::families::build(spec);
        match (ours, theirs) {
            (Ok(a), Ok(b)) => {
                assert_eq!(a.order(), b.order(), "{spec}");
                for u in 0..a.order() {
                    for v in 0..a.order() {
                        assert_eq!(a.has_edge(u, v), b.has_edge(u, v), "{spec}: {u}-{v}");
                    }
                }
                compared += 1;
            }
            (Err(_), Err(_)) => {}
            (a, b) => panic!("{spec}: checker {:?}, kayles {:?}", a.err(), b.err()),
        }
    }
    assert!(compared > 150, "{compared}");
    for bad in [
        "cycle:2",
        "petersen:5,3",
        "petersen:2,1",
        "grid:3",
        "path:x",
        "cube:3",
        "queens:3,3",
    ] {
        assert!(kayles_check::graph::parse(bad).is_err(), "{bad}");
        assert!(kayles_core::families::build(bad).is_err(), "{bad}");
    }
}

/// Hosts of more than 64 and of more than 128 vertices, whose vertex sets the builder
/// keys by two words and by a hash (`kayles_cert::set_key`): their certificates check,
/// and prove the values of the octal games (Node Kayles on a path is 0.137, Arc Kayles
/// 0.07; a Node Kayles move on a cycle leaves a path of three vertices fewer).
#[test]
fn certificates_of_large_hosts_check() {
    let octal = |n: usize, option_lengths: &dyn Fn(usize, usize) -> Option<(usize, usize)>| {
        let mut g = vec![0u32; n + 1];
        for m in 1..=n {
            let mut seen = [false; 64];
            for i in 0..m {
                if let Some((a, b)) = option_lengths(m, i) {
                    seen[(g[a] ^ g[b]) as usize] = true;
                }
            }
            g[m] = seen.iter().position(|&s| !s).unwrap() as u32;
        }
        g
    };
    // Node Kayles: vertex i of P_m leaves i - 1 and m - i - 2 vertices (at least 0).
    let node = octal(200, &|m, i| {
        Some((i.saturating_sub(1), (m - i).saturating_sub(2)))
    });
    // Arc Kayles: edge (i, i + 1) of P_m leaves i and m - i - 2 vertices.
    let arc = octal(200, &|m, i| (i + 1 < m).then(|| (i, m - i - 2)));
    let cycle_node = |n: usize| u32::from(node[n - 3] == 0);
    for (spec, game, want) in [
        ("path:100", GameKind::Node, node[100]),
        ("path:150", GameKind::Node, node[150]),
        ("path:150", GameKind::Arc, arc[150]),
        // An odd cycle: an even one has a mirror strategy, one fact (below).
        ("cycle:199", GameKind::Node, cycle_node(199)),
    ] {
        let (bytes, value) = certificate(spec, game, Options::default());
        assert_eq!(value, want, "{spec} {game}");
        assert_eq!(check(spec, &bytes), Ok(want), "{spec} {game}");
    }
}

/// A position with a mirror strategy is proved by it, one fact (tag 4), where its moves
/// would take thousands of facts (Cram 6 x 6: 42,628) or a search that does not end (Cram
/// 8 x 8, the 2 x 66 ladder): whole boards, even cycles and P(n,2) for even n, and the
/// turned regions met inside other proofs. The checker verifies each map.
#[test]
fn mirror_strategies_are_facts() {
    let is_mirror = |f: &kayles_cert::format::Fact| matches!(f.evidence, Evidence::Mirror(_));
    for (spec, game) in [
        ("grid:6x6", GameKind::Arc),
        ("grid:8x8", GameKind::Arc),
        ("grid:8x8", GameKind::Node),
        ("grid:2x66", GameKind::Arc),
        ("cycle:10", GameKind::Node),
        ("cycle:12", GameKind::Arc),
        ("petersen:40,2", GameKind::Node),
        ("petersen:40,2", GameKind::Arc),
    ] {
        let (bytes, value) = certificate(spec, game, Options::default());
        assert_eq!((value, check(spec, &bytes)), (0, Ok(0)), "{spec} {game}");
        let facts = decode(&bytes).facts;
        assert!(facts.len() == 1 && is_mirror(&facts[0]), "{spec} {game}");
    }
    let mut inside = 0;
    for (spec, game) in [
        ("grid:3x8", GameKind::Arc),
        ("grid:4x5", GameKind::Node),
        ("grid:5x5", GameKind::Arc),
        ("grid:4x7", GameKind::Arc),
    ] {
        let (bytes, value) = certificate(spec, game, Options::default());
        assert_eq!(check(spec, &bytes), Ok(value), "{spec} {game}");
        inside += decode(&bytes).facts.iter().filter(|f| is_mirror(f)).count();
    }
    assert!(inside > 0);
}
