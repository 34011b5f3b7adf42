//! Ranks as MPI processes (feature `mpi`): rsmpi over the system's MPI library, started
//! by `mpirun` or Slurm's `srun`. MPI is initialized with `MPI_THREAD_SERIALIZED`; from
//! [`Node::start`](crate::Node::start) to [`Node::close`](crate::Node::close) only the
//! rank's communication thread calls it: nonblocking sends (each buffer kept until its
//! send completes), receives by probing, no collective.

use crate::node::Transport;
use mpi::environment::Universe;
use mpi::point_to_point::{Destination, MatchedReceiveVec, Source};
use mpi::request::{Request, StaticScope};
use mpi::topology::{Communicator, SimpleCommunicator};
use mpi::Threading;

/// MPI, initialized for this process.
pub struct Mpi {
    universe: Universe,
}

impl Mpi {
    /// Initializes MPI (with `MPI_THREAD_SERIALIZED` or better), or None when the library
    /// gives less (or MPI was initialized before).
    pub fn initialize() -> Option<Mpi> {
        let (universe, threading) = mpi::initialize_with_threading(Threading::Serialized)?;
        if threading < Threading::Serialized {
            return None;
        }
        Some(Mpi { universe })
    }

    /// The number of ranks of the run (1 for a process started without `mpirun`).
    pub fn size(&self) -> usize {
        self.universe.world().size() as usize
    }

    /// This process's rank.
    pub fn rank(&self) -> usize {
        self.universe.world().rank() as usize
    }

    /// The transport of this rank, for its communication thread.
    pub fn transport(&self) -> MpiTransport {
        let world = self.universe.world();
        MpiTransport {
            rank: world.rank() as usize,
            size: world.size() as usize,
            world,
            sends: Vec::new(),
        }
    }

    /// Ends the whole run at once (every rank), with `code`: for a rank that cannot go on
    /// and cannot tell the others so in the protocol.
    pub fn abort(&self, code: i32) -> ! {
        self.universe.world().abort(code)
    }
}

/// A send in flight: the request, and the buffer it reads (freed when it completes).
struct InFlight {
    request: Request<'static, [u64], StaticScope>,
    buffer: *mut [u64],
}

/// One rank's MPI transport.
pub struct MpiTransport {
    rank: usize,
    size: usize,
    world: SimpleCommunicator,
    sends: Vec<InFlight>,
}

// SAFETY: MPI is initialized with MPI_THREAD_SERIALIZED (checked in `Mpi::initialize`),
// so it may be called from any thread as long as no two calls overlap; the transport is
// moved to the rank's communication thread and only that thread calls MPI while it runs
// (the main thread's calls come before it starts and after it is joined). The raw
// buffers are owned by the transport until their sends complete.
unsafe impl Send for MpiTransport {}

impl MpiTransport {
    /// Frees the buffers of the sends that completed.
    fn reap(&mut self) {
        for InFlight { request, buffer } in std::mem::take(&mut self.sends) {
            match request.test() {
                // SAFETY: the send completed, so MPI no longer reads the buffer, which
                // came from `Box::into_raw` in `send`.
                Ok(_) => drop(unsafe { Box::from_raw(buffer) }),
                Err(request) => self.sends.push(InFlight { request, buffer }),
            }
        }
    }
}

impl Drop for MpiTransport {
    /// Sends still in flight when the rank leaves (their receiver stopped receiving: the
    /// run is over) are cancelled, and those that do not complete within a second are
    /// let go (request and buffer leaked) rather than dropped: rsmpi panics when a
    /// request is dropped incomplete, which aborted a rank at the very end of a run of
    /// eight ranks under load.
    fn drop(&mut self) {
        for send in &self.sends {
            send.request.cancel();
        }
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(1);
        while !self.sends.is_empty() && std::time::Instant::now() < deadline {
            self.reap();
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        for InFlight { request, .. } in self.sends.drain(..) {
            // (The buffer is leaked too: MPI may still read it.)
            std::mem::forget(request);
        }
    }
}

impl Transport for MpiTransport {
    fn rank(&self) -> usize {
        self.rank
    }

    fn size(&self) -> usize {
        self.size
    }

    fn send(&mut self, to: usize, words: Vec<u64>) {
        self.reap();
        let buffer: *mut [u64] = Box::into_raw(words.into_boxed_slice());
        // SAFETY: the buffer lives until the request completes (`reap`), so the
        // 'static borrow MPI holds is never dangling.
        let data: &'static [u64] = unsafe { &*buffer };
        let request = self
            .world
            .process_at_rank(to as i32)
            .immediate_send(StaticScope, data);
        self.sends.push(InFlight { request, buffer });
    }

    fn receive(&mut self) -> Option<(usize, Vec<u64>)> {
        let probed = self.world.any_process().immediate_matched_probe()?;
        let (words, status) = probed.matched_receive_vec::<u64>();
        Some((status.source_rank() as usize, words))
    }

    fn sent(&mut self) -> bool {
        self.reap();
        self.sends.is_empty()
    }
}
