//! The messages between ranks, as 64-bit words: each message is a head word (its kind,
//! three small fields, the length of its key) and then its words; messages to one rank
//! are batched into one buffer ([`Batch`]) and read back one at a time ([`read`]).

use kayles_core::engine::{MemoTable, Record};

/// What a message is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Message {
    /// To a key's home: what is known of `key + *heap` (and the claim, when unknown).
    Ask {
        /// The asker's number for the reply.
        id: u64,
        /// The search (the rank's count of its searches, equal on every rank).
        search: u32,
        /// The memo table of the key.
        table: MemoTable,
        /// The heap.
        heap: u8,
        /// Whether a claim held elsewhere is waited for (else the answer is Busy).
        wait: bool,
        /// Whether a Busy answer makes the asker a watcher of the claim: told, unasked,
        /// when it ends with `key + *heap` proved to lose ([`Message::Settled`]).
        watch: bool,
        /// The key.
        key: Vec<u64>,
    },
    /// To a key's home: the claim on `key + *heap` given back, with what was proved.
    Done {
        /// The search.
        search: u32,
        /// The memo table of the key.
        table: MemoTable,
        /// The heap.
        heap: u8,
        /// What was proved (none when the search was stopped or not needed).
        proved: Option<Record>,
        /// The key.
        key: Vec<u64>,
    },
    /// From a home: the answer to an [`Ask`](Message::Ask).
    Reply {
        /// The asker's number.
        id: u64,
        /// 0: known, 1: search (claimed), 2: busy.
        kind: u8,
        /// The home's record.
        record: Record,
    },
    /// From rank 0: the search is over (its value is known).
    Stop {
        /// The search.
        search: u32,
    },
    /// To rank 0 at the start: the fingerprint of the rank's build and command.
    Hello {
        /// The fingerprint.
        fingerprint: u64,
    },
    /// From rank 0 at the start: every rank runs the same build and command.
    Welcome {
        /// The run's id, drawn by rank 0 (the same on every rank of one run).
        run: u64,
    },
    /// From rank 0 at the start: some rank runs another build or command.
    Refuse,
    /// To rank 0 after a search: the rank's counters.
    Report {
        /// The search.
        search: u32,
        /// The counters.
        counters: [u64; REPORT_WORDS],
    },
    /// From rank 0 at the end: leave.
    Quit,
    /// To rank 0: leaving.
    Bye,
    /// To every other rank: what this rank proved about a component too small to have a
    /// home (each rank keeps it in its own memo).
    Publish {
        /// The search.
        search: u32,
        /// The memo table of the key.
        table: MemoTable,
        /// What was proved.
        record: Record,
        /// The key.
        key: Vec<u64>,
    },
    /// From a key's home, unasked, to a rank it answered busy about `key + *heap` with
    /// `watch`: the claim ended with `key + *heap` proved to lose (`record`, the home's).
    Settled {
        /// The search.
        search: u32,
        /// The memo table of the key.
        table: MemoTable,
        /// The heap the rank asked about.
        heap: u8,
        /// The home's record, which says that `key + *heap` loses.
        record: Record,
        /// The key.
        key: Vec<u64>,
    },
    /// To rank 0: this rank's search ended with its value, before rank 0's (a value is a
    /// fact whichever rank proved it; rank 0 then stops its own search and keeps it).
    Found {
        /// The search.
        search: u32,
        /// The value.
        value: u32,
    },
}

/// The counters of a [`Message::Report`].
pub const REPORT_WORDS: usize = 8;

fn table_code(table: MemoTable) -> u64 {
    match table {
        MemoTable::Codes => 0,
        MemoTable::Symmetric => 1,
    }
}

fn table_of(code: u64) -> MemoTable {
    if code == 1 {
        MemoTable::Symmetric
    } else {
        MemoTable::Codes
    }
}

fn head(kind: u64, a: u64, b: u64, c: u64, len: usize) -> u64 {
    kind | a << 8 | b << 16 | c << 24 | (len as u64) << 32
}

/// Messages to one rank, one buffer.
#[derive(Debug, Default)]
pub struct Batch {
    /// The words.
    pub words: Vec<u64>,
    /// Messages in it.
    pub messages: u64,
}

