//! The crate's integration tests as one binary (linked once, not once a file): each file
//! of `tests/` is a module here. One file's tests:
//!
//! ```text
//! cargo test -p chimera-tiling-rider --test integration conformance::
//! ```
//!
//! A new file needs its `mod` line (the crate sets `autotests = false`; CI's
//! `scripts/test-modules.py` fails on a file nobody declares).

mod conformance;
mod errors;
mod rules;
