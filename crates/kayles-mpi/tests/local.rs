//! The protocol on ranks that are threads of this process (no MPI needed): the values of
//! the corpus of known values (fixtures/known) and of sequence terms, in both games, on
//! 1 to 4 ranks, with the remote asked about every component of a few vertices and with
//! memo and home limits small enough to force evictions; and the handshake's refusal of
//! a rank that differs.

#[path = "../../../fixtures/known/known.rs"]
mod known;

use kayles_core::engine::{MemoKey, SearchConfig};
use kayles_core::game::GameSolver;
use kayles_core::symmetry::HostSymmetry;
use kayles_core::{families, graph6, GameKind, Graph};
use kayles_mpi::local::ChannelTransport;
use kayles_mpi::solve::{self, Searched};
use kayles_mpi::{Failure, Node, Options};
use std::time::Duration;

/// A graph of the corpus: built, with its host symmetry, and its known value.
struct Case {
    name: String,
    graph: Graph,
    symmetry: Option<HostSymmetry>,
    value: u32,
}

fn graph_of(name: &str) -> (Graph, Option<HostSymmetry>) {
    match families::build(name) {
        Ok(g) => (g, families::host_symmetry(name).ok().flatten()),
        Err(_) => (graph6::parse(name).expect("a graph6 string"), None),
    }
}

/// The corpus for `game`: every graph of values.txt, and the terms of the sequences up
/// to a size that a test on two cores runs in seconds.
fn corpus(game: &str) -> Vec<Case> {
    let mut cases: Vec<Case> = known::values()
        .into_iter()
        .filter(|v| v.game == game)
        .map(|v| {
            let (graph, symmetry) = graph_of(&v.graph);
            Case {
                name: v.graph,
                graph,
                symmetry,
                value: v.nimber,
            }
        })
        .collect();
    for seq in known::sequences().into_iter().filter(|s| s.game == game) {
        let last = match seq.template.as_str() {
            "grid:3xN" => 11,
            "queens" => 7,
            _ => 14,
        };
        for (n, value) in seq.up_to(last) {
            let name = seq.spec(n);
            let (graph, symmetry) = graph_of(&name);
            cases.push(Case {
                name,
                graph,
                symmetry,
                value,
            });
        }
    }
    // Larger graphs, against the one-process search (the known values of Arc Kayles are
    // all small): their components are large enough to be claimed and deferred.
    let kind = if game == "arc" {
        GameKind::Arc
    } else {
        GameKind::Node
    };
    let larger: &[&str] = if game == "arc" {
        &[
            "grid:3x6",
            "grid:3x8",
            "grid:4x5",
            "petersen:7,2",
            "queens:4",
        ]
    } else {
        &[
            "grid:3x8",
            "grid:4x5",
            "petersen:9,2",
            "queens:5",
            "queens:6",
        ]
    };
    for name in larger {
        let (graph, symmetry) = graph_of(name);
        let mut solver = GameSolver::new(kind, config(1, 256 << 20));
        solver.set_host_symmetry(symmetry.clone());
        let value = solver.nimber(&graph).unwrap();
        cases.push(Case {
            name: name.to_string(),
            graph,
            symmetry,
            value,
        });
    }
    cases
}

