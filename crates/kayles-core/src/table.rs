//! The full subset table: the nimber of every one of the `2^n` vertex subsets of a graph
//! ("all starting subsets"), one byte per subset, and its histogram, for Node Kayles and
//! for Arc Kayles.
//!
//! Node Kayles: `T[S] = mex { T[S & !N[v]] : v in S }`; Arc Kayles:
//! `T[S] = mex { T[S - {u, v}] : uv an edge inside S }`. The options' values are collected
//! in a 64-bit "seen" mask and the mex read with `crate::mex::of_mask` (a nimber never exceeds
//! the length of the longest play, at most `n <= 30`).
//!
//! **Parallel order.** Write `S = (hi, lo)` with `hi` the top `h` bits. Every option of `S`
//! has a high part `hi' ⊆ hi`, so the block of subsets sharing `hi` depends only on blocks
//! whose high part is a subset of `hi`. Blocks are therefore filled in waves by
//! `popcount(hi)`: the blocks of one wave are independent and go to different threads.
//! Each block is a contiguous run of the table, filled in increasing order.

use crate::rules::{arc_move, node_move};
use crate::{GameKind, Graph};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering::Relaxed};
use thiserror::Error;

/// The largest graph the table takes (2^30 bytes = 1 GiB).
pub const MAX_TABLE_ORDER: usize = 30;

/// Why a table was refused.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum TableError {
    /// The table would not fit.
    #[error(
        "a table of all 2^{n} subsets needs 2^{n} bytes; the limit is {} vertices (1 GiB)",
        MAX_TABLE_ORDER
    )]
    TooLarge {
        /// Vertices of the graph.
        n: usize,
    },
    /// The stop flag was raised before the table was complete.
    #[error("the table was stopped before it was complete")]
    Stopped,
}

/// The nimbers of all `2^n` subsets; subset `S` is bit `v` of the index for vertex `v`.
///
/// ```
/// use kayles_core::{families, table::SubsetTable, GameKind};
/// let t = SubsetTable::compute(&families::path(4)).unwrap();
/// assert_eq!(t.nimber(0b0111), 2); // P_3
/// assert_eq!(t.nimber(0b1111), 0); // P_4
/// assert_eq!(t.histogram().iter().sum::<u128>(), 16);
/// // Arc Kayles on P_4: the middle edge leaves two dead vertices, an end edge leaves P_2.
/// let arc = SubsetTable::compute_game(&families::path(4), GameKind::Arc).unwrap();
/// assert_eq!(arc.nimber(0b1111), 2);
/// assert_eq!(arc.game(), GameKind::Arc);
/// ```
pub struct SubsetTable {
    n: usize,
    game: GameKind,
    values: Vec<u8>,
}

impl SubsetTable {
    /// Computes the Node Kayles table on all cores (rayon's global pool).
    pub fn compute(g: &Graph) -> Result<Self, TableError> {
        Self::compute_with_progress(g, |_, _| {})
    }

    /// Computes the table of `game` on all cores.
    pub fn compute_game(g: &Graph, game: GameKind) -> Result<Self, TableError> {
        Self::compute_game_with_progress(g, game, |_, _| {})
    }

    /// Computes the Node Kayles table on the current thread only.
    pub fn compute_sequential(g: &Graph) -> Result<Self, TableError> {
        let n = check(g)?;
        let closed = closed_masks(g);
        let mut values = vec![0u8; 1usize << n];
        fill_sequential(&closed, &mut values);
        Ok(SubsetTable {
            n,
            game: GameKind::Node,
            values,
        })
    }

    /// Computes the Node Kayles table on all cores, calling `progress(done, total)` (in
    /// subsets) after each wave.
    pub fn compute_with_progress(
        g: &Graph,
        progress: impl Fn(u64, u64),
    ) -> Result<Self, TableError> {
        Self::compute_game_with_progress(g, GameKind::Node, progress)
    }

    /// Computes the table of `game` on all cores, calling `progress(done, total)` (in
    /// subsets) after each wave.
    pub fn compute_game_with_progress(
        g: &Graph,
        game: GameKind,
        progress: impl Fn(u64, u64),
    ) -> Result<Self, TableError> {
        Self::compute_stoppable(g, game, progress, &AtomicBool::new(false))
    }

