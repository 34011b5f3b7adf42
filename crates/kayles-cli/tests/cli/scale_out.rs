//! `kayles split`, `run`, `join` and `nimber --checkpoint`: split-run-join against direct
//! search, the job lines as plain graph6, shards, damaged results files, a SIGKILL and a
//! resume (of a checkpoint and of a memo file), and the recipes of docs/scale-out.md run
//! as written.

use super::{error, kayles, stdout};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A fresh directory under the target directory, named for the test.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("scale-out-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn s(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// The `job_id value` lines of a results file (comments skipped, complete lines only).
fn answers(path: &Path) -> Vec<(usize, u32)> {
    let text = std::fs::read_to_string(path).unwrap();
    let complete = &text[..text.rfind('\n').map_or(0, |i| i + 1)];
    complete
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut parts = l.split_whitespace();
            let job = parts.next().unwrap().parse().unwrap();
            (job, parts.next().unwrap().parse().unwrap())
        })
        .collect()
}

fn manifest(jobs: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(format!("{}.manifest.json", s(jobs))).unwrap();
    serde_json::from_str(&text).unwrap()
}

/// Splits `graph`, runs every job, joins; returns the joined nimber's line.
fn split_run_join(dir: &Path, graph: &str, extra: &[&str]) -> String {
    let jobs = dir.join("jobs.g6");
    let results = dir.join("results.txt");
    let _ = std::fs::remove_file(&results);
    // The jobs file of the previous call is replaced.
    let mut split = vec!["split", graph, "--out", s(&jobs), "--force"];
    split.extend_from_slice(extra);
    stdout(&split);
    stdout(&["run", s(&jobs), "--out", s(&results)]);
    stdout(&["join", graph, "--jobs", s(&jobs), "--results", s(&results)])
}

#[test]
fn split_run_join_equals_direct_search() {
    let dir = scratch("equals");
    for (graph, game) in [
        ("grid:3x12", "node"),
        ("petersen:16,2", "node"),
        ("queens:7", "node"),
        ("grid:3x6", "arc"),
    ] {
        let direct = stdout(&["nimber", "--game", game, graph]);
        for depth in ["0", "1", "2"] {
            for key in ["auto", "canonical"] {
                let joined = split_run_join(
                    &dir,
                    graph,
                    &["--depth", depth, "--game", game, "--key", key],
                );
                assert_eq!(joined, direct, "{graph} {game} depth {depth} key {key}");
            }
        }
    }
    // A graph6 argument (no family): the canonical key.
    let joined = split_run_join(&dir, "LSjKDqF@GSg?AC", &["--depth", "1"]);
    assert_eq!(joined, stdout(&["nimber", "LSjKDqF@GSg?AC"]));
    assert_eq!(manifest(&dir.join("jobs.g6"))["key"], "canonical");
}

#[test]
fn jobs_picks_the_least_depth_and_the_manifest_says_so() {
    let dir = scratch("jobs");
    let jobs = dir.join("jobs.g6");
    stdout(&["split", "grid:3x14", "--jobs", "40", "--out", s(&jobs)]);
    let m = manifest(&jobs);
    let depth = m["depth"].as_u64().unwrap();
    let count = m["jobs"].as_u64().unwrap();
    assert!(count >= 40, "{m}");
    assert_eq!(m["format"], "kayles-jobs");
    assert_eq!(m["version"], 1);
    assert_eq!(m["game"], "node");
    assert_eq!(m["key"], "symmetry");
    let lines = std::fs::read_to_string(&jobs).unwrap().lines().count() as u64;
    assert_eq!(lines, count);
    stdout(&[
        "split",
        "grid:3x14",
        "--depth",
        &(depth - 1).to_string(),
        "--out",
        s(&jobs),
        "--force",
    ]);
    assert!(manifest(&jobs)["jobs"].as_u64().unwrap() < 40);
}

#[test]
fn job_lines_are_plain_graph6_and_shards_cover_every_job() {
    let dir = scratch("plain");
    let jobs = dir.join("jobs.g6");
    stdout(&["split", "grid:3x13", "--depth", "2", "--out", s(&jobs)]);
    let text = std::fs::read_to_string(&jobs).unwrap();
    // `kayles nimber -` answers the job lines in order; the line number is the job id.
    let out = kayles(&["nimber", "-"], &text);
    assert!(out.status.success());
    let values = String::from_utf8(out.stdout).unwrap();
    let lines: String = values
        .lines()
        .enumerate()
        .map(|(i, v)| format!("{} {v}\n", i + 1))
        .collect();
    assert_eq!(lines.lines().count(), text.lines().count());
    let by_hand = dir.join("by-hand.txt");
    std::fs::write(&by_hand, &lines).unwrap();
    let direct = stdout(&["nimber", "grid:3x13"]);
    let join = |files: &[&Path]| {
        let mut args = vec!["join", "grid:3x13", "--jobs", s(&jobs), "--results"];
        args.extend(files.iter().map(|f| s(f)));
        stdout(&args)
    };
    assert_eq!(join(&[&by_hand]), direct);
    // Three shards, three files; each file holds only its own jobs.
    let shards: Vec<PathBuf> = (0..3).map(|i| dir.join(format!("r{i}.txt"))).collect();
    for (i, file) in shards.iter().enumerate() {
        let shard = format!("{i}/3");
        stdout(&["run", s(&jobs), "--shard", &shard, "--out", s(file)]);
        assert!(answers(file).iter().all(|&(job, _)| (job - 1) % 3 == i));
    }
    let refs: Vec<&Path> = shards.iter().map(PathBuf::as_path).collect();
    assert_eq!(join(&refs), direct);
    // Two shards are not enough: the missing job is named.
    let err = error(
        &[
            "join",
            "grid:3x13",
            "--jobs",
            s(&jobs),
            "--results",
            s(&shards[0]),
            s(&shards[1]),
        ],
        "",
    );
    assert!(
        err.contains("job 3 (") && err.contains("has no answer"),
        "{err}"
    );
    // Agreeing duplicates (a shard and the by-hand file) are fine.
    assert_eq!(
        join(&[&by_hand, &shards[0], &shards[1], &shards[2]]),
        direct
    );
}

