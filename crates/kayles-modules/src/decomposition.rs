//! Modular decomposition: the tree of strong modules of a graph, with parallel, series and
//! prime internal nodes and one leaf per vertex (Gallai's theorem).
//!
//! Algorithm (top-down, bitset based; `O(n^3 / 64)` in the worst case, much less on
//! cographs). For a strong module `V` with `|V| >= 2`:
//! - if `G[V]` is disconnected, `V` is a **parallel** node whose children are the
//!   components;
//! - else if the complement of `G[V]` is disconnected, a **series** node whose children
//!   are the co-components;
//! - else a **prime** node, and its children (the maximal strong modules) partition `V`.
//!   Take `v0 = min V`. Partition refinement (split a part by the neighbourhood of any
//!   vertex outside it, until stable, starting from `N(v0)` / non-neighbours) gives the
//!   maximal modules not containing `v0`. Each such part is either another child or lies
//!   inside the child `M*` containing `v0`: the smallest module containing `v0` and a
//!   part's representative `y` is proper exactly when `y` is in `M*`. The first `y` whose
//!   closure is everything lies outside `M*`, and `M*` is then the part containing `v0` of
//!   the maximal modules avoiding `y` (a second refinement).
//!
//! Children are ordered by their smallest vertex, node `0` is the root, and every node
//! comes after its parent (so reverse id order is a post-order).

use kayles_core::Graph;
use std::fmt;

/// The type of a node of the decomposition tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NodeKind {
    /// A single vertex.
    Leaf(usize),
    /// Disjoint union of its children (the node's graph is disconnected).
    Parallel,
    /// Complete join of its children (the complement is disconnected).
    Series,
    /// Neither: the quotient on its children is a prime graph (at least 4 children).
    Prime,
}

/// One node: its kind, its children (node ids), its number of vertices and one of its
/// vertices (the smallest).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeNode {
    /// Leaf, parallel, series or prime.
    pub kind: NodeKind,
    /// Child node ids, ordered by smallest vertex.
    pub children: Vec<usize>,
    /// Number of vertices of the module.
    pub order: usize,
    /// The smallest vertex of the module.
    pub representative: usize,
}

/// The modular decomposition tree of a graph.
///
/// ```
/// use kayles_core::Graph;
/// use kayles_modules::decomposition::{decompose, NodeKind};
/// // P4 is prime; P4 plus an isolated vertex is parallel over {P4, vertex 4}.
/// let g = Graph::from_edges(5, &[(0, 1), (1, 2), (2, 3)]);
/// let t = decompose(&g);
/// let root = t.node(t.root().unwrap());
/// assert_eq!(root.kind, NodeKind::Parallel);
/// assert_eq!(t.node(root.children[0]).kind, NodeKind::Prime);
/// assert_eq!(t.modular_width(), 4);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecompositionTree {
    nodes: Vec<TreeNode>,
    order: usize,
}

/// Fixed-width bitsets over the vertices of one graph.
struct Rows {
    words: usize,
    rows: Vec<u64>,
}

impl Rows {
    fn new(g: &Graph) -> Self {
        let words = g.order().div_ceil(64).max(1);
        let mut rows = vec![0u64; g.order() * words];
        for v in 0..g.order() {
            let src = g.neighbours(v).words();
            rows[v * words..v * words + src.len().min(words)]
                .copy_from_slice(&src[..src.len().min(words)]);
        }
        Rows { words, rows }
    }

    fn row(&self, v: usize) -> &[u64] {
        &self.rows[v * self.words..(v + 1) * self.words]
    }

    fn empty(&self) -> Vec<u64> {
        vec![0; self.words]
    }
}

fn count(set: &[u64]) -> usize {
    set.iter().map(|w| w.count_ones() as usize).sum()
}

fn first(set: &[u64]) -> Option<usize> {
    set.iter()
        .position(|&w| w != 0)
        .map(|i| 64 * i + set[i].trailing_zeros() as usize)
}

fn insert(set: &mut [u64], v: usize) {
    set[v / 64] |= 1 << (v % 64);
}

fn remove(set: &mut [u64], v: usize) {
    set[v / 64] &= !(1 << (v % 64));
}

