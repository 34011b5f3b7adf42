//! [`Explorer`]: a game in progress on a named graph, as the web page sees it: the graph
//! (a family spec or graph6, within the page's [`MAX_ORDER`]), the game, the moves played
//! with undo and redo, every move's value, the engine's reply. Plain Rust over
//! `kayles_core::moves` and `kayles_core::move_names` (the moves' names and messages of
//! `kayles play`), so the native tests run it as the page's worker does.

use kayles_core::board::Board;
use kayles_core::engine::SearchConfig;
use kayles_core::game::GameSolver;
use kayles_core::move_names::MoveNames;
use kayles_core::moves::{self, legal_moves, EngineMove, Move, MoveValue};
use kayles_core::{families, graph6, GameKind, Graph, VertexSet};

/// The most vertices the page takes: a larger graph is refused with a message (the
/// engine runs on one thread of the browser, within a few hundred megabytes).
pub const MAX_ORDER: usize = 128;

/// The most edges the page takes (Arc Kayles moves are edges).
pub const MAX_EDGES: usize = 2048;

/// The memo's bound in the browser: a quarter of wasm32's 4 GiB address space at most.
pub const MEMO_LIMIT_BYTES: usize = 512 << 20;

/// A game in progress: the graph, the game, the moves played and those undone.
pub struct Explorer {
    spec: String,
    graph: Graph,
    game: GameKind,
    board: Option<Board>,
    history: Vec<Move>,
    undone: Vec<Move>,
    solver: GameSolver,
}

/// Reads the game's name: `node` or `arc`.
pub fn parse_game(text: &str) -> Result<GameKind, String> {
    match text.trim() {
        "node" => Ok(GameKind::Node),
        "arc" => Ok(GameKind::Arc),
        other => Err(format!("unknown game '{other}' (node or arc)")),
    }
}

/// The graph named by `spec` (a family spec when it has a `:` after a name, else
/// graph6), refused with a one-line reason when it is unreadable or larger than the page
/// takes ([`MAX_ORDER`] vertices, [`MAX_EDGES`] edges), checked before it is built.
pub fn parse_graph(spec: &str) -> Result<Graph, String> {
    let spec = spec.trim();
    if spec.is_empty() {
        return Err("no graph: pick a family or paste a graph6 string".into());
    }
    let too_big = |what: &str, n: u128, max: usize| {
        Err(format!(
            "{spec} has {n} {what}; the page takes at most {max} (use the kayles command for larger graphs)"
        ))
    };
    let graph = if spec.contains(':') && !spec.starts_with(':') {
        let size = families::size(spec).map_err(|e| e.to_string())?;
        if size.order > MAX_ORDER as u64 {
            return too_big("vertices", size.order.into(), MAX_ORDER);
        }
        if size.edges > MAX_EDGES as u128 {
            return too_big("edges", size.edges, MAX_EDGES);
        }
        families::build(spec).map_err(|e| e.to_string())?
    } else {
        // graph6 spends a sixth of a byte per vertex pair: the text bounds the order.
        let graph = graph6::parse(spec).map_err(|e| format!("graph6: {e}"))?;
        if graph.order() > MAX_ORDER {
            return too_big("vertices", graph.order() as u128, MAX_ORDER);
        }
        if graph.size() > MAX_EDGES {
            return too_big("edges", graph.size() as u128, MAX_EDGES);
        }
        graph
    };
    Ok(graph)
}

impl Explorer {
    /// The start of `game` on the graph `spec` (see [`parse_graph`]).
    pub fn new(spec: &str, game: GameKind) -> Result<Explorer, String> {
        let spec = spec.trim().to_string();
        let graph = parse_graph(&spec)?;
        let is_family = spec.contains(':');
        let board = if is_family {
            Board::of_spec(&spec).ok().flatten()
        } else {
            None
        };
        let symmetry = if is_family {
            families::host_symmetry(&spec).ok().flatten()
        } else {
            None
        };
        let default = SearchConfig::default();
        let config = SearchConfig {
            threads: 1,
            memo_limit_bytes: MEMO_LIMIT_BYTES,
            exact_cache_bytes: default.exact_cache_bytes.min(64 << 20),
            leaf_table_bytes: default.leaf_table_bytes.min(MEMO_LIMIT_BYTES / 8),
            // As `kayles`: no canonical forms on top of a host symmetry.
            canonical_max_order: if symmetry.is_some() {
                0
            } else {
                default.canonical_max_order
            },
            ..default
        };
        let mut solver = GameSolver::new(game, config);
        solver.set_host_symmetry(symmetry);
        Ok(Explorer {
            spec,
            graph,
            game,
            board,
            history: Vec::new(),
            undone: Vec::new(),
            solver,
        })
    }

