//! Resuming a proof: the builder's tables saved beside the certificate written so far
//! ([`Checkpoint`], [`ProofState`]), so that a certificate run stopped after hours (killed,
//! or interrupted) goes on from its last save instead of from the start.
//!
//! A save is taken between facts, when every fact written has its entry in the builder's
//! tables, and after what was written has been flushed to the output
//! ([`CertificateWriter::checkpoint`](crate::CertificateWriter::checkpoint)). A resumed run
//! copies the certificate's first [`Sizes::raw_bytes`] bytes
//! ([`CertificateWriter::resume`](crate::CertificateWriter::resume)), takes the tables back
//! and goes on with the next index, so every fact still refers only to facts before it;
//! the facts a stopped run wrote after its last save are written again (perhaps with other
//! witnesses, as the oracle's memo may differ). What is saved is only ever a cache of what
//! the certificate itself proves: a damaged or foreign state is refused, never trusted
//! (and `kayles-check` verifies the certificate whatever its history).
//!
//! The state is a binary file: a magic line, the certificate's header text, the sizes,
//! the builder's tables of EQ facts, NE facts and known values, the isomorphism classes'
//! representatives, and a 64-bit hash of everything before it.

use crate::set_key::Key;
use crate::writer::Sizes;
use hashbrown::HashMap;
use std::hash::Hasher;
use std::io::{self, BufRead, Read, Write};

/// What the builder does when it asks its [`Checkpoint`] (every [`POLL_EVERY`] positions
/// it proves).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Poll {
    /// Go on.
    Go,
    /// Save a checkpoint, then go on.
    Save,
    /// Save a checkpoint, then stop with [`SearchError::Stopped`](kayles_core::engine::SearchError::Stopped).
    SaveAndStop,
}

/// How often (in positions the builder starts to prove) it asks [`Checkpoint::poll`] by
/// default.
pub const POLL_EVERY: u32 = 1 << 12;

/// Where and when a proof's state is saved (the front ends keep it in a file beside the
/// certificate's `.part` file).
pub trait Checkpoint {
    /// Whether to save now (asked every [`poll_every`](Self::poll_every) positions).
    fn poll(&mut self) -> Poll;

    /// How often the builder asks [`poll`](Self::poll), in positions it starts to prove.
    fn poll_every(&self) -> u32 {
        POLL_EVERY
    }

    /// Saves a checkpoint: the certificate written so far has been flushed to its output
    /// and has the sizes `sizes`; `state` writes the builder's state ([`ProofState`]'s
    /// format) to the writer it is given.
    ///
    /// # Errors
    /// An I/O error (the proof stops with it).
    fn save(
        &mut self,
        sizes: Sizes,
        state: &mut dyn FnMut(&mut dyn Write) -> io::Result<()>,
    ) -> io::Result<()>;
}

/// No checkpoints: a proof that is not resumable.
#[derive(Debug, Clone, Copy, Default)]
pub struct Never;

impl Checkpoint for Never {
    fn poll(&mut self) -> Poll {
        Poll::Go
    }
    fn save(
        &mut self,
        _: Sizes,
        _: &mut dyn FnMut(&mut dyn Write) -> io::Result<()>,
    ) -> io::Result<()> {
        Ok(())
    }
}

impl<C: Checkpoint + ?Sized> Checkpoint for &mut C {
    fn poll(&mut self) -> Poll {
        (**self).poll()
    }
    fn poll_every(&self) -> u32 {
        (**self).poll_every()
    }
    fn save(
        &mut self,
        sizes: Sizes,
        state: &mut dyn FnMut(&mut dyn Write) -> io::Result<()>,
    ) -> io::Result<()> {
        (**self).save(sizes, state)
    }
}

/// The first line of a saved state.
const MAGIC: &[u8] = b"kayles proof state 1\n";

/// A builder's saved state, as read back: its tables (see [`ProofBuilder`](crate::ProofBuilder)).
#[derive(Debug, Default)]
pub struct ProofState {
    /// The certificate's header text.
    pub(crate) header: String,
    /// The certificate's sizes at the save (`compressed_bytes` is not saved).
    pub(crate) sizes: Sizes,
    /// Representative's key -> (EQ fact, value).
    pub(crate) eq: HashMap<Key, (u64, u32)>,
    /// (Representative's key, w) -> NE fact.
    pub(crate) ne: HashMap<(Key, u32), u64>,
    /// Values learned from the oracle.
    pub(crate) known: HashMap<Key, u32>,
    /// The isomorphism classes with a representative: a class code's key -> its index,
    /// and the representatives' bit words, `words` a class.
    pub(crate) classes: Option<Classes>,
}

