//! The `paulowich-16` rule set (RULES.md §9): files a–b removed (16 × 16, renamed `a`–`p`),
//! a non-royal giant ferz beside each king. Squares here are named in the NEW naming
//! (`psq`), except where a test says "old".

use super::properties::compare_with_reference;
use super::reference::RefPos;
use chimera_core::{Color, Game, Position, RuleSet};
use chimera_tiling_rider::{Board, Move, MoveKind, Role, Rules, Setup, Square, TilingRider, Unit};

const P16: Rules = Rules::Paulowich16;

/// The start position text (16 files per rank, `Z`/`z` the giant ferzes).
pub const START16: &str = "wgwgwgkkzzgwgwgw/fnfnfnkkzznfnfnf/wgwgwgwggwgwgwgw/fnfnfnfnnfnfnfnf/16/16/16/16/16/16/16/16/FNFNFNFNNFNFNFNF/WGWGWGWGGWGWGWGW/FNFNFNKKZZNFNFNF/WGWGWGKKZZGWGWGW w 0/4 - - 0 1";

/// A square by its paulowich-16 name.
pub fn psq(name: &str) -> Square {
    Square::parse_in(name, P16).unwrap_or_else(|| panic!("bad paulowich-16 square {name}"))
}

/// The unit holding a square named in paulowich-16 naming.
pub fn punit(name: &str) -> Unit {
    psq(name).unit()
}

/// A paulowich-16 setup: kings and (optional) giant ferzes on the units of the squares
/// named, these pieces (`("d4", 'W')`), `turn` to move at the start of a normal turn of
/// `limit` moves.
pub fn setup16(
    turn: Color,
    limit: u8,
    kings: (&str, &str),
    ferzes: (Option<&str>, Option<&str>),
    pieces: &[(&str, char)],
) -> Setup {
    let mut setup = Setup::new(P16);
    assert!(setup.set_king(Color::White, punit(kings.0)));
    assert!(setup.set_king(Color::Black, punit(kings.1)));
    for (color, name) in [(Color::White, ferzes.0), (Color::Black, ferzes.1)] {
        if let Some(name) = name {
            assert!(setup.set_giant_ferz(color, Some(punit(name))));
        }
    }
    for &(s, letter) in pieces {
        assert!(setup.set_piece(psq(s), Some(super::piece_of(letter))));
    }
    super::turn_of(&mut setup, turn, limit);
    setup
}

/// [`setup16`], built.
pub fn pos16(
    turn: Color,
    limit: u8,
    kings: (&str, &str),
    ferzes: (Option<&str>, Option<&str>),
    pieces: &[(&str, char)],
) -> TilingRider {
    let setup = setup16(turn, limit, kings, ferzes, pieces);
    setup.build().expect("a position a game reaches")
}

fn texts(pos: &TilingRider) -> Vec<String> {
    super::legal_texts(pos)
}

fn has(pos: &TilingRider, text: &str) -> bool {
    texts(pos).iter().any(|t| t == text)
}

/// The legal actions agree with the reference's (and stay so for a few random plies).
fn agrees_with_reference(pos: &TilingRider) {
    let result = compare_with_reference(Game::new(pos.clone()), 7, 6, 4);
    assert!(result.is_ok(), "{}", result.unwrap_err());
}

// ---- Board ---------------------------------------------------------------------------

#[test]
fn paulowich_board_is_16_files_by_16_ranks_old_files_a_b_removed() {
    assert_eq!(Rules::from_name("paulowich-16"), Some(P16));
    let board = P16.board();
    assert_eq!(board, Board::PAULOWICH_16);
    assert_eq!((board.files(), board.first_file()), (16, 2));
    assert_eq!(board.squares().count(), 256);
    assert_eq!(board.units().count(), 64);
    // New a1 is old c1; new p16 is old r16.
    assert_eq!(psq("a1"), Square::parse("c1").unwrap());
    assert_eq!(psq("p16"), Square::parse("r16").unwrap());
    assert_eq!(psq("g1").name_in(P16), "g1");
    assert_eq!(Square::parse("a1").unwrap().name_in(P16), "[a1]"); // off the board
    for name in ["q1", "r16", "a17", "a0"] {
        assert_eq!(Square::parse_in(name, P16), None, "{name}");
    }
    // Nothing may ever stand on the removed files.
    let mut setup = Setup::new(P16);
    for old in ["a1", "b1", "a9", "b16"] {
        let s = Square::parse(old).unwrap();
        assert!(!board.contains(s));
        assert!(!setup.set_piece(s, Some((Role::Wazir, Color::White))));
    }
    assert!(!setup.set_king(Color::White, Square::parse("a5").unwrap().unit()));
    // Nothing was placed.
    assert_eq!(setup.build().unwrap(), Setup::new(P16).build().unwrap());
    // The standard board is unchanged.
    assert_eq!(Rules::Standard.board().files(), 18);
    assert_eq!(
        Square::parse_in("r16", Rules::Standard),
        Square::parse("r16")
    );
}

