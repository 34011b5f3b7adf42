//! The claims registry: one [`Claim`] per id of docs/claims/README.md, with its statement, its
//! fixture families and its check, and [`run`] which times a check and turns it into a
//! [`ClaimResult`].

use crate::check::{CheckError, CheckResult, Context, Counts};
use crate::report::{ClaimResult, Verdict};
use crate::{chains, modules, node_kayles, sequences, wak};
use std::time::Instant;

/// One claim of docs/claims/README.md.
#[derive(Clone, Copy)]
pub struct Claim {
    /// The id, e.g. `NK-XOR`.
    pub id: &'static str,
    /// The statement in one line.
    pub statement: &'static str,
    /// The fixture families it runs on.
    pub families: &'static str,
    /// The check.
    pub check: fn(&Context) -> CheckResult,
}

/// Every claim, in the order of docs/claims/README.md.
pub fn claims() -> Vec<Claim> {
    vec![
        Claim {
            id: "NK-XOR",
            statement: "g(G[S]) is the xor of the values of the components of G[S]",
            families: "graphs n1-7 (full: n1-9), all subsets",
            check: node_kayles::check_xor,
        },
        Claim {
            id: "NK-ARC-LINE",
            statement: "Arc Kayles on G[S] = Node Kayles on L(G[S]) for every S",
            families: "graphs n1-7 (full: n1-9), all subsets",
            check: node_kayles::check_arc_line,
        },
        Claim {
            id: "MOD-CLIQUE",
            statement: "clique modules: g(S) = g_B(T(S)); histogram weights prod (2^m_i - 1)",
            families: "blowups: bases n<=4, sizes<=3 (full: <=4, <=5 on n<=3), all subsets",
            check: modules::check_clique,
        },
        Claim {
            id: "MOD-INDEPENDENT",
            statement:
                "independent modules: g(S) = q(states 0/odd/even); weights 1, 2^(m-1), 2^(m-1)-1",
            families: "blowups: bases n<=4, sizes<=3 (full: <=4, <=5 on n<=3), all subsets",
            check: modules::check_independent,
        },
        Claim {
            id: "MOD-SIGNATURE",
            statement:
                "g(S) = Q(T(S)) with the option signatures A_i; histogram by signature counts",
            families: "bases n<=3 x modules n<=3 (full: more, see the file), all subsets",
            check: modules::check_signature,
        },
        Claim {
            id: "MOD-NIMBER-NOT-ENOUGH",
            statement: "K1 and P6 (nimber 1, signatures {0}, {0,2}) joined to I2 give 2 and 3",
            families: "K1, P6 with base K2 and I2",
            check: modules::check_nimber_not_enough,
        },
        Claim {
            id: "MOD-TWINS",
            statement: "deleting a true twin, or two of three false twins, keeps g for every S",
            families: "graphs n1-7 (full: n1-9), all subsets keeping the twins",
            check: modules::check_twins,
        },
        Claim {
            id: "SEQ-A316629",
            statement: "the corrected a/b/c recurrence equals direct search on the linked 4-cycles",
            families: "linked-c4(-b,-c):n, n in sequences/ranges.txt",
            check: sequences::check_a316629,
        },
        Claim {
            id: "SEQ-LINKED-C4-ALT",
            statement: "the other linking has nimber 0 for odd n, 1 for even n",
            families: "linked-c4-alt:n without the u-path, n in sequences/ranges.txt",
            check: sequences::check_alt,
        },
        Claim {
            id: "WAK-USELESS",
            statement: "deleting a useless vertex (unlooped, all neighbours looped) keeps g",
            families: "weighted graphs n<=4, all loops, w<=3 (full: w<=6, n=5)",
            check: |ctx| wak::check_reduction(ctx, wak::Kind::Useless),
        },
        Claim {
            id: "WAK-HEAVY",
            statement: "deleting a heavy vertex and looping its neighbours keeps g",
            families: "weighted graphs n<=4, all loops, w<=3 (full: w<=6, n=5)",
            check: |ctx| wak::check_reduction(ctx, wak::Kind::Heavy),
        },
        Claim {
            id: "WAK-TWINS",
            statement: "merging false twins (same loop status) into one vertex keeps g",
            families: "weighted graphs n<=4, all loops, w<=3 (full: w<=6, n=5)",
            check: |ctx| wak::check_reduction(ctx, wak::Kind::Twins),
        },
        Claim {
            id: "WAK-TO-ARC",
            statement: "WAK on G = Arc Kayles on the twin/pendant expansion",
            families: "weighted graphs n<=4, all loops, w<=3 (full: w<=6, n=5)",
            check: wak::check_to_arc,
        },
        Claim {
            id: "WAK-LOOP",
            statement: "one looped vertex of weight a: g = a mod 2",
            families: "a in wak/lemmas.txt",
            check: |ctx| wak::check_lemma(ctx, "WAK-LOOP"),
        },
        Claim {
            id: "WAK-LOOPED-EDGE",
            statement: "looped edge a-b: g = (a + b mod 2) + 2 (min(a, b) mod 2)",
            families: "a, b in wak/lemmas.txt",
            check: |ctx| wak::check_lemma(ctx, "WAK-LOOPED-EDGE"),
        },
        Claim {
            id: "WAK-LOOPED-EDGE-PLUS-ONE",
            statement: "looped edge + looped c: P iff a+b+c even and min(a, b) even",
            families: "a, b, c in wak/lemmas.txt",
            check: |ctx| wak::check_lemma(ctx, "WAK-LOOPED-EDGE-PLUS-ONE"),
        },
        Claim {
            id: "PS-LEMMA",
            statement: "the position-set lemma checker: (i)-(iii) hold and imply P-positions = P",
            families: "path-lemma and depth-2 tree families",
            check: wak::check_ps_lemma,
        },
        Claim {
            id: "WAK-PATH-LEMMA",
            statement: "path a(loop)-b-c-d with c < b + d: P iff a + c even",
            families: "a, b, c, d in wak/lemmas.txt",
            check: |ctx| wak::check_lemma(ctx, "WAK-PATH-LEMMA"),
        },
        Claim {
            id: "WAK-DEPTH2-TREE",
            statement: "depth-2 tree G1 ~ path G2 with the stated outcome when x_i > y_i",
            families: "k = 1, 2 (full: 3) branches, weights in wak/lemmas.txt",
            check: wak::check_depth2,
        },
        Claim {
            id: "WAK-ROOKS",
            statement: "rooks on a board with holes = WAK on a rectangle cover; n x n: n mod 2",
            families: "every board up to 4x4 with holes (full: up to 4x5/5x4), NxN up to 7",
            check: wak::check_rooks,
        },
        Claim {
            id: "CHAIN-RECURRENCE",
            statement: "the derived chain recurrence equals direct search on every segment type",
            families:
                "chains/chains.txt: every end type, m to the tier bound; A316629 by two routes",
            check: chains::check_recurrence,
        },
        Claim {
            id: "CHAIN-PERIODIC",
            statement: "s(m + p) = s(m) up to the theorem's bound implies it for all m >= n0",
            families:
                "chains/chains.txt: proofs re-checked on an own evaluation far past the bound",
            check: chains::check_periodic,
        },
    ]
}

/// The claim with this id (case-insensitive).
pub fn find(id: &str) -> Option<Claim> {
    claims().into_iter().find(|c| c.id.eq_ignore_ascii_case(id))
}

/// Runs one claim's check and times it.
pub fn run(claim: &Claim, ctx: &Context) -> ClaimResult {
    let start = Instant::now();
    ctx.progress.set_message(claim.id);
    let outcome = (claim.check)(ctx);
    let seconds = start.elapsed().as_secs_f64();
    let (counts, verdict, detail) = match outcome {
        Ok(c) => (c, Verdict::Pass, String::new()),
        Err(CheckError::Counterexample(c)) => (Counts::default(), Verdict::Fail, c.to_string()),
        Err(CheckError::Fixture(e)) => (Counts::default(), Verdict::FixtureError, e.to_string()),
        Err(CheckError::Engine(e)) => (Counts::default(), Verdict::Error, e),
        Err(CheckError::Stopped) => (
            Counts::default(),
            Verdict::Error,
            CheckError::Stopped.to_string(),
        ),
    };
    ClaimResult {
        id: claim.id.to_string(),
        families: claim.families.to_string(),
        instances: counts.instances,
        positions: counts.positions,
        seconds,
        verdict,
        detail,
    }
}
