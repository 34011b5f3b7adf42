//! The one way an output file is written (jobs files and manifests, memo files, plots and
//! pictures, certificates, results and terms files): only a regular file, or a path where
//! nothing is yet, is the programs' to write.
//!
//! - A symbolic link is followed (through links to links) to the file it names, which is
//!   written; the link stays a link ([`resolve`]).
//! - A folder, a device node (`/dev/full`, `/dev/null`), a FIFO or a socket is refused
//!   with one line "... is not a regular file", before anything is computed or created,
//!   and so is a read-only file. Outputs are files, never streams: results go to standard
//!   output, and a plot or a picture is a file beside them.
//! - A file written whole ([`OutputFile`], [`write()`]) is written to a new file beside its
//!   target (`TARGET.PID.tmp`), synced, and renamed over the target only when whole; on
//!   any failure (a full disk) the temporary file is removed, the target is left as it was,
//!   and the error is one line.
//! - A file appended to ([`open_append`]: results and terms files) is opened in place.
//!
//! ```
//! use kayles_solve::output_file;
//! let dir = std::env::temp_dir().join(format!("kayles-output-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! let (real, link) = (dir.join("real.txt"), dir.join("link.txt"));
//! std::os::unix::fs::symlink("real.txt", &link).unwrap();
//! output_file::write(&link, b"hello\n").unwrap();
//! assert_eq!(std::fs::read(&real).unwrap(), b"hello\n");
//! assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
//! let err = output_file::write("/dev/null".as_ref(), b"x").unwrap_err();
//! assert_eq!(err.to_string(), "/dev/null is not a regular file (a character device)");
//! let err = output_file::write(&dir, b"x").unwrap_err();
//! assert!(err.to_string().ends_with("is a folder, not a regular file"));
//! # std::fs::remove_dir_all(&dir).unwrap();
//! ```

use anyhow::{bail, Context, Result};
use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Write};
use std::os::unix::fs::FileTypeExt;
use std::path::{Path, PathBuf};

/// Symbolic links followed before giving up (as the kernel's limit).
const MAX_LINKS: usize = 40;

/// The file an output named `path` writes: `path`, or the file a symbolic link there names
/// (through links to links). Refuses, with one line naming `path`, what is not the
/// programs' to write: a folder, a device node, a FIFO, a socket, a read-only file, a
/// loop of links. A path where nothing is (yet) is returned as it is.
///
/// # Errors
/// The refusals above, and a path whose kind cannot be read.
pub fn resolve(path: &Path) -> Result<PathBuf> {
    if path.as_os_str().is_empty() {
        bail!("an empty path names no file");
    }
    // What the path names, through every link (`/dev/stdout`'s links into /proc too).
    if let Ok(meta) = std::fs::metadata(path) {
        check_kind(&path.display().to_string(), &meta)?;
    }
    let mut real = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        let meta = match std::fs::symlink_metadata(&real) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(real),
            Err(e) => return Err(e).with_context(|| format!("cannot write {}", path.display())),
            Ok(meta) => meta,
        };
        if meta.file_type().is_symlink() {
            let target = std::fs::read_link(&real)
                .with_context(|| format!("cannot read the link {}", real.display()))?;
            real = match real.parent() {
                Some(dir) => dir.join(target),
                None => target,
            };
            continue;
        }
        let shown = if real == path {
            path.display().to_string()
        } else {
            format!("{} (a link to {})", path.display(), real.display())
        };
        check_kind(&shown, &meta)?;
        return Ok(real);
    }
    bail!("{}: too many levels of symbolic links", path.display())
}

/// Refuses what is not a regular file the programs may write (`shown` names it).
fn check_kind(shown: &str, meta: &std::fs::Metadata) -> Result<()> {
    let kind = meta.file_type();
    if kind.is_dir() {
        bail!("{shown} is a folder, not a regular file");
    }
    if !kind.is_file() {
        let what = if kind.is_char_device() {
            "a character device"
        } else if kind.is_block_device() {
            "a block device"
        } else if kind.is_fifo() {
            "a FIFO"
        } else if kind.is_socket() {
            "a socket"
        } else {
            "not a file"
        };
        bail!("{shown} is not a regular file ({what})");
    }
    if meta.permissions().readonly() {
        bail!("{shown} is read-only; it is left as it is");
    }
    Ok(())
}

/// A file written whole: to a new file beside its target, renamed over the target by
/// [`commit`](Self::commit) once whole and synced. Dropped without a commit (an error on
/// the way), the new file is removed and the target is as it was.
pub struct OutputFile {
    /// The path as given (for messages).
    shown: PathBuf,
    /// The file the rename replaces ([`resolve`]).
    target: PathBuf,
    /// The file written.
    tmp: PathBuf,
    file: Option<BufWriter<File>>,
}

impl OutputFile {
    /// Starts the output file `path` ([`resolve`]d): creates the temporary file beside its
    /// target.
    ///
    /// # Errors
    /// A refused path, or a temporary file that cannot be created (a missing folder).
    pub fn create(path: &Path) -> Result<OutputFile> {
        let target = resolve(path)?;
        let (tmp, file) =
            create_beside(&target).with_context(|| format!("cannot write {}", path.display()))?;
        Ok(OutputFile {
            shown: path.to_path_buf(),
            target,
            tmp,
            file: Some(BufWriter::new(file)),
        })
    }

