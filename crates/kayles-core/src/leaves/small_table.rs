//! Complete tables of the nimbers of every labelled graph on at most [`TABLE_ORDER`]
//! vertices, for Node Kayles and Arc Kayles, filled as they are met: the leaves of
//! [`SmallSolver`](crate::leaves::small::SmallSolver).
//!
//! A graph on `k` vertices is indexed by its *lower-triangle code*: bit `i(i-1)/2 + j` for
//! the edge `ij`, `j < i`, in the vertices' own order (no canonical form: a labelled
//! graph is one slot). There are `2^(k(k-1)/2)` of them, 2 MiB of one-byte slots at
//! `k = 7` for each game. A slot holds the value plus one, 0 while unknown; a value is
//! computed by the definition (the mex over the moves, whose results are looked up in the
//! same tables) the first time it is asked for. The tables are shared by every thread of
//! the process: each slot is written with the one value it can have, so a race only
//! computes a value twice.

use crate::bits::compress;
#[cfg(any(target_arch = "x86_64", doc))]
use crate::bits::has_fast_pext;
use crate::rules::{arc_move, closed_of, node_move};
use std::sync::atomic::{AtomicU8, Ordering::Relaxed};
use std::sync::OnceLock;

/// The largest graph the tables hold.
pub const TABLE_ORDER: usize = 7;

/// Which game a table is of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TableGame {
    /// A move deletes a closed neighbourhood.
    Node,
    /// A move deletes the two ends of an edge.
    Arc,
}

/// The slots of one game, by number of vertices.
struct Levels([Box<[AtomicU8]>; TABLE_ORDER + 1]);

impl Levels {
    fn new() -> Self {
        Levels(std::array::from_fn(|k| {
            (0..1usize << (k * k.saturating_sub(1) / 2))
                .map(|_| AtomicU8::new(0))
                .collect()
        }))
    }
}

fn levels(game: TableGame) -> &'static Levels {
    static NODE: OnceLock<Levels> = OnceLock::new();
    static ARC: OnceLock<Levels> = OnceLock::new();
    match game {
        TableGame::Node => NODE.get_or_init(Levels::new),
        TableGame::Arc => ARC.get_or_init(Levels::new),
    }
}

/// The lower-triangle code of the subgraph induced by `set` (at most 8 vertices) in the
/// graph whose vertex `i` has the neighbours `rows[i]`, with the BMI2 `pext` instruction
/// where it is fast ([`has_fast_pext`]), else with [`compress`].
#[inline]
pub(crate) fn lower_triangle_code(rows: &[u64], set: u64) -> u32 {
    debug_assert!(set.count_ones() <= 8);
    wide_lower_triangle_code(rows, set) as u32
}

/// [`lower_triangle_code`] for a set of at most [`WIDE_CODE_ORDER`] vertices.
#[inline]
pub(crate) fn wide_lower_triangle_code(rows: &[u64], set: u64) -> u64 {
    debug_assert!(set.count_ones() as usize <= WIDE_CODE_ORDER);
    #[cfg(target_arch = "x86_64")]
    if has_fast_pext() {
        // SAFETY: the processor has BMI2.
        return unsafe { lower_triangle_code_bmi2(rows, set) };
    }
    lower_triangle_code_with(rows, set, compress)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
unsafe fn lower_triangle_code_bmi2(rows: &[u64], set: u64) -> u64 {
    lower_triangle_code_with(rows, set, |bits, mask| {
        std::arch::x86_64::_pext_u64(bits, mask)
    })
}

#[inline(always)]
fn lower_triangle_code_with(rows: &[u64], set: u64, pext: impl Fn(u64, u64) -> u64) -> u64 {
    let mut code = 0;
    let mut shift = 0;
    let mut earlier = 0u64;
    let mut left = set;
    while left != 0 {
        let v = left.trailing_zeros() as usize;
        code |= pext(rows[v], earlier) << shift;
        shift += earlier.count_ones();
        earlier |= 1 << v;
        left &= left - 1;
    }
    code
}

/// The most vertices of a set whose lower-triangle code fits a `u64` (55 pairs).
pub(crate) const WIDE_CODE_ORDER: usize = 11;

/// `pairs_within()[m]`: the bits of a lower-triangle code that are pairs of two of the
/// vertices in `m` (a mask of positions `0..WIDE_CODE_ORDER`). The pair `ij`, `j < i`,
/// sits at bit `i(i-1)/2 + j` whatever the order of the graph, so one table serves them all.
pub(crate) fn pairs_within() -> &'static [u64] {
    static PAIRS: OnceLock<Box<[u64]>> = OnceLock::new();
    PAIRS.get_or_init(|| {
        (0..1u64 << WIDE_CODE_ORDER)
            .map(|kept| {
                let mut mask = 0;
                let mut bit = 0;
                for i in 0..WIDE_CODE_ORDER {
                    for j in 0..i {
                        if kept >> i & 1 == 1 && kept >> j & 1 == 1 {
                            mask |= 1 << bit;
                        }
                        bit += 1;
                    }
                }
                mask
            })
            .collect()
    })
}

