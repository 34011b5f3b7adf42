//! The search's winning moves, kept by orbit while it searches
//! (`kayles_cert::search_wins`) and offered to the proof as its first witnesses: every
//! move the table gives, for any position of the host, is a move of that position to a
//! result of the heap's value (by the definition of the game), and the certificates
//! written with them are accepted by the independent checker with the corpus's values.

use crate::check;
use crate::known;
use kayles_cert::format::Move;
use kayles_core::engine::proof::ProofHook;
use kayles_core::engine::SearchConfig;
use kayles_core::{brute, GameKind, VertexSet};
use kayles_solve::certificates::search_wins;
use kayles_solve::config::SearchOptions;
use kayles_solve::graphs::{self, Named};
use kayles_solve::route::{Nimbers, Request};
use std::sync::Arc;

/// After a search of the whole host on one thread with the table as its proof hook,
/// every move the table gives for a connected position and a heap is a move of that
/// position whose result has the heap's value; and it gives many (with small
/// components, known pieces and reductions searched as any other position).
#[test]
fn the_tables_moves_are_winning_moves_of_the_positions_asked_about() {
    for (spec, game) in [
        ("grid:3x5", GameKind::Arc),
        ("grid:3x4", GameKind::Arc),
        ("grid:3x3", GameKind::Arc),
        ("grid:3x5", GameKind::Node),
        ("grid:2x7", GameKind::Node),
        ("petersen:7,2", GameKind::Arc),
        ("queens:4", GameKind::Node),
    ] {
        let host = graphs::parse(spec).unwrap();
        let mut solver = SearchOptions::default().solver_for(game, Some(spec));
        // Small components, known pieces and reductions searched too, not answered at
        // once: more nodes concluded.
        solver.set_config(SearchConfig {
            threads: 1,
            small_order: 0,
            leaf_order: 0,
            known_pieces: false,
            reductions: false,
            ..solver.config()
        });
        let wins = search_wins(&host, spec, &mut solver);
        solver.set_proof_hook(Some(wins.clone() as Arc<dyn ProofHook>));
        solver.nimber(&host).unwrap();
        solver.set_proof_hook(None);
        let n = host.order();
        let mut found = 0;
        for mask in 1u128..1 << n {
            let vertices: Vec<u32> = (0..n as u32).filter(|v| mask >> v & 1 == 1).collect();
            let set = VertexSet::from_vertices(n, vertices.iter().map(|&v| v as usize));
            if vertices.len() < 2 || host.components(&set).len() != 1 {
                continue;
            }
            for heap in 0..5 {
                let Some(mv) = wins.winning_move(&vertices, heap) else {
                    continue;
                };
                let result = match mv {
                    Move::Vertex(v) => {
                        assert!(mask >> v & 1 == 1, "{spec}: {mv:?} of {mask:b}");
                        let closed = host
                            .neighbours(v as usize)
                            .iter()
                            .fold(1u128 << v, |m, u| m | 1 << u);
                        mask & !closed
                    }
                    Move::Edge(u, w) => {
                        assert!(
                            mask >> u & 1 == 1
                                && mask >> w & 1 == 1
                                && host.has_edge(u as usize, w as usize),
                            "{spec}: {mv:?} of {mask:b}"
                        );
                        mask & !(1 << u) & !(1 << w)
                    }
                };
                assert_eq!(
                    brute::value(game, &host, result),
                    heap,
                    "{spec} {game}: {mv:?} of {mask:b} with the heap {heap}"
                );
                found += 1;
            }
        }
        let counts = wins.counts();
        assert!(counts.stored > 0, "{spec} {game}: {counts:?}");
        assert!(
            found >= 10,
            "{spec} {game}: {found} moves found, {counts:?}"
        );
    }
}

/// The certificate of `graph` in `game` written the way `kayles nimber --certificate`
/// writes it on one thread (the search keeping its winning moves, the proof taking them
/// first), checked by the independent checker: the value, and how the witnesses were
/// found.
fn certified(
    graph: &str,
    game: GameKind,
    dir: &std::path::Path,
) -> (
    u32,
    Result<u32, String>,
    kayles_cert::builder::WitnessCounts,
) {
    let search = SearchOptions {
        threads: 1,
        ..SearchOptions::default()
    };
    let mut nimbers = Nimbers::new(Request {
        game,
        search,
        ..Request::default()
    });
    let named = Named::parse(graph).unwrap();
    let path = dir.join(format!("{game}-{}.cert", graph.replace([':', ','], "_")));
    let (value, summary) = nimbers.nimber_with_certificate(&named, &path).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    (
        value,
        check(graph, &bytes),
        summary.witnesses.unwrap_or_default(),
    )
}

/// Every graph of the corpus of known values in its game, and larger family graphs the
/// search wins many nodes of, certified with the search's winning moves as the first
/// witnesses: the checker accepts each with the corpus's (or the search's) value, the
/// table's moves are taken as witnesses, and none of them was of the wrong value.
#[test]
fn certificates_with_the_searchs_moves_check() {
    let dir = std::env::temp_dir().join(format!("kayles-search-wins-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (mut offered, mut taken) = (0, 0);
    let mut tally = |what: &str, w: kayles_cert::builder::WitnessCounts| {
        assert_eq!(w.refused, 0, "{what}: {w:?}");
        offered += w.offered;
        taken += w.known + w.asked;
    };
    for v in known::values() {
        let game: GameKind = v.game.parse().unwrap();
        let what = format!("{} ({})", v.graph, v.game);
        let (value, checked, witnesses) = certified(&v.graph, game, &dir);
        assert_eq!(value, v.nimber, "{what}: the search");
        assert_eq!(checked, Ok(v.nimber), "{what}: the checker");
        tally(&what, witnesses);
    }
    for (spec, game) in [
        ("grid:3x9", GameKind::Arc),
        ("grid:4x5", GameKind::Arc),
        ("grid:3x14", GameKind::Node),
        ("petersen:13,2", GameKind::Node),
    ] {
        let (value, checked, witnesses) = certified(spec, game, &dir);
        assert_eq!(checked, Ok(value), "{spec} ({game})");
        tally(spec, witnesses);
    }
    std::fs::remove_dir(&dir).ok();
    assert!(
        taken > 100 && taken <= offered,
        "{taken} taken of {offered} offered"
    );
}
