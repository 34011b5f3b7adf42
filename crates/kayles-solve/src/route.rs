//! The route to a nimber: what a front end asks for ([`Request`]: the game, the engine,
//! the search's options) and the one place that chooses between a mirror strategy, the
//! modular decomposition and search ([`Nimbers`]), so that `kayles nimber` and
//! `kayles.nimber` take the same route on the same graph.

use crate::certificates::{PartFile, ProofSaves};
use crate::config::SearchOptions;
use crate::graphs::{Limit, Named};
use crate::memo_file::{MemoFile, Saved, SAVE_SECONDS};
use crate::wins_file::WinsFile;
use crate::Spelling;
use anyhow::{bail, ensure, Result};
use kayles_cert::search_wins::SearchWins;
use kayles_core::game::GameSolver;
use kayles_core::{families, GameKind, Graph};
use kayles_modules::{BlowUpSpec, ModularSolver};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

named_enum! {
    /// Which engine answers a nimber (the command line's `--engine`).
    pub enum Engine (default Auto) {
        /// 0 by a mirror strategy when the family graph has one (both games), else the
        /// modular decomposition when a Node Kayles graph has a non-trivial module, else
        /// search.
        Auto = "auto",
        /// Single-position search (kayles-core).
        Search = "search",
        /// Through the modular decomposition tree (kayles-modules; Node Kayles).
        Modules = "modules",
    }
}

named_enum! {
    /// The route a value took, as results report it (`"route"` in JSON, by its
    /// [`name`](crate::Choice::name)).
    pub enum Route {
        /// Single-position search.
        Search = "search",
        /// The modular decomposition (or the quotient of a blow-up).
        Modules = "modules",
        /// Split into jobs kept in a directory, answered, joined.
        Checkpoint = "checkpoint",
        /// The jobs of a split, joined.
        Split = "split",
        /// A mirror strategy proved 0.
        Mirror = "mirror",
        /// The A316629 recurrence.
        Recurrence = "recurrence",
        /// Read from a certificate written earlier (`kayles seq --certificates DIR
        /// --resume`).
        Certificate = "certificate",
    }
}

/// What a front end asks of a nimber. Each axis of the choice is a field, so that another
/// (how a value is searched, for instance) is one more field here.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Request {
    /// The game.
    pub game: GameKind,
    /// Which engine answers (Arc Kayles: a mirror strategy or search).
    pub engine: Engine,
    /// The search's options.
    pub search: SearchOptions,
}

/// The time between two saves of a memo file, `seconds` as the user gave it: at least 1,
/// or an error naming the option as `spelling` spells it.
///
/// ```
/// use kayles_solve::{route::memo_save_every, Spelling};
/// assert_eq!(memo_save_every(600, Spelling::CommandLine).unwrap().as_secs(), 600);
/// let e = memo_save_every(0, Spelling::Python).unwrap_err();
/// assert_eq!(e.to_string(), "memo_save_seconds must be at least 1");
/// ```
pub fn memo_save_every(seconds: u64, spelling: Spelling) -> Result<Duration> {
    ensure!(
        seconds > 0,
        "{} must be at least 1",
        spelling.name("memo-save-seconds")
    );
    Ok(Duration::from_secs(seconds))
}

/// The size limit on the graphs of a nimber request ([`Limit`]): [`Limit::SEARCH`] when
/// only the search answers them (the search engine, or `searched`: a certificate, a
/// memo file or a checkpoint is asked for), else [`Limit::GRAPH`] (the mirror and
/// modular routes take graphs whose components are wider than the search's).
///
/// ```
/// use kayles_solve::graphs::Limit;
/// use kayles_solve::route::{graph_limit, Engine};
/// assert_eq!(graph_limit(Engine::Auto, false), Limit::GRAPH);
/// assert_eq!(graph_limit(Engine::Auto, true), Limit::SEARCH);
/// assert_eq!(graph_limit(Engine::Search, false), Limit::SEARCH);
/// ```
pub fn graph_limit(engine: Engine, searched: bool) -> Limit {
    if searched || engine == Engine::Search {
        Limit::SEARCH
    } else {
        Limit::GRAPH
    }
}

