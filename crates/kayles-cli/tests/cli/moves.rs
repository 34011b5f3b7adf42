//! `kayles moves`, `kayles play`, `kayles wak --moves` and the pictures, end to end: every
//! value printed against the definition (`kayles_core::brute`), the winning moves exactly
//! those to 0, games against the engine driven through standard input, the SVG parsed as
//! XML, and bad input one line with status 2.

use super::{error, kayles, stdout};
use kayles_core::board::Board;
use kayles_core::moves::{legal_moves, Move};
use kayles_core::{brute, families, graph6, GameKind, Graph, VertexSet};
use serde_json::Value;

fn mask(set: &VertexSet) -> u128 {
    set.iter().fold(0, |m, v| m | 1 << v)
}

fn judge(game: GameKind, g: &Graph, set: &VertexSet) -> u32 {
    brute::value(game, g, mask(set))
}

fn parse_json_move(game: GameKind, value: &Value) -> Move {
    match game {
        GameKind::Node => Move::Vertex(value.as_u64().unwrap() as usize),
        GameKind::Arc => {
            let pair = value.as_array().unwrap();
            let (u, v) = (pair[0].as_u64().unwrap(), pair[1].as_u64().unwrap());
            assert!(u < v, "{value}");
            Move::Edge(u as usize, v as usize)
        }
    }
}

/// `kayles moves --json` on a graph, every value checked against the definition.
fn check_moves(spec: &str, game: GameKind) {
    let g = kayles_solve::graphs::parse(spec).unwrap();
    let board = Board::of_spec(spec).ok().flatten();
    let out = stdout(&["moves", "--json", "--game", game.name(), spec]);
    let object: Value = serde_json::from_str(out.trim()).unwrap();
    let full = g.vertices();
    assert_eq!(
        object["nimber"].as_u64().unwrap() as u32,
        judge(game, &g, &full),
        "{spec} {game}"
    );
    let moves = object["moves"].as_array().unwrap();
    let listed: Vec<Move> = moves
        .iter()
        .map(|m| parse_json_move(game, &m["move"]))
        .collect();
    assert_eq!(listed, legal_moves(game, &g, &full), "{spec} {game}");
    for (m, &mv) in moves.iter().zip(&listed) {
        let value = judge(game, &g, &mv.after(&g, &full));
        assert_eq!(
            m["value"].as_u64().unwrap() as u32,
            value,
            "{spec} {game} {mv}"
        );
        assert_eq!(m["wins"].as_bool().unwrap(), value == 0);
        match board {
            Some(board) => {
                let label: Vec<String> = mv.vertices().iter().map(|&v| board.label(v)).collect();
                assert_eq!(m["label"].as_str().unwrap(), label.join("-"));
            }
            None => assert!(m.get("label").is_none()),
        }
    }
    // --winning: exactly the moves to 0, and who wins.
    let out = stdout(&["moves", "--json", "--winning", "--game", game.name(), spec]);
    let object: Value = serde_json::from_str(out.trim()).unwrap();
    let winning: Vec<Move> = object["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            assert_eq!(m["value"], 0);
            assert_eq!(m["wins"], true);
            parse_json_move(game, &m["move"])
        })
        .collect();
    let want: Vec<Move> = listed
        .iter()
        .zip(moves)
        .filter(|(_, m)| m["value"] == 0)
        .map(|(&mv, _)| mv)
        .collect();
    assert_eq!(winning, want, "{spec} {game}");
    let outcome = if want.is_empty() { "P" } else { "N" };
    assert_eq!(object["outcome"], outcome);
    assert!(object.get("nimber").is_none());
}

#[test]
fn every_value_printed_is_the_definitions() {
    for spec in [
        "grid:3x4",
        "grid:2x5",
        "queens:4",
        "petersen:5,2",
        "path:7",
        "cycle:8",
        "star:5",
        "linked-c4:2",
        "Bw",
        "F?B~w",
    ] {
        for game in GameKind::ALL {
            check_moves(spec, game);
        }
    }
}

