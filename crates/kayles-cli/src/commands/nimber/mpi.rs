//! `kayles nimber` under `mpirun` or `srun` (built with the feature `mpi`): one search per
//! graph spread over the run's ranks (`kayles_mpi`), each rank with `--threads` of its
//! own; rank 0 prints exactly what one process prints, and the others print nothing. A
//! process started without a launcher, or as the only rank, takes the one-process route.

use super::Args;
use crate::output::Output;
use crate::progress;
use anyhow::{bail, Context, Result};
use kayles_core::engine::SearchError;
use kayles_mpi::mpi_transport::Mpi;
use kayles_mpi::{Counters, Node, Options, Report};
use kayles_solve::graphs::{self, Limit, Named};
use kayles_solve::rank_parts::{self, PartHeader, PartWriter};
use kayles_solve::route::{self, Kept, MemoEvent, Nimbers, Request, Route};
use kayles_solve::Choice;
use kayles_solve::Spelling;
use std::path::Path;
use std::time::{Duration, Instant};

/// Variables a launcher sets in each process it starts (Open MPI's `mpirun`, PMI and
/// PMIx launchers such as Slurm's `srun` and MPICH's `mpiexec`).
const LAUNCHED: [&str; 4] = [
    "OMPI_COMM_WORLD_SIZE",
    "PMI_SIZE",
    "PMIX_RANK",
    "MPI_LOCALNRANKS",
];

/// Runs `kayles nimber` as one rank of several; None (nothing done) when this process was
/// not started by a launcher with more than one rank.
pub(super) fn run(args: &Args, out: &mut Output) -> Result<Option<()>> {
    if !LAUNCHED.iter().any(|v| std::env::var_os(v).is_some()) {
        return Ok(None);
    }
    let Some(mpi) = Mpi::initialize() else {
        bail!("MPI could not be initialized with threads (MPI_THREAD_SERIALIZED)");
    };
    if mpi.size() < 2 {
        // A launcher that started several processes, each of which MPI sees alone (a
        // build against another MPI library than the launcher's): each would search the
        // whole graph and print it.
        if let Some(n) = implied_size().filter(|&n| n > 1) {
            bail!(
                "started as one of {n} processes, but MPI sees this one alone: kayles was \
                 built against another MPI library than the launcher's (rebuild it with \
                 the cluster's MPI, or run one process)"
            );
        }
        return Ok(None);
    }
    let result = ranks(args, out, &mpi);
    if let Err(e) = &result {
        if mpi.rank() == 0 {
            // The other ranks may be waiting in a search: end the run.
            eprintln!("kayles: error: {e:#}");
            mpi.abort(2);
        }
        // Another rank neither finishes MPI nor leaves while rank 0 may be ending the run:
        // a rank that left while rank 0 aborted made `mpirun` hang or crash in about one
        // run in eight (docs/scale-out.md). The errors that reach here (the command's and
        // the memo files' checks, before any search) are met by every rank alike, and rank
        // 0's abort ends this one within the grace; one of this rank alone (its own files
        // on another machine) is said here once the grace is over, and ends the run.
        std::thread::sleep(ABORT_GRACE);
        speak(&format!("kayles: error: rank {}: {e:#}", mpi.rank()));
        mpi.abort(2);
    }
    result.map(Some)
}

/// How long a rank other than 0 that met an error waits for rank 0's abort before it says
/// the error itself and ends the run.
const ABORT_GRACE: Duration = Duration::from_secs(10);

/// The number of processes the launcher says it started (Open MPI's and PMI's
/// variables), if it says.
fn implied_size() -> Option<usize> {
    ["OMPI_COMM_WORLD_SIZE", "PMI_SIZE"]
        .iter()
        .find_map(|v| std::env::var(v).ok()?.trim().parse().ok())
}

