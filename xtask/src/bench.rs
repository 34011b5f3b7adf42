//! The benchmarks. Each case runs in a child process of its own (so that its peak resident
//! memory, `VmHWM`, is its own) several times; the median is reported beside the baseline
//! measured in the same run.
//!
//! - **table**: the full subset table of `grid:4x6` and of a fixed random 26-vertex graph;
//!   baseline = the plain single-threaded loop over `u64` masks written out below; then
//!   `kayles-core` on one thread and on all threads.
//! - **search**: single-position search on the budget cases (`SEARCH_CASES`, each with its
//!   budget in seconds; docs/performance.md, "The budgets"); and
//!   on the sequence families, the host-symmetry memo key beside the canonical one
//!   (the default, the baseline).
//! - **modules**: histograms of blown-up graphs through the quotient, and nimbers through
//!   the modular decomposition, each beside plain search on the same graph.
//! - **wak**: Weighted Arc-Kayles with reductions, beside the same solver without them.
//! - **chains**: the A316629 b-file (110949 terms) from the recurrence `kayles-chains`
//!   derives from `fixtures/chains/linked-c4.toml`, beside the hand-corrected recurrence of
//!   `kayles-sequences` (the baseline; both use the same kernel).
//! - **engine**: the `kayles` command itself (release build) on the engine cases (each
//!   with its target ratio to C; docs/performance.md, "The budgets"),
//!   Node Kayles and Arc Kayles on 1 and 2 threads, beside the plain C solver
//!   `../shared/baselines/nk.c` built with `cc -O3 -march=native` in the same run (Arc
//!   Kayles: the C solver on the line graph). A checkout without `../shared` skips the C
//!   column and says so. `--compare PATH` adds a column for another `kayles` binary (an
//!   older build), run on the same cases.
//! - **outcome**: the outcome search on its cases (queens 12 to 15, grid 3x24, Cram 3x14
//!   and 3x20, grid 3x28, P(39,2), grid 3x21 and P(27,2)), beside
//!   queens-nimbers, `nko.c` or the mex route in the same run; runs stop at `--cap SECONDS`
//!   (default 600) and are reported as stopped. `--only SPEC` (repeatable) runs only the
//!   cases of that spec, e.g. `--only queens:14`; queens 16 (minutes a run on each side)
//!   runs only when named so: `--only queens:16 --cap 1800`.
//! - **threads**: `kayles nimber` on one and on two threads per family (module
//!   `bench_threads`), alternated, with the ratio and the speculative and idle shares
//!   of `--stats`; `--only SPEC` picks rows.
//! - **cram** (only when named, not in `all`): Cram boards of three to six rows on one
//!   thread beside igsolve built from `../shared/baselines` in the same run (module
//!   `bench_cram`); `--only grid:5x8` picks boards, `--cap` stops long runs.
//! - **certificates** (only when named): `kayles nimber --threads 1` alone and with a
//!   certificate written both ways, `kayles-check` on each, and their sizes (module
//!   `bench_certificates`).

use crate::bench_engine::{median_of, Sample};
use anyhow::{bail, Context, Result};
use kayles_core::node::Solver;
use kayles_core::table::SubsetTable;
use kayles_core::{families, Graph};
use std::path::Path;
use std::process::Command;
use std::time::Instant;

/// `shuffled:` relabels the grid randomly: the same graph with a wide vertex order, to show
/// what a small-bandwidth order is worth to the table.
const TABLE_CASES: &[&str] = &["grid:4x6", "shuffled:grid:4x6", "random:26"];
const SEARCH_CASES: &[(&str, f64)] = &[
    ("grid:3x14", 1.0),
    ("grid:3x18", 10.0),
    ("petersen:21,2", 5.0),
    ("queens:10", 10.0),
    ("linked-c4:300", 10.0),
];
/// Family graphs with a host symmetry: the symmetry key against the canonical key.
const SYMMETRY_CASES: &[&str] = &["grid:3x20", "petersen:28,2", "queens:10"];

