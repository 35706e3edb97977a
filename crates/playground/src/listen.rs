//! The connection loop: a cap on open connections, the header / keep-alive and write timeouts,
//! small per-connection buffers, and a graceful shutdown.
//!
//! - **Connections.** At most [`Limits::max_connections`] are open at once ([`Slots`]). At the
//!   cap, a new connection takes the slot of the connection that has waited longest for a request
//!   head, which is closed; connections being served keep theirs, and when all are served the new
//!   one is closed at once (the client sees the connection reset or closed). Beyond loopback, one
//!   client address holds at most the cap divided by [`CLIENT_SHARE`]. A connection is served from
//!   its request head until its answer's body is written out and flushed. An
//!   `accept` error (e.g. out of file descriptors) waits 10 ms and goes on.
//! - **Headers and keep-alive idle.** Hyper's header timeout ([`Limits::header_timeout`]) runs from
//!   the moment the connection waits for a request's head until the head is in: a slow header and
//!   an idle keep-alive connection are both closed when it passes. The read buffer (and so the
//!   headers) is capped at [`Limits::max_header_bytes`] (hyper answers 431).
//! - **Bodies** are read by the route with their own time limit (`Config::body_timeout`, 408).
//! - **Writes.** A write that makes no progress for [`Limits::write_timeout`] fails, which closes
//!   the connection and frees what it held. A client must also read at least
//!   [`Limits::min_write_rate`] on average (default [`MIN_WRITE_RATE`]): each second the server
//!   waits to write costs that many bytes of a credit that the bytes the client takes refill, up
//!   to [`Limits::rate_window`] (default [`RATE_WINDOW`]) seconds' worth; a connection whose
//!   credit runs out is closed. Time spent with nothing to write (an idle keep-alive) costs
//!   nothing.
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
use std::time::{Duration, Instant};

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::time::Sleep;

use crate::slots::{Activity, Slots};

/// The slowest a client may read an answer, in bytes a second, averaged over [`RATE_WINDOW`].
pub const MIN_WRITE_RATE: u64 = 16 << 10;

/// The time over which [`MIN_WRITE_RATE`] is averaged: the credit of a connection is at most this
/// many seconds' worth of bytes.
pub const RATE_WINDOW: Duration = Duration::from_secs(10);

/// How often [`serve`] gives the allocator's free memory back to the system.
const TRIM_EVERY: Duration = Duration::from_secs(2);

/// The connection limits of [`serve`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    /// Most connections open at once (see [`Slots`] for which one gives its slot at the cap).
    pub max_connections: usize,
    /// Time to send a request's head, counted from when the connection starts waiting for it
    /// (so also the longest a keep-alive connection stays idle).
    pub header_timeout: Duration,
    /// Longest a response write may make no progress.
    pub write_timeout: Duration,
    /// The slowest a client may read, in bytes a second, averaged over `rate_window`.
    pub min_write_rate: u64,
    /// The time over which `min_write_rate` is averaged.
    pub rate_window: Duration,
    /// Size of a connection's read and write buffers; a request head must fit (431 beyond).
    pub max_header_bytes: usize,
    /// How long a shutdown waits for requests in flight.
    pub shutdown_grace: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_connections: 1024,
            header_timeout: Duration::from_secs(10),
            write_timeout: Duration::from_secs(10),
            min_write_rate: MIN_WRITE_RATE,
            rate_window: RATE_WINDOW,
            max_header_bytes: 16 << 10,
            shutdown_grace: Duration::from_secs(5),
        }
    }
}

/// Serves `app` on `listener` under `limits` until `shutdown` resolves, then shuts down
/// gracefully (see the module's documentation). Returns once every connection has ended or the
/// grace time has passed.
pub async fn serve(listener: TcpListener, app: Router, limits: Limits, shutdown: impl Future<Output = ()>) {
    let max = limits.max_connections.max(1);
    let loopback = listener.local_addr().is_ok_and(|a| a.ip().is_loopback());
    let slots = Slots::new(max, if loopback { max } else { (max / CLIENT_SHARE).max(1) });
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
        let (stream, client) = match accepted {
            Ok((stream, client)) => (stream, client.ip()),
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(10)).await;
                continue;
            }
        };
        let Some(place) = slots.admit(client) else {
            drop(stream); // every slot is being served: closed at once
            continue;
        };
        let _ = stream.set_nodelay(true);
        let activity = Arc::clone(&place.activity);
        let io = TokioIo::new(WriteTimeout::new(stream, &limits, Arc::clone(&activity)));
        let service = service.clone();
        let tracked = hyper::service::service_fn(move |request| {
            activity.request_began();
            let served = Served(Arc::clone(&activity));
            let call = hyper::service::Service::call(&service, request);
            async move {
                let response = call.await?;
                Ok::<_, std::convert::Infallible>(
                    response.map(|body| axum::body::Body::new(Tracked { body, _served: served })),
                )
            }
        });
        let connection = builder.serve_connection(io, tracked);
        let mut stopped = stopped.clone();
        let id = place.id();
        // A task of its own, freed as soon as the connection ends (or its slot is given to a new
        // connection: the task is aborted); its place counts it.
        let task = tokio::spawn(async move {
            let _place = place;
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
        slots.set_abort(id, task.abort_handle());
    }
    drop(listener);
    trim.abort();
    let _ = stop.send(1);
    if tokio::time::timeout(limits.shutdown_grace, slots.all_closed()).await.is_err() {
        let _ = stop.send(2);
        let _ = tokio::time::timeout(Duration::from_secs(1), slots.all_closed()).await;
    }
}

