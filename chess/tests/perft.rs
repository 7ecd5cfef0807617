//! Perft two ways: the crate's legal generator (pins, check masks) against an independent
//! generator written here (a mailbox walk producing pseudo-legal moves, then a legality
//! filter that plays each move and looks for attacks on the king with its own ray walking).
//! Both count the published positions of `perft.epd`; they also agree move for move along
//! random games.
use chimera_chess::{Chess, Move, Piece, Role, Rules, Square};
use chimera_core::conformance::SplitMix64;
use chimera_core::{Color, Game, Position};
use chimera_kit::conformance::{parse_perft_file, perft_two_ways};

type Board = [Option<Piece>; 64];

fn mailbox(p: &Chess) -> Board {
    let mut b = [None; 64];
    for s in Square::all() {
        b[s.index()] = p.piece_at(s);
    }
    b
}

fn at(f: i32, r: i32) -> Option<usize> {
    ((0..8).contains(&f) && (0..8).contains(&r)).then(|| (r * 8 + f) as usize)
}

const ROOK: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
const KNIGHT: [(i32, i32); 8] = chimera_kit::steps::wide(chimera_kit::steps::KNIGHT);

/// Whether a piece of `by` attacks square `s` on board `b`.
fn attacked(b: &Board, s: usize, by: Color) -> bool {
    let (f, r) = ((s % 8) as i32, (s / 8) as i32);
    let is = |i: Option<usize>, roles: &[Role]| {
        i.and_then(|i| b[i])
            .is_some_and(|p| p.color == by && roles.contains(&p.role))
    };
    let pawn_dir = if by == Color::White { -1 } else { 1 };
    if is(at(f - 1, r + pawn_dir), &[Role::Pawn]) || is(at(f + 1, r + pawn_dir), &[Role::Pawn]) {
        return true;
    }
    let all: Vec<(i32, i32)> = ROOK.iter().chain(&BISHOP).copied().collect();
    if KNIGHT
        .iter()
        .any(|(df, dr)| is(at(f + df, r + dr), &[Role::Knight]))
        || all
            .iter()
            .any(|(df, dr)| is(at(f + df, r + dr), &[Role::King]))
    {
        return true;
    }
    for (dirs, roles) in [
        (ROOK, [Role::Rook, Role::Queen]),
        (BISHOP, [Role::Bishop, Role::Queen]),
    ] {
        for (df, dr) in dirs {
            let (mut x, mut y) = (f + df, r + dr);
            while let Some(i) = at(x, y) {
                if let Some(p) = b[i] {
                    if p.color == by && roles.contains(&p.role) {
                        return true;
                    }
                    break;
                }
                x += df;
                y += dr;
            }
        }
    }
    false
}

/// The en-passant square: from the game's last move if there is one (a pawn's double
/// step), else as the position says (at the root).
fn ep_square(g: &Game<Chess>) -> Option<usize> {
    match g.last_move() {
        Some((before, mv)) => {
            let pawn = before
                .piece_at(mv.from())
                .is_some_and(|p| p.role == Role::Pawn);
            let double = mv.from().rank().abs_diff(mv.to().rank()) == 2;
            (pawn && double).then(|| (mv.from().index() + mv.to().index()) / 2)
        }
        None => g.position().ep_square().map(Square::index),
    }
}

fn sqr(i: usize) -> Square {
    Square::from_index(i).expect("on the board")
}

fn pawn_moves(b: &Board, s: usize, us: Color, ep: Option<usize>, out: &mut Vec<Move>) {
    let (f, r) = ((s % 8) as i32, (s / 8) as i32);
    let (dir, start, last) = if us == Color::White {
        (1, 1, 7)
    } else {
        (-1, 6, 0)
    };
    let mut push = |to: usize| {
        if (to / 8) as i32 == last {
            for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                out.push(Move::new(sqr(s), sqr(to), Some(role)));
            }
        } else {
            out.push(Move::new(sqr(s), sqr(to), None));
        }
    };
    if let Some(one) = at(f, r + dir).filter(|&i| b[i].is_none()) {
        push(one);
        if r == start {
            if let Some(two) = at(f, r + 2 * dir).filter(|&i| b[i].is_none()) {
                push(two);
            }
        }
    }
    for df in [-1, 1] {
        if let Some(to) = at(f + df, r + dir) {
            if b[to].is_some_and(|p| p.color != us) || Some(to) == ep {
                push(to);
            }
        }
    }
}

fn castling_moves(p: &Chess, b: &Board, us: Color, out: &mut Vec<Move>) {
    let (base, rights) = if us == Color::White {
        (0, p.castling_rights() & 3)
    } else {
        (56, p.castling_rights() >> 2)
    };
    let them = !us;
    if attacked(b, base + 4, them) {
        return;
    }
    for (bit, empty, safe, to) in [(1, &[5, 6][..], [5, 6], 6), (2, &[1, 2, 3][..], [3, 2], 2)] {
        if rights & bit != 0
            && empty.iter().all(|&i| b[base + i].is_none())
            && safe.iter().all(|&i| !attacked(b, base + i, them))
        {
            out.push(Move::new(sqr(base + 4), sqr(base + to), None));
        }
    }
}

