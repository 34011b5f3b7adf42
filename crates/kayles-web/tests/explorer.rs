//! The web explorer's game in native Rust (`kayles_web::Explorer`, what the wasm worker
//! runs): values against the games' definitions (`kayles_core::brute`), move names and
//! their parsing, undo and redo, the engine's reply, and the page's size limit and
//! messages. The wasm build itself is compared with the native engine by
//! `tests/wasm_vs_native.mjs` (Node.js) and in a browser by `tests/browser.mjs`.

use kayles_core::brute;
use kayles_core::moves::Move;
use kayles_core::{graph6, GameKind};
use kayles_web::{parse_game, parse_graph, Explorer};

/// Every graph on 6 vertices (the fixtures), both games: the explorer's nimber and every
/// move's value agree with the definitions.
#[test]
fn values_agree_with_the_definitions_on_every_graph_of_six_vertices() {
    let root = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/graphs/graphs-n6.g6"
    );
    let text = std::fs::read_to_string(root).unwrap();
    let mut checked = 0;
    for line in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let g = graph6::parse(line).unwrap();
        for game in [GameKind::Node, GameKind::Arc] {
            let judge = |set: u128| brute::value(game, &g, set);
            let mut explorer = Explorer::new(line, game).unwrap();
            let options = explorer.values().unwrap();
            assert_eq!(
                options.nimber,
                judge(brute::full_mask(&g)),
                "{line} {game:?}"
            );
            for m in &options.moves {
                let after = m.mv.after(&g, &g.vertices());
                let mask = after.iter().fold(0u128, |acc, v| acc | 1 << v);
                assert_eq!(m.value, judge(mask), "{line} {game:?} {:?}", m.mv);
            }
            assert_eq!(explorer.nimber().unwrap(), options.nimber);
            checked += 1;
        }
    }
    assert_eq!(checked, 2 * 156);
}

/// A whole game against the engine on a board: names read back, undo and redo restore
/// the position, the player who moves last wins, the engine wins from a winning start.
#[test]
fn a_game_on_a_board_with_undo_and_redo() {
    let mut explorer = Explorer::new("grid:3x4", GameKind::Arc).unwrap();
    assert!(explorer.board().is_some());
    let start = explorer.values().unwrap();
    assert_eq!(
        explorer.name(Move::Edge(0, 1)),
        "r1c1-r1c2",
        "named as `kayles moves` names it"
    );
    assert_eq!(explorer.parse_move("r1c1-r1c2").unwrap(), Move::Edge(0, 1));
    assert_eq!(explorer.parse_move("1-0").unwrap(), Move::Edge(0, 1));
    explorer.play(Move::Edge(0, 1)).unwrap();
    assert_eq!(
        explorer.parse_move("r1c2-r1c3").unwrap_err(),
        "r1c2-r1c3: r1c2 is gone (an earlier move removed it)"
    );
    assert!(explorer.undo());
    assert_eq!(explorer.values().unwrap(), start);
    assert!(explorer.redo());
    assert!(!explorer.redo());
    // Play to the end: the engine against itself, each move its choice.
    let mut plies = 1;
    while let Some(choice) = explorer.engine_move().unwrap() {
        let before = explorer.nimber().unwrap();
        assert_eq!(
            choice.wins,
            before != 0,
            "the engine wins exactly from an N-position"
        );
        explorer.play(choice.mv).unwrap();
        plies += 1;
    }
    assert!(explorer.legal_moves().is_empty());
    assert_eq!(explorer.history().len(), plies);
    // The list of the URL replays the game.
    let list: Vec<String> = explorer
        .history()
        .iter()
        .map(|&m| explorer.name(m))
        .collect();
    let mut again = Explorer::new("grid:3x4", GameKind::Arc).unwrap();
    again.play_list(&list.join(",")).unwrap();
    assert_eq!(again.position(), explorer.position());
}

/// The page's limits and its one-line messages.
#[test]
fn bad_input_gets_one_line_messages() {
    let err = |spec: &str| parse_graph(spec).unwrap_err();
    assert_eq!(
        err("queens:12"),
        "queens:12 has 144 vertices; the page takes at most 128 (use the kayles command for larger graphs)"
    );
    assert!(err("complete:70").contains("2415 edges; the page takes at most 2048"));
    assert!(err("cube:3").starts_with("unknown family 'cube'"));
    assert!(err("B!").starts_with("graph6: "));
    assert_eq!(
        err("  "),
        "no graph: pick a family or paste a graph6 string"
    );
    assert!(err("path:99999999999999999999").contains("path:"));
    assert_eq!(
        parse_game("hex").unwrap_err(),
        "unknown game 'hex' (node or arc)"
    );
    assert_eq!(parse_graph("queens:8").unwrap().order(), 64);
    let mut explorer = Explorer::new("petersen:5,2", GameKind::Node).unwrap();
    assert_eq!(
        explorer.parse_move("10").unwrap_err(),
        "vertex 10 is not in the graph (its vertices are 0..9)"
    );
    assert_eq!(
        explorer.parse_move("r1c1").unwrap_err(),
        "r1c1: cells name the vertices of grid and queens boards only; this graph's vertices are numbers"
    );
    assert_eq!(
        explorer.parse_move("x").unwrap_err(),
        "'x' is not a move: type a vertex number 0..9"
    );
    assert_eq!(
        explorer.parse_move("0-1").unwrap_err(),
        "0-1 is an edge, but a move of Node Kayles is a vertex"
    );
    assert_eq!(
        explorer.play_list("0,1").unwrap_err(),
        "move 2 of the list: 1 is gone (an earlier move removed it)"
    );
    for message in [err("queens:12"), err("B!"), err("cube:3")] {
        assert!(!message.contains('\n'), "{message}");
    }
}
