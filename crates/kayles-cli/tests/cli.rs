//! End-to-end tests of the `kayles` command: results, streaming, JSON, resume, and the
//! one-line errors with exit status 2.

use std::io::Write;

#[path = "cli/certificate.rs"]
mod certificate;
#[path = "cli/full_disk.rs"]
mod full_disk;
#[path = "cli/hostile.rs"]
mod hostile;
/// The corpus of known values (`fixtures/known/`), shared by every crate's tests.
#[path = "../../../fixtures/known/known.rs"]
mod known;
#[path = "cli/known_values.rs"]
mod known_values;
#[path = "cli/moves.rs"]
mod moves;
#[path = "cli/mpi.rs"]
mod mpi;
#[path = "cli/oeis.rs"]
mod oeis;
#[path = "cli/pictures.rs"]
mod pictures;
#[path = "cli/scale_out.rs"]
mod scale_out;
#[path = "cli/usage.rs"]
mod usage;
use std::process::{Command, Output, Stdio};

fn kayles(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kayles"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("kayles runs");
    // A command that stops reading early (one that rejects its input at the first
    // line) closes the pipe: what it printed and its exit status are what is checked.
    match child.stdin.take().unwrap().write_all(stdin.as_bytes()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
        result => result.unwrap(),
    }
    child.wait_with_output().unwrap()
}

fn stdout(args: &[&str]) -> String {
    let out = kayles(args, "");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Runs a command that must fail: exit status 2 and exactly one line on stderr, no panic.
fn error(args: &[&str], stdin: &str) -> String {
    let out = kayles(args, stdin);
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(
        err.trim_end().lines().count(),
        1,
        "{args:?}: not one line: {err}"
    );
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    err
}

#[test]
fn nimbers_of_families_and_graph6() {
    assert_eq!(
        stdout(&["nimber", "path:15", "grid:3x4", "Bw"]),
        "5\n0\n1\n"
    );
    assert_eq!(stdout(&["nimber", "--game", "arc", "path:4"]), "2\n");
    assert_eq!(
        stdout(&[
            "nimber",
            "--memo-key",
            "exact",
            "--no-twin-reduction",
            "queens:5"
        ]),
        "3\n"
    );
}

/// `--memo-key symmetry` uses the family's flips and translations (the stats count its
/// hits) and falls back to canonical forms on graph6 input.
#[test]
fn the_symmetry_memo_key() {
    let out = kayles(
        &[
            "nimber",
            "--memo-key",
            "symmetry",
            "--stats",
            "grid:3x12",
            "queens:6",
            "Bw",
        ],
        "",
    );
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "5\n1\n1\n");
    let stats = String::from_utf8(out.stderr).unwrap();
    let grid_line = stats.lines().next().unwrap();
    assert!(grid_line.starts_with("grid:3x12"), "{stats}");
    let symmetry_hits: u64 = grid_line
        .split(" symmetry")
        .next()
        .and_then(|s| s.rsplit(' ').next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("{grid_line}"));
    assert!(symmetry_hits > 0, "{grid_line}");
    // A tiny memo limit empties the memos over and over; the values stay right.
    assert_eq!(
        stdout(&[
            "nimber",
            "--memo-limit-mib",
            "0",
            "--exact-cache-mib",
            "0",
            "grid:3x9",
            "queens:5"
        ]),
        "2\n3\n"
    );
    // The symmetry key is the default, with no canonical forms on top of it.
    let out = kayles(&["nimber", "--stats", "grid:3x12"], "");
    let stats = String::from_utf8(out.stderr).unwrap();
    assert!(stats.contains(", 0 canonical"), "{stats}");
    assert!(!stats.contains(" 0 symmetry,"), "{stats}");
    assert_eq!(
        stdout(&[
            "seq",
            "grid:Nx3",
            "--terms",
            "12",
            "--memo-key",
            "symmetry",
            "--canonical-max-order",
            "0"
        ]),
        stdout(&["seq", "grid:3xN", "--terms", "12"])
    );
}