#[test]
fn damaged_results_are_errors_or_repaired_never_a_wrong_value() {
    let dir = scratch("damaged");
    let jobs = dir.join("jobs.g6");
    let results = dir.join("results.txt");
    stdout(&["split", "petersen:15,2", "--depth", "2", "--out", s(&jobs)]);
    stdout(&["run", s(&jobs), "--out", s(&results)]);
    let direct = stdout(&["nimber", "petersen:15,2"]);
    let good = std::fs::read_to_string(&results).unwrap();
    let n = answers(&results).len();
    assert!(n > 5);
    let join_args = [
        "join",
        "petersen:15,2",
        "--jobs",
        s(&jobs),
        "--results",
        s(&results),
    ];
    let join_with = |text: &str| {
        std::fs::write(&results, text).unwrap();
        kayles(&join_args, "")
    };
    let join_error = |text: &str| {
        std::fs::write(&results, text).unwrap();
        error(&join_args, "")
    };
    // A torn last line: the join ignores it (with a note), and the job it would have
    // answered is missing.
    let body = good.trim_end_matches('\n');
    let cut = body.rfind('\n').unwrap();
    let (complete, last) = (&body[..cut + 1], &body[cut + 1..]);
    let last_job: usize = last.split_whitespace().next().unwrap().parse().unwrap();
    let torn = format!("{complete}{}", &last[..last.len() - 1]);
    let err = join_error(&torn);
    assert!(
        err.contains(&format!("job {last_job} (")) && err.contains("unfinished last line"),
        "{err}"
    );
    // ... and `run --resume` cuts it off and answers that job again.
    std::fs::write(&results, &torn).unwrap();
    stdout(&["run", s(&jobs), "--out", s(&results), "--resume"]);
    assert_eq!(std::fs::read_to_string(&results).unwrap(), good);
    // A torn line after a complete answer of the same job: ignored, with a note.
    let out = join_with(&format!("{good}{last_job} 1"));
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), direct);
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("unfinished last line"));
    // A duplicate that agrees is accepted; one that disagrees is an error naming both.
    let first = good.lines().nth(1).unwrap();
    let (job, value) = first.split_once(' ').unwrap();
    let out = join_with(&format!("{good}{first}\n"));
    assert!(out.status.success());
    let other: u32 = value.parse::<u32>().unwrap() ^ 1;
    let err = join_error(&format!("{good}{job} {other}\n"));
    assert!(
        err.contains(&format!("job {job} has two different answers")),
        "{err}"
    );
    // A wrong job id, a malformed line, a missing job.
    let err = join_error(&format!("{good}{} 0\n", n + 1));
    assert!(err.contains(&format!("there is no job {}", n + 1)), "{err}");
    let err = join_error(&format!("{good}0 1\n"));
    assert!(err.contains("there is no job 0"), "{err}");
    let err = join_error(&format!("{good}7\n"));
    assert!(err.contains("expected \"job_id value\""), "{err}");
    let err = join_error(&format!("{good}7 x\n"));
    assert!(err.contains("expected \"job_id value\""), "{err}");
    let missing: String = good
        .lines()
        .filter(|l| !l.starts_with("2 "))
        .map(|l| format!("{l}\n"))
        .collect();
    let err = join_error(&missing);
    assert!(
        err.contains("job 2 (") && err.contains("has no answer"),
        "{err}"
    );
    // Results of another jobs file (its header's fingerprint) are refused.
    let err = join_error(&good.replacen("jobs ", "jobs 0", 1));
    assert!(err.contains("another jobs file"), "{err}");
    // The jobs file edited, the wrong graph, an existing results file without --resume.
    std::fs::write(&results, &good).unwrap();
    let err = error(
        &[
            "join",
            "petersen:15,3",
            "--jobs",
            s(&jobs),
            "--results",
            s(&results),
        ],
        "",
    );
    assert!(err.contains("is not the graph"), "{err}");
    let err = error(&["run", s(&jobs), "--out", s(&results)], "");
    assert!(err.contains("--resume"), "{err}");
    let text = std::fs::read_to_string(&jobs).unwrap();
    std::fs::write(&jobs, text.replacen('\n', "\n\n", 1)).unwrap();
    let err = error(&join_args, "");
    assert!(err.contains("has changed"), "{err}");
}

