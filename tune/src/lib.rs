//! # chimera-tune
//!
//! Tuning the variants' evaluations, reproducibly from the repository:
//!
//! - [`selfplay`]: engine games under fixed node counts, from the standard start after a
//!   few random plies (each opening played twice, colours swapped), recording quiet
//!   positions with the game's result: the data set. The same games measure two sets of
//!   weights against each other (`tuned`, `legacy`, or a weight file: see
//!   [`WeightChoice`]): the score, and the Elo difference with its 95 % margin.
//! - [`tune`]: Texel's method on such a data set (see [`chimera_kit::tune`]): the
//!   logistic scale `k` first, then the weights by gradient descent, written out as the
//!   variant's weight file (`src/weights.txt` in its crate).
//!
//! A data file has one position a line: the result for White (`1`, `0.5` or `0`), a tab,
//! the position text.
//!
//! Variants: chess, turtle-shell, turret, turnover, triagonal, tiling-rider (their standard
//! rules). Chess evaluates with its weight file compiled in (for speed): its self-play
//! plays the crate's weights only, and two weight sets are measured with two builds.
#![forbid(unsafe_code)]

use chimera_core::{Color, Evaluate, Game, Position, RuleSet};
use chimera_engine::baseline::Baseline;
use chimera_engine::{Engine, Limits, Score as EngineScore, SearchError};
use chimera_kit::tune::{
    descend, error, fit_k, select, write_weights, Choice, Dataset, Dense, Features, Fit, WeightSet,
};
use std::io::Write;

/// The variants that can be tuned.
pub const VARIANTS: &[&str] = &[
    "chess",
    "turtle-shell",
    "turret",
    "turnover",
    "triagonal",
    "tiling-rider",
];

/// The weights a player evaluates with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WeightChoice {
    /// The variant crate's weight file.
    Tuned,
    /// The evaluation before tuning (issue 21's start).
    Legacy,
    /// A weight file's text (read by the caller).
    File(String),
}

impl WeightChoice {
    /// `tuned`, `legacy`, or anything else as a weight file's text read by `read`.
    pub fn parse(
        arg: &str,
        read: impl FnOnce(&str) -> Result<String, String>,
    ) -> Result<WeightChoice, String> {
        match arg {
            "tuned" => Ok(WeightChoice::Tuned),
            "legacy" => Ok(WeightChoice::Legacy),
            path => read(path).map(WeightChoice::File),
        }
    }
}

/// How [`selfplay`] plays.
#[derive(Clone, Debug)]
pub struct SelfplayOptions {
    /// Games to play (rounded up to pairs: each opening with both colours).
    pub games: u32,
    /// Nodes per move of player a.
    pub nodes: u64,
    /// Nodes per move of player b.
    pub b_nodes: u64,
    /// The seed of the openings and the sampling.
    pub seed: u64,
    /// Random plies from the start before the engines play.
    pub random_plies: u32,
    /// Plies (after the random ones) before any position is recorded.
    pub skip_plies: u32,
    /// A quiet position is recorded with probability 1 / `sample_every`.
    pub sample_every: u32,
    /// A game this long is stopped and counted as a draw.
    pub max_plies: u32,
    /// Adjudication by the engines' scores, `(SCORE, MOVES)`: a game is won by a side once
    /// both engines have agreed for MOVES moves each (consecutive plies) that it is ahead by
    /// SCORE centipawns or more (a mate score counts as beyond any); `None`: games are
    /// played to their end or to `max_plies`.
    pub resign: Option<(u32, u32)>,
    /// Player a's weights.
    pub a: WeightChoice,
    /// Player b's weights.
    pub b: WeightChoice,
    /// The rule set the games are played under (a name of the variant's `RuleSet::NAMES`,
    /// e.g. Turtle Shell's `ko+marshal`); `None`: the standard rules.
    pub rules: Option<String>,
    /// The position text every game starts from (then the random plies); `None`: the
    /// rule set's start.
    pub position: Option<String>,
}

impl Default for SelfplayOptions {
    fn default() -> SelfplayOptions {
        SelfplayOptions {
            games: 100,
            nodes: 2000,
            b_nodes: 2000,
            seed: 1,
            random_plies: 6,
            skip_plies: 4,
            sample_every: 3,
            max_plies: 400,
            resign: None,
            a: WeightChoice::Tuned,
            b: WeightChoice::Tuned,
            rules: None,
            position: None,
        }
    }
}

/// The result of a series of games for player a.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// a's wins.
    pub wins: u32,
    /// Draws (stopped games included).
    pub draws: u32,
    /// a's losses.
    pub losses: u32,
    /// Games stopped at the ply limit (counted as draws).
    pub stopped: u32,
    /// Positions recorded.
    pub positions: u64,
}

