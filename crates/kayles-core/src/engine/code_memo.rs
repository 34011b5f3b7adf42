//! [`CodeMemo`]: a map from codes (`[u64]` words: canonical codes, shape codes,
//! host-symmetry keys) to [`Record`]s (a nimber, or heaps known to win). Long keys live
//! in one compact arena, so that an entry costs its key words plus 16 bytes; keys of one
//! or two words (the host-symmetry keys of hosts up to 128 vertices) are kept in their
//! slot, packed (12 or 20 bytes), so that a lookup touches one place in memory.
//!
//! The full key is stored and compared: the hash is only a pre-filter, never trusted on
//! its own.

use super::Record;
use hashbrown::HashTable;

/// A long key's entry: 16 bytes. The slot keeps 32 bits of the hash (the table's 64-bit
/// hash is a fixed function of them, see [`CodeMemo::hash`]).
#[derive(Clone, Copy, Debug)]
struct Slot {
    hash: u32,
    start: u32,
    len: u16,
    record: Record,
}

/// The table hash of a slot's 32 bits: a bijection onto 64 bits whose top bits (the
/// shard and hashbrown's tag) depend on all 32.
#[inline]
fn spread(hash32: u32) -> u64 {
    u64::from(hash32).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// An entry of a key of `N` words kept in its slot: `8N + 4` bytes, packed (12 bytes for
/// one word, 20 for two), since the slots are most of a long search's memory.
#[derive(Clone, Copy, Debug)]
#[repr(C, packed(4))]
struct InlineSlot<const N: usize> {
    key: [u64; N],
    record: Record,
}

impl<const N: usize> InlineSlot<N> {
    /// The key of a free slot. A code equal to it is kept with the long keys instead.
    const FREE: [u64; N] = [u64::MAX; N];
}

/// How many codes of each kind a [`CodeMemo`] is to take ([`CodeMemo::reserve`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CodeCounts {
    one_word: usize,
    two_words: usize,
    long: usize,
}

impl CodeCounts {
    /// Counts `code`.
    pub fn add(&mut self, code: &[u64]) {
        match Inline::of(code) {
            Inline::One(_) => self.one_word += 1,
            Inline::Two(_) => self.two_words += 1,
            Inline::No => self.long += 1,
        }
    }
}

/// The most an [`InlineTable`] is filled before it doubles, in quarters: at three quarters
/// a lookup that misses reads about 8 slots (two or three cache lines of 12-byte slots).
/// (Cram 3 x 14, one thread: measured against one half in docs/performance.md.)
const INLINE_LOAD_QUARTERS: usize = 3;

/// Keys of exactly `N` words by open addressing (linear probing): a lookup reads one slot,
/// usually one cache line.
struct InlineTable<const N: usize> {
    slots: Vec<InlineSlot<N>>,
    len: usize,
}

impl<const N: usize> Default for InlineTable<N> {
    fn default() -> Self {
        InlineTable {
            slots: Vec::new(),
            len: 0,
        }
    }
}

