//! The proof builder: from an [`Oracle`]'s values, the facts that prove the root nimber in
//! the outcome style of docs/certificates.md, each written once and after the facts it
//! refers to.
//!
//! - the root: an EQ fact for each component of the graph;
//! - EQ(X, v): for each `j < v` one move (a witness, chosen as below) whose result gets
//!   exact EQ facts for all its components; every other move's result gets EQ facts for
//!   all its components but the largest, which gets "not `v` xor the others";
//! - "Y is not w": nothing new when Y is small (computed) or already has an EQ fact; else
//!   an NE fact with a witness move to a result of value `w` when one exists, whose
//!   components get EQ facts; else (value(Y) < w) an EQ fact for Y.
//!
//! A witness is taken first among the moves whose result's value is already known
//! (fewest vertices left first; the search's lookup pass), then among the rest in the
//! search's own move order, asking the oracle: the questions are then the ones the
//! search answered, and its memo has them. The search's own winning move, when the
//! oracle kept it ([`Oracle::winning_move`]), goes before each of those passes' others. Whether a result's value is known is first
//! asked of an isomorphism invariant of its largest component, so that most unknown
//! results need no canonical code; results are split into components when first looked
//! at.
//!
//! Whether a move leads to a result of value `w` is asked as [`Oracle::value_is`] of its
//! largest component (with the exact values of the others folded in), never as a nimber:
//! an outcome search answers it with one round, usually from its memo. The oracle is
//! asked for a nimber only for an EQ fact and for the components folded in.
//!
//! With [`with_tables`](ProofBuilder::with_tables), a position of at most that many
//! vertices gets a table fact (its value, which the checker works out itself) in place of
//! its moves, and needs nothing below it.
//!
//! Facts are about representatives ([`Representatives`]); a reference from another
//! position carries the vertex map.

use crate::bitset::{self, Adjacency};
use crate::format::{Evidence, Fact, Map, Move, Ref};
use crate::mirror::Mirrors;
use crate::oracle::Oracle;
use crate::represent::{Rep, Representatives};
use crate::resume::{Checkpoint, Never, Poll, ProofState, Tables};
use crate::set_key::Key;
use crate::writer::CertificateWriter;
use crate::Error;
use hashbrown::{HashMap, HashSet};
use kayles_core::leaves::small::SmallSolver;
use kayles_core::rules::{arc_move_words, node_move_words};
use kayles_core::vertex_game::{LEAF_AVERAGE_DEGREE, LEAF_ORDER_PER_DEGREE};
use kayles_core::{GameKind, Graph, VertexSet};
use std::io::Write;

/// Builds the facts of one certificate into a [`CertificateWriter`].
pub struct ProofBuilder<'h, O, W: Write> {
    host: &'h Graph,
    adjacency: Adjacency,
    game: GameKind,
    oracle: O,
    writer: CertificateWriter<W>,
    reps: Representatives,
    computed: usize,
    /// Positions of at most this many vertices are proved by table facts (0: none).
    table: usize,
    /// Representative's key -> (EQ fact, value).
    eq: HashMap<Key, (u64, u32)>,
    /// (Representative's key, w) -> NE fact.
    ne: HashMap<(Key, u32), u64>,
    /// Values learned from the oracle, by representative's key.
    known: HashMap<Key, u32>,
    /// The [`invariant`]s of the positions `known` holds a value of, so that a position
    /// whose invariant is not among them is seen to be unknown without its
    /// representative (a canonical code); `None` when the tables came from a saved state,
    /// whose positions are not at hand (every position is then looked up).
    known_invariants: Option<HashSet<u64>>,
    /// The shapes (order and edges, [`shape`]) of the positions `known` holds a value of,
    /// a coarser invariant looked at first (no neighbour's degree read); kept beside
    /// `known_invariants`.
    known_shapes: HashSet<u64>,
    /// How many values [`learn`](Self::learn) has noted: a position found unknown when it
    /// stood at some count is still unknown while it stands there.
    learned: u64,
    /// A host vertex's degree in the position whose invariant is being worked out.
    degrees: Vec<u32>,
    /// That position's bit words (scratch, reused from one invariant to the next).
    invariant_words: Vec<u64>,
    /// Solves the components left to the checker.
    small: SmallSolver,
    /// The order up to which the search evaluates a piece at once.
    search_small: usize,
    /// Mirror strategies, proved as facts of their own (value 0, no moves).
    mirrors: Mirrors,
    /// What `mirrors` found for representatives asked about lately, by their vertex
    /// sets' keys (a strategy is a set's, not its class's); emptied when it reaches
    /// [`RECENT_ENTRIES`](crate::represent::RECENT_ENTRIES).
    mirror_of: HashMap<Key, Option<Box<[u32]>>>,
    /// Where the builder's state is saved, so that a stopped proof can resume.
    checkpoint: Box<dyn Checkpoint + 'h>,
    /// Positions started since the checkpoint was last asked.
    since_poll: u32,
    /// The facts written at the last save (none is taken twice at one point).
    saved_at: Option<u64>,
    /// How the witnesses were found.
    pub witnesses: WitnessCounts,
}

/// How the builder found the witnesses of its facts (a move to a result of the value
/// wanted), and what became of the search's winning moves ([`Oracle::winning_move`])
/// offered as the first witness.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct WitnessCounts {
    /// Witnesses looked for.
    pub looked_for: u64,
    /// Of those, with the search's winning move among the candidates.
    pub offered: u64,
    /// The search's move taken, its result's value known to the builder already.
    pub known: u64,
    /// The search's move taken after asking the oracle about its result.
    pub asked: u64,
    /// Of the search's moves asked about, those the oracle's memo had forgotten (a search
    /// answered).
    pub searched: u64,
    /// The search's move not of the value wanted (none is, unless the table is wrong).
    pub refused: u64,
    /// Witnesses found among the results whose value the builder knew.
    pub by_known: u64,
    /// Found among the results the oracle knew without a search.
    pub by_memo: u64,
    /// Found by the oracle's searches.
    pub by_search: u64,
    /// No witness (the value is below the one wanted).
    pub none: u64,
}

