//! Graphs named by text, as the `kayles` command and the Python package take them: a
//! graph6 string (`Bw`), a family spec (`grid:3x4`, see [`families`]), or, on the command
//! line, `-` for graph6 lines on standard input; with the one-line error messages both
//! front ends give.

use crate::lines::Lines;
use anyhow::{Context, Result};
use kayles_core::families::{self, FamilyError};
use kayles_core::graph6::{self, Graph6Error};
use kayles_core::Graph;
use thiserror::Error;

/// Why a graph argument was rejected; the message is the one-line error the command line
/// prints.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum GraphArgError {
    /// Not a valid graph6 string.
    #[error("{error} (argument '{}')", shortened(arg))]
    Graph6 {
        /// What is wrong with it.
        error: Graph6Error,
        /// The argument, trimmed.
        arg: String,
    },
    /// A family spec that names no family or has bad parameters.
    #[error(transparent)]
    Family(#[from] FamilyError),
    /// A graph bigger than the command can use, refused before it was built.
    #[error("{arg} has {what}{vertices} vertices; {user} takes at most {max}")]
    TooLarge {
        /// The argument (a family spec, or graph6 shortened to its first characters).
        arg: String,
        /// `""`, or `"a connected component of "` when the bound is on components.
        what: &'static str,
        /// Vertices of the graph (or of its largest component).
        vertices: u64,
        /// Who takes the graph: [`Limit::user`].
        user: &'static str,
        /// The most it takes.
        max: usize,
    },
}

/// What a command can use of a graph: a family spec is checked against it from its sizes
/// alone ([`families::size`]), before anything is built, and a graph6 string by its
/// order. Each command passes the limit of what it does with the graph; [`parse`] takes
/// [`Limit::GRAPH`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    /// Who takes the graph, as the error names it ("the search").
    pub user: &'static str,
    /// The most vertices.
    pub order: usize,
    /// The most vertices of a connected component (checked on family specs, whose
    /// components are known from the spec; the search checks a graph6 graph's own).
    pub component: Option<usize>,
}

impl Limit {
    /// Any command: the largest graph built ([`families::MAX_FAMILY_ORDER`] vertices,
    /// 32 MiB of adjacency rows). `nimber` takes this much: its mirror and modular routes
    /// answer graphs whose components are wider than the search's.
    pub const GRAPH: Limit = Limit {
        user: "a graph argument",
        order: families::MAX_FAMILY_ORDER,
        component: None,
    };
    /// What only the search answers (`moves`, `play`, `split`, sequence terms by search):
    /// components of at most [`MAX_WIDTH`](kayles_core::bits::MAX_WIDTH) vertices.
    pub const SEARCH: Limit = Limit {
        user: "the search",
        order: families::MAX_FAMILY_ORDER,
        component: Some(kayles_core::bits::MAX_WIDTH),
    };
    /// The full subset table (`histogram`, `subsets`): `2^n` bytes, at most
    /// [`MAX_TABLE_ORDER`](kayles_core::table::MAX_TABLE_ORDER) vertices.
    pub const TABLE: Limit = Limit {
        user: "a table of all subsets",
        order: kayles_core::table::MAX_TABLE_ORDER,
        component: None,
    };

    /// Refuses a family spec of these sizes, named `arg`, that exceeds the limit.
    pub fn check(&self, arg: &str, size: &families::FamilySize) -> Result<(), GraphArgError> {
        let too_large = |what, vertices, max| GraphArgError::TooLarge {
            arg: shortened(arg),
            what,
            vertices,
            user: self.user,
            max,
        };
        // The bound on components first: it is the one that tells what the command does.
        if let Some(max) = self.component {
            if size.largest_component > max as u64 {
                let what = if size.largest_component == size.order {
                    ""
                } else {
                    "a connected component of "
                };
                return Err(too_large(what, size.largest_component, max));
            }
        }
        if size.order > self.order as u64 {
            return Err(too_large("", size.order, self.order));
        }
        Ok(())
    }
}

