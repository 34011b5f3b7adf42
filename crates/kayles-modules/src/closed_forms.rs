//! Closed forms for the two special module types (MOD-CLIQUE, MOD-INDEPENDENT), computed
//! without signatures so that they can be checked against the general route.
//!
//! - **Cliques** `K_{m_i}`: `g(S) = g_B(T(S))`, and
//!   `hist[k] = sum over T with g_B(T) = k of prod_{i in T} (2^{m_i} - 1)`.
//! - **Independent clusters** on `m_i` vertices: with `c_i = |S_i|` reduced to its state
//!   0 / odd / positive even, `q(c) = mex { q(c^(i)) xor ((c_i - 1) mod 2) : c_i > 0 }`
//!   where `c^(i)` zeroes `i` and its base neighbours; the states weigh `1`, `2^(m-1)`,
//!   `2^(m-1) - 1`.

use crate::blowup::BlowUpSpec;
use crate::error::{check_modules, ModuleError};
use crate::quotient::{trim, Odometer, Quotient, MAX_COUNTED_ORDER};
use crate::signature::{pow2_minus_1, Signature};
use kayles_core::node::Solver;
use kayles_core::table::SubsetTable;
use kayles_core::Graph;

/// The largest base graph [`clique_histogram`] takes (it tabulates all `2^k` base
/// subsets).
pub const MAX_CLIQUE_BASE_ORDER: usize = 26;

/// The largest base graph [`IndependentClusters`] takes (`3^k` state vectors).
pub const MAX_INDEPENDENT_BASE_ORDER: usize = 17;

/// Checks the sizes against the base and the `u128` counting limit.
fn check_sizes(base: &Graph, sizes: &[usize]) -> Result<(), ModuleError> {
    check_modules(base, sizes.iter().copied())?;
    let order: usize = sizes.iter().fold(0usize, |t, &m| t.saturating_add(m));
    if order > MAX_COUNTED_ORDER {
        return Err(ModuleError::SizeOverflow {
            order,
            max: MAX_COUNTED_ORDER,
        });
    }
    Ok(())
}

/// The clique weights `2^{m_i} - 1` (the non-empty subsets of each clique).
///
/// ```
/// assert_eq!(kayles_modules::clique_weights(&[1, 2, 5]).unwrap(), vec![1, 3, 31]);
/// ```
pub fn clique_weights(sizes: &[usize]) -> Result<Vec<u128>, ModuleError> {
    sizes.iter().map(|&m| pow2_minus_1(m)).collect()
}

/// The histogram of the clique blow-up `B[K_{m_1}..K_{m_k}]` by MOD-CLIQUE.
///
/// ```
/// use kayles_core::Graph;
/// use kayles_modules::clique_histogram;
/// // K2 joined to K1 is K3: 1 empty subset, 7 of nimber 1.
/// let edge = Graph::from_edges(2, &[(0, 1)]);
/// assert_eq!(clique_histogram(&edge, &[2, 1]).unwrap(), vec![1, 7]);
/// ```
pub fn clique_histogram(base: &Graph, sizes: &[usize]) -> Result<Vec<u128>, ModuleError> {
    check_sizes(base, sizes)?;
    let k = base.order();
    if k > MAX_CLIQUE_BASE_ORDER {
        return Err(ModuleError::BaseTooLarge {
            order: k,
            max: MAX_CLIQUE_BASE_ORDER,
        });
    }
    let table = SubsetTable::compute(base)?;
    let w = clique_weights(sizes)?;
    // prod over T = (product over the low half) * (product over the high half).
    let low = k / 2;
    let products = |ws: &[u128]| -> Vec<u128> {
        let mut p = vec![1u128; 1 << ws.len()];
        for t in 1..p.len() {
            let i = t.trailing_zeros() as usize;
            p[t] = p[t & (t - 1)] * ws[i];
        }
        p
    };
    let (lo, hi) = (products(&w[..low]), products(&w[low..]));
    let mut hist = vec![0u128; 64];
    for (t, &g) in table.values().iter().enumerate() {
        hist[g as usize] += lo[t & ((1 << low) - 1)] * hi[t >> low];
    }
    trim(&mut hist);
    Ok(hist)
}