/// The nimber of the graph `spec` builds on `base` (Node Kayles): through the quotient
/// (kayles-modules), or with `direct` by expanding the graph and enumerating it (an
/// independent route for checking the quotient).
///
/// ```
/// use kayles_modules::BlowUpSpec;
/// use kayles_solve::{graphs, route::blowup_nimber};
/// let base = graphs::parse("path:3").unwrap();
/// let spec = BlowUpSpec::Cliques(vec![2, 3, 1]);
/// assert_eq!(blowup_nimber(&spec, &base, false).unwrap(), blowup_nimber(&spec, &base, true).unwrap());
/// ```
pub fn blowup_nimber(spec: &BlowUpSpec, base: &Graph, direct: bool) -> Result<u32> {
    if direct {
        return Ok(spec.expand(base)?.direct_nimber()?);
    }
    Ok(spec.nimber(base)?)
}

/// The histogram over all starting subsets of the graph `spec` builds on `base`, by the
/// route [`blowup_nimber`] takes.
pub fn blowup_histogram(spec: &BlowUpSpec, base: &Graph, direct: bool) -> Result<Vec<u128>> {
    if direct {
        return Ok(spec.expand(base)?.direct_histogram()?);
    }
    Ok(spec.histogram(base)?)
}

/// Where a search of one graph keeps its work: a certificate of its value, its memo (the
/// front ends' `--certificate` and `--memo-file`, `certificate=` and `memo_file=`).
#[derive(Debug, Clone, Copy)]
pub struct Kept<'a> {
    /// Write a certificate of the value to this file.
    pub certificate: Option<&'a Path>,
    /// Keep the search's memo in this file.
    pub memo_file: Option<&'a Path>,
    /// Save the memo file this often while the search runs ([`memo_save_every`]).
    pub memo_save: Duration,
}

impl Kept<'_> {
    /// Nothing kept: a plain nimber.
    pub const NOTHING: Kept<'static> = Kept {
        certificate: None,
        memo_file: None,
        memo_save: Duration::from_secs(SAVE_SECONDS),
    };
}

/// A nimber found by [`Nimbers::nimber_kept`].
#[derive(Debug, Clone)]
pub struct Answer {
    /// The nimber.
    pub value: u32,
    /// The route it took.
    pub route: Route,
    /// The certificate written, when one was asked for.
    pub certificate: Option<kayles_cert::Summary>,
}

/// Nimbers of graph after graph by the route each takes, with one solver of each kind
/// whose memos serve every graph.
pub struct Nimbers {
    request: Request,
    solver: GameSolver,
    modular: ModularSolver,
    /// When a certificate's proof saves its state.
    proof_saves: ProofSaves,
    /// Certificates written from the search's own proof tree (any number of threads).
    proof_from_search: bool,
}

impl Nimbers {
    /// Certificates written from the search's own proof tree
    /// (`kayles_cert::search_proof`, docs/certificates.md "Written by the search") when
    /// `on`, from a fresh start (no saved proof); else, as by default, by the proof
    /// builder asking the warm memo after the search.
    ///
    /// # Errors
    /// When `on` and the search's method is not the outcome method (the only one that
    /// tells its proof hook what it concludes, on any number of threads).
    pub fn set_proof_from_search(&mut self, on: bool) -> Result<()> {
        let config = self.solver.config();
        if on && config.method != kayles_core::engine::Method::Outcome {
            bail!("--proof-from-search needs the outcome method");
        }
        self.proof_from_search = on;
        Ok(())
    }

    /// Solvers for `request`.
    pub fn new(request: Request) -> Self {
        Nimbers {
            request,
            solver: request.search.solver(request.game),
            modular: ModularSolver::new(),
            proof_saves: ProofSaves::default(),
            proof_from_search: false,
        }
    }

