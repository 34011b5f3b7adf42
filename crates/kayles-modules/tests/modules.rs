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
#[path = "modules/perf.rs"]
mod perf;
