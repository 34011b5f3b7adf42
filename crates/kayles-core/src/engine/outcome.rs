//! The outcome method (Lemoine and Viennot, "Nimbers are inevitable"): the nimber of a
//! component `C` is the least `k` for which `C + *k` is a loss for the player to move, and
//! whether a sum is a win is decided by a search that stops at the first losing child.
//!
//! - **Rounds.** `nimber(C)` asks `wins(C, 0)`, `wins(C, 1)`, ... and returns the first
//!   `k` that loses. Every answer goes into the memos as a [`Record`] (`C + *h` wins: the
//!   nimber is not `h`; `C + *k` loses: the nimber is `k`), so the rounds share one table,
//!   and so do the sums met anywhere in the search.
//! - **A node** `C + *h` (`C` connected): the layers in front of the search first (exact
//!   cache, small components evaluated at once, cheap key, known pieces and reductions,
//!   canonical code); then the moves in `C`; then, if none wins, the heap moves `C + *q`,
//!   `q < h`, smallest first (a heap already known to win is skipped; `C + *q` loses only
//!   when `q` is the nimber of `C`, so this finishes the nimber's rounds below `h`).
//!   [`SearchConfig::heap_moves_first`](super::SearchConfig::heap_moves_first) turns the
//!   order round.
//! - **Options by lookup.** Before any option is searched, each is looked up: its pieces
//!   whose nimber is known are folded into the heap; an option that is then known to lose
//!   wins the node at once, an option known to win is dropped (it cannot be the winning
//!   move).
//! - **Move order.** The remaining options are searched fewest vertices left in pieces of
//!   unknown nimber first (the cheapest to settle), then fewest vertices left in all
//!   (the most forcing moves). Near the root, on components where the game names its
//!   moves ([`Game::killer_replies`]), the options made by the *killer replies* go first:
//!   the last few distinct moves that won a node decided at the same depth on this
//!   thread, newest first, since siblings that must all be refuted are often refuted by
//!   the same reply ([`killers`]).
//!
//! Why this order of things, with measurements: docs/performance.md.
//! - **Sums.** An option `P_1 + ... + P_r + *h` folds the nimbers of all its pieces but
//!   the largest into the heap (each by rounds, recursively) and searches the largest with
//!   the heap: cheaper than searching the sum (Lemoine and Viennot prove it).
//! - **Two threads.** Near the root (the first [`PARALLEL_LEVELS`] moves), a large node
//!   searches its first option alone (it wins there most often), and the next ones while
//!   they are cheap or the search is young (`Engine::split_pays`), then the others across
//!   the pool; once one loses, the tasks not started are skipped and those running are
//!   cancelled (they keep nothing they learn from then on). Answers that were not needed
//!   are counted as speculative work.

use super::context::Candidate;
use super::killers;
use super::lookup::{Engine, Lookup, Pending};
use super::remote::Step;
use super::{Fault, Game, LeafDecision, Position, Record, PARALLEL_LEVELS};
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::Arc;

/// A win proved by a search of fewer positions than this (the node alone, settled by its
/// options' lookups; or found in the shared memo) goes into the shared memo only, not
/// into the exact cache. (Cram 4 x 11, one thread: the exact cache's peak 128 MiB ->
/// 32 MiB, 259 -> 93 MiB of RSS, no more CPU; docs/performance.md, the seventh Cram
/// round.)
const CHEAP_WIN_POSITIONS: u64 = 2;

/// How many options [`option_wins`](Engine::option_wins) makes before it first looks them
/// up; each further batch is twice the one before. (Cram 3 x 14 on one thread: a node that
/// the lookups win is won, on average, at its ninth option of 26 in vertex order; with
/// the moves made centre first, 4 beat 8 by about 5% on Cram 5 x 7 and 5 x 8, 16 lost
/// 15%.)
const FIRST_OPTION_BATCH: usize = 4;

impl<G: Game> Engine<'_, '_, G> {
    /// Xor of the nimbers of the components of `position`.
    pub(super) fn outcome_xor_of_components(&mut self, position: G::Position) -> u8 {
        let base = self.state.pieces.len();
        self.context.game.split(&position, &mut self.state.pieces);
        let mut x = 0;
        for i in base..self.state.pieces.len() {
            let piece = self.state.pieces[i].clone();
            x ^= self.nimber(&piece);
        }
        self.state.pieces.truncate(base);
        x
    }

