//! The certificate format of docs/certificates.md as Rust values: the header, the facts and
//! their evidence, the root record, with the encoder the writer uses and a decoder (for
//! tools and for tests that damage certificates on purpose).
//!
//! The decompressed stream is a text header (`kayles-certificate 2`, `game`, `graph`,
//! `nimber`, `computed`, an empty line) and then binary records: a tag byte (0 EQ, 1 NE
//! by a witness move, 2 NE by an EQ fact, 3 the root, 4 EQ 0 by a mirror strategy; tag 4
//! is what version 2 adds to version 1; 5 EQ and 6 NE by the checker's own search, what
//! version 3 adds), unsigned LEB128 numbers, vertex
//! sets as a size, a first vertex and gaps, and references as back distances with the
//! form of their vertex map.

use kayles_core::GameKind;

/// The format version this crate writes when it writes no table fact. Version 2 is
/// version 1 with the mirror fact (tag 4); the decoder reads every version.
pub const VERSION: u32 = 2;

/// The format version of certificates with table facts ([`Evidence::Table`], tag 5):
/// version 2 with that one more kind of fact.
pub const TABLE_VERSION: u32 = 3;

/// A table fact's vertex set has at most this many vertices (the checker's bound).
pub const MAX_TABLE_ORDER: usize = 64;

/// Components of at most this many vertices may be marked computed (the checker's bound).
pub const MAX_COMPUTED: usize = 8;

/// The header: what the certificate claims.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Header {
    /// The format version: [`VERSION`], or [`TABLE_VERSION`] when table facts may appear.
    pub version: u32,
    /// Node Kayles or Arc Kayles.
    pub game: GameKind,
    /// The graph, as graph6 or a family spec.
    pub graph: String,
    /// The claimed nimber of the whole graph.
    pub nimber: u32,
    /// Components of at most this many vertices may be marked [`Ref::Computed`].
    pub computed: usize,
}

impl Header {
    /// The header of a certificate file (zstd-compressed, as written), read without
    /// decompressing the rest: what a certificate claims, for tools that skip the graphs
    /// already certified. Nothing is checked but the header's syntax; `kayles-check`
    /// verifies the claim.
    ///
    /// ```
    /// use kayles_cert::format::Header;
    /// use kayles_cert::{oracle::BruteOracle, write_certificate, Options};
    /// use kayles_core::{families, GameKind};
    /// let host = families::build("path:5").unwrap();
    /// let oracle = BruteOracle::new(&host, GameKind::Node);
    /// let (bytes, _) = write_certificate(
    ///     &host, "path:5", GameKind::Node, oracle, None, Options::default(), Vec::new(),
    /// ).unwrap();
    /// let header = Header::read(&bytes[..]).unwrap();
    /// assert_eq!((header.graph.as_str(), header.nimber), ("path:5", 3));
    /// ```
    pub fn read(compressed: impl std::io::Read) -> Result<Header, String> {
        use std::io::{BufRead, Read};
        let decoder = zstd::stream::read::Decoder::new(compressed).map_err(|e| e.to_string())?;
        // The header is a few short lines: a bound keeps a damaged file from being read
        // whole.
        let mut lines = std::io::BufReader::new(decoder.take(64 << 10));
        Header::parse(|| {
            let mut line = Vec::new();
            lines
                .read_until(b'\n', &mut line)
                .map_err(|e| e.to_string())?;
            if line.pop() != Some(b'\n') {
                return Err("truncated".to_string());
            }
            String::from_utf8(line).map_err(|_| "the header is not text".to_string())
        })
    }

    /// The header from its lines (each without its line break), as `next_line` gives them.
    fn parse(mut next_line: impl FnMut() -> Result<String, String>) -> Result<Header, String> {
        let mut field = |key: &str| -> Result<String, String> {
            let l = next_line()?;
            l.strip_prefix(key)
                .and_then(|r| r.strip_prefix(' '))
                .map(str::to_string)
                .ok_or_else(|| format!("header: expected {key}, found {l:?}"))
        };
        let version = match field("kayles-certificate")?.as_str() {
            "1" => 1,
            "2" => 2,
            "3" => 3,
            _ => return Err("unknown version".into()),
        };
        let game: GameKind = field("game")?.parse()?;
        let graph = field("graph")?;
        let nimber = field("nimber")?.parse().map_err(|_| "bad nimber")?;
        let computed = field("computed")?.parse().map_err(|_| "bad computed")?;
        if !next_line()?.is_empty() {
            return Err("header: no empty line".into());
        }
        Ok(Header {
            version,
            game,
            graph,
            nimber,
            computed,
        })
    }
}