/// The isomorphism classes that have a representative, as saved.
#[derive(Debug, Default)]
pub struct Classes {
    /// A class code's key -> its index.
    pub(crate) index: HashMap<Key, u32>,
    /// The representatives' bit words, in the order of their indices.
    pub(crate) rep_sets: Vec<u64>,
}

/// The builder's tables, borrowed for a save.
pub(crate) struct Tables<'a> {
    pub(crate) header: &'a str,
    pub(crate) sizes: Sizes,
    pub(crate) eq: &'a HashMap<Key, (u64, u32)>,
    pub(crate) ne: &'a HashMap<(Key, u32), u64>,
    pub(crate) known: &'a HashMap<Key, u32>,
    pub(crate) classes: Option<(&'a HashMap<Key, u32>, &'a [u64])>,
}

impl Tables<'_> {
    /// Writes the state to `out`.
    pub(crate) fn write(&self, out: &mut dyn Write) -> io::Result<()> {
        let mut s = StateOut::new(out);
        s.bytes(MAGIC)?;
        s.u64(self.header.len() as u64)?;
        s.bytes(self.header.as_bytes())?;
        let z = &self.sizes;
        for x in [z.facts, z.eq_facts, z.raw_bytes] {
            s.u64(x)?;
        }
        s.u64(self.eq.len() as u64)?;
        for (&key, &(index, value)) in self.eq {
            s.key(key)?;
            s.u64(index)?;
            s.u32(value)?;
        }
        s.u64(self.ne.len() as u64)?;
        for (&(key, w), &index) in self.ne {
            s.key(key)?;
            s.u32(w)?;
            s.u64(index)?;
        }
        s.u64(self.known.len() as u64)?;
        for (&key, &value) in self.known {
            s.key(key)?;
            s.u32(value)?;
        }
        match self.classes {
            None => s.bytes(&[0])?,
            Some((index, rep_sets)) => {
                s.bytes(&[1])?;
                s.u64(index.len() as u64)?;
                for (&key, &class) in index {
                    s.key(key)?;
                    s.u32(class)?;
                }
                s.u64(rep_sets.len() as u64)?;
                for &w in rep_sets {
                    s.u64(w)?;
                }
            }
        }
        s.finish()
    }
}

impl ProofState {
    /// Reads a state that a [`Checkpoint`] saved.
    ///
    /// # Errors
    /// `InvalidData` when it is not a whole proof state (cut short, changed, or of
    /// another format).
    pub fn read(input: impl Read) -> io::Result<ProofState> {
        let mut s = StateIn::new(input);
        let mut magic = [0; MAGIC.len()];
        s.bytes(&mut magic)?;
        if magic != MAGIC {
            return Err(invalid("not a proof state"));
        }
        let len = s.len(1 << 16)?;
        let mut header = vec![0; len];
        s.bytes(&mut header)?;
        let header = String::from_utf8(header).map_err(|_| invalid("a header that is not text"))?;
        let sizes = Sizes {
            facts: s.u64()?,
            eq_facts: s.u64()?,
            raw_bytes: s.u64()?,
            compressed_bytes: 0,
        };
        let n = s.len(sizes.facts)?;
        let mut eq = HashMap::with_capacity(n);
        for _ in 0..n {
            let (key, index, value) = (s.key()?, s.u64()?, s.u32()?);
            eq.insert(key, (index, value));
        }
        let n = s.len(sizes.facts)?;
        let mut ne = HashMap::with_capacity(n);
        for _ in 0..n {
            let (key, w, index) = (s.key()?, s.u32()?, s.u64()?);
            ne.insert((key, w), index);
        }
        let n = s.len(u64::MAX)?;
        let mut known = HashMap::with_capacity(n.min(1 << 24));
        for _ in 0..n {
            let (key, value) = (s.key()?, s.u32()?);
            known.insert(key, value);
        }
        let mut tag = [0];
        s.bytes(&mut tag)?;
        let classes = match tag[0] {
            0 => None,
            1 => {
                let n = s.len(sizes.facts)?;
                let mut index = HashMap::with_capacity(n);
                for _ in 0..n {
                    let (key, class) = (s.key()?, s.u32()?);
                    index.insert(key, class);
                }
                let words = s.len(u64::MAX)?;
                let mut rep_sets = Vec::with_capacity(words.min(1 << 24));
                for _ in 0..words {
                    rep_sets.push(s.u64()?);
                }
                Some(Classes { index, rep_sets })
            }
            _ => return Err(invalid("an unknown kind of representatives")),
        };
        s.finish()?;
        if (eq.len() + ne.len()) as u64 > sizes.facts
            || eq.values().any(|&(i, _)| i >= sizes.facts)
            || ne.values().any(|&i| i >= sizes.facts)
        {
            return Err(invalid("tables that refer to facts it does not count"));
        }
        Ok(ProofState {
            header,
            sizes,
            eq,
            ne,
            known,
            classes,
        })
    }

