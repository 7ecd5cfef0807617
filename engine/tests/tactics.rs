//! Tactics in every variant: the search finds a win in one move whenever one exists (over
//! many positions from seeded random playouts), and a forced win in two moves of the mover
//! (positions stored below, each proven forced by brute force in the test itself).

use crate::common;

use chimera_core::SplitMix64;
use chimera_core::{Budget, Color, Evaluate, Game, Position, Status};
use chimera_engine::{Engine, Limits, Score};

/// The legality budget (in the variant's search nodes) for the test's own questions. Only
/// Tiling Rider's legality ever uses it.
const BUDGET: u64 = 200_000;

/// The moves proven legal now (history included), or `None` if the budget left some open.
fn proven_moves<P: Position>(game: &Game<P>) -> Option<Vec<P::Move>> {
    let (mut legal, mut undecided) = (Vec::new(), Vec::new());
    game.legal_moves_within(&mut legal, &mut undecided, &mut Budget::nodes(BUDGET));
    undecided.is_empty().then_some(legal)
}

/// The game's status within the test's budget.
fn status<P: Position>(game: &Game<P>) -> Status {
    game.status(&mut Budget::nodes(BUDGET))
}

/// Whether `mover` wins within `plies` plies whatever the other side plays (brute force over
/// every legal move, history included): `None` if a legality question was left open.
fn forced_win<P: Position>(game: &mut Game<P>, mover: Color, plies: u32) -> Option<bool> {
    match status(game) {
        Status::Over(o) => return Some(o.winner() == Some(mover)),
        Status::Undecided => return None,
        Status::Ongoing if plies == 0 => return Some(false),
        Status::Ongoing => {}
    }
    let moves = proven_moves(game)?;
    let ours = game.position().turn() == mover;
    let mut open = false;
    for mv in moves {
        game.play_unchecked(mv);
        let r = forced_win(game, mover, plies - 1);
        game.undo();
        match r {
            Some(w) if w == ours => return Some(ours),
            None => open = true,
            _ => {}
        }
    }
    if open {
        None
    } else {
        Some(!ours)
    }
}

/// The moves that win at once, or `None` if the position's moves or one of their results
/// was left open by the budget.
fn winning_moves<P: Position>(game: &Game<P>) -> Option<Vec<P::Move>> {
    let mover = game.position().turn();
    let mut wins = Vec::new();
    let mut g = game.clone();
    for mv in proven_moves(game)? {
        g.play_unchecked(mv);
        match status(&g) {
            Status::Over(o) if o.winner() == Some(mover) => wins.push(mv),
            Status::Undecided => return None,
            _ => {}
        }
        g.undo();
    }
    Some(wins)
}

/// Plays `playouts` seeded random games of at most `plies` plies from `start`, and in every
/// position where some move wins at once checks that a depth-2 search plays one of them
/// with a [`Score::WinIn`]`(1)`. Returns how many such positions were tested.
fn wins_in_one_over_playouts<P: Evaluate + Send>(
    start: P,
    seed: u64,
    playouts: u64,
    plies: usize,
) -> usize
where
    P::Move: Send,
{
    let mut tested = 0;
    let mut engine = Engine::with_tt_bits(14);
    for n in 0..playouts {
        let mut rng = SplitMix64::new(seed.wrapping_mul(1000).wrapping_add(n));
        let mut game = Game::new(start.clone());
        for _ in 0..plies {
            if !matches!(status(&game), Status::Ongoing) {
                break;
            }
            let Some(moves) = proven_moves(&game) else {
                break;
            };
            if moves.is_empty() {
                break;
            }
            if let Some(wins) = winning_moves(&game) {
                if !wins.is_empty() {
                    tested += 1;
                    engine.clear();
                    let r = engine.search(&game, &Limits::depth(2)).unwrap();
                    let text = game.position().to_text();
                    assert_eq!(r.score, Score::WinIn(1), "in `{text}`: {r:?}");
                    assert!(
                        wins.contains(&r.best_move),
                        "in `{text}`: {} does not win at once",
                        game.position().move_text(r.best_move)
                    );
                }
            }
            game.play_unchecked(moves[rng.below(moves.len())]);
        }
    }
    tested
}

#[test]
fn turret_finds_every_win_in_one() {
    use chimera_turret::Turret;
    let n = wins_in_one_over_playouts(Turret::start(Default::default()), 1, 300, 300);
    eprintln!("{n} positions with a win in one");
    assert!(n >= 500, "only {n} positions with a win in one");
}

#[test]
fn chess_finds_every_win_in_one() {
    use chimera_chess::Chess;
    let n = wins_in_one_over_playouts(Chess::start(Default::default()), 6, 300, 300);
    eprintln!("{n} positions with a win in one");
    assert!(n >= 100, "only {n} positions with a win in one");
}

