//! The quotient `Q(X)` of MOD-SIGNATURE over the base graph:
//! `Q(X) = mex { Q(X - N_B[i]) xor a : i in X, a in A_i }`, `Q(empty) = 0`, and the claim
//! `g(S) = Q(T(S))` for every expanded subset `S` (with `A_i` the option signature of
//! `S_i`).
//!
//! Two engines:
//! - [`Quotient`]: one signature vector, `Q` memoized over base subsets (`u64` masks, base
//!   of at most 64 vertices), split into connected components of `B[X]` (the quotient game
//!   is a game sum over them, so their values xor).
//! - [`QuotientTable`]: every signature vector at once, for histograms. A vector is a
//!   mixed-radix number (digit `i` = index of module `i`'s signature, 0 for the empty
//!   one); zeroing the digits of `N_B[i]` only lowers the number, so one pass in
//!   increasing order fills the table, exactly like the subset table of `kayles-core`.
//!   The histogram adds, for each vector, the product of its per-module counts; the
//!   expanded graph is never enumerated.

use crate::error::{check_modules, ModuleError};
use crate::signature::{Signature, SignatureCounts};
use hashbrown::HashMap;
use kayles_core::bits::Bits;
use kayles_core::rules::node_move;
use kayles_core::Graph;

/// The largest base graph [`Quotient`] and [`QuotientTable`] take.
pub const MAX_BASE_ORDER: usize = 64;

/// The largest number of signature vectors [`QuotientTable`] tabulates (one byte each).
pub const MAX_SIGNATURE_SPACE: u128 = 1 << 28;

/// The largest expanded order whose subset counts fit `u128` (`2^127`).
pub const MAX_COUNTED_ORDER: usize = 127;

/// The memoized quotient engine over base subsets of any width.
pub(crate) struct QuotientEngine<S: Bits> {
    closed: Vec<S>,
    signatures: Vec<Signature>,
    memo: HashMap<S, u8>,
    overflow: bool,
}

impl<S: Bits> QuotientEngine<S> {
    /// The engine for `base` (at most `S::CAPACITY` vertices) with one signature per
    /// base vertex.
    pub(crate) fn new(base: &Graph, signatures: Vec<Signature>) -> Self {
        debug_assert_eq!(base.order(), signatures.len());
        QuotientEngine {
            closed: base.closed_neighbourhoods::<S>(),
            signatures,
            memo: HashMap::new(),
            overflow: false,
        }
    }

    /// The vertices with a non-empty signature (the others are inert: `Q` ignores them).
    pub(crate) fn occupied(&self) -> S {
        let mut x = S::empty();
        for (i, a) in self.signatures.iter().enumerate() {
            if !a.is_empty() {
                x = x.with(i);
            }
        }
        x
    }

    /// `Q(x)`.
    pub(crate) fn value(&mut self, x: S) -> Result<u32, ModuleError> {
        let v = self.xor_of_components(x.intersection(self.occupied()));
        self.check()?;
        Ok(u32::from(v))
    }

    /// `{ Q(x - N_B[i]) xor a : i in x, a in A_i }` (so `Q(x)` is its mex).
    pub(crate) fn options(&mut self, x: S) -> Result<Signature, ModuleError> {
        let x = x.intersection(self.occupied());
        let mut seen = Signature::EMPTY;
        for i in x.iter() {
            let rest = u32::from(self.xor_of_components(node_move(x, self.closed[i])));
            for a in self.signatures[i].iter() {
                let value = rest ^ a;
                if value >= Signature::CAPACITY {
                    return Err(ModuleError::NimberTooLarge);
                }
                seen.insert(value);
            }
        }
        self.check()?;
        Ok(seen)
    }

    fn check(&self) -> Result<(), ModuleError> {
        if self.overflow {
            Err(ModuleError::NimberTooLarge)
        } else {
            Ok(())
        }
    }

    fn xor_of_components(&mut self, set: S) -> u8 {
        let mut x = 0u8;
        let mut left = set;
        while let Some(start) = left.first() {
            let comp = self.component_of(start, left);
            left = left.difference(comp);
            x ^= self.component_value(comp);
        }
        x
    }