impl Score {
    /// a's score in [0, 1].
    pub fn fraction(&self) -> f64 {
        let n = self.wins + self.draws + self.losses;
        if n == 0 {
            return 0.5;
        }
        (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(n)
    }

    /// The Elo difference (a minus b) and its 95 % margin, from the games' scores (each 1,
    /// ½ or 0) as independent trials.
    pub fn elo(&self) -> (f64, f64) {
        let n = f64::from(self.wins + self.draws + self.losses);
        if n == 0.0 {
            return (0.0, 0.0);
        }
        let s = self.fraction().clamp(1e-3, 1.0 - 1e-3);
        let mean_sq = (f64::from(self.wins) + 0.25 * f64::from(self.draws)) / n;
        let sd = ((mean_sq - s * s).max(0.0) / n).sqrt();
        let to_elo = |p: f64| -400.0 * (1.0 / p.clamp(1e-3, 1.0 - 1e-3) - 1.0).log10();
        let elo = to_elo(s);
        let margin = (to_elo(s + 1.96 * sd) - to_elo(s - 1.96 * sd)) / 2.0;
        (elo, margin)
    }
}

impl std::fmt::Display for Score {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (elo, margin) = self.elo();
        write!(
            f,
            "{} wins, {} draws ({} stopped at the ply limit), {} losses: {:.1} %, Elo {:+.0} ± {:.0}",
            self.wins,
            self.draws,
            self.stopped,
            self.losses,
            100.0 * self.fraction(),
            elo,
            margin
        )
    }
}

/// SplitMix64: the sampling's random numbers.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// One player of a self-play series: its engine, its nodes, its weights.
struct Player<P: Evaluate> {
    engine: Engine<P>,
    nodes: u64,
    choice: Choice,
}

/// How one game ended, for White: 1, 0.5 or 0, and whether it was stopped.
struct GameEnd {
    white: f32,
    stopped: bool,
}

/// A search's score for White, in centipawns (a mate beyond any centipawn score).
fn white_score(score: EngineScore, turn: Color) -> i64 {
    let own = match score {
        EngineScore::Centipawns(cp) => i64::from(cp),
        EngineScore::WinIn(_) => 1 << 40,
        EngineScore::LossIn(_) => -(1 << 40),
    };
    if turn == Color::White {
        own
    } else {
        -own
    }
}

/// Self-play's adjudication by scores ([`SelfplayOptions::resign`]): the run of
/// consecutive plies whose searches all saw the same side ahead by the margin.
#[derive(Default)]
struct Resign {
    /// The side ahead in the run, and the run's length in plies.
    run: Option<(Color, u32)>,
}

impl Resign {
    /// Counts a search's score for White under `rule`; the winner once the run reaches
    /// MOVES moves of each side.
    fn note(&mut self, white: i64, rule: Option<(u32, u32)>) -> Option<Color> {
        let (margin, moves) = rule?;
        let margin = i64::from(margin);
        let ahead = if white >= margin {
            Some(Color::White)
        } else if white <= -margin {
            Some(Color::Black)
        } else {
            None
        };
        self.run = ahead.map(|side| match self.run {
            Some((s, n)) if s == side => (side, n + 1),
            _ => (side, 1),
        });
        self.run
            .filter(|&(_, n)| n >= 2 * moves)
            .map(|(side, _)| side)
    }
}

/// The player (0 = a, 1 = b) of the side to move.
fn mover(turn: Color, a_white: bool) -> usize {
    usize::from((turn == Color::White) != a_white)
}

/// Plays one game: `opening` random plies, then the engines; records the sampled quiet
/// positions' texts in `record`.
fn play_game<P>(
    players: &mut [Player<P>; 2],
    start: &P,
    opening: u64,
    a_white: bool,
    options: &SelfplayOptions,
    record: &mut Vec<String>,
) -> GameEnd
where
    P: Evaluate + Send,
    P::Move: Send,
{
    let mut game = Game::new(start.clone());
    let mut random = Baseline::<P>::random(opening);
    for _ in 0..options.random_plies {
        match random.choose(&game) {
            Ok(choice) => game.play_unchecked(choice.mv),
            Err(_) => break,
        }
    }
    let mut rng = Rng(opening ^ 0x5EED);
    let first = game.moves().len();
    for player in players.iter_mut() {
        player.engine.clear();
    }
    let mut resign = Resign::default();
    loop {
        let ply = game.moves().len();
        if ply - first >= options.max_plies as usize {
            return GameEnd {
                white: 0.5,
                stopped: true,
            };
        }
        let player = &mut players[mover(game.position().turn(), a_white)];
        select(player.choice);
        match player.engine.search(&game, &Limits::nodes(player.nodes)) {
            Ok(found) => {
                let position = game.position();
                let quiet = !position.is_noisy(found.best_move);
                if quiet
                    && ply - first >= options.skip_plies as usize
                    && rng.next() % u64::from(options.sample_every.max(1)) == 0
                {
                    record.push(position.to_text());
                }
                let white = white_score(found.score, position.turn());
                if let Some(winner) = resign.note(white, options.resign) {
                    return GameEnd {
                        white: if winner == Color::White { 1.0 } else { 0.0 },
                        stopped: false,
                    };
                }
                game.play_unchecked(found.best_move);
            }
            Err(SearchError::GameOver(outcome)) => {
                let white = match outcome.winner() {
                    Some(Color::White) => 1.0,
                    Some(Color::Black) => 0.0,
                    None => 0.5,
                };
                return GameEnd {
                    white,
                    stopped: false,
                };
            }
            Err(SearchError::NoProvenMove) => {
                return GameEnd {
                    white: 0.5,
                    stopped: true,
                }
            }
        }
    }
}

