//! The host graph as adjacency bitsets, and the two ways to name one: graph6 and the family
//! specs of `kayles families` (`grid:3x12`, `queens:8`, `petersen:39,2`, ...), written here
//! from their definitions with the same vertex numbering as `kayles`.

/// The most vertices of a graph the checker builds (its adjacency bitsets take `n^2 / 8`
/// bytes: 312 MB at this order). A graph named with more is refused before it is built.
pub const MAX_ORDER: usize = 50_000;

/// The most edges of a graph the checker builds (`complete:4472`, `queens:182`): a graph
/// named with more is refused before it is built.
pub const MAX_EDGES: u64 = 10_000_000;

/// A simple graph on the vertices `0..n`: row `v` of `adj` is the bitset `N(v)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Graph {
    n: usize,
    words: usize,
    adj: Vec<u64>,
}

impl Graph {
    /// The edgeless graph on `n` vertices.
    pub fn new(n: usize) -> Graph {
        let words = n.div_ceil(64).max(1);
        Graph {
            n,
            words,
            adj: vec![0; n * words],
        }
    }

    /// Number of vertices.
    pub fn order(&self) -> usize {
        self.n
    }

    /// Words in a vertex bitset of this graph.
    pub fn words(&self) -> usize {
        self.words
    }

    /// Adds the edge `uv` (a loop is ignored).
    pub fn add_edge(&mut self, u: usize, v: usize) {
        if u != v {
            self.adj[u * self.words + v / 64] |= 1 << (v % 64);
            self.adj[v * self.words + u / 64] |= 1 << (u % 64);
        }
    }

    /// Whether `uv` is an edge.
    pub fn has_edge(&self, u: usize, v: usize) -> bool {
        self.adj[u * self.words + v / 64] >> (v % 64) & 1 == 1
    }

    /// Number of edges.
    pub fn size(&self) -> u64 {
        self.adj
            .iter()
            .map(|w| u64::from(w.count_ones()))
            .sum::<u64>()
            / 2
    }

    /// The bitset `N(v)`.
    pub fn row(&self, v: usize) -> &[u64] {
        &self.adj[v * self.words..(v + 1) * self.words]
    }
}

/// Reads a graph argument, sized before it is built: a family spec when it has a `:` after
/// a name (after trimming white space), else graph6. More than [`MAX_ORDER`] vertices or
/// [`MAX_EDGES`] edges is refused.
pub fn parse(arg: &str) -> Result<Graph, String> {
    Ok(named(arg)?.build())
}

/// The order and the number of edges of the graph `arg` names, without building it (the
/// same checks and limits as [`parse`]).
pub fn size(arg: &str) -> Result<(usize, u64), String> {
    let named = named(arg)?;
    Ok((named.order(), named.edges()))
}

/// Whether the graph `arg` names is `g`, vertex for vertex, found without building it:
/// the same order and edge count, and every edge it lists an edge of `g` (the same checks
/// and limits as [`parse`]).
pub fn names(arg: &str, g: &Graph) -> Result<bool, String> {
    let named = named(arg)?;
    if (named.order(), named.edges()) != (g.order(), g.size()) {
        return Ok(false);
    }
    let mut all = true;
    named.for_each_edge(|u, v| all &= g.has_edge(u, v));
    Ok(all)
}

/// A graph argument read and sized, not yet built.
enum Named<'a> {
    Family(Family),
    Graph6(Graph6<'a>),
}

impl Named<'_> {
    fn order(&self) -> usize {
        match self {
            Named::Family(f) => f.n,
            Named::Graph6(g) => g.n,
        }
    }

    fn edges(&self) -> u64 {
        match self {
            Named::Family(f) => f.edges(),
            Named::Graph6(g) => g.edges,
        }
    }

    fn for_each_edge(&self, edge: impl FnMut(usize, usize)) {
        match self {
            Named::Family(f) => f.for_each_edge(edge),
            Named::Graph6(g) => g.for_each_edge(edge),
        }
    }

    fn build(&self) -> Graph {
        let mut g = Graph::new(self.order());
        self.for_each_edge(|u, v| g.add_edge(u, v));
        g
    }
}

