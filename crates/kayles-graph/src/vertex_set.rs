//! [`VertexSet`]: a set of vertices of any size, backed by `bitvec`.
//!
//! This is the type of the public API (graphs of any order). The engines convert sets
//! to the fixed-width [`Bits`](crate::bits::Bits) types for their inner loops.
//!
//! On `wasm32` (the web explorer's build) bitvec has no `u64` store, so the set keeps its
//! `u64` words in [`words64::Words64`], a plain vector with the same few operations; the
//! native build uses bitvec as before and never sees that module.

#[cfg(not(target_arch = "wasm32"))]
use bitvec::prelude::*;
use std::fmt;

#[cfg(target_arch = "wasm32")]
use words64::{bitvec, Words64 as BitVec};

/// A set of vertices `0..capacity`, stored as a bit vector.
///
/// ```
/// use kayles_graph::VertexSet;
/// let mut s = VertexSet::new(100);
/// s.insert(3);
/// s.insert(97);
/// assert_eq!(s.iter().collect::<Vec<_>>(), vec![3, 97]);
/// assert_eq!(s.len(), 2);
/// ```
#[derive(Clone, Default)]
pub struct VertexSet {
    #[cfg(not(target_arch = "wasm32"))]
    bits: BitVec<u64, Lsb0>,
    #[cfg(target_arch = "wasm32")]
    bits: BitVec,
}

impl VertexSet {
    /// The empty set over `capacity` vertices.
    pub fn new(capacity: usize) -> Self {
        VertexSet {
            bits: bitvec![u64, Lsb0; 0; capacity],
        }
    }

    /// The full set `{0, .., capacity - 1}`.
    pub fn full(capacity: usize) -> Self {
        VertexSet {
            bits: bitvec![u64, Lsb0; 1; capacity],
        }
    }

    /// The set of the listed vertices over `capacity` vertices.
    pub fn from_vertices(capacity: usize, vertices: impl IntoIterator<Item = usize>) -> Self {
        let mut s = Self::new(capacity);
        for v in vertices {
            s.insert(v);
        }
        s
    }

    /// Number of vertices the set ranges over.
    pub fn capacity(&self) -> usize {
        self.bits.len()
    }

    /// Adds `v`.
    pub fn insert(&mut self, v: usize) {
        self.bits.set(v, true);
    }

    /// Removes `v`.
    pub fn remove(&mut self, v: usize) {
        self.bits.set(v, false);
    }

    /// Whether `v` is an element (false for `v` out of range).
    pub fn contains(&self, v: usize) -> bool {
        self.bits.get(v).is_some_and(|b| *b)
    }

    /// Number of elements.
    pub fn len(&self) -> usize {
        self.bits.count_ones()
    }

    /// True when the set has no element.
    pub fn is_empty(&self) -> bool {
        self.bits.not_any()
    }

    /// The smallest element.
    pub fn first(&self) -> Option<usize> {
        self.bits.first_one()
    }

    /// The elements in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.bits.iter_ones()
    }

    /// `self ∩ other` (both over the same capacity).
    pub fn intersection(&self, other: &VertexSet) -> VertexSet {
        let mut bits = self.bits.clone();
        bits &= &other.bits;
        VertexSet { bits }
    }

    /// `self ∪ other` (both over the same capacity).
    pub fn union(&self, other: &VertexSet) -> VertexSet {
        let mut bits = self.bits.clone();
        bits |= &other.bits;
        VertexSet { bits }
    }

    /// `self \ other` (both over the same capacity).
    pub fn difference(&self, other: &VertexSet) -> VertexSet {
        let mut bits = self.bits.clone();
        let mut not = other.bits.clone();
        not = !not;
        bits &= &not;
        VertexSet { bits }
    }

    /// The storage words, vertex `64 i + j` in bit `j` of word `i`.
    pub fn words(&self) -> &[u64] {
        self.bits.as_raw_slice()
    }

    /// Builds a set over `capacity` vertices from storage words.
    pub fn from_words(capacity: usize, words: &[u64]) -> Self {
        let mut s = Self::new(capacity);
        for (i, w) in words.iter().enumerate() {
            let mut w = *w;
            while w != 0 {
                let v = 64 * i + w.trailing_zeros() as usize;
                if v < capacity {
                    s.insert(v);
                }
                w &= w - 1;
            }
        }
        s
    }

    /// The storage words as every full word and the last word with the bits past the
    /// capacity cleared (bitvec leaves them unspecified): what equality and hashing
    /// read, a word at a time.
    fn live_words(&self) -> (&[u64], u64) {
        let n = self.capacity();
        let full = n / 64;
        let words = self.words();
        let last = match n % 64 {
            0 => 0,
            r => words[full] & ((1u64 << r) - 1),
        };
        (&words[..full], last)
    }
}

/// Two sets are equal when they range over the same vertices and hold the same ones,
/// compared a word at a time (bitvec's own equality goes bit slice by bit slice, several
/// times slower; graphs are compared once per question a certificate asks).
impl PartialEq for VertexSet {
    fn eq(&self, other: &Self) -> bool {
        self.capacity() == other.capacity() && self.live_words() == other.live_words()
    }
}

