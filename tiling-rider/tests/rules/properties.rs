//! Property tests: random playouts through the conformance kit, the fast engine against the
//! reference action by action, and the parsers on position-like and move-like text (on any
//! text, the kit's conformance tests, `tests/conformance.rs`).

use super::reference::RefPos;
use super::start_game;
use chimera_core::Color;
use chimera_core::{Game, Position};
use chimera_test_kit::{check_parsers, check_playout, SplitMix64};
use chimera_tiling_rider::{Move, Role, Rules, Setup, Square, TilingRider, Unit};
use proptest::prelude::*;

#[test]
fn move_is_small() {
    assert!(std::mem::size_of::<Move>() <= 6);
}

/// Plays a random game, comparing at every ply the legal actions with the reference's, and
/// the position after every legal action with the reference's move making.
/// Stops (successfully) when a turn has more than `max_remaining` moves left: the
/// reference's brute-force search is exponential in them.
pub fn compare_with_reference(
    start: Game<TilingRider>,
    seed: u64,
    plies: usize,
    max_remaining: u8,
) -> Result<(), String> {
    let mut rng = SplitMix64::new(seed);
    let mut game = start;
    let mut moves = Vec::new();
    for _ in 0..plies {
        let pos = game.position().clone();
        if pos.move_limit() - pos.moves_made() > max_remaining {
            break;
        }
        pos.legal_moves(&mut moves); // history aside: the reference knows none
        let reference = RefPos::of(&pos);
        let mut expected: Vec<Move> = reference.legal().into_iter().map(|m| m.to_move()).collect();
        let mut got = moves.clone();
        got.sort();
        expected.sort();
        if got != expected && pos.terminal().is_none() {
            return Err(format!(
                "moves differ in `{}`: fast {:?}, reference {:?}",
                pos.to_text(),
                got.iter().map(|&m| pos.move_text(m)).collect::<Vec<_>>(),
                expected
                    .iter()
                    .map(|&m| pos.move_text(m))
                    .collect::<Vec<_>>()
            ));
        }
        for (i, &mv) in moves.iter().enumerate() {
            if i % 7 != 0 {
                continue;
            }
            let mut fast = pos.clone();
            fast.play_unchecked(mv);
            let mut slow = reference.clone();
            let rm = reference
                .legal()
                .into_iter()
                .find(|r| r.to_move() == mv)
                .expect("same moves");
            slow.play(rm);
            let mut back = RefPos::of(&fast);
            back.just_ended = slow.just_ended;
            if back != slow {
                return Err(format!(
                    "{} in `{}` gives `{}`, the reference differs",
                    pos.move_text(mv),
                    pos.to_text(),
                    fast.to_text(),
                ));
            }
        }
        game.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        game.play_unchecked(moves[rng.below(moves.len())]);
    }
    Ok(())
}

// Games from the start use fixed seeds: a random game can reach a position whose turn
// search takes minutes (RULES.md §5, worst case), which must not make the test run's time
// depend on luck. The seeds below are simply the first ones; none is skipped.

#[test]
fn conformance_playouts_from_the_start() {
    for seed in 0..24u64 {
        let result = check_playout(start_game(), seed, 120);
        assert!(result.is_ok(), "seed {seed}: {}", result.unwrap_err());
    }
}

