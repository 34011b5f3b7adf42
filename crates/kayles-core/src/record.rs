//! [`Record`]: what the memos know of one component. The mex route learns a component's
//! nimber at once; the outcome route learns, one heap at a time, whether `C + *h` is a
//! win (the nimber of `C` is not `h`) or a loss (the nimber of `C` is `h`). One record
//! holds either kind of knowledge, so both routes share every memo.

/// A component's nimber, or the heaps `h` already proved to make `C + *h` a win (values
/// the nimber is not). Four bytes.
///
/// ```
/// use kayles_core::record::Record;
/// let r = Record::UNKNOWN.with_win(0).with_win(2);
/// assert_eq!(r.wins(0), Some(true));
/// assert_eq!(r.wins(1), None);
/// assert_eq!(r.first_open_heap(), 1);
/// let known = r.merge(Record::known(1));
/// assert_eq!(known.value(), Some(1));
/// assert_eq!(known.wins(1), Some(false));
/// assert_eq!(known.wins(5), Some(true));
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Record(u32);

/// The flag of a record that holds the nimber (in its low byte).
const KNOWN: u32 = 1 << 31;

impl Record {
    /// Nothing known.
    pub const UNKNOWN: Record = Record(0);

    /// Heaps below this are remembered as wins; a win against a larger heap is not kept
    /// (the search proves it again if it meets it again). Nimbers of the games here stay
    /// far below it.
    pub const WIN_HEAPS: u8 = 31;

    /// The record of a component whose nimber is `value`.
    #[inline]
    pub const fn known(value: u8) -> Record {
        Record(KNOWN | value as u32)
    }

    /// The nimber, when known.
    #[inline]
    pub fn value(self) -> Option<u8> {
        (self.0 & KNOWN != 0).then_some(self.0 as u8)
    }

    /// True when nothing is known.
    #[inline]
    pub fn is_unknown(self) -> bool {
        self.0 == 0
    }

    /// The record as four bytes (for tables that keep it in an atomic word, and for
    /// saved memos).
    #[inline]
    pub const fn to_bits(self) -> u32 {
        self.0
    }

    /// The record of [`to_bits`](Self::to_bits) (any four bytes are some record).
    #[inline]
    pub const fn from_bits(bits: u32) -> Record {
        Record(bits)
    }

    /// Whether `C + *heap` is a win (`Some(true)`), a loss (`Some(false)`), or not known.
    #[inline]
    pub fn wins(self, heap: u8) -> Option<bool> {
        if self.0 & KNOWN != 0 {
            Some(self.0 as u8 != heap)
        } else if heap < Self::WIN_HEAPS && self.0 >> heap & 1 == 1 {
            Some(true)
        } else {
            None
        }
    }

    /// This record and the fact that `C + *heap` is a win (kept when `heap` is below
    /// [`WIN_HEAPS`](Self::WIN_HEAPS)).
    #[inline]
    pub fn with_win(self, heap: u8) -> Record {
        if self.0 & KNOWN != 0 || heap >= Self::WIN_HEAPS {
            self
        } else {
            Record(self.0 | 1 << heap)
        }
    }

    /// What deciding `C + *heap` proves alone: a win adds the heap, a loss gives the
    /// nimber.
    ///
    /// ```
    /// use kayles_core::record::Record;
    /// assert_eq!(Record::decided(2, false).value(), Some(2));
    /// assert_eq!(Record::decided(2, true).wins(2), Some(true));
    /// ```
    #[inline]
    pub fn decided(heap: u8, win: bool) -> Record {
        if win {
            Record::UNKNOWN.with_win(heap)
        } else {
            Record::known(heap)
        }
    }

    /// The least heap not known to be a win: the first candidate for the nimber.
    #[inline]
    pub fn first_open_heap(self) -> u8 {
        match self.value() {
            Some(v) => v,
            None => self.0.trailing_ones() as u8,
        }
    }

    /// Everything both records know. Two records of one component never contradict each
    /// other (a known nimber is never among the wins); a debug build checks it.
    #[inline]
    pub fn merge(self, other: Record) -> Record {
        match (self.value(), other.value()) {
            (Some(v), _) => {
                debug_assert!(
                    other.wins(v) != Some(true),
                    "records contradict: {self:?} {other:?}"
                );
                self
            }
            (None, Some(v)) => {
                debug_assert!(
                    self.wins(v) != Some(true),
                    "records contradict: {self:?} {other:?}"
                );
                other
            }
            (None, None) => Record(self.0 | other.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wins_against_large_heaps_are_not_kept() {
        let r = Record::UNKNOWN.with_win(Record::WIN_HEAPS);
        assert!(r.is_unknown());
        let r = Record::UNKNOWN.with_win(Record::WIN_HEAPS - 1);
        assert_eq!(r.wins(Record::WIN_HEAPS - 1), Some(true));
        assert_eq!(r.first_open_heap(), 0);
    }

    #[test]
    fn a_known_value_decides_every_heap() {
        let r = Record::known(200);
        assert_eq!(r.value(), Some(200));
        assert_eq!(r.wins(200), Some(false));
        assert_eq!(r.wins(3), Some(true));
        assert_eq!(r.with_win(3), r);
        assert_eq!(Record::UNKNOWN.merge(r), r);
    }
}
