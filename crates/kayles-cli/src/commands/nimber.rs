//! `kayles nimber`: the nimber of each GRAPH, one line each, by the route the library
//! chooses (or through a checkpoint directory).

use crate::flags::{self, choice, MethodFlag, ModuleArgs, SearchFlags};
use crate::output::Output;
use crate::progress;
use anyhow::{bail, Result};
use kayles_core::GameKind;
use kayles_solve::certificates::{next_path, part_path};
use kayles_solve::graphs::{self, Limit};
use kayles_solve::machine::peak_rss_kib;
use kayles_solve::route::{self, Engine, Kept, MemoEvent, Nimbers, Request, Route};
use kayles_solve::scale_out::checkpoint::{self, CHECKPOINT_JOBS};
use kayles_solve::scale_out::run::Watch;
use kayles_solve::{Choice, Spelling};
use serde_json::json;
use std::path::Path;
use std::time::Instant;

#[cfg(feature = "mpi")]
mod mpi;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Graphs: graph6 strings, family specs, or `-` for graph6 lines on stdin.
    #[arg(required = true, value_name = "GRAPH")]
    graphs: Vec<String>,
    /// The game.
    #[arg(long, value_parser = flags::game(), default_value = "node")]
    game: GameKind,
    /// Print search statistics (positions, memo hits, memory; with several threads, each
    /// thread's positions, speculative work and idle time) to stderr; under --json they
    /// are also the result's `stats` object.
    #[arg(long)]
    stats: bool,
    /// The route: `auto` gives 0 without search to a family graph whose half turn is a
    /// mirror strategy (even cycles, P(n,k) for even n, boards with two even sides: the
    /// second player copies, in either game), uses the modular decomposition when a Node
    /// Kayles graph has a non-trivial module, and searches otherwise.
    #[arg(long, value_parser = choice::<Engine>(&[
        "A mirror strategy (0) for a family graph that has one, else the modular decomposition when a Node Kayles graph has a non-trivial module, else search",
        "Single-position search (kayles-core)",
        "Through the modular decomposition tree (kayles-modules)",
    ]), default_value = "auto")]
    engine: Engine,
    #[command(flatten)]
    method: MethodFlag,
    /// Search layers to switch off (an independent route for checking results).
    #[command(flatten)]
    search: SearchFlags,
    /// Each GRAPH is a base graph whose vertices are replaced by modules.
    #[command(flatten)]
    modules: ModuleArgs,
    /// Split the search into jobs kept in DIR, answer them on every core and join them
    /// (one GRAPH): a killed run, started again, resumes from its finished jobs.
    #[arg(long, value_name = "DIR")]
    checkpoint: Option<std::path::PathBuf>,
    /// With --checkpoint: split to the least depth that gives at least N jobs.
    #[arg(long, value_name = "N", requires = "checkpoint")]
    checkpoint_jobs: Option<usize>,
    /// Write a certificate of the value to FILE (one GRAPH, search route, Node or Arc
    /// Kayles), zstd-compressed, for the independent checker `kayles-check GRAPH FILE`
    /// (docs/certificates.md); it is written to FILE.part and renamed when whole. With
    /// --memo-file the search and the proof keep their memo in that file (and in Arc
    /// Kayles the search's winning moves, the proof's first witnesses, in MEMO.wins
    /// beside it). Under mpirun
    /// (any --threads; the outcome method): each rank writes its part,
    /// FILE.rank-K-of-N.log, and rank 0 merges them (or names the `kayles
    /// merge-certificate` command that does); with --memo-file, a killed run started
    /// again with the same command and ranks goes on with its parts.
    #[arg(long, value_name = "FILE", conflicts_with = "checkpoint")]
    certificate: Option<std::path::PathBuf>,
    /// With --certificate: write the certificate from the search's own proof tree, streamed
    /// to FILE.part.log while the search runs (by every thread, into one log), instead of
    /// asking the memo after the search (docs/certificates.md, "Written by the search";
    /// the outcome method; not resumable).
    #[arg(long, requires = "certificate")]
    proof_from_search: bool,
    /// Keep the search's memo in FILE (one GRAPH, search route): loaded at the start when
    /// FILE exists (it must be the memo of this graph, game and memo key), saved while the
    /// search runs (see --memo-save-seconds) and at the end, so that a killed run, started
    /// again with the same command, resumes from its last save (docs/scale-out.md).
    /// Ctrl-C (or SIGTERM) saves the memo, then stops. With --certificate the memo is
    /// kept while the proof is written too.
    #[arg(long, value_name = "FILE", conflicts_with = "checkpoint")]
    memo_file: Option<std::path::PathBuf>,
    /// With --memo-file: save the memo every this many seconds.
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = kayles_solve::memo_file::SAVE_SECONDS,
        requires = "memo_file"
    )]
    memo_save_seconds: u64,
    /// Sleep this many milliseconds after each checkpoint job (for tests).
    #[arg(long, value_name = "MS", default_value_t = 0, hide = true)]
    throttle_ms: u64,
}

