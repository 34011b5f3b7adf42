//! Histogram snapshots of every fixture family (quick tier): a change of an engine or of a
//! family shows up as a diff to review with `cargo insta review`. With `CI=true` a
//! missing or changed snapshot fails.

use certify::fixtures::default_dir;
use certify::histograms::{self, FamilyHistogram};
use certify::Tier;

fn snap(name: &str, h: FamilyHistogram) {
    insta::with_settings!({
        snapshot_path => "../snapshots",
        prepend_module_to_snapshot => false,
    }, {
        insta::assert_snapshot!(name, h.to_string());
    });
}

#[test]
fn node_kayles_graphs() {
    for n in 1..=7 {
        snap(
            &format!("node-kayles-graphs-n{n}"),
            histograms::node_kayles_graphs(&default_dir(), n).unwrap(),
        );
    }
}

#[test]
fn arc_kayles_graphs() {
    for n in 1..=7 {
        snap(
            &format!("arc-kayles-graphs-n{n}"),
            histograms::arc_kayles_graphs(&default_dir(), n).unwrap(),
        );
    }
}

#[test]
fn clique_blowups() {
    snap(
        "blowups-clique",
        histograms::blowups(&default_dir(), Tier::Quick, true).unwrap(),
    );
}

#[test]
fn independent_blowups() {
    snap(
        "blowups-independent",
        histograms::blowups(&default_dir(), Tier::Quick, false).unwrap(),
    );
}

#[test]
fn module_families() {
    snap(
        "module-families",
        histograms::module_families(&default_dir(), Tier::Quick).unwrap(),
    );
}

#[test]
fn weighted_graphs() {
    snap(
        "wak-weighted",
        histograms::weighted(&default_dir(), Tier::Quick).unwrap(),
    );
}

#[test]
fn rook_boards() {
    snap(
        "rook-boards",
        histograms::rooks(&default_dir(), Tier::Quick).unwrap(),
    );
}

#[test]
fn linked_c4_terms() {
    let t = kayles_sequences::linked_c4::terms(20);
    let line = |v: &[u16]| v.iter().map(u16::to_string).collect::<Vec<_>>().join(" ");
    let text = format!(
        "a(0..=20): {}\nb(0..=20): {}\nc(0..=20): {}\n",
        line(&t.a),
        line(&t.b),
        line(&t.c)
    );
    insta::with_settings!({
        snapshot_path => "../snapshots",
        prepend_module_to_snapshot => false,
    }, {
        insta::assert_snapshot!("sequences-linked-c4", text);
    });
}
