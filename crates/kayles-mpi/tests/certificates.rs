//! Certificates from a search spread over ranks that are threads of this process
//! (docs/certificates.md, "Certificates from a search over MPI"): each rank streams the
//! nodes its own search concludes to its part (`kayles_cert::search_parts`), the parts
//! are merged, and the independent checker verifies the certificate with the value of the
//! one-process search, on 1 to 4 ranks of one thread and on 2 and 3 ranks of the thread
//! pool (split at once), in both games; parts that do not fit (one
//! missing, one twice, one of another run, one cut short at any byte, one of another
//! graph or game) are refused with one line, never a panic.

use kayles_cert::search_parts::{PartHeader, PartSet, PartWriter};
use kayles_cert::Error;
use kayles_core::engine::{MemoKey, SearchConfig, SearchError};
use kayles_core::game::GameSolver;
use kayles_core::{families, GameKind, Graph};
use kayles_mpi::local::ChannelTransport;
use kayles_mpi::{solve, Counters, Node, Options};
use std::io::Cursor;
use std::time::Duration;

/// The ranks' search configuration on `threads` threads (0: the pool), splitting from the
/// start near the root (no warm-up) on components of eight vertices or more, when not
/// one.
fn config_on(threads: usize) -> SearchConfig {
    SearchConfig {
        memo_key: MemoKey::Symmetry,
        threads,
        parallel_min_order: 8,
        split_after: 0,
        split_warm_up: 0,
        memo_limit_bytes: 256 << 20,
        exact_cache_bytes: 64 << 20,
        leaf_table_bytes: 16 << 20,
        ..SearchConfig::default()
    }
}

/// Every component from six vertices up asked of its home, the results of those of three
/// to five published: claims, deferrals and second passes on small graphs.
fn options() -> Options {
    Options {
        min_order: 6,
        publish_order: 3,
        pay_positions: 0,
        publish_work: 0,
        publish_recurring: 0,
        fingerprint: 11,
        patience: Duration::from_secs(60),
        ..Options::default()
    }
}

fn solver_for(game: GameKind, name: &str) -> GameSolver {
    solver_on(game, name, 1)
}

fn solver_on(game: GameKind, name: &str, threads: usize) -> GameSolver {
    let mut solver = GameSolver::new(game, config_on(threads));
    solver.set_host_symmetry(families::host_symmetry(name).ok().flatten());
    solver
}

/// The parts of the certificate of `name` in `game` written by `ranks` ranks (threads),
/// by rank, and rank 0's value.
fn parts(game: GameKind, name: &str, ranks: usize) -> (Vec<Vec<u8>>, u32) {
    let (parts, value, _) = parts_on(game, name, ranks, 1);
    (parts, value)
}

/// The same, each rank searching on `threads` threads (0: the pool), and the options
/// the ranks' searches split over their threads.
fn parts_on(game: GameKind, name: &str, ranks: usize, threads: usize) -> (Vec<Vec<u8>>, u32, u64) {
    let handles: Vec<_> = ChannelTransport::ranks(ranks)
        .into_iter()
        .map(|transport| {
            let name = name.to_string();
            std::thread::Builder::new()
                .stack_size(256 << 20)
                .spawn(move || {
                    let graph = families::build(&name).unwrap();
                    let mut node = Node::start(transport, options()).unwrap();
                    let mut solver = solver_on(game, &name, threads);
                    assert!(solve::join(&node, &mut solver));
                    node.set_root_order(graph.order());
                    let header = PartHeader {
                        game,
                        graph: name.clone(),
                        ranks: ranks as u32,
                        rank: node.rank() as u32,
                        run: node.run_id(),
                    };
                    let part =
                        PartWriter::create(Cursor::new(Vec::new()), &header, &mut solver, &graph)
                            .unwrap();
                    solver.set_proof_hook(Some(part.hook()));
                    node.begin(0);
                    let value = solver.nimber(&graph);
                    solver.set_proof_hook(None);
                    // The part is whole before the rank reports the search's end.
                    let (_, bytes) = part.finish(value.as_ref().ok().copied()).unwrap();
                    let counters = Counters::of(&solver.stats());
                    let ended = node
                        .end(0, value, |e| *e == SearchError::Stopped, counters)
                        .unwrap();
                    node.close().unwrap();
                    let splits = solver.stats().parallel_splits;
                    (bytes.into_inner(), ended.value, splits)
                })
                .unwrap()
        })
        .collect();
    let mut out = Vec::new();
    let mut value = None;
    let mut splits = 0;
    for (rank, h) in handles.into_iter().enumerate() {
        let (bytes, v, s) = h.join().unwrap();
        if rank == 0 {
            value = Some(v.expect("rank 0 has the value"));
        }
        splits += s;
        out.push(bytes);
    }
    (out, value.unwrap(), splits)
}

