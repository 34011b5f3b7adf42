//! `kayles moves`: every move of each GRAPH with the nimber of the position after it, the
//! winning moves (to value 0) marked, and the position's own value; `--winning` for the
//! winning moves alone (by outcome search, no option's nimber computed); `--after` to start
//! from a position reached by some moves; `--svg` for a picture.

use crate::flags::{self, MethodFlag, SearchFlags};
use crate::output::Output;
use crate::picture::{self, Scene};
use crate::progress;
use anyhow::{bail, Result};
use kayles_core::moves::Move;
use kayles_core::GameKind;
use kayles_solve::graphs;
use kayles_solve::moves::GameState;
use serde::Serialize;
use serde_json::{json, Value};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Graphs: graph6 strings, family specs, or `-` for graph6 lines on stdin. On the grid
    /// and queens boards moves are named by cell, `r2c3` (row 2, column 3, from 1 at the
    /// top left: vertex (r-1)*C + (c-1)); elsewhere by vertex number.
    #[arg(required = true, value_name = "GRAPH")]
    graphs: Vec<String>,
    /// The game: a move is a vertex (node) or an edge u-v, u < v (arc).
    #[arg(long, value_parser = flags::game(), default_value = "node")]
    game: GameKind,
    /// Only the winning moves (to a position of value 0), each option searched only until
    /// it is known not to win; the position's value is not computed, only whether the
    /// player to move wins.
    #[arg(long)]
    winning: bool,
    /// Start from the position after these moves, in order (comma separated, e.g.
    /// `r1c1,r3c4` or `0-1,2-3`).
    #[arg(long, value_name = "MOVES")]
    after: Option<String>,
    /// Write a picture of the moves to FILE (SVG): a heat map of the board on grid and
    /// queens, else a drawing of the graph with each move's value (one GRAPH).
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    #[command(flatten)]
    method: MethodFlag,
    #[command(flatten)]
    search: SearchFlags,
}

pub fn run(args: &Args, out: &mut Output) -> Result<()> {
    if args.svg.is_some() && (args.graphs.len() != 1 || args.graphs[0] == "-") {
        bail!("--svg takes one GRAPH (not -)");
    }
    let search = args.search.options_with(&args.method);
    let mut state: Option<GameState> = None;
    graphs::for_each_graph_within(&args.graphs, &graphs::Limit::SEARCH, |named| {
        let state = match &mut state {
            Some(state) => {
                state.restart(named);
                state
            }
            None => state.insert(GameState::new(named, args.game, &search)),
        };
        if let Some(after) = &args.after {
            state
                .play_list(after)
                .map_err(|e| anyhow::anyhow!("--after: {e}"))?;
        }
        if let Some(path) = &args.svg {
            picture::check(state)?;
            kayles_solve::output_file::check(path)?;
        }
        let name = state.named().name.clone();
        let watch = state.solver().progress();
        if args.winning {
            let winning = progress::with_search_progress(watch, &name, || state.winning_moves())?;
            print_winning(state, &winning, out)?;
            if let Some(path) = &args.svg {
                let values = state
                    .legal_moves()
                    .into_iter()
                    .map(|mv| (mv, winning.contains(&mv).then_some(0)))
                    .collect();
                picture::write(
                    path,
                    &Scene {
                        title: title(state, &caption_winning(&winning)),
                        state,
                        values,
                    },
                )?;
            }
        } else {
            let options = progress::with_search_progress(watch, &name, || state.values())?;
            let lines = options
                .moves
                .iter()
                .map(|m| (m.mv, m.value))
                .collect::<Vec<_>>();
            print_values(state, options.nimber, &lines, out)?;
            if let Some(path) = &args.svg {
                let values = lines.iter().map(|&(mv, v)| (mv, Some(v))).collect();
                let wins = lines.iter().filter(|m| m.1 == 0).count();
                picture::write(
                    path,
                    &Scene {
                        title: title(state, &caption_values(options.nimber, wins)),
                        state,
                        values,
                    },
                )?;
            }
        }
        Ok(())
    })
}

fn title(state: &GameState, what: &str) -> String {
    let game = state.game().title();
    let after = if state.history().is_empty() {
        String::new()
    } else {
        let moves: Vec<String> = state.history().iter().map(|&m| state.name(m)).collect();
        format!(" after {}", moves.join(", "))
    };
    format!("{game} on {}{after}: {what}", state.named().name)
}

