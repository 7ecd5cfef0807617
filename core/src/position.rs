//! The [`Position`] trait every variant implements.

use crate::{
    Budget, Color, History, IllegalMoveError, Outcome, ParseMoveError, ParsePositionError, Status,
    Verdict,
};
use std::fmt::Debug;
use std::hash::Hash;

/// A variant's named rule options, as one value whose `Default` is the standard game.
pub trait RuleSet: Clone + Copy + Debug + Default + PartialEq + Eq + Hash + 'static {
    /// The names [`RuleSet::from_name`] accepts, the standard game's first.
    const NAMES: &'static [&'static str];

    /// The rule set of that name (case-insensitive), if the variant has it.
    fn from_name(name: &str) -> Option<Self>;

    /// This rule set's name, one of [`RuleSet::NAMES`].
    fn name(&self) -> &'static str;
}

/// The rule options of a variant that has just one rule set, the standard game: a variant
/// crate names it as its `Rules` (`pub type Rules = chimera_core::StandardRules;`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum StandardRules {
    /// The standard game.
    #[default]
    Standard,
}

impl RuleSet for StandardRules {
    const NAMES: &'static [&'static str] = &["standard"];

    fn from_name(name: &str) -> Option<Self> {
        name.eq_ignore_ascii_case("standard")
            .then_some(StandardRules::Standard)
    }

    fn name(&self) -> &'static str {
        "standard"
    }
}

/// The state of a game of one variant at one moment, without its history.
///
/// Implementations are plain data: cheap to clone, comparable, hashable. Everything that
/// depends on earlier positions (Ko, repetition draws) is decided by [`crate::Game`] through
/// the hooks [`Position::retain_history_legal`] and [`Position::history_outcome`], which
/// default to "history does not matter".
///
/// A finished game has no legal moves: once [`Position::outcome`] is `Some`,
/// [`Position::legal_moves`] yields nothing.
pub trait Position: Clone + Debug + PartialEq + Eq + Hash + Sized {
    /// A move: small, `Copy`, and meaningful only in the position it was generated in.
    /// For a variant whose turn has several parts (a drop and a move), one value is the
    /// whole turn; for one whose turn has several moves, one value is one action.
    type Move: Copy + Debug + PartialEq + Eq + Hash;
    /// The variant's rule options.
    type Rules: RuleSet;

    /// The variant's name as the command-line program knows it (`turtle-shell`).
    const VARIANT: &'static str;

    /// The standard start position under these rules.
    fn start(rules: Self::Rules) -> Self;

    /// Reads a position text (the format [`Position::to_text`] writes).
    fn from_text(text: &str, rules: Self::Rules) -> Result<Self, ParsePositionError>;

    /// The position as text; `from_text(&p.to_text(), rules) == p`.
    fn to_text(&self) -> String;

    /// The rules this position is played under.
    fn rules(&self) -> Self::Rules;

    /// The side whose action it is.
    fn turn(&self) -> Color;

    /// Clears `moves` and fills it with every legal move, ignoring history.
    fn legal_moves(&self, moves: &mut Vec<Self::Move>);

    /// Applies a move known to be legal (from [`Position::legal_moves`]). Given anything else
    /// it may leave the position inconsistent, but never causes undefined behaviour.
    fn play_unchecked(&mut self, mv: Self::Move);

    /// Whether `mv` is legal here, ignoring history. The default lists the legal moves and
    /// looks; a variant whose legality is expensive to decide (a search over the rest of a
    /// turn) decides this one move instead.
    fn is_legal(&self, mv: Self::Move) -> bool {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.contains(&mv)
    }

    /// Whether the side to move has a legal move, ignoring history. The default lists them;
    /// a variant whose legality is expensive to decide stops at the first.
    fn has_legal_move(&self) -> bool {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        !moves.is_empty()
    }

    /// Whether `mv` is legal here (ignoring history), spending at most `budget`.
    /// [`Verdict::Undecided`] means the budget ran out first; `Yes` and `No` are exact. The
    /// default asks [`Position::is_legal`]: right for every variant whose legality needs no
    /// search. A variant that searches overrides the three `_within` methods together.
    fn is_legal_within(&self, mv: Self::Move, budget: &mut Budget) -> Verdict {
        let _ = budget;
        self.is_legal(mv).into()
    }

    /// Like [`Position::legal_moves`] within `budget`: fills `legal` with the moves proven
    /// legal and `undecided` with the moves whose legality the budget left open (pseudo-legal
    /// moves, neither proven nor refuted). With an unlimited budget `undecided` stays empty.
    fn legal_moves_within(
        &self,
        legal: &mut Vec<Self::Move>,
        undecided: &mut Vec<Self::Move>,
        budget: &mut Budget,
    ) {
        let _ = budget;
        undecided.clear();
        self.legal_moves(legal);
    }

