//! The crate's integration tests as one binary (linked once, not once a file): each file
//! of `tests/` is a module here. One file's tests:
//!
//! ```text
//! cargo test -p chimera-engine --test integration api::
//! ```
//!
//! A new file needs its `mod` line (the crate sets `autotests = false`; CI's
//! `scripts/test-modules.py` fails on a file nobody declares).

mod api;
mod baseline;
mod common;
mod search;
mod smp;
mod tactics;
mod turns;