    /// The route `graph` takes. With the `auto` engine: [`Route::Mirror`] when its name is
    /// a family spec whose half turn is a mirror strategy of the graph
    /// ([`families::mirror_strategy_of`]: then the second player copies, and the value is
    /// 0 in both games; the map is checked on the graph itself), else the modular
    /// decomposition for Node Kayles when `graph` has a non-trivial module, else search.
    ///
    /// ```
    /// use kayles_core::GameKind;
    /// use kayles_solve::graphs::Named;
    /// use kayles_solve::route::{Engine, Nimbers, Request, Route};
    /// let board = Named::parse("grid:8x8").unwrap(); // Cram on the chessboard
    /// let arc = Request { game: GameKind::Arc, ..Request::default() };
    /// let mut nimbers = Nimbers::new(arc);
    /// assert_eq!(nimbers.nimber(&board).unwrap(), (0, Route::Mirror));
    /// let searched = Nimbers::new(Request { engine: Engine::Search, ..arc });
    /// assert_eq!(searched.route(&board), Route::Search);
    /// ```
    pub fn route(&self, graph: &Named) -> Route {
        let engine = self.request.engine;
        if engine == Engine::Auto && has_mirror_strategy(graph) {
            return Route::Mirror;
        }
        let modules = self.request.game == GameKind::Node
            && match engine {
                Engine::Search => false,
                Engine::Modules => true,
                Engine::Auto => kayles_modules::has_nontrivial_module(&graph.graph),
            };
        if modules {
            Route::Modules
        } else {
            Route::Search
        }
    }

    /// The nimber of `graph` by `route` (one [`route`](Self::route) gave), searched with
    /// the set-up its name implies (a family's host symmetry).
    pub fn nimber_by(&mut self, graph: &Named, route: Route) -> Result<u32> {
        match route {
            Route::Modules => Ok(self.modular.nimber(&graph.graph)?),
            Route::Mirror => {
                ensure!(
                    has_mirror_strategy(graph),
                    "{} has no mirror strategy (a half turn of its family)",
                    graph.name
                );
                Ok(0)
            }
            _ => {
                self.prepare(graph);
                Ok(self.solver.nimber(&graph.graph)?)
            }
        }
    }

    /// Sets the search solver up for `graph` as its search would (the host symmetry and
    /// canonical order of its family), without searching: a search spread over ranks
    /// sets the host before it takes in what the other ranks publish about it.
    pub fn prepare(&mut self, graph: &Named) {
        self.request
            .search
            .prepare(&mut self.solver, Some(&graph.name));
    }

    /// The nimber of `graph` and the route it took.
    pub fn nimber(&mut self, graph: &Named) -> Result<(u32, Route)> {
        let route = self.route(graph);
        Ok((self.nimber_by(graph, route)?, route))
    }

    /// The route [`nimber_kept`](Self::nimber_kept) takes with `kept`: search when a
    /// certificate is asked for (its value is reported as search, also when a mirror
    /// strategy proves it), else [`route`](Self::route).
    pub fn route_kept(&self, graph: &Named, kept: &Kept) -> Route {
        if kept.certificate.is_some() {
            Route::Search
        } else {
            self.route(graph)
        }
    }

    /// The nimber of `graph`, the one route of both front ends over the files `kept`
    /// names: [`nimber_kept_by`](Self::nimber_kept_by) the route
    /// [`route_kept`](Self::route_kept) gives.
    ///
    /// ```
    /// use kayles_solve::graphs::Named;
    /// use kayles_solve::route::{Kept, Nimbers, Request, Route};
    /// let mut nimbers = Nimbers::new(Request::default());
    /// let grid = Named::parse("grid:3x4").unwrap();
    /// let answer = nimbers.nimber_kept(&grid, &Kept::NOTHING, None, &|_| {}).unwrap();
    /// assert_eq!((answer.value, answer.route), (0, Route::Search));
    /// assert!(answer.certificate.is_none());
    /// ```
    pub fn nimber_kept(
        &mut self,
        graph: &Named,
        kept: &Kept,
        interrupt: Option<&AtomicBool>,
        report: &(dyn Fn(MemoEvent) + Sync),
    ) -> Result<Answer> {
        let route = self.route_kept(graph, kept);
        self.nimber_kept_by(graph, kept, route, interrupt, report)
    }

