//! Saved memos (`kayles nimber --memo-file`): a long search's shared memo written to a file
//! now and then while it runs, and read back when the search is started again, so that a
//! killed run resumes with what it had learnt instead of from nothing (docs/scale-out.md).
//!
//! Every entry of a memo is a fact about its component (a nimber, or heaps `h` with
//! `C + *h` a win), true whenever it is read, so a file written during a search is
//! right however the search ends. Host-symmetry keys are vertex sets of one host under its
//! family's symmetry, so a file serves the search it was written by only: its header names
//! the game, the graph (graph6 and name) and the memo's keys, and a file of another search
//! is refused.
//!
//! The file is one zstd frame (with its checksum): a line `kayles-memo`, a line of JSON (the
//! header), then the entries, each a table byte (0 codes, 1 host-symmetry keys), the code's
//! length in words (u16), its words (u64) and the record (u32), little-endian, and an end
//! mark (the byte 255 and the number of entries, u64). A file is written beside its path
//! and renamed over it ([`output_file`](crate::output_file)), so the path always holds a
//! whole memo; a link is followed, and a device or a folder is refused. The container (the
//! frame, the two lines, their checks) also carries the search's winning moves saved
//! beside a certificate run's memo ([`wins_file`](crate::wins_file)).
//!
//! ```
//! use kayles_core::GameKind;
//! use kayles_solve::config::SearchOptions;
//! use kayles_solve::graphs::Named;
//! use kayles_solve::memo_file::MemoFile;
//! let path = std::env::temp_dir().join(format!("kayles-memo-doc-{}", std::process::id()));
//! let grid = Named::parse("grid:3x10").unwrap();
//! let options = SearchOptions::default();
//! let mut solver = options.solver(GameKind::Arc);
//! options.prepare(&mut solver, Some(&grid.name));
//! let value = solver.nimber(&grid.graph).unwrap();
//! let file = MemoFile::new(&path, GameKind::Arc, &grid, &solver.config());
//! let saved = file.save(&solver.memo_handle()).unwrap();
//! // A fresh solver, loaded, answers from the memo.
//! let mut fresh = options.solver(GameKind::Arc);
//! options.prepare(&mut fresh, Some(&grid.name));
//! assert_eq!(file.load(&fresh.memo_handle()).unwrap(), Some(saved.entries));
//! assert_eq!(fresh.nimber(&grid.graph).unwrap(), value);
//! assert!(fresh.stats().positions < solver.stats().positions / 10);
//! # std::fs::remove_file(&path).unwrap();
//! ```

use crate::graphs::Named;
use crate::lines::Lines;
use crate::output_file::OutputFile;
use crate::Choice;
use anyhow::{anyhow, bail, ensure, Context, Result};
use kayles_core::engine::{MemoCounts, MemoHandle, MemoTable, Record, SearchConfig};
use kayles_core::{graph6, GameKind};
use serde::{Deserialize, Serialize};
use std::fs::File;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};

/// Seconds between two saves of a long search's state when the user does not say: its
/// memo file (`--memo-save-seconds`, `memo_save_seconds=`) and a certificate's proof
/// ([`ProofSaves`](crate::certificates::ProofSaves)).
pub const SAVE_SECONDS: u64 = 600;

/// The first line of a memo file.
const MAGIC: &str = "kayles-memo";

/// The version of the layout written here.
const FORMAT: u32 = 1;

/// The table byte of the end mark.
const END: u8 = 255;

/// The longest header line read (the header names a graph in graph6).
const MAX_HEADER_LINE: usize = crate::lines::MAX_LINE;

/// The first four bytes of every zstd frame (RFC 8878), so of every memo file.
const ZSTD_MAGIC: [u8; 4] = [0x28, 0xb5, 0x2f, 0xfd];

/// What a memo file is a memo of: a file serves the search that wrote it only.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Header {
    format: u32,
    game: String,
    /// The graph, in graph6.
    graph: String,
    /// Its name (a family spec names the host symmetry the keys are taken under).
    name: String,
    memo_key: String,
    canonical_max_order: usize,
}

impl std::fmt::Display for Header {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} {} (memo key {}, canonical max order {})",
            self.game, self.name, self.memo_key, self.canonical_max_order
        )
    }
}

/// A memo file for one search.
pub struct MemoFile {
    path: PathBuf,
    header: Header,
}

/// What a save wrote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Saved {
    /// Entries written.
    pub entries: u64,
    /// Bytes of the file.
    pub bytes: u64,
}

