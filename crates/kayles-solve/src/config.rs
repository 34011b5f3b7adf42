//! The search's set-up as the front ends ask for it ([`SearchOptions`]): which layers are
//! on, the threads, the memory, with one set of defaults for the `kayles` command and the
//! Python package. The memo limit defaults to a share of the machine's memory
//! ([`default_memo_limit_bytes`]); a graph named by a family spec gets the family's host
//! symmetry ([`SearchOptions::prepare`]).

use crate::graphs::family_symmetry;
use crate::machine;
use kayles_core::engine::{MemoKey, Method, SearchConfig};
use kayles_core::game::GameSolver;
use kayles_core::GameKind;

/// The memo limit when none is given: 60% of the machine's memory, or the engine's own
/// default (8 GiB) where the memory cannot be read.
///
/// ```
/// assert!(kayles_solve::config::default_memo_limit_bytes() > 0);
/// ```
pub fn default_memo_limit_bytes() -> usize {
    machine::total_memory_bytes().map_or(SearchConfig::default().memo_limit_bytes, |bytes| {
        bytes / 1024 / 10 * 6 * 1024
    })
}

/// The search options of a front end; [`Default`] is what both front ends use when the
/// user says nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchOptions {
    /// How a component's nimber is found (default: the outcome method, the faster on every
    /// family measured; docs/performance.md).
    pub method: Method,
    /// Outcome method: the heap moves of `G + *k` before the moves in `G`.
    pub heap_moves_first: bool,
    /// Evaluate components of at most this many vertices at once, and dense Node Kayles
    /// components of a few more (0: never; see `kayles_core::leaves::small`).
    pub small_order: usize,
    /// Outcome method: decide `C + *k` for Node Kayles components of at most this many
    /// vertices by a plain search on their subsets (0: never; see `kayles_core::leaves::dense`).
    pub leaf_order: usize,
    /// The shared memo's key (default: the host symmetry, canonical codes elsewhere).
    pub memo_key: MemoKey,
    /// Canonize components up to this order; `None`: 64, or 0 on top of a host symmetry.
    pub canonical_max_order: Option<usize>,
    /// Search threads: 1 for the calling thread only, 0 for one per core.
    pub threads: usize,
    /// Shed the memos past this many bytes; `None`: [`default_memo_limit_bytes`].
    pub memo_limit_bytes: Option<usize>,
    /// Empty a thread's exact cache past this many bytes.
    pub exact_cache_bytes: usize,
    /// Apply the game's reductions.
    pub reductions: bool,
    /// Look up the pieces the game knows (paths, cycles).
    pub known_pieces: bool,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            method: SearchConfig::default().method,
            heap_moves_first: false,
            small_order: SearchConfig::default().small_order,
            leaf_order: SearchConfig::default().leaf_order,
            memo_key: MemoKey::Symmetry,
            canonical_max_order: None,
            threads: 0,
            memo_limit_bytes: None,
            exact_cache_bytes: SearchConfig::default().exact_cache_bytes,
            reductions: true,
            known_pieces: true,
        }
    }
}

impl SearchOptions {
    /// The engine's configuration for these options.
    ///
    /// ```
    /// use kayles_solve::config::SearchOptions;
    /// let config = SearchOptions::default().config();
    /// assert_eq!(config.memo_limit_bytes, kayles_solve::config::default_memo_limit_bytes());
    /// assert!(config.reductions && config.known_pieces);
    /// ```
    pub fn config(&self) -> SearchConfig {
        let memo_limit_bytes = self
            .memo_limit_bytes
            .unwrap_or_else(default_memo_limit_bytes);
        SearchConfig {
            method: self.method,
            heap_moves_first: self.heap_moves_first,
            small_order: self.small_order,
            leaf_order: self.leaf_order,
            fault: None,
            memo_key: self.memo_key,
            canonical_max_order: self
                .canonical_max_order
                .unwrap_or(SearchConfig::default().canonical_max_order),
            threads: self.threads,
            parallel_min_order: SearchConfig::default().parallel_min_order,
            split_after: SearchConfig::default().split_after,
            split_warm_up: SearchConfig::default().split_warm_up,
            killer_levels: SearchConfig::default().killer_levels,
            killer_slots: SearchConfig::default().killer_slots,
            reductions: self.reductions,
            known_pieces: self.known_pieces,
            exact_cache_bytes: self.exact_cache_bytes,
            // An eighth of the memo limit, at most the engine's default, for each thread.
            leaf_table_bytes: (memo_limit_bytes / 8).min(SearchConfig::default().leaf_table_bytes),
            memo_limit_bytes,
        }
    }

    /// These options with the search method `method` (the front ends' `--method`,
    /// `method=`).
    ///
    /// ```
    /// use kayles_core::engine::Method;
    /// use kayles_solve::config::SearchOptions;
    /// let mex = SearchOptions::default().with_method(Method::Mex);
    /// assert_eq!(mex.method, Method::Mex);
    /// assert_eq!(mex.memo_key, SearchOptions::default().memo_key);
    /// ```
    pub fn with_method(self, method: Method) -> Self {
        SearchOptions { method, ..self }
    }

    /// A solver of `game` with these options.
    pub fn solver(&self, game: GameKind) -> GameSolver {
        GameSolver::new(game, self.config())
    }

    /// Sets `solver` up for the graph named `name` (`None`: a graph without a name) under
    /// the symmetry memo key: the family's host symmetry when `name` is a family spec
    /// that has one (grids, queens, `P(n, k)`, paths, cycles), none otherwise; and
    /// canonical forms up to [`canonical_max_order`](Self::canonical_max_order) vertices,
    /// by default none on top of a host symmetry (they cost more than they save there)
    /// and 64 without one. Other memo keys leave the solver as it is.
    ///
    /// ```
    /// use kayles_core::GameKind;
    /// use kayles_solve::{config::SearchOptions, graphs};
    /// let options = SearchOptions::default();
    /// let mut solver = options.solver(GameKind::Node);
    /// options.prepare(&mut solver, Some("grid:3x5"));
    /// assert_eq!(solver.config().canonical_max_order, 0);
    /// options.prepare(&mut solver, Some("Bg"));
    /// assert_eq!(solver.config().canonical_max_order, 64);
    /// assert_eq!(solver.nimber(&graphs::parse("Bg").unwrap()), Ok(2));
    /// ```
    pub fn prepare(&self, solver: &mut GameSolver, name: Option<&str>) {
        if self.memo_key != MemoKey::Symmetry {
            return;
        }
        let symmetry = name.and_then(family_symmetry);
        let default_order = if symmetry.is_some() {
            0
        } else {
            SearchConfig::default().canonical_max_order
        };
        solver.set_config(SearchConfig {
            canonical_max_order: self.canonical_max_order.unwrap_or(default_order),
            ..solver.config()
        });
        solver.set_host_symmetry(symmetry);
    }

    /// A solver of `game` with these options, set up for the graph named `name`.
    ///
    /// ```
    /// use kayles_core::GameKind;
    /// use kayles_solve::{config::SearchOptions, graphs};
    /// let options = SearchOptions::default();
    /// let grid = graphs::parse("grid:3x6").unwrap();
    /// assert_eq!(options.solver_for(GameKind::Node, Some("grid:3x6")).nimber(&grid), Ok(3));
    /// assert_eq!(options.solver_for(GameKind::Node, None).nimber(&grid), Ok(3));
    /// ```
    pub fn solver_for(&self, game: GameKind, name: Option<&str>) -> GameSolver {
        let mut solver = self.solver(game);
        self.prepare(&mut solver, name);
        solver
    }
}
