//! Fuzzing the certificate reader with quickcheck, through the checker's library: random
//! byte strings, and mutations of the committed certificates of grid:3xN (both games,
//! N <= 9) and of hand-made ones of path:3 and of the ladder grid:2x150: bit flips, truncations, splices, repeated ranges, duplicated records of a
//! hand-made certificate, changed header lines, each on the decompressed bytes (then
//! compressed again) or on the file itself. Every input must be checked without a panic,
//! in bounded time, and none may be accepted with a value other than the true one (the
//! value the unmutated certificate of that graph and game proves). Run with
//! `cargo test -p kayles-check --test fuzz`; `KAYLES_FUZZ_CASES=N` changes the number of
//! cases (default 10,000: about 4 s).

use kayles_check::{check, Failure, Game};
use quickcheck::{Arbitrary, Gen, QuickCheck, TestResult};
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// A certificate to mutate: the graph it is checked against, its decompressed bytes, and
/// its compressed file.
struct Seed {
    graph: String,
    raw: Vec<u8>,
    file: Vec<u8>,
}

/// The seeds, and the true value of each (graph, game), from the unmutated certificates.
struct Corpus {
    seeds: Vec<Seed>,
    truth: HashMap<(String, &'static str), u32>,
}

fn word(game: Game) -> &'static str {
    match game {
        Game::Node => "node",
        Game::Arc => "arc",
    }
}

fn compress(raw: &[u8]) -> Vec<u8> {
    ruzstd::encoding::compress_to_vec(raw, ruzstd::encoding::CompressionLevel::Fastest)
}

/// Arc Kayles on the path 0-1-2, by hand, its records known: fact 0 EQ({0}, 0), fact 1
/// EQ({0,1,2}, 1), the root.
const ARC_P3: [&[u8]; 4] = [
    b"kayles-certificate 1\ngame arc\ngraph path:3\nnimber 1\ncomputed 0\n\n",
    &[0, 0, 1, 0, 0],
    &[0, 1, 3, 0, 0, 0, 2, 1, 5, 1, 4],
    &[3, 1, 4],
];

fn corpus() -> &'static Corpus {
    static CORPUS: OnceLock<Corpus> = OnceLock::new();
    CORPUS.get_or_init(|| {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../certificates");
        let mut seeds = Vec::new();
        let mut truth = HashMap::new();
        for n in 1..=9 {
            for prefix in ["", "arc_"] {
                let graph = format!("grid:3x{n}");
                let file = std::fs::read(dir.join(format!("{prefix}grid_3x{n}.cert"))).unwrap();
                let v = check(&graph, &file[..]).expect("a committed certificate checks");
                truth.insert((graph.clone(), word(v.game)), v.nimber);
                let mut raw = Vec::new();
                std::io::Read::read_to_end(
                    &mut ruzstd::decoding::StreamingDecoder::new(&file[..]).unwrap(),
                    &mut raw,
                )
                .unwrap();
                seeds.push(Seed { graph, raw, file });
            }
        }
        // The ladder grid:2x150 (300 vertices: the checker's neighbour lists), by hand: one
        // mirror fact about all of it, the half turn v -> 299 - v, in both games (value 0).
        for game in ["node", "arc"] {
            let mut raw = format!(
                "kayles-certificate 2\ngame {game}\ngraph grid:2x150\nnimber 0\ncomputed 0\n\n"
            )
            .into_bytes();
            raw.extend([4, 0, 0xac, 0x02, 0]);
            raw.extend([0; 299]);
            for j in 0..300u32 {
                let p = 299 - j;
                raw.extend(if p < 128 {
                    vec![p as u8]
                } else {
                    vec![p as u8 | 0x80, (p >> 7) as u8]
                });
            }
            raw.extend([3, 1, 4]);
            let file = compress(&raw);
            let v = check("grid:2x150", &file[..]).expect("the hand-made ladder checks");
            assert_eq!((v.nimber, word(v.game)), (0, game));
            truth.insert(("grid:2x150".into(), word(v.game)), 0);
            seeds.push(Seed {
                graph: "grid:2x150".into(),
                raw,
                file,
            });
        }
        let raw = ARC_P3.concat();
        truth.insert(("path:3".into(), "arc"), 1);
        // Node Kayles on the path of 3 vertices: 2 (the octal game 0.137).
        truth.insert(("path:3".into(), "node"), 2);
        seeds.push(Seed {
            graph: "path:3".into(),
            file: compress(&raw),
            raw,
        });
        Corpus { seeds, truth }
    })
}

