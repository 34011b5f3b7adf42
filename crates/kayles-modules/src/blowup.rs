//! Blow-ups `B[H_1..H_k]` (docs/claims/README.md section 2): base vertex `i` is replaced by the
//! module graph `H_i`, and cross edges are complete between `H_i` and `H_j` exactly when `ij` is a
//! base edge. The result is a real [`Graph`], so every quotient result can be checked by
//! direct enumeration when it is small.
//!
//! Expanded vertices are numbered module by module: module `i` occupies
//! [`BlowUp::range`]`(i)`, its vertex `v` becoming `range(i).start + v`.

use crate::error::{check_modules, ModuleError};
use crate::signature::{ModuleSignatures, Signature};
use kayles_core::node::Solver;
use kayles_core::table::SubsetTable;
use kayles_core::{families, Graph, VertexSet};
use std::ops::Range;

/// What goes in place of the base vertices: cliques or independent sets of given sizes
/// (MOD-CLIQUE, MOD-INDEPENDENT: closed forms), or arbitrary module graphs (MOD-SIGNATURE:
/// the quotient). One value per base vertex, in order.
///
/// ```
/// use kayles_core::{families, Graph};
/// use kayles_modules::blowup::BlowUpSpec;
/// let edge = families::path(2);
/// // MOD-NIMBER-NOT-ENOUGH: P6 and I2 on an edge.
/// let spec = BlowUpSpec::Modules(vec![families::path(6), Graph::new(2)]);
/// assert_eq!(spec.nimber(&edge).unwrap(), 3);
/// let cliques = BlowUpSpec::Cliques(vec![2, 3]);
/// assert_eq!(cliques.histogram(&edge).unwrap(), cliques.expand(&edge).unwrap().direct_histogram().unwrap());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BlowUpSpec {
    /// Base vertex `i` becomes the clique `K_{m_i}`.
    Cliques(Vec<usize>),
    /// Base vertex `i` becomes `m_i` independent vertices.
    Independent(Vec<usize>),
    /// Base vertex `i` becomes the `i`-th graph.
    Modules(Vec<Graph>),
}

impl BlowUpSpec {
    /// The expanded graph (for direct enumeration).
    pub fn expand(&self, base: &Graph) -> Result<BlowUp, ModuleError> {
        match self {
            BlowUpSpec::Cliques(sizes) => clique_blow_up(base, sizes),
            BlowUpSpec::Independent(sizes) => independent_blow_up(base, sizes),
            BlowUpSpec::Modules(graphs) => blow_up(base, graphs),
        }
    }
}

pub use crate::error::MAX_EXPANDED_ORDER;

/// A blown-up graph with the record of which expanded vertex belongs to which module.
///
/// ```
/// use kayles_core::Graph;
/// use kayles_modules::blowup::clique_blow_up;
/// let base = Graph::from_edges(2, &[(0, 1)]);
/// let b = clique_blow_up(&base, &[2, 3]).unwrap();
/// assert_eq!(b.graph().order(), 5);
/// assert_eq!(b.graph().size(), 1 + 3 + 6); // K_2, K_3, and all 6 cross edges
/// assert_eq!(b.module_of(4), 1);
/// assert_eq!(b.range(1), 2..5);
/// ```
#[derive(Clone, Debug)]
pub struct BlowUp {
    base: Graph,
    modules: Vec<Graph>,
    graph: Graph,
    offsets: Vec<usize>,
    module_of: Vec<usize>,
}

/// Builds `B[H_1..H_k]`: one module graph per base vertex, none empty.
///
/// ```
/// use kayles_core::{families, Graph};
/// use kayles_modules::blowup::blow_up;
/// let base = Graph::from_edges(2, &[(0, 1)]);
/// let b = blow_up(&base, &[families::path(6), Graph::new(2)]).unwrap();
/// assert_eq!(b.graph().order(), 8);
/// assert!(b.graph().has_edge(0, 6) && !b.graph().has_edge(6, 7));
/// ```
pub fn blow_up(base: &Graph, modules: &[Graph]) -> Result<BlowUp, ModuleError> {
    check_modules(base, modules.iter().map(Graph::order))?;
    let mut offsets = Vec::with_capacity(modules.len() + 1);
    let mut total = 0usize;
    for h in modules {
        offsets.push(total);
        total += h.order();
    }
    offsets.push(total);
    let mut graph = Graph::new(total);
    let mut module_of = Vec::with_capacity(total);
    for (i, h) in modules.iter().enumerate() {
        module_of.resize(module_of.len() + h.order(), i);
        for (u, v) in h.edges() {
            graph.add_edge(offsets[i] + u, offsets[i] + v);
        }
    }
    for (i, j) in base.edges() {
        for u in offsets[i]..offsets[i + 1] {
            for v in offsets[j]..offsets[j + 1] {
                graph.add_edge(u, v);
            }
        }
    }
    Ok(BlowUp {
        base: base.clone(),
        modules: modules.to_vec(),
        graph,
        offsets,
        module_of,
    })
}

