//! Cross-checks the corrected recurrence against direct search for `FROM <= n <= TO`
//! (arguments `TO` or `FROM TO`; default `0 300`), printing the elapsed time every 10
//! terms.
//!
//! `cargo run --release -p kayles-sequences --example search_check -- 300`
use kayles_core::node::Solver;
use kayles_sequences::moves::Family;
use std::time::Instant;

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|s| s.parse().ok())
        .collect();
    let (from, to) = match args[..] {
        [to] => (0, to),
        [from, to, ..] => (from, to),
        [] => (0, 300),
    };
    let start = Instant::now();
    let mut solver = Solver::new();
    let result =
        kayles_sequences::search::check_range_against_search(from..=to, &mut solver, |f, n, v| {
            if f == Family::C && (n % 10 == 0 || n == from) {
                eprintln!("{f}({n}) = {v}  {:.1?}", start.elapsed());
            }
        });
    eprintln!("{:?}", solver.stats());
    match result {
        Ok(count) => println!(
            "{count} terms agree ({from} <= n <= {to}) in {:.1?}",
            start.elapsed()
        ),
        Err(e) => {
            println!("MISMATCH: {e}");
            std::process::exit(1);
        }
    }
}
