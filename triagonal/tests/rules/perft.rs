//! Perft cross-checked two ways: the fast generator (`perft`) against the slow reference
//! generator of `reference.rs` (cell-by-cell walking over an array, written from the rules
//! text), both counted by `chimera_core::perft` / `perft_with`, bulk counted (the last ply
//! is the length of the move list).

use crate::reference;
use crate::{start_game, EMPTY_HANDS};
use chimera_core::{perft, perft_with, Game, Position};
use chimera_triagonal::{Rules, Triagonal};

fn both(game: &mut Game<Triagonal>, depth: u32) -> (u64, u64) {
    let fast = perft(game, depth);
    let slow = perft_with(game, depth, &mut reference::generate);
    (fast, slow)
}

#[test]
fn probe_start() {
    let mut game = start_game();
    for d in 0..=1 {
        let (f, s) = both(&mut game, d);
        println!("start {d}: {f} {s}");
        assert_eq!(f, s);
    }
}

#[test]
fn probe_empty() {
    let mut game = Game::new(Triagonal::from_text(EMPTY_HANDS, Rules::Standard).unwrap());
    for d in 0..=3 {
        let t = std::time::Instant::now();
        let (f, s) = both(&mut game, d);
        println!("empty {d}: {f} {s} {:?}", t.elapsed());
        assert_eq!(f, s);
    }
}
