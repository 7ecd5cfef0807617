//! Matches: two players (the engine under given limits, or a baseline) play a series of
//! games, colours alternating, several games at a time. The players and the match's
//! settings are here; the runner plays the games ([`runner`]), each game's course is a
//! [`Played`], [`stats`] adds them up (Elo), and [`record`] writes them as records
//! `chimera validate` reads. (The module is not called `match`: a keyword.)

pub mod adjudicate;
pub mod plan;
mod played;
pub mod record;
pub mod runner;
pub mod stats;

pub use adjudicate::{AdjudicatedCounts, Adjudication, DrawRule, ResignRule};
pub use played::{End, Played, SideStats};
pub use runner::play_games;
pub use stats::{elo_text, Summary, Tally};

use crate::external::{split_command, ExternalPlayer, Go};
use crate::player::{limits, parse_time, DEFAULT_TIME, SAFETY_TIME};
use crate::shard::{GameEntry, MatchKey, ShardResults, FORMAT};
use crate::sprt::{GameResult, Pairing, Sprt, SprtState};
use crate::{Error, Limit};
use chimera_core::{excerpt, Variant};
use chimera_engine::baseline::BaselineKind;
use chimera_engine::Limits;
use plan::Openings;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// The most games a match may have.
pub const MAX_GAMES: u32 = 100_000;
/// The games of a match when `--games` is not given.
pub const DEFAULT_GAMES: u32 = 100;
/// The most games of a match with an SPRT when `--games` is not given.
pub const DEFAULT_SPRT_GAMES: u32 = 20_000;
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
    /// An external engine spoken to over UCI: `nodes=5000,cmd=./old engine`.
    External(ExternalSettings),
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
    /// `turns=whole` or `turns=actions`: how a turn of several actions (Tiling Rider's) is
    /// searched; the engine's default (whole turns) when not given.
    pub turns: Option<TurnSearch>,
}

/// How the engine searches a turn of several actions (Tiling Rider's): the setting
/// `turns=` of an engine player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnSearch {
    /// `turns=whole`: the whole-turn planner (the engine's default), the limits a limit per
    /// turn.
    Whole,
    /// `turns=actions`: action by action, as every other ply ([`Limits::per_action`]), the
    /// limits a limit per action.
    Actions,
}

impl TurnSearch {
    /// The setting's value as written: `whole` or `actions`.
    pub fn name(self) -> &'static str {
        match self {
            TurnSearch::Whole => "whole",
            TurnSearch::Actions => "actions",
        }
    }
}

impl EngineSettings {
    /// The search limits: those given, and with no time given [`SAFETY_TIME`], so that
    /// every move ends.
    pub fn limits(&self) -> Limits {
        Limits {
            depth: self.depth,
            nodes: self.nodes,
            time: Some(self.time.unwrap_or(SAFETY_TIME)),
            per_action: self.turns == Some(TurnSearch::Actions),
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
                if let Some(t) = s.turns {
                    parts.push(format!("turns={}", t.name()));
                }
                f.write_str(&parts.join(","))
            }
            Player::External(s) => {
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
                for (name, value) in &s.options {
                    parts.push(format!("option.{name}={value}"));
                }
                if let Some(t) = s.timeout {
                    parts.push(format!("timeout={}", Limit::time(t).arg()));
                }
                parts.push(format!("cmd={}", s.command_text));
                f.write_str(&parts.join(","))
            }
        }
    }
}

/// An external engine's settings (`time=0.1s,option.Hash=16,cmd=./old engine`): its
/// command line, the limits sent with every `go`, the options set after the handshake,
/// and how long an answer is awaited.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExternalSettings {
    /// The command line, as given after `cmd=`.
    pub command_text: String,
    /// The command line split into the program and its arguments.
    pub command: Vec<String>,
    /// `depth=N`: `go depth N`.
    pub depth: Option<u32>,
    /// `nodes=N`: `go nodes N`.
    pub nodes: Option<u64>,
    /// `time=DURATION`: `go movetime MS`.
    pub time: Option<Duration>,
    /// `option.NAME=VALUE`, in the order given.
    pub options: Vec<(String, String)>,
    /// `timeout=DURATION`: how long past the move's time an answer is awaited.
    pub timeout: Option<Duration>,
}

