//! `chimera play`: a game at the terminal.
//!
//! Each side has a [`Seat`]: a human, whose moves and commands come from the input line
//! by line, or the computer, asked for its move by a search ([`crate::Computer`]). Saving
//! and resuming game records is in [`record`].

mod commands;
pub(crate) mod record;
#[cfg(test)]
mod tests;
mod turns;
mod view;

use super::Survey;
use crate::{new_game_within, registry, Computer, Failure, GameArgs, Io, Limit, MovesArg};
use chimera_core::{Color, DynGame};
use chimera_engine::Limits;
use clap::ValueEnum;
use std::path::PathBuf;
use view::next_line;

/// The longest input line `play` reads: 64 KiB (a move is a few bytes).
pub const MAX_LINE_BYTES: u64 = 64 << 10;

/// With `--computer both`, the game stops after this many plies (actions) if it has not
/// ended by then.
pub const MAX_COMPUTER_PLIES: usize = 1000;

/// Which side the computer plays (`--computer`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ComputerSide {
    /// White.
    White,
    /// Black.
    Black,
    /// Both sides: the computer plays itself.
    Both,
}

/// What `play` was asked for beyond the game itself.
#[derive(Clone, Debug)]
pub struct Options {
    /// The side the computer plays, if any.
    pub computer: Option<ComputerSide>,
    /// Each computer search's limits.
    pub limits: Limits,
    /// A game record to resume.
    pub record: Option<PathBuf>,
}

/// Who plays one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Seat {
    /// A person typing moves and commands.
    Human,
    /// The engine.
    Computer,
}

/// What the session does after a turn or a command.
enum Step {
    /// Goes on, with the new survey if the position was shown or changed.
    Go(Option<Survey>),
    /// The session is over (quit, resigned, or the cap of `--computer both`).
    Quit,
}

/// A game in progress at the terminal.
struct Session<'g> {
    game: &'g mut dyn DynGame,
    seats: [Seat; 2],
    /// One computer per computer seat, each keeping its table between its moves.
    computers: [Option<Box<dyn Computer>>; 2],
    limit: Limit,
    limits: Limits,
    /// Whether the board is shown from Black's side.
    flipped: bool,
    /// The position the game started from, if not the variant's standard start.
    start_position: Option<String>,
    /// Set when the computer could not find a move here: a human then moves for it.
    computer_gave_up: bool,
    /// Plies the computers have played (for the cap of `--computer both`).
    computer_plies: usize,
    /// Whether the end of the game has been announced (reset when `undo` reopens it).
    over_announced: bool,
}

/// The arguments with a random numbered start when the rule set has several (Turtle
/// Shell's option `shuffle`) and neither `--start` nor `--position` chose one; the start
/// is then in the record (`[Position "start N"]`).
fn with_random_start(args: &GameArgs) -> GameArgs {
    let mut args = args.clone();
    if let Some(starts) = registry::numbered_starts(&args.variant, args.rules.as_deref()) {
        if args.start.is_none() && args.position.is_none() {
            let seed = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64);
            let (_, random) = chimera_core::zobrist::splitmix64_next(seed);
            args.start = Some((random % u64::from(starts)) as u32);
        }
    }
    args
}

pub fn run(
    io: &mut Io<'_>,
    args: &GameArgs,
    moves: &MovesArg,
    limit: Limit,
    options: &Options,
) -> Result<(), Failure> {
    let (mut game, start_position, resumed) = match &options.record {
        Some(file) => {
            let loaded = record::load(io, args, file, limit)?;
            (loaded.game, loaded.start_position, Some(loaded.note))
        }
        None => {
            let args = &with_random_start(args);
            (
                new_game_within(args, moves, limit)?,
                args.start_text(),
                None,
            )
        }
    };
    let seats = match options.computer {
        None => [Seat::Human, Seat::Human],
        Some(ComputerSide::White) => [Seat::Computer, Seat::Human],
        Some(ComputerSide::Black) => [Seat::Human, Seat::Computer],
        Some(ComputerSide::Both) => [Seat::Computer, Seat::Computer],
    };
    let mut computers: [Option<Box<dyn Computer>>; 2] = [None, None];
    for side in [Color::White, Color::Black] {
        if seats[side.index()] == Seat::Computer {
            computers[side.index()] =
                Some(registry::computer(game.variant()).ok_or_else(|| {
                    Failure::input(format!("{}: no computer player yet", game.variant()))
                })?);
        }
    }
    let mut session = Session {
        game: game.as_mut(),
        seats,
        computers,
        limit,
        limits: options.limits.clone(),
        flipped: false,
        start_position,
        computer_gave_up: false,
        computer_plies: 0,
        over_announced: false,
    };
    session.run(io, resumed.as_deref())
}

impl Session<'_> {
    fn all_computers(&self) -> bool {
        self.seats.iter().all(|&s| s == Seat::Computer)
    }

    fn seat(&self, side: Color) -> Seat {
        self.seats[side.index()]
    }

    fn run(&mut self, io: &mut Io<'_>, resumed: Option<&str>) -> Result<(), Failure> {
        self.greet(io, resumed)?;
        let mut survey = self.show_board(io)?;
        loop {
            let over = survey.outcome().is_some();
            if let Some(outcome) = survey.outcome() {
                if self.all_computers() {
                    if self.computer_plies > 0 {
                        self.show_board(io)?;
                    }
                    writeln!(io.out, "Game over: {outcome}")?;
                    return self.print_moves(io);
                }
                if !self.over_announced {
                    writeln!(
                        io.out,
                        "Game over: {outcome}\nThe game stays open: `undo` takes moves back, \
                         `save FILE` writes the record, `board` and `moves` review it; `quit` \
                         ends."
                    )?;
                    self.over_announced = true;
                }
            } else {
                self.over_announced = false;
            }
            let side = self.game.turn();
            let step = if !over && self.seat(side) == Seat::Computer && !self.computer_gave_up {
                self.computer_turn(io, side)?
            } else {
                let prompt = if over {
                    "game over".to_string()
                } else {
                    side.to_string()
                };
                let Some(line) = next_line(io, &prompt)? else {
                    writeln!(io.out, "\n(end of input: quitting)")?;
                    return self.print_moves(io);
                };
                self.command(io, side, &line)?
            };
            match step {
                Step::Go(Some(after)) => survey = after,
                Step::Go(None) => {}
                Step::Quit => return Ok(()),
            }
        }
    }

    /// The first line: the variant, the rules and who plays what (and the note on a
    /// resumed record).
    fn greet(&self, io: &mut Io<'_>, resumed: Option<&str>) -> Result<(), Failure> {
        let who = match self.seats {
            [Seat::Human, Seat::Human] => "",
            [Seat::Computer, Seat::Computer] => ", the computer plays both sides",
            [Seat::Computer, Seat::Human] => ", the computer plays White",
            [Seat::Human, Seat::Computer] => ", the computer plays Black",
        };
        writeln!(
            io.out,
            "{}, rules: {}{who}.{}",
            self.game.variant(),
            self.game.rules_name(),
            if self.all_computers() {
                ""
            } else {
                " Type a move, or `help`."
            }
        )?;
        if let Some(note) = resumed {
            writeln!(io.out, "{note}")?;
        }
        Ok(())
    }
}