    /// The nimber of `graph` by `route` (one [`route_kept`](Self::route_kept) gave) over
    /// the files `kept` names: with a certificate, by search (or a mirror strategy) with
    /// the certificate written ([`nimber_with_certificate`](Self::nimber_with_certificate)),
    /// the memo kept in the memo file when there is one; with a memo file alone and the
    /// search route, the memo kept in the file ([`with_memo_file`](Self::with_memo_file),
    /// which hears `interrupt` and tells `report`); else by
    /// [`nimber_by`](Self::nimber_by).
    pub fn nimber_kept_by(
        &mut self,
        graph: &Named,
        kept: &Kept,
        route: Route,
        interrupt: Option<&AtomicBool>,
        report: &(dyn Fn(MemoEvent) + Sync),
    ) -> Result<Answer> {
        let every = kept.memo_save;
        let certified = |(value, summary)| Answer {
            value,
            route: Route::Search,
            certificate: Some(summary),
        };
        let value = match (kept.certificate, kept.memo_file) {
            (Some(cert), None) => return Ok(certified(self.nimber_with_certificate(graph, cert)?)),
            (Some(cert), Some(memo)) => {
                return Ok(certified(self.nimber_with_certificate_and_memo_file(
                    graph, cert, memo, every, interrupt, report,
                )?))
            }
            (None, Some(memo)) if route == Route::Search => {
                self.nimber_with_memo_file(graph, memo, every, interrupt, report)?
            }
            (None, _) => self.nimber_by(graph, route)?,
        };
        Ok(Answer {
            value,
            route,
            certificate: None,
        })
    }

    /// The search solver (its statistics, its live progress, its configuration).
    pub fn solver(&self) -> &GameSolver {
        &self.solver
    }

    /// The search solver, to set up (a proof hook of a search spread over ranks).
    pub fn solver_mut(&mut self) -> &mut GameSolver {
        &mut self.solver
    }

    /// The nimber of `graph` by search (as [`nimber_by`](Self::nimber_by) searches it, or
    /// 0 by its mirror strategy when [`route`](Self::route) would take that) and a
    /// certificate of it written to `path` (docs/certificates.md), whose summary is
    /// returned too. The file (its `.part` file, renamed when the certificate is whole:
    /// [`PartFile`]) is created before the search, so a path that cannot be written fails
    /// at once; the search solver's memo answers the proof builder's questions (and
    /// [`with_memo_file`](Self::with_memo_file) keeps that memo across runs). The proof
    /// saves its state in `path`'s `.part.proof` file every ten minutes (inside
    /// [`with_memo_file`](Self::with_memo_file): as often as the memo, and at once on an
    /// interrupt), and a run that finds that file with the `.part` file goes on from it.
    ///
    /// ```
    /// use kayles_solve::graphs::Named;
    /// use kayles_solve::route::{Nimbers, Request};
    /// let path = std::env::temp_dir().join(format!("kayles-doc-{}.cert", std::process::id()));
    /// let mut nimbers = Nimbers::new(Request::default());
    /// let grid = Named::parse("grid:3x6").unwrap();
    /// let (value, summary) = nimbers.nimber_with_certificate(&grid, &path).unwrap();
    /// assert_eq!((value, summary.nimber), (3, 3));
    /// assert_eq!(std::fs::metadata(&path).unwrap().len(), summary.sizes.compressed_bytes);
    /// # std::fs::remove_file(&path).unwrap();
    /// ```
    pub fn nimber_with_certificate(
        &mut self,
        graph: &Named,
        path: &Path,
    ) -> Result<(u32, kayles_cert::Summary)> {
        self.certify(graph, path, None)
    }

