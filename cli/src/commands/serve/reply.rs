//! The answers: a JSON reply (or a stream of server-sent events) and the running of a
//! game's work on the blocking pool with a panic answered 500.

use crate::setup::bounded;
use hyper::body::{Bytes, Frame};
use serde_json::{json, Value};
use std::convert::Infallible;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

/// An answer: status and JSON (or another content type).
pub(super) struct Reply {
    pub status: u16,
    pub body: Arc<String>,
    pub content_type: &'static str,
    /// A stream of server-sent events to answer with instead of `body` (an analysis).
    pub events: Option<Events>,
}

/// A stream of server-sent events (`text/event-stream`): the messages a worker sends,
/// with a comment every [`HEARTBEAT`] while none comes (so that a client gone is noticed:
/// writing to its closed connection fails). When the stream is dropped (the client left,
/// or the stream ended) its `stop` flag is set, which stops the worker's search.
pub(super) struct Events {
    messages: tokio::sync::mpsc::Receiver<Bytes>,
    stop: Arc<AtomicBool>,
    heartbeat: tokio::time::Interval,
}

/// How often a stream of events with nothing to say sends a comment.
pub(super) const HEARTBEAT: Duration = Duration::from_millis(500);

impl Events {
    /// A stream of the messages sent on the other end of `messages` (each a whole event:
    /// `data: …` and a blank line), ending when that end is dropped; `stop` is set when the
    /// stream is dropped.
    pub fn new(messages: tokio::sync::mpsc::Receiver<Bytes>, stop: Arc<AtomicBool>) -> Events {
        let mut heartbeat = tokio::time::interval(HEARTBEAT);
        heartbeat.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        Events {
            messages,
            stop,
            heartbeat,
        }
    }
}

impl Drop for Events {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// An answer's body: the whole of it at once, or a stream of events.
pub(super) enum Body {
    Whole(Option<Bytes>),
    Stream(Events),
}

impl hyper::body::Body for Body {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        match self.get_mut() {
            Body::Whole(bytes) => Poll::Ready(bytes.take().map(|b| Ok(Frame::data(b)))),
            Body::Stream(events) => match events.messages.poll_recv(cx) {
                Poll::Ready(Some(message)) => Poll::Ready(Some(Ok(Frame::data(message)))),
                Poll::Ready(None) => Poll::Ready(None),
                Poll::Pending => match events.heartbeat.poll_tick(cx) {
                    Poll::Ready(_) => Poll::Ready(Some(Ok(Frame::data(Bytes::from_static(
                        b": still searching\n\n",
                    ))))),
                    Poll::Pending => Poll::Pending,
                },
            },
        }
    }

    fn is_end_stream(&self) -> bool {
        matches!(self, Body::Whole(None))
    }

    /// A whole body's exact size (so that the answer says its `Content-Length`); a stream's
    /// is unknown (sent chunked).
    fn size_hint(&self) -> hyper::body::SizeHint {
        match self {
            Body::Whole(bytes) => {
                hyper::body::SizeHint::with_exact(bytes.as_ref().map_or(0, |b| b.len() as u64))
            }
            Body::Stream(_) => hyper::body::SizeHint::default(),
        }
    }
}

impl Reply {
    /// A JSON answer.
    pub fn json(status: u16, value: &Value) -> Reply {
        Reply::shared(status, Arc::new(value.to_string()))
    }
    /// A JSON answer already written.
    pub fn shared(status: u16, body: Arc<String>) -> Reply {
        Reply {
            status,
            body,
            content_type: "application/json",
            events: None,
        }
    }
    /// `{"error": message}`.
    pub fn error(status: u16, message: impl std::fmt::Display) -> Reply {
        Reply::json(status, &json!({ "error": message.to_string() }))
    }
    /// A page, script, style sheet or text file.
    pub fn text(content_type: &'static str, body: impl Into<String>) -> Reply {
        Reply {
            status: 200,
            body: Arc::new(body.into()),
            content_type,
            events: None,
        }
    }
    /// A stream of server-sent events.
    pub fn events(events: Events) -> Reply {
        Reply {
            status: 200,
            body: Arc::new(String::new()),
            content_type: "text/event-stream",
            events: Some(events),
        }
    }
}

/// The answer to a bug (a panic caught).
fn internal_error() -> Reply {
    Reply::error(500, "internal error (a bug: please report it)")
}

/// Runs `work` (a game's work: it may take seconds) on the blocking pool, a panic in it
/// answered 500 rather than taking the server down (the release build unwinds:
/// `panic = "unwind"` in the workspace's release profile).
pub(super) async fn blocking(work: impl FnOnce() -> Reply + Send + 'static) -> Reply {
    tokio::task::spawn_blocking(move || {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(work))
            .unwrap_or_else(|_| internal_error())
    })
    .await
    .unwrap_or_else(|_| internal_error())
}

/// Reads a JSON request, or answers 400 saying what is wrong with it.
pub(super) fn parse<T: serde::de::DeserializeOwned>(body: &[u8]) -> Result<T, Reply> {
    serde_json::from_slice(body).map_err(|e| {
        Reply::error(
            400,
            format!("malformed JSON request: {}", bounded(&e.to_string())),
        )
    })
}

/// The answer to a request that needs the game while the computer thinks on it.
pub(super) fn thinking_reply() -> Reply {
    Reply::error(
        409,
        "the computer is thinking in this game: wait for its move (GET the game to see it), or stop it (POST …/stop)",
    )
}
