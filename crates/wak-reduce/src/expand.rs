//! WAK-TO-ARC: a Weighted Arc-Kayles position as a plain Arc-Kayles graph.
//!
//! Each vertex `u` is split into `w(u)` false twins of weight 1 (copy `i` of `u` is adjacent
//! to every copy of every neighbour of `u`); each copy of a looped `u` gets its own new
//! pendant vertex (and the loop is removed). Playing an edge between copies lowers both
//! counters; playing a copy's pendant edge is the loop move. The claim: the Arc-Kayles
//! value of the expansion equals the WAK value.

use crate::error::WakError;
use crate::position::WeightedGraph;
use kayles_core::Graph;

/// The most vertices an expansion is allowed to have.
pub const MAX_EXPANSION: usize = 4096;

/// The Arc-Kayles graph of a WAK position, with the map back to the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expansion {
    /// The plain graph.
    pub graph: Graph,
    /// For each vertex of the position, its copies in `graph`.
    pub copies: Vec<Vec<usize>>,
    /// The pendant vertices (a copy and its pendant), for looped vertices.
    pub pendants: Vec<(usize, usize)>,
}

/// Builds the expansion of `g` (copies of vertex 0 first, then of vertex 1, ..., then the
/// pendants).
///
/// ```
/// use wak_reduce::{expand::expand, WeightedGraph};
/// // a(loop) of weight 2 joined to b of weight 1: copies a1 a2 b1, pendants p1 p2.
/// let g = WeightedGraph::new(&[2, 1], &[(0, 0), (0, 1)]).unwrap();
/// let e = expand(&g).unwrap();
/// assert_eq!(e.graph.order(), 5);
/// assert_eq!(e.graph.edges(), vec![(0, 2), (0, 3), (1, 2), (1, 4)]);
/// ```
pub fn expand(g: &WeightedGraph) -> Result<Expansion, WakError> {
    let looped: u128 = g.loops().iter().map(|&v| u128::from(g.weight(v))).sum();
    let order = u128::from(g.total_weight()) + looped;
    if order > MAX_EXPANSION as u128 {
        return Err(WakError::ExpansionTooLarge {
            order,
            max: MAX_EXPANSION,
        });
    }
    let mut copies = Vec::with_capacity(g.order());
    let mut next = 0usize;
    for v in 0..g.order() {
        let w = g.weight(v) as usize;
        copies.push((next..next + w).collect::<Vec<_>>());
        next += w;
    }
    let mut graph = Graph::new(order as usize);
    for (u, v) in g.edges() {
        for &a in &copies[u] {
            for &b in &copies[v] {
                graph.add_edge(a, b);
            }
        }
    }
    let mut pendants = Vec::new();
    for v in g.loops() {
        for &a in &copies[v] {
            graph.add_edge(a, next);
            pendants.push((a, next));
            next += 1;
        }
    }
    Ok(Expansion {
        graph,
        copies,
        pendants,
    })
}

/// The Arc-Kayles value of the expansion, by `kayles_core::arc::nimber`.
///
/// ```
/// use wak_reduce::{expand::arc_nimber, WeightedGraph};
/// // The looped edge with a = 2, b = 1: (3 mod 2) + 2 (1 mod 2) = 3.
/// let g = WeightedGraph::new(&[2, 1], &[(0, 0), (1, 1), (0, 1)]).unwrap();
/// assert_eq!(arc_nimber(&g), Ok(3));
/// ```
pub fn arc_nimber(g: &WeightedGraph) -> Result<u32, WakError> {
    Ok(kayles_core::arc::nimber(&expand(g)?.graph)?)
}
