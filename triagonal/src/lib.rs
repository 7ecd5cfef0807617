#![doc = include_str!("../README.md")]
//!
//! ## The crate in detail
//!
//! The rules implemented, with every interpretation this crate takes, are in
//! [`RULES.md`](https://example.invalid/chimera/blob/main/triagonal/RULES.md) (also included
//! below as the documentation of [`rules`]).
//!
//! ## The API
//! - [`Triagonal`]: a position (a 512-byte mailbox, one 512-bit [`CellSet`] per colour,
//!   piece counts, the Jacks in hand, the en-passant cell, the clocks, an incremental
//!   Zobrist key). It implements [`chimera_core::Position`] (legal moves, play, outcome,
//!   text in and out) and [`chimera_core::Render`] (text diagram, SVG).
//! - [`Move`]: one whole turn in eight bytes: an optional placement of two Jacks, then the
//!   normal move (from, to, promotion). [`Triagonal::describe`] says what the normal move
//!   does ([`MoveKind`]: quiet, capture, en passant, capture without moving, castle).
//! - [`Setup`]: a position put together piece by piece (pieces, side to move, Jacks in
//!   hand, en-passant cell, clocks); [`Setup::build`] checks it as the position text reader
//!   does (the reader builds through it), so no position the API gives fails to read back.
//! - [`Cell`] (`Ae1`: level, file, rank), [`CellSet`], [`Role`], [`Rules`] (one rule set,
//!   `standard`).
//!
//! ## Notation
//! - Moves: `Ae2-Ae4`, `Bc2xCd3` (a capture, en passant included), `Bb1^Bb2` (a knight's
//!   capture without moving), `Gb7-Hb8=N` (promotion); castling is the king's move
//!   (`Ae1-Ag1`). A turn with a placement is one token: `J@Cc3,J@Cd3,Ab1-Ac3` (placements
//!   in either order on input, written lower cell index first). Input is any case, and the
//!   separator may be `-`, `x`, `^`, `:` or nothing.
//! - Positions: levels A to H separated by `|`, each level's ranks 8 to 1 separated by `/`
//!   (FEN-like: `PNBRQKJ` White, lower case Black, digits for empty cells, `*` for a hole
//!   cell), then the side to move, White's and Black's Jacks in hand, the en-passant cell
//!   (`-`, the skipped cell, or `skipped>pawn` when the skipped cell alone is ambiguous), the
//!   half-move clock and the move number. The start:
//!
//! ```text
//! 8/8/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/PPPPPPPP/PPPPPPPP|8/8/8/8/8/8/8/8|8/8/8/3**3/3**3/8/8/8|8/8/8/3**3/3**3/8/8/8|8/8/8/8/8/8/8/8|pppppppp/pppppppp/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/8/8 w 80 80 - 0 1
//! ```
//!
//! ## Perft
//! From the start (bulk counted): 11 660 and 135 955 600 for depths 1 and 2 (84 normal moves
//! and 11 576 placement turns at the first ply). From the start with both hands empty
//! (`… w 0 0 - 0 1`): 84, 7 056, 646 000, 59 147 008 and 5 865 028 302 for depths 1 to 5.
//! All but the last are cross-checked against an independent slow generator in the tests.
//! `chimera perft triagonal 2` times it.
//!
//! ## Pictures
//! [`chimera_core::Render`] draws the eight levels side by side, holes marked, the last move's
//! cells and placed Jacks highlighted, the Jacks in hand in the caption:
//! `cargo run -p chimera-triagonal --example triagonal_picture > position.svg`.
//!
//! ## Example
//!
//! ```
//! // One dependency is enough: the prelude brings the core's traits and types.
//! use chimera_triagonal::prelude::*;
//!
//! let mut game: Game<Triagonal> = Game::start(Rules::Standard);
//! assert_eq!(game.legal_move_list().len(), 11_660);
//! assert_eq!(perft(&mut game, 1), 11_660);
//!
//! // Two Jacks next to the white pawns, then a pawn's double step.
//! game.play_text("J@Ab3,J@Ac3,Bb2-Bb4").unwrap();
//! let pos = game.position();
//! let cell = |name| Cell::parse(name).unwrap();
//! assert_eq!(pos.piece_at(cell("Ab3")), Some((Role::Jack, Color::White)));
//! assert_eq!(pos.piece_at(cell("Bb4")), Some((Role::Pawn, Color::White)));
//! assert_eq!(pos.jacks_in_hand(Color::White), 78);
//! assert!(pos.to_text().ends_with(" b 78 80 Bb3 0 1"));
//!
//! // Black answers without a placement.
//! game.play_text("Gd7-Fd7").unwrap();
//! assert!(game.outcome().is_none());
//! println!("{}", game.position().text_diagram(game.last_move()));
//! ```
//!
//! ## Features
//! - `serde`: [`Triagonal`] serializes as `{"rules": NAME, "position": TEXT}` (its rules'
//!   name and its position text, [`chimera_core::Position::to_text`]) and deserializes by reading
//!   that text, so a broken position is refused; `chimera_core::Game<Triagonal>` serializes
//!   as its start position and its moves as their move text (`{"start": …, "moves": […]}`),
//!   each read back and replayed, so an illegal record is refused; [`Move`] on its own as
//!   its position-free text (`"J@Cc3,J@Cd3,Ab1-Ac3"`, `"Ae2-Ae4"`), read back by the move
//!   reader.
#![forbid(unsafe_code)]

mod board;
mod eval;
mod movegen;
mod notation;
mod position;
mod render;
mod setup;

pub use board::{Cell, CellIter, CellSet};
pub use eval::{FEATURES, JACK_IN_HAND, PIECE_VALUES, WEIGHTS};
pub use position::{
    king_start, pawn_start, promotion_zone, Move, MoveKind, Role, Rules, Triagonal, KING_CAPTURED,
    KING_REACHED_START,
};
pub use setup::Setup;

// The core items a user needs, so that this crate is the only dependency.
pub use chimera_core::reexports::*;

/// What a user of the crate needs in one import (`use chimera_triagonal::prelude::*;`): the position, its moves, cells and pieces, the
/// core traits ([`Position`], [`Render`], [`Evaluate`]), [`Game`], [`Outcome`] and its
/// reasons, [`Color`] and [`perft`].
pub mod prelude {
    pub use crate::{
        perft, Cell, Color, DrawReason, Evaluate, Game, Move, MoveKind, Outcome, Position, Render,
        Role, Rules, Triagonal, WinReason,
    };
}

// With the `serde` feature a position serializes as its rules' name and position text, and
// deserializing reads (and so validates) that text.
#[cfg(feature = "serde")]
chimera_core::impl_serde_via_text!(Triagonal);

/// The rules of Triagonal Chess as this crate implements them (the crate's `RULES.md`),
/// with every ruling and interpretation taken.
#[doc = include_str!("../RULES.md")]
pub mod rules {}
