//! Set search (Beling and Rogalski, "On pruning search trees of impartial games",
//! Artificial Intelligence 283, 2020): a component is asked "your nimber, if it is in the
//! set `R`" instead of "is `C + *h` a loss" one heap at a time
//! ([`SearchConfig::set_search`](super::SearchConfig::set_search)).
//!
//! A node keeps the set `P` of values its nimber `g` may still take. With `n` options,
//! `g = mex` of their values is at most `n`, so `P` starts as `{0, ..., n}`; every option
//! takes one element out: its value when the option says it, else the largest of `P`.
//! An option is asked "your value, if it is in `P` without its largest, up to `max R`":
//! if its value is not there, it is either the largest of `P` or outside `P`, and either
//! way dropping the largest keeps `g` in `P` (with `r` options left, `P` keeps at least
//! `r + 1` elements, so at most `r - 1` of the others can be option values and `g`, the
//! least element of `P` that no option left takes, is not the largest). The argument
//! holds for every `g <= max R`; so once `P` misses `R`, `g` is not in `R`, and after the
//! last option the least element of `P`, when it is at most `max R` or every option
//! answered with its value, is `g`. The node answers with a [`Record`]: the nimber, or
//! the heaps of `R` (and the others it learnt) that `g` is not, so the memos of the
//! outcome method hold its answers as they hold the rounds'.
//!
//! What it prunes that the per-heap rounds cannot: an option is asked about a set that
//! shrinks as the node learns (and not asked at all once the set is empty), and one pass
//! over the options rules out every value of `R` at once, where the rounds search
//! `C + *q` for each `q < h` (the heap moves) again. The rounds stay at the top: the
//! nimber of a component is asked `{0}`, `{1}`, ... in turn ([`Engine::nimber_by_sets`]).
//!
//! Values are asked about below [`Record::WIN_HEAPS`]; a set that would reach beyond it
//! (an option's pieces folded into it) is answered by the rounds instead. Not used with a
//! proof hook (the hook is told the nodes of the rounds only), with several threads, a
//! remote (a search spread over processes), a deliberate fault, or for a component the
//! game's own leaf decides (those are asked heap by heap, [`Engine::set_by_heaps`]).

use super::context::Candidate;
use super::lookup::{Engine, Lookup, Pending};
use super::{Game, Position, Record};
use std::ops::Range;

/// The values a set may hold: those below [`Record::WIN_HEAPS`], as bits.
const SET_VALUES: u32 = (1 << Record::WIN_HEAPS) - 1;

/// How many options are made before the first lookups (as in the rounds).
const FIRST_OPTION_BATCH: usize = 4;

/// Whether `record` answers "is the nimber in `set`".
#[inline]
fn settles(record: Record, set: u32) -> bool {
    record.value().is_some() || set & !record.win_set() == 0
}

/// `{ s ^ x : s in set }`, when every element stays below [`Record::WIN_HEAPS`].
#[inline]
fn xor_set(set: u32, x: u8) -> Option<u32> {
    if x == 0 {
        return Some(set);
    }
    let mut out = 0u32;
    let mut bits = set;
    while bits != 0 {
        let s = bits.trailing_zeros() as u8;
        bits &= bits - 1;
        let t = s ^ x;
        if t >= Record::WIN_HEAPS {
            return None;
        }
        out |= 1 << t;
    }
    Some(out)
}

/// The values a node's nimber may still take (`P` of the module documentation): those
/// below 64 as bits, and how many above. An option's value above 63 takes nothing out
/// (the sets asked about stay below 31, and a larger `P` only weakens the pruning).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Potential {
    low: u64,
    high: usize,
}

impl Potential {
    /// `{0, ..., options}`.
    pub(crate) fn new(options: usize) -> Self {
        if options >= 63 {
            Potential {
                low: u64::MAX,
                high: options - 63,
            }
        } else {
            Potential {
                low: (1u64 << (options + 1)) - 1,
                high: 0,
            }
        }
    }

    /// Takes `value` out.
    #[inline]
    pub(crate) fn remove(&mut self, value: u8) {
        if value < 64 {
            self.low &= !(1u64 << value);
        }
    }

