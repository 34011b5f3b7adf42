//! The workspace's invariants (docs/ARCHITECTURE.md, "Invariants") held against
//! `cargo metadata` and the sources: dependencies point down a fixed order of layers,
//! dev-dependencies included; the checker depends on no crate of the workspace and only
//! on its zstd decoder at run time; every crate takes the workspace's `[lints]`; every
//! dependency a crate declares is named in its sources; and no modules of a crate import
//! each other in a circle.
//!
//! Each check is a pure function over the metadata and the files, tested on a broken
//! example of its own below, so a check that could no longer fail would be seen.

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
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
    &["kayles-graph"],
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
/// join, and xtask, whose `oeis` checks every committed certificate again before it lists
/// one in an OEIS folder (the checker still depends on nothing of the workspace).
const CHECKER_USERS: &[&str] = &["kayles-solve", "xtask"];

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

/// `text` without its comments (`//` to the end of the line: line, doc and inner doc
/// comments; a doc link is not an import) and without its unit tests (from a line
/// `#[cfg(test)]` followed by `mod`: the tests may take their graphs from anywhere).
fn code_of(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod ") {
        Some(at) => &text[..at],
        None => text,
    };
    text.lines()
        .map(|line| line.find("//").map_or(line, |at| &line[..at]))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The identifier at the start of `text` (empty when there is none).
fn ident_at(text: &str) -> &str {
    let end = text
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    &text[..end]
}

/// The first names of every path `code` writes from `crate::`: `crate::a::B` gives `a`,
/// `crate::{a::B, C}` gives `a` and `C` (not `$crate::`, a macro's own crate).
fn crate_paths(code: &str) -> Vec<String> {
    let mut names = Vec::new();
    for (at, _) in code.match_indices("crate::") {
        let before = code[..at].chars().next_back();
        if before.is_some_and(|c| c == '$' || c.is_ascii_alphanumeric() || c == '_') {
            continue;
        }
        let rest = &code[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let (mut depth, mut start) = (0, 0);
            for (i, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => {
                        names.push(ident_at(group[start..i].trim()).to_string());
                        break;
                    }
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        names.push(ident_at(group[start..i].trim()).to_string());
                        start = i + 1;
                    }
                    _ => {}
                }
            }
        } else {
            names.push(ident_at(rest).to_string());
        }
    }
    names.retain(|n| !n.is_empty());
    names
}

/// A crate's top-level modules (a file `x.rs` or a folder `x/` below `src/`, named `x`),
/// each with the top-level modules its code names through `crate::`. `files` are the
/// source files as (path below `src/`, text); a name the crate root re-exports (`pub use
/// graph::Graph;` makes `crate::Graph` the module `graph`) counts as its module.
fn module_imports(files: &[(String, String)]) -> BTreeMap<String, BTreeSet<String>> {
    let is_root = |path: &str| path == "lib.rs" || path == "main.rs";
    let module_of = |path: &str| {
        let first = path.split('/').next().unwrap_or(path);
        first.strip_suffix(".rs").unwrap_or(first).to_string()
    };
    let modules: BTreeSet<String> = files
        .iter()
        .filter(|(p, _)| !is_root(p))
        .map(|(p, _)| module_of(p))
        .collect();
    // The root's re-exports: `pub use a::{B, C};` and `pub use a::B;`.
    let mut reexports = BTreeMap::new();
    for (_, text) in files.iter().filter(|(p, _)| is_root(p)) {
        for statement in code_of(text).split(';') {
            let Some(path) = statement.trim().strip_prefix("pub use ") else {
                continue;
            };
            let from = ident_at(path.trim_start_matches("crate::")).to_string();
            if !modules.contains(&from) {
                continue;
            }
            let tail = &path[path.find("::").map_or(path.len(), |i| i + 2)..];
            for item in tail.trim_matches(|c| c == '{' || c == '}').split(',') {
                let item = item.trim();
                let name = item.rsplit(" as ").next().unwrap_or(item).trim();
                reexports.insert(ident_at(name).to_string(), from.clone());
            }
        }
    }
    let mut imports: BTreeMap<String, BTreeSet<String>> = modules
        .iter()
        .map(|m| (m.clone(), BTreeSet::new()))
        .collect();
    for (path, text) in files.iter().filter(|(p, _)| !is_root(p)) {
        let from = module_of(path);
        for name in crate_paths(&code_of(text)) {
            let to = if modules.contains(&name) {
                Some(name)
            } else {
                reexports.get(&name).cloned()
            };
            if let Some(to) = to.filter(|to| *to != from) {
                imports.get_mut(&from).unwrap().insert(to);
            }
        }
    }
    imports
}

