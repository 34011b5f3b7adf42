//! Every claim of the registry on the quick tier: it must pass, on at least one instance.

use certify::{registry, Context, Tier};

fn passes(id: &str) {
    let claim = registry::find(id).expect("registered claim");
    let ctx = Context::new(Tier::Quick);
    let result = registry::run(&claim, &ctx);
    assert_eq!(
        result.verdict,
        certify::report::Verdict::Pass,
        "{id}: {}",
        result.detail
    );
    assert!(
        result.instances > 0 && result.positions > 0,
        "{id}: {result:?}"
    );
}

macro_rules! claim_tests {
    ($($name:ident => $id:literal),* $(,)?) => {
        $(
            #[test]
            fn $name() {
                passes($id);
            }
        )*

        #[test]
        fn every_registered_claim_has_a_test() {
            let tested = [$($id),*];
            let ids: Vec<&str> = registry::claims().iter().map(|c| c.id).collect();
            assert_eq!(ids, tested);
        }
    };
}

claim_tests! {
    nk_xor => "NK-XOR",
    nk_arc_line => "NK-ARC-LINE",
    mod_clique => "MOD-CLIQUE",
    mod_independent => "MOD-INDEPENDENT",
    mod_signature => "MOD-SIGNATURE",
    mod_nimber_not_enough => "MOD-NIMBER-NOT-ENOUGH",
    mod_twins => "MOD-TWINS",
    seq_a316629 => "SEQ-A316629",
    seq_linked_c4_alt => "SEQ-LINKED-C4-ALT",
    wak_useless => "WAK-USELESS",
    wak_heavy => "WAK-HEAVY",
    wak_twins => "WAK-TWINS",
    wak_to_arc => "WAK-TO-ARC",
    wak_loop => "WAK-LOOP",
    wak_looped_edge => "WAK-LOOPED-EDGE",
    wak_looped_edge_plus_one => "WAK-LOOPED-EDGE-PLUS-ONE",
    ps_lemma => "PS-LEMMA",
    wak_path_lemma => "WAK-PATH-LEMMA",
    wak_depth2_tree => "WAK-DEPTH2-TREE",
    wak_rooks => "WAK-ROOKS",
    chain_recurrence => "CHAIN-RECURRENCE",
    chain_periodic => "CHAIN-PERIODIC",
}

/// A raised stop flag ends every claim with an error verdict, before any instance.
#[test]
fn a_raised_stop_flag_stops_every_claim() {
    let ctx = Context::new(Tier::Quick);
    ctx.stop.store(true, std::sync::atomic::Ordering::Relaxed);
    for claim in registry::claims() {
        let result = registry::run(&claim, &ctx);
        assert_eq!(
            result.verdict,
            certify::report::Verdict::Error,
            "{}",
            claim.id
        );
        assert_eq!(result.detail, "stopped before the check was complete");
        assert_eq!(result.instances, 0);
    }
}
