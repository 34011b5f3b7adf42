//! [`VertexSet`]: a set of vertices of any size, backed by `bitvec`.
//!
//! This is the type of the public API (graphs of any order). The engines convert sets
//! to the fixed-width [`Bits`](crate::bits::Bits) types for their inner loops.

use bitvec::prelude::*;
use std::fmt;

/// A set of vertices `0..capacity`, stored as a bit vector.
///
/// ```
/// use kayles_core::VertexSet;
/// let mut s = VertexSet::new(100);
/// s.insert(3);
/// s.insert(97);
/// assert_eq!(s.iter().collect::<Vec<_>>(), vec![3, 97]);
/// assert_eq!(s.len(), 2);
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct VertexSet {
    bits: BitVec<u64, Lsb0>,
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
        self.bits.get(v).map(|b| *b).unwrap_or(false)
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
}

impl fmt::Debug for VertexSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}