/// A reference to the value of one component of a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ref {
    /// A small component the checker evaluates by definition.
    Computed,
    /// An earlier fact, about this component's vertex set or an isomorphic one.
    Fact {
        /// The fact's index (facts are numbered from 0 in file order).
        index: u64,
        /// How the fact's vertices correspond to the component's.
        map: Map,
    },
}

/// How the vertices of a referenced fact's set `F` correspond to those of the component
/// `C` (both increasing).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Map {
    /// `F` is `C`.
    Same,
    /// `F[i] -> C[i]`: an isomorphism that keeps the vertex order (a translation).
    InOrder,
    /// `F[i] -> C[p[i]]`.
    Positions(Vec<u32>),
}

impl Map {
    /// The map that sends `from[i]` to `images[i]`, in the cheapest form (`images` is a
    /// permutation of the component's vertices).
    pub fn from_images(from: &[u32], images: &[u32]) -> Map {
        if from == images {
            return Map::Same;
        }
        let mut sorted = images.to_vec();
        sorted.sort_unstable();
        if sorted == images {
            return Map::InOrder;
        }
        Map::Positions(
            images
                .iter()
                .map(|v| sorted.binary_search(v).expect("a permutation") as u32)
                .collect(),
        )
    }
}

/// A move: a vertex (Node Kayles) or an edge `u < v` (Arc Kayles).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Move {
    /// Node Kayles: delete `N[v]`.
    Vertex(u32),
    /// Arc Kayles: delete `u` and `v`.
    Edge(u32, u32),
}

/// Why a fact holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Evidence {
    /// EQ: one result proof per move, in the documented move order.
    Moves(Vec<Vec<Ref>>),
    /// NE: a move whose result is proved to have exactly the fact's value.
    Witness(Move, Vec<Ref>),
    /// NE: an EQ fact about the same (or an isomorphic) set, with another value.
    ByEq(Ref),
    /// EQ 0: a mirror strategy of the set, as positions: `set[j]` goes to
    /// `set[images[j]]`, an automorphism of the subgraph the set induces that is an
    /// involution, moves every vertex, and none onto a neighbour.
    Mirror(Vec<u32>),
    /// EQ: nothing; the checker finds `set + *value` a loss by a search of its own (a set
    /// of at most [`MAX_TABLE_ORDER`] vertices; version 3).
    Table,
    /// NE: nothing; the checker finds `set + *value` a win by a search of its own (as
    /// [`Evidence::Table`]).
    TableWin,
}

/// One fact: `value(set) = value` (EQ: [`Evidence::Moves`], or [`Evidence::Mirror`] with value
/// 0) or `value(set) != value` (NE).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fact {
    /// The value claimed equal or unequal.
    pub value: u32,
    /// The position: a connected vertex set of the host, increasing.
    pub set: Vec<u32>,
    /// Why.
    pub evidence: Evidence,
}

impl Fact {
    /// True for an EQ fact.
    pub fn is_eq(&self) -> bool {
        matches!(
            self.evidence,
            Evidence::Moves(_) | Evidence::Mirror(_) | Evidence::Table
        )
    }
}

/// The header as text (the lines up to and including the empty line).
pub fn header_text(h: &Header) -> String {
    format!(
        "kayles-certificate {}\ngame {}\ngraph {}\nnimber {}\ncomputed {}\n\n",
        h.version,
        h.game.name(),
        h.graph,
        h.nimber,
        h.computed
    )
}

/// Appends `x` as unsigned LEB128.
pub fn put_varint(out: &mut Vec<u8>, mut x: u64) {
    while x >= 0x80 {
        out.push((x as u8) | 0x80);
        x >>= 7;
    }
    out.push(x as u8);
}

fn put_set(out: &mut Vec<u8>, set: &[u32]) {
    put_varint(out, set.len() as u64);
    for (i, &v) in set.iter().enumerate() {
        let x = if i == 0 { v } else { v - set[i - 1] - 1 };
        put_varint(out, u64::from(x));
    }
}

