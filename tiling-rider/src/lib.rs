#![doc = include_str!("../README.md")]
//!
//! ## The crate in detail
//!
//! The rules implemented, with every ruling and interpretation this crate takes, are in
//! [`RULES.md`](https://example.invalid/chimera/blob/main/tiling-rider/RULES.md) (also
//! included below as the documentation of [`rules`]).
//!
//! ## The API
//! - [`TilingRider`]: a position (one 288-bit board per colour and piece kind, the kings'
//!   units, the turn state, an incremental Zobrist key covering the turn state). It
//!   implements [`chimera_core::Position`] and [`chimera_core::Render`].
//! - [`Move`]: one *action* — a small-piece move, an aggregate move (on a unit, or under
//!   `color-rider` on a 2 × 2 block at any offset: [`Move::Block`]), a king move, a giant
//!   ferz move, or "end turn" ([`MoveKind`]). The side to move
//!   ([`chimera_core::Position::turn`]) stays the same until its turn ends; perft counts
//!   actions as plies.
//! - [`Setup`]: a position put together piece by piece (kings, giant ferzes, pieces, turn
//!   counters, moved marks); [`Setup::build`] checks it as the position text reader does
//!   (the reader builds through it), so no position the API gives fails to read back.
//! - [`Square`], [`Unit`], [`Role`], [`Rules`] (`standard`, `wheeler`, `paulowich-16`,
//!   `color-rider`).
//! - [`Board`] ([`Rules::board`]): which squares a rule set plays on and how its notation
//!   names them. The engine always uses the 18-file geometry inside ([`Square::parse`] and
//!   `Square`'s `Display` use its names); under `paulowich-16` the old files `a`–`b` are off
//!   the board and the files `c`–`r` are named `a`–`p` ([`Square::parse_in`],
//!   [`Square::name_in`], [`Board::square_name`], [`Board::parse_square`]).
//!
//! ## Notation
//! - Actions: `d4-e5` / `d4xe5` (a small piece, elongation included: only the end square is
//!   named), `Wc1-c9` (an aggregate of wazirs, units named by their lower-left squares),
//!   `Ki1-i3` (the king), `;` (end turn).
//! - Positions: 16 ranks (16 first) of 18 files, `W F G N` upper case White, lower case
//!   Black, `K`/`k` on all four squares of a king, digits for empty runs; then the side to
//!   move, `made/limit`, the pieces moved this turn (`-`, or squares, `*` after pieces used
//!   by an aggregate move, `K` if the king moved), the opponent's last turn length (`-`
//!   before it had one), the turns since the last capture, and the turn number.
//! - Under `color-rider`: an aggregate move names its 2 × 2 block (any offset) by its
//!   lower-left square exactly, `Wd5-d9`; no elongated moves.
//! - Under `paulowich-16`: the board's own names (files `a`–`p`), 16 files per rank, `Z`/`z`
//!   on all four squares of a giant ferz, its moves `Zi1-j3` / `Zi1xj3`, and `Z` among the
//!   pieces moved this turn once it has moved.
//!
//! ## Perft
//! Actions as plies, bulk counted, from the start: 100, 9 282, 802 682 and 65 012 606 for
//! depths 1 to 4 (depths 1–3 lie within White's exact first turn of 4 moves; depth 4 counts
//! Black's first actions, each proven completable to 8 moves). Each is cross-checked against
//! an independent slow generator with a brute-force turn search in the tests.
//! `cargo run --release -p chimera-tiling-rider --example perft -- 4` times it. Under
//! `paulowich-16`: 88, 7 108, 529 436 and 36 615 254 (`… --example perft -- 4 --rules
//! paulowich-16`), cross-checked the same way. Under `color-rider` (Color Rider Chess: no
//! tiles, aggregates on any 2 × 2 block, `RULES.md` §12): 50, 2 370, 107 464 and 4 705 414.
//!
//! ## Turn legality
//! A move is legal only if the turn can still be finished with the king safe; how the engine
//! decides that exactly (fast proofs, then a memoised search with sound cuts, then, for what
//! the search cannot decide within its share of the budget, a rescue planner that asks a SAT
//! solver, CaDiCaL, and replays every plan it finds) and its worst case are described in the
//! [`rules`] module (`RULES.md`, §5). [`TilingRider::legal_moves_searched`] and
//! [`TilingRider::legal_moves_planned`] run each procedure alone, to check one against the
//! other.
//!
//! ## Example
//!
//! ```
//! // One dependency is enough: the prelude brings the core's traits and types.
//! use chimera_tiling_rider::prelude::*;
//!
//! let mut game: Game<TilingRider> = Game::start(Rules::Standard);
//! let sq = |s| Square::parse(s).unwrap();
//! // The ferz on a4 steps to b5, or elongates to b6 (b5-b6 is a tile of an orange unit).
//! game.play_text("a4-b6").unwrap();
//! assert_eq!(game.position().piece_at(sq("b6")), Some((Role::Ferz, Color::White)));
//! assert_eq!(game.position().turn(), Color::White); // 1 of exactly 4 moves made
//! assert!(game.play_text(";").is_err()); // the first turn cannot end early
//! for mv in ["b4-c6", "c4-d5", "d4-e6"] {
//!     game.play_text(mv).unwrap();
//! }
//! assert_eq!(game.position().turn(), Color::Black); // the turn ended by itself
//! assert_eq!(game.position().move_limit(), 8);
//! assert!(game.outcome().is_none());
//! println!("{}", game.position().text_diagram(game.last_move()));
//!
//! // Paulowich's 16 × 16 rule set: squares in its own naming, a giant ferz (Z) beside
//! // each king.
//! let p16 = TilingRider::start(Rules::Paulowich16);
//! let i1 = Square::parse_in("i1", Rules::Paulowich16).unwrap(); // the old k1
//! assert_eq!(p16.giant_ferz_at(i1), Some(Color::White));
//! assert_eq!(perft(&mut Game::new(p16), 1), 88);
//! ```
//!
//! ## Features
//! - `serde`: [`TilingRider`] serializes as `{"rules": NAME, "position": TEXT}` (its rules'
//!   name and its position text, [`chimera_core::Position::to_text`]) and deserializes by reading
//!   that text, so a broken position is refused; `chimera_core::Game<TilingRider>` serializes
//!   as its start position and its moves as their move text (`{"start": …, "moves": […]}`),
//!   each read back and replayed, so an illegal record is refused.
#![forbid(unsafe_code)]