/// The full-board nimber of a clique blow-up: `g(B)` whatever the sizes.
///
/// ```
/// use kayles_core::families;
/// assert_eq!(kayles_modules::clique_nimber(&families::path(4), &[3, 1, 4, 1]).unwrap(), 0);
/// ```
pub fn clique_nimber(base: &Graph, sizes: &[usize]) -> Result<u32, ModuleError> {
    check_modules(base, sizes.iter().copied())?;
    Ok(Solver::new().nimber(base)?)
}

/// The state of an independent cluster with `c` selected vertices: 0 (empty), 1 (odd),
/// 2 (positive even).
///
/// ```
/// use kayles_modules::cluster_state;
/// assert_eq!([0, 1, 2, 3, 4].map(cluster_state), [0, 1, 2, 1, 2]);
/// ```
pub fn cluster_state(c: usize) -> u8 {
    match c {
        0 => 0,
        c if c % 2 == 1 => 1,
        _ => 2,
    }
}

/// The weights of the states 0 / odd / positive even of a cluster of `m` vertices:
/// `1, 2^(m-1), 2^(m-1) - 1`.
///
/// ```
/// assert_eq!(kayles_modules::independent_weights(3).unwrap(), [1, 4, 3]);
/// assert_eq!(kayles_modules::independent_weights(1).unwrap(), [1, 1, 0]);
/// ```
pub fn independent_weights(m: usize) -> Result<[u128; 3], ModuleError> {
    if m == 0 {
        return Err(ModuleError::EmptyModule { index: 0 });
    }
    pow2_minus_1(m)?;
    let half = 1u128 << (m - 1);
    Ok([1, half, half - 1])
}

/// The recursion `q` over every state vector of a base graph, and the histogram of the
/// independent blow-up.
///
/// ```
/// use kayles_core::Graph;
/// use kayles_modules::IndependentClusters;
/// // I2 joined to I2 is C4.
/// let edge = Graph::from_edges(2, &[(0, 1)]);
/// let c = IndependentClusters::new(&edge, &[2, 2]).unwrap();
/// assert_eq!(c.histogram(), &[4, 8, 4]);
/// assert_eq!(c.q(&[2, 2]), 0); // C4 itself
/// assert_eq!(c.q(&[1, 2]), 2); // P3 with the centre in the first cluster
/// ```
pub struct IndependentClusters {
    values: Vec<u8>,
    histogram: Vec<u128>,
}

impl IndependentClusters {
    /// Tabulates `q` over the `3^k` state vectors and the histogram for the given sizes.
    pub fn new(base: &Graph, sizes: &[usize]) -> Result<Self, ModuleError> {
        check_sizes(base, sizes)?;
        let k = base.order();
        if k > MAX_INDEPENDENT_BASE_ORDER {
            return Err(ModuleError::BaseTooLarge {
                order: k,
                max: MAX_INDEPENDENT_BASE_ORDER,
            });
        }
        let weights = sizes
            .iter()
            .map(|&m| independent_weights(m))
            .collect::<Result<Vec<_>, _>>()?;
        let space = 3usize.pow(k as u32);
        let mut odometer = Odometer::new(
            base,
            &vec![3; k],
            weights.iter().map(|w| w.to_vec()).collect(),
        );
        let mut values = vec![0u8; space];
        let mut histogram = vec![0u128; 64];
        histogram[0] = 1;
        for key in 1..space {
            odometer.advance();
            let mut seen = 0u64;
            for i in 0..k {
                let c = odometer.digits[i];
                if c == 0 {
                    continue;
                }
                // q(c^(i)) xor ((c_i - 1) mod 2), with odd = 1 and positive even = 2.
                seen |= 1 << (values[key - odometer.removed[i]] ^ (c as u8 - 1));
            }
            let q = kayles_core::mex::of_mask(seen) as u8;
            values[key] = q;
            histogram[q as usize] += odometer.weight();
        }
        trim(&mut histogram);
        debug_assert_eq!(
            histogram.iter().sum::<u128>(),
            1u128 << sizes.iter().sum::<usize>(),
            "counts sum to 2^N"
        );
        Ok(IndependentClusters { values, histogram })
    }