/// One change to a byte string; positions and lengths are taken modulo its length.
#[derive(Clone, Debug)]
enum Op {
    Flip {
        at: usize,
        bit: u8,
    },
    Set {
        at: usize,
        byte: u8,
    },
    Truncate {
        at: usize,
    },
    /// Copies `len` bytes from `from` and inserts them at `to`.
    Splice {
        from: usize,
        len: usize,
        to: usize,
    },
    Delete {
        at: usize,
        len: usize,
    },
    /// Inserts bytes of the generator's choosing.
    Insert {
        at: usize,
        bytes: Vec<u8>,
    },
    /// Replaces header line `line` (0-5) with one of [`HEADER_LINES`].
    Header {
        line: usize,
        text: usize,
    },
}

/// Header lines a mutation may put in: other games, graphs, values, versions, junk.
const HEADER_LINES: [&str; 18] = [
    "game arc",
    "game node",
    "game Arc",
    "graph grid:3x4",
    "graph grid:4x3",
    "graph complete:50000",
    "graph queens:223",
    "graph ~~~~~~~~",
    "nimber 0",
    "nimber 1",
    "nimber 7",
    "nimber +2",
    "nimber 99999999999",
    "computed 9",
    "computed 0",
    "kayles-certificate 3",
    "kayles-certificate 1",
    "",
];

impl Arbitrary for Op {
    fn arbitrary(g: &mut Gen) -> Op {
        let at = usize::arbitrary(g);
        match u8::arbitrary(g) % 8 {
            0 | 1 => Op::Flip {
                at,
                bit: u8::arbitrary(g) % 8,
            },
            2 => Op::Set {
                at,
                byte: *g.choose(&[0, 1, 0x7f, 0x80, 0xff, b'\n', 3]).unwrap(),
            },
            3 => Op::Truncate { at },
            4 => Op::Splice {
                from: usize::arbitrary(g),
                len: usize::arbitrary(g) % 64 + 1,
                to: at,
            },
            5 => Op::Delete {
                at,
                len: usize::arbitrary(g) % 16 + 1,
            },
            6 => Op::Insert {
                at,
                bytes: Vec::arbitrary(g),
            },
            _ => Op::Header {
                line: usize::arbitrary(g) % 6,
                text: usize::arbitrary(g) % HEADER_LINES.len(),
            },
        }
    }
}

impl Op {
    fn apply(&self, bytes: &mut Vec<u8>) {
        let n = bytes.len().max(1);
        match *self {
            Op::Flip { at, bit } if !bytes.is_empty() => bytes[at % n] ^= 1 << bit,
            Op::Set { at, byte } if !bytes.is_empty() => bytes[at % n] = byte,
            Op::Truncate { at } => bytes.truncate(at % n),
            Op::Splice { from, len, to } if !bytes.is_empty() => {
                let from = from % n;
                let piece = bytes[from..(from + len).min(bytes.len())].to_vec();
                let to = to % (bytes.len() + 1);
                bytes.splice(to..to, piece);
            }
            Op::Delete { at, len } if !bytes.is_empty() => {
                let at = at % n;
                bytes.drain(at..(at + len).min(bytes.len()));
            }
            Op::Insert { at, bytes: ref new } => {
                let at = at % (bytes.len() + 1);
                bytes.splice(at..at, new.iter().copied());
            }
            Op::Header { line, text } => {
                let mut lines: Vec<&[u8]> = bytes.splitn(7, |&b| b == b'\n').collect();
                if line < lines.len() - 1 {
                    lines[line] = HEADER_LINES[text].as_bytes();
                    *bytes = lines.join(&b'\n');
                }
            }
            _ => {}
        }
    }
}

/// One input: a seed, changes to its decompressed bytes (then compressed again), changes
/// to the compressed file; or a fact of the hand-made certificate repeated; or random
/// bytes, alone or after a valid header, compressed or not.
#[derive(Clone, Debug)]
enum Case {
    Mutated {
        seed: usize,
        raw: Vec<Op>,
        file: Vec<Op>,
    },
    Repeated {
        record: usize,
        times: usize,
    },
    Random {
        bytes: Vec<u8>,
        after_header: bool,
        compressed: bool,
    },
}

