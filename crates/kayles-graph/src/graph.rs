//! [`Graph`]: a finite simple graph on vertices `0..n`, with neighbourhoods as bitsets.
//!
//! Induced subgraphs, connected components of a vertex set, line graphs and relabelling
//! live here; everything the engines and the module machinery build on.

use crate::bits::Bits;
use crate::VertexSet;

/// A finite simple undirected graph on the vertices `0..n`.
///
/// ```
/// use kayles_graph::Graph;
/// let p3 = Graph::from_edges(3, &[(0, 1), (1, 2)]);
/// assert_eq!(p3.size(), 2);
/// assert_eq!(p3.closed_neighbourhood(1).len(), 3);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Graph {
    neighbours: Vec<VertexSet>,
}

impl Graph {
    /// The edgeless graph on `n` vertices.
    pub fn new(n: usize) -> Self {
        Graph {
            neighbours: vec![VertexSet::new(n); n],
        }
    }

    /// The graph on `n` vertices with the listed edges (loops are ignored).
    ///
    /// # Panics
    /// If an endpoint is `>= n`.
    pub fn from_edges(n: usize, edges: &[(usize, usize)]) -> Self {
        let mut g = Self::new(n);
        for &(u, v) in edges {
            g.add_edge(u, v);
        }
        g
    }

    /// Number of vertices.
    pub fn order(&self) -> usize {
        self.neighbours.len()
    }

    /// Number of edges.
    pub fn size(&self) -> usize {
        self.neighbours.iter().map(VertexSet::len).sum::<usize>() / 2
    }

    /// Adds the edge `uv` (a loop `u == v` is ignored: the graphs are simple).
    pub fn add_edge(&mut self, u: usize, v: usize) {
        if u != v {
            self.neighbours[u].insert(v);
            self.neighbours[v].insert(u);
        }
    }

    /// Removes the edge `uv` if present.
    pub fn remove_edge(&mut self, u: usize, v: usize) {
        self.neighbours[u].remove(v);
        self.neighbours[v].remove(u);
    }

    /// Whether `uv` is an edge.
    pub fn has_edge(&self, u: usize, v: usize) -> bool {
        self.neighbours[u].contains(v)
    }

    /// The open neighbourhood `N(v)`.
    pub fn neighbours(&self, v: usize) -> &VertexSet {
        &self.neighbours[v]
    }

    /// The closed neighbourhood `N[v] = N(v) ∪ {v}`.
    pub fn closed_neighbourhood(&self, v: usize) -> VertexSet {
        let mut s = self.neighbours[v].clone();
        s.insert(v);
        s
    }

    /// Degree of `v`.
    pub fn degree(&self, v: usize) -> usize {
        self.neighbours[v].len()
    }

    /// The edges `(u, v)` with `u < v`, sorted.
    pub fn edges(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::with_capacity(self.size());
        for u in 0..self.order() {
            out.extend(self.neighbours[u].iter().filter(|&v| v > u).map(|v| (u, v)));
        }
        out
    }

    /// The set of all vertices.
    pub fn vertices(&self) -> VertexSet {
        VertexSet::full(self.order())
    }

    /// The subgraph induced by `set`, with its vertices renumbered `0..|set|` in increasing
    /// order; the second value maps each new vertex to its old number.
    pub fn induced_subgraph(&self, set: &VertexSet) -> (Graph, Vec<usize>) {
        let old: Vec<usize> = set.iter().collect();
        let mut new_of = vec![usize::MAX; self.order()];
        for (i, &v) in old.iter().enumerate() {
            new_of[v] = i;
        }
        let mut g = Graph::new(old.len());
        for (i, &v) in old.iter().enumerate() {
            for u in self.neighbours[v].iter() {
                let j = new_of[u];
                if j != usize::MAX && j > i {
                    g.add_edge(i, j);
                }
            }
        }
        (g, old)
    }

    /// The connected components of the subgraph induced by `set`, each as a vertex set,
    /// ordered by their smallest vertex.
    pub fn components(&self, set: &VertexSet) -> Vec<VertexSet> {
        let mut left = set.clone();
        let mut out = Vec::new();
        while let Some(start) = left.first() {
            let mut comp = VertexSet::new(self.order());
            let mut stack = vec![start];
            left.remove(start);
            comp.insert(start);
            while let Some(v) = stack.pop() {
                for u in self.neighbours[v].iter() {
                    if left.contains(u) {
                        left.remove(u);
                        comp.insert(u);
                        stack.push(u);
                    }
                }
            }
            out.push(comp);
        }
        out
    }

    /// Whether the graph is connected (the empty graph counts as connected).
    pub fn is_connected(&self) -> bool {
        self.components(&self.vertices()).len() <= 1
    }

