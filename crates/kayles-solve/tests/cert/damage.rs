//! Real certificates damaged on purpose, one kind of damage at a time: the checker rejects
//! each with its reason.

use crate::{certificate, check, compress, decode, decompress};
use kayles_cert::format::{put_fact, put_root, Certificate, Evidence, Map, Move, Ref};
use kayles_cert::{Dedup, Options};
use kayles_core::GameKind;
use kayles_solve::graphs;

/// A certificate with many facts of every kind: computed components off, maps from the
/// host symmetry (from canonical labellings on [`CANONICAL`]).
fn real(name: &str, game: GameKind) -> (Vec<u8>, Certificate) {
    let options = Options {
        computed: 0,
        dedup: if name == CANONICAL {
            Dedup::Canonical
        } else {
            Dedup::Symmetry
        },
        table: 0,
    };
    let (bytes, value) = certificate(name, game, options);
    assert_eq!(check(name, &bytes), Ok(value));
    let cert = decode(&bytes);
    (bytes, cert)
}

/// The checker's message for a damaged certificate (which it must reject).
fn rejection(name: &str, cert: &Certificate) -> String {
    check(name, &compress(&cert.encode())).expect_err("damage must be rejected")
}

const GRID: &str = "grid:3x5";
const PETERSEN: &str = "petersen:7,2";
const CANONICAL: &str = "grid:2x7";

fn cases() -> Vec<(&'static str, GameKind)> {
    vec![
        (GRID, GameKind::Node),
        (PETERSEN, GameKind::Arc),
        (CANONICAL, GameKind::Arc),
    ]
}

#[test]
fn an_undamaged_certificate_round_trips_through_the_decoder() {
    for (name, game) in cases() {
        let (bytes, cert) = real(name, game);
        assert_eq!(cert.encode(), decompress(&bytes));
        assert!(cert
            .facts
            .iter()
            .any(|f| matches!(f.evidence, Evidence::Witness(..))));
        assert!(cert.facts.iter().any(|f| f.is_eq()));
    }
}

#[test]
fn a_flipped_value_is_rejected_at_its_fact() {
    for (name, game) in cases() {
        let (_, cert) = real(name, game);
        for i in [0, cert.facts.len() / 2, cert.facts.len() - 1] {
            for delta in [1, 2] {
                let mut bad = cert.clone();
                bad.facts[i].value ^= delta;
                let e = rejection(name, &bad);
                assert!(e.starts_with(&format!("fact {i} ")), "{name} fact {i}: {e}");
            }
        }
        let mut bad = cert.clone();
        bad.header.nimber ^= 1;
        let e = rejection(name, &bad);
        assert!(e.starts_with("root record: proves"), "{e}");
    }
}

#[test]
fn a_dropped_fact_is_rejected() {
    for (name, game) in cases() {
        let (bytes, cert) = real(name, game);
        let raw = decompress(&bytes);
        let header_len = raw.windows(2).position(|w| w == b"\n\n").unwrap() + 2;
        for drop in [0, cert.facts.len() / 3, cert.facts.len() - 1] {
            // The bytes of every fact but one, as they were in the file.
            let mut damaged = raw[..header_len].to_vec();
            for (i, f) in cert.facts.iter().enumerate() {
                let mut buf = Vec::new();
                put_fact(&mut buf, f, i as u64);
                if i != drop {
                    damaged.extend_from_slice(&buf);
                }
            }
            put_root(&mut damaged, &cert.root, cert.facts.len() as u64);
            let e = check(name, &compress(&damaged)).expect_err("a dropped fact");
            assert!(
                e.contains("another vertex set")
                    || e.contains("before the first fact")
                    || e.contains("proves")
                    || e.contains("not an isomorphism")
                    || e.contains("has ")
                    || e.contains("not an EQ fact"),
                "{name} drop {drop}: {e}"
            );
        }
    }
}

