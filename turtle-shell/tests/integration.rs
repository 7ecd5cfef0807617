//! The crate's integration tests as one binary (linked once, not once a file): each file
//! of `tests/` is a module here. One file's tests:
//!
//! ```text
//! cargo test -p chimera-turtle-shell --test integration board::
//! ```
//!
//! A new file needs its `mod` line (the crate sets `autotests = false`; CI's
//! `scripts/test-modules.py` fails on a file nobody declares).

mod board;
mod common;
mod conformance;
mod errors;
mod game_end;
mod move_cells;
mod notation;
mod options;
mod perft;
mod pieces;
mod promotion;
mod properties;
mod repetition;
mod search;