    /// The sizes of the certificate written when the state was saved.
    pub fn sizes(&self) -> Sizes {
        self.sizes
    }
}

fn invalid(what: &str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, format!("proof state: {what}"))
}

/// The hash that ends a state: SipHash-1-3 with the standard library's fixed keys.
fn hasher() -> std::collections::hash_map::DefaultHasher {
    std::collections::hash_map::DefaultHasher::new()
}

/// Writes a state in 1 MiB pieces, hashing what it writes.
struct StateOut<'a> {
    out: &'a mut dyn Write,
    buf: Vec<u8>,
    hash: std::collections::hash_map::DefaultHasher,
}

impl<'a> StateOut<'a> {
    fn new(out: &'a mut dyn Write) -> Self {
        StateOut {
            out,
            buf: Vec::with_capacity(1 << 20),
            hash: hasher(),
        }
    }
    fn bytes(&mut self, b: &[u8]) -> io::Result<()> {
        self.buf.extend_from_slice(b);
        if self.buf.len() >= 1 << 20 {
            self.drain()?;
        }
        Ok(())
    }
    fn drain(&mut self) -> io::Result<()> {
        self.hash.write(&self.buf);
        self.out.write_all(&self.buf)?;
        self.buf.clear();
        Ok(())
    }
    fn u32(&mut self, x: u32) -> io::Result<()> {
        self.bytes(&x.to_le_bytes())
    }
    fn u64(&mut self, x: u64) -> io::Result<()> {
        self.bytes(&x.to_le_bytes())
    }
    fn key(&mut self, key: Key) -> io::Result<()> {
        let [a, b] = key.words();
        self.u64(a)?;
        self.u64(b)
    }
    fn finish(mut self) -> io::Result<()> {
        self.drain()?;
        let hash = self.hash.finish();
        self.out.write_all(&hash.to_le_bytes())?;
        self.out.flush()
    }
}

/// Reads a state, hashing what it reads.
struct StateIn<R: Read> {
    input: io::BufReader<R>,
    hash: std::collections::hash_map::DefaultHasher,
}

impl<R: Read> StateIn<R> {
    fn new(input: R) -> Self {
        StateIn {
            input: io::BufReader::with_capacity(1 << 20, input),
            hash: hasher(),
        }
    }
    fn bytes(&mut self, b: &mut [u8]) -> io::Result<()> {
        self.input.read_exact(b).map_err(|e| match e.kind() {
            io::ErrorKind::UnexpectedEof => invalid("cut short"),
            _ => e,
        })?;
        self.hash.write(b);
        Ok(())
    }
    fn u32(&mut self) -> io::Result<u32> {
        let mut b = [0; 4];
        self.bytes(&mut b)?;
        Ok(u32::from_le_bytes(b))
    }
    fn u64(&mut self) -> io::Result<u64> {
        let mut b = [0; 8];
        self.bytes(&mut b)?;
        Ok(u64::from_le_bytes(b))
    }
    /// A count of at most `max`.
    fn len(&mut self, max: u64) -> io::Result<usize> {
        let n = self.u64()?;
        if n > max {
            return Err(invalid("a count out of range"));
        }
        usize::try_from(n).map_err(|_| invalid("a count out of range"))
    }
    fn key(&mut self) -> io::Result<Key> {
        Ok(Key::from_words([self.u64()?, self.u64()?]))
    }
    fn finish(mut self) -> io::Result<()> {
        let computed = self.hash.finish();
        let mut b = [0; 8];
        self.input
            .read_exact(&mut b)
            .map_err(|_| invalid("cut short"))?;
        if u64::from_le_bytes(b) != computed {
            return Err(invalid("its hash does not match (a changed file)"));
        }
        if !self.input.fill_buf()?.is_empty() {
            return Err(invalid("bytes after its end"));
        }
        Ok(())
    }
}
