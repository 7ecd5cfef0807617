//! Pieces: wazir, ferz, guard, knight, and the giant king.

use super::{after, board, is_legal, position_with, sq, targets};
use chimera_core::{Color, Position};
use chimera_kit::steps::KNIGHT;
use chimera_tiling_rider::{Role, Rules, Square};

/// The expected end squares of a small piece on `from` stepping by `steps`: each step's
/// square if empty or enemy, plus, for an empty square on another tile, its tile-mate if
/// empty (the elongated move).
fn expected(
    pos: &chimera_tiling_rider::TilingRider,
    from: &str,
    steps: &[(i8, i8)],
) -> Vec<String> {
    let s = sq(from);
    let mut out = Vec::new();
    let empty = |q: Square| pos.piece_at(q).is_none() && pos.king_at(q).is_none();
    for &(df, dr) in steps {
        let f = s.file() as i8 + df;
        let r = s.rank() as i8 + dr;
        if f < 0 || r < 0 {
            continue;
        }
        let Some(t) = Square::from_coords(f as u8, r as u8) else {
            continue;
        };
        if empty(t) {
            out.push(t.to_string());
            if t.tile_mate() != s && empty(t.tile_mate()) {
                out.push(t.tile_mate().to_string());
            }
        } else if matches!(pos.piece_at(t), Some((_, c)) if c != pos.turn()) {
            out.push(t.to_string());
        }
    }
    out.sort();
    out.dedup();
    out
}

const ORTH: [(i8, i8); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
const DIAG: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

#[test]
fn wazir_steps_one_square_orthogonally() {
    let pos = board(Color::White, 2, &[("e8", 'W')]);
    assert_eq!(targets(&pos, "e8"), expected(&pos, "e8", &ORTH));
    assert_eq!(
        targets(&pos, "e8"),
        ["d7", "d8", "e10", "e7", "e9", "f7", "f8"]
    );
}

#[test]
fn ferz_steps_one_square_diagonally() {
    let pos = board(Color::White, 2, &[("e8", 'F')]);
    assert_eq!(targets(&pos, "e8"), expected(&pos, "e8", &DIAG));
    for t in ["d7", "d9", "f7", "f9"] {
        assert!(targets(&pos, "e8").contains(&t.to_string()));
    }
}

#[test]
fn guard_steps_one_square_in_any_of_eight_directions() {
    let pos = board(Color::White, 2, &[("h9", 'G')]);
    let all: Vec<(i8, i8)> = ORTH.iter().chain(DIAG.iter()).copied().collect();
    assert_eq!(targets(&pos, "h9"), expected(&pos, "h9", &all));
    assert!(targets(&pos, "h9").len() >= 8);
}

#[test]
fn knight_leaps_two_one() {
    let pos = board(
        Color::White,
        2,
        &[("h9", 'N'), ("h10", 'W'), ("g10", 'W'), ("i10", 'W')],
    );
    assert_eq!(targets(&pos, "h9"), expected(&pos, "h9", &KNIGHT));
    assert!(targets(&pos, "h9").contains(&"g11".to_string())); // leaps over pieces
}

#[test]
fn small_pieces_capture_enemy_pieces() {
    let pos = board(Color::White, 2, &[("e8", 'W'), ("e9", 'n')]);
    assert!(is_legal(&pos, "e8xe9"));
    let next = after(&pos, &["e8xe9"]);
    assert_eq!(next.piece_at(sq("e9")), Some((Role::Wazir, Color::White)));
}

#[test]
fn small_pieces_do_not_capture_friendly_pieces() {
    let pos = board(Color::White, 2, &[("e8", 'W'), ("e9", 'N')]);
    assert!(!targets(&pos, "e8").contains(&"e9".to_string()));
}

#[test]
fn small_pieces_never_capture_a_king_square() {
    // Black king on e9 (unit e9 e10 f9 f10): the white wazir on e8 may not move onto it.
    let pos = position_with(
        Rules::Standard,
        Color::White,
        2,
        "a1",
        "e9",
        &[("e8", 'W'), ("f8", 'G')],
    );
    assert!(!targets(&pos, "e8").iter().any(|t| t == "e9"));
    assert!(!targets(&pos, "f8").iter().any(|t| t == "e9" || t == "f9"));
}

#[test]
fn king_is_a_giant_wazir_stepping_one_unit_orthogonally() {
    let pos = position_with(Rules::Standard, Color::White, 2, "e5", "q15", &[]);
    let mut kings: Vec<String> = super::legal_texts(&pos)
        .into_iter()
        .filter(|m| m.starts_with('K'))
        .collect();
    kings.sort();
    assert_eq!(kings, ["Ke5-c5", "Ke5-e3", "Ke5-e7", "Ke5-g5"]);
}

#[test]
fn king_step_captures_every_enemy_piece_in_the_unit() {
    let pos = position_with(
        Rules::Standard,
        Color::White,
        2,
        "e5",
        "q15",
        &[("g5", 'w'), ("h6", 'f')],
    );
    assert!(is_legal(&pos, "Ke5xg5"));
    let next = after(&pos, &["Ke5xg5"]);
    assert_eq!(next.piece_at(sq("g5")), None);
    assert_eq!(next.piece_at(sq("h6")), None);
    assert_eq!(next.king_at(sq("h6")), Some(Color::White));
}

#[test]
fn king_never_steps_onto_a_unit_with_a_friendly_piece_or_the_other_king() {
    let pos = position_with(Rules::Standard, Color::White, 2, "e5", "e9", &[("g6", 'N')]);
    let texts = super::legal_texts(&pos);
    assert!(!texts.iter().any(|m| m.starts_with("Ke5-g5")));
    // e7 is next to the black king (and so attacked), and the kings' units never merge.
    assert!(!texts
        .iter()
        .any(|m| m.starts_with("Ke5-e7") || m.starts_with("Ke5xe7")));
}

#[test]
fn king_is_never_captured() {
    // No move of any kind ends on a king's square, even one that is attacked.
    let pos = position_with(
        Rules::Standard,
        Color::White,
        3,
        "a1",
        "e9",
        &[
            ("e8", 'W'),
            ("d8", 'F'),
            ("c7", 'N'),
            ("e11", 'W'),
            ("e12", 'W'),
            ("f11", 'W'),
            ("f12", 'W'),
        ],
    );
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let black_king: Vec<Square> = pos.king_unit(Color::Black).squares().to_vec();
    for mv in moves {
        assert!(
            mv.to_squares().iter().all(|s| !black_king.contains(s)),
            "{}",
            pos.move_text(mv)
        );
    }
}
