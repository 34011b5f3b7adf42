//! The search engine: one driver for every impartial game whose positions split into
//! independent components, parameterized by the game ([`Game`]).
//!
//! Node Kayles ([`node`](crate::node)), Arc Kayles ([`arc`](crate::arc)) and, in the
//! `wak-reduce` crate, Weighted Arc-Kayles are instances. The driver owns every layer that
//! does not depend on the rules; the game supplies the rest:
//!
//! | layer | the driver | the game |
//! |---|---|---|
//! | components (NK-XOR) | xors the values of the pieces | [`Game::split`], [`Game::option_pieces`] |
//! | settled by size | | [`Game::tiny_value`] |
//! | small components | remembers the answer | [`Game::small_value`] (a nimber, both methods), [`Game::leaf_wins`] (win or loss of `C + *h`, the outcome method) |
//! | exact cache | a per-thread open-addressing table, prefetched | [`Position::hash64`] |
//! | known pieces, reductions | counts them, follows a reduction | [`Game::simplify`] |
//! | shared memo | a sharded concurrent table of full keys, bounded in bytes | [`Game::symmetry_key`], [`Game::shape_code`], [`Game::canonical_code`] |
//! | options | by [`Method`]: the mex of the options' xors (module `mex`), or win/loss search of `C + *k` with cutoffs (module `outcome`); large positions split across threads (work stealing) | [`Game::option_pieces`] |
//! | stop flag, progress, statistics | | |
//!
//! A value is trusted only through full keys: the exact cache and the shared memo compare
//! whole keys (a hash only picks the slot), so a memo can miss a reuse but never return
//! another position's knowledge. What a memo knows of a component is a [`Record`]: its
//! nimber, or heaps it is known not to equal; both methods read and write the same memos.
//!
//! The modules: [`config`] (what a search is asked, what it reports),
//! [`code_memo`] and `exact_table` (the tables), [`memo`] (the shared memo and its
//! bounds), `context` (threads and per-thread state), `lookup` (the layers in front of a
//! search), `mex` and `outcome` (the two methods).

pub mod code_memo;
pub mod config;
pub(crate) mod context;
pub(crate) mod exact_table;
mod killers;
pub(crate) mod lookup;
pub mod memo;
pub(crate) mod mex_method;
pub(crate) mod outcome;
pub mod proof;
pub mod remote;

pub use crate::record::Record;
pub use config::{
    Fault, MemoKey, Method, PerThread, SearchConfig, SearchStats, ThreadStats, STATS_THREADS,
};
pub use context::{pool, runs_in_pool, LEAF_SHARE, PARALLEL_LEVELS, SPLIT_AFTER, SPLIT_WARM_UP};
pub use memo::{MemoCounts, MemoHandle, MemoTable, SearchProgress, SharedMemo};
pub use remote::{Answer, Remote};

use crate::bits::Bits;
use crate::leaves::host_table::LeafHostTable;
use context::Context;
use lookup::Engine;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::Arc;
use thiserror::Error;

/// Why a search could not give a value.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum SearchError {
    /// A connected component is wider than the widest set type of the engine.
    #[error("a connected component has {order} vertices; the search handles at most {max}")]
    ComponentTooLarge {
        /// Vertices in the component.
        order: usize,
        /// The largest supported.
        max: usize,
    },
    /// A position has options of every value 0..=255.
    #[error("a nimber above 255 was reached; the engine stores nimbers in one byte")]
    NimberTooLarge,
    /// The stop flag ([`SharedMemo::set_stop_flag`]) was raised during the search.
    #[error("the search was stopped")]
    Stopped,
}

/// What the engine needs of a position beyond equality: a hash for its exact cache, and a
/// *vacant* value that is never a component (it marks free slots, and ends an option in
/// the engine's list of pieces).
pub trait Position: Clone + Eq + Send + Sync + 'static {
    /// The vacant value (for vertex sets, the empty set).
    fn vacant() -> Self;
    /// Whether this is the vacant value.
    fn is_vacant(&self) -> bool;
    /// A well-mixed 64-bit hash.
    fn hash64(&self) -> u64;
    /// Appends the position as vertex-set words, for a proof hook (engine/proof.rs);
    /// nothing by default (a position that is not a vertex set).
    fn words_into(&self, _out: &mut Vec<u64>) {}
}

