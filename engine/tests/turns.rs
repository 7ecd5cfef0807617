//! The whole-turn search (Tiling Rider): a plan is a complete legal turn, its later actions
//! are answered from the kept plan without a search, a plan the game leaves is dropped, and
//! the planner is deterministic under a node limit.

use chimera_core::{Game, Position};
use chimera_engine::{Engine, Limits};
use chimera_tiling_rider::TilingRider;

/// `n` nodes, whole turns (the default).
fn planned(n: u64) -> Limits {
    Limits::nodes(n)
}

/// Plays the engine's choices from `game` until the side to move changes; returns the
/// nodes each search reported.
fn play_one_turn(engine: &mut Engine<TilingRider>, game: &mut Game<TilingRider>) -> Vec<u64> {
    let us = game.position().turn();
    let mut nodes = Vec::new();
    while game.position().turn() == us && game.outcome().is_none() {
        let r = engine.search(game, &planned(4_000)).unwrap();
        assert!(
            game.legal_move_list().contains(&r.best_move),
            "{:?} is not legal",
            r.best_move
        );
        nodes.push(r.nodes);
        game.play(r.best_move).unwrap();
        assert!(nodes.len() <= 64, "a turn that does not end");
    }
    nodes
}

#[test]
fn a_planned_turn_is_played_from_the_kept_plan() {
    let mut engine = Engine::new();
    let mut game = Game::new(TilingRider::start(Default::default()));
    // White's first turn is exactly four actions; Black's first exactly eight.
    for expected in [4, 8] {
        let nodes = play_one_turn(&mut engine, &mut game);
        assert_eq!(nodes.len(), expected, "{nodes:?}");
        assert!(nodes[0] > 0, "the turn's first action is searched");
        // Every later action comes from the plan, without a search (but the last, which a
        // first turn makes exact and the plan may leave to the ordinary search).
        assert!(
            nodes[1..nodes.len() - 1].iter().all(|&n| n == 0),
            "{nodes:?}"
        );
    }
}

#[test]
fn a_plan_the_game_leaves_is_dropped() {
    let mut engine = Engine::new();
    let mut game = Game::new(TilingRider::start(Default::default()));
    let first = engine.search(&game, &planned(4_000)).unwrap();
    // Play another first action than the plan's: the next search plans anew.
    let other = game
        .legal_move_list()
        .into_iter()
        .find(|&m| m != first.best_move)
        .unwrap();
    game.play(other).unwrap();
    let next = engine.search(&game, &planned(4_000)).unwrap();
    assert!(next.nodes > 0, "{next:?}");
    assert!(game.legal_move_list().contains(&next.best_move));
}

#[test]
fn the_turn_planner_is_deterministic_under_a_node_limit() {
    let game = Game::new(TilingRider::start(Default::default()));
    let a = Engine::new().search(&game, &planned(6_000)).unwrap();
    let b = Engine::new().search(&game, &planned(6_000)).unwrap();
    assert_eq!((a.best_move, a.score, &a.pv), (b.best_move, b.score, &b.pv));
    assert_eq!(a.nodes, b.nodes);
    assert!(a.nodes <= 6_000 + 1, "{a:?}");
}

#[test]
fn action_by_action_every_action_is_searched() {
    let mut engine = Engine::new();
    let mut game = Game::new(TilingRider::start(Default::default()));
    let limits = Limits {
        per_action: true,
        ..Limits::nodes(2_000)
    };
    for _ in 0..4 {
        let r = engine.search(&game, &limits).unwrap();
        assert!(r.nodes > 0, "{r:?}");
        game.play(r.best_move).unwrap();
    }
}

#[test]
fn the_whole_turn_search_keeps_the_wins_the_action_search_proves() {
    // Black mates at the end of its next turn whatever White does (engine/tests/tactics.rs,
    // `tiling_rider_finds_a_win_in_two_turns`): the action-by-action share proves it.
    let text = "2KK6f7/2KK14/14kk2/14kk2/18/n15w1/18/18/18/18/18/18/18/18/18/18 b 0/2 - 1 0 2";
    let game = Game::new(TilingRider::from_text(text, Default::default()).unwrap());
    let r = Engine::new().search(&game, &Limits::depth(7)).unwrap();
    assert_eq!(r.score, chimera_engine::Score::WinIn(6), "{r:?}");
}

/// A `standard` position from session 46's match at 0.1 s a turn (game 34 of `chimera match
/// tiling-rider --a time=0.1s --b time=0.1s --games 100 --openings 2 --seed 146`): White to
/// move at the start of a 20-move turn, where no move is proven legal within 0.1 s.
const SLOW_ROOT: &str = "1gwgwgwgkkgwg1gwgw/w1f1f1fnkknf3f1f/3g1g1gwg2w1g1g1/gf6fg7w/1w9f6/\
f3w6wg2f2/1N16/4fw6Nw4/2fwW2F10/W1W9W5/5W7W2W1/8G2n6/3GG4N1G6/GGG1G1n1WGn1G1G1G1/\
FWF1F1FNKKNF1F1F1F/2W1W1WGKKGWGWGWGW w 0/20 - 19 1 13";

#[test]
fn a_root_list_the_clock_cuts_before_any_move_is_proven_is_made_again_on_its_node_budget() {
    // Seven of that match's 100 games were adjudicated draws because the clock cut the
    // root's list with every move undecided and the search gave no move. A move is owed:
    // the list is made again on the root's node budget alone, and a proven move is played.
    let game = Game::new(TilingRider::from_text(SLOW_ROOT, Default::default()).unwrap());
    let limits = Limits::time(std::time::Duration::from_millis(1));
    let r = Engine::new().search(&game, &limits).unwrap();
    let mut after = game.clone();
    after.play(r.best_move).unwrap();
}