fn put_ref(out: &mut Vec<u8>, r: &Ref, current: u64) {
    match r {
        Ref::Computed => put_varint(out, 0),
        Ref::Fact { index, map } => {
            // Back distance; a forward index (a damaged certificate built in a test)
            // wraps to a huge distance, which the checker rejects.
            let d = current.wrapping_sub(*index);
            let form = match map {
                Map::Same => 1,
                Map::InOrder => 2,
                Map::Positions(_) => 3,
            };
            put_varint(out, d.wrapping_mul(3).wrapping_add(form));
            if let Map::Positions(p) = map {
                for &i in p {
                    put_varint(out, u64::from(i));
                }
            }
        }
    }
}

fn put_result(out: &mut Vec<u8>, refs: &[Ref], current: u64) {
    put_varint(out, refs.len() as u64);
    for r in refs {
        put_ref(out, r, current);
    }
}

/// Appends fact number `index` as a record.
pub fn put_fact(out: &mut Vec<u8>, fact: &Fact, index: u64) {
    let tag = match fact.evidence {
        Evidence::Moves(_) => 0,
        Evidence::Witness(..) => 1,
        Evidence::ByEq(_) => 2,
        Evidence::Mirror(_) => 4,
        Evidence::Table => 5,
        Evidence::TableWin => 6,
    };
    out.push(tag);
    put_varint(out, u64::from(fact.value));
    put_set(out, &fact.set);
    match &fact.evidence {
        Evidence::Moves(results) => {
            put_varint(out, results.len() as u64);
            for refs in results {
                put_result(out, refs, index);
            }
        }
        Evidence::Witness(mv, refs) => {
            match *mv {
                Move::Vertex(v) => put_varint(out, v.into()),
                Move::Edge(u, v) => {
                    put_varint(out, u.into());
                    put_varint(out, v.into());
                }
            }
            put_result(out, refs, index);
        }
        Evidence::ByEq(r) => put_ref(out, r, index),
        Evidence::Mirror(images) => {
            for &p in images {
                put_varint(out, p.into());
            }
        }
        Evidence::Table | Evidence::TableWin => {}
    }
}

/// Appends the root record, after `facts` facts.
pub fn put_root(out: &mut Vec<u8>, refs: &[Ref], facts: u64) {
    out.push(3);
    put_result(out, refs, facts);
}

/// A whole certificate, decoded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Certificate {
    /// The header.
    pub header: Header,
    /// The facts in file order.
    pub facts: Vec<Fact>,
    /// The root record: one reference per component of the graph.
    pub root: Vec<Ref>,
}

impl Certificate {
    /// The decompressed bytes of this certificate.
    pub fn encode(&self) -> Vec<u8> {
        let mut out = header_text(&self.header).into_bytes();
        for (i, f) in self.facts.iter().enumerate() {
            put_fact(&mut out, f, i as u64);
        }
        put_root(&mut out, &self.root, self.facts.len() as u64);
        out
    }

    /// Reads decompressed bytes (the structure only: nothing is checked beyond what
    /// decoding needs).
    pub fn decode(bytes: &[u8]) -> Result<Certificate, String> {
        let mut d = Decoder { bytes, pos: 0 };
        let header = Header::parse(|| d.line())?;
        let mut facts: Vec<Fact> = Vec::new();
        loop {
            let current = facts.len() as u64;
            let tag = d.byte()?;
            if tag == 3 {
                let root = d.result(&facts, current)?;
                if d.pos != bytes.len() {
                    return Err("data after the root record".into());
                }
                return Ok(Certificate {
                    header,
                    facts,
                    root,
                });
            }
            let value = d.varint()? as u32;
            let k = d.varint()? as usize;
            let mut set = Vec::with_capacity(k.min(1 << 16));
            for i in 0..k {
                let x = d.varint()? as u32;
                set.push(if i == 0 { x } else { set[i - 1] + 1 + x });
            }
            let evidence = match tag {
                0 => {
                    let m = d.varint()? as usize;
                    let mut results = Vec::new();
                    for _ in 0..m {
                        results.push(d.result(&facts, current)?);
                    }
                    Evidence::Moves(results)
                }
                1 => {
                    let mv = match header.game {
                        GameKind::Node => Move::Vertex(d.varint()? as u32),
                        GameKind::Arc => Move::Edge(d.varint()? as u32, d.varint()? as u32),
                    };
                    Evidence::Witness(mv, d.result(&facts, current)?)
                }
                2 => Evidence::ByEq(d.reference(&facts, current)?),
                4 => Evidence::Mirror(
                    (0..k)
                        .map(|_| Ok(d.varint()? as u32))
                        .collect::<Result<_, String>>()?,
                ),
                5 => Evidence::Table,
                6 => Evidence::TableWin,
                t => return Err(format!("unknown tag {t}")),
            };
            facts.push(Fact {
                value,
                set,
                evidence,
            });
        }
    }
}

