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
    /// The header's text.
    header: String,
}

/// The zstd level: measured on grid:3x12 (docs/certificates.md), higher levels gain a few
/// per cent for much more time.
pub const ZSTD_LEVEL: i32 = 9;

/// The zstd window, hash table and chain table (each a power of two: `1 << log`), set
/// below the level's own (a window of 4 MiB and tables of several MiB when the size is
/// not known ahead, which the run's peak memory paid for in full): about 3% larger
/// files for some 20-30 MB less memory and a fifth less of zstd's time on certificates
/// of millions of bytes (docs/certificates.md, "Measurements", 2026-12-06 evening).
pub const ZSTD_WINDOW_LOG: u32 = 19;
/// See [`ZSTD_WINDOW_LOG`].
pub const ZSTD_HASH_LOG: u32 = 18;
/// See [`ZSTD_WINDOW_LOG`].
pub const ZSTD_CHAIN_LOG: u32 = 18;

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
        encoder.window_log(ZSTD_WINDOW_LOG)?;
        encoder.set_parameter(zstd::stream::raw::CParameter::HashLog(ZSTD_HASH_LOG))?;
        encoder.set_parameter(zstd::stream::raw::CParameter::ChainLog(ZSTD_CHAIN_LOG))?;
        let text = format::header_text(header);
        encoder.write_all(text.as_bytes())?;
        Ok(CertificateWriter {
            encoder,
            buf: Vec::new(),
            sizes: Sizes {
                raw_bytes: text.len() as u64,
                ..Sizes::default()
            },
            header: text,
        })
    }

    /// Goes on with a certificate that a run stopped: writes to `out` (a new file) the
    /// first `sizes.raw_bytes` decompressed bytes of `written` (what that run had written,
    /// zstd-compressed; the rest of it, if any, is dropped), then takes each fact pushed
    /// after them with the next index. `sizes` is what [`checkpoint`](Self::checkpoint)
    /// returned to that run; the copied bytes must begin with `header`'s text, so that a
    /// certificate is never continued under another claim. The result is one zstd frame,
    /// as a certificate written in one go.
    ///
    /// # Errors
    /// An I/O error, `written` shorter than `sizes` says or not a certificate of `header`
    /// (`InvalidData`).
    pub fn resume(
        out: W,
        header: &Header,
        written: impl std::io::Read,
        sizes: Sizes,
    ) -> std::io::Result<Self> {
        use std::io::{Error, ErrorKind, Read};
        let mut writer = Self::new(out, header)?;
        let text = writer.header.clone();
        let mut prefix = zstd::stream::read::Decoder::new(written)?.take(sizes.raw_bytes);
        let damaged = |e: Error| {
            Error::new(
                ErrorKind::InvalidData,
                format!("cut short or damaged ({e})"),
            )
        };
        let mut head = vec![0; text.len()];
        prefix.read_exact(&mut head).map_err(damaged)?;
        if head != text.as_bytes() {
            return Err(Error::new(
                ErrorKind::InvalidData,
                "it is the certificate of another graph, game, value or format",
            ));
        }
        let mut copied = 0u64;
        let mut chunk = vec![0; 1 << 16];
        loop {
            let n = match prefix.read(&mut chunk) {
                Ok(0) => break,
                Ok(n) => n,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(e) => return Err(damaged(e)),
            };
            writer.encoder.write_all(&chunk[..n])?;
            copied += n as u64;
        }
        if text.len() as u64 + copied != sizes.raw_bytes {
            return Err(Error::new(
                ErrorKind::InvalidData,
                format!(
                    "it holds {} bytes of facts where its checkpoint says {}",
                    text.len() as u64 + copied,
                    sizes.raw_bytes
                ),
            ));
        }
        writer.sizes = Sizes {
            compressed_bytes: 0,
            ..sizes
        };
        Ok(writer)
    }

    /// The header, as the text the certificate starts with.
    pub fn header_text(&self) -> &str {
        &self.header
    }

    /// Facts pushed so far (the index the next one gets).
    pub fn facts(&self) -> u64 {
        self.sizes.facts
    }

    /// Makes everything pushed so far readable from the output (ends the current zstd
    /// block and flushes the output) and returns the sizes so far, which
    /// [`resume`](Self::resume) takes to go on from here.
    pub fn checkpoint(&mut self) -> std::io::Result<Sizes> {
        self.encoder.flush()?;
        Ok(Sizes {
            compressed_bytes: self.encoder.get_ref().bytes,
            ..self.sizes
        })
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::BruteOracle;
    use kayles_core::{families, GameKind};

    /// The frame's window (its header's Window_Descriptor, RFC 8878 3.1.1.1.2) is the
    /// writer's, not the level's own 4 MiB, and the certificate still decodes whole.
    #[test]
    fn the_frame_has_the_writers_window() {
        let host = families::build("grid:3x7").unwrap();
        let oracle = BruteOracle::new(&host, GameKind::Arc);
        let symmetry = families::host_symmetry("grid:3x7").unwrap();
        let (bytes, summary) = crate::write_certificate(
            &host,
            "grid:3x7",
            GameKind::Arc,
            oracle,
            symmetry,
            crate::Options::default(),
            Vec::new(),
        )
        .unwrap();
        assert_eq!(&bytes[..4], &[0x28, 0xb5, 0x2f, 0xfd], "a zstd frame");
        let descriptor = bytes[4];
        assert_eq!(descriptor >> 5 & 1, 0, "a frame with a window descriptor");
        let window = bytes[5];
        let base = 1u64 << (10 + (window >> 3));
        let size = base + base / 8 * u64::from(window & 7);
        assert_eq!(size, 1 << ZSTD_WINDOW_LOG);
        let raw = zstd::stream::decode_all(&bytes[..]).unwrap();
        assert_eq!(raw.len() as u64, summary.sizes.raw_bytes);
    }
}