    /// The file the output replaces (its path, symbolic links followed).
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// The temporary file being written (removed unless committed).
    pub fn temporary(&self) -> &Path {
        &self.tmp
    }

    /// Flushes and syncs what was written and renames it over the target.
    ///
    /// # Errors
    /// A write, sync or rename that fails (one line naming the path): the temporary file
    /// is removed and the target left as it was.
    pub fn commit(mut self) -> Result<()> {
        let shown = self.shown.display().to_string();
        let file = self.file.take().expect("committed once");
        let file = file
            .into_inner()
            .map_err(|e| e.into_error())
            .with_context(|| format!("writing {shown}"))?;
        file.sync_all()
            .with_context(|| format!("writing {shown}"))?;
        drop(file);
        std::fs::rename(&self.tmp, &self.target).with_context(|| format!("writing {shown}"))?;
        self.tmp = PathBuf::new();
        Ok(())
    }
}

impl Write for OutputFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.file.as_mut().expect("not committed").write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.file.as_mut().expect("not committed").flush()
    }
}

impl Drop for OutputFile {
    fn drop(&mut self) {
        if !self.tmp.as_os_str().is_empty() {
            // Close before removing; the error (if any) is the one already reported.
            drop(self.file.take().map(BufWriter::into_parts));
            let _ = std::fs::remove_file(&self.tmp);
        }
    }
}

/// A new file beside `target`: `TARGET.PID.tmp` (with a counter when that is taken).
fn create_beside(target: &Path) -> std::io::Result<(PathBuf, File)> {
    let pid = std::process::id();
    for n in 0u32.. {
        let mut name = target.as_os_str().to_owned();
        match n {
            0 => name.push(format!(".{pid}.tmp")),
            n => name.push(format!(".{pid}.{n}.tmp")),
        }
        let tmp = PathBuf::from(name);
        match OpenOptions::new().write(true).create_new(true).open(&tmp) {
            Ok(file) => return Ok((tmp, file)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && n < 1000 => continue,
            Err(e) => return Err(e),
        }
    }
    unreachable!("the loop returns")
}

/// Writes `bytes` to the output file `path` through an [`OutputFile`].
///
/// # Errors
/// As [`OutputFile::create`] and [`OutputFile::commit`].
pub fn write(path: &Path, bytes: &[u8]) -> Result<()> {
    let mut out = OutputFile::create(path)?;
    out.write_all(bytes)
        .with_context(|| format!("writing {}", path.display()))?;
    out.commit()
}

/// Opens the output file `path` ([`resolve`]d) for reading and appending, created when
/// missing: a results or terms file that runs append to and resume.
///
/// # Errors
/// A refused path, or a file that cannot be opened (one line naming it).
pub fn open_append(path: &Path) -> Result<File> {
    let target = resolve(path)?;
    let file = OpenOptions::new()
        .read(true)
        .append(true)
        .create(true)
        .open(&target)
        .with_context(|| format!("cannot write {}", path.display()))?;
    // What was checked is what was opened (not something put there meanwhile).
    if !file.metadata().is_ok_and(|m| m.is_file()) {
        bail!("{} is not a regular file", path.display());
    }
    Ok(file)
}

/// Refuses `path` as an output now, before a long computation, as [`resolve`] would
/// later.
pub fn check(path: &Path) -> Result<()> {
    resolve(path).map(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("kayles-output-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_failed_write_leaves_neither_a_temporary_file_nor_a_changed_target() {
        let dir = scratch("failed");
        let target = dir.join("out.txt");
        std::fs::write(&target, "before").unwrap();
        {
            let mut out = OutputFile::create(&target).unwrap();
            out.write_all(b"half").unwrap();
            assert!(out.temporary().exists());
            // Dropped without commit: an error on the way.
        }
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "before");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn links_to_links_are_followed_and_kept_and_loops_refused() {
        let dir = scratch("links");
        std::os::unix::fs::symlink("b", dir.join("a")).unwrap();
        std::os::unix::fs::symlink("c", dir.join("b")).unwrap();
        write(&dir.join("a"), b"x").unwrap();
        assert_eq!(std::fs::read(dir.join("c")).unwrap(), b"x");
        for link in ["a", "b"] {
            assert!(std::fs::symlink_metadata(dir.join(link))
                .unwrap()
                .file_type()
                .is_symlink());
        }
        std::os::unix::fs::symlink("loop2", dir.join("loop1")).unwrap();
        std::os::unix::fs::symlink("loop1", dir.join("loop2")).unwrap();
        let err = write(&dir.join("loop1"), b"x").unwrap_err().to_string();
        assert!(err.ends_with("too many levels of symbolic links"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn devices_and_folders_are_refused_before_anything_is_created() {
        let dir = scratch("kinds");
        for path in [
            PathBuf::from("/dev/full"),
            PathBuf::from("/dev/null"),
            dir.clone(),
        ] {
            assert!(OutputFile::create(&path).is_err(), "{}", path.display());
            assert!(open_append(&path).is_err(), "{}", path.display());
        }
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
