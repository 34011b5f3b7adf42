//! `kayles-graph`: the graph model under the `kayles` engines — vertex sets of any width
//! ([`VertexSet`], and the fixed-width [`bits::Bits`] the engines' hot loops are generic
//! over), graphs ([`Graph`]), graph6, the named families and their boards, host
//! symmetries, and canonical codes of graphs.
//!
//! It knows no game and no engine: what a move is, and what a position is worth, are
//! `kayles-core`'s. Like `kayles-core`, it does no I/O: it parses and formats strings, and
//! computes.
//!
//! ```
//! use kayles_graph::{families, Graph};
//! let grid = families::build("grid:3x4").unwrap();
//! assert_eq!(grid.order(), 12);
//! assert_eq!(grid, Graph::from_edges(12, &grid.edges()));
//! ```
//!
//! The modules, each importing only those before it: [`bits`], `vertex_set`, [`graph`],
//! [`graph6`], [`symmetry`], [`canonical`], [`families`], [`board`].

pub mod bits;
pub mod board;
pub mod canonical;
pub mod families;
pub mod graph;
pub mod graph6;
pub mod symmetry;
mod vertex_set;

pub use graph::Graph;
pub use vertex_set::VertexSet;
