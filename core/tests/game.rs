//! Tests of `Game`, perft and the history hooks on a toy variant.
//!
//! The toy: a counter on a ring of 4 cells; a move steps +1 or +3 (that is, −1). Under the
//! `ko` rules a move may not recreate an earlier position (counter and side to move); after
//! 6 plies the game is a draw (a position-level terminal rule), and a third occurrence of a
//! position draws (a history outcome, under `repeat3`).

use chimera_core::*;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
enum ToyRules {
    #[default]
    Free,
    Ko,
    Repeat3,
}

impl RuleSet for ToyRules {
    const NAMES: &'static [&'static str] = &["free", "ko", "repeat3"];
    fn from_name(name: &str) -> Option<Self> {
        match name {
            "free" => Some(ToyRules::Free),
            "ko" => Some(ToyRules::Ko),
            "repeat3" => Some(ToyRules::Repeat3),
            _ => None,
        }
    }
    fn name(&self) -> &'static str {
        Self::NAMES[*self as usize]
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Ring {
    at: u8,
    turn: Color,
    ply: u8,
    rules: ToyRules,
}

impl Ring {
    fn same(&self, other: &Ring) -> bool {
        self.at == other.at && self.turn == other.turn
    }
}

impl Position for Ring {
    type Move = u8;
    type Rules = ToyRules;
    const VARIANT: &'static str = "ring";
    fn start(rules: ToyRules) -> Self {
        Ring {
            at: 0,
            turn: Color::White,
            ply: 0,
            rules,
        }
    }
    fn from_text(text: &str, rules: ToyRules) -> Result<Self, ParsePositionError> {
        let mut it = text.split(' ');
        let at = it
            .next()
            .and_then(|s| s.parse().ok())
            .filter(|&a: &u8| a < 4)
            .ok_or_else(|| ParsePositionError::new("field 1", "expected 0..3"))?;
        let turn = it
            .next()
            .and_then(Color::from_text)
            .ok_or_else(|| ParsePositionError::new("field 2", "expected w or b"))?;
        let ply = it
            .next()
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| ParsePositionError::new("field 3", "expected a ply count"))?;
        Ok(Ring {
            at,
            turn,
            ply,
            rules,
        })
    }
    fn to_text(&self) -> String {
        format!("{} {} {}", self.at, self.turn.char(), self.ply)
    }
    fn rules(&self) -> ToyRules {
        self.rules
    }
    fn turn(&self) -> Color {
        self.turn
    }
    fn legal_moves(&self, moves: &mut Vec<u8>) {
        moves.clear();
        if self.terminal().is_none() {
            moves.extend([1, 3]);
        }
    }
    fn play_unchecked(&mut self, mv: u8) {
        self.at = (self.at + mv) % 4;
        self.turn = !self.turn;
        self.ply += 1;
    }
    fn terminal(&self) -> Option<Outcome> {
        (self.ply >= 6).then_some(Outcome::Draw {
            reason: DrawReason::MoveLimit,
        })
    }
    fn no_move_outcome(&self) -> Outcome {
        Outcome::Win {
            winner: self.turn,
            reason: WinReason::Stalemate,
        }
    }
    fn zobrist(&self) -> u64 {
        self.zobrist_from_scratch()
    }
    fn zobrist_from_scratch(&self) -> u64 {
        u64::from(self.at) * 2 + self.turn.index() as u64
    }
    fn parse_move(&self, text: &str) -> Result<u8, ParseMoveError> {
        match text {
            "+1" => Ok(1),
            "-1" => Ok(3),
            _ => Err(ParseMoveError::new(text, "expected +1 or -1")),
        }
    }
    fn move_text(&self, mv: u8) -> String {
        if mv == 1 { "+1" } else { "-1" }.to_string()
    }
    const HISTORY_RESTRICTS_MOVES: bool = true;
    fn retain_history_legal(&self, earlier: History<'_, Self>, moves: &mut Vec<u8>) {
        let earlier = earlier.positions();
        if self.rules == ToyRules::Ko {
            moves.retain(|&m| {
                let mut next = self.clone();
                next.play_unchecked(m);
                !earlier.iter().chain([self]).any(|p| p.same(&next))
            });
        }
    }
    fn history_outcome(&self, earlier: History<'_, Self>) -> Option<Outcome> {
        let earlier = earlier.positions();
        let seen = earlier.iter().filter(|p| p.same(self)).count();
        (self.rules == ToyRules::Repeat3 && seen >= 2).then_some(Outcome::Draw {
            reason: DrawReason::Repetition,
        })
    }
}

impl Render for Ring {
    fn text_diagram(&self, last: Option<(&Self, u8)>) -> String {
        format!("at {} (last {:?})", self.at, last.map(|(_, m)| m))
    }
    fn svg(&self, _: Option<(&Self, u8)>) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\"/>".into()
    }
}

