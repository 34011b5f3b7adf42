//! The move analysis behind the linked 4-cycle recurrence, as data, and its check against
//! the graphs themselves.
//!
//! Every move on an `a`, `b` or `c` graph deletes a closed neighbourhood `N[x]` and leaves a
//! disjoint union of *pieces*: smaller `a`, `b` and `c` graphs (possibly mirrored) and
//! isolated vertices. [`move_pieces`] states, for every vertex `x` of the `n`-th graph of a
//! family, which pieces `G - N[x]` falls into. That table is the whole content of the
//! recurrence: the value of the move is the xor of the values of its pieces, and the term
//! is the mex over the moves ([`term_by_moves`]).
//!
//! [`check_moves`] verifies the table on the actual graphs: it deletes `N[x]` from the
//! family graph built by `kayles_core::families`, splits the rest into connected
//! components, and compares the multiset of their canonical codes
//! ([`kayles_core::canonical::Canonizer`]; equal codes mean isomorphic graphs) with the
//! multiset of codes of the predicted pieces. A pass means every option formula is exactly
//! right for that `n`, edge cases included, independently of any nimber.
//!
//! Conventions (as in `docs/claims/README.md` section 3): `a(0)` is `L_0`, a single vertex (value
//! 1); `b(-1)` is the empty graph (value 0) and is never listed as a piece; `c(-1)` is the path
//! on two vertices (value 1). `b(0)` is `P_3` and `c(0)` is `P_5`.

use crate::linked_c4::LinkedC4Terms;
use kayles_core::canonical::{self, Canonizer};
use kayles_core::rules::node_move_in;
use kayles_core::{families, Graph, VertexSet};
use std::collections::HashMap;
use std::fmt;

pub use crate::linked_c4::Family;

/// A vertex of a linked 4-cycle graph, named as in `docs/claims/README.md`: `U(i)` is `u_i`
/// (`i` from `-1` for `c`, `1` for `a` and `b`, up to `n + 1` for `a`, `n + 3` for `b`
/// and `c`), `V(i)` and `W(i)` are `v_i` and `w_i` (`1 <= i <= n`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Vertex {
    /// `u_i`, on the path.
    U(i64),
    /// `v_i`, adjacent to `u_i` and `w_i`.
    V(i64),
    /// `w_i`, adjacent to `v_i` and `u_{i+1}`.
    W(i64),
}

impl fmt::Display for Vertex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Vertex::U(i) => write!(f, "u_{i}"),
            Vertex::V(i) => write!(f, "v_{i}"),
            Vertex::W(i) => write!(f, "w_{i}"),
        }
    }
}

/// The vertices of the `n`-th graph of `family`, in the vertex order of
/// `kayles_core::families` (path vertices left to right, then `v_1, w_1, v_2, ...`).
pub fn vertices(family: Family, n: usize) -> Vec<Vertex> {
    let n = n as i64;
    let first = 1 - family.left() as i64;
    let last = n + 1 + family.right() as i64;
    let mut out: Vec<Vertex> = (first..=last).map(Vertex::U).collect();
    for i in 1..=n {
        out.push(Vertex::V(i));
        out.push(Vertex::W(i));
    }
    out
}

/// A component left by a move: `Piece::A(k)` is `L_k` (`A(0)` is a single vertex),
/// `Piece::B(k)` the `b` graph of index `k >= 0`, `Piece::C(k)` the `c` graph of index
/// `k >= -1` (`C(-1)` is `P_2`). Mirror images are the same piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Piece {
    /// `L_k`, value `a(k)`.
    A(i64),
    /// The `b` graph of index `k`, value `b(k)`.
    B(i64),
    /// The `c` graph of index `k`, value `c(k)`.
    C(i64),
}

impl Piece {
    /// The graph of the piece.
    pub fn graph(self) -> Graph {
        match self {
            Piece::A(k) => Family::A.graph(k as usize),
            Piece::B(k) => Family::B.graph(k as usize),
            Piece::C(-1) => families::path(2),
            Piece::C(k) => Family::C.graph(k as usize),
        }
    }

    /// The value of the piece read from computed terms.
    ///
    /// # Panics
    /// If the index is outside the computed range.
    pub fn value(self, terms: &LinkedC4Terms) -> u16 {
        match self {
            Piece::A(k) => terms.a[k as usize],
            Piece::B(k) => terms.b[k as usize],
            Piece::C(-1) => 1,
            Piece::C(k) => terms.c[k as usize],
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Piece::A(k) => write!(f, "a({k})"),
            Piece::B(k) => write!(f, "b({k})"),
            Piece::C(k) => write!(f, "c({k})"),
        }
    }
}

/// Pushes `b(k)` unless it is `b(-1)`, the empty graph.
fn push_b(out: &mut Vec<Piece>, k: i64) {
    if k >= 0 {
        out.push(Piece::B(k));
    }
}

