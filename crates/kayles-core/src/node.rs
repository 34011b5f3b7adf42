//! Node Kayles: a move picks a vertex `v` and deletes its closed neighbourhood `N[v]`.
//! Its rules for the search engine, and its solver: the nimber of one graph.
//!
//! Node Kayles is an instance of the [engine](crate::engine) on the vertex sets of the
//! graph ([`vertex_game`](crate::vertex_game)); this module holds its rules
//! ([`NodeKayles`]). How a search goes, from the outside in (the engine's order):
//! 1. **Components first** (NK-XOR): every position is split into connected components and
//!    their values are xored; one or two vertices are settled by their size (value 1).
//! 2. **Exact cache**: a component, as a vertex set of the graph being solved, is looked up
//!    in the thread's exact cache.
//! 3. **Cheap shared key**: the shared memo, kept by the [`Solver`] across every graph it
//!    sees, is asked under the host-symmetry key (the component's least image under the
//!    family's flips, translations and rotations: see [`symmetry`](crate::symmetry)) or
//!    else the *shape* code (the component's adjacency with its vertices in graph order),
//!    as [`MemoKey`](crate::engine::MemoKey) says.
//! 4. **Known pieces**: paths (Dawson's chess) and cycles are looked up.
//! 5. **Twin reduction** (MOD-TWINS): a true twin is deleted; three or more mutual false
//!    twins lose two. The smaller position has the same value.
//! 6. **Canonical code** (see [`canonical`](crate::canonical)): the shared memo again,
//!    under a key every isomorphic copy shares.
//! 7. Otherwise the options `C - N[v]` are searched and the mex taken; the options of
//!    large components are searched in parallel.
//!
//! Every layer can be switched off ([`SearchConfig`](crate::engine::SearchConfig)) so
//! that tests compare the layers against each other and against the plain definition
//! ([`brute`](crate::brute)).

use crate::bits::Bits;
use crate::canonical::mix;
use crate::engine::Position;
use crate::leaves::small::SmallSolver;
use crate::rules::node_move;
use crate::vertex_game::{Host, Survey, VertexRules, VertexScratch, VertexSolver};
use crate::GameKind;

/// The rules of Node Kayles: a move deletes a closed neighbourhood `N[v]`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NodeKayles;

/// A Node Kayles solver; keeps its shared memo between calls.
///
/// ```
/// use kayles_core::{families, node::Solver};
/// let mut solver = Solver::new();
/// assert_eq!(solver.nimber(&families::build("grid:3x4").unwrap()), Ok(0));
/// assert_eq!(solver.nimber(&families::build("path:15").unwrap()), Ok(5));
/// ```
pub type Solver = VertexSolver<NodeKayles>;

impl VertexRules for NodeKayles {
    const GAME: GameKind = GameKind::Node;

    #[inline]
    fn tiny_value(order: u32) -> Option<u8> {
        matches!(order, 1 | 2).then_some(1)
    }

    #[inline]
    fn option_pieces_at<S: Bits>(
        host: &Host<S>,
        component: S,
        v: usize,
        out: &mut Vec<S>,
    ) -> usize {
        // Every piece left touches N[v]: it holds a vertex at distance 2 from v.
        let rest = node_move(component, host.closed[v]);
        host.split_seeded(rest, host.second[v], out, |_| true);
        out.push(S::empty());
        1
    }

    /// The vertex `v` played: `N[v]` is what the move took from the component (of true
    /// twins, the least).
    fn move_leaving<S: Bits>(host: &Host<S>, component: S, left: S) -> Option<u32> {
        let taken = component.difference(left);
        taken
            .iter()
            .find(|&v| host.closed[v].intersection(component) == taken)
            .map(|v| v as u32)
    }

    #[inline]
    fn known_value(survey: &Survey, paths: &[u8]) -> Option<u8> {
        path_or_cycle_value(survey, paths, survey.order)
    }

    #[inline]
    fn small_nimber(open: &[u64], solver: &mut SmallSolver) -> u8 {
        solver.node_kayles(open)
    }

    fn reduce<S: Bits>(
        host: &Host<S>,
        component: S,
        _survey: &Survey,
        scratch: &mut VertexScratch<S>,
    ) -> S {
        if S::WORDS <= 2 {
            if !may_have_twins(host, component, scratch) {
                return component;
            }
            without_twins_narrow(host, component)
        } else {
            without_twins(host, component, scratch)
        }
    }
}

/// The value of a component that is a path, `paths[path_index]` (Node Kayles on the path
/// with that many vertices), or a cycle `C_k` (Node Kayles: every move leaves `P_{k-3}`;
/// Arc Kayles on `C_k` is Node Kayles on its line graph, `C_k` again); `None` for any
/// other component.
#[inline]
pub(crate) fn path_or_cycle_value(survey: &Survey, paths: &[u8], path_index: usize) -> Option<u8> {
    if survey.is_path() {
        Some(paths[path_index])
    } else if survey.is_cycle() {
        Some(u8::from(paths[survey.order - 3] == 0))
    } else {
        None
    }
}

