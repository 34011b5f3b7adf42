//! The games this crate plays, named for callers that choose one at run time (the
//! command line, the Python package): [`GameKind`].
//!
//! Both are played on the vertex sets of a graph (docs/claims/README.md section 1):
//! - **Node Kayles**: a move picks a vertex `v` and deletes its closed neighbourhood `N[v]`;
//! - **Arc Kayles**: a move picks an edge `uv` and deletes both endpoints (so every edge
//!   that touches them goes too). An isolated vertex is dead: no move ever uses it.

use std::fmt;
use std::str::FromStr;

/// Node Kayles or Arc Kayles.
///
/// ```
/// use kayles_core::GameKind;
/// assert_eq!("arc".parse::<GameKind>(), Ok(GameKind::Arc));
/// assert_eq!(GameKind::Node.to_string(), "node");
/// assert!("chess".parse::<GameKind>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum GameKind {
    /// A move deletes a closed neighbourhood `N[v]`.
    #[default]
    Node,
    /// A move deletes both endpoints of an edge.
    Arc,
}

impl GameKind {
    /// Both games, Node Kayles first.
    pub const ALL: [GameKind; 2] = [GameKind::Node, GameKind::Arc];

    /// The name used on the command line and in JSON: `node` or `arc`.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Node => "node",
            GameKind::Arc => "arc",
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GameKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "node" => Ok(GameKind::Node),
            "arc" => Ok(GameKind::Arc),
            other => Err(format!("unknown game {other:?} (expected node or arc)")),
        }
    }
}
