//! Certificates from a search spread over several processes (docs/certificates.md,
//! "Certificates from a search over MPI"): each rank streams the nodes its own search
//! concludes to its *part* ([`PartWriter`]: a header saying what the part belongs to, the
//! records of a [`ProofLog`] with clock records among them, and a footer that says the
//! part is whole); [`PartSet::open`] checks that the parts fit (every rank's part once,
//! of one run, one graph and one game, none cut short) before anything is written, and
//! [`PartSet::certify`] merges their records in the order they were concluded and writes
//! the certificate from them as one process does ([`certify_from_log`]), asking a solver
//! for whatever no record covers. A part left by a run that was killed goes on in the
//! run started again ([`ResumePoint::of`], [`PartWriter::resume`]): cut back to
//! its last whole record, of the same run.

use crate::search_proof::{
    certify_from_log, read_set, FromLog, ProofLog, SearchProofStats, CLOCK_TAG,
};
use crate::{Error, Summary};
use kayles_core::engine::proof::ProofHook;
use kayles_core::game::GameSolver;
use kayles_core::{GameKind, Graph};
use std::io::{BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::sync::Arc;

/// The first bytes of a part.
const MAGIC: &[u8; 8] = b"KAYLPRT1";
/// The last bytes of a whole part.
const END: &[u8; 8] = b"KAYLPEND";
/// The tag byte of the footer (a record's tag is 0 to 3).
const FOOTER_TAG: u8 = 0xff;
/// The footer's value when the rank's search did not end with the value.
const NO_VALUE: u32 = u32::MAX;

/// What a part belongs to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PartHeader {
    /// The game searched.
    pub game: GameKind,
    /// The graph's name (graph6 or a family spec), as the checker is given it.
    pub graph: String,
    /// The number of ranks of the run.
    pub ranks: u32,
    /// The rank that wrote the part.
    pub rank: u32,
    /// The run's id, the same on every rank of one run (rank 0 draws it).
    pub run: u64,
}

/// A rank's part being written: its header is in the file; the search's proof hook
/// ([`hook`](Self::hook)) appends the records; [`finish`](Self::finish) writes the
/// footer.
pub struct PartWriter<F: Write + Send> {
    log: Arc<ProofLog<F>>,
}

/// Where a part left by a killed run goes on ([`ResumePoint::of`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResumePoint {
    /// The bytes to keep: the header and every whole record.
    pub length: u64,
    /// The whole records (clock records included).
    pub records: u64,
    /// Their bytes.
    pub bytes: u64,
    /// The time of the last clock record (0: none).
    pub clock: u64,
    /// The bytes after them that are dropped (a record cut short, or a footer).
    pub dropped: u64,
    /// Whether the part had its footer (its rank's search had ended).
    pub footer: bool,
}

impl ResumePoint {
    /// Where the part `file` of a run that was killed (no footer, perhaps cut within a
    /// record) or that ended before its merge (a footer) goes on: it must be `header`'s
    /// part (the same graph, game, number of ranks and rank, and the same run: `header`'s
    /// run is the one resumed) with the numbering of `host`'s vertices that `solver` (set
    /// up for `host`) searches in. The part is to be cut to the point's
    /// [`length`](ResumePoint::length), its last whole record (a footer is dropped: the
    /// resumed run writes its own), then given to [`PartWriter::resume`].
    ///
    /// # Errors
    /// [`Error::Input`], in one line, when the part is another's (the merge's checks) or
    /// its header is cut short or damaged; reading errors.
    pub fn of<R: Read + Seek>(
        file: R,
        label: &str,
        header: &PartHeader,
        solver: &mut GameSolver,
        host: &Graph,
    ) -> Result<Self, Error> {
        let mut part = Part::open(label.to_string(), file)?;
        part.fits(
            host,
            &header.graph,
            header.game,
            header.ranks,
            header.run,
            "this one",
        )?;
        if part.header.rank != header.rank {
            return Err(Error::Input(format!(
                "{label}: rank {}'s part, not rank {}'s",
                part.header.rank, header.rank
            )));
        }
        if part.back != crate::host_numbering(solver, host) {
            return Err(Error::Input(format!(
                "{label}: its vertices are numbered as another build numbers them"
            )));
        }
        let mut point = ResumePoint {
            length: part.body,
            records: 0,
            bytes: 0,
            clock: 0,
            dropped: 0,
            footer: false,
        };
        loop {
            match part.next() {
                Ok(Item::Record(tag, _, k, data)) => {
                    point.records += 1;
                    point.bytes += record_bytes(tag, k);
                    if tag == CLOCK_TAG {
                        point.clock = u64::from_le_bytes(data[..8].try_into().expect("a word"));
                    }
                    point.length = part.input.stream_position()?;
                }
                Ok(Item::Footer(..)) => {
                    point.footer = true;
                    break;
                }
                // Cut within a record, or bytes that are not one (a write the kill cut
                // off): the part ends at its last whole record.
                Err(Error::Input(_)) => break,
                Err(e) => return Err(e),
            }
        }
        point.dropped = part.input.seek(SeekFrom::End(0))? - point.length;
        Ok(point)
    }
}