/// Loads a player's weights into its slot; the choice that selects them.
fn prepare(weights: &WeightSet, choice: &WeightChoice, slot: u8) -> Result<Choice, String> {
    Ok(match choice {
        WeightChoice::Tuned => Choice::Tuned,
        WeightChoice::Legacy => Choice::Legacy,
        WeightChoice::File(text) => {
            weights
                .load(slot, text)
                .map_err(|e| format!("weight file of player {}: {e}", slot))?;
            Choice::Loaded(slot)
        }
    })
}

/// The position self-play starts from: `options.position` (or the start) under
/// `options.rules` (or the standard rules); an unknown rule set or a bad text is refused.
fn start_of<P: Position>(options: &SelfplayOptions) -> Result<P, String> {
    let rules = match options.rules.as_deref() {
        None => P::Rules::default(),
        Some(name) => P::Rules::from_name(name).ok_or_else(|| {
            format!(
                "--rules {}: not a rule set of this variant (one of: {})",
                chimera_core::excerpt(name),
                <P::Rules as RuleSet>::NAMES.join(", ")
            )
        })?,
    };
    match options.position.as_deref() {
        None => Ok(P::start(rules)),
        Some(text) => P::from_text(text, rules).map_err(|e| format!("--position: {e}")),
    }
}

/// Self-play of variant `P` (see [`selfplay`]).
pub fn selfplay_of<P>(
    weights: &WeightSet,
    options: &SelfplayOptions,
    data: &mut dyn Write,
    progress: &mut dyn FnMut(u32, &Score),
) -> Result<Score, String>
where
    P: Evaluate + Send,
    P::Move: Send,
{
    let mut players = [
        Player::<P> {
            engine: Engine::with_tt_bits(16),
            nodes: options.nodes,
            choice: prepare(weights, &options.a, 0)?,
        },
        Player::<P> {
            engine: Engine::with_tt_bits(16),
            nodes: options.b_nodes,
            choice: prepare(weights, &options.b, 1)?,
        },
    ];
    let start = start_of::<P>(options)?;
    let mut score = Score::default();
    let mut record = Vec::new();
    let mut seeds = Rng(options.seed);
    let pairs = options.games.div_ceil(2);
    for pair in 0..pairs {
        let opening = seeds.next();
        for a_white in [true, false] {
            record.clear();
            let end = play_game(&mut players, &start, opening, a_white, options, &mut record);
            let for_a = if a_white { end.white } else { 1.0 - end.white };
            match for_a {
                r if r > 0.75 => score.wins += 1,
                r if r < 0.25 => score.losses += 1,
                _ => score.draws += 1,
            }
            score.stopped += u32::from(end.stopped);
            if !end.stopped {
                // A stopped game's result says little: its positions are left out.
                for text in &record {
                    writeln!(data, "{}\t{text}", end.white).map_err(|e| e.to_string())?;
                    score.positions += 1;
                }
            }
            progress(2 * pair + u32::from(!a_white) + 1, &score);
        }
    }
    select(Choice::Tuned);
    Ok(score)
}

/// Plays `options.games` engine games of `variant`, writing the recorded positions to
/// `data` and calling `progress` after each game; returns player a's score.
pub fn selfplay(
    variant: &str,
    options: &SelfplayOptions,
    data: &mut dyn Write,
    progress: &mut dyn FnMut(u32, &Score),
) -> Result<Score, String> {
    use chimera_chess::Chess;
    use chimera_tiling_rider::TilingRider;
    use chimera_triagonal::Triagonal;
    use chimera_turnover::Turnover;
    use chimera_turret::Turret;
    use chimera_turtle_shell::TurtleShell;
    let weights = weight_set(variant)?;
    match variant {
        "chess" => {
            if options.a != WeightChoice::Tuned || options.b != WeightChoice::Tuned {
                return Err(
                    "chess evaluates with the weights compiled in (for speed): \
                            measure two weight sets with two builds and `chimera match --a cmd=…`"
                        .into(),
                );
            }
            selfplay_of::<Chess>(weights, options, data, progress)
        }
        "turtle-shell" => selfplay_of::<TurtleShell>(weights, options, data, progress),
        "turret" => selfplay_of::<Turret>(weights, options, data, progress),
        "turnover" => selfplay_of::<Turnover>(weights, options, data, progress),
        "triagonal" => selfplay_of::<Triagonal>(weights, options, data, progress),
        _ => selfplay_of::<TilingRider>(weights, options, data, progress),
    }
}