    fn component_of(&self, start: usize, within: S) -> S {
        let mut comp = S::singleton(start);
        let mut frontier = comp;
        while !frontier.is_empty() {
            let mut next = S::empty();
            for v in frontier.iter() {
                next = next.union(self.closed[v]);
            }
            frontier = next.intersection(within).difference(comp);
            comp = comp.union(frontier);
        }
        comp
    }

    fn component_value(&mut self, comp: S) -> u8 {
        if comp.count() == 1 {
            let i = comp.first().unwrap_or(0);
            return self.byte(self.signatures[i].mex());
        }
        if let Some(&v) = self.memo.get(&comp) {
            return v;
        }
        let mut seen = Signature::EMPTY;
        for i in comp.iter() {
            let rest = u32::from(self.xor_of_components(node_move(comp, self.closed[i])));
            for a in self.signatures[i].iter() {
                let value = rest ^ a;
                if value >= Signature::CAPACITY {
                    self.overflow = true;
                } else {
                    seen.insert(value);
                }
            }
        }
        let v = self.byte(seen.mex());
        self.memo.insert(comp, v);
        v
    }

    fn byte(&mut self, v: u32) -> u8 {
        if v >= Signature::CAPACITY {
            self.overflow = true;
            0
        } else {
            v as u8
        }
    }

    pub(crate) fn memo_len(&self) -> usize {
        self.memo.len()
    }
}

/// `Q` for one signature vector over a base graph of at most [`MAX_BASE_ORDER`]
/// vertices, memoized over base subsets (`u64` masks, bit `i` for base vertex `i`).
///
/// The MOD-NIMBER-NOT-ENOUGH example: `K1` and `P6` (both nimber 1, signatures `{0}` and
/// `{0,2}`), each joined completely to `I2` (signature `{1}`):
///
/// ```
/// use kayles_core::Graph;
/// use kayles_modules::{Quotient, Signature};
/// let edge = Graph::from_edges(2, &[(0, 1)]);
/// let i2 = Signature::singleton(1);
/// let mut k1 = Quotient::new(&edge, vec![Signature::singleton(0), i2]).unwrap();
/// let mut p6 = Quotient::new(&edge, vec![Signature::from_values([0, 2]), i2]).unwrap();
/// assert_eq!(k1.value(0b11).unwrap(), 2);
/// assert_eq!(p6.value(0b11).unwrap(), 3);
/// ```
pub struct Quotient {
    engine: QuotientEngine<u64>,
    order: usize,
}

impl Quotient {
    /// The quotient of `base` with `signatures[i]` the signature of module `i`. An empty
    /// signature marks an unoccupied module (it is ignored wherever it is in `X`).
    pub fn new(base: &Graph, signatures: Vec<Signature>) -> Result<Self, ModuleError> {
        if signatures.len() != base.order() {
            return Err(ModuleError::ModuleCount {
                base: base.order(),
                modules: signatures.len(),
            });
        }
        if base.order() > MAX_BASE_ORDER {
            return Err(ModuleError::BaseTooLarge {
                order: base.order(),
                max: MAX_BASE_ORDER,
            });
        }
        Ok(Quotient {
            engine: QuotientEngine::new(base, signatures),
            order: base.order(),
        })
    }

    /// `Q(occupied)`.
    pub fn value(&mut self, occupied: u64) -> Result<u32, ModuleError> {
        if self.order < 64 && occupied >> self.order != 0 {
            return Err(ModuleError::BadSubset {
                mask: u128::from(occupied),
                order: self.order,
            });
        }
        self.engine.value(occupied)
    }

    /// `Q(T)` with `T` every module of non-empty signature: the nimber of the expanded
    /// position.
    pub fn full_value(&mut self) -> Result<u32, ModuleError> {
        let x = self.engine.occupied();
        self.engine.value(x)
    }

