//! Arc Kayles: a move picks an edge `uv` and deletes both endpoints (and every edge that
//! touches them). An instance of the [engine](crate::engine) on vertex sets, like Node
//! Kayles, so every layer serves it: components, the exact cache, the host-symmetry,
//! shape and canonical keys, known pieces, reductions, the parallel split. Also through
//! the line graph (NK-ARC-LINE): Arc Kayles on `G` is Node Kayles on `L(G)`.
//!
//! **Known pieces.** An isolated vertex is dead (value 0, and dropped); two or three
//! connected vertices have value 1. The line graph of the path `P_k` is `P_{k-1}`, so Arc
//! Kayles on `P_k` is Dawson's chess at `k - 1`; the line graph of the cycle `C_k` is `C_k`.
//!
//! **Reductions** (the WAK reductions of docs/claims/README.md section 4 on positions of weight 1,
//! kept in vertex-set form). Arc Kayles on `H` is Weighted Arc-Kayles on `H` with every
//! weight 1 and no loop. A leaf `l` hanging from `x` is a *heavy* vertex
//! (`w(l) = 1 >= w(x)`): deleting it and putting a loop on `x` keeps the value, and a
//! looped `x` is, in Arc Kayles, an `x` with one pendant leaf (WAK-TO-ARC). Hence:
//! - **surplus leaves**: of several leaves hanging from one vertex, all but one can be
//!   deleted (both positions reduce to the same looped `x`);
//! - **useless vertices**: a vertex `v` that is not a leaf, has no pendant leaf, and whose
//!   every neighbour has a pendant leaf can be deleted (after the leaves become loops, `v`
//!   is unlooped with every neighbour looped: useless). Such vertices are pairwise
//!   non-adjacent, so all of them go at once.
//!
//! Both are checked against the definition on every graph of up to 7 vertices and on
//! random graphs, and each is shown to be needed as stated (a useless vertex with a
//! pendant leaf of its own, for instance, may not be deleted).
//!
//! **Twin squares** (the "2 x 2 rule" of Beling and Rogalski, "On pruning search trees of
//! impartial games", Artificial Intelligence 283, 2020, there for Cram): two non-adjacent
//! vertices `a`, `b` of degree 2 with the same neighbours `c < d` (a *twin square*). Then
//! `G` has the value of `G - ad - bc`:
//! - the moves `ad` and `bc` leave positions isomorphic to those of `bd` and `ac` (swap
//!   `a` and `b`), and those two leave the same graph in `G` and in `G - ad - bc`;
//! - a move that deletes `c` (and not `d`) leaves `a` and `b` pendant on `d` in `G`, and
//!   only `b` pendant on `d` (`a` isolated) in `G - ad - bc`: equal by the surplus-leaf
//!   rule above; likewise for `d`; the move `cd` (when `c ~ d`) leaves `a`, `b` isolated
//!   in both; any other move keeps the square, and induction finishes.
//!
//! So the search skips the moves `ad` and `bc` ([`VertexRules::prepare_moves`]), and a
//! component splits where it falls apart without those two edges: with vertex-disjoint
//! squares `Q`, the components of `G - E(Q)` are induced subgraphs of the host (an edge
//! of `E(Q)` never lies inside one: it would bring its whole square with it), whose values
//! xor to the value of `G` ([`split_at_twin_squares`]). Checked against the definition on
//! every graph of up to 7 vertices that holds a square (and the rule shown to need both
//! degrees to be 2), and on random graphs and grid regions.
//!
//! **Move order.** The moves of a sparse component (average degree below
//! [`CENTRE_FIRST_DEGREE_BELOW`], at least [`CENTRE_FIRST_MIN_ORDER`] vertices) are made
//! centre first, the centre found on the graph alone by two double sweeps (breadth-first
//! distances from both ends of a long shortest path, and of a second one through its
//! middle): the outcome search keeps that order among the options it ranks equal, and
//! moves near the middle tend to cut a component in two. On a host with few edge offsets
//! (a grid) the sweeps' distances are bit-sliced counters, and a near-square host's
//! components that hold its centre are ordered by distance from that centre instead
//! (docs/performance.md, "Cram: twin squares and centre-first moves", "Cram: cost per
//! position, a fifth round" and "a sixth round").

