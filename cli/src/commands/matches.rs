//! `chimera match`: two players (the engine under given limits, or a baseline) play a
//! series of games, colours alternating, several games at a time; the result as a table
//! with the Elo difference and its error margin. (The module is not called `match`: a
//! keyword.)

use super::bestmove::{limits, parse_time, Computer, Report, SAFETY_TIME};
use crate::{registry, Failure, Io, Limit};
use chimera_core::{excerpt, Budget, Color, DynGame, Evaluate, Game, Outcome, Status, Variant};
use chimera_engine::baseline::{Baseline, BaselineKind, BASELINE_LEGALITY_NODES, WIN_SCORE};
use chimera_engine::{Limits, Score, SearchError};
use clap::Args;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

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
        let checked = |r: Result<Limits, Failure>| r.map_err(|f| f.message.replace("--", ""));
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

/// The arguments of `chimera match`.
#[derive(Clone, Debug, Args)]
pub struct MatchArgs {
    /// The variant (see `chimera variants`), e.g. turret.
    pub variant: String,
    /// The rule set (see `chimera variants`); default: the variant's standard rules.
    #[arg(long, value_name = "NAME")]
    pub rules: Option<String>,
    /// The first player: `random`, `greedy`, or the engine's limits for each move
    /// (`time=0.1s`, `depth=6`, `nodes=20000`, or several joined by commas).
    #[arg(long, value_name = "SETTINGS", value_parser = parse_player)]
    pub a: Player,
    /// The second player, as for --a.
    #[arg(long, value_name = "SETTINGS", value_parser = parse_player)]
    pub b: Player,
    /// The number of games (at most 100000); a plays White in the first, third, ... game.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_GAMES, value_parser = parse_games)]
    pub games: u32,
    /// Games played at once; default: the number of processors.
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    /// Start each pair of games (one with each colour) with this many random plies, the
    /// same for both games of the pair, so that deterministic players do not repeat one game.
    /// A ply is one player's turn (in Tiling Rider, all the actions of a turn).
    #[arg(long, value_name = "K", default_value_t = 0)]
    pub openings: u32,
    /// Stop a game after this many plies and count it as a draw, reported as adjudicated.
    /// A ply is one player's turn (in Tiling Rider, all the actions of a turn: a game is
    /// never stopped within a turn).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_PLIES)]
    pub max_plies: u32,
    /// The seed of the random players and openings; default: from the clock (the output
    /// says which). With engine limits by depth or nodes, the same seed replays the match.
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Write every game to this folder, as game-001.txt, game-002.txt, ... (records that
    /// `chimera validate` reads).
    #[arg(long, value_name = "DIR")]
    pub save: Option<PathBuf>,
    /// Print no line per game on standard error (when it is not a terminal; a terminal
    /// shows a progress bar).
    #[arg(long)]
    pub quiet: bool,
}

/// A baseline player as a [`Computer`] for variant `P` (see [`registry::baseline`]).
pub struct BaselineComputer<P: Evaluate> {
    baseline: Baseline<P>,
    seed: u64,
}

impl<P: Evaluate> BaselineComputer<P> {
    /// A baseline of `kind` seeded with `seed`.
    pub fn new(kind: BaselineKind, seed: u64) -> Self {
        BaselineComputer {
            baseline: Baseline::new(kind, seed),
            seed,
        }
    }
}

impl<P: Evaluate + chimera_core::Render + Send + 'static> Computer for BaselineComputer<P>
where
    P::Move: Send,
{
    /// The baseline's move (the limits play no part: a baseline answers at once).
    fn search(&mut self, game: &dyn DynGame, _limits: &Limits) -> Result<Report, Failure> {
        let start = Instant::now();
        let game = game.as_any().downcast_ref::<Game<P>>().ok_or_else(|| {
            Failure::input(format!("{}: the game is not of this variant", P::VARIANT))
        })?;
        let choice = self.baseline.choose(game).map_err(|e| match e {
            SearchError::GameOver(outcome) => Failure::input(format!(
                "the game is over ({outcome}): there is no move to choose"
            )),
            SearchError::NoProvenMove => Failure::input(e.to_string()),
        })?;
        let best_move = game.position().move_text(choice.mv);
        let elapsed = start.elapsed();
        let nodes = choice.choices as u64;
        Ok(Report {
            best_move: best_move.clone(),
            score: if choice.score >= WIN_SCORE {
                Score::WinIn(1)
            } else {
                Score::Centipawns(choice.score)
            },
            pv: vec![best_move],
            depth: u32::from(self.baseline.kind() == BaselineKind::Greedy),
            seldepth: 1,
            nodes,
            elapsed,
            nps: (nodes as f64 / elapsed.as_secs_f64().max(1e-9)) as u64,
            stopped: false,
        })
    }

    /// Restarts the generator from the seed it was made with.
    fn clear(&mut self) {
        self.baseline.reseed(self.seed);
    }
}

/// Why a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
enum End {
    /// By the rules.
    Rules(Outcome),
    /// Stopped at `--max-plies`.
    MaxPlies,
    /// Stopped for another reason (a position whose legality the budget left open, a
    /// player that could not move): counted as a draw.
    Other(String),
}

/// What one side did in a game.
#[derive(Clone, Copy, Debug, Default)]
struct SideStats {
    moves: u64,
    depth: u64,
    nodes: u64,
    time: Duration,
}

impl SideStats {
    /// A move searched, as its search reported it.
    fn add_move(&mut self, report: &Report) {
        self.moves += 1;
        self.depth += u64::from(report.depth);
        self.nodes += report.nodes;
        self.time += report.elapsed;
    }

