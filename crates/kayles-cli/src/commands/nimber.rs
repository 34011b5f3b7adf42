//! `kayles nimber`: the nimber of each GRAPH, one line each.

use crate::commands::blowup::ModuleArgs;
use crate::input;
use crate::output::Output;
use anyhow::{bail, Result};
use clap::ValueEnum;
use kayles_core::engine::{MemoKey, SearchConfig};
use kayles_core::game::GameSolver;
use kayles_core::{graph_arg, GameKind};
use kayles_modules::ModularSolver;
use serde_json::json;
use std::time::Instant;

/// Which game to play on the graph.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Game {
    /// Node Kayles: a move deletes a vertex with all its neighbours.
    Node,
    /// Arc Kayles: a move deletes both endpoints of an edge.
    Arc,
}

impl From<GameKind> for Game {
    fn from(game: GameKind) -> Self {
        match game {
            GameKind::Node => Game::Node,
            GameKind::Arc => Game::Arc,
        }
    }
}

impl Game {
    /// The library's name for it.
    pub fn kind(self) -> GameKind {
        match self {
            Game::Node => GameKind::Node,
            Game::Arc => GameKind::Arc,
        }
    }
}

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Graphs: graph6 strings, family specs, or `-` for graph6 lines on stdin.
    #[arg(required = true, value_name = "GRAPH")]
    graphs: Vec<String>,
    /// The game.
    #[arg(long, value_enum, default_value_t = Game::Node)]
    game: Game,
    /// Print search statistics (positions, memo hits, memory) to stderr.
    #[arg(long)]
    stats: bool,
    /// Node Kayles route: `auto` uses the modular decomposition when the graph has a
    /// non-trivial module and plain search otherwise.
    #[arg(long, value_enum, default_value_t = Engine::Auto)]
    engine: Engine,
    /// Search layers to switch off (an independent route for checking results).
    #[command(flatten)]
    layers: SearchLayers,
    /// Each GRAPH is a base graph whose vertices are replaced by modules.
    #[command(flatten)]
    modules: ModuleArgs,
    /// Split the search into jobs kept in DIR, answer them on every core and join them
    /// (one GRAPH): a killed run, started again, resumes from its finished jobs.
    #[arg(long, value_name = "DIR")]
    checkpoint: Option<std::path::PathBuf>,
    /// With --checkpoint: split to the least depth that gives at least N jobs.
    #[arg(long, value_name = "N", requires = "checkpoint")]
    checkpoint_jobs: Option<usize>,
    /// Sleep this many milliseconds after each checkpoint job (for tests).
    #[arg(long, value_name = "MS", default_value_t = 0, hide = true)]
    throttle_ms: u64,
}

/// The default of --checkpoint-jobs.
pub const CHECKPOINT_JOBS: usize = 64;

/// The `--engine` values.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Engine {
    /// The modular decomposition when the graph has a non-trivial module, else search.
    Auto,
    /// Single-position search (kayles-core).
    Search,
    /// Through the modular decomposition tree (kayles-modules).
    Modules,
}

/// The `--memo-key` values.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Key {
    Exact,
    Shape,
    Canonical,
    Symmetry,
}

/// Flags that switch layers of the Node Kayles search off.
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct SearchLayers {
    /// The shared memo's key: `canonical` (isomorphic components share an entry),
    /// `symmetry` (images under the family's flips, translations and rotations share; for
    /// family specs grid, queens, petersen, path and cycle, else as canonical), `shape`
    /// (translates in the vertex order share), `exact` (no sharing).
    #[arg(long, value_enum, default_value_t = Key::Symmetry)]
    memo_key: Key,
    /// Canonize components of at most this many vertices (larger ones use the shape key).
    /// Default: 64, or 0 when the symmetry key is in use (on the grid and queens families,
    /// and on P(n,2) up to about n = 31, canonizing on top of it costs more than it saves;
    /// on larger P(n,2) 64 is faster: P(35,2) took 513 s with it against about 1000 s).
    #[arg(long, value_name = "N")]
    canonical_max_order: Option<usize>,
    /// Search threads: 1 for the calling thread only, 0 for one per core.
    #[arg(long, value_name = "N", default_value_t = 0)]
    threads: usize,
    /// Empty the memos when together they pass this many MiB, counting their entries at
    /// their real size (values stay right; reuse is lost, and a long run slows down).
    /// Default: 60% of the machine's memory (8192 where it cannot be read).
    #[arg(long, value_name = "MIB")]
    memo_limit_mib: Option<usize>,
    /// Empty a search thread's exact memo (a cache in front of the shared memo) when it
    /// passes this many MiB; with `--memo-key exact` it is the only memo and is kept.
    #[arg(long, value_name = "MIB", default_value_t = SearchConfig::default().exact_cache_bytes >> 20)]
    exact_cache_mib: usize,
    /// Do not apply the game's reductions (Node Kayles: twins, MOD-TWINS; Arc Kayles:
    /// surplus pendant leaves and useless vertices).
    #[arg(long, alias = "no-twin-reduction")]
    no_reductions: bool,
    /// Search paths and cycles instead of looking them up.
    #[arg(long)]
    no_known_pieces: bool,
}

