//! The host's adjacency as rows of words, and positions as word bitsets: the moves and
//! component splits the builder makes for every position it proves (faster than
//! `VertexSet`'s general bit vectors on this path).

use kayles_core::bits::Bits;
use kayles_core::canonical::mix;
use kayles_core::Graph;

/// The open neighbourhoods of the host, `words` words a row.
pub struct Adjacency {
    words: usize,
    rows: Vec<u64>,
    /// `mix(d + 0x51)` for each degree `d` of the host's order (what
    /// [`signature`](Self::signature) adds up for a vertex's neighbours: a table read an
    /// edge, not a hash).
    around: Vec<u64>,
}

impl Adjacency {
    /// The rows of `host`.
    pub fn new(host: &Graph) -> Self {
        let n = host.order();
        let words = n.div_ceil(64).max(1);
        let mut rows = vec![0u64; n * words];
        for v in 0..n {
            for u in host.neighbours(v).iter() {
                rows[v * words + u / 64] |= 1 << (u % 64);
            }
        }
        let around = (0..=n as u64).map(|d| mix(d + 0x51)).collect();
        Adjacency {
            words,
            rows,
            around,
        }
    }

    /// `N(v)`.
    pub fn row(&self, v: usize) -> &[u64] {
        &self.rows[v * self.words..(v + 1) * self.words]
    }

    /// An isomorphism invariant of the connected position with bit words `set` and
    /// vertices `vertices` (the same position, increasing): its order, and one round of
    /// colour refinement from the degrees (each vertex's degree with the multiset of its
    /// neighbours' degrees), summed. Isomorphic positions have the same signature;
    /// positions that are not may share one. A few nanoseconds a vertex, where a
    /// canonical code costs a search. `degree` is scratch of the host's order.
    pub fn signature(&self, set: &[u64], vertices: &[u32], degree: &mut [u32]) -> u64 {
        self.degrees(set, vertices, degree);
        self.refined(set, vertices, degree)
    }

    /// Each vertex's degree in the position (bit words `set`, vertices `vertices`), into
    /// `degree` (scratch of the host's order): their sum, twice the position's edges (with
    /// its order, a coarser invariant than [`signature`](Self::signature), for a word of
    /// popcounts a vertex).
    pub fn degrees(&self, set: &[u64], vertices: &[u32], degree: &mut [u32]) -> u64 {
        let mut sum = 0u64;
        for &v in vertices {
            let d: u32 = self
                .row(v as usize)
                .iter()
                .zip(set)
                .map(|(r, s)| (r & s).count_ones())
                .sum();
            degree[v as usize] = d;
            sum += u64::from(d);
        }
        sum
    }

    /// The [`signature`](Self::signature) of the position, its vertices' degrees already
    /// in `degree` ([`degrees`](Self::degrees)).
    pub fn refined(&self, set: &[u64], vertices: &[u32], degree: &[u32]) -> u64 {
        let mut sum = mix(vertices.len() as u64);
        for &v in vertices {
            let mut around = 0u64;
            for (i, (r, s)) in self.row(v as usize).iter().zip(set).enumerate() {
                let mut both = r & s;
                while both != 0 {
                    let u = i * 64 + both.trailing_zeros() as usize;
                    both &= both - 1;
                    around = around.wrapping_add(self.around[degree[u] as usize]);
                }
            }
            sum = sum.wrapping_add(mix(mix(u64::from(degree[v as usize])) ^ around));
        }
        sum
    }

    /// The subgraph induced on `set` (increasing, no repeats) as rows of the width `S`,
    /// which holds `set.len()` vertices: bit `j` of row `i` when `set[i]` and `set[j]`
    /// are adjacent. A row costs the neighbours of its vertex in `set` (each one's index
    /// is the count of `set`'s members below it), not `set.len()` tests: the builder
    /// canonizes millions of positions.
    pub fn induced<S: Bits>(&self, set: &[u32]) -> Vec<S> {
        let members = self.set(set);
        // Members in the words before each word.
        let mut before = Vec::with_capacity(self.words);
        let mut count = 0;
        for w in &members {
            before.push(count);
            count += w.count_ones() as usize;
        }
        set.iter()
            .map(|&v| {
                let mut bits = S::empty();
                for (i, (&r, &m)) in self.row(v as usize).iter().zip(&members).enumerate() {
                    let mut both = r & m;
                    while both != 0 {
                        let below = m & ((1u64 << both.trailing_zeros()) - 1);
                        bits.insert(before[i] + below.count_ones() as usize);
                        both &= both - 1;
                    }
                }
                bits
            })
            .collect()
    }

    /// The bitset of a vertex list.
    pub fn set(&self, vertices: &[u32]) -> Vec<u64> {
        let mut s = Vec::new();
        self.set_into(vertices, &mut s);
        s
    }

    /// The bitset of a vertex list, into `out` (cleared first; its capacity is reused,
    /// so that the builder's hot paths allocate no bitset a position).
    pub fn set_into(&self, vertices: &[u32], out: &mut Vec<u64>) {
        out.clear();
        out.resize(self.words, 0);
        for &v in vertices {
            out[v as usize / 64] |= 1 << (v % 64);
        }
    }

