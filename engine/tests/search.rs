//! The search on every variant: wins in one move found, limits kept, results deterministic
//! under a node limit, multi-move turns scored right.

use crate::common;

use chimera_core::{Color, Evaluate, Game, Position};
use chimera_engine::{Engine, Limits, Score, SearchError};
use std::time::{Duration, Instant};

/// Searches `pos` to depth 3 and checks that the engine plays a move that wins at once.
fn finds_win_in_one<P: Evaluate + Send>(pos: P) -> P::Move
where
    P::Move: Send,
{
    let game = Game::new(pos.clone());
    let mut engine = Engine::new();
    let result = engine.search(&game, &Limits::depth(3)).expect("a move");
    assert_eq!(result.score, Score::WinIn(1), "{result:?}");
    let mut after = game.clone();
    after.play(result.best_move).expect("the move is legal");
    let outcome = after
        .outcome()
        .expect("the game is over after the winning move");
    assert_eq!(outcome.winner(), Some(pos.turn()), "{outcome}");
    assert_eq!(result.pv, vec![result.best_move]);
    result.best_move
}

#[test]
fn turret_finds_a_back_rank_mate() {
    let pos = common::turret_back_rank_mate();
    let mv = finds_win_in_one(pos.clone());
    assert_eq!(pos.move_text(mv), "b1b8");
}

#[test]
fn turtle_shell_walks_the_king_into_the_end_zone() {
    finds_win_in_one(common::turtle_shell_end_zone_step());
}

#[test]
fn triagonal_captures_the_king() {
    let (pos, king) = common::triagonal_king_capture();
    let mv = finds_win_in_one(pos);
    assert_eq!(mv.to(), king);
}

#[test]
fn triagonal_marches_the_king_onto_the_enemy_start_cell() {
    use chimera_triagonal::{Cell, Role, Setup};
    let cell = |s: &str| Cell::parse(s).unwrap();
    let pos = Setup::new(Color::White)
        .set_piece(cell("Ge7"), Some((Role::King, Color::White)))
        .set_piece(cell("Aa8"), Some((Role::King, Color::Black)))
        .set_piece(cell("Ba1"), Some((Role::Rook, Color::Black)))
        .build()
        .unwrap();
    let mv = finds_win_in_one(pos.clone());
    assert_eq!(mv.to(), cell("He8"));
}

#[test]
fn turnover_takes_the_last_castle() {
    use chimera_turnover::{Square, Stack, Turnover};
    let sq = |s: &str| Square::parse(s).unwrap();
    let mut pos = Turnover::empty(Color::White);
    pos.set_stack(sq("a1"), Some((Stack::Castle, Color::White)));
    pos.set_stack(sq("h1"), Some((Stack::Tower, Color::White)));
    pos.set_stack(sq("h8"), Some((Stack::Castle, Color::Black)));
    pos.set_stack(sq("c6"), Some((Stack::Citadel, Color::Black)));
    let mv = finds_win_in_one(pos.clone());
    assert_eq!(pos.move_text(mv), "h1xh8");
}

#[test]
fn tiling_rider_mates_with_an_aggregate() {
    // Black's turn of one move: the move ends it.
    let pos = common::tiling_rider_aggregate_mate();
    finds_win_in_one(pos.clone());
    // With two moves allowed the turn needs ending: the mate is two plies by Black alone,
    // scored as a win for Black throughout (no negation between them).
    let mut setup = chimera_tiling_rider::Setup::from_position(&pos);
    setup.clear_marks();
    let pos = common::tiling_rider_turn(&mut setup, Color::Black, 2)
        .unwrap()
        .build()
        .unwrap();
    let game = Game::new(pos);
    let r = Engine::new().search(&game, &Limits::depth(4)).unwrap();
    assert_eq!(r.score, Score::WinIn(2), "{r:?}");
    let mut g = game.clone();
    for &mv in &r.pv {
        assert_eq!(g.position().turn(), Color::Black);
        g.play(mv).unwrap();
    }
    assert_eq!(g.outcome().and_then(|o| o.winner()), Some(Color::Black));
}

