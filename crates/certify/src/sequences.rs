//! SEQ-A316629 and SEQ-LINKED-C4-ALT (docs/claims/README.md section 3): the corrected recurrence of
//! `kayles-sequences` against direct Node Kayles search on the graphs, term by term.

use crate::check::{counterexample, par_check, par_check_with, CheckError, CheckResult, Context};
use crate::fixtures::ranges;
use kayles_core::{engine::SearchConfig, node::Solver};
use kayles_core::{families, Graph};

const RANGES: &str = "sequences/ranges.txt";

/// The `n` of the tier for `claim`, ascending, without repeats.
fn terms(ctx: &Context, claim: &str) -> Result<Vec<u64>, CheckError> {
    let mut ns: Vec<u64> = ranges(&ctx.fixtures, RANGES, ctx.tier, claim)?
        .iter()
        .flat_map(|r| r.lo..=r.hi)
        .collect();
    ns.sort_unstable();
    ns.dedup();
    Ok(ns)
}

/// A single-threaded solver (the instances already run in parallel).
fn single_thread_solver() -> Solver {
    Solver::with_config(SearchConfig {
        threads: 1,
        ..SearchConfig::default()
    })
}

/// Direct search on a fresh single-threaded solver.
pub fn search(g: &Graph) -> Result<u32, CheckError> {
    single_thread_solver()
        .nimber(g)
        .map_err(|e| CheckError::Engine(e.to_string()))
}

/// SEQ-A316629: `a(n)`, `b(n)`, `c(n)` of the corrected recurrence
/// (`kayles_sequences::linked_c4::terms`) equal direct search on `linked-c4:n`,
/// `linked-c4-b:n`, `linked-c4-c:n`; and `a(1..12)` are the published first terms.
pub fn check_a316629(ctx: &Context) -> CheckResult {
    let ns = ctx.shard.select(terms(ctx, "SEQ-A316629")?);
    let n_max = ns.iter().copied().max().unwrap_or(1) as usize;
    let rec = kayles_sequences::linked_c4::terms(n_max.max(12));
    let first = [0u16, 1, 3, 4, 2, 3, 1, 2, 0, 4, 6, 5];
    // One solver per family and thread: a thread's consecutive n share their memo, as
    // consecutive terms of a family share most of their pieces.
    let solvers = || -> [Solver; 3] { std::array::from_fn(|_| single_thread_solver()) };
    par_check_with(ctx, &ns, solvers, |solvers, &n| {
        let n = n as usize;
        for (solver, (family, values)) in solvers.iter_mut().zip([
            ("linked-c4", &rec.a),
            ("linked-c4-b", &rec.b),
            ("linked-c4-c", &rec.c),
        ]) {
            let spec = families::term_spec(family, n);
            let g = families::build(&spec).map_err(|e| CheckError::Engine(e.to_string()))?;
            let direct = solver
                .nimber(&g)
                .map_err(|e| CheckError::Engine(e.to_string()))?;
            if direct != u32::from(values[n]) {
                return Err(counterexample(
                    format!("{spec} ({})", kayles_core::graph6::write(&g)),
                    "",
                    direct,
                    values[n],
                    "the corrected recurrence against direct search",
                ));
            }
        }
        if (1..=12).contains(&n) && rec.a[n] != first[n - 1] {
            return Err(counterexample(
                format!("a({n})"),
                "",
                first[n - 1],
                rec.a[n],
                "the published first terms of A316629",
            ));
        }
        Ok(3)
    })
}

/// SEQ-LINKED-C4-ALT: the other linking (`u_i v_i`, `u_i w_i`, `v_i u_{i+1}`,
/// `w_i u_{i+1}`, nothing else: `kayles_sequences::alt::without_path`, as OEIS A316629
/// states it) has nimber 0 for odd `n` and 1 for even `n`, by direct search.
///
/// The reading *with* the `u`-path (`linked-c4-alt:n` of `kayles_core`) is false
/// (`n = 1` gives 2); docs/claims/sequences.md records its values.
pub fn check_alt(ctx: &Context) -> CheckResult {
    let ns = ctx.shard.select(terms(ctx, "SEQ-LINKED-C4-ALT")?);
    par_check(ctx, &ns, |&n| {
        let n = n as usize;
        let claimed = u32::from(n % 2 == 0);
        let g = kayles_sequences::alt::without_path(n);
        let direct = search(&g)?;
        if direct != claimed {
            return Err(counterexample(
                format!(
                    "linked-c4-alt:{n} without the u-path ({})",
                    kayles_core::graph6::write(&g)
                ),
                "",
                direct,
                claimed,
                "n odd -> 0, n even -> 1",
            ));
        }
        Ok(1)
    })
}