/// Parses a list of module sizes such as `2,3,1` (the `--sizes` option). Zero sizes
/// parse; they are refused as [`ModuleError::EmptyModule`] by the functions that take
/// sizes.
///
/// ```
/// use kayles_modules::blowup::parse_sizes;
/// assert_eq!(parse_sizes("2, 3,1").unwrap(), vec![2, 3, 1]);
/// assert!(parse_sizes("2,x").is_err());
/// assert!(parse_sizes("99999999999999999999999").is_err());
/// ```
pub fn parse_sizes(text: &str) -> Result<Vec<usize>, ModuleError> {
    let bad = |reason: String| ModuleError::BadSizes {
        text: text.to_string(),
        reason,
    };
    if text.trim().is_empty() {
        return Err(bad("no sizes given".to_string()));
    }
    text.split(',')
        .map(|part| {
            let part = part.trim();
            part.parse::<usize>()
                .map_err(|_| bad(format!("'{part}' is not a non-negative integer that fits")))
        })
        .collect()
}

/// Clique modules `K_{m_1}, .., K_{m_k}`.
///
/// ```
/// let ks = kayles_modules::blowup::clique_modules(&[1, 3]);
/// assert_eq!((ks[1].order(), ks[1].size()), (3, 3));
/// ```
pub fn clique_modules(sizes: &[usize]) -> Vec<Graph> {
    sizes.iter().map(|&m| families::complete(m)).collect()
}

/// Edgeless modules on `m_1, .., m_k` vertices.
///
/// ```
/// let is = kayles_modules::blowup::independent_modules(&[2, 3]);
/// assert_eq!((is[1].order(), is[1].size()), (3, 0));
/// ```
pub fn independent_modules(sizes: &[usize]) -> Vec<Graph> {
    sizes.iter().map(|&m| Graph::new(m)).collect()
}

/// The blow-up of `base` with clique modules of the given sizes.
///
/// ```
/// use kayles_core::families;
/// let b = kayles_modules::blowup::clique_blow_up(&families::path(3), &[1, 2, 1]).unwrap();
/// assert_eq!(b.graph().order(), 4);
/// ```
pub fn clique_blow_up(base: &Graph, sizes: &[usize]) -> Result<BlowUp, ModuleError> {
    check_modules(base, sizes.iter().copied())?;
    blow_up(base, &clique_modules(sizes))
}

/// The blow-up of `base` with independent (edgeless) modules of the given sizes.
///
/// ```
/// use kayles_core::families;
/// let b = kayles_modules::blowup::independent_blow_up(&families::path(2), &[2, 2]).unwrap();
/// assert_eq!(b.graph().size(), 4); // C_4
/// ```
pub fn independent_blow_up(base: &Graph, sizes: &[usize]) -> Result<BlowUp, ModuleError> {
    check_modules(base, sizes.iter().copied())?;
    blow_up(base, &independent_modules(sizes))
}

impl BlowUp {
    /// The expanded graph `B[H_1..H_k]`.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The base graph `B`.
    pub fn base(&self) -> &Graph {
        &self.base
    }

    /// The module graphs `H_1..H_k`.
    pub fn modules(&self) -> &[Graph] {
        &self.modules
    }

    /// The expanded vertices of module `i`.
    pub fn range(&self, i: usize) -> Range<usize> {
        self.offsets[i]..self.offsets[i + 1]
    }

    /// The module (base vertex) of expanded vertex `v`.
    pub fn module_of(&self, v: usize) -> usize {
        self.module_of[v]
    }

