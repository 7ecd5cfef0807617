//! The interface the protocol and the match runner use: multi-PV lines, the soft time
//! limit and the time manager's limits, and the transposition table's size and fill.

use crate::common;

use chimera_core::{Game, Position};
use chimera_engine::{Clock, Engine, Limits, Score};
use chimera_turret::Turret;
use std::collections::HashSet;
use std::time::Duration;

fn turret_start() -> Game<Turret> {
    Game::new(Turret::start(Default::default()))
}

#[test]
fn multipv_gives_distinct_lines_best_first() {
    let game = turret_start();
    let mut engine = Engine::new();
    let r = engine
        .search(&game, &Limits::depth(3).with_multipv(4))
        .unwrap();
    assert_eq!(r.lines.len(), 4);
    assert_eq!(r.lines[0].score, r.score);
    assert_eq!(r.lines[0].pv, r.pv);
    assert_eq!(r.pv[0], r.best_move);
    let firsts: HashSet<_> = r.lines.iter().map(|l| l.pv[0]).collect();
    assert_eq!(firsts.len(), 4, "the lines start with distinct moves");
    let legal = game.legal_move_list();
    for pair in r.lines.windows(2) {
        let cp = |s: Score| match s {
            Score::Centipawns(c) => c,
            other => panic!("no forced result at the start: {other}"),
        };
        assert!(cp(pair[0].score) >= cp(pair[1].score));
    }
    for line in &r.lines {
        assert!(legal.contains(&line.pv[0]));
    }
    // One line by default.
    let one = Engine::new().search(&game, &Limits::depth(3)).unwrap();
    assert_eq!(one.lines.len(), 1);
    assert_eq!((one.lines[0].score, &one.lines[0].pv), (one.score, &one.pv));
}

#[test]
fn multipv_over_every_move_ranks_them_all() {
    // At depth 1 every root move gets its own exact score: the lines are all the legal
    // moves, and the win in one comes first.
    let game = Game::new(common::turret_back_rank_mate());
    let legal: HashSet<_> = game.legal_move_list().into_iter().collect();
    let mut engine = Engine::new();
    let r = engine
        .search(&game, &Limits::depth(1).with_multipv(1_000))
        .unwrap();
    assert_eq!(r.lines.len(), legal.len());
    let firsts: HashSet<_> = r.lines.iter().map(|l| l.pv[0]).collect();
    assert_eq!(firsts, legal);
    assert_eq!(r.lines[0].score, Score::WinIn(1));
    assert!(r.lines[1..].iter().all(|l| l.score != Score::WinIn(1)));
}

#[test]
fn no_iteration_starts_after_the_soft_time() {
    let game = turret_start();
    let limits = Limits {
        soft_time: Some(Duration::ZERO),
        time: Some(Duration::from_secs(60)),
        ..Limits::default()
    };
    let r = Engine::new().search(&game, &limits).unwrap();
    assert_eq!(r.depth, 1);
    assert!(!r.stopped);
}

#[test]
fn the_clock_gives_soft_and_hard_time() {
    let clock = Clock {
        time_left: Duration::from_secs(60),
        increment: Duration::from_millis(500),
        moves_to_go: None,
    };
    let limits = Limits::clock(clock);
    let (soft, hard) = (limits.soft_time.unwrap(), limits.time.unwrap());
    assert!(soft <= hard && hard < clock.time_left);
    assert_eq!((soft, hard), clock.budget());
    // A search under it keeps the hard limit (with room for a slow machine).
    let short = Limits::clock(Clock {
        time_left: Duration::from_millis(300),
        ..Clock::default()
    });
    let r = Engine::new().search(&turret_start(), &short).unwrap();
    assert!(r.elapsed < Duration::from_secs(2), "{:?}", r.elapsed);
}

#[test]
fn the_hash_size_and_fill() {
    let game = turret_start();
    let mut engine = Engine::<Turret>::with_hash_mb(1);
    assert_eq!(engine.hashfull(), 0);
    engine.search(&game, &Limits::nodes(50_000)).unwrap();
    let full = engine.hashfull();
    assert!(full > 0 && full <= 1_000, "{full}");
    engine.set_hash_mb(2);
    assert_eq!(engine.hashfull(), 0);
    let r = engine.search(&game, &Limits::depth(2)).unwrap();
    assert!(game.legal_move_list().contains(&r.best_move));
    engine.clear();
    assert_eq!(engine.hashfull(), 0);
    // A search gives the same result whatever the table's size, at a small depth.
    let a = Engine::<Turret>::with_hash_mb(0)
        .search(&game, &Limits::depth(2))
        .unwrap();
    let b = Engine::<Turret>::with_hash_mb(64)
        .search(&game, &Limits::depth(2))
        .unwrap();
    assert_eq!((a.best_move, a.score), (b.best_move, b.score));
}

#[test]
fn a_restarted_game_has_no_history() {
    // The search reuses one game per ply for the line after a null move.
    let mut game = turret_start();
    for mv in game.legal_move_list().into_iter().take(1) {
        game.play(mv).unwrap();
    }
    let mut other = game.clone();
    let reply = other.legal_move_list()[0];
    other.play(reply).unwrap();
    let fresh = other.position().clone();
    game.restart(fresh.clone());
    assert!(game.moves().is_empty());
    assert_eq!(game.positions(), std::slice::from_ref(&fresh));
    assert_eq!(game, Game::new(fresh.clone()));
    // After a long game too (its positions indexed by key), and it plays on as a new one.
    let long = chimera_test_kit::random_game(turret_start(), 3, 80);
    let mut restarted = long.clone();
    restarted.restart(fresh.clone());
    assert_eq!(restarted, Game::new(fresh.clone()));
    let replayed = chimera_test_kit::random_game(restarted, 4, 80);
    let direct = chimera_test_kit::random_game(Game::new(fresh), 4, 80);
    assert_eq!(replayed, direct);
    assert_eq!(replayed.outcome(), direct.outcome());
}
