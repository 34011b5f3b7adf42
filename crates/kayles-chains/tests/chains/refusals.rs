//! Chains that do not split are refused with a move that joins the two sides.

use kayles_chains::derive::{self, DeriveError};
use kayles_chains::spec;
use kayles_core::GameKind;

fn refusal(text: &str, game: GameKind) -> (String, String) {
    match derive::derive(&spec::parse(text).unwrap(), game) {
        Err(DeriveError::NotSplit { mv, path, .. }) => (mv, path),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[test]
fn the_3_by_n_grid_as_a_chain_of_columns_is_refused() {
    let grid = "[gadget]\norder = 3\nedges = [[0, 1], [1, 2]]\nlinks = [[0, 0, 1], [1, 1, 1], [2, 2, 1]]\n";
    let (mv, path) = refusal(grid, GameKind::Node);
    // Playing the top vertex leaves the bottom row running through the column.
    assert_eq!(mv, "vertex 0 of copy i (any middle copy i)");
    assert!(path.contains("vertex 2 of copy i "), "{path}");
    let e = derive::derive(&spec::parse(grid).unwrap(), GameKind::Node).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("the chain does not split under node Kayles"),
        "{e}"
    );
}

#[test]
fn chains_that_split_under_one_game_only() {
    // Linked 4-cycles split under Node Kayles but not under Arc Kayles (playing v_i w_i
    // leaves u_i joining u_(i-1) to u_(i+1)); the same for ladders.
    let c4 = std::fs::read_to_string(crate::common::dir().join("linked-c4.toml")).unwrap();
    assert!(derive::derive(&spec::parse(&c4).unwrap(), GameKind::Node).is_ok());
    let (mv, _) = refusal(&c4, GameKind::Arc);
    assert!(mv.starts_with("edge 1-2"), "{mv}");
    let ladder = std::fs::read_to_string(crate::common::dir().join("ladder.toml")).unwrap();
    let (mv, path) = refusal(&ladder, GameKind::Arc);
    assert!(
        mv.starts_with("edge 0-1") || mv.starts_with("link"),
        "{mv}: {path}"
    );
}

#[test]
fn a_link_reaching_over_the_deleted_copies_joins_them() {
    // K1 with links of reach 1 and 4: N[v] covers copies i-4..i+4 but i-3 ~ i+1? no:
    // i-2 ~ i+2 (reach 4) survives.
    let text = "[gadget]\norder = 1\nlinks = [[0, 0, 1], [0, 0, 4]]\n";
    let (_, path) = refusal(text, GameKind::Node);
    assert!(
        path.contains("copy i-2") && path.contains("copy i+2"),
        "{path}"
    );
}
