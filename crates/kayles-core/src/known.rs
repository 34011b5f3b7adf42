//! Nimbers of pieces with a closed form the search can look up instead of exploring:
//! paths (Node Kayles on `P_n` is Dawson's chess, octal game 0.137) and cycles.

/// Node Kayles values of the paths `P_0, P_1, ...`, extended on demand.
///
/// ```
/// let mut p = kayles_core::known::PathNimbers::new();
/// let first: Vec<u8> = (0..16).map(|n| p.path(n)).collect();
/// assert_eq!(first, [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5]);
/// assert_eq!(p.cycle(3), 1);
/// ```
#[derive(Debug, Clone)]
pub struct PathNimbers {
    values: Vec<u8>,
}

impl Default for PathNimbers {
    fn default() -> Self {
        Self::new()
    }
}

impl PathNimbers {
    /// The table holding `P_0`.
    pub fn new() -> Self {
        PathNimbers { values: vec![0] }
    }

    /// `g(P_n)`: playing vertex `i` (0-based) of `P_n` leaves `P_{i-1} + P_{n-i-2}` (lengths
    /// clamped at 0).
    pub fn path(&mut self, n: usize) -> u8 {
        while self.values.len() <= n {
            let m = self.values.len();
            let mut seen = [0u64; 4];
            for i in 0..m.div_ceil(2) {
                let left = i.saturating_sub(1);
                let right = (m - i).saturating_sub(2);
                let x = self.values[left] ^ self.values[right];
                seen[(x >> 6) as usize] |= 1 << (x & 63);
            }
            // A path's value is at most its number of distinct options, far below 256
            // for any path this crate can hold.
            self.values
                .push(crate::mex::of_byte_set(&seen).expect("path nimbers stay below 256"));
        }
        self.values[n]
    }

    /// `g(P_n)` if already computed (by an earlier [`path`](Self::path) call up to `n`),
    /// else 0. Lets read-only users share a table extended beforehand.
    pub fn known(&self, n: usize) -> u8 {
        self.values.get(n).copied().unwrap_or(0)
    }

    /// `g(C_n)` for `n >= 3`: every move leaves `P_{n-3}`.
    pub fn cycle(&mut self, n: usize) -> u8 {
        u8::from(self.path(n - 3) == 0)
    }
}