#[test]
fn an_illegal_witness_move_is_rejected() {
    for (name, game) in cases() {
        let (_, cert) = real(name, game);
        let host = graphs::parse(name).unwrap();
        let i = cert
            .facts
            .iter()
            .position(|f| matches!(f.evidence, Evidence::Witness(..)))
            .unwrap();
        let mut bad = cert.clone();
        let set = bad.facts[i].set.clone();
        let outside = (0..host.order() as u32).find(|v| !set.contains(v)).unwrap();
        let Evidence::Witness(mv, _) = &mut bad.facts[i].evidence else {
            unreachable!()
        };
        *mv = match *mv {
            Move::Vertex(_) => Move::Vertex(outside),
            Move::Edge(u, _) => {
                // A pair inside the set that is not an edge, or a vertex outside it.
                let w = set
                    .iter()
                    .copied()
                    .find(|&w| w > u && !host.has_edge(u as usize, w as usize))
                    .unwrap_or(outside);
                Move::Edge(u, w)
            }
        };
        let e = rejection(name, &bad);
        assert!(
            e.starts_with(&format!("fact {i} ")) && e.contains("is not a legal move"),
            "{e}"
        );
    }
}

#[test]
fn a_witness_to_the_wrong_value_is_rejected() {
    for (name, game) in cases() {
        let (_, cert) = real(name, game);
        let i = cert
            .facts
            .iter()
            .position(|f| matches!(f.evidence, Evidence::Witness(..)))
            .unwrap();
        let mut bad = cert.clone();
        bad.facts[i].value += 1;
        let e = rejection(name, &bad);
        assert!(
            e.starts_with(&format!("fact {i} ")) && e.contains("witness move"),
            "{e}"
        );
    }
}

/// The components of the result of move `m` of the EQ fact `fact` (by least vertex).
fn result_components(
    host: &kayles_core::Graph,
    game: GameKind,
    set: &[u32],
    m: usize,
) -> Vec<Vec<u32>> {
    let n = host.order();
    let xs = kayles_core::VertexSet::from_vertices(n, set.iter().map(|&v| v as usize));
    let mut moves = Vec::new();
    for &u in set {
        let u = u as usize;
        match game {
            GameKind::Node => moves.push(host.closed_neighbourhood(u)),
            GameKind::Arc => {
                for w in host
                    .neighbours(u)
                    .iter()
                    .filter(|&w| w > u && xs.contains(w))
                {
                    moves.push(kayles_core::VertexSet::from_vertices(n, [u, w]));
                }
            }
        }
    }
    host.components(&xs.difference(&moves[m]))
        .into_iter()
        .map(|c| c.iter().map(|v| v as u32).collect())
        .collect()
}

#[test]
fn a_vertex_map_that_is_not_an_isomorphism_is_rejected() {
    for (name, game) in cases() {
        let (_, cert) = real(name, game);
        let host = graphs::parse(name).unwrap();
        let mut done = 0;
        for (i, fact) in cert.facts.iter().enumerate() {
            let Evidence::Moves(results) = &fact.evidence else {
                continue;
            };
            for (m, refs) in results.iter().enumerate() {
                for (c, r) in refs.iter().enumerate() {
                    let Ref::Fact { index, map } = r else {
                        continue;
                    };
                    let from = &cert.facts[*index as usize].set;
                    let comp = &result_components(&host, game, &fact.set, m)[c];
                    let positions: Vec<u32> = match map {
                        Map::Same | Map::InOrder => (0..from.len() as u32).collect(),
                        Map::Positions(p) => p.clone(),
                    };
                    // Swap two images so that some adjacency changes.
                    for (a, b) in [(0, 1), (0, from.len() - 1), (1, from.len() / 2)] {
                        if a >= b || b >= from.len() {
                            continue;
                        }
                        let mut swapped = positions.clone();
                        swapped.swap(a, b);
                        let iso = (0..from.len()).all(|x| {
                            (0..from.len()).all(|y| {
                                let (u, v) = (comp[swapped[x] as usize], comp[swapped[y] as usize]);
                                host.has_edge(from[x] as usize, from[y] as usize)
                                    == host.has_edge(u as usize, v as usize)
                            })
                        });
                        let mut bad = cert.clone();
                        let Evidence::Moves(results) = &mut bad.facts[i].evidence else {
                            unreachable!()
                        };
                        results[m][c] = Ref::Fact {
                            index: *index,
                            map: Map::Positions(swapped),
                        };
                        let verdict = check(name, &compress(&bad.encode()));
                        if iso {
                            // An automorphism: still a valid proof.
                            assert!(verdict.is_ok(), "{verdict:?}");
                        } else {
                            let e = verdict.unwrap_err();
                            assert!(
                                e.starts_with(&format!("fact {i} "))
                                    && e.contains("is not an isomorphism"),
                                "{e}"
                            );
                            done += 1;
                        }
                    }
                }
            }
            if done >= 20 {
                break;
            }
        }
        assert!(done >= 20, "{name}: only {done} maps damaged");
    }
}

