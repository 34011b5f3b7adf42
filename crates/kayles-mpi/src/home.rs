//! The home of a rank's share of the keys ([`Home`]): what the ranks proved about them,
//! the claims of the ranks searching them, the ranks waiting for a claim held by
//! another, and the ranks answered busy that are to be told when the claim ends with a
//! loss (*watchers*, at most [`WATCHERS`] a key). Pure logic, no transport: the rank's
//! communication thread feeds it the asks and results that arrive and sends the replies
//! and notices it returns ([`Freed`]).
//!
//! Why the waits cannot form a circle: a rank waits only from inside the searches it has
//! claimed, for a component smaller than each of them (a move removes vertices), and a
//! claim is held by a rank that is searching it; a circle of waits would need a
//! component smaller than itself.

use kayles_core::engine::{MemoTable, Record};
use std::collections::HashMap;

/// What a home answers an ask.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reply {
    /// The record settles the question.
    Known(Record),
    /// Claimed for the asker; the record is what the home knows.
    Search(Record),
    /// Another rank holds the claim.
    Busy,
}

impl Reply {
    /// The reply's kind on the wire (0, 1, 2) and its record.
    pub fn encode(self) -> (u8, Record) {
        match self {
            Reply::Known(r) => (0, r),
            Reply::Search(r) => (1, r),
            Reply::Busy => (2, Record::UNKNOWN),
        }
    }

    /// The reply of [`encode`](Self::encode).
    pub fn decode(kind: u8, record: Record) -> Self {
        match kind {
            0 => Reply::Known(record),
            1 => Reply::Search(record),
            _ => Reply::Busy,
        }
    }
}

type Key = (u32, u8, Box<[u64]>);

/// The most watchers a home keeps for one key (its heaps together): one a rank and heap,
/// so more only with many ranks; a rank not kept learns the result when it asks again.
pub const WATCHERS: usize = 16;

/// A rank to be told, unasked, that a claim it was answered busy about ended with
/// `key + *heap` proved to lose ([`Freed::notices`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    /// The rank to tell.
    pub rank: u32,
    /// The search.
    pub search: u32,
    /// The memo table of the key.
    pub table: MemoTable,
    /// The heap the rank asked about.
    pub heap: u8,
    /// The home's record (which says that `key + *heap` loses).
    pub record: Record,
    /// The key.
    pub key: Vec<u64>,
}

/// What a claim given back frees ([`Home::done`]): the replies to send and the notices
/// due, each to its rank.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Freed {
    /// `(rank, id, reply)`: each waiter now answered (settled, or given the claim when it
    /// was released without a result).
    pub replies: Vec<(u32, u64, Reply)>,
    /// The watchers (other than the claimant) of a heap the claim's record proves to lose.
    pub notices: Vec<Notice>,
}

impl Freed {
    /// True when there is nothing to send.
    pub fn is_empty(&self) -> bool {
        self.replies.is_empty() && self.notices.is_empty()
    }
}

#[derive(Debug, Default)]
struct Entry {
    record: Record,
    /// `(heap, rank)`: a rank searching `key + *heap` (once per thread that claimed it).
    claims: Vec<(u8, u32)>,
    /// `(heap, rank, id)`: a rank waiting for a claim held by another.
    waiters: Vec<(u8, u32, u64)>,
    /// `(heap, rank)`: a rank answered busy that is told when `key + *heap` is proved to
    /// lose (at most [`WATCHERS`]).
    watchers: Vec<(u8, u32)>,
}

/// One rank's share of the keys.
#[derive(Debug)]
pub struct Home {
    entries: HashMap<Key, Entry>,
    bytes: usize,
    limit: usize,
    /// Times the table passed its limit and dropped its settled entries.
    pub sheds: u64,
}

/// Bytes an entry is counted at: its key and the table's bookkeeping.
fn entry_bytes(key: &[u64]) -> usize {
    8 * key.len() + 96
}

/// Bytes a watcher is counted at.
const WATCHER_BYTES: usize = 8;