/// The pieces of `G - N[x]` for the `n`-th graph `G` of `family` (`n >= 1`): the move
/// analysis of the recurrence, one formula per kind of vertex.
///
/// * `a(n)` (`L_n`): `v_i` leaves `b(i-2) + a(n-i)` (the square left of `v_i` loses `u_i`
///   and becomes the pendant 2-path of a `b` graph; the squares right of it are untouched);
///   `w_i` is the mirror image, `a(i-1) + b(n-i-1)`; `u_1` and `u_{n+1}` leave an isolated
///   vertex (`w_1`, resp. `v_n`) and `b(n-2)`; `u_i` with `2 <= i <= n` leaves
///   `b(i-3) + v_{i-1} + w_i + b(n-i-1)`.
/// * `b(n)` (right path `u_{n+2} u_{n+3}`): `v_i` leaves `b(i-2) + b(n-i)`; `w_i` leaves
///   `a(i-1) + c(n-i-1)` (the right part keeps the pendant 2-path `v_{i+1} w_{i+1}` on its
///   left and `u_{n+2} u_{n+3}` on its right); `u_1` leaves `w_1 + c(n-2)`; `u_i`
///   (`2 <= i <= n`) leaves `b(i-3) + v_{i-1} + w_i + c(n-i-1)`; `u_{n+1}` leaves
///   `b(n-2) + v_n + u_{n+3}`; `u_{n+2}` leaves `b(n-1)`; `u_{n+3}` leaves `a(n)`.
/// * `c(n)` (also the left path `u_{-1} u_0`): `u_{-1}` and `u_{n+3}` leave `b(n)`; `u_0`
///   and `u_{n+2}` leave `c(n-1)`; `u_1` and `u_{n+1}` leave `c(n-2)` and two isolated
///   vertices; `u_i` (`2 <= i <= n`) leaves `c(i-3) + v_{i-1} + w_i + c(n-i-1)`; `v_i`
///   leaves `c(i-2) + b(n-i)` and `w_i` its mirror image `b(i-1) + c(n-i-1)`.
///
/// Isolated vertices are listed as `A(0)`; `b(-1)` (empty) is omitted.
///
/// # Panics
/// If `n == 0` (the recurrence starts at `n = 1`; `b(0)`, `c(0)` are initial values) or
/// `x` is not a vertex of the graph.
pub fn move_pieces(family: Family, n: usize, x: Vertex) -> Vec<Piece> {
    assert!(n >= 1, "move_pieces: the move analysis is for n >= 1");
    let n = n as i64;
    let dot = Piece::A(0);
    let mut out = Vec::new();
    match (family, x) {
        (Family::A, Vertex::V(i)) if (1..=n).contains(&i) => {
            push_b(&mut out, i - 2);
            out.push(Piece::A(n - i));
        }
        (Family::A, Vertex::W(i)) if (1..=n).contains(&i) => {
            out.push(Piece::A(i - 1));
            push_b(&mut out, n - i - 1);
        }
        (Family::A, Vertex::U(i)) if i == 1 || i == n + 1 => {
            out.push(dot);
            push_b(&mut out, n - 2);
        }
        (Family::A, Vertex::U(i)) if (2..=n).contains(&i) => {
            push_b(&mut out, i - 3);
            out.extend([dot, dot]);
            push_b(&mut out, n - i - 1);
        }
        (Family::B, Vertex::V(i)) if (1..=n).contains(&i) => {
            push_b(&mut out, i - 2);
            out.push(Piece::B(n - i));
        }
        (Family::B, Vertex::W(i)) if (1..=n).contains(&i) => {
            out.push(Piece::A(i - 1));
            out.push(Piece::C(n - i - 1));
        }
        (Family::B, Vertex::U(1)) => {
            out.push(dot);
            out.push(Piece::C(n - 2));
        }
        (Family::B, Vertex::U(i)) if (2..=n).contains(&i) => {
            push_b(&mut out, i - 3);
            out.extend([dot, dot]);
            out.push(Piece::C(n - i - 1));
        }
        (Family::B, Vertex::U(i)) if i == n + 1 => {
            push_b(&mut out, n - 2);
            out.extend([dot, dot]);
        }
        (Family::B, Vertex::U(i)) if i == n + 2 => push_b(&mut out, n - 1),
        (Family::B, Vertex::U(i)) if i == n + 3 => out.push(Piece::A(n)),
        (Family::C, Vertex::U(i)) if i == -1 || i == n + 3 => out.push(Piece::B(n)),
        (Family::C, Vertex::U(i)) if i == 0 || i == n + 2 => out.push(Piece::C(n - 1)),
        (Family::C, Vertex::U(i)) if i == 1 || i == n + 1 => {
            out.push(Piece::C(n - 2));
            out.extend([dot, dot]);
        }
        (Family::C, Vertex::U(i)) if (2..=n).contains(&i) => {
            out.push(Piece::C(i - 3));
            out.extend([dot, dot]);
            out.push(Piece::C(n - i - 1));
        }
        (Family::C, Vertex::V(i)) if (1..=n).contains(&i) => {
            out.push(Piece::C(i - 2));
            push_b(&mut out, n - i);
        }
        (Family::C, Vertex::W(i)) if (1..=n).contains(&i) => {
            push_b(&mut out, i - 1);
            out.push(Piece::C(n - i - 1));
        }
        _ => panic!("move_pieces: {x} is not a vertex of {family}({n})"),
    }
    out
}

