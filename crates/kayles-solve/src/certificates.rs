//! Certificates as the front ends write them (docs/certificates.md): one file for one
//! graph ([`PartFile`]: `kayles nimber --certificate FILE`,
//! `kayles.nimber(certificate=...)`), and a directory with one file per term of a
//! sequence ([`CertificateDir`]: `kayles seq --certificates DIR`), each named by its
//! term's family spec ([`file_name`]). Either is written whole or not at all (to
//! `FILE.part`, renamed when whole), so that a later run can skip the terms already
//! certified and a file with the final name is never cut short; a proof stopped on the
//! way goes on from its last save (`FILE.part.proof`).

use anyhow::{bail, Context, Result};
use kayles_cert::format::Header;
use kayles_cert::resume::{Checkpoint, Poll, ProofState};
use kayles_cert::search_wins::SearchWins;
use kayles_cert::Summary;
use kayles_core::game::GameSolver;
use kayles_core::GameKind;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The file name of the certificate of the graph named `spec` in `game`, in a
/// certificates directory: the spec with `:` and `,` written `_`, then `.cert`; Arc Kayles
/// certificates start with `arc_` (Node Kayles and Arc Kayles ones can share a directory).
///
/// ```
/// use kayles_core::GameKind;
/// use kayles_solve::certificates::file_name;
/// assert_eq!(file_name("grid:3x12", GameKind::Node), "grid_3x12.cert");
/// assert_eq!(file_name("petersen:12,2", GameKind::Node), "petersen_12_2.cert");
/// assert_eq!(file_name("grid:3x12", GameKind::Arc), "arc_grid_3x12.cert");
/// ```
pub fn file_name(spec: &str, game: GameKind) -> String {
    let stem: String = spec
        .trim()
        .chars()
        .map(|c| if c == ':' || c == ',' { '_' } else { c })
        .collect();
    match game {
        GameKind::Node => format!("{stem}.cert"),
        GameKind::Arc => format!("arc_{stem}.cert"),
    }
}

/// A directory of certificates, one per graph, named by [`file_name`]. A certificate is
/// written to `NAME.part` and renamed to `NAME` once complete: a file with the final name
/// is a whole certificate.
pub struct CertificateDir {
    dir: PathBuf,
    game: GameKind,
}

impl CertificateDir {
    /// The directory `dir` for certificates of `game`, created if missing.
    pub fn open(dir: &Path, game: GameKind) -> Result<CertificateDir> {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("creating the certificates directory {}", dir.display()))?;
        Ok(CertificateDir {
            dir: dir.to_path_buf(),
            game,
        })
    }

    /// The path of the certificate of the graph named `spec`.
    pub fn path(&self, spec: &str) -> PathBuf {
        self.dir.join(file_name(spec, self.game))
    }

    /// The value the certificate of `spec` claims, when the directory has it: read from
    /// its header, not checked (`kayles-check` checks it). A file there that is not a
    /// certificate of `spec` in this game is an error naming it.
    pub fn certified(&self, spec: &str) -> Result<Option<u32>> {
        self.certified_as(spec, spec)
    }

    /// [`certified`](Self::certified) for a certificate filed under another name than its
    /// graph's: `name` gives the path (a job of a split is filed as `job:17`), `graph` is
    /// what its header must name (the job's graph6 line).
    pub fn certified_as(&self, name: &str, graph: &str) -> Result<Option<u32>> {
        let (path, spec) = (self.path(name), graph);
        let file = match File::open(&path) {
            Ok(file) => file,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e).with_context(|| format!("opening {}", path.display())),
        };
        let header = Header::read(std::io::BufReader::new(file))
            .map_err(|e| anyhow::anyhow!("{}: not a certificate ({e})", path.display()))?;
        if header.graph != spec.trim() || header.game != self.game {
            bail!(
                "{} certifies {} on {}, not {} on {spec}",
                path.display(),
                header.game.title(),
                header.graph,
                self.game.title()
            );
        }
        Ok(Some(header.nimber))
    }

    /// Starts the certificate of `spec` (its `.part` file), before the search.
    pub fn start(&self, spec: &str) -> Result<PartFile> {
        PartFile::create(&self.path(spec))
    }
}

