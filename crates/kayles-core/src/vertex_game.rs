//! Games played on the vertex sets of a host graph (Node Kayles, Arc Kayles), as
//! instances of the [engine](crate::engine).
//!
//! A position is a set of vertices of the host graph `H` (the graph the search started
//! on), standing for the induced subgraph. What the two games share lives here: splitting
//! into components (by bitset frontiers on narrow sets, by adjacency lists on wide ones),
//! the one-pass [`Survey`] of a component, the memo keys (host-symmetry key, shape code,
//! canonical code), and [`VertexSolver`], which picks the narrowest set type for each
//! component and keeps the shared memo between graphs. What differs (the moves, the
//! pieces known in closed form, the reductions) is a [`VertexRules`] implementation:
//! [`NodeKayles`](crate::node::NodeKayles) and [`ArcKayles`](crate::arc::ArcKayles).

use crate::bits::{component_within, local_rows_of, Bits};
use crate::canonical::{self, Canonizer, ClassCounter};
use crate::engine::{
    self, Game, Layers, Record, SearchConfig, SearchError, SearchProgress, SearchStats, SharedMemo,
    Simplified,
};
use crate::known::PathNimbers;
use crate::leaves::dense::{DenseLeaf, MAX_LEAF_ORDER};
use crate::leaves::host_table::LeafHostTable;
use crate::leaves::small::{SmallSolver, MAX_SMALL_ORDER};
use crate::symmetry::HostSymmetry;
use crate::{GameKind, Graph, VertexSet};
use std::any::Any;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

/// Words of the widest vertex set the search uses.
const MAX_WORDS: usize = 64;

/// The largest connected component a [`VertexSolver`] searches.
pub const MAX_COMPONENT_ORDER: usize = 64 * MAX_WORDS;

/// Vertex sets of at most this many words are walked with bitset operations (components
/// grow a whole frontier at a time, neighbourhoods are intersections); wider ones by
/// adjacency lists, whose cost follows the degrees rather than the width. (On the
/// queens boards of 13 to 16 rows, four-word sets, bitsets are three times faster.)
pub const BITSET_WORDS: usize = 4;

/// The rules of a game on vertex sets: its moves, the pieces it knows in closed form, its
/// reductions. Everything else is shared ([`VertexGame`]).
pub trait VertexRules: Copy + Default + Send + Sync + 'static {
    /// Which game these are the rules of.
    const GAME: GameKind;

    /// The value of a connected component of `order` vertices when the order alone
    /// settles it.
    fn tiny_value(order: u32) -> Option<u8>;

    /// For every move in `component` made at the vertex `v` (Node Kayles: `v` played;
    /// Arc Kayles: the edges whose lower end is `v`): the components of what the move
    /// leaves, then the empty set (see [`Game::option_pieces`]). Returns the number of
    /// moves.
    fn option_pieces_at<S: Bits>(host: &Host<S>, component: S, v: usize, out: &mut Vec<S>)
        -> usize;

    /// Fills `prep` with what the rules work out once per component before making its
    /// options ([`option_pieces_prepared`](Self::option_pieces_prepared)). The default
    /// leaves it empty.
    fn prepare_moves<S: Bits>(_host: &Host<S>, _component: S, prep: &mut MovePrep<S>) {
        prep.clear();
    }

    /// [`option_pieces_at`](Self::option_pieces_at) with what
    /// [`prepare_moves`](Self::prepare_moves) found for `component`: the same options,
    /// but for moves that need not be made (each leaving a position with the value of
    /// one a move kept leaves), and with pieces that the game may split further (as
    /// [`refine_pieces`](Self::refine_pieces)). The default is `option_pieces_at`.
    fn option_pieces_prepared<S: Bits>(
        host: &Host<S>,
        component: S,
        v: usize,
        prep: &mut MovePrep<S>,
        out: &mut Vec<S>,
    ) -> usize {
        let _ = prep;
        Self::option_pieces_at(host, component, v, out)
    }

    /// Splits further the components `out[start..]` that [`Host::split_into`] appended,
    /// where the game allows (pieces whose values xor to the component's, each connected
    /// and of at least two vertices). Nothing by default.
    fn refine_pieces<S: Bits>(_host: &Host<S>, _out: &mut Vec<S>, _start: usize) {}

    /// The move that leaves `left` (the union of an option's pieces) from `component`,
    /// as [`Game::option_move`] names it; None by default.
    fn move_leaving<S: Bits>(_host: &Host<S>, _component: S, _left: S) -> Option<u32> {
        None
    }

    /// The value of a component with this survey when the game knows it in closed form
    /// (`paths[k]` is Node Kayles on the path `P_k`, for every `k` up to the host's order).
    fn known_value(survey: &Survey, paths: &[u8]) -> Option<u8>;

    /// The value of a graph of at most [`MAX_SMALL_ORDER`] vertices given by its rows of
    /// neighbours (bit `j` of `open[i]`: `i` and `j` adjacent), by `solver`.
    fn small_nimber(open: &[u64], solver: &mut SmallSolver) -> u8;

    /// A smaller vertex set with the same value, or `component` itself. `survey` is the
    /// component's [`Survey`], taken just before.
    fn reduce<S: Bits>(
        host: &Host<S>,
        component: S,
        survey: &Survey,
        scratch: &mut VertexScratch<S>,
    ) -> S;
}

/// How many vertices above [`SearchConfig::small_order`](crate::engine::SearchConfig)
/// a dense Node Kayles component may have and still be evaluated at once.
pub const DENSE_EXTRA_ORDER: usize = 4;

/// The least average degree of a component evaluated at once for its density. (Queens
/// 13 on two threads: 11.1 s with only the order threshold, 8.2 s with this rule at
/// average degree 3, 9.9 s at 4; sparse families, grids and P(n,2), never reach it.)
pub const DENSE_AVERAGE_DEGREE: usize = 3;

/// The least average degree of a Node Kayles component decided by the dense leaf
/// ([`SearchConfig::leaf_order`](crate::engine::SearchConfig::leaf_order)). The leaf
/// does not split positions into components, which sparse pieces need: with no degree
/// rule, grid 3 x 24 took 62 s instead of 0.1 s at leaf order 32.
pub const LEAF_AVERAGE_DEGREE: u32 = 4;

/// A component of `k` vertices goes to the dense leaf only if its average degree is also
/// at least `k / LEAF_ORDER_PER_DEGREE`: a move then deletes about a quarter of it, and a
/// line of play is a few moves long. (Every leaf position of queens 13 and 14 passes it;
/// at `k / 3` queens 14 took 64 s instead of 8.7 s on one thread.)
pub const LEAF_ORDER_PER_DEGREE: u32 = 4;

/// The host graph as the search reads it.
pub struct Host<S> {
    /// `closed[v]` = `N[v]`.
    pub closed: Vec<S>,
    /// `open[v]` = `N(v)`.
    pub open: Vec<S>,
    /// `second[v]` = the vertices at distance at most 2 from `v`.
    pub second: Vec<S>,
    /// Adjacency lists (for the component walk and the codes of wide sets).
    pub neighbour_lists: Vec<Vec<u32>>,
    /// The edges grouped by offset, when the host has at most [`MAX_SHIFT_OFFSETS`] of
    /// them and fits two words ([`Host::neighbours_of_set`]).
    offsets: [Offset<S>; MAX_SHIFT_OFFSETS],
    /// How many of `offsets` are used; 0 when neighbourhoods are taken vertex by vertex.
    offset_count: usize,
    /// The ways two vertices of degree 2 can be twins, by offsets
    /// ([`Host::twin_squares_by_shifts`]).
    twin_shapes: Vec<TwinShape>,
    /// The host's centre, worked out the first time it is asked for ([`Host::centre`]).
    centre: std::sync::OnceLock<HostCentre<S>>,
}

