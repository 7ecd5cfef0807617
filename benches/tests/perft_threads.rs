//! `perft_run` on several threads counts exactly what one thread counts, root move by root
//! move, in every variant (issue 26): at depth 2 the threads split the root's moves, at
//! depth 3 and more (from a root of few moves) the replies to them too. And a count stopped
//! on several threads returns only finished root moves, with their exact counts.

use chimera_core::{
    perft_divide, perft_run, Color, Game, PerftControl, PerftError, Position, RuleSet,
};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// The split by root move on one thread and on 2 and 3 threads, to each depth up to
/// `max_depth`, from `start`.
fn same_on_threads<P>(start: P, max_depth: u32)
where
    P: Position + Send,
    P::Move: Send,
{
    let mut game = Game::new(start);
    for depth in 1..=max_depth {
        let expected = perft_divide(&mut game, depth, &mut |_, _, _, _| {});
        for threads in [2, 3] {
            let mut control = PerftControl {
                threads,
                ..PerftControl::default()
            };
            let split = perft_run(&mut game, depth, &mut control)
                .unwrap_or_else(|e| panic!("{} perft {depth}: {e}", P::VARIANT));
            assert_eq!(
                split,
                expected,
                "{} perft {depth} on {threads} threads",
                P::VARIANT
            );
        }
    }
    assert_eq!(game.moves().len(), 0, "the game is left as it was");
}

fn every_rule_set<P>(max_depth: u32)
where
    P: Position + Send,
    P::Move: Send,
{
    for name in P::Rules::NAMES {
        let rules = P::Rules::from_name(name).expect("a listed name");
        same_on_threads(P::start(rules), max_depth);
    }
}

#[test]
fn turtle_shell_counts_the_same_on_threads() {
    // Depth 5: lines long enough for Ko to forbid moves.
    every_rule_set::<chimera_turtle_shell::TurtleShell>(5);
}

#[test]
fn turret_counts_the_same_on_threads() {
    every_rule_set::<chimera_turret::Turret>(3);
}

#[test]
fn turnover_counts_the_same_on_threads() {
    every_rule_set::<chimera_turnover::Turnover>(3);
}

#[test]
fn chess_counts_the_same_on_threads() {
    every_rule_set::<chimera_chess::Chess>(3);
}

#[test]
fn tiling_rider_counts_the_same_on_threads() {
    every_rule_set::<chimera_tiling_rider::TilingRider>(2);
}

#[test]
fn triagonal_counts_the_same_on_threads() {
    use chimera_triagonal::{Rules, Setup, Triagonal};
    let start = Triagonal::start(Rules::Standard);
    // From the start (11,660 root moves, each a work item) to depth 1 only: more is slow.
    same_on_threads(start.clone(), 1);
    let empty_hands = Setup::from_position(&start)
        .set_jacks_in_hand(Color::White, 0)
        .set_jacks_in_hand(Color::Black, 0)
        .build()
        .expect("the start with empty hands");
    same_on_threads(empty_hands, 3);
}

#[test]
fn a_stopped_count_on_threads_returns_finished_root_moves_only() {
    use chimera_turtle_shell::{Rules, TurtleShell};
    let mut game: Game<TurtleShell> = Game::start(Rules::default());
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let mut reports = 0;
    // Perft 9 takes many seconds: the first progress report (after 0.1 s) stops it.
    let mut progress = |_: &chimera_core::PerftProgress| {
        reports += 1;
        flag.store(true, Ordering::Relaxed);
    };
    let result = perft_run(
        &mut game,
        9,
        &mut PerftControl {
            stop: Some(stop),
            progress: Some(&mut progress),
            threads: 2,
        },
    );
    let Err(PerftError::Stopped {
        done,
        root_total,
        progress,
    }) = result
    else {
        panic!("perft 9 was not stopped: {result:?}");
    };
    assert!(reports >= 1);
    assert_eq!(root_total, game.legal_move_list().len());
    assert!(done.len() < root_total);
    assert!(progress.root_done <= done.len());
    assert!(progress.nodes > 0, "{progress:?}");
    for (mv, count) in done {
        game.play(mv).expect("a root move");
        assert_eq!(count, chimera_core::perft(&mut game, 8));
        game.undo();
    }
    assert_eq!(game.moves().len(), 0, "the game is left as it was");
}
