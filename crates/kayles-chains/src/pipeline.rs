//! The whole computation of `kayles chain` as one library call, so that the command line
//! and the Python package (`kayles.chain`) run the same code and give the same answers
//! and messages: derive the recurrence of a chain, check every segment type against
//! direct search, compute the chain's terms, find and prove the period.
//!
//! [`run`] does every stage a [`ChainRequest`] asks for and returns a [`ChainReport`].
//! [`ChainRun`] is the same stages one at a time, for a caller that prints between them
//! (the command line shows progress bars, prints the recurrence after the check, and
//! streams terms as they are computed); [`run`] is nothing but those calls in order.
//!
//! Nothing here reads a file: the caller reads the chain file and gives its text to
//! [`spec::parse`](crate::spec::parse) (or a TOML table to
//! [`spec::from_table`](crate::spec::from_table)). Error messages are one line and do not
//! name the file; the command line puts `FILE: ` in front.
//!
//! ```
//! use kayles_chains::{spec, ChainRequest};
//! let path = spec::parse("[gadget]\norder = 1\nlinks = [[0, 0, 1]]\n").unwrap();
//! let request = ChainRequest { terms: 8, period: true, ..ChainRequest::default() };
//! let report = kayles_chains::run(&path, &request).unwrap();
//! assert_eq!(report.terms, [1, 1, 2, 0, 3, 1, 1, 0]); // Dawson's chess, n = 1..=8
//! assert_eq!(report.check.unwrap().values, 41); // one type, m = 0..=40, by direct search
//! let period = report.period.unwrap();
//! assert_eq!(period.json()["period"], 34);
//! assert_eq!(period.json()["preperiod"], 52);
//! assert!(period.text().starts_with("period 34 from n = 52 (proved"));
//! ```

use crate::check::{self, CheckError};
use crate::derive::{self, DeriveError};
use crate::eval::{self, TermsError};
use crate::period::{self, NoPeriod, PeriodProof};
use crate::play;
use crate::recurrence::Recurrence;
use crate::spec::Chain;
use kayles_core::engine::SearchError;
use kayles_core::game::GameSolver;
use kayles_core::GameKind;
use serde_json::{json, Value};
use std::fmt;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// How far the check against direct search goes by default: `m = 0..=40` copies.
pub const DEFAULT_CHECK_TO: usize = 40;
/// How many terms the period search looks at by default.
pub const DEFAULT_PERIOD_LIMIT: usize = 20_000;

/// What to compute for a chain.
#[derive(Debug, Clone)]
pub struct ChainRequest {
    /// The game (default Node Kayles).
    pub game: GameKind,
    /// The chain's terms `n = 1..=terms` (0: none).
    pub terms: usize,
    /// Find and prove the period (checked at least as far as `terms`).
    pub period: bool,
    /// Check every segment type against direct search for `m = 0..=N` copies before any
    /// term is computed (`None`: no check). Default [`DEFAULT_CHECK_TO`].
    pub check_to: Option<usize>,
    /// The period search looks at most this many terms (at least 16). Default
    /// [`DEFAULT_PERIOD_LIMIT`].
    pub period_limit: usize,
    /// A flag that, once raised, ends the computation with [`ChainError::Stopped`] soon
    /// after (the searches within milliseconds, the terms after the current one).
    pub stop: Option<Arc<AtomicBool>>,
}

impl Default for ChainRequest {
    fn default() -> Self {
        ChainRequest {
            game: GameKind::Node,
            terms: 0,
            period: false,
            check_to: Some(DEFAULT_CHECK_TO),
            period_limit: DEFAULT_PERIOD_LIMIT,
            stop: None,
        }
    }
}

/// Why a chain computation gave no report. Displayed on one line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChainError {
    /// No recurrence: the chain does not split, or its ends do not stay bounded.
    #[error("{0}")]
    Derive(DeriveError),
    /// The check against direct search failed (a bug in the derivation, reported with the
    /// segment graph).
    #[error("the derived recurrence is wrong: {0}")]
    Check(CheckError),
    /// The period held to the theorem's bound and broke later (a wrong bound).
    #[error("{0}")]
    Period(NoPeriod),
    /// The terms asked for do not fit in memory.
    #[error("{0}")]
    Terms(TermsError),
    /// The stop flag was raised.
    #[error("stopped")]
    Stopped,
}

impl From<TermsError> for ChainError {
    fn from(e: TermsError) -> Self {
        match e {
            TermsError::Stopped => ChainError::Stopped,
            e => ChainError::Terms(e),
        }
    }
}

/// What the check against direct search compared.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CheckSummary {
    /// Segment types.
    pub types: usize,
    /// Each for `m = 0..=to` copies.
    pub to: usize,
    /// Values compared.
    pub values: usize,
}

