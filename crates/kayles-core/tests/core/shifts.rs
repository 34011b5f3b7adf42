//! Neighbourhoods of sets by word shifts (`Host::neighbours_of_set`, `degree_slices`), on
//! hosts with few edge offsets: against the plain union of open neighbourhoods and the
//! degree counted vertex by vertex, on random graphs whose edges take at most four
//! offsets (grids numbered row by row are such graphs), one and two words wide; the twin
//! squares by shifts (`Host::twin_squares_by_shifts`) against the pairs found vertex by
//! vertex; the centre-first order by bit-sliced distances (`arc::centre_first_order`)
//! against the one by a distance per vertex and a sort; and the search on them against
//! the definition.

use kayles_core::bits::Bits;
use kayles_core::vertex_game::{Host, MAX_SHIFT_OFFSETS};
use kayles_core::{arc, brute, families, node, Graph};
use quickcheck::{Arbitrary, Gen};

/// A random graph on `n` vertices whose edges `u (u + d)` take at most `offsets`
/// distinct offsets `d`.
fn few_offsets(g: &mut Gen, n: usize, offsets: usize, density: u8) -> Graph {
    let mut graph = Graph::new(n);
    if n < 2 {
        return graph;
    }
    let ds: Vec<usize> = (0..offsets)
        .map(|_| 1 + usize::arbitrary(g) % (n - 1))
        .collect();
    for &d in &ds {
        for u in 0..n - d {
            if u8::arbitrary(g) % 100 < density {
                graph.add_edge(u, u + d);
            }
        }
    }
    graph
}

/// `neighbours_of_set` and `degree_slices` against the vertex-by-vertex answers, and
/// the components by shifts against the graph's own, on `sets`.
fn agrees<S: Bits>(g: &Graph, sets: &[S]) -> bool {
    let host = Host::<S>::new(g);
    for &set in sets {
        let union = set
            .iter()
            .fold(S::empty(), |acc, v| acc.union(host.open[v]));
        if host.neighbours_of_set(set) != union {
            return false;
        }
        if let Some(slices) = host.degree_slices(set) {
            for d in 0..16 {
                let of = Host::of_degree(set, &slices, d);
                if set
                    .iter()
                    .any(|v| (host.degree_in(v, set) == d) != of.contains(v))
                {
                    return false;
                }
            }
        }
        let mut pieces = Vec::new();
        host.split_into(set, &mut pieces, |_| true);
        let words = |p: &S| (0..S::WORDS).map(|i| p.word(i)).collect::<Vec<_>>();
        let mut ours: Vec<Vec<u64>> = pieces.iter().map(words).collect();
        let set_words = words(&set);
        let subset = kayles_core::VertexSet::from_vertices(
            g.order(),
            (0..g.order()).filter(|&v| set_words[v / 64] >> (v % 64) & 1 == 1),
        );
        let mut theirs: Vec<Vec<u64>> = g
            .components(&subset)
            .iter()
            .map(|c| {
                words(&S::from_words(&c.iter().fold(
                    vec![0u64; S::WORDS],
                    |mut w, v| {
                        w[v / 64] |= 1 << (v % 64);
                        w
                    },
                )))
            })
            .collect();
        ours.sort();
        theirs.sort();
        if ours != theirs {
            return false;
        }
    }
    true
}

/// The twin squares of `set` found vertex by vertex: every pair `a < b` of vertices of
/// degree 2 inside `set` with the same two neighbours `c < d`, as `[a, b, c, d]`, by
/// increasing `a`; and whether some vertex of degree 2 has two twins or more.
fn plain_twin_squares<S: Bits>(host: &Host<S>, set: S) -> (Vec<[u32; 4]>, bool) {
    let ends = |v: usize| -> Vec<usize> { host.open[v].intersection(set).iter().collect() };
    let two: Vec<usize> = set.iter().filter(|&v| ends(v).len() == 2).collect();
    let mut squares = Vec::new();
    let mut several = false;
    for &a in &two {
        let twins: Vec<usize> = two
            .iter()
            .copied()
            .filter(|&b| b != a && ends(b) == ends(a))
            .collect();
        several |= twins.len() > 1;
        if let Some(&b) = twins.iter().find(|&&b| b > a) {
            let cd = ends(a);
            squares.push([a as u32, b as u32, cd[0] as u32, cd[1] as u32]);
        }
    }
    (squares, several)
}