fn for_each_bit(word_index: usize, mut w: u64, mut f: impl FnMut(usize)) {
    while w != 0 {
        f(64 * word_index + w.trailing_zeros() as usize);
        w &= w - 1;
    }
}

fn members(set: &[u64]) -> Vec<usize> {
    let mut out = Vec::with_capacity(count(set));
    for (i, &w) in set.iter().enumerate() {
        for_each_bit(i, w, |v| out.push(v));
    }
    out
}

/// The connected components of `G[set]` (or of its complement), by smallest vertex.
fn components(rows: &Rows, set: &[u64], complement: bool) -> Vec<Vec<u64>> {
    let mut left = set.to_vec();
    let mut out = Vec::new();
    let mut stack = Vec::new();
    while let Some(s) = first(&left) {
        let mut comp = rows.empty();
        insert(&mut comp, s);
        remove(&mut left, s);
        stack.push(s);
        while let Some(x) = stack.pop() {
            let row = rows.row(x);
            for i in 0..rows.words {
                let nb = if complement { !row[i] } else { row[i] };
                let new = nb & left[i];
                if new != 0 {
                    left[i] &= !new;
                    comp[i] |= new;
                    for_each_bit(i, new, |v| stack.push(v));
                }
            }
        }
        out.push(comp);
    }
    out
}

/// The coarsest partition of `set - v0` into modules of `G[set]`: the maximal modules
/// not containing `v0`.
///
/// Partition refinement: every vertex `w` once splits every part not containing it by
/// `N(w)` (its *global pass*). When a part `X` later splits into `X1`, `X2`, the vertices
/// of `X1` whose global pass is done have never been applied to `X2` (they were inside
/// `X`), so each is applied to `X2` alone, and vice versa. An edge between `X1` and `X2` is
/// looked at by these local passes only at the split that separates its ends.
fn maximal_modules_avoiding(rows: &Rows, set: &[u64], v0: usize) -> Vec<Vec<usize>> {
    let mut r = Refinement::new(rows, set, v0);
    for w in members(set) {
        if w == v0 {
            continue;
        }
        r.pivot(w, set);
        r.processed[w] = true;
        while let Some((x, region)) = r.tasks.pop() {
            r.pivot(x, &region);
        }
    }
    r.parts
        .iter()
        .map(|&(s, e)| r.elems[s..e].to_vec())
        .collect()
}

/// The state of [`maximal_modules_avoiding`]: parts are contiguous ranges of `elems`.
struct Refinement<'a> {
    rows: &'a Rows,
    v0: usize,
    elems: Vec<usize>,
    pos: Vec<usize>,
    part_of: Vec<usize>,
    parts: Vec<(usize, usize)>,
    marks: Vec<usize>,
    processed: Vec<bool>,
    touched: Vec<usize>,
    /// Local passes still to do: vertex, and the region (a former sibling part) to split.
    tasks: Vec<(usize, std::rc::Rc<Vec<u64>>)>,
}

impl<'a> Refinement<'a> {
    fn new(rows: &'a Rows, set: &[u64], v0: usize) -> Self {
        let n = rows.rows.len() / rows.words;
        let (adjacent, other): (Vec<usize>, Vec<usize>) = members(set)
            .into_iter()
            .filter(|&v| v != v0)
            .partition(|&v| rows.row(v0)[v / 64] >> (v % 64) & 1 == 1);
        let mut elems = Vec::with_capacity(adjacent.len() + other.len());
        let mut parts = Vec::new();
        for group in [adjacent, other] {
            if !group.is_empty() {
                parts.push((elems.len(), elems.len() + group.len()));
                elems.extend(group);
            }
        }
        let mut pos = vec![0usize; n];
        let mut part_of = vec![usize::MAX; n];
        for (p, &(s, e)) in parts.iter().enumerate() {
            for (idx, &v) in elems.iter().enumerate().take(e).skip(s) {
                pos[v] = idx;
                part_of[v] = p;
            }
        }
        Refinement {
            rows,
            v0,
            marks: vec![0; parts.len()],
            elems,
            pos,
            part_of,
            parts,
            processed: vec![false; n],
            touched: Vec::new(),
            tasks: Vec::new(),
        }
    }

