//! The search's winning moves saved beside its memo file (`MEMO.wins`): a certificate run
//! with `--memo-file` keeps, with the memo, the table of the moves its search won by
//! ([`SearchWins`], the proof's first witnesses), so that a run killed and started again
//! gives its proof the moves of the first run as well as its memo. Without them the
//! resumed proof asks the memo what the moves answered in the first run, and the memo
//! holds less of that (docs/certificates.md, "The search's winning moves kept across a
//! resume").
//!
//! The file is the memo file's container ([`memo_file`](crate::memo_file)): one zstd
//! frame with its checksum, a line `kayles-memo-wins`, the memo file's header (the game,
//! the graph, its name, so the host symmetry the moves are filed under, and the memo's
//! keys) with this layout's version, then the table's words (u64, little-endian, never
//! 0), a word 0 and their number (u64). It is written beside its path and renamed over
//! it at every save of the memo and at the end. Nothing in it is trusted (the builder
//! proves every move it tries, and the checker the certificate), so a file that is
//! damaged or of another search is not an error: the run goes on without its moves and
//! the next save replaces it ([`MemoEvent::WinsIgnored`](crate::route::MemoEvent)).
//!
//! ```
//! use kayles_core::GameKind;
//! use kayles_solve::certificates::search_wins;
//! use kayles_solve::config::SearchOptions;
//! use kayles_solve::graphs::Named;
//! use kayles_solve::memo_file::MemoFile;
//! use kayles_solve::wins_file::WinsFile;
//! let path = std::env::temp_dir().join(format!("kayles-wins-doc-{}", std::process::id()));
//! let grid = Named::parse("grid:3x8").unwrap();
//! let options = SearchOptions::default();
//! let mut solver = options.solver_for(GameKind::Arc, Some(&grid.name));
//! let wins = search_wins(&grid.graph, &grid.name, &mut solver);
//! solver.set_proof_hook(Some(wins.clone()));
//! solver.nimber(&grid.graph).unwrap();
//! let memo = MemoFile::new(&path, GameKind::Arc, &grid, &solver.config());
//! let file = WinsFile::beside(&memo);
//! let saved = file.save(&wins).unwrap();
//! assert!(saved.entries > 0);
//! // A fresh table, loaded, holds the same moves.
//! let mut fresh = options.solver_for(GameKind::Arc, Some(&grid.name));
//! let again = search_wins(&grid.graph, &grid.name, &mut fresh);
//! assert_eq!(file.load(&again).unwrap(), Some(saved.entries));
//! assert_eq!(again.words().len() as u64, saved.entries);
//! # std::fs::remove_file(file.path()).unwrap();
//! ```

use crate::memo_file::{
    check_end, finish_frame, open_frame, read_array, start_frame, Header, MemoFile, Saved,
};
use crate::output_file::OutputFile;
use anyhow::{anyhow, ensure, Context, Result};
use kayles_cert::search_wins::{SearchWins, MAX_SLOTS_LOG};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The first line of a winning-moves file.
const MAGIC: &str = "kayles-memo-wins";

/// The version of the layout written here (the words' layout is
/// [`SearchWins::words`]'s).
const FORMAT: u32 = 1;

/// What the file is called where its header names it.
const KIND: &str = "winning-moves file";

/// The winning-moves file of one search, beside its memo file.
pub struct WinsFile {
    path: PathBuf,
    header: Header,
}

impl WinsFile {
    /// The file beside `memo` (its path with `.wins` added), of the same search.
    pub fn beside(memo: &MemoFile) -> Self {
        let mut path = memo.path().as_os_str().to_owned();
        path.push(".wins");
        WinsFile {
            path: PathBuf::from(path),
            header: memo.header(FORMAT),
        }
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes every move of `wins` (which may be in use by a running search) to a file
    /// beside the path, then renames it over the path.
    pub fn save(&self, wins: &SearchWins) -> Result<Saved> {
        let file = OutputFile::create(&self.path).map_err(|e| {
            anyhow!(
                "cannot write the {KIND} {}: {}",
                self.path.display(),
                e.root_cause()
            )
        })?;
        let words = wins.words();
        let mut encoder = start_frame(file, MAGIC, &self.header)?;
        let entries = words.len() as u64;
        let written = words
            .iter()
            .chain([&0, &entries])
            .try_for_each(|word| encoder.write_all(&word.to_le_bytes()));
        written.with_context(|| format!("writing {}", self.path.display()))?;
        let bytes = finish_frame(encoder, &self.path)?;
        Ok(Saved { entries, bytes })
    }

    /// Loads the file into `wins`: the number of moves, or `None` when there is no file.
    /// A file of another search, or one cut short or damaged, is an error, and nothing is
    /// added.
    pub fn load(&self, wins: &SearchWins) -> Result<Option<u64>> {
        let Some(mut reader) = open_frame(&self.path, MAGIC, KIND, &self.header)? else {
            return Ok(None);
        };
        let path = self.path.display();
        let mut words = Vec::new();
        loop {
            match u64::from_le_bytes(read_array(&mut reader, &path)?) {
                0 => break,
                word => words.push(word),
            }
            // A table holds no more (a damaged file is not read into memory whole).
            ensure!(
                words.len() <= 1 << MAX_SLOTS_LOG,
                "{path}: damaged (more moves than a table holds)"
            );
        }
        let count = u64::from_le_bytes(read_array(&mut reader, &path)?);
        ensure!(
            count == words.len() as u64,
            "{path}: damaged ({} moves where its end mark says {count})",
            words.len()
        );
        check_end(&mut reader, &path)?;
        wins.load(&words);
        Ok(Some(count))
    }
}