/// The bytes of a record of tag `tag` with `k` words a set, as a part counts them.
fn record_bytes(tag: u8, k: usize) -> u64 {
    (3 + 8 * k * if tag == 1 { 2 } else { 1 } + 1) as u64
}

impl PartHeader {
    /// The header of the part `file` (named `label` in errors): which run it belongs to,
    /// before the run that resumes it starts (rank 0's part says which run goes on).
    ///
    /// # Errors
    /// [`Error::Input`], in one line, when the part's header is cut short or damaged.
    pub fn read<R: Read + Seek>(file: R, label: &str) -> Result<PartHeader, Error> {
        Ok(Part::open(label.to_string(), file)?.header)
    }
}

impl<F: Write + Send + 'static> PartWriter<F> {
    /// Writes the header of `header`'s part to `file`, with the numbering of `host`'s
    /// vertices that `solver` (set up for `host`) searches in, and returns the writer.
    ///
    /// # Errors
    /// Writing the file.
    pub fn create(
        mut file: F,
        header: &PartHeader,
        solver: &mut GameSolver,
        host: &Graph,
    ) -> std::io::Result<Self> {
        let back = crate::host_numbering(solver, host);
        let mut bytes = Vec::new();
        bytes.extend_from_slice(MAGIC);
        bytes.push(match header.game {
            GameKind::Node => 0,
            GameKind::Arc => 1,
        });
        bytes.extend(header.ranks.to_le_bytes());
        bytes.extend(header.rank.to_le_bytes());
        bytes.extend(header.run.to_le_bytes());
        let name = header.graph.trim().as_bytes();
        bytes.extend((name.len() as u32).to_le_bytes());
        bytes.extend_from_slice(name);
        bytes.extend((host.order() as u32).to_le_bytes());
        match &back {
            Some(back) => {
                bytes.push(1);
                for v in back {
                    bytes.extend(v.to_le_bytes());
                }
            }
            None => bytes.push(0),
        }
        file.write_all(&bytes)?;
        Ok(PartWriter {
            log: ProofLog::with_clock(file),
        })
    }

    /// The writer of a part that goes on from `point` ([`ResumePoint::of`]):
    /// `file` holds the part's first [`length`](ResumePoint::length) bytes and is
    /// positioned at their end. Its clock records go on from the last one (never back:
    /// the records of the run started again come after those of the run that was
    /// killed when the parts are merged), and a clock record comes first.
    pub fn resume(file: F, point: &ResumePoint) -> Self {
        PartWriter {
            log: ProofLog::resumed(file, point.records, point.bytes, point.clock),
        }
    }

    /// Flushes the records written so far to the file, then gives the file to `then`
    /// (to sync it), while the search goes on: after each save of the rank's memo, so
    /// that the part holds the records of what that save holds.
    ///
    /// # Errors
    /// Writing the part, or `then`'s.
    pub fn flush_with(
        &self,
        then: impl FnOnce(&mut F) -> std::io::Result<()>,
    ) -> std::io::Result<()> {
        self.log.flush_with(then)
    }

    /// The proof hook to give the solver for the search (take it off before
    /// [`finish`](Self::finish)).
    pub fn hook(&self) -> Arc<dyn ProofHook> {
        Arc::clone(&self.log) as Arc<dyn ProofHook>
    }

    /// Writes the footer (the records and bytes written, and `value`, the nimber when this
    /// rank's search ended with it) and flushes the part: its records and the file.
    ///
    /// # Errors
    /// The first error met writing the part, or the hook still held by a solver.
    pub fn finish(self, value: Option<u32>) -> std::io::Result<(u64, F)> {
        let log = Arc::try_unwrap(self.log)
            .map_err(|_| std::io::Error::other("the search kept its proof hook"))?;
        let (records, bytes, mut file) = log.finish()?;
        let mut footer = vec![FOOTER_TAG];
        footer.extend(records.to_le_bytes());
        footer.extend(bytes.to_le_bytes());
        footer.extend(value.unwrap_or(NO_VALUE).to_le_bytes());
        footer.extend_from_slice(END);
        file.write_all(&footer)?;
        file.flush()?;
        Ok((records, file))
    }
}

