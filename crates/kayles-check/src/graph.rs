//! The host graph as adjacency bitsets, and the two ways to name one: graph6 and the family
//! specs of `kayles families` (`grid:3x12`, `queens:8`, `petersen:39,2`, ...), written here
//! from their definitions with the same vertex numbering as `kayles`.

/// The largest graph the checker builds (its adjacency bitsets take `n^2 / 8` bytes).
pub const MAX_ORDER: usize = 50_000;

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

    /// The bitset `N(v)`.
    pub fn row(&self, v: usize) -> &[u64] {
        &self.adj[v * self.words..(v + 1) * self.words]
    }
}

/// Reads a graph argument: a family spec when it has a `:` after a name, else graph6.
pub fn parse(arg: &str) -> Result<Graph, String> {
    let arg = arg.trim();
    if arg.contains(':') && !arg.starts_with(':') {
        family(arg)
    } else {
        graph6(arg)
    }
}

/// graph6 (nauty's `formats.txt`): the order `N(n)` (one byte `n + 63` for `n <= 62`, else
/// `126` and three bytes, or `126 126` and six bytes, six bits each), then the upper
/// triangle column by column (`x(0,1) x(0,2) x(1,2) x(0,3) ...`), six bits a byte, each
/// byte offset by 63, the last one padded with zeros.
pub fn graph6(text: &str) -> Result<Graph, String> {
    let mut s = text.trim().as_bytes();
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
    let expected = (n * n.saturating_sub(1) / 2).div_ceil(6);
    if data.len() != expected {
        return Err(format!(
            "graph6: a graph on {n} vertices needs {expected} data bytes, found {}",
            data.len()
        ));
    }
    let mut g = Graph::new(n);
    let mut k = 0;
    for j in 1..n {
        for i in 0..j {
            if (data[k / 6] - 63) >> (5 - k % 6) & 1 == 1 {
                g.add_edge(i, j);
            }
            k += 1;
        }
    }
    Ok(g)
}

/// The family specs, with the vertex numbering of `kayles families`.
pub fn family(spec: &str) -> Result<Graph, String> {
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
    if !NAMES.contains(&name) {
        return Err(format!("unknown family '{name}'"));
    }
    let bad = |why: &str| format!("family '{spec}': {why}");
    let sep: &[char] = if name == "grid" { &['x', 'X'] } else { &[','] };
    let nums = params
        .split(sep)
        .map(|t| {
            t.trim()
                .parse::<usize>()
                .map_err(|_| bad(&format!("'{t}' is not a number")))
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
    // Linked 4-cycles: the u-path first (left extension, u_1..u_{a+1}, right extension),
    // then v_1, w_1, ..., v_a, w_a.
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
    let pairs = || (0..n).flat_map(move |u| (u + 1..n).map(move |v| (u, v)));
    let mut edges: Vec<(usize, usize)> = Vec::new();
    match name {
        "path" => edges.extend((1..n).map(|i| (i - 1, i))),
        "cycle" if n >= 3 => edges.extend((0..n).map(|i| (i, (i + 1) % n))),
        "cycle" => return Err(bad("a cycle needs N >= 3")),
        "complete" => edges.extend(pairs()),
        "star" => edges.extend((1..n).map(|i| (0, i))),
        // Cell (r, c) is vertex r * b + c: right and down neighbours.
        "grid" => edges.extend(
            (0..n)
                .flat_map(|u| [(u, u + 1), (u, u + b)])
                .filter(|&(u, v)| v < n && (v == u + b || v % b != 0)),
        ),
        // Square (r, c) is vertex r * a + c: same row, column or diagonal.
        "queens" => edges.extend(pairs().filter(|&(u, v)| {
            let (r1, c1, r2, c2) = (u / a, u % a, v / a, v % a);
            r1 == r2 || c1 == c2 || r1.abs_diff(r2) == c1.abs_diff(c2)
        })),
        // Outer cycle i, spokes i -- a + i, inner a + i -- a + (i + b) mod a.
        "petersen" if a >= 3 && b >= 1 && 2 * b <= a => edges
            .extend((0..a).flat_map(|i| [(i, (i + 1) % a), (i, a + i), (a + i, a + (i + b) % a)])),
        "petersen" => return Err(bad("needs N >= 3 and 1 <= K <= N/2")),
        "linked-c4-alt" => edges.extend((0..a).flat_map(|i| {
            let (u, v, w) = (i, path + 2 * i, path + 2 * i + 1);
            [(u, v), (u, w), (v, u + 1), (w, u + 1)]
        })),
        _ if name.starts_with("linked") => {
            edges.extend((1..path).map(|i| (i - 1, i)));
            edges.extend((0..a).flat_map(|i| {
                let (u, v, w) = (left + i, path + 2 * i, path + 2 * i + 1);
                [(u, v), (v, w), (w, u + 1)]
            }));
        }
        _ => {} // empty
    }
    let mut g = Graph::new(n);
    for (u, v) in edges {
        g.add_edge(u, v);
    }
    Ok(g)
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
