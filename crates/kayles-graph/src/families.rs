//! Named graph families (`path:N`, `grid:RxC`, `petersen:N,K`, `linked-c4:N`, ...): parsing
//! of family specs and construction of the graphs, with a documented vertex order.

use crate::symmetry::{HostSymmetry, Shift};
use crate::Graph;
use thiserror::Error;

/// Why a family spec was rejected.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum FamilyError {
    /// The name before the colon is not a family.
    #[error("unknown family '{0}' (run `kayles families` for the list)")]
    Unknown(String),
    /// The parameters after the colon do not parse or are out of range.
    #[error("family '{spec}': {reason}")]
    BadParameters {
        /// The whole spec.
        spec: String,
        /// What is wrong.
        reason: String,
    },
}

/// The largest graph a family spec may build: its adjacency rows take `n^2 / 8` bytes
/// (32 MiB here), and no command can use a bigger one (the search takes components of at
/// most [`MAX_WIDTH`](crate::bits::MAX_WIDTH) vertices; the routes that answer bigger
/// graphs, a mirror strategy or the modular decomposition, are served up to this order).
pub const MAX_FAMILY_ORDER: usize = 16_384;

/// The sizes of a family graph, known from its spec alone (see [`size`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FamilySize {
    /// Vertices.
    pub order: u64,
    /// Edges (a `u128`: `complete:N` has more than 2^64 of them from N = 2^32.5 on).
    pub edges: u128,
    /// Vertices of its largest connected component (0 for the graph on no vertices).
    pub largest_component: u64,
}

/// One family: its name, parameter syntax, and how its vertices are numbered.
#[derive(Debug, Clone, Copy)]
pub struct FamilyInfo {
    /// Spec syntax, e.g. `grid:RxC`.
    pub syntax: &'static str,
    /// What the graph is and how its vertices are numbered.
    pub description: &'static str,
}

/// Every family, in the order `kayles families` lists them.
pub const FAMILIES: &[FamilyInfo] = &[
    FamilyInfo {
        syntax: "path:N",
        description: "path P_N; vertices 0..N-1 along the path",
    },
    FamilyInfo {
        syntax: "cycle:N",
        description: "cycle C_N (N >= 3); vertices 0..N-1 around it",
    },
    FamilyInfo {
        syntax: "complete:N",
        description: "complete graph K_N",
    },
    FamilyInfo {
        syntax: "empty:N",
        description: "edgeless graph on N vertices",
    },
    FamilyInfo {
        syntax: "star:N",
        description: "star on N vertices (K_{1,N-1}); centre 0, leaves 1..N-1",
    },
    FamilyInfo {
        syntax: "grid:RxC",
        description: "R x C grid graph; the cell in row r, column c (from 1, r1c1 at the top \
                      left) is named rRcC (r2c3) and is vertex (r-1)*C + (c-1), row by row",
    },
    FamilyInfo {
        syntax: "petersen:N,K",
        description: "generalized Petersen graph P(N,K), 1 <= K < N/2 or 2K = N; outer cycle \
                      u_i = i, spokes u_i v_i, inner v_i = N + i joined to v_{i+K}",
    },
    FamilyInfo {
        syntax: "queens:N",
        description: "N x N queens graph (same row, column or diagonal); cells named and \
                      numbered as on the grid: rRcC is vertex (r-1)*N + (c-1)",
    },
    FamilyInfo {
        syntax: "linked-c4:N",
        description: "L_N of A316629: u_1..u_{N+1} (0..N) a path, then v_1, w_1, .., v_N, w_N; \
                      edges u_i v_i, v_i w_i, w_i u_{i+1}",
    },
    FamilyInfo {
        syntax: "linked-c4-b:N",
        description: "L_N with the u-path extended by u_{N+2}, u_{N+3} on the right; \
                      u_1..u_{N+3} first, then v_1, w_1, ..",
    },
    FamilyInfo {
        syntax: "linked-c4-c:N",
        description: "linked-c4-b:N also extended by u_{-1}, u_0 on the left; \
                      u_{-1}, u_0, u_1..u_{N+3} first, then v_1, w_1, ..",
    },
    FamilyInfo {
        syntax: "linked-c4-alt:N",
        description:
            "the other linking (OEIS A316629's comment): u_1..u_{N+1}, then v_1, w_1, ..; \
                      edges u_i v_i, u_i w_i, v_i u_{i+1}, w_i u_{i+1} only (no u-path: a chain \
                      of 4-cycles sharing the u's)",
    },
];