/// `twin_squares_by_shifts` against [`plain_twin_squares`] on `sets`, capped at `max`
/// squares: the same squares when it answers, and no answer only when a vertex has
/// several twins (or the host has no word shifts).
fn twin_squares_agree<S: Bits>(g: &Graph, sets: &[S], max: usize) -> bool {
    let host = Host::<S>::new(g);
    let mut out = Vec::new();
    for &set in sets {
        let degree_two = set.iter().fold(S::empty(), |mut acc, v| {
            if host.degree_in(v, set) == 2 {
                acc.insert(v);
            }
            acc
        });
        let (mut plain, several) = plain_twin_squares(&host, set);
        plain.truncate(max);
        match host.twin_squares_by_shifts(set, degree_two, max, &mut out) {
            Some(()) => {
                if several || out != plain {
                    return false;
                }
            }
            None => {
                if host.by_shifts() && !several {
                    return false;
                }
            }
        }
    }
    true
}

/// Random subsets of the first `n` vertices, one or two words.
fn random_sets<S: Bits>(g: &mut Gen, n: usize, count: usize) -> Vec<S> {
    let mut sets = vec![S::prefix(n)];
    for _ in 0..count {
        let words: Vec<u64> = (0..S::WORDS)
            .map(|_| u64::arbitrary(g) | u64::arbitrary(g))
            .collect();
        sets.push(S::from_words(&words).intersection(S::prefix(n)));
    }
    sets
}

/// A graph with few offsets on up to 64 vertices and one on 65 to 128, each with random
/// vertex sets to ask about.
#[derive(Clone, Debug)]
struct Case {
    narrow: (Graph, Vec<u64>),
    wide: (Graph, Vec<u128>),
}

impl Arbitrary for Case {
    fn arbitrary(g: &mut Gen) -> Self {
        let offsets = 1 + usize::arbitrary(g) % MAX_SHIFT_OFFSETS;
        let density = [30u8, 60, 90][usize::arbitrary(g) % 3];
        let n = 2 + usize::arbitrary(g) % 63;
        let narrow = (few_offsets(g, n, offsets, density), random_sets(g, n, 8));
        let n = 65 + usize::arbitrary(g) % 64;
        let wide = (few_offsets(g, n, offsets, density), random_sets(g, n, 8));
        Case { narrow, wide }
    }
}

#[test]
fn neighbourhoods_by_shifts_equal_the_plain_union() {
    fn prop(case: Case) -> bool {
        let (small, sets) = &case.narrow;
        let (wide, wide_sets) = &case.wide;
        agrees(small, sets)
            && (Host::<u64>::new(small).by_shifts() || small.size() == 0)
            && agrees(wide, wide_sets)
            && (Host::<u128>::new(wide).by_shifts() || wide.size() == 0)
    }
    crate::arbitrary::check(300, prop as fn(Case) -> bool);
}

#[test]
fn twin_squares_by_shifts_equal_those_found_vertex_by_vertex() {
    fn prop(case: Case) -> bool {
        let (small, sets) = &case.narrow;
        let (wide, wide_sets) = &case.wide;
        twin_squares_agree(small, sets, usize::MAX)
            && twin_squares_agree(small, sets, 2)
            && twin_squares_agree(wide, wide_sets, usize::MAX)
            && twin_squares_agree(wide, wide_sets, 3)
    }
    crate::arbitrary::check(300, prop as fn(Case) -> bool);
}

