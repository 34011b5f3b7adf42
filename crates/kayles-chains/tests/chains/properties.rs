//! Random small chains (quickcheck): a random gadget on 1..=3 vertices, random links of
//! reach 1..=2, random caps of 0..=2 vertices. Whenever the chain splits, the derived terms
//! equal direct search on every segment type, and the fast evaluation equals the plain
//! one; when it does not split, the refusal names a move, and the move it names really
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

fn part(g: &mut Gen, name: &str, order: usize, gadget: usize, cap: bool) -> String {
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
        let d = 1 + pick(g, 2);
        let (x, y) = if cap && name == "left" {
            (pick(g, order), pick(g, gadget))
        } else if cap {
            (pick(g, gadget), pick(g, order))
        } else {
            (pick(g, gadget), pick(g, gadget))
        };
        links.push(format!("[{x}, {y}, {d}]"));
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
        let mut s = part(g, "gadget", k, k, false);
        for side in ["left", "right"] {
            let order = pick(g, 3);
            if order > 0 {
                s += &part(g, side, order, k, true);
            }
        }
        ArbChain(s)
    }
}

fn check_chain(c: &Chain, game: GameKind) -> bool {
    match derive::derive(c, game) {
        Ok(rec) => {
            let terms = eval::terms(&rec, 40);
            assert_eq!(terms, eval::terms_reference(&rec, 40));
            let mut solver = kayles_chains::play::solver(game);
            check::check_against_search(&rec, &terms, 7, &mut solver, |_, _| {})
                .unwrap_or_else(|e| panic!("{}\n{e}", spec::to_toml(c)));
            // The chain's own small graphs by brute force, too.
            for n in 0..=4 {
                let g = segment::chain_graph(c, n);
                if g.order() <= 16 {
                    let full = brute::full_mask(&g);
                    let b = match game {
                        GameKind::Node => brute::node_kayles(&g, full),
                        GameKind::Arc => brute::arc_kayles(&g, full),
                    };
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
        check_chain(&chain, GameKind::Node) && check_chain(&chain, GameKind::Arc)
    }
    QuickCheck::new()
        .tests(60)
        .rng(Gen::new(8))
        .quickcheck(prop as fn(ArbChain) -> bool);
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