#[test]
fn turtle_shell_finds_every_win_in_one() {
    use chimera_turtle_shell::TurtleShell;
    let n = wins_in_one_over_playouts(TurtleShell::start(Default::default()), 2, 300, 300);
    eprintln!("{n} positions with a win in one");
    assert!(n >= 500, "only {n} positions with a win in one");
}

#[test]
fn turnover_finds_every_win_in_one() {
    use chimera_turnover::Turnover;
    let n = wins_in_one_over_playouts(Turnover::start(Default::default()), 3, 300, 300);
    eprintln!("{n} positions with a win in one");
    assert!(n >= 500, "only {n} positions with a win in one");
}

/// Triagonal's start with `jacks` Jacks in hand for each side (the standard 80 give 11,660
/// turns at the start, each a few milliseconds to check here: too slow for many playouts).
fn triagonal_start(jacks: u16) -> chimera_triagonal::Triagonal {
    let start = chimera_triagonal::Triagonal::start(Default::default());
    chimera_triagonal::Setup::from_position(&start)
        .set_jacks_in_hand(Color::White, jacks)
        .set_jacks_in_hand(Color::Black, jacks)
        .build()
        .unwrap()
}

#[test]
fn triagonal_finds_every_win_in_one() {
    // With two Jacks in hand (one placement each: slow while it is possible) and without.
    let n = wins_in_one_over_playouts(triagonal_start(2), 4, 2, 300)
        + wins_in_one_over_playouts(triagonal_start(0), 40, 20, 300);
    eprintln!("{n} positions with a win in one");
    assert!(n >= 500, "only {n} positions with a win in one");
}

/// A sparse random Tiling Rider position (seeded): both kings, `white` and `black` random
/// small pieces (sometimes a whole aggregate among Black's), `side` to move with at most
/// `limit` moves left (see [`common::tiling_rider_turn`]); `None` if the other king is in
/// check (no game reaches that) or a square the turn needs is taken.
fn tiling_rider_sparse(
    rng: &mut SplitMix64,
    white: usize,
    black: usize,
    side: Color,
    limit: u8,
) -> Option<chimera_tiling_rider::TilingRider> {
    use chimera_tiling_rider::{Role, Rules, Setup, Square, Unit};
    let mut pos = Setup::new(Rules::Standard);
    let units: Vec<Unit> = Unit::all()
        .filter(|&u| Rules::Standard.board().contains_unit(u))
        .collect();
    let (wk, bk) = (units[rng.below(units.len())], units[rng.below(units.len())]);
    if wk == bk {
        return None;
    }
    pos.set_king(Color::White, wk);
    pos.set_king(Color::Black, bk);
    let squares: Vec<Square> = Square::all()
        .filter(|&sq| {
            let u = sq.unit();
            u != wk && u != bk && Rules::Standard.board().contains_unit(u)
        })
        .collect();
    if rng.below(2) == 0 {
        // An aggregate of the side to move.
        let unit = squares[rng.below(squares.len())].unit();
        let piece = Role::ALL[rng.below(4)];
        for sq in unit.squares() {
            pos.set_piece(sq, Some((piece, side)));
        }
    }
    for (color, n) in [(Color::White, white), (Color::Black, black)] {
        for _ in 0..n {
            let sq = squares[rng.below(squares.len())];
            if pos.piece_at(sq).is_none() {
                pos.set_piece(sq, Some((Role::ALL[rng.below(4)], color)));
            }
        }
    }
    let pos = common::tiling_rider_turn(&mut pos, side, limit)?
        .build()
        .ok()?;
    (!pos.in_check(!side)).then_some(pos)
}

#[test]
fn tiling_rider_finds_every_win_in_one() {
    // Random playouts from the start rarely reach a mate: from sparse random positions too.
    let mut n = wins_in_one_over_playouts(chimera_tiling_rider::TilingRider::standard(), 5, 4, 300);
    let mut rng = SplitMix64::new(55);
    for i in 0..200 {
        let side = if i % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        let (ours, theirs) = (2 + rng.below(6), rng.below(3));
        let (white, black) = if side == Color::White {
            (ours, theirs)
        } else {
            (theirs, ours)
        };
        let limit = 1 + rng.below(3) as u8;
        if let Some(pos) = tiling_rider_sparse(&mut rng, white, black, side, limit) {
            n += wins_in_one_over_playouts(pos, 1000 + i, 1, 40);
        }
    }
    eprintln!("{n} positions with a win in one");
    assert!(n >= 20, "only {n} positions with a win in one");
}

