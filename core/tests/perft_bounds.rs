//! Perft on hostile depths: the depth cap, the random-probe estimate, the stop flag and the
//! progress reports, on a toy tree whose counts are known.
//!
//! The toy: a game of `plies` plies at most; at each node the number of moves is `width`
//! (a regular tree) or, in the irregular version, 1 to 5 depending on the line so far.

use chimera_core::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Tree {
    width: u8,
    irregular: bool,
    left: u32,
    line: u64,
    turn: Color,
}

impl Tree {
    fn regular(width: u8, plies: u32) -> Game<Tree> {
        Game::new(Tree {
            width,
            irregular: false,
            left: plies,
            line: 1,
            turn: Color::White,
        })
    }

    fn irregular(plies: u32) -> Game<Tree> {
        Game::new(Tree {
            width: 5,
            irregular: true,
            left: plies,
            line: 1,
            turn: Color::White,
        })
    }

    fn moves_here(&self) -> u8 {
        if self.left == 0 {
            0
        } else if self.irregular {
            1 + (zobrist::splitmix64(self.line) % 5) as u8
        } else {
            self.width
        }
    }
}

impl Position for Tree {
    type Move = u8;
    type Rules = StandardRules;
    const VARIANT: &'static str = "tree";
    fn start(_: StandardRules) -> Self {
        Tree {
            width: 2,
            irregular: false,
            left: 4,
            line: 1,
            turn: Color::White,
        }
    }
    fn from_text(_: &str, _: StandardRules) -> Result<Self, ParsePositionError> {
        Err(ParsePositionError::new("whole text", "not readable"))
    }
    fn to_text(&self) -> String {
        format!("{} {} {}", self.width, self.left, self.line)
    }
    fn rules(&self) -> StandardRules {
        StandardRules::Standard
    }
    fn turn(&self) -> Color {
        self.turn
    }
    fn legal_moves(&self, moves: &mut Vec<u8>) {
        moves.clear();
        moves.extend(0..self.moves_here());
    }
    fn play_unchecked(&mut self, mv: u8) {
        self.left -= 1;
        self.line = self.line.wrapping_mul(31).wrapping_add(u64::from(mv) + 1);
        self.turn = !self.turn;
    }
    fn terminal(&self) -> Option<Outcome> {
        None
    }
    fn no_move_outcome(&self) -> Outcome {
        Outcome::Draw {
            reason: DrawReason::Stalemate,
        }
    }
    fn zobrist(&self) -> u64 {
        self.line
    }
    fn zobrist_from_scratch(&self) -> u64 {
        self.line
    }
    fn parse_move(&self, text: &str) -> Result<u8, ParseMoveError> {
        text.parse()
            .map_err(|_| ParseMoveError::new(text, "expected a number"))
    }
    fn move_text(&self, mv: u8) -> String {
        mv.to_string()
    }
}

fn options() -> EstimateOptions {
    EstimateOptions::default()
}

#[test]
fn the_estimate_of_a_regular_tree_is_exact() {
    let mut game = Tree::regular(3, 40);
    let estimate = perft_estimate(&mut game, 10, &options());
    assert_eq!(estimate.depth(), 10);
    for k in 0..=10 {
        assert_eq!(estimate.count(k), Some(3f64.powi(k as i32)), "ply {k}");
    }
    assert_eq!(estimate.count(6), Some(perft(&mut game, 6) as f64));
    assert_eq!(estimate.work(3), Some(1.0 + 3.0 + 9.0));
    let per_root: f64 = (0..9).map(|k| 3f64.powi(k)).sum();
    assert!(estimate.root_work.iter().all(|&w| w == per_root));
    assert!(estimate.probes >= MIN_PROBES);
    assert!(!estimate.cut_short);
    assert_eq!(game.moves().len(), 0, "the probes leave the game as it was");
    // Times grow with depth.
    let times: Vec<_> = (0..=10).map(|d| estimate.time(d).unwrap()).collect();
    assert!(times.windows(2).all(|w| w[0] <= w[1]), "{times:?}");
    assert_eq!(estimate.time(11), None);
}