/// Reads and sizes `arg`, refusing more than [`MAX_ORDER`] vertices or [`MAX_EDGES`] edges.
fn named(arg: &str) -> Result<Named<'_>, String> {
    let arg = arg.trim();
    let named = if arg.contains(':') && !arg.starts_with(':') {
        Named::Family(Family::read(arg)?)
    } else {
        Named::Graph6(Graph6::read(arg)?)
    };
    if named.edges() > MAX_EDGES {
        return Err(format!(
            "'{}' has {} edges, more than the supported {MAX_EDGES}",
            shorten(arg),
            named.edges()
        ));
    }
    Ok(named)
}

/// At most 40 characters of `text`, for messages.
fn shorten(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((i, _)) => format!("{}...", &text[..i]),
        None => text.to_string(),
    }
}

/// graph6 (nauty's `formats.txt`): the order `N(n)` (one byte `n + 63` for `n <= 62`, else
/// `126` and three bytes, or `126 126` and six bytes, six bits each), then the upper
/// triangle column by column (`x(0,1) x(0,2) x(1,2) x(0,3) ...`), six bits a byte, each
/// byte offset by 63, the last one padded with zeros.
pub fn graph6(text: &str) -> Result<Graph, String> {
    Ok(Named::Graph6(Graph6::read(text.trim())?).build())
}

/// A graph6 string checked and sized: its order, edges and data bytes.
struct Graph6<'a> {
    n: usize,
    edges: u64,
    data: &'a [u8],
}

