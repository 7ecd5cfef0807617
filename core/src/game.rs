//! [`Game`]: a position together with its history.

use crate::history::KeyIndex;
use crate::{
    Budget, History, IllegalMoveError, IllegalMoveKind, Outcome, PlayError, Position, Status,
    UndecidedMoveError, Verdict,
};

/// A game: the position it started from, the moves played, and every position reached.
///
/// History-dependent rules (Ko, repetition draws) are decided here, through the variant's
/// [`Position::retain_history_legal`] and [`Position::history_outcome`] hooks. The game
/// keeps its positions indexed by Zobrist key, so those hooks find the earlier positions
/// equal to one in time independent of the length of the game ([`History::with_key`]).
///
/// With the `serde` feature a game serializes as its start position (see
/// [`crate::serde_text`]) and its moves as their text (each in the position it was played
/// in, [`Position::move_text`]): `{"start": {"rules": …, "position": …}, "moves": ["e4", …]}`.
/// Reading one back parses and replays the moves, so a record with an unreadable or illegal
/// move is refused, never trusted.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(
        into = "GameRecord<P>",
        try_from = "GameRecord<P>",
        bound(
            serialize = "P: serde::Serialize",
            deserialize = "P: serde::Deserialize<'de>"
        )
    )
)]
pub struct Game<P: Position> {
    /// `positions[0]` is the start; `positions[i + 1]` follows `moves[i]`. Never empty.
    positions: Vec<P>,
    moves: Vec<P::Move>,
    /// The first `index.len()` of `positions` by key; the others (fewer than
    /// [`UNINDEXED`]) are scanned.
    index: KeyIndex,
}

/// How many positions may wait to be indexed: [`History::with_key`] scans them.
const UNINDEXED: usize = 32;

