//! Board, units and tiles [ruling].

use super::{board, sq, targets};
use chimera_core::{Color, Position};
use chimera_tiling_rider::{Square, TilingRider, Unit, FILES, RANKS, UNITS};

#[test]
fn board_is_18_files_by_16_ranks() {
    assert_eq!((FILES, RANKS), (18, 16));
    assert_eq!(Square::all().count(), 288);
    assert!(Square::parse("r16").is_some());
    assert!(Square::parse("s1").is_none() && Square::parse("a17").is_none());
}

#[test]
fn board_is_cut_into_9_by_8_units_of_2x2() {
    assert_eq!(UNITS, 72);
    let u = unit_of("c1");
    let names: Vec<String> = u.squares().iter().map(|s| s.to_string()).collect();
    assert_eq!(names, ["c1", "d1", "c2", "d2"]);
    assert_eq!(sq("r16").unit(), Unit::from_coords(8, 7).unwrap());
    for s in ["i1", "i2", "j1", "j2"] {
        assert_eq!(sq(s).unit(), unit_of("i1"));
    }
}

fn unit_of(name: &str) -> Unit {
    sq(name).unit()
}

#[test]
fn unit_is_orange_when_u_plus_v_is_even_blue_otherwise() {
    assert!(unit_of("a1").is_orange());
    assert!(!unit_of("c1").is_orange());
    assert!(!unit_of("a3").is_orange());
    assert!(unit_of("c3").is_orange());
    assert!(!unit_of("q15").is_orange()); // u 8 + v 7 is odd
    assert!(unit_of("q13").is_orange());
}

#[test]
fn orange_unit_is_split_into_its_two_columns_blue_unit_into_its_two_rows() {
    assert_eq!(sq("a1").tile_mate(), sq("a2"));
    assert_eq!(sq("b1").tile_mate(), sq("b2"));
    assert_eq!(sq("c1").tile_mate(), sq("d1"));
    assert_eq!(sq("c2").tile_mate(), sq("d2"));
    assert_eq!(sq("j5").tile_mate(), sq("j6"));
}

#[test]
fn pieces_of_both_colours_may_share_a_tile() {
    // A white wazir on c5 may step to d5 beside... a black piece on its tile-mate c5-d5:
    // here White's wazir d4 steps to d5 while a black ferz stands on c5 (same tile).
    let pos = board(Color::White, 2, &[("d4", 'W'), ("c5", 'f')]);
    assert!(targets(&pos, "d4").contains(&"d5".to_string()));
    let after = super::after(&pos, &["d4-d5"]);
    assert_eq!(after.piece_at(sq("d5")).unwrap().1, Color::White);
    assert_eq!(after.piece_at(sq("c5")).unwrap().1, Color::Black);
    let _ = TilingRider::standard().to_text();
}
