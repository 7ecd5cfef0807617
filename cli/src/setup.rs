//! Setting up a game from the command line's arguments, and the errors commands end with.

use crate::commands::Survey;
use crate::{GameArgs, Limit, MovesArg};
pub use chimera_arena::game::{GameSpec, StartError};
pub use chimera_arena::replay::{replay, undecided_reason, Stop, StopKind, FOLLOWING};
pub use chimera_arena::text::bounded;
use chimera_core::{excerpt, DynGame};
use std::fmt::Display;
use std::io::{self, Write};

/// Why a command stopped: an exit code and a message for standard error.
#[derive(Debug)]
pub struct Failure {
    /// The exit code (1: an illegal or unreadable move; 2: anything else). 0 with an empty
    /// message means "stop quietly" (standard output was closed).
    pub code: i32,
    /// The message, without the `error: ` prefix.
    pub message: String,
}

impl Failure {
    /// A failure with exit code 1: a move that is unreadable or illegal.
    pub fn bad_move(message: impl Display) -> Self {
        Failure {
            code: 1,
            message: message.to_string(),
        }
    }

    /// A failure with exit code 2: bad input other than a move.
    pub fn input(message: impl Display) -> Self {
        Failure {
            code: 2,
            message: message.to_string(),
        }
    }

    /// Writes the message to `err`; returns the exit code.
    pub fn report(&self, err: &mut dyn Write) -> i32 {
        if !self.message.is_empty() {
            let _ = writeln!(err, "error: {}", self.message);
        }
        self.code
    }
}

impl From<chimera_arena::Error> for Failure {
    /// An arena's error is one of the input (exit code 2).
    fn from(e: chimera_arena::Error) -> Self {
        Failure::input(e.message)
    }
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Self {
        if e.kind() == io::ErrorKind::BrokenPipe {
            // The reader went away (`chimera ... | head`): nothing more to say.
            Failure {
                code: 0,
                message: String::new(),
            }
        } else {
            Failure::input(format!("cannot write output: {e}"))
        }
    }
}

/// Starts the game the arguments describe: variant, rules, position, then `--moves`, each
/// move decided within the default budget ([`Limit::DEFAULT`]).
pub fn new_game(game: &GameArgs, moves: &MovesArg) -> Result<Box<dyn DynGame>, Failure> {
    new_game_within(game, moves, Limit::DEFAULT)
}

/// Starts the game the arguments describe: variant, rules, position, then `--moves`, each
/// move decided within `limit`, with the moves after it as proof (as `validate` replays a
/// record).
pub fn new_game_within(
    game: &GameArgs,
    moves: &MovesArg,
    limit: Limit,
) -> Result<Box<dyn DynGame>, Failure> {
    let spec = GameSpec {
        variant: game.variant.clone(),
        rules: game.rules.clone(),
        position: game.start_text(),
    };
    chimera_arena::game::start(&spec, moves.moves.as_deref(), limit).map_err(|e| match e {
        StartError::Setup(message) => Failure::input(message),
        StartError::Record(reason) => Failure::bad_move(format!("--moves: {reason}")),
        StartError::Move { stop, text, game } => {
            let message = match stop.kind {
                StopKind::Undecided => format!(
                    "--moves: move {} `{}`: {}; {}",
                    stop.index + 1,
                    excerpt(&text),
                    undecided_reason(limit),
                    limit.advice()
                ),
                _ => format!(
                    "--moves: move {} `{}`: {}\n{}",
                    stop.index + 1,
                    excerpt(&text),
                    stop.reason,
                    legal_moves_note(game.as_ref(), limit)
                ),
            };
            Failure::bad_move(message)
        }
    })
}

/// "legal moves here (N): …" (and the moves left undecided), or the outcome if the game
/// is over; each within `limit`.
pub fn legal_moves_note(game: &dyn DynGame, limit: Limit) -> String {
    let survey = Survey::of(game, limit);
    if let Some(outcome) = survey.outcome() {
        return format!("the game is over: {outcome}");
    }
    let mut note = format!(
        "legal moves here ({}):\n{}",
        survey.listing.legal.len(),
        wrap_at_most(&survey.listing.legal, 78, "  ")
    );
    if !survey.listing.undecided.is_empty() {
        note.push('\n');
        note.push_str(&undecided_block(&survey.listing.undecided, limit, "  "));
    }
    note
}

/// `undecided within the 800000-node budget (N):` and, below it, the moves left undecided (at most
/// [`MOVES_IN_ERRORS`] of them), each line starting with `indent`.
pub fn undecided_block(undecided: &[String], limit: Limit, indent: &str) -> String {
    format!(
        "undecided within the {limit} budget ({}):\n{}",
        undecided.len(),
        wrap_at_most(undecided, 78, indent)
    )
}

/// How many legal moves an error message lists before it says how many more there are
/// (a Triagonal position has thousands).
pub const MOVES_IN_ERRORS: usize = 60;

/// Like [`wrap`], but lists at most [`MOVES_IN_ERRORS`] words and then says how many more
/// there are.
pub fn wrap_at_most(words: &[String], width: usize, indent: &str) -> String {
    if words.len() <= MOVES_IN_ERRORS {
        return wrap(words, width, indent);
    }
    format!(
        "{}\n{indent}… and {} more (`chimera moves` lists them all)",
        wrap(&words[..MOVES_IN_ERRORS], width, indent),
        words.len() - MOVES_IN_ERRORS
    )
}

/// Lays out words in lines at most `width` wide, each starting with `indent`.
pub fn wrap(words: &[String], width: usize, indent: &str) -> String {
    let mut out = String::new();
    let mut line = String::from(indent);
    for word in words {
        if line.len() > indent.len() && line.len() + 1 + word.len() > width {
            out.push_str(line.trim_end());
            out.push('\n');
            line = String::from(indent);
        }
        if line.len() > indent.len() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if line.len() > indent.len() {
        out.push_str(&line);
    }
    out
}

/// The move number of ply `ply` (1-based) of a game whose first move was made by `first`.
pub fn move_number(ply: usize, first: chimera_core::Color) -> usize {
    let offset = first.index();
    (ply - 1 + offset) / 2 + 1
}
