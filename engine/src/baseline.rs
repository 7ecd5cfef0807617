//! Baseline players to measure the search against: [`BaselineKind::Random`] (a uniformly
//! random legal move) and [`BaselineKind::Greedy`] (the move that is best one ply deep by
//! the static evaluation). Both draw from a seeded generator, so a game between baselines,
//! or against a search limited by depth or nodes, replays exactly from its seeds.
//!
//! Like the search, they play only moves proven legal: the moves are listed with
//! [`Game::legal_moves_within`] under [`BASELINE_LEGALITY_NODES`] (Tiling Rider's legality is
//! a search that a budget may cut short), and when no move is proven but some are left
//! undecided, [`Baseline::choose`] says so ([`SearchError::NoProvenMove`]) rather than guess.
//!
//! ```
//! use chimera_core::{Game, Position};
//! use chimera_engine::baseline::{Baseline, BaselineKind};
//! use chimera_turret::Turret;
//!
//! let game = Game::new(Turret::start(Default::default()));
//! let mut greedy = Baseline::new(BaselineKind::Greedy, 7);
//! let choice = greedy.choose(&game).unwrap();
//! assert!(game.legal_move_list().contains(&choice.mv));
//! ```

use crate::{SearchError, ROOT_LEGALITY_NODES};
use chimera_core::SplitMix64;
use chimera_core::{Budget, Evaluate, Game, Outcome, Verdict};
use std::fmt;
use std::str::FromStr;

/// The legality budget (in the variant's search nodes) for listing a position's moves, as
/// for the search's root.
pub const BASELINE_LEGALITY_NODES: u64 = ROOT_LEGALITY_NODES;

/// The budget for deciding whether the side to move has a legal move after one of the
/// greedy player's candidate moves (Tiling Rider: a search; elsewhere immediate).
pub const GREEDY_STATUS_NODES: u64 = 20_000;

/// The greedy player's score of a move that wins at once (and, negated, of one that loses
/// at once). Evaluations stay well inside ±100,000 ([`Evaluate`]).
pub const WIN_SCORE: i32 = 1_000_000;

/// Which baseline.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BaselineKind {
    /// A move chosen uniformly among the legal moves.
    Random,
    /// One ply deep: the move after which the mover's static evaluation is highest; a move
    /// that wins at once first, one that loses at once last; ties broken at random.
    Greedy,
}

impl BaselineKind {
    /// `random` or `greedy`.
    pub fn name(self) -> &'static str {
        match self {
            BaselineKind::Random => "random",
            BaselineKind::Greedy => "greedy",
        }
    }
}

impl fmt::Display for BaselineKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for BaselineKind {
    type Err = String;

    /// `random` or `greedy` (case-insensitive).
    fn from_str(s: &str) -> Result<Self, String> {
        if s.eq_ignore_ascii_case("random") {
            Ok(BaselineKind::Random)
        } else if s.eq_ignore_ascii_case("greedy") {
            Ok(BaselineKind::Greedy)
        } else {
            Err(format!("unknown baseline `{s}`: random or greedy"))
        }
    }
}

/// What a baseline chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice<M> {
    /// The move, proven legal (history included).
    pub mv: M,
    /// For the greedy player, the move's score for the mover ([`WIN_SCORE`] for a win at
    /// once); 0 for the random player.
    pub score: i32,
    /// How many legal moves there were to choose from.
    pub choices: usize,
}

/// A baseline player for variant `P` with its own random generator.
#[derive(Clone, Debug)]
pub struct Baseline<P: Evaluate> {
    kind: BaselineKind,
    rng: SplitMix64,
    legal: Vec<P::Move>,
    undecided: Vec<P::Move>,
    scratch: Vec<P::Move>,
    best: Vec<P::Move>,
}

impl<P: Evaluate> Baseline<P> {
    /// A player of `kind` whose choices are drawn from a generator seeded with `seed`.
    pub fn new(kind: BaselineKind, seed: u64) -> Self {
        Baseline {
            kind,
            rng: SplitMix64::new(seed),
            legal: Vec::new(),
            undecided: Vec::new(),
            scratch: Vec::new(),
            best: Vec::new(),
        }
    }

