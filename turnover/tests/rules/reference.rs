//! An independent, slow reference implementation written from the rules text: an 8×8 array
//! of optional (ring set, colour) cells, moves found by walking squares step by step. It
//! does not call the crate's move generator nor its move making; the perft and playout tests
//! compare the two.

use chimera_core::{Color, Game, Position};
use chimera_turnover::{Move, Square, Turnover};

pub const T: u8 = 1;
pub const F: u8 = 2;
pub const W: u8 = 4;
pub const TF: u8 = T | F;
pub const FW: u8 = F | W;
pub const TFW: u8 = T | F | W;

const ROOK: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
const BISHOP: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT: [(i32, i32); 8] = chimera_kit::steps::wide(chimera_kit::steps::KNIGHT);

/// A board as an array, `cells[rank][file]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefBoard {
    pub cells: [[Option<(u8, Color)>; 8]; 8],
    pub turn: Color,
    pub clock: u32,
}

fn ring_set(letters: &str) -> u8 {
    letters
        .chars()
        .map(|c| match c.to_ascii_uppercase() {
            'T' => T,
            'F' => F,
            'W' => W,
            _ => panic!("bad ring"),
        })
        .sum()
}

fn valid(set: u8) -> bool {
    matches!(set, T | F | W | TF | FW | TFW)
}

fn on_board(f: i32, r: i32) -> bool {
    (0..8).contains(&f) && (0..8).contains(&r)
}

fn square(f: i32, r: i32) -> Square {
    Square::from_coords(f as u8, r as u8).unwrap()
}

impl RefBoard {
    pub fn of(pos: &Turnover) -> RefBoard {
        let mut cells = [[None; 8]; 8];
        for (r, row) in cells.iter_mut().enumerate() {
            for (f, cell) in row.iter_mut().enumerate() {
                *cell = pos
                    .stack_at(square(f as i32, r as i32))
                    .map(|(s, c)| (ring_set(s.letters()), c));
            }
        }
        RefBoard {
            cells,
            turn: pos.turn(),
            clock: pos.halfmove_clock(),
        }
    }

    fn get(&self, f: i32, r: i32) -> Option<(u8, Color)> {
        self.cells[r as usize][f as usize]
    }

    fn forward(&self) -> i32 {
        if self.turn == Color::White {
            1
        } else {
            -1
        }
    }

    fn has_castle(&self, color: Color) -> bool {
        self.cells
            .iter()
            .flatten()
            .any(|c| *c == Some((TFW, color)))
    }

    /// The general landing rule: can `arriving` rings of the mover land on (f, r)?
    fn may_land(&self, arriving: u8, f: i32, r: i32) -> bool {
        match self.get(f, r) {
            None => true,
            Some((set, color)) => {
                (arriving & set == 0 && valid(arriving | set)) || color != self.turn
            }
        }
    }