#[test]
fn plain_listing_graph6_on_stdin_and_after() {
    assert_eq!(
        stdout(&["moves", "path:5"]),
        "path:5: nimber 3, 5 moves, 1 wins\n0  2\n1  1\n2  0  wins\n3  1\n4  2\n"
    );
    // One object per graph6 line, in order.
    let out = kayles(&["moves", "--json", "-"], "Bw\nCF\n");
    let lines: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["nimber"], 1);
    assert_eq!(lines[0]["moves"].as_array().unwrap().len(), 3);
    // CF: the star K_{1,3}.
    let star = graph6::parse("CF").unwrap();
    assert_eq!(
        lines[1]["nimber"],
        judge(GameKind::Node, &star, &star.vertices())
    );
    // --after: the position after r1c1 on grid:3x4 (cells r1c1, r1c2, r2c1 gone).
    let out = stdout(&["moves", "--json", "--after", "r1c1", "grid:3x4"]);
    let object: Value = serde_json::from_str(out.trim()).unwrap();
    let g = families::build("grid:3x4").unwrap();
    let set = Move::Vertex(0).after(&g, &g.vertices());
    assert_eq!(object["nimber"], judge(GameKind::Node, &g, &set));
    let labels: Vec<&str> = object["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["label"].as_str().unwrap())
        .collect();
    assert_eq!(labels.len(), 9);
    assert!(!labels.contains(&"r1c2") && !labels.contains(&"r2c1"));
    // Weighted Arc-Kayles: every move's value by definition.
    let out = stdout(&[
        "wak",
        "--json",
        "--moves",
        "--weights",
        "3,2,5,1",
        "--edges",
        "0-1,1-2,2-2,2-3,0-0",
    ]);
    let object: Value = serde_json::from_str(out.trim()).unwrap();
    let g = wak_reduce::WeightedGraph::parse("3,2,5,1", "0-1,1-2,2-2,2-3,0-0").unwrap();
    assert_eq!(object["nimber"], wak_reduce::brute::nimber(&g));
    let moves = object["moves"].as_array().unwrap();
    assert_eq!(moves.len(), g.moves().len());
    for (m, mv) in moves.iter().zip(g.moves()) {
        let (a, b) = match mv {
            wak_reduce::Move::Edge(a, b) => (a, b),
            wak_reduce::Move::Loop(a) => (a, a),
        };
        assert_eq!(m["move"], serde_json::json!([a, b]));
        let value = wak_reduce::brute::nimber(&g.play(mv).unwrap());
        assert_eq!(m["value"], value);
        assert_eq!(m["wins"], value == 0);
    }
}

/// A transcript of `kayles play`: the moves in order, each with who made it.
fn transcript_moves(text: &str) -> Vec<(bool, String)> {
    text.lines()
        .flat_map(|line| line.split("your move> "))
        .filter_map(|part| {
            if let Some(mv) = part.strip_prefix("you play ") {
                Some((false, mv.trim().to_string()))
            } else {
                part.strip_prefix("engine plays ")
                    .map(|mv| (true, mv.trim().to_string()))
            }
        })
        .collect()
}

/// Replays a transcript: every move legal in turn, alternating, the first by `engine_first`;
/// returns whether the engine made the last move and the game is over.
fn replay(spec: &str, game: GameKind, text: &str, engine_first: bool) -> bool {
    let named = kayles_solve::graphs::Named::parse(spec).unwrap();
    let options = kayles_solve::config::SearchOptions::default();
    let mut state = kayles_solve::moves::GameState::new(named, game, &options);
    let moves = transcript_moves(text);
    assert!(!moves.is_empty(), "{spec}: {text}");
    for (i, (by_engine, mv)) in moves.iter().enumerate() {
        assert_eq!(*by_engine, (i % 2 == 0) == engine_first, "{spec}: turn {i}");
        state
            .play_text(mv)
            .unwrap_or_else(|e| panic!("{spec}: move {mv} illegal: {e}\n{text}"));
    }
    assert!(state.is_over(), "{spec}: the game ended early\n{text}");
    moves.last().unwrap().0
}

/// A script that tries every vertex (or every edge) in order, over and over: each either
/// is played or gets a one-line reason and the prompt again.
fn script(g: &Graph, game: GameKind, rounds: usize) -> String {
    let all: Vec<String> = match game {
        GameKind::Node => (0..g.order()).map(|v| v.to_string()).collect(),
        GameKind::Arc => g.edges().iter().map(|(u, v)| format!("{u}-{v}")).collect(),
    };
    let mut text = String::new();
    for _ in 0..rounds {
        for mv in &all {
            text.push_str(mv);
            text.push('\n');
        }
    }
    text
}

