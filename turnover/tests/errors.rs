//! Error kinds: a caller matches on what went wrong, not on the message.
use chimera_turnover::prelude::*;
use chimera_turnover::{IllegalMoveKind, MoveErrorKind, PlayErrorKind, PositionErrorKind};

fn position_kind(text: &str) -> PositionErrorKind {
    Turnover::from_text(text, Rules::Standard)
        .unwrap_err()
        .kind()
}

#[test]
fn position_errors_have_kinds() {
    use PositionErrorKind::*;
    let board = "[TF]7/8/8/8/8/8/8/7[tf]";
    assert!(Turnover::from_text(&format!("{board} w 0 1"), Rules::Standard).is_ok());
    assert_eq!(position_kind(""), Syntax);
    assert_eq!(position_kind(board), Syntax);
    assert_eq!(position_kind(&format!("{board} w 0 1 x")), Syntax);
    assert_eq!(position_kind("[TF]7/8/8/8/8/8/7[tf] w"), Syntax);
    assert_eq!(position_kind("[TF]8/8/8/8/8/8/8/7[tf] w"), Syntax);
    assert_eq!(position_kind("[TF]6/8/8/8/8/8/8/7[tf] w"), Syntax);
    assert_eq!(position_kind("[TF7/8/8/8/8/8/8/7[tf] w"), Syntax);
    assert_eq!(position_kind("[]7/8/8/8/8/8/8/7[tf] w"), Syntax);
    assert_eq!(position_kind("X7/8/8/8/8/8/8/7[tf] w"), BadPiece);
    assert_eq!(position_kind("[TX]7/8/8/8/8/8/8/7[tf] w"), BadPiece);
    assert_eq!(position_kind("[Tf]7/8/8/8/8/8/8/7[tf] w"), BadPiece);
    assert_eq!(position_kind("[TT]7/8/8/8/8/8/8/7[tf] w"), BadPiece);
    assert_eq!(position_kind("[TW]7/8/8/8/8/8/8/7[tf] w"), BadPiece);
    assert_eq!(position_kind(&format!("{board} x")), BadField);
    assert_eq!(position_kind(&format!("{board} w x")), BadCounter);
    assert_eq!(position_kind(&format!("{board} w 0 0")), BadCounter);
}

#[test]
fn move_and_play_errors_have_kinds() {
    let start = Turnover::start(Rules::Standard);
    let kind = |text: &str| start.parse_move(text).unwrap_err().kind();
    use MoveErrorKind::*;
    assert_eq!(kind(""), Syntax);
    assert_eq!(kind("hello"), Syntax);
    assert_eq!(kind("d2-"), Syntax);
    assert_eq!(kind("d2-d3+"), Syntax);
    assert_eq!(kind("d2-d2"), Syntax);
    assert_eq!(kind("i2-d3"), UnknownCell);
    assert_eq!(kind("d2-d9"), UnknownCell);

    let mut game: Game<Turnover> = Game::start(Rules::Standard);
    let kind = |game: &mut Game<Turnover>, text| game.play_text(text).unwrap_err().kind();
    assert_eq!(
        kind(&mut game, "d2-d9"),
        PlayErrorKind::Unreadable(UnknownCell)
    );
    assert_eq!(
        kind(&mut game, "a1-h8"),
        PlayErrorKind::Illegal(IllegalMoveKind::NotLegal)
    );
}