/// A spec taken apart: the family's name and its parameters, checked.
enum Parsed {
    /// `path`, `cycle`, ..., `linked-c4-alt`: one number.
    One(&'static str, u64),
    /// `grid:RxC`.
    Grid(u64, u64),
    /// `petersen:N,K`.
    Petersen(u64, u64),
}

/// Parses and checks a spec without building anything.
fn parse(spec: &str) -> Result<Parsed, FamilyError> {
    let (name, params) = spec.split_once(':').unwrap_or((spec, ""));
    let bad = |reason: String| FamilyError::BadParameters {
        spec: spec.to_string(),
        reason,
    };
    let number = |text: &str| -> Result<u64, FamilyError> {
        let text = text.trim();
        match text.parse::<u64>() {
            Ok(n) => Ok(n),
            Err(_) if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) => {
                Err(bad(format!("'{text}' is too large")))
            }
            Err(_) => Err(bad(format!("'{text}' is not a non-negative integer"))),
        }
    };
    let Some(name) = FAMILIES
        .iter()
        .filter_map(|f| f.syntax.split(':').next())
        .find(|&known| known == name)
    else {
        return Err(FamilyError::Unknown(name.to_string()));
    };
    if params.is_empty() {
        return Err(bad("missing parameters after ':'".to_string()));
    }
    match name {
        "grid" => {
            let (r, c) = params
                .split_once(['x', 'X'])
                .ok_or_else(|| bad("expected RxC, e.g. grid:3x4".to_string()))?;
            Ok(Parsed::Grid(number(r)?, number(c)?))
        }
        "petersen" => {
            let (n, k) = params
                .split_once(',')
                .ok_or_else(|| bad("expected N,K, e.g. petersen:5,2".to_string()))?;
            let (n, k) = (number(n)?, number(k)?);
            if n < 3 || k == 0 || k > n / 2 {
                return Err(bad("needs N >= 3 and 1 <= K <= N/2".to_string()));
            }
            Ok(Parsed::Petersen(n, k))
        }
        _ => {
            let n = number(params)?;
            if name == "cycle" && n < 3 {
                return Err(bad("a cycle needs N >= 3".to_string()));
            }
            Ok(Parsed::One(name, n))
        }
    }
}

