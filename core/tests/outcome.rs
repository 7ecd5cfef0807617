//! Colours and outcomes.

use chimera_core::*;

#[test]
fn colours_flip_and_index() {
    assert_eq!(!Color::White, Color::Black);
    assert_eq!(Color::from_index(Color::Black.index()), Color::Black);
    assert_eq!(Color::from_text("W"), Some(Color::White));
    assert_eq!(Color::from_text("black"), Some(Color::Black));
    assert_eq!(Color::from_text("x"), None);
    assert_eq!(Color::White.fold(1, 2), 1);
}

#[test]
fn outcomes_print_score_and_reason() {
    let win = Outcome::Win {
        winner: Color::Black,
        reason: WinReason::Checkmate,
    };
    assert_eq!(win.winner(), Some(Color::Black));
    assert_eq!(win.to_string(), "0-1 black wins by checkmate");
    let draw = Outcome::Draw {
        reason: DrawReason::Repetition,
    };
    assert_eq!(draw.score(), "1/2-1/2");
    assert_eq!(draw.winner(), None);
}