    fn add(&mut self, other: &SideStats) {
        self.moves += other.moves;
        self.depth += other.depth;
        self.nodes += other.nodes;
        self.time += other.time;
    }
}

/// One game played.
struct Played {
    index: usize,
    a_white: bool,
    end: End,
    moves: Vec<String>,
    /// The side that played each move.
    sides: Vec<Color>,
    /// The actions of the random opening.
    opening: usize,
    /// The plies (turns) played, and of them the opening's.
    plies: usize,
    opening_plies: usize,
    /// a's and b's statistics.
    stats: [SideStats; 2],
    elapsed: Duration,
}

impl Played {
    /// Game `index`, not yet begun (a plays White in the games of even index).
    fn new(index: usize) -> Played {
        Played {
            index,
            a_white: index % 2 == 0,
            end: End::MaxPlies,
            moves: Vec::new(),
            sides: Vec::new(),
            opening: 0,
            plies: 0,
            opening_plies: 0,
            stats: [SideStats::default(); 2],
            elapsed: Duration::ZERO,
        }
    }

    /// `57 plies`, or `30 plies (112 moves)` when a turn has several moves.
    fn length(&self) -> String {
        if self.plies == self.moves.len() {
            format!("{} plies", self.plies)
        } else {
            format!("{} plies ({} moves)", self.plies, self.moves.len())
        }
    }

    /// a's score: 1, 0.5 or 0.
    fn a_score(&self) -> f64 {
        match &self.end {
            End::Rules(outcome) => match outcome.winner() {
                Some(w) if (w == Color::White) == self.a_white => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            },
            _ => 0.5,
        }
    }

    /// `1-0`, `0-1` or `1/2-1/2`.
    fn result(&self) -> &'static str {
        match &self.end {
            End::Rules(outcome) => outcome.score(),
            _ => "1/2-1/2",
        }
    }

    fn ending(&self, max_plies: u32) -> String {
        match &self.end {
            End::Rules(Outcome::Win { reason, .. }) => format!("win by {reason}"),
            End::Rules(Outcome::Draw { reason }) => format!("draw by {reason}"),
            End::MaxPlies => format!("adjudicated draw ({max_plies} plies)"),
            End::Other(why) => format!("adjudicated draw ({why})"),
        }
    }
}

/// What every game of a match shares.
struct Setup {
    variant: Variant,
    rules: Option<String>,
    players: [Player; 2],
    max_plies: usize,
    openings: usize,
    seed: u64,
    stop: Arc<AtomicBool>,
}

impl Setup {
    /// The rule set's name (the variant's standard one if none was given).
    fn rules_name(&self) -> &str {
        self.rules.as_deref().unwrap_or(self.variant.rule_sets[0])
    }
}

