//! Every segment type of a recurrence against direct search on its graphs (the judge: a
//! [`GameSolver`] of the recurrence's game, `kayles_core::node::Solver` for Node Kayles,
//! `kayles_core::arc::Solver` for Arc Kayles), for every number of copies up to a bound.

use crate::eval::{recurrence_options, Terms};
use crate::play;
use crate::recurrence::Recurrence;
use kayles_core::engine::SearchError;
use kayles_core::game::GameSolver;

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
/// If `terms` stop before `to`, or `solver` plays another game than `rec`.
pub fn check_against_search(
    rec: &Recurrence,
    terms: &Terms,
    to: usize,
    solver: &mut GameSolver,
    mut progress: impl FnMut(usize, usize),
) -> Result<usize, CheckError> {
    assert_eq!(solver.game(), rec.game, "a judge of the recurrence's game");
    let mut compared = 0;
    for m in 0..=to {
        for (ty, s) in rec.types.iter().enumerate() {
            let g = rec.segment_graph(ty, m);
            let search = solver
                .nimber(&g)
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

/// A move whose value by search is not among the recurrence's options, or an option no
/// move has.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("s{ty}(m = {m}): the options by search on every move are {search:?}, the recurrence lists {recurrence:?}")]
pub struct OptionMismatch {
    /// The type.
    pub ty: usize,
    /// Whole copies.
    pub m: usize,
    /// Option values by direct search on each move's remnant, sorted, distinct.
    pub search: Vec<u32>,
    /// Option values of the recurrence.
    pub recurrence: Vec<u16>,
}

/// Compares, for type `ty` at `m >= from`, the set of option values of the recurrence
/// with the values of `G - (deleted set)` by direct search over every move of the segment
/// graph `G`: a check of each option family, stronger than comparing the mex. Returns the
/// number of moves searched.
///
/// # Errors
/// The two sets differ (`Ok(Err(..))`), or a search error (`Err`).
///
/// # Panics
/// If `solver` plays another game than `rec`.
pub fn check_options(
    rec: &Recurrence,
    terms: &Terms,
    ty: usize,
    m: usize,
    solver: &mut GameSolver,
) -> Result<Result<usize, OptionMismatch>, SearchError> {
    let game = rec.game;
    assert_eq!(solver.game(), game, "a judge of the recurrence's game");
    let s = &rec.types[ty];
    let (g, sites) = crate::segment::segment(
        &rec.chain,
        &rec.left_ends[s.left],
        m,
        &rec.right_ends[s.right],
    );
    let moves = play::moves(game, &g, &sites);
    let mut search = Vec::with_capacity(moves.len());
    for mv in &moves {
        let mut rest = g.vertices();
        for &v in &mv.deleted {
            rest.remove(v);
        }
        search.push(solver.nimber(&g.induced_subgraph(&rest).0)?);
    }
    search.sort_unstable();
    search.dedup();
    let recurrence = recurrence_options(rec, terms, ty, m);
    let same = search.len() == recurrence.len()
        && search
            .iter()
            .zip(&recurrence)
            .all(|(&a, &b)| a == u32::from(b));
    Ok(if same {
        Ok(moves.len())
    } else {
        Err(OptionMismatch {
            ty,
            m,
            search,
            recurrence,
        })
    })
}
