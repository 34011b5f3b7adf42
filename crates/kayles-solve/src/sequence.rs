//! The terms of a family's nimber sequence as one call ([`Sequence`]): by search (one
//! solver whose memo serves every term, each term's graph with its family's host
//! symmetry, mirror strategies on request, a certificate of each term on request) or by
//! the corrected A316629 recurrence; and the terms file a run appends to and a later run
//! resumes ([`TermsFile`]).

use crate::certificates::CertificateDir;
use crate::config::SearchOptions;
use crate::graphs::Limit;
use crate::lines::Lines;
use crate::route::Route;
use crate::{Choice, Spelling};
use anyhow::{bail, ensure, Context, Result};
use kayles_core::engine::Method as SearchMethod;
use kayles_core::families::{self, term_spec};
use kayles_core::game::GameSolver;
use kayles_core::GameKind;
use kayles_sequences::linked_c4::Recurrence;
use kayles_sequences::moves::Family;
use std::fs::File;
use std::io::{BufReader, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

named_enum! {
    /// How the terms are computed.
    pub enum Method (default Search) {
        /// Direct search on each graph (one solver, memo shared by all terms), by the
        /// search options' method.
        Search = "search",
        /// A proven recurrence (linked-c4 and its b, c companions only).
        Recurrence = "recurrence",
        /// Direct search by the outcome method (the least k with G + *k a loss).
        Outcome = "outcome",
        /// Direct search by the mex method (the mex of every option's value).
        Mex = "mex",
    }
}

/// The first index of the terms when the user does not say (`kayles seq --from`,
/// `kayles.sequence(start=)`); indices where the family is undefined are skipped
/// ([`Sequence::first`]).
pub const FIRST_INDEX: usize = 1;

/// Which terms of which sequence, and how.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TermsRequest {
    /// The family, with `N` for the index (`grid:3xN`) or a bare name (`queens`).
    pub family: String,
    /// The last index.
    pub to: usize,
    /// Search or the recurrence.
    pub method: Method,
    /// The game.
    pub game: GameKind,
    /// Give 0 without searching to a term whose graph has a mirror strategy for the
    /// second player (search only).
    pub mirror: bool,
    /// The search's options.
    pub search: SearchOptions,
    /// Write a certificate of each term into this directory (search only), named by the
    /// term's family spec ([`file_name`](crate::certificates::file_name)).
    pub certificates: Option<PathBuf>,
    /// With [`certificates`](Self::certificates): a term whose certificate is already in
    /// the directory is not searched again; its value is read from the certificate.
    pub resume: bool,
}

/// One term.
#[derive(Debug, Clone, PartialEq)]
pub struct Term {
    /// The index.
    pub n: usize,
    /// The family spec of the term's graph.
    pub spec: String,
    /// The nimber.
    pub value: u32,
    /// How it was found: search, mirror or recurrence.
    pub route: Route,
    /// Seconds it took (with its certificate).
    pub seconds: f64,
    /// Its certificate, when certificates are asked for.
    pub certificate: Option<TermCertificate>,
}

/// The certificate of a term.
#[derive(Debug, Clone, PartialEq)]
pub struct TermCertificate {
    /// Where it is.
    pub path: PathBuf,
    /// What was written, or `None` when the certificate was there already (the term's
    /// value is then the one it claims).
    pub written: Option<kayles_cert::Summary>,
}

/// The terms of one sequence, one call at a time.
pub struct Sequence {
    request: TermsRequest,
    recurrence: Option<(Family, Recurrence)>,
    solver: GameSolver,
    certificates: Option<CertificateDir>,
    stop: Option<Arc<AtomicBool>>,
}