    /// The nimber of a component: the least `k` with `component + *k` a loss.
    fn nimber(&mut self, component: &G::Position) -> u8 {
        if let Some(v) = self.context.game.tiny_value(component) {
            return v;
        }
        let known = self.state.exact.get(component).unwrap_or_default();
        if let Some(v) = known.value() {
            self.state.stats.exact_hits += 1;
            return v;
        }
        if let Some(v) = self.small_value(component) {
            return v;
        }
        let mut k = known.first_open_heap();
        loop {
            self.state.stats.rounds += 1;
            if !self.wins(component, k) {
                return k;
            }
            if k == u8::MAX {
                self.context.memo.overflow.store(true, Relaxed);
                return 0;
            }
            k += 1;
        }
    }

    /// Whether `component + *heap` is a win for the player to move. (Once the search is
    /// stopped: a loss, so that every round ends.)
    fn wins(&mut self, component: &G::Position, heap: u8) -> bool {
        if let Some(v) = self.context.game.tiny_value(component) {
            return v != heap;
        }
        let known = self.state.exact.get(component).unwrap_or_default();
        if let Some(win) = known.wins(heap) {
            self.state.stats.exact_hits += 1;
            return win;
        }
        if let Some(v) = self.small_value(component) {
            return v != heap;
        }
        // Before the leaf, which would search first: a stopped or cancelled search
        // answers at once (the answer is thrown away).
        if self.stopped() || self.cancelled() {
            return false;
        }
        match self.leaf_wins(component, heap, known) {
            Some(LeafDecision::Decided(win)) => return win,
            // No answer: the search is stopped (noted), and unwinds as above.
            Some(LeafDecision::Stopped) => return false,
            None => {}
        }
        match self.look_up(component, known, |r| r.wins(heap).is_some()) {
            Lookup::Settled(record, from_memo) => {
                // Found without a search: heaps known to win that the shared memo's cheap
                // key holds are left there.
                let now = self.state.stats.positions;
                self.remember_unless_cheap(component, record, from_memo, now);
                record.wins(heap).unwrap_or(false)
            }
            Lookup::Reduced(smaller, pending) => {
                let before = self.state.stats.positions;
                let win = self.position_wins(smaller, heap);
                let record = Record::decided(heap, win);
                let stored = pending.stores();
                self.store(pending, record);
                self.remember_unless_cheap(component, record, stored, before);
                win
            }
            Lookup::Search(record, pending) => {
                // Another process's part, when the search is spread (engine/remote.rs).
                let (record, tell) = match self.remote_ask(component, heap, record, &pending, false)
                {
                    Step::Settled(record) => {
                        self.store(pending, record);
                        self.remember(component.clone(), record);
                        return record.wins(heap).unwrap_or(false);
                    }
                    Step::Deferred => {
                        self.drop_pending(pending);
                        return false;
                    }
                    Step::Search { record, tell } => (record, tell),
                };
                let win = self.search(component, heap, record, &pending);
                if tell {
                    self.remote_done(&pending, heap, Some(win));
                } else {
                    self.remote_publish(component, &pending, heap, win);
                }
                self.drop_pending(pending);
                win
            }
        }
    }

    /// Searches `component + *heap`, which the memos (`record`) do not settle, and stores
    /// what it learns under the keys of `pending` and in the exact cache.
    fn search(
        &mut self,
        component: &G::Position,
        heap: u8,
        mut record: Record,
        pending: &Pending,
    ) -> bool {
        let heap_first = self.context.memo.config.heap_moves_first;
        if heap_first && self.heap_move_wins(component, heap, &mut record, pending) {
            if self.context.memo.proof.is_some() {
                self.prove(component, heap, super::proof::Concluded::WinByHeap);
            }
            return true;
        }
        if self.stopped() || self.cancelled() {
            return false;
        }
        let before = self.state.stats.positions;
        self.count_position();
        self.state.depth += 1;
        let mut win = self.option_wins(component, heap);
        self.state.depth -= 1;
        if !win && !heap_first && self.heap_move_wins(component, heap, &mut record, pending) {
            win = true;
            if self.context.memo.proof.is_some() {
                self.prove(component, heap, super::proof::Concluded::WinByHeap);
            }
        }
        if !win && self.context.memo.proof.is_some() {
            self.prove(component, heap, super::proof::Concluded::Loss);
        }
        let record = Record::decided(heap, win);
        self.store_under(pending, record);
        self.remember_unless_cheap(component, record, pending.stores(), before);
        win
    }

    /// Puts `record` (what the search learned about `component` since the position count
    /// was `before`) into the exact cache, unless it is a cheap win that the shared memo
    /// holds (`stored`): heaps known to win, proved by a search of fewer than
    /// [`CHEAP_WIN_POSITIONS`] positions. Those come back from the shared memo under the
    /// component's key, so the exact cache keeps to the nimbers and the costlier facts.
    fn remember_unless_cheap(
        &mut self,
        component: &G::Position,
        record: Record,
        stored: bool,
        before: u64,
    ) {
        let cheap = self.state.stats.positions - before < CHEAP_WIN_POSITIONS;
        if !(stored && cheap && record.value().is_none()) {
            self.remember(component.clone(), record);
        }
    }

