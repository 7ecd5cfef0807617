//! Rules section "Repetition (Ko)": the three rule options.

use crate::common;

use chimera_core::{Color, Game, History, Outcome, Position, RuleSet, WinReason};
use chimera_turtle_shell::{Repetition, Rules, TurtleShell};
use common::{game_move_texts, play_all, pos_with, rules};

fn start(repetition: Repetition) -> Game<TurtleShell> {
    Game::start(rules(repetition))
}

#[test]
fn rule_set_names() {
    // The repetition rules alone; with the options, see tests/options.rs.
    assert_eq!(Rules::NAMES[0], "ko");
    assert_eq!(Rules::NAMES[8], "modified-ko");
    assert_eq!(Rules::NAMES[16], "none");
    assert_eq!(Rules::default().repetition, Repetition::Ko);
    assert_eq!(Rules::default().name(), "ko");
    for name in Rules::NAMES {
        assert_eq!(Rules::from_name(name).unwrap().name(), *name);
    }
    assert_eq!(
        Rules::from_name("Modified-Ko"),
        Some(rules(Repetition::ModifiedKo))
    );
    assert_eq!(Rules::from_name("draw"), None);
}

#[test]
fn ko_forbids_recreating_any_earlier_position() {
    // Back to the start position with White to move: forbidden.
    let mut g = start(Repetition::Ko);
    play_all(&mut g, &["C0-D1", "C9-D8", "D1-C0"]);
    assert!(!game_move_texts(&g).contains(&"D8-C9".to_string()));
    assert!(g.play_text("D8-C9").is_err());
    assert_eq!(g.moves().len(), 3);
    // Not only the position of four plies ago: any earlier one (here six plies back).
    let mut g = start(Repetition::Ko);
    play_all(&mut g, &["C0-D1", "C9-D8", "D1-C0", "D9-C9", "C0-D1"]);
    assert!(
        g.play_text("C9-D9").is_err(),
        "would recreate the position after C9-D8"
    );
    // The plain position knows no history: the move is legal there.
    let mut moves = Vec::new();
    g.position().legal_moves(&mut moves);
    assert!(moves.contains(&g.position().parse_move("C9-D9").unwrap()));
}

#[test]
fn ko_compares_the_side_to_move() {
    // The rook goes round B1, B2, C1 (tables e, ep, wp) in three moves while the black
    // king steps out and back: the pieces stand as at the start, but Black is to move, so
    // this is not a repetition.
    let mut g = Game::new(pos_with("W:KH4,RB1 B:KE8 w", Rules::default()));
    play_all(&mut g, &["B1-B2", "E8-D8", "B2-C1", "D8-E8"]);
    assert!(game_move_texts(&g).contains(&"C1-B1".to_string()));
    g.play_text("C1-B1").unwrap();
    let (first, now) = (&g.positions()[0], g.position());
    assert!(first.pieces().eq(now.pieces()));
    assert_ne!(first.turn(), now.turn());
    assert_ne!(first.zobrist(), now.zobrist());
}

#[test]
fn ko_can_leave_no_move_stalemate_wins() {
    // Every move White has would recreate an earlier position: White, not in check, is
    // stalemated by the Ko rule, and the stalemated side wins.
    let mut g = Game::new(pos_with("W:KB0,GB1 B:KE8,RD1 w", Rules::default()));
    play_all(&mut g, &["B0-C0", "E8-D8", "B1-B0", "D8-E8"]);
    assert!(g.legal_move_list().is_empty());
    assert!(
        g.position().outcome().is_none(),
        "without history there are moves"
    );
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::Stalemate
        })
    );
}

#[test]
fn ko_can_leave_no_move_checkmate_loses() {
    let mut g = Game::new(pos_with("W:KB0,GB1 B:KE8,RD1 w", Rules::default()));
    play_all(&mut g, &["B1-B3", "D1-E6", "B0-B1", "E6-D1"]);
    assert!(g.position().is_check());
    assert!(g.legal_move_list().is_empty());
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Checkmate
        })
    );
}

#[test]
fn ko_applies_in_the_middle_of_a_game_after_irreversible_moves() {
    let mut g = start(Repetition::Ko);
    play_all(&mut g, &["C2-C3", "C7-C6", "C0-D1", "C9-D8", "D1-C0"]);
    assert!(g.play_text("D8-C9").is_err());
    g.play_text("D8-C7").unwrap();
}

#[test]
fn position_from_text_starts_fresh_history() {
    let mut g = start(Repetition::Ko);
    play_all(&mut g, &["C0-D1", "C9-D8", "D1-C0"]);
    assert!(g.play_text("D8-C9").is_err());
    let text = g.position().to_text();
    let mut fresh = Game::new(TurtleShell::from_text(&text, Rules::default()).unwrap());
    fresh.play_text("D8-C9").unwrap();
    // The fresh history does contain its own first position.
    let mut fresh = Game::new(TurtleShell::from_text(&text, Rules::default()).unwrap());
    play_all(&mut fresh, &["D9-C9", "C0-D1", "C9-D9"]);
    assert!(fresh.play_text("D1-C0").is_err());
}