    /// `S_i = S ∩ V(H_i)` as a mask over module `i`'s own vertices (module of at most 64
    /// vertices).
    pub fn module_subset(&self, subset: &VertexSet, i: usize) -> u64 {
        let start = self.offsets[i];
        self.range(i)
            .filter(|&v| subset.contains(v))
            .fold(0, |m, v| m | 1 << (v - start))
    }

    /// `S_i` for an expanded subset given as a mask (expanded graph of at most 128
    /// vertices).
    pub fn module_mask(&self, subset: u128, i: usize) -> u64 {
        let r = self.range(i);
        let width = r.len();
        let bits = subset >> r.start;
        (if width >= 64 {
            bits
        } else {
            bits & ((1u128 << width) - 1)
        }) as u64
    }

    /// `T(S) = { i : S_i nonempty }`, the occupied modules, as a mask over base vertices
    /// (base of at most 64 vertices).
    pub fn occupied_modules(&self, subset: &VertexSet) -> u64 {
        subset.iter().fold(0, |t, v| t | 1 << self.module_of[v])
    }

    /// `T(S)` for an expanded subset given as a mask.
    pub fn occupied_modules_mask(&self, subset: u128) -> u64 {
        (0..self.base.order())
            .filter(|&i| self.module_mask(subset, i) != 0)
            .fold(0, |t, i| t | 1 << i)
    }

    /// The signature vector `(A(S_1), .., A(S_k))` of an expanded subset given as a mask,
    /// from the modules' subset tables (`tables[i]` for module `i`).
    pub fn signature_vector(&self, tables: &[ModuleSignatures], subset: u128) -> Vec<Signature> {
        (0..self.base.order())
            .map(|i| tables[i].option_signature(self.module_mask(subset, i)))
            .collect()
    }

    /// The subset tables of every module (for [`signature_vector`](Self::signature_vector)).
    pub fn module_tables(&self) -> Result<Vec<ModuleSignatures>, ModuleError> {
        self.modules
            .iter()
            .enumerate()
            .map(|(index, h)| ModuleSignatures::new(h).map_err(|e| e.in_module(index)))
            .collect()
    }

    /// The histogram by direct enumeration of all `2^N` expanded subsets (the `--direct`
    /// route; at most 30 expanded vertices).
    pub fn direct_histogram(&self) -> Result<Vec<u128>, ModuleError> {
        Ok(SubsetTable::compute(&self.graph)?.histogram())
    }

    /// The full-board nimber by plain `kayles_core` search on the expanded graph.
    pub fn direct_nimber(&self) -> Result<u32, ModuleError> {
        Ok(Solver::new().nimber(&self.graph)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bookkeeping_of_vertices() {
        let base = Graph::from_edges(3, &[(0, 1), (1, 2)]);
        let b = blow_up(&base, &[Graph::new(2), families::path(3), Graph::new(1)]).unwrap();
        assert_eq!(b.graph().order(), 6);
        assert_eq!(
            (0..6).map(|v| b.module_of(v)).collect::<Vec<_>>(),
            vec![0, 0, 1, 1, 1, 2]
        );
        let s: u128 = 0b100110; // vertices 1, 2, 5
        assert_eq!(b.module_mask(s, 0), 0b10);
        assert_eq!(b.module_mask(s, 1), 0b001);
        assert_eq!(b.occupied_modules_mask(s), 0b111);
        let set = VertexSet::from_vertices(6, [1, 2, 5]);
        assert_eq!(b.occupied_modules(&set), 0b111);
        assert_eq!(b.module_subset(&set, 1), 0b001);
        // Cross edges follow the base: 0-1 and 1-2 complete, 0-2 empty.
        assert!(b.graph().has_edge(0, 4) && b.graph().has_edge(3, 5));
        assert!(!b.graph().has_edge(0, 5) && !b.graph().has_edge(0, 1));
    }

    #[test]
    fn bad_input() {
        let base = Graph::from_edges(2, &[(0, 1)]);
        assert_eq!(
            clique_blow_up(&base, &[1, 2, 3]).unwrap_err(),
            ModuleError::ModuleCount {
                base: 2,
                modules: 3
            }
        );
        assert_eq!(
            independent_blow_up(&base, &[1, 0]).unwrap_err(),
            ModuleError::EmptyModule { index: 1 }
        );
        assert!(matches!(
            clique_blow_up(&base, &[usize::MAX, 1]),
            Err(ModuleError::SizeOverflow { .. })
        ));
    }
}