#[test]
fn perft_counts_sequences_and_stops_at_terminal_positions() {
    let mut game = Game::<Ring>::start(ToyRules::Free);
    assert_eq!(perft(&mut game, 0), 1);
    assert_eq!(perft(&mut game, 1), 2);
    assert_eq!(perft(&mut game, 6), 64);
    // Ply 6 is terminal: no legal moves, so depth 7 adds nothing.
    assert_eq!(perft(&mut game, 7), 0);
    assert_eq!(game.moves().len(), 0, "perft leaves the game as it was");
}

#[test]
fn perft_with_an_alternative_generator_gives_the_same_counts() {
    let mut game = Game::<Ring>::start(ToyRules::Ko);
    let fast = perft(&mut game, 5);
    let slow = perft_with(&mut game, 5, &mut |g, buf| {
        g.position().legal_moves(buf);
        g.position().retain_history_legal(g.history(), buf);
    });
    assert_eq!(fast, slow);
}

#[test]
fn ko_hook_removes_repeating_moves() {
    let mut game = Game::<Ring>::start(ToyRules::Ko);
    // 0w -> 1b -> 2w: from 2w, no move can recreate an earlier (at, turn).
    game.play_text("+1").unwrap();
    // From 1b: -1 gives 0w, the start: forbidden.
    assert_eq!(game.legal_move_list(), vec![1]);
    let err = game.play_text("-1").unwrap_err();
    assert!(err.to_string().contains("history"), "{err}");
    assert_eq!(game.moves().len(), 1, "a refused move changes nothing");
}

#[test]
fn ko_can_leave_no_move_and_then_no_move_outcome_decides() {
    let mut game = Game::<Ring>::start(ToyRules::Ko);
    for _ in 0..3 {
        game.play_text("+1").unwrap();
    }
    // 0w 1b 2w 3b: +1 gives 0w (seen), -1 gives 2w (seen).
    assert!(game.legal_move_list().is_empty());
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Stalemate
        })
    );
    assert_eq!(perft(&mut game, 1), 0);
}

#[test]
fn history_outcome_ends_the_game() {
    let mut game = Game::<Ring>::start(ToyRules::Repeat3);
    for m in ["+1", "-1", "+1", "-1"] {
        game.play_text(m).unwrap();
    }
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Repetition
        })
    );
    assert!(game.legal_move_list().is_empty());
    assert!(game.play_text("+1").is_err());
}

#[test]
fn terminal_positions_refuse_moves() {
    let pos = Ring::from_text("0 w 6", ToyRules::Free).unwrap();
    let mut game = Game::new(pos);
    let err = game.play(1).unwrap_err();
    assert!(err.reason.contains("game is over"), "{err}");
}

#[test]
fn undo_and_last_move() {
    let mut game = Game::<Ring>::start(ToyRules::Free);
    assert_eq!(game.undo(), None);
    game.play_text("+1").unwrap();
    game.play_text("+1").unwrap();
    let (before, mv) = game.last_move().unwrap();
    assert_eq!((before.at, mv), (1, 1));
    assert_eq!(game.move_texts(), vec!["+1", "+1"]);
    assert_eq!(game.undo(), Some(1));
    assert_eq!(game.position().at, 1);
}

#[test]
fn parse_errors_are_reported_not_played() {
    let mut game = Game::<Ring>::start(ToyRules::Free);
    match game.play_text("+2") {
        Err(PlayError::Parse(e)) => assert_eq!(e.text, "+2"),
        other => panic!("expected a parse error, got {other:?}"),
    }
    assert_eq!(game.moves().len(), 0);
}

#[test]
fn perft_divide_reports_each_root_move() {
    let mut game = Game::<Ring>::start(ToyRules::Free);
    let mut calls = 0;
    let divide = perft_divide(&mut game, 3, &mut |done, total, _, _| {
        calls += 1;
        assert!(done <= total);
    });
    assert_eq!(divide, vec![(1, 4), (3, 4)]);
    assert_eq!(calls, 2);
}

#[test]
fn dyn_game_works_through_text() {
    let variant = Variant::of::<Ring>("a toy");
    assert_eq!(variant.name, "ring");
    assert!((variant.new_game)(Some("nonsense"), None).is_err());
    assert!((variant.new_game)(None, Some("9 w 0")).is_err());
    let mut game = (variant.new_game)(Some("ko"), None).unwrap();
    assert_eq!(game.rules_name(), "ko");
    assert_eq!(game.play("+1").unwrap(), "+1");
    assert_eq!(game.legal_moves(), vec!["+1"]);
    assert!(game.play("-1").is_err());
    assert_eq!(game.position_text(), "1 b 1");
    assert_eq!(game.text_diagram(), "at 1 (last Some(1))");
    assert_eq!(game.undo().as_deref(), Some("+1"));
    // Under Ko each first move allows only one reply: stepping back would repeat the start.
    assert_eq!(game.perft(2), 2);
    let divide = game.perft_divide(2, &mut |_, _| {});
    assert_eq!(divide, vec![("+1".to_string(), 1), ("-1".to_string(), 1)]);
}

