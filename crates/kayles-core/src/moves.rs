//! The moves of a position and what each is worth: the nimber of the position after every
//! move ([`values`]), the winning moves alone by outcome search ([`winning_moves`]), and the
//! move a perfect engine plays ([`engine_move`]). What `kayles moves`, `kayles play` and
//! `kayles.moves` compute; pure computation on a [`GameSolver`], no I/O.
//!
//! A position is a vertex set of a *host* graph (the whole graph at the start), and every
//! option is searched as a vertex set of the same host
//! ([`GameSolver::nimber_of_subset`], [`GameSolver::wins_with_heap`]), so the family's host
//! symmetry, when the solver has it, keys the options' components, and the solver's memo
//! serves every option and every later position of a game.
//!
//! A move is a vertex in Node Kayles (it deletes the closed neighbourhood `N[v]`) and an
//! edge `uv`, `u < v`, in Arc Kayles (it deletes `u` and `v`). A move *wins* when the
//! position after it has nimber 0 (a P-position: the player who made it wins).
//!
//! ```
//! use kayles_core::{families, engine::SearchConfig, game::GameSolver, moves, GameKind, VertexSet};
//! let path = families::path(5);
//! let mut solver = GameSolver::new(GameKind::Node, SearchConfig::default());
//! let options = moves::values(&mut solver, &path, &VertexSet::full(5)).unwrap();
//! assert_eq!(options.nimber, 3);
//! // Taking the middle vertex leaves two single vertices: 1 xor 1 = 0.
//! assert_eq!(options.winning().collect::<Vec<_>>(), vec![moves::Move::Vertex(2)]);
//! let wins = moves::winning_moves(&mut solver, &path, &VertexSet::full(5)).unwrap();
//! assert_eq!(wins, vec![moves::Move::Vertex(2)]);
//! ```

use crate::engine::SearchError;
use crate::game::GameSolver;
use crate::rules::{arc_move_in, node_move_in};
use crate::{GameKind, Graph, VertexSet};
use std::fmt;

/// A move: a vertex (Node Kayles) or an edge `(u, v)` with `u < v` (Arc Kayles).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// Node Kayles: delete `N[v]`.
    Vertex(usize),
    /// Arc Kayles: delete both ends, `u < v`.
    Edge(usize, usize),
}

impl Move {
    /// The edge `uv` as a move, its ends in increasing order.
    pub fn edge(u: usize, v: usize) -> Move {
        Move::Edge(u.min(v), u.max(v))
    }

    /// The game this move belongs to.
    pub fn game(self) -> GameKind {
        match self {
            Move::Vertex(_) => GameKind::Node,
            Move::Edge(..) => GameKind::Arc,
        }
    }

    /// The vertex or the two ends.
    pub fn vertices(self) -> Vec<usize> {
        match self {
            Move::Vertex(v) => vec![v],
            Move::Edge(u, v) => vec![u, v],
        }
    }

    /// Whether the move can be played in the position `set` of `host`: a vertex of `set`,
    /// or an edge of `host` with both ends in `set`.
    pub fn is_legal(self, host: &Graph, set: &VertexSet) -> bool {
        let inside = |v: usize| v < host.order() && set.contains(v);
        match self {
            Move::Vertex(v) => inside(v),
            Move::Edge(u, v) => u != v && inside(u) && inside(v) && host.has_edge(u, v),
        }
    }

    /// The position after the move (which must be legal).
    pub fn after(self, host: &Graph, set: &VertexSet) -> VertexSet {
        match self {
            Move::Vertex(v) => node_move_in(host, set, v),
            Move::Edge(u, v) => arc_move_in(set, u, v),
        }
    }
}

impl fmt::Display for Move {
    /// `3` for a vertex, `0-1` for an edge.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Vertex(v) => write!(f, "{v}"),
            Move::Edge(u, v) => write!(f, "{u}-{v}"),
        }
    }
}

/// Every legal move of `game` in the position `set` of `host`, in increasing order
/// (vertices; edges by their smaller end, then the larger).
///
/// ```
/// use kayles_core::{families, moves::{legal_moves, Move}, GameKind, VertexSet};
/// let path = families::path(3);
/// let set = VertexSet::full(3);
/// assert_eq!(legal_moves(GameKind::Arc, &path, &set), vec![Move::Edge(0, 1), Move::Edge(1, 2)]);
/// assert_eq!(legal_moves(GameKind::Node, &path, &set).len(), 3);
/// ```
pub fn legal_moves(game: GameKind, host: &Graph, set: &VertexSet) -> Vec<Move> {
    match game {
        GameKind::Node => set.iter().map(Move::Vertex).collect(),
        GameKind::Arc => set
            .iter()
            .flat_map(|u| {
                host.neighbours(u)
                    .iter()
                    .filter(move |&v| v > u && set.contains(v))
                    .map(move |v| Move::Edge(u, v))
            })
            .collect(),
    }
}

/// The vertices of `set` that a move of `game` can still use: all of them in Node
/// Kayles, those with a neighbour in `set` in Arc Kayles. Every move removes at least one
/// (Node Kayles) or two (Arc Kayles) of them, so it bounds how long the game can last;
/// [`engine_move`] keeps the game long by this count.
pub fn playable_vertices(game: GameKind, host: &Graph, set: &VertexSet) -> usize {
    match game {
        GameKind::Node => set.len(),
        GameKind::Arc => set
            .iter()
            .filter(|&v| host.neighbours(v).iter().any(|u| set.contains(u)))
            .count(),
    }
}

