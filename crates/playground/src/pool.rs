//! The solves' own threads: exactly `max_solves` of them, started with the server, so the
//! memory of solves (and the allocator's per-thread arenas) is bounded by `max_solves`, not by the
//! number of cores or of requests.
//!
//! A job is only ever submitted with a permit of the server's solve semaphore, which has as many
//! permits as the pool has threads and is released by the job itself when it ends: a submitted job
//! always finds an idle thread, so nothing waits in the channel.

use std::sync::mpsc;
use std::sync::{Arc, Mutex};

type Job = Box<dyn FnOnce() + Send + 'static>;

/// A fixed set of threads running jobs. The threads end when the pool is dropped (after the job
/// each may be running).
#[derive(Debug)]
pub struct SolvePool {
    sender: Mutex<mpsc::Sender<Job>>,
    threads: usize,
}

impl SolvePool {
    /// A pool of `threads` threads (at least one), named `solve-<i>`.
    pub fn new(threads: usize) -> SolvePool {
        let threads = threads.max(1);
        let (sender, receiver) = mpsc::channel::<Job>();
        let receiver = Arc::new(Mutex::new(receiver));
        for i in 0..threads {
            let receiver = Arc::clone(&receiver);
            let spawned = std::thread::Builder::new().name(format!("solve-{i}")).spawn(move || {
                loop {
                    let job = match receiver.lock() {
                        Ok(receiver) => receiver.recv(),
                        Err(_) => return,
                    };
                    match job {
                        Ok(job) => job(),
                        Err(_) => return, // the pool was dropped
                    }
                }
            });
            if let Err(e) = spawned {
                eprintln!("warning: cannot start solve thread {i}: {e}");
            }
        }
        SolvePool { sender: Mutex::new(sender), threads }
    }

    /// How many threads the pool has.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Runs `job` on one of the pool's threads. A job that panics ends its thread's loop only for
    /// that job: the panic is caught, and the thread goes on with the next one.
    pub fn run(&self, job: impl FnOnce() + Send + 'static) {
        let job: Job = Box::new(move || {
            let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job));
        });
        if let Ok(sender) = self.sender.lock() {
            let _ = sender.send(job);
        }
    }
}
