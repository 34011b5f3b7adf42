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

use crate::bits::Bits;
use crate::leaves::small::SmallSolver;
use crate::rules::arc_move;
use crate::vertex_game::{Host, Survey, VertexRules, VertexScratch, VertexSolver};
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