use crate::bits::Bits;
use crate::leaves::small::SmallSolver;
use crate::rules::arc_move;
use crate::vertex_game::{Host, MovePrep, Survey, VertexRules, VertexScratch, VertexSolver};
use crate::{engine::SearchError, node::Solver as NodeSolver};
use crate::{GameKind, Graph};

/// The rules of Arc Kayles: a move deletes both endpoints of an edge.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ArcKayles;

/// An Arc Kayles solver; keeps its shared memo between calls.
///
/// ```
/// use kayles_core::{arc, families, table::SubsetTable, GameKind};
/// let mut solver = arc::Solver::new();
/// assert_eq!(solver.nimber(&families::path(4)), Ok(2));
/// // The same value as the Arc Kayles subset table's, on the whole 3 x 4 grid.
/// let grid = families::build("grid:3x4").unwrap();
/// let table = SubsetTable::compute_game(&grid, GameKind::Arc).unwrap();
/// assert_eq!(solver.nimber(&grid), Ok(u32::from(table.nimber((1 << 12) - 1))));
/// ```
pub type Solver = VertexSolver<ArcKayles>;

impl VertexRules for ArcKayles {
    const GAME: GameKind = GameKind::Arc;

    #[inline]
    fn tiny_value(order: u32) -> Option<u8> {
        match order {
            1 => Some(0),
            2 | 3 => Some(1),
            _ => None,
        }
    }

    #[inline]
    fn option_pieces_at<S: Bits>(
        host: &Host<S>,
        component: S,
        u: usize,
        out: &mut Vec<S>,
    ) -> usize {
        let mut made = 0;
        for v in host.open[u].intersection(component).iter() {
            if v > u {
                // Every piece left touches u or v.
                let rest = arc_move(component, u, v);
                let seeds = host.open[u].union(host.open[v]);
                host.split_seeded(rest, seeds, out, |k| k > 1);
                out.push(S::empty());
                made += 1;
            }
        }
        made
    }

    /// The edge `uv` played (`u < v`), as `u << 16 | v`: both ends are gone, and every
    /// other vertex gone was left isolated (the pieces leave dead vertices out).
    fn move_leaving<S: Bits>(host: &Host<S>, component: S, left: S) -> Option<u32> {
        let taken = component.difference(left);
        for u in taken.iter() {
            for v in host.open[u].intersection(taken).iter().filter(|&v| v > u) {
                let rest = arc_move(component, u, v);
                let dead = taken.without(u).without(v);
                if dead
                    .iter()
                    .all(|w| host.open[w].intersection(rest).is_empty())
                {
                    return Some((u as u32) << 16 | v as u32);
                }
            }
        }
        None
    }

    fn prepare_moves<S: Bits>(host: &Host<S>, component: S, prep: &mut MovePrep<S>) {
        prep.clear();
        let order = component.count();
        if order < TWIN_SQUARE_MIN_ORDER.min(CENTRE_FIRST_MIN_ORDER) {
            return;
        }
        let mut by_degree = [S::empty(); 3];
        let mut degrees = 0;
        if let Some(slices) = host.degree_slices(component) {
            // By word shifts (a host with few edge offsets, as a grid).
            for (i, slice) in slices.iter().enumerate() {
                degrees += slice.count() << i;
            }
            for (d, set) in (2..).zip(&mut by_degree) {
                *set = Host::of_degree(component, &slices, d);
            }
        } else {
            for v in component.iter() {
                let d = host.degree_in(v, component);
                degrees += d;
                if (2..=4).contains(&d) {
                    by_degree[d as usize - 2].insert(v);
                }
            }
        }
        if order >= CENTRE_FIRST_MIN_ORDER && degrees < CENTRE_FIRST_DEGREE_BELOW * order {
            centre_first(host, component, prep);
        }
        if order < TWIN_SQUARE_MIN_ORDER {
            return;
        }
        prep.sets = by_degree;
        // A piece of at least the least order is left only by a component two larger.
        prep.refine = component.count() >= TWIN_SQUARE_MIN_ORDER + 2;
        find_squares(host, component, by_degree[0], &mut prep.buffer);
        for &[a, b, c, d] in &prep.buffer {
            for (x, y) in [(a, d), (b, c)] {
                prep.skipped.push((x.min(y), x.max(y)));
                prep.skipped_from.insert(x.min(y) as usize);
            }
        }
    }

