//! The nimbers of graphs on every rank of a run: each rank searches each graph with its
//! solver joined to the run ([`join`]); rank 0 ends each search once it has its value
//! and gathers every rank's counters ([`nimbers`]). The command line's MPI route and the
//! tests share it.

use crate::node::{Counters, Ended, Failure, Node};
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

/// What one search gave on this rank: its value, or its error (on ranks other than 0,
/// a search that rank 0 ended is [`SearchError::Stopped`]), and on rank 0 every rank's
/// counters for it, by rank.
pub type Searched = Ended<SearchError>;

/// Search number `search` of the run: `run` on this rank's solver (joined by [`join`],
/// and set up for the search's graph: its host symmetry), then the end of the search on
/// every rank ([`Node::end`]: a rank other than 0 whose search ends with its value first
/// tells rank 0, which then keeps that value in place of its own search stopped for it;
/// rank 0 gathers every rank's counters).
pub fn search(
    node: &mut Node,
    solver: &mut GameSolver,
    search: u32,
    run: impl FnOnce(&mut GameSolver) -> Result<u32, SearchError>,
) -> Result<Searched, Failure> {
    node.begin(search);
    let value = run(solver);
    let counters = Counters::of(&solver.stats());
    node.end(search, value, |e| *e == SearchError::Stopped, counters)
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
