#![doc = include_str!("../README.md")]
//!
//! ## The crate in detail
//!
//! The position is [`TurtleShell`], which implements [`chimera_core::Position`]; play a
//! game with [`chimera_core::Game`], which keeps the history the Ko rule needs.
//!
//! ```
//! // One dependency is enough: the prelude brings the core's traits and types.
//! use chimera_turtle_shell::prelude::*;
//!
//! // A game from the standard start under the default rules (Ko).
//! let mut game: Game<TurtleShell> = Game::start(Rules::default());
//!
//! // The legal moves, in this crate's notation.
//! let position = game.position();
//! let moves: Vec<String> = game
//!     .legal_move_list()
//!     .into_iter()
//!     .map(|m| position.move_text(m))
//!     .collect();
//! assert_eq!(moves.len(), 8);
//! assert!(moves.contains(&"B1-B3".to_string()));
//!
//! // Play moves given as text (case and the `-` are free).
//! game.play_text("c2-c3").unwrap();
//! game.play_text("C7C6").unwrap();
//! assert_eq!(game.position().turn(), Color::White);
//! assert!(game.play_text("C3-C5").is_err()); // not legal: the game is unchanged
//! assert_eq!(game.outcome(), None);
//!
//! // Perft counts the legal move sequences of a given length (Ko included).
//! let mut fresh: Game<TurtleShell> = Game::start(Rules::default());
//! assert_eq!(perft(&mut fresh, 4), 5616);
//!
//! // Positions as text, and back.
//! let text = game.position().to_text();
//! assert_eq!(TurtleShell::from_text(&text, Rules::default()).as_ref(), Ok(game.position()));
//! ```
//!
//! ## Cells and moves
//!
//! [`Cell`]s are named as in the inventor's pictures: a letter `A`–`H` and a digit `0`–`9`
//! (`E1`, `D5`, `B0`), read in any case, written upper case. They are numbered 0–63 bottom
//! to top, which makes a set of cells a `u64` bitboard. The board's geometry (polygons,
//! link tables, neighbours, zones, setup) is in [`board_data`].
//!
//! A [`Move`] is written `FROM-TO`, or `FROMxTO` for a capture, with `=R` for a
//! promotion: `B1-B3`, `D5xC6`, `E5-E3=R`. On input the case is free, `-`/`x` may be
//! omitted (`b1b3`), spaces are ignored, and a promotion the rules force (into the end
//! zone) may be written without `=R`; where promoting is optional, a move without `=R`
//! does not promote.
//!
//! ## Position text
//!
//! `W:` and White's pieces, `B:` and Black's pieces, then the side to move (`w` or `b`).
//! Each piece is its letter (`K G N R P`) followed by its cell, separated by commas. The
//! start position is
//!
//! ```text
//! W:KE1,GD0,GE0,NC0,NF0,RB0,RG0,PB1,PB2,PG2,PG1,PC2,PD2,PF2 B:KE8,GD9,GE9,NC9,NF9,RB9,RG9,PC7,PD7,PF7,PB7,PB8,PG8,PG7 w
//! ```
//!
//! [`Position::to_text`] writes the king first, then
//! guards, knights, rooks and pawns, each kind in cell order. On reading, letters and cells
//! may be in any case and order, and spaces may follow commas. The text is refused, with
//! the place and the reason, when a piece letter or cell is unknown, a cell is used twice,
//! a side has no king or more than one, a pawn stands in the opponent's end zone (it would
//! have had to promote there), the side *not* to move is in check, or the king of the side
//! to move already stands in the opponent's end zone (the game would have ended as it got
//! there). Pawns may stand anywhere else, their own back cells included. The rules are not
//! part of the text: they are given beside it. A position read from text starts a fresh
//! history: the Ko rule knows only what is played from there.
//!
//! ## Repetition
//!
//! [`Rules`] holds the one rule option, [`Repetition`]:
//! - `ko` (default): a move that recreates any earlier position of the game (same pieces on
//!   the same cells, same side to move) is illegal. If this leaves the side to move without
//!   moves, it is stalemated (and wins) or checkmated, as usual.
//! - `modified-ko`: such a move is illegal only for the *attacker* of the loop it closes.
//!   The loop runs from the most recent earlier occurrence of the position to the move
//!   that would recreate it. After each move of the loop, the player X who made it is
//!   credited with the number of capture moves X could make in the resulting position
//!   (each pair of an X piece and an enemy piece other than the king that it could move
//!   onto, pins and checks ignored, see [`TurtleShell::capture_count`]) and with one
//!   check if that position has X's opponent in check. The attacker has more captures
//!   over the loop; on a tie, more checks; on a tie, the attacker is the player whose move
//!   started the loop (so the player about to close it may).
//! - `none`: positions may repeat.
//!
//! The rule is applied through [`chimera_core::Position::retain_history_legal`], so
//! [`chimera_core::Game`] and [`chimera_core::perft`] include it.
//!
//! ## Game records
//!
//! [`parse_zsg`] reads the inventor's Zillions save games (`.zsg`) with their piece names
//! and move numbers, checking that promotions are to a rook; [`read_record`] (from the
//! core) reads those and plain move lists alike, as the `chimera` program does.
//!
//! ## Features
//!
//! `serde`: [`TurtleShell`] serializes as its rules' name and its position text (and is
//! validated on reading); `chimera_core::Game<TurtleShell>` as its start position and its
//! moves as their text (`{"start": …, "moves": ["C2-C3", …]}`), read back by replaying them
//! (an illegal record is refused). [`Cell`] serializes as its name; [`Move`] on its own as
//! its text without a position (`"B1-B3"`, `"E5-E3=R"`: a capture is written with `-`
//! there) and deserializes from any move text the reader accepts, refusing a malformed one
//! with the reader's error; [`Role`] and [`Rules`] serialize too.
#![forbid(unsafe_code)]

mod board;
#[rustfmt::skip]
pub mod board_data;
mod eval;
mod general;
mod history;
mod notation;
mod position;
mod record;
mod render;
mod types;

pub use board::{shuffle_row, Cell, SHUFFLE_STARTS, STANDARD_START};
pub use eval::{FEATURES, PIECE_VALUES, WEIGHTS};
pub use position::{TurtleShell, END_ZONE_REACHED};
pub use record::{parse_zsg, read_record, Record, RecordError, RecordMove, ZsgMove};
pub use types::{Move, Repetition, Role, Rules};

// The core items a user needs, so that this crate is the only dependency.
pub use chimera_core::reexports::*;

/// What a user of the crate needs in one import (`use chimera_turtle_shell::prelude::*;`): the position, its moves, cells and pieces, the
/// core traits ([`Position`], [`Render`], [`Evaluate`]), [`Game`], [`Outcome`] and its
/// reasons, [`Color`] and [`perft`].
pub mod prelude {
    pub use crate::{
        perft, Cell, Color, DrawReason, Evaluate, Game, Move, Outcome, Position, Render, Role,
        Rules, TurtleShell, WinReason,
    };
}

#[cfg(feature = "serde")]
chimera_core::impl_serde_via_text!(TurtleShell);
