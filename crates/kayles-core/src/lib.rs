//! `kayles-core`: vertex sets, graphs, graph6, named families, and the Node Kayles and Arc
//! Kayles engines (full subset table and single-position search).
//!
//! The games are defined in `docs/claims/README.md` section 1. Node Kayles: a move picks a vertex
//! `v` and deletes its closed neighbourhood `N[v]`; the nimber is
//! `g(G) = mex { g(G - N[v]) : v in V(G) }`.
//!
//! ```
//! use kayles_core::{families, node::Solver, table::SubsetTable};
//! let grid = families::build("grid:3x4").unwrap();
//! assert_eq!(Solver::new().nimber(&grid), Ok(0));
//! let table = SubsetTable::compute(&grid).unwrap();
//! assert_eq!(table.nimber((1 << 12) - 1), 0);
//! ```
//!
//! This crate does no I/O: it parses and formats strings, and computes.

// vertex_game.rs (the lead's new engine, left alone here) has a redundant explicit link
// target (`[engine](crate::engine)`); drop this allow when it is written `[engine]`.
#![allow(rustdoc::redundant_explicit_links)]

pub mod arc;
pub mod bits;
pub mod board;
pub mod brute;
pub mod canonical;
pub mod dense_leaf;
pub mod engine;
pub mod families;
pub mod game;
pub mod graph;
pub mod graph6;
mod huge_pages;
pub mod known;
pub mod leaf_host_table;
pub mod mex;
pub mod moves;
pub mod node;
pub mod small;
pub mod small_table;
pub mod split;
pub mod stack;
pub mod symmetry;
pub mod table;
pub mod vertex_game;
mod vertex_set;

pub use game::GameKind;
pub use graph::Graph;
pub use vertex_set::VertexSet;

/// The examples of README.md, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
