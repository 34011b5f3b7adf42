//! Every segment type of a recurrence against direct search on its graphs (the judge:
//! `kayles_core::search::Solver` for Node Kayles, `kayles_core::arc::nimber` for Arc
//! Kayles), for every number of copies up to a bound.

use crate::eval::Terms;
use crate::game;
use crate::recurrence::Recurrence;
use kayles_core::search::{SearchError, Solver};

/// Why a check failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CheckError {
    /// The recurrence and direct search disagree.
    #[error("s{ty}(m = {m}) = [L{left} | {m} | R{right}]: the recurrence gives {recurrence}, direct search {search} (graph6 {graph6})")]
    Mismatch {
        /// The type.
        ty: usize,
        /// Its left end.
        left: usize,
        /// Its right end.
        right: usize,
        /// Whole copies.
        m: usize,
        /// The recurrence's value.
        recurrence: u16,
        /// Direct search's value.
        search: u32,
        /// The segment graph.
        graph6: String,
    },
    /// Direct search gave no value.
    #[error("direct search failed on s{ty}(m = {m}): {error}")]
    Search {
        /// The type.
        ty: usize,
        /// Whole copies.
        m: usize,
        /// The error.
        error: SearchError,
    },
}

/// Compares `terms` with direct search for every type and every `m` in `0..=to`, in the
/// order `m` rising (small graphs first), calling `progress` after each comparison.
/// Returns the number of values compared.
///
/// # Errors
/// The first disagreement, or a search error.
///
/// # Panics
/// If `terms` stop before `to`.
pub fn check_against_search(
    rec: &Recurrence,
    terms: &Terms,
    to: usize,
    solver: &mut Solver,
    mut progress: impl FnMut(usize, usize),
) -> Result<usize, CheckError> {
    let game = rec.game_kind();
    let mut compared = 0;
    for m in 0..=to {
        for (ty, s) in rec.types.iter().enumerate() {
            let g = rec.segment_graph(ty, m);
            let search = game::search_value(game, &g, solver)
                .map_err(|error| CheckError::Search { ty, m, error })?;
            let recurrence = terms.values[ty][m];
            if search != u32::from(recurrence) {
                return Err(CheckError::Mismatch {
                    ty,
                    left: s.left,
                    right: s.right,
                    m,
                    recurrence,
                    search,
                    graph6: kayles_core::graph6::write(&g),
                });
            }
            compared += 1;
            progress(ty, m);
        }
    }
    Ok(compared)
}
