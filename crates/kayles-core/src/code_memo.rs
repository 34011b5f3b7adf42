//! [`CodeMemo`]: a map from codes (`[u64]` words: canonical codes, shape codes,
//! host-symmetry keys) to nimbers. Long keys live in one compact arena, so that an entry
//! costs its key words plus about 16 bytes; keys of one or two words (the host-symmetry
//! keys of hosts up to 128 vertices) are kept in their slot, so that a lookup touches one
//! place in memory.
//!
//! The full key is stored and compared: a 64-bit hash is only a pre-filter, never trusted
//! on its own.

use hashbrown::HashTable;

#[derive(Clone, Copy, Debug)]
struct Slot {
    hash: u64,
    start: u32,
    len: u16,
    value: u8,
}

/// A key of at most [`SHORT`] words, kept in its slot (`len == 0`: a free slot).
#[derive(Clone, Copy, Debug, Default)]
struct ShortSlot {
    words: [u64; SHORT],
    len: u8,
    value: u8,
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
    fn find(&self, hash: u64, code: &[u64]) -> Option<&ShortSlot> {
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
                return Some(slot);
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

/// Code -> nimber, long keys kept in an arena.
///
/// ```
/// use kayles_core::code_memo::CodeMemo;
/// let mut m = CodeMemo::new();
/// let h = CodeMemo::hash(&[3, 0b101]);
/// m.insert(h, &[3, 0b101], 2);
/// assert_eq!(m.get(h, &[3, 0b101]), Some(2));
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

    /// The hash the memo uses for `code`.
    #[inline]
    pub fn hash(code: &[u64]) -> u64 {
        let mut h = 0x243f_6a88_85a3_08d3u64 ^ code.len() as u64;
        for &w in code {
            h = (h ^ w).wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(29);
        }
        h ^ (h >> 32)
    }

    /// The value stored for `code` (whose hash is `hash`).
    #[inline]
    pub fn get(&self, hash: u64, code: &[u64]) -> Option<u8> {
        if code.len() <= SHORT {
            return self.short.find(hash, code).map(|s| s.value);
        }
        self.table
            .find(hash, |s| s.hash == hash && self.key(s) == code)
            .map(|s| s.value)
    }

    /// Stores `value` for `code`; returns false (and stores nothing) when the arena is full
    /// (2^32 words) or the code is longer than 65535 words.
    pub fn insert(&mut self, hash: u64, code: &[u64], value: u8) -> bool {
        if code.len() > u16::MAX as usize || self.arena.len() + code.len() > u32::MAX as usize {
            return false;
        }
        if self.get(hash, code).is_some() {
            return true;
        }
        if code.len() <= SHORT {
            let mut words = [0; SHORT];
            words[..code.len()].copy_from_slice(code);
            let slot = ShortSlot {
                words,
                len: code.len() as u8,
                value,
            };
            self.short.insert_new(hash, slot);
            return true;
        }
        let slot = Slot {
            hash,
            start: self.arena.len() as u32,
            len: code.len() as u16,
            value,
        };
        self.arena.extend_from_slice(code);
        self.table.insert_unique(hash, slot, |s| s.hash);
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