/// The number of vertices, edges and the largest component of the graph a family spec
/// names, from the spec alone (nothing is built), in exact integers: a spec whose graph
/// would have 2^64 vertices or more is an error. The same checks as [`build`]
/// except the size limit, so a front end can say how big a graph is and refuse it before
/// building it.
///
/// ```
/// use kayles_graph::families::size;
/// let queens = size("queens:223").unwrap();
/// assert_eq!((queens.order, queens.largest_component), (49_729, 49_729));
/// assert_eq!(size("empty:7").unwrap().largest_component, 1);
/// assert_eq!(size("grid:3x4").unwrap().edges, 17);
/// assert!(size("path:99999999999999999999").is_err());
/// assert_eq!(size("complete:99999999999").unwrap().edges, 4_999_999_999_850_000_000_001);
/// assert!(size("queens:4294967296").is_err()); // 2^64 squares
/// ```
pub fn size(spec: &str) -> Result<FamilySize, FamilyError> {
    let spec = spec.trim();
    let parsed = parse(spec)?;
    let too_big = || FamilyError::BadParameters {
        spec: spec.to_string(),
        reason: "the graph would have 2^64 vertices or more".to_string(),
    };
    // Every count in u128 (no parameter exceeds 2^64, so no product of two overflows),
    // then into u64.
    let pairs = |n: u128| n * n.saturating_sub(1) / 2;
    let (order, edges, connected): (u128, u128, bool) = match parsed {
        Parsed::Grid(r, c) => {
            let (r, c) = (u128::from(r), u128::from(c));
            let edges = if r == 0 || c == 0 {
                0
            } else {
                (r * (c - 1)).checked_add(c * (r - 1)).ok_or_else(too_big)?
            };
            (r * c, edges, true)
        }
        Parsed::Petersen(n, k) => {
            let n = u128::from(n);
            // Outer cycle, spokes, inner edges v_i v_{i+K}: N of them, or N/2 when 2K = N
            // (each is then met twice).
            let inner = if 2 * u128::from(k) == n { n / 2 } else { n };
            (2 * n, 2 * n + inner, true)
        }
        Parsed::One(name, n) => {
            let n = u128::from(n);
            match name {
                "path" => (n, n.saturating_sub(1), true),
                "cycle" => (n, n, true),
                "complete" => (n, pairs(n), true),
                "empty" => (n, 0, false),
                "star" => (n, n.saturating_sub(1), true),
                // Rows and columns: 2 N C(N,2); diagonals of both directions: 2 (2 C(N,3) +
                // C(N,2)). N is at most 2^64, so N^3 fits in u128 only below 2^42: go by
                // checked arithmetic.
                "queens" => {
                    let c2 = pairs(n);
                    let c3 = n
                        .checked_mul(n.saturating_sub(1))
                        .and_then(|x| x.checked_mul(n.saturating_sub(2)))
                        .map(|x| x / 6)
                        .ok_or_else(too_big)?;
                    let edges = (2 * n)
                        .checked_mul(c2)
                        .and_then(|x| x.checked_add(c3.checked_mul(4)?))
                        .and_then(|x| x.checked_add(2 * c2))
                        .ok_or_else(too_big)?;
                    (n * n, edges, true)
                }
                // The u-path of left + N + 1 + right vertices and three edges a square.
                "linked-c4" | "linked-c4-b" | "linked-c4-c" => {
                    let extra = match name {
                        "linked-c4" => 0,
                        "linked-c4-b" => 2,
                        _ => 4,
                    };
                    (3 * n + 1 + extra, n + extra + 3 * n, true)
                }
                _ => (2 * n + n + 1, 4 * n, true),
            }
        }
    };
    let order = u64::try_from(order).map_err(|_| too_big())?;
    let largest_component = if connected || order == 0 { order } else { 1 };
    Ok(FamilySize {
        order,
        edges,
        largest_component,
    })
}

/// Builds the graph named by a family spec such as `grid:3x4`, after [`size`] has checked
/// that it has at most [`MAX_FAMILY_ORDER`] vertices (a bigger one is refused before
/// anything is allocated).
///
/// ```
/// let g = kayles_graph::families::build("petersen:5,2").unwrap();
/// assert_eq!((g.order(), g.size()), (10, 15));
/// assert!(kayles_graph::families::build("cube:3").is_err());
/// assert_eq!(
///     kayles_graph::families::build("queens:223").unwrap_err().to_string(),
///     "family 'queens:223': 49729 vertices is more than the supported 16384"
/// );
/// ```
pub fn build(spec: &str) -> Result<Graph, FamilyError> {
    let spec = spec.trim();
    let order = size(spec)?.order;
    if order > MAX_FAMILY_ORDER as u64 {
        return Err(FamilyError::BadParameters {
            spec: spec.to_string(),
            reason: format!("{order} vertices is more than the supported {MAX_FAMILY_ORDER}"),
        });
    }
    // Every parameter is now at most the order (or, for petersen's K, half of it).
    let n = |x: u64| x as usize;
    Ok(match parse(spec)? {
        Parsed::Grid(r, c) => grid(n(r), n(c)),
        Parsed::Petersen(p, k) => generalized_petersen(n(p), n(k)),
        Parsed::One(name, x) => {
            let x = n(x);
            match name {
                "path" => path(x),
                "cycle" => cycle(x),
                "complete" => complete(x),
                "empty" => Graph::new(x),
                "star" => star(x),
                "queens" => queens(x),
                "linked-c4" => linked_c4(x, 0, 0),
                "linked-c4-b" => linked_c4(x, 0, 2),
                "linked-c4-c" => linked_c4(x, 2, 2),
                _ => linked_c4_alt(x),
            }
        }
    })
}

