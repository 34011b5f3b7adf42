//! The `kayles-check` command: `kayles-check [--game node|arc] GRAPH CERTIFICATE` prints
//! the verified root nimber and the game (`3 arc`, exit 0), or why the certificate is
//! rejected (exit 1); bad input, an unreadable certificate or an output that cannot be
//! written get one line and exit 2 (docs/certificates.md).

use kayles_check::{check_game, Failure, Game};
use std::io::Write;
use std::process::ExitCode;

const USAGE: &str = "usage: kayles-check [--game node|arc] GRAPH CERTIFICATE (GRAPH: graph6 \
                     or a family spec such as grid:3x12; CERTIFICATE: a file written by \
                     kayles nimber --certificate)";

const HELP: &str = "\
kayles-check: verifies a nimber certificate written by `kayles nimber --certificate`,
trusting nothing of the program that wrote it (docs/certificates.md).

usage: kayles-check [--game node|arc] GRAPH CERTIFICATE

  GRAPH        a graph6 string or a family spec (grid:3x12, queens:8, petersen:30,2, ...):
               the certificate must be about this graph, vertex for vertex
  CERTIFICATE  the certificate file
  --game GAME  require a certificate of this game (node or arc)
  -h, --help   this help;  -V, --version  the version

Prints the verified value and the game on standard output (`5 node`) and a summary on
standard error, exit 0; a certificate that proves nothing gets `kayles-check: rejected:
...`, exit 1; bad arguments, an unreadable certificate or an output that cannot be
written get one line, exit 2.
";

/// One line on standard error (a failure to write it is ignored: there is nowhere left).
fn say(line: &str) {
    let _ = writeln!(std::io::stderr(), "kayles-check: {line}");
}

/// What the arguments ask for.
enum Asked {
    Check {
        game: Option<Game>,
        graph: String,
        path: String,
    },
    Print(String),
}

fn arguments(args: &[String]) -> Result<Asked, String> {
    let mut game = None;
    let mut plain = Vec::new();
    let mut options = true;
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        i += 1;
        if !options || !a.starts_with('-') || a == "-" {
            plain.push(a.clone());
            continue;
        }
        let word = match a.as_str() {
            "--" => {
                options = false;
                continue;
            }
            "-h" | "--help" => return Ok(Asked::Print(HELP.into())),
            "-V" | "--version" => {
                return Ok(Asked::Print(format!(
                    "kayles-check {}\n",
                    env!("CARGO_PKG_VERSION")
                )))
            }
            "--game" => {
                i += 1;
                args.get(i - 1).ok_or("--game needs node or arc")?.as_str()
            }
            other => match other.strip_prefix("--game=") {
                Some(word) => word,
                None => return Err(format!("unknown option {other:?} ({USAGE})")),
            },
        };
        let chosen = Game::from_word(word)
            .ok_or_else(|| format!("--game must be node or arc, not {word:?}"))?;
        if game.replace(chosen).is_some_and(|g| g != chosen) {
            return Err("--game is given twice, with two games".into());
        }
    }
    match <[String; 2]>::try_from(plain) {
        Ok([graph, path]) => Ok(Asked::Check { game, graph, path }),
        Err(_) => Err(USAGE.into()),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = match std::env::args_os()
        .skip(1)
        .map(|a| a.into_string())
        .collect()
    {
        Ok(args) => args,
        Err(a) => {
            say(&format!(
                "an argument is not UTF-8: {}",
                a.to_string_lossy()
            ));
            return ExitCode::from(2);
        }
    };
    let (game, graph, path) = match arguments(&args) {
        Ok(Asked::Check { game, graph, path }) => (game, graph, path),
        Ok(Asked::Print(text)) => {
            return match std::io::stdout().write_all(text.as_bytes()) {
                Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                    say(&format!("cannot write to standard output: {e}"));
                    ExitCode::from(2)
                }
                _ => ExitCode::SUCCESS,
            };
        }
        Err(e) => {
            say(&e);
            return ExitCode::from(2);
        }
    };
    let file = match std::fs::File::open(&path) {
        Ok(f) if f.metadata().is_ok_and(|m| m.is_dir()) => {
            say(&format!("cannot read {path}: it is a directory"));
            return ExitCode::from(2);
        }
        Ok(f) => std::io::BufReader::new(f),
        Err(e) => {
            say(&format!("cannot read {path}: {e}"));
            return ExitCode::from(2);
        }
    };
    let start = std::time::Instant::now();
    match check_game(&graph, game, file) {
        Ok(v) => {
            // A closed standard output (`kayles-check ... | true`: the reader has gone) is
            // not an error: the status is still the verdict. Any other write error is.
            let line = format!("{} {}\n", v.nimber, v.game.word());
            let mut out = std::io::stdout().lock();
            match out.write_all(line.as_bytes()).and_then(|()| out.flush()) {
                Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                    say(&format!("cannot write the verified value: {e}"));
                    return ExitCode::from(2);
                }
                _ => {}
            }
            say(&format!(
                "verified: {} on {graph} has nimber {} ({} facts, {:.3} s)",
                v.game.name(),
                v.nimber,
                v.facts,
                start.elapsed().as_secs_f64()
            ));
            ExitCode::SUCCESS
        }
        Err(Failure::BadInput(e)) => {
            say(&e);
            ExitCode::from(2)
        }
        Err(Failure::Rejected(e)) => {
            say(&format!("rejected: {e}"));
            ExitCode::from(1)
        }
    }
}
