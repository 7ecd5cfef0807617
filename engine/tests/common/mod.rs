//! Positions where the side to move wins at once, shared by the search's and the baseline
//! players' tests (each file uses some of them).
#![allow(dead_code)]

use chimera_core::{Color, Position};

/// Turret: White's rook mates on the back rank (`b1b8`).
pub fn turret_back_rank_mate() -> chimera_turret::Turret {
    chimera_turret::Turret::from_text(
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
    use chimera_triagonal::{Cell, Role, Setup};
    let cell = |s: &str| Cell::parse(s).unwrap();
    let pos = Setup::new(Color::White)
        .set_piece(cell("Ab1"), Some((Role::King, Color::White)))
        .set_piece(cell("Dc3"), Some((Role::Queen, Color::White)))
        .set_piece(cell("Dc5"), Some((Role::King, Color::Black)))
        .set_piece(cell("Gg7"), Some((Role::Queen, Color::Black)))
        .build()
        .unwrap();
    (pos, cell("Dc5"))
}

/// Tiling Rider: a black wazir aggregate (a rook on the units) on c9-d10 and a black knight
/// on e3 covering the unit c1-d2: the aggregate to a9 or to c1 checks, and the lone white
/// king has nowhere to go. Black's turn of one move (the move ends it: see
/// [`tiling_rider_turn`]).
pub fn tiling_rider_aggregate_mate() -> chimera_tiling_rider::TilingRider {
    use chimera_tiling_rider::{Role, Rules, Setup, Square};
    let sq = |s: &str| Square::parse(s).unwrap();
    let mut setup = Setup::new(Rules::Standard);
    setup.set_king(Color::White, sq("a1").unit());
    setup.set_king(Color::Black, sq("q15").unit());
    for s in ["c9", "d9", "c10", "d10"] {
        setup.set_piece(sq(s), Some((Role::Wazir, Color::Black)));
    }
    setup.set_piece(sq("e3"), Some((Role::Knight, Color::Black)));
    let setup = tiling_rider_turn(&mut setup, Color::Black, 1).unwrap();
    setup.build().unwrap()
}

/// Tiling Rider: sets `side` to move in `setup` at the start of a turn of up to `limit`
/// moves (2 to 11), its turn 3 after an opponent's turn of `limit - 1`. A `limit` of 1,
/// which no turn starts with, is the last move of `side`'s exact first turn (White's 4
/// moves, Black's 8), the moves before it made by its wazirs put on its back rank (`k1 m1
/// o1`; `c16` to `o16`) and marked as moved: `None` if one of those squares is taken.
pub fn tiling_rider_turn(
    setup: &mut chimera_tiling_rider::Setup,
    side: Color,
    limit: u8,
) -> Option<&mut chimera_tiling_rider::Setup> {
    use chimera_tiling_rider::{Role, Square};
    if limit > 1 {
        return Some(
            setup
                .set_turn(side, 0, limit)
                .set_turn_number(3)
                .set_last_turn_length(limit - 1),
        );
    }
    let (spent, full, last): (&[&str], u8, u8) = match side {
        Color::White => (&["k1", "m1", "o1"], 4, 0),
        Color::Black => (&["c16", "e16", "g16", "i16", "k16", "m16", "o16"], 8, 4),
    };
    for s in spent {
        let sq = Square::parse(s).unwrap();
        if setup.piece_at(sq).is_some() || setup.king_at(sq).is_some() {
            return None;
        }
        setup.set_piece(sq, Some((Role::Wazir, side)));
        setup.mark_moved_alone(sq);
    }
    Some(
        setup
            .set_turn(side, full - 1, full)
            .set_turn_number(1)
            .set_last_turn_length(last),
    )
}