#[test]
fn bad_arguments_are_one_line_errors() {
    let dir = scratch("bad");
    let jobs = dir.join("jobs.g6");
    let out = s(&jobs);
    error(&["split", "grid:3x5", "--out", out], "");
    error(
        &[
            "split", "grid:3x5", "--depth", "1", "--jobs", "3", "--out", out,
        ],
        "",
    );
    error(&["split", "grid:3x5", "--depth", "-1", "--out", out], "");
    error(&["split", "cube:3", "--depth", "1", "--out", out], "");
    error(&["split", "-", "--depth", "1", "--out", out], "");
    error(
        &[
            "split", "Bw", "--depth", "1", "--key", "symmetry", "--out", out,
        ],
        "",
    );
    error(&["run", out, "--out", s(&dir.join("r"))], "");
    stdout(&["split", "grid:3x12", "--depth", "1", "--out", out]);
    for shard in ["3/3", "1/0", "x", "1/2/3"] {
        error(
            &["run", out, "--shard", shard, "--out", s(&dir.join("r"))],
            "",
        );
    }
    error(
        &[
            "join",
            "grid:3x12",
            "--jobs",
            out,
            "--results",
            s(&dir.join("none")),
        ],
        "",
    );
    std::fs::write(format!("{out}.manifest.json"), "{\"format\": 3}").unwrap();
    error(&["run", out, "--out", s(&dir.join("r"))], "");
    error(
        &["nimber", "grid:3x5", "grid:3x6", "--checkpoint", s(&dir)],
        "",
    );
    error(&["nimber", "--checkpoint-jobs", "5", "grid:3x5"], "");
}

/// Lines of a checkpoint's results file, and the job count of its manifest.
fn checkpoint_state(dir: &Path) -> (Vec<(usize, u32)>, usize) {
    let jobs = manifest(&dir.join("jobs.g6"))["jobs"].as_u64().unwrap() as usize;
    (answers(&dir.join("results.txt")), jobs)
}

/// SIGKILLs `child` as soon as `ready` holds, which must happen within a minute and
/// before the child finishes on its own.
fn kill_once(child: &mut std::process::Child, ready: impl Fn() -> bool) {
    wait_while_running(child, Duration::from_secs(60), ready);
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
}