/// One move and its result: the result's components (by least vertex), and how many
/// vertices it leaves.
struct Outcome {
    mv: Move,
    comps: Vec<Vec<u32>>,
    left: usize,
}

impl<'h, O: Oracle, W: Write> ProofBuilder<'h, O, W> {
    /// A builder for positions of `host` in `game` that writes to `writer`; components of
    /// at most `computed` vertices are left to the checker.
    pub fn new(
        host: &'h Graph,
        game: GameKind,
        oracle: O,
        reps: Representatives,
        computed: usize,
        writer: CertificateWriter<W>,
    ) -> Self {
        ProofBuilder {
            host,
            adjacency: Adjacency::new(host),
            game,
            oracle,
            writer,
            reps,
            computed,
            table: 0,
            eq: HashMap::new(),
            ne: HashMap::new(),
            known: HashMap::new(),
            known_invariants: Some(HashSet::new()),
            known_shapes: HashSet::new(),
            learned: 0,
            degrees: vec![0; host.order()],
            invariant_words: Vec::new(),
            small: SmallSolver::default(),
            search_small: kayles_core::engine::SearchConfig::default().small_order,
            mirrors: Mirrors::default(),
            mirror_of: HashMap::new(),
            checkpoint: Box::new(Never),
            since_poll: 0,
            saved_at: None,
            witnesses: WitnessCounts::default(),
        }
    }

    /// The builder saving its state to `checkpoint` when that asks for it (see
    /// [`resume`](crate::resume)), and when [`save_checkpoint`](Self::save_checkpoint)
    /// is called.
    pub fn with_checkpoint(mut self, checkpoint: impl Checkpoint + 'h) -> Self {
        self.checkpoint = Box::new(checkpoint);
        self
    }

    /// The builder going on from `state`, saved by a run of the same certificate whose
    /// written part the writer has copied ([`CertificateWriter::resume`] with the state's
    /// sizes).
    ///
    /// # Errors
    /// [`Error::Input`] when the state is another certificate's, or its classes do not
    /// fit this builder's representatives.
    pub fn with_state(mut self, state: ProofState) -> Result<Self, Error> {
        if state.header != self.writer.header_text() {
            return Err(Error::Input(
                "the proof state is another certificate's (another graph, game or value)".into(),
            ));
        }
        if state.sizes.facts != self.writer.facts() {
            return Err(Error::Input(
                "the proof state does not match the certificate written so far".into(),
            ));
        }
        self.reps
            .restore(self.host, state.classes)
            .map_err(Error::Input)?;
        self.eq = state.eq;
        self.ne = state.ne;
        self.known = state.known;
        self.known_invariants = None;
        self.saved_at = Some(state.sizes.facts);
        Ok(self)
    }

    /// Saves the builder's state to its checkpoint (after flushing what it has written),
    /// unless nothing was written since the last save.
    ///
    /// # Errors
    /// An I/O error of the output or of the checkpoint.
    pub fn save_checkpoint(&mut self) -> Result<(), Error> {
        if self.saved_at == Some(self.writer.facts()) {
            return Ok(());
        }
        let sizes = self.writer.checkpoint()?;
        let tables = Tables {
            header: self.writer.header_text(),
            sizes,
            eq: &self.eq,
            ne: &self.ne,
            known: &self.known,
            classes: self.reps.classes(),
        };
        self.checkpoint.save(sizes, &mut |out| tables.write(out))?;
        self.saved_at = Some(sizes.facts);
        Ok(())
    }

    /// Asks the checkpoint, every [`Checkpoint::poll_every`] positions, whether to save
    /// (and stop).
    /// Called before a position is proved, when every fact written is in the tables.
    fn poll(&mut self) -> Result<(), Error> {
        self.since_poll += 1;
        if self.since_poll < self.checkpoint.poll_every() {
            return Ok(());
        }
        self.since_poll = 0;
        match self.checkpoint.poll() {
            Poll::Go => Ok(()),
            Poll::Save => self.save_checkpoint(),
            Poll::SaveAndStop => {
                self.save_checkpoint()?;
                Err(Error::Search(kayles_core::engine::SearchError::Stopped))
            }
        }
    }

    /// The builder proving a Node Kayles position of more than the checker's computed
    /// size and at most `order` vertices (at most
    /// [`MAX_TABLE_ORDER`](crate::format::MAX_TABLE_ORDER)) by a table fact, which the
    /// checker verifies by a search of its own, when the position is dense as the search's
    /// dense leaf takes it ([`by_table`](Self::by_table)); the writer's header must then
    /// say [`TABLE_VERSION`](crate::format::TABLE_VERSION).
    pub fn with_tables(mut self, order: usize) -> Self {
        self.table = order.min(crate::format::MAX_TABLE_ORDER);
        self
    }

    /// Whether the connected position `set` is proved by a table fact: Node Kayles, more
    /// vertices than the checker's computed size and at most the tables' order, and dense
    /// as the search's dense leaf wants it (an average degree of at least
    /// [`LEAF_AVERAGE_DEGREE`] and of a [`LEAF_ORDER_PER_DEGREE`]-th of the order), where a
    /// move deletes much and the checker's search without components is short.
    pub fn by_table(&self, set: &[u32]) -> bool {
        let k = set.len() as u32;
        if self.game != GameKind::Node || set.len() <= self.computed || set.len() > self.table {
            return false;
        }
        let xs = self.adjacency.set(set);
        let degrees: u32 = set
            .iter()
            .map(|&v| {
                let row = self.adjacency.row(v as usize);
                row.iter()
                    .zip(&xs)
                    .map(|(r, x)| (r & x).count_ones())
                    .sum::<u32>()
            })
            .sum();
        degrees >= LEAF_AVERAGE_DEGREE * k && degrees * LEAF_ORDER_PER_DEGREE >= k * k
    }

    /// The builder proving the positions that `mirrors` finds a mirror strategy of by
    /// that strategy (one fact, value 0) rather than by their moves.
    pub fn with_mirrors(mut self, mirrors: Mirrors) -> Self {
        self.mirrors = mirrors;
        self
    }

