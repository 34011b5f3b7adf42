//! `kayles nimber GRAPH --certificate FILE`: the file is a certificate that the
//! independent checker (the `kayles-check` library) verifies, in both games.

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
