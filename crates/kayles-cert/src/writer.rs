//! [`CertificateWriter`]: streams a certificate, fact by fact, through zstd into any
//! [`std::io::Write`] the caller gives (a file for `kayles nimber --certificate`).

use crate::format::{self, Fact, Header, Ref};
use std::io::Write;

/// Counts the bytes that go through it.
struct Counting<W> {
    inner: W,
    bytes: u64,
}

impl<W: Write> Write for Counting<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.bytes += n as u64;
        Ok(n)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

/// Sizes of a finished certificate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Sizes {
    /// Facts written.
    pub facts: u64,
    /// EQ facts among them.
    pub eq_facts: u64,
    /// Bytes before compression (header included).
    pub raw_bytes: u64,
    /// Bytes written to the output.
    pub compressed_bytes: u64,
}

/// Writes one certificate: the header when created, then each fact as it is pushed (it
/// gets the next index), then the root record in [`finish`](Self::finish). A fact may
/// refer only to facts pushed before it.
pub struct CertificateWriter<W: Write> {
    encoder: zstd::stream::write::Encoder<'static, Counting<W>>,
    buf: Vec<u8>,
    sizes: Sizes,
}

/// The zstd level: measured on grid:3x12 (docs/certificates.md), higher levels gain a few
/// per cent for much more time.
pub const ZSTD_LEVEL: i32 = 9;

impl<W: Write> CertificateWriter<W> {
    /// Starts a certificate with `header` on `out`.
    ///
    /// # Errors
    /// An I/O error of `out`, or a graph name with a line break.
    pub fn new(out: W, header: &Header) -> std::io::Result<Self> {
        if header.graph.contains('\n') || header.computed > format::MAX_COMPUTED {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                "certificate header: a graph name without line breaks and computed <= 8",
            ));
        }
        let mut encoder = zstd::stream::write::Encoder::new(
            Counting {
                inner: out,
                bytes: 0,
            },
            ZSTD_LEVEL,
        )?;
        encoder.include_checksum(true)?;
        let text = format::header_text(header);
        encoder.write_all(text.as_bytes())?;
        Ok(CertificateWriter {
            encoder,
            buf: Vec::new(),
            sizes: Sizes {
                raw_bytes: text.len() as u64,
                ..Sizes::default()
            },
        })
    }

    /// Facts pushed so far (the index the next one gets).
    pub fn facts(&self) -> u64 {
        self.sizes.facts
    }

    /// Writes `fact`; returns its index.
    pub fn push(&mut self, fact: &Fact) -> std::io::Result<u64> {
        let index = self.sizes.facts;
        self.buf.clear();
        format::put_fact(&mut self.buf, fact, index);
        self.encoder.write_all(&self.buf)?;
        self.sizes.raw_bytes += self.buf.len() as u64;
        self.sizes.facts += 1;
        self.sizes.eq_facts += u64::from(fact.is_eq());
        Ok(index)
    }

    /// Writes the root record (one reference per component of the graph, by least
    /// vertex), ends the stream, and returns the output and the sizes.
    pub fn finish(mut self, root: &[Ref]) -> std::io::Result<(W, Sizes)> {
        self.buf.clear();
        format::put_root(&mut self.buf, root, self.sizes.facts);
        self.encoder.write_all(&self.buf)?;
        self.sizes.raw_bytes += self.buf.len() as u64;
        let mut counting = self.encoder.finish()?;
        counting.flush()?;
        self.sizes.compressed_bytes = counting.bytes;
        Ok((counting.inner, self.sizes))
    }
}
