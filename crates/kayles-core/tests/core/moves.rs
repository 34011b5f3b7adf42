//! The moves of a position (`kayles_core::moves`) against the definition: every move's
//! value on every graph up to 7 vertices (up to isomorphism) in both games, the winning
//! moves by outcome search exactly those to value 0, the engine's move legal and winning
//! whenever a move wins; the same on family boards searched under their host symmetry;
//! and the board coordinates.

use crate::exhaustive::all_graphs;
use kayles_core::board::{parse_cell, Board, CellError};
use kayles_core::canonical::{graph_code, Canonizer};
use kayles_core::engine::{MemoKey, Method, SearchConfig};
use kayles_core::game::GameSolver;
use kayles_core::moves::{self, legal_moves, playable_vertices, Move};
use kayles_core::{brute, families, GameKind, Graph, VertexSet};
use std::collections::HashSet;

/// Every graph on `n` vertices, one per canonical code (every isomorphism class).
fn classes(n: usize) -> Vec<Graph> {
    let mut canonizer = Canonizer::new();
    let mut seen = HashSet::new();
    all_graphs(n)
        .filter(|g| seen.insert(graph_code(&mut canonizer, g).expect("small graph")))
        .collect()
}

fn mask(set: &VertexSet) -> u128 {
    set.iter().fold(0, |m, v| m | 1 << v)
}

/// The moves of the definition: every vertex of `set`, or every edge inside it.
fn moves_by_definition(game: GameKind, g: &Graph, set: &VertexSet) -> Vec<Move> {
    match game {
        GameKind::Node => set.iter().map(Move::Vertex).collect(),
        GameKind::Arc => g
            .edges()
            .into_iter()
            .filter(|&(u, v)| set.contains(u) && set.contains(v))
            .map(|(u, v)| Move::edge(u, v))
            .collect(),
    }
}

/// Checks every function of `moves` on the position `set` of `g` against `brute`.
fn check_position(solver: &mut GameSolver, g: &Graph, set: &VertexSet) {
    let game = solver.game();
    let mut want_moves = moves_by_definition(game, g, set);
    want_moves.sort();
    let legal = legal_moves(game, g, set);
    assert_eq!(legal, want_moves, "{game} {g:?} {set:?}");
    let options = moves::values(solver, g, set).unwrap();
    assert_eq!(
        options.nimber,
        brute::value(game, g, mask(set)),
        "{game} {g:?} {set:?}"
    );
    assert_eq!(options.moves.len(), legal.len());
    for (option, &mv) in options.moves.iter().zip(&legal) {
        assert_eq!(option.mv, mv);
        assert!(mv.is_legal(g, set));
        let after = mv.after(g, set);
        // The position after the move, by definition.
        let mut want_after = set.clone();
        let gone = match mv {
            Move::Vertex(v) => g.closed_neighbourhood(v),
            Move::Edge(u, v) => VertexSet::from_vertices(g.order(), [u, v]),
        };
        for v in gone.iter() {
            want_after.remove(v);
        }
        assert_eq!(after, want_after);
        let want = brute::value(game, g, mask(&after));
        assert_eq!(option.value, want, "{game} {g:?} {set:?} {mv}");
        assert_eq!(option.wins(), want == 0);
    }
    let winning = moves::winning_moves(solver, g, set).unwrap();
    assert_eq!(
        winning,
        options.winning().collect::<Vec<_>>(),
        "{game} {g:?} {set:?}"
    );
    assert_eq!(
        moves::is_p_position(solver, g, set).unwrap(),
        options.nimber == 0
    );
    let choice = moves::engine_move(solver, g, set).unwrap();
    match choice {
        None => assert!(legal.is_empty()),
        Some(choice) => {
            assert!(choice.mv.is_legal(g, set));
            assert_eq!(choice.wins, !winning.is_empty(), "{game} {g:?} {set:?}");
            let room = |mv: Move| playable_vertices(game, g, &mv.after(g, set));
            let pool: Vec<Move> = if choice.wins {
                assert!(winning.contains(&choice.mv));
                winning.clone()
            } else {
                legal.clone()
            };
            // The longest rule: the most playable vertices left, ties to the lowest move.
            let best = pool.iter().map(|&mv| room(mv)).max().unwrap();
            let first = pool.iter().find(|&&mv| room(mv) == best).unwrap();
            assert_eq!(choice.mv, *first, "{game} {g:?} {set:?}");
        }
    }
}

#[test]
fn every_move_of_every_graph_up_to_7_vertices_against_the_definition() {
    let mut positions = 0;
    for n in 0..=7 {
        let graphs = classes(n);
        for game in GameKind::ALL {
            let config = SearchConfig {
                threads: 1,
                ..SearchConfig::default()
            };
            let mut solver = GameSolver::new(game, config);
            for g in &graphs {
                check_position(&mut solver, g, &g.vertices());
                positions += 1;
            }
        }
    }
    // 1 + 1 + 2 + 4 + 11 + 34 + 156 + 1044 classes (OEIS A000088), at least, in each game.
    assert!(positions >= 2 * 1253, "{positions}");
}

