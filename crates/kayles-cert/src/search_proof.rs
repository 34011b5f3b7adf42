//! Certificates written from the outcome search's own proof tree (docs/certificates.md,
//! "Written by the search"): the search tells a [`ProofLog`] (its proof hook) every node it
//! concludes, children before parents, and the log streams them to a file; the facts are
//! then written from that file in its order ([`ProofBuilder::learn_loss`],
//! [`ProofBuilder::learn_win`]), the search's memo asked only for what its tree does not
//! cover (the leaf's and the tables' answers, known pieces, reductions, mirror positions,
//! what an earlier run left in a loaded memo).

use crate::bitset::{self, Adjacency};
use crate::builder::{moves_of, ProofBuilder};
use crate::format::Header;
use crate::mirror::Mirrors;
use crate::oracle::SolverOracle;
use crate::represent::{Dedup, Representatives};
use crate::writer::CertificateWriter;
use crate::{default_table_order, Error, Summary, DEFAULT_COMPUTED};
use kayles_core::canonical::mix;
use kayles_core::engine::proof::{Concluded, ProofHook};
use kayles_core::game::GameSolver;
use kayles_core::Graph;
use std::io::{BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::sync::{Arc, Mutex};

/// The search's proof hook: each concluded node as a record of a file (a tag byte, 0 for
/// a loss and 1 for a win by an option, the heap, the number of words `k`, then `k`
/// little-endian words of the component and, for a win by an option, `k` of the option,
/// then a trailer byte, `k` with the tag in its two high bits, so that the file can be
/// read from its end; tag 2 is a win by a heap move, with the component alone; tag 3, in
/// a log made [`with_clock`](Self::with_clock) only, a clock record).
pub struct ProofLog<F: Write> {
    out: Mutex<LogState<F>>,
}

struct LogState<F: Write> {
    file: BufWriter<F>,
    records: u64,
    bytes: u64,
    error: Option<std::io::Error>,
    /// With clock records ([`ProofLog::with_clock`]): the time of the last one written.
    clock: Option<u64>,
    /// The least time a clock record may say (a resumed log's last clock record's: the
    /// clock never goes back across a resume, [`ProofLog::resumed`]).
    floor: u64,
}

/// The tag of a clock record: one word, the wall-clock time in nanoseconds since the Unix
/// epoch; the records after it were concluded at or after that time.
pub(crate) const CLOCK_TAG: u8 = 3;

/// A clock record is written before a record concluded at least this many nanoseconds
/// after the last clock record.
const CLOCK_STEP_NS: u64 = 20_000;

/// The wall-clock time in nanoseconds since the Unix epoch (0 before it).
pub(crate) fn wall_clock_ns() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

impl<F: Write + Send> ProofLog<F> {
    /// A log written to `file` (the caller's: a file it removes afterwards, or memory).
    pub fn new(file: F) -> Arc<Self> {
        Arc::new(ProofLog {
            out: Mutex::new(LogState {
                file: BufWriter::with_capacity(1 << 20, file),
                records: 0,
                bytes: 0,
                error: None,
                clock: None,
                floor: 0,
            }),
        })
    }

    /// A log written to `file` with clock records among its records (tag 3: the
    /// wall-clock time, written before a record concluded at least 20 microseconds after
    /// the last one), so that the logs of several processes can be merged in the order
    /// their records were concluded (`crate::search_parts`).
    pub fn with_clock(file: F) -> Arc<Self> {
        let log = Self::new(file);
        log.out.lock().unwrap_or_else(|p| p.into_inner()).clock = Some(0);
        log
    }

    /// A log with clock records ([`with_clock`](Self::with_clock)) that goes on after
    /// `records` records of `bytes` bytes already in `file` (a part resumed after its
    /// run was killed: `crate::search_parts`), its clock never going back before `clock`,
    /// the last clock record's time. A clock record comes before its first record.
    pub fn resumed(file: F, records: u64, bytes: u64, clock: u64) -> Arc<Self> {
        let log = Self::new(file);
        {
            let mut state = log.out.lock().unwrap_or_else(|p| p.into_inner());
            state.records = records;
            state.bytes = bytes;
            state.clock = Some(0);
            state.floor = clock;
        }
        log
    }

    /// Flushes the records written so far to the file, then gives the file to `then`
    /// (to sync it, say), while the search goes on: a part is flushed after each save of
    /// its rank's memo, so that it holds the records of what that save holds.
    ///
    /// # Errors
    /// The first error met writing the log, or `then`'s.
    pub fn flush_with(
        &self,
        then: impl FnOnce(&mut F) -> std::io::Result<()>,
    ) -> std::io::Result<()> {
        let mut state = self.out.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(e) = &state.error {
            return Err(std::io::Error::new(e.kind(), e.to_string()));
        }
        state.file.flush()?;
        then(state.file.get_mut())
    }

    /// Flushes the log: its records and bytes, and the file, or the first write error.
    ///
    /// # Errors
    /// The first error met writing the log.
    pub fn finish(self) -> std::io::Result<(u64, u64, F)> {
        let state = self.out.into_inner().unwrap_or_else(|p| p.into_inner());
        if let Some(e) = state.error {
            return Err(e);
        }
        let file = state.file.into_inner().map_err(|e| e.into_error())?;
        Ok((state.records, state.bytes, file))
    }
}

impl<F: Write + Send> ProofHook for ProofLog<F> {
    fn concluded(&self, component: &[u64], heap: u8, how: Concluded<'_>) {
        let mut state = self.out.lock().unwrap_or_else(|p| p.into_inner());
        if state.error.is_some() {
            return;
        }
        let k = component.len() as u8;
        let mut record = Vec::with_capacity(15 + 3 + 16 * component.len());
        if let Some(last) = state.clock {
            let now = wall_clock_ns().max(state.floor);
            if now >= last + CLOCK_STEP_NS {
                state.clock = Some(now);
                record.extend([CLOCK_TAG, 0, 1]);
                record.extend(now.to_le_bytes());
                record.push(1 | CLOCK_TAG << 6);
                state.records += 1;
            }
        }
        let start = record.len();
        let option = match how {
            Concluded::Loss => {
                record.push(0);
                None
            }
            Concluded::WinByOption(option) => {
                record.push(1);
                Some(option)
            }
            Concluded::WinByHeap => {
                record.push(2);
                None
            }
        };
        record.extend([heap, k]);
        for w in component.iter().chain(option.into_iter().flatten()) {
            record.extend(w.to_le_bytes());
        }
        // The trailer, for the pass from the end: `k`, and the tag in the high bits.
        record.push(k | record[start] << 6);
        state.records += 1;
        state.bytes += record.len() as u64;
        if let Err(e) = state.file.write_all(&record) {
            state.error = Some(e);
        }
    }
}

/// What [`certify_by_search`] did besides the certificate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchProofStats {
    /// Nodes the search concluded (the log's records).
    pub concluded: u64,
    /// Of those, the records the root's proof may need, fed to the builder.
    pub marked: u64,
    /// The log's bytes.
    pub log_bytes: u64,
    /// Questions the builder put to the search's memo for what the tree did not cover.
    pub oracle_queries: u64,
}

