//! The `kayles-check` command: the verified value and exit 0, a rejection and exit 1,
//! bad input on one line and exit 2. Certificates are written by hand here (the crate's
//! tests use only its own code and the zstd crate it depends on).

use std::process::Command;

/// Arc Kayles on the path 0-1-2 (value 1), claiming `claim`: fact 0 is EQ({0}, 0), fact 1
/// is EQ({0,1,2}, 1) (move 0-1 leaves {2}, fact 0 mapped in order; move 1-2 leaves {0}).
fn arc_p3(claim: u8) -> Vec<u8> {
    let mut raw =
        format!("kayles-certificate 1\ngame arc\ngraph path:3\nnimber {claim}\ncomputed 0\n\n")
            .into_bytes();
    raw.extend([0, 0, 1, 0, 0]);
    raw.extend([0, 1, 3, 0, 0, 0, 2, 1, 5, 1, 4]);
    raw.extend([3, 1, 4]);
    ruzstd::encoding::compress_to_vec(&raw[..], ruzstd::encoding::CompressionLevel::Fastest)
}

fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_kayles-check"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn exit_statuses() {
    let dir = std::env::temp_dir().join(format!("kayles-check-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.cert");
    let bad = dir.join("bad.cert");
    std::fs::write(&good, arc_p3(1)).unwrap();
    std::fs::write(&bad, arc_p3(0)).unwrap();
    let (good, bad) = (good.to_str().unwrap(), bad.to_str().unwrap());

    let (code, out, err) = run(&["path:3", good]);
    assert_eq!((code, out.as_str()), (Some(0), "1 arc\n"), "{err}");
    assert!(
        err.contains("verified: Arc Kayles on path:3 has nimber 1"),
        "{err}"
    );

    let (code, out, err) = run(&["path:3", bad]);
    assert_eq!((code, out.as_str()), (Some(1), ""));
    assert!(
        err.contains("rejected: root record: proves = 1, the header claims 0"),
        "{err}"
    );

    let (code, _, err) = run(&["path:4", good]);
    assert_eq!(code, Some(1));
    assert!(err.contains("another graph"), "{err}");

    for args in [
        vec!["path:3x", good],
        vec!["cube:3", good],
        vec!["path:3", "/nonexistent/file"],
        vec!["path:3"],
        vec![],
    ] {
        let (code, _, err) = run(&args);
        assert_eq!(code, Some(2), "{args:?}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A folder of its own for one test.
fn folder(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("kayles-check-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `kayles-check ARGS` under `ulimit -v` of `mib` MiB, with its standard output to
/// `stdout` (a shell redirection, or "" for a pipe): (status, stdout, stderr).
fn run_limited(mib: u64, args: &[&str], stdout: &str) -> (Option<i32>, String, String) {
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v {}; exec \"$0\" \"$@\" {stdout}",
            mib * 1024
        ))
        .arg(env!("CARGO_BIN_EXE_kayles-check"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// One line on standard error, no Rust debug text or panic in it.
fn one_sentence(err: &str) {
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    for bad in ["panicked", "Os {", "Error(", "memory allocation"] {
        assert!(!err.contains(bad), "{err}");
    }
}

fn compress(raw: &[u8]) -> Vec<u8> {
    ruzstd::encoding::compress_to_vec(raw, ruzstd::encoding::CompressionLevel::Fastest)
}

/// One zstd frame by hand: a single segment declaring `declared` bytes of content (one
/// byte of Frame_Content_Size), then `raw` in one raw block, the last.
fn raw_frame(raw: &[u8], declared: u8) -> Vec<u8> {
    let mut out = vec![0x28, 0xb5, 0x2f, 0xfd, 0x20, declared];
    let header = (raw.len() as u32) << 3 | 1;
    out.extend(&header.to_le_bytes()[..3]);
    out.extend(raw);
    out
}

#[test]
fn a_header_naming_a_huge_graph_is_rejected_before_it_is_built() {
    let dir = folder("huge");
    for graph in ["complete:50000", "queens:223", "path:50000", "grid:3x13"] {
        let raw =
            format!("kayles-certificate 2\ngame node\ngraph {graph}\nnimber 0\ncomputed 0\n\n");
        let file = dir.join("huge.cert");
        std::fs::write(&file, compress(raw.as_bytes())).unwrap();
        let started = std::time::Instant::now();
        let (code, out, err) = run_limited(512, &["grid:3x12", file.to_str().unwrap()], "");
        assert_eq!((code, out.as_str()), (Some(1), ""), "{graph}: {err}");
        assert!(err.contains("another graph"), "{graph}: {err}");
        one_sentence(&err);
        assert!(started.elapsed().as_secs_f64() < 5.0, "{graph}");
    }
    // The argument itself is sized before it is built.
    let (code, _, err) = run_limited(512, &["complete:50000", "/dev/null"], "");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("edges"), "{err}");
    one_sentence(&err);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_million_duplicate_facts_are_refused_in_bounded_memory() {
    // Node Kayles on path:50000: EQ({0}, 1) (one move, to the empty position), a million
    // times; the host's bit words are 6.2 KB, so storing every copy took 6.2 GB.
    let mut raw =
        b"kayles-certificate 2\ngame node\ngraph path:50000\nnimber 0\ncomputed 0\n\n".to_vec();
    for _ in 0..1_000_000 {
        raw.extend([0, 1, 1, 0, 1, 0]);
    }
    raw.extend([3, 0]);
    let dir = folder("duplicates");
    let file = dir.join("dup.cert");
    std::fs::write(&file, compress(&raw)).unwrap();
    assert!(std::fs::metadata(&file).unwrap().len() < 10_000);
    let (code, out, err) = run_limited(1024, &["path:50000", file.to_str().unwrap()], "");
    assert_eq!((code, out.as_str()), (Some(1), ""), "{err}");
    assert!(
        err.contains("fact 1 ") && err.contains("duplicate"),
        "{err}"
    );
    one_sentence(&err);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn output_errors_devices_and_folders_are_one_sentence() {
    let dir = folder("outputs");
    let good = dir.join("good.cert");
    std::fs::write(&good, arc_p3(1)).unwrap();
    let good = good.to_str().unwrap();
    // A full disk: one line, exit 2.
    let (code, _, err) = run_limited(1024, &["path:3", good], "> /dev/full");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("No space left"), "{err}");
    one_sentence(&err);
    // A closed pipe: the reader has gone, the verdict stands.
    let (code, _, err) = run_limited(1024, &["path:3", good], "| true");
    assert_eq!(code, Some(0), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    let status = Command::new("sh")
        .arg("-c")
        .arg("exec 1>&-; \"$0\" path:3 \"$1\" 2>/dev/null; echo $?")
        .arg(env!("CARGO_BIN_EXE_kayles-check"))
        .arg(good)
        .output()
        .unwrap();
    assert_ne!(String::from_utf8_lossy(&status.stdout).trim(), "101");
    // A folder, /proc/self/mem, a device of nothing: a sentence, exit 2 (unreadable) or
    // 1 (not a certificate).
    let folder = dir.to_str().unwrap();
    for (file, status, why) in [
        (folder, 2, "directory"),
        ("/proc/self/mem", 2, "cannot read"),
        ("/dev/null", 1, "not a zstd frame"),
        ("/dev/zero", 1, "not a zstd frame"),
    ] {
        let (code, out, err) = run_limited(1024, &["path:3", file], "");
        assert_eq!((code, out.as_str()), (Some(status), ""), "{file}: {err}");
        assert!(err.contains(why), "{file}: {err}");
        one_sentence(&err);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn help_version_and_the_game_asked_for() {
    let (code, out, _) = run(&["--help"]);
    assert_eq!(code, Some(0));
    assert!(out.contains("usage: kayles-check [--game node|arc] GRAPH CERTIFICATE"));
    let (code, out, _) = run(&["--version"]);
    assert_eq!((code, out.trim()), (Some(0), "kayles-check 0.1.0"));
    let dir = folder("game");
    let good = dir.join("good.cert");
    std::fs::write(&good, arc_p3(1)).unwrap();
    let good = good.to_str().unwrap();
    for args in [
        vec!["--game", "arc", "path:3", good],
        vec!["--game=arc", "path:3", good],
        vec!["path:3", good, "--game", "arc"],
        vec!["path:3", good],
    ] {
        let (code, out, err) = run(&args);
        assert_eq!(
            (code, out.as_str()),
            (Some(0), "1 arc\n"),
            "{args:?}: {err}"
        );
    }
    let (code, out, err) = run(&["--game", "node", "path:3", good]);
    assert_eq!((code, out.as_str()), (Some(1), ""));
    assert!(
        err.contains("rejected: the certificate is of Arc Kayles, not Node Kayles"),
        "{err}"
    );
    for args in [
        vec!["--game", "nodes", "path:3", good],
        vec!["--game"],
        vec!["--game", "node", "--game", "arc", "path:3", good],
        vec!["-x", "path:3", good],
    ] {
        let (code, _, err) = run(&args);
        assert_eq!(code, Some(2), "{args:?}");
        one_sentence(&err);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The raw (decompressed) bytes of [`arc_p3`] with the value of fact 0 written as
/// `2^64 + value`, ten bytes.
fn arc_p3_wide_value() -> Vec<u8> {
    let mut raw =
        b"kayles-certificate 1\ngame arc\ngraph path:3\nnimber 1\ncomputed 0\n\n".to_vec();
    raw.push(0);
    raw.extend([0x80; 9]);
    raw.push(0x02);
    raw.extend([1, 0, 0]);
    raw.extend([0, 1, 3, 0, 0, 0, 2, 1, 5, 1, 4]);
    raw.extend([3, 1, 4]);
    raw
}

#[test]
fn numbers_past_64_bits_and_frames_that_declare_more_are_rejected() {
    let dir = folder("frames");
    let file = dir.join("c.cert");
    let file_arg = file.to_str().unwrap().to_string();
    let verdict = |bytes: Vec<u8>| {
        std::fs::write(&file, bytes).unwrap();
        let (code, out, err) = run(&["path:3", &file_arg]);
        one_sentence(&err);
        (code, out, err)
    };
    let raw = {
        let mut raw =
            b"kayles-certificate 1\ngame arc\ngraph path:3\nnimber 1\ncomputed 0\n\n".to_vec();
        raw.extend([0, 0, 1, 0, 0]);
        raw.extend([0, 1, 3, 0, 0, 0, 2, 1, 5, 1, 4]);
        raw.extend([3, 1, 4]);
        raw
    };
    // The hand-made frame holds what it declares: accepted.
    let n = raw.len() as u8;
    assert_eq!(verdict(raw_frame(&raw, n)).0, Some(0));
    // A frame that declares more than it holds; one that holds more, which the decoder
    // refuses itself.
    for declared in [n + 1, n + 100] {
        let (code, _, err) = verdict(raw_frame(&raw, declared));
        assert_eq!(code, Some(1), "{declared}: {err}");
        assert!(err.contains("declares"), "{err}");
    }
    let (code, _, err) = verdict(raw_frame(&raw, n - 1));
    assert_eq!(code, Some(1), "{err}");
    // 2^64 + 0 is not 0.
    let (code, _, err) = verdict(compress(&arc_p3_wide_value()));
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("past 64 bits"), "{err}");
    // A frame cut inside its block: truncated.
    let whole = compress(&raw);
    let (code, _, err) = verdict(whole[..whole.len() - 3].to_vec());
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("truncated"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