impl Batch {
    /// Appends `message`.
    pub fn push(&mut self, message: &Message) {
        let w = &mut self.words;
        self.messages += 1;
        match message {
            Message::Ask {
                id,
                search,
                table,
                heap,
                wait,
                watch,
                key,
            } => {
                w.push(head(
                    1,
                    table_code(*table),
                    u64::from(*heap),
                    u64::from(*wait) | u64::from(*watch) << 1,
                    key.len(),
                ));
                w.push(*id);
                w.push(u64::from(*search));
                w.extend_from_slice(key);
            }
            Message::Done {
                search,
                table,
                heap,
                proved,
                key,
            } => {
                w.push(head(
                    2,
                    table_code(*table),
                    u64::from(*heap),
                    u64::from(proved.is_some()),
                    key.len(),
                ));
                w.push(u64::from(*search));
                w.push(u64::from(proved.unwrap_or_default().to_bits()));
                w.extend_from_slice(key);
            }
            Message::Reply { id, kind, record } => {
                w.push(head(3, u64::from(*kind), 0, 0, 0));
                w.push(*id);
                w.push(u64::from(record.to_bits()));
            }
            Message::Stop { search } => {
                w.push(head(4, 0, 0, 0, 0));
                w.push(u64::from(*search));
            }
            Message::Hello { fingerprint } => {
                w.push(head(5, 0, 0, 0, 0));
                w.push(*fingerprint);
            }
            Message::Welcome { run } => {
                w.push(head(6, 0, 0, 0, 0));
                w.push(*run);
            }
            Message::Refuse => w.push(head(7, 0, 0, 0, 0)),
            Message::Report { search, counters } => {
                w.push(head(8, 0, 0, 0, 0));
                w.push(u64::from(*search));
                w.extend_from_slice(counters);
            }
            Message::Quit => w.push(head(9, 0, 0, 0, 0)),
            Message::Bye => w.push(head(10, 0, 0, 0, 0)),
            Message::Found { search, value } => {
                w.push(head(12, 0, 0, 0, 0));
                w.push(u64::from(*search));
                w.push(u64::from(*value));
            }
            Message::Publish {
                search,
                table,
                record,
                key,
            } => record_words(w, 11, 0, *search, *table, *record, key),
            Message::Settled {
                search,
                table,
                heap,
                record,
                key,
            } => record_words(w, 13, *heap, *search, *table, *record, key),
        }
    }

    /// Appends a [`Message::Publish`] of `key` (without building the message).
    pub fn push_publish(&mut self, search: u32, table: MemoTable, record: Record, key: &[u64]) {
        self.messages += 1;
        record_words(&mut self.words, 11, 0, search, table, record, key);
    }

    /// Appends every message of `other`.
    pub fn append(&mut self, other: &Batch) {
        self.words.extend_from_slice(&other.words);
        self.messages += other.messages;
    }

    /// True when it holds no message.
    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }
}

/// The words of a message that carries a record of a key, appended to `w`: a
/// [`Message::Publish`] (kind 11, heap 0) or a [`Message::Settled`] (kind 13).
fn record_words(
    w: &mut Vec<u64>,
    kind: u64,
    heap: u8,
    search: u32,
    table: MemoTable,
    record: Record,
    key: &[u64],
) {
    w.push(head(kind, table_code(table), u64::from(heap), 0, key.len()));
    w.push(u64::from(search));
    w.push(u64::from(record.to_bits()));
    w.extend_from_slice(key);
}

