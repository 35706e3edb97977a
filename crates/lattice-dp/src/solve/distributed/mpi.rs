//! The ranks of an MPI job (feature `mpi`): [`MpiRanks`] is the [`Exchange`] of a distributed
//! sweep run under `mpirun`, over the MPI library the `mpi` crate (rsmpi) binds (Open MPI here).
//!
//! Only the main thread calls MPI (rayon's workers compute rows between the collectives), so MPI
//! is initialised with funneled threading.

use mpi::Count;
use mpi::collective::SystemOperation;
use mpi::datatype::{Partition, PartitionMut};
use mpi::environment::{Threading, Universe};
use mpi::topology::SimpleCommunicator;
use mpi::traits::{Communicator, CommunicatorCollectives, Root};

use super::exchange::Exchange;

/// This process's place in the MPI job.
pub struct MpiRanks {
    world: SimpleCommunicator,
    // Finalises MPI when dropped, after the communicator.
    _universe: Universe,
}

impl std::fmt::Debug for MpiRanks {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "MpiRanks {{ rank: {}, ranks: {} }}", self.rank(), self.ranks())
    }
}

impl MpiRanks {
    /// Initialises MPI; `None` when it cannot be (already initialised, or no MPI runtime).
    pub fn init() -> Option<Self> {
        let (universe, _) = mpi::initialize_with_threading(Threading::Funneled)?;
        let world = universe.world();
        Some(Self { world, _universe: universe })
    }

    /// Rank 0's `bytes`, on every rank (the others' `bytes` are ignored).
    pub fn broadcast(&self, bytes: &[u8]) -> Vec<u8> {
        let root = self.world.process_at_rank(0);
        let mut len = bytes.len() as u64;
        root.broadcast_into(&mut len);
        let mut all = if self.rank() == 0 { bytes.to_vec() } else { vec![0; len as usize] };
        // In pieces below 2^31 bytes, MPI's count.
        for piece in all.chunks_mut(1 << 30) {
            root.broadcast_into(piece);
        }
        all
    }
}

/// MPI's count of `n` bytes (the distributed sweep sends less than 2^31 at a time).
fn count(n: usize) -> Count {
    Count::try_from(n).expect("an exchange round is below 2^31 bytes")
}

/// Where each of `counts` starts when they follow each other.
fn displacements(counts: &[Count]) -> Vec<Count> {
    counts
        .iter()
        .scan(0, |at: &mut Count, &c| {
            let start = *at;
            *at += c;
            Some(start)
        })
        .collect()
}

impl Exchange for MpiRanks {
    fn rank(&self) -> usize {
        self.world.rank() as usize
    }

    fn ranks(&self) -> usize {
        self.world.size() as usize
    }

    fn all_to_all(&mut self, send: &[u8], send_counts: &[usize], recv: &mut [u8], recv_counts: &[usize]) {
        let send_counts: Vec<Count> = send_counts.iter().map(|&c| count(c)).collect();
        let recv_counts: Vec<Count> = recv_counts.iter().map(|&c| count(c)).collect();
        let (send_at, recv_at) = (displacements(&send_counts), displacements(&recv_counts));
        // Two empty slices may share their dangling address, and MPI refuses a send buffer that
        // is the receive buffer: an empty one is a slice of a buffer of its own.
        let (send_spare, mut recv_spare) = ([0u8; 1], [0u8; 1]);
        let send = if send.is_empty() { &send_spare[..0] } else { send };
        let recv = if recv.is_empty() { &mut recv_spare[..0] } else { recv };
        let send = Partition::new(send, send_counts, send_at);
        let mut recv = PartitionMut::new(recv, recv_counts, recv_at);
        self.world.all_to_all_varcount_into(&send, &mut recv);
    }

    fn max(&mut self, value: i64) -> i64 {
        let mut most = value;
        self.world.all_reduce_into(&value, &mut most, SystemOperation::max());
        most
    }
}
