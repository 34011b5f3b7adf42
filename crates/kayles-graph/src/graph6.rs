//! graph6, the interchange format of nauty: reading and writing, all header lengths.
//!
//! Written in-house because the published crates panic on `n = 0` and on `n >= 63`.
//! Format (from nauty's `formats.txt`): `N(n)` then the upper triangle of the adjacency
//! matrix column by column (`x(0,1) x(0,2) x(1,2) x(0,3) ...`), six bits per byte,
//! each byte offset by 63. `N(n)` is one byte for `n <= 62`, `126` and three bytes for
//! `n <= 258047`, and `126 126` and six bytes above.

use crate::Graph;
use thiserror::Error;

/// Why a graph6 string was rejected.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum Graph6Error {
    /// The string is empty.
    #[error("graph6: empty string")]
    Empty,
    /// A byte outside the printable range 63..=126.
    #[error("graph6: byte {byte:#04x} at position {position} is outside 63..=126")]
    BadByte {
        /// The offending byte.
        byte: u8,
        /// Its position in the string.
        position: usize,
    },
    /// The string is sparse6 or digraph6, which this reader does not take.
    #[error("graph6: this looks like {0}, which is not supported (convert with nauty's copyg -g)")]
    OtherFormat(&'static str),
    /// The header announces more bytes than the string has, or fewer.
    #[error("graph6: a graph on {n} vertices needs {expected} data bytes, found {found}")]
    WrongLength {
        /// Vertex count from the header.
        n: usize,
        /// Bytes needed for the adjacency matrix.
        expected: usize,
        /// Bytes present.
        found: usize,
    },
    /// The string ends inside a long header (the vertex count after one or two bytes 126).
    #[error("graph6: the header is cut short: its vertex count needs {expected} bytes after {skip} byte(s) 126, found {found}")]
    ShortHeader {
        /// The bytes 126 that announce the long header.
        skip: usize,
        /// The bytes of the vertex count.
        expected: usize,
        /// Bytes present after the bytes 126.
        found: usize,
    },
    /// The vertex count is larger than this tool will allocate.
    #[error("graph6: {n} vertices is more than the supported {max}")]
    TooLarge {
        /// Vertex count from the header.
        n: u64,
        /// The largest supported.
        max: usize,
    },
}

/// The largest vertex count [`parse`] accepts (the adjacency matrix alone would take
/// gigabytes beyond it).
pub const MAX_VERTICES: usize = 1 << 17;

/// Reads one graph6 string (surrounding whitespace and a `>>graph6<<` header are allowed).
///
/// ```
/// let g = kayles_graph::graph6::parse("Bw").unwrap();
/// assert_eq!((g.order(), g.size()), (3, 3));
/// assert!(kayles_graph::graph6::parse("B").is_err());
/// ```
pub fn parse(text: &str) -> Result<Graph, Graph6Error> {
    let mut s = text.trim().as_bytes();
    if let Some(rest) = s.strip_prefix(b">>graph6<<") {
        s = rest;
    }
    if s.is_empty() {
        return Err(Graph6Error::Empty);
    }
    match s[0] {
        b':' => return Err(Graph6Error::OtherFormat("sparse6")),
        b'&' => return Err(Graph6Error::OtherFormat("digraph6")),
        b';' => return Err(Graph6Error::OtherFormat("incremental sparse6")),
        _ => {}
    }
    if let Some(position) = s.iter().position(|&b| !(63..=126).contains(&b)) {
        return Err(Graph6Error::BadByte {
            byte: s[position],
            position,
        });
    }
    // A long header: `skip` bytes of 126, then the order in `digits` six-bit bytes.
    let long = |skip: usize, digits: usize| {
        if s.len() < skip + digits {
            return Err(Graph6Error::ShortHeader {
                skip,
                expected: digits,
                found: s.len().saturating_sub(skip),
            });
        }
        Ok((six_bit_number(&s[skip..skip + digits]), skip + digits))
    };
    let (n, header) = if s[0] != 126 {
        (u64::from(s[0] - 63), 1)
    } else if s.len() >= 2 && s[1] != 126 {
        long(1, 3)?
    } else {
        long(2, 6)?
    };
    if n > MAX_VERTICES as u64 {
        return Err(Graph6Error::TooLarge {
            n,
            max: MAX_VERTICES,
        });
    }
    let n = n as usize;
    let data = &s[header..];
    let bits = n * n.saturating_sub(1) / 2;
    let expected = bits.div_ceil(6);
    if data.len() != expected {
        return Err(Graph6Error::WrongLength {
            n,
            expected,
            found: data.len(),
        });
    }
    let mut g = Graph::new(n);
    let mut k = 0usize;
    for j in 1..n {
        for i in 0..j {
            let byte = data[k / 6] - 63;
            if byte >> (5 - k % 6) & 1 == 1 {
                g.add_edge(i, j);
            }
            k += 1;
        }
    }
    Ok(g)
}

