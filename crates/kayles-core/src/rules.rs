//! The rules of the two games, each written once: [`GameKind`] names them, and the
//! moves are [`node_move`] and [`arc_move`] (with [`closed_of`], the closed neighbourhood
//! from the open one) on the fixed-width sets of the hot loops, [`node_move_in`] and
//! [`arc_move_in`] on vertex sets of any width, [`node_move_words`] and
//! [`arc_move_words`] on word slices of any width (the certificate writer's). Every engine that plays a move (the
//! search's rules in `node.rs` and `arc.rs`, the subset table, the small tables, the
//! small solver, the dense leaf, the moves of a position, the certificate writer, the
//! module quotient and the sequences' checks) calls these.
//! The judges in [`brute`](crate::brute) write the games out again, by definition, so that
//! a kernel under test is never its own judge.
//!
//! Both games are played on the vertex sets of a graph (docs/claims/README.md section 1):
//! - **Node Kayles**: a move picks a vertex `v` and deletes its closed neighbourhood `N[v]`;
//! - **Arc Kayles**: a move picks an edge `uv` and deletes both endpoints (so every edge
//!   that touches them goes too). An isolated vertex is dead: no move ever uses it.
//!
//! The functions are `#[inline(always)]` over [`Bits`]: on `u64` masks they are the one
//! or two instructions the hot loops wrote inline before.

use crate::bits::Bits;
use crate::{Graph, VertexSet};
use std::fmt;
use std::str::FromStr;

/// Node Kayles or Arc Kayles.
///
/// ```
/// use kayles_core::GameKind;
/// assert_eq!("arc".parse::<GameKind>(), Ok(GameKind::Arc));
/// assert_eq!(GameKind::Node.to_string(), "node");
/// assert!("chess".parse::<GameKind>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
pub enum GameKind {
    /// A move deletes a closed neighbourhood `N[v]`.
    #[default]
    Node,
    /// A move deletes both endpoints of an edge.
    Arc,
}

impl GameKind {
    /// Both games, Node Kayles first.
    pub const ALL: [GameKind; 2] = [GameKind::Node, GameKind::Arc];

    /// The game's name in titles and messages: "Node Kayles" or "Arc Kayles".
    pub fn title(self) -> &'static str {
        match self {
            GameKind::Node => "Node Kayles",
            GameKind::Arc => "Arc Kayles",
        }
    }

    /// The name used on the command line and in JSON: `node` or `arc`.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Node => "node",
            GameKind::Arc => "arc",
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GameKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "node" => Ok(GameKind::Node),
            "arc" => Ok(GameKind::Arc),
            other => Err(format!("unknown game {other:?} (expected node or arc)")),
        }
    }
}

/// Node Kayles: the position left when the vertex with closed neighbourhood `closed_v`
/// (`N[v]`, `v` included) is played in `set`: `set \ N[v]`.
///
/// ```
/// use kayles_core::rules::node_move;
/// // The path 0 - 1 - 2 - 3: playing 1 deletes N[1] = {0, 1, 2}.
/// assert_eq!(node_move(0b1111u64, 0b0111), 0b1000);
/// ```
#[inline(always)]
pub fn node_move<S: Bits>(set: S, closed_v: S) -> S {
    set.difference(closed_v)
}

/// Arc Kayles: the position left when the edge `uv` is played in `set`: `set \ {u, v}`.
///
/// ```
/// use kayles_core::rules::arc_move;
/// assert_eq!(arc_move(0b1111u64, 1, 2), 0b1001);
/// ```
#[inline(always)]
pub fn arc_move<S: Bits>(set: S, u: usize, v: usize) -> S {
    set.difference(S::singleton(u).union(S::singleton(v)))
}

/// The closed neighbourhood `N[v]` of `v` from its open one `N(v)`: what a Node Kayles
/// move at `v` deletes.
///
/// ```
/// use kayles_core::rules::closed_of;
/// assert_eq!(closed_of(0b0101u64, 1), 0b0111);
/// ```
#[inline(always)]
pub fn closed_of<S: Bits>(open_v: S, v: usize) -> S {
    open_v.union(S::singleton(v))
}

/// [`node_move`] on a vertex set of any width of `host`: `set \ N[v]`.
///
/// ```
/// use kayles_core::{families, rules::node_move_in};
/// let p4 = families::path(4);
/// let left = node_move_in(&p4, &p4.vertices(), 1);
/// assert_eq!(left.iter().collect::<Vec<_>>(), [3]);
/// ```
pub fn node_move_in(host: &Graph, set: &VertexSet, v: usize) -> VertexSet {
    set.difference(&host.closed_neighbourhood(v))
}

/// [`arc_move`] on a vertex set of any width: `set \ {u, v}`.
///
/// ```
/// use kayles_core::{families, rules::arc_move_in};
/// let p4 = families::path(4);
/// let left = arc_move_in(&p4.vertices(), 1, 2);
/// assert_eq!(left.iter().collect::<Vec<_>>(), [0, 3]);
/// ```
pub fn arc_move_in(set: &VertexSet, u: usize, v: usize) -> VertexSet {
    let mut out = set.clone();
    out.remove(u);
    out.remove(v);
    out
}

/// [`node_move`] on a set of any width held as words (bit `j` of word `i` is vertex
/// `64 i + j`), with `open_v` the words of the open neighbourhood `N(v)`: the certificate
/// writer's form.
///
/// ```
/// use kayles_core::rules::node_move_words;
/// // Vertex 64 adjacent to 0 and 65; playing it in {0, 1, 64, 65, 66} leaves {1, 66}.
/// let after = node_move_words(&[0b11, 0b111], &[0b1, 0b10], 64);
/// assert_eq!(after, [0b10, 0b100]);
/// ```
pub fn node_move_words(set: &[u64], open_v: &[u64], v: usize) -> Vec<u64> {
    let mut after: Vec<u64> = set.iter().zip(open_v).map(|(s, r)| s & !r).collect();
    after[v / 64] &= !(1 << (v % 64));
    after
}

/// [`arc_move`] on a set of any width held as words: `set \ {u, v}`.
///
/// ```
/// use kayles_core::rules::arc_move_words;
/// assert_eq!(arc_move_words(&[0b111, 0b1], 1, 64), [0b101, 0]);
/// ```
pub fn arc_move_words(set: &[u64], u: usize, v: usize) -> Vec<u64> {
    let mut after = set.to_vec();
    after[u / 64] &= !(1 << (u % 64));
    after[v / 64] &= !(1 << (v % 64));
    after
}
