//! §5 "Bounded questions": legality and the outcome asked within a budget, the record's
//! continuation as proof, and the shared answer for moves irrelevant to a checked king.

use super::properties::{crowded_position, random_position};
use chimera_core::{Budget, Game, Position, Status, Verdict};
use chimera_tiling_rider::{Move, Rules, TilingRider};

/// White checked by a knight at the start of an 8-move turn in a crowded camp (RULES.md §5):
/// deciding all its actions takes seconds.
const HARD: &str = "wgwgwgwgkkgwgwgwgw/fnfnfnf1kknfnfnfnf/wgwg1wwgw1gww1gwgw/1nf2g1fn1gf1f1fn1/\
3n4n5g1f1/f4f1f7n2/5n4N7/5NN11/17N/1n5N10/4F1F4F6/2N4F2F2n1F1N/FNF1N2n3G1F2NF/\
WGWGWGWGWGWNFWGWGW/FNF1FNFNKK1GNGNFNF/WGWGWGWGKKGWG1WWGW w 0/8 - 7 12 7";

fn hard() -> TilingRider {
    TilingRider::from_text(HARD, Rules::Standard).expect("the position reads")
}

/// Lists within `budget`, checking the listing against the exact one: every proven move is
/// legal, every legal move is proven or undecided. Returns (proven, undecided).
fn listing_is_honest(pos: &TilingRider, mut budget: Budget) -> (usize, usize) {
    let (mut legal, mut undecided) = (Vec::new(), Vec::new());
    pos.legal_moves_within(&mut legal, &mut undecided, &mut budget);
    let mut exact = Vec::new();
    pos.legal_moves(&mut exact);
    for mv in &legal {
        assert!(
            exact.contains(mv),
            "{} proven but illegal",
            pos.move_text(*mv)
        );
    }
    for mv in &exact {
        assert!(
            legal.contains(mv) || undecided.contains(mv),
            "{} legal but neither proven nor undecided",
            pos.move_text(*mv)
        );
    }
    for mv in &undecided {
        assert!(
            !legal.contains(mv),
            "{} both proven and undecided",
            pos.move_text(*mv)
        );
    }
    (legal.len(), undecided.len())
}

#[test]
fn a_budgeted_answer_is_legal_illegal_or_undecided_never_a_guess() {
    // Random and crowded positions, with budgets from nothing to plenty: what is proven is
    // right, and nothing legal is lost.
    let mut undecided_seen = 0;
    for seed in 0..60u64 {
        for pos in [random_position(seed), crowded_position(seed)] {
            for nodes in [0, 1, 5, 50, 10_000] {
                let (_, open) = listing_is_honest(&pos, Budget::nodes(nodes));
                undecided_seen += open;
            }
        }
    }
    assert!(
        undecided_seen > 0,
        "small budgets leave some moves undecided"
    );
}

#[test]
fn an_unlimited_budget_decides_everything() {
    for seed in 0..40u64 {
        let pos = crowded_position(seed);
        let (_, open) = listing_is_honest(&pos, Budget::unlimited());
        assert_eq!(open, 0, "seed {seed}");
    }
}

#[test]
fn a_hard_position_answers_within_its_budget_and_says_undecided() {
    let pos = hard();
    let mut budget = Budget::nodes(2_000);
    let (mut legal, mut undecided) = (Vec::new(), Vec::new());
    pos.legal_moves_within(&mut legal, &mut undecided, &mut budget);
    assert!(budget.is_spent());
    assert!(!undecided.is_empty(), "the hard moves are left undecided");
    // One node over the budget at most: the search stops at once.
    assert!(budget.used() <= 2_001, "{} nodes", budget.used());
    // A single legality question and the outcome obey the budget too.
    let hard_move = undecided[0];
    let mut small = Budget::nodes(10);
    assert_eq!(
        pos.is_legal_within(hard_move, &mut small),
        Verdict::Undecided
    );
    let game = Game::new(pos.clone());
    let mut tiny = Budget::nodes(0);
    assert!(matches!(
        game.status(&mut tiny),
        Status::Undecided | Status::Ongoing
    ));
}

