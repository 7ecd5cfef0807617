//! Turns: Moderate Progressive (White's first turn exactly 4, Black's exactly 8, then 1 up
//! to the opponent's previous length + 1), once-per-turn moves, the king's safety, and the
//! turn-completion rule.

use super::{after, board, is_legal, legal_texts, position_with, start_game};
use chimera_core::{Color, DrawReason, Game, Outcome, Position, WinReason};
use chimera_tiling_rider::{Rules, TilingRider};

fn pos_after_start(moves: &[&str]) -> TilingRider {
    let mut game = start_game();
    for m in moves {
        game.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    game.position().clone()
}

const WHITE_FOUR: [&str; 4] = ["a4-b6", "b4-c6", "c4-d5", "d4-e6"];
const BLACK_EIGHT: [&str; 8] = [
    "a13-b12", "b13-c11", "c13-d12", "d13-e11", "e13-f12", "f13-g11", "g13-h12", "h13-i11",
];

#[test]
fn white_first_turn_is_exactly_four_moves() {
    let start = TilingRider::standard();
    assert_eq!(
        (start.moves_made(), start.move_limit(), start.min_moves()),
        (0, 4, 4)
    );
    let mut pos = start;
    for (i, m) in WHITE_FOUR.iter().enumerate() {
        assert_eq!(pos.turn(), Color::White);
        assert!(
            !legal_texts(&pos).contains(&";".to_string()),
            "after {i} moves"
        );
        pos = after(&pos, &[m]);
    }
    assert_eq!(pos.turn(), Color::Black);
}

#[test]
fn black_first_turn_is_exactly_eight_moves() {
    let mut pos = pos_after_start(&WHITE_FOUR);
    assert_eq!((pos.move_limit(), pos.min_moves()), (8, 8));
    for m in BLACK_EIGHT {
        assert_eq!(pos.turn(), Color::Black);
        assert!(!legal_texts(&pos).contains(&";".to_string()));
        pos = after(&pos, &[m]);
    }
    assert_eq!(pos.turn(), Color::White);
    assert_eq!(pos.move_limit(), 9); // the seed: "White moving up to 9 times"
}

#[test]
fn later_turns_allow_one_up_to_the_opponent_previous_length_plus_one() {
    let all: Vec<&str> = WHITE_FOUR
        .iter()
        .chain(BLACK_EIGHT.iter())
        .copied()
        .collect();
    let pos = pos_after_start(&all);
    assert_eq!((pos.move_limit(), pos.min_moves()), (9, 1));
    let next = after(&pos, &["e4-f6", "f4-g6", ";"]);
    assert_eq!(next.turn(), Color::Black);
    assert_eq!(next.move_limit(), 3);
    assert_eq!(next.last_turn_length(), 2);
}

#[test]
fn turn_may_end_early_after_its_first_move() {
    let pos = board(Color::White, 5, &[("e5", 'W')]);
    assert!(!is_legal(&pos, ";"));
    let one = after(&pos, &["e5-e6"]);
    assert_eq!(one.turn(), Color::White);
    assert!(is_legal(&one, ";"));
    let ended = after(&one, &[";"]);
    assert_eq!((ended.turn(), ended.move_limit()), (Color::Black, 2));
}

#[test]
fn turn_ends_by_itself_when_its_last_allowed_move_is_made() {
    let pos = board(Color::White, 2, &[("e5", 'W'), ("h5", 'W')]);
    let next = after(&pos, &["e5-e6", "h5-h6"]);
    assert_eq!(next.turn(), Color::Black);
    assert_eq!(next.move_limit(), 3);
}

#[test]
fn a_piece_moves_at_most_once_per_turn() {
    let pos = board(Color::White, 4, &[("e5", 'W'), ("h5", 'W')]);
    let next = after(&pos, &["e5-e6"]);
    assert!(super::targets(&next, "e6").is_empty());
    assert!(!super::targets(&next, "h5").is_empty());
}

#[test]
fn aggregate_move_counts_as_one_move_and_uses_up_its_four_pieces() {
    let pos = board(
        Color::White,
        5,
        &[
            ("e5", 'W'),
            ("f5", 'W'),
            ("e6", 'W'),
            ("f6", 'W'),
            ("m3", 'N'),
        ],
    );
    let next = after(&pos, &["We5-e9"]);
    assert_eq!(next.moves_made(), 1);
    assert!(super::targets(&next, "e9").is_empty());
    assert!(!legal_texts(&next).iter().any(|m| m.starts_with('W')));
    assert!(next.used_by_aggregate(super::sq("f10")));
}

#[test]
fn pieces_that_moved_alone_may_still_form_an_aggregate_and_move_with_it_once() {
    let pos = board(
        Color::White,
        5,
        &[
            ("e5", 'W'),
            ("f5", 'W'),
            ("e6", 'W'),
            ("g6", 'W'),
            ("m3", 'N'),
        ],
    );
    let formed = after(&pos, &["g6-f6"]);
    assert!(formed.has_moved_alone(super::sq("f6")));
    assert!(is_legal(&formed, "We5-e9"));
    let moved = after(&formed, &["We5-e9"]);
    // ...once: the aggregate (and each of its pieces) is used up for the turn.
    assert!(!legal_texts(&moved)
        .iter()
        .any(|m| m.starts_with('W') || m.starts_with("e9") || m.starts_with("f10")));
    assert_eq!(moved.moves_made(), 2);
}

#[test]
fn king_moves_at_most_once_per_turn() {
    let pos = position_with(
        Rules::Standard,
        Color::White,
        4,
        "e5",
        "q15",
        &[("m3", 'N')],
    );
    let next = after(&pos, &["Ke5-e7"]);
    assert!(next.king_has_moved());
    assert!(!legal_texts(&next).iter().any(|m| m.starts_with('K')));
}

#[test]
fn king_never_steps_onto_a_unit_with_an_attacked_square_judged_after_the_step() {
    // The black rook aggregate on a5 checks the king on e5 along the rank of units. Before
    // the step g5 is shielded by the king itself; after the step it is attacked.
    let pos = position_with(
        Rules::Standard,
        Color::White,
        2,
        "e5",
        "q15",
        &[("a5", 'w'), ("b5", 'w'), ("a6", 'w'), ("b6", 'w')],
    );
    assert!(pos.in_check(Color::White));
    let kings: Vec<String> = legal_texts(&pos)
        .into_iter()
        .filter(|m| m.starts_with('K'))
        .collect();
    assert_eq!(kings, ["Ke5-e3", "Ke5-e7"]);
    // A piece inside the unit stepped onto is captured first: its attack does not count.
    let pos2 = position_with(
        Rules::Standard,
        Color::White,
        2,
        "e5",
        "q15",
        &[("g5", 'n'), ("h7", 'w')],
    );
    assert!(pos2.in_check(Color::White)); // the knight on g5 attacks e6
    assert!(!is_legal(&pos2, "Ke5xg5")); // h7 attacks h6 of the unit g5
    let pos3 = position_with(
        Rules::Standard,
        Color::White,
        2,
        "e5",
        "q15",
        &[("g5", 'n')],
    );
    assert!(is_legal(&pos3, "Ke5xg5"));
}

/// The white king on a1, a black rook aggregate on a9 aiming down the a-file units, a white
/// knight on a5 shielding, a white guard on c7 able to block on b7.
fn shield_position(limit: u8, with_guard: bool) -> TilingRider {
    let mut pieces = vec![
        ("a9", 'w'),
        ("b9", 'w'),
        ("a10", 'w'),
        ("b10", 'w'),
        ("a5", 'N'),
    ];
    if with_guard {
        pieces.push(("c7", 'G'));
    }
    // The black king on e1 covers the unit c1, so the white king cannot step aside.
    position_with(Rules::Standard, Color::White, limit, "a1", "e1", &pieces)
}

#[test]
fn checks_may_stand_mid_turn_but_not_when_the_turn_ends() {
    let pos = shield_position(2, true);
    assert!(!pos.in_check(Color::White));
    assert!(is_legal(&pos, "a5-c4"));
    let exposed = after(&pos, &["a5-c4"]);
    assert!(exposed.in_check(Color::White));
    assert!(!is_legal(&exposed, ";"));
    assert!(is_legal(&exposed, "c7-b7"));
    let blocked = after(&exposed, &["c7-b7"]);
    assert_eq!(blocked.turn(), Color::Black);
}

#[test]
fn a_move_is_legal_only_if_the_turn_can_still_be_finished() {
    // With one move allowed the turn would end in check.
    assert!(!is_legal(&shield_position(1, true), "a5-c4"));
    // With nothing to block, even a longer turn cannot be finished after it.
    assert!(!is_legal(&shield_position(3, false), "a5-c4"));
    // The knight may go to b7 or b3 (still shielding) whatever the limit.
    assert!(is_legal(&shield_position(1, false), "a5-b3"));
}

/// The white king on a1 boxed in by its own knight (and wazir) on the unit c1 and checked by
/// a black rook aggregate on a9: the way out is to clear the unit c1 and step there.
fn boxed_position(limit: u8, with_wazir: bool) -> TilingRider {
    let mut pieces = vec![
        ("a9", 'w'),
        ("b9", 'w'),
        ("a10", 'w'),
        ("b10", 'w'),
        ("d1", 'N'),
    ];
    if with_wazir {
        pieces.push(("c2", 'W'));
    }
    position_with(Rules::Standard, Color::White, limit, "a1", "q15", &pieces)
}

#[test]
fn the_only_way_out_may_take_several_moves() {
    let pos = boxed_position(2, false);
    assert!(pos.in_check(Color::White));
    let moves = legal_texts(&pos);
    assert!(
        !moves.is_empty() && moves.iter().all(|m| m.starts_with("d1")),
        "{moves:?}"
    );
    let cleared = after(&pos, &["d1-e3"]);
    assert_eq!(legal_texts(&cleared), ["Ka1-c1"]);
    // Three moves: both pieces leave the unit c1, then the king steps there.
    let three = boxed_position(3, true);
    let moves = legal_texts(&three);
    assert!(
        !moves.is_empty()
            && moves
                .iter()
                .all(|m| m.starts_with("d1") || m.starts_with("c2"))
    );
    let cleared = after(&three, &["c2-c3", "d1-f2"]);
    assert_eq!(legal_texts(&cleared), ["Ka1-c1"]);
}

#[test]
fn turn_completion_search_answers_no_when_no_sequence_saves_the_king() {
    // One move short: checkmate over the whole turn.
    assert!(legal_texts(&boxed_position(1, false)).is_empty());
    assert!(legal_texts(&boxed_position(2, true)).is_empty());
    let game = Game::new(boxed_position(2, true));
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Checkmate
        })
    );
    // A long turn with many pieces that cannot help: the search still answers no, quickly.
    let mut pieces = vec![("a9", 'w'), ("b9", 'w'), ("a10", 'w'), ("b10", 'w')];
    for (s, p) in [
        ("m3", 'G'),
        ("n3", 'G'),
        ("o4", 'G'),
        ("p5", 'N'),
        ("m6", 'N'),
        ("n7", 'N'),
        ("p2", 'F'),
        ("q3", 'F'),
        ("r4", 'F'),
        ("o8", 'W'),
        ("o10", 'W'),
        ("p12", 'W'),
    ] {
        pieces.push((s, p));
    }
    let pos = position_with(Rules::Standard, Color::White, 8, "a1", "e1", &pieces);
    assert!(pos.in_check(Color::White));
    assert!(legal_texts(&pos).is_empty());
    assert_eq!(
        Game::new(pos).outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Checkmate
        })
    );
    let _ = DrawReason::Stalemate;
}