    /// The options `{ Q(T - N_B[i]) xor a : i in T, a in A_i }` of the full position `T`:
    /// the option signature of the expanded graph.
    pub fn full_options(&mut self) -> Result<Signature, ModuleError> {
        let x = self.engine.occupied();
        self.engine.options(x)
    }

    /// Number of memoized connected base subsets.
    pub fn memo_len(&self) -> usize {
        self.engine.memo_len()
    }
}

/// `Q(T)` for one signature vector (`T` = the modules of non-empty signature).
///
/// ```
/// use kayles_core::families;
/// use kayles_modules::{quotient, Signature};
/// // Clique modules ({0} everywhere): Q is Node Kayles on the base.
/// let p4 = families::path(4);
/// assert_eq!(quotient(&p4, &[Signature::singleton(0); 4]).unwrap(), 0);
/// ```
pub fn quotient(base: &Graph, signatures: &[Signature]) -> Result<u32, ModuleError> {
    Quotient::new(base, signatures.to_vec())?.full_value()
}

/// `Q` for every signature vector, and the histogram it induces.
///
/// ```
/// use kayles_core::Graph;
/// use kayles_modules::{QuotientTable, SignatureCounts};
/// // I2 joined to I2 is C4: 16 subsets.
/// let edge = Graph::from_edges(2, &[(0, 1)]);
/// let i2 = SignatureCounts::independent(2).unwrap();
/// let t = QuotientTable::new(&edge, &[i2.clone(), i2]).unwrap();
/// assert_eq!(t.histogram(), &[4, 8, 4]);
/// assert_eq!(t.histogram().iter().sum::<u128>(), 16);
/// ```
pub struct QuotientTable {
    modules: Vec<SignatureCounts>,
    radix: Vec<usize>,
    values: Vec<u8>,
    histogram: Vec<u128>,
}

impl QuotientTable {
    /// Tabulates `Q` over every signature vector of the modules (given by their
    /// signature counts) and sums the histogram.
    pub fn new(base: &Graph, modules: &[SignatureCounts]) -> Result<Self, ModuleError> {
        let k = base.order();
        if modules.len() != k {
            return Err(ModuleError::ModuleCount {
                base: k,
                modules: modules.len(),
            });
        }
        if k > MAX_BASE_ORDER {
            return Err(ModuleError::BaseTooLarge {
                order: k,
                max: MAX_BASE_ORDER,
            });
        }
        let order = checked_expanded_order(modules)?;
        let mut radix = Vec::with_capacity(k);
        let mut space: u128 = 1;
        for m in modules {
            radix.push(space as usize);
            space = space.saturating_mul(m.len() as u128);
            if space > MAX_SIGNATURE_SPACE {
                let entries = modules
                    .iter()
                    .fold(1u128, |p, m| p.saturating_mul(m.len() as u128));
                return Err(ModuleError::SignatureSpaceTooLarge {
                    entries,
                    max: MAX_SIGNATURE_SPACE,
                });
            }
        }
        let space = space as usize;
        let sizes: Vec<usize> = modules.iter().map(SignatureCounts::len).collect();
        let weights: Vec<Vec<u128>> = modules
            .iter()
            .map(|m| m.entries().iter().map(|&(_, c)| c).collect())
            .collect();
        let lists: Vec<Vec<Vec<u32>>> = modules
            .iter()
            .map(|m| {
                m.entries()
                    .iter()
                    .map(|(s, _)| s.iter().collect())
                    .collect()
            })
            .collect();
        let mut odometer = Odometer::new(base, &sizes, weights);
        let mut values = vec![0u8; space];
        let mut histogram = vec![0u128; 257];
        histogram[0] = 1; // the empty vector
        for key in 1..space {
            odometer.advance();
            let mut seen = Signature::EMPTY;
            for i in 0..k {
                let d = odometer.digits[i];
                if d == 0 {
                    continue;
                }
                let rest = u32::from(values[key - odometer.removed[i]]);
                for &a in &lists[i][d] {
                    let value = rest ^ a;
                    if value >= Signature::CAPACITY {
                        return Err(ModuleError::NimberTooLarge);
                    }
                    seen.insert(value);
                }
            }
            let value = seen.mex();
            if value >= Signature::CAPACITY {
                return Err(ModuleError::NimberTooLarge);
            }
            values[key] = value as u8;
            histogram[value as usize] += odometer.weight();
        }
        trim(&mut histogram);
        debug_assert_eq!(
            histogram.iter().sum::<u128>(),
            1u128 << order,
            "counts sum to 2^N"
        );
        Ok(QuotientTable {
            modules: modules.to_vec(),
            radix,
            values,
            histogram,
        })
    }

