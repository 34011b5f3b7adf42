//! What a user meets at the edges of the arguments: a missing argument is named on the one
//! error line, `play` does not offer the global `--json` it refuses, `seq` says when
//! `--from` is past `--terms`, and `moves --json` names the graph each line is about.

use super::{error, kayles, stdout};
use serde_json::Value;

#[test]
fn a_missing_argument_is_named_on_the_one_line() {
    for (args, names) in [
        (&["nimber"][..], &["<GRAPH>", "kayles nimber --help"][..]),
        (
            &["split", "grid:3x8", "--out", "x"],
            &["--depth <D>", "kayles split --help"],
        ),
        (
            &["split"],
            &[
                "--out <JOBS>",
                "--depth <D>",
                "<GRAPH>",
                "kayles split --help",
            ],
        ),
        (
            &["run", "jobs.g6"],
            &["--out <RESULTS>", "kayles run --help"],
        ),
        (&["wak", "--edges", "0-1"], &["--weights"]),
        (&["nimber", "--blowup", "clique", "path:2"], &["--sizes"]),
    ] {
        let err = error(args, "");
        assert!(
            err.contains("the following required arguments were not provided: "),
            "{args:?}: {err}"
        );
        for name in names {
            assert!(err.contains(name), "{args:?}: {name} not in {err}");
        }
    }
    // Other usage errors keep their tip on the same line.
    let err = error(&["seq", "path", "--term", "5"], "");
    assert!(
        err.contains("unexpected argument '--term' found") && err.contains("'--terms'"),
        "{err}"
    );
    let err = error(&["nimber", "--memo-key", "bogus", "path:3"], "");
    assert!(err.contains("kayles nimber --help"), "{err}");
}

#[test]
fn play_does_not_offer_json_and_refuses_it() {
    let help = stdout(&["play", "--help"]);
    assert!(!help.contains("--json"), "{help}");
    assert!(stdout(&["nimber", "--help"]).contains("--json"));
    for args in [
        &["play", "--json", "path:3"][..],
        &["--json", "play", "path:3"],
        &["play", "path:3", "--self", "--json"],
    ] {
        let err = error(args, "q\n");
        assert!(err.contains("play has no --json output"), "{args:?}: {err}");
    }
}

#[test]
fn seq_from_past_terms_is_an_error() {
    let err = error(&["seq", "path", "--from", "10", "--terms", "5"], "");
    assert!(err.contains("--from 10 is past --terms 5"), "{err}");
    assert!(error(&["seq", "path", "--terms", "0"], "").contains("past --terms 0"));
    assert_eq!(
        stdout(&["seq", "path", "--from", "5", "--terms", "5"]),
        "5 3\n"
    );
}

#[test]
fn moves_json_lines_name_their_graph() {
    let out = kayles(&["moves", "--json", "path:5", "-"], "Bw\n");
    assert!(out.status.success());
    let lines: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["graph"], "path:5");
    assert_eq!(lines[1]["graph"], "Bw");
    assert_eq!(lines[0]["game"], "node");
    assert!(lines[0].get("after").is_none());
    assert_eq!(lines[0]["nimber"], 3);
    let out = stdout(&[
        "moves",
        "--json",
        "--winning",
        "--game",
        "arc",
        "--after",
        "r1c1-r1c2",
        "grid:3x4",
    ]);
    let line: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(line["graph"], "grid:3x4");
    assert_eq!(line["game"], "arc");
    assert_eq!(line["after"], serde_json::json!(["r1c1-r1c2"]));
    assert!(line["outcome"] == "N" || line["outcome"] == "P");
}
