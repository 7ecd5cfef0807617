//! "Notation": move text, placement tokens, position text and its errors.

use super::{after, board, is_legal, with_kings};
use chimera_core::{Color, Position};
use chimera_triagonal::{Move, Role, Rules, Triagonal};

/// The start position's text.
pub const START_TEXT: &str = "8/8/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/PPPPPPPP/PPPPPPPP|8/8/8/8/8/8/8/8|8/8/8/3**3/3**3/8/8/8|8/8/8/3**3/3**3/8/8/8|8/8/8/8/8/8/8/8|pppppppp/pppppppp/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/8/8 w 80 80 - 0 1";

fn start() -> Triagonal {
    Triagonal::start(Rules::Standard)
}

#[test]
fn ruling_move_from_to_with_a_dash() {
    let pos = start();
    let mv = pos.parse_move("Ae2-Ae4").unwrap();
    assert_eq!(
        (mv.from().to_string(), mv.to().to_string()),
        ("Ae2".into(), "Ae4".into())
    );
    assert_eq!(pos.move_text(mv), "Ae2-Ae4");
    // Any case, with or without the separator.
    assert_eq!(pos.parse_move("ae2ae4").unwrap(), mv);
    assert_eq!(pos.parse_move(" AE2-AE4 ").unwrap(), mv);
}

#[test]
fn ruling_capture_written_with_x() {
    // The rules' example Bc2xCd3: a Jack's triagonal capture.
    let pos = with_kings(Color::White, &[("Bc2", 'J'), ("Cd3", 'p')]);
    let mv = pos.parse_move("Bc2xCd3").unwrap();
    assert!(is_legal(&pos, "Bc2xCd3"));
    assert_eq!(pos.move_text(mv), "Bc2xCd3");
    assert_eq!(pos.parse_move("Bc2-Cd3").unwrap(), mv);
}

#[test]
fn ruling_promotion_written_with_equals() {
    // The rules' example Gb7-Hb8=N goes along (0,+1,+1), a pawn's capture direction: with a
    // black piece on Hb8 it is written Gb7xHb8=N.
    let pos = with_kings(Color::White, &[("Gb7", 'P'), ("Hb8", 'n')]);
    let mv = pos.parse_move("Gb7-Hb8=N").unwrap();
    assert_eq!(mv.promotion(), Some(Role::Knight));
    assert!(is_legal(&pos, "Gb7-Hb8=N"));
    assert_eq!(pos.move_text(mv), "Gb7xHb8=N");
    assert_eq!(pos.parse_move("gb7xhb8n").unwrap(), mv);
    let pos = with_kings(Color::White, &[("Hb7", 'P')]);
    assert_eq!(
        pos.move_text(pos.parse_move("Hb7-Hb8=q").unwrap()),
        "Hb7-Hb8=Q"
    );
}

#[test]
fn ruling_knight_capture_without_moving_written_with_a_caret() {
    let pos = with_kings(Color::White, &[("Bb1", 'N'), ("Bb2", 'p')]);
    let mv = pos.parse_move("Bb1^Bb2").unwrap();
    assert_eq!(pos.move_text(mv), "Bb1^Bb2");
    let next = after(&pos, "Bb1^Bb2");
    assert_eq!(super::at(&next, "Bb1"), Some('N'));
}

#[test]
fn ruling_en_passant_written_as_the_capture_it_is() {
    let pos = with_kings(Color::White, &[("Ac2", 'P'), ("Bb3", 'p')]);
    let pos = after(&pos, "Ac2-Ac4");
    let mv = pos.parse_move("Bb3-Ac3").unwrap();
    assert_eq!(pos.move_text(mv), "Bb3xAc3");
}

#[test]
fn ruling_castling_written_as_the_kings_move() {
    let pos = board(Color::White, &[("Ae1", 'K'), ("Ah1", 'R'), ("He8", 'k')]);
    assert_eq!(pos.move_text(pos.parse_move("Ae1-Ag1").unwrap()), "Ae1-Ag1");
}

#[test]
fn ruling_a_placement_turn_is_one_token() {
    let pos = start();
    let mv = pos.parse_move("J@Cc3,J@Cd3,Ab1-Ac3").unwrap();
    let (a, b) = mv.placement().unwrap();
    assert_eq!((a.to_string(), b.to_string()), ("Cc3".into(), "Cd3".into()));
    assert_eq!(mv.without_placement(), pos.parse_move("Ab1-Ac3").unwrap());
    assert_eq!(pos.move_text(mv), "J@Cc3,J@Cd3,Ab1-Ac3");
    assert!(is_legal(&pos, "J@Cc3,J@Cd3,Ab1-Ac3"));
    assert_eq!(mv.to_string(), "J@Cc3,J@Cd3,Ab1-Ac3");
    for bad in [
        "J@Cc3,Ab1-Ac3",
        "J@Cc3,J@Cd3",
        "J@Cc3 J@Cd3 Ab1-Ac3",
        "J@Cc3,J@Cc3,Ab1-Ac3",
        "J@Dd4,J@Cd3,Ab1-Ac3",
        "K@Cc3,J@Cd3,Ab1-Ac3",
    ] {
        assert!(pos.parse_move(bad).is_err(), "{bad}");
    }
}

