//! Solves that Ctrl-C stops: the solve runs on a thread of its own with the GIL released, and the
//! calling thread looks for a pending signal every [`POLL`] until it ends.
//!
//! Python runs a signal's handler (`KeyboardInterrupt` for SIGINT) only between bytecodes of the
//! main thread, never while native code holds it. So the thread that called in waits for the solve
//! in short slices, asking Python for its pending signals after each (`PyErr_CheckSignals`, which
//! does nothing off the main thread). When a handler raises, the solve's stop flag is set; the
//! solver sees it at its next check (a layer of a sweep, a level of a retrograde pass, a batch of
//! matching searches), returns `Stopped` and frees what it built, and the exception is raised
//! in its place. Other Python threads run throughout.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use pyo3::prelude::*;

use crate::errors::internal_error;

/// How long the calling thread waits for the solve between two looks for a signal.
pub const POLL: Duration = Duration::from_millis(20);

/// The solving thread's stack: as large as a main thread's, which the solvers are tested on.
const STACK_BYTES: usize = 8 << 20;

/// Runs `solve` on a thread of its own with the GIL released and its value returned; a signal
/// handler's exception (`KeyboardInterrupt`) sets the flag `solve` is given, and is raised once
/// `solve` has returned.
pub fn interruptible<T: Send>(py: Python<'_>, solve: impl FnOnce(&AtomicBool) -> T + Send) -> PyResult<T> {
    let stop = AtomicBool::new(false);
    py.detach(|| {
        std::thread::scope(|scope| {
            let (sender, receiver) = mpsc::channel();
            let stop = &stop;
            std::thread::Builder::new()
                .name("boardsolvers".into())
                .stack_size(STACK_BYTES)
                .spawn_scoped(scope, move || {
                    // The receiver is gone only when the caller has stopped waiting.
                    let _ = sender.send(solve(stop));
                })
                .map_err(|e| internal_error(format!("cannot start the solving thread: {e}")))?;
            loop {
                match receiver.recv_timeout(POLL) {
                    Ok(value) => return Ok(value),
                    Err(RecvTimeoutError::Disconnected) => return Err(internal_error("the solver failed")),
                    Err(RecvTimeoutError::Timeout) => {
                        if let Err(signal) = Python::attach(|py| py.check_signals()) {
                            stop.store(true, Ordering::Relaxed);
                            // Its value is dropped: the solve was stopped, or ended meanwhile.
                            let _ = receiver.recv();
                            return Err(signal);
                        }
                    }
                }
            }
        })
    })
}
