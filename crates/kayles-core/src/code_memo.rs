//! [`CodeMemo`]: a map from canonical codes (`[u64]` words) to nimbers, with the keys in
//! one compact arena so that an entry costs its key words plus about 16 bytes.
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

/// Canonical code -> nimber, keys kept in an arena.
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
        self.table.len()
    }

    /// True when the memo holds nothing.
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }

    /// Approximate heap bytes in use (arena plus table).
    pub fn bytes(&self) -> usize {
        self.arena.capacity() * 8 + self.table.capacity() * (std::mem::size_of::<Slot>() + 1)
    }

    /// Drops every entry.
    pub fn clear(&mut self) {
        self.arena = Vec::new();
        self.table = HashTable::new();
    }
}
