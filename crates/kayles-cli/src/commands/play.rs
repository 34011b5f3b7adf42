//! `kayles play`: a game against the perfect engine on standard input and output (a
//! terminal, or a script: nothing here needs a terminal), or `--self`, the engine against
//! itself, one line per move.
//!
//! The engine plays a winning move whenever one exists, otherwise the move that leaves the
//! most playable vertices ([`kayles_core::moves::engine_move`]). Boards (grid, queens) are
//! drawn as boards; other graphs as the list of the vertices left (and, in Arc Kayles, the
//! edges left). A move is typed as a cell (`r2c3`) or a vertex number, an edge as two of
//! them joined by `-` (`r1c1-r1c2`, `0-1`); a move that cannot be played gets a one-line
//! reason naming it and the prompt again; `q` or the end of the input (Ctrl-D) quits.

use crate::flags::{self, MethodFlag, SearchFlags};
use crate::progress;
use anyhow::{bail, Result};
use kayles_core::moves::EngineMove;
use kayles_core::GameKind;
use kayles_solve::graphs::{Limit, Named};
use kayles_solve::lines::Lines;
use kayles_solve::moves::GameState;
use std::io::{BufRead, Write};

/// The longest line of moves read (a move is a few characters; a longer line is an
/// error, not a reason to read on into memory).
const MAX_MOVE_LINE: usize = 64 << 10;

/// Why `kayles play --json` is refused.
pub const NO_JSON: &str =
    "play has no --json output: it draws the board and reads moves as text (--self prints \
     one line per move)";

/// The most columns of a board drawn in the terminal.
pub const MAX_DRAWN_COLUMNS: usize = 40;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The graph: a graph6 string or a family spec (`grid:3x4`, `queens:5`: boards, whose
    /// cells are named r1c1.. from the top left).
    #[arg(value_name = "GRAPH")]
    graph: String,
    /// You move first (the default).
    #[arg(long, conflicts_with = "second")]
    first: bool,
    /// The engine moves first.
    #[arg(long)]
    second: bool,
    /// The game: a move is a vertex (node) or an edge u-v (arc).
    #[arg(long, value_parser = flags::game(), default_value = "node")]
    game: GameKind,
    /// The engine plays both sides: a perfect game, one line per move.
    #[arg(long = "self", conflicts_with_all = ["first", "second"])]
    self_play: bool,
    #[command(flatten)]
    method: MethodFlag,
    #[command(flatten)]
    search: SearchFlags,
    /// The global `--json`, taken here so that `kayles play --help` does not offer it:
    /// play talks in text (a board, a prompt), and refuses it.
    #[arg(long, hide = true)]
    json: bool,
}

pub fn run(args: &Args) -> Result<()> {
    if args.json {
        bail!("{}", NO_JSON);
    }
    if args.graph == "-" {
        bail!("play reads its moves on standard input: give GRAPH as graph6 or a family spec");
    }
    let named = Named::parse_within(&args.graph, &Limit::SEARCH)?;
    let search = args.search.options_with(&args.method);
    let mut state = GameState::new(named, args.game, &search);
    if let Some(board) = state.board() {
        if board.cols > MAX_DRAWN_COLUMNS {
            bail!(
                "{} is too big to draw as a board: {} columns, at most {MAX_DRAWN_COLUMNS}",
                args.graph,
                board.cols
            );
        }
    }
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if args.self_play {
        return self_play(&mut state, &mut out);
    }
    let stdin = std::io::stdin();
    let mut input = Lines::with_max(stdin.lock(), "stdin", MAX_MOVE_LINE);
    play(&mut state, !args.second, &mut input, &mut out)
}

/// The engine's move, with the live search line on a terminal.
fn engine_move(state: &mut GameState) -> Result<Option<EngineMove>> {
    let watch = state.solver().progress();
    let name = state.named().name.clone();
    Ok(progress::with_search_progress(watch, &name, || {
        state.engine_move()
    })?)
}

/// `--self`: the engine against itself.
fn self_play(state: &mut GameState, out: &mut impl Write) -> Result<()> {
    writeln!(
        out,
        "{} on {}: a perfect game (a winning move whenever there is one, else the move \
         leaving the most playable vertices)",
        state.game().title(),
        state.named().name
    )?;
    let players = ["first", "second"];
    let mut turn = 0;
    while let Some(choice) = engine_move(state)? {
        let verdict = if choice.wins {
            "wins"
        } else {
            "no winning move"
        };
        writeln!(
            out,
            "{}. {:<6} {}  {verdict}",
            turn + 1,
            players[turn % 2],
            state.name(choice.mv)
        )?;
        state.play(choice.mv)?;
        turn += 1;
    }
    writeln!(
        out,
        "the {} player cannot move: the {} player wins after {turn} moves",
        players[turn % 2],
        players[(turn + 1) % 2]
    )?;
    Ok(())
}

