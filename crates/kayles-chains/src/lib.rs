//! `kayles-chains`: chains of gadgets (`docs/claims/README.md` section 6). From a chain file (a gadget,
//! its links `[x, y, d]`, optional caps), derive the recurrence of its Node Kayles or Arc
//! Kayles values by playing every kind of move, compute terms at b-file scale, and prove
//! eventual periodicity.
//!
//! * [`spec`]: the chain file (TOML) and its validation; [`segment`]: segment graphs
//!   `[left end | m copies | right end]`.
//! * [`derive`](mod@derive): the move analysis, which proves the chain splits (or names a move that
//!   joins the two sides) and yields a [`recurrence::Recurrence`]; [`ends`] identifies end
//!   types up to isomorphism.
//! * [`eval`]: terms, the runs of xors through `kayles_sequences::kernel`.
//! * [`check`]: every type against direct search; [`period`]: the periodicity theorem for
//!   splitting chains, with its bound.
//! * [`pipeline`]: all of `kayles chain` as one call ([`run`]) or stage by stage
//!   ([`ChainRun`]), shared by the command line and the Python package.
//!
//! ```
//! use kayles_chains::{derive, eval, period, spec};
//! let path = spec::parse("[gadget]\norder = 1\nlinks = [[0, 0, 1]]\n").unwrap();
//! let rec = derive::derive(&path, kayles_core::GameKind::Node).unwrap();
//! let proof = period::find(&rec, &period::Limits::default()).unwrap();
//! assert_eq!((proof.chain_period, proof.chain_preperiod), (34, 52)); // Dawson's chess
//! ```
//!
//! `docs/chains.md` states the method, the theorem and its proof, and the fixture chains.

pub mod check;
pub mod derive;
pub mod ends;
pub mod eval;
pub mod period;
pub mod pipeline;
pub mod play;
pub mod recurrence;
pub mod segment;
pub mod spec;

pub use pipeline::{
    run, ChainError, ChainReport, ChainRequest, ChainRun, CheckSummary, PeriodReport,
};
