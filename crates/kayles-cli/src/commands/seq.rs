//! `kayles seq`: the terms of a family's nimber sequence, streamed as "n value" lines and
//! optionally appended to a file that a later run can resume.

use crate::output::Output;
use anyhow::{bail, Context, Result};
use clap::ValueEnum;
use indicatif::{ProgressBar, ProgressStyle};
use kayles_core::families::{self, term_spec};
use serde_json::json;
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// How the terms are computed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Method {
    /// Direct Node Kayles search on each graph (one solver, memo shared by all terms).
    Search,
    /// A proven recurrence (linked-c4 and its b, c companions only).
    Recurrence,
}

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The family, with N for the index: `path`, `grid:3xN`, `petersen:N,2`, `queens`,
    /// `linked-c4`, `linked-c4-alt`, ...
    #[arg(value_name = "FAMILY")]
    family: String,
    /// Compute terms n = FROM..=TERMS.
    #[arg(long, value_name = "N")]
    terms: usize,
    /// First index (terms where the family is undefined, like petersen:N,2 for N < 4, are
    /// skipped with a note).
    #[arg(long, value_name = "N", default_value_t = 1)]
    from: usize,
    /// How to compute the terms.
    #[arg(long, value_enum, default_value_t = Method::Search)]
    method: Method,
    /// Append each term to FILE as it is known ("n value" lines).
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Continue after the last complete line of --out FILE.
    #[arg(long, requires = "out")]
    resume: bool,
    #[command(flatten)]
    layers: crate::commands::nimber::SearchLayers,
}

/// The last complete "n value" line's n, after cutting a partial last line off the file.
fn resume_point(path: &Path) -> Result<Option<usize>> {
    let mut file = match OpenOptions::new().read(true).write(true).open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e).with_context(|| format!("opening {}", path.display())),
    };
    let mut text = String::new();
    file.read_to_string(&mut text)
        .with_context(|| format!("reading {}", path.display()))?;
    let complete = text.rfind('\n').map_or(0, |i| i + 1);
    if complete < text.len() {
        file.set_len(complete as u64)?;
        file.seek(SeekFrom::End(0))?;
    }
    let mut last = None;
    for (i, line) in text[..complete].lines().enumerate() {
        let mut parts = line.split_whitespace();
        let n = parts.next().and_then(|t| t.parse::<usize>().ok());
        let v = parts.next().and_then(|t| t.parse::<u64>().ok());
        match (n, v, parts.next()) {
            (Some(n), Some(_), None) => last = Some(n),
            _ => bail!(
                "{} line {}: expected \"n value\", found '{line}'",
                path.display(),
                i + 1
            ),
        }
    }
    Ok(last)
}

pub fn run(args: &Args, out: &mut Output) -> Result<()> {
    if args.method == Method::Recurrence {
        bail!("--method recurrence is not available yet; use --method search");
    }
    let mut from = args.from;
    let mut file: Option<File> = None;
    if let Some(path) = &args.out {
        if args.resume {
            if let Some(last) = resume_point(path)? {
                from = from.max(last + 1);
            }
        }
        file = Some(
            OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .with_context(|| format!("opening {}", path.display()))?,
        );
    }
    // Skip leading indices where the family is undefined; a later failure is an error.
    let first_spec = term_spec(&args.family, args.terms.max(from));
    families::build(&first_spec)?;
    while from <= args.terms && families::build(&term_spec(&args.family, from)).is_err() {
        from += 1;
    }
    if from > args.from && !args.resume {
        eprintln!(
            "kayles: {} is undefined below n = {from}; starting there",
            args.family
        );
    }
    let bar = ProgressBar::new((args.terms + 1).saturating_sub(from) as u64);
    bar.set_style(
        ProgressStyle::with_template("{spinner} {msg} [{bar:30}] {pos}/{len} {elapsed}")
            .expect("valid template"),
    );
    let mut solver = args.layers.solver();
    for n in from..=args.terms {
        let spec = term_spec(&args.family, n);
        bar.set_message(spec.clone());
        let g = families::build(&spec)?;
        let start = Instant::now();
        let value = solver.nimber(&g)?;
        let seconds = start.elapsed().as_secs_f64();
        if let Some(f) = file.as_mut() {
            writeln!(f, "{n} {value}")?;
            f.flush()?;
        }
        bar.suspend(|| {
            out.result(
                || format!("{n} {value}"),
                json!({
                    "n": n,
                    "graph": spec,
                    "nimber": value,
                    "seconds": seconds,
                    "peak_rss_kib": crate::output::peak_rss_kib(),
                }),
            )
        })?;
        bar.inc(1);
    }
    bar.finish_and_clear();
    Ok(())
}