/// The `n`-th term of `family` (`n >= 1`) as the mex over every move of the xor of its
/// pieces' values ([`move_pieces`]), with the smaller terms read from `terms`. Slow
/// (`O(n)` piece lists per term) but a literal transcription of the move analysis; the
/// fast recurrence is checked against it.
///
/// # Panics
/// If a needed smaller term is missing from `terms`, or `n == 0`.
pub fn term_by_moves(family: Family, n: usize, terms: &LinkedC4Terms) -> u16 {
    let values: Vec<u16> = vertices(family, n)
        .into_iter()
        .map(|x| {
            move_pieces(family, n, x)
                .iter()
                .fold(0, |acc, p| acc ^ p.value(terms))
        })
        .collect();
    kayles_core::mex::of_values(values)
}

/// A move whose leftover components are not the predicted pieces.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{family}({n}), move at {vertex}: predicted {predicted}, but the components are not isomorphic to those pieces")]
pub struct MoveMismatch {
    /// The family.
    pub family: Family,
    /// The index of the graph.
    pub n: usize,
    /// The vertex played.
    pub vertex: Vertex,
    /// The predicted pieces, written out.
    pub predicted: String,
}

/// Canonical code of a graph (`kayles_core::canonical::graph_code`).
///
/// # Panics
/// If the graph has more than 4096 vertices.
pub fn canonical_code(canonizer: &mut Canonizer, g: &Graph) -> Vec<u64> {
    canonical::graph_code(canonizer, g).expect("linked 4-cycle graphs of at most 4096 vertices")
}

/// Checks [`move_pieces`] for every vertex of the `n`-th graph of `family` (`n >= 1`):
/// the components of `G - N[x]` must be isomorphic, as a multiset, to the predicted
/// pieces. Returns the number of moves checked.
///
/// # Errors
/// The first move whose components differ from the prediction.
pub fn check_moves(
    family: Family,
    n: usize,
    canonizer: &mut Canonizer,
) -> Result<usize, MoveMismatch> {
    let g = family.graph(n);
    let names = vertices(family, n);
    let mut piece_codes: HashMap<Piece, Vec<u64>> = HashMap::new();
    assert_eq!(
        names.len(),
        g.order(),
        "vertex naming agrees with kayles_core::families"
    );
    for (x, &name) in names.iter().enumerate() {
        let left = node_move_in(&g, &g.vertices(), x);
        let mut actual: Vec<Vec<u64>> = g
            .components(&left)
            .iter()
            .map(|comp: &VertexSet| canonical_code(canonizer, &g.induced_subgraph(comp).0))
            .collect();
        let pieces = move_pieces(family, n, name);
        let mut predicted: Vec<Vec<u64>> = pieces
            .iter()
            .map(|&p| {
                piece_codes
                    .entry(p)
                    .or_insert_with(|| canonical_code(canonizer, &p.graph()))
                    .clone()
            })
            .collect();
        actual.sort();
        predicted.sort();
        if actual != predicted {
            let predicted = pieces
                .iter()
                .map(Piece::to_string)
                .collect::<Vec<_>>()
                .join(" + ");
            return Err(MoveMismatch {
                family,
                n,
                vertex: name,
                predicted,
            });
        }
    }
    Ok(names.len())
}

/// A move whose value by search differs from the xor of its predicted pieces' values.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{family}({n}), move at {vertex}: search gives {search}, the pieces give {pieces}")]
pub struct MoveValueMismatch {
    /// The family.
    pub family: Family,
    /// The index of the graph.
    pub n: usize,
    /// The vertex played.
    pub vertex: Vertex,
    /// `g(G - N[x])` by search.
    pub search: u32,
    /// The xor of the values of [`move_pieces`] read from the terms.
    pub pieces: u16,
}

/// Checks every option value of the `n`-th graph of `family` (`n >= 1`) against search:
/// for each vertex `x`, `g(G - N[x])` by `solver` must equal the xor of the values (read
/// from `terms`) of the pieces [`move_pieces`] predicts. Returns the number of moves
/// checked.
///
/// # Errors
/// The first move whose value differs.
///
/// # Panics
/// If the search fails or `terms` is too short.
pub fn check_move_values(
    family: Family,
    n: usize,
    terms: &LinkedC4Terms,
    solver: &mut kayles_core::node::Solver,
) -> Result<usize, MoveValueMismatch> {
    let g = family.graph(n);
    let names = vertices(family, n);
    for (x, &vertex) in names.iter().enumerate() {
        let left = node_move_in(&g, &g.vertices(), x);
        let (option, _) = g.induced_subgraph(&left);
        let search = solver.nimber(&option).expect("search of a family option");
        let pieces = move_pieces(family, n, vertex)
            .iter()
            .fold(0, |acc, p| acc ^ p.value(terms));
        if search != u32::from(pieces) {
            return Err(MoveValueMismatch {
                family,
                n,
                vertex,
                search,
                pieces,
            });
        }
    }
    Ok(names.len())
}