    /// [`compute_game_with_progress`](Self::compute_game_with_progress) that gives up with
    /// [`TableError::Stopped`] soon after `stop` is raised (checked between blocks of at
    /// most 2^22 subsets, a few milliseconds apart), from a signal handler or another
    /// thread.
    ///
    /// ```
    /// use kayles_core::{families, table::{SubsetTable, TableError}, GameKind};
    /// use std::sync::atomic::AtomicBool;
    /// let g = families::path(20);
    /// let stop = AtomicBool::new(true);
    /// let result = SubsetTable::compute_stoppable(&g, GameKind::Node, |_, _| {}, &stop);
    /// assert!(matches!(result, Err(TableError::Stopped)));
    /// ```
    pub fn compute_stoppable(
        g: &Graph,
        game: GameKind,
        progress: impl Fn(u64, u64),
        stop: &AtomicBool,
    ) -> Result<Self, TableError> {
        let n = check(g)?;
        let mut values = vec![0u8; 1usize << n];
        let complete = match game {
            GameKind::Node => fill(&NodeMoves(closed_masks(g)), &mut values, progress, stop),
            GameKind::Arc => fill(
                &ArcMoves(g.open_neighbourhoods()),
                &mut values,
                progress,
                stop,
            ),
        };
        if !complete {
            return Err(TableError::Stopped);
        }
        Ok(SubsetTable { n, game, values })
    }

    /// Number of vertices.
    pub fn order(&self) -> usize {
        self.n
    }

    /// The game whose values the table holds.
    pub fn game(&self) -> GameKind {
        self.game
    }

    /// The nimber of the subset `mask`.
    pub fn nimber(&self, mask: u64) -> u8 {
        self.values[mask as usize]
    }

    /// All values, indexed by subset mask.
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    /// `hist[k]` = number of subsets of nimber `k` (trailing zeros trimmed).
    pub fn histogram(&self) -> Vec<u128> {
        let mut hist = vec![0u128; 64];
        for chunk in self.values.chunks(1 << 16) {
            let mut local = [0u64; 64];
            for &v in chunk {
                local[v as usize] += 1;
            }
            for (h, l) in hist.iter_mut().zip(local) {
                *h += u128::from(l);
            }
        }
        while hist.len() > 1 && hist.last() == Some(&0) {
            hist.pop();
        }
        hist
    }
}

fn check(g: &Graph) -> Result<usize, TableError> {
    let n = g.order();
    if n > MAX_TABLE_ORDER {
        Err(TableError::TooLarge { n })
    } else {
        Ok(n)
    }
}

/// Views the table as atomics, so that threads may fill disjoint blocks while reading
/// finished ones.
fn as_cells(values: &mut [u8]) -> &[AtomicU8] {
    // SAFETY: `AtomicU8` has the same size, alignment and bit validity as `u8`, and the
    // exclusive borrow guarantees no non-atomic access while the view lives.
    unsafe { &*(values as *mut [u8] as *const [AtomicU8]) }
}

fn closed_masks(g: &Graph) -> Vec<u64> {
    g.closed_neighbourhoods::<u64>()
}

/// The plain loop over `u64` masks: the reference the parallel table is measured against.
pub fn fill_sequential(closed: &[u64], values: &mut [u8]) {
    for s in 1..values.len() as u64 {
        let seen = node_seen(closed, s, |t| values[t as usize]);
        values[s as usize] = crate::mex::of_mask(seen) as u8;
    }
}

/// The values of the Node Kayles options `s - N[v]` of `s`, read through `value`, as a
/// seen mask.
#[inline(always)]
fn node_seen(closed: &[u64], s: u64, value: impl Fn(u64) -> u8) -> u64 {
    let mut seen = 0u64;
    let mut rest = s;
    while rest != 0 {
        let v = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        seen |= 1 << value(node_move(s, closed[v]));
    }
    seen
}

/// The moves of a game as the table's loops see them: the values of the options of `s`,
/// read through `value`, as a seen mask.
trait TableMoves: Sync {
    fn seen(&self, s: u64, value: impl Fn(u64) -> u8) -> u64;
}