fn caption_values(nimber: u32, wins: usize) -> String {
    match wins {
        0 => format!("value {nimber}, no winning move"),
        1 => format!("value {nimber}, 1 winning move"),
        w => format!("value {nimber}, {w} winning moves"),
    }
}

fn caption_winning(winning: &[Move]) -> String {
    match winning.len() {
        0 => "the player to move loses: no winning move".to_string(),
        1 => "the player to move wins: 1 winning move".to_string(),
        w => format!("the player to move wins: {w} winning moves"),
    }
}

/// The JSON object of a position's moves: `{"graph": "grid:3x4", "game": "node",
/// "nimber": 2, "moves": [...]}`, or with `--winning` `{..., "outcome": "N", "moves":
/// [...]}` (`"P"`: no move wins), fields in this order; `"after"` (the moves of `--after`,
/// named as the text names them) after `"game"` when there are some.
#[derive(Serialize)]
struct MovesJson {
    graph: String,
    game: &'static str,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    after: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    nimber: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    outcome: Option<&'static str>,
    moves: Vec<MoveJson>,
}

/// One move: `{"move": 3, "value": 0, "wins": true}`, the move a vertex or `[u, v]` with
/// `u < v`, with `"label"` (its cell names) on a board.
#[derive(Serialize)]
struct MoveJson {
    #[serde(rename = "move")]
    mv: Value,
    value: u32,
    wins: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    label: Option<String>,
}

fn moves_json(state: &GameState, moves: &[(Move, u32)]) -> Vec<MoveJson> {
    moves
        .iter()
        .map(|&(mv, value)| MoveJson {
            mv: match mv {
                Move::Vertex(v) => json!(v),
                Move::Edge(u, v) => json!([u, v]),
            },
            value,
            wins: value == 0,
            label: state.board().map(|_| state.name(mv)),
        })
        .collect()
}

/// The moves as aligned lines: the move's name, the value after it, and `wins` when it is 0.
fn move_lines(state: &GameState, moves: &[(Move, u32)]) -> Vec<String> {
    let names: Vec<String> = moves.iter().map(|&(mv, _)| state.name(mv)).collect();
    let width = names.iter().map(String::len).max().unwrap_or(0);
    names
        .iter()
        .zip(moves)
        .map(|(name, &(_, value))| {
            let mark = if value == 0 { "  wins" } else { "" };
            format!("{name:<width$}  {value}{mark}")
        })
        .collect()
}

/// The moves played to reach the position, by name.
fn history(state: &GameState) -> Vec<String> {
    state.history().iter().map(|&m| state.name(m)).collect()
}

fn header(state: &GameState) -> String {
    let moves = history(state);
    match moves.is_empty() {
        true => state.named().name.clone(),
        false => format!("{} after {}", state.named().name, moves.join(",")),
    }
}

fn print_values(
    state: &GameState,
    nimber: u32,
    moves: &[(Move, u32)],
    out: &mut Output,
) -> Result<()> {
    let wins = moves.iter().filter(|m| m.1 == 0).count();
    out.result(
        || {
            let mut text = format!(
                "{}: nimber {nimber}, {} moves, {}",
                header(state),
                moves.len(),
                match wins {
                    0 => "none wins".to_string(),
                    1 => "1 wins".to_string(),
                    w => format!("{w} win"),
                }
            );
            for line in move_lines(state, moves) {
                text.push('\n');
                text.push_str(&line);
            }
            text
        },
        MovesJson {
            graph: state.named().name.clone(),
            game: state.game().name(),
            after: history(state),
            nimber: Some(nimber),
            outcome: None,
            moves: moves_json(state, moves),
        },
    )
}

fn print_winning(state: &GameState, winning: &[Move], out: &mut Output) -> Result<()> {
    let moves: Vec<(Move, u32)> = winning.iter().map(|&mv| (mv, 0)).collect();
    out.result(
        || {
            let mut text = format!("{}: {}", header(state), caption_winning(winning));
            for line in move_lines(state, &moves) {
                text.push('\n');
                text.push_str(&line);
            }
            text
        },
        MovesJson {
            graph: state.named().name.clone(),
            game: state.game().name(),
            after: history(state),
            nimber: None,
            outcome: Some(if winning.is_empty() { "P" } else { "N" }),
            moves: moves_json(state, &moves),
        },
    )
}
