//! The crate's integration tests as one binary (linked once, not once a file): each file
//! of `tests/` is a module here. One file's tests:
//!
//! ```text
//! cargo test -p chimera-cli --test integration browser::
//! ```
//!
//! A new file needs its `mod` line (the crate sets `autotests = false`; CI's
//! `scripts/test-modules.py` fails on a file nobody declares).

mod browser;
mod cli;
mod common;
mod docs_examples;
mod engine_protocol;
mod hostile;
mod match_adjudication;
mod match_engines;
mod matches;
mod move_cells;
mod old_engine_adapter;
mod play;
mod records;
mod serve;
mod serve_analysis;
mod serve_load;
mod terminal;
mod tune;
mod uci_client;
