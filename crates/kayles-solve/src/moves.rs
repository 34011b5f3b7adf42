//! A game in progress on a named graph, as `kayles moves`, `kayles play` and
//! `kayles.moves` see it ([`GameState`]): the graph, the position left, the solver set up
//! for the graph's name (a family's host symmetry keys every option), how moves are named
//! (board coordinates on the board families, [`kayles_core::board`]; vertex numbers
//! elsewhere) and read back from text, with a one-line reason ([`MoveError`]) for a move
//! that cannot be played. The computation itself is [`kayles_core::moves`].
//!
//! ```
//! use kayles_core::GameKind;
//! use kayles_solve::{config::SearchOptions, graphs::Named, moves::GameState};
//! let named = Named::parse("grid:2x3").unwrap();
//! let mut state = GameState::new(named, GameKind::Node, &SearchOptions::default());
//! let options = state.values().unwrap();
//! assert_eq!(state.name(options.moves[4].mv), "r2c2");
//! let mv = state.play_text("r1c1").unwrap();
//! assert_eq!(state.name(mv), "r1c1");
//! assert_eq!(
//!     state.parse_move("r1c2").unwrap_err().to_string(),
//!     "r1c2 is gone (an earlier move removed it)"
//! );
//! ```

use crate::config::SearchOptions;
use crate::graphs::{is_family_spec, Named};
use kayles_core::board::Board;
use kayles_core::engine::SearchError;
use kayles_core::game::GameSolver;
pub use kayles_core::move_names::MoveError;
use kayles_core::move_names::MoveNames;
use kayles_core::moves::{self, EngineMove, Move, Options};
use kayles_core::{GameKind, Graph, VertexSet};
use thiserror::Error;

/// A game on a named graph: the graph (the host of every position), its board when it is
/// a board family, the position left, and the solver whose memo serves every position of
/// the game (and of the next graph, after [`restart`](Self::restart)).
pub struct GameState {
    named: Named,
    game: GameKind,
    board: Option<Board>,
    set: VertexSet,
    history: Vec<Move>,
    solver: GameSolver,
    search: SearchOptions,
}

impl GameState {
    /// The start of `game` on `named` (every vertex left), with a solver of `search` set up
    /// for the graph's name.
    pub fn new(named: Named, game: GameKind, search: &SearchOptions) -> Self {
        let solver = search.solver(game);
        let mut state = GameState {
            named: Named::unnamed(Graph::new(0)),
            game,
            board: None,
            set: VertexSet::new(0),
            history: Vec::new(),
            solver,
            search: *search,
        };
        state.restart(named);
        state
    }

    /// The start of the same game on another graph, on the same solver (its memo kept).
    pub fn restart(&mut self, named: Named) {
        self.search.prepare(&mut self.solver, Some(&named.name));
        self.board = if is_family_spec(&named.name) {
            Board::of_spec(&named.name).ok().flatten()
        } else {
            None
        };
        self.set = named.graph.vertices();
        self.history.clear();
        self.named = named;
    }

    /// The graph and its name.
    pub fn named(&self) -> &Named {
        &self.named
    }

    /// The graph (the host of every position).
    pub fn graph(&self) -> &Graph {
        &self.named.graph
    }

    /// The game.
    pub fn game(&self) -> GameKind {
        self.game
    }

    /// The board, on a board family.
    pub fn board(&self) -> Option<Board> {
        self.board
    }

    /// The vertices left.
    pub fn position(&self) -> &VertexSet {
        &self.set
    }

    /// The moves played so far, in order.
    pub fn history(&self) -> &[Move] {
        &self.history
    }

    /// The solver (its statistics and live progress; its stop flag).
    pub fn solver_mut(&mut self) -> &mut GameSolver {
        &mut self.solver
    }

    /// The solver.
    pub fn solver(&self) -> &GameSolver {
        &self.solver
    }

