//! The inner loops of the recurrence, over runs `x[k] ^ y[k]` of two equally long slices
//! of `u16` values.
//!
//! The recurrence spends all its time here: a term of index `n` takes the mex of about
//! `5.5 n` xors, `3.4e10` of them for `n <= 110949`. The values are not small (they pass
//! 400 by `n = 30000`), so a term is found in two phases ([`mex_of_runs`]):
//!
//! 1. [`mark_xors`] marks, in a byte table, the xors of the first [`PREFIX`] pairs of every
//!    run (plain scalar stores: no read-modify-write chains). Almost every value below the
//!    mex shows up there.
//! 2. The smallest unmarked value `z` is the candidate; [`contains_xor`] scans the rest of
//!    every run for `x[k] ^ y[k] == z`, stopping at the first hit. A hit marks `z` and the
//!    next candidate is tried; a full scan without a hit proves that `z` is the mex.
//!
//! Phase 2 tests at most [`MAX_PROBES`] candidates; past that (values that grow with `n`,
//! where almost every value below the mex is missing from the prefixes) it marks every
//! remaining pair and reads the mex off the table, so a term never costs more than a few
//! passes over its pairs.
//!
//! [`contains_xor`] computes `min_k (x[k] ^ y[k] ^ z)` (zero exactly when `z` occurs),
//! 16 lanes at a time with AVX2 (chosen at run time on `x86_64`) or 8 with SSE2, in blocks
//! of [`BLOCK`] pairs with an exit test between blocks.

/// Pairs per run examined in phase 1 of [`mex_of_runs`].
pub const PREFIX: usize = 2048;

/// Pairs scanned by [`contains_xor`] between two early-exit tests.
pub const BLOCK: usize = 2048;

/// Candidates [`mex_of_xor_runs`] tests in phase 2 before it marks every pair instead (so
/// that a term costs `O(pairs)` even when the values grow with `n`).
pub const MAX_PROBES: usize = 48;

/// Marks `seen[x[k] ^ y[k]] = true` for every `k`.
///
/// # Panics
/// If the slices differ in length or a xor is out of `seen`'s range.
pub fn mark_xors(x: &[u16], y: &[u16], seen: &mut [bool]) {
    assert_eq!(x.len(), y.len(), "mark_xors: slices of different lengths");
    for (&p, &q) in x.iter().zip(y) {
        seen[usize::from(p ^ q)] = true;
    }
}

/// Whether `x[k] ^ y[k] == z` for some `k`.
///
/// # Panics
/// If the slices differ in length.
pub fn contains_xor(x: &[u16], y: &[u16], z: u16) -> bool {
    assert_eq!(
        x.len(),
        y.len(),
        "contains_xor: slices of different lengths"
    );
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx2") {
            return x.chunks(BLOCK).zip(y.chunks(BLOCK)).any(|(p, q)| {
                // SAFETY: AVX2 is present (checked just above).
                unsafe { block_min_avx2(p, q, z) == 0 }
            });
        }
    }
    contains_xor_portable(x, y, z)
}

/// [`contains_xor`] without run-time CPU feature selection (the reference it is tested
/// against, and the version on CPUs without AVX2).
///
/// # Panics
/// If the slices differ in length.
pub fn contains_xor_portable(x: &[u16], y: &[u16], z: u16) -> bool {
    assert_eq!(
        x.len(),
        y.len(),
        "contains_xor_portable: slices of different lengths"
    );
    x.chunks(BLOCK)
        .zip(y.chunks(BLOCK))
        .any(|(p, q)| block_min(p, q, z) == 0)
}

/// `min_k (x[k] ^ y[k] ^ z)` (`u16::MAX` for empty slices): written so that LLVM turns
/// it into packed xors and `pminuw`.
#[inline(always)]
fn block_min(x: &[u16], y: &[u16], z: u16) -> u16 {
    x.iter()
        .zip(y)
        .fold(u16::MAX, |m, (&p, &q)| m.min(p ^ q ^ z))
}

/// [`block_min`] compiled for AVX2.
///
/// # Safety
/// The CPU must support AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn block_min_avx2(x: &[u16], y: &[u16], z: u16) -> u16 {
    block_min(x, y, z)
}

/// The mex of `singles` together with every `x[k] ^ y[k]` of every run `(x, y)`, by the
/// two phases of the module docs. `seen` is scratch space; its length must exceed every
/// value and xor (a power of two above the largest value will do); it is left cleared.
///
/// # Panics
/// If a run's slices differ in length, or a value or xor does not fit `seen`, or the mex
/// is `seen.len()` or more.
pub fn mex_of_runs(singles: &[u16], runs: &[(&[u16], &[u16])], seen: &mut [bool]) -> u16 {
    let runs: Vec<(&[u16], &[u16], u16)> = runs.iter().map(|&(x, y)| (x, y, 0)).collect();
    mex_of_xor_runs(singles, &runs, seen)
}