/// The centre of a host and its vertices ranked from it ([`Host::centre`]).
#[derive(Debug, Clone, Default)]
pub struct HostCentre<S> {
    /// The vertices of least eccentricity.
    pub centre: S,
    /// Every vertex, by breadth-first distance from `centre`, then by number.
    pub order: Vec<u32>,
    /// Whether the host is about as wide as it is long: `4 n >= diameter^2` (`n` vertices).
    /// A grid rectangle `r x c` is when `4 r c >= (r + c - 2)^2`: `3 x n` up to `n = 9`,
    /// `4 x n` up to 11, `5 x n` up to 13, `6 x n` up to 14.
    pub near_square: bool,
}

/// One way for two vertices `a < b = a + delta` of degree 2 to be twins on a host with few
/// edge offsets: `a`'s neighbours are `a + e1 < a + e2`, and `b`'s are the same two
/// vertices, `b + (e1 - delta)` and `b + (e2 - delta)`. The offsets are signed, as indices
/// into the host's signed offsets (`+d` at `2i`, `-d` at `2i + 1` for its `i`-th offset `d`).
#[derive(Debug, Clone, Copy)]
struct TwinShape {
    /// `a`'s offsets to its neighbours, the lesser first.
    a: [usize; 2],
    /// `b`'s offsets to the same neighbours.
    b: [usize; 2],
    /// `b - a`, positive.
    delta: u32,
    /// `e1`, `e2`: the neighbours' offsets from `a`.
    ends: [i64; 2],
}

/// The most distinct offsets `v - u` over the edges `uv` (`u < v`) of a host whose
/// neighbourhoods of sets are taken by word shifts ([`Host::neighbours_of_set`]). A grid
/// numbered row by row has two (1 and the row length); any graph with few offsets
/// qualifies, whatever it is.
pub const MAX_SHIFT_OFFSETS: usize = 4;

/// The edges `u (u + d)` of a host with one offset `d`.
#[derive(Debug, Clone, Copy, Default)]
struct Offset<S> {
    /// The offset.
    d: u32,
    /// The lower ends `u`.
    low: S,
    /// The upper ends `u + d`.
    high: S,
}

/// `set` with every vertex `v` moved to `v + d` (those past the width dropped); sets of
/// one or two words only.
#[inline(always)]
fn shifted_up<S: Bits>(set: S, d: u32) -> S {
    if S::WORDS == 1 {
        S::from_words(&[set.word(0) << d])
    } else {
        let x = (u128::from(set.word(1)) << 64 | u128::from(set.word(0))) << d;
        S::from_words(&[x as u64, (x >> 64) as u64])
    }
}

/// `set` with every vertex `v >= d` moved to `v - d` (the others dropped); sets of one or
/// two words only.
#[inline(always)]
fn shifted_down<S: Bits>(set: S, d: u32) -> S {
    if S::WORDS == 1 {
        S::from_words(&[set.word(0) >> d])
    } else {
        let x = (u128::from(set.word(1)) << 64 | u128::from(set.word(0))) >> d;
        S::from_words(&[x as u64, (x >> 64) as u64])
    }
}

impl<S: Bits> Host<S> {
    /// The host `g` (at most `S::CAPACITY` vertices).
    pub fn new(g: &Graph) -> Self {
        let closed = g.closed_neighbourhoods::<S>();
        let second = closed
            .iter()
            .map(|&ball| ball.iter().fold(ball, |acc, u| acc.union(closed[u])))
            .collect();
        let neighbour_lists: Vec<Vec<u32>> = (0..g.order())
            .map(|v| g.neighbours(v).iter().map(|u| u as u32).collect())
            .collect();
        let (offsets, offset_count) = Self::offsets_of(&neighbour_lists);
        let twin_shapes = Self::twin_shapes_of(&offsets[..offset_count]);
        Host {
            closed,
            second,
            open: g.open_neighbourhoods::<S>(),
            neighbour_lists,
            offsets,
            offset_count,
            twin_shapes,
            centre: std::sync::OnceLock::new(),
        }
    }

    /// The host's centre (its vertices of least eccentricity, each vertex's eccentricity
    /// taken inside its component), the vertices by distance from it, and whether the
    /// host is near square; worked out once, on first use (a sweep from every vertex).
    pub fn centre(&self) -> &HostCentre<S> {
        self.centre.get_or_init(|| {
            let n = self.order();
            let all = S::prefix(n);
            let mut dist = vec![0; n];
            let eccentricity: Vec<u32> = (0..n)
                .map(|v| self.distances(S::singleton(v), all, &mut dist).1)
                .collect();
            let least = eccentricity.iter().copied().min().unwrap_or(0);
            let diameter = eccentricity.iter().copied().max().unwrap_or(0) as usize;
            let centre = (0..n)
                .filter(|&v| eccentricity[v] == least)
                .fold(S::empty(), |set, v| set.with(v));
            dist.fill(u32::MAX);
            self.distances(centre, all, &mut dist);
            let mut order: Vec<u32> = (0..n as u32).collect();
            order.sort_by_key(|&v| (dist[v as usize], v));
            HostCentre {
                centre,
                order,
                near_square: 4 * n >= diameter * diameter,
            }
        })
    }

    /// Writes into `dist[v]` the breadth-first distance from the set `from` to each vertex
    /// `v` of `within` that a path inside `within` reaches (the other entries untouched);
    /// returns the first vertex of the last frontier and the greatest distance.
    pub fn distances(&self, from: S, within: S, dist: &mut [u32]) -> (usize, u32) {
        let mut seen = from;
        let mut frontier = from;
        let mut d = 0;
        let mut last = (0, 0);
        while let Some(v) = frontier.first() {
            last = (v, d);
            for v in frontier.iter() {
                dist[v] = d;
            }
            frontier = self
                .neighbours_of_set(frontier)
                .intersection(within)
                .difference(seen);
            seen = seen.union(frontier);
            d += 1;
        }
        last
    }

    /// The signed offset at index `i` (`+d` at `2i`, `-d` at `2i + 1`).
    fn signed_offset(offsets: &[Offset<S>], i: usize) -> i64 {
        let d = i64::from(offsets[i / 2].d);
        if i % 2 == 0 {
            d
        } else {
            -d
        }
    }

    /// Every [`TwinShape`] the offsets allow.
    fn twin_shapes_of(offsets: &[Offset<S>]) -> Vec<TwinShape> {
        let signed: Vec<i64> = (0..2 * offsets.len())
            .map(|i| Self::signed_offset(offsets, i))
            .collect();
        let index = |e: i64| signed.iter().position(|&f| f == e);
        let mut shapes = Vec::new();
        for (i1, &e1) in signed.iter().enumerate() {
            for (i2, &e2) in signed.iter().enumerate() {
                if e1 >= e2 {
                    continue;
                }
                for &f in &signed {
                    let delta = e1 - f;
                    // Two vertices of a set are less than its width apart.
                    if delta <= 0 || delta >= 64 * S::WORDS as i64 {
                        continue;
                    }
                    if let (Some(j1), Some(j2)) = (index(e1 - delta), index(e2 - delta)) {
                        shapes.push(TwinShape {
                            a: [i1, i2],
                            b: [j1, j2],
                            delta: delta as u32,
                            ends: [e1, e2],
                        });
                    }
                }
            }
        }
        shapes
    }

