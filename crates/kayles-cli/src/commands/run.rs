//! `kayles run`: answers the jobs of a split (all, or one shard of them), appending a
//! `job_id value` line per finished job to a results file and flushing it; `--resume`
//! skips the jobs already answered there; `--certificates DIR` proves each job's value by
//! a certificate in DIR, for `kayles join --verify` (`kayles_solve::scale_out::run`).

use crate::flags::{MethodFlag, SearchFlags, WorkerFlags};
use crate::output::Output;
use crate::progress::JobsBar;
use anyhow::Result;
use kayles_solve::machine::peak_rss_kib;
use kayles_solve::scale_out::run::{self, Request, Shard, Watch};
use kayles_solve::Spelling;
use serde_json::json;
use std::path::PathBuf;
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The jobs file written by `kayles split` (its manifest beside it).
    #[arg(value_name = "JOBS")]
    jobs: PathBuf,
    /// The results file: one `job_id value` line is appended per finished job.
    #[arg(long, value_name = "RESULTS")]
    out: PathBuf,
    /// Answer only the jobs whose index (job id - 1) is I modulo K (K processes, e.g. a
    /// Slurm array, pass I = 0..K-1).
    #[arg(long, value_name = "I/K", value_parser = Shard::parse)]
    shard: Option<Shard>,
    /// Continue RESULTS: skip the jobs answered there (a torn last line is cut off).
    #[arg(long)]
    resume: bool,
    /// Also write a certificate of each job's value to DIR (DIR/job_ID.cert, Arc Kayles
    /// DIR/arc_job_ID.cert), for `kayles join --verify DIR`. Resumable: with --resume, a
    /// job counts as done when its line and its certificate are both there.
    #[arg(long, value_name = "DIR")]
    certificates: Option<PathBuf>,
    #[command(flatten)]
    workers: WorkerFlags,
    #[command(flatten)]
    search: SearchFlags,
    #[command(flatten)]
    method: MethodFlag,
}

pub fn run(args: &Args, out: &mut Output) -> Result<()> {
    let start = Instant::now();
    let request = Request {
        shard: args.shard,
        resume: args.resume,
        workers: args.workers.workers(),
        search: args.search.options_with(&args.method),
        certificates: args.certificates.clone(),
    };
    let bar = JobsBar::new();
    let watch = Watch {
        progress: &bar,
        stop: None,
    };
    let ran = run::run(
        &args.jobs,
        &args.out,
        &request,
        &watch,
        Spelling::CommandLine,
    )?;
    let seconds = start.elapsed().as_secs_f64();
    let shard = Shard::name(args.shard);
    out.result(
        || {
            format!(
                "{}: shard {shard}, {} jobs, {} answered earlier, {} answered now, {seconds:.2} s",
                args.out.display(),
                ran.in_shard,
                ran.earlier,
                ran.now
            )
        },
        json!({
            "results": args.out.display().to_string(),
            "shard": shard,
            "jobs_in_shard": ran.in_shard,
            "answered_earlier": ran.earlier,
            "answered_now": ran.now,
            "seconds": seconds,
            "peak_rss_kib": peak_rss_kib(),
        }),
    )
}
