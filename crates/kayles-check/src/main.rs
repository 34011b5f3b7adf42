//! The `kayles-check` command: `kayles-check GRAPH CERTIFICATE` prints the verified root
//! nimber (exit 0), or why the certificate is rejected (exit 1); bad input exits 2.

use kayles_check::{check, Failure, Game};
use std::process::ExitCode;

const USAGE: &str = "usage: kayles-check GRAPH CERTIFICATE (GRAPH: graph6 or a family spec \
                     such as grid:3x12; CERTIFICATE: a file written by kayles nimber --certificate)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [graph, path] = args.as_slice() else {
        eprintln!("kayles-check: {USAGE}");
        return ExitCode::from(2);
    };
    let file = match std::fs::File::open(path) {
        Ok(f) => std::io::BufReader::new(f),
        Err(e) => {
            eprintln!("kayles-check: cannot read {path}: {e}");
            return ExitCode::from(2);
        }
    };
    let start = std::time::Instant::now();
    match check(graph, file) {
        Ok(v) => {
            let game = match v.game {
                Game::Node => "Node Kayles",
                Game::Arc => "Arc Kayles",
            };
            println!("{}", v.nimber);
            eprintln!(
                "kayles-check: verified: {game} on {graph} has nimber {} ({} facts, {:.3} s)",
                v.nimber,
                v.facts,
                start.elapsed().as_secs_f64()
            );
            ExitCode::SUCCESS
        }
        Err(Failure::BadInput(e)) => {
            eprintln!("kayles-check: {e}");
            ExitCode::from(2)
        }
        Err(Failure::Rejected(e)) => {
            eprintln!("kayles-check: rejected: {e}");
            ExitCode::from(1)
        }
    }
}
