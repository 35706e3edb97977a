//! The solves' own threads: exactly one per solve slot, started with the server, so the memory
//! of solves (and the allocator's per-thread arenas) is bounded by the slots, not by the number
//! of cores or of requests. They run at a lower priority than the threads that answer requests,
//! and give the allocator's free memory back after a long solve.
//!
//! A solve's parallel parts (the solvers' rayon loops) run in the pool's own rayon thread pool of
//! as many threads as there are slots, never in rayon's global pool (one thread per core): each
//! job runs inside that pool, so the solves together keep at most one core per slot busy,
//! whatever the solvers parallelise.
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
    /// The threads the jobs run on, parallel parts included (`None` when it could not be started:
    /// the jobs then run on the slot threads and rayon's global pool).
    work: Option<Arc<rayon::ThreadPool>>,
}

impl SolvePool {
    /// A pool of `threads` threads (at least one), named `solve-<i>`.
    pub fn new(threads: usize) -> SolvePool {
        let threads = threads.max(1);
        let work = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|i| format!("solve-work-{i}"))
            .start_handler(|_| lower_priority())
            .build();
        let work = match work {
            Ok(work) => Some(Arc::new(work)),
            Err(e) => {
                eprintln!("warning: cannot start the solves' thread pool: {e}");
                None
            }
        };
        let (sender, receiver) = mpsc::channel::<Job>();
        let receiver = Arc::new(Mutex::new(receiver));
        for i in 0..threads {
            let receiver = Arc::clone(&receiver);
            let spawned = std::thread::Builder::new().name(format!("solve-{i}")).spawn(move || {
                lower_priority();
                loop {
                    let job = match receiver.lock() {
                        Ok(receiver) => receiver.recv(),
                        Err(_) => return,
                    };
                    match job {
                        Ok(job) => {
                            let start = std::time::Instant::now();
                            job();
                            if start.elapsed() > std::time::Duration::from_millis(20) {
                                release_free_memory();
                            }
                        }
                        Err(_) => return, // the pool was dropped
                    }
                }
            });
            if let Err(e) = spawned {
                eprintln!("warning: cannot start solve thread {i}: {e}");
            }
        }
        SolvePool { sender: Mutex::new(sender), threads, work }
    }

    /// How many threads the pool has.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Runs `job` on one of the pool's threads (its parallel parts on the pool's rayon threads). A
    /// job that panics ends its thread's loop only for that job: the panic is caught, and the thread
    /// goes on with the next one.
    pub fn run(&self, job: impl FnOnce() + Send + 'static) {
        let work = self.work.clone();
        let job: Job = Box::new(move || {
            let run = move || match work {
                Some(work) => work.install(job),
                None => job(),
            };
            let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(run));
        });
        if let Ok(sender) = self.sender.lock() {
            let _ = sender.send(job);
        }
    }
}

/// Lowers the calling thread's scheduling priority (nice 10) so that the server's own threads,
/// which answer the cheap requests and the 503s, come first on a busy machine. Linux only (its
/// nice value is per thread); elsewhere nothing.
pub fn lower_priority() {
    #[cfg(target_os = "linux")]
    #[allow(unsafe_code)]
    // SAFETY: plain system calls on the calling thread, no memory passed.
    unsafe {
        let thread = libc::gettid();
        libc::setpriority(libc::PRIO_PROCESS, thread as libc::id_t, 10);
    }
}

/// Gives the allocator's free memory back to the system (glibc's `malloc_trim`), after a large
/// solve, so that resident memory falls back once the solves end. Elsewhere nothing.
pub fn release_free_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    #[allow(unsafe_code)]
    // SAFETY: `malloc_trim` only walks the allocator's own free lists.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// Bounds what glibc's allocator keeps after a load. Call once at start; elsewhere nothing.
///
/// - Every allocation of 128 KiB or more gets its own mapping, returned to the system when freed
///   (by default the threshold grows with the largest block freed, so a solve's large buffers
///   would stay in the heap after it).
/// - One arena for every thread. [`release_free_memory`] gives back the free pages inside an
///   arena, but not the free top of a thread's own arena: a solve that built a large report out
///   of small pieces (a segment-nim answer of 10^5 moves) would otherwise leave tens of MB
///   resident for good. Small allocations are served from per-thread caches first, so the shared
///   arena's lock costs no measurable throughput (flood of cheap queries, side by side).
pub fn bound_allocator() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    #[allow(unsafe_code)]
    // SAFETY: `mallopt` sets tuning parameters; called before the other threads start.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 128 << 10);
        libc::mallopt(libc::M_ARENA_MAX, 1);
    }
}

#[cfg(test)]
mod tests {
    use super::SolvePool;
    use rayon::prelude::*;
    use std::sync::mpsc;

    #[test]
    fn jobs_and_their_parallel_parts_run_on_one_thread_per_slot() {
        let pool = SolvePool::new(2);
        let (sender, receiver) = mpsc::channel();
        pool.run(move || {
            // Every rayon loop of the job runs in the pool's own threads, never in the global pool.
            let names: std::collections::BTreeSet<String> = (0..10_000)
                .into_par_iter()
                .map(|_| std::thread::current().name().unwrap_or("").to_string())
                .collect();
            let _ = sender.send((rayon::current_num_threads(), names));
        });
        let (threads, names) = receiver.recv().unwrap();
        assert_eq!(threads, 2);
        assert!(!names.is_empty() && names.len() <= 2, "{names:?}");
        assert!(names.iter().all(|n| n.starts_with("solve-work-")), "{names:?}");
    }

    #[test]
    fn a_panicking_job_leaves_the_pool_working() {
        let pool = SolvePool::new(1);
        pool.run(|| panic!("a job that panics"));
        let (sender, receiver) = mpsc::channel();
        pool.run(move || {
            let _ = sender.send(rayon::current_num_threads());
        });
        assert_eq!(receiver.recv().unwrap(), 1);
    }
}