    /// How this game's moves on this graph are named and read ([`MoveNames`]).
    pub fn names(&self) -> MoveNames<'_> {
        MoveNames::new(self.game, self.graph(), self.board)
    }

    /// The name of vertex `v`: its cell (`r2c3`) on a board, else its number.
    pub fn vertex_name(&self, v: usize) -> String {
        self.names().vertex_name(v)
    }

    /// The name of a move: a vertex's name, or the names of an edge's ends joined by `-`
    /// (`r1c1-r1c2`, `0-1`).
    pub fn name(&self, mv: Move) -> String {
        self.names().name(mv)
    }

    /// The move `text` names, if it can be played in the position left: a vertex (`3`,
    /// `r2c3`) in Node Kayles, two joined by `-` (`0-1`, `r1c1-r1c2`) in Arc Kayles.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        self.names().read(text, &self.set)
    }

    /// Whether `mv` can be played in the position left, with the reason when not.
    pub fn check(&self, mv: Move) -> Result<(), MoveError> {
        self.names().check(mv, &self.set)
    }

    /// Plays `mv` if it is legal.
    pub fn play(&mut self, mv: Move) -> Result<(), MoveError> {
        self.check(mv)?;
        self.set = mv.after(self.graph(), &self.set);
        self.history.push(mv);
        Ok(())
    }

    /// Plays the move `text` names (see [`parse_move`](Self::parse_move)).
    pub fn play_text(&mut self, text: &str) -> Result<Move, MoveError> {
        let mv = self.parse_move(text)?;
        self.play(mv)?;
        Ok(mv)
    }

    /// Plays the moves of a list separated by commas or white space (`r1c1,r3c4`), in
    /// order; an error names the move by its place in the list.
    ///
    /// ```
    /// use kayles_core::GameKind;
    /// use kayles_solve::{config::SearchOptions, graphs::Named, moves::GameState};
    /// let named = Named::parse("path:6").unwrap();
    /// let mut state = GameState::new(named, GameKind::Arc, &SearchOptions::default());
    /// state.play_list("0-1, 4-5").unwrap();
    /// assert_eq!(state.position().iter().collect::<Vec<_>>(), vec![2, 3]);
    /// assert_eq!(
    ///     state.play_list("2-3,3-4").unwrap_err().to_string(),
    ///     "move 2 of the list: 3-4: 3 is gone (an earlier move removed it)"
    /// );
    /// ```
    pub fn play_list(&mut self, list: &str) -> Result<(), ListError> {
        let items = list
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|s| !s.is_empty());
        for (i, text) in items.enumerate() {
            self.play_text(text).map_err(|error| ListError {
                index: i + 1,
                error,
            })?;
        }
        Ok(())
    }

    /// Whether a move is left.
    pub fn is_over(&self) -> bool {
        moves::legal_moves(self.game, self.graph(), &self.set).is_empty()
    }

    /// Every legal move, in order.
    pub fn legal_moves(&self) -> Vec<Move> {
        moves::legal_moves(self.game, self.graph(), &self.set)
    }

    /// The value after every legal move and the position's nimber
    /// ([`moves::values`]).
    pub fn values(&mut self) -> Result<Options, SearchError> {
        moves::values(&mut self.solver, &self.named.graph, &self.set)
    }

    /// The winning moves alone, by outcome search ([`moves::winning_moves`]).
    pub fn winning_moves(&mut self) -> Result<Vec<Move>, SearchError> {
        moves::winning_moves(&mut self.solver, &self.named.graph, &self.set)
    }

    /// The move a perfect engine plays here ([`moves::engine_move`]), `None` when the game
    /// is over.
    pub fn engine_move(&mut self) -> Result<Option<EngineMove>, SearchError> {
        moves::engine_move(&mut self.solver, &self.named.graph, &self.set)
    }
}

/// A move of a list ([`GameState::play_list`]) that cannot be played.
#[derive(Debug, Error, PartialEq, Eq)]
#[error("move {index} of the list: {error}")]
pub struct ListError {
    /// Its place in the list, from 1.
    pub index: usize,
    /// Why.
    pub error: MoveError,
}