impl MemoFile {
    /// The memo file at `path` of the search of `graph` in `game` under `config` (the
    /// solver's configuration once it is prepared for the graph: its memo key and canonical
    /// order name what the keys are).
    pub fn new(path: &Path, game: GameKind, graph: &Named, config: &SearchConfig) -> Self {
        MemoFile {
            path: path.to_path_buf(),
            header: Header {
                format: FORMAT,
                game: game.name().to_string(),
                graph: graph6::write(&graph.graph),
                name: graph.name.clone(),
                memo_key: config.memo_key.name().to_string(),
                canonical_max_order: config.canonical_max_order,
            },
        }
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Fails unless a save can create its file (before a long search, not after it): the
    /// path is an output file ([`crate::output_file::resolve`]) and a file can be made
    /// beside it.
    pub fn check_writable(&self) -> Result<()> {
        drop(self.create()?);
        Ok(())
    }

    /// The output file a save writes ([`OutputFile`]), its error naming the memo file.
    fn create(&self) -> Result<OutputFile> {
        OutputFile::create(&self.path).map_err(|e| {
            anyhow!(
                "cannot write the memo file {}: {}",
                self.path.display(),
                e.root_cause()
            )
        })
    }

    /// Writes every entry of `memo` (which may be in use by a running search) to a file
    /// beside the path, then renames it over the path.
    pub fn save(&self, memo: &MemoHandle) -> Result<Saved> {
        let file = self.create()?;
        let partial = file.temporary().to_path_buf();
        let mut encoder = start_frame(file, MAGIC, &self.header)?;
        let mut entries = 0u64;
        let mut failed = None;
        memo.for_each_entry(|table, code, record| {
            if failed.is_some() {
                return;
            }
            if let Err(e) = write_entry(&mut encoder, table, code, record) {
                failed = Some(e);
            }
            entries += 1;
        });
        if let Some(e) = failed {
            return Err(e).with_context(|| format!("cannot write {}", partial.display()));
        }
        let path = self.path.display();
        encoder
            .write_all(&[END])
            .and_then(|()| encoder.write_all(&entries.to_le_bytes()))
            .with_context(|| format!("writing {path}"))?;
        let bytes = finish_frame(encoder, &self.path)?;
        Ok(Saved { entries, bytes })
    }

    /// What the file's header says it is a memo of (the game, the graph, the memo's
    /// keys), under the layout version `format`: the header of a file kept beside it for
    /// the same search ([`wins_file`](crate::wins_file)).
    pub(crate) fn header(&self, format: u32) -> Header {
        Header {
            format,
            ..self.header.clone()
        }
    }

    /// Loads the file into `memo`: the number of entries, or `None` when there is no file
    /// yet. A file of another search, or one cut short or damaged, is an error, and
    /// nothing is added. The file is read twice: once to check it whole and count its
    /// entries, so that the memo makes room for them first ([`MemoHandle::reserve`]: the
    /// entries come in the saved tables' order, which a table that doubles on the way
    /// takes in time growing with the square of their number), then to add them.
    pub fn load(&self, memo: &MemoHandle) -> Result<Option<u64>> {
        let mut counts = MemoCounts::default();
        let Some(entries) = self.read(|table, code, _| counts.add(table, code))? else {
            return Ok(None);
        };
        memo.reserve(&counts);
        self.read(|table, code, record| memo.insert(table, code, record))?;
        Ok(Some(entries))
    }

    /// Reads the file, giving `f` each entry, and checks it whole (its header is this
    /// search's, its end mark, its checksum): the number of entries, or `None` when there
    /// is no file.
    fn read(&self, mut f: impl FnMut(MemoTable, &[u64], Record)) -> Result<Option<u64>> {
        let Some(mut reader) = open_frame(&self.path, MAGIC, "memo file", &self.header)? else {
            return Ok(None);
        };
        let path = self.path.display();
        let mut entries = 0u64;
        let mut code = Vec::new();
        loop {
            let table = match read_array::<1>(&mut reader, &path)?[0] {
                0 => MemoTable::Codes,
                1 => MemoTable::Symmetric,
                END => break,
                other => bail!("{path}: damaged (table byte {other})"),
            };
            let len = u16::from_le_bytes(read_array(&mut reader, &path)?) as usize;
            code.clear();
            for _ in 0..len {
                code.push(u64::from_le_bytes(read_array(&mut reader, &path)?));
            }
            let record = Record::from_bits(u32::from_le_bytes(read_array(&mut reader, &path)?));
            f(table, &code, record);
            entries += 1;
        }
        let count = u64::from_le_bytes(read_array(&mut reader, &path)?);
        ensure!(
            count == entries,
            "{path}: damaged ({entries} entries where its end mark says {count})"
        );
        check_end(&mut reader, &path)?;
        Ok(Some(entries))
    }
}

/// A file being written in the memo file's container: one zstd frame with its checksum.
pub(crate) type FrameWriter = zstd::Encoder<'static, OutputFile>;

/// A file being read in the memo file's container.
pub(crate) type FrameReader = BufReader<zstd::Decoder<'static, BufReader<File>>>;

/// Starts a file in the memo file's container in `file` (written beside its path): the
/// frame, the line `magic`, the header in a line of JSON.
pub(crate) fn start_frame(file: OutputFile, magic: &str, header: &Header) -> Result<FrameWriter> {
    let mut encoder = zstd::Encoder::new(file, 1)?;
    encoder.include_checksum(true)?;
    writeln!(encoder, "{magic}")?;
    writeln!(encoder, "{}", serde_json::to_string(header)?)?;
    Ok(encoder)
}

/// Ends the frame `encoder` writes and renames its file over `path`: the file's bytes.
pub(crate) fn finish_frame(encoder: FrameWriter, path: &Path) -> Result<u64> {
    let shown = path.display();
    let file = encoder
        .finish()
        .with_context(|| format!("writing {shown}"))?;
    let target = file.target().to_path_buf();
    file.commit()?;
    Ok(std::fs::metadata(&target)
        .with_context(|| format!("reading {shown}"))?
        .len())
}

/// Opens the file at `path` in the memo file's container (a `kind`: "memo file") and
/// checks its first line (`magic`) and its header (`expected`'s search and layout):
/// the reader of what follows, or `None` when there is no file.
pub(crate) fn open_frame(
    path: &Path,
    magic: &str,
    kind: &str,
    expected: &Header,
) -> Result<Option<FrameReader>> {
    let file = match File::open(path) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
    };
    let path = path.display();
    // A file that opens as a zstd frame is a file of this container, and one that then
    // cannot be read to its first line was cut short or damaged; one that does not is
    // another kind of file.
    let mut file = BufReader::new(file);
    let zstd_frame = file
        .fill_buf()
        .map(|start| start.starts_with(&ZSTD_MAGIC))
        .with_context(|| format!("cannot read {path}"))?;
    ensure!(zstd_frame, "{path} is not a kayles {kind}");
    let decoder = zstd::Decoder::with_buffer(file)
        .with_context(|| format!("{path}: cut short or damaged (not a whole zstd frame)"))?;
    let mut reader = BufReader::new(decoder);
    // The two text lines, each bounded (a damaged file is not read into memory whole).
    let mut lines = Lines::with_max(&mut reader, path.to_string(), MAX_HEADER_LINE);
    let not_ours = || format!("{path}: cut short or damaged (its first line cannot be read)");
    let first = lines
        .next_line()
        .with_context(not_ours)?
        .map(|l| l.text == magic);
    ensure!(first == Some(true), "{path} is not a kayles {kind}");
    let line = lines
        .next_line()
        .with_context(|| format!("{path}: the {kind}'s header is damaged"))?
        .map(|l| l.text.to_string())
        .unwrap_or_default();
    let header: Header = serde_json::from_str(&line)
        .with_context(|| format!("{path}: the {kind}'s header is damaged"))?;
    ensure!(
        header.format == expected.format,
        "{path}: {kind} format {} (this build reads {})",
        header.format,
        expected.format
    );
    if header != *expected {
        let what = if kind == "memo file" { "memo" } else { kind };
        bail!(
            "{path} is the {what} of {header}, not of this search ({expected}): give another file"
        );
    }
    Ok(Some(reader))
}

