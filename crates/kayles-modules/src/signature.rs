//! Option signatures (MOD-SIGNATURE): for a module `H` and a subset `S` of its vertices,
//! `A(S) = { g(H[S - N_H[v]]) : v in S }`, the set of option nimbers *inside* the module.
//!
//! [`Signature`] is a set of nimbers `0..=255` (the range of the core engines).
//! [`ModuleSignatures`] computes the signature of every subset of a module from its
//! subset table, and [`SignatureCounts`] counts the subsets per distinct signature.

use crate::error::ModuleError;
use hashbrown::HashMap;
use kayles_core::rules::node_move;
use kayles_core::table::{SubsetTable, MAX_TABLE_ORDER};
use kayles_core::Graph;
use std::fmt;

/// A set of nimbers in `0..=255`, as a 256-bit mask.
///
/// ```
/// use kayles_modules::Signature;
/// let a = Signature::from_values([0, 2]);
/// assert!(a.contains(2) && !a.contains(1));
/// assert_eq!(a.mex(), 1);
/// assert_eq!(a.xor_all(3), Signature::from_values([3, 1]));
/// assert_eq!(a.to_string(), "{0,2}");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Signature([u64; 4]);

impl Signature {
    /// The number of values a signature can hold (`0..=255`).
    pub const CAPACITY: u32 = 256;

    /// The empty set (the signature of the empty subset).
    pub const EMPTY: Signature = Signature([0; 4]);

    /// The empty set.
    pub fn empty() -> Self {
        Self::EMPTY
    }

    /// The set `{a}`.
    ///
    /// # Panics
    /// If `a > 255`.
    pub fn singleton(a: u32) -> Self {
        let mut s = Self::EMPTY;
        s.insert(a);
        s
    }

    /// The set of the listed values.
    ///
    /// # Panics
    /// If a value is above 255.
    pub fn from_values(values: impl IntoIterator<Item = u32>) -> Self {
        let mut s = Self::EMPTY;
        for a in values {
            s.insert(a);
        }
        s
    }

    /// The set whose bit `a` of `bits` is value `a` (values `0..64`).
    pub fn from_bits(bits: u64) -> Self {
        Signature([bits, 0, 0, 0])
    }

    /// Adds `a`.
    ///
    /// # Panics
    /// If `a > 255`.
    #[inline]
    pub fn insert(&mut self, a: u32) {
        assert!(
            a < Self::CAPACITY,
            "signature values are at most 255, got {a}"
        );
        self.0[(a >> 6) as usize] |= 1 << (a & 63);
    }

    /// Whether `a` is an element.
    #[inline]
    pub fn contains(&self, a: u32) -> bool {
        a < Self::CAPACITY && self.0[(a >> 6) as usize] >> (a & 63) & 1 == 1
    }

    /// True for the empty set.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    /// Number of values.
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The least value not in the set (256 when all of `0..=255` are in it).
    #[inline]
    pub fn mex(&self) -> u32 {
        kayles_core::mex::of_bits(&self.0)
    }

    /// `self ∪ other`.
    #[inline]
    pub fn union(&self, other: &Signature) -> Signature {
        Signature(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }

    /// `{ a xor c : a in self }` (`c` below 256).
    ///
    /// # Panics
    /// If `c > 255`.
    pub fn xor_all(&self, c: u32) -> Signature {
        assert!(
            c < Self::CAPACITY,
            "signature values are at most 255, got {c}"
        );
        if c == 0 {
            return *self;
        }
        let mut out = Self::EMPTY;
        for a in self.iter() {
            out.insert(a ^ c);
        }
        out
    }

    /// The values in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                if w == 0 {
                    None
                } else {
                    let b = w.trailing_zeros();
                    w &= w - 1;
                    Some(64 * i as u32 + b)
                }
            })
        })
    }

    /// The four storage words (value `64 i + j` is bit `j` of word `i`).
    pub fn words(&self) -> [u64; 4] {
        self.0
    }
}

impl fmt::Display for Signature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{")?;
        for (k, a) in self.iter().enumerate() {
            if k > 0 {
                write!(f, ",")?;
            }
            write!(f, "{a}")?;
        }
        write!(f, "}}")
    }
}

impl fmt::Debug for Signature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The largest module [`ModuleSignatures`] takes (its subset table has `2^order` entries).
pub const MAX_MODULE_ORDER: usize = MAX_TABLE_ORDER;

/// The largest module [`option_signatures`] lists the signatures of (32 bytes per subset).
pub const MAX_LISTED_MODULE_ORDER: usize = 20;

/// A module's subset table, answering nimbers and option signatures of its subsets
/// (subset masks: bit `v` for module vertex `v`).
///
/// ```
/// use kayles_core::families;
/// use kayles_modules::{ModuleSignatures, Signature};
/// let p6 = ModuleSignatures::new(&families::path(6)).unwrap();
/// assert_eq!(p6.nimber(0b111111), 1);
/// assert_eq!(p6.option_signature(0b111111), Signature::from_values([0, 2]));
/// ```
pub struct ModuleSignatures {
    closed: Vec<u64>,
    table: SubsetTable,
}

