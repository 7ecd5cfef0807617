//! Notation [ruling]: actions and position texts.

use super::{after, board, board_setup, position_with, sq, start_game};
use chimera_core::record::read_record;
use chimera_core::{Color, Game, Position};
use chimera_tiling_rider::{Move, MoveKind, Rules, Setup, TilingRider};

const START: &str = "wgwgwgwgkkgwgwgwgw/fnfnfnfnkknfnfnfnf/wgwgwgwgwggwgwgwgw/fnfnfnfnfnnfnfnfnf/18/18/18/18/18/18/18/18/FNFNFNFNFNNFNFNFNF/WGWGWGWGWGGWGWGWGW/FNFNFNFNKKNFNFNFNF/WGWGWGWGKKGWGWGWGW w 0/4 - - 0 1";

#[test]
fn position_text_of_the_start() {
    let pos = TilingRider::standard();
    let text = pos.to_text();
    println!("{text}");
    assert_eq!(text, START);
    assert_eq!(TilingRider::from_text(&text, Rules::Standard).unwrap(), pos);
}

#[test]
fn position_text_carries_the_turn_state_and_round_trips() {
    let mut pos = board_setup(
        Color::White,
        6,
        &[
            ("e5", 'W'),
            ("f5", 'W'),
            ("e6", 'W'),
            ("g6", 'W'),
            ("m3", 'N'),
        ],
    );
    let pos = pos
        .set_turn_number(3) // after Black's second turn, of 5 moves
        .set_last_turn_length(5)
        .build()
        .unwrap();
    let mid = after(&pos, &["g6-f6", "We5-e9", "m3-n5", "Ka1-a3"]);
    let text = mid.to_text();
    assert!(
        text.ends_with(" w 4/6 n5,e9*,f9*,e10*,f10*,K 5 0 3"),
        "{text}"
    );
    let back = TilingRider::from_text(&text, Rules::Standard).unwrap();
    assert_eq!(back, mid);
    assert_eq!(back.zobrist(), mid.zobrist());
    let black = after(&mid, &[";"]);
    assert!(
        black.to_text().ends_with(" b 0/5 - 4 1 3"),
        "{}",
        black.to_text()
    );
    assert_eq!(
        TilingRider::from_text(&black.to_text(), Rules::Standard).unwrap(),
        black
    );
}

#[test]
fn single_moves_are_from_to_or_from_x_to_only_the_end_square_named() {
    let pos = board(Color::White, 2, &[("a4", 'F'), ("c4", 'W'), ("c5", 'n')]);
    let mv = pos.parse_move("a4-b6").unwrap();
    assert_eq!(mv, Move::single(sq("a4"), sq("b6")));
    assert_eq!(pos.move_text(mv), "a4-b6");
    let cap = pos.parse_move("c4xc5").unwrap();
    assert_eq!(pos.move_text(cap), "c4xc5");
    assert_eq!(pos.parse_move("C4-C5").unwrap(), cap);
    assert_eq!(pos.parse_move("c4c5").unwrap(), cap);
    assert_eq!(pos.parse_move("c4 - c5").unwrap(), cap);
}

#[test]
fn aggregate_and_king_moves_name_units_by_their_lower_left_squares_with_a_prefix() {
    let pos = position_with(
        Rules::Standard,
        Color::White,
        3,
        "i1",
        "q15",
        &[
            ("c1", 'W'),
            ("d1", 'W'),
            ("c2", 'W'),
            ("d2", 'W'),
            ("c9", 'n'),
        ],
    );
    let agg = pos.parse_move("Wc1-c9").unwrap();
    assert_eq!(agg.kind(), MoveKind::Aggregate);
    assert_eq!(pos.move_text(agg), "Wc1xc9");
    let king = pos.parse_move("Ki1-i3").unwrap();
    assert_eq!(king, Move::king(super::unit("i1"), super::unit("i3")));
    assert_eq!(pos.move_text(king), "Ki1-i3");
    assert!(pos.parse_move("Gc1-c9").is_err()); // the unit holds wazirs
}