/// A seed for one use (`what`) in game or pair `n`.
fn derive_seed(seed: u64, n: usize, what: u64) -> u64 {
    use chimera_core::zobrist::splitmix64;
    splitmix64(seed ^ splitmix64((n as u64).wrapping_mul(4).wrapping_add(what)))
}

const SEED_A: u64 = 1;
const SEED_B: u64 = 2;
const SEED_OPENING: u64 = 3;

/// A legality budget for a move played or a status asked.
fn budget(stop: &Arc<AtomicBool>) -> Budget {
    Budget::nodes(BASELINE_LEGALITY_NODES).with_stop(stop.clone())
}

/// The players of one game: each side's baseline or engine with its limits, and the random
/// player of the opening.
struct Seats<'e> {
    /// Each baseline side's player, seeded for this game.
    baselines: [Option<Box<dyn Computer>>; 2],
    /// Each engine side's player (kept by the thread from game to game, cleared for this one).
    engines: &'e mut [Option<Box<dyn Computer>>; 2],
    /// The player of the random opening, if there is one.
    opener: Option<Box<dyn Computer>>,
    limits: [Limits; 2],
}

impl<'e> Seats<'e> {
    /// The players of game `index`: a baseline seeded for this game, an engine from
    /// `engines` cleared; and an opener seeded for the pair of games (both games of a pair
    /// open with the same random plies).
    fn new(setup: &Setup, index: usize, engines: &'e mut [Option<Box<dyn Computer>>; 2]) -> Self {
        let name = setup.variant.name;
        let mut baselines: [Option<Box<dyn Computer>>; 2] = [None, None];
        for (side, player) in setup.players.iter().enumerate() {
            match player {
                Player::Baseline(kind) => {
                    let seed = derive_seed(setup.seed, index, [SEED_A, SEED_B][side]);
                    baselines[side] = registry::baseline(name, *kind, seed);
                }
                Player::Engine(_) => {
                    if let Some(e) = engines[side].as_mut() {
                        e.clear();
                    }
                }
            }
        }
        let opener = (setup.openings > 0)
            .then(|| {
                let seed = derive_seed(setup.seed, index / 2, SEED_OPENING);
                registry::baseline(name, BaselineKind::Random, seed)
            })
            .flatten();
        let limits = std::array::from_fn(|side| match &setup.players[side] {
            Player::Engine(s) => s.limits().with_stop(setup.stop.clone()),
            Player::Baseline(_) => Limits::default(),
        });
        Seats {
            baselines,
            engines,
            opener,
            limits,
        }
    }

    /// The player who moves for `side` (the opener during the opening), and `side`'s limits.
    fn player(
        &mut self,
        side: usize,
        in_opening: bool,
    ) -> (Option<&mut Box<dyn Computer>>, &Limits) {
        let player = if in_opening {
            self.opener.as_mut()
        } else {
            match &mut self.baselines[side] {
                Some(b) => Some(b),
                None => self.engines[side].as_mut(),
            }
        };
        (player, &self.limits[side])
    }
}

/// Plays game `index`. `engines` holds each side's engine, when it is one (cleared here).
fn play_game(
    setup: &Setup,
    index: usize,
    engines: &mut [Option<Box<dyn Computer>>; 2],
) -> Result<Played, Failure> {
    let start = Instant::now();
    let mut game = (setup.variant.new_game)(setup.rules.as_deref(), None)
        .map_err(|e| Failure::input(format!("{}: {e}", setup.variant.name)))?;
    let mut played = Played::new(index);
    let mut seats = Seats::new(setup, index, engines);
    played.end = loop {
        if setup.stop.load(Ordering::Relaxed) {
            return Err(Failure::input("stopped"));
        }
        if let Some(end) = next_move(setup, game.as_mut(), &mut played, &mut seats)? {
            break end;
        }
    };
    played.elapsed = start.elapsed();
    Ok(played)
}

