//! What the session shows and reads: the board, the moves, the prompt.

use super::{Session, MAX_LINE_BYTES};
use crate::commands::Survey;
use crate::setup::wrap;
use crate::{Failure, Io};
use std::io::{BufRead, Read};

impl Session<'_> {
    /// Shows the diagram (turned round if flipped) and, unless the game is over, the status
    /// line; returns the survey.
    pub(super) fn show_board(&self, io: &mut Io<'_>) -> Result<Survey, Failure> {
        let mut diagram = match self.flipped {
            true => self
                .game
                .text_diagram_flipped()
                .unwrap_or_else(|| self.game.text_diagram()),
            false => self.game.text_diagram(),
        };
        if !diagram.ends_with('\n') {
            diagram.push('\n');
        }
        write!(io.out, "\n{diagram}")?;
        let survey = Survey::of(&*self.game, self.limit);
        if survey.outcome().is_none() {
            writeln!(io.out, "{}", survey.status_line())?;
        }
        Ok(survey)
    }

    pub(super) fn print_moves(&self, io: &mut Io<'_>) -> Result<(), Failure> {
        let moves = self.game.moves_played();
        if moves.is_empty() {
            writeln!(io.out, "Moves: none")?;
        } else {
            writeln!(
                io.out,
                "Moves ({}):\n{}",
                moves.len(),
                wrap(&moves, 78, "  ")
            )?;
        }
        Ok(())
    }
}

/// Says which words of a typed line were not played, and why.
pub(super) fn not_played(io: &mut Io<'_>, words: &[&str], why: &str) -> Result<(), Failure> {
    let n = words.len();
    writeln!(
        io.out,
        "Not played ({why}): {}{}.",
        chimera_core::excerpt(&words.join(" ")),
        if n > 1 {
            format!(" ({n} words)")
        } else {
            String::new()
        }
    )?;
    Ok(())
}

/// Prompts `white> ` (or whatever `prompt` says) and reads a line; `None` at the end of
/// the input.
pub(super) fn next_line(io: &mut Io<'_>, prompt: &str) -> Result<Option<String>, Failure> {
    write!(io.out, "{prompt}> ")?;
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