/// On grids (where squares are common: random regions of a board), including boards of
/// three columns, where one offset is the sum of two others' differences.
#[test]
fn twin_squares_by_shifts_on_grid_regions() {
    let mut g = Gen::new(100);
    let mut found = 0;
    for spec in ["grid:5x8", "grid:3x3", "grid:4x3", "grid:2x9", "grid:6x10"] {
        let grid = families::build(spec).unwrap();
        let n = grid.order();
        let sets: Vec<u64> = random_sets(&mut g, n, 200);
        assert!(twin_squares_agree(&grid, &sets, usize::MAX), "{spec}");
        assert!(twin_squares_agree(&grid, &sets, 16), "{spec}");
        let host = Host::<u64>::new(&grid);
        found += sets
            .iter()
            .map(|&s| plain_twin_squares(&host, s).0.len())
            .sum::<usize>();
    }
    // The test sees squares, not only empty answers.
    assert!(found > 100, "{found}");
    let grid = families::build("grid:9x9").unwrap();
    let sets: Vec<u128> = random_sets(&mut g, 81, 200);
    assert!(twin_squares_agree(&grid, &sets, usize::MAX));
}

/// Hosts with more offsets, and grids, take the path they should.
#[test]
fn grids_go_by_shifts_and_dense_graphs_do_not() {
    let grid = families::build("grid:5x9").unwrap();
    assert!(Host::<u64>::new(&grid).by_shifts());
    assert!(Host::<u128>::new(&families::build("grid:9x9").unwrap()).by_shifts());
    let queens = families::build("queens:5").unwrap();
    assert!(!Host::<u64>::new(&queens).by_shifts());
    let mut g = Gen::new(100);
    let sets = random_sets::<u64>(&mut g, 25, 30);
    assert!(agrees(&queens, &sets));
    assert!(agrees(&grid, &random_sets::<u64>(&mut g, 45, 30)));
}

/// Arc and Node Kayles on random graphs with few offsets (the search splits, prepares
/// moves and finds twin squares by shifts there) against the definition.
#[test]
fn search_on_few_offset_graphs_equals_the_definition() {
    #[derive(Clone, Debug)]
    struct Small(Graph);
    impl Arbitrary for Small {
        fn arbitrary(g: &mut Gen) -> Self {
            let n = 2 + usize::arbitrary(g) % 13;
            let offsets = 1 + usize::arbitrary(g) % MAX_SHIFT_OFFSETS;
            let density = [50u8, 75, 100][usize::arbitrary(g) % 3];
            Small(few_offsets(g, n, offsets, density))
        }
    }
    fn prop(small: Small) -> bool {
        let graph = small.0;
        let full = brute::full_mask(&graph);
        arc::nimber(&graph) == Ok(brute::arc_kayles(&graph, full))
            && node::Solver::new().nimber(&graph) == Ok(brute::node_kayles(&graph, full))
    }
    crate::arbitrary::check(200, prop as fn(Small) -> bool);
}

/// The centre-first order of every component of `sets` by bit-sliced distances against
/// the order by a distance per vertex and a sort; how many components were compared.
fn centre_first_agrees<S: Bits>(g: &Graph, sets: &[S]) -> Result<usize, String> {
    let host = Host::<S>::new(g);
    let mut compared = 0;
    for &set in sets {
        let mut pieces = Vec::new();
        host.split_into(set, &mut pieces, |_| true);
        for piece in pieces {
            let sliced = arc::centre_first_order(&host, piece, false);
            let plain = arc::centre_first_order(&host, piece, true);
            if sliced != plain {
                return Err(format!("{piece:?}: {sliced:?} against {plain:?}"));
            }
            if sliced.len() != piece.count() as usize {
                return Err(format!("{piece:?}: {sliced:?} is not the component"));
            }
            compared += 1;
        }
    }
    Ok(compared)
}