    fn option_pieces_prepared<S: Bits>(
        host: &Host<S>,
        component: S,
        u: usize,
        prep: &mut MovePrep<S>,
        out: &mut Vec<S>,
    ) -> usize {
        let mut made = 0;
        let skips = prep.skipped_from.contains(u);
        let later = component.difference(S::prefix(u + 1));
        for v in host.open[u].intersection(later).iter() {
            if skips && prep.skipped.contains(&(u as u32, v as u32)) {
                continue;
            }
            let rest = arc_move(component, u, v);
            let seeds = host.open[u].union(host.open[v]);
            let start = out.len();
            host.split_seeded(rest, seeds, out, |k| k > 1);
            if prep.refine {
                // A vertex of a piece lost the edges to u and v, and only those (the piece
                // is a component of the rest).
                let (nu, nv) = (host.open[u], host.open[v]);
                let both = nu.intersection(nv);
                let one = nu.union(nv).difference(both);
                let [two, three, four] = prep.sets;
                let degree_two = two
                    .difference(nu.union(nv))
                    .union(three.intersection(one))
                    .union(four.intersection(both));
                let end = out.len();
                for i in start..end {
                    if out[i].count() >= TWIN_SQUARE_MIN_ORDER {
                        let found = degree_two.intersection(out[i]);
                        split_piece(host, out, i, found, &mut prep.buffer, TWIN_SQUARE_MIN_ORDER);
                    }
                }
            }
            out.push(S::empty());
            made += 1;
        }
        made
    }

    #[inline]
    fn refine_pieces<S: Bits>(host: &Host<S>, out: &mut Vec<S>, start: usize) {
        split_at_twin_squares(host, out, start);
    }

    #[inline]
    fn known_value(survey: &Survey, paths: &[u8]) -> Option<u8> {
        // The line graph of `P_k` is `P_{k-1}`.
        crate::node::path_or_cycle_value(survey, paths, survey.order - 1)
    }

    #[inline]
    fn small_nimber(open: &[u64], solver: &mut SmallSolver) -> u8 {
        solver.arc_kayles(open)
    }

    fn reduce<S: Bits>(
        host: &Host<S>,
        component: S,
        survey: &Survey,
        _scratch: &mut VertexScratch<S>,
    ) -> S {
        if survey.leaves == 0 {
            return component;
        }
        without_surplus_leaves_and_useless_vertices(host, component)
    }
}

/// The least order of a component searched for twin squares: smaller ones are
/// evaluated at once (the small solver's tables), where a split gains nothing.
pub const TWIN_SQUARE_MIN_ORDER: u32 = 11;

/// The least order of a component whose moves are made centre first (module
/// documentation, "Move order").
pub const CENTRE_FIRST_MIN_ORDER: u32 = 11;

/// Moves are made centre first only on components of average degree below this. On dense
/// ones every vertex is near every other, the sweep says little, and the order cost:
/// Arc Kayles on queens 5 searched 248,526 positions centre first against 81,135 in
/// vertex order (grids and `P(n, 2)`, of average degree below 4, gain).
pub const CENTRE_FIRST_DEGREE_BELOW: u32 = 4;

