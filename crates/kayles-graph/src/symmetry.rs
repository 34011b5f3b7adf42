//! Host symmetries: a memo key under which a family's translated, reflected and rotated
//! pieces share one entry, computed with bit operations instead of a canonical form.
//!
//! The search works on one *host* graph `H` (the graph it was started on); every
//! component it meets is a vertex set `C` of `H`. If a map `s` sends `H[C]` isomorphically
//! onto `H[s(C)]`, the two have the same value, so a memo keyed by the least image of `C`
//! over a group of such maps lets all of them share one entry. The key is a vertex set of
//! `H`, so it is a full key (never a hash) and costs a few words.
//!
//! [`HostSymmetry`] combines two kinds of map:
//! - **point maps**: automorphisms of `H`, given as vertex permutations (the flips of a
//!   grid strip, the 8 symmetries of a queens board, the reflection of a Petersen graph);
//! - one **shift**: translations of a rectangular lattice (vertex `r * cols + c`, and
//!   adjacency a function of the difference of the cells: grids and queens graphs), which
//!   move the component to touch row 0 and column 0; or rotations of a cyclic lattice
//!   (vertex `layer * n + i`, and `i -> i + 1` in every layer an automorphism: `P(n, k)`),
//!   of which the least is kept.
//!
//! Every map is checked against `H` when the symmetry is built
//! ([`HostSymmetry::new`]), so a wrong belief about a family cannot reach the memo; and
//! the search uses a symmetry only on the exact graph it was built for
//! ([`HostSymmetry::is_host`]).
//!
//! ```
//! use kayles_graph::{bits::Bits, families, symmetry::HostSymmetry};
//! let host = families::build("grid:3x5").unwrap();
//! let sym = families::host_symmetry("grid:3x5").unwrap().unwrap();
//! assert!(sym.is_host(&host));
//! // The corner cell (0, 0) and the opposite corner (2, 4) share a key.
//! assert_eq!(sym.key(u64::singleton(0)), sym.key(u64::singleton(14)));
//! ```

use crate::bits::Bits;
use crate::Graph;

/// How a [`HostSymmetry`] moves components besides its point maps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shift {
    /// No shift.
    None,
    /// Translations of a `rows x cols` lattice, vertex `r * cols + c`; host adjacency
    /// depends only on the difference of the two cells.
    Translate {
        /// Lattice rows.
        rows: usize,
        /// Lattice columns (at most 64).
        cols: usize,
    },
    /// Rotations of `layers` cycles of length `n`, vertex `layer * n + i`; `i -> i + 1`
    /// (mod `n`) in every layer is an automorphism of the host.
    Rotate {
        /// Number of layers.
        layers: usize,
        /// Length of each cycle (at most 64).
        n: usize,
    },
}

/// A group of maps under which induced subgraphs of one host graph keep their
/// isomorphism type, and the least-image key it gives each vertex set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HostSymmetry {
    order: usize,
    /// The host's edges `(u, v)`, `u < v`, sorted: what [`is_host`](Self::is_host)
    /// compares.
    edges: Vec<(u32, u32)>,
    /// Non-identity automorphisms of the host.
    point_maps: Vec<Vec<u32>>,
    shift: Shift,
    /// With translations of a lattice of at most 64 rows, when every point map is one of
    /// its flips, turns and transposes: those maps as row operations, for the fast key.
    lattice: Option<Vec<LatticeMap>>,
}

/// A symmetry of a `rows x cols` lattice, as an operation on its rows (bit `c` of row `r`
/// is cell `(r, c)`): take the rows, or the columns as rows (a transpose); reverse their
/// order; reverse the bits of each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct LatticeMap {
    transpose: bool,
    reverse_rows: bool,
    reverse_bits: bool,
}

impl LatticeMap {
    /// The 8 maps of a square lattice; the 4 without transposes of another.
    fn all(rows: usize, cols: usize) -> impl Iterator<Item = LatticeMap> {
        (0..8u8)
            .map(|i| LatticeMap {
                transpose: i & 4 != 0,
                reverse_rows: i & 2 != 0,
                reverse_bits: i & 1 != 0,
            })
            .filter(move |m| !m.transpose || rows == cols)
    }

    /// The cell that `(r, c)` goes to.
    fn image(self, rows: usize, cols: usize, (r, c): (usize, usize)) -> (usize, usize) {
        // As rows: row index and bit index of the cell before the reversals.
        let (row, bit, height, width) = if self.transpose {
            (c, r, cols, rows)
        } else {
            (r, c, rows, cols)
        };
        let row = if self.reverse_rows {
            height - 1 - row
        } else {
            row
        };
        let bit = if self.reverse_bits {
            width - 1 - bit
        } else {
            bit
        };
        (row, bit)
    }