/// Every circle of modules: each set of two or more modules that reach each other through
/// their imports, as `a -> b -> ... -> a` (one path through them, starting from the
/// least name).
fn circles(imports: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    // The shortest path of imports from `from` to `to`, if any (breadth first).
    let path = |from: &str, to: &str| -> Option<Vec<String>> {
        let mut came: BTreeMap<String, String> = BTreeMap::new();
        let mut queue = std::collections::VecDeque::from([from.to_string()]);
        while let Some(m) = queue.pop_front() {
            for next in imports.get(&m).into_iter().flatten() {
                if came.contains_key(next) || next == from {
                    continue;
                }
                came.insert(next.clone(), m.clone());
                if next == to {
                    let mut path = vec![to.to_string()];
                    while let Some(prev) = came.get(path.last().unwrap()) {
                        path.push(prev.clone());
                        if prev == from {
                            break;
                        }
                    }
                    path.reverse();
                    return Some(path);
                }
                queue.push_back(next.clone());
            }
        }
        None
    };
    let mut seen = BTreeSet::new();
    let mut found = Vec::new();
    for m in imports.keys() {
        if seen.contains(m) {
            continue;
        }
        let circle: Vec<&String> = imports
            .keys()
            .filter(|o| *o != m && path(m, o).is_some() && path(o, m).is_some())
            .collect();
        if circle.is_empty() {
            continue;
        }
        seen.extend(circle.iter().map(|s| s.to_string()));
        let there = path(m, circle[0]).unwrap();
        let back = path(circle[0], m).unwrap();
        let mut shown = there;
        shown.extend(back.into_iter().skip(1));
        found.push(shown.join(" -> "));
    }
    found
}

/// The source files of a crate's `src/`, as (path below `src/`, text).
fn crate_sources(dir: &Path) -> Vec<(String, String)> {
    let src = dir.join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    files.sort();
    files
        .iter()
        .map(|f| {
            let path = f.strip_prefix(&src).unwrap().to_string_lossy().to_string();
            (path, std::fs::read_to_string(f).unwrap())
        })
        .collect()
}

#[test]
fn no_modules_import_each_other_in_a_circle() {
    let mut found = Vec::new();
    for k in workspace() {
        let imports = module_imports(&crate_sources(&k.dir));
        found.extend(
            circles(&imports)
                .into_iter()
                .map(|c| format!("{}: {c}", k.name)),
        );
    }
    assert!(found.is_empty(), "modules in a circle: {found:#?}");
}