/// The values rank 0 gives for `cases` on `ranks` ranks (threads over channels), each
/// rank a solver with `config`.
fn spread(
    game: GameKind,
    cases: &[Case],
    ranks: usize,
    config: SearchConfig,
    options: Options,
) -> Vec<u32> {
    let graphs: Vec<(Graph, Option<HostSymmetry>)> = cases
        .iter()
        .map(|c| (c.graph.clone(), c.symmetry.clone()))
        .collect();
    let handles: Vec<_> = ChannelTransport::ranks(ranks)
        .into_iter()
        .map(|transport| {
            let graphs = graphs.clone();
            std::thread::Builder::new()
                .stack_size(256 << 20)
                .spawn(move || -> Result<Vec<Searched>, Failure> {
                    let mut node = Node::start(transport, options)?;
                    let mut solver = GameSolver::new(game, config);
                    assert!(solve::join(&node, &mut solver));
                    let out = solve::nimbers(&mut node, &mut solver, &graphs)?;
                    node.close()?;
                    Ok(out)
                })
                .unwrap()
        })
        .collect();
    let mut results: Vec<_> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    let rank0 = results.remove(0).expect("rank 0 finishes");
    for (i, r) in results.into_iter().enumerate() {
        r.unwrap_or_else(|e| panic!("rank {}: {e}", i + 1));
    }
    // The homes were asked (the remote is in use), and every rank reported.
    if ranks > 1 {
        let asks: u64 = rank0.iter().flat_map(|s| &s.reports).map(|r| r.asks).sum();
        assert!(asks > 0, "no component was asked of its home");
    }
    rank0
        .into_iter()
        .zip(cases)
        .map(|(s, c)| {
            assert_eq!(s.reports.len(), ranks, "{}: a report per rank", c.name);
            s.value.unwrap_or_else(|e| panic!("{}: {e}", c.name))
        })
        .collect()
}

fn config(threads: usize, memo_limit_bytes: usize) -> SearchConfig {
    SearchConfig {
        memo_key: MemoKey::Symmetry,
        threads,
        parallel_min_order: 8,
        memo_limit_bytes,
        exact_cache_bytes: memo_limit_bytes / 4,
        leaf_table_bytes: 16 << 20,
        ..SearchConfig::default()
    }
}

/// Every component from `min_order` up asked of its home, every result below it published.
fn options(min_order: usize, home_bytes: usize) -> Options {
    Options {
        min_order,
        home_bytes,
        publish_order: 3,
        pay_positions: 0,
        publish_work: 0,
        publish_recurring: 0,
        fingerprint: 7,
        patience: Duration::from_secs(60),
        ..Options::default()
    }
}

fn check(game: GameKind, ranks: usize, config: SearchConfig, options: Options) {
    let cases = corpus(game.name());
    assert!(cases.len() > 20, "{} cases", cases.len());
    let values = spread(game, &cases, ranks, config, options);
    for (case, value) in cases.iter().zip(values) {
        assert_eq!(
            value,
            case.value,
            "{} ({}) on {ranks} ranks",
            case.name,
            game.name()
        );
    }
}

#[test]
fn one_to_four_ranks_give_the_known_values_in_both_games() {
    for game in [GameKind::Node, GameKind::Arc] {
        for ranks in 1..=4 {
            check(game, ranks, config(1, 256 << 20), options(6, 64 << 20));
        }
    }
}

/// The asks weighed and the cheap results kept at home, as the command runs them: every
/// order's asks stop paying once sampled (a mean work of more than `u64::MAX / 2` beneath
/// a claim is never met), so most components are searched without asking after the
/// first graphs, and a result of less than 4 positions is never published unless its
/// component has fewer than half the root's vertices (the recurring ones, published
/// whatever they cost).
/// Both ways of resampling an order whose asks do not pay (one in 256, or rarer the
/// cheaper its claims) are run.
#[test]
fn weighed_asks_and_unpublished_cheap_results_keep_the_values() {
    for resample_scaled in [false, true] {
        let weighed = Options {
            pay_positions: u64::MAX / 2,
            resample_scaled,
            publish_work: 4,
            publish_recurring: 2,
            ..options(6, 64 << 20)
        };
        for game in [GameKind::Node, GameKind::Arc] {
            for ranks in [2, 3] {
                check(game, ranks, config(1, 256 << 20), weighed);
            }
        }
    }
}

