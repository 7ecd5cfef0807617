//! Error kinds: a caller matches on what went wrong, not on the message.
use chimera_turret::prelude::*;
use chimera_turret::{IllegalMoveKind, MoveErrorKind, PlayErrorKind, PositionErrorKind};

fn position_kind(fen: &str) -> PositionErrorKind {
    Turret::from_text(fen, Rules::Standard).unwrap_err().kind()
}

#[test]
fn position_errors_have_kinds() {
    use PositionErrorKind::*;
    let board = "5k4/*8*/*8*/*8*/*8*/*8*/*8*/5K4";
    assert!(Turret::from_text(&format!("{board} w - - 0 1"), Rules::Standard).is_ok());
    assert_eq!(position_kind(""), Syntax);
    assert_eq!(position_kind(&format!("{board} w - - 0 1 x")), Syntax);
    assert_eq!(position_kind("5k4/*8*/*8*/*8*/*8*/*8*/5K4 w"), Syntax);
    assert_eq!(position_kind("5k4/9*/*8*/*8*/*8*/*8*/*8*/5K4 w"), Syntax);
    assert_eq!(position_kind("5k4/*8*/*8*/*8*/*8*/*8*/*8*/5K4"), Syntax);
    assert_eq!(position_kind("5k4/*8*/*8*/*8*/*8*/*8*/*8*/5X4 w"), BadPiece);
    assert_eq!(position_kind(&format!("{board} x")), BadField);
    assert_eq!(position_kind(&format!("{board} w X")), BadField);
    assert_eq!(position_kind(&format!("{board} w K")), BadField);
    assert_eq!(position_kind(&format!("{board} w Kj9")), UnknownCell);
    assert_eq!(position_kind(&format!("{board} w - z9")), UnknownCell);
    assert_eq!(position_kind(&format!("{board} w - e3")), BadField);
    assert_eq!(position_kind(&format!("{board} w - - x 1")), BadCounter);
    assert_eq!(position_kind(&format!("{board} w - - 0 0")), BadCounter);
    assert_eq!(position_kind(&format!("{board} w - - 20000 1")), BadCounter);
    assert_eq!(position_kind("10/*8*/*8*/*8*/*8*/*8*/*8*/5K4 w"), Invalid);
    assert_eq!(position_kind("P4k4/*8*/*8*/*8*/*8*/*8*/*8*/5K4 w"), Invalid);
    assert_eq!(
        position_kind("5k4/*4Q3*/*8*/*8*/*8*/*8*/*8*/5K4 w"),
        Invalid
    );
}

#[test]
fn move_and_play_errors_have_kinds() {
    let start = Turret::start(Rules::Standard);
    let kind = |text: &str| start.parse_move(text).unwrap_err().kind();
    use MoveErrorKind::*;
    assert_eq!(kind(""), Syntax);
    assert_eq!(kind("hello?"), Syntax);
    assert_eq!(kind("a3a4"), UnknownCell);
    assert_eq!(kind("e2e4x"), BadPiece);
    assert_eq!(kind("e2e4k"), BadPiece);
    assert_eq!(kind("Qh5"), NoSuchMove);
    let knights =
        Turret::from_text("5k4/*8*/*8*/*8*/*8*/*8*/*N3N3*/5K4 w", Rules::Standard).unwrap();
    let err = knights.parse_move("Nd3").unwrap_err();
    assert_eq!(err.kind(), Ambiguous, "{err}");
    assert!(knights.parse_move("Nbd3").is_ok());

    let mut game: Game<Turret> = Game::start(Rules::Standard);
    let kind = |game: &mut Game<Turret>, text| game.play_text(text).unwrap_err().kind();
    assert_eq!(
        kind(&mut game, "Qh5"),
        PlayErrorKind::Unreadable(NoSuchMove)
    );
    assert_eq!(
        kind(&mut game, "e2e5"),
        PlayErrorKind::Illegal(IllegalMoveKind::NotLegal)
    );
}