/// A move and the nimber of the position after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveValue {
    /// The move.
    pub mv: Move,
    /// The nimber of the position after it.
    pub value: u32,
}

impl MoveValue {
    /// Whether the move wins: it leaves a position of nimber 0.
    pub fn wins(&self) -> bool {
        self.value == 0
    }
}

/// A position's nimber and every move with the value after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// The position's nimber: the mex of the moves' values.
    pub nimber: u32,
    /// Every legal move in the order of [`legal_moves`], with its value.
    pub moves: Vec<MoveValue>,
}

impl Options {
    /// The winning moves (to value 0), in order.
    pub fn winning(&self) -> impl Iterator<Item = Move> + '_ {
        self.moves.iter().filter(|m| m.wins()).map(|m| m.mv)
    }
}

/// The value after every legal move of the position `set` of `host`, in the solver's game,
/// and the position's nimber (the mex of those values, by definition). One
/// [`GameSolver::nimber_of_subset`] per option on the one solver, whose memo makes the
/// options after the first cheap.
pub fn values(
    solver: &mut GameSolver,
    host: &Graph,
    set: &VertexSet,
) -> Result<Options, SearchError> {
    let moves = legal_moves(solver.game(), host, set)
        .into_iter()
        .map(|mv| {
            let value = solver.nimber_of_subset(host, &mv.after(host, set))?;
            Ok(MoveValue { mv, value })
        })
        .collect::<Result<Vec<_>, SearchError>>()?;
    let nimber = crate::mex::of_values(moves.iter().map(|m| m.value));
    Ok(Options { nimber, moves })
}

/// Whether the position `set` of `host` is a P-position (nimber 0: the player to move
/// loses), by outcome search: `set + *0` is not a win.
pub fn is_p_position(
    solver: &mut GameSolver,
    host: &Graph,
    set: &VertexSet,
) -> Result<bool, SearchError> {
    Ok(!solver.wins_with_heap(host, set, 0)?)
}

/// The winning moves of the position `set` of `host`, in the order of [`legal_moves`]:
/// those after which the position is a P-position. Each option is only asked whether it
/// is a loss ([`is_p_position`]): an option that is not is dropped at its first winning
/// reply, and no option's nimber is computed.
pub fn winning_moves(
    solver: &mut GameSolver,
    host: &Graph,
    set: &VertexSet,
) -> Result<Vec<Move>, SearchError> {
    let mut out = Vec::new();
    for mv in legal_moves(solver.game(), host, set) {
        if is_p_position(solver, host, &mv.after(host, set))? {
            out.push(mv);
        }
    }
    Ok(out)
}

/// The move a perfect engine plays, and whether it wins.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EngineMove {
    /// The move.
    pub mv: Move,
    /// Whether it wins (leaves a P-position).
    pub wins: bool,
}

/// The engine's move in the position `set` of `host` (`None` when there is none): a
/// winning move whenever one exists, otherwise a move that keeps the game long.
///
/// **The rule.** The legal moves are ranked by the [`playable_vertices`] they leave, most
/// first, ties to the lower move in the order of [`legal_moves`]; the engine plays the
/// first winning move in that ranking, and when none wins, the first move of the ranking.
/// The count bounds the length of the rest of the game and costs nothing to compute; a
/// losing engine that leaves the most room leaves its opponent the most chances to go
/// wrong, and a winning one shows a long game rather than a quick one. Each move is asked
/// only whether it wins ([`is_p_position`]), in the ranking's order, up to the first that
/// does.
///
/// ```
/// use kayles_core::{families, engine::SearchConfig, game::GameSolver, GameKind, VertexSet};
/// use kayles_core::moves::{engine_move, Move};
/// let mut solver = GameSolver::new(GameKind::Node, SearchConfig::default());
/// // P5: the middle vertex is the one winning move.
/// let choice = engine_move(&mut solver, &families::path(5), &VertexSet::full(5)).unwrap();
/// assert_eq!(choice.map(|c| (c.mv, c.wins)), Some((Move::Vertex(2), true)));
/// // P4 has nimber 0: no move wins, and an end vertex leaves the most (two vertices).
/// let choice = engine_move(&mut solver, &families::path(4), &VertexSet::full(4)).unwrap();
/// assert_eq!(choice.map(|c| (c.mv, c.wins)), Some((Move::Vertex(0), false)));
/// ```
pub fn engine_move(
    solver: &mut GameSolver,
    host: &Graph,
    set: &VertexSet,
) -> Result<Option<EngineMove>, SearchError> {
    let game = solver.game();
    let mut ranked: Vec<(Move, VertexSet, usize)> = legal_moves(game, host, set)
        .into_iter()
        .map(|mv| {
            let after = mv.after(host, set);
            let room = playable_vertices(game, host, &after);
            (mv, after, room)
        })
        .collect();
    // A stable sort: ties keep the order of `legal_moves`.
    ranked.sort_by_key(|r| std::cmp::Reverse(r.2));
    for (mv, after, _) in &ranked {
        if is_p_position(solver, host, after)? {
            return Ok(Some(EngineMove {
                mv: *mv,
                wins: true,
            }));
        }
    }
    Ok(ranked
        .first()
        .map(|&(mv, _, _)| EngineMove { mv, wins: false }))
}
