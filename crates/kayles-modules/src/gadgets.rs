//! Small stand-ins for modules: graphs with a prescribed full option signature.
//!
//! By MOD-SIGNATURE, the value of a blow-up depends on each module only through its
//! option signature, so a prime node's children may be replaced by any graphs with the
//! same full signatures. [`GADGETS`] lists, for every signature realised by a graph on at
//! most 7 vertices, one smallest such graph (fewest vertices, then fewest edges), found by
//! trying every labelled graph on up to 7 vertices (each entry is re-checked by the unit
//! tests). Every non-empty subset of `{0, 1, 2, 3}` except `{3}` is there; no graph on at
//! most 7 vertices has the signature `{3}` or any signature containing a value above 3.

use crate::signature::Signature;
use kayles_core::Graph;

/// One gadget: the signature's values, the order, and the edges.
pub type Gadget = (&'static [u32], usize, &'static [(usize, usize)]);

/// One smallest graph per signature (graphs on at most 7 vertices).
pub const GADGETS: &[Gadget] = &[
    (&[0], 1, &[]),
    (&[1], 2, &[]),
    (&[0, 1], 3, &[(0, 1), (0, 2)]),
    (&[2], 6, &[(0, 4), (0, 5), (1, 3), (1, 5), (2, 3), (2, 4)]),
    (&[0, 2], 6, &[(0, 3), (0, 5), (1, 2), (1, 4), (2, 3)]),
    (
        &[1, 2],
        6,
        &[(0, 1), (0, 4), (0, 5), (1, 3), (1, 5), (2, 3), (2, 4)],
    ),
    (&[0, 1, 2], 4, &[(0, 1), (0, 2)]),
    (&[0, 3], 6, &[(0, 1), (0, 4), (0, 5), (1, 2), (1, 3)]),
    (&[1, 3], 7, &[(0, 3), (0, 5), (1, 2), (1, 4), (2, 3)]),
    (&[0, 1, 3], 5, &[(0, 1), (0, 2)]),
    (&[2, 3], 6, &[(0, 4), (0, 5), (1, 2), (1, 3)]),
    (&[0, 2, 3], 7, &[(0, 4), (0, 5), (1, 2), (1, 3)]),
    (&[1, 2, 3], 6, &[(0, 2), (0, 4), (0, 5), (1, 2), (1, 3)]),
    (
        &[0, 1, 2, 3],
        7,
        &[(0, 4), (0, 5), (0, 6), (1, 2), (1, 4), (1, 5), (2, 3)],
    ),
];

/// A small graph whose full option signature `{ g(H - N[v]) : v }` is `signature`, if
/// [`GADGETS`] has one (the empty signature: the empty graph).
///
/// ```
/// use kayles_modules::{full_signature, gadgets::gadget, Signature};
/// let a = Signature::from_values([0, 2]);
/// let h = gadget(&a).unwrap();
/// assert_eq!(full_signature(&h).unwrap(), a);
/// assert_eq!(h.order(), 6);
/// assert!(gadget(&Signature::singleton(3)).is_none());
/// ```
pub fn gadget(signature: &Signature) -> Option<Graph> {
    if signature.is_empty() {
        return Some(Graph::new(0));
    }
    GADGETS
        .iter()
        .find(|(values, _, _)| Signature::from_values(values.iter().copied()) == *signature)
        .map(|&(_, n, edges)| Graph::from_edges(n, edges))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::full_signature_by_search;

    #[test]
    fn gadgets_have_their_signatures() {
        for &(values, n, edges) in GADGETS {
            let a = Signature::from_values(values.iter().copied());
            let g = Graph::from_edges(n, edges);
            assert_eq!(full_signature_by_search(&g).unwrap(), a);
            assert_eq!(gadget(&a), Some(g));
        }
        for a in 1..16u64 {
            let s = Signature::from_bits(a);
            assert_eq!(gadget(&s).is_some(), a != 8, "{s}");
        }
    }
}