    /// `hist[v]` = number of expanded subsets `S` with `Q(T(S)) = v` (trailing zeros
    /// trimmed); sums to `2^N`.
    pub fn histogram(&self) -> &[u128] {
        &self.histogram
    }

    /// Number of signature vectors tabulated.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Never true (the empty vector is always there).
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// `Q` of the vector whose module `i` has signature `entries()[digits[i]]`.
    ///
    /// # Panics
    /// If a digit is out of range or the length is wrong.
    pub fn value(&self, digits: &[usize]) -> u32 {
        assert_eq!(digits.len(), self.radix.len(), "one digit per module");
        let key: usize = digits
            .iter()
            .zip(&self.radix)
            .zip(&self.modules)
            .map(|((&d, &r), m)| {
                assert!(d < m.len(), "digit out of range");
                d * r
            })
            .sum();
        u32::from(self.values[key])
    }

    /// `Q` of a signature vector, or `None` if some signature never occurs in its module.
    pub fn value_of(&self, signatures: &[Signature]) -> Option<u32> {
        let digits: Option<Vec<usize>> = signatures
            .iter()
            .zip(&self.modules)
            .map(|(s, m)| m.index_of(s))
            .collect();
        Some(self.value(&digits?))
    }
}

impl std::fmt::Debug for QuotientTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("QuotientTable")
            .field("vectors", &self.values.len())
            .field("histogram", &self.histogram)
            .finish()
    }
}

impl std::fmt::Debug for Quotient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Quotient")
            .field("order", &self.order)
            .field("signatures", &self.engine.signatures)
            .field("memo_len", &self.engine.memo.len())
            .finish()
    }
}

/// A mixed-radix counter over vectors of digits (digit `i` below `sizes[i]`), keeping for
/// each `i` the amount `removed[i] = sum over j in N_B[i] of digits[j] * radix[j]` that
/// zeroing the closed neighbourhood of `i` subtracts from the key, and the product of
/// per-digit weights; both are updated incrementally as the counter advances.
pub(crate) struct Odometer {
    sizes: Vec<usize>,
    radix: Vec<usize>,
    closed: Vec<Vec<usize>>,
    weights: Vec<Vec<u128>>,
    /// Suffix products of the weights: `suffix[t] = prod over i >= t`.
    suffix: Vec<u128>,
    /// The current digits (key `sum digits[i] * radix[i]`).
    pub(crate) digits: Vec<usize>,
    /// What zeroing `N_B[i]` subtracts from the current key.
    pub(crate) removed: Vec<usize>,
}

impl Odometer {
    /// A counter at key 0 (all digits zero; `weights[i][0]` must be 1).
    pub(crate) fn new(base: &Graph, sizes: &[usize], weights: Vec<Vec<u128>>) -> Self {
        let k = base.order();
        let mut radix = Vec::with_capacity(k);
        let mut r = 1usize;
        for &s in sizes {
            radix.push(r);
            r = r.saturating_mul(s);
        }
        Odometer {
            sizes: sizes.to_vec(),
            radix,
            closed: (0..k)
                .map(|i| base.closed_neighbourhood(i).iter().collect())
                .collect(),
            weights,
            suffix: vec![1; k + 1],
            digits: vec![0; k],
            removed: vec![0; k],
        }
    }

