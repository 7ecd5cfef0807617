//! The errors every variant reports in the same shape: what was wrong and where.

use std::borrow::Cow;
use thiserror::Error;

/// The longest excerpt of a user's input an error quotes, in characters.
pub const EXCERPT_CHARS: usize = 60;

/// `text` as an error may quote it: whole if it is short, else its first
/// [`EXCERPT_CHARS`] characters followed by `… (N bytes in all)`, so that a huge bad input
/// never comes back whole in a message.
///
/// ```
/// use chimera_core::excerpt;
/// assert_eq!(excerpt("e2e4"), "e2e4");
/// let long = "x".repeat(10_000);
/// assert!(excerpt(&long).len() < 100);
/// assert!(excerpt(&long).ends_with("… (10000 bytes in all)"));
/// ```
pub fn excerpt(text: &str) -> Cow<'_, str> {
    match text.char_indices().nth(EXCERPT_CHARS) {
        None => Cow::Borrowed(text),
        Some((cut, _)) => Cow::Owned(format!("{}… ({} bytes in all)", &text[..cut], text.len())),
    }
}

/// A reason or place that may carry pieces of the input: kept whole up to a few hundred
/// characters, cut like [`excerpt`] beyond.
fn bounded(text: String) -> String {
    const MAX: usize = 4 * EXCERPT_CHARS;
    match text.char_indices().nth(MAX) {
        None => text,
        Some((cut, _)) => format!("{}… ({} bytes in all)", &text[..cut], text.len()),
    }
}

/// What kind of problem a [`ParseMoveError`] reports, for a caller to match on (the
/// message says the rest).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MoveErrorKind {
    /// Not shaped like a move of the variant: empty, a stray character, a missing part.
    Syntax,
    /// A cell or square name that is not on the board.
    UnknownCell,
    /// A piece or promotion letter the variant does not know, or not allowed there.
    BadPiece,
    /// Well formed, but no move of this position matches it (in a notation such as SAN,
    /// read against the position's moves).
    NoSuchMove,
    /// Several moves of this position match it.
    Ambiguous,
    /// Not classified by the variant (errors made with [`ParseMoveError::new`]).
    Other,
}

/// A move text that could not be read (before any question of legality). The text kept is
/// an [`excerpt`] of the one given; [`ParseMoveError::kind`] says what kind of problem it is.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("cannot read move `{text}`: {reason}")]
pub struct ParseMoveError {
    /// The text as given (an [`excerpt`] of it if it is long).
    pub text: String,
    /// What was wrong, naming the offending part.
    pub reason: String,
    kind: MoveErrorKind,
}

impl ParseMoveError {
    /// Makes the error for `text` with a reason, of kind [`MoveErrorKind::Other`] (set a
    /// precise one with [`ParseMoveError::with_kind`] or [`ParseMoveError::of_kind`]).
    pub fn new(text: impl Into<String>, reason: impl Into<String>) -> Self {
        ParseMoveError::of_kind(MoveErrorKind::Other, text, reason)
    }

    /// Makes the error for `text` with its kind and a reason.
    pub fn of_kind(
        kind: MoveErrorKind,
        text: impl Into<String>,
        reason: impl Into<String>,
    ) -> Self {
        ParseMoveError {
            text: excerpt(&text.into()).into_owned(),
            reason: bounded(reason.into()),
            kind,
        }
    }

    /// The same error with another kind.
    #[must_use]
    pub fn with_kind(mut self, kind: MoveErrorKind) -> Self {
        self.kind = kind;
        self
    }

    /// What kind of problem this is.
    pub fn kind(&self) -> MoveErrorKind {
        self.kind
    }
}

/// What kind of problem a [`ParsePositionError`] reports, for a caller to match on (the
/// message says the rest, and where).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PositionErrorKind {
    /// Not shaped like a position text: missing or extra fields, a row of the wrong length,
    /// a stray character.
    Syntax,
    /// A cell or square name that is not on the board.
    UnknownCell,
    /// A piece letter the variant does not know.
    BadPiece,
    /// A field that is not one of its allowed values (side to move, castling rights, an
    /// en-passant square, a rule option).
    BadField,
    /// A counter (clock, move number, pieces in hand) that is not a number or is out of
    /// its range.
    BadCounter,
    /// Well formed, but not a position the rules allow (no king, two kings, a pawn on its
    /// last rank, the side not to move in check).
    Invalid,
    /// Not classified by the variant (errors made with [`ParsePositionError::new`]).
    Other,
}

