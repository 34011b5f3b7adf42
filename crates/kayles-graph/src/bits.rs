//! Fixed-width vertex sets for the hot loops of the engines.
//!
//! [`Bits`] is the small trait the search engine is generic over. It is implemented by
//! `u64` (graphs of at most 64 vertices), `u128` (at most 128) and [`Words<W>`] (`64 * W`
//! vertices, any `W`). The public, size-agnostic set type is
//! [`VertexSet`](crate::VertexSet); the engines convert to the narrowest `Bits` that fits,
//! chosen by one ladder of widths for every crate: [`with_width!`](crate::with_width).

use std::hash::Hash;

/// A set of vertices `0..Self::CAPACITY` stored in machine words.
///
/// ```
/// use kayles_graph::bits::Bits;
/// let s = <u64 as Bits>::singleton(3).union(<u64 as Bits>::singleton(5));
/// assert_eq!(s.count(), 2);
/// assert_eq!(s.first(), Some(3));
/// ```
pub trait Bits: Copy + Eq + Hash + Ord + Default + Send + Sync + std::fmt::Debug + 'static {
    /// Number of vertices the set can hold.
    const CAPACITY: usize;
    /// Number of `u64` words in the representation.
    const WORDS: usize;
    /// The empty set.
    fn empty() -> Self;
    /// The set `{0, .., n - 1}`.
    fn prefix(n: usize) -> Self;
    /// The set `{v}`.
    fn singleton(v: usize) -> Self;
    /// `self ∪ other`.
    fn union(self, other: Self) -> Self;
    /// `self ∩ other`.
    fn intersection(self, other: Self) -> Self;
    /// `self \ other`.
    fn difference(self, other: Self) -> Self;
    /// True when the set has no element.
    fn is_empty(self) -> bool;
    /// Number of elements.
    fn count(self) -> u32;
    /// Whether `v` is an element.
    fn contains(self, v: usize) -> bool;
    /// Smallest element.
    fn first(self) -> Option<usize>;
    /// The set with its smallest element removed.
    fn without_first(self) -> Self;
    /// Word `i` of the representation (bit `j` of word `i` is vertex `64 i + j`).
    fn word(self, i: usize) -> u64;
    /// Builds a set from words (missing words are zero).
    fn from_words(words: &[u64]) -> Self;

    /// Adds `v` in place (one word touched, whatever the width).
    fn insert(&mut self, v: usize);

    /// Adds the vertices `start + i` for the bits `i` of `field`, in place (`field`'s
    /// bits must all land inside the capacity).
    fn insert_field(&mut self, start: usize, field: u64);

    /// `self` with `v` added.
    #[inline]
    fn with(self, v: usize) -> Self {
        self.union(Self::singleton(v))
    }
    /// `self` with `v` removed.
    #[inline]
    fn without(self, v: usize) -> Self {
        self.difference(Self::singleton(v))
    }
    /// True when `self ∩ other` is non-empty.
    #[inline]
    fn intersects(self, other: Self) -> bool {
        !self.intersection(other).is_empty()
    }
    /// True when every element of `self` is in `other`.
    #[inline]
    fn is_subset(self, other: Self) -> bool {
        self.difference(other).is_empty()
    }
    /// The elements in increasing order.
    #[inline]
    fn iter(self) -> BitsIter<Self> {
        BitsIter(self)
    }
}

/// The connected component of `start` in the subgraph induced by `within`, grown a whole
/// frontier at a time: `reach[v]` holds the neighbours of `v` (open or closed
/// neighbourhoods both do). Costs a few word operations per frontier, so it suits narrow
/// sets; wide sparse components are better walked by adjacency lists.
///
/// ```
/// use kayles_graph::bits::{component_within, Bits};
/// // The path 0-1-2 and the isolated vertex 3.
/// let reach: [u64; 4] = [0b0010, 0b0101, 0b0010, 0b0000];
/// assert_eq!(component_within(&reach, 0, 0b1111), 0b0111);
/// ```
#[inline]
pub fn component_within<S: Bits>(reach: &[S], start: usize, within: S) -> S {
    let mut comp = S::singleton(start);
    let mut frontier = comp;
    while !frontier.is_empty() {
        let mut next = S::empty();
        for v in frontier.iter() {
            next = next.union(reach[v]);
        }
        frontier = next.intersection(within).difference(comp);
        comp = comp.union(frontier);
    }
    comp
}