    /// Like [`Position::has_legal_move`] within `budget`.
    fn has_legal_move_within(&self, budget: &mut Budget) -> Verdict {
        let _ = budget;
        self.has_legal_move().into()
    }

    /// Whether `mv` is legal here, given the moves that follow it in a game record
    /// (`following`, as text, in order; possibly reaching beyond the turn, possibly wrong).
    /// A variant whose legality depends on the rest of a multi-move turn takes them as a
    /// *witness*: if the record's own continuation is possible and ends the turn lawfully,
    /// the move is legal with no search. Otherwise, and by default, this is
    /// [`Position::is_legal_within`].
    fn is_legal_given(&self, mv: Self::Move, following: &[&str], budget: &mut Budget) -> Verdict {
        let _ = following;
        self.is_legal_within(mv, budget)
    }

    /// Applies `mv` if it is legal here (ignoring history), else leaves `self` unchanged.
    fn play(&mut self, mv: Self::Move) -> Result<(), IllegalMoveError> {
        if self.is_legal(mv) {
            self.play_unchecked(mv);
            Ok(())
        } else {
            Err(IllegalMoveError::new(
                self.move_text(mv),
                "not among the legal moves of this position",
            ))
        }
    }

    /// The result if the game is over whatever moves remain (a king in the end zone, a
    /// captured king, no royal piece), else `None`.
    fn terminal(&self) -> Option<Outcome>;

    /// The result when the side to move has no legal move (checkmate, stalemate, siege).
    fn no_move_outcome(&self) -> Outcome;

    /// The result if the game is over, ignoring history.
    fn outcome(&self) -> Option<Outcome> {
        if let Some(outcome) = self.terminal() {
            return Some(outcome);
        }
        (!self.has_legal_move()).then(|| self.no_move_outcome())
    }

    /// Like [`Position::outcome`] within `budget` (ignoring history): whether the game is
    /// over, going on, or undecided because the budget ran out before the search for a
    /// legal move ended.
    fn status_within(&self, budget: &mut Budget) -> Status {
        if let Some(outcome) = self.terminal() {
            return Status::Over(outcome);
        }
        match self.has_legal_move_within(budget) {
            Verdict::Yes => Status::Ongoing,
            Verdict::No => Status::Over(self.no_move_outcome()),
            Verdict::Undecided => Status::Undecided,
        }
    }

    /// The Zobrist key, maintained incrementally. Equal positions (in the sense that
    /// matters for repetition) have equal keys.
    fn zobrist(&self) -> u64;

    /// The Zobrist key computed from scratch; equals [`Position::zobrist`] in a consistent
    /// position. Tests compare the two.
    fn zobrist_from_scratch(&self) -> u64;

    /// Reads a move in this position's context (case-free, alternative forms accepted).
    /// The move is well-formed, not necessarily legal.
    fn parse_move(&self, text: &str) -> Result<Self::Move, ParseMoveError>;

    /// Writes a move of this position in the canonical notation;
    /// `parse_move(&move_text(m)) == Ok(m)` for every legal move.
    fn move_text(&self, mv: Self::Move) -> String;

    /// Writes a move of this position as players read it: the variant's display notation,
    /// SAN where it has one (`Nf3`, `exd6`, `Qh4#`), which [`Position::parse_move`] also
    /// reads. The default is [`Position::move_text`]; a variant with a separate display
    /// notation overrides it.
    fn move_display(&self, mv: Self::Move) -> String {
        self.move_text(mv)
    }

    /// Whether [`Position::retain_history_legal`] may remove moves (a Ko rule). A variant
    /// that overrides that hook sets this to `true`; otherwise [`crate::Game`] decides
    /// legality and the end of the game with [`Position::is_legal`] and
    /// [`Position::has_legal_move`] alone.
    const HISTORY_RESTRICTS_MOVES: bool = false;

    /// History hook: removes from `moves` (legal in `self`) those that the game's history
    /// forbids. `earlier` holds the game's earlier positions, oldest first, not `self`
    /// ([`History::positions`]); [`History::with_key`] lists those with a given Zobrist key
    /// without scanning them all. A game calls this hook at every move, so it should not
    /// scan the whole history: a record may be millions of moves long.
    /// A variant overriding it sets [`Position::HISTORY_RESTRICTS_MOVES`].
    fn retain_history_legal(&self, earlier: History<'_, Self>, moves: &mut Vec<Self::Move>) {
        let _ = (earlier, moves);
    }

