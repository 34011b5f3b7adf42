//! The nimbers of graphs on every rank of a run: each rank searches each graph with its
//! solver joined to the run ([`join`]); rank 0 ends each search once it has its value
//! and gathers every rank's counters ([`nimbers`]). The command line's MPI route and the
//! tests share it.

use crate::node::{Failure, Node, Report};
use kayles_core::engine::SearchError;
use kayles_core::game::GameSolver;
use kayles_core::symmetry::HostSymmetry;
use kayles_core::Graph;

/// Joins `solver` to the run of `node`: its searches ask, claim at and tell the homes,
/// publish to the other ranks and take in what they publish, and stop when rank 0 ends
/// them. False when the solver was joined to a run before.
pub fn join(node: &Node, solver: &mut GameSolver) -> bool {
    solver.set_stop_flag(Some(node.stop_flag()));
    node.set_memo(solver.memo_handle());
    solver.memo_handle().set_remote(node.remote())
}

/// What one search gave on this rank.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Searched {
    /// The value, or the error (on ranks other than 0, a search that rank 0 ended is
    /// [`SearchError::Stopped`]).
    pub value: Result<u32, SearchError>,
    /// On rank 0: every rank's counters for this search, by rank.
    pub reports: Vec<Report>,
}

/// Search number `search` of the run: `run` on this rank's solver (joined by [`join`],
/// and set up for the search's graph: its host symmetry),
/// then, on rank 0, the end of the search on every rank and their counters. A rank
/// other than 0 whose search ends with its value first tells rank 0 ([`Node::found`]),
/// which then keeps that value.
pub fn search(
    node: &mut Node,
    solver: &mut GameSolver,
    search: u32,
    run: impl FnOnce(&mut GameSolver) -> Result<u32, SearchError>,
) -> Result<Searched, Failure> {
    node.begin(search);
    let mut value = run(solver);
    match value {
        // Another rank had the value first: rank 0's search was stopped for it.
        Err(SearchError::Stopped) if node.rank() == 0 => {
            if let Some(found) = node.found_value(search) {
                value = Ok(found);
            }
        }
        Ok(v) => node.found(search, v),
        Err(_) => {}
    }
    if node.rank() == 0 {
        node.finish(search);
    }
    let stats = solver.stats();
    node.report(
        search,
        stats.positions,
        stats.leaf_positions,
        stats.shared_entries,
    );
    let reports = if node.rank() == 0 {
        node.collect(search)?
    } else {
        Vec::new()
    };
    Ok(Searched { value, reports })
}

/// The nimber of each graph (with the host symmetry to set for it) on every rank; rank
/// 0's values (the other ranks' are meaningless: their searches are stopped).
pub fn nimbers(
    node: &mut Node,
    solver: &mut GameSolver,
    graphs: &[(Graph, Option<HostSymmetry>)],
) -> Result<Vec<Searched>, Failure> {
    let mut out = Vec::new();
    for (i, (graph, symmetry)) in graphs.iter().enumerate() {
        node.set_root_order(graph.order());
        // The host first, then the search begins (`Node::begin`).
        solver.set_host_symmetry(symmetry.clone());
        out.push(search(node, solver, i as u32, |solver| {
            solver.nimber(graph)
        })?);
    }
    Ok(out)
}
