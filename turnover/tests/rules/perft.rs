//! Perft from the start, cross-checked: the bitboard generator against the slow reference
//! generator of `reference.rs` (square-by-square ray walking over an array), both through
//! `chimera_core::perft_with` (bulk counted: the last ply is the length of the move list).

use crate::reference;
use crate::start_game;
use chimera_core::{perft, perft_with};

/// Perft from the start position, depths 0 to 6.
pub const START_PERFT: [u64; 7] = [1, 41, 1681, 0, 0, 0, 0];

#[test]
fn perft_print() {
    let mut game = start_game();
    for depth in 1..=4 {
        let fast = perft(&mut game, depth);
        let slow = perft_with(&mut game, depth, &mut reference::generate);
        println!("depth {depth}: fast {fast} reference {slow}");
    }
}
