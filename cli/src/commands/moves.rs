//! `chimera moves`.

use super::{capitalise, game_json, to_text, Survey};
use crate::setup::wrap;
use crate::{new_game_within, Failure, GameArgs, Io, Limit, MovesArg};
use chimera_core::Status;
use serde_json::Value;
use std::io::Write;

pub fn run(
    io: &mut Io<'_>,
    args: &GameArgs,
    moves: &MovesArg,
    json: bool,
    limit: Limit,
) -> Result<(), Failure> {
    let game = new_game_within(args, moves, limit)?;
    let survey = Survey::of(game.as_ref(), limit);
    if json {
        let mut map = game_json(game.as_ref(), &survey);
        map.shift_remove("moves_played");
        io.out.write_all(to_text(&Value::Object(map)).as_bytes())?;
        return Ok(());
    }
    let (legal, undecided) = (&survey.listing.legal, &survey.listing.undecided);
    let side = capitalise(&game.turn().to_string());
    match survey.status {
        Status::Over(outcome) => writeln!(io.out, "No legal moves: the game is over: {outcome}")?,
        Status::Undecided if undecided.is_empty() => writeln!(
            io.out,
            "No legal moves ({side} to move): the game is over, but its outcome was not \
             decided within the {limit} budget; {}.",
            limit.advice()
        )?,
        _ => {
            let proven = if survey.status == Status::Undecided {
                " proven"
            } else {
                ""
            };
            writeln!(
                io.out,
                "{} legal moves{proven} ({side} to move):",
                legal.len()
            )?;
            if !legal.is_empty() {
                writeln!(io.out, "{}", wrap(legal, 78, ""))?;
            }
        }
    }
    if !undecided.is_empty() {
        write_undecided(io.out, &survey)?;
    }
    Ok(())
}

/// The moves the budget left undecided, and a word on what the budget, not the rules, left
/// open.
fn write_undecided(out: &mut dyn Write, survey: &Survey) -> Result<(), Failure> {
    let (undecided, limit) = (&survey.listing.undecided, survey.limit);
    writeln!(
        out,
        "{} undecided moves (neither proven legal nor illegal within the {limit} budget):",
        undecided.len()
    )?;
    writeln!(out, "{}", wrap(undecided, 78, ""))?;
    writeln!(
        out,
        "The budget, not the rules, left {} undecided{}: {}.",
        if undecided.len() == 1 {
            "1 move".to_string()
        } else {
            format!("{} moves", undecided.len())
        },
        if survey.status == Status::Undecided {
            " (and so whether the game is over)"
        } else {
            ""
        },
        limit.advice()
    )?;
    Ok(())
}
