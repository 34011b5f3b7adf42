//! The scripts of docs/oeis/ run as written: each folder's `reproduce.sh` remakes the
//! first terms of its b-file with `kayles nimber --certificate`, checks each certificate
//! with `kayles-check`, and compares both with the b-file; a b-file with a wrong term
//! stops it with exit status 1 and a line naming the term.

use super::hostile::checker_binary;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const FOLDERS: [&str; 3] = ["A316632", "A316533", "A344227"];

fn docs() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/oeis")
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("oeis-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn reproduce(script: &Path, max_n: usize, out: &Path) -> Output {
    Command::new("sh")
        .arg(script)
        .arg(max_n.to_string())
        .env("KAYLES", env!("CARGO_BIN_EXE_kayles"))
        .env("KAYLES_CHECK", checker_binary())
        .env("OUT", out)
        .output()
        .expect("sh runs")
}

/// The `n a(n)` lines of a b-file.
fn b_file(folder: &Path) -> Vec<(usize, u32)> {
    let name = format!(
        "b{}.txt",
        &folder.file_name().unwrap().to_str().unwrap()[1..]
    );
    std::fs::read_to_string(folder.join(name))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let (n, v) = l.split_once(' ').unwrap();
            (n.parse().unwrap(), v.parse().unwrap())
        })
        .collect()
}

#[test]
fn each_folders_script_remakes_and_checks_its_first_terms() {
    for folder in FOLDERS {
        let dir = docs().join(folder);
        let out = scratch(folder);
        let run = reproduce(&dir.join("reproduce.sh"), 11, &out);
        let stdout = String::from_utf8_lossy(&run.stdout);
        assert!(
            run.status.success(),
            "{folder}: {stdout}{}",
            String::from_utf8_lossy(&run.stderr)
        );
        let expected: Vec<String> = b_file(&dir)
            .into_iter()
            .filter(|&(n, _)| n <= 11)
            .map(|(n, v)| format!("a({n}) = {v} "))
            .collect();
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(lines.len(), expected.len(), "{folder}: {stdout}");
        for (line, want) in lines.iter().zip(&expected) {
            assert!(
                line.starts_with(want.as_str()),
                "{folder}: {line} is not {want}"
            );
        }
        // Every certificate the script made is on disk and names its graph.
        assert_eq!(std::fs::read_dir(&out).unwrap().count(), expected.len());
    }
}

#[test]
fn a_wrong_term_in_a_b_file_stops_the_script() {
    let copy = scratch("tampered");
    let dir = docs().join("A316632");
    for file in ["reproduce.sh", "b316632.txt"] {
        std::fs::copy(dir.join(file), copy.join(file)).unwrap();
    }
    let b = copy.join("b316632.txt");
    let text = std::fs::read_to_string(&b).unwrap();
    assert!(text.contains("\n5 3\n"), "a(5) = 3 in the b-file");
    std::fs::write(&b, text.replace("\n5 3\n", "\n5 2\n")).unwrap();
    let out = scratch("tampered-out");
    let run = reproduce(&copy.join("reproduce.sh"), 6, &out);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("a(5) is 2 in b316632.txt") && stderr.contains("gave 3"),
        "{stderr}"
    );
    // The terms before it were remade and checked.
    assert_eq!(String::from_utf8_lossy(&run.stdout).lines().count(), 4);
}
