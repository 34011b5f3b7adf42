//! [`WeightedGraph`]: a Weighted Arc-Kayles position, and its [`Move`]s.
//!
//! A position is a graph whose edges may include loops, with a counter `w(v) >= 0` on
//! every vertex (docs/claims/README.md section 4). A move plays an edge `uv` (`u != v`) with
//! `w(u), w(v) >= 1` and lowers both counters by one, or a loop `uu` with `w(u) >= 1` and
//! lowers `w(u)` by one. Playing a move keeps every vertex (and its numbering), even when
//! its counter reaches zero; only the [reductions](crate::reduce) delete vertices.

use crate::error::WakError;
use std::fmt;

/// The most vertices a [`WeightedGraph`] has (neighbourhoods are `u64` masks).
pub const MAX_VERTICES: usize = 64;

/// A Weighted Arc-Kayles position: vertices `0..n` with `u64` counters, simple edges and
/// loops.
///
/// Invariant: at most [`MAX_VERTICES`] vertices and the counters sum to at most
/// `u64::MAX`, so merging counters never overflows.
///
/// ```
/// use wak_reduce::{Move, WeightedGraph};
/// // a(loop) - b with weights 3, 1.
/// let g = WeightedGraph::new(&[3, 1], &[(0, 0), (0, 1)]).unwrap();
/// assert_eq!(g.moves(), vec![Move::Loop(0), Move::Edge(0, 1)]);
/// let h = g.play(Move::Edge(0, 1)).unwrap();
/// assert_eq!(h.weights(), &[2, 0]);
/// assert_eq!(g.to_string(), "weights 3,1 edges 0-0,0-1");
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct WeightedGraph {
    weights: Vec<u64>,
    loops: u64,
    adj: Vec<u64>,
}

/// A move of Weighted Arc-Kayles.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Move {
    /// Play the edge `uv` (`u < v`): both counters drop by one.
    Edge(usize, usize),
    /// Play the loop at `u`: its counter drops by one.
    Loop(usize),
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Edge(u, v) => write!(f, "{u}-{v}"),
            Move::Loop(u) => write!(f, "{u}-{u}"),
        }
    }
}

impl WeightedGraph {
    /// The position with the given counters and edges; an edge `(v, v)` is a loop.
    ///
    /// Errors: more than [`MAX_VERTICES`] vertices, an endpoint `>= weights.len()`, an edge
    /// listed twice (in either orientation), counters whose sum overflows `u64`.
    ///
    /// ```
    /// use wak_reduce::WeightedGraph;
    /// let path = WeightedGraph::new(&[1, 2, 3, 2], &[(0, 0), (0, 1), (1, 2), (2, 3)]).unwrap();
    /// assert_eq!(path.order(), 4);
    /// assert!(path.has_loop(0) && !path.has_loop(1));
    /// assert!(WeightedGraph::new(&[1], &[(0, 0), (0, 0)]).is_err());
    /// ```
    pub fn new(weights: &[u64], edges: &[(usize, usize)]) -> Result<Self, WakError> {
        let n = weights.len();
        if n > MAX_VERTICES {
            return Err(WakError::TooManyVertices {
                order: n,
                max: MAX_VERTICES,
            });
        }
        weights
            .iter()
            .try_fold(0u64, |s, &w| s.checked_add(w))
            .ok_or(WakError::WeightOverflow)?;
        let mut g = WeightedGraph {
            weights: weights.to_vec(),
            loops: 0,
            adj: vec![0; n],
        };
        for &(u, v) in edges {
            if let Some(&vertex) = [u, v].iter().find(|&&x| x >= n) {
                return Err(WakError::MissingVertex {
                    u,
                    v,
                    vertex,
                    order: n,
                });
            }
            let present = if u == v {
                g.has_loop(u)
            } else {
                g.has_edge(u, v)
            };
            if present {
                return Err(WakError::DuplicateEdge { u, v });
            }
            if u == v {
                g.loops |= 1 << u;
            } else {
                g.adj[u] |= 1 << v;
                g.adj[v] |= 1 << u;
            }
        }
        Ok(g)
    }