#[test]
fn ruling_placements_in_either_order_on_input() {
    let pos = start();
    assert_eq!(
        pos.parse_move("J@Cd3,J@Cc3,Ab1-Ac3").unwrap(),
        pos.parse_move("j@cc3,j@cd3,ab1ac3").unwrap()
    );
    assert_eq!(
        pos.move_text(pos.parse_move("J@Cd3,J@Cc3,Ab1-Ac3").unwrap()),
        "J@Cc3,J@Cd3,Ab1-Ac3"
    );
}

#[test]
fn move_errors_say_what_is_wrong() {
    let pos = start();
    for (text, part) in [
        ("", "empty"),
        ("Ae2", "target"),
        ("Ze2-Ae4", "origin"),
        ("Ae2-Ae4=K", "promotion"),
        ("Ae2-Ae4xx", "unexpected"),
        ("Ae2-Ae2", "same"),
        ("Dd4-Dd3", "origin"),
        ("a,b", "comma"),
    ] {
        let err = pos.parse_move(text).unwrap_err();
        assert!(err.reason.contains(part), "{text}: {}", err.reason);
    }
}

#[test]
fn ruling_position_text_levels_a_to_h_ranks_8_to_1_holes_star() {
    assert_eq!(start().to_text(), START_TEXT);
    let fields: Vec<&str> = START_TEXT.split(' ').collect();
    assert_eq!(fields[1..], ["w", "80", "80", "-", "0", "1"]);
    let levels: Vec<&str> = fields[0].split('|').collect();
    assert_eq!(levels.len(), 8);
    assert_eq!(levels[3], "8/8/8/3**3/3**3/8/8/8");
    assert_eq!(
        Triagonal::from_text(START_TEXT, Rules::Standard).unwrap(),
        start()
    );
}

#[test]
fn position_text_round_trips_jacks_clocks_and_en_passant() {
    let pos = start();
    let pos = after(&pos, "J@Ab3,J@Ac3,Bb2-Bb4");
    let text = pos.to_text();
    assert!(text.ends_with(" b 78 80 Bb3 0 1"), "{text}");
    assert!(
        text.starts_with("8/8/8/8/8/1JJ5/PPPPPPPP/RNBQKBNR|8/8/8/8/1P6/8/P1PPPPPP/PPPPPPPP|"),
        "{text}"
    );
    let back = Triagonal::from_text(&text, Rules::Standard).unwrap();
    assert_eq!(back, pos);
    assert_eq!(back.zobrist(), pos.zobrist());
}

#[test]
fn ruling_ambiguous_en_passant_cell_names_the_pawn() {
    // Ac2-Cc2 skips Bc2 while a white pawn stands on Bc3 as if from Bc1: the text names the
    // pawn that can be taken, `Bc2>Cc2`.
    let pos = with_kings(Color::White, &[("Ac2", 'P'), ("Bc3", 'P')]);
    let next = after(&pos, "Ac2-Cc2");
    let text = next.to_text();
    assert!(text.contains(" Bc2>Cc2 "), "{text}");
    assert_eq!(Triagonal::from_text(&text, Rules::Standard).unwrap(), next);
    // Bc1-Bc3 with a pawn on Cc2: the skipped cell alone reads right.
    let pos = with_kings(Color::White, &[("Bc1", 'P'), ("Cc2", 'P')]);
    let next = after(&pos, "Bc1-Bc3");
    let text = next.to_text();
    assert!(text.contains(" Bc2 "), "{text}");
    assert_eq!(Triagonal::from_text(&text, Rules::Standard).unwrap(), next);
}