#[test]
fn turn_completion_search_sees_that_the_only_capturer_stepped_away() {
    // From a long random game: Black (21 moves to make) is checked by the knight on k13,
    // which only the wazir on k14 can take. After that wazir steps aside no piece can reach
    // k13, the king's unit beside it (g15) is attacked by the knight on e14 and holds a
    // wazir boxed in on h16, and the units below (i13, with the moved wazir) and right (k15,
    // attacked by the knight) cannot help: the move is illegal. The relaxation proves it at
    // once (it used to search for minutes).
    let text = "1wnf1g1wkkg1ww2ww/fw1fw1g1kk1gf2fgf/2n1Ng1w2wwg3g1/wg2fw3fN3wf1g/1g2wn2gn2w1fwf1/7f3f3n2/5F5g4n1/4F5N4G2/f3N9F1F1/N2n4N9/F9G2W4/7NNF2F2GNW/2nFG4G1W3Nn1/WNW2WGWGG6G1/FW1FW2WKKGGWF1W1W/3GWWGGKKG2FW1W1 b 0/21 - 20 3 23";
    let pos = TilingRider::from_text(text, Rules::Standard).unwrap();
    assert!(pos.in_check(Color::Black));
    assert!(is_legal(&pos, "k14xk13"));
    assert!(!is_legal(&pos, "k14-j14"));
    assert!(!is_legal(&pos, "k14-k15"));
    let list = legal_texts(&pos);
    assert!(list.contains(&"k14xk13".to_string()) && !list.contains(&"k14-j14".to_string()));
}

