//! `chimera play`: a game at the terminal.
//!
//! Each side has a [`Seat`]: a human, whose moves and commands come from the input line
//! by line, or the computer, asked for its move by a search ([`crate::Computer`]). Saving
//! and resuming game records is in [`record`].

pub(crate) mod record;

use super::{capitalise, Survey};
use crate::setup::wrap;
use crate::{new_game_within, registry, Computer, Failure, GameArgs, Io, Limit, MovesArg};
use chimera_core::{Color, DynGame, PlayError, Status, Verdict};
use chimera_engine::Limits;
use clap::ValueEnum;
use std::io::{BufRead, Read};
use std::path::PathBuf;

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

/// The arguments with a random numbered start when the game is played under a rule set
/// with several (Turtle Shell's option `shuffle`: 90) and neither `--start` nor
/// `--position` chose one; the start is then in the record (`[Position "start N"]`).
fn with_random_start(args: &GameArgs) -> GameArgs {
    let mut args = args.clone();
    let shuffled = args.variant.eq_ignore_ascii_case("turtle-shell")
        && args.rules.as_deref().is_some_and(|name| {
            chimera_turtle_shell::Rules::parse(name).is_ok_and(|rules| rules.shuffle)
        });
    if shuffled && args.start.is_none() && args.position.is_none() {
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        let (_, random) = chimera_core::zobrist::splitmix64_next(seed);
        args.start = Some((random % u64::from(chimera_turtle_shell::SHUFFLE_STARTS)) as u32);
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

    /// The computer's turn for `side`: it moves; if it finds no move, a game of computers
    /// stops (exit code 2), else a human is asked to move for it. A game of computers also
    /// stops at [`MAX_COMPUTER_PLIES`].
    fn computer_turn(&mut self, io: &mut Io<'_>, side: Color) -> Result<Step, Failure> {
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

    /// Does what a human's input `line` says, `side` to move: a command, or moves.
    fn command(&mut self, io: &mut Io<'_>, side: Color, line: &str) -> Result<Step, Failure> {
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
    fn flip(&mut self, io: &mut Io<'_>) -> Result<Option<Survey>, Failure> {
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
    fn resign(&self, io: &mut Io<'_>, side: Color) -> Result<(), Failure> {
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

    /// Asks the computer for its move and plays it; on failure, says why (the game is
    /// left as it was).
    fn computer_move(&mut self, io: &mut Io<'_>, side: Color) -> Result<Survey, String> {
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

    /// Takes back the last move; against the computer, also the computer's moves after
    /// the human's last, so that it is a human's turn again.
    fn undo(&mut self, io: &mut Io<'_>) -> Result<Option<Survey>, Failure> {
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

    fn list_moves(&mut self, io: &mut Io<'_>) -> Result<(), Failure> {
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

    /// Plays the words as moves, stopping at the first that cannot be played (which is
    /// explained; the game stays as it was before that move), when the game is over, or
    /// when it is the computer's turn; the words left unplayed are named. A move the budget
    /// leaves undecided is played, with a warning. Returns the new survey if anything was
    /// played.
    fn play_moves(&mut self, io: &mut Io<'_>, words: &[&str]) -> Result<Option<Survey>, Failure> {
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

    /// Says why `word` could not be played, with a word on the variant's special tokens.
    fn explain(&self, io: &mut Io<'_>, word: &str, e: &PlayError) -> Result<(), Failure> {
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
        let lower = word.to_ascii_lowercase();
        let note = match variant {
            "tiling-rider" if !unreadable && (lower == ";" || lower == "end") => Some(
                "`;` ends the turn early: it is legal only after at least one move this turn, \
                 once the turn's minimum is reached (White's first turn is exactly 4 moves, \
                 Black's exactly 8) and with your king not attacked.",
            ),
            "triagonal" if word.contains('@') => Some(
                "A placement is part of a whole turn, one token: two Jacks on empty cells next \
                 to each other and to two of your pieces, then the move, joined by commas: \
                 J@Cc3,J@Cd3,Ab1-Ac3 (a Jack just placed may not move this turn).",
            ),
            _ => None,
        };
        if let Some(note) = note {
            writeln!(io.out, "{note}")?;
        }
        writeln!(
            io.out,
            "(type `moves` for the legal moves, `help` for help and {variant}'s notation)"
        )?;
        Ok(())
    }

    /// Shows the diagram (turned round if flipped) and, unless the game is over, the status
    /// line; returns the survey.
    fn show_board(&self, io: &mut Io<'_>) -> Result<Survey, Failure> {
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

    fn print_moves(&self, io: &mut Io<'_>) -> Result<(), Failure> {
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

    /// `save FILE`: writes the record, or says why it could not (the game goes on). An
    /// existing file is replaced only when `force` (`save! FILE`, `save --force FILE`).
    fn save(&self, io: &mut Io<'_>, path: &str, force: bool) -> Result<(), Failure> {
        if path.is_empty() {
            writeln!(io.out, "Give a file name: save FILE")?;
            return Ok(());
        }
        let shown = record::quoted(path);
        let text = record::write(&*self.game, self.start_position.as_deref(), self.limit);
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

/// Says which words of a typed line were not played, and why.
fn not_played(io: &mut Io<'_>, words: &[&str], why: &str) -> Result<(), Failure> {
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
fn next_line(io: &mut Io<'_>, prompt: &str) -> Result<Option<String>, Failure> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Report;

    /// A computer that never finds a move.
    struct Stuck;

    impl Computer for Stuck {
        fn search(&mut self, _: &dyn DynGame, _: &Limits) -> Result<Report, chimera_arena::Error> {
            Err(chimera_arena::Error::new(
                "no proven move within the budget",
            ))
        }
        fn clear(&mut self) {}
    }

    /// Plays turtle-shell with the given seats (a computer seat is [`Stuck`]) on `input`;
    /// returns the result and the output.
    fn play_stuck(seats: [Seat; 2], input: &str) -> (Result<(), Failure>, String) {
        let variant = registry::find("turtle-shell").expect("a variant");
        let mut game = (variant.new_game)(None, None).expect("the start");
        let computers = seats.map(|s| (s == Seat::Computer).then(|| Box::new(Stuck) as _));
        let mut session = Session {
            game: game.as_mut(),
            seats,
            computers,
            limit: Limit::DEFAULT,
            limits: Limits::default(),
            flipped: false,
            start_position: None,
            computer_gave_up: false,
            computer_plies: 0,
            over_announced: false,
        };
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let mut input = input.as_bytes();
        let mut io = Io {
            out: &mut out,
            err: &mut err,
            input: &mut input,
            progress: false,
        };
        let result = session.run(&mut io, None);
        (result, String::from_utf8(out).expect("UTF-8"))
    }

    #[test]
    fn a_human_moves_for_a_computer_that_finds_no_move() {
        let (result, text) =
            play_stuck([Seat::Human, Seat::Computer], "C2-C3\nD7-E7\nD2-E2\nquit\n");
        assert!(result.is_ok());
        assert!(
            text.contains("The computer found no move for black: no proven move"),
            "{text}"
        );
        assert!(text.contains("Type a move for black yourself"), "{text}");
        // It is asked again in the next position (after D2-E2), and again gives it up.
        assert_eq!(
            text.matches("The computer found no move").count(),
            2,
            "{text}"
        );
        assert!(text.contains("Moves (3):\n  C2-C3 D7-E7 D2-E2"), "{text}");
    }

    #[test]
    fn computers_on_both_sides_that_find_no_move_stop_with_code_2() {
        let (result, text) = play_stuck([Seat::Computer, Seat::Computer], "");
        let failure = result.expect_err("no move");
        assert_eq!(failure.code, 2);
        assert!(
            failure.message.contains("no move for white"),
            "{}",
            failure.message
        );
        assert!(text.contains("Moves: none"), "{text}");
    }
}
