//! `kayles-cert`: certificates of Node Kayles and Arc Kayles nimbers that the independent
//! checker `kayles-check` verifies (the format: docs/certificates.md).
//!
//! - [`format`](mod@format): the records, their encoding, and a decoder;
//! - [`writer`]: [`CertificateWriter`], streaming zstd into any `std::io::Write`;
//! - [`represent`]: which vertex set a fact is about, so that isomorphic positions share
//!   one fact (host symmetry or canonical labelling), and the vertex maps;
//! - [`oracle`]: the [`Oracle`] trait (`nimber(set)`, `value_is(set, x)`) and the search
//!   engine as one (`value_is` by its outcome search);
//! - [`builder`]: [`ProofBuilder`], the outcome-style proof from an oracle's values;
//! - [`resume`]: a proof's state saved now and then ([`resume::Checkpoint`]), and a run
//!   going on from it.
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
pub mod resume;
pub mod search_parts;
pub mod search_proof;
pub mod search_wins;
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
    /// Positions of at most this many vertices (above `computed`) are proved by table
    /// facts, which the checker evaluates itself (format version 3); 0 for none (version
    /// 2). At most [`format::MAX_TABLE_ORDER`].
    pub table: usize,
}

/// The default of [`Options::computed`] (docs/certificates.md has the measurements).
pub const DEFAULT_COMPUTED: usize = 8;

impl Default for Options {
    fn default() -> Self {
        Options {
            computed: DEFAULT_COMPUTED,
            dedup: Dedup::Canonical,
            table: 0,
        }
    }
}

/// The host's number of each of the search's vertices when `solver` searches `host`
/// renumbered (a strip along its long side): the inverse of
/// [`GameSolver::internal_order`]; `None` when it searches the host's own numbering.
/// The proof hooks see the search's numbers and map them back with it.
pub fn host_numbering(solver: &mut GameSolver, host: &Graph) -> Option<Vec<u32>> {
    solver.internal_order(host).map(|perm| {
        let mut back = vec![0u32; perm.len()];
        for (v, &i) in perm.iter().enumerate() {
            back[i] = v as u32;
        }
        back
    })
}

/// The table order [`certify_with_solver`] uses in `game` (docs/certificates.md, "Table
/// facts", has the measurements behind it).
pub fn default_table_order(game: GameKind) -> usize {
    match game {
        GameKind::Node => format::MAX_TABLE_ORDER,
        GameKind::Arc => 0,
    }
}

/// What was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Summary {
    /// The proved nimber of the graph.
    pub nimber: u32,
    /// Facts and bytes.
    pub sizes: Sizes,
    /// When the proof went on from a saved state: the facts that state had written.
    pub resumed_from: Option<u64>,
    /// How the builder found its witnesses (`None` when no builder ran to the end).
    pub witnesses: Option<builder::WitnessCounts>,
    /// What the table of the search's winning moves held and answered, when there was one
    /// ([`search_wins`]).
    pub wins: Option<search_wins::WinCounts>,
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
        )?;
        if let Some(facts) = self.resumed_from {
            write!(f, "; the proof went on from a save with {facts} facts")?;
        }
        Ok(())
    }
}

/// Writes to `out` a certificate for the nimber of `host` in `game`, named `name` in the
/// header (graph6 or a family spec: the name the checker is given), with values from
/// `oracle`. `symmetry` (the host's, when it has one) serves [`Dedup::Symmetry`].
pub fn write_certificate<O: Oracle, W: Write>(
    host: &Graph,
    name: &str,
    game: GameKind,
    oracle: O,
    symmetry: Option<HostSymmetry>,
    options: Options,
    out: W,
) -> Result<(W, Summary), Error> {
    write_resumable_certificate(host, name, game, oracle, symmetry, options, out, None)
}

/// What a resumable certificate run saves to and goes on from ([`write_resumable_certificate`]).
pub struct Resumable<'a> {
    /// Where the builder saves its state now and then, and when its proof is stopped.
    pub checkpoint: &'a mut (dyn resume::Checkpoint + Send),
    /// What a stopped run of the same certificate left: what it had written
    /// (zstd-compressed, as it was written; its first [`Sizes::raw_bytes`] of the state's
    /// sizes are kept) and the state it saved.
    pub from: Option<(&'a mut (dyn std::io::Read + Send), resume::ProofState)>,
}

