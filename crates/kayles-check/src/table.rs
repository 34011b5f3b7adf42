//! Table facts (format version 3): `value(X) = v` (tag 5) or `value(X) != v` (tag 6) for
//! a vertex set `X` of at most [`MAX_TABLE_ORDER`] vertices, checked by searching the game
//! `X + *v` here, by the definition of win and loss: it must be a loss for the player to
//! move (then, by Sprague-Grundy, `value(X) xor v = 0`), or a win (`value(X) != v`). A position `S + *h` (`S` a subset of `X`, not
//! split into components) is a win when a move in `S` or a move of the heap to `*q`,
//! `q < h`, leads to a loss; `S + *h` with `h > |S|` is a win at once (a value is at most
//! the length of the longest play, at most `|S|`).
//!
//! A subset is one bit word, the fact's vertices numbered `0..k-1` in increasing order.
//! What the search learns of a subset (the heaps at which it wins, the one at which it
//! loses) is kept for the fact; on a host of at most 256 vertices, what it learns of
//! subsets of at least [`SHARED_MIN`] vertices is also kept under their host vertices
//! (four bit words), for the facts that follow (their subsets overlap: the sub-boards of
//! one queens board). Subsets of at most [`SMALL`] vertices get their value by the
//! definition over all their subsets, once for each labelled graph. What is kept is a
//! cache: the shared part is emptied when it grows past [`MEMO_CAP`] subsets, which costs
//! time only. A fact whose search meets more than [`FACT_BUDGET`] subsets not in the
//! cache is rejected, so a hostile certificate costs at most that much work a fact.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// A table fact's set has at most this many vertices.
pub const MAX_TABLE_ORDER: usize = 64;

/// At most this many subsets are searched for one table fact (past the cache).
pub const FACT_BUDGET: usize = 1 << 21;

/// The shared cache is emptied, before a fact, once it holds this many subsets.
pub const MEMO_CAP: usize = 1 << 21;

/// Subsets of at least this many vertices are kept for the facts that follow.
pub const SHARED_MIN: u32 = 20;

/// Subsets of at most this many vertices get their value by the definition over all
/// their subsets, once for each labelled graph (by its lower-triangle adjacency code).
pub const SMALL: u32 = 7;

/// What the search learnt of a subset `S`: the heaps `h` at which `S + *h` wins (bits),
/// and the heap at which it loses (its value), [`NONE`] until found.
#[derive(Clone, Copy, Default)]
struct Record {
    wins: u64,
    loss: u8,
}

/// No losing heap known.
const NONE: u8 = u8::MAX;

/// A position: four bit words.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Set([u64; 4]);

impl Hash for Set {
    fn hash<H: Hasher>(&self, state: &mut H) {
        let [a, b, c, d] = self.0;
        let x = a ^ b.rotate_left(16) ^ c.rotate_left(32) ^ d.rotate_left(48);
        state.write_u64(x);
    }
}

/// Finishes the one word a key hashes to (a [`Set`] here, a small component's key in
/// the checker's cache of small values) by a multiplication and a shift (the table is
/// found by the top bits), where the standard hasher costs a keyed SipHash.
#[derive(Default)]
pub(crate) struct Mix(u64);

impl Hasher for Mix {
    fn finish(&self) -> u64 {
        let h = self.0.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        h ^ h >> 29
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 ^= x;
    }
}

impl Set {
    const EMPTY: Set = Set([0; 4]);
}

/// Whether the graph of the bit rows `rows` (`k` vertices) is dense enough for a table
/// fact: its degrees sum to at least `4k` and to at least `k^2 / 4` (an average degree of
/// at least 4 and of a quarter of the order). A Node Kayles move there deletes a quarter
/// of what is left, so a search that does not split components stays short; a sparse set
/// (a path) would not.
pub fn dense(rows: &[u64]) -> bool {
    let k = rows.len() as u32;
    let ends: u32 = rows.iter().map(|r| r.count_ones()).sum();
    ends >= 4 * k && 4 * ends >= k * k
}

