//! §6 There is no check: moves are never filtered for the safety of Castles.

use super::{after, board, is_legal};
use chimera_core::{Color, Position};

#[test]
fn no_check_exposing_the_last_castle_is_legal() {
    // The only White Castle may step next to an enemy Castle and onto a Tower's file.
    let pos = board(Color::White, &[("d4", "TFW"), ("e6", "tfw"), ("a5", "t")]);
    assert!(is_legal(&pos, "d4-d5"));
    assert!(is_legal(&pos, "d4-e5"));
}

#[test]
fn no_check_splitting_the_last_castle_is_legal_and_loses() {
    let pos = board(Color::White, &[("d4", "TFW"), ("h8", "tfw")]);
    assert!(is_legal(&pos, "d4-d6"));
    let next = after(&pos, "d4-d6");
    assert_eq!(
        next.outcome(),
        Some(chimera_core::Outcome::Win {
            winner: Color::Black,
            reason: chimera_turnover::NO_ROYAL_PIECE
        })
    );
}

#[test]
fn no_check_promoting_away_the_last_castle_is_legal_and_loses() {
    let pos = board(Color::White, &[("d7", "TFW"), ("a1", "tfw")]);
    let next = after(&pos, "d7-d8");
    assert_eq!(next.outcome().unwrap().winner(), Some(Color::Black));
}
