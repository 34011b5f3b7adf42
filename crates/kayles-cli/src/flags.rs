//! The flags several commands share, in one place: the parser of a choice among a
//! library enum's values ([`choice`], with each value's help line), the game, the search's
//! options ([`SearchFlags`]), the workers of a run ([`WorkerFlags`]), and the module
//! options of `kayles nimber` and `kayles histogram` ([`ModuleArgs`]) for graphs built
//! from a base graph and modules (`B[H_1..H_k]`, docs/claims/README.md section 2):
//! computed through the quotient, or by expanding and enumerating with `--direct`.

use anyhow::{bail, Result};
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::ValueEnum;
use kayles_core::engine::{MemoKey, Method, SearchConfig};
use kayles_core::{GameKind, Graph};
use kayles_modules::{self as modules, BlowUpSpec};
use kayles_solve::config::SearchOptions;
use kayles_solve::scale_out::run::{Order, Workers};
use kayles_solve::{graphs, route, Choice};

/// A parser for the values of a library enum, by name, with `help[i]` as the help line of
/// its `i`-th value (none when `help` is shorter).
pub fn choice<T: Choice + Clone + Send + Sync>(
    help: &'static [&'static str],
) -> impl TypedValueParser<Value = T> {
    let values = T::ALL.iter().enumerate().map(|(i, v)| {
        let value = PossibleValue::new(v.name());
        match help.get(i) {
            Some(&line) => value.help(line),
            None => value,
        }
    });
    PossibleValuesParser::new(values).map(|name| T::from_name(&name).expect("a possible value"))
}

/// The `--game` values.
pub fn game() -> impl TypedValueParser<Value = GameKind> {
    choice(&[
        "Node Kayles: a move deletes a vertex with all its neighbours",
        "Arc Kayles: a move deletes both endpoints of an edge",
    ])
}

/// Flags of the search's layers and resources.
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct SearchFlags {
    /// The shared memo's key: `canonical` (isomorphic components share an entry),
    /// `symmetry` (images under the family's flips, translations and rotations share; for
    /// family specs grid, queens, petersen, path and cycle, else as canonical), `shape`
    /// (translates in the vertex order share), `exact` (no sharing).
    #[arg(long, value_parser = choice::<MemoKey>(&[]), default_value = "symmetry")]
    memo_key: MemoKey,
    /// Canonize components of at most this many vertices (larger ones use the shape key).
    /// Default: 64, or 0 when the symmetry key is in use (on the grid and queens families,
    /// and on P(n,2) up to about n = 31, canonizing on top of it costs more than it saves;
    /// on larger P(n,2) 64 is faster: P(35,2) took 513 s with it against about 1000 s).
    #[arg(long, value_name = "N")]
    canonical_max_order: Option<usize>,
    /// Search threads: 1 for the calling thread only, 0 for one per core.
    #[arg(long, value_name = "N", default_value_t = 0)]
    threads: usize,
    /// When the memos together pass this many MiB (their entries counted at their real
    /// size), empty the caches and drop the smaller components' half of the shared memo
    /// (values stay right; reuse is lost, and a long run slows down).
    /// Default: 60% of the machine's memory (8192 where it cannot be read).
    #[arg(long, value_name = "MIB")]
    memo_limit_mib: Option<usize>,
    /// Empty a search thread's exact memo (a cache in front of the shared memo), all but
    /// its known nimbers, when it passes this many MiB; with `--memo-key exact` it is the
    /// only memo and is kept.
    #[arg(long, value_name = "MIB", default_value_t = SearchConfig::default().exact_cache_bytes >> 20)]
    exact_cache_mib: usize,
    /// Do not apply the game's reductions (Node Kayles: twins, MOD-TWINS; Arc Kayles:
    /// surplus pendant leaves and useless vertices).
    #[arg(long, alias = "no-twin-reduction")]
    no_reductions: bool,
    /// Search paths and cycles instead of looking them up.
    #[arg(long)]
    no_known_pieces: bool,
    /// Evaluate components of at most N vertices at once (a memoized mex over their
    /// subsets, read from complete tables below 8 vertices) instead of searching them,
    /// and Node Kayles components of up to N + 4 vertices of average degree at least 3;
    /// at most 16, 0 for never.
    #[arg(long, value_name = "N", default_value_t = SearchConfig::default().small_order as u8,
          value_parser = clap::value_parser!(u8).range(0..=16))]
    small_order: u8,
    /// With the outcome method: decide whether C + *k is a win for Node Kayles components
    /// of at most N vertices by a plain search on their vertex subsets (no components, no
    /// shared memo), which stops at the first losing move; at most 64, 0 for never.
    #[arg(long, value_name = "N", default_value_t = SearchConfig::default().leaf_order as u8,
          value_parser = clap::value_parser!(u8).range(0..=64))]
    leaf_order: u8,
    /// With the outcome method: try the heap moves of G + *k before the moves in G (a
    /// different order of the same search, for a second route to a value).
    #[arg(long)]
    heap_moves_first: bool,
}

/// The `--method` flag of the commands that search one graph (`kayles seq` has its own,
/// which also offers the A316629 recurrence).
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct MethodFlag {
    /// How a component's nimber is found.
    #[arg(long, value_parser = choice::<Method>(&METHOD_HELP), default_value = "outcome")]
    pub method: Method,
}