#[test]
fn the_engine_wins_from_p_positions_moving_second() {
    // P-positions among family graphs and small graph6 graphs, in both games.
    let mut played = 0;
    let candidates = [
        "grid:3x4",
        "path:4",
        "grid:2x2",
        "cycle:6",
        "petersen:5,2",
        "star:3",
        "Bw",
        "CF",
        "DQw",
        "E?bw",
        "F?B~w",
        "FCZbg",
    ];
    for spec in candidates {
        let g = kayles_solve::graphs::parse(spec).unwrap();
        for game in GameKind::ALL {
            if judge(game, &g, &g.vertices()) != 0 {
                continue;
            }
            let input = script(&g, game, g.order() + 1);
            let out = kayles(&["play", "--first", "--game", game.name(), spec], &input);
            let text = String::from_utf8(out.stdout).unwrap();
            assert!(out.status.success(), "{spec} {game}");
            assert!(
                text.contains("no move left: you cannot move: the engine wins"),
                "{spec} {game}: the engine lost\n{text}"
            );
            assert!(replay(spec, game, &text, false), "{spec} {game}");
            played += 1;
        }
    }
    assert!(played >= 8, "{played} games");
    // And from an N-position the engine moving first wins (--second: you move second).
    for (spec, game) in [("grid:3x5", GameKind::Node), ("path:6", GameKind::Arc)] {
        let g = kayles_solve::graphs::parse(spec).unwrap();
        assert_ne!(judge(game, &g, &g.vertices()), 0);
        let input = script(&g, game, g.order() + 1);
        let out = kayles(&["play", "--second", "--game", game.name(), spec], &input);
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.contains("the engine wins"), "{spec} {game}\n{text}");
        assert!(replay(spec, game, &text, true));
    }
}

#[test]
fn play_explains_bad_moves_and_quits() {
    let out = kayles(
        &["play", "grid:3x4"],
        "r1c1\nzz\nr1c2\nr9c9\n0-1\n12\nq\nr2c2\n",
    );
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for reason in [
        "'zz' is not a move: type a cell like r1c2 or a vertex number 0..11",
        "r1c2 is gone (an earlier move removed it)",
        "r9c9 is not on the 3x4 board (rows 1..3, columns 1..4)",
        "r1c1-r1c2 is an edge, but a move of Node Kayles is a vertex",
        "vertex 12 is not in the graph (its vertices are 0..11)",
    ] {
        let lines: Vec<&str> = text.lines().filter(|l| l.contains(reason)).collect();
        assert_eq!(lines.len(), 1, "{reason}\n{text}");
        assert!(
            lines[0].starts_with("your move> "),
            "the prompt again: {text}"
        );
    }
    // q quits: r2c2 after it is never read.
    assert!(!text.contains("you play r2c2"));
    assert!(text.trim_end().ends_with("bye"), "{text}");
    // The board is drawn as a board.
    assert!(text.contains("   c1 c2 c3 c4\nr1  .  .  .  .\n"), "{text}");
    assert!(
        text.contains("r1  X  -  .  .") || text.contains("r1  X  -  O"),
        "{text}"
    );
    // Arc Kayles on a graph: the vertices and the edges left; end of input quits.
    let out = kayles(&["play", "--game", "arc", "path:4"], "3\n1-3\n");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success());
    assert!(text.contains("vertices left: 0 1 2 3\nedges left: 0-1 1-2 2-3\n"));
    assert!(text.contains("3 is a vertex, but a move of Arc Kayles is an edge u-v"));
    assert!(text.contains("1-3 is not an edge of the graph"));
    assert!(text.trim_end().ends_with("bye"));
}

#[test]
fn self_play_is_a_perfect_game() {
    for (spec, game) in [
        ("grid:3x4", GameKind::Node),
        ("grid:3x5", GameKind::Node),
        ("queens:4", GameKind::Node),
        ("grid:3x3", GameKind::Arc),
        ("petersen:5,2", GameKind::Arc),
    ] {
        let text = stdout(&["play", "--self", "--game", game.name(), spec]);
        let lines: Vec<&str> = text.lines().collect();
        let moves = &lines[1..lines.len() - 1];
        let g = kayles_solve::graphs::parse(spec).unwrap();
        let first_wins = judge(game, &g, &g.vertices()) != 0;
        let named = kayles_solve::graphs::Named::parse(spec).unwrap();
        let mut state = kayles_solve::moves::GameState::new(named, game, &Default::default());
        for (i, line) in moves.iter().enumerate() {
            let parts: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(parts[0], format!("{}.", i + 1), "{line}");
            assert_eq!(parts[1], ["first", "second"][i % 2]);
            state.play_text(parts[2]).unwrap();
            // The side that wins plays winning moves throughout, the other never can.
            let winner_to_move = (i % 2 == 0) == first_wins;
            assert_eq!(parts[3] == "wins", winner_to_move, "{spec} {game}: {line}");
        }
        assert!(state.is_over());
        let winner = if moves.len() % 2 == 1 {
            "first"
        } else {
            "second"
        };
        assert_eq!(winner == "first", first_wins, "{spec} {game}");
        assert_eq!(
            *lines.last().unwrap(),
            format!(
                "the {} player cannot move: the {winner} player wins after {} moves",
                if winner == "first" { "second" } else { "first" },
                moves.len()
            )
        );
    }
}