impl Sequence {
    /// Checks the request (the recurrence knows three families, and only Node Kayles;
    /// certificates need every term searched; messages spelled as the front end spells
    /// its options), creates the certificates directory when one is asked for, and
    /// computes the recurrence's terms when they are asked for.
    ///
    /// ```
    /// use kayles_solve::sequence::{Method, Sequence, TermsRequest};
    /// use kayles_solve::Spelling;
    /// let request = TermsRequest {
    ///     family: "cycle:N".to_string(),
    ///     to: 7,
    ///     method: Method::Search,
    ///     game: Default::default(),
    ///     mirror: false,
    ///     search: Default::default(),
    ///     certificates: None,
    ///     resume: false,
    /// };
    /// let mut sequence = Sequence::new(request, Spelling::CommandLine).unwrap();
    /// let first = sequence.first(1).unwrap();
    /// assert_eq!(first, 3);
    /// let mut values = Vec::new();
    /// sequence.each(first, |term| Ok(values.push(term.value))).unwrap();
    /// assert_eq!(values, [1, 0, 0, 0, 1]);
    /// ```
    pub fn new(request: TermsRequest, spelling: Spelling) -> Result<Sequence> {
        let recurrence_option = spelling.option("method", Method::Recurrence.name());
        let search_option = spelling.option("method", Method::Search.name());
        if request.method != Method::Recurrence {
            // Before anything is created (the certificates' directory).
            check_last_term(&request, request.to)?;
        }
        let certificates = match &request.certificates {
            Some(_) if request.method == Method::Recurrence => bail!(
                "{} needs the terms searched: {recurrence_option} proves none of them",
                spelling.name("certificates")
            ),
            Some(_) if request.mirror => bail!(
                "{} needs every term searched: {} gives some 0 without a search",
                spelling.name("certificates"),
                spelling.name("mirror")
            ),
            Some(dir) => Some(CertificateDir::open(dir, request.game)?),
            None => None,
        };
        let recurrence = match request.method {
            Method::Recurrence if request.game == GameKind::Arc => bail!(
                "{recurrence_option} is the Node Kayles recurrence of A316629; use \
                 {search_option} for Arc Kayles"
            ),
            Method::Recurrence => {
                let Some(family) = Family::from_template(&request.family) else {
                    bail!(
                        "{recurrence_option} knows linked-c4, linked-c4-b and linked-c4-c \
                         (A316629 and its companions); use {search_option} for {}",
                        request.family
                    )
                };
                Some((family, Recurrence::new(request.to)?))
            }
            Method::Search | Method::Outcome | Method::Mex => None,
        };
        let search = SearchOptions {
            method: match request.method {
                Method::Outcome => SearchMethod::Outcome,
                Method::Mex => SearchMethod::Mex,
                Method::Search | Method::Recurrence => request.search.method,
            },
            ..request.search
        };
        Ok(Sequence {
            solver: search.solver(request.game),
            request,
            recurrence,
            certificates,
            stop: None,
        })
    }

    /// The first index with a term from `from` on: `from` itself with the recurrence, the
    /// first index at which the family names a graph with search (an unknown family is
    /// an error, and so is a last term bigger than the search takes, or with mirror
    /// strategies than any graph built: [`Limit`], checked on the spec's sizes before
    /// any term is computed).
    pub fn first(&self, from: usize) -> Result<usize> {
        Ok(match self.recurrence {
            Some(_) => from,
            None => {
                check_last_term(&self.request, self.request.to.max(from))?;
                families::first_defined(&self.request.family, from, self.request.to)?
            }
        })
    }

    /// The family spec of term `n`.
    pub fn spec(&self, n: usize) -> String {
        term_spec(&self.request.family, n)
    }

    /// A flag that stops the search of a term ([`term`](Self::term) then fails) and the
    /// loop of [`each`](Self::each).
    pub fn set_stop_flag(&mut self, flag: Option<Arc<AtomicBool>>) {
        self.solver.set_stop_flag(flag.clone());
        self.stop = flag;
    }

    /// Term `n` (and its certificate, when they are asked for).
    pub fn term(&mut self, n: usize) -> Result<Term> {
        let spec = self.spec(n);
        let start = Instant::now();
        let mut certificate = None;
        let (value, route) = match &mut self.recurrence {
            Some((family, terms)) => (u32::from(terms.term(*family, n)), Route::Recurrence),
            None if self.request.mirror && families::mirror_strategy(&spec)?.is_some() => {
                (0, Route::Mirror)
            }
            None => {
                let found = match &self.certificates {
                    Some(dir) if self.request.resume => dir.certified(&spec)?,
                    _ => None,
                };
                match (found, &self.certificates) {
                    (Some(value), Some(dir)) => {
                        certificate = Some(TermCertificate {
                            path: dir.path(&spec),
                            written: None,
                        });
                        (value, Route::Certificate)
                    }
                    (_, dir) => {
                        let part = dir.as_ref().map(|dir| dir.start(&spec)).transpose()?;
                        self.request.search.prepare(&mut self.solver, Some(&spec));
                        let graph = crate::graphs::parse_within(&spec, &Limit::SEARCH)?;
                        // With a certificate, the search keeps its winning moves for the
                        // proof's witnesses, where that pays.
                        let wins = part.as_ref().and_then(|_| {
                            crate::certificates::hook_search_wins(&graph, &spec, &mut self.solver)
                        });
                        let value = self.solver.nimber(&graph);
                        self.solver.set_proof_hook(None);
                        let value = value?;
                        if let Some(part) = part {
                            let (summary, path) = part.write(
                                &graph,
                                &spec,
                                &mut self.solver,
                                &Default::default(),
                                wins.as_deref(),
                            )?;
                            ensure!(
                                summary.nimber == value,
                                "{spec}: the certificate proves {} where the search found \
                                 {value}",
                                summary.nimber
                            );
                            certificate = Some(TermCertificate {
                                path,
                                written: Some(summary),
                            });
                        }
                        (value, Route::Search)
                    }
                }
            }
        };
        Ok(Term {
            n,
            spec,
            value,
            route,
            seconds: start.elapsed().as_secs_f64(),
            certificate,
        })
    }