/// Plays the next move of the game, and notes it in `played`; returns how the game ended
/// instead, if it did.
fn next_move(
    setup: &Setup,
    game: &mut dyn DynGame,
    played: &mut Played,
    seats: &mut Seats<'_>,
) -> Result<Option<End>, Failure> {
    match game.status(&mut budget(&setup.stop)) {
        Status::Over(outcome) => return Ok(Some(End::Rules(outcome))),
        Status::Undecided => {
            return Ok(Some(End::Other(
                "whether the game was over was not decided".into(),
            )))
        }
        Status::Ongoing => {}
    }
    let ply = played.moves.len();
    let turn = game.turn();
    // A ply is a turn: a new one starts when the side to move changes.
    if played.sides.last() != Some(&turn) {
        if played.plies >= setup.max_plies {
            return Ok(Some(End::MaxPlies));
        }
        played.plies += 1;
    }
    let side = usize::from((turn == Color::White) != played.a_white);
    let in_opening = played.plies <= setup.openings && seats.opener.is_some();
    if in_opening {
        played.opening = ply + 1;
        played.opening_plies = played.plies;
    }
    let (Some(player), limits) = seats.player(side, in_opening) else {
        return Err(Failure::input(format!(
            "{}: no computer player",
            setup.variant.name
        )));
    };
    let who = ["a", "b"][side];
    let report = match player.search(game, limits) {
        Ok(report) => report,
        Err(f) => {
            return Ok(Some(End::Other(format!(
                "{who} could not move: {}",
                f.message
            ))))
        }
    };
    if ply >= played.opening {
        played.stats[side].add_move(&report);
    }
    if let Err(e) = game.play_within(&report.best_move, &[], &mut budget(&setup.stop), false) {
        return Ok(Some(End::Other(format!(
            "{who}'s move {} refused: {e}",
            report.best_move
        ))));
    }
    played.moves.push(report.best_move);
    played.sides.push(turn);
    Ok(None)
}

/// The Elo difference for an expected score `s` (0 < s < 1).
fn elo(s: f64) -> f64 {
    // `+ 0.0` turns a negative zero into a positive one.
    -400.0 * (1.0 / s - 1.0).log10() + 0.0
}

/// The Elo difference of a score of `wins`, `draws`, `losses`, with its 95% margin, in
/// words: `+312 ± 85`, or for a perfect (or nil) score a bound.
pub fn elo_text(wins: u64, draws: u64, losses: u64) -> String {
    let n = (wins + draws + losses) as f64;
    if n == 0.0 {
        return "no games".into();
    }
    let s = (wins as f64 + draws as f64 / 2.0) / n;
    // A per-game score of expectation p is 1 with a probability of at most p: N wins in
    // N games have a probability of at most p^N, under 5% when p < 0.05^(1/N).
    let bound = elo(0.05f64.powf(1.0 / n));
    if wins as f64 == n {
        return format!(
            "beyond measure (a won every game); at least {bound:+.0} at 95% confidence"
        );
    }
    if losses as f64 == n {
        return format!(
            "beyond measure (a lost every game); at most {:+.0} at 95% confidence",
            -bound
        );
    }
    let var = (wins as f64 * (1.0 - s).powi(2)
        + draws as f64 * (0.5 - s).powi(2)
        + losses as f64 * s.powi(2))
        / n;
    if var == 0.0 {
        return "+0 (every game drawn: no spread to measure a margin)".into();
    }
    let delta = 1.96 * (var / n).sqrt();
    let e = elo(s);
    let (lo, hi) = (s - delta, s + delta);
    match (lo > 0.0, hi < 1.0) {
        (true, true) => format!(
            "{e:+.0} ± {:.0} (95% confidence: {:+.0} to {:+.0})",
            (elo(hi) - elo(lo)) / 2.0,
            elo(lo),
            elo(hi)
        ),
        (true, false) => format!("{e:+.0} (95% confidence: at least {:+.0})", elo(lo)),
        (false, true) => format!("{e:+.0} (95% confidence: at most {:+.0})", elo(hi)),
        (false, false) => format!("{e:+.0} (95% confidence: any)"),
    }
}

/// Wins, draws and losses of a.
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    wins: u64,
    draws: u64,
    losses: u64,
}

