//! [`WeightedGraph`]: a Weighted Arc-Kayles position, and its [`Move`]s.
//!
//! A position is a graph whose edges may include loops, with a counter `w(v) >= 0` on
//! every vertex (docs/claims/README.md section 4). A move plays an edge `uv` (`u != v`) with
//! `w(u), w(v) >= 1` and lowers both counters by one, or a loop `uu` with `w(u) >= 1` and
//! lowers `w(u)` by one. Playing a move keeps every vertex (and its numbering), even when
//! its counter reaches zero; only the [reductions](crate::reduce) delete vertices.

use crate::error::WakError;
use kayles_core::bits::compress;
use std::fmt;

/// The most vertices a [`WeightedGraph`] has (neighbourhoods are `u64` masks).
pub const MAX_VERTICES: usize = 64;

/// Positions of at most this many vertices are kept inline, without a heap allocation
/// (counters in an array, each neighbourhood in one byte): the solver makes and drops
/// millions of small positions, and the exact cache holds them by value.
pub const INLINE_VERTICES: usize = 8;

/// A Weighted Arc-Kayles position: vertices `0..n` with `u64` counters, simple edges and
/// loops.
///
/// Invariant: at most [`MAX_VERTICES`] vertices and the counters sum to at most
/// `u64::MAX`, so merging counters never overflows. Positions of at most
/// [`INLINE_VERTICES`] vertices are stored inline (80 bytes, no allocation), larger ones
/// on the heap; the two storages never hold the same position, so equality and hashing
/// are those of the position.
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
    repr: Repr,
}

