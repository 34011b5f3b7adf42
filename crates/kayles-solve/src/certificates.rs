//! Certificates as the front ends write them (docs/certificates.md): one file for one
//! graph ([`PartFile`]: `kayles nimber --certificate FILE`,
//! `kayles.nimber(certificate=...)`), and a directory with one file per term of a
//! sequence ([`CertificateDir`]: `kayles seq --certificates DIR`), each named by its
//! term's family spec ([`file_name`]). Either is written whole or not at all (to
//! `FILE.part`, renamed when whole), so that a later run can skip the terms already
//! certified and a file with the final name is never cut short.

use anyhow::{bail, Context, Result};
use kayles_cert::format::Header;
use kayles_cert::Summary;
use kayles_core::game::GameSolver;
use kayles_core::GameKind;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

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

/// A certificate file, created before the search that it certifies (so that a path that
/// cannot be written fails at once, not after the search), written after it.
pub struct CertificateFile {
    path: PathBuf,
    file: File,
}

impl CertificateFile {
    /// Creates (or truncates) the file at `path`.
    pub fn create(path: &Path) -> Result<CertificateFile> {
        let file = File::create(path).with_context(|| format!("creating {}", path.display()))?;
        Ok(CertificateFile {
            path: path.to_path_buf(),
            file,
        })
    }

    /// Writes the certificate of the graph `graph` named `name` (a family spec or graph6:
    /// the name `kayles-check` is given) from `solver`, which has just searched it with
    /// the set-up its name implies (its memo answers the proof's questions).
    pub fn write(
        self,
        graph: &kayles_core::Graph,
        name: &str,
        solver: &mut GameSolver,
    ) -> Result<Summary> {
        let path = self.path;
        let out = BufWriter::new(self.file);
        let (mut out, summary) = kayles_cert::certify_with_solver(graph, name, solver, out)
            .with_context(|| format!("writing {}", path.display()))?;
        out.flush()
            .with_context(|| format!("writing {}", path.display()))?;
        Ok(summary)
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
        let path = self.path(spec);
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
                game_name(header.game),
                header.graph,
                game_name(self.game)
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
/// while it writes leaves only the `.part` file.
pub struct PartFile {
    file: CertificateFile,
    part: PathBuf,
    path: PathBuf,
}

/// Where the certificate that will be `path` is written until it is whole.
///
/// ```
/// use kayles_solve::certificates::part_path;
/// assert_eq!(part_path("out/q8.cert".as_ref()), std::path::Path::new("out/q8.cert.part"));
/// ```
pub fn part_path(path: &Path) -> PathBuf {
    let mut part = path.as_os_str().to_owned();
    part.push(".part");
    PathBuf::from(part)
}

impl PartFile {
    /// Creates (or truncates) `path`'s `.part` file, before the search.
    pub fn create(path: &Path) -> Result<PartFile> {
        let part = part_path(path);
        Ok(PartFile {
            file: CertificateFile::create(&part)?,
            part,
            path: path.to_path_buf(),
        })
    }

    /// Writes the certificate (as [`CertificateFile::write`]) and gives it its final
    /// name; returns the summary and that path.
    pub fn write(
        self,
        graph: &kayles_core::Graph,
        name: &str,
        solver: &mut GameSolver,
    ) -> Result<(Summary, PathBuf)> {
        let summary = self.file.write(graph, name, solver)?;
        std::fs::rename(&self.part, &self.path)
            .with_context(|| format!("renaming {}", self.part.display()))?;
        Ok((summary, self.path))
    }
}

fn game_name(game: GameKind) -> &'static str {
    match game {
        GameKind::Node => "Node Kayles",
        GameKind::Arc => "Arc Kayles",
    }
}