/// The time an external engine is given past its move time when no `timeout=` is given,
/// besides half the move time.
pub const DEFAULT_GRACE: Duration = Duration::from_secs(1);
/// How long an external engine limited by nodes or depth alone is awaited, when no
/// `timeout=` is given.
pub const DEFAULT_UNTIMED_WAIT: Duration = Duration::from_secs(60);

impl ExternalSettings {
    /// The limits of every `go`: those given, or `movetime` [`DEFAULT_TIME`] when none is.
    pub fn go(&self) -> Go {
        let untimed = self.depth.is_some() || self.nodes.is_some();
        Go {
            movetime: self.time.or((!untimed).then_some(DEFAULT_TIME)),
            nodes: self.nodes,
            depth: self.depth,
            clocks: None,
        }
    }

    /// How long an answer to `go` is awaited before the engine forfeits: the move time
    /// plus `timeout=` (default: 1 s and half the move time); without a move time,
    /// `timeout=` or 60 s.
    pub fn wait(&self) -> Duration {
        match (self.go().movetime, self.timeout) {
            (Some(t), Some(extra)) => t + extra,
            (Some(t), None) => t + DEFAULT_GRACE + t / 2,
            (None, Some(extra)) => extra,
            (None, None) => DEFAULT_UNTIMED_WAIT,
        }
    }

    /// The player of one side of a match in `variant` (started when first asked to move).
    pub fn player(&self, variant: &str) -> ExternalPlayer {
        ExternalPlayer::new(
            self.command.clone(),
            variant,
            self.options.clone(),
            self.go(),
            self.wait(),
        )
    }

    /// Reads the settings before `cmd=` (`time=0.1s,option.Hash=16`) and the command.
    fn parse(settings: &str, command_text: &str) -> Result<ExternalSettings, String> {
        let command = split_command(command_text).map_err(|e| format!("cmd=: {e}"))?;
        let mut limits = EngineSettings {
            depth: None,
            nodes: None,
            time: None,
            turns: None,
        };
        let mut external = ExternalSettings {
            command_text: command_text.trim().to_string(),
            command,
            depth: None,
            nodes: None,
            time: None,
            options: Vec::new(),
            timeout: None,
        };
        for part in settings.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let Some((key, value)) = part.split_once('=') else {
                return Err(format!(
                    "unknown setting `{}`: {SETTINGS_HELP}",
                    excerpt(part)
                ));
            };
            let (key, value) = (key.trim(), value.trim());
            if let Some(name) = key.strip_prefix("option.") {
                external.set_option(name, value)?;
            } else if key.eq_ignore_ascii_case("timeout") {
                let t =
                    parse_time(value).map_err(|e| format!("timeout={}: {e}", excerpt(value)))?;
                if external.timeout.replace(t).is_some() {
                    return Err("`timeout` given twice".into());
                }
            } else if key.eq_ignore_ascii_case("turns") {
                return Err(format!(
                    "turns={}: a setting of this program's engine, not of an external one",
                    excerpt(value)
                ));
            } else {
                limits.set(&key.to_ascii_lowercase(), value)?;
            }
        }
        external.depth = limits.depth;
        external.nodes = limits.nodes;
        external.time = limits.time;
        Ok(external)
    }

    /// Adds `option.NAME=VALUE` (names and values without line ends, bounded in length).
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        if name.is_empty() || name.len() > 100 || value.len() > 1000 {
            return Err(format!("option.{}: give a name and a value", excerpt(name)));
        }
        if self.options.len() >= MAX_EXTERNAL_OPTIONS {
            return Err(format!("more than {MAX_EXTERNAL_OPTIONS} options"));
        }
        self.options.push((name.to_string(), value.to_string()));
        Ok(())
    }
}

/// The most `option.NAME=VALUE` settings of one player.
pub const MAX_EXTERNAL_OPTIONS: usize = 64;

/// Where `cmd=` starts in a player's settings: at the start, or after a comma.
fn command_start(text: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(found) = text[from..].find("cmd=") {
        let at = from + found;
        let before = text[..at].trim_end();
        if before.is_empty() || before.ends_with(',') {
            return Some(at);
        }
        from = at + 4;
    }
    None
}