#[test]
fn a_time_budget_is_kept() {
    let pos = hard();
    let started = std::time::Instant::now();
    let mut budget = Budget::time(std::time::Duration::from_millis(50));
    let (mut legal, mut undecided) = (Vec::new(), Vec::new());
    pos.legal_moves_within(&mut legal, &mut undecided, &mut budget);
    // Generous slack for a loaded machine: the point is that it stops, not how fast.
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
    assert!(!undecided.is_empty());
}

#[test]
fn an_undecided_move_may_be_played_only_when_asked_for() {
    let pos = hard();
    let mut budget = Budget::nodes(2_000);
    let (mut legal, mut undecided) = (Vec::new(), Vec::new());
    pos.legal_moves_within(&mut legal, &mut undecided, &mut budget);
    let mv = undecided[0];
    let mut game = Game::new(pos.clone());
    let refused = game.play_within(mv, &mut Budget::nodes(10), false);
    assert!(matches!(
        refused,
        Err(chimera_core::PlayError::Undecided(_))
    ));
    assert_eq!(game.moves().len(), 0, "a refused move changes nothing");
    let played = game.play_within(mv, &mut Budget::nodes(10), true);
    assert_eq!(played, Ok(Verdict::Undecided));
    assert_eq!(game.moves(), &[mv]);
    // The turn goes on; undo takes the move back within the turn.
    assert_eq!(game.position().moves_made(), 1);
    assert_eq!(game.undo(), Some(mv));
    assert_eq!(game.position(), &pos);
}

/// Positions in check (random and crowded camps) whose exact listing is quick.
fn checked_positions() -> Vec<TilingRider> {
    (0..80u64)
        .flat_map(|seed| [random_position(seed), crowded_position(seed)])
        .filter(|p| p.in_check(p.turn()))
        .collect()
}

/// Well-formed moves of the side to move's pieces that are not legal here: most could not
/// reach their square, some (in these checked positions) leave the king unsaved.
fn refuted_moves(pos: &TilingRider) -> Vec<Move> {
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let side = pos.turn();
    all_move_texts(pos)
        .iter()
        .filter(|t| {
            let from = t.split('-').next().unwrap_or("");
            chimera_tiling_rider::Square::parse_in(from, pos.rules())
                .and_then(|s| pos.piece_at(s))
                .is_some_and(|(_, c)| c == side)
        })
        .filter_map(|t| pos.parse_move(t).ok())
        .filter(|m| !legal.contains(m))
        .step_by(7)
        .take(5)
        .collect()
}

#[test]
fn a_refuted_move_is_never_played() {
    let mut refuted = 0;
    for pos in checked_positions().iter().take(30) {
        let mut game = Game::new(pos.clone());
        for mv in refuted_moves(pos) {
            for budget in [Budget::nodes(0), Budget::nodes(100), Budget::unlimited()] {
                let mut b = budget;
                assert_ne!(pos.is_legal_within(mv, &mut b), Verdict::Yes);
            }
            assert_eq!(
                pos.is_legal_within(mv, &mut Budget::unlimited()),
                Verdict::No
            );
            assert!(game
                .play_within(mv, &mut Budget::unlimited(), true)
                .is_err());
            refuted += 1;
        }
        assert_eq!(game.moves().len(), 0, "a refused move changes nothing");
    }
    assert!(refuted > 20, "{refuted} refuted moves tried");
}

#[test]
fn a_record_continuation_proves_a_move_without_search() {
    // A move the record follows with the rest of a turn that ends with the king safe is
    // proven legal with a budget of nothing: the record is its own witness.
    let mut proven = 0;
    for pos in checked_positions().iter().take(30) {
        let mut exact = Vec::new();
        pos.legal_moves(&mut exact);
        for &mv in exact.iter().filter(|&&m| m != Move::END_TURN).take(6) {
            let mut after = pos.clone();
            after.play_unchecked(mv);
            let texts = safe_continuation(&after).texts;
            let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
            let verdict = pos.is_legal_given(mv, &refs, &mut Budget::nodes(0));
            assert_eq!(verdict, Verdict::Yes, "{}", pos.move_text(mv));
            proven += 1;
        }
        // A wrong continuation proves nothing; then the (empty) budget decides, and a
        // legal move is never refuted.
        if let Some(&mv) = exact.first() {
            let verdict = pos.is_legal_given(mv, &["a1-a2", ";"], &mut Budget::nodes(0));
            assert_ne!(verdict, Verdict::No);
        }
    }
    assert!(proven > 30, "{proven} moves proven by their record");
}