impl<P: Position> Game<P> {
    /// A game starting from `start` with no history: a position set up from text starts a
    /// fresh history.
    pub fn new(start: P) -> Self {
        Game {
            positions: vec![start],
            moves: Vec::new(),
            index: KeyIndex::default(),
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

    /// The positions before the current one, as the history hooks see them: oldest
    /// first, indexed by Zobrist key.
    #[inline]
    pub fn history(&self) -> History<'_, P> {
        self.split().0
    }

    #[inline]
    fn split(&self) -> (History<'_, P>, &P) {
        let (current, earlier) = self.positions.split_last().expect("never empty");
        (History::indexed(earlier, &self.index), current)
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
        // With no limit the status is never undecided.
        self.status(&mut Budget::unlimited()).outcome()
    }

    /// The result the position or the history decides, whatever moves remain (the end by
    /// lack of moves aside).
    fn decided_outcome(&self) -> Option<Outcome> {
        let (earlier, current) = self.split();
        current
            .terminal()
            .or_else(|| current.history_outcome(earlier))
    }

    /// Whether `mv` is legal now, history included, within `budget`, given the record's
    /// next moves `following` (the game being not over by [`Game::decided_outcome`]).
    fn legality(&self, mv: P::Move, following: &[&str], budget: &mut Budget) -> Verdict {
        let (earlier, current) = self.split();
        if P::HISTORY_RESTRICTS_MOVES {
            let mut moves = Vec::new();
            current.legal_moves(&mut moves);
            current.retain_history_legal(earlier, &mut moves);
            moves.contains(&mv).into()
        } else {
            current.is_legal_given(mv, following, budget)
        }
    }

    /// Whether `mv` may be played now, history included (the game not being over: a legal
    /// move means it is not over by lack of moves).
    fn allows(&self, mv: P::Move) -> bool {
        self.decided_outcome().is_none()
            && self.legality(mv, &[], &mut Budget::unlimited()) == Verdict::Yes
    }

    /// Like [`Game::legal_moves`] within `budget`: the moves proven legal in `legal`, those
    /// the budget left undecided in `undecided` (history applied to both).
    pub fn legal_moves_within(
        &self,
        legal: &mut Vec<P::Move>,
        undecided: &mut Vec<P::Move>,
        budget: &mut Budget,
    ) {
        let (earlier, current) = self.split();
        if current.history_outcome(earlier).is_some() {
            legal.clear();
            undecided.clear();
            return;
        }
        current.legal_moves_within(legal, undecided, budget);
        current.retain_history_legal(earlier, legal);
        current.retain_history_legal(earlier, undecided);
    }

    /// Like [`Game::outcome`] within `budget`: over (with the outcome), going on, or
    /// undecided because the budget ran out first. Decided in the same order.
    pub fn status(&self, budget: &mut Budget) -> Status {
        let (earlier, current) = self.split();
        if let Some(outcome) = current.terminal() {
            return Status::Over(outcome);
        }
        let any_legal = if P::HISTORY_RESTRICTS_MOVES {
            let mut moves = Vec::new();
            current.legal_moves(&mut moves);
            current.retain_history_legal(earlier, &mut moves);
            Verdict::from(!moves.is_empty())
        } else {
            current.has_legal_move_within(budget)
        };
        match any_legal {
            Verdict::No => Status::Over(current.no_move_outcome()),
            Verdict::Yes => match current.history_outcome(earlier) {
                Some(outcome) => Status::Over(outcome),
                None => Status::Ongoing,
            },
            Verdict::Undecided => match current.history_outcome(earlier) {
                // Repetition ends the game whether or not a move is legal.
                Some(outcome) => Status::Over(outcome),
                None => Status::Undecided,
            },
        }
    }

    /// Plays `mv` if it is proven legal within `budget`, history included, and returns
    /// [`Verdict::Yes`]. A move the budget leaves undecided is played only with
    /// `allow_undecided` (then [`Verdict::Undecided`] is returned: the game goes on from a
    /// move not proven legal, and the variant's own rules still decide how its turn may
    /// end); otherwise, as for a refuted move, the game is unchanged and the error says why.
    pub fn play_within(
        &mut self,
        mv: P::Move,
        budget: &mut Budget,
        allow_undecided: bool,
    ) -> Result<Verdict, PlayError> {
        self.play_given(mv, &[], budget, allow_undecided)
    }

    /// [`Game::play_within`] for a move read from a game record, whose next moves are
    /// `following` (as text): a variant whose legality depends on the rest of a turn takes
    /// the record's own continuation as proof ([`Position::is_legal_given`]), so replaying a
    /// record of complete turns needs no search.
    pub fn play_given(
        &mut self,
        mv: P::Move,
        following: &[&str],
        budget: &mut Budget,
        allow_undecided: bool,
    ) -> Result<Verdict, PlayError> {
        if let Some(outcome) = self.decided_outcome() {
            let text = self.position().move_text(mv);
            return Err(IllegalMoveError::of_kind(
                IllegalMoveKind::GameOver,
                text,
                format!("the game is over ({outcome})"),
            )
            .into());
        }
        let verdict = self.legality(mv, following, budget);
        match verdict {
            Verdict::Yes => {}
            Verdict::Undecided if allow_undecided => {}
            Verdict::Undecided => {
                return Err(UndecidedMoveError {
                    mv: self.position().move_text(mv),
                }
                .into())
            }
            Verdict::No => return Err(self.refusal(mv).into()),
        }
        self.play_unchecked(mv);
        Ok(verdict)
    }

    /// Plays a move known to be legal (from [`Game::legal_moves`]).
    #[inline]
    pub fn play_unchecked(&mut self, mv: P::Move) {
        // Copy the position into its new slot and play there: one copy, straight into the
        // slot (a `push` of a clone copies it through the stack first, since the push may
        // move the vector).
        self.positions
            .extend_from_within(self.positions.len() - 1..);
        self.positions
            .last_mut()
            .expect("just pushed")
            .play_unchecked(mv);
        self.moves.push(mv);
        if self.positions.len() - self.index.len() > UNINDEXED {
            self.index_waiting();
        }
    }

    /// Indexes the positions waiting to be (once every [`UNINDEXED`] plies).
    #[cold]
    #[inline(never)]
    fn index_waiting(&mut self) {
        for p in &self.positions[self.index.len()..] {
            self.index.push(p.zobrist());
        }
    }

    /// Forgets the last position in the index (only when it was indexed).
    #[cold]
    #[inline(never)]
    fn unindex_last(&mut self) {
        let key = self.position().zobrist();
        self.index.pop(key);
    }

    /// Plays `mv` if it is legal now, history included; otherwise the game is unchanged and
    /// the error says why.
    pub fn play(&mut self, mv: P::Move) -> Result<(), IllegalMoveError> {
        if self.allows(mv) {
            self.play_unchecked(mv);
            return Ok(());
        }
        if let Some(outcome) = self.outcome() {
            let text = self.position().move_text(mv);
            return Err(IllegalMoveError::of_kind(
                IllegalMoveKind::GameOver,
                text,
                format!("the game is over ({outcome})"),
            ));
        }
        Err(self.refusal(mv))
    }

    /// The error for a move refused in a game that is not over: which rule refused it.
    fn refusal(&self, mv: P::Move) -> IllegalMoveError {
        let text = self.position().move_text(mv);
        // Only the refusal asks again, without the history, to say which rule refused.
        if P::HISTORY_RESTRICTS_MOVES && self.position().is_legal(mv) {
            IllegalMoveError::of_kind(
                IllegalMoveKind::ForbiddenByHistory,
                text,
                "forbidden by the game's history (it would repeat an earlier position)",
            )
        } else {
            IllegalMoveError::new(text, "not a legal move in this position")
        }
    }

    /// Reads a move in the current position and plays it. Returns the move.
    pub fn play_text(&mut self, text: &str) -> Result<P::Move, PlayError> {
        let mv = self.position().parse_move(text)?;
        self.play(mv)?;
        Ok(mv)
    }

    /// Starts the game afresh from `start`, with no history, keeping the memory it has
    /// allocated: a search reuses one game for the lines after a null move (which no
    /// earlier position can repeat).
    pub fn restart(&mut self, start: P) {
        while self.undo().is_some() {}
        if self.index.len() > 0 {
            self.unindex_last();
        }
        self.positions[0] = start;
    }

    /// Takes back the last move; `None` at the start.
    #[inline]
    pub fn undo(&mut self) -> Option<P::Move> {
        let mv = self.moves.pop()?;
        if self.index.len() >= self.positions.len() {
            self.unindex_last();
        }
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

    /// The moves played so far in the display notation (SAN where the variant has one,
    /// [`Position::move_display`]).
    pub fn move_displays(&self) -> Vec<String> {
        self.moves
            .iter()
            .zip(&self.positions)
            .map(|(&mv, pos)| pos.move_display(mv))
            .collect()
    }
}

/// The serialized form of a [`Game`]: where it started and what was played, as move texts.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct GameRecord<P> {
    start: P,
    moves: Vec<String>,
}

#[cfg(feature = "serde")]
impl<P: Position> From<Game<P>> for GameRecord<P> {
    fn from(game: Game<P>) -> Self {
        let moves = game.move_texts();
        let Game { mut positions, .. } = game;
        positions.truncate(1);
        GameRecord {
            start: positions.pop().expect("never empty"),
            moves,
        }
    }
}

#[cfg(feature = "serde")]
impl<P: Position> TryFrom<GameRecord<P>> for Game<P> {
    type Error = String;
    fn try_from(record: GameRecord<P>) -> Result<Self, String> {
        let mut game = Game::new(record.start);
        for (i, text) in record.moves.iter().enumerate() {
            game.play_text(text)
                .map_err(|e| format!("move {}: {e}", i + 1))?;
        }
        Ok(game)
    }
}
