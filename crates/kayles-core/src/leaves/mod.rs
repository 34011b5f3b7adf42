//! The search's leaves: small or dense components answered without the search's
//! machinery (components, keys, memos), each tested against the games' definitions in
//! [`brute`](crate::brute).
//!
//! - [`small_table`]: the nimber of every labelled graph on at most 7 vertices, for each
//!   game, in complete tables filled on demand.
//! - [`small`]: `SmallSolver`, the nimber of a graph of at most 16 vertices by a memoized
//!   mex over its subsets, reading the complete tables below 8 vertices.
//! - [`host_table`]: `LeafHostTable`, the dense leaf's host subsets -> records, shared
//!   by every thread of a search without locks.
//! - [`dense`]: `DenseLeaf`, whether `G + *h` is a win for a dense Node Kayles graph of
//!   at most 64 vertices.
//!
//! They import, below themselves, only the graph model, [`mex`](crate::mex),
//! [`record`](crate::record), [`brute`](crate::brute) (the judges, in their tests) and
//! the huge-pages hint; the engine imports them, never the other way round.

pub mod dense;
pub mod host_table;
pub mod small;
pub mod small_table;
