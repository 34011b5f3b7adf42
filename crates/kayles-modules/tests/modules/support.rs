//! Arbitrary instances (with shrinkers) for the property tests.

use kayles_core::{families, Graph, VertexSet};
use quickcheck::{Arbitrary, Gen};

/// `g` without vertex `v`.
pub fn remove_vertex(g: &Graph, v: usize) -> Graph {
    let mut keep = g.vertices();
    keep.remove(v);
    g.induced_subgraph(&keep).0
}

/// `g` without edge `(u, v)`.
pub fn remove_edge(g: &Graph, u: usize, v: usize) -> Graph {
    let mut h = g.clone();
    h.remove_edge(u, v);
    h
}

fn random_graph(g: &mut Gen, n: usize) -> Graph {
    let mut h = Graph::new(n);
    for u in 0..n {
        for v in u + 1..n {
            if bool::arbitrary(g) {
                h.add_edge(u, v);
            }
        }
    }
    h
}

/// Every graph one vertex or one edge smaller.
fn shrink_graph(h: &Graph, min_order: usize) -> Vec<Graph> {
    let mut out = Vec::new();
    if h.order() > min_order {
        out.extend((0..h.order()).map(|v| remove_vertex(h, v)));
    }
    out.extend(h.edges().into_iter().map(|(u, v)| remove_edge(h, u, v)));
    out
}

/// A graph on at most `MAX` vertices.
#[derive(Clone, Debug)]
pub struct SmallGraph<const MAX: usize>(pub Graph);

impl<const MAX: usize> Arbitrary for SmallGraph<MAX> {
    fn arbitrary(g: &mut Gen) -> Self {
        let n = usize::arbitrary(g) % (MAX + 1);
        SmallGraph(random_graph(g, n))
    }
    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        Box::new(shrink_graph(&self.0, 0).into_iter().map(SmallGraph))
    }
}

/// A module: a clique, an independent set, or an arbitrary graph (1 to 3 vertices).
#[derive(Clone, Debug, PartialEq)]
pub enum ModuleSpec {
    /// `K_m`.
    Clique(usize),
    /// `I_m`.
    Independent(usize),
    /// Any graph.
    Other(Graph),
}

impl ModuleSpec {
    pub fn graph(&self) -> Graph {
        match self {
            ModuleSpec::Clique(m) => families::complete(*m),
            ModuleSpec::Independent(m) => Graph::new(*m),
            ModuleSpec::Other(h) => h.clone(),
        }
    }
}

impl Arbitrary for ModuleSpec {
    fn arbitrary(g: &mut Gen) -> Self {
        let m = 1 + usize::arbitrary(g) % 3;
        match u8::arbitrary(g) % 3 {
            0 => ModuleSpec::Clique(m),
            1 => ModuleSpec::Independent(m),
            _ => ModuleSpec::Other(random_graph(g, m)),
        }
    }
    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        let out: Vec<ModuleSpec> = match self {
            ModuleSpec::Clique(m) | ModuleSpec::Independent(m) if *m <= 1 => vec![],
            ModuleSpec::Clique(m) => vec![ModuleSpec::Clique(m - 1)],
            ModuleSpec::Independent(m) => vec![ModuleSpec::Independent(m - 1)],
            ModuleSpec::Other(h) => shrink_graph(h, 1)
                .into_iter()
                .map(ModuleSpec::Other)
                .collect(),
        };
        Box::new(out.into_iter())
    }
}

/// A base graph on 1 to 4 vertices with one module per vertex.
#[derive(Clone, Debug)]
pub struct BlowUpCase {
    pub base: Graph,
    pub modules: Vec<ModuleSpec>,
}

impl BlowUpCase {
    pub fn module_graphs(&self) -> Vec<Graph> {
        self.modules.iter().map(ModuleSpec::graph).collect()
    }
}

impl Arbitrary for BlowUpCase {
    fn arbitrary(g: &mut Gen) -> Self {
        let k = 1 + usize::arbitrary(g) % 4;
        let base = random_graph(g, k);
        let modules = (0..k).map(|_| ModuleSpec::arbitrary(g)).collect();
        BlowUpCase { base, modules }
    }
    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        let mut out = Vec::new();
        let k = self.base.order();
        if k > 1 {
            for v in 0..k {
                let mut modules = self.modules.clone();
                modules.remove(v);
                out.push(BlowUpCase {
                    base: remove_vertex(&self.base, v),
                    modules,
                });
            }
        }
        for (u, v) in self.base.edges() {
            out.push(BlowUpCase {
                base: remove_edge(&self.base, u, v),
                modules: self.modules.clone(),
            });
        }
        for i in 0..k {
            for m in self.modules[i].shrink() {
                let mut modules = self.modules.clone();
                modules[i] = m;
                out.push(BlowUpCase {
                    base: self.base.clone(),
                    modules,
                });
            }
        }
        Box::new(out.into_iter())
    }
}