    /// The twin squares of `set` by word shifts, on a host with few edge offsets: every
    /// pair of vertices `a < b` of `degree_two` (the vertices of `set` of degree 2 inside
    /// it) with the same two neighbours `c < d` in `set`, as `[a, b, c, d]`, by increasing
    /// `a`, at most `max` of them (the least). None when the host has no word shifts, or
    /// when some vertex of `degree_two` has two twins or more (the caller then pairs them
    /// vertex by vertex); else `out` holds the squares.
    pub fn twin_squares_by_shifts(
        &self,
        set: S,
        degree_two: S,
        max: usize,
        out: &mut Vec<[u32; 4]>,
    ) -> Option<()> {
        if self.offset_count == 0 {
            return None;
        }
        out.clear();
        // `has[i]`: the vertices of `degree_two` with a neighbour at signed offset `i`.
        let mut has = [S::empty(); 2 * MAX_SHIFT_OFFSETS];
        for (i, o) in self.offsets[..self.offset_count].iter().enumerate() {
            has[2 * i] = shifted_down(set, o.d)
                .intersection(o.low)
                .intersection(degree_two);
            has[2 * i + 1] = shifted_up(set, o.d)
                .intersection(o.high)
                .intersection(degree_two);
        }
        let (mut seen, mut twice) = (S::empty(), S::empty());
        let mut add = |x: S| {
            twice = twice.union(seen.intersection(x));
            seen = seen.union(x);
        };
        let mut any = false;
        for shape in &self.twin_shapes {
            let a = has[shape.a[0]].intersection(has[shape.a[1]]);
            if a.is_empty() {
                continue;
            }
            let b = has[shape.b[0]].intersection(has[shape.b[1]]);
            let lower = a.intersection(shifted_down(b, shape.delta));
            if lower.is_empty() {
                continue;
            }
            any = true;
            add(lower);
            add(shifted_up(lower, shape.delta));
        }
        if !any {
            return Some(());
        }
        if !twice.is_empty() {
            return None;
        }
        for shape in &self.twin_shapes {
            let a = has[shape.a[0]].intersection(has[shape.a[1]]);
            let b = has[shape.b[0]].intersection(has[shape.b[1]]);
            for v in a.intersection(shifted_down(b, shape.delta)).iter() {
                let end = |e: i64| (v as i64 + e) as u32;
                out.push([
                    v as u32,
                    v as u32 + shape.delta,
                    end(shape.ends[0]),
                    end(shape.ends[1]),
                ]);
            }
        }
        out.sort_unstable_by_key(|s| s[0]);
        out.truncate(max);
        Some(())
    }

    /// The edges grouped by offset, when there are at most [`MAX_SHIFT_OFFSETS`] offsets
    /// and sets fit two words; else none.
    fn offsets_of(lists: &[Vec<u32>]) -> ([Offset<S>; MAX_SHIFT_OFFSETS], usize) {
        let mut offsets = [Offset::default(); MAX_SHIFT_OFFSETS];
        let mut count = 0;
        if S::WORDS > 2 {
            return (offsets, 0);
        }
        for (u, list) in lists.iter().enumerate() {
            for &v in list.iter().filter(|&&v| v as usize > u) {
                let d = v - u as u32;
                let i = match offsets[..count].iter().position(|o| o.d == d) {
                    Some(i) => i,
                    None if count < MAX_SHIFT_OFFSETS => {
                        offsets[count].d = d;
                        count += 1;
                        count - 1
                    }
                    None => return ([Offset::default(); MAX_SHIFT_OFFSETS], 0),
                };
                offsets[i].low.insert(u);
                offsets[i].high.insert(v as usize);
            }
        }
        (offsets, count)
    }

    /// Whether [`neighbours_of_set`](Self::neighbours_of_set) works by word shifts (the
    /// host has at most [`MAX_SHIFT_OFFSETS`] edge offsets and at most 128 vertices).
    #[inline]
    pub fn by_shifts(&self) -> bool {
        self.offset_count > 0
    }

    /// The vertices adjacent to some vertex of `set`: on a host with few edge offsets
    /// (grids numbered row by row, paths, ladders), a few word shifts and masks, one pair
    /// per offset; else the union of the open neighbourhoods, vertex by vertex (any
    /// width).
    #[inline]
    pub fn neighbours_of_set(&self, set: S) -> S {
        if self.offset_count > 0 {
            let mut next = S::empty();
            for o in &self.offsets[..self.offset_count] {
                next = next
                    .union(shifted_up(set.intersection(o.low), o.d))
                    .union(shifted_down(set.intersection(o.high), o.d));
            }
            next
        } else {
            set.iter()
                .fold(S::empty(), |next, v| next.union(self.open[v]))
        }
    }

    /// The degrees inside `set` of its vertices, bit-sliced: vertex `v` of `set` has
    /// degree `sum of 2^i over the slices i holding v`. By word shifts, on a host with
    /// few edge offsets only (else None).
    #[inline]
    pub fn degree_slices(&self, set: S) -> Option<[S; 4]> {
        if self.offset_count == 0 {
            return None;
        }
        let mut slices = [S::empty(); 4];
        let mut add = |bit: S| {
            let mut carry = bit;
            for slice in &mut slices {
                let next = slice.intersection(carry);
                *slice = slice.union(carry).difference(next);
                carry = next;
            }
        };
        for o in &self.offsets[..self.offset_count] {
            // v has the neighbour v + d in the set, or v - d.
            add(shifted_down(set, o.d).intersection(o.low).intersection(set));
            add(shifted_up(set, o.d).intersection(o.high).intersection(set));
        }
        Some(slices)
    }

    /// The vertices of `set` of degree exactly `d` (below 16) inside `set`, from its
    /// [`degree_slices`](Self::degree_slices).
    #[inline]
    pub fn of_degree(set: S, slices: &[S; 4], d: u32) -> S {
        let mut of = set;
        for (i, &slice) in slices.iter().enumerate() {
            of = if d >> i & 1 == 1 {
                of.intersection(slice)
            } else {
                of.difference(slice)
            };
        }
        of
    }

    /// Number of vertices.
    pub fn order(&self) -> usize {
        self.closed.len()
    }

    /// Appends the components of `set` to `out`, leaving out those for which `keep`
    /// is false (given the component's order).
    ///
    /// Narrow sets grow each component a whole frontier at a time with bitset unions;
    /// wide ones (long sparse components, where that would cost diameter x width) walk
    /// adjacency lists over plain word arrays.
    #[inline]
    pub fn split_into(&self, set: S, out: &mut Vec<S>, keep: impl Fn(u32) -> bool) {
        if S::WORDS <= BITSET_WORDS {
            let mut left = set;
            while let Some(start) = left.first() {
                let piece = if self.offset_count > 0 {
                    self.component_by_shifts(start, left)
                } else {
                    component_within(&self.closed, start, left)
                };
                left = left.difference(piece);
                if keep(piece.count()) {
                    out.push(piece);
                }
            }
        } else {
            self.split_wide(set, out, &keep);
        }
    }

