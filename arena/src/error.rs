//! The error the arena's players, matches and protocol end with.

use std::fmt::Display;

/// Why a player, a match or a game setup could not do what was asked: a message for the
/// user (it may quote the input, bounded in length). The program reports it as an error
/// of its input (exit code 2).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct Error {
    /// What went wrong, in words.
    pub message: String,
}

impl Error {
    /// An error saying `message`.
    pub fn new(message: impl Display) -> Self {
        Error {
            message: message.to_string(),
        }
    }
}
