//! MOD-CLIQUE, MOD-INDEPENDENT, MOD-SIGNATURE, MOD-NIMBER-NOT-ENOUGH and MOD-TWINS
//! (docs/claims/README.md section 2). The blow-ups are built here (independently of
//! `kayles-modules`) and solved by definition on every subset; the claimed routes are the closed
//! forms and the quotient `Q(X)`, evaluated both by `kayles-modules` and by the formulas written
//! out below.

use crate::check::{counterexample, par_check, vertex_list, CheckError, CheckResult, Context};
use crate::engines::{closed_masks, histogram, node_definition_table, trim};
use crate::fixtures::{blowups, module_families, tier_graphs, Blowup, GraphEntry, ModuleFamily};
use crate::report::histogram_line;
use kayles_core::{graph6, mex, Graph};
use std::collections::HashMap;

/// `B[H_1..H_k]`: module `i` takes the vertices `start[i]..start[i] + |H_i|`, in order.
pub fn substitute(base: &Graph, modules: &[Graph]) -> (Graph, Vec<usize>) {
    let mut start = Vec::with_capacity(modules.len());
    let mut n = 0;
    for m in modules {
        start.push(n);
        n += m.order();
    }
    let mut g = Graph::new(n);
    for (i, m) in modules.iter().enumerate() {
        for (u, v) in m.edges() {
            g.add_edge(start[i] + u, start[i] + v);
        }
    }
    for (i, j) in base.edges() {
        for u in 0..modules[i].order() {
            for v in 0..modules[j].order() {
                g.add_edge(start[i] + u, start[j] + v);
            }
        }
    }
    (g, start)
}

fn module_masks(start: &[usize], sizes: &[usize]) -> Vec<u64> {
    start
        .iter()
        .zip(sizes)
        .map(|(&s, &m)| ((1u64 << m) - 1) << s)
        .collect()
}

/// `T(S)`: the occupied modules of `S`.
fn occupied(masks: &[u64], s: u64) -> u64 {
    masks
        .iter()
        .enumerate()
        .filter(|(_, &m)| s & m != 0)
        .fold(0, |t, (i, _)| t | 1 << i)
}

fn blowup_name(b: &Blowup, kind: &str) -> String {
    let sizes: Vec<String> = b.sizes.iter().map(usize::to_string).collect();
    let (g, _) = build_blowup(b, kind == "clique");
    format!(
        "{} (base {} with {kind} modules of sizes {})",
        graph6::write(&g),
        b.base.g6,
        sizes.join(",")
    )
}

fn build_blowup(b: &Blowup, clique: bool) -> (Graph, Vec<usize>) {
    let modules: Vec<Graph> = b
        .sizes
        .iter()
        .map(|&m| {
            if clique {
                kayles_core::families::complete(m)
            } else {
                Graph::new(m)
            }
        })
        .collect();
    substitute(&b.base.graph, &modules)
}

/// The MOD-CLIQUE histogram by its formula, with the per-module weight `weight(m)` (the
/// claim's weight is `2^m - 1`: the non-empty subsets of `K_m`).
pub fn clique_histogram_formula(
    base: &Graph,
    sizes: &[usize],
    weight: fn(usize) -> u128,
) -> Vec<u128> {
    let t = node_definition_table(base);
    let mut h = vec![0u128; 64];
    for (x, &v) in t.iter().enumerate() {
        let w: u128 = (0..base.order())
            .filter(|i| x >> i & 1 == 1)
            .map(|i| weight(sizes[i]))
            .product();
        h[usize::from(v)] += w;
    }
    trim(h)
}

/// MOD-CLIQUE on one blow-up: `g(S) = g_B(T(S))` for every `S`, the histogram of the
/// engine equals the histogram of the definition table, and `clique_nimber` equals the
/// full-board value.
pub fn check_clique_one(ctx: &Context, b: &Blowup) -> Result<u64, CheckError> {
    let (g, start) = build_blowup(b, true);
    let table = node_definition_table(&g);
    let base = node_definition_table(&b.base.graph);
    let masks = module_masks(&start, &b.sizes);
    for s in 0..1u64 << g.order() {
        let t = occupied(&masks, s);
        if table[s as usize] != base[t as usize] {
            return Err(counterexample(
                blowup_name(b, "clique"),
                vertex_list(s),
                table[s as usize],
                base[t as usize],
                format!("g_B(T(S)) with T(S) = {}", vertex_list(t)),
            ));
        }
    }
    let expected = histogram(&table);
    let got =
        trim((ctx.engines.clique_histogram)(&b.base.graph, &b.sizes).map_err(CheckError::Engine)?);
    if got != expected {
        return Err(counterexample(
            blowup_name(b, "clique"),
            "histogram",
            histogram_line(&expected),
            histogram_line(&got),
            "the MOD-CLIQUE histogram against the histogram of all subsets",
        ));
    }
    let full = kayles_modules::clique_nimber(&b.base.graph, &b.sizes)
        .map_err(|e| CheckError::Engine(e.to_string()))?;
    let want = table[(1usize << g.order()) - 1];
    if full != u32::from(want) {
        return Err(counterexample(
            blowup_name(b, "clique"),
            "all vertices",
            want,
            full,
            "kayles_modules::clique_nimber",
        ));
    }
    Ok((1 << g.order()) + 2)
}