    /// [`nimber_with_certificate`](Self::nimber_with_certificate) inside
    /// [`with_memo_file`](Self::with_memo_file), the search's winning moves (the proof's
    /// first witnesses, where the game keeps them:
    /// [`keeps_search_wins`](crate::certificates::keeps_search_wins)) kept beside the
    /// memo file ([`WinsFile`]), loaded with the memo and saved with it: a run killed and
    /// started again gives its proof the first run's moves as well as its memo.
    ///
    /// ```
    /// use kayles_core::GameKind;
    /// use kayles_solve::graphs::Named;
    /// use kayles_solve::route::{Nimbers, Request};
    /// use std::time::Duration;
    /// let dir = std::env::temp_dir().join(format!("kayles-memo-wins-{}", std::process::id()));
    /// std::fs::create_dir_all(&dir).unwrap();
    /// let (memo, cert) = (dir.join("cram.memo"), dir.join("cram.cert"));
    /// let grid = Named::parse("grid:3x9").unwrap();
    /// let every = Duration::from_secs(600);
    /// let arc = Request { game: GameKind::Arc, ..Request::default() };
    /// let mut nimbers = Nimbers::new(arc);
    /// let (value, _) = nimbers
    ///     .nimber_with_certificate_and_memo_file(&grid, &cert, &memo, every, None, &|_| {})
    ///     .unwrap();
    /// assert!(dir.join("cram.memo.wins").exists());
    /// // Again from both files: the search and its proof ask the memo, no more.
    /// std::fs::remove_file(&cert).unwrap();
    /// let mut again = Nimbers::new(arc);
    /// let (same, _) = again
    ///     .nimber_with_certificate_and_memo_file(&grid, &cert, &memo, every, None, &|_| {})
    ///     .unwrap();
    /// assert_eq!(same, value);
    /// assert_eq!(again.solver().stats().positions, 0);
    /// # std::fs::remove_dir_all(&dir).unwrap();
    /// ```
    pub fn nimber_with_certificate_and_memo_file(
        &mut self,
        graph: &Named,
        certificate: &Path,
        memo: &Path,
        every: Duration,
        interrupt: Option<&AtomicBool>,
        report: &(dyn Fn(MemoEvent) + Sync),
    ) -> Result<(u32, kayles_cert::Summary)> {
        let keep_wins = crate::certificates::keeps_search_wins(self.request.game)
            && !has_mirror_strategy(graph);
        self.with_saved_search(
            graph,
            memo,
            every,
            interrupt,
            report,
            keep_wins,
            |n, wins| n.certify(graph, certificate, wins),
        )
    }

    /// [`nimber_with_certificate`](Self::nimber_with_certificate), the search keeping its
    /// winning moves in `wins` when given (else in a table of its own, where the game
    /// keeps them).
    fn certify(
        &mut self,
        graph: &Named,
        path: &Path,
        wins: Option<Arc<SearchWins>>,
    ) -> Result<(u32, kayles_cert::Summary)> {
        let file = PartFile::create(path)?;
        // Asked for (with the outcome method: `set_proof_from_search`),
        // from a fresh start: the certificate is written from the search's own proof
        // tree (docs/certificates.md, "Written by the search"); else the proof asks the
        // warm memo after the search.
        if self.proof_from_search && !has_mirror_strategy(graph) && file.is_fresh() {
            self.request
                .search
                .prepare(&mut self.solver, Some(&graph.name));
            let (summary, _) = file.write_by_search(&graph.graph, &graph.name, &mut self.solver)?;
            return Ok((summary.nimber, summary));
        }
        // A graph with a mirror strategy is proved by it (one fact), without a search.
        // The search keeps its winning moves (by orbit, as its memo keys positions) for
        // the proof's witnesses, where that pays.
        let (value, wins) = if has_mirror_strategy(graph) {
            (0, None)
        } else {
            self.prepare(graph);
            let wins = match wins {
                Some(wins) => {
                    self.solver.set_proof_hook(Some(wins.clone()));
                    Some(wins)
                }
                None => crate::certificates::hook_search_wins(
                    &graph.graph,
                    &graph.name,
                    &mut self.solver,
                ),
            };
            let value = self.nimber_by(graph, Route::Search);
            self.solver.set_proof_hook(None);
            (value?, wins)
        };
        let (summary, _) = file.write(
            &graph.graph,
            &graph.name,
            &mut self.solver,
            &self.proof_saves,
            wins.as_deref(),
        )?;
        ensure!(
            summary.nimber == value,
            "the certificate proves {} where the search found {value}",
            summary.nimber
        );
        Ok((value, summary))
    }

