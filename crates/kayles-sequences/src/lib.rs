//! Node Kayles integer sequences (`docs/claims/README.md` section 3): the linked 4-cycle sequence
//! A316629 and its companions, by a corrected recurrence and by direct search.
//!
//! * [`linked_c4`]: the corrected recurrence in three sequences `a`, `b`, `c`
//!   ([`linked_c4::terms`], fast enough for the whole b-file, `n <= 110949`) and the
//!   published one read literally ([`linked_c4::published_terms`]), which fails.
//! * [`moves`]: the move analysis the recurrence is made of, one list of pieces per move;
//!   [`moves::check_moves`] verifies every option formula on the graphs by canonical
//!   codes, [`moves::check_move_values`] every option value against search.
//! * [`search`]: terms by direct search ([`search::search_terms`]) and the cross-check
//!   [`search::check_against_search`] (SEQ-A316629).
//! * [`alt`]: the other linking (SEQ-LINKED-C4-ALT).
//! * [`kernel`]: the vectorized inner loop (set of `x[k] ^ y[k]`).
//!
//! ```
//! let t = kayles_sequences::linked_c4::terms(12);
//! assert_eq!(t.a[12], 5);
//! assert_eq!(kayles_sequences::linked_c4::published_terms(12).a[12], 2);
//! ```
//!
//! `docs/sequences.md` states the recurrence, what was wrong with the published one, and
//! how it was derived and checked.

pub mod alt;
pub mod kernel;
pub mod linked_c4;
pub mod moves;
pub mod search;

/// The examples of README.md, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
