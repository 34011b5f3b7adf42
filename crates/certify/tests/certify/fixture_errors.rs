//! A missing or malformed fixture file is an error naming the file and the line, never a
//! pass on fewer instances.

use certify::fixtures::{self, FixtureError};
use certify::{registry, report::Verdict, Context, Tier};
use std::path::PathBuf;

/// A scratch copy of `fixtures/` with `rel` replaced by `content` (or removed).
fn scratch(name: &str, rel: &str, content: Option<&str>) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("certify-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for sub in ["graphs", "modules", "wak", "rooks", "sequences"] {
        std::fs::create_dir_all(dir.join(sub)).unwrap();
    }
    let src = fixtures::default_dir();
    for f in [
        "graphs/graphs-n1.g6",
        "graphs/graphs-n2.g6",
        "graphs/graphs-n3.g6",
        "graphs/graphs-n4.g6",
        "graphs/graphs-n5.g6",
        "graphs/graphs-n6.g6",
        "graphs/graphs-n7.g6",
    ] {
        std::fs::copy(src.join(f), dir.join(f)).unwrap();
    }
    if let Some(c) = content {
        std::fs::write(dir.join(rel), c).unwrap();
    }
    dir
}

fn error(dir: PathBuf, id: &str) -> (FixtureError, Verdict) {
    let mut ctx = Context::new(Tier::Quick);
    ctx.fixtures = dir.clone();
    let claim = registry::find(id).unwrap();
    let r = registry::run(&claim, &ctx);
    let outcome = (claim.check)(&ctx);
    let _ = std::fs::remove_dir_all(&dir);
    match outcome {
        Err(certify::CheckError::Fixture(e)) => (e, r.verdict),
        other => panic!("expected a fixture error, got {other:?}"),
    }
}

#[test]
fn missing_file_names_the_file() {
    let dir = scratch("missing", "graphs/graphs-n6.g6", None);
    std::fs::remove_file(dir.join("graphs/graphs-n6.g6")).unwrap();
    let (e, verdict) = error(dir, "NK-XOR");
    assert_eq!(verdict, Verdict::FixtureError);
    assert!(e.to_string().contains("graphs-n6.g6"), "{e}");
}

#[test]
fn truncated_file_is_caught_by_the_count() {
    let text =
        std::fs::read_to_string(fixtures::default_dir().join("graphs/graphs-n7.g6")).unwrap();
    let cut: String = text.lines().take(500).map(|l| format!("{l}\n")).collect();
    let dir = scratch("truncated", "graphs/graphs-n7.g6", Some(&cut));
    let (e, _) = error(dir, "NK-XOR");
    assert!(e.to_string().contains("graphs-n7.g6"), "{e}");
    assert!(e.to_string().contains("announces 1044"), "{e}");
    assert!(e.line.is_some());
}

#[test]
fn malformed_line_names_file_and_line() {
    let dir = scratch(
        "malformed",
        "graphs/graphs-n3.g6",
        Some("# count: 4\nB?\nBO\nB w\nBw\n"),
    );
    let (e, _) = error(dir, "MOD-TWINS");
    assert_eq!(e.line, Some(4), "{e}");
    assert!(e.to_string().contains("graphs-n3.g6:4"), "{e}");
}

#[test]
fn wrong_order_in_a_graph_list_is_an_error() {
    let dir = scratch("order", "graphs/graphs-n2.g6", Some("# count: 2\nA?\nBw\n"));
    let (e, _) = error(dir, "NK-XOR");
    assert_eq!(e.line, Some(3), "{e}");
}

#[test]
fn bad_spec_line_is_an_error() {
    let dir = scratch(
        "spec",
        "rooks/boards.txt",
        Some("# count: 1\nquick holes 3y3\n"),
    );
    let (e, _) = error(dir, "WAK-ROOKS");
    assert_eq!(e.line, Some(2), "{e}");
    let dir = scratch("header", "rooks/boards.txt", Some("quick holes 3x3\n"));
    let (e, _) = error(dir, "WAK-ROOKS");
    assert!(e.to_string().contains("count"), "{e}");
}
