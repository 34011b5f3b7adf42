//! Single-position Node Kayles search: the nimber of one graph.
//!
//! How it works, from the outside in:
//! 1. **Components first** (NK-XOR): every position is split into connected components and
//!    their values are xored.
//! 2. **Exact memo**: a component, as a vertex set of the graph being solved, is looked up
//!    in a per-graph hash map.
//! 3. **Known pieces**: one or two vertices (value 1), paths (Dawson's chess), cycles.
//! 4. **Twin kernelization** (MOD-TWINS): a true twin is deleted; three or more mutual false
//!    twins lose two. The smaller position has the same value.
//! 5. **Canonical memo**: the component's canonical code (see [`canonical`](crate::canonical))
//!    is looked up in a memo shared by every graph the [`Solver`] ever sees, so translated,
//!    reflected or otherwise isomorphic copies share one entry.
//! 6. Otherwise the options `C - N[v]` are searched and the mex taken.
//!
//! Every layer can be switched off ([`SearchConfig`]) so that tests compare the layers
//! against each other and against the plain definition ([`brute`](crate::brute)).

use crate::bits::{Bits, Words};
use crate::canonical::Canonizer;
use crate::code_memo::CodeMemo;
use crate::known::{mex, PathNimbers};
use crate::Graph;
use hashbrown::HashMap;
use thiserror::Error;

/// Why a search could not give a value.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum SearchError {
    /// A connected component is wider than the widest set type of the engine.
    #[error("a connected component has {order} vertices; the search handles at most {max}")]
    ComponentTooLarge {
        /// Vertices in the component.
        order: usize,
        /// The largest supported.
        max: usize,
    },
    /// A position has options of every value 0..=255.
    #[error("a nimber above 255 was reached; the engine stores nimbers in one byte")]
    NimberTooLarge,
}

/// The largest connected component [`Solver`] searches.
pub const MAX_COMPONENT_ORDER: usize = 4096;

/// Which layers of the search are on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchConfig {
    /// Share entries between isomorphic components through canonical codes.
    pub canonical_memo: bool,
    /// Delete true twins and pairs of surplus false twins before the memo lookups.
    pub twin_reduction: bool,
    /// Look up paths and cycles instead of searching them.
    pub known_pieces: bool,
    /// When the memos together pass this many bytes they are emptied (values already
    /// returned stay right; only reuse is lost).
    pub memo_limit_bytes: usize,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            canonical_memo: true,
            twin_reduction: true,
            known_pieces: true,
            memo_limit_bytes: 8 << 30,
        }
    }
}

impl SearchConfig {
    /// Exact-mask memo and component splitting only: the plainest fast engine.
    pub fn plain() -> Self {
        SearchConfig {
            canonical_memo: false,
            twin_reduction: false,
            known_pieces: false,
            ..Self::default()
        }
    }
}

/// Counters of one [`Solver`], cumulative over every graph it solved.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Positions whose options were searched (memo misses).
    pub positions: u64,
    /// Lookups answered by the exact memo.
    pub exact_hits: u64,
    /// Lookups answered by the canonical memo.
    pub canonical_hits: u64,
    /// Components answered as a path or cycle.
    pub known_hits: u64,
    /// Components shrunk by twin deletion.
    pub twin_reductions: u64,
    /// Entries in the canonical memo now.
    pub canonical_entries: u64,
    /// Times the memos were emptied for hitting the memory limit.
    pub evictions: u64,
}

/// A Node Kayles solver; keeps its canonical memo between calls.
///
/// ```
/// use kayles_core::{families, search::Solver};
/// let mut solver = Solver::new();
/// assert_eq!(solver.nimber(&families::build("grid:3x4").unwrap()), Ok(0));
/// assert_eq!(solver.nimber(&families::build("path:15").unwrap()), Ok(5));
/// ```
pub struct Solver {
    config: SearchConfig,
    canonical: CodeMemo,
    paths: PathNimbers,
    canonizer: Canonizer,
    stats: SearchStats,
}

impl Default for Solver {
    fn default() -> Self {
        Self::new()
    }
}

impl Solver {
    /// A solver with every layer on.
    pub fn new() -> Self {
        Self::with_config(SearchConfig::default())
    }

    /// A solver with the given layers.
    pub fn with_config(config: SearchConfig) -> Self {
        Solver {
            config,
            canonical: CodeMemo::new(),
            paths: PathNimbers::new(),
            canonizer: Canonizer::new(),
            stats: SearchStats::default(),
        }
    }

    /// The counters so far.
    pub fn stats(&self) -> SearchStats {
        SearchStats { canonical_entries: self.canonical.len() as u64, ..self.stats }
    }