/// The lower-triangle code of `subset` (a subset of `set`) from
/// `set_code`, that of `set` (at most [`WIDE_CODE_ORDER`] vertices): the pairs the subset
/// loses squeezed out of the code, two `pext`s instead of one per vertex.
///
/// # Safety
/// The processor must have BMI2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
#[inline]
pub(crate) unsafe fn subset_code_bmi2(
    set_code: u64,
    set: u64,
    subset: u64,
    pairs_within: &[u64],
) -> u64 {
    use std::arch::x86_64::_pext_u64;
    let kept = _pext_u64(subset, set);
    _pext_u64(set_code, pairs_within[kept as usize])
}

/// [`subset_code_bmi2`] by [`compress`] (no BMI2 off x86-64).
///
/// # Safety
/// None needed; unsafe only to match the x86-64 signature.
#[cfg(not(target_arch = "x86_64"))]
pub(crate) unsafe fn subset_code_bmi2(
    set_code: u64,
    set: u64,
    subset: u64,
    pairs_within: &[u64],
) -> u64 {
    compress(set_code, pairs_within[compress(subset, set) as usize])
}

/// The nimber of the subgraph induced by `set` (at most [`TABLE_ORDER`] vertices) in the
/// graph whose vertex `i` has the neighbours `rows[i]` (at most 64 vertices), for `game`.
pub(crate) fn value(game: TableGame, rows: &[u64], set: u64) -> u8 {
    value_of_code(game, rows, set, lower_triangle_code(rows, set))
}

/// [`value`], given the lower-triangle code of `set`.
pub(crate) fn value_of_code(game: TableGame, rows: &[u64], set: u64, code: u32) -> u8 {
    let order = set.count_ones() as usize;
    debug_assert!(order <= TABLE_ORDER);
    if order <= 1 {
        return u8::from(order == 1 && game == TableGame::Node);
    }
    let slot = &levels(game).0[order][code as usize];
    let known = slot.load(Relaxed);
    if known != 0 {
        return known - 1;
    }
    // At most 7 vertices: at most 21 moves, values below 32.
    let mut seen = 0u32;
    let mut left = set;
    while left != 0 {
        let v = left.trailing_zeros() as usize;
        left &= left - 1;
        match game {
            TableGame::Node => {
                seen |= 1 << value(game, rows, node_move(set, closed_of(rows[v], v)));
            }
            TableGame::Arc => {
                let mut later = rows[v] & left;
                while later != 0 {
                    let u = later.trailing_zeros();
                    later &= later - 1;
                    seen |= 1 << value(game, rows, arc_move(set, v, u as usize));
                }
            }
        }
    }
    let v = crate::mex::of_mask(seen) as u8;
    slot.store(v + 1, Relaxed);
    v
}

/// For Node Kayles on graphs of exactly [`TABLE_ORDER`] vertices: whether the nimber is
/// 0, and whether it is 1, one bit per lower-triangle code (256 KiB each, against the 2 MiB
/// of the level's byte slots). A search that asks only whether a graph of that order
/// beside a heap of 0 or 1 wins (the dense leaf in the rounds `h = 0, 1`) reads them from
/// the processor's second-level cache, where the byte slots mostly miss it.
pub(crate) struct HeapBits([Box<[u64]>; 2]);