/// MOD-CLIQUE on every blow-up of the tier.
pub fn check_clique(ctx: &Context) -> CheckResult {
    let items = ctx.shard.select(blowups(&ctx.fixtures, ctx.tier)?);
    par_check(ctx, &items, |b| check_clique_one(ctx, b))
}

/// The recursion of MOD-INDEPENDENT on cluster states (0 empty, 1 odd, 2 positive even):
/// `q(c) = mex { q(c^(i)) xor ((c_i - 1) mod 2) : c_i > 0 }`, written out here.
pub fn independent_q(base_closed: &[u64], states: &[u8], memo: &mut HashMap<Vec<u8>, u8>) -> u8 {
    if let Some(&v) = memo.get(states) {
        return v;
    }
    let mut seen = 0u64;
    for (i, &c) in states.iter().enumerate() {
        if c == 0 {
            continue;
        }
        let next: Vec<u8> = states
            .iter()
            .enumerate()
            .map(|(j, &x)| if base_closed[i] >> j & 1 == 1 { 0 } else { x })
            .collect();
        // (c_i - 1) mod 2: 0 for an odd count, 1 for a positive even count.
        let parity = u8::from(c == 2);
        seen |= 1 << (independent_q(base_closed, &next, memo) ^ parity);
    }
    let v = mex::of_bits(&[seen]) as u8;
    memo.insert(states.to_vec(), v);
    v
}

/// MOD-INDEPENDENT on one blow-up: for every `S`, the recursion on states, the
/// `kayles-modules` value of the counts, and the value of the normalized subset (odd count
/// -> 1 vertex, positive even -> 2) all equal the definition; and the histograms agree.
pub fn check_independent_one(b: &Blowup) -> Result<u64, CheckError> {
    let (g, start) = build_blowup(b, false);
    let table = node_definition_table(&g);
    let masks = module_masks(&start, &b.sizes);
    let base_closed = closed_masks(&b.base.graph);
    let clusters = kayles_modules::IndependentClusters::new(&b.base.graph, &b.sizes)
        .map_err(|e| CheckError::Engine(e.to_string()))?;
    let mut memo = HashMap::new();
    let name = || blowup_name(b, "independent");
    for s in 0..1u64 << g.order() {
        let want = table[s as usize];
        let counts: Vec<usize> = masks
            .iter()
            .map(|m| (s & m).count_ones() as usize)
            .collect();
        let states: Vec<u8> = counts
            .iter()
            .map(|&c| {
                if c == 0 {
                    0
                } else if c % 2 == 1 {
                    1
                } else {
                    2
                }
            })
            .collect();
        let q = independent_q(&base_closed, &states, &mut memo);
        if q != want {
            return Err(counterexample(
                name(),
                vertex_list(s),
                want,
                q,
                format!("q(states {states:?})"),
            ));
        }
        let m = clusters.value_of_counts(&counts);
        if m != u32::from(want) {
            return Err(counterexample(
                name(),
                vertex_list(s),
                want,
                m,
                format!("kayles_modules value_of_counts({counts:?})"),
            ));
        }
        let normal = states
            .iter()
            .enumerate()
            .fold(0u64, |acc, (i, &c)| acc | ((1u64 << c) - 1) << start[i]);
        if table[normal as usize] != want {
            return Err(counterexample(
                name(),
                vertex_list(s),
                want,
                table[normal as usize],
                format!("the normalized subset {}", vertex_list(normal)),
            ));
        }
    }
    let expected = histogram(&table);
    let got = kayles_modules::independent_histogram(&b.base.graph, &b.sizes)
        .map_err(|e| CheckError::Engine(e.to_string()))?;
    if trim(got.clone()) != expected {
        return Err(counterexample(
            name(),
            "histogram",
            histogram_line(&expected),
            histogram_line(&got),
            "kayles_modules::independent_histogram against all subsets",
        ));
    }
    // The weights 1, 2^(m-1), 2^(m-1) - 1 summed by q.
    let mut h = vec![0u128; 64];
    for code in 0..3usize.pow(b.sizes.len() as u32) {
        let states: Vec<u8> = (0..b.sizes.len())
            .map(|i| (code / 3usize.pow(i as u32) % 3) as u8)
            .collect();
        let w: u128 = states
            .iter()
            .zip(&b.sizes)
            .map(|(&c, &m)| match c {
                0 => 1,
                1 => 1u128 << (m - 1),
                _ => (1u128 << (m - 1)) - 1,
            })
            .product();
        h[usize::from(independent_q(&base_closed, &states, &mut memo))] += w;
    }
    let h = trim(h);
    if h != expected {
        return Err(counterexample(
            name(),
            "histogram",
            histogram_line(&expected),
            histogram_line(&h),
            "the weights 1, 2^(m-1), 2^(m-1) - 1 summed by q",
        ));
    }
    Ok((1 << g.order()) * 3 + 2)
}