/// The storage of a [`WeightedGraph`].
#[derive(Clone, PartialEq, Eq, Hash)]
enum Repr {
    /// At most [`INLINE_VERTICES`] vertices; the entries past `n` are zero.
    Inline {
        n: u8,
        loops: u8,
        adj: [u8; INLINE_VERTICES],
        weights: [u64; INLINE_VERTICES],
    },
    /// More than [`INLINE_VERTICES`] vertices.
    Heap {
        loops: u64,
        weights: Box<[u64]>,
        adj: Box<[u64]>,
    },
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
        let mut g = WeightedGraph::edgeless(n);
        g.weights_mut().copy_from_slice(weights);
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
                g.add_loop_unchecked(u);
            } else {
                g.set_adj_mask(u, g.adj_mask(u) | 1 << v);
                g.set_adj_mask(v, g.adj_mask(v) | 1 << u);
            }
        }
        Ok(g)
    }

    /// `n` vertices (at most [`MAX_VERTICES`]), counters zero, no edges or loops.
    fn edgeless(n: usize) -> Self {
        debug_assert!(n <= MAX_VERTICES);
        let repr = if n <= INLINE_VERTICES {
            Repr::Inline {
                n: n as u8,
                loops: 0,
                adj: [0; INLINE_VERTICES],
                weights: [0; INLINE_VERTICES],
            }
        } else {
            Repr::Heap {
                loops: 0,
                weights: vec![0; n].into_boxed_slice(),
                adj: vec![0; n].into_boxed_slice(),
            }
        };
        WeightedGraph { repr }
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
    #[inline]
    pub fn order(&self) -> usize {
        match &self.repr {
            Repr::Inline { n, .. } => usize::from(*n),
            Repr::Heap { weights, .. } => weights.len(),
        }
    }

    /// The counters, vertex by vertex.
    #[inline]
    pub fn weights(&self) -> &[u64] {
        match &self.repr {
            Repr::Inline { n, weights, .. } => &weights[..usize::from(*n)],
            Repr::Heap { weights, .. } => weights,
        }
    }

    #[inline]
    fn weights_mut(&mut self) -> &mut [u64] {
        match &mut self.repr {
            Repr::Inline { n, weights, .. } => &mut weights[..usize::from(*n)],
            Repr::Heap { weights, .. } => weights,
        }
    }

    /// The counter of `v`.
    ///
    /// # Panics
    /// If `v >= self.order()`.
    #[inline]
    pub fn weight(&self, v: usize) -> u64 {
        self.weights()[v]
    }

    /// The sum of the counters (an upper bound on the number of moves left).
    pub fn total_weight(&self) -> u64 {
        self.weights().iter().sum()
    }

    /// Whether `v` carries a loop (false for a missing vertex).
    pub fn has_loop(&self, v: usize) -> bool {
        v < self.order() && self.loop_mask() >> v & 1 == 1
    }

    /// Whether `uv` (`u != v`) is an edge (false for missing vertices).
    pub fn has_edge(&self, u: usize, v: usize) -> bool {
        u < self.order() && v < self.order() && self.adj_mask(u) >> v & 1 == 1
    }

    /// The neighbours of `v` other than itself, increasing.
    ///
    /// # Panics
    /// If `v >= self.order()`.
    pub fn neighbours(&self, v: usize) -> impl Iterator<Item = usize> {
        Ones(self.adj_mask(v))
    }

    /// Degree of `v`, loops not counted.
    ///
    /// # Panics
    /// If `v >= self.order()`.
    pub fn degree(&self, v: usize) -> usize {
        self.adj_mask(v).count_ones() as usize
    }

    /// The edges `(u, v)` with `u < v`, sorted (loops not included).
    pub fn edges(&self) -> Vec<(usize, usize)> {
        (0..self.order())
            .flat_map(|u| Ones(self.adj_mask(u) >> u >> 1).map(move |d| (u, u + 1 + d)))
            .collect()
    }

    /// The looped vertices, increasing.
    pub fn loops(&self) -> Vec<usize> {
        Ones(self.loop_mask()).collect()
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
        let mut g = self.clone();
        g.weights_mut().copy_from_slice(weights);
        Ok(g)
    }

    /// The legal moves: loops first (by vertex), then edges `(u, v)`, `u < v`, sorted.
    pub fn moves(&self) -> Vec<Move> {
        self.move_iter().collect()
    }

    /// The legal moves in the order of [`moves`](Self::moves), without collecting them.
    pub(crate) fn move_iter(&self) -> impl Iterator<Item = Move> + '_ {
        let live = self.live_mask();
        Ones(self.loop_mask() & live)
            .map(Move::Loop)
            .chain(Ones(live).flat_map(move |u| {
                Ones(self.adj_mask(u) & live & !((2u64 << u).wrapping_sub(1)))
                    .map(move |v| Move::Edge(u, v))
            }))
    }

    /// The position after `mv` (vertex numbering unchanged); an error if `mv` is illegal.
    pub fn play(&self, mv: Move) -> Result<Self, WakError> {
        let legal = match mv {
            Move::Loop(u) => self.has_loop(u) && self.weight(u) >= 1,
            Move::Edge(u, v) => {
                u != v && self.has_edge(u, v) && self.weight(u) >= 1 && self.weight(v) >= 1
            }
        };
        if !legal {
            return Err(WakError::IllegalMove(mv.to_string()));
        }
        Ok(self.play_unchecked(mv))
    }

    /// The moves with the positions they lead to.
    pub fn options(&self) -> impl Iterator<Item = (Move, WeightedGraph)> + '_ {
        self.move_iter().map(|m| (m, self.play_unchecked(m)))
    }

    pub(crate) fn play_unchecked(&self, mv: Move) -> Self {
        let mut g = self.clone();
        let weights = g.weights_mut();
        match mv {
            Move::Loop(u) => weights[u] -= 1,
            Move::Edge(u, v) => {
                weights[u] -= 1;
                weights[v] -= 1;
            }
        }
        g
    }

    /// The connected components (vertex lists, increasing, ordered by least vertex).
    pub fn components(&self) -> Vec<Vec<usize>> {
        let mut left = full_mask(self.order());
        let mut out = Vec::new();
        while left != 0 {
            let comp = self.component_within(left);
            left &= !comp;
            out.push(Ones(comp).collect());
        }
        out
    }

    /// The component of the least vertex of `within` in the subgraph induced by `within`
    /// (not empty), as a mask.
    pub(crate) fn component_within(&self, within: u64) -> u64 {
        let mut comp = within & within.wrapping_neg();
        let mut frontier = comp;
        while frontier != 0 {
            let next = Ones(frontier).fold(0, |m, v| m | self.adj_mask(v));
            frontier = next & within & !comp;
            comp |= frontier;
        }
        comp
    }

    /// Whether the graph is connected (the empty graph counts as connected).
    pub fn is_connected(&self) -> bool {
        let all = full_mask(self.order());
        all == 0 || self.component_within(all) == all
    }

    /// The position induced by `vertices` (renumbered `0..` in the given order).
    ///
    /// # Panics
    /// If a vertex is out of range.
    pub fn induced(&self, vertices: &[usize]) -> Self {
        let mut g = WeightedGraph::edgeless(vertices.len());
        let mut loops = 0;
        for (i, &v) in vertices.iter().enumerate() {
            g.weights_mut()[i] = self.weight(v);
            loops |= ((self.loop_mask() >> v) & 1) << i;
            let row = self.adj_mask(v);
            let mut adj = 0;
            for (j, &u) in vertices.iter().enumerate() {
                adj |= ((row >> u) & 1) << j;
            }
            g.set_adj_mask(i, adj);
        }
        g.set_loop_mask(loops);
        g
    }

    /// The position induced by the vertices of `mask` (renumbered `0..`, increasing), the
    /// same as [`induced`](Self::induced) on them without listing them.
    pub(crate) fn induced_mask(&self, mask: u64) -> Self {
        let mut g = WeightedGraph::edgeless(mask.count_ones() as usize);
        for (i, v) in Ones(mask).enumerate() {
            g.weights_mut()[i] = self.weight(v);
            g.set_adj_mask(i, compress(self.adj_mask(v), mask));
        }
        g.set_loop_mask(compress(self.loop_mask(), mask));
        g
    }

    /// The position with vertex `v` deleted; the vertices after `v` move down by one.
    ///
    /// # Panics
    /// If `v >= self.order()`.
    pub fn remove_vertex(&self, v: usize) -> Self {
        let n = self.order();
        assert!(v < n, "vertex {v} of a position of order {n}");
        let squeeze = |m: u64| {
            let low = (1u64 << v) - 1;
            (m & low) | ((m >> 1) & !low)
        };
        let mut g = WeightedGraph::edgeless(n - 1);
        for u in (0..n).filter(|&u| u != v) {
            let i = if u < v { u } else { u - 1 };
            g.weights_mut()[i] = self.weight(u);
            g.set_adj_mask(i, squeeze(self.adj_mask(u)));
        }
        g.set_loop_mask(squeeze(self.loop_mask()));
        g
    }

    /// The weights in command-line form, `"3,2,5"`.
    pub fn weights_string(&self) -> String {
        self.weights()
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

    /// The neighbours of `v` (loop not included) as a mask.
    ///
    /// # Panics
    /// If `v >= self.order()`.
    #[inline]
    pub(crate) fn adj_mask(&self, v: usize) -> u64 {
        match &self.repr {
            Repr::Inline { n, adj, .. } => u64::from(adj[..usize::from(*n)][v]),
            Repr::Heap { adj, .. } => adj[v],
        }
    }

    /// Sets the neighbours of `v` (the caller keeps the adjacency symmetric and without
    /// `v` itself).
    #[inline]
    fn set_adj_mask(&mut self, v: usize, mask: u64) {
        match &mut self.repr {
            Repr::Inline { n, adj, .. } => {
                debug_assert!(mask < 1 << *n);
                adj[..usize::from(*n)][v] = mask as u8;
            }
            Repr::Heap { adj, .. } => adj[v] = mask,
        }
    }

    #[inline]
    pub(crate) fn loop_mask(&self) -> u64 {
        match &self.repr {
            Repr::Inline { loops, .. } => u64::from(*loops),
            Repr::Heap { loops, .. } => *loops,
        }
    }

    #[inline]
    fn set_loop_mask(&mut self, mask: u64) {
        debug_assert!(mask & !full_mask(self.order()) == 0);
        match &mut self.repr {
            Repr::Inline { loops, .. } => *loops = mask as u8,
            Repr::Heap { loops, .. } => *loops = mask,
        }
    }

    /// Vertices with a positive counter.
    #[inline]
    pub(crate) fn live_mask(&self) -> u64 {
        self.weights()
            .iter()
            .enumerate()
            .filter(|(_, &w)| w > 0)
            .fold(0, |m, (v, _)| m | 1 << v)
    }

    pub(crate) fn set_weight_unchecked(&mut self, v: usize, w: u64) {
        self.weights_mut()[v] = w;
    }

    pub(crate) fn add_loop_unchecked(&mut self, v: usize) {
        self.set_loop_mask(self.loop_mask() | 1 << v);
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

    /// A 12-vertex position (heap storage): a cycle with chords and loops.
    fn twelve() -> WeightedGraph {
        let weights: Vec<u64> = (0..12).map(|v| v % 4).collect();
        let mut edges: Vec<(usize, usize)> = (0..12).map(|v| (v, (v + 1) % 12)).collect();
        edges.extend([(0, 6), (2, 9), (3, 3), (7, 7), (11, 11)]);
        WeightedGraph::new(&weights, &edges).unwrap()
    }

    #[test]
    fn inline_and_heap_positions_agree() {
        assert!(std::mem::size_of::<WeightedGraph>() <= 80);
        let g = twelve();
        // Every way down to at most INLINE_VERTICES vertices gives the position built
        // directly, equal and with the same hash.
        let keep: Vec<usize> = vec![0, 1, 2, 3, 6, 7, 9, 11];
        let mask = keep.iter().fold(0u64, |m, &v| m | 1 << v);
        let by_list = g.induced(&keep);
        let by_mask = g.induced_mask(mask);
        let mut by_removal = g.clone();
        for v in (0..12).rev().filter(|v| !keep.contains(v)) {
            by_removal = by_removal.remove_vertex(v);
        }
        let direct = WeightedGraph::new(by_list.weights(), &by_list.edges_and_loops()).unwrap();
        let hash = |x: &WeightedGraph| {
            use std::hash::{BuildHasher, BuildHasherDefault};
            BuildHasherDefault::<std::collections::hash_map::DefaultHasher>::default().hash_one(x)
        };
        for h in [&by_mask, &by_removal, &direct] {
            assert_eq!(*h, by_list);
            assert_eq!(hash(h), hash(&by_list));
        }
        assert_eq!(
            by_list.to_string(),
            "weights 0,1,2,3,2,3,1,3 edges 0-1,0-4,0-7,1-2,2-3,2-6,3-3,4-5,5-5,7-7"
        );
        // Heap positions compare by content too, and keep every operation.
        assert_eq!(g.clone(), twelve());
        assert_ne!(g, g.with_weights(&[1; 12]).unwrap());
        assert_eq!(g.components(), vec![(0..12).collect::<Vec<_>>()]);
        assert_eq!(g.play(Move::Loop(3)).unwrap().weight(3), 2);
        assert_eq!(g.remove_vertex(0).order(), 11);
    }

    #[test]
    fn induced_mask_matches_induced() {
        let g = twelve();
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..200 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let mask = x & full_mask(12);
            let list: Vec<usize> = Ones(mask).collect();
            assert_eq!(g.induced_mask(mask), g.induced(&list));
        }
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
