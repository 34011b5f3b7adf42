//! `kayles-modules`: modules for Node Kayles (docs/claims/README.md section 2).
//!
//! - [`blowup`]: the blow-up `B[H_1..H_k]` as a real graph, with the record of which
//!   expanded vertex belongs to which module;
//! - [`signature`]: option signatures `A(S) = { g(H[S - N_H[v]]) : v in S }` and the
//!   number of subsets per signature;
//! - [`quotient`](mod@quotient): `Q(X) = mex { Q(X - N_B[i]) xor a : i in X, a in A_i }` (pointwise
//!   `g(S) = Q(T(S))`) and histograms of blow-ups through it, never enumerating the
//!   expanded graph;
//! - [`closed_forms`]: MOD-CLIQUE and MOD-INDEPENDENT by their own formulas;
//! - [`decomposition`]: the modular decomposition tree (parallel / series / prime);
//! - [`solve`]: the nimber of any graph through its decomposition tree;
//! - [`generators`]: deterministic random cographs, bounded-modular-width graphs and
//!   small random graphs, for tests and benchmarks.
//!
//! ```
//! use kayles_core::{families, Graph};
//! use kayles_modules::{blowup_nimber, clique_histogram, nimber};
//! // MOD-NIMBER-NOT-ENOUGH: K1 and P6 both have nimber 1, but joined to I2 they differ.
//! let edge = Graph::from_edges(2, &[(0, 1)]);
//! assert_eq!(blowup_nimber(&edge, &[Graph::new(1), Graph::new(2)]).unwrap(), 2);
//! assert_eq!(blowup_nimber(&edge, &[families::path(6), Graph::new(2)]).unwrap(), 3);
//! // MOD-CLIQUE on the 3x4 grid with cliques of 5: all 2^60 subsets counted.
//! let hist = clique_histogram(&families::grid(3, 4), &[5; 12]).unwrap();
//! assert_eq!(hist.iter().sum::<u128>(), 1 << 60);
//! // Any graph through its decomposition.
//! assert_eq!(nimber(&families::cycle(4)).unwrap(), 0);
//! ```

pub mod blowup;
pub mod closed_forms;
pub mod decomposition;
pub mod error;
pub mod gadgets;
pub mod generators;
pub mod quotient;
pub mod signature;
pub mod solve;

pub use blowup::{blow_up, clique_blow_up, independent_blow_up, parse_sizes, BlowUp, BlowUpSpec};
pub use closed_forms::{
    clique_histogram, clique_nimber, clique_weights, cluster_state, independent_histogram,
    independent_nimber, independent_weights, IndependentClusters,
};
pub use decomposition::{decompose, has_nontrivial_module, DecompositionTree, NodeKind};
pub use error::ModuleError;
pub use quotient::{blowup_histogram, quotient, quotient_histogram, Quotient, QuotientTable};
pub use signature::{
    option_signature, option_signatures, signature_counts, ModuleSignatures, Signature,
    SignatureCounts,
};
pub use solve::{blowup_nimber, full_signature, nimber, ModularSolver};

/// The examples of README.md, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
