//! §1 Rings and pieces: the six stacks, how each moves and what travels; paths must be clear.

use super::{after, at, targets, with_castles};
use chimera_core::{Color, Position};
use chimera_turnover::{Ring, Rules, Stack, Turnover};

#[test]
fn six_valid_stacks_and_t_plus_w_is_invalid() {
    let mut valid: Vec<Stack> = (0u8..8).filter_map(Stack::from_rings).collect();
    valid.sort();
    assert_eq!(valid, Stack::ALL.to_vec());
    for stack in Stack::ALL {
        assert_eq!(Stack::from_rings(stack.rings()), Some(stack));
    }
    let tw = Ring::Tower.bit() | Ring::Wall.bit();
    assert_eq!(Stack::from_rings(tw), None);
    assert_eq!(Stack::from_rings(0), None);
    let err = Turnover::from_text("[TW]7/8/8/8/8/8/8/7[tfw] w 0 1", Rules::Standard).unwrap_err();
    assert!(err.reason.contains("T+W"), "{err}");
}

#[test]
fn tower_slides_like_a_rook_and_moves_whole() {
    let pos = with_castles(Color::White, &[("d4", "T")]);
    let t = targets(&pos, "d4");
    assert_eq!(t.len(), 14);
    for s in ["d1", "d8", "a4", "h4", "d5"] {
        assert!(t.contains(&s.to_string()));
    }
    assert!(!t.contains(&"e5".to_string()));
    let next = after(&pos, "d4-d8");
    assert_eq!(at(&next, "d4"), "");
    assert_eq!(at(&next, "d8"), "T");
}

#[test]
fn fort_slides_like_a_bishop_and_moves_whole() {
    let pos = with_castles(Color::White, &[("d4", "F")]);
    let t = targets(&pos, "d4");
    assert_eq!(t.len(), 13);
    assert!(t.contains(&"g7".to_string()) && t.contains(&"a1".to_string()));
    assert!(!t.contains(&"d5".to_string()));
    let next = after(&pos, "d4-g7");
    assert_eq!(
        (at(&next, "d4").as_str(), at(&next, "g7").as_str()),
        ("", "F")
    );
}

#[test]
fn citadel_slides_like_a_queen_and_only_its_fort_travels() {
    let pos = with_castles(Color::White, &[("d4", "TF")]);
    assert_eq!(targets(&pos, "d4").len(), 27);
    let next = after(&pos, "d4-d7");
    assert_eq!(at(&next, "d4"), "T", "the Tower stays behind");
    assert_eq!(at(&next, "d7"), "F", "only the Fort travels");
    let next = after(&pos, "d4-g7");
    assert_eq!(
        (at(&next, "d4").as_str(), at(&next, "g7").as_str()),
        ("T", "F")
    );
}

#[test]
fn fortress_leaps_like_a_knight_and_only_its_wall_travels() {
    let pos = with_castles(Color::White, &[("d4", "FW")]);
    let t = targets(&pos, "d4");
    assert_eq!(t, ["b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"]);
    let next = after(&pos, "d4-e2");
    assert_eq!(at(&next, "d4"), "F", "the Fort stays behind");
    assert_eq!(at(&next, "e2"), "W", "only the Wall travels");
}

#[test]
fn paths_must_be_clear_of_any_ring() {
    // Rings of either colour stop sliders; the slider may land on the blocker only as the
    // landing table allows, and never passes it.
    let pos = with_castles(
        Color::White,
        &[("d4", "T"), ("d6", "w"), ("f4", "T"), ("b4", "F")],
    );
    let t = targets(&pos, "d4");
    assert!(
        t.contains(&"d6".to_string()),
        "captures the first enemy ring"
    );
    assert!(!t.contains(&"d7".to_string()), "never passes it");
    assert!(!t.contains(&"f4".to_string()), "friendly T: no merge");
    assert!(!t.contains(&"g4".to_string()));
    assert!(
        t.contains(&"b4".to_string()),
        "merges onto the friendly Fort"
    );
    assert!(!t.contains(&"a4".to_string()));
    // The Citadel's F is blocked the same way.
    let pos = with_castles(Color::White, &[("d4", "TF"), ("e5", "TFW"), ("c5", "w")]);
    let t = targets(&pos, "d4");
    assert!(!t.contains(&"e5".to_string()) && !t.contains(&"f6".to_string()));
    assert!(
        t.contains(&"c5".to_string()),
        "F onto an enemy W turns it over"
    );
    assert!(!t.contains(&"b6".to_string()));
}

#[test]
fn only_the_fortress_leaps() {
    // A Fortress boxed in by rings still leaps.
    let mut stacks = vec![("d4", "FW")];
    for s in ["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"] {
        stacks.push((s, "T"));
    }
    let pos = with_castles(Color::White, &stacks);
    assert_eq!(targets(&pos, "d4").len(), 8);
    // A boxed-in Citadel cannot move its F through them.
    let mut stacks = vec![("d4", "TF")];
    for s in ["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"] {
        stacks.push((s, "F"));
    }
    let pos = with_castles(Color::White, &stacks);
    assert!(targets(&pos, "d4").is_empty());
}