const SETTINGS_HELP: &str = "give `random`, `greedy`, the engine's limits: depth=N, \
    nodes=N, time=DURATION, alone or joined by commas (e.g. time=0.1s,depth=6), with \
    turns=whole|actions for a turn of several actions, or an \
    external UCI engine after its limits: cmd=PROGRAM ARGS (e.g. nodes=5000,cmd=./old engine)";

/// Reads a player setting: `random`, `greedy`, or engine limits `depth=N`, `nodes=N`,
/// `time=DURATION`, alone or joined by commas, with `turns=whole|actions` ([`TurnSearch`]).
/// Each limit is checked as `chimera bestmove` checks it.
pub fn parse_player(text: &str) -> Result<Player, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err(format!("empty setting: {SETTINGS_HELP}"));
    }
    if let Ok(kind) = text.parse::<BaselineKind>() {
        return Ok(Player::Baseline(kind));
    }
    if let Some(at) = command_start(text) {
        let settings = text[..at].trim_end().trim_end_matches(',');
        return ExternalSettings::parse(settings, &text[at + 4..]).map(Player::External);
    }
    let mut settings = EngineSettings {
        depth: None,
        nodes: None,
        time: None,
        turns: None,
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
    if settings.depth.is_none() && settings.nodes.is_none() && settings.time.is_none() {
        return Err(format!(
            "`{}` sets no limit: give depth=N, nodes=N or time=DURATION too",
            excerpt(text)
        ));
    }
    Ok(Player::Engine(settings))
}

impl EngineSettings {
    /// Sets the limit `key` (`depth`, `nodes` or `time`, lower case) to `value`, checked as
    /// `chimera bestmove --depth/--nodes/--time` checks it, or `turns` (`whole` or
    /// `actions`); a setting given twice is refused.
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
            "turns" => {
                let t = match value.to_ascii_lowercase().as_str() {
                    "whole" => TurnSearch::Whole,
                    "actions" => TurnSearch::Actions,
                    _ => {
                        return Err(format!(
                            "turns={}: give `whole` (the whole-turn planner) or `actions` \
                             (action by action)",
                            excerpt(value)
                        ))
                    }
                };
                self.turns.replace(t).is_some()
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

/// Where a match's games start (`--start`), for a rule set with numbered starts (Turtle
/// Shell's option `shuffle`: 0 to 89).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Starts {
    /// The rule set's one start (or its default one).
    RuleSet,
    /// Every game from the numbered start N (`--start N`).
    Fixed(u32),
    /// Each pair from a start drawn from the match's seed among this many (a rule set
    /// with numbered starts and no `--start`): the same seed, the same starts.
    Drawn(u32),
}

/// The seed's use for a pair's drawn start ([`runner::derive_seed`]).
const SEED_START: u64 = 3;

impl Starts {
    /// The starts of a match under `rules` of `variant` with `--start` `start`: the
    /// numbered start checked against the rule set's (an error says the range, or that
    /// the rule set has one start), drawn starts for a rule set that has several.
    pub fn choose(variant: &str, rules: Option<&str>, start: Option<u32>) -> Result<Starts, Error> {
        match (start, crate::registry::numbered_starts(variant, rules)) {
            (None, None) => Ok(Starts::RuleSet),
            (None, Some(count)) => Ok(Starts::Drawn(count)),
            (Some(n), Some(count)) if n < count => Ok(Starts::Fixed(n)),
            (Some(n), Some(count)) => Err(Error::new(format!(
                "--start {n}: the starts are numbered 0 to {}",
                count - 1
            ))),
            (Some(n), None) => Err(Error::new(format!(
                "--start {n}: the rule set {} of {variant} has one start (numbered starts \
                 come with Turtle Shell's option shuffle, e.g. --rules ko+shuffle)",
                rules.unwrap_or("standard")
            ))),
        }
    }

    /// The numbered start of pair `pair` in a match seeded with `seed`, if any.
    pub fn of_pair(&self, seed: u64, pair: usize) -> Option<u32> {
        match *self {
            Starts::RuleSet => None,
            Starts::Fixed(n) => Some(n),
            Starts::Drawn(count) => {
                Some((runner::derive_seed(seed, pair, SEED_START) % u64::from(count.max(1))) as u32)
            }
        }
    }

    /// The position text pair `pair` starts from (`start N`), if not the rule set's start.
    pub fn text_of_pair(&self, seed: u64, pair: usize) -> Option<String> {
        self.of_pair(seed, pair).map(|n| format!("start {n}"))
    }

