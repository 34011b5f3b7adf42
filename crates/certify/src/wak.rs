//! The claims of docs/claims/README.md section 4: the WAK reductions (WAK-USELESS, WAK-HEAVY,
//! WAK-TWINS), WAK-TO-ARC, the lemma families (WAK-LOOP, WAK-LOOPED-EDGE,
//! WAK-LOOPED-EDGE-PLUS-ONE, WAK-PATH-LEMMA, WAK-DEPTH2-TREE), PS-LEMMA and WAK-ROOKS.
//!
//! The judge is the by-definition search `wak_reduce::brute` wherever it is small enough,
//! and otherwise the reducing solver cross-checked with the plain one.

use crate::check::{counterexample, par_check, par_check_with, CheckError, CheckResult, Context};
use crate::engines::wak_definition;
use crate::fixtures::{boards, ranges, weighted_positions};
use std::collections::HashSet;
use wak_reduce::lemmas::{self, Instance};
use wak_reduce::ps_lemma::{self, WakOracle};
use wak_reduce::reduce::{applicable_reductions, Reduction};
use wak_reduce::rooks::Cover;
use wak_reduce::{Solver, WeightedGraph};

const LEMMAS: &str = "wak/lemmas.txt";

/// Which reduction a claim is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// WAK-USELESS.
    Useless,
    /// WAK-HEAVY.
    Heavy,
    /// WAK-TWINS.
    Twins,
}

impl Kind {
    fn matches(self, r: Reduction) -> bool {
        matches!(
            (self, r),
            (Kind::Useless, Reduction::UselessVertex(_))
                | (Kind::Heavy, Reduction::HeavyVertex(_))
                | (Kind::Twins, Reduction::FalseTwins(..))
        )
    }
}

/// One reduction claim on one position: every applicable step of the kind, applied by the
/// engine under test, keeps the by-definition value. Returns the steps compared.
pub fn check_reduction_one(
    ctx: &Context,
    kind: Kind,
    g: &WeightedGraph,
) -> Result<u64, CheckError> {
    let steps: Vec<Reduction> = applicable_reductions(g)
        .into_iter()
        .filter(|&r| kind.matches(r))
        .collect();
    if steps.is_empty() {
        return Ok(0);
    }
    let before = wak_definition(g);
    for &r in &steps {
        let h = (ctx.engines.wak_apply)(g, r).map_err(|e| CheckError::Engine(e.to_string()))?;
        let after = wak_definition(&h);
        if after != before {
            return Err(counterexample(
                g.to_string(),
                r.to_string(),
                before,
                format!("{after} (reduced position: {h})"),
                "the value after one reduction step against before",
            ));
        }
    }
    Ok(steps.len() as u64)
}

/// WAK-USELESS / WAK-HEAVY / WAK-TWINS on every weighted position of the tier.
pub fn check_reduction(ctx: &Context, kind: Kind) -> CheckResult {
    let items = ctx
        .shard
        .select(weighted_positions(&ctx.fixtures, ctx.tier)?);
    par_check(ctx, &items, |g| check_reduction_one(ctx, kind, g))
}

/// WAK-TO-ARC on one position: the by-definition WAK value equals the Arc Kayles value
/// (`kayles_core::arc::nimber`) of the expansion.
pub fn check_to_arc_one(g: &WeightedGraph) -> Result<u64, CheckError> {
    let want = wak_definition(g);
    let e = wak_reduce::expand::expand(g).map_err(|e| CheckError::Engine(e.to_string()))?;
    let got = kayles_core::arc::nimber(&e.graph).map_err(|e| CheckError::Engine(e.to_string()))?;
    if got != want {
        return Err(counterexample(
            g.to_string(),
            format!("expansion {}", kayles_core::graph6::write(&e.graph)),
            want,
            got,
            "Arc Kayles on the expansion against WAK by definition",
        ));
    }
    Ok(1)
}

/// WAK-TO-ARC on every weighted position of the tier.
pub fn check_to_arc(ctx: &Context) -> CheckResult {
    let items = ctx
        .shard
        .select(weighted_positions(&ctx.fixtures, ctx.tier)?);
    par_check(ctx, &items, check_to_arc_one)
}

