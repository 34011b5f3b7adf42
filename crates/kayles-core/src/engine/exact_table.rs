//! [`ExactTable`]: the search's per-thread memo from positions to [`Record`]s, an
//! open-addressing table that keeps each key beside its value, so that a lookup touches
//! one cache line, and that can be asked to prefetch a key's slot ahead of the lookup.
//!
//! The search looks up tens of components per position in a table far larger than the
//! processor's caches; with a general-purpose map each lookup costs two dependent memory
//! misses (control bytes, then the bucket). Here it is one, and the misses of one
//! position's lookups are started together by [`ExactTable::prefetch`].

use super::{Position, Record};

/// The table doubles when more than `LOAD_NUMERATOR / LOAD_DENOMINATOR` of its slots are
/// taken: three quarters. (Cram 5 x 8, one thread: peak RSS 227 MB at one half, 128 MB at
/// three quarters, in about the same time; docs/performance.md.)
const LOAD_NUMERATOR: usize = 3;
/// See [`LOAD_NUMERATOR`].
const LOAD_DENOMINATOR: usize = 4;

/// Position -> record, linear probing, the vacant position marking a free slot (the search
/// never stores it).
pub(crate) struct ExactTable<P: Position> {
    slots: Vec<(P, Record)>,
    len: usize,
}

impl<P: Position> ExactTable<P> {
    /// An empty table.
    pub(crate) fn new() -> Self {
        ExactTable {
            slots: vec![(P::vacant(), Record::UNKNOWN); 1 << 6],
            len: 0,
        }
    }

    #[inline]
    fn slot_of(&self, key: &P) -> usize {
        key.hash64() as usize & (self.slots.len() - 1)
    }

    /// The record stored for `key` (not the vacant position).
    #[inline]
    pub(crate) fn get(&self, key: &P) -> Option<Record> {
        let mask = self.slots.len() - 1;
        let mut i = self.slot_of(key);
        loop {
            let (k, v) = &self.slots[i];
            if k == key {
                return Some(*v);
            }
            if k.is_vacant() {
                return None;
            }
            i = (i + 1) & mask;
        }
    }

    /// Starts loading `key`'s slot into the cache, for a [`get`](Self::get) soon after.
    #[inline]
    pub(crate) fn prefetch(&self, key: &P) {
        let slot = &self.slots[self.slot_of(key)];
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch is only a hint: it reads nothing and cannot fault, and the
        // pointer is to a live element anyway. SSE is part of the x86_64 baseline.
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            _mm_prefetch::<_MM_HINT_T0>((slot as *const (P, Record)).cast::<i8>());
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = slot;
    }