impl Tally {
    fn add(&mut self, score: f64) {
        if score == 1.0 {
            self.wins += 1;
        } else if score == 0.0 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }
    fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }
    fn points(&self) -> f64 {
        self.wins as f64 + self.draws as f64 / 2.0
    }
    fn row(&self, label: &str) -> String {
        let g = self.games();
        let pct = if g == 0 {
            "-".to_string()
        } else {
            format!("{:.1}%", 100.0 * self.points() / g as f64)
        };
        format!(
            "{label:<12} {g:>6} {:>6} {:>6} {:>7} {:>7}",
            self.wins, self.draws, self.losses, pct
        )
    }
}

/// A game as a record `chimera validate` reads: comments saying who played and how it
/// ended, then the moves, one line per White turn.
fn record_text(setup: &Setup, played: &Played, games: usize, file: &str) -> String {
    let mut text = record_header(setup, played, games, file);
    text.push_str(&move_lines(&played.moves, &played.sides));
    let _ = writeln!(text, "{}", played.result());
    text
}

/// The comments at the top of a game's record: the game, its players, its result, its
/// opening, and the command that checks it.
fn record_header(setup: &Setup, played: &Played, games: usize, file: &str) -> String {
    let name = setup.variant.name;
    let rules = setup.rules_name();
    let (white, black) = if played.a_white { (0, 1) } else { (1, 0) };
    let players = &setup.players;
    let mut text = String::new();
    let _ = writeln!(
        text,
        "# chimera match: game {} of {games}, {name}, rules {rules}",
        played.index + 1
    );
    let _ = writeln!(
        text,
        "# White: {} ({}); Black: {} ({})",
        ["a", "b"][white],
        players[white],
        ["a", "b"][black],
        players[black]
    );
    let _ = writeln!(
        text,
        "# Result: {} {}, after {}",
        played.result(),
        played.ending(setup.max_plies as u32),
        played.length()
    );
    if played.opening > 0 {
        let moves = if played.opening == played.opening_plies {
            String::new()
        } else {
            format!(" ({} moves)", played.opening)
        };
        let _ = writeln!(
            text,
            "# The first {} plies{moves} are a random opening (seed {}).",
            played.opening_plies, setup.seed
        );
    }
    let _ = writeln!(
        text,
        "# Check it with: chimera validate {name} {file} --rules {rules}"
    );
    text
}

/// The moves, each played by the side beside it, numbered one line per White turn
/// (`1. e4 e5`; a line that starts with Black's move is numbered `1...`).
fn move_lines(moves: &[String], sides: &[Color]) -> String {
    let mut text = String::new();
    let mut number = 0;
    let mut line = String::new();
    let mut last = None;
    for (mv, &side) in moves.iter().zip(sides) {
        if side == Color::White && last != Some(Color::White) {
            if !line.is_empty() {
                let _ = writeln!(text, "{line}");
            }
            number += 1;
            line = format!("{number}.");
        } else if line.is_empty() {
            number += 1;
            line = format!("{number}...");
        }
        line.push(' ');
        line.push_str(mv);
        last = Some(side);
    }
    if !line.is_empty() {
        let _ = writeln!(text, "{line}");
    }
    text
}

fn duration_text(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s < 60.0 {
        format!("{s:.1} s")
    } else if s < 3600.0 {
        format!("{}m {:02}s", d.as_secs() / 60, d.as_secs() % 60)
    } else {
        format!("{}h {:02}m", d.as_secs() / 3600, d.as_secs() % 3600 / 60)
    }
}