    /// Moves to the next key.
    ///
    /// # Panics
    /// If the counter was at its last key.
    #[inline]
    pub(crate) fn advance(&mut self) {
        let mut i = 0;
        loop {
            let old = self.digits[i];
            if old + 1 < self.sizes[i] {
                self.digits[i] = old + 1;
                for &t in &self.closed[i] {
                    self.removed[t] += self.radix[i];
                }
                break;
            }
            self.digits[i] = 0;
            for &t in &self.closed[i] {
                self.removed[t] -= old * self.radix[i];
            }
            i += 1;
        }
        for t in (0..=i).rev() {
            self.suffix[t] = self.weights[t][self.digits[t]] * self.suffix[t + 1];
        }
    }

    /// The product of the current digits' weights.
    #[inline]
    pub(crate) fn weight(&self) -> u128 {
        self.suffix[0]
    }
}

/// The largest base graph the wide quotient (used by [`blowup_nimber`](crate::blowup_nimber) and by prime nodes
/// of the decomposition solver) takes.
pub const MAX_WIDE_QUOTIENT_ORDER: usize = kayles_core::bits::MAX_WIDTH;

/// `Q(V(base))` and, if `options`, the full option signature, on the narrowest bitset
/// width that fits (wide bases on a thread with a 1 GiB stack: the recursion is one level
/// per move).
pub(crate) fn solve_quotient(
    base: &Graph,
    signatures: Vec<Signature>,
    options: bool,
) -> Result<(u32, Option<Signature>), ModuleError> {
    fn run<S: Bits>(
        base: &Graph,
        signatures: Vec<Signature>,
        options: bool,
    ) -> Result<(u32, Option<Signature>), ModuleError> {
        let mut engine = QuotientEngine::<S>::new(base, signatures);
        let full = S::prefix(base.order());
        if options {
            let a = engine.options(full)?;
            let m = a.mex();
            if m >= Signature::CAPACITY {
                return Err(ModuleError::NimberTooLarge);
            }
            Ok((m, Some(a)))
        } else {
            Ok((engine.value(full)?, None))
        }
    }
    let s = signatures;
    kayles_core::with_width!(base.order(), S => {
        if S::WORDS <= 2 {
            run::<S>(base, s, options)
        } else {
            kayles_core::stack::on_stack(kayles_core::stack::DEEP, || run::<S>(base, s, options))
        }
    }, order => Err(ModuleError::BaseTooLarge {
        order,
        max: MAX_WIDE_QUOTIENT_ORDER,
    }))
}

/// Trims trailing zeros, keeping at least one entry.
pub(crate) fn trim(histogram: &mut Vec<u128>) {
    while histogram.len() > 1 && histogram.last() == Some(&0) {
        histogram.pop();
    }
}

/// The histogram of a blow-up from the modules' signature counts (see [`QuotientTable`]).
///
/// A disconnected base is split into its components: each gets its own table (the work
/// is the *sum* over components of their signature-vector spaces, not the product), and
/// their histograms are combined by xor-convolution (NK-XOR).
///
/// ```
/// use kayles_core::families;
/// use kayles_modules::{quotient_histogram, SignatureCounts};
/// let k = SignatureCounts::clique(5).unwrap();
/// let hist = quotient_histogram(&families::grid(3, 4), &vec![k; 12]).unwrap();
/// assert_eq!(hist.iter().sum::<u128>(), 1 << 60);
/// ```
pub fn quotient_histogram(
    base: &Graph,
    modules: &[SignatureCounts],
) -> Result<Vec<u128>, ModuleError> {
    let k = base.order();
    if modules.len() != k {
        return Err(ModuleError::ModuleCount {
            base: k,
            modules: modules.len(),
        });
    }
    let components = base.components(&base.vertices());
    if components.len() <= 1 {
        return Ok(QuotientTable::new(base, modules)?.histogram().to_vec());
    }
    // Check the whole (sizes, order) before splitting, so errors name the real modules.
    checked_expanded_order(modules)?;
    let mut total = vec![1u128];
    for comp in components {
        let (sub, old) = base.induced_subgraph(&comp);
        let counts: Vec<SignatureCounts> = old.iter().map(|&v| modules[v].clone()).collect();
        let part = QuotientTable::new(&sub, &counts)?.histogram().to_vec();
        let width = (total.len().max(part.len())).next_power_of_two();
        let mut next = vec![0u128; width];
        for (a, &x) in total.iter().enumerate() {
            for (b, &y) in part.iter().enumerate() {
                // Both factors count subsets of disjoint vertex sets: the product is at most
                // 2^order <= 2^127.
                next[a ^ b] += x * y;
            }
        }
        trim(&mut next);
        total = next;
    }
    Ok(total)
}

