//! A solver for a game chosen at run time ([`GameSolver`]), for the callers that choose
//! one (the command line, the Python package); the games themselves, and
//! [`GameKind`](crate::GameKind), are [`rules`](crate::rules)'.

use crate::rules::GameKind;

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

    /// See [`VertexSolver::set_proof_hook`](crate::vertex_game::VertexSolver::set_proof_hook).
    pub fn set_proof_hook(
        &mut self,
        hook: Option<std::sync::Arc<dyn crate::engine::proof::ProofHook>>,
    ) {
        delegate!(self, s => s.set_proof_hook(hook))
    }

    /// See [`VertexSolver::internal_order`](crate::vertex_game::VertexSolver::internal_order).
    pub fn internal_order(&mut self, host: &crate::Graph) -> Option<Vec<usize>> {
        delegate!(self, s => s.internal_order(host))
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
