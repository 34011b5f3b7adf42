//! `kayles-core`: the Node Kayles and Arc Kayles games and their engines (the games'
//! definitions, the full subset table, the single-position search with its leaves, and
//! the split for scale-out), over the graph model of `kayles-graph`.
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
//! The graph model's modules (`bits`, `graph`, `graph6`, `families`, `board`, `symmetry`,
//! `canonical`, and `Graph`, `VertexSet`, `with_width!`) live in `kayles-graph`; they are
//! re-exported here so that `kayles_core::families` and `kayles_graph::families` are the
//! same module.
//!
//! This crate does no I/O: it parses and formats strings, and computes.

// vertex_game.rs (the lead's new engine, left alone here) has a redundant explicit link
// target (`[engine](crate::engine)`); drop this allow when it is written `[engine]`.
#![allow(rustdoc::redundant_explicit_links)]

pub use kayles_graph::{bits, board, canonical, families, graph, graph6, symmetry, with_width};

pub mod arc;
pub mod brute;
pub mod engine;
pub mod game;
mod huge_pages;
pub mod known;
pub mod leaves;
pub mod mex;
pub mod move_names;
pub mod moves;
pub mod node;
pub mod record;
pub mod rules;
pub mod split;
pub mod stack;
pub mod table;
pub mod vertex_game;

pub use kayles_graph::{Graph, VertexSet};
pub use rules::GameKind;

/// The examples of README.md, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
