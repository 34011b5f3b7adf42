//! The engines under test, as a parameter of every check ([`Engines`]), and the plain
//! by-definition judges the checks compare them with.
//!
//! The registry runs [`Engines::default`] (the project's engines); the fault-injection
//! tests replace one field by a deliberately wrong engine and expect the matching claim to
//! report a counterexample.

use kayles_chains::recurrence::Recurrence;
use kayles_chains::spec::Chain;
use kayles_core::{mex, GameKind, Graph};
use wak_reduce::{reduce::Reduction, WakError, WeightedGraph};

/// The engines a check exercises. Plain function pointers: cheap to copy, `Send + Sync`.
#[derive(Clone, Copy)]
pub struct Engines {
    /// The Node Kayles nimber of every subset of a graph, indexed by subset mask
    /// (default: `kayles_core::table::SubsetTable`).
    pub node_table: fn(&Graph) -> Vec<u8>,
    /// One WAK reduction step (default: `wak_reduce::reduce::apply`).
    pub wak_apply: fn(&WeightedGraph, Reduction) -> Result<WeightedGraph, WakError>,
    /// The MOD-CLIQUE histogram of a clique blow-up `B[K_m1..K_mk]` (default:
    /// `kayles_modules::clique_histogram`).
    pub clique_histogram: fn(&Graph, &[usize]) -> Result<Vec<u128>, String>,
    /// The recurrence of a chain (default: `kayles_chains::derive::derive`).
    pub chain_derive: fn(&Chain, GameKind) -> Result<Recurrence, String>,
    /// The periodicity theorem's bound used by the proof (default:
    /// `kayles_chains::period::bound`).
    pub chain_period_bound: fn(&Recurrence, usize, usize) -> usize,
}

impl Default for Engines {
    fn default() -> Self {
        Engines {
            node_table: core_table,
            wak_apply: wak_reduce::reduce::apply,
            clique_histogram: modules_clique_histogram,
            chain_derive: chains_derive,
            chain_period_bound: kayles_chains::period::bound,
        }
    }
}

fn core_table(g: &Graph) -> Vec<u8> {
    kayles_core::table::SubsetTable::compute_sequential(g)
        .expect("fixture graphs are far below the table limit")
        .values()
        .to_vec()
}

/// `kayles_chains::derive::derive` with its error as text.
pub fn chains_derive(chain: &Chain, game: GameKind) -> Result<Recurrence, String> {
    kayles_chains::derive::derive(chain, game).map_err(|e| e.to_string())
}

fn modules_clique_histogram(base: &Graph, sizes: &[usize]) -> Result<Vec<u128>, String> {
    kayles_modules::clique_histogram(base, sizes).map_err(|e| e.to_string())
}

/// Closed neighbourhoods as `u64` masks (graphs of at most 64 vertices).
pub fn closed_masks(g: &Graph) -> Vec<u64> {
    assert!(g.order() <= 64, "certify's judges take at most 64 vertices");
    (0..g.order())
        .map(|v| g.neighbours(v).iter().fold(1u64 << v, |m, u| m | 1 << u))
        .collect()
}

/// Node Kayles by definition on every subset: `T[S] = mex { T[S - N[v]] : v in S }`,
/// written here independently of `kayles_core` (no components, no parallelism).
///
/// # Panics
/// Above 26 vertices.
pub fn node_definition_table(g: &Graph) -> Vec<u8> {
    let n = g.order();
    assert!(n <= 26, "the definition table takes at most 26 vertices");
    let closed = closed_masks(g);
    let mut t = vec![0u8; 1 << n];
    for s in 1..1u64 << n {
        let mut seen = 0u64;
        for (v, &nv) in closed.iter().enumerate() {
            if s >> v & 1 == 1 {
                seen |= 1 << t[(s & !nv) as usize];
            }
        }
        t[s as usize] = mex::of_bits(&[seen]) as u8;
    }
    t
}

/// Arc Kayles by definition on every vertex subset:
/// `A[S] = mex { A[S - {u, v}] : uv an edge inside S }`.
///
/// # Panics
/// Above 26 vertices.
pub fn arc_definition_table(g: &Graph) -> Vec<u8> {
    let n = g.order();
    assert!(n <= 26, "the definition table takes at most 26 vertices");
    let edges = g.edges();
    let mut t = vec![0u8; 1 << n];
    for s in 1..1u64 << n {
        let mut seen = 0u64;
        for &(u, v) in &edges {
            let e = 1u64 << u | 1u64 << v;
            if s & e == e {
                seen |= 1 << t[(s & !e) as usize];
            }
        }
        t[s as usize] = mex::of_bits(&[seen]) as u8;
    }
    t
}

/// The histogram `k -> #{S : table[S] = k}` (trailing zeros trimmed).
pub fn histogram(table: &[u8]) -> Vec<u128> {
    let mut h = vec![0u128; 64];
    for &v in table {
        h[usize::from(v)] += 1;
    }
    trim(h)
}

/// Drops trailing zeros (keeps at least one entry).
pub fn trim(mut h: Vec<u128>) -> Vec<u128> {
    while h.len() > 1 && h.last() == Some(&0) {
        h.pop();
    }
    h
}

/// Weighted Arc-Kayles by definition (`wak_reduce::brute`).
pub fn wak_definition(g: &WeightedGraph) -> u32 {
    wak_reduce::brute::nimber(g)
}
