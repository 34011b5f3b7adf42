//! `kayles nimber` under `mpirun` (a build with the feature `mpi`): on 1 to 4 ranks
//! (oversubscribed), in both games, with a memo limit small enough to force evictions
//! and with every component of a few vertices asked of its home, it prints exactly what
//! one process prints; ranks running another command are refused with one line. Skipped
//! with a message when the build has no `mpi` feature or `mpirun` is not installed,
//! unless `KAYLES_REQUIRE_MPI=1` (CI sets it), which makes either a failure.

use super::known;
use std::process::Command;

/// `mpirun` with the options a test on a small machine, as root, needs; None (with the
/// reason on stderr) when the test cannot run here.
fn mpirun() -> Option<Command> {
    let required = std::env::var_os("KAYLES_REQUIRE_MPI").is_some_and(|v| v == "1");
    let skip = |why: &str| {
        assert!(!required, "KAYLES_REQUIRE_MPI=1 but {why}");
        eprintln!("skipped: {why}");
        None
    };
    if !cfg!(feature = "mpi") {
        return skip(
            "kayles was built without the feature mpi (cargo test -p kayles-cli --features mpi)",
        );
    }
    let found = Command::new("mpirun").arg("--version").output();
    if !found.is_ok_and(|o| o.status.success()) {
        return skip("mpirun is not installed (apt-get install openmpi-bin libopenmpi-dev)");
    }
    let mut command = Command::new("mpirun");
    command.args(["--oversubscribe", "--allow-run-as-root"]);
    // Every component of six vertices or more goes to its home: the small graphs of the
    // corpus exercise claims, deferrals and waits.
    command.env("KAYLES_MPI_MIN_ORDER", "6");
    Some(command)
}

fn kayles_alone(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_kayles"))
        .args(args)
        .output()
        .expect("kayles runs");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn mpirun_on_one_to_four_ranks_prints_what_one_process_prints() {
    if mpirun().is_none() {
        return;
    }
    for game in ["node", "arc"] {
        let mut graphs: Vec<String> = known::values()
            .into_iter()
            .filter(|v| v.game == game)
            .map(|v| v.graph)
            .collect();
        graphs.extend(
            ["grid:3x9", "grid:4x5", "petersen:9,2", "queens:5"]
                .iter()
                .map(|s| s.to_string()),
        );
        let mut args: Vec<&str> = vec![
            "nimber",
            "--game",
            game,
            "--engine",
            "search",
            "--threads",
            "1",
            "--memo-limit-mib",
            "1",
        ];
        args.extend(graphs.iter().map(String::as_str));
        let want = kayles_alone(&args);
        assert_eq!(want.lines().count(), graphs.len());
        for ranks in 1..=4 {
            let out = mpirun()
                .unwrap()
                .args(["-np", &ranks.to_string(), env!("CARGO_BIN_EXE_kayles")])
                .args(&args)
                .output()
                .expect("mpirun runs");
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert!(out.status.success(), "{game} on {ranks} ranks: {stderr}");
            assert_eq!(
                String::from_utf8_lossy(&out.stdout),
                want,
                "{game} on {ranks} ranks: {stderr}"
            );
        }
    }
}

#[test]
fn mpirun_with_two_threads_a_rank_and_stats_prints_the_totals() {
    let Some(mut mpirun) = mpirun() else {
        return;
    };
    let out = mpirun
        .args(["-np", "2", env!("CARGO_BIN_EXE_kayles")])
        .args(["nimber", "--threads", "2", "--stats", "grid:3x10"])
        .output()
        .expect("mpirun runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "3\n");
    assert!(stderr.contains("grid:3x10: 2 ranks: "), "{stderr}");
    assert!(stderr.contains("rank 1: "), "{stderr}");
    // Under --json the result carries the counters, as in one process, and each rank's.
    let out = self::mpirun()
        .expect("found above")
        .args(["-np", "2", env!("CARGO_BIN_EXE_kayles")])
        .args(["nimber", "--json", "--stats", "grid:3x10"])
        .output()
        .expect("mpirun runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let result: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(result["nimber"], 3);
    assert!(result["stats"]["positions"].is_u64(), "{result}");
    assert_eq!(
        result["stats"]["ranks"].as_array().map(Vec::len),
        Some(2),
        "{result}"
    );
}

#[test]
fn ranks_running_another_command_are_refused_with_one_line() {
    let Some(mut mpirun) = mpirun() else {
        return;
    };
    let kayles = env!("CARGO_BIN_EXE_kayles");
    let out = mpirun
        .args(["-np", "1", kayles, "nimber", "grid:3x8", ":"])
        .args(["-np", "1", kayles, "nimber", "grid:3x9"])
        .output()
        .expect("mpirun runs");
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    let ours: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("kayles:"))
        .collect();
    assert_eq!(ours.len(), 1, "{stderr}");
    assert!(ours[0].contains("rank 1 runs another build"), "{stderr}");
    assert!(out.stdout.is_empty());
}
