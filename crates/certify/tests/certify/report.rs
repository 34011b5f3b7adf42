//! Shards split every instance list; merged shard reports add up to the whole run.

use certify::report::{merge, Report};
use certify::{registry, Context, Shard, Tier};

fn run(ids: &[&str], shard: Shard) -> Report {
    let mut ctx = Context::new(Tier::Quick);
    ctx.shard = shard;
    let claims = ids
        .iter()
        .map(|id| registry::run(&registry::find(id).unwrap(), &ctx))
        .collect();
    Report {
        tier: Tier::Quick,
        shards: vec![shard],
        claims,
    }
}

#[test]
fn shards_merge_to_the_whole_run() {
    let ids = ["NK-XOR", "WAK-HEAVY", "SEQ-A316629"];
    let whole = run(&ids, Shard::all());
    let parts: Vec<Report> = (0..3)
        .map(|i| run(&ids, Shard { index: i, count: 3 }))
        .collect();
    // Through JSON, as shards on different machines would.
    let parts: Vec<Report> = parts
        .iter()
        .map(|r| serde_json::from_str(&r.to_json()).unwrap())
        .collect();
    let merged = merge(&parts).unwrap();
    assert!(merged.passed());
    for (a, b) in whole.claims.iter().zip(&merged.claims) {
        assert_eq!(
            (&a.id, a.instances, a.positions),
            (&b.id, b.instances, b.positions)
        );
    }
    assert!(
        merge(&parts[..2]).is_err(),
        "a missing shard must not merge"
    );
    assert!(merged.table().contains("NK-XOR"));
}

#[test]
fn shard_parsing() {
    assert_eq!(Shard::parse("2/5"), Some(Shard { index: 2, count: 5 }));
    assert_eq!(Shard::parse("5/5"), None);
    assert_eq!(Shard::parse("x"), None);
}
