//! # chimera-arena
//!
//! Where Chimera's players meet, shared by every front end (`chimera play`, `match`,
//! `serve`, and the UCI engine): the registry of variants, computer players seen through
//! [`chimera_core::DynGame`] (the `chimera-engine` search, the baseline players, an
//! external engine spoken to over UCI), the UCI protocol itself, and the match runner with
//! its statistics. The `chimera` program only parses arguments and prints.
#![forbid(unsafe_code)]

pub mod external;
pub mod openings;
pub mod shard;
pub mod sprt;
