//! Random small chains (quickcheck): a random gadget on 1..=3 vertices, random links of
//! reach 1..=2, random caps of 0..=2 vertices; and gadgets of 1..=2 vertices with up to 8
//! links of reach 1..=3 (pairs repeated at several distances, self-links), like the
//! far-linked chain, which has a test of its own. Whenever the chain splits, the derived
//! terms equal direct search on every segment type, and the fast evaluation equals the
//! plain one; when it does not split, the refusal names a move, and the move it names really
//! joins the two sides of a long plain chain.

use kayles_chains::derive::{self, DeriveError};
use kayles_chains::spec::{self, Chain};
use kayles_chains::{check, eval, segment};
use kayles_core::{brute, GameKind};
use quickcheck::{Arbitrary, Gen, QuickCheck};

#[derive(Clone, Debug)]
struct ArbChain(String);

fn pick(g: &mut Gen, n: usize) -> usize {
    usize::arbitrary(g) % n
}

/// One table of a chain file: random edges, and up to 3 distinct random links of reach
/// `1..=reach` (a link written twice is refused).
fn part(g: &mut Gen, name: &str, order: usize, gadget: usize, cap: bool, reach: usize) -> String {
    let mut edges = Vec::new();
    for u in 0..order {
        for v in u + 1..order {
            if bool::arbitrary(g) {
                edges.push(format!("[{u}, {v}]"));
            }
        }
    }
    let mut links = Vec::new();
    for _ in 0..pick(g, 4) {
        let d = 1 + pick(g, reach);
        let (x, y) = if cap && name == "left" {
            (pick(g, order), pick(g, gadget))
        } else if cap {
            (pick(g, gadget), pick(g, order))
        } else {
            (pick(g, gadget), pick(g, gadget))
        };
        let link = format!("[{x}, {y}, {d}]");
        if !links.contains(&link) {
            links.push(link);
        }
    }
    format!(
        "[{name}]\norder = {order}\nedges = [{}]\nlinks = [{}]\n",
        edges.join(", "),
        links.join(", ")
    )
}

impl Arbitrary for ArbChain {
    fn arbitrary(g: &mut Gen) -> Self {
        let k = 1 + pick(g, 3);
        let mut s = part(g, "gadget", k, k, false, 2);
        for side in ["left", "right"] {
            let order = pick(g, 3);
            if order > 0 {
                s += &part(g, side, order, k, true, 2);
            }
        }
        ArbChain(s)
    }
}

/// A chain whose links reach up to 3 copies: a gadget of 1 or 2 vertices with 3 to 8
/// distinct links, so that one pair `(x, y)` often comes at several distances and
/// self-links `[x, x, d]` join copies `d` apart (the far-linked chain is one of these), and
/// caps of 0 or 1 vertex.
#[derive(Clone, Debug)]
struct FarChain(String);

impl Arbitrary for FarChain {
    fn arbitrary(g: &mut Gen) -> Self {
        let k = 1 + pick(g, 2);
        let mut edges = Vec::new();
        if k == 2 && bool::arbitrary(g) {
            edges.push("[0, 1]".to_string());
        }
        let mut links: Vec<String> = Vec::new();
        for _ in 0..3 + pick(g, 6) {
            let link = format!("[{}, {}, {}]", pick(g, k), pick(g, k), 1 + pick(g, 3));
            if !links.contains(&link) {
                links.push(link);
            }
        }
        let mut s = format!(
            "[gadget]\norder = {k}\nedges = [{}]\nlinks = [{}]\n",
            edges.join(", "),
            links.join(", ")
        );
        for side in ["left", "right"] {
            if pick(g, 3) == 0 {
                s += &part(g, side, 1, k, true, 3);
            }
        }
        FarChain(s)
    }
}