    /// Whether the pairs may start from different positions.
    pub fn vary(&self) -> bool {
        matches!(self, Starts::Drawn(_))
    }

    /// In words, for the report and the results' key: `start 17`, `a start drawn from the
    /// seed per pair (of 90)`; `None` for the rule set's start.
    pub fn describe(&self) -> Option<String> {
        match *self {
            Starts::RuleSet => None,
            Starts::Fixed(n) => Some(format!("start {n}")),
            Starts::Drawn(count) => Some(format!(
                "a start drawn from the seed for each pair (of {count})"
            )),
        }
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
    /// The adjudication by the engines' scores (`--resign`, `--draw`; off by default).
    pub adjudication: Adjudication,
    /// Where each pair starts (`--start`).
    pub starts: Starts,
    /// Each pair's opening.
    pub openings: Openings,
    /// The seed of the random players and openings.
    pub seed: u64,
    /// The games of the whole match.
    pub games: usize,
    /// The slice of the match this run plays.
    pub shard: crate::shard::Shard,
    /// The SPRT that may stop the match.
    pub sprt: Option<Sprt>,
    /// Stops the match when set: the games under way stop at their next move.
    pub stop: Arc<AtomicBool>,
    /// Ends the match when set (the SPRT decided): no game starts, those under way end.
    pub finish: Arc<AtomicBool>,
}

impl Setup {
    /// The rule set's name (the variant's standard one if none was given).
    pub fn rules_name(&self) -> &str {
        self.rules.as_deref().unwrap_or(self.variant.rule_sets[0])
    }

    /// The position text the games of pair `pair` start from (`start N`), if not the rule
    /// set's start.
    pub fn start_of_pair(&self, pair: usize) -> Option<String> {
        self.starts.text_of_pair(self.seed, pair)
    }

    /// The `UCI_Variant` value an external engine is given: the variant's name for its
    /// standard rules, `NAME-RULES` for another rule set (`turret-kwagga`), as `chimera
    /// engine` lists them.
    pub fn uci_variant(&self) -> String {
        let rules = self.rules_name();
        if rules == self.variant.rule_sets[0] {
            self.variant.name.to_string()
        } else {
            format!("{}-{rules}", self.variant.name)
        }
    }
}

/// The SPRT followed as games end: the pairs completed so far, and the test's state.
#[derive(Clone, Debug, Default)]
pub struct SprtWatch {
    sprt: Option<Sprt>,
    pairing: Pairing,
    state: Option<SprtState>,
    decided: Option<(u64, SprtState)>,
}

impl SprtWatch {
    /// Follows `sprt` (nothing to follow without one).
    pub fn new(sprt: Option<Sprt>) -> SprtWatch {
        SprtWatch {
            sprt,
            ..SprtWatch::default()
        }
    }

    /// Counts a game; returns the test's state when the game completed a pair.
    pub fn add(&mut self, played: &Played) -> Option<SprtState> {
        let result = GameResult::from_score(played.a_score());
        let completed = self.pairing.add(played.index, result);
        let sprt = self.sprt?;
        if !completed {
            return None;
        }
        let state = sprt.state(self.pairing.pairs_so_far());
        self.state = Some(state);
        if self.decided.is_none() && state.decision != crate::sprt::Decision::Continue {
            self.decided = Some((self.pairing.pairs_so_far().pair_count(), state));
        }
        Some(state)
    }

    /// When the test first decided: after how many pairs, and its state then.
    pub fn decided(&self) -> Option<(u64, SprtState)> {
        self.decided
    }

