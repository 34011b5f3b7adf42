//! The corpus of known values (`fixtures/known/`) certified: every graph's certificate,
//! written by the default solver, is accepted by the independent checker with the value
//! of the corpus, in both games.

use crate::known;
use crate::{certificate, check};
use kayles_cert::Options;
use kayles_core::GameKind;

#[test]
fn every_known_value_is_certified_and_checked() {
    let values = known::values();
    for v in &values {
        let game: GameKind = v.game.parse().unwrap();
        let (bytes, nimber) = certificate(&v.graph, game, Options::default());
        let what = format!("{} ({}): {}", v.graph, v.game, v.source);
        assert_eq!(nimber, v.nimber, "{what}: the writer");
        assert_eq!(check(&v.graph, &bytes), Ok(v.nimber), "{what}: the checker");
    }
    assert!(values.len() >= 20);
}
