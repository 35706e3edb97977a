//! The request log: one line per request on standard error, written by a thread of its own
//! through a bounded queue of [`QUEUE_LINES`] lines.
//!
//! The threads that answer requests only ever put a line in the queue (`try_send`): when the
//! queue is full, because nothing drains standard error (a pipe nobody reads) or it drains slowly,
//! the line is dropped and counted, and no request waits. The writer thread notes how many lines
//! were dropped before the next line it writes. A write that fails (a closed pipe) is ignored: a
//! broken standard error never stops the server. When the log is dropped (the server ends), the
//! lines queued are written, waiting at most [`DRAIN_WAIT`] for them.

use std::io::Write;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::time::Duration;

/// Lines the queue holds; more are dropped and counted.
pub const QUEUE_LINES: usize = 1024;

/// The longest a dropped log waits for its queued lines to be written.
pub const DRAIN_WAIT: Duration = Duration::from_secs(1);

/// A log written by its own thread through a bounded queue (see the module's documentation).
#[derive(Debug)]
pub struct RequestLog {
    sender: Option<SyncSender<String>>,
    dropped: Arc<AtomicU64>,
    /// Disconnected once the writer thread has ended.
    ended: Mutex<Option<Receiver<()>>>,
}

impl RequestLog {
    /// A log on standard error.
    pub fn to_stderr() -> RequestLog {
        RequestLog::to_writer(std::io::stderr())
    }

    /// A log on `out` (written line by line, each with its line feed).
    pub fn to_writer(mut out: impl Write + Send + 'static) -> RequestLog {
        let (sender, lines) = sync_channel::<String>(QUEUE_LINES);
        let (ends, ended) = sync_channel::<()>(0);
        let dropped = Arc::new(AtomicU64::new(0));
        let counted = Arc::clone(&dropped);
        let writer = std::thread::Builder::new().name("request-log".into()).spawn(move || {
            let _ends = ends;
            for line in lines {
                let missed = counted.swap(0, Ordering::Relaxed);
                if missed > 0 {
                    let note = format!("log: {missed} lines dropped (standard error was not read in time)\n");
                    let _ = out.write_all(note.as_bytes());
                }
                let _ = out.write_all(line.as_bytes());
            }
            let _ = out.flush();
        });
        match writer {
            Ok(_) => RequestLog { sender: Some(sender), dropped, ended: Mutex::new(Some(ended)) },
            // No writer: every line is dropped and counted.
            Err(_) => RequestLog { sender: None, dropped, ended: Mutex::new(None) },
        }
    }

    /// Queues `line` (a line feed is added), or drops and counts it when the queue is full. Never
    /// waits.
    pub fn line(&self, mut line: String) {
        line.push('\n');
        let sent = self.sender.as_ref().is_some_and(|s| s.try_send(line).is_ok());
        if !sent {
            self.dropped.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Lines dropped and not yet noted in the log.
    pub fn dropped(&self) -> u64 {
        self.dropped.load(Ordering::Relaxed)
    }
}

impl Drop for RequestLog {
    /// Lets the writer write the lines queued, waiting at most [`DRAIN_WAIT`].
    fn drop(&mut self) {
        drop(self.sender.take());
        let ended = self.ended.get_mut().map_or(None, Option::take);
        if let Some(ended) = ended {
            let _ = ended.recv_timeout(DRAIN_WAIT);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::io;
    use std::sync::{Arc, Mutex};
    use std::time::Instant;

    use super::*;

    /// A writer that blocks every write until it is opened, then keeps what it is given.
    #[derive(Clone, Default)]
    struct Gate {
        open: Arc<(Mutex<bool>, std::sync::Condvar)>,
        text: Arc<Mutex<String>>,
        /// Set when a write has started (and, the gate closed, waits).
        entered: Arc<std::sync::atomic::AtomicBool>,
    }

    impl Gate {
        fn open(&self) {
            *self.open.0.lock().unwrap() = true;
            self.open.1.notify_all();
        }

        /// Waits until a write has started.
        fn wait_entered(&self) {
            while !self.entered.load(Ordering::SeqCst) {
                std::thread::sleep(Duration::from_millis(1));
            }
        }
    }

    impl Write for Gate {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.entered.store(true, Ordering::SeqCst);
            let mut open = self.open.0.lock().unwrap();
            while !*open {
                open = self.open.1.wait(open).unwrap();
            }
            self.text.lock().unwrap().push_str(&String::from_utf8_lossy(buf));
            Ok(buf.len())
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_blocked_writer_never_blocks_the_caller_and_drops_are_counted_then_noted() {
        let gate = Gate::default();
        let log = RequestLog::to_writer(gate.clone());
        // The writer takes the first line and blocks in its write; only then does the flood come,
        // so that no drop is noted before the gate opens.
        log.line("line 0".to_string());
        gate.wait_entered();
        let start = Instant::now();
        let sent = 3 * QUEUE_LINES;
        for i in 1..sent {
            log.line(format!("line {i}"));
        }
        assert!(start.elapsed() < Duration::from_secs(2), "the caller waited");
        // The writer holds one line (blocked in its write), the queue the next ones.
        let dropped = log.dropped();
        assert_eq!(dropped as usize, sent - QUEUE_LINES - 1);
        // Every drop happened before the gate opened, and the queue holds lines to write after it:
        // the drops are noted before the first of them.
        gate.open();
        drop(log);
        // The drop waits at most DRAIN_WAIT; on a loaded machine the writer may need longer for
        // the queue, and it goes on after the drop: wait for every line it was given.
        let waited = Instant::now();
        let written = || gate.text.lock().unwrap().lines().filter(|l| l.starts_with("line ")).count();
        while written() as u64 + dropped < sent as u64 && waited.elapsed() < Duration::from_secs(60) {
            std::thread::sleep(Duration::from_millis(10));
        }
        let text = gate.text.lock().unwrap().clone();
        let noted: u64 = text
            .lines()
            .filter_map(|l| {
                l.strip_prefix("log: ")?.strip_suffix(" lines dropped (standard error was not read in time)")
            })
            .map(|n| n.parse::<u64>().unwrap())
            .sum();
        assert_eq!(noted, dropped);
        let written = text.lines().filter(|l| l.starts_with("line ")).count();
        assert_eq!(written as u64 + dropped, sent as u64);
    }

    /// A writer whose every write fails (a closed pipe).
    struct Broken;

    impl Write for Broken {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::Error::from(io::ErrorKind::BrokenPipe))
        }

        fn flush(&mut self) -> io::Result<()> {
            Err(io::Error::from(io::ErrorKind::BrokenPipe))
        }
    }

    #[test]
    fn a_broken_writer_is_ignored() {
        let log = RequestLog::to_writer(Broken);
        for i in 0..100 {
            log.line(format!("line {i}"));
        }
        drop(log);
    }
}