/// The lemma instances of `name` (`WAK-LOOP`, `WAK-DEPTH2-TREE:2`, ...) in the tier, all
/// weights in the range.
fn lemma_instances(ctx: &Context, name: &str) -> Result<Vec<Instance>, CheckError> {
    let mut out = Vec::new();
    for r in ranges(&ctx.fixtures, LEMMAS, ctx.tier, name)? {
        let all = match name {
            "WAK-LOOP" => lemmas::loop_family(r.hi),
            "WAK-LOOPED-EDGE" => lemmas::looped_edge_family(r.hi),
            "WAK-LOOPED-EDGE-PLUS-ONE" => lemmas::looped_edge_plus_one_family(r.hi),
            "WAK-PATH-LEMMA" => lemmas::path_lemma_instances(r.hi),
            _ => {
                let k: usize = name
                    .strip_prefix("WAK-DEPTH2-TREE:")
                    .and_then(|k| k.parse().ok())
                    .ok_or_else(|| CheckError::Engine(format!("unknown lemma family {name}")))?;
                lemmas::depth2_tree_instances(k, r.hi)
            }
        };
        out.extend(
            all.into_iter()
                .filter(|i| i.position.weights().iter().all(|&w| w >= r.lo)),
        );
    }
    // The full tier runs the quick and the full ranges: count each position once.
    let mut seen = HashSet::new();
    out.retain(|i| seen.insert(i.position.clone()));
    Ok(out)
}

/// Total weight up to which the by-definition judge is used as well as the solver.
const BRUTE_MAX_WEIGHT: u64 = 14;

/// Checks lemma instances: the prediction against the reducing solver and, for small
/// positions, against the definition and the plain solver (and against the plain solver
/// for every single-vertex position, which the reducing solver settles by WAK-LOOP).
fn check_instances(ctx: &Context, items: &[Instance]) -> CheckResult {
    par_check_with(
        ctx,
        items,
        || (Solver::new(), Solver::plain()),
        |(solver, plain), inst| {
            let g = &inst.position;
            let value = solver
                .nimber(g)
                .map_err(|e| CheckError::Engine(e.to_string()))?;
            let mut compared = 1;
            let mut judges = vec![("the reducing solver", value)];
            let plain_value = |plain: &mut Solver| {
                plain
                    .nimber(g)
                    .map_err(|e| CheckError::Engine(e.to_string()))
            };
            if g.total_weight() <= BRUTE_MAX_WEIGHT {
                judges.push(("the definition", wak_definition(g)));
                judges.push(("the plain solver", plain_value(plain)?));
                compared += 2;
            } else if g.order() == 1 {
                // The reducing solver settles a single vertex by WAK-LOOP itself (its
                // tiny value): the plain solver, which searches it, judges at every weight.
                judges.push(("the plain solver", plain_value(plain)?));
                compared += 1;
            }
            for (judge, v) in judges {
                if !inst.predicted.holds(v) {
                    return Err(counterexample(
                        g.to_string(),
                        "",
                        format!("value {v} by {judge}"),
                        inst.predicted,
                        format!("the {} prediction", inst.claim),
                    ));
                }
            }
            Ok(compared)
        },
    )
}

/// A lemma claim (`WAK-LOOP`, `WAK-LOOPED-EDGE`, `WAK-LOOPED-EDGE-PLUS-ONE`,
/// `WAK-PATH-LEMMA`) on its weight ranges.
pub fn check_lemma(ctx: &Context, name: &str) -> CheckResult {
    let items = ctx.shard.select(lemma_instances(ctx, name)?);
    check_instances(ctx, &items)
}

/// WAK-DEPTH2-TREE for every `k` with a range in the tier: `G1` and `G2` against the
/// predicted outcome (so `G1 ~ G2`).
pub fn check_depth2(ctx: &Context) -> CheckResult {
    let mut items = Vec::new();
    for k in 1..=3 {
        items.extend(lemma_instances(ctx, &format!("WAK-DEPTH2-TREE:{k}"))?);
    }
    let items = ctx.shard.select(items);
    check_instances(ctx, &items)
}