/// The bits of `bits` at the places of `mask`'s bits, packed down to the low end: bit `i`
/// of the result is the bit of `bits` at the `i`-th lowest bit of `mask` (the BMI2 `pext`
/// instruction written out, since the build's baseline, x86-64-v2, has no BMI2). It loops
/// once per bit of `bits & mask`.
///
/// ```
/// use kayles_graph::bits::compress;
/// // mask has bits 2, 5, 6, 7; bits has 2, 5 and 7 of them.
/// assert_eq!(compress(0b1010_0110, 0b1110_0100), 0b1011);
/// ```
#[inline]
pub fn compress(bits: u64, mask: u64) -> u64 {
    let mut picked = bits & mask;
    let mut out = 0;
    while picked != 0 {
        let lowest = picked & picked.wrapping_neg();
        out |= 1 << (mask & (lowest - 1)).count_ones();
        picked ^= lowest;
    }
    out
}

/// The bits of `bits`, lowest first, placed at the set bits of `mask`, lowest first (the
/// BMI2 `pdep` instruction; the inverse of [`compress`]).
///
/// ```
/// use kayles_graph::bits::deposit;
/// assert_eq!(deposit(0b1011, 0b1110_0100), 0b1010_0100);
/// ```
#[inline]
pub fn deposit(mut bits: u64, mask: u64) -> u64 {
    let mut left = mask;
    let mut out = 0;
    while left != 0 && bits != 0 {
        let lowest = left & left.wrapping_neg();
        if bits & 1 != 0 {
            out |= lowest;
        }
        bits >>= 1;
        left ^= lowest;
    }
    out
}

/// [`deposit`] by the BMI2 `pdep` instruction (fast where [`has_fast_pext`] says so: the
/// two instructions run alike).
///
/// # Safety
/// The processor must have BMI2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
pub unsafe fn deposit_bmi2(bits: u64, mask: u64) -> u64 {
    std::arch::x86_64::_pdep_u64(bits, mask)
}

/// [`deposit`] (no BMI2 off x86-64).
///
/// # Safety
/// None needed; unsafe only to match the x86-64 signature.
#[cfg(not(target_arch = "x86_64"))]
pub unsafe fn deposit_bmi2(bits: u64, mask: u64) -> u64 {
    deposit(bits, mask)
}

/// Whether this processor runs the BMI2 `pext` instruction in hardware at full speed
/// (Intel since Haswell; AMD since Zen 3, whose earlier processors run it in microcode,
/// slower than [`compress`]'s loop). Read once per process.
///
/// ```
/// // Either answer is right; asking twice gives the same one.
/// assert_eq!(kayles_graph::bits::has_fast_pext(), kayles_graph::bits::has_fast_pext());
/// ```
pub fn has_fast_pext() -> bool {
    static FAST: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *FAST.get_or_init(detect_fast_pext)
}

#[cfg(target_arch = "x86_64")]
fn detect_fast_pext() -> bool {
    use std::arch::x86_64::__cpuid;
    if !std::arch::is_x86_feature_detected!("bmi2") {
        return false;
    }
    let (vendor, signature) = (__cpuid(0), __cpuid(1).eax);
    let amd = [vendor.ebx, vendor.edx, vendor.ecx] == [0x6874_7541, 0x6974_6e65, 0x444d_4163];
    let family = (signature >> 8) & 0xf;
    let family = if family == 0xf {
        family + ((signature >> 20) & 0xff)
    } else {
        family
    };
    !amd || family >= 0x19
}

#[cfg(not(target_arch = "x86_64"))]
fn detect_fast_pext() -> bool {
    false
}