    /// The components of `set` (any vertex set), by least vertex.
    pub fn components(&self, set: &VertexSet) -> Vec<Vec<u32>> {
        let list: Vec<u32> = set.iter().map(|v| v as u32).collect();
        self.adjacency.components(self.adjacency.set(&list))
    }

    /// Proves the value of every component of `set` and ends the certificate with them as
    /// its root record.
    pub fn finish_with_root(mut self, set: &VertexSet) -> Result<(W, crate::Sizes), Error> {
        let root = self.prove_root(set)?;
        self.finish(&root)
    }

    /// Proves the value of every component of `set`: the references of the root record.
    /// When it fails (the oracle's search stopped, say), the facts written so far and the
    /// builder's tables still agree, and [`save_checkpoint`](Self::save_checkpoint) may
    /// save them.
    pub fn prove_root(&mut self, set: &VertexSet) -> Result<Vec<Ref>, Error> {
        let mut root = Vec::new();
        for comp in self.components(set) {
            root.push(self.eq_ref(&comp)?.0);
        }
        Ok(root)
    }

    /// Ends the certificate with `root` as its root record.
    pub fn finish(self, root: &[Ref]) -> Result<(W, crate::Sizes), Error> {
        Ok(self.writer.finish(root)?)
    }

    /// The nimber of a connected position: computed here when it is small enough to be
    /// left to the checker, else from the oracle (once per representative).
    pub fn nimber(&mut self, comp: &[u32]) -> Result<u32, Error> {
        if comp.len() <= self.computed {
            return Ok(self.small_nimber(comp));
        }
        let rep = self.reps.of(self.host, comp);
        self.value_of(&rep)
    }

    /// The nimber of a position of at most [`MAX_COMPUTED`](crate::format::MAX_COMPUTED)
    /// vertices, by the small-graph solver (what the checker does with such a component).
    fn small_nimber(&mut self, comp: &[u32]) -> u32 {
        let open = self.adjacency.induced::<u64>(comp);
        u32::from(match self.game {
            GameKind::Node => self.small.node_kayles(&open),
            GameKind::Arc => self.small.arc_kayles(&open),
        })
    }

    fn value_of(&mut self, rep: &Rep) -> Result<u32, Error> {
        if let Some(&v) = self.known.get(&rep.key) {
            return Ok(v);
        }
        let v = if self.mirror(&rep.set).is_some() {
            0
        } else {
            self.oracle.nimber(&self.vertex_set(&rep.set))?
        };
        self.learn(rep, v);
        Ok(v)
    }

    /// Notes that the representative `rep` has value `v`.
    fn learn(&mut self, rep: &Rep, v: u32) {
        self.known.insert(rep.key, v);
        self.learned += 1;
        if self.known_invariants.is_some() {
            let adj = &self.adjacency;
            adj.set_into(&rep.set, &mut self.invariant_words);
            let words = &self.invariant_words;
            let edges = adj.degrees(words, &rep.set, &mut self.degrees);
            self.known_shapes.insert(shape(rep.set.len(), edges));
            let invariant = adj.refined(words, &rep.set, &self.degrees);
            if let Some(seen) = &mut self.known_invariants {
                seen.insert(invariant);
            }
        }
    }

    /// Whether the value of the connected position `comp` may be in `known`: false when
    /// no position of its [`invariant`] is (then no position isomorphic to it is, and
    /// under every [`Dedup`](crate::Dedup) rule a representative is isomorphic to its
    /// positions), without working out its representative.
    fn maybe_known(&mut self, comp: &[u32]) -> bool {
        if self.known_invariants.is_none() {
            return true;
        }
        let adj = &self.adjacency;
        adj.set_into(comp, &mut self.invariant_words);
        let words = &self.invariant_words;
        let edges = adj.degrees(words, comp, &mut self.degrees);
        if !self.known_shapes.contains(&shape(comp.len(), edges)) {
            return false;
        }
        let invariant = adj.refined(words, comp, &self.degrees);
        self.known_invariants
            .as_ref()
            .is_some_and(|seen| seen.contains(&invariant))
    }

    /// A mirror strategy of the representative `rep`.
    fn mirror(&mut self, rep: &[u32]) -> Option<&[u32]> {
        let (mirrors, host) = (&self.mirrors, self.host);
        if self.mirror_of.len() >= crate::represent::RECENT_ENTRIES {
            self.mirror_of.clear();
        }
        self.mirror_of
            .entry(Key::of_vertices(host.order(), rep))
            .or_insert_with(|| mirrors.of(host, rep).map(Vec::into_boxed_slice))
            .as_deref()
    }

    /// Writes `fact` about the representative `rep`: its index.
    fn push(&mut self, rep: &Rep, fact: &Fact) -> Result<u64, Error> {
        let index = self.writer.push(fact)?;
        self.reps.fix(rep);
        Ok(index)
    }

    fn vertex_set(&self, set: &[u32]) -> VertexSet {
        VertexSet::from_vertices(self.host.order(), set.iter().map(|&v| v as usize))
    }

    /// The moves of the connected position `x` in the documented order (vertices
    /// increasing; edges `(u, w)`, `u < w`, lexicographic), with what each leaves.
    fn moves(&self, x: &[u32]) -> Vec<(Move, Vec<u64>)> {
        moves_of(&self.adjacency, self.game, &self.adjacency.set(x))
    }

    /// The moves of `x` with their results split into components.
    fn outcomes(&self, x: &[u32]) -> Vec<Outcome> {
        self.moves(x)
            .into_iter()
            .map(|(mv, after)| Outcome {
                mv,
                left: after.iter().map(|w| w.count_ones() as usize).sum(),
                comps: self.adjacency.components(after),
            })
            .collect()
    }

    /// Index of the largest component (the first of the largest).
    fn largest(comps: &[Vec<u32>]) -> Option<usize> {
        (0..comps.len()).rev().max_by_key(|&i| comps[i].len())
    }

    /// The xor of the exact values of the components `comps` but `big`.
    fn others_value(&mut self, comps: &[Vec<u32>], big: usize) -> Result<u32, Error> {
        let mut others = 0;
        for (i, c) in comps.iter().enumerate() {
            if i != big {
                others ^= self.nimber(c)?;
            }
        }
        Ok(others)
    }

