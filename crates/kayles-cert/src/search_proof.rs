//! Certificates written from the outcome search's own proof tree (docs/certificates.md,
//! "Written by the search"): the search tells a [`ProofLog`] (its proof hook) every node it
//! concludes, children before parents, and the log streams them to a file; the facts are
//! then written from that file in its order ([`ProofBuilder::learn_loss`],
//! [`ProofBuilder::learn_win`]), the search's memo asked only for what its tree does not
//! cover (the leaf's and the tables' answers, known pieces, reductions, mirror positions,
//! what an earlier run left in a loaded memo).

use crate::builder::ProofBuilder;
use crate::format::Header;
use crate::mirror::Mirrors;
use crate::oracle::SolverOracle;
use crate::represent::{Dedup, Representatives};
use crate::writer::CertificateWriter;
use crate::{Error, Summary, DEFAULT_COMPUTED};
use kayles_core::engine::proof::{Concluded, ProofHook};
use kayles_core::game::GameSolver;
use kayles_core::Graph;
use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::Path;
use std::sync::{Arc, Mutex};

/// The search's proof hook: each concluded node as a record of a file (a tag byte, 0 for
/// a loss and 1 for a win by an option, the heap, the number of words `k`, then `k`
/// little-endian words of the component and, for a win, `k` of the option).
pub struct ProofLog {
    out: Mutex<LogState>,
}

struct LogState {
    file: BufWriter<File>,
    records: u64,
    bytes: u64,
    error: Option<std::io::Error>,
}

impl ProofLog {
    /// A log written to `path` (created, or emptied).
    ///
    /// # Errors
    /// When the file cannot be created.
    pub fn create(path: &Path) -> std::io::Result<Arc<Self>> {
        let file = BufWriter::with_capacity(1 << 20, File::create(path)?);
        Ok(Arc::new(ProofLog {
            out: Mutex::new(LogState {
                file,
                records: 0,
                bytes: 0,
                error: None,
            }),
        }))
    }

    /// Flushes the log: its records and bytes, or the first write error.
    ///
    /// # Errors
    /// The first error met writing the log.
    pub fn finish(&self) -> std::io::Result<(u64, u64)> {
        let mut state = self.out.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(e) = state.error.take() {
            return Err(e);
        }
        state.file.flush()?;
        Ok((state.records, state.bytes))
    }
}

impl ProofHook for ProofLog {
    fn concluded(&self, component: &[u64], heap: u8, how: Concluded<'_>) {
        let mut state = self.out.lock().unwrap_or_else(|p| p.into_inner());
        if state.error.is_some() {
            return;
        }
        let k = component.len() as u8;
        let mut record = Vec::with_capacity(3 + 16 * component.len());
        let option = match how {
            Concluded::Loss => {
                record.push(0);
                None
            }
            Concluded::WinByOption(option) => {
                record.push(1);
                Some(option)
            }
        };
        record.extend([heap, k]);
        for w in component.iter().chain(option.into_iter().flatten()) {
            record.extend(w.to_le_bytes());
        }
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
    /// The log's bytes.
    pub log_bytes: u64,
    /// Questions the builder put to the search's memo for what the tree did not cover.
    pub oracle_queries: u64,
}

/// Searches the nimber of `host` (named `name`: graph6 or a family spec) with `solver`
/// (its configuration as it is: one thread for the hook to be told anything; the
/// outcome method), its proof tree streamed to the file `log` (removed at the end), then
/// writes the certificate from that tree to `out`. Components that have a mirror strategy
/// (`kayles_cert::mirror`) are not searched.
///
/// # Errors
/// The search's, the log's and the output's errors; [`Error::Inconsistent`] when the tree
/// contradicts itself (a bug).
pub fn certify_by_search<W: Write + Send>(
    host: &Graph,
    name: &str,
    solver: &mut GameSolver,
    out: W,
    log: &Path,
) -> Result<(W, Summary, SearchProofStats), Error> {
    let game = solver.game();
    let all = host.vertices();
    let mirrors = Mirrors::new(host, name);
    let proof_log = ProofLog::create(log)?;
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
    let logged = proof_log.finish();
    drop(proof_log);
    let result = searched.and_then(|()| {
        let (concluded, log_bytes) = logged?;
        let header = Header {
            game,
            graph: name.trim().to_string(),
            nimber,
            computed: DEFAULT_COMPUTED,
        };
        let back = solver.internal_order(host).map(|perm| {
            let mut back = vec![0u32; perm.len()];
            for (v, &i) in perm.iter().enumerate() {
                back[i] = v as u32;
            }
            back
        });
        kayles_core::stack::on_stack(kayles_core::stack::DEEP, || {
            let writer = CertificateWriter::new(out, &header)?;
            let mut oracle = SolverOracle::new(solver, host);
            let reps = Representatives::new(Dedup::Canonical, None);
            let mut builder =
                ProofBuilder::new(host, game, &mut oracle, reps, DEFAULT_COMPUTED, writer)
                    .with_mirrors(mirrors);
            replay(&mut builder, log, host.order(), back.as_deref())?;
            let root = builder.prove_root(&all)?;
            let (out, sizes) = builder.finish(&root)?;
            let stats = SearchProofStats {
                concluded,
                log_bytes,
                oracle_queries: oracle.queries,
            };
            Ok((
                out,
                Summary {
                    nimber,
                    sizes,
                    resumed_from: None,
                },
                stats,
            ))
        })
    });
    let _ = std::fs::remove_file(log);
    result
}

/// Feeds the records of the log file `path` to `builder`, in their order; `back` maps
/// the search's vertex numbers to the host's when it renumbered them.
fn replay<O: crate::Oracle, W: Write>(
    builder: &mut ProofBuilder<'_, O, W>,
    path: &Path,
    order: usize,
    back: Option<&[u32]>,
) -> Result<(), Error> {
    let mut input = BufReader::with_capacity(1 << 20, File::open(path)?);
    let mut head = [0u8; 3];
    let mut words = Vec::new();
    loop {
        match input.read_exact(&mut head) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => return Ok(()),
            Err(e) => return Err(e.into()),
        }
        let [tag, heap, k] = head;
        let count = k as usize * if tag == 1 { 2 } else { 1 };
        words.resize(count * 8, 0);
        input.read_exact(&mut words)?;
        let word = |i: usize| u64::from_le_bytes(words[i * 8..i * 8 + 8].try_into().unwrap());
        let set = |from: usize| -> Vec<u32> {
            let mut vs = Vec::new();
            for i in 0..k as usize {
                let mut w = word(from + i);
                while w != 0 {
                    let v = i * 64 + w.trailing_zeros() as usize;
                    w &= w - 1;
                    if v < order {
                        vs.push(back.map_or(v as u32, |b| b[v]));
                    }
                }
            }
            vs.sort_unstable();
            vs
        };
        let comp = set(0);
        match tag {
            0 => builder.learn_loss(&comp, u32::from(heap))?,
            _ => builder.learn_win(&comp, u32::from(heap), &set(k as usize))?,
        }
    }
}