    /// The nimber of `graph` by search, its memo kept in `path`: [`with_memo_file`]
    /// around [`nimber_by`](Self::nimber_by) with [`Route::Search`].
    ///
    /// [`with_memo_file`]: Self::with_memo_file
    ///
    /// ```
    /// use kayles_solve::graphs::Named;
    /// use kayles_solve::route::{Nimbers, Request};
    /// use std::time::Duration;
    /// let path = std::env::temp_dir().join(format!("kayles-memo-route-{}", std::process::id()));
    /// let grid = Named::parse("grid:3x12").unwrap();
    /// let every = Duration::from_secs(600);
    /// let mut first = Nimbers::new(Request::default());
    /// assert_eq!(first.nimber_with_memo_file(&grid, &path, every, None, &|_| {}).unwrap(), 5);
    /// // Started again: the saved memo answers at once.
    /// let mut again = Nimbers::new(Request::default());
    /// assert_eq!(again.nimber_with_memo_file(&grid, &path, every, None, &|_| {}).unwrap(), 5);
    /// assert!(again.solver().stats().positions <= 1);
    /// # std::fs::remove_file(&path).unwrap();
    /// ```
    pub fn nimber_with_memo_file(
        &mut self,
        graph: &Named,
        path: &Path,
        every: Duration,
        interrupt: Option<&AtomicBool>,
        report: &(dyn Fn(MemoEvent) + Sync),
    ) -> Result<u32> {
        self.with_memo_file(graph, path, every, interrupt, report, |nimbers| {
            nimbers.nimber_by(graph, Route::Search)
        })
    }

    /// Runs `work` (a search of `graph`: [`nimber_by`](Self::nimber_by) with
    /// [`Route::Search`], or [`nimber_with_certificate`](Self::nimber_with_certificate),
    /// whose proof asks the same memo) with the search's memo kept in `path`
    /// ([`MemoFile`]): loaded first when the file exists (a file of another search is an
    /// error), saved every `every` while `work` runs (from another thread; the work goes
    /// on meanwhile) and once more when it has finished, so that a run killed at any
    /// moment, started again, resumes from its last save. `report` hears what was loaded
    /// and saved, and saves that failed (a full disk: the work goes on, and its result is
    /// returned). When `interrupt` is raised (by a signal handler: Ctrl-C), the memo is
    /// saved at once, the search is stopped, and the error says so; raised while the file
    /// was loading, nothing runs and the file is left as it was. (A certificate run goes
    /// through [`nimber_with_certificate_and_memo_file`](Self::nimber_with_certificate_and_memo_file),
    /// which keeps the search's winning moves beside the memo too.)
    ///
    /// ```
    /// use kayles_solve::graphs::Named;
    /// use kayles_solve::route::{Nimbers, Request};
    /// use std::time::Duration;
    /// let dir = std::env::temp_dir().join(format!("kayles-memo-cert-{}", std::process::id()));
    /// std::fs::create_dir_all(&dir).unwrap();
    /// let (memo, cert) = (dir.join("grid.memo"), dir.join("grid.cert"));
    /// let grid = Named::parse("grid:3x12").unwrap();
    /// let every = Duration::from_secs(600);
    /// let mut nimbers = Nimbers::new(Request::default());
    /// let (value, summary) = nimbers
    ///     .with_memo_file(&grid, &memo, every, None, &|_| {}, |n| {
    ///         n.nimber_with_certificate(&grid, &cert)
    ///     })
    ///     .unwrap();
    /// assert_eq!((value, summary.nimber), (5, 5));
    /// assert!(memo.exists() && cert.exists());
    /// # std::fs::remove_dir_all(&dir).unwrap();
    /// ```
    pub fn with_memo_file<T>(
        &mut self,
        graph: &Named,
        path: &Path,
        every: Duration,
        interrupt: Option<&AtomicBool>,
        report: &(dyn Fn(MemoEvent) + Sync),
        work: impl FnOnce(&mut Self) -> Result<T>,
    ) -> Result<T> {
        self.with_saved_search(graph, path, every, interrupt, report, false, |n, _| work(n))
    }

