//! The reductions of docs/claims/README.md section 4 (WAK-USELESS, WAK-HEAVY, WAK-TWINS and
//! zero-weight deletion) as single inspectable steps, and [`reduce`] to a canonical position.
//!
//! Each [`Reduction`] names the vertices of the position it applies to. [`apply`] checks
//! the exact precondition of the claim and refuses anything else, in particular the sharp
//! variants that change the value: a heavy vertex *with* a loop, a "useless" vertex with a
//! loop, adjacent twins, twins with different loop status.
//!
//! Deleting a vertex renumbers: the vertices after it move down by one.

use crate::error::WakError;
use crate::position::{Ones, WeightedGraph};
use std::fmt;

pub use crate::step::Reduction;

/// Why `r` does not apply to `g` (`Ok` when it does).
///
/// ```
/// use wak_reduce::{reduce::{check, Reduction}, WeightedGraph};
/// // A looped vertex is never heavy, however large its weight.
/// let g = WeightedGraph::new(&[5, 1], &[(0, 0), (0, 1)]).unwrap();
/// assert!(check(&g, Reduction::HeavyVertex(0)).is_err());
/// assert!(check(&g, Reduction::UselessVertex(1)).is_ok());
/// ```
pub fn check(g: &WeightedGraph, r: Reduction) -> Result<(), WakError> {
    let n = g.order();
    let vertices: &[usize] = match &r {
        Reduction::ZeroWeight(v) | Reduction::UselessVertex(v) | Reduction::HeavyVertex(v) => {
            std::slice::from_ref(v)
        }
        Reduction::FalseTwins(a, b) => &[*a, *b],
    };
    if let Some(&vertex) = vertices.iter().find(|&&v| v >= n) {
        return Err(WakError::NoSuchVertex { vertex, order: n });
    }
    let refuse = |reason: String| {
        Err(WakError::NotApplicable {
            reduction: r,
            reason,
        })
    };
    match r {
        Reduction::ZeroWeight(v) => {
            if g.weight(v) != 0 {
                return refuse(format!("vertex {v} has weight {}", g.weight(v)));
            }
        }
        Reduction::UselessVertex(v) => {
            if g.has_loop(v) {
                return refuse(format!("vertex {v} has a loop"));
            }
            if let Some(u) = g.neighbours(v).find(|&u| !g.has_loop(u)) {
                return refuse(format!("neighbour {u} of {v} has no loop"));
            }
        }
        Reduction::HeavyVertex(v) => {
            if g.has_loop(v) {
                return refuse(format!("vertex {v} has a loop"));
            }
            let sum = neighbour_sum(g, v);
            if u128::from(g.weight(v)) < sum {
                return refuse(format!(
                    "w({v}) = {} < {sum}, the weight of its neighbours",
                    g.weight(v)
                ));
            }
        }
        Reduction::FalseTwins(a, b) => {
            if a >= b {
                return refuse(format!(
                    "twins are named smaller vertex first, got {a} >= {b}"
                ));
            }
            if g.has_edge(a, b) {
                return refuse(format!("{a} and {b} are adjacent"));
            }
            if g.adj_mask(a) != g.adj_mask(b) {
                return refuse(format!("{a} and {b} have different neighbourhoods"));
            }
            if g.has_loop(a) != g.has_loop(b) {
                return refuse(format!("one of {a}, {b} has a loop and the other not"));
            }
        }
    }
    Ok(())
}

fn neighbour_sum(g: &WeightedGraph, v: usize) -> u128 {
    g.neighbours(v).map(|u| u128::from(g.weight(u))).sum()
}