#[test]
fn conformance_kit_accepts_a_consistent_variant() {
    for seed in 0..20 {
        chimera_test_kit::check_playout(Game::<Ring>::start(ToyRules::Ko), seed, 10).unwrap();
        chimera_test_kit::check_playout(Game::<Ring>::start(ToyRules::Repeat3), seed, 10).unwrap();
    }
    let start = Ring::start(ToyRules::Free);
    for text in ["", "0 w", "3 b 2", "x y z", "4 w 0"] {
        chimera_test_kit::check_parsers(&start, text).unwrap();
    }
}

#[test]
fn rules_from_name_lists_known_names() {
    let err = rules_from_name::<ToyRules>(Some("x")).unwrap_err();
    assert_eq!(err.known, "free, ko, repeat3");
    assert_eq!(rules_from_name::<ToyRules>(None).unwrap(), ToyRules::Free);
}

#[cfg(feature = "serde")]
mod serde_roundtrip {
    use super::*;

    chimera_core::impl_serde_via_text!(Ring);

    #[test]
    fn positions_serialize_as_text_and_validate_when_read() {
        let pos = Ring::from_text("2 b 3", ToyRules::Ko).unwrap();
        let json = serde_json::to_string(&pos).unwrap();
        assert_eq!(json, r#"{"rules":"ko","position":"2 b 3"}"#);
        assert_eq!(serde_json::from_str::<Ring>(&json).unwrap(), pos);
        let bad = r#"{"rules":"ko","position":"7 b 3"}"#;
        assert!(serde_json::from_str::<Ring>(bad).is_err());
        let bad_rules = r#"{"rules":"nope","position":"0 w 0"}"#;
        assert!(serde_json::from_str::<Ring>(bad_rules).is_err());
    }

    #[test]
    fn games_serialize_as_start_and_moves_and_replay_when_read() {
        let mut game = Game::<Ring>::start(ToyRules::Ko);
        game.play_text("+1").unwrap();
        game.play_text("+1").unwrap();
        let json = serde_json::to_string(&game).unwrap();
        // Moves are written as their text.
        assert_eq!(
            json,
            r#"{"start":{"rules":"ko","position":"0 w 0"},"moves":["+1","+1"]}"#
        );
        let back: Game<Ring> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, game);
        // A record whose second move repeats the start under Ko is refused.
        let bad = r#"{"start":{"rules":"ko","position":"0 w 0"},"moves":["+1","-1"]}"#;
        let err = serde_json::from_str::<Game<Ring>>(bad).unwrap_err();
        assert!(err.to_string().contains("move 2"), "{err}");
        // So is one with an unreadable move.
        let bad = r#"{"start":{"rules":"ko","position":"0 w 0"},"moves":["x"]}"#;
        assert!(serde_json::from_str::<Game<Ring>>(bad).is_err());
    }
}

#[test]
fn errors_have_kinds_a_caller_can_match_on() {
    let mut game = Game::<Ring>::start(ToyRules::Ko);
    // Unreadable: the toy's parser does not classify, so the kind is `Other`.
    let err = game.play_text("x").unwrap_err();
    assert_eq!(err.kind(), PlayErrorKind::Unreadable(MoveErrorKind::Other));
    game.play_text("+1").unwrap();
    // -1 would repeat the start: legal in the position, forbidden by the history.
    match game.play_text("-1") {
        Err(PlayError::Illegal(e)) => {
            assert_eq!(e.kind(), IllegalMoveKind::ForbiddenByHistory, "{e}")
        }
        other => panic!("{other:?}"),
    }
    let mut game = Game::<Ring>::start(ToyRules::Repeat3);
    for m in ["+1", "-1", "+1", "-1"] {
        game.play_text(m).unwrap();
    }
    let err = game.play_text("+1").unwrap_err();
    assert_eq!(
        err.kind(),
        PlayErrorKind::Illegal(IllegalMoveKind::GameOver)
    );
    // Old constructors still work, with default kinds; new ones set a kind.
    assert_eq!(
        ParsePositionError::new("here", "why").kind(),
        PositionErrorKind::Other
    );
    let e = ParsePositionError::of_kind(PositionErrorKind::BadCounter, "clock", "not a number");
    assert_eq!(e.kind(), PositionErrorKind::BadCounter);
    assert_eq!(
        e.to_string(),
        "cannot read position: not a number (in clock)"
    );
    let e = ParseMoveError::new("zz", "no").with_kind(MoveErrorKind::UnknownCell);
    assert_eq!(e.kind(), MoveErrorKind::UnknownCell);
    assert_eq!(
        IllegalMoveError::new("m", "no").kind(),
        IllegalMoveKind::NotLegal
    );
}