    /// [`with_memo_file`](Self::with_memo_file), and when `keep_wins`, a table of the
    /// search's winning moves ([`crate::certificates::search_wins`]) kept the same way
    /// beside the memo file ([`WinsFile`]: loaded after the memo, a file that cannot be
    /// used reported and passed over; saved after the memo each time) and handed to
    /// `work`.
    #[allow(clippy::too_many_arguments)]
    fn with_saved_search<T>(
        &mut self,
        graph: &Named,
        path: &Path,
        every: Duration,
        interrupt: Option<&AtomicBool>,
        report: &(dyn Fn(MemoEvent) + Sync),
        keep_wins: bool,
        work: impl FnOnce(&mut Self, Option<Arc<SearchWins>>) -> Result<T>,
    ) -> Result<T> {
        self.request
            .search
            .prepare(&mut self.solver, Some(&graph.name));
        let file = MemoFile::new(path, self.request.game, graph, &self.solver.config());
        file.check_writable()?;
        let memo = self.solver.memo_handle();
        let loaded = file.load(&memo)?;
        let wins = keep_wins.then(|| {
            let table =
                crate::certificates::search_wins(&graph.graph, &graph.name, &mut self.solver);
            (table, WinsFile::beside(&file))
        });
        let wins_loaded =
            wins.as_ref()
                .and_then(|(table, wins_file)| match wins_file.load(table) {
                    Ok(Some(moves)) => Some(MemoEvent::WinsLoaded(moves)),
                    Ok(None) => None,
                    Err(e) => Some(MemoEvent::WinsIgnored(format!("{e:#}"))),
                });
        // Saves the winning moves after each save of the memo.
        let save_wins = || {
            if let Some((table, wins_file)) = &wins {
                report(MemoEvent::save_wins(wins_file, table));
            }
        };
        let interrupted = || interrupt.is_some_and(|flag| flag.load(Ordering::Relaxed));
        if interrupted() {
            // Raised while a large memo loaded (minutes): the file is as it was, and
            // saving it again would only take as long.
            bail!(
                "interrupted while the memo was loading; {} is unchanged",
                path.display()
            );
        }
        let stop = Arc::new(AtomicBool::new(false));
        if interrupt.is_some() {
            self.solver.set_stop_flag(Some(Arc::clone(&stop)));
        }
        report(match loaded {
            Some(entries) => MemoEvent::Loaded(entries),
            None => MemoEvent::NoFile,
        });
        if let Some(event) = wins_loaded {
            report(event);
        }
        let done = (Mutex::new(false), Condvar::new());
        let result = std::thread::scope(|scope| {
            // The saver's answer: why the save an interrupt asked for failed, if it did.
            let saver = scope.spawn(|| -> Option<String> {
                let (finished, wake) = &done;
                let mut finished = finished.lock().unwrap_or_else(|p| p.into_inner());
                loop {
                    let deadline = Instant::now() + every;
                    while !*finished && !interrupted() && Instant::now() < deadline {
                        // Wakes at least ten times a second to look at `interrupt`.
                        let left = deadline
                            .saturating_duration_since(Instant::now())
                            .min(Duration::from_millis(100));
                        finished = wake
                            .wait_timeout(finished, left)
                            .unwrap_or_else(|p| p.into_inner())
                            .0;
                    }
                    if *finished {
                        return None;
                    }
                    drop(finished);
                    // Saved while the search still runs: every entry is a fact. A save
                    // that fails (a full disk) is reported and the search goes on.
                    let saved = MemoEvent::save(&file, &memo);
                    if interrupted() {
                        stop.store(true, Ordering::Relaxed);
                        let failed = match &saved {
                            MemoEvent::SaveFailed(why) => Some(why.clone()),
                            _ => None,
                        };
                        report(saved);
                        save_wins();
                        return failed;
                    }
                    report(saved);
                    save_wins();
                    finished = done.0.lock().unwrap_or_else(|p| p.into_inner());
                }
            });
            // A certificate's proof saves its state as often as the memo, and at once
            // when the interrupt has stopped the search.
            let saves = std::mem::replace(
                &mut self.proof_saves,
                ProofSaves {
                    every,
                    stop: interrupt.is_some().then(|| Arc::clone(&stop)),
                },
            );
            let result = work(self, wins.as_ref().map(|(table, _)| Arc::clone(table)));
            self.proof_saves = saves;
            *done.0.lock().unwrap_or_else(|p| p.into_inner()) = true;
            done.1.notify_all();
            let failed = saver.join().expect("the memo saver does not panic");
            (result, failed)
        });
        let (result, failed) = result;
        if interrupt.is_some() {
            self.solver.set_stop_flag(None);
        }
        if stop.load(Ordering::Relaxed) {
            match failed {
                None => bail!(
                    "interrupted; the memo is saved in {}: the same command resumes the search",
                    path.display()
                ),
                Some(e) => bail!("interrupted; the memo could not be saved: {e}"),
            }
        }
        let result = result?;
        report(MemoEvent::save(&file, &memo));
        save_wins();
        Ok(result)
    }

