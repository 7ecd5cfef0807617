//! Error kinds: a caller matches on what went wrong, not on the message.
use chimera_triagonal::prelude::*;
use chimera_triagonal::{
    IllegalMoveKind, MoveErrorKind, PlayErrorKind, PositionErrorKind, Role, Setup,
};

const EMPTY: &str = "8/8/8/8/8/8/8/8";
const HOLED: &str = "8/8/8/3**3/3**3/8/8/8";

/// A board whose level A is `a` and level D is `d`, with the black king on He8.
fn board(a: &str, d: &str) -> String {
    [a, EMPTY, EMPTY, d, HOLED, EMPTY, EMPTY, "4k3/8/8/8/8/8/8/8"].join("|")
}

fn position_kind(text: &str) -> PositionErrorKind {
    Triagonal::from_text(text, Rules::Standard)
        .unwrap_err()
        .kind()
}

#[test]
fn position_errors_have_kinds() {
    use PositionErrorKind::*;
    let king = "8/8/8/8/8/8/8/4K3";
    let good = board(king, HOLED);
    let with = |fields: &str| format!("{good} {fields}");
    assert!(Triagonal::from_text(&with("w 0 0 - 0 1"), Rules::Standard).is_ok());
    assert_eq!(position_kind(""), Syntax);
    assert_eq!(position_kind(&with("w 0 0 - 0")), Syntax);
    assert_eq!(
        position_kind(&format!("{king}|{EMPTY} w 0 0 - 0 1")),
        Syntax
    );
    let kind_of_board = |a: &str, d: &str| position_kind(&format!("{} w 0 0 - 0 1", board(a, d)));
    assert_eq!(kind_of_board("8/8/8/8/8/8/4K3", HOLED), Syntax);
    assert_eq!(kind_of_board("8/8/8/8/8/8/8/8K", HOLED), Syntax);
    assert_eq!(kind_of_board("8/8/8/8/8/8/8/4K2", HOLED), Syntax);
    assert_eq!(kind_of_board(king, EMPTY), Syntax);
    assert_eq!(kind_of_board("*7/8/8/8/8/8/8/4K3", HOLED), Syntax);
    assert_eq!(kind_of_board(king, "8/8/8/3K*3/3**3/8/8/8"), Syntax);
    assert_eq!(kind_of_board("8/8/8/8/8/8/8/4X3", HOLED), BadPiece);
    assert_eq!(kind_of_board("8/8/8/8/8/8/8/3KK3", HOLED), Invalid);
    assert_eq!(position_kind(&with("x 0 0 - 0 1")), BadField);
    assert_eq!(position_kind(&with("w x 0 - 0 1")), BadCounter);
    assert_eq!(position_kind(&with("w 0 70000 - 0 1")), BadCounter);
    assert_eq!(position_kind(&with("w 0 0 - x 1")), BadCounter);
    assert_eq!(position_kind(&with("w 0 0 - 0 0")), BadCounter);
    assert_eq!(position_kind(&with("w 0 0 Zz9 0 1")), UnknownCell);
    assert_eq!(position_kind(&with("w 0 0 Ae3>Zz9 0 1")), UnknownCell);
    assert_eq!(position_kind(&with("w 0 0 Ae6 0 1")), BadField);
    assert_eq!(position_kind(&with("w 0 0 Ae6>Ae5 0 1")), BadField);
}

#[test]
fn move_and_play_errors_have_kinds() {
    let start = Triagonal::start(Rules::Standard);
    let kind = |text: &str| start.parse_move(text).unwrap_err().kind();
    use MoveErrorKind::*;
    assert_eq!(kind(""), Syntax);
    assert_eq!(kind("hello"), Syntax);
    assert_eq!(kind("Ae2-"), Syntax);
    assert_eq!(kind("Ae2-Ae2"), Syntax);
    assert_eq!(kind("Ae2-Ae4zz"), Syntax);
    assert_eq!(kind("Gb7-Hb8="), Syntax);
    assert_eq!(kind("Ze2-Ae4"), UnknownCell);
    assert_eq!(kind("Ae2-Ae9"), UnknownCell);
    assert_eq!(kind("Dd3-Dd4"), UnknownCell);
    assert_eq!(kind("Gb7-Hb8=K"), BadPiece);
    assert_eq!(kind("J@Zz9,J@Cd3,Ab1-Ac3"), UnknownCell);
    assert_eq!(kind("Cc3,J@Cd3,Ab1-Ac3"), Syntax);
    assert_eq!(kind("J@Cc3,J@Cc3,Ab1-Ac3"), Syntax);
    assert_eq!(kind("Ab1-Ac3,Ab1-Ac3"), Syntax);

    let mut game: Game<Triagonal> = Game::start(Rules::Standard);
    let kind = |game: &mut Game<Triagonal>, text| game.play_text(text).unwrap_err().kind();
    assert_eq!(
        kind(&mut game, "Ae2-Ae9"),
        PlayErrorKind::Unreadable(UnknownCell)
    );
    assert_eq!(
        kind(&mut game, "Ae1-He8"),
        PlayErrorKind::Illegal(IllegalMoveKind::NotLegal)
    );
}