/// Searches the nimber of `host` (named `name`: graph6 or a family spec) with `solver`
/// (its configuration as it is, on any number of threads: every thread tells the hook;
/// the outcome method), its proof tree streamed to `log` (a file the caller opened for
/// reading and writing, and removes afterwards; or memory), then writes the certificate
/// from that tree to `out`. Components that have a mirror strategy
/// (`kayles_cert::mirror`) are not searched.
///
/// # Errors
/// The search's, the log's and the output's errors; [`Error::Inconsistent`] when the tree
/// contradicts itself (a bug).
pub fn certify_by_search<W: Write + Send, F: Read + Write + Seek + Send + 'static>(
    host: &Graph,
    name: &str,
    solver: &mut GameSolver,
    out: W,
    log: F,
) -> Result<(W, Summary, SearchProofStats), Error> {
    let all = host.vertices();
    let mirrors = Mirrors::new(host, name);
    let proof_log = ProofLog::new(log);
    solver.set_proof_hook(Some(proof_log.clone()));
    let mut nimber = 0;
    let searched = (|| -> Result<(), Error> {
        for comp in host.components(&all) {
            let list: Vec<u32> = comp.iter().map(|v| v as u32).collect();
            if mirrors.of(host, &list).is_none() {
                nimber ^= solver.nimber_of_subset(host, &comp)?;
            }
        }
        Ok(())
    })();
    solver.set_proof_hook(None);
    let logged = Arc::try_unwrap(proof_log)
        .map_err(|_| Error::Inconsistent("the search kept its proof hook".into()))
        .and_then(|log| Ok(log.finish()?));
    searched.and_then(|()| {
        let (concluded, log_bytes, log) = logged?;
        let back = crate::host_numbering(solver, host);
        let log = FromLog {
            file: log,
            records: concluded,
            bytes: log_bytes,
            back: back.as_deref(),
        };
        certify_from_log(host, name, nimber, solver, out, log)
    })
}