impl<const N: usize> InlineTable<N> {
    /// The slot of `key`, or of the free slot where it would go (`None` on an empty table).
    #[inline]
    fn probe(&self, hash: u64, key: &[u64; N]) -> Option<usize> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        loop {
            let slot_key = self.slots[i].key;
            if slot_key == *key || slot_key == InlineSlot::<N>::FREE {
                return Some(i);
            }
            i = (i + 1) & mask;
        }
    }

    #[inline]
    fn get(&self, hash: u64, key: &[u64; N]) -> Option<Record> {
        let slot = self.slots[self.probe(hash, key)?];
        let slot_key = slot.key;
        (slot_key == *key).then_some(slot.record)
    }

    /// Merges `record` into the entry of `key`.
    fn insert(&mut self, hash: u64, key: &[u64; N], record: Record) {
        let mut found = self.probe(hash, key);
        if let Some(i) = found {
            let slot = &mut self.slots[i];
            let slot_key = slot.key;
            if slot_key == *key {
                slot.record = slot.record.merge(record);
                return;
            }
        }
        if 4 * (self.len + 1) > INLINE_LOAD_QUARTERS * self.slots.len() {
            self.grow();
            found = self.probe(hash, key);
        }
        let i = found.expect("the table has room");
        self.slots[i] = InlineSlot { key: *key, record };
        self.len += 1;
    }

    /// Doubles the table (at least 1024 slots) and puts every entry back.
    fn grow(&mut self) {
        self.resize((2 * self.slots.len()).max(1024));
    }

    /// Makes room for `more` entries at once, so that they go in without the table
    /// doubling on the way.
    fn reserve(&mut self, more: usize) {
        let mut size = self.slots.len().max(1024);
        while 4 * (self.len + more) > INLINE_LOAD_QUARTERS * size {
            size *= 2;
        }
        if size > self.slots.len() {
            self.resize(size);
        }
    }

    /// Moves every entry into a table of `size` slots (a power of two, room for them).
    fn resize(&mut self, size: usize) {
        let free = InlineSlot {
            key: InlineSlot::<N>::FREE,
            record: Record::UNKNOWN,
        };
        let old = std::mem::replace(&mut self.slots, vec![free; size]);
        crate::huge_pages::advise(&self.slots);
        for slot in old {
            let key = slot.key;
            if key != InlineSlot::<N>::FREE {
                let i = self
                    .probe(CodeMemo::hash(&key), &key)
                    .expect("the table has room");
                self.slots[i] = slot;
            }
        }
    }

    fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<InlineSlot<N>>()
    }

    /// Keeps the entries of the largest keys ([`key_size`]: one bits) up to a quarter of the
    /// slots and at most half the entries, in a table of half the slots (at least 1024):
    /// its bytes halve, and what stays is at most half full.
    fn shed(&mut self) {
        if self.slots.len() <= 1024 {
            return;
        }
        let keep = (self.len / 2).min(self.slots.len() / 4);
        let occupied = || {
            self.slots
                .iter()
                .map(|slot| slot.key)
                .filter(|key| *key != InlineSlot::<N>::FREE)
        };
        let mut keeps = Quota::new(occupied().map(|key| key_size(&key)), keep);
        let kept: Vec<InlineSlot<N>> = self
            .slots
            .iter()
            .filter(|slot| {
                let key = slot.key;
                key != InlineSlot::<N>::FREE && keeps.admits(key_size(&key))
            })
            .copied()
            .collect();
        let free = InlineSlot {
            key: InlineSlot::<N>::FREE,
            record: Record::UNKNOWN,
        };
        self.slots = vec![free; self.slots.len() / 2];
        crate::huge_pages::advise(&self.slots);
        self.len = kept.len();
        for slot in kept {
            let key = slot.key;
            let i = self
                .probe(CodeMemo::hash(&key), &key)
                .expect("the table has room");
            self.slots[i] = slot;
        }
    }
}

/// The size of a key, for shedding: its one bits. A host-symmetry key is the component's
/// vertex set, so this is its order; a shape or canonical code has more one bits the more
/// vertices and edges it describes. Larger components cost more to search again.
#[inline]
fn key_size(key: &[u64]) -> u32 {
    key.iter().map(|w| w.count_ones()).sum()
}

/// Which entries a shed keeps: `keep` of them, the largest sizes first, ties in the order
/// they are offered.
struct Quota {
    /// Sizes above this are all kept.
    threshold: u32,
    /// How many entries of size exactly `threshold` may still be kept.
    ties: usize,
}

impl Quota {
    /// The quota for entries of these `sizes`, keeping `keep`.
    fn new(sizes: impl Iterator<Item = u32>, keep: usize) -> Self {
        let mut counts: Vec<usize> = Vec::new();
        for size in sizes {
            let size = size as usize;
            if counts.len() <= size {
                counts.resize(size + 1, 0);
            }
            counts[size] += 1;
        }
        let mut above = 0;
        for (size, &count) in counts.iter().enumerate().rev() {
            if above + count >= keep {
                return Quota {
                    threshold: size as u32,
                    ties: keep - above,
                };
            }
            above += count;
        }
        // Fewer entries than `keep`: all stay.
        Quota {
            threshold: 0,
            ties: usize::MAX,
        }
    }

    /// Whether an entry of `size` stays (offered once each, in a fixed order).
    fn admits(&mut self, size: u32) -> bool {
        if size > self.threshold {
            true
        } else if size == self.threshold && self.ties > 0 {
            self.ties -= 1;
            true
        } else {
            false
        }
    }
}

