//! Exploration: the corrected and the published recurrence side by side, the move
//! analysis checked on the graphs, which published lines fail on correct inputs, and
//! SEQ-LINKED-C4-ALT with and without the `u`-path.
//!
//! `cargo run --release -p kayles-sequences --example explore -- 30`
use kayles_core::canonical::Canonizer;
use kayles_core::mex;
use kayles_core::node::Solver;
use kayles_sequences::moves::{self, Family};
use kayles_sequences::{alt, linked_c4};

fn main() {
    let n_max: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(30);
    let t = linked_c4::terms(n_max);
    let p = linked_c4::published_terms(n_max);
    println!(
        "corrected a {:?}\n          b {:?}\n          c {:?}",
        t.a, t.b, t.c
    );
    println!(
        "published a {:?}\n          b {:?}\n          c {:?}",
        p.a, p.b, p.c
    );
    let mut canonizer = Canonizer::new();
    let mut moves_checked = 0;
    for n in 1..=n_max {
        for f in Family::ALL {
            match moves::check_moves(f, n, &mut canonizer) {
                Ok(k) => moves_checked += k,
                Err(e) => println!("{e}"),
            }
        }
    }
    println!("move analysis: {moves_checked} moves match their predicted pieces");
    let mut solver = Solver::new();
    let mut values_checked = 0;
    for n in 1..=n_max {
        for f in Family::ALL {
            match moves::check_move_values(f, n, &t, &mut solver) {
                Ok(k) => values_checked += k,
                Err(e) => println!("{e}"),
            }
        }
    }
    println!("option values: {values_checked} moves have the search value of their pieces");
    for f in Family::ALL {
        let first = match f {
            Family::A => 4,
            Family::B => 5,
            Family::C => 3,
        };
        let bad: Vec<usize> = (first..=n_max)
            .filter(|&n| {
                mex::of_values(linked_c4::published_options(f, n as i64, &t)) != t.get(f, n)
            })
            .collect();
        println!("published {f} line on correct inputs fails at n = {bad:?}");
    }
    let mut s = Solver::new();
    for n in 0..=12 {
        let w = s.nimber(&alt::with_path(n)).unwrap();
        let wo = s.nimber(&alt::without_path(n)).unwrap();
        println!(
            "alt {n}: with path {w}, without {wo}, claimed {}",
            alt::claimed(n)
        );
    }
}