/// For each vertex `v` of `set` (at most 64 vertices), in order: the neighbours of `v`
/// inside `set`, as a row of local indices (bit `i` for the `i`-th vertex of `set`),
/// appended to `out`. `open[v]` is the open neighbourhood of `v`. Uses the BMI2 `pext`
/// instruction where it is fast ([`has_fast_pext`]).
///
/// ```
/// use kayles_graph::bits::local_rows_of;
/// // The path 0 - 1 - 2 - 3; the set {1, 2, 3} is the path on three vertices.
/// let open = [0b0010u64, 0b0101, 0b1010, 0b0100];
/// let mut rows = Vec::new();
/// local_rows_of(&open, 0b1110u64, &mut rows);
/// assert_eq!(rows, vec![0b010, 0b101, 0b010]);
/// ```
pub fn local_rows_of<S: Bits>(open: &[S], set: S, out: &mut Vec<u64>) {
    debug_assert!(set.count() <= 64);
    #[cfg(target_arch = "x86_64")]
    if has_fast_pext() {
        // SAFETY: the processor has BMI2.
        unsafe { local_rows_bmi2(open, set, out) };
        return;
    }
    local_rows_with(open, set, out, compress);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
unsafe fn local_rows_bmi2<S: Bits>(open: &[S], set: S, out: &mut Vec<u64>) {
    local_rows_with(open, set, out, |bits, mask| {
        std::arch::x86_64::_pext_u64(bits, mask)
    });
}

#[inline(always)]
fn local_rows_with<S: Bits>(
    open: &[S],
    set: S,
    out: &mut Vec<u64>,
    pext: impl Fn(u64, u64) -> u64,
) {
    // The words of `set` that hold vertices (at most 64 of them), each with the local
    // index of its first vertex: on a wide host the rows then cost one step per word
    // that holds part of the set, not one per word of the host.
    let mut words = [0u16; 64];
    let mut firsts = [0u8; 64];
    let mut held = 0;
    let mut first = 0;
    for w in 0..S::WORDS {
        let mask = set.word(w);
        if mask != 0 {
            words[held] = w as u16;
            firsts[held] = first as u8;
            held += 1;
            first += mask.count_ones();
        }
    }
    let mut left = set;
    while let Some(v) = left.first() {
        left = left.without_first();
        let mut row = 0u64;
        for (&w, &first) in words[..held].iter().zip(&firsts[..held]) {
            let w = w as usize;
            row |= pext(open[v].word(w), set.word(w)) << first;
        }
        out.push(row);
    }
}

/// The most vertices the widest [`Bits`] type of [`with_width!`](crate::with_width) holds.
pub const MAX_WIDTH: usize = 4096;

/// Evaluates `$body` with the type alias `$s` bound to the narrowest [`Bits`] type that
/// holds `$order` vertices (`u64`, `u128`, then [`Words`] of 4, 8, 16, 32 and 64 words),
/// or the fallback arm when `$order` is above [`MAX_WIDTH`]. Every engine that is generic
/// over the set width picks it here, so the ladder is written once.
///
/// ```
/// use kayles_graph::{bits::Bits, with_width};
/// fn words(order: usize) -> Option<usize> {
///     with_width!(order, S => Some(S::WORDS), _ => None)
/// }
/// assert_eq!(words(10), Some(1));
/// assert_eq!(words(100), Some(2));
/// assert_eq!(words(300), Some(8));
/// assert_eq!(words(4096), Some(64));
/// assert_eq!(words(4097), None);
/// ```
#[macro_export]
macro_rules! with_width {
    ($order:expr, $s:ident => $body:expr, $other:pat => $fallback:expr) => {
        $crate::with_width!(@ladder $order, $s, $body, $other, $fallback;
            0..=64 => u64,
            65..=128 => u128,
            129..=256 => $crate::bits::Words<4>,
            257..=512 => $crate::bits::Words<8>,
            513..=1024 => $crate::bits::Words<16>,
            1025..=2048 => $crate::bits::Words<32>,
            2049..=$crate::bits::MAX_WIDTH => $crate::bits::Words<64>)
    };
    (@ladder $order:expr, $s:ident, $body:expr, $other:pat, $fallback:expr;
        $($range:pat => $t:ty),*) => {
        match $order {
            $($range => {
                type $s = $t;
                $body
            })*
            $other => $fallback,
        }
    };
}

/// Iterator over the elements of a [`Bits`] set, smallest first.
#[derive(Clone, Copy, Debug)]
pub struct BitsIter<S>(S);

impl<S: Bits> Iterator for BitsIter<S> {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        let v = self.0.first()?;
        self.0 = self.0.without_first();
        Some(v)
    }
}

