//! [`Oracle`]: where the proof builder gets the values it proves. The builder trusts the
//! oracle only to find the proof; the checker trusts neither.

use crate::format::Move;
use crate::search_wins::SearchWins;
use crate::set_key::Key;
use crate::Error;
use kayles_core::engine::SearchConfig;
use kayles_core::game::GameSolver;
use kayles_core::{Graph, VertexSet};

/// Answers questions about connected positions (vertex sets) of one host graph.
pub trait Oracle {
    /// The nimber of the connected position `set`.
    fn nimber(&mut self, set: &VertexSet) -> Result<u32, Error>;

    /// Whether the nimber of `set` is `x`. The default asks [`nimber`](Self::nimber); an
    /// outcome search (`set + *x` a loss?) answers it without the exact value.
    fn value_is(&mut self, set: &VertexSet, x: u32) -> Result<bool, Error> {
        Ok(self.nimber(set)? == x)
    }

    /// Whether the nimber of `set` is `x`, when the oracle knows it without working it
    /// out (a search's memo); `None` when it would have to. `None` by default.
    fn value_is_known(&mut self, _set: &VertexSet, _x: u32) -> Option<bool> {
        None
    }

    /// A move of the connected position `set` (host vertices, increasing) that the
    /// search found to lead to a result of value `x` (it won `set + *x` by that move),
    /// when the oracle kept one: a hint, which the builder proves as any witness. `None`
    /// by default.
    fn winning_move(&mut self, _set: &[u32], _x: u32) -> Option<Move> {
        None
    }
}

impl<O: Oracle + ?Sized> Oracle for &mut O {
    fn nimber(&mut self, set: &VertexSet) -> Result<u32, Error> {
        (**self).nimber(set)
    }
    fn value_is(&mut self, set: &VertexSet, x: u32) -> Result<bool, Error> {
        (**self).value_is(set, x)
    }
    fn value_is_known(&mut self, set: &VertexSet, x: u32) -> Option<bool> {
        (**self).value_is_known(set, x)
    }
    fn winning_move(&mut self, set: &[u32], x: u32) -> Option<Move> {
        (**self).winning_move(set, x)
    }
}

/// The search engine as an oracle, on whatever the solver's memo holds (warm after the
/// solver has searched the host): [`nimber`](Oracle::nimber) is
/// [`GameSolver::nimber_of_subset`], [`value_is`](Oracle::value_is) is
/// [`GameSolver::wins_with_heap`] (the value is `x` when the position plus a heap of `x`
/// is a loss). With the outcome method (the default) a "value is `x`?" question costs one
/// round of the search, and usually the memo already has its answer, as the search that
/// found the root's value asked it; with the mex method it costs a nimber.
/// [`value_is_known`](Oracle::value_is_known) reads the memo without a search
/// ([`GameSolver::recall_subset`]).
pub struct SolverOracle<'a> {
    solver: &'a mut GameSolver,
    host: &'a Graph,
    config: SearchConfig,
    /// What is known of the positions asked about lately, by their sets' keys (a question
    /// costs microseconds even when the memo has the answer); emptied when it reaches
    /// [`CACHE_ENTRIES`](crate::represent::CACHE_ENTRIES), as the memo keeps the answers.
    cache: hashbrown::HashMap<Key, Known>,
    /// Questions the solver answered (both kinds).
    pub queries: u64,
    /// Of those, "value is `x`?" questions ([`GameSolver::wins_with_heap`]).
    pub heap_queries: u64,
    /// "Value is `x`?" questions the memo answered without a search
    /// ([`GameSolver::recall_subset`]; not among `queries`).
    pub memo_answers: u64,
    /// The search's winning moves, when they were kept ([`with_wins`](Self::with_wins)).
    wins: Option<&'a SearchWins>,
}

/// What an oracle knows of one position: its value, or some values it does not have.
#[derive(Debug, Clone, Copy, Default)]
struct Known {
    value: Option<u32>,
    /// Bit `x` set: the value is not `x` (for `x < 64`).
    not: u64,
}

impl Known {
    /// Whether the value is `x`, when that is known.
    fn is(&self, x: u32) -> Option<bool> {
        match self.value {
            Some(v) => Some(v == x),
            None => (self.not & Self::bit(x) != 0).then_some(false),
        }
    }

    /// Notes whether the value is `x`.
    fn learn(&mut self, x: u32, is: bool) {
        if is {
            self.value = Some(x);
        } else {
            self.not |= Self::bit(x);
        }
    }

    /// The bit of `x` in `not` (none for `x >= 64`).
    fn bit(x: u32) -> u64 {
        1u64.checked_shl(x).unwrap_or(0)
    }
}

