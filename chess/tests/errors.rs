//! Error kinds: a caller matches on what went wrong, not on the message.
use chimera_chess::prelude::*;
use chimera_chess::{IllegalMoveKind, MoveErrorKind, PlayErrorKind, PositionErrorKind};

fn position_kind(fen: &str) -> PositionErrorKind {
    Chess::from_text(fen, Rules::default()).unwrap_err().kind()
}

#[test]
fn position_errors_have_kinds() {
    use PositionErrorKind::*;
    assert_eq!(position_kind("8/8/8 w - -"), Syntax);
    assert_eq!(position_kind("4k3/8/8/8/8/8/8/4K3 w"), Syntax);
    assert_eq!(position_kind("4k3/8/8/8/8/8/8/4X3 w - - 0 1"), BadPiece);
    assert_eq!(position_kind("4k3/8/8/8/8/8/8/4K3 x - - 0 1"), BadField);
    assert_eq!(position_kind("4k3/8/8/8/8/8/8/4K3 w Z - 0 1"), BadField);
    assert_eq!(position_kind("4k3/8/8/8/8/8/8/4K3 w - z9 0 1"), UnknownCell);
    assert_eq!(position_kind("4k3/8/8/8/8/8/8/4K3 w - - x 1"), BadCounter);
    assert_eq!(position_kind("4k3/8/8/8/8/8/8/4K3 w - - 0 0"), BadCounter);
    assert_eq!(position_kind("8/8/8/8/8/8/8/4K3 w - - 0 1"), Invalid);
    assert_eq!(position_kind("P3k3/8/8/8/8/8/8/4K3 w - - 0 1"), Invalid);
    assert_eq!(position_kind("4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1"), Invalid);
}

#[test]
fn move_and_play_errors_have_kinds() {
    let mut game: Game<Chess> = Game::start(Rules::default());
    let kind = |game: &mut Game<Chess>, text| game.play_text(text).unwrap_err().kind();
    use PlayErrorKind::*;
    assert_eq!(kind(&mut game, ""), Unreadable(MoveErrorKind::Syntax));
    assert_eq!(kind(&mut game, "hello?"), Unreadable(MoveErrorKind::Syntax));
    assert_eq!(
        kind(&mut game, "Qh5"),
        Unreadable(MoveErrorKind::NoSuchMove)
    );
    assert_eq!(kind(&mut game, "e2e5"), Illegal(IllegalMoveKind::NotLegal));
    for mv in ["f3", "e5", "g4", "Qh4#"] {
        game.play_text(mv).unwrap();
    }
    assert_eq!(kind(&mut game, "e2e4"), Illegal(IllegalMoveKind::GameOver));
    // Two moves whose SAN differs only in case: bxc3 by the pawn, Bxc3 by the bishop.
    let pos = Chess::from_text("4k3/8/8/8/3B4/2n5/1P6/4K3 w - - 0 1", Rules::default()).unwrap();
    let err = pos.parse_move("BXC3").unwrap_err();
    assert_eq!(err.kind(), MoveErrorKind::Ambiguous, "{err}");
}
