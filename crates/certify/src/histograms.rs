//! The histograms the snapshot tests pin, one [`FamilyHistogram`] per fixture family: the
//! nimbers over all starting subsets summed over the family (where positions have
//! subsets) and the full-board nimbers over the family. A change of an engine or of a
//! fixture family shows up as a reviewable snapshot diff.

use crate::check::Tier;
use crate::engines::{
    arc_definition_table, histogram, node_definition_table, trim, wak_definition,
};
use crate::fixtures::{self, FixtureError};
use crate::modules::substitute;
use crate::report::histogram_line;
use kayles_core::{families, Graph};
use rayon::prelude::*;
use std::fmt;
use std::path::Path;

/// The histograms of one family.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FamilyHistogram {
    /// The family.
    pub name: String,
    /// Its members.
    pub instances: usize,
    /// `k -> number of (member, starting subset)` pairs of nimber `k`, if positions have
    /// subsets.
    pub subsets: Option<Vec<u128>>,
    /// `k -> number of members whose full-board nimber is `k``.
    pub full: Vec<u128>,
}

impl fmt::Display for FamilyHistogram {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "family: {}", self.name)?;
        writeln!(f, "instances: {}", self.instances)?;
        if let Some(s) = &self.subsets {
            writeln!(f, "subsets: {}", s.iter().sum::<u128>())?;
            writeln!(f, "all starting subsets: {}", histogram_line(s))?;
        }
        writeln!(f, "full boards: {}", histogram_line(&self.full))
    }
}

fn add(into: &mut Vec<u128>, h: &[u128]) {
    if into.len() < h.len() {
        into.resize(h.len(), 0);
    }
    for (a, b) in into.iter_mut().zip(h) {
        *a += b;
    }
}

/// Sums per-member (subset histogram, full value) pairs.
fn collect(name: String, members: Vec<(Option<Vec<u128>>, u8)>) -> FamilyHistogram {
    let mut subsets: Option<Vec<u128>> = None;
    let mut full = vec![0u128; 64];
    for (s, v) in &members {
        if let Some(s) = s {
            add(subsets.get_or_insert_with(Vec::new), s);
        }
        full[usize::from(*v)] += 1;
    }
    FamilyHistogram {
        name,
        instances: members.len(),
        subsets: subsets.map(trim),
        full: trim(full),
    }
}

/// The histogram of a family: one member per item, computed in parallel.
fn family<T: Sync>(
    name: String,
    items: &[T],
    member: impl Fn(&T) -> (Option<Vec<u128>>, u8) + Sync + Send,
) -> FamilyHistogram {
    collect(name, items.par_iter().map(member).collect())
}

fn table_member(t: Vec<u8>) -> (Option<Vec<u128>>, u8) {
    let last = *t.last().expect("tables are non-empty");
    (Some(histogram(&t)), last)
}

/// Node Kayles on all graphs on `n` vertices.
pub fn node_kayles_graphs(dir: &Path, n: usize) -> Result<FamilyHistogram, FixtureError> {
    let name = format!("graphs-n{n} (Node Kayles)");
    Ok(family(name, &fixtures::graphs(dir, n)?, |e| {
        table_member(node_definition_table(&e.graph))
    }))
}

/// Arc Kayles on all graphs on `n` vertices (vertex subsets).
pub fn arc_kayles_graphs(dir: &Path, n: usize) -> Result<FamilyHistogram, FixtureError> {
    let name = format!("graphs-n{n} (Arc Kayles)");
    Ok(family(name, &fixtures::graphs(dir, n)?, |e| {
        table_member(arc_definition_table(&e.graph))
    }))
}

/// The clique (`clique = true`) or independent blow-ups of the tier.
pub fn blowups(dir: &Path, tier: Tier, clique: bool) -> Result<FamilyHistogram, FixtureError> {
    let kind = if clique { "clique" } else { "independent" };
    let name = format!("modules/blowups.txt, {kind} modules, {tier} tier");
    Ok(family(name, &fixtures::blowups(dir, tier)?, |b| {
        let module = |m: usize| {
            if clique {
                families::complete(m)
            } else {
                Graph::new(m)
            }
        };
        let modules: Vec<Graph> = b.sizes.iter().map(|&m| module(m)).collect();
        table_member(node_definition_table(
            &substitute(&b.base.graph, &modules).0,
        ))
    }))
}

/// The module families of the tier.
pub fn module_families(dir: &Path, tier: Tier) -> Result<FamilyHistogram, FixtureError> {
    let name = format!("modules/signature.txt, {tier} tier");
    Ok(family(name, &fixtures::module_families(dir, tier)?, |f| {
        let modules: Vec<Graph> = f.modules.iter().map(|m| m.graph.clone()).collect();
        table_member(node_definition_table(
            &substitute(&f.base.graph, &modules).0,
        ))
    }))
}

/// The weighted positions of the tier (WAK by definition).
pub fn weighted(dir: &Path, tier: Tier) -> Result<FamilyHistogram, FixtureError> {
    let name = format!("wak/weighted.txt, {tier} tier");
    Ok(family(
        name,
        &fixtures::weighted_positions(dir, tier)?,
        |g| (None, wak_definition(g) as u8),
    ))
}

/// The rook boards of the tier (direct rook search).
pub fn rooks(dir: &Path, tier: Tier) -> Result<FamilyHistogram, FixtureError> {
    let name = format!("rooks/boards.txt, {tier} tier");
    Ok(family(name, &fixtures::boards(dir, tier)?, |b| {
        (None, b.board.nimber_direct() as u8)
    }))
}