/// The searcher of table facts and its caches.
#[derive(Default)]
pub struct Tables {
    /// Whether a fact's set must be dense ([`dense`]); always, but in tests of the search.
    need_dense: bool,
    /// Whether subsets are also kept under their host vertices (a host of at most 256
    /// vertices).
    shared: bool,
    /// The vertices of the fact being checked, increasing: local vertex `i` is `verts[i]`.
    verts: Vec<u32>,
    /// Their open neighbourhoods among them, as local bit words.
    rows: Vec<u64>,
    /// What is known of the fact's subsets.
    local: HashMap<u64, Record, BuildHasherDefault<Mix>>,
    /// What is known of subsets of at least [`SHARED_MIN`] vertices, by host vertices.
    host: HashMap<Set, Record, BuildHasherDefault<Mix>>,
    /// The options of the positions on the search path, one block a level, with their
    /// sizes.
    options: Vec<(u32, u64)>,
    /// Subsets searched for the current fact.
    fresh: usize,
    /// The values of the small labelled graphs met: for `k` vertices, by their
    /// lower-triangle code (bit `i(i-1)/2 + j` for the edge `ij`, `j < i`), [`NONE`] until
    /// worked out.
    small: Vec<Vec<u8>>,
}

impl Tables {
    /// The searcher for a host of `n` vertices (Node Kayles: a move deletes a closed
    /// neighbourhood).
    pub fn new(n: usize) -> Tables {
        Tables {
            need_dense: true,
            shared: n <= 256,
            small: (0..=SMALL)
                .map(|k| vec![NONE; 1 << (k * k.saturating_sub(1) / 2)])
                .collect(),
            ..Tables::default()
        }
    }

    /// Whether `X + *v` is a loss, `X` the connected set `verts` (sorted host vertices,
    /// at most [`MAX_TABLE_ORDER`]) whose induced edges are those `edge` says: `Ok(())`
    /// when it is, else why not (a win, or too many subsets to search).
    pub fn check(
        &mut self,
        verts: &[u32],
        v: u32,
        edge: impl Fn(usize, usize) -> bool,
    ) -> Result<(), String> {
        self.start(verts, &edge)?;
        let k = verts.len();
        // A value is at most the length of the longest play: at most the set's size, and
        // below 64 on a connected set of at most 64 vertices (the first move deletes at
        // least two of them).
        if v > 63 || v as usize > k {
            return Err(format!(
                "value {v} is more than the longest play of {k} vertices"
            ));
        }
        let all = if k == 64 { u64::MAX } else { (1 << k) - 1 };
        if self.wins(all, v as u8)? {
            return Err(format!(
                "the table's search finds a move that wins against *{v}: the value is not {v}"
            ));
        }
        Ok(())
    }

    /// Whether `X + *w` is a win (`X` as for [`check`](Self::check)): `Ok(())` when it is
    /// (then `value(X) != w`), else why not.
    pub fn check_win(
        &mut self,
        verts: &[u32],
        w: u32,
        edge: impl Fn(usize, usize) -> bool,
    ) -> Result<(), String> {
        self.start(verts, &edge)?;
        let k = verts.len();
        // The value is at most the longest play, at most `k` (and below 64).
        if w > 63 || w as usize > k {
            return Ok(());
        }
        let all = if k == 64 { u64::MAX } else { (1 << k) - 1 };
        if !self.wins(all, w as u8)? {
            return Err(format!(
                "the table's search finds no move that wins against *{w}: the value is {w}"
            ));
        }
        Ok(())
    }

    /// Makes ready for a fact about `verts`.
    fn start(&mut self, verts: &[u32], edge: &impl Fn(usize, usize) -> bool) -> Result<(), String> {
        let k = verts.len();
        if k > MAX_TABLE_ORDER {
            return Err(format!(
                "a table fact has at most {MAX_TABLE_ORDER} vertices, this one {k}"
            ));
        }
        if self.shared && self.host.len() >= MEMO_CAP {
            self.host = HashMap::default();
        }
        self.local.clear();
        self.verts.clear();
        self.verts.extend_from_slice(verts);
        self.rows.clear();
        for &a in verts {
            let mut row = 0u64;
            for (j, &b) in verts.iter().enumerate() {
                if a != b && edge(a as usize, b as usize) {
                    row |= 1 << j;
                }
            }
            self.rows.push(row);
        }
        if self.need_dense && !dense(&self.rows) {
            let ends: u32 = self.rows.iter().map(|r| r.count_ones()).sum();
            return Err(format!(
                "a table fact's set must be dense: {k} vertices and {ends} edge ends, \
                 at least {} needed",
                (4 * k).max((k * k).div_ceil(4))
            ));
        }
        self.fresh = 0;
        self.options.clear();
        Ok(())
    }