/// The texts of an SVG document (it must parse as XML).
fn svg_texts(path: &std::path::Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap_or_else(|e| panic!("not XML: {e}"));
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    doc.descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| n.text().unwrap_or("").trim().to_string())
        .collect()
}

#[test]
fn pictures_are_xml_and_name_every_cell() {
    let dir = std::env::temp_dir().join(format!("kayles-pictures-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cases: [(&[&str], &str); 7] = [
        (&["grid:3x5"], "grid:3x5"),
        (&["queens:5"], "queens:5"),
        (&["--game", "arc", "grid:3x4"], "grid:3x4"),
        (&["--winning", "--after", "r1c1", "grid:4x5"], "grid:4x5"),
        (&["petersen:5,2"], "petersen:5,2"),
        (&["--game", "arc", "cycle:7"], "cycle:7"),
        (&["--game", "arc", "queens:3"], "queens:3"),
    ];
    for (i, (args, spec)) in cases.iter().enumerate() {
        let path = dir.join(format!("{i}.svg"));
        let mut full = vec!["moves", "--svg", path.to_str().unwrap()];
        full.extend_from_slice(args);
        stdout(&full);
        let texts = svg_texts(&path);
        let g = kayles_solve::graphs::parse(spec).unwrap();
        let names: Vec<String> = match Board::of_spec(spec).unwrap() {
            Some(board) => (0..g.order()).map(|v| board.label(v)).collect(),
            None => (0..g.order()).map(|v| v.to_string()).collect(),
        };
        for name in names {
            assert!(texts.contains(&name), "{spec}: {name} is not named");
        }
        assert!(texts.iter().any(|t| t.contains(spec)), "{spec}: the title");
    }
    // A heat map shows every cell's value: on grid:3x5 the one winning cell is r2c3.
    let texts = svg_texts(&dir.join("0.svg"));
    let zeros = texts.iter().filter(|t| *t == "0").count();
    assert_eq!(zeros, 1, "{texts:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_moves_and_oversized_drawings_are_one_line_and_status_2() {
    let svg = std::env::temp_dir().join(format!("kayles-bad-{}.svg", std::process::id()));
    let svg = svg.to_str().unwrap();
    for (args, message) in [
        (
            vec!["moves", "--after", "r1c1,r1c2", "grid:3x4"],
            "--after: move 2 of the list: r1c2 is gone (an earlier move removed it)",
        ),
        (
            vec!["moves", "--after", "r9c9", "grid:3x4"],
            "r9c9 is not on the 3x4 board",
        ),
        (
            vec!["moves", "--after", "r1c1", "path:5"],
            "r1c1: cells name the vertices of grid and queens boards only",
        ),
        (
            vec!["moves", "--after", "0-2", "--game", "arc", "path:5"],
            "0-2 is not an edge of the graph",
        ),
        (vec!["moves", "--after", "x", "Bw"], "'x' is not a move"),
        (
            vec!["moves", "--svg", svg, "grid:40x40"],
            "too big for a board picture",
        ),
        (
            vec!["moves", "--svg", svg, "path:80"],
            "too big for a drawing",
        ),
        (
            vec!["moves", "--svg", svg, "path:3", "path:4"],
            "--svg takes one GRAPH",
        ),
        (vec!["play", "grid:3x50"], "too big to draw as a board"),
        (vec!["play", "-"], "play reads its moves on standard input"),
        (vec!["play", "cube:3"], "unknown family 'cube'"),
        (
            vec!["--json", "play", "path:3"],
            "play has no --json output",
        ),
        (
            vec!["play", "--self", "--first", "path:3"],
            "cannot be used with",
        ),
    ] {
        let err = error(&args, "");
        assert!(err.contains(message), "{args:?}: {err}");
    }
    assert!(!std::path::Path::new(svg).exists(), "nothing written");
}
