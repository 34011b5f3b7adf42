//! [`CodeMemo`]: a map from codes (`[u64]` words: canonical codes, shape codes,
//! host-symmetry keys) to [`Record`]s (a nimber, or heaps known to win). Long keys live
//! in one compact arena, so that an entry costs its key words plus 16 bytes; keys of one
//! or two words (the host-symmetry keys of hosts up to 128 vertices) are kept in their
//! slot, so that a lookup touches one place in memory.
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

/// A key of at most [`SHORT`] words, kept in its slot (`len == 0`: a free slot).
#[derive(Clone, Copy, Debug, Default)]
struct ShortSlot {
    words: [u64; SHORT],
    len: u8,
    record: Record,
}

/// Keys up to this many words are kept in their slot.
const SHORT: usize = 2;

/// Short keys by open addressing (linear probing, at most half full): a lookup reads one
/// slot, usually one cache line.
#[derive(Default)]
struct ShortTable {
    slots: Vec<ShortSlot>,
    len: usize,
}

impl ShortTable {
    #[inline]
    fn find(&self, hash: u64, code: &[u64]) -> Option<usize> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        loop {
            let slot = &self.slots[i];
            if slot.len == 0 {
                return None;
            }
            if short_key(slot) == code {
                return Some(i);
            }
            i = (i + 1) & mask;
        }
    }

    /// Inserts a key that is not present.
    fn insert_new(&mut self, hash: u64, slot: ShortSlot) {
        if 2 * (self.len + 1) > self.slots.len() {
            let size = (2 * self.slots.len()).max(1024);
            let old = std::mem::replace(&mut self.slots, vec![ShortSlot::default(); size]);
            crate::huge_pages::advise(&self.slots);
            self.len = 0;
            for s in old.into_iter().filter(|s| s.len > 0) {
                self.insert_new(CodeMemo::hash(short_key(&s)), s);
            }
        }
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        while self.slots[i].len != 0 {
            i = (i + 1) & mask;
        }
        self.slots[i] = slot;
        self.len += 1;
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
    short: ShortTable,
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
        if code.len() <= SHORT {
            return self
                .short
                .find(hash, code)
                .map(|i| self.short.slots[i].record);
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
        if code.len() <= SHORT {
            if let Some(i) = self.short.find(hash, code) {
                let slot = &mut self.short.slots[i];
                slot.record = slot.record.merge(record);
                return true;
            }
            let mut words = [0; SHORT];
            words[..code.len()].copy_from_slice(code);
            let slot = ShortSlot {
                words,
                len: code.len() as u8,
                record,
            };
            self.short.insert_new(hash, slot);
            return true;
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

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.table.len() + self.short.len
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
            + self.short.slots.len() * std::mem::size_of::<ShortSlot>()
    }

    /// Drops every entry.
    pub fn clear(&mut self) {
        self.arena = Vec::new();
        self.table = HashTable::new();
        self.short = ShortTable::default();
    }
}

#[inline]
fn short_key(s: &ShortSlot) -> &[u64] {
    &s.words[..s.len as usize]
}
