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
    assert_eq!((code, out.as_str()), (Some(0), "1\n"), "{err}");
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