/// `--mirror` answers the even P(n,2) terms by the mirror strategy, and agrees with search.
#[test]
fn seq_with_mirror_strategies() {
    let searched = stdout(&["seq", "petersen:N,2", "--terms", "16"]);
    assert_eq!(
        stdout(&["seq", "petersen:N,2", "--terms", "16", "--mirror"]),
        searched
    );
    let json = stdout(&[
        "--json",
        "seq",
        "petersen:N,2",
        "--from",
        "40",
        "--terms",
        "40",
        "--mirror",
    ]);
    let v: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!(
        (v["nimber"].as_u64(), v["route"].as_str()),
        (Some(0), Some("mirror"))
    );
    // The same strategy proves 0 in Arc Kayles: the even ladders and P(n,2).
    for family in ["grid:2xN", "petersen:N,2"] {
        let arc = ["seq", family, "--terms", "14", "--game", "arc"];
        let mirrored = [&arc[..], &["--mirror"]].concat();
        assert_eq!(stdout(&mirrored), stdout(&arc), "{family}");
    }
}

/// `nimber` answers family graphs whose half turn is a mirror strategy without search
/// (route `mirror`), in both games, and agrees with `--engine search` on the small ones;
/// graphs without one (odd cycles, odd P(n,2), boards with an odd side) are searched.
#[test]
fn nimber_by_mirror_strategies() {
    let json = stdout(&["--json", "nimber", "--game", "arc", "grid:2x66", "grid:8x8"]);
    for line in json.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(
            (v["nimber"].as_u64(), v["route"].as_str()),
            (Some(0), Some("mirror")),
            "{line}"
        );
    }
    let specs = [
        "cycle:8",
        "cycle:9",
        "cycle:12",
        "grid:2x6",
        "grid:2x7",
        "grid:4x4",
        "grid:3x4",
        "grid:4x5",
        "petersen:10,2",
        "petersen:11,2",
        "petersen:12,3",
    ];
    for game in ["node", "arc"] {
        let auto = stdout(&[&["--json", "nimber", "--game", game][..], &specs].concat());
        let searched = stdout(
            &[
                &["nimber", "--engine", "search", "--game", game][..],
                &specs,
            ]
            .concat(),
        );
        let mut mirrored = 0;
        for (line, value) in auto.lines().zip(searched.lines()) {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            assert_eq!(v["nimber"].to_string(), value, "{game}: {line}");
            if v["route"] == "mirror" {
                mirrored += 1;
                assert_eq!(value, "0", "{game}: {line}");
            }
        }
        assert_eq!(mirrored, 6, "{game}: {auto}");
    }
}

/// `histogram --game arc` and `subsets --game arc` (the full Arc Kayles table) agree with
/// `nimber --game arc` run on every induced subgraph, given as graph6 lines.
#[test]
fn arc_kayles_tables_agree_with_arc_kayles_search() {
    let g = kayles_core::families::build("grid:2x3").unwrap();
    let n = g.order();
    let lines: String = (0..1u32 << n)
        .map(|mask| {
            let kept =
                kayles_core::VertexSet::from_vertices(n, (0..n).filter(|v| mask >> v & 1 == 1));
            kayles_core::graph6::write(&g.induced_subgraph(&kept).0) + "\n"
        })
        .collect();
    let out = kayles(&["nimber", "--game", "arc", "-"], &lines);
    assert!(out.status.success());
    let values: Vec<usize> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| l.parse().unwrap())
        .collect();
    assert_eq!(values.len(), 1 << n);
    let mut counts = vec![0; values.iter().max().unwrap() + 1];
    for &v in &values {
        counts[v] += 1;
    }
    let histogram: Vec<String> = counts
        .iter()
        .enumerate()
        .map(|(v, c)| format!("{v}:{c}"))
        .collect();
    assert_eq!(
        stdout(&["histogram", "--game", "arc", "grid:2x3"]).trim(),
        histogram.join(" ")
    );
    let zeros = stdout(&["subsets", "--game", "arc", "grid:2x3", "--nimber", "0"]);
    assert_eq!(zeros.lines().count(), counts[0]);
}

#[test]
fn graph6_lines_on_stdin_give_one_result_each() {
    // K3, P3 (as graph6), the empty graph on 4 vertices.
    let out = kayles(&["nimber", "-"], "Bw\nBg\n\nC?\n");
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "1\n2\n0\n");
}

#[test]
fn json_results() {
    let out = stdout(&["--json", "nimber", "petersen:5,2"]);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["nimber"], 1);
    assert_eq!(v["order"], 10);
}

