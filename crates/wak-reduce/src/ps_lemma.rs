//! PS-LEMMA, the position-set lemma, as a reusable checker.
//!
//! Let `S` be a set of positions and `P ⊆ S` with (i) no move from a position of `P` to a
//! position of `P`; (ii) no move from a position of `P` to a P-position outside `S`;
//! (iii) every position of `S - P` has a move into `P` or to a P-position outside `S`.
//! Then for every `p` in `S`: `p` is a P-position iff `p ∈ P`.
//!
//! [`check`] verifies (i)-(iii) on a finite family of positions (those of the family in
//! `S`), reporting the first violation, and then the conclusion against the game's own
//! solver. For the lemma to be proved on the family, the family's positions in `S` must be
//! closed under moves that stay in `S` (true for "all weights up to `N`" families, since
//! moves only lower counters).

use crate::error::WakError;
use crate::position::{Move, WeightedGraph};
use crate::solve::Solver;
use std::fmt::{self, Debug};

/// What the checker asks of a game: the moves of a position, and an exact outcome oracle.
pub trait Oracle {
    /// A position.
    type Position: Clone + Debug;
    /// A move.
    type Move: Clone + Debug;
    /// The moves of `p` with the positions they lead to.
    fn options(&mut self, p: &Self::Position) -> Vec<(Self::Move, Self::Position)>;
    /// Whether `p` is a P-position (the player to move loses), by exact search.
    fn is_p_position(&mut self, p: &Self::Position) -> Result<bool, WakError>;
}

/// Weighted Arc-Kayles as an [`Oracle`]: its moves, and its [`Solver`] for the outcomes.
#[derive(Debug, Default)]
pub struct WakOracle {
    /// The oracle.
    pub solver: Solver,
}

impl Oracle for WakOracle {
    type Position = WeightedGraph;
    type Move = Move;
    fn options(&mut self, p: &WeightedGraph) -> Vec<(Move, WeightedGraph)> {
        p.options().collect()
    }
    fn is_p_position(&mut self, p: &WeightedGraph) -> Result<bool, WakError> {
        self.solver.is_p_position(p)
    }
}

/// Which hypothesis of the lemma failed.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Condition {
    /// (i): a move from `P` into `P`.
    MoveInsideP,
    /// (ii): a move from `P` to a P-position outside `S`.
    MoveToPOutsideS,
    /// (iii): a position of `S - P` with no move into `P` nor to a P-position outside `S`.
    NoGoodMove,
}

impl fmt::Display for Condition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Condition::MoveInsideP => "(i) a move from P into P",
            Condition::MoveToPOutsideS => "(ii) a move from P to a P-position outside S",
            Condition::NoGoodMove => {
                "(iii) a position of S - P with no move into P or to a P-position outside S"
            }
        })
    }
}

/// The first failure found by [`check`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation<Pos, Mv> {
    /// A hypothesis fails at `position` (with the move and its result for (i), (ii)).
    Hypothesis {
        /// Which one.
        condition: Condition,
        /// The position of `S` where it fails.
        position: Pos,
        /// The offending move, for (i) and (ii).
        mv: Option<(Mv, Pos)>,
    },
    /// The hypotheses hold but the conclusion does not (impossible if the family is closed
    /// under moves inside `S`; reported rather than assumed).
    Conclusion {
        /// The position of `S`.
        position: Pos,
        /// Whether it is in `P`.
        in_p: bool,
        /// Whether the solver says it is a P-position.
        is_p_position: bool,
    },
    /// The oracle could not decide a position.
    Oracle(WakError),
}

impl<Pos: Debug, Mv: Debug> fmt::Display for Violation<Pos, Mv> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::Hypothesis {
                condition,
                position,
                mv: Some((m, q)),
            } => {
                write!(f, "{condition}: at {position:?}, move {m:?} to {q:?}")
            }
            Violation::Hypothesis {
                condition,
                position,
                mv: None,
            } => write!(f, "{condition}: at {position:?}"),
            Violation::Conclusion {
                position,
                in_p,
                is_p_position,
            } => write!(
                f,
                "conclusion fails at {position:?}: in P = {in_p}, P-position = {is_p_position}"
            ),
            Violation::Oracle(e) => write!(f, "oracle failed: {e}"),
        }
    }
}

/// What [`check`] examined when everything held.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Report {
    /// Positions of the family in `S`.
    pub positions: usize,
    /// Of these, the ones in `P`.
    pub in_p: usize,
    /// Moves examined.
    pub moves: usize,
    /// Family members outside `S` (skipped).
    pub skipped: usize,
}

/// Checks hypotheses (i)-(iii) of the lemma on every position of `family` in `S`, then the
/// conclusion (`p` is a P-position iff `P(p)`) against the oracle.
///
/// `in_p` is only asked about positions of `S` (the set `P` is `S ∩ {in_p}`).
///
/// ```
/// use wak_reduce::{lemmas, ps_lemma::{check, Condition, Violation, WakOracle}};
/// let family = lemmas::path_lemma_family(3);
/// let mut oracle = WakOracle::default();
/// let ok = check(&mut oracle, family.clone(), lemmas::path_lemma_s, lemmas::path_lemma_p).unwrap();
/// assert!(ok.positions > 0);
/// // A deliberately wrong P: a + c odd.
/// let wrong = check(&mut oracle, family, lemmas::path_lemma_s, |g| !lemmas::path_lemma_p(g));
/// assert!(matches!(wrong, Err(Violation::Hypothesis { .. })));
/// ```
pub fn check<G, I, FS, FP>(
    oracle: &mut G,
    family: I,
    in_s: FS,
    in_p: FP,
) -> Result<Report, Violation<G::Position, G::Move>>
where
    G: Oracle,
    I: IntoIterator<Item = G::Position>,
    FS: Fn(&G::Position) -> bool,
    FP: Fn(&G::Position) -> bool,
{
    let member = |q: &G::Position| in_s(q) && in_p(q);
    let mut report = Report::default();
    let mut members = Vec::new();
    for p in family {
        if !in_s(&p) {
            report.skipped += 1;
            continue;
        }
        report.positions += 1;
        let p_in_p = in_p(&p);
        report.in_p += usize::from(p_in_p);
        let mut good_move = false;
        for (m, q) in oracle.options(&p) {
            report.moves += 1;
            let q_in_p = member(&q);
            let q_outside_p_pos =
                !in_s(&q) && oracle.is_p_position(&q).map_err(Violation::Oracle)?;
            if p_in_p && q_in_p {
                return Err(Violation::Hypothesis {
                    condition: Condition::MoveInsideP,
                    position: p,
                    mv: Some((m, q)),
                });
            }
            if p_in_p && q_outside_p_pos {
                return Err(Violation::Hypothesis {
                    condition: Condition::MoveToPOutsideS,
                    position: p,
                    mv: Some((m, q)),
                });
            }
            good_move |= q_in_p || q_outside_p_pos;
        }
        if !p_in_p && !good_move {
            return Err(Violation::Hypothesis {
                condition: Condition::NoGoodMove,
                position: p,
                mv: None,
            });
        }
        members.push((p, p_in_p));
    }
    for (p, p_in_p) in members {
        let is_p = oracle.is_p_position(&p).map_err(Violation::Oracle)?;
        if is_p != p_in_p {
            return Err(Violation::Conclusion {
                position: p,
                in_p: p_in_p,
                is_p_position: is_p,
            });
        }
    }
    Ok(report)
}