impl SearchLayers {
    /// A solver of `game` with these layers.
    pub fn game_solver(self, game: Game) -> GameSolver {
        GameSolver::new(game.kind(), self.config())
    }

    /// The search configuration of these flags.
    pub fn config(self) -> SearchConfig {
        SearchConfig {
            memo_key: match self.memo_key {
                Key::Exact => MemoKey::Exact,
                Key::Shape => MemoKey::Shape,
                Key::Canonical => MemoKey::Canonical,
                Key::Symmetry => MemoKey::Symmetry,
            },
            canonical_max_order: self
                .canonical_max_order
                .unwrap_or(SearchConfig::default().canonical_max_order),
            threads: self.threads,
            parallel_min_order: SearchConfig::default().parallel_min_order,
            reductions: !self.no_reductions,
            known_pieces: !self.no_known_pieces,
            exact_cache_bytes: self.exact_cache_mib.saturating_mul(1 << 20),
            memo_limit_bytes: self
                .memo_limit_mib
                .map_or_else(crate::output::default_memo_limit_bytes, |mib| {
                    mib.saturating_mul(1 << 20)
                }),
        }
    }

    /// With `--memo-key symmetry`, gives `solver` the host symmetry of `spec` when it is
    /// a family spec that has one (none otherwise).
    pub fn set_symmetry(self, solver: &mut GameSolver, spec: &str) {
        if self.memo_key == Key::Symmetry {
            graph_arg::use_host_symmetry(solver, spec, self.canonical_max_order);
        }
    }
}

pub fn run(args: &Args, out: &mut Output) -> Result<()> {
    let spec = args.modules.spec()?;
    if spec.is_some() && args.game == Game::Arc {
        bail!("--blowup and --module are for Node Kayles only");
    }
    if let Some(dir) = &args.checkpoint {
        return checkpoint(args, dir, spec.is_some(), out);
    }
    let mut solver = args.layers.game_solver(args.game);
    let mut modular = ModularSolver::new();
    input::for_each_graph(&args.graphs, |named| {
        let start = Instant::now();
        let g = &named.graph;
        let use_modules = args.game == Game::Node
            && match args.engine {
                Engine::Search => false,
                Engine::Modules => true,
                Engine::Auto => kayles_modules::has_nontrivial_module(g),
            };
        let (value, route) = match &spec {
            Some(spec) => (args.modules.nimber(spec, g)?, "modules"),
            None if use_modules => (modular.nimber(g)?, "modules"),
            None => {
                args.layers.set_symmetry(&mut solver, &named.name);
                let progress = solver.progress();
                let value = crate::progress::with_search_progress(progress, &named.name, || {
                    solver.nimber(g)
                })?;
                (value, "search")
            }
        };
        let seconds = start.elapsed().as_secs_f64();
        if args.stats && route == "search" {
            eprintln!(
                "{}",
                crate::progress::stats_line(
                    &named.name,
                    seconds,
                    &solver.stats(),
                    solver.config().memo_limit_bytes
                )
            );
        } else if args.stats {
            eprintln!("{}: {seconds:.3} s through the {route} route", named.name);
        }
        let game = match args.game {
            Game::Node => "node",
            Game::Arc => "arc",
        };
        out.result(
            || value.to_string(),
            json!({
                "graph": named.name,
                "order": g.order(),
                "size": g.size(),
                "game": game,
                "route": route,
                "nimber": value,
                "seconds": seconds,
                "peak_rss_kib": crate::output::peak_rss_kib(),
            }),
        )
    })
}

/// `--checkpoint DIR`: one graph through split, run and join.
fn checkpoint(args: &Args, dir: &std::path::Path, modules: bool, out: &mut Output) -> Result<()> {
    if modules {
        bail!("--checkpoint does not combine with --blowup or --module");
    }
    let [graph] = args.graphs.as_slice() else {
        bail!("--checkpoint takes one GRAPH");
    };
    let start = Instant::now();
    let value = crate::commands::checkpoint::nimber(
        graph,
        args.game.kind(),
        dir,
        args.checkpoint_jobs.unwrap_or(CHECKPOINT_JOBS),
        args.layers,
        args.throttle_ms,
        args.stats,
    )?;
    out.result(
        || value.to_string(),
        json!({
            "graph": graph,
            "game": args.game.kind().name(),
            "route": "checkpoint",
            "nimber": value,
            "seconds": start.elapsed().as_secs_f64(),
            "peak_rss_kib": crate::output::peak_rss_kib(),
        }),
    )
}