impl fmt::Display for CheckSummary {
    /// `9 segment types checked against direct search for m = 0..=40 (369 values)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} segment types checked against direct search for m = 0..={} ({} values)",
            self.types, self.to, self.values
        )
    }
}

/// The outcome of the period search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PeriodReport {
    /// A period proved by the theorem for splitting chains.
    Proved(PeriodProof),
    /// None proved within the limit.
    NotProved {
        /// Why (always [`NoPeriod::NotFound`]).
        reason: NoPeriod,
        /// The chain's own terms look periodic: `(period, from n)`, proved nothing
        /// (some segment type is not periodic, so the theorem does not apply).
        apparent: Option<(usize, usize)>,
        /// Terms computed (`m = 0..=checked_to`).
        checked_to: usize,
    },
}

impl PeriodReport {
    /// Whether the period is proved.
    pub fn proved(&self) -> bool {
        matches!(self, PeriodReport::Proved(_))
    }

    /// The report as `kayles chain --period` prints it (several lines when proved: the
    /// chain's period, then every segment type's).
    pub fn text(&self) -> String {
        match self {
            PeriodReport::Proved(p) => {
                let mut s = format!(
                    "period {} from n = {} (proved: every segment type has period {} from m = {}, checked to the \
                     theorem's bound {} and on to m = {})",
                    p.chain_period, p.chain_preperiod, p.period, p.preperiod, p.bound, p.checked_to
                );
                for (i, (q, n0)) in p.types.iter().enumerate() {
                    s += &format!("\ns{i}: period {q} from m = {n0}");
                }
                s
            }
            PeriodReport::NotProved {
                reason, apparent, ..
            } => {
                let apparent = match apparent {
                    Some((q, n0)) => format!(
                        "; the chain's own terms look periodic (period {q} from n = {n0}) but some segment type is not, so the theorem does not apply",
                    ),
                    None => String::new(),
                };
                format!("no period proved: {reason}{apparent}")
            }
        }
    }

    /// The report as `kayles chain --period --json` prints it: `period`, `preperiod` (of
    /// the chain, `n >= 1`), `proved`, `checked_to`; when proved also `bound`,
    /// `common_period`, `common_preperiod` (every type's) and `types` (each type's least
    /// `period` and `preperiod`, `m >= 0`). Unproved, `period` and `preperiod` are the
    /// apparent ones, or null.
    pub fn json(&self) -> Value {
        match self {
            PeriodReport::Proved(p) => json!({
                "period": p.chain_period,
                "preperiod": p.chain_preperiod,
                "proved": true,
                "checked_to": p.checked_to,
                "bound": p.bound,
                "common_period": p.period,
                "common_preperiod": p.preperiod,
                "types": p.types.iter().map(|&(q, n0)| json!({"period": q, "preperiod": n0})).collect::<Vec<_>>(),
            }),
            PeriodReport::NotProved {
                apparent,
                checked_to,
                ..
            } => json!({
                "period": apparent.map(|s| s.0),
                "preperiod": apparent.map(|s| s.1),
                "proved": false,
                "checked_to": checked_to,
            }),
        }
    }
}

/// Everything [`run`] computed.
#[derive(Debug, Clone)]
pub struct ChainReport {
    /// The derived recurrence ([`Recurrence::text`]; serialized, the JSON of `kayles chain
    /// --recurrence --json`).
    pub recurrence: Recurrence,
    /// What the check against direct search compared (`None` without a check).
    pub check: Option<CheckSummary>,
    /// The chain's terms: `terms[n - 1]` is the value of the chain with `n` copies.
    pub terms: Vec<u16>,
    /// The period, when asked for.
    pub period: Option<PeriodReport>,
}

/// Every stage `request` asks for, in order: derive, check, terms, period.
///
/// # Errors
/// [`ChainError`].
pub fn run(chain: &Chain, request: &ChainRequest) -> Result<ChainReport, ChainError> {
    let mut stages = ChainRun::derive(chain, request.game, request.stop.clone())?;
    stages.fits(request.terms)?;
    let check = match request.check_to {
        Some(to) => Some(stages.check(to, |_, _| {})?),
        None => None,
    };
    let terms = stages.terms(request.terms, |_, _| {})?;
    let period = if request.period {
        Some(stages.period(request.period_limit, request.terms)?)
    } else {
        None
    };
    Ok(ChainReport {
        recurrence: stages.into_recurrence(),
        check,
        terms,
        period,
    })
}