    /// Whether the result `comps` has value `j`: exact values of all components but the
    /// largest, and the oracle's yes or no on the largest (a yes is its value), as far as
    /// `ask` lets it: `None` when the answer is not known that cheaply. `unknown_at`: the
    /// count of values learned when the largest component was last found not known (it
    /// is not looked up again while the count stands there), set here when it is.
    fn result_is(
        &mut self,
        comps: &[Vec<u32>],
        j: u32,
        ask: Ask,
        unknown_at: &mut Option<u64>,
    ) -> Result<Option<bool>, Error> {
        let Some(big) = Self::largest(comps) else {
            return Ok(Some(j == 0));
        };
        // Only what is known: the largest component's value first, the cheapest test.
        if matches!(ask, Ask::Known) {
            let Some(value) = self.value_known_since(&comps[big], unknown_at) else {
                return Ok(None);
            };
            return Ok(Some(value == j ^ self.others_value(comps, big)?));
        }
        let others = self.others_value(comps, big)?;
        if let Some(v) = self.value_known_since(&comps[big], unknown_at) {
            return Ok(Some(v == j ^ others));
        }
        // Asked about the component itself, as the search met it (its memo holds what
        // the search stored under the component's own key).
        let vs = self.vertex_set(&comps[big]);
        let is = match ask {
            Ask::Known => return Ok(None),
            Ask::Memo => match self.oracle.value_is_known(&vs, j ^ others) {
                Some(is) => is,
                None => return Ok(None),
            },
            Ask::Search => self.oracle.value_is(&vs, j ^ others)?,
        };
        if is {
            let rep = self.reps.of(self.host, &comps[big]);
            self.learn(&rep, j ^ others);
        }
        Ok(Some(is))
    }

    /// The first of `candidates` (indices into `results`) whose result has value `j`:
    /// `hint` (the search's winning move, [`Oracle::winning_move`]) when its result's
    /// value is known already; then the first among those whose value is known; then
    /// `hint`, asking the oracle; then among those the oracle knows without a search (the
    /// search's own witnesses, in its memo), then by asking the oracle.
    fn first_of_value(
        &mut self,
        results: &mut Results,
        candidates: impl Iterator<Item = usize> + Clone,
        j: u32,
        hint: Option<usize>,
    ) -> Result<Option<usize>, Error> {
        // For each result, the count of values learned when its largest component was
        // found not known (its value is looked up again only once something was learned).
        let mut unknown_at: Vec<Option<u64>> = vec![None; results.comps.len()];
        let hint = hint.filter(|&h| candidates.clone().any(|i| i == h));
        self.witnesses.looked_for += 1;
        if hint.is_some() {
            self.witnesses.offered += 1;
        }
        // The search's winning move first, when its result's value is known already.
        if let Some(h) = hint {
            results.get(&self.adjacency, h);
            if self.result_is(results.split(h), j, Ask::Known, &mut unknown_at[h])? == Some(true) {
                self.witnesses.known += 1;
                return Ok(Some(h));
            }
        }
        for i in candidates.clone() {
            results.get(&self.adjacency, i);
            if self.result_is(results.split(i), j, Ask::Known, &mut unknown_at[i])? == Some(true) {
                self.witnesses.by_known += 1;
                return Ok(Some(i));
            }
        }
        // Then the search's winning move, asking the memo (and, if it has forgotten, the
        // search) about its result: the question the search answered.
        if let Some(h) = hint {
            let mut is = self.result_is(results.split(h), j, Ask::Memo, &mut unknown_at[h])?;
            if is.is_none() {
                self.witnesses.searched += 1;
                is = self.result_is(results.split(h), j, Ask::Search, &mut unknown_at[h])?;
            }
            if is == Some(true) {
                self.witnesses.asked += 1;
                return Ok(Some(h));
            }
            self.witnesses.refused += 1;
        }
        // The search's own order among the rest: fewest vertices in pieces it does not
        // evaluate at once (above its small order) first, so that the questions are the
        // ones its memo answers.
        let mut rest: Vec<usize> = candidates.collect();
        for &i in &rest {
            results.get(&self.adjacency, i);
        }
        rest.sort_by_key(|&i| {
            results
                .split(i)
                .iter()
                .map(Vec::len)
                .filter(|&len| len > self.search_small)
                .sum::<usize>()
        });
        for ask in [Ask::Memo, Ask::Search] {
            for &i in &rest {
                if self.result_is(results.split(i), j, ask, &mut unknown_at[i])? == Some(true) {
                    match ask {
                        Ask::Memo => self.witnesses.by_memo += 1,
                        _ => self.witnesses.by_search += 1,
                    }
                    return Ok(Some(i));
                }
            }
        }
        self.witnesses.none += 1;
        Ok(None)
    }

    /// A reference proving the exact value of the connected position `comp`.
    fn eq_ref(&mut self, comp: &[u32]) -> Result<(Ref, u32), Error> {
        if comp.len() <= self.computed {
            return Ok((Ref::Computed, self.nimber(comp)?));
        }
        let rep = self.reps.of(self.host, comp);
        let (index, value) = self.eq_fact(&rep)?;
        Ok((fact_ref(index, &rep), value))
    }