/// Code -> record, long keys kept in an arena. Inserting merges with what is there.
///
/// ```
/// use kayles_core::engine::{code_memo::CodeMemo, Record};
/// let mut m = CodeMemo::new();
/// let h = CodeMemo::hash(&[3, 0b101]);
/// m.insert(h, &[3, 0b101], Record::UNKNOWN.with_win(0));
/// m.insert(h, &[3, 0b101], Record::known(2));
/// assert_eq!(m.get(h, &[3, 0b101]), Some(Record::known(2)));
/// assert_eq!(m.get(CodeMemo::hash(&[3, 0b111]), &[3, 0b111]), None);
/// ```
#[derive(Default)]
pub struct CodeMemo {
    arena: Vec<u64>,
    table: HashTable<Slot>,
    one_word: InlineTable<1>,
    two_words: InlineTable<2>,
}

impl CodeMemo {
    /// An empty memo.
    pub fn new() -> Self {
        Self::default()
    }

    /// The hash the memo uses for `code`: a fixed function of 32 bits of mixing (so that a
    /// long key's slot keeps only those), spread over 64.
    #[inline]
    pub fn hash(code: &[u64]) -> u64 {
        let mut h = 0x243f_6a88_85a3_08d3u64 ^ code.len() as u64;
        for &w in code {
            h = (h ^ w).wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(29);
        }
        spread((h ^ (h >> 32)) as u32)
    }

    /// The 32 bits `hash` was spread from.
    #[inline]
    fn hash32(hash: u64) -> u32 {
        // The inverse of the odd multiplier of `spread`, modulo 2^64.
        hash.wrapping_mul(0xf1de_83e1_9937_733d) as u32
    }

    /// The record stored for `code` (whose hash is `hash`).
    #[inline]
    pub fn get(&self, hash: u64, code: &[u64]) -> Option<Record> {
        match Inline::of(code) {
            Inline::One(key) => return self.one_word.get(hash, key),
            Inline::Two(key) => return self.two_words.get(hash, key),
            Inline::No => {}
        }
        let hash32 = Self::hash32(hash);
        self.table
            .find(hash, |s| s.hash == hash32 && self.key(s) == code)
            .map(|s| s.record)
    }

    /// Merges `record` into the entry of `code` (a new entry when there is none); returns
    /// false (and stores nothing) when the arena is full (2^32 words) or the code is
    /// longer than 65535 words.
    pub fn insert(&mut self, hash: u64, code: &[u64], record: Record) -> bool {
        match Inline::of(code) {
            Inline::One(key) => {
                self.one_word.insert(hash, key, record);
                return true;
            }
            Inline::Two(key) => {
                self.two_words.insert(hash, key, record);
                return true;
            }
            Inline::No => {}
        }
        let hash32 = Self::hash32(hash);
        let arena = &self.arena;
        if let Some(slot) = self.table.find_mut(hash, |s| {
            s.hash == hash32 && &arena[s.start as usize..s.start as usize + s.len as usize] == code
        }) {
            slot.record = slot.record.merge(record);
            return true;
        }
        if code.len() > u16::MAX as usize || self.arena.len() + code.len() > u32::MAX as usize {
            return false;
        }
        let slot = Slot {
            hash: hash32,
            start: self.arena.len() as u32,
            len: code.len() as u16,
            record,
        };
        self.arena.extend_from_slice(code);
        self.table.insert_unique(hash, slot, |s| spread(s.hash));
        true
    }

    #[inline]
    fn key(&self, s: &Slot) -> &[u64] {
        &self.arena[s.start as usize..s.start as usize + s.len as usize]
    }

    /// Makes room for the entries of `codes` (their keys; those already in the memo
    /// count too), so that inserting them does not double a table on the way. A table
    /// that doubles while it is filled in another table's slot order (as a memo file
    /// holds its entries) piles them up into long runs of slots: reserving first is what
    /// makes loading a saved memo take time in proportion to its entries.
    pub fn reserve(&mut self, codes: CodeCounts) {
        self.one_word.reserve(codes.one_word);
        self.two_words.reserve(codes.two_words);
        self.table.reserve(codes.long, |s| spread(s.hash));
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.table.len() + self.one_word.len + self.two_words.len
    }