/// The white king on a1 checked along file a by a black rook aggregate on a9; the only way
/// out is the unit c1, where a wazir on d1 can leave only to e1, held by a guard.
fn crowded_exit_position(limit: u8) -> TilingRider {
    let pieces = [
        ("a9", 'w'),
        ("b9", 'w'),
        ("a10", 'w'),
        ("b10", 'w'),
        ("d1", 'W'),
        ("e1", 'G'),
    ];
    position_with(Rules::Standard, Color::White, limit, "a1", "q15", &pieces)
}

#[test]
fn a_unit_whose_piece_must_wait_for_a_square_takes_one_more_move_to_clear() {
    // Three moves: the guard leaves e1 (not into the unit c1), the wazir follows, the king
    // steps to c1. With two moves the turn cannot be saved.
    let two = crowded_exit_position(2);
    assert!(two.in_check(Color::White));
    assert!(legal_texts(&two).is_empty());
    assert_eq!(
        Game::new(two).outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Checkmate
        })
    );
    let three = crowded_exit_position(3);
    assert_eq!(legal_texts(&three), ["e1-e2", "e1-f1", "e1-f2"]);
    let cleared = after(&three, &["e1-f1", "d1-e1"]);
    assert_eq!(legal_texts(&cleared), ["Ka1-c1"]);
}

