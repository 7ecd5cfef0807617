//! One test module per section of the rules (`turret/RULES.md`); each rule and ruling has a
//! test named after it.
use crate::common;

mod board_and_setup;
mod castling;
mod check_and_end;
mod kwagga;
mod notation;
mod promotion;
mod render;
mod turret;
