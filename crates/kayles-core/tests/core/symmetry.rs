//! The host-symmetry memo key ([`kayles_core::symmetry`]): on every subset of small family
//! hosts the key keeps the value of both games (by their subset tables), is idempotent,
//! and is the same for images under flips, translations and rotations computed here by
//! hand; and the search with [`MemoKey::Symmetry`] reproduces the other engines'
//! sequences, for Node Kayles and Arc Kayles.

use kayles_core::bits::{Bits, Words};
use kayles_core::game::GameSolver;
use kayles_core::symmetry::{is_mirror_strategy, HostSymmetry};
use kayles_core::table::SubsetTable;
use kayles_core::{arc, brute, families, GameKind, Graph, VertexSet};
use kayles_core::{
    engine::{MemoKey, SearchConfig},
    node::Solver,
};

fn symmetry(spec: &str) -> HostSymmetry {
    families::host_symmetry(spec)
        .unwrap()
        .unwrap_or_else(|| panic!("{spec} has a symmetry"))
}

fn degrees(g: &Graph, mask: u64) -> Vec<usize> {
    let set = VertexSet::from_vertices(g.order(), (0..g.order()).filter(|v| mask >> v & 1 == 1));
    let (sub, _) = g.induced_subgraph(&set);
    let mut d: Vec<usize> = (0..sub.order()).map(|v| sub.degree(v)).collect();
    d.sort_unstable();
    d
}

#[test]
fn the_key_keeps_the_value_of_every_subset() {
    for spec in [
        "grid:3x6",
        "grid:4x4",
        "grid:1x13",
        "grid:13x1",
        "queens:4",
        "petersen:8,2",
        "petersen:9,2",
        "petersen:7,3",
        "cycle:14",
        "path:14",
    ] {
        let g = families::build(spec).unwrap();
        let sym = symmetry(spec);
        assert!(sym.is_host(&g), "{spec}");
        let table = SubsetTable::compute(&g).unwrap();
        let arc_table = SubsetTable::compute_game(&g, GameKind::Arc).unwrap();
        let mut classes = std::collections::HashSet::new();
        for mask in 0..1u64 << g.order() {
            let key = sym.key(mask);
            assert_eq!(sym.key(key), key, "{spec} {mask:#b}: not idempotent");
            assert_eq!(key.count_ones(), mask.count_ones(), "{spec} {mask:#b}");
            assert_eq!(table.nimber(key), table.nimber(mask), "{spec} {mask:#b}");
            assert_eq!(
                arc_table.nimber(key),
                arc_table.nimber(mask),
                "{spec} {mask:#b}: Arc Kayles"
            );
            if mask.count_ones() <= 12 {
                assert_eq!(degrees(&g, key), degrees(&g, mask), "{spec} {mask:#b}");
            }
            classes.insert(key);
        }
        // The key really merges sets: far fewer classes than subsets.
        assert!(
            classes.len() * 3 < 1 << g.order(),
            "{spec}: {} classes",
            classes.len()
        );
    }
}

