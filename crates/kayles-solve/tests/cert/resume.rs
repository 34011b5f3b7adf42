//! Resumed proofs: a certificate run stopped at a checkpoint (or killed after one) and
//! started again from the saved state and the bytes written so far gives a certificate
//! that the checker accepts, with no fact written twice (the state's tables were taken
//! back); damaged and foreign states are refused.

use crate::{check, decode};
use kayles_cert::format::{Evidence, Fact};
use kayles_cert::oracle::BruteOracle;
use kayles_cert::resume::{Checkpoint, Poll, ProofState};
use kayles_cert::{write_resumable_certificate, Dedup, Error, Options, Resumable, Sizes};
use kayles_core::canonical::Canonizer;
use kayles_core::{families, GameKind};
use std::cell::RefCell;
use std::io::Write;
use std::rc::Rc;

/// An output shared with the test, so that what a stopped run wrote outlives it.
#[derive(Clone, Default)]
struct Shared(Rc<RefCell<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Asked at every position: saves at every `save_every`-th poll and stops (with a
/// save) at poll `stop_at`; keeps every state it saved.
struct Script {
    polls: usize,
    save_every: usize,
    stop_at: usize,
    saves: Vec<(Sizes, Vec<u8>)>,
}

impl Checkpoint for Script {
    fn poll(&mut self) -> Poll {
        self.polls += 1;
        if self.polls == self.stop_at {
            Poll::SaveAndStop
        } else if self.polls % self.save_every == 0 {
            Poll::Save
        } else {
            Poll::Go
        }
    }
    fn poll_every(&self) -> u32 {
        1
    }
    fn save(
        &mut self,
        sizes: Sizes,
        state: &mut dyn FnMut(&mut dyn Write) -> std::io::Result<()>,
    ) -> std::io::Result<()> {
        let mut bytes = Vec::new();
        state(&mut bytes)?;
        self.saves.push((sizes, bytes));
        Ok(())
    }
}

/// One run of the certificate of `spec` (Node Kayles or Arc Kayles, brute-force values),
/// from `from` (a saved state and the bytes written with it) when given: what it wrote,
/// the states it saved, and its summary or error.
fn run(
    spec: &str,
    game: GameKind,
    options: Options,
    script: &mut Script,
    from: Option<(&[u8], &[u8])>,
) -> (Vec<u8>, Result<u32, Error>) {
    let host = families::build(spec).unwrap();
    let symmetry = families::host_symmetry(spec).unwrap();
    let out = Shared::default();
    let mut written = from.map(|(bytes, _)| bytes);
    let from = from.map(|(_, state)| ProofState::read(state).unwrap());
    let resumable = Resumable {
        checkpoint: script,
        from: match (written.as_mut(), from) {
            (Some(w), Some(state)) => Some((w as &mut (dyn std::io::Read + Send), state)),
            _ => None,
        },
    };
    let oracle = BruteOracle::new(&host, game);
    let result = write_resumable_certificate(
        &host,
        spec,
        game,
        oracle,
        symmetry,
        options,
        out.clone(),
        Some(resumable),
    )
    .map(|(_, summary)| summary.nimber);
    let bytes = out.0.borrow().clone();
    (bytes, result)
}

fn script(save_every: usize, stop_at: usize) -> Script {
    Script {
        polls: 0,
        save_every,
        stop_at,
        saves: Vec::new(),
    }
}

/// Panics when two facts prove the same thing: two EQ facts about positions of one
/// isomorphism class (one vertex set under the other rules), or two NE facts about
/// one class and value.
fn assert_no_fact_twice(facts: &[Fact], host: &kayles_core::Graph, dedup: Dedup, what: &str) {
    let mut canonizer = Canonizer::new();
    let mut seen = std::collections::HashSet::new();
    for fact in facts {
        let class = match dedup {
            Dedup::Canonical => {
                let rows: Vec<u64> = fact
                    .set
                    .iter()
                    .map(|&v| {
                        fact.set.iter().enumerate().fold(0u64, |row, (j, &w)| {
                            row | u64::from(host.has_edge(v as usize, w as usize)) << j
                        })
                    })
                    .collect();
                let mut code = Vec::new();
                canonizer.code::<u64>(&rows, &mut code);
                code.insert(0, fact.set.len() as u64);
                code
            }
            _ => fact.set.iter().map(|&v| u64::from(v)).collect(),
        };
        let kind = match fact.evidence {
            Evidence::Moves(_) | Evidence::Mirror(_) => None,
            _ => Some(fact.value),
        };
        assert!(seen.insert((class, kind)), "{what}: a fact written twice");
    }
}

const CASES: [(&str, GameKind); 4] = [
    ("grid:3x6", GameKind::Node),
    ("grid:3x5", GameKind::Arc),
    ("petersen:7,2", GameKind::Node),
    ("cycle:11", GameKind::Arc),
];

#[test]
fn a_stopped_proof_resumes_from_its_last_save() {
    for (spec, game) in CASES {
        let host = families::build(spec).unwrap();
        for dedup in [Dedup::Exact, Dedup::Symmetry, Dedup::Canonical] {
            let options = Options {
                dedup,
                ..Options::default()
            };
            let mut whole = script(usize::MAX, usize::MAX);
            let (fresh, value) = run(spec, game, options, &mut whole, None);
            let value = value.unwrap();
            let fresh_facts = decode(&fresh).facts.len();
            for stop_at in [1, 2, 7, 40, 150] {
                let what = format!("{spec} {game} {dedup:?} stopped at poll {stop_at}");
                let mut first = script(5, stop_at);
                let (written, result) = run(spec, game, options, &mut first, None);
                if result.is_ok() {
                    // The proof ended before that poll (with the same facts; the saves
                    // end zstd blocks, so not the same bytes).
                    assert_eq!(decode(&written), decode(&fresh), "{what}");
                    continue;
                }
                assert!(
                    matches!(result, Err(Error::Search(_))),
                    "{what}: {result:?}"
                );
                let (sizes, state) = first.saves.last().unwrap();
                let mut second = script(usize::MAX, usize::MAX);
                let (resumed, result) =
                    run(spec, game, options, &mut second, Some((&written, state)));
                assert_eq!(result.unwrap(), value, "{what}");
                assert_eq!(check(spec, &resumed), Ok(value), "{what}");
                let facts = decode(&resumed).facts;
                assert_no_fact_twice(&facts, &host, dedup, &what);
                // The facts of the saved part are kept as they were.
                let kept = &decode(&written_whole(&written, *sizes)).facts;
                assert_eq!(&facts[..kept.len()], &kept[..], "{what}");
                assert!(facts.len() <= fresh_facts * 2, "{what}");
            }
        }
    }
}

/// The saved part of what a stopped run wrote, as a whole certificate's records (the
/// facts up to the save, then an empty root) for decoding.
fn written_whole(written: &[u8], sizes: Sizes) -> Vec<u8> {
    use std::io::Read;
    let mut raw = Vec::new();
    zstd::stream::read::Decoder::new(written)
        .unwrap()
        .take(sizes.raw_bytes)
        .read_to_end(&mut raw)
        .unwrap();
    kayles_cert::format::put_root(&mut raw, &[], sizes.facts);
    zstd::stream::encode_all(&raw[..], 3).unwrap()
}

/// A run killed after a save (its output has facts after the save) and a resumed run
/// that is itself stopped and resumed again.
#[test]
fn a_killed_proof_resumes_from_an_earlier_save_and_again() {
    let (spec, game) = ("grid:3x6", GameKind::Node);
    let host = families::build(spec).unwrap();
    let options = Options::default();
    // The whole proof polls 55 times (2026-12-06).
    let mut first = script(5, 30);
    let (written, result) = run(spec, game, options, &mut first, None);
    assert!(result.is_err());
    assert!(first.saves.len() >= 3);
    // As if killed just before the last save: the state of the one before, and every
    // byte written.
    let (sizes, state) = &first.saves[first.saves.len() - 2];
    assert!(sizes.raw_bytes < first.saves.last().unwrap().0.raw_bytes);
    let mut second = script(5, 12);
    let (written, result) = run(spec, game, options, &mut second, Some((&written, state)));
    assert!(result.is_err());
    let (_, state) = second.saves.last().unwrap();
    let mut third = script(usize::MAX, usize::MAX);
    let (resumed, result) = run(spec, game, options, &mut third, Some((&written, state)));
    let value = result.unwrap();
    assert_eq!(check(spec, &resumed), Ok(value));
    assert_no_fact_twice(&decode(&resumed).facts, &host, Dedup::Canonical, spec);
}

#[test]
fn damaged_and_foreign_states_are_refused() {
    let (spec, game) = ("grid:3x6", GameKind::Node);
    let mut first = script(5, 30);
    let (written, result) = run(spec, game, Options::default(), &mut first, None);
    assert!(result.is_err());
    let (_, state) = first.saves.last().unwrap();
    // Cut short, or one byte changed anywhere.
    for cut in [0, 10, state.len() / 2, state.len() - 1] {
        let e = ProofState::read(&state[..cut]).unwrap_err();
        assert!(e.to_string().contains("cut short"), "{e}");
    }
    for at in [0, 30, state.len() / 2, state.len() - 3] {
        let mut changed = state.clone();
        changed[at] ^= 0x10;
        assert!(ProofState::read(&changed[..]).is_err(), "byte {at}");
    }
    let mut longer = state.clone();
    longer.push(0);
    assert!(ProofState::read(&longer[..]).is_err());
    // Another graph's state and written part, or the written part cut before the save.
    let mut other = script(5, 30);
    let (other_written, _) = run("grid:3x7", game, Options::default(), &mut other, None);
    let (_, other_state) = other.saves.last().unwrap();
    let mut again = script(usize::MAX, usize::MAX);
    let (_, result) = run(
        spec,
        game,
        Options::default(),
        &mut again,
        Some((&other_written, other_state)),
    );
    assert!(matches!(result, Err(Error::Input(_))), "{result:?}");
    let saved = first.saves.last().unwrap().0.compressed_bytes as usize;
    let (_, result) = run(
        spec,
        game,
        Options::default(),
        &mut again,
        Some((&written[..saved / 2], state)),
    );
    assert!(matches!(result, Err(Error::Input(_))), "{result:?}");
    // A state saved under another rule of representatives.
    let exact = Options {
        dedup: Dedup::Exact,
        ..Options::default()
    };
    let (_, result) = run(spec, game, exact, &mut again, Some((&written, state)));
    assert!(matches!(result, Err(Error::Input(_))), "{result:?}");
}