    /// Whether a heap move wins: `component + *q` is a loss for some `q < heap`, that is,
    /// `q` is the nimber of `component`. Heaps the record knows to win are skipped; the
    /// others are searched smallest first (under the keys of `pending`), and each win is
    /// added to `record`.
    fn heap_move_wins(
        &mut self,
        component: &G::Position,
        heap: u8,
        record: &mut Record,
        pending: &Pending,
    ) -> bool {
        if self.context.memo.config.fault == Some(Fault::NoHeapMoves) {
            return false;
        }
        for q in 0..heap {
            match record.wins(q) {
                Some(true) => continue,
                Some(false) => return true,
                None => {}
            }
            if !self.search(component, q, *record, pending) {
                self.state.stats.heap_wins += 1;
                return true;
            }
            *record = record.with_win(q);
        }
        false
    }

    /// Whether some option of `component` (a move in it, the heap left at `heap`) is a
    /// loss.
    fn option_wins(&mut self, component: &G::Position, heap: u8) -> bool {
        let game = self.context.game;
        let base = self.state.pieces.len();
        let first = self.state.candidates.len();
        let mut won = false;
        // The options are made a batch at a time, and looked up as they come: most nodes
        // are won by an option the exact cache settles, and the rest need not be made.
        let mut from = 0;
        let mut batch = FIRST_OPTION_BATCH;
        while from != usize::MAX && !won {
            let made = self.state.pieces.len();
            game.option_pieces_from(
                component,
                &mut self.state.scratch,
                &mut self.state.pieces,
                &mut from,
                batch,
            );
            batch *= 2;
            let end = self.state.pieces.len();
            for piece in &self.state.pieces[made..end] {
                if !piece.is_vacant() && game.tiny_value(piece).is_none() {
                    self.state.exact.prefetch(piece);
                }
            }
            let mut start = made;
            for i in made..end {
                if !self.state.pieces[i].is_vacant() {
                    continue;
                }
                let (settled, left) = self.option_by_lookup(start..i, heap);
                match settled {
                    Some(false) => {
                        won = true;
                        if self.context.memo.proof.is_some() {
                            self.prove_win(component, heap, start..i);
                        }
                        break;
                    }
                    Some(true) => {}
                    None => self.state.candidates.push(Candidate {
                        left,
                        start: start as u32,
                        end: i as u32,
                    }),
                }
                start = i + 1;
            }
        }
        if won {
            self.state.stats.lookup_cutoffs += 1;
        } else {
            self.state.candidates[first..].sort_by_key(|c| c.left);
            let killer_node = self.state.depth <= self.context.killer_levels
                && self.context.killer_slots > 0
                && game.killer_replies(component);
            let killers_moved = if killer_node {
                self.killers_first(component, first)
            } else {
                0
            };
            let winner = if self.context.parallel
                && self.state.depth <= PARALLEL_LEVELS
                && game.order(component) >= self.context.parallel_min_order
                && self.state.candidates.len() - first > 1
            {
                self.parallel_losing_candidate(first, heap)
            } else {
                self.losing_candidate(first, self.state.candidates.len(), heap)
            };
            won = winner.is_some();
            if let (Some(c), Some(_)) = (winner, &self.context.memo.proof) {
                let Candidate { start, end, .. } = self.state.candidates[c];
                self.prove_win(component, heap, start as usize..end as usize);
            }
            if let Some(winner) = winner.filter(|_| killer_node) {
                if winner < first + killers_moved {
                    self.state.stats.killer_wins += 1;
                }
                self.learn_killer(component, winner);
            }
        }
        self.state.candidates.truncate(first);
        self.state.pieces.truncate(base);
        won
    }

    /// Tells the proof hook (engine/proof.rs) that `component + *heap` was concluded as
    /// `how` says: not once the search is stopped, nor in a cancelled task.
    fn prove(&mut self, component: &G::Position, heap: u8, how: super::proof::Concluded<'_>) {
        let Some(hook) = self.proof_hook() else {
            return;
        };
        let mut words = Vec::new();
        component.words_into(&mut words);
        hook.concluded(&words, heap, how);
    }

