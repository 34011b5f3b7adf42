//! The Node Kayles nimber through the modular decomposition tree.
//!
//! Every node `M` gets its nimber `g(M)` and, where its parent needs it, its *full option
//! signature* `A(M) = { g(M - N_M[v]) : v in M }` (so `g(M) = mex A(M)`):
//! - **leaf**: `A = {0}`;
//! - **parallel** (disjoint union): `g = xor of g(C_j)`, and
//!   `A = union over j of { a xor g xor g(C_j) : a in A(C_j) }`;
//! - **series** (complete join): a move in `C_j` deletes every other child, so
//!   `A = union of A(C_j)`;
//! - **prime**: the quotient of MOD-SIGNATURE on the prime quotient graph `P` with the
//!   children's full signatures, `g = Q(V(P))` and
//!   `A = { Q(V(P) - N_P[i]) xor a : i, a in A(C_i) }`. When every child has signature
//!   `{0}` (single vertices, cliques, ...) `Q` is Node Kayles on `P` and the `kayles_core`
//!   [`Solver`] (component splitting, canonical memo, twin reduction) computes it.
//!   Otherwise, up to [`DEFAULT_CORE_THRESHOLD`] children, the memoized quotient engine
//!   over child subsets; above it, each child is replaced by a small graph with the same
//!   signature (a [gadget](crate::gadgets), or the child itself) and the core search runs
//!   on that blow-up of `P` (if it has at most 4096 vertices; else the quotient engine,
//!   up to 4096 children, beyond that an error).
//!
//! Only the root's nimber is needed for [`nimber`], so a prime graph (root prime, all
//! children leaves) costs one core search; children of parallel nodes need signatures only
//! when their parent does. On cographs the work is linear in the tree (plus the
//! decomposition itself).

use crate::blowup::{blow_up, BlowUp};
use crate::decomposition::{decompose, DecompositionTree, NodeKind};
use crate::error::ModuleError;
use crate::gadgets::gadget;
use crate::quotient::solve_quotient;
use crate::signature::Signature;
use kayles_core::rules::node_move_in;
use kayles_core::{node::Solver, vertex_game::MAX_COMPONENT_ORDER};
use kayles_core::{Graph, VertexSet};

pub use crate::quotient::MAX_WIDE_QUOTIENT_ORDER as MAX_PRIME_CHILDREN;

/// A node's nimber and (when computed) its full option signature.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NodeValue {
    /// `g(M)`.
    pub nimber: u32,
    /// `A(M) = { g(M - N_M[v]) : v in M }`, when the computation needed it.
    pub options: Option<Signature>,
}

/// The decomposition-based solver; keeps a `kayles_core` [`Solver`] (and its canonical
/// memo) between calls.
///
/// ```
/// use kayles_core::{families, node::Solver};
/// use kayles_modules::ModularSolver;
/// let g = kayles_modules::generators::random_cograph(60, 7);
/// let mut s = ModularSolver::new();
/// assert_eq!(s.nimber(&g).unwrap(), Solver::new().nimber(&g).unwrap());
/// assert_eq!(s.nimber(&families::path(6)).unwrap(), 1);
/// ```
pub struct ModularSolver {
    search: Solver,
    core_threshold: usize,
}

impl Default for ModularSolver {
    fn default() -> Self {
        Self::new()
    }
}

/// Prime nodes (and blow-up bases) with more children than this, and some child
/// signature other than `{0}`, go to the core search through gadget substitution by
/// default; smaller ones to the quotient memo over `u64` masks. (Measured: on a 5x5 grid
/// base with modules of signatures `{0}`, `{1}`, `{0,1}`, `{0,2}` the memo takes 2 ms
/// where core search on the 80-vertex gadget blow-up takes 350 ms; on a 130-vertex path
/// base the two are even.)
pub const DEFAULT_CORE_THRESHOLD: usize = 64;