/// The order of a crate's modules that docs/ARCHITECTURE.md writes down, bottom first:
/// the paragraph of the crate's section that opens `Modules, bottom first: `a` < `b` <
/// ...`, the names joined by `<` (folders as `x/`; the first name not followed by `<`
/// ends the order).
fn documented_order(section: &str) -> Option<Vec<String>> {
    let text = section
        .lines()
        .skip_while(|l| !l.starts_with("Modules, bottom first:"))
        .take_while(|l| !l.trim().is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    let mut rest = text.strip_prefix("Modules, bottom first:")?.trim_start();
    let mut names = Vec::new();
    while let Some(quoted) = rest.strip_prefix('`') {
        let end = quoted.find('`')?;
        names.push(quoted[..end].trim_end_matches('/').to_string());
        match quoted[end + 1..].trim_start().strip_prefix('<') {
            Some(more) => rest = more.trim_start(),
            None => break,
        }
    }
    Some(names)
}

/// The imports that do not point down `order` (bottom first), and the modules it leaves
/// out or names in vain.
fn order_faults(imports: &BTreeMap<String, BTreeSet<String>>, order: &[String]) -> Vec<String> {
    let place = |m: &str| order.iter().position(|o| o == m);
    let mut faults = Vec::new();
    for (from, tos) in imports {
        let Some(f) = place(from) else {
            faults.push(format!("{from}: not in the written order"));
            continue;
        };
        for to in tos {
            if place(to).is_some_and(|t| t >= f) {
                faults.push(format!("{from} -> {to}: not a module below it"));
            }
        }
    }
    for m in order.iter().filter(|m| !imports.contains_key(*m)) {
        faults.push(format!("{m}: written in the order, not a module"));
    }
    faults
}

/// The crates whose module order docs/ARCHITECTURE.md writes down.
const ORDERED: &[&str] = &["kayles-graph", "kayles-core"];

#[test]
fn the_written_module_order_holds() {
    let doc = std::fs::read_to_string(repo().join("docs/ARCHITECTURE.md")).unwrap();
    let mut faults = Vec::new();
    for name in ORDERED {
        let title = format!("### `crates/{name}`");
        let at = doc
            .find(&title)
            .unwrap_or_else(|| panic!("no section {title}"));
        let section = &doc[at + title.len()..];
        let section = &section[..section.find("\n### ").unwrap_or(section.len())];
        let order = documented_order(section)
            .unwrap_or_else(|| panic!("{name}: no line `Modules, bottom first:`"));
        let imports = module_imports(&crate_sources(&repo().join("crates").join(name)));
        faults.extend(
            order_faults(&imports, &order)
                .into_iter()
                .map(|f| format!("{name}: {f}")),
        );
    }
    assert!(faults.is_empty(), "{faults:#?}");
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
    for layer in &LAYERS[1..5] {
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

#[test]
fn the_circle_check_sees_a_circle() {
    let file = |p: &str, t: &str| (p.to_string(), t.to_string());
    let files = [
        file(
            "lib.rs",
            "pub mod a;\npub mod b;\npub use b::{Bee, Bop as Bo};\npub use other::X;",
        ),
        file(
            "a.rs",
            "use crate::Bee;\n// use crate::c::Gone;\nfn f() { $crate::c::x(); }",
        ),
        file("b/mod.rs", "use crate::{c::{self, D}, X};\nuse super::z;"),
        file("b/inner.rs", "fn g() -> crate::d::E { todo!() }"),
        file("c.rs", "//! Uses [`a`](crate::a).\nuse crate::a::Ay;"),
        file("d.rs", "use crate::e;"),
        file(
            "e.rs",
            "use crate::d::Dee;\n#[cfg(test)]\nmod tests {\n    use crate::f;\n}",
        ),
        file("f.rs", "use crate::a;"),
    ];
    let imports = module_imports(&files);
    let names = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<BTreeSet<_>>();
    assert_eq!(imports["a"], names(&["b"]));
    assert_eq!(imports["b"], names(&["c", "d"]));
    assert_eq!(imports["c"], names(&["a"]));
    assert_eq!(imports["f"], names(&["a"]));
    assert_eq!(circles(&imports), ["a -> b -> c -> a", "d -> e -> d"]);
    let order: Vec<String> = ["e", "d", "c", "b", "a", "f", "gone"]
        .map(String::from)
        .to_vec();
    assert_eq!(
        order_faults(&imports, &order),
        [
            "c -> a: not a module below it",
            "e -> d: not a module below it",
            "gone: written in the order, not a module",
        ]
    );
    let section = "Text.\n\nModules, bottom first: `e` < `d` <\n`b/` < `a` (not `f`).\n\nMore `x`.";
    assert_eq!(
        documented_order(section),
        Some(["e", "d", "b", "a"].map(String::from).to_vec())
    );
    assert_eq!(documented_order("No order here."), None);
}
