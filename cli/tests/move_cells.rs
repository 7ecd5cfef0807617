//! The cells `chimera serve`'s page clicks, for every variant over random playouts: the
//! core's conformance check of `Render::move_cells` against each variant's SVG picture.

use chimera_core::conformance::check_move_cells;
use chimera_core::{Game, Position, Render};

fn check<P: Render>(start: P, seeds: u64, plies: usize) {
    for seed in 0..seeds {
        if let Err(e) = check_move_cells(Game::new(start.clone()), seed, plies) {
            panic!("{} seed {seed}: {e}", P::VARIANT);
        }
    }
}

#[test]
fn move_cells_name_cells_of_the_svg_picture_in_every_variant() {
    check(
        chimera_turtle_shell::TurtleShell::start(Default::default()),
        8,
        60,
    );
    check(
        chimera_turret::TurretChess::start(Default::default()),
        8,
        60,
    );
    check(chimera_turnover::Turnover::start(Default::default()), 8, 60);
    check(
        chimera_triagonal::Triagonal::start(Default::default()),
        3,
        12,
    );
    check(
        chimera_tiling_rider::TilingRider::start(Default::default()),
        3,
        30,
    );
    check(chimera_chess::Chess::start(Default::default()), 8, 60);
}