/// A certificate being written to `FILE.part` ([`part_path`]) and given its final name
/// `FILE` once whole: a file with the final name is a whole certificate, and a run killed
/// while it writes leaves only the `.part` file. The proof is resumable: its builder's
/// state is saved in `FILE.part.proof` ([`proof_path`]) now and then (every
/// [`ProofSaves::every`], and at once when [`ProofSaves::stop`] is raised), and a run that
/// finds a `.part` file with its `.proof` file goes on from that save (module
/// `kayles_cert::resume`) instead of from the start.
pub struct PartFile {
    /// `FILE`.
    path: PathBuf,
    /// `FILE.part`.
    part: PathBuf,
    /// The file written: `FILE.part`, or `FILE.part.next` when going on from a save
    /// (renamed to `FILE.part` at its first save, when it holds all that the saved part
    /// held).
    writing: PathBuf,
    file: File,
    /// The state to go on from.
    resume: Option<ProofState>,
}

/// When a resumable proof saves its state ([`PartFile`]).
#[derive(Debug, Clone)]
pub struct ProofSaves {
    /// The time between saves.
    pub every: Duration,
    /// When raised (by the handler of Ctrl-C or SIGTERM), the proof saves and stops.
    pub stop: Option<Arc<AtomicBool>>,
}

impl Default for ProofSaves {
    /// A save every ten minutes ([`SAVE_SECONDS`](crate::memo_file::SAVE_SECONDS)), no
    /// stop flag.
    fn default() -> Self {
        ProofSaves {
            every: Duration::from_secs(crate::memo_file::SAVE_SECONDS),
            stop: None,
        }
    }
}

/// Where the certificate that will be `path` is written until it is whole.
///
/// ```
/// use kayles_solve::certificates::part_path;
/// assert_eq!(part_path("out/q8.cert".as_ref()), std::path::Path::new("out/q8.cert.part"));
/// ```
pub fn part_path(path: &Path) -> PathBuf {
    suffixed(path, ".part")
}

/// Where the proof state of the certificate that will be `path` is saved.
///
/// ```
/// use kayles_solve::certificates::proof_path;
/// assert_eq!(proof_path("q8.cert".as_ref()), std::path::Path::new("q8.cert.part.proof"));
/// ```
pub fn proof_path(path: &Path) -> PathBuf {
    suffixed(path, ".part.proof")
}

/// Where a run that goes on from a saved proof writes the certificate that will be
/// `path` until its first save (then renamed to the [`part_path`]).
pub fn next_path(path: &Path) -> PathBuf {
    suffixed(path, ".part.next")
}