#[test]
fn a_tree_that_dies_out_is_estimated_as_small_as_it_is() {
    let mut game = Tree::regular(4, 3);
    let estimate = perft_estimate(&mut game, 20, &options());
    assert_eq!(estimate.count(3), Some(64.0));
    for k in 4..=20 {
        assert_eq!(estimate.count(k), Some(0.0), "ply {k}");
        assert_eq!(perft(&mut game, k.min(8)), if k <= 3 { 64 } else { 0 });
    }
    // Whatever the depth, the count is the first three plies' work: nothing to refuse.
    let (deepest, _) = estimate.deepest_within(Duration::from_secs(1));
    assert_eq!(deepest, 20);
}

#[test]
fn a_finished_game_is_estimated_at_nothing() {
    let mut game = Tree::regular(4, 0);
    let estimate = perft_estimate(&mut game, 64, &options());
    assert_eq!(estimate.nodes.len(), 65);
    assert_eq!(estimate.count(1), Some(0.0));
    assert_eq!(estimate.count(64), Some(0.0));
    assert!(estimate.root_work.is_empty());
}

#[test]
fn the_estimate_of_an_irregular_tree_is_near_the_count() {
    let mut game = Tree::irregular(30);
    for depth in [6, 9] {
        let exact = perft(&mut game, depth) as f64;
        let estimate = perft_estimate(&mut game, depth, &options());
        let guess = estimate.count(depth).unwrap();
        assert!(
            guess > exact / 2.0 && guess < exact * 2.0,
            "depth {depth}: estimated {guess}, counted {exact}"
        );
    }
}

#[test]
fn the_estimate_takes_no_longer_than_its_time() {
    let mut game = Tree::regular(30, 64);
    let started = Instant::now();
    let estimate = perft_estimate(
        &mut game,
        1_000_000,
        &EstimateOptions {
            time: Duration::from_millis(50),
            stop: None,
        },
    );
    assert!(started.elapsed() < Duration::from_secs(2));
    assert_eq!(
        estimate.depth(),
        MAX_PERFT_DEPTH,
        "the estimate stops at the cap"
    );
    assert!(estimate.count(64).unwrap() > u64::MAX as f64);
    let (deepest, time) = estimate.deepest_within(Duration::from_secs(3600));
    assert!((2..MAX_PERFT_DEPTH).contains(&deepest), "{deepest}");
    assert!(time <= Duration::from_secs(3600));
    assert!(estimate.time(deepest + 1).unwrap() > Duration::from_secs(3600));
}

#[test]
fn no_time_for_the_estimate_says_so() {
    let mut game = Tree::regular(3, 64);
    let estimate = perft_estimate(
        &mut game,
        10,
        &EstimateOptions {
            time: Duration::ZERO,
            stop: None,
        },
    );
    assert!(estimate.cut_short);
    assert!(estimate.depth() < 10);
    assert_eq!(estimate.count(10), None);
}

#[test]
fn a_run_counts_exactly_what_perft_divide_counts_and_reports_its_end() {
    let mut game = Tree::irregular(20);
    let divided = perft_divide(&mut game, 7, &mut |_, _, _, _| {});
    let mut reports = Vec::new();
    let mut progress = |p: &PerftProgress| reports.push(*p);
    let run = perft_run(
        &mut game,
        7,
        &mut PerftControl {
            stop: Some(Arc::new(AtomicBool::new(false))),
            progress: Some(&mut progress),
            threads: 1,
        },
    )
    .expect("not stopped");
    assert_eq!(run, divided);
    let last = reports.last().expect("a report after the last root move");
    assert_eq!(last.root_done, last.root_total);
    assert_eq!(last.nodes, run.iter().map(|(_, n)| n).sum::<u64>());
    assert_eq!(last.visited, last.visited_done);
    assert_eq!(game.moves().len(), 0);
    // Depth 1 and 0.
    let one = perft_run(&mut game, 1, &mut PerftControl::default()).unwrap();
    assert_eq!(one.len() as u64, perft(&mut game, 1));
    assert!(one.iter().all(|&(_, n)| n == 1));
    assert_eq!(
        perft_run(&mut game, 0, &mut PerftControl::default()),
        Ok(vec![])
    );
}