/// Once its 64 claims are sampled, an order whose asks do not pay (a mean work beneath a
/// claim below the threshold, 512) is asked one time in 256 with the rule before, and
/// with `resample_scaled` one time in 256 times how many times its mean the threshold
/// is (at most 256 times): at a mean of 2 positions one in 65,536, at 256 one in 512;
/// an order that pays is asked every time either way.
#[test]
fn an_order_whose_asks_do_not_pay_is_asked_the_rarer_the_cheaper_its_claims() {
    let asked = |resample_scaled: bool, mean: u64| -> u64 {
        let options = Options {
            pay_positions: 512,
            resample_scaled,
            ..options(36, 1 << 20)
        };
        let node = Node::start(ChannelTransport::ranks(1).pop().unwrap(), options).unwrap();
        let remote = node.remote();
        // 64 claims searched (the sample), `mean` positions beneath each.
        for _ in 0..64 {
            assert!(remote.ask_pays(40, false), "asked while sampling");
            remote.searched(40, false, Some((mean, 0)));
        }
        let asked = (0..1 << 18).filter(|_| remote.ask_pays(40, false)).count() as u64;
        node.close().unwrap();
        asked
    };
    // The rule before: one in 256 whatever the mean (the 64 sampled asks counted in).
    assert_eq!(asked(false, 2), (1 << 18) / 256);
    assert_eq!(asked(false, 256), (1 << 18) / 256);
    // Scaled: 512 / 2 = 256 times rarer, 512 / 256 = 2 times, and an order that pays is
    // always asked.
    assert_eq!(asked(true, 2), (1 << 18) / (256 * 256));
    assert_eq!(asked(true, 256), (1 << 18) / (256 * 2));
    assert_eq!(asked(true, 1000), 1 << 18);
    assert_eq!(asked(false, 1000), 1 << 18);
}

#[test]
fn small_memo_and_home_limits_force_evictions_and_keep_the_values() {
    for game in [GameKind::Node, GameKind::Arc] {
        check(game, 3, config(1, 64 << 10), options(5, 4 << 10));
    }
}

#[test]
fn ranks_with_two_threads_each_give_the_known_values() {
    for game in [GameKind::Node, GameKind::Arc] {
        check(game, 2, config(2, 256 << 20), options(6, 64 << 20));
    }
}

#[test]
fn a_rank_with_another_fingerprint_is_refused() {
    let mut transports = ChannelTransport::ranks(3);
    let odd = transports.pop().unwrap();
    let handles: Vec<_> = transports
        .into_iter()
        .map(|t| std::thread::spawn(move || Node::start(t, options(6, 1 << 20)).err()))
        .chain(std::iter::once(std::thread::spawn(move || {
            Node::start(
                odd,
                Options {
                    fingerprint: 8,
                    ..options(6, 1 << 20)
                },
            )
            .err()
        })))
        .collect();
    let errors: Vec<Option<Failure>> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    assert_eq!(errors[0], Some(Failure::Mismatch(2)));
    // Rank 1 matched but is refused with the run; rank 2 is refused.
    assert_eq!(errors[2], Some(Failure::Refused));
}

#[test]
fn a_rank_that_never_starts_is_reported_lost() {
    let mut transports = ChannelTransport::ranks(2);
    let _silent = transports.pop().unwrap();
    let rank0 = transports.pop().unwrap();
    let failure = Node::start(
        rank0,
        Options {
            patience: Duration::from_millis(300),
            ..options(6, 1 << 20)
        },
    )
    .err();
    assert_eq!(failure, Some(Failure::Lost(vec![1])));
}

/// What a rank proves about a component of fewer than the root's order divided by
/// `publish_recurring` is published whatever it cost; above, only from `publish_work` up;
/// without the rule, everything from `publish_work` up.
#[test]
fn recurring_components_are_published_whatever_they_cost() {
    for (recurring, below, at) in [(3, 0, 8), (0, 8, 8)] {
        let transport = ChannelTransport::ranks(1).pop().unwrap();
        let node = Node::start(
            transport,
            Options {
                publish_work: 8,
                publish_recurring: recurring,
                ..options(36, 1 << 20)
            },
        )
        .unwrap();
        node.set_root_order(60);
        let remote = node.remote();
        assert_eq!(remote.publish_work(19), below, "recurring {recurring}");
        assert_eq!(remote.publish_work(20), at, "recurring {recurring}");
        // A smaller root lowers the bound with it.
        node.set_root_order(30);
        assert_eq!(remote.publish_work(10), at, "recurring {recurring}");
        assert_eq!(remote.publish_work(9), below, "recurring {recurring}");
        node.close().unwrap();
    }
}

