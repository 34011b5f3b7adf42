//! Exhaustive small families: every labelled graph on up to 6 vertices and every graph on
//! 7 vertices up to isomorphism, every engine of both games and both methods against the
//! definition.

use crate::corpus::{split_everywhere, LAYERS_AT_ONCE};
use kayles_core::canonical::{graph_code, Canonizer};
use kayles_core::engine::{MemoKey, Method, SearchConfig};
use kayles_core::game::GameSolver;
use kayles_core::{arc, brute, GameKind, Graph};
use std::collections::HashSet;

/// Every labelled graph on `n` vertices.
pub fn all_graphs(n: usize) -> impl Iterator<Item = Graph> {
    let pairs: Vec<(usize, usize)> = (0..n)
        .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
        .collect();
    (0..1u64 << pairs.len()).map(move |bits| {
        let edges: Vec<_> = pairs
            .iter()
            .enumerate()
            .filter(|(i, _)| bits >> i & 1 == 1)
            .map(|(_, &e)| e)
            .collect();
        Graph::from_edges(n, &edges)
    })
}

#[test]
fn search_equals_definition_on_all_graphs_up_to_6_vertices() {
    let configs = Method::ALL.into_iter().flat_map(|method| {
        [
            SearchConfig::default(),
            SearchConfig {
                small_order: 0,
                leaf_order: 0,
                ..SearchConfig::default()
            },
            SearchConfig {
                small_order: 0,
                leaf_order: 32,
                ..SearchConfig::default()
            },
            SearchConfig::plain(),
            SearchConfig {
                memo_key: MemoKey::Shape,
                small_order: 0,
                leaf_order: 0,
                threads: 1,
                ..SearchConfig::default()
            },
            split_everywhere(SearchConfig {
                small_order: 0,
                leaf_order: 0,
                ..SearchConfig::default()
            }),
        ]
        .map(|c| SearchConfig { method, ..c })
    });
    for game in GameKind::ALL {
        let mut solvers: Vec<GameSolver> =
            configs.clone().map(|c| GameSolver::new(game, c)).collect();
        let mut checked = 0;
        for n in 0..=6 {
            for g in all_graphs(n) {
                let want = brute::value(game, &g, brute::full_mask(&g));
                for solver in solvers.iter_mut() {
                    assert_eq!(solver.nimber(&g).unwrap(), want, "{game} {g:?}");
                }
                if game == GameKind::Arc {
                    assert_eq!(arc::nimber_via_line_graph(&g).unwrap(), want, "{g:?}");
                }
                checked += 1;
            }
        }
        assert_eq!(checked, 1 + 1 + 2 + 8 + 64 + 1024 + 32768);
    }
}

/// Every graph on 7 vertices, one per canonical code (so every isomorphism class, a few
/// more than once where the code's search budget runs out), in both games, by both
/// methods with and without the direct evaluation of small components, against the
/// definition.
#[test]
fn both_methods_equal_definition_on_every_graph_on_7_vertices() {
    let mut canonizer = Canonizer::new();
    let mut seen = HashSet::new();
    let graphs: Vec<Graph> = all_graphs(7)
        .filter(|g| seen.insert(graph_code(&mut canonizer, g).expect("7 vertices")))
        .collect();
    // 1044 graphs on 7 vertices up to isomorphism (OEIS A000088).
    assert!(graphs.len() >= 1044, "{} classes", graphs.len());
    for game in GameKind::ALL {
        for method in Method::ALL {
            for (_, small_order, leaf_order) in LAYERS_AT_ONCE.into_iter().skip(1) {
                let config = SearchConfig {
                    method,
                    small_order,
                    leaf_order,
                    threads: 1,
                    ..SearchConfig::default()
                };
                let mut solver = GameSolver::new(game, config);
                for g in &graphs {
                    let want = brute::value(game, g, brute::full_mask(g));
                    assert_eq!(solver.nimber(g), Ok(want), "{game} {config:?} {g:?}");
                }
            }
        }
    }
}

/// Cram regions, where the exact cache leaves cheap wins to the shared memo (a win its
/// node proved alone, or one the shared memo answered, is not copied into the exact cache):
/// every region of the 4 x 4 and 3 x 5 grids, searched as vertex sets of the grid under its
/// host symmetry by one solver each (so later regions reuse what earlier ones stored), with
/// the default exact cache and with one so small that it is emptied over and over, against
/// the subset table (itself checked against the definition in `corpus.rs`) and the plain
/// search.
#[test]
fn cheap_wins_left_to_the_shared_memo_keep_cram_exact() {
    use kayles_core::table::SubsetTable;
    use kayles_core::{families, VertexSet};
    for spec in ["grid:4x4", "grid:3x5"] {
        let g = families::build(spec).unwrap();
        let symmetry = families::host_symmetry(spec).unwrap();
        let table = SubsetTable::compute_game(&g, GameKind::Arc).unwrap();
        let mut solvers: Vec<GameSolver> = [1 << 30, 1 << 12]
            .into_iter()
            .map(|exact_cache_bytes| {
                let mut solver = GameSolver::new(
                    GameKind::Arc,
                    SearchConfig {
                        threads: 1,
                        exact_cache_bytes,
                        ..SearchConfig::default()
                    },
                );
                solver.set_host_symmetry(symmetry.clone());
                solver
            })
            .collect();
        let mut plain = GameSolver::new(GameKind::Arc, SearchConfig::plain());
        for mask in 0..1u64 << g.order() {
            let set =
                VertexSet::from_vertices(g.order(), (0..g.order()).filter(|v| mask >> v & 1 == 1));
            let want = u32::from(table.nimber(mask));
            for solver in solvers.iter_mut() {
                assert_eq!(
                    solver.nimber_of_subset(&g, &set),
                    Ok(want),
                    "{spec} subset {mask:#b}"
                );
            }
            // The plain search on a sample (it keeps no memo across graphs).
            if mask % 37 == 0 {
                let (sub, _) = g.induced_subgraph(&set);
                assert_eq!(
                    plain.nimber(&sub),
                    Ok(want),
                    "{spec} subset {mask:#b}: plain"
                );
            }
        }
    }
}
