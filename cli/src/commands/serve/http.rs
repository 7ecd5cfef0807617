//! The HTTP plumbing: the listener and its connection cap, the Host and Origin checks, the
//! bounded reading of request bodies, and the writing of answers ([`super::reply`]: what they say).

use super::reply::{Body, Reply};
use super::store::State;
use super::{api, ServeOptions, MAX_BODY, READ_TIMEOUT};
use crate::Failure;
use chimera_core::excerpt;
use http_body_util::BodyExt;
use hyper::body::Bytes;
use hyper::header::{HeaderMap, HeaderValue};
use hyper::service::service_fn;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::convert::Infallible;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

/// The hosts and origins allowed to use the server: the Host a request names must be the
/// one the server listens on (so that a DNS name rebound to 127.0.0.1 is refused), and a
/// request from a web page (with an `Origin`) must come from the server's own page or an
/// origin `--allow-origin` names.
pub(super) struct Origins {
    /// The host names allowed, lowercase, without the port.
    names: Vec<String>,
    /// Whether any IP address is allowed as the host (listening on every address).
    any_ip: bool,
    /// The port the server listens on.
    port: u16,
    /// The other origins allowed (`--allow-origin`), lowercase, without a final `/`.
    extra: Vec<String>,
}

impl Origins {
    /// The hosts and origins `options` allow (the port is set by [`Origins::with_port`]).
    pub fn new(options: &ServeOptions) -> Result<Origins, Failure> {
        let host = options.host.trim().to_ascii_lowercase();
        let ip = host
            .trim_matches(|c| c == '[' || c == ']')
            .parse::<IpAddr>()
            .ok();
        let mut names = vec![bracketed(&host)];
        if host == "localhost" || ip.is_some_and(|ip| ip.is_loopback() || ip.is_unspecified()) {
            names.extend(["localhost", "127.0.0.1", "[::1]"].map(String::from));
        }
        let mut extra = Vec::new();
        for origin in &options.allow_origin {
            let origin = origin.trim().trim_end_matches('/').to_ascii_lowercase();
            let rest = origin
                .strip_prefix("http://")
                .or_else(|| origin.strip_prefix("https://"));
            match rest {
                Some(authority) if !authority.is_empty() && !authority.contains('/') => {
                    extra.push(origin.clone())
                }
                _ => {
                    return Err(Failure::input(format!(
                        "--allow-origin `{}`: give an origin such as http://example.org:8000",
                        excerpt(&origin)
                    )))
                }
            }
        }
        Ok(Origins {
            names,
            any_ip: ip.is_some_and(|ip| ip.is_unspecified()),
            port: 0,
            extra,
        })
    }

    /// The same, for a server listening on `port`.
    pub fn with_port(self, port: u16) -> Origins {
        Origins { port, ..self }
    }

    /// Whether `authority` (`host:port` as a Host header or an origin names it) is this
    /// server.
    fn is_this_server(&self, authority: &str) -> bool {
        let authority = authority.to_ascii_lowercase();
        let (name, port) = match authority.rsplit_once(':') {
            Some((name, port)) if !port.contains(']') => (name, port.parse::<u16>().ok()),
            _ => (authority.as_str(), Some(80)),
        };
        if port != Some(self.port) {
            return false;
        }
        let is_ip = name
            .trim_matches(|c| c == '[' || c == ']')
            .parse::<IpAddr>()
            .is_ok();
        self.names.iter().any(|n| n == name) || (self.any_ip && is_ip)
    }

    /// Checks a request's Host and Origin: `Ok` with the origin to allow in the answer
    /// (an `--allow-origin` one), or the 403 answer.
    fn check(&self, headers: &HeaderMap, method: &str) -> Result<Option<String>, Reply> {
        let header = |name: &str| {
            headers
                .get(name)
                .and_then(|v: &HeaderValue| v.to_str().ok())
        };
        let host = header("host").unwrap_or("");
        let origin = header("origin").map(|o| o.to_ascii_lowercase());
        let extra = origin.as_ref().filter(|o| self.extra.contains(o)).cloned();
        let host_ok = self.is_this_server(host)
            || self.extra.iter().any(|o| o.ends_with(&format!("//{host}")));
        if !host_ok {
            return Err(Reply::error(
                403,
                format!(
                    "Host `{}` is not this server (it answers only to the address it listens on)",
                    excerpt(host)
                ),
            ));
        }
        let same_origin = |o: &str| {
            o.strip_prefix("http://")
                .is_some_and(|authority| self.is_this_server(authority))
        };
        match &origin {
            Some(o) if !same_origin(o) && extra.is_none() => Err(Reply::error(
                403,
                format!(
                    "requests from the web page at `{}` are refused (chimera serve --allow-origin allows an origin)",
                    excerpt(o)
                ),
            )),
            None if method != "GET" && header("sec-fetch-site") == Some("cross-site") => Err(
                Reply::error(403, "requests from another site are refused"),
            ),
            _ => Ok(extra),
        }
    }
}

/// `::1` → `[::1]`: an IPv6 address as a Host header writes it.
fn bracketed(host: &str) -> String {
    if host.contains(':') && !host.starts_with('[') {
        format!("[{host}]")
    } else {
        host.to_string()
    }
}