#[test]
fn modified_ko_forbids_the_attacker_ruling() {
    // White's rook shuttles A5-C5 with Black's pawn on H5 under attack from both cells;
    // Black's king shuttles E8-D8. White's moves leave a capture on the board, Black's
    // none: White is the attacker of every loop.
    let text = "W:KE1,RA5 B:KE8,PH5 w";
    let ko = |r| Game::new(pos_with(text, rules(r)));
    // Black closes the loop started by White: only the ko rule forbids it.
    let mut g = ko(Repetition::Ko);
    play_all(&mut g, &["A5-C5", "E8-D8", "C5-A5"]);
    assert!(g.play_text("D8-E8").is_err());
    let mut g = ko(Repetition::ModifiedKo);
    play_all(&mut g, &["A5-C5", "E8-D8", "C5-A5", "D8-E8"]);
    // Now White would close the loop started by Black's E8-D8: White is the attacker.
    assert!(!game_move_texts(&g).contains(&"A5-C5".to_string()));
    assert!(g.play_text("A5-C5").is_err());
    // Other moves remain.
    g.play_text("A5-B5").unwrap();
}

#[test]
fn modified_ko_tie_goes_against_the_player_who_started_the_loop_ruling() {
    // Knights shuffling from the start: no captures or checks on either side, so the
    // attacker is whoever started the loop, and the player closing it may.
    let mut g = start(Repetition::ModifiedKo);
    play_all(
        &mut g,
        &["C0-D1", "C9-D8", "D1-C0", "D8-C9", "C0-D1", "C9-D8"],
    );
    assert_eq!(g.position(), &g.positions()[2]);
}

#[test]
fn modified_ko_counts_checks_when_captures_tie_ruling() {
    // No captures on either side; White's D0-F0 gives check, nothing else does. White is
    // the attacker of both loops: Black may close the first, White may not close the
    // second (with no check at all, the player closing a loop always may, see above).
    let text = "W:KA3,RD0 B:KG2 w";
    let mut g = Game::new(pos_with(text, rules(Repetition::Ko)));
    play_all(&mut g, &["D0-F0", "G2-G1", "F0-D0"]);
    assert!(g.play_text("G1-G2").is_err());
    let mut g = Game::new(pos_with(text, rules(Repetition::ModifiedKo)));
    play_all(&mut g, &["D0-F0", "G2-G1", "F0-D0", "G1-G2"]);
    assert_eq!(g.position(), g.initial());
    assert!(g.play_text("D0-F0").is_err());
    g.play_text("D0-C0").unwrap();
}

#[test]
fn modified_ko_capture_count_ignores_the_king() {
    // The rook on F0 attacks the king on G2: a check, counted apart, not a capture.
    let p = pos_with("W:KA3,RF0 B:KG2 b", Rules::default());
    assert!(p.is_check());
    assert_eq!(p.capture_count(Color::White), 0);
    let p = pos_with("W:KA3,RD0 B:KG2,GF0 b", Rules::default());
    assert_eq!(p.capture_count(Color::White), 1);
}

#[test]
fn repetition_none_allows_repeats() {
    let mut g = start(Repetition::None);
    for _ in 0..3 {
        play_all(&mut g, &["C0-D1", "C9-D8", "D1-C0", "D8-C9"]);
    }
    assert_eq!(g.position(), g.initial());
    assert_eq!(g.outcome(), None);
}

/// Plays `plies` quiet piece moves (no capture, no pawn), chosen at random among those the
/// rules allow, never giving check, after an opening of pawn moves; calls `check` before
/// each move. Stops early if no such move is left.
fn quiet_walk(
    game: &mut Game<TurtleShell>,
    plies: usize,
    check: &mut dyn FnMut(&Game<TurtleShell>),
) {
    use chimera_turtle_shell::Role;
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut moves = Vec::new();
    for ply in 0..plies {
        check(game);
        game.legal_moves(&mut moves);
        let pos = game.position().clone();
        moves.retain(|&mv| {
            !pos.is_capture(mv)
                && (ply < 12) == matches!(pos.piece_at(mv.from()), Some((_, Role::Pawn)))
                && !pos.after(mv).is_check()
                && pos.after(mv).outcome().is_none()
        });
        if moves.is_empty() {
            break;
        }
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        game.play_unchecked(moves[(seed % moves.len() as u64) as usize]);
    }
}

#[test]
fn ko_in_a_long_run_of_quiet_moves_agrees_with_the_reference() {
    // Past 48 quiet plies the Ko filter asks the game's index by key instead of scanning
    // back; the reference generator compares every earlier position.
    let mut game = start(Repetition::Ko);
    let (mut fast, mut slow) = (Vec::new(), Vec::new());
    quiet_walk(&mut game, 300, &mut |g| {
        g.legal_moves(&mut fast);
        common::slow_generate(g, &mut slow);
        fast.sort_by_key(|m| format!("{m:?}"));
        slow.sort_by_key(|m| format!("{m:?}"));
        assert_eq!(fast, slow, "after {} plies", g.moves().len());
    });
    assert!(game.moves().len() > 250, "{} plies", game.moves().len());
}

#[test]
fn modified_ko_in_a_long_run_of_quiet_moves_is_the_same_indexed_or_scanned() {
    // The hook given the game's index by key and given the bare positions (scanned) agree.
    let mut game = start(Repetition::ModifiedKo);
    let mut scanned = Vec::new();
    quiet_walk(&mut game, 300, &mut |g| {
        let pos = g.position();
        pos.legal_moves(&mut scanned);
        pos.retain_history_legal(History::new(g.history().positions()), &mut scanned);
        assert_eq!(
            g.legal_move_list(),
            scanned,
            "after {} plies",
            g.moves().len()
        );
    });
    assert!(game.moves().len() > 250, "{} plies", game.moves().len());
}