/// The path `P_n`.
pub fn path(n: usize) -> Graph {
    let edges: Vec<_> = (1..n).map(|i| (i - 1, i)).collect();
    Graph::from_edges(n, &edges)
}

/// The cycle `C_n` (`n >= 3`).
pub fn cycle(n: usize) -> Graph {
    let mut g = path(n);
    g.add_edge(0, n - 1);
    g
}

/// The complete graph `K_n`.
pub fn complete(n: usize) -> Graph {
    let mut g = Graph::new(n);
    for u in 0..n {
        for v in u + 1..n {
            g.add_edge(u, v);
        }
    }
    g
}

/// The star on `n` vertices: centre 0 joined to `1..n`.
pub fn star(n: usize) -> Graph {
    let edges: Vec<_> = (1..n).map(|i| (0, i)).collect();
    Graph::from_edges(n, &edges)
}

/// The `r x c` grid, vertex `r * c_count + c`.
pub fn grid(rows: usize, cols: usize) -> Graph {
    let mut g = Graph::new(rows * cols);
    for r in 0..rows {
        for c in 0..cols {
            let v = r * cols + c;
            if c + 1 < cols {
                g.add_edge(v, v + 1);
            }
            if r + 1 < rows {
                g.add_edge(v, v + cols);
            }
        }
    }
    g
}

/// The generalized Petersen graph `P(n, k)`: outer `i`, inner `n + i`.
pub fn generalized_petersen(n: usize, k: usize) -> Graph {
    let mut g = Graph::new(2 * n);
    for i in 0..n {
        g.add_edge(i, (i + 1) % n);
        g.add_edge(i, n + i);
        g.add_edge(n + i, n + (i + k) % n);
    }
    g
}

/// The `n x n` queens graph, square `r * n + c`.
pub fn queens(n: usize) -> Graph {
    let mut g = Graph::new(n * n);
    // From each square, the squares a queen reaches to the right, down, and down either
    // diagonal: every edge once, in time proportional to the edges.
    for r in 0..n {
        for c in 0..n {
            let a = r * n + c;
            for c2 in c + 1..n {
                g.add_edge(a, r * n + c2);
            }
            for r2 in r + 1..n {
                let d = r2 - r;
                g.add_edge(a, r2 * n + c);
                if c + d < n {
                    g.add_edge(a, r2 * n + c + d);
                }
                if d <= c {
                    g.add_edge(a, r2 * n + c - d);
                }
            }
        }
    }
    g
}

/// Linked 4-cycles with `left` extra path vertices before `u_1` and `right` after
/// `u_{n+1}`: path vertices first (left to right), then `v_1, w_1, ..., v_n, w_n`.
fn linked_c4(n: usize, left: usize, right: usize) -> Graph {
    let path_len = left + n + 1 + right;
    let mut g = Graph::new(path_len + 2 * n);
    for i in 1..path_len {
        g.add_edge(i - 1, i);
    }
    for i in 0..n {
        let u = left + i;
        let (v, w) = (path_len + 2 * i, path_len + 2 * i + 1);
        g.add_edge(u, v);
        g.add_edge(v, w);
        g.add_edge(w, u + 1);
    }
    g
}

/// The other linking of SEQ-LINKED-C4-ALT: `u_i v_i, u_i w_i, v_i u_{i+1}, w_i u_{i+1}`
/// and nothing else (the `u`s are not joined by a path: the 4-cycles `u_i v_i u_{i+1} w_i`
/// share their `u`s), as in the comment of OEIS A316629.
fn linked_c4_alt(n: usize) -> Graph {
    let path_len = n + 1;
    let mut g = Graph::new(path_len + 2 * n);
    for i in 0..n {
        let (v, w) = (path_len + 2 * i, path_len + 2 * i + 1);
        g.add_edge(i, v);
        g.add_edge(i, w);
        g.add_edge(v, i + 1);
        g.add_edge(w, i + 1);
    }
    g
}

