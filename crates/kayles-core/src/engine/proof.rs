//! The proof hook: what the outcome search tells a certificate writer as it concludes
//! each node, with no I/O of its own (docs/certificates.md, "Written by the search").
//!
//! A node `C + *h` (`C` connected) is concluded when the search has decided it by its
//! own tree: a **loss** once every move of `C` and every heap move `C + *q` (`q < h`) was
//! found to win (so `value(C) = h`), or a **win by an option** once one move of `C` led
//! to a sum `P_1 + ... + P_r` found to lose with the heap `h` (so that option has value
//! exactly `h`, and `value(C) != h`), or a **win by a heap move** (`C + *q` found to lose
//! for some `q < h`: the value is `q`, which that loss reported). Answers the search
//! got otherwise (its memos, small values, its leaf, known pieces, mirror positions,
//! reductions) are not reported; the writer proves those itself.
//!
//! The search calls the hook only when the memo has one ([`SharedMemo::set_proof_hook`]),
//! never after the search was stopped, and never from a task that was cancelled (its
//! answers from then on are meaningless); on several threads, from each of them (a node
//! concluded by a task whose answer was not needed is still a fact, and is told). A node
//! is told before its record goes into the memos, so children are told before their
//! parents on every thread (a parent that found a child's record in the shared memo
//! found it after the child was told), and a writer can stream its facts.
//!
//! [`SharedMemo::set_proof_hook`]: super::SharedMemo::set_proof_hook

/// How a node was concluded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Concluded<'a> {
    /// `C + *h` is a loss: `value(C) = h`.
    Loss,
    /// `C + *h` is a win by the move of `C` that leaves these vertices (the union of the
    /// option's pieces, as the position's words), whose value is exactly `h`.
    WinByOption(&'a [u64]),
    /// `C + *h` is a win by a heap move: `C + *q` loses for some `q < h`, which was
    /// reported as a loss (the value is below `h`).
    WinByHeap,
}

/// Receives the nodes the outcome search concludes, children before parents. A vertex
/// set is given as its words (bit `v` of word `v / 64` is vertex `v`), in the labels the
/// search uses inside (the host's, unless the solver renumbers the host: then the
/// caller maps them back).
pub trait ProofHook: Send + Sync {
    /// `component + *heap` was concluded as `how` says.
    fn concluded(&self, component: &[u64], heap: u8, how: Concluded<'_>);
}
