//! `certify`: every claim of `docs/claims/README.md` checked exhaustively on the fixture families.
//!
//! Each claim id (`NK-XOR`, `MOD-CLIQUE`, `WAK-HEAVY`, ...) has one entry in the
//! [`registry`]: its statement in one line, the fixture families it runs on, and a check
//! that compares the claimed route with direct search (a by-definition judge, or two
//! independent engines) on every instance and, where the claim is about subsets, every
//! starting subset. A check returns [`Counts`] or the first [`Counterexample`], written so
//! that a reader can reproduce it by hand (graph6 string, subset as a vertex list,
//! expected against got).
//!
//! The engine under test is a parameter ([`Engines`]): the registry runs the project's
//! engines, and the tests swap in faulty ones to show that each check can fail.
//!
//! Modules, one per claim family: [`node_kayles`] (NK-*), [`modules`] (MOD-*),
//! [`sequences`] (SEQ-*), [`wak`] (WAK-*, PS-LEMMA), [`chains`] (CHAIN-*); [`fixtures`] reads `fixtures/`,
//! [`histograms`] computes the histograms the snapshot tests pin, [`report`] renders the
//! table and the JSON report (and merges shard reports).
//!
//! ```no_run
//! use certify::{registry, Context, Tier};
//! let ctx = Context::new(Tier::Quick);
//! for claim in registry::claims() {
//!     let result = registry::run(&claim, &ctx);
//!     println!("{} {:?}", claim.id, result.verdict);
//! }
//! ```

pub mod chains;
pub mod check;
pub mod engines;
pub mod fixtures;
pub mod histograms;
pub mod modules;
pub mod node_kayles;
pub mod registry;
pub mod report;
pub mod sequences;
pub mod wak;

pub use check::{CheckError, CheckResult, Context, Counterexample, Counts, Shard};
pub use engines::Engines;
pub use fixtures::Tier;

/// The examples of README.md, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