impl<'a> Graph6<'a> {
    fn read(text: &'a str) -> Result<Graph6<'a>, String> {
        let mut s = text.as_bytes();
        if let Some(rest) = s.strip_prefix(b">>graph6<<") {
            s = rest;
        }
        if s.is_empty() {
            return Err("graph6: empty string".into());
        }
        if let Some(i) = s.iter().position(|b| !(63..=126).contains(b)) {
            return Err(format!(
                "graph6: byte {:#04x} at position {i} is outside 63..=126",
                s[i]
            ));
        }
        let six = |bytes: &[u8]| bytes.iter().fold(0u64, |a, &b| a << 6 | u64::from(b - 63));
        let (n, header) = match s {
            [126, 126, ..] if s.len() >= 8 => (six(&s[2..8]), 8),
            [126, b, ..] if *b != 126 && s.len() >= 4 => (six(&s[1..4]), 4),
            [126, ..] => return Err("graph6: truncated order".into()),
            _ => (u64::from(s[0] - 63), 1),
        };
        if n > MAX_ORDER as u64 {
            return Err(format!(
                "graph6: {n} vertices is more than the supported {MAX_ORDER}"
            ));
        }
        let n = n as usize;
        let data = &s[header..];
        let bits = n * n.saturating_sub(1) / 2;
        let expected = bits.div_ceil(6);
        if data.len() != expected {
            return Err(format!(
                "graph6: a graph on {n} vertices needs {expected} data bytes, found {}",
                data.len()
            ));
        }
        // The padding bits of the last byte are not edges.
        let padding = data.last().map_or(0, |&b| {
            let pad = expected * 6 - bits;
            u64::from(((b - 63) & ((1 << pad) - 1)).count_ones())
        });
        let ones: u64 = data.iter().map(|&b| u64::from((b - 63).count_ones())).sum();
        Ok(Graph6 {
            n,
            edges: ones - padding,
            data,
        })
    }

    fn for_each_edge(&self, mut edge: impl FnMut(usize, usize)) {
        let mut k = 0;
        for j in 1..self.n {
            for i in 0..j {
                if (self.data[k / 6] - 63) >> (5 - k % 6) & 1 == 1 {
                    edge(i, j);
                }
                k += 1;
            }
        }
    }
}

/// The family specs, with the vertex numbering of `kayles families`.
pub fn family(spec: &str) -> Result<Graph, String> {
    let f = Family::read(spec.trim())?;
    if f.edges() > MAX_EDGES {
        return Err(format!(
            "family '{}': {} edges is more than the supported {MAX_EDGES}",
            shorten(spec.trim()),
            f.edges()
        ));
    }
    Ok(Named::Family(f).build())
}

/// A family spec read and sized: its name, its parameters `a` (and `b` for grid and
/// petersen), its order, and the length of the u-path of the linked 4-cycles.
struct Family {
    name: &'static str,
    a: usize,
    b: usize,
    n: usize,
    path: usize,
    left: usize,
}

impl Family {
    fn read(spec: &str) -> Result<Family, String> {
        const NAMES: [&str; 12] = [
            "path",
            "cycle",
            "complete",
            "empty",
            "star",
            "grid",
            "queens",
            "petersen",
            "linked-c4",
            "linked-c4-b",
            "linked-c4-c",
            "linked-c4-alt",
        ];
        let (name, params) = spec.split_once(':').unwrap_or((spec, ""));
        let Some(&name) = NAMES.iter().find(|&&known| known == name) else {
            return Err(format!("unknown family '{}'", shorten(name)));
        };
        let bad = |why: &str| format!("family '{}': {why}", shorten(spec));
        let sep: &[char] = if name == "grid" { &['x', 'X'] } else { &[','] };
        let nums = params
            .split(sep)
            .map(|t| {
                t.trim()
                    .parse::<usize>()
                    .map_err(|_| bad(&format!("'{}' is not a number", shorten(t))))
            })
            .collect::<Result<Vec<usize>, String>>()?;
        let arity = if name == "grid" || name == "petersen" {
            2
        } else {
            1
        };
        if nums.len() != arity {
            return Err(bad(&format!("expected {arity} number(s)")));
        }
        let (a, b) = (nums[0], nums.get(1).copied().unwrap_or(0));
        // Linked 4-cycles: the u-path first (left extension, u_1..u_{a+1}, right
        // extension), then v_1, w_1, ..., v_a, w_a.
        let (left, right) = match name {
            "linked-c4-b" => (0, 2),
            "linked-c4-c" => (2, 2),
            _ => (0, 0),
        };
        let path = a.saturating_add(1 + left + right);
        let n = match name {
            "grid" => a.saturating_mul(b),
            "queens" => a.saturating_mul(a),
            "petersen" => a.saturating_mul(2),
            _ if name.starts_with("linked") => path.saturating_add(a.saturating_mul(2)),
            _ => a,
        };
        if n > MAX_ORDER {
            return Err(bad(&format!(
                "more than the supported {MAX_ORDER} vertices"
            )));
        }
        match name {
            "cycle" if n < 3 => return Err(bad("a cycle needs N >= 3")),
            "petersen" if !(a >= 3 && b >= 1 && 2 * b <= a) => {
                return Err(bad("needs N >= 3 and 1 <= K <= N/2"))
            }
            _ => {}
        }
        Ok(Family {
            name,
            a,
            b,
            n,
            path,
            left,
        })
    }

    /// The number of edges, by formula (every parameter is at most [`MAX_ORDER`] here).
    fn edges(&self) -> u64 {
        let (a, b, n) = (self.a as u64, self.b as u64, self.n as u64);
        match self.name {
            "path" | "star" => n.saturating_sub(1),
            "cycle" => n,
            "complete" => n * n.saturating_sub(1) / 2,
            "empty" => 0,
            "grid" if n == 0 => 0,
            "grid" => a * (b - 1) + b * (a - 1),
            // Rows and columns: 2 a C(a, 2); diagonals: the rest of a (a - 1) (5a - 1) / 3.
            "queens" => a * a.saturating_sub(1) * (5 * a).saturating_sub(1) / 3,
            // When 2K = N, the inner edges i -- i + K and i + K -- i are the same.
            "petersen" if 2 * b == a => 2 * a + a / 2,
            "petersen" => 3 * a,
            "linked-c4-alt" => 4 * a,
            _ => (self.path as u64 - 1) + 3 * a,
        }
    }

