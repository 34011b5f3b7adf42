//! Reading a certificate and checking every fact in one pass (docs/certificates.md is the
//! format). Positions are bitsets of the host's vertices; every move, component, vertex map
//! and small value is worked out here, from the host graph alone.

use crate::graph::{self, Graph};
use crate::table::{Mix, Tables};
use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::io::{BufRead, Read};

/// A result whose error is the reason for a rejection.
type Res<T> = Result<T, String>;

/// Which game the certificate is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Game {
    /// A move deletes a vertex and its neighbours.
    Node,
    /// A move deletes both ends of an edge.
    Arc,
}

impl Game {
    /// The game's word in the header, on `--game` and on the checker's output: `node` or
    /// `arc`.
    pub fn word(self) -> &'static str {
        match self {
            Game::Node => "node",
            Game::Arc => "arc",
        }
    }

    /// The game's name: `Node Kayles` or `Arc Kayles`.
    pub fn name(self) -> &'static str {
        match self {
            Game::Node => "Node Kayles",
            Game::Arc => "Arc Kayles",
        }
    }

    /// The game named by its word (`node` or `arc`).
    pub fn from_word(word: &str) -> Option<Game> {
        match word {
            "node" => Some(Game::Node),
            "arc" => Some(Game::Arc),
            _ => None,
        }
    }
}

/// Components of at most this many vertices may be marked "computed".
pub const MAX_COMPUTED: usize = 8;

/// The longest header line, in bytes, without its line break (a graph6 string of about
/// 14,000 vertices).
pub const MAX_LINE: usize = 1 << 24;

/// The most facts a certificate may hold (fact numbers are 32 bits here).
pub const MAX_FACTS: usize = u32::MAX as usize - 1;

/// What a checked certificate proves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verified {
    /// The game.
    pub game: Game,
    /// The root nimber, proved.
    pub nimber: u32,
    /// Number of facts checked.
    pub facts: usize,
}

/// Why no value was verified.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// The GRAPH argument, or the certificate could not be read (exit status 2).
    BadInput(String),
    /// The certificate does not prove its claim (exit status 1).
    Rejected(String),
}

/// The value a reference or a result proof establishes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Val {
    Exact(u32),
    NotEqual(u32),
}

/// Checks `certificate` (zstd-compressed) against the graph named by `graph_arg`, in the
/// game the certificate names.
pub fn check(graph_arg: &str, certificate: impl Read) -> Result<Verified, Failure> {
    check_game(graph_arg, None, certificate)
}

/// Checks `certificate` (zstd-compressed) against the graph named by `graph_arg`; with
/// `game`, a certificate of the other game is rejected as soon as its header is read.
pub fn check_game(
    graph_arg: &str,
    game: Option<Game>,
    certificate: impl Read,
) -> Result<Verified, Failure> {
    let g = graph::parse(graph_arg).map_err(Failure::BadInput)?;
    let mut source = Source {
        inner: certificate,
        head: Vec::new(),
        error: None,
        ended: false,
    };
    let verdict = check_source(&g, graph_arg, game, &mut source);
    match (verdict, source.error) {
        (Err(_), Some(e)) => Err(Failure::BadInput(format!(
            "cannot read the certificate: {e}"
        ))),
        (verdict, _) => verdict,
    }
}

/// The certificate's bytes as read: the first five (the zstd magic number and frame
/// header descriptor), the first read error, and whether the end was reached.
struct Source<R> {
    inner: R,
    head: Vec<u8>,
    error: Option<std::io::Error>,
    ended: bool,
}

impl<R: Read> Read for Source<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = loop {
            match self.inner.read(buf) {
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    let again = std::io::Error::new(e.kind(), e.to_string());
                    self.error.get_or_insert(e);
                    return Err(again);
                }
                Ok(n) => break n,
            }
        };
        self.ended |= n == 0 && !buf.is_empty();
        let take = n.min(5 - self.head.len().min(5));
        self.head.extend_from_slice(&buf[..take]);
        Ok(n)
    }
}

/// The decompressed bytes, counted.
struct Counted<R> {
    inner: R,
    bytes: u64,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.bytes += n as u64;
        Ok(n)
    }
}

/// Why the zstd decoder stopped, in a sentence (its own errors are Rust debug text).
fn damaged<R>(source: &Source<R>) -> String {
    if source.ended {
        "truncated: the compressed data ends inside a zstd frame".into()
    } else {
        "damaged compressed data: the zstd frame does not decode".into()
    }
}

fn check_source<R: Read>(
    g: &Graph,
    graph_arg: &str,
    want: Option<Game>,
    source: &mut Source<R>,
) -> Result<Verified, Failure> {
    let rejected = Failure::Rejected;
    let decoder = match ruzstd::decoding::StreamingDecoder::new(&mut *source) {
        Ok(d) => d,
        Err(_) => {
            return Err(rejected(
                "not a zstd frame (a wrong magic number or a damaged frame header)".into(),
            ))
        }
    };
    let mut reader = std::io::BufReader::with_capacity(
        1 << 16,
        Counted {
            inner: decoder,
            bytes: 0,
        },
    );
    let mut input = Input {
        reader: &mut reader,
        failed: false,
    };
    let header = read_header(&mut input);
    let header = header.map_err(|e| input.reason(e)).map_err(rejected)?;
    if let Some(want) = want {
        if header.game != want {
            return Err(rejected(format!(
                "the certificate is of {}, not {} (--game {})",
                header.game.name(),
                want.name(),
                want.word()
            )));
        }
    }
    // The header's graph is sized, then compared edge by edge with the graph asked about
    // (built already, within the limits): it is never built.
    let another = |why: String| {
        rejected(format!(
            "the certificate is for another graph ({}{why}), not {}",
            shorten(&header.graph),
            shorten(graph_arg)
        ))
    };
    let (n, m) = graph::size(&header.graph).map_err(|e| another(format!(": {e}")))?;
    let (gn, gm) = (g.order(), g.size());
    if (n, m) != (gn, gm) {
        return Err(another(format!(
            ": {n} vertices and {m} edges, against {gn} and {gm}"
        )));
    }
    if !graph::names(&header.graph, g).map_err(|e| another(format!(": {e}")))? {
        return Err(another(String::new()));
    }
    let mut checker = Checker::new(g, header.game, header.computed, header.version);
    let nimber = checker.run(&mut input, header.nimber);
    let nimber = nimber.map_err(|e| input.reason(e)).map_err(rejected)?;
    let counted = reader.into_inner();
    let frame = &counted.inner.decoder;
    if !frame.is_finished() {
        return Err(rejected(
            "truncated: the zstd frame ends before its last block".into(),
        ));
    }
    if let (Some(data), Some(calculated)) = (
        frame.get_checksum_from_data(),
        frame.get_calculated_checksum(),
    ) {
        if data != calculated {
            return Err(rejected("zstd checksum mismatch".into()));
        }
    }
    // Frame_Header_Descriptor: Frame_Content_Size is present when its flag (the top two
    // bits) is set or the frame is a single segment (bit 5).
    let descriptor = counted.inner.get_ref().head.get(4).copied().unwrap_or(0);
    if (descriptor >> 6 != 0 || descriptor >> 5 & 1 == 1) && frame.content_size() != counted.bytes {
        return Err(rejected(format!(
            "the zstd frame declares {} bytes of content and holds {}",
            frame.content_size(),
            counted.bytes
        )));
    }
    let mut rest = [0u8; 1];
    if counted
        .inner
        .into_inner()
        .read(&mut rest)
        .map_or(true, |n| n > 0)
    {
        return Err(rejected("bytes after the compressed stream".into()));
    }
    Ok(Verified {
        game: header.game,
        nimber,
        facts: checker.facts.len(),
    })
}

/// At most 60 characters of `text`, for messages (a header line may be megabytes long).
fn shorten(text: &str) -> String {
    match text.char_indices().nth(60) {
        Some((i, _)) => format!("{}...", &text[..i]),
        None => text.to_string(),
    }
}

/// `text` quoted as Rust quotes a string, at most 60 characters of it.
fn quote(text: &str) -> String {
    format!("{:?}", shorten(text))
}

/// The decompressed stream, read a byte or a varint at a time.
struct Input<'a, R: Read> {
    reader: &'a mut std::io::BufReader<R>,
    /// Whether the decoder failed (then the reason is the decoder's, not the record's).
    failed: bool,
}