    /// True when the memo holds nothing.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Bytes the entries really occupy: their key words, their slots, and one control
    /// byte per slot of the table (reserved but untouched capacity is not resident, so it
    /// is not counted).
    pub fn bytes(&self) -> usize {
        self.arena.len() * 8
            + self.table.len() * std::mem::size_of::<Slot>()
            + self.table.capacity()
            + self.one_word.bytes()
            + self.two_words.bytes()
    }

    /// Calls `f` with every entry: its code and its record.
    ///
    /// ```
    /// use kayles_core::engine::{code_memo::CodeMemo, Record};
    /// let mut m = CodeMemo::new();
    /// for code in [&[1u64][..], &[2, 3], &[4, 5, 6]] {
    ///     m.insert(CodeMemo::hash(code), code, Record::known(code.len() as u8));
    /// }
    /// let mut seen = Vec::new();
    /// m.for_each(|code, record| seen.push((code.to_vec(), record.value())));
    /// seen.sort();
    /// assert_eq!(seen[2], (vec![4, 5, 6], Some(3)));
    /// ```
    pub fn for_each(&self, mut f: impl FnMut(&[u64], Record)) {
        for slot in &self.one_word.slots {
            let key = slot.key;
            if key != InlineSlot::<1>::FREE {
                f(&key, slot.record);
            }
        }
        for slot in &self.two_words.slots {
            let key = slot.key;
            if key != InlineSlot::<2>::FREE {
                f(&key, slot.record);
            }
        }
        for slot in self.table.iter() {
            f(self.key(slot), slot.record);
        }
    }

    /// Drops the entries of the smaller keys (fewer one bits: the smaller components,
    /// cheapest to search again), keeping at most half, so that the memo's
    /// [`bytes`](Self::bytes) fall by about half: what a search over its memory limit does
    /// instead of emptying the memo, so that the costly entries stay.
    ///
    /// ```
    /// use kayles_core::engine::{code_memo::CodeMemo, Record};
    /// let mut m = CodeMemo::new();
    /// for k in 0..4096u64 {
    ///     m.insert(CodeMemo::hash(&[k]), &[k], Record::known(1));
    /// }
    /// let before = m.bytes();
    /// m.shed();
    /// assert!(m.len() <= 2048 && 2 * m.bytes() <= before);
    /// // The largest key stays.
    /// assert_eq!(m.get(CodeMemo::hash(&[4095]), &[4095]), Some(Record::known(1)));
    /// ```
    pub fn shed(&mut self) {
        self.one_word.shed();
        self.two_words.shed();
        let keep = self.table.len() / 2;
        let mut keeps = Quota::new(self.table.iter().map(|s| key_size(self.key(s))), keep);
        let mut arena = Vec::new();
        let mut table = HashTable::with_capacity(keep);
        for slot in self.table.iter() {
            let key = self.key(slot);
            if keeps.admits(key_size(key)) {
                let moved = Slot {
                    start: arena.len() as u32,
                    ..*slot
                };
                arena.extend_from_slice(key);
                table.insert_unique(spread(slot.hash), moved, |s: &Slot| spread(s.hash));
            }
        }
        self.arena = arena;
        self.table = table;
    }

    /// Drops every entry.
    pub fn clear(&mut self) {
        self.arena = Vec::new();
        self.table = HashTable::new();
        self.one_word = InlineTable::default();
        self.two_words = InlineTable::default();
    }
}