/// [`write_certificate`], resumable: the builder saves its state to `resumable`'s
/// checkpoint when that asks for it and when the oracle's search is stopped (before the
/// error is returned), and goes on from its `from` when given (module [`resume`]).
///
/// # Errors
/// As [`write_certificate`]; [`Error::Input`] when `from` is not a run of this
/// certificate (another graph, game or value, a cut or changed file).
#[allow(clippy::too_many_arguments)]
pub fn write_resumable_certificate<O: Oracle, W: Write>(
    host: &Graph,
    name: &str,
    game: GameKind,
    mut oracle: O,
    symmetry: Option<HostSymmetry>,
    options: Options,
    out: W,
    resumable: Option<Resumable<'_>>,
) -> Result<(W, Summary), Error> {
    if options.computed > format::MAX_COMPUTED {
        return Err(Error::Input(format!(
            "computed components have at most {} vertices",
            format::MAX_COMPUTED
        )));
    }
    if options.table > format::MAX_TABLE_ORDER {
        return Err(Error::Input(format!(
            "table facts are about at most {} vertices",
            format::MAX_TABLE_ORDER
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
    // Table facts only above the computed size; none at all: version 2.
    let table = if options.table > options.computed {
        options.table
    } else {
        0
    };
    let header = format::Header {
        version: if table > 0 {
            format::TABLE_VERSION
        } else {
            format::VERSION
        },
        game,
        graph: name.trim().to_string(),
        nimber,
        computed: options.computed,
    };
    let (checkpoint, from) = match resumable {
        Some(r) => (Some(r.checkpoint), r.from),
        None => (None, None),
    };
    let (writer, state) = match from {
        None => (CertificateWriter::new(out, &header)?, None),
        Some((written, state)) => {
            let writer = CertificateWriter::resume(out, &header, written, state.sizes()).map_err(
                |e| match e.kind() {
                    std::io::ErrorKind::InvalidData => {
                        Error::Input(format!("the certificate written so far: {e}"))
                    }
                    _ => Error::Io(e),
                },
            )?;
            (writer, Some(state))
        }
    };
    let resumed_from = state.as_ref().map(|state| state.sizes().facts);
    let reps = Representatives::new(options.dedup, symmetry);
    let mut builder = ProofBuilder::new(host, game, oracle, reps, options.computed, writer)
        .with_mirrors(mirrors)
        .with_tables(table);
    if let Some(checkpoint) = checkpoint {
        builder = builder.with_checkpoint(checkpoint);
    }
    if let Some(state) = state {
        builder = builder.with_state(state)?;
    }
    match builder.prove_root(&all) {
        Ok(root) => {
            let witnesses = Some(builder.witnesses);
            let (out, sizes) = builder.finish(&root)?;
            Ok((
                out,
                Summary {
                    nimber,
                    sizes,
                    resumed_from,
                    witnesses,
                    wins: None,
                },
            ))
        }
        Err(e) => {
            if matches!(e, Error::Search(kayles_core::engine::SearchError::Stopped)) {
                builder.save_checkpoint()?;
            }
            Err(e)
        }
    }
}

/// A certificate for the graph `host` named `name` on the command line (graph6 or a
/// family spec), from `solver`, whose memo is warm when it has just searched `host`:
/// what `kayles nimber GRAPH --certificate FILE` calls. Default [`Options`]: positions
/// merged by canonical labelling, components of at most [`DEFAULT_COMPUTED`] vertices
/// left to the checker. The proof runs on one thread with a deep stack, where the
/// solver's questions run in place (a search of more than 64 vertices off the pool would
/// otherwise start a thread per question).
///
/// With `resumable`, the proof saves its state and may go on from a saved one
/// ([`write_resumable_certificate`]). With `wins` (the solver's proof hook while it
/// searched `host`), the search's winning moves are each fact's first witness
/// ([`search_wins`]).
pub fn certify_with_solver<W: Write + Send>(
    host: &Graph,
    name: &str,
    solver: &mut GameSolver,
    out: W,
    resumable: Option<Resumable<'_>>,
    wins: Option<&search_wins::SearchWins>,
) -> Result<(W, Summary), Error> {
    kayles_core::stack::on_stack(kayles_core::stack::DEEP, || {
        let game = solver.game();
        let oracle = SolverOracle::new(solver, host).with_wins(wins);
        let written = write_resumable_certificate(
            host,
            name,
            game,
            oracle,
            None,
            Options {
                table: default_table_order(game),
                ..Options::default()
            },
            out,
            resumable,
        );
        written.map(|(out, summary)| {
            let wins = wins.map(search_wins::SearchWins::counts);
            (out, Summary { wins, ..summary })
        })
    })
}
