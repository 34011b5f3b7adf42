//! CHAIN-RECURRENCE and CHAIN-PERIODIC (docs/claims/README.md section 6): the recurrences
//! `kayles-chains` derives for the fixture chains (`fixtures/chains/chains.txt`) against
//! direct search, and their proved periods against certify's own evaluation and bound.
//!
//! Certify's judges here are its own: the chain's graph `C(n)` built from the chain file
//! ([`chain_graph`], not `kayles_chains::segment`), the recurrence evaluated option by
//! option ([`plain_terms`], not the vectorized kernel), and the theorem's bound written out
//! again ([`theorem_bound`]).

use crate::check::{counterexample, par_check_with, CheckError, CheckResult, Context};
use crate::fixtures::{chains, ChainEntry};
use kayles_chains::recurrence::Recurrence;
use kayles_chains::spec::Chain;
use kayles_chains::{eval, period};
use kayles_core::{arc, GameKind, Graph};
use kayles_core::{engine::SearchConfig, node::Solver};

/// Terms of A316629 (and of its b, c) compared between the derived and the hand
/// recurrence: the quick tier's prefix, and the whole b-file in the full tier.
pub const A316629_QUICK: usize = 3000;
/// The b-file of A316629: `n = 1..=110949`.
pub const A316629_FULL: usize = 110_949;

fn solver() -> Solver {
    Solver::with_config(SearchConfig {
        threads: 1,
        ..SearchConfig::default()
    })
}

fn search(game: GameKind, g: &Graph, solver: &mut Solver) -> Result<u32, CheckError> {
    match game {
        GameKind::Node => solver.nimber(g),
        GameKind::Arc => arc::nimber(g),
    }
    .map_err(|e| CheckError::Engine(e.to_string()))
}

/// `C(n)` as the chain file defines it (docs/claims/README.md section 6), written here from the
/// definition: left cap, copies `1..=n`, right cap; link `(x, y, d)` joins `x` of copy `i`
/// to `y` of copy `i + d`; a left attachment at depth `d` goes to copy `d`, a right one to
/// copy `n + 1 - d`, when that copy exists.
pub fn chain_graph(c: &Chain, n: usize) -> Graph {
    let k = c.order;
    let (l, r) = (c.left.order, c.right.order);
    let v = |i: usize, g: usize| l + (i - 1) * k + g;
    let mut edges: Vec<(usize, usize)> = c.left.edges.clone();
    edges.extend(
        c.right
            .edges
            .iter()
            .map(|&(a, b)| (l + n * k + a, l + n * k + b)),
    );
    for i in 1..=n {
        edges.extend(c.edges.iter().map(|&(a, b)| (v(i, a), v(i, b))));
        for link in c.links.iter().filter(|link| i + link.d <= n) {
            edges.push((v(i, link.x), v(i + link.d, link.y)));
        }
    }
    for a in c.left.attach.iter().filter(|a| a.depth <= n) {
        edges.push((a.vertex, v(a.depth, a.copy_vertex)));
    }
    for a in c.right.attach.iter().filter(|a| a.depth <= n) {
        edges.push((v(n + 1 - a.depth, a.copy_vertex), l + n * k + a.vertex));
    }
    Graph::from_edges(l + n * k + r, &edges)
}

/// Every type's terms `0..=n_max`, each option of the recurrence listed and the mex taken.
pub fn plain_terms(rec: &Recurrence, n_max: usize) -> Vec<Vec<u16>> {
    let mut v = vec![vec![0u16; n_max + 1]; rec.types.len()];
    for m in 0..=n_max {
        for &ty in &rec.eval_order {
            let t = &rec.types[ty];
            v[ty][m] = if m < t.from {
                t.base[m]
            } else {
                let mut options: Vec<u16> = t
                    .extras
                    .iter()
                    .map(|e| e.piece ^ v[e.target][m - e.shift])
                    .collect();
                for r in &t.runs {
                    // lo <= k <= m - t - margin (symmetric runs: the half is enough).
                    let mut k = r.lo;
                    while k + r.t + r.margin <= m {
                        options.push(r.piece ^ v[r.left][k] ^ v[r.right][m - r.t - k]);
                        k += 1;
                    }
                }
                kayles_core::mex::of_values(options)
            };
        }
    }
    v
}