#[test]
fn color_rider_mates_with_a_block_at_an_offset() {
    // Tiling Rider's `color-rider`: Black's wazirs on the block j5 (an odd file) ride to b5,
    // whose line down the b-c files (b3, then b1, which meets White's king's unit) checks,
    // and covers both of the king's steps: the engine's whole-turn search finds the block
    // move, the only mate.
    use chimera_tiling_rider::{Role, Rules, Setup, Square};
    let sq = |s: &str| Square::parse(s).unwrap();
    let mut setup = Setup::new(Rules::ColorRider);
    setup.set_king(Color::White, sq("a1").unit());
    setup.set_king(Color::Black, sq("q15").unit());
    for s in ["j5", "k5", "j6", "k6"] {
        setup.set_piece(sq(s), Some((Role::Wazir, Color::Black)));
    }
    let pos = common::tiling_rider_turn(&mut setup, Color::Black, 1)
        .unwrap()
        .build()
        .unwrap();
    let mv = finds_win_in_one(pos.clone());
    assert_eq!(pos.move_text(mv), "Wj5-b5");
    assert!(mv.blocks().is_some());
}

#[test]
fn tiling_rider_plays_a_proven_legal_first_move() {
    use chimera_tiling_rider::TilingRider;
    let game = Game::new(TilingRider::start(Default::default()));
    let mut engine = Engine::new();
    let result = engine.search(&game, &Limits::nodes(3_000)).unwrap();
    assert!(game.position().is_legal(result.best_move));
    // White's first turn is four moves by one side: the whole line so far is White's.
    let mut g = game.clone();
    for &mv in result.pv.iter().take(3) {
        assert_eq!(g.position().turn(), Color::White);
        g.play(mv).unwrap();
    }
}

#[test]
fn a_node_limited_search_is_deterministic() {
    use chimera_turret::Turret;
    let game = Game::new(Turret::start(Default::default()));
    let run = || {
        let mut r = Engine::new().search(&game, &Limits::nodes(30_000)).unwrap();
        r.elapsed = Duration::ZERO;
        r
    };
    let (a, b) = (run(), run());
    assert_eq!(a, b);
    assert!(a.nodes <= 30_001, "{}", a.nodes);
    assert!(a.stopped);
}

#[test]
fn a_time_limit_is_kept() {
    use chimera_triagonal::Triagonal;
    // Triagonal's start: 11,660 root moves, the slowest nodes of all.
    let game = Game::new(Triagonal::start(Default::default()));
    let start = Instant::now();
    let result = Engine::new()
        .search(&game, &Limits::time(Duration::from_millis(200)))
        .unwrap();
    let took = start.elapsed();
    // The search stops within a few milliseconds of its limit (about 210 ms here when the
    // machine is idle); the slack is for a loaded CI machine, where the test must still
    // fail on a search that ignores its limit.
    assert!(took < Duration::from_millis(1_500), "{took:?}");
    assert!(game.legal_move_list().contains(&result.best_move));
}

#[test]
fn a_depth_limit_is_kept_and_the_stop_flag_stops() {
    use chimera_turret::Turret;
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;
    let game = Game::new(Turret::start(Default::default()));
    let r = Engine::new().search(&game, &Limits::depth(3)).unwrap();
    assert_eq!(r.depth, 3);
    assert!(!r.stopped);
    assert_eq!(r.pv.first(), Some(&r.best_move));
    let stop = Arc::new(AtomicBool::new(true));
    let r = Engine::new()
        .search(&game, &Limits::depth(30).with_stop(stop))
        .unwrap();
    assert!(r.stopped);
    assert!(r.nodes <= 300, "{}", r.nodes);
}

