//! Perft two ways: the crate's legal generator (pins, check masks) against an independent
//! one written here: a mailbox walk producing pseudo-legal moves, a legality filter that
//! makes each move on its own board and looks for attacks on the king with its own ray
//! walking, its own castling rights, en-passant square and clock, and the draws by
//! repetition, the fifty-move rule and insufficient material applied along every line as
//! RULES.md states them ([`Walk`]: nothing of the crate but reading the start position).
//! Both count the positions of `perft.epd`; they also agree move for move, and position
//! for position, along random games.
use chimera_chess::{Chess, Move, Piece, Role, Rules, Square};
use chimera_core::SplitMix64;
use chimera_core::{Color, Game, Position};
use chimera_test_kit::perft_file_positions;

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

fn castling_moves(all_rights: u8, b: &Board, us: Color, out: &mut Vec<Move>) {
    let (base, rights) = if us == Color::White {
        (0, all_rights & 3)
    } else {
        (56, all_rights >> 2)
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
fn pseudo_legal(w: &Walk, out: &mut Vec<Move>) {
    let b = &w.b;
    let us = w.us;
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
            Role::Pawn => pawn_moves(b, s, us, w.ep, out),
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
    castling_moves(w.rights, b, us, out);
}

/// What repetition compares: the board, the side to move, the castling rights and the
/// en-passant square where a capture there is legal.
type Key = (Board, Color, u8, Option<usize>);

/// The reference's own game, made and unmade without the crate: its board, the side to
/// move, the castling rights (bits: White king-side 1, queen-side 2, Black 4 and 8), the
/// en-passant square (the square a pawn's double step passed over), the half-move clock,
/// and the positions since the last capture or pawn move (for repetition).
#[derive(Clone)]
struct Walk {
    b: Board,
    us: Color,
    rights: u8,
    ep: Option<usize>,
    clock: u32,
    seen: Vec<Key>,
}

impl Walk {
    /// The reference's game from a position of the crate (read once, at the root).
    fn of(p: &Chess) -> Walk {
        let mut w = Walk {
            b: mailbox(p),
            us: p.turn(),
            rights: p.castling_rights(),
            ep: p.ep_square().map(Square::index),
            clock: p.halfmove_clock(),
            seen: Vec::new(),
        };
        let key = w.key();
        w.seen.push(key);
        w
    }

    /// The moves that do not leave the mover's king attacked, ignoring the draws.
    fn moves_on_the_board(&self) -> Vec<Move> {
        let mut pseudo = Vec::new();
        pseudo_legal(self, &mut pseudo);
        pseudo
            .into_iter()
            .filter(|&mv| {
                let b = self.board_after(mv);
                let king = (0..64).find(|&i| {
                    b[i] == Some(Piece {
                        color: self.us,
                        role: Role::King,
                    })
                });
                king.is_some_and(|k| !attacked(&b, k, !self.us))
            })
            .collect()
    }

    /// The legal moves: none once the game is drawn (threefold repetition, the fifty-move
    /// rule, insufficient material) or decided (no move on the board).
    fn legal(&self) -> Vec<Move> {
        let repeated = self.seen.iter().filter(|k| **k == self.key()).count() >= 3;
        if repeated || self.clock >= 100 || self.insufficient() {
            return Vec::new();
        }
        self.moves_on_the_board()
    }

    /// Kings alone, one minor piece in all, or only bishops, all on squares of one colour.
    fn insufficient(&self) -> bool {
        let others: Vec<(usize, Role)> = (0..64)
            .filter_map(|i| self.b[i].map(|p| (i, p.role)))
            .filter(|&(_, role)| role != Role::King)
            .collect();
        let colour = |i: usize| (i % 8 + i / 8) % 2;
        match others.as_slice() {
            [] | [(_, Role::Knight | Role::Bishop)] => true,
            [(first, _), ..] => others
                .iter()
                .all(|&(i, role)| role == Role::Bishop && colour(i) == colour(*first)),
        }
    }

    fn key(&self) -> Key {
        let ep = self.ep.filter(|&e| {
            self.moves_on_the_board().iter().any(|mv| {
                mv.to().index() == e
                    && self.b[mv.from().index()].is_some_and(|p| p.role == Role::Pawn)
            })
        });
        (self.b, self.us, self.rights, ep)
    }

    /// The board after `mv`: the piece moves (promoted), an en-passant capture takes the
    /// pawn passed, castling moves the rook.
    fn board_after(&self, mv: Move) -> Board {
        let mut b = self.b;
        let (from, to) = (mv.from().index(), mv.to().index());
        let piece = b[from].expect("a piece moves");
        if piece.role == Role::Pawn && Some(to) == self.ep && from % 8 != to % 8 {
            b[to ^ 8] = None;
        }
        if piece.role == Role::King && from.abs_diff(to) == 2 {
            let (rook_from, rook_to) = if to > from {
                (from + 3, from + 1)
            } else {
                (from - 4, from - 1)
            };
            b[rook_to] = b[rook_from].take();
        }
        b[from] = None;
        b[to] = Some(match mv.promotion() {
            Some(role) => Piece {
                color: piece.color,
                role,
            },
            None => piece,
        });
        b
    }

    /// The game after `mv`, with the rights, en-passant square, clock and history kept.
    fn after(&self, mv: Move) -> Walk {
        let (from, to) = (mv.from().index(), mv.to().index());
        let pawn = self.b[from].is_some_and(|p| p.role == Role::Pawn);
        let reset = pawn || self.b[to].is_some();
        let mut rights = self.rights;
        for (corner, bit) in [(7, 1), (0, 2), (63, 4), (56, 8)] {
            if from == corner || to == corner {
                rights &= !bit;
            }
        }
        for (king, bits) in [(4, 3), (60, 12)] {
            if from == king {
                rights &= !bits;
            }
        }
        let mut next = Walk {
            b: self.board_after(mv),
            us: !self.us,
            rights,
            ep: (pawn && from.abs_diff(to) == 16).then_some((from + to) / 2),
            clock: if reset { 0 } else { self.clock + 1 },
            seen: if reset { Vec::new() } else { self.seen.clone() },
        };
        let key = next.key();
        next.seen.push(key);
        next
    }

    /// Perft on the reference's own game (the last ply bulk counted, as the core's).
    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|&mv| self.after(mv).perft(depth - 1))
            .sum()
    }
}