    /// A random player.
    pub fn random(seed: u64) -> Self {
        Baseline::new(BaselineKind::Random, seed)
    }

    /// A greedy player.
    pub fn greedy(seed: u64) -> Self {
        Baseline::new(BaselineKind::Greedy, seed)
    }

    /// Which baseline this is.
    pub fn kind(&self) -> BaselineKind {
        self.kind
    }

    /// Restarts the generator from `seed`.
    pub fn reseed(&mut self, seed: u64) {
        self.rng = SplitMix64::new(seed);
    }

    /// Chooses a move in the current position of `game`, history included. Errors when the
    /// game is over, or when no move was proven legal within [`BASELINE_LEGALITY_NODES`]
    /// though some were left undecided.
    pub fn choose(&mut self, game: &Game<P>) -> Result<Choice<P::Move>, SearchError> {
        let pos = game.position();
        if let Some(outcome) = pos
            .terminal()
            .or_else(|| pos.history_outcome(game.history()))
        {
            return Err(SearchError::GameOver(outcome));
        }
        let mut budget = Budget::nodes(BASELINE_LEGALITY_NODES);
        game.legal_moves_within(&mut self.legal, &mut self.undecided, &mut budget);
        if self.legal.is_empty() {
            return Err(if self.undecided.is_empty() {
                SearchError::GameOver(pos.no_move_outcome())
            } else {
                SearchError::NoProvenMove
            });
        }
        let choices = self.legal.len();
        match self.kind {
            BaselineKind::Random => Ok(Choice {
                mv: self.legal[self.rng.below(choices)],
                score: 0,
                choices,
            }),
            BaselineKind::Greedy => {
                let (mv, score) = self.greedy_move(game);
                Ok(Choice { mv, score, choices })
            }
        }
    }

    /// The best of `self.legal` one ply deep, ties broken at random.
    fn greedy_move(&mut self, game: &Game<P>) -> (P::Move, i32) {
        let mover = game.position().turn();
        let mut after = game.clone();
        let mut best_score = i32::MIN;
        self.best.clear();
        for i in 0..self.legal.len() {
            let mv = self.legal[i];
            after.play_unchecked(mv);
            let score = match self.decided(&after) {
                Some(outcome) => match outcome.winner() {
                    Some(w) if w == mover => WIN_SCORE,
                    Some(_) => -WIN_SCORE,
                    None => 0,
                },
                None => {
                    let pos = after.position();
                    // Within a multi-move turn (Tiling Rider) the mover is still to move.
                    if pos.turn() == mover {
                        pos.evaluate()
                    } else {
                        -pos.evaluate()
                    }
                }
            };
            after.undo();
            if score > best_score {
                best_score = score;
                self.best.clear();
            }
            if score == best_score {
                self.best.push(mv);
            }
        }
        (self.best[self.rng.below(self.best.len())], best_score)
    }

    /// The outcome of `game` if it is over, decided as [`Game::status`] decides it, but
    /// cheaply: whether a move is left is asked of the variant's selection of moves when it
    /// has one (non-empty exactly when a legal move exists), else within
    /// [`GREEDY_STATUS_NODES`]; a question the budget leaves open counts as "not over".
    fn decided(&mut self, game: &Game<P>) -> Option<Outcome> {
        let pos = game.position();
        if let Some(outcome) = pos.terminal() {
            return Some(outcome);
        }
        let history = game.history();
        let any_move = if P::HISTORY_RESTRICTS_MOVES {
            pos.legal_moves(&mut self.scratch);
            pos.retain_history_legal(history, &mut self.scratch);
            Verdict::from(!self.scratch.is_empty())
        } else if pos.selective_moves(&mut self.scratch) {
            Verdict::from(!self.scratch.is_empty())
        } else {
            pos.has_legal_move_within(&mut Budget::nodes(GREEDY_STATUS_NODES))
        };
        if any_move == Verdict::No {
            return Some(pos.no_move_outcome());
        }
        pos.history_outcome(history)
    }
}