/// The message at `*at` of `words` (advancing `*at`), or None at the end or on a damaged
/// buffer (which ends the reading).
pub fn read(words: &[u64], at: &mut usize) -> Option<Message> {
    let h = *words.get(*at)?;
    let kind = h & 0xff;
    let (a, b, c) = ((h >> 8) & 0xff, (h >> 16) & 0xff, (h >> 24) & 0xff);
    let len = (h >> 32) as usize;
    let rest = &words[*at + 1..];
    let fixed = match kind {
        1..=3 | 11..=13 => 2,
        4..=6 => 1,
        8 => 1 + REPORT_WORDS,
        7 | 9 | 10 => 0,
        _ => return None,
    };
    if rest.len() < fixed + len {
        return None;
    }
    *at += 1 + fixed + len;
    let key = || rest[fixed..fixed + len].to_vec();
    Some(match kind {
        1 => Message::Ask {
            id: rest[0],
            search: rest[1] as u32,
            table: table_of(a),
            heap: b as u8,
            wait: c & 1 != 0,
            watch: c & 2 != 0,
            key: key(),
        },
        2 => Message::Done {
            search: rest[0] as u32,
            table: table_of(a),
            heap: b as u8,
            proved: (c != 0).then(|| Record::from_bits(rest[1] as u32)),
            key: key(),
        },
        3 => Message::Reply {
            id: rest[0],
            kind: a as u8,
            record: Record::from_bits(rest[1] as u32),
        },
        4 => Message::Stop {
            search: rest[0] as u32,
        },
        5 => Message::Hello {
            fingerprint: rest[0],
        },
        6 => Message::Welcome { run: rest[0] },
        7 => Message::Refuse,
        8 => {
            let mut counters = [0; REPORT_WORDS];
            counters.copy_from_slice(&rest[1..1 + REPORT_WORDS]);
            Message::Report {
                search: rest[0] as u32,
                counters,
            }
        }
        9 => Message::Quit,
        10 => Message::Bye,
        12 => Message::Found {
            search: rest[0] as u32,
            value: rest[1] as u32,
        },
        13 => Message::Settled {
            search: rest[0] as u32,
            table: table_of(a),
            heap: b as u8,
            record: Record::from_bits(rest[1] as u32),
            key: key(),
        },
        _ => Message::Publish {
            search: rest[0] as u32,
            table: table_of(a),
            record: Record::from_bits(rest[1] as u32),
            key: key(),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_message_reads_back() {
        let messages = vec![
            Message::Ask {
                id: 7,
                search: 3,
                table: MemoTable::Symmetric,
                heap: 2,
                wait: true,
                watch: false,
                key: vec![1, 2, 3],
            },
            Message::Ask {
                id: 8,
                search: 3,
                table: MemoTable::Codes,
                heap: 0,
                wait: false,
                watch: true,
                key: vec![4],
            },
            Message::Settled {
                search: 3,
                table: MemoTable::Symmetric,
                heap: 2,
                record: Record::known(2),
                key: vec![7, 8],
            },
            Message::Done {
                search: 3,
                table: MemoTable::Codes,
                heap: 1,
                proved: Some(Record::known(4)),
                key: vec![9],
            },
            Message::Done {
                search: 3,
                table: MemoTable::Codes,
                heap: 0,
                proved: None,
                key: vec![],
            },
            Message::Reply {
                id: 7,
                kind: 2,
                record: Record::UNKNOWN.with_win(1),
            },
            Message::Stop { search: 5 },
            Message::Hello { fingerprint: 42 },
            Message::Welcome {
                run: 0x1234_5678_9abc,
            },
            Message::Refuse,
            Message::Report {
                search: 1,
                counters: [1, 2, 3, 4, 5, 6, 7, 8],
            },
            Message::Quit,
            Message::Bye,
            Message::Found {
                search: 4,
                value: 17,
            },
            Message::Publish {
                search: 2,
                table: MemoTable::Symmetric,
                record: Record::known(3),
                key: vec![4, 5],
            },
        ];
        let mut batch = Batch::default();
        for m in &messages {
            batch.push(m);
        }
        let mut at = 0;
        let mut back = Vec::new();
        while let Some(m) = read(&batch.words, &mut at) {
            back.push(m);
        }
        assert_eq!(back, messages);
        assert_eq!(at, batch.words.len());
        // A publication pushed without its message, and batches appended, read the same.
        let mut published = Batch::default();
        published.push_publish(2, MemoTable::Symmetric, Record::known(3), &[4, 5]);
        assert_eq!(published.words, batch.words[batch.words.len() - 5..]);
        let mut both = Batch::default();
        both.append(&batch);
        both.append(&published);
        assert_eq!(both.messages, batch.messages + 1);
        let mut at = 0;
        let mut n = 0;
        while read(&both.words, &mut at).is_some() {
            n += 1;
        }
        assert_eq!(n, messages.len() + 1);
        // A buffer cut short ends the reading instead of panicking.
        let cut = &batch.words[..2];
        let mut at = 0;
        assert_eq!(read(cut, &mut at), None);
    }
}