fn six_bit_number(bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .fold(0u64, |acc, &b| acc << 6 | u64::from(b - 63))
}

/// Writes `g` as a graph6 string (no header, no newline).
///
/// ```
/// use kayles_graph::{graph6, Graph};
/// let k3 = Graph::from_edges(3, &[(0, 1), (0, 2), (1, 2)]);
/// assert_eq!(graph6::write(&k3), "Bw");
/// ```
pub fn write(g: &Graph) -> String {
    let n = g.order();
    let mut out: Vec<u8> = Vec::new();
    if n <= 62 {
        out.push(n as u8 + 63);
    } else if n <= 258_047 {
        out.push(126);
        out.extend((0..3).rev().map(|i| ((n >> (6 * i)) & 63) as u8 + 63));
    } else {
        out.extend([126, 126]);
        out.extend((0..6).rev().map(|i| ((n >> (6 * i)) & 63) as u8 + 63));
    }
    let mut byte = 0u8;
    let mut k = 0usize;
    for j in 1..n {
        for i in 0..j {
            byte = byte << 1 | u8::from(g.has_edge(i, j));
            k += 1;
            if k % 6 == 0 {
                out.push(byte + 63);
                byte = 0;
            }
        }
    }
    if k % 6 != 0 {
        out.push((byte << (6 - k % 6)) + 63);
    }
    String::from_utf8(out).expect("graph6 bytes are ASCII")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_strings() {
        assert_eq!(parse("?").unwrap().order(), 0);
        assert_eq!(parse("@").unwrap().order(), 1);
        let p = parse("A_").unwrap();
        assert_eq!(p.edges(), vec![(0, 1)]);
        // The Petersen graph as printed by nauty.
        let petersen = parse("IheA@GUAo").unwrap();
        assert_eq!((petersen.order(), petersen.size()), (10, 15));
        assert_eq!(write(&petersen), "IheA@GUAo");
    }

    #[test]
    fn long_headers_round_trip() {
        for n in [62, 63, 64, 200, 5000] {
            let mut g = Graph::new(n);
            g.add_edge(0, n - 1);
            g.add_edge(1, 2);
            let s = write(&g);
            assert_eq!(parse(&s).unwrap(), g, "n = {n}");
        }
        // The six-byte header, used by nauty above 258047 vertices, read on a small n.
        let k3 = parse("~~?????Bw").unwrap();
        assert_eq!((k3.order(), k3.size()), (3, 3));
    }

    #[test]
    fn malformed_strings_are_errors() {
        assert_eq!(parse(""), Err(Graph6Error::Empty));
        assert!(matches!(parse("B"), Err(Graph6Error::WrongLength { .. })));
        assert!(matches!(parse("Bww"), Err(Graph6Error::WrongLength { .. })));
        assert!(matches!(parse("B w"), Err(Graph6Error::BadByte { .. })));
        assert!(matches!(parse(":Fa@x^"), Err(Graph6Error::OtherFormat(_))));
        // Headers cut short: the message says so, not "a graph on 0 vertices".
        for cut in ["~", "~?", "~~", "~~?@???"] {
            assert!(
                matches!(parse(cut), Err(Graph6Error::ShortHeader { .. })),
                "{cut}"
            );
        }
        assert_eq!(
            parse("~~?@???").unwrap_err().to_string(),
            "graph6: the header is cut short: its vertex count needs 6 bytes after 2 byte(s) \
             126, found 5"
        );
        assert!(matches!(
            parse("~~~~~~~~"),
            Err(Graph6Error::TooLarge { .. })
        ));
    }
}
