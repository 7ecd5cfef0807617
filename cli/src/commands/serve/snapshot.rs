//! A game as its moves: what it takes to make it again, and the making.

use crate::registry;
use crate::setup::{bounded, FOLLOWING};
use chimera_core::{Budget, DynGame};

/// What it takes to make a game again: taken while the game is locked (briefly), for an
/// analysis (which works on a copy), to give back a game whose search panicked, or to
/// keep a game not used for a while small.
#[derive(Clone)]
pub(super) struct Snapshot {
    /// The game's id.
    pub id: String,
    /// Its variant.
    pub variant: &'static str,
    /// Its rule set.
    pub rules: &'static str,
    /// The position it started from, if not the standard start.
    pub start: Option<String>,
    /// The moves played.
    pub moves: Vec<String>,
}

/// The game as it was after its first `ply` moves, made again from its start (each move
/// already proven when it was played).
pub(super) fn copy_game(
    snapshot: &Snapshot,
    ply: usize,
) -> Result<Box<dyn DynGame + Send>, String> {
    let variant = registry::lookup(snapshot.variant)?;
    let mut game = (variant.new_game)(Some(snapshot.rules), snapshot.start.as_deref())
        .map_err(|e| bounded(&e.to_string()))?;
    for i in 0..ply {
        play_again(game.as_mut(), &snapshot.moves, i)?;
    }
    Ok(game)
}

/// Plays move `i` of `moves` again (proven when it was first played: no budget needed).
pub(super) fn play_again(game: &mut dyn DynGame, moves: &[String], i: usize) -> Result<(), String> {
    let following: Vec<&str> = moves[i + 1..moves.len().min(i + 1 + FOLLOWING)]
        .iter()
        .map(String::as_str)
        .collect();
    game.play_within(&moves[i], &following, &mut Budget::nodes(0), true)
        .map(|_| ())
        .map_err(|e| format!("move {}: {e} (a bug: please report it)", i + 1))
}
