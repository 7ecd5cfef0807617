//! The bounds on every search a user or a client asks for, and the limits of the command
//! line (`--time`, `--depth`, `--nodes`, `--threads`) checked against them.

use crate::{parse_limit, Error};
use chimera_engine::Limits;
use std::time::Duration;

/// The longest `--time`.
pub const MAX_TIME: Duration = Duration::from_secs(3600);
/// The deepest `--depth`.
pub const MAX_DEPTH: u32 = 64;
/// The most `--nodes`.
pub const MAX_NODES: u64 = 10_000_000_000;
/// The most `--threads`.
pub const MAX_THREADS: usize = 256;
/// A search limited by `--depth` or `--nodes` also stops after this long, so that every
/// search ends (the output then says that the time cap stopped it).
pub const SAFETY_TIME: Duration = Duration::from_secs(600);
/// The time a search may take when no limit is given.
pub const DEFAULT_TIME: Duration = Duration::from_secs(1);

/// `limits` searched on `threads` threads (`--threads`, 1 to [`MAX_THREADS`]).
pub fn with_threads(limits: Limits, threads: usize) -> Result<Limits, Error> {
    if threads == 0 || threads > MAX_THREADS {
        return Err(Error::new(format!(
            "--threads {threads}: give a thread count from 1 to {MAX_THREADS}"
        )));
    }
    Ok(limits.with_threads(threads))
}

/// The search limits the command line asked for: exactly one of time, depth and nodes
/// (time [`DEFAULT_TIME`] if none), each checked against its maximum.
pub fn limits(
    time: Option<Duration>,
    depth: Option<u32>,
    nodes: Option<u64>,
) -> Result<Limits, Error> {
    let given =
        usize::from(time.is_some()) + usize::from(depth.is_some()) + usize::from(nodes.is_some());
    if given > 1 {
        return Err(Error::new(
            "give at most one of --time, --depth and --nodes",
        ));
    }
    // A depth or node limit stops after SAFETY_TIME too.
    let counted = Limits {
        time: Some(SAFETY_TIME),
        ..Limits::default()
    };
    if let Some(d) = depth {
        in_range("--depth", d.into(), MAX_DEPTH.into(), "a depth")?;
        return Ok(Limits {
            depth: Some(d),
            ..counted
        });
    }
    if let Some(n) = nodes {
        in_range("--nodes", n, MAX_NODES, "a node count")?;
        return Ok(Limits {
            nodes: Some(n),
            ..counted
        });
    }
    let t = time.unwrap_or(DEFAULT_TIME);
    if t.is_zero() || t > MAX_TIME {
        return Err(Error::new(format!(
            "--time: give a time above 0 and at most {} s",
            MAX_TIME.as_secs()
        )));
    }
    Ok(Limits::time(t))
}

/// Refuses a count limit `n` (`flag`, counting `what`) outside 1 to `max`.
fn in_range(flag: &str, n: u64, max: u64, what: &str) -> Result<(), Error> {
    if n == 0 || n > max {
        return Err(Error::new(format!(
            "{flag} {n}: give {what} from 1 to {max}"
        )));
    }
    Ok(())
}

/// Reads `--time`: `1s`, `500ms`, `0.5s`, `2m`.
pub fn parse_time(text: &str) -> Result<Duration, String> {
    match parse_limit(text)?.duration() {
        Some(d) => Ok(d),
        None => Err("give a time such as 1s, 500ms or 2m (a search is always bounded)".into()),
    }
}