fn ranks(args: &Args, out: &mut Output, mpi: &Mpi) -> Result<()> {
    let rank = mpi.rank();
    let size = mpi.size();
    // (`KAYLES_MPI_PROFILE`: every rank writes its profile, docs/scale-out.md.)
    if rank != 0 && std::env::var_os("KAYLES_MPI_PROFILE").is_none() {
        quiet(rank);
    }
    for (flag, given) in [
        ("--checkpoint", args.checkpoint.is_some()),
        (
            "a GRAPH of - (standard input)",
            args.graphs.iter().any(|g| g == "-"),
        ),
    ] {
        if given {
            bail!("{flag} is not taken under mpirun ({size} ranks): run it as one process");
        }
    }
    let spec = args.modules.spec_for(args.game)?;
    // Each rank writes its part of the certificate from its own search's proof tree
    // (docs/certificates.md, "Certificates from a search over MPI").
    if let Some(path) = &args.certificate {
        // Refused now, before the search, as the merge would refuse it after.
        kayles_solve::output_file::check(path)?;
        if spec.is_some() || args.graphs.len() != 1 {
            bail!("--certificate takes one GRAPH (not -) and no --blowup or --module");
        }
    }
    // With --memo-file, a run killed and started again goes on with the parts it left,
    // under the same run's id (docs/certificates.md, "A killed run resumes").
    let resuming = match (&args.certificate, &args.memo_file) {
        (Some(path), Some(_)) => {
            rank_parts::refuse_other_sizes(
                "--certificate",
                path,
                ".log",
                "parts were written",
                size,
            )?;
            Some(match rank {
                0 => rank_parts::resumed_run(path, size)?,
                _ => None,
            })
        }
        _ => None,
    };
    // Every rank keeps its own memo in its own file (docs/scale-out.md).
    let memo_file = match &args.memo_file {
        Some(path) => {
            if spec.is_some() || args.graphs.len() != 1 {
                bail!("--memo-file takes one GRAPH (not -) and no --blowup or --module");
            }
            rank_parts::refuse_other_sizes("--memo-file", path, "", "rank files were saved", size)?;
            Some(rank_parts::rank_path(path, rank, size, ""))
        }
        None => None,
    };
    let kept = Kept {
        certificate: None,
        memo_file: memo_file.as_deref(),
        memo_save: route::memo_save_every(args.memo_save_seconds, Spelling::CommandLine)?,
    };
    let options = Options {
        min_order: env_or("KAYLES_MPI_MIN_ORDER", kayles_mpi::MIN_ORDER)?,
        home_bytes: 256 << 20,
        publish_order: env_or("KAYLES_MPI_PUBLISH_ORDER", kayles_mpi::PUBLISH_ORDER)?,
        pay_positions: env_or("KAYLES_MPI_PAY_POSITIONS", kayles_mpi::PAY_POSITIONS)?,
        resample_scaled: env_or("KAYLES_MPI_RESAMPLE_SCALED", 1u8)? != 0,
        publish_work: env_or("KAYLES_MPI_PUBLISH_WORK", kayles_mpi::PUBLISH_WORK)?,
        publish_recurring: env_or(
            "KAYLES_MPI_PUBLISH_RECURRING",
            kayles_mpi::PUBLISH_RECURRING,
        )?,
        fingerprint: fingerprint(),
        patience: Duration::from_secs(20),
        local_home: env_or("KAYLES_MPI_LOCAL_HOME", 1u8)? != 0,
        poll_max_us: env_or("KAYLES_MPI_POLL_US", kayles_mpi::POLL_MAX_US)?,
        rechecks: env_or("KAYLES_MPI_RECHECK", 1u8)? != 0,
        cancels: env_or("KAYLES_MPI_CANCEL", 1u8)? != 0,
        // Every rank's own line after each search, printed below.
        profile: std::env::var_os("KAYLES_MPI_PROFILE").is_some(),
        run: resuming.flatten(),
    };
    let mut node = Node::start(mpi.transport(), options).map_err(anyhow::Error::msg)?;
    let mut nimbers = Nimbers::new(Request {
        game: args.game,
        engine: args.engine,
        search: args.search.options_with(&args.method),
    });
    if args.certificate.is_some() {
        let config = nimbers.solver().config();
        if config.method != kayles_core::engine::Method::Outcome {
            bail!(
                "--certificate under mpirun ({size} ranks) needs the outcome method (each \
                 rank writes its part from its own search's proof tree)"
            );
        }
    }
    nimbers.set_stop_flag(Some(node.stop_flag()));
    node.set_memo(nimbers.solver().memo_handle());
    nimbers.solver().memo_handle().set_remote(node.remote());
    let limit = match spec {
        Some(_) => Limit::GRAPH,
        None => route::graph_limit(args.engine, args.memo_file.is_some()),
    };
    let mut search = 0u32;
    // Rank 0: the graph whose certificate's parts are merged once the run is over.
    let mut to_merge = None;
    graphs::for_each_graph_within(&args.graphs, &limit, |named| {
        let start = Instant::now();
        let g = &named.graph;
        node.set_root_order(g.order());
        // The solver takes the graph's host before the search begins, so that what the
        // other ranks publish about it meets that host's memo (`Node::begin`).
        if spec.is_none() {
            nimbers.prepare(&named);
        }
        // This rank's part of the certificate, its search's proof hook.
        let part = match &args.certificate {
            Some(path) => Some(start_part(
                path,
                &named,
                args.game,
                &node,
                &mut nimbers,
                resuming.is_some(),
            )?),
            None => None,
        };
        node.begin(search);
        // Under MPI the certificate is written from the ranks' parts after the search,
        // so the route taken is the route chosen.
        let (route, answer) = match &spec {
            Some(spec) => (Route::Modules, args.modules.nimber(spec, g)),
            // The ranks' stop flag stays the node's (no interrupt: a rank killed keeps
            // its last periodic save).
            None => {
                let report = |event: MemoEvent| {
                    // The part holds the records of what the memo saved holds: flushed
                    // (and synced) after each save.
                    if let (MemoEvent::Saved(_), Some(part)) = (&event, &part) {
                        let _ = part.flush_with(|file| file.sync_data());
                    }
                    if let (0, Some(path)) = (rank, &memo_file) {
                        super::report_memo_event(path, event);
                    }
                };
                let route = nimbers.route_kept(&named, &kept);
                let answer = nimbers.nimber_kept_by(&named, &kept, route, None, &report);
                (route, answer.map(|a| a.value))
            }
        };
        let counters = Counters::of(&nimbers.solver().stats());
        // The part is whole before this rank reports the search's end, so that rank 0,
        // once every rank has reported, may read every part.
        let part_written = part.map(|part| {
            nimbers.solver_mut().set_proof_hook(None);
            let value = answer.as_ref().ok().copied();
            part.finish(value)
                .map(|_| ())
                .context("writing this rank's part of the certificate")
        });
        // The end of the search, as every rank ends it (`Node::end`): a value found first
        // by another rank stands for rank 0's search only if that search was stopped.
        let ended = node
            .end(search, answer, stopped, counters)
            .map_err(anyhow::Error::msg)?;
        if let Some(line) = &ended.profile {
            // Every rank's own line (docs/scale-out.md, "Where a rank's time goes").
            eprintln!("kayles-mpi profile: {line}");
        }
        search += 1;
        if let Some(Err(e)) = part_written {
            return Err(e);
        }
        if rank != 0 {
            // Its search was stopped once rank 0 had the value: nothing to say. Any other
            // error of its own (its memo file unreadable, a component too large) ends the
            // run, said by this rank: rank 0 would otherwise print a value that this
            // rank's part of the memo never helped, or wait on it.
            return match ended.value {
                Err(e) if !stopped(&e) => Err(e),
                _ => Ok(()),
            };
        }
        let reports = ended.reports;
        let value = ended.value?;
        if let Some(path) = &args.certificate {
            to_merge = Some((named.clone(), path.clone(), value));
        }
        let seconds = start.elapsed().as_secs_f64();
        let mut stats = None;
        if args.stats && route == Route::Search {
            let solver = nimbers.solver();
            let limit = solver.config().memo_limit_bytes;
            let counters = solver.stats();
            eprintln!(
                "{}",
                progress::stats_line(&named.name, seconds, &counters, limit)
            );
            eprintln!("{}", ranks_line(&named.name, &reports));
            let mut object = progress::stats_json(&counters, limit);
            object["ranks"] = ranks_json(&reports);
            stats = Some(object);
        } else if args.stats {
            eprintln!(
                "{}: {seconds:.3} s through the {} route",
                named.name,
                route.name()
            );
        }
        let mut result = super::result_json(&named, args.game, route, value, seconds);
        // Under --json, --stats adds rank 0's counters and each rank's report, as the
        // one-process route adds its counters.
        if let Some(stats) = stats {
            result["stats"] = stats;
        }
        out.result(|| value.to_string(), result)
    })?;
    node.close().map_err(anyhow::Error::msg)?;
    if let Some((named, path, value)) = to_merge {
        merge_parts(args, &named, &path, size, value)?;
    }
    Ok(())
}