impl Arbitrary for Case {
    fn arbitrary(g: &mut Gen) -> Case {
        let small = |g: &mut Gen| {
            let k = usize::arbitrary(g) % 4;
            (0..k).map(|_| Op::arbitrary(g)).collect::<Vec<_>>()
        };
        match u8::arbitrary(g) % 10 {
            0..=5 => Case::Mutated {
                seed: usize::arbitrary(g) % corpus().seeds.len(),
                raw: {
                    let mut ops = small(g);
                    if ops.is_empty() {
                        ops.push(Op::arbitrary(g));
                    }
                    ops
                },
                file: if bool::arbitrary(g) { small(g) } else { vec![] },
            },
            6 => Case::Repeated {
                record: usize::arbitrary(g) % 3 + 1,
                times: usize::arbitrary(g) % 3 + 2,
            },
            _ => Case::Random {
                bytes: Vec::arbitrary(g),
                after_header: bool::arbitrary(g),
                compressed: bool::arbitrary(g),
            },
        }
    }
}

impl Case {
    /// The graph to check against and the file.
    fn input(&self) -> (String, Vec<u8>) {
        let corpus = corpus();
        match self {
            Case::Mutated { seed, raw, file } => {
                let seed = &corpus.seeds[*seed];
                let mut bytes = seed.raw.clone();
                raw.iter().for_each(|op| op.apply(&mut bytes));
                let mut compressed = if raw.is_empty() {
                    seed.file.clone()
                } else {
                    compress(&bytes)
                };
                file.iter().for_each(|op| op.apply(&mut compressed));
                (seed.graph.clone(), compressed)
            }
            Case::Repeated { record, times } => {
                let mut raw = ARC_P3[0].to_vec();
                for (i, r) in ARC_P3[1..].iter().enumerate() {
                    for _ in 0..if i + 1 == *record { *times } else { 1 } {
                        raw.extend(*r);
                    }
                }
                ("path:3".into(), compress(&raw))
            }
            Case::Random {
                bytes,
                after_header,
                compressed,
            } => {
                let mut raw = if *after_header {
                    ARC_P3[0].to_vec()
                } else {
                    vec![]
                };
                raw.extend(bytes);
                let file = if *compressed { compress(&raw) } else { raw };
                ("path:3".into(), file)
            }
        }
    }
}

static TRIED: AtomicUsize = AtomicUsize::new(0);
static ACCEPTED: AtomicUsize = AtomicUsize::new(0);

fn no_panic_no_wrong_value(case: Case) -> TestResult {
    TRIED.fetch_add(1, Ordering::Relaxed);
    let (graph, file) = case.input();
    let started = Instant::now();
    let verdict = check(&graph, &file[..]);
    let took = started.elapsed();
    if took > Duration::from_secs(5) {
        return TestResult::error(format!("{took:?} on {case:?}"));
    }
    match verdict {
        Ok(v) => {
            ACCEPTED.fetch_add(1, Ordering::Relaxed);
            let truth = corpus().truth.get(&(graph.clone(), word(v.game)));
            if truth != Some(&v.nimber) {
                return TestResult::error(format!(
                    "accepted {} {} on {graph}, the truth is {truth:?}: {case:?}",
                    v.nimber,
                    word(v.game)
                ));
            }
        }
        Err(Failure::Rejected(e)) | Err(Failure::BadInput(e)) => {
            if e.contains('\n') || e.len() > 400 {
                return TestResult::error(format!("not one short line: {e:?}"));
            }
        }
    }
    TestResult::passed()
}

#[test]
fn mutated_and_random_certificates_are_never_accepted_with_a_wrong_value() {
    let cases = std::env::var("KAYLES_FUZZ_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10_000);
    let started = Instant::now();
    QuickCheck::new()
        .tests(cases)
        .max_tests(cases * 2)
        .rng(Gen::new(64))
        .quickcheck(no_panic_no_wrong_value as fn(Case) -> TestResult);
    let (tried, accepted) = (
        TRIED.load(Ordering::Relaxed),
        ACCEPTED.load(Ordering::Relaxed),
    );
    eprintln!(
        "fuzz: {tried} inputs, {accepted} accepted (each with the true value), {:.1} s",
        started.elapsed().as_secs_f64()
    );
    assert!(tried >= cases as usize, "{tried}");
    // The unmutated seeds are accepted: the test can tell acceptance from rejection.
    for seed in &corpus().seeds {
        assert!(check(&seed.graph, &seed.file[..]).is_ok(), "{}", seed.graph);
    }
}