/// A rank whose search ends with its value before rank 0's tells rank 0, whose search is
/// stopped and which keeps that value; a value found for a later search waits for it,
/// and one for a search rank 0 has ended is dropped.
#[test]
fn a_value_found_first_by_another_rank_stops_rank_0_with_it() {
    let mut transports = ChannelTransport::ranks(2);
    let t1 = transports.pop().unwrap();
    let t0 = transports.pop().unwrap();
    let one = std::thread::spawn(move || {
        let mut node = Node::start(t1, options(6, 1 << 20)).unwrap();
        node.begin(0);
        node.found(0, 5);
        node.report(0, 1, 0, 0);
        // Two searches ahead of rank 0: its value for search 1 waits for it.
        node.begin(1);
        node.found(1, 3);
        node.report(1, 1, 0, 0);
        node.close().unwrap();
    });
    let mut node = Node::start(t0, options(6, 1 << 20)).unwrap();
    let stop = node.stop_flag();
    node.begin(0);
    let waited = std::time::Instant::now();
    while !stop.load(std::sync::atomic::Ordering::Relaxed) {
        assert!(
            waited.elapsed() < Duration::from_secs(20),
            "rank 0 never stopped"
        );
        std::thread::sleep(Duration::from_millis(1));
    }
    assert_eq!(node.found_value(0), Some(5));
    node.finish(0);
    node.report(0, 1, 0, 0);
    assert_eq!(node.collect(0).unwrap().len(), 2);
    assert_eq!(node.found_value(0), None, "dropped once the search ended");
    // Search 1 begins stopped, with rank 1's value (once it has come).
    while node.found_value(1).is_none() {
        assert!(
            waited.elapsed() < Duration::from_secs(20),
            "no value for search 1"
        );
        std::thread::sleep(Duration::from_millis(1));
    }
    node.begin(1);
    assert!(stop.load(std::sync::atomic::Ordering::Relaxed));
    assert_eq!(node.found_value(1), Some(3));
    node.finish(1);
    node.report(1, 1, 0, 0);
    assert_eq!(node.collect(1).unwrap().len(), 2);
    node.close().unwrap();
    one.join().unwrap();
}

/// The end of a search (`Node::end`, the one protocol of the command line and of
/// `solve`): rank 0 takes the value another rank found first in place of its own search
/// stopped for it, never in place of an error of its own, and keeps its own value; a
/// rank other than 0 keeps what its search gave; rank 0 gathers every rank's counters
/// (each search's share of the solver's running totals).
#[test]
fn the_end_of_a_search_takes_another_ranks_value_only_for_a_stopped_search() {
    use kayles_core::engine::SearchError;
    use kayles_mpi::Counters;
    let too_large = SearchError::ComponentTooLarge {
        order: 300,
        max: 256,
    };
    let is_stopped = |e: &SearchError| *e == SearchError::Stopped;
    let counters = |positions| Counters {
        positions,
        leaf_positions: 0,
        memo_entries: 0,
    };
    let mut transports = ChannelTransport::ranks(2);
    let t1 = transports.pop().unwrap();
    let t0 = transports.pop().unwrap();
    let one = std::thread::spawn(move || {
        let mut node = Node::start(t1, options(6, 1 << 20)).unwrap();
        let mut values = Vec::new();
        let searches = [
            (0, Ok(5), 10),
            (1, Ok(3), 13),
            (2, Err(SearchError::Stopped), 20),
        ];
        for (search, outcome, total) in searches {
            node.begin(search);
            let ended = node
                .end(search, outcome, is_stopped, counters(total))
                .unwrap();
            assert!(ended.reports.is_empty(), "only rank 0 gathers");
            values.push(ended.value);
        }
        node.close().unwrap();
        values
    });
    let mut node = Node::start(t0, options(6, 1 << 20)).unwrap();
    let waited = std::time::Instant::now();
    let wait_for = |what: &str, done: &dyn Fn() -> bool| {
        while !done() {
            assert!(waited.elapsed() < Duration::from_secs(20), "{what}");
            std::thread::sleep(Duration::from_millis(1));
        }
    };
    // Search 0: stopped for rank 1's value, which it takes.
    wait_for("rank 1's value of search 0", &|| {
        node.found_value(0).is_some()
    });
    node.begin(0);
    let ended = node
        .end(0, Err(SearchError::Stopped), is_stopped, counters(20))
        .unwrap();
    assert_eq!(ended.value, Ok(5));
    let positions: Vec<u64> = ended.reports.iter().map(|r| r.positions).collect();
    assert_eq!(positions, [20, 10]);
    // Search 1: rank 1 has its value, but rank 0's own search failed: the error stands.
    wait_for("rank 1's value of search 1", &|| {
        node.found_value(1).is_some()
    });
    node.begin(1);
    let ended = node.end(1, Err(too_large.clone()), is_stopped, counters(45));
    assert_eq!(ended.unwrap().value, Err(too_large));
    // Search 2: rank 0's own value, rank 1 stopped.
    node.begin(2);
    let ended = node.end(2, Ok(7), is_stopped, counters(72)).unwrap();
    assert_eq!(ended.value, Ok(7));
    let positions: Vec<u64> = ended.reports.iter().map(|r| r.positions).collect();
    assert_eq!(positions, [27, 7]);
    node.close().unwrap();
    let values = one.join().unwrap();
    assert_eq!(values, [Ok(5), Ok(3), Err(SearchError::Stopped)]);
}

