//! `chimera play`: a game at the terminal.
//!
//! Each side has a [`Seat`]. Today both are human: moves come from the input, line by
//! line. A computer opponent will be another kind of seat, asked for its move where
//! [`next_line`] is called for a human.

use super::status_line;
use crate::setup::wrap;
use crate::{new_game, Failure, GameArgs, Io, MovesArg};
use chimera_core::{Color, DynGame};

/// Who plays one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Seat {
    /// A person typing moves and commands.
    Human,
}

const HELP: &str = "\
Type a move, e.g. C2-C3 (case and the `-` are free; D5xC6 for a capture, E8-E9=R for a
promotion), or several moves separated by spaces. Commands:
  moves   list the legal moves
  undo    take back the last move
  board   show the board again
  help    this text
  quit    stop (so does the end of the input)";

pub fn run(io: &mut Io<'_>, args: &GameArgs, moves: &MovesArg) -> Result<(), Failure> {
    let mut game = new_game(args, moves)?;
    let seats = [Seat::Human, Seat::Human];
    writeln!(
        io.out,
        "{}, rules: {}. Type a move, or `help`.",
        game.variant(),
        game.rules_name()
    )?;
    show_board(io, game.as_ref())?;
    loop {
        if let Some(outcome) = game.outcome() {
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
            "board" => show_board(io, game.as_ref())?,
            "moves" => {
                let legal = game.legal_moves();
                writeln!(io.out, "{} legal moves:", legal.len())?;
                writeln!(io.out, "{}", wrap(&legal, 78, "  "))?;
            }
            "undo" => match game.undo() {
                Some(mv) => {
                    writeln!(io.out, "Took back {mv}.")?;
                    show_board(io, game.as_ref())?;
                }
                None => writeln!(io.out, "Nothing to take back.")?,
            },
            _ => play_moves(io, game.as_mut(), &words)?,
        }
    }
}

/// Plays the words as moves, stopping at the first that cannot be played (which is
/// explained; the game stays as it was before that move).
fn play_moves(io: &mut Io<'_>, game: &mut dyn DynGame, words: &[String]) -> Result<(), Failure> {
    let mut played = false;
    for word in words {
        if game.outcome().is_some() {
            break;
        }
        match game.play(word) {
            Ok(_) => played = true,
            Err(e) => {
                if played {
                    show_board(io, game)?;
                }
                writeln!(io.out, "{e}")?;
                writeln!(
                    io.out,
                    "(type `moves` for the legal moves, `help` for help)"
                )?;
                return Ok(());
            }
        }
    }
    if played {
        show_board(io, game)?;
    }
    Ok(())
}

fn show_board(io: &mut Io<'_>, game: &dyn DynGame) -> Result<(), Failure> {
    let mut diagram = game.text_diagram();
    if !diagram.ends_with('\n') {
        diagram.push('\n');
    }
    write!(io.out, "\n{diagram}")?;
    if game.outcome().is_none() {
        writeln!(io.out, "{}", status_line(game))?;
    }
    Ok(())
}

/// Prompts `white> ` and reads a line; `None` at the end of the input.
fn next_line(io: &mut Io<'_>, side: Color) -> Result<Option<String>, Failure> {
    write!(io.out, "{side}> ")?;
    io.out.flush()?;
    let mut line = String::new();
    let n = io
        .input
        .read_line(&mut line)
        .map_err(|e| Failure::input(format!("cannot read input: {e}")))?;
    Ok((n > 0).then_some(line))
}