    /// The components of the position `set` (consumed), each increasing, ordered by least
    /// vertex.
    pub fn components(&self, mut set: Vec<u64>) -> Vec<Vec<u32>> {
        if self.words == 1 {
            return self.components_one_word(set[0]);
        }
        let mut out = Vec::new();
        let (mut frontier, mut next) = (vec![0u64; self.words], vec![0u64; self.words]);
        let mut comp = vec![0u64; self.words];
        while let Some(s) = first(&set) {
            comp.fill(0);
            frontier.fill(0);
            comp[s / 64] |= 1 << (s % 64);
            frontier[s / 64] |= 1 << (s % 64);
            set[s / 64] &= !(1 << (s % 64));
            loop {
                next.fill(0);
                for_each(&frontier, |v| {
                    for (x, r) in next.iter_mut().zip(self.row(v)) {
                        *x |= r;
                    }
                });
                let mut grew = false;
                for i in 0..self.words {
                    next[i] &= set[i];
                    set[i] &= !next[i];
                    comp[i] |= next[i];
                    grew |= next[i] != 0;
                }
                if !grew {
                    break;
                }
                std::mem::swap(&mut frontier, &mut next);
            }
            out.push(vertices(&comp));
        }
        out
    }

    /// [`components`](Self::components) of a host of at most 64 vertices: the
    /// frontier in one word, no scratch on the heap, each list allocated once at its size.
    fn components_one_word(&self, mut set: u64) -> Vec<Vec<u32>> {
        let mut out = Vec::new();
        while set != 0 {
            let s = set.trailing_zeros();
            let mut comp = 1u64 << s;
            let mut frontier = comp;
            set &= !comp;
            while frontier != 0 {
                let mut next = 0u64;
                let mut f = frontier;
                while f != 0 {
                    next |= self.rows[f.trailing_zeros() as usize];
                    f &= f - 1;
                }
                next &= set;
                set &= !next;
                comp |= next;
                frontier = next;
            }
            let mut list = Vec::with_capacity(comp.count_ones() as usize);
            while comp != 0 {
                list.push(comp.trailing_zeros());
                comp &= comp - 1;
            }
            out.push(list);
        }
        out
    }
}

fn first(set: &[u64]) -> Option<usize> {
    set.iter()
        .position(|&w| w != 0)
        .map(|i| i * 64 + set[i].trailing_zeros() as usize)
}

/// The members of `set`, increasing.
pub fn vertices(set: &[u64]) -> Vec<u32> {
    let count: u32 = set.iter().map(|w| w.count_ones()).sum();
    let mut out = Vec::with_capacity(count as usize);
    for_each(set, |v| out.push(v as u32));
    out
}

/// Calls `f` on each member of `set`, increasing.
pub fn for_each(set: &[u64], mut f: impl FnMut(usize)) {
    for (i, &w) in set.iter().enumerate() {
        let mut w = w;
        while w != 0 {
            f(i * 64 + w.trailing_zeros() as usize);
            w &= w - 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kayles_core::{families, VertexSet};

    /// Induced rows as the definition gives them, on hosts of one, two and three words.
    #[test]
    fn induced_rows_agree_with_the_definition() {
        for spec in ["grid:3x5", "queens:8", "petersen:40,2", "grid:3x50"] {
            let host = families::build(spec).unwrap();
            let adj = Adjacency::new(&host);
            let n = host.order() as u32;
            for step in [1, 2, 3, 5, 7] {
                let set: Vec<u32> = (0..n).filter(|v| v % step != 1 || step == 1).collect();
                let set = &set[..set.len().min(128)];
                let rows = adj.induced::<u128>(set);
                for (i, &v) in set.iter().enumerate() {
                    for (j, &w) in set.iter().enumerate() {
                        let edge = host.has_edge(v as usize, w as usize);
                        assert_eq!(rows[i] >> j & 1 == 1, edge, "{spec} {step} {v} {w}");
                    }
                }
            }
        }
    }

    #[test]
    fn components_agree_with_graph_components() {
        for spec in ["grid:3x5", "petersen:40,2", "queens:5"] {
            let host = families::build(spec).unwrap();
            let adj = Adjacency::new(&host);
            let n = host.order();
            for step in [2, 3, 5, 7] {
                let list: Vec<u32> = (0..n as u32).filter(|v| v % step != 1).collect();
                let vs = VertexSet::from_vertices(n, list.iter().map(|&v| v as usize));
                let want: Vec<Vec<u32>> = host
                    .components(&vs)
                    .into_iter()
                    .map(|c| c.iter().map(|v| v as u32).collect())
                    .collect();
                assert_eq!(adj.components(adj.set(&list)), want, "{spec} {step}");
            }
        }
    }

    /// The signature is its definition (the order, each vertex's degree and its
    /// neighbours' degrees, hashed by `mix` and summed), worked out here from the graph,
    /// on hosts of one to three words and positions that are not connected too.
    #[test]
    fn signature_is_its_definition() {
        for spec in ["grid:3x5", "queens:8", "petersen:40,2", "grid:3x50"] {
            let host = families::build(spec).unwrap();
            let adj = Adjacency::new(&host);
            let n = host.order();
            let mut scratch = vec![0; n];
            for step in [1, 2, 3, 5, 7] {
                let list: Vec<u32> = (0..n as u32)
                    .filter(|v| v % step != 1 || step == 1)
                    .collect();
                let degree = |v: u32| {
                    list.iter()
                        .filter(|&&u| host.has_edge(v as usize, u as usize))
                        .count() as u64
                };
                let mut want = mix(list.len() as u64);
                for &v in &list {
                    let around = list
                        .iter()
                        .filter(|&&u| host.has_edge(v as usize, u as usize))
                        .fold(0u64, |a, &u| a.wrapping_add(mix(degree(u) + 0x51)));
                    want = want.wrapping_add(mix(mix(degree(v)) ^ around));
                }
                assert_eq!(
                    adj.signature(&adj.set(&list), &list, &mut scratch),
                    want,
                    "{spec} {step}"
                );
            }
        }
    }
}
