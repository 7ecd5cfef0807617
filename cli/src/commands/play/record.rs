//! Resuming a game from a record (`--record FILE`), read as `chimera validate` reads it
//! (writing one, `save FILE`, is [`crate::commands::record`]).

use crate::commands::record::{parse_record, plural, read_text, with_headers};
use crate::setup::{move_number, replay, undecided_reason, StopKind};
use crate::{new_game_within, Failure, GameArgs, Io, Limit, MovesArg};
use chimera_core::{excerpt, DynGame};
use std::path::Path;

/// A resumed game.
pub struct Loaded {
    /// The game, with the record's moves played.
    pub game: Box<dyn DynGame>,
    /// The position the record starts from, if not the standard start.
    pub start_position: Option<String>,
    /// What was resumed, for the player.
    pub note: String,
}

/// Reads the record in `file` and plays its moves on the game the arguments describe (its
/// `[Rules]` and `[Position]` headers fill in what the command line left out).
pub fn load(
    io: &mut Io<'_>,
    args: &GameArgs,
    file: &Path,
    limit: Limit,
) -> Result<Loaded, Failure> {
    let name = file.display().to_string();
    let text = read_text(io.input, file)?;
    let record = parse_record(&name, &text)?;
    let args = with_headers(&name, &text, args)?;
    let mut game = new_game_within(&args, &MovesArg::default(), limit)
        .map_err(|f| Failure::input(format!("{name}: {}", f.message)))?;
    let first = game.turn();
    if let Err(stop) = replay(game.as_mut(), &record, limit) {
        let ply = stop.index + 1;
        let mv = record
            .get(stop.index)
            .expect("the replay stopped at a move");
        let reason = match stop.kind {
            StopKind::Undecided => format!("{}; {}", undecided_reason(limit), limit.advice()),
            _ => stop.reason,
        };
        return Err(Failure::bad_move(format!(
            "{name}: ply {ply} (move {}) `{}` on line {}: {reason}",
            move_number(ply, first),
            excerpt(&mv.text),
            mv.line
        )));
    }
    let note = format!(
        "Resumed {name}: {} played.",
        plural(game.moves_played().len(), "move")
    );
    Ok(Loaded {
        game,
        start_position: args.start_text(),
        note,
    })
}