pub(crate) fn suffixed(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

impl PartFile {
    /// Starts the certificate `path`, before the search: goes on from a saved proof when
    /// `path`'s `.part` and `.proof` files are there, else creates (or truncates) the
    /// `.part` file. `path` is an output file as [`output_file`](crate::output_file)
    /// says: a symbolic link is followed (the file it names is written, beside it), and
    /// a folder, a device or a read-only file is refused before anything is created.
    ///
    /// # Errors
    /// A file that cannot be written, or a saved proof state that is damaged (the message
    /// says which files to delete to start again).
    pub fn create(path: &Path) -> Result<PartFile> {
        let path = &crate::output_file::resolve(path)?;
        let (part, proof) = (part_path(path), proof_path(path));
        let resume = if part.exists() && proof.exists() {
            let state = File::open(&proof)
                .map_err(anyhow::Error::from)
                .and_then(|f| Ok(ProofState::read(f)?))
                .with_context(|| restart_hint(&proof, &part))?;
            Some(state)
        } else {
            // What a stopped run may have left without its pair.
            remove_if_there(&[&proof, &next_path(path)])?;
            None
        };
        let writing = if resume.is_some() {
            next_path(path)
        } else {
            part.clone()
        };
        // A new file, never one a link there names (it is this program's own file: what
        // was there is stale, and removing it removes a link, not what it names).
        remove_if_there(&[&writing])?;
        let file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&writing)
            .with_context(|| format!("creating {}", writing.display()))?;
        Ok(PartFile {
            path: path.to_path_buf(),
            part,
            writing,
            file,
            resume,
        })
    }

    /// Whether the proof starts afresh (no saved proof to go on from).
    pub fn is_fresh(&self) -> bool {
        self.resume.is_none()
    }

    /// Searches the nimber of `graph` named `name` with `solver` (set up for it, on one
    /// thread) and writes its certificate from the search's own proof tree
    /// (`kayles_cert::search_proof`; the tree streamed to `FILE.part.log`, removed at
    /// the end), then gives the file its final name. Not resumable (a run killed midway
    /// starts the certificate again; with `--memo-file` its search is the memo's).
    ///
    /// # Errors
    /// As [`write`](Self::write).
    pub fn write_by_search(
        self,
        graph: &kayles_core::Graph,
        name: &str,
        solver: &mut GameSolver,
    ) -> Result<(Summary, PathBuf)> {
        let PartFile {
            path,
            writing,
            file,
            ..
        } = self;
        let log = suffixed(&writing, ".log");
        let out = BufWriter::new(file);
        // A new file, never one a link there names (as the part file: PartFile::create).
        let written = remove_if_there(&[&log])
            .and_then(|()| {
                std::fs::OpenOptions::new()
                    .read(true)
                    .write(true)
                    .create_new(true)
                    .open(&log)
                    .with_context(|| format!("creating {}", log.display()))
            })
            .and_then(|log_file| {
                kayles_cert::search_proof::certify_by_search(graph, name, solver, out, log_file)
                    .with_context(|| format!("writing {}", path.display()))
            });
        let _ = std::fs::remove_file(&log);
        let finished = written.and_then(|(out, summary, _)| {
            put_in_place(out, &writing, &path)?;
            Ok(summary)
        });
        match finished {
            Ok(summary) => Ok((summary, path)),
            Err(e) => {
                let _ = std::fs::remove_file(&writing);
                Err(e)
            }
        }
    }

    /// Writes the certificate of the graph `graph` named `name` (a family spec or graph6:
    /// the name `kayles-check` is given) from `solver`, which has just searched it with
    /// the set-up its name implies (its memo answers the proof's questions), saving the
    /// proof's state as `saves` says; gives it its final name and returns the summary and
    /// that path. `wins`: the search's winning moves, when they were kept
    /// ([`SearchWins`], the solver's proof hook during its search).
    pub fn write(
        self,
        graph: &kayles_core::Graph,
        name: &str,
        solver: &mut GameSolver,
        saves: &ProofSaves,
        wins: Option<&SearchWins>,
    ) -> Result<(Summary, PathBuf)> {
        let PartFile {
            path,
            part,
            writing,
            file,
            resume,
        } = self;
        let proof = proof_path(&path);
        let mut checkpoint = FileCheckpoint {
            saves: saves.clone(),
            last: Instant::now(),
            file: file
                .try_clone()
                .with_context(|| format!("opening {}", writing.display()))?,
            writing: writing.clone(),
            part: part.clone(),
            proof: proof.clone(),
        };
        let mut written = match resume {
            Some(_) => {
                Some(File::open(&part).with_context(|| format!("opening {}", part.display()))?)
            }
            None => None,
        };
        let from = match (written.as_mut(), resume) {
            (Some(w), Some(state)) => Some((w as &mut (dyn std::io::Read + Send), state)),
            _ => None,
        };
        let resumable = kayles_cert::Resumable {
            checkpoint: &mut checkpoint,
            from,
        };
        let resuming = resumable.from.is_some();
        let out = BufWriter::new(file);
        let written =
            match kayles_cert::certify_with_solver(graph, name, solver, out, Some(resumable), wins)
            {
                Ok(written) => Ok(written),
                Err(e @ kayles_cert::Error::Input(_)) if resuming => {
                    Err(e).with_context(|| restart_hint(&proof, &part))
                }
                Err(e) => Err(e).with_context(|| format!("writing {}", path.display())),
            };
        let writing = checkpoint.writing;
        let finished = written.and_then(|(out, summary)| {
            put_in_place(out, &writing, &path)?;
            Ok(summary)
        });
        let summary = match finished {
            Ok(summary) => summary,
            Err(e) => {
                // Nothing to go on from without a saved proof: the file written is
                // removed (a full disk leaves no half certificate behind). With a save,
                // the `.part` and `.proof` files stay for the next run.
                if writing != part || !proof.exists() {
                    let _ = std::fs::remove_file(&writing);
                }
                return Err(e);
            }
        };
        remove_if_there(&[&proof, &part])?;
        Ok((summary, path))
    }
}

/// The table of the search's winning moves for the graph `graph` named `name` (a family
/// spec gives the host symmetry its keys use), to be `solver`'s proof hook while it
/// searches `graph` (the solver set up for it already, `SearchOptions::prepare`: its
/// renumbering of the host is read here) and handed to [`PartFile::write`] after.
pub fn search_wins(
    graph: &kayles_core::Graph,
    name: &str,
    solver: &mut GameSolver,
) -> Arc<SearchWins> {
    let symmetry = crate::graphs::family_symmetry(name);
    let back = kayles_cert::host_numbering(solver, graph);
    Arc::new(SearchWins::new(graph, solver.game(), symmetry, back))
}