#[test]
fn paulowich_new_a1_unit_is_blue_with_row_tiles() {
    // Unit colours and tiles are those of the 18-file board: new a1 (old c1) is blue, its
    // tiles the rows a1-b1 and a2-b2.
    let a1 = punit("a1");
    assert!(!a1.is_orange());
    assert_eq!(psq("a1").tile_mate(), psq("b1"));
    assert_eq!(psq("a2").tile_mate(), psq("b2"));
    assert!(punit("c1").is_orange());
    assert_eq!(psq("c1").tile_mate(), psq("c2"));
}

#[test]
fn paulowich_new_a1_to_p16_diagonal_is_blue() {
    for i in 0..16u8 {
        let s = P16.board().square(i, i).unwrap();
        assert!(!s.unit().is_orange(), "{}", s.name_in(P16));
    }
    // And its other diagonal (a16 to p1) is orange, as the standard board's h1-a8 is light.
    for i in 0..16u8 {
        let s = P16.board().square(i, 15 - i).unwrap();
        assert!(s.unit().is_orange(), "{}", s.name_in(P16));
    }
}

#[test]
fn paulowich_moves_never_land_on_the_removed_files() {
    // A wazir, ferz, guard and knight on the new a-file, and a rook and nightrider
    // aggregate at its edge: nothing reaches old files a-b.
    let pos = pos16(
        Color::White,
        3,
        ("o1", "o15"),
        (None, None),
        &[
            ("a8", 'W'),
            ("a10", 'F'),
            ("a12", 'G'),
            ("a6", 'N'),
            ("a3", 'w'),
            ("b3", 'w'),
            ("a4", 'w'),
            ("b4", 'w'),
            ("c13", 'N'),
            ("d13", 'N'),
            ("c14", 'N'),
            ("d14", 'N'),
        ],
    );
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    assert!(moves.len() > 20);
    for mv in moves {
        for s in mv.to_squares() {
            assert!(P16.board().contains(s), "{}", pos.move_text(mv));
        }
    }
    agrees_with_reference(&pos);
}

// ---- Setup ---------------------------------------------------------------------------

#[test]
fn paulowich_setup_kings_on_g1_h2_and_g15_h16() {
    let pos = TilingRider::start(P16);
    for s in ["g1", "g2", "h1", "h2"] {
        assert_eq!(pos.king_at(psq(s)), Some(Color::White));
    }
    for s in ["g15", "g16", "h15", "h16"] {
        assert_eq!(pos.king_at(psq(s)), Some(Color::Black));
    }
    // The same units as the 18-file board's i1 and i15.
    assert_eq!(
        pos.king_unit(Color::White),
        Square::parse("i1").unwrap().unit()
    );
}

#[test]
fn paulowich_setup_giant_ferzes_on_i1_j2_and_i15_j16() {
    let pos = TilingRider::start(P16);
    for s in ["i1", "i2", "j1", "j2"] {
        assert_eq!(pos.giant_ferz_at(psq(s)), Some(Color::White));
        assert_eq!(pos.piece_at(psq(s)), None);
    }
    for s in ["i15", "i16", "j15", "j16"] {
        assert_eq!(pos.giant_ferz_at(psq(s)), Some(Color::Black));
    }
    // Old k1 k2 l1 l2 / k15 k16 l15 l16.
    assert_eq!(
        pos.giant_ferz_unit(Color::White),
        Some(Square::parse("k1").unwrap().unit())
    );
    assert_eq!(
        pos.giant_ferz_unit(Color::Black),
        Some(Square::parse("l16").unwrap().unit())
    );
    // The standard and wheeler games have none.
    assert_eq!(TilingRider::standard().giant_ferz_unit(Color::White), None);
    assert!(!Setup::new(Rules::Standard).set_giant_ferz(Color::White, Some(punit("a5"))));
}