/// Puts in `prep.order` the vertices of `component` centre first, so that the search
/// tries, among options it ranks equal, the moves near the middle first (they tend to cut
/// the component in two); sparse components only ([`CENTRE_FIRST_DEGREE_BELOW`]). The
/// centre is found on the graph alone, by two double sweeps. The first gives the
/// breadth-first distances `dp`, `dq` from the two ends `p`, `q` of a long shortest path
/// (`p` farthest from any vertex, `q` farthest from `p`); the second the distances `dr`,
/// `ds` from the ends of a long path through the middle `m` of the first (the least
/// `|dp - dq|`, then `dp + dq`: `r` farthest from `m`, `s` farthest from `r`). A vertex is
/// the more central the smaller `|dp - dq| + |dr - ds|`, then `|dp - dq|`, then its
/// number. On a rectangle of a grid the two paths are its diagonals and the first key is
/// the distance from the centre in the max norm: on a strip of three rows, the middle
/// columns first (as igsolve's centre column first), on a squarer board rings around the
/// centre. On a host with word shifts the distances are bit-sliced counters
/// ([`centre_first_sliced`]), else one per vertex and a sort ([`centre_first_plain`]):
/// the same order.
///
/// On a host with word shifts that is near square
/// ([`HostCentre::near_square`](crate::vertex_game::HostCentre::near_square)), a
/// component that holds a vertex of the host's centre takes instead the static order by
/// distance from that centre ([`Host::centre`]), with no sweep: it searched 7-17% fewer
/// positions than the sweeps' order on Cram 4 x 9, 5 x 7 and 4 x 11 (6% more on 5 x 9,
/// in less time), and up to twice as many on strips of three rows, which from 3 x 10 on
/// are not near square.
fn centre_first<S: Bits>(host: &Host<S>, component: S, prep: &mut MovePrep<S>) {
    if host.by_shifts() {
        let centre = host.centre();
        if centre.near_square && component.intersects(centre.centre) {
            // The host's centre first (module documentation, "Move order").
            prep.order.clear();
            prep.order.extend(
                centre
                    .order
                    .iter()
                    .copied()
                    .filter(|&v| component.contains(v as usize)),
            );
            return;
        }
        centre_first_sliced(host, component, &mut prep.order);
    } else {
        centre_first_plain(host, component, prep);
    }
}

/// The order of two double sweeps of the connected `component` (module documentation,
/// "Move order"): by bit-sliced distances on a host with word shifts, unless `plain`;
/// else by a distance per vertex and a sort (the order the bit-sliced one must equal).
pub fn centre_first_order<S: Bits>(host: &Host<S>, component: S, plain: bool) -> Vec<u32> {
    let mut prep = MovePrep::default();
    if plain || !host.by_shifts() {
        centre_first_plain(host, component, &mut prep);
    } else {
        centre_first_sliced(host, component, &mut prep.order);
    }
    prep.order
}

/// [`centre_first`] by a distance per vertex and a sort of one packed key per vertex.
fn centre_first_plain<S: Bits>(host: &Host<S>, component: S, prep: &mut MovePrep<S>) {
    let n = host.order();
    prep.numbers.resize(4 * n, 0);
    prep.order.clear();
    let Some(start) = component.first() else {
        return;
    };
    let (dp, rest) = prep.numbers.split_at_mut(n);
    let (dq, rest) = rest.split_at_mut(n);
    let (dr, ds) = rest.split_at_mut(n);
    let distances =
        |from: usize, dist: &mut [u32]| host.distances(S::singleton(from), component, dist).0;
    let p = distances(start, dp);
    let q = distances(p, dp);
    distances(q, dq);
    let middle = component
        .iter()
        .min_by_key(|&v| (dp[v].abs_diff(dq[v]), dp[v] + dq[v], v))
        .unwrap_or(start);
    let r = distances(middle, dr);
    let s = distances(r, dr);
    distances(s, ds);
    // One packed key per vertex (distances and numbers are below 2^20), sorted as
    // integers: the order of `(|dp - dq| + |dr - ds|, |dp - dq|, v)`.
    prep.keys.clear();
    prep.keys.extend(component.iter().map(|v| {
        let first = u64::from(dp[v].abs_diff(dq[v]));
        let second = u64::from(dr[v].abs_diff(ds[v]));
        (first + second) << 42 | first << 21 | v as u64
    }));
    prep.keys.sort_unstable();
    prep.order
        .extend(prep.keys.iter().map(|&k| (k & ((1 << 21) - 1)) as u32));
}

/// Bit planes of a small counter per vertex: plane `j` holds the vertices whose counter
/// has bit `j` (distances on a host with word shifts are below 128, their sums below 256).
type Planes<S> = [S; 8];

/// `a` xor `b`, by the set operations (one xor on the integer sets, once inlined).
#[inline(always)]
fn xor<S: Bits>(a: S, b: S) -> S {
    a.union(b).difference(a.intersection(b))
}