/// A proof log to write a certificate from ([`certify_from_log`]).
pub struct FromLog<'a, F> {
    /// The log's file (records as [`ProofLog`] writes them, children before parents).
    pub file: F,
    /// Its records.
    pub records: u64,
    /// Its bytes.
    pub bytes: u64,
    /// The host's vertex of each vertex number of the log, when the search renumbered
    /// the host (None: the host's own numbering).
    pub back: Option<&'a [u32]>,
}

/// Writes the certificate that `host` (named `name`) has the nimber `nimber` to `out`
/// from the records of `log` (what a search concluded, children before parents): the
/// records the root's proof may need are marked by a pass from the end, fed to the
/// proof builder in their order, and whatever no record covers is asked of `solver`
/// (set up for `host`: after its search, or a fresh one). The checker verifies the result
/// whatever the log holds.
///
/// # Errors
/// The log's, the solver's and the output's errors; [`Error::Inconsistent`] when the log
/// contradicts the solver.
pub fn certify_from_log<W: Write + Send, F: Read + Seek + Send>(
    host: &Graph,
    name: &str,
    nimber: u32,
    solver: &mut GameSolver,
    out: W,
    log: FromLog<'_, F>,
) -> Result<(W, Summary, SearchProofStats), Error> {
    let game = solver.game();
    let all = host.vertices();
    let FromLog {
        file: mut log,
        records: concluded,
        bytes: log_bytes,
        back,
    } = log;
    let log = &mut log;
    let header = Header {
        version: match default_table_order(game) {
            0 => crate::format::VERSION,
            _ => crate::format::TABLE_VERSION,
        },
        game,
        graph: name.trim().to_string(),
        nimber,
        computed: DEFAULT_COMPUTED,
    };
    let mirrors = Mirrors::new(host, name);
    kayles_core::stack::on_stack(kayles_core::stack::DEEP, || {
        let writer = CertificateWriter::new(out, &header)?;
        let mut oracle = SolverOracle::new(solver, host);
        let reps = Representatives::new(Dedup::Canonical, None);
        let mut builder =
            ProofBuilder::new(host, game, &mut oracle, reps, DEFAULT_COMPUTED, writer)
                .with_mirrors(mirrors)
                .with_tables(default_table_order(game));
        let needed = mark_needed(host, game, log, concluded, back)?;
        let marked: u64 = needed.0.iter().map(|w| u64::from(w.count_ones())).sum();
        replay(&mut builder, log, host.order(), back, &needed)?;
        let root = builder.prove_root(&all)?;
        let witnesses = Some(builder.witnesses);
        let (out, sizes) = builder.finish(&root)?;
        let stats = SearchProofStats {
            concluded,
            marked,
            log_bytes,
            oracle_queries: oracle.queries,
        };
        Ok((
            out,
            Summary {
                nimber,
                sizes,
                resumed_from: None,
                witnesses,
                wins: None,
            },
            stats,
        ))
    })
}

/// Feeds the records of the log file `path` that `needed` marks to `builder`, in their
/// order; `back` maps the search's vertex numbers to the host's when it renumbered them.
fn replay<O: crate::Oracle, W: Write, F: Read + Seek>(
    builder: &mut ProofBuilder<'_, O, W>,
    path: &mut F,
    order: usize,
    back: Option<&[u32]>,
    needed: &Marks,
) -> Result<(), Error> {
    let words = order.div_ceil(64).max(1);
    let mut set = Vec::new();
    for_each_record(path, |index, tag, heap, k, bytes| {
        if !needed.get(index) {
            return Ok(());
        }
        read_set(bytes, 0, k, order, back, &mut set, words);
        let comp = bitset::vertices(&set);
        match tag {
            0 => builder.learn_loss(&comp, u32::from(heap)),
            2 => Ok(()),
            _ => {
                read_set(bytes, k, k, order, back, &mut set, words);
                builder.learn_win(&comp, u32::from(heap), &bitset::vertices(&set))
            }
        }
    })
}

/// One bit per record of the log.
pub(crate) struct Marks(Vec<u64>);