/// What another rank publishes goes into a rank's memo from its `begin` to its `report`
/// only: between two searches the memo's host-symmetry table may still hold the last
/// host's keys (the solver is set up for the next graph before `begin`), and a
/// publication merged there could contradict an entry.
#[test]
fn publications_go_into_the_memo_only_while_the_search_runs() {
    use kayles_core::engine::MemoTable;
    use kayles_core::record::Record;
    let mut transports = ChannelTransport::ranks(2);
    let t1 = transports.pop().unwrap();
    let t0 = transports.pop().unwrap();
    let (go, wait) = std::sync::mpsc::channel::<()>();
    let one = std::thread::spawn(move || {
        let mut node = Node::start(t1, options(6, 1 << 20)).unwrap();
        let remote = node.remote();
        node.begin(0);
        // Rank 0 is in search 0 too.
        wait.recv().unwrap();
        remote.publish(MemoTable::Symmetric, &[0b1011], Record::decided(1, false));
        // Rank 0 has reported search 0: this one comes between its searches.
        wait.recv().unwrap();
        remote.publish(MemoTable::Symmetric, &[0b0111], Record::decided(2, false));
        wait.recv().unwrap();
        node.report(0, 1, 0, 0);
        node.close().unwrap();
    });
    let mut node = Node::start(t0, options(6, 1 << 20)).unwrap();
    let solver = kayles_core::node::Solver::new();
    let memo = solver.memo_handle();
    node.set_memo(memo.clone());
    let patience = std::time::Instant::now() + Duration::from_secs(20);
    let until = |what: &str, done: &dyn Fn() -> bool| {
        while !done() {
            assert!(std::time::Instant::now() < patience, "{what}");
            std::thread::sleep(Duration::from_millis(1));
        }
    };
    node.begin(0);
    go.send(()).unwrap();
    until("the first publication", &|| node.publications() == (1, 0));
    assert_eq!(memo.len(), 1);
    node.report(0, 1, 0, 0);
    go.send(()).unwrap();
    until("the second publication", &|| node.publications() == (1, 1));
    assert_eq!(memo.len(), 1, "taken between two searches");
    go.send(()).unwrap();
    node.finish(0);
    assert_eq!(node.collect(0).unwrap().len(), 2);
    node.close().unwrap();
    one.join().unwrap();
}