/// The sweep of [`Host::distances`] from `from`, with each frontier added to `planes`
/// (emptied first) at its distance when `COUNT`; returns the first vertex of the last
/// frontier and the greatest distance (what [`Host::distances`] returns).
#[inline]
fn sweep<S: Bits, const COUNT: bool>(
    host: &Host<S>,
    component: S,
    from: usize,
    planes: &mut Planes<S>,
) -> (usize, u32) {
    if COUNT {
        *planes = [S::empty(); 8];
    }
    let mut seen = S::singleton(from);
    let mut frontier = seen;
    let mut d = 0u32;
    loop {
        let next = host
            .neighbours_of_set(frontier)
            .intersection(component)
            .difference(seen);
        if next.is_empty() {
            return (frontier.first().unwrap_or(from), d);
        }
        d += 1;
        if COUNT {
            let mut bits = d;
            while bits != 0 {
                let j = bits.trailing_zeros() as usize;
                planes[j] = planes[j].union(next);
                bits &= bits - 1;
            }
        }
        seen = seen.union(next);
        frontier = next;
    }
}

/// `|x - y|` plane by plane over the low `width` planes (both below `2^width`).
#[inline]
fn abs_diff_planes<S: Bits>(x: &Planes<S>, y: &Planes<S>, width: usize) -> Planes<S> {
    let mut d = [S::empty(); 8];
    let mut borrow = S::empty();
    for j in 0..width {
        let t = xor(x[j], y[j]);
        d[j] = xor(t, borrow);
        borrow = y[j].difference(x[j]).union(borrow.difference(t));
    }
    // Where x < y (a borrow out), the two's complement: flip, then add one.
    let sign = borrow;
    let mut carry = sign;
    for plane in d.iter_mut().take(width) {
        let t = xor(*plane, sign);
        *plane = xor(t, carry);
        carry = t.intersection(carry);
    }
    d
}

/// `x + y` plane by plane over the low `width` planes (both below `2^width`, `width` below
/// 8; the sum below `2^(width + 1)`).
#[inline]
fn sum_planes<S: Bits>(x: &Planes<S>, y: &Planes<S>, width: usize) -> Planes<S> {
    let mut s = [S::empty(); 8];
    let mut carry = S::empty();
    for j in 0..width {
        let t = xor(x[j], y[j]);
        s[j] = xor(t, carry);
        carry = x[j].intersection(y[j]).union(t.intersection(carry));
    }
    s[width] = carry;
    s
}

/// The vertices of `set` with the least counter (`planes`, the low `width` of them).
#[inline]
fn least_of<S: Bits>(set: S, planes: &Planes<S>, width: usize) -> S {
    let mut least = set;
    for &plane in planes[..width].iter().rev() {
        let below = least.difference(plane);
        if !below.is_empty() {
            least = below;
        }
    }
    least
}

/// Appends the vertices of `set` to `out` in the order of the counter whose planes are
/// `planes` (most significant first), ties by vertex number: the set split plane by
/// plane, the zeros first, without a per-vertex key.
fn emit_by_planes<S: Bits>(mut set: S, planes: &[S], out: &mut Vec<u32>) {
    let mut i = 0;
    loop {
        if set.is_empty() {
            return;
        }
        if i == planes.len() || set.without_first().is_empty() {
            out.extend(set.iter().map(|v| v as u32));
            return;
        }
        let ones = set.intersection(planes[i]);
        let zeros = set.difference(planes[i]);
        i += 1;
        // A plane constant on the set says nothing.
        if !ones.is_empty() && !zeros.is_empty() {
            emit_by_planes(zeros, &planes[i..], out);
            set = ones;
        }
    }
}

/// The number of bits of `x` (0 for 0).
#[inline]
fn bit_width(x: u32) -> usize {
    (32 - x.leading_zeros()) as usize
}

