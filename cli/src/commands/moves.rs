//! `chimera moves`.

use super::{capitalise, game_json, to_text};
use crate::setup::wrap;
use crate::{new_game, Failure, GameArgs, Io, MovesArg};
use serde_json::Value;

pub fn run(io: &mut Io<'_>, args: &GameArgs, moves: &MovesArg, json: bool) -> Result<(), Failure> {
    let game = new_game(args, moves)?;
    if json {
        let mut map = game_json(game.as_ref());
        map.remove("moves_played");
        io.out.write_all(to_text(&Value::Object(map)).as_bytes())?;
        return Ok(());
    }
    match game.outcome() {
        Some(outcome) => writeln!(io.out, "No legal moves: the game is over: {outcome}")?,
        None => {
            let legal = game.legal_moves();
            writeln!(
                io.out,
                "{} legal moves ({} to move):",
                legal.len(),
                capitalise(&game.turn().to_string())
            )?;
            writeln!(io.out, "{}", wrap(&legal, 78, ""))?;
        }
    }
    Ok(())
}
