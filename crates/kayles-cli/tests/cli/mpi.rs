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
    // Every component of six vertices or more goes to its home, and what is proved
    // about those of three to five is published: the small graphs of the corpus
    // exercise claims, deferrals, second passes and publications.
    command.env("KAYLES_MPI_MIN_ORDER", "6");
    command.env("KAYLES_MPI_PUBLISH_ORDER", "3");
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
    refused_in_one_line(&out, &["rank 1 runs another build"]);
}

/// Asserts that a run under `mpirun` failed, printed nothing on standard output, and said
/// why in exactly one line of its own (`kayles: ...`, rank 0's) holding each of `words`.
fn refused_in_one_line(out: &std::process::Output, words: &[&str]) {
    assert!(!out.status.success(), "{words:?}: the run was not refused");
    let stderr = String::from_utf8_lossy(&out.stderr);
    let ours: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("kayles:"))
        .collect();
    assert_eq!(ours.len(), 1, "{stderr}");
    for word in words {
        assert!(ours[0].contains(word), "{word:?} not in: {stderr}");
    }
    assert!(out.stdout.is_empty(), "{words:?}");
}

#[test]
fn a_tuning_variable_that_is_not_a_number_is_refused_with_one_line() {
    let kayles = env!("CARGO_BIN_EXE_kayles");
    for (name, value) in [
        ("KAYLES_MPI_MIN_ORDER", "twelve"),
        ("KAYLES_MPI_PUBLISH_WORK", "-3"),
        ("KAYLES_MPI_PUBLISH_RECURRING", "1.5"),
    ] {
        let Some(mut mpirun) = mpirun() else {
            return;
        };
        let out = mpirun
            .env(name, value)
            .args(["-np", "2", kayles, "nimber", "grid:3x8"])
            .output()
            .expect("mpirun runs");
        refused_in_one_line(&out, &[name, "not a whole number"]);
    }
}

/// A folder of its own for a test, empty.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("kayles-mpi-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The positions summed over the ranks, from rank 0's `--stats` line of the ranks.
fn positions_over_ranks(stderr: &str) -> u64 {
    let at = stderr
        .find(" ranks: ")
        .expect("a --stats line of the ranks")
        + 8;
    let rest = &stderr[at..];
    rest[..rest.find(' ').unwrap()].parse().unwrap()
}

