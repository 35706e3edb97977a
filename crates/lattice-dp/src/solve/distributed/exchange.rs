//! The ranks of a distributed sweep and how they talk: the [`Exchange`] trait, with ranks as
//! threads of one process ([`ThreadRanks`]) and, with the `mpi` feature, as the processes of an
//! MPI job (`super::mpi`).

use std::sync::{Barrier, Mutex, PoisonError};

/// The most bytes a rank sends in one round of an exchange (and receives: the rounds are the
/// same for every pair).
pub const ROUND_BYTES: usize = 16 << 20;

/// The collective operations a distributed sweep needs. Every rank makes the same calls in the
/// same order (each is a collective: it returns once every rank has made it).
pub trait Exchange {
    /// This rank's number, `0..ranks()`.
    fn rank(&self) -> usize;

    /// The number of ranks.
    fn ranks(&self) -> usize;

    /// Sends `send[..]` to every rank, `send_counts[j]` bytes to rank `j` (consecutive, by rank),
    /// and receives `recv_counts[j]` bytes from each rank `j` into `recv` (consecutive, by rank).
    /// The counts of a pair agree on both sides; each is below 2^31.
    fn all_to_all(&mut self, send: &[u8], send_counts: &[usize], recv: &mut [u8], recv_counts: &[usize]);

    /// The largest of every rank's `value`.
    fn max(&mut self, value: i64) -> i64;
}

/// The one rank of a sweep that is not distributed.
#[derive(Debug, Clone, Copy, Default)]
pub struct Alone;

impl Exchange for Alone {
    fn rank(&self) -> usize {
        0
    }

    fn ranks(&self) -> usize {
        1
    }

    fn all_to_all(&mut self, send: &[u8], _: &[usize], recv: &mut [u8], _: &[usize]) {
        recv.copy_from_slice(send);
    }

    fn max(&mut self, value: i64) -> i64 {
        value
    }
}

/// What the threads of [`ThreadRanks`] share: a mailbox per pair of ranks and a barrier.
#[derive(Debug)]
struct Shared {
    ranks: usize,
    barrier: Barrier,
    /// `mail[from * ranks + to]`.
    mail: Mutex<Vec<Vec<u8>>>,
    values: Mutex<Vec<i64>>,
}

/// One rank of a sweep whose ranks are threads of one process: the distributed sweep's code
/// without MPI, for tests and for checking a partition on one machine.
#[derive(Debug)]
pub struct ThreadRanks<'a> {
    rank: usize,
    shared: &'a Shared,
}

impl ThreadRanks<'_> {
    /// Runs `rank_main` on `ranks` threads, one per rank, and returns their results by rank.
    pub fn run<T: Send>(ranks: usize, rank_main: impl Fn(&mut ThreadRanks<'_>) -> T + Sync) -> Vec<T> {
        let shared = Shared {
            ranks,
            barrier: Barrier::new(ranks),
            mail: Mutex::new(vec![Vec::new(); ranks * ranks]),
            values: Mutex::new(vec![0; ranks]),
        };
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..ranks)
                .map(|rank| {
                    let (shared, rank_main) = (&shared, &rank_main);
                    scope.spawn(move || rank_main(&mut ThreadRanks { rank, shared }))
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
                .collect()
        })
    }
}

impl Exchange for ThreadRanks<'_> {
    fn rank(&self) -> usize {
        self.rank
    }

    fn ranks(&self) -> usize {
        self.shared.ranks
    }

    fn all_to_all(&mut self, send: &[u8], send_counts: &[usize], recv: &mut [u8], recv_counts: &[usize]) {
        let ranks = self.shared.ranks;
        {
            let mut mail = self.shared.mail.lock().unwrap_or_else(PoisonError::into_inner);
            let mut at = 0;
            for (to, &count) in send_counts.iter().enumerate() {
                mail[self.rank * ranks + to] = send[at..at + count].to_vec();
                at += count;
            }
        }
        self.shared.barrier.wait();
        {
            let mail = self.shared.mail.lock().unwrap_or_else(PoisonError::into_inner);
            let mut at = 0;
            for (from, &count) in recv_counts.iter().enumerate() {
                let letter = &mail[from * ranks + self.rank];
                assert_eq!(letter.len(), count, "rank {} expected {count} bytes from rank {from}", self.rank);
                recv[at..at + count].copy_from_slice(letter);
                at += count;
            }
        }
        self.shared.barrier.wait();
    }

    fn max(&mut self, value: i64) -> i64 {
        self.shared.values.lock().unwrap_or_else(PoisonError::into_inner)[self.rank] = value;
        self.shared.barrier.wait();
        let most = self.shared.values.lock().unwrap_or_else(PoisonError::into_inner).iter().copied().max();
        self.shared.barrier.wait();
        most.unwrap_or(value)
    }
}