/// Where a code's entry lives: in the one-word or the two-word table (keyed by the words
/// themselves), or with the long keys.
enum Inline<'a> {
    One(&'a [u64; 1]),
    Two(&'a [u64; 2]),
    No,
}

impl<'a> Inline<'a> {
    #[inline]
    fn of(code: &'a [u64]) -> Self {
        match code.len() {
            1 if code != InlineSlot::<1>::FREE => Inline::One(code.try_into().expect("one word")),
            2 if code != InlineSlot::<2>::FREE => Inline::Two(code.try_into().expect("two words")),
            _ => Inline::No,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quickcheck::quickcheck;
    use std::collections::HashMap;

    impl<const N: usize> InlineTable<N> {
        /// The longest run of occupied slots (what a lookup that misses may read).
        fn longest_run(&self) -> usize {
            let (mut longest, mut run) = (0, 0);
            for slot in self.slots.iter().chain(&self.slots) {
                let key = slot.key;
                run = if key == InlineSlot::<N>::FREE {
                    0
                } else {
                    run + 1
                };
                longest = longest.max(run.min(self.slots.len()));
            }
            longest
        }
    }

    /// A memo loaded from a saved one gets its entries in the saved table's slot order
    /// ([`CodeMemo::for_each`], as `kayles_solve::memo_file` saves them). Into a table
    /// that started small and doubled, a table saved between half and three quarters full
    /// filled the half-size one twice over in its first slots before it could double, one
    /// run of slots growing with every entry (a run of 172,892 slots here; Cram 7 x 7's
    /// memo of 599 million entries did not load in minutes). Reserved first
    /// ([`CodeMemo::reserve`]), the table takes them at their slots.
    #[test]
    fn a_memo_filled_in_slot_order_keeps_short_runs() {
        let mut saved = CodeMemo::new();
        // 655,360 entries: a table of 2^20 slots, five eighths full.
        for i in 0..(5u64 << 17) {
            let key = [i.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 1];
            saved.insert(CodeMemo::hash(&key), &key, Record::decided(0, true));
        }
        assert_eq!(saved.one_word.slots.len(), 1 << 20);
        let mut loaded = CodeMemo::new();
        let mut counts = CodeCounts::default();
        saved.for_each(|key, _| counts.add(key));
        loaded.reserve(counts);
        // The longest run while the table fills, looked at every 2^14 entries.
        let mut longest = 0;
        saved.for_each(|key, record| {
            loaded.insert(CodeMemo::hash(key), key, record);
            if loaded.len() % (1 << 14) == 0 {
                longest = longest.max(loaded.one_word.longest_run());
            }
        });
        assert_eq!(loaded.len(), saved.len());
        assert!(longest < 300, "a run of {longest} slots while loading");
        let run = saved.one_word.longest_run();
        assert!(
            run < 300,
            "a run of {run} slots in the table filled in any order"
        );
    }

    /// A code of one to three words from `seed`, the words drawn from a few values that
    /// include the free slots' word, so that keys collide and sentinels come up.
    fn code_of(seed: u64) -> Vec<u64> {
        const WORDS: [u64; 4] = [0, 1, u64::MAX, 0x5555];
        let len = 1 + (seed % 3) as usize;
        (0..len)
            .map(|i| WORDS[(seed >> (2 + 2 * i)) as usize % 4] ^ ((seed >> 12) % 7))
            .collect()
    }

    quickcheck! {
        /// The memo agrees with a plain map merging the same records, for keys of every
        /// table (one word, two words, longer, and the free slots' keys), through growth.
        fn the_memo_is_a_map(ops: Vec<(u64, u8, bool)>) -> bool {
            let mut memo = CodeMemo::new();
            let mut map: HashMap<Vec<u64>, Record> = HashMap::new();
            for &(seed, heap, known) in &ops {
                let code = code_of(seed);
                let heap = heap % 8;
                // Records of one code never contradict: its nimber is a function of it.
                let value = (code.iter().fold(0, |a, w| a ^ w.rotate_left(7)) % 5) as u8;
                let record = if known || heap == value {
                    Record::known(value)
                } else {
                    Record::UNKNOWN.with_win(heap)
                };
                memo.insert(CodeMemo::hash(&code), &code, record);
                let entry = map.entry(code).or_insert(Record::UNKNOWN);
                *entry = entry.merge(record);
            }
            memo.len() == map.len()
                && map.iter().all(|(code, record)| memo.get(CodeMemo::hash(code), code) == Some(*record))
                && (0..64u64).map(|s| code_of(s.wrapping_mul(0x9e37_79b9)))
                    .filter(|code| !map.contains_key(code))
                    .all(|code| memo.get(CodeMemo::hash(&code), &code).is_none())
        }
    }

    quickcheck! {
        /// Shedding between inserts only forgets: what the memo holds is implied by what
        /// was inserted (a record never more than the merge of the code's records), and it
        /// holds nothing for codes never inserted.
        fn shedding_only_forgets(ops: Vec<(u64, u8, bool, bool)>) -> bool {
            let mut memo = CodeMemo::new();
            let mut map: HashMap<Vec<u64>, Record> = HashMap::new();
            for &(seed, heap, known, shed) in &ops {
                if shed {
                    let before = memo.len();
                    memo.shed();
                    if memo.len() > before {
                        return false;
                    }
                }
                let code = code_of(seed);
                let value = (code.iter().fold(0, |a, w| a ^ w.rotate_left(7)) % 5) as u8;
                let record = if known || heap % 8 == value {
                    Record::known(value)
                } else {
                    Record::UNKNOWN.with_win(heap % 8)
                };
                memo.insert(CodeMemo::hash(&code), &code, record);
                let entry = map.entry(code).or_insert(Record::UNKNOWN);
                *entry = entry.merge(record);
            }
            map.iter().all(|(code, record)| {
                memo.get(CodeMemo::hash(code), code)
                    .is_none_or(|held| held.merge(*record) == *record)
            }) && (0..64u64).map(|s| code_of(s.wrapping_mul(0x9e37_79b9)))
                .filter(|code| !map.contains_key(code))
                .all(|code| memo.get(CodeMemo::hash(&code), &code).is_none())
        }
    }

    /// A shed keeps the largest keys of each table (by one bits), at most half of them,
    /// with their records, and halves the bytes.
    #[test]
    fn shedding_keeps_the_largest_half() {
        let mut memo = CodeMemo::new();
        let mut codes = Vec::new();
        for k in 0..6000u64 {
            let word = k.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (k % 50);
            for len in 1..=3 {
                let code: Vec<u64> = (0..len).map(|i| word.rotate_left(9 * i)).collect();
                if codes.iter().any(|(c, _)| *c == code) {
                    continue;
                }
                memo.insert(CodeMemo::hash(&code), &code, Record::known((k % 7) as u8));
                codes.push((code, Record::known((k % 7) as u8)));
            }
        }
        let before = (memo.len(), memo.bytes());
        memo.shed();
        assert!(2 * memo.len() <= before.0, "{} of {}", memo.len(), before.0);
        assert!(
            2 * memo.bytes() <= before.1 + 4096,
            "{} of {} bytes",
            memo.bytes(),
            before.1
        );
        for len in 1..=3 {
            let (kept, dropped): (Vec<_>, Vec<_>) = codes
                .iter()
                .filter(|(code, _)| code.len() == len)
                .partition(|(code, _)| memo.get(CodeMemo::hash(code), code).is_some());
            assert!(!kept.is_empty() && !dropped.is_empty());
            let smallest_kept = kept.iter().map(|(c, _)| key_size(c)).min().unwrap();
            let largest_dropped = dropped.iter().map(|(c, _)| key_size(c)).max().unwrap();
            assert!(smallest_kept >= largest_dropped, "{len} words");
            for (code, record) in kept {
                assert_eq!(memo.get(CodeMemo::hash(code), code), Some(*record));
            }
        }
        // The memo still takes new entries after a shed.
        memo.insert(CodeMemo::hash(&[1, 2, 3]), &[1, 2, 3], Record::known(4));
        assert_eq!(
            memo.get(CodeMemo::hash(&[1, 2, 3]), &[1, 2, 3]),
            Some(Record::known(4))
        );
    }

    #[test]
    fn inline_tables_grow_past_their_first_size() {
        let mut memo = CodeMemo::new();
        for k in 0..5000u64 {
            memo.insert(CodeMemo::hash(&[k]), &[k], Record::known((k % 7) as u8));
            memo.insert(
                CodeMemo::hash(&[k, !k]),
                &[k, !k],
                Record::known((k % 5) as u8),
            );
        }
        assert_eq!(memo.len(), 10_000);
        for k in 0..5000u64 {
            assert_eq!(
                memo.get(CodeMemo::hash(&[k]), &[k]),
                Some(Record::known((k % 7) as u8))
            );
            assert_eq!(
                memo.get(CodeMemo::hash(&[k, !k]), &[k, !k]),
                Some(Record::known((k % 5) as u8))
            );
        }
        assert_eq!(std::mem::size_of::<InlineSlot<1>>(), 12);
        assert_eq!(std::mem::size_of::<InlineSlot<2>>(), 20);
    }
}