    /// The values below 64 but the largest element.
    #[inline]
    pub(crate) fn without_largest(&self) -> u64 {
        if self.high > 0 || self.low == 0 {
            self.low
        } else {
            self.low & !(1u64 << (63 - self.low.leading_zeros()))
        }
    }

    /// Takes the largest element out.
    #[inline]
    pub(crate) fn remove_largest(&mut self) {
        if self.high > 0 {
            self.high -= 1;
        } else {
            self.low = self.without_largest();
        }
    }

    /// The values below 64.
    #[inline]
    pub(crate) fn low(&self) -> u64 {
        self.low
    }
}

impl<G: Game> Engine<'_, '_, G> {
    /// Whether the set search answers this search's questions (see the module
    /// documentation for when it does not).
    #[inline]
    pub(super) fn sets_on(&self) -> bool {
        let memo = self.context.memo;
        memo.config.set_search
            && !self.context.parallel
            && memo.proof.is_none()
            && memo.config.fault.is_none()
            && memo.tables.remote.get().is_none()
    }

    /// The nimber of a component by sets: `{k}` asked for `k = 0, 1, ...` (each answer
    /// may rule out more than `k`), the rounds past [`Record::WIN_HEAPS`].
    pub(super) fn nimber_by_sets(&mut self, component: &G::Position, known: Record) -> u8 {
        let mut learnt = known;
        loop {
            let k = learnt.first_open_heap();
            if k >= Record::WIN_HEAPS {
                return self.nimber_by_rounds(component, k);
            }
            self.state.stats.rounds += 1;
            let answer = self.value_in(component, 1 << k);
            if self.stopped() || self.cancelled() {
                return 0;
            }
            if let Some(v) = answer.value() {
                return v;
            }
            learnt = learnt.merge(answer).with_win(k);
        }
    }

    /// What is known of "the nimber of `component`, if it is in `set`" (bits below
    /// [`Record::WIN_HEAPS`], not empty): a record that holds the nimber, or in which every
    /// heap of `set` wins. (Once the search is stopped, a meaningless record.)
    pub(super) fn value_in(&mut self, component: &G::Position, set: u32) -> Record {
        debug_assert!(set != 0 && set & !SET_VALUES == 0);
        let game = self.context.game;
        if let Some(v) = game.tiny_value(component) {
            return Record::known(v);
        }
        let known = self.state.exact.get(component).unwrap_or_default();
        if settles(known, set) {
            self.state.stats.exact_hits += 1;
            return known;
        }
        if let Some(v) = self.small_value(component) {
            return Record::known(v);
        }
        if self.stopped() || self.cancelled() {
            return Record::UNKNOWN.with_wins(set);
        }
        if self.leaf_decides(component) {
            return self.set_by_heaps(component, set, known);
        }
        match self.look_up(component, known, |r| settles(r, set)) {
            Lookup::Settled(record) => {
                self.remember(component.clone(), record);
                record
            }
            Lookup::Reduced(smaller, pending) => {
                let record = self.position_value_in(smaller, set);
                if self.stopped() || self.cancelled() {
                    self.drop_pending(pending);
                    return record;
                }
                self.store(pending, record);
                self.remember(component.clone(), record);
                record
            }
            Lookup::Search(record, pending) => {
                let found = self.search_set(component, set, record, &pending);
                self.drop_pending(pending);
                found
            }
        }
    }

    /// Whether the game's own leaf search decides `component` (it answers one heap at a
    /// time).
    fn leaf_decides(&mut self, component: &G::Position) -> bool {
        let config = self.context.memo.config;
        let game = self.context.game;
        config.known_pieces
            && config.leaf_order != 0
            && game.order(component) <= config.leaf_order
            && game.leaf_applies(component, config.leaf_order, &mut self.state.scratch)
    }

    /// [`value_in`](Self::value_in) by the rounds: `component + *q` for each `q` of `set`
    /// not known to win, smallest first, up to the first loss.
    fn set_by_heaps(&mut self, component: &G::Position, set: u32, known: Record) -> Record {
        let mut record = known;
        let mut open = set & !known.win_set();
        while open != 0 {
            let q = open.trailing_zeros() as u8;
            open &= open - 1;
            if !self.wins(component, q) {
                return Record::known(q);
            }
            record = record.with_win(q);
        }
        record
    }

