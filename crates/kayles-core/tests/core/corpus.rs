//! One fixture set of graphs, run against every engine of both games: the by-definition
//! judge, the subset table, and the search under every memo key and layer setting,
//! sequential and split across threads. Under the symmetry key a family fixture's subsets
//! are searched as vertex sets of the fixture with its host symmetry, as the command line
//! searches a family graph and the jobs of a split.

use kayles_core::engine::{Fault, MemoKey, Method, SearchConfig};
use kayles_core::game::GameSolver;
use kayles_core::table::SubsetTable;
use kayles_core::{brute, families, GameKind, Graph, VertexSet};

/// Named small graphs covering the families and some awkward shapes (twins of both
/// kinds, pendant leaves of every kind): every graph of the corpus of known values
/// (`fixtures/known/values.txt`), named by its family spec or graph6 string.
pub fn fixtures() -> Vec<(String, Graph)> {
    let out: Vec<(String, Graph)> = crate::known::graphs()
        .into_iter()
        .map(|name| {
            let g = build(&name);
            (name, g)
        })
        .collect();
    assert!(
        out.len() >= 15,
        "fixtures/known/values.txt: {} graphs",
        out.len()
    );
    out
}

/// The graph a corpus name stands for: a family spec or a graph6 string.
pub fn build(name: &str) -> Graph {
    families::build(name)
        .or_else(|_| kayles_core::graph6::parse(name))
        .unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The search threaded through the pool even on tiny positions.
pub fn split_everywhere(config: SearchConfig) -> SearchConfig {
    SearchConfig {
        threads: 0,
        parallel_min_order: 2,
        split_after: 0,
        split_warm_up: 0,
        ..config
    }
}

/// The layers that answer a component at once, as (known pieces, small order, leaf
/// order): none; the known pieces only; the dense leaf (Node Kayles components of up to 32
/// vertices decided by its own search); the small-graph solver and the leaf, as by
/// default.
pub const LAYERS_AT_ONCE: [(bool, usize, usize); 4] =
    [(false, 0, 0), (true, 0, 0), (true, 0, 32), (true, 10, 32)];

/// Every search configuration worth distinguishing: for both methods, every memo key
/// with every combination of reductions and known pieces (with and without the direct
/// evaluation of small components, which would otherwise answer every fixture without a
/// search), on one thread; the outcome method's heap moves first; and two configurations
/// of each method split across threads at every position.
pub fn configs() -> Vec<SearchConfig> {
    let mut out = Vec::new();
    for method in Method::ALL {
        for memo_key in [
            MemoKey::Exact,
            MemoKey::Shape,
            MemoKey::Canonical,
            MemoKey::Symmetry,
        ] {
            for reductions in [false, true] {
                for (known_pieces, small_order, leaf_order) in LAYERS_AT_ONCE {
                    out.push(SearchConfig {
                        method,
                        memo_key,
                        reductions,
                        known_pieces,
                        small_order,
                        leaf_order,
                        threads: 1,
                        ..SearchConfig::default()
                    });
                }
            }
        }
        // The symmetry key alone, as the command line uses it on a family with a symmetry
        // (the fixtures searched, not evaluated as small components).
        out.push(SearchConfig {
            method,
            memo_key: MemoKey::Symmetry,
            canonical_max_order: 0,
            small_order: 0,
            leaf_order: 0,
            threads: 1,
            ..SearchConfig::default()
        });
        out.push(split_everywhere(SearchConfig {
            method,
            small_order: 0,
            leaf_order: 0,
            ..SearchConfig::default()
        }));
        out.push(split_everywhere(SearchConfig {
            method,
            ..SearchConfig::plain()
        }));
    }
    out.push(SearchConfig {
        method: Method::Outcome,
        heap_moves_first: true,
        small_order: 0,
        leaf_order: 0,
        threads: 1,
        ..SearchConfig::default()
    });
    // Killer replies at every depth (the default tries them near the root only) with one
    // reply a depth and with many, and none.
    for (killer_levels, killer_slots) in [(usize::MAX, 1), (usize::MAX, 16), (0, 4)] {
        out.push(SearchConfig {
            method: Method::Outcome,
            small_order: 0,
            leaf_order: 0,
            killer_levels,
            killer_slots,
            threads: 1,
            ..SearchConfig::default()
        });
    }
    out
}

/// The outcome method with a deliberate error, sequential and split across threads: the
/// checks must fail on them.
pub fn faulty_configs() -> Vec<SearchConfig> {
    let mut out = Vec::new();
    for fault in [Fault::FirstOptionDecides, Fault::NoHeapMoves] {
        for layers in [SearchConfig::default(), SearchConfig::plain()] {
            let config = SearchConfig {
                method: Method::Outcome,
                small_order: 0,
                leaf_order: 0,
                fault: Some(fault),
                threads: 1,
                ..layers
            };
            out.push(config);
            out.push(split_everywhere(config));
        }
    }
    out
}

#[test]
fn every_engine_agrees_with_the_definition_on_every_subset() {
    for game in GameKind::ALL {
        let mut solvers: Vec<GameSolver> = configs()
            .into_iter()
            .map(|c| GameSolver::new(game, c))
            .collect();
        for (name, g) in fixtures() {
            // The family's host symmetry, for the solvers that key on it.
            let symmetry = families::host_symmetry(&name).ok().flatten();
            for solver in solvers.iter_mut() {
                if solver.config().memo_key == MemoKey::Symmetry {
                    solver.set_host_symmetry(symmetry.clone());
                }
            }
            let table = SubsetTable::compute_game(&g, game).unwrap();
            if game == GameKind::Node {
                let sequential = SubsetTable::compute_sequential(&g).unwrap();
                assert!(
                    table.values() == sequential.values(),
                    "{name}: parallel != sequential"
                );
            }
            for mask in 0..1u64 << g.order() {
                let want = brute::value(game, &g, u128::from(mask));
                assert_eq!(
                    u32::from(table.nimber(mask)),
                    want,
                    "{game} {name} subset {mask:#b}: table"
                );
                let set = VertexSet::from_vertices(
                    g.order(),
                    (0..g.order()).filter(|v| mask >> v & 1 == 1),
                );
                let (sub, _) = g.induced_subgraph(&set);
                for solver in solvers.iter_mut() {
                    let got = if solver.config().memo_key == MemoKey::Symmetry {
                        solver.nimber_of_subset(&g, &set)
                    } else {
                        solver.nimber(&sub)
                    };
                    assert_eq!(
                        got.unwrap(),
                        want,
                        "{game} {name} subset {mask:#b} {:?}",
                        solver.config()
                    );
                }
            }
        }
        // The symmetry key was in use, not the canonical code under another name (where
        // the fixtures are searched, not evaluated as small components); the dense leaf
        // decided some Node Kayles positions where it was on.
        for solver in &solvers {
            let config = solver.config();
            if game == GameKind::Node
                && config.method == Method::Outcome
                && config.known_pieces
                && config.small_order == 0
                && config.leaf_order > 0
            {
                assert!(
                    solver.stats().leaf_hits > 0,
                    "{game} {config:?}: the leaf decided nothing"
                );
            }
        }
        for solver in &solvers {
            let config = solver.config();
            if config.memo_key == MemoKey::Symmetry
                && ((config.small_order == 0 && config.leaf_order == 0) || !config.known_pieces)
            {
                assert!(
                    solver.stats().symmetry_hits > 0,
                    "{game} {:?}: no symmetry hits",
                    solver.config()
                );
            }
        }
    }
}

/// The checks can fail: each deliberate error of the outcome method gives a wrong value on
/// some subset of some fixture, in both games.
#[test]
fn every_fault_is_caught_by_the_corpus() {
    for game in GameKind::ALL {
        for config in faulty_configs() {
            let mut solver = GameSolver::new(game, config);
            let caught = fixtures().iter().any(|(_, g)| {
                (0..1u64 << g.order()).any(|mask| {
                    let set = VertexSet::from_vertices(
                        g.order(),
                        (0..g.order()).filter(|v| mask >> v & 1 == 1),
                    );
                    let (sub, _) = g.induced_subgraph(&set);
                    solver.nimber(&sub).ok() != Some(brute::value(game, g, u128::from(mask)))
                })
            });
            let caught = caught
                || random_graphs().any(|g| {
                    solver.nimber(&g).ok() != Some(brute::value(game, &g, brute::full_mask(&g)))
                });
            assert!(caught, "{game} {config:?}: no fixture shows the fault");
        }
    }
}

/// A fixed stream of random graphs of 8 to 14 vertices and varied densities.
pub fn random_graphs() -> impl Iterator<Item = Graph> {
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    (0..2000).map(move |_| {
        let n = 8 + (next() % 7) as usize;
        let density = [15, 25, 40, 60][(next() % 4) as usize];
        let mut g = Graph::new(n);
        for u in 0..n {
            for v in u + 1..n {
                if next() % 100 < density {
                    g.add_edge(u, v);
                }
            }
        }
        g
    })
}

/// A position with a Nim heap beside it: `wins_with_heap` says whether the nimber is not
/// the heap, for every subset of every fixture (asked of the whole host, so the search
/// meets the subset as a position of the host), every heap up to one above the value,
/// both methods.
#[test]
fn wins_with_heap_agrees_with_the_definition() {
    for game in GameKind::ALL {
        for method in Method::ALL {
            for (_, small_order, leaf_order) in LAYERS_AT_ONCE {
                let config = SearchConfig {
                    method,
                    small_order,
                    leaf_order,
                    ..SearchConfig::default()
                };
                let mut solver = GameSolver::new(game, config);
                for (name, g) in fixtures() {
                    for mask in 0..1u64 << g.order() {
                        let want = brute::value(game, &g, u128::from(mask));
                        let set = VertexSet::from_vertices(
                            g.order(),
                            (0..g.order()).filter(|v| mask >> v & 1 == 1),
                        );
                        for heap in 0..=want + 1 {
                            assert_eq!(
                                solver.wins_with_heap(&g, &set, heap),
                                Ok(heap != want),
                                "{game} {name} subset {mask:#b} heap {heap} {config:?}"
                            );
                        }
                    }
                }
            }
        }
    }
}

/// What the memo recalls of a position without searching it never contradicts the
/// definition: after the value of each fixture is searched, every subset of it is
/// recalled (a connected one often is known, in part or in full; one of several
/// components never is), both games and both methods.
#[test]
fn recalled_records_agree_with_the_definition() {
    for game in GameKind::ALL {
        for method in Method::ALL {
            let mut solver = GameSolver::new(
                game,
                SearchConfig {
                    method,
                    ..SearchConfig::default()
                },
            );
            let mut recalled = 0;
            for (name, g) in fixtures() {
                solver.nimber(&g).unwrap();
                for mask in 0..1u64 << g.order() {
                    let set = VertexSet::from_vertices(
                        g.order(),
                        (0..g.order()).filter(|v| mask >> v & 1 == 1),
                    );
                    let record = solver.recall_subset(&g, &set);
                    if record.is_unknown() {
                        continue;
                    }
                    recalled += 1;
                    let want = brute::value(game, &g, u128::from(mask));
                    for heap in 0..=want as u8 + 1 {
                        assert_ne!(
                            record.wins(heap),
                            Some(u32::from(heap) == want),
                            "{game} {method:?} {name} subset {mask:#b} heap {heap}: {record:?}"
                        );
                    }
                }
            }
            assert!(
                recalled > 100,
                "{game} {method:?}: only {recalled} recalled"
            );
        }
    }
}

/// Known pieces and mirror positions are recalled before any search (the search answers
/// them without storing them, so only the layers themselves know them): a path and a cycle
/// of 30 vertices (too large for the small tables) in both games, and the 2 x 20 ladder,
/// whose half turn is a mirror strategy (0 in both games), against the mex route without
/// the host symmetry.
#[test]
fn known_pieces_and_mirror_positions_are_recalled_without_a_search() {
    for game in GameKind::ALL {
        for spec in ["path:30", "cycle:30", "grid:2x20"] {
            let g = families::build(spec).unwrap();
            let all = VertexSet::full(g.order());
            // The family's host symmetry, as the command line gives it (mirror positions
            // are found through it).
            let symmetry = families::host_symmetry(spec).unwrap();
            let mut fresh = GameSolver::new(game, SearchConfig::default());
            fresh.set_host_symmetry(symmetry);
            let recalled = fresh.recall_subset(&g, &all).value();
            let mut searcher = GameSolver::new(
                game,
                SearchConfig {
                    method: Method::Mex,
                    ..SearchConfig::default()
                },
            );
            let value = searcher.nimber_of_subset(&g, &all).unwrap();
            assert_eq!(recalled, Some(value as u8), "{game} {spec}");
        }
    }
}

/// Tasks split across threads are cancelled once a sibling finds the win, and keep nothing
/// they learn after that. A search split at every position of a few mid-size graphs, whose
/// memo is then asked about every subset left by deleting one or two vertices, must agree
/// with the sequential mex route everywhere: a cancelled task that stored a wrong record
/// would show there. (With more than one thread in the pool, tasks must also have been
/// cancelled, so that the check is not empty: whether a task is running when a sibling
/// loses depends on how the threads are scheduled, so on a loaded machine the whole check
/// is made again, with fresh solvers, until some task was cancelled, at most 20 times.)
#[test]
fn cancelled_parallel_tasks_leave_the_memo_right() {
    let threads = kayles_core::engine::pool().current_num_threads();
    let rounds = if threads > 1 { 20 } else { 1 };
    let cancelled: u64 = (0..rounds)
        .map(|_| cancelled_tasks_of_one_check())
        .find(|&cancelled| cancelled > 0)
        .unwrap_or(0);
    if threads > 1 {
        assert!(cancelled > 0, "no task was cancelled in {rounds} checks");
    }
}

/// One check of [`cancelled_parallel_tasks_leave_the_memo_right`]: the tasks cancelled.
fn cancelled_tasks_of_one_check() -> u64 {
    let mut cancelled = 0;
    for (game, spec) in [
        (GameKind::Arc, "grid:4x4"),
        (GameKind::Arc, "grid:3x6"),
        (GameKind::Node, "grid:4x5"),
        (GameKind::Node, "petersen:10,2"),
        (GameKind::Node, "queens:5"),
    ] {
        let g = families::build(spec).unwrap();
        let mut split = GameSolver::new(
            game,
            split_everywhere(SearchConfig {
                small_order: 0,
                leaf_order: 0,
                ..SearchConfig::default()
            }),
        );
        let mut mex = GameSolver::new(
            game,
            SearchConfig {
                method: Method::Mex,
                threads: 1,
                ..SearchConfig::default()
            },
        );
        let n = g.order();
        let mut subsets = vec![VertexSet::full(n)];
        for u in 0..n {
            for v in u..n {
                subsets.push(VertexSet::from_vertices(
                    n,
                    (0..n).filter(|&w| w != u && w != v),
                ));
            }
        }
        for set in &subsets {
            let (sub, _) = g.induced_subgraph(set);
            assert_eq!(
                split.nimber(&sub).unwrap(),
                mex.nimber(&sub).unwrap(),
                "{game} {spec} subset {set:?}"
            );
        }
        cancelled += split.stats().cancelled;
    }
    cancelled
}

/// A search far over its memo limit sheds the memo's smaller components again and again
/// and still gets every value right: graphs too large for the fixtures' subsets (the
/// limit is looked at every 1024 new entries), under each shared key, both methods, one
/// thread and split, both games, against the same search with room to spare.
#[test]
fn shedding_over_the_memo_limit_keeps_values_right() {
    for (game, specs) in [
        (GameKind::Node, ["queens:8", "grid:3x11"]),
        (GameKind::Arc, ["petersen:12,2", "grid:3x8"]),
    ] {
        let wants: Vec<u32> = specs
            .iter()
            .map(|spec| {
                let g = families::build(spec).unwrap();
                GameSolver::new(game, SearchConfig::default())
                    .nimber(&g)
                    .unwrap()
            })
            .collect();
        for method in Method::ALL {
            // (Not the mex method with the shape key: with almost no memo it searches
            // for minutes.)
            let keys: &[MemoKey] = match method {
                Method::Outcome => &[MemoKey::Shape, MemoKey::Canonical, MemoKey::Symmetry],
                Method::Mex => &[MemoKey::Canonical, MemoKey::Symmetry],
            };
            for &memo_key in keys {
                for threads in [
                    SearchConfig {
                        threads: 1,
                        ..SearchConfig::default()
                    },
                    split_everywhere(SearchConfig::default()),
                ] {
                    let config = SearchConfig {
                        method,
                        memo_key,
                        small_order: 0,
                        leaf_order: 0,
                        memo_limit_bytes: 1,
                        ..threads
                    };
                    let mut over = 0;
                    for (spec, &want) in specs.iter().zip(&wants) {
                        let mut solver = GameSolver::new(game, config);
                        solver.set_host_symmetry(families::host_symmetry(spec).unwrap());
                        let got = solver.nimber(&families::build(spec).unwrap()).unwrap();
                        assert_eq!(got, want, "{game} {spec} {config:?}");
                        over += solver.stats().evictions;
                    }
                    assert!(over > 0, "{game} {config:?}: never over the limit");
                }
            }
        }
    }
}