    /// Splits every part inside `mask` that does not contain `w` by `N(w)`.
    fn pivot(&mut self, w: usize, mask: &[u64]) {
        let pw = self.part_of[w];
        self.touched.clear();
        let row = self.rows.row(w);
        for (i, (&a, &b)) in row.iter().zip(mask).enumerate() {
            let mut bits = a & b;
            while bits != 0 {
                let x = 64 * i + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let p = self.part_of[x];
                if x == self.v0 || p == pw {
                    continue;
                }
                if self.marks[p] == 0 {
                    self.touched.push(p);
                }
                let target = self.parts[p].0 + self.marks[p];
                let (px, y) = (self.pos[x], self.elems[target]);
                self.elems.swap(px, target);
                self.pos[y] = px;
                self.pos[x] = target;
                self.marks[p] += 1;
            }
        }
        for t in 0..self.touched.len() {
            let p = self.touched[t];
            let m = std::mem::take(&mut self.marks[p]);
            let (s, e) = self.parts[p];
            if m == e - s {
                continue;
            }
            let q = self.parts.len();
            self.parts.push((s, s + m));
            self.marks.push(0);
            self.parts[p] = (s + m, e);
            for &v in &self.elems[s..s + m] {
                self.part_of[v] = q;
            }
            self.schedule(s, s + m, s + m, e);
            self.schedule(s + m, e, s, s + m);
        }
    }

    /// Local passes: the processed vertices of `elems[a..b]` onto the region `elems[c..d]`.
    fn schedule(&mut self, a: usize, b: usize, c: usize, d: usize) {
        if !self.elems[a..b].iter().any(|&x| self.processed[x]) {
            return;
        }
        let mut region = self.rows.empty();
        for &v in &self.elems[c..d] {
            insert(&mut region, v);
        }
        let region = std::rc::Rc::new(region);
        for &x in &self.elems[a..b] {
            if self.processed[x] {
                self.tasks.push((x, region.clone()));
            }
        }
    }
}

/// Whether the smallest module of `G[set]` containing `v0` and `y` is proper.
fn closure_is_proper(rows: &Rows, set: &[u64], size: usize, v0: usize, y: usize) -> bool {
    let mut m = rows.empty();
    insert(&mut m, v0);
    insert(&mut m, y);
    let mut inside = 2;
    if inside >= size {
        return false;
    }
    let mut stack = vec![y];
    let r0 = rows.row(v0);
    while let Some(x) = stack.pop() {
        let rx = rows.row(x);
        for i in 0..rows.words {
            // Vertices outside that see x and v0 differently split {.., v0, x}.
            let new = (rx[i] ^ r0[i]) & set[i] & !m[i];
            if new != 0 {
                m[i] |= new;
                inside += new.count_ones() as usize;
                for_each_bit(i, new, |v| stack.push(v));
            }
        }
        if inside >= size {
            return false;
        }
    }
    true
}

/// The children (maximal strong modules) of a prime node `set`.
///
/// The parts of `P(v0)` (maximal modules avoiding `v0`) are the children other than the
/// child `M*` of `v0`, plus a partition of `M* - v0`. A closure test finds a part
/// representative `w` outside `M*` (the smallest module containing `v0` and `w` is then
/// everything); `M*` is the part of `P(w)` containing `v0`.
fn prime_children(rows: &Rows, set: &[u64]) -> Vec<Vec<u64>> {
    let size = count(set);
    let v0 = first(set).expect("a prime node is non-empty");
    let parts = maximal_modules_avoiding(rows, set, v0);
    let w = parts
        .iter()
        .map(|p| p[0])
        .find(|&y| !closure_is_proper(rows, set, size, v0, y))
        .expect("a prime node has a child besides the one of v0");
    let mut star = rows.empty();
    for part in maximal_modules_avoiding(rows, set, w) {
        if part.contains(&v0) {
            for &v in &part {
                insert(&mut star, v);
            }
        }
    }
    let mut children = Vec::new();
    for part in parts {
        if star[part[0] / 64] >> (part[0] % 64) & 1 == 0 {
            let mut child = rows.empty();
            for &v in &part {
                insert(&mut child, v);
            }
            children.push(child);
        }
    }
    children.push(star);
    children.sort_by_key(|c| first(c));
    children
}

