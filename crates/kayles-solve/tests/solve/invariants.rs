//! The workspace's invariants (docs/ARCHITECTURE.md, "Invariants") held against
//! `cargo metadata` and the sources: dependencies point down a fixed order of layers,
//! dev-dependencies included; the checker depends on no crate of the workspace and only
//! on its zstd decoder at run time; every crate takes the workspace's `[lints]`; and
//! every dependency a crate declares is named in its sources.
//!
//! Each check is a pure function over the metadata and the files, tested on a broken
//! example of its own below, so a check that could no longer fail would be seen.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The layers, bottom first. A crate may depend, even as a dev- or build-dependency,
/// only on crates of a lower layer; crates of one layer do not depend on each other.
/// `kayles-check` is a layer of its own under everything, and only ever a
/// dev-dependency (see [`checker_faults`]).
const LAYERS: &[&[&str]] = &[
    &["kayles-check"],
    &["kayles-core"],
    &[
        "kayles-modules",
        "wak-reduce",
        "kayles-sequences",
        "kayles-draw",
    ],
    &["kayles-chains", "kayles-cert"],
    &["kayles-solve", "certify", "kayles-mpi"],
    &["kayles-cli", "kayles-py", "kayles-web", "xtask"],
];

/// The crates that may use the checker at run time, not only in their tests:
/// kayles-solve, whose `join --verify` checks every job's certificate with it before a
/// join (the checker still depends on nothing of the workspace).
const CHECKER_USERS: &[&str] = &["kayles-solve"];

/// What the checker may depend on at run time: std and a zstd decoder written apart
/// from the writer's compressor.
const CHECKER_RUNTIME: &[&str] = &["ruzstd"];

/// One declared dependency of a workspace crate.
#[derive(Debug, Clone, PartialEq)]
struct Dep {
    /// The crate that declares it.
    from: String,
    /// The package depended on.
    to: String,
    /// The name the sources use (the `rename`, else the package name), `-` as `_`.
    ident: String,
    /// `normal`, `dev` or `build`.
    kind: String,
}

/// One workspace crate: its name, its folder, and its dependencies.
#[derive(Debug)]
struct Krate {
    name: String,
    dir: PathBuf,
    deps: Vec<Dep>,
}

/// The workspace's crates, from `cargo metadata --no-deps` (declared dependencies only,
/// nothing resolved or fetched).
fn workspace() -> Vec<Krate> {
    let out = Command::new(env!("CARGO"))
        .args([
            "metadata",
            "--format-version",
            "1",
            "--offline",
            "--no-deps",
        ])
        .current_dir(repo())
        .output()
        .expect("cargo metadata runs");
    assert!(
        out.status.success(),
        "cargo metadata: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let meta: Value = serde_json::from_slice(&out.stdout).unwrap();
    meta["packages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let name = p["name"].as_str().unwrap().to_string();
            let manifest = PathBuf::from(p["manifest_path"].as_str().unwrap());
            let deps = p["dependencies"]
                .as_array()
                .unwrap()
                .iter()
                .map(|d| {
                    let to = d["name"].as_str().unwrap().to_string();
                    let ident = d["rename"].as_str().unwrap_or(&to).replace('-', "_");
                    Dep {
                        from: name.clone(),
                        to,
                        ident,
                        kind: d["kind"].as_str().unwrap_or("normal").to_string(),
                    }
                })
                .collect();
            Krate {
                name,
                dir: manifest.parent().unwrap().to_path_buf(),
                deps,
            }
        })
        .collect()
}

/// The layer of a workspace crate, if it has one.
fn layer(name: &str) -> Option<usize> {
    LAYERS.iter().position(|l| l.contains(&name))
}

/// Every dependency between workspace crates that does not point to a lower layer, and
/// every workspace crate without a layer.
fn direction_faults(crates: &[(String, Vec<Dep>)]) -> Vec<String> {
    let members: Vec<&str> = crates.iter().map(|(n, _)| n.as_str()).collect();
    let mut faults = Vec::new();
    for (name, deps) in crates {
        let Some(from) = layer(name) else {
            faults.push(format!(
                "{name}: in no layer (add it to LAYERS and the code map)"
            ));
            continue;
        };
        for d in deps.iter().filter(|d| members.contains(&d.to.as_str())) {
            match layer(&d.to) {
                Some(to) if to < from => {}
                _ => faults.push(format!(
                    "{name} -> {} ({}): not a lower layer",
                    d.to, d.kind
                )),
            }
        }
    }
    faults
}

