//! Rules section "Promotion".

use crate::common;

use chimera_core::{Color, Game, Position};
use chimera_turtle_shell::{Role, Rules, TurtleShell};
use common::{cell, moves_from, pos};

#[test]
fn promotion_optional_in_promotion_zone() {
    // The seed's example: a white pawn from C5 to C6 may become a rook on that move.
    let p = pos("W:KH4,PC5 B:KA3 w");
    assert_eq!(moves_from(&p, "C5"), ["C5-C6", "C5-C6=R"]);
    let mut after = p.clone();
    after.play(p.parse_move("C5-C6=R").unwrap()).unwrap();
    assert_eq!(after.piece_at(cell("C6")), Some((Color::White, Role::Rook)));
    let mut after = p.clone();
    after.play(p.parse_move("C5-C6").unwrap()).unwrap();
    assert_eq!(after.piece_at(cell("C6")), Some((Color::White, Role::Pawn)));
    // Black's zone is the other side's.
    let p = pos("W:KH4 B:KA6,PC4 b");
    assert_eq!(moves_from(&p, "C4"), ["C4-C3", "C4-C3=R"]);
}

#[test]
fn promotion_mandatory_in_end_zone() {
    // D8 to E8 ends in Black's end zone (White's goal): only the promotion.
    let p = pos("W:KH4,PD8 B:KA3 w");
    assert_eq!(moves_from(&p, "D8"), ["D8-E8=R"]);
    // A forced promotion may be written without `=R`.
    assert_eq!(p.parse_move("d8e8"), p.parse_move("D8-E8=R"));
    let p = pos("W:KH4 B:KA6,PB1 b");
    assert_eq!(moves_from(&p, "B1"), ["B1-B0=R"]);
}

#[test]
fn promotion_only_on_the_move_into_the_zone() {
    // A pawn already standing in the zone does not promote when another piece moves…
    let mut game = Game::new(pos("W:KH4,PC6,GB0 B:KA3 w"));
    let mut moves = Vec::new();
    game.position().legal_moves(&mut moves);
    assert!(moves
        .iter()
        .all(|m| !m.is_promotion() || m.from() == cell("C6")));
    game.play_text("B0-C0").unwrap();
    game.play_text("A3-A4").unwrap();
    assert_eq!(
        game.position().piece_at(cell("C6")),
        Some((Color::White, Role::Pawn))
    );
    // …but may when it moves on within the zone.
    assert_eq!(moves_from(game.position(), "C6"), ["C6-C7", "C6-C7=R"]);
    // Outside the zone there is no promotion at all.
    let p = pos("W:KH4,PC4 B:KA3 w");
    assert_eq!(moves_from(&p, "C4"), ["C4-B5"]);
    let m = p.parse_move("C4-B5=R").unwrap();
    assert!(p.clone().play(m).is_err());
}

#[test]
fn promotion_only_to_a_rook_without_limit() {
    // Two rooks already, and a third by promotion.
    let p = common::with_kings("RB0,RG0,PD7", "", 'w');
    let mut p2 = p.clone();
    p2.play(p.parse_move("D7-D8=R").unwrap()).unwrap();
    assert_eq!(p2.bitboard(Color::White, Role::Rook).count_ones(), 3);
    // Non-pawns never promote.
    assert!(moves_from(&p, "B0").iter().all(|m| !m.ends_with("=R")));
    let _ = TurtleShell::start(Rules::default());
}

#[test]
fn promotion_with_capture() {
    let p = pos("W:KH4,PD8 B:KA3,NE8 w");
    assert_eq!(moves_from(&p, "D8"), ["D8xE8=R"]);
}