/// How a strong module splits: its kind and its children.
fn split(rows: &Rows, set: &[u64]) -> (NodeKind, Vec<Vec<u64>>) {
    let comps = components(rows, set, false);
    if comps.len() > 1 {
        return (NodeKind::Parallel, comps);
    }
    let cocomps = components(rows, set, true);
    if cocomps.len() > 1 {
        return (NodeKind::Series, cocomps);
    }
    (NodeKind::Prime, prime_children(rows, set))
}

/// The modular decomposition tree of `g`.
///
/// ```
/// use kayles_core::families;
/// use kayles_modules::decomposition::{decompose, NodeKind};
/// let t = decompose(&families::complete(3));
/// assert_eq!(t.node(0).kind, NodeKind::Series);
/// assert_eq!(t.node(0).children.len(), 3);
/// ```
pub fn decompose(g: &Graph) -> DecompositionTree {
    let n = g.order();
    let mut nodes = Vec::new();
    if n == 0 {
        return DecompositionTree { nodes, order: 0 };
    }
    let rows = Rows::new(g);
    let mut all = rows.empty();
    for v in 0..n {
        insert(&mut all, v);
    }
    nodes.push(TreeNode {
        kind: NodeKind::Leaf(0),
        children: vec![],
        order: n,
        representative: 0,
    });
    let mut work = vec![(0usize, all)];
    while let Some((id, set)) = work.pop() {
        let size = count(&set);
        let rep = first(&set).expect("modules are non-empty");
        nodes[id].order = size;
        nodes[id].representative = rep;
        if size == 1 {
            nodes[id].kind = NodeKind::Leaf(rep);
            continue;
        }
        let (kind, children) = split(&rows, &set);
        nodes[id].kind = kind;
        for child in children {
            let cid = nodes.len();
            nodes.push(TreeNode {
                kind: NodeKind::Leaf(0),
                children: vec![],
                order: 0,
                representative: 0,
            });
            nodes[id].children.push(cid);
            work.push((cid, child));
        }
    }
    DecompositionTree { nodes, order: n }
}

/// Whether `g` has a module `M` with `1 < |M| < n` (only the root split is computed).
///
/// ```
/// use kayles_core::families;
/// use kayles_modules::has_nontrivial_module;
/// assert!(!has_nontrivial_module(&families::path(4)));
/// assert!(has_nontrivial_module(&families::path(3))); // the two leaves
/// assert!(!has_nontrivial_module(&families::build("grid:3x4").unwrap()));
/// assert!(has_nontrivial_module(&families::cycle(4)));
/// ```
pub fn has_nontrivial_module(g: &Graph) -> bool {
    let n = g.order();
    if n < 3 {
        return false;
    }
    let rows = Rows::new(g);
    let mut all = rows.empty();
    for v in 0..n {
        insert(&mut all, v);
    }
    match split(&rows, &all) {
        (NodeKind::Prime, children) => children.iter().any(|c| count(c) > 1),
        _ => true,
    }
}

impl DecompositionTree {
    /// The root's id (`Some(0)`), or `None` for the graph with no vertices.
    pub fn root(&self) -> Option<usize> {
        (!self.nodes.is_empty()).then_some(0)
    }

    /// Node `id`.
    pub fn node(&self, id: usize) -> &TreeNode {
        &self.nodes[id]
    }

    /// All nodes; every node comes after its parent.
    pub fn nodes(&self) -> &[TreeNode] {
        &self.nodes
    }

    /// Vertices of the decomposed graph.
    pub fn order(&self) -> usize {
        self.order
    }

    /// The vertices of node `id`'s module, sorted.
    pub fn vertices(&self, id: usize) -> Vec<usize> {
        let mut out = Vec::with_capacity(self.nodes[id].order);
        let mut stack = vec![id];
        while let Some(x) = stack.pop() {
            match self.nodes[x].kind {
                NodeKind::Leaf(v) => out.push(v),
                _ => stack.extend(&self.nodes[x].children),
            }
        }
        out.sort_unstable();
        out
    }

    /// The quotient graph of node `id`: one vertex per child (in child order), adjacent
    /// when the children are (edgeless for parallel nodes, complete for series nodes).
    pub fn quotient_graph(&self, g: &Graph, id: usize) -> Graph {
        let reps: Vec<usize> = self.nodes[id]
            .children
            .iter()
            .map(|&c| self.nodes[c].representative)
            .collect();
        let set = kayles_core::VertexSet::from_vertices(g.order(), reps.iter().copied());
        // Children are sorted by smallest vertex, so the induced order is the child order.
        g.induced_subgraph(&set).0
    }