impl<R: Read> Input<'_, R> {
    /// The next byte; `Ok(None)` at the end of the stream.
    fn byte(&mut self) -> Res<Option<u8>> {
        if let Some(&b) = self.reader.buffer().first() {
            self.reader.consume(1);
            return Ok(Some(b));
        }
        let buf = match self.reader.fill_buf() {
            Ok(buf) => buf,
            Err(_) => {
                self.failed = true;
                return Err("the zstd decoder failed".into());
            }
        };
        let b = buf.first().copied();
        self.reader.consume(usize::from(b.is_some()));
        Ok(b)
    }

    /// An unsigned LEB128 number: at most 64 bits (a tenth byte is 1), no redundant
    /// last byte 0.
    fn varint(&mut self) -> Res<u64> {
        // Within the buffer: the same rules, read from the slice.
        let buf = self.reader.buffer();
        if buf.len() >= 10 {
            let mut value = 0u64;
            for (i, &b) in buf[..10].iter().enumerate() {
                if i == 9 && b > 1 {
                    return Err("a number past 64 bits".into());
                }
                value |= u64::from(b & 0x7f) << (7 * i);
                if b & 0x80 == 0 {
                    if b == 0 && i > 0 {
                        return Err(
                            "a number with a redundant last byte 0 (overlong LEB128)".into()
                        );
                    }
                    self.reader.consume(i + 1);
                    return Ok(value);
                }
            }
            return Err("a number past 64 bits".into());
        }
        let mut value = 0u64;
        for i in 0..10 {
            let b = self
                .byte()?
                .ok_or("truncated: the file ends inside a record")?;
            if i == 9 && b > 1 {
                return Err("a number past 64 bits".into());
            }
            value |= u64::from(b & 0x7f) << (7 * i);
            if b & 0x80 == 0 {
                if b == 0 && i > 0 {
                    return Err("a number with a redundant last byte 0 (overlong LEB128)".into());
                }
                return Ok(value);
            }
        }
        Err("a number past 64 bits".into())
    }

    fn number(&mut self, limit: u64, what: &str) -> Res<usize> {
        let x = self.varint()?;
        if x > limit {
            return Err(format!("{what} {x} is out of range (at most {limit})"));
        }
        Ok(x as usize)
    }

    /// One header line (without the newline), of at most [`MAX_LINE`] bytes.
    fn line(&mut self) -> Res<String> {
        let mut line = Vec::new();
        loop {
            match self.byte()? {
                None => return Err("truncated: the file ends inside the header".into()),
                Some(b'\n') => break,
                Some(b) if line.len() < MAX_LINE => line.push(b),
                Some(_) => return Err(format!("a header line longer than {MAX_LINE} bytes")),
            }
        }
        String::from_utf8(line).map_err(|_| "header line is not UTF-8".into())
    }
}

/// The decompressed bytes of a certificate read from a [`Source`].
type Decoded<'s, R> =
    Counted<ruzstd::decoding::StreamingDecoder<&'s mut Source<R>, ruzstd::decoding::FrameDecoder>>;

impl<R: Read> Input<'_, Decoded<'_, R>> {
    /// The reason for a rejection: `e`, unless the zstd decoder failed first.
    fn reason(&self, e: String) -> String {
        if self.failed {
            damaged(self.reader.get_ref().inner.get_ref())
        } else {
            e
        }
    }
}

struct Header {
    /// 1; 2: version 1 with the mirror fact (tag 4); 3: version 2 with the table fact
    /// (tag 5).
    version: u32,
    game: Game,
    graph: String,
    nimber: u32,
    computed: usize,
}

/// A header number: one or more ASCII digits (no sign, no space), at most `max`.
fn digits(text: &str, max: u64) -> Option<u64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse::<u64>().ok().filter(|&x| x <= max)
}

fn read_header<R: Read>(input: &mut Input<R>) -> Res<Header> {
    let mut field = |key: &str| -> Res<String> {
        let line = input.line()?;
        match line.split_once(' ') {
            Some((k, value)) if k == key => Ok(value.to_string()),
            _ => Err(format!(
                "header: expected '{key} ...', found {}",
                quote(&line)
            )),
        }
    };
    let version = match field("kayles-certificate")?.as_str() {
        "1" => 1,
        "2" => 2,
        "3" => 3,
        other => {
            return Err(format!(
                "header: unknown version {} (this checker reads 1, 2 and 3)",
                quote(other)
            ))
        }
    };
    let game = field("game")?;
    let game =
        Game::from_word(&game).ok_or_else(|| format!("header: unknown game {}", quote(&game)))?;
    let graph = field("graph")?;
    let nimber = field("nimber")?;
    let nimber = digits(&nimber, u32::MAX.into())
        .ok_or_else(|| format!("header: bad nimber {} (0 to {})", quote(&nimber), u32::MAX))?
        as u32;
    let computed = field("computed")?;
    let computed = digits(&computed, MAX_COMPUTED as u64)
        .ok_or_else(|| format!("header: computed must be 0..={MAX_COMPUTED}"))?
        as usize;
    match input.line()?.as_str() {
        "" => Ok(Header {
            version,
            game,
            graph,
            nimber,
            computed,
        }),
        other => Err(format!(
            "header: expected an empty line, found {}",
            quote(other)
        )),
    }
}

/// Hosts of at most this many bit words (256 vertices) keep each fact's vertex set as bit
/// words; on larger hosts a fact keeps its vertices when they take less room than the
/// host's bit words, so that a fact costs at most what the host's words cost and, when it
/// is small, what its set holds.
const DENSE_WORDS: usize = 4;

/// The facts accepted so far: kind (0 EQ, 1 NE), value and vertex set, each fact once. A
/// vertex set is the host's bit words on a host of at most [`DENSE_WORDS`] words (8 bytes
/// a fact on a host of at most 64 vertices); on a larger host its *form* ([`Facts::form`]):
/// its `k` vertices when `k` is below twice the host's words (4 bytes a vertex), else its
/// bit words as pairs of `u32`. `table` finds a fact by its kind, value and set (open
/// addressing, fact index + 1, 0 empty): a second copy of a fact is refused, so memory is
/// bounded by the distinct facts.
struct Facts {
    words: usize,
    kinds: Vec<u8>,
    values: Vec<u32>,
    /// Dense: `words` bit words a fact.
    bits: Vec<u64>,
    /// Sparse: the form of fact `f` is `forms[starts[f]..starts[f + 1]]`.
    forms: Vec<u32>,
    starts: Vec<usize>,
    table: Vec<u32>,
}

impl Facts {
    fn new(words: usize) -> Facts {
        Facts {
            words,
            kinds: Vec::new(),
            values: Vec::new(),
            bits: Vec::new(),
            forms: Vec::new(),
            starts: vec![0],
            table: vec![0; 16],
        }
    }

    fn len(&self) -> usize {
        self.kinds.len()
    }

    fn dense(&self) -> bool {
        self.words <= DENSE_WORDS
    }

    fn kind(&self, f: usize) -> u8 {
        self.kinds[f]
    }

    fn value(&self, f: usize) -> u32 {
        self.values[f]
    }

    /// How a set is kept on a sparse host (empty on a dense one): its vertices, or, when
    /// it has `2 * words` or more, its bit words as `u32` pairs (low half first). The length
    /// tells the two apart.
    fn form(&self, set: &[u64]) -> Vec<u32> {
        let mut out = Vec::new();
        if self.dense() {
            return out;
        }
        let k: usize = set.iter().map(|w| w.count_ones() as usize).sum();
        if k < 2 * self.words {
            for_each(set, |v| out.push(v as u32));
        } else {
            out.extend(set.iter().flat_map(|&w| [w as u32, (w >> 32) as u32]));
        }
        out
    }

    /// The vertices of fact `f`, increasing, into `out`.
    fn vertices(&self, f: usize, out: &mut Vec<u32>) {
        out.clear();
        if self.dense() {
            for_each(&self.bits[f * self.words..(f + 1) * self.words], |v| {
                out.push(v as u32)
            });
            return;
        }
        let form = &self.forms[self.starts[f]..self.starts[f + 1]];
        if form.len() < 2 * self.words {
            out.extend_from_slice(form);
        } else {
            for (i, pair) in form.chunks_exact(2).enumerate() {
                let w = u64::from(pair[0]) | u64::from(pair[1]) << 32;
                for_each(&[w], |v| out.push((i * 64 + v) as u32));
            }
        }
    }

