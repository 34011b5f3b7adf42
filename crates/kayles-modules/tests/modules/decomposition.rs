//! The modular decomposition (against brute-force strong modules) and the decomposition
//! solver (against `kayles_core` search and the brute-force definition).

use crate::support::{all_graphs, check, Cograph, ModularGraph, SmallGraph};
use kayles_core::{brute, families, node::Solver, Graph};
use kayles_modules::decomposition::{decompose, DecompositionTree, NodeKind};
use kayles_modules::generators::{random_cograph, random_graph, random_modular_width_graph};
use kayles_modules::solve::full_signature_by_search;
use kayles_modules::{has_nontrivial_module, ModularSolver, Signature};

fn is_module(g: &Graph, mask: u64) -> bool {
    (0..g.order()).filter(|&w| mask >> w & 1 == 0).all(|w| {
        let nb = g.neighbours(w).iter().fold(0u64, |m, v| m | 1 << v);
        nb & mask == 0 || nb & mask == mask
    })
}

/// The strong modules (modules overlapping no other module), by definition.
fn strong_modules(g: &Graph) -> Vec<u64> {
    let n = g.order();
    let modules: Vec<u64> = (1..1u64 << n).filter(|&m| is_module(g, m)).collect();
    let overlap = |a: u64, b: u64| a & b != 0 && a & !b != 0 && b & !a != 0;
    let mut strong: Vec<u64> = modules
        .iter()
        .copied()
        .filter(|&a| modules.iter().all(|&b| !overlap(a, b)))
        .collect();
    strong.sort_unstable();
    strong
}

fn mask_of(vs: &[usize]) -> u64 {
    vs.iter().fold(0, |m, &v| m | 1 << v)
}

/// The tree's nodes are exactly the strong modules, with the right kinds.
fn tree_is_correct(g: &Graph, t: &DecompositionTree) -> bool {
    if g.order() == 0 {
        return t.root().is_none();
    }
    let mut nodes: Vec<u64> = (0..t.nodes().len())
        .map(|id| mask_of(&t.vertices(id)))
        .collect();
    nodes.sort_unstable();
    assert_eq!(nodes, strong_modules(g), "{g:?}\n{t}");
    for (id, node) in t.nodes().iter().enumerate() {
        let vs = t.vertices(id);
        assert_eq!(node.order, vs.len());
        assert_eq!(node.representative, vs[0]);
        let sub = g
            .induced_subgraph(&crate::support::set_of(g.order(), mask_of(&vs).into()))
            .0;
        let q = t.quotient_graph(g, id);
        match node.kind {
            NodeKind::Leaf(v) => assert_eq!(vs, vec![v]),
            NodeKind::Parallel => {
                assert!(!sub.is_connected());
                assert_eq!(q.size(), 0);
            }
            NodeKind::Series => {
                assert!(sub.is_connected());
                assert_eq!(q.size(), q.order() * (q.order() - 1) / 2);
            }
            NodeKind::Prime => {
                assert!(q.order() >= 4 && !has_nontrivial_module(&q));
                assert!(strong_modules(&q).len() == q.order() + 1, "prime quotient");
            }
        }
    }
    true
}

#[test]
fn every_graph_up_to_six_vertices() {
    for n in 0..=6 {
        for g in all_graphs(n) {
            let t = decompose(&g);
            assert!(tree_is_correct(&g, &t));
            let nontrivial = strong_modules(&g).iter().any(|&m| {
                let c = m.count_ones() as usize;
                c > 1 && c < n
            }) || (n >= 3
                && (1..(1u64 << n) - 1).any(|m| m.count_ones() > 1 && is_module(&g, m)));
            assert_eq!(has_nontrivial_module(&g), nontrivial, "{g:?}");
            let want = brute::node_kayles(&g, brute::full_mask(&g));
            assert_eq!(ModularSolver::new().nimber(&g).unwrap(), want, "{g:?}");
        }
    }
}

#[test]
fn random_trees_are_the_strong_modules() {
    fn prop(g: SmallGraph<10>) -> bool {
        tree_is_correct(&g.0, &decompose(&g.0))
    }
    check(200, prop as fn(SmallGraph<10>) -> bool);
}