    /// The largest number of children of a prime node (0 when there is none: a cograph).
    pub fn modular_width(&self) -> usize {
        self.nodes
            .iter()
            .filter(|n| n.kind == NodeKind::Prime)
            .map(|n| n.children.len())
            .max()
            .unwrap_or(0)
    }

    /// True when no node is prime (the graph is a cograph).
    pub fn is_cograph(&self) -> bool {
        self.modular_width() == 0
    }

    /// Graphviz DOT: internal nodes labelled by kind, leaves by vertex.
    ///
    /// ```
    /// use kayles_core::families;
    /// let dot = kayles_modules::decompose(&families::path(3)).to_dot();
    /// assert!(dot.starts_with("digraph modules {"));
    /// assert!(dot.contains("n0 -> n1;"));
    /// ```
    pub fn to_dot(&self) -> String {
        let mut out = String::from("digraph modules {\n  node [fontname=\"Helvetica\"];\n");
        for (id, node) in self.nodes.iter().enumerate() {
            let label = match node.kind {
                NodeKind::Leaf(v) => {
                    out.push_str(&format!("  n{id} [label=\"{v}\", shape=circle];\n"));
                    continue;
                }
                NodeKind::Parallel => "parallel",
                NodeKind::Series => "series",
                NodeKind::Prime => "prime",
            };
            out.push_str(&format!(
                "  n{id} [label=\"{label} ({})\", shape=box];\n",
                node.order
            ));
        }
        for (id, node) in self.nodes.iter().enumerate() {
            for c in &node.children {
                out.push_str(&format!("  n{id} -> n{c};\n"));
            }
        }
        out.push_str("}\n");
        out
    }
}

impl fmt::Display for NodeKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NodeKind::Leaf(v) => write!(f, "vertex {v}"),
            NodeKind::Parallel => write!(f, "parallel"),
            NodeKind::Series => write!(f, "series"),
            NodeKind::Prime => write!(f, "prime"),
        }
    }
}

/// One line per node, indented by depth: `series (5 vertices)`, `vertex 3`, ...
///
/// ```
/// use kayles_core::Graph;
/// let g = Graph::from_edges(3, &[(0, 1)]);
/// let text = kayles_modules::decompose(&g).to_string();
/// assert_eq!(text, "parallel (3 vertices)\n  series (2 vertices)\n    vertex 0\n    vertex 1\n  vertex 2\n");
/// ```
impl fmt::Display for DecompositionTree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(root) = self.root() else {
            return writeln!(f, "empty graph");
        };
        let mut stack = vec![(root, 0usize)];
        while let Some((id, depth)) = stack.pop() {
            let node = &self.nodes[id];
            write!(f, "{:indent$}{}", "", node.kind, indent = 2 * depth)?;
            if !matches!(node.kind, NodeKind::Leaf(_)) {
                write!(f, " ({} vertices)", node.order)?;
            }
            writeln!(f)?;
            for &c in node.children.iter().rev() {
                stack.push((c, depth + 1));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prime_with_a_clique_module() {
        // P4 with its vertex 1 blown up to an edge {1, 4}.
        let g = Graph::from_edges(5, &[(0, 1), (1, 2), (2, 3), (0, 4), (4, 2), (1, 4)]);
        let t = decompose(&g);
        assert_eq!(t.node(0).kind, NodeKind::Prime);
        let kids: Vec<Vec<usize>> = t.node(0).children.iter().map(|&c| t.vertices(c)).collect();
        assert_eq!(kids, vec![vec![0], vec![1, 4], vec![2], vec![3]]);
        assert!(has_nontrivial_module(&g));
        let q = t.quotient_graph(&g, 0);
        assert_eq!(q.edges(), vec![(0, 1), (1, 2), (2, 3)]);
    }

    #[test]
    fn empty_and_single() {
        assert_eq!(decompose(&Graph::new(0)).root(), None);
        assert_eq!(decompose(&Graph::new(0)).to_string(), "empty graph\n");
        let t = decompose(&Graph::new(1));
        assert_eq!(t.node(0).kind, NodeKind::Leaf(0));
    }
}
