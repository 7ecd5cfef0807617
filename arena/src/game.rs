//! Starting a game: a variant, its rule set, a position text, then moves replayed.

use crate::replay::{replay, Stop};
use crate::text::bounded;
use crate::{registry, Limit};
use chimera_core::record::read_record;
use chimera_core::DynGame;

/// Which game to start.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameSpec {
    /// The variant's name (case-insensitive), e.g. `turtle-shell`.
    pub variant: String,
    /// The rule set; `None`: the variant's standard rules.
    pub rules: Option<String>,
    /// The position text to start from; `None`: the standard start.
    pub position: Option<String>,
}

/// Why a game could not be started.
pub enum StartError {
    /// The variant, its rules or its position text were refused: the message says why
    /// (naming the known variants if the variant is unknown).
    Setup(String),
    /// The moves could not be cut into moves: why (bounded in length).
    Record(String),
    /// A move stopped the replay.
    Move {
        /// Where and why.
        stop: Stop,
        /// The move's text.
        text: String,
        /// The game as it was before that move.
        game: Box<dyn DynGame>,
    },
}

impl std::fmt::Debug for StartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StartError::Setup(m) => f.debug_tuple("Setup").field(m).finish(),
            StartError::Record(m) => f.debug_tuple("Record").field(m).finish(),
            StartError::Move { stop, text, .. } => f
                .debug_struct("Move")
                .field("stop", stop)
                .field("text", text)
                .finish_non_exhaustive(),
        }
    }
}

/// Starts the game `spec` describes, then plays `moves` (a move list as `chimera validate`
/// reads it), each move decided within `limit`, with the moves after it as proof.
pub fn start(
    spec: &GameSpec,
    moves: Option<&str>,
    limit: Limit,
) -> Result<Box<dyn DynGame>, StartError> {
    let variant = registry::lookup(&spec.variant).map_err(StartError::Setup)?;
    let mut game = (variant.new_game)(spec.rules.as_deref(), spec.position.as_deref())
        .map_err(|e| StartError::Setup(format!("{}: {}", variant.name, bounded(&e.to_string()))))?;
    if let Some(text) = moves {
        let list = read_record(text).map_err(|e| StartError::Record(bounded(&e.reason)))?;
        if let Err(stop) = replay(game.as_mut(), &list, limit) {
            let text = list
                .get(stop.index)
                .map_or_else(String::new, |m| m.text.to_string());
            return Err(StartError::Move { stop, text, game });
        }
    }
    Ok(game)
}