struct Decoder<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl Decoder<'_> {
    fn byte(&mut self) -> Result<u8, String> {
        let b = *self.bytes.get(self.pos).ok_or("truncated")?;
        self.pos += 1;
        Ok(b)
    }

    /// An unsigned LEB128 number of at most 64 bits (a tenth byte past bit 63 is
    /// refused, not truncated).
    fn varint(&mut self) -> Result<u64, String> {
        let mut x = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            if shift == 63 && b > 1 {
                return Err("varint past 64 bits".into());
            }
            x |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Ok(x);
            }
        }
        Err("varint too long".into())
    }

    fn line(&mut self) -> Result<String, String> {
        let end = self.bytes[self.pos..]
            .iter()
            .position(|&b| b == b'\n')
            .ok_or("truncated header")?;
        let l = String::from_utf8_lossy(&self.bytes[self.pos..self.pos + end]).into_owned();
        self.pos += end + 1;
        Ok(l)
    }

    fn reference(&mut self, facts: &[Fact], current: u64) -> Result<Ref, String> {
        let r = self.varint()?;
        if r == 0 {
            return Ok(Ref::Computed);
        }
        let index = current.wrapping_sub((r - 1) / 3);
        let map = match (r - 1) % 3 {
            0 => Map::Same,
            1 => Map::InOrder,
            _ => {
                let f = facts
                    .get(index as usize)
                    .ok_or("mapped reference out of range")?;
                let mut p = Vec::with_capacity(f.set.len());
                for _ in 0..f.set.len() {
                    p.push(self.varint()? as u32);
                }
                Map::Positions(p)
            }
        };
        Ok(Ref::Fact { index, map })
    }

    fn result(&mut self, facts: &[Fact], current: u64) -> Result<Vec<Ref>, String> {
        let c = self.varint()? as usize;
        (0..c).map(|_| self.reference(facts, current)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn varints_past_64_bits_are_refused() {
        let read = |bytes: &[u8]| Decoder { bytes, pos: 0 }.varint();
        let mut max = vec![0xff; 9];
        max.push(0x01);
        assert_eq!(read(&max), Ok(u64::MAX));
        // 2^64 + 1 read as 1 before.
        let mut past = vec![0x81];
        past.extend([0x80; 8]);
        past.push(0x02);
        assert!(read(&past).is_err());
    }

    #[test]
    fn encode_and_decode_agree() {
        let cert = Certificate {
            header: Header {
                version: VERSION,
                game: GameKind::Arc,
                graph: "path:3".into(),
                nimber: 1,
                computed: 0,
            },
            facts: vec![
                Fact {
                    value: 0,
                    set: vec![0],
                    evidence: Evidence::Moves(vec![]),
                },
                Fact {
                    value: 1,
                    set: vec![0, 1, 2],
                    evidence: Evidence::Moves(vec![
                        vec![Ref::Fact {
                            index: 0,
                            map: Map::InOrder,
                        }],
                        vec![Ref::Fact {
                            index: 0,
                            map: Map::Same,
                        }],
                    ]),
                },
            ],
            root: vec![Ref::Fact {
                index: 1,
                map: Map::Positions(vec![2, 1, 0]),
            }],
        };
        let bytes = cert.encode();
        assert!(bytes.starts_with(b"kayles-certificate 2\ngame arc\ngraph path:3\n"));
        assert_eq!(Certificate::decode(&bytes), Ok(cert));
    }
}