/// The periodicity theorem's bound, written out from `docs/chains.md`:
/// `N = max(from_max, n0 + c_max, 2 max(n0, rho) + p + t_max - 1)`.
pub fn theorem_bound(rec: &Recurrence, p: usize, n0: usize) -> usize {
    let from_max = rec.types.iter().map(|t| t.from).max().unwrap_or(0);
    let c_max = rec
        .types
        .iter()
        .flat_map(|t| t.extras.iter().map(|e| e.shift))
        .max()
        .unwrap_or(0);
    let t_max = rec
        .types
        .iter()
        .flat_map(|t| t.runs.iter().map(|r| r.t))
        .max()
        .unwrap_or(1);
    from_max
        .max(n0 + c_max)
        .max(2 * n0.max(rec.rho) + p + t_max - 1)
}

fn derive(ctx: &Context, e: &ChainEntry) -> Result<Recurrence, CheckError> {
    (ctx.engines.chain_derive)(&e.chain, e.game)
        .map_err(|err| CheckError::Engine(format!("{} ({}): {err}", e.file, e.game)))
}

/// The n bound of an entry in the context's tier.
fn tier_n(ctx: &Context, e: &ChainEntry) -> usize {
    match ctx.tier {
        crate::Tier::Quick => e.quick,
        crate::Tier::Full => e.full,
    }
}

/// One instance of CHAIN-RECURRENCE: a fixture chain, or the A316629 cross-check.
enum Instance {
    Chain(Box<ChainEntry>),
    A316629,
}

/// CHAIN-RECURRENCE: for every fixture chain, every segment type of the derived
/// recurrence and every `m` up to the tier's bound, the recurrence's value equals direct
/// search on the segment graph, and the chain's own type equals direct search on `C(n)`
/// built from the file; and the derived A316629 recurrence (with b, c) equals the hand
/// one of `kayles-sequences` on every term (quick: 3000, full: the 110949 of the b-file).
pub fn check_recurrence(ctx: &Context) -> CheckResult {
    let mut items: Vec<Instance> = chains(&ctx.fixtures)?
        .into_iter()
        .map(|e| Instance::Chain(Box::new(e)))
        .collect();
    items.push(Instance::A316629);
    let items = ctx.shard.select(items);
    par_check_with(ctx, &items, solver, |solver, item| match item {
        Instance::Chain(e) => check_chain(ctx, e, solver),
        Instance::A316629 => check_a316629(ctx),
    })
}

fn check_chain(ctx: &Context, e: &ChainEntry, solver: &mut Solver) -> Result<u64, CheckError> {
    let rec = derive(ctx, e)?;
    let n = tier_n(ctx, e);
    let terms = eval::terms(&rec, n);
    let mut compared = 0;
    for m in 0..=n {
        let own = chain_graph(&e.chain, m);
        let direct = search(e.game, &own, solver)?;
        if direct != u32::from(terms.values[0][m]) {
            return Err(counterexample(
                format!(
                    "{} ({}) C({m}) = {}",
                    e.file,
                    e.game,
                    kayles_core::graph6::write(&own)
                ),
                "",
                direct,
                terms.values[0][m],
                "the chain's own sequence (type s0) against direct search on C(n)",
            ));
        }
        for ty in 0..rec.types.len() {
            let g = rec.segment_graph(ty, m);
            let direct = search(e.game, &g, solver)?;
            if direct != u32::from(terms.values[ty][m]) {
                let s = &rec.types[ty];
                return Err(counterexample(
                    format!(
                        "{} ({}) s{ty} = [L{} | {m} | R{}] = {}",
                        e.file,
                        e.game,
                        s.left,
                        s.right,
                        kayles_core::graph6::write(&g)
                    ),
                    "",
                    direct,
                    terms.values[ty][m],
                    "the derived recurrence against direct search on the segment graph",
                ));
            }
            compared += 1;
        }
    }
    Ok(compared + n as u64 + 1)
}

fn check_a316629(ctx: &Context) -> Result<u64, CheckError> {
    let n = match ctx.tier {
        crate::Tier::Quick => A316629_QUICK,
        crate::Tier::Full => A316629_FULL,
    };
    let hand = kayles_sequences::linked_c4::terms(n);
    let mut compared = 0;
    for (file, values) in [
        ("linked-c4.toml", &hand.a),
        ("linked-c4-b.toml", &hand.b),
        ("linked-c4-c.toml", &hand.c),
    ] {
        let entry = chains(&ctx.fixtures)?
            .into_iter()
            .find(|e| e.file == file && e.game == GameKind::Node)
            .ok_or_else(|| CheckError::Engine(format!("{file} is not in chains/chains.txt")))?;
        let rec = derive(ctx, &entry)?;
        let derived = eval::terms(&rec, n);
        if let Some(k) = (1..=n).find(|&k| derived.values[0][k] != values[k]) {
            return Err(counterexample(
                format!("{file} n = {k}"),
                "",
                values[k],
                derived.values[0][k],
                "the derived recurrence against the hand-corrected one (kayles-sequences)",
            ));
        }
        compared += n as u64;
    }
    Ok(compared)
}

