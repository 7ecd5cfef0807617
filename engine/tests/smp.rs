//! Lazy SMP: several threads on one shared transposition table.

use chimera_core::{Game, Position};
use chimera_engine::{Engine, Limits, Score};
use std::time::Duration;

#[test]
fn one_thread_under_a_depth_or_node_limit_is_deterministic() {
    use chimera_turret::Turret;
    let game = Game::new(Turret::start(Default::default()));
    for limits in [
        Limits::depth(5).with_threads(1),
        Limits::nodes(40_000).with_threads(1),
    ] {
        let run = || {
            let mut r = Engine::new().search(&game, &limits).unwrap();
            r.elapsed = Duration::ZERO;
            r
        };
        assert_eq!(run(), run());
    }
}

#[test]
fn several_threads_search_to_the_depth_and_count_every_node() {
    use chimera_turtle_shell::TurtleShell;
    let game = Game::new(TurtleShell::start(Default::default()));
    let one = Engine::new().search(&game, &Limits::depth(5)).unwrap();
    let mut engine = Engine::new();
    let three = engine
        .search(&game, &Limits::depth(5).with_threads(3))
        .unwrap();
    assert_eq!(three.depth, 5);
    assert!(game.legal_move_list().contains(&three.best_move));
    assert_eq!(three.pv.first(), Some(&three.best_move));
    // The helpers' nodes are counted (they search at least their first iterations).
    assert!(three.nodes > 0 && one.nodes > 0);
    // The table is warm afterwards: a one-thread search of it is still sound.
    let again = engine.search(&game, &Limits::depth(5)).unwrap();
    assert!(game.legal_move_list().contains(&again.best_move));
}

#[test]
fn several_threads_find_a_mate_and_keep_a_node_limit() {
    use chimera_turret::{Rules, Turret};
    let pos = Turret::from_text(
        "5k4/*3ppp2*/*8*/*8*/*8*/*8*/*8*/1R3K4 w - - 0 1",
        Rules::Standard,
    )
    .unwrap();
    let game = Game::new(pos);
    let r = Engine::new()
        .search(&game, &Limits::depth(4).with_threads(2))
        .unwrap();
    assert_eq!(r.score, Score::WinIn(1));
    let start = Game::new(Turret::start(Default::default()));
    let r = Engine::new()
        .search(&start, &Limits::nodes(20_000).with_threads(2))
        .unwrap();
    // Each thread keeps the limit: the total is at most one limit per thread.
    assert!(r.nodes <= 2 * 20_001, "{}", r.nodes);
    assert!(r.stopped);
}