/// One item of a part's body.
enum Item {
    /// A record: its tag, heap, words per set and the sets' bytes.
    Record(u8, u8, usize, Vec<u8>),
    /// The footer: records, bytes and the value.
    Footer(u64, u64, u32),
}

/// A part opened for reading: its header, and its body's reader.
struct Part<F: Read> {
    label: String,
    header: PartHeader,
    order: usize,
    back: Option<Vec<u32>>,
    input: BufReader<F>,
    /// Where the body starts.
    body: u64,
}

fn cut(label: &str) -> Error {
    Error::Input(format!(
        "{label}: the part is cut short (its rank did not finish writing it)"
    ))
}

fn damaged(label: &str) -> Error {
    Error::Input(format!("{label}: not a part of a certificate (damaged)"))
}

/// Reads exactly `buf.len()` bytes, or says that the part `label` is cut short.
fn read_exact<F: Read>(input: &mut F, buf: &mut [u8], label: &str) -> Result<(), Error> {
    input.read_exact(buf).map_err(|e| match e.kind() {
        std::io::ErrorKind::UnexpectedEof => cut(label),
        _ => Error::Io(e),
    })
}

fn u32_of<F: Read>(input: &mut F, label: &str) -> Result<u32, Error> {
    let mut b = [0u8; 4];
    read_exact(input, &mut b, label)?;
    Ok(u32::from_le_bytes(b))
}

fn u64_of<F: Read>(input: &mut F, label: &str) -> Result<u64, Error> {
    let mut b = [0u8; 8];
    read_exact(input, &mut b, label)?;
    Ok(u64::from_le_bytes(b))
}

impl<F: Read + Seek> Part<F> {
    /// Reads the header of the part `file` (named `label` in errors).
    fn open(label: String, file: F) -> Result<Self, Error> {
        let mut input = BufReader::with_capacity(1 << 20, file);
        let mut magic = [0u8; 8];
        read_exact(&mut input, &mut magic, &label)?;
        if &magic != MAGIC {
            return Err(damaged(&label));
        }
        let mut game = [0u8; 1];
        read_exact(&mut input, &mut game, &label)?;
        let game = match game[0] {
            0 => GameKind::Node,
            1 => GameKind::Arc,
            _ => return Err(damaged(&label)),
        };
        let ranks = u32_of(&mut input, &label)?;
        let rank = u32_of(&mut input, &label)?;
        let run = u64_of(&mut input, &label)?;
        let len = u32_of(&mut input, &label)? as usize;
        if len > 1 << 20 {
            return Err(damaged(&label));
        }
        let mut name = vec![0u8; len];
        read_exact(&mut input, &mut name, &label)?;
        let graph = String::from_utf8(name).map_err(|_| damaged(&label))?;
        let order = u32_of(&mut input, &label)? as usize;
        let mut numbered = [0u8; 1];
        read_exact(&mut input, &mut numbered, &label)?;
        let back = match numbered[0] {
            0 => None,
            1 if order <= 1 << 16 => {
                let mut back = Vec::with_capacity(order);
                for _ in 0..order {
                    let v = u32_of(&mut input, &label)?;
                    if v as usize >= order {
                        return Err(damaged(&label));
                    }
                    back.push(v);
                }
                Some(back)
            }
            _ => return Err(damaged(&label)),
        };
        let body = input.stream_position()?;
        Ok(Part {
            label,
            header: PartHeader {
                game,
                graph,
                ranks,
                rank,
                run,
            },
            order,
            back,
            input,
            body,
        })
    }

    /// The next item of the body.
    fn next(&mut self) -> Result<Item, Error> {
        let label = &self.label;
        let mut tag = [0u8; 1];
        read_exact(&mut self.input, &mut tag, label)?;
        if tag[0] == FOOTER_TAG {
            let records = u64_of(&mut self.input, label)?;
            let bytes = u64_of(&mut self.input, label)?;
            let value = u32_of(&mut self.input, label)?;
            let mut end = [0u8; 8];
            read_exact(&mut self.input, &mut end, label)?;
            if &end != END {
                return Err(damaged(label));
            }
            return Ok(Item::Footer(records, bytes, value));
        }
        let mut head = [0u8; 2];
        read_exact(&mut self.input, &mut head, label)?;
        let [heap, k] = head;
        let (tag, k) = (tag[0], k as usize);
        if tag > CLOCK_TAG || k == 0 || k > 63 || (tag == CLOCK_TAG && k != 1) {
            return Err(damaged(label));
        }
        let count = k * if tag == 1 { 2 } else { 1 };
        let mut bytes = vec![0u8; count * 8 + 1];
        read_exact(&mut self.input, &mut bytes, label)?;
        if bytes.pop() != Some(k as u8 | tag << 6) {
            return Err(damaged(label));
        }
        Ok(Item::Record(tag, heap, k, bytes))
    }

