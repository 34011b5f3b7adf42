//! Reading the fixture chains and their tables (`fixtures/chains/*.txt`).

use kayles_chains::spec::{self, Chain};
use kayles_core::GameKind;
use std::path::PathBuf;

pub fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/chains")
}

pub fn chain(file: &str) -> Chain {
    let text = std::fs::read_to_string(dir().join(file)).expect("fixture chain file");
    spec::parse(&text).unwrap_or_else(|e| panic!("{file}: {e}"))
}

pub fn game(name: &str) -> GameKind {
    name.parse().expect("node or arc")
}

/// Data lines of a fixture table (comments and the count header skipped), split on
/// whitespace.
pub fn table(name: &str) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(dir().join(name)).expect("fixture table");
    let lines: Vec<Vec<String>> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|l| l.split_whitespace().map(String::from).collect())
        .collect();
    let count: usize = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("# count:"))
        .expect("count header")
        .trim()
        .parse()
        .unwrap();
    assert_eq!(lines.len(), count, "{name}: count header");
    lines
}
