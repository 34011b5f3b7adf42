//! The dense leaf's host table, shared by every thread of a search: what the leaf has
//! learnt of subsets of the host, keyed by their vertex sets in the host
//! ([`LeafHostTable`]).
//!
//! Each thread's leaf used to keep a table of its own, up to its bound each; one table
//! for the search keeps the memory the same whatever the threads (queens 15 on two
//! threads: 1.78 GB peak against 2.85 GB, in the same time and with the same positions:
//! the threads were not searching each other's subsets again, docs/performance.md).
//! This table takes no lock: every slot is a sequence lock (a version, odd while a
//! writer fills the slot), readers retry nothing (a slot being written reads as absent),
//! and a writer that finds its slot taken by another writer gives up. It is a cache, so
//! a lost write or a missed read costs a search, never a wrong answer: every record in it
//! is a fact about its key.

use crate::record::Record;
use std::sync::atomic::{fence, AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// The most words (64 vertices each) of a host whose subsets the table keys.
pub const HOST_WORDS: usize = 4;

/// A host subset, as its words (the empty set marks a free slot: it is never stored).
pub type HostKey = [u64; HOST_WORDS];

/// The slots a key may take, from its home slot on.
const PROBES: usize = 8;

/// The fewest slots a table has.
const MIN_SLOTS: usize = 1 << 12;

/// One slot: the key, and the version (high half; odd while being written) with the
/// record (low half) in one word, so that a reader sees the record of the version it
/// checked. Forty bytes, all zero when free.
#[derive(Default)]
struct Slot {
    key: [AtomicU64; HOST_WORDS],
    meta: AtomicU64,
}

impl Slot {
    /// The slot's key, record and meta word, unless a writer is filling it.
    #[inline]
    fn read(&self) -> Option<(HostKey, Record, u64)> {
        let meta = self.meta.load(Ordering::Acquire);
        if meta >> 32 & 1 == 1 {
            return None;
        }
        let key = std::array::from_fn(|w| self.key[w].load(Ordering::Relaxed));
        fence(Ordering::Acquire);
        (self.meta.load(Ordering::Relaxed) == meta)
            .then(|| (key, Record::from_bits(meta as u32), meta))
    }

    /// Writes `key` and `record`, if the slot still holds the version of `meta` (read by
    /// [`read`](Self::read)); false when another writer came first.
    #[inline]
    fn write(&self, meta: u64, key: &HostKey, record: Record) -> bool {
        let version = meta >> 32;
        let writing = (version + 1) << 32 | (meta & 0xffff_ffff);
        if self
            .meta
            .compare_exchange(meta, writing, Ordering::Acquire, Ordering::Relaxed)
            .is_err()
        {
            return false;
        }
        fence(Ordering::Release);
        for (slot, &word) in self.key.iter().zip(key) {
            slot.store(word, Ordering::Relaxed);
        }
        let next = (version + 2) & 0xffff_ffff;
        self.meta
            .store(next << 32 | u64::from(record.to_bits()), Ordering::Release);
        true
    }
}

/// Host subsets -> records, shared by threads: open addressing in windows of 8 slots;
/// a key that finds its window full takes the place of the entry of fewest vertices
/// there (the cheapest to search again). A search uses the slots of a [`LeafHostTable`]
/// through one of these, taken for one call of the leaf.
pub struct HostSlots {
    slots: Box<[Slot]>,
    /// Slots filled, as reported when calls end ([`LeafHostTable::finish`]).
    filled: AtomicU64,
}

impl HostSlots {
    /// `len` free slots (at least one).
    fn new(len: usize) -> Self {
        HostSlots {
            slots: allocate(len.max(1)),
            filled: AtomicU64::new(0),
        }
    }

    #[inline]
    fn home(&self, key: &HostKey) -> usize {
        let h = (key[0] ^ key[1].rotate_left(17) ^ key[2].rotate_left(31) ^ key[3].rotate_left(47))
            .wrapping_mul(0x9e37_79b9_7f4a_7c15);
        ((u128::from(h) * self.slots.len() as u128) >> 64) as usize
    }

    #[inline]
    fn next(&self, i: usize) -> usize {
        if i + 1 == self.slots.len() {
            0
        } else {
            i + 1
        }
    }

    /// What the table knows of `key`.
    pub fn get(&self, key: &HostKey) -> Record {
        let mut i = self.home(key);
        for _ in 0..PROBES {
            if let Some((stored, record, _)) = self.slots[i].read() {
                if stored == *key {
                    return record;
                }
                if stored == [0; HOST_WORDS] {
                    break;
                }
            }
            i = self.next(i);
        }
        Record::UNKNOWN
    }

    /// Merges `record` into the entry of `key` (not the empty set). Returns true when it
    /// took a free slot (to be counted in [`LeafHostTable::finish`]).
    pub fn insert(&self, key: &HostKey, record: Record) -> bool {
        debug_assert!(*key != [0; HOST_WORDS]);
        let mut i = self.home(key);
        let mut victim = None;
        let mut victim_order = u32::MAX;
        for _ in 0..PROBES {
            let slot = &self.slots[i];
            if let Some((stored, known, meta)) = slot.read() {
                if stored == *key {
                    slot.write(meta, key, known.merge(record));
                    return false;
                }
                if stored == [0; HOST_WORDS] {
                    return slot.write(meta, key, record);
                }
                let order: u32 = stored.iter().map(|w| w.count_ones()).sum();
                if order < victim_order {
                    victim = Some((i, meta));
                    victim_order = order;
                }
            }
            i = self.next(i);
        }
        if let Some((i, meta)) = victim {
            self.slots[i].write(meta, key, record);
        }
        false
    }
}

/// The leaf's table of host subsets that every thread of a search shares: [`HostSlots`]
/// that grow (doubling, the entries copied over by the thread that found them half
/// full) up to a bound in bytes, and are then a lossy cache.
///
/// ```
/// use kayles_core::record::Record;
/// use kayles_core::leaves::host_table::LeafHostTable;
/// let table = LeafHostTable::new(1 << 20);
/// let slots = table.slots();
/// let key = [0b1011, 0, 1 << 5, 0];
/// assert!(slots.get(&key).is_unknown());
/// let filled = u64::from(slots.insert(&key, Record::decided(0, true)));
/// slots.insert(&key, Record::decided(1, false));
/// assert_eq!(slots.get(&key).value(), Some(1));
/// table.finish(&slots, filled);
/// ```
pub struct LeafHostTable {
    current: Mutex<Arc<HostSlots>>,
    max_slots: usize,
    /// Set while a thread copies the slots into a larger table.
    growing: AtomicBool,
}

impl LeafHostTable {
    /// An empty table that grows to at most `bytes` (at least 4096 slots).
    pub fn new(bytes: usize) -> Self {
        LeafHostTable {
            current: Mutex::new(Arc::new(HostSlots::new(MIN_SLOTS))),
            max_slots: (bytes / std::mem::size_of::<Slot>()).max(MIN_SLOTS),
            growing: AtomicBool::new(false),
        }
    }

    /// The slots now, for one call of the leaf.
    pub fn slots(&self) -> Arc<HostSlots> {
        Arc::clone(&self.current.lock().unwrap_or_else(|p| p.into_inner()))
    }

    /// Bytes held by the slots now.
    pub fn bytes(&self) -> usize {
        self.slots().slots.len() * std::mem::size_of::<Slot>()
    }

    /// Ends a call that used `slots` and filled `filled` free slots of them: when the
    /// slots are still the table's and half full, and the table may grow, this thread
    /// copies them into twice as many (the other threads go on with the old ones
    /// meanwhile; what they add there during the copy may be lost).
    pub fn finish(&self, slots: &Arc<HostSlots>, filled: u64) {
        if filled == 0 {
            return;
        }
        let now = slots.filled.fetch_add(filled, Ordering::Relaxed) + filled;
        let len = slots.slots.len();
        if 2 * now as usize <= len
            || len >= self.max_slots
            || self.growing.swap(true, Ordering::Acquire)
        {
            return;
        }
        if Arc::ptr_eq(slots, &self.slots()) {
            let larger = HostSlots::new((2 * len).min(self.max_slots));
            let mut copied = 0;
            for slot in slots.slots.iter() {
                if let Some((key, record, _)) = slot.read() {
                    if key != [0; HOST_WORDS] {
                        copied += u64::from(larger.insert(&key, record));
                    }
                }
            }
            larger.filled.store(copied, Ordering::Relaxed);
            *self.current.lock().unwrap_or_else(|p| p.into_inner()) = Arc::new(larger);
        }
        self.growing.store(false, Ordering::Release);
    }
}

/// `len` free slots (at least one), zeroed by the allocator, backed by huge pages where
/// the kernel can.
fn allocate(len: usize) -> Box<[Slot]> {
    let layout = std::alloc::Layout::array::<Slot>(len).expect("a table that fits memory");
    // SAFETY: the layout has a non-zero size (`len` is at least one); a `Slot` is five
    // `AtomicU64`s, for which all-zero bytes are a valid value (a free slot), so the
    // zeroed allocation holds `len` initialized slots, and the box takes it over with the
    // layout it will free it with.
    let slots = unsafe {
        let ptr = std::alloc::alloc_zeroed(layout).cast::<Slot>();
        if ptr.is_null() {
            std::alloc::handle_alloc_error(layout);
        }
        Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, len))
    };
    crate::huge_pages::advise(&slots);
    slots
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(i: u64) -> HostKey {
        [i | 1 << 63, i.rotate_left(7), !i, i.wrapping_mul(3)]
    }

    /// Two threads fill and read one small table at once (most windows full, so keys
    /// replace one another): every record read is the one written for its key, merged
    /// with others of that key only.
    #[test]
    fn concurrent_readers_see_only_their_keys_records() {
        let table = HostSlots::new(MIN_SLOTS);
        std::thread::scope(|s| {
            for t in 0..2u64 {
                let table = &table;
                s.spawn(move || {
                    for round in 0..200_000u64 {
                        let i = (round * 7 + t) % 20_000;
                        // Key i wins against the heap i % 30 and against nothing else.
                        table.insert(&key(i), Record::decided((i % 30) as u8, true));
                        let j = (round * 13 + 5 * t) % 20_000;
                        let record = table.get(&key(j));
                        for h in 0..Record::WIN_HEAPS {
                            let expected = (h == (j % 30) as u8).then_some(true);
                            assert!(
                                record.is_unknown() || record.wins(h) == expected,
                                "key {j}: {record:?}"
                            );
                        }
                    }
                });
            }
        });
    }

    /// A full window gives up its entry of fewest vertices.
    #[test]
    fn the_smallest_subset_makes_room() {
        let table = HostSlots::new(MIN_SLOTS);
        // Nine keys of one home slot (found among many), the eight first filling its
        // window.
        let target = table.home(&key(0));
        let keys: Vec<HostKey> = (0..)
            .map(key)
            .filter(|k| table.home(k) == target)
            .take(9)
            .collect();
        for k in &keys[..8] {
            assert!(table.insert(k, Record::known(1)));
        }
        assert!(!table.insert(&keys[8], Record::known(2)));
        assert_eq!(table.get(&keys[8]).value(), Some(2));
        let order = |k: &HostKey| k.iter().map(|w| w.count_ones()).sum::<u32>();
        let smallest = (0..8).min_by_key(|&i| order(&keys[i])).unwrap();
        for (i, k) in keys[..8].iter().enumerate() {
            let expected = (i != smallest).then_some(1);
            assert_eq!(table.get(k).value(), expected, "key {i} of eight");
        }
    }

    /// The table doubles when its slots are half full, keeping what they held, up to its
    /// bound.
    #[test]
    fn the_table_grows_and_keeps_its_entries() {
        let table = LeafHostTable::new(4 * MIN_SLOTS * std::mem::size_of::<Slot>());
        for i in 0..10_000u64 {
            let slots = table.slots();
            let filled = u64::from(slots.insert(&key(i), Record::known((i % 7) as u8)));
            table.finish(&slots, filled);
        }
        assert_eq!(table.slots().slots.len(), 4 * MIN_SLOTS);
        let slots = table.slots();
        let kept = (0..10_000u64)
            .filter(|&i| slots.get(&key(i)).value() == Some((i % 7) as u8))
            .count();
        assert!(kept > 9_000, "only {kept} of 10000 kept");
        assert!((0..10_000u64).all(|i| {
            let r = slots.get(&key(i));
            r.is_unknown() || r.value() == Some((i % 7) as u8)
        }));
    }
}