/// What breaks the checker's independence: a dependency of `kayles-check` other than its
/// run-time decoder (or any crate of the workspace, even for its tests), and any crate
/// that depends on it other than for its tests (save [`CHECKER_USERS`]).
fn checker_faults(crates: &[(String, Vec<Dep>)]) -> Vec<String> {
    let members: Vec<&str> = crates.iter().map(|(n, _)| n.as_str()).collect();
    let mut faults = Vec::new();
    for (name, deps) in crates {
        for d in deps {
            if name == "kayles-check" {
                let allowed = if d.kind == "dev" {
                    !members.contains(&d.to.as_str())
                } else {
                    CHECKER_RUNTIME.contains(&d.to.as_str())
                };
                if !allowed {
                    faults.push(format!("kayles-check -> {} ({})", d.to, d.kind));
                }
            } else if d.to == "kayles-check"
                && d.kind != "dev"
                && !CHECKER_USERS.contains(&name.as_str())
            {
                faults.push(format!(
                    "{name} -> kayles-check ({}): not a dev-dependency",
                    d.kind
                ));
            }
        }
    }
    faults
}

/// Whether a manifest's text has `[lints]` with `workspace = true`.
fn takes_workspace_lints(manifest: &str) -> bool {
    let mut in_lints = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_lints = line == "[lints]";
        } else if in_lints && line.replace(' ', "") == "workspace=true" {
            return true;
        }
    }
    false
}

/// Whether `source` names the crate `ident`: `ident::`, `use ident` or `extern crate
/// ident`, not as the tail of a longer name.
fn names_crate(source: &str, ident: &str) -> bool {
    let bytes = source.as_bytes();
    let mut from = 0;
    while let Some(i) = source[from..].find(ident) {
        let at = from + i;
        let end = at + ident.len();
        from = end;
        let before = at.checked_sub(1).map(|j| bytes[j]);
        if before.is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_') {
            continue;
        }
        let after = &source[end..];
        if after.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_') {
            continue;
        }
        let head = source[..at].trim_end();
        if after.starts_with("::") || head.ends_with("use") || head.ends_with("extern crate") {
            return true;
        }
    }
    false
}

/// The `.rs` files below `dir`, and `build.rs` where it exists.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The text of the sources a dependency of this kind may be used from: `src/` (and
/// `build.rs`) for a dependency, also `tests/`, `benches/` and `examples/` for a
/// dev-dependency, `build.rs` for a build-dependency.
fn text_for(dir: &Path, kind: &str) -> String {
    let folders: &[&str] = match kind {
        "dev" => &["src", "tests", "benches", "examples"],
        "build" => &[],
        _ => &["src"],
    };
    let mut files = Vec::new();
    for folder in folders {
        sources(&dir.join(folder), &mut files);
    }
    if dir.join("build.rs").exists() {
        files.push(dir.join("build.rs"));
    }
    files
        .iter()
        .map(|f| std::fs::read_to_string(f).unwrap())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The dependencies of one crate that its sources never name.
fn unused(deps: &[Dep], text_for: impl Fn(&str) -> String) -> Vec<String> {
    deps.iter()
        .filter(|d| !names_crate(&text_for(&d.kind), &d.ident))
        .map(|d| {
            format!(
                "{} -> {} ({}): never named as `{}`",
                d.from, d.to, d.kind, d.ident
            )
        })
        .collect()
}

fn graph(crates: &[Krate]) -> Vec<(String, Vec<Dep>)> {
    crates
        .iter()
        .map(|k| (k.name.clone(), k.deps.clone()))
        .collect()
}

#[test]
fn dependencies_point_down_the_layers() {
    let faults = direction_faults(&graph(&workspace()));
    assert!(faults.is_empty(), "{faults:#?}");
}

#[test]
fn the_checker_stands_alone() {
    let faults = checker_faults(&graph(&workspace()));
    assert!(faults.is_empty(), "{faults:#?}");
}

#[test]
fn every_crate_takes_the_workspace_lints() {
    let missing: Vec<String> = workspace()
        .iter()
        .filter(|k| {
            !takes_workspace_lints(&std::fs::read_to_string(k.dir.join("Cargo.toml")).unwrap())
        })
        .map(|k| k.name.clone())
        .collect();
    assert!(
        missing.is_empty(),
        "no `[lints] workspace = true`: {missing:?}"
    );
}

#[test]
fn every_dependency_is_used() {
    let mut faults = Vec::new();
    for k in workspace() {
        faults.extend(unused(&k.deps, |kind| text_for(&k.dir, kind)));
    }
    assert!(faults.is_empty(), "{faults:#?}");
}

/// The text files a reader meets: sources, docs, fixtures' comments, CI (not `target/`,
/// not the committed runs and certificates, which are data).
fn text_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if path.is_dir() {
            if !["target", "runs", "certificates", ".git"].contains(&name.as_str())
                && !name.ends_with("venv")
            {
                text_files(&path, out);
            }
        } else if [".rs", ".md", ".py", ".pyi", ".toml", ".txt"]
            .iter()
            .any(|e| name.ends_with(e))
            || name == "run"
        {
            out.push(path);
        }
    }
}