/// The weights of `variant`.
pub fn weight_set(variant: &str) -> Result<&'static WeightSet, String> {
    Ok(match variant {
        "chess" => &chimera_chess::WEIGHTS,
        "turtle-shell" => &chimera_turtle_shell::WEIGHTS,
        "turret" => &chimera_turret::WEIGHTS,
        "turnover" => &chimera_turnover::WEIGHTS,
        "triagonal" => &chimera_triagonal::WEIGHTS,
        "tiling-rider" => &chimera_tiling_rider::WEIGHTS,
        other => {
            return Err(format!(
                "no tunable evaluation for `{other}` (tunable: {})",
                VARIANTS.join(", ")
            ))
        }
    })
}

/// How [`tune`] prepares the data and fits.
#[derive(Clone, Debug)]
pub struct TuneOptions {
    /// The descent.
    pub fit: Fit,
    /// The share of the positions held out of the fit to check it (early stopping): the
    /// data file's last ones, so whole games apart from one (self-play writes a game's
    /// positions together). 0: none.
    pub holdout: f64,
    /// Replace each position by the leaf of a quiescence search from it (captures and
    /// other noisy moves played out while they gain, as the search's leaves are), and
    /// leave out positions in check, or whose exchanges end the game or run past a budget:
    /// the static evaluation is fitted where the search uses it.
    pub quiet: bool,
}

impl Default for TuneOptions {
    fn default() -> TuneOptions {
        TuneOptions {
            fit: Fit::default(),
            holdout: 0.0,
            quiet: false,
        }
    }
}

/// What [`tune`] found.
#[derive(Clone, Debug)]
pub struct Tuned {
    /// Positions fitted on.
    pub positions: usize,
    /// Positions held out.
    pub held_out: usize,
    /// Positions of the file left out (with [`TuneOptions::quiet`]: in check, or noisy
    /// beyond the quiescence budget or to the game's end).
    pub dropped: usize,
    /// Positions replaced by their quiescence leaf (with [`TuneOptions::quiet`]).
    pub moved: usize,
    /// The logistic scale fitted to the starting weights (per unit of score), held fixed.
    pub k: f64,
    /// The mean squared error with the starting weights.
    pub error_before: f64,
    /// The mean squared error with the fitted weights (rounded).
    pub error_after: f64,
    /// The held-out error with the starting weights and with the fitted ones (rounded).
    pub held_out_error: Option<(f64, f64)>,
    /// The step whose weights were kept, and the steps run.
    pub iteration: (usize, usize),
    /// The starting weights.
    pub start: Vec<i32>,
    /// The fitted weights, rounded.
    pub weights: Vec<i32>,
    /// The weight file to write.
    pub text: String,
}

/// Nodes a quiescence search of [`TuneOptions::quiet`] may visit for one position.
const LEAF_NODES: u32 = 20_000;
/// Plies deep it may go.
const LEAF_PLIES: u32 = 24;

/// A quiescence search from `pos` (fail-hard alpha-beta over the noisy moves that do not
/// lose material, standing pat on the static score plus the horizon estimate, as the
/// engine's quiescence does): its score and the position at the end of its principal
/// variation. `None` where a line ends the game or the budget runs out. A move after which
/// the same side is to move (Tiling Rider's turns of several actions) keeps the score's
/// sign, as in the engine.
fn quiescence<P: Evaluate>(
    pos: &P,
    mut alpha: i32,
    beta: i32,
    plies: u32,
    nodes: &mut u32,
) -> Option<(i32, P)> {
    *nodes = nodes.checked_sub(1)?;
    if pos.terminal().is_some() {
        return None;
    }
    let stand = pos.evaluate() + pos.horizon_estimate();
    let mut best = (stand, None);
    if stand >= beta || plies == 0 {
        return Some((stand, pos.clone()));
    }
    alpha = alpha.max(stand);
    let mut moves = Vec::new();
    if !pos.noisy_moves(&mut moves) {
        pos.legal_moves(&mut moves);
        moves.retain(|&mv| pos.is_noisy(mv));
    }
    moves.retain(|&mv| pos.exchange_value(mv) >= 0);
    moves.sort_by_key(|&mv| std::cmp::Reverse(pos.capture_value(mv)));
    for mv in moves {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        let (s, leaf) = if child.turn() == pos.turn() {
            quiescence(&child, alpha, beta, plies - 1, nodes)?
        } else {
            let (s, leaf) = quiescence(&child, -beta, -alpha, plies - 1, nodes)?;
            (-s, leaf)
        };
        if s > best.0 {
            best = (s, Some(leaf));
            alpha = alpha.max(s);
            if s >= beta {
                break;
            }
        }
    }
    Some((best.0, best.1.unwrap_or_else(|| pos.clone())))
}