    /// Reads the body to its footer, checking its records' framing and counts: the
    /// footer's value (None: the rank's search did not end with it).
    fn check_body(&mut self) -> Result<Option<u32>, Error> {
        let (mut records, mut bytes) = (0u64, 0u64);
        loop {
            match self.next()? {
                Item::Record(tag, _, k, _) => {
                    records += 1;
                    bytes += record_bytes(tag, k);
                }
                Item::Footer(r, b, value) => {
                    if (r, b) != (records, bytes) {
                        return Err(damaged(&self.label));
                    }
                    let mut rest = [0u8; 1];
                    if self.input.read(&mut rest)? != 0 {
                        return Err(Error::Input(format!(
                            "{}: bytes after the part's end (damaged)",
                            self.label
                        )));
                    }
                    return Ok((value != NO_VALUE).then_some(value));
                }
            }
        }
    }

    /// Checks that the part belongs to the search of `host` (named `name`) in `game`,
    /// and to the run `run` of `ranks` ranks (that of the part or run named `other`).
    fn fits(
        &self,
        host: &Graph,
        name: &str,
        game: GameKind,
        ranks: u32,
        run: u64,
        other: &str,
    ) -> Result<(), Error> {
        let (h, label) = (&self.header, &self.label);
        if h.game != game {
            return Err(Error::Input(format!(
                "{label}: a part of a {} Kayles search, not of {} Kayles",
                game_name(h.game),
                game_name(game)
            )));
        }
        if h.graph.trim() != name.trim() || self.order != host.order() {
            return Err(Error::Input(format!(
                "{label}: a part of the graph {}, not of {}",
                h.graph,
                name.trim()
            )));
        }
        if h.ranks != ranks || h.run != run {
            return Err(Error::Input(format!(
                "{label}: a part of another run than {other} (run {:016x} of {} ranks, \
                 against {run:016x} of {ranks})",
                h.run, h.ranks
            )));
        }
        Ok(())
    }

    /// Back to the first record.
    fn rewind(&mut self) -> Result<(), Error> {
        self.input.seek(SeekFrom::Start(self.body))?;
        Ok(())
    }
}

/// The parts of one run, checked to fit ([`PartSet::open`]).
pub struct PartSet<F: Read + Seek> {
    parts: Vec<Part<F>>,
    value: u32,
    run: u64,
}

impl<F: Read + Seek> PartSet<F> {
    /// Opens the parts `files` (each with a label for errors: its path) of the
    /// certificate of `host` named `name` in `game`, and checks that they fit: one part
    /// of each rank of the run (as many as the parts say the run had), each of the same
    /// run, graph and game, each whole (its records framed as written, its footer's
    /// counts met, nothing after it), and the value the ranks found agreeing. Nothing is
    /// written.
    ///
    /// # Errors
    /// [`Error::Input`], in one line, for the first part that does not fit; reading
    /// errors.
    pub fn open(
        host: &Graph,
        name: &str,
        game: GameKind,
        files: Vec<(String, F)>,
    ) -> Result<Self, Error> {
        let mut parts = Vec::new();
        for (label, file) in files {
            parts.push(Part::open(label, file)?);
        }
        let Some(first) = parts.first() else {
            return Err(Error::Input("no part to merge".into()));
        };
        let (ranks, run) = (first.header.ranks, first.header.run);
        let mut seen: Vec<Option<&str>> = vec![None; ranks as usize];
        for p in &parts {
            let (h, label) = (&p.header, &p.label);
            p.fits(host, name, game, ranks, run, &first.label)?;
            match seen.get_mut(h.rank as usize) {
                None => return Err(damaged(label)),
                Some(Some(other)) => {
                    return Err(Error::Input(format!(
                        "{label}: rank {}'s part is there twice (also {other})",
                        h.rank
                    )))
                }
                Some(slot) => *slot = Some(label),
            }
        }
        let missing: Vec<String> = (0..ranks as usize)
            .filter(|&r| seen[r].is_none())
            .map(|r| r.to_string())
            .collect();
        if !missing.is_empty() {
            return Err(Error::Input(format!(
                "the parts of rank {} of {ranks} are missing",
                missing.join(", ")
            )));
        }
        let mut value: Option<(u32, String)> = None;
        for p in &mut parts {
            let found = p.check_body()?;
            match (&value, found) {
                (Some((v, other)), Some(w)) if *v != w => {
                    return Err(Error::Input(format!(
                        "{}: its rank found the nimber {w}, and {other}'s {v}",
                        p.label
                    )))
                }
                (None, Some(w)) => value = Some((w, p.label.clone())),
                _ => {}
            }
            p.rewind()?;
        }
        let Some((value, _)) = value else {
            return Err(Error::Input(
                "no part has the nimber: no rank's search ended with it".into(),
            ));
        };
        parts.sort_by_key(|p| p.header.rank);
        Ok(PartSet { parts, value, run })
    }

