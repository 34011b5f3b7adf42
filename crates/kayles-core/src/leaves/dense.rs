//! Win or loss of `G + *h` for a Node Kayles graph `G` of at most [`MAX_LEAF_ORDER`]
//! vertices, by a plain search on vertex subsets: the leaves of the outcome method on
//! dense components.
//!
//! Where the engine computes the nimber of every option of a component (to fold it into
//! the heap), this search only asks whether `G + *h` is a win, and stops at the first
//! losing option. On a dense graph a Node Kayles move deletes a large closed
//! neighbourhood, so a line of play is a few moves long; the search does not split
//! positions into components, keys nothing but the subset, and reads every subset of at
//! most [`TABLE_ORDER`] vertices from the complete [`small_table`]s.
//!
//! What it learns of a subset is kept as the engine keeps it ([`Record`]): the heaps at
//! which the subset is known to win, and its nimber once a heap is known to lose. The
//! table is kept while the graph stays the same, so the rounds `h = 0, 1, 2, ...` of one
//! component share it.
//!
//! Given where the graph sits in its host ([`DenseLeaf::node_kayles_wins_in_host`]), the
//! leaf also keeps what it learns of subsets of at least [`HOST_MIN_ORDER`] vertices under
//! their vertex sets in the host, in a [`LeafHostTable`] that the caller keeps (the engine:
//! one for every thread of a search): two components of the same host that reach the same
//! subset (queens boards that differ in the order of their first moves) search it once.

pub use crate::leaves::host_table::HOST_WORDS;
use crate::leaves::host_table::{HostKey, HostSlots, LeafHostTable};
use crate::leaves::small_table::{self, HeapBits, TableGame, TABLE_ORDER};
use crate::record::Record;
use crate::rules::node_move;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::Arc;

/// The largest graph a [`DenseLeaf`] takes.
pub const MAX_LEAF_ORDER: usize = 64;

/// The leaf reads the bit tables of the largest small graphs
/// ([`small_table::node_heap_bits`]) once it has searched this many positions: they cost
/// about 0.1 s to make, which only a large search wins back.
const HEAP_BITS_AFTER: u64 = 4_000_000;

/// The leaf looks at its stop flag every this many positions (about a millisecond).
const STOP_EVERY: u64 = 1 << 12;

/// Subsets of at least this many vertices go to the host table. Queens 14 on one thread
/// (2026-12-02, same sitting): 6.2 s without the table, 5.6 s from 20 vertices, 5.2 s
/// from 24, no change from 28 (docs/performance.md).
pub const HOST_MIN_ORDER: u32 = 24;

/// One subset's entry: valid when `stamp` is the leaf's current stamp.
#[derive(Clone, Copy, Default)]
struct Entry {
    set: u64,
    stamp: u32,
    record: Record,
}

