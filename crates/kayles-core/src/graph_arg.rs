//! A graph named by text, as the `kayles` command and the Python package take it: a graph6
//! string (`Bw`) or a family spec (`grid:3x4`, see [`families`]), and
//! the search set-up such a name implies (a family's host symmetry).

use crate::engine::{MemoKey, SearchConfig};
use crate::families::{self, FamilyError};
use crate::game::GameSolver;
use crate::graph6::{self, Graph6Error};
use crate::{GameKind, Graph};
use thiserror::Error;

/// Why a graph argument was rejected; the message is the one-line error the command line
/// prints.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum GraphArgError {
    /// Not a valid graph6 string.
    #[error("{error} (argument '{arg}')")]
    Graph6 {
        /// What is wrong with it.
        error: Graph6Error,
        /// The argument, trimmed.
        arg: String,
    },
    /// A family spec that names no family or has bad parameters.
    #[error(transparent)]
    Family(#[from] FamilyError),
}

/// Whether `arg` is read as a family spec (it has a `:` after a name) rather than graph6.
///
/// ```
/// use kayles_core::graph_arg::is_family_spec;
/// assert!(is_family_spec("grid:3x4"));
/// assert!(!is_family_spec("Bw"));
/// ```
pub fn is_family_spec(arg: &str) -> bool {
    let arg = arg.trim();
    arg.contains(':') && !arg.starts_with(':')
}

/// Parses a graph argument: a family spec when it has a `:` after a name, else graph6.
/// Surrounding white space (a newline from `nauty-geng`) is ignored.
///
/// ```
/// use kayles_core::graph_arg::parse;
/// assert_eq!(parse("grid:2x3").unwrap().order(), 6);
/// assert_eq!(parse("Bg\n").unwrap().size(), 2);
/// assert_eq!(
///     parse("B!").unwrap_err().to_string(),
///     "graph6: byte 0x21 at position 1 is outside 63..=126 (argument 'B!')"
/// );
/// assert!(parse("cube:3").unwrap_err().to_string().starts_with("unknown family 'cube'"));
/// ```
pub fn parse(arg: &str) -> Result<Graph, GraphArgError> {
    let arg = arg.trim();
    if is_family_spec(arg) {
        Ok(families::build(arg)?)
    } else {
        graph6::parse(arg).map_err(|error| GraphArgError::Graph6 {
            error,
            arg: arg.to_string(),
        })
    }
}

/// The search engine the `kayles` command uses by default for `game` on the graph named
/// `arg` (the symmetry memo key, set up by [`use_host_symmetry`]); `None` for a graph given
/// otherwise (built in code, or from Python), which gets the same engine without a host
/// symmetry.
///
/// ```
/// use kayles_core::graph_arg::{default_solver, parse};
/// use kayles_core::GameKind;
/// let spec = "grid:3x6";
/// let grid = parse(spec).unwrap();
/// assert_eq!(default_solver(GameKind::Node, Some(spec)).nimber(&grid), Ok(3));
/// assert_eq!(default_solver(GameKind::Node, None).nimber(&grid), Ok(3));
/// assert_eq!(default_solver(GameKind::Arc, Some("path:4")).nimber(&parse("path:4").unwrap()), Ok(2));
/// ```
pub fn default_solver(game: GameKind, arg: Option<&str>) -> GameSolver {
    let mut solver = GameSolver::new(
        game,
        SearchConfig {
            memo_key: MemoKey::Symmetry,
            ..SearchConfig::default()
        },
    );
    use_host_symmetry(&mut solver, arg.unwrap_or(""), None);
    solver
}

/// Sets `solver` up for the graph named `arg` under the symmetry memo key: the family's
/// host symmetry when `arg` is a family spec that has one (grids, queens, `P(n, k)`,
/// paths, cycles), none otherwise; and canonical forms up to `canonical_max_order`
/// vertices, by default none on top of a host symmetry (they cost more than they save
/// there) and [`SearchConfig::default`]'s threshold without one.
///
/// ```
/// use kayles_core::{game::GameSolver, graph_arg, engine::SearchConfig, GameKind};
/// let mut solver = GameSolver::new(GameKind::Node, SearchConfig::default());
/// graph_arg::use_host_symmetry(&mut solver, "grid:3x5", None);
/// assert_eq!(solver.config().canonical_max_order, 0);
/// graph_arg::use_host_symmetry(&mut solver, "Bg", None);
/// assert_eq!(solver.config().canonical_max_order, 64);
/// assert_eq!(solver.nimber(&graph_arg::parse("Bg").unwrap()), Ok(2));
/// ```
pub fn use_host_symmetry(solver: &mut GameSolver, arg: &str, canonical_max_order: Option<usize>) {
    let symmetry = if is_family_spec(arg) {
        families::host_symmetry(arg.trim()).ok().flatten()
    } else {
        None
    };
    let default_order = if symmetry.is_some() {
        0
    } else {
        SearchConfig::default().canonical_max_order
    };
    solver.set_config(SearchConfig {
        canonical_max_order: canonical_max_order.unwrap_or(default_order),
        ..solver.config()
    });
    solver.set_host_symmetry(symmetry);
}