    /// Whether the vertex permutation `map` is this map on the lattice.
    fn is(self, map: &[u32], rows: usize, cols: usize) -> bool {
        (0..rows * cols).all(|v| {
            let (r, c) = self.image(rows, cols, (v / cols, v % cols));
            map[v] as usize == r * cols + c
        })
    }
}

fn sorted_edges(g: &Graph) -> Vec<(u32, u32)> {
    let mut edges: Vec<(u32, u32)> = g
        .edges()
        .into_iter()
        .map(|(u, v)| (u as u32, v as u32))
        .collect();
    edges.sort_unstable();
    edges
}

impl HostSymmetry {
    /// The symmetry of `host` given by `point_maps` (vertex permutations, the identity
    /// may be omitted) and `shift`. Fails, naming the first problem, unless every point
    /// map is an automorphism of `host` and the shift is valid for it.
    pub fn new(host: &Graph, point_maps: Vec<Vec<u32>>, shift: Shift) -> Result<Self, String> {
        let n = host.order();
        let adjacent = |u: usize, v: usize| host.has_edge(u, v);
        let edges = sorted_edges(host);
        let mut maps = Vec::new();
        for (i, map) in point_maps.into_iter().enumerate() {
            let mut seen = vec![false; n];
            if map.len() != n
                || map
                    .iter()
                    .any(|&v| v as usize >= n || std::mem::replace(&mut seen[v as usize], true))
            {
                return Err(format!("point map {i} is not a permutation of 0..{n}"));
            }
            if let Some(&(u, v)) = edges
                .iter()
                .find(|&&(u, v)| !adjacent(map[u as usize] as usize, map[v as usize] as usize))
            {
                return Err(format!("point map {i} does not keep the edge {u}-{v}"));
            }
            if map.iter().enumerate().any(|(v, &w)| v != w as usize) {
                maps.push(map);
            }
        }
        match shift {
            Shift::None => {}
            Shift::Translate { rows, cols } => {
                if rows * cols != n || cols > 64 || cols == 0 {
                    return Err(format!(
                        "a {rows} x {cols} lattice (at most 64 columns) does not fit {n} vertices"
                    ));
                }
                // Adjacency is a function of the cell difference exactly when, for every
                // difference some edge has, every pair of cells at that difference is an
                // edge: (rows - dr) (cols - |dc|) of them. (With u < v in row-major order,
                // dr >= 0, and dc > 0 when dr = 0.)
                let mut edges_at: std::collections::HashMap<(usize, isize), usize> =
                    std::collections::HashMap::new();
                for &(u, v) in &edges {
                    let (u, v) = (u as usize, v as usize);
                    let difference = (
                        v / cols - u / cols,
                        (v % cols) as isize - (u % cols) as isize,
                    );
                    *edges_at.entry(difference).or_default() += 1;
                }
                for (&(dr, dc), &count) in &edges_at {
                    let pairs = (rows - dr) * (cols - dc.unsigned_abs());
                    if count != pairs {
                        return Err(format!(
                            "adjacency is not translation-invariant: {count} of the {pairs} \
                             cell pairs at offset ({dr}, {dc}) are edges"
                        ));
                    }
                }
            }
            Shift::Rotate { layers, n: len } => {
                if layers * len != n || len > 64 || len == 0 || layers > 64 {
                    return Err(format!(
                        "{layers} cycles of length {len} (at most 64 of at most 64) do not fit \
                         {n} vertices"
                    ));
                }
                let rotate = |v: u32| {
                    let (layer, i) = (v as usize / len, v as usize % len);
                    layer * len + (i + 1) % len
                };
                if let Some(&(u, v)) = edges
                    .iter()
                    .find(|&&(u, v)| !adjacent(rotate(u), rotate(v)))
                {
                    return Err(format!("the rotation does not keep the edge {u}-{v}"));
                }
            }
        }
        let lattice = match shift {
            Shift::Translate { rows, cols } if rows <= 64 => maps
                .iter()
                .map(|map| LatticeMap::all(rows, cols).find(|m| m.is(map, rows, cols)))
                .collect::<Option<Vec<LatticeMap>>>(),
            _ => None,
        };
        Ok(HostSymmetry {
            order: n,
            edges,
            point_maps: maps,
            shift,
            lattice,
        })
    }