/// A rank answered busy about a claim, asking with a watch (a node deferring the
/// component), has its flag raised once the claimant proves the component to lose, and
/// the home's record put into its memo: through another rank's home, and through its
/// own (the notice then goes to itself). A claim that ends with a win raises nothing;
/// without `cancels`, no flag is given.
#[test]
fn a_deferral_is_told_when_its_claimant_proves_it_to_lose() {
    use kayles_core::engine::{Answer, MemoTable};
    use kayles_core::record::Record;
    use kayles_mpi::node::home_of;
    use std::sync::atomic::Ordering::Relaxed;
    let t = MemoTable::Symmetric;
    // Keys whose home is rank 1 (two of them) and rank 0.
    let keys: Vec<Vec<u64>> = (1..100u64).map(|k| vec![k, 3 * k + 1]).collect();
    let at = |rank: usize| keys.iter().filter(move |k| home_of(k, 2) == rank);
    let (won, lost) = (at(1).next().unwrap().clone(), at(1).nth(1).unwrap().clone());
    let own = at(0).next().unwrap().clone();
    for cancels in [true, false] {
        let opts = Options {
            cancels,
            ..options(6, 1 << 20)
        };
        let mut transports = ChannelTransport::ranks(2);
        let t1 = transports.pop().unwrap();
        let t0 = transports.pop().unwrap();
        let (to_one, one_waits) = std::sync::mpsc::channel::<()>();
        let (to_zero, zero_waits) = std::sync::mpsc::channel::<()>();
        let keys = (won.clone(), lost.clone(), own.clone());
        let one = std::thread::spawn(move || {
            let (won, lost, own) = keys;
            let mut node = Node::start(t1, opts).unwrap();
            let remote = node.remote();
            node.begin(0);
            for key in [&won, &lost, &own] {
                assert_eq!(
                    remote.ask(t, key, 2, false),
                    Answer::Search(Record::UNKNOWN)
                );
            }
            to_zero.send(()).unwrap();
            one_waits.recv().unwrap();
            remote.done(t, &won, 2, Some(Record::decided(2, true)));
            remote.done(t, &lost, 2, Some(Record::decided(2, false)));
            remote.done(t, &own, 2, Some(Record::decided(2, false)));
            one_waits.recv().unwrap();
            node.report(0, 1, 0, 0);
            node.close().unwrap();
        });
        let mut node = Node::start(t0, opts).unwrap();
        let solver = kayles_core::node::Solver::new();
        let memo = solver.memo_handle();
        node.set_memo(memo.clone());
        let remote = node.remote();
        node.begin(0);
        zero_waits.recv().unwrap();
        let mut flags = Vec::new();
        for key in [&won, &lost, &own] {
            let (answer, flag) = remote.ask_watched(t, key, 2);
            assert_eq!(answer, Answer::Busy);
            assert_eq!(flag.is_some(), cancels, "cancels {cancels}");
            flags.push(flag);
        }
        to_one.send(()).unwrap();
        if cancels {
            let patience = std::time::Instant::now() + Duration::from_secs(20);
            let up = |i: usize| flags[i].as_ref().unwrap().load(Relaxed);
            while !(up(1) && up(2)) {
                assert!(std::time::Instant::now() < patience, "no flag raised");
                std::thread::sleep(Duration::from_millis(1));
            }
            // The win was told to the home before the loss: it raised nothing.
            assert!(!up(0), "a win raised a flag");
            assert_eq!(node.settled(), (2, 2));
            let mut held = Vec::new();
            memo.for_each_entry(|_, key, record| held.push((key.to_vec(), record)));
            held.sort_by_key(|(key, _)| key.clone());
            let mut told = vec![
                (lost.clone(), Record::known(2)),
                (own.clone(), Record::known(2)),
            ];
            told.sort_by_key(|(key, _)| key.clone());
            assert_eq!(held, told);
        }
        to_one.send(()).unwrap();
        node.finish(0);
        node.report(0, 1, 0, 0);
        assert_eq!(node.collect(0).unwrap().len(), 2);
        if !cancels {
            assert_eq!(node.settled(), (0, 0));
        }
        node.close().unwrap();
        one.join().unwrap();
    }
}
