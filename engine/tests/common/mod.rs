//! Positions where the side to move wins at once, shared by the search's and the baseline
//! players' tests (each file uses some of them).
#![allow(dead_code)]

use chimera_core::{Color, Position};

/// Turret: White's rook mates on the back rank (`b1b8`).
pub fn turret_back_rank_mate() -> chimera_turret::TurretChess {
    chimera_turret::TurretChess::from_text(
        "5k4/*3ppp2*/*8*/*8*/*8*/*8*/*8*/1R3K4 w - - 0 1",
        chimera_turret::Rules::Standard,
    )
    .unwrap()
}

/// Turtle Shell: White's king on D8 is a step from Black's end zone.
pub fn turtle_shell_end_zone_step() -> chimera_turtle_shell::TurtleShell {
    chimera_turtle_shell::TurtleShell::from_text("W:KD8 B:KA5 w", Default::default()).unwrap()
}

/// Triagonal: White's queen on Dc3 takes Black's king on Dc5 (the winning move's cell).
pub fn triagonal_king_capture() -> (chimera_triagonal::Triagonal, chimera_triagonal::Cell) {
    use chimera_triagonal::{Cell, Piece, Triagonal};
    let mut pos = Triagonal::empty(Color::White);
    let cell = |s: &str| Cell::parse(s).unwrap();
    pos.set_piece(cell("Ab1"), Some((Piece::King, Color::White)));
    pos.set_piece(cell("Dc3"), Some((Piece::Queen, Color::White)));
    pos.set_piece(cell("Dc5"), Some((Piece::King, Color::Black)));
    pos.set_piece(cell("Gg7"), Some((Piece::Queen, Color::Black)));
    (pos, cell("Dc5"))
}

/// Tiling Rider: a black wazir aggregate (a rook on the units) on c9-d10 and a black knight
/// on e3 covering the unit c1-d2: the aggregate to a9 or to c1 checks, and the lone white
/// king has nowhere to go. Black's turn of one move (the move ends it).
pub fn tiling_rider_aggregate_mate() -> chimera_tiling_rider::TilingRider {
    use chimera_tiling_rider::{Piece, Rules, Square, TilingRider};
    let sq = |s: &str| Square::parse(s).unwrap();
    let mut pos = TilingRider::empty(Rules::Standard);
    pos.set_king(Color::White, sq("a1").unit());
    pos.set_king(Color::Black, sq("q15").unit());
    for s in ["c9", "d9", "c10", "d10"] {
        pos.set_piece(sq(s), Some((Piece::Wazir, Color::Black)));
    }
    pos.set_piece(sq("e3"), Some((Piece::Knight, Color::Black)));
    pos.set_turn_number(2);
    pos.set_turn(Color::Black, 0, 1);
    pos
}