/// The quiet position the static evaluation is fitted on for `pos` (see
/// [`TuneOptions::quiet`]): the leaf of its quiescence search, if neither it nor the leaf is
/// in check and the search ends within its budget without ending the game.
pub fn quiet_leaf<P: Evaluate>(pos: &P) -> Option<P> {
    if pos.in_check() {
        return None;
    }
    let mut nodes = LEAF_NODES;
    let (_, leaf) = quiescence(pos, -1_000_000, 1_000_000, LEAF_PLIES, &mut nodes)?;
    (!leaf.in_check()).then_some(leaf)
}

/// A data set read from a data file, with what was left out or replaced.
#[derive(Clone, Debug, Default)]
pub struct Read {
    /// The positions' features and results for their side to move.
    pub set: Dataset,
    /// Positions left out.
    pub dropped: usize,
    /// Positions replaced by their quiescence leaf.
    pub moved: usize,
}

/// Reads a data file of variant `P` into a data set: features scaled to score units,
/// results for the side to move; with `quiet`, each position's quiescence leaf instead
/// ([`quiet_leaf`]). Errors name the line.
pub fn dataset_of<P: Evaluate + Features>(data: &str, quiet: bool) -> Result<Read, String> {
    let n = P::NAMES.len();
    let mut read = Read {
        set: Dataset::new(n),
        ..Read::default()
    };
    for (number, line) in data.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let at = |e: String| format!("line {}: {e}", number + 1);
        let (result, text) = line
            .split_once('\t')
            .ok_or_else(|| at("expected a result, a tab and a position".into()))?;
        let white: f32 = match result.trim() {
            "1" => 1.0,
            "0" => 0.0,
            "0.5" => 0.5,
            other => return Err(at(format!("`{other}` is not a result (1, 0.5 or 0)"))),
        };
        let mut position = P::from_text(text, Default::default()).map_err(|e| at(e.to_string()))?;
        if quiet {
            match quiet_leaf(&position) {
                Some(leaf) => {
                    read.moved += usize::from(leaf != position);
                    position = leaf;
                }
                None => {
                    read.dropped += 1;
                    continue;
                }
            }
        }
        let mut features = Dense::new(n);
        position.features(&mut features);
        let result = if position.turn() == Color::White {
            white
        } else {
            1.0 - white
        };
        // Features in score units: the weights' unit is 1 / SCALE of a score point.
        read.set.push(features.values(), result);
    }
    Ok(read)
}

/// The weights' moves from `start` to `weights`, one `name start -> fitted` line for each
/// that moved, in the weights' units (for the report of a fit).
pub fn weight_moves(names: &[&str], start: &[i32], weights: &[i32]) -> String {
    let width = names.iter().map(|n| n.len()).max().unwrap_or(0);
    let mut text = String::new();
    for ((name, a), b) in names.iter().zip(start).zip(weights) {
        if a != b {
            text.push_str(&format!("{name:width$} {a:>6} -> {b:>6} ({:+})\n", b - a));
        }
    }
    text
}

/// Texel tuning of variant `P` from the starting weights `start`.
pub fn tune_of<P: Evaluate + Features>(
    data: &str,
    start: &[i32],
    options: &TuneOptions,
    header: &str,
) -> Result<Tuned, String> {
    let Read {
        set: mut train,
        dropped,
        moved,
    } = dataset_of::<P>(data, options.quiet)?;
    let holdout = options.holdout.clamp(0.0, 0.9);
    let held = train.split_off(((1.0 - holdout) * train.len() as f64).round() as usize);
    if train.is_empty() {
        return Err("the data file holds no position to fit on".into());
    }
    let held = (!held.is_empty()).then_some(held);
    let scale = f64::from(P::SCALE.max(1));
    let initial: Vec<f64> = start.iter().map(|&w| f64::from(w) / scale).collect();
    let k = fit_k(&train, &initial);
    let error_before = error(&train, &initial, k);
    let found = descend(&train, held.as_ref(), &initial, k, &options.fit);
    let weights: Vec<i32> = found
        .weights
        .iter()
        .map(|w| (w * scale).round() as i32)
        .collect();
    let rounded: Vec<f64> = weights.iter().map(|&w| f64::from(w) / scale).collect();
    let error_after = error(&train, &rounded, k);
    let held_out_error = held
        .as_ref()
        .map(|h| (error(h, &initial, k), error(h, &rounded, k)));
    let mut summary = format!(
        "{} positions; k = {k:.6}; mean squared error {error_before:.6} before, \
         {error_after:.6} after",
        train.len()
    );
    if let Some((before, after)) = held_out_error {
        summary.push_str(&format!(
            "; {} positions held out: {before:.6} before, {after:.6} after \
             (step {} of {})",
            held.as_ref().map_or(0, Dataset::len),
            found.iteration,
            found.steps
        ));
    }
    if options.quiet {
        summary.push_str(&format!(
            "; quiescence leaves: {moved} positions moved, {dropped} left out"
        ));
    }
    Ok(Tuned {
        positions: train.len(),
        held_out: held.as_ref().map_or(0, Dataset::len),
        dropped,
        moved,
        k,
        error_before,
        error_after,
        held_out_error,
        iteration: (found.iteration, found.steps),
        text: write_weights(P::NAMES, &weights, &format!("{header}\n{summary}")),
        start: start.to_vec(),
        weights,
    })
}