    /// Bytes held by the canonical memo.
    pub fn memo_bytes(&self) -> usize {
        self.canonical.bytes()
    }

    /// The Node Kayles nimber of `g`.
    pub fn nimber(&mut self, g: &Graph) -> Result<u32, SearchError> {
        let mut total = 0u32;
        for comp in g.components(&g.vertices()) {
            let (sub, _) = g.induced_subgraph(&comp);
            total ^= self.connected_nimber(&sub)?;
        }
        Ok(total)
    }

    fn connected_nimber(&mut self, g: &Graph) -> Result<u32, SearchError> {
        let n = g.order();
        // Deep positions recurse once per move; give large graphs a large stack.
        if n > 128 {
            let mut result = None;
            std::thread::scope(|scope| {
                let handle = std::thread::Builder::new()
                    .stack_size(1 << 30)
                    .spawn_scoped(scope, || self.dispatch(g))
                    .expect("spawning the search thread");
                result = Some(handle.join().expect("search thread panicked"));
            });
            result.expect("joined")
        } else {
            self.dispatch(g)
        }
    }

    fn dispatch(&mut self, g: &Graph) -> Result<u32, SearchError> {
        match g.order() {
            0..=64 => self.run::<u64>(g),
            65..=128 => self.run::<u128>(g),
            129..=256 => self.run::<Words<4>>(g),
            257..=512 => self.run::<Words<8>>(g),
            513..=1024 => self.run::<Words<16>>(g),
            1025..=2048 => self.run::<Words<32>>(g),
            2049..=MAX_COMPONENT_ORDER => self.run::<Words<64>>(g),
            order => Err(SearchError::ComponentTooLarge { order, max: MAX_COMPONENT_ORDER }),
        }
    }

    fn run<S: Bits>(&mut self, g: &Graph) -> Result<u32, SearchError> {
        if g.order() == 0 {
            return Ok(0);
        }
        let mut engine = Engine::<S> {
            closed: g.closed_neighbourhoods::<S>(),
            exact: HashMap::new(),
            solver: self,
            codes: Vec::new(),
            local_of: vec![0; g.order()],
            twins: Vec::new(),
            overflow: false,
        };
        let value = engine.value(S::prefix(g.order()));
        if engine.overflow {
            Err(SearchError::NimberTooLarge)
        } else {
            Ok(u32::from(value))
        }
    }
}

/// The search over the vertex sets of one connected graph.
struct Engine<'a, S: Bits> {
    closed: Vec<S>,
    exact: HashMap<S, u8>,
    solver: &'a mut Solver,
    /// A stack of canonical codes: each open position keeps its code here while its
    /// options are searched.
    codes: Vec<u64>,
    local_of: Vec<u32>,
    twins: Vec<(S, u32)>,
    overflow: bool,
}

