//! Turns: the computer's, and the moves a human types.

use super::view::not_played;
use super::{Seat, Session, Step, MAX_COMPUTER_PLIES};
use crate::commands::Survey;
use crate::{Failure, Io};
use chimera_core::{Color, PlayError, Status, Verdict};

impl Session<'_> {
    /// The computer's turn for `side`: it moves; if it finds no move, a game of computers
    /// stops (exit code 2), else a human is asked to move for it. A game of computers also
    /// stops at [`MAX_COMPUTER_PLIES`].
    pub(super) fn computer_turn(&mut self, io: &mut Io<'_>, side: Color) -> Result<Step, Failure> {
        if self.all_computers() && self.computer_plies >= MAX_COMPUTER_PLIES {
            self.show_board(io)?;
            writeln!(
                io.out,
                "Stopped after {MAX_COMPUTER_PLIES} plies without a result (the cap of \
                 --computer both)."
            )?;
            self.print_moves(io)?;
            return Ok(Step::Quit);
        }
        match self.computer_move(io, side) {
            Ok(after) => Ok(Step::Go(Some(after))),
            Err(reason) if self.all_computers() => {
                self.show_board(io)?;
                self.print_moves(io)?;
                Err(Failure::input(format!(
                    "the computer found no move for {side}: {reason}"
                )))
            }
            Err(reason) => {
                self.computer_gave_up = true;
                writeln!(
                    io.out,
                    "The computer found no move for {side}: {reason}\nType a move for \
                     {side} yourself (`moves` lists them), or a command."
                )?;
                Ok(Step::Go(None))
            }
        }
    }

    /// Asks the computer for its move and plays it; on failure, says why (the game is
    /// left as it was).
    pub(super) fn computer_move(&mut self, io: &mut Io<'_>, side: Color) -> Result<Survey, String> {
        let computer = self.computers[side.index()]
            .as_mut()
            .ok_or_else(|| "no computer player for this side".to_string())?;
        let report = computer
            .search(&*self.game, &self.limits)
            .map_err(|f| f.message)?;
        let (mv, verdict) = self
            .game
            .play_within(&report.best_move, &[], &mut self.limit.budget(), true)
            .map_err(|e| format!("its move {} cannot be played: {e}", report.best_move))?;
        self.computer_plies += 1;
        let out = |e: std::io::Error| e.to_string();
        writeln!(
            io.out,
            "{side} plays {mv} (score {}, depth {}, {:.2} s)",
            chimera_arena::player::white_view(report.score, side),
            report.depth,
            report.elapsed.as_secs_f64()
        )
        .map_err(out)?;
        if verdict == Verdict::Undecided {
            writeln!(
                io.out,
                "Note: {mv} was not proven legal within the {} budget.",
                self.limit
            )
            .map_err(out)?;
        }
        // The board is shown when a human is to move next (or the game is over).
        let next = self.game.turn();
        if self.seat(next) == Seat::Human {
            self.show_board(io).map_err(|f| f.message)
        } else {
            Ok(Survey::of(&*self.game, self.limit))
        }
    }

    /// Plays the words as moves, stopping at the first that cannot be played (which is
    /// explained; the game stays as it was before that move), when the game is over, or
    /// when it is the computer's turn; the words left unplayed are named. A move the budget
    /// leaves undecided is played, with a warning. Returns the new survey if anything was
    /// played.
    pub(super) fn play_moves(
        &mut self,
        io: &mut Io<'_>,
        words: &[&str],
    ) -> Result<Option<Survey>, Failure> {
        let limit = self.limit;
        let mut played = false;
        for (i, word) in words.iter().enumerate() {
            if played && self.seat(self.game.turn()) == Seat::Computer {
                not_played(io, &words[i..], "it is the computer's turn")?;
                break;
            }
            match self.game.play_within(word, &[], &mut limit.budget(), true) {
                Ok((mv, Verdict::Undecided)) => {
                    played = true;
                    writeln!(
                        io.out,
                        "Note: {mv} was played, but not proven legal within the {limit} \
                         budget: it may leave a turn that cannot be finished lawfully (the rules \
                         still decide how a turn may end; `undo` takes it back)."
                    )?;
                }
                Ok(_) => played = true,
                Err(e) => {
                    if matches!(e, PlayError::Illegal(_)) {
                        if let Status::Over(outcome) = self.game.status(&mut limit.budget()) {
                            let why = format!("the game is over: {outcome}");
                            not_played(io, &words[i..], &why)?;
                            break;
                        }
                    }
                    let survey = if played {
                        Some(self.show_board(io)?)
                    } else {
                        None
                    };
                    self.explain(io, word, &e)?;
                    if i + 1 < words.len() {
                        not_played(io, &words[i + 1..], &format!("`{word}` stopped the line"))?;
                    }
                    return Ok(survey);
                }
            }
            self.computer_gave_up = false;
        }
        if !played {
            return Ok(None);
        }
        // When the computer moves next, its move shows the board.
        if self.seat(self.game.turn()) == Seat::Computer && !self.computer_gave_up {
            return Ok(Some(Survey::of(&*self.game, limit)));
        }
        Ok(Some(self.show_board(io)?))
    }
}
