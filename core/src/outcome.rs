//! How a game ended.

use crate::Color;
use std::fmt;

/// A way to win or draw that a variant defines for itself, so that a new way to end a game
/// needs no change in the core: a stable `name` (kebab-case; serde and the program's JSON
/// write it) and the `text` [`Outcome`]'s `Display` puts after "by". A variant crate
/// declares its reasons as constants:
///
/// ```
/// use chimera_core::{Color, Outcome, WinReason};
///
/// /// The winner's king reached the far rank.
/// pub const FAR_RANK: WinReason = WinReason::variant("far-rank", "reaching the far rank");
///
/// let outcome = Outcome::Win { winner: Color::White, reason: FAR_RANK };
/// assert_eq!(outcome.to_string(), "1-0 white wins by reaching the far rank");
/// assert_eq!(FAR_RANK.name(), "far-rank");
/// ```
///
/// Two reasons are equal when their names are. Read back through serde, a reason the core
/// does not know keeps its name (so it compares equal and writes back the same) but not its
/// text, which the data does not carry: its `Display` is the name with spaces for dashes.
#[derive(Clone, Copy, Debug)]
pub struct VariantReason {
    name: &'static str,
    text: &'static str,
}

impl VariantReason {
    /// A reason with its name (kebab-case, `"end-zone"`) and its text (`"reaching the end
    /// zone with the king"`).
    pub const fn new(name: &'static str, text: &'static str) -> Self {
        VariantReason { name, text }
    }

    /// The stable name, as serde writes it.
    pub const fn name(self) -> &'static str {
        self.name
    }

    /// The text an outcome prints after "by".
    pub const fn text(self) -> &'static str {
        self.text
    }
}

impl PartialEq for VariantReason {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}

impl Eq for VariantReason {}

impl std::hash::Hash for VariantReason {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.name.hash(state);
    }
}

/// Why a side won: the ways common to many variants, or one a variant defines
/// ([`WinReason::Variant`], made with [`WinReason::variant`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum WinReason {
    /// The loser was in check with no legal move.
    Checkmate,
    /// The side to move had no legal move and was not in check, and the variant awards
    /// that to the stalemated side (Turtle Shell Chess).
    Stalemate,
    /// The loser resigned.
    Resignation,
    /// A way to win that the variant defines (Turtle Shell's end zone, Turnover's siege).
    Variant(VariantReason),
}

impl WinReason {
    /// A variant-defined reason: see [`VariantReason`].
    pub const fn variant(name: &'static str, text: &'static str) -> Self {
        WinReason::Variant(VariantReason::new(name, text))
    }

    /// The stable name (`checkmate`, `end-zone`), as serde writes it.
    pub const fn name(self) -> &'static str {
        match self {
            WinReason::Checkmate => "checkmate",
            WinReason::Stalemate => "stalemate",
            WinReason::Resignation => "resignation",
            WinReason::Variant(reason) => reason.name,
        }
    }

    /// The text an outcome prints after "by".
    pub const fn text(self) -> &'static str {
        match self {
            WinReason::Checkmate => "checkmate",
            WinReason::Stalemate => "stalemate (the stalemated side wins)",
            WinReason::Resignation => "resignation",
            WinReason::Variant(reason) => reason.text,
        }
    }

    /// The reason called `name` (as [`WinReason::name`] gives it). A name the core does
    /// not know is taken as a variant's reason, kept once for the life of the process (at
    /// most 256 such names of 64 bytes); an ill-formed name (not kebab-case) is an error.
    /// Serde reads reasons with it.
    pub fn from_name(name: &str) -> Result<Self, String> {
        Ok(match name {
            "checkmate" => WinReason::Checkmate,
            "stalemate" => WinReason::Stalemate,
            "resignation" => WinReason::Resignation,
            _ => WinReason::Variant(intern::reason(name)?),
        })
    }
}

/// Why a game was drawn: the ways common to many variants, or one a variant defines
/// ([`DrawReason::Variant`], made with [`DrawReason::variant`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DrawReason {
    /// The side to move had no legal move and was not in check.
    Stalemate,
    /// The same position occurred for the third time.
    Repetition,
    /// Too many moves without progress (a capture, a pawn move, …).
    MoveLimit,
    /// Neither side can win any more.
    InsufficientMaterial,
    /// The players agreed to a draw.
    Agreement,
    /// A way to draw that the variant defines.
    Variant(VariantReason),
}

impl DrawReason {
    /// A variant-defined reason: see [`VariantReason`].
    pub const fn variant(name: &'static str, text: &'static str) -> Self {
        DrawReason::Variant(VariantReason::new(name, text))
    }

    /// The stable name (`repetition`, `move-limit`), as serde writes it.
    pub const fn name(self) -> &'static str {
        match self {
            DrawReason::Stalemate => "stalemate",
            DrawReason::Repetition => "repetition",
            DrawReason::MoveLimit => "move-limit",
            DrawReason::InsufficientMaterial => "insufficient-material",
            DrawReason::Agreement => "agreement",
            DrawReason::Variant(reason) => reason.name,
        }
    }

    /// The text an outcome prints after "by".
    pub const fn text(self) -> &'static str {
        match self {
            DrawReason::Stalemate => "stalemate",
            DrawReason::Repetition => "repetition",
            DrawReason::MoveLimit => "the move limit (no progress)",
            DrawReason::InsufficientMaterial => "insufficient material",
            DrawReason::Agreement => "agreement",
            DrawReason::Variant(reason) => reason.text,
        }
    }

    /// The reason called `name` (as [`DrawReason::name`] gives it); see
    /// [`WinReason::from_name`].
    pub fn from_name(name: &str) -> Result<Self, String> {
        Ok(match name {
            "stalemate" => DrawReason::Stalemate,
            "repetition" => DrawReason::Repetition,
            "move-limit" => DrawReason::MoveLimit,
            "insufficient-material" => DrawReason::InsufficientMaterial,
            "agreement" => DrawReason::Agreement,
            _ => DrawReason::Variant(intern::reason(name)?),
        })
    }
}

