//! Error kinds: a caller matches on what went wrong, not on the message.
use chimera_tiling_rider::prelude::*;
use chimera_tiling_rider::{
    IllegalMoveKind, MoveErrorKind, PlayErrorKind, PositionErrorKind, Setup, Square,
};

/// The standard start's board, ranks 16 to 1.
const RANKS: [&str; 16] = [
    "wgwgwgwgkkgwgwgwgw",
    "fnfnfnfnkknfnfnfnf",
    "wgwgwgwgwggwgwgwgw",
    "fnfnfnfnfnnfnfnfnf",
    "18",
    "18",
    "18",
    "18",
    "18",
    "18",
    "18",
    "18",
    "FNFNFNFNFNNFNFNFNF",
    "WGWGWGWGWGGWGWGWGW",
    "FNFNFNFNKKNFNFNFNF",
    "WGWGWGWGKKGWGWGWGW",
];

/// The start's board with rank 16 - `i` replaced by `row`.
fn board_with(i: usize, row: &str) -> String {
    let mut ranks = RANKS;
    ranks[i] = row;
    ranks.join("/")
}

fn position_kind(text: &str) -> PositionErrorKind {
    TilingRider::from_text(text, Rules::Standard)
        .unwrap_err()
        .kind()
}

#[test]
fn position_errors_have_kinds() {
    use PositionErrorKind::*;
    let board = RANKS.join("/");
    let with = |fields: &str| format!("{board} {fields}");
    assert_eq!(
        TilingRider::from_text(&with("w 0/4 - - 0 1"), Rules::Standard).unwrap(),
        TilingRider::start(Rules::Standard)
    );
    assert!(TilingRider::from_text(&with("w 1/4 a4 - 0 1"), Rules::Standard).is_ok());
    assert_eq!(position_kind(""), Syntax);
    assert_eq!(position_kind(&board), Syntax);
    assert_eq!(position_kind(&with("w 0/4 - - 0")), Syntax);
    let short = RANKS[1..].join("/");
    assert_eq!(position_kind(&format!("{short} w 0/4 - - 0 1")), Syntax);
    let kind_of_board = |board: String| position_kind(&format!("{board} w 0/4 - - 0 1"));
    assert_eq!(kind_of_board(board_with(5, "19")), Syntax);
    assert_eq!(kind_of_board(board_with(5, "17")), Syntax);
    assert_eq!(kind_of_board(board_with(5, "0")), Syntax);
    assert_eq!(kind_of_board(board_with(5, "18a")), Syntax);
    assert_eq!(kind_of_board(board_with(5, "17x")), BadPiece);
    // Half of Black's king (a rank cut through it), then no black king at all.
    assert_eq!(kind_of_board(board_with(0, "wgwgwgwgwggwgwgwgw")), Invalid);
    let mut ranks = RANKS;
    ranks[1] = "fnfnfnfnfnnfnfnfnf";
    ranks[0] = "wgwgwgwgwggwgwgwgw";
    assert_eq!(kind_of_board(ranks.join("/")), Invalid);
    assert_eq!(position_kind(&with("x 0/4 - - 0 1")), BadField);
    assert_eq!(position_kind(&with("w 0-4 - - 0 1")), BadCounter);
    assert_eq!(position_kind(&with("w x/4 - - 0 1")), BadCounter);
    assert_eq!(position_kind(&with("w 4/4 - - 0 1")), BadCounter);
    assert_eq!(position_kind(&with("w 0/5 - - 0 1")), BadCounter);
    assert_eq!(position_kind(&with("w 0/4 - 3 0 1")), BadCounter);
    assert_eq!(position_kind(&with("w 0/4 - - x 1")), BadCounter);
    assert_eq!(position_kind(&with("w 0/4 - - 1 1")), BadCounter);
    assert_eq!(position_kind(&with("w 0/4 - - 0 0")), BadCounter);
    assert_eq!(position_kind(&with("w 0/4 a4 - 0 1")), BadField);
    assert_eq!(position_kind(&with("w 1/4 z99 - 0 1")), UnknownCell);
    assert_eq!(position_kind(&with("w 1/4 %% - 0 1")), BadField);
    assert_eq!(position_kind(&with("w 2/4 a4,a4 - 0 1")), BadField);
    assert_eq!(position_kind(&with("w 1/4 a16 - 0 1")), BadField);
    assert_eq!(position_kind(&with("w 2/4 a4 - 0 1")), BadField);
}