    /// Tells the proof hook that `component + *heap` wins by the option
    /// `pieces[range]`, which loses.
    fn prove_win(&mut self, component: &G::Position, heap: u8, range: Range<usize>) {
        let Some(hook) = self.proof_hook() else {
            return;
        };
        let mut words = Vec::new();
        component.words_into(&mut words);
        let mut option = Vec::new();
        let mut union = vec![0u64; words.len()];
        for piece in &self.state.pieces[range] {
            option.clear();
            piece.words_into(&mut option);
            for (u, w) in union.iter_mut().zip(&option) {
                *u |= w;
            }
        }
        hook.concluded(&words, heap, super::proof::Concluded::WinByOption(&union));
    }

    /// The proof hook, when the memo has one and this search may tell it: neither
    /// stopped nor cancelled, asked at the moment of the conclusion.
    ///
    /// On several threads this is enough. A node concluded in a task whose answer was not
    /// needed (a sibling lost first) is still a fact about its position, and is told. A
    /// meaningless answer (a loss returned by a cancelled or stopped search) comes only
    /// from a search that saw its own flag up: the flags of the task running on this
    /// thread (`cancelled`, put in place by `in_parallel` for each task, never lowered),
    /// or the memo's `stopped`, which never goes down either. Every node above it on the
    /// same task reads the same flag at its own conclusion, later, and sees it up (one
    /// atomic, one thread: reads are coherent); a nested task cancelled by its own group
    /// alone returns no answer (`parallel_losing_candidate`). So no node concluded from a
    /// meaningless answer is told.
    fn proof_hook(&self) -> Option<std::sync::Arc<dyn super::proof::ProofHook>> {
        if self.stopped() || self.cancelled() {
            return None;
        }
        self.context.memo.proof.clone()
    }

    /// Moves the candidates made by this depth's killer replies to `first` and after it,
    /// the newest reply first: how many were moved.
    fn killers_first(&mut self, component: &G::Position, first: usize) -> usize {
        let slots = self.context.killer_slots;
        let row = self.state.depth * slots;
        let Some(kept) = self.state.killers.get(row..row + slots) else {
            return 0;
        };
        let game = self.context.game;
        let pieces = &self.state.pieces;
        let moved = killers::to_front(&mut self.state.candidates[first..], kept, |c| {
            game.option_move(component, &pieces[c.start as usize..c.end as usize])
        });
        if moved > 0 {
            self.state.stats.killer_tries += 1;
        }
        moved
    }

    /// Keeps the move of the candidate `winner` (which won the node) as this depth's
    /// newest killer reply.
    fn learn_killer(&mut self, component: &G::Position, winner: usize) {
        let Candidate { start, end, .. } = self.state.candidates[winner];
        let Some(mv) = self
            .context
            .game
            .option_move(component, &self.state.pieces[start as usize..end as usize])
        else {
            return;
        };
        let slots = self.context.killer_slots;
        let row = self.state.depth * slots;
        if self.state.killers.len() < row + slots {
            self.state.killers.resize(row + slots, None);
        }
        killers::remember(&mut self.state.killers[row..row + slots], mv);
    }

    /// Searches the candidates `first..last` in order, up to the first that loses (the
    /// node's winning move): its index, or None when all win.
    fn losing_candidate(&mut self, first: usize, last: usize, heap: u8) -> Option<usize> {
        if self.defers() {
            return self.deferring_losing_candidate(first, last, heap);
        }
        let first_decides = self.context.memo.config.fault == Some(Fault::FirstOptionDecides);
        for c in first..last {
            let Candidate { start, end, .. } = self.state.candidates[c];
            if !self.sum_wins(start as usize..end as usize, heap) {
                self.state.stats.cutoffs += 1;
                return Some(c);
            }
            if first_decides {
                return None;
            }
        }
        None
    }