/// The search and its table of subsets (reused from one graph to the next).
///
/// ```
/// use kayles_core::leaves::dense::DenseLeaf;
/// let mut leaf = DenseLeaf::default();
/// // The complete graph K_9 is worth 1: it wins alone, and loses beside a heap of 1.
/// let k9: Vec<u64> = (0..9).map(|i| 0x1ff & !(1 << i)).collect();
/// assert_eq!(leaf.node_kayles_wins(&k9, 0), Some(true));
/// assert_eq!(leaf.node_kayles_wins(&k9, 1), Some(false));
/// assert_eq!(leaf.node_kayles_wins(&k9, 2), Some(true));
/// ```
pub struct DenseLeaf {
    /// The rows of neighbours of the graph being searched.
    rows: Vec<u64>,
    /// The closed neighbourhoods of its vertices.
    closed: Vec<u64>,
    entries: Vec<Entry>,
    stamp: u32,
    /// Entries of the current stamp.
    used: usize,
    /// The options of the subsets on the search path, one block per level, each as its
    /// number of vertices (high bits) and the vertex played (low 6 bits), in search order
    /// once sorted (small keys: sorting them was a sixth of the leaf's time as `u128`s
    /// that held the subsets).
    children: Vec<u16>,
    /// Subsets searched (not settled by the table or the memo), since the leaf was made.
    pub positions: u64,
    /// Subsets settled by the host table, since the leaf was made.
    pub host_hits: u64,
    /// Where the graph being searched sits in its host, when it was given: for each host
    /// word that holds part of it, the word's index, the local label of its first vertex
    /// there, and the word's part of the graph. Empty when the host table is not used.
    placement: Vec<(usize, u32, u64)>,
    /// Slots of the host table this leaf filled in the current call.
    host_filled: u64,
    /// Subsets of at least this many vertices go to the host table.
    host_min_order: u32,
    /// Whether the processor deposits bits fast (the BMI2 `pdep` instruction).
    fast_deposit: bool,
    /// Looked at every [`STOP_EVERY`] positions: once it is up, every question is
    /// answered at once (meaninglessly), and the tables are emptied when the call ends.
    stop: Option<Arc<AtomicBool>>,
    /// Set once `stop` was seen up.
    stopped: bool,
    /// The bit tables of the largest small graphs, once the leaf has searched
    /// [`HEAP_BITS_AFTER`] positions.
    heap_bits: Option<&'static HeapBits>,
    /// A deliberate error, for tests only: the first option searched decides the node.
    #[doc(hidden)]
    pub first_option_decides: bool,
    /// For tests only: the leaf raises its own stop flag when its position count reaches
    /// this (as another thread would, in the middle of a search).
    #[cfg(test)]
    raise_stop_at: u64,
}

impl Default for DenseLeaf {
    fn default() -> Self {
        DenseLeaf {
            rows: Vec::new(),
            closed: Vec::new(),
            entries: Vec::new(),
            stamp: 0,
            used: 0,
            children: Vec::new(),
            positions: 0,
            host_hits: 0,
            placement: Vec::new(),
            host_filled: 0,
            host_min_order: HOST_MIN_ORDER,
            fast_deposit: crate::bits::has_fast_pext(),
            stop: None,
            stopped: false,
            heap_bits: None,
            first_option_decides: false,
            #[cfg(test)]
            raise_stop_at: u64::MAX,
        }
    }
}

impl DenseLeaf {
    /// Whether `G + *heap` is a win for the player to move, `G` the graph whose vertex `i`
    /// has the neighbours `rows[i]` (bit `j` for vertex `j`; at most [`MAX_LEAF_ORDER`]
    /// vertices): `Some(win)`, or None when the stop flag
    /// ([`set_stop_flag`](Self::set_stop_flag)) was seen up during the search, which
    /// then has no answer.
    pub fn node_kayles_wins(&mut self, rows: &[u64], heap: u8) -> Option<bool> {
        self.placement.clear();
        self.search_graph(rows, heap, None)
    }

    /// [`node_kayles_wins`](Self::node_kayles_wins) for the subgraph a host induces on
    /// `component` (its words, at most [`HOST_WORDS`]; its `i`-th vertex in increasing
    /// order is vertex `i` of `rows`), with a table of the host's subsets (a lossy cache,
    /// which other leaves, on other threads, may share). Every call with one table must
    /// be about the same host.
    ///
    /// ```
    /// use kayles_core::leaves::dense::DenseLeaf;
    /// use kayles_core::leaves::host_table::LeafHostTable;
    /// let mut leaf = DenseLeaf::default();
    /// let table = LeafHostTable::new(1 << 20);
    /// // The triangle on the host vertices 1, 70 and 130 is worth 1.
    /// let rows = [0b110u64, 0b101, 0b011];
    /// let component = [1 << 1, 1 << (70 - 64), 1 << (130 - 128)];
    /// assert_eq!(leaf.node_kayles_wins_in_host(&rows, &component, 1, &table), Some(false));
    /// ```
    pub fn node_kayles_wins_in_host(
        &mut self,
        rows: &[u64],
        component: &[u64],
        heap: u8,
        table: &LeafHostTable,
    ) -> Option<bool> {
        assert!(
            component.len() <= HOST_WORDS,
            "the host table keys hosts of at most 256 vertices"
        );
        self.placement.clear();
        let mut first = 0;
        for (w, &part) in component.iter().enumerate() {
            if part != 0 {
                self.placement.push((w, first, part));
                first += part.count_ones();
            }
        }
        let slots = table.slots();
        let win = self.search_graph(rows, heap, Some(&slots));
        table.finish(&slots, std::mem::take(&mut self.host_filled));
        win
    }

