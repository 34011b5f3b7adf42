//! Writes a certificate with chosen options, for the measurements of docs/certificates.md:
//!
//!     cargo run --release -p kayles-solve --example certify -- GRAPH GAME COMPUTED DEDUP FILE
//!
//! GAME: node or arc; COMPUTED: 0..=8; DEDUP: exact, symmetry or canonical. Prints the
//! search time, the certificate's time and its sizes.

use kayles_cert::{write_certificate, Dedup, Options, SolverOracle};
use kayles_core::{families, GameKind};
use kayles_solve::{config::SearchOptions, graphs};
use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [graph, game, computed, dedup, file] = args.as_slice() else {
        return Err("usage: certify GRAPH GAME COMPUTED DEDUP FILE".into());
    };
    let game: GameKind = game.parse()?;
    let dedup = match dedup.as_str() {
        "exact" => Dedup::Exact,
        "symmetry" => Dedup::Symmetry,
        "canonical" => Dedup::Canonical,
        other => return Err(format!("unknown dedup {other}").into()),
    };
    let options = Options {
        computed: computed.parse()?,
        dedup,
        table: kayles_cert::default_table_order(game),
    };
    let host = graphs::parse(graph)?;
    let mut solver = SearchOptions::default().solver_for(game, Some(graph));
    let start = Instant::now();
    let value = solver.nimber(&host)?;
    let search = start.elapsed().as_secs_f64();
    let symmetry = if graphs::is_family_spec(graph) {
        families::host_symmetry(graph)?
    } else {
        None
    };
    let out = std::io::BufWriter::new(std::fs::File::create(file)?);
    let start = Instant::now();
    let mut oracle = SolverOracle::new(&mut solver, &host);
    let (_, summary) = write_certificate(&host, graph, game, &mut oracle, symmetry, options, out)?;
    let (queries, heap_queries, memo) = (oracle.queries, oracle.heap_queries, oracle.memo_answers);
    assert_eq!(summary.nimber, value);
    println!(
        "{graph} {game} computed={} {dedup:?}: search {search:.3} s, certificate {:.3} s, \
         {queries} oracle queries ({heap_queries} \"value is\"; {memo} more answered by the \
         memo), {summary}",
        options.computed,
        start.elapsed().as_secs_f64()
    );
    Ok(())
}