    /// The nimber the ranks found.
    pub fn value(&self) -> u32 {
        self.value
    }

    /// The run's id.
    pub fn run(&self) -> u64 {
        self.run
    }

    /// Writes the certificate of `host` (named `name`) from the parts to `out`: their
    /// records merged into `scratch` (a file the caller removes afterwards, or memory)
    /// in the order they were concluded (by the parts' clock records, a rank's own
    /// records in their order), in the host's numbering, then the certificate written
    /// from that log as one process writes it ([`certify_from_log`]), `solver` (set up
    /// for `host`) asked for whatever no record covers.
    ///
    /// # Errors
    /// As [`certify_from_log`]; reading the parts and writing `scratch`.
    pub fn certify<W: Write + Send, S: Read + Write + Seek + Send>(
        mut self,
        host: &Graph,
        name: &str,
        solver: &mut GameSolver,
        out: W,
        scratch: S,
    ) -> Result<(W, Summary, SearchProofStats), Error> {
        let order = host.order();
        let words = order.div_ceil(64).max(1);
        // Each part's next record, with the time of the clock record before it.
        let mut clocks = vec![0u64; self.parts.len()];
        let mut next: Vec<Option<Timed>> = Vec::new();
        for (i, p) in self.parts.iter_mut().enumerate() {
            next.push(next_record(p, &mut clocks[i])?);
        }
        let mut merged = BufWriter::with_capacity(1 << 20, scratch);
        let (mut records, mut bytes) = (0u64, 0u64);
        let (mut set, mut option) = (Vec::new(), Vec::new());
        let mut record = Vec::new();
        while let Some(i) = (0..next.len())
            .filter(|&i| next[i].is_some())
            .min_by_key(|&i| next[i].as_ref().map(|r| r.clock))
        {
            let Timed {
                tag,
                heap,
                k,
                bytes: data,
                ..
            } = next[i].take().expect("a record");
            let back = self.parts[i].back.as_deref();
            read_set(&data, 0, k, order, back, &mut set, words);
            record.clear();
            record.extend([tag, heap, words as u8]);
            for w in &set {
                record.extend(w.to_le_bytes());
            }
            if tag == 1 {
                read_set(&data, k, k, order, back, &mut option, words);
                for w in &option {
                    record.extend(w.to_le_bytes());
                }
            }
            record.push(words as u8 | tag << 6);
            merged.write_all(&record)?;
            records += 1;
            bytes += record.len() as u64;
            next[i] = next_record(&mut self.parts[i], &mut clocks[i])?;
        }
        let mut scratch = merged.into_inner().map_err(|e| e.into_error())?;
        scratch.flush()?;
        let log = FromLog {
            file: scratch,
            records,
            bytes,
            back: None,
        };
        certify_from_log(host, name, self.value, solver, out, log)
    }
}

/// A record of a part with the time of the clock record before it.
struct Timed {
    clock: u64,
    tag: u8,
    heap: u8,
    k: usize,
    bytes: Vec<u8>,
}

/// The next record of `part` (its clock `clock` moved on by the clock records before
/// it), or None at its footer.
fn next_record<F: Read + Seek>(
    part: &mut Part<F>,
    clock: &mut u64,
) -> Result<Option<Timed>, Error> {
    loop {
        match part.next()? {
            Item::Footer(..) => return Ok(None),
            Item::Record(CLOCK_TAG, _, _, bytes) => {
                *clock = u64::from_le_bytes(bytes[..8].try_into().expect("a word"));
            }
            Item::Record(tag, heap, k, bytes) => {
                return Ok(Some(Timed {
                    clock: *clock,
                    tag,
                    heap,
                    k,
                    bytes,
                }))
            }
        }
    }
}

fn game_name(game: GameKind) -> &'static str {
    match game {
        GameKind::Node => "Node",
        GameKind::Arc => "Arc",
    }
}
