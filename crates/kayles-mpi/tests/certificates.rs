//! Certificates from a search spread over ranks that are threads of this process
//! (docs/certificates.md, "Certificates from a search over MPI"): each rank streams the
//! nodes its own search concludes to its part (`kayles_cert::search_parts`), the parts
//! are merged, and the independent checker verifies the certificate with the value of the
//! one-process search, on 1 to 4 ranks of one thread and on 2 and 3 ranks of the thread
//! pool (split at once), in both games; parts that do not fit (one
//! missing, one twice, one of another run, one cut short at any byte, one of another
//! graph or game) are refused with one line, never a panic. A run stopped on every rank
//! at once midway (a kill), its parts cut back to a whole record or within one, resumed
//! with the memos it saved and the same run's id, merges into a certificate the checker
//! verifies; a part of another run, graph, game or rank is not resumed.

use kayles_cert::search_parts::{PartHeader, PartSet, PartWriter, ResumePoint};
use kayles_cert::Error;
use kayles_core::engine::proof::{Concluded, ProofHook};
use kayles_core::engine::{MemoKey, MemoTable, Record, SearchConfig, SearchError};
use kayles_core::game::GameSolver;
use kayles_core::{families, GameKind, Graph};
use kayles_mpi::local::ChannelTransport;
use kayles_mpi::{solve, Counters, Node, Options};
use std::io::{Cursor, Seek, SeekFrom, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Barrier, Mutex};
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
                    let node = Node::start(transport, options()).unwrap();
                    let mut solver = solver_on(game, &name, threads);
                    assert!(solve::join(&node, &mut solver));
                    node.set_root_order(graph.order());
                    let header = rank_header(game, &name, ranks, &node);
                    let part =
                        PartWriter::create(Cursor::new(Vec::new()), &header, &mut solver, &graph)
                            .unwrap();
                    solver.set_proof_hook(Some(part.hook()));
                    node.begin(0);
                    let value = solver.nimber(&graph);
                    solver.set_proof_hook(None);
                    // The part is whole before the rank reports the search's end.
                    let (_, bytes) = part.finish(value.as_ref().ok().copied()).unwrap();
                    let ended = end_rank(node, &solver, value);
                    let splits = solver.stats().parallel_splits;
                    (bytes.into_inner(), ended, splits)
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

/// The header of `node`'s part of a search of `name` in `game` over `ranks` ranks.
fn rank_header(game: GameKind, name: &str, ranks: usize, node: &Node) -> PartHeader {
    PartHeader {
        game,
        graph: name.to_string(),
        ranks: ranks as u32,
        rank: node.rank() as u32,
        run: node.run_id(),
    }
}

/// Ends `node`'s search (its outcome `value`, `solver`'s counts) and closes it: the
/// run's value on this rank, or the search's error.
fn end_rank(
    mut node: Node,
    solver: &GameSolver,
    value: Result<u32, SearchError>,
) -> Result<u32, SearchError> {
    let counters = Counters::of(&solver.stats());
    let ended = node
        .end(0, value, |e| *e == SearchError::Stopped, counters)
        .unwrap();
    node.close().unwrap();
    ended.value
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
    merged_checked(game, name, parts, true)
}

/// The certificate merged from `parts` of a resumed run, checked: the value the checker
/// verified (what no record covers asked of a fresh solver, however much that is).
fn merged_resumed(game: GameKind, name: &str, parts: &[Vec<u8>]) -> u32 {
    merged_checked(game, name, parts, false)
}