/// PS-LEMMA: the checker `wak_reduce::ps_lemma::check` verifies (i)-(iii) and the
/// conclusion on the path-lemma family (`S = {c < b + d}`, `P = {a + c even}`) and on the
/// depth-2 trees (`S = {x_i > y_i}`, `P` = the predicted P-positions); the family is cut
/// into chunks checked in parallel (the conditions are local to each position).
pub fn check_ps_lemma(ctx: &Context) -> CheckResult {
    let mut items: Vec<(&'static str, WeightedGraph)> = Vec::new();
    for r in ranges(&ctx.fixtures, LEMMAS, ctx.tier, "PS-LEMMA:path")? {
        items.extend(
            lemmas::path_lemma_family(r.hi)
                .into_iter()
                .map(|g| ("path", g)),
        );
    }
    for k in 1..=2 {
        for r in ranges(
            &ctx.fixtures,
            LEMMAS,
            ctx.tier,
            &format!("PS-LEMMA:depth2-{k}"),
        )? {
            items.extend(
                lemmas::depth2_tree_family(k, r.hi)
                    .into_iter()
                    .map(|g| ("depth2", g)),
            );
        }
    }
    let mut seen = HashSet::new();
    items.retain(|(k, g)| seen.insert((*k, g.clone())));
    let items = ctx.shard.select(items);
    let chunks: Vec<&[(&str, WeightedGraph)]> = items.chunks(64).collect();
    let counts = par_check(ctx, &chunks, |chunk| {
        let mut oracle = WakOracle::default();
        let mut positions = 0u64;
        for kind in ["path", "depth2"] {
            let family: Vec<WeightedGraph> = chunk
                .iter()
                .filter(|(k, _)| *k == kind)
                .map(|(_, g)| g.clone())
                .collect();
            let result = if kind == "path" {
                ps_lemma::check(
                    &mut oracle,
                    family,
                    lemmas::path_lemma_s,
                    lemmas::path_lemma_p,
                )
            } else {
                ps_lemma::check(
                    &mut oracle,
                    family,
                    |g: &WeightedGraph| lemmas::depth2_tree_s(&lemmas::depth2_tree_weights(g).2),
                    |g: &WeightedGraph| {
                        let (a, c, b) = lemmas::depth2_tree_weights(g);
                        lemmas::depth2_tree_is_p(a, c, &b)
                    },
                )
            };
            match result {
                Ok(report) => positions += (report.positions + report.moves) as u64,
                Err(v) => {
                    return Err(counterexample(
                        format!("{kind} family"),
                        "",
                        "(i)-(iii) and the conclusion",
                        v.to_string(),
                        "the PS-lemma checker",
                    ))
                }
            }
        }
        Ok(positions)
    })?;
    Ok(crate::Counts {
        instances: items.len() as u64,
        positions: counts.positions,
    })
}

/// WAK-ROOKS on every board of the tier: the direct rook search against WAK on both
/// rectangle covers (by definition for small positions, by the solver otherwise), and
/// `n mod 2` on the boards without holes.
pub fn check_rooks(ctx: &Context) -> CheckResult {
    let items = ctx.shard.select(boards(&ctx.fixtures, ctx.tier)?);
    par_check_with(ctx, &items, Solver::new, |solver, e| {
        let b = &e.board;
        let direct = b.nimber_direct();
        let mut compared = 0;
        for cover in [Cover::UnitSegments, Cover::MaximalRectangles] {
            let g = b
                .to_wak(cover)
                .map_err(|x| CheckError::Engine(x.to_string()))?;
            let mut values = vec![(
                "the WAK solver",
                solver
                    .nimber(&g)
                    .map_err(|x| CheckError::Engine(x.to_string()))?,
            )];
            if g.total_weight() <= BRUTE_MAX_WEIGHT {
                values.push(("WAK by definition", wak_definition(&g)));
            }
            for (judge, v) in values {
                compared += 1;
                if v != direct {
                    return Err(counterexample(
                        format!("board {b}"),
                        format!("{cover:?} cover: {g}"),
                        direct,
                        v,
                        format!("{judge} against the direct rook search"),
                    ));
                }
            }
        }
        if let Some(claimed) = e.claimed {
            compared += 1;
            if claimed != direct {
                return Err(counterexample(
                    format!("board {b}"),
                    "",
                    direct,
                    claimed,
                    "n mod 2",
                ));
            }
        }
        Ok(compared)
    })
}