/// A game between a person (on `input`) and the engine.
fn play(
    state: &mut GameState,
    you_first: bool,
    input: &mut Lines<impl BufRead>,
    out: &mut impl Write,
) -> Result<()> {
    let (you, engine) = if you_first { ('X', 'O') } else { ('O', 'X') };
    writeln!(
        out,
        "{} on {}. You move {} ({you}), the engine {} ({engine}). Type a move ({}); q \
         quits.",
        state.game().title(),
        state.named().name,
        if you_first { "first" } else { "second" },
        if you_first { "second" } else { "first" },
        how_to_type(state)
    )?;
    if state.board().is_some() {
        writeln!(
            out,
            "On the board: . a cell left, X and O the cells played, - a cell gone with a \
             neighbour."
        )?;
    }
    // Who made each move, for the board: X moves first.
    let mut marks: Vec<char> = Vec::new();
    let mut your_turn = you_first;
    loop {
        draw(state, &marks, out)?;
        if state.is_over() {
            let verdict = if your_turn {
                "you cannot move: the engine wins"
            } else {
                "the engine cannot move: you win"
            };
            writeln!(out, "no move left: {verdict}")?;
            return Ok(());
        }
        if your_turn {
            let Some(text) = read_move(state, input, out)? else {
                writeln!(out, "bye")?;
                return Ok(());
            };
            let mv = state.play_text(&text)?;
            writeln!(out, "you play {}", state.name(mv))?;
            marks.push(you);
        } else {
            let choice = engine_move(state)?.expect("a move is left");
            writeln!(out, "engine plays {}", state.name(choice.mv))?;
            state.play(choice.mv)?;
            marks.push(engine);
        }
        your_turn = !your_turn;
    }
}

/// Prompts until a legal move is typed; `None` on `q` or the end of the input.
fn read_move(
    state: &GameState,
    input: &mut Lines<impl BufRead>,
    out: &mut impl Write,
) -> Result<Option<String>> {
    loop {
        write!(out, "your move> ")?;
        out.flush()?;
        let Some(line) = input.next_line()? else {
            writeln!(out)?;
            return Ok(None);
        };
        let text = line.text.trim();
        if text.is_empty() {
            continue;
        }
        if text.eq_ignore_ascii_case("q") || text.eq_ignore_ascii_case("quit") {
            return Ok(None);
        }
        match state.parse_move(text) {
            Ok(_) => return Ok(Some(text.to_string())),
            Err(reason) => writeln!(out, "{reason}")?,
        }
    }
}

fn how_to_type(state: &GameState) -> String {
    let last = state.graph().order().saturating_sub(1);
    match (state.game(), state.board().is_some()) {
        (GameKind::Node, true) => "a cell such as r1c2".to_string(),
        (GameKind::Node, false) => format!("a vertex 0..{last}"),
        (GameKind::Arc, true) => "an edge such as r1c1-r1c2".to_string(),
        (GameKind::Arc, false) => "an edge such as 0-1".to_string(),
    }
}

/// The position: a board as rows of cells (`.` free, `X` and `O` the players' moves, `-`
/// gone with a neighbour's move), else the vertices left (and the edges left in Arc
/// Kayles).
fn draw(state: &GameState, marks: &[char], out: &mut impl Write) -> Result<()> {
    let mut owner = vec![None; state.graph().order()];
    for (mv, &mark) in state.history().iter().zip(marks) {
        for v in mv.vertices() {
            owner[v] = Some(mark);
        }
    }
    let left = state.position();
    let Some(board) = state.board() else {
        let vertices: Vec<String> = left.iter().map(|v| v.to_string()).collect();
        writeln!(out, "vertices left: {}", list_or_none(&vertices))?;
        if state.game() == GameKind::Arc {
            let edges: Vec<String> = state
                .legal_moves()
                .into_iter()
                .map(|mv| state.name(mv))
                .collect();
            writeln!(out, "edges left: {}", list_or_none(&edges))?;
        }
        return Ok(());
    };
    let width = format!("c{}", board.cols).len();
    let margin = format!("r{}", board.rows).len();
    let mut header = " ".repeat(margin);
    for c in 1..=board.cols {
        header.push_str(&format!(" {:>width$}", format!("c{c}")));
    }
    writeln!(out, "{header}")?;
    for r in 1..=board.rows {
        let mut line = format!("{:>margin$}", format!("r{r}"));
        for c in 1..=board.cols {
            let v = board.vertex(r, c).expect("on the board");
            let cell = match (left.contains(v), owner[v]) {
                (true, _) => '.',
                (false, Some(mark)) => mark,
                (false, None) => '-',
            };
            line.push_str(&format!(" {cell:>width$}"));
        }
        writeln!(out, "{line}")?;
    }
    Ok(())
}

fn list_or_none(items: &[String]) -> String {
    if items.is_empty() {
        "none".to_string()
    } else {
        items.join(" ")
    }
}
