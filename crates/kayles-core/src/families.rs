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

/// The largest graph a family spec may build.
pub const MAX_FAMILY_ORDER: usize = 50_000;

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

/// Builds the graph named by a family spec such as `grid:3x4`.
///
/// ```
/// let g = kayles_core::families::build("petersen:5,2").unwrap();
/// assert_eq!((g.order(), g.size()), (10, 15));
/// assert!(kayles_core::families::build("cube:3").is_err());
/// ```
pub fn build(spec: &str) -> Result<Graph, FamilyError> {
    let spec = spec.trim();
    let (name, params) = spec.split_once(':').unwrap_or((spec, ""));
    let bad = |reason: String| FamilyError::BadParameters {
        spec: spec.to_string(),
        reason,
    };
    let number = |text: &str| -> Result<usize, FamilyError> {
        text.trim()
            .parse::<usize>()
            .map_err(|_| bad(format!("'{text}' is not a non-negative integer")))
    };
    let check_order = |n: usize| -> Result<(), FamilyError> {
        if n > MAX_FAMILY_ORDER {
            Err(bad(format!(
                "{n} vertices is more than the supported {MAX_FAMILY_ORDER}"
            )))
        } else {
            Ok(())
        }
    };
    let known = FAMILIES
        .iter()
        .any(|f| f.syntax.split(':').next() == Some(name));
    if !known {
        return Err(FamilyError::Unknown(name.to_string()));
    }
    if params.is_empty() {
        return Err(bad("missing parameters after ':'".to_string()));
    }
    match name {
        "path" | "cycle" | "complete" | "empty" | "star" | "queens" | "linked-c4"
        | "linked-c4-b" | "linked-c4-c" | "linked-c4-alt" => {
            let n = number(params)?;
            let order = match name {
                "queens" => n.saturating_mul(n),
                "linked-c4" | "linked-c4-alt" => n.saturating_mul(3).saturating_add(1),
                "linked-c4-b" => n.saturating_mul(3).saturating_add(3),
                "linked-c4-c" => n.saturating_mul(3).saturating_add(5),
                _ => n,
            };
            check_order(order)?;
            Ok(match name {
                "path" => path(n),
                "cycle" => {
                    if n < 3 {
                        return Err(bad("a cycle needs N >= 3".to_string()));
                    }
                    cycle(n)
                }
                "complete" => complete(n),
                "empty" => Graph::new(n),
                "star" => star(n),
                "queens" => queens(n),
                "linked-c4" => linked_c4(n, 0, 0),
                "linked-c4-b" => linked_c4(n, 0, 2),
                "linked-c4-c" => linked_c4(n, 2, 2),
                _ => linked_c4_alt(n),
            })
        }
        "grid" => {
            let (r, c) = params
                .split_once(['x', 'X'])
                .ok_or_else(|| bad("expected RxC, e.g. grid:3x4".to_string()))?;
            let (r, c) = (number(r)?, number(c)?);
            check_order(r.saturating_mul(c))?;
            Ok(grid(r, c))
        }
        "petersen" => {
            let (n, k) = params
                .split_once(',')
                .ok_or_else(|| bad("expected N,K, e.g. petersen:5,2".to_string()))?;
            let (n, k) = (number(n)?, number(k)?);
            check_order(n.saturating_mul(2))?;
            if n < 3 || k == 0 || 2 * k > n {
                return Err(bad("needs N >= 3 and 1 <= K <= N/2".to_string()));
            }
            Ok(generalized_petersen(n, k))
        }
        _ => unreachable!("every listed family has a builder"),
    }
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
    for a in 0..n * n {
        let (r1, c1) = (a / n, a % n);
        for b in a + 1..n * n {
            let (r2, c2) = (b / n, b % n);
            if r1 == r2 || c1 == c2 || r1.abs_diff(r2) == c1.abs_diff(c2) {
                g.add_edge(a, b);
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
/// use kayles_core::families::term_spec;
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
/// use kayles_core::families::first_defined;
/// assert_eq!(first_defined("cycle", 1, 10), Ok(3));
/// assert_eq!(first_defined("grid:3xN", 1, 10), Ok(1));
/// assert!(first_defined("cube", 1, 10).is_err());
/// ```
pub fn first_defined(template: &str, from: usize, to: usize) -> Result<usize, FamilyError> {
    build(&term_spec(template, to.max(from)))?;
    Ok((from..=to)
        .find(|&n| build(&term_spec(template, n)).is_ok())
        .unwrap_or(to + 1))
}

/// The host symmetry of a family graph (see [`symmetry`](crate::symmetry)), when the
/// family has one the search can use: flips and translations of grids and paths, the
/// eight symmetries and translations of a queens board, reflection and rotation of
/// `P(n, k)` and cycles. `Ok(None)` for the other families. Errors as [`build`].
///
/// ```
/// let sym = kayles_core::families::host_symmetry("queens:5").unwrap().unwrap();
/// assert_eq!(sym.group_size(), 8 * 25);
/// assert!(kayles_core::families::host_symmetry("star:5").unwrap().is_none());
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
/// use kayles_core::families::mirror_strategy;
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
/// use kayles_core::families::{build, mirror_strategy_of};
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
