//! The lemmas of docs/claims/README.md section 4 as builders, predictions and families of
//! instances, so that a certifying crate can check them over ranges of weights against any judge.
//!
//! | claim | graph (vertex numbering) | prediction |
//! |---|---|---|
//! | WAK-LOOP | [`looped_vertex`]`(a)`: 0 | `a mod 2` |
//! | WAK-LOOPED-EDGE | [`looped_edge`]`(a, b)`: 0 - 1, both looped | `(a + b mod 2) + 2 (min(a, b) mod 2)` |
//! | WAK-LOOPED-EDGE-PLUS-ONE | [`looped_edge_plus_one`]`(a, b, c)`: the edge, and 2 looped | P iff `a + b + c` and `min(a, b)` even |
//! | WAK-PATH-LEMMA | [`path_lemma`]`(a, b, c, d)`: path 0-1-2-3, loop on 0 | if `c < b + d`: P iff `a + c` even |
//! | WAK-DEPTH2-TREE | [`depth2_tree_g1`], [`depth2_tree_g2`] | see [`depth2_tree_is_p`] |
//!
//! ```
//! use wak_reduce::lemmas::{self, Claim};
//! let checked = lemmas::check(lemmas::looped_edge_family(5), lemmas::solver_judge()).unwrap();
//! assert_eq!((checked.claim, checked.positions), (Some(Claim::LoopedEdge), 36));
//! ```

use crate::error::WakError;
use crate::position::WeightedGraph;
use crate::solve::Solver;
use itertools::Itertools;
use std::fmt;

/// The claims of this module, by their claim ids (docs/claims/README.md).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Claim {
    /// WAK-LOOP.
    Loop,
    /// WAK-LOOPED-EDGE.
    LoopedEdge,
    /// WAK-LOOPED-EDGE-PLUS-ONE.
    LoopedEdgePlusOne,
    /// WAK-PATH-LEMMA.
    PathLemma,
    /// WAK-DEPTH2-TREE.
    Depth2Tree,
}

impl Claim {
    /// The claim id (docs/claims/README.md), e.g. `"WAK-LOOPED-EDGE"`.
    pub fn id(self) -> &'static str {
        match self {
            Claim::Loop => "WAK-LOOP",
            Claim::LoopedEdge => "WAK-LOOPED-EDGE",
            Claim::LoopedEdgePlusOne => "WAK-LOOPED-EDGE-PLUS-ONE",
            Claim::PathLemma => "WAK-PATH-LEMMA",
            Claim::Depth2Tree => "WAK-DEPTH2-TREE",
        }
    }
}

impl fmt::Display for Claim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// What a claim predicts for a position.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Prediction {
    /// The Grundy value.
    Nimber(u32),
    /// Only the outcome: whether it is a P-position (value 0).
    Outcome {
        /// True for a P-position.
        p_position: bool,
    },
}

impl Prediction {
    /// Whether a position of value `nimber` agrees with the prediction.
    pub fn holds(self, nimber: u32) -> bool {
        match self {
            Prediction::Nimber(x) => x == nimber,
            Prediction::Outcome { p_position } => p_position == (nimber == 0),
        }
    }
}

impl fmt::Display for Prediction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Prediction::Nimber(x) => write!(f, "value {x}"),
            Prediction::Outcome { p_position: true } => f.write_str("a P-position"),
            Prediction::Outcome { p_position: false } => f.write_str("an N-position"),
        }
    }
}

/// A position with the claim it instantiates and what that claim predicts.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Instance {
    /// The claim.
    pub claim: Claim,
    /// The position.
    pub position: WeightedGraph,
    /// The prediction.
    pub predicted: Prediction,
}

// ---------- builders ----------

fn build(weights: &[u64], edges: &[(usize, usize)]) -> WeightedGraph {
    WeightedGraph::new(weights, edges).expect("lemma graphs are small and well formed")
}

/// WAK-LOOP: one looped vertex of weight `a`.
pub fn looped_vertex(a: u64) -> WeightedGraph {
    build(&[a], &[(0, 0)])
}

/// WAK-LOOPED-EDGE: looped vertices 0 (weight `a`) and 1 (weight `b`) joined by an edge.
///
/// ```
/// use wak_reduce::{lemmas, solve::nimber};
/// assert_eq!(nimber(&lemmas::looped_edge(2, 1)), Ok(lemmas::looped_edge_nimber(2, 1)));
/// ```
pub fn looped_edge(a: u64, b: u64) -> WeightedGraph {
    build(&[a, b], &[(0, 0), (1, 1), (0, 1)])
}

/// WAK-LOOPED-EDGE-PLUS-ONE: [`looped_edge`]`(a, b)` and an isolated looped vertex 2 of
/// weight `c`.
pub fn looped_edge_plus_one(a: u64, b: u64, c: u64) -> WeightedGraph {
    build(&[a, b, c], &[(0, 0), (1, 1), (0, 1), (2, 2)])
}