/// A line of `perft.epd`: its name, its position and its (depth, count) pairs.
type Case = (String, Chess, Vec<(u32, u64)>);

fn cases() -> Vec<Case> {
    perft_file_positions::<Chess>(concat!(env!("CARGO_MANIFEST_DIR"), "/perft.epd"))
        .into_iter()
        .map(|(c, pos)| (c.name, pos, c.counts))
        .collect()
}

fn check_both_ways(max_nodes: u64) {
    for (name, p, counts) in cases() {
        for (depth, expected) in counts.into_iter().filter(|&(_, n)| n <= max_nodes) {
            let fast = chimera_core::perft(&mut Game::new(p.clone()), depth);
            let slow = Walk::of(&p).perft(depth);
            assert_eq!((fast, slow), (expected, expected), "{name}, depth {depth}");
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
            let mut walk = Walk::of(&start);
            for ply in 0..200 {
                let at = format!("seed {seed}, ply {ply}, {}", game.position().to_text());
                assert!(
                    walk.b == mailbox(game.position()),
                    "{at}: the boards differ"
                );
                assert_eq!(walk.rights, game.position().castling_rights(), "{at}");
                let (mut fast, mut slow) = (game.legal_move_list(), walk.legal());
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
                let mv = fast[rng.below(fast.len())];
                game.play_unchecked(mv);
                walk = walk.after(mv);
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

#[test]
fn the_reference_draws_as_the_rules_do() {
    // Threefold repetition: the knights go out and back twice.
    let start = Chess::start(Rules::default());
    let (mut game, mut walk) = (Game::new(start.clone()), Walk::of(&start));
    for (i, text) in [
        "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
    ]
    .iter()
    .enumerate()
    {
        assert!(!walk.legal().is_empty(), "ply {i}");
        let mv = game.play_text(text).unwrap();
        walk = walk.after(mv);
    }
    assert!(game.legal_move_list().is_empty());
    assert!(walk.legal().is_empty());
    // Insufficient material, and the fifty-move rule: no moves in either generator.
    for text in [
        "8/8/8/4k3/8/8/8/4K2N w - - 0 1",
        "8/8/3b4/4k3/8/8/8/2B1K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4K2R w - - 100 60",
    ] {
        let p = Chess::from_text(text, Rules::default()).unwrap();
        assert!(Game::new(p.clone()).legal_move_list().is_empty(), "{text}");
        assert!(Walk::of(&p).legal().is_empty(), "{text}");
    }
    // Bishops on squares of both colours can still mate: not a draw.
    let p = Chess::from_text("8/8/2b5/4k3/8/8/8/2B1K3 w - - 0 1", Rules::default()).unwrap();
    assert!(!Walk::of(&p).legal().is_empty());
    assert!(!Game::new(p).legal_move_list().is_empty());
}