/// Descriptors kept for the server's own use (the listener, the runtime, the standard streams),
/// beyond the connections.
pub const OWN_DESCRIPTORS: u64 = 64;

/// Raises the process's soft limit on open descriptors to its hard limit, as servers do, and
/// returns the soft limit now in force (`None` where it cannot be read). Linux only.
pub fn raise_descriptor_limit() -> Option<u64> {
    #[cfg(target_os = "linux")]
    #[allow(unsafe_code)]
    // SAFETY: plain system calls on a local struct.
    unsafe {
        let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
            return None;
        }
        if limit.rlim_cur < limit.rlim_max {
            let raised = libc::rlimit { rlim_cur: limit.rlim_max, rlim_max: limit.rlim_max };
            if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
                limit.rlim_cur = limit.rlim_max;
            }
        }
        Some(limit.rlim_cur)
    }
    #[cfg(not(target_os = "linux"))]
    None
}

/// The connection cap: `wanted`, at most what `descriptors` (the soft limit) leaves beyond
/// [`OWN_DESCRIPTORS`], and at least 1.
pub fn connections_within(wanted: usize, descriptors: Option<u64>) -> usize {
    let room = descriptors.map_or(u64::MAX, |d| d.saturating_sub(OWN_DESCRIPTORS));
    wanted.min(usize::try_from(room).unwrap_or(usize::MAX)).max(1)
}

/// When the server listens beyond loopback, one client address holds at most this fraction of the
/// connection slots (a quarter).
pub const CLIENT_SHARE: usize = 4;

/// Marks a connection's request as ended (waiting for the next head) when dropped: held by the
/// answer's body, which the connection drops once it has written the body out.
struct Served(Arc<Activity>);

impl Drop for Served {
    fn drop(&mut self) {
        self.0.request_ended();
    }
}

/// An answer's body, carrying the [`Served`] mark of its request.
struct Tracked {
    body: axum::body::Body,
    /// Held for its drop.
    _served: Served,
}

impl http_body::Body for Tracked {
    type Data = axum::body::Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<http_body::Frame<Self::Data>, Self::Error>>> {
        Pin::new(&mut self.body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        self.body.size_hint()
    }
}

/// Resolves once the stop signal has reached `level`.
async fn reached(stopped: &mut tokio::sync::watch::Receiver<u8>, level: u8) {
    let _ = stopped.wait_for(|stop| *stop >= level).await;
}

/// A stream whose writes fail with [`io::ErrorKind::TimedOut`] after making no progress for a
/// while (a client that stopped reading), or once the client reads slower than
/// [`Limits::min_write_rate`]: while a write waits for the client, each second costs `rate` bytes
/// of `credit`; each byte written adds one, up to `max_credit` ([`Limits::rate_window`] seconds'
/// worth).
struct WriteTimeout {
    stream: TcpStream,
    timeout: Duration,
    /// Bytes a second (at least 1).
    rate: u64,
    max_credit: u64,
    /// The deadline of the write now waiting, with when it started waiting.
    stall: Option<(Pin<Box<Sleep>>, Instant)>,
    /// Bytes of credit left.
    credit: u64,
    /// Told whether written bytes wait to be flushed.
    activity: Arc<Activity>,
}

impl WriteTimeout {
    fn new(stream: TcpStream, limits: &Limits, activity: Arc<Activity>) -> WriteTimeout {
        let rate = limits.min_write_rate.max(1);
        let max_credit = (rate as f64 * limits.rate_window.as_secs_f64()) as u64;
        WriteTimeout {
            stream,
            timeout: limits.write_timeout,
            rate,
            max_credit,
            stall: None,
            credit: max_credit,
            activity,
        }
    }

    /// `poll` of a write operation, under the stall timer and the credit; `written` is the bytes a
    /// completed operation wrote.
    fn timed<T>(
        &mut self,
        cx: &mut Context<'_>,
        poll: impl FnOnce(Pin<&mut TcpStream>, &mut Context<'_>) -> Poll<io::Result<T>>,
        written: impl FnOnce(&T) -> usize,
    ) -> Poll<io::Result<T>> {
        match poll(Pin::new(&mut self.stream), cx) {
            Poll::Ready(result) => {
                if let Some((_, since)) = self.stall.take() {
                    let cost = (since.elapsed().as_secs_f64() * self.rate as f64) as u64;
                    self.credit = self.credit.saturating_sub(cost);
                }
                let bytes = result.as_ref().map_or(0, written) as u64;
                self.credit = (self.credit + bytes).min(self.max_credit);
                Poll::Ready(result)
            }
            Poll::Pending => {
                let allowed =
                    Duration::from_secs_f64(self.credit as f64 / self.rate as f64).min(self.timeout);
                let (stall, _) =
                    self.stall.get_or_insert_with(|| (Box::pin(tokio::time::sleep(allowed)), Instant::now()));
                ready!(stall.as_mut().poll(cx));
                Poll::Ready(Err(io::Error::new(
                    io::ErrorKind::TimedOut,
                    "the client stopped reading or reads too slowly",
                )))
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
        self.activity.set_writing(true);
        self.timed(cx, |stream, cx| stream.poll_write(cx, buf), |&n| n)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        self.activity.set_writing(true);
        self.timed(cx, |stream, cx| stream.poll_write_vectored(cx, bufs), |&n| n)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let flushed = self.timed(cx, |stream, cx| stream.poll_flush(cx), |()| 0);
        if let Poll::Ready(Ok(())) = flushed {
            self.activity.set_writing(false);
        }
        flushed
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.timed(cx, |stream, cx| stream.poll_shutdown(cx), |()| 0)
    }
}
