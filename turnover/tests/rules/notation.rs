//! §9 Notation: move text and position text.

use super::{setup::START_TEXT, with_castles};
use chimera_core::{Color, Position};
use chimera_turnover::{Move, Rules, Square, Turnover};

fn read(text: &str) -> Result<Turnover, chimera_core::ParsePositionError> {
    Turnover::from_text(text, Rules::Standard)
}

#[test]
fn notation_move_is_from_dash_to() {
    let pos = Turnover::standard();
    let mv = pos.parse_move("d2-d3").unwrap();
    assert_eq!(
        mv,
        Move::new(Square::parse("d2").unwrap(), Square::parse("d3").unwrap())
    );
    assert_eq!(pos.move_text(mv), "d2-d3");
    assert_eq!(mv.to_string(), "d2-d3");
}

#[test]
fn notation_accepts_no_dash_x_star_and_any_case() {
    let pos = Turnover::standard();
    let mv = pos.parse_move("d2-d3").unwrap();
    for text in ["d2d3", "d2xd3", "d2*d3", "D2-D3", " d2:d3 ", "d2Xd3"] {
        assert_eq!(pos.parse_move(text), Ok(mv), "{text}");
    }
}

#[test]
fn notation_prints_x_for_captures_and_star_for_turnovers() {
    let pos = with_castles(
        Color::White,
        &[("d4", "T"), ("d6", "t"), ("f4", "f"), ("b4", "F")],
    );
    let text = |t: &str| pos.move_text(pos.parse_move(t).unwrap());
    assert_eq!(text("d4-d6"), "d4xd6");
    assert_eq!(text("d4-f4"), "d4*f4");
    assert_eq!(text("d4-b4"), "d4-b4", "a friendly merge is plain");
    assert_eq!(text("d4-d5"), "d4-d5");
}

#[test]
fn notation_move_errors_say_what_is_wrong() {
    let pos = Turnover::standard();
    for (text, needle) in [
        ("", "origin"),
        ("z2-d3", "origin"),
        ("d2-", "target"),
        ("d2-d9", "target"),
        ("d2-d3x", "unexpected"),
        ("d2-d2", "same square"),
        ("d2—d3", "target"),
        ("é", "origin"),
    ] {
        let err = pos.parse_move(text).unwrap_err();
        assert!(err.reason.contains(needle), "`{text}`: {err}");
    }
}

#[test]
fn notation_position_text_round_trips() {
    let pos = with_castles(
        Color::Black,
        &[
            ("d4", "T"),
            ("d6", "tf"),
            ("f4", "f"),
            ("b4", "FW"),
            ("c3", "w"),
        ],
    );
    let text = pos.to_text();
    assert_eq!(text, "[tfw]7/8/3[tf]4/8/1[FW]1T1f2/2w5/8/7[TFW] b 0 1");
    assert_eq!(read(&text).unwrap(), pos);
    assert_eq!(read(START_TEXT).unwrap().to_text(), START_TEXT);
}

#[test]
fn notation_position_text_accepts_bracketed_single_rings_any_order_and_no_clocks() {
    let a = read("[t]7/8/8/8/8/8/8/[WF]6[FTW] w").unwrap();
    assert_eq!(a.to_text(), "t7/8/8/8/8/8/8/[FW]6[TFW] w 0 1");
    let b = read("t7/8/8/8/8/8/8/[FW]6[TFW] b 12 30").unwrap();
    assert_eq!(
        (b.turn(), b.halfmove_clock(), b.fullmove_number()),
        (Color::Black, 12, 30)
    );
}

#[test]
fn notation_position_errors_say_what_and_where() {
    for (text, place, reason) in [
        ("", "whole text", "empty"),
        ("8/8/8/8/8/8/8/8", "field 2", "missing"),
        ("8/8/8/8/8/8/8/8 x", "field 2", "`x`"),
        ("8/8/8/8/8/8/8 w", "board", "7 ranks"),
        ("8/8/8/8/8/8/8/7 w", "rank 1", "7 squares"),
        (
            "8/8/8/8/8/8/8/9 w",
            "rank 1, board character",
            "expected a ring letter",
        ),
        (
            "8/8/8/8/8/8/8/44T w",
            "rank 1, board character 17",
            "8 squares",
        ),
        ("8/8/8/8/8/8/8/[TW]7 w", "rank 1", "T+W"),
        ("8/8/8/8/8/8/8/[Tf]7 w", "rank 1", "mixes colours"),
        ("8/8/8/8/8/8/8/[TT]7 w", "rank 1", "twice"),
        ("8/8/8/8/8/8/8/[]7 w", "rank 1", "empty stack"),
        ("8/8/8/8/8/8/8/[TF7 w", "rank 1", "not closed"),
        ("8/8/8/8/8/8/8/[TX]7 w", "rank 1", "`X` is not a ring"),
        (
            "8/8/8/8/8/8/8/k7 w",
            "rank 1, board character 15 `k`",
            "expected a ring letter",
        ),
        ("8/8/8/8/8/8/8/8 w x", "field 3", "not a number"),
        ("8/8/8/8/8/8/8/8 w 0 0", "field 4", "outside 1..="),
        ("8/8/8/8/8/8/8/8 w 0 1 z", "field 5", "unexpected"),
    ] {
        let err = read(text).unwrap_err();
        assert!(err.place.contains(place), "`{text}`: {err}");
        assert!(err.reason.contains(reason), "`{text}`: {err}");
    }
}

#[test]
fn notation_rejects_t_plus_w_stacks() {
    assert!(read("8/8/8/8/8/8/8/[tw]7 w 0 1").is_err());
    assert!(read("8/8/8/8/8/8/8/[WT]7 w 0 1").is_err());
}

#[cfg(feature = "serde")]
#[test]
fn notation_serde_uses_the_position_text() {
    let pos = with_castles(Color::White, &[("d4", "TF")]);
    let json = serde_json::to_string(&pos).unwrap();
    assert!(json.contains(&pos.to_text()), "{json}");
    let back: Turnover = serde_json::from_str(&json).unwrap();
    assert_eq!(back, pos);
    let mv = pos.parse_move("d4-d6").unwrap();
    // A lone move is its position-free text, read back by the move reader.
    let json = serde_json::to_string(&mv).unwrap();
    assert_eq!(json, r#""d4-d6""#);
    assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), mv);
    assert_eq!(serde_json::from_str::<Move>(r#""d4xd6""#).unwrap(), mv);
    let err = serde_json::from_str::<Move>(r#""d9-d6""#).unwrap_err();
    assert!(err.to_string().contains("d9-d6"), "{err}");
    let mut game = super::start_game();
    game.play_text("d2-d4").unwrap();
    let json = serde_json::to_string(&game).unwrap();
    assert!(json.contains(r#""moves":["d2-d4"]"#), "{json}");
    let back: chimera_core::Game<Turnover> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, game);
}