#[test]
fn memo_files_per_rank_resume_a_stopped_run_and_refuse_another_number_of_ranks() {
    if mpirun().is_none() {
        return;
    }
    let dir = scratch("memo");
    let memo = dir.join("run.memo");
    let kayles = env!("CARGO_BIN_EXE_kayles");
    let graph = "petersen:31,2";
    let want = kayles_alone(&["nimber", graph]);
    let args = |memo: &std::path::Path| {
        vec![
            "nimber".to_string(),
            "--threads".into(),
            "1".into(),
            "--stats".into(),
            "--memo-save-seconds".into(),
            "1".into(),
            "--memo-file".into(),
            memo.display().to_string(),
            graph.into(),
        ]
    };
    // A run without a memo file, for its positions.
    let fresh = mpirun()
        .unwrap()
        .env("KAYLES_MPI_MIN_ORDER", "36")
        .args(["-np", "2", kayles])
        .args(["nimber", "--threads", "1", "--stats", graph])
        .output()
        .unwrap();
    let fresh_err = String::from_utf8_lossy(&fresh.stderr);
    assert!(fresh.status.success(), "{fresh_err}");
    let fresh_positions = positions_over_ranks(&fresh_err);
    // The run with memo files, stopped (mpirun gets SIGTERM and ends its ranks) a second
    // after both ranks have saved, or left to finish if it is quicker than that.
    let mut child = mpirun()
        .unwrap()
        .env("KAYLES_MPI_MIN_ORDER", "36")
        .args(["-np", "2", kayles])
        .args(args(&memo))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let parts = [
        dir.join("run.memo.rank-0-of-2"),
        dir.join("run.memo.rank-1-of-2"),
    ];
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    while !parts.iter().all(|p| p.exists()) && std::time::Instant::now() < deadline {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    std::thread::sleep(std::time::Duration::from_millis(1500));
    if child.try_wait().unwrap().is_none() {
        let _ = Command::new("kill")
            .args(["-TERM", &child.id().to_string()])
            .status();
    }
    let _ = child.wait_with_output().unwrap();
    assert!(parts.iter().all(|p| p.exists()), "each rank saved its part");
    assert!(!memo.exists(), "no file of one process");
    // The same command resumes from the parts: same value, fewer positions.
    let two_ranks = || {
        mpirun()
            .unwrap()
            .env("KAYLES_MPI_MIN_ORDER", "36")
            .args(["-np", "2", kayles])
            .args(args(&memo))
            .output()
            .unwrap()
    };
    let again = two_ranks();
    let stderr = String::from_utf8_lossy(&again.stderr);
    assert!(again.status.success(), "{stderr}");
    assert_eq!(String::from_utf8_lossy(&again.stdout), want, "{stderr}");
    assert!(stderr.contains("loaded"), "{stderr}");
    let resumed = positions_over_ranks(&stderr);
    assert!(
        resumed < fresh_positions,
        "resumed {resumed} positions, fresh {fresh_positions}: {stderr}"
    );
    // Another number of ranks is refused with one line, before any search.
    let other = mpirun()
        .unwrap()
        .args(["-np", "3", kayles])
        .args(args(&memo))
        .output()
        .unwrap();
    refused_in_one_line(&other, &["saved by a run of 2 ranks"]);
    // A part that only rank 1 cannot read ends the run (rank 0's part is whole): its
    // error, with its rank, and a non-zero exit (rank 0, which searched on, may have
    // printed the value by then: a value is a fact whichever ranks found it).
    std::fs::write(&parts[1], "not a memo\n").unwrap();
    let damaged = two_ranks();
    let stderr = String::from_utf8_lossy(&damaged.stderr);
    assert!(!damaged.status.success(), "{stderr}");
    assert!(
        stderr.contains("kayles: error: rank 1: ") && stderr.contains("is not a kayles memo file"),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A stand-in for Slurm's `srun` inside a batch job: starts the command on
/// `SLURM_NTASKS` ranks with `mpirun` (as `srun` starts one task per rank, each told its
/// rank by PMI).
const SRUN_STAND_IN: &str = r#"#!/usr/bin/env bash
exec mpirun --oversubscribe --allow-run-as-root -np "${SLURM_NTASKS:?}" "$@"
"#;

#[test]
fn the_slurm_batch_script_of_the_docs_runs_through_srun() {
    if mpirun().is_none() {
        return;
    }
    let doc = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/scale-out.md");
    let text = std::fs::read_to_string(doc).unwrap();
    let at = text.find("<!-- recipe: mpi-slurm -->").expect("the recipe");
    let rest = &text[at..];
    let start = rest.find("```sh\n").unwrap() + 6;
    let script = &rest[start..start + rest[start..].find("```").unwrap()];
    assert!(script.contains("#SBATCH --ntasks="), "{script}");
    assert!(script.contains("srun kayles nimber"), "{script}");
    let dir = scratch("srun");
    let bin = dir.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    let srun = bin.join("srun");
    std::fs::write(&srun, SRUN_STAND_IN).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&srun, std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::write(dir.join("kayles-mpi.sh"), script).unwrap();
    let kayles_dir = std::path::Path::new(env!("CARGO_BIN_EXE_kayles"))
        .parent()
        .unwrap();
    let path = format!(
        "{}:{}:{}",
        bin.display(),
        kayles_dir.display(),
        std::env::var("PATH").unwrap()
    );
    let graph = "grid:3x12";
    let want = kayles_alone(&["nimber", graph]);
    // As sbatch runs it (with three tasks here, not the script's 64), twice: the second
    // run resumes from the rank files of the first.
    for run in 0..2 {
        let out = Command::new("bash")
            .arg("kayles-mpi.sh")
            .current_dir(&dir)
            .env("PATH", &path)
            .env("SLURM_NTASKS", "3")
            .env("GRAPH", graph)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "run {run}: {stderr}");
        assert_eq!(String::from_utf8_lossy(&out.stdout), want, "{stderr}");
        assert!(stderr.contains(&format!("{graph}: 3 ranks: ")), "{stderr}");
        if run == 1 {
            assert!(stderr.contains("loaded"), "{stderr}");
        }
    }
    for k in 0..3 {
        let part = dir.join(format!("kayles-{graph}.memo.rank-{k}-of-3"));
        assert!(part.exists(), "{}", part.display());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_launcher_whose_processes_mpi_sees_alone_is_refused() {
    if mpirun().is_none() {
        return;
    }
    // PMI_SIZE says two processes were started; MPI, started without a launcher, sees
    // this one alone (as when kayles is built against another MPI than the launcher's).
    let out = Command::new(env!("CARGO_BIN_EXE_kayles"))
        .args(["nimber", "grid:3x4"])
        .env("PMI_SIZE", "2")
        .env_remove("OMPI_COMM_WORLD_SIZE")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("MPI sees this one alone"), "{stderr}");
    assert!(out.stdout.is_empty());
}

#[test]
fn a_rank_killed_ends_the_run_within_seconds() {
    if mpirun().is_none() {
        return;
    }
    // A search of several seconds on two ranks; rank processes are mpirun's children.
    let mut child = mpirun()
        .unwrap()
        .env("KAYLES_MPI_MIN_ORDER", "36")
        .args(["-np", "2", env!("CARGO_BIN_EXE_kayles")])
        .args(["nimber", "--threads", "1", "petersen:35,2"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let ranks = || -> Vec<String> {
        let out = Command::new("ps")
            .args(["-o", "pid=", "--ppid", &child.id().to_string()])
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout)
            .split_whitespace()
            .map(str::to_string)
            .collect()
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    let mut pids = ranks();
    while pids.len() < 2 && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(50));
        pids = ranks();
    }
    assert_eq!(pids.len(), 2, "two rank processes");
    std::thread::sleep(std::time::Duration::from_millis(500));
    let killed = std::time::Instant::now();
    Command::new("kill")
        .args(["-KILL", &pids[1]])
        .status()
        .unwrap();
    let Some(status) = ended_within(&mut child, killed, 20) else {
        let _ = child.kill();
        panic!("the run went on 20 s after a rank was killed");
    };
    let out = child.wait_with_output().unwrap();
    assert!(!status.success(), "a run that lost a rank failed");
    assert!(out.stdout.is_empty(), "no value printed");
}

/// How `child` ended, if it did within `seconds` of `since`.
fn ended_within(
    child: &mut std::process::Child,
    since: std::time::Instant,
    seconds: u64,
) -> Option<std::process::ExitStatus> {
    while since.elapsed() < std::time::Duration::from_secs(seconds) {
        if let Some(status) = child.try_wait().unwrap() {
            return Some(status);
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    child.try_wait().unwrap()
}

/// `kayles` (not under mpirun) in `dir` with `args`.
fn kayles_in(dir: &std::path::Path, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_kayles"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("kayles runs")
}

/// Asserts that `out` failed with one line of its own holding each of `words`.
fn failed_in_one_line(out: &std::process::Output, words: &[&str]) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{words:?}: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    for word in words {
        assert!(stderr.contains(word), "{word:?} not in: {stderr}");
    }
}

#[test]
fn certificates_written_under_mpirun_are_verified_by_the_checker() {
    if mpirun().is_none() {
        return;
    }
    let dir = scratch("certificate");
    let cert = dir.join("g.cert");
    let cert_arg = cert.to_str().unwrap();
    for (game, graph) in [("node", "grid:3x10"), ("arc", "grid:3x7")] {
        let want = kayles_alone(&["nimber", "--game", game, graph]);
        for ranks in ["2", "3"] {
            for extra in [&[][..], &["--proof-from-search"][..]] {
                let out = mpirun()
                    .unwrap()
                    .args(["-np", ranks, env!("CARGO_BIN_EXE_kayles")])
                    .args(["nimber", "--game", game, "--threads", "1"])
                    .args(["--certificate", cert_arg])
                    .args(extra)
                    .arg(graph)
                    .output()
                    .expect("mpirun runs");
                let stderr = String::from_utf8_lossy(&out.stderr);
                let what = format!("{game} {graph} on {ranks} ranks {extra:?}");
                assert!(out.status.success(), "{what}: {stderr}");
                assert_eq!(String::from_utf8_lossy(&out.stdout), want, "{what}");
                assert!(
                    stderr.contains(&format!("of {ranks} parts")),
                    "{what}: {stderr}"
                );
                let verified =
                    kayles_check::check(graph, std::fs::File::open(&cert).unwrap()).unwrap();
                assert_eq!(verified.nimber.to_string(), want.trim(), "{what}");
                // The parts are removed once the certificate is whole.
                let left: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().collect();
                assert_eq!(left.len(), 1, "{what}: {left:?}");
                std::fs::remove_file(&cert).unwrap();
            }
        }
    }
    // Two threads a rank: each rank's part from every thread of its search.
    for (game, graph) in [("node", "grid:3x10"), ("arc", "grid:3x7")] {
        let want = kayles_alone(&["nimber", "--game", game, graph]);
        let out = mpirun()
            .unwrap()
            .env("RAYON_NUM_THREADS", "2")
            .args(["-np", "2", env!("CARGO_BIN_EXE_kayles")])
            .args(["nimber", "--game", game, "--threads", "2"])
            .args(["--certificate", cert_arg, graph])
            .output()
            .expect("mpirun runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        let what = format!("{game} {graph} on 2 ranks of 2 threads");
        assert!(out.status.success(), "{what}: {stderr}");
        assert_eq!(String::from_utf8_lossy(&out.stdout), want, "{what}");
        let verified = kayles_check::check(graph, std::fs::File::open(&cert).unwrap()).unwrap();
        assert_eq!(verified.nimber.to_string(), want.trim(), "{what}");
        std::fs::remove_file(&cert).unwrap();
    }
    // The mex method is refused in one line.
    let out = mpirun()
        .unwrap()
        .args(["-np", "2", env!("CARGO_BIN_EXE_kayles")])
        .args([
            "nimber",
            "--method",
            "mex",
            "--certificate",
            cert_arg,
            "grid:3x8",
        ])
        .output()
        .expect("mpirun runs");
    refused_in_one_line(&out, &["--certificate under mpirun", "outcome method"]);
}

#[test]
fn parts_rank_0_cannot_read_are_merged_by_merge_certificate() {
    if mpirun().is_none() {
        return;
    }
    // Each rank in a folder of its own, as on machines without a shared file system.
    let dir = scratch("parts");
    let (a, b) = (dir.join("a"), dir.join("b"));
    std::fs::create_dir_all(&a).unwrap();
    std::fs::create_dir_all(&b).unwrap();
    let kayles = env!("CARGO_BIN_EXE_kayles");
    let args = [
        "nimber",
        "--game",
        "arc",
        "--threads",
        "1",
        "--certificate",
        "g.cert",
        "grid:3x7",
    ];
    let out = mpirun()
        .unwrap()
        .args(["-np", "1", "--wdir", a.to_str().unwrap(), kayles])
        .args(args)
        .arg(":")
        .args(["-np", "1", "--wdir", b.to_str().unwrap(), kayles])
        .args(args)
        .output()
        .expect("mpirun runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "1\n");
    assert!(
        stderr.contains("rank 1 of 2 are not here")
            && stderr.contains("kayles merge-certificate --game arc grid:3x7 g.cert"),
        "{stderr}"
    );
    assert!(!a.join("g.cert").exists());
    let part = |k: usize| format!("g.cert.rank-{k}-of-2.log");
    // Rank 1's part missing, cut short, of another game or graph: refused, nothing
    // written.
    let merge = ["merge-certificate", "--game", "arc", "grid:3x7", "g.cert"];
    failed_in_one_line(
        &kayles_in(&a, &merge),
        &["g.cert", "rank 1 of 2", "missing"],
    );
    let whole = std::fs::read(b.join(part(1))).unwrap();
    std::fs::write(a.join(part(1)), &whole[..whole.len() - 9]).unwrap();
    failed_in_one_line(&kayles_in(&a, &merge), &[&part(1), "cut short"]);
    std::fs::write(a.join(part(1)), &whole).unwrap();
    failed_in_one_line(
        &kayles_in(&a, &["merge-certificate", "grid:3x7", "g.cert"]),
        &["Arc Kayles search, not of Node Kayles"],
    );
    failed_in_one_line(
        &kayles_in(
            &a,
            &["merge-certificate", "--game", "arc", "grid:3x8", "g.cert"],
        ),
        &["graph grid:3x7, not of grid:3x8"],
    );
    assert!(!a.join("g.cert").exists());
    // Whole: merged, verified, and the parts removed.
    let out = kayles_in(&a, &merge);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), "1\n");
    let verified =
        kayles_check::check("grid:3x7", std::fs::File::open(a.join("g.cert")).unwrap()).unwrap();
    assert_eq!(verified.nimber, 1);
    assert!(!a.join(part(0)).exists() && !a.join(part(1)).exists());
}

#[test]
fn a_certificate_run_killed_midway_resumes_from_its_parts() {
    if mpirun().is_none() {
        return;
    }
    let dir = scratch("certificate-resume");
    let (memo, cert) = (dir.join("run.memo"), dir.join("run.cert"));
    let kayles = env!("CARGO_BIN_EXE_kayles");
    let graph = "petersen:31,2";
    let want = kayles_alone(&["nimber", graph]);
    let run = |ranks: &str| {
        let mut command = mpirun().unwrap();
        command
            .env("KAYLES_MPI_MIN_ORDER", "36")
            .args(["-np", ranks, kayles])
            .args(["nimber", "--threads", "1", "--memo-save-seconds", "1"])
            .args(["--memo-file", memo.to_str().unwrap()])
            .args(["--certificate", cert.to_str().unwrap(), graph]);
        command
    };
    // Killed (mpirun gets SIGTERM and ends its ranks) half a second after both ranks
    // saved their memos, or left to finish if it is quicker than that.
    let mut child = run("2")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let memos = [
        dir.join("run.memo.rank-0-of-2"),
        dir.join("run.memo.rank-1-of-2"),
    ];
    let parts = [
        dir.join("run.cert.rank-0-of-2.log"),
        dir.join("run.cert.rank-1-of-2.log"),
    ];
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    while !memos.iter().all(|p| p.exists()) && std::time::Instant::now() < deadline {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    std::thread::sleep(std::time::Duration::from_millis(500));
    let killed = child.try_wait().unwrap().is_none();
    if killed {
        let _ = Command::new("kill")
            .args(["-TERM", &child.id().to_string()])
            .status();
    }
    let first = child.wait_with_output().unwrap();
    if killed {
        assert!(!first.status.success(), "the killed run failed");
        assert!(parts.iter().all(|p| p.exists()), "each rank left its part");
        assert!(!cert.exists(), "no certificate yet");
        // Another number of ranks is refused with one line, before any search.
        refused_in_one_line(
            &run("3").output().unwrap(),
            &["written by a run of 2 ranks"],
        );
        // So is a run whose rank 0 lacks its part (the run's id is lost with it).
        let away = dir.join("away");
        std::fs::rename(&parts[0], &away).unwrap();
        refused_in_one_line(&run("2").output().unwrap(), &["rank 0's part", "missing"]);
        std::fs::rename(&away, &parts[0]).unwrap();
    } else {
        eprintln!("the first run ended before it was killed: resumed from its end");
    }
    // The same command goes on with the parts and merges them.
    let again = run("2").output().unwrap();
    let stderr = String::from_utf8_lossy(&again.stderr);
    assert!(again.status.success(), "{stderr}");
    assert_eq!(String::from_utf8_lossy(&again.stdout), want, "{stderr}");
    if killed {
        assert!(stderr.contains("goes on after its"), "{stderr}");
    }
    assert!(stderr.contains("of 2 parts"), "{stderr}");
    let verified = kayles_check::check(graph, std::fs::File::open(&cert).unwrap()).unwrap();
    assert_eq!(verified.nimber.to_string(), want.trim());
    assert!(!parts.iter().any(|p| p.exists()), "the parts are removed");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_part_that_is_not_a_regular_file_is_refused_before_it_is_read() {
    if mpirun().is_none() {
        return;
    }
    let dir = scratch("certificate-fifo");
    let (memo, cert) = (dir.join("run.memo"), dir.join("run.cert"));
    // FIFOs where a killed run's parts would be: reading one would wait for a writer
    // forever, so the resumed run must refuse them before it opens them.
    for rank in 0..2 {
        let part = dir.join(format!("run.cert.rank-{rank}-of-2.log"));
        assert!(Command::new("mkfifo")
            .arg(&part)
            .status()
            .unwrap()
            .success());
    }
    let mut command = mpirun().unwrap();
    command
        .args(["-np", "2", env!("CARGO_BIN_EXE_kayles")])
        .args(["nimber", "--threads", "1"])
        .args(["--memo-file", memo.to_str().unwrap()])
        .args(["--certificate", cert.to_str().unwrap(), "petersen:13,2"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    let mut child = command.spawn().unwrap();
    if ended_within(&mut child, std::time::Instant::now(), 60).is_none() {
        let _ = child.kill();
        panic!("the run went on 60 s with FIFOs for parts");
    }
    refused_in_one_line(&child.wait_with_output().unwrap(), &["not a regular file"]);
    let _ = std::fs::remove_dir_all(&dir);
}