    /// The line graph `L(G)`: one vertex per edge of `G` (in the order of
    /// [`edges`](Self::edges)), adjacent when the edges share an endpoint. The second value
    /// lists the edges.
    pub fn line_graph(&self) -> (Graph, Vec<(usize, usize)>) {
        let edges = self.edges();
        let mut l = Graph::new(edges.len());
        for i in 0..edges.len() {
            for j in i + 1..edges.len() {
                let (a, b) = edges[i];
                let (c, d) = edges[j];
                if a == c || a == d || b == c || b == d {
                    l.add_edge(i, j);
                }
            }
        }
        (l, edges)
    }

    /// The graph with vertex `v` renamed `perm[v]`; `perm` must be a permutation of
    /// `0..n`.
    ///
    /// # Panics
    /// If `perm` is not a permutation of `0..n`.
    pub fn relabel(&self, perm: &[usize]) -> Graph {
        let n = self.order();
        assert_eq!(perm.len(), n, "relabel: permutation has the wrong length");
        let mut seen = vec![false; n];
        for &p in perm {
            assert!(p < n && !seen[p], "relabel: not a permutation");
            seen[p] = true;
        }
        let mut g = Graph::new(n);
        for (u, v) in self.edges() {
            g.add_edge(perm[u], perm[v]);
        }
        g
    }

    /// The disjoint union of `self` and `other` (the vertices of `other` come after).
    pub fn disjoint_union(&self, other: &Graph) -> Graph {
        let n = self.order();
        let mut g = Graph::new(n + other.order());
        for (u, v) in self.edges() {
            g.add_edge(u, v);
        }
        for (u, v) in other.edges() {
            g.add_edge(n + u, n + v);
        }
        g
    }

    /// Open neighbourhoods as fixed-width sets, one per vertex.
    ///
    /// # Panics
    /// If the graph has more than `S::CAPACITY` vertices.
    pub fn open_neighbourhoods<S: Bits>(&self) -> Vec<S> {
        assert!(
            self.order() <= S::CAPACITY,
            "graph too large for this set width"
        );
        self.neighbours
            .iter()
            .map(|n| S::from_words(n.words()))
            .collect()
    }

    /// Closed neighbourhoods as fixed-width sets, one per vertex.
    ///
    /// # Panics
    /// If the graph has more than `S::CAPACITY` vertices.
    pub fn closed_neighbourhoods<S: Bits>(&self) -> Vec<S> {
        assert!(
            self.order() <= S::CAPACITY,
            "graph too large for this set width"
        );
        (0..self.order())
            .map(|v| S::from_words(self.neighbours[v].words()).with(v))
            .collect()
    }
}

impl std::fmt::Debug for Graph {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Graph(n={}, edges={:?})", self.order(), self.edges())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Graph equality (a vertex set's, word by word) compares order and every edge.
    #[test]
    fn equality_compares_order_and_every_edge() {
        for spec in [
            "grid:3x4",
            "queens:9",
            "petersen:40,2",
            "path:64",
            "path:65",
        ] {
            let g = crate::families::build(spec).unwrap();
            assert_eq!(g, g.clone(), "{spec}");
            let n = g.order();
            for (u, v) in [(0, n - 1), (n / 2, n - 1), (0, 1)] {
                let mut h = g.clone();
                if h.has_edge(u, v) {
                    h.remove_edge(u, v);
                } else {
                    h.add_edge(u, v);
                }
                assert_ne!(g, h, "{spec} {u} {v}");
                assert_ne!(h, g, "{spec} {u} {v}");
            }
            let all = VertexSet::full(n);
            let odd = VertexSet::from_vertices(n, (1..n).step_by(2));
            let even = VertexSet::from_vertices(n, (0..n).step_by(2));
            assert_eq!(all.difference(&odd), even, "{spec}");
            assert_ne!(odd, even, "{spec}");
        }
        assert_ne!(Graph::new(5), Graph::new(6));
        assert_ne!(VertexSet::new(5), VertexSet::new(6));
        assert_eq!(Graph::new(0), Graph::new(0));
    }

    #[test]
    fn components_of_two_paths() {
        let g = Graph::from_edges(5, &[(0, 1), (3, 4)]);
        let comps = g.components(&g.vertices());
        let comps: Vec<Vec<usize>> = comps.iter().map(|c| c.iter().collect()).collect();
        assert_eq!(comps, vec![vec![0, 1], vec![2], vec![3, 4]]);
    }

    #[test]
    fn line_graph_of_star_is_complete() {
        let star = Graph::from_edges(4, &[(0, 1), (0, 2), (0, 3)]);
        let (l, _) = star.line_graph();
        assert_eq!(l.order(), 3);
        assert_eq!(l.size(), 3);
    }

    #[test]
    fn induced_subgraph_renumbers() {
        let c4 = Graph::from_edges(4, &[(0, 1), (1, 2), (2, 3), (3, 0)]);
        let (p3, old) = c4.induced_subgraph(&VertexSet::from_vertices(4, [0, 1, 3]));
        assert_eq!(old, vec![0, 1, 3]);
        assert_eq!(p3.edges(), vec![(0, 1), (0, 2)]);
    }
}
