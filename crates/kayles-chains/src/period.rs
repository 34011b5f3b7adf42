//! Eventual periodicity of a splitting chain, found and proved.
//!
//! **Theorem** (`docs/chains.md` has the proof; the analogue of Guy and Smith's theorem for
//! octal games). Let a recurrence have separation `rho` (runs over
//! `rho <= k <= m - t - rho`), widest run `t_max`, largest extra shift `c_max`, and let
//! every type's recurrence hold from `m >= from_max`. If for every segment type `s`
//! `s(m + p) = s(m)` for all `n0 <= m < N`, where
//!
//! ```text
//! N = max(from_max, n0 + c_max, 2 max(n0, rho) + p + t_max - 1)     ([`bound`])
//! ```
//!
//! then `s(m + p) = s(m)` for all `m >= n0`, for every type.
//!
//! [`find`] proposes `(p, n0)` from the terms, checks the hypothesis up to the bound (the
//! proof), checks again far past it, and derives each type's least period and preperiod.

use crate::eval::{self, Terms, TermsError};
use crate::recurrence::Recurrence;
use std::sync::atomic::AtomicBool;

/// The bound `N` of the theorem for period `p` from `n0`.
///
/// ```
/// use kayles_chains::{derive, period, spec};
/// let path = spec::parse("[gadget]\norder = 1\nlinks = [[0, 0, 1]]\n").unwrap();
/// let rec = derive::derive(&path, kayles_core::GameKind::Node).unwrap();
/// assert_eq!(period::bound(&rec, 34, 52), 140); // as Guy-Smith's 2 n0 + p + 2 for 0.137
/// ```
pub fn bound(rec: &Recurrence, p: usize, n0: usize) -> usize {
    rec.from_max()
        .max(n0 + rec.shift_max())
        .max(2 * n0.max(rec.rho) + p + rec.t_max().max(1) - 1)
}

/// How far [`find`] looks.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// The most terms computed (per type) while looking for a period.
    pub max_terms: usize,
    /// A candidate period must have repeated this many times at the end of the terms.
    pub repeats: usize,
    /// Check the periodicity up to at least this many terms (past the bound anyway).
    pub check_to: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_terms: 20_000,
            repeats: 4,
            check_to: 0,
        }
    }
}

/// A proved periodicity.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct PeriodProof {
    /// A period common to every type (the lcm of theirs).
    pub period: usize,
    /// From where every type has that period.
    pub preperiod: usize,
    /// The bound `N` used: the hypothesis was checked for `preperiod <= m < bound`.
    pub bound: usize,
    /// Every type's terms were computed to `m = checked_to` and found periodic up to there.
    pub checked_to: usize,
    /// Each type's least period and least preperiod (`m` from 0).
    pub types: Vec<(usize, usize)>,
    /// The chain's own least period.
    pub chain_period: usize,
    /// The chain's least preperiod, `n >= 1`.
    pub chain_preperiod: usize,
}

/// No period was proved.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NoPeriod {
    /// No candidate passed the theorem's hypothesis within the limits.
    #[error("no period found in the terms m = 0..={checked_to} of the {types} segment types{}", growing.map(|t| format!(" (s{t} keeps reaching new values)")).unwrap_or_default())]
    NotFound {
        /// Terms computed.
        checked_to: usize,
        /// Segment types.
        types: usize,
        /// A type whose values keep growing ([`growing`]), which stopped the search.
        growing: Option<usize>,
    },
    /// The hypothesis held up to the bound and yet a type broke the period later: the
    /// bound in use is wrong (this is what a too-small bound looks like).
    #[error("period {period} from {preperiod} checked to the bound {bound}, but type s{ty} breaks it at m = {m}: the bound is wrong")]
    Broken {
        /// The period.
        period: usize,
        /// From where.
        preperiod: usize,
        /// The bound used.
        bound: usize,
        /// The type that breaks it.
        ty: usize,
        /// Where.
        m: usize,
    },
}

/// The first `(type, m)` with `m` in `from..to` and `s(m + p) != s(m)`.
pub fn first_break(terms: &Terms, p: usize, from: usize, to: usize) -> Option<(usize, usize)> {
    for (ty, v) in terms.values.iter().enumerate() {
        let end = to.min(v.len().saturating_sub(p));
        if let Some(m) = (from..end).find(|&m| v[m + p] != v[m]) {
            return Some((ty, m));
        }
    }
    None
}

/// The least `p` (with its `n0`) that has repeated `repeats` times at the end of `v`.
fn candidate(v: &[u16], repeats: usize) -> Option<(usize, usize)> {
    let len = v.len();
    (1..=len / (repeats + 1)).find_map(|p| {
        let mut m = len - p;
        while m > 0 && v[m - 1 + p] == v[m - 1] {
            m -= 1;
        }
        (len - m >= repeats * p + p).then_some((p, m))
    })
}