/// [`centre_first`] on a host with word shifts (at most 128 vertices): the four sweeps'
/// distances kept as bit planes (each frontier added to the planes of its distance's
/// bits), the keys `|dp - dq|`, `|dr - ds|` and their sum worked out plane by plane, the
/// middle found by planes, and the vertices emitted by splitting the component plane by
/// plane on the key, then `|dp - dq|`: no distance per vertex and no sort. The same order
/// as [`centre_first_plain`].
fn centre_first_sliced<S: Bits>(host: &Host<S>, component: S, order: &mut Vec<u32>) {
    order.clear();
    let Some(start) = component.first() else {
        return;
    };
    let mut dp = [S::empty(); 8];
    let mut dq = [S::empty(); 8];
    let (p, _) = sweep::<S, false>(host, component, start, &mut dp);
    let (q, ep) = sweep::<S, true>(host, component, p, &mut dp);
    let (_, eq) = sweep::<S, true>(host, component, q, &mut dq);
    let width = bit_width(ep.max(eq));
    let first = abs_diff_planes(&dp, &dq, width);
    let middle = least_of(component, &first, width);
    let middle = least_of(middle, &sum_planes(&dp, &dq, width), width + 1)
        .first()
        .unwrap_or(start);
    let (mut dr, mut ds) = (dp, dq);
    let (r, _) = sweep::<S, false>(host, component, middle, &mut dr);
    let (s, er) = sweep::<S, true>(host, component, r, &mut dr);
    let (_, es) = sweep::<S, true>(host, component, s, &mut ds);
    let width2 = bit_width(er.max(es));
    let second = abs_diff_planes(&dr, &ds, width2);
    let both = width.max(width2);
    let key = sum_planes(&first, &second, both);
    // The key's planes, then |dp - dq|'s, most significant first.
    let mut planes = [S::empty(); 16];
    let mut k = 0;
    for &plane in key[..=both].iter().rev().chain(first[..width].iter().rev()) {
        planes[k] = plane;
        k += 1;
    }
    emit_by_planes(component, &planes[..k], order);
}

/// The most squares one component's split uses (more are left for its pieces).
const MAX_SQUARES: usize = 16;

/// Appends to `out` (emptied first) vertex-disjoint twin squares `[a, b, c, d]` of the
/// connected `component` (at least five vertices), at most [`MAX_SQUARES`], greedily by
/// least twin; `degree_two` is the set of its vertices of degree 2. (No twin of one square
/// is a neighbour in another: a twin's two neighbours would then be twins of degree 2
/// too, closing a 4-cycle, which would be the whole component.)
fn find_squares<S: Bits>(host: &Host<S>, component: S, degree_two: S, out: &mut Vec<[u32; 4]>) {
    out.clear();
    if degree_two.count() < 2 {
        return;
    }
    // By word shifts where the host allows (the same squares).
    if host
        .twin_squares_by_shifts(component, degree_two, MAX_SQUARES, out)
        .is_some()
    {
        return;
    }
    let mut free = degree_two;
    while let Some(a) = free.first() {
        free = free.without(a);
        let mut ends = [0usize; 2];
        let mut k = 0;
        host.for_each_neighbour_in(a, component, |u| {
            ends[k] = u;
            k += 1;
        });
        let [c, d] = ends;
        let twins = host.open[c].intersection(host.open[d]).intersection(free);
        if let Some(b) = twins.first() {
            free = free.without(b);
            out.push([a as u32, b as u32, c as u32, d as u32]);
            if out.len() == MAX_SQUARES {
                return;
            }
        }
    }
}

/// The vertices of degree 2 of `component`.
fn degree_two_of<S: Bits>(host: &Host<S>, component: S) -> S {
    if let Some(slices) = host.degree_slices(component) {
        return Host::of_degree(component, &slices, 2);
    }
    let mut two = S::empty();
    for v in component.iter() {
        if host.degree_in(v, component) == 2 {
            two.insert(v);
        }
    }
    two
}