impl ModuleSignatures {
    /// Computes the subset table of `h` (at most [`MAX_MODULE_ORDER`] vertices).
    pub fn new(h: &Graph) -> Result<Self, ModuleError> {
        if h.order() > MAX_MODULE_ORDER {
            return Err(ModuleError::ModuleTooLarge {
                index: 0,
                order: h.order(),
                max: MAX_MODULE_ORDER,
            });
        }
        let table = if h.order() <= 16 {
            SubsetTable::compute_sequential(h)?
        } else {
            SubsetTable::compute(h)?
        };
        Ok(ModuleSignatures {
            closed: h.closed_neighbourhoods::<u64>(),
            table,
        })
    }

    /// Vertices of the module.
    pub fn order(&self) -> usize {
        self.closed.len()
    }

    /// `g(H[mask])`.
    pub fn nimber(&self, mask: u64) -> u8 {
        self.table.nimber(mask)
    }

    /// `A(mask) = { g(H[mask - N_H[v]]) : v in mask }`; empty exactly for the empty mask.
    #[inline]
    pub fn option_signature(&self, mask: u64) -> Signature {
        let mut bits = 0u64;
        let mut rest = mask;
        while rest != 0 {
            let v = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            bits |= 1 << self.table.nimber(node_move(mask, self.closed[v]));
        }
        Signature::from_bits(bits)
    }

    /// The number of subsets per distinct signature.
    pub fn counts(&self) -> SignatureCounts {
        let mut map: HashMap<u64, u128> = HashMap::new();
        for mask in 0..1u64 << self.order() {
            *map.entry(self.option_signature(mask).0[0]).or_insert(0) += 1;
        }
        SignatureCounts::from_entries(
            map.into_iter()
                .map(|(bits, c)| (Signature::from_bits(bits), c)),
        )
    }
}

/// The option signature of every subset of `h`, indexed by subset mask.
///
/// ```
/// use kayles_core::Graph;
/// use kayles_modules::{option_signatures, Signature};
/// let edge = Graph::from_edges(2, &[(0, 1)]);
/// let sigs = option_signatures(&edge).unwrap();
/// assert_eq!(sigs, vec![Signature::EMPTY, Signature::singleton(0),
///                       Signature::singleton(0), Signature::singleton(0)]);
/// ```
pub fn option_signatures(h: &Graph) -> Result<Vec<Signature>, ModuleError> {
    if h.order() > MAX_LISTED_MODULE_ORDER {
        return Err(ModuleError::ModuleTooLarge {
            index: 0,
            order: h.order(),
            max: MAX_LISTED_MODULE_ORDER,
        });
    }
    let m = ModuleSignatures::new(h)?;
    Ok((0..1u64 << h.order())
        .map(|mask| m.option_signature(mask))
        .collect())
}

/// The option signature of one subset `mask` of `h` (computed from `h`'s subset table).
///
/// ```
/// use kayles_core::families;
/// use kayles_modules::{option_signature, Signature};
/// assert_eq!(option_signature(&families::path(6), 0b111111).unwrap(),
///            Signature::from_values([0, 2]));
/// ```
pub fn option_signature(h: &Graph, mask: u64) -> Result<Signature, ModuleError> {
    let m = ModuleSignatures::new(h)?;
    if h.order() < 64 && mask >> h.order() != 0 {
        return Err(ModuleError::BadSubset {
            mask: u128::from(mask),
            order: h.order(),
        });
    }
    Ok(m.option_signature(mask))
}

/// The number of subsets of a module per distinct option signature, sorted by signature
/// (so the empty signature, of the empty subset alone, comes first with count 1).
///
/// ```
/// use kayles_modules::{Signature, SignatureCounts};
/// let k3 = SignatureCounts::clique(3).unwrap();
/// assert_eq!(k3.entries(), &[(Signature::EMPTY, 1), (Signature::singleton(0), 7)]);
/// let i4 = SignatureCounts::independent(4).unwrap();
/// assert_eq!(i4.entries(), &[(Signature::EMPTY, 1), (Signature::singleton(0), 8),
///                            (Signature::singleton(1), 7)]);
/// assert_eq!(i4.total(), 16);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignatureCounts {
    entries: Vec<(Signature, u128)>,
    order: usize,
}

impl SignatureCounts {
    /// Builds from `(signature, count)` pairs; equal signatures are merged, zero counts
    /// dropped (the empty signature is always kept, with count 1).
    ///
    /// # Panics
    /// If the counts overflow `u128` or do not sum to a power of two.
    pub fn from_entries(entries: impl IntoIterator<Item = (Signature, u128)>) -> Self {
        let mut map: HashMap<Signature, u128> = HashMap::new();
        map.insert(Signature::EMPTY, 0);
        for (s, c) in entries {
            let e = map.entry(s).or_insert(0);
            *e = e.checked_add(c).expect("signature counts overflow u128");
        }
        let empty = map[&Signature::EMPTY];
        assert!(empty <= 1, "only the empty subset has the empty signature");
        map.insert(Signature::EMPTY, 1);
        let mut entries: Vec<(Signature, u128)> = map
            .into_iter()
            .filter(|&(s, c)| c > 0 || s.is_empty())
            .collect();
        entries.sort_unstable();
        let total = entries
            .iter()
            .try_fold(0u128, |t, &(_, c)| t.checked_add(c));
        let total = total.expect("signature counts overflow u128");
        assert!(
            total.is_power_of_two(),
            "counts must sum to 2^order, got {total}"
        );
        SignatureCounts {
            entries,
            order: total.trailing_zeros() as usize,
        }
    }