/// MOD-INDEPENDENT on every blow-up of the tier.
pub fn check_independent(ctx: &Context) -> CheckResult {
    let items = ctx.shard.select(blowups(&ctx.fixtures, ctx.tier)?);
    par_check(ctx, &items, check_independent_one)
}

/// The option signature of `s` in a graph with closed neighbourhoods `closed` and
/// definition table `table`, as a bit mask of values.
pub fn signature(closed: &[u64], table: &[u8], s: u64) -> u64 {
    let mut sig = 0u64;
    let mut rest = s;
    while rest != 0 {
        let v = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        sig |= 1 << table[(s & !closed[v]) as usize];
    }
    sig
}

/// `Q(X)` for every `X ⊆ V(B)` given the signatures (bit masks) of the modules.
pub fn quotient_table(base_closed: &[u64], sigs: &[u64]) -> Vec<u8> {
    let k = base_closed.len();
    let mut q = vec![0u8; 1 << k];
    for x in 1..1usize << k {
        let mut seen = 0u64;
        for i in (0..k).filter(|i| x >> i & 1 == 1) {
            let rest = q[x & !(base_closed[i] as usize)];
            let mut a = sigs[i];
            while a != 0 {
                let v = a.trailing_zeros();
                a &= a - 1;
                seen |= 1 << (u32::from(rest) ^ v);
            }
        }
        q[x] = mex::of_bits(&[seen]) as u8;
    }
    q
}

fn family_name(f: &ModuleFamily) -> String {
    let mods: Vec<&str> = f.modules.iter().map(|m| m.g6.as_str()).collect();
    let modules: Vec<Graph> = f.modules.iter().map(|m| m.graph.clone()).collect();
    let (g, _) = substitute(&f.base.graph, &modules);
    format!(
        "{} (base {} with modules {})",
        graph6::write(&g),
        f.base.g6,
        mods.join(",")
    )
}

/// MOD-SIGNATURE on one module family: `g(S) = Q(T(S))` with the option signatures of the
/// `S_i`, for every `S`; and `kayles_modules::blowup_histogram` equals the histogram of all
/// subsets.
pub fn check_signature_one(f: &ModuleFamily) -> Result<u64, CheckError> {
    let modules: Vec<Graph> = f.modules.iter().map(|m| m.graph.clone()).collect();
    let sizes: Vec<usize> = modules.iter().map(Graph::order).collect();
    let (g, start) = substitute(&f.base.graph, &modules);
    let table = node_definition_table(&g);
    let mtables: Vec<Vec<u8>> = modules.iter().map(node_definition_table).collect();
    let mclosed: Vec<Vec<u64>> = modules.iter().map(closed_masks).collect();
    let base_closed = closed_masks(&f.base.graph);
    let mut memo: HashMap<Vec<u64>, Vec<u8>> = HashMap::new();
    for s in 0..1u64 << g.order() {
        let sigs: Vec<u64> = (0..modules.len())
            .map(|i| {
                let si = (s >> start[i]) & ((1u64 << sizes[i]) - 1);
                signature(&mclosed[i], &mtables[i], si)
            })
            .collect();
        let t = sigs
            .iter()
            .enumerate()
            .filter(|(_, &a)| a != 0)
            .fold(0usize, |t, (i, _)| t | 1 << i);
        let q = memo
            .entry(sigs.clone())
            .or_insert_with(|| quotient_table(&base_closed, &sigs))[t];
        if q != table[s as usize] {
            let shown: Vec<String> = sigs.iter().map(|&a| vertex_list(a)).collect();
            return Err(counterexample(
                family_name(f),
                vertex_list(s),
                table[s as usize],
                q,
                format!("Q(T(S)) with signatures {}", shown.join(" ")),
            ));
        }
    }
    let expected = histogram(&table);
    let got = kayles_modules::blowup_histogram(&f.base.graph, &modules)
        .map_err(|e| CheckError::Engine(e.to_string()))?;
    if trim(got.clone()) != expected {
        return Err(counterexample(
            family_name(f),
            "histogram",
            histogram_line(&expected),
            histogram_line(&got),
            "kayles_modules::blowup_histogram against all subsets",
        ));
    }
    Ok((1 << g.order()) + 1)
}

