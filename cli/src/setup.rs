//! Setting up a game from the command line's arguments, and the errors commands end with.

use crate::{registry, GameArgs, MovesArg};
use chimera_core::{record::read_record, DynGame};
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

/// Starts the game the arguments describe: variant, rules, position, then `--moves`.
pub fn new_game(game: &GameArgs, moves: &MovesArg) -> Result<Box<dyn DynGame>, Failure> {
    let variant = registry::find(&game.variant).ok_or_else(|| {
        Failure::input(format!(
            "unknown variant `{}`; known variants: {}",
            game.variant,
            registry::names()
        ))
    })?;
    let mut dyn_game = (variant.new_game)(game.rules.as_deref(), game.position.as_deref())
        .map_err(|e| Failure::input(format!("{}: {e}", variant.name)))?;
    if let Some(text) = &moves.moves {
        let list =
            read_record(text).map_err(|e| Failure::bad_move(format!("--moves: {}", e.reason)))?;
        for (i, mv) in list.iter().enumerate() {
            if let Err(e) = dyn_game.play(&mv.text) {
                return Err(Failure::bad_move(format!(
                    "--moves: move {} `{}`: {e}\n{}",
                    i + 1,
                    mv.text,
                    legal_moves_note(dyn_game.as_ref())
                )));
            }
        }
    }
    Ok(dyn_game)
}

/// "legal moves here (N): …", or the outcome if the game is over.
pub fn legal_moves_note(game: &dyn DynGame) -> String {
    if let Some(outcome) = game.outcome() {
        return format!("the game is over: {outcome}");
    }
    let moves = game.legal_moves();
    format!(
        "legal moves here ({}):\n{}",
        moves.len(),
        wrap_at_most(&moves, 78, "  ")
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