    /// The hash of a fact: its kind, value and set (bit words when dense, else its form).
    fn hash(kind: u8, value: u32, set: impl Iterator<Item = u64>) -> u64 {
        let mix = |h: u64, x: u64| (h.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        set.fold(mix(u64::from(kind), u64::from(value)), mix)
    }

    fn hash_of(&self, f: usize) -> u64 {
        if self.dense() {
            let w = &self.bits[f * self.words..(f + 1) * self.words];
            Facts::hash(self.kinds[f], self.values[f], w.iter().copied())
        } else {
            let v = &self.forms[self.starts[f]..self.starts[f + 1]];
            Facts::hash(
                self.kinds[f],
                self.values[f],
                v.iter().map(|&x| u64::from(x)),
            )
        }
    }

    /// The slot of the table where the fact (kind, value, `set`: bit words, `form`: its
    /// [`Facts::form`]) is, or the empty slot where it would go.
    fn slot(&self, kind: u8, value: u32, set: &[u64], form: &[u32]) -> usize {
        let h = if self.dense() {
            Facts::hash(kind, value, set.iter().copied())
        } else {
            Facts::hash(kind, value, form.iter().map(|&x| u64::from(x)))
        };
        let mask = self.table.len() - 1;
        let mut i = (h >> 7) as usize & mask;
        loop {
            let f = match self.table[i] {
                0 => return i,
                f => f as usize - 1,
            };
            let same_set = if self.dense() {
                // Word by word (a slice comparison is a call to memcmp).
                let kept = &self.bits[f * self.words..(f + 1) * self.words];
                kept.iter().zip(set).all(|(a, b)| a == b)
            } else {
                self.forms[self.starts[f]..self.starts[f + 1]] == *form
            };
            if same_set && self.kinds[f] == kind && self.values[f] == value {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /// Adds the fact (`form` as in [`Facts::slot`]), unless it is already there.
    fn push(&mut self, kind: u8, value: u32, set: &[u64], form: &[u32]) -> Res<()> {
        let i = self.slot(kind, value, set, form);
        if self.table[i] != 0 {
            return Err(format!(
                "the same fact as fact {} (a duplicate)",
                self.table[i] - 1
            ));
        }
        if self.len() >= MAX_FACTS {
            return Err(format!("more than {MAX_FACTS} facts"));
        }
        self.table[i] = self.len() as u32 + 1;
        self.kinds.push(kind);
        self.values.push(value);
        if self.dense() {
            self.bits.extend_from_slice(set);
        } else {
            self.forms.extend_from_slice(form);
            self.starts.push(self.forms.len());
        }
        // At most three quarters full.
        if self.len() * 4 > self.table.len() * 3 {
            let mask = self.table.len() * 2 - 1;
            let mut table = vec![0u32; self.table.len() * 2];
            for f in 0..self.len() {
                let mut i = (self.hash_of(f) >> 7) as usize & mask;
                while table[i] != 0 {
                    i = (i + 1) & mask;
                }
                table[i] = f as u32 + 1;
            }
            self.table = table;
        }
        Ok(())
    }
}

/// The facts checked so far ([`Facts`]) and the cache of small values computed by
/// definition.
struct Checker<'g> {
    g: &'g Graph,
    game: Game,
    computed_max: usize,
    /// Whether mirror facts (tag 4, version 2) may appear.
    mirrors: bool,
    /// Whether table facts (tag 5, version 3) may appear.
    tables: bool,
    /// The evaluator of table facts, once one has appeared.
    table: Option<Tables>,
    facts: Facts,
    lists: Lists,
    small: HashMap<u64, u32, BuildHasherDefault<Mix>>,
    scratch: Scratch,
}

/// The host's neighbour lists, on a host of more than [`DENSE_WORDS`] words (empty on a
/// smaller one): there a component split, an isomorphism test and a mirror test cost the
/// edges they look at, not the host's words for every vertex (a fact about 20,000
/// vertices of grid:2x20000 took 27 ms, from a few bytes of certificate).
struct Lists {
    neighbours: Vec<u32>,
    starts: Vec<usize>,
}

impl Lists {
    fn of(g: &Graph) -> Lists {
        let mut lists = Lists {
            neighbours: Vec::new(),
            starts: Vec::new(),
        };
        if g.words() > DENSE_WORDS {
            lists.starts.push(0);
            for v in 0..g.order() {
                for_each(g.row(v), |u| lists.neighbours.push(u as u32));
                lists.starts.push(lists.neighbours.len());
            }
        }
        lists
    }

    /// Calls `f` on every neighbour of `v` in `g` (whose lists these are).
    fn each(&self, g: &Graph, v: usize, mut f: impl FnMut(usize)) {
        if self.starts.is_empty() {
            for_each(g.row(v), f);
        } else {
            for &u in &self.neighbours[self.starts[v]..self.starts[v + 1]] {
                f(u as usize);
            }
        }
    }
}

/// Buffers reused from move to move: the components of the latest result, the vertex
/// index that [`Checker::edges_map`] uses, and the vertices of the fact a reference names.
#[derive(Default)]
struct Scratch {
    split: Split,
    index: Vec<u32>,
    fact: Vec<u32>,
    /// The image of a reference's vertex map, and the positions it has taken.
    image: Vec<u32>,
    seen: Vec<bool>,
    /// A copy of a fact's set, emptied by the split that finds it connected.
    set: Vec<u64>,
}

/// A fact's vertex set as a reference's test reads it: its bit words, on a host of at most
/// [`DENSE_WORDS`] words (the isomorphism test by rows of words), or its increasing
/// vertex list (by neighbour lists).
#[derive(Clone, Copy)]
enum FactSet<'a> {
    Words(&'a [u64]),
    List(&'a [u32]),
}

/// The components of a position, ordered by least vertex, as sorted vertex lists.
#[derive(Default)]
struct Split {
    verts: Vec<u32>,
    starts: Vec<usize>,
}

impl Split {
    fn count(&self) -> usize {
        self.starts.len() - 1
    }
}

fn first(set: &[u64]) -> Option<usize> {
    set.iter()
        .position(|&w| w != 0)
        .map(|i| i * 64 + set[i].trailing_zeros() as usize)
}

fn contains(set: &[u64], v: usize) -> bool {
    set[v / 64] >> (v % 64) & 1 == 1
}

fn for_each(set: &[u64], mut f: impl FnMut(usize)) {
    for (i, &w) in set.iter().enumerate() {
        let mut w = w;
        while w != 0 {
            f(i * 64 + w.trailing_zeros() as usize);
            w &= w - 1;
        }
    }
}

impl<'g> Checker<'g> {
    /// A checker of a certificate of `version` about `g`, with nothing read yet: mirror
    /// facts are taken from version 2 on, table facts from version 3 on.
    fn new(g: &'g Graph, game: Game, computed_max: usize, version: u32) -> Self {
        Checker {
            g,
            game,
            computed_max,
            mirrors: version >= 2,
            tables: version >= 3,
            table: None,
            facts: Facts::new(g.words()),
            lists: Lists::of(g),
            small: HashMap::default(),
            scratch: Scratch::default(),
        }
    }
}

impl Checker<'_> {
    /// Reads every record; returns the root value once the root record checks.
    fn run<R: Read>(&mut self, input: &mut Input<R>, claimed: u32) -> Res<u32> {
        let n = self.g.order();
        loop {
            let index = self.facts.len();
            let tag = match input.byte()? {
                None => {
                    return Err(format!(
                        "truncated: the file ends after {index} facts, before the root record"
                    ))
                }
                Some(t) => t,
            };
            if tag == 3 {
                let mut all = vec![0u64; self.g.words()];
                for v in 0..n {
                    all[v / 64] |= 1 << (v % 64);
                }
                let root = self
                    .result(input, &mut all)
                    .map_err(|e| format!("root record: {e}"))?;
                if root != Val::Exact(claimed) {
                    return Err(format!(
                        "root record: proves {}, the header claims {claimed}",
                        describe(root)
                    ));
                }
                if input.byte()?.is_some() {
                    return Err("data after the root record".into());
                }
                return Ok(claimed);
            }
            let kind = match tag {
                0 => "EQ",
                1 | 2 => "NE",
                4 if self.mirrors => "EQ by a mirror strategy",
                5 if self.tables => "EQ by a table",
                6 if self.tables => "NE by a table",
                _ => return Err(format!("fact {index}: unknown record tag {tag}")),
            };
            let value = input.number(u32::MAX.into(), "value")? as u32;
            let set = self
                .read_set(input)
                .map_err(|e| format!("fact {index}: {e}"))?;
            let context = |e: String| {
                let k = set.iter().map(|w| w.count_ones()).sum::<u32>();
                let first = first(&set).unwrap_or(0);
                format!("fact {index} ({kind} {value}, {k} vertices from {first}): {e}")
            };
            // A copy of a fact already accepted is refused before its evidence is read.
            let kind = u8::from(tag == 1 || tag == 2 || tag == 6);
            let form = self.facts.form(&set);
            let slot = self.facts.slot(kind, value, &set, &form);
            if self.facts.table[slot] != 0 {
                let copy = self.facts.table[slot] - 1;
                return Err(context(format!(
                    "the same fact as fact {copy} (a duplicate)"
                )));
            }
            match tag {
                0 => self.check_eq(input, &set, value),
                1 => self.check_witness(input, &set, value),
                2 => self.check_by_eq(input, &set, value),
                4 => self.check_mirror(input, &set, value),
                5 => self.check_table(&set, value, true),
                _ => self.check_table(&set, value, false),
            }
            .map_err(context)?;
            self.facts.push(kind, value, &set, &form).map_err(context)?;
        }
    }

    /// A vertex set: its size, the first vertex, then the gaps minus one. It must induce
    /// a connected subgraph.
    fn read_set<R: Read>(&mut self, input: &mut Input<R>) -> Res<Vec<u64>> {
        let n = self.g.order();
        let k = input.number(n as u64, "set size")?;
        if k == 0 {
            return Err("empty vertex set".into());
        }
        let mut set = vec![0u64; self.g.words()];
        let mut v = input.number(n as u64, "vertex")?;
        for i in 0..k {
            if i > 0 {
                v = v.saturating_add(1 + input.number(n as u64, "vertex gap")?);
            }
            if v >= n {
                return Err(format!("vertex {v} is not in the graph"));
            }
            set[v / 64] |= 1 << (v % 64);
        }
        let (mut split, mut copy) = (
            std::mem::take(&mut self.scratch.split),
            std::mem::take(&mut self.scratch.set),
        );
        copy.clear();
        copy.extend_from_slice(&set);
        self.split(&mut copy, &mut split);
        let count = split.count();
        (self.scratch.split, self.scratch.set) = (split, copy);
        if count != 1 {
            return Err("the vertex set is not connected".into());
        }
        Ok(set)
    }

    /// EQ(X, v): a result proof for every move, in order; none proves `v`, and each
    /// `j < v` is proved exactly by some move.
    fn check_eq<R: Read>(&mut self, input: &mut Input<R>, x: &[u64], v: u32) -> Res<()> {
        let moves = self.moves(x);
        let m = input.number(u64::MAX, "move count")?;
        if m != moves.len() {
            return Err(format!("lists {m} moves, the position has {}", moves.len()));
        }
        if v as usize > moves.len() {
            return Err(format!("value {v} needs more options than its {m} moves"));
        }
        let mut seen = vec![false; v as usize];
        let mut after = x.to_vec();
        for (i, &mv) in moves.iter().enumerate() {
            self.play(x, mv, &mut after);
            let at = |e: String| format!("move {i} ({}): {e}", show(mv));
            match self.result(input, &mut after).map_err(at)? {
                Val::Exact(t) if t == v => return Err(at(format!("leads to value {v}"))),
                Val::Exact(t) if t < v => seen[t as usize] = true,
                Val::NotEqual(t) if t != v => {
                    return Err(at(format!("result proved != {t}, not != {v}")))
                }
                _ => {}
            }
        }
        match seen.iter().position(|&s| !s) {
            Some(j) => Err(format!("no move is proved to lead to value {j}")),
            None => Ok(()),
        }
    }

    /// NE(X, v) by a witness move whose result is proved to be exactly `v`.
    fn check_witness<R: Read>(&mut self, input: &mut Input<R>, x: &[u64], v: u32) -> Res<()> {
        let n = self.g.order() as u64;
        let a = input.number(n, "witness vertex")?;
        let mv = match self.game {
            Game::Node => (a, a),
            Game::Arc => (a, input.number(n, "witness vertex")?),
        };
        let legal = mv.0 < n as usize
            && mv.1 < n as usize
            && contains(x, mv.0)
            && contains(x, mv.1)
            && (self.game == Game::Node || (mv.0 < mv.1 && self.g.has_edge(mv.0, mv.1)));
        if !legal {
            return Err(format!("witness move {} is not a legal move", show(mv)));
        }
        let mut after = x.to_vec();
        self.play(x, mv, &mut after);
        match self.result(input, &mut after)? {
            Val::Exact(t) if t == v => Ok(()),
            other => Err(format!(
                "witness move {} proves {}, not = {v}",
                show(mv),
                describe(other)
            )),
        }
    }

    /// NE(X, v) by a reference to an EQ fact about X (or a copy) whose value is not `v`.
    fn check_by_eq<R: Read>(&mut self, input: &mut Input<R>, x: &[u64], v: u32) -> Res<()> {
        let mut verts = Vec::new();
        for_each(x, |u| verts.push(u as u32));
        match self.reference(input, &verts)? {
            (Val::Exact(t), false) if t != v => Ok(()),
            (_, true) => Err("refers to a computed value, not an EQ fact".into()),
            (other, _) => Err(format!("the referenced fact proves {}", describe(other))),
        }
    }

    /// EQ(X, 0) by a mirror strategy: `|X|` positions `p_j`, the map `X[j] -> X[p_j]`. It
    /// must be an involution (so a bijection of X) without fixed points, send no vertex to
    /// a neighbour, and send every edge of `H[X]` to an edge (then it is an automorphism of
    /// `H[X]`). The second player answers each move with its image and the position stays
    /// invariant, so the second player wins: value 0, in both games.
    fn check_mirror<R: Read>(&mut self, input: &mut Input<R>, x: &[u64], v: u32) -> Res<()> {
        if v != 0 {
            return Err(format!("a mirror strategy proves value 0, not {v}"));
        }
        let mut verts = Vec::new();
        for_each(x, |u| verts.push(u as u32));
        let k = verts.len();
        let mut p = Vec::with_capacity(k);
        for _ in 0..k {
            let i = input.number(k as u64, "mirror position")?;
            if i >= k {
                return Err(format!("mirror position {i} is not a vertex of the set"));
            }
            p.push(i);
        }
        for j in 0..k {
            let (a, b) = (verts[j] as usize, verts[p[j]] as usize);
            if p[p[j]] != j {
                let c = verts[p[p[j]]];
                return Err(format!(
                    "the mirror map is not an involution: {a} -> {b} -> {c}"
                ));
            }
            if a == b {
                return Err(format!("the mirror map fixes {a}"));
            }
            if self.g.has_edge(a, b) {
                return Err(format!("the mirror map sends {a} to its neighbour {b}"));
            }
            let mut bad = None;
            self.lists.each(self.g, a, |c| {
                if bad.is_none() && contains(x, c) {
                    let i = verts.binary_search(&(c as u32)).expect("c is in X");
                    let d = verts[p[i]] as usize;
                    if !self.g.has_edge(b, d) {
                        bad = Some((c, d));
                    }
                }
            });
            if let Some((c, d)) = bad {
                return Err(format!(
                    "the mirror map is not an automorphism: {a}-{c} is an edge, {b}-{d} is not"
                ));
            }
        }
        Ok(())
    }

    /// EQ(X, v) (`eq`) or NE(X, v) by a table: the checker's own search of `X + *v` by the
    /// definition of win and loss ([`Tables`]), which must find it a loss (EQ) or a win
    /// (NE).
    fn check_table(&mut self, x: &[u64], v: u32, eq: bool) -> Res<()> {
        if self.game == Game::Arc {
            return Err("table facts are Node Kayles facts only".into());
        }
        let g = self.g;
        let table = self.table.get_or_insert_with(|| Tables::new(g.order()));
        let mut verts = Vec::new();
        for_each(x, |u| verts.push(u as u32));
        if eq {
            table.check(&verts, v, |a, b| g.has_edge(a, b))
        } else {
            table.check_win(&verts, v, |a, b| g.has_edge(a, b))
        }
    }

    /// The moves of X in the documented order: vertices ascending (Node Kayles, as
    /// `(v, v)`), or edges `(u, w)`, `u < w`, lexicographic (Arc Kayles).
    fn moves(&self, x: &[u64]) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for_each(x, |u| match self.game {
            Game::Node => out.push((u, u)),
            Game::Arc => {
                for (i, (&r, &s)) in self.g.row(u).iter().zip(x).enumerate() {
                    for_each(&[r & s], |w| {
                        if i * 64 + w > u {
                            out.push((u, i * 64 + w));
                        }
                    });
                }
            }
        });
        out
    }

    /// `after` = X minus what the move deletes: `N[v]`, or both ends of the edge.
    fn play(&self, x: &[u64], (a, b): (usize, usize), after: &mut [u64]) {
        after.copy_from_slice(x);
        if self.game == Game::Node {
            for (w, r) in after.iter_mut().zip(self.g.row(a)) {
                *w &= !r;
            }
        }
        after[a / 64] &= !(1 << (a % 64));
        after[b / 64] &= !(1 << (b % 64));
    }

    /// The components of the position `set` (emptied on the way), by least vertex, into
    /// `out`.
    fn split(&mut self, set: &mut [u64], out: &mut Split) {
        if let [word] = set {
            return self.split_word(word, out);
        }
        if !self.lists.starts.is_empty() {
            return self.split_lists(set, out);
        }
        // A search from each least vertex left: the component's list is its own queue,
        // each vertex taking from `set` the neighbours its row finds there.
        out.verts.clear();
        out.starts.clear();
        out.starts.push(0);
        while let Some(s) = first(set) {
            set[s / 64] &= !(1 << (s % 64));
            let start = out.verts.len();
            out.verts.push(s as u32);
            let mut i = start;
            while i < out.verts.len() {
                let row = self.g.row(out.verts[i] as usize);
                i += 1;
                for (w, (left, &r)) in set.iter_mut().zip(row).enumerate() {
                    let found = *left & r;
                    *left &= !found;
                    for_each(&[found], |u| out.verts.push((w * 64 + u) as u32));
                }
            }
            out.verts[start..].sort_unstable();
            out.starts.push(out.verts.len());
        }
    }

    /// [`split`](Self::split) on a host with neighbour lists: a search from each least
    /// vertex left, through the lists; each component sorted.
    fn split_lists(&self, set: &mut [u64], out: &mut Split) {
        out.verts.clear();
        out.starts.clear();
        out.starts.push(0);
        let mut w = 0;
        loop {
            while w < set.len() && set[w] == 0 {
                w += 1;
            }
            if w == set.len() {
                return;
            }
            let s = w * 64 + set[w].trailing_zeros() as usize;
            set[w] &= !(1 << (s % 64));
            let start = out.verts.len();
            out.verts.push(s as u32);
            let mut i = start;
            while i < out.verts.len() {
                let v = out.verts[i] as usize;
                i += 1;
                self.lists.each(self.g, v, |u| {
                    if contains(set, u) {
                        set[u / 64] &= !(1 << (u % 64));
                        out.verts.push(u as u32);
                    }
                });
            }
            out.verts[start..].sort_unstable();
            out.starts.push(out.verts.len());
        }
    }

    /// [`split`](Self::split) on a host of at most 64 vertices, in one word.
    fn split_word(&self, set: &mut u64, out: &mut Split) {
        out.verts.clear();
        out.starts.clear();
        out.starts.push(0);
        while *set != 0 {
            let mut frontier = *set & set.wrapping_neg();
            let mut comp = frontier;
            *set &= !frontier;
            while frontier != 0 {
                let mut next = 0;
                for_each(&[frontier], |v| next |= self.g.row(v)[0]);
                next &= *set;
                *set &= !next;
                comp |= next;
                frontier = next;
            }
            for_each(&[comp], |v| out.verts.push(v as u32));
            out.starts.push(out.verts.len());
        }
    }

    /// A result proof for the position `set`: its component count, then one reference per
    /// component. All exact: their xor. All exact but one `!= w`: `!= w xor the others`.
    fn result<R: Read>(&mut self, input: &mut Input<R>, set: &mut [u64]) -> Res<Val> {
        let mut split = std::mem::take(&mut self.scratch.split);
        self.split(set, &mut split);
        let value = self.result_of(input, &split);
        self.scratch.split = split;
        value
    }

    fn result_of<R: Read>(&mut self, input: &mut Input<R>, split: &Split) -> Res<Val> {
        let c = input.number(u64::MAX, "component count")?;
        if c != split.count() {
            return Err(format!(
                "lists {c} components, the position has {}",
                split.count()
            ));
        }
        let (mut xor, mut unequal) = (0u32, None);
        for i in 0..c {
            let verts = &split.verts[split.starts[i]..split.starts[i + 1]];
            let at = |e: String| format!("component {i} (from vertex {}): {e}", verts[0]);
            match self.reference(input, verts).map_err(at)?.0 {
                Val::Exact(t) => xor ^= t,
                Val::NotEqual(t) if unequal.is_none() => unequal = Some(t),
                Val::NotEqual(_) => return Err(at("a second NE reference".into())),
            }
        }
        Ok(match unequal {
            None => Val::Exact(xor),
            Some(w) => Val::NotEqual(w ^ xor),
        })
    }

    /// A reference for the component C (its sorted vertices): 0 for "computed",
    /// else `3 d + form`, naming fact `index - d` and how its vertex set F corresponds to
    /// C: form 1, F is C; form 2, `F[i] -> C[i]`; form 3, `F[i] -> C[p_i]` with the
    /// `|F|` positions `p_i` following. Returns the value and whether it was computed.
    fn reference<R: Read>(&mut self, input: &mut Input<R>, verts: &[u32]) -> Res<(Val, bool)> {
        let r = input.varint()?;
        if r == 0 {
            if verts.len() > self.computed_max {
                return Err(format!(
                    "marked computed, but has {} vertices (the header allows {})",
                    verts.len(),
                    self.computed_max
                ));
            }
            return Ok((Val::Exact(self.small_value(verts)), true));
        }
        let (d, form) = ((r - 1) / 3, (r - 1) % 3 + 1);
        let here = self.facts.len() as u64;
        if d == 0 {
            return Err("refers to the fact being checked (itself)".into());
        }
        if d > here {
            return Err(format!(
                "refers {d} facts back, before the first fact (a missing or forward fact)"
            ));
        }
        let f = (here - d) as usize;
        if self.facts.dense() {
            let words = self.facts.words;
            let mut fset = [0u64; DENSE_WORDS];
            fset[..words].copy_from_slice(&self.facts.bits[f * words..(f + 1) * words]);
            self.same_up_to_map(input, f, form, FactSet::Words(&fset[..words]), verts)?;
        } else {
            let mut fv = std::mem::take(&mut self.scratch.fact);
            self.facts.vertices(f, &mut fv);
            let same = self.same_up_to_map(input, f, form, FactSet::List(&fv), verts);
            self.scratch.fact = fv;
            same?;
        }
        let value = self.facts.value(f);
        Ok((
            if self.facts.kind(f) == 0 {
                Val::Exact(value)
            } else {
                Val::NotEqual(value)
            },
            false,
        ))
    }

    /// Whether the vertex set `fact` of fact `f` corresponds to the component `verts` as
    /// the reference's `form` says (reading the positions of form 3).
    fn same_up_to_map<R: Read>(
        &mut self,
        input: &mut Input<R>,
        f: usize,
        form: u64,
        fact: FactSet,
        verts: &[u32],
    ) -> Res<()> {
        let k = match fact {
            FactSet::Words(fset) => fset.iter().map(|w| w.count_ones() as usize).sum(),
            FactSet::List(fv) => fv.len(),
        };
        if k != verts.len() {
            return Err(format!(
                "fact {f} has {k} vertices, the component {}",
                verts.len()
            ));
        }
        let same_set = || match fact {
            // As many vertices, all distinct: the same set when each is in F.
            FactSet::Words(fset) => verts.iter().all(|&v| contains(fset, v as usize)),
            FactSet::List(fv) => fv == verts,
        };
        if form == 1 && !same_set() {
            return Err(format!("fact {f} is about another vertex set"));
        }
        if form > 1 {
            let mut image = std::mem::take(&mut self.scratch.image);
            let same = self
                .image(input, f, form, verts, &mut image)
                .and_then(|()| match fact {
                    FactSet::Words(fset) => self.edges_map_words(f, fset, &image, verts),
                    FactSet::List(fv) => self.edges_map(f, fv, &image, verts),
                });
            self.scratch.image = image;
            same?;
        }
        Ok(())
    }

    /// The image of a map to fact `f` into `image`: the component `verts` itself (form 2),
    /// or `verts[p_i]` for the positions read (form 3), each position new.
    fn image<R: Read>(
        &mut self,
        input: &mut Input<R>,
        f: usize,
        form: u64,
        verts: &[u32],
        image: &mut Vec<u32>,
    ) -> Res<()> {
        image.clear();
        if form == 2 {
            image.extend_from_slice(verts);
            return Ok(());
        }
        let seen = &mut self.scratch.seen;
        seen.clear();
        seen.resize(verts.len(), false);
        for _ in 0..verts.len() {
            let p = input.number(verts.len() as u64, "map position")?;
            if p >= verts.len() || std::mem::replace(&mut seen[p], true) {
                return Err(format!(
                    "vertex map to fact {f}: position {p} is not a new vertex of the component"
                ));
            }
            image.push(verts[p]);
        }
        Ok(())
    }

    /// Whether `F[i] -> image[i]` (F = `fv`, the set of fact `f`, `image` a permutation of the
    /// component C) is an isomorphism of the induced subgraphs: it is a bijection, so it
    /// is one when every edge of `H[F]` goes to an edge and `H[F]`, `H[C]` have as many
    /// edges.
    fn edges_map(&mut self, f: usize, fv: &[u32], image: &[u32], c: &[u32]) -> Res<()> {
        let index = &mut self.scratch.index;
        index.resize(self.g.order(), 0);
        let mut count = |set: &[u32], image: Option<&[u32]>| {
            for (i, &v) in set.iter().enumerate() {
                index[v as usize] = i as u32 + 1;
            }
            let (mut edges, mut bad) = (0usize, None);
            for (i, &a) in set.iter().enumerate() {
                self.lists.each(self.g, a as usize, |b| {
                    let j = index[b] as usize;
                    if j > i + 1 {
                        edges += 1;
                        if let Some(im) = image {
                            if bad.is_none() && !self.g.has_edge(im[i] as usize, im[j - 1] as usize)
                            {
                                bad = Some((a, b, im[i], im[j - 1]));
                            }
                        }
                    }
                });
            }
            for &v in set {
                index[v as usize] = 0;
            }
            (edges, bad)
        };
        let (from, bad) = count(fv, Some(image));
        if let Some((a, b, x, y)) = bad {
            return Err(format!(
                "vertex map to fact {f} is not an isomorphism: {a}-{b} is an edge, {x}-{y} is not"
            ));
        }
        let (to, _) = count(c, None);
        if from != to {
            return Err(format!(
                "vertex map to fact {f} is not an isomorphism: {from} edges against {to}"
            ));
        }
        Ok(())
    }

    /// [`edges_map`](Self::edges_map) on a host of at most [`DENSE_WORDS`] words, with F as
    /// its bit words `fset` (`F[i]` its `i`-th vertex, increasing): an edge `F[i] F[j]`,
    /// `F[i] < F[j]`, is a bit of the row of `F[i]` within F, and `j` is the number of F's
    /// bits below it; each side's edges are counted by the bits of its rows within its own
    /// set. The same test, in the same order, as [`edges_map`](Self::edges_map).
    fn edges_map_words(&self, f: usize, fset: &[u64], image: &[u32], c: &[u32]) -> Res<()> {
        if let [one] = fset {
            return self.edges_map_word(f, *one, image, c);
        }
        let words = fset.len();
        let mut cset = [0u64; DENSE_WORDS];
        for &v in c {
            cset[v as usize / 64] |= 1 << (v % 64);
        }
        // below[w]: the vertices of F in the words before word w.
        let mut below = [0u32; DENSE_WORDS];
        for w in 1..words {
            below[w] = below[w - 1] + fset[w - 1].count_ones();
        }
        let (mut from, mut to) = (0u32, 0u32);
        let mut i = 0;
        for (wa, &bits) in fset.iter().enumerate() {
            let mut bits = bits;
            while bits != 0 {
                let a = wa * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let x = image[i] as usize;
                i += 1;
                for (w, (&r, &s)) in self.g.row(a).iter().zip(fset).enumerate() {
                    let mut found = r & s;
                    from += found.count_ones();
                    // Only the neighbours after `a`: each edge once.
                    if w < wa {
                        continue;
                    }
                    if w == wa {
                        found &= u64::MAX << (a % 64) << 1;
                    }
                    while found != 0 {
                        let bit = found.trailing_zeros();
                        found &= found - 1;
                        let j = (below[w] + (s & ((1u64 << bit) - 1)).count_ones()) as usize;
                        let y = image[j] as usize;
                        if !self.g.has_edge(x, y) {
                            let b = w * 64 + bit as usize;
                            return Err(format!(
                                "vertex map to fact {f} is not an isomorphism: {a}-{b} is an \
                                 edge, {x}-{y} is not"
                            ));
                        }
                    }
                }
            }
        }
        for &v in c {
            for (&r, &s) in self.g.row(v as usize).iter().zip(&cset[..words]) {
                to += (r & s).count_ones();
            }
        }
        same_edge_count(f, from, to)
    }

    /// [`edges_map_words`](Self::edges_map_words) on a host of at most 64 vertices (one
    /// word): the same test, in the same order.
    fn edges_map_word(&self, f: usize, fset: u64, image: &[u32], c: &[u32]) -> Res<()> {
        let row = |v: usize| self.g.row(v)[0];
        let (mut from, mut to) = (0u32, 0u32);
        let (mut bits, mut i) = (fset, 0);
        while bits != 0 {
            let a = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let found = row(a) & fset;
            from += found.count_ones();
            // Only the neighbours after `a`: each edge once.
            let mut after = found & u64::MAX << a << 1;
            let x = image[i] as usize;
            let image_row = row(x);
            i += 1;
            while after != 0 {
                let b = after.trailing_zeros() as usize;
                after &= after - 1;
                let y = image[(fset & ((1u64 << b) - 1)).count_ones() as usize] as usize;
                if image_row >> y & 1 == 0 {
                    return Err(format!(
                        "vertex map to fact {f} is not an isomorphism: {a}-{b} is an edge, \
                         {x}-{y} is not"
                    ));
                }
            }
        }
        let cset = c.iter().fold(0u64, |s, &v| s | 1 << v);
        for &v in c {
            to += (row(v as usize) & cset).count_ones();
        }
        same_edge_count(f, from, to)
    }

    /// The value of a small component by the definition of the game, over all `2^k`
    /// subsets of its vertices; cached by its labelled adjacency.
    fn small_value(&mut self, verts: &[u32]) -> u32 {
        let k = verts.len();
        let mut key = k as u64;
        let mut adj = [0usize; MAX_COMPUTED];
        let mut bit = 4;
        for i in 0..k {
            for j in 0..i {
                if self.g.has_edge(verts[i] as usize, verts[j] as usize) {
                    key |= 1 << bit;
                    adj[i] |= 1 << j;
                    adj[j] |= 1 << i;
                }
                bit += 1;
            }
        }
        if let Some(&v) = self.small.get(&key) {
            return v;
        }
        let mut value = vec![0u32; 1 << k];
        for s in 1..1usize << k {
            let mut options = 0u64;
            for i in (0..k).filter(|i| s >> i & 1 == 1) {
                match self.game {
                    Game::Node => options |= 1 << value[s & !(adj[i] | 1 << i)],
                    Game::Arc => {
                        for j in (i + 1..k).filter(|&j| s >> j & 1 == 1 && adj[i] >> j & 1 == 1) {
                            options |= 1 << value[s & !(1 << i | 1 << j)];
                        }
                    }
                }
            }
            value[s] = options.trailing_ones();
        }
        let v = value[(1 << k) - 1];
        self.small.insert(key, v);
        v
    }
}

fn show((a, b): (usize, usize)) -> String {
    if a == b {
        format!("vertex {a}")
    } else {
        format!("edge {a}-{b}")
    }
}

fn describe(v: Val) -> String {
    match v {
        Val::Exact(t) => format!("= {t}"),
        Val::NotEqual(t) => format!("!= {t}"),
    }
}

/// The last test of a vertex map to fact `f`: the two sets have as many edges (`from` and
/// `to` count each edge twice), so that a map sending every edge to an edge is onto.
fn same_edge_count(f: usize, from: u32, to: u32) -> Res<()> {
    if from == to {
        return Ok(());
    }
    Err(format!(
        "vertex map to fact {f} is not an isomorphism: {} edges against {}",
        from / 2,
        to / 2
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    const ARC_P3: &str = "kayles-certificate 1\ngame arc\ngraph path:3\nnimber 1\ncomputed 0\n\n";

    /// Arc Kayles on the path 0-1-2: fact 0 is EQ({0}, 0), fact 1 is EQ({0,1,2}, 1) with
    /// the move 0-1 leaving {2} (fact 0 through the map 0 -> position `map` of {2}) and
    /// 1-2 leaving {0}.
    fn arc_p3(map: u8, claim: &str) -> Vec<u8> {
        let mut raw = ARC_P3.replace("nimber 1", claim).into_bytes();
        raw.extend([0, 0, 1, 0, 0]);
        raw.extend([0, 1, 3, 0, 0, 0, 2, 1, 6, map, 1, 4]);
        raw.extend([3, 1, 4]);
        ruzstd::encoding::compress_to_vec(&raw[..], ruzstd::encoding::CompressionLevel::Fastest)
    }

    /// One fact by a mirror strategy (tag 4) about the whole graph `0..n-1` with the given
    /// value and positions, and a root that refers to it.
    fn mirror(version: u8, game: &str, graph: &str, n: u8, value: u8, map: &[u8]) -> Vec<u8> {
        let mut raw = format!(
            "kayles-certificate {version}\ngame {game}\ngraph {graph}\nnimber 0\ncomputed 0\n\n"
        )
        .into_bytes();
        raw.extend([4, value, n, 0]);
        raw.extend(std::iter::repeat_n(0, n as usize - 1));
        raw.extend(map);
        raw.extend([3, 1, 4]);
        ruzstd::encoding::compress_to_vec(&raw[..], ruzstd::encoding::CompressionLevel::Fastest)
    }

    fn verdict(graph: &str, bytes: &[u8]) -> Result<u32, Failure> {
        check(graph, bytes).map(|v| v.nimber)
    }

    #[test]
    fn a_hand_made_certificate_checks() {
        assert_eq!(verdict("path:3", &arc_p3(0, "nimber 1")), Ok(1));
        assert_eq!(verdict("Bg", &arc_p3(0, "nimber 1")), Ok(1));
    }

    #[test]
    fn its_damaged_copies_are_rejected() {
        let reason = |bytes: &[u8]| match verdict("path:3", bytes) {
            Err(Failure::Rejected(e)) => e,
            other => panic!("{other:?}"),
        };
        assert!(reason(&arc_p3(1, "nimber 1")).contains("is not a new vertex of the component"));
        assert!(reason(&arc_p3(0, "nimber 0")).contains("the header claims 0"));
        let cut = reason(&arc_p3(0, "nimber 1")[..20]);
        assert!(
            cut.contains("truncated") || cut.contains("compressed"),
            "{cut}"
        );
        assert!(matches!(
            verdict("path:3x", &arc_p3(0, "nimber 1")),
            Err(Failure::BadInput(_))
        ));
        match verdict("path:4", &arc_p3(0, "nimber 1")) {
            Err(Failure::Rejected(e)) => assert!(e.contains("another graph"), "{e}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_duplicated_fact_is_refused() {
        // Fact 0 twice: the references of fact 2 (one back) then name the copy, which is
        // about the same set, so only the duplicate is wrong.
        let mut raw = ARC_P3.as_bytes().to_vec();
        raw.extend([0, 0, 1, 0, 0, 0, 0, 1, 0, 0]);
        raw.extend([0, 1, 3, 0, 0, 0, 2, 1, 6, 0, 1, 4]);
        raw.extend([3, 1, 4]);
        let bytes = ruzstd::encoding::compress_to_vec(
            &raw[..],
            ruzstd::encoding::CompressionLevel::Fastest,
        );
        match verdict("path:3", &bytes) {
            Err(Failure::Rejected(e)) => {
                assert!(e.starts_with("fact 1 ") && e.contains("duplicate"), "{e}")
            }
            other => panic!("{other:?}"),
        }
        // The same fact with another value, or about another set, is no duplicate.
        let mut facts = Facts::new(1);
        facts.push(0, 0, &[1], &[]).unwrap();
        facts.push(1, 0, &[1], &[]).unwrap();
        facts.push(0, 1, &[1], &[]).unwrap();
        facts.push(0, 0, &[2], &[]).unwrap();
        assert!(facts.push(1, 0, &[1], &[]).unwrap_err().contains("fact 1"));
        // Many facts on a host of 64 words (4,096 vertices): the table grows and still
        // finds each one; a set of fewer than 128 vertices is kept as its vertices, a
        // larger one as the host's words; both give their vertices back.
        let words = 64;
        let mut sparse = Facts::new(words);
        let set = |v: u32, k: u32| {
            let mut set = vec![0u64; words];
            (v..v + k).for_each(|u| set[u as usize / 64] |= 1 << (u % 64));
            set
        };
        for v in 0..10_000u32 {
            let (x, k) = (v % 3000, 1 + v % 200);
            let form = sparse.form(&set(x, k));
            assert_eq!(form.len(), if k < 128 { k as usize } else { 128 });
            sparse.push(0, v / 3000, &set(x, k), &form).unwrap();
        }
        for v in (0..10_000u32).step_by(97) {
            let (x, k) = (v % 3000, 1 + v % 200);
            let form = sparse.form(&set(x, k));
            let e = sparse.push(0, v / 3000, &set(x, k), &form).unwrap_err();
            assert!(e.contains(&format!("fact {v} ")), "{e}");
            let mut out = Vec::new();
            sparse.vertices(v as usize, &mut out);
            assert_eq!(out, (x..x + k).collect::<Vec<u32>>());
        }
    }

    #[test]
    fn numbers_are_leb128_of_at_most_64_bits_without_a_redundant_byte() {
        let read = |bytes: &[u8]| {
            let mut reader = std::io::BufReader::new(bytes);
            let mut input = Input {
                reader: &mut reader,
                failed: false,
            };
            input.varint()
        };
        assert_eq!(read(&[0]), Ok(0));
        assert_eq!(read(&[0x7f]), Ok(127));
        assert_eq!(read(&[0x80, 0x01]), Ok(128));
        let mut max = vec![0xff; 9];
        max.push(0x01);
        assert_eq!(read(&max), Ok(u64::MAX));
        // 2^64 + 1 read as 1 before; 2^64; eleven bytes.
        let mut past = vec![0x81];
        past.extend([0x80; 8]);
        past.push(0x02);
        assert!(read(&past).unwrap_err().contains("past 64 bits"));
        past[0] = 0x80;
        assert!(read(&past).unwrap_err().contains("past 64 bits"));
        let mut eleven = vec![0x80; 10];
        eleven.push(0);
        assert!(read(&eleven).unwrap_err().contains("past 64 bits"));
        // Overlong: 0 as two bytes, 1 as three.
        assert!(read(&[0x80, 0x00]).unwrap_err().contains("overlong"));
        assert!(read(&[0x81, 0x80, 0x00]).unwrap_err().contains("overlong"));
        assert!(read(&[0x80]).unwrap_err().contains("truncated"));
    }

    #[test]
    fn header_numbers_are_plain_digits() {
        for (claim, ok) in [
            ("nimber 1", true),
            ("nimber 01", true),
            ("nimber +1", false),
            ("nimber  1", false),
            ("nimber 1 ", false),
            ("nimber 4294967297", false),
            ("nimber ", false),
        ] {
            let got = verdict("path:3", &arc_p3(0, claim));
            match got {
                Err(Failure::Rejected(ref e)) if !ok => assert!(e.contains("bad nimber"), "{e}"),
                Ok(1) if ok => {}
                other => panic!("{claim:?}: {other:?}"),
            }
        }
        let long = format!("nimber {}", "1".repeat(1000));
        let Err(Failure::Rejected(e)) = verdict("path:3", &arc_p3(0, &long)) else {
            panic!()
        };
        assert!(e.len() < 200, "{e}");
    }

    #[test]
    fn mirror_facts_check_and_their_damaged_copies_do_not() {
        // The 4-cycle: 0 <-> 2, 1 <-> 3 is a mirror strategy, in both games.
        for game in ["node", "arc"] {
            assert_eq!(
                verdict("cycle:4", &mirror(2, game, "cycle:4", 4, 0, &[2, 3, 0, 1])),
                Ok(0)
            );
        }
        let reason = |graph: &str, bytes: &[u8]| match verdict(graph, bytes) {
            Err(Failure::Rejected(e)) => e,
            other => panic!("{other:?}"),
        };
        let cases: [(&str, u8, u8, &[u8], &str); 7] = [
            ("cycle:4", 1, 0, &[2, 3, 0, 1], "unknown record tag 4"),
            ("cycle:4", 2, 1, &[2, 3, 0, 1], "proves value 0, not 1"),
            ("cycle:4", 2, 0, &[1, 0, 3, 2], "sends 0 to its neighbour 1"),
            ("cycle:4", 2, 0, &[0, 3, 2, 1], "fixes 0"),
            ("cycle:4", 2, 0, &[2, 0, 1, 3], "not an involution"),
            ("cycle:4", 2, 0, &[2, 3, 0, 4], "not a vertex of the set"),
            // The path 0-1-2-3 (Node Kayles value 2): 0 <-> 2, 1 <-> 3 moves every vertex
            // and none onto a neighbour, but is no automorphism.
            ("path:4", 2, 0, &[2, 3, 0, 1], "1-2 is an edge, 3-0 is not"),
        ];
        for (graph, version, value, map, why) in cases {
            let e = reason(graph, &mirror(version, "node", graph, 4, value, map));
            assert!(e.contains(why), "{graph} {map:?}: {e}");
        }
    }

    #[test]
    fn numbers_read_within_the_buffer_read_as_byte_by_byte() {
        // A buffer of one byte reads every number byte by byte; the default one reads it
        // from the buffer when ten bytes are there. The same number or the same reason,
        // and the same byte next.
        let read = |capacity: usize, bytes: &[u8]| {
            let mut reader = std::io::BufReader::with_capacity(capacity, bytes);
            let mut input = Input {
                reader: &mut reader,
                failed: false,
            };
            // A first byte read fills the buffer.
            assert_eq!(input.byte(), Ok(Some(0x2a)));
            input.varint().map(|x| (x, input.byte()))
        };
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let (mut numbers, mut refused) = (0, 0);
        for len in 1..=11 {
            for _ in 0..2000 {
                let mut bytes: Vec<u8> = std::iter::once(0x2a)
                    .chain((0..len).map(|_| {
                        seed ^= seed << 13;
                        seed ^= seed >> 7;
                        seed ^= seed << 17;
                        // Mostly continuation bytes; some 0, 1, 2 (a last byte).
                        match seed % 8 {
                            0 => 0x80,
                            1 => 0,
                            2 => 1,
                            3 => 2,
                            _ => 0x80 | (seed >> 8) as u8,
                        }
                    }))
                    .collect();
                bytes.extend([0x2a; 10]);
                let (slow, fast) = (read(1, &bytes), read(1 << 16, &bytes));
                assert_eq!(slow, fast, "{bytes:?}");
                numbers += usize::from(fast.is_ok());
                refused += usize::from(fast.is_err());
            }
        }
        assert!(numbers > 5000 && refused > 2000, "{numbers} {refused}");
    }

    #[test]
    fn the_isomorphism_test_by_words_is_the_test_by_lists() {
        // Hosts of one to four words: connected sets F, and maps of F onto F itself or
        // onto a translate C (a grid's): the identity, a random permutation, a random
        // swap of two vertices. Both tests give the same verdict and the same reason.
        let (mut agreed, mut isomorphic) = (0, 0);
        for spec in [
            "grid:5x8",
            "queens:8",
            "grid:3x21",
            "grid:10x25",
            "queens:16",
        ] {
            let g = graph::parse(spec).unwrap();
            let mut c = Checker::new(&g, Game::Node, 8, 3);
            assert!(g.words() <= DENSE_WORDS, "{spec}");
            let mut seed = 0x2545_f491_4f6c_dd1du64;
            let mut rand = move || {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                seed
            };
            for _ in 0..3000 {
                // F: a random connected set grown from a vertex, of 1 to 30 vertices.
                let grow = |rand: &mut dyn FnMut() -> u64, size: usize| {
                    let mut set = vec![0u64; g.words()];
                    let start = rand() as usize % g.order();
                    set[start / 64] |= 1 << (start % 64);
                    let mut verts = vec![start as u32];
                    for _ in 0..size * 4 {
                        let a = verts[rand() as usize % verts.len()] as usize;
                        let mut nb = Vec::new();
                        for_each(g.row(a), |b| nb.push(b));
                        let b = nb[rand() as usize % nb.len()];
                        if !contains(&set, b) && verts.len() < size {
                            set[b / 64] |= 1 << (b % 64);
                            verts.push(b as u32);
                        }
                    }
                    verts.sort_unstable();
                    verts
                };
                let size = 1 + rand() as usize % 30;
                let fv = grow(&mut rand, size);
                // C: F itself, or F moved one column right when it fits (grids).
                let shift = spec.starts_with("grid") && rand() % 2 == 0;
                let cols = if spec == "grid:5x8" { 8 } else { 21 };
                let shifted = shift
                    && spec != "grid:10x25"
                    && fv.iter().all(|&v| !(v as usize + 1).is_multiple_of(cols));
                let cv: Vec<u32> = if shifted {
                    fv.iter().map(|&v| v + 1).collect()
                } else if rand() % 3 == 0 {
                    // Another connected set of as many vertices (or F, when none is found).
                    let mut other = grow(&mut rand, fv.len());
                    if other.len() != fv.len() {
                        other = fv.clone();
                    }
                    other
                } else {
                    fv.clone()
                };
                let mut image = cv.clone();
                match rand() % 3 {
                    0 => {}
                    1 => {
                        for i in (1..image.len()).rev() {
                            image.swap(i, rand() as usize % (i + 1));
                        }
                    }
                    _ => {
                        let k = image.len();
                        image.swap(rand() as usize % k, rand() as usize % k);
                    }
                }
                let words: Vec<u64> = {
                    let mut w = vec![0u64; g.words()];
                    fv.iter().for_each(|&v| w[v as usize / 64] |= 1 << (v % 64));
                    w
                };
                let by_words = c.edges_map_words(7, &words, &image, &cv);
                let by_lists = c.edges_map(7, &fv, &image, &cv);
                assert_eq!(by_words, by_lists, "{spec} {fv:?} -> {image:?}");
                agreed += 1;
                isomorphic += usize::from(by_words.is_ok());
            }
        }
        // Both kinds of verdict were met, many times.
        assert!(
            isomorphic > 3000 && agreed - isomorphic > 3000,
            "{isomorphic} of {agreed}"
        );
    }

    #[test]
    fn the_split_by_lists_is_the_split_by_bit_words() {
        for spec in [
            "grid:3x100",
            "queens:17",
            "petersen:150,7",
            "linked-c4-c:100",
        ] {
            let g = graph::parse(spec).unwrap();
            let checker = |lists: Lists| Checker {
                lists,
                ..Checker::new(&g, Game::Node, 8, 3)
            };
            let (mut by_lists, mut by_words) = (
                checker(Lists::of(&g)),
                checker(Lists {
                    neighbours: vec![],
                    starts: vec![],
                }),
            );
            assert!(!by_lists.lists.starts.is_empty(), "{spec}");
            let mut seed = 0x2545_f491_4f6c_dd1du64;
            for density in [2, 8, 32, 60] {
                for _ in 0..50 {
                    let mut set = vec![0u64; g.words()];
                    for v in 0..g.order() {
                        seed ^= seed << 13;
                        seed ^= seed >> 7;
                        seed ^= seed << 17;
                        if seed % 64 < density {
                            set[v / 64] |= 1 << (v % 64);
                        }
                    }
                    let (mut a, mut b) = (Split::default(), Split::default());
                    by_lists.split(&mut set.clone(), &mut a);
                    by_words.split(&mut set.clone(), &mut b);
                    assert_eq!((&a.verts, &a.starts), (&b.verts, &b.starts), "{spec}");
                }
            }
        }
    }

    #[test]
    fn small_values_follow_the_definitions() {
        let value = |game: Game, spec: &str| {
            let g = graph::parse(spec).unwrap();
            let mut c = Checker::new(&g, game, 8, 3);
            let verts: Vec<u32> = (0..g.order() as u32).collect();
            c.small_value(&verts)
        };
        // Node Kayles on paths is the octal game 0.137 (Dawson's Kayles shifted): 1 1 2 0 3 1 1 0.
        let node_paths: Vec<u32> = (1..=8)
            .map(|n| value(Game::Node, &format!("path:{n}")))
            .collect();
        assert_eq!(node_paths, [1, 1, 2, 0, 3, 1, 1, 0]);
        assert_eq!(value(Game::Node, "complete:5"), 1);
        assert_eq!(value(Game::Node, "empty:3"), 1);
        assert_eq!(value(Game::Arc, "path:4"), 2);
        assert_eq!(value(Game::Arc, "path:1"), 0);
        assert_eq!(value(Game::Arc, "complete:3"), 1);
        assert_eq!(value(Game::Arc, "empty:5"), 0);
    }
}