    /// A flag that stops both searching routes (see
    /// [`VertexSolver::set_stop_flag`](kayles_core::vertex_game::VertexSolver::set_stop_flag)).
    pub fn set_stop_flag(&mut self, flag: Option<Arc<AtomicBool>>) {
        self.solver.set_stop_flag(flag.clone());
        self.modular.search().set_stop_flag(flag);
    }
}

/// What [`Nimbers::nimber_with_memo_file`] reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MemoEvent {
    /// The file held this many entries, now in the memo.
    Loaded(u64),
    /// There was no file yet: the search starts from nothing.
    NoFile,
    /// The memo was saved.
    Saved(Saved),
    /// A save failed (the search goes on, and its value is still returned): why.
    SaveFailed(String),
    /// The search's winning moves file ([`WinsFile`]) held this many moves, now in the
    /// table.
    WinsLoaded(u64),
    /// The winning moves file could not be used (damaged, or of another search): why.
    /// The run goes on without its moves, and the next save replaces it.
    WinsIgnored(String),
    /// The winning moves were saved.
    WinsSaved(Saved),
}

impl MemoEvent {
    /// Saves `memo` to `file`: what was saved, or why not.
    fn save(file: &MemoFile, memo: &kayles_core::engine::MemoHandle) -> MemoEvent {
        match file.save(memo) {
            Ok(saved) => MemoEvent::Saved(saved),
            Err(e) => MemoEvent::SaveFailed(format!("{e:#}")),
        }
    }

    /// Saves `wins` to `file`: what was saved, or why not.
    fn save_wins(file: &WinsFile, wins: &SearchWins) -> MemoEvent {
        match file.save(wins) {
            Ok(saved) => MemoEvent::WinsSaved(saved),
            Err(e) => MemoEvent::SaveFailed(format!("{e:#}")),
        }
    }
}

/// True when `graph`'s name is a family spec whose half turn is a mirror strategy of the
/// graph (checked on the graph).
fn has_mirror_strategy(graph: &Named) -> bool {
    families::mirror_strategy_of(&graph.name, &graph.graph).is_some()
}