#[test]
fn position_text_errors_say_what_and_where() {
    let cases: [(String, &str, &str); 10] = [
        (String::new(), "whole text", "7 space-separated"),
        (
            START_TEXT.replacen("|8/8/8/8/8/8/8/8|", "|8/8/8/8/8/8/8/8/8|", 1),
            "level C",
            "8 ranks",
        ),
        (
            START_TEXT.replacen("|8/8/8/3**3", "|8/8/8/8", 1),
            "level D, row 4 (rank 5), column 4",
            "hole",
        ),
        (
            START_TEXT.replacen("RNBQKBNR", "RNBQKBNX", 1),
            "level A, row 8 (rank 1), column 8",
            "not a piece",
        ),
        (
            START_TEXT.replacen("RNBQKBNR", "RNBQKBN", 1),
            "level A, row 8 (rank 1)",
            "7 cells",
        ),
        (
            START_TEXT.replacen("RNBQKBNR", "RNBQKBNRR", 1),
            "level A, row 8 (rank 1)",
            "more than 8 cells",
        ),
        (
            START_TEXT.replacen("RNBQKBNR", "RNBKKBNR", 1),
            "level A, rank 1, file e",
            "second white king",
        ),
        (
            START_TEXT.replacen(" w ", " x ", 1),
            "side to move",
            "`w` or `b`",
        ),
        (
            START_TEXT.replacen(" 80 80 ", " 80 eighty ", 1),
            "Black's Jacks",
            "number",
        ),
        (
            START_TEXT.replacen(" - ", " Ae3 ", 1),
            "en-passant",
            "double-stepped",
        ),
    ];
    for (text, place, reason) in cases {
        let err = Triagonal::from_text(&text, Rules::Standard).unwrap_err();
        assert!(err.place.contains(place), "{text}: place `{}`", err.place);
        assert!(
            err.reason.contains(reason),
            "{text}: reason `{}`",
            err.reason
        );
    }
    let err =
        Triagonal::from_text(&START_TEXT.replacen(" 0 1", " 0 0", 1), Rules::Standard).unwrap_err();
    assert!(err.place.contains("move number"));
}

#[test]
fn move_display_is_position_free() {
    let mv = Move::new(super::cell("Ae2"), super::cell("Ae4"));
    assert_eq!(mv.to_string(), "Ae2-Ae4");
    assert_eq!(format!("{mv:?}"), "Ae2-Ae4");
}

#[cfg(feature = "serde")]
#[test]
fn serde_round_trip_through_the_position_text() {
    let pos = after(&start(), "J@Ab3,J@Ac3,Bb2-Bb4");
    let json = serde_json::to_string(&pos).unwrap();
    assert!(json.contains("\"standard\"") && json.contains("Bb3"));
    let back: Triagonal = serde_json::from_str(&json).unwrap();
    assert_eq!(back, pos);
    assert!(serde_json::from_str::<Triagonal>(r#"{"rules":"standard","position":"x"}"#).is_err());
    // A game: its start and its moves as their text, replayed when read.
    let mut game = chimera_core::Game::new(start());
    game.play_text("J@Ab3,J@Ac3,Bb2-Bb4").unwrap();
    let json = serde_json::to_string(&game).unwrap();
    // The moves are written as their text.
    let texts = serde_json::to_string(&game.move_texts()).unwrap();
    assert!(json.contains(&format!(r#""moves":{texts}"#)), "{json}");
    let back: chimera_core::Game<Triagonal> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, game);
}

#[cfg(feature = "serde")]
#[test]
fn serde_writes_a_lone_move_as_its_text() {
    let pos = start();
    for text in ["J@Cc3,J@Cd3,Ab1-Ac3", "Ae2-Ae4"] {
        let mv = pos.parse_move(text).unwrap();
        let json = serde_json::to_string(&mv).unwrap();
        assert_eq!(json, format!("\"{text}\""));
        assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), mv);
    }
    let promotion = Move::new(super::cell("Gb7"), super::cell("Hb8")).with_promotion(Role::Knight);
    assert_eq!(serde_json::to_string(&promotion).unwrap(), r#""Gb7-Hb8=N""#);
    // Bad text is refused with the reader's error, saying what was wrong.
    let err = serde_json::from_str::<Move>(r#""Ae2-Ae9""#).unwrap_err();
    assert!(err.to_string().contains("Ae2-Ae9"), "{err}");
    assert!(serde_json::from_str::<Move>(r#"{"from":1,"to":2}"#).is_err());
}

#[test]
fn interpretation_input_in_any_case_with_any_separator() {
    let pos = with_kings(Color::White, &[("Bb1", 'N'), ("Bb2", 'p'), ("Hb7", 'P')]);
    let mv = pos.parse_move("Bb1^Bb2").unwrap();
    for text in ["bb1^bb2", "BB1xBB2", "Bb1-Bb2", "Bb1:Bb2", "Bb1Bb2"] {
        assert_eq!(pos.parse_move(text).unwrap(), mv, "{text}");
    }
    let promo = pos.parse_move("Hb7-Hb8=Q").unwrap();
    assert_eq!(pos.parse_move("hb7hb8q").unwrap(), promo);
    assert_eq!(
        pos.parse_move("@Cc3,@Cd3,Bb1-Bb2").unwrap(),
        pos.parse_move("J@Cc3,J@Cd3,Bb1^Bb2").unwrap()
    );
}

#[test]
fn interpretation_a_side_without_a_king_is_accepted_and_the_game_is_over() {
    let pos = board(Color::Black, &[("Aa8", 'K'), ("Cc6", 'R')]);
    let back = Triagonal::from_text(&pos.to_text(), Rules::Standard).unwrap();
    assert_eq!(back, pos);
    assert_eq!(
        back.outcome(),
        Some(chimera_core::Outcome::Win {
            winner: Color::White,
            reason: chimera_triagonal::KING_CAPTURED
        })
    );
}