#[test]
fn centre_first_by_slices_equals_the_order_by_sorted_distances() {
    fn prop(case: Case) -> bool {
        let (small, sets) = &case.narrow;
        let (wide, wide_sets) = &case.wide;
        centre_first_agrees(small, sets).is_ok() && centre_first_agrees(wide, wide_sets).is_ok()
    }
    crate::arbitrary::check(300, prop as fn(Case) -> bool);
}

/// On grids: whole rectangles (3 x 16 and 9 x 14 reach distances of 17 and 21, five bit
/// planes) and random regions of them.
#[test]
fn centre_first_by_slices_on_grid_regions() {
    let mut g = Gen::new(100);
    let mut compared = 0;
    for spec in [
        "grid:5x8",
        "grid:4x11",
        "grid:3x16",
        "grid:6x7",
        "grid:2x30",
        "grid:1x64",
    ] {
        let grid = families::build(spec).unwrap();
        let n = grid.order();
        let mut sets: Vec<u64> = random_sets(&mut g, n, 300);
        // Denser regions too (fewer holes: long components).
        sets.extend(
            random_sets::<u64>(&mut g, n, 300)
                .chunks(2)
                .map(|w| w[0] | w.get(1).copied().unwrap_or(0)),
        );
        compared += centre_first_agrees(&grid, &sets).unwrap_or_else(|e| panic!("{spec}: {e}"));
    }
    for spec in ["grid:9x14", "grid:3x40", "grid:2x64"] {
        let grid = families::build(spec).unwrap();
        let sets: Vec<u128> = random_sets(&mut g, grid.order(), 200);
        compared += centre_first_agrees(&grid, &sets).unwrap_or_else(|e| panic!("{spec}: {e}"));
    }
    assert!(compared > 1000, "{compared}");
    // The sliced order is the one the search takes on a grid (it goes by shifts), and it
    // puts the centre first on a rectangle: on 3 x 15 the centre cell, then the rest of
    // columns 6 to 8.
    let grid = families::build("grid:3x15").unwrap();
    let host = Host::<u64>::new(&grid);
    assert!(host.by_shifts());
    let order = arc::centre_first_order(&host, u64::prefix(45), false);
    assert_eq!(order[0], 22);
    let mut ring: Vec<u32> = order[..9].to_vec();
    ring.sort_unstable();
    assert_eq!(ring, [6, 7, 8, 21, 22, 23, 36, 37, 38]);
}

/// `Host::centre` on grid rectangles: the middle cell (or cells) of least eccentricity,
/// every vertex ranked by distance from them, and near square as `4 n >= diameter^2`.
#[test]
fn host_centres_of_grid_rectangles() {
    for (rows, cols, centre, near_square) in [
        (5, 7, vec![17], true),
        (4, 9, vec![13, 22], true),
        (3, 9, vec![13], true),
        (3, 10, vec![14, 15], false),
        (3, 15, vec![22], false),
        (6, 7, vec![17, 24], true),
    ] {
        let grid = families::build(&format!("grid:{rows}x{cols}")).unwrap();
        let host = Host::<u64>::new(&grid);
        let found = host.centre();
        assert_eq!(
            found.centre.iter().collect::<Vec<_>>(),
            centre,
            "{rows} x {cols}"
        );
        assert_eq!(found.near_square, near_square, "{rows} x {cols}");
        // Ranked by grid distance from the nearest centre cell, then by number.
        let distance = |v: u32| {
            let (r, c) = (v as i64 / cols as i64, v as i64 % cols as i64);
            centre
                .iter()
                .map(|&w| {
                    let (wr, wc) = (w as i64 / cols as i64, w as i64 % cols as i64);
                    (r - wr).abs() + (c - wc).abs()
                })
                .min()
                .unwrap()
        };
        let mut expected: Vec<u32> = (0..(rows * cols) as u32).collect();
        expected.sort_by_key(|&v| (distance(v), v));
        assert_eq!(found.order, expected, "{rows} x {cols}");
    }
}
