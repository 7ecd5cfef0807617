//! `go`'s words, read and bounded ([`Go`]), and the search limits they make: a move's time
//! from the mover's clock by the engine's time manager ([`Limits::clock`]: a soft time after
//! which no new iteration starts, a hard one at which the search stops), a fixed `movetime`,
//! a depth, a node count; `infinite` and `ponder` until `stop` (or `ponderhit`).

use super::words::{complain, Answer};
use crate::player::{parse_time, DEFAULT_TIME, MAX_DEPTH, MAX_NODES, MAX_TIME, SAFETY_TIME};
use chimera_core::{excerpt, Color};
use chimera_engine::{Clock, Limits};
use std::time::Duration;

/// How long `go infinite` (or a pondering search) may think at most, unless stopped sooner.
pub const INFINITE_TIME: Duration = MAX_TIME;
/// The most time a clock (`wtime`, `btime`) may show: 100 days, in milliseconds.
pub const MAX_CLOCK_MS: u64 = 100 * 24 * 3600 * 1000;
/// The most moves to go (`movestogo`).
pub const MAX_MOVES_TO_GO: u32 = 10_000;

/// What a `go` line asks, each value within its bounds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// `depth N`.
    pub depth: Option<u32>,
    /// `nodes N`.
    pub nodes: Option<u64>,
    /// `movetime MS` (or the program's own `time 1s`).
    pub movetime: Option<Duration>,
    /// `wtime` and `btime`: each side's clock, by [`Color::index`].
    pub clock: [Option<Duration>; 2],
    /// `winc` and `binc`.
    pub increment: [Option<Duration>; 2],
    /// `movestogo N`.
    pub moves_to_go: Option<u32>,
    /// `infinite`: search until `stop`.
    pub infinite: bool,
    /// `ponder`: search the position after the expected reply until `ponderhit` or `stop`.
    pub ponder: bool,
}

impl Go {
    /// Reads the words after `go`. A limit given twice, a value out of its range, or a word
    /// the engine does not know is refused with the reason.
    pub fn parse(rest: &str) -> Answer<Go> {
        let mut go = Go::default();
        let mut words = rest.split_whitespace();
        while let Some(word) = words.next() {
            match word {
                "infinite" | "ponder" => {
                    let flag = if word == "infinite" {
                        &mut go.infinite
                    } else {
                        &mut go.ponder
                    };
                    if std::mem::replace(flag, true) {
                        return complain(format!("go: `{word}` given twice"));
                    }
                }
                "time" | "movetime" | "depth" | "nodes" | "wtime" | "btime" | "winc" | "binc"
                | "movestogo" => {
                    let Some(value) = words.next() else {
                        return complain(format!("go: `{word}` needs a value"));
                    };
                    go.set(word, value)?;
                }
                "mate" | "searchmoves" => {
                    return complain(format!("go: `{word}` is not supported"));
                }
                _ => {
                    return complain(format!(
                        "go: unknown word `{}` (expected wtime, btime, winc, binc, movestogo, \
                         movetime, time, depth, nodes, infinite or ponder)",
                        excerpt(word)
                    ))
                }
            }
        }
        let limited = go.movetime.is_some()
            || go.depth.is_some()
            || go.nodes.is_some()
            || go.clock.iter().any(Option::is_some);
        if go.infinite && limited {
            return complain("go: `infinite` takes no other limit");
        }
        Ok(go)
    }