pub fn run(io: &mut Io<'_>, args: &MatchArgs) -> Result<(), Failure> {
    let variant = registry::lookup(&args.variant).map_err(Failure::input)?;
    (variant.new_game)(args.rules.as_deref(), None)
        .map_err(|e| Failure::input(format!("{}: {e}", variant.name)))?;
    check_lengths(args)?;
    let games = args.games as usize;
    let jobs = jobs(args.jobs)?.min(games);
    let seed = args.seed.unwrap_or_else(clock_seed);
    if let Some(dir) = &args.save {
        std::fs::create_dir_all(dir)
            .map_err(|e| Failure::input(format!("--save: cannot create {}: {e}", dir.display())))?;
    }
    let setup = Setup {
        variant,
        rules: args.rules.clone(),
        players: [args.a.clone(), args.b.clone()],
        max_plies: args.max_plies as usize,
        openings: args.openings as usize,
        seed,
        stop: Arc::new(AtomicBool::new(false)),
    };
    let started = Instant::now();
    let bar = io.progress.then(|| progress_bar(games));
    let mut results: Vec<Played> = Vec::with_capacity(games);
    let mut points = 0.0;
    let all_played = play_games(&setup, games, jobs, |played| {
        points += played.a_score();
        if let Some(dir) = &args.save {
            save_game(&setup, &played, games, dir)?;
        }
        let done = results.len() + 1;
        let score = format!("a {points}/{done} ({:.0}%)", 100.0 * points / done as f64);
        if let Some(bar) = &bar {
            bar.set_message(score);
            bar.inc(1);
        } else if !args.quiet {
            let _ = writeln!(io.err, "{}; {score}", game_line(&setup, &played, games));
        }
        results.push(played);
        Ok(())
    });
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    all_played?;
    let elapsed = started.elapsed();
    results.sort_by_key(|p| p.index);
    report(io, &setup, args, jobs, &results, elapsed)
}

/// Refuses a `--max-plies` or `--openings` out of range.
fn check_lengths(args: &MatchArgs) -> Result<(), Failure> {
    if args.max_plies == 0 || args.max_plies > MAX_MAX_PLIES {
        return Err(Failure::input(format!(
            "--max-plies {}: give from 1 to {MAX_MAX_PLIES}",
            args.max_plies
        )));
    }
    if args.openings > MAX_OPENING_PLIES {
        return Err(Failure::input(format!(
            "--openings {}: give from 0 to {MAX_OPENING_PLIES} random plies",
            args.openings
        )));
    }
    Ok(())
}

/// The games played at once: `--jobs` (1 to [`MAX_JOBS`]), or the number of processors.
fn jobs(asked: Option<usize>) -> Result<usize, Failure> {
    match asked {
        Some(0) => Err(Failure::input("--jobs 0: give at least 1")),
        Some(j) if j > MAX_JOBS => Err(Failure::input(format!(
            "--jobs {j}: give at most {MAX_JOBS}"
        ))),
        Some(j) => Ok(j),
        None => Ok(std::thread::available_parallelism().map_or(1, |n| n.get())),
    }
}

/// A seed from the clock, short enough to type back.
fn clock_seed() -> u64 {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    chimera_core::zobrist::splitmix64(now.as_nanos() as u64) % 1_000_000_000
}

/// The bar a terminal shows: games done, and a's score so far.
fn progress_bar(games: usize) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(games as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{elapsed_precise} [{bar:30}] {pos}/{len} games, {msg} (eta {eta})",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
        .progress_chars("=> "),
    );
    bar.set_message("a 0/0");
    bar
}

/// Plays the match's games on `jobs` threads, calling `each` (on this thread) with every
/// game as it ends. The first failure, a game's or `each`'s, stops the match (the games
/// under way stop at their next move) and is returned; no game is passed to `each` after it.
fn play_games(
    setup: &Setup,
    games: usize,
    jobs: usize,
    mut each: impl FnMut(Played) -> Result<(), Failure>,
) -> Result<(), Failure> {
    let next = AtomicUsize::new(0);
    let mut failure: Option<Failure> = None;
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<Result<Played, Failure>>();
        for _ in 0..jobs {
            let tx = tx.clone();
            let next = &next;
            scope.spawn(move || play_games_in_turn(setup, games, next, &tx));
        }
        drop(tx);
        for result in rx {
            let kept = match result {
                Ok(played) if failure.is_none() => each(played),
                Ok(_) => continue,
                Err(f) => Err(f),
            };
            if let Err(f) = kept {
                setup.stop.store(true, Ordering::Relaxed);
                failure.get_or_insert(f);
            }
        }
    });
    failure.map_or(Ok(()), Err)
}

/// One thread of a match: plays the next game not yet taken (counted by `next`) until
/// none is left, the match is stopped, or a game fails; sends each result to `tx`.
fn play_games_in_turn(
    setup: &Setup,
    games: usize,
    next: &AtomicUsize,
    tx: &mpsc::Sender<Result<Played, Failure>>,
) {
    let mut engines: [Option<Box<dyn Computer>>; 2] =
        std::array::from_fn(|side| match setup.players[side] {
            Player::Engine(_) => registry::computer(setup.variant.name),
            Player::Baseline(_) => None,
        });
    loop {
        let i = next.fetch_add(1, Ordering::Relaxed);
        if i >= games || setup.stop.load(Ordering::Relaxed) {
            break;
        }
        let result = play_game(setup, i, &mut engines);
        let failed = result.is_err();
        if tx.send(result).is_err() || failed {
            break;
        }
    }
}