    /// [`losing_candidate`](Self::losing_candidate) with the first candidates searched
    /// alone (until [`split_pays`](Self::split_pays)) and the others across the pool; a
    /// task that starts after a sibling lost is skipped.
    fn parallel_losing_candidate(&mut self, first: usize, heap: u8) -> Option<usize> {
        let begun = self.split_cost();
        let last = self.state.candidates.len();
        let first_decides = self.context.memo.config.fault == Some(Fault::FirstOptionDecides);
        let mut alone = first;
        loop {
            let loses = self.losing_candidate(alone, alone + 1, heap);
            alone += 1;
            if loses.is_some() || first_decides {
                return loses;
            }
            if alone == last {
                return None;
            }
            if self.split_pays(begun) {
                break;
            }
        }
        let first = alone - 1;
        self.state.stats.parallel_splits += 1;
        let options: Vec<Vec<G::Position>> = self.state.candidates[first + 1..]
            .iter()
            .map(|c| self.state.pieces[c.start as usize..c.end as usize].to_vec())
            .collect();
        // Up once an option loses: the tasks not started are skipped, and those running
        // are cancelled (they stop, and keep nothing they learnt after the flag went up).
        let found = Arc::new(AtomicBool::new(false));
        let cancelled_tasks = AtomicU64::new(0);
        let answers = self.in_parallel(&options, Some(&found), |engine, pieces| {
            if engine.cancelled() {
                return None;
            }
            let base = engine.state.pieces.len();
            engine.state.pieces.extend_from_slice(pieces);
            let win = engine.sum_wins(base..base + pieces.len(), heap);
            engine.state.pieces.truncate(base);
            if engine.cancelled() {
                cancelled_tasks.fetch_add(1, Relaxed);
                return None;
            }
            if !win {
                found.store(true, Relaxed);
            }
            Some(win)
        });
        let answered = answers.iter().flatten().count() as u64;
        let loser = answers.iter().position(|a| *a == Some(false));
        if loser.is_some() {
            self.state.stats.cutoffs += 1;
            // Every answer but one loss was not needed, nor were the cancelled tasks.
            let cancelled = cancelled_tasks.into_inner();
            self.state.stats.speculative += answered - 1 + cancelled;
            self.state.stats.cancelled += cancelled;
            for i in (0..answers.len()).filter(|&i| Some(i) != loser) {
                self.not_needed(i);
            }
        }
        loser.map(|i| first + 1 + i)
    }

    /// What the memos say of the option `pieces[range] + *heap` without searching:
    /// `Some(win)` when the nimbers of all its pieces, or of all but one and that one's
    /// record against the folded heap, settle it. Also the option's place in the move
    /// order ([`Candidate::order_key`]).
    fn option_by_lookup(&mut self, range: Range<usize>, heap: u8) -> (Option<bool>, u32) {
        let game = self.context.game;
        let mut x = heap;
        let mut left = 0;
        let mut open_left = 0;
        let mut open = None;
        let mut open_count = 0;
        for i in range {
            let piece = &self.state.pieces[i];
            let order = game.order(piece) as u32;
            left += order;
            if let Some(v) = game.tiny_value(piece) {
                x ^= v;
                continue;
            }
            let record = self.state.exact.get(piece).unwrap_or_default();
            if let Some(v) = record.value() {
                x ^= v;
                continue;
            }
            let piece = piece.clone();
            match self.small_value(&piece) {
                Some(v) => x ^= v,
                None => {
                    open = Some(record);
                    open_count += 1;
                    open_left += order;
                }
            }
        }
        let settled = match (open_count, open) {
            (0, _) => Some(x != 0),
            (1, Some(record)) => record.wins(x),
            _ => None,
        };
        (settled, Candidate::order_key(open_left, left))
    }

    /// Whether `pieces[range] + *heap` (a sum of components) is a win: the nimbers of all
    /// pieces but the largest unknown one are folded into the heap, and that one is
    /// searched with it.
    pub(super) fn sum_wins(&mut self, range: Range<usize>, heap: u8) -> bool {
        let game = self.context.game;
        let mut x = heap;
        let first = self.state.unknown.len();
        let mut largest: Option<(usize, usize)> = None;
        for i in range {
            let piece = &self.state.pieces[i];
            if let Some(v) = game.tiny_value(piece) {
                x ^= v;
                continue;
            }
            if let Some(v) = self.state.exact.get(piece).and_then(Record::value) {
                self.state.stats.exact_hits += 1;
                x ^= v;
                continue;
            }
            let piece = piece.clone();
            if let Some(v) = self.small_value(&piece) {
                x ^= v;
                continue;
            }
            let order = game.order(&piece);
            if largest.map_or(true, |(o, _)| order > o) {
                largest = Some((order, i));
            }
            self.state.unknown.push(i as u32);
        }
        let Some((_, searched)) = largest else {
            return x != 0;
        };
        for u in first..self.state.unknown.len() {
            let i = self.state.unknown[u] as usize;
            if i != searched {
                let piece = self.state.pieces[i].clone();
                x ^= self.nimber(&piece);
            }
        }
        self.state.unknown.truncate(first);
        let piece = self.state.pieces[searched].clone();
        self.wins(&piece, x)
    }

    /// Whether `position + *heap` is a win, `position` a sum of components.
    pub(super) fn position_wins(&mut self, position: G::Position, heap: u8) -> bool {
        let base = self.state.pieces.len();
        self.context.game.split(&position, &mut self.state.pieces);
        let end = self.state.pieces.len();
        let win = self.sum_wins(base..end, heap);
        self.state.pieces.truncate(base);
        win
    }
}
