//! `ArbGraph`: a quickcheck-generated graph of at most 12 vertices, whose shrinker drops
//! vertices and edges.

use kayles_core::{Graph, VertexSet};
use quickcheck::{Arbitrary, Gen, QuickCheck, Testable};

/// A random graph for property tests.
#[derive(Clone, Debug)]
pub struct ArbGraph(pub Graph);

/// The largest generated graph.
pub const MAX_ORDER: usize = 12;

impl Arbitrary for ArbGraph {
    fn arbitrary(g: &mut Gen) -> Self {
        let n = usize::arbitrary(g) % (MAX_ORDER + 1);
        // Vary the density: sparse graphs split into components, dense ones do not.
        let density = [10u8, 25, 40, 60, 85][usize::arbitrary(g) % 5];
        let mut graph = Graph::new(n);
        for u in 0..n {
            for v in u + 1..n {
                if u8::arbitrary(g) % 100 < density {
                    graph.add_edge(u, v);
                }
            }
        }
        ArbGraph(graph)
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        let g = self.0.clone();
        let n = g.order();
        let without_vertex = (0..n).map({
            let g = g.clone();
            move |v| {
                let mut keep = VertexSet::full(n);
                keep.remove(v);
                ArbGraph(g.induced_subgraph(&keep).0)
            }
        });
        let without_edge = g.edges().into_iter().map(move |(u, v)| {
            let mut h = g.clone();
            h.remove_edge(u, v);
            ArbGraph(h)
        });
        Box::new(without_vertex.chain(without_edge))
    }
}

/// Runs the property `prop` on `tests` random cases (shrinking a failure).
pub fn check<P: Testable>(tests: u64, prop: P) {
    QuickCheck::new().tests(tests).quickcheck(prop);
}