#[test]
fn playouts_agree_with_the_reference() {
    for seed in 0..8u64 {
        let result = compare_with_reference(start_game(), seed, 60, u8::MAX);
        assert!(result.is_ok(), "seed {seed}: {}", result.unwrap_err());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn parsers_never_panic_on_position_like_strings(
        text in "[WFGNKwfgnk1-9/]{0,90}( [wbx]( [0-9]{1,2}/[0-9]{1,2}( [a-r0-9,*K-]{1,12}( [0-9-]{1,2}( [0-9]{1,3}( [0-9]{1,3})?)?)?)?)?)?"
    ) {
        prop_assert_eq!(check_parsers(&TilingRider::standard(), &text), Ok(()));
    }

    #[test]
    fn parsers_never_panic_on_move_like_strings(text in "[a-rA-Z0-9xX;:\\- ]{0,9}") {
        prop_assert_eq!(check_parsers(&TilingRider::standard(), &text), Ok(()));
    }
}

/// Puts 3 to 10 random pieces of random colours on squares `free` accepts, two in three
/// within three files and ranks of a random anchor unit (a missing anchor places nothing),
/// the others anywhere (off the board `set_piece` refuses).
pub fn scatter_pieces(
    pos: &mut Setup,
    rng: &mut SplitMix64,
    anchors: &[Option<Unit>],
    free: impl Fn(&Setup, Square) -> bool,
) {
    let n = 3 + rng.below(8);
    for _ in 0..n {
        let Some(near) = anchors[rng.below(anchors.len())] else {
            continue;
        };
        let near = near.lower_left();
        let s = if rng.below(3) > 0 {
            let f = near.file() as i32 + rng.below(7) as i32 - 3;
            let r = near.rank() as i32 + rng.below(7) as i32 - 3;
            if f < 0 || r < 0 {
                continue;
            }
            match Square::from_coords(f as u8, r as u8) {
                Some(s) => s,
                None => continue,
            }
        } else {
            Square::from_index(rng.below(288)).unwrap()
        };
        if free(pos, s) {
            pos.set_piece(s, Some((Role::ALL[rng.below(4)], Color::ALL[rng.below(2)])));
        }
    }
}

/// A random small position: kings on random units (not side by side), a few pieces of both
/// colours, many of them near the kings, sometimes an aggregate, a short turn (sometimes an
/// exact one, sometimes under `wheeler`), either side to move. Checks are frequent.
pub fn random_position(seed: u64) -> TilingRider {
    let mut rng = SplitMix64::new(seed);
    let wheeler = rng.below(10) == 0;
    let mut pos = Setup::new(if wheeler {
        Rules::Wheeler
    } else {
        Rules::Standard
    });
    let (wk, bk) = loop {
        let a = Unit::from_index(rng.below(72)).unwrap();
        let b = Unit::from_index(rng.below(72)).unwrap();
        let d = (a.u() as i32 - b.u() as i32).abs() + (a.v() as i32 - b.v() as i32).abs();
        if d >= 2 {
            break (a, b);
        }
    };
    pos.set_king(Color::White, wk);
    pos.set_king(Color::Black, bk);
    let free = |pos: &Setup, s: Square| pos.piece_at(s).is_none() && pos.king_at(s).is_none();
    if rng.below(2) == 0 {
        let u = Unit::from_index(rng.below(72)).unwrap();
        if u.squares().iter().all(|&s| free(&pos, s)) {
            let piece = Role::ALL[rng.below(4)];
            let color = Color::ALL[rng.below(2)];
            for s in u.squares() {
                pos.set_piece(s, Some((piece, color)));
            }
        }
    }
    scatter_pieces(&mut pos, &mut rng, &[Some(wk), Some(bk)], free);
    set_random_turn(&mut pos, &mut rng, wheeler);
    pos.build().expect("a reachable position")
}

/// A random short turn to move (4 points under `wheeler`, else 1 to 3 moves), either side;
/// one time in five Black's exact first turn instead. All are turn states a game reaches:
/// a normal turn of 2 or 3 moves; under `wheeler` White's first turn (up to 4 points) or
/// Black's first (8) with 4 points made; a turn of exactly `k` moves left (a limit of 1, or
/// the exact first turn) as the last `k` of a first turn (White's 4, Black's 8), its pieces
/// marked as moved for those made, or if the side has too few, a normal turn of 2 or 3.
pub fn set_random_turn(setup: &mut Setup, rng: &mut SplitMix64, wheeler: bool) {
    let mut side = Color::ALL[rng.below(2)];
    let limit = if wheeler { 4 } else { 1 + rng.below(3) as u8 };
    let first_turns = rng.below(5) == 0;
    if first_turns {
        side = Color::Black;
    }
    let (full, last, made) = match (wheeler, side) {
        (true, Color::White) => (4, 0, 0),
        (true, Color::Black) => (8, 4, 4),
        (false, Color::White) if first_turns || limit == 1 => (4, 0, 4 - limit),
        (false, Color::Black) if first_turns || limit == 1 => (8, 4, 8 - limit),
        (false, _) => {
            super::normal_turn(setup, side, limit);
            return;
        }
    };
    setup
        .set_turn(side, made, full)
        .set_turn_number(1)
        .set_last_turn_length(last);
    if !mark_moved(setup, side, made, wheeler) {
        super::normal_turn(setup, side, limit.max(2));
    }
}

/// Marks `side`'s pieces as moved this turn to account for `made` moves (points under
/// `wheeler`, where the king's move is 4): small pieces moved alone, the king if they are
/// too few. `false`, marking nothing, if even that is not enough.
fn mark_moved(setup: &mut Setup, side: Color, made: u8, wheeler: bool) -> bool {
    let own: Vec<Square> = Square::all()
        .filter(|&s| setup.piece_at(s).is_some_and(|(_, c)| c == side))
        .collect();
    let king = if wheeler { 4 } else { 1 };
    let lone = usize::from(made);
    let (lone, with_king) = if own.len() >= lone {
        (lone, false)
    } else if made >= king && own.len() >= usize::from(made - king) {
        (usize::from(made - king), true)
    } else {
        return false;
    };
    for &s in &own[..lone] {
        setup.mark_moved_alone(s);
    }
    if with_king {
        setup.mark_king_moved();
    }
    true
}

#[test]
fn random_positions_agree_with_the_reference() {
    // Short turns from positions full of checks: every legal-action list (the fast proofs,
    // the memoised search and its cut) equals the brute-force reference's.
    let mut checks = 0;
    let mut mates = 0;
    for seed in 0..400u64 {
        let pos = random_position(seed);
        if pos.in_check(pos.turn()) {
            checks += 1;
            if !pos.has_legal_action() {
                mates += 1;
            }
        }
        let result = compare_with_reference(Game::new(pos), seed, 8, 4);
        assert!(result.is_ok(), "seed {seed}: {}", result.unwrap_err());
    }
    assert!(checks > 40 && mates > 3, "{checks} checks, {mates} mates");
}

#[test]
#[ignore = "slow: 2000 more random positions against the reference (turns of at most 3 moves left), about 15 s"]
fn more_random_positions_agree_with_the_reference() {
    agree_with_the_reference(400..2400, random_position, 8, 3);
}

/// Compares with the reference a game from each seed's position (see
/// [`compare_with_reference`]); the seed reached is written to the file `TR_PROGRESS`, if
/// set, for the long runs.
fn agree_with_the_reference(
    seeds: std::ops::Range<u64>,
    position: fn(u64) -> TilingRider,
    plies: usize,
    max_remaining: u8,
) {
    for seed in seeds {
        if let Ok(path) = std::env::var("TR_PROGRESS") {
            std::fs::write(path, format!("{seed}")).unwrap();
        }
        let result = compare_with_reference(Game::new(position(seed)), seed, plies, max_remaining);
        assert!(result.is_ok(), "seed {seed}: {}", result.unwrap_err());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn conformance_playouts_from_random_positions(seed in any::<u64>()) {
        let result = check_playout(Game::new(reachable_turn(random_position(seed))), seed, 40);
        prop_assert!(result.is_ok(), "{}", result.unwrap_err());
    }
}

/// `pos` with a turn state a game can reach (its position text reads back, see RULES.md
/// §10), the board and side kept: under `wheeler` a first turn (White's 4 points, Black's
/// 8); otherwise a turn 20 after an opponent's turn one move shorter than the limit (at
/// least 2). The random positions' own turn states (exact short turns, limits of 1) are
/// for comparing with the reference, which needs no text.
pub fn reachable_turn(pos: TilingRider) -> TilingRider {
    let side = pos.turn();
    let (turn_no, limit, last) = match (pos.rules(), side) {
        (Rules::Wheeler, Color::White) => (1, 4, 0),
        (Rules::Wheeler, Color::Black) => (1, 8, 4),
        _ => {
            let limit = (pos.move_limit() - pos.moves_made()).max(2);
            (20, limit, limit - 1)
        }
    };
    let mut setup = Setup::from_position(&pos);
    setup
        .clear_marks()
        .set_turn(side, 0, limit)
        .set_turn_number(turn_no)
        .set_last_turn_length(last);
    setup.build().expect("a reachable turn")
}

/// A random small `paulowich-16` position, like [`random_position`] on the 16-file board,
/// with giant ferzes: each side usually has one, often on or next to a unit diagonally
/// adjacent to the enemy king (so giant ferz checks, and kings boxed in by them, are
/// frequent), sometimes several of one side's small pieces around it.
pub fn random_position_16(seed: u64) -> TilingRider {
    let mut rng = SplitMix64::new(seed ^ 0x1616_1616);
    let rules = Rules::Paulowich16;
    let board = rules.board();
    let mut pos = Setup::new(rules);
    let units: Vec<Unit> = board.units().collect();
    let (wk, bk) = loop {
        let a = units[rng.below(units.len())];
        let b = units[rng.below(units.len())];
        let d = (a.u() as i32 - b.u() as i32).abs() + (a.v() as i32 - b.v() as i32).abs();
        if d >= 2 {
            break (a, b);
        }
    };
    pos.set_king(Color::White, wk);
    pos.set_king(Color::Black, bk);
    for (color, enemy_king) in [(Color::White, bk), (Color::Black, wk)] {
        if rng.below(5) == 0 {
            continue;
        }
        let unit = if rng.below(3) == 0 {
            // Diagonally next to the enemy king: a check.
            let du = [-1, 1][rng.below(2)];
            let dv = [-1, 1][rng.below(2)];
            match enemy_king.offset(du, dv) {
                Some(u) => u,
                None => continue,
            }
        } else if rng.below(2) == 0 {
            let du = rng.below(5) as i8 - 2;
            let dv = rng.below(5) as i8 - 2;
            match enemy_king.offset(du, dv) {
                Some(u) => u,
                None => continue,
            }
        } else {
            units[rng.below(units.len())]
        };
        if unit == wk || unit == bk || pos.giant_ferz_unit(!color) == Some(unit) {
            continue;
        }
        pos.set_giant_ferz(color, Some(unit)); // false (nothing placed) off the board
    }
    let free = |pos: &Setup, s: Square| {
        pos.piece_at(s).is_none() && pos.king_at(s).is_none() && pos.giant_ferz_at(s).is_none()
    };
    if rng.below(3) == 0 {
        let u = units[rng.below(units.len())];
        if u.squares().iter().all(|&s| free(&pos, s)) {
            let piece = Role::ALL[rng.below(4)];
            let color = Color::ALL[rng.below(2)];
            for s in u.squares() {
                pos.set_piece(s, Some((piece, color)));
            }
        }
    }
    let anchors = [
        Some(wk),
        Some(bk),
        pos.giant_ferz_unit(Color::White),
        pos.giant_ferz_unit(Color::Black),
    ];
    scatter_pieces(&mut pos, &mut rng, &anchors, free);
    set_random_turn(&mut pos, &mut rng, false);
    pos.build().expect("a reachable position")
}

#[test]
fn random_paulowich_positions_with_giant_ferzes_agree_with_the_reference() {
    // Every legal-action list on the 16-file board with giant ferzes (their moves, captures
    // of them, their checks, the cuts that count them) equals the brute-force reference's.
    let (mut checks, mut ferz_checks, mut mates, mut ferz_moves) = (0, 0, 0, 0);
    for seed in 0..300u64 {
        let pos = random_position_16(seed);
        let us = pos.turn();
        if pos.in_check(us) {
            checks += 1;
            let k = pos.king_unit(us);
            if let Some(z) = pos.giant_ferz_unit(!us) {
                if z.u().abs_diff(k.u()) == 1 && z.v().abs_diff(k.v()) == 1 {
                    ferz_checks += 1;
                }
            }
            if !pos.has_legal_action() {
                mates += 1;
            }
        }
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        ferz_moves += moves
            .iter()
            .filter(|m| m.kind() == chimera_tiling_rider::MoveKind::GiantFerz)
            .count();
        let result = compare_with_reference(Game::new(pos), seed, 8, 4);
        assert!(result.is_ok(), "seed {seed}: {}", result.unwrap_err());
    }
    println!("{checks} checks, {ferz_checks} by a giant ferz, {mates} mates, {ferz_moves} giant ferz moves");
    assert!(
        checks > 100 && ferz_checks > 50 && mates >= 3 && ferz_moves > 200,
        "{checks} checks, {ferz_checks} by a giant ferz, {mates} mates, {ferz_moves} giant ferz moves"
    );
}

#[test]
#[ignore = "slow: 2000 more random paulowich-16 positions against the reference (turns of at most 3 moves left)"]
fn more_random_paulowich_positions_agree_with_the_reference() {
    agree_with_the_reference(300..2300, random_position_16, 8, 3);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn conformance_playouts_from_random_paulowich_positions(seed in any::<u64>()) {
        let result = check_playout(Game::new(reachable_turn(random_position_16(seed))), seed, 40);
        prop_assert!(result.is_ok(), "{}", result.unwrap_err());
    }
}

#[test]
fn conformance_playouts_from_the_paulowich_start() {
    for seed in 0..12u64 {
        let result = check_playout(Game::<TilingRider>::start(Rules::Paulowich16), seed, 120);
        assert!(result.is_ok(), "seed {seed}: {}", result.unwrap_err());
    }
}

#[test]
fn paulowich_playouts_agree_with_the_reference() {
    for seed in 0..4u64 {
        let result = compare_with_reference(
            Game::<TilingRider>::start(Rules::Paulowich16),
            seed,
            60,
            u8::MAX,
        );
        assert!(result.is_ok(), "seed {seed}: {}", result.unwrap_err());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn paulowich_parsers_never_panic_on_position_like_strings(
        text in "[WFGNKZwfgnkz1-9/]{0,90}( [wbx]( [0-9]{1,2}/[0-9]{1,2}( [a-rz0-9,*KZ-]{1,12}( [0-9-]{1,2}( [0-9]{1,3}( [0-9]{1,3})?)?)?)?)?)?"
    ) {
        prop_assert_eq!(check_parsers(&TilingRider::start(Rules::Paulowich16), &text), Ok(()));
    }

    #[test]
    fn paulowich_parsers_never_panic_on_move_like_strings(text in "[a-rzA-Z0-9xX;:\\- ]{0,9}") {
        prop_assert_eq!(check_parsers(&TilingRider::start(Rules::Paulowich16), &text), Ok(()));
    }

    #[test]
    fn paulowich_parsers_never_panic_on_edited_start_texts(
        at in 0usize..200, len in 0usize..4, insert in "[WFGNKZwfgnkz0-9/ *,;-]{0,4}"
    ) {
        // The start text with a few characters replaced: mostly near-valid texts.
        let text = super::paulowich::START16;
        let at = at.min(text.len());
        let end = (at + len).min(text.len());
        let edited = format!("{}{}{}", &text[..at], insert, &text[end..]);
        prop_assert_eq!(check_parsers(&TilingRider::start(Rules::Paulowich16), &edited), Ok(()));
    }
}

#[test]
#[ignore = "diagnostic"]
fn diag_long_playouts() {
    let mut worst = (0.0f64, String::new());
    let mut total = 0.0;
    let mut calls = 0;
    for seed in 0..40u64 {
        let mut rng = SplitMix64::new(seed);
        let mut game = start_game();
        let mut moves = Vec::new();
        for _ in 0..1500 {
            std::fs::write(
                "/tmp/tr_last_pos.txt",
                format!(
                    "seed {seed} ply {}\n{}\n",
                    game.moves().len(),
                    game.position().to_text()
                ),
            )
            .unwrap();
            let t = std::time::Instant::now();
            game.legal_moves(&mut moves);
            let e = t.elapsed().as_secs_f64();
            total += e;
            calls += 1;
            if e > worst.0 {
                worst = (e, game.position().to_text());
            }
            if e > 0.2 {
                println!("seed {seed}: {e:.3}s {}", game.position().to_text());
            }
            if moves.is_empty() {
                println!(
                    "seed {seed} ended: {:?} after {} plies",
                    game.outcome(),
                    game.moves().len()
                );
                break;
            }
            game.play_unchecked(moves[rng.below(moves.len())]);
        }
    }
    println!(
        "calls {calls}, mean {:.1} us, worst {:.3}s in {}",
        total / calls as f64 * 1e6,
        worst.0,
        worst.1
    );
}

#[test]
#[ignore = "diagnostic"]
fn diag_one() {
    let text = std::env::var("POS").unwrap();
    let pos = TilingRider::from_text(&text, Rules::Standard).unwrap();
    let t = std::time::Instant::now();
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    println!(
        "fast {:?} {:?}",
        t.elapsed(),
        moves.iter().map(|&m| pos.move_text(m)).collect::<Vec<_>>()
    );
}

#[test]
fn deciding_one_action_agrees_with_the_list() {
    // `is_legal` and `has_legal_move` decide without listing; they must agree with the list
    // for every action the pieces could make, in positions full of checks.
    let mut decided = 0;
    for seed in 0..150u64 {
        let pos = random_position(seed);
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        assert_eq!(pos.has_legal_move(), !legal.is_empty(), "seed {seed}");
        let mut candidates = Vec::new();
        RefPos::of(&pos).any_pseudo(&mut |m| {
            candidates.push(m.to_move());
            false
        });
        for mv in candidates {
            assert_eq!(pos.is_legal(mv), legal.contains(&mv), "seed {seed}: {mv:?}");
            decided += 1;
        }
        assert_eq!(
            pos.is_legal(Move::END_TURN),
            legal.contains(&Move::END_TURN)
        );
    }
    assert!(decided > 1000, "{decided}");
}

/// A random crowded camp: the side to move has its king on a random unit with its own
/// pieces packed on the units around it (so escapes need squares vacated first, and
/// aggregates are half formed), and the enemy a few pieces near that king (checks are the
/// rule), sometimes an aggregate two units away on a line. Turns of 2 or 3 moves.
pub fn crowded_position(seed: u64) -> TilingRider {
    let mut rng = SplitMix64::new(seed ^ 0xC0DE_CA4E);
    let mut pos = Setup::new(Rules::Standard);
    let side = Color::ALL[rng.below(2)];
    let (k, ek) = loop {
        let a = Unit::from_index(rng.below(72)).unwrap();
        let b = Unit::from_index(rng.below(72)).unwrap();
        let d = (a.u() as i32 - b.u() as i32).abs() + (a.v() as i32 - b.v() as i32).abs();
        if d >= 4 {
            break (a, b);
        }
    };
    pos.set_king(side, k);
    pos.set_king(!side, ek);
    let free = |pos: &Setup, s: Square| pos.piece_at(s).is_none() && pos.king_at(s).is_none();
    let near = |rng: &mut SplitMix64, spread: i32| -> Option<Square> {
        let c = k.lower_left();
        let f = c.file() as i32 + rng.below(2 * spread as usize + 2) as i32 - spread;
        let r = c.rank() as i32 + rng.below(2 * spread as usize + 2) as i32 - spread;
        if f < 0 || r < 0 {
            return None;
        }
        Square::from_coords(f as u8, r as u8)
    };
    if rng.below(3) == 0 {
        // An enemy aggregate two units away in a line of its kind (or not).
        let (du, dv) = [
            (2, 0),
            (-2, 0),
            (0, 2),
            (0, -2),
            (2, 2),
            (-2, -2),
            (2, -2),
            (-2, 2),
        ][rng.below(8)];
        let (u, v) = (k.u() as i32 + du, k.v() as i32 + dv);
        if (0..9).contains(&u) && (0..8).contains(&v) {
            let a = Unit::from_index((v * 9 + u) as usize).unwrap();
            if a.squares().iter().all(|&s| free(&pos, s)) {
                let piece = Role::ALL[rng.below(4)];
                for s in a.squares() {
                    pos.set_piece(s, Some((piece, !side)));
                }
            }
        }
    }
    // Our camp: most squares within two units of the king, random kinds, two of a kind
    // often side by side.
    for _ in 0..40 {
        if let Some(s) = near(&mut rng, 4) {
            if free(&pos, s) {
                pos.set_piece(s, Some((Role::ALL[rng.below(4)], side)));
            }
        }
    }
    for _ in 0..3 + rng.below(5) {
        if let Some(s) = near(&mut rng, 2) {
            if free(&pos, s) {
                pos.set_piece(s, Some((Role::ALL[rng.below(4)], !side)));
            }
        }
    }
    super::normal_turn(&mut pos, side, 2 + rng.below(2) as u8);
    pos.build().expect("a reachable position")
}

#[test]
fn crowded_camps_agree_with_the_reference() {
    // Escapes through crowded camps (squares to vacate first, aggregates to form): the
    // search's counting cuts and its deepening answer as the brute force does. Turns of two
    // moves here (the brute force takes seconds on some three-move ones: see the ignored
    // test below).
    let mut checks = 0;
    for seed in 0..200u64 {
        let pos = crowded_position(seed);
        if pos.move_limit() > 2 {
            continue;
        }
        checks += usize::from(pos.in_check(pos.turn()));
        let result = compare_with_reference(Game::new(pos), seed, 6, 2);
        assert!(result.is_ok(), "seed {seed}: {}", result.unwrap_err());
    }
    assert!(checks >= 30, "{checks} checks");
}

#[test]
#[ignore = "slow: 1000 more crowded camps against the reference, turns of up to 3 moves (minutes)"]
fn more_crowded_camps_agree_with_the_reference() {
    agree_with_the_reference(60..1060, crowded_position, 6, 3);
}