    /// True when `g` is the very graph (same order, same edges) this symmetry was built
    /// for.
    pub fn is_host(&self, g: &Graph) -> bool {
        g.order() == self.order && sorted_edges(g) == self.edges
    }

    /// When the host is a lattice numbered row by row with fewer rows than columns (the
    /// `3 x n` grid strips), the same lattice numbered along its long side: the vertex
    /// permutation (`perm[v]` = the new number of `v`) and the symmetry of the renumbered
    /// host (`host.relabel(&perm)`). `None` otherwise.
    ///
    /// The search runs such hosts in this order (see
    /// `kayles_core::vertex_game::VertexSolver`): components of a strip then
    /// sit in short runs of consecutive bits, and the search is 10-20% faster than in the
    /// row-by-row order for the same positions, the same keys' classes and the same
    /// values.
    ///
    /// ```
    /// use kayles_graph::families;
    /// let host = families::build("grid:3x5").unwrap();
    /// let sym = families::host_symmetry("grid:3x5").unwrap().unwrap();
    /// let (perm, long) = sym.long_axis_major(&host).unwrap();
    /// assert_eq!(perm[1], 3); // cell (0, 1) is cell (1, 0) of the 5 x 3 grid
    /// assert!(long.is_host(&families::build("grid:5x3").unwrap()));
    /// assert!(families::host_symmetry("grid:5x3").unwrap().unwrap()
    ///     .long_axis_major(&families::build("grid:5x3").unwrap()).is_none());
    /// ```
    pub fn long_axis_major(&self, host: &Graph) -> Option<(Vec<usize>, HostSymmetry)> {
        let Shift::Translate { rows, cols } = self.shift else {
            return None;
        };
        if rows >= cols || !self.is_host(host) || rows > 64 {
            return None;
        }
        let perm: Vec<usize> = (0..rows * cols)
            .map(|v| (v % cols) * rows + v / cols)
            .collect();
        let relabelled = host.relabel(&perm);
        let maps = self
            .point_maps
            .iter()
            .map(|map| {
                let mut new = vec![0u32; map.len()];
                for (v, &w) in map.iter().enumerate() {
                    new[perm[v]] = perm[w as usize] as u32;
                }
                new
            })
            .collect();
        let shift = Shift::Translate {
            rows: cols,
            cols: rows,
        };
        let symmetry = HostSymmetry::new(&relabelled, maps, shift).ok()?;
        Some((perm, symmetry))
    }

    /// Order of the host.
    pub fn order(&self) -> usize {
        self.order
    }

    /// Number of maps in the group as generated (point maps including the identity,
    /// times the shifts), an upper bound on how many sets share a key.
    pub fn group_size(&self) -> usize {
        let shifts = match self.shift {
            Shift::None => 1,
            Shift::Translate { rows, cols } => rows * cols,
            Shift::Rotate { n, .. } => n,
        };
        (self.point_maps.len() + 1) * shifts
    }

    /// The key of the vertex set `set` of the host: the least of its images. Sets with
    /// the same key induce isomorphic subgraphs of the host.
    pub fn key<S: Bits>(&self, set: S) -> S {
        if let (Some(maps), Shift::Translate { rows, cols }) = (&self.lattice, self.shift) {
            return lattice_key(set, rows, cols, maps);
        }
        self.key_by_point_maps(set)
    }