pub fn run(args: &Args, out: &mut Output) -> Result<()> {
    // Under mpirun or srun with several ranks: one search spread over them.
    #[cfg(feature = "mpi")]
    if let Some(done) = mpi::run(args, out)? {
        return Ok(done);
    }
    let spec = args.modules.spec_for(args.game)?;
    if let Some(dir) = &args.checkpoint {
        return checkpoint(args, dir, spec.is_some(), out);
    }
    let one_search = spec.is_none() && args.graphs.len() == 1 && args.graphs[0] != "-";
    for (flag, given) in [
        ("--certificate", args.certificate.is_some()),
        ("--memo-file", args.memo_file.is_some()),
    ] {
        if given && !one_search {
            bail!("{flag} takes one GRAPH (not -) and no --blowup or --module");
        }
    }
    let kept = Kept {
        certificate: args.certificate.as_deref(),
        memo_file: args.memo_file.as_deref(),
        memo_save: route::memo_save_every(args.memo_save_seconds, Spelling::CommandLine)?,
    };
    let mut nimbers = Nimbers::new(Request {
        game: args.game,
        engine: args.engine,
        search: args.search.options_with(&args.method),
    });
    nimbers.set_proof_from_search(args.proof_from_search)?;
    let limit = match spec {
        // The base graph of modules.
        Some(_) => Limit::GRAPH,
        None => route::graph_limit(
            args.engine,
            args.certificate.is_some() || args.checkpoint.is_some() || args.memo_file.is_some(),
        ),
    };
    graphs::for_each_graph_within(&args.graphs, &limit, |named| {
        let start = Instant::now();
        let g = &named.graph;
        let route = match spec {
            Some(_) => Route::Modules,
            None => nimbers.route_kept(&named, &kept),
        };
        let (value, route) = match &spec {
            Some(spec) => (args.modules.nimber(spec, g)?, Route::Modules),
            None if route == Route::Search => {
                let watch = nimbers.solver().progress();
                // Once the search has its value the proof is written: its bytes so far.
                // (A run that goes on from a saved proof writes to the `.part.next`
                // file until its first save.)
                // (Beside the file a link names: where the certificate is written.)
                let files = match &args.certificate {
                    Some(path) => {
                        let target =
                            kayles_solve::output_file::resolve(path).unwrap_or(path.clone());
                        vec![part_path(&target), next_path(&target)]
                    }
                    None => Vec::new(),
                };
                let written = || {
                    let bytes = files
                        .iter()
                        .filter_map(|f| Some(std::fs::metadata(f).ok()?.len()))
                        .max()?;
                    (bytes > 0)
                        .then(|| format!("certificate: {:.1} MB written", bytes as f64 / 1e6))
                };
                let answer =
                    progress::with_search_progress_and(watch, &named.name, written, || {
                        // With --memo-file, Ctrl-C and SIGTERM save the memo, then stop.
                        let interrupt = args.memo_file.is_some().then(crate::interrupt::catch);
                        let report = |event| {
                            if let Some(path) = &args.memo_file {
                                report_memo_event(path, event);
                            }
                        };
                        nimbers.nimber_kept_by(&named, &kept, route, interrupt, &report)
                    })?;
                if let (Some(path), Some(summary)) = (&args.certificate, &answer.certificate) {
                    eprintln!("{}: certificate {}: {summary}", named.name, path.display());
                    if args.stats {
                        if let Some(w) = summary.witnesses {
                            eprintln!("{}: certificate witnesses: {w:?}", named.name);
                        }
                        if let Some(t) = summary.wins {
                            eprintln!("{}: the search's winning moves: {t:?}", named.name);
                        }
                    }
                }
                (answer.value, answer.route)
            }
            None => {
                let answer = nimbers.nimber_kept_by(&named, &kept, route, None, &|_| {})?;
                (answer.value, answer.route)
            }
        };
        let seconds = start.elapsed().as_secs_f64();
        let mut stats = None;
        if args.stats && route == Route::Search {
            let solver = nimbers.solver();
            let limit = solver.config().memo_limit_bytes;
            let counters = solver.stats();
            let line = progress::stats_line(&named.name, seconds, &counters, limit);
            eprintln!("{line}");
            stats = Some(progress::stats_json(&counters, limit));
        } else if args.stats {
            eprintln!(
                "{}: {seconds:.3} s through the {} route",
                named.name,
                route.name()
            );
        }
        let mut result = result_json(&named, args.game, route, value, seconds);
        // Under --json, --stats adds its counters to the result (stderr keeps its line).
        if let Some(stats) = stats {
            result["stats"] = stats;
        }
        out.result(|| value.to_string(), result)
    })
}