    /// Reads the command-line form: weights `"3,2,5"` and edges `"0-1,1-2,2-2"` (`v-v` is
    /// a loop; an empty or blank edge string means no edges).
    ///
    /// ```
    /// use wak_reduce::{WakError, WeightedGraph};
    /// let g = WeightedGraph::parse("3,2,5", "0-1,1-2,2-2").unwrap();
    /// assert_eq!(g.weights(), &[3, 2, 5]);
    /// assert!(g.has_loop(2));
    /// assert!(matches!(WeightedGraph::parse("3,-2", ""), Err(WakError::Parse { .. })));
    /// assert!(matches!(WeightedGraph::parse("1,1", "0-5"), Err(WakError::MissingVertex { .. })));
    /// ```
    pub fn parse(weights: &str, edges: &str) -> Result<Self, WakError> {
        let weights: Vec<u64> = if weights.trim().is_empty() {
            Vec::new()
        } else {
            weights
                .split(',')
                .map(parse_weight)
                .collect::<Result<_, _>>()?
        };
        let edges: Vec<(usize, usize)> = if edges.trim().is_empty() {
            Vec::new()
        } else {
            edges.split(',').map(parse_edge).collect::<Result<_, _>>()?
        };
        WeightedGraph::new(&weights, &edges)
    }

    /// Number of vertices.
    pub fn order(&self) -> usize {
        self.weights.len()
    }

    /// The counters, vertex by vertex.
    pub fn weights(&self) -> &[u64] {
        &self.weights
    }

    /// The counter of `v`.
    ///
    /// # Panics
    /// If `v >= self.order()`.
    pub fn weight(&self, v: usize) -> u64 {
        self.weights[v]
    }

    /// The sum of the counters (an upper bound on the number of moves left).
    pub fn total_weight(&self) -> u64 {
        self.weights.iter().sum()
    }

    /// Whether `v` carries a loop (false for a missing vertex).
    pub fn has_loop(&self, v: usize) -> bool {
        v < self.order() && self.loops >> v & 1 == 1
    }

    /// Whether `uv` (`u != v`) is an edge (false for missing vertices).
    pub fn has_edge(&self, u: usize, v: usize) -> bool {
        u < self.order() && v < self.order() && self.adj[u] >> v & 1 == 1
    }

    /// The neighbours of `v` other than itself, increasing.
    ///
    /// # Panics
    /// If `v >= self.order()`.
    pub fn neighbours(&self, v: usize) -> impl Iterator<Item = usize> {
        Ones(self.adj[v])
    }

    /// Degree of `v`, loops not counted.
    pub fn degree(&self, v: usize) -> usize {
        self.adj[v].count_ones() as usize
    }

    /// The edges `(u, v)` with `u < v`, sorted (loops not included).
    pub fn edges(&self) -> Vec<(usize, usize)> {
        (0..self.order())
            .flat_map(|u| Ones(self.adj[u] >> u >> 1).map(move |d| (u, u + 1 + d)))
            .collect()
    }

    /// The looped vertices, increasing.
    pub fn loops(&self) -> Vec<usize> {
        Ones(self.loops).collect()
    }

    /// The same graph with other counters.
    ///
    /// ```
    /// use wak_reduce::WeightedGraph;
    /// let g = WeightedGraph::new(&[1, 1], &[(0, 1)]).unwrap();
    /// assert_eq!(g.with_weights(&[4, 2]).unwrap().weights(), &[4, 2]);
    /// assert!(g.with_weights(&[1]).is_err());
    /// ```
    pub fn with_weights(&self, weights: &[u64]) -> Result<Self, WakError> {
        if weights.len() != self.order() {
            return Err(WakError::NoSuchVertex {
                vertex: weights.len(),
                order: self.order(),
            });
        }
        weights
            .iter()
            .try_fold(0u64, |s, &w| s.checked_add(w))
            .ok_or(WakError::WeightOverflow)?;
        Ok(WeightedGraph {
            weights: weights.to_vec(),
            ..self.clone()
        })
    }

    /// The legal moves: loops first (by vertex), then edges `(u, v)`, `u < v`, sorted.
    pub fn moves(&self) -> Vec<Move> {
        let live = self.live_mask();
        let mut out: Vec<Move> = Ones(self.loops & live).map(Move::Loop).collect();
        for u in Ones(live) {
            out.extend(
                Ones(self.adj[u] & live & !((2u64 << u).wrapping_sub(1))).map(|v| Move::Edge(u, v)),
            );
        }
        out
    }

    /// The position after `mv` (vertex numbering unchanged); an error if `mv` is illegal.
    pub fn play(&self, mv: Move) -> Result<Self, WakError> {
        let legal = match mv {
            Move::Loop(u) => self.has_loop(u) && self.weights[u] >= 1,
            Move::Edge(u, v) => {
                u != v && self.has_edge(u, v) && self.weights[u] >= 1 && self.weights[v] >= 1
            }
        };
        if !legal {
            return Err(WakError::IllegalMove(mv.to_string()));
        }
        Ok(self.play_unchecked(mv))
    }