    /// The component of `start` inside `within`, a frontier at a time by
    /// [`neighbours_of_set`](Self::neighbours_of_set).
    #[inline]
    fn component_by_shifts(&self, start: usize, within: S) -> S {
        let mut piece = S::singleton(start);
        let mut frontier = piece;
        while !frontier.is_empty() {
            frontier = self
                .neighbours_of_set(frontier)
                .intersection(within)
                .difference(piece);
            piece = piece.union(frontier);
        }
        piece
    }

    /// [`split_into`](Self::split_into) for wide sets. Kept out of line so that the
    /// narrow path's stack frames stay small.
    #[inline(never)]
    fn split_wide(&self, set: S, out: &mut Vec<S>, keep: &dyn Fn(u32) -> bool) {
        let words = S::WORDS;
        let mut left = [0u64; MAX_WORDS];
        for (i, w) in left[..words].iter_mut().enumerate() {
            *w = set.word(i);
        }
        let mut comp = [0u64; MAX_WORDS];
        let mut stack: Vec<u32> = Vec::new();
        for i in 0..words {
            while left[i] != 0 {
                let start = 64 * i + left[i].trailing_zeros() as usize;
                left[i] &= left[i] - 1;
                comp[..words].fill(0);
                comp[i] |= 1 << (start % 64);
                stack.clear();
                stack.push(start as u32);
                let mut count = 1;
                while let Some(v) = stack.pop() {
                    for &u in &self.neighbour_lists[v as usize] {
                        let (w, bit) = (u as usize / 64, 1u64 << (u % 64));
                        if left[w] & bit != 0 {
                            left[w] &= !bit;
                            comp[w] |= bit;
                            stack.push(u);
                            count += 1;
                        }
                    }
                }
                if keep(count) {
                    out.push(S::from_words(&comp[..words]));
                }
            }
        }
    }

    /// [`split_into`](Self::split_into) when every component of `set` is known to
    /// contain a vertex of `seeds`: as when `set` is a connected component minus some
    /// vertices `D`, and `seeds` holds the neighbours of `D` (or any superset inside
    /// `set`). Then a component stops growing as soon as it holds every seed left: it is
    /// all that is left. Options mostly leave one piece, found in a few frontier steps.
    #[inline]
    pub fn split_seeded(&self, set: S, seeds: S, out: &mut Vec<S>, keep: impl Fn(u32) -> bool) {
        if S::WORDS > BITSET_WORDS {
            return self.split_wide(set, out, &keep);
        }
        let mut left = set;
        let mut seeds = seeds.intersection(set);
        while let Some(start) = seeds.first() {
            let mut piece = S::singleton(start);
            let mut frontier = piece;
            loop {
                if seeds.is_subset(piece) {
                    piece = left;
                    break;
                }
                frontier = self
                    .neighbours_of_set(frontier)
                    .intersection(left)
                    .difference(piece);
                if frontier.is_empty() {
                    break;
                }
                piece = piece.union(frontier);
            }
            left = left.difference(piece);
            seeds = seeds.difference(piece);
            if keep(piece.count()) {
                out.push(piece);
            }
        }
        debug_assert!(left.is_empty(), "a component of the set held no seed");
    }

    /// Calls `f` on each neighbour of `v` inside `set`: bitset iteration on narrow sets,
    /// the adjacency list on wide ones (cost by degree, not by width).
    #[inline]
    pub fn for_each_neighbour_in(&self, v: usize, set: S, mut f: impl FnMut(usize)) {
        if S::WORDS <= BITSET_WORDS {
            self.open[v].intersection(set).iter().for_each(f);
        } else {
            for &u in &self.neighbour_lists[v] {
                if set.contains(u as usize) {
                    f(u as usize);
                }
            }
        }
    }

    /// Degree of `v` inside `set`.
    #[inline]
    pub fn degree_in(&self, v: usize, set: S) -> u32 {
        if S::WORDS <= BITSET_WORDS {
            self.open[v].intersection(set).count()
        } else {
            let mut d = 0;
            self.for_each_neighbour_in(v, set, |_| d += 1);
            d
        }
    }
}

/// What one pass over a component learns.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Survey {
    /// Vertices.
    pub order: usize,
    /// Sum of the degrees (twice the edges).
    pub degree_sum: usize,
    /// Largest degree.
    pub max_degree: usize,
    /// Vertices of degree 1.
    pub leaves: usize,
}

impl Survey {
    /// True for a path (connected, at most degree 2, one edge fewer than vertices).
    pub fn is_path(&self) -> bool {
        self.max_degree <= 2 && self.degree_sum / 2 + 1 == self.order
    }

    /// True for a cycle (connected, every degree 2).
    pub fn is_cycle(&self) -> bool {
        self.max_degree == 2 && self.degree_sum == 2 * self.order
    }
}

/// Per-thread buffers of a [`VertexGame`].
#[derive(Default)]
pub struct VertexScratch<S> {
    /// `local_of[v]`: the index of `v` in the component being coded.
    local_of: Vec<u32>,
    /// The component whose local adjacency rows are in `rows` (rows valid when equal).
    rows_of: Option<S>,
    rows: Vec<u64>,
    canonizer: Canonizer,
    /// (neighbourhood hash, vertex) pairs, for twin checks.
    pub twin_hashes: Vec<(u64, u32)>,
    /// A reusable colour counter.
    pub(crate) class_counter: ClassCounter,
    /// A reusable hash buffer.
    pub hash_buffer: Vec<u64>,
    /// A reusable vertex buffer.
    pub vertices: Vec<u32>,
    /// A set of hashes, for quick "any two equal?" checks.
    pub seen: SeenHashes,
    gaps: Vec<u64>,
    small: SmallSolver,
    leaf: DenseLeaf,
    /// The component whose moves `prep` was made for (valid when equal).
    prep_of: Option<S>,
    prep: MovePrep<S>,
}

/// What a game's rules work out once per component before making its options
/// ([`VertexRules::prepare_moves`]); the rules say what each field holds (Arc Kayles: the
/// redundant moves of its twin squares, and the vertices of degree 2, 3 and 4).
#[derive(Debug, Clone, Default)]
pub struct MovePrep<S> {
    /// Moves not to make, as pairs of vertices `(u, v)`, `u < v`.
    pub skipped: Vec<(u32, u32)>,
    /// The first vertices `u` of the pairs in `skipped` (so that most vertices skip the
    /// list).
    pub skipped_from: S,
    /// Whether the pieces of the options are to be looked at further.
    pub refine: bool,
    /// Vertex sets the rules keep (Arc Kayles: by degree).
    pub sets: [S; 3],
    /// A buffer of the rules.
    pub buffer: Vec<[u32; 4]>,
    /// The component's vertices in the order their moves are made
    /// ([`VertexRules::option_pieces_prepared`] at each); empty for the vertex order.
    pub order: Vec<u32>,
    /// A buffer of the rules (Arc Kayles: distances).
    pub numbers: Vec<u32>,
    /// A buffer of the rules (Arc Kayles: sort keys).
    pub keys: Vec<u64>,
}

impl<S: Bits> MovePrep<S> {
    /// Nothing prepared.
    pub fn clear(&mut self) {
        self.skipped.clear();
        self.skipped_from = S::empty();
        self.refine = false;
        self.order.clear();
    }
}

/// A small set of 64-bit hashes that is emptied in constant time (by a generation
/// number), for asking whether two of a component's neighbourhoods may be equal before
/// comparing any of them.
#[derive(Default)]
pub struct SeenHashes {
    slots: Vec<(u32, u64)>,
    generation: u32,
}

