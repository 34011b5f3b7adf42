//! Terms of every segment type from the recurrence: fast ([`terms`], the runs through the
//! vectorized kernel of `kayles_sequences::kernel`, values in `u16`) and plain
//! ([`terms_reference`], every option marked one by one: the twin the fast one is tested
//! against). [`terms_until`] is the fast one with a stop flag and a memory check, for
//! callers that must not abort (the Python package, `kayles chain` on huge `--terms`).

use crate::recurrence::{Recurrence, Run};
use kayles_sequences::kernel;
use std::sync::atomic::{AtomicBool, Ordering};

/// Why [`terms_until`] gave no terms.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TermsError {
    /// The stop flag was raised.
    #[error("stopped")]
    Stopped,
    /// The arrays of the terms could not be allocated.
    #[error("the terms m = 0..={n_max} of {types} segment types need {bytes} bytes of memory, more than can be allocated")]
    TooLarge {
        /// The last `m` asked for.
        n_max: usize,
        /// Segment types.
        types: usize,
        /// Bytes the two arrays of every type take.
        bytes: u128,
    },
}

/// `values[ty][m]` for `m` in `0..=n_max`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Terms {
    /// By type, then by number of whole copies.
    pub values: Vec<Vec<u16>>,
}

impl Terms {
    /// The chain's own sequence `s0(n)` for `n = 1..=n_max`.
    pub fn chain(&self) -> &[u16] {
        &self.values[0][1..]
    }
}

/// Forward and reversed arrays of every type, so that a run is two forward slices.
struct Store {
    len: usize,
    fwd: Vec<Vec<u16>>,
    rev: Vec<Vec<u16>>,
    bits: u16,
}

impl Store {
    /// Zeroed arrays, or [`TermsError::TooLarge`] where the allocator refuses them.
    fn new(types: usize, n_max: usize) -> Result<Self, TermsError> {
        let too_large = || TermsError::TooLarge {
            n_max,
            types,
            bytes: 2 * types as u128 * (n_max as u128 + 1) * 2,
        };
        let len = n_max.checked_add(1).ok_or_else(too_large)?;
        let array = || -> Result<Vec<u16>, TermsError> {
            let mut v = Vec::new();
            v.try_reserve_exact(len).map_err(|_| too_large())?;
            v.resize(len, 0);
            Ok(v)
        };
        let mut fwd = Vec::with_capacity(types);
        let mut rev = Vec::with_capacity(types);
        for _ in 0..types {
            fwd.push(array()?);
            rev.push(array()?);
        }
        Ok(Store {
            len,
            fwd,
            rev,
            bits: 0,
        })
    }

    /// [`TermsError::TooLarge`] now, without touching memory, when the arrays of
    /// [`new`](Self::new) could not be allocated (all of them as one reservation).
    fn fits(types: usize, n_max: usize) -> Result<(), TermsError> {
        let bytes = 2 * types as u128 * (n_max as u128 + 1) * 2;
        let too_large = TermsError::TooLarge {
            n_max,
            types,
            bytes,
        };
        let Ok(bytes) = usize::try_from(bytes) else {
            return Err(too_large);
        };
        let mut v: Vec<u8> = Vec::new();
        v.try_reserve_exact(bytes).map_err(|_| too_large)
    }

    fn set(&mut self, ty: usize, m: usize, v: u16) {
        self.fwd[ty][m] = v;
        self.rev[ty][self.len - 1 - m] = v;
        self.bits |= v;
    }

    /// `left(k)` and `right(s - k)` for `k` in `lo..=hi` as two forward slices.
    fn run(&self, left: usize, right: usize, s: usize, lo: usize, hi: usize) -> (&[u16], &[u16]) {
        let xs = &self.fwd[left][lo..=hi];
        // right(s - k) = rev[right][len - 1 - s + k]
        let base = self.len - 1 - s;
        (xs, &self.rev[right][base + lo..=base + hi])
    }
}

fn run_bounds(r: &Run, m: usize) -> Option<(usize, usize)> {
    let (lo, hi) = r.range(m);
    (hi >= lo as isize).then_some((lo, hi as usize))
}

/// Whether the terms `m = 0..=n_max` of `rec` fit in memory: [`TermsError::TooLarge`]
/// at once (nothing computed, no memory touched) where [`terms_until`] would give it.
///
/// ```
/// use kayles_chains::{derive, eval, spec};
/// let path = spec::parse("[gadget]\norder = 1\nlinks = [[0, 0, 1]]\n").unwrap();
/// let rec = derive::derive(&path, kayles_core::GameKind::Node).unwrap();
/// assert!(eval::fits(&rec, 1_000_000).is_ok());
/// assert!(eval::fits(&rec, usize::MAX / 4).is_err());
/// ```
///
/// # Errors
/// [`TermsError::TooLarge`].
pub fn fits(rec: &Recurrence, n_max: usize) -> Result<(), TermsError> {
    Store::fits(rec.types.len(), n_max)
}

/// Every type's terms for `m = 0..=n_max`, the runs by the vectorized kernel.
///
/// ```
/// use kayles_chains::{derive, eval, spec};
/// let path = spec::parse("[gadget]\norder = 1\nlinks = [[0, 0, 1]]\n").unwrap();
/// let rec = derive::derive(&path, kayles_core::GameKind::Node).unwrap();
/// // Dawson's chess, A002187 from n = 1.
/// assert_eq!(eval::terms(&rec, 8).chain(), [1, 1, 2, 0, 3, 1, 1, 0]);
/// ```
///
/// # Panics
/// If a value reaches 32768 (far beyond any computable range), or the terms do not fit in
/// memory.
pub fn terms(rec: &Recurrence, n_max: usize) -> Terms {
    terms_streaming(rec, n_max, |_, _| {})
}