/// Sets [`search_wins`]' table as `solver`'s proof hook when a search of its game keeps
/// its winning moves ([`keeps_search_wins`]), and returns it; else `None`, no hook set.
/// The caller searches `graph`, then takes the hook off (`set_proof_hook(None)`).
///
/// On any number of threads (each tells the table the nodes it won). A run with a memo
/// file keeps the table beside it ([`crate::wins_file`], through
/// [`Nimbers::nimber_with_certificate_and_memo_file`](crate::route::Nimbers::nimber_with_certificate_and_memo_file)),
/// so that a resumed run's proof has the moves its memo was saved without
/// (docs/certificates.md, "The search's winning moves kept across a resume").
pub fn hook_search_wins(
    graph: &kayles_core::Graph,
    name: &str,
    solver: &mut GameSolver,
) -> Option<Arc<SearchWins>> {
    if !keeps_search_wins(solver.game()) {
        return None;
    }
    let wins = search_wins(graph, name, solver);
    solver.set_proof_hook(Some(wins.clone()));
    Some(wins)
}

/// Whether a search of `game` keeps its winning moves ([`search_wins`]) for the proof
/// of its certificate: in Arc Kayles, where the builder's witness search was half its
/// time and the search's moves cut the certificate's run by a tenth to a third; not in
/// Node Kayles, where the builder finds its witnesses cheaply among values it knows and
/// the table cost the search more than it saved (docs/certificates.md, "Measurements",
/// the third cut on Cram).
pub fn keeps_search_wins(game: kayles_core::GameKind) -> bool {
    game == kayles_core::GameKind::Arc
}

/// Removes each of `files` that exists.
pub(crate) fn remove_if_there(files: &[&Path]) -> Result<()> {
    for file in files {
        match std::fs::remove_file(file) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                return Err(e).with_context(|| format!("removing {}", file.display()))
            }
            _ => {}
        }
    }
    Ok(())
}

/// The context of an error with a saved proof: which files to delete to start again.
fn restart_hint(proof: &Path, part: &Path) -> String {
    format!(
        "going on from the saved proof {} (delete it and {} to start the certificate again)",
        proof.display(),
        part.display()
    )
}

/// A proof's checkpoints in files: the certificate written so far is synced to disk, then
/// the state is written to `FILE.part.proof.tmp` and renamed to `FILE.part.proof`, so
/// that a `.proof` file is always whole and never says more than its `.part` file holds.
struct FileCheckpoint {
    saves: ProofSaves,
    last: Instant,
    /// The certificate's file (another handle), to sync.
    file: File,
    writing: PathBuf,
    part: PathBuf,
    proof: PathBuf,
}

impl Checkpoint for FileCheckpoint {
    fn poll(&mut self) -> Poll {
        if self
            .saves
            .stop
            .as_ref()
            .is_some_and(|stop| stop.load(Ordering::Relaxed))
        {
            Poll::SaveAndStop
        } else if self.last.elapsed() >= self.saves.every {
            Poll::Save
        } else {
            Poll::Go
        }
    }

    fn save(
        &mut self,
        _: kayles_cert::Sizes,
        state: &mut dyn FnMut(&mut dyn Write) -> std::io::Result<()>,
    ) -> std::io::Result<()> {
        self.file.sync_data()?;
        if self.writing != self.part {
            // It holds all that the saved part held, and more.
            std::fs::rename(&self.writing, &self.part)?;
            self.writing = self.part.clone();
        }
        let tmp = suffixed(&self.proof, ".tmp");
        let saved = File::create(&tmp).and_then(|file| {
            let mut out = BufWriter::new(file);
            state(&mut out)?;
            let out = out.into_inner().map_err(|e| e.into_error())?;
            out.sync_data()?;
            std::fs::rename(&tmp, &self.proof)
        });
        if saved.is_err() {
            // A save that failed (a full disk) leaves no `.proof.tmp` behind; the last
            // whole `.proof` file, if any, is still the one to go on from.
            let _ = std::fs::remove_file(&tmp);
        }
        saved?;
        self.last = Instant::now();
        Ok(())
    }
}

/// Flushes the finished certificate `out` to disk and moves it from `writing` to `path`.
pub(crate) fn put_in_place(mut out: BufWriter<File>, writing: &Path, path: &Path) -> Result<()> {
    out.flush()
        .and_then(|()| out.get_ref().sync_all())
        .with_context(|| format!("writing {}", path.display()))?;
    drop(out);
    std::fs::rename(writing, path).with_context(|| format!("writing {}", path.display()))
}