impl ModularSolver {
    /// A solver with a fresh core search engine.
    pub fn new() -> Self {
        ModularSolver {
            search: Solver::new(),
            core_threshold: DEFAULT_CORE_THRESHOLD,
        }
    }

    /// Sets how many children a prime node (with some child signature other than `{0}`)
    /// may have before it is solved by core search on a blow-up of its quotient graph by
    /// [gadgets](crate::gadgets) (small graphs with the children's signatures) instead of
    /// the quotient memo. `usize::MAX` always uses the quotient memo.
    ///
    /// ```
    /// use kayles_modules::{generators::random_modular_width_graph, ModularSolver};
    /// let g = random_modular_width_graph(80, 6, 1);
    /// let a = ModularSolver::new().with_core_threshold(0).nimber(&g).unwrap();
    /// let b = ModularSolver::new().with_core_threshold(usize::MAX).nimber(&g).unwrap();
    /// assert_eq!(a, b);
    /// ```
    pub fn with_core_threshold(mut self, children: usize) -> Self {
        self.core_threshold = children;
        self
    }

    /// The core search engine used for prime nodes.
    pub fn search(&mut self) -> &mut Solver {
        &mut self.search
    }

    /// The Node Kayles nimber of `g` through its decomposition.
    pub fn nimber(&mut self, g: &Graph) -> Result<u32, ModuleError> {
        let tree = decompose(g);
        self.nimber_with_tree(g, &tree)
    }

    /// The nimber of `g` given its decomposition tree.
    pub fn nimber_with_tree(
        &mut self,
        g: &Graph,
        tree: &DecompositionTree,
    ) -> Result<u32, ModuleError> {
        Ok(match tree.root() {
            None => 0,
            Some(root) => self.node_values(g, tree, false)?[root].nimber,
        })
    }

    /// The full option signature `{ g(G - N[v]) : v in V }` of `g` (empty for the empty
    /// graph).
    pub fn full_signature(&mut self, g: &Graph) -> Result<Signature, ModuleError> {
        let tree = decompose(g);
        Ok(match tree.root() {
            None => Signature::EMPTY,
            Some(root) => self.node_values(g, &tree, true)?[root]
                .options
                .expect("asked for options"),
        })
    }

    /// The value of every node of `tree` (a decomposition of `g`); the root's options are
    /// computed when `root_options` is set.
    pub fn node_values(
        &mut self,
        g: &Graph,
        tree: &DecompositionTree,
        root_options: bool,
    ) -> Result<Vec<NodeValue>, ModuleError> {
        let nodes = tree.nodes();
        let mut need = vec![false; nodes.len()];
        if let Some(root) = tree.root() {
            need[root] = root_options;
        }
        for (id, node) in nodes.iter().enumerate() {
            let child_need = match node.kind {
                NodeKind::Parallel => need[id],
                _ => true,
            };
            for &c in &node.children {
                need[c] = child_need;
            }
        }
        let mut values = vec![
            NodeValue {
                nimber: 0,
                options: None
            };
            nodes.len()
        ];
        for id in (0..nodes.len()).rev() {
            let node = &nodes[id];
            let kids = &node.children;
            values[id] = match node.kind {
                NodeKind::Leaf(_) => NodeValue {
                    nimber: 1,
                    options: Some(Signature::singleton(0)),
                },
                NodeKind::Parallel => {
                    let total = kids.iter().fold(0, |x, &c| x ^ values[c].nimber);
                    let options = need[id].then(|| {
                        kids.iter().fold(Signature::EMPTY, |acc, &c| {
                            let a = values[c].options.expect("children of a needy node");
                            acc.union(&a.xor_all(total ^ values[c].nimber))
                        })
                    });
                    NodeValue {
                        nimber: total,
                        options,
                    }
                }
                NodeKind::Series => {
                    let options = kids.iter().fold(Signature::EMPTY, |acc, &c| {
                        acc.union(&values[c].options.expect("series children"))
                    });
                    NodeValue {
                        nimber: checked(options.mex())?,
                        options: Some(options),
                    }
                }
                NodeKind::Prime => {
                    let signatures: Vec<Signature> = kids
                        .iter()
                        .map(|&c| values[c].options.expect("prime children"))
                        .collect();
                    self.prime(g, tree, id, signatures, need[id])?
                }
            };
        }
        Ok(values)
    }

