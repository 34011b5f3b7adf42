//! Table facts (format version 3): certificates whose dense Node Kayles positions are
//! proved by the checker's own search are accepted with the value of the definition, on
//! every graph up to 7 vertices and on dense families; a table fact forged (a wrong value,
//! an NE fact about the true value, a table fact in a version 2 file, a set past the
//! checker's bound) is rejected with its reason.

use crate::{certificate, check, compress, decode, decompress};
use kayles_cert::format::{Certificate, Evidence, Fact, Map, Ref};
use kayles_cert::Options;
use kayles_core::{brute, families, graph6, GameKind};

fn tables(computed: usize) -> Options {
    Options {
        computed,
        table: kayles_cert::format::MAX_TABLE_ORDER,
        ..Options::default()
    }
}

fn count(cert: &Certificate, eq: bool) -> usize {
    let want = if eq {
        |e: &Evidence| matches!(e, Evidence::Table)
    } else {
        |e: &Evidence| matches!(e, Evidence::TableWin)
    };
    cert.facts.iter().filter(|f| want(&f.evidence)).count()
}

#[test]
fn every_graph_up_to_7_vertices_with_table_facts() {
    let (mut eq, mut ne) = (0, 0);
    for n in 1..=7 {
        let path = format!(
            "{}/../../fixtures/graphs/graphs-n{n}.g6",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(&path).unwrap();
        for g6 in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            let g = graph6::parse(g6).unwrap();
            let want = brute::node_kayles(&g, (1u128 << n) - 1);
            for computed in [0, 2] {
                let (bytes, value) = certificate(g6, GameKind::Node, tables(computed));
                assert_eq!(value, want, "{g6}");
                assert_eq!(check(g6, &bytes), Ok(want), "{g6} computed {computed}");
                let cert = decode(&bytes);
                assert_eq!(cert.header.version, 3);
                eq += count(&cert, true);
                ne += count(&cert, false);
            }
        }
    }
    // The dense graphs among them are proved by tables, both kinds.
    assert!(eq > 300 && ne > 0, "{eq} EQ and {ne} NE table facts");
}

#[test]
fn dense_families_with_table_facts_agree_with_the_definition() {
    for spec in [
        "queens:4",
        "queens:5",
        "queens:6",
        "complete:12",
        "petersen:8,3",
        "grid:3x4",
        "linked-c4-alt:4",
    ] {
        let host = families::build(spec).unwrap();
        let all = (1u128 << host.order()) - 1;
        let want = brute::node_kayles(&host, all);
        let (bytes, value) = certificate(spec, GameKind::Node, tables(8));
        assert_eq!(value, want, "{spec}");
        assert_eq!(check(spec, &bytes), Ok(want), "{spec}");
    }
    // Larger boards, against the certificate without tables (itself checked).
    for spec in ["queens:7", "queens:8", "queens:9"] {
        let (plain, want) = certificate(spec, GameKind::Node, Options::default());
        assert_eq!(check(spec, &plain), Ok(want), "{spec}");
        let (bytes, value) = certificate(spec, GameKind::Node, tables(8));
        assert_eq!(value, want, "{spec}");
        assert_eq!(check(spec, &bytes), Ok(want), "{spec}");
        let cert = decode(&bytes);
        assert!(count(&cert, true) + count(&cert, false) > 0, "{spec}");
        assert!(cert.facts.len() < decode(&plain).facts.len(), "{spec}");
    }
}

#[test]
fn arc_kayles_writes_no_table_fact() {
    let (bytes, value) = certificate("grid:3x4", GameKind::Arc, tables(8));
    assert_eq!(check("grid:3x4", &bytes), Ok(value));
    let cert = decode(&bytes);
    assert_eq!(count(&cert, true) + count(&cert, false), 0);
}

/// The certificate of `spec` with its facts changed by `change`, re-encoded.
fn forged(spec: &str, change: impl Fn(&mut Certificate)) -> Vec<u8> {
    let (bytes, _) = certificate(spec, GameKind::Node, tables(8));
    let mut cert = Certificate::decode(&decompress(&bytes)).unwrap();
    change(&mut cert);
    compress(&cert.encode())
}

#[test]
fn forged_table_facts_are_rejected() {
    // The first board whose certificate has both kinds of table fact.
    let (spec, cert) = ["queens:6", "queens:7", "queens:8", "queens:9", "queens:10"]
        .into_iter()
        .map(|spec| {
            (
                spec,
                decode(&certificate(spec, GameKind::Node, tables(8)).0),
            )
        })
        .find(|(_, c)| count(c, true) > 0 && count(c, false) > 0)
        .expect("a board with both kinds of table fact");
    let eq = cert
        .facts
        .iter()
        .position(|f| f.evidence == Evidence::Table)
        .expect("an EQ table fact");
    let ne = cert
        .facts
        .iter()
        .position(|f| f.evidence == Evidence::TableWin)
        .expect("an NE table fact");
    let cases: Vec<(Vec<u8>, &str)> = vec![
        // EQ with another value: the checker's search finds a winning move against it.
        (
            forged(spec, |c| c.facts[eq].value += 1),
            "finds a move that wins against",
        ),
        (
            forged(spec, |c| {
                let f = &mut c.facts[eq];
                f.value = if f.value == 0 { 1 } else { f.value - 1 };
            }),
            "finds a move that wins against",
        ),
        // NE about the true value: the search finds no winning move.
        (
            forged(spec, |c| {
                let f = &mut c.facts[ne];
                let set = f.set.clone();
                let true_value = brute_value(spec, &set);
                f.value = true_value;
            }),
            "finds no move that wins",
        ),
        // A table fact in a version 2 file is an unknown tag.
        (
            forged(spec, |c| c.header.version = 2),
            "unknown record tag 5",
        ),
    ];
    for (bytes, why) in cases {
        match check(spec, &bytes) {
            Err(e) => assert!(e.contains(why), "{e}"),
            Ok(v) => panic!("a forged certificate checked: {v}"),
        }
    }
}

/// The value of the positions `set` of the family `spec`, by the definition.
fn brute_value(spec: &str, set: &[u32]) -> u32 {
    let host = families::build(spec).unwrap();
    let bits = set.iter().fold(0u128, |b, &v| b | 1 << v);
    brute::node_kayles(&host, bits)
}

#[test]
fn a_table_fact_past_64_vertices_sparse_or_past_the_longest_play_is_rejected() {
    let one_fact = |graph: &str, n: u32, value: u32| {
        let cert = Certificate {
            header: kayles_cert::format::Header {
                version: 3,
                game: GameKind::Node,
                graph: graph.into(),
                nimber: value,
                computed: 0,
            },
            facts: vec![Fact {
                value,
                set: (0..n).collect(),
                evidence: Evidence::Table,
            }],
            root: vec![Ref::Fact {
                index: 0,
                map: Map::Same,
            }],
        };
        compress(&cert.encode())
    };
    // K_64 is worth 1, K_65 too, but 65 vertices are past the bound.
    assert_eq!(check("complete:64", &one_fact("complete:64", 64, 1)), Ok(1));
    let e = check("complete:65", &one_fact("complete:65", 65, 1)).unwrap_err();
    assert!(e.contains("at most 64 vertices"), "{e}");
    // A sparse set, which the search (it does not split components) would not finish.
    let e = check("path:64", &one_fact("path:64", 64, 1)).unwrap_err();
    assert!(e.contains("must be dense"), "{e}");
    // A value past the longest play.
    let e = check("complete:10", &one_fact("complete:10", 10, 11)).unwrap_err();
    assert!(e.contains("longest play"), "{e}");
}
