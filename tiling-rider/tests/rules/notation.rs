//! Notation [ruling]: actions and position texts.

use crate::{after, board, position_with, sq, start_game};
use chimera_core::record::read_record;
use chimera_core::{Color, Game, Position};
use chimera_tiling_rider::{Move, MoveKind, Rules, TilingRider};

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
    let pos = board(
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
    let mid = after(&pos, &["g6-f6", "We5-e9", "m3-n5", "Ka1-a3"]);
    let text = mid.to_text();
    assert!(
        text.ends_with(" w 4/6 n5,e9*,f9*,e10*,f10*,K - 0 2"),
        "{text}"
    );
    let back = TilingRider::from_text(&text, Rules::Standard).unwrap();
    assert_eq!(back, mid);
    assert_eq!(back.zobrist(), mid.zobrist());
    let black = after(&mid, &[";"]);
    assert!(
        black.to_text().ends_with(" b 0/5 - 4 1 2"),
        "{}",
        black.to_text()
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
    assert_eq!(king, Move::king(crate::unit("i1"), crate::unit("i3")));
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
}

#[test]
fn the_program_registry_entry_plays_through_text() {
    let variant = chimera_core::Variant::of::<TilingRider>("Tiling Rider Chess");
    assert_eq!(variant.name, "tiling-rider");
    assert_eq!(variant.rule_sets, ["standard", "wheeler", "paulowich-16"]);
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
