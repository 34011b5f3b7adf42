//! SEQ-LINKED-C4-ALT: the other linking (`u_i v_i`, `u_i w_i`, `v_i u_{i+1}`,
//! `w_i u_{i+1}`), with or without the `u`-path.
//!
//! `kayles_core::families` builds `linked-c4-alt:N` as OEIS A316629's comment states it,
//! *without* a path on the `u`s ([`without_path`] is that graph: a chain of 4-cycles
//! `u_i v_i u_{i+1} w_i` sharing the `u`s); [`with_path`] adds the path edges
//! `u_i u_{i+1}`, the other reading of the claim, for which it fails.

use kayles_core::{families, Graph};

/// `linked-c4-alt:N` of `kayles_core::families`: the other linking alone.
pub fn without_path(n: usize) -> Graph {
    families::build(&families::term_spec("linked-c4-alt", n)).expect("valid spec")
}

/// The other linking plus the path `u_1 .. u_{n+1}`: vertices numbered as in
/// [`without_path`].
pub fn with_path(n: usize) -> Graph {
    let mut g = without_path(n);
    for i in 1..=n {
        g.add_edge(i - 1, i);
    }
    g
}

/// The value SEQ-LINKED-C4-ALT claims: 0 for odd `n`, 1 for even `n`.
pub fn claimed(n: usize) -> u32 {
    u32::from(n % 2 == 0)
}