    /// [`value_in`](Self::value_in) of a sum of components: all pieces but the largest
    /// unknown one folded in, that one asked about the set moved by their xor.
    fn position_value_in(&mut self, position: G::Position, set: u32) -> Record {
        let base = self.state.pieces.len();
        self.context.game.split(&position, &mut self.state.pieces);
        let end = self.state.pieces.len();
        let record = self.sum_value_in(base..end, set);
        self.state.pieces.truncate(base);
        record
    }

    /// What is known of "the value of the sum `pieces[range]`, if it is in `set`": the
    /// value, or a record in which every heap of `set` wins.
    fn sum_value_in(&mut self, range: Range<usize>, set: u32) -> Record {
        let game = self.context.game;
        let mut x = 0u8;
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
            return Record::known(x);
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
        match xor_set(set, x) {
            Some(moved) => match self.value_in(&piece, moved).value() {
                Some(v) => Record::known(v ^ x),
                None => Record::UNKNOWN.with_wins(set),
            },
            None => Record::known(self.nimber(&piece) ^ x),
        }
    }

    /// Searches "the nimber of `component`, if it is in `set`", which the memos
    /// (`record`) do not settle, and stores what it learns under the keys of `pending`
    /// and in the exact cache.
    fn search_set(
        &mut self,
        component: &G::Position,
        set: u32,
        record: Record,
        pending: &Pending,
    ) -> Record {
        if self.stopped() || self.cancelled() {
            return Record::UNKNOWN.with_wins(set);
        }
        self.count_position();
        self.state.depth += 1;
        let found = self.set_options(component, set, record);
        self.state.depth -= 1;
        if self.stopped() || self.cancelled() {
            return found;
        }
        let record = record.merge(found);
        self.store_under(pending, record);
        self.remember(component.clone(), record);
        record
    }