/// This rank's part of the certificate `path` of `named` (`FILE.rank-K-of-N.log`: a new
/// file, its header written, or with `resume` the part a killed run left, cut back to its
/// last whole record: [`rank_parts::open_part`]), set as the proof hook of the search,
/// which is set up for the graph first.
fn start_part(
    path: &Path,
    named: &Named,
    game: kayles_core::GameKind,
    node: &Node,
    nimbers: &mut Nimbers,
    resume: bool,
) -> Result<PartWriter<std::fs::File>> {
    let (rank, size) = (node.rank(), node.size());
    let header = PartHeader {
        game,
        graph: named.name.clone(),
        ranks: size as u32,
        rank: rank as u32,
        run: node.run_id(),
    };
    nimbers.prepare(named);
    let solver = nimbers.solver_mut();
    let (part, resumed) = rank_parts::open_part(path, &header, solver, &named.graph, resume)?;
    if let (0, Some(point)) = (rank, resumed) {
        eprintln!(
            "certificate part {}: goes on after its {} records ({} bytes after them cut off)",
            rank_parts::rank_part_path(path, rank, size).display(),
            point.records,
            point.dropped
        );
    }
    solver.set_proof_hook(Some(part.hook()));
    Ok(part)
}

/// Rank 0, once the run is over (every rank wrote its part): merges the parts of the
/// certificate `path` of `named` into it when it can read them all, or says which it
/// lacks and the command that merges them.
fn merge_parts(args: &Args, named: &Named, path: &Path, size: usize, value: u32) -> Result<()> {
    let missing = rank_parts::missing(path, size);
    if !missing.is_empty() {
        let ranks: Vec<String> = missing.iter().map(usize::to_string).collect();
        eprintln!(
            "kayles: note: {}: the parts of rank {} of {size} are not here (another \
             machine's folder): gather every FILE.rank-K-of-{size}.log beside FILE and run \
             `{}`",
            path.display(),
            ranks.join(", "),
            rank_parts::merge_command(&named.name, args.game, path)
        );
        return Ok(());
    }
    let search = args.search.options_with(&args.method);
    let (summary, stats) = rank_parts::merge(named, args.game, &search, path, Some(size))?;
    if summary.nimber != value {
        bail!(
            "{}: the certificate proves {} and the search found {value}",
            path.display(),
            summary.nimber
        );
    }
    eprintln!(
        "{}",
        rank_parts::merged_line(&named.name, path, &summary, &stats, size)
    );
    Ok(())
}