#[test]
fn move_and_play_errors_have_kinds() {
    let start = TilingRider::start(Rules::Standard);
    let kind = |text: &str| start.parse_move(text).unwrap_err().kind();
    use MoveErrorKind::*;
    assert_eq!(kind(""), Syntax);
    assert_eq!(kind("a4–b5"), Syntax);
    assert_eq!(kind("hello"), Syntax);
    assert_eq!(kind("4a-b5"), Syntax);
    assert_eq!(kind("a4-b5x"), Syntax);
    assert_eq!(kind("z4-b5"), UnknownCell);
    assert_eq!(kind("a4-b99"), UnknownCell);
    assert_eq!(kind("Qa3-a5"), BadPiece);

    let mut game: Game<TilingRider> = Game::start(Rules::Standard);
    let kind = |game: &mut Game<TilingRider>, text| game.play_text(text).unwrap_err().kind();
    assert_eq!(
        kind(&mut game, "a4-b99"),
        PlayErrorKind::Unreadable(UnknownCell)
    );
    assert_eq!(
        kind(&mut game, "a1-a16"),
        PlayErrorKind::Illegal(IllegalMoveKind::NotLegal)
    );
}

#[test]
fn setup_checks_the_whole_like_the_reader() {
    use chimera_tiling_rider::{Role, Setup, Square};
    use PositionErrorKind::*;
    let sq = |s| Square::parse(s).unwrap();
    let mut setup = Setup::new(Rules::Standard);
    setup.set_king(Color::White, sq("a1").unit());
    setup.set_king(Color::Black, sq("q15").unit());
    assert!(setup.set_piece(sq("e3"), Some((Role::Knight, Color::Black))));
    // A piece under a king is refused when built.
    let mut under = setup.clone();
    assert!(under.set_piece(sq("a2"), Some((Role::Knight, Color::Black))));
    assert_eq!(
        under
            .set_turn(Color::Black, 0, 4)
            .set_turn_number(2)
            .set_last_turn_length(3)
            .build()
            .unwrap_err()
            .kind(),
        Invalid
    );
    // Black's second turn after White's of 3 moves allows 4; a text of it reads back.
    setup
        .set_turn(Color::Black, 0, 4)
        .set_turn_number(2)
        .set_last_turn_length(3);
    let pos = setup.build().unwrap();
    assert_eq!(
        TilingRider::from_text(&pos.to_text(), Rules::Standard).unwrap(),
        pos
    );
    assert_eq!(Setup::from_position(&pos).build().unwrap(), pos);
    let err = |setup: &Setup| setup.build().unwrap_err();
    // Counters no game reaches: the limit, the missing last turn, the clock.
    let mut bad = setup.clone();
    bad.set_turn(Color::Black, 0, 9);
    assert_eq!(
        (err(&bad).kind(), err(&bad).place.contains("limit")),
        (BadCounter, true)
    );
    bad = setup.clone();
    bad.set_last_turn_length(0);
    assert_eq!(err(&bad).kind(), BadCounter);
    bad = setup.clone();
    bad.set_turn_clock(40);
    assert_eq!(err(&bad).kind(), BadCounter);
    bad = setup.clone();
    bad.set_turn(Color::Black, 4, 4);
    assert_eq!(err(&bad).kind(), BadCounter);
    // Marks with no move made, on an empty square, or not accounting for the moves made.
    bad = setup.clone();
    bad.mark_king_moved();
    assert_eq!(err(&bad).kind(), BadField);
    bad = setup.clone();
    bad.set_turn(Color::Black, 1, 4).mark_moved_alone(sq("e4"));
    assert!(err(&bad).place.contains("e4"), "{}", err(&bad));
    bad = setup.clone();
    bad.set_turn(Color::Black, 2, 4).mark_moved_alone(sq("e3"));
    assert_eq!(err(&bad).kind(), BadField);
    let mut ok = setup.clone();
    ok.set_turn(Color::Black, 1, 4).mark_moved_alone(sq("e3"));
    assert!(ok.build().unwrap().has_moved_alone(sq("e3")));
    // Both kings on one unit.
    bad = setup.clone();
    bad.set_king(Color::White, sq("q15").unit());
    assert_eq!(err(&bad).kind(), Invalid);
    // No king can be missing: a new setup has both on their start units, and reads back.
    // (The crate has no public unchecked setter: every position it gives reads back.)
    for rules in [Rules::Standard, Rules::Wheeler, Rules::Paulowich16] {
        let empty = Setup::new(rules).build().unwrap();
        assert_eq!(
            TilingRider::from_text(&empty.to_text(), rules).unwrap(),
            empty
        );
    }
    // A giant ferz marked as moved that is not on the board.
    let mut ferz = Setup::new(Rules::Paulowich16);
    ferz.set_turn(Color::White, 1, 4).mark_giant_ferz_moved();
    assert_eq!(err(&ferz).kind(), BadField);
    // Marks cleared: nothing has moved, and no move may be counted as made.
    ok.clear_marks();
    assert_eq!(err(&ok).kind(), BadField);
    assert!(ok.set_turn(Color::Black, 0, 4).build().is_ok());
}

