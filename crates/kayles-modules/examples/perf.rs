//! Timings of the modules' benchmark cases (the quotient, the closed forms, the modular
//! decomposition, beside plain search). Run with
//! `cargo run --release -p kayles-modules --example perf [-- --search-limit]`.
//!
//! With `--search-limit` it also looks for the largest random cograph (doubling, then
//! bisecting) that plain `kayles_core` search finishes within 10 s.

use kayles_core::{engine::SearchConfig, node::Solver};
use kayles_core::{families, Graph};
use kayles_modules::generators::{random_cograph, random_modular_width_graph};
use kayles_modules::{
    clique_histogram, decompose, independent_histogram, quotient_histogram, ModularSolver,
    SignatureCounts,
};
use std::sync::mpsc;
use std::time::{Duration, Instant};

fn time<T>(label: &str, f: impl FnOnce() -> T) -> T {
    let start = Instant::now();
    let out = f();
    println!("{label}: {:.3} ms", start.elapsed().as_secs_f64() * 1e3);
    out
}

/// Whether `config` search finishes on `g` within `limit` (the thread is left running
/// otherwise; the process exits at the end).
fn search_within(g: &Graph, config: SearchConfig, limit: Duration) -> Option<(u32, Duration)> {
    let (tx, rx) = mpsc::channel();
    let g = g.clone();
    std::thread::spawn(move || {
        let start = Instant::now();
        let v = Solver::with_config(config).nimber(&g).unwrap();
        let _ = tx.send((v, start.elapsed()));
    });
    rx.recv_timeout(limit).ok()
}

fn largest_within(config: SearchConfig, name: &str) {
    let limit = Duration::from_secs(10);
    let mut ok = 0usize;
    let mut bad = None;
    let mut n = 16usize;
    loop {
        let g = random_cograph(n, 2026);
        match search_within(&g, config, limit) {
            Some((v, t)) => {
                println!(
                    "  {name} search, cograph n={n}: nimber {v} in {:.3} s",
                    t.as_secs_f64()
                );
                ok = n;
                if n >= 4096 {
                    break;
                }
                n = (2 * n).min(4096);
            }
            None => {
                println!("  {name} search, cograph n={n}: over 10 s");
                bad = Some(n);
                break;
            }
        }
    }
    if let Some(mut hi) = bad {
        while hi - ok > ok / 16 + 1 {
            let mid = (ok + hi) / 2;
            let g = random_cograph(mid, 2026);
            match search_within(&g, config, limit) {
                Some((v, t)) => {
                    println!(
                        "  {name} search, cograph n={mid}: nimber {v} in {:.3} s",
                        t.as_secs_f64()
                    );
                    ok = mid;
                }
                None => {
                    println!("  {name} search, cograph n={mid}: over 10 s");
                    hi = mid;
                }
            }
        }
    }
    println!("largest random cograph (seed 2026) solved by {name} search in 10 s: n = {ok}");
}

fn main() {
    let grid = families::build("grid:3x4").unwrap();
    let sizes = [5usize; 12];
    let h = time(
        "clique blow-up grid:3x4 x5 (60 vertices), closed form",
        || clique_histogram(&grid, &sizes).unwrap(),
    );
    println!("  histogram {h:?}");
    time(
        "clique blow-up grid:3x4 x5, general signature route",
        || {
            let counts = vec![SignatureCounts::clique(5).unwrap(); 12];
            quotient_histogram(&grid, &counts).unwrap()
        },
    );
    let h = time(
        "independent blow-up grid:3x4 x5 (60 vertices), closed form",
        || independent_histogram(&grid, &sizes).unwrap(),
    );
    println!("  histogram {h:?}");
    time(
        "independent blow-up grid:3x4 x5, general signature route",
        || {
            let counts = vec![SignatureCounts::independent(5).unwrap(); 12];
            quotient_histogram(&grid, &counts).unwrap()
        },
    );
    time(
        "arbitrary modules: grid:3x4 with P3 in every vertex (36 vertices), signature route",
        || {
            let counts = vec![SignatureCounts::of_graph(&families::path(3)).unwrap(); 12];
            quotient_histogram(&grid, &counts).unwrap()
        },
    );

    for (n, seed) in [(2000, 2026), (2000, 1), (4000, 7)] {
        let g = time(&format!("build random_cograph({n}, {seed})"), || {
            random_cograph(n, seed)
        });
        println!("  edges: {}", g.size());
        let t = time("  decompose", || decompose(&g));
        let v = time("  nimber through the tree", || {
            ModularSolver::new().nimber_with_tree(&g, &t).unwrap()
        });
        time("  total kayles_modules::nimber (decompose + solve)", || {
            kayles_modules::nimber(&g).unwrap()
        });
        println!("  nimber {v}, {} tree nodes", t.nodes().len());
    }

    for (n, seed) in [(500, 2026), (500, 1), (2000, 3)] {
        let g = random_modular_width_graph(n, 8, seed);
        println!(
            "random_modular_width_graph({n}, 8, {seed}): {} edges",
            g.size()
        );
        let t = time("  decompose", || decompose(&g));
        let v = time("  nimber through the tree", || {
            ModularSolver::new().nimber_with_tree(&g, &t).unwrap()
        });
        time("  total kayles_modules::nimber", || {
            kayles_modules::nimber(&g).unwrap()
        });
        println!("  nimber {v}, modular width {}", t.modular_width());
    }

    // The same graphs through plain core search, with a 10 s limit.
    for (name, g) in [
        ("random_cograph(2000, 2026)", random_cograph(2000, 2026)),
        (
            "random_modular_width_graph(500, 8, 2026)",
            random_modular_width_graph(500, 8, 2026),
        ),
    ] {
        match search_within(&g, SearchConfig::default(), Duration::from_secs(10)) {
            Some((v, t)) => println!(
                "core search on {name}: nimber {v} in {:.3} s",
                t.as_secs_f64()
            ),
            None => println!("core search on {name}: over 10 s"),
        }
    }
    // The automatic route on prime graphs costs the decomposition on top of the search.
    for spec in ["grid:5x6", "petersen:12,5", "linked-c4:20"] {
        let g = families::build(spec).unwrap();
        let a = time(&format!("kayles_modules::nimber({spec})"), || {
            kayles_modules::nimber(&g).unwrap()
        });
        let b = time(&format!("Solver::nimber({spec})"), || {
            Solver::new().nimber(&g).unwrap()
        });
        assert_eq!(a, b);
    }

    for spec in ["grid:6x6", "petersen:20,3", "queens:6"] {
        let g = families::build(spec).unwrap();
        time(&format!("has_nontrivial_module({spec})"), || {
            kayles_modules::has_nontrivial_module(&g)
        });
        time(&format!("decompose({spec})"), || decompose(&g));
    }
    let path = families::path(2000);
    time("decompose(path:2000)", || decompose(&path));
    let mut copath = Graph::new(2000);
    for u in 0..2000 {
        for v in u + 2..2000 {
            copath.add_edge(u, v);
        }
    }
    time("decompose(complement of path:2000)", || decompose(&copath));
    let grid = families::build("grid:40x50").unwrap();
    time("decompose(grid:40x50)", || decompose(&grid));
    let big = kayles_modules::generators::random_graph(2000, 50, 9);
    time("decompose(random G(2000, 1/2), prime)", || decompose(&big));

    if std::env::args().any(|a| a == "--search-limit") {
        largest_within(SearchConfig::default(), "default");
        largest_within(SearchConfig::plain(), "plain");
        std::process::exit(0);
    }
}