#[test]
fn end_turn_is_the_token_semicolon() {
    let pos = TilingRider::standard();
    assert_eq!(pos.parse_move(";").unwrap(), Move::END_TURN);
    assert_eq!(pos.move_text(Move::END_TURN), ";");
}

#[test]
fn a_game_is_the_sequence_of_tokens_separated_by_spaces() {
    let record = "a4-b6 b4-c6 c4-d5 d4-e6\na13-b12 b13-c11 c13-d12 d13-e11 e13-f12 f13-g11 g13-h12 h13-i11\ne4-f6 ;";
    let mut game: Game<TilingRider> = start_game();
    for mv in read_record(record).unwrap() {
        game.play_text(&mv.text)
            .unwrap_or_else(|e| panic!("line {}: {e}", mv.line));
    }
    assert_eq!(game.position().turn(), Color::Black);
    assert_eq!(game.position().move_limit(), 2);
    assert_eq!(game.move_texts().last().unwrap(), ";");
}

#[test]
fn move_errors_say_what_was_wrong() {
    let pos = TilingRider::standard();
    for bad in ["", "z1-a2", "a1-a17", "Xc1-c3", "a1", "a1-", "ä1-a2", "K"] {
        let err = pos.parse_move(bad).unwrap_err();
        assert!(!err.reason.is_empty(), "{bad}");
    }
}

#[test]
fn position_errors_say_what_and_where() {
    let cases: [(&str, &str); 8] = [
        ("", "whole text"),
        ("18/18 w 0/4 - - 0 1", "board"),
        (&START.replacen("wgwg", "wgwx", 1), "rank 16"),
        (&START.replacen("wgwg", "wgwgw", 1), "rank 16"),
        (&START.replace("KK", "GG"), "board"),
        (&START.replace(" w 0/4", " q 0/4"), "field 2"),
        (&START.replace(" 0/4", " 4/4"), "field 3"),
        (&START.replace(" - - 0 1", " a1 - 0 1"), "field 4"),
    ];
    for (text, place) in cases {
        let err = TilingRider::from_text(text, Rules::Standard).unwrap_err();
        assert!(err.place.contains(place), "`{text}`: {err}");
    }
    // A king that does not fill an aligned unit.
    let shifted = START.replacen("gkkg", "kkgg", 1);
    assert_ne!(shifted, START);
    assert!(TilingRider::from_text(&shifted, Rules::Standard).is_err());
}