/// The runtime, and a socket listening on the address `options` give. Two threads read and
/// write the connections; the games are played on a pool of `--threads` threads (a
/// legality question may take seconds).
pub(super) fn listen(
    options: &ServeOptions,
) -> Result<(tokio::runtime::Runtime, tokio::net::TcpListener), Failure> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(options.threads)
        .enable_all()
        .build()
        .map_err(|e| Failure::input(format!("cannot start the server: {e}")))?;
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind((
            options.host.as_str(),
            options.port,
        )))
        .map_err(|e| {
            Failure::input(format!(
                "cannot listen on {}:{}: {e}",
                options.host, options.port
            ))
        })?;
    Ok((runtime, listener))
}

/// What a connection past the cap is told before it is closed.
fn too_many() -> Vec<u8> {
    let body = r#"{"error": "too many connections: try again in a moment"}"#;
    format!(
        "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

/// Accepts connections for ever, each served on a task of its own, at most
/// `max_connections` at once (one more is answered 503 and closed).
pub(super) async fn serve_connections(
    listener: tokio::net::TcpListener,
    state: Arc<State>,
    origins: Arc<Origins>,
    max_connections: usize,
) -> ! {
    let open = Arc::new(tokio::sync::Semaphore::new(max_connections));
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(_) => {
                // Out of file descriptors, say: wait a little rather than spin.
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let Ok(permit) = Arc::clone(&open).try_acquire_owned() else {
            tokio::spawn(async move {
                let write = async {
                    stream.writable().await?;
                    stream.try_write(&too_many())
                };
                let _ = tokio::time::timeout(Duration::from_secs(1), write).await;
            });
            continue;
        };
        let (state, origins) = (Arc::clone(&state), Arc::clone(&origins));
        tokio::spawn(async move {
            let service = service_fn(move |request| {
                answer(Arc::clone(&state), Arc::clone(&origins), request)
            });
            let _ = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(READ_TIMEOUT)
                .serve_connection(TokioIo::new(stream), service)
                .await;
            drop(permit);
        });
    }
}

/// Answers one request: checks its Host and Origin, reads its body (bounded in size and
/// time), then routes it.
async fn answer(
    state: Arc<State>,
    origins: Arc<Origins>,
    request: hyper::Request<hyper::body::Incoming>,
) -> Result<hyper::Response<Body>, Infallible> {
    let method = request.method().as_str().to_string();
    let uri = request.uri().clone();
    let checked = origins.check(request.headers(), &method);
    let allowed = checked.as_ref().ok().cloned().flatten();
    let reply = match checked {
        Err(reply) => reply,
        Ok(Some(_)) if method == "OPTIONS" => Reply::text("text/plain", ""),
        Ok(_) => match read_body(request).await {
            Err(reply) => reply,
            Ok(body) => {
                let query = uri.query().unwrap_or("").to_string();
                api::route(state, method, uri.path().to_string(), query, body).await
            }
        },
    };
    let mut response = hyper::Response::builder()
        .status(reply.status)
        .header("Content-Type", reply.content_type)
        .header("Cache-Control", "no-store")
        .header("X-Content-Type-Options", "nosniff")
        .header("X-Frame-Options", "DENY");
    if let Some(origin) = allowed {
        response = response
            .header("Access-Control-Allow-Origin", origin)
            .header("Access-Control-Allow-Methods", "GET, POST")
            .header("Access-Control-Allow-Headers", "Content-Type")
            .header("Vary", "Origin");
    }
    if reply.content_type.starts_with("text/plain; charset") {
        response = response.header("Content-Disposition", "attachment; filename=\"game.txt\"");
    }
    let body = match reply.events {
        Some(events) => {
            response = response.header("X-Accel-Buffering", "no");
            Body::Stream(events)
        }
        None => Body::Whole(Some(Bytes::from(reply.body.as_bytes().to_vec()))),
    };
    Ok(response
        .body(body)
        .unwrap_or_else(|_| hyper::Response::new(Body::Whole(None))))
}

/// A body over [`MAX_BODY`] is still read (and dropped) up to this size, so that the client
/// gets its 413 answer rather than a connection closed under it; past this the connection is
/// closed.
const MAX_DRAINED: u64 = 16 * 1024 * 1024;

async fn read_body(request: hyper::Request<hyper::body::Incoming>) -> Result<Vec<u8>, Reply> {
    let too_large = || Reply::error(413, format!("the request body is over {MAX_BODY} bytes"));
    let declared = request
        .headers()
        .get(hyper::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > MAX_DRAINED) {
        return Err(too_large());
    }
    let mut body = request.into_body();
    let read = async {
        let (mut kept, mut seen) = (Vec::new(), 0u64);
        while let Some(frame) = body.frame().await {
            let frame = frame.map_err(|e| format!("cannot read the request body: {e}"))?;
            if let Some(data) = frame.data_ref() {
                seen += data.len() as u64;
                if seen <= MAX_BODY as u64 {
                    kept.extend_from_slice(data);
                } else if seen > MAX_DRAINED {
                    break;
                }
            }
        }
        Ok::<_, String>((kept, seen))
    };
    match tokio::time::timeout(READ_TIMEOUT, read).await {
        Err(_) => Err(Reply::error(
            408,
            "the request body took too long to arrive",
        )),
        Ok(Err(e)) => Err(Reply::error(400, e)),
        Ok(Ok((_, seen))) if seen > MAX_BODY as u64 => Err(too_large()),
        Ok(Ok((kept, _))) => Ok(kept),
    }
}