impl Marks {
    fn new(records: u64) -> Self {
        Marks(vec![0; (records as usize).div_ceil(64)])
    }
    fn set(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
    fn get(&self, i: usize) -> bool {
        self.0.get(i / 64).is_some_and(|w| w >> (i % 64) & 1 == 1)
    }
}

/// The signature of the connected position `set` ([`Adjacency::signature`]): isomorphic
/// positions have the same one (what the search's memo found under a symmetry or
/// canonical key is a copy of what was proved); positions that are not may share one (a
/// record taken for nothing).
fn signature(adj: &Adjacency, set: &[u64], degree: &mut [u32]) -> u64 {
    adj.signature(set, &bitset::vertices(set), degree)
}

/// Reads the log `path` from its start: `f(index, tag, heap, k, words)` for each
/// record, `words` its `k` (or `2k`) words as bytes.
fn for_each_record<F: Read + Seek>(
    path: &mut F,
    mut f: impl FnMut(usize, u8, u8, usize, &[u8]) -> Result<(), Error>,
) -> Result<(), Error> {
    path.seek(SeekFrom::Start(0))?;
    let mut input = BufReader::with_capacity(1 << 20, path);
    let mut head = [0u8; 3];
    let mut words = Vec::new();
    let mut index = 0;
    loop {
        match input.read_exact(&mut head) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => return Ok(()),
            Err(e) => return Err(e.into()),
        }
        let [tag, heap, k] = head;
        let count = k as usize * if tag == 1 { 2 } else { 1 };
        words.resize(count * 8 + 1, 0);
        input.read_exact(&mut words)?;
        f(index, tag, heap, k as usize, &words[..count * 8])?;
        index += 1;
    }
}

/// The set of the `k` words at word `from` of `bytes`, as the host's words (`words` of
/// them), mapped through `back`.
pub(crate) fn read_set(
    bytes: &[u8],
    from: usize,
    k: usize,
    order: usize,
    back: Option<&[u32]>,
    out: &mut Vec<u64>,
    words: usize,
) {
    out.clear();
    out.resize(words, 0);
    for i in 0..k {
        let b = 8 * (from + i);
        let mut w = u64::from_le_bytes(bytes[b..b + 8].try_into().unwrap());
        while w != 0 {
            let v = i * 64 + w.trailing_zeros() as usize;
            w &= w - 1;
            if v < order {
                let v = back.map_or(v, |b| b[v] as usize);
                out[v / 64] |= 1 << (v % 64);
            }
        }
    }
}

/// The key of a demand for an EQ fact about a position of signature `sig`.
fn eq_demand(sig: u64) -> u64 {
    mix(sig ^ 0x1_0000_0000)
}

/// The key of a demand for an NE fact "not `w`" about a position of signature `sig`.
fn ne_demand(sig: u64, w: u32) -> u64 {
    mix(sig ^ u64::from(w) << 40 ^ 0x2_0000_0000)
}