    /// Merges `record` into the entry of `key` (not the vacant position).
    pub(crate) fn insert(&mut self, key: P, record: Record) {
        debug_assert!(!key.is_vacant());
        if LOAD_DENOMINATOR * (self.len + 1) > LOAD_NUMERATOR * self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = self.slot_of(&key);
        loop {
            let k = &self.slots[i].0;
            if *k == key {
                self.slots[i].1 = self.slots[i].1.merge(record);
                return;
            }
            if k.is_vacant() {
                self.slots[i] = (key, record);
                self.len += 1;
                return;
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let size = 2 * self.slots.len();
        let old = std::mem::replace(&mut self.slots, vec![(P::vacant(), Record::UNKNOWN); size]);
        crate::huge_pages::advise(&self.slots);
        self.len = 0;
        for (k, v) in old {
            if !k.is_vacant() {
                self.insert(k, v);
            }
        }
    }

    /// Number of entries.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Bytes held by the slots (the table is touched all over, so all of it is resident).
    pub(crate) fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<(P, Record)>()
    }

    /// Bytes the entries need (the table is kept at most three quarters full).
    pub(crate) fn live_bytes(&self) -> usize {
        LOAD_DENOMINATOR * self.len * std::mem::size_of::<(P, Record)>() / LOAD_NUMERATOR
    }

    /// True when the slots already take `cap` bytes and fewer than 1024 more entries
    /// would make the table double: the time to clear it, so that it never grows past
    /// `cap` (the owner checks once every 1024 new entries).
    pub(crate) fn full_at(&self, cap: usize) -> bool {
        self.bytes() >= cap
            && LOAD_DENOMINATOR * (self.len + 1024) > LOAD_NUMERATOR * self.slots.len()
    }

    /// Drops every entry, keeping the allocation.
    pub(crate) fn clear(&mut self) {
        self.slots.fill((P::vacant(), Record::UNKNOWN));
        self.len = 0;
    }

    /// Drops every entry but those that hold a nimber (the ones an option's lookup folds
    /// into its heap; the heaps known to win of a component come back from the shared
    /// memo when it is searched again), keeping the allocation. When those would take
    /// more than half of what the table holds before it doubles, every entry goes.
    pub(crate) fn clear_keeping_values(&mut self) {
        let kept: Vec<(P, Record)> = self
            .slots
            .iter()
            .filter(|(k, v)| !k.is_vacant() && v.value().is_some())
            .cloned()
            .collect();
        self.clear();
        if 2 * LOAD_DENOMINATOR * kept.len() <= LOAD_NUMERATOR * self.slots.len() {
            for (k, v) in kept {
                self.insert(k, v);
            }
        }
    }

    /// A table without slots, as a placeholder that is never read (any lookup panics).
    pub(crate) fn empty() -> Self {
        ExactTable {
            slots: Vec::new(),
            len: 0,
        }
    }

    /// Drops every entry and the allocation.
    pub(crate) fn reset(&mut self) {
        *self = Self::new();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn behaves_as_a_map() {
        let mut t = ExactTable::<u128>::new();
        let mut reference = std::collections::HashMap::new();
        let mut next = crate::brute::xorshift(0x2545_f491_4f6c_dd1d);
        for round in 0..20_000u32 {
            let x = next();
            // Few distinct keys, so that replacements and hits happen too.
            let key = u128::from(x % 5000 + 1) << (x % 64);
            // Wins against heaps, merged with what the key had.
            let record = Record::UNKNOWN.with_win((round % 29) as u8);
            t.prefetch(&key);
            assert_eq!(t.get(&key), reference.get(&key).copied());
            t.insert(key, record);
            let merged = reference
                .get(&key)
                .map_or(record, |r: &Record| r.merge(record));
            reference.insert(key, merged);
        }
        assert_eq!(t.len(), reference.len());
        for (&k, &v) in &reference {
            assert_eq!(t.get(&k), Some(v));
        }
        t.clear();
        assert_eq!(t.len(), 0);
        assert_eq!(t.get(&1), None);
    }

    /// Clearing keeps the entries that hold a nimber and drops the heaps known to win,
    /// unless the nimbers would fill more than half of what the table holds before it
    /// doubles: then everything goes.
    #[test]
    fn clearing_keeps_the_known_nimbers() {
        let mut t = ExactTable::<u64>::new();
        for key in 1..=40u64 {
            let record = if key % 4 == 0 {
                Record::known((key % 7) as u8)
            } else {
                Record::UNKNOWN.with_win((key % 5) as u8)
            };
            t.insert(key, record);
        }
        t.clear_keeping_values();
        assert_eq!(t.len(), 10);
        for key in 1..=40u64 {
            let expected = (key % 4 == 0).then(|| Record::known((key % 7) as u8));
            assert_eq!(t.get(&key), expected, "key {key}");
        }
        // 64 slots: 24 nimbers would take more than half of the 48 entries it holds.
        let mut t = ExactTable::<u64>::new();
        for key in 1..=24u64 {
            t.insert(key, Record::known(1));
        }
        assert_eq!(t.bytes(), 64 * 16);
        t.clear_keeping_values();
        assert_eq!(t.len(), 24);
        t.insert(25, Record::known(1));
        t.clear_keeping_values();
        assert_eq!(t.len(), 0);
        assert_eq!(t.get(&1), None);
    }

    /// A table cleared whenever `full_at` says so, checked every 1024 new entries as the
    /// search does, never holds more slots than the cap allows.
    #[test]
    fn clearing_when_full_keeps_the_table_within_its_cap() {
        let cap = 1 << 16; // bytes: 4096 slots of 16 bytes
        let mut t = ExactTable::<u64>::new();
        let mut most = 0;
        for key in 1..100_000u64 {
            if t.len() % 1024 == 1023 && t.full_at(cap) {
                t.clear();
            }
            t.insert(key, Record::known(1));
            most = most.max(t.bytes());
        }
        assert_eq!(most, cap);
    }
}