    /// The value of prime node `id`, given its children's full signatures.
    fn prime(
        &mut self,
        g: &Graph,
        tree: &DecompositionTree,
        id: usize,
        signatures: Vec<Signature>,
        options: bool,
    ) -> Result<NodeValue, ModuleError> {
        let p = tree.quotient_graph(g, id);
        let children = &tree.node(id).children;
        let orders: Vec<usize> = children.iter().map(|&c| tree.node(c).order).collect();
        self.quotient_value(&p, signatures, &orders, options, |i| {
            let vs = VertexSet::from_vertices(g.order(), tree.vertices(children[i]));
            g.induced_subgraph(&vs).0
        })
    }

    /// `Q(V(p))` (and the full options when asked) for modules with the given full
    /// signatures and orders; `module(i)` builds module `i` when no smaller gadget has its
    /// signature.
    fn quotient_value(
        &mut self,
        p: &Graph,
        signatures: Vec<Signature>,
        orders: &[usize],
        options: bool,
        module: impl Fn(usize) -> Graph,
    ) -> Result<NodeValue, ModuleError> {
        let k = p.order();
        if signatures.iter().all(|a| *a == Signature::singleton(0)) {
            // Every module behaves like a single vertex: Node Kayles on P.
            return self.search_blow_up(p, None, &signatures, options);
        }
        if k > self.core_threshold {
            // Modules replaced by small graphs of the same signature, then core search.
            let mut blocks = Vec::with_capacity(k);
            for (i, a) in signatures.iter().enumerate() {
                blocks.push(match gadget(a).filter(|h| h.order() <= orders[i]) {
                    Some(h) => h,
                    None => module(i),
                });
            }
            if blocks.iter().map(Graph::order).sum::<usize>() <= MAX_COMPONENT_ORDER {
                let b = blow_up(p, &blocks)?;
                return self.search_blow_up(p, Some(&b), &signatures, options);
            }
        }
        let (nimber, options) = solve_quotient(p, signatures, options)?;
        Ok(NodeValue { nimber, options })
    }

    /// The full-board nimber of `B[H_1..H_k]` without building it: each module's full
    /// signature through its own decomposition, then the quotient on the base (small
    /// bases by the quotient memo, large ones by core search on the base blown up by
    /// gadgets).
    ///
    /// ```
    /// use kayles_core::{families, Graph};
    /// use kayles_modules::ModularSolver;
    /// let edge = Graph::from_edges(2, &[(0, 1)]);
    /// let mut s = ModularSolver::new();
    /// assert_eq!(s.blowup_nimber(&edge, &[families::path(6), Graph::new(2)]).unwrap(), 3);
    /// ```
    pub fn blowup_nimber(&mut self, base: &Graph, modules: &[Graph]) -> Result<u32, ModuleError> {
        if modules.len() != base.order() {
            return Err(ModuleError::ModuleCount {
                base: base.order(),
                modules: modules.len(),
            });
        }
        if let Some(index) = modules.iter().position(|h| h.order() == 0) {
            return Err(ModuleError::EmptyModule { index });
        }
        let signatures = modules
            .iter()
            .map(|h| self.full_signature(h))
            .collect::<Result<Vec<_>, _>>()?;
        let orders: Vec<usize> = modules.iter().map(Graph::order).collect();
        let value =
            self.quotient_value(base, signatures, &orders, false, |i| modules[i].clone())?;
        Ok(value.nimber)
    }