/// Whether `error` is a search stopped by its stop flag (rank 0 ended it, or another
/// rank found its value first), rather than one that failed.
fn stopped(error: &anyhow::Error) -> bool {
    error
        .chain()
        .any(|c| c.downcast_ref::<SearchError>() == Some(&SearchError::Stopped))
}

/// The `--stats` line of the ranks: totals over all, then each rank's share.
/// Each rank's report as JSON, rank 0 first.
fn ranks_json(reports: &[Report]) -> serde_json::Value {
    reports
        .iter()
        .enumerate()
        .map(|(r, p)| {
            serde_json::json!({
                "rank": r,
                "positions": p.positions,
                "leaf_positions": p.leaf_positions,
                "memo_entries": p.memo_entries,
                "asks": p.asks,
                "busy": p.busy,
                "messages": p.messages,
                "bytes": p.bytes,
                "idle_seconds": p.idle_ns as f64 / 1e9,
            })
        })
        .collect()
}

fn ranks_line(name: &str, reports: &[Report]) -> String {
    let sum = |f: fn(&Report) -> u64| reports.iter().map(f).sum::<u64>();
    let per_rank: Vec<String> = reports
        .iter()
        .enumerate()
        .map(|(r, p)| {
            format!(
                "rank {r}: {} positions, {} memo entries, {} asks ({} busy), {} messages \
                 ({} bytes) sent, {:.3} s idle",
                p.positions,
                p.memo_entries,
                p.asks,
                p.busy,
                p.messages,
                p.bytes,
                p.idle_ns as f64 / 1e9
            )
        })
        .collect();
    format!(
        "{name}: {} ranks: {} positions, {} leaf positions, {} memo entries, {} messages \
         ({} bytes) in all; {}",
        reports.len(),
        sum(|p| p.positions),
        sum(|p| p.leaf_positions),
        sum(|p| p.memo_entries),
        sum(|p| p.messages),
        sum(|p| p.bytes),
        per_rank.join("; ")
    )
}