/// The file a game is saved in: `game-001.txt` (wide enough for the number of games).
fn file_name(index: usize, games: usize) -> String {
    let width = games.to_string().len().max(3);
    format!("game-{:0width$}.txt", index + 1)
}

/// Writes a game's record into the `--save` folder.
fn save_game(setup: &Setup, played: &Played, games: usize, dir: &Path) -> Result<(), Failure> {
    let file = dir.join(file_name(played.index, games));
    let text = record_text(setup, played, games, &file.display().to_string());
    std::fs::write(&file, text)
        .map_err(|e| Failure::input(format!("--save: cannot write {}: {e}", file.display())))
}

/// The line on standard error for a game ended: `game 3/100: a White 1-0, win by
/// checkmate, 57 plies, 1.2 s`.
fn game_line(setup: &Setup, played: &Played, games: usize) -> String {
    format!(
        "game {}/{games}: a {} {}, {}, {}, {}",
        played.index + 1,
        if played.a_white { "White" } else { "Black" },
        played.result(),
        played.ending(setup.max_plies as u32),
        played.length(),
        duration_text(played.elapsed),
    )
}

/// What the games of a match add up to, from a's side.
#[derive(Default)]
struct Summary {
    all: Tally,
    white: Tally,
    black: Tally,
    /// How many games ended each way (`win by checkmate`…).
    endings: BTreeMap<String, u64>,
    adjudicated: u64,
    /// a's and b's statistics.
    stats: [SideStats; 2],
    /// Plies (turns) and moves played in all.
    plies: usize,
    moves: usize,
    games: usize,
}

impl Summary {
    fn of(results: &[Played], max_plies: u32) -> Summary {
        let mut sum = Summary::default();
        for p in results {
            let s = p.a_score();
            sum.all.add(s);
            if p.a_white {
                sum.white.add(s);
            } else {
                sum.black.add(s);
            }
            if !matches!(p.end, End::Rules(_)) {
                sum.adjudicated += 1;
            }
            *sum.endings.entry(p.ending(max_plies)).or_default() += 1;
            sum.stats[0].add(&p.stats[0]);
            sum.stats[1].add(&p.stats[1]);
            sum.plies += p.plies;
            sum.moves += p.moves.len();
        }
        sum.games = results.len();
        sum
    }

    /// a's score as a table (overall, as White, as Black), and the Elo difference.
    fn write_scores(&self, out: &mut dyn std::io::Write) -> Result<(), Failure> {
        writeln!(
            out,
            "{:<12} {:>6} {:>6} {:>6} {:>7} {:>7}",
            "a", "games", "wins", "draws", "losses", "score"
        )?;
        writeln!(out, "{}", self.all.row("overall"))?;
        writeln!(out, "{}", self.white.row("as White"))?;
        writeln!(out, "{}", self.black.row("as Black"))?;
        writeln!(out)?;
        let all = &self.all;
        writeln!(
            out,
            "Elo difference (a - b): {}",
            elo_text(all.wins, all.draws, all.losses)
        )?;
        Ok(())
    }

    /// The endings, most frequent first: `win by checkmate: 12; draw by stalemate: 3`.
    fn endings_text(&self) -> String {
        let mut by_count: Vec<(&String, &u64)> = self.endings.iter().collect();
        by_count.sort_by(|x, y| y.1.cmp(x.1).then(x.0.cmp(y.0)));
        let texts: Vec<String> = by_count.iter().map(|(e, n)| format!("{e}: {n}")).collect();
        texts.join("; ")
    }