#[inline]
fn mix_words(words: impl Iterator<Item = u64>) -> u64 {
    let mut h = 0u64;
    for w in words {
        h = h.rotate_left(29) ^ w.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
    h = (h ^ (h >> 31)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h ^ (h >> 29)
}

/// Every fixed-width vertex set of the graph model is a position: the empty set is the
/// vacant value, and the hash mixes its words.
impl<S: Bits> Position for S {
    #[inline]
    fn vacant() -> Self {
        S::empty()
    }
    #[inline]
    fn is_vacant(&self) -> bool {
        self.is_empty()
    }
    #[inline]
    fn hash64(&self) -> u64 {
        mix_words((0..S::WORDS).map(|i| self.word(i)))
    }
    #[inline]
    fn words_into(&self, out: &mut Vec<u64>) {
        out.extend((0..S::WORDS).map(|i| self.word(i)));
    }
}

/// The layers a [`Game::simplify`] call may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layers {
    /// Known pieces may be looked up.
    pub known_pieces: bool,
    /// Reductions may be applied.
    pub reductions: bool,
}

/// What [`Game::simplify`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Simplified<P> {
    /// The component is a known piece of this value.
    Known(u8),
    /// The component has a mirror strategy for the second player (an automorphism of it
    /// that is an involution, moves every vertex and none onto a neighbour): value 0.
    Mirror,
    /// A smaller position with the same value (it may have several components).
    Reduced(P),
    /// Nothing applies.
    Unchanged,
}

/// What a game's own search of a leaf ([`Game::leaf_wins`]) said of `component + *heap`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LeafDecision {
    /// Decided: whether it is a win.
    Decided(bool),
    /// Undecided: the stop flag went up while the leaf searched (the search is being
    /// stopped), so it has no answer, and nothing of it may be told, stored or used.
    Stopped,
}

/// An impartial game whose positions are sums of independent components, as the engine
/// sees it. `component` always means a connected, non-vacant position.
///
/// The engine computes `value(C) = mex { xor of value(piece) over the pieces of option O :
/// O an option of C }`, with the layers of the module documentation around it. Every
/// method must be a pure function of its arguments (the scratch only saves allocations),
/// and every key a full description of the component.
pub trait Game: Sync {
    /// A position.
    type Position: Position;
    /// Per-thread working memory for the game's methods (the default value is a
    /// placeholder that is never used).
    type Scratch: Send + Default;

    /// Fresh working memory.
    fn scratch(&self) -> Self::Scratch;

    /// Appends the connected components of `position` to `out` (pieces whose value is 0
    /// and that have no options, such as a dead vertex of Arc Kayles, may be left out).
    fn split(&self, position: &Self::Position, out: &mut Vec<Self::Position>);

    /// For every option of `component`: appends its components (as [`split`](Self::split)
    /// would), then [`Position::vacant`].
    fn option_pieces(
        &self,
        component: &Self::Position,
        scratch: &mut Self::Scratch,
        out: &mut Vec<Self::Position>,
    );

    /// [`option_pieces`](Self::option_pieces) a batch at a time, for a search that may stop
    /// at the first option it can settle: the options from the place `*from` on (0 at
    /// first), at least `batch` of them where that many are left, then `*from` set to
    /// where the next batch starts, or to `usize::MAX` once every option is made. Every
    /// option is made exactly once over the calls, in the order of `option_pieces`. The
    /// default makes them all in the first call.
    fn option_pieces_from(
        &self,
        component: &Self::Position,
        scratch: &mut Self::Scratch,
        out: &mut Vec<Self::Position>,
        from: &mut usize,
        batch: usize,
    ) {
        let _ = batch;
        if *from == 0 {
            self.option_pieces(component, scratch, out);
        }
        *from = usize::MAX;
    }

    /// Whether the killer replies of [`SearchConfig::killer_levels`] are tried at
    /// `component`: the game names the moves of its options there
    /// ([`option_move`](Self::option_move)) and expects a sibling's winning reply to win
    /// here too. False by default.
    fn killer_replies(&self, _component: &Self::Position) -> bool {
        false
    }

