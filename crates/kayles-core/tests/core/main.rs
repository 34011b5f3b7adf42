//! The integration tests of `kayles-core`: one binary, one module per concern.
//!
//! Every fast engine (subset table, search with each memo key and layer) is checked against
//! the plain definition of the game (`kayles_core::brute`) on exhaustive small families and
//! on quickcheck-generated graphs, and against published values.

mod arbitrary;
mod corpus;
mod exhaustive;
/// The corpus of known values (`fixtures/known/`), shared by every crate's tests.
#[path = "../../../../fixtures/known/known.rs"]
mod known;
mod known_values;
mod moves;
mod properties;
mod reductions;
mod shifts;
mod split;
mod symmetry;
mod threads;
mod twin_squares;