/// Turns a sequence template into the spec of its `n`-th term: `N` stands for the index
/// (`grid:3xN`, `petersen:N,2`), and a bare name means `name:N`.
///
/// ```
/// use kayles_graph::families::term_spec;
/// assert_eq!(term_spec("grid:3xN", 7), "grid:3x7");
/// assert_eq!(term_spec("queens", 5), "queens:5");
/// ```
pub fn term_spec(template: &str, n: usize) -> String {
    let template = template.trim();
    match template.split_once(':') {
        None => format!("{template}:{n}"),
        Some((name, params)) => format!("{name}:{}", params.replace('N', &n.to_string())),
    }
}

/// The first index `n` in `from..=to` at which the sequence template names a graph (terms
/// where the family is undefined, like `cycle:N` for `N < 3`, come first and are skipped);
/// `to + 1` when there is none. The template is checked at `max(from, to)` first, so an
/// unknown family or a malformed template is an error, not an empty sequence.
///
/// ```
/// use kayles_graph::families::first_defined;
/// assert_eq!(first_defined("cycle", 1, 10), Ok(3));
/// assert_eq!(first_defined("grid:3xN", 1, 10), Ok(1));
/// assert!(first_defined("cube", 1, 10).is_err());
/// ```
pub fn first_defined(template: &str, from: usize, to: usize) -> Result<usize, FamilyError> {
    size(&term_spec(template, to.max(from)))?;
    Ok((from..=to)
        .find(|&n| size(&term_spec(template, n)).is_ok())
        .unwrap_or(to.saturating_add(1)))
}

/// The host symmetry of a family graph (see [`symmetry`](crate::symmetry)), when the
/// family has one the search can use: flips and translations of grids and paths, the
/// eight symmetries and translations of a queens board, reflection and rotation of
/// `P(n, k)` and cycles. `Ok(None)` for the other families. Errors as [`build`].
///
/// ```
/// let sym = kayles_graph::families::host_symmetry("queens:5").unwrap().unwrap();
/// assert_eq!(sym.group_size(), 8 * 25);
/// assert!(kayles_graph::families::host_symmetry("star:5").unwrap().is_none());
/// ```
pub fn host_symmetry(spec: &str) -> Result<Option<HostSymmetry>, FamilyError> {
    let g = build(spec)?;
    let spec = spec.trim();
    let (name, params) = spec.split_once(':').unwrap_or((spec, ""));
    let n = g.order();
    if n == 0 {
        return Ok(None);
    }
    let perm = |f: &dyn Fn(usize) -> usize| -> Vec<u32> { (0..n).map(|v| f(v) as u32).collect() };
    let (maps, shift) = match name {
        "path" => (
            vec![perm(&|v| n - 1 - v)],
            Shift::Translate { rows: 1, cols: n },
        ),
        "cycle" => (vec![perm(&|v| (n - v) % n)], Shift::Rotate { layers: 1, n }),
        "grid" | "queens" => {
            let (rows, cols) = if name == "queens" {
                let side = (n as f64).sqrt().round() as usize;
                (side, side)
            } else {
                let (r, c) = params.split_once(['x', 'X']).unwrap_or(("0", "0"));
                (r.trim().parse().unwrap_or(0), c.trim().parse().unwrap_or(0))
            };
            let cell = |v: usize| (v / cols, v % cols);
            let mut maps = vec![
                perm(&|v| (rows - 1 - cell(v).0) * cols + cell(v).1),
                perm(&|v| cell(v).0 * cols + cols - 1 - cell(v).1),
                perm(&|v| (rows - 1 - cell(v).0) * cols + cols - 1 - cell(v).1),
            ];
            if rows == cols {
                for flip in [false, true] {
                    for turn in [false, true] {
                        maps.push(perm(&|v| {
                            let (mut r, mut c) = cell(v);
                            if flip {
                                r = rows - 1 - r;
                            }
                            if turn {
                                c = cols - 1 - c;
                            }
                            c * cols + r
                        }));
                    }
                }
            }
            (maps, Shift::Translate { rows, cols })
        }
        "petersen" => {
            let len = n / 2;
            (
                vec![perm(&|v| (v / len) * len + (len - v % len) % len)],
                Shift::Rotate { layers: 2, n: len },
            )
        }
        _ => return Ok(None),
    };
    let shift = match shift {
        Shift::Translate { cols, .. } | Shift::Rotate { n: cols, .. } if cols > 64 => Shift::None,
        shift => shift,
    };
    HostSymmetry::new(&g, maps, shift)
        .map(Some)
        .map_err(|reason| FamilyError::BadParameters {
            spec: spec.to_string(),
            reason: format!("internal error in the family's symmetry: {reason}"),
        })
}