/// [`mex_of_runs`] where each run `(x, y, c)` contributes `x[k] ^ y[k] ^ c` (the constant
/// is the value of pieces a move leaves besides the two runs' parts: `kayles-chains`).
///
/// # Panics
/// As [`mex_of_runs`].
pub fn mex_of_xor_runs(singles: &[u16], runs: &[(&[u16], &[u16], u16)], seen: &mut [bool]) -> u16 {
    for &v in singles {
        seen[usize::from(v)] = true;
    }
    for &(x, y, c) in runs {
        let p = PREFIX.min(x.len());
        assert_eq!(
            p,
            PREFIX.min(y.len()),
            "mex_of_runs: slices of different lengths"
        );
        for (&a, &b) in x[..p].iter().zip(&y[..p]) {
            seen[usize::from(a ^ b ^ c)] = true;
        }
    }
    let mut z = 0;
    let mut probes = 0;
    let mex = loop {
        while seen[z] {
            z += 1;
        }
        if probes == MAX_PROBES {
            // Values that grow with n (a sequence like n + 1) would make phase 2 probe
            // about n candidates per term: mark every pair instead and read the mex.
            for &(x, y, c) in runs {
                let p = PREFIX.min(x.len());
                for (&a, &b) in x[p..].iter().zip(&y[p..]) {
                    seen[usize::from(a ^ b ^ c)] = true;
                }
            }
            while seen[z] {
                z += 1;
            }
            break z as u16;
        }
        probes += 1;
        let candidate = z as u16;
        let present = runs.iter().any(|&(x, y, c)| {
            let p = PREFIX.min(x.len());
            contains_xor(&x[p..], &y[p..], candidate ^ c)
        });
        if !present {
            break candidate;
        }
        seen[z] = true;
    };
    seen.fill(false);
    mex
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(state: &mut u64, len: usize, bound: u16) -> Vec<u16> {
        (0..len)
            .map(|_| {
                *state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                ((*state >> 33) % u64::from(bound)) as u16
            })
            .collect()
    }

    #[test]
    fn contains_xor_versions_agree_with_a_plain_loop() {
        let mut state = 12345u64;
        for len in [0, 1, 15, 16, 17, 100, 5000] {
            for bound in [4u16, 64, 1000] {
                let x = values(&mut state, len, bound);
                let y = values(&mut state, len, bound);
                for z in 0..bound.min(80) {
                    let plain = x.iter().zip(&y).any(|(&p, &q)| p ^ q == z);
                    assert_eq!(contains_xor(&x, &y, z), plain, "len {len} z {z}");
                    assert_eq!(contains_xor_portable(&x, &y, z), plain);
                }
            }
        }
    }

    #[test]
    fn mex_of_runs_is_the_plain_mex() {
        let mut state = 99u64;
        let mut seen = vec![false; 1024];
        for len in [0, 10, PREFIX - 1, PREFIX, PREFIX + 1, 3 * PREFIX + 7] {
            for bound in [2u16, 8, 300] {
                let x = values(&mut state, len, bound);
                let y = values(&mut state, len, bound);
                let x2 = values(&mut state, len / 2, bound);
                let y2 = values(&mut state, len / 2, bound);
                let singles = [3u16, 0];
                let mut all = vec![false; 1025];
                for (p, q) in x.iter().zip(&y).chain(x2.iter().zip(&y2)) {
                    all[usize::from(p ^ q)] = true;
                }
                for &s in &singles {
                    all[usize::from(s)] = true;
                }
                let want = all.iter().position(|&b| !b).unwrap() as u16;
                let runs = [(&x[..], &y[..]), (&x2[..], &y2[..])];
                assert_eq!(mex_of_runs(&singles, &runs, &mut seen), want);
                assert!(seen.iter().all(|&b| !b));
            }
        }
    }

    #[test]
    fn mex_of_xor_runs_adds_each_runs_constant() {
        let mut state = 7u64;
        let mut seen = vec![false; 4096];
        for len in [0, 5, PREFIX + 300] {
            let x = values(&mut state, len, 200);
            let y = values(&mut state, len, 200);
            let singles = [1u16, 4];
            for c in [0u16, 1, 5, 255] {
                let mut all = vec![false; 4097];
                for (p, q) in x.iter().zip(&y) {
                    all[usize::from(p ^ q ^ c)] = true;
                }
                for &s in &singles {
                    all[usize::from(s)] = true;
                }
                let want = all.iter().position(|&b| !b).unwrap() as u16;
                let got = mex_of_xor_runs(&singles, &[(&x[..], &y[..], c)], &mut seen);
                assert_eq!(got, want, "len {len} c {c}");
                assert!(seen.iter().all(|&b| !b));
            }
        }
    }

    #[test]
    fn growing_values_go_past_the_probe_limit() {
        // x[k] = k, y = 0: the options are 0..len, the mex is len, and phase 2 would need
        // len - PREFIX probes; the fallback marks every pair.
        let len = PREFIX + 5 * MAX_PROBES;
        let x: Vec<u16> = (0..len as u16).collect();
        let y = vec![0u16; len];
        let mut seen = vec![false; 2 * len.next_power_of_two()];
        assert_eq!(mex_of_xor_runs(&[], &[(&x, &y, 0)], &mut seen), len as u16);
        assert_eq!(mex_of_runs(&[], &[(&x, &y)], &mut seen), len as u16);
    }
}