    /// A reference proving that `comp` does not have value `w` (it must not): its exact
    /// value when it is small or already has an EQ fact; else a witness move to a result
    /// of value `w` when there is one (found by "value is" questions, the outcome
    /// search's own proof that `comp + *w` wins by a move in `comp`); else, the value
    /// being below `w`, an EQ fact.
    fn ne_ref(&mut self, comp: &[u32], w: u32) -> Result<Ref, Error> {
        self.poll()?;
        let rep = self.reps.of(self.host, comp);
        if self.by_table(comp) && !self.eq.contains_key(&rep.key) {
            // An NE table fact: the checker finds `comp + *w` a win by its own search (the
            // value is known to differ from w: the parent's value says so).
            if self.known.get(&rep.key) == Some(&w) {
                return Err(Error::Inconsistent(format!(
                    "a position was to be proved != {w}, and the oracle says it is {w}"
                )));
            }
            if let Some(&index) = self.ne.get(&(rep.key, w)) {
                return Ok(fact_ref(index, &rep));
            }
            let fact = Fact {
                value: w,
                set: rep.set.clone(),
                evidence: Evidence::TableWin,
            };
            let index = self.push(&rep, &fact)?;
            self.ne.insert((rep.key, w), index);
            return Ok(fact_ref(index, &rep));
        }
        let exact = comp.len() <= self.computed
            || self.eq.contains_key(&rep.key)
            || self.mirror(&rep.set).is_some();
        if exact || self.known.get(&rep.key) == Some(&w) {
            let (r, value) = self.eq_ref(comp)?;
            if value == w {
                return Err(Error::Inconsistent(format!(
                    "a position was to be proved != {w}, and the oracle says it is {w}"
                )));
            }
            return Ok(r);
        }
        if let Some(&index) = self.ne.get(&(rep.key, w)) {
            return Ok(fact_ref(index, &rep));
        }
        // A move to a result of value w, leaving as few vertices as possible (the order
        // of the outcome search's moves).
        let mut moves = self.moves(&rep.set);
        moves.sort_by_key(|(_, after)| after.iter().map(|w| w.count_ones()).sum::<u32>());
        let (moves, afters): (Vec<Move>, Vec<Vec<u64>>) = moves.into_iter().unzip();
        let mut results = Results::new(afters);
        // The search's winning move: of the position as met (the search met it, or a
        // copy under the host's symmetry), carried onto the representative; else of the
        // representative.
        let hint = self
            .hint_via(comp, &rep, w)
            .and_then(|mv| moves.iter().position(|m| *m == mv));
        if let Some(i) = self.first_of_value(&mut results, 0..moves.len(), w, hint)? {
            let refs = self.exact_proof(results.get(&self.adjacency, i))?;
            let fact = Fact {
                value: w,
                set: rep.set.clone(),
                evidence: Evidence::Witness(moves[i], refs),
            };
            let index = self.push(&rep, &fact)?;
            self.ne.insert((rep.key, w), index);
            return Ok(fact_ref(index, &rep));
        }
        // No move leads to w, so the value is below w (the search won by a heap move).
        let value = self.value_of(&rep)?;
        if value >= w {
            return Err(Error::Inconsistent(format!(
                "the oracle says a position has value {value} >= {w} but no move leads to {w}"
            )));
        }
        Ok(self.eq_ref(comp)?.0)
    }

    /// Exact references for every component of a result.
    fn exact_proof(&mut self, comps: &[Vec<u32>]) -> Result<Vec<Ref>, Error> {
        comps.iter().map(|c| Ok(self.eq_ref(c)?.0)).collect()
    }

    /// A result proof that a move's result (its components `comps`) is not `v`: exact
    /// references for every component but `big`, and for `big` a proof that it is not
    /// `v` xor the others' values.
    fn refs_not_value(
        &mut self,
        comps: &[Vec<u32>],
        big: usize,
        v: u32,
    ) -> Result<Vec<Ref>, Error> {
        let mut refs = Vec::with_capacity(comps.len());
        let mut others = 0;
        for (k, c) in comps.iter().enumerate() {
            if k != big {
                let (r, value) = self.eq_ref(c)?;
                others ^= value;
                refs.push(r);
            } else {
                refs.push(Ref::Computed); // replaced below
            }
        }
        refs[big] = self.ne_ref(&comps[big], v ^ others)?;
        Ok(refs)
    }

    /// The EQ fact about the representative `rep`, written first if need be.
    fn eq_fact(&mut self, rep: &Rep) -> Result<(u64, u32), Error> {
        self.poll()?;
        let (x, key) = (&rep.set, rep.key);
        if let Some(&found) = self.eq.get(&key) {
            return Ok(found);
        }
        if let Some(images) = self.mirror(x).map(<[u32]>::to_vec) {
            let fact = Fact {
                value: 0,
                set: x.to_vec(),
                evidence: Evidence::Mirror(images),
            };
            let index = self.push(rep, &fact)?;
            self.eq.insert(key, (index, 0));
            self.learn(rep, 0);
            return Ok((index, 0));
        }
        let v = self.value_of(rep)?;
        if self.by_table(x) {
            let fact = Fact {
                value: v,
                set: x.to_vec(),
                evidence: Evidence::Table,
            };
            let index = self.push(rep, &fact)?;
            self.eq.insert(key, (index, v));
            return Ok((index, v));
        }
        self.moves_eq_fact(rep, v, false)
    }

    /// EQ(rep, v) by its moves: for each `j < v` one move whose result is exactly `j`,
    /// with exact references for all its components (with `from_search`, first among the
    /// results whose values the builder knows without the oracle, fewest vertices left
    /// first; then, as without it, the oracle's witness); every other result refuted by
    /// exact references and one NE reference (with `from_search`, to the largest
    /// component whose value is not known: the one the search searched with the heap;
    /// else, and without it, to the largest).
    fn moves_eq_fact(&mut self, rep: &Rep, v: u32, from_search: bool) -> Result<(u64, u32), Error> {
        self.poll()?;
        let who = if from_search { "search" } else { "oracle" };
        let x = rep.set.clone();
        let outcomes = self.outcomes(&x);
        let mut values: Vec<Option<u32>> = vec![None; outcomes.len()];
        let mut unknown: Vec<Vec<usize>> = vec![Vec::new(); outcomes.len()];
        if from_search {
            for (i, o) in outcomes.iter().enumerate() {
                let mut xor = 0;
                for (k, c) in o.comps.iter().enumerate() {
                    match self.value_known(c) {
                        Some(value) => xor ^= value,
                        None => unknown[i].push(k),
                    }
                }
                values[i] = unknown[i].is_empty().then_some(xor);
            }
        }
        let mut proofs: Vec<Option<Vec<Ref>>> = vec![None; outcomes.len()];
        let mut by_size: Vec<usize> = (0..outcomes.len()).collect();
        by_size.sort_by_key(|&i| outcomes[i].left);
        let moves: Vec<Move> = outcomes.iter().map(|o| o.mv).collect();
        let mut results = Results::split_already(outcomes.into_iter().map(|o| o.comps).collect());
        for j in 0..v {
            let known = by_size
                .iter()
                .copied()
                .find(|&i| proofs[i].is_none() && values[i] == Some(j));
            let i = match known {
                Some(i) => i,
                None => {
                    let free = by_size.iter().copied().filter(|&i| proofs[i].is_none());
                    let hint = self
                        .hint(&x, j)
                        .and_then(|mv| moves.iter().position(|&m| m == mv));
                    self.first_of_value(&mut results, free, j, hint)?
                        .ok_or_else(|| {
                            Error::Inconsistent(format!(
                                "the {who} says a position has value {v} but no move leads to {j}"
                            ))
                        })?
                }
            };
            proofs[i] = Some(self.exact_proof(results.split(i))?);
        }
        for (i, comps) in results.all().iter().enumerate() {
            if proofs[i].is_some() {
                continue;
            }
            // The component refuted by NE: the largest of those whose value is not known
            // (the one the search searched with the heap), else the largest.
            let big = unknown[i]
                .iter()
                .copied()
                .max_by_key(|&k| (comps[k].len(), std::cmp::Reverse(k)))
                .or_else(|| Self::largest(comps));
            let refs = match big {
                Some(big) => self.refs_not_value(comps, big, v)?,
                None if v == 0 => {
                    return Err(Error::Inconsistent(format!(
                        "the {who} says a position has value 0 but a move empties it"
                    )))
                }
                None => Vec::new(),
            };
            proofs[i] = Some(refs);
        }
        let fact = Fact {
            value: v,
            set: x,
            evidence: Evidence::Moves(proofs.into_iter().map(Option::unwrap_or_default).collect()),
        };
        let index = self.push(rep, &fact)?;
        self.eq.insert(rep.key, (index, v));
        Ok((index, v))
    }
}