#[test]
fn paulowich_setup_small_pieces_follow_the_standard_pattern_by_old_file() {
    let pos = TilingRider::start(P16);
    let at = |s: &str| pos.piece_at(psq(s));
    let w = |p| Some((p, Color::White));
    let b = |p| Some((p, Color::Black));
    // Old files c-j (new a-h): W G below, F N above.
    assert_eq!(at("a1"), w(Role::Wazir));
    assert_eq!(at("b1"), w(Role::Guard));
    assert_eq!(at("a2"), w(Role::Ferz));
    assert_eq!(at("b2"), w(Role::Knight));
    assert_eq!(at("g3"), w(Role::Wazir));
    assert_eq!(at("h4"), w(Role::Knight));
    // Old files k-r (new i-p): G W below, N F above.
    assert_eq!(at("i3"), w(Role::Guard));
    assert_eq!(at("j3"), w(Role::Wazir));
    assert_eq!(at("k1"), w(Role::Guard));
    assert_eq!(at("l1"), w(Role::Wazir));
    assert_eq!(at("k2"), w(Role::Knight));
    assert_eq!(at("p2"), w(Role::Ferz));
    // Black mirrors across the middle.
    assert_eq!(at("a16"), b(Role::Wazir));
    assert_eq!(at("b13"), b(Role::Knight));
    assert_eq!(at("p15"), b(Role::Ferz));
    for s in P16.board().squares() {
        let mirror = Square::from_coords(s.file(), 15 - s.rank()).unwrap();
        let white = pos.piece_at(s).filter(|p| p.1 == Color::White);
        let black = pos.piece_at(mirror).filter(|p| p.1 == Color::Black);
        assert_eq!(white.map(|p| p.0), black.map(|p| p.0));
    }
}

#[test]
fn paulowich_setup_gives_each_side_fourteen_of_each_small_piece() {
    let pos = TilingRider::start(P16);
    for color in Color::ALL {
        for piece in Role::ALL {
            let n = Square::all()
                .filter(|&s| pos.piece_at(s) == Some((piece, color)))
                .count();
            assert_eq!(n, 14, "{color} {piece:?}");
        }
    }
    assert_eq!(pos.to_text(), START16);
}

#[test]
fn paulowich_turns_are_moderate_progressive_four_then_eight() {
    let mut game: Game<TilingRider> = Game::start(P16);
    assert_eq!(
        (game.position().move_limit(), game.position().min_moves()),
        (4, 4)
    );
    for m in ["a4-b5", "c4-d5", "e4-f5", "g4-h5"] {
        assert!(game.play_text(";").is_err());
        game.play_text(m).unwrap();
    }
    let pos = game.position();
    assert_eq!(
        (pos.turn(), pos.move_limit(), pos.min_moves()),
        (Color::Black, 8, 8)
    );
    for m in [
        "a13-b12", "b13-c11", "c13-d12", "d13-e11", "e13-f12", "f13-g11", "g13-h12", "h13-i11",
    ] {
        game.play_text(m).unwrap();
    }
    let pos = game.position();
    assert_eq!(
        (pos.turn(), pos.move_limit(), pos.min_moves()),
        (Color::White, 9, 1)
    );
}

// ---- The giant ferz ------------------------------------------------------------------

#[test]
fn giant_ferz_steps_one_unit_diagonally() {
    let pos = pos16(Color::White, 2, ("a1", "o15"), (Some("g7"), None), &[]);
    let z: Vec<String> = texts(&pos)
        .into_iter()
        .filter(|m| m.starts_with('Z'))
        .collect();
    assert_eq!(z, ["Zg7-e5", "Zg7-e9", "Zg7-i5", "Zg7-i9"]);
    let next = super::after(&pos, &["Zg7-i9"]);
    assert_eq!(next.giant_ferz_unit(Color::White), Some(punit("i9")));
    for s in ["g7", "g8", "h7", "h8"] {
        assert_eq!(next.giant_ferz_at(psq(s)), None);
    }
    // At the board's edge it has fewer steps; none onto the removed files.
    let edge = pos16(Color::White, 2, ("o1", "o15"), (Some("a7"), None), &[]);
    let z: Vec<String> = texts(&edge)
        .into_iter()
        .filter(|m| m.starts_with('Z'))
        .collect();
    assert_eq!(z, ["Za7-c5", "Za7-c9"]);
    agrees_with_reference(&pos);
}

