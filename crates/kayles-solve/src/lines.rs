//! Bounded reading of text input: the one line reader for standard input and for every
//! file read line by line ([`Lines`]: a line longer than [`MAX_LINE`] bytes is an error,
//! so `/dev/zero` on standard input costs at most that much memory), and the one reader
//! of files read whole ([`read_text`]: a size cap per kind of file). Errors are one line
//! naming the input and the line.
//!
//! ```
//! use kayles_solve::lines::Lines;
//! let mut lines = Lines::new(&b"Bw\r\n\nBg"[..], "standard input");
//! assert_eq!(lines.next_line().unwrap().map(|l| (l.text.to_string(), l.ended)), Some(("Bw".into(), true)));
//! assert_eq!(lines.next_line().unwrap().map(|l| l.text.to_string()), Some(String::new()));
//! assert_eq!(lines.next_line().unwrap().map(|l| (l.text.to_string(), l.ended)), Some(("Bg".into(), false)));
//! assert!(lines.next_line().unwrap().is_none());
//! assert_eq!(lines.number(), 3);
//! let zeros = std::io::repeat(0).take(100);
//! # use std::io::Read;
//! let err = Lines::with_max(std::io::BufReader::new(zeros), "stdin", 10).next_line().unwrap_err();
//! assert_eq!(err.to_string(), "stdin line 1 is longer than 10 bytes");
//! ```

use anyhow::{bail, Context, Result};
use std::io::{BufRead, Read};
use std::path::Path;

/// The longest line read (16 MiB): a graph6 line of up to about 13,000 vertices, far
/// beyond what any search here can answer, and far beyond every other line these
/// programs read (results, terms, moves).
pub const MAX_LINE: usize = 16 << 20;

/// The largest file read whole by default (16 MiB): chain files and manifests are a few
/// kilobytes.
pub const MAX_TEXT_FILE: u64 = 16 << 20;

/// One line read by [`Lines`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Line<'a> {
    /// The line without its `\n` (and without a `\r` before it).
    pub text: &'a str,
    /// Whether it ended with `\n` (the last line of a file cut off by a kill does not).
    pub ended: bool,
    /// Its bytes as read, with the `\r` and the `\n` (a fingerprint is taken of these).
    pub raw: &'a [u8],
    /// Its number, from 1.
    pub number: usize,
    /// The offset of its end in the input (the bytes of the lines up to it).
    pub end: u64,
}

/// Lines of text from `R`, each at most [`MAX_LINE`] bytes (or the bound given), checked
/// to be UTF-8; the errors name the input (`what`) and the line number.
pub struct Lines<R> {
    reader: R,
    what: String,
    max: usize,
    number: usize,
    offset: u64,
    buf: Vec<u8>,
}

impl<R: BufRead> Lines<R> {
    /// The lines of `reader`, named `what` in errors ("standard input", a path).
    pub fn new(reader: R, what: impl Into<String>) -> Self {
        Lines::with_max(reader, what, MAX_LINE)
    }

    /// The lines of `reader`, at most `max` bytes each.
    pub fn with_max(reader: R, what: impl Into<String>, max: usize) -> Self {
        Lines {
            reader,
            what: what.into(),
            max,
            number: 0,
            offset: 0,
            buf: Vec::new(),
        }
    }

    /// The next line, or `None` at the end of the input.
    ///
    /// # Errors
    /// A read error, a line longer than the bound, or a line that is not UTF-8.
    pub fn next_line(&mut self) -> Result<Option<Line<'_>>> {
        self.buf.clear();
        let limit = self.max as u64 + 1;
        let read = (&mut self.reader)
            .take(limit)
            .read_until(b'\n', &mut self.buf)
            .with_context(|| format!("reading {}", self.what))?;
        if read == 0 {
            return Ok(None);
        }
        self.number += 1;
        self.offset += read as u64;
        let ended = self.buf.last() == Some(&b'\n');
        let mut end = self.buf.len() - usize::from(ended);
        if end > self.max {
            bail!(
                "{} line {} is longer than {}",
                self.what,
                self.number,
                size_text(self.max as u64)
            );
        }
        if ended && end > 0 && self.buf[end - 1] == b'\r' {
            end -= 1;
        }
        let text = std::str::from_utf8(&self.buf[..end])
            .map_err(|_| anyhow::anyhow!("{} line {} is not UTF-8 text", self.what, self.number))?;
        Ok(Some(Line {
            text,
            ended,
            raw: &self.buf,
            number: self.number,
            end: self.offset,
        }))
    }

    /// The number of the last line read (from 1; 0 before the first).
    pub fn number(&self) -> usize {
        self.number
    }

    /// Bytes read so far (the end of the last line read).
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// What the errors call the input.
    pub fn what(&self) -> &str {
        &self.what
    }
}