/// A type whose terms in the second half reach a value above every term of the first half:
/// a sequence with period `p` from `n0`, `n0 + p` at most half the terms, never does that.
/// [`find`] stops looking then.
pub fn growing(terms: &Terms) -> Option<usize> {
    terms.values.iter().position(|v| {
        let half = v.len() / 2;
        v[half..].iter().max() > v[..half].iter().max()
    })
}

/// The least period that the end of `v` shows repeated at least four times, with where it
/// starts (an index into `v`): what the terms suggest, proved nothing.
pub fn apparent(v: &[u16]) -> Option<(usize, usize)> {
    candidate(v, Limits::default().repeats)
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Finds and proves a period with [`bound`].
///
/// # Errors
/// [`NoPeriod`] when none is proved within `limits.max_terms` terms.
pub fn find(rec: &Recurrence, limits: &Limits) -> Result<PeriodProof, NoPeriod> {
    find_with(rec, limits, bound)
}

/// [`find`] with the bound as a parameter (certify swaps in a wrong one to show it fails).
///
/// # Errors
/// As [`find`].
pub fn find_with(
    rec: &Recurrence,
    limits: &Limits,
    bound: fn(&Recurrence, usize, usize) -> usize,
) -> Result<PeriodProof, NoPeriod> {
    find_until(rec, limits, bound, None).unwrap_or_else(|e| panic!("{e}"))
}

/// [`find_with`] that stops soon after `stop` is raised, and reports terms too many to
/// hold instead of aborting (the terms are computed by [`eval::terms_until`]): the outer
/// error is the computation's, the inner result the answer.
///
/// # Errors
/// [`TermsError`]; inside, as [`find`].
pub fn find_until(
    rec: &Recurrence,
    limits: &Limits,
    bound: fn(&Recurrence, usize, usize) -> usize,
    stop: Option<&AtomicBool>,
) -> Result<Result<PeriodProof, NoPeriod>, TermsError> {
    let mut len = 1024.min(limits.max_terms).max(16);
    loop {
        let terms = eval::terms_until(rec, len - 1, stop, |_, _| {})?;
        if let Some(proof) = attempt(rec, &terms, limits, bound, stop)? {
            return Ok(proof);
        }
        let grows = growing(&terms);
        if len >= limits.max_terms || grows.is_some() {
            return Ok(Err(NoPeriod::NotFound {
                checked_to: len - 1,
                types: rec.types.len(),
                growing: grows,
            }));
        }
        len = (len * 4).min(limits.max_terms);
    }
}

/// One candidate from `terms`, proved and checked far: `None` when no candidate passes.
fn attempt(
    rec: &Recurrence,
    terms: &Terms,
    limits: &Limits,
    bound: fn(&Recurrence, usize, usize) -> usize,
    stop: Option<&AtomicBool>,
) -> Result<Option<Result<PeriodProof, NoPeriod>>, TermsError> {
    let (mut p, mut n0) = (1usize, 0usize);
    for v in &terms.values {
        let Some((q, m)) = candidate(v, limits.repeats) else {
            return Ok(None);
        };
        p = p / gcd(p, q) * q;
        n0 = n0.max(m);
        if p > 1 << 20 {
            return Ok(None);
        }
    }
    let n = bound(rec, p, n0);
    let len = terms.values[0].len();
    if n + p > len {
        return Ok(None);
    }
    // The proof: the hypothesis of the theorem, every type, n0 <= m < N.
    if first_break(terms, p, n0, n).is_some() {
        return Ok(None);
    }
    // Far past the bound anyway.
    let far = (4 * n).max(n + 10 * p).max(limits.check_to).max(len - 1);
    let all = eval::terms_until(rec, far.saturating_add(p), stop, |_, _| {})?;
    if let Some((ty, m)) = first_break(&all, p, n0, far + 1) {
        return Ok(Some(Err(NoPeriod::Broken {
            period: p,
            preperiod: n0,
            bound: n,
            ty,
            m,
        })));
    }
    let types: Vec<(usize, usize)> = all.values.iter().map(|v| least(v, p, n0)).collect();
    let (chain_period, pre) = types[0];
    Ok(Some(Ok(PeriodProof {
        period: p,
        preperiod: n0,
        bound: n,
        checked_to: far + p,
        types,
        chain_period,
        chain_preperiod: pre.max(1),
    })))
}

/// The least period and preperiod of `v`, known to have period `p` from `n0` (with at
/// least `n0 + 2p` terms): the least period divides `p`, and holds from `n0` if it holds on
/// one window of `p` terms from `n0`.
fn least(v: &[u16], p: usize, n0: usize) -> (usize, usize) {
    let q = (1..=p)
        .filter(|q| p % q == 0)
        .find(|&q| (n0..n0 + p).all(|m| v[m + q] == v[m]))
        .expect("p itself is a period");
    let mut start = n0;
    while start > 0 && v[start - 1 + q] == v[start - 1] {
        start -= 1;
    }
    (q, start)
}