/// The records of the log that the root's proof may need. A first pass from the start
/// files the value each loss proved under its component's signature ([`signature`]); a
/// pass from the end (parents come after their children) then follows the proof down:
/// the host's components need EQ facts; a needed loss `C + *h` needs, for every move, EQ
/// facts for the components of its result whose values are filed and an NE fact "not
/// `h` xor those" for the one that is not (the one the search searched with the heap);
/// a needed win needs EQ facts for the components of its witness's result (components of
/// at most the checker's computed size aside). A loss record meets an EQ demand of its
/// signature, a win at `h` an NE demand "not `h`". The first record of each node (set,
/// heap, tag) met from the end is followed; the others are marked too (the builder
/// writes the earliest, and skips the rest). A signature shared by positions that are
/// not isomorphic only marks a record for nothing, or leaves one to the builder's
/// oracle: the checker verifies whatever is written.
fn mark_needed<F: Read + Seek>(
    host: &Graph,
    game: kayles_core::GameKind,
    path: &mut F,
    records: u64,
    back: Option<&[u32]>,
) -> Result<Marks, Error> {
    let adj = Adjacency::new(host);
    let order = host.order();
    let words = order.div_ceil(64).max(1);
    let mut degree = vec![0u32; order];
    let mut set = Vec::new();
    // Pass 1: values by signature.
    let mut values: hashbrown::HashMap<u64, (u32, usize)> = hashbrown::HashMap::new();
    for_each_record(path, |index, tag, heap, k, bytes| {
        if tag == 0 {
            read_set(bytes, 0, k, order, back, &mut set, words);
            values
                .entry(signature(&adj, &set, &mut degree))
                .or_insert((u32::from(heap), index));
        }
        Ok(())
    })?;
    let mut small = kayles_core::leaves::small::SmallSolver::default();
    let mut wanted: hashbrown::HashSet<u64> = hashbrown::HashSet::new();
    let mut expanded: hashbrown::HashSet<u64> = hashbrown::HashSet::new();
    let mut marks = Marks::new(records);
    for comp in host.components(&host.vertices()) {
        let list: Vec<u32> = comp.iter().map(|v| v as u32).collect();
        wanted.insert(eq_demand(signature(&adj, &adj.set(&list), &mut degree)));
    }
    // What the result `after` of a move needs, when the node it is a move of is `h`
    // (None: a witness's result, all exact).
    let mut want = |after: Vec<u64>,
                    h: Option<u32>,
                    at: usize,
                    wanted: &mut hashbrown::HashSet<u64>,
                    degree: &mut [u32]| {
        let mut xor = 0;
        let mut open: Vec<(usize, u64)> = Vec::new();
        for c in adj.components(after) {
            if c.len() <= DEFAULT_COMPUTED {
                let rows = adj.induced::<u64>(&c);
                xor ^= u32::from(match game {
                    kayles_core::GameKind::Node => small.node_kayles(&rows),
                    kayles_core::GameKind::Arc => small.arc_kayles(&rows),
                });
                continue;
            }
            let sig = signature(&adj, &adj.set(&c), degree);
            // Known when a loss before this record proved it (the builder knows it then).
            match (h, values.get(&sig).filter(|(_, first)| *first < at)) {
                (Some(_), Some(&(v, _))) => {
                    xor ^= v;
                    wanted.insert(eq_demand(sig));
                }
                (Some(_), None) => open.push((c.len(), sig)),
                (None, _) => {
                    wanted.insert(eq_demand(sig));
                }
            }
        }
        if let Some(h) = h {
            match open.as_slice() {
                [] => {}
                [(_, sig)] => {
                    wanted.insert(ne_demand(*sig, h ^ xor));
                }
                _ => {
                    for (_, sig) in open {
                        wanted.insert(eq_demand(sig));
                    }
                }
            }
        }
    };
    let file = path;
    let mut end = file.seek(SeekFrom::End(0))?;
    // The file's bytes [start, end) in `buf`.
    let mut buf: Vec<u8> = Vec::new();
    let mut start = end;
    let mut index = records as usize;
    const CHUNK: u64 = 1 << 20;
    let mut option = Vec::new();
    while end > 0 {
        if end - start < 1 + 3 + 8 * 2 * 128 && start > 0 {
            let from = start.saturating_sub(CHUNK);
            let mut chunk = vec![0u8; (start - from) as usize];
            file.seek(SeekFrom::Start(from))?;
            file.read_exact(&mut chunk)?;
            chunk.extend_from_slice(&buf[..(end - start) as usize]);
            buf = chunk;
            start = from;
        }
        let at = |pos: u64| (pos - start) as usize;
        let trailer = buf[at(end - 1)];
        let (k, tag) = ((trailer & 0x3f) as usize, trailer >> 6);
        let len = 3 + 8 * k * if tag == 1 { 2 } else { 1 } + 1;
        if (end - start) < len as u64 || index == 0 {
            return Err(Error::Inconsistent("the proof log is damaged".into()));
        }
        let record_start = end - len as u64;
        index -= 1;
        let record = &buf[at(record_start)..at(end - 1)];
        let heap = u32::from(record[1]);
        let bytes = &record[3..];
        read_set(bytes, 0, k, order, back, &mut set, words);
        let sig = signature(&adj, &set, &mut degree);
        let demand = if tag == 0 {
            eq_demand(sig)
        } else {
            ne_demand(sig, heap)
        };
        // A win by a heap move is proved by the EQ fact of the value below.
        if tag == 2 {
            if wanted.contains(&demand) {
                wanted.insert(eq_demand(sig));
            }
            end = record_start;
            continue;
        }
        if wanted.contains(&demand) {
            marks.set(index);
            let node = set
                .iter()
                .fold(mix(u64::from(heap) << 1 | u64::from(tag)), |h, &w| {
                    mix(h ^ w)
                });
            if expanded.insert(node) {
                if tag == 1 {
                    read_set(bytes, k, k, order, back, &mut option, words);
                    want(option.clone(), None, index, &mut wanted, &mut degree);
                } else {
                    for (_, after) in moves_of(&adj, game, &set) {
                        want(after, Some(heap), index, &mut wanted, &mut degree);
                    }
                }
            }
        }
        end = record_start;
    }
    if index != 0 {
        return Err(Error::Inconsistent("the proof log is damaged".into()));
    }
    Ok(marks)
}
