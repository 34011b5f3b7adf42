//! It must be able to fail: known faults injected through test-only engines make the
//! matching claim report a counterexample.

use certify::engines::{closed_masks, Engines};
use certify::{registry, CheckError, Context, Counterexample, Tier};
use kayles_core::Graph;
use wak_reduce::reduce::{self, Reduction};
use wak_reduce::{WakError, WeightedGraph};

fn counterexample(id: &str, engines: Engines) -> Counterexample {
    let claim = registry::find(id).expect("registered claim");
    let ctx = Context::new(Tier::Quick).with_engines(engines);
    match (claim.check)(&ctx) {
        Err(CheckError::Counterexample(c)) => {
            println!("{id}: {c}");
            *c
        }
        other => panic!("{id} should report a counterexample, got {other:?}"),
    }
}

/// A Node Kayles table whose mex never returns 0 on a non-empty position (off by one: it
/// starts looking at 1).
fn off_by_one_mex(g: &Graph) -> Vec<u8> {
    let closed = closed_masks(g);
    let mut t = vec![0u8; 1 << g.order()];
    for s in 1..1u64 << g.order() {
        let mut seen = 1u64;
        for (v, &nv) in closed.iter().enumerate() {
            if s >> v & 1 == 1 {
                seen |= 1 << t[(s & !nv) as usize];
            }
        }
        t[s as usize] = seen.trailing_ones() as u8;
    }
    t
}

#[test]
fn off_by_one_mex_breaks_nk_xor() {
    let c = counterexample(
        "NK-XOR",
        Engines {
            node_table: off_by_one_mex,
            ..Engines::default()
        },
    );
    // The first counterexample is on a graph the reader can paste into `kayles`.
    assert!(kayles_core::graph6::parse(&c.instance).is_ok(), "{c}");
    assert!(c.position.starts_with('{'), "{c}");
}

/// The heavy-vertex step that deletes the vertex but forgets to loop its neighbours.
fn heavy_without_loops(g: &WeightedGraph, r: Reduction) -> Result<WeightedGraph, WakError> {
    reduce::check(g, r)?;
    match r {
        Reduction::HeavyVertex(v) => Ok(g.remove_vertex(v)),
        _ => reduce::apply(g, r),
    }
}

#[test]
fn forgotten_loop_breaks_wak_heavy() {
    let c = counterexample(
        "WAK-HEAVY",
        Engines {
            wak_apply: heavy_without_loops,
            ..Engines::default()
        },
    );
    assert!(c.position.starts_with("heavy_vertex("), "{c}");
}

/// The clique histogram with weight `2^m` per occupied module (the empty subset of the
/// module counted as occupied).
fn wrong_weight(base: &Graph, sizes: &[usize]) -> Result<Vec<u128>, String> {
    Ok(certify::modules::clique_histogram_formula(
        base,
        sizes,
        |m| 1 << m,
    ))
}

fn right_weight(base: &Graph, sizes: &[usize]) -> Result<Vec<u128>, String> {
    Ok(certify::modules::clique_histogram_formula(
        base,
        sizes,
        |m| (1 << m) - 1,
    ))
}

#[test]
fn wrong_histogram_weight_breaks_mod_clique() {
    let c = counterexample(
        "MOD-CLIQUE",
        Engines {
            clique_histogram: wrong_weight,
            ..Engines::default()
        },
    );
    assert_eq!(c.position, "histogram", "{c}");
}

#[test]
fn the_right_weight_passes_mod_clique() {
    let claim = registry::find("MOD-CLIQUE").unwrap();
    let ctx = Context::new(Tier::Quick).with_engines(Engines {
        clique_histogram: right_weight,
        ..Engines::default()
    });
    assert!((claim.check)(&ctx).is_ok());
}

/// The PS-lemma checker rejects a wrong `P` (`a + c` odd) on the path-lemma family.
#[test]
fn wrong_p_set_breaks_the_ps_lemma_checker() {
    use wak_reduce::{lemmas, ps_lemma};
    let mut oracle = ps_lemma::WakOracle::default();
    let wrong = ps_lemma::check(
        &mut oracle,
        lemmas::path_lemma_family(3),
        lemmas::path_lemma_s,
        |g| !lemmas::path_lemma_p(g),
    );
    assert!(
        matches!(wrong, Err(ps_lemma::Violation::Hypothesis { .. })),
        "{wrong:?}"
    );
}

/// The derived recurrence with the first run of the chain's own type dropped.
fn dropped_run(
    chain: &kayles_chains::spec::Chain,
    game: kayles_core::GameKind,
) -> Result<kayles_chains::recurrence::Recurrence, String> {
    let mut rec = certify::engines::chains_derive(chain, game)?;
    if !rec.types[0].runs.is_empty() {
        rec.types[0].runs.remove(0);
    }
    Ok(rec)
}

#[test]
fn a_dropped_option_run_breaks_chain_recurrence() {
    let c = counterexample(
        "CHAIN-RECURRENCE",
        Engines {
            chain_derive: dropped_run,
            ..Engines::default()
        },
    );
    assert!(c.instance.starts_with("path.toml (node)"), "{c}");
}

/// The derived recurrence where the first run of the chain's own type names the wrong
/// right part: the next segment type instead of the one the move leaves.
fn wrong_end_type(
    chain: &kayles_chains::spec::Chain,
    game: kayles_core::GameKind,
) -> Result<kayles_chains::recurrence::Recurrence, String> {
    let mut rec = certify::engines::chains_derive(chain, game)?;
    let types = rec.types.len();
    if let Some(run) = rec.types[0].runs.first_mut() {
        run.right = (run.right + 1) % types;
        run.symmetric = run.left == run.right;
    }
    Ok(rec)
}

#[test]
fn a_wrong_end_type_breaks_chain_recurrence() {
    let c = counterexample(
        "CHAIN-RECURRENCE",
        Engines {
            chain_derive: wrong_end_type,
            ..Engines::default()
        },
    );
    // The path has one type only; the first chain with several is the linked 4-cycles.
    assert!(c.instance.starts_with("linked-c4.toml (node)"), "{c}");
}

/// The periodicity bound, one too small.
fn bound_off_by_one(rec: &kayles_chains::recurrence::Recurrence, p: usize, n0: usize) -> usize {
    kayles_chains::period::bound(rec, p, n0) - 1
}

#[test]
fn an_off_by_one_periodicity_bound_breaks_chain_periodic() {
    let c = counterexample(
        "CHAIN-PERIODIC",
        Engines {
            chain_period_bound: bound_off_by_one,
            ..Engines::default()
        },
    );
    assert_eq!(
        c.note, "the bound the proof used against the theorem's",
        "{c}"
    );
    assert_eq!(c.expected, "bound 140", "{c}"); // Dawson's chess: 2 * 52 + 34 + 3 - 1
}
