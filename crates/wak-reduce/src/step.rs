//! [`Reduction`]: one step of the reductions of docs/claims/README.md section 4, naming
//! the vertices of the position it applies to. The steps are applied and checked in
//! [`reduce`](crate::reduce); the errors name them ([`WakError`](crate::error::WakError)),
//! so they sit below both.

use std::fmt;

/// One reduction step, naming vertices of the position it applies to.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Reduction {
    /// `w(v) = 0`: delete `v`.
    ZeroWeight(usize),
    /// `v` has no loop and every neighbour of `v` has a loop: delete `v`.
    UselessVertex(usize),
    /// `v` has no loop and `w(v) >= sum of w(u)` over its neighbours: delete `v` and put a
    /// loop on each neighbour.
    HeavyVertex(usize),
    /// `FalseTwins(keep, merged)`, `keep < merged`: non-adjacent, the same neighbourhood,
    /// both looped or both unlooped. `merged` is deleted and `keep` gets the sum of the
    /// two weights.
    FalseTwins(usize, usize),
}

impl Reduction {
    /// The same reduction with its vertices renamed by `label`.
    pub fn relabel(self, label: impl Fn(usize) -> usize) -> Reduction {
        match self {
            Reduction::ZeroWeight(v) => Reduction::ZeroWeight(label(v)),
            Reduction::UselessVertex(v) => Reduction::UselessVertex(label(v)),
            Reduction::HeavyVertex(v) => Reduction::HeavyVertex(label(v)),
            Reduction::FalseTwins(a, b) => Reduction::FalseTwins(label(a), label(b)),
        }
    }

    /// The vertex the step deletes.
    pub fn deleted(self) -> usize {
        match self {
            Reduction::ZeroWeight(v) | Reduction::UselessVertex(v) | Reduction::HeavyVertex(v) => v,
            Reduction::FalseTwins(_, b) => b,
        }
    }
}

impl fmt::Display for Reduction {
    /// `heavy_vertex(2)`, `false_twins(0, 3)`: the vocabulary of docs/claims/README.md.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Reduction::ZeroWeight(v) => write!(f, "zero_weight({v})"),
            Reduction::UselessVertex(v) => write!(f, "useless_vertex({v})"),
            Reduction::HeavyVertex(v) => write!(f, "heavy_vertex({v})"),
            Reduction::FalseTwins(a, b) => write!(f, "false_twins({a}, {b})"),
        }
    }
}