/// [`Bits`] for an unsigned integer of `$words` 64-bit words: the set operations are the
/// integer's own; word `i` is the integer shifted right by `64 i`.
macro_rules! integer_bits {
    ($($t:ty: $words:expr),*) => {$(
        impl Bits for $t {
            const CAPACITY: usize = 64 * $words;
            const WORDS: usize = $words;
            #[inline]
            fn insert(&mut self, v: usize) {
                *self |= 1 << v;
            }
            #[inline]
            fn insert_field(&mut self, start: usize, field: u64) {
                *self |= <$t>::from(field) << start;
            }
            #[inline]
            fn empty() -> Self {
                0
            }
            #[inline]
            fn prefix(n: usize) -> Self {
                if n >= Self::CAPACITY {
                    <$t>::MAX
                } else {
                    (1 << n) - 1
                }
            }
            #[inline]
            fn singleton(v: usize) -> Self {
                1 << v
            }
            #[inline]
            fn union(self, o: Self) -> Self {
                self | o
            }
            #[inline]
            fn intersection(self, o: Self) -> Self {
                self & o
            }
            #[inline]
            fn difference(self, o: Self) -> Self {
                self & !o
            }
            #[inline]
            fn is_empty(self) -> bool {
                self == 0
            }
            #[inline]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline]
            fn contains(self, v: usize) -> bool {
                self >> v & 1 == 1
            }
            #[inline]
            fn first(self) -> Option<usize> {
                (self != 0).then(|| self.trailing_zeros() as usize)
            }
            #[inline]
            fn without_first(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline]
            fn word(self, i: usize) -> u64 {
                if i < $words {
                    (self >> (64 * i)) as u64
                } else {
                    0
                }
            }
            #[inline]
            fn from_words(words: &[u64]) -> Self {
                words
                    .iter()
                    .take($words)
                    .enumerate()
                    .fold(0, |set, (i, &w)| set | <$t>::from(w) << (64 * i))
            }
        }
    )*};
}
integer_bits!(u64: 1, u128: 2);

/// A vertex set of `64 * W` vertices in `W` words.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Words<const W: usize>(pub [u64; W]);

impl<const W: usize> Default for Words<W> {
    fn default() -> Self {
        Words([0; W])
    }
}

