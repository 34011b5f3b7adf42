//! docs/ARCHITECTURE.md against the source tree: every crate has a section in the code
//! map, every source file of a crate is named in its section (`name.rs`, or `folder/`
//! for a folder's `mod.rs`; `lib.rs` and `main.rs` are the crate itself), and every file
//! a section names exists in its crate.

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

/// Whether the section `text` names the source file `file` (relative to `src/`).
fn names(text: &str, file: &str) -> bool {
    let (folder, name) = match file.rsplit_once('/') {
        Some((folder, name)) => (Some(folder), name),
        None => (None, file),
    };
    if name == "mod.rs" {
        let folder = folder.unwrap();
        return text.contains(&format!("`{folder}/`")) || text.contains(&format!("`{file}`"));
    }
    text.contains(&format!("`{name}`")) || text.contains(&format!("`{file}`"))
}

#[test]
fn every_source_file_is_in_the_code_map() {
    let doc = std::fs::read_to_string(repo().join("docs/ARCHITECTURE.md")).unwrap();
    let sections = sections(&doc);
    let mut missing = Vec::new();
    for folder in crate_folders() {
        let Some(text) = sections.get(&folder) else {
            missing.push(format!("{folder}: no section"));
            continue;
        };
        let mut files = Vec::new();
        rust_files(&repo().join(&folder).join("src"), "", &mut files);
        for file in files {
            if file != "lib.rs" && file != "main.rs" && !names(text, &file) {
                missing.push(format!("{folder}/src/{file}"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "docs/ARCHITECTURE.md's code map does not name: {missing:#?}"
    );
}

#[test]
fn every_file_the_code_map_names_exists() {
    let doc = std::fs::read_to_string(repo().join("docs/ARCHITECTURE.md")).unwrap();
    let mut absent = Vec::new();
    for (folder, text) in sections(&doc) {
        let root = repo().join(&folder);
        let mut files = Vec::new();
        rust_files(&root, "", &mut files);
        for token in text.split('`').skip(1).step_by(2) {
            if token.ends_with(".rs") && !token.contains(' ') {
                let found = files
                    .iter()
                    .any(|f| f == token || f.ends_with(&format!("/{token}")));
                if !found {
                    absent.push(format!("{folder}: {token}"));
                }
            }
        }
    }
    assert!(
        absent.is_empty(),
        "docs/ARCHITECTURE.md names files that do not exist: {absent:#?}"
    );
}

#[test]
fn the_check_sees_a_missing_file() {
    let text = "- `bits.rs` — sets.\n- `split/` — the split: `tree.rs`.";
    assert!(names(text, "bits.rs"));
    assert!(names(text, "split/mod.rs"));
    assert!(names(text, "split/tree.rs"));
    assert!(!names(text, "graph.rs"));
    assert!(!names(text, "engine/mod.rs"));
}