    /// The flag that stops the search (see
    /// [`Game::leaf_wins`](crate::engine::Game::leaf_wins)), for the calls from now on.
    pub fn set_stop_flag(&mut self, stop: Option<&Arc<AtomicBool>>) {
        let same = match (&self.stop, stop) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        };
        if !same {
            self.stop = stop.cloned();
        }
    }

    /// Bytes held by the leaf's own table (the subsets of the graph last searched).
    pub fn table_bytes(&self) -> usize {
        self.entries.len() * std::mem::size_of::<Entry>()
    }

    /// Drops the leaf's own table (to free its memory; it refills as the search goes on).
    pub fn clear_table(&mut self) {
        self.entries = Vec::new();
        self.used = 0;
        self.rows.clear();
    }

    fn search_graph(&mut self, rows: &[u64], heap: u8, host: Option<&HostSlots>) -> Option<bool> {
        if self.heap_bits.is_none() && self.positions >= HEAP_BITS_AFTER {
            self.heap_bits = Some(small_table::node_heap_bits());
        }
        assert!(
            rows.len() <= MAX_LEAF_ORDER,
            "a leaf graph has at most 64 vertices"
        );
        if rows != self.rows.as_slice() {
            self.rows.clear();
            self.rows.extend_from_slice(rows);
            self.closed.clear();
            self.closed
                .extend(rows.iter().enumerate().map(|(i, &row)| row | 1 << i));
            self.new_stamp();
        }
        let all = if rows.len() == 64 {
            u64::MAX
        } else {
            (1u64 << rows.len()) - 1
        };
        // A stop already raised: no answer (the caller is unwinding).
        self.stopped = self.stop.as_ref().is_some_and(|stop| stop.load(Relaxed));
        let win = self.wins(all, heap, None, host);
        // What was answered after a stop is meaningless, and `wins` kept none of it in
        // either table: both stay, and the caller is told there is no answer.
        let stopped = std::mem::take(&mut self.stopped);
        (!stopped).then_some(win)
    }

    fn new_stamp(&mut self) {
        if self.stamp == u32::MAX {
            self.entries.iter_mut().for_each(|e| e.stamp = 0);
            self.stamp = 0;
        }
        self.stamp += 1;
        self.used = 0;
        if self.entries.is_empty() {
            self.entries = vec![Entry::default(); 1 << 12];
        }
    }

    #[inline]
    fn slot(&self, set: u64) -> usize {
        let h = (set ^ set >> 29).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        (h >> 32) as usize & (self.entries.len() - 1)
    }

    /// What the table knows of `set`.
    #[inline]
    fn record(&self, set: u64) -> Record {
        let mut i = self.slot(set);
        loop {
            let e = &self.entries[i];
            if e.stamp != self.stamp {
                return Record::UNKNOWN;
            }
            if e.set == set {
                return e.record;
            }
            i = (i + 1) & (self.entries.len() - 1);
        }
    }

    /// Merges `record` into the entry of `set`.
    fn learn(&mut self, set: u64, record: Record) {
        if 2 * (self.used + 1) > self.entries.len() {
            self.grow();
        }
        let mask = self.entries.len() - 1;
        let mut i = self.slot(set);
        loop {
            let e = &mut self.entries[i];
            if e.stamp != self.stamp {
                *e = Entry {
                    set,
                    stamp: self.stamp,
                    record,
                };
                self.used += 1;
                return;
            }
            if e.set == set {
                e.record = e.record.merge(record);
                return;
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let old = std::mem::take(&mut self.entries);
        self.entries = vec![Entry::default(); 2 * old.len()];
        let mask = self.entries.len() - 1;
        for e in old.into_iter().filter(|e| e.stamp == self.stamp) {
            let mut i = self.slot(e.set);
            while self.entries[i].stamp == self.stamp {
                i = (i + 1) & mask;
            }
            self.entries[i] = e;
        }
    }

    /// [`table_wins`](Self::table_wins), given the lower-triangle code of `set`.
    #[inline]
    fn table_wins_of_code(&self, set: u64, order: u32, heap: u8, code: u32) -> bool {
        match self.heap_bits {
            Some(bits) if heap < 2 && order as usize == TABLE_ORDER => {
                !bits.is_code_value(code, heap)
            }
            _ => small_table::value_of_code(TableGame::Node, &self.rows, set, code) != heap,
        }
    }

    /// Whether `set + *heap` wins, `set` of at most [`TABLE_ORDER`] vertices.
    #[inline]
    fn table_wins(&self, set: u64, order: u32, heap: u8) -> bool {
        let code = small_table::lower_triangle_code(&self.rows, set);
        self.table_wins_of_code(set, order, heap, code)
    }

    /// Whether `set + *heap` is a win; `code` is the lower-triangle code of `set` where the
    /// caller has it (see [`option_wins`](Self::option_wins)).
    fn wins(&mut self, set: u64, heap: u8, code: Option<u64>, host: Option<&HostSlots>) -> bool {
        let order = set.count_ones();
        if order as usize <= TABLE_ORDER {
            return match code {
                Some(code) => self.table_wins_of_code(set, order, heap, code as u32),
                None => self.table_wins(set, order, heap),
            };
        }
        // A subset of k vertices has at most k options, so its nimber is at most k: a
        // larger heap moves to it.
        if u32::from(heap) > order {
            return true;
        }
        let mut known = self.record(set);
        if let Some(win) = known.wins(heap) {
            return win;
        }
        let host_key = host
            .filter(|_| order >= self.host_min_order)
            .map(|slots| (slots, self.host_key(set)));
        if let Some((table, key)) = &host_key {
            let stored = table.get(key);
            if !stored.is_unknown() {
                self.learn(set, stored);
                known = known.merge(stored);
                if let Some(win) = known.wins(heap) {
                    self.host_hits += 1;
                    return win;
                }
            }
        }
        self.positions += 1;
        if self.positions % STOP_EVERY == 0 {
            if let Some(stop) = &self.stop {
                #[cfg(test)]
                if self.positions >= self.raise_stop_at {
                    stop.store(true, Relaxed);
                }
                self.stopped |= stop.load(Relaxed);
            }
        }
        if self.stopped {
            return false;
        }
        let win = self.option_wins(set, heap, code, host)
            || self.heap_move_wins(set, heap, known, code, host);
        if self.stopped {
            // The answer may rest on the meaningless answers given since the stop.
            return win;
        }
        self.learn(set, Record::decided(heap, win));
        if let Some((table, key)) = host_key {
            self.host_filled += u64::from(table.insert(&key, Record::decided(heap, win)));
        }
        win
    }

    /// Whether a move in `set` (the heap left at `heap`) is a loss. Options settled by
    /// the tables or the memo are looked at first; the others are searched fewest
    /// vertices first (the most forcing moves).
    ///
    /// A set of at most [`small_table::WIDE_CODE_ORDER`] vertices has its lower-triangle
    /// code (given as `code`, or made here), and the codes of its options are squeezed out
    /// of it (two `pext`s an option, where the code made afresh takes one a vertex):
    /// queens 14 3.6-3.9 s against 3.9-4.1 s on one thread.
    fn option_wins(
        &mut self,
        set: u64,
        heap: u8,
        code: Option<u64>,
        host: Option<&HostSlots>,
    ) -> bool {
        let base = self.children.len();
        let set_code = code.or_else(|| {
            (self.fast_deposit && set.count_ones() as usize <= small_table::WIDE_CODE_ORDER)
                .then(|| small_table::wide_lower_triangle_code(&self.rows, set))
        });
        let pairs = small_table::pairs_within();
        let mut left = set;
        while left != 0 {
            let v = left.trailing_zeros() as usize;
            left &= left - 1;
            let child = node_move(set, self.closed[v]);
            let order = child.count_ones();
            let settled = if order as usize <= TABLE_ORDER {
                Some(match set_code {
                    Some(set_code) => {
                        // SAFETY: `set_code` is only made where the processor has BMI2.
                        let code =
                            unsafe { small_table::subset_code_bmi2(set_code, set, child, pairs) };
                        self.table_wins_of_code(child, order, heap, code as u32)
                    }
                    None => self.table_wins(child, order, heap),
                })
            } else {
                self.record(child).wins(heap)
            };
            match settled {
                Some(false) => {
                    self.children.truncate(base);
                    return true;
                }
                Some(true) => {}
                None => self.children.push((order << 6 | v as u32) as u16),
            }
        }
        let end = self.children.len();
        self.children[base..end].sort_unstable();
        let mut won = false;
        let mut previous = 0;
        for c in base..end {
            let child = node_move(set, self.closed[usize::from(self.children[c] & 63)]);
            // Twins give the same option: searched once (the keys sort by order first,
            // and twins' options come next to each other when nothing of that order
            // lies between them; any other repeat is answered by the table).
            if child == previous {
                continue;
            }
            previous = child;
            // SAFETY: `set_code` is only made where the processor has BMI2.
            let child_code = set_code
                .filter(|_| usize::from(self.children[c] >> 6) <= small_table::WIDE_CODE_ORDER)
                .map(|sc| unsafe { small_table::subset_code_bmi2(sc, set, child, pairs) });
            if !self.wins(child, heap, child_code, host) {
                won = true;
                break;
            }
            if self.first_option_decides {
                break;
            }
        }
        self.children.truncate(base);
        won
    }

    /// The vertex set in the host of `set`, a subset of the graph being searched.
    #[inline]
    fn host_key(&self, set: u64) -> HostKey {
        let mut key = [0; HOST_WORDS];
        for &(w, first, part) in &self.placement {
            let bits = set >> first;
            key[w] = if self.fast_deposit {
                // SAFETY: the processor has BMI2.
                unsafe { crate::bits::deposit_bmi2(bits, part) }
            } else {
                crate::bits::deposit(bits, part)
            };
        }
        key
    }

    /// Whether a heap move wins: `set + *q` loses for some `q < heap`.
    fn heap_move_wins(
        &mut self,
        set: u64,
        heap: u8,
        known: Record,
        code: Option<u64>,
        host: Option<&HostSlots>,
    ) -> bool {
        (0..heap).any(|q| known.wins(q) != Some(true) && !self.wins(set, q, code, host))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::brute;

    /// Random graphs of 1 to 14 vertices and of every density, against the definition:
    /// `G + *h` wins exactly when `h` is not the nimber of `G`.
    #[test]
    fn agrees_with_the_definition() {
        let wrong = disagreements(false);
        assert_none_wrong(&wrong);
    }

    /// The check can fail: with a wrong cutoff (the first option searched decides), the
    /// same graphs show it.
    #[test]
    fn a_wrong_cutoff_is_caught() {
        assert!(!disagreements(true).is_empty());
    }

    /// Many overlapping subsets of one host of 200 vertices (so that keys span all four
    /// words), searched in turn by two leaves that share one host table, which keeps every
    /// subset of 8 vertices or more: the answers read from the table, met first in other
    /// subsets and often by the other leaf, agree with the definition.
    #[test]
    fn the_host_table_agrees_with_the_definition() {
        let mut next = crate::brute::xorshift(0x9e37_79b9_7f4a_7c15u64);
        let n = 200;
        // A pool of 16 vertices spread over the host, joined at random inside.
        let mut pool: Vec<usize> = Vec::new();
        while pool.len() < 16 {
            let v = (next() % n as u64) as usize;
            if !pool.contains(&v) {
                pool.push(v);
            }
        }
        let mut open = vec![[0u64; HOST_WORDS]; n];
        for (a, &u) in pool.iter().enumerate() {
            for &v in &pool[..a] {
                if next() % 100 < 25 {
                    open[u][v / 64] |= 1 << (v % 64);
                    open[v][u / 64] |= 1 << (u % 64);
                }
            }
        }
        let mut leaves = [0, 1].map(|_| DenseLeaf {
            host_min_order: 8,
            ..DenseLeaf::default()
        });
        let table = LeafHostTable::new(1 << 20);
        let mut wrong = Vec::new();
        for round in 0..300 {
            let leaf = &mut leaves[round % 2];
            let size = 10 + (next() % 5) as usize;
            let mut members: Vec<usize> = Vec::new();
            while members.len() < size {
                let v = pool[(next() % pool.len() as u64) as usize];
                if !members.contains(&v) {
                    members.push(v);
                }
            }
            members.sort_unstable();
            let mut words = [0u64; HOST_WORDS];
            for &v in &members {
                words[v / 64] |= 1 << (v % 64);
            }
            let rows: Vec<u64> = members
                .iter()
                .map(|&u| {
                    members.iter().enumerate().fold(0, |row, (j, &v)| {
                        row | (open[u][v / 64] >> (v % 64) & 1) << j
                    })
                })
                .collect();
            let edges: Vec<(usize, usize)> = (0..size)
                .flat_map(|i| (0..i).map(move |j| (j, i)))
                .filter(|&(j, i)| rows[i] >> j & 1 == 1)
                .collect();
            let g = crate::Graph::from_edges(size, &edges);
            let nimber = brute::node_kayles(&g, (1u128 << size) - 1);
            for h in [1u8, 0, 2, 3] {
                if leaf.node_kayles_wins_in_host(&rows, &words, h, &table)
                    != Some(u32::from(h) != nimber)
                {
                    wrong.push(format!("{members:?} + *{h}: the nimber is {nimber}"));
                }
            }
        }
        assert!(
            table.bytes() > 100 * 40,
            "the host table was hardly used: {} bytes",
            table.bytes()
        );
        for leaf in &leaves {
            assert!(
                leaf.host_hits > 50,
                "the host table was hardly read: {} hits",
                leaf.host_hits
            );
        }
        assert_none_wrong(&wrong);
    }

    /// A search stopped in its middle (the flag raised after some thousands of positions,
    /// as another thread raises it) keeps nothing wrong: asked again once the flag is down,
    /// the same graph (whose own table the leaf keeps) and its host table answer every
    /// heap as a leaf that was never stopped does. (With the guard that keeps a stopped
    /// search from learning taken out of `wins`, 7 of these answers were wrong.)
    #[test]
    fn a_stop_in_the_middle_keeps_nothing_wrong() {
        let stop = Arc::new(AtomicBool::new(false));
        let mut leaf = DenseLeaf {
            host_min_order: 12,
            ..DenseLeaf::default()
        };
        leaf.set_stop_flag(Some(&stop));
        let mut stopped_searches = 0;
        let mut wrong = Vec::new();
        for (rows, edges) in dense_graphs(0x5851_f42d_4c95_7f2d, 12) {
            // The graph sits in the first word of its host, from vertex 3 (a host of its
            // own: one host table serves one host).
            let table = LeafHostTable::new(1 << 22);
            let component = [((1u64 << rows.len()) - 1) << 3];
            let mut fresh = DenseLeaf::default();
            let answers: Vec<bool> = (0..5)
                .map(|h| fresh.node_kayles_wins(&rows, h).expect("no stop flag"))
                .collect();
            if fresh.positions < 2 * STOP_EVERY {
                continue;
            }
            let before = leaf.positions;
            leaf.raise_stop_at = before + STOP_EVERY;
            // The nimber's round: a loss, whose proof searches every option.
            let nimber = answers.iter().position(|&win| !win).unwrap_or(0) as u8;
            let answer = leaf.node_kayles_wins_in_host(&rows, &component, nimber, &table);
            // A search that saw the flag up has no answer; one that did not has the right one.
            if stop.load(Relaxed) {
                stopped_searches += 1;
                if answer.is_some() {
                    wrong.push(format!("{edges:?} + *{nimber}: an answer after the stop"));
                }
            } else if answer != Some(answers[usize::from(nimber)]) {
                wrong.push(format!(
                    "{edges:?} + *{nimber}: a wrong answer, not stopped"
                ));
            }
            leaf.raise_stop_at = u64::MAX;
            stop.store(false, Relaxed);
            for (h, &win) in answers.iter().enumerate() {
                if leaf.node_kayles_wins_in_host(&rows, &component, h as u8, &table) != Some(win) {
                    wrong.push(format!("{edges:?} + *{h}: a wrong answer after the stop"));
                }
            }
        }
        assert!(
            stopped_searches >= 5,
            "only {stopped_searches} searches were stopped in their middle"
        );
        assert_none_wrong(&wrong);
    }

    /// A graph's edges `(j, i)`, `j < i`.
    type Edges = Vec<(usize, usize)>;

    /// `count` random graphs of 36 to 42 vertices, each pair joined with a probability of
    /// 15% to 24% (sparse enough that most searches outlast a few stop checks, dense
    /// enough that none takes seconds), as rows of neighbours and edges.
    fn dense_graphs(seed: u64, count: usize) -> Vec<(Vec<u64>, Edges)> {
        let mut next = brute::xorshift(seed);
        (0..count)
            .map(|_| {
                let k = 36 + (next() % 7) as usize;
                let density = 15 + next() % 10;
                brute::random_rows(&mut next, k, density)
            })
            .collect()
    }

    /// The same with the bit tables of the 7-vertex graphs read from the start (a large
    /// search reads them once it has searched a few million positions).
    #[test]
    fn agrees_with_the_definition_with_the_heap_bits() {
        let wrong = disagreements_with(false, true);
        assert_none_wrong(&wrong);
    }

    fn assert_none_wrong(wrong: &[String]) {
        assert!(
            wrong.is_empty(),
            "{} wrong, first: {}",
            wrong.len(),
            wrong[0]
        );
    }

    /// The questions of [`agrees_with_the_definition`] the leaf answers wrong.
    fn disagreements(first_option_decides: bool) -> Vec<String> {
        disagreements_with(first_option_decides, false)
    }

    fn disagreements_with(first_option_decides: bool, heap_bits: bool) -> Vec<String> {
        let mut wrong = Vec::new();
        let mut leaf = DenseLeaf {
            first_option_decides,
            heap_bits: heap_bits.then(small_table::node_heap_bits),
            ..DenseLeaf::default()
        };
        for (rows, edges, g) in brute::random_graphs(0x2545_f491_4f6c_dd1d, 400, 14) {
            let k = rows.len();
            let nimber = brute::node_kayles(&g, (1u128 << k) - 1);
            // Heaps asked in a scrambled order, so that the table is read both ways.
            for h in [3u8, 0, 5, 1, 2, 4, 6] {
                if leaf.node_kayles_wins(&rows, h) != Some(u32::from(h) != nimber) {
                    wrong.push(format!("{edges:?} + *{h}: the nimber is {nimber}"));
                }
            }
        }
        wrong
    }
}