/// The first `want` positions of seeded random playouts from `starts` where the side to move
/// has a forced win in exactly `plies` plies (the engine's claim at depth `plies + 1` within
/// `nodes` nodes,
/// verified by brute force): their position texts.
fn find_forced_wins<P: Evaluate + Send>(
    starts: impl IntoIterator<Item = P>,
    max_plies: usize,
    plies: u32,
    want: usize,
    nodes: u64,
) -> Vec<String>
where
    P::Move: Send,
{
    let mut found = Vec::new();
    let mut engine = Engine::with_tt_bits(16);
    for (n, start) in starts.into_iter().enumerate() {
        let mut rng = SplitMix64::new(n as u64);
        let mut game = Game::new(start);
        for _ in 0..max_plies {
            let Some(moves) = proven_moves(&game) else {
                break;
            };
            if moves.is_empty() || !matches!(status(&game), Status::Ongoing) {
                break;
            }
            // A fresh game from the position: the stored text carries no history.
            let here = Game::new(game.position().clone());
            engine.clear();
            let limits = Limits {
                depth: Some(plies + 1),
                nodes: Some(nodes),
                ..Limits::default()
            };
            if let Ok(r) = engine.search(&here, &limits) {
                if r.score == Score::WinIn(plies) {
                    let mover = here.position().turn();
                    let mut g = here.clone();
                    if forced_win(&mut g, mover, plies) == Some(true)
                        && forced_win(&mut g, mover, plies - 1) == Some(false)
                    {
                        let text = here.position().to_text();
                        eprintln!("found: {text}");
                        found.push(text);
                        if found.len() == want {
                            return found;
                        }
                        break;
                    }
                }
            }
            game.play_unchecked(moves[rng.below(moves.len())]);
        }
    }
    found
}

/// How the stored positions below were found: `cargo test -p chimera-engine --test integration tactics::
/// -- --ignored --nocapture find_`.
#[test]
#[ignore = "a search for positions, run by hand"]
fn find_wins_in_two() {
    use chimera_chess::Chess;
    use chimera_tiling_rider::TilingRider;
    use chimera_turnover::Turnover;
    use chimera_turret::Turret;
    use chimera_turtle_shell::TurtleShell;
    let starts = |n: usize| 0..n;
    find_forced_wins(
        starts(60).map(|_| Chess::start(Default::default())),
        300,
        3,
        2,
        300_000,
    );
    find_forced_wins(
        starts(20).map(|_| Turret::start(Default::default())),
        200,
        3,
        2,
        300_000,
    );
    find_forced_wins(
        starts(20).map(|_| TurtleShell::start(Default::default())),
        200,
        3,
        2,
        300_000,
    );
    find_forced_wins(
        starts(20).map(|_| Turnover::start(Default::default())),
        200,
        3,
        2,
        300_000,
    );
    find_forced_wins((0..20).map(|_| triagonal_start(0)), 300, 3, 2, 30_000);
    let mut rng = SplitMix64::new(77);
    let sparse: Vec<TilingRider> = (0..4000)
        .filter_map(|_| {
            let (white, black) = (rng.below(2), 2 + rng.below(5));
            tiling_rider_sparse(&mut rng, white, black, Color::Black, 1)
        })
        .collect();
    find_forced_wins(sparse, 1, 5, 2, 30_000);
}

/// Checks by brute force that the side to move in `text` wins in exactly `plies` plies
/// whatever the replies, and that the engine searching `plies + 1` plies finds it: a
/// [`Score::WinIn`]`(plies)` and a first move that keeps the forced win.
fn finds_forced_win<P: Evaluate + Send>(text: &str, plies: u32)
where
    P::Move: Send,
{
    let pos = P::from_text(text, Default::default()).unwrap();
    let mover = pos.turn();
    let mut game = Game::new(pos);
    assert_eq!(forced_win(&mut game, mover, plies), Some(true), "{text}");
    assert_eq!(
        forced_win(&mut game, mover, plies - 1),
        Some(false),
        "{text}"
    );
    let r = Engine::new()
        .search(&game, &Limits::depth(plies + 1))
        .unwrap();
    assert_eq!(r.score, Score::WinIn(plies), "{text}: {r:?}");
    game.play(r.best_move).unwrap();
    assert_eq!(
        forced_win(&mut game, mover, plies - 1),
        Some(true),
        "{text}"
    );
}

// The positions of the tests below were found by `find_wins_in_two` (seeded random
// playouts; the engine's claim of a win in 3 plies, then the brute force of
// `forced_win`), and each test proves the win forced again by brute force.

