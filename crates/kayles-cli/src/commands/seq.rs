//! `kayles seq`: the terms of a family's nimber sequence, streamed as "n value" lines and
//! optionally appended to a file that a later run can resume.

use crate::commands::nimber::{Game, MethodArg};
use crate::output::Output;
use anyhow::{bail, Context, Result};
use clap::ValueEnum;
use indicatif::{ProgressBar, ProgressStyle};
use kayles_core::families::{self, term_spec};
use kayles_sequences::moves::Family;
use serde_json::json;
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// How the terms are computed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Method {
    /// Direct search on each graph (one solver, memo shared by all terms), by the default
    /// method (outcome).
    Search,
    /// Direct search by the outcome method (the least k with G + *k a loss).
    Outcome,
    /// Direct search by the mex method (the mex of every option's value).
    Mex,
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
    /// The game.
    #[arg(long, value_enum, default_value_t = Game::Node)]
    game: Game,
    /// Append each term to FILE as it is known ("n value" lines).
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Continue after the last complete line of --out FILE.
    #[arg(long, requires = "out")]
    resume: bool,
    /// With search: give 0 without searching to each term whose graph has a mirror
    /// strategy for the second player (a fixed-point-free automorphic involution with no
    /// vertex adjacent to its image, checked on the graph: P(n,k) and cycles for even n,
    /// grids with an even side). It proves 0 in both games: the second player answers a
    /// vertex or an edge with its image.
    #[arg(long)]
    mirror: bool,
    /// Draw the terms (with those already in --out FILE) as a scatter plot, SVG.
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
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
    if args.game == Game::Arc && args.method == Method::Recurrence {
        bail!("--method recurrence is for Node Kayles only");
    }
    let recurrence = match args.method {
        Method::Search | Method::Outcome | Method::Mex => None,
        Method::Recurrence => Some(recurrence_family(&args.family)?),
    };
    let layers = args.layers.with_method(match args.method {
        Method::Outcome => Some(MethodArg::Outcome),
        Method::Mex => Some(MethodArg::Mex),
        Method::Search | Method::Recurrence => None,
    });
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
    // The recurrence computes every term at once; search builds each graph (skipping
    // leading indices where the family is undefined; a later failure is an error).
    let recurrence_terms = recurrence.map(|_| kayles_sequences::linked_c4::terms(args.terms));
    if recurrence.is_none() {
        from = families::first_defined(&args.family, from, args.terms)?;
        if from > args.from && !args.resume {
            eprintln!(
                "kayles: {} is undefined below n = {from}; starting there",
                args.family
            );
        }
    }
    let mut plotted: Vec<(usize, u64)> = match (&args.plot, &args.out) {
        (Some(_), Some(path)) if args.resume => earlier_terms(path),
        _ => Vec::new(),
    };
    let bar = ProgressBar::new((args.terms + 1).saturating_sub(from) as u64);
    bar.set_style(
        ProgressStyle::with_template("{spinner} {msg} [{bar:30}] {pos}/{len} {elapsed}")
            .expect("valid template"),
    );
    let mut solver = layers.game_solver(args.game);
    for n in from..=args.terms {
        let spec = term_spec(&args.family, n);
        let start = Instant::now();
        let mut route = "search";
        let value = match (&recurrence_terms, recurrence) {
            (Some(terms), Some(family)) => {
                route = "recurrence";
                u32::from(terms.get(family, n))
            }
            _ if args.mirror && families::mirror_strategy(&spec)?.is_some() => {
                route = "mirror";
                0
            }
            _ => {
                bar.set_message(spec.clone());
                layers.set_symmetry(&mut solver, &spec);
                solver.nimber(&families::build(&spec)?)?
            }
        };
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
                    "game": args.game.kind().name(),
                    "nimber": value,
                    "route": route,
                    "seconds": seconds,
                    "peak_rss_kib": crate::output::peak_rss_kib(),
                }),
            )
        })?;
        bar.inc(1);
        plotted.push((n, u64::from(value)));
    }
    if let Some(path) = &args.plot {
        plot(path, &args.family, &plotted)?;
    }
    bar.finish_and_clear();
    Ok(())
}

/// The linked 4-cycle sequence a recurrence computes, from a family template.
fn recurrence_family(template: &str) -> Result<Family> {
    match Family::from_template(template) {
        Some(family) => Ok(family),
        None => bail!(
            "--method recurrence knows linked-c4, linked-c4-b and linked-c4-c (A316629 and its \
             companions); use --method search for {template}"
        ),
    }
}

/// The "n value" lines of an earlier run's file (for the plot).
fn earlier_terms(path: &Path) -> Vec<(usize, u64)> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter_map(|line| {
            let mut parts = line.split_whitespace();
            Some((parts.next()?.parse().ok()?, parts.next()?.parse().ok()?))
        })
        .collect()
}

/// Writes the terms as an SVG scatter plot.
fn plot(path: &Path, title: &str, terms: &[(usize, u64)]) -> Result<()> {
    use plotters::prelude::*;
    let n_max = terms.iter().map(|t| t.0).max().unwrap_or(1).max(1);
    let v_max = terms.iter().map(|t| t.1).max().unwrap_or(1).max(1);
    let root = SVGBackend::new(path, (960, 540)).into_drawing_area();
    root.fill(&WHITE)
        .map_err(|e| anyhow::anyhow!("plot: {e}"))?;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 24))
        .margin(16)
        .x_label_area_size(40)
        .y_label_area_size(48)
        .build_cartesian_2d(0..n_max + 1, 0..v_max + 1)
        .map_err(|e| anyhow::anyhow!("plot: {e}"))?;
    chart
        .configure_mesh()
        .x_desc("n")
        .y_desc("nimber")
        .draw()
        .map_err(|e| anyhow::anyhow!("plot: {e}"))?;
    chart
        .draw_series(
            terms
                .iter()
                .map(|&(n, v)| Circle::new((n, v), 3, BLUE.filled())),
        )
        .map_err(|e| anyhow::anyhow!("plot: {e}"))?;
    root.present()
        .map_err(|e| anyhow::anyhow!("plot {}: {e}", path.display()))?;
    Ok(())
}