/// Node Kayles: the closed neighbourhoods.
struct NodeMoves(Vec<u64>);

impl TableMoves for NodeMoves {
    #[inline(always)]
    fn seen(&self, s: u64, value: impl Fn(u64) -> u8) -> u64 {
        node_seen(&self.0, s, value)
    }
}

/// Arc Kayles: the open neighbourhoods; each edge `uv` inside `s` is played once (`u < v`).
struct ArcMoves(Vec<u64>);

impl TableMoves for ArcMoves {
    #[inline(always)]
    fn seen(&self, s: u64, value: impl Fn(u64) -> u8) -> u64 {
        let mut seen = 0u64;
        let mut rest = s;
        while rest != 0 {
            let u = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            // `rest` now holds the vertices of `s` after `u`.
            let mut later = self.0[u] & rest;
            while later != 0 {
                let v = later.trailing_zeros();
                later &= later - 1;
                seen |= 1 << value(arc_move(s, u, v as usize));
            }
        }
        seen
    }
}

/// Fills the whole table in parallel waves of blocks (see the module docs), or in one
/// sequential pass when it is small. False when `stop` was raised first.
fn fill(
    moves: &impl TableMoves,
    values: &mut [u8],
    progress: impl Fn(u64, u64),
    stop: &AtomicBool,
) -> bool {
    let n = values.len().trailing_zeros() as usize;
    let total = 1u64 << n;
    let high = n.saturating_sub(14).min(8);
    let cells = as_cells(values);
    if high < 2 {
        fill_block(moves, cells, 0, total);
        progress(total, total);
        return !stop.load(Relaxed);
    }
    let low = n - high;
    let mut done = 0u64;
    for wave in 0..=high as u32 {
        let blocks: Vec<u64> = (0..1u64 << high)
            .filter(|hi| hi.count_ones() == wave)
            .collect();
        blocks.par_iter().for_each(|&hi| {
            if !stop.load(Relaxed) {
                fill_block(moves, cells, hi << low, 1 << low);
            }
        });
        if stop.load(Relaxed) {
            return false;
        }
        done += (blocks.len() as u64) << low;
        progress(done, total);
    }
    true
}

/// Fills the `len` subsets starting at `start` (one block: all its options lie in this
/// block, earlier in it, or in blocks of earlier waves).
fn fill_block(moves: &impl TableMoves, cells: &[AtomicU8], start: u64, len: u64) {
    for s in start.max(1)..start + len {
        let seen = moves.seen(s, |t| cells[t as usize].load(Relaxed));
        cells[s as usize].store(crate::mex::of_mask(seen) as u8, Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families;

    #[test]
    fn parallel_equals_sequential() {
        let g = families::build("grid:3x6").unwrap();
        let a = SubsetTable::compute(&g).unwrap();
        let b = SubsetTable::compute_sequential(&g).unwrap();
        assert!(a.values() == b.values());
        assert_eq!(a.histogram().iter().sum::<u128>(), 1 << 18);
        // Arc Kayles in waves against one sequential pass.
        let arc = SubsetTable::compute_game(&g, GameKind::Arc).unwrap();
        let mut values = vec![0u8; 1 << 18];
        fill_block(
            &ArcMoves(g.open_neighbourhoods()),
            as_cells(&mut values),
            0,
            1 << 18,
        );
        assert!(arc.values() == values);
    }

    #[test]
    fn arc_table_equals_the_definition() {
        for spec in ["grid:3x5", "petersen:6,2", "complete:6", "star:7"] {
            let g = families::build(spec).unwrap();
            let t = SubsetTable::compute_game(&g, GameKind::Arc).unwrap();
            for mask in 0..1u64 << g.order() {
                let want = crate::brute::arc_kayles(&g, u128::from(mask));
                assert_eq!(u32::from(t.nimber(mask)), want, "{spec} {mask:b}");
            }
        }
    }

    #[test]
    fn too_large_is_refused() {
        let g = Graph::new(31);
        let err = SubsetTable::compute(&g).err().unwrap();
        assert!(
            err.to_string()
                .contains("needs 2^31 bytes; the limit is 30 vertices"),
            "{err}"
        );
    }
}