/// A mirror strategy for the second player (see
/// [`is_mirror_strategy`](crate::symmetry::is_mirror_strategy)), when the family graph has
/// the half turn as one: `P(n, k)` and cycles for even `n` (`i -> i + n/2`), and `2 x n`
/// ladders and other grids with an even side (the 180-degree rotation). Every candidate is
/// checked; `Ok(None)` when there is none. Such a graph has nimber 0.
///
/// ```
/// use kayles_graph::families::mirror_strategy;
/// assert!(mirror_strategy("petersen:40,2").unwrap().is_some());
/// assert!(mirror_strategy("petersen:39,2").unwrap().is_none());
/// ```
pub fn mirror_strategy(spec: &str) -> Result<Option<Vec<u32>>, FamilyError> {
    Ok(mirror_strategy_of(spec, &build(spec)?))
}

/// [`mirror_strategy`] for a graph already built: the half turn that `spec`'s family
/// suggests, kept only when it is a mirror strategy of `g` itself (so a name that does not
/// describe `g` can only lose the shortcut, never give a wrong value). `None` for specs
/// of other families and for text that is no family spec at all.
///
/// ```
/// use kayles_graph::families::{build, mirror_strategy_of};
/// let board = build("grid:4x6").unwrap();
/// assert!(mirror_strategy_of("grid:4x6", &board).is_some());
/// assert!(mirror_strategy_of("grid:3x6", &build("grid:3x6").unwrap()).is_none());
/// assert!(mirror_strategy_of("C~", &board).is_none()); // graph6 text: no family
/// ```
pub fn mirror_strategy_of(spec: &str, g: &Graph) -> Option<Vec<u32>> {
    let spec = spec.trim();
    let name = spec.split_once(':').map(|(name, _)| name)?;
    let n = g.order();
    let candidate: Vec<u32> = match name {
        "cycle" => (0..n).map(|v| ((v + n / 2) % n) as u32).collect(),
        "petersen" => {
            let len = n / 2;
            (0..n)
                .map(|v| ((v / len) * len + (v % len + len / 2) % len) as u32)
                .collect()
        }
        // The half turn of any board: vertex v <-> n - 1 - v in row-major order.
        "grid" => (0..n).map(|v| (n - 1 - v) as u32).collect(),
        _ => return None,
    };
    crate::symmetry::is_mirror_strategy(g, &candidate).then_some(candidate)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orders_and_sizes() {
        let cases = [
            ("path:5", 5, 4),
            ("cycle:5", 5, 5),
            ("complete:4", 4, 6),
            ("empty:3", 3, 0),
            ("star:4", 4, 3),
            ("grid:3x4", 12, 17),
            ("petersen:5,2", 10, 15),
            ("queens:3", 9, 28),
            ("linked-c4:2", 7, 8),
            ("linked-c4-b:0", 3, 2),
            ("linked-c4-c:0", 5, 4),
            ("linked-c4-alt:1", 4, 4),
        ];
        for (spec, n, m) in cases {
            let g = build(spec).unwrap();
            assert_eq!((g.order(), g.size()), (n, m), "{spec}");
        }
    }

    /// The sizes [`size`] computes from a spec are those of the graph [`build`] builds
    /// (components counted on the graph), for every family over a range of parameters.
    #[test]
    fn sizes_from_the_spec_are_the_built_graphs() {
        let mut specs = Vec::new();
        for n in 0..12 {
            for name in [
                "path",
                "cycle",
                "complete",
                "empty",
                "star",
                "queens",
                "linked-c4",
                "linked-c4-b",
                "linked-c4-c",
                "linked-c4-alt",
            ] {
                specs.push(format!("{name}:{n}"));
            }
            for m in 0..6 {
                specs.push(format!("grid:{n}x{m}"));
                specs.push(format!("petersen:{n},{m}"));
            }
        }
        let mut checked = 0;
        for spec in &specs {
            let (built, sized) = (build(spec), size(spec));
            assert_eq!(built.is_ok(), sized.is_ok(), "{spec}");
            let (Ok(g), Ok(sized)) = (built, sized) else {
                continue;
            };
            let all = crate::VertexSet::full(g.order());
            let largest = g.components(&all).iter().map(|c| c.len()).max();
            assert_eq!(
                sized,
                FamilySize {
                    order: g.order() as u64,
                    edges: g.size() as u128,
                    largest_component: largest.unwrap_or(0) as u64,
                },
                "{spec}"
            );
            checked += 1;
        }
        assert!(checked > 150, "{checked}");
    }

    /// Sizes far beyond what any command builds are exact, and past 2^64 an error.
    #[test]
    fn huge_sizes_are_exact_or_refused() {
        let queens = size("queens:100000").unwrap();
        assert_eq!(queens.order, 10_000_000_000);
        // 2 N C(N,2) + 4 C(N,3) + 2 C(N,2), N = 10^5.
        let (n, c2) = (100_000u128, 100_000u128 * 99_999 / 2);
        let c3 = 100_000u128 * 99_999 * 99_998 / 6;
        assert_eq!(queens.edges, 2 * n * c2 + 4 * c3 + 2 * c2);
        let longest = size("path:18446744073709551615").unwrap();
        assert_eq!(
            (longest.order, longest.edges),
            (u64::MAX, u128::from(u64::MAX) - 1)
        );
        let clique = size("complete:18446744073709551615").unwrap();
        assert_eq!(
            clique.edges,
            u128::from(u64::MAX) * u128::from(u64::MAX - 1) / 2
        );
        for spec in [
            "grid:4294967296x4294967296",
            "path:18446744073709551616",
            "path:99999999999999999999",
            "queens:4294967296",
            "petersen:18446744073709551615,2",
        ] {
            let error = size(spec).unwrap_err().to_string();
            assert!(!error.contains('\n'), "{spec}: {error}");
            assert!(
                error.starts_with(&format!("family '{spec}'")),
                "{spec}: {error}"
            );
        }
        assert_eq!(
            size("path:99999999999999999999").unwrap_err().to_string(),
            "family 'path:99999999999999999999': '99999999999999999999' is too large"
        );
    }

    /// What no command can use is refused before it is built: today's limit is
    /// [`MAX_FAMILY_ORDER`], and graphs just above it fail at once.
    #[test]
    fn graphs_above_the_limit_are_refused_before_building() {
        for spec in ["queens:223", "complete:50000", "path:16385", "grid:129x128"] {
            let start = std::time::Instant::now();
            let error = build(spec).unwrap_err().to_string();
            assert!(error.contains("more than the supported 16384"), "{error}");
            assert!(
                start.elapsed().as_millis() < 50,
                "{spec} took {:?}",
                start.elapsed()
            );
        }
        assert_eq!(build("grid:128x128").unwrap().order(), MAX_FAMILY_ORDER);
        assert_eq!(build("queens:128").unwrap().order(), MAX_FAMILY_ORDER);
    }

    #[test]
    fn bad_specs_are_errors() {
        for spec in [
            "cube:3",
            "path",
            "path:x",
            "grid:3",
            "grid:3xy",
            "petersen:5",
            "cycle:2",
            "petersen:5,3",
            "queens:1000",
            "path:-1",
        ] {
            assert!(build(spec).is_err(), "{spec}");
        }
    }
}