/// WAK-PATH-LEMMA: the path `a - b - c - d` (vertices 0-1-2-3) with a loop on `a` only.
pub fn path_lemma(a: u64, b: u64, c: u64, d: u64) -> WeightedGraph {
    build(&[a, b, c, d], &[(0, 0), (0, 1), (1, 2), (2, 3)])
}

/// WAK-DEPTH2-TREE `G1`: root `c` (vertex 1), a looped leaf `a` (vertex 0) on `c`, and a
/// branch `c - x_i - y_i` per pair `(x_i, y_i)` (vertices `2 + 2i`, `3 + 2i`).
///
/// ```
/// use wak_reduce::{lemmas, solve::nimber};
/// // docs/claims/README.md section 5: (a, c, x1, y1, x2, y2) = (1, 2, 2, 1, 3, 1) has value 3.
/// assert_eq!(nimber(&lemmas::depth2_tree_g1(1, 2, &[(2, 1), (3, 1)])), Ok(3));
/// ```
pub fn depth2_tree_g1(a: u64, c: u64, branches: &[(u64, u64)]) -> WeightedGraph {
    let mut weights = vec![a, c];
    let mut edges = vec![(0, 0), (0, 1)];
    for (i, &(x, y)) in branches.iter().enumerate() {
        weights.extend([x, y]);
        edges.extend([(1, 2 + 2 * i), (2 + 2 * i, 3 + 2 * i)]);
    }
    build(&weights, &edges)
}

/// WAK-DEPTH2-TREE `G2`: the path `a(loop) - c - X - Y` (vertices 0-1-2-3) with
/// `X = sum x_i`, `Y = sum y_i`.
pub fn depth2_tree_g2(a: u64, c: u64, branches: &[(u64, u64)]) -> WeightedGraph {
    let x: u64 = branches.iter().map(|b| b.0).sum();
    let y: u64 = branches.iter().map(|b| b.1).sum();
    build(&[a, c, x, y], &[(0, 0), (0, 1), (1, 2), (2, 3)])
}

// ---------- predictions ----------

/// WAK-LOOP: `a mod 2`.
pub fn loop_nimber(a: u64) -> u32 {
    (a % 2) as u32
}

/// WAK-LOOPED-EDGE: `(a + b mod 2) + 2 (min(a, b) mod 2)`.
pub fn looped_edge_nimber(a: u64, b: u64) -> u32 {
    ((a + b) % 2 + 2 * (a.min(b) % 2)) as u32
}

/// WAK-LOOPED-EDGE-PLUS-ONE: P iff `a + b + c` is even and `min(a, b)` is even.
pub fn looped_edge_plus_one_is_p(a: u64, b: u64, c: u64) -> bool {
    (a + b + c) % 2 == 0 && a.min(b) % 2 == 0
}

/// WAK-PATH-LEMMA's `S` on a [`path_lemma`] position: `c < b + d`.
pub fn path_lemma_s(g: &WeightedGraph) -> bool {
    let w = g.weights();
    w[2] < w[1] + w[3]
}

/// WAK-PATH-LEMMA's `P` on a [`path_lemma`] position: `a + c` even.
pub fn path_lemma_p(g: &WeightedGraph) -> bool {
    let w = g.weights();
    (w[0] + w[2]) % 2 == 0
}

/// WAK-DEPTH2-TREE's hypothesis: `x_i > y_i` for every branch.
pub fn depth2_tree_s(branches: &[(u64, u64)]) -> bool {
    branches.iter().all(|&(x, y)| x > y)
}

/// WAK-DEPTH2-TREE's outcome (for positions with `x_i > y_i`): with `X = sum x_i`,
/// `Y = sum y_i`, if `X < Y + c` then P iff `a + X` is even; otherwise P iff `a + c + Y`
/// is even and `min(a, c)` is even.
pub fn depth2_tree_is_p(a: u64, c: u64, branches: &[(u64, u64)]) -> bool {
    let x: u64 = branches.iter().map(|b| b.0).sum();
    let y: u64 = branches.iter().map(|b| b.1).sum();
    if x < y + c {
        (a + x) % 2 == 0
    } else {
        (a + c + y) % 2 == 0 && a.min(c) % 2 == 0
    }
}

/// Reads `(a, c, branches)` back from a [`depth2_tree_g1`] position.
pub fn depth2_tree_weights(g1: &WeightedGraph) -> (u64, u64, Vec<(u64, u64)>) {
    let w = g1.weights();
    (w[0], w[1], w[2..].chunks(2).map(|p| (p[0], p[1])).collect())
}

// ---------- families ----------

fn grid(dims: usize, max: u64) -> impl Iterator<Item = Vec<u64>> {
    (0..dims).map(|_| 0..=max).multi_cartesian_product()
}

/// WAK-LOOP for `a = 0..=max`.
pub fn loop_family(max: u64) -> Vec<Instance> {
    (0..=max)
        .map(|a| Instance {
            claim: Claim::Loop,
            position: looped_vertex(a),
            predicted: Prediction::Nimber(loop_nimber(a)),
        })
        .collect()
}

