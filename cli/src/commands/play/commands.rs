//! A human's commands: `help`, `board`, `flip`, `moves`, `undo`, `resign`, `save`, and
//! what is said when a word is neither a command nor a playable move.

use super::{Seat, Session, Step};
use crate::commands::record;
use crate::commands::{capitalise, Survey};
use crate::setup::wrap;
use crate::{Failure, Io};
use chimera_core::{Color, PlayError, Status};

const HELP: &str = "\
Type a move (the notation is below), or several moves separated by spaces. Commands:
  moves       list the legal moves (and those the --budget left undecided)
  undo        take back the last move (against the computer: back to your last move)
  board       show the board again
  flip        turn the board round (where the variant's diagram allows it)
  save FILE   write the game to FILE as a record (`chimera validate` checks it,
              `chimera play --record FILE` resumes it); an existing FILE is kept
  save! FILE  the same, replacing FILE if it exists (also: save --force FILE)
  resign      the side to move gives up
  help        this text
  quit        stop, printing the moves (so does the end of the input)
When the game ends it stays open: undo, save, board and moves still work until quit.";

impl Session<'_> {
    /// Does what a human's input `line` says, `side` to move: a command, or moves.
    pub(super) fn command(
        &mut self,
        io: &mut Io<'_>,
        side: Color,
        line: &str,
    ) -> Result<Step, Failure> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(first) = words.first() else {
            return Ok(Step::Go(None));
        };
        let after = match first.to_ascii_lowercase().as_str() {
            "quit" | "exit" | "q" => {
                self.print_moves(io)?;
                writeln!(io.out, "Bye.")?;
                return Ok(Step::Quit);
            }
            "help" | "?" => {
                writeln!(io.out, "{HELP}\n\n{}", self.game.notation_help())?;
                None
            }
            "board" => Some(self.show_board(io)?),
            "flip" => self.flip(io)?,
            "moves" => {
                self.list_moves(io)?;
                None
            }
            "undo" => self.undo(io)?,
            "resign" => {
                if let Status::Over(outcome) = self.game.status(&mut self.limit.budget()) {
                    writeln!(io.out, "The game is already over: {outcome}.")?;
                    return Ok(Step::Go(None));
                }
                self.resign(io, side)?;
                return Ok(Step::Quit);
            }
            "save" | "save!" => {
                let rest = line.trim().get(first.len()..).unwrap_or("").trim();
                let (force, path) = match rest.strip_prefix("--force") {
                    Some(path) if path.is_empty() || path.starts_with(char::is_whitespace) => {
                        (true, path.trim())
                    }
                    _ => (first.ends_with('!'), rest),
                };
                self.save(io, &record::unquoted(path), force)?;
                None
            }
            _ => self.play_moves(io, &words)?,
        };
        Ok(Step::Go(after))
    }

    /// `flip`: turns the board round, where the variant's diagram allows it.
    pub(super) fn flip(&mut self, io: &mut Io<'_>) -> Result<Option<Survey>, Failure> {
        if self.game.text_diagram_flipped().is_none() {
            writeln!(
                io.out,
                "flip is not available for {}: its diagram has one view.",
                self.game.variant()
            )?;
            return Ok(None);
        }
        self.flipped = !self.flipped;
        Ok(Some(self.show_board(io)?))
    }

    /// `resign`: `side` gives up; the moves are printed.
    pub(super) fn resign(&self, io: &mut Io<'_>, side: Color) -> Result<(), Failure> {
        let winner = !side;
        writeln!(
            io.out,
            "{} resigns: {} wins ({}).",
            capitalise(&side.to_string()),
            capitalise(&winner.to_string()),
            winner.fold("1-0", "0-1")
        )?;
        self.print_moves(io)
    }

    /// Takes back the last move; against the computer, also the computer's moves after
    /// the human's last, so that it is a human's turn again.
    pub(super) fn undo(&mut self, io: &mut Io<'_>) -> Result<Option<Survey>, Failure> {
        let Some(mv) = self.game.undo() else {
            writeln!(io.out, "Nothing to take back.")?;
            return Ok(None);
        };
        let mut taken = vec![mv];
        while self.seat(self.game.turn()) == Seat::Computer {
            match self.game.undo() {
                Some(mv) => taken.push(mv),
                None => break,
            }
        }
        self.computer_gave_up = false;
        taken.reverse();
        writeln!(io.out, "Took back {}.", taken.join(" "))?;
        Ok(Some(self.show_board(io)?))
    }

    pub(super) fn list_moves(&mut self, io: &mut Io<'_>) -> Result<(), Failure> {
        let limit = self.limit;
        if let Status::Over(outcome) = self.game.status(&mut limit.budget()) {
            writeln!(io.out, "No legal moves: the game is over: {outcome}.")?;
            return Ok(());
        }
        let listing = self.game.legal_moves_within(&mut limit.budget());
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
        Ok(())
    }

    /// Says why `word` could not be played, with a word on the variant's special tokens.
    pub(super) fn explain(
        &self,
        io: &mut Io<'_>,
        word: &str,
        e: &PlayError,
    ) -> Result<(), Failure> {
        let variant = self.game.variant();
        let unreadable = matches!(e, PlayError::Parse(_));
        if unreadable && !word.chars().any(|c| c.is_ascii_digit()) && !word.contains(';') {
            writeln!(
                io.out,
                "`{}` is neither a command nor a move ({e}).\nCommands: moves, undo, board, \
                 flip, save FILE, resign, help, quit.",
                chimera_core::excerpt(word)
            )?;
            return Ok(());
        }
        writeln!(io.out, "{e}")?;
        if let Some(note) = self.game.notation_hint(word, unreadable) {
            writeln!(io.out, "{note}")?;
        }
        writeln!(
            io.out,
            "(type `moves` for the legal moves, `help` for help and {variant}'s notation)"
        )?;
        Ok(())
    }

    /// `save FILE`: writes the record, or says why it could not (the game goes on). An
    /// existing file is replaced only when `force` (`save! FILE`, `save --force FILE`).
    pub(super) fn save(&self, io: &mut Io<'_>, path: &str, force: bool) -> Result<(), Failure> {
        if path.is_empty() {
            writeln!(io.out, "Give a file name: save FILE")?;
            return Ok(());
        }
        let shown = record::quoted(path);
        let text = record::write_by(
            &*self.game,
            self.start_position.as_deref(),
            self.limit,
            "chimera play",
        );
        match record::save(path, &text, force) {
            Ok(()) => writeln!(
                io.out,
                "Saved {} to {shown} (check it with: {}).",
                record::plural(self.game.moves_played().len(), "move"),
                record::validate_command(&*self.game, self.start_position.as_deref(), &shown)
            )?,
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => writeln!(
                io.out,
                "{shown} already exists: nothing was written. `save! {shown}` replaces it, \
                 or choose another name."
            )?,
            Err(e) => writeln!(
                io.out,
                "Cannot save to {}: {e} (nothing was written; the game goes on).",
                record::quoted(&chimera_core::excerpt(path))
            )?,
        }
        Ok(())
    }
}
