//! The kayles-chains test binary: the fixture chains against direct search, brute force
//! and their published values (`fixtures`), random gadgets (`properties`), bad chain
//! files (`spec_errors`), and refusals of chains that do not split (`refusals`).

mod common;
mod fixtures;
mod properties;
mod refusals;
mod spec_errors;