    /// The move that makes the option `pieces` of `component` (its pieces as
    /// [`option_pieces`](Self::option_pieces) writes them), as a number that names the
    /// same move in any position where it can be played; None where the game does not
    /// say (the default).
    fn option_move(&self, _component: &Self::Position, _pieces: &[Self::Position]) -> Option<u32> {
        None
    }

    /// The value of a component settled by its size alone, checked before every lookup
    /// (so it must cost a few instructions).
    fn tiny_value(&self, component: &Self::Position) -> Option<u8>;

    /// The value of a small component when the game computes it at once (a complete
    /// table, a direct evaluation), asked after the exact cache missed; `small_order` is
    /// [`SearchConfig::small_order`] (at least 1), which the game reads as it sees fit
    /// (the vertex-set games: components of at most that many vertices, and dense Node
    /// Kayles components of a few more). None by default.
    fn small_value(
        &self,
        _component: &Self::Position,
        _small_order: usize,
        _scratch: &mut Self::Scratch,
    ) -> Option<u8> {
        None
    }

    /// Whether [`leaf_wins`](Self::leaf_wins) decides `component` (with `leaf_order`, as
    /// there), so that the engine can look the component up in the shared memo first.
    /// False by default.
    fn leaf_applies(
        &self,
        _component: &Self::Position,
        _leaf_order: usize,
        _scratch: &mut Self::Scratch,
    ) -> bool {
        false
    }

    /// Whether `component + *heap` is a win, when the game decides it at once by a search
    /// of its own, asked after the exact cache and [`small_value`](Self::small_value)
    /// missed, with the outcome method only; `leaf_order` is
    /// [`SearchConfig::leaf_order`] (at least 1), and `host_table` is the table of host
    /// subsets that every thread of the search shares (of at most
    /// [`SearchConfig::leaf_table_bytes`]; the game keeps in it only facts about the
    /// positions of its host). The game's search looks at `stop` every few thousand
    /// positions and, once it is up, returns at once with [`LeafDecision::Stopped`] (the
    /// search is being stopped), keeping nothing it learnt since. The answer comes with
    /// the number of positions the game's search visited for it. None by default.
    fn leaf_wins(
        &self,
        _component: &Self::Position,
        _heap: u8,
        _leaf_order: usize,
        _host_table: &LeafHostTable,
        _stop: Option<&Arc<AtomicBool>>,
        _scratch: &mut Self::Scratch,
    ) -> Option<(LeafDecision, u64)> {
        None
    }

    /// Bytes held by the tables of `scratch` that outlive one call (the memo limit counts
    /// them with the thread's exact cache). 0 by default.
    fn scratch_table_bytes(&self, _scratch: &Self::Scratch) -> usize {
        0
    }

    /// Empties the tables of `scratch` that outlive one call, when the memos are over
    /// their limit. Nothing by default.
    fn clear_scratch_tables(&self, _scratch: &mut Self::Scratch) {}

    /// The size of a component (vertices), for the thresholds of the configuration.
    fn order(&self, component: &Self::Position) -> usize;

    /// Known pieces and reductions, as far as `layers` allows.
    fn simplify(
        &self,
        component: &Self::Position,
        layers: Layers,
        scratch: &mut Self::Scratch,
    ) -> Simplified<Self::Position>;

    /// Appends the host-symmetry key of `component` (its least image under the host's
    /// symmetries) and returns true, or returns false when the game has no symmetry for
    /// this host. The key need only be valid for this game object: the memo it goes to is
    /// emptied whenever the host changes.
    fn symmetry_key(&self, _component: &Self::Position, _out: &mut Vec<u64>) -> bool {
        false
    }

    /// Whether the shape code is worth a lookup before [`simplify`](Self::simplify) (true
    /// unless the game says otherwise). A game whose positions are rarely met twice with
    /// the same labels, or whose reductions relabel every position, answers false: the
    /// shape code is then never built, and the canonical code is the only shared key.
    fn shape_key_pays(&self) -> bool {
        true
    }

