//! Error kinds: a caller matches on what went wrong, not on the message.
use chimera_turtle_shell::prelude::*;
use chimera_turtle_shell::{MoveErrorKind, PositionErrorKind};

#[test]
fn position_and_move_errors_have_kinds() {
    let kind = |text: &str| {
        TurtleShell::from_text(text, Rules::default())
            .unwrap_err()
            .kind()
    };
    assert_eq!(kind(""), PositionErrorKind::Syntax);
    assert_eq!(kind("W:KE1 B:KE8 x"), PositionErrorKind::BadField);
    assert_eq!(kind("W:KE1,QD2 B:KE8 w"), PositionErrorKind::BadPiece);
    assert_eq!(kind("W:KE1,PZ2 B:KE8 w"), PositionErrorKind::UnknownCell);
    assert_eq!(kind("W:PD2 B:KE8 w"), PositionErrorKind::Invalid);
    let start = TurtleShell::start(Rules::default());
    let kind = |text: &str| start.parse_move(text).unwrap_err().kind();
    assert_eq!(kind("C2"), MoveErrorKind::Syntax);
    assert_eq!(kind("Z2-C3"), MoveErrorKind::UnknownCell);
    assert_eq!(kind("C2-C3=Q"), MoveErrorKind::Syntax);
}