    /// The moves with the positions they lead to.
    pub fn options(&self) -> impl Iterator<Item = (Move, WeightedGraph)> + '_ {
        self.moves()
            .into_iter()
            .map(|m| (m, self.play_unchecked(m)))
    }

    pub(crate) fn play_unchecked(&self, mv: Move) -> Self {
        let mut g = self.clone();
        match mv {
            Move::Loop(u) => g.weights[u] -= 1,
            Move::Edge(u, v) => {
                g.weights[u] -= 1;
                g.weights[v] -= 1;
            }
        }
        g
    }

    /// The connected components (vertex lists, increasing, ordered by least vertex).
    pub fn components(&self) -> Vec<Vec<usize>> {
        let mut left = full_mask(self.order());
        let mut out = Vec::new();
        while left != 0 {
            let mut comp = left & left.wrapping_neg();
            let mut frontier = comp;
            while frontier != 0 {
                let next = Ones(frontier).fold(0, |m, v| m | self.adj[v]);
                frontier = next & left & !comp;
                comp |= frontier;
            }
            left &= !comp;
            out.push(Ones(comp).collect());
        }
        out
    }

    /// Whether the graph is connected (the empty graph counts as connected).
    pub fn is_connected(&self) -> bool {
        let all = full_mask(self.order());
        let mut comp = all & all.wrapping_neg();
        let mut frontier = comp;
        while frontier != 0 {
            let next = Ones(frontier).fold(0, |m, v| m | self.adj[v]);
            frontier = next & !comp;
            comp |= frontier;
        }
        comp == all
    }

    /// The position induced by `vertices` (renumbered `0..` in the given order).
    ///
    /// # Panics
    /// If a vertex is out of range.
    pub fn induced(&self, vertices: &[usize]) -> Self {
        let weights = vertices.iter().map(|&v| self.weights[v]).collect();
        let mut loops = 0;
        let mut adj = vec![0u64; vertices.len()];
        for (i, &v) in vertices.iter().enumerate() {
            loops |= ((self.loops >> v) & 1) << i;
            for (j, &u) in vertices.iter().enumerate() {
                adj[i] |= ((self.adj[v] >> u) & 1) << j;
            }
        }
        WeightedGraph {
            weights,
            loops,
            adj,
        }
    }

    /// The position with vertex `v` deleted; the vertices after `v` move down by one.
    ///
    /// # Panics
    /// If `v >= self.order()`.
    pub fn remove_vertex(&self, v: usize) -> Self {
        let squeeze = |m: u64| {
            let low = (1u64 << v) - 1;
            (m & low) | ((m >> 1) & !low)
        };
        let mut weights = self.weights.clone();
        weights.remove(v);
        let mut adj: Vec<u64> = self.adj.iter().map(|&m| squeeze(m)).collect();
        adj.remove(v);
        WeightedGraph {
            weights,
            loops: squeeze(self.loops),
            adj,
        }
    }

    /// The weights in command-line form, `"3,2,5"`.
    pub fn weights_string(&self) -> String {
        self.weights
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(",")
    }

    /// The edges `(u, v)` with `u < v` and the loops `(v, v)`, sorted.
    ///
    /// ```
    /// let g = wak_reduce::WeightedGraph::parse("1,1", "1-1,0-1").unwrap();
    /// assert_eq!(g.edges_and_loops(), [(0, 1), (1, 1)]);
    /// ```
    pub fn edges_and_loops(&self) -> Vec<(usize, usize)> {
        let mut all: Vec<(usize, usize)> = self.edges();
        all.extend(self.loops().into_iter().map(|v| (v, v)));
        all.sort_unstable();
        all
    }

    /// The edges and loops in command-line form, `"0-1,1-2,2-2"`, sorted.
    pub fn edges_string(&self) -> String {
        self.edges_and_loops()
            .iter()
            .map(|(u, v)| format!("{u}-{v}"))
            .collect::<Vec<_>>()
            .join(",")
    }

    // --- crate internals on masks ---

    pub(crate) fn adj_mask(&self, v: usize) -> u64 {
        self.adj[v]
    }

    pub(crate) fn loop_mask(&self) -> u64 {
        self.loops
    }

    /// Vertices with a positive counter.
    pub(crate) fn live_mask(&self) -> u64 {
        self.weights
            .iter()
            .enumerate()
            .filter(|(_, &w)| w > 0)
            .fold(0, |m, (v, _)| m | 1 << v)
    }

    pub(crate) fn set_weight_unchecked(&mut self, v: usize, w: u64) {
        self.weights[v] = w;
    }

    pub(crate) fn add_loop_unchecked(&mut self, v: usize) {
        self.loops |= 1 << v;
    }
}