/// Reasons read back through serde that the core does not know: each distinct name is kept
/// once for the life of the process, and their number and length are bounded, so hostile
/// data cannot make this grow without limit.
mod intern {
    use super::VariantReason;
    use std::sync::Mutex;

    /// The most distinct unknown reasons kept.
    const MAX_REASONS: usize = 256;
    /// The longest name accepted, in bytes.
    const MAX_NAME: usize = 64;

    static KNOWN: Mutex<Vec<VariantReason>> = Mutex::new(Vec::new());

    pub(super) fn reason(name: &str) -> Result<VariantReason, String> {
        let well_formed = !name.is_empty()
            && name.len() <= MAX_NAME
            && name
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        if !well_formed {
            return Err(format!(
                "`{}` is not a reason's name (kebab-case, at most {MAX_NAME} bytes)",
                crate::excerpt(name)
            ));
        }
        let mut known = KNOWN.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&reason) = known.iter().find(|r| r.name == name) {
            return Ok(reason);
        }
        if known.len() >= MAX_REASONS {
            return Err(format!(
                "unknown reason `{name}`: too many distinct unknown reasons (at most {MAX_REASONS})"
            ));
        }
        let reason = VariantReason::new(
            Box::leak(name.to_string().into_boxed_str()),
            Box::leak(name.replace('-', " ").into_boxed_str()),
        );
        known.push(reason);
        Ok(reason)
    }
}

#[cfg(feature = "serde")]
mod serde_impl {
    use super::{DrawReason, WinReason};
    use serde::{de::Error as _, Deserialize, Deserializer, Serialize, Serializer};

    /// A reason serializes as its name (`"checkmate"`, `"end-zone"`).
    impl Serialize for WinReason {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_str(self.name())
        }
    }

    impl<'de> Deserialize<'de> for WinReason {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            WinReason::from_name(&String::deserialize(d)?).map_err(D::Error::custom)
        }
    }

    /// A reason serializes as its name (`"repetition"`, `"move-limit"`).
    impl Serialize for DrawReason {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_str(self.name())
        }
    }

    impl<'de> Deserialize<'de> for DrawReason {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            DrawReason::from_name(&String::deserialize(d)?).map_err(D::Error::custom)
        }
    }
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case", tag = "result"))]
pub enum Outcome {
    /// One side won.
    Win {
        /// The side that won.
        winner: Color,
        /// Why.
        reason: WinReason,
    },
    /// Nobody won.
    Draw {
        /// Why.
        reason: DrawReason,
    },
}

impl Outcome {
    /// The orthodox end of a game where `side` has no legal move: checkmate, a win for the
    /// other side, if `side` is in check; otherwise stalemate, a draw. For a variant's
    /// [`Position::no_move_outcome`](crate::Position::no_move_outcome) where it follows chess.
    ///
    /// ```
    /// use chimera_core::{Color, DrawReason, Outcome, WinReason};
    /// assert_eq!(
    ///     Outcome::checkmate_or_stalemate(Color::White, true),
    ///     Outcome::Win { winner: Color::Black, reason: WinReason::Checkmate }
    /// );
    /// assert_eq!(
    ///     Outcome::checkmate_or_stalemate(Color::White, false),
    ///     Outcome::Draw { reason: DrawReason::Stalemate }
    /// );
    /// ```
    pub fn checkmate_or_stalemate(side: Color, in_check: bool) -> Outcome {
        if in_check {
            Outcome::Win {
                winner: !side,
                reason: WinReason::Checkmate,
            }
        } else {
            Outcome::Draw {
                reason: DrawReason::Stalemate,
            }
        }
    }

    /// The winner, if any.
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }

    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn score(self) -> &'static str {
        match self {
            Outcome::Win {
                winner: Color::White,
                ..
            } => "1-0",
            Outcome::Win {
                winner: Color::Black,
                ..
            } => "0-1",
            Outcome::Draw { .. } => "1/2-1/2",
        }
    }
}

impl fmt::Display for WinReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

impl fmt::Display for DrawReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason } => {
                write!(f, "{} {winner} wins by {reason}", self.score())
            }
            Outcome::Draw { reason } => write!(f, "{} draw by {reason}", self.score()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_read_back_from_their_names() {
        for reason in [
            WinReason::Checkmate,
            WinReason::Stalemate,
            WinReason::Resignation,
        ] {
            assert_eq!(WinReason::from_name(reason.name()), Ok(reason));
        }
        for reason in [
            DrawReason::Stalemate,
            DrawReason::Repetition,
            DrawReason::MoveLimit,
            DrawReason::InsufficientMaterial,
            DrawReason::Agreement,
        ] {
            assert_eq!(DrawReason::from_name(reason.name()), Ok(reason));
        }
        // A variant's reason the core does not know keeps its name.
        let read = WinReason::from_name("hill-reached").unwrap();
        assert_eq!(read.name(), "hill-reached");
        assert_eq!(
            read,
            WinReason::variant("hill-reached", "reaching the hill")
        );
        // Ill-formed names are refused, saying why.
        for bad in ["", "Hill", "hill reached", &"x".repeat(65)] {
            let e = WinReason::from_name(bad).unwrap_err();
            assert!(e.contains("not a reason's name"), "{bad}: {e}");
        }
    }
}