/// Waits until `ready` holds, which must happen within `limit` and while `child` still
/// runs (a child that finishes first leaves nothing to stop: the test would prove
/// nothing).
fn wait_while_running(child: &mut std::process::Child, limit: Duration, ready: impl Fn() -> bool) {
    let start = Instant::now();
    while !ready() {
        assert!(start.elapsed() < limit, "not ready in {limit:?}");
        assert!(
            child.try_wait().unwrap().is_none(),
            "finished before it was stopped"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn a_killed_checkpoint_run_resumes_without_recomputing_finished_jobs() {
    let dir = scratch("kill").join("ck");
    let graph = "grid:3x14";
    let mut child = Command::new(env!("CARGO_BIN_EXE_kayles"))
        .args(["nimber", graph, "--checkpoint", s(&dir)])
        .args(["--checkpoint-jobs", "40", "--throttle-ms", "50"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let results = dir.join("results.txt");
    kill_once(&mut child, || {
        results.exists() && answers(&results).len() >= 3
    });
    let (before, jobs) = checkpoint_state(&dir);
    assert!(
        before.len() >= 3 && before.len() < jobs,
        "{} of {jobs}",
        before.len()
    );
    let out = kayles(&["nimber", graph, "--checkpoint", s(&dir), "--stats"], "");
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        stdout(&["nimber", graph])
    );
    let stats = String::from_utf8(out.stderr).unwrap();
    let resumed = format!(
        "{jobs} jobs, {} answered earlier, {} answered now",
        before.len(),
        jobs - before.len()
    );
    assert!(stats.contains(&resumed), "{stats}");
    // Every job answered exactly once: the finished ones were not run again.
    let (after, _) = checkpoint_state(&dir);
    assert_eq!(after.len(), jobs);
    assert_eq!(&after[..before.len()], &before[..]);
    let mut ids: Vec<usize> = after.iter().map(|a| a.0).collect();
    ids.sort_unstable();
    assert_eq!(ids, (1..=jobs).collect::<Vec<_>>());
    // A third run has nothing left to do; another graph in the same directory is refused.
    let out = kayles(&["nimber", graph, "--checkpoint", s(&dir), "--stats"], "");
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains(&format!("{jobs} answered earlier, 0 answered now")));
    let err = error(&["nimber", "grid:3x15", "--checkpoint", s(&dir)], "");
    assert!(err.contains("holds a split of grid:3x14"), "{err}");
}

/// `--memo-file`: a run killed after a save resumes from it and gives the value; a file of
/// another search, one cut short and one that is not a memo file are one-line errors.
#[test]
fn a_killed_memo_file_run_resumes_from_its_last_save() {
    let dir = scratch("memo-file");
    let memo = dir.join("cram.memo");
    let graph = "grid:5x7";
    let args = ["nimber", "--game", "arc", "--threads", "1", graph];
    let mut child = Command::new(env!("CARGO_BIN_EXE_kayles"))
        .args(args)
        .args(["--memo-file", s(&memo), "--memo-save-seconds", "1"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    kill_once(&mut child, || memo.exists());
    let out = kayles(&[&args[..], &["--memo-file", s(&memo)]].concat(), "");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(out.status.success(), "{stderr}");
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "1\n");
    let loaded: u64 = stderr
        .split("loaded ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no load reported: {stderr}"));
    assert!(loaded > 0, "{stderr}");
    assert!(stderr.contains("entries ("), "no final save: {stderr}");
    // Another game on the same file is refused, as is a file cut short or not a memo.
    let node = ["nimber", graph, "--memo-file", s(&memo)];
    let err = error(&node, "");
    assert!(err.contains("is the memo of arc grid:5x7"), "{err}");
    let bytes = std::fs::read(&memo).unwrap();
    std::fs::write(&memo, &bytes[..bytes.len() / 2]).unwrap();
    let err = error(&[&args[..], &["--memo-file", s(&memo)]].concat(), "");
    assert!(err.contains("damaged"), "{err}");
    std::fs::write(&memo, "not a memo\n").unwrap();
    let err = error(&[&args[..], &["--memo-file", s(&memo)]].concat(), "");
    assert!(err.contains("is not a kayles memo file"), "{err}");
    let err = error(
        &["nimber", "grid:3x4", "grid:3x5", "--memo-file", s(&memo)],
        "",
    );
    assert!(err.contains("--memo-file takes one GRAPH"), "{err}");
    // A path that cannot be written is refused before the search.
    let nowhere = dir.join("no-such-folder").join("cram.memo");
    let err = error(&[&args[..], &["--memo-file", s(&nowhere)]].concat(), "");
    assert!(err.contains("cannot write the memo file"), "{err}");
    let err = error(
        &[
            &args[..],
            &["--memo-file", s(&memo), "--memo-save-seconds", "0"],
        ]
        .concat(),
        "",
    );
    assert!(
        err.contains("--memo-save-seconds must be at least 1"),
        "{err}"
    );
    error(&[&args[..], &["--memo-save-seconds", "5"]].concat(), "");
    error(
        &[
            &args[..],
            &["--memo-file", s(&memo), "--checkpoint", s(&dir)],
        ]
        .concat(),
        "",
    );
}

/// `kayles nimber` of the Cram board `board` (`grid:5x7` or `grid:5x8`, both of value 1)
/// on one thread, its certificate written to `cert` and its memo kept in `memo`.
fn cram_certificate_args<'a>(board: &'a str, cert: &'a Path, memo: &'a Path) -> [&'a str; 10] {
    [
        "nimber",
        "--game",
        "arc",
        "--threads",
        "1",
        board,
        "--certificate",
        s(cert),
        "--memo-file",
        s(memo),
    ]
}

/// Runs `args` (as [`cram_certificate_args`] gives them) to the end: it succeeds with 1,
/// says `said` on standard error, and leaves a certificate at `cert` that the checker
/// accepts.
fn certify_cram_to_the_end(args: &[&str], cert: &Path, said: &str) {
    let out = kayles(args, "");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(out.status.success(), "{stderr}");
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "1\n");
    assert!(stderr.contains(said), "{stderr}");
    let board = args.iter().find(|a| a.starts_with("grid:")).unwrap();
    let verified = kayles_check::check(board, std::fs::File::open(cert).unwrap());
    assert_eq!(verified.map(|v| v.nimber).ok(), Some(1));
}

/// Sends SIGINT (Ctrl-C) to `child`.
fn interrupt(child: &std::process::Child) {
    let pid = child.id().to_string();
    assert!(Command::new("kill")
        .args(["-INT", &pid])
        .status()
        .unwrap()
        .success());
}

/// `--certificate` with `--memo-file`: a run killed after a save leaves its memo and no
/// file under the certificate's name; the same command resumes from the memo (the search
/// and the proof's questions) and writes a certificate that the checker accepts.
#[test]
fn a_killed_certificate_run_resumes_from_its_memo_file() {
    let dir = scratch("memo-certificate");
    let (memo, cert) = (dir.join("cram.memo"), dir.join("cram.cert"));
    let args = cram_certificate_args("grid:5x7", &cert, &memo);
    let mut child = Command::new(env!("CARGO_BIN_EXE_kayles"))
        .args(args)
        .args(["--memo-save-seconds", "1"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    kill_once(&mut child, || memo.exists());
    assert!(!cert.exists(), "a killed run left a certificate");
    certify_cram_to_the_end(&args, &cert, "loaded");
    let [part, ..] = unfinished(&cert);
    assert!(!part.exists(), "the .part file was left");
}

/// The files a certificate run leaves beside `cert` while it is not whole: the
/// certificate so far, the proof's state, and what a resumed run writes until its first
/// save.
fn unfinished(cert: &Path) -> [PathBuf; 3] {
    use kayles_solve::certificates::{next_path, part_path, proof_path};
    [part_path(cert), proof_path(cert), next_path(cert)]
}

/// A certificate run killed (SIGKILL) in its proof, after the proof saved its state,
/// goes on from that save: the rerun says so, and its certificate checks, with nothing
/// left beside it. Cram 5 x 8: its proof takes several seconds, so a save a second
/// comes before it ends (5 x 7's proof can end within the first second).
#[test]
fn a_killed_proof_goes_on_from_its_last_save() {
    let dir = scratch("proof-kill");
    let (memo, cert) = (dir.join("cram.memo"), dir.join("cram.cert"));
    let [part, proof, next] = unfinished(&cert);
    let args = [
        &cram_certificate_args("grid:5x8", &cert, &memo)[..],
        &["--memo-save-seconds", "1"],
    ]
    .concat();
    let mut child = Command::new(env!("CARGO_BIN_EXE_kayles"))
        .args(&args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    kill_once(&mut child, || proof.exists());
    assert!(
        !cert.exists() && part.exists(),
        "a killed run left a certificate"
    );
    certify_cram_to_the_end(&args, &cert, "the proof went on from a save with");
    for left in [part, proof, next] {
        assert!(!left.exists(), "{} was left", left.display());
    }
}

/// Ctrl-C during a certificate's proof saves the memo and the proof's state before it
/// stops; the same command then goes on with the proof from there.
#[test]
fn an_interrupted_proof_saves_and_goes_on() {
    let dir = scratch("proof-interrupt");
    let (memo, cert) = (dir.join("cram.memo"), dir.join("cram.cert"));
    let [part, proof, _] = unfinished(&cert);
    let args = cram_certificate_args("grid:5x7", &cert, &memo);
    let mut child = Command::new(env!("CARGO_BIN_EXE_kayles"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The proof has started once the certificate's first bytes are out.
    wait_while_running(&mut child, Duration::from_secs(120), || {
        std::fs::metadata(&part).map_or(0, |m| m.len()) > 0
    });
    interrupt(&child);
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("interrupted; the memo is saved"), "{err}");
    assert!(proof.exists() && !cert.exists(), "{err}");
    certify_cram_to_the_end(&args, &cert, "the proof went on from a save with");
    assert!(!proof.exists() && !part.exists());
}

/// Ctrl-C (SIGINT) during a `--memo-file` search saves the memo before it stops, with a
/// one-line error; the same command then resumes from it.
#[test]
fn an_interrupted_memo_file_run_saves_before_it_stops() {
    let memo = scratch("memo-interrupt").join("cram.memo");
    let args = ["nimber", "--game", "arc", "--threads", "1", "grid:5x7"];
    let mut child = Command::new(env!("CARGO_BIN_EXE_kayles"))
        .args(args)
        .args(["--memo-file", s(&memo)])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The first line ("none yet") comes once the signals are caught and the search starts.
    let mut stderr = std::io::BufReader::new(child.stderr.take().unwrap());
    let mut err = String::new();
    std::io::BufRead::read_line(&mut stderr, &mut err).unwrap();
    assert!(err.contains("none yet"), "{err}");
    std::thread::sleep(Duration::from_millis(300));
    interrupt(&child);
    std::io::Read::read_to_string(&mut stderr, &mut err).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("saved"), "{err}");
    assert!(
        err.trim_end().ends_with(&format!(
            "interrupted; the memo is saved in {}: the same command resumes the search",
            s(&memo)
        )),
        "{err}"
    );
    let out = kayles(&[&args[..], &["--memo-file", s(&memo)]].concat(), "");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(out.status.success(), "{stderr}");
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "1\n");
    assert!(stderr.contains("loaded"), "{stderr}");
}

/// The shell blocks of docs/scale-out.md that follow a `<!-- recipe: NAME -->` line.
fn recipe(name: &str) -> String {
    let doc = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/scale-out.md");
    let text = std::fs::read_to_string(doc).unwrap();
    let marker = format!("<!-- recipe: {name} -->");
    let at = text
        .find(&marker)
        .unwrap_or_else(|| panic!("no recipe {name}"));
    let rest = &text[at..];
    let start = rest.find("```sh\n").unwrap() + 6;
    let end = start + rest[start..].find("```").unwrap();
    rest[start..end].to_string()
}

/// Runs the recipe `name` after the `setup` recipe with bash in `dir`, `kayles` on the
/// path; returns the last line it prints (the joined nimber). Where the setup has split
/// already (`jobs.g6` is there: a Slurm array's second task), only its variables are set.
fn run_recipe(dir: &Path, name: &str, env: &[(&str, &str)]) -> String {
    let bin = Path::new(env!("CARGO_BIN_EXE_kayles")).parent().unwrap();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap());
    let mut setup = recipe("setup");
    if dir.join("jobs.g6").exists() {
        setup = setup
            .lines()
            .filter(|line| !line.starts_with("kayles split"))
            .map(|line| format!("{line}\n"))
            .collect();
    }
    let script = format!("set -euo pipefail\n{setup}\n{}", recipe(name));
    let out = Command::new("bash")
        .arg("-c")
        .arg(&script)
        .current_dir(dir)
        .env("PATH", path)
        .envs(env.iter().copied())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "recipe {name}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    text.lines().last().unwrap_or("").to_string()
}

fn setup_graph() -> String {
    let setup = recipe("setup");
    let line = setup.lines().find(|l| l.starts_with("GRAPH=")).unwrap();
    line["GRAPH=".len()..].trim().to_string()
}

#[test]
fn the_shell_and_slurm_recipes_of_the_docs_work() {
    let direct = stdout(&["nimber", &setup_graph()]);
    for name in ["shell-loop", "one-process", "shards", "verified"] {
        let dir = scratch(name);
        assert_eq!(run_recipe(&dir, name, &[]) + "\n", direct, "recipe {name}");
    }
    // The Slurm array script, run as Slurm would run its tasks (one after another here),
    // then the join.
    let dir = scratch("slurm");
    let script = recipe("slurm-script");
    assert!(script.contains("#SBATCH --array=0-"));
    std::fs::write(dir.join("kayles-array.sh"), &script).unwrap();
    let tasks = 2;
    let count = tasks.to_string();
    let mut ran = String::new();
    for task in 0..tasks {
        let id = task.to_string();
        ran = run_recipe(
            &dir,
            "slurm-script",
            &[
                ("SLURM_ARRAY_TASK_ID", id.as_str()),
                ("SLURM_ARRAY_TASK_COUNT", count.as_str()),
            ],
        );
    }
    assert!(ran.contains("answered now"), "{ran}");
    assert_eq!(run_recipe(&dir, "slurm-join", &[]) + "\n", direct);
}

/// A stand-in for GNU parallel: the options the recipes of docs/scale-out.md use, each job
/// run in turn on this machine, `{}` replaced by the shell-quoted argument and `{#}` by its
/// sequence number, as GNU parallel does. Used where GNU parallel is not installed, so
/// that the recipes' own commands (the jobs, the shards, the join) are still run.
const PARALLEL_STAND_IN: &str = r#"#!/usr/bin/env bash
set -u
argfile=""; args=(); cmd=()
while [ $# -gt 0 ]; do
  case "$1" in
    -a) argfile=$2; shift 2;;
    -j|--joblog|--sshloginfile|--basefile|--return) shift 2;;
    --resume-failed|--cleanup) shift;;
    :::) shift; args=("$@"); break;;
    -*) [ ${#cmd[@]} -eq 0 ] && { echo "parallel stand-in: $1 is not supported" >&2; exit 2; }
        cmd+=("$1"); shift;;
    *) cmd+=("$1"); shift;;
  esac
done
if [ -n "$argfile" ]; then mapfile -t args < "$argfile"; fi
shopt -u patsub_replacement 2>/dev/null || true
n=0; status=0
for a in "${args[@]}"; do
  n=$((n+1))
  q=$(printf %q "$a")
  line="${cmd[*]}"
  line="${line//'{#}'/"$n"}"
  line="${line//'{}'/"$q"}"
  bash -c "$line" || status=1
done
exit $status
"#;

#[test]
fn the_gnu_parallel_recipes_of_the_docs_work() {
    let have_parallel = Command::new("parallel")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    // Under CI the real GNU parallel runs the recipes (.ci/run installs it); elsewhere,
    // without it, the stand-in above runs them, and the test says so: either way every
    // recipe runs and its join is compared with the direct value.
    let ci = std::env::var("CI").is_ok_and(|ci| ci == "true");
    assert!(
        have_parallel || !ci,
        "GNU parallel is not installed under CI (.ci/run installs it)"
    );
    let mut env = Vec::new();
    if !have_parallel {
        let bin = scratch("parallel-stand-in");
        let script = bin.join("parallel");
        std::fs::write(&script, PARALLEL_STAND_IN).unwrap();
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
        let kayles = Path::new(env!("CARGO_BIN_EXE_kayles")).parent().unwrap();
        let path = format!(
            "{}:{}:{}",
            bin.display(),
            kayles.display(),
            std::env::var("PATH").unwrap()
        );
        env.push(("PATH".to_string(), path));
        eprintln!(
            "GNU parallel is not installed: the recipes run through a stand-in for it \
             (apt-get install parallel to run them through GNU parallel itself)"
        );
    }
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    let direct = stdout(&["nimber", &setup_graph()]);
    for name in ["parallel-jobs", "parallel-shards", "parallel-hosts"] {
        let dir = scratch(name);
        std::fs::write(dir.join("hosts"), "2/:\n").unwrap();
        assert_eq!(run_recipe(&dir, name, &env) + "\n", direct, "recipe {name}");
    }
}

/// A split of grid:3x8 (8 jobs, nimber 2) answered with a certificate per job: the jobs
/// file, the results file and the certificates directory.
fn certified_split(dir: &Path) -> (PathBuf, PathBuf, PathBuf) {
    let (jobs, results, certs) = (dir.join("j.g6"), dir.join("r.txt"), dir.join("certs"));
    stdout(&["split", "grid:3x8", "--jobs", "5", "--out", s(&jobs)]);
    stdout(&[
        "run",
        s(&jobs),
        "--out",
        s(&results),
        "--certificates",
        s(&certs),
    ]);
    (jobs, results, certs)
}

/// The arguments of `join grid:3x8 --jobs JOBS --results RESULTS --verify DIR`.
fn verify_args<'a>(jobs: &'a Path, results: &'a Path, certs: &'a Path) -> [&'a str; 8] {
    [
        "join",
        "grid:3x8",
        "--jobs",
        s(jobs),
        "--results",
        s(results),
        "--verify",
        s(certs),
    ]
}