impl fmt::Display for WeightedGraph {
    /// `weights 3,2,5 edges 0-1,1-2,2-2`: the command-line form.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "weights {} edges {}",
            self.weights_string(),
            self.edges_string()
        )
    }
}

impl fmt::Debug for WeightedGraph {
    /// `WeightedGraph(weights 3,2,5 edges 0-1,1-2,2-2)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "WeightedGraph({self})")
    }
}

fn parse_weight(token: &str) -> Result<u64, WakError> {
    let t = token.trim();
    let err = |reason| WakError::Parse {
        what: "weight",
        token: t.to_string(),
        reason,
    };
    if t.is_empty() {
        return Err(err("empty"));
    }
    if t.starts_with('-') {
        return Err(err("weights are non-negative"));
    }
    if !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err(err("not a number"));
    }
    t.parse()
        .map_err(|_| err("too large (weights fit in 64 bits)"))
}

fn parse_edge(token: &str) -> Result<(usize, usize), WakError> {
    let t = token.trim();
    let err = |reason| WakError::Parse {
        what: "edge",
        token: t.to_string(),
        reason,
    };
    let (a, b) = t.split_once('-').ok_or_else(|| err("expected u-v"))?;
    let vertex = |s: &str| {
        let s = s.trim();
        if s.is_empty() || !s.bytes().all(|c| c.is_ascii_digit()) {
            Err(err("expected u-v with vertex numbers"))
        } else {
            s.parse::<usize>()
                .map_err(|_| err("vertex number too large"))
        }
    };
    Ok((vertex(a)?, vertex(b)?))
}

pub(crate) fn full_mask(n: usize) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

/// The set bits of a mask, increasing.
#[derive(Clone, Copy)]
pub(crate) struct Ones(pub(crate) u64);

impl Iterator for Ones {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            None
        } else {
            let v = self.0.trailing_zeros() as usize;
            self.0 &= self.0 - 1;
            Some(v)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remove_vertex_renumbers() {
        let g = WeightedGraph::new(&[1, 2, 3, 4], &[(0, 3), (1, 2), (2, 2), (3, 3)]).unwrap();
        let h = g.remove_vertex(1);
        assert_eq!(h.weights(), &[1, 3, 4]);
        assert_eq!(h.edges(), vec![(0, 2)]);
        assert_eq!(h.loops(), vec![1, 2]);
    }

    #[test]
    fn components_and_induced() {
        let g = WeightedGraph::new(&[1, 1, 1, 1, 1], &[(0, 3), (1, 2), (4, 4)]).unwrap();
        assert_eq!(g.components(), vec![vec![0, 3], vec![1, 2], vec![4]]);
        let h = g.induced(&[3, 0]);
        assert_eq!(h.edges(), vec![(0, 1)]);
    }

    #[test]
    fn moves_skip_empty_counters() {
        let g = WeightedGraph::new(&[0, 1, 1], &[(0, 1), (1, 2), (0, 0), (2, 2)]).unwrap();
        assert_eq!(g.moves(), vec![Move::Loop(2), Move::Edge(1, 2)]);
        assert!(g.play(Move::Loop(0)).is_err());
        assert!(g.play(Move::Edge(0, 2)).is_err());
    }

    #[test]
    fn sixty_four_vertices() {
        let w = vec![1u64; 64];
        let g = WeightedGraph::new(&w, &[(0, 63), (63, 63)]).unwrap();
        assert_eq!(g.remove_vertex(63).order(), 63);
        assert_eq!(g.components().len(), 63);
        assert!(WeightedGraph::new(&[1; 65], &[]).is_err());
    }

    #[test]
    fn parse_errors() {
        assert!(WeightedGraph::parse("1,x", "").is_err());
        assert!(WeightedGraph::parse("1,99999999999999999999999", "").is_err());
        assert!(WeightedGraph::parse("18446744073709551615,1", "").is_err());
        assert!(WeightedGraph::parse("1,1", "0-").is_err());
        assert!(WeightedGraph::parse("1,1", "0_1").is_err());
        assert!(WeightedGraph::parse("1,1", "0-1,1-0").is_err());
        assert_eq!(WeightedGraph::parse("", "").unwrap().order(), 0);
        assert_eq!(
            WeightedGraph::parse(" 1 , 2 ", " 0-1 ").unwrap().edges(),
            vec![(0, 1)]
        );
    }
}