impl SeenHashes {
    /// Empties the set, ready for up to `capacity` hashes.
    #[inline]
    pub fn begin(&mut self, capacity: usize) {
        let size = (4 * capacity).next_power_of_two().max(64);
        if self.slots.len() < size || self.generation == u32::MAX {
            self.slots = vec![(0, 0); size];
            self.generation = 0;
        }
        self.generation += 1;
    }

    /// Adds `hash`; true when it was already there.
    #[inline]
    pub fn insert(&mut self, hash: u64) -> bool {
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        while self.slots[i].0 == self.generation {
            if self.slots[i].1 == hash {
                return true;
            }
            i = (i + 1) & mask;
        }
        self.slots[i] = (self.generation, hash);
        false
    }
}

/// A game on the vertex sets of one host graph: a [`Game`] for the engine.
pub struct VertexGame<'h, S, R> {
    host: &'h Host<S>,
    /// `paths[k]` = Node Kayles on `P_k`, for every `k <= n`.
    paths: &'h [u8],
    symmetry: Option<&'h HostSymmetry>,
    rules: std::marker::PhantomData<R>,
}

impl<'h, S: Bits, R: VertexRules> VertexGame<'h, S, R> {
    /// The game on `host`; `symmetry` (if any) must be a symmetry of the host.
    pub fn new(host: &'h Host<S>, paths: &'h [u8], symmetry: Option<&'h HostSymmetry>) -> Self {
        VertexGame {
            host,
            paths,
            symmetry,
            rules: std::marker::PhantomData,
        }
    }

    /// True when `component` is a lattice region that the half turn about the centre of
    /// its bounding box maps onto itself, moving every cell and never onto a neighbour: a
    /// mirror strategy of the subgraph it induces (see
    /// [`is_mirror_strategy`](crate::symmetry::is_mirror_strategy)), so its value is 0 in
    /// Node Kayles and in Arc Kayles. Only hosts with lattice translations are asked.
    fn is_mirror_position(&self, component: S) -> bool {
        let Some(turn) = self.symmetry.and_then(|s| s.box_half_turn(component)) else {
            return false;
        };
        component.iter().all(|v| {
            let w = turn.image(v);
            w != v && !self.host.open[v].contains(w)
        })
    }

    /// One pass over `component`: its order and degrees.
    #[inline]
    fn survey(&self, component: S) -> Survey {
        let mut survey = Survey::default();
        for v in component.iter() {
            let d = self.host.degree_in(v, component) as usize;
            survey.order += 1;
            survey.degree_sum += d;
            survey.max_degree = survey.max_degree.max(d);
            survey.leaves += usize::from(d == 1);
        }
        survey
    }

    /// Whether a Node Kayles component a little above `small_order` (at most
    /// [`DENSE_EXTRA_ORDER`] more vertices) is dense enough to be evaluated at once:
    /// average degree at least [`DENSE_AVERAGE_DEGREE`]. A move deletes a closed
    /// neighbourhood, so on such a component every line of play is a few moves long and
    /// few of its subsets are reachable.
    fn dense_and_small(&self, component: S, order: usize, small_order: usize) -> bool {
        if R::GAME != GameKind::Node
            || order > (small_order + DENSE_EXTRA_ORDER).min(MAX_SMALL_ORDER)
        {
            return false;
        }
        let degrees: u32 = component
            .iter()
            .map(|v| self.host.closed[v].intersection(component).count() - 1)
            .sum();
        degrees as usize >= DENSE_AVERAGE_DEGREE * order
    }

    /// Fills `scratch.rows` with the component's adjacency in local indices (components of
    /// at most 64 vertices; [`local_rows_of`]), unless they are there already: the small
    /// solver and the dense leaf read them.
    fn local_rows(&self, component: S, scratch: &mut VertexScratch<S>) {
        if scratch.rows_of == Some(component) {
            return;
        }
        scratch.rows.clear();
        local_rows_of(&self.host.open, component, &mut scratch.rows);
        scratch.rows_of = Some(component);
    }

    /// The shape code of a component of more than 64 vertices, straight from the
    /// adjacency lists: `[k | 2 << 32, then for each vertex i (in graph order) its number of
    /// earlier neighbours and the gaps i - j to them]` in 16-bit values. The tag keeps it
    /// apart from the lower-triangle codes of [`canonical`].
    fn push_sparse_shape_code(
        &self,
        component: S,
        scratch: &mut VertexScratch<S>,
        out: &mut Vec<u64>,
    ) {
        let k = component.count() as usize;
        for (i, v) in component.iter().enumerate() {
            scratch.local_of[v] = i as u32;
        }
        out.push(k as u64 | 2 << 32);
        let mut word = 0u64;
        let mut filled = 0u32;
        let mut push = |out: &mut Vec<u64>, value: u64| {
            word |= (value & 0xffff) << (16 * filled);
            filled += 1;
            if filled == 4 {
                out.push(word);
                word = 0;
                filled = 0;
            }
        };
        let mut gaps = std::mem::take(&mut scratch.gaps);
        for v in component.iter() {
            let i = scratch.local_of[v];
            gaps.clear();
            self.host.for_each_neighbour_in(v, component, |u| {
                let j = scratch.local_of[u];
                if j < i {
                    gaps.push(u64::from(i - j));
                }
            });
            push(out, gaps.len() as u64);
            for &g in &gaps {
                push(out, g);
            }
        }
        scratch.gaps = gaps;
        if filled > 0 {
            out.push(word);
        }
    }
}

