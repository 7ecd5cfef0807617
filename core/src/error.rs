//! The errors every variant reports in the same shape: what was wrong and where.

use thiserror::Error;

/// A move text that could not be read (before any question of legality).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("cannot read move `{text}`: {reason}")]
pub struct ParseMoveError {
    /// The text as given.
    pub text: String,
    /// What was wrong, naming the offending part.
    pub reason: String,
}

impl ParseMoveError {
    /// Makes the error for `text` with a reason.
    pub fn new(text: impl Into<String>, reason: impl Into<String>) -> Self {
        ParseMoveError {
            text: text.into(),
            reason: reason.into(),
        }
    }
}

/// A position text that could not be read, or that describes an impossible position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("cannot read position: {reason} (in {place})")]
pub struct ParsePositionError {
    /// Where the problem is: a field, a rank, a cell name, a character column.
    pub place: String,
    /// What was wrong.
    pub reason: String,
}

impl ParsePositionError {
    /// Makes the error for a place and a reason.
    pub fn new(place: impl Into<String>, reason: impl Into<String>) -> Self {
        ParsePositionError {
            place: place.into(),
            reason: reason.into(),
        }
    }
}

/// A well-formed move that may not be played in the position it was applied to.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("illegal move `{mv}`: {reason}")]
pub struct IllegalMoveError {
    /// The move as text.
    pub mv: String,
    /// Why it is illegal.
    pub reason: String,
}

impl IllegalMoveError {
    /// Makes the error for a move text and a reason.
    pub fn new(mv: impl Into<String>, reason: impl Into<String>) -> Self {
        IllegalMoveError {
            mv: mv.into(),
            reason: reason.into(),
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
