//! Graphs named by text, as the `kayles` command and the Python package take them: a
//! graph6 string (`Bw`), a family spec (`grid:3x4`, see [`families`]), or, on the command
//! line, `-` for graph6 lines on standard input; with the one-line error messages both
//! front ends give.

use anyhow::{Context, Result};
use kayles_core::families::{self, FamilyError};
use kayles_core::graph6::{self, Graph6Error};
use kayles_core::Graph;
use std::io::BufRead;
use thiserror::Error;

/// Why a graph argument was rejected; the message is the one-line error the command line
/// prints.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum GraphArgError {
    /// Not a valid graph6 string.
    #[error("{error} (argument '{arg}')")]
    Graph6 {
        /// What is wrong with it.
        error: Graph6Error,
        /// The argument, trimmed.
        arg: String,
    },
    /// A family spec that names no family or has bad parameters.
    #[error(transparent)]
    Family(#[from] FamilyError),
}

/// Whether `arg` is read as a family spec (it has a `:` after a name) rather than graph6.
///
/// ```
/// use kayles_solve::graphs::is_family_spec;
/// assert!(is_family_spec("grid:3x4"));
/// assert!(!is_family_spec("Bw"));
/// ```
pub fn is_family_spec(arg: &str) -> bool {
    let arg = arg.trim();
    arg.contains(':') && !arg.starts_with(':')
}

/// Parses a graph argument: a family spec when it has a `:` after a name, else graph6.
/// Surrounding white space (a newline from `nauty-geng`) is ignored.
///
/// ```
/// use kayles_solve::graphs::parse;
/// assert_eq!(parse("grid:2x3").unwrap().order(), 6);
/// assert_eq!(parse("Bg\n").unwrap().size(), 2);
/// assert_eq!(
///     parse("B!").unwrap_err().to_string(),
///     "graph6: byte 0x21 at position 1 is outside 63..=126 (argument 'B!')"
/// );
/// assert!(parse("cube:3").unwrap_err().to_string().starts_with("unknown family 'cube'"));
/// ```
pub fn parse(arg: &str) -> Result<Graph, GraphArgError> {
    let arg = arg.trim();
    if is_family_spec(arg) {
        Ok(families::build(arg)?)
    } else {
        graph6::parse(arg).map_err(|error| GraphArgError::Graph6 {
            error,
            arg: arg.to_string(),
        })
    }
}

/// One graph and the text that named it.
#[derive(Debug, Clone)]
pub struct Named {
    /// The argument as given (a family spec, graph6), or the graph6 line read.
    pub name: String,
    /// The graph.
    pub graph: Graph,
}

impl Named {
    /// The graph named by `arg` (not `-`).
    pub fn parse(arg: &str) -> Result<Named, GraphArgError> {
        Ok(Named {
            name: arg.to_string(),
            graph: parse(arg)?,
        })
    }

    /// A graph without a name of its own (built in code, or from Python): named by its
    /// graph6 string.
    pub fn unnamed(graph: Graph) -> Named {
        Named {
            name: graph6::write(&graph),
            graph,
        }
    }
}

/// Calls `each` on every graph the arguments name, in order; `-` streams standard input
/// (blank lines skipped, errors name the line).
pub fn for_each_graph(args: &[String], mut each: impl FnMut(Named) -> Result<()>) -> Result<()> {
    for arg in args {
        if arg == "-" {
            let stdin = std::io::stdin();
            for (i, line) in stdin.lock().lines().enumerate() {
                let line = line.context("reading standard input")?;
                let text = line.trim();
                if text.is_empty() {
                    continue;
                }
                let named = Named::parse(text).with_context(|| format!("stdin line {}", i + 1))?;
                each(named)?;
            }
        } else {
            each(Named::parse(arg)?)?;
        }
    }
    Ok(())
}

/// The graph of a command that takes one GRAPH: the argument, or the first line of
/// standard input for `-`.
pub fn single_graph(arg: &str) -> Result<Graph> {
    if arg == "-" {
        let mut text = String::new();
        std::io::stdin()
            .lock()
            .read_line(&mut text)
            .context("reading standard input")?;
        Ok(parse(&text)?)
    } else {
        Ok(parse(arg)?)
    }
}