    /// [`key`](Self::key) of `set` (its vertices `vertices`, increasing: the same set) with
    /// a group element that gives it: `images[i]` is where `vertices[i]` goes (an
    /// isomorphism of the induced subgraphs, as for
    /// [`least_image_with_map`](Self::least_image_with_map)). The key is found as `key`
    /// finds it (on a lattice, by row operations); the element by trying the point maps in
    /// turn, each followed by the shifts, until one gives the key: about as cheap as
    /// `key` itself where the first maps give it, and far cheaper than
    /// `least_image_with_map`'s sorted images. `None` only if no element gives the key (a
    /// bug).
    ///
    /// ```
    /// use kayles_graph::{bits::Bits, families};
    /// let sym = families::host_symmetry("grid:3x5").unwrap().unwrap();
    /// let set = [4u32, 9, 14].iter().fold(u64::empty(), |s, &v| s.with(v as usize));
    /// let mut images = Vec::new();
    /// let key = sym.key_with_images(set, &[4, 9, 14], &mut images).unwrap();
    /// assert_eq!(key, sym.key(set));
    /// assert_eq!(images.iter().fold(u64::empty(), |s, &v| s.with(v as usize)), key);
    /// ```
    pub fn key_with_images<S: Bits>(
        &self,
        set: S,
        vertices: &[u32],
        images: &mut Vec<u32>,
    ) -> Option<S> {
        let key = self.key(set);
        let gives_key = |images: &[u32]| {
            let mut image = S::empty();
            for &v in images {
                image.insert(v as usize);
            }
            image == key
        };
        for m in 0..=self.point_maps.len() {
            images.clear();
            images.extend(vertices.iter().map(|&v| match m {
                0 => v,
                _ => self.point_maps[m - 1][v as usize],
            }));
            match self.shift {
                Shift::None => {}
                Shift::Translate { cols, .. } => {
                    let cols = cols as u32;
                    let row = images.iter().map(|v| v / cols).min().unwrap_or(0);
                    let col = images.iter().map(|v| v % cols).min().unwrap_or(0);
                    for v in images.iter_mut() {
                        *v -= row * cols + col;
                    }
                }
                Shift::Rotate { n, .. } => {
                    let n = n as u32;
                    for _ in 0..n {
                        if gives_key(images) {
                            return Some(key);
                        }
                        for v in images.iter_mut() {
                            *v = *v / n * n + (*v % n + 1) % n;
                        }
                    }
                    continue;
                }
            }
            if gives_key(images) {
                return Some(key);
            }
        }
        None
    }

    /// [`key`](Self::key) by applying each point map vertex by vertex (the general way,
    /// and the reference the lattice fast path is tested against).
    pub fn key_by_point_maps<S: Bits>(&self, set: S) -> S {
        let mut best = self.shifted(set);
        for map in &self.point_maps {
            let mut image = S::empty();
            for v in set.iter() {
                image.insert(map[v] as usize);
            }
            let image = self.shifted(image);
            if image < best {
                best = image;
            }
        }
        best
    }

    /// With translations of a lattice: the half turn about the centre of `set`'s bounding
    /// box, when it maps `set` onto itself (`None` when it does not, for the empty set, and
    /// on hosts without translations). Host adjacency on such a lattice depends only on
    /// the difference of two cells (and is symmetric), so the half turn is then an
    /// automorphism of the subgraph that `set` induces.
    ///
    /// ```
    /// use kayles_graph::bits::Bits;
    /// use kayles_graph::families;
    /// let sym = families::host_symmetry("grid:3x5").unwrap().unwrap();
    /// let set = |cells: &[usize]| cells.iter().fold(u64::empty(), |s, &v| s.with(v));
    /// // Cells (0, 1), (0, 2), (1, 2), (1, 3): an S tetromino, turned onto itself.
    /// let turn = sym.box_half_turn(set(&[1, 2, 7, 8])).unwrap();
    /// assert_eq!((turn.image(1), turn.image(8), turn.image(2)), (8, 1, 7));
    /// assert!(sym.box_half_turn(set(&[1, 2, 7])).is_none()); // an L tromino
    /// ```
    pub fn box_half_turn<S: Bits>(&self, set: S) -> Option<BoxHalfTurn> {
        let Shift::Translate { rows, cols } = self.shift else {
            return None;
        };
        let row = |r: usize| field(set, r * cols, cols);
        let first = (0..rows).find(|&r| row(r) != 0)?;
        let last = (first..rows).rev().find(|&r| row(r) != 0)?;
        let union = (first..=last).fold(0, |acc, r| acc | row(r));
        let col_sum = union.trailing_zeros() as usize + (63 - union.leading_zeros() as usize);
        // Bit c goes to bit col_sum - c: reversed, bit c is at 63 - c.
        let turn = |line: u64| {
            let reversed = line.reverse_bits();
            if col_sum <= 63 {
                reversed >> (63 - col_sum)
            } else {
                reversed << (col_sum - 63)
            }
        };
        (first..=last)
            .all(|r| turn(row(r)) == row(first + last - r))
            .then_some(BoxHalfTurn {
                row_sum: first + last,
                col_sum,
                cols,
            })
    }