#[test]
fn solver_equals_search_on_random_graphs() {
    fn prop(g: SmallGraph<14>) -> bool {
        let g = g.0;
        let mut s = ModularSolver::new();
        let want = Solver::new().nimber(&g).unwrap();
        assert_eq!(s.nimber(&g).unwrap(), want, "{g:?}");
        assert_eq!(
            s.full_signature(&g).unwrap(),
            full_signature_by_search(&g).unwrap(),
            "{g:?}"
        );
        true
    }
    check(200, prop as fn(SmallGraph<14>) -> bool);
}

/// The decomposition solver's nimber and full signature of `g` are search's.
fn agrees_with_search(s: &mut ModularSolver, g: &Graph) {
    let nimber = Solver::new().nimber(g).unwrap();
    assert_eq!(s.nimber(g).unwrap(), nimber, "{g:?}");
    let signature = full_signature_by_search(g).unwrap();
    assert_eq!(s.full_signature(g).unwrap(), signature, "{g:?}");
}

#[test]
fn solver_equals_search_on_random_cographs() {
    fn prop(g: Cograph<40>) -> bool {
        assert!(decompose(&g.0).is_cograph());
        agrees_with_search(&mut ModularSolver::new(), &g.0);
        true
    }
    check(200, prop as fn(Cograph<40>) -> bool);
}

#[test]
fn solver_equals_search_on_small_families() {
    let mut s = ModularSolver::new();
    for spec in [
        "path:9",
        "cycle:7",
        "complete:5",
        "star:6",
        "grid:3x3",
        "petersen:5,2",
    ] {
        agrees_with_search(&mut s, &families::build(spec).unwrap());
    }
    assert_eq!(s.nimber(&Graph::new(0)).unwrap(), 0);
    assert_eq!(s.full_signature(&Graph::new(0)).unwrap(), Signature::EMPTY);
}

#[test]
fn solver_equals_brute_force_on_dense_and_sparse_graphs() {
    for seed in 0..60 {
        for percent in [15, 50, 85] {
            let g = random_graph(12, percent, seed);
            let want = brute::node_kayles(&g, brute::full_mask(&g));
            assert_eq!(ModularSolver::new().nimber(&g).unwrap(), want, "{g:?}");
        }
    }
}

#[test]
fn bounded_modular_width_graphs() {
    for seed in 0..40 {
        let g = random_modular_width_graph(36, 6, seed);
        let t = decompose(&g);
        assert!(t.modular_width() <= 6, "{t}");
        let want = Solver::new().nimber(&g).unwrap();
        let options = full_signature_by_search(&g).unwrap();
        // Default, always the quotient memo, always gadgets + core search.
        for threshold in [kayles_modules::solve::DEFAULT_CORE_THRESHOLD, usize::MAX, 0] {
            let mut s = ModularSolver::new().with_core_threshold(threshold);
            assert_eq!(s.nimber_with_tree(&g, &t).unwrap(), want, "seed {seed}");
            assert_eq!(s.full_signature(&g).unwrap(), options, "seed {seed}");
        }
    }
}

#[test]
fn larger_graphs_keep_the_module_invariants() {
    // Nodes are modules and children partition their parent (strong modules are too many
    // to enumerate here), on large random graphs and on small families.
    let mut graphs = vec![
        ("cograph".to_string(), random_cograph(300, 1)),
        ("width 8".to_string(), random_modular_width_graph(300, 8, 2)),
        ("random".to_string(), random_graph(120, 50, 3)),
    ];
    for spec in [
        "grid:3x3",
        "petersen:5,2",
        "path:7",
        "cycle:6",
        "complete:4",
        "star:5",
    ] {
        graphs.push((spec.to_string(), families::build(spec).unwrap()));
    }
    for (seed, g) in graphs {
        let t = decompose(&g);
        for id in 0..t.nodes().len() {
            let vs = t.vertices(id);
            let inside: Vec<bool> = (0..g.order())
                .map(|v| vs.binary_search(&v).is_ok())
                .collect();
            for w in (0..g.order()).filter(|&w| !inside[w]) {
                let adj = vs.iter().filter(|&&x| g.has_edge(w, x)).count();
                assert!(
                    adj == 0 || adj == vs.len(),
                    "{seed}: node {id} is not a module"
                );
            }
            let mut union: Vec<usize> = t
                .node(id)
                .children
                .iter()
                .flat_map(|&c| t.vertices(c))
                .collect();
            union.sort_unstable();
            if !t.node(id).children.is_empty() {
                assert_eq!(union, vs);
            }
        }
        assert_eq!(
            t.nodes()
                .iter()
                .filter(|n| matches!(n.kind, NodeKind::Leaf(_)))
                .count(),
            g.order()
        );
    }
}

