//! Matches: two players (the engine under given limits, or a baseline) play a series of
//! games, colours alternating, several games at a time. The players and the match's
//! settings are here; the runner plays the games ([`runner`]), each game's course is a
//! [`Played`], [`stats`] adds them up (Elo), and [`record`] writes them as records
//! `chimera validate` reads. (The module is not called `match`: a keyword.)

mod played;
pub mod record;
pub mod runner;
pub mod stats;

pub use played::{End, Played, SideStats};
pub use runner::play_games;
pub use stats::{elo_text, Summary, Tally};

use crate::player::{limits, parse_time, SAFETY_TIME};
use crate::{Error, Limit};
use chimera_core::{excerpt, Variant};
use chimera_engine::baseline::BaselineKind;
use chimera_engine::Limits;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// The most games a match may have.
pub const MAX_GAMES: u32 = 100_000;
/// The games of a match when `--games` is not given.
pub const DEFAULT_GAMES: u32 = 100;
/// The plies after which a game is stopped and counted as an adjudicated draw.
pub const DEFAULT_MAX_PLIES: u32 = 400;
/// The largest `--max-plies`.
pub const MAX_MAX_PLIES: u32 = 100_000;
/// The longest random opening (`--openings`).
pub const MAX_OPENING_PLIES: u32 = 100;
/// The most games played at once (`--jobs`).
pub const MAX_JOBS: usize = 256;

/// A player of a match, as `--a` and `--b` give it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Player {
    /// A baseline: `random` or `greedy`.
    Baseline(BaselineKind),
    /// The engine (`chimera bestmove`'s search) under these limits, e.g. `time=0.1s` or
    /// `depth=6,nodes=50000`.
    Engine(EngineSettings),
}

/// The engine's limits for every move of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineSettings {
    /// `depth=N`.
    pub depth: Option<u32>,
    /// `nodes=N`.
    pub nodes: Option<u64>,
    /// `time=DURATION`.
    pub time: Option<Duration>,
}

impl EngineSettings {
    /// The search limits: those given, and with no time given [`SAFETY_TIME`], so that
    /// every move ends.
    pub fn limits(&self) -> Limits {
        Limits {
            depth: self.depth,
            nodes: self.nodes,
            time: Some(self.time.unwrap_or(SAFETY_TIME)),
            ..Limits::default()
        }
    }

    /// Whether the moves depend on nothing but the game (no time limit).
    pub fn is_deterministic(&self) -> bool {
        self.time.is_none()
    }
}

impl std::fmt::Display for Player {
    /// As it is written on the command line: `random`, `time=100ms,depth=6`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Player::Baseline(kind) => f.write_str(kind.name()),
            Player::Engine(s) => {
                let mut parts = Vec::new();
                if let Some(t) = s.time {
                    parts.push(format!("time={}", Limit::time(t).arg()));
                }
                if let Some(d) = s.depth {
                    parts.push(format!("depth={d}"));
                }
                if let Some(n) = s.nodes {
                    parts.push(format!("nodes={n}"));
                }
                f.write_str(&parts.join(","))
            }
        }
    }
}

const SETTINGS_HELP: &str = "give `random`, `greedy`, or the engine's limits: depth=N, \
    nodes=N, time=DURATION, alone or joined by commas (e.g. time=0.1s,depth=6)";

/// Reads a player setting: `random`, `greedy`, or engine limits `depth=N`, `nodes=N`,
/// `time=DURATION`, alone or joined by commas. Each limit is checked as `chimera bestmove`
/// checks it.
pub fn parse_player(text: &str) -> Result<Player, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err(format!("empty setting: {SETTINGS_HELP}"));
    }
    if let Ok(kind) = text.parse::<BaselineKind>() {
        return Ok(Player::Baseline(kind));
    }
    let mut settings = EngineSettings {
        depth: None,
        nodes: None,
        time: None,
    };
    for part in text.split(',').map(str::trim) {
        if part.parse::<BaselineKind>().is_ok() {
            return Err(format!(
                "`{part}` is a player of its own: it takes no engine limits (give `{part}` alone)"
            ));
        }
        let Some((key, value)) = part.split_once('=') else {
            return Err(format!(
                "unknown setting `{}`: {SETTINGS_HELP}",
                excerpt(part)
            ));
        };
        settings.set(&key.trim().to_ascii_lowercase(), value.trim())?;
    }
    Ok(Player::Engine(settings))
}