    /// [`box_half_turn`](Self::box_half_turn) for a vertex list (increasing): where each
    /// vertex of `set` goes, when the half turn of its bounding box maps `set` onto itself.
    ///
    /// ```
    /// use kayles_graph::families;
    /// let sym = families::host_symmetry("grid:3x5").unwrap().unwrap();
    /// assert_eq!(sym.box_half_turn_images(&[1, 2, 7, 8]), Some(vec![8, 7, 2, 1]));
    /// assert_eq!(sym.box_half_turn_images(&[1, 2, 7]), None);
    /// ```
    pub fn box_half_turn_images(&self, set: &[u32]) -> Option<Vec<u32>> {
        let Shift::Translate { cols, .. } = self.shift else {
            return None;
        };
        let cell = |v: u32| (v as usize / cols, v as usize % cols);
        let rows = set.iter().map(|&v| cell(v).0);
        let row_sum = rows.clone().min()? + rows.max()?;
        let columns = set.iter().map(|&v| cell(v).1);
        let col_sum = columns.clone().min()? + columns.max()?;
        let turn = BoxHalfTurn {
            row_sum,
            col_sum,
            cols,
        };
        let images: Vec<u32> = set.iter().map(|&v| turn.image(v as usize) as u32).collect();
        images
            .iter()
            .all(|w| set.binary_search(w).is_ok())
            .then_some(images)
    }

    /// The least image of the vertex set `set` (its vertices in increasing order) under
    /// the group, with the group element that gives it: returns `(image, images)` where
    /// `image` is sorted and `images[i]` is where `set[i]` goes.
    ///
    /// Images are compared as sorted vertex lists (not in the order of
    /// [`key`](Self::key), which is tuned for speed), so this is another least image,
    /// equally a function of the orbit: every set of one orbit gets the same `image`. The
    /// map `set[i] -> images[i]` is an isomorphism of the induced subgraphs of the host
    /// (a point map is an automorphism, a translation keeps adjacency between the cells it
    /// moves, a rotation is an automorphism), which is what a certificate's vertex map
    /// needs (see the `kayles-cert` crate).
    ///
    /// ```
    /// use kayles_graph::families;
    /// let sym = families::host_symmetry("grid:3x5").unwrap().unwrap();
    /// // The right column of the grid goes to the left column.
    /// let (image, images) = sym.least_image_with_map(&[4, 9, 14]);
    /// assert_eq!(image, vec![0, 5, 10]);
    /// assert_eq!(images, vec![0, 5, 10]);
    /// ```
    pub fn least_image_with_map(&self, set: &[u32]) -> (Vec<u32>, Vec<u32>) {
        let (mut best, mut best_images) = (Vec::new(), Vec::new());
        let (mut points, mut images, mut sorted) = (Vec::new(), Vec::new(), Vec::new());
        let shifts = match self.shift {
            Shift::Rotate { n, .. } => n,
            _ => 1,
        };
        for m in 0..=self.point_maps.len() {
            points.clear();
            points.extend(set.iter().map(|&v| match m {
                0 => v,
                _ => self.point_maps[m - 1][v as usize],
            }));
            for r in 0..shifts as u32 {
                images.clear();
                match self.shift {
                    Shift::None => images.extend_from_slice(&points),
                    Shift::Translate { cols, .. } => {
                        let cols = cols as u32;
                        let row = points.iter().map(|v| v / cols).min().unwrap_or(0);
                        let col = points.iter().map(|v| v % cols).min().unwrap_or(0);
                        images.extend(points.iter().map(|v| v - (row * cols + col)));
                    }
                    Shift::Rotate { n, .. } => {
                        let n = n as u32;
                        images.extend(points.iter().map(|v| v / n * n + (v % n + r) % n));
                    }
                }
                sorted.clone_from(&images);
                sorted.sort_unstable();
                if best_images.is_empty() || sorted < best {
                    std::mem::swap(&mut best, &mut sorted);
                    best_images.clone_from(&images);
                }
            }
        }
        (best, best_images)
    }

    /// The least (or normalizing) shift of `set`.
    fn shifted<S: Bits>(&self, set: S) -> S {
        match self.shift {
            Shift::None => set,
            Shift::Translate { rows, cols } => {
                let Some(first) = set.first() else {
                    return set;
                };
                let first_row = first / cols;
                let occupied_cols =
                    (first_row..rows).fold(0, |acc, r| acc | field(set, r * cols, cols));
                // Moving every cell up `first_row` rows and left to the lowest occupied
                // column is, in row-major order, a shift down by `offset`.
                let offset = first_row * cols + occupied_cols.trailing_zeros() as usize;
                from_word_fn(|i| field(set, offset + 64 * i, 64))
            }
            Shift::Rotate { layers, n } => {
                let mut fields = [0u64; 64];
                for (l, f) in fields[..layers].iter_mut().enumerate() {
                    *f = field(set, l * n, n);
                }
                let full = low_bits(n);
                let mut best = set;
                for r in 1..n {
                    let image = from_word_fn(|i| {
                        let mut word = 0;
                        for (l, &f) in fields[..layers].iter().enumerate() {
                            let rotated = ((f << r) | (f >> (n - r))) & full;
                            word |= word_of_field(i, l * n, rotated);
                        }
                        word
                    });
                    if image < best {
                        best = image;
                    }
                }
                best
            }
        }
    }
}

