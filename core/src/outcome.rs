//! How a game ended.

use crate::Color;
use std::fmt;

/// Why a side won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum WinReason {
    /// The loser was in check with no legal move.
    Checkmate,
    /// The side to move had no legal move and was not in check, and the variant awards
    /// that to the stalemated side (Turtle Shell Chess).
    Stalemate,
    /// The side to move had no legal move, and the variant counts that as a loss (Turnover's Siege).
    Siege,
    /// The winner's king reached the opponent's end zone (Turtle Shell Chess).
    EndZone,
    /// The loser has no royal piece left (Turnover Chess: no Castle).
    NoRoyalPiece,
    /// The winner captured the opponent's king.
    KingCaptured,
    /// The winner's king reached the cell where the opponent's king started.
    KingReachedStart,
}

/// Why a game was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
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
        f.write_str(match self {
            WinReason::Checkmate => "checkmate",
            WinReason::Stalemate => "stalemate (the stalemated side wins)",
            WinReason::Siege => "siege (the opponent has no legal move)",
            WinReason::EndZone => "reaching the end zone with the king",
            WinReason::NoRoyalPiece => "leaving the opponent without a royal piece",
            WinReason::KingCaptured => "capturing the king",
            WinReason::KingReachedStart => "moving the king onto the enemy king's start cell",
        })
    }
}

impl fmt::Display for DrawReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DrawReason::Stalemate => "stalemate",
            DrawReason::Repetition => "repetition",
            DrawReason::MoveLimit => "the move limit (no progress)",
            DrawReason::InsufficientMaterial => "insufficient material",
        })
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