/// Where `text` cites what the repository does not hold: an issue tracker's numbers
/// (the word and a number) or the specification files that were never committed. One
/// entry per line.
fn foreign_references(text: &str) -> Vec<String> {
    let files = ["DESIGN", "CLAIMS", "ENGINE"].map(|f| format!("{f}.md"));
    let mut found = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let lower = line.to_lowercase();
        let issue = lower
            .match_indices("issue ")
            .any(|(at, m)| lower[at + m.len()..].starts_with(|c: char| c.is_ascii_digit()));
        if issue || files.iter().any(|f| line.contains(f.as_str())) {
            found.push(format!("{}: {}", i + 1, line.trim()));
        }
    }
    found
}

#[test]
fn nothing_cites_what_the_repository_does_not_hold() {
    let root = repo();
    let mut files = Vec::new();
    for top in ["crates", "xtask", "docs", "fixtures", ".ci"] {
        text_files(&root.join(top), &mut files);
    }
    files.push(root.join("README.md"));
    let mut found = Vec::new();
    for file in files {
        let Ok(text) = std::fs::read_to_string(&file) else {
            continue;
        };
        let shown = file
            .strip_prefix(&root)
            .unwrap_or(&file)
            .display()
            .to_string();
        found.extend(
            foreign_references(&text)
                .into_iter()
                .map(|f| format!("{shown}:{f}")),
        );
    }
    assert!(found.is_empty(), "{found:#?}");
}

/// What a crate that does no I/O never writes: files, processes, the network, the
/// standard streams, printing, `/proc`.
const IO: &[&str] = &[
    "std::fs",
    "File::",
    "std::process",
    "std::net",
    "stdin()",
    "stdout()",
    "stderr()",
    "println!",
    "eprintln!",
    "print!(",
    "eprint!(",
    "\"/proc",
];

/// The lines of `source` that do I/O (by [`IO`]).
fn io_lines(source: &str) -> Vec<String> {
    source
        .lines()
        .enumerate()
        .filter(|(_, line)| IO.iter().any(|io| line.contains(io)))
        .map(|(i, line)| format!("{}: {}", i + 1, line.trim()))
        .collect()
}

/// The library crates under `kayles-solve` do no I/O: they parse and format strings and
/// compute, and `kayles-cert` writes only into the `std::io::Write` its caller passes.
/// Files, streams and the machine are `kayles-solve`'s, the front ends' and certify's.
#[test]
fn the_lower_layers_do_no_io() {
    let mut found = Vec::new();
    for layer in &LAYERS[1..4] {
        for name in *layer {
            let dir = repo().join("crates").join(name).join("src");
            let mut files = Vec::new();
            sources(&dir, &mut files);
            assert!(
                !files.is_empty(),
                "{name}: no sources under {}",
                dir.display()
            );
            for file in files {
                let text = std::fs::read_to_string(&file).unwrap();
                let shown = file
                    .strip_prefix(repo())
                    .unwrap_or(&file)
                    .display()
                    .to_string();
                found.extend(io_lines(&text).into_iter().map(|l| format!("{shown}:{l}")));
            }
        }
    }
    assert!(found.is_empty(), "{found:#?}");
}