/// The least image of `set` under the lattice maps `maps` and the identity, each followed
/// by the translation to row 0 and column 0: the same key as
/// [`HostSymmetry::key_by_point_maps`], by word operations on rows (`rows <= 64`,
/// `cols <= 64`).
///
/// The rows (or, for transposes, the columns) are read once, bit-reversed once; a map then
/// only chooses the lines, their order, and the translation, which is the same for every
/// order of the lines: down to the first non-empty line, right by the trailing zeros of
/// the union of the lines.
fn lattice_key<S: Bits>(set: S, rows: usize, cols: usize, maps: &[LatticeMap]) -> S {
    if set.is_empty() {
        return set;
    }
    // Two readings: the rows, and (for transposes) the columns; bit reversal is applied on
    // the fly. For each: the first and last non-empty line, and the union of the lines.
    let mut readings = [[0u64; 64]; 2];
    for (r, row) in readings[0][..rows].iter_mut().enumerate() {
        *row = field(set, r * cols, cols);
    }
    let transposes = maps.iter().any(|m| m.transpose);
    if transposes {
        for r in 0..rows {
            let mut row = readings[0][r];
            while row != 0 {
                readings[1][row.trailing_zeros() as usize] |= 1 << r;
                row &= row - 1;
            }
        }
    }
    let heights = [rows, cols];
    let widths = [cols, rows];
    let mut extents = [(0usize, 0usize, 0u64); 2];
    for k in 0..1 + usize::from(transposes) {
        let lines = &readings[k][..heights[k]];
        let first = lines.iter().position(|&l| l != 0).unwrap_or(0);
        let last = lines.iter().rposition(|&l| l != 0).unwrap_or(0);
        let union = lines[first..=last].iter().fold(0, |acc, &l| acc | l);
        extents[k] = (first, last, union);
    }
    // Line `i` (from the first non-empty one) of the image under a reading, an order of
    // the lines, and a bit order, moved to column 0.
    let line = |k: usize, reverse_order: bool, reverse_bits: bool, i: usize| {
        let (first, last, union) = extents[k];
        let l = readings[k][if reverse_order { last - i } else { first + i }];
        let width = widths[k] as u32;
        if reverse_bits {
            let low = union.leading_zeros() - (64 - width);
            (l.reverse_bits() >> (64 - width)) >> low
        } else {
            l >> union.trailing_zeros()
        }
    };
    let image = |map: LatticeMap| {
        let k = usize::from(map.transpose);
        let mut image = S::empty();
        for i in 0..=extents[k].1 - extents[k].0 {
            let l = line(k, map.reverse_rows, map.reverse_bits, i);
            if l != 0 {
                image.insert_field(i * widths[k], l);
            }
        }
        image
    };
    let identity = LatticeMap {
        transpose: false,
        reverse_rows: false,
        reverse_bits: false,
    };
    if S::WORDS > 2 {
        // Wide sets order their words from the lowest: build and compare the images.
        return maps
            .iter()
            .map(|&m| image(m))
            .fold(image(identity), |best, i| if i < best { i } else { best });
    }
    // On one or two words every image has lines of the same width (transposes only on
    // square lattices), so images compare as numbers exactly as (number of lines, then
    // the lines from the top down): the least image is found line by line, and only it
    // is built.
    let height = |k: usize| extents[k].1 - extents[k].0;
    let mut best = identity;
    for &map in maps {
        let (k, b) = (usize::from(map.transpose), usize::from(best.transpose));
        let order = height(k).cmp(&height(b)).then_with(|| {
            (0..=height(k))
                .rev()
                .map(|i| {
                    line(k, map.reverse_rows, map.reverse_bits, i).cmp(&line(
                        b,
                        best.reverse_rows,
                        best.reverse_bits,
                        i,
                    ))
                })
                .find(|o| o.is_ne())
                .unwrap_or(std::cmp::Ordering::Equal)
        });
        if order.is_lt() {
            best = map;
        }
    }
    image(best)
}

/// A half turn of a lattice about the centre of a box, as
/// [`HostSymmetry::box_half_turn`] finds one: cell `(r, c)` goes to
/// `(row_sum - r, col_sum - c)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoxHalfTurn {
    row_sum: usize,
    col_sum: usize,
    cols: usize,
}