    /// The local subset `s` as host vertices.
    fn host_set(&self, mut s: u64) -> Set {
        let mut out = Set::EMPTY;
        while s != 0 {
            let v = self.verts[s.trailing_zeros() as usize] as usize;
            out.0[v / 64] |= 1 << (v % 64);
            s &= s - 1;
        }
        out
    }

    /// The value of a local subset of at most [`SMALL`] vertices, by the definition over
    /// all its subsets; cached by its lower-triangle code.
    fn small_value(&mut self, s: u64) -> u8 {
        let mut at = [0usize; SMALL as usize];
        let (mut k, mut left) = (0, s);
        while left != 0 {
            at[k] = left.trailing_zeros() as usize;
            left &= left - 1;
            k += 1;
        }
        let mut code = 0usize;
        let mut bit = 0;
        for i in 1..k {
            let row = self.rows[at[i]];
            for &a in &at[..i] {
                code |= ((row >> a & 1) as usize) << bit;
                bit += 1;
            }
        }
        let known = self.small[k][code];
        if known != NONE {
            return known;
        }
        let mut adj = [0usize; SMALL as usize];
        let mut bit = 0;
        for i in 1..k {
            for j in 0..i {
                if code >> bit & 1 == 1 {
                    adj[i] |= 1 << j;
                    adj[j] |= 1 << i;
                }
                bit += 1;
            }
        }
        let mut value = [0u8; 1 << SMALL];
        for s in 1..1usize << k {
            let mut options = 0u32;
            for i in (0..k).filter(|i| s >> i & 1 == 1) {
                options |= 1 << value[s & !(adj[i] | 1 << i)];
            }
            value[s] = options.trailing_ones() as u8;
        }
        let v = value[(1 << k) - 1];
        self.small[k][code] = v;
        v
    }

    /// Whether `s + *h` is a win for the player to move.
    fn wins(&mut self, s: u64, h: u8) -> Result<bool, String> {
        let k = s.count_ones();
        if u32::from(h) > k {
            return Ok(true);
        }
        if k <= SMALL {
            return Ok(h != self.small_value(s));
        }
        let mut known = self.local.get(&s).copied().unwrap_or(Record {
            wins: 0,
            loss: NONE,
        });
        let shared = self.shared && k >= SHARED_MIN;
        if shared && known.loss == NONE && known.wins >> h & 1 == 0 {
            if let Some(r) = self.host.get(&self.host_set(s)) {
                known.wins |= r.wins;
                if r.loss != NONE {
                    known.loss = r.loss;
                }
                self.local.insert(s, known);
            }
        }
        if known.loss != NONE {
            return Ok(known.loss != h);
        }
        if known.wins >> h & 1 == 1 {
            return Ok(true);
        }
        self.fresh += 1;
        if self.fresh > FACT_BUDGET {
            return Err(format!(
                "the table's search meets more than {FACT_BUDGET} positions"
            ));
        }
        let win = self.a_move_wins(s, h)?;
        let rec = self.local.entry(s).or_insert(Record {
            wins: 0,
            loss: NONE,
        });
        if win {
            rec.wins |= 1 << h;
        } else {
            rec.loss = h;
        }
        let rec = *rec;
        if shared {
            let key = self.host_set(s);
            self.host.insert(key, rec);
        }
        Ok(win)
    }