impl<S: Bits, R: VertexRules> Game for VertexGame<'_, S, R> {
    type Position = S;
    type Scratch = VertexScratch<S>;

    fn scratch(&self) -> VertexScratch<S> {
        VertexScratch {
            local_of: vec![0; self.host.order()],
            rows_of: None,
            rows: Vec::new(),
            canonizer: Canonizer::new(),
            twin_hashes: Vec::new(),
            class_counter: ClassCounter::default(),
            hash_buffer: Vec::new(),
            vertices: Vec::new(),
            seen: SeenHashes::default(),
            gaps: Vec::new(),
            small: SmallSolver::default(),
            leaf: DenseLeaf::default(),
            prep_of: None,
            prep: MovePrep::default(),
        }
    }

    #[inline]
    fn split(&self, position: &S, out: &mut Vec<S>) {
        let start = out.len();
        self.host
            .split_into(*position, out, |k| R::tiny_value(k) != Some(0));
        R::refine_pieces(self.host, out, start);
    }

    #[inline]
    fn option_pieces(&self, component: &S, scratch: &mut VertexScratch<S>, out: &mut Vec<S>) {
        self.option_pieces_from(component, scratch, out, &mut 0, usize::MAX);
    }

    /// The moves vertex by vertex, as the game's rules prepared them for the component
    /// ([`VertexRules::option_pieces_prepared`]); `*from` is the next vertex to start
    /// from.
    #[inline]
    fn option_pieces_from(
        &self,
        component: &S,
        scratch: &mut VertexScratch<S>,
        out: &mut Vec<S>,
        from: &mut usize,
        batch: usize,
    ) {
        // The preparation depends on the component alone (the host is the game's): a
        // component searched again (the next round, a heap move) keeps it.
        if scratch.prep_of != Some(*component) {
            R::prepare_moves(self.host, *component, &mut scratch.prep);
            scratch.prep_of = Some(*component);
        }
        let mut made = 0;
        if !scratch.prep.order.is_empty() {
            // `*from` is a place in the rules' order.
            let order = std::mem::take(&mut scratch.prep.order);
            let mut i = *from;
            while i < order.len() {
                let v = order[i] as usize;
                i += 1;
                made += R::option_pieces_prepared(self.host, *component, v, &mut scratch.prep, out);
                if made >= batch {
                    break;
                }
            }
            *from = if i < order.len() { i } else { usize::MAX };
            scratch.prep.order = order;
            return;
        }
        for v in component.difference(S::prefix(*from)).iter() {
            made += R::option_pieces_prepared(self.host, *component, v, &mut scratch.prep, out);
            if made >= batch {
                *from = v + 1;
                return;
            }
        }
        *from = usize::MAX;
    }

    /// On dense components only (average degree at least [`LEAF_AVERAGE_DEGREE`]): there
    /// a move touches most of the graph, and the reply that refuted a sibling's move
    /// often refutes this one. On sparse ones (grids, `P(n, 2)`, Cram) the moves are local
    /// and the reply usually lies elsewhere: one thread, killers at 4 levels, P(39,2)
    /// searched 9% more positions, grid 3 x 28 7%, Cram 3 x 15 3%; queens 15 25% fewer.
    fn killer_replies(&self, component: &S) -> bool {
        let degrees: u32 = component
            .iter()
            .map(|v| self.host.open[v].intersection(*component).count())
            .sum();
        degrees >= LEAF_AVERAGE_DEGREE * component.count()
    }

    fn option_move(&self, component: &S, pieces: &[S]) -> Option<u32> {
        let left = pieces.iter().fold(S::empty(), |acc, &p| acc.union(p));
        R::move_leaving(self.host, *component, left)
    }

    #[inline]
    fn tiny_value(&self, component: &S) -> Option<u8> {
        R::tiny_value(component.count())
    }

    #[inline]
    fn order(&self, component: &S) -> usize {
        component.count() as usize
    }

    fn small_value(
        &self,
        component: &S,
        small_order: usize,
        scratch: &mut VertexScratch<S>,
    ) -> Option<u8> {
        let order = component.count() as usize;
        if order > small_order && !self.dense_and_small(*component, order, small_order) {
            return None;
        }
        self.local_rows(*component, scratch);
        Some(R::small_nimber(&scratch.rows, &mut scratch.small))
    }

    fn leaf_applies(
        &self,
        component: &S,
        leaf_order: usize,
        scratch: &mut VertexScratch<S>,
    ) -> bool {
        let order = component.count() as usize;
        if R::GAME != GameKind::Node || order > leaf_order.min(MAX_LEAF_ORDER) {
            return false;
        }
        self.local_rows(*component, scratch);
        let degrees: u32 = scratch.rows.iter().map(|row| row.count_ones()).sum();
        let order = order as u32;
        degrees >= LEAF_AVERAGE_DEGREE * order && degrees * LEAF_ORDER_PER_DEGREE >= order * order
    }

    fn leaf_wins(
        &self,
        component: &S,
        heap: u8,
        leaf_order: usize,
        host_table: &LeafHostTable,
        stop: Option<&Arc<AtomicBool>>,
        scratch: &mut VertexScratch<S>,
    ) -> Option<(crate::engine::LeafDecision, u64)> {
        if !self.leaf_applies(component, leaf_order, scratch) {
            return None;
        }
        let before = scratch.leaf.positions;
        scratch.leaf.set_stop_flag(stop);
        let win = if S::WORDS <= crate::leaves::dense::HOST_WORDS {
            let mut words = [0u64; crate::leaves::dense::HOST_WORDS];
            for (w, word) in words.iter_mut().enumerate().take(S::WORDS) {
                *word = component.word(w);
            }
            scratch.leaf.node_kayles_wins_in_host(
                &scratch.rows,
                &words[..S::WORDS],
                heap,
                host_table,
            )
        } else {
            scratch.leaf.node_kayles_wins(&scratch.rows, heap)
        };
        let decision = match win {
            Some(win) => crate::engine::LeafDecision::Decided(win),
            None => crate::engine::LeafDecision::Stopped,
        };
        Some((decision, scratch.leaf.positions - before))
    }

    fn scratch_table_bytes(&self, scratch: &VertexScratch<S>) -> usize {
        scratch.leaf.table_bytes()
    }

    fn clear_scratch_tables(&self, scratch: &mut VertexScratch<S>) {
        scratch.leaf.clear_table();
    }

    fn simplify(
        &self,
        component: &S,
        layers: Layers,
        scratch: &mut VertexScratch<S>,
    ) -> Simplified<S> {
        let survey = self.survey(*component);
        if layers.known_pieces {
            if let Some(v) = R::known_value(&survey, self.paths) {
                return Simplified::Known(v);
            }
            if self.is_mirror_position(*component) {
                return Simplified::Mirror;
            }
        }
        if layers.reductions {
            let reduced = R::reduce(self.host, *component, &survey, scratch);
            if reduced != *component {
                return Simplified::Reduced(reduced);
            }
        }
        Simplified::Unchanged
    }

    #[inline]
    fn symmetry_key(&self, component: &S, out: &mut Vec<u64>) -> bool {
        match self.symmetry {
            Some(symmetry) => {
                let key = symmetry.key(*component);
                out.extend((0..S::WORDS).map(|i| key.word(i)));
                true
            }
            None => false,
        }
    }

    fn shape_code(&self, component: &S, scratch: &mut VertexScratch<S>, out: &mut Vec<u64>) {
        if component.count() <= 64 {
            self.local_rows(*component, scratch);
            canonical::labelled_code(&scratch.rows, out);
        } else {
            self.push_sparse_shape_code(*component, scratch, out);
        }
    }

    fn canonical_code(
        &self,
        component: &S,
        scratch: &mut VertexScratch<S>,
        out: &mut Vec<u64>,
    ) -> bool {
        if component.count() <= 64 {
            self.local_rows(*component, scratch);
            let rows = std::mem::take(&mut scratch.rows);
            scratch.canonizer.code(&rows, out);
            scratch.rows = rows;
        } else {
            for (i, v) in component.iter().enumerate() {
                scratch.local_of[v] = i as u32;
            }
            let adjacency: Vec<S> = component
                .iter()
                .map(|v| {
                    let mut row = S::empty();
                    self.host.for_each_neighbour_in(v, *component, |u| {
                        row.insert(scratch.local_of[u] as usize)
                    });
                    row
                })
                .collect();
            scratch.canonizer.code(&adjacency, out);
        }
        true
    }
}

/// A solver for a game on vertex sets: keeps its shared memo between calls, picks the
/// narrowest set type for each component, and uses a host symmetry when it has one for
/// the graph.
///
/// [`node::Solver`](crate::node::Solver) (Node Kayles) and
/// [`arc::Solver`](crate::arc::Solver) (Arc Kayles) are its two instances.
pub struct VertexSolver<R: VertexRules> {
    memo: SharedMemo,
    symmetry: Option<HostSymmetry>,
    /// The order the search uses inside on the host of `symmetry`, when it is not the
    /// given one: the permutation to it and the symmetry in it (see
    /// [`HostSymmetry::long_axis_major`]).
    internal: Option<(Vec<usize>, HostSymmetry)>,
    paths: PathNimbers,
    /// The host of the last search, as the search reads it (built once for the many
    /// positions of one host that a split's jobs or a certificate's questions ask about).
    prepared: Mutex<Option<PreparedHost>>,
    /// The last graph searched and whether it is the host of `symmetry`: comparing it
    /// with the next is far cheaper than [`HostSymmetry::is_host`], which sorts the
    /// graph's edges (a certificate asks thousands of questions about one host).
    symmetry_host: Mutex<Option<(Graph, bool)>>,
    rules: std::marker::PhantomData<R>,
}

