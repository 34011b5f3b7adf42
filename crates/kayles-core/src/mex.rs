//! The minimum excludant, the one rule every impartial game's value follows:
//! `g(P) = mex { g(P') : P' an option of P }`, the least non-negative integer that is not
//! the value of an option. Every crate takes it from here, in whichever shape its values
//! come in: a bit set ([`of_bits`]), one machine word of seen values in the hot loops
//! of the table kernels ([`of_mask`]), the engines' one-byte nimbers ([`of_byte_set`]),
//! or a plain list ([`of_values`]).

/// The least value whose bit is clear in `seen` (value `x` is bit `x % 64` of word
/// `x / 64`), or `64 * seen.len()` when every bit is set.
///
/// ```
/// use kayles_core::mex;
/// assert_eq!(mex::of_bits(&[]), 0);
/// assert_eq!(mex::of_bits(&[0b1011]), 2);
/// assert_eq!(mex::of_bits(&[u64::MAX, 1]), 65);
/// assert_eq!(mex::of_bits(&[u64::MAX; 2]), 128);
/// ```
#[inline]
pub fn of_bits(seen: &[u64]) -> u32 {
    match seen.iter().position(|&w| w != u64::MAX) {
        Some(i) => 64 * i as u32 + seen[i].trailing_ones(),
        None => 64 * seen.len() as u32,
    }
}

/// One machine word of seen values (value `x` is bit `x`), as the table kernels keep it
/// in their innermost loops when the values are known to be small (below 32, 64 or 128).
pub trait Mask: Copy {
    /// The number of consecutive set bits from bit 0.
    fn trailing_ones(self) -> u32;
}

macro_rules! mask {
    ($($t:ty),*) => {$(
        impl Mask for $t {
            #[inline]
            fn trailing_ones(self) -> u32 {
                <$t>::trailing_ones(self)
            }
        }
    )*};
}
mask!(u32, u64, u128);

/// [`of_bits`] on one word `seen` ([`Mask`]): the least value whose bit is clear, or the
/// word's width when every bit is set (the caller keeps its values below the width).
/// Compiles to the inline `(!seen).trailing_zeros()` it replaces (one instruction).
///
/// ```
/// use kayles_core::mex;
/// assert_eq!(mex::of_mask(0u32), 0);
/// assert_eq!(mex::of_mask(0b1011u64), 2);
/// assert_eq!(mex::of_mask(u128::MAX >> 1), 127);
/// ```
#[inline]
pub fn of_mask<M: Mask>(seen: M) -> u32 {
    seen.trailing_ones()
}

/// [`of_bits`] on the 256 values a nimber of the engines can take (one byte), or `None`
/// when all of `0..=255` are seen (the value does not fit a byte).
///
/// ```
/// use kayles_core::mex;
/// assert_eq!(mex::of_byte_set(&[0b111, 0, 0, 0]), Some(3));
/// assert_eq!(mex::of_byte_set(&[u64::MAX; 4]), None);
/// ```
#[inline]
pub fn of_byte_set(seen: &[u64; 4]) -> Option<u8> {
    u8::try_from(of_bits(seen)).ok()
}

/// The least value not among `values`, in their type.
///
/// # Panics
/// When `values` holds every value of its type (`u8`: all of `0..=255`), so that the mex
/// does not fit it.
///
/// ```
/// use kayles_core::mex;
/// assert_eq!(mex::of_values([3u32, 0, 1, 7]), 2);
/// assert_eq!(mex::of_values(Vec::<u16>::new()), 0);
/// assert_eq!(mex::of_values([0u16, 1, 2]), 3);
/// ```
pub fn of_values<T>(values: impl IntoIterator<Item = T>) -> T
where
    T: Into<u32> + TryFrom<u32>,
{
    let mut seen: Vec<u64> = Vec::new();
    for x in values {
        let x = x.into() as usize;
        if seen.len() <= x / 64 {
            seen.resize(x / 64 + 1, 0);
        }
        seen[x / 64] |= 1 << (x % 64);
    }
    let m = of_bits(&seen);
    T::try_from(m).unwrap_or_else(|_| panic!("the mex {m} does not fit the values' type"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The definition: the least `m` with `m` not in the list.
    fn by_definition(values: &[u32]) -> u32 {
        (0..).find(|m| !values.contains(m)).unwrap()
    }

    #[test]
    fn every_shape_agrees_with_the_definition() {
        // Every subset of 0..10, and sets around the word boundaries.
        let mut lists: Vec<Vec<u32>> = (0u32..1 << 10)
            .map(|mask| (0..10).filter(|i| mask >> i & 1 == 1).collect())
            .collect();
        for top in [62, 63, 64, 65, 127, 128, 200, 255, 256] {
            lists.push((0..top).collect());
            lists.push((0..top).filter(|&x| x != top / 2).collect());
        }
        for values in lists {
            let want = by_definition(&values);
            assert_eq!(of_values(values.iter().copied()), want, "{values:?}");
            if want < 1 << 16 {
                let short = values.iter().map(|&x| x as u16);
                assert_eq!(u32::from(of_values(short)), want, "{values:?}");
            }
            let mut bits = [0u64; 5];
            for &x in &values {
                bits[x as usize / 64] |= 1 << (x % 64);
            }
            assert_eq!(of_bits(&bits), want, "{values:?}");
            if want < 32 && values.iter().all(|&x| x < 32) {
                assert_eq!(of_mask(bits[0] as u32), want, "{values:?}");
            }
            if values.iter().all(|&x| x < 64) {
                assert_eq!(of_mask(bits[0]), want.min(64), "{values:?}");
            }
            if values.iter().all(|&x| x < 128) {
                let wide = u128::from(bits[0]) | u128::from(bits[1]) << 64;
                assert_eq!(of_mask(wide), want.min(128), "{values:?}");
            }
            let bytes = [bits[0], bits[1], bits[2], bits[3]];
            let byte_want = (want < 256).then_some(want as u8);
            if values.iter().all(|&x| x < 256) {
                assert_eq!(of_byte_set(&bytes), byte_want, "{values:?}");
            }
        }
    }
}