#[test]
fn giant_ferz_never_steps_onto_a_friendly_piece_or_a_king() {
    let pos = pos16(
        Color::White,
        2,
        ("i9", "e9"),
        (Some("g7"), None),
        &[("f6", 'N')],
    );
    let z: Vec<String> = texts(&pos)
        .into_iter()
        .filter(|m| m.starts_with('Z'))
        .collect();
    assert_eq!(z, ["Zg7-i5"]);
}

#[test]
fn giant_ferz_captures_every_enemy_piece_in_the_unit() {
    let pos = pos16(
        Color::White,
        2,
        ("a1", "o15"),
        (Some("g7"), Some("e5")),
        &[("i9", 'w'), ("j10", 'n'), ("i10", 'G')],
    );
    assert!(!has(&pos, "Zg7xi9")); // a friendly guard stands on i10
    let pos = pos16(
        Color::White,
        2,
        ("a1", "o15"),
        (Some("g7"), Some("e5")),
        &[("i9", 'w'), ("j10", 'n')],
    );
    let next = super::after(&pos, &["Zg7xi9"]);
    assert_eq!(next.piece_at(psq("i9")), None);
    assert_eq!(next.piece_at(psq("j10")), None);
    assert_eq!(next.giant_ferz_at(psq("j10")), Some(Color::White));
    assert_eq!(next.turn_clock(), 0);
    // Including the enemy giant ferz.
    let next = super::after(&pos, &["Zg7xe5"]);
    assert_eq!(next.giant_ferz_unit(Color::Black), None);
    assert_eq!(next.giant_ferz_unit(Color::White), Some(punit("e5")));
    agrees_with_reference(&pos);
}

#[test]
fn giant_ferz_is_captured_whole_by_a_small_piece_on_any_of_its_squares() {
    // Black's giant ferz on g7 g8 h7 h8 (a blue unit: tiles g7-h7, g8-h8).
    let pos = pos16(
        Color::White,
        2,
        ("a1", "o15"),
        (None, Some("g7")),
        &[("g6", 'W'), ("i10", 'N')],
    );
    // The knight reaches only h8 of it, and the capture is not elongated onto g8.
    let t = super::targets(&pos, &psq("i10").to_string());
    let t: Vec<String> = t
        .iter()
        .map(|s| Square::parse(s).unwrap().name_in(P16))
        .collect();
    assert!(
        t.contains(&"h8".to_string()) && !t.contains(&"g8".to_string()),
        "{t:?}"
    );
    for (mv, square) in [("g6xg7", "g7"), ("i10xh8", "h8")] {
        let next = super::after(&pos, &[mv]);
        assert_eq!(next.giant_ferz_unit(Color::Black), None, "{mv}");
        for s in ["g7", "g8", "h7", "h8"] {
            assert_eq!(next.giant_ferz_at(psq(s)), None);
            if s != square {
                assert_eq!(next.piece_at(psq(s)), None);
            }
        }
        assert_eq!(next.piece_at(psq(square)).unwrap().1, Color::White);
        assert_eq!(next.turn_clock(), 0);
    }
    agrees_with_reference(&pos);
}

#[test]
fn giant_ferz_is_captured_whole_by_an_aggregate_or_king_entering_its_unit() {
    let rook = [("g3", 'W'), ("h3", 'W'), ("g4", 'W'), ("h4", 'W')];
    let pos = pos16(Color::White, 2, ("a1", "o15"), (None, Some("g7")), &rook);
    assert!(has(&pos, "Wg3xg7"));
    let next = super::after(&pos, &["Wg3xg7"]);
    assert_eq!(next.giant_ferz_unit(Color::Black), None);
    assert_eq!(next.aggregates(Color::White).len(), 1);
    // The king, from e7 (orthogonally next to it: no check), steps onto it.
    let pos = pos16(Color::White, 2, ("e7", "o15"), (None, Some("g7")), &[]);
    assert!(!pos.in_check(Color::White));
    let next = super::after(&pos, &["Ke7xg7"]);
    assert_eq!(next.giant_ferz_unit(Color::Black), None);
    assert_eq!(next.king_unit(Color::White), punit("g7"));
    agrees_with_reference(&pos);
}

