//! `go`'s limits, read and bounded.

use super::words::{complain, Answer};
use crate::player::{parse_time, DEFAULT_TIME, MAX_DEPTH, MAX_NODES, MAX_TIME, SAFETY_TIME};
use chimera_core::excerpt;
use chimera_engine::Limits;
use std::time::Duration;

/// How long `go infinite` may think at most (unless stopped sooner).
pub const INFINITE_TIME: Duration = MAX_TIME;

/// Reads the words after `go` into search limits, and whether they were `infinite`.
pub fn go_limits(rest: &str) -> Answer<(Limits, bool)> {
    let mut limits = Limits::default();
    let mut infinite = false;
    let mut words = rest.split_whitespace();
    while let Some(word) = words.next() {
        if word == "infinite" {
            if infinite {
                return complain("go: `infinite` given twice");
            }
            infinite = true;
            continue;
        }
        if !matches!(word, "time" | "movetime" | "depth" | "nodes") {
            return complain(format!(
                "go: unknown limit `{}` (expected time, movetime, depth, nodes or infinite)",
                excerpt(word)
            ));
        }
        let Some(value) = words.next() else {
            return complain(format!("go: `{word}` needs a value"));
        };
        set_go_limit(&mut limits, word, value)?;
    }
    if infinite {
        if limits.time.is_some() || limits.depth.is_some() || limits.nodes.is_some() {
            return complain("go: `infinite` takes no other limit");
        }
        limits.time = Some(INFINITE_TIME);
    } else if limits.time.is_none() {
        limits.time = Some(if limits.depth.is_some() || limits.nodes.is_some() {
            SAFETY_TIME
        } else {
            DEFAULT_TIME
        });
    }
    Ok((limits, infinite))
}

/// Sets the `go` limit `word` (`time`, `movetime`, `depth` or `nodes`) to `value`, checked
/// against its range; a limit given twice is refused.
fn set_go_limit(limits: &mut Limits, word: &str, value: &str) -> Answer {
    let bad = |what: &str| complain(format!("go: `{word} {}`: give {what}", excerpt(value)));
    match word {
        "time" | "movetime" => {
            if limits.time.is_some() {
                return complain("go: give at most one of `time` and `movetime`");
            }
            let time = if word == "time" {
                parse_time(value).ok()
            } else {
                value.parse::<u64>().ok().map(Duration::from_millis)
            };
            match time {
                Some(t) if !t.is_zero() && t <= MAX_TIME => limits.time = Some(t),
                _ if word == "time" => {
                    return bad(&format!(
                        "a time such as 1s, 500ms or 2m, above 0 and at most {} s",
                        MAX_TIME.as_secs()
                    ))
                }
                _ => return bad(&format!("milliseconds from 1 to {}", MAX_TIME.as_millis())),
            }
        }
        "depth" => {
            if limits.depth.is_some() {
                return complain("go: `depth` given twice");
            }
            match value.parse::<u32>() {
                Ok(d) if (1..=MAX_DEPTH).contains(&d) => limits.depth = Some(d),
                _ => return bad(&format!("a depth from 1 to {MAX_DEPTH}")),
            }
        }
        _ => {
            if limits.nodes.is_some() {
                return complain("go: `nodes` given twice");
            }
            match value.parse::<u64>() {
                Ok(n) if (1..=MAX_NODES).contains(&n) => limits.nodes = Some(n),
                _ => return bad(&format!("a node count from 1 to {MAX_NODES}")),
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_limits_are_bounded_whatever_is_asked() {
        let (limits, infinite) = go_limits("").ok().unwrap();
        assert_eq!((limits.time, infinite), (Some(DEFAULT_TIME), false));
        let (limits, _) = go_limits("depth 5 nodes 100").ok().unwrap();
        assert_eq!(limits.depth, Some(5));
        assert_eq!(limits.nodes, Some(100));
        assert_eq!(limits.time, Some(SAFETY_TIME));
        let (limits, infinite) = go_limits("infinite").ok().unwrap();
        assert_eq!((limits.time, infinite), (Some(INFINITE_TIME), true));
        let (limits, _) = go_limits("movetime 250 depth 9").ok().unwrap();
        assert_eq!(limits.time, Some(Duration::from_millis(250)));
        let (limits, _) = go_limits("time 2s").ok().unwrap();
        assert_eq!(limits.time, Some(Duration::from_secs(2)));
        for bad in [
            "depth",
            "depth 0",
            "depth 99999999999",
            "nodes -1",
            "time 2h",
            "time none",
            "movetime 3600001",
            "depth 3 depth 4",
            "infinite infinite",
            "infinite nodes 5",
            "mate 3",
        ] {
            assert!(go_limits(bad).is_err(), "{bad}");
        }
    }
}