#[test]
fn a_finished_game_is_refused() {
    use chimera_turtle_shell::{Rules, TurtleShell};
    let game = Game::new(TurtleShell::from_text("W:KE8 B:KA5 b", Rules::default()).unwrap());
    match Engine::new().search(&game, &Limits::depth(2)) {
        Err(SearchError::GameOver(o)) => assert_eq!(o.winner(), Some(Color::White)),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_warm_transposition_table_keeps_mate_distances() {
    use chimera_turret::{Rules, Turret};
    let pos = Turret::from_text(
        "5k4/*3ppp2*/*8*/*8*/*8*/*8*/*8*/1R3K4 w - - 0 1",
        Rules::Standard,
    )
    .unwrap();
    let game = Game::new(pos);
    let mut engine = Engine::new();
    for _ in 0..3 {
        let r = engine.search(&game, &Limits::depth(4)).unwrap();
        assert_eq!(r.score, Score::WinIn(1));
    }
    // From the other side, a move later: the loss is as near as it is.
    let mut g = game.clone();
    g.play_text("f1e1").unwrap();
    let r = engine.search(&g, &Limits::depth(4)).unwrap();
    assert!(matches!(r.score, Score::Centipawns(_)), "{:?}", r.score);
}

/// A toy game with turns of two actions: a pile of stones, each action takes one or two,
/// and whoever takes the last stone wins. The first turn of a game, and every turn, has two
/// actions unless the pile runs out.
mod two_action_nim {
    use super::*;
    use chimera_core::{Outcome, ParseMoveError, ParsePositionError, StandardRules, WinReason};

    #[derive(Clone, Debug, PartialEq, Eq, Hash)]
    pub struct Nim {
        pub stones: u32,
        pub turn: Color,
        pub second: bool,
        pub last: Color,
        /// Legality nodes each listing of moves spends before it can prove them (0: free),
        /// as Tiling Rider's proof that a turn can still be finished may.
        pub cost: u64,
    }

    /// Legality nodes spent by every costly `Nim` so far (only one test makes them).
    pub static SPENT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

    impl Position for Nim {
        type Move = u32;
        type Rules = StandardRules;
        const VARIANT: &'static str = "nim2";
        fn start(_: StandardRules) -> Self {
            Nim::new(7)
        }
        fn from_text(_: &str, _: StandardRules) -> Result<Self, ParsePositionError> {
            Err(ParsePositionError::new("text", "unsupported"))
        }
        fn to_text(&self) -> String {
            format!("{self:?}")
        }
        fn rules(&self) -> StandardRules {
            StandardRules::Standard
        }
        fn turn(&self) -> Color {
            self.turn
        }
        fn legal_moves(&self, moves: &mut Vec<u32>) {
            moves.clear();
            moves.extend((1..=2).filter(|&n| n <= self.stones));
        }
        fn play_unchecked(&mut self, n: u32) {
            self.stones -= n;
            self.last = self.turn;
            if self.second || self.stones == 0 {
                self.turn = !self.turn;
                self.second = false;
            } else {
                self.second = true;
            }
        }
        fn legal_moves_within(
            &self,
            legal: &mut Vec<u32>,
            undecided: &mut Vec<u32>,
            budget: &mut chimera_core::Budget,
        ) {
            let mut spent = 0;
            while spent < self.cost && budget.tick() {
                spent += 1;
            }
            SPENT.fetch_add(spent, std::sync::atomic::Ordering::Relaxed);
            legal.clear();
            undecided.clear();
            self.legal_moves(if spent == self.cost { legal } else { undecided });
        }
        fn terminal(&self) -> Option<Outcome> {
            (self.stones == 0).then_some(Outcome::Win {
                winner: self.last,
                reason: WinReason::Checkmate,
            })
        }
        fn no_move_outcome(&self) -> Outcome {
            unreachable!("a pile with stones always has a move")
        }
        fn zobrist(&self) -> u64 {
            self.zobrist_from_scratch()
        }
        fn zobrist_from_scratch(&self) -> u64 {
            chimera_core::zobrist::splitmix64(
                u64::from(self.stones) * 4 + self.turn.index() as u64 * 2 + u64::from(self.second),
            )
        }
        fn parse_move(&self, text: &str) -> Result<u32, ParseMoveError> {
            text.parse()
                .map_err(|_| ParseMoveError::new(text, "1 or 2"))
        }
        fn move_text(&self, n: u32) -> String {
            n.to_string()
        }
    }

    impl Evaluate for Nim {
        fn evaluate(&self) -> i32 {
            0
        }
        fn capture_value(&self, _: u32) -> i32 {
            0
        }
    }

    impl Nim {
        pub fn new(stones: u32) -> Nim {
            Nim {
                stones,
                turn: Color::White,
                second: false,
                last: Color::Black,
                cost: 0,
            }
        }
    }

    /// Whether the side to move wins, by brute force.
    fn wins(p: &Nim) -> bool {
        let mut moves = Vec::new();
        p.legal_moves(&mut moves);
        moves.into_iter().any(|n| {
            let mut c = p.clone();
            c.play_unchecked(n);
            if c.terminal().is_some() {
                return true;
            }
            if c.turn == p.turn {
                wins(&c)
            } else {
                !wins(&c)
            }
        })
    }

    #[test]
    fn scores_are_negated_only_when_the_turn_changes() {
        for stones in 1..=13 {
            let pos = Nim::new(stones);
            let expected = wins(&pos);
            let game = Game::new(pos);
            let r = Engine::new()
                .search(&game, &Limits::depth(stones + 1))
                .unwrap();
            match r.score {
                Score::WinIn(_) => assert!(expected, "{stones}: {r:?}"),
                Score::LossIn(_) => assert!(!expected, "{stones}: {r:?}"),
                Score::Centipawns(_) => panic!("{stones}: not solved: {r:?}"),
            }
            if expected {
                // The move chosen keeps the win.
                let mut c = Nim::new(stones);
                c.play_unchecked(r.best_move);
                let keeps = c.terminal().is_some()
                    || if c.turn == Color::White {
                        wins(&c)
                    } else {
                        !wins(&c)
                    };
                assert!(keeps, "{stones}: {r:?}");
            }
        }
    }
}

/// A node limit bounds the legality work too: a game whose every listing of moves costs
/// 15,000 legality nodes (under the 20,000 a node may spend) is searched to 200 nodes with at
/// most the root's listing plus 200 × `LEGALITY_NODES_PER_NODE` more, not 15,000 per node.
#[test]
fn a_node_limit_bounds_the_legality_work() {
    use chimera_engine::LEGALITY_NODES_PER_NODE;
    use std::sync::atomic::Ordering;
    use two_action_nim::{Nim, SPENT};
    const COST: u64 = 15_000;
    let pos = Nim {
        cost: COST,
        ..Nim::new(60)
    };
    let r = Engine::new()
        .search(&Game::new(pos), &Limits::nodes(200))
        .unwrap();
    assert!(r.stopped, "{r:?}");
    let spent = SPENT.load(Ordering::Relaxed);
    assert!(spent >= COST, "the root's moves were listed: {spent}");
    assert!(
        spent <= COST + 200 * LEGALITY_NODES_PER_NODE,
        "{spent} legality nodes for a 200-node search"
    );
}

#[test]
fn the_ko_rule_holds_in_the_search() {
    use chimera_turtle_shell::TurtleShell;
    let mut game = Game::new(TurtleShell::start(Default::default()));
    for mv in ["E1-D1", "E8-D8", "D1-E1"] {
        game.play_text(mv).unwrap();
    }
    // D8-E8 would recreate the start position: Ko forbids it.
    let back = game.position().parse_move("D8-E8").unwrap();
    assert!(!game.legal_move_list().contains(&back));
    for depth in 1..=4 {
        let r = Engine::new().search(&game, &Limits::depth(depth)).unwrap();
        assert_ne!(r.best_move, back);
        // Every move of the principal variation is legal in its place, history included.
        let mut g = game.clone();
        for &mv in &r.pv {
            assert!(g.legal_move_list().contains(&mv), "{:?}", r.pv);
            g.play_unchecked(mv);
        }
    }
}
