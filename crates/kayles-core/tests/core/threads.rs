//! The threads' counters of a search (`SearchStats`: per thread of the pool, the positions
//! searched, those searched speculatively, and the time waited for work): they add up to
//! the totals, stay within them, and are nothing on one thread.

use kayles_core::engine::{pool, SearchConfig, SearchStats, STATS_THREADS};
use kayles_core::game::GameSolver;
use kayles_core::{families, GameKind};

/// The counters of `spec` searched with `config` (its value checked against the
/// sequential search's).
fn stats_of(game: GameKind, spec: &str, config: SearchConfig) -> SearchStats {
    let g = families::build(spec).unwrap();
    let sequential = SearchConfig {
        threads: 1,
        ..SearchConfig::default()
    };
    let value = GameSolver::new(game, sequential).nimber(&g).unwrap();
    let mut solver = GameSolver::new(game, config);
    assert_eq!(solver.nimber(&g).unwrap(), value, "{spec}");
    solver.stats()
}

fn assert_adds_up(s: &SearchStats) {
    let threads = s.threads as usize;
    let per = |f: fn(&kayles_core::engine::ThreadStats) -> u64| -> u64 {
        (0..threads).map(|t| f(s.per_thread.get(t))).sum()
    };
    assert_eq!(per(|t| t.positions), s.positions);
    assert_eq!(per(|t| t.leaf_positions), s.leaf_positions);
    assert_eq!(per(|t| t.speculative_positions), s.speculative_positions);
    assert_eq!(
        per(|t| t.speculative_leaf_positions),
        s.speculative_leaf_positions
    );
    assert_eq!(per(|t| t.idle_nanos), s.idle_nanos);
    for t in 0..threads {
        let m = s.per_thread.get(t);
        assert!(m.speculative_positions <= m.positions, "thread {t}: {m:?}");
        assert!(
            m.speculative_leaf_positions <= m.leaf_positions,
            "thread {t}: {m:?}"
        );
    }
    // Each thread waits at most as long as the searches ran.
    assert!(
        s.idle_nanos <= s.pool_nanos,
        "{} > {}",
        s.idle_nanos,
        s.pool_nanos
    );
    // Nothing is counted past the threads used.
    if threads < STATS_THREADS {
        assert_eq!(*s.per_thread.get(threads), Default::default());
    }
}

#[test]
fn one_thread_counts_no_speculation_and_no_idle_time() {
    for game in [GameKind::Node, GameKind::Arc] {
        let config = SearchConfig {
            threads: 1,
            ..SearchConfig::default()
        };
        let s = stats_of(game, "grid:3x9", config);
        assert_eq!(s.threads, 1);
        assert!(s.positions > 0);
        assert_eq!(s.per_thread.get(0).positions, s.positions);
        assert_eq!(s.speculative_positions, 0);
        assert_eq!(s.idle_nanos, 0);
        assert_eq!(s.pool_nanos, 0);
        assert_adds_up(&s);
    }
}

#[test]
fn thread_counters_add_up_to_the_totals() {
    let threads = pool().current_num_threads() as u64;
    // Split at every position near the root, so that both threads search and siblings
    // are searched for nothing.
    for (game, spec) in [
        (GameKind::Node, "grid:3x12"),
        (GameKind::Node, "petersen:13,2"),
        (GameKind::Arc, "grid:3x9"),
    ] {
        let config = SearchConfig {
            threads: 0,
            parallel_min_order: 2,
            split_after: 0,
            split_warm_up: 0,
            ..SearchConfig::default()
        };
        let s = stats_of(game, spec, config);
        if threads > 1 {
            assert_eq!(s.threads, threads, "{spec}");
            assert!(s.parallel_splits > 0, "{spec}");
            assert!(s.pool_nanos > 0, "{spec}");
        }
        assert_adds_up(&s);
    }
}

/// A search that is over before the warm-up (`SearchConfig::split_warm_up` positions)
/// never splits: on two threads it searches exactly the positions of one thread, with
/// nothing speculative; with the warm-up at a quarter of its length, it does split (so
/// the warm-up is what keeps it whole). This is the rule that keeps a small board from
/// losing on two threads. (The searches are several times
/// `PROGRESS_EVERY`, 4,096, positions long: the search's count of positions, which the
/// warm-up reads, moves in steps of that many.)
#[test]
fn a_search_shorter_than_the_warm_up_runs_as_on_one_thread() {
    let threads = pool().current_num_threads() as u64;
    for (game, spec) in [(GameKind::Node, "grid:3x22"), (GameKind::Arc, "grid:3x12")] {
        let one = stats_of(
            game,
            spec,
            SearchConfig {
                threads: 1,
                parallel_min_order: 2,
                ..SearchConfig::default()
            },
        );
        let two = |split_warm_up: u64| {
            stats_of(
                game,
                spec,
                SearchConfig {
                    threads: 0,
                    parallel_min_order: 2,
                    split_after: 0,
                    split_warm_up,
                    ..SearchConfig::default()
                },
            )
        };
        let whole = two(one.positions + 1);
        assert_eq!(whole.parallel_splits, 0, "{spec}");
        assert_eq!(whole.positions, one.positions, "{spec}");
        assert_eq!(whole.speculative_positions, 0, "{spec}");
        assert_adds_up(&whole);
        if threads > 1 {
            let split = two(one.positions / 4);
            assert!(split.parallel_splits > 0, "{spec}");
            assert_adds_up(&split);
        }
    }
}