/// Every reduction that applies to `g`, in the order [`reduce`] tries them: zero weights,
/// useless vertices, heavy vertices, false twins (each by increasing vertex).
///
/// ```
/// use wak_reduce::{reduce::{applicable_reductions, Reduction}, WeightedGraph};
/// // a(loop) - b: b is useless, and heavy when w(b) >= w(a).
/// let g = WeightedGraph::new(&[2, 3], &[(0, 0), (0, 1)]).unwrap();
/// assert_eq!(
///     applicable_reductions(&g),
///     vec![Reduction::UselessVertex(1), Reduction::HeavyVertex(1)]
/// );
/// ```
pub fn applicable_reductions(g: &WeightedGraph) -> Vec<Reduction> {
    let n = g.order();
    let mut out = Vec::new();
    out.extend(
        (0..n)
            .filter(|&v| g.weight(v) == 0)
            .map(Reduction::ZeroWeight),
    );
    out.extend(
        (0..n)
            .filter(|&v| is_useless(g, v))
            .map(Reduction::UselessVertex),
    );
    out.extend(
        (0..n)
            .filter(|&v| is_heavy(g, v))
            .map(Reduction::HeavyVertex),
    );
    for a in 0..n {
        out.extend(
            (a + 1..n)
                .filter(|&b| are_twins(g, a, b))
                .map(|b| Reduction::FalseTwins(a, b)),
        );
    }
    out
}

/// The first reduction of [`applicable_reductions`], found without listing the others.
pub fn first_reduction(g: &WeightedGraph) -> Option<Reduction> {
    let n = g.order();
    if let Some(v) = (0..n).find(|&v| g.weight(v) == 0) {
        return Some(Reduction::ZeroWeight(v));
    }
    if let Some(v) = (0..n).find(|&v| is_useless(g, v)) {
        return Some(Reduction::UselessVertex(v));
    }
    if let Some(v) = (0..n).find(|&v| is_heavy(g, v)) {
        return Some(Reduction::HeavyVertex(v));
    }
    (0..n).find_map(|a| {
        (a + 1..n)
            .find(|&b| are_twins(g, a, b))
            .map(|b| Reduction::FalseTwins(a, b))
    })
}

fn is_useless(g: &WeightedGraph, v: usize) -> bool {
    let loops = g.loop_mask();
    loops >> v & 1 == 0 && g.adj_mask(v) & !loops == 0
}

fn is_heavy(g: &WeightedGraph, v: usize) -> bool {
    !g.has_loop(v) && u128::from(g.weight(v)) >= neighbour_sum(g, v)
}

fn are_twins(g: &WeightedGraph, a: usize, b: usize) -> bool {
    g.adj_mask(a) == g.adj_mask(b) && g.has_loop(a) == g.has_loop(b) && !g.has_edge(a, b)
}

/// The position after the single step `r`, or why `r` does not apply.
///
/// ```
/// use wak_reduce::{reduce::{apply, Reduction}, WeightedGraph};
/// // Star: centre 0 of weight 9, leaves of weight 2, 3, 4. The centre is heavy.
/// let star = WeightedGraph::new(&[9, 2, 3, 4], &[(0, 1), (0, 2), (0, 3)]).unwrap();
/// let h = apply(&star, Reduction::HeavyVertex(0)).unwrap();
/// assert_eq!(h.to_string(), "weights 2,3,4 edges 0-0,1-1,2-2");
/// // The looped leaves are false twins of each other.
/// let t = apply(&h, Reduction::FalseTwins(0, 2)).unwrap();
/// assert_eq!(t.to_string(), "weights 6,3 edges 0-0,1-1");
/// ```
pub fn apply(g: &WeightedGraph, r: Reduction) -> Result<WeightedGraph, WakError> {
    check(g, r)?;
    Ok(apply_unchecked(g, r))
}

pub(crate) fn apply_unchecked(g: &WeightedGraph, r: Reduction) -> WeightedGraph {
    match r {
        Reduction::ZeroWeight(v) | Reduction::UselessVertex(v) => g.remove_vertex(v),
        Reduction::HeavyVertex(v) => {
            let mut h = g.clone();
            for u in Ones(g.adj_mask(v)) {
                h.add_loop_unchecked(u);
            }
            h.remove_vertex(v)
        }
        Reduction::FalseTwins(a, b) => {
            let mut h = g.clone();
            // The invariant (counters sum to at most u64::MAX) makes this exact.
            h.set_weight_unchecked(a, g.weight(a) + g.weight(b));
            h.remove_vertex(b)
        }
    }
}