fn labelled(parts: &[Vec<u8>]) -> Vec<(String, Cursor<Vec<u8>>)> {
    parts
        .iter()
        .enumerate()
        .map(|(k, p)| (format!("part {k}"), Cursor::new(p.clone())))
        .collect()
}

/// The certificate merged from `parts`, checked: the value the checker verified.
fn merged(game: GameKind, name: &str, parts: &[Vec<u8>]) -> u32 {
    let graph = families::build(name).unwrap();
    let set = PartSet::open(&graph, name, game, labelled(parts)).unwrap();
    let mut solver = solver_for(game, name);
    let (bytes, summary, stats) = set
        .certify(
            &graph,
            name,
            &mut solver,
            Vec::new(),
            Cursor::new(Vec::new()),
        )
        .unwrap();
    // (The dense leaf decides queens graphs without concluding engine nodes: their
    // certificates are the builder's, from the fresh solver.)
    if !name.starts_with("queens") {
        assert!(stats.concluded > 0, "{name}: no record in the parts");
        // The parts' records carry the proof: the fresh solver is asked for less than
        // they give (a part read in the wrong numbering, or records left out, would
        // leave the builder to ask for most of it).
        assert!(
            stats.oracle_queries < stats.marked,
            "{name}: {} questions to the solver, {} records marked",
            stats.oracle_queries,
            stats.marked
        );
    }
    let checked = kayles_check::check(name, bytes.as_slice())
        .unwrap_or_else(|e| panic!("{name}: the checker refused the merged certificate: {e:?}"));
    assert_eq!(checked.nimber, summary.nimber, "{name}");
    checked.nimber
}

fn one_process(game: GameKind, name: &str, graph: &Graph) -> u32 {
    solver_for(game, name).nimber(graph).unwrap()
}

#[test]
fn parts_of_one_to_four_ranks_merge_into_certificates_the_checker_verifies() {
    for (game, names) in [
        (
            GameKind::Node,
            &["grid:3x10", "grid:4x5", "petersen:11,2", "queens:5"][..],
        ),
        (
            GameKind::Arc,
            &["grid:3x6", "grid:4x5", "petersen:7,2", "grid:3x7"][..],
        ),
    ] {
        for name in names {
            let graph = families::build(name).unwrap();
            let want = one_process(game, name, &graph);
            for ranks in 1..=4 {
                let (parts, value) = parts(game, name, ranks);
                assert_eq!(
                    value, want,
                    "{name} ({game:?}) on {ranks} ranks: the search"
                );
                assert_eq!(
                    merged(game, name, &parts),
                    want,
                    "{name} ({game:?}) on {ranks} ranks: the merged certificate"
                );
            }
        }
    }
}