#[test]
fn turn_completion_search_finds_a_rescue_that_needs_a_square_vacated_first() {
    // From a long random game: Black (11 moves left) is checked by the knight on h13, which
    // only the guard on g14 can take. After the guard steps away the rescue is four moves
    // long: m16-n16, l16-m16 (the guard on l16 had to wait for m16), l15-m14, then the king
    // steps to k15. The search once gave up on this after minutes; it now deepens (one more
    // move, two, four, ...) and counts the moves that clearing k15 needs.
    let text = "1fgfww1gkk1gg1wgfw/wggw1n2kk1gfw2w1/wwf2wg1wgn3wfgf/2ngw2Nf4g3N/1ff4fw3w1n1f1/4g8gfgn1/4ng2n9/4N6G2F3/2n3N11/n4N3G6F1/3W6FN1G4/2N3N6W1N1G/G1F1F1FGG5F3/WF2FW2W1W4FF1/3G3GKK1NGFW1W1/W1WG1WG1KK2WWGWG1 b 3/14 p11,a15,f16 13 6 33";
    let pos = TilingRider::from_text(text, Rules::Standard).unwrap();
    assert!(pos.in_check(Color::Black));
    assert!(is_legal(&pos, "g14xh13"));
    assert!(is_legal(&pos, "g14-f13"));
    let rescued = after(
        &pos,
        &["g14-f13", "m16-n16", "l16-m16", "l15-m14", "Ki15-k15"],
    );
    assert!(!rescued.in_check(Color::Black));
}
