//! Saved memos: files written while a search runs (on two threads, the saves from a
//! third), each loaded into a fresh solver, give the searched value; a file is refused by
//! another game's or another graph's search.

use kayles_core::game::GameSolver;
use kayles_core::GameKind;
use kayles_solve::config::SearchOptions;
use kayles_solve::graphs::Named;
use kayles_solve::memo_file::MemoFile;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("memo-file-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A solver of `game` with `options`, set up for the family graph `spec`.
fn prepared(options: &SearchOptions, game: GameKind, spec: &str) -> GameSolver {
    let mut solver = options.solver(game);
    options.prepare(&mut solver, Some(spec));
    solver
}

#[test]
fn memos_saved_while_a_search_runs_resume_to_its_value() {
    let dir = scratch("during");
    let options = SearchOptions {
        threads: 0,
        ..SearchOptions::default()
    };
    for (game, spec) in [(GameKind::Arc, "grid:4x9"), (GameKind::Node, "grid:3x30")] {
        let graph = Named::parse(spec).unwrap();
        let mut solver = prepared(&options, game, spec);
        let memo = solver.memo_handle();
        let file = |i: usize| {
            MemoFile::new(
                &dir.join(format!("{game}-{i}.memo")),
                game,
                &graph,
                &solver.config(),
            )
        };
        let files: Vec<MemoFile> = (0..1000).map(file).collect();
        let done = AtomicBool::new(false);
        let (value, saves) = std::thread::scope(|scope| {
            let saver = scope.spawn(|| {
                let mut saves = Vec::new();
                while !done.load(Ordering::Relaxed) && saves.len() < files.len() {
                    saves.push(files[saves.len()].save(&memo).unwrap().entries);
                    std::thread::sleep(Duration::from_millis(20));
                }
                saves
            });
            let value = solver.nimber(&graph.graph).unwrap();
            done.store(true, Ordering::Relaxed);
            (value, saver.join().unwrap())
        });
        assert!(!saves.is_empty());
        // Six saves from first to last (each resumed search takes what is left of the
        // search).
        let mut picked: Vec<usize> = (0..6).map(|k| k * (saves.len() - 1) / 5).collect();
        picked.dedup();
        for i in picked {
            let entries = saves[i];
            let mut fresh = prepared(&options, game, spec);
            assert_eq!(files[i].load(&fresh.memo_handle()).unwrap(), Some(entries));
            assert_eq!(
                fresh.memo_handle().len() as u64,
                entries,
                "{game} {spec} save {i}"
            );
            assert_eq!(
                fresh.nimber(&graph.graph).unwrap(),
                value,
                "{game} {spec} save {i} of {} ({entries} entries)",
                saves.len()
            );
        }
    }
}

#[test]
fn a_memo_serves_only_the_search_that_wrote_it() {
    let dir = scratch("refused");
    let path = dir.join("grid.memo");
    let options = SearchOptions::default();
    let grid = Named::parse("grid:3x10").unwrap();
    let mut solver = prepared(&options, GameKind::Arc, "grid:3x10");
    solver.nimber(&grid.graph).unwrap();
    MemoFile::new(&path, GameKind::Arc, &grid, &solver.config())
        .save(&solver.memo_handle())
        .unwrap();
    let others = [
        (GameKind::Node, "grid:3x10", SearchOptions::default()),
        (GameKind::Arc, "grid:3x11", SearchOptions::default()),
        (
            GameKind::Arc,
            "grid:3x10",
            SearchOptions {
                memo_key: kayles_core::engine::MemoKey::Canonical,
                ..SearchOptions::default()
            },
        ),
    ];
    for (game, spec, options) in others {
        let graph = Named::parse(spec).unwrap();
        let other = prepared(&options, game, spec);
        let err = MemoFile::new(&path, game, &graph, &other.config())
            .load(&other.memo_handle())
            .unwrap_err()
            .to_string();
        assert!(err.contains("is the memo of arc grid:3x10"), "{err}");
        assert!(other.memo_handle().is_empty());
    }
    // A file cut short, or with a byte changed, is refused whole: nothing is loaded.
    let bytes = std::fs::read(&path).unwrap();
    let mut changed = bytes.clone();
    let middle = changed.len() / 2;
    changed[middle] ^= 0x10;
    for damaged in [&bytes[..bytes.len() - 8], &changed[..]] {
        std::fs::write(&path, damaged).unwrap();
        let fresh = prepared(&options, GameKind::Arc, "grid:3x10");
        let err = MemoFile::new(&path, GameKind::Arc, &grid, &fresh.config())
            .load(&fresh.memo_handle())
            .unwrap_err();
        assert!(format!("{err:#}").contains("damaged"), "{err:#}");
        assert!(fresh.memo_handle().is_empty());
    }
}

/// A save that fails (here: its folder removed after the first save) is reported, the
/// search goes on, and its value is returned; a path that cannot be written at all is
/// refused before the search.
#[test]
fn a_failed_save_does_not_lose_the_value() {
    use kayles_solve::route::{MemoEvent, Nimbers, Request};
    use std::sync::Mutex;
    let dir = scratch("failed").join("gone");
    std::fs::create_dir_all(&dir).unwrap();
    let graph = Named::parse("grid:4x9").unwrap();
    let arc = Request {
        game: GameKind::Arc,
        ..Request::default()
    };
    let events = Mutex::new(Vec::new());
    let value = Nimbers::new(arc)
        .nimber_with_memo_file(
            &graph,
            &dir.join("cram.memo"),
            Duration::from_millis(10),
            None,
            &|event| {
                if matches!(event, MemoEvent::Saved(_)) {
                    let _ = std::fs::remove_dir_all(&dir);
                }
                events.lock().unwrap().push(event);
            },
        )
        .unwrap();
    assert_eq!(value, 1);
    let events = events.into_inner().unwrap();
    assert!(
        matches!(events.last(), Some(MemoEvent::SaveFailed(why)) if why.contains("cannot write the memo file")),
        "{events:?}"
    );
    assert_eq!(
        events
            .iter()
            .filter(|e| matches!(e, MemoEvent::Saved(_)))
            .count(),
        1,
        "{events:?}"
    );
    let err = Nimbers::new(arc)
        .nimber_with_memo_file(
            &graph,
            &dir.join("cram.memo"),
            Duration::from_secs(1),
            None,
            &|_| {},
        )
        .unwrap_err();
    assert!(
        format!("{err:#}").contains("cannot write the memo file"),
        "{err:#}"
    );
}

/// An interrupt raised while the memo file loads (a large one takes minutes) stops before
/// any work, and leaves the file as it was (not saved again).
#[test]
fn an_interrupt_while_loading_leaves_the_file() {
    use kayles_solve::route::{Nimbers, Request};
    use std::sync::atomic::AtomicBool;
    let path = scratch("interrupted-load").join("grid.memo");
    let graph = Named::parse("grid:3x12").unwrap();
    let every = Duration::from_secs(600);
    Nimbers::new(Request::default())
        .nimber_with_memo_file(&graph, &path, every, None, &|_| {})
        .unwrap();
    let before = std::fs::read(&path).unwrap();
    let modified = std::fs::metadata(&path).unwrap().modified().unwrap();
    let raised = AtomicBool::new(true);
    let mut ran = false;
    let err = Nimbers::new(Request::default())
        .with_memo_file(&graph, &path, every, Some(&raised), &|_| {}, |_| {
            ran = true;
            Ok(())
        })
        .unwrap_err();
    assert!(
        err.to_string()
            .starts_with("interrupted while the memo was loading"),
        "{err}"
    );
    assert!(!ran);
    assert_eq!(std::fs::read(&path).unwrap(), before);
    assert_eq!(
        std::fs::metadata(&path).unwrap().modified().unwrap(),
        modified
    );
}
