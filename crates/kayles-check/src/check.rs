//! Reading a certificate and checking every fact in one pass (docs/certificates.md is the
//! format). Positions are bitsets of the host's vertices; every move, component, vertex map
//! and small value is worked out here, from the host graph alone.

use crate::graph::{self, Graph};
use std::collections::HashMap;
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

/// Components of at most this many vertices may be marked "computed".
pub const MAX_COMPUTED: usize = 8;

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
    /// The GRAPH argument (exit status 2).
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

/// Checks `certificate` (zstd-compressed) against the graph named by `graph_arg`.
pub fn check(graph_arg: &str, certificate: impl Read) -> Result<Verified, Failure> {
    let g = graph::parse(graph_arg).map_err(Failure::BadInput)?;
    let decoder = ruzstd::decoding::StreamingDecoder::new(certificate)
        .map_err(|e| Failure::Rejected(format!("not a zstd stream: {e}")))?;
    let mut reader = std::io::BufReader::with_capacity(1 << 16, decoder);
    let mut input = Input(&mut reader);
    let rejected = Failure::Rejected;
    let header = read_header(&mut input).map_err(rejected)?;
    let claimed =
        graph::parse(&header.graph).map_err(|e| rejected(format!("header graph: {e}")))?;
    if claimed != g {
        return Err(rejected(format!(
            "the certificate is for another graph ({}), not {}",
            header.graph, graph_arg
        )));
    }
    let mut checker = Checker {
        g: &g,
        game: header.game,
        computed_max: header.computed,
        mirrors: header.version >= 2,
        kinds: Vec::new(),
        values: Vec::new(),
        sets: Vec::new(),
        small: HashMap::new(),
        scratch: Scratch::default(),
    };
    let nimber = checker.run(&mut input, header.nimber).map_err(rejected)?;
    let decoder = reader.into_inner();
    let (data, calculated) = (
        decoder.decoder.get_checksum_from_data(),
        decoder.decoder.get_calculated_checksum(),
    );
    if let (Some(data), Some(calculated)) = (data, calculated) {
        if data != calculated {
            return Err(rejected("zstd checksum mismatch".into()));
        }
    }
    let mut rest = [0u8; 1];
    if decoder.into_inner().read(&mut rest).map_or(true, |n| n > 0) {
        return Err(rejected("bytes after the compressed stream".into()));
    }
    Ok(Verified {
        game: header.game,
        nimber,
        facts: checker.kinds.len(),
    })
}

/// The decompressed stream, read a byte or a varint at a time.
struct Input<'a, R: Read>(&'a mut std::io::BufReader<R>);

impl<R: Read> Input<'_, R> {
    /// The next byte; `Ok(None)` at the end of the stream.
    fn byte(&mut self) -> Res<Option<u8>> {
        let buf = self
            .0
            .fill_buf()
            .map_err(|e| format!("damaged compressed data: {e}"))?;
        let b = buf.first().copied();
        self.0.consume(usize::from(b.is_some()));
        Ok(b)
    }

    /// An unsigned LEB128 number of at most 64 bits.
    fn varint(&mut self) -> Res<u64> {
        let mut value = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self
                .byte()?
                .ok_or("truncated: the file ends inside a record")?;
            value |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Ok(value);
            }
        }
        Err("a number longer than 64 bits".into())
    }

    fn number(&mut self, limit: u64, what: &str) -> Res<usize> {
        let x = self.varint()?;
        if x > limit {
            return Err(format!("{what} {x} is out of range (at most {limit})"));
        }
        Ok(x as usize)
    }

    /// One header line (without the newline).
    fn line(&mut self) -> Res<String> {
        let mut line = Vec::new();
        loop {
            match self.byte()? {
                None => return Err("truncated: the file ends inside the header".into()),
                Some(b'\n') => break,
                Some(b) if line.len() < 1 << 26 => line.push(b),
                Some(_) => return Err("header line too long".into()),
            }
        }
        String::from_utf8(line).map_err(|_| "header line is not UTF-8".into())
    }
}

struct Header {
    /// 1, or 2: version 1 with the mirror fact (tag 4).
    version: u32,
    game: Game,
    graph: String,
    nimber: u32,
    computed: usize,
}

fn read_header<R: Read>(input: &mut Input<R>) -> Res<Header> {
    let mut field = |key: &str| -> Res<String> {
        let line = input.line()?;
        match line.split_once(' ') {
            Some((k, value)) if k == key => Ok(value.to_string()),
            _ => Err(format!("header: expected '{key} ...', found {line:?}")),
        }
    };
    let version = match field("kayles-certificate")?.as_str() {
        "1" => 1,
        "2" => 2,
        other => {
            return Err(format!(
                "header: unknown version {other:?} (this checker reads 1 and 2)"
            ))
        }
    };
    let game = match field("game")?.as_str() {
        "node" => Game::Node,
        "arc" => Game::Arc,
        other => return Err(format!("header: unknown game {other:?}")),
    };
    let graph = field("graph")?;
    let nimber = field("nimber")?;
    let nimber = nimber
        .parse()
        .map_err(|_| format!("header: bad nimber {nimber:?}"))?;
    let computed = field("computed")?;
    let computed = match computed.parse() {
        Ok(k) if k <= MAX_COMPUTED => k,
        _ => return Err(format!("header: computed must be 0..={MAX_COMPUTED}")),
    };
    match input.line()?.as_str() {
        "" => Ok(Header {
            version,
            game,
            graph,
            nimber,
            computed,
        }),
        other => Err(format!("header: expected an empty line, found {other:?}")),
    }
}