    /// A prime node by core search: on `b` (a blow-up of `p` by graphs with the children's
    /// signatures), or on `p` itself when every child has signature `{0}`.
    fn search_blow_up(
        &mut self,
        p: &Graph,
        b: Option<&BlowUp>,
        signatures: &[Signature],
        options: bool,
    ) -> Result<NodeValue, ModuleError> {
        let graph = b.map_or(p, BlowUp::graph);
        if !options {
            let nimber = self.search.nimber(graph)?;
            return Ok(NodeValue {
                nimber,
                options: None,
            });
        }
        let mut a = Signature::EMPTY;
        for (i, signature) in signatures.iter().enumerate() {
            // Q(V(P) - N_P[i]): the blocks of the children outside N_P[i].
            let mut rest = VertexSet::new(graph.order());
            for j in (0..p.order()).filter(|&j| j != i && !p.has_edge(i, j)) {
                match b {
                    Some(b) => b.range(j).for_each(|v| rest.insert(v)),
                    None => rest.insert(j),
                }
            }
            let q = checked(self.search.nimber(&graph.induced_subgraph(&rest).0)?)?;
            a = a.union(&signature.xor_all(q));
        }
        Ok(NodeValue {
            nimber: checked(a.mex())?,
            options: Some(a),
        })
    }
}

fn checked(v: u32) -> Result<u32, ModuleError> {
    if v >= Signature::CAPACITY {
        Err(ModuleError::NimberTooLarge)
    } else {
        Ok(v)
    }
}

/// The Node Kayles nimber of `g` through its modular decomposition (a fresh
/// [`ModularSolver`]). Prime graphs go straight to the `kayles_core` search, so this is
/// cheap enough to call on every graph.
///
/// ```
/// use kayles_core::families;
/// assert_eq!(kayles_modules::nimber(&families::cycle(4)).unwrap(), 0);
/// assert_eq!(kayles_modules::nimber(&families::build("grid:3x4").unwrap()).unwrap(), 0);
/// ```
pub fn nimber(g: &Graph) -> Result<u32, ModuleError> {
    ModularSolver::new().nimber(g)
}

/// The full option signature `{ g(G - N[v]) : v in V }` of `g`, through its
/// decomposition: what `g` contributes as a module of a larger graph.
///
/// ```
/// use kayles_core::families;
/// use kayles_modules::{full_signature, Signature};
/// assert_eq!(full_signature(&families::path(6)).unwrap(), Signature::from_values([0, 2]));
/// ```
pub fn full_signature(g: &Graph) -> Result<Signature, ModuleError> {
    ModularSolver::new().full_signature(g)
}

/// The full option signature by plain search: `g(G - N[v])` for every `v` with the core
/// [`Solver`] (a reference for [`full_signature`]).
pub fn full_signature_by_search(g: &Graph) -> Result<Signature, ModuleError> {
    let mut solver = Solver::new();
    let mut a = Signature::EMPTY;
    for v in 0..g.order() {
        let rest: VertexSet = node_move_in(g, &g.vertices(), v);
        a.insert(checked(solver.nimber(&g.induced_subgraph(&rest).0)?)?);
    }
    Ok(a)
}

/// The full-board nimber of `B[H_1..H_k]` through the quotient: each module's signature
/// of its full vertex set comes from the decomposition solver (so modules of any size
/// the solver handles), then `Q(V(B))`, as [`ModularSolver::blowup_nimber`]. The
/// expanded graph is never built.
///
/// ```
/// use kayles_core::{families, Graph};
/// use kayles_modules::blowup_nimber;
/// let edge = Graph::from_edges(2, &[(0, 1)]);
/// assert_eq!(blowup_nimber(&edge, &[Graph::new(1), Graph::new(2)]).unwrap(), 2);
/// assert_eq!(blowup_nimber(&edge, &[families::path(6), Graph::new(2)]).unwrap(), 3);
/// ```
pub fn blowup_nimber(base: &Graph, modules: &[Graph]) -> Result<u32, ModuleError> {
    ModularSolver::new().blowup_nimber(base, modules)
}