fn dep(from: &str, to: &str, kind: &str) -> Dep {
    Dep {
        from: from.into(),
        to: to.into(),
        ident: to.replace('-', "_"),
        kind: kind.into(),
    }
}

#[test]
fn the_checks_see_what_they_forbid() {
    // A dev-dependency upwards, a crate on its own layer, a crate with no layer.
    let crates = vec![
        ("kayles-core".to_string(), vec![]),
        (
            "kayles-cert".to_string(),
            vec![dep("kayles-cert", "kayles-solve", "dev")],
        ),
        (
            "kayles-solve".to_string(),
            vec![dep("kayles-solve", "certify", "normal")],
        ),
        (
            "certify".to_string(),
            vec![dep("certify", "kayles-core", "normal")],
        ),
        ("newcomer".to_string(), vec![]),
    ];
    assert_eq!(
        direction_faults(&crates),
        [
            "kayles-cert -> kayles-solve (dev): not a lower layer",
            "kayles-solve -> certify (normal): not a lower layer",
            "newcomer: in no layer (add it to LAYERS and the code map)",
        ]
    );
    let crates = vec![
        (
            "kayles-check".to_string(),
            vec![
                dep("kayles-check", "ruzstd", "normal"),
                dep("kayles-check", "zstd", "normal"),
                dep("kayles-check", "quickcheck", "dev"),
                dep("kayles-check", "kayles-core", "dev"),
            ],
        ),
        ("kayles-core".to_string(), vec![]),
        (
            "kayles-cli".to_string(),
            vec![dep("kayles-cli", "kayles-check", "normal")],
        ),
        (
            "kayles-solve".to_string(),
            vec![dep("kayles-solve", "kayles-check", "dev")],
        ),
    ];
    assert_eq!(
        checker_faults(&crates),
        [
            "kayles-check -> zstd (normal)",
            "kayles-check -> kayles-core (dev)",
            "kayles-cli -> kayles-check (normal): not a dev-dependency",
        ]
    );
    assert!(takes_workspace_lints(
        "[package]\n\n[lints]\nworkspace = true\n"
    ));
    assert!(!takes_workspace_lints(
        "[package]\n[lints.rust]\nworkspace = true\n"
    ));
    assert!(!takes_workspace_lints(
        "[lints]\n[dependencies]\nworkspace = true\n"
    ));
    assert!(names_crate("use kayles_core::Graph;", "kayles_core"));
    assert!(names_crate(
        "let g = kayles_core::graph6::parse(s);",
        "kayles_core"
    ));
    assert!(names_crate("use serde;", "serde"));
    assert!(!names_crate("use serde_json::Value;", "serde"));
    assert!(!names_crate("my_serde::x", "serde"));
    assert!(!names_crate("// serde is not used here", "serde"));
    let deps = [
        dep("x", "itertools", "dev"),
        dep("x", "thiserror", "normal"),
        dep("x", "kayles-core", "normal"),
    ];
    let text = |kind: &str| match kind {
        "dev" => "use kayles_core::brute;\n#[derive(thiserror::Error)]".to_string(),
        _ => "use kayles_core::Graph;".to_string(),
    };
    assert_eq!(
        io_lines("let x = 1;\nlet f = std::fs::read(p);\nprintln!(\"{x}\");\n"),
        ["2: let f = std::fs::read(p);", "3: println!(\"{x}\");"]
    );
    // Written with `{}` so that this file does not cite them itself.
    let (cited, spec) = (
        format!("see Issue {} and issue {}", 7, 12),
        format!("per {}.md", "DESIGN"),
    );
    let cites = format!("ok\n{cited}\nthe issue is\n{spec}\n");
    assert_eq!(
        foreign_references(&cites),
        [format!("2: {cited}"), format!("4: {spec}")]
    );
    assert_eq!(
        unused(&deps, text),
        [
            "x -> itertools (dev): never named as `itertools`",
            "x -> thiserror (normal): never named as `thiserror`",
        ]
    );
}