/// [`terms`], calling `done(m, s0(m))` as soon as every type's term `m` is known (so that
/// the chain's terms can be written as they come).
///
/// # Panics
/// As [`terms`].
pub fn terms_streaming(rec: &Recurrence, n_max: usize, done: impl FnMut(usize, u16)) -> Terms {
    terms_until(rec, n_max, None, done).unwrap_or_else(|e| panic!("{e}"))
}

/// [`terms_streaming`] that returns [`TermsError::Stopped`] soon after `stop` is raised
/// (it is read once per `m`), and [`TermsError::TooLarge`] instead of aborting when the
/// arrays cannot be allocated.
///
/// ```
/// use kayles_chains::{derive, eval, spec};
/// use std::sync::atomic::AtomicBool;
/// let path = spec::parse("[gadget]\norder = 1\nlinks = [[0, 0, 1]]\n").unwrap();
/// let rec = derive::derive(&path, kayles_core::GameKind::Node).unwrap();
/// let stop = AtomicBool::new(true);
/// let stopped = eval::terms_until(&rec, 1_000_000, Some(&stop), |_, _| {});
/// assert_eq!(stopped, Err(eval::TermsError::Stopped));
/// assert!(matches!(
///     eval::terms_until(&rec, usize::MAX / 4, None, |_, _| {}),
///     Err(eval::TermsError::TooLarge { .. })
/// ));
/// ```
///
/// # Errors
/// [`TermsError`].
///
/// # Panics
/// If a value reaches 32768.
pub fn terms_until(
    rec: &Recurrence,
    n_max: usize,
    stop: Option<&AtomicBool>,
    mut done: impl FnMut(usize, u16),
) -> Result<Terms, TermsError> {
    let stopped = || stop.is_some_and(|s| s.load(Ordering::Relaxed));
    if stopped() {
        return Err(TermsError::Stopped);
    }
    let mut s = Store::new(rec.types.len(), n_max)?;
    let mut seen: Vec<bool> = Vec::new();
    let mut singles: Vec<u16> = Vec::new();
    let pieces = rec.types.iter().fold(0u16, |acc, t| {
        let e = t.extras.iter().fold(acc, |a, e| a | e.piece);
        t.runs.iter().fold(e, |a, r| a | r.piece)
    });
    let last = *rec
        .eval_order
        .last()
        .expect("at least the chain's own type");
    for (m, ty) in schedule(rec, n_max) {
        let t = &rec.types[ty];
        let v = match t.base_value(m) {
            Some(v) => v,
            None => {
                // Every option is at most `bits`, bitwise; the mex at most their number.
                let width = (usize::from(s.bits | pieces) + 1).next_power_of_two() * 2;
                if seen.len() < width {
                    seen.resize(width, false);
                }
                singles.clear();
                singles.extend(
                    t.extras
                        .iter()
                        .map(|e| e.piece ^ s.fwd[e.target][m - e.shift]),
                );
                let runs: Vec<(&[u16], &[u16], u16)> = t
                    .runs
                    .iter()
                    .filter_map(|r| {
                        let (lo, hi) = run_bounds(r, m)?;
                        let (x, y) = s.run(r.left, r.right, m - r.t, lo, hi);
                        Some((x, y, r.piece))
                    })
                    .collect();
                let v = kernel::mex_of_xor_runs(&singles, &runs, &mut seen);
                assert!(v < 1 << 15, "a term passed 32767");
                v
            }
        };
        s.set(ty, m, v);
        if ty == last {
            done(m, s.fwd[0][m]);
            if stopped() {
                return Err(TermsError::Stopped);
            }
        }
    }
    Ok(Terms { values: s.fwd })
}

/// The order the terms are computed in: `m` rising, and for one `m` the types in
/// `eval_order`.
fn schedule(rec: &Recurrence, n_max: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
    (0..=n_max).flat_map(move |m| rec.eval_order.iter().map(move |&ty| (m, ty)))
}

/// The same terms the plain way: every option listed
/// ([`recurrence_options`]), then the mex.
pub fn terms_reference(rec: &Recurrence, n_max: usize) -> Terms {
    let mut terms = Terms {
        values: vec![vec![0u16; n_max + 1]; rec.types.len()],
    };
    for (m, ty) in schedule(rec, n_max) {
        terms.values[ty][m] = match rec.types[ty].base_value(m) {
            Some(v) => v,
            None => kayles_core::mex::of_values(recurrence_options(rec, &terms, ty, m)),
        };
    }
    terms
}

/// The set of option values the recurrence lists for type `ty` at `m >= from`, sorted.
///
/// # Panics
/// If `m < from` or `terms` stop before `m`.
pub fn recurrence_options(rec: &Recurrence, terms: &Terms, ty: usize, m: usize) -> Vec<u16> {
    let t = &rec.types[ty];
    assert!(
        m >= t.from,
        "below `from` the values are not given by options"
    );
    let v = &terms.values;
    let mut out: Vec<u16> = t
        .extras
        .iter()
        .map(|e| e.piece ^ v[e.target][m - e.shift])
        .collect();
    for r in &t.runs {
        let (lo, hi) = r.range(m);
        for k in lo..=hi.max(lo as isize - 1) as usize {
            out.push(r.piece ^ v[r.left][k] ^ v[r.right][m - r.t - k]);
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}
