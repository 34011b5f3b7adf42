//! Killer replies: the moves that won the last nodes searched at one depth, kept newest
//! first, and the reordering that tries them before a node's other options.
//!
//! The outcome search keeps [`SearchConfig::killer_slots`](super::SearchConfig::killer_slots)
//! of them for each of the first depths below the root (docs/performance.md, "Killer
//! replies near the root"); these two functions are all it does with them, apart from
//! naming moves ([`Game::option_move`](super::Game::option_move)).

/// Keeps `mv` as the newest of `killers` (newest first, each move at most once): a move
/// already kept moves to the front, a new one takes the front and the oldest is forgotten
/// when every slot is full.
pub(super) fn remember(killers: &mut [Option<u32>], mv: u32) {
    if killers.is_empty() {
        return;
    }
    let at = killers
        .iter()
        .position(|&k| k == Some(mv))
        .unwrap_or(killers.len() - 1);
    killers[..=at].rotate_right(1);
    killers[0] = Some(mv);
}

/// Moves the items made by the moves in `killers` to the front of `items`, in the order of
/// `killers` (newest first); the other items keep their order after them. `move_of` names
/// an item's move (once per item, since naming a move can cost a pass over the
/// component). Returns how many items moved to the front.
pub(super) fn to_front<T>(
    items: &mut [T],
    killers: &[Option<u32>],
    move_of: impl FnMut(&T) -> Option<u32>,
) -> usize {
    if killers.iter().all(Option::is_none) {
        return 0;
    }
    let mut moves: Vec<Option<u32>> = items.iter().map(move_of).collect();
    let mut moved = 0;
    // Oldest first, each to the front, so that the newest ends up first.
    for &killer in killers.iter().rev().flatten() {
        if let Some(at) = (moved..items.len()).find(|&i| moves[i] == Some(killer)) {
            items[..=at].rotate_right(1);
            moves[..=at].rotate_right(1);
            moved += 1;
        }
    }
    moved
}

#[cfg(test)]
mod tests {
    use super::*;
    use quickcheck::{QuickCheck, TestResult};

    /// After any sequence of remembered moves, the slots hold the most recent distinct
    /// moves, newest first, as many as fit.
    #[test]
    fn remember_keeps_the_newest_distinct_moves() {
        fn prop(slots: u8, moves: Vec<u8>) -> bool {
            let slots = usize::from(slots % 6);
            let mut killers = vec![None; slots];
            for &mv in &moves {
                remember(&mut killers, u32::from(mv % 8));
            }
            let mut want: Vec<Option<u32>> = Vec::new();
            for &mv in moves.iter().rev() {
                let mv = Some(u32::from(mv % 8));
                if !want.contains(&mv) {
                    want.push(mv);
                }
            }
            want.resize(slots, None);
            want.truncate(slots);
            killers == want
        }
        QuickCheck::new()
            .tests(500)
            .quickcheck(prop as fn(u8, Vec<u8>) -> bool);
    }

    /// The killers' items come first in the killers' order, the others after them in their
    /// own order, and nothing is lost or repeated.
    #[test]
    fn to_front_moves_the_killers_items_first_and_keeps_the_rest() {
        fn prop(items: Vec<u8>, killers: Vec<Option<u8>>) -> TestResult {
            // Items are distinct moves (a node's options are made by distinct moves).
            let mut items: Vec<u32> = items.into_iter().map(|m| u32::from(m % 16)).collect();
            items.sort_unstable();
            items.dedup();
            items.reverse();
            let mut killers: Vec<Option<u32>> = killers
                .into_iter()
                .map(|k| k.map(|m| u32::from(m % 16)))
                .collect();
            // Kept killers are distinct (remember keeps each move once).
            let mut seen = Vec::new();
            killers.retain(|&k| match k {
                Some(m) if seen.contains(&m) => false,
                Some(m) => {
                    seen.push(m);
                    true
                }
                None => true,
            });
            let before = items.clone();
            let moved = to_front(&mut items, &killers, |&m| Some(m));
            let want_front: Vec<u32> = killers
                .iter()
                .flatten()
                .copied()
                .filter(|m| before.contains(m))
                .collect();
            let want_rest: Vec<u32> = before
                .iter()
                .copied()
                .filter(|m| !want_front.contains(m))
                .collect();
            TestResult::from_bool(
                moved == want_front.len()
                    && items[..moved] == want_front[..]
                    && items[moved..] == want_rest[..],
            )
        }
        QuickCheck::new()
            .tests(500)
            .quickcheck(prop as fn(Vec<u8>, Vec<Option<u8>>) -> TestResult);
    }
}