/// Texel tuning of `variant` on the data file's text, starting from its current (tuned)
/// weights; `header` heads the weight file (how it was made).
pub fn tune(
    variant: &str,
    data: &str,
    options: &TuneOptions,
    header: &str,
) -> Result<Tuned, String> {
    tune_from(variant, data, None, options, header)
}

/// As [`tune`], starting from the weight file `start` (its text) when given: e.g. to
/// measure a fit's error on other data (`fit.iterations` 0, or every weight frozen).
pub fn tune_from(
    variant: &str,
    data: &str,
    start: Option<&str>,
    options: &TuneOptions,
    header: &str,
) -> Result<Tuned, String> {
    use chimera_chess::Chess;
    use chimera_tiling_rider::TilingRider;
    use chimera_triagonal::Triagonal;
    use chimera_turnover::Turnover;
    use chimera_turret::Turret;
    use chimera_turtle_shell::TurtleShell;
    let weights = weight_set(variant)?;
    let start = match start {
        Some(text) => chimera_kit::tune::parse_weights(text, weights.names())
            .map_err(|e| format!("the starting weights: {e}"))?,
        None => weights.tuned().to_vec(),
    };
    match variant {
        "chess" => tune_of::<Chess>(data, &start, options, header),
        "turtle-shell" => tune_of::<TurtleShell>(data, &start, options, header),
        "turret" => tune_of::<Turret>(data, &start, options, header),
        "turnover" => tune_of::<Turnover>(data, &start, options, header),
        "triagonal" => tune_of::<Triagonal>(data, &start, options, header),
        _ => tune_of::<TilingRider>(data, &start, options, header),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn selfplay_under_a_rule_set_plays_its_start_and_refuses_an_unknown_one() {
        let options = SelfplayOptions {
            games: 2,
            nodes: 200,
            b_nodes: 200,
            max_plies: 40,
            sample_every: 1,
            rules: Some("ko+marshal".into()),
            ..SelfplayOptions::default()
        };
        let mut data = Vec::new();
        selfplay("turtle-shell", &options, &mut data, &mut |_, _| {}).unwrap();
        let text = String::from_utf8(data).unwrap();
        assert!(
            text.lines().any(|l| l.contains('M')),
            "the marshals' games recorded: {text}"
        );
        let bad = SelfplayOptions {
            rules: Some("ko+nonsense".into()),
            ..options.clone()
        };
        let err = selfplay("turtle-shell", &bad, &mut Vec::new(), &mut |_, _| {}).unwrap_err();
        assert!(err.contains("--rules"), "{err}");
        let bad = SelfplayOptions {
            position: Some("W:KE1 B:".into()),
            ..options
        };
        let err = selfplay("turtle-shell", &bad, &mut Vec::new(), &mut |_, _| {}).unwrap_err();
        assert!(err.contains("--position"), "{err}");
    }

    #[test]
    fn resign_ends_a_game_after_a_run_of_both_sides_agreeing() {
        let rule = Some((1000, 2));
        let mut r = Resign::default();
        // Three plies with White ahead, then one below the margin: the run starts again.
        for white in [1200, 1000, 5000] {
            assert_eq!(r.note(white, rule), None);
        }
        assert_eq!(r.note(999, rule), None);
        // Black ahead for four plies (two moves of each side), a mate among them.
        for white in [-1000, -(1 << 40), -1500] {
            assert_eq!(r.note(white, rule), None);
        }
        assert_eq!(r.note(-1000, rule), Some(Color::Black));
        // No rule: never.
        let mut off = Resign::default();
        assert!((0..10).all(|_| off.note(100_000, None).is_none()));
        assert_eq!(white_score(EngineScore::Centipawns(30), Color::Black), -30);
        assert_eq!(white_score(EngineScore::LossIn(3), Color::Black), 1 << 40);
    }

    #[test]
    fn selfplay_with_resign_decides_games_the_ply_limit_would_stop() {
        // Triagonal's engines at 300 nodes capture no king within 200 plies from the first
        // opening of seed 1; resigning at 2 pawns for two moves each decides both games
        // (with the fitted weights of tune3; 3 pawns did before them).
        let options = SelfplayOptions {
            games: 2,
            nodes: 300,
            b_nodes: 300,
            max_plies: 200,
            sample_every: 1,
            ..SelfplayOptions::default()
        };
        let plain = selfplay("triagonal", &options, &mut Vec::new(), &mut |_, _| {}).unwrap();
        let resign = SelfplayOptions {
            resign: Some((200, 2)),
            ..options
        };
        let mut data = Vec::new();
        let score = selfplay("triagonal", &resign, &mut data, &mut |_, _| {}).unwrap();
        assert!(
            score.stopped <= plain.stopped,
            "{score:?} against {plain:?}"
        );
        assert_eq!(score.wins + score.draws + score.losses, 2);
        let text = String::from_utf8(data).unwrap();
        assert_eq!(text.lines().count() as u64, score.positions);
        assert!(score.stopped == 0 && score.positions > 0, "{score:?}");
    }

    #[test]
    fn selfplay_records_positions_that_tune_reads_back() {
        let options = SelfplayOptions {
            games: 2,
            nodes: 300,
            b_nodes: 300,
            max_plies: 60,
            ..SelfplayOptions::default()
        };
        let mut data = Vec::new();
        let score = selfplay("turnover", &options, &mut data, &mut |_, _| {}).unwrap();
        assert_eq!(score.wins + score.draws + score.losses, 2);
        let text = String::from_utf8(data).unwrap();
        assert_eq!(text.lines().count() as u64, score.positions);
        let fit = TuneOptions {
            fit: Fit {
                iterations: 20,
                ..Fit::default()
            },
            ..TuneOptions::default()
        };
        if score.positions > 0 {
            let tuned = tune("turnover", &text, &fit, "test").unwrap();
            assert_eq!(tuned.positions as u64, score.positions);
            let weights = chimera_kit::tune::parse_weights(&tuned.text, chimera_turnover::FEATURES);
            assert_eq!(weights, Ok(tuned.weights));
        }
        // The same seed plays the same games.
        let mut again = Vec::new();
        selfplay("turnover", &options, &mut again, &mut |_, _| {}).unwrap();
        assert_eq!(String::from_utf8(again).unwrap(), text);
    }

    #[test]
    fn chess_selfplay_records_fens_that_tune_reads_back() {
        let options = SelfplayOptions {
            games: 2,
            nodes: 300,
            b_nodes: 300,
            max_plies: 60,
            sample_every: 1,
            ..SelfplayOptions::default()
        };
        let mut data = Vec::new();
        let score = selfplay("chess", &options, &mut data, &mut |_, _| {}).unwrap();
        assert_eq!(score.wins + score.draws + score.losses, 2);
        let text = String::from_utf8(data).unwrap();
        assert_eq!(text.lines().count() as u64, score.positions);
        if score.positions > 0 {
            let fit = TuneOptions {
                fit: Fit {
                    iterations: 20,
                    rate: 0.05,
                    frozen: vec![0, 1],
                    ..Fit::default()
                },
                ..TuneOptions::default()
            };
            let tuned = tune("chess", &text, &fit, "test").unwrap();
            assert_eq!(tuned.positions as u64, score.positions);
            let weights = chimera_kit::tune::parse_weights(&tuned.text, chimera_chess::FEATURES);
            assert_eq!(weights, Ok(tuned.weights.clone()));
            // The frozen material and piece-square scales stay 1.
            assert_eq!(&tuned.weights[..2], &[1, 1]);
            // Started from the fitted weights, nothing frozen moves and the error is the
            // fit's.
            let all = TuneOptions {
                fit: Fit {
                    frozen: (0..chimera_chess::FEATURES.len()).collect(),
                    ..fit.fit.clone()
                },
                ..fit
            };
            let again = tune_from("chess", &text, Some(&tuned.text), &all, "").unwrap();
            assert_eq!(again.weights, tuned.weights);
            assert!((again.error_before - tuned.error_after).abs() < 1e-4);
            let bad = tune_from("chess", &text, Some("tempo 3\n"), &all, "").unwrap_err();
            assert!(bad.contains("starting weights"), "{bad}");
        }
        // Chess plays its compiled-in weights only.
        let legacy = SelfplayOptions {
            a: WeightChoice::Legacy,
            ..options
        };
        let err = selfplay("chess", &legacy, &mut Vec::new(), &mut |_, _| {}).unwrap_err();
        assert!(err.contains("two builds"), "{err}");
    }

    #[test]
    fn quiet_leaves_keep_the_side_to_move_within_a_turn_of_several_actions() {
        use chimera_tiling_rider::{Role, Rules, Setup, Square};
        // Black, with 3 actions left in its turn, attacks two undefended white wazirs with
        // two knights: both captures are its own, the side to move stays Black between
        // them, and the leaf is after both (not after none, as when each action was
        // scored as the opponent's).
        let mut setup = Setup::new(Rules::Standard);
        for (name, role, color) in [
            ("e5", Role::Knight, Color::Black),
            ("f7", Role::Wazir, Color::White),
            ("j5", Role::Knight, Color::Black),
            ("k7", Role::Wazir, Color::White),
        ] {
            assert!(setup.set_piece(Square::parse(name).unwrap(), Some((role, color))));
        }
        setup
            .set_turn(Color::Black, 0, 3)
            .set_turn_number(5)
            .set_last_turn_length(2);
        let pos = setup.build().unwrap();
        let white_wazirs = |p: &chimera_tiling_rider::TilingRider| {
            let text = p.to_text();
            let board = text.split(' ').next().unwrap_or_default().to_string();
            board.matches('W').count()
        };
        assert_eq!(white_wazirs(&pos), 2);
        let leaf = quiet_leaf(&pos).unwrap();
        assert_eq!(leaf.turn(), Color::Black, "{}", leaf.to_text());
        assert_eq!(white_wazirs(&leaf), 0, "{}", leaf.to_text());
    }

    #[test]
    fn quiet_leaves_play_out_the_captures_and_leave_out_checks() {
        use chimera_chess::Chess;
        let read = |fen: &str| Chess::from_text(fen, Default::default()).unwrap();
        // Quiet: the start is its own leaf.
        let start = Chess::start(Default::default());
        assert_eq!(quiet_leaf(&start), Some(start));
        // White takes the undefended queen on d5: the leaf is after the capture.
        let hanging = read("4k3/8/8/3q4/8/8/8/3QK3 w - - 0 1");
        let leaf = quiet_leaf(&hanging).unwrap();
        assert_eq!(leaf.to_text(), "4k3/8/8/3Q4/8/8/8/4K3 b - - 0 1");
        // In check: left out.
        assert_eq!(quiet_leaf(&read("4k3/8/8/8/8/8/4q3/4K3 w - - 0 1")), None);
        // In a data file: one position moved, one left out, and half held out.
        let data = "0.5\t4k3/8/8/3q4/8/8/8/3QK3 w - - 0 1\n\
                    0\t4k3/8/8/8/8/8/4q3/4K3 w - - 0 1\n\
                    0.5\trnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n";
        let options = TuneOptions {
            fit: Fit {
                iterations: 5,
                rate: 0.01,
                ..Fit::default()
            },
            holdout: 0.5,
            quiet: true,
        };
        let tuned = tune("chess", data, &options, "").unwrap();
        assert_eq!((tuned.moved, tuned.dropped), (1, 1));
        assert_eq!((tuned.positions, tuned.held_out), (1, 1));
        assert!(tuned.held_out_error.is_some());
        assert!(tuned.iteration.0 <= tuned.iteration.1 && tuned.iteration.1 == 5);
        assert!(
            tuned.text.contains("1 positions held out"),
            "{}",
            tuned.text
        );
        let all_held = TuneOptions {
            holdout: 0.9,
            ..options.clone()
        };
        let one = "0.5\trnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n";
        assert!(tune("chess", one, &all_held, "").is_err());
        let moves = weight_moves(&["a", "b"], &[1, 2], &[1, 5]);
        assert_eq!(moves, "b      2 ->      5 (+3)\n");
    }

    #[test]
    fn bad_data_is_refused_with_its_line() {
        let fit = TuneOptions::default();
        assert!(tune("chess", "", &fit, "").is_err());
        assert!(tune("shogi", "", &fit, "").is_err());
        let err = tune("chess", "1\tnot a fen\n", &fit, "").unwrap_err();
        assert!(err.starts_with("line 1:"), "{err}");
        let err = tune("turret", "1\tnot a position\n", &fit, "").unwrap_err();
        assert!(err.starts_with("line 1:"), "{err}");
        let err = tune("turret", "\n2\tx\n", &fit, "").unwrap_err();
        assert!(err.starts_with("line 2:"), "{err}");
        assert!(tune("turret", "", &fit, "").is_err());
    }

    #[test]
    fn elo_of_a_score() {
        let even = Score {
            wins: 10,
            draws: 0,
            losses: 10,
            ..Score::default()
        };
        assert_eq!(even.elo().0.round(), 0.0);
        let ahead = Score {
            wins: 75,
            draws: 0,
            losses: 25,
            ..Score::default()
        };
        let (elo, margin) = ahead.elo();
        assert!((elo - 190.8).abs() < 1.0, "{elo}");
        assert!(margin > 50.0 && margin < 120.0, "{margin}");
    }
}
