//! Integration tests of `kayles-modules` against direct enumeration (`kayles_core`'s
//! subset table, plain search and the brute-force definition).

#[path = "modules/support.rs"]
mod support;

#[path = "modules/blowups.rs"]
mod blowups;
#[path = "modules/closed_forms.rs"]
mod closed_forms;
#[path = "modules/decomposition.rs"]
mod decomposition;
#[path = "modules/errors.rs"]
mod errors;
#[path = "modules/examples.rs"]
mod examples;
/// The corpus of known values (`fixtures/known/`), shared by every crate's tests.
#[path = "../../../fixtures/known/known.rs"]
mod known;
#[path = "modules/known_values.rs"]
mod known_values;
#[path = "modules/perf.rs"]
mod perf;