#[test]
fn parts_of_ranks_on_the_thread_pool_merge_into_certificates_the_checker_verifies() {
    let mut splits = 0;
    for (game, names) in [
        (
            GameKind::Node,
            &["grid:3x10", "grid:3x9", "petersen:13,2"][..],
        ),
        (GameKind::Arc, &["grid:4x5", "grid:3x7", "petersen:8,2"][..]),
    ] {
        for name in names {
            let graph = families::build(name).unwrap();
            let want = one_process(game, name, &graph);
            for ranks in [2, 3] {
                let (parts, value, s) = parts_on(game, name, ranks, 0);
                splits += s;
                let what = format!("{name} ({game:?}) on {ranks} ranks of the pool");
                assert_eq!(value, want, "{what}: the search");
                assert_eq!(
                    merged(game, name, &parts),
                    want,
                    "{what}: the merged certificate"
                );
            }
        }
    }
    let pool = kayles_core::engine::pool().current_num_threads();
    assert!(pool < 2 || splits > 0, "no rank split its search");
}

/// Asserts that `parts` are refused in one line holding `words`.
fn refused(game: GameKind, name: &str, parts: Vec<(String, Cursor<Vec<u8>>)>, words: &[&str]) {
    let graph = families::build(name).unwrap();
    match PartSet::open(&graph, name, game, parts) {
        Ok(_) => panic!("{words:?}: the parts were taken"),
        Err(Error::Input(line)) => {
            assert!(!line.contains('\n'), "more than one line: {line}");
            for w in words {
                assert!(line.contains(w), "{w:?} not in: {line}");
            }
        }
        Err(e) => panic!("{words:?}: not a refusal: {e}"),
    }
}

#[test]
fn parts_that_do_not_fit_are_refused_with_one_line() {
    let (game, name) = (GameKind::Arc, "grid:3x6");
    let (parts, _) = parts(game, name, 3);
    // One missing.
    let mut some = labelled(&parts);
    some.remove(1);
    refused(game, name, some, &["rank 1 of 3", "missing"]);
    // One twice.
    let mut twice = labelled(&parts);
    twice.push(("again".into(), Cursor::new(parts[2].clone())));
    refused(game, name, twice, &["rank 2", "twice"]);
    // One of another run (of as many ranks).
    let (others, _) = self::parts(game, name, 3);
    let mut mixed = labelled(&parts);
    mixed[1] = ("other".into(), Cursor::new(others[1].clone()));
    refused(game, name, mixed, &["other", "another run"]);
    // One of another number of ranks.
    let (two, _) = self::parts(game, name, 2);
    let mut mixed = labelled(&parts);
    mixed[2] = ("two".into(), Cursor::new(two[0].clone()));
    refused(game, name, mixed, &["two", "another run"]);
    // Of another graph, or game.
    refused(
        game,
        "grid:2x9",
        labelled(&parts),
        &["grid:3x6", "grid:2x9"],
    );
    refused(GameKind::Node, name, labelled(&parts), &["Arc", "Node"]);
    // One cut short, at every byte (the header's, a record's, the footer's), or with
    // bytes after its end.
    for cut in 0..parts[1].len() {
        let mut short = labelled(&parts);
        short[1].1 = Cursor::new(parts[1][..cut].to_vec());
        let graph = families::build(name).unwrap();
        match PartSet::open(&graph, name, game, short) {
            Err(Error::Input(line)) => assert!(!line.contains('\n'), "{line}"),
            Ok(_) => panic!("a part cut at byte {cut} of {} was taken", parts[1].len()),
            Err(e) => panic!("cut at {cut}: not a refusal: {e}"),
        }
    }
    let mut short = labelled(&parts);
    short[0].1 = Cursor::new(parts[0][..parts[0].len() - 1].to_vec());
    refused(game, name, short, &["part 0", "cut short"]);
    let mut long = labelled(&parts);
    long[2].1.get_mut().push(0);
    refused(game, name, long, &["part 2", "after the part's end"]);
    // The parts whole still merge.
    assert_eq!(
        merged(game, name, &parts),
        one_process(game, name, &families::build(name).unwrap())
    );
}