/// A fixed random graph: `n` vertices, each edge present with probability 1/4 (xorshift,
/// fixed seed, so every run benchmarks the same graph).
fn random_graph(n: usize) -> Graph {
    let mut g = Graph::new(n);
    let mut x = 0x2545_f491_4f6c_dd1du64;
    for u in 0..n {
        for v in u + 1..n {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            if x.is_multiple_of(4) {
                g.add_edge(u, v);
            }
        }
    }
    g
}

fn graph(case: &str) -> Result<Graph> {
    if let Some(n) = case.strip_prefix("random:") {
        return Ok(random_graph(n.parse()?));
    }
    if let Some(inner) = case.strip_prefix("shuffled:") {
        let g = graph(inner)?;
        let n = g.order();
        let mut perm: Vec<usize> = (0..n).collect();
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for i in (1..n).rev() {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            perm.swap(i, (x % (i as u64 + 1)) as usize);
        }
        return Ok(g.relabel(&perm));
    }
    Ok(families::build(case)?)
}

/// The baseline: the plain loop, nothing else.
fn plain_table(closed: &[u64], n: usize) -> Vec<u8> {
    let mut t = vec![0u8; 1 << n];
    kayles_core::table::fill_sequential(closed, &mut t);
    t
}

fn peak_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1).and_then(|v| v.parse().ok()))
        })
        .unwrap_or(0)
}

/// Runs one measurement in this process and prints `seconds peak_kib result`.
pub fn run_one(args: &[String]) -> Result<()> {
    let [kind, case] = args else {
        bail!("bench-one KIND CASE")
    };
    if !kind.starts_with("table") && !kind.starts_with("search") {
        return run_other(kind, case);
    }
    let g = graph(case)?;
    let start = Instant::now();
    let result = match kind.as_str() {
        "table-baseline" => {
            let closed = g.closed_neighbourhoods::<u64>();
            let t = plain_table(&closed, g.order());
            u64::from(t[t.len() - 1])
        }
        "table-1" => {
            let t = rayon::ThreadPoolBuilder::new()
                .num_threads(1)
                .build()?
                .install(|| SubsetTable::compute(&g))?;
            u64::from(t.nimber((1 << g.order()) - 1))
        }
        "table-all" => {
            let t = SubsetTable::compute(&g)?;
            u64::from(t.nimber((1 << g.order()) - 1))
        }
        "search" => u64::from(Solver::new().nimber(&g)?),
        "search-1-thread" => {
            let config = kayles_core::engine::SearchConfig {
                threads: 1,
                ..Default::default()
            };
            u64::from(Solver::with_config(config).nimber(&g)?)
        }
        "search-symmetry" => {
            let config = kayles_core::engine::SearchConfig {
                memo_key: kayles_core::engine::MemoKey::Symmetry,
                canonical_max_order: 0,
                ..Default::default()
            };
            let mut solver = Solver::with_config(config);
            let symmetry = families::host_symmetry(case)?;
            if symmetry.is_none() {
                bail!("{case} has no host symmetry");
            }
            solver.set_host_symmetry(symmetry);
            u64::from(solver.nimber(&g)?)
        }
        other => bail!("unknown benchmark kind {other}"),
    };
    let seconds = start.elapsed().as_secs_f64();
    println!("{seconds} {} {result}", peak_kib());
    Ok(())
}

/// The graph of a modules case: `cograph:N`, `width8:N` (random, fixed seeds).
fn module_graph(case: &str) -> Result<Graph> {
    use kayles_modules::generators::{random_cograph, random_modular_width_graph};
    if let Some(n) = case.strip_prefix("cograph:") {
        return Ok(random_cograph(n.parse()?, 2026));
    }
    if let Some(n) = case.strip_prefix("width8:") {
        return Ok(random_modular_width_graph(n.parse()?, 8, 2026));
    }
    graph(case)
}

