//! "Pieces — King": 26 steps; castling without check restrictions, whenever king and rook
//! stand on their initial cells.

use super::{after, at, board, is_legal, moves_from, targets};
use chimera_core::Color;

#[test]
fn king_steps_one_cell_in_any_of_the_26_directions() {
    let pos = board(Color::White, &[("Bb2", 'K'), ("Hh8", 'k'), ("Cc3", 'p')]);
    let t = targets(&pos, "Bb2");
    assert_eq!(t.len(), 26);
    assert!(moves_from(&pos, "Bb2").contains(&"Bb2xCc3".to_string()));
}

fn castling_position(turn: Color) -> chimera_triagonal::Triagonal {
    board(
        turn,
        &[
            ("Ae1", 'K'),
            ("Aa1", 'R'),
            ("Ah1", 'R'),
            ("He8", 'k'),
            ("Ha8", 'r'),
            ("Hh8", 'r'),
        ],
    )
}

#[test]
fn castling_king_two_cells_toward_the_rook_rook_to_the_cell_the_king_crossed() {
    let pos = castling_position(Color::White);
    let m = moves_from(&pos, "Ae1");
    assert!(m.contains(&"Ae1-Ag1".to_string()) && m.contains(&"Ae1-Ac1".to_string()));
    let short = after(&pos, "Ae1-Ag1");
    assert_eq!(
        (at(&short, "Ag1"), at(&short, "Af1"), at(&short, "Ah1")),
        (Some('K'), Some('R'), None)
    );
    let long = after(&pos, "Ae1-Ac1");
    assert_eq!(
        (at(&long, "Ac1"), at(&long, "Ad1"), at(&long, "Aa1")),
        (Some('K'), Some('R'), None)
    );
    // Black along Ha8–Hh8.
    let pos = castling_position(Color::Black);
    let short = after(&pos, "He8-Hg8");
    assert_eq!(
        (at(&short, "Hg8"), at(&short, "Hf8")),
        (Some('k'), Some('r'))
    );
    let long = after(&pos, "He8-Hc8");
    assert_eq!((at(&long, "Hc8"), at(&long, "Hd8")), (Some('k'), Some('r')));
}

#[test]
fn castling_needs_the_cells_between_king_and_rook_empty() {
    let mut pos = castling_position(Color::White);
    pos.put(
        super::cell("Ab1"),
        Some((chimera_triagonal::Role::Knight, Color::White)),
    )
    .unwrap();
    assert!(!is_legal(&pos, "Ae1-Ac1"));
    assert!(is_legal(&pos, "Ae1-Ag1"));
    pos.put(
        super::cell("Af1"),
        Some((chimera_triagonal::Role::Bishop, Color::Black)),
    )
    .unwrap();
    assert!(!is_legal(&pos, "Ae1-Ag1"));
}

#[test]
fn castling_without_any_restriction_of_check() {
    // Black rooks attack the king's cell, the crossed cell and the target cell.
    let pos = board(
        Color::White,
        &[
            ("Ae1", 'K'),
            ("Aa1", 'R'),
            ("Ah1", 'R'),
            ("He8", 'k'),
            ("Ee1", 'r'),
            ("Ef1", 'r'),
            ("Eg1", 'r'),
            ("Ed1", 'r'),
            ("Ec1", 'r'),
        ],
    );
    assert!(is_legal(&pos, "Ae1-Ag1"));
    assert!(is_legal(&pos, "Ae1-Ac1"));
}

#[test]
fn castling_whenever_king_and_rook_stand_on_their_initial_cells_even_if_they_moved_before() {
    let pos = castling_position(Color::White);
    let pos = after(&pos, "Ae1-Ae2");
    let pos = after(&pos, "He8-He7");
    let pos = after(&pos, "Ah1-Ah5");
    let pos = after(&pos, "He7-He8");
    assert!(!is_legal(&pos, "Ae2-Ag2"));
    let pos = after(&pos, "Ae2-Ae1");
    let pos = after(&pos, "Ha8-Ha7");
    let pos = after(&pos, "Ah5-Ah1");
    let pos = after(&pos, "Ha7-Ha8");
    assert!(is_legal(&pos, "Ae1-Ag1"));
    assert!(is_legal(&pos, "Ae1-Ac1"));
    assert!(is_legal(&pos, "He8-Hg8") || pos.turn() == Color::White);
}

#[test]
fn no_castling_without_a_rook_of_ones_own_on_the_corner() {
    let pos = board(
        Color::White,
        &[("Ae1", 'K'), ("Aa1", 'r'), ("Ah1", 'N'), ("He8", 'k')],
    );
    assert!(!is_legal(&pos, "Ae1-Ag1"));
    assert!(!is_legal(&pos, "Ae1-Ac1"));
}

use chimera_core::Position;

#[test]
fn interpretation_any_rook_of_the_kings_colour_on_the_corner_castles() {
    // The rook on Ah1 came from Ah5 (or from a promotion): the position keeps no rights.
    let pos = board(
        Color::White,
        &[("Ae1", 'K'), ("Ah5", 'R'), ("He8", 'k'), ("Hh1", 'p')],
    );
    assert!(!is_legal(&pos, "Ae1-Ag1"));
    let pos = after(&pos, "Ah5-Ah1");
    let pos = after(&pos, "Hh1-Hh2".replace("Hh2", "Gh1").as_str());
    assert!(is_legal(&pos, "Ae1-Ag1"));
}