/// The certificate merged from `parts`, checked by the checker against the merge's
/// value; with `records_carry_it`, the parts' records must carry the proof (the fresh
/// solver asked for less than they give).
fn merged_checked(game: GameKind, name: &str, parts: &[Vec<u8>], records_carry_it: bool) -> u32 {
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
    if records_carry_it && !name.starts_with("queens") {
        assert!(stats.concluded > 0, "{name}: no record in the parts");
        // A part read in the wrong numbering, or records left out, would leave the
        // builder to ask for most of it.
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

/// A part being written into memory that the test reads while the writer still holds it
/// (what a rank killed midway leaves in its file: the records flushed, no footer).
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The part's proof hook, which raises every rank's stop flag (a kill, for the run) once
/// the ranks' parts hold `limit` records in all.
struct Killer {
    part: Arc<dyn ProofHook>,
    told: Arc<AtomicU64>,
    limit: u64,
    flags: Arc<Mutex<Vec<Arc<AtomicBool>>>>,
}

impl ProofHook for Killer {
    fn concluded(&self, component: &[u64], heap: u8, how: Concluded<'_>) {
        self.part.concluded(component, heap, how);
        if self.told.fetch_add(1, Ordering::Relaxed) + 1 == self.limit {
            for flag in self.flags.lock().unwrap().iter() {
                flag.store(true, Ordering::Relaxed);
            }
        }
    }
}

/// A rank's memo as saved: every entry.
type Saved = Vec<(MemoTable, Vec<u64>, Record)>;

/// A run of `ranks` ranks (threads) stopped on every rank at once (a kill) once their
/// parts hold `limit` records in all: each rank's part as the kill left it (its records
/// flushed after its memo was saved, no footer), each rank's memo as saved, and the
/// run's id.
fn killed_run(
    game: GameKind,
    name: &str,
    ranks: usize,
    limit: u64,
) -> (Vec<Vec<u8>>, Vec<Saved>, u64) {
    let told = Arc::new(AtomicU64::new(0));
    let flags = Arc::new(Mutex::new(Vec::new()));
    let ready = Arc::new(Barrier::new(ranks));
    let handles: Vec<_> = ChannelTransport::ranks(ranks)
        .into_iter()
        .map(|transport| {
            let name = name.to_string();
            let (told, flags, ready) = (told.clone(), flags.clone(), ready.clone());
            std::thread::Builder::new()
                .stack_size(256 << 20)
                .spawn(move || {
                    let graph = families::build(&name).unwrap();
                    let node = Node::start(transport, options()).unwrap();
                    let mut solver = solver_for(game, &name);
                    assert!(solve::join(&node, &mut solver));
                    node.set_root_order(graph.order());
                    flags.lock().unwrap().push(node.stop_flag());
                    let header = rank_header(game, &name, ranks, &node);
                    let file = Shared::default();
                    let part =
                        PartWriter::create(file.clone(), &header, &mut solver, &graph).unwrap();
                    let killer = Killer {
                        part: part.hook(),
                        told,
                        limit,
                        flags,
                    };
                    solver.set_proof_hook(Some(Arc::new(killer)));
                    // Every rank in the search before any may stop it (`begin` lowers the
                    // flag).
                    node.begin(0);
                    ready.wait();
                    let value = solver.nimber(&graph);
                    solver.set_proof_hook(None);
                    // The memo saved, then the part flushed (as after each save).
                    let mut saved = Vec::new();
                    solver.memo_handle().for_each_entry(|table, code, record| {
                        saved.push((table, code.to_vec(), record));
                    });
                    part.flush_with(|_| Ok(())).unwrap();
                    let bytes = file.0.lock().unwrap().clone();
                    let ended = end_rank(node, &solver, value);
                    (bytes, saved, ended.is_err(), header.run)
                })
                .unwrap()
        })
        .collect();
    let (mut parts, mut memos) = (Vec::new(), Vec::new());
    let (mut run, mut stopped_any) = (0, false);
    for (rank, h) in handles.into_iter().enumerate() {
        let (bytes, saved, stopped, id) = h.join().unwrap();
        if rank == 0 {
            run = id;
        }
        stopped_any |= stopped;
        parts.push(bytes);
        memos.push(saved);
    }
    // A rank may end its search before it looks at the flag (it looks every 4096
    // positions, and a rank answered by the others searches few): the kill is midway
    // when some rank's search was stopped.
    assert!(
        stopped_any,
        "{name}: no rank was stopped midway ({} records, the stop at {limit})",
        told.load(Ordering::Relaxed)
    );
    (parts, memos, run)
}

/// The records of a part (clock records included), by the point a resume takes.
fn records_of(game: GameKind, name: &str, rank: usize, ranks: usize, part: &[u8]) -> ResumePoint {
    let graph = families::build(name).unwrap();
    let run = PartHeader::read(Cursor::new(part), "part").unwrap().run;
    let header = PartHeader {
        game,
        graph: name.to_string(),
        ranks: ranks as u32,
        rank: rank as u32,
        run,
    };
    ResumePoint::of(
        Cursor::new(part),
        "part",
        &header,
        &mut solver_for(game, name),
        &graph,
    )
    .unwrap()
}

/// The run started again with the parts `left` and the memos `memos` a killed run of
/// `run` left (rank 0 keeps the run's id, read from its part): each rank's part cut back
/// to its last whole record and gone on with. The parts, whole, by rank, and rank 0's
/// value.
fn resumed_run(
    game: GameKind,
    name: &str,
    left: &[Vec<u8>],
    memos: &[Saved],
) -> (Vec<Vec<u8>>, u32) {
    let ranks = left.len();
    let run = PartHeader::read(Cursor::new(&left[0]), "rank 0's part")
        .unwrap()
        .run;
    let handles: Vec<_> = ChannelTransport::ranks(ranks)
        .into_iter()
        .zip(left.iter().cloned().zip(memos.iter().cloned()))
        .map(|(transport, (mut bytes, memo))| {
            let name = name.to_string();
            std::thread::Builder::new()
                .stack_size(256 << 20)
                .spawn(move || {
                    let graph = families::build(&name).unwrap();
                    let resumes = Options {
                        run: Some(run),
                        ..options()
                    };
                    let node = Node::start(transport, resumes).unwrap();
                    let mut solver = solver_for(game, &name);
                    for (table, code, record) in &memo {
                        solver.memo_handle().insert(*table, code, *record);
                    }
                    assert!(solve::join(&node, &mut solver));
                    node.set_root_order(graph.order());
                    let header = rank_header(game, &name, ranks, &node);
                    let label = format!("part {}", node.rank());
                    let point =
                        ResumePoint::of(Cursor::new(&bytes), &label, &header, &mut solver, &graph)
                            .unwrap();
                    assert_eq!(point.length + point.dropped, bytes.len() as u64);
                    bytes.truncate(point.length as usize);
                    let mut file = Cursor::new(bytes);
                    file.seek(SeekFrom::End(0)).unwrap();
                    let part = PartWriter::resume(file, &point);
                    solver.set_proof_hook(Some(part.hook()));
                    node.begin(0);
                    let value = solver.nimber(&graph);
                    solver.set_proof_hook(None);
                    let (_, file) = part.finish(value.as_ref().ok().copied()).unwrap();
                    let ended = end_rank(node, &solver, value);
                    (file.into_inner(), ended)
                })
                .unwrap()
        })
        .collect();
    let mut parts = Vec::new();
    let mut value = None;
    for (rank, h) in handles.into_iter().enumerate() {
        let (bytes, v) = h.join().unwrap();
        if rank == 0 {
            value = Some(v.expect("rank 0 has the value"));
        }
        parts.push(bytes);
    }
    (parts, value.unwrap())
}

#[test]
fn a_run_killed_midway_and_resumed_merges_into_a_certificate_the_checker_verifies() {
    // Graphs whose ranks search well over the 4096 positions between two looks at the
    // stop flag (a smaller search ends before it notes the flag).
    for (game, name, ranks) in [
        (GameKind::Node, "petersen:27,2", 2),
        (GameKind::Node, "grid:3x22", 3),
        (GameKind::Arc, "grid:3x12", 3),
        (GameKind::Arc, "grid:5x6", 2),
    ] {
        let graph = families::build(name).unwrap();
        let want = one_process(game, name, &graph);
        // The records of a whole run, to stop the next a tenth of the way.
        let (whole, _) = parts(game, name, ranks);
        let all: u64 = (0..ranks)
            .map(|k| records_of(game, name, k, ranks, &whole[k]).records)
            .sum();
        let (left, memos, run) = killed_run(game, name, ranks, all / 10);
        // Left as the kill left them: the merge refuses them (cut short).
        assert!(PartSet::open(&graph, name, game, labelled(&left)).is_err());
        let what = format!("{name} ({game:?}) on {ranks} ranks");
        // Each part as the kill left it (whole records), cut within its last record,
        // and cut within a record halfway (records the saved memo's facts came
        // from lost: the merge's fresh solver proves them).
        // (A part without records is left whole.)
        let header_len = |k: usize| {
            let p = records_of(game, name, k, ranks, &left[k]);
            (p.length - p.bytes) as usize
        };
        let cut_at = |at: &dyn Fn(usize) -> usize| -> Vec<Vec<u8>> {
            (0..ranks)
                .map(|k| {
                    let p = &left[k];
                    p[..at(p.len()).max(header_len(k)).min(p.len())].to_vec()
                })
                .collect()
        };
        for (how, cut) in [
            ("whole", left.clone()),
            ("within the last record", cut_at(&|len| len - 5)),
            ("halfway", cut_at(&|len| len / 2)),
        ] {
            let (parts, value) = resumed_run(game, name, &cut, &memos);
            assert_eq!(value, want, "{what}, cut {how}: the search");
            for (k, part) in parts.iter().enumerate() {
                let header = PartHeader::read(Cursor::new(part), "part").unwrap();
                assert_eq!((header.run, header.rank), (run, k as u32), "{what}");
                // The part goes on from the kill's last whole record.
                let kept = records_of(game, name, k, ranks, &cut[k]);
                assert_eq!(
                    &part[..kept.length as usize],
                    &cut[k][..kept.length as usize]
                );
                if how == "within the last record" && left[k].len() > header_len(k) {
                    assert!(kept.dropped > 0, "{what}, cut {how}: nothing cut off");
                }
            }
            assert_eq!(
                merged_resumed(game, name, &parts),
                want,
                "{what}, cut {how}"
            );
        }
    }
}

#[test]
fn a_part_of_another_run_graph_game_or_rank_is_not_resumed() {
    let (game, name) = (GameKind::Arc, "grid:3x12");
    let graph = families::build(name).unwrap();
    let (left, _, run) = killed_run(game, name, 2, 20);
    let part = &left[1];
    let header = PartHeader {
        game,
        graph: name.to_string(),
        ranks: 2,
        rank: 1,
        run,
    };
    let point = |header: &PartHeader, graph: &Graph, game: GameKind, name: &str| {
        ResumePoint::of(
            Cursor::new(part),
            "part 1",
            header,
            &mut solver_for(game, name),
            graph,
        )
    };
    assert!(point(&header, &graph, game, name).is_ok());
    let refused = |result: Result<ResumePoint, Error>, words: &[&str]| match result {
        Ok(_) => panic!("{words:?}: the part was resumed"),
        Err(Error::Input(line)) => {
            assert!(!line.contains('\n'), "more than one line: {line}");
            for w in words {
                assert!(line.contains(w), "{w:?} not in: {line}");
            }
        }
        Err(e) => panic!("{words:?}: not a refusal: {e}"),
    };
    let other = |f: &dyn Fn(&mut PartHeader)| {
        let mut h = header.clone();
        f(&mut h);
        h
    };
    refused(
        point(&other(&|h| h.run ^= 1), &graph, game, name),
        &["part 1", "another run"],
    );
    refused(
        point(&other(&|h| h.ranks = 3), &graph, game, name),
        &["another run", "of 2 ranks", "of 3"],
    );
    refused(
        point(&other(&|h| h.rank = 0), &graph, game, name),
        &["rank 1's part", "not rank 0's"],
    );
    let grid = families::build("grid:4x9").unwrap();
    refused(
        point(
            &other(&|h| h.graph = "grid:4x9".into()),
            &grid,
            game,
            "grid:4x9",
        ),
        &["grid:3x12", "grid:4x9"],
    );
    refused(
        point(
            &other(&|h| h.game = GameKind::Node),
            &graph,
            GameKind::Node,
            name,
        ),
        &["Arc", "Node"],
    );
    // A header cut short is refused, never taken for an empty part.
    let cut = ResumePoint::of(
        Cursor::new(&part[..20]),
        "part 1",
        &header,
        &mut solver_for(game, name),
        &graph,
    );
    refused(cut, &["part 1", "cut short"]);
}