    /// Sets the limit `word` to `value`, checked against its range; a limit given twice is
    /// refused.
    fn set(&mut self, word: &str, value: &str) -> Answer {
        let bad = |what: &str| complain(format!("go: `{word} {}`: give {what}", excerpt(value)));
        let twice = || complain(format!("go: `{word}` given twice"));
        match word {
            "time" | "movetime" => {
                if self.movetime.is_some() {
                    return complain("go: give at most one of `time` and `movetime`");
                }
                let time = if word == "time" {
                    parse_time(value).ok()
                } else {
                    value.parse::<u64>().ok().map(Duration::from_millis)
                };
                match time {
                    Some(t) if !t.is_zero() && t <= MAX_TIME => self.movetime = Some(t),
                    _ if word == "time" => {
                        return bad(&format!(
                            "a time such as 1s, 500ms or 2m, above 0 and at most {} s",
                            MAX_TIME.as_secs()
                        ))
                    }
                    _ => return bad(&format!("milliseconds from 1 to {}", MAX_TIME.as_millis())),
                }
            }
            "depth" => match value.parse::<u32>() {
                _ if self.depth.is_some() => return twice(),
                Ok(d) if (1..=MAX_DEPTH).contains(&d) => self.depth = Some(d),
                _ => return bad(&format!("a depth from 1 to {MAX_DEPTH}")),
            },
            "nodes" => match value.parse::<u64>() {
                _ if self.nodes.is_some() => return twice(),
                Ok(n) if (1..=MAX_NODES).contains(&n) => self.nodes = Some(n),
                _ => return bad(&format!("a node count from 1 to {MAX_NODES}")),
            },
            "movestogo" => match value.parse::<u32>() {
                _ if self.moves_to_go.is_some() => return twice(),
                Ok(n) if (1..=MAX_MOVES_TO_GO).contains(&n) => self.moves_to_go = Some(n),
                _ => return bad(&format!("a number of moves from 1 to {MAX_MOVES_TO_GO}")),
            },
            _ => {
                // wtime, btime, winc, binc: milliseconds; a clock run below zero (some
                // interfaces send one) counts as zero.
                let max = if word.ends_with("time") {
                    MAX_CLOCK_MS
                } else {
                    MAX_TIME.as_millis() as u64
                };
                let ms = match value.parse::<i64>() {
                    Ok(ms) if ms.unsigned_abs() <= max => ms.max(0) as u64,
                    _ => return bad(&format!("milliseconds, at most {max}")),
                };
                let side = usize::from(word.starts_with('b'));
                let slot = if word.ends_with("time") {
                    &mut self.clock[side]
                } else {
                    &mut self.increment[side]
                };
                if slot.replace(Duration::from_millis(ms)).is_some() {
                    return twice();
                }
            }
        }
        Ok(())
    }

    /// The limits of the move of `turn` from when its time starts (at `go`, or at
    /// `ponderhit`): the time manager's soft and hard time from the mover's clock, no more
    /// than `movetime`; `movetime` alone; a depth or node limit alone (stopped after
    /// [`SAFETY_TIME`] all the same); or with nothing given, [`DEFAULT_TIME`].
    pub fn move_limits(&self, turn: Color) -> Limits {
        let side = turn.index();
        let mut limits = match self.clock[side] {
            Some(time_left) => {
                let mut limits = Limits::clock(Clock {
                    time_left,
                    increment: self.increment[side].unwrap_or_default(),
                    moves_to_go: self.moves_to_go,
                });
                if let Some(m) = self.movetime {
                    limits.time = limits.time.map(|t| t.min(m));
                    limits.soft_time = limits.soft_time.map(|t| t.min(m));
                }
                limits
            }
            None => Limits::time(match self.movetime {
                Some(m) => m,
                None if self.depth.is_some() || self.nodes.is_some() => SAFETY_TIME,
                None => DEFAULT_TIME,
            }),
        };
        let hard = limits.time.unwrap_or(DEFAULT_TIME).min(MAX_TIME);
        limits.time = Some(hard);
        limits.soft_time = limits.soft_time.map(|s| s.min(hard));
        limits.depth = self.depth;
        limits.nodes = self.nodes;
        limits
    }

    /// Whether the search's `bestmove` waits for `stop` (or `ponderhit`): `infinite`, or
    /// `ponder`.
    pub fn waits(&self) -> bool {
        self.infinite || self.ponder
    }