    /// Every term from `first` to the last asked for, each given to `each` as soon as
    /// it is known; stops early (without an error) once the stop flag is raised.
    pub fn each(&mut self, first: usize, mut each: impl FnMut(Term) -> Result<()>) -> Result<()> {
        for n in first..=self.request.to {
            if self
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed))
            {
                break;
            }
            let term = self.term(n)?;
            each(term)?;
        }
        Ok(())
    }
}

/// Refuses a sequence by search whose term `n` (its last) is bigger than the search takes,
/// or with mirror strategies than any graph built ([`Limit`]), from the spec's sizes.
fn check_last_term(request: &TermsRequest, n: usize) -> Result<()> {
    let last = term_spec(&request.family, n);
    let limit = if request.mirror {
        Limit::GRAPH
    } else {
        Limit::SEARCH
    };
    Ok(limit.check(&last, &families::size(&last)?)?)
}

/// A terms file: `n value` lines, appended and flushed one per term. It is an output file
/// as [`output_file`](crate::output_file) says (a link followed; a device, a folder or a
/// read-only file refused), and read back line by line, each line bounded.
pub struct TermsFile {
    file: File,
    path: PathBuf,
}

/// The longest line of a terms file read back.
const MAX_TERMS_LINE: usize = 4096;

impl TermsFile {
    /// Opens `path` for appending (created if missing). With `resume`, a torn last line
    /// (a kill during a write) is cut off first, and the last complete line's `n` is
    /// returned; a line that is not `n value` is an error naming it.
    pub fn open(path: &Path, resume: bool) -> Result<(TermsFile, Option<usize>)> {
        let file = crate::output_file::open_append(path)?;
        let last = if resume {
            resume_point(path, &file)?
        } else {
            None
        };
        let path = path.to_path_buf();
        Ok((TermsFile { file, path }, last))
    }

    /// Appends `n value` and flushes it.
    pub fn append(&mut self, n: usize, value: u32) -> Result<()> {
        writeln!(self.file, "{n} {value}")
            .and_then(|()| self.file.flush())
            .with_context(|| format!("writing {}", self.path.display()))
    }
}

/// The last complete "n value" line's n, after cutting a partial last line off the file.
fn resume_point(path: &Path, file: &File) -> Result<Option<usize>> {
    let mut lines = Lines::with_max(
        BufReader::new(file),
        path.display().to_string(),
        MAX_TERMS_LINE,
    );
    let mut last = None;
    let mut complete = 0;
    while let Some(line) = lines.next_line()? {
        if !line.ended {
            break;
        }
        complete = line.end;
        let mut parts = line.text.split_whitespace();
        let n = parts.next().and_then(|t| t.parse::<usize>().ok());
        let v = parts.next().and_then(|t| t.parse::<u64>().ok());
        match (n, v, parts.next()) {
            (Some(n), Some(_), None) => last = Some(n),
            _ => bail!(
                "{} line {}: expected \"n value\", found '{}'",
                path.display(),
                line.number,
                line.text
            ),
        }
    }
    let len = file
        .metadata()
        .with_context(|| format!("reading {}", path.display()))?
        .len();
    if complete < len {
        file.set_len(complete)
            .with_context(|| format!("cutting the torn last line of {}", path.display()))?;
    }
    Ok(last)
}

/// The `n value` lines of a terms file (unreadable lines are skipped; a missing file, or
/// one that is not a terms file at all, gives those read before it).
pub fn read_terms(path: &Path) -> Vec<(usize, u64)> {
    let Ok(file) = crate::lines::open(path) else {
        return Vec::new();
    };
    let mut lines = Lines::with_max(
        BufReader::new(file),
        path.display().to_string(),
        MAX_TERMS_LINE,
    );
    let mut terms = Vec::new();
    while let Ok(Some(line)) = lines.next_line() {
        let mut parts = line.text.split_whitespace();
        let term = (|| Some((parts.next()?.parse().ok()?, parts.next()?.parse().ok()?)))();
        terms.extend(term);
    }
    terms
}