/// `join --verify DIR` with the results `results`: the output.
fn verified_join(jobs: &Path, results: &Path, certs: &Path) -> std::process::Output {
    kayles(&verify_args(jobs, results, certs), "")
}

/// The one-line error of a `join --verify` that must fail.
fn verified_join_error(jobs: &Path, results: &Path, certs: &Path) -> String {
    error(&verify_args(jobs, results, certs), "")
}

/// A results file with every value changed to 7 joined to 0 with exit status 0
/// (the true value is 2). Unverified, the join says its values were taken on trust;
/// verified against the jobs' certificates, it is refused, naming the job.
#[test]
fn a_forged_results_file_is_refused_by_a_verified_join() {
    let dir = scratch("forged");
    let (jobs, results, certs) = certified_split(&dir);
    assert_eq!(std::fs::read_dir(&certs).unwrap().count(), 8);
    for job in 1..=8 {
        assert!(certs.join(format!("job_{job}.cert")).is_file(), "job {job}");
    }
    let out = verified_join(&jobs, &results, &certs);
    assert!(out.status.success(), "{out:?}");
    assert!(out.stderr.is_empty(), "{out:?}");
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "2\n");
    // Every value 7.
    let forged: String = std::fs::read_to_string(&results)
        .unwrap()
        .lines()
        .map(|line| match line.split_once(' ') {
            Some((job, _)) if !line.starts_with('#') => format!("{job} 7\n"),
            _ => format!("{line}\n"),
        })
        .collect();
    let forged_path = dir.join("forged.txt");
    std::fs::write(&forged_path, &forged).unwrap();
    let out = kayles(
        &[
            "join",
            "grid:3x8",
            "--jobs",
            s(&jobs),
            "--results",
            s(&forged_path),
        ],
        "",
    );
    assert!(out.status.success());
    // The wrong value docs/scale-out.md shows.
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "0\n");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("the values of the 8 jobs were taken on trust")
            && stderr.contains("--verify"),
        "{stderr}"
    );
    let err = verified_join_error(&jobs, &forged_path, &certs);
    assert!(
        err.contains("job 1: the results give the value 7, but its certificate")
            && err.contains("proves"),
        "{err}"
    );
    // One value changed alone is found too, whichever job it is.
    for job in [1, 5, 8] {
        let text: String = std::fs::read_to_string(&results)
            .unwrap()
            .lines()
            .map(|line| match line.split_once(' ') {
                Some((id, value)) if id == job.to_string() => {
                    format!("{id} {}\n", value.parse::<u32>().unwrap() ^ 1)
                }
                _ => format!("{line}\n"),
            })
            .collect();
        std::fs::write(&forged_path, text).unwrap();
        let err = verified_join_error(&jobs, &forged_path, &certs);
        assert!(
            err.contains(&format!("job {job}: the results give")),
            "{err}"
        );
    }
}