#[test]
fn put_refuses_a_second_king_like_the_reader_and_changes_nothing() {
    let cell = |name: &str| chimera_triagonal::Cell::parse(name).unwrap();
    let mut pos = Setup::new(Color::White).build().unwrap();
    pos.put(cell("Ae1"), Some((Role::King, Color::White)))
        .unwrap();
    let before = pos.clone();
    let err = pos
        .put(cell("Ad1"), Some((Role::King, Color::White)))
        .unwrap_err();
    assert_eq!(err.kind(), PositionErrorKind::Invalid);
    assert!(err.place.contains("Ad1"), "{err}");
    assert_eq!(pos, before);
    // The same king again, the other side's king, and emptying are fine.
    pos.put(cell("Ae1"), Some((Role::King, Color::White)))
        .unwrap();
    pos.put(cell("He8"), Some((Role::King, Color::Black)))
        .unwrap();
    pos.put(cell("Ae1"), None).unwrap();
    pos.put(cell("Ad1"), Some((Role::King, Color::White)))
        .unwrap();
    assert!(Triagonal::from_text(&pos.to_text(), Rules::Standard).is_ok());
}

#[test]
fn setup_builds_only_positions_the_reader_accepts() {
    // No public function gives a position whose text does not read back: a Setup's build
    // refuses what the reader refuses, with the reader's error kinds.
    let cell = |name: &str| chimera_triagonal::Cell::parse(name).unwrap();
    let mut setup = Setup::new(Color::Black);
    setup
        .set_piece(cell("Ae1"), Some((Role::King, Color::White)))
        .set_piece(cell("He8"), Some((Role::King, Color::Black)))
        .set_piece(cell("Bd2"), Some((Role::Pawn, Color::White)))
        .set_piece(cell("Bd4"), Some((Role::Pawn, Color::White)))
        .set_jacks_in_hand(Color::White, 3)
        .set_jacks_in_hand(Color::Black, u16::MAX)
        .set_en_passant(Some((cell("Bd3"), cell("Bd4"))))
        .set_halfmove_clock(7)
        .set_fullmove_number(12);
    let pos = setup.build().unwrap();
    assert_eq!(pos.en_passant(), Some((cell("Bd3"), cell("Bd4"))));
    assert_eq!((pos.halfmove_clock(), pos.fullmove_number()), (7, 12));
    let back = Triagonal::from_text(&pos.to_text(), Rules::Standard).unwrap();
    assert_eq!(back, pos);
    assert_eq!(back.zobrist(), pos.zobrist());
    assert_eq!(Setup::from_position(&pos).build().unwrap(), pos);
    // A second king of a side, as the reader names it: the later cell.
    let mut two = setup.clone();
    two.set_piece(cell("Hd8"), Some((Role::King, Color::Black)));
    let err = two.build().unwrap_err();
    assert_eq!(err.kind(), PositionErrorKind::Invalid);
    assert!(err.place.starts_with("He8"), "{err}");
    // A missing king is no error (the reader reads a finished game too): the game is over.
    let mut kingless = setup.clone();
    kingless.set_piece(cell("He8"), None);
    let over = kingless.build().unwrap();
    assert!(over.outcome().is_some());
    assert_eq!(
        Triagonal::from_text(&over.to_text(), Rules::Standard).unwrap(),
        over
    );
    // Bad counters: move 0.
    let mut zero = setup.clone();
    let err = zero.set_fullmove_number(0).build().unwrap_err();
    assert_eq!(err.kind(), PositionErrorKind::BadCounter);
    assert!(err.place.contains("move number"), "{err}");
    // An en-passant cell no double step of the side not to move skipped: behind a pawn
    // that did not start on a pawn start cell, or with no pawn, or occupied.
    for (skipped, victim) in [("Bd4", "Bd5"), ("Cd3", "Cd4"), ("Bd2", "Bd3")] {
        let mut bad = setup.clone();
        bad.set_en_passant(Some((cell(skipped), cell(victim))));
        let err = bad.build().unwrap_err();
        assert_eq!(err.kind(), PositionErrorKind::BadField, "{skipped}");
        assert!(err.place.contains("en-passant"), "{err}");
    }
    // The side to move changed afterwards: the en-passant cell is now the wrong side's.
    let mut turned = setup.clone();
    assert!(turned.set_turn(Color::White).build().is_err());
}