/// Splits `out[i]` at its twin squares (`degree_two` its vertices of degree 2) when that
/// makes several pieces: `out[i]` becomes one of them, the others go to the end. Whether
/// it split.
fn split_once<S: Bits>(
    host: &Host<S>,
    out: &mut Vec<S>,
    i: usize,
    degree_two: S,
    squares: &mut Vec<[u32; 4]>,
) -> bool {
    let piece = out[i];
    find_squares(host, piece, degree_two, squares);
    if squares.is_empty() {
        return false;
    }
    // Without the twins, then each twin back beside the neighbour it keeps.
    let mut twins = S::empty();
    let mut ends = S::empty();
    for &[a, b, c, d] in squares.iter() {
        twins.insert(a as usize);
        twins.insert(b as usize);
        ends.insert(c as usize);
        ends.insert(d as usize);
    }
    // Every part holds an end of a square (the piece is connected, and a twin joins two
    // ends), so the walk stops as soon as one part holds them all: no split, mostly.
    let first_part = out.len();
    host.split_seeded(piece.difference(twins), ends, out, |_| true);
    if out.len() - first_part == 1 {
        out.truncate(first_part);
        return false;
    }
    for &[a, b, c, d] in squares.iter() {
        for (twin, kept) in [(a, c), (b, d)] {
            if let Some(part) = out[first_part..]
                .iter_mut()
                .find(|p| p.contains(kept as usize))
            {
                part.insert(twin as usize);
            }
        }
    }
    out[i] = out.pop().expect("a split has parts");
    true
}

/// [`split_once`], then the same again on every part (a part may hold squares of its own,
/// its vertices of degree 2 counted afresh).
fn split_piece<S: Bits>(
    host: &Host<S>,
    out: &mut Vec<S>,
    i: usize,
    degree_two: S,
    squares: &mut Vec<[u32; 4]>,
    min_order: u32,
) {
    let tail = out.len();
    if !split_once(host, out, i, degree_two, squares) {
        return;
    }
    while out[i].count() >= min_order
        && split_once(host, out, i, degree_two_of(host, out[i]), squares)
    {}
    let mut j = tail;
    while j < out.len() {
        while out[j].count() >= min_order
            && split_once(host, out, j, degree_two_of(host, out[j]), squares)
        {}
        j += 1;
    }
}

/// Splits the pieces `out[start..]` (connected vertex sets of at least two vertices)
/// further at their twin squares, in place: a piece becomes the components of the
/// subgraph it induces without the edges `ad` and `bc` of its squares, whose values xor to
/// its own (module documentation). Pieces of fewer than [`TWIN_SQUARE_MIN_ORDER`]
/// vertices are left whole.
#[inline]
pub fn split_at_twin_squares<S: Bits>(host: &Host<S>, out: &mut Vec<S>, start: usize) {
    split_at_squares(host, out, start, TWIN_SQUARE_MIN_ORDER);
}

/// [`split_at_twin_squares`] for pieces of at least `min_order` (at least 5) vertices.
fn split_at_squares<S: Bits>(host: &Host<S>, out: &mut Vec<S>, start: usize, min_order: u32) {
    let min_order = min_order.max(5);
    let mut squares = Vec::new();
    // `split_piece` looks at the parts it makes itself.
    for i in start..out.len() {
        let piece = out[i];
        if piece.count() >= min_order {
            split_piece(
                host,
                out,
                i,
                degree_two_of(host, piece),
                &mut squares,
                min_order,
            );
        }
    }
}

/// The two reductions of the module documentation on a connected `component` of at least
/// four vertices.
fn without_surplus_leaves_and_useless_vertices<S: Bits>(host: &Host<S>, component: S) -> S {
    let mut reduced = component;
    // Vertices with a pendant leaf, and the leaves.
    let mut attached = S::empty();
    let mut leaves = S::empty();
    for l in component.iter() {
        if host.degree_in(l, component) != 1 {
            continue;
        }
        let mut x = 0;
        host.for_each_neighbour_in(l, component, |u| x = u);
        leaves.insert(l);
        if attached.contains(x) {
            reduced = reduced.without(l);
        } else {
            attached.insert(x);
        }
    }
    for v in component.difference(leaves).difference(attached).iter() {
        let all_attached = if S::WORDS <= 2 {
            host.open[v].intersection(component).is_subset(attached)
        } else {
            let mut all = true;
            host.for_each_neighbour_in(v, component, |u| all &= attached.contains(u));
            all
        };
        if all_attached {
            reduced = reduced.without(v);
        }
    }
    reduced
}