impl EngineSettings {
    /// Sets the limit `key` (`depth`, `nodes` or `time`, lower case) to `value`, checked as
    /// `chimera bestmove --depth/--nodes/--time` checks it; a limit given twice is refused.
    fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let checked = |r: Result<Limits, Error>| r.map_err(|f| f.message.replace("--", ""));
        let given_before = match key {
            "depth" => {
                let d: u32 = value.parse().map_err(|_| {
                    format!("depth={}: give a whole number of plies", excerpt(value))
                })?;
                checked(limits(None, Some(d), None))?;
                self.depth.replace(d).is_some()
            }
            "nodes" => {
                let n: u64 = value.parse().map_err(|_| {
                    format!("nodes={}: give a whole number of nodes", excerpt(value))
                })?;
                checked(limits(None, None, Some(n)))?;
                self.nodes.replace(n).is_some()
            }
            "time" => {
                let t = parse_time(value).map_err(|e| format!("time={}: {e}", excerpt(value)))?;
                checked(limits(Some(t), None, None))?;
                self.time.replace(t).is_some()
            }
            _ => {
                return Err(format!(
                    "unknown setting `{}`: {SETTINGS_HELP}",
                    excerpt(key)
                ))
            }
        };
        if given_before {
            return Err(format!("`{key}` given twice"));
        }
        Ok(())
    }
}

/// Reads `--games`: 1 to [`MAX_GAMES`].
pub fn parse_games(text: &str) -> Result<u32, String> {
    match text.trim().parse::<u64>() {
        Ok(n) if (1..=u64::from(MAX_GAMES)).contains(&n) => Ok(n as u32),
        Ok(n) => Err(format!(
            "{n} games: give from 1 to {MAX_GAMES} (a longer match is not run)"
        )),
        Err(_) => Err(format!("give a number of games from 1 to {MAX_GAMES}")),
    }
}

/// What every game of a match shares.
pub struct Setup {
    /// The variant played.
    pub variant: Variant,
    /// The rule set; `None`: the variant's standard one.
    pub rules: Option<String>,
    /// a and b.
    pub players: [Player; 2],
    /// The plies (turns) after which a game is stopped, as an adjudicated draw.
    pub max_plies: usize,
    /// The random plies each pair of games opens with.
    pub openings: usize,
    /// The seed of the random players and openings.
    pub seed: u64,
    /// Stops the match when set: the games under way stop at their next move.
    pub stop: Arc<AtomicBool>,
}

impl Setup {
    /// The rule set's name (the variant's standard one if none was given).
    pub fn rules_name(&self) -> &str {
        self.rules.as_deref().unwrap_or(self.variant.rule_sets[0])
    }
}

/// Refuses a `--max-plies` or `--openings` out of range.
pub fn check_lengths(max_plies: u32, openings: u32) -> Result<(), Error> {
    if max_plies == 0 || max_plies > MAX_MAX_PLIES {
        return Err(Error::new(format!(
            "--max-plies {max_plies}: give from 1 to {MAX_MAX_PLIES}"
        )));
    }
    if openings > MAX_OPENING_PLIES {
        return Err(Error::new(format!(
            "--openings {openings}: give from 0 to {MAX_OPENING_PLIES} random plies"
        )));
    }
    Ok(())
}

/// The games played at once: `--jobs` (1 to [`MAX_JOBS`]), or the number of processors.
pub fn jobs(asked: Option<usize>) -> Result<usize, Error> {
    match asked {
        Some(0) => Err(Error::new("--jobs 0: give at least 1")),
        Some(j) if j > MAX_JOBS => Err(Error::new(format!("--jobs {j}: give at most {MAX_JOBS}"))),
        Some(j) => Ok(j),
        None => Ok(std::thread::available_parallelism().map_or(1, |n| n.get())),
    }
}

/// A seed from the clock, short enough to type back.
pub fn clock_seed() -> u64 {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    chimera_core::zobrist::splitmix64(now.as_nanos() as u64) % 1_000_000_000
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn player_settings_read_and_write_back() {
        assert_eq!(
            parse_player("random"),
            Ok(Player::Baseline(BaselineKind::Random))
        );
        assert_eq!(
            parse_player(" Greedy "),
            Ok(Player::Baseline(BaselineKind::Greedy))
        );
        let p = parse_player("time=0.1s, depth=6").unwrap();
        assert_eq!(p.to_string(), "time=100ms,depth=6");
        let Player::Engine(s) = parse_player("nodes=5000").unwrap() else {
            panic!("an engine")
        };
        assert!(s.is_deterministic());
        assert_eq!(s.limits().nodes, Some(5000));
        assert_eq!(s.limits().time, Some(SAFETY_TIME));
        assert!(parse_player("depth=65").unwrap_err().contains("1 to 64"));
        assert!(parse_player("nodes=0").is_err());
        assert!(parse_player("time=2h").is_err());
        assert!(parse_player("greedy,random").is_err());
        assert!(parse_player("depth=2,")
            .unwrap_err()
            .contains("unknown setting"));
    }
}