/// A [`Host`] built for one graph, at the width its search used.
struct PreparedHost {
    graph: Graph,
    /// Whether the host is the graph renumbered in the internal order.
    renumbered: bool,
    /// A `Host<S>` for the width `S` of the search.
    host: Arc<dyn Any + Send + Sync>,
}

/// What a search is asked of a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Question {
    /// Its nimber.
    Nimber,
    /// Whether the position plus a heap of this size is a win (answered 1) or a loss (0).
    WinsWithHeap(u8),
    /// What the memo knows of it without a search (answered as the record's bits).
    Recall,
}

impl<R: VertexRules> Default for VertexSolver<R> {
    fn default() -> Self {
        Self::new()
    }
}

impl<R: VertexRules> VertexSolver<R> {
    /// A solver with every layer on.
    pub fn new() -> Self {
        Self::with_config(SearchConfig::default())
    }

    /// A solver with the given layers.
    pub fn with_config(config: SearchConfig) -> Self {
        VertexSolver {
            memo: SharedMemo::new(config),
            symmetry: None,
            internal: None,
            paths: PathNimbers::new(),
            prepared: Mutex::new(None),
            symmetry_host: Mutex::new(None),
            rules: std::marker::PhantomData,
        }
    }

    /// The game this solver plays.
    pub fn game(&self) -> GameKind {
        R::GAME
    }

    /// Gives the solver the symmetry of one host graph (or none), for
    /// [`MemoKey::Symmetry`](crate::engine::MemoKey::Symmetry); empties the memo of the
    /// previous one. The symmetry is used only on a connected graph that
    /// [`is`](HostSymmetry::is_host) its host.
    ///
    /// ```
    /// use kayles_core::{families, engine::{MemoKey, SearchConfig}, node::Solver};
    /// let config = SearchConfig { memo_key: MemoKey::Symmetry, ..SearchConfig::default() };
    /// let mut solver = Solver::with_config(config);
    /// solver.set_host_symmetry(families::host_symmetry("grid:3x12").unwrap());
    /// assert_eq!(solver.nimber(&families::build("grid:3x12").unwrap()), Ok(5));
    /// assert!(solver.stats().symmetry_hits > 0);
    /// ```
    ///
    /// On a strip numbered row by row (`grid:3xN`) the search renumbers the host along its
    /// long side inside ([`HostSymmetry::long_axis_major`]); values are the same.
    pub fn set_host_symmetry(&mut self, symmetry: Option<HostSymmetry>) {
        if self.symmetry == symmetry {
            return;
        }
        self.symmetry = symmetry;
        self.internal = None;
        *self.symmetry_host.lock().unwrap_or_else(|p| p.into_inner()) = None;
        self.memo.clear_symmetric();
    }

    /// A flag that stops the search: once it is raised (from another thread or a signal
    /// handler), [`nimber`](Self::nimber) returns [`SearchError::Stopped`] within
    /// milliseconds, and the memos are emptied (values computed after the stop would be
    /// wrong). The flag is not lowered by the solver.
    ///
    /// ```
    /// use kayles_core::{families, engine::SearchError, node::Solver};
    /// use std::sync::{atomic::AtomicBool, Arc};
    /// let mut solver = Solver::new();
    /// solver.set_stop_flag(Some(Arc::new(AtomicBool::new(true))));
    /// assert_eq!(solver.nimber(&families::build("grid:3x20").unwrap()), Err(SearchError::Stopped));
    /// solver.set_stop_flag(None);
    /// assert_eq!(solver.nimber(&families::build("grid:3x4").unwrap()), Ok(0));
    /// ```
    pub fn set_stop_flag(&mut self, flag: Option<Arc<AtomicBool>>) {
        self.memo.set_stop_flag(flag);
    }

    /// The layers in use.
    pub fn config(&self) -> SearchConfig {
        self.memo.config()
    }

    /// Gives the outcome search a proof hook (engine/proof.rs), or takes it away.
    pub fn set_proof_hook(&mut self, hook: Option<Arc<dyn crate::engine::proof::ProofHook>>) {
        self.memo.set_proof_hook(hook);
    }

    /// How the search numbers the vertices of `host` inside, when it renumbers them
    /// (host vertex `v` is searched as `perm[v]`; see
    /// [`set_host_symmetry`](Self::set_host_symmetry)): what a proof hook's vertex sets
    /// are in.
    pub fn internal_order(&mut self, host: &Graph) -> Option<Vec<usize>> {
        self.prepare_internal_order(host);
        self.symmetry.as_ref().filter(|sym| sym.is_host(host))?;
        self.internal.as_ref().map(|(perm, _)| perm.clone())
    }

    /// Changes the layers; the memos stay (their keys are full keys, valid under any
    /// configuration).
    pub fn set_config(&mut self, config: SearchConfig) {
        self.memo.set_config(config);
    }

    /// The counters so far.
    pub fn stats(&self) -> SearchStats {
        self.memo.stats()
    }

    /// A live view of the search, for progress reports from another thread.
    pub fn progress(&self) -> SearchProgress {
        self.memo.progress()
    }

    /// A handle on the shared memo's entries, for saving and loading them from another
    /// thread (see [`MemoHandle`](crate::engine::MemoHandle)).
    pub fn memo_handle(&self) -> crate::engine::MemoHandle {
        self.memo.handle()
    }

    /// Bytes held by the shared memo.
    pub fn memo_bytes(&self) -> usize {
        self.memo.bytes()
    }

    /// The nimber of `g` in this game.
    pub fn nimber(&mut self, g: &Graph) -> Result<u32, SearchError> {
        let mut total = 0u32;
        for comp in g.components(&g.vertices()) {
            if R::tiny_value(comp.len() as u32) == Some(0) {
                continue;
            }
            let (sub, _) = g.induced_subgraph(&comp);
            total ^= self.connected_nimber(&sub)?;
        }
        Ok(total)
    }

    /// The nimber of the position `set` of the graph `host`: the subgraph it induces, but
    /// searched as a vertex set of `host`, so that the host's symmetry (when the solver
    /// has the one of `host`) keys its components. A job of a split
    /// ([`split`](crate::split)) is solved this way.
    ///
    /// ```
    /// use kayles_core::{families, engine::{MemoKey, SearchConfig}, node::Solver, VertexSet};
    /// let config = SearchConfig { memo_key: MemoKey::Symmetry, ..SearchConfig::default() };
    /// let mut solver = Solver::with_config(config);
    /// solver.set_host_symmetry(families::host_symmetry("grid:3x8").unwrap());
    /// let host = families::build("grid:3x8").unwrap();
    /// // The last six columns: the 3 x 6 grid.
    /// let set = VertexSet::from_vertices(24, (0..24).filter(|v| v % 8 >= 2));
    /// let want = Solver::new().nimber(&families::build("grid:3x6").unwrap()).unwrap();
    /// assert_eq!(solver.nimber_of_subset(&host, &set), Ok(want));
    /// assert!(solver.stats().symmetry_hits > 0);
    /// ```
    pub fn nimber_of_subset(&mut self, host: &Graph, set: &VertexSet) -> Result<u32, SearchError> {
        self.paths.path(host.order());
        self.prepare_internal_order(host);
        self.on_deep_stack(host.order(), |solver| {
            solver.dispatch(host, Some(set), Question::Nimber)
        })
    }

