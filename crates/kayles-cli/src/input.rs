//! Turning a GRAPH argument into graphs: a graph6 string, a family spec (`grid:3x4`), or
//! `-` for graph6 lines on standard input.

use anyhow::{Context, Result};
use kayles_core::{graph_arg, Graph};
use std::io::BufRead;

/// One graph and the text that named it.
pub struct Named {
    pub name: String,
    pub graph: Graph,
}

/// Parses one GRAPH argument that is not `-`.
pub fn parse_graph(arg: &str) -> Result<Graph> {
    Ok(graph_arg::parse(arg)?)
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
                let graph = parse_graph(text).with_context(|| format!("stdin line {}", i + 1))?;
                each(Named {
                    name: text.to_string(),
                    graph,
                })?;
            }
        } else {
            let graph = parse_graph(arg)?;
            each(Named {
                name: arg.clone(),
                graph,
            })?;
        }
    }
    Ok(())
}

/// The single graph of commands that take one GRAPH (not `-`).
pub fn single_graph(arg: &str) -> Result<Graph> {
    if arg == "-" {
        let mut text = String::new();
        std::io::stdin()
            .lock()
            .read_line(&mut text)
            .context("reading standard input")?;
        parse_graph(&text)
    } else {
        parse_graph(arg)
    }
}
