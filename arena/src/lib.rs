//! # chimera-arena
//!
//! Where Chimera's players meet, shared by every front end (`chimera play`, `match`,
//! `serve`, and the UCI engine): the registry of variants, computer players seen through
//! [`chimera_core::DynGame`] (the `chimera-engine` search, the baseline players, an
//! external engine spoken to over UCI), the UCI protocol itself, and the match runner with
//! its statistics. The `chimera` program only parses arguments and prints.
//!
//! The modules, by job:
//! - [`registry`]: the variants, and the players each can have;
//! - [`player`]: the [`player::Computer`] trait, its engine and baseline players, and the
//!   bounds on every search;
//! - [`mod@matches`]: series of games between two players, their statistics and records;
//! - [`uci`]: the protocol session of `chimera engine`;
//! - [`external`]: an external UCI engine as a player (`cmd=` in a match);
//! - [`sprt`], [`openings`] and [`shard`]: a match's statistics (pentanomial Elo, the
//!   SPRT), its opening suites, and its slices (`--shard`, `chimera match-report`);
//! - [`limit`], [`replay`] and [`game`]: budgets for the rules' questions, replaying a
//!   record, and starting a game from a variant, rules, position and moves.
#![forbid(unsafe_code)]

pub mod error;
pub mod external;
pub mod game;
pub mod limit;
pub mod matches;
pub mod openings;
pub mod player;
pub mod registry;
pub mod replay;
pub mod shard;
pub mod sprt;
pub mod text;
pub mod uci;

pub use error::Error;
pub use limit::{parse_limit, Limit};