impl<const W: usize> Bits for Words<W> {
    const CAPACITY: usize = 64 * W;
    const WORDS: usize = W;
    #[inline]
    fn insert(&mut self, v: usize) {
        self.0[v / 64] |= 1 << (v % 64);
    }
    #[inline]
    fn insert_field(&mut self, start: usize, field: u64) {
        let (w, off) = (start / 64, start % 64);
        self.0[w] |= field << off;
        if off != 0 && w + 1 < W {
            self.0[w + 1] |= field >> (64 - off);
        }
    }
    #[inline]
    fn empty() -> Self {
        Words([0; W])
    }
    #[inline]
    fn prefix(n: usize) -> Self {
        let mut w = [0u64; W];
        for (i, word) in w.iter_mut().enumerate() {
            let lo = 64 * i;
            *word = if n >= lo + 64 {
                u64::MAX
            } else if n > lo {
                (1u64 << (n - lo)) - 1
            } else {
                0
            };
        }
        Words(w)
    }
    #[inline]
    fn singleton(v: usize) -> Self {
        let mut w = [0u64; W];
        w[v / 64] = 1 << (v % 64);
        Words(w)
    }
    #[inline]
    fn union(self, o: Self) -> Self {
        Words(std::array::from_fn(|i| self.0[i] | o.0[i]))
    }
    #[inline]
    fn intersection(self, o: Self) -> Self {
        Words(std::array::from_fn(|i| self.0[i] & o.0[i]))
    }
    #[inline]
    fn difference(self, o: Self) -> Self {
        Words(std::array::from_fn(|i| self.0[i] & !o.0[i]))
    }
    #[inline]
    fn is_empty(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    #[inline]
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline]
    fn contains(self, v: usize) -> bool {
        self.0[v / 64] >> (v % 64) & 1 == 1
    }
    #[inline]
    fn first(self) -> Option<usize> {
        self.0
            .iter()
            .position(|&w| w != 0)
            .map(|i| 64 * i + self.0[i].trailing_zeros() as usize)
    }
    #[inline]
    fn without_first(mut self) -> Self {
        if let Some(i) = self.0.iter().position(|&w| w != 0) {
            self.0[i] &= self.0[i] - 1;
        }
        self
    }
    #[inline]
    fn word(self, i: usize) -> u64 {
        self.0.get(i).copied().unwrap_or(0)
    }
    #[inline]
    fn from_words(words: &[u64]) -> Self {
        Words(std::array::from_fn(|i| words.get(i).copied().unwrap_or(0)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exercise<S: Bits>() {
        let n = S::CAPACITY;
        let a = S::singleton(0).with(n - 1).with(n / 2);
        assert_eq!(a.count(), 3);
        assert_eq!(a.iter().collect::<Vec<_>>(), vec![0, n / 2, n - 1]);
        assert_eq!(S::prefix(n).count() as usize, n);
        assert_eq!(S::prefix(5).count(), 5);
        assert!(a.is_subset(S::prefix(n)));
        assert_eq!(a.without(n / 2).count(), 2);
        let words: Vec<u64> = (0..S::WORDS).map(|i| a.word(i)).collect();
        assert_eq!(S::from_words(&words), a);
        assert_eq!(a.difference(a), S::empty());
        let mut f = S::empty();
        f.insert_field(n - 3, 0b101);
        f.insert_field(n / 2 - 2, 0b1001);
        assert_eq!(
            f.iter().collect::<Vec<_>>(),
            vec![n / 2 - 2, n / 2 + 1, n - 3, n - 1]
        );
    }

    #[test]
    fn every_width_behaves_as_a_set() {
        exercise::<u64>();
        exercise::<u128>();
        exercise::<Words<3>>();
        exercise::<Words<16>>();
    }

    /// The local rows of sets scattered over every word of the host, on every width,
    /// against the definition (bit `j` of row `i`: the `i`-th and `j`-th vertices of the
    /// set are adjacent), with `pext` and with the portable loop.
    fn local_rows_agree<S: Bits>() {
        let n = S::CAPACITY;
        // A host where u and v are adjacent when (u * v + u + v) % 7 < 3, u != v.
        let adjacent = |u: usize, v: usize| u != v && (u * v + u + v) % 7 < 3;
        let open: Vec<S> = (0..n)
            .map(|u| {
                let mut row = S::empty();
                (0..n)
                    .filter(|&v| adjacent(u, v))
                    .for_each(|v| row.insert(v));
                row
            })
            .collect();
        for (step, offset) in [(1, 0), (n / 64 + 1, 3), (n / 40 + 1, 1), (n / 7 + 1, 5)] {
            let mut set = S::empty();
            (offset..n)
                .step_by(step)
                .take(64)
                .for_each(|v| set.insert(v));
            let members: Vec<usize> = set.iter().collect();
            let want: Vec<u64> = members
                .iter()
                .map(|&u| {
                    (0..members.len())
                        .filter(|&j| adjacent(u, members[j]))
                        .fold(0, |row, j| row | 1 << j)
                })
                .collect();
            let mut got = Vec::new();
            local_rows_of(&open, set, &mut got);
            assert_eq!(got, want, "{n} vertices, step {step}");
            got.clear();
            local_rows_with(&open, set, &mut got, compress);
            assert_eq!(got, want, "{n} vertices, step {step}, portable");
        }
    }

    #[test]
    fn local_rows_on_every_width() {
        local_rows_agree::<u64>();
        local_rows_agree::<u128>();
        local_rows_agree::<Words<4>>();
        local_rows_agree::<Words<16>>();
        local_rows_agree::<Words<64>>();
    }
}