/// A small deterministic generator (xorshift), so the wide cases need no extra crate.
fn random_words(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// Flips and translations computed cell by cell, on hosts wider than 64 vertices.
#[test]
fn images_under_hand_computed_maps_share_the_key() {
    fn check<S: Bits>(spec: &str, rows: usize, cols: usize, cyclic: bool) {
        let sym = symmetry(spec);
        let n = rows * cols;
        let mut state = 0x9e37_79b9_7f4a_7c15u64 ^ n as u64;
        for round in 0..300 {
            // A random set of density about 1/4, kept off the last row and the last two
            // columns (for odd rounds) so that a translation stays on the board.
            let window = !cyclic && round % 2 == 1;
            let mut set = S::empty();
            for v in 0..n {
                let (r, c) = (v / cols, v % cols);
                let inside = !window || (r + 1 < rows.max(2) && c + 2 < cols);
                if inside && random_words(&mut state) % 4 == 0 {
                    set.insert(v);
                }
            }
            let cell_set = |f: &dyn Fn(usize, usize) -> Option<(usize, usize)>| -> Option<S> {
                let mut out = S::empty();
                for v in set.iter() {
                    let (r, c) = f(v / cols, v % cols)?;
                    out.insert(r * cols + c);
                }
                Some(out)
            };
            let key = sym.key(set);
            // (Swapping the layers of P(n, k) is no automorphism: only grids flip rows.)
            let flips = [
                cell_set(&|r, c| (!cyclic).then_some((rows - 1 - r, c))),
                cell_set(&|r, c| Some((r, cols - 1 - c))),
            ];
            for image in flips.into_iter().flatten() {
                assert_eq!(sym.key(image), key, "{spec}: flip of {set:?}");
            }
            if cyclic {
                // rows = layers, cols = cycle length: rotate every layer by 5.
                let image = cell_set(&|r, c| Some((r, (c + 5) % cols))).unwrap();
                assert_eq!(sym.key(image), key, "{spec}: rotation of {set:?}");
            } else {
                let (max_r, max_c) = set
                    .iter()
                    .fold((0, 0), |(a, b), v| (a.max(v / cols), b.max(v % cols)));
                if max_r + 1 < rows || max_c + 2 < cols {
                    let (dr, dc) = (
                        usize::from(max_r + 1 < rows),
                        2 * usize::from(max_c + 2 < cols),
                    );
                    let image = cell_set(&|r, c| Some((r + dr, c + dc))).unwrap();
                    assert_eq!(sym.key(image), key, "{spec}: translate of {set:?}");
                }
            }
        }
    }
    check::<u128>("grid:3x30", 3, 30, false);
    check::<u128>("grid:30x3", 30, 3, false);
    check::<Words<4>>("queens:12", 12, 12, false);
    // More than 64 rows (this once overflowed a fixed buffer of row fields).
    check::<Words<4>>("grid:70x3", 70, 3, false);
    check::<u128>("petersen:40,2", 2, 40, true);
    check::<u64>("cycle:60", 1, 60, true);
}

/// A position given as a vertex set of a host with a symmetry (a split's job) is searched
/// in the host's own order, or renumbered along the long side of a strip: either way, its
/// value is the subset table's, for both games.
#[test]
fn subsets_of_a_host_keep_their_values() {
    for game in GameKind::ALL {
        for spec in ["grid:3x6", "grid:6x3", "queens:4", "petersen:8,2"] {
            let host = families::build(spec).unwrap();
            let n = host.order();
            let table = SubsetTable::compute_game(&host, game).unwrap();
            // The dense leaf off: it would decide the queens positions without the key.
            let config = SearchConfig {
                memo_key: MemoKey::Symmetry,
                canonical_max_order: 0,
                leaf_order: 0,
                threads: 1,
                ..SearchConfig::default()
            };
            let mut solver = GameSolver::new(game, config);
            solver.set_host_symmetry(Some(symmetry(spec)));
            for mask in (0..1u64 << n).step_by(5) {
                let set = VertexSet::from_vertices(n, (0..n).filter(|v| mask >> v & 1 == 1));
                assert_eq!(
                    solver.nimber_of_subset(&host, &set).unwrap(),
                    u32::from(table.nimber(mask)),
                    "{game} {spec} {mask:#b}"
                );
            }
            assert!(solver.stats().symmetry_hits > 0, "{game} {spec}");
            if spec.starts_with("grid") {
                // Some of the positions were answered by their half turn (below).
                assert!(solver.stats().mirror_hits > 0, "{game} {spec}");
            }
        }
    }
}

/// The dense leaf's answers go into the shared memo under the symmetry key, and images of
/// a component decided there are answered from it: Node Kayles on subsets of queens
/// boards (dense enough for the leaf once the small-component solver is off), against
/// the subset tables, on one thread and on two.
#[test]
fn dense_leaf_answers_under_the_symmetry_key_keep_their_values() {
    for (spec, step) in [("queens:4", 1), ("queens:5", 4099)] {
        let host = families::build(spec).unwrap();
        let n = host.order();
        let table = SubsetTable::compute_game(&host, GameKind::Node).unwrap();
        for threads in [1, 2] {
            let config = SearchConfig {
                memo_key: MemoKey::Symmetry,
                canonical_max_order: 0,
                small_order: 0,
                threads,
                ..SearchConfig::default()
            };
            let mut solver = GameSolver::new(GameKind::Node, config);
            solver.set_host_symmetry(Some(symmetry(spec)));
            for mask in (0..1u64 << n).step_by(step) {
                let set = VertexSet::from_vertices(n, (0..n).filter(|v| mask >> v & 1 == 1));
                assert_eq!(
                    solver.nimber_of_subset(&host, &set).unwrap(),
                    u32::from(table.nimber(mask)),
                    "{spec} {mask:#b}"
                );
            }
            let stats = solver.stats();
            assert!(stats.leaf_hits > 0 && stats.symmetry_hits > 0, "{spec}");
        }
    }
}

/// [`HostSymmetry::box_half_turn`] finds exactly the vertex sets of a lattice that the half
/// turn of their bounding box maps onto themselves (computed here cell by cell), and every
/// such set whose turn moves each cell and none onto a neighbour has value 0 in both games
/// by the subset tables: what the search answers without searching.
#[test]
fn turned_regions_with_a_mirror_strategy_are_zero() {
    for (spec, cols) in [("grid:4x4", 4), ("grid:3x6", 6), ("grid:4x5", 5)] {
        let host = families::build(spec).unwrap();
        let sym = symmetry(spec);
        let n = host.order();
        let tables: Vec<SubsetTable> = GameKind::ALL
            .into_iter()
            .map(|game| SubsetTable::compute_game(&host, game).unwrap())
            .collect();
        let (mut turned, mut mirrored) = (0, 0);
        for mask in 1..1u64 << n {
            let cells: Vec<(usize, usize)> = (0..n)
                .filter(|v| mask >> v & 1 == 1)
                .map(|v| (v / cols, v % cols))
                .collect();
            let row_sum =
                cells.iter().map(|c| c.0).min().unwrap() + cells.iter().map(|c| c.0).max().unwrap();
            let col_sum =
                cells.iter().map(|c| c.1).min().unwrap() + cells.iter().map(|c| c.1).max().unwrap();
            let image = |(r, c): (usize, usize)| (row_sum - r) * cols + (col_sum - c);
            let invariant = cells.iter().all(|&cell| mask >> image(cell) & 1 == 1);
            let found = sym.box_half_turn(mask);
            assert_eq!(found.is_some(), invariant, "{spec} {mask:#b}");
            let Some(turn) = found else { continue };
            turned += 1;
            assert!(cells
                .iter()
                .all(|&(r, c)| turn.image(r * cols + c) == image((r, c))));
            let mirror = cells.iter().all(|&(r, c)| {
                let (v, w) = (r * cols + c, image((r, c)));
                w != v && !host.has_edge(v, w)
            });
            if mirror {
                mirrored += 1;
                for (game, table) in GameKind::ALL.into_iter().zip(&tables) {
                    assert_eq!(table.nimber(mask), 0, "{game} {spec} {mask:#b}");
                }
            }
        }
        assert!(
            mirrored > 100 && turned > mirrored,
            "{spec}: {turned} turned, {mirrored} mirrored"
        );
    }
}

/// The lattice fast path of the key (row operations) gives the very key of the general
/// way (point maps vertex by vertex), on random sets of lattices of every shape and width.
#[test]
fn the_lattice_key_is_the_point_map_key() {
    fn check<S: Bits>(spec: &str) {
        let sym = symmetry(spec);
        let n = sym.order();
        let mut state = 0x2545_f491_4f6c_dd1du64 ^ n as u64;
        for round in 0..2000 {
            let density = 1 + round % 7;
            let mut set = S::empty();
            for v in 0..n {
                if random_words(&mut state) % 8 < density {
                    set.insert(v);
                }
            }
            assert_eq!(sym.key(set), sym.key_by_point_maps(set), "{spec}: {set:?}");
        }
        assert_eq!(sym.key(S::empty()), S::empty());
    }
    check::<u64>("grid:3x20");
    check::<u64>("grid:20x3");
    check::<u64>("queens:8");
    check::<u64>("grid:1x40");
    check::<u64>("path:50");
    check::<u128>("grid:3x40");
    check::<u128>("grid:40x3");
    check::<u128>("queens:11");
    check::<u128>("grid:2x64");
    check::<u128>("grid:64x2");
    check::<Words<4>>("queens:13");
    check::<Words<4>>("grid:5x50");
}

fn terms(template: &str, range: std::ops::RangeInclusive<usize>, config: SearchConfig) -> Vec<u32> {
    game_terms(GameKind::Node, template, range, config)
}

fn game_terms(
    game: GameKind,
    template: &str,
    range: std::ops::RangeInclusive<usize>,
    config: SearchConfig,
) -> Vec<u32> {
    let mut solver = GameSolver::new(game, config);
    range
        .map(|n| {
            let spec = families::term_spec(template, n);
            solver.set_host_symmetry(families::host_symmetry(&spec).unwrap());
            solver.nimber(&families::build(&spec).unwrap()).unwrap()
        })
        .collect()
}

#[test]
fn search_with_the_symmetry_key_reproduces_the_sequences() {
    let canonical = SearchConfig::default();
    let pure = SearchConfig {
        memo_key: MemoKey::Symmetry,
        canonical_max_order: 0,
        ..SearchConfig::default()
    };
    let hybrid = SearchConfig {
        memo_key: MemoKey::Symmetry,
        ..SearchConfig::default()
    };
    let plain_layers = SearchConfig {
        reductions: false,
        known_pieces: false,
        ..pure
    };
    for (template, range) in [
        ("grid:3xN", 1..=16),
        ("grid:Nx3", 1..=14),
        ("petersen:N,2", 4..=20),
        ("queens", 1..=8),
        ("cycle", 3..=30),
    ] {
        let want = terms(template, range.clone(), canonical);
        for config in [pure, hybrid, plain_layers] {
            assert_eq!(
                terms(template, range.clone(), config),
                want,
                "{template} {config:?}"
            );
        }
    }
    // The published A316632 b-file, by the symmetry key alone.
    assert_eq!(
        terms("grid:3xN", 1..=16, pure),
        [2, 1, 1, 0, 3, 3, 2, 2, 2, 3, 3, 5, 2, 4, 1, 3]
    );
}

#[test]
fn arc_kayles_with_the_symmetry_key_reproduces_the_sequences() {
    let canonical = SearchConfig {
        threads: 1,
        ..SearchConfig::default()
    };
    let pure = SearchConfig {
        memo_key: MemoKey::Symmetry,
        canonical_max_order: 0,
        ..SearchConfig::default()
    };
    let plain_layers = SearchConfig {
        reductions: false,
        known_pieces: false,
        threads: 1,
        ..pure
    };
    for (template, range) in [
        ("grid:3xN", 1..=8),
        ("grid:Nx3", 1..=8),
        ("grid:2xN", 1..=14),
        ("petersen:N,2", 4..=11),
        // (Arc Kayles on queens:5 has 160 edges: half a minute; 4 is enough here.)
        ("queens", 1..=4),
        ("cycle", 3..=30),
        ("path", 1..=30),
    ] {
        let want = game_terms(GameKind::Arc, template, range.clone(), canonical);
        for config in [pure, plain_layers] {
            assert_eq!(
                game_terms(GameKind::Arc, template, range.clone(), config),
                want,
                "{template} {config:?}"
            );
        }
        // And the same terms through the line graph and Node Kayles.
        let by_line_graph: Vec<u32> = range
            .clone()
            .map(|n| {
                let g = families::build(&families::term_spec(template, n)).unwrap();
                kayles_core::arc::nimber_via_line_graph(&g).unwrap()
            })
            .collect();
        assert_eq!(by_line_graph, want, "{template} through the line graph");
    }
}

/// A symmetry given for one host is not used on another graph (of either game), so values
/// stay right.
#[test]
fn a_symmetry_is_only_used_on_its_host() {
    for game in GameKind::ALL {
        let config = SearchConfig {
            memo_key: MemoKey::Symmetry,
            ..SearchConfig::default()
        };
        let mut solver = GameSolver::new(game, config);
        solver.set_host_symmetry(Some(symmetry("grid:3x5")));
        let other = families::build("grid:3x6").unwrap();
        let want = GameSolver::new(game, SearchConfig::default())
            .nimber(&other)
            .unwrap();
        assert_eq!(solver.nimber(&other).unwrap(), want, "{game}");
        assert_eq!(solver.stats().symmetry_hits, 0, "{game}");
    }
    let config = SearchConfig {
        memo_key: MemoKey::Symmetry,
        ..SearchConfig::default()
    };
    let mut solver = Solver::with_config(config);
    solver.set_host_symmetry(Some(symmetry("grid:3x5")));
    let other = families::build("grid:3x6").unwrap();
    let want = Solver::new().nimber(&other).unwrap();
    assert_eq!(solver.nimber(&other).unwrap(), want);
    assert_eq!(solver.stats().symmetry_hits, 0);
    let host = families::build("grid:3x5").unwrap();
    assert_eq!(
        solver.nimber(&host).unwrap(),
        Solver::new().nimber(&host).unwrap()
    );
}

/// P(n, 2) for even n has a mirror strategy (the half turn), hence nimber 0: the second
/// route for the even terms. Checked against search where search is quick, and the
/// strategy is found exactly for the even n.
#[test]
fn mirror_strategies_give_nimber_zero() {
    let mut solver = Solver::new();
    for n in 5..=40 {
        let spec = format!("petersen:{n},2");
        let mirror = families::mirror_strategy(&spec).unwrap();
        assert_eq!(mirror.is_some(), n % 2 == 0, "{spec}");
        if n <= 22 && mirror.is_some() {
            assert_eq!(
                solver.nimber(&families::build(&spec).unwrap()),
                Ok(0),
                "{spec}"
            );
        }
    }
    // Every graph of the families up to 14 vertices with a mirror strategy has nimber 0,
    // by the subset table.
    for spec in [
        "cycle:4",
        "cycle:10",
        "cycle:14",
        "grid:2x6",
        "grid:3x4",
        "grid:4x3",
        "grid:2x7",
        "petersen:6,2",
        "petersen:7,2",
        "path:6",
    ] {
        let g = families::build(spec).unwrap();
        if families::mirror_strategy(spec).unwrap().is_some() {
            let table = SubsetTable::compute(&g).unwrap();
            assert_eq!(table.nimber((1 << g.order()) - 1), 0, "{spec}");
        }
    }
    // C_6: the half turn sends 0 to 3, not a neighbour; C_4: 0 to 2, fine; the 3 x 4
    // grid's half turn swaps the two middle cells of the middle row, which are adjacent.
    assert!(families::mirror_strategy("cycle:6").unwrap().is_some());
    assert!(families::mirror_strategy("grid:3x4").unwrap().is_none());
    assert!(families::mirror_strategy("grid:2x6").unwrap().is_some());
}

/// The same mirror strategy proves Arc Kayles value 0: when the first player takes the
/// edge `uv`, the edge `map(u) map(v)` is still there and shares no end with `uv` (neither
/// image is `u` or `v`, since `map(u)` is not in `N[u]`), and the position stays invariant.
/// Checked by definition on every graph up to 6 vertices under every fixed-point-free
/// involution that passes `is_mirror_strategy`, and on the family graphs that have one.
#[test]
fn mirror_strategies_give_arc_kayles_zero() {
    fn involutions(n: usize) -> Vec<Vec<u32>> {
        // Perfect matchings of 0..n as maps (none when n is odd).
        fn extend(map: &mut Vec<Option<u32>>, out: &mut Vec<Vec<u32>>) {
            let Some(first) = map.iter().position(Option::is_none) else {
                out.push(map.iter().map(|v| v.unwrap()).collect());
                return;
            };
            for partner in first + 1..map.len() {
                if map[partner].is_none() {
                    map[first] = Some(partner as u32);
                    map[partner] = Some(first as u32);
                    extend(map, out);
                    map[first] = None;
                    map[partner] = None;
                }
            }
        }
        let mut out = Vec::new();
        if n % 2 == 0 {
            extend(&mut vec![None; n], &mut out);
        }
        out
    }
    let mut proved = 0;
    for n in [2, 4, 6] {
        let maps = involutions(n);
        for g in crate::exhaustive::all_graphs(n) {
            for map in &maps {
                if is_mirror_strategy(&g, map) {
                    proved += 1;
                    assert_eq!(
                        brute::arc_kayles(&g, brute::full_mask(&g)),
                        0,
                        "{g:?} {map:?}"
                    );
                }
            }
        }
    }
    assert!(proved > 100, "only {proved} graphs had a mirror strategy");
    for spec in [
        "grid:2x6",
        "grid:2x8",
        "grid:4x4",
        "cycle:12",
        "petersen:8,2",
        "petersen:10,2",
    ] {
        assert!(families::mirror_strategy(spec).unwrap().is_some(), "{spec}");
        let g = families::build(spec).unwrap();
        assert_eq!(arc::nimber(&g), Ok(0), "{spec}");
        assert_eq!(brute::arc_kayles(&g, brute::full_mask(&g)), 0, "{spec}");
    }
}