/// The help lines of the search methods, in the order of [`Method::ALL`].
pub const METHOD_HELP: [&str; 2] = [
    "The least k with G + *k a loss, by win/loss search with cutoffs (the default: the faster \
     on every family measured)",
    "The mex of every option's value: every reachable position is visited",
];

impl SearchFlags {
    /// The library's search options of these flags.
    pub fn options(&self) -> SearchOptions {
        SearchOptions {
            memo_key: self.memo_key,
            canonical_max_order: self.canonical_max_order,
            threads: self.threads,
            memo_limit_bytes: self.memo_limit_mib.map(|mib| mib.saturating_mul(1 << 20)),
            exact_cache_bytes: self.exact_cache_mib.saturating_mul(1 << 20),
            reductions: !self.no_reductions,
            known_pieces: !self.no_known_pieces,
            small_order: usize::from(self.small_order),
            leaf_order: usize::from(self.leaf_order),
            heap_moves_first: self.heap_moves_first,
            ..SearchOptions::default()
        }
    }

    /// The library's search options of these flags, with the method of `method`.
    pub fn options_with(&self, method: &MethodFlag) -> SearchOptions {
        self.options().with_method(method.method)
    }
}

/// How many jobs run at once.
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct WorkerFlags {
    /// Jobs answered at once, each by its own single-threaded solver (0: one per core).
    /// With 1, the one solver searches with --threads. The memo limit is shared out.
    #[arg(long, value_name = "N", default_value_t = Workers::default().workers)]
    workers: usize,
    /// The order in which this process takes its jobs: `smallest` first (the memo grows
    /// from the small pieces up and jobs finish steadily, so a kill loses less), `largest`
    /// first (balances several workers), or `auto`: smallest with one worker, largest
    /// with several.
    #[arg(long, value_parser = choice::<Order>(&[]), default_value = "auto")]
    order: Order,
    /// Sleep this many milliseconds after each job (for tests that interrupt a run).
    #[arg(long, value_name = "MS", default_value_t = 0, hide = true)]
    throttle_ms: u64,
}

impl WorkerFlags {
    /// The library's workers of these flags.
    pub fn workers(&self) -> Workers {
        Workers {
            workers: self.workers,
            order: self.order,
            throttle_ms: self.throttle_ms,
        }
    }
}

/// The kind of module put in place of every base vertex.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Blowup {
    /// Base vertex i becomes a clique K_{m_i}.
    Clique,
    /// Base vertex i becomes an independent set of m_i vertices.
    Independent,
}

/// The module options of `kayles nimber` and `kayles histogram`.
#[derive(clap::Args, Debug, Default)]
pub struct ModuleArgs {
    /// Replace every base vertex by a clique or an independent set (sizes from --sizes).
    #[arg(long, value_enum, requires = "sizes")]
    blowup: Option<Blowup>,
    /// Module sizes for --blowup, one per base vertex: `2,3,1`.
    #[arg(long, value_name = "M,M,..", requires = "blowup")]
    sizes: Option<String>,
    /// The module put in place of base vertex i (give it once per base vertex, in order).
    #[arg(long = "module", value_name = "GRAPH", conflicts_with = "blowup")]
    modules: Vec<String>,
    /// Expand the graph and enumerate it instead of going through the quotient.
    #[arg(long)]
    direct: bool,
}

impl ModuleArgs {
    /// The module spec, or `None` when the graph is to be taken as it is.
    pub fn spec(&self) -> Result<Option<BlowUpSpec>> {
        if self.direct && self.blowup.is_none() && self.modules.is_empty() {
            bail!("--direct needs --blowup or --module");
        }
        if let (Some(kind), Some(sizes)) = (self.blowup, &self.sizes) {
            let sizes = modules::parse_sizes(sizes)?;
            return Ok(Some(match kind {
                Blowup::Clique => BlowUpSpec::Cliques(sizes),
                Blowup::Independent => BlowUpSpec::Independent(sizes),
            }));
        }
        if self.modules.is_empty() {
            return Ok(None);
        }
        let graphs = self
            .modules
            .iter()
            .map(|m| Ok(graphs::parse(m)?))
            .collect::<Result<_>>()?;
        Ok(Some(BlowUpSpec::Modules(graphs)))
    }

    /// [`spec`](Self::spec) for `game`: modules are for Node Kayles only.
    pub fn spec_for(&self, game: GameKind) -> Result<Option<BlowUpSpec>> {
        let spec = self.spec()?;
        if spec.is_some() && game == GameKind::Arc {
            bail!("--blowup and --module are for Node Kayles only");
        }
        Ok(spec)
    }

    /// The histogram over all starting subsets of the blown-up graph (the quotient, or
    /// with `--direct` the expanded graph: [`route::blowup_histogram`]).
    pub fn histogram(&self, spec: &BlowUpSpec, base: &Graph) -> Result<Vec<u128>> {
        route::blowup_histogram(spec, base, self.direct)
    }

    /// The full-board nimber of the blown-up graph ([`route::blowup_nimber`]).
    pub fn nimber(&self, spec: &BlowUpSpec, base: &Graph) -> Result<u32> {
        route::blowup_nimber(spec, base, self.direct)
    }
}