    /// Every edge `(u, v)` of the graph, some of them twice (the inner cycle of `P(2K, K)`).
    fn for_each_edge(&self, mut edge: impl FnMut(usize, usize)) {
        let (a, b, n, path, left) = (self.a, self.b, self.n, self.path, self.left);
        match self.name {
            "path" => (1..n).for_each(|i| edge(i - 1, i)),
            "cycle" => (0..n).for_each(|i| edge(i, (i + 1) % n)),
            "complete" => (0..n).for_each(|u| (u + 1..n).for_each(|v| edge(u, v))),
            "star" => (1..n).for_each(|i| edge(0, i)),
            // Cell (r, c) is vertex r * b + c: right and down neighbours.
            "grid" => (0..n).for_each(|u| {
                if (u + 1) % b != 0 {
                    edge(u, u + 1);
                }
                if u + b < n {
                    edge(u, u + b);
                }
            }),
            // Square (r, c) is vertex r * a + c: same row, column or diagonal.
            "queens" => (0..n).for_each(|u| {
                (u + 1..n).for_each(|v| {
                    let (r1, c1, r2, c2) = (u / a, u % a, v / a, v % a);
                    if r1 == r2 || c1 == c2 || r1.abs_diff(r2) == c1.abs_diff(c2) {
                        edge(u, v);
                    }
                })
            }),
            // Outer cycle i, spokes i -- a + i, inner a + i -- a + (i + b) mod a.
            "petersen" => (0..a).for_each(|i| {
                edge(i, (i + 1) % a);
                edge(i, a + i);
                edge(a + i, a + (i + b) % a);
            }),
            "linked-c4-alt" => (0..a).for_each(|i| {
                let (u, v, w) = (i, path + 2 * i, path + 2 * i + 1);
                [(u, v), (u, w), (v, u + 1), (w, u + 1)]
                    .into_iter()
                    .for_each(|(x, y)| edge(x, y));
            }),
            "empty" => {}
            _ => {
                (1..path).for_each(|i| edge(i - 1, i));
                (0..a).for_each(|i| {
                    let (u, v, w) = (left + i, path + 2 * i, path + 2 * i + 1);
                    [(u, v), (v, w), (w, u + 1)]
                        .into_iter()
                        .for_each(|(x, y)| edge(x, y));
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn size(g: &Graph) -> usize {
        (0..g.order())
            .map(|v| {
                g.row(v)
                    .iter()
                    .map(|w| w.count_ones() as usize)
                    .sum::<usize>()
            })
            .sum::<usize>()
            / 2
    }

    #[test]
    fn families_have_their_orders_and_sizes() {
        for (spec, n, m) in [
            ("path:5", 5, 4),
            ("cycle:5", 5, 5),
            ("complete:4", 4, 6),
            ("empty:3", 3, 0),
            ("star:4", 4, 3),
            ("grid:3x4", 12, 17),
            ("petersen:5,2", 10, 15),
            ("petersen:4,2", 8, 10),
            ("queens:3", 9, 28),
            ("queens:8", 64, 728),
            ("linked-c4:2", 7, 8),
            ("linked-c4-b:0", 3, 2),
            ("linked-c4-c:0", 5, 4),
            ("linked-c4-alt:1", 4, 4),
        ] {
            let g = parse(spec).unwrap();
            assert_eq!((g.order(), size(&g)), (n, m), "{spec}");
        }
        let grid = parse("grid:3x4").unwrap();
        assert!(grid.has_edge(3, 7) && !grid.has_edge(3, 4));
    }

    #[test]
    fn sizes_agree_with_the_graphs_built() {
        let mut specs = vec![
            "?".to_string(),
            "Bw".into(),
            "IheA@GUAo".into(),
            "~??Bw".into(),
        ];
        for n in 0..=9 {
            for family in ["path", "cycle", "complete", "empty", "star", "queens"] {
                specs.push(format!("{family}:{n}"));
            }
            for family in ["linked-c4", "linked-c4-b", "linked-c4-c", "linked-c4-alt"] {
                specs.push(format!("{family}:{n}"));
            }
            for k in 0..=9 {
                specs.push(format!("grid:{k}x{n}"));
                specs.push(format!("petersen:{n},{k}"));
            }
        }
        let mut built = 0;
        for spec in &specs {
            match (parse(spec), super::size(spec)) {
                (Ok(g), Ok(sized)) => {
                    assert_eq!((g.order(), size(&g) as u64), sized, "{spec}");
                    built += 1;
                }
                (Err(a), Err(b)) => assert_eq!(a, b, "{spec}"),
                (a, b) => panic!("{spec}: {:?} against {b:?}", a.map(|g| g.order())),
            }
        }
        assert!(built > 200, "{built}");
    }

    #[test]
    fn graphs_too_large_are_refused_before_they_are_built() {
        let started = std::time::Instant::now();
        for (spec, why) in [
            ("complete:50000", "edges"),
            ("complete:4473", "edges"),
            ("queens:223", "edges"),
            ("queens:224", "vertices"),
            ("path:50001", "vertices"),
            ("grid:99999999999x99999999999", "vertices"),
            ("petersen:25001,2", "vertices"),
            ("linked-c4:99999999999999999999", "not a number"),
        ] {
            let e = parse(spec).unwrap_err();
            assert!(e.contains(why), "{spec}: {e}");
            assert_eq!(super::size(spec).unwrap_err(), e);
        }
        assert!(started.elapsed().as_secs_f64() < 1.0);
        assert_eq!(super::size("complete:4472"), Ok((4472, 9_997_156)));
        assert_eq!(super::size("queens:182"), Ok((33_124, 9_981_426)));
        assert_eq!(parse("grid:99999999999x0").unwrap().order(), 0);
        // A graph6 order above the limit: 126 126, then 2^36 - 1.
        assert!(parse("~~~~~~~~").unwrap_err().contains("vertices"));
    }

    #[test]
    fn a_graph_is_named_without_being_built() {
        let g = parse("grid:3x4").unwrap();
        assert_eq!(names("grid:3x4", &g), Ok(true));
        assert_eq!(names(" grid: 03 X +4 ", &g), Ok(true));
        // Same order and size, other edges; other order; too large; malformed.
        assert_eq!(names("grid:4x3", &g), Ok(false));
        assert_eq!(names("path:13", &g), Ok(false));
        assert!(names("complete:50000", &g).unwrap_err().contains("edges"));
        assert!(names("grid:3", &g).is_err());
        let p = parse("petersen:4,2").unwrap();
        assert_eq!(names("petersen:4,2", &p), Ok(true));
        let k3 = parse("complete:3").unwrap();
        assert_eq!(names("Bw", &k3), Ok(true));
        assert_eq!(names("cycle:3", &k3), Ok(true));
        assert_eq!(names("Bo", &k3), Ok(false));
    }

    #[test]
    fn graph6_reads_nauty_strings() {
        let petersen = parse("IheA@GUAo").unwrap();
        assert_eq!((petersen.order(), size(&petersen)), (10, 15));
        assert_eq!(parse("Bw").unwrap(), parse("complete:3").unwrap());
        assert_eq!(parse("~??Bw").unwrap().order(), 3);
        assert_eq!(parse("?").unwrap().order(), 0);
        for bad in [
            "", "B", "Bww", "B w", "~", "cube:3", "grid:3", "cycle:2", "path:x",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }
}
