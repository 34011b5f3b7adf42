//! End types: ends identified up to isomorphism that keeps every attachment.
//!
//! Two ends `E1`, `E2` are the same type when a bijection of their vertices maps edges to
//! edges and each attachment `(x, copy vertex y, depth d)` to `(φ(x), y, d)`; then the
//! segments `[E1 | m | F]` and `[E2 | m | F]` are isomorphic for every `m`. The registry
//! looks candidates up by the canonical code ([`kayles_core::canonical`]) of an encoding
//! graph (the end, plus one frame vertex per attachment target carrying a pendant path of
//! a length unique to that target), and then *checks* the bijection the canonical orders
//! give: a match is never taken on the code alone, so a weak code can only cost a merge.

use crate::spec::{Attach, End};
use kayles_core::canonical::{self, Canonizer};
use kayles_core::Graph;
use std::collections::HashMap;

/// Encoding graphs larger than this are not canonized: such an end is matched only by
/// equality of its normal form (sound; it can only miss a merge).
const MAX_ENCODING: usize = 2048;

/// The encoding graph of an end (see the module docs): the `r`-th attachment target
/// `(depth, copy vertex)` in sorted order carries a pendant path of `order + 2 + r`
/// vertices. The set of targets is kept by every attachment-keeping isomorphism, so
/// isomorphic ends have isomorphic encodings.
fn encoding(end: &End) -> Graph {
    let mut targets: Vec<(usize, usize)> = end
        .attach
        .iter()
        .map(|a| (a.depth, a.copy_vertex))
        .collect();
    targets.sort_unstable();
    targets.dedup();
    let tag = |r: usize| end.order + 2 + r;
    let n = end.order + (0..targets.len()).map(|r| 1 + tag(r)).sum::<usize>();
    let mut g = Graph::new(n);
    for &(u, v) in &end.edges {
        g.add_edge(u, v);
    }
    let mut next = end.order;
    for (r, &t) in targets.iter().enumerate() {
        let frame = next;
        next += 1;
        for a in &end.attach {
            if (a.depth, a.copy_vertex) == t {
                g.add_edge(a.vertex, frame);
            }
        }
        let mut prev = frame;
        for _ in 0..tag(r) {
            g.add_edge(prev, next);
            prev = next;
            next += 1;
        }
    }
    g
}

fn code_and_order(c: &mut Canonizer, g: &Graph) -> (Vec<u64>, Vec<u32>) {
    if g.order() == 0 {
        return (vec![0], Vec::new());
    }
    canonical::graph_code_and_order(c, g).expect("an end has at most MAX_ENCODING vertices")
}

/// Whether `phi` (vertex of `a` -> vertex of `b`) is an attachment-keeping isomorphism.
fn is_isomorphism(a: &End, b: &End, phi: &[usize]) -> bool {
    if a.order != b.order || a.edges.len() != b.edges.len() || a.attach.len() != b.attach.len() {
        return false;
    }
    let mut edges: Vec<(usize, usize)> = a
        .edges
        .iter()
        .map(|&(u, v)| (phi[u].min(phi[v]), phi[u].max(phi[v])))
        .collect();
    edges.sort_unstable();
    let mut attach: Vec<Attach> = a
        .attach
        .iter()
        .map(|t| Attach {
            vertex: phi[t.vertex],
            ..*t
        })
        .collect();
    attach.sort_unstable();
    edges == b.edges && attach == b.attach
}

/// The end types met so far on one side, each with a representative.
#[derive(Debug, Default)]
pub struct EndRegistry {
    ends: Vec<End>,
    /// Ends too large to canonize, by their normal form.
    by_form: HashMap<End, usize>,
    orders: Vec<Vec<u32>>,
    by_code: HashMap<Vec<u64>, Vec<usize>>,
    canonizer: Canonizer,
}

impl EndRegistry {
    /// An empty registry.
    pub fn new() -> Self {
        Self::default()
    }

    /// The type of `end`, registering it as a new type if it matches none; the flag says
    /// whether it is new.
    pub fn intern(&mut self, mut end: End) -> (usize, bool) {
        end.normalize();
        let enc = encoding(&end);
        if enc.order() > MAX_ENCODING {
            if let Some(&id) = self.by_form.get(&end) {
                return (id, false);
            }
            let id = self.ends.len();
            self.by_form.insert(end.clone(), id);
            self.ends.push(end);
            self.orders.push(Vec::new());
            return (id, true);
        }
        let (code, order) = code_and_order(&mut self.canonizer, &enc);
        if let Some(candidates) = self.by_code.get(&code) {
            for &id in candidates {
                // The canonical orders put isomorphic encodings in the same order:
                // position p of `end` corresponds to position p of the candidate.
                let other = &self.orders[id];
                let mut phi = vec![usize::MAX; order.len()];
                for (p, &v) in order.iter().enumerate() {
                    phi[v as usize] = other[p] as usize;
                }
                let phi = &phi[..end.order];
                if phi.iter().all(|&w| w < end.order) && is_isomorphism(&end, &self.ends[id], phi) {
                    return (id, false);
                }
            }
        }
        let id = self.ends.len();
        self.ends.push(end);
        self.orders.push(order);
        self.by_code.entry(code).or_default().push(id);
        (id, true)
    }

    /// The representative of type `id`.
    pub fn get(&self, id: usize) -> &End {
        &self.ends[id]
    }

    /// Number of types.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether no type is registered.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Every representative, by type id.
    pub fn into_ends(self) -> Vec<End> {
        self.ends
    }
}