/// Every position (every starting subset) of every labelled graph up to 5 vertices, by
/// both methods: the moves of positions that are not whole graphs.
#[test]
fn every_subset_of_every_graph_up_to_5_vertices() {
    for game in GameKind::ALL {
        for method in Method::ALL {
            let config = SearchConfig {
                method,
                threads: 1,
                ..SearchConfig::default()
            };
            let mut solver = GameSolver::new(game, config);
            for n in 0..=5 {
                for g in all_graphs(n) {
                    for bits in 0..1u32 << n {
                        let set =
                            VertexSet::from_vertices(n, (0..n).filter(|v| bits >> v & 1 == 1));
                        check_position(&mut solver, &g, &set);
                    }
                }
            }
        }
    }
}

/// A game played by the engine against itself on a family board, the solver keyed by the
/// family's host symmetry (as `kayles moves` and `kayles play` set it up): every position
/// of the game checked against the definition.
#[test]
fn engine_games_on_boards_under_the_host_symmetry() {
    for spec in [
        "grid:3x4",
        "grid:2x5",
        "queens:4",
        "petersen:6,2",
        "cycle:9",
    ] {
        let g = families::build(spec).unwrap();
        for game in GameKind::ALL {
            let config = SearchConfig {
                memo_key: MemoKey::Symmetry,
                canonical_max_order: 0,
                ..SearchConfig::default()
            };
            let mut solver = GameSolver::new(game, config);
            solver.set_host_symmetry(families::host_symmetry(spec).unwrap());
            let mut set = g.vertices();
            let mut turns = 0;
            loop {
                check_position(&mut solver, &g, &set);
                let Some(choice) = moves::engine_move(&mut solver, &g, &set).unwrap() else {
                    break;
                };
                set = choice.mv.after(&g, &set);
                turns += 1;
            }
            assert!(turns > 0, "{spec} {game}");
            assert_eq!(brute::full_mask(&g).count_ones() as usize, g.order());
        }
    }
}

/// The engine wins what it can win: from the side that wins (first on an N-position,
/// second on a P-position), against every line of play of the other side, the engine makes
/// the last move.
#[test]
fn the_engine_wins_every_game_it_can_win() {
    let g = families::build("grid:3x3").unwrap();
    for game in GameKind::ALL {
        let mut solver = GameSolver::new(game, SearchConfig::default());
        let start = g.vertices();
        let engine_first = !moves::is_p_position(&mut solver, &g, &start).unwrap();
        // Every line of play of the opponent, depth first.
        let mut stack = vec![(start, engine_first)];
        let mut games = 0;
        while let Some((set, engine_to_move)) = stack.pop() {
            let legal = legal_moves(game, &g, &set);
            if legal.is_empty() {
                assert!(
                    !engine_to_move,
                    "{game}: the engine moved last, the opponent is stuck"
                );
                games += 1;
                continue;
            }
            if engine_to_move {
                let choice = moves::engine_move(&mut solver, &g, &set).unwrap().unwrap();
                assert!(choice.wins, "{game}: a winning engine keeps winning");
                stack.push((choice.mv.after(&g, &set), false));
            } else {
                for mv in legal {
                    stack.push((mv.after(&g, &set), true));
                }
            }
        }
        assert!(games > 1, "{game}");
    }
}

#[test]
fn board_coordinates() {
    for spec in ["grid:3x4", "grid:1x7", "grid:12x3", "queens:5", "queens:11"] {
        let board = Board::of_spec(spec).unwrap().unwrap();
        let g = families::build(spec).unwrap();
        assert_eq!(board.cells(), g.order());
        let mut labels = HashSet::new();
        for v in 0..g.order() {
            let label = board.label(v);
            assert_eq!(board.parse_label(&label), Ok(v), "{spec} {label}");
            assert_eq!(board.parse_label(&label.to_uppercase()), Ok(v));
            let (row, col) = board.cell(v);
            assert_eq!(v, (row - 1) * board.cols + (col - 1));
            assert!(labels.insert(label));
        }
        let off = format!("r{}c1", board.rows + 1);
        assert!(matches!(
            board.parse_label(&off),
            Err(CellError::OffBoard { .. })
        ));
        assert!(board.parse_label("r0c1").is_err());
        assert!(board
            .parse_label(&format!("r1c{}", board.cols + 1))
            .is_err());
    }
    // The grid's edges join cells one step apart in a row or a column.
    let board = Board { rows: 3, cols: 4 };
    let grid = families::build("grid:3x4").unwrap();
    for (u, v) in grid.edges() {
        let ((r1, c1), (r2, c2)) = (board.cell(u), board.cell(v));
        assert_eq!(r1.abs_diff(r2) + c1.abs_diff(c2), 1);
    }
    for bad in [
        "", "r", "c1", "r1", "r1c", "rxc1", "r1c1x", "1-2", "r-1c2", "r1 c2",
    ] {
        assert_eq!(parse_cell(bad), None, "{bad:?}");
    }
    for family in ["path:5", "petersen:5,2", "star:4", "complete:3"] {
        assert_eq!(Board::of_spec(family), Ok(None));
    }
    assert!(Board::of_spec("grid:3x").is_err());
}
