//! The games this crate plays, named for callers that choose one at run time (the
//! command line, the Python package): [`GameKind`].
//!
//! Both are played on the vertex sets of a graph (docs/claims/README.md section 1):
//! - **Node Kayles**: a move picks a vertex `v` and deletes its closed neighbourhood `N[v]`;
//! - **Arc Kayles**: a move picks an edge `uv` and deletes both endpoints (so every edge
//!   that touches them goes too). An isolated vertex is dead: no move ever uses it.

use std::fmt;
use std::str::FromStr;

/// Node Kayles or Arc Kayles.
///
/// ```
/// use kayles_core::GameKind;
/// assert_eq!("arc".parse::<GameKind>(), Ok(GameKind::Arc));
/// assert_eq!(GameKind::Node.to_string(), "node");
/// assert!("chess".parse::<GameKind>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
pub enum GameKind {
    /// A move deletes a closed neighbourhood `N[v]`.
    #[default]
    Node,
    /// A move deletes both endpoints of an edge.
    Arc,
}

impl GameKind {
    /// Both games, Node Kayles first.
    pub const ALL: [GameKind; 2] = [GameKind::Node, GameKind::Arc];

    /// The game's name in titles and messages: "Node Kayles" or "Arc Kayles".
    pub fn title(self) -> &'static str {
        match self {
            GameKind::Node => "Node Kayles",
            GameKind::Arc => "Arc Kayles",
        }
    }

    /// The name used on the command line and in JSON: `node` or `arc`.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Node => "node",
            GameKind::Arc => "arc",
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GameKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "node" => Ok(GameKind::Node),
            "arc" => Ok(GameKind::Arc),
            other => Err(format!("unknown game {other:?} (expected node or arc)")),
        }
    }
}

/// A solver for a game chosen at run time: a Node Kayles or an Arc Kayles
/// [`VertexSolver`](crate::vertex_game::VertexSolver), with the same methods.
///
/// ```
/// use kayles_core::{families, game::GameSolver, engine::SearchConfig, GameKind};
/// let mut solver = GameSolver::new(GameKind::Arc, SearchConfig::default());
/// assert_eq!(solver.nimber(&families::path(4)), Ok(2));
/// assert_eq!(solver.game(), GameKind::Arc);
/// ```
pub enum GameSolver {
    /// Node Kayles.
    Node(crate::node::Solver),
    /// Arc Kayles.
    Arc(crate::arc::Solver),
}

macro_rules! delegate {
    ($self:ident, $solver:ident => $body:expr) => {
        match $self {
            GameSolver::Node($solver) => $body,
            GameSolver::Arc($solver) => $body,
        }
    };
}

impl GameSolver {
    /// A solver for `game` with the given layers.
    pub fn new(game: GameKind, config: crate::engine::SearchConfig) -> Self {
        match game {
            GameKind::Node => GameSolver::Node(crate::node::Solver::with_config(config)),
            GameKind::Arc => GameSolver::Arc(crate::arc::Solver::with_config(config)),
        }
    }

    /// The game it plays.
    pub fn game(&self) -> GameKind {
        delegate!(self, s => s.game())
    }

    /// The nimber of `g`.
    pub fn nimber(&mut self, g: &crate::Graph) -> Result<u32, crate::engine::SearchError> {
        delegate!(self, s => s.nimber(g))
    }

    /// See [`VertexSolver::nimber_of_subset`](crate::vertex_game::VertexSolver::nimber_of_subset).
    pub fn nimber_of_subset(
        &mut self,
        host: &crate::Graph,
        set: &crate::VertexSet,
    ) -> Result<u32, crate::engine::SearchError> {
        delegate!(self, s => s.nimber_of_subset(host, set))
    }

    /// See [`VertexSolver::wins_with_heap`](crate::vertex_game::VertexSolver::wins_with_heap).
    pub fn wins_with_heap(
        &mut self,
        host: &crate::Graph,
        set: &crate::VertexSet,
        heap: u32,
    ) -> Result<bool, crate::engine::SearchError> {
        delegate!(self, s => s.wins_with_heap(host, set, heap))
    }

    /// See [`VertexSolver::recall_subset`](crate::vertex_game::VertexSolver::recall_subset).
    pub fn recall_subset(
        &mut self,
        host: &crate::Graph,
        set: &crate::VertexSet,
    ) -> crate::engine::Record {
        delegate!(self, s => s.recall_subset(host, set))
    }

    /// See [`VertexSolver::set_host_symmetry`](crate::vertex_game::VertexSolver::set_host_symmetry).
    pub fn set_host_symmetry(&mut self, symmetry: Option<crate::symmetry::HostSymmetry>) {
        delegate!(self, s => s.set_host_symmetry(symmetry))
    }

    /// See [`VertexSolver::set_stop_flag`](crate::vertex_game::VertexSolver::set_stop_flag).
    pub fn set_stop_flag(&mut self, flag: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>) {
        delegate!(self, s => s.set_stop_flag(flag))
    }

    /// The layers in use.
    pub fn config(&self) -> crate::engine::SearchConfig {
        delegate!(self, s => s.config())
    }

    /// Changes the layers (the memos stay).
    pub fn set_config(&mut self, config: crate::engine::SearchConfig) {
        delegate!(self, s => s.set_config(config))
    }

    /// The counters so far.
    pub fn stats(&self) -> crate::engine::SearchStats {
        delegate!(self, s => s.stats())
    }

    /// A live view of the search, for progress reports from another thread.
    pub fn progress(&self) -> crate::engine::SearchProgress {
        delegate!(self, s => s.progress())
    }

    /// A handle on the shared memo's entries, for saving and loading them.
    pub fn memo_handle(&self) -> crate::engine::MemoHandle {
        delegate!(self, s => s.memo_handle())
    }
}
