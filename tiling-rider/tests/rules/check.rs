//! Check: a king is in check when any of its four squares is attacked.

use super::position_with;
use chimera_core::Color;
use chimera_tiling_rider::{Rules, TilingRider};

fn white_king_e5(pieces: &[(&str, char)]) -> TilingRider {
    position_with(Rules::Standard, Color::White, 2, "e5", "q15", pieces)
}

#[test]
fn king_is_in_check_when_any_of_its_four_squares_is_attacked() {
    // One attacker per square of the unit e5 f5 e6 f6, each attacking only that square.
    for (attacker, square) in [("c4", "e5"), ("h4", "f5"), ("c7", "e6"), ("h7", "f6")] {
        let pos = white_king_e5(&[(attacker, 'n')]);
        assert!(
            pos.in_check(Color::White),
            "knight {attacker} attacks {square}"
        );
    }
    assert!(white_king_e5(&[("d4", 'f')]).in_check(Color::White));
    assert!(white_king_e5(&[("g6", 'w')]).in_check(Color::White));
    assert!(white_king_e5(&[("g7", 'g')]).in_check(Color::White));
    assert!(!white_king_e5(&[("g7", 'w'), ("c3", 'n'), ("h3", 'f')]).in_check(Color::White));
}

#[test]
fn check_by_an_enemy_aggregate_that_could_move_onto_the_unit() {
    // A black bishop aggregate on a1 aims along the unit diagonal at e5.
    let pos = white_king_e5(&[("a1", 'f'), ("b1", 'f'), ("a2", 'f'), ("b2", 'f')]);
    assert!(pos.in_check(Color::White));
    // A black nightrider aggregate on a1 (unit (0,0)): (2,2) is not on a (2,1) line.
    let nightrider = white_king_e5(&[("a1", 'n'), ("b1", 'n'), ("a2", 'n'), ("b2", 'n')]);
    assert!(!nightrider.in_check(Color::White));
    // On a3 (unit (0,1)): one (2,1) unit leap reaches the king's unit (2,2).
    let nightrider = white_king_e5(&[("a3", 'n'), ("b3", 'n'), ("a4", 'n'), ("b4", 'n')]);
    assert!(nightrider.in_check(Color::White));
    // A nightrider on i9 (4,4) is not on a (2,1) line to (2,2); one on i13 (4,6) reaches it
    // by two (-1,-2) leaps, if the landing unit g9 (3,4) between is empty.
    let far = [("i9", 'n'), ("j9", 'n'), ("i10", 'n'), ("j10", 'n')];
    assert!(!white_king_e5(&far).in_check(Color::White));
    let far2 = [("i13", 'n'), ("j13", 'n'), ("i14", 'n'), ("j14", 'n')];
    assert!(white_king_e5(&far2).in_check(Color::White));
    let mut blocked = far2.to_vec();
    blocked.push(("h10", 'W')); // in the intermediate landing unit g9 (3,4)
    assert!(!white_king_e5(&blocked).in_check(Color::White));
}

#[test]
fn aggregate_check_is_blocked_by_any_piece_in_a_unit_between() {
    let pieces = [
        ("a1", 'f'),
        ("b1", 'f'),
        ("a2", 'f'),
        ("b2", 'f'),
        ("d4", 'W'),
    ];
    assert!(!white_king_e5(&pieces).in_check(Color::White));
    let black_blocker = [
        ("a1", 'f'),
        ("b1", 'f'),
        ("a2", 'f'),
        ("b2", 'f'),
        ("c3", 'w'),
    ];
    assert!(!white_king_e5(&black_blocker).in_check(Color::White));
}

#[test]
fn check_by_the_enemy_king_on_an_orthogonally_adjacent_unit() {
    let pos = position_with(Rules::Standard, Color::White, 2, "e5", "e7", &[]);
    assert!(pos.in_check(Color::White) && pos.in_check(Color::Black));
    let diagonal = position_with(Rules::Standard, Color::White, 2, "e5", "g7", &[]);
    assert!(!diagonal.in_check(Color::White));
}
