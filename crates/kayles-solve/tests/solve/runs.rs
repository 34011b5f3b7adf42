//! Every committed run in `runs/` read again. A split directory (`jobs.g6`, its
//! manifest, `results.txt`) is re-joined through the library, which splits the graph
//! again and checks every job line, so a change to the files' formats or to the split
//! that leaves a record unreadable fails here; its value must be the one the row of
//! docs/results.md that names the directory gives. A terms file (`n value` lines) must
//! agree with the table of the section of docs/results.md that names its family.

use kayles_solve::graphs::Named;
use kayles_solve::scale_out::join::join;
use std::path::{Path, PathBuf};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn results_md() -> String {
    std::fs::read_to_string(repo().join("docs/results.md")).unwrap()
}

/// The entries of `runs/` with their names, in name order.
fn runs() -> Vec<(PathBuf, String)> {
    let mut runs: Vec<(PathBuf, String)> = std::fs::read_dir(repo().join("runs"))
        .unwrap()
        .map(|e| {
            let path = e.unwrap().path();
            let name = path.file_name().unwrap().to_str().unwrap().to_string();
            (path, name)
        })
        .collect();
    runs.sort();
    runs
}

/// The cells of a Markdown table row, trimmed.
fn cells(line: &str) -> Vec<&str> {
    line.trim()
        .trim_matches('|')
        .split('|')
        .map(str::trim)
        .collect()
}

/// The graph and the value of the row of docs/results.md whose route is a checkpoint run
/// in `runs/DIR`: `` | `SPEC` | **V** | `kayles nimber SPEC --checkpoint runs/DIR ...` ``.
fn documented(doc: &str, dir: &str) -> Option<(String, u32)> {
    let marker = format!("--checkpoint runs/{dir} ");
    let line = doc
        .lines()
        .find(|l| l.starts_with("| `") && l.contains(&marker))?;
    let row = cells(line);
    let spec = row[0].trim_matches('`').to_string();
    let value = row[1].trim_matches('*').parse().ok()?;
    Some((spec, value))
}

#[test]
fn every_committed_split_rejoins_to_its_documented_value() {
    let doc = results_md();
    let mut joined = 0;
    for (dir, name) in runs() {
        let jobs = dir.join("jobs.g6");
        if !jobs.exists() {
            continue;
        }
        let (spec, value) = documented(&doc, &name)
            .unwrap_or_else(|| panic!("no row of docs/results.md names runs/{name}"));
        let graph = Named::parse(&spec).unwrap();
        let result = join(&graph, &jobs, &[dir.join("results.txt")])
            .unwrap_or_else(|e| panic!("runs/{name}: {e:#}"));
        assert_eq!(result.value, value, "runs/{name}: {spec}");
        assert_eq!(result.manifest.graph, spec, "runs/{name}");
        assert_eq!(
            result.answers, result.manifest.jobs,
            "runs/{name}: one answer per job"
        );
        joined += 1;
    }
    assert!(
        joined >= 3,
        "the records of docs/results.md are committed: {joined}"
    );
}

/// The `n -> value` table of the section of docs/results.md whose heading names
/// `` `FAMILY --game GAME` `` (its first two columns).
fn documented_terms(doc: &str, heading: &str) -> Vec<(usize, u32)> {
    let start = doc
        .lines()
        .position(|l| l.starts_with("## ") && l.contains(heading))
        .unwrap_or_else(|| panic!("no section of docs/results.md for {heading}"));
    doc.lines()
        .skip(start + 1)
        .take_while(|l| !l.starts_with("## "))
        .filter(|l| l.starts_with('|'))
        .filter_map(|l| {
            let row = cells(l);
            Some((row[0].parse().ok()?, row[1].parse().ok()?))
        })
        .collect()
}

#[test]
fn every_committed_terms_file_agrees_with_its_table() {
    let doc = results_md();
    let mut checked = 0;
    for (path, name) in runs() {
        let Some(stem) = name.strip_suffix(".txt") else {
            continue;
        };
        // `arc-grid-3xN.txt`: Arc Kayles terms of `grid:3xN`.
        let (game, family) = stem.split_once('-').unwrap();
        let family = family.replacen('-', ":", 1);
        let table = documented_terms(&doc, &format!("`{family} --game {game}`"));
        let text = std::fs::read_to_string(&path).unwrap();
        for line in text.lines() {
            let mut parts = line.split_whitespace();
            let n: usize = parts.next().unwrap().parse().unwrap();
            let value: u32 = parts.next().unwrap().parse().unwrap();
            let row = table.iter().find(|&&(m, _)| m == n);
            assert_eq!(
                row.map(|r| r.1),
                Some(value),
                "{}: n = {n} is not {value} in docs/results.md",
                path.display()
            );
            checked += 1;
        }
    }
    assert!(checked > 0);
}