fn table_code(table: MemoTable) -> u8 {
    match table {
        MemoTable::Codes => 0,
        MemoTable::Symmetric => 1,
    }
}

impl Home {
    /// An empty home of at most `limit` bytes (past it, the entries nobody claims or
    /// waits for are dropped: values stay right, only reuse is lost).
    pub fn new(limit: usize) -> Self {
        Home {
            entries: HashMap::new(),
            bytes: 0,
            limit,
            sheds: 0,
        }
    }

    /// Entries held.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when it holds nothing.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Bytes held (as counted against the limit).
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// `rank` asks about `key + *heap` in search `search` (`id`: its number for the
    /// reply). The reply now, or None when the asker waits (`wait`) for a claim held by
    /// another rank: its reply comes from a later [`done`](Self::done). Answered busy
    /// with `watch`, the asker becomes a watcher (room permitting): a [`Notice`] is due
    /// when the claim ends with `key + *heap` proved to lose.
    #[allow(clippy::too_many_arguments)]
    pub fn ask(
        &mut self,
        rank: u32,
        id: u64,
        search: u32,
        table: MemoTable,
        key: &[u64],
        heap: u8,
        wait: bool,
        watch: bool,
    ) -> Option<Reply> {
        let k: Key = (search, table_code(table), key.into());
        if !self.entries.contains_key(&k) {
            self.bytes += entry_bytes(key);
        }
        let entry = self.entries.entry(k).or_default();
        if entry.record.wins(heap).is_some() {
            return Some(Reply::Known(entry.record));
        }
        let held_elsewhere = entry.claims.iter().any(|&(h, r)| h == heap && r != rank);
        if held_elsewhere {
            if wait {
                entry.waiters.push((heap, rank, id));
                return None;
            }
            if watch && entry.watchers.len() < WATCHERS && !entry.watchers.contains(&(heap, rank)) {
                entry.watchers.push((heap, rank));
                self.bytes += WATCHER_BYTES;
            }
            return Some(Reply::Busy);
        }
        entry.claims.push((heap, rank));
        Some(Reply::Search(entry.record))
    }

    /// `rank` gives back its claim on `key + *heap` with what it proved. What it frees:
    /// a reply for each waiter now answered (settled, or given the claim when it was
    /// released without a result), and a [`Notice`] for each watcher (other than `rank`)
    /// of a heap the record proves to lose. Watchers whose heap the record settles leave
    /// the entry.
    pub fn done(
        &mut self,
        rank: u32,
        search: u32,
        table: MemoTable,
        key: &[u64],
        heap: u8,
        proved: Option<Record>,
    ) -> Freed {
        let k: Key = (search, table_code(table), key.into());
        let mut freed = Freed::default();
        let fresh = !self.entries.contains_key(&k);
        if fresh && proved.is_none() {
            return freed;
        }
        if fresh {
            self.bytes += entry_bytes(key);
        }
        let entry = self.entries.entry(k).or_default();
        if let Some(record) = proved {
            entry.record = entry.record.merge(record);
        }
        if let Some(i) = entry.claims.iter().position(|&c| c == (heap, rank)) {
            entry.claims.swap_remove(i);
        }
        let record = entry.record;
        let before = entry.watchers.len();
        let notices = &mut freed.notices;
        entry.watchers.retain(|&(h, r)| match record.wins(h) {
            None => true,
            Some(win) => {
                if !win && r != rank {
                    notices.push(Notice {
                        rank: r,
                        search,
                        table,
                        heap: h,
                        record,
                        key: key.to_vec(),
                    });
                }
                false
            }
        });
        self.bytes -= WATCHER_BYTES * (before - entry.watchers.len());
        let mut i = 0;
        while i < entry.waiters.len() {
            let (h, r, id) = entry.waiters[i];
            if record.wins(h).is_some() {
                freed.replies.push((r, id, Reply::Known(record)));
                entry.waiters.swap_remove(i);
            } else if !entry.claims.iter().any(|&(ch, _)| ch == h) {
                // Released without a result: the waiter takes the claim.
                entry.claims.push((h, r));
                freed.replies.push((r, id, Reply::Search(record)));
                entry.waiters.swap_remove(i);
            } else {
                i += 1;
            }
        }
        if self.bytes > self.limit {
            self.shed();
        }
        freed
    }