#[test]
fn small_pieces_never_move_onto_their_own_giant_ferz() {
    let pos = pos16(
        Color::White,
        2,
        ("a1", "o15"),
        (Some("g7"), None),
        &[("g6", 'W'), ("f9", 'G'), ("i10", 'N')],
    );
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let own: Vec<Square> = punit("g7").squares().to_vec();
    for mv in moves {
        if mv.kind() == MoveKind::Single {
            assert!(
                !own.contains(&mv.to_square().unwrap()),
                "{}",
                pos.move_text(mv)
            );
        }
    }
}

#[test]
fn giant_ferz_blocks_aggregates_and_is_never_part_of_one() {
    // A black rook aggregate on g13 aims down the g-file at the white king on g5; either
    // giant ferz on g9 blocks it.
    let rook = [("g13", 'w'), ("h13", 'w'), ("g14", 'w'), ("h14", 'w')];
    let open = pos16(Color::White, 2, ("g5", "o15"), (None, None), &rook);
    assert!(open.in_check(Color::White));
    let mine = pos16(Color::White, 2, ("g5", "o15"), (Some("g9"), None), &rook);
    assert!(!mine.in_check(Color::White));
    let theirs = pos16(Color::White, 2, ("g5", "o15"), (None, Some("g9")), &rook);
    assert!(!theirs.in_check(Color::White));
    // A white rook aggregate stops before its own giant ferz, and captures up to an enemy one.
    let up = [("g1", 'W'), ("h1", 'W'), ("g2", 'W'), ("h2", 'W')];
    let pos = pos16(Color::White, 2, ("a1", "o15"), (Some("g7"), None), &up);
    let w: Vec<String> = texts(&pos)
        .into_iter()
        .filter(|m| m.starts_with("Wg1") && m[4..].starts_with('g'))
        .collect();
    assert_eq!(w, ["Wg1-g3", "Wg1-g5"]);
    let pos = pos16(Color::White, 2, ("a1", "o15"), (None, Some("g7")), &up);
    assert!(has(&pos, "Wg1xg7") && !has(&pos, "Wg1-g9"));
    // The giant ferz's unit holds no small piece, so it never is (part of) an aggregate.
    let start = TilingRider::start(P16);
    for c in Color::ALL {
        let g = start.giant_ferz_unit(c).unwrap();
        assert!(start.aggregates(c).iter().all(|&(u, _)| u != g));
    }
    agrees_with_reference(&mine);
}

#[test]
fn giant_ferz_gives_check_from_a_diagonally_adjacent_unit() {
    let king_e5 = |z: &str| pos16(Color::White, 2, ("e5", "o15"), (None, Some(z)), &[]);
    for z in ["c3", "g3", "c7", "g7"] {
        assert!(king_e5(z).in_check(Color::White), "{z}");
    }
    for z in ["e7", "g5", "e3", "c5", "g9", "a5"] {
        assert!(!king_e5(z).in_check(Color::White), "{z}");
    }
}

#[test]
fn king_may_not_step_onto_a_unit_diagonally_adjacent_to_the_enemy_giant_ferz() {
    let pos = pos16(Color::White, 2, ("e5", "o15"), (None, Some("g9")), &[]);
    assert!(!pos.in_check(Color::White));
    let kings: Vec<String> = texts(&pos)
        .into_iter()
        .filter(|m| m.starts_with('K'))
        .collect();
    assert_eq!(kings, ["Ke5-c5", "Ke5-e3", "Ke5-g5"]); // not e7, next to g9 diagonally
                                                       // Stepping onto its unit captures it, and then it attacks nothing.
    let pos = pos16(Color::White, 2, ("e5", "o15"), (None, Some("e7")), &[]);
    assert!(has(&pos, "Ke5xe7"));
    agrees_with_reference(&pos);
}

#[test]
fn giant_ferz_moves_at_most_once_per_turn() {
    let pos = pos16(
        Color::White,
        3,
        ("a1", "o15"),
        (Some("g7"), None),
        &[("o5", 'W')],
    );
    let next = super::after(&pos, &["Zg7-i9"]);
    assert_eq!(next.turn(), Color::White);
    assert!(next.giant_ferz_has_moved());
    assert!(!texts(&next).iter().any(|m| m.starts_with('Z')));
    assert!(
        next.to_text().ends_with(" w 1/3 Z 2 0 3"),
        "{}",
        next.to_text()
    );
    let black = super::after(&next, &[";"]);
    assert!(!black.giant_ferz_has_moved());
    let white = super::after(&black, &["Ko15-o13", ";"]);
    assert_eq!(white.turn(), Color::White);
    assert!(texts(&white).iter().any(|m| m.starts_with('Z')));
}

