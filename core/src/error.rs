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

/// A move text that could not be read (before any question of legality). The text kept is
/// an [`excerpt`] of the one given.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("cannot read move `{text}`: {reason}")]
pub struct ParseMoveError {
    /// The text as given (an [`excerpt`] of it if it is long).
    pub text: String,
    /// What was wrong, naming the offending part.
    pub reason: String,
}

impl ParseMoveError {
    /// Makes the error for `text` with a reason.
    pub fn new(text: impl Into<String>, reason: impl Into<String>) -> Self {
        ParseMoveError {
            text: excerpt(&text.into()).into_owned(),
            reason: bounded(reason.into()),
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
            place: bounded(place.into()),
            reason: bounded(reason.into()),
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
            mv: excerpt(&mv.into()).into_owned(),
            reason: bounded(reason.into()),
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