#[test]
fn a_run_over_the_cap_is_refused_and_the_plain_count_panics() {
    let mut game = Tree::regular(1, 1000);
    assert_eq!(
        perft_run(&mut game, MAX_PERFT_DEPTH + 1, &mut PerftControl::default()),
        Err(PerftError::TooDeep {
            depth: MAX_PERFT_DEPTH + 1
        })
    );
    // A line of forced moves: 64 plies are counted, and quickly.
    assert_eq!(perft(&mut game, MAX_PERFT_DEPTH), 1);
    let result = std::panic::catch_unwind(move || perft(&mut game, u32::MAX));
    assert!(result.is_err());
}

#[test]
fn a_stop_flag_set_beforehand_stops_at_once() {
    let mut game = Tree::regular(4, 64);
    let stop = Arc::new(AtomicBool::new(true));
    let result = perft_run(
        &mut game,
        30,
        &mut PerftControl {
            stop: Some(stop.clone()),
            progress: None,
            threads: 1,
        },
    );
    match result {
        Err(PerftError::Stopped {
            done, root_total, ..
        }) => {
            assert!(done.is_empty());
            assert_eq!(root_total, 0, "stopped before the root moves were listed");
        }
        other => panic!("{other:?}"),
    }
    let estimate = perft_estimate(
        &mut game,
        30,
        &EstimateOptions {
            time: Duration::from_secs(10),
            stop: Some(stop),
        },
    );
    assert!(estimate.cut_short);
    assert_eq!(game.moves().len(), 0);
}

#[test]
fn a_stop_flag_set_while_counting_stops_soon_with_the_root_moves_done() {
    // 4^14 leaves, 4^13 nodes listed: seconds of work, stopped after about 50 ms.
    let mut game = Tree::regular(4, 64);
    let stop = Arc::new(AtomicBool::new(false));
    let setter = {
        let stop = stop.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(50));
            stop.store(true, Ordering::Relaxed);
        })
    };
    let started = Instant::now();
    let result = perft_run(
        &mut game,
        14,
        &mut PerftControl {
            stop: Some(stop),
            progress: None,
            threads: 1,
        },
    );
    setter.join().unwrap();
    assert!(started.elapsed() < Duration::from_secs(5));
    match result {
        Err(PerftError::Stopped {
            done,
            root_total,
            progress,
        }) => {
            assert_eq!(root_total, 4);
            assert!(done.len() < 4);
            assert!(done.iter().all(|&(_, n)| n == 4u64.pow(13)));
            assert!(progress.nodes >= done.len() as u64 * 4u64.pow(13));
            assert!(progress.visited > 0);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        game.moves().len(),
        0,
        "a stopped count leaves the game as it was"
    );
}

#[test]
fn the_time_left_follows_the_work_left() {
    let mut game = Tree::regular(2, 64);
    let estimate = perft_estimate(&mut game, 12, &options());
    // Each root move's subtree lists 2^11 - 1 nodes. Half done in 10 s: 10 s left.
    let per_root = (1u64 << 11) - 1;
    let progress = PerftProgress {
        root_done: 1,
        root_total: 2,
        nodes: 1 << 11,
        visited: 1 + per_root,
        visited_done: 1 + per_root,
        elapsed: Duration::from_secs(10),
    };
    let left = estimate.remaining(&progress).expect("a speed");
    assert!(
        (left.as_secs_f64() - 10.0).abs() < 0.1,
        "{left:?} left, expected 10 s"
    );
    // A root move twice as big as estimated (20 s at the same speed) raises what is
    // expected of the rest (by half: one root move is weak evidence).
    let progress = PerftProgress {
        visited: 1 + 2 * per_root,
        visited_done: 1 + 2 * per_root,
        elapsed: Duration::from_secs(20),
        ..progress
    };
    let left = estimate.remaining(&progress).expect("a speed");
    assert!(
        (left.as_secs_f64() - 15.0).abs() < 0.1,
        "{left:?} left, expected 15 s"
    );
}