#[test]
fn display_and_dot() {
    // C4 = K_{2,2}: series over two parallel pairs.
    let c4 = kayles_core::families::cycle(4);
    let t = decompose(&c4);
    assert_eq!(
        t.to_string(),
        "series (4 vertices)\n  parallel (2 vertices)\n    vertex 0\n    vertex 2\n  \
         parallel (2 vertices)\n    vertex 1\n    vertex 3\n"
    );
    let dot = t.to_dot();
    assert!(dot.contains("label=\"series (4)\""));
    assert_eq!(dot.matches("->").count(), 6);
}

#[test]
fn wide_prime_nodes_with_non_trivial_child_signatures() {
    // A long path with some vertices blown up to I2 ({1}) or P3 ({0,1}): the root is prime
    // with as many children as the path has vertices, so the quotient engine runs on
    // u128 (70 children) and on a wider set on a big-stack thread (130 children).
    use kayles_core::families;
    use kayles_modules::{blow_up, blowup_nimber, Signature};
    for n in [70usize, 130] {
        let base = families::path(n);
        let modules: Vec<Graph> = (0..n)
            .map(|i| match i % 7 {
                2 => Graph::new(2),
                5 => families::path(3),
                _ => Graph::new(1),
            })
            .collect();
        let b = blow_up(&base, &modules).unwrap();
        let t = decompose(b.graph());
        assert_eq!(t.node(0).kind, NodeKind::Prime);
        assert_eq!(t.node(0).children.len(), n);
        let want = Solver::new().nimber(b.graph()).unwrap();
        // Gadget substitution + core search (the default for wide prime nodes).
        let mut s = ModularSolver::new();
        assert_eq!(s.nimber_with_tree(b.graph(), &t).unwrap(), want, "n = {n}");
        // The quotient engine forced.
        if n <= 130 {
            let mut q = ModularSolver::new().with_core_threshold(usize::MAX);
            assert_eq!(q.nimber_with_tree(b.graph(), &t).unwrap(), want, "n = {n}");
            assert_eq!(blowup_nimber(&base, &modules).unwrap(), want);
        }
        if n == 70 {
            let by_search = full_signature_by_search(b.graph()).unwrap();
            assert_eq!(s.full_signature(b.graph()).unwrap(), by_search);
            let mut q = ModularSolver::new().with_core_threshold(usize::MAX);
            assert_eq!(q.full_signature(b.graph()).unwrap(), by_search);
            assert_eq!(by_search.mex(), want);
            assert!(by_search != Signature::EMPTY);
        }
    }
}

#[test]
fn solver_equals_brute_force_on_random_module_rich_graphs() {
    fn prop(g: ModularGraph<14>) -> bool {
        let g = g.0;
        let want = brute::node_kayles(&g, brute::full_mask(&g));
        let t = decompose(&g);
        assert!(tree_is_correct(&g, &t));
        for threshold in [usize::MAX, 0] {
            let mut s = ModularSolver::new().with_core_threshold(threshold);
            assert_eq!(s.nimber_with_tree(&g, &t).unwrap(), want, "{g:?}");
            assert_eq!(
                s.full_signature(&g).unwrap(),
                full_signature_by_search(&g).unwrap()
            );
        }
        true
    }
    check(150, prop as fn(ModularGraph<14>) -> bool);
}
