//! Where results go: plain lines or JSON objects on standard output, flushed per result so
//! that pipelines (`nauty-geng 7 | kayles nimber -`) and long sequences stream.

use serde::Serialize;
use std::io::{self, BufWriter, Write};

/// Standard output in the mode the user asked for.
pub struct Output {
    json: bool,
    writer: BufWriter<io::Stdout>,
}

impl Output {
    pub fn new(json: bool) -> Self {
        Output {
            json,
            writer: BufWriter::new(io::stdout()),
        }
    }

    /// Whether `--json` was given.
    pub fn json(&self) -> bool {
        self.json
    }

    /// Prints one result: the plain line, or the JSON object under `--json` (a `Value`,
    /// whose keys come out sorted, or a struct, whose fields come out in order).
    pub fn result(
        &mut self,
        plain: impl FnOnce() -> String,
        json: impl Serialize,
    ) -> anyhow::Result<()> {
        if self.json {
            writeln!(self.writer, "{}", serde_json::to_string(&json)?)?;
        } else {
            writeln!(self.writer, "{}", plain())?;
        }
        self.writer.flush()?;
        Ok(())
    }

    /// Prints a plain line without flushing (for long listings).
    pub fn line(&mut self, line: &str) -> anyhow::Result<()> {
        writeln!(self.writer, "{line}")?;
        Ok(())
    }

    /// Flushes what is buffered.
    pub fn finish(&mut self) -> anyhow::Result<()> {
        self.writer.flush()?;
        Ok(())
    }
}

/// True when the error is a closed pipe (`kayles ... | head`): not worth a message.
pub fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.downcast_ref::<io::Error>()
        .is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
}