/// Missing, damaged and foreign certificates, and one of the other game: each is one line
/// naming the job.
#[test]
fn a_verified_join_refuses_missing_damaged_and_foreign_certificates() {
    let dir = scratch("verify-certs");
    let (jobs, results, certs) = certified_split(&dir);
    let cert = |job: usize| certs.join(format!("job_{job}.cert"));
    let good3 = std::fs::read(cert(3)).unwrap();
    // Missing.
    std::fs::remove_file(cert(3)).unwrap();
    let err = verified_join_error(&jobs, &results, &certs);
    assert!(
        err.contains("job 3 has no certificate") && err.contains("--certificates"),
        "{err}"
    );
    // Cut short, and a folder in its place.
    std::fs::write(cert(3), &good3[..good3.len() / 2]).unwrap();
    let err = verified_join_error(&jobs, &results, &certs);
    assert!(
        err.contains("job 3: its certificate") && err.contains("rejected"),
        "{err}"
    );
    std::fs::remove_file(cert(3)).unwrap();
    std::fs::create_dir(cert(3)).unwrap();
    let err = verified_join_error(&jobs, &results, &certs);
    assert!(err.contains("job 3"), "{err}");
    std::fs::remove_dir(cert(3)).unwrap();
    // Another job's certificate under job 3's name.
    std::fs::copy(cert(2), cert(3)).unwrap();
    let err = verified_join_error(&jobs, &results, &certs);
    assert!(
        err.contains("job 3: its certificate") && err.contains("another graph"),
        "{err}"
    );
    // An Arc Kayles certificate of job 3's graph.
    let line3 = std::fs::read_to_string(&jobs)
        .unwrap()
        .lines()
        .nth(2)
        .unwrap()
        .to_string();
    std::fs::remove_file(cert(3)).unwrap();
    stdout(&[
        "nimber",
        "--game",
        "arc",
        &line3,
        "--certificate",
        s(&cert(3)),
    ]);
    let err = verified_join_error(&jobs, &results, &certs);
    assert!(
        err.contains("job 3:")
            && err.contains("certifies Arc Kayles")
            && err.contains("Node Kayles"),
        "{err}"
    );
    // A Node Kayles certificate of it written by `kayles nimber` serves.
    std::fs::remove_file(cert(3)).unwrap();
    stdout(&["nimber", &line3, "--certificate", s(&cert(3))]);
    assert!(verified_join(&jobs, &results, &certs).status.success());
    assert_eq!(
        good3.len(),
        std::fs::metadata(cert(3)).unwrap().len() as usize
    );
}