/// What the search told ([`ProofBuilder::learn_loss`], [`ProofBuilder::learn_win`]),
/// turned into facts: the search's own proof tree, with the builder's oracle asked only
/// for what that tree does not cover.
impl<O: Oracle, W: Write> ProofBuilder<'_, O, W> {
    /// The search concluded that `comp + *h` loses (`comp` connected, its vertices
    /// increasing): writes EQ(comp, h) unless its class has one, each move refuted by
    /// the facts the search concluded before (its children), the oracle asked only for
    /// what they do not cover.
    ///
    /// # Errors
    /// An I/O error of the output, the oracle's, or [`Error::Inconsistent`] when what the
    /// search told contradicts itself.
    pub fn learn_loss(&mut self, comp: &[u32], h: u32) -> Result<(), Error> {
        if comp.len() <= self.computed {
            return Ok(());
        }
        let rep = self.reps.of(self.host, comp);
        if self.eq.contains_key(&rep.key) {
            return Ok(());
        }
        match self.known.get(&rep.key) {
            Some(&v) if v != h => {
                return Err(Error::Inconsistent(format!(
                    "the search found a position of value {h} that was {v} before"
                )))
            }
            _ => {}
        }
        self.learn(&rep, h);
        if self.by_table(&rep.set) || self.mirror(&rep.set).is_some() {
            self.eq_fact(&rep)?;
            return Ok(());
        }
        self.moves_eq_fact(&rep, h, true)?;
        Ok(())
    }

    /// The search concluded that `comp + *h` wins by the move of `comp` that leaves
    /// `option` (the union of the option's pieces; in Arc Kayles the search may leave
    /// out isolated vertices, which have value 0): writes NE(comp, h) by that move
    /// unless its class has an EQ fact or that NE fact. A move that cannot be made out
    /// is left to the oracle (the parent's reference asks for it then).
    ///
    /// # Errors
    /// As [`learn_loss`](Self::learn_loss).
    pub fn learn_win(&mut self, comp: &[u32], h: u32, option: &[u32]) -> Result<(), Error> {
        // A position of the tables' size: the parent's reference writes its table fact.
        if comp.len() <= self.computed || self.by_table(comp) {
            return Ok(());
        }
        let rep = self.reps.of(self.host, comp);
        if self.eq.contains_key(&rep.key) || self.ne.contains_key(&(rep.key, h)) {
            return Ok(());
        }
        // The option in the representative's labels.
        let left: Vec<u32> = match &rep.map {
            None => option.to_vec(),
            Some(images) => {
                let mut inside: Vec<u32> = rep
                    .set
                    .iter()
                    .zip(images)
                    .filter(|(_, image)| option.binary_search(image).is_ok())
                    .map(|(&v, _)| v)
                    .collect();
                inside.sort_unstable();
                inside
            }
        };
        let Some((mv, after)) = self.move_leaving(&rep.set, &left) else {
            return Ok(());
        };
        let comps = self.adjacency.components(after);
        let refs = self.exact_proof(&comps)?;
        let mut value = 0;
        for c in &comps {
            value ^= self.nimber(c)?;
        }
        if value != h {
            return Err(Error::Inconsistent(format!(
                "the search's winning move leads to {value}, not {h}"
            )));
        }
        let fact = Fact {
            value: h,
            set: rep.set.clone(),
            evidence: Evidence::Witness(mv, refs),
        };
        let index = self.push(&rep, &fact)?;
        self.ne.insert((rep.key, h), index);
        Ok(())
    }

    /// The move of the connected position `x` that leaves `left` (Arc Kayles: and
    /// perhaps isolated vertices besides), with what it leaves.
    fn move_leaving(&self, x: &[u32], left: &[u32]) -> Option<(Move, Vec<u64>)> {
        let adj = &self.adjacency;
        let xs = adj.set(x);
        let ls = adj.set(left);
        if ls.iter().zip(&xs).any(|(l, s)| l & !s != 0) {
            return None;
        }
        let gone: Vec<u64> = xs.iter().zip(&ls).map(|(s, l)| s & !l).collect();
        match self.game {
            GameKind::Node => bitset::vertices(&gone).into_iter().find_map(|u| {
                let after = node_move_words(&xs, adj.row(u as usize), u as usize);
                (after == ls).then_some((Move::Vertex(u), after))
            }),
            GameKind::Arc => {
                let mut found = None;
                for u in bitset::vertices(&gone) {
                    let row = adj.row(u as usize);
                    for w in bitset::vertices(&gone) {
                        if w <= u || row[w as usize / 64] >> (w % 64) & 1 == 0 {
                            continue;
                        }
                        let after = arc_move_words(&xs, u as usize, w as usize);
                        // The rest of what is gone must be isolated in what is left.
                        let isolated = bitset::vertices(&after).into_iter().all(|v| {
                            ls[v as usize / 64] >> (v % 64) & 1 == 1
                                || adj
                                    .row(v as usize)
                                    .iter()
                                    .zip(&after)
                                    .all(|(r, a)| r & a == 0)
                        });
                        if isolated {
                            found = Some((Move::Edge(u, w), after));
                            break;
                        }
                    }
                    if found.is_some() {
                        break;
                    }
                }
                found
            }
        }
    }

    /// [`value_known`](Self::value_known), unless `comp` was found not known when
    /// `learned` stood where it stands (`unknown_at`, updated when it is not known now).
    fn value_known_since(&mut self, comp: &[u32], unknown_at: &mut Option<u64>) -> Option<u32> {
        if *unknown_at == Some(self.learned) {
            return None;
        }
        let value = self.value_known(comp);
        if value.is_none() {
            *unknown_at = Some(self.learned);
        }
        value
    }

    /// The search's winning move of the connected position `x` with the heap `j`, when
    /// the oracle has one.
    fn hint(&mut self, x: &[u32], j: u32) -> Option<Move> {
        self.oracle.winning_move(x, j)
    }

    /// The search's winning move of `rep` with the heap `j`: that of `comp` (whose
    /// representative `rep` is) carried through the representative's map, else that of
    /// `rep` itself.
    fn hint_via(&mut self, comp: &[u32], rep: &Rep, j: u32) -> Option<Move> {
        let Some(map) = &rep.map else {
            return self.hint(comp, j);
        };
        let carried = self.oracle.winning_move(comp, j).and_then(|mv| {
            let back = |v: u32| map.iter().position(|&m| m == v).map(|i| rep.set[i]);
            Some(match mv {
                Move::Vertex(v) => Move::Vertex(back(v)?),
                Move::Edge(u, w) => {
                    let (a, b) = (back(u)?, back(w)?);
                    Move::Edge(a.min(b), a.max(b))
                }
            })
        });
        match carried {
            Some(mv) => Some(mv),
            None => self.hint(&rep.set, j),
        }
    }

    /// The exact value of the connected `comp` when the builder knows it without the
    /// oracle: small, or learnt.
    fn value_known(&mut self, comp: &[u32]) -> Option<u32> {
        if comp.len() <= self.computed {
            return Some(self.small_nimber(comp));
        }
        if !self.maybe_known(comp) {
            return None;
        }
        let key = self.reps.key_of(self.host, comp);
        self.known.get(&key).copied()
    }
}