#[test]
fn histogram_and_subsets() {
    // P3: subsets {} 0; singletons 1 (3); {0,1},{1,2} edges 1; {0,2} 0; {0,1,2} 2.
    assert_eq!(stdout(&["histogram", "path:3"]), "0:2 1:5 2:1\n");
    assert_eq!(
        stdout(&["subsets", "path:3", "--nimber", "0"]),
        "{} 0\n{0,2} 0\n"
    );
}

#[test]
fn families_are_listed() {
    let out = stdout(&["families"]);
    for name in [
        "path:N",
        "grid:RxC",
        "petersen:N,K",
        "queens:N",
        "linked-c4-alt:N",
    ] {
        assert!(out.contains(name), "{name} missing");
    }
}

#[test]
fn sequences_stream_and_resume_without_loss_or_duplication() {
    let dir = std::env::temp_dir().join(format!("kayles-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let full = dir.join("full.txt");
    let part = dir.join("part.txt");
    let _ = std::fs::remove_file(&full);
    let _ = std::fs::remove_file(&part);
    let f = full.to_str().unwrap();
    let p = part.to_str().unwrap();
    let printed = stdout(&["seq", "linked-c4", "--terms", "12", "--out", f]);
    assert_eq!(printed, std::fs::read_to_string(&full).unwrap());
    assert!(printed.ends_with("11 6\n12 5\n"));
    // An interrupted run: six complete lines and half of the seventh.
    stdout(&["seq", "linked-c4", "--terms", "6", "--out", p]);
    std::fs::OpenOptions::new()
        .append(true)
        .open(&part)
        .unwrap()
        .write_all(b"7 ")
        .unwrap();
    stdout(&["seq", "linked-c4", "--terms", "12", "--out", p, "--resume"]);
    assert_eq!(std::fs::read(&part).unwrap(), std::fs::read(&full).unwrap());
    // Resuming a finished run adds nothing.
    stdout(&["seq", "linked-c4", "--terms", "12", "--out", p, "--resume"]);
    assert_eq!(std::fs::read(&part).unwrap(), std::fs::read(&full).unwrap());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn recurrence_equals_search_and_plots_are_svg() {
    for family in ["linked-c4", "linked-c4-b", "linked-c4-c"] {
        let search = stdout(&["seq", family, "--terms", "20", "--method", "search"]);
        let recurrence = stdout(&["seq", family, "--terms", "20", "--method", "recurrence"]);
        assert_eq!(search, recurrence, "{family}");
    }
    let svg = std::env::temp_dir().join(format!("kayles-plot-{}.svg", std::process::id()));
    stdout(&[
        "seq",
        "path",
        "--terms",
        "30",
        "--plot",
        svg.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg") && text.trim_end().ends_with("</svg>"));
    assert!(text.matches("<circle").count() >= 30, "one point per term");
    std::fs::remove_file(&svg).unwrap();
}

#[test]
fn modules_route_quotient_and_direct_agree() {
    // MOD-NIMBER-NOT-ENOUGH: K1 or P6 joined completely to two independent vertices.
    assert_eq!(
        stdout(&[
            "nimber",
            "--module",
            "complete:1",
            "--module",
            "empty:2",
            "A_"
        ]),
        "2\n"
    );
    assert_eq!(
        stdout(&["nimber", "--module", "path:6", "--module", "empty:2", "A_"]),
        "3\n"
    );
    for kind in ["clique", "independent"] {
        let args = [
            "histogram",
            "--blowup",
            kind,
            "--sizes",
            "2,3,1,2",
            "path:4",
        ];
        let quotient = stdout(&args);
        let mut direct = args.to_vec();
        direct.push("--direct");
        assert_eq!(quotient, stdout(&direct), "{kind}");
    }
    // The decomposition route and search agree on a cograph-like graph.
    let g = "complete:6";
    assert_eq!(
        stdout(&["nimber", "--engine", "modules", g]),
        stdout(&["nimber", "--engine", "search", g])
    );
    assert!(stdout(&["modules", "grid:2x2"]).starts_with("series"));
    assert!(stdout(&["modules", "--dot", "grid:2x2"]).starts_with("digraph"));
}

#[test]
fn undefined_leading_terms_are_skipped() {
    let out = stdout(&["seq", "petersen:N,2", "--terms", "6"]);
    assert_eq!(out, "4 1\n5 1\n6 0\n");
}

#[test]
fn weighted_arc_kayles_and_rooks() {
    // Arc Kayles on P4 (all weights 1, no loops).
    assert_eq!(
        stdout(&["wak", "--weights", "1,1,1,1", "--edges", "0-1,1-2,2-3"]),
        "2\n"
    );
    // Looped edge a(loop) - b(loop), a = 3, b = 5: the table of docs/claims/README.md (section 5)
    // gives 2.
    assert_eq!(
        stdout(&["wak", "--weights", "3,5", "--edges", "0-0,1-1,0-1"]),
        "2\n"
    );
    let reduced = stdout(&[
        "wak",
        "--weights",
        "1000000000,2,3",
        "--edges",
        "0-1,0-2",
        "--reduce",
    ]);
    assert!(
        reduced.starts_with("1\n") && reduced.contains("heavy_vertex(0)"),
        "{reduced}"
    );
    assert_eq!(stdout(&["rooks", "..../..../..../...."]), "0\n");
    assert_eq!(stdout(&["rooks", ".../.../..."]), "1\n");
}

#[test]
fn bad_input_is_one_line_and_status_2() {
    assert!(error(&["nimber", "B"], "").contains("graph6"));
    assert!(error(&["nimber", "cube:3"], "").contains("unknown family"));
    assert!(error(&["nimber", "grid:3"], "").contains("grid:3"));
    assert!(error(&["nimber", "-"], "Bw\nB~~\n").contains("stdin line 2"));
    assert!(error(&["histogram", "path:31"], "").contains("subsets takes at most 30"));
    assert!(error(&["nimber", ":Fa@x^"], "").contains("sparse6"));
    error(&["nimber", "--game", "chess", "path:3"], "");
    error(&["frobnicate"], "");
    assert!(error(&["nimber", "--module", "@", "--module", "@", "path:3"], "").contains("modules"));
    error(
        &[
            "histogram",
            "--blowup",
            "clique",
            "--sizes",
            "1,x",
            "path:2",
        ],
        "",
    );
    assert!(error(
        &["seq", "grid:3xN", "--terms", "3", "--method", "recurrence"],
        ""
    )
    .contains("recurrence"));
    error(&["wak", "--weights", "1,-2", "--edges", "0-1"], "");
    error(
        &[
            "wak",
            "--weights",
            "1,99999999999999999999999",
            "--edges",
            "0-1",
        ],
        "",
    );
    assert!(error(&["wak", "--weights", "1,2", "--edges", "0-5"], "").contains("vertex 5"));
    assert!(error(&["rooks", "../..."], "").contains("ragged"));
    assert!(error(&["rooks", "..x"], "").contains("unknown character"));
}

fn chain_file(name: &str) -> String {
    format!(
        "{}/../../fixtures/chains/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn chain_path_proves_dawsons_period() {
    let path = chain_file("path.toml");
    let out = stdout(&["chain", &path, "--terms", "1000", "--period", "--json"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 1001);
    let first: serde_json::Value = serde_json::from_str(lines[0]).unwrap();
    assert_eq!(
        (first["n"].as_u64(), first["nimber"].as_u64()),
        (Some(1), Some(1))
    );
    let period: serde_json::Value = serde_json::from_str(lines[1000]).unwrap();
    assert_eq!(period["period"], 34);
    assert_eq!(period["preperiod"], 52);
    assert_eq!(period["proved"], true);
    assert!(period["checked_to"].as_u64().unwrap() >= 1000);
    // Plain text: "n value" lines.
    assert_eq!(
        stdout(&["chain", &path, "--terms", "5"]),
        "1 1\n2 1\n3 2\n4 0\n5 3\n"
    );
}

#[test]
fn chain_linked_c4_equals_the_hand_recurrence() {
    let chain = stdout(&["chain", &chain_file("linked-c4.toml"), "--terms", "60"]);
    let hand = stdout(&[
        "seq",
        "linked-c4",
        "--terms",
        "60",
        "--method",
        "recurrence",
    ]);
    assert_eq!(chain, hand);
    let text = stdout(&["chain", &chain_file("linked-c4.toml"), "--recurrence"]);
    assert!(text.contains("s0(m) for m >= "), "{text}");
    let json = stdout(&[
        "chain",
        &chain_file("linked-c4.toml"),
        "--recurrence",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!(v["recurrence"]["types"].as_array().unwrap().len(), 4);
}

/// A chain nobody put in fixtures (a comb, with a pendant cap and a 2-path cap)
/// gets its recurrence, terms and period from the file alone.
#[test]
fn chain_written_elsewhere_needs_no_new_code() {
    let dir = std::env::temp_dir().join(format!("kayles-chain-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("capped-comb.toml");
    std::fs::write(
        &file,
        "name = \"capped-comb\"\n[gadget]\norder = 2\nedges = [[0, 1]]\nlinks = [[0, 0, 1]]\n\
         [left]\norder = 1\nlinks = [[0, 0, 1]]\n[right]\norder = 2\nedges = [[0, 1]]\nlinks = [[0, 0, 1]]\n",
    )
    .unwrap();
    let f = file.to_str().unwrap();
    let rec = stdout(&["chain", f, "--recurrence"]);
    assert!(rec.contains("# chain capped-comb, node Kayles"), "{rec}");
    let terms = stdout(&["chain", f, "--terms", "12"]);
    assert_eq!(terms.lines().count(), 12);
    let period = stdout(&["chain", f, "--period", "--json"]);
    let v: serde_json::Value = serde_json::from_str(period.trim()).unwrap();
    assert!(
        v["proved"].is_boolean() && v["checked_to"].as_u64().unwrap() > 0,
        "{v}"
    );
    // Every term equals direct search on the graph the file describes.
    for (n, line) in terms.lines().enumerate().take(6) {
        let n = n + 1;
        let g = kayles_graph6(n);
        assert_eq!(line, format!("{n} {}", stdout(&["nimber", &g]).trim()));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// graph6 of the capped-comb of `chain_written_elsewhere_needs_no_new_code` with `n` copies:
/// left cap 0, copies (spine, tooth), right cap a 2-path.
fn kayles_graph6(n: usize) -> String {
    let order = 1 + 2 * n + 2;
    let spine = |i: usize| 1 + 2 * (i - 1);
    let mut edges = vec![(0, spine(1)), (order - 2, order - 1), (spine(n), order - 2)];
    for i in 1..=n {
        edges.push((spine(i), spine(i) + 1));
        if i < n {
            edges.push((spine(i), spine(i + 1)));
        }
    }
    kayles_core::graph6::write(&kayles_core::Graph::from_edges(order, &edges))
}

#[test]
fn chain_that_does_not_split_is_refused() {
    let dir = std::env::temp_dir().join(format!("kayles-chain-grid-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("grid3.toml");
    std::fs::write(
        &file,
        "[gadget]\norder = 3\nedges = [[0, 1], [1, 2]]\nlinks = [[0, 0, 1], [1, 1, 1], [2, 2, 1]]\n",
    )
    .unwrap();
    let err = error(&["chain", file.to_str().unwrap(), "--terms", "5"], "");
    assert!(
        err.contains("does not split") && err.contains("vertex 0 of copy i"),
        "{err}"
    );
    let err = error(
        &[
            "chain",
            &chain_file("linked-c4.toml"),
            "--game",
            "arc",
            "--terms",
            "5",
        ],
        "",
    );
    assert!(err.contains("does not split under arc Kayles"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_chain_files_are_one_line_and_status_2() {
    let dir = std::env::temp_dir().join(format!("kayles-chain-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cases = [
        (
            "[gadget]\norder = 2\nedges = [[0, 2]]\n",
            "vertex 2 is not below 2",
        ),
        ("[gadget]\norder = 2\nedges = [[1, 1]]\n", "self-loop"),
        ("name = \"x\"\n", "missing [gadget]"),
        ("[gadget]\norder = 1\nlinkz = []\n", "unknown field `linkz`"),
        ("[gadget]\norder = 1\nlinks = [[0, 0, 0]]\n", "reach d = 0"),
        ("[gadget\n", "line 1"),
    ];
    for (i, (text, want)) in cases.iter().enumerate() {
        let file = dir.join(format!("bad{i}.toml"));
        std::fs::write(&file, text).unwrap();
        let err = error(&["chain", file.to_str().unwrap(), "--terms", "3"], "");
        assert!(err.contains(want), "{text:?}: {err}");
    }
    let err = error(
        &[
            "chain",
            dir.join("missing.toml").to_str().unwrap(),
            "--terms",
            "3",
        ],
        "",
    );
    assert!(err.contains("missing.toml"), "{err}");
    let err = error(&["chain", &chain_file("path.toml")], "");
    assert!(err.contains("nothing to do"), "{err}");
    let err = error(&["chain", &chain_file("path.toml"), "--terms", "-3"], "");
    assert!(err.contains("-3") || err.contains("--terms"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