    /// Appends a code of `component` with its own labels: a full description of the
    /// component as a position of the game, independent of the host.
    fn shape_code(
        &self,
        component: &Self::Position,
        scratch: &mut Self::Scratch,
        out: &mut Vec<u64>,
    );

    /// Appends a canonical code of `component` (equal for isomorphic components; same
    /// format as [`shape_code`](Self::shape_code), so that both can share one memo) and
    /// returns true, or returns false when the game has none.
    fn canonical_code(
        &self,
        component: &Self::Position,
        scratch: &mut Self::Scratch,
        out: &mut Vec<u64>,
    ) -> bool;
}

/// The value of `position` (a sum of components) in `game`, by the method and with the
/// layers of `memo`'s configuration.
///
/// With `threads != 1` the search runs in the search thread pool ([`pool`]), whose
/// threads have 256 MiB stacks; otherwise on the calling thread, whose stack must be deep
/// enough for the game (one frame of a few hundred bytes per move).
pub fn solve<G: Game>(
    game: &G,
    memo: &SharedMemo,
    position: &G::Position,
) -> Result<u32, SearchError> {
    run(game, memo, |engine| match memo.config.method {
        Method::Mex => engine.xor_of_components(position.clone()),
        Method::Outcome => engine.outcome_xor_of_components(position.clone()),
    })
    .map(u32::from)
}

/// Whether `position + *heap` (a sum of components and a Nim heap) is a win for the
/// player to move, that is, whether the nimber of `position` is not `heap`. With the
/// outcome method this is one round of the search, which stops at the first winning move;
/// with the mex method, the nimber compared with `heap`. Threads and stacks as in
/// [`solve`].
pub fn decide<G: Game>(
    game: &G,
    memo: &SharedMemo,
    position: &G::Position,
    heap: u8,
) -> Result<bool, SearchError> {
    run(game, memo, |engine| match memo.config.method {
        Method::Mex => engine.xor_of_components(position.clone()) != heap,
        Method::Outcome => engine.position_wins(position.clone(), heap),
    })
}

/// What the memos of `memo` already know of the connected `component` under its cheap
/// key (the host-symmetry key, or the shape code; a search stores what it learns under
/// that key as well as under the canonical code), with the values the game gives at
/// once (tiny and small components, known pieces, mirror positions, when the known
/// pieces are on), without searching or canonizing it: on the calling thread, in
/// microseconds. Unknown when nothing is known.
pub fn recall<G: Game>(game: &G, memo: &SharedMemo, component: &G::Position) -> Record {
    let context = Context::new(game, memo, false);
    let mut engine = Engine {
        context: &context,
        state: context.take_state(),
    };
    let record = engine.recall(component);
    context.put_state(engine.state);
    context.finish();
    record
}

/// Runs `search` with an engine on this thread, or in the pool with
/// [`SearchConfig::threads`] other than 1, and turns a stop or an overflow into an error.
fn run<G: Game, T: Send>(
    game: &G,
    memo: &SharedMemo,
    search: impl FnOnce(&mut Engine<'_, '_, G>) -> T + Send,
) -> Result<T, SearchError> {
    let parallel = runs_in_pool(&memo.config);
    let run = || {
        let context = Context::new(game, memo, parallel);
        let mut engine = Engine {
            context: &context,
            state: context.take_state(),
        };
        engine.check_stop();
        let answer = search(&mut engine);
        context.put_state(engine.state);
        context.finish();
        answer
    };
    let answer = if parallel { pool().install(run) } else { run() };
    if memo.stopped.swap(false, Relaxed) {
        memo.clear();
        memo.overflow.store(false, Relaxed);
        return Err(SearchError::Stopped);
    }
    if memo.overflow.swap(false, Relaxed) {
        Err(SearchError::NimberTooLarge)
    } else {
        Ok(answer)
    }
}

/// The options in a list of pieces where each option ends with the vacant position (as
/// [`Game::option_pieces`] writes them), as ranges of the list.
pub(crate) fn option_ranges<P: Position>(pieces: &[P]) -> Vec<Range<usize>> {
    let mut options = Vec::new();
    let mut start = 0;
    for (i, piece) in pieces.iter().enumerate() {
        if piece.is_vacant() {
            options.push(start..i);
            start = i + 1;
        }
    }
    options
}
