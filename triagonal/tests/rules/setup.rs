//! "Setup": White on levels A–B, Black turned about the file axis, 80 Jacks each, White first.

use super::at;
use chimera_core::{Color, Position};
use chimera_triagonal::{Role, Rules, Triagonal};

#[test]
fn white_setup_back_rank_on_level_a_pawns_on_a2_b1_b2() {
    let pos = Triagonal::start(Rules::Standard);
    for (file, letter) in "abcdefgh".chars().zip("RNBQKBNR".chars()) {
        assert_eq!(at(&pos, &format!("A{file}1")), Some(letter));
        for cell in [
            format!("A{file}2"),
            format!("B{file}1"),
            format!("B{file}2"),
        ] {
            assert_eq!(at(&pos, &cell), Some('P'), "{cell}");
        }
    }
    assert_eq!(pos.count(Color::White, Role::Pawn), 24);
    assert_eq!(pos.occupied_by(Color::White).len(), 32);
}

#[test]
fn black_setup_turned_about_the_file_axis() {
    let pos = Triagonal::start(Rules::Standard);
    for (file, letter) in "abcdefgh".chars().zip("rnbqkbnr".chars()) {
        assert_eq!(at(&pos, &format!("H{file}8")), Some(letter));
        for cell in [
            format!("H{file}7"),
            format!("G{file}8"),
            format!("G{file}7"),
        ] {
            assert_eq!(at(&pos, &cell), Some('p'), "{cell}");
        }
    }
    assert_eq!(pos.count(Color::Black, Role::Pawn), 24);
    assert_eq!(pos.occupied_by(Color::Black).len(), 32);
    // Every white piece has its black twin at (file, 7 − rank, 7 − level).
    for c in pos.occupied_by(Color::White).iter() {
        let twin = chimera_triagonal::Cell::new(c.file(), 7 - c.rank(), 7 - c.level()).unwrap();
        let (p, _) = pos.piece_at(c).unwrap();
        assert_eq!(pos.piece_at(twin), Some((p, Color::Black)));
    }
}

#[test]
fn each_side_has_80_jacks_in_hand_and_none_on_the_board() {
    let pos = Triagonal::start(Rules::Standard);
    assert_eq!(pos.jacks_in_hand(Color::White), 80);
    assert_eq!(pos.jacks_in_hand(Color::Black), 80);
    assert_eq!(pos.count(Color::White, Role::Jack), 0);
    assert_eq!(pos.count(Color::Black, Role::Jack), 0);
}

#[test]
fn ruling_white_moves_first() {
    let pos = Triagonal::start(Rules::Standard);
    assert_eq!(pos.turn(), Color::White);
    assert_eq!(pos.to_text(), super::notation::START_TEXT);
}