    /// `Average game: 57 plies`, with the moves too when a turn has several; `None` without
    /// games.
    fn average_text(&self) -> Option<String> {
        if self.games == 0 {
            return None;
        }
        let n = self.games as f64;
        Some(if self.moves == self.plies {
            format!("Average game: {:.0} plies", self.plies as f64 / n)
        } else {
            format!(
                "Average game: {:.0} plies (turns), {:.0} moves",
                self.plies as f64 / n,
                self.moves as f64 / n
            )
        })
    }
}

/// Prints the match's result: what was played, a's score overall and by colour, the Elo
/// difference, how the games ended, the engines' averages, and where the games were saved.
fn report(
    io: &mut Io<'_>,
    setup: &Setup,
    args: &MatchArgs,
    jobs: usize,
    results: &[Played],
    elapsed: Duration,
) -> Result<(), Failure> {
    let sum = Summary::of(results, setup.max_plies as u32);
    let rules = setup.rules_name();
    let out = &mut io.out;
    writeln!(
        out,
        "Match: {}, rules {rules}: a = {}, b = {}",
        setup.variant.name, setup.players[0], setup.players[1]
    )?;
    writeln!(
        out,
        "{} games, {jobs} at a time, in {}; seed {}; at most {} plies a game; {}",
        results.len(),
        duration_text(elapsed),
        setup.seed,
        setup.max_plies,
        if setup.openings == 0 {
            "no random opening".to_string()
        } else {
            format!(
                "random openings of {} plies (each played with both colours)",
                setup.openings
            )
        }
    )?;
    writeln!(out)?;
    sum.write_scores(out)?;
    writeln!(
        out,
        "Adjudicated: {} (counted as draws; stopped at {} plies or undecided)",
        sum.adjudicated, setup.max_plies
    )?;
    writeln!(out, "Endings: {}", sum.endings_text())?;
    if let Some(average) = sum.average_text() {
        writeln!(out, "{average}")?;
    }
    write_engine_stats(out, setup, &sum.stats)?;
    if let Some(dir) = &args.save {
        writeln!(
            out,
            "Saved: {} games in {} (check one with: chimera validate {} {} --rules {rules})",
            results.len(),
            dir.display(),
            setup.variant.name,
            dir.join(file_name(0, args.games as usize)).display()
        )?;
    }
    Ok(())
}

/// For each engine player that searched: its moves' average depth, nodes and time.
fn write_engine_stats(
    out: &mut dyn std::io::Write,
    setup: &Setup,
    stats: &[SideStats; 2],
) -> Result<(), Failure> {
    for (side, player) in setup.players.iter().enumerate() {
        let s = &stats[side];
        if let (Player::Engine(_), true) = (player, s.moves > 0) {
            let m = s.moves as f64;
            writeln!(
                out,
                "{}: {} moves searched: depth {:.1}, {:.0} nodes and {:.0} ms a move on average",
                ["a", "b"][side],
                s.moves,
                s.depth as f64 / m,
                s.nodes as f64 / m,
                s.time.as_secs_f64() * 1000.0 / m
            )?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_follows_the_standard_formula() {
        // 75% is +191 Elo, 25% is -191.
        assert!(
            elo_text(30, 0, 10).starts_with("+191 ± "),
            "{}",
            elo_text(30, 0, 10)
        );
        assert!(
            elo_text(10, 0, 30).starts_with("-191"),
            "{}",
            elo_text(10, 0, 30)
        );
        assert!(elo_text(10, 80, 10).starts_with("+0 ± "));
        assert!(elo_text(0, 5, 0).starts_with("+0 (every game drawn"));
        // The margin shrinks with more games.
        let margin = |w: u64, d: u64, l: u64| -> f64 {
            let t = elo_text(w, d, l);
            let m = t.split("± ").nth(1).unwrap().split(' ').next().unwrap();
            m.parse().unwrap()
        };
        assert!(margin(60, 20, 20) < margin(6, 2, 2));
        // A perfect score: a bound, p^100 >= 0.05.
        assert_eq!(
            elo_text(100, 0, 0),
            "beyond measure (a won every game); at least +607 at 95% confidence"
        );
        assert!(elo_text(0, 0, 100).contains("at most -607"));
        // 99 wins and one draw: the upper end of the interval is beyond 100%.
        assert!(
            elo_text(99, 1, 0).contains("at least"),
            "{}",
            elo_text(99, 1, 0)
        );
    }

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