/// The histogram of `B[H_1..H_k]` through the quotient (modules of at most 30 vertices;
/// the expanded graph is never built).
///
/// ```
/// use kayles_core::{families, Graph};
/// use kayles_modules::blowup_histogram;
/// let edge = Graph::from_edges(2, &[(0, 1)]);
/// let hist = blowup_histogram(&edge, &[families::path(6), Graph::new(2)]).unwrap();
/// assert_eq!(hist.iter().sum::<u128>(), 256);
/// ```
pub fn blowup_histogram(base: &Graph, modules: &[Graph]) -> Result<Vec<u128>, ModuleError> {
    check_modules(base, modules.iter().map(Graph::order))?;
    let order: usize = modules.iter().map(Graph::order).sum();
    if order > MAX_COUNTED_ORDER {
        return Err(ModuleError::SizeOverflow {
            order,
            max: MAX_COUNTED_ORDER,
        });
    }
    let counts = modules
        .iter()
        .enumerate()
        .map(|(index, h)| SignatureCounts::of_graph(h).map_err(|e| e.in_module(index)))
        .collect::<Result<Vec<_>, _>>()?;
    quotient_histogram(base, &counts)
}

/// The order of the expanded graph, after checking that no module is empty and that its
/// `2^N` subsets can be counted in `u128`.
fn checked_expanded_order(modules: &[SignatureCounts]) -> Result<usize, ModuleError> {
    let mut order = 0usize;
    for (index, m) in modules.iter().enumerate() {
        if m.order() == 0 {
            return Err(ModuleError::EmptyModule { index });
        }
        order += m.order();
    }
    if order > MAX_COUNTED_ORDER {
        return Err(ModuleError::SizeOverflow {
            order,
            max: MAX_COUNTED_ORDER,
        });
    }
    Ok(order)
}

#[cfg(test)]
mod tests {
    use super::*;
    use kayles_core::families;

    #[test]
    fn clique_signatures_give_base_node_kayles() {
        let g = families::grid(2, 3);
        let mut q = Quotient::new(&g, vec![Signature::singleton(0); 6]).unwrap();
        for x in 0..64u64 {
            assert_eq!(
                q.value(x).unwrap(),
                kayles_core::brute::node_kayles(&g, x.into())
            );
        }
    }

    #[test]
    fn quotient_refuses_bad_input() {
        let edge = Graph::from_edges(2, &[(0, 1)]);
        assert!(matches!(
            Quotient::new(&edge, vec![Signature::EMPTY]),
            Err(ModuleError::ModuleCount { .. })
        ));
        let mut q = Quotient::new(&edge, vec![Signature::singleton(0); 2]).unwrap();
        assert!(matches!(q.value(0b100), Err(ModuleError::BadSubset { .. })));
        let big = SignatureCounts::clique(100).unwrap();
        assert!(matches!(
            QuotientTable::new(&edge, &[big.clone(), big]),
            Err(ModuleError::SizeOverflow { order: 200, .. })
        ));
    }

    #[test]
    fn values_near_the_top_are_refused() {
        // A module whose options include 255 next to a base vertex with a {1}: 255 ^ 1
        // is fine, but a mex of 256 is not representable.
        let base = Graph::new(1);
        let all = Signature::from_values(0..256);
        let mut q = Quotient::new(&base, vec![all]).unwrap();
        assert_eq!(q.full_value(), Err(ModuleError::NimberTooLarge));
    }
}