/// A continuation (as texts) that ends the turn with the mover's king safe, found by trying
/// the legal actions greedily (an exact search stands behind every legal action).
struct Line {
    texts: Vec<String>,
}

fn safe_continuation(pos: &TilingRider) -> Line {
    let mut p = pos.clone();
    let side = pos.turn();
    let mut texts = Vec::new();
    while p.turn() == side && p.moves_made() > 0 {
        let mut moves = Vec::new();
        p.legal_moves(&mut moves);
        // End the turn as soon as it may end.
        let mv = if moves.contains(&Move::END_TURN) {
            Move::END_TURN
        } else {
            moves[0]
        };
        texts.push(p.move_text(mv));
        p.play_unchecked(mv);
    }
    Line { texts }
}

#[test]
fn replaying_a_record_of_complete_turns_needs_no_search() {
    // A random game from the start, replayed with a budget of nothing: every move is proven
    // by the record's own continuation, except where the record stops mid-turn.
    let mut pos = TilingRider::start(Rules::Standard);
    let mut rng = chimera_core::SplitMix64::new(7);
    let mut record: Vec<String> = Vec::new();
    for _ in 0..400 {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        record.push(pos.move_text(mv));
        pos.play_unchecked(mv);
    }
    // Cut the record at the end of a turn.
    let mut replay = Game::new(TilingRider::start(Rules::Standard));
    let mut last_turn_end = 0;
    {
        let mut p = TilingRider::start(Rules::Standard);
        for (i, text) in record.iter().enumerate() {
            let mv = p.parse_move(text).unwrap();
            p.play_unchecked(mv);
            if p.moves_made() == 0 {
                last_turn_end = i + 1;
            }
        }
    }
    let record = &record[..last_turn_end];
    for i in 0..record.len() {
        let following: Vec<&str> = record[i + 1..].iter().map(String::as_str).collect();
        let mv = replay.position().parse_move(&record[i]).unwrap();
        let verdict = replay.play_given(mv, &following, &mut Budget::nodes(0), false);
        assert_eq!(verdict, Ok(Verdict::Yes), "ply {}: {}", i + 1, record[i]);
    }
    assert_eq!(replay.position(), &{
        let mut p = TilingRider::start(Rules::Standard);
        for text in record {
            let mv = p.parse_move(text).unwrap();
            p.play_unchecked(mv);
        }
        p
    });
}

#[test]
fn moves_irrelevant_to_a_checked_kings_rescue_share_one_answer() {
    // In check positions (random and crowded), the listing, which answers the moves touching
    // no relevant square with one shared search, agrees with deciding each move alone.
    let mut checked = 0;
    for seed in 0..120u64 {
        for pos in [random_position(seed), crowded_position(seed)] {
            if !pos.in_check(pos.turn()) {
                continue;
            }
            checked += 1;
            let mut listed = Vec::new();
            pos.legal_moves(&mut listed);
            let mut pseudo = Vec::new();
            // Every move the pieces could make, decided one by one.
            for text in all_move_texts(&pos) {
                if let Ok(mv) = pos.parse_move(&text) {
                    pseudo.push(mv);
                }
            }
            for mv in pseudo {
                assert_eq!(
                    pos.is_legal(mv),
                    listed.contains(&mv),
                    "seed {seed}: {}",
                    pos.move_text(mv)
                );
            }
        }
    }
    assert!(checked > 20, "{checked} positions in check");
}

/// The texts of every single move from an occupied square to any square (most unreadable
/// or impossible: `parse_move` and the legality test sort them out).
fn all_move_texts(pos: &TilingRider) -> Vec<String> {
    let board = pos.board();
    let squares: Vec<chimera_tiling_rider::Square> = (0..chimera_tiling_rider::SQUARES)
        .filter_map(chimera_tiling_rider::Square::from_index)
        .filter(|&s| board.contains(s))
        .collect();
    let mut out = Vec::new();
    for &from in squares.iter().filter(|&&s| pos.piece_at(s).is_some()) {
        for &to in &squares {
            out.push(format!(
                "{}-{}",
                board.square_name(from),
                board.square_name(to)
            ));
        }
    }
    out
}