impl BoxHalfTurn {
    /// The vertex that vertex `v` (a cell of the box) goes to.
    #[inline]
    pub fn image(self, v: usize) -> usize {
        let (r, c) = (v / self.cols, v % self.cols);
        (self.row_sum - r) * self.cols + (self.col_sum - c)
    }
}

/// True when `map` is a *mirror strategy* for `g`: an automorphism that is an involution
/// without fixed points and sends no vertex into its own closed neighbourhood. Then the
/// second player answers every move `v` with `map(v)` (still there, since the position
/// stays invariant under `map` and `map(v)` is not in `N[v]`), so `g` has nimber 0
/// (the Tweedledum-Tweedledee argument). The same map proves Arc Kayles value 0 too: the
/// answer to the edge `uv` is the edge `map(u) map(v)`, which shares no end with `uv`.
///
/// ```
/// use kayles_graph::{families, symmetry::is_mirror_strategy};
/// let c8 = families::cycle(8);
/// let half_turn: Vec<u32> = (0..8).map(|v| (v + 4) % 8).collect();
/// assert!(is_mirror_strategy(&c8, &half_turn));
/// let reflection: Vec<u32> = (0..8).map(|v| (8 - v) % 8).collect();
/// assert!(!is_mirror_strategy(&c8, &reflection)); // fixes 0 and 4
/// ```
pub fn is_mirror_strategy(g: &Graph, map: &[u32]) -> bool {
    let n = g.order();
    map.len() == n
        && map.iter().all(|&w| (w as usize) < n)
        && (0..n).all(|v| {
            let w = map[v] as usize;
            map[w] as usize == v && w != v && !g.has_edge(v, w)
        })
        && g.edges()
            .into_iter()
            .all(|(u, v)| g.has_edge(map[u] as usize, map[v] as usize))
}

fn low_bits(len: usize) -> u64 {
    if len >= 64 {
        u64::MAX
    } else {
        (1 << len) - 1
    }
}

/// Bits `start .. start + len` of `set` (`len <= 64`), as the low bits of a word.
fn field<S: Bits>(set: S, start: usize, len: usize) -> u64 {
    let (w, off) = (start / 64, start % 64);
    let mut value = set.word(w) >> off;
    if off != 0 && off + len > 64 && w + 1 < S::WORDS {
        value |= set.word(w + 1) << (64 - off);
    }
    value & low_bits(len)
}

/// The part of word `i` of a set that is `value` placed at bit `start`.
fn word_of_field(i: usize, start: usize, value: u64) -> u64 {
    let (w, off) = (start / 64, start % 64);
    if i == w {
        value << off
    } else if i == w + 1 && off != 0 {
        value >> (64 - off)
    } else {
        0
    }
}

