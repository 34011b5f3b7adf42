//! `kayles nimber GRAPH --certificate FILE`: the file is a certificate that the
//! independent checker (the `kayles-check` library) verifies, in both games, also when
//! written from the search's own tree on several threads (`--proof-from-search`).

use super::{error, stdout};

#[test]
fn certificates_written_by_the_command_check() {
    let dir = std::env::temp_dir().join(format!("kayles-cert-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (graph, game, want) in [
        ("grid:3x6", "node", "3"),
        ("path:4", "arc", "2"),
        ("queens:4", "node", "1"),
        ("IheA@GUAo", "arc", "0"),
        // By the mirror strategy, one fact, without a search (which would not end).
        ("grid:2x66", "arc", "0"),
        ("grid:8x8", "node", "0"),
    ] {
        let file = dir.join(format!("{}.{game}.cert", graph.replace(':', "_")));
        let path = file.to_str().unwrap();
        let out = stdout(&["nimber", "--game", game, graph, "--certificate", path]);
        assert_eq!(out.trim(), want, "{graph} {game}");
        let verified = kayles_check::check(graph, std::fs::File::open(&file).unwrap());
        assert_eq!(
            verified.map(|v| v.nimber.to_string()).ok(),
            Some(want.into()),
            "{graph}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn certificate_takes_one_graph() {
    let file = std::env::temp_dir().join(format!("kayles-cert-two-{}", std::process::id()));
    let path = file.to_str().unwrap();
    let err = error(&["nimber", "path:3", "path:4", "--certificate", path], "");
    assert!(err.contains("--certificate takes one GRAPH"), "{err}");
    let err = error(&["nimber", "-", "--certificate", path], "Bw\n");
    assert!(err.contains("--certificate takes one GRAPH"), "{err}");
}

#[test]
fn certificate_path_that_cannot_be_written_fails_before_the_search() {
    let err = error(
        &[
            "nimber",
            "grid:3x6",
            "--certificate",
            "/nonexistent-dir/x.cert",
        ],
        "",
    );
    assert!(err.contains("creating /nonexistent-dir/x.cert"), "{err}");
}

/// A fresh directory under the system's temporary one.
fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("kayles-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Checks every certificate `seq` wrote: one per term, named by its spec, verified by the
/// checker with the value printed.
fn check_terms(dir: &std::path::Path, prefix: &str, template: &str, lines: &str) {
    for line in lines.lines() {
        let (n, value) = line.split_once(' ').unwrap();
        let spec = template.replace('N', n);
        let file = dir.join(format!("{prefix}{}.cert", spec.replace([':', ','], "_")));
        let verified = kayles_check::check(&spec, std::fs::File::open(&file).unwrap())
            .unwrap_or_else(|e| panic!("{}: {e:?}", file.display()));
        assert_eq!(verified.nimber.to_string(), value, "{spec}");
    }
}

#[test]
fn seq_writes_one_certificate_per_term() {
    let dir = temp_dir("seq-certs");
    let path = dir.to_str().unwrap();
    let out = stdout(&["seq", "grid:3xN", "--terms", "7", "--certificates", path]);
    assert_eq!(out, stdout(&["seq", "grid:3xN", "--terms", "7"]));
    check_terms(&dir, "", "grid:3xN", &out);
    let arc = stdout(&[
        "seq",
        "petersen:N,2",
        "--terms",
        "7",
        "--game",
        "arc",
        "--certificates",
        path,
    ]);
    assert_eq!(arc.lines().count(), 4, "{arc}"); // n = 4..=7
    check_terms(&dir, "arc_", "petersen:N,2", &arc);
    // Only finished certificates are left: no .part files.
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert_eq!(names.len(), 7 + 4, "{names:?}");
    assert!(names.iter().all(|n| n.ends_with(".cert")), "{names:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn seq_resume_does_not_certify_a_term_twice() {
    let dir = temp_dir("seq-resume");
    let path = dir.to_str().unwrap();
    stdout(&["seq", "queens", "--terms", "5", "--certificates", path]);
    let before = std::fs::metadata(dir.join("queens_5.cert"))
        .unwrap()
        .modified()
        .unwrap();
    let json = stdout(&[
        "--json",
        "seq",
        "queens",
        "--terms",
        "7",
        "--certificates",
        path,
        "--resume",
    ]);
    let routes: Vec<(u64, String)> = json
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            (
                v["n"].as_u64().unwrap(),
                v["route"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let want: Vec<(u64, String)> = (1..=7)
        .map(|n| (n, if n <= 5 { "certificate" } else { "search" }.to_string()))
        .collect();
    assert_eq!(routes, want);
    let after = std::fs::metadata(dir.join("queens_5.cert"))
        .unwrap()
        .modified()
        .unwrap();
    assert_eq!(before, after, "queens_5.cert was written again");
    check_terms(
        &dir,
        "",
        "queens:N",
        &stdout(&["seq", "queens", "--terms", "7"]),
    );
    // Without --resume every term is searched and certified again.
    let again = stdout(&[
        "--json",
        "seq",
        "queens",
        "--terms",
        "2",
        "--certificates",
        path,
    ]);
    assert!(
        again.lines().all(|l| l.contains("\"route\":\"search\"")),
        "{again}"
    );
    // A file under a term's name that certifies another graph is an error.
    std::fs::copy(dir.join("queens_6.cert"), dir.join("queens_3.cert")).unwrap();
    let err = error(
        &[
            "seq",
            "queens",
            "--terms",
            "4",
            "--certificates",
            path,
            "--resume",
        ],
        "",
    );
    assert!(
        err.contains(
            "queens_3.cert certifies Node Kayles on queens:6, not Node Kayles on queens:3"
        ),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn seq_certificates_bad_input_is_one_line() {
    let dir = temp_dir("seq-bad");
    let path = dir.to_str().unwrap();
    let err = error(
        &[
            "seq",
            "linked-c4",
            "--terms",
            "5",
            "--method",
            "recurrence",
            "--certificates",
            path,
        ],
        "",
    );
    assert!(
        err.contains("--certificates needs the terms searched"),
        "{err}"
    );
    let err = error(
        &[
            "seq",
            "cycle",
            "--terms",
            "5",
            "--mirror",
            "--certificates",
            path,
        ],
        "",
    );
    assert!(err.contains("--mirror"), "{err}");
    // A directory that cannot be made (a path under a regular file).
    let file = std::env::temp_dir().join(format!("kayles-seq-file-{}", std::process::id()));
    std::fs::write(&file, "not a directory").unwrap();
    let under = file.join("certs");
    let err = error(
        &[
            "seq",
            "path",
            "--terms",
            "3",
            "--certificates",
            under.to_str().unwrap(),
        ],
        "",
    );
    assert!(err.contains("creating the certificates directory"), "{err}");
    std::fs::remove_file(&file).unwrap();
    // --resume needs something to resume from.
    let err = error(&["seq", "path", "--terms", "3", "--resume"], "");
    assert!(err.contains("--resume"), "{err}");
    assert!(!dir.exists());
}

/// `kayles nimber --threads T --certificate FILE --proof-from-search GRAPH` with a pool of
/// `T` threads (`RAYON_NUM_THREADS`): the value printed, and the value the checker
/// verified in FILE.
fn by_search_on_threads(
    graph: &str,
    game: &str,
    threads: &str,
    file: &std::path::Path,
) -> (String, u32) {
    let path = file.to_str().unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_kayles"))
        .env("RAYON_NUM_THREADS", threads)
        .args(["nimber", "--game", game, "--threads", threads])
        .args(["--certificate", path, "--proof-from-search", graph])
        .output()
        .expect("kayles runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{graph} {game} {threads}: {stderr}");
    let verified = kayles_check::check(graph, std::fs::File::open(file).unwrap())
        .unwrap_or_else(|e| panic!("{graph} {game} on {threads} threads: {e:?}"));
    std::fs::remove_file(file).unwrap();
    let printed = String::from_utf8_lossy(&out.stdout).trim().to_string();
    (printed, verified.nimber)
}

#[test]
fn certificates_from_the_search_on_two_and_four_threads_check() {
    let dir = temp_dir("cert-threads");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("g.cert");
    let mut graphs: Vec<(String, String, String)> = super::known::values()
        .into_iter()
        .map(|v| (v.graph, v.game, v.nimber.to_string()))
        .collect();
    // Larger graphs, their value from one thread (the pool splits them only past its
    // warm-up: kayles-solve's tests split tiny searches at once).
    for (graph, game) in [("grid:3x10", "node"), ("petersen:15,2", "node")]
        .into_iter()
        .chain([("grid:4x5", "arc"), ("grid:3x8", "arc")])
    {
        let want = stdout(&["nimber", "--game", game, "--threads", "1", graph]);
        graphs.push((graph.into(), game.into(), want.trim().into()));
    }
    for (graph, game, want) in &graphs {
        for threads in ["2", "4"] {
            let (printed, verified) = by_search_on_threads(graph, game, threads, &file);
            assert_eq!(&printed, want, "{graph} {game} on {threads} threads");
            assert_eq!(
                &verified.to_string(),
                want,
                "{graph} {game} on {threads} threads"
            );
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn proof_from_search_with_the_mex_method_is_refused() {
    let file = std::env::temp_dir().join(format!("kayles-cert-mex-{}", std::process::id()));
    let path = file.to_str().unwrap();
    let err = error(
        &[
            "nimber",
            "--method",
            "mex",
            "--certificate",
            path,
            "--proof-from-search",
            "grid:3x6",
        ],
        "",
    );
    assert!(
        err.contains("--proof-from-search needs the outcome method"),
        "{err}"
    );
    let _ = std::fs::remove_file(&file);
}