/// Opens the file `path` for reading, refusing a folder with one line (a device or a FIFO
/// is read as a stream, through the bounds of [`Lines`] or [`read_text`]).
pub fn open(path: &Path) -> Result<std::fs::File> {
    let file =
        std::fs::File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
    if file.metadata().is_ok_and(|m| m.is_dir()) {
        bail!("{} is a folder, not a file", path.display());
    }
    Ok(file)
}

/// The lines of the file `path` ([`open`], then [`Lines`]), named by its path.
pub fn file_lines(path: &Path) -> Result<Lines<std::io::BufReader<std::fs::File>>> {
    Ok(Lines::new(
        std::io::BufReader::new(open(path)?),
        path.display().to_string(),
    ))
}

/// The text of the file `path`, read whole, at most `max` bytes (`what` says what the
/// file is in the error: "a chain file").
///
/// ```
/// use kayles_solve::lines::read_text;
/// let err = read_text("/dev/zero".as_ref(), 1000, "a chain file").unwrap_err();
/// assert_eq!(err.to_string(), "/dev/zero is larger than 1000 bytes (too large for a chain file)");
/// ```
pub fn read_text(path: &Path, max: u64, what: &str) -> Result<String> {
    let file = open(path)?;
    let mut bytes = Vec::new();
    file.take(max + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("reading {}", path.display()))?;
    if bytes.len() as u64 > max {
        bail!(
            "{} is larger than {} (too large for {what})",
            path.display(),
            size_text(max)
        );
    }
    String::from_utf8(bytes).map_err(|_| anyhow::anyhow!("{} is not UTF-8 text", path.display()))
}

/// A size in bytes as people write it: `16 MiB`, `64 KiB`, `1000 bytes`.
///
/// ```
/// use kayles_solve::lines::size_text;
/// assert_eq!(size_text(16 << 20), "16 MiB");
/// assert_eq!(size_text(64 << 10), "64 KiB");
/// assert_eq!(size_text(1000), "1000 bytes");
/// ```
pub fn size_text(bytes: u64) -> String {
    match bytes {
        b if b >= 1 << 20 && b % (1 << 20) == 0 => format!("{} MiB", b >> 20),
        b if b >= 1 << 10 && b % (1 << 10) == 0 => format!("{} KiB", b >> 10),
        b => format!("{b} bytes"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_line_is_refused_after_reading_little_more_than_the_bound() {
        let mut input = std::io::BufReader::new(std::io::repeat(b'a').take(1 << 20));
        let mut lines = Lines::with_max(&mut input, "x", 1000);
        assert!(lines.next_line().is_err());
        assert!(lines.buf.len() <= 1001);
    }

    #[test]
    fn offsets_count_the_bytes_of_complete_lines() {
        let mut lines = Lines::new(&b"1 2\n3 4\n5"[..], "r");
        lines.next_line().unwrap();
        lines.next_line().unwrap();
        assert_eq!(lines.offset(), 8);
        let last = lines.next_line().unwrap().unwrap();
        assert_eq!((last.text, last.ended, last.raw), ("5", false, &b"5"[..]));
    }

    #[test]
    fn non_utf8_names_the_line() {
        let mut lines = Lines::new(&b"ok\n\xff\n"[..], "stdin");
        lines.next_line().unwrap();
        let err = lines.next_line().unwrap_err().to_string();
        assert_eq!(err, "stdin line 2 is not UTF-8 text");
    }
}
