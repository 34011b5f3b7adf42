//! The full subset table: the Node Kayles nimber of every one of the `2^n` vertex subsets
//! of a graph ("all starting subsets"), one byte per subset, and its histogram.
//!
//! `T[S] = mex { T[S & !N[v]] : v in S }`, with the options' values collected in a 64-bit
//! "seen" mask and the mex read with `trailing_ones` (a nimber never exceeds `n <= 30`).
//!
//! **Parallel order.** Write `S = (hi, lo)` with `hi` the top `h` bits. Every option of `S`
//! has a high part `hi' ⊆ hi`, so the block of subsets sharing `hi` depends only on blocks
//! whose high part is a subset of `hi`. Blocks are therefore filled in waves by
//! `popcount(hi)`: the blocks of one wave are independent and go to different threads.
//! Each block is a contiguous run of the table, filled in increasing order.

use crate::Graph;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU8, Ordering::Relaxed};
use thiserror::Error;

/// The largest graph the table takes (2^30 bytes = 1 GiB).
pub const MAX_TABLE_ORDER: usize = 30;

/// Why a table was refused.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum TableError {
    /// The table would not fit.
    #[error(
        "a table of all 2^{n} subsets needs {} bytes ({:.1} GiB); the limit is {} vertices",
        1u128 << n, (1u128 << n) as f64 / (1u64 << 30) as f64, MAX_TABLE_ORDER
    )]
    TooLarge {
        /// Vertices of the graph.
        n: usize,
    },
}

/// The nimbers of all `2^n` subsets; subset `S` is bit `v` of the index for vertex `v`.
///
/// ```
/// use kayles_core::{families, table::SubsetTable};
/// let t = SubsetTable::compute(&families::path(4)).unwrap();
/// assert_eq!(t.nimber(0b0111), 2); // P_3
/// assert_eq!(t.nimber(0b1111), 0); // P_4
/// assert_eq!(t.histogram().iter().sum::<u128>(), 16);
/// ```
pub struct SubsetTable {
    n: usize,
    values: Vec<u8>,
}

impl SubsetTable {
    /// Computes the table on all cores (rayon's global pool).
    pub fn compute(g: &Graph) -> Result<Self, TableError> {
        Self::compute_with_progress(g, |_, _| {})
    }

    /// Computes the table on the current thread only.
    pub fn compute_sequential(g: &Graph) -> Result<Self, TableError> {
        let n = check(g)?;
        let closed = closed_masks(g);
        let mut values = vec![0u8; 1usize << n];
        fill_sequential(&closed, &mut values);
        Ok(SubsetTable { n, values })
    }

    /// Computes the table on all cores, calling `progress(done, total)` (in subsets) after
    /// each wave.
    pub fn compute_with_progress(
        g: &Graph,
        progress: impl Fn(u64, u64),
    ) -> Result<Self, TableError> {
        let n = check(g)?;
        let closed = closed_masks(g);
        let high = n.saturating_sub(14).min(8);
        if high < 2 {
            let mut values = vec![0u8; 1usize << n];
            fill_sequential(&closed, &mut values);
            progress(1 << n, 1 << n);
            return Ok(SubsetTable { n, values });
        }
        let low = n - high;
        let mut values = vec![0u8; 1usize << n];
        let cells = as_cells(&mut values);
        let total = 1u64 << n;
        let mut done = 0u64;
        for wave in 0..=high as u32 {
            let blocks: Vec<u64> = (0..1u64 << high)
                .filter(|hi| hi.count_ones() == wave)
                .collect();
            blocks
                .par_iter()
                .for_each(|&hi| fill_block(&closed, cells, hi << low, 1 << low));
            done += (blocks.len() as u64) << low;
            progress(done, total);
        }
        Ok(SubsetTable { n, values })
    }

    /// Number of vertices.
    pub fn order(&self) -> usize {
        self.n
    }

    /// The nimber of the subset `mask`.
    pub fn nimber(&self, mask: u64) -> u8 {
        self.values[mask as usize]
    }

    /// All values, indexed by subset mask.
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    /// `hist[k]` = number of subsets of nimber `k` (trailing zeros trimmed).
    pub fn histogram(&self) -> Vec<u128> {
        let mut hist = vec![0u128; 64];
        for chunk in self.values.chunks(1 << 16) {
            let mut local = [0u64; 64];
            for &v in chunk {
                local[v as usize] += 1;
            }
            for (h, l) in hist.iter_mut().zip(local) {
                *h += u128::from(l);
            }
        }
        while hist.len() > 1 && hist.last() == Some(&0) {
            hist.pop();
        }
        hist
    }
}

fn check(g: &Graph) -> Result<usize, TableError> {
    let n = g.order();
    if n > MAX_TABLE_ORDER {
        Err(TableError::TooLarge { n })
    } else {
        Ok(n)
    }
}

/// Views the table as atomics, so that threads may fill disjoint blocks while reading
/// finished ones.
fn as_cells(values: &mut [u8]) -> &[AtomicU8] {
    // SAFETY: `AtomicU8` has the same size, alignment and bit validity as `u8`, and the
    // exclusive borrow guarantees no non-atomic access while the view lives.
    unsafe { &*(values as *mut [u8] as *const [AtomicU8]) }
}

fn closed_masks(g: &Graph) -> Vec<u64> {
    g.closed_neighbourhoods::<u64>()
}

/// The plain loop over `u64` masks: the reference the parallel table is measured against.
pub fn fill_sequential(closed: &[u64], values: &mut [u8]) {
    for s in 1..values.len() as u64 {
        let mut seen = 0u64;
        let mut rest = s;
        while rest != 0 {
            let v = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            seen |= 1 << values[(s & !closed[v]) as usize];
        }
        values[s as usize] = seen.trailing_ones() as u8;
    }
}

/// Fills the `len` subsets starting at `start` (one block: all its options lie in this
/// block, earlier in it, or in blocks of earlier waves).
fn fill_block(closed: &[u64], cells: &[AtomicU8], start: u64, len: u64) {
    for s in start.max(1)..start + len {
        let mut seen = 0u64;
        let mut rest = s;
        while rest != 0 {
            let v = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            seen |= 1 << cells[(s & !closed[v]) as usize].load(Relaxed);
        }
        cells[s as usize].store(seen.trailing_ones() as u8, Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families;

    #[test]
    fn parallel_equals_sequential() {
        let g = families::build("grid:3x6").unwrap();
        let a = SubsetTable::compute(&g).unwrap();
        let b = SubsetTable::compute_sequential(&g).unwrap();
        assert!(a.values() == b.values());
        assert_eq!(a.histogram().iter().sum::<u128>(), 1 << 18);
    }

    #[test]
    fn too_large_is_refused() {
        let g = Graph::new(31);
        let err = SubsetTable::compute(&g).err().unwrap();
        assert!(err.to_string().contains("2147483648 bytes"), "{err}");
    }
}
