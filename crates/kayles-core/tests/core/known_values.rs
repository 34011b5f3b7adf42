//! Published values: Dawson's chess, the 3 x n grid (A316632), queens (A344227),
//! generalized Petersen P(n,2) (A316533), linked 4-cycles (A316629), Arc Kayles on paths.

use kayles_core::{arc, families};
use kayles_core::{engine::SearchConfig, node::Solver};

fn terms(template: &str, range: std::ops::RangeInclusive<usize>, solver: &mut Solver) -> Vec<u32> {
    range
        .map(|n| {
            solver
                .nimber(&families::build(&families::term_spec(template, n)).unwrap())
                .unwrap()
        })
        .collect()
}

#[test]
fn published_sequences() {
    for config in [SearchConfig::default(), SearchConfig::plain()] {
        let s = &mut Solver::with_config(config);
        assert_eq!(
            terms("path", 0..=15, s),
            [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5]
        );
        assert_eq!(terms("grid:3xN", 1..=8, s), [2, 1, 1, 0, 3, 3, 2, 2]);
        assert_eq!(terms("queens", 1..=6, s), [1, 1, 2, 1, 3, 1]);
        assert_eq!(terms("petersen:N,2", 5..=12, s), [1, 0, 1, 0, 1, 0, 0, 0]);
        assert_eq!(
            terms("linked-c4", 1..=12, s),
            [0, 1, 3, 4, 2, 3, 1, 2, 0, 4, 6, 5]
        );
    }
}

/// The whole published b-files of A316632 (3 x n grid, n = 1..16) and A344227 (queens,
/// n = 0..13; here to n = 10), with the default engine.
#[test]
fn published_b_files() {
    let s = &mut Solver::new();
    assert_eq!(
        terms("grid:3xN", 1..=16, s),
        [2, 1, 1, 0, 3, 3, 2, 2, 2, 3, 3, 5, 2, 4, 1, 3]
    );
    assert_eq!(terms("queens", 1..=10, s), [1, 1, 2, 1, 3, 1, 2, 3, 1, 0]);
}

#[test]
fn arc_kayles_on_a_path_is_node_kayles_on_a_shorter_path() {
    let mut s = Solver::new();
    for n in 1..=40 {
        let node = s.nimber(&families::path(n - 1)).unwrap();
        assert_eq!(arc::nimber(&families::path(n)).unwrap(), node, "P_{n}");
    }
}

#[test]
fn the_table_reads_the_same_full_board_values() {
    let t =
        kayles_core::table::SubsetTable::compute(&families::build("grid:3x6").unwrap()).unwrap();
    assert_eq!(t.nimber((1 << 18) - 1), 3);
}
