//! `kayles seq`: the terms of a family's nimber sequence (`kayles_solve::sequence`),
//! streamed as "n value" lines and optionally appended to a file that a later run can
//! resume.

use crate::flags::{self, choice, SearchFlags};
use crate::output::Output;
use crate::progress;
use anyhow::{bail, Result};
use kayles_core::GameKind;
use kayles_solve::machine::peak_rss_kib;
use kayles_solve::sequence::{self, Method, Sequence, TermsFile, TermsRequest};
use kayles_solve::{Choice, Spelling};
use serde_json::json;
use std::path::PathBuf;

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
    #[arg(long, value_name = "N", default_value_t = sequence::FIRST_INDEX)]
    from: usize,
    /// How to compute the terms.
    #[arg(long, value_parser = choice::<Method>(&[
        "Direct search on each graph (one solver, memo shared by all terms), by the outcome \
         method",
        "A proven recurrence (linked-c4 and its b, c companions only)",
        flags::METHOD_HELP[0],
        flags::METHOD_HELP[1],
    ]), default_value = "search")]
    method: Method,
    /// The game.
    #[arg(long, value_parser = flags::game(), default_value = "node")]
    game: GameKind,
    /// Append each term to FILE as it is known ("n value" lines).
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Write a certificate of each term into DIR (created if missing), named by the
    /// term's family spec with `:` and `,` written `_` (`DIR/grid_3x12.cert`; Arc Kayles:
    /// `DIR/arc_grid_3x12.cert`), for `kayles-check SPEC FILE` (docs/certificates.md).
    /// Search only.
    #[arg(long, value_name = "DIR")]
    certificates: Option<PathBuf>,
    /// Continue after the last complete line of --out FILE; with --certificates, a term
    /// whose certificate is in DIR is not searched again (its value is read from it).
    #[arg(long)]
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
    search: SearchFlags,
}

pub fn run(args: &Args, out: &mut Output) -> Result<()> {
    if args.resume && args.out.is_none() && args.certificates.is_none() {
        bail!("--resume continues --out FILE or --certificates DIR: give one of them");
    }
    if args.from > args.terms {
        bail!(
            "--from {} is past --terms {}: the terms are n = FROM..=TERMS (--terms is the last \
             index, not a count)",
            args.from,
            args.terms
        );
    }
    // Refused now, not after the terms are computed.
    if let Some(path) = &args.plot {
        kayles_solve::output_file::check(path)?;
    }
    let request = TermsRequest {
        family: args.family.clone(),
        to: args.terms,
        method: args.method,
        game: args.game,
        mirror: args.mirror,
        search: args.search.options(),
        certificates: args.certificates.clone(),
        resume: args.resume,
    };
    let mut sequence = Sequence::new(request, Spelling::CommandLine)?;
    let mut from = args.from;
    let mut file = None;
    if let Some(path) = &args.out {
        let (terms_file, last) = TermsFile::open(path, args.resume)?;
        if let Some(last) = last {
            from = from.max(last.saturating_add(1));
        }
        file = Some(terms_file);
    }
    let first = sequence.first(from)?;
    if first > args.from && !args.resume {
        eprintln!(
            "kayles: {} is undefined below n = {first}; starting there",
            args.family
        );
    }
    let mut plotted: Vec<(usize, u64)> = match (&args.plot, &args.out) {
        (Some(_), Some(path)) if args.resume => sequence::read_terms(path),
        _ => Vec::new(),
    };
    let bar = progress::bar(
        args.terms.saturating_add(1).saturating_sub(first) as u64,
        "",
    );
    for n in first..=args.terms {
        bar.set_message(sequence.spec(n));
        let term = sequence.term(n)?;
        if let Some(f) = file.as_mut() {
            f.append(n, term.value)?;
        }
        let certificate = term.certificate.as_ref().map(|c| {
            json!({
                "path": c.path.display().to_string(),
                "facts": c.written.map(|w| w.sizes.facts),
                "bytes": c.written.map(|w| w.sizes.compressed_bytes),
            })
        });
        bar.suspend(|| {
            out.result(
                || format!("{n} {}", term.value),
                json!({
                    "n": n,
                    "graph": term.spec,
                    "game": args.game.name(),
                    "nimber": term.value,
                    "route": term.route.name(),
                    "seconds": term.seconds,
                    "certificate": certificate,
                    "peak_rss_kib": peak_rss_kib(),
                }),
            )
        })?;
        bar.inc(1);
        plotted.push((n, u64::from(term.value)));
    }
    if let Some(path) = &args.plot {
        crate::plot::plot(path, args.game, &args.family, &plotted)?;
    }
    bar.finish_and_clear();
    Ok(())
}