/// The moves of the position `xs` (as words) in `game`, in the documented order
/// (vertices increasing; edges `(u, w)`, `u < w`, lexicographic), with what each leaves.
pub(crate) fn moves_of(adj: &Adjacency, game: GameKind, xs: &[u64]) -> Vec<(Move, Vec<u64>)> {
    let mut out = Vec::new();
    bitset::for_each(xs, |u| {
        let row = adj.row(u);
        match game {
            GameKind::Node => {
                out.push((Move::Vertex(u as u32), node_move_words(xs, row, u)));
            }
            GameKind::Arc => {
                // The neighbours of u in xs above u, word by word (no bitset built).
                for (i, (s, r)) in xs.iter().zip(row).enumerate() {
                    let mut inside = s & r;
                    while inside != 0 {
                        let w = i * 64 + inside.trailing_zeros() as usize;
                        inside &= inside - 1;
                        if w > u {
                            out.push((Move::Edge(u as u32, w as u32), arc_move_words(xs, u, w)));
                        }
                    }
                }
            }
        }
    });
    out
}

/// A position's order and its degrees' sum ([`Adjacency::degrees`]) in one word: an
/// isomorphism invariant coarser than the signature and cheaper.
fn shape(order: usize, degrees: u64) -> u64 {
    (order as u64) << 40 | degrees
}

/// The [`Adjacency::signature`] of the connected position `set` (increasing), an
/// isomorphism invariant; `degrees` is scratch of the host's order, `words` scratch for
/// `set`'s bit words.
#[cfg(test)]
fn invariant(adj: &Adjacency, degrees: &mut [u32], words: &mut Vec<u64>, set: &[u32]) -> u64 {
    adj.set_into(set, words);
    adj.signature(words, set, degrees)
}

/// The results of a position's moves, split into components when first asked for (a
/// witness is usually found among the first few).
struct Results {
    /// What each move leaves (emptied once split).
    after: Vec<Vec<u64>>,
    /// Each result's components, once split.
    comps: Vec<Option<Vec<Vec<u32>>>>,
}

impl Results {
    /// The results `after` (one per move), none split yet.
    fn new(after: Vec<Vec<u64>>) -> Self {
        let comps = vec![None; after.len()];
        Results { after, comps }
    }

    /// Results already split.
    fn split_already(comps: Vec<Vec<Vec<u32>>>) -> Self {
        Results {
            after: Vec::new(),
            comps: comps.into_iter().map(Some).collect(),
        }
    }

    /// The components of result `i`, split now if need be.
    fn get(&mut self, adj: &Adjacency, i: usize) -> &[Vec<u32>] {
        if self.comps[i].is_none() {
            self.comps[i] = Some(adj.components(std::mem::take(&mut self.after[i])));
        }
        self.split(i)
    }

    /// The components of result `i`, which [`get`](Self::get) has split.
    fn split(&self, i: usize) -> &[Vec<u32>] {
        self.comps[i]
            .as_deref()
            .expect("a result split before it is read")
    }

    /// Every result's components, all split.
    fn all(&self) -> Vec<&[Vec<u32>]> {
        (0..self.comps.len()).map(|i| self.split(i)).collect()
    }
}

/// How far [`ProofBuilder::result_is`] may go for the value of a result's largest
/// component.
#[derive(Debug, Clone, Copy)]
enum Ask {
    /// Only what the builder already knows.
    Known,
    /// Also what the oracle knows without working it out.
    Memo,
    /// Also the oracle's search.
    Search,
}