    /// The test's state after the last pair completed, if any.
    pub fn state(&self) -> Option<SprtState> {
        self.state
    }
}

/// What a run of a match writes to its save folder (`results.json`, or a slice's file):
/// the match, the counts, and the games (`complete`: every game of the run was played).
pub fn shard_results(setup: &Setup, results: &[Played], complete: bool) -> ShardResults {
    let mut pairing = Pairing::default();
    let mut game_list = Vec::with_capacity(results.len());
    for p in results {
        pairing.add(p.index, GameResult::from_score(p.a_score()));
        game_list.push(GameEntry {
            index: p.index as u64,
            a_white: p.a_white,
            result: p.result().to_string(),
            ending: p.ending(setup.max_plies as u32),
            plies: p.plies as u64,
        });
    }
    ShardResults {
        format: FORMAT.into(),
        key: MatchKey {
            variant: setup.variant.name.to_string(),
            rules: setup.rules_name().to_string(),
            a: setup.players[0].to_string(),
            b: setup.players[1].to_string(),
            games: setup.games as u64,
            seed: setup.seed,
            max_plies: setup.max_plies as u64,
            openings: setup.openings.source.clone(),
            start: setup.starts.describe(),
            adjudication: setup.adjudication.describe(),
            sprt: setup.sprt,
        },
        shard: setup.shard,
        results: pairing.finish(),
        complete,
        game_list,
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

    #[test]
    fn engine_players_choose_how_turns_are_searched() {
        let p = parse_player("nodes=1500, turns=Actions").unwrap();
        assert_eq!(p.to_string(), "nodes=1500,turns=actions");
        let Player::Engine(s) = &p else {
            panic!("an engine")
        };
        assert_eq!(s.turns, Some(TurnSearch::Actions));
        assert!(s.limits().per_action);
        assert_eq!(s.limits().nodes, Some(1500));
        let Player::Engine(s) = parse_player("turns=whole,time=0.1s").unwrap() else {
            panic!("an engine")
        };
        assert_eq!(s.turns, Some(TurnSearch::Whole));
        assert!(!s.limits().per_action);
        let Player::Engine(s) = parse_player("nodes=40000").unwrap() else {
            panic!("an engine")
        };
        assert_eq!(s.turns, None);
        assert!(!s.limits().per_action);
    }

    #[test]
    fn bad_turn_settings_are_refused() {
        let e = parse_player("nodes=1500,turns=half").unwrap_err();
        assert!(e.contains("turns=half") && e.contains("`actions`"), "{e}");
        let e = parse_player("nodes=1,turns=actions,turns=whole").unwrap_err();
        assert!(e.contains("`turns` given twice"), "{e}");
        let e = parse_player("turns=actions").unwrap_err();
        assert!(e.contains("sets no limit"), "{e}");
        let e = parse_player("nodes=1,turns=actions,cmd=./old engine").unwrap_err();
        assert!(e.contains("not of an external one"), "{e}");
    }

    #[test]
    fn external_players_read_and_write_back() {
        let text = "nodes=300, option.Hash=8,timeout=2s,cmd=./old engine --x 'a b'";
        let p = parse_player(text).unwrap();
        let Player::External(s) = &p else {
            panic!("an external engine")
        };
        assert_eq!(s.command, ["./old", "engine", "--x", "a b"]);
        assert_eq!(s.nodes, Some(300));
        assert_eq!(s.options, [("Hash".to_string(), "8".to_string())]);
        assert_eq!(
            s.go(),
            Go {
                nodes: Some(300),
                ..Go::default()
            }
        );
        assert_eq!(s.wait(), Duration::from_secs(2));
        assert_eq!(
            p.to_string(),
            "nodes=300,option.Hash=8,timeout=2s,cmd=./old engine --x 'a b'"
        );
        assert_eq!(parse_player(&p.to_string()), Ok(p.clone()));
        // cmd= alone: a second a move, awaited 1 s and a half more.
        let Player::External(s) = parse_player("cmd=stockfish").unwrap() else {
            panic!("an external engine")
        };
        assert_eq!(s.go().movetime, Some(DEFAULT_TIME));
        assert_eq!(s.wait(), DEFAULT_TIME + DEFAULT_GRACE + DEFAULT_TIME / 2);
        // The command keeps its commas; nodes alone are awaited a minute.
        let Player::External(s) = parse_player("nodes=10,cmd=eng --opt a,b").unwrap() else {
            panic!("an external engine")
        };
        assert_eq!(s.command, ["eng", "--opt", "a,b"]);
        assert_eq!(s.wait(), DEFAULT_UNTIMED_WAIT);
        assert!(parse_player("cmd=").is_err());
        assert!(parse_player("cmd='open").is_err());
        assert!(parse_player("speed=3,cmd=x")
            .unwrap_err()
            .contains("unknown setting"));
        assert!(parse_player("random,cmd=x").is_err());
        assert!(parse_player("nodes=1,nodes=2,cmd=x")
            .unwrap_err()
            .contains("twice"));
    }
}
