//! # chimera-core
//!
//! The small shared core of [Chimera](https://example.invalid/chimera)'s chess-variant
//! engines. It knows no board. It defines what every variant shares:
//!
//! - [`Color`] and [`Outcome`] (a winner and a [`WinReason`], or a [`DrawReason`]);
//! - typed errors that say what was wrong and where: [`ParseMoveError`],
//!   [`ParsePositionError`], [`IllegalMoveError`], each with a `kind()` a caller can match
//!   on ([`MoveErrorKind`], [`PositionErrorKind`], [`IllegalMoveKind`]; [`PlayErrorKind`]
//!   for [`PlayError`]);
//! - the [`Position`] trait (legal moves into a reusable buffer, checked and unchecked play,
//!   outcome, Zobrist key, text in and out) and [`Render`] (terminal diagram and SVG);
//! - [`Budget`], [`Verdict`] and [`Status`]: questions answered within a limit of work,
//!   saying honestly when the limit, not the rules, decided;
//! - [`Game`]: a position with its history; history-dependent rules (Ko, repetition) come in
//!   through two hooks of [`Position`];
//! - [`perft`], [`perft_divide`] and [`perft_with`]; for a depth a user chooses,
//!   [`perft_estimate`] (the tree's size and the count's time, predicted by random probes)
//!   and [`perft_run`] (stoppable, with progress), both bounded by [`MAX_PERFT_DEPTH`];
//! - [`Evaluate`]: a variant's static score, noisy moves and capture values, for a
//!   computer opponent (the one trait here that is not about the rules; see its docs);
//! - [`DynGame`] and [`Variant`]: an object-safe game with moves as text, for the program;
//! - [`record`]: game records (plain move lists, Zillions `.zsg`) cut into move texts;
//! - [`zobrist`]: the SplitMix64 mixer as a `const fn` for compile-time key tables;
//! - [`SplitMix64`]: a small seeded random-number generator (the same numbers everywhere).
//!
//! ## Example: a whole (tiny) variant
//!
//! Take-away: a pile of stones, each turn take one or two, whoever takes the last wins.
//! Repeating nothing is possible here, so the history hooks keep their defaults.
//!
//! ```
//! use chimera_core::*;
//!
//! #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
//! struct Standard;
//! impl RuleSet for Standard {
//!     const NAMES: &'static [&'static str] = &["standard"];
//!     fn from_name(name: &str) -> Option<Self> { (name == "standard").then_some(Standard) }
//!     fn name(&self) -> &'static str { "standard" }
//! }
//!
//! #[derive(Clone, Debug, PartialEq, Eq, Hash)]
//! struct Pile { stones: u32, turn: Color }
//!
//! impl Position for Pile {
//!     type Move = u32; // stones taken
//!     type Rules = Standard;
//!     const VARIANT: &'static str = "take-away";
//!     fn start(_: Standard) -> Self { Pile { stones: 5, turn: Color::White } }
//!     fn from_text(text: &str, _: Standard) -> Result<Self, ParsePositionError> {
//!         let (n, side) = text.split_once(' ')
//!             .ok_or_else(|| ParsePositionError::new("whole text", "expected `N w|b`"))?;
//!         let stones = n.parse().map_err(|_| ParsePositionError::new("field 1", "not a number"))?;
//!         let turn = Color::from_text(side)
//!             .ok_or_else(|| ParsePositionError::new("field 2", "expected w or b"))?;
//!         Ok(Pile { stones, turn })
//!     }
//!     fn to_text(&self) -> String { format!("{} {}", self.stones, self.turn.char()) }
//!     fn rules(&self) -> Standard { Standard }
//!     fn turn(&self) -> Color { self.turn }
//!     fn legal_moves(&self, moves: &mut Vec<u32>) {
//!         moves.clear();
//!         moves.extend((1..=2).filter(|&n| n <= self.stones));
//!     }
//!     fn play_unchecked(&mut self, n: u32) { self.stones -= n; self.turn = !self.turn; }
//!     fn terminal(&self) -> Option<Outcome> { None }
//!     fn no_move_outcome(&self) -> Outcome {
//!         Outcome::Win { winner: !self.turn, reason: WinReason::Checkmate }
//!     }
//!     fn zobrist(&self) -> u64 { self.zobrist_from_scratch() }
//!     fn zobrist_from_scratch(&self) -> u64 { u64::from(self.stones) * 2 + self.turn.index() as u64 }
//!     fn parse_move(&self, text: &str) -> Result<u32, ParseMoveError> {
//!         text.parse().map_err(|_| ParseMoveError::new(text, "expected 1 or 2"))
//!     }
//!     fn move_text(&self, n: u32) -> String { n.to_string() }
//! }
//!
//! let mut game: Game<Pile> = Game::start(Standard);
//! assert_eq!(perft(&mut game, 3), 7);
//! game.play_text("2").unwrap();
//! assert!(game.play_text("3").is_err()); // not legal: the game is unchanged
//! game.play_text("2").unwrap();
//! game.play_text("1").unwrap();
//! assert_eq!(game.outcome().unwrap().winner(), Some(Color::White));
//! ```
#![forbid(unsafe_code)]

mod budget;
mod color;
mod dyn_game;
mod error;
mod evaluate;
mod game;
mod history;
mod outcome;
mod perft;
mod position;
pub mod record;
mod rng;
#[cfg(feature = "serde")]
pub mod serde_text;
pub mod zobrist;

pub use budget::{Budget, Status, Verdict};
pub use color::Color;
pub use dyn_game::{rules_from_name, DynGame, MoveListing, NewGame, SetupError, Variant};
pub use error::{
    excerpt, IllegalMoveError, IllegalMoveKind, MoveErrorKind, ParseMoveError, ParsePositionError,
    PlayError, PlayErrorKind, PositionErrorKind, UndecidedMoveError, UnknownRulesError,
    EXCERPT_CHARS,
};
pub use evaluate::Evaluate;
pub use game::Game;
pub use history::{History, WithKey};
pub use outcome::{DrawReason, Outcome, VariantReason, WinReason};
pub use perft::{
    perft, perft_divide, perft_estimate, perft_run, perft_with, EstimateOptions, PerftControl,
    PerftError, PerftEstimate, PerftPlan, PerftProgress, PerftSplit, MAX_PERFT_DEPTH, MIN_PROBES,
    PROGRESS_EVERY,
};
pub use position::{MoveCells, Position, Render, RuleSet, StandardRules};
pub use rng::SplitMix64;

/// The core items a user of a variant crate needs, which every variant crate re-exports at
/// its root (`pub use chimera_core::reexports::*;`) so that it is its users' only
/// dependency: the traits, [`Game`], [`Outcome`] and its reasons, [`Color`], the errors with
/// their kinds, and [`perft`](fn@perft).
pub mod reexports {
    pub use crate::{
        perft, Color, DrawReason, Evaluate, Game, IllegalMoveError, IllegalMoveKind, MoveErrorKind,
        Outcome, ParseMoveError, ParsePositionError, PlayError, PlayErrorKind, Position,
        PositionErrorKind, Render, WinReason,
    };
}
