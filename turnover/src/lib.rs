//! # chimera-turnover
//!
//! A rules engine for **Turnover Chess** (Lúcio José Patrocínio Filho): every piece is a
//! stack of rings — T (Tower), F (Fort), W (Wall) — that split when they move, merge when
//! they land on each other, turn enemy stacks over to the mover's colour, and capture when
//! they cannot merge. The Castle (T+F+W) is royal; a side without Castles loses.
//!
//! The rules implemented, with every interpretation this crate takes, are in
//! [`RULES.md`](https://example.invalid/chimera/blob/main/turnover/RULES.md) (also included
//! below as the documentation of [`rules`]).
//!
//! ## The API
//! - [`Turnover`]: a position (one bitboard per ring and colour, the side to move, the
//!   clocks, an incremental Zobrist key). It implements [`chimera_core::Position`] (legal
//!   moves, play, outcome, text in and out) and [`chimera_core::Render`] (text diagram,
//!   SVG).
//! - [`Move`]: two [`Square`]s, from and to (two bytes); which rings travel follows from the
//!   position ([`Turnover::describe`] says all a move does).
//! - [`Stack`], [`Ring`], and the landing table [`land`] / [`Landing`].
//! - [`Rules`]: the one rule set, `standard`.
//!
//! ## Notation
//! - Moves: `FROM-TO` (`d2-d3`), printed with `x` for a capture and `*` for a turnover
//!   (`d2xe3`, `d2*e3`); on input `d2d3`, `d2xe3`, `d2*e3`, `d2:e3`, any case.
//! - Positions: ranks 8 to 1 separated by `/`; a single ring is its letter (`T`, `F`,
//!   `W`), two or three rings are bracketed, smallest first (`[TF]`, `[FW]`, `[TFW]`);
//!   upper case White, lower case Black; digits count empty squares; then the side to move
//!   (`w`/`b`), the plies since the last capture or turnover, and the move number. The start:
//!   `[tfw]1[tfw]1[tfw]1[tfw]1/1[tfw]1[tfw]1[tfw]1[tfw]/8/8/8/8/1[TFW]1[TFW]1[TFW]1[TFW]/[TFW]1[TFW]1[TFW]1[TFW]1 w 0 1`.
//!
//! ## Perft
//! From the start (bulk counted): 41, 1 681, 70 624, 2 965 589, 128 382 924 and
//! 5 551 295 592 for depths 1 to 6, each cross-checked against an independent slow generator
//! in the tests. `chimera perft turnover 5` times it.
//!
//! ## Example
//!
//! ```
//! // One dependency is enough: the prelude brings the core's traits and types.
//! use chimera_turnover::prelude::*;
//!
//! let mut game: Game<Turnover> = Game::start(Rules::Standard);
//! assert_eq!(game.legal_move_list().len(), 41);
//! assert_eq!(perft(&mut game, 2), 1681);
//!
//! // The Castle on d2 dismounts: its W slides to d4, a Citadel stays on d2.
//! game.play_text("d2-d4").unwrap();
//! let pos = game.position();
//! let d2 = Square::parse("d2").unwrap();
//! let d4 = Square::parse("d4").unwrap();
//! assert_eq!(pos.stack_at(d2), Some((Stack::Citadel, Color::White)));
//! assert_eq!(pos.stack_at(d4), Some((Stack::Wall, Color::White)));
//! assert!(pos.to_text().ends_with(" b 1 1"));
//! assert!(game.outcome().is_none());
//! println!("{}", pos.text_diagram(game.last_move()));
//! ```
//!
//! ## Features
//! - `serde`: [`Turnover`] serializes as `{"rules": NAME, "position": TEXT}` (its rules'
//!   name and its position text, [`chimera_core::Position::to_text`]) and deserializes by reading
//!   that text, so a broken position is refused; `chimera_core::Game<Turnover>` serializes as
//!   its start position and its moves as their move text (`{"start": …, "moves": ["d2-d4",
//!   …]}`), each read back and replayed, so an illegal record is refused; [`Move`] on its own
//!   as its position-free text (`"d2-d4"`), read back by the move reader.
#![forbid(unsafe_code)]

mod board;
mod eval;
mod movegen;
mod notation;
mod position;
mod render;
mod stack;

pub use board::Square;
pub use eval::{castle_score, FEATURES, STACK_VALUES, WEIGHTS};
pub use position::{Effect, Move, MoveInfo, Rules, Turnover, NO_ROYAL_PIECE, SIEGE};
pub use stack::{land, Landing, Ring, Stack};

// The core items a user needs, so that this crate is the only dependency.
pub use chimera_core::reexports::*;

/// What a user of the crate needs in one import (`use chimera_turnover::prelude::*;`): the position, its moves, squares and stacks, the
/// core traits ([`Position`], [`Render`], [`Evaluate`]), [`Game`], [`Outcome`] and its
/// reasons, [`Color`] and [`perft`].
pub mod prelude {
    pub use crate::{
        perft, Color, DrawReason, Evaluate, Game, Move, Outcome, Position, Render, Ring, Rules,
        Square, Stack, Turnover, WinReason,
    };
}

// With the `serde` feature a position serializes as its rules' name and position text, and
// deserializing reads (and so validates) that text.
#[cfg(feature = "serde")]
chimera_core::impl_serde_via_text!(Turnover);

/// The rules of Turnover Chess as this crate implements them (the crate's `RULES.md`),
/// with every ruling and interpretation taken.
#[doc = include_str!("../RULES.md")]
pub mod rules {}