/// One line on standard error for each load and save of `--memo-file`.
/// The `--json` object of one graph's nimber, the same on every route (one process or
/// MPI ranks).
fn result_json(
    named: &graphs::Named,
    game: GameKind,
    route: Route,
    value: u32,
    seconds: f64,
) -> serde_json::Value {
    json!({
        "graph": named.name,
        "order": named.graph.order(),
        "size": named.graph.size(),
        "game": game.name(),
        "route": route.name(),
        "nimber": value,
        "seconds": seconds,
        "peak_rss_kib": peak_rss_kib(),
    })
}

fn report_memo_event(path: &Path, event: MemoEvent) {
    let path = path.display();
    match event {
        MemoEvent::Loaded(entries) => eprintln!("memo file {path}: loaded {entries} entries"),
        MemoEvent::NoFile => eprintln!("memo file {path}: none yet, the search starts afresh"),
        MemoEvent::Saved(saved) => eprintln!(
            "memo file {path}: saved {} entries ({:.1} MB)",
            saved.entries,
            saved.bytes as f64 / 1e6
        ),
        MemoEvent::SaveFailed(why) => eprintln!("memo file {path}: not saved: {why}"),
        MemoEvent::WinsLoaded(moves) => {
            eprintln!("memo file {path}: loaded {moves} of the search's winning moves")
        }
        MemoEvent::WinsIgnored(why) => {
            eprintln!("memo file {path}: the search's winning moves not loaded (the proof goes on without them): {why}")
        }
        MemoEvent::WinsSaved(saved) => eprintln!(
            "memo file {path}: saved {} of the search's winning moves ({:.1} MB)",
            saved.entries,
            saved.bytes as f64 / 1e6
        ),
    }
}

/// `--checkpoint DIR`: one graph through split, run and join.
fn checkpoint(args: &Args, dir: &Path, modules: bool, out: &mut Output) -> Result<()> {
    if modules {
        bail!("--checkpoint does not combine with --blowup or --module");
    }
    let [graph] = args.graphs.as_slice() else {
        bail!("--checkpoint takes one GRAPH");
    };
    let start = Instant::now();
    let named = kayles_solve::scale_out::split::graph(graph)?;
    let request = checkpoint::Request {
        game: args.game,
        min_jobs: args.checkpoint_jobs.unwrap_or(CHECKPOINT_JOBS),
        search: args.search.options_with(&args.method),
        throttle_ms: args.throttle_ms,
    };
    let bar = progress::JobsBar::new();
    let watch = Watch {
        progress: &bar,
        stop: None,
    };
    let done = checkpoint::nimber(&named, dir, &request, &watch)?;
    if args.stats {
        eprintln!(
            "{graph}: checkpoint {}: depth {}, {} jobs, {} answered earlier, {} answered \
             now; split {:.2} s, run {:.2} s, join {:.2} s",
            dir.display(),
            done.depth,
            done.jobs,
            done.ran.earlier,
            done.ran.now,
            done.split_seconds,
            done.run_seconds,
            done.join_seconds
        );
    }
    out.result(
        || done.value.to_string(),
        json!({
            "graph": graph,
            "game": args.game.name(),
            "route": Route::Checkpoint.name(),
            "nimber": done.value,
            "seconds": start.elapsed().as_secs_f64(),
            "peak_rss_kib": peak_rss_kib(),
        }),
    )
}
