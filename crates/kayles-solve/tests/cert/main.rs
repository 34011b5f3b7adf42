//! Certificates written by `kayles-cert` and checked by the independent `kayles-check`:
//! accepted on every small graph, rejected with their reason when damaged, and in
//! agreement with the definition of the game on random graphs.

mod accept;
mod by_search;
mod damage;
/// The corpus of known values (`fixtures/known/`), shared by every crate's tests.
#[path = "../../../../fixtures/known/known.rs"]
mod known;
mod known_values;
mod oracle;
mod random;
mod resume;
mod search_wins;
mod tables;

use kayles_cert::format::Certificate;
use kayles_cert::oracle::BruteOracle;
use kayles_cert::{write_certificate, Dedup, Options};
use kayles_core::{families, GameKind, Graph};
use kayles_solve::{config::SearchOptions, graphs};

/// The certificate for the graph named `name`, compressed, from the default solver.
pub fn certificate(name: &str, game: GameKind, options: Options) -> (Vec<u8>, u32) {
    let host = graphs::parse(name).unwrap();
    let mut solver = SearchOptions::default().solver_for(game, Some(name));
    let symmetry = if graphs::is_family_spec(name) {
        families::host_symmetry(name).unwrap()
    } else {
        None
    };
    let oracle = kayles_cert::SolverOracle::new(&mut solver, &host);
    let (bytes, summary) =
        write_certificate(&host, name, game, oracle, symmetry, options, Vec::new()).unwrap();
    (bytes, summary.nimber)
}

/// The same from the brute-force oracle, for a graph given as a `Graph`.
pub fn brute_certificate(host: &Graph, game: GameKind, options: Options) -> (Vec<u8>, u32) {
    let name = kayles_core::graph6::write(host);
    let oracle = BruteOracle::new(host, game);
    let (bytes, summary) =
        write_certificate(host, &name, game, oracle, None, options, Vec::new()).unwrap();
    (bytes, summary.nimber)
}

/// Decompresses a certificate.
pub fn decompress(bytes: &[u8]) -> Vec<u8> {
    zstd::stream::decode_all(bytes).unwrap()
}

/// Compresses decompressed certificate bytes again.
pub fn compress(raw: &[u8]) -> Vec<u8> {
    zstd::stream::encode_all(raw, 3).unwrap()
}

/// Decodes a certificate into records.
pub fn decode(bytes: &[u8]) -> Certificate {
    Certificate::decode(&decompress(bytes)).unwrap()
}

/// The checker's verdict: the value, or the rejection message.
pub fn check(name: &str, bytes: &[u8]) -> Result<u32, String> {
    match kayles_check::check(name, bytes) {
        Ok(v) => Ok(v.nimber),
        Err(kayles_check::Failure::Rejected(e)) => Err(e),
        Err(kayles_check::Failure::BadInput(e)) => panic!("bad input: {e}"),
    }
}

/// Every option combination the tests run.
pub fn all_options() -> Vec<Options> {
    let mut out = Vec::new();
    for computed in [0, 2, 4, 8] {
        for dedup in [Dedup::Exact, Dedup::Symmetry, Dedup::Canonical] {
            out.push(Options {
                computed,
                dedup,
                ..Options::default()
            });
        }
    }
    out
}