impl Eq for VertexSet {}

impl std::hash::Hash for VertexSet {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.capacity().hash(state);
        self.live_words().hash(state);
    }
}

impl fmt::Debug for VertexSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::VertexSet;
    use std::hash::{BuildHasher, RandomState};

    /// Bits past the capacity (bitvec leaves them unspecified) change neither equality
    /// nor the hash.
    #[test]
    fn bits_past_the_capacity_are_not_the_set() {
        let hash = RandomState::new();
        for n in [1, 5, 63, 65, 100, 127] {
            let clean = VertexSet::from_vertices(n, (0..n).step_by(3));
            let mut dirty = clean.clone();
            let last = dirty.bits.as_raw_mut_slice().last_mut().unwrap();
            *last |= 1 << 63;
            assert_eq!(dirty, clean, "{n}");
            assert_eq!(hash.hash_one(&dirty), hash.hash_one(&clean), "{n}");
            let mut other = clean.clone();
            other.insert(n - 1);
            if !clean.contains(n - 1) {
                assert_ne!(other, clean, "{n}");
            }
        }
    }
}

/// The `wasm32` storage of a [`VertexSet`]: `u64` words, vertex `64 i + j` in bit `j` of
/// word `i`, bits past the capacity always zero (so the derived `Eq` and `Hash` are the
/// set's). It offers just the bitvec operations that `VertexSet` uses, under their names.
#[cfg(target_arch = "wasm32")]
mod words64 {
    /// A bit vector over `u64` words.
    #[derive(Clone, PartialEq, Eq, Hash, Default)]
    pub struct Words64 {
        len: usize,
        words: Vec<u64>,
    }

    /// `bitvec![u64, Lsb0; bit; len]`, the only form `VertexSet` uses.
    macro_rules! bitvec {
        (u64, Lsb0; $bit:literal; $len:expr) => {
            $crate::vertex_set::words64::Words64::repeat($bit != 0, $len)
        };
    }
    pub(crate) use bitvec;

    impl Words64 {
        /// `len` bits, all `bit`.
        pub fn repeat(bit: bool, len: usize) -> Self {
            let mut words = vec![if bit { u64::MAX } else { 0 }; len.div_ceil(64)];
            if bit && len % 64 != 0 {
                if let Some(last) = words.last_mut() {
                    *last = (1u64 << (len % 64)) - 1;
                }
            }
            Words64 { len, words }
        }

        /// The number of bits.
        pub fn len(&self) -> usize {
            self.len
        }

        /// Sets bit `i` (panics out of range, as bitvec does).
        pub fn set(&mut self, i: usize, bit: bool) {
            assert!(
                i < self.len,
                "index {i} out of range for length {}",
                self.len
            );
            if bit {
                self.words[i / 64] |= 1 << (i % 64);
            } else {
                self.words[i / 64] &= !(1 << (i % 64));
            }
        }

        /// Bit `i`, `None` out of range.
        pub fn get(&self, i: usize) -> Option<&'static bool> {
            (i < self.len).then_some(if self.words[i / 64] >> (i % 64) & 1 == 1 {
                &true
            } else {
                &false
            })
        }

        /// The number of one bits.
        pub fn count_ones(&self) -> usize {
            self.words.iter().map(|w| w.count_ones() as usize).sum()
        }

        /// Whether no bit is one.
        pub fn not_any(&self) -> bool {
            self.words.iter().all(|&w| w == 0)
        }

        /// The first one bit.
        pub fn first_one(&self) -> Option<usize> {
            self.iter_ones().next()
        }

        /// The one bits in increasing order.
        pub fn iter_ones(&self) -> impl Iterator<Item = usize> + '_ {
            self.words.iter().enumerate().flat_map(|(i, &w)| {
                let mut w = w;
                std::iter::from_fn(move || {
                    (w != 0).then(|| {
                        let j = w.trailing_zeros() as usize;
                        w &= w - 1;
                        64 * i + j
                    })
                })
            })
        }

        /// The words.
        pub fn as_raw_slice(&self) -> &[u64] {
            &self.words
        }
    }

    impl std::ops::BitAndAssign<&Words64> for Words64 {
        fn bitand_assign(&mut self, other: &Words64) {
            for (a, b) in self.words.iter_mut().zip(&other.words) {
                *a &= b;
            }
        }
    }

    impl std::ops::BitOrAssign<&Words64> for Words64 {
        fn bitor_assign(&mut self, other: &Words64) {
            for (a, b) in self.words.iter_mut().zip(&other.words) {
                *a |= b;
            }
        }
    }

    impl std::ops::Not for Words64 {
        type Output = Words64;
        fn not(self) -> Words64 {
            let full = Words64::repeat(true, self.len);
            let words = self
                .words
                .iter()
                .zip(&full.words)
                .map(|(a, f)| !a & f)
                .collect();
            Words64 {
                len: self.len,
                words,
            }
        }
    }
}