    /// Search `search` is over: its entries go, and every rank still waiting on one is
    /// given the claim (it is being stopped, and searches nothing). The replies to send.
    pub fn end(&mut self, search: u32) -> Vec<(u32, u64, Reply)> {
        let mut replies = Vec::new();
        self.entries.retain(|k, entry| {
            if k.0 > search {
                return true;
            }
            for &(_, r, id) in &entry.waiters {
                replies.push((r, id, Reply::Search(entry.record)));
            }
            false
        });
        self.recount();
        replies
    }

    /// The bytes held, counted again.
    fn recount(&mut self) {
        self.bytes = self
            .entries
            .iter()
            .map(|(k, e)| entry_bytes(&k.2) + WATCHER_BYTES * e.watchers.len())
            .sum();
    }

    /// Drops every entry that no rank claims or waits for.
    fn shed(&mut self) {
        self.sheds += 1;
        self.entries
            .retain(|_, e| !e.claims.is_empty() || !e.waiters.is_empty());
        self.recount();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const T: MemoTable = MemoTable::Symmetric;

    #[test]
    fn a_claim_is_exclusive_until_given_back() {
        let mut home = Home::new(1 << 20);
        let key = [5, 6];
        assert_eq!(
            home.ask(0, 1, 0, T, &key, 0, false, false),
            Some(Reply::Search(Record::UNKNOWN))
        );
        // The same rank (another thread) may search it too; another rank may not.
        assert_eq!(
            home.ask(0, 2, 0, T, &key, 0, false, false),
            Some(Reply::Search(Record::UNKNOWN))
        );
        assert_eq!(
            home.ask(1, 3, 0, T, &key, 0, false, false),
            Some(Reply::Busy)
        );
        // Another heap is another claim.
        assert_eq!(
            home.ask(1, 4, 0, T, &key, 1, false, false),
            Some(Reply::Search(Record::UNKNOWN))
        );
        // Rank 2 waits; the result answers it.
        assert_eq!(home.ask(2, 5, 0, T, &key, 0, true, false), None);
        assert!(home.done(0, 0, T, &key, 0, None).is_empty());
        let freed = home.done(0, 0, T, &key, 0, Some(Record::decided(0, true)));
        let won = Record::UNKNOWN.with_win(0);
        assert_eq!(
            freed,
            Freed {
                replies: vec![(2, 5, Reply::Known(won))],
                notices: vec![],
            }
        );
        assert_eq!(
            home.ask(3, 6, 0, T, &key, 0, false, false),
            Some(Reply::Known(won))
        );
    }

    #[test]
    fn a_claim_released_without_a_result_goes_to_a_waiter() {
        let mut home = Home::new(1 << 20);
        let key = [1];
        home.ask(0, 1, 0, T, &key, 2, false, false);
        assert_eq!(home.ask(1, 2, 0, T, &key, 2, true, false), None);
        assert_eq!(
            home.done(0, 0, T, &key, 2, None).replies,
            vec![(1, 2, Reply::Search(Record::UNKNOWN))]
        );
        assert_eq!(
            home.ask(0, 3, 0, T, &key, 2, false, false),
            Some(Reply::Busy)
        );
        // A loss gives the nimber, which settles every heap.
        home.done(1, 0, T, &key, 2, Some(Record::decided(2, false)));
        assert_eq!(
            home.ask(0, 4, 0, T, &key, 5, false, false),
            Some(Reply::Known(Record::known(2)))
        );
    }

    #[test]
    fn the_end_of_a_search_frees_its_waiters_and_entries() {
        let mut home = Home::new(1 << 20);
        home.ask(0, 1, 3, T, &[1], 0, false, false);
        assert_eq!(home.ask(1, 2, 3, T, &[1], 0, true, false), None);
        home.ask(0, 3, 4, T, &[1], 0, false, false);
        let replies = home.end(3);
        assert_eq!(replies, vec![(1, 2, Reply::Search(Record::UNKNOWN))]);
        assert_eq!(home.len(), 1);
    }

    #[test]
    fn a_watcher_is_told_when_the_claim_ends_with_a_loss() {
        let mut home = Home::new(1 << 20);
        let key = [3, 4];
        assert_eq!(
            home.ask(0, 1, 0, T, &key, 2, false, false),
            Some(Reply::Search(Record::UNKNOWN))
        );
        // Ranks 1 and 2 are answered busy; rank 1 watches (twice: kept once), rank 2 not.
        assert_eq!(
            home.ask(1, 2, 0, T, &key, 2, false, true),
            Some(Reply::Busy)
        );
        assert_eq!(
            home.ask(1, 3, 0, T, &key, 2, false, true),
            Some(Reply::Busy)
        );
        assert_eq!(
            home.ask(2, 4, 0, T, &key, 2, false, false),
            Some(Reply::Busy)
        );
        // Rank 3 watches another heap, whose claim rank 0 also holds.
        home.ask(0, 5, 0, T, &key, 1, false, false);
        assert_eq!(
            home.ask(3, 6, 0, T, &key, 1, false, true),
            Some(Reply::Busy)
        );
        // Given back without a result: nobody is told.
        assert!(home.done(0, 0, T, &key, 1, None).is_empty());
        // Heap 2 proved to lose: the nimber is 2, so heap 1 wins; only rank 1 is told.
        let freed = home.done(0, 0, T, &key, 2, Some(Record::decided(2, false)));
        assert!(freed.replies.is_empty());
        assert_eq!(
            freed.notices,
            vec![Notice {
                rank: 1,
                search: 0,
                table: T,
                heap: 2,
                record: Record::known(2),
                key: key.to_vec(),
            }]
        );
        // Told once: the watcher has left the entry.
        let again = home.done(0, 0, T, &key, 2, Some(Record::decided(2, false)));
        assert!(again.is_empty(), "told once");
        // A win tells nobody, nor does the watcher's own result.
        let other = [9];
        home.ask(0, 7, 0, T, &other, 0, false, false);
        home.ask(1, 8, 0, T, &other, 0, false, true);
        let freed = home.done(0, 0, T, &other, 0, Some(Record::decided(0, true)));
        assert!(freed.is_empty());
        home.ask(0, 9, 0, T, &other, 1, false, false);
        home.ask(1, 10, 0, T, &other, 1, false, true);
        assert!(home.done(0, 0, T, &other, 1, None).is_empty());
        home.ask(1, 11, 0, T, &other, 1, false, false);
        let freed = home.done(1, 0, T, &other, 1, Some(Record::decided(1, false)));
        assert!(freed.is_empty());
        // At most WATCHERS a key.
        let many = [11];
        home.ask(0, 12, 0, T, &many, 0, false, false);
        for r in 1..=2 * WATCHERS as u32 {
            home.ask(r, 13, 0, T, &many, 0, false, true);
        }
        let freed = home.done(0, 0, T, &many, 0, Some(Record::decided(0, false)));
        assert_eq!(freed.notices.len(), WATCHERS);
        assert!(freed.notices.iter().all(|n| n.rank != 0));
    }

    #[test]
    fn past_its_limit_a_home_keeps_only_what_is_claimed() {
        let mut home = Home::new(1000);
        for k in 0..20u64 {
            home.ask(0, k, 0, T, &[k], 0, false, false);
            home.done(0, 0, T, &[k], 0, Some(Record::known(1)));
        }
        assert!(home.sheds > 0);
        assert!(home.bytes() <= 1000);
        home.ask(0, 99, 0, T, &[100], 0, false, false);
        assert_eq!(home.len(), home.entries.len());
    }
}
