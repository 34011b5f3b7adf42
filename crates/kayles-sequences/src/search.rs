//! Terms by direct Node Kayles search, and the cross-check of the recurrence against it.
//!
//! Search is the judge (`docs/claims/README.md` section 3): [`check_against_search`] compares every
//! term of the corrected recurrence with `kayles_core::node::Solver` on the graphs
//! `linked-c4:N`, `linked-c4-b:N`, `linked-c4-c:N`, one shared solver for all (its
//! memos carry over from term to term, so the pieces left by the moves of the `n`-th
//! graph are mostly known). `check_against_search(300)` takes about 35 s of CPU in
//! release.

use crate::linked_c4;
use crate::moves::Family;
use kayles_core::families;
use kayles_core::{engine::SearchError, node::Solver};
use std::ops::RangeInclusive;

/// The nimbers of the graphs `families::term_spec(template, n)` for `n` in `range`, by
/// search with `solver` (reused: its canonical memo carries over), as `(n, value)` pairs.
///
/// ```
/// use kayles_core::node::Solver;
/// let terms = kayles_sequences::search::search_terms("linked-c4", 1..=5, &mut Solver::new());
/// let values: Vec<u32> = terms.unwrap().into_iter().map(|(_, v)| v).collect();
/// assert_eq!(values, [0, 1, 3, 4, 2]);
/// ```
///
/// # Errors
/// A spec that does not build, or a search error.
pub fn search_terms(
    template: &str,
    range: RangeInclusive<usize>,
    solver: &mut Solver,
) -> Result<Vec<(usize, u32)>, SearchTermError> {
    range
        .map(|n| {
            let spec = families::term_spec(template, n);
            let g = families::build(&spec).map_err(|e| SearchTermError::Family {
                spec: spec.clone(),
                reason: e.to_string(),
            })?;
            let v = solver
                .nimber(&g)
                .map_err(|error| SearchTermError::Search { spec, error })?;
            Ok((n, v))
        })
        .collect()
}

/// Why [`search_terms`] failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SearchTermError {
    /// The spec does not name a graph.
    #[error("{spec}: {reason}")]
    Family {
        /// The spec.
        spec: String,
        /// The family error, as text.
        reason: String,
    },
    /// The search gave no value.
    #[error("{spec}: {error}")]
    Search {
        /// The spec.
        spec: String,
        /// The search error.
        error: SearchError,
    },
}

/// A term where the recurrence and search disagree (or search failed).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Mismatch {
    /// Different values.
    #[error("{family}({n}): recurrence {recurrence}, search {search}")]
    Value {
        /// The sequence.
        family: Family,
        /// The index.
        n: usize,
        /// The corrected recurrence's value.
        recurrence: u16,
        /// The search's value.
        search: u32,
    },
    /// The search gave no value.
    #[error("{family}({n}): search failed: {error}")]
    Search {
        /// The sequence.
        family: Family,
        /// The index.
        n: usize,
        /// The search error.
        error: SearchError,
    },
}

/// Checks the corrected recurrence ([`linked_c4::terms`]) against direct search for
/// `a(n)`, `b(n)`, `c(n)`, every `n` in `1..=n_max` plus `b(0)` and `c(0)`, with one
/// shared [`Solver`]. Returns the number of terms compared (`3 n_max + 2`).
///
/// # Errors
/// The first term that differs (in the order `a(n), b(n), c(n)`, `n` rising).
pub fn check_against_search(n_max: usize) -> Result<usize, Mismatch> {
    check_against_search_with(n_max, &mut Solver::new(), |_, _, _| {})
}

/// [`check_against_search`] with a given solver and a callback `(family, n, value)` after
/// each term (for progress output).
///
/// # Errors
/// As [`check_against_search`].
pub fn check_against_search_with(
    n_max: usize,
    solver: &mut Solver,
    progress: impl FnMut(Family, usize, u16),
) -> Result<usize, Mismatch> {
    check_range_against_search(0..=n_max, solver, progress)
}

/// [`check_against_search_with`] for the indices in `range` only (`a(0)`, a convention,
/// is skipped), so that a long check can be split into pieces.
///
/// # Errors
/// As [`check_against_search`].
pub fn check_range_against_search(
    range: RangeInclusive<usize>,
    solver: &mut Solver,
    mut progress: impl FnMut(Family, usize, u16),
) -> Result<usize, Mismatch> {
    let terms = linked_c4::terms(*range.end());
    let mut checked = 0;
    for n in range {
        for family in Family::ALL {
            if n == 0 && family == Family::A {
                continue; // a(0) = L_0 is a single vertex: a convention, not a term.
            }
            let recurrence = terms.get(family, n);
            let search = solver
                .nimber(&family.graph(n))
                .map_err(|error| Mismatch::Search { family, n, error })?;
            if search != u32::from(recurrence) {
                return Err(Mismatch::Value {
                    family,
                    n,
                    recurrence,
                    search,
                });
            }
            checked += 1;
            progress(family, n, recurrence);
        }
    }
    Ok(checked)
}