    /// The limits the search starts with: the move's ([`Go::move_limits`]), or for
    /// `infinite` and `ponder` the depth and nodes alone, for at most [`INFINITE_TIME`].
    pub fn search_limits(&self, turn: Color) -> Limits {
        if self.waits() {
            Limits {
                depth: self.depth,
                nodes: self.nodes,
                time: Some(INFINITE_TIME),
                ..Limits::default()
            }
        } else {
            self.move_limits(turn)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(line: &str) -> Limits {
        Go::parse(line).ok().unwrap().search_limits(Color::White)
    }

    #[test]
    fn go_limits_are_bounded_whatever_is_asked() {
        assert_eq!(limits("").time, Some(DEFAULT_TIME));
        let l = limits("depth 5 nodes 100");
        assert_eq!(
            (l.depth, l.nodes, l.time),
            (Some(5), Some(100), Some(SAFETY_TIME))
        );
        let go = Go::parse("infinite").ok().unwrap();
        assert!(go.waits());
        assert_eq!(go.search_limits(Color::Black).time, Some(INFINITE_TIME));
        assert_eq!(
            limits("movetime 250 depth 9").time,
            Some(Duration::from_millis(250))
        );
        assert_eq!(limits("time 2s").time, Some(Duration::from_secs(2)));
        for bad in [
            "depth",
            "depth 0",
            "depth 99999999999",
            "nodes -1",
            "time 2h",
            "time none",
            "movetime 3600001",
            "movetime -5",
            "depth 3 depth 4",
            "infinite infinite",
            "ponder ponder",
            "infinite nodes 5",
            "infinite wtime 1000",
            "mate 3",
            "searchmoves e2e4",
            "wtime",
            "wtime x",
            "wtime 1000 wtime 2000",
            "wtime 99999999999999",
            "winc 3600001",
            "movestogo 0",
            "movestogo 10001",
        ] {
            assert!(Go::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_movers_clock_gives_a_soft_and_a_hard_time_within_it() {
        let go = Go::parse("wtime 60000 btime 1000 winc 1000 binc 0")
            .ok()
            .unwrap();
        let white = go.move_limits(Color::White);
        let black = go.move_limits(Color::Black);
        let (ws, wh) = (white.soft_time.unwrap(), white.time.unwrap());
        let (bs, bh) = (black.soft_time.unwrap(), black.time.unwrap());
        assert!(ws <= wh && wh < Duration::from_secs(60), "{ws:?} {wh:?}");
        assert!(bs <= bh && bh < Duration::from_secs(1), "{bs:?} {bh:?}");
        assert!(ws > bs * 10);
        // movetime caps the clock's times; a clock below zero still gives a move time.
        let capped = Go::parse("wtime 60000 movetime 100").ok().unwrap();
        assert_eq!(
            capped.move_limits(Color::White).time,
            Some(Duration::from_millis(100))
        );
        let flagged = Go::parse("wtime -50 btime -50").ok().unwrap();
        let l = flagged.move_limits(Color::White);
        assert!(l.time.unwrap() <= Duration::from_millis(1));
        // Only the other side's clock: the default time.
        let other = Go::parse("btime 5000").ok().unwrap();
        assert_eq!(other.move_limits(Color::White).time, Some(DEFAULT_TIME));
        // Pondering: no time until ponderhit, the move's limits after it.
        let ponder = Go::parse("ponder wtime 60000 btime 60000").ok().unwrap();
        assert!(ponder.waits());
        assert_eq!(ponder.search_limits(Color::White).time, Some(INFINITE_TIME));
        let same = Go::parse("wtime 60000 btime 60000").ok().unwrap();
        let (p, s) = (
            ponder.move_limits(Color::White),
            same.move_limits(Color::White),
        );
        assert_eq!((p.soft_time, p.time), (s.soft_time, s.time));
    }
}
