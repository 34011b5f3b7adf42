//! docs/ARCHITECTURE.md against the source tree: every crate has a section in the code
//! map, every source file of a crate is named in its section by its path below `src/`
//! (`engine/mex.rs`, not `mex.rs`; `folder/` for a folder's `mod.rs`; `lib.rs` and
//! `main.rs` are the crate itself), and every `.rs` path a section names exists in its
//! crate (below `src/`, or from the crate's folder: `tests/core/main.rs`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The code map's sections: `### \`crates/NAME\`` (or `### \`xtask\``) to their text.
fn sections(doc: &str) -> BTreeMap<String, String> {
    let map = &doc[doc.find("## Code map").expect("a code map")..];
    let map = &map[..map[3..].find("\n## ").map_or(map.len(), |i| i + 3)];
    let mut sections = BTreeMap::new();
    let mut current: Option<(String, String)> = None;
    for line in map.lines() {
        if let Some(title) = line.strip_prefix("### `") {
            if let Some((name, text)) = current.take() {
                sections.insert(name, text);
            }
            current = Some((title.trim_end_matches('`').to_string(), String::new()));
        } else if let Some((_, text)) = current.as_mut() {
            text.push_str(line);
            text.push('\n');
        }
    }
    if let Some((name, text)) = current {
        sections.insert(name, text);
    }
    sections
}

/// The `.rs` files below `dir`, as paths relative to it.
fn rust_files(dir: &Path, prefix: &str, out: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        if path.is_dir() {
            rust_files(&path, &format!("{prefix}{name}/"), out);
        } else if name.ends_with(".rs") {
            out.push(format!("{prefix}{name}"));
        }
    }
}

/// The crate folders: `crates/*` and `xtask`.
fn crate_folders() -> Vec<String> {
    let mut folders: Vec<String> = std::fs::read_dir(repo().join("crates"))
        .unwrap()
        .map(|e| format!("crates/{}", e.unwrap().file_name().to_str().unwrap()))
        .collect();
    folders.push("xtask".to_string());
    folders.sort();
    folders
}

/// Whether the section `text` names the source file `file` (its path below `src/`): the
/// whole path in backquotes, or `folder/` for `folder/mod.rs`. A base name alone does not
/// count, so `engine/mex.rs` and `mex.rs` are told apart.
fn names(text: &str, file: &str) -> bool {
    if let Some(folder) = file.strip_suffix("/mod.rs") {
        if text.contains(&format!("`{folder}/`")) {
            return true;
        }
    }
    text.contains(&format!("`{file}`"))
}

/// The code map's sections, each with the `.rs` files of its crate (relative to the
/// crate's folder).
fn sections_and_files() -> Vec<(String, Option<String>, Vec<String>)> {
    let doc = std::fs::read_to_string(repo().join("docs/ARCHITECTURE.md")).unwrap();
    let mut sections = sections(&doc);
    crate_folders()
        .into_iter()
        .map(|folder| {
            let mut files = Vec::new();
            rust_files(&repo().join(&folder), "", &mut files);
            let text = sections.remove(&folder);
            (folder, text, files)
        })
        .collect()
}

/// The files of `folder` its section `text` does not name (every `.rs` file of `src/`
/// but the crate roots), and the `.rs` files it names that `folder` does not hold.
fn drift(folder: &str, text: &str, files: &[String]) -> Vec<String> {
    let unnamed = files
        .iter()
        .filter_map(|f| f.strip_prefix("src/"))
        .filter(|f| *f != "lib.rs" && *f != "main.rs" && !names(text, f))
        .map(|f| format!("{folder}/src/{f}: not in the code map"));
    let named = text.split('`').skip(1).step_by(2);
    let absent = named
        .filter(|t| t.ends_with(".rs") && !t.contains(' '))
        .filter(|t| !files.iter().any(|f| f == t || f == &format!("src/{t}")))
        .map(|t| format!("{folder}: {t} named but missing"));
    unnamed.chain(absent).collect()
}

#[test]
fn the_code_map_and_the_source_tree_agree() {
    let mut wrong = Vec::new();
    for (folder, text, files) in sections_and_files() {
        match text {
            Some(text) => wrong.extend(drift(&folder, &text, &files)),
            None => wrong.push(format!("{folder}: no section")),
        }
    }
    assert!(wrong.is_empty(), "docs/ARCHITECTURE.md: {wrong:#?}");
}

#[test]
fn the_check_sees_a_missing_file() {
    let text = "- `bits.rs` — sets.\n- `split/` — the split: `split/tree.rs`; `gone.rs`.\n\
                - `engine/mex.rs` — a method; tests in `tests/x/main.rs`, `tests/x/gone.rs`.";
    assert!(names(text, "bits.rs"));
    assert!(names(text, "split/mod.rs"));
    assert!(names(text, "split/tree.rs"));
    assert!(names(text, "engine/mex.rs"));
    assert!(!names(text, "graph.rs"));
    assert!(!names(text, "engine/mod.rs"));
    // A base name does not name a file in another folder, either way round.
    assert!(!names(text, "mex.rs"));
    assert!(!names("- `mex.rs` — the operator.", "engine/mex.rs"));
    assert!(!names("- `tree.rs` — a tree.", "split/tree.rs"));
    let files = [
        "src/lib.rs",
        "src/bits.rs",
        "src/graph.rs",
        "src/mex.rs",
        "src/engine/mex.rs",
        "src/split/mod.rs",
        "src/split/tree.rs",
        "tests/x/main.rs",
    ]
    .map(String::from);
    assert_eq!(
        drift("crates/x", text, &files),
        [
            "crates/x/src/graph.rs: not in the code map",
            "crates/x/src/mex.rs: not in the code map",
            "crates/x: gone.rs named but missing",
            "crates/x: tests/x/gone.rs named but missing",
        ]
    );
}