#[cfg(feature = "serde")]
#[test]
fn serde_round_trips_positions_as_rules_and_text() {
    let pos = after(&TilingRider::standard(), &["a4-b6"]);
    let json = serde_json::to_string(&pos).unwrap();
    assert!(json.contains("\"standard\"") && json.contains("b6"));
    let back: TilingRider = serde_json::from_str(&json).unwrap();
    assert_eq!(back, pos);
    let bad = json.replace("1/4", "4/4");
    assert!(serde_json::from_str::<TilingRider>(&bad).is_err());
    // A game: its start and its moves as their text, replayed when read.
    let mut game = start_game();
    game.play_text("a4-b6").unwrap();
    let json = serde_json::to_string(&game).unwrap();
    // The moves are written as their text.
    let texts = serde_json::to_string(&game.move_texts()).unwrap();
    assert!(json.contains(&format!(r#""moves":{texts}"#)), "{json}");
    let back: Game<TilingRider> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, game);
}

#[test]
fn the_program_registry_entry_plays_through_text() {
    let variant = chimera_core::Variant::of::<TilingRider>("Tiling Rider Chess");
    assert_eq!(variant.name, "tiling-rider");
    assert_eq!(
        variant.rule_sets,
        ["standard", "wheeler", "paulowich-16", "color-rider"]
    );
    let mut game = (variant.new_game)(None, None).unwrap();
    assert_eq!(game.legal_moves().len(), 100);
    assert_eq!(game.play("a4-b6").unwrap(), "a4-b6");
    assert!(game.play(";").is_err());
    assert!(game.svg().contains("<svg"));
    assert_eq!(game.perft(1), 99);
    assert!((variant.new_game)(Some("wheeler"), None).is_ok());
    let p16 = (variant.new_game)(Some("paulowich-16"), None).unwrap();
    assert_eq!(p16.legal_moves().len(), 88);
    assert!((variant.new_game)(Some("paulowich"), None).is_err());
}

// [ruling] Turn states a game can reach: the reader refuses the others, and the turn
// counters never overflow.

/// The start's board (and pieces) with other turn fields (`side made/limit moved last clock
/// turn`).
fn start_with(rules: Rules, fields: &str) -> String {
    let start = TilingRider::start(rules).to_text();
    let board = start.split(' ').next().unwrap();
    format!("{board} {fields}")
}

/// Whether the start's board with these turn fields reads (and, if so, writes back the
/// same text).
fn reads(rules: Rules, fields: &str) -> Result<TilingRider, String> {
    let text = start_with(rules, fields);
    let pos = TilingRider::from_text(&text, rules).map_err(|e| e.to_string())?;
    assert_eq!(pos.to_text(), text);
    Ok(pos)
}

/// The reader's error for these fields, which must name `place`.
fn refused(rules: Rules, fields: &str, place: &str) -> String {
    let err = reads(rules, fields).expect_err(fields);
    assert!(err.contains(place), "`{fields}`: {err}");
    err
}

#[test]
fn whites_first_turn_allows_4_and_follows_no_turn() {
    for rules in [Rules::Standard, Rules::Wheeler, Rules::Paulowich16] {
        assert!(reads(rules, "w 0/4 - - 0 1").is_ok());
        let err = refused(rules, "w 0/64 - - 0 1", "field 3");
        assert!(
            err.contains("White's first turn allows") && err.contains("not 64"),
            "{err}"
        );
        refused(rules, "w 0/5 - - 0 1", "field 3");
        let err = refused(rules, "w 0/4 - 4 0 1", "field 5");
        assert!(err.contains("follows no turn"), "{err}");
    }
    let err = refused(Rules::Standard, "w 0/8 - - 0 1", "field 3");
    assert!(err.contains("exactly 4 moves"), "{err}");
    let err = refused(Rules::Wheeler, "w 0/8 - - 0 1", "field 3");
    assert!(err.contains("up to 4 points"), "{err}");
}

#[test]
fn every_later_turn_follows_a_possible_opponent_turn() {
    // Black's first turn follows White's exact 4 (wheeler: 1 to 4 points).
    assert!(reads(Rules::Standard, "b 0/8 - 4 1 1").is_ok());
    let err = refused(Rules::Standard, "b 0/4 - 3 1 1", "field 5");
    assert!(
        err.contains("White's turn 1 has exactly 4 moves, not 3"),
        "{err}"
    );
    for last in 1..=4 {
        assert!(reads(Rules::Wheeler, &format!("b 0/8 - {last} 1 1")).is_ok());
    }
    refused(Rules::Wheeler, "b 0/12 - 5 1 1", "field 5");
    // White's second turn follows Black's exact 8.
    assert!(reads(Rules::Standard, "w 0/9 - 8 2 2").is_ok());
    assert!(reads(Rules::Paulowich16, "w 0/9 - 8 2 2").is_ok());
    let err = refused(Rules::Standard, "w 0/6 - 5 2 2", "field 5");
    assert!(err.contains("Black's turn 1 has exactly 8 moves"), "{err}");
    // Later: a turn needs the opponent's (`-` is for White's first turn only), of at least
    // one move and at most what that turn could allow.
    let err = refused(Rules::Standard, "b 0/5 - - 1 2", "field 5");
    assert!(err.contains("its length is needed"), "{err}");
    refused(Rules::Standard, "b 0/1 - 0 1 2", "field 5");
    assert!(reads(Rules::Standard, "b 0/10 - 9 3 2").is_ok());
    let err = refused(Rules::Standard, "b 0/11 - 10 3 2", "field 5");
    assert!(
        err.contains("White's turn 2 has at most 9 moves, not 10"),
        "{err}"
    );
    assert!(reads(Rules::Standard, "w 0/11 - 10 4 3").is_ok());
    refused(Rules::Standard, "w 0/12 - 11 4 3", "field 5");
    assert!(reads(Rules::Wheeler, "w 0/12 - 8 2 2").is_ok());
    refused(Rules::Wheeler, "w 0/16 - 9 2 2", "field 5");
}

#[test]
fn the_limit_is_the_one_the_opponents_turn_gives() {
    assert!(reads(Rules::Standard, "b 0/3 - 2 1 2").is_ok());
    let err = refused(Rules::Standard, "b 0/4 - 2 1 2", "field 3");
    assert!(
        err.contains("after White's turn of 2 moves, Black's turn allows 3, not 4"),
        "{err}"
    );
    refused(Rules::Standard, "b 0/2 - 2 1 2", "field 3");
    // Wheeler: the tally rounded up to a multiple of 4, plus 4.
    for (last, limit) in [(5, 12), (8, 12), (9, 16), (1, 8)] {
        assert!(reads(Rules::Wheeler, &format!("w 0/{limit} - {last} 2 3")).is_ok());
    }
    refused(Rules::Wheeler, "w 0/13 - 9 2 3", "field 3");
    refused(Rules::Wheeler, "w 0/9 - 8 2 3", "field 3");
    // The limit's growth is bounded by the turn number: 2n + 5 for White (n > 1), 2n + 6
    // for Black; 8n - 4 and 8n under wheeler.
    assert!(reads(Rules::Standard, "w 0/25 - 24 0 10").is_ok());
    refused(Rules::Standard, "w 0/26 - 25 0 10", "field 5");
    assert!(reads(Rules::Standard, "b 0/26 - 25 0 10").is_ok());
    refused(Rules::Standard, "b 0/27 - 26 0 10", "field 5");
    assert!(reads(Rules::Wheeler, "w 0/76 - 72 0 10").is_ok());
    refused(Rules::Wheeler, "w 0/80 - 73 0 10", "field 5");
    assert!(reads(Rules::Wheeler, "b 0/80 - 76 0 10").is_ok());
    refused(Rules::Wheeler, "b 0/84 - 77 0 10", "field 5");
}

#[test]
fn limits_stop_at_252() {
    use chimera_tiling_rider::MAX_TURN_LIMIT;
    assert_eq!(MAX_TURN_LIMIT, 252);
    // After a turn of 251 or 252 moves the opponent's limit is 252; more is refused.
    assert!(reads(Rules::Standard, "b 0/252 - 251 0 200").is_ok());
    assert!(reads(Rules::Standard, "w 0/252 - 252 0 200").is_ok());
    let err = refused(Rules::Standard, "w 0/253 - 252 0 200", "field 3");
    assert!(err.contains("at most 252 moves"), "{err}");
    refused(Rules::Standard, "w 0/255 - 254 0 200", "field 3");
    refused(Rules::Standard, "w 0/252 - 253 0 200", "field 5");
    assert!(reads(Rules::Wheeler, "w 0/252 - 248 0 200").is_ok());
    assert!(reads(Rules::Wheeler, "b 0/252 - 252 0 200").is_ok());
    refused(Rules::Wheeler, "b 0/255 - 254 0 200", "field 3");
    // The builder refuses the same: a limit over 252, moves made at the limit, a limit of
    // 0, a last turn over 252.
    let mut setup = Setup::from_position(&TilingRider::start(Rules::Wheeler));
    let err = setup.set_turn(Color::White, 254, 255).build().unwrap_err();
    assert!(err.place.contains("field 3"), "{err}");
    let err = setup.set_turn(Color::White, 3, 0).build().unwrap_err();
    assert!(err.place.contains("field 3"), "{err}");
    setup.set_turn(Color::Black, 0, 252).set_turn_number(200);
    assert!(setup.set_last_turn_length(252).build().is_ok());
    let err = setup.set_last_turn_length(255).build().unwrap_err();
    assert!(err.place.contains("field 5"), "{err}");
    // A turn of 252 hands the opponent 252, not an overflow: see the crate's unit test
    // `a_turn_of_252_hands_the_opponent_252` (its 248 or 251 moves made need more marked
    // pieces than a test board holds, so it sets them inside the crate).
}

#[test]
fn the_marks_account_for_the_moves_made() {
    // Three lone moves: three marks.
    let pos = after(&TilingRider::standard(), &["a4-b6", "b4-c6", "c4-d5"]);
    let text = pos.to_text();
    assert!(text.ends_with(" w 3/4 d5,b6,c6 - 0 1"), "{text}");
    assert!(TilingRider::from_text(&text, Rules::Standard).is_ok());
    for bad in ["w 2/4 d5,b6,c6 - 0 1", "w 3/4 b6,c6 - 0 1", "w 1/4 - - 0 1"] {
        let t = text.replace(" w 3/4 d5,b6,c6 - 0 1", &format!(" {bad}"));
        let err = TilingRider::from_text(&t, Rules::Standard).unwrap_err();
        assert!(err.place.contains("field 4"), "{bad}: {err}");
        assert!(err.reason.contains("account for"), "{bad}: {err}");
    }
    // An aggregate move counts one, and may hide up to four earlier lone moves of its
    // pieces: 1 to 5 moves for `e9*,f9*,e10*,f10*`, plus one for the king.
    let mut pos = board_setup(
        Color::White,
        8,
        &[
            ("e5", 'W'),
            ("f5", 'W'),
            ("e6", 'W'),
            ("g6", 'W'),
            ("m3", 'N'),
        ],
    );
    let pos = pos
        .set_turn_number(5)
        .set_last_turn_length(7)
        .build()
        .unwrap();
    let mid = after(&pos, &["g6-f6", "We5-e9", "Ka1-a3"]);
    let text = mid.to_text();
    assert!(text.ends_with(" w 3/8 e9*,f9*,e10*,f10*,K 7 0 5"), "{text}");
    for made in 2..=6 {
        let t = text.replace(" 3/8 ", &format!(" {made}/8 "));
        assert!(TilingRider::from_text(&t, Rules::Standard).is_ok(), "{t}");
    }
    for made in [1, 7] {
        let t = text.replace(" 3/8 ", &format!(" {made}/8 "));
        assert!(TilingRider::from_text(&t, Rules::Standard).is_err(), "{t}");
    }
    // Pieces used by an aggregate move are four of one kind.
    let mixed = text.replacen("W", "F", 1);
    assert_ne!(mixed, text);
    let err = TilingRider::from_text(&mixed, Rules::Standard).unwrap_err();
    assert!(err.reason.contains("four of one kind"), "{err}");
}

#[test]
fn turns_since_a_capture_are_at_most_the_turns_ended_and_101() {
    // Turns ended before White's turn n: 2(n - 1); before Black's: one more.
    assert!(reads(Rules::Standard, "w 0/4 - - 0 1").is_ok());
    let err = refused(Rules::Standard, "w 0/4 - - 1 1", "field 6");
    assert!(err.contains("only 0 turns have ended"), "{err}");
    assert!(reads(Rules::Standard, "b 0/8 - 4 1 1").is_ok());
    refused(Rules::Standard, "b 0/8 - 4 2 1", "field 6");
    assert!(reads(Rules::Standard, "w 0/9 - 8 2 2").is_ok());
    refused(Rules::Standard, "w 0/9 - 8 3 2", "field 6");
    // At most 101, at a turn start: that game is drawn by the 50-turn rule.
    let drawn = reads(Rules::Standard, "w 0/3 - 2 101 60").unwrap();
    assert!(drawn.terminal().is_some());
    let err = refused(Rules::Standard, "w 0/3 - 2 102 60", "field 6");
    assert!(err.contains("at most 101 here"), "{err}");
    refused(Rules::Standard, "w 0/3 - 2 65535 65535", "field 6");
    // During a turn at most 100 (a turn never starts from 101).
    let pos = board(Color::White, 3, &[("m3", 'N')]);
    let text = after(&pos, &["m3-n5"]).to_text();
    let fields: Vec<&str> = text.split(' ').collect();
    let with = |clock: u16| format!("{} w 1/3 n5 2 {clock} 60", fields[0]);
    assert!(TilingRider::from_text(&with(100), Rules::Standard).is_ok());
    assert!(TilingRider::from_text(&with(101), Rules::Standard).is_err());
}

#[test]
fn the_turn_number_stops_at_65535() {
    let pos = reads(Rules::Standard, "b 0/252 - 251 100 65535").unwrap();
    assert_eq!(pos.turn_number(), u16::MAX);
    refused(Rules::Standard, "b 0/3 - 2 0 65536", "field 7");
    refused(Rules::Standard, "b 0/3 - 2 0 0", "field 7");
    // Black's turn 65535 ends: White's turn is numbered 65535 too, and reads back.
    let pos = board_setup(Color::Black, 3, &[("m13", 'n')])
        .set_turn_number(u16::MAX)
        .set_last_turn_length(2)
        .set_turn_clock(100)
        .build()
        .unwrap();
    let white = after(&pos, &["m13-n11", ";"]);
    assert_eq!(
        (white.turn(), white.turn_number()),
        (Color::White, u16::MAX)
    );
    assert_eq!(white.turn_clock(), 101);
    let text = white.to_text();
    assert_eq!(
        TilingRider::from_text(&text, Rules::Standard).unwrap(),
        white
    );
}

/// Every legal action of `pos`, and of the positions after each, gives a position whose
/// text reads back as it.
fn texts_read_back_after_every_action(pos: &TilingRider, depth: usize) {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    for mv in moves {
        let mut next = pos.clone();
        next.play_unchecked(mv);
        let text = next.to_text();
        match TilingRider::from_text(&text, next.rules()) {
            Ok(back) => assert_eq!(back, next, "{text}"),
            Err(e) => panic!(
                "`{text}` after {} does not read back: {e}",
                pos.move_text(mv)
            ),
        }
        if depth > 1 {
            texts_read_back_after_every_action(&next, depth - 1);
        }
    }
}

#[test]
fn every_text_the_reader_accepts_reads_back_after_any_legal_move() {
    // The edges: first turns, the largest limits at their turn numbers, the cap, the
    // clock at 100, the turn number at its maximum; a few pieces near each king (one of
    // them an aggregate) so that turns end by themselves, early, by captures and by the
    // clock.
    let cases = [
        (Rules::Standard, "w 0/4 - - 0 1"),
        (Rules::Standard, "b 0/8 - 4 1 1"),
        (Rules::Standard, "w 0/9 - 8 2 2"),
        (Rules::Standard, "b 0/2 - 1 3 2"),
        (Rules::Standard, "w 0/2 - 1 100 60"),
        (Rules::Standard, "b 0/26 - 25 19 10"),
        (Rules::Standard, "w 0/252 - 252 100 65535"),
        (Rules::Standard, "b 0/252 - 251 0 65535"),
        (Rules::Paulowich16, "w 0/9 - 8 2 2"),
        (Rules::Wheeler, "w 0/4 - - 0 1"),
        (Rules::Wheeler, "b 0/8 - 1 1 1"),
        (Rules::Wheeler, "w 0/252 - 248 99 65535"),
        (Rules::Wheeler, "b 0/252 - 252 100 65535"),
    ];
    for (rules, fields) in cases {
        let text = format!("{} {fields}", edge_board(rules));
        let pos = TilingRider::from_text(&text, rules)
            .unwrap_or_else(|e| panic!("`{fields}` under {rules:?}: {e}"));
        assert_eq!(pos.to_text(), text);
        texts_read_back_after_every_action(&pos, 2);
    }
}

/// The board field of a sparse position: the kings far apart, a few pieces near each (an
/// aggregate among them), so that turns end by themselves, early and by captures.
fn edge_board(rules: Rules) -> String {
    let pieces = [
        ("e5", 'W'),
        ("f5", 'W'),
        ("e6", 'W'),
        ("f6", 'W'),
        ("c2", 'N'),
        ("b3", 'g'),
        ("m13", 'n'),
        ("n13", 'f'),
        ("o15", 'F'),
    ];
    // Under paulowich-16 (16 files: the 18-file a and b are gone) the White king stands on
    // the 18-file e1 unit, and the guard on b3 is off the board.
    let white_king = if rules == Rules::Paulowich16 {
        "e1"
    } else {
        "a1"
    };
    let limit = if rules == Rules::Wheeler { 4 } else { 2 };
    let mut setup = super::setup_with(rules, Color::White, limit, white_king, "q15", &[]);
    for &(s, letter) in &pieces {
        setup.set_piece(super::sq(s), Some(super::piece_of(letter)));
    }
    let pos = setup.build().unwrap();
    pos.to_text().split(' ').next().unwrap().to_string()
}

/// A model of the reachable turn counters, independent of the crate's: the largest limit
/// of `side`'s turn `n`.
fn model_max_limit(rules: Rules, white: bool, n: u32) -> u32 {
    let max = match (rules == Rules::Wheeler, white) {
        (_, true) if n == 1 => 4,
        (false, true) => 2 * n + 5,
        (false, false) => 2 * n + 6,
        (true, true) => 8 * n - 4,
        (true, false) => 8 * n,
    };
    max.min(252)
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]

    /// Any reachable turn state (drawn across the whole range of turn numbers, lengths
    /// and clocks) reads, writes back the same, and reads back after every legal action
    /// and the next.
    #[test]
    fn reachable_turn_states_read_and_read_back_after_every_action(
        rules in proptest::sample::select(vec![Rules::Standard, Rules::Wheeler, Rules::Paulowich16]),
        white in proptest::bool::ANY,
        turn_no in proptest::prop_oneof![1u16..=3, 1u16..=u16::MAX, (u16::MAX - 2)..=u16::MAX],
        length in 0.0f64..=1.0,
        clock in 0.0f64..=1.0,
    ) {
        let n = u32::from(turn_no);
        let (limit, last) = if white && n == 1 {
            (4, 0)
        } else {
            let prev = if white { n - 1 } else { n };
            let prev_max = model_max_limit(rules, !white, prev);
            let exact = rules != Rules::Wheeler && prev == 1;
            let last = if exact { prev_max } else { 1 + ((prev_max - 1) as f64 * length) as u32 };
            let limit = match rules {
                _ if white && n == 1 => 4,
                Rules::Wheeler => last.div_ceil(4) * 4 + 4,
                _ if !white && n == 1 => 8,
                _ => last + 1,
            };
            (limit.min(252), last)
        };
        let ended = 2 * (n - 1) + u32::from(!white);
        let clock = (f64::from(ended.min(100)) * clock) as u32;
        let last_text = if last == 0 { "-".to_string() } else { last.to_string() };
        let side = if white { 'w' } else { 'b' };
        let fields = format!("{side} 0/{limit} - {last_text} {clock} {turn_no}");
        let text = format!("{} {fields}", edge_board(rules));
        let pos = TilingRider::from_text(&text, rules);
        proptest::prop_assert!(pos.is_ok(), "`{fields}` under {rules:?}: {:?}", pos.err());
        let pos = pos.unwrap();
        proptest::prop_assert_eq!(pos.to_text(), text);
        texts_read_back_after_every_action(&pos, 2);
    }
}
