//! The two games on segment graphs: the moves as deleted vertex sets (Node Kayles deletes
//! a closed neighbourhood `N[v]`, Arc Kayles the two ends of an edge), each with the site
//! it is played at, and values by direct search (a [`GameSolver`] of either game:
//! `kayles_core::node::Solver` or `kayles_core::arc::Solver`).

use crate::segment::Site;
use crate::spec::{Chain, Link};
use kayles_core::engine::SearchConfig;
use kayles_core::game::GameSolver;
use kayles_core::{GameKind, Graph};
use std::fmt;

/// A kind of move in the middle of a chain, up to translation: played at copy `i`, it
/// deletes vertices of copies `i + lo ..= i + hi`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Pattern {
    /// Node Kayles: vertex `g` of the copy.
    Vertex(usize),
    /// Arc Kayles: a gadget edge `(u, v)`, `u < v`, of the copy.
    Edge(usize, usize),
    /// Arc Kayles: the link from the copy to the copy `d` later.
    Link(Link),
}

impl fmt::Display for Pattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Pattern::Vertex(g) => write!(f, "vertex {g}"),
            Pattern::Edge(u, v) => write!(f, "edge {u}-{v}"),
            Pattern::Link(l) => write!(f, "link [{}, {}, {}]", l.x, l.y, l.d),
        }
    }
}

/// A pattern with the copy offsets it touches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PatternInfo {
    /// The move.
    pub pattern: Pattern,
    /// Least copy offset deleted (`<= 0`).
    pub lo: isize,
    /// Greatest copy offset deleted (`>= 0`).
    pub hi: isize,
}

impl PatternInfo {
    /// Copies spanned, `hi - lo + 1`.
    pub fn width(&self) -> usize {
        (self.hi - self.lo + 1) as usize
    }
}

/// Every middle move of `chain` under `game`, with its offsets.
pub fn patterns(chain: &Chain, game: GameKind) -> Vec<PatternInfo> {
    match game {
        GameKind::Node => (0..chain.order)
            .map(|g| {
                let back = chain.links.iter().filter(|l| l.y == g).map(|l| l.d);
                let ahead = chain.links.iter().filter(|l| l.x == g).map(|l| l.d);
                PatternInfo {
                    pattern: Pattern::Vertex(g),
                    lo: -(back.max().unwrap_or(0) as isize),
                    hi: ahead.max().unwrap_or(0) as isize,
                }
            })
            .collect(),
        GameKind::Arc => {
            let edges = chain.edges.iter().map(|&(u, v)| PatternInfo {
                pattern: Pattern::Edge(u, v),
                lo: 0,
                hi: 0,
            });
            let links = chain.links.iter().map(|&l| PatternInfo {
                pattern: Pattern::Link(l),
                lo: 0,
                hi: l.d as isize,
            });
            edges.chain(links).collect()
        }
    }
}

/// Where a concrete move is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveSite {
    /// It deletes a vertex of the left end (Arc Kayles) or is a left end vertex (Node).
    Left,
    /// The same on the right end.
    Right,
    /// A middle pattern played at copy `copy`.
    Copy {
        /// The copy (from 1).
        copy: usize,
        /// The pattern.
        pattern: Pattern,
    },
}

/// A move of a segment graph: the vertices it deletes, where it is played, and how to
/// say it.
#[derive(Debug, Clone)]
pub struct Move {
    /// Deleted vertices.
    pub deleted: Vec<usize>,
    /// Where.
    pub site: MoveSite,
    /// `vertex 1 of copy 3`, `edge {..}`.
    pub name: String,
}

/// Every move of the segment graph `g` with vertex sites `sites`.
pub fn moves(game: GameKind, g: &Graph, sites: &[Site]) -> Vec<Move> {
    match game {
        GameKind::Node => (0..g.order())
            .map(|v| Move {
                deleted: g.closed_neighbourhood(v).iter().collect(),
                site: match sites[v] {
                    Site::Left(_) => MoveSite::Left,
                    Site::Right(_) => MoveSite::Right,
                    Site::Copy { copy, vertex } => MoveSite::Copy {
                        copy,
                        pattern: Pattern::Vertex(vertex),
                    },
                },
                name: sites[v].to_string(),
            })
            .collect(),
        GameKind::Arc => g
            .edges()
            .into_iter()
            .map(|(u, w)| {
                let site = match (sites[u], sites[w]) {
                    (Site::Left(_), _) | (_, Site::Left(_)) => MoveSite::Left,
                    (Site::Right(_), _) | (_, Site::Right(_)) => MoveSite::Right,
                    (Site::Copy { copy: i, vertex: a }, Site::Copy { copy: j, vertex: b }) => {
                        let ((i, a), (j, b)) = if (i, a) <= (j, b) {
                            ((i, a), (j, b))
                        } else {
                            ((j, b), (i, a))
                        };
                        MoveSite::Copy {
                            copy: i,
                            pattern: if i == j {
                                Pattern::Edge(a, b)
                            } else {
                                Pattern::Link(Link {
                                    x: a,
                                    y: b,
                                    d: j - i,
                                })
                            },
                        }
                    }
                };
                Move {
                    deleted: vec![u, w],
                    site,
                    name: format!("edge {{{}, {}}}", sites[u], sites[w]),
                }
            })
            .collect(),
    }
}

/// A direct-search solver for `game`, every layer on (the judge of [`crate::check`] and
/// the source of pieces and base values in [`crate::derive`]).
pub fn solver(game: GameKind) -> GameSolver {
    GameSolver::new(game, SearchConfig::default())
}
