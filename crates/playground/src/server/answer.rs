//! An answer's response: sent in pieces, each holding its share of the answer budget until the
//! connection has written it.

use std::pin::Pin;
use std::task::{Context, Poll};

use axum::body::{Body, Bytes};
use axum::http::StatusCode;
use axum::response::Response;
use http_body::{Frame, SizeHint};
use tokio::sync::OwnedSemaphorePermit;

use super::{AppState, kib};
use crate::reply::json_response;

impl AppState {
    /// The response of an answer, which holds its share of the answer budget until sent (503 when
    /// the budget is spent): the answer is copied into pieces of [`CHUNK`] bytes, and each piece's
    /// share of the budget is released once the connection has written it out.
    pub(super) fn answer(&self, bytes: Bytes) -> Response {
        match self.answers.clone().try_acquire_many_owned(kib(bytes.len())) {
            Ok(permit) => json_response(StatusCode::OK, Body::new(Chunks::new(&bytes, permit))),
            Err(_) => self.busy(
                "too many answers are waiting for their clients to read them: try again shortly".into(),
            ),
        }
    }
}

/// An answer as pieces of [`CHUNK`] bytes, each its own mapping (glibc maps allocations of
/// 128 KiB and more on their own, [`crate::pool::bound_allocator`], and unmaps them when freed),
/// sent one by one: a piece's memory goes back to the system once the connection has written it,
/// and its share of the answer budget when the connection asks for the next piece (it asks only
/// once its buffer has room, so the piece has left it), so an answer read slowly holds only what
/// is left of it.
struct Chunks {
    pieces: std::collections::VecDeque<Bytes>,
    /// The bytes of the pieces not yet handed over.
    left: usize,
    /// The answer budget's permits (KiB) for those bytes.
    permit: Option<OwnedSemaphorePermit>,
}

/// The size of the pieces an answer is sent in.
const CHUNK: usize = 128 << 10;

impl Chunks {
    fn new(answer: &Bytes, permit: OwnedSemaphorePermit) -> Chunks {
        let pieces = answer.chunks(CHUNK).map(Bytes::copy_from_slice).collect();
        Chunks { pieces, left: answer.len(), permit: Some(permit) }
    }
}

impl http_body::Body for Chunks {
    type Data = Bytes;
    type Error = std::convert::Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        _cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        let Some(piece) = self.pieces.pop_front() else {
            self.permit = None;
            return Poll::Ready(None);
        };
        // The pieces before this one have been written out: their share goes back. This one's
        // stays until the next is asked for, or the answer is dropped.
        let keep = kib(self.left) as usize;
        if let Some(permit) = self.permit.as_mut() {
            let release = permit.num_permits().saturating_sub(keep);
            drop(permit.split(release));
        }
        self.left -= piece.len();
        Poll::Ready(Some(Ok(Frame::data(piece))))
    }

    fn is_end_stream(&self) -> bool {
        self.pieces.is_empty()
    }

    fn size_hint(&self) -> SizeHint {
        SizeHint::with_exact(self.left as u64)
    }
}
