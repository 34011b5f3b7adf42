//! NK-XOR and NK-ARC-LINE (docs/claims/README.md section 1) on all graphs of the tier, every
//! starting subset.

use crate::check::{counterexample, par_check, vertex_list, CheckResult, Context};
use crate::engines::{arc_definition_table, closed_masks, node_definition_table};
use crate::fixtures::{tier_graphs, GraphEntry};
use kayles_core::{mex, Graph};
use std::collections::HashMap;

/// Adjacency masks (open neighbourhoods).
fn adjacency(g: &Graph) -> Vec<u64> {
    closed_masks(g)
        .iter()
        .enumerate()
        .map(|(v, m)| m & !(1 << v))
        .collect()
}

/// The connected components of `s` as masks.
pub fn components(adj: &[u64], s: u64) -> Vec<u64> {
    let mut left = s;
    let mut out = Vec::new();
    while left != 0 {
        let mut comp = left & left.wrapping_neg();
        let mut frontier = comp;
        while frontier != 0 {
            let mut next = 0;
            let mut f = frontier;
            while f != 0 {
                let v = f.trailing_zeros() as usize;
                f &= f - 1;
                next |= adj[v];
            }
            frontier = next & left & !comp;
            comp |= frontier;
        }
        left &= !comp;
        out.push(comp);
    }
    out
}

/// NK-XOR on one graph: for every subset `S`, the xor of the engine's values of the
/// components of `G[S]` equals the definition's value of `S`. Returns the subsets compared.
pub fn check_xor_graph(ctx: &Context, e: &GraphEntry) -> Result<u64, crate::CheckError> {
    let g = &e.graph;
    let engine = (ctx.engines.node_table)(g);
    let judge = node_definition_table(g);
    let adj = adjacency(g);
    for s in 0..1u64 << g.order() {
        let x = components(&adj, s)
            .iter()
            .fold(0u8, |x, &c| x ^ engine[c as usize]);
        if x != judge[s as usize] {
            let comps: Vec<String> = components(&adj, s)
                .iter()
                .map(|&c| format!("{}={}", vertex_list(c), engine[c as usize]))
                .collect();
            return Err(counterexample(
                &e.g6,
                vertex_list(s),
                judge[s as usize],
                x,
                format!(
                    "xor of the component values {} against the value of the whole subset",
                    comps.join(" ")
                ),
            ));
        }
    }
    Ok(1 << g.order())
}

/// NK-XOR on every graph of the tier.
pub fn check_xor(ctx: &Context) -> CheckResult {
    let graphs = ctx.shard.select(tier_graphs(&ctx.fixtures, ctx.tier)?);
    par_check(ctx, &graphs, |e| check_xor_graph(ctx, e))
}

/// NK-ARC-LINE on one graph: for every vertex subset `S`, Arc Kayles on `G[S]` by
/// definition equals Node Kayles by definition on `L(G[S])` (the edges of `L(G)` inside
/// `S`); for the whole graph also `kayles_core::arc::nimber` (direct search) against the
/// line-graph value.
pub fn check_arc_line_graph(e: &GraphEntry) -> Result<u64, crate::CheckError> {
    let g = &e.graph;
    let n = g.order();
    let arc = arc_definition_table(g);
    let (line, edges) = g.line_graph();
    let closed_l = closed_masks(&line);
    let mut memo: HashMap<u64, u8> = HashMap::new();
    let mut compared = 0u64;
    for s in 0..1u64 << n {
        let mask = edges
            .iter()
            .enumerate()
            .filter(|(_, &(u, v))| s >> u & 1 == 1 && s >> v & 1 == 1)
            .fold(0u64, |m, (i, _)| m | 1 << i);
        let via_line = nk_memo(&closed_l, mask, &mut memo);
        if via_line != arc[s as usize] {
            return Err(counterexample(
                &e.g6,
                vertex_list(s),
                arc[s as usize],
                via_line,
                "Arc Kayles on G[S] by definition against Node Kayles on L(G[S])",
            ));
        }
        compared += 1;
    }
    let full = (1u64 << n) - 1;
    let direct =
        kayles_core::arc::nimber(g).map_err(|x| crate::CheckError::Engine(x.to_string()))?;
    if direct != u32::from(arc[full as usize]) {
        return Err(counterexample(
            &e.g6,
            "all vertices",
            arc[full as usize],
            direct,
            "kayles_core::arc::nimber against Arc Kayles by definition",
        ));
    }
    Ok(compared + 1)
}

/// Node Kayles by definition on the edge sets of a line graph, memoized.
fn nk_memo(closed: &[u64], s: u64, memo: &mut HashMap<u64, u8>) -> u8 {
    if s == 0 {
        return 0;
    }
    if let Some(&v) = memo.get(&s) {
        return v;
    }
    let mut seen = 0u64;
    let mut rest = s;
    while rest != 0 {
        let v = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        seen |= 1 << nk_memo(closed, s & !closed[v], memo);
    }
    let value = mex::of_bits(&[seen]) as u8;
    memo.insert(s, value);
    value
}

/// NK-ARC-LINE on every graph of the tier.
pub fn check_arc_line(ctx: &Context) -> CheckResult {
    let graphs = ctx.shard.select(tier_graphs(&ctx.fixtures, ctx.tier)?);
    par_check(ctx, &graphs, check_arc_line_graph)
}