/// Applies [`first_reduction`] until none applies: the canonical position, fast and
/// without a trace (the solver's version of [`reduce`]).
pub(crate) fn reduce_fast(mut g: WeightedGraph) -> WeightedGraph {
    while let Some(r) = first_reduction(&g) {
        g = apply_unchecked(&g, r);
    }
    g
}

/// One step of a [`Reduced`] trace.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct TraceStep {
    /// The step in the numbering of the position it was applied to (replay with [`apply`]).
    pub step: Reduction,
    /// The same step in the numbering of the input position.
    pub original: Reduction,
}

/// A canonical position reached by [`reduce`], with the steps taken.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Reduced {
    /// The canonical position: no reduction applies.
    pub position: WeightedGraph,
    /// The steps, in order.
    pub trace: Vec<TraceStep>,
    /// For each vertex of `position`, the input vertices merged into it (the first is the
    /// one it descends from).
    pub origin: Vec<Vec<usize>>,
}

/// Applies the reductions to a fixpoint (first applicable step each time, in the order of
/// [`applicable_reductions`]) and returns the canonical position with the trace.
///
/// ```
/// use wak_reduce::{reduce::reduce, WeightedGraph};
/// let star = WeightedGraph::new(&[1_000_000_000, 2, 3, 4], &[(0, 1), (0, 2), (0, 3)]).unwrap();
/// let r = reduce(&star);
/// assert_eq!(r.position.to_string(), "weights 9 edges 0-0");
/// assert_eq!(r.origin, vec![vec![1, 2, 3]]);
/// assert_eq!(r.trace.len(), 3);
/// ```
pub fn reduce(g: &WeightedGraph) -> Reduced {
    let mut position = g.clone();
    let mut origin: Vec<Vec<usize>> = (0..g.order()).map(|v| vec![v]).collect();
    let mut trace = Vec::new();
    while let Some(step) = first_reduction(&position) {
        let original = step.relabel(|v| origin[v][0]);
        trace.push(TraceStep { step, original });
        position = apply_unchecked(&position, step);
        if let Reduction::FalseTwins(a, b) = step {
            let moved = std::mem::take(&mut origin[b]);
            origin[a].extend(moved);
        }
        origin.remove(step.deleted());
    }
    Reduced {
        position,
        trace,
        origin,
    }
}

impl fmt::Display for Reduced {
    /// The canonical position, where its vertices come from, and the steps (in the input
    /// numbering), one per line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "canonical: {}", self.position)?;
        for (v, from) in self.origin.iter().enumerate() {
            let from: Vec<String> = from.iter().map(usize::to_string).collect();
            writeln!(f, "  vertex {v} <- {}", from.join("+"))?;
        }
        write!(f, "trace ({} steps, input numbering):", self.trace.len())?;
        for (i, s) in self.trace.iter().enumerate() {
            write!(f, "\n  {}. {}", i + 1, s.original)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trace_replays_with_apply() {
        let g = WeightedGraph::new(
            &[7, 0, 2, 2, 1],
            &[(0, 1), (0, 2), (0, 3), (2, 4), (3, 4), (4, 4)],
        )
        .unwrap();
        let r = reduce(&g);
        let mut h = g.clone();
        for s in &r.trace {
            h = apply(&h, s.step).unwrap();
        }
        assert_eq!(h, r.position);
        assert!(applicable_reductions(&r.position).is_empty());
        let text = r.to_string();
        assert!(text.starts_with("canonical: "), "{text}");
    }

    #[test]
    fn refuses_sharp_variants() {
        let g = WeightedGraph::new(&[1, 1, 1, 1], &[(0, 0), (1, 2)]).unwrap();
        assert!(apply(&g, Reduction::HeavyVertex(0)).is_err());
        assert!(apply(&g, Reduction::UselessVertex(0)).is_err());
        assert!(apply(&g, Reduction::FalseTwins(1, 2)).is_err());
        assert!(apply(&g, Reduction::FalseTwins(0, 3)).is_err());
        assert!(apply(&g, Reduction::ZeroWeight(3)).is_err());
        assert!(apply(&g, Reduction::ZeroWeight(9)).is_err());
        assert!(apply(&g, Reduction::HeavyVertex(3)).is_ok());
    }
}