impl<'a> SolverOracle<'a> {
    /// An oracle for positions of `host`, answered by `solver` (set up for `host`, e.g.
    /// with its host symmetry). On a host of at most 64 vertices the solver answers on
    /// the calling thread while the oracle lives (its memo answers most questions; a
    /// thread pool's hand-offs would cost more than the search); on a larger host it keeps
    /// its pool, whose threads have deep stacks (on the calling thread it would start a
    /// deep-stack thread per question, unless that thread is one already, as
    /// [`certify_with_solver`](crate::certify_with_solver) makes it). The configuration
    /// is restored when the oracle is dropped.
    pub fn new(solver: &'a mut GameSolver, host: &'a Graph) -> Self {
        let config = solver.config();
        if host.order() <= 64 {
            solver.set_config(SearchConfig {
                threads: 1,
                ..config
            });
        }
        SolverOracle {
            solver,
            host,
            config,
            cache: hashbrown::HashMap::new(),
            queries: 0,
            heap_queries: 0,
            memo_answers: 0,
            wins: None,
        }
    }

    /// The oracle giving the search's winning moves that `wins` kept (a [`SearchWins`]
    /// that was the solver's proof hook while it searched the host) as
    /// [`winning_move`](Oracle::winning_move).
    pub fn with_wins(mut self, wins: Option<&'a SearchWins>) -> Self {
        self.wins = wins;
        self
    }
}

/// What `cache` (a [`SolverOracle`]'s, bounded) knows of `set`: nothing at first.
fn known_in<'c>(cache: &'c mut hashbrown::HashMap<Key, Known>, set: &VertexSet) -> &'c mut Known {
    if cache.len() >= crate::represent::CACHE_ENTRIES {
        cache.clear();
    }
    cache.entry(Key::of_set(set.words())).or_default()
}

impl Drop for SolverOracle<'_> {
    fn drop(&mut self) {
        self.solver.set_config(self.config);
    }
}

impl Oracle for SolverOracle<'_> {
    fn nimber(&mut self, set: &VertexSet) -> Result<u32, Error> {
        let known = known_in(&mut self.cache, set);
        if let Some(v) = known.value {
            return Ok(v);
        }
        self.queries += 1;
        let v = self.solver.nimber_of_subset(self.host, set)?;
        known.value = Some(v);
        Ok(v)
    }

    fn value_is(&mut self, set: &VertexSet, x: u32) -> Result<bool, Error> {
        let known = known_in(&mut self.cache, set);
        if let Some(is) = known.is(x) {
            return Ok(is);
        }
        self.queries += 1;
        self.heap_queries += 1;
        let is = !self.solver.wins_with_heap(self.host, set, x)?;
        known.learn(x, is);
        Ok(is)
    }

    fn value_is_known(&mut self, set: &VertexSet, x: u32) -> Option<bool> {
        let known = known_in(&mut self.cache, set);
        if let Some(is) = known.is(x) {
            return Some(is);
        }
        let record = self.solver.recall_subset(self.host, set);
        let is = match record.value() {
            Some(v) => {
                known.value = Some(u32::from(v));
                u32::from(v) == x
            }
            None => {
                let is = !record.wins(u8::try_from(x).ok()?)?;
                known.learn(x, is);
                is
            }
        };
        self.memo_answers += 1;
        Some(is)
    }

    fn winning_move(&mut self, set: &[u32], x: u32) -> Option<Move> {
        self.wins?.winning_move(set, x)
    }
}

/// The definition of the game as an oracle (`kayles_core::brute`, graphs of at most 128
/// vertices): for tests and small graphs.
pub struct BruteOracle<'a> {
    host: &'a Graph,
    game: kayles_core::GameKind,
}

impl<'a> BruteOracle<'a> {
    /// An oracle for positions of `host` in `game`.
    pub fn new(host: &'a Graph, game: kayles_core::GameKind) -> Self {
        BruteOracle { host, game }
    }
}

impl Oracle for BruteOracle<'_> {
    fn nimber(&mut self, set: &VertexSet) -> Result<u32, Error> {
        if self.host.order() > kayles_core::brute::MAX_ORDER {
            return Err(Error::Input(
                "the brute-force oracle takes at most 128 vertices".into(),
            ));
        }
        let mask = set.iter().fold(0u128, |m, v| m | 1 << v);
        Ok(match self.game {
            kayles_core::GameKind::Node => kayles_core::brute::node_kayles(self.host, mask),
            kayles_core::GameKind::Arc => kayles_core::brute::arc_kayles(self.host, mask),
        })
    }
}