/// Pseudo-legal moves by walking the mailbox.
fn pseudo_legal(g: &Game<Chess>, out: &mut Vec<Move>) {
    let p = g.position();
    let b = mailbox(p);
    let us = p.turn();
    for s in 0..64 {
        let Some(piece) = b[s].filter(|x| x.color == us) else {
            continue;
        };
        let (f, r) = ((s % 8) as i32, (s / 8) as i32);
        let mut add = |to: usize| {
            if b[to].map_or(true, |q| q.color != us) {
                out.push(Move::new(sqr(s), sqr(to), None));
            }
        };
        match piece.role {
            Role::Pawn => pawn_moves(&b, s, us, ep_square(g), out),
            Role::Knight => KNIGHT
                .iter()
                .filter_map(|(df, dr)| at(f + df, r + dr))
                .for_each(add),
            Role::King => ROOK
                .iter()
                .chain(&BISHOP)
                .filter_map(|(df, dr)| at(f + df, r + dr))
                .for_each(add),
            role => {
                let dirs: Vec<(i32, i32)> = match role {
                    Role::Rook => ROOK.to_vec(),
                    Role::Bishop => BISHOP.to_vec(),
                    _ => ROOK.iter().chain(&BISHOP).copied().collect(),
                };
                for (df, dr) in dirs {
                    let (mut x, mut y) = (f + df, r + dr);
                    while let Some(i) = at(x, y) {
                        add(i);
                        if b[i].is_some() {
                            break;
                        }
                        x += df;
                        y += dr;
                    }
                }
            }
        }
    }
    castling_moves(p, &b, us, out);
}

/// The reference generator: pseudo-legal moves that do not leave the mover's king attacked
/// (none once the game is over, as the rules say).
fn reference(g: &Game<Chess>, out: &mut Vec<Move>) {
    out.clear();
    let p = g.position();
    if p.terminal().is_some() {
        return;
    }
    let mut pseudo = Vec::new();
    pseudo_legal(g, &mut pseudo);
    for mv in pseudo {
        let mut after = p.clone();
        after.play_unchecked(mv);
        let mut b = mailbox(&after);
        // En passant as this generator sees it: the pawn passed over is taken whether or
        // not the crate kept the en-passant square.
        let pawn = p.piece_at(mv.from()).is_some_and(|x| x.role == Role::Pawn);
        if pawn && mv.from().file() != mv.to().file() && p.piece_at(mv.to()).is_none() {
            b[mv.to().index() ^ 8] = None;
        }
        let king = (0..64).find(|&i| {
            b[i] == Some(Piece {
                color: p.turn(),
                role: Role::King,
            })
        });
        if king.is_some_and(|k| !attacked(&b, k, !p.turn())) {
            out.push(mv);
        }
    }
}

/// A line of `perft.epd`: its name, its position and its (depth, count) pairs.
type Case = (String, Chess, Vec<(u32, u64)>);

fn cases() -> Vec<Case> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/perft.epd"))
        .expect("perft.epd");
    parse_perft_file(&text)
        .expect("perft.epd reads")
        .into_iter()
        .map(|c| {
            let game = c.game::<Chess>().expect("the position reads");
            (c.name, game.position().clone(), c.counts)
        })
        .collect()
}

fn check_both_ways(max_nodes: u64) {
    for (name, p, counts) in cases() {
        for (depth, expected) in counts.into_iter().filter(|&(_, n)| n <= max_nodes) {
            let counted = perft_two_ways(&mut Game::new(p.clone()), depth, &mut reference);
            assert_eq!(counted, Ok(expected), "{name}, depth {depth}");
        }
    }
}

#[test]
fn published_perft_two_ways_up_to_a_hundred_thousand_nodes() {
    check_both_ways(100_000);
}

#[test]
#[ignore = "the whole of perft.epd with the slow reference: run with --ignored"]
fn published_perft_two_ways_in_full() {
    check_both_ways(u64::MAX);
}

#[test]
fn move_sets_agree_with_the_reference_along_random_games() {
    for (_, start, _) in cases() {
        for seed in 0..40 {
            let mut rng = SplitMix64::new(seed);
            let mut game = Game::new(start.clone());
            for ply in 0..200 {
                let (mut fast, mut slow) = (game.legal_move_list(), Vec::new());
                reference(&game, &mut slow);
                fast.sort_by_key(|m| m.to_string());
                slow.sort_by_key(|m| m.to_string());
                assert_eq!(
                    fast,
                    slow,
                    "seed {seed}, ply {ply}, {}",
                    game.position().to_text()
                );
                if fast.is_empty() {
                    break;
                }
                game.play_unchecked(fast[rng.below(fast.len())]);
            }
        }
    }
}

#[test]
fn the_start_position_has_the_standard_rules() {
    assert_eq!(
        Chess::start(Rules::default()).to_text(),
        chimera_chess::START_FEN
    );
}