mod board;
mod eval;
mod movegen;
mod moves;
mod notation;
mod plan;
mod position;
mod render;
pub use eval::{AGGREGATE_BONUS, FEATURES, GIANT_FERZ_VALUE, PIECE_VALUES, WEIGHTS};
pub use render::PICTURE_BUDGET_NODES;
mod search;
mod setup;
mod viable;

pub use board::{Board, Square, Unit, FILES, RANKS, SQUARES, UNITS};
pub use moves::{Move, MoveKind};
pub use position::{Role, Rules, TilingRider, FIFTY_TURN_LIMIT, MAX_TURN_LIMIT};
pub use setup::Setup;

// The core items a user needs, so that this crate is the only dependency.
pub use chimera_core::reexports::*;

/// What a user of the crate needs in one import (`use chimera_tiling_rider::prelude::*;`): the position, its moves, squares and pieces, the
/// core traits ([`Position`], [`Render`], [`Evaluate`]), [`Game`], [`Outcome`] and its
/// reasons, [`Color`] and [`perft`].
pub mod prelude {
    pub use crate::{
        perft, Color, DrawReason, Evaluate, Game, Move, MoveKind, Outcome, Position, Render, Role,
        Rules, Square, TilingRider, WinReason,
    };
}

// With the `serde` feature a position serializes as its rules' name and position text, and
// deserializing reads (and so validates) that text.
#[cfg(feature = "serde")]
chimera_core::impl_serde_via_text!(TilingRider);

/// The rules of Tiling Rider Chess as this crate implements them (the crate's `RULES.md`),
/// with every ruling and interpretation taken.
#[doc = include_str!("../RULES.md")]
pub mod rules {}
