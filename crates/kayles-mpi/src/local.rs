//! The in-process transport: N ranks as threads of one process, over channels
//! ([`ChannelTransport`]). The protocol's logic runs unchanged on it, so plain `cargo
//! test` tests it on every run, without MPI.

use crate::node::Transport;
use std::sync::mpsc::{self, Receiver, Sender};

/// One rank's end of the channels between `size` ranks in one process.
pub struct ChannelTransport {
    rank: usize,
    to: Vec<Sender<(usize, Vec<u64>)>>,
    from: Receiver<(usize, Vec<u64>)>,
}

impl ChannelTransport {
    /// The transports of `size` ranks, rank 0 first.
    pub fn ranks(size: usize) -> Vec<ChannelTransport> {
        let (senders, receivers): (Vec<_>, Vec<_>) = (0..size).map(|_| mpsc::channel()).unzip();
        receivers
            .into_iter()
            .enumerate()
            .map(|(rank, from)| ChannelTransport {
                rank,
                to: senders.clone(),
                from,
            })
            .collect()
    }
}

impl Transport for ChannelTransport {
    fn rank(&self) -> usize {
        self.rank
    }

    fn size(&self) -> usize {
        self.to.len()
    }

    fn send(&mut self, to: usize, words: Vec<u64>) {
        // A rank that has left drops its receiver: what is sent to it is lost, as with a
        // process that has exited.
        let _ = self.to[to].send((self.rank, words));
    }

    fn receive(&mut self) -> Option<(usize, Vec<u64>)> {
        self.from.try_recv().ok()
    }

    fn sent(&mut self) -> bool {
        true
    }
}