    /// Whether a move of `s + *h` (in `s`, or of the heap) leads to a loss: the options
    /// known to lose first, then the others fewest vertices first, then the heap's moves.
    fn a_move_wins(&mut self, s: u64, h: u8) -> Result<bool, String> {
        let base = self.options.len();
        let mut left = s;
        while left != 0 {
            let u = left.trailing_zeros() as usize;
            left &= left - 1;
            let after = s & !(self.rows[u] | 1 << u);
            self.options.push((after.count_ones(), after));
        }
        let end = self.options.len();
        let mut win = (base..end).any(|i| {
            let (k, after) = self.options[i];
            k > SMALL && self.local.get(&after).is_some_and(|r| r.loss == h)
        });
        if !win {
            self.options[base..end].sort_unstable_by_key(|&(k, _)| k);
            for i in base..end {
                let after = self.options[i].1;
                if !self.wins(after, h)? {
                    win = true;
                    break;
                }
            }
        }
        self.options.truncate(base);
        if !win {
            for q in 0..h {
                if !self.wins(s, q)? {
                    return Ok(true);
                }
            }
        }
        Ok(win)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The value of the graph `adj` (bit rows) in Node Kayles, by the definition over all
    /// subsets.
    fn definition(adj: &[u64]) -> u32 {
        let k = adj.len();
        let mut value = vec![0u32; 1 << k];
        for s in 1..1usize << k {
            let mut seen = 0u64;
            for i in (0..k).filter(|i| s >> i & 1 == 1) {
                seen |= 1 << value[s & !(adj[i] as usize | 1 << i)];
            }
            value[s] = seen.trailing_ones();
        }
        value[(1 << k) - 1]
    }

    /// A pseudo-random graph on `k` vertices with edge probability `p` percent.
    fn graph(k: usize, p: u64, seed: &mut u64) -> Vec<u64> {
        let mut adj = vec![0u64; k];
        for i in 0..k {
            for j in 0..i {
                *seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                if (*seed >> 33) % 100 < p {
                    adj[i] |= 1 << j;
                    adj[j] |= 1 << i;
                }
            }
        }
        adj
    }

    #[test]
    fn the_search_agrees_with_the_definition() {
        let mut seed = 7;
        let mut tried = 0;
        for k in 1..=13 {
            for p in [20, 50, 80] {
                for _ in 0..6 {
                    let adj = graph(k, p, &mut seed);
                    let want = definition(&adj);
                    // The host's labels: the same, or spread over a host past 256
                    // vertices (no shared cache) or within one (shared).
                    for (n, stride) in [(k, 1), (300, 23), (256, 19)] {
                        let verts: Vec<u32> = (0..k as u32).map(|i| i * stride).collect();
                        let edge = |a: usize, b: usize| {
                            let (i, j) = (a / stride as usize, b / stride as usize);
                            adj[i] >> j & 1 == 1
                        };
                        let mut t = Tables::new(n);
                        t.need_dense = false;
                        for v in 0..=k as u32 + 1 {
                            let eq = t.check(&verts, v, edge);
                            let ne = t.check_win(&verts, v, edge);
                            assert_eq!(eq.is_ok(), v == want, "k {k} {adj:?} {v}: {eq:?}");
                            assert_eq!(ne.is_ok(), v != want, "k {k} {adj:?} {v}: {ne:?}");
                        }
                        tried += 1;
                    }
                }
            }
        }
        assert_eq!(tried, 13 * 3 * 6 * 3);
    }

    #[test]
    fn the_bounds_hold() {
        let mut t = Tables::new(100);
        let path = |a: usize, b: usize| a.abs_diff(b) == 1;
        let verts: Vec<u32> = (0..64).collect();
        let e = t.check(&verts, 1, path).unwrap_err();
        assert!(e.contains("must be dense"), "{e}");
        // K_5 (20 edge ends) is dense; K_5 less an edge (18) is not.
        let k5 = |a: usize, b: usize| a != b;
        assert!(t.check(&verts[..5], 1, k5).is_ok());
        let e = t
            .check(&verts[..5], 1, |a, b| a != b && a + b != 1)
            .unwrap_err();
        assert!(e.contains("18 edge ends, at least 20"), "{e}");
        t.need_dense = false;
        let verts: Vec<u32> = (0..65).collect();
        let e = t.check(&verts, 1, |_, _| true).unwrap_err();
        assert!(e.contains("at most 64 vertices"), "{e}");
        let e = t.check(&verts[..10], 11, |_, _| true).unwrap_err();
        assert!(e.contains("longest play"), "{e}");
        // NE against a heap past the longest play holds at once.
        assert!(t.check_win(&verts[..10], 11, |_, _| true).is_ok());
        // The path on 64 vertices, not split into components: too many subsets.
        let e = t.check(&verts[..64], 0, path).unwrap_err();
        assert!(e.contains("positions"), "{e}");
    }
}