#[test]
fn a_checking_giant_ferz_may_be_captured_on_any_of_its_squares() {
    // White's king a1 is checked by Black's giant ferz on c3; its escapes are blocked by
    // its own ferzes on c1 and a3 (which cannot reach the giant ferz).
    let base = [("c1", 'F'), ("a3", 'F')];
    let with = |extra: &[(&'static str, char)], limit: u8| {
        let mut pieces = base.to_vec();
        pieces.extend_from_slice(extra);
        pos16(
            Color::White,
            limit,
            ("a1", "o15"),
            (None, Some("c3")),
            &pieces,
        )
    };
    let alone = with(&[], 1);
    assert!(alone.in_check(Color::White));
    assert!(texts(&alone).is_empty()); // checkmate
                                       // A knight on b5 reaches c3 and d4 of it; one on e6 only the far corner d4.
    assert_eq!(texts(&with(&[("b5", 'N')], 1)), ["b5xc3", "b5xd4"]);
    assert_eq!(texts(&with(&[("e6", 'N')], 1)), ["e6xd4"]);
    // Two moves: a white rook aggregate on c9 aims down the c-file at the giant ferz, but
    // its own guard on c7 is in the way. The guard steps off the line first (the check
    // stands mid-turn), then the rook captures: the only legal first moves are the guard's
    // steps leaving the units c7 and c5.
    let rook = [
        ("c9", 'W'),
        ("d9", 'W'),
        ("c10", 'W'),
        ("d10", 'W'),
        ("c7", 'G'),
    ];
    let two = with(&rook, 2);
    let legal = texts(&two);
    assert!(legal.contains(&"c7-b7".to_string()), "{legal:?}");
    assert!(legal.iter().all(|m| m.starts_with("c7-")), "{legal:?}");
    assert!(!legal.contains(&"c7-c6".to_string()) && !legal.contains(&"c7-d8".to_string()));
    let next = super::after(&two, &["c7-b7"]);
    assert!(next.in_check(Color::White));
    assert_eq!(texts(&next), ["Wc9xc3"]);
    for pos in [alone, with(&[("b5", 'N')], 1), with(&[("e6", 'N')], 1), two] {
        agrees_with_reference(&pos);
    }
}

#[test]
fn our_giant_ferz_can_capture_or_block_to_save_the_king() {
    // Checked by a black knight on c4 (it attacks b2, a square of the king's unit a1 b1 a2
    // b2): our giant ferz on e5 steps onto the knight's unit c3 and captures it.
    let pos = pos16(
        Color::White,
        1,
        ("a1", "o15"),
        (Some("e5"), None),
        &[("c4", 'n'), ("c1", 'F'), ("a3", 'F')],
    );
    assert!(pos.in_check(Color::White));
    assert_eq!(texts(&pos), ["Ze5xc3"]);
    // A black bishop aggregate on g7 checks along the unit diagonal g7-e5-c3-a1; our giant
    // ferz on c7 steps in between, onto e5.
    let bishop = [
        ("g7", 'f'),
        ("h7", 'f'),
        ("g8", 'f'),
        ("h8", 'f'),
        ("c1", 'F'),
        ("a3", 'F'),
    ];
    let pos = pos16(Color::White, 1, ("a1", "o15"), (Some("c7"), None), &bishop);
    assert!(pos.in_check(Color::White));
    assert!(texts(&pos).contains(&"Zc7-e5".to_string()));
    agrees_with_reference(&pos);
}

// ---- Notation ------------------------------------------------------------------------

#[test]
fn paulowich_notation_uses_the_new_file_names() {
    let start = TilingRider::start(P16);
    let mv = start.parse_move("a4-b5").unwrap();
    assert_eq!(mv, Move::single(psq("a4"), psq("b5")));
    assert_eq!(start.move_text(mv), "a4-b5");
    // Every legal action's text reads back to it.
    let mut moves = Vec::new();
    start.legal_moves(&mut moves);
    assert_eq!(moves.len(), 88);
    for &mv in &moves {
        let text = start.move_text(mv);
        assert_eq!(start.parse_move(&text).unwrap(), mv, "{text}");
    }
    // Unit moves name lower-left squares in the new naming; any square of a unit is read.
    let pos = pos16(
        Color::White,
        2,
        ("a1", "o15"),
        (Some("g7"), None),
        &[("i9", 'n')],
    );
    let z = pos.parse_move("Zg7-i9").unwrap();
    assert_eq!(z, Move::giant_ferz(punit("g7"), punit("i9")));
    assert_eq!(pos.parse_move("zh8xj10").unwrap(), z);
    assert_eq!(pos.move_text(z), "Zg7xi9");
    let k = pos.parse_move("Ka1-c1").unwrap();
    assert_eq!(k, Move::king(punit("a1"), punit("c1")));
    assert_eq!(pos.move_text(k), "Ka1-c1");
    // The standard game's names are unchanged, and it has no Z.
    let std = TilingRider::standard();
    assert_eq!(std.move_text(std.parse_move("a4-b6").unwrap()), "a4-b6");
    assert!(std.parse_move("Zk1-m3").is_err());
    // Nor any Z in its position texts.
    let std_text = std.to_text().replacen("WGWG", "ZGWG", 1);
    let err = TilingRider::from_text(&std_text, Rules::Standard).unwrap_err();
    assert!(err.reason.contains("`Z` is not a piece"), "{err}");
}

#[test]
fn paulowich_square_names_off_the_board_are_errors_naming_the_square() {
    let start = TilingRider::start(P16);
    for (text, square) in [
        ("q1-q2", "q1"),
        ("a4-r5", "r5"),
        ("Wq3-o5", "q3"),
        ("Kg1-s1", "s1"),
    ] {
        let err = start.parse_move(text).unwrap_err();
        assert!(err.reason.contains(&format!("`{square}`")), "{text}: {err}");
        assert!(err.reason.contains("a1–p16"), "{text}: {err}");
    }
    let err = TilingRider::from_text(&START16.replace(" w 0/4 - - 0 1", " w 1/4 q5 - 0 1"), P16)
        .unwrap_err();
    assert!(err.place.contains("q5"), "{err}");
}

#[test]
fn paulowich_position_text_round_trips() {
    let start = TilingRider::start(P16);
    assert_eq!(TilingRider::from_text(START16, P16).unwrap(), start);
    // Mid-turn, with the giant ferz marked as moved (`Z`) among the moved pieces.
    let mut pos = setup16(
        Color::White,
        5,
        ("a1", "o15"),
        (Some("g7"), Some("k11")),
        &[
            ("e5", 'W'),
            ("f5", 'W'),
            ("e6", 'W'),
            ("f7", 'W'),
            ("m3", 'N'),
        ],
    );
    let pos = pos
        .set_turn_number(3) // after Black's second turn, of 4 moves
        .set_last_turn_length(4)
        .build()
        .unwrap();
    let mid = super::after(&pos, &["f7-f6", "We5-e9", "Zg7-i9", "Ka1-a3"]);
    let text = mid.to_text();
    assert!(
        text.ends_with(" w 4/5 e9*,f9*,e10*,f10*,K,Z 4 0 3"),
        "{text}"
    );
    let ranks: Vec<&str> = text.split(' ').next().unwrap().split('/').collect();
    assert_eq!(ranks[5], "10zz4"); // rank 11: Black's giant ferz on k11-l12
    let back = TilingRider::from_text(&text, P16).unwrap();
    assert_eq!(back, mid);
    assert_eq!(back.zobrist(), mid.zobrist());
    assert_eq!(back.to_text(), text);
    // The ends of strictness: 18-file ranks, a giant ferz marked twice or missing, a broken
    // giant ferz, a Z under the standard rules.
    let bad = [
        (START16.replacen("16/", "18/", 1), "rank"),
        (text.replace(",K,Z", ",K,Z,Z"), "field 4"),
        (START16.replace("ZZ", "ZG"), "board"),
        (
            START16
                .replace(" w 0/4 - - 0 1", " w 1/4 Z - 0 1")
                .replace("ZZ", "GG"),
            "field 4",
        ),
    ];
    for (t, place) in bad {
        let err = TilingRider::from_text(&t, P16).unwrap_err();
        assert!(err.place.contains(place), "`{t}`: {err}");
    }
    assert!(TilingRider::from_text(START16, Rules::Standard).is_err());
    let std = TilingRider::standard().to_text();
    assert!(TilingRider::from_text(&std, P16).is_err()); // 18 files
}

#[test]
fn giant_ferz_and_its_moved_state_are_in_the_zobrist_key() {
    let pos = pos16(
        Color::White,
        3,
        ("a1", "o15"),
        (Some("g7"), None),
        &[
            ("o5", 'W'),
            ("a9", 'W'),
            ("b9", 'W'),
            ("a10", 'W'),
            ("b10", 'W'),
        ],
    );
    // An aggregate move, then the giant ferz's: 2 of 3 moves made.
    let moved = super::after(&pos, &["Wa9-a11", "Zg7-i9"]);
    // The same board and moves made, the aggregate's marks (1 to 5 moves), not the giant
    // ferz's.
    let mut placed = Setup::from_position(&moved);
    placed.clear_marks();
    for s in ["a11", "b11", "a12", "b12"] {
        placed.mark_used_by_aggregate(psq(s));
    }
    let placed = placed.build().unwrap();
    // Same board, same count; only the "moved this turn" state differs.
    assert_eq!(
        placed.to_text().split(' ').next(),
        moved.to_text().split(' ').next()
    );
    assert_ne!(placed.zobrist(), moved.zobrist());
    assert_eq!(moved.zobrist(), moved.zobrist_from_scratch());
    assert_ne!(pos.zobrist(), placed.zobrist());
    let mut gone = Setup::from_position(&pos);
    assert!(gone.set_giant_ferz(Color::White, None));
    let gone = gone.build().unwrap();
    assert_ne!(gone.zobrist(), pos.zobrist());
    assert_eq!(gone.zobrist(), gone.zobrist_from_scratch());
}

// ---- Pictures, options, the program --------------------------------------------------

#[test]
fn paulowich_render_draws_16_files_and_the_giant_ferz_as_one_figure() {
    use chimera_core::Render;
    let mut game: Game<TilingRider> = Game::start(P16);
    game.play_text("a4-b5").unwrap();
    let text = game.position().text_diagram(game.last_move());
    println!("{text}");
    let first = text.lines().next().unwrap();
    assert!(first.contains("a   b   c") && first.contains(" p ") && !first.contains(" q "));
    assert!(text.contains(" Z   Z ") && text.contains(" z   z ")); // one figure each
    assert!(text.contains("Last move: a4-b5 (White)"));
    assert!(text.contains("Z giant ferz"));
    let svg = game.position().svg(game.last_move());
    assert_eq!(svg.matches("class=\"tile\"").count(), 128);
    assert_eq!(svg.matches("class=\"giant-ferz\"").count(), 2);
    assert_eq!(svg.matches("class=\"king\"").count(), 2);
    assert_eq!(svg.matches("class=\"piece\"").count(), 112);
    assert!(svg.contains(">p</text>") && !svg.contains(">q</text>"));
    if let Ok(path) = std::env::var("TILING_RIDER_P16_SVG_OUT") {
        std::fs::write(path, &svg).unwrap();
    }
}

#[test]
fn paulowich_16_is_a_named_rule_set_the_program_accepts() {
    assert!(Rules::NAMES.contains(&"paulowich-16"));
    assert_eq!(Rules::from_name("Paulowich-16"), Some(P16));
    assert_eq!(P16.name(), "paulowich-16");
    let variant = chimera_core::Variant::of::<TilingRider>("Tiling Rider Chess");
    let mut game = (variant.new_game)(Some("paulowich-16"), None).unwrap();
    assert_eq!(game.legal_moves().len(), 88);
    assert_eq!(game.play("a4-b5").unwrap(), "a4-b5");
    assert!(game.svg().contains("giant-ferz"));
    assert!((variant.new_game)(Some("paulowich-16"), Some(START16)).is_ok());
}

#[test]
fn paulowich_reference_reads_the_start() {
    // The reference sees 16 files, the giant ferzes, and the same 88 first actions.
    let start = TilingRider::start(P16);
    let r = RefPos::of(&start);
    assert_eq!(r.first_file, 2);
    let mut mine = Vec::new();
    start.legal_moves(&mut mine);
    let mut theirs: Vec<Move> = r.legal().into_iter().map(|m| m.to_move()).collect();
    mine.sort();
    theirs.sort();
    assert_eq!(mine, theirs);
}
