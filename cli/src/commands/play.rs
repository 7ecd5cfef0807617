//! `chimera play`: a game at the terminal.
//!
//! Each side has a [`Seat`]. Today both are human: moves come from the input, line by
//! line. A computer opponent will be another kind of seat, asked for its move where
//! [`next_line`] is called for a human.

use super::Survey;
use crate::setup::wrap;
use crate::{new_game_within, Failure, GameArgs, Io, Limit, MovesArg};
use chimera_core::{Color, DynGame, PlayError, Status, Verdict};
use std::io::{BufRead, Read};

/// The longest input line `play` reads: 64 KiB (a move is a few bytes).
pub const MAX_LINE_BYTES: u64 = 64 << 10;

/// Who plays one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Seat {
    /// A person typing moves and commands.
    Human,
}

const HELP: &str = "\
Type a move, e.g. C2-C3 (case and the `-` are free; D5xC6 for a capture, E8-E9=R for a
promotion), or several moves separated by spaces. Commands:
  moves   list the legal moves (and those the --budget left undecided)
  undo    take back the last move
  board   show the board again
  help    this text
  quit    stop (so does the end of the input)";

pub fn run(
    io: &mut Io<'_>,
    args: &GameArgs,
    moves: &MovesArg,
    limit: Limit,
) -> Result<(), Failure> {
    let mut game = new_game_within(args, moves, limit)?;
    let seats = [Seat::Human, Seat::Human];
    writeln!(
        io.out,
        "{}, rules: {}. Type a move, or `help`.",
        game.variant(),
        game.rules_name()
    )?;
    let mut survey = show_board(io, game.as_ref(), limit)?;
    loop {
        if let Some(outcome) = survey.outcome() {
            writeln!(io.out, "Game over: {outcome}")?;
            writeln!(io.out, "Moves: {}", game.moves_played().join(" "))?;
            return Ok(());
        }
        let side = game.turn();
        let line = match seats[side.index()] {
            Seat::Human => next_line(io, side)?,
        };
        let Some(line) = line else {
            writeln!(io.out, "\n(end of input: quitting)")?;
            return Ok(());
        };
        let words: Vec<String> = line.split_whitespace().map(str::to_string).collect();
        let Some(first) = words.first() else {
            continue;
        };
        match first.to_ascii_lowercase().as_str() {
            "quit" | "exit" | "q" => {
                writeln!(io.out, "Bye.")?;
                return Ok(());
            }
            "help" | "?" => writeln!(io.out, "{HELP}")?,
            "board" => survey = show_board(io, game.as_ref(), limit)?,
            "moves" => {
                let listing = game.legal_moves_within(&mut limit.budget());
                writeln!(io.out, "{} legal moves:", listing.legal.len())?;
                if !listing.legal.is_empty() {
                    writeln!(io.out, "{}", wrap(&listing.legal, 78, "  "))?;
                }
                if !listing.undecided.is_empty() {
                    writeln!(
                        io.out,
                        "{} undecided within the {limit} budget (you may play them, unproven):",
                        listing.undecided.len()
                    )?;
                    writeln!(io.out, "{}", wrap(&listing.undecided, 78, "  "))?;
                }
            }
            "undo" => match game.undo() {
                Some(mv) => {
                    writeln!(io.out, "Took back {mv}.")?;
                    survey = show_board(io, game.as_ref(), limit)?;
                }
                None => writeln!(io.out, "Nothing to take back.")?,
            },
            _ => {
                if let Some(after) = play_moves(io, game.as_mut(), &words, limit)? {
                    survey = after;
                }
            }
        }
    }
}

/// Plays the words as moves, stopping at the first that cannot be played (which is
/// explained; the game stays as it was before that move) or when the game is over. A move
/// the budget leaves undecided is played, with a warning. Returns the new survey if
/// anything was played.
fn play_moves(
    io: &mut Io<'_>,
    game: &mut dyn DynGame,
    words: &[String],
    limit: Limit,
) -> Result<Option<Survey>, Failure> {
    let mut played = false;
    for word in words {
        match game.play_within(word, &[], &mut limit.budget(), true) {
            Ok((mv, Verdict::Undecided)) => {
                played = true;
                writeln!(
                    io.out,
                    "Note: {mv} was played, but not proven legal within the {limit} budget: \
                     it may leave a turn that cannot be finished lawfully (the rules still \
                     decide how a turn may end; `undo` takes it back)."
                )?;
            }
            Ok(_) => played = true,
            Err(e) => {
                if matches!(e, PlayError::Illegal(_))
                    && matches!(game.status(&mut limit.budget()), Status::Over(_))
                {
                    // The game ended before this word: the rest of the line is not played.
                    return Ok(Some(if played {
                        show_board(io, game, limit)?
                    } else {
                        Survey::of(game, limit)
                    }));
                }
                let survey = if played {
                    Some(show_board(io, game, limit)?)
                } else {
                    None
                };
                writeln!(io.out, "{e}")?;
                writeln!(
                    io.out,
                    "(type `moves` for the legal moves, `help` for help)"
                )?;
                return Ok(survey);
            }
        }
    }
    if played {
        return Ok(Some(show_board(io, game, limit)?));
    }
    Ok(None)
}

/// Shows the diagram and, unless the game is over, the status line; returns the survey.
fn show_board(io: &mut Io<'_>, game: &dyn DynGame, limit: Limit) -> Result<Survey, Failure> {
    let mut diagram = game.text_diagram();
    if !diagram.ends_with('\n') {
        diagram.push('\n');
    }
    write!(io.out, "\n{diagram}")?;
    let survey = Survey::of(game, limit);
    if survey.outcome().is_none() {
        writeln!(io.out, "{}", survey.status_line())?;
    }
    Ok(survey)
}

/// Prompts `white> ` and reads a line; `None` at the end of the input.
fn next_line(io: &mut Io<'_>, side: Color) -> Result<Option<String>, Failure> {
    write!(io.out, "{side}> ")?;
    io.out.flush()?;
    // At most one byte over the limit is read: enough to know the line is too long.
    let mut bytes = Vec::new();
    let n = (&mut *io.input)
        .take(MAX_LINE_BYTES + 1)
        .read_until(b'\n', &mut bytes)
        .map_err(|e| Failure::input(format!("cannot read input: {e}")))?;
    if bytes.len() as u64 > MAX_LINE_BYTES && bytes.last() != Some(&b'\n') {
        return Err(Failure::input(format!(
            "an input line is over {} KiB, the most `play` reads",
            MAX_LINE_BYTES >> 10
        )));
    }
    let line = String::from_utf8(bytes)
        .map_err(|_| Failure::input("cannot read input: a line is not UTF-8 text"))?;
    Ok((n > 0).then_some(line))
}
