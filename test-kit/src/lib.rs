//! Chimera's test kit: what the variant crates' tests share, kept out of the libraries
//! their users depend on. A variant crate takes it as a dev-dependency
//! (`chimera-test-kit.workspace = true` under `[dev-dependencies]`); it is not published.
//!
//! - [`conformance_tests!`]: one line in a variant's tests generates its conformance tests
//!   (random playouts, parser fuzzing, the perft data file `perft.epd`, texts after moves);
//! - [`perft_file`]: the perft data files and the runners the macro calls
//!   ([`perft_counts`], [`perft_two_ways`] against an independent move generator);
//! - [`checks`]: the generic checks over random playouts ([`check_playout`],
//!   [`check_parsers`], [`check_move_cells`]) and [`random_game`];
//! - [`search::pinned_search`]: a search's result at a fixed node count, as text, for the
//!   tests that pin it;
//! - [`random_positions`]: the positions an evaluation's tests check its features on.
//!
//! The random numbers come from [`SplitMix64`] (the core's), so a failing seed replays.

pub mod checks;
pub mod eval;
pub mod perft_file;
pub mod search;

pub use checks::{check_move_cells, check_parsers, check_playout, random_game};
pub use chimera_core::SplitMix64;
pub use eval::{check_features_symmetric, check_legacy_weights, check_weight_file};
pub use perft_file::{
    mutations, parse_perft_file, perft_counts, perft_file_positions, perft_two_ways,
    run_counter_edges, run_parser_fuzz, run_perft_file, run_playouts, PerftCase, Settings,
};

/// The positions of `games` random games of at most `plies` plies each from `start`, every
/// position after a move, the moves drawn by a linear congruential generator seeded with
/// `seed` (the same positions every run): what an evaluation's tests check its features on
/// (legacy weights against the old evaluation, symmetry between the sides).
pub fn random_positions<P: chimera_core::Position>(
    start: &P,
    games: usize,
    plies: usize,
    seed: u64,
) -> Vec<P> {
    let mut out = Vec::new();
    let mut state = seed;
    let mut moves = Vec::new();
    for _ in 0..games {
        let mut pos = start.clone();
        for _ in 0..plies {
            pos.legal_moves(&mut moves);
            if moves.is_empty() || pos.terminal().is_some() {
                break;
            }
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1);
            pos.play_unchecked(moves[(state >> 33) as usize % moves.len()]);
            out.push(pos.clone());
        }
    }
    out
}
