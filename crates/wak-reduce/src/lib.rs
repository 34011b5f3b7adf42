//! `wak-reduce`: Weighted Arc-Kayles (docs/claims/README.md section 4) — the game, its reductions,
//! the Arc-Kayles expansion, rook boards, and the position-set (PS) lemma checker.
//!
//! A position is a [`WeightedGraph`]: counters on vertices, simple edges and loops. A move
//! plays an edge `uv` with both counters positive and lowers both by one, or a loop `uu`
//! and lowers `w(u)` by one. Normal play.
//!
//! ```
//! use wak_reduce::{expand, reduce, rooks::{Board, Cover}, Solver, WeightedGraph};
//! let g = WeightedGraph::parse("3,2,5", "0-1,1-2,2-2").unwrap();
//! let value = Solver::new().nimber(&g).unwrap();
//! assert_eq!(value, expand::arc_nimber(&g).unwrap());          // WAK-TO-ARC
//! let r = reduce::reduce(&g);                                     // canonical position + trace
//! assert_eq!(Solver::plain().nimber(&r.position).unwrap(), value);
//! let board = Board::parse("..#/.../#..").unwrap();               // WAK-ROOKS
//! assert_eq!(board.nimber_direct(), board.nimber_via_wak(Cover::UnitSegments).unwrap());
//! ```
//!
//! Modules, one job each:
//! - [`position`]: the position and its moves; [`error`]: [`WakError`];
//! - [`reduce`]: the reductions as single steps, and `reduce` to a canonical position;
//! - [`solve`]: the exact solver (reductions, components, canonical memo); [`split`]:
//!   the game tree split into jobs and joined again;
//!   [`brute`]: the by-definition judge; `canon` (private): canonical codes;
//! - [`expand`]: WAK-TO-ARC; [`rooks`]: WAK-ROOKS;
//! - [`ps_lemma`]: the PS-LEMMA checker; [`lemmas`]: the lemma families;
//!   [`bench`](mod@bench): benchmark positions.

pub mod bench;
pub mod brute;
mod canon;
pub mod error;
pub mod expand;
pub mod lemmas;
pub mod position;
pub mod ps_lemma;
pub mod reduce;
pub mod rooks;
pub mod solve;
pub mod split;
pub mod step;

pub use error::WakError;
pub use position::{Move, WeightedGraph};
pub use reduce::{Reduced, Reduction};
pub use solve::Solver;

/// The examples of README.md, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
