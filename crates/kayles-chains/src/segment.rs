//! Segment graphs: a left end, `m` whole copies of the gadget, a right end
//! ([`segment_graph`]); the chain's own graph `C(n)` is the segment of its two caps.
//!
//! Vertex order: the left end's vertices, then copy 1 (gadget vertices `0..k`), copy 2,
//! ..., copy `m`, then the right end's vertices. [`Site`] names each vertex.
//!
//! ```
//! use kayles_chains::{segment, spec};
//! let path = spec::parse("[gadget]\norder = 1\nlinks = [[0, 0, 1]]\n").unwrap();
//! let g = segment::chain_graph(&path, 5);
//! assert_eq!((g.order(), g.size()), (5, 4));
//! ```

use crate::spec::{Chain, End};
use kayles_core::Graph;
use std::fmt;

/// Where a vertex of a segment graph comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Site {
    /// Vertex of the left end.
    Left(usize),
    /// Gadget vertex `vertex` of copy `copy` (`1..=m`).
    Copy {
        /// The copy, from 1.
        copy: usize,
        /// The gadget vertex.
        vertex: usize,
    },
    /// Vertex of the right end.
    Right(usize),
}

impl fmt::Display for Site {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Site::Left(v) => write!(f, "left end vertex {v}"),
            Site::Copy { copy, vertex } => write!(f, "vertex {vertex} of copy {copy}"),
            Site::Right(v) => write!(f, "right end vertex {v}"),
        }
    }
}

/// The segment graph `[left | m | right]` of `chain`'s gadget and links, with the site of
/// every vertex. Links and attachments to copies that do not exist are left out.
pub fn segment(chain: &Chain, left: &End, m: usize, right: &End) -> (Graph, Vec<Site>) {
    let k = chain.order;
    let base = left.order;
    let n = base + m * k + right.order;
    let copy_vertex = |i: usize, g: usize| base + (i - 1) * k + g;
    let right_vertex = |v: usize| base + m * k + v;
    let mut graph = Graph::new(n);
    let mut sites = Vec::with_capacity(n);
    sites.extend((0..left.order).map(Site::Left));
    for copy in 1..=m {
        sites.extend((0..k).map(|vertex| Site::Copy { copy, vertex }));
    }
    sites.extend((0..right.order).map(Site::Right));
    for &(u, v) in &left.edges {
        graph.add_edge(u, v);
    }
    for a in &left.attach {
        if a.depth <= m {
            graph.add_edge(a.vertex, copy_vertex(a.depth, a.copy_vertex));
        }
    }
    for i in 1..=m {
        for &(u, v) in &chain.edges {
            graph.add_edge(copy_vertex(i, u), copy_vertex(i, v));
        }
        for l in &chain.links {
            if i + l.d <= m {
                graph.add_edge(copy_vertex(i, l.x), copy_vertex(i + l.d, l.y));
            }
        }
    }
    for &(u, v) in &right.edges {
        graph.add_edge(right_vertex(u), right_vertex(v));
    }
    for a in &right.attach {
        if a.depth <= m {
            graph.add_edge(
                copy_vertex(m + 1 - a.depth, a.copy_vertex),
                right_vertex(a.vertex),
            );
        }
    }
    (graph, sites)
}

/// [`segment`] without the sites.
pub fn segment_graph(chain: &Chain, left: &End, m: usize, right: &End) -> Graph {
    segment(chain, left, m, right).0
}

/// The chain's own graph `C(n)`: its caps and `n` copies.
pub fn chain_graph(chain: &Chain, n: usize) -> Graph {
    segment_graph(chain, &chain.left, n, &chain.right)
}