    /// History hook: a result that depends on the earlier positions (repetition draws).
    /// As for [`Position::retain_history_legal`], ask `earlier` by key
    /// ([`History::with_key`]) rather than scanning it.
    fn history_outcome(&self, earlier: History<'_, Self>) -> Option<Outcome> {
        let _ = earlier;
        None
    }

    /// How many moves are legal here, `earlier` being the positions before this one: the
    /// length of [`Position::legal_moves_within`]'s list after
    /// [`Position::retain_history_legal`] (the history's own end,
    /// [`Position::history_outcome`], left to the caller), or `None` if the budget left a
    /// move undecided. Perft counts its last ply with it. The default lists the moves into
    /// `scratch`; a variant that can count without listing overrides it (perft's tests
    /// compare the two).
    fn count_legal_moves_within(
        &self,
        earlier: History<'_, Self>,
        scratch: &mut Vec<Self::Move>,
        undecided: &mut Vec<Self::Move>,
        budget: &mut Budget,
    ) -> Option<u64> {
        self.legal_moves_within(scratch, undecided, budget);
        if !undecided.is_empty() {
            return None;
        }
        self.retain_history_legal(earlier, scratch);
        Some(scratch.len() as u64)
    }
}

/// Pictures of a position: a terminal diagram and an SVG drawing.
pub trait Render: Position {
    /// A readable diagram for a terminal. `last` is the move that led here with the position
    /// it was played in, if known.
    fn text_diagram(&self, last: Option<(&Self, Self::Move)>) -> String;

    /// A complete SVG document showing the board, the pieces, the last move (as for
    /// [`Render::text_diagram`]) and any checked king.
    fn svg(&self, last: Option<(&Self, Self::Move)>) -> String;

    /// The terminal diagram seen from the other side (Black's side at the bottom), if the
    /// variant draws one; the default is `None` (not available).
    fn text_diagram_flipped(&self, last: Option<(&Self, Self::Move)>) -> Option<String> {
        let _ = last;
        None
    }

    /// The cells a player clicks to make the legal move `mv` on the [`Render::svg`] picture,
    /// and the other cells it changes (see [`MoveCells`]), by the names the move notation
    /// uses (which the picture's `data-cell` attributes carry). The default (a variant
    /// that does not say) is empty: a page can then offer the move by its text only.
    fn move_cells(&self, mv: Self::Move) -> MoveCells {
        let _ = mv;
        MoveCells::default()
    }

    /// A short help text for players on the variant's move notation: examples of ordinary
    /// moves, captures, promotions and the variant's special moves, each example in
    /// backquotes (`` `C2-C3` ``) and readable by [`Position::parse_move`] in the start
    /// position. The default says only that moves are written from-to.
    fn notation_help() -> &'static str {
        "Moves are written FROM-TO (type `moves` for the legal moves)."
    }

    /// A note for a player whose move text `word` was refused, where the variant has one
    /// to add to the error (how a special move is written, when an early end of turn is
    /// allowed); `unreadable` says whether the text did not parse (rather than being
    /// illegal here). The default has none.
    fn notation_hint(word: &str, unreadable: bool) -> Option<&'static str> {
        let _ = (word, unreadable);
        None
    }
}

/// How a move is made by clicking a picture of the position ([`Render::move_cells`]).
///
/// Every cell of a variant's SVG picture carries its name in a `data-cell` attribute (the
/// name the move notation uses), so a page can match clicks to moves without knowing the
/// variant's rules.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MoveCells {
    /// The clicks that choose the move, in order: usually the moving piece's cell, then its
    /// destination; a turn that first places pieces (Triagonal's Jacks) starts with their
    /// cells. Each click is a group of cells any one of which makes it: one cell, or the
    /// four squares of a unit that moves as one (Tiling Rider's aggregates and kings).
    /// Empty for a move made by no click (Tiling Rider's "end turn"). Several legal moves
    /// may share their clicks (a promotion's choices): a page then asks which one.
    pub picks: Vec<Vec<String>>,
    /// Other cells the move changes, to show with it: the cell a Turret's sling throws a
    /// piece from and the cell it lands on, the castling rook's cells.
    pub also: Vec<String>,
}

impl MoveCells {
    /// A move made by clicking `from` then `to`, changing no other cell.
    pub fn from_to(from: impl ToString, to: impl ToString) -> MoveCells {
        MoveCells {
            picks: vec![vec![from.to_string()], vec![to.to_string()]],
            also: Vec::new(),
        }
    }
}