/// MOD-SIGNATURE on every module family of the tier.
pub fn check_signature(ctx: &Context) -> CheckResult {
    let items = ctx.shard.select(module_families(&ctx.fixtures, ctx.tier)?);
    par_check(ctx, &items, check_signature_one)
}

/// MOD-NIMBER-NOT-ENOUGH: `K1` and `P6` both have nimber 1, signatures `{0}` and `{0, 2}`,
/// and joined to `I2` (base an edge) give 2 and 3; by definition, by
/// `kayles_core::brute` and by `kayles_modules::blowup_nimber`.
pub fn check_nimber_not_enough(ctx: &Context) -> CheckResult {
    let edge = Graph::from_edges(2, &[(0, 1)]);
    let cases = [
        (Graph::new(1), "K1", 1u64, 2u8),
        (kayles_core::families::path(6), "P6", 0b101, 3),
    ];
    let cases = ctx.shard.select(cases.to_vec());
    par_check(ctx, &cases, |(module, name, sig, full)| {
        let inst = format!("{name} joined to I2 ({})", graph6::write(module));
        let t = node_definition_table(module);
        let all = (1u64 << module.order()) - 1;
        let brute = kayles_core::brute::node_kayles(module, u128::from(all));
        if t[all as usize] != 1 || brute != 1 {
            return Err(counterexample(
                &inst,
                "the module",
                1,
                t[all as usize],
                "the module's nimber",
            ));
        }
        let got_sig = signature(&closed_masks(module), &t, all);
        if got_sig != *sig {
            return Err(counterexample(
                &inst,
                "the module",
                vertex_list(*sig),
                vertex_list(got_sig),
                "the module's signature",
            ));
        }
        let (g, _) = substitute(&edge, &[module.clone(), Graph::new(2)]);
        let direct = kayles_core::brute::node_kayles(&g, kayles_core::brute::full_mask(&g));
        let via = kayles_modules::blowup_nimber(&edge, &[module.clone(), Graph::new(2)])
            .map_err(|e| CheckError::Engine(e.to_string()))?;
        if direct != u32::from(*full) || via != direct {
            return Err(counterexample(
                &inst,
                "all vertices",
                full,
                format!("{direct} (brute), {via} (quotient)"),
                "the full-board nimber",
            ));
        }
        Ok(5)
    })
}

/// MOD-TWINS on one graph: for every pair of true twins `u, v` and every `S ⊇ {u, v}`,
/// `g(S) = g(S - v)`; for every triple of mutual false twins `a, b, c` and every
/// `S ⊇ {a, b, c}`, `g(S) = g(S - {b, c})`.
pub fn check_twins_graph(e: &GraphEntry) -> Result<u64, CheckError> {
    let g = &e.graph;
    let n = g.order();
    let closed = closed_masks(g);
    let table = node_definition_table(g);
    let mut compared = 0u64;
    let mut reductions: Vec<(u64, u64, &str)> = Vec::new();
    for u in 0..n {
        for v in u + 1..n {
            if g.has_edge(u, v) && closed[u] == closed[v] {
                reductions.push((1 << u | 1 << v, 1 << v, "true twins: delete one"));
            }
            for w in v + 1..n {
                let open = |x: usize| closed[x] & !(1 << x);
                if !g.has_edge(u, v)
                    && !g.has_edge(u, w)
                    && !g.has_edge(v, w)
                    && open(u) == open(v)
                    && open(v) == open(w)
                {
                    reductions.push((
                        1 << u | 1 << v | 1 << w,
                        1 << v | 1 << w,
                        "three false twins: delete two",
                    ));
                }
            }
        }
    }
    for (need, delete, note) in reductions {
        for s in (0..1u64 << n).filter(|s| s & need == need) {
            let (a, b) = (table[s as usize], table[(s & !delete) as usize]);
            if a != b {
                return Err(counterexample(
                    &e.g6,
                    vertex_list(s),
                    a,
                    b,
                    format!("{note} {}", vertex_list(delete)),
                ));
            }
            compared += 1;
        }
    }
    Ok(compared)
}

/// MOD-TWINS on every graph of the tier.
pub fn check_twins(ctx: &Context) -> CheckResult {
    let graphs = ctx.shard.select(tier_graphs(&ctx.fixtures, ctx.tier)?);
    par_check(ctx, &graphs, check_twins_graph)
}