    /// `q` of a state vector (entries 0, 1 = odd, 2 = positive even).
    ///
    /// # Panics
    /// If the vector has the wrong length or an entry above 2.
    pub fn q(&self, states: &[u8]) -> u32 {
        let mut key = 0usize;
        for &s in states.iter().rev() {
            assert!(s <= 2, "states are 0, 1 (odd) and 2 (positive even)");
            key = 3 * key + s as usize;
        }
        assert!(key < self.values.len() && self.values.len() == 3usize.pow(states.len() as u32));
        u32::from(self.values[key])
    }

    /// `g(S)` from the selected counts `c_i = |S_i|`.
    pub fn value_of_counts(&self, counts: &[usize]) -> u32 {
        let states: Vec<u8> = counts.iter().map(|&c| cluster_state(c)).collect();
        self.q(&states)
    }

    /// The histogram of the independent blow-up (sums to `2^N`).
    pub fn histogram(&self) -> &[u128] {
        &self.histogram
    }
}

/// The histogram of the independent blow-up `B[I_{m_1}..I_{m_k}]` by MOD-INDEPENDENT.
///
/// ```
/// use kayles_core::families;
/// let h = kayles_modules::independent_histogram(&families::grid(3, 4), &[5; 12]).unwrap();
/// assert_eq!(h.iter().sum::<u128>(), 1 << 60);
/// ```
pub fn independent_histogram(base: &Graph, sizes: &[usize]) -> Result<Vec<u128>, ModuleError> {
    Ok(IndependentClusters::new(base, sizes)?.histogram().to_vec())
}

/// The full-board nimber of an independent blow-up: every cluster is in state odd or
/// even by the parity of its size (base of at most 64 vertices).
///
/// ```
/// use kayles_core::Graph;
/// let edge = Graph::from_edges(2, &[(0, 1)]);
/// assert_eq!(kayles_modules::independent_nimber(&edge, &[2, 2]).unwrap(), 0); // C4
/// ```
pub fn independent_nimber(base: &Graph, sizes: &[usize]) -> Result<u32, ModuleError> {
    check_modules(base, sizes.iter().copied())?;
    let signatures = sizes
        .iter()
        .map(|&m| Signature::singleton(((m - 1) % 2) as u32))
        .collect();
    Quotient::new(base, signatures)?.full_value()
}

/// The closed-form routes for a blow-up given by its spec.
impl BlowUpSpec {
    /// The histogram over all starting subsets of the blown-up graph, without expanding
    /// it: by the closed forms for cliques and independent sets, else through the
    /// quotient.
    pub fn histogram(&self, base: &Graph) -> Result<Vec<u128>, ModuleError> {
        match self {
            BlowUpSpec::Cliques(sizes) => crate::clique_histogram(base, sizes),
            BlowUpSpec::Independent(sizes) => crate::independent_histogram(base, sizes),
            BlowUpSpec::Modules(graphs) => crate::blowup_histogram(base, graphs),
        }
    }

    /// The full-board nimber of the blown-up graph, by the same routes as
    /// [`histogram`](Self::histogram).
    pub fn nimber(&self, base: &Graph) -> Result<u32, ModuleError> {
        match self {
            BlowUpSpec::Cliques(sizes) => crate::clique_nimber(base, sizes),
            BlowUpSpec::Independent(sizes) => crate::independent_nimber(base, sizes),
            BlowUpSpec::Modules(graphs) => crate::blowup_nimber(base, graphs),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kayles_core::families;

    #[test]
    fn totals_are_powers_of_two() {
        let g = families::grid(2, 3);
        let sizes = [1, 2, 3, 4, 5, 6];
        let h = clique_histogram(&g, &sizes).unwrap();
        assert_eq!(h.iter().sum::<u128>(), 1 << 21);
        let h = independent_histogram(&g, &sizes).unwrap();
        assert_eq!(h.iter().sum::<u128>(), 1 << 21);
    }

    #[test]
    fn the_counting_limit() {
        let edge = Graph::from_edges(2, &[(0, 1)]);
        assert!(clique_histogram(&edge, &[100, 27]).is_ok());
        assert!(matches!(
            clique_histogram(&edge, &[100, 28]),
            Err(ModuleError::SizeOverflow { order: 128, .. })
        ));
        assert!(matches!(
            independent_histogram(&edge, &[0, 1]),
            Err(ModuleError::EmptyModule { index: 0 })
        ));
    }
}
