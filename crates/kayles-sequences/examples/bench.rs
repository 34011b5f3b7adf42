//! Times the corrected recurrence for `n = 1..=N` (first argument, default 110949, the
//! length of the A316629 b-file) and prints the last terms and the largest values.
//!
//! `cargo run --release -p kayles-sequences --example bench -- 110949`
use std::time::Instant;

fn main() {
    let n_max = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(110_949);
    let start = Instant::now();
    let t = kayles_sequences::linked_c4::terms(n_max);
    let elapsed = start.elapsed();
    let max = |v: &[u16]| v.iter().copied().max().unwrap_or(0);
    println!(
        "n = 1..={n_max}: {elapsed:.2?}; a({n_max}) = {}, b = {}, c = {}; max a {} b {} c {}",
        t.a[n_max],
        t.b[n_max],
        t.c[n_max],
        max(&t.a),
        max(&t.b),
        max(&t.c)
    );
}