/// `arg` as an error quotes it: at most 40 characters (a graph6 line may be megabytes).
fn shortened(arg: &str) -> String {
    match arg.char_indices().nth(40) {
        Some((end, _)) => format!("{}...", &arg[..end]),
        None => arg.to_string(),
    }
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

/// The host symmetry of the family the graph argument `arg` names (its flips,
/// translations, rotations), the one the memo's keys and the certificate's tables use:
/// `None` for graph6 and for a family without one.
///
/// ```
/// use kayles_solve::graphs::family_symmetry;
/// assert!(family_symmetry(" grid:3x4\n").is_some());
/// assert!(family_symmetry("Bw").is_none());
/// ```
pub fn family_symmetry(arg: &str) -> Option<kayles_core::symmetry::HostSymmetry> {
    let arg = arg.trim();
    if !is_family_spec(arg) {
        return None;
    }
    families::host_symmetry(arg).ok().flatten()
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
    parse_within(arg, &Limit::GRAPH)
}

/// [`parse`] for a command that can use at most `limit`: a family spec beyond it is
/// refused from its sizes before anything is built, a graph6 string by its order (its
/// text, a sixth of a bit per vertex pair, bounds what it allocates).
///
/// ```
/// use kayles_solve::graphs::{parse_within, Limit};
/// assert_eq!(
///     parse_within("queens:223", &Limit::SEARCH).unwrap_err().to_string(),
///     "queens:223 has 49729 vertices; the search takes at most 4096"
/// );
/// assert_eq!(
///     parse_within("path:31", &Limit::TABLE).unwrap_err().to_string(),
///     "path:31 has 31 vertices; a table of all subsets takes at most 30"
/// );
/// assert_eq!(parse_within("empty:5000", &Limit::SEARCH).unwrap().order(), 5000);
/// ```
pub fn parse_within(arg: &str, limit: &Limit) -> Result<Graph, GraphArgError> {
    let arg = arg.trim();
    if is_family_spec(arg) {
        limit.check(arg, &families::size(arg)?)?;
        Ok(families::build(arg)?)
    } else {
        let graph = graph6::parse(arg).map_err(|error| GraphArgError::Graph6 {
            error,
            arg: arg.to_string(),
        })?;
        if graph.order() > limit.order {
            return Err(GraphArgError::TooLarge {
                arg: format!("graph6 '{}'", shortened(arg)),
                what: "",
                vertices: graph.order() as u64,
                user: limit.user,
                max: limit.order,
            });
        }
        Ok(graph)
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
        Named::parse_within(arg, &Limit::GRAPH)
    }

    /// The graph named by `arg` (not `-`) for a command that can use at most `limit`
    /// ([`parse_within`]).
    pub fn parse_within(arg: &str, limit: &Limit) -> Result<Named, GraphArgError> {
        Ok(Named {
            name: arg.to_string(),
            graph: parse_within(arg, limit)?,
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
/// (blank lines skipped, errors name the line; lines bounded by [`crate::lines::MAX_LINE`]).
pub fn for_each_graph(args: &[String], each: impl FnMut(Named) -> Result<()>) -> Result<()> {
    for_each_graph_within(args, &Limit::GRAPH, each)
}

/// [`for_each_graph`] for a command that can use at most `limit` of each graph.
pub fn for_each_graph_within(
    args: &[String],
    limit: &Limit,
    mut each: impl FnMut(Named) -> Result<()>,
) -> Result<()> {
    for arg in args {
        if arg == "-" {
            let stdin = std::io::stdin();
            let mut lines = Lines::new(stdin.lock(), "stdin");
            while let Some(line) = lines.next_line()? {
                let text = line.text.trim();
                if text.is_empty() {
                    continue;
                }
                let named = Named::parse_within(text, limit)
                    .with_context(|| format!("stdin line {}", lines.number()))?;
                each(named)?;
            }
        } else {
            each(Named::parse_within(arg, limit)?)?;
        }
    }
    Ok(())
}

/// The graph of a command that takes one GRAPH: the argument, or the first line of
/// standard input for `-`.
pub fn single_graph(arg: &str) -> Result<Graph> {
    single_graph_within(arg, &Limit::GRAPH)
}

/// [`single_graph`] for a command that can use at most `limit`.
pub fn single_graph_within(arg: &str, limit: &Limit) -> Result<Graph> {
    if arg == "-" {
        let stdin = std::io::stdin();
        let mut lines = Lines::new(stdin.lock(), "stdin");
        let text = lines.next_line()?.map(|l| l.text.to_string());
        Ok(parse_within(text.as_deref().unwrap_or(""), limit)?)
    } else {
        Ok(parse_within(arg, limit)?)
    }
}