    /// Whether the position `set` of the graph `host` plus a Nim heap of size `heap` is a
    /// win for the player to move (that is, whether its nimber is not `heap`), searched as
    /// in [`nimber_of_subset`](Self::nimber_of_subset). With the outcome method this
    /// costs one round of the nimber's search, often far less than the nimber.
    ///
    /// ```
    /// use kayles_core::{families, node::Solver, VertexSet};
    /// let host = families::build("grid:3x6").unwrap();
    /// let all = VertexSet::full(18);
    /// let mut solver = Solver::new();
    /// let value = solver.nimber_of_subset(&host, &all).unwrap();
    /// for heap in 0..6 {
    ///     assert_eq!(solver.wins_with_heap(&host, &all, heap), Ok(heap != value));
    /// }
    /// ```
    pub fn wins_with_heap(
        &mut self,
        host: &Graph,
        set: &VertexSet,
        heap: u32,
    ) -> Result<bool, SearchError> {
        let Ok(heap) = u8::try_from(heap) else {
            // Nimbers are below 256 (or the search reports an error).
            return self.nimber_of_subset(host, set).map(|_| true);
        };
        self.paths.path(host.order());
        self.prepare_internal_order(host);
        let answer = self.on_deep_stack(host.order(), |solver| {
            solver.dispatch(host, Some(set), Question::WinsWithHeap(heap))
        })?;
        Ok(answer == 1)
    }

    /// What the memo (under its cheap key, with the small values, known pieces and mirror
    /// positions) already knows of the connected position `set` of `host`, without
    /// searching: what earlier searches of the same host learnt. Microseconds. Unknown
    /// for a position of several components.
    ///
    /// ```
    /// use kayles_core::{families, node::Solver, VertexSet};
    /// let host = families::build("grid:3x6").unwrap();
    /// let all = VertexSet::full(18);
    /// let mut solver = Solver::new();
    /// assert!(solver.recall_subset(&host, &all).is_unknown());
    /// let value = solver.nimber_of_subset(&host, &all).unwrap();
    /// assert_eq!(solver.recall_subset(&host, &all).value(), Some(value as u8));
    /// ```
    pub fn recall_subset(&mut self, host: &Graph, set: &VertexSet) -> Record {
        self.paths.path(host.order());
        self.prepare_internal_order(host);
        match self.dispatch(host, Some(set), Question::Recall) {
            Ok(bits) => Record::from_bits(bits),
            Err(_) => Record::UNKNOWN,
        }
    }

    /// Works out the internal order for `host` the first time its symmetry's host is met.
    fn prepare_internal_order(&mut self, host: &Graph) {
        if self.internal.is_none() {
            if let Some(sym) = &self.symmetry {
                self.internal = sym.long_axis_major(host);
            }
        }
    }

    fn connected_nimber(&mut self, g: &Graph) -> Result<u32, SearchError> {
        self.paths.path(g.order());
        self.prepare_internal_order(g);
        self.on_deep_stack(g.order(), |solver| {
            solver.dispatch(g, None, Question::Nimber)
        })
    }

    /// Runs `search` here, or, for a graph of more than 64 vertices searched on the
    /// calling thread, on a thread with a large stack (deep positions recurse once per
    /// move; the pool's threads have large stacks).
    fn on_deep_stack(
        &self,
        order: usize,
        search: impl FnOnce(&Self) -> Result<u32, SearchError> + Send,
    ) -> Result<u32, SearchError> {
        if order > 64 && !engine::runs_in_pool(&self.memo.config()) {
            crate::stack::on_stack(crate::stack::DEEP, || search(self))
        } else {
            search(self)
        }
    }

    /// Asks `question` of `set` (all of `g` when `None`) at the narrowest width that holds
    /// `g`.
    fn dispatch(
        &self,
        g: &Graph,
        set: Option<&VertexSet>,
        question: Question,
    ) -> Result<u32, SearchError> {
        crate::with_width!(g.order(), S => self.run::<S>(g, set, question), order => {
            Err(SearchError::ComponentTooLarge {
                order,
                max: MAX_COMPONENT_ORDER,
            })
        })
    }

    fn run<S: Bits>(
        &self,
        g: &Graph,
        set: Option<&VertexSet>,
        question: Question,
    ) -> Result<u32, SearchError> {
        let n = g.order();
        let mut root = match set {
            Some(set) => S::from_words(set.words()).intersection(S::prefix(n)),
            None => S::prefix(n),
        };
        let paths: Vec<u8> = (0..=n).map(|k| self.paths.known(k)).collect();
        let mut symmetry = self
            .symmetry
            .as_ref()
            .filter(|sym| self.is_symmetry_host(sym, g));
        let mut renumbering = None;
        if let (Some(_), Some((perm, internal))) = (symmetry, &self.internal) {
            let mut moved = S::empty();
            for v in root.iter() {
                moved.insert(perm[v]);
            }
            root = moved;
            symmetry = Some(internal);
            renumbering = Some(perm.as_slice());
        }
        let host = self.prepared_host::<S>(g, renumbering);
        let game = VertexGame::<S, R>::new(&host, &paths, symmetry);
        match question {
            Question::Nimber => engine::solve(&game, &self.memo, &root),
            Question::WinsWithHeap(heap) => {
                engine::decide(&game, &self.memo, &root, heap).map(u32::from)
            }
            Question::Recall => {
                // The memo keys components: a position of several is not looked up.
                let mut pieces = Vec::new();
                host.split_into(root, &mut pieces, |_| true);
                Ok(match pieces.as_slice() {
                    [component] => engine::recall(&game, &self.memo, component).to_bits(),
                    _ => Record::UNKNOWN.to_bits(),
                })
            }
        }
    }

    /// Whether `g` is the host of `sym` (the solver's symmetry), remembered for the last
    /// graph asked about.
    fn is_symmetry_host(&self, sym: &HostSymmetry, g: &Graph) -> bool {
        let mut last = self.symmetry_host.lock().unwrap_or_else(|p| p.into_inner());
        if let Some((graph, is)) = last.as_ref() {
            if graph == g {
                return *is;
            }
        }
        let is = sym.is_host(g);
        *last = Some((g.clone(), is));
        is
    }

    /// The [`Host`] of `g` (renumbered by `renumbering` if given) at width `S`: the one
    /// of the last search when it was of the same graph, numbering and width.
    fn prepared_host<S: Bits>(&self, g: &Graph, renumbering: Option<&[usize]>) -> Arc<Host<S>> {
        let mut prepared = self.prepared.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(p) = prepared.as_ref() {
            if p.renumbered == renumbering.is_some() && p.graph == *g {
                if let Ok(host) = Arc::clone(&p.host).downcast::<Host<S>>() {
                    return host;
                }
            }
        }
        // A new host: the leaf's host table keys vertex sets of the last one, and would
        // answer for this graph's sets what it learnt of that graph's.
        self.memo.clear_leaf_host();
        let host = Arc::new(match renumbering {
            Some(perm) => Host::<S>::new(&g.relabel(perm)),
            None => Host::<S>::new(g),
        });
        *prepared = Some(PreparedHost {
            graph: g.clone(),
            renumbered: renumbering.is_some(),
            host: Arc::clone(&host) as Arc<dyn Any + Send + Sync>,
        });
        host
    }
}