#[test]
fn turret_finds_a_win_in_two() {
    use chimera_turret::Turret;
    finds_forced_win::<Turret>(
        "5trk1t/*5R2*/*PT6*/*P1p4P*/*2P2p2*/*1p3q2*/*r7*/2N2n2nK b - - 0 68",
        3,
    );
    finds_forced_win::<Turret>(
        "tr1b1r4/*ppbTk1t1*/*6B1*/*R1P4p*/*T7*/*1Q2PN2*/*nP1PKP2*/3B6 w - - 1 33",
        3,
    );
}

#[test]
fn chess_finds_a_win_in_two() {
    use chimera_chess::Chess;
    finds_forced_win::<Chess>("1r4N1/3k4/8/Pppppqpb/P4P2/3Pb3/4P3/R2K1R1B b - - 2 43", 3);
    finds_forced_win::<Chess>(
        "4krnr/pP3p2/5Qp1/n2p2Pp/Pb2p1PB/1P1BP3/R1K3bP/1N4NR w - - 9 33",
        3,
    );
}

#[test]
fn turtle_shell_finds_a_win_in_two() {
    use chimera_turtle_shell::TurtleShell;
    finds_forced_win::<TurtleShell>(
        "W:KE1,GD0,GG0,NF2,NC3,RH3,PF3,PB5,PD5,PA5 B:KE6,GC8,GD9,NF9,RB6,PC5,PD6,PC6,PA6,PF7 w",
        3,
    );
    finds_forced_win::<TurtleShell>(
        "W:KE1,GB0,GG2,RC1,PF2,PC5 B:KC8,NG8,RB2,RG7,RF9,PF3,PE3,PF6 b",
        3,
    );
}

#[test]
fn turnover_finds_a_win_in_two() {
    use chimera_turnover::Turnover;
    finds_forced_win::<Turnover>(
        "3t4/2w3[tfw][tfw]/[tfw]4[tfw]2/tff5/FW2[fw]1t1/3T2[tfw]T/2T2F2/6[TFW]1 b 3 72",
        3,
    );
    finds_forced_win::<Turnover>(
        "5[tfw]2/4[tfw]Wt1/1tf1t2f/w4T2/t4W2/f1[tfw]FFF[fw]1/3F1[TF]1[TFW]/F[tf]5T b 1 81",
        3,
    );
}

#[test]
fn triagonal_finds_a_win_in_two() {
    // Found with no Jacks in hand (the brute force of 11,660 turns a ply is out of reach).
    use chimera_triagonal::Triagonal;
    finds_forced_win::<Triagonal>(
        "8/4B3/8/7Q/2P2P2/8/6PP/5K2|8/8/8/1R2P3/3PP3/3PP3/5P2/6P1|8/8/8/8/8/1P4P1/P7/1PP4P|\
         8/8/4n3/3**3/1B1**3/P1P5/1P5P/P7|2p1p3/pp1p4/3n4/3**3/3**3/8/8/8|7p/1pp5/4pp2/8/3N4/\
         8/8/8|6p1/p3N3/2p3pp/bp5p/5pq1/1b6/8/8|4R2r/3k2p1/p7/3ppp2/8/8/8/8 w 0 0 - 3 95",
        3,
    );
    finds_forced_win::<Triagonal>(
        "8/8/8/8/1P3P1P/3N4/2P1P1P1/8|8/1R6/8/8/2N1P3/1P4PP/P1P5/4P2P|8/8/8/4B3/3P4/5P2/\
         P5P1/P1P5|8/8/8/3**3/3**3/8/1P6/3P1P2|2pQpp1p/1R1p4/p6p/3**3/3**3/8/q7/4K3|\
         2n4r/1p5p/8/4p1p1/8/8/8/8|pp4p1/1bp5/5p2/p7/8/8/4r2b/8|8/3kp3/1p1p4/2p2p2/8/B7/8/\
         6n1 b 0 0 - 12 91",
        3,
    );
}

#[test]
fn tiling_rider_finds_a_win_in_two_turns() {
    // A turn is several actions. Black, at the start of a turn of up to two moves, mates at
    // the end of its next turn whatever White does in between: Black's move and the end of
    // its turn (2 plies), White's turn (a move and its end, or two moves: 2 plies), Black's
    // mating move and the end of its turn (2 plies). Found by `find_wins_in_two` among
    // sparse random positions (`tiling_rider_sparse`) as wins in 5 plies from a one-move
    // turn, a state no game reaches (a turn's limit is at least 2 after the first turns):
    // the turn is made a reachable one here, of up to two moves after White's one (the
    // other position found then mates sooner, within Black's own turn).
    use chimera_tiling_rider::TilingRider;
    finds_forced_win::<TilingRider>(
        "2KK6f7/2KK14/14kk2/14kk2/18/n15w1/18/18/18/18/18/18/18/18/18/18 b 0/2 - 1 0 2",
        6,
    );
}