/// The set whose word `i` is `word(i)`. Narrow sets are built without the 64-word buffer
/// (the branch is decided at compile time), which keeps the key cheap on the hot path.
#[inline]
fn from_word_fn<S: Bits>(word: impl Fn(usize) -> u64) -> S {
    if S::WORDS <= 2 {
        S::from_words(&[word(0), word(1)][..S::WORDS])
    } else {
        let mut words = [0u64; 64];
        for (i, w) in words[..S::WORDS].iter_mut().enumerate() {
            *w = word(i);
        }
        S::from_words(&words[..S::WORDS])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families;

    #[test]
    fn rejects_maps_that_are_not_automorphisms() {
        let path = families::path(4);
        assert!(HostSymmetry::new(&path, vec![vec![3, 2, 1, 0]], Shift::None).is_ok());
        let err = HostSymmetry::new(&path, vec![vec![1, 0, 2, 3]], Shift::None).unwrap_err();
        assert!(err.contains("does not keep the edge"), "{err}");
        assert!(HostSymmetry::new(&path, vec![vec![0, 0, 1, 2]], Shift::None).is_err());
        // A path is a translation-invariant 1 x 4 lattice; a cycle's rotation is an
        // automorphism but a path's is not.
        assert!(HostSymmetry::new(&path, vec![], Shift::Translate { rows: 1, cols: 4 }).is_ok());
        assert!(HostSymmetry::new(&path, vec![], Shift::Rotate { layers: 1, n: 4 }).is_err());
        let star = families::build("star:4").unwrap();
        assert!(HostSymmetry::new(&star, vec![], Shift::Translate { rows: 1, cols: 4 }).is_err());
    }

    #[test]
    fn is_host_compares_edges() {
        let sym = families::host_symmetry("grid:3x4").unwrap().unwrap();
        assert!(sym.is_host(&families::build("grid:3x4").unwrap()));
        assert!(!sym.is_host(&families::build("grid:4x3").unwrap()));
        assert!(!sym.is_host(&families::build("queens:3").unwrap()));
    }

    #[test]
    fn key_with_images_gives_the_key_by_an_isomorphism() {
        for spec in [
            "grid:3x5",
            "grid:4x4",
            "grid:5x3",
            "queens:5",
            "petersen:7,2",
            "cycle:9",
        ] {
            let host = families::build(spec).unwrap();
            let sym = families::host_symmetry(spec).unwrap().unwrap();
            let n = host.order();
            let mut images = Vec::new();
            let mut seed = 0x2545_f491_4f6c_dd1du64;
            for _ in 0..2000 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let set = seed & ((1u64 << n) - 1);
                let vertices: Vec<u32> = set.iter().map(|v| v as u32).collect();
                let key = sym
                    .key_with_images(set, &vertices, &mut images)
                    .unwrap_or_else(|| panic!("{spec}: no element gives the key of {set:b}"));
                assert_eq!(key, sym.key(set), "{spec}");
                let image = images.iter().fold(0u64, |s, &v| s | 1 << v);
                assert_eq!(image, key, "{spec}: {set:b}");
                for (i, &u) in vertices.iter().enumerate() {
                    for (j, &v) in vertices.iter().enumerate() {
                        assert_eq!(
                            host.has_edge(u as usize, v as usize),
                            host.has_edge(images[i] as usize, images[j] as usize),
                            "{spec}: {set:b}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn least_image_with_map_is_an_isomorphism_and_a_function_of_the_orbit() {
        for spec in [
            "grid:3x5",
            "queens:4",
            "petersen:7,2",
            "cycle:9",
            "path:7",
            "grid:2x2",
        ] {
            let host = families::build(spec).unwrap();
            let sym = families::host_symmetry(spec).unwrap().unwrap();
            let n = host.order();
            let mut seed = 12345u64;
            for _ in 0..300 {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let mask = (seed >> 11) & crate::symmetry::low_bits(n);
                let set: Vec<u32> = (0..n as u32).filter(|&v| mask >> v & 1 == 1).collect();
                let (image, images) = sym.least_image_with_map(&set);
                let mut sorted = images.clone();
                sorted.sort_unstable();
                assert_eq!(sorted, image, "{spec}");
                for i in 0..set.len() {
                    for j in 0..set.len() {
                        assert_eq!(
                            host.has_edge(set[i] as usize, set[j] as usize),
                            host.has_edge(images[i] as usize, images[j] as usize),
                            "{spec}: {set:?} -> {images:?}"
                        );
                    }
                }
                // Every set with the same key (the same orbit) has the same least image,
                // and so does the image itself.
                assert_eq!(sym.least_image_with_map(&image).0, image, "{spec}");
                let key = sym.key(mask);
                let key_set: Vec<u32> = (0..n as u32).filter(|&v| key >> v & 1 == 1).collect();
                assert_eq!(sym.least_image_with_map(&key_set).0, image, "{spec}");
            }
        }
    }

    #[test]
    fn the_bitset_and_the_list_half_turn_agree() {
        // Every vertex set of small lattices: both paths find the same turn, or neither.
        for spec in ["grid:3x4", "grid:4x4", "grid:2x7", "grid:1x9"] {
            let sym = families::host_symmetry(spec).unwrap().unwrap();
            let n = families::build(spec).unwrap().order();
            let mut turned = 0;
            for mask in 0u64..1 << n {
                let set: Vec<u32> = (0..n as u32).filter(|&v| mask >> v & 1 == 1).collect();
                let by_bits = sym
                    .box_half_turn(mask)
                    .map(|turn| set.iter().map(|&v| turn.image(v as usize) as u32).collect());
                assert_eq!(by_bits, sym.box_half_turn_images(&set), "{spec}: {set:?}");
                turned += by_bits.is_some() as usize;
            }
            assert!(
                turned > n,
                "{spec}: only {turned} sets turned onto themselves"
            );
        }
    }

    #[test]
    fn fields_cross_word_boundaries() {
        let set: u128 = (0b1011 << 62) | 1;
        assert_eq!(field(set, 62, 4), 0b1011);
        let words = [word_of_field(0, 62, 0b1011), word_of_field(1, 62, 0b1011)];
        assert_eq!(u128::from_words(&words), 0b1011 << 62);
        assert_eq!(from_word_fn::<u128>(|i| words[i]), 0b1011 << 62);
    }
}