/// The two rule-set mismatches of aggregates and elongation: an aggregate at an offset
/// under the standard rules, and an elongated move under `color-rider`, are refused as
/// moves no position of that rule set has (`NoSuchMove`), each message naming the rule set
/// that has them or saying why none exists; playing such a move is refused too.
#[test]
fn offset_aggregates_and_elongations_are_refused_by_the_wrong_rule_set() {
    let with_block = |rules: Rules| {
        let mut setup = Setup::new(rules);
        let sq = |s| Square::parse(s).unwrap();
        for s in ["d5", "e5", "d6", "e6"] {
            setup.set_piece(sq(s), Some((Role::Wazir, Color::White)));
        }
        setup
            .set_turn(Color::White, 0, 2)
            .set_turn_number(3)
            .set_last_turn_length(1);
        setup.build().unwrap()
    };
    let std = with_block(Rules::Standard);
    let err = std.parse_move("Wd5-d9").unwrap_err();
    assert_eq!(err.kind(), MoveErrorKind::NoSuchMove);
    assert!(err.reason.contains("color-rider"), "{err}");
    let mut game = Game::new(std);
    let block = Move::block(Square::parse("d5").unwrap(), Square::parse("d9").unwrap());
    assert_eq!(
        game.play(block).unwrap_err().kind(),
        IllegalMoveKind::NotLegal
    );
    let cr = with_block(Rules::ColorRider);
    assert!(cr.parse_move("Wd5-d9").is_ok());
    let start = TilingRider::start(Rules::ColorRider);
    let err = start.parse_move("a4-b6").unwrap_err();
    assert_eq!(err.kind(), MoveErrorKind::NoSuchMove);
    assert!(err.reason.contains("no elongated moves"), "{err}");
    let mut game = Game::new(start);
    let err = game.play_text("a4-b6").unwrap_err();
    assert_eq!(
        err.kind(),
        PlayErrorKind::Unreadable(MoveErrorKind::NoSuchMove)
    );
    let elongation = Move::single(Square::parse("a4").unwrap(), Square::parse("b6").unwrap());
    assert!(game.play(elongation).is_err());
}