/// The stages of [`run`] one at a time, on one derived recurrence and one search solver.
pub struct ChainRun {
    recurrence: Recurrence,
    solver: GameSolver,
    stop: Option<Arc<AtomicBool>>,
}

/// A search error that is the stop flag becomes [`ChainError::Stopped`].
fn stopped(error: &SearchError) -> bool {
    matches!(error, SearchError::Stopped)
}

impl ChainRun {
    /// Derives the recurrence of `chain` under `game` ([`derive::derive_with`]), with a
    /// solver whose memo the check reuses.
    ///
    /// # Errors
    /// [`ChainError::Derive`], [`ChainError::Stopped`].
    pub fn derive(
        chain: &Chain,
        game: GameKind,
        stop: Option<Arc<AtomicBool>>,
    ) -> Result<Self, ChainError> {
        let mut solver = play::solver(game);
        solver.set_stop_flag(stop.clone());
        let recurrence = derive::derive_with(chain, &mut solver).map_err(|e| match e {
            DeriveError::Search { ref error, .. } if stopped(error) => ChainError::Stopped,
            e => ChainError::Derive(e),
        })?;
        Ok(ChainRun {
            recurrence,
            solver,
            stop,
        })
    }

    /// The derived recurrence.
    pub fn recurrence(&self) -> &Recurrence {
        &self.recurrence
    }

    /// The derived recurrence, the stages done.
    pub fn into_recurrence(self) -> Recurrence {
        self.recurrence
    }

    /// Checks every segment type against direct search for `m = 0..=to`
    /// ([`check::check_against_search`]), calling `progress(type, m)` after each value.
    ///
    /// # Errors
    /// [`ChainError::Check`] (the first disagreement), [`ChainError::Terms`],
    /// [`ChainError::Stopped`].
    pub fn check(
        &mut self,
        to: usize,
        progress: impl FnMut(usize, usize),
    ) -> Result<CheckSummary, ChainError> {
        let rec = &self.recurrence;
        let terms = eval::terms_until(rec, to, self.stop.as_deref(), |_, _| {})?;
        let values = check::check_against_search(rec, &terms, to, &mut self.solver, progress)
            .map_err(|e| match e {
                CheckError::Search { ref error, .. } if stopped(error) => ChainError::Stopped,
                e => ChainError::Check(e),
            })?;
        Ok(CheckSummary {
            types: rec.types.len(),
            to,
            values,
        })
    }

    /// Refuses at once, before any check or term, terms `n = 1..=n_max` that would not
    /// fit in memory ([`eval::fits`]).
    ///
    /// # Errors
    /// [`ChainError::Terms`].
    pub fn fits(&self, n_max: usize) -> Result<(), ChainError> {
        Ok(eval::fits(&self.recurrence, n_max)?)
    }

    /// The chain's terms `n = 1..=n_max`, calling `each(n, value)` as soon as each is
    /// known ([`eval::terms_until`]).
    ///
    /// # Errors
    /// [`ChainError::Terms`], [`ChainError::Stopped`].
    pub fn terms(
        &self,
        n_max: usize,
        mut each: impl FnMut(usize, u16),
    ) -> Result<Vec<u16>, ChainError> {
        let terms = eval::terms_until(&self.recurrence, n_max, self.stop.as_deref(), |m, v| {
            if m >= 1 {
                each(m, v);
            }
        })?;
        Ok(terms.chain().to_vec())
    }

    /// Finds and proves the period ([`period::find`]), looking at most `limit` terms (at
    /// least 16) and checking it at least to `check_to`. No period within the limit is a
    /// report ([`PeriodReport::NotProved`], with the chain's apparent period), not an
    /// error.
    ///
    /// # Errors
    /// [`ChainError::Period`] (the period broke past the bound), [`ChainError::Terms`],
    /// [`ChainError::Stopped`].
    pub fn period(&self, limit: usize, check_to: usize) -> Result<PeriodReport, ChainError> {
        let rec = &self.recurrence;
        let limits = period::Limits {
            max_terms: limit.max(16),
            check_to,
            ..period::Limits::default()
        };
        let stop = self.stop.as_deref();
        match period::find_until(rec, &limits, period::bound, stop)? {
            Ok(proof) => Ok(PeriodReport::Proved(proof)),
            Err(reason @ NoPeriod::NotFound { checked_to, .. }) => {
                let terms = eval::terms_until(rec, checked_to, stop, |_, _| {})?;
                let apparent = period::apparent(terms.chain()).map(|(q, n0)| (q, n0 + 1));
                Ok(PeriodReport::NotProved {
                    reason,
                    apparent,
                    checked_to,
                })
            }
            Err(e @ NoPeriod::Broken { .. }) => Err(ChainError::Period(e)),
        }
    }
}
