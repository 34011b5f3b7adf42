//! The mex method: the value of a component is the mex of its options' values, each the
//! xor of its pieces' values. Every option is visited; the memos hold nimbers.

use super::lookup::{Engine, Lookup};
use super::{option_ranges, Game, Position, Record, PARALLEL_LEVELS};
use crate::mex::of_byte_set;
use std::sync::atomic::Ordering::Relaxed;

impl<G: Game> Engine<'_, '_, G> {
    /// Xor of the values of the components of `position`.
    pub(super) fn xor_of_components(&mut self, position: G::Position) -> u8 {
        let base = self.state.pieces.len();
        self.context.game.split(&position, &mut self.state.pieces);
        let mut x = 0;
        for i in base..self.state.pieces.len() {
            let piece = self.state.pieces[i].clone();
            x ^= self.value(piece);
        }
        self.state.pieces.truncate(base);
        x
    }

    /// Value of a component.
    #[inline]
    fn value(&mut self, component: G::Position) -> u8 {
        if let Some(v) = self.context.game.tiny_value(&component) {
            return v;
        }
        let cached = self.state.exact.get(&component);
        if let Some(v) = cached.and_then(Record::value) {
            self.state.stats.exact_hits += 1;
            return v;
        }
        if let Some(v) = self.small_value(&component) {
            return v;
        }
        let v = self.value_uncached(&component, cached.unwrap_or_default());
        self.remember(component, Record::known(v));
        v
    }

    /// The value of a component the exact cache does not know (`known` is what it holds).
    fn value_uncached(&mut self, component: &G::Position, known: Record) -> u8 {
        if self.stopped() {
            return 0;
        }
        let pending = match self.look_up(component, known, |r| r.value().is_some()) {
            Lookup::Settled(record, _) => return record.value().unwrap_or_default(),
            Lookup::Reduced(smaller, pending) => {
                let v = self.xor_of_components(smaller);
                self.store(pending, Record::known(v));
                return v;
            }
            Lookup::Search(_, pending) => pending,
        };
        self.count_position();
        self.state.depth += 1;
        let seen = self.option_values(component);
        self.state.depth -= 1;
        let value = match of_byte_set(&seen) {
            Some(m) => m,
            None => {
                self.context.memo.overflow.store(true, Relaxed);
                0
            }
        };
        self.store(pending, Record::known(value));
        value
    }

    /// The options' values of `component`, as a 256-bit seen set.
    ///
    /// First every option is split into its pieces (the game's work), and the exact
    /// cache's slots of the pieces are prefetched; then they are all looked up. The
    /// lookups of one position are independent of each other, so the processor overlaps
    /// their memory accesses instead of waiting for each in turn. A large component
    /// (see [`SearchConfig::parallel_min_order`](super::SearchConfig::parallel_min_order))
    /// has its options searched in parallel.
    fn option_values(&mut self, component: &G::Position) -> [u64; 4] {
        let game = self.context.game;
        let base = self.state.pieces.len();
        game.option_pieces(component, &mut self.state.scratch, &mut self.state.pieces);
        if self.context.parallel
            && self.state.depth <= PARALLEL_LEVELS
            && game.order(component) >= self.context.parallel_min_order
        {
            let pieces: Vec<G::Position> = self.state.pieces.drain(base..).collect();
            self.state.stats.parallel_splits += 1;
            let values = self.in_parallel(&option_ranges(&pieces), None, |engine, range| {
                let mut x = 0u8;
                for piece in &pieces[range.clone()] {
                    x ^= engine.value(piece.clone());
                }
                x
            });
            let mut seen = [0u64; 4];
            for x in values {
                seen[(x >> 6) as usize] |= 1 << (x & 63);
            }
            return seen;
        }
        let end = self.state.pieces.len();
        for piece in &self.state.pieces[base..end] {
            if !piece.is_vacant() && game.tiny_value(piece).is_none() {
                self.state.exact.prefetch(piece);
            }
        }
        let mut seen = [0u64; 4];
        let mut x = 0u8;
        for i in base..end {
            let piece = self.state.pieces[i].clone();
            if piece.is_vacant() {
                seen[(x >> 6) as usize] |= 1 << (x & 63);
                x = 0;
            } else {
                x ^= self.value(piece);
            }
        }
        self.state.pieces.truncate(base);
        seen
    }
}