/// The modules and wak kinds (their cases are not plain graphs). Inputs are built before
/// the clock starts.
fn run_other(kind: &str, case: &str) -> Result<()> {
    use wak_reduce::bench::{depth2_tree_sample, heavy_star};
    type Job = Box<dyn FnOnce() -> Result<u64>>;
    let job: Job = match kind {
        "clique-histogram" | "independent-histogram" => {
            let base = graph(case)?;
            let sizes = vec![5; base.order()];
            let clique = kind == "clique-histogram";
            Box::new(move || {
                let hist = if clique {
                    kayles_modules::clique_histogram(&base, &sizes)?
                } else {
                    kayles_modules::independent_histogram(&base, &sizes)?
                };
                Ok(u64::try_from(hist[0] % (1 << 60))?)
            })
        }
        "modules" => {
            let g = module_graph(case)?;
            Box::new(move || Ok(u64::from(kayles_modules::nimber(&g)?)))
        }
        "modules-search" => {
            let g = module_graph(case)?;
            Box::new(move || Ok(u64::from(Solver::new().nimber(&g)?)))
        }
        "chain-bfile" | "hand-bfile" => {
            // A316629 to n = case: the recurrence derived from the chain file, or the
            // hand-corrected one of kayles-sequences (the baseline), the same kernel.
            let n: usize = case.parse()?;
            let chain = kayles_chains::spec::parse(&std::fs::read_to_string(
                Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/chains/linked-c4.toml"),
            )?)?;
            let derived = kind == "chain-bfile";
            Box::new(move || {
                let a = if derived {
                    let rec = kayles_chains::derive::derive(&chain, kayles_core::GameKind::Node)?;
                    kayles_chains::eval::terms(&rec, n).values.swap_remove(0)
                } else {
                    kayles_sequences::linked_c4::terms(n).a
                };
                Ok(a.iter()
                    .fold(0u64, |h, &v| h.wrapping_mul(31).wrapping_add(u64::from(v))))
            })
        }
        "wak-star" => {
            let star = heavy_star();
            Box::new(move || Ok(u64::from(wak_reduce::Solver::new().nimber(&star)?)))
        }
        "wak-depth2" | "wak-depth2-plain" => {
            let positions = depth2_tree_sample(3, case.parse()?, 20, 0x5eed);
            let plain = kind == "wak-depth2-plain";
            Box::new(move || {
                let mut solver = if plain {
                    wak_reduce::Solver::plain()
                } else {
                    wak_reduce::Solver::new()
                };
                let mut digest = 0u64;
                for position in &positions {
                    digest = digest.wrapping_mul(31) + u64::from(solver.nimber(position)?);
                }
                if std::env::var_os("KAYLES_BENCH_STATS").is_some() {
                    eprintln!("{:?}", solver.search_stats());
                }
                Ok(digest)
            })
        }
        other => bail!("unknown benchmark kind {other}"),
    };
    let start = Instant::now();
    let result = job()?;
    let seconds = start.elapsed().as_secs_f64();
    println!("{seconds} {} {result}", peak_kib());
    Ok(())
}

fn measure(kind: &str, case: &str) -> Result<Sample> {
    let out = Command::new(std::env::current_exe()?)
        .args(["bench-one", kind, case])
        .output()
        .context("running a benchmark child")?;
    if !out.status.success() {
        bail!("{kind} {case}: {}", String::from_utf8_lossy(&out.stderr));
    }
    let text = String::from_utf8(out.stdout)?;
    let f: Vec<&str> = text.split_whitespace().collect();
    Ok(Sample {
        seconds: f[0].parse()?,
        peak_kib: f[1].parse()?,
        result: f[2].parse()?,
    })
}

fn median(kind: &str, case: &str, runs: usize) -> Result<Sample> {
    median_of(&format!("{kind} {case}"), runs, || measure(kind, case))
}