/// WAK-LOOPED-EDGE for `a, b = 0..=max`.
pub fn looped_edge_family(max: u64) -> Vec<Instance> {
    grid(2, max)
        .map(|w| Instance {
            claim: Claim::LoopedEdge,
            position: looped_edge(w[0], w[1]),
            predicted: Prediction::Nimber(looped_edge_nimber(w[0], w[1])),
        })
        .collect()
}

/// WAK-LOOPED-EDGE-PLUS-ONE for `a, b, c = 0..=max`.
pub fn looped_edge_plus_one_family(max: u64) -> Vec<Instance> {
    grid(3, max)
        .map(|w| Instance {
            claim: Claim::LoopedEdgePlusOne,
            position: looped_edge_plus_one(w[0], w[1], w[2]),
            predicted: Prediction::Outcome {
                p_position: looped_edge_plus_one_is_p(w[0], w[1], w[2]),
            },
        })
        .collect()
}

/// Every [`path_lemma`] position with weights `0..=max` (in `S` or not): the family for the
/// [PS-lemma checker](crate::ps_lemma::check).
pub fn path_lemma_family(max: u64) -> Vec<WeightedGraph> {
    grid(4, max)
        .map(|w| path_lemma(w[0], w[1], w[2], w[3]))
        .collect()
}

/// WAK-PATH-LEMMA for the positions of [`path_lemma_family`] in `S` (`c < b + d`).
pub fn path_lemma_instances(max: u64) -> Vec<Instance> {
    path_lemma_family(max)
        .into_iter()
        .filter(path_lemma_s)
        .map(|g| {
            let p_position = path_lemma_p(&g);
            Instance {
                claim: Claim::PathLemma,
                position: g,
                predicted: Prediction::Outcome { p_position },
            }
        })
        .collect()
}

/// Every [`depth2_tree_g1`] position with `k` branches and weights `0..=max`, in `S` or
/// not.
pub fn depth2_tree_family(k: usize, max: u64) -> Vec<WeightedGraph> {
    grid(2 + 2 * k, max)
        .map(|w| {
            depth2_tree_g1(
                w[0],
                w[1],
                &w[2..].chunks(2).map(|p| (p[0], p[1])).collect::<Vec<_>>(),
            )
        })
        .collect()
}

/// WAK-DEPTH2-TREE for `k` branches and weights `0..=max` with `x_i > y_i`: for each weight
/// vector the `G1` instance and the `G2` instance, both with the predicted outcome (so
/// `G1 ~ G2` is checked along).
pub fn depth2_tree_instances(k: usize, max: u64) -> Vec<Instance> {
    let mut out = Vec::new();
    for g1 in depth2_tree_family(k, max) {
        let (a, c, branches) = depth2_tree_weights(&g1);
        if !depth2_tree_s(&branches) {
            continue;
        }
        let predicted = Prediction::Outcome {
            p_position: depth2_tree_is_p(a, c, &branches),
        };
        out.push(Instance {
            claim: Claim::Depth2Tree,
            position: depth2_tree_g2(a, c, &branches),
            predicted,
        });
        out.push(Instance {
            claim: Claim::Depth2Tree,
            position: g1,
            predicted,
        });
    }
    out
}

// ---------- checking ----------

/// What [`check`] examined.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Checked {
    /// The claim of the instances (`None` for an empty or mixed list).
    pub claim: Option<Claim>,
    /// Positions checked.
    pub positions: usize,
}

/// Why [`check`] failed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Failure {
    /// The judge's value disagrees with the prediction.
    Counterexample {
        /// The instance.
        instance: Instance,
        /// The judge's value.
        nimber: u32,
    },
    /// The judge could not evaluate a position.
    Judge(WakError),
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Counterexample { instance, nimber } => write!(
                f,
                "{}: {} is predicted {} but has value {nimber}",
                instance.claim, instance.position, instance.predicted
            ),
            Failure::Judge(e) => write!(f, "judge failed: {e}"),
        }
    }
}

/// The judge backed by a fresh [`Solver`] (memo shared across the instances).
pub fn solver_judge() -> impl FnMut(&WeightedGraph) -> Result<u32, WakError> {
    let mut solver = Solver::new();
    move |g| solver.nimber(g)
}

/// Evaluates every instance with `judge` and compares with its prediction; the first
/// disagreement is returned.
pub fn check(
    instances: impl IntoIterator<Item = Instance>,
    mut judge: impl FnMut(&WeightedGraph) -> Result<u32, WakError>,
) -> Result<Checked, Failure> {
    let mut checked = Checked {
        claim: None,
        positions: 0,
    };
    for (i, instance) in instances.into_iter().enumerate() {
        checked.claim = match (i, checked.claim) {
            (0, _) => Some(instance.claim),
            (_, Some(c)) if c == instance.claim => Some(c),
            _ => None,
        };
        let nimber = judge(&instance.position).map_err(Failure::Judge)?;
        if !instance.predicted.holds(nimber) {
            return Err(Failure::Counterexample { instance, nimber });
        }
        checked.positions += 1;
    }
    Ok(checked)
}