impl<S: Bits> Engine<'_, S> {
    /// Value of a non-empty connected vertex set.
    fn value(&mut self, comp: S) -> u8 {
        if comp.count() <= 2 {
            return 1;
        }
        if let Some(&v) = self.exact.get(&comp) {
            self.solver.stats.exact_hits += 1;
            return v;
        }
        let v = self.value_uncached(comp);
        self.remember(comp, v);
        v
    }

    fn remember(&mut self, comp: S, v: u8) {
        let limit = self.solver.config.memo_limit_bytes;
        let exact_bytes = self.exact.capacity() * (std::mem::size_of::<S>() + 2);
        if exact_bytes + self.solver.canonical.bytes() > limit {
            self.exact.clear();
            self.exact.shrink_to_fit();
            if self.solver.canonical.bytes() > limit / 2 {
                self.solver.canonical.clear();
            }
            self.solver.stats.evictions += 1;
        }
        self.exact.insert(comp, v);
    }

    fn value_uncached(&mut self, comp: S) -> u8 {
        let config = self.solver.config;
        if config.known_pieces {
            if let Some(v) = self.known_piece(comp) {
                self.solver.stats.known_hits += 1;
                return v;
            }
        }
        if config.twin_reduction {
            let reduced = self.without_twins(comp);
            if reduced != comp {
                self.solver.stats.twin_reductions += 1;
                return self.value(reduced);
            }
        }
        let code_start = self.codes.len();
        let mut hash = 0;
        if config.canonical_memo {
            self.push_code(comp);
            hash = CodeMemo::hash(&self.codes[code_start..]);
            if let Some(v) = self.solver.canonical.get(hash, &self.codes[code_start..]) {
                self.solver.stats.canonical_hits += 1;
                self.codes.truncate(code_start);
                return v;
            }
        }
        self.solver.stats.positions += 1;
        let mut seen = [0u64; 4];
        for v in comp.iter() {
            let x = self.xor_of_components(comp.difference(self.closed[v]));
            seen[(x >> 6) as usize] |= 1 << (x & 63);
        }
        let value = match mex(&seen) {
            Some(m) => m,
            None => {
                self.overflow = true;
                0
            }
        };
        if config.canonical_memo {
            self.solver.canonical.insert(hash, &self.codes[code_start..], value);
            self.codes.truncate(code_start);
        }
        value
    }

    /// Xor of the values of the components of `set`.
    fn xor_of_components(&mut self, set: S) -> u8 {
        let mut x = 0u8;
        let mut left = set;
        while let Some(start) = left.first() {
            let comp = self.component_of(start, left);
            left = left.difference(comp);
            x ^= self.value(comp);
        }
        x
    }

    /// The component of `start` in the subgraph induced by `within`.
    #[inline]
    fn component_of(&self, start: usize, within: S) -> S {
        let mut comp = S::singleton(start);
        let mut frontier = comp;
        while !frontier.is_empty() {
            let mut next = S::empty();
            for v in frontier.iter() {
                next = next.union(self.closed[v]);
            }
            frontier = next.intersection(within).difference(comp);
            comp = comp.union(frontier);
        }
        comp
    }

    /// Paths and cycles (every degree at most 2), by table.
    fn known_piece(&mut self, comp: S) -> Option<u8> {
        let k = comp.count() as usize;
        let mut degree_sum = 0usize;
        for v in comp.iter() {
            let d = self.closed[v].intersection(comp).count() as usize - 1;
            if d > 2 {
                return None;
            }
            degree_sum += d;
        }
        let paths = &mut self.solver.paths;
        Some(if degree_sum / 2 == k - 1 { paths.path(k) } else { paths.cycle(k) })
    }

    /// `comp` with one true twin deleted from every class of true twins, or (when there
    /// are none) with two vertices deleted from every class of three or more false twins.
    /// The result is connected and has the same value (MOD-TWINS).
    fn without_twins(&mut self, comp: S) -> S {
        self.twins.clear();
        for v in comp.iter() {
            self.twins.push((self.closed[v].intersection(comp), v as u32));
        }
        self.twins.sort_unstable();
        let mut reduced = comp;
        for pair in self.twins.windows(2) {
            if pair[0].0 == pair[1].0 {
                reduced = reduced.without(pair[1].1 as usize);
            }
        }
        if reduced != comp {
            return reduced;
        }
        for entry in self.twins.iter_mut() {
            entry.0 = entry.0.without(entry.1 as usize);
        }
        self.twins.sort_unstable();
        let mut i = 0;
        while i < self.twins.len() {
            let mut j = i + 1;
            while j < self.twins.len() && self.twins[j].0 == self.twins[i].0 {
                j += 1;
            }
            let class = j - i;
            if class >= 3 {
                // Keep one vertex of an odd class, two of an even one.
                let keep = if class % 2 == 1 { 1 } else { 2 };
                for t in &self.twins[i + keep..j] {
                    reduced = reduced.without(t.1 as usize);
                }
            }
            i = j;
        }
        reduced
    }

    /// Pushes the canonical code of `comp` onto `self.codes`.
    fn push_code(&mut self, comp: S) {
        let k = comp.count() as usize;
        for (i, v) in comp.iter().enumerate() {
            self.local_of[v] = i as u32;
        }
        if k <= 64 {
            let adjacency: Vec<u64> = comp
                .iter()
                .map(|v| {
                    let mut row = 0u64;
                    for u in self.closed[v].intersection(comp).without(v).iter() {
                        row |= 1 << self.local_of[u];
                    }
                    row
                })
                .collect();
            self.solver.canonizer.code(&adjacency, &mut self.codes);
        } else {
            let adjacency: Vec<S> = comp
                .iter()
                .map(|v| {
                    let mut row = S::empty();
                    for u in self.closed[v].intersection(comp).without(v).iter() {
                        row = row.with(self.local_of[u] as usize);
                    }
                    row
                })
                .collect();
            self.solver.canonizer.code(&adjacency, &mut self.codes);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families;

    #[test]
    fn dawson_paths() {
        let want = [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5];
        for config in [SearchConfig::default(), SearchConfig::plain()] {
            let mut s = Solver::with_config(config);
            for (n, &w) in want.iter().enumerate() {
                assert_eq!(s.nimber(&families::path(n)).unwrap(), w, "P_{n} {config:?}");
            }
        }
    }
}