    /// Every move of the movement rules, ignoring the end of the game.
    pub fn movement_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        let fwd = self.forward();
        for r in 0..8 {
            for f in 0..8 {
                let Some((set, color)) = self.get(f, r) else {
                    continue;
                };
                if color != self.turn {
                    continue;
                }
                let from = square(f, r);
                let mut push = |tf: i32, tr: i32| out.push(Move::new(from, square(tf, tr)));
                let slide = |dirs: &[(i32, i32)], arriving: u8, push: &mut dyn FnMut(i32, i32)| {
                    for &(df, dr) in dirs {
                        let (mut tf, mut tr) = (f + df, r + dr);
                        while on_board(tf, tr) {
                            if self.get(tf, tr).is_none() {
                                push(tf, tr);
                            } else {
                                if self.may_land(arriving, tf, tr) {
                                    push(tf, tr);
                                }
                                break;
                            }
                            tf += df;
                            tr += dr;
                        }
                    }
                };
                match set {
                    T => slide(&ROOK, T, &mut push),
                    F => slide(&BISHOP, F, &mut push),
                    TF => {
                        slide(&ROOK, F, &mut push);
                        slide(&BISHOP, F, &mut push);
                    }
                    FW => {
                        for (df, dr) in KNIGHT {
                            let (tf, tr) = (f + df, r + dr);
                            if on_board(tf, tr) && self.may_land(W, tf, tr) {
                                push(tf, tr);
                            }
                        }
                    }
                    W => {
                        let tr = r + fwd;
                        if on_board(f, tr) {
                            match self.get(f, tr) {
                                None => push(f, tr),
                                Some((s, _)) if s == F || s == TF => push(f, tr),
                                Some(_) => {}
                            }
                        }
                        for tf in [f - 1, f + 1] {
                            if !on_board(tf, tr) {
                                continue;
                            }
                            match self.get(tf, tr) {
                                None => {}
                                Some((s, _)) if s == F || s == TF => push(tf, tr),
                                Some((_, c)) if c != self.turn => push(tf, tr),
                                Some(_) => {}
                            }
                        }
                    }
                    TFW => {
                        for df in -1..=1 {
                            for dr in -1..=1 {
                                let (tf, tr) = (f + df, r + dr);
                                if (df, dr) == (0, 0) || !on_board(tf, tr) {
                                    continue;
                                }
                                match self.get(tf, tr) {
                                    None => push(tf, tr),
                                    Some((s, _)) if s == F || s == TF => push(tf, tr),
                                    Some((s, c)) => {
                                        if c != self.turn && matches!(s, TFW | FW | T | W) {
                                            push(tf, tr)
                                        }
                                    }
                                }
                            }
                        }
                        let (mr, tr) = (r + fwd, r + 2 * fwd);
                        if on_board(f, tr) && self.get(f, mr).is_none() {
                            match self.get(f, tr) {
                                None => push(f, tr),
                                Some((s, _)) if s == F || s == TF => push(f, tr),
                                Some(_) => {}
                            }
                        }
                    }
                    _ => panic!("invalid stack {set}"),
                }
            }
        }
        out
    }

    /// The legal moves ignoring history: none once a side has no Castle or the 50-move
    /// clock has run out.
    pub fn legal_moves(&self) -> Vec<Move> {
        if !self.has_castle(Color::White) || !self.has_castle(Color::Black) || self.clock >= 100 {
            return Vec::new();
        }
        self.movement_moves()
    }

    /// Plays a move, written from the rules text.
    pub fn play(&mut self, mv: Move) {
        let (ff, fr) = (mv.from().file() as i32, mv.from().rank() as i32);
        let (tf, tr) = (mv.to().file() as i32, mv.to().rank() as i32);
        let (set, color) = self.get(ff, fr).expect("a stack to move");
        let target = self.get(tf, tr);
        let target_set = target.map_or(0, |t| t.0);
        let travel = match set {
            T => T,
            F | TF => F,
            W | FW => W,
            TFW => {
                let dismount = tf == ff && tr == fr + 2 * self.forward();
                if target_set == F || target_set == TF || dismount {
                    W
                } else {
                    TFW
                }
            }
            _ => panic!("invalid"),
        };
        let stays = set & !travel;
        self.cells[fr as usize][ff as usize] = (stays != 0).then_some((stays, color));
        let mut result = match target {
            None => travel,
            Some((s, _)) if s & travel == 0 && valid(s | travel) => s | travel,
            Some(_) => travel,
        };
        let last = if color == Color::White { 7 } else { 0 };
        if tr == last && (result == W || result == TFW) {
            result = TF;
        }
        self.cells[tr as usize][tf as usize] = Some((result, color));
        self.clock = match target {
            Some((_, c)) if c != color => 0,
            _ => self.clock + 1,
        };
        self.turn = !self.turn;
    }
}

/// The reference generator for `perft_with`: legal moves with the history rule
/// (threefold repetition, unless the side to move has no move) applied independently.
pub fn generate(game: &Game<Turnover>, buf: &mut Vec<Move>) {
    buf.clear();
    let (current, earlier) = game.positions().split_last().unwrap();
    let board = RefBoard::of(current);
    let moves = board.legal_moves();
    let same = |p: &Turnover| {
        p.turn() == board.turn
            && (0..64).all(|i| {
                let s = Square::new(i).unwrap();
                let cell = board.cells[s.rank() as usize][s.file() as usize];
                p.stack_at(s).map(|(st, c)| (ring_set(st.letters()), c)) == cell
            })
    };
    let repeats = earlier.iter().filter(|p| same(p)).count();
    if repeats >= 2 && !board.movement_moves().is_empty() {
        return;
    }
    buf.extend(moves);
}