/// Reads `reader` to its end, so that the frame's checksum is checked, and fails if
/// anything follows the end mark.
pub(crate) fn check_end(reader: &mut impl Read, path: &impl std::fmt::Display) -> Result<()> {
    let mut rest = Vec::new();
    reader
        .read_to_end(&mut rest)
        .with_context(|| format!("{path}: damaged (its checksum does not match)"))?;
    ensure!(
        rest.is_empty(),
        "{path}: damaged (bytes after its end mark)"
    );
    Ok(())
}

fn write_entry(out: &mut impl Write, table: MemoTable, code: &[u64], record: Record) -> Result<()> {
    let table = match table {
        MemoTable::Codes => 0u8,
        MemoTable::Symmetric => 1,
    };
    let len = u16::try_from(code.len()).context("a memo code longer than 65535 words")?;
    out.write_all(&[table])?;
    out.write_all(&len.to_le_bytes())?;
    for word in code {
        out.write_all(&word.to_le_bytes())?;
    }
    out.write_all(&record.to_bits().to_le_bytes())?;
    Ok(())
}

/// The next `N` bytes of `reader`, or an error naming `path` as cut short.
pub(crate) fn read_array<const N: usize>(
    reader: &mut impl Read,
    path: &impl std::fmt::Display,
) -> Result<[u8; N]> {
    let mut bytes = [0u8; N];
    reader
        .read_exact(&mut bytes)
        .with_context(|| format!("{path}: cut short or damaged (no end mark)"))?;
    Ok(bytes)
}