/// `run --certificates` resumes: a job counts as done when its line and its certificate
/// are there; a certificate of another graph filed under a job's name is refused.
#[test]
fn run_with_certificates_resumes_and_refuses_foreign_files() {
    let dir = scratch("run-certs");
    let (jobs, results, certs) = certified_split(&dir);
    let lines = std::fs::read_to_string(&results).unwrap();
    let run = |extra: &[&str]| {
        let mut args = vec!["run", s(&jobs), "--out", s(&results), "--resume"];
        args.extend_from_slice(extra);
        stdout(&args)
    };
    assert!(run(&["--certificates", s(&certs)]).contains("8 answered earlier, 0 answered now"));
    std::fs::remove_file(certs.join("job_4.cert")).unwrap();
    assert!(run(&["--certificates", s(&certs)]).contains("7 answered earlier, 1 answered now"));
    // The results line was there: not written twice.
    assert_eq!(std::fs::read_to_string(&results).unwrap(), lines);
    assert!(certs.join("job_4.cert").is_file());
    // A value that the certificate's search does not confirm, met while certifying the
    // jobs of a results file, is an error naming the job; the file is left as it was.
    let four = answers(&results).iter().find(|a| a.0 == 4).unwrap().1;
    let forged_lines = lines.replace(&format!("\n4 {four}\n"), "\n4 9\n");
    assert_ne!(forged_lines, lines);
    let forged = dir.join("forged.txt");
    std::fs::write(&forged, &forged_lines).unwrap();
    let err = error(
        &[
            "run",
            s(&jobs),
            "--out",
            s(&forged),
            "--resume",
            "--certificates",
            s(&dir.join("recheck")),
        ],
        "",
    );
    assert!(err.contains("job 4:") && err.contains("says 9"), "{err}");
    assert_eq!(std::fs::read_to_string(&forged).unwrap(), forged_lines);
    // Certificates added to a run made without them.
    let (plain, more) = (dir.join("plain.txt"), dir.join("more"));
    stdout(&["run", s(&jobs), "--out", s(&plain)]);
    let out = stdout(&[
        "run",
        s(&jobs),
        "--out",
        s(&plain),
        "--resume",
        "--certificates",
        s(&more),
    ]);
    assert!(out.contains("0 answered earlier, 8 answered now"), "{out}");
    assert!(verified_join(&jobs, &plain, &more).status.success());
    // JSON says how many values were verified.
    let json = |extra: &[&str]| -> serde_json::Value {
        let mut args = vec![
            "--json",
            "join",
            "grid:3x8",
            "--jobs",
            s(&jobs),
            "--results",
            s(&plain),
        ];
        args.extend_from_slice(extra);
        serde_json::from_str(&stdout(&args)).unwrap()
    };
    assert_eq!(json(&["--verify", s(&more)])["verified"], 8);
    assert_eq!(json(&[])["verified"], 0);
    // A certificate of another job filed as job 4.
    std::fs::copy(certs.join("job_5.cert"), certs.join("job_4.cert")).unwrap();
    let err = error(
        &[
            "run",
            s(&jobs),
            "--out",
            s(&results),
            "--resume",
            "--certificates",
            s(&certs),
        ],
        "",
    );
    assert!(
        err.contains("job 4:") && err.contains("job_4.cert certifies"),
        "{err}"
    );
    assert_eq!(
        std::fs::read(certs.join("job_4.cert")).unwrap(),
        std::fs::read(certs.join("job_5.cert")).unwrap(),
        "the foreign file is left as it was"
    );
    // An Arc Kayles split files its certificates as arc_job_ID.cert and verifies them.
    let (arc_jobs, arc_results) = (dir.join("arc.g6"), dir.join("arc.txt"));
    stdout(&[
        "split",
        "grid:3x6",
        "--game",
        "arc",
        "--jobs",
        "4",
        "--out",
        s(&arc_jobs),
    ]);
    stdout(&[
        "run",
        s(&arc_jobs),
        "--out",
        s(&arc_results),
        "--certificates",
        s(&certs),
    ]);
    assert!(certs.join("arc_job_1.cert").is_file());
    let joined = stdout(&[
        "join",
        "grid:3x6",
        "--jobs",
        s(&arc_jobs),
        "--results",
        s(&arc_results),
        "--verify",
        s(&certs),
    ]);
    assert_eq!(joined, stdout(&["nimber", "--game", "arc", "grid:3x6"]));
}

