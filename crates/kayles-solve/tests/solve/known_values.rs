//! The corpus of known values (`fixtures/known/`) through the route both front ends take
//! ([`Nimbers`]: mirror strategies, the modular decomposition, search), under each
//! engine, and through the sequence terms of `kayles seq` / `kayles.sequence` (search and
//! the A316629 recurrence).

use crate::known;
use kayles_core::GameKind;
use kayles_solve::graphs::Named;
use kayles_solve::route::{Engine, Kept, Nimbers, Request};
use kayles_solve::sequence::{Method, Sequence, TermsRequest};
use kayles_solve::Spelling;

#[test]
fn single_graphs_by_every_engine() {
    let values = known::values();
    for v in &values {
        let game: GameKind = v.game.parse().unwrap();
        let named = Named::parse(&v.graph).unwrap();
        for engine in [Engine::Auto, Engine::Search, Engine::Modules] {
            let mut nimbers = Nimbers::new(Request {
                game,
                engine,
                ..Request::default()
            });
            let answer = nimbers.nimber_kept(&named, &Kept::NOTHING, None, &|_| {});
            let what = format!("{} ({}) by {engine:?}: {}", v.graph, v.game, v.source);
            assert_eq!(answer.unwrap().value, v.nimber, "{what}");
        }
    }
    assert!(values.len() >= 20);
}

#[test]
fn sequences_by_search_and_by_the_recurrence() {
    let mut checked = 0;
    for seq in known::sequences() {
        let recurrence = seq.template == "linked-c4";
        let known_last = seq.first + seq.terms.len() - 1;
        let last = if recurrence {
            known_last
        } else {
            known_last.min(seq.first + 9)
        };
        let method = if recurrence {
            Method::Recurrence
        } else {
            Method::Search
        };
        let request = TermsRequest {
            family: seq.template.clone(),
            to: last,
            method,
            game: seq.game.parse().unwrap(),
            mirror: false,
            search: Default::default(),
            certificates: None,
            resume: false,
        };
        let mut sequence = Sequence::new(request, Spelling::CommandLine).unwrap();
        let first = sequence.first(seq.first.max(1)).unwrap();
        let mut got = Vec::new();
        sequence
            .each(first, |term| {
                got.push((term.n, term.value));
                Ok(())
            })
            .unwrap();
        let want: Vec<(usize, u32)> = seq
            .up_to(last)
            .into_iter()
            .filter(|&(n, _)| n >= 1)
            .collect();
        assert_eq!(got, want, "{} by {method:?}: {}", seq.template, seq.source);
        checked += got.len();
    }
    assert!(checked > 120, "only {checked} terms");
}