    /// The pass over the options of the module documentation: what the options of
    /// `component` prove of "its nimber, if in `set`" (`known`: what the memos knew).
    fn set_options(&mut self, component: &G::Position, set: u32, known: Record) -> Record {
        let game = self.context.game;
        let base = self.state.pieces.len();
        let first = self.state.candidates.len();
        // The values of `set` the memos leave open: `g` is in `set` only if it is here.
        let open = set & !known.win_set();
        // The question asked is `open` (the rest of `set` is answered): values up to its
        // largest matter.
        let top = 31 - open.leading_zeros();
        let upto: u64 = (2u64 << top) - 1;
        // Values of options found by lookup (each is not the nimber).
        let mut seen = 0u64;
        let mut options = 0usize;
        let mut from = 0;
        let mut batch = FIRST_OPTION_BATCH;
        let mut settled = false;
        while from != usize::MAX && !settled {
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
                options += 1;
                match self.option_value_by_lookup(start..i) {
                    (Some(v), _) => {
                        if v < 64 {
                            seen |= 1 << v;
                        }
                    }
                    (None, left) => self.state.candidates.push(Candidate {
                        left,
                        start: start as u32,
                        end: i as u32,
                    }),
                }
                start = i + 1;
            }
            settled = open & !(seen as u32) == 0;
        }
        let learnt = known.with_wins(seen as u32);
        let answer = if settled {
            self.state.stats.lookup_cutoffs += 1;
            learnt
        } else if open.count_ones() == 1 && known.first_open_heap() == open.trailing_zeros() as u8 {
            // Every value below `k` (the one open) is known not to be the nimber, so
            // each is an option's value, and the nimber is `k` exactly when no option's
            // is: each option is asked about `k` alone.
            self.state.candidates[first..].sort_by_key(|c| c.left);
            self.heap_candidates(first, open.trailing_zeros() as u8, learnt)
        } else {
            self.state.candidates[first..].sort_by_key(|c| c.left);
            let mut potential = Potential::new(options);
            let mut bits = seen;
            while bits != 0 {
                potential.remove(bits.trailing_zeros() as u8);
                bits &= bits - 1;
            }
            self.set_candidates(first, open, upto, potential, learnt)
        };
        self.state.candidates.truncate(first);
        self.state.pieces.truncate(base);
        answer
    }

    /// The searched part of [`set_options`](Self::set_options): the candidates from
    /// `first` on, in order, with `potential` (`P`) after the options settled by lookup.
    fn set_candidates(
        &mut self,
        first: usize,
        open: u32,
        upto: u64,
        mut potential: Potential,
        learnt: Record,
    ) -> Record {
        let mut learnt = learnt;
        let mut exact = true;
        for c in first..self.state.candidates.len() {
            if potential.low() & u64::from(open) == 0 {
                // `g` is in `P` if it is at most `max R`: every value of `R` up to `max R`
                // outside `P` is not the nimber.
                self.state.stats.cutoffs += 1;
                return learnt.with_wins((upto & !potential.low()) as u32);
            }
            let asked = (potential.without_largest() & upto) as u32;
            if asked == 0 {
                potential.remove_largest();
                exact = false;
                continue;
            }
            let Candidate { start, end, .. } = self.state.candidates[c];
            let answer = self.sum_value_in(start as usize..end as usize, asked);
            if self.stopped() || self.cancelled() {
                return learnt;
            }
            match answer.value() {
                Some(v) => {
                    potential.remove(v);
                    learnt = learnt.with_wins(if v < 31 { 1 << v } else { 0 });
                }
                None => {
                    potential.remove_largest();
                    exact = false;
                }
            }
        }
        let low = potential.low();
        if low != 0 {
            let least = low.trailing_zeros() as u64;
            if exact || least <= u64::from(63 - upto.leading_zeros()) {
                return Record::known(least as u8);
            }
        }
        // The nimber is above `max R`.
        learnt.with_wins(upto as u32)
    }

    /// [`set_candidates`](Self::set_candidates) when every value below `k` is known not
    /// to be the nimber and `k` is asked: the nimber is `k` unless an option's value is.
    fn heap_candidates(&mut self, first: usize, k: u8, learnt: Record) -> Record {
        let mut learnt = learnt;
        for c in first..self.state.candidates.len() {
            let Candidate { start, end, .. } = self.state.candidates[c];
            let answer = self.sum_value_in(start as usize..end as usize, 1 << k);
            if self.stopped() || self.cancelled() {
                return learnt;
            }
            match answer.value() {
                Some(v) if v == k => {
                    self.state.stats.cutoffs += 1;
                    return learnt.with_win(k);
                }
                Some(v) => learnt = learnt.with_wins(if v < 31 { 1 << v } else { 0 }),
                None => {}
            }
        }
        Record::known(k)
    }

    /// The value of the option `pieces[range]` when the memos give it (every piece's
    /// nimber, or all but one and that one's), and its place in the move order
    /// ([`Candidate::order_key`]).
    fn option_value_by_lookup(&mut self, range: Range<usize>) -> (Option<u8>, u32) {
        let game = self.context.game;
        let mut x = 0u8;
        let mut left = 0;
        let mut open_left = 0;
        let mut open_count = 0;
        for i in range {
            let piece = &self.state.pieces[i];
            let order = game.order(piece) as u32;
            left += order;
            if let Some(v) = game.tiny_value(piece) {
                x ^= v;
                continue;
            }
            if let Some(v) = self.state.exact.get(piece).and_then(Record::value) {
                x ^= v;
                continue;
            }
            let piece = piece.clone();
            match self.small_value(&piece) {
                Some(v) => x ^= v,
                None => {
                    open_count += 1;
                    open_left += order;
                }
            }
        }
        let value = (open_count == 0).then_some(x);
        (value, Candidate::order_key(open_left, left))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn potential_counts_the_options() {
        let mut p = Potential::new(3);
        assert_eq!(p.low(), 0b1111);
        assert_eq!(p.without_largest(), 0b0111);
        p.remove(1);
        p.remove_largest();
        assert_eq!(p.low(), 0b0101);
        let mut wide = Potential::new(65);
        assert_eq!(wide.low(), u64::MAX);
        wide.remove_largest();
        wide.remove_largest();
        assert_eq!(wide.low(), u64::MAX);
        wide.remove_largest();
        assert_eq!(wide.low(), u64::MAX >> 1);
    }

    #[test]
    fn xor_set_moves_every_element() {
        assert_eq!(xor_set(0b0110, 1), Some(0b1001));
        assert_eq!(xor_set(0b0110, 0), Some(0b0110));
        assert_eq!(xor_set(1, 31), None);
    }
}