/// Results of another split said "there is no job 44"; the fingerprint in
/// their header is checked before their job ids.
#[test]
fn results_of_another_split_give_the_fingerprint_message() {
    let dir = scratch("another-split");
    let (small, big) = (dir.join("small.g6"), dir.join("big.g6"));
    let results = dir.join("big.txt");
    stdout(&["split", "grid:3x8", "--jobs", "5", "--out", s(&small)]);
    stdout(&["split", "grid:3x10", "--depth", "2", "--out", s(&big)]);
    assert!(manifest(&big)["jobs"].as_u64().unwrap() > manifest(&small)["jobs"].as_u64().unwrap());
    stdout(&["run", s(&big), "--out", s(&results)]);
    let err = error(
        &[
            "join",
            "grid:3x8",
            "--jobs",
            s(&small),
            "--results",
            s(&results),
        ],
        "",
    );
    assert!(err.contains("holds results of another jobs file"), "{err}");
    let err = error(&["run", s(&small), "--out", s(&results), "--resume"], "");
    assert!(err.contains("holds results of another jobs file"), "{err}");
}

/// A `run --certificates` killed between jobs (or in a proof) goes on with `--resume`:
/// the jobs answered before the kill are not answered again, every job ends with its
/// line and its certificate, nothing unfinished is left in the folder, and the verified
/// join gives the direct search's value.
#[test]
fn a_killed_certified_run_resumes_and_verifies() {
    let dir = scratch("kill-certified");
    let (jobs, results, certs) = (dir.join("j.g6"), dir.join("r.txt"), dir.join("certs"));
    stdout(&["split", "grid:3x14", "--jobs", "40", "--out", s(&jobs)]);
    let count = manifest(&jobs)["jobs"].as_u64().unwrap() as usize;
    let run = [
        "run",
        s(&jobs),
        "--out",
        s(&results),
        "--resume",
        "--certificates",
        s(&certs),
    ];
    let mut child = Command::new(env!("CARGO_BIN_EXE_kayles"))
        .args(run)
        .args(["--throttle-ms", "50"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    kill_once(&mut child, || {
        results.exists() && answers(&results).len() >= 3
    });
    let before = answers(&results);
    assert!(
        before.len() >= 3 && before.len() < count,
        "{} of {count}",
        before.len()
    );
    let out = stdout(&run);
    assert!(
        out.contains(&format!("{} answered earlier", before.len())),
        "{out}"
    );
    let after = answers(&results);
    assert_eq!(&after[..before.len()], &before[..]);
    let mut ids: Vec<usize> = after.iter().map(|a| a.0).collect();
    ids.sort_unstable();
    assert_eq!(ids, (1..=count).collect::<Vec<_>>());
    let mut names: Vec<String> = std::fs::read_dir(&certs)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    let mut expected: Vec<String> = (1..=count).map(|i| format!("job_{i}.cert")).collect();
    expected.sort();
    assert_eq!(names, expected, "only whole certificates are left");
    let joined = stdout(&[
        "join",
        "grid:3x14",
        "--jobs",
        s(&jobs),
        "--results",
        s(&results),
        "--verify",
        s(&certs),
    ]);
    assert_eq!(joined, stdout(&["nimber", "grid:3x14"]));
}