/// The vertices that one round of the two reductions (surplus leaves, useless vertices)
/// keeps, applied to every component of `g` with at least four vertices. The subgraph they
/// induce has the Arc Kayles value of `g`. (Graphs of more than
/// [`MAX_COMPONENT_ORDER`](crate::vertex_game::MAX_COMPONENT_ORDER) vertices are returned
/// whole.)
///
/// ```
/// use kayles_core::{arc, families, Graph};
/// // A star: of its five leaves, one stays.
/// let star = families::build("star:6").unwrap();
/// assert_eq!(arc::reduced_vertices(&star).len(), 2);
/// // A double broom: the path 0-1-2-3 with one more leaf on 1 (vertex 4) and on 2
/// // (vertex 5); one leaf per vertex stays.
/// let broom = Graph::from_edges(6, &[(0, 1), (1, 2), (2, 3), (1, 4), (2, 5)]);
/// assert_eq!(arc::reduced_vertices(&broom).iter().collect::<Vec<_>>(), vec![0, 1, 2, 3]);
/// ```
pub fn reduced_vertices(g: &Graph) -> crate::VertexSet {
    fn go<S: Bits>(g: &Graph) -> crate::VertexSet {
        let host = Host::<S>::new(g);
        let mut kept = S::empty();
        let mut pieces = Vec::new();
        host.split_into(S::prefix(g.order()), &mut pieces, |_| true);
        for piece in pieces {
            kept = kept.union(if piece.count() >= 4 {
                without_surplus_leaves_and_useless_vertices(&host, piece)
            } else {
                piece
            });
        }
        crate::VertexSet::from_vertices(g.order(), kept.iter())
    }
    crate::with_width!(g.order(), S => go::<S>(g), _ => g.vertices())
}

/// The pieces into which the search splits `g` at its twin squares: the components of
/// `g` of at least two vertices, those of at least `min_order` vertices (5 at least; the
/// search uses [`TWIN_SQUARE_MIN_ORDER`]) split as [`split_at_twin_squares`] says. The
/// Arc Kayles values of the subgraphs they induce xor to the value of `g`. (Graphs of
/// more than [`MAX_COMPONENT_ORDER`](crate::vertex_game::MAX_COMPONENT_ORDER) vertices
/// come back as one piece.)
///
/// ```
/// use kayles_core::{arc, families, Graph};
/// // Two triangles 0-1-2 and 5-6-7 joined by the square 2-3-5-4 (twins 3 and 4 of
/// // degree 2): without the edges 3-5 and 4-2 it falls apart.
/// let g = Graph::from_edges(
///     8,
///     &[(0, 1), (1, 2), (0, 2), (2, 3), (2, 4), (3, 5), (4, 5), (5, 6), (6, 7), (5, 7)],
/// );
/// let pieces = arc::twin_square_pieces(&g, 5);
/// assert_eq!(pieces.len(), 2);
/// let value = |set: &kayles_core::VertexSet| arc::nimber(&g.induced_subgraph(set).0).unwrap();
/// assert_eq!(value(&pieces[0]) ^ value(&pieces[1]), arc::nimber(&g).unwrap());
/// ```
pub fn twin_square_pieces(g: &Graph, min_order: u32) -> Vec<crate::VertexSet> {
    fn go<S: Bits>(g: &Graph, min_order: u32) -> Vec<crate::VertexSet> {
        let host = Host::<S>::new(g);
        let mut pieces = Vec::new();
        host.split_into(S::prefix(g.order()), &mut pieces, |k| k > 1);
        split_at_squares(&host, &mut pieces, 0, min_order);
        pieces
            .into_iter()
            .map(|p| crate::VertexSet::from_vertices(g.order(), p.iter()))
            .collect()
    }
    crate::with_width!(g.order(), S => go::<S>(g, min_order), _ => vec![g.vertices()])
}

/// Arc Kayles nimber of `g` by search on vertex sets (every layer on, canonical memo key).
///
/// ```
/// use kayles_core::{arc, families};
/// assert_eq!(arc::nimber(&families::path(4)), Ok(2));
/// ```
pub fn nimber(g: &Graph) -> Result<u32, SearchError> {
    Solver::new().nimber(g)
}

/// Arc Kayles nimber of `g` as the Node Kayles nimber of its line graph.
///
/// ```
/// use kayles_core::{arc, families};
/// assert_eq!(arc::nimber_via_line_graph(&families::path(4)), Ok(2));
/// ```
pub fn nimber_via_line_graph(g: &Graph) -> Result<u32, SearchError> {
    NodeSolver::new().nimber(&g.line_graph().0)
}