    /// The counts of the clique `K_m`: `{}` once, `{0}` for the `2^m - 1` non-empty subsets.
    pub fn clique(m: usize) -> Result<Self, ModuleError> {
        let full = pow2_minus_1(m)?;
        Ok(Self::from_entries([(Signature::singleton(0), full)]))
    }

    /// The counts of the edgeless module on `m` vertices: `{0}` for the `2^(m-1)` odd
    /// subsets, `{1}` for the `2^(m-1) - 1` positive even ones.
    pub fn independent(m: usize) -> Result<Self, ModuleError> {
        pow2_minus_1(m)?;
        if m == 0 {
            return Ok(Self::from_entries([]));
        }
        let odd = 1u128 << (m - 1);
        Ok(Self::from_entries([
            (Signature::singleton(0), odd),
            (Signature::singleton(1), odd - 1),
        ]))
    }

    /// The counts of an arbitrary module graph (through its subset table).
    pub fn of_graph(h: &Graph) -> Result<Self, ModuleError> {
        Ok(ModuleSignatures::new(h)?.counts())
    }

    /// `(signature, count)` pairs, sorted by signature, the empty one first.
    pub fn entries(&self) -> &[(Signature, u128)] {
        &self.entries
    }

    /// Number of distinct signatures (including the empty one).
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Always false: the empty signature is always present.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Vertices of the module (`log2` of the total).
    pub fn order(&self) -> usize {
        self.order
    }

    /// Sum of the counts, `2^order`.
    pub fn total(&self) -> u128 {
        1u128 << self.order
    }

    /// The index of `signature` in [`entries`](Self::entries).
    pub fn index_of(&self, signature: &Signature) -> Option<usize> {
        self.entries
            .binary_search_by(|(s, _)| s.cmp(signature))
            .ok()
    }
}

/// The number of subsets of a module per distinct option signature.
///
/// ```
/// use kayles_core::families;
/// use kayles_modules::signature_counts;
/// let c = signature_counts(&families::path(3)).unwrap();
/// assert_eq!(c.total(), 8);
/// ```
pub fn signature_counts(h: &Graph) -> Result<SignatureCounts, ModuleError> {
    SignatureCounts::of_graph(h)
}

/// `2^m - 1` as `u128`, or an overflow error for `m > 127`.
pub(crate) fn pow2_minus_1(m: usize) -> Result<u128, ModuleError> {
    if m > 127 {
        Err(ModuleError::SizeOverflow { order: m, max: 127 })
    } else {
        Ok((1u128 << m) - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kayles_core::families;

    #[test]
    fn signature_set_operations() {
        let mut s = Signature::empty();
        assert_eq!(s.mex(), 0);
        for a in 0..256 {
            s.insert(a);
        }
        assert_eq!(s.mex(), 256);
        assert_eq!(s.len(), 256);
        let t = Signature::from_values([0, 63, 64, 200]);
        assert_eq!(t.iter().collect::<Vec<_>>(), vec![0, 63, 64, 200]);
        assert_eq!(
            t.xor_all(1).iter().collect::<Vec<_>>(),
            vec![1, 62, 65, 201]
        );
        assert!(!t.contains(300));
    }

    #[test]
    fn clique_and_independent_counts_match_tables() {
        for m in 1..=6 {
            let k = SignatureCounts::of_graph(&families::complete(m)).unwrap();
            assert_eq!(k, SignatureCounts::clique(m).unwrap());
            let i = SignatureCounts::of_graph(&Graph::new(m)).unwrap();
            assert_eq!(i, SignatureCounts::independent(m).unwrap(), "I_{m}");
        }
    }

    #[test]
    fn k1_and_p6_differ_only_in_signature() {
        let k1 = ModuleSignatures::new(&Graph::new(1)).unwrap();
        let p6 = ModuleSignatures::new(&families::path(6)).unwrap();
        assert_eq!(k1.nimber(1), p6.nimber(0b111111));
        assert_eq!(k1.option_signature(1), Signature::singleton(0));
        assert_eq!(
            p6.option_signature(0b111111),
            Signature::from_values([0, 2])
        );
    }

    #[test]
    fn sizes_that_overflow_are_refused() {
        assert!(SignatureCounts::clique(127).is_ok());
        assert!(matches!(
            SignatureCounts::clique(128),
            Err(ModuleError::SizeOverflow { .. })
        ));
    }
}
