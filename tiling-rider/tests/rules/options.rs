//! Options (named rule sets): `wheeler`, and `paulowich-16` (its own module, `paulowich.rs`).

use super::{after, is_legal, legal_texts, setup_with, sq};
use chimera_core::{Color, Position, RuleSet};
use chimera_tiling_rider::{Role, Rules, TilingRider};

#[test]
fn rule_set_names() {
    assert_eq!(
        Rules::NAMES,
        ["standard", "wheeler", "paulowich-16", "color-rider"]
    );
    assert_eq!(Rules::from_name("Color-Rider"), Some(Rules::ColorRider));
    assert_eq!(Rules::from_name("Wheeler"), Some(Rules::Wheeler));
    assert_eq!(Rules::from_name("paulowich-16"), Some(Rules::Paulowich16));
    assert_eq!(Rules::from_name("paulowich"), None);
    assert_eq!(Rules::default(), Rules::Standard);
}

#[test]
fn wheeler_white_starts_with_up_to_four_moves() {
    let pos = TilingRider::start(Rules::Wheeler);
    assert_eq!((pos.move_limit(), pos.min_moves()), (4, 1));
    let one = after(&pos, &["a4-b6"]);
    assert!(is_legal(&one, ";"));
    let four = after(&pos, &["a4-b6", "b4-c6", "c4-d5", "d4-e6"]);
    assert_eq!(four.turn(), Color::Black);
    assert_eq!(four.move_limit(), 8);
}

#[test]
fn wheeler_each_turn_may_grow_by_four() {
    let pos = TilingRider::start(Rules::Wheeler);
    let black = after(&pos, &["a4-b6", "b4-c6", "c4-d5", "d4-e6"]);
    assert_eq!(black.move_limit(), 8);
    let white = after(
        &black,
        &[
            "a13-b12", "b13-c11", "c13-d12", "d13-e11", "e13-f12", "f13-g11", "g13-h12", "h13-i11",
        ],
    );
    assert_eq!((white.turn(), white.move_limit()), (Color::White, 12));
}

#[test]
fn wheeler_a_turn_short_of_a_multiple_of_four_counts_as_the_next_multiple() {
    let pos = TilingRider::start(Rules::Wheeler);
    let black = after(&pos, &["a4-b6", "b4-c6", "c4-d5", ";"]);
    assert_eq!(black.last_turn_length(), 3);
    assert_eq!(black.move_limit(), 8);
}

#[test]
fn wheeler_rider_and_king_moves_count_as_four() {
    let pieces = [
        ("e5", 'W'),
        ("f5", 'W'),
        ("e6", 'W'),
        ("f6", 'W'),
        ("m3", 'N'),
    ];
    // A turn of 8 points with 3 made (three pieces moved alone): 5 left.
    let mut setup = setup_with(Rules::Wheeler, Color::White, 8, "a1", "q15", &pieces);
    setup.set_turn(Color::White, 3, 8);
    for s in ["n1", "p1", "r1"] {
        setup.set_piece(sq(s), Some((Role::Ferz, Color::White)));
        setup.mark_moved_alone(sq(s));
    }
    let pos = setup.build().unwrap();
    let rider = after(&pos, &["We5-e9"]);
    assert_eq!(rider.moves_made(), 7);
    // One point left: no king move (4) fits, a small piece move does.
    assert!(!legal_texts(&rider).iter().any(|m| m.starts_with('K')));
    assert!(is_legal(&rider, "m3-n5"));
    let ended = after(&rider, &[";"]);
    assert_eq!(ended.move_limit(), 12); // 7 rounds up to 8, plus 4
    let small = after(&pos, &["m3-n5"]);
    assert!(is_legal(&small, "We5-e9") && is_legal(&small, "Ka1-a3"));
    let full = after(&small, &["Ka1-a3"]);
    assert_eq!(full.turn(), Color::Black); // 8 points: the limit is reached
    assert_eq!(full.move_limit(), 12); // 8, plus 4
}