/// The [`HeapBits`], computed in full the first time they are asked for.
pub(crate) fn node_heap_bits() -> &'static HeapBits {
    static BITS: OnceLock<HeapBits> = OnceLock::new();
    BITS.get_or_init(|| {
        fill_node_levels();
        let slots = &levels(TableGame::Node).0[TABLE_ORDER];
        let mut bits = [vec![0u64; slots.len() / 64], vec![0u64; slots.len() / 64]];
        for (code, slot) in slots.iter().enumerate() {
            let v = slot.load(Relaxed) - 1;
            if v < 2 {
                bits[usize::from(v)][code / 64] |= 1 << (code % 64);
            }
        }
        HeapBits(bits.map(Vec::into_boxed_slice))
    })
}

/// Fills every Node Kayles slot, fewest vertices first, the options' codes squeezed out of
/// each graph's code ([`pairs_within`]) rather than made vertex by vertex: queens 14 spent
/// a fifteenth of its time making the bits the other way.
fn fill_node_levels() {
    #[cfg(target_arch = "x86_64")]
    if has_fast_pext() {
        // SAFETY: the processor has BMI2.
        return unsafe { fill_node_levels_bmi2() };
    }
    fill_node_levels_with(compress)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
unsafe fn fill_node_levels_bmi2() {
    fill_node_levels_with(|bits, mask| std::arch::x86_64::_pext_u64(bits, mask))
}

#[inline(always)]
fn fill_node_levels_with(pext: impl Fn(u64, u64) -> u64) {
    let levels = &levels(TableGame::Node).0;
    let pairs = pairs_within();
    for k in 2..=TABLE_ORDER {
        let all = (1u64 << k) - 1;
        for (code, slot) in levels[k].iter().enumerate() {
            if slot.load(Relaxed) != 0 {
                continue;
            }
            let rows = rows_of_code(k, code as u32);
            let mut seen = 0u32;
            for (v, &row) in rows[..k].iter().enumerate() {
                let kept = node_move(all, closed_of(row, v));
                let order = kept.count_ones() as usize;
                seen |= 1
                    << if order <= 1 {
                        order as u8
                    } else {
                        let option = pext(code as u64, pairs[kept as usize]) as usize;
                        levels[order][option].load(Relaxed) - 1
                    };
            }
            slot.store(crate::mex::of_mask(seen) as u8 + 1, Relaxed);
        }
    }
}

impl HeapBits {
    /// Whether the graph on [`TABLE_ORDER`] vertices of lower-triangle code `code` has the
    /// nimber `heap` (0 or 1).
    #[inline]
    pub(crate) fn is_code_value(&self, code: u32, heap: u8) -> bool {
        debug_assert!(heap < 2);
        let code = code as usize;
        self.0[usize::from(heap)][code / 64] >> (code % 64) & 1 == 1
    }
}

/// The graph on `k` vertices whose lower-triangle code is `code`, as rows of neighbours
/// (the first `k` rows; the others are empty).
fn rows_of_code(k: usize, code: u32) -> [u64; TABLE_ORDER] {
    let mut rows = [0u64; TABLE_ORDER];
    let mut bit = 0;
    for i in 0..k {
        for j in 0..i {
            if code >> bit & 1 == 1 {
                rows[i] |= 1 << j;
                rows[j] |= 1 << i;
            }
            bit += 1;
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{brute, Graph};

    fn graph_of(rows: &[u64]) -> Graph {
        let edges: Vec<(usize, usize)> = (0..rows.len())
            .flat_map(|i| {
                (0..i)
                    .filter(move |&j| rows[i] >> j & 1 == 1)
                    .map(move |j| (j, i))
            })
            .collect();
        Graph::from_edges(rows.len(), &edges)
    }

    /// The code reads the induced subgraph back: decoding it gives the same edges.
    #[test]
    fn code_is_the_induced_subgraph() {
        let rows = [0b0110u64, 0b1001, 0b1001, 0b0110, 0];
        // The set {0, 2, 3, 4}: edges 0-2 and 2-3, i.e. local 0-1 and 1-2.
        let code = lower_triangle_code(&rows, 0b11101);
        assert_eq!(rows_of_code(4, code)[..4], [0b0010, 0b0101, 0b0010, 0]);
    }

    /// The code of a subset squeezed out of the code of a larger set is the subset's own
    /// code, on random graphs and sets of up to 11 vertices.
    #[test]
    fn subset_codes_are_the_subsets_codes() {
        #[cfg(target_arch = "x86_64")]
        if !std::arch::is_x86_feature_detected!("bmi2") {
            return;
        }
        let mut next = crate::brute::xorshift(0x9e37_79b9_7f4a_7c15u64);
        let pairs = pairs_within();
        for _ in 0..20_000 {
            let mut rows = vec![0u64; 24];
            for i in 0..24 {
                for j in 0..i {
                    if next() % 3 == 0 {
                        rows[i] |= 1 << j;
                        rows[j] |= 1 << i;
                    }
                }
            }
            let mut set = next() & 0xff_ffff;
            while set.count_ones() as usize > WIDE_CODE_ORDER {
                set &= set - 1;
            }
            let subset = set & next();
            let set_code = wide_lower_triangle_code(&rows, set);
            // SAFETY: BMI2 is there (checked above) or not needed (off x86-64).
            let code = unsafe { subset_code_bmi2(set_code, set, subset, pairs) };
            assert_eq!(
                code,
                wide_lower_triangle_code(&rows, subset),
                "set {set:#x}, subset {subset:#x}"
            );
        }
    }

    /// The bit tables say "the nimber is 0" and "the nimber is 1" exactly where the byte
    /// slots hold 0 and 1, on a spread of 7-vertex graphs, read through other labels (the
    /// graph inside a larger one).
    #[test]
    fn heap_bits_agree_with_the_values() {
        let bits = node_heap_bits();
        for code in (0..1u32 << 21).step_by(101) {
            let rows = rows_of_code(TABLE_ORDER, code);
            // The same graph on the vertices 1, 3, 4, 6, 8, 9, 10 of an 11-vertex graph.
            let place = [1usize, 3, 4, 6, 8, 9, 10];
            let mut wide = vec![0u64; 11];
            for (i, &row) in rows.iter().enumerate() {
                for (j, &p) in place.iter().enumerate() {
                    if row >> j & 1 == 1 {
                        wide[place[i]] |= 1 << p;
                    }
                }
            }
            let set = place.iter().fold(0u64, |s, &p| s | 1 << p);
            let v = value(TableGame::Node, &rows, (1 << TABLE_ORDER) - 1);
            for heap in 0..2 {
                let code = lower_triangle_code(&wide, set);
                assert_eq!(bits.is_code_value(code, heap), v == heap, "code {code}");
            }
        }
    }

    /// Every labelled graph on at most 6 vertices, and a spread of 7-vertex ones, against
    /// the definition, in both games (tables filled in whatever order the tests ask).
    #[test]
    fn agrees_with_the_definition() {
        for k in 0..=TABLE_ORDER {
            let edges = k * k.saturating_sub(1) / 2;
            let step = if k <= 6 { 1 } else { 997 };
            for code in (0..1u32 << edges).step_by(step) {
                let rows = &rows_of_code(k, code)[..k];
                assert_eq!(lower_triangle_code(rows, (1 << k) - 1), code);
                let g = graph_of(rows);
                let all = (1u128 << k) - 1;
                let set = (1u64 << k) - 1;
                assert_eq!(
                    u32::from(value(TableGame::Node, rows, set)),
                    brute::node_kayles(&g, all),
                    "node kayles, {k} vertices, code {code}"
                );
                assert_eq!(
                    u32::from(value(TableGame::Arc, rows, set)),
                    brute::arc_kayles(&g, all),
                    "arc kayles, {k} vertices, code {code}"
                );
            }
        }
    }
}
