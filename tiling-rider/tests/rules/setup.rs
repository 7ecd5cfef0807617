//! Setup [ruling, derived from the seed's own numbers].

use super::sq;
use chimera_core::{Color, Position};
use chimera_tiling_rider::{Role, Rules, Square, TilingRider};

fn at(pos: &TilingRider, s: &str) -> Option<(Role, Color)> {
    pos.piece_at(sq(s))
}

#[test]
fn setup_white_king_on_i1_i2_j1_j2_black_king_on_i15_i16_j15_j16() {
    let pos = TilingRider::standard();
    for s in ["i1", "i2", "j1", "j2"] {
        assert_eq!(pos.king_at(sq(s)), Some(Color::White));
    }
    for s in ["i15", "i16", "j15", "j16"] {
        assert_eq!(pos.king_at(sq(s)), Some(Color::Black));
    }
}

#[test]
fn setup_every_other_unit_of_ranks_1_to_4_holds_one_wazir_ferz_guard_knight() {
    let pos = TilingRider::standard();
    for u in TilingRider::standard().king_unit(Color::White).squares() {
        assert!(pos.piece_at(u).is_none());
    }
    for v in 0..2 {
        for u in 0..9 {
            let unit = chimera_tiling_rider::Unit::from_coords(u, v).unwrap();
            if unit == pos.king_unit(Color::White) {
                continue;
            }
            let mut kinds: Vec<Role> = unit
                .squares()
                .iter()
                .map(|&s| pos.piece_at(s).unwrap().0)
                .collect();
            kinds.sort();
            assert_eq!(kinds, Role::ALL);
        }
    }
}

#[test]
fn setup_files_a_to_j_wazir_guard_below_ferz_knight_above() {
    let pos = TilingRider::standard();
    let w = |p| Some((p, Color::White));
    assert_eq!(at(&pos, "a1"), w(Role::Wazir));
    assert_eq!(at(&pos, "b1"), w(Role::Guard));
    assert_eq!(at(&pos, "a2"), w(Role::Ferz));
    assert_eq!(at(&pos, "b2"), w(Role::Knight));
    assert_eq!(at(&pos, "i3"), w(Role::Wazir));
    assert_eq!(at(&pos, "j4"), w(Role::Knight));
}

#[test]
fn setup_files_k_to_r_mirrored_guard_wazir_below_knight_ferz_above() {
    let pos = TilingRider::standard();
    let w = |p| Some((p, Color::White));
    assert_eq!(at(&pos, "k1"), w(Role::Guard));
    assert_eq!(at(&pos, "l1"), w(Role::Wazir));
    assert_eq!(at(&pos, "k2"), w(Role::Knight));
    assert_eq!(at(&pos, "l2"), w(Role::Ferz));
    assert_eq!(at(&pos, "q3"), w(Role::Guard));
    assert_eq!(at(&pos, "r4"), w(Role::Ferz));
}

#[test]
fn setup_black_mirrors_white_across_the_middle() {
    let pos = TilingRider::standard();
    for s in Square::all() {
        let mirror = Square::from_coords(s.file(), 15 - s.rank()).unwrap();
        let white = pos.piece_at(s).filter(|p| p.1 == Color::White);
        let black = pos.piece_at(mirror).filter(|p| p.1 == Color::Black);
        assert_eq!(white.map(|p| p.0), black.map(|p| p.0), "{s} / {mirror}");
    }
    assert_eq!(at(&pos, "a16"), Some((Role::Wazir, Color::Black)));
    assert_eq!(at(&pos, "b13"), Some((Role::Knight, Color::Black)));
    for rank in 5..=12 {
        for file in 0..18 {
            assert!(pos
                .piece_at(Square::from_coords(file, rank - 1).unwrap())
                .is_none());
        }
    }
}

#[test]
fn setup_gives_each_side_seventeen_of_each_small_piece() {
    // The seed's Paulowich remark ("14 copies of each small piece" once files a-b and one
    // more unit go) holds only with 17 of each.
    let pos = TilingRider::standard();
    for color in Color::ALL {
        for piece in Role::ALL {
            let n = Square::all()
                .filter(|&s| pos.piece_at(s) == Some((piece, color)))
                .count();
            assert_eq!(n, 17, "{color} {piece:?}");
        }
    }
    assert_eq!(pos.turn(), Color::White);
    assert_eq!(TilingRider::start(Rules::Standard), pos);
}