/// The fingerprint of this build and command: FNV-1a over the executable's bytes and
/// the arguments, so that ranks running another build or command are refused.
fn fingerprint() -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    let mut eat = |bytes: &[u8]| {
        for &b in bytes {
            h = (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    };
    if let Ok(bytes) = std::env::current_exe().and_then(std::fs::read) {
        eat(&bytes);
    }
    for arg in std::env::args_os().skip(1) {
        eat(arg.as_encoded_bytes());
        eat(&[0]);
    }
    h
}

/// The value of the tuning variable `name` (for measurements: docs/scale-out.md; e.g.
/// `KAYLES_MPI_MIN_ORDER`, components of at least this many vertices asked of their
/// home), or `default` when it is unset. A value that is not a whole number is refused
/// in one line rather than quietly replaced by the default, so that a measurement never
/// runs with a setting other than the one its command line shows.
fn env_or<T: std::str::FromStr>(name: &str, default: T) -> anyhow::Result<T> {
    match std::env::var(name) {
        Err(std::env::VarError::NotPresent) => Ok(default),
        Err(std::env::VarError::NotUnicode(_)) => bail!("{name} is not valid text"),
        Ok(text) => text
            .trim()
            .parse()
            .map_err(|_| anyhow::anyhow!("{name}={text:?} is not a whole number")),
    }
}

/// Points this rank's standard output and error at /dev/null: only rank 0 speaks (but
/// for [`speak`]). A panic on this rank (a thread of its search or its communication
/// thread) is still said, on the standard error it had, with the rank's number: a rank
/// whose communication thread died otherwise left only "rank 0 stopped answering".
fn quiet(rank: usize) {
    if let Ok(null) = std::fs::OpenOptions::new().write(true).open("/dev/null") {
        use std::os::fd::AsRawFd;
        // SAFETY: dup and dup2 on descriptors this process owns; a failure leaves them as
        // they were.
        unsafe {
            let error = libc::dup(2);
            if error >= 0 {
                let _ = SPEAKER.set(error);
            }
            libc::dup2(null.as_raw_fd(), 1);
            libc::dup2(null.as_raw_fd(), 2);
        }
    }
    std::panic::set_hook(Box::new(move |info| {
        let thread = std::thread::current();
        let name = thread.name().unwrap_or("unnamed");
        let trace = std::backtrace::Backtrace::capture();
        let trace = match trace.status() {
            std::backtrace::BacktraceStatus::Captured => format!("\n{trace}"),
            _ => String::new(),
        };
        speak(&format!(
            "kayles: rank {rank}: thread '{name}' panicked: {info}{trace}"
        ));
    }));
}

/// The standard error this rank had before [`quiet`].
static SPEAKER: std::sync::OnceLock<libc::c_int> = std::sync::OnceLock::new();

/// Writes `line` to this rank's standard error as it was before [`quiet`].
fn speak(line: &str) {
    let text = format!("{line}\n");
    match SPEAKER.get() {
        // SAFETY: a write of a buffer this function owns to a descriptor this process
        // holds open.
        Some(&fd) => unsafe {
            libc::write(fd, text.as_ptr().cast(), text.len());
        },
        None => eprint!("{text}"),
    }
}