/// A base graph on 1 to 4 vertices with clique or independent sizes 1 to 4.
#[derive(Clone, Debug)]
pub struct SizesCase {
    pub base: Graph,
    pub sizes: Vec<usize>,
}

impl Arbitrary for SizesCase {
    fn arbitrary(g: &mut Gen) -> Self {
        let k = 1 + usize::arbitrary(g) % 4;
        let base = random_graph(g, k);
        let sizes = (0..k).map(|_| 1 + usize::arbitrary(g) % 4).collect();
        SizesCase { base, sizes }
    }
    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        let mut out = Vec::new();
        let k = self.base.order();
        if k > 1 {
            for v in 0..k {
                let mut sizes = self.sizes.clone();
                sizes.remove(v);
                out.push(SizesCase {
                    base: remove_vertex(&self.base, v),
                    sizes,
                });
            }
        }
        for (u, v) in self.base.edges() {
            out.push(SizesCase {
                base: remove_edge(&self.base, u, v),
                sizes: self.sizes.clone(),
            });
        }
        for i in 0..k {
            if self.sizes[i] > 1 {
                let mut sizes = self.sizes.clone();
                sizes[i] -= 1;
                out.push(SizesCase {
                    base: self.base.clone(),
                    sizes,
                });
            }
        }
        Box::new(out.into_iter())
    }
}

/// A cograph on up to `MAX` vertices, built from a random cotree (labels shuffled).
#[derive(Clone, Debug)]
pub struct Cograph<const MAX: usize>(pub Graph);

impl<const MAX: usize> Arbitrary for Cograph<MAX> {
    fn arbitrary(g: &mut Gen) -> Self {
        let n = 1 + usize::arbitrary(g) % MAX;
        Cograph(kayles_modules::generators::random_cograph(
            n,
            u64::arbitrary(g),
        ))
    }
    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        // Induced subgraphs of cographs are cographs.
        let g = &self.0;
        let out: Vec<Self> = if g.order() > 1 {
            (0..g.order())
                .map(|v| Cograph(remove_vertex(g, v)))
                .collect()
        } else {
            vec![]
        };
        Box::new(out.into_iter())
    }
}

/// Every labelled graph on `k` vertices.
pub fn all_graphs(k: usize) -> impl Iterator<Item = Graph> {
    let pairs: Vec<(usize, usize)> = (0..k)
        .flat_map(|u| (u + 1..k).map(move |v| (u, v)))
        .collect();
    (0..1u64 << pairs.len()).map(move |mask| {
        let edges: Vec<(usize, usize)> = pairs
            .iter()
            .enumerate()
            .filter(|(i, _)| mask >> i & 1 == 1)
            .map(|(_, &e)| e)
            .collect();
        Graph::from_edges(k, &edges)
    })
}

/// Every vector in `1..=max` of length `k`.
pub fn all_sizes(k: usize, max: usize) -> Vec<Vec<usize>> {
    let mut out = vec![vec![]];
    for _ in 0..k {
        out = out
            .into_iter()
            .flat_map(|v| {
                (1..=max).map(move |m| {
                    let mut w = v.clone();
                    w.push(m);
                    w
                })
            })
            .collect();
    }
    out
}

/// A vertex set from a mask.
pub fn set_of(n: usize, mask: u128) -> VertexSet {
    VertexSet::from_vertices(n, (0..n).filter(|&v| mask >> v & 1 == 1))
}

/// Runs a quickcheck property `tests` times.
pub fn check<A: quickcheck::Testable>(tests: u64, prop: A) {
    quickcheck::QuickCheck::new()
        .tests(tests)
        .max_tests(10 * tests)
        .quickcheck(prop);
}

/// A graph of modular width at most 6 on up to `MAX` vertices (prime nodes with
/// non-trivial children), shrunk by deleting vertices.
#[derive(Clone, Debug)]
pub struct ModularGraph<const MAX: usize>(pub Graph);

impl<const MAX: usize> Arbitrary for ModularGraph<MAX> {
    fn arbitrary(g: &mut Gen) -> Self {
        let n = 1 + usize::arbitrary(g) % MAX;
        let width = 4 + usize::arbitrary(g) % 3;
        ModularGraph(kayles_modules::generators::random_modular_width_graph(
            n,
            width,
            u64::arbitrary(g),
        ))
    }
    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        let g = &self.0;
        let out: Vec<Self> = if g.order() > 1 {
            (0..g.order())
                .map(|v| ModularGraph(remove_vertex(g, v)))
                .collect()
        } else {
            vec![]
        };
        Box::new(out.into_iter())
    }
}