/// CHAIN-PERIODIC: for every fixture chain with a published period, `--period`'s proof:
/// the bound it used is at least the theorem's ([`theorem_bound`]), every type is
/// periodic from the proved preperiod on certify's own evaluation up to far past the
/// bound, and the chain's least period and preperiod are the fixture's. For chains without
/// one, no period is claimed. In the full tier, the chain's own term at `bound + p` is also
/// found by direct search.
pub fn check_periodic(ctx: &Context) -> CheckResult {
    let items = ctx.shard.select(chains(&ctx.fixtures)?);
    par_check_with(ctx, &items, solver, |solver, e| {
        let rec = derive(ctx, e)?;
        let found = period::find_with(
            &rec,
            &period::Limits::default(),
            ctx.engines.chain_period_bound,
        );
        let instance = format!("{} ({})", e.file, e.game);
        let proof = match (e.period, found) {
            (None, Err(period::NoPeriod::NotFound { .. })) => return Ok(1),
            (None, Ok(p)) => {
                return Err(counterexample(
                    instance,
                    "",
                    "no period",
                    format!("period {} from {}", p.chain_period, p.chain_preperiod),
                    "a period proved where the fixture has none",
                ))
            }
            (_, Err(err)) => {
                return Err(counterexample(
                    instance,
                    "",
                    "a proved period or none",
                    err,
                    "--period",
                ))
            }
            (Some(_), Ok(p)) => p,
        };
        let (p, n0) = (proof.period, proof.preperiod);
        let bound = theorem_bound(&rec, p, n0);
        if proof.bound < bound {
            return Err(counterexample(
                instance,
                format!("period {p} from {n0}"),
                format!("bound {bound}"),
                format!("bound {}", proof.bound),
                "the bound the proof used against the theorem's",
            ));
        }
        let far = proof.checked_to.max(4 * bound + p);
        let v = plain_terms(&rec, far);
        let mut compared = 0u64;
        for (ty, s) in v.iter().enumerate() {
            if let Some(m) = (n0..=far - p).find(|&m| s[m + p] != s[m]) {
                return Err(counterexample(
                    instance,
                    format!("s{ty}, m = {m}"),
                    format!("s({}) = {}", m + p, s[m + p]),
                    format!("s({m}) = {}", s[m]),
                    "the proved period against certify's own evaluation",
                ));
            }
            compared += (far - p + 1 - n0) as u64;
        }
        let least = least_period(&v[0], far);
        let want = e.period.expect("matched above");
        if least != want || (proof.chain_period, proof.chain_preperiod) != want {
            return Err(counterexample(
                instance,
                "",
                format!("period {} from {}", want.0, want.1),
                format!(
                    "proof: {} from {}; certify's terms: {} from {}",
                    proof.chain_period, proof.chain_preperiod, least.0, least.1
                ),
                "the chain's least period and preperiod",
            ));
        }
        if ctx.tier == crate::Tier::Full {
            let n = bound + p;
            let direct = search(e.game, &chain_graph(&e.chain, n), solver)?;
            if direct != u32::from(v[0][n]) {
                return Err(counterexample(
                    format!("{instance} C({n})"),
                    "",
                    direct,
                    v[0][n],
                    "a term past the bound against direct search",
                ));
            }
            compared += 1;
        }
        Ok(compared)
    })
}

/// The least period and preperiod (`n >= 1`) of `s(1..=far)` for a sequence known to be
/// periodic from `n0` with `n0 + p <= far / 4`: the least `q` whose equalities
/// `s(m + q) = s(m)` run back from the end over half the terms (a `q` that is not an
/// eventual period breaks at least once in every `p` consecutive `m` of the periodic part).
fn least_period(s: &[u16], far: usize) -> (usize, usize) {
    for q in 1..=far / 4 {
        let mut start = far - q;
        while start > 1 && s[start - 1 + q] == s[start - 1] {
            start -= 1;
        }
        if far - start >= far / 2 {
            return (q, start.max(1));
        }
    }
    (0, 0)
}