/// Derives `c`'s recurrence and compares it with direct search on every type for
/// `m <= check_to` (one solver for all of them, as `kayles chain` does) and with brute force on
/// the chain for `n <= brute_to` (up to 20 vertices); a refusal must name its move.
fn check_chain(c: &Chain, game: GameKind, check_to: usize, brute_to: usize) -> bool {
    match derive::derive(c, game) {
        Ok(rec) => {
            let terms = eval::terms(&rec, 40);
            assert_eq!(terms, eval::terms_reference(&rec, 40));
            let mut solver = kayles_chains::play::solver(game);
            check::check_against_search(&rec, &terms, check_to, &mut solver, |_, _| {})
                .unwrap_or_else(|e| panic!("{}\n{e}", spec::to_toml(c)));
            // The chain's own small graphs by brute force, too.
            for n in 0..=brute_to {
                let g = segment::chain_graph(c, n);
                if g.order() <= 20 {
                    let full = brute::full_mask(&g);
                    let b = brute::value(game, &g, full);
                    assert_eq!(b, u32::from(terms.values[0][n]), "{}", spec::to_toml(c));
                }
            }
            true
        }
        Err(DeriveError::NotSplit { mv, path, .. }) => {
            assert!(!mv.is_empty() && path.contains("copy i"), "{mv}: {path}");
            true
        }
        Err(e) => panic!("{}\n{e}", spec::to_toml(c)),
    }
}

#[test]
fn random_chains_that_split_match_direct_search() {
    fn prop(c: ArbChain) -> bool {
        let chain = spec::parse(&c.0).unwrap_or_else(|e| panic!("{}\n{e}", c.0));
        check_chain(&chain, GameKind::Node, 7, 4) && check_chain(&chain, GameKind::Arc, 7, 4)
    }
    QuickCheck::new()
        .tests(60)
        .rng(Gen::new(8))
        .quickcheck(prop as fn(ArbChain) -> bool);
}

#[test]
fn random_chains_with_links_up_to_3_copies_match_direct_search() {
    fn prop(c: FarChain) -> bool {
        let chain = spec::parse(&c.0).unwrap_or_else(|e| panic!("{}\n{e}", c.0));
        check_chain(&chain, GameKind::Node, 14, 10) && check_chain(&chain, GameKind::Arc, 14, 10)
    }
    QuickCheck::new()
        .tests(40)
        .rng(Gen::new(8))
        .quickcheck(prop as fn(FarChain) -> bool);
}

/// The far-linked chain: links `(0, 0)` and `(1, 1)` at distances 1, 2 and 3 and both cross
/// links at distance 1. It was refused with "the derived recurrence is wrong: s0(m = 12)
/// ... the recurrence gives 0, direct search 7": the recurrence was right, the judge was
/// wrong (the engine's dense-leaf table outlived the graph it was learnt on, see
/// kayles-core's `one_solver_over_many_graphs_equals_a_fresh_solver_for_each`).
#[test]
fn far_linked_chain_is_derived_and_checked() {
    let text = "name = \"x\"\n[gadget]\norder = 2\nedges = [[0,1]]\n\
                links = [[0,0,1],[1,1,1],[0,1,1],[1,0,1],[0,0,2],[1,1,2],[0,0,3],[1,1,3]]\n";
    let chain = spec::parse(text).unwrap();
    assert_eq!((chain.links.len(), chain.reach()), (8, 3));
    let request = kayles_chains::ChainRequest {
        terms: 40,
        ..Default::default()
    };
    let report = kayles_chains::run(&chain, &request).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.check.unwrap().values, 9 * 41, "9 types, m = 0..=40");
    // n = 1..=13 by the definition (26 vertices).
    for n in 1..=13 {
        let g = segment::chain_graph(&chain, n);
        let want = brute::node_kayles(&g, brute::full_mask(&g));
        assert_eq!(u32::from(report.terms[n - 1]), want, "n = {n}");
    }
    assert_eq!(report.terms[11], 0, "n = 12: 0, not 7");
    assert!(check_chain(&chain, GameKind::Arc, 14, 10));
}

#[test]
fn chain_files_round_trip() {
    fn prop(c: ArbChain) -> bool {
        let chain = spec::parse(&c.0).unwrap();
        spec::parse(&spec::to_toml(&chain)).unwrap() == chain
    }
    QuickCheck::new()
        .tests(100)
        .quickcheck(prop as fn(ArbChain) -> bool);
}
