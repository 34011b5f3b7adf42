//! The search's winning moves kept beside a memo file (`MEMO.wins`): an Arc Kayles
//! certificate run stopped midway by its interrupt (the memo and the moves saved) or run
//! to its end, then started again, on one and on two threads, writes a certificate that
//! `kayles-check` accepts with the fresh run's value, and searches no more positions than
//! the fresh run (after a whole first run: at most a twentieth of them); a damaged or
//! foreign moves file is passed over with a note and replaced.

use kayles_core::GameKind;
use kayles_solve::config::SearchOptions;
use kayles_solve::graphs::Named;
use kayles_solve::route::{MemoEvent, Nimbers, Request};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::Duration;

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("wins-file-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Arc Kayles on `threads` threads.
fn arc(threads: usize) -> Request {
    Request {
        game: GameKind::Arc,
        search: SearchOptions {
            threads,
            ..SearchOptions::default()
        },
        ..Request::default()
    }
}

/// What one run did: its value (or why it stopped), the positions it searched, and the
/// memo events it reported.
struct Run {
    value: Result<u32, String>,
    positions: u64,
    events: Vec<MemoEvent>,
}

/// A certificate run of `graph` into `cert` with the memo file `memo` (saved every
/// `every`), interrupted once it has searched `stop_at` positions (`None`: not).
fn run(
    request: Request,
    graph: &Named,
    cert: &Path,
    memo: &Path,
    every: Duration,
    stop_at: Option<u64>,
) -> Run {
    let mut nimbers = Nimbers::new(request);
    let progress = nimbers.solver().progress();
    let raised = AtomicBool::new(false);
    let done = AtomicBool::new(false);
    let events = Mutex::new(Vec::new());
    let value = std::thread::scope(|scope| {
        if let Some(stop_at) = stop_at {
            let (progress, raised, done) = (&progress, &raised, &done);
            scope.spawn(move || {
                while !done.load(Ordering::Relaxed) {
                    if progress.positions() >= stop_at {
                        raised.store(true, Ordering::Relaxed);
                        return;
                    }
                    std::thread::sleep(Duration::from_millis(1));
                }
            });
        }
        let value = nimbers.nimber_with_certificate_and_memo_file(
            graph,
            cert,
            memo,
            every,
            Some(&raised),
            &|event| events.lock().unwrap().push(event),
        );
        done.store(true, Ordering::Relaxed);
        value
    });
    Run {
        value: value.map(|(v, _)| v).map_err(|e| format!("{e:#}")),
        positions: nimbers.solver().stats().positions,
        events: events.into_inner().unwrap(),
    }
}

/// The checker's value of the certificate at `path` of the graph named `name`.
fn checked(name: &str, path: &Path) -> u32 {
    let file = std::fs::File::open(path).unwrap();
    match kayles_check::check(name, file) {
        Ok(verified) => verified.nimber,
        Err(e) => panic!("{name}: {} rejected: {e:?}", path.display()),
    }
}

/// The moves loaded, when the run loaded any.
fn moves_loaded(events: &[MemoEvent]) -> Option<u64> {
    events.iter().find_map(|e| match e {
        MemoEvent::WinsLoaded(moves) => Some(*moves),
        _ => None,
    })
}

#[test]
fn a_stopped_certificate_run_resumes_with_its_winning_moves() {
    let every = Duration::from_secs(600);
    // Runs of a second or more: the memo's saver looks at the interrupt ten times a
    // second, so a run of a few milliseconds ends before any stop (3 x 10 and 4 x 7 did,
    // on a quiet machine).
    for spec in ["grid:3x13", "grid:5x7"] {
        let graph = Named::parse(spec).unwrap();
        for threads in [1, 2] {
            let what = format!("{spec} on {threads} threads");
            let dir = scratch(&format!("{}-{threads}", spec.replace(':', "-")));
            let fresh = run(
                arc(threads),
                &graph,
                &dir.join("fresh.cert"),
                &dir.join("fresh.memo"),
                every,
                None,
            );
            let value = fresh.value.unwrap();
            assert_eq!(checked(spec, &dir.join("fresh.cert")), value, "{what}");
            assert!(fresh.positions > 1000, "{what}: {}", fresh.positions);

            // Stopped at a third of the fresh run's positions (the search's, or its
            // proof's when the search took fewer), then resumed.
            let (memo, cert) = (dir.join("stopped.memo"), dir.join("stopped.cert"));
            let stopped = run(
                arc(threads),
                &graph,
                &cert,
                &memo,
                every,
                Some(fresh.positions / 3),
            );
            let why = stopped.value.unwrap_err();
            assert!(
                why.starts_with("interrupted; the memo is saved"),
                "{what}: {why}"
            );
            assert!(
                stopped
                    .events
                    .iter()
                    .any(|e| matches!(e, MemoEvent::WinsSaved(_))),
                "{what}: {:?}",
                stopped.events
            );
            let resumed = run(arc(threads), &graph, &cert, &memo, every, None);
            assert_eq!(resumed.value, Ok(value), "{what}");
            assert!(moves_loaded(&resumed.events).is_some(), "{what}");
            assert_eq!(checked(spec, &cert), value, "{what}");
            assert!(
                resumed.positions <= fresh.positions,
                "{what}: resumed {} where the fresh run searched {}",
                resumed.positions,
                fresh.positions
            );

            // From the whole run's files, a new certificate: the memo and the moves
            // answer nearly all of it.
            let again = run(
                arc(threads),
                &graph,
                &dir.join("again.cert"),
                &dir.join("fresh.memo"),
                every,
                None,
            );
            assert_eq!(again.value, Ok(value), "{what}");
            assert!(moves_loaded(&again.events).unwrap() > 0, "{what}");
            assert_eq!(checked(spec, &dir.join("again.cert")), value, "{what}");
            assert!(
                again.positions * 20 <= fresh.positions,
                "{what}: again {} where the fresh run searched {}",
                again.positions,
                fresh.positions
            );
        }
    }
}

/// A moves file that is damaged (a byte changed, cut short, not a kayles file) or of
/// another search is passed over with a note: the certificate is written and checks, and
/// the file is replaced by this run's moves (none here: the memo answers its search).
#[test]
fn a_damaged_or_foreign_moves_file_is_passed_over() {
    let dir = scratch("damaged");
    let every = Duration::from_secs(600);
    let spec = "grid:3x8";
    let graph = Named::parse(spec).unwrap();
    let (memo, wins) = (dir.join("cram.memo"), dir.join("cram.memo.wins"));
    let first = run(arc(1), &graph, &dir.join("a.cert"), &memo, every, None);
    let value = first.value.unwrap();
    let whole = std::fs::read(&wins).unwrap();
    // Another graph's moves, written beside a memo of its own.
    let other = Named::parse("grid:3x7").unwrap();
    let other_memo = dir.join("other.memo");
    run(
        arc(1),
        &other,
        &dir.join("o.cert"),
        &other_memo,
        every,
        None,
    )
    .value
    .unwrap();
    let foreign = std::fs::read(dir.join("other.memo.wins")).unwrap();
    let mut changed = whole.clone();
    let middle = changed.len() / 2;
    changed[middle] ^= 0x10;
    let cases: [(&str, &[u8], &str); 4] = [
        ("a byte changed", &changed, "damaged"),
        ("cut short", &whole[..whole.len() - 8], "damaged"),
        (
            "not a kayles file",
            b"kayles-memo-wins\n",
            "is not a kayles winning-moves file",
        ),
        (
            "of another graph",
            &foreign,
            "is the winning-moves file of arc grid:3x7",
        ),
    ];
    for (i, (what, bytes, says)) in cases.into_iter().enumerate() {
        std::fs::write(&wins, bytes).unwrap();
        let cert = dir.join(format!("{i}.cert"));
        let again = run(arc(1), &graph, &cert, &memo, every, None);
        assert_eq!(again.value, Ok(value), "{what}");
        let note = again.events.iter().find_map(|e| match e {
            MemoEvent::WinsIgnored(why) => Some(why.clone()),
            _ => None,
        });
        assert!(
            note.as_deref().is_some_and(|n| n.contains(says)),
            "{what}: {note:?}"
        );
        assert_eq!(moves_loaded(&again.events), None, "{what}");
        assert_eq!(checked(spec, &cert), value, "{what}");
        // Replaced (by this run's moves: none, its search answered by the memo): the
        // next run loads it without a note.
        let next = run(arc(1), &graph, &dir.join("next.cert"), &memo, every, None);
        assert_eq!(
            moves_loaded(&next.events),
            Some(0),
            "{what}: {:?}",
            next.events
        );
        assert!(
            !next
                .events
                .iter()
                .any(|e| matches!(e, MemoEvent::WinsIgnored(_))),
            "{what}"
        );
        std::fs::remove_file(dir.join("next.cert")).unwrap();
    }
}
