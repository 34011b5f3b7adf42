//! One outcome search spread over several processes (ranks): every rank runs the same
//! search; a component of at least [`share_order`] vertices has a home rank (a hash of
//! its memo key, mod the number of ranks), which keeps what the ranks proved about it
//! and who is searching it now (the *claim*). A rank asks the home before it searches
//! such a component and tells the home what it proved; a node's first option is searched
//! by every rank that reaches it, a later one claimed elsewhere is deferred behind its
//! siblings and, in the node's second pass, searched here too, its own options then
//! splitting between the ranks (ABDADA, Weill 1996; the engine's side is
//! `kayles_core::engine::remote`). So a position proved by one rank is not searched by
//! another (within the homes' memory), no rank waits for another's search, and each
//! rank keeps the sequential search's move order and cutoffs.
//!
//! - [`wire`]: the messages, as batched 64-bit words.
//! - [`home`]: a rank's share of the keys (records, claims, waiters, watchers), pure
//!   logic.
//! - [`node`]: one rank ([`Node`]): its communication thread, the only one that talks to
//!   the [`Transport`], and the engine's [`Exchange`].
//! - [`local`]: ranks as threads over channels (for tests; no MPI needed).
//! - `mpi_transport` (feature `mpi`): ranks as MPI processes (rsmpi over the system's
//!   MPI library), for `mpirun` and Slurm's `srun`.
//! - [`solve`]: the nimbers of graphs on every rank of a run, rank 0 keeping the values.
//!
//! docs/scale-out.md ("One search on MPI") has the recipes and the measurements.

pub mod home;
pub mod local;
#[cfg(feature = "mpi")]
pub mod mpi_transport;
pub mod node;
pub mod solve;
pub mod wire;

pub use node::{
    share_order, Counters, Ended, Exchange, Failure, Node, Options, Report, Transport,
    LEAF_MIN_ORDER, MIN_ORDER, MIN_SHARED_ORDER, PAY_POSITIONS, PAY_RESAMPLE, POLL_MAX_US,
    PUBLISH_ORDER, PUBLISH_RECURRING, PUBLISH_WORK, RESAMPLE_STRETCH, ROOT_MARGIN,
};
