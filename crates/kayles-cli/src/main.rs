//! The `kayles` command: nimbers, histograms, subsets and sequences of Node Kayles and Arc
//! Kayles from the shell. Thin by design: each command parses its arguments, calls the
//! library crates (`kayles-solve` for what it shares with the Python package) and prints;
//! every error is one line on stderr and exit status 2.

mod commands;
mod flags;
mod interrupt;
mod output;
mod picture;
mod plot;
mod progress;

use clap::{CommandFactory, Parser, Subcommand};
use std::process::ExitCode;

/// Sprague-Grundy values of Node Kayles and Arc Kayles on graphs.
///
/// GRAPH is a graph6 string (`Bw`), `-` (graph6 lines from standard input, one result per
/// line), or a family spec such as `grid:3x4` (see `kayles families`).
#[derive(Parser, Debug)]
#[command(name = "kayles", version, about, long_about = None)]
struct Cli {
    /// Print one JSON object per result instead of plain text.
    #[arg(long, global = true)]
    json: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// The nimber of each GRAPH, one per line.
    Nimber(commands::nimber::Args),
    /// The histogram "0:N0 1:N1 ..." of nimbers over all 2^n starting subsets.
    Histogram(commands::histogram::Args),
    /// Every starting subset (as a vertex list) with its nimber.
    Subsets(commands::subsets::Args),
    /// The graph families and their vertex order.
    Families,
    /// The modular decomposition tree (parallel, series and prime nodes).
    Modules(commands::modules::Args),
    /// Terms n = 1..N of a family's nimber sequence, one "n value" line per term.
    Seq(commands::seq::Args),
    /// Every move with the nimber of the position after it; the winning moves marked.
    Moves(commands::moves::Args),
    /// Play against the perfect engine (moves on standard input), or watch it play itself.
    Play(commands::play::Args),
    /// The nimber of a Weighted Arc-Kayles position.
    Wak(commands::wak::Args),
    /// The nimber of a rook-placement board, directly and as Weighted Arc-Kayles.
    Rooks(commands::rooks::Args),
    /// A chain family from its chain file: derived recurrence, terms, proved period.
    Chain(commands::chain::Args),
    /// Expand the game tree to a depth and write its distinct components as jobs.
    Split(commands::split::Args),
    /// Answer the jobs of a split (or one shard of them), appending to a results file.
    Run(commands::run::Args),
    /// Check the results of a split and print the root's nimber.
    Join(commands::join::Args),
    /// Write the certificate of a search spread over MPI from its ranks' parts.
    MergeCertificate(commands::merge_certificate::Args),
}

fn main() -> ExitCode {
    std::panic::set_hook(Box::new(|info| {
        eprintln!("kayles: internal error: {info}");
    }));
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version.
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) if e.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            // `kayles` alone: clap's error is the whole help text.
            let commands: Vec<String> = Cli::command()
                .get_subcommands()
                .map(|c| c.get_name().to_string())
                .collect();
            eprintln!(
                "kayles: error: no command given: one of {} (see kayles --help)",
                commands.join(", ")
            );
            return ExitCode::from(2);
        }
        Err(e) => {
            eprintln!("kayles: error: {}", usage_error(&e.to_string()));
            return ExitCode::from(2);
        }
    };
    let mut out = output::Output::new(cli.json);
    let result = match &cli.command {
        Command::Nimber(args) => commands::nimber::run(args, &mut out),
        Command::Histogram(args) => commands::histogram::run(args, &mut out),
        Command::Subsets(args) => commands::subsets::run(args, &mut out),
        Command::Families => commands::families::run(&mut out),
        Command::Modules(args) => commands::modules::run(args, &mut out),
        Command::Seq(args) => commands::seq::run(args, &mut out),
        Command::Moves(args) => commands::moves::run(args, &mut out),
        Command::Play(_) if cli.json => Err(anyhow::anyhow!(commands::play::NO_JSON)),
        Command::Play(args) => commands::play::run(args),
        Command::Wak(args) => commands::wak::run(args, &mut out),
        Command::Rooks(args) => commands::rooks::run(args, &mut out),
        Command::Chain(args) => commands::chain::run(args, &mut out),
        Command::Split(args) => commands::split::run(args, &mut out),
        Command::Run(args) => commands::run::run(args, &mut out),
        Command::Join(args) => commands::join::run(args, &mut out),
        Command::MergeCertificate(args) => commands::merge_certificate::run(args, &mut out),
    };
    match result.and_then(|()| out.finish()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if output::is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("kayles: error: {e:#}");
            ExitCode::from(2)
        }
    }
}

/// A clap error on one line: its first paragraph with the lines clap puts under it (the
/// missing arguments of "the following required arguments were not provided:") folded
/// in, its tips in brackets, and where to read more: `(see kayles nimber --help)` when the
/// usage line names the command.
///
/// ```text
/// error: the following required arguments were not provided:
///   --out <FILE>
///   <GRAPH>
///
/// Usage: kayles split --out <FILE> <GRAPH>
/// ```
/// becomes `the following required arguments were not provided: --out <FILE>, <GRAPH>
/// (see kayles split --help)`.
fn usage_error(text: &str) -> String {
    let mut paragraphs = text
        .split("\n\n")
        .map(|p| {
            p.lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .collect::<Vec<_>>()
        })
        .filter(|p| !p.is_empty());
    let mut line = match paragraphs.next() {
        Some(first) => {
            let head = first[0].strip_prefix("error: ").unwrap_or(first[0]);
            match &first[1..] {
                [] => head.to_string(),
                rest if head.ends_with(':') => format!("{head} {}", rest.join(", ")),
                rest => format!("{head} {}", rest.join(" ")),
            }
        }
        None => "invalid arguments".to_string(),
    };
    // The command from the arguments when clap prints no usage line (a bad value).
    let command = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let mut help = match command {
        Some(c) if Cli::command().find_subcommand(&c).is_some() => format!("kayles {c} --help"),
        _ => "kayles --help".to_string(),
    };
    for p in paragraphs {
        if let Some(usage) = p[0].strip_prefix("Usage: ") {
            let words: Vec<&str> = usage.split_whitespace().collect();
            if let [program, command, ..] = words[..] {
                if !command.starts_with(['-', '<', '[']) {
                    help = format!("{program} {command} --help");
                }
            }
        } else if p[0].starts_with("tip:") {
            line += &format!(" ({})", p.join(" "));
        }
    }
    format!("{line} (see {help})")
}