#[test]
fn a_certificate_for_another_graph_is_rejected() {
    let (bytes, cert) = real(GRID, GameKind::Node);
    let e = check("grid:3x6", &bytes).unwrap_err();
    assert!(e.contains("for another graph"), "{e}");
    let e = check("grid:5x3", &bytes).unwrap_err();
    assert!(e.contains("for another graph"), "{e}");
    // A header naming another graph, checked against the original graph.
    let mut bad = cert.clone();
    bad.header.graph = "grid:5x3".into();
    let e = rejection(GRID, &bad);
    assert!(e.contains("for another graph (grid:5x3)"), "{e}");
    // The other game's certificate does not prove this game's value (header says arc).
    let mut bad = cert;
    bad.header.game = GameKind::Arc;
    assert!(check(GRID, &compress(&bad.encode())).is_err());
}

#[test]
fn a_truncated_file_is_rejected() {
    for (name, game) in cases() {
        let (bytes, cert) = real(name, game);
        for cut in [bytes.len() / 2, bytes.len() - 1, 10] {
            assert!(check(name, &bytes[..cut]).is_err(), "{name} cut at {cut}");
        }
        let raw = cert.encode();
        let e = check(name, &compress(&raw[..raw.len() / 2])).unwrap_err();
        assert!(e.contains("truncated"), "{e}");
        let mut no_root = cert.clone();
        no_root.root.clear();
        let mut raw = no_root.encode();
        raw.truncate(raw.len() - 2); // the root tag and its count
        let e = check(name, &compress(&raw)).unwrap_err();
        assert!(e.contains("before the root record"), "{e}");
        let mut extra = cert.encode();
        extra.push(0);
        let e = check(name, &compress(&extra)).unwrap_err();
        assert!(e.contains("after the root record"), "{e}");
    }
}

#[test]
fn a_fact_that_refers_to_itself_or_forward_is_rejected() {
    for (name, game) in cases() {
        let (_, cert) = real(name, game);
        let i = cert.facts.iter().rposition(|f| f.is_eq()).unwrap();
        for target in [i as u64, i as u64 + 1, i as u64 + 5] {
            let mut bad = cert.clone();
            let Evidence::Moves(results) = &mut bad.facts[i].evidence else {
                unreachable!()
            };
            let r = results.iter_mut().flatten().next().unwrap();
            *r = Ref::Fact {
                index: target,
                map: Map::Same,
            };
            let e = rejection(name, &bad);
            let want = if target == i as u64 {
                "(itself)"
            } else {
                "before the first fact"
            };
            assert!(
                e.starts_with(&format!("fact {i} ")) && e.contains(want),
                "{e}"
            );
        }
    }
}

#[test]
fn other_damage_is_rejected_too() {
    let (bytes, cert) = real(GRID, GameKind::Node);
    // A large component marked computed.
    let mut bad = cert.clone();
    bad.root = vec![Ref::Computed];
    let e = rejection(GRID, &bad);
    assert!(e.contains("marked computed"), "{e}");
    // A flipped byte in the compressed stream.
    let mut flipped = bytes.clone();
    let at = flipped.len() / 2;
    flipped[at] ^= 0x40;
    assert!(check(GRID, &flipped).is_err());
    // Not a certificate at all.
    assert!(check(GRID, b"kayles").is_err());
    // An NE fact by an EQ reference with the same value.
    let mut bad = cert.clone();
    let eq = bad.facts.iter().position(|f| f.is_eq()).unwrap();
    let fact = bad.facts[eq].clone();
    bad.facts.push(kayles_cert::format::Fact {
        value: fact.value,
        set: fact.set.clone(),
        evidence: Evidence::ByEq(Ref::Fact {
            index: eq as u64,
            map: Map::Same,
        }),
    });
    let e = rejection(GRID, &bad);
    assert!(e.contains("proves = "), "{e}");
    // ... and with another value it is a valid (if useless) fact.
    let mut good = cert;
    good.facts.push(kayles_cert::format::Fact {
        value: fact.value + 1,
        set: fact.set,
        evidence: Evidence::ByEq(Ref::Fact {
            index: eq as u64,
            map: Map::Same,
        }),
    });
    assert!(check(GRID, &compress(&good.encode())).is_ok());
}