/// The facts checked so far: kind (0 EQ, 1 NE), value, and vertex set (the host's bit
/// words, [`Graph::words`] a fact, in one arena: 8 bytes a fact on a host of at most 64
/// vertices, where a list of vertices took 4 bytes a vertex), and the cache of small
/// values computed by definition.
struct Checker<'g> {
    g: &'g Graph,
    game: Game,
    computed_max: usize,
    /// Whether mirror facts (tag 4, version 2) may appear.
    mirrors: bool,
    kinds: Vec<u8>,
    values: Vec<u32>,
    sets: Vec<u64>,
    small: HashMap<u64, u32>,
    scratch: Scratch,
}

/// Buffers reused from move to move: the components of the latest result, the bitsets
/// and the vertex index that [`Checker::split`] and [`Checker::edges_map`] use, and the
/// vertices of the fact a reference names.
#[derive(Default)]
struct Scratch {
    split: Split,
    words: [Vec<u64>; 3],
    index: Vec<u32>,
    fact: Vec<u32>,
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

impl Checker<'_> {
    /// Reads every record; returns the root value once the root record checks.
    fn run<R: Read>(&mut self, input: &mut Input<R>, claimed: u32) -> Res<u32> {
        let n = self.g.order();
        loop {
            let index = self.kinds.len();
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
            match tag {
                0 => self.check_eq(input, &set, value),
                1 => self.check_witness(input, &set, value),
                2 => self.check_by_eq(input, &set, value),
                _ => self.check_mirror(input, &set, value),
            }
            .map_err(context)?;
            self.kinds.push(u8::from(tag == 1 || tag == 2));
            self.values.push(value);
            self.sets.extend_from_slice(&set);
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
        let mut split = Split::default();
        self.split(&mut set.clone(), &mut split);
        if split.count() != 1 {
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
            for_each(self.g.row(a), |c| {
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
        let [comp, frontier, next] = &mut self.scratch.words;
        for w in [&mut *comp, &mut *frontier, &mut *next] {
            w.resize(set.len(), 0);
        }
        out.verts.clear();
        out.starts.clear();
        out.starts.push(0);
        while let Some(s) = first(set) {
            comp.fill(0);
            frontier.fill(0);
            comp[s / 64] |= 1 << (s % 64);
            frontier[s / 64] |= 1 << (s % 64);
            set[s / 64] &= !(1 << (s % 64));
            loop {
                next.fill(0);
                for_each(frontier, |v| {
                    for (x, r) in next.iter_mut().zip(self.g.row(v)) {
                        *x |= r;
                    }
                });
                let mut grew = false;
                for i in 0..set.len() {
                    next[i] &= set[i];
                    set[i] &= !next[i];
                    comp[i] |= next[i];
                    grew |= next[i] != 0;
                }
                if !grew {
                    break;
                }
                std::mem::swap(frontier, next);
            }
            for_each(comp, |v| out.verts.push(v as u32));
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
        let here = self.kinds.len() as u64;
        if d == 0 {
            return Err("refers to the fact being checked (itself)".into());
        }
        if d > here {
            return Err(format!(
                "refers {d} facts back, before the first fact (a missing or forward fact)"
            ));
        }
        let f = (here - d) as usize;
        let words = self.g.words();
        let mut fv = std::mem::take(&mut self.scratch.fact);
        fv.clear();
        for_each(&self.sets[f * words..(f + 1) * words], |v| {
            fv.push(v as u32)
        });
        let same = self.same_up_to_map(input, f, form, &fv, verts);
        self.scratch.fact = fv;
        same?;
        let value = self.values[f];
        Ok((
            if self.kinds[f] == 0 {
                Val::Exact(value)
            } else {
                Val::NotEqual(value)
            },
            false,
        ))
    }

    /// Whether the vertex set `fv` of fact `f` corresponds to the component `verts` as
    /// the reference's `form` says (reading the positions of form 3).
    fn same_up_to_map<R: Read>(
        &mut self,
        input: &mut Input<R>,
        f: usize,
        form: u64,
        fv: &[u32],
        verts: &[u32],
    ) -> Res<()> {
        if fv.len() != verts.len() {
            return Err(format!(
                "fact {f} has {} vertices, the component {}",
                fv.len(),
                verts.len()
            ));
        }
        if form == 1 && fv != verts {
            return Err(format!("fact {f} is about another vertex set"));
        }
        if form > 1 {
            let mut image = verts.to_vec();
            if form == 3 {
                let mut seen = vec![false; verts.len()];
                for slot in image.iter_mut() {
                    let p = input.number(verts.len() as u64, "map position")?;
                    if p >= verts.len() || std::mem::replace(&mut seen[p], true) {
                        return Err(format!(
                            "vertex map to fact {f}: position {p} is not a new vertex of the component"
                        ));
                    }
                    *slot = verts[p];
                }
            }
            self.edges_map(f, fv, &image, verts)?;
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
                for_each(self.g.row(a as usize), |b| {
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

    /// The value of a small component by the definition of the game, over all `2^k`
    /// subsets of its vertices; cached by its labelled adjacency.
    fn small_value(&mut self, verts: &[u32]) -> u32 {
        let k = verts.len();
        let mut key = k as u64;
        let mut adj = vec![0usize; k];
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
    fn small_values_follow_the_definitions() {
        let value = |game: Game, spec: &str| {
            let g = graph::parse(spec).unwrap();
            let mut c = Checker {
                g: &g,
                game,
                computed_max: 8,
                mirrors: true,
                kinds: vec![],
                values: vec![],
                sets: vec![],
                small: HashMap::new(),
                scratch: Scratch::default(),
            };
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
