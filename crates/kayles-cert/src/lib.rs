//! `kayles-cert`: certificates of Node Kayles and Arc Kayles nimbers that the independent
//! checker `kayles-check` verifies (the format: docs/certificates.md).
//!
//! - [`format`](mod@format): the records, their encoding, and a decoder;
//! - [`writer`]: [`CertificateWriter`], streaming zstd into any `std::io::Write`;
//! - [`represent`]: which vertex set a fact is about, so that isomorphic positions share
//!   one fact (host symmetry or canonical labelling), and the vertex maps;
//! - [`oracle`]: the [`Oracle`] trait (`nimber(set)`, `value_is(set, x)`) and the search
//!   engine as one (`value_is` by its outcome search);
//! - [`builder`]: [`ProofBuilder`], the outcome-style proof from an oracle's values.
//!
//! ```
//! use kayles_core::{families, GameKind};
//! use kayles_cert::{oracle::BruteOracle, write_certificate, Options};
//! let host = families::build("cycle:7").unwrap();
//! let oracle = BruteOracle::new(&host, GameKind::Node);
//! let symmetry = families::host_symmetry("cycle:7").unwrap();
//! let (bytes, summary) = write_certificate(
//!     &host, "cycle:7", GameKind::Node, oracle, symmetry, Options::default(), Vec::new(),
//! ).unwrap();
//! assert_eq!(summary.nimber, 1);
//! assert!(summary.sizes.compressed_bytes == bytes.len() as u64);
//! ```

#![warn(missing_docs)]

mod bitset;
pub mod builder;
pub mod format;
pub mod mirror;
pub mod oracle;
pub mod represent;
pub mod set_key;
pub mod writer;

pub use builder::ProofBuilder;
pub use oracle::{Oracle, SolverOracle};
pub use represent::{Dedup, Representatives};
pub use writer::{CertificateWriter, Sizes};

use kayles_core::game::GameSolver;
use kayles_core::symmetry::HostSymmetry;
use kayles_core::{GameKind, Graph};
use std::io::Write;

/// Why no certificate was written.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Writing the output failed.
    #[error("writing the certificate: {0}")]
    Io(#[from] std::io::Error),
    /// The search behind the oracle failed.
    #[error(transparent)]
    Search(#[from] kayles_core::engine::SearchError),
    /// The oracle's answers do not fit together (a bug in the oracle).
    #[error("the oracle contradicts itself: {0}")]
    Inconsistent(String),
    /// A bad request.
    #[error("{0}")]
    Input(String),
}

/// How a certificate is built.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// Components of at most this many vertices are left to the checker (at most
    /// [`format::MAX_COMPUTED`]).
    pub computed: usize,
    /// How positions share facts.
    pub dedup: Dedup,
}

/// The default of [`Options::computed`] (docs/certificates.md has the measurements).
pub const DEFAULT_COMPUTED: usize = 8;

impl Default for Options {
    fn default() -> Self {
        Options {
            computed: DEFAULT_COMPUTED,
            dedup: Dedup::Canonical,
        }
    }
}

/// What was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Summary {
    /// The proved nimber of the graph.
    pub nimber: u32,
    /// Facts and bytes.
    pub sizes: Sizes,
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let s = &self.sizes;
        write!(
            f,
            "nimber {}, {} facts ({} EQ, {} NE), {} bytes ({} before compression)",
            self.nimber,
            s.facts,
            s.eq_facts,
            s.facts - s.eq_facts,
            s.compressed_bytes,
            s.raw_bytes
        )
    }
}

/// Writes to `out` a certificate for the nimber of `host` in `game`, named `name` in the
/// header (graph6 or a family spec: the name the checker is given), with values from
/// `oracle`. `symmetry` (the host's, when it has one) serves [`Dedup::Symmetry`].
pub fn write_certificate<O: Oracle, W: Write>(
    host: &Graph,
    name: &str,
    game: GameKind,
    mut oracle: O,
    symmetry: Option<HostSymmetry>,
    options: Options,
    out: W,
) -> Result<(W, Summary), Error> {
    if options.computed > format::MAX_COMPUTED {
        return Err(Error::Input(format!(
            "computed components have at most {} vertices",
            format::MAX_COMPUTED
        )));
    }
    if let Some(sym) = &symmetry {
        if !sym.is_host(host) {
            return Err(Error::Input("the symmetry is not the host's".into()));
        }
    }
    let all = host.vertices();
    let mirrors = mirror::Mirrors::new(host, name);
    let mut nimber = 0;
    for comp in host.components(&all) {
        let list: Vec<u32> = comp.iter().map(|v| v as u32).collect();
        if mirrors.of(host, &list).is_none() {
            nimber ^= oracle.nimber(&comp)?;
        }
    }
    let header = format::Header {
        game,
        graph: name.trim().to_string(),
        nimber,
        computed: options.computed,
    };
    let writer = CertificateWriter::new(out, &header)?;
    let reps = Representatives::new(options.dedup, symmetry);
    let builder =
        ProofBuilder::new(host, game, oracle, reps, options.computed, writer).with_mirrors(mirrors);
    let (out, sizes) = builder.finish_with_root(&all)?;
    Ok((out, Summary { nimber, sizes }))
}

/// A certificate for the graph `host` named `name` on the command line (graph6 or a
/// family spec), from `solver`, whose memo is warm when it has just searched `host`:
/// what `kayles nimber GRAPH --certificate FILE` calls. Default [`Options`]: positions
/// merged by canonical labelling, components of at most [`DEFAULT_COMPUTED`] vertices
/// left to the checker. The proof runs on one thread with a deep stack, where the
/// solver's questions run in place (a search of more than 64 vertices off the pool would
/// otherwise start a thread per question).
pub fn certify_with_solver<W: Write + Send>(
    host: &Graph,
    name: &str,
    solver: &mut GameSolver,
    out: W,
) -> Result<(W, Summary), Error> {
    kayles_core::stack::on_stack(kayles_core::stack::DEEP, || {
        let game = solver.game();
        let oracle = SolverOracle::new(solver, host);
        write_certificate(host, name, game, oracle, None, Options::default(), out)
    })
}