    /// The graph's spec as given (trimmed).
    pub fn spec(&self) -> &str {
        &self.spec
    }

    /// The graph.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The game.
    pub fn game(&self) -> GameKind {
        self.game
    }

    /// The board, on a board family (grid, queens).
    pub fn board(&self) -> Option<Board> {
        self.board
    }

    /// The moves played, in order.
    pub fn history(&self) -> &[Move] {
        &self.history
    }

    /// Whether a move was undone and can be played again.
    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }

    /// The vertices left.
    pub fn position(&self) -> VertexSet {
        let mut set = self.graph.vertices();
        for mv in &self.history {
            set = mv.after(&self.graph, &set);
        }
        set
    }

    /// How this game's moves on this graph are named and read: `kayles play`'s names
    /// and messages ([`MoveNames`]).
    pub fn names(&self) -> MoveNames<'_> {
        MoveNames::new(self.game, &self.graph, self.board)
    }

    /// The name of vertex `v`: its cell (`r2c3`) on a board, else its number.
    pub fn vertex_name(&self, v: usize) -> String {
        self.names().vertex_name(v)
    }

    /// A move's name, as `kayles play` writes it (`r1c2`, `r1c1-r1c2`, `3`, `0-1`).
    pub fn name(&self, mv: Move) -> String {
        self.names().name(mv)
    }

    /// The move `text` names (a vertex in Node Kayles, two joined by `-` in Arc Kayles),
    /// if it can be played in the position left.
    pub fn parse_move(&self, text: &str) -> Result<Move, String> {
        self.names()
            .read(text, &self.position())
            .map_err(|e| e.to_string())
    }

    /// Plays `mv` (checked), forgetting the undone moves.
    pub fn play(&mut self, mv: Move) -> Result<(), String> {
        self.names()
            .check(mv, &self.position())
            .map_err(|e| e.to_string())?;
        self.history.push(mv);
        self.undone.clear();
        Ok(())
    }

    /// Plays the moves of a comma-separated list (the page's URL), stopping at the first
    /// that cannot be played, with its number in the list.
    pub fn play_list(&mut self, list: &str) -> Result<(), String> {
        for (i, text) in list.split(',').filter(|t| !t.trim().is_empty()).enumerate() {
            let mv = self
                .parse_move(text)
                .map_err(|e| format!("move {} of the list: {e}", i + 1))?;
            self.play(mv)?;
        }
        Ok(())
    }

    /// Takes the last move back; false when there is none.
    pub fn undo(&mut self) -> bool {
        match self.history.pop() {
            Some(mv) => {
                self.undone.push(mv);
                true
            }
            None => false,
        }
    }

    /// Plays the last undone move again; false when there is none.
    pub fn redo(&mut self) -> bool {
        match self.undone.pop() {
            Some(mv) => {
                self.history.push(mv);
                true
            }
            None => false,
        }
    }

    /// The legal moves of the position left, in the order of [`moves::legal_moves`].
    pub fn legal_moves(&self) -> Vec<Move> {
        legal_moves(self.game, &self.graph, &self.position())
    }

    /// The nimber after `mv` (one option: the page asks one at a time, to show progress).
    pub fn value_after(&mut self, mv: Move) -> Result<MoveValue, String> {
        let after = mv.after(&self.graph, &self.position());
        let value = self
            .solver
            .nimber_of_subset(&self.graph, &after)
            .map_err(|e| e.to_string())?;
        Ok(MoveValue { mv, value })
    }

    /// The nimber of the position left.
    pub fn nimber(&mut self) -> Result<u32, String> {
        let set = self.position();
        self.solver
            .nimber_of_subset(&self.graph, &set)
            .map_err(|e| e.to_string())
    }

    /// The nimber of the position left and every move's value.
    pub fn values(&mut self) -> Result<moves::Options, String> {
        let set = self.position();
        moves::values(&mut self.solver, &self.graph, &set).map_err(|e| e.to_string())
    }

    /// The engine's move (`kayles play`'s rule, [`moves::engine_move`]).
    pub fn engine_move(&mut self) -> Result<Option<EngineMove>, String> {
        let set = self.position();
        moves::engine_move(&mut self.solver, &self.graph, &set).map_err(|e| e.to_string())
    }
}