fn fact_ref(index: u64, rep: &Rep) -> Ref {
    Ref::Fact {
        index,
        map: match &rep.map {
            None => Map::Same,
            Some(images) => Map::from_images(&rep.set, images),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::BruteOracle;
    use crate::represent::Dedup;
    use kayles_core::families;

    /// Isomorphic positions (one canonical class) have one invariant, and the invariant
    /// tells many classes apart.
    #[test]
    fn invariant_is_an_isomorphism_invariant() {
        for spec in ["grid:3x5", "petersen:7,2", "queens:4"] {
            let host = families::build(spec).unwrap();
            let adj = Adjacency::new(&host);
            let mut degrees = vec![0; host.order()];
            let mut reps = Representatives::new(Dedup::Canonical, None);
            let mut of_class: HashMap<Key, u64> = HashMap::new();
            let mut shape_of_class: HashMap<Key, u64> = HashMap::new();
            let mut invariants = HashSet::new();
            let n = host.order().min(14);
            for mask in 1u32..1 << n {
                let list: Vec<u32> = (0..n as u32).filter(|v| mask >> v & 1 == 1).collect();
                for comp in adj.components(adj.set(&list)) {
                    let rep = reps.of(&host, &comp);
                    let inv = invariant(&adj, &mut degrees, &mut Vec::new(), &comp);
                    let edges = adj.degrees(&adj.set(&comp), &comp, &mut degrees);
                    assert_eq!(
                        *shape_of_class
                            .entry(rep.key)
                            .or_insert(shape(comp.len(), edges)),
                        shape(comp.len(), edges),
                        "{spec} {comp:?}"
                    );
                    assert_eq!(
                        *of_class.entry(rep.key).or_insert(inv),
                        inv,
                        "{spec} {comp:?}"
                    );
                    invariants.insert(inv);
                }
            }
            assert!(
                invariants.len() * 2 > of_class.len(),
                "{spec}: {} invariants, {} classes",
                invariants.len(),
                of_class.len()
            );
        }
    }

    /// An oracle that counts the nimbers it is asked for.
    struct Counting<'a> {
        inner: BruteOracle<'a>,
        asked: usize,
    }

    impl Oracle for Counting<'_> {
        fn nimber(&mut self, set: &VertexSet) -> Result<u32, Error> {
            self.asked += 1;
            self.inner.nimber(set)
        }
    }

    /// [`ProofBuilder::nimber`] answers a position of a class whose value it knows by the
    /// class's key alone: every connected position gets the definition's value and the
    /// oracle is asked once per class, whether the class has a representative yet (the
    /// position or another of the class) or not.
    #[test]
    fn nimbers_by_the_class_key_are_the_definitions() {
        for (spec, game) in [
            ("grid:3x4", GameKind::Arc),
            ("petersen:6,2", GameKind::Node),
        ] {
            let host = families::build(spec).unwrap();
            let adj = Adjacency::new(&host);
            let oracle = Counting {
                inner: BruteOracle::new(&host, game),
                asked: 0,
            };
            let header = crate::format::Header {
                version: crate::format::VERSION,
                game,
                graph: spec.into(),
                nimber: 0,
                computed: 0,
            };
            let writer = CertificateWriter::new(Vec::new(), &header).unwrap();
            let reps = Representatives::new(Dedup::Canonical, None);
            let mut builder = ProofBuilder::new(&host, game, oracle, reps, 0, writer);
            let mut brute = BruteOracle::new(&host, game);
            let mut classes = HashSet::new();
            let n = host.order().min(12);
            for mask in 1u32..1 << n {
                let list: Vec<u32> = (0..n as u32).filter(|v| mask >> v & 1 == 1).collect();
                for comp in adj.components(adj.set(&list)) {
                    let want = brute.nimber(&builder.vertex_set(&comp)).unwrap();
                    assert_eq!(builder.nimber(&comp).unwrap(), want, "{spec} {comp:?}");
                    classes.insert(builder.reps.key_of(&host, &comp));
                    // Some classes get their representative on the way (as when a fact
                    // is written about one of their positions).
                    if mask % 5 == 0 {
                        let rep = builder.reps.of(&host, &comp);
                        builder.reps.fix(&rep);
                    }
                }
            }
            assert!(classes.len() > 50, "{spec}");
            assert_eq!(builder.oracle.asked, classes.len(), "{spec}");
        }
    }

    /// The certificate of `spec` in `game` (values from the definition), with the
    /// invariant filter or without it (every position looked up by its representative).
    fn certificate(spec: &str, game: GameKind, computed: usize, filter: bool) -> Vec<u8> {
        let host = families::build(spec).unwrap();
        let mut oracle = BruteOracle::new(&host, game);
        let all = host.vertices();
        let nimber = host
            .components(&all)
            .iter()
            .fold(0, |x, c| x ^ oracle.nimber(c).unwrap());
        let header = crate::format::Header {
            version: crate::format::VERSION,
            game,
            graph: spec.into(),
            nimber,
            computed,
        };
        let writer = CertificateWriter::new(Vec::new(), &header).unwrap();
        let reps = Representatives::new(Dedup::Canonical, None);
        let mut builder = ProofBuilder::new(&host, game, oracle, reps, computed, writer);
        if !filter {
            builder.known_invariants = None;
        }
        builder.finish_with_root(&all).unwrap().0
    }

    /// The invariant filter only saves work: the certificates are byte for byte those
    /// written without it.
    #[test]
    fn the_invariant_filter_changes_no_fact() {
        for (spec, game) in [
            ("grid:3x5", GameKind::Arc),
            ("grid:4x4", GameKind::Arc),
            ("petersen:7,2", GameKind::Arc),
            ("grid:3x6", GameKind::Node),
            ("petersen:8,3", GameKind::Node),
        ] {
            for computed in [0, 4] {
                let with = certificate(spec, game, computed, true);
                assert!(with.len() > 100, "{spec}");
                assert_eq!(
                    with,
                    certificate(spec, game, computed, false),
                    "{spec} {game:?}"
                );
            }
        }
    }
}
