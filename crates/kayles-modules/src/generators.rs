//! Deterministic generators for tests and benchmarks: a small PRNG ([`SplitMix64`]),
//! random graphs, random cographs and random graphs of bounded modular width. Vertex
//! labels are shuffled so that modules are not contiguous ranges.

use crate::decomposition::has_nontrivial_module;
use kayles_core::{families, Graph};

/// The SplitMix64 generator: tiny, fast, deterministic from its seed.
///
/// ```
/// use kayles_modules::generators::SplitMix64;
/// let mut a = SplitMix64::new(1);
/// let mut b = SplitMix64::new(1);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(10) < 10);
/// ```
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator from `seed`.
    pub fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform value in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }

    /// True with probability `percent / 100`.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    /// A uniformly random permutation of `0..n`.
    pub fn permutation(&mut self, n: usize) -> Vec<usize> {
        let mut p: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            let j = self.below(i as u64 + 1) as usize;
            p.swap(i, j);
        }
        p
    }
}

/// A random graph on `n` vertices, each edge present with probability `percent / 100`.
///
/// ```
/// let g = kayles_modules::generators::random_graph(10, 50, 3);
/// assert_eq!(g.order(), 10);
/// ```
pub fn random_graph(n: usize, percent: u64, seed: u64) -> Graph {
    let mut rng = SplitMix64::new(seed);
    let mut g = Graph::new(n);
    for u in 0..n {
        for v in u + 1..n {
            if rng.chance(percent) {
                g.add_edge(u, v);
            }
        }
    }
    g
}

/// A random cograph on `n` vertices: split the vertex range in two at a random point,
/// join the halves completely or not at all (fair coin), recurse; then shuffle labels.
///
/// ```
/// let g = kayles_modules::generators::random_cograph(50, 1);
/// assert!(kayles_modules::decompose(&g).is_cograph());
/// ```
pub fn random_cograph(n: usize, seed: u64) -> Graph {
    let mut rng = SplitMix64::new(seed);
    let perm = rng.permutation(n);
    let mut g = Graph::new(n);
    let mut work = vec![(0usize, n)];
    while let Some((start, end)) = work.pop() {
        if end - start < 2 {
            continue;
        }
        split_in_two(&mut g, &perm, (start, end), &mut rng, &mut work);
    }
    g
}

/// A random prime graph on `k >= 4` vertices (random graphs of density 1/2 until one has
/// no non-trivial module; the path `P_k` if none is found).
///
/// ```
/// let p = kayles_modules::generators::random_prime_graph(6, 5);
/// assert!(!kayles_modules::has_nontrivial_module(&p));
/// ```
///
/// # Panics
/// If `k < 4` (there is no prime graph on 2 or 3 vertices).
pub fn random_prime_graph(k: usize, seed: u64) -> Graph {
    assert!(k >= 4, "prime graphs have at least 4 vertices");
    let mut rng = SplitMix64::new(seed);
    for _ in 0..1000 {
        let g = random_graph(k, 50, rng.next_u64());
        if !has_nontrivial_module(&g) {
            return g;
        }
    }
    families::path(k)
}

/// A random graph on `n` vertices whose prime nodes have at most `width` children
/// (`width >= 4` for prime nodes to appear): recursively, a range of vertices becomes a
/// prime node (probability 1/2 when it has at least 4 vertices) substituted into a random
/// prime graph on `4..=width` vertices, or a series / parallel split in two. Labels are
/// shuffled.
///
/// ```
/// use kayles_modules::{decompose, generators::random_modular_width_graph};
/// let g = random_modular_width_graph(100, 8, 2);
/// assert!(decompose(&g).modular_width() <= 8);
/// ```
pub fn random_modular_width_graph(n: usize, width: usize, seed: u64) -> Graph {
    let mut rng = SplitMix64::new(seed);
    let perm = rng.permutation(n);
    let mut g = Graph::new(n);
    let mut work = vec![(0usize, n)];
    while let Some((start, end)) = work.pop() {
        let len = end - start;
        if len < 2 {
            continue;
        }
        if width >= 4 && len >= 4 && rng.chance(50) {
            let k = 4 + rng.below((width.min(len) - 3) as u64) as usize;
            let quotient = random_prime_graph(k, rng.next_u64());
            // k - 1 distinct cut points in start+1..end.
            let mut cuts: Vec<usize> = Vec::with_capacity(k + 1);
            let mut pool: Vec<usize> = (start + 1..end).collect();
            for i in 0..k - 1 {
                let j = i + rng.below((pool.len() - i) as u64) as usize;
                pool.swap(i, j);
                cuts.push(pool[i]);
            }
            cuts.push(start);
            cuts.push(end);
            cuts.sort_unstable();
            for (a, b) in quotient.edges() {
                for u in cuts[a]..cuts[a + 1] {
                    for v in cuts[b]..cuts[b + 1] {
                        g.add_edge(perm[u], perm[v]);
                    }
                }
            }
            for i in 0..k {
                work.push((cuts[i], cuts[i + 1]));
            }
        } else {
            split_in_two(&mut g, &perm, (start, end), &mut rng, &mut work);
        }
    }
    g
}

/// Cuts the range `start..end` (at least two vertices of `perm`) in two at a random point,
/// joins the halves completely half of the time (a series node) or not at all (a parallel
/// node), and queues both halves.
fn split_in_two(
    g: &mut Graph,
    perm: &[usize],
    (start, end): (usize, usize),
    rng: &mut SplitMix64,
    work: &mut Vec<(usize, usize)>,
) {
    let cut = start + 1 + rng.below((end - start - 1) as u64) as usize;
    if rng.chance(50) {
        for u in start..cut {
            for v in cut..end {
                g.add_edge(perm[u], perm[v]);
            }
        }
    }
    work.push((start, cut));
    work.push((cut, end));
}
