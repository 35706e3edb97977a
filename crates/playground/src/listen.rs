//! The connection loop: a cap on open connections, the header / keep-alive and write timeouts,
//! small per-connection buffers, and a graceful shutdown.
//!
//! - **Connections.** At most [`Limits::max_connections`] are open at once. A connection accepted
//!   beyond them is closed at once (the client sees the connection reset or closed), while the
//!   ones held keep being served. An `accept` error (e.g. out of file descriptors) waits 10 ms and
//!   goes on.
//! - **Headers and keep-alive idle.** Hyper's header timeout ([`Limits::header_timeout`]) runs from
//!   the moment the connection waits for a request's head until the head is in: a slow header and
//!   an idle keep-alive connection are both closed when it passes. The read buffer (and so the
//!   headers) is capped at [`Limits::max_header_bytes`] (hyper answers 431).
//! - **Bodies** are read by the route with their own time limit (`Config::body_timeout`, 408).
//! - **Writes.** A write that makes no progress for [`Limits::write_timeout`] fails, which closes
//!   the connection and frees what it held.
//! - **Memory.** Every 2 s the allocator's free memory is given back to the system
//!   ([`crate::pool::release_free_memory`]), so resident memory falls back after a burst.
//! - **Shutdown.** When `shutdown` resolves, the listener is closed, every connection is asked to
//!   finish its request in flight and close, and the loop waits up to [`Limits::shutdown_grace`]
//!   before dropping the rest (which cancels their solves).

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll, ready};
use std::time::Duration;

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;
use tokio::time::Sleep;

/// How often [`serve`] gives the allocator's free memory back to the system.
const TRIM_EVERY: Duration = Duration::from_secs(2);

/// The connection limits of [`serve`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    /// Most connections open at once; more are closed as soon as they are accepted.
    pub max_connections: usize,
    /// Time to send a request's head, counted from when the connection starts waiting for it
    /// (so also the longest a keep-alive connection stays idle).
    pub header_timeout: Duration,
    /// Longest a response write may make no progress.
    pub write_timeout: Duration,
    /// Size of a connection's read and write buffers; a request head must fit (431 beyond).
    pub max_header_bytes: usize,
    /// How long a shutdown waits for requests in flight.
    pub shutdown_grace: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_connections: 256,
            header_timeout: Duration::from_secs(10),
            write_timeout: Duration::from_secs(10),
            max_header_bytes: 16 << 10,
            shutdown_grace: Duration::from_secs(5),
        }
    }
}

/// Serves `app` on `listener` under `limits` until `shutdown` resolves, then shuts down
/// gracefully (see the module's documentation). Returns once every connection has ended or the
/// grace time has passed.
pub async fn serve(listener: TcpListener, app: Router, limits: Limits, shutdown: impl Future<Output = ()>) {
    let max = limits.max_connections.clamp(1, Semaphore::MAX_PERMITS.min(u32::MAX as usize));
    let open = Arc::new(Semaphore::new(max));
    // 0: serving; 1: finish the request in flight and close; 2: close now.
    let (stop, stopped) = tokio::sync::watch::channel(0u8);
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .max_buf_size(limits.max_header_bytes.max(8192))
        .keep_alive(true);
    let service = TowerToHyperService::new(app);
    // Freed memory goes back to the system now and then, not only after long solves.
    let trim = tokio::spawn(async {
        let mut every = tokio::time::interval(TRIM_EVERY);
        loop {
            every.tick().await;
            crate::pool::release_free_memory();
        }
    });
    tokio::pin!(shutdown);
    loop {
        let accepted = tokio::select! {
            biased;
            () = &mut shutdown => break,
            accepted = listener.accept() => accepted,
        };
        let stream = match accepted {
            Ok((stream, _)) => stream,
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(10)).await;
                continue;
            }
        };
        let Ok(permit) = open.clone().try_acquire_owned() else {
            drop(stream); // over the cap: closed at once
            continue;
        };
        let _ = stream.set_nodelay(true);
        let io = TokioIo::new(WriteTimeout::new(stream, limits.write_timeout));
        let connection = builder.serve_connection(io, service.clone());
        let mut stopped = stopped.clone();
        // A task of its own, freed as soon as the connection ends; its permit counts it.
        tokio::spawn(async move {
            let _permit = permit;
            tokio::pin!(connection);
            tokio::select! {
                _ = connection.as_mut() => return,
                () = reached(&mut stopped, 1) => connection.as_mut().graceful_shutdown(),
            }
            tokio::select! {
                _ = connection => {}
                () = reached(&mut stopped, 2) => {} // dropped: its solve is cancelled
            }
        });
    }
    drop(listener);
    trim.abort();
    let _ = stop.send(1);
    let all = max as u32;
    if tokio::time::timeout(limits.shutdown_grace, open.acquire_many(all)).await.is_err() {
        let _ = stop.send(2);
        let _ = tokio::time::timeout(Duration::from_secs(1), open.acquire_many(all)).await;
    }
}

/// Resolves once the stop signal has reached `level`.
async fn reached(stopped: &mut tokio::sync::watch::Receiver<u8>, level: u8) {
    let _ = stopped.wait_for(|stop| *stop >= level).await;
}

/// A stream whose writes fail with [`io::ErrorKind::TimedOut`] after making no progress for a
/// while (a client that stopped reading).
struct WriteTimeout {
    stream: TcpStream,
    timeout: Duration,
    stall: Option<Pin<Box<Sleep>>>,
}

impl WriteTimeout {
    fn new(stream: TcpStream, timeout: Duration) -> WriteTimeout {
        WriteTimeout { stream, timeout, stall: None }
    }

    /// `poll` of a write operation, under the stall timer.
    fn timed<T>(
        &mut self,
        cx: &mut Context<'_>,
        poll: impl FnOnce(Pin<&mut TcpStream>, &mut Context<'_>) -> Poll<io::Result<T>>,
    ) -> Poll<io::Result<T>> {
        match poll(Pin::new(&mut self.stream), cx) {
            Poll::Ready(result) => {
                self.stall = None;
                Poll::Ready(result)
            }
            Poll::Pending => {
                let timeout = self.timeout;
                let stall = self.stall.get_or_insert_with(|| Box::pin(tokio::time::sleep(timeout)));
                ready!(stall.as_mut().poll(cx));
                Poll::Ready(Err(io::Error::new(io::ErrorKind::TimedOut, "the client stopped reading")))
            }
        }
    }
}

impl AsyncRead for WriteTimeout {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for WriteTimeout {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        self.timed(cx, |stream, cx| stream.poll_write(cx, buf))
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        self.timed(cx, |stream, cx| stream.poll_write_vectored(cx, bufs))
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.timed(cx, |stream, cx| stream.poll_flush(cx))
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.timed(cx, |stream, cx| stream.poll_shutdown(cx))
    }
}
