//! Every committed certificate in `certificates/` checked again by the independent checker
//! (`kayles-check`, which trusts nothing of this workspace): its file name must be the one
//! `kayles seq --certificates` gives the graph its header names, the checker must accept
//! it, and the value it verifies must be the term of that graph in the table of
//! docs/results.md (the section of its family and game).

use kayles_core::families::term_spec;
use kayles_core::GameKind;
use kayles_solve::certificates::file_name;
use std::path::{Path, PathBuf};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The families whose records are certified, as the section headings of
/// docs/results.md name them.
const TEMPLATES: [&str; 3] = ["grid:3xN", "petersen:N,2", "queens"];

/// The template and index of the family term named `spec`.
fn term_of(spec: &str) -> Option<(&'static str, usize)> {
    TEMPLATES
        .iter()
        .flat_map(|&t| (0..=64).map(move |n| (t, n)))
        .find(|&(t, n)| term_spec(t, n) == spec)
}

/// The value of term `n` in the table of the section of docs/results.md whose heading
/// ends with `` `HEADING` `` (first two columns: n and the value).
fn documented(doc: &str, heading: &str, n: usize) -> Option<u32> {
    let start = doc
        .lines()
        .position(|l| l.starts_with("## ") && l.trim_end().ends_with(heading))?;
    doc.lines()
        .skip(start + 1)
        .take_while(|l| !l.starts_with("## "))
        .filter(|l| l.starts_with('|'))
        .find_map(|l| {
            let mut cells = l.trim().trim_matches('|').split('|').map(str::trim);
            let m: usize = cells.next()?.parse().ok()?;
            let value = cells.next()?.trim_matches('*').parse().ok()?;
            (m == n).then_some(value)
        })
}

#[test]
fn every_committed_certificate_checks_to_its_documented_value() {
    let doc = std::fs::read_to_string(repo().join("docs/results.md")).unwrap();
    let mut files: Vec<PathBuf> = std::fs::read_dir(repo().join("certificates"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let mut checked = 0;
    for path in files {
        let name = path.file_name().unwrap().to_str().unwrap();
        let header = kayles_cert::format::Header::read(std::fs::File::open(&path).unwrap())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(file_name(&header.graph, header.game), name, "{name}");
        let verified = kayles_check::check(&header.graph, std::fs::File::open(&path).unwrap())
            .unwrap_or_else(|e| panic!("{name}: rejected: {e:?}"));
        assert_eq!(verified.nimber, header.nimber, "{name}");
        let (template, n) = term_of(&header.graph)
            .unwrap_or_else(|| panic!("{name}: {} is no term of {TEMPLATES:?}", header.graph));
        let heading = match header.game {
            GameKind::Node => format!("`{template}`"),
            GameKind::Arc => format!("`{template} --game arc`"),
        };
        assert_eq!(
            documented(&doc, &heading, n),
            Some(verified.nimber),
            "{name}: term {n} of the section {heading} of docs/results.md"
        );
        checked += 1;
    }
    assert!(
        checked >= 40,
        "the small certificates are committed: {checked}"
    );
}