/// A position text that could not be read, or that describes an impossible position;
/// [`ParsePositionError::kind`] says what kind of problem it is.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("cannot read position: {reason} (in {place})")]
pub struct ParsePositionError {
    /// Where the problem is: a field, a rank, a cell name, a character column.
    pub place: String,
    /// What was wrong.
    pub reason: String,
    kind: PositionErrorKind,
}

impl ParsePositionError {
    /// Makes the error for a place and a reason, of kind [`PositionErrorKind::Other`] (set
    /// a precise one with [`ParsePositionError::with_kind`] or
    /// [`ParsePositionError::of_kind`]).
    pub fn new(place: impl Into<String>, reason: impl Into<String>) -> Self {
        ParsePositionError::of_kind(PositionErrorKind::Other, place, reason)
    }

    /// Makes the error for its kind, a place and a reason.
    pub fn of_kind(
        kind: PositionErrorKind,
        place: impl Into<String>,
        reason: impl Into<String>,
    ) -> Self {
        ParsePositionError {
            place: bounded(place.into()),
            reason: bounded(reason.into()),
            kind,
        }
    }

    /// The same error with another kind.
    #[must_use]
    pub fn with_kind(mut self, kind: PositionErrorKind) -> Self {
        self.kind = kind;
        self
    }

    /// What kind of problem this is.
    pub fn kind(&self) -> PositionErrorKind {
        self.kind
    }
}

/// Why a [`IllegalMoveError`] refused a move, for a caller to match on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum IllegalMoveKind {
    /// Not among the legal moves of the position.
    NotLegal,
    /// Legal in the position alone, but forbidden by the game's history (a Ko rule).
    ForbiddenByHistory,
    /// The game is over: no move may be played.
    GameOver,
}

/// A well-formed move that may not be played in the position it was applied to;
/// [`IllegalMoveError::kind`] says why.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("illegal move `{mv}`: {reason}")]
pub struct IllegalMoveError {
    /// The move as text.
    pub mv: String,
    /// Why it is illegal.
    pub reason: String,
    kind: IllegalMoveKind,
}

impl IllegalMoveError {
    /// Makes the error for a move text and a reason, of kind [`IllegalMoveKind::NotLegal`].
    pub fn new(mv: impl Into<String>, reason: impl Into<String>) -> Self {
        IllegalMoveError::of_kind(IllegalMoveKind::NotLegal, mv, reason)
    }

    /// Makes the error for its kind, a move text and a reason.
    pub fn of_kind(
        kind: IllegalMoveKind,
        mv: impl Into<String>,
        reason: impl Into<String>,
    ) -> Self {
        IllegalMoveError {
            mv: excerpt(&mv.into()).into_owned(),
            reason: bounded(reason.into()),
            kind,
        }
    }

    /// Why the move was refused.
    pub fn kind(&self) -> IllegalMoveKind {
        self.kind
    }
}

/// What kind of problem a [`PlayError`] reports, all kinds in one enum for a caller that
/// plays moves given as text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PlayErrorKind {
    /// The text is not a move ([`PlayError::Parse`]), of this kind.
    Unreadable(MoveErrorKind),
    /// The move may not be played ([`PlayError::Illegal`]), for this reason.
    Illegal(IllegalMoveKind),
    /// The budget left the move's legality undecided ([`PlayError::Undecided`]).
    Undecided,
}

impl PlayError {
    /// What kind of problem this is.
    pub fn kind(&self) -> PlayErrorKind {
        match self {
            PlayError::Parse(e) => PlayErrorKind::Unreadable(e.kind()),
            PlayError::Illegal(e) => PlayErrorKind::Illegal(e.kind()),
            PlayError::Undecided(_) => PlayErrorKind::Undecided,
        }
    }
}

/// A move given as text that could not be played: unreadable, or illegal.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlayError {
    /// The text is not a move.
    #[error(transparent)]
    Parse(#[from] ParseMoveError),
    /// The move is not legal here.
    #[error(transparent)]
    Illegal(#[from] IllegalMoveError),
    /// The move's legality was not decided within the budget, and the caller asked for
    /// proven moves only.
    #[error(transparent)]
    Undecided(#[from] UndecidedMoveError),
}

/// A move whose legality the budget left undecided (neither proven nor refuted), refused
/// because only proven moves were to be played. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("move `{mv}` could not be decided within the budget: neither proven legal nor illegal")]
pub struct UndecidedMoveError {
    /// The move as text.
    pub mv: String,
}

/// A rule-set name that the variant does not know.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown rule set `{name}`; known: {known}")]
pub struct UnknownRulesError {
    /// The name as given.
    pub name: String,
    /// The names the variant knows, comma separated.
    pub known: String,
}
