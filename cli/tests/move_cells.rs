//! The cells `chimera serve`'s page clicks, for every variant of the program's registry
//! (a new variant is checked without a line here) over random playouts: every click of a
//! legal move names at least one cell, and every cell a move names (its clicks and the
//! other cells it changes) is a cell of the SVG picture (`class="cell" data-cell="NAME"`),
//! as the core's `conformance::check_move_cells` checks one position type.

use crate::common;

use chimera_core::DynGame;
use chimera_core::SplitMix64;
use std::collections::HashSet;

/// Checks the moves of `game` and of up to `plies` random moves after it.
fn check(game: &mut dyn DynGame, seed: u64, plies: usize) -> Result<(), String> {
    let mut rng = SplitMix64::new(seed);
    for ply in 0..=plies {
        let svg = game.svg();
        let named: HashSet<&str> = svg
            .split("class=\"cell\" data-cell=\"")
            .skip(1)
            .filter_map(|rest| rest.split('"').next())
            .collect();
        let at = || format!("after {ply} plies, in `{}`", game.position_text());
        let moves = game.legal_moves();
        for mv in &moves {
            let cells = game
                .move_cells(mv)
                .ok_or_else(|| format!("`{mv}` names no clicks {}", at()))?;
            // A move of no click (Tiling Rider's `;`) is made by a button.
            if cells.picks.iter().any(Vec::is_empty) {
                return Err(format!("a click of `{mv}` names no cell {}", at()));
            }
            for cell in cells.picks.iter().flatten().chain(&cells.also) {
                if !named.contains(cell.as_str()) {
                    return Err(format!(
                        "`{mv}` names the cell `{cell}`, which the SVG picture does not {}",
                        at()
                    ));
                }
            }
        }
        if moves.is_empty() || ply == plies {
            break;
        }
        let mv = &moves[rng.below(moves.len())];
        let before = at();
        game.play(mv).map_err(|e| format!("`{mv}` {before}: {e}"))?;
    }
    Ok(())
}

#[test]
fn move_cells_name_cells_of_the_svg_picture_in_every_variant() {
    let variants = common::variants();
    assert!(variants.len() >= 6, "{variants:?}");
    for name in variants {
        let variant = chimera_cli::registry::find(name).expect("a registered variant");
        let start = (variant.new_game)(None, None).expect("the start");
        // The playouts' length follows the start's branching: long for the small variants,
        // short where a position has hundreds (Tiling Rider) or thousands (Triagonal) of
        // moves, each checked.
        let (seeds, plies) = match start.legal_moves().len() {
            0..=60 => (8, 60),
            61..=200 => (3, 30),
            _ => (3, 12),
        };
        for seed in 0..seeds {
            let mut game = (variant.new_game)(None, None).expect("the start");
            if let Err(e) = check(game.as_mut(), seed, plies) {
                panic!("{name} seed {seed}: {e}");
            }
        }
    }
}
