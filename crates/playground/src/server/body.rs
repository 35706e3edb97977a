//! Reading a request body under the body budget and the body time limit.

use std::pin::Pin;

use axum::body::Bytes;
use axum::extract::Request;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::Response;
use tokio::sync::OwnedSemaphorePermit;

use super::{AppState, kib};
use crate::reply::error;

/// Reads the body of `request` (length already checked by [`guard`](super::guard::guard)) under the body budget and
/// the body time limit. The budget is taken as the bytes arrive (the room the body's buffer holds,
/// in KiB), never from the announced length, so a connection that announces a body and sends
/// nothing holds nothing; when the budget is spent the request gets 503 and its connection is
/// closed.
pub(super) async fn read_body(state: &AppState, request: Request) -> Result<Bytes, Response> {
    let limit = state.config.max_body_bytes;
    let timeout = state.config.body_timeout;
    let closing = |mut response: Response| {
        response.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
        response
    };
    let mut body = request.into_body();
    let read = async {
        let mut text: Vec<u8> = Vec::new();
        let mut held: Option<OwnedSemaphorePermit> = None;
        while let Some(frame) =
            std::future::poll_fn(|cx| http_body::Body::poll_frame(Pin::new(&mut body), cx)).await
        {
            let frame = frame
                .map_err(|e| error(StatusCode::BAD_REQUEST, format!("cannot read the request body: {e}")))?;
            let Ok(data) = frame.into_data() else { continue };
            if text.len() + data.len() > limit {
                return Err(closing(error(
                    StatusCode::PAYLOAD_TOO_LARGE,
                    format!("the request body exceeds the limit of {limit} bytes"),
                )));
            }
            text.reserve(data.len());
            let needed = kib(text.capacity()) as usize;
            let have = held.as_ref().map_or(0, OwnedSemaphorePermit::num_permits);
            if needed > have {
                let more = u32::try_from(needed - have).unwrap_or(u32::MAX);
                let Ok(more) = state.bodies.clone().try_acquire_many_owned(more) else {
                    return Err(closing(
                        state.busy("too many request bodies are being received: try again shortly".into()),
                    ));
                };
                match held.as_mut() {
                    Some(permit) => permit.merge(more),
                    None => held = Some(more),
                }
            }
            text.extend_from_slice(&data);
        }
        Ok(Bytes::from(text))
    };
    match tokio::time::timeout(timeout, read).await {
        Ok(result) => result,
        Err(_) => Err(closing(error(
            StatusCode::REQUEST_TIMEOUT,
            format!("the request body did not arrive within {} ms", timeout.as_millis()),
        ))),
    }
}
