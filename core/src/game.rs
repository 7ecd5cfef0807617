//! [`Game`]: a position together with its history.

use crate::{IllegalMoveError, Outcome, PlayError, Position};

/// A game: the position it started from, the moves played, and every position reached.
///
/// History-dependent rules (Ko, repetition draws) are decided here, through the variant's
/// [`Position::retain_history_legal`] and [`Position::history_outcome`] hooks.
///
/// With the `serde` feature a game serializes as its start position and its moves; reading
/// one back replays the moves, so a record with an illegal move is refused, never trusted.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(
        into = "GameRecord<P, P::Move>",
        try_from = "GameRecord<P, P::Move>",
        bound(
            serialize = "P: serde::Serialize, P::Move: serde::Serialize",
            deserialize = "P: serde::Deserialize<'de>, P::Move: serde::Deserialize<'de>"
        )
    )
)]
pub struct Game<P: Position> {
    /// `positions[0]` is the start; `positions[i + 1]` follows `moves[i]`. Never empty.
    positions: Vec<P>,
    moves: Vec<P::Move>,
}

impl<P: Position> Game<P> {
    /// A game starting from `start` with no history: a position set up from text starts a
    /// fresh history.
    pub fn new(start: P) -> Self {
        Game {
            positions: vec![start],
            moves: Vec::new(),
        }
    }

    /// A game from the variant's standard start under `rules`.
    pub fn start(rules: P::Rules) -> Self {
        Game::new(P::start(rules))
    }

    /// The current position.
    #[inline]
    pub fn position(&self) -> &P {
        self.positions.last().expect("a game always has a position")
    }

    /// The position the game started from.
    pub fn initial(&self) -> &P {
        &self.positions[0]
    }

    /// Every position so far, oldest first, the current one last.
    pub fn positions(&self) -> &[P] {
        &self.positions
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[P::Move] {
        &self.moves
    }

    /// The last move and the position it was played in.
    pub fn last_move(&self) -> Option<(&P, P::Move)> {
        let n = self.moves.len();
        (n > 0).then(|| (&self.positions[n - 1], self.moves[n - 1]))
    }

    #[inline]
    fn split(&self) -> (&[P], &P) {
        let (current, earlier) = self.positions.split_last().expect("never empty");
        (earlier, current)
    }

    /// Clears `moves` and fills it with the moves legal now, history included. Empty once
    /// the game is over.
    pub fn legal_moves(&self, moves: &mut Vec<P::Move>) {
        let (earlier, current) = self.split();
        if current.history_outcome(earlier).is_some() {
            moves.clear();
            return;
        }
        current.legal_moves(moves);
        current.retain_history_legal(earlier, moves);
    }

    /// The legal moves as a new vector.
    pub fn legal_move_list(&self) -> Vec<P::Move> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves
    }

    /// The result, if the game is over. Decided in this order: the position's own
    /// [`Position::terminal`] result; then, when no move is legal (history included),
    /// [`Position::no_move_outcome`] (checkmate, stalemate, siege); then the history's
    /// [`Position::history_outcome`] (repetition draws).
    pub fn outcome(&self) -> Option<Outcome> {
        let (earlier, current) = self.split();
        if let Some(outcome) = current.terminal() {
            return Some(outcome);
        }
        let any_legal = if P::HISTORY_RESTRICTS_MOVES {
            let mut moves = Vec::new();
            current.legal_moves(&mut moves);
            current.retain_history_legal(earlier, &mut moves);
            !moves.is_empty()
        } else {
            current.has_legal_move()
        };
        if !any_legal {
            return Some(current.no_move_outcome());
        }
        current.history_outcome(earlier)
    }

    /// Whether `mv` may be played now, history included (the game not being over).
    fn allows(&self, mv: P::Move) -> bool {
        let (earlier, current) = self.split();
        if current.terminal().is_some() {
            return false;
        }
        if P::HISTORY_RESTRICTS_MOVES {
            let mut moves = Vec::new();
            current.legal_moves(&mut moves);
            current.retain_history_legal(earlier, &mut moves);
            // With no legal move the game is over even if the history says nothing.
            moves.contains(&mv) && current.history_outcome(earlier).is_none()
        } else {
            // A legal move means the game is not over by lack of moves.
            current.is_legal(mv) && current.history_outcome(earlier).is_none()
        }
    }

    /// Plays a move known to be legal (from [`Game::legal_moves`]).
    #[inline]
    pub fn play_unchecked(&mut self, mv: P::Move) {
        // Copy the position into its new slot and play there: one copy, no moves of it.
        self.positions.push(self.position().clone());
        self.positions
            .last_mut()
            .expect("just pushed")
            .play_unchecked(mv);
        self.moves.push(mv);
    }

    /// Plays `mv` if it is legal now, history included; otherwise the game is unchanged and
    /// the error says why.
    pub fn play(&mut self, mv: P::Move) -> Result<(), IllegalMoveError> {
        if self.allows(mv) {
            self.play_unchecked(mv);
            return Ok(());
        }
        let text = self.position().move_text(mv);
        if let Some(outcome) = self.outcome() {
            return Err(IllegalMoveError::new(
                text,
                format!("the game is over ({outcome})"),
            ));
        }
        // Only the refusal asks again, without the history, to say which rule refused.
        let reason = if self.position().is_legal(mv) {
            "forbidden by the game's history (it would repeat an earlier position)"
        } else {
            "not a legal move in this position"
        };
        Err(IllegalMoveError::new(text, reason))
    }

    /// Reads a move in the current position and plays it. Returns the move.
    pub fn play_text(&mut self, text: &str) -> Result<P::Move, PlayError> {
        let mv = self.position().parse_move(text)?;
        self.play(mv)?;
        Ok(mv)
    }

    /// Takes back the last move; `None` at the start.
    pub fn undo(&mut self) -> Option<P::Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        Some(mv)
    }

    /// The moves played so far in the canonical notation.
    pub fn move_texts(&self) -> Vec<String> {
        self.moves
            .iter()
            .zip(&self.positions)
            .map(|(&mv, pos)| pos.move_text(mv))
            .collect()
    }
}

/// The serialized form of a [`Game`]: where it started and what was played.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct GameRecord<P, M> {
    start: P,
    moves: Vec<M>,
}

#[cfg(feature = "serde")]
impl<P: Position> From<Game<P>> for GameRecord<P, P::Move> {
    fn from(game: Game<P>) -> Self {
        let Game {
            mut positions,
            moves,
        } = game;
        positions.truncate(1);
        GameRecord {
            start: positions.pop().expect("never empty"),
            moves,
        }
    }
}

#[cfg(feature = "serde")]
impl<P: Position> TryFrom<GameRecord<P, P::Move>> for Game<P> {
    type Error = String;
    fn try_from(record: GameRecord<P, P::Move>) -> Result<Self, String> {
        let mut game = Game::new(record.start);
        for (i, mv) in record.moves.into_iter().enumerate() {
            game.play(mv).map_err(|e| format!("move {}: {e}", i + 1))?;
        }
        Ok(game)
    }
}
