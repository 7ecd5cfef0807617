//! Self-play: engine games under fixed node counts that record quiet positions with the
//! game's result (the data set), or measure two sets of weights against each other.

use crate::weight_set;
use chimera_core::{Color, Evaluate, Game, Position, RuleSet};
use chimera_engine::baseline::Baseline;
use chimera_engine::{Engine, Limits, Score as EngineScore, SearchError};
use chimera_kit::tune::{select, Choice, WeightSet};
use std::io::Write;

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

/// How [`selfplay()`] plays.
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
    /// Write each position with the score of the search that chose the move played there
    /// (for White, in centipawns, a mate as ±[`MATE_CP`]): `SCORE<TAB>RESULT<TAB>TEXT`, the
    /// `.scores` format `scripts/sf-games.py --blend` turns into blended labels.
    pub with_scores: bool,
}

/// A mate's score in the `with_scores` format (as `scripts/sf-games.py` writes it).
pub const MATE_CP: i64 = 10_000;

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
            with_scores: false,
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
/// positions' texts in `record`, each with its search's score for White.
fn play_game<P>(
    players: &mut [Player<P>; 2],
    start: &P,
    opening: u64,
    a_white: bool,
    options: &SelfplayOptions,
    record: &mut Vec<(String, i64)>,
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
                let white = white_score(found.score, position.turn());
                if quiet
                    && ply - first >= options.skip_plies as usize
                    && rng.next() % u64::from(options.sample_every.max(1)) == 0
                {
                    record.push((position.to_text(), white.clamp(-MATE_CP, MATE_CP)));
                }
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

/// Self-play of variant `P` (see [`selfplay()`]).
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
                for (text, cp) in &record {
                    if options.with_scores {
                        writeln!(data, "{cp}\t{}\t{text}", end.white)
                    } else {
                        writeln!(data, "{}\t{text}", end.white)
                    }
                    .map_err(|e| e.to_string())?;
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
    fn with_scores_writes_each_position_with_its_search_score_before_the_same_line() {
        let options = SelfplayOptions {
            games: 2,
            nodes: 300,
            b_nodes: 300,
            max_plies: 60,
            sample_every: 1,
            ..SelfplayOptions::default()
        };
        let mut plain = Vec::new();
        selfplay("turnover", &options, &mut plain, &mut |_, _| {}).unwrap();
        let scored_options = SelfplayOptions {
            with_scores: true,
            ..options
        };
        let mut scored = Vec::new();
        let score = selfplay("turnover", &scored_options, &mut scored, &mut |_, _| {}).unwrap();
        let plain = String::from_utf8(plain).unwrap();
        let scored = String::from_utf8(scored).unwrap();
        assert!(score.positions > 0, "{score:?}");
        assert_eq!(scored.lines().count(), plain.lines().count());
        let mut scores = Vec::new();
        for (s, p) in scored.lines().zip(plain.lines()) {
            let (cp, rest) = s.split_once('\t').unwrap();
            assert_eq!(rest, p, "the same result and position after the score");
            let cp: i64 = cp.parse().unwrap();
            assert!((-MATE_CP..=MATE_CP).contains(&cp), "{cp}");
            scores.push(cp);
        }
        assert!(scores.iter().any(|&cp| cp != 0), "{scores:?}");
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