/// False when no two vertices of `comp` have the same closed or the same open
/// neighbourhood inside it (then there are no twins): one hash of each neighbourhood and
/// a duplicate check, linear in the order. True may be a hash collision; the exact check
/// follows.
fn may_have_twins<S: Bits>(host: &Host<S>, comp: S, scratch: &mut VertexScratch<S>) -> bool {
    scratch.seen.begin(2 * comp.count() as usize);
    for u in comp.iter() {
        let closed_u = host.closed[u].intersection(comp);
        let open_u = closed_u.without(u);
        // (The tag keeps an open neighbourhood from matching a closed one.)
        if scratch.seen.insert(closed_u.hash64())
            || scratch.seen.insert(open_u.hash64() ^ 0x6f70_656e_6e62_6864)
        {
            return true;
        }
    }
    false
}

/// [`without_twins`] on narrow sets, by bitset comparisons: true twins are adjacent, so
/// each edge `uv` is checked once (`N[u] = N[v]` inside `comp`); false twins share every
/// neighbour, so the candidates for a vertex are the other neighbours of its first
/// neighbour. The cost is about the number of edges, with no hashing.
fn without_twins_narrow<S: Bits>(host: &Host<S>, comp: S) -> S {
    let mut reduced = comp;
    for u in comp.iter() {
        if !reduced.contains(u) {
            continue;
        }
        let closed_u = host.closed[u].intersection(comp);
        for v in host.open[u].intersection(reduced).iter().filter(|&v| v > u) {
            if host.closed[v].intersection(comp) == closed_u {
                reduced = reduced.without(v);
            }
        }
    }
    if reduced != comp {
        return reduced;
    }
    // False twins: classes of at least three vertices with the same open neighbourhood.
    let mut classified = S::empty();
    for u in comp.iter() {
        if classified.contains(u) {
            continue;
        }
        let open_u = host.open[u].intersection(comp);
        let Some(x) = open_u.first() else { continue };
        let mut class = S::singleton(u);
        for v in host.open[x].intersection(comp).iter().filter(|&v| v > u) {
            if host.open[v].intersection(comp) == open_u {
                class.insert(v);
            }
        }
        classified = classified.union(class);
        let size = class.count();
        if size >= 3 {
            // Keep one vertex of an odd class, two of an even one.
            let keep = if size % 2 == 1 { 1 } else { 2 };
            for v in class.iter().skip(keep) {
                reduced = reduced.without(v);
            }
        }
    }
    reduced
}

/// `comp` with one true twin deleted from every class of true twins, or (when there are
/// none) with two vertices deleted from every class of three or more false twins. The
/// result is connected and has the same value (MOD-TWINS).
///
/// Candidates are grouped by a hash of their neighbourhood and confirmed by comparing the
/// sets, so the cost is about the number of edges, not `n^2`.
fn without_twins<S: Bits>(host: &Host<S>, comp: S, scratch: &mut VertexScratch<S>) -> S {
    let mut pairs = std::mem::take(&mut scratch.twin_hashes);
    pairs.clear();
    for v in comp.iter() {
        let mut h = mix(v as u64);
        host.for_each_neighbour_in(v, comp, |u| h = h.wrapping_add(mix(u as u64)));
        pairs.push((h, v as u32));
    }
    // Fast path: no two equal closed or open hashes means no twins at all.
    let mut hashes = std::mem::take(&mut scratch.hash_buffer);
    hashes.clear();
    hashes.extend(pairs.iter().map(|p| p.0));
    let closed_clash = scratch.class_counter.max_multiplicity(&hashes) >= 2;
    for (h, p) in hashes.iter_mut().zip(&pairs) {
        *h = h.wrapping_sub(mix(u64::from(p.1)));
    }
    let open_clash = scratch.class_counter.max_multiplicity(&hashes) >= 3;
    scratch.hash_buffer = hashes;
    if !closed_clash && !open_clash {
        scratch.twin_hashes = pairs;
        return comp;
    }
    pairs.sort_unstable();
    let closed_in = |v: u32| host.closed[v as usize].intersection(comp);
    let mut reduced = comp;
    for run in pairs.chunk_by(|a, b| a.0 == b.0) {
        let first = closed_in(run[0].1);
        for &(_, v) in &run[1..] {
            if closed_in(v) == first {
                reduced = reduced.without(v as usize);
            }
        }
    }
    if reduced == comp {
        // Open neighbourhoods: the closed hash minus the vertex's own term.
        for p in pairs.iter_mut() {
            p.0 = p.0.wrapping_sub(mix(u64::from(p.1)));
        }
        pairs.sort_unstable();
        let open_in = |v: u32| closed_in(v).without(v as usize);
        let mut class = std::mem::take(&mut scratch.vertices);
        for run in pairs.chunk_by(|a, b| a.0 == b.0) {
            if run.len() < 3 {
                continue;
            }
            let first = open_in(run[0].1);
            class.clear();
            class.extend(run.iter().map(|p| p.1).filter(|&v| open_in(v) == first));
            if class.len() >= 3 {
                // Keep one vertex of an odd class, two of an even one.
                let keep = if class.len() % 2 == 1 { 1 } else { 2 };
                for &v in &class[keep..] {
                    reduced = reduced.without(v as usize);
                }
            }
        }
        scratch.vertices = class;
    }
    scratch.twin_hashes = pairs;
    reduced
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::SearchConfig;
    use crate::families;

    #[test]
    fn dawson_paths() {
        let want = [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5];
        for config in [SearchConfig::default(), SearchConfig::plain()] {
            let mut s = Solver::with_config(config);
            for (n, &w) in want.iter().enumerate() {
                assert_eq!(s.nimber(&families::path(n)).unwrap(), w, "P_{n} {config:?}");
            }
        }
    }
}
