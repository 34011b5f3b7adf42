//! [`Key`]: sixteen bytes that stand for a vertex set or a canonical code in the builder's
//! tables, in place of the set or code itself (a `Vec` of tens to hundreds of bytes and a
//! heap block each: the tables of a certificate of millions of facts held ten times the
//! memory of its search).
//!
//! A vertex set of a host of at most 128 vertices is its own key (exact). A larger set, and
//! every canonical code, is keyed by a 128-bit hash. Two different sets or codes with one
//! hash would make the builder refer to a fact about the wrong position; the builder then
//! stops with an error, or the checker, which verifies every reference's sizes and vertex
//! map, rejects the certificate. A collision can make a certificate fail, never make a
//! false one pass (and at 2^-128 a pair, it is not expected in any certificate this
//! machine can hold). The test `certificates_of_large_hosts_check` fails when every hash
//! is the same.

use std::hash::{Hash, Hasher};

/// A vertex set's or a code's key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Key([u64; 2]);

impl Key {
    /// The key of a host's vertex set given as its bit words (the same number of words for
    /// every set of one host): the words themselves when there are at most two.
    ///
    /// ```
    /// use kayles_cert::set_key::Key;
    /// assert_ne!(Key::of_set(&[0b101]), Key::of_set(&[0b110]));
    /// assert_eq!(Key::of_set(&[0b101]), Key::of_set(&[0b101, 0]));
    /// ```
    pub fn of_set(words: &[u64]) -> Self {
        match words {
            [] => Key([0, 0]),
            [a] => Key([*a, 0]),
            [a, b] => Key([*a, *b]),
            _ => Self::hashed(0, words),
        }
    }

    /// The key of a vertex list (increasing, or in any order) of a host of `order`
    /// vertices: [`of_set`](Self::of_set) of its bit words.
    pub fn of_vertices(order: usize, vertices: &[u32]) -> Self {
        if order <= 128 {
            // The words themselves, as `of_set` keeps one or two (no heap block).
            let mut words = [0u64; 2];
            for &v in vertices {
                words[v as usize / 64] |= 1 << (v % 64);
            }
            return Key(words);
        }
        let mut words = vec![0u64; order.div_ceil(64).max(1)];
        for &v in vertices {
            words[v as usize / 64] |= 1 << (v % 64);
        }
        Self::of_set(&words)
    }

    /// The key of the canonical code `code` of a graph on `order` vertices (always hashed:
    /// codes of different orders may share their words).
    pub fn of_code(order: usize, code: &[u64]) -> Self {
        Self::hashed(order as u64 + 1, code)
    }

    /// The key's two words (for saving a builder's tables: [`from_words`](Self::from_words)
    /// gives the key back).
    pub fn words(self) -> [u64; 2] {
        self.0
    }

    /// The key whose [`words`](Self::words) are `words`.
    pub fn from_words(words: [u64; 2]) -> Self {
        Key(words)
    }

    /// Two SipHash-1-3 hashes (the standard library's, fixed keys) of `tag` and `words`,
    /// each started from a different prefix.
    fn hashed(tag: u64, words: &[u64]) -> Self {
        let half = |prefix: u64| {
            let mut h = std::collections::hash_map::DefaultHasher::new();
            prefix.hash(&mut h);
            tag.hash(&mut h);
            words.hash(&mut h);
            h.finish()
        };
        Key([half(0x6b61_796c_6573_0001), half(0x6b61_796c_6573_0002)])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_tell_sets_and_codes_apart() {
        let mut seen = hashbrown::HashSet::new();
        for a in 0u64..64 {
            for b in 0u64..64 {
                assert!(seen.insert(Key::of_set(&[a, b, 1])));
            }
        }
        // The same words as codes of different orders.
        assert_ne!(Key::of_code(3, &[5]), Key::of_code(4, &[5]));
        assert_eq!(Key::of_code(4, &[5]), Key::of_code(4, &[5]));
        assert_eq!(Key::of_vertices(130, &[1, 129]), Key::of_set(&[2, 0, 2]));
    }

    /// A vertex list's key is its bit words' key, on hosts of one, two and more words
    /// (up to 128 vertices the words are built without a heap block).
    #[test]
    fn vertex_keys_are_set_keys() {
        for order in [1usize, 45, 64, 65, 100, 128, 129, 200] {
            for step in 1..7u32 {
                let list: Vec<u32> = (0..order as u32).filter(|v| v % step == 0).collect();
                let mut words = vec![0u64; order.div_ceil(64)];
                for &v in &list {
                    words[v as usize / 64] |= 1 << (v % 64);
                }
                assert_eq!(
                    Key::of_vertices(order, &list),
                    Key::of_set(&words),
                    "{order} {step}"
                );
            }
            assert_eq!(
                Key::of_vertices(order, &[]),
                Key::of_set(&vec![0; order.div_ceil(64)])
            );
        }
    }
}