fn machine() -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .map(|l| l.split(':').nth(1).unwrap_or("").trim().to_string())
        })
        .unwrap_or_else(|| "unknown cpu".into());
    let load = crate::bench_engine::load_average();
    format!(
        "{cpu}, {} threads, load average {load} at start",
        rayon::current_num_threads()
    )
}

pub fn run(args: &[String]) -> Result<()> {
    let mut which = "all";
    let mut runs = 5usize;
    let mut compare: Option<String> = None;
    let mut cap = 600.0f64;
    let mut only: Vec<String> = Vec::new();
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--runs" => {
                runs = args.get(i + 1).context("--runs N")?.parse()?;
                i += 1;
            }
            "--cap" => {
                cap = args.get(i + 1).context("--cap SECONDS")?.parse()?;
                i += 1;
            }
            "--only" => {
                only.push(args.get(i + 1).context("--only SPEC")?.clone());
                i += 1;
            }
            "--compare" => {
                compare = Some(args.get(i + 1).context("--compare PATH")?.clone());
                i += 1;
            }
            w @ ("table" | "search" | "modules" | "wak" | "chains" | "engine" | "outcome"
            | "threads" | "cram" | "scale" | "certificates" | "all") => which = w,
            other => bail!("unknown argument {other}"),
        }
        i += 1;
    }
    println!("machine: {}", machine());
    if which == "all" || which == "table" {
        println!("\n## Full subset table (median of {runs}, seconds; peak memory)\n");
        println!(
            "| case | baseline loop | core, 1 thread | ratio | core, all threads | speed-up |"
        );
        println!("|---|---|---|---|---|---|");
        for case in TABLE_CASES {
            let base = median("table-baseline", case, runs)?;
            let one = median("table-1", case, runs)?;
            let all = median("table-all", case, runs)?;
            if base.result != one.result || base.result != all.result {
                bail!("{case}: table engines disagree with the baseline");
            }
            println!(
                "| {case} | {:.3} ({} MiB) | {:.3} | {:.2}x | {:.3} | {:.2}x |",
                base.seconds,
                base.peak_kib / 1024,
                one.seconds,
                one.seconds / base.seconds,
                all.seconds,
                base.seconds / all.seconds
            );
        }
    }
    if which == "all" || which == "modules" {
        let runs = runs.min(3);
        println!("\n## Modules (median of {runs}; the same graph by plain search beside)\n");
        println!("| case | route | seconds | peak memory | baseline | baseline seconds |");
        println!("|---|---|---|---|---|---|");
        for (kind, case, base_kind) in [
            ("clique-histogram", "grid:3x4", None),
            ("independent-histogram", "grid:3x4", None),
            ("modules", "cograph:2000", Some("modules-search")),
            ("modules", "width8:500", Some("modules-search")),
        ] {
            let s = median(kind, case, runs)?;
            let base = match base_kind {
                Some(b) => {
                    let t = median(b, case, runs)?;
                    if t.result != s.result {
                        bail!("{case}: {kind} and {b} disagree");
                    }
                    format!("{b} | {:.3}", t.seconds)
                }
                None => "- | -".to_string(),
            };
            let label = if kind.ends_with("histogram") {
                format!("{case}, every module of size 5 (60 vertices)")
            } else {
                case.to_string()
            };
            println!(
                "| {label} | {kind} | {:.4} | {:.1} MiB | {base} |",
                s.seconds,
                s.peak_kib as f64 / 1024.0
            );
        }
    }
    if which == "all" || which == "wak" {
        let runs = runs.min(3);
        println!("\n## Weighted Arc-Kayles (median of {runs})\n");
        println!("| case | with reductions | without (Solver::plain) | speed-up |");
        println!("|---|---|---|---|");
        let star = median("wak-star", "-", runs)?;
        println!(
            "| star, centre 10^9, ten leaves 1..5 | {:.6} s | - | - |",
            star.seconds
        );
        for max in ["6", "8"] {
            let with = median("wak-depth2", max, runs)?;
            let without = median("wak-depth2-plain", max, runs)?;
            if with.result != without.result {
                bail!("depth-2 trees up to {max}: reductions change the values");
            }
            println!(
                "| 20 depth-2 trees, k = 3, weights <= {max} | {:.4} s | {:.4} s | {:.1}x |",
                with.seconds,
                without.seconds,
                without.seconds / with.seconds
            );
        }
        let twelve = median("wak-depth2", "12", runs)?;
        println!(
            "| 20 depth-2 trees, k = 3, weights <= 12 | {:.3} s ({:.1} positions/s) | not run \
             (minutes) | - |",
            twelve.seconds,
            20.0 / twelve.seconds
        );
    }
    if which == "all" || which == "chains" {
        let runs = runs.min(3);
        println!("\n## Chains: the A316629 b-file (median of {runs}, one thread)\n");
        println!("| terms | derived from linked-c4.toml | hand recurrence (baseline) | ratio | peak memory |");
        println!("|---|---|---|---|---|");
        let n = "110949";
        let derived = median("chain-bfile", n, runs)?;
        let hand = median("hand-bfile", n, runs)?;
        if derived.result != hand.result {
            bail!("the derived and the hand A316629 recurrences disagree");
        }
        println!(
            "| {n} | {:.2} s | {:.2} s | {:.2}x | {:.1} MiB |",
            derived.seconds,
            hand.seconds,
            derived.seconds / hand.seconds,
            derived.peak_kib as f64 / 1024.0
        );
    }
    if which == "all" || which == "engine" {
        crate::bench_engine::run(runs.min(3), compare.as_deref())?;
    }
    if which == "all" || which == "outcome" {
        crate::bench_outcome::run(runs.min(3), cap, &only)?;
    }
    // Not in "all": its boards of five and six rows run for many minutes.
    if which == "cram" {
        crate::bench_cram::run(runs.min(3), cap, &only)?;
    }
    if which == "all" || which == "threads" {
        crate::bench_threads::run(runs.min(3), &only)?;
    }
    // Not in "all": queens 13's certificate takes minutes a run.
    if which == "certificates" {
        crate::bench_certificates::run(runs.min(3), cap, &only)?;
    }
    // Not in "all": a build with the feature mpi, and minutes of mpirun runs.
    if which == "scale" {
        crate::bench_scale::run(runs.min(3), &only)?;
    }
    if which == "all" || which == "search" {
        let runs = runs.min(3);
        println!("\n## Single-position search (median of {runs}; budget; peak memory)\n");
        println!("| case | nimber | 1 thread | all threads | budget | peak memory |");
        println!("|---|---|---|---|---|---|");
        for (case, budget) in SEARCH_CASES {
            let one = median("search-1-thread", case, runs)?;
            let s = median("search", case, runs)?;
            if one.result != s.result {
                bail!("{case}: one and all threads disagree");
            }
            println!(
                "| {case} | {} | {:.3} | {:.3} | {budget} s{} | {:.1} MiB |",
                s.result,
                one.seconds,
                s.seconds,
                if s.seconds > *budget { " (over)" } else { "" },
                s.peak_kib as f64 / 1024.0
            );
        }
        println!(
            "\n## Memo keys on the sequence families (median of {runs}; all threads; \
             baseline = the canonical key, the default)\n"
        );
        println!("| case | nimber | canonical key | symmetry key | speed-up | peak memory |");
        println!("|---|---|---|---|---|---|");
        for case in SYMMETRY_CASES {
            let base = median("search", case, runs)?;
            let s = median("search-symmetry", case, runs)?;
            if base.result != s.result {
                bail!("{case}: the symmetry key changes the value");
            }
            println!(
                "| {case} | {} | {:.3} s | {:.3} s | {:.2}x | {:.1} -> {:.1} MiB |",
                s.result,
                base.seconds,
                s.seconds,
                base.seconds / s.seconds,
                base.peak_kib as f64 / 1024.0,
                s.peak_kib as f64 / 1024.0
            );
        }
    }
    Ok(())
}
