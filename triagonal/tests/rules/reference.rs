//! An independent, slow reference implementation written from the rules text: an 8×8×8
//! array of optional (letter, colour) cells, moves found by walking cells step by step with
//! direction vectors, placements tried by copying the board and placing the two Jacks. It
//! calls neither the crate's move generator nor its move making (only `Move`'s constructors
//! and the position's read accessors); the perft and playout tests compare the two.

use chimera_core::{Color, Game, Position};
use chimera_triagonal::{Cell, Move, Role, Triagonal};

type Coord = (i32, i32, i32); // (file, rank, level)

/// What stands on a cell: a piece letter and its colour.
type Content = Option<(char, Color)>;

/// A board as an array `cells[level][rank][file]` of (letter `PNBRQKJ`, colour).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefBoard {
    pub cells: [[[Content; 8]; 8]; 8],
    pub turn: Color,
    pub hand: [u16; 2],
    /// (skipped cell, pawn that double-stepped).
    pub ep: Option<(Coord, Coord)>,
    pub clock: u32,
    pub number: u32,
}

/// One reference move: the normal part, whether it captures, whether a Jack moves.
#[derive(Clone, Copy, Debug)]
struct RefMove {
    from: Coord,
    to: Coord,
    promo: Option<char>,
    captures: bool,
    jack: bool,
}

pub fn hole(c: Coord) -> bool {
    (3..=4).contains(&c.0) && (3..=4).contains(&c.1) && (3..=4).contains(&c.2)
}

pub fn on_board(c: Coord) -> bool {
    (0..8).contains(&c.0) && (0..8).contains(&c.1) && (0..8).contains(&c.2) && !hole(c)
}

fn add(a: Coord, d: Coord) -> Coord {
    (a.0 + d.0, a.1 + d.1, a.2 + d.2)
}

fn cell(c: Coord) -> Cell {
    Cell::new(c.0 as u8, c.1 as u8, c.2 as u8).expect("a cell")
}

fn coord(c: Cell) -> Coord {
    (
        i32::from(c.file()),
        i32::from(c.rank()),
        i32::from(c.level()),
    )
}

/// Every vector with components in {-1, 0, 1} and exactly `n` of them non-zero.
fn unit_vectors(n: usize) -> Vec<Coord> {
    let mut out = Vec::new();
    for f in -1..=1 {
        for r in -1..=1 {
            for l in -1..=1 {
                if [f, r, l].iter().filter(|&&x| x != 0).count() == n {
                    out.push((f, r, l));
                }
            }
        }
    }
    out
}

fn orthogonal() -> Vec<Coord> {
    unit_vectors(1)
}
fn diagonal() -> Vec<Coord> {
    unit_vectors(2)
}
fn triagonal() -> Vec<Coord> {
    unit_vectors(3)
}
fn all_directions() -> Vec<Coord> {
    let mut v = orthogonal();
    v.extend(diagonal());
    v.extend(triagonal());
    v
}

/// The 24 knight vectors: a 2 and a 1 on two different axes.
fn knight_vectors() -> Vec<Coord> {
    let mut out = Vec::new();
    for f in -2i32..=2 {
        for r in -2i32..=2 {
            for l in -2i32..=2 {
                let mut a = [f.abs(), r.abs(), l.abs()];
                a.sort();
                if a == [0, 1, 2] {
                    out.push((f, r, l));
                }
            }
        }
    }
    out
}

fn index(c: Color) -> usize {
    match c {
        Color::White => 0,
        Color::Black => 1,
    }
}

impl RefBoard {
    pub fn of(pos: &Triagonal) -> RefBoard {
        let mut cells = [[[None; 8]; 8]; 8];
        for c in Cell::all() {
            let (f, r, l) = coord(c);
            cells[l as usize][r as usize][f as usize] =
                pos.piece_at(c).map(|(p, col)| (p.letter(), col));
        }
        RefBoard {
            cells,
            turn: pos.turn(),
            hand: [
                pos.jacks_in_hand(Color::White),
                pos.jacks_in_hand(Color::Black),
            ],
            ep: pos.en_passant().map(|(s, v)| (coord(s), coord(v))),
            clock: pos.halfmove_clock(),
            number: pos.fullmove_number(),
        }
    }

    pub fn get(&self, c: Coord) -> Option<(char, Color)> {
        self.cells[c.2 as usize][c.1 as usize][c.0 as usize]
    }

    fn set(&mut self, c: Coord, v: Option<(char, Color)>) {
        self.cells[c.2 as usize][c.1 as usize][c.0 as usize] = v;
    }

    fn all_coords() -> impl Iterator<Item = Coord> {
        (0..8)
            .flat_map(|l| (0..8).flat_map(move |r| (0..8).map(move |f| (f, r, l))))
            .filter(|&c| on_board(c))
    }

    fn count(&self, letter: char, color: Color) -> usize {
        RefBoard::all_coords()
            .filter(|&c| self.get(c) == Some((letter, color)))
            .count()
    }

    /// +1 for White, −1 for Black: the sign of "forward" in rank and level.
    fn forward(color: Color) -> i32 {
        match color {
            Color::White => 1,
            Color::Black => -1,
        }
    }

    fn king_start(color: Color) -> Coord {
        match color {
            Color::White => (4, 0, 0),
            Color::Black => (4, 7, 7),
        }
    }

    /// Where `color`'s pawns start: White A?2, B?1, B?2; Black H?7, G?8, G?7.
    fn pawn_start(color: Color, c: Coord) -> bool {
        let (r, l) = match color {
            Color::White => (c.1, c.2),
            Color::Black => (7 - c.1, 7 - c.2),
        };
        (l == 0 && r == 1) || (l == 1 && (r == 0 || r == 1))
    }

    /// White promotes on Ha8–Hh8, Black on Aa1–Ah1.
    fn zone(color: Color, c: Coord) -> bool {
        match color {
            Color::White => c.2 == 7 && c.1 == 7,
            Color::Black => c.2 == 0 && c.1 == 0,
        }
    }

    /// The game is over: a king captured, a king on the enemy king's start, 50 moves.
    pub fn over(&self) -> bool {
        for color in [Color::White, Color::Black] {
            if self.count('K', color) == 0 {
                return true;
            }
            if self.get(RefBoard::king_start(!color)) == Some(('K', color)) {
                return true;
            }
        }
        self.clock >= 100
    }

    fn normal_moves(&self) -> Vec<RefMove> {
        let us = self.turn;
        let s = RefBoard::forward(us);
        let mut out = Vec::new();
        let enemy = |c: Coord| matches!(self.get(c), Some((_, col)) if col != us);
        let empty = |c: Coord| self.get(c).is_none();
        let mk = |from, to, captures, jack| RefMove {
            from,
            to,
            promo: None,
            captures,
            jack,
        };
        for from in RefBoard::all_coords() {
            let Some((letter, color)) = self.get(from) else {
                continue;
            };
            if color != us {
                continue;
            }
            // One step onto an empty cell (quiet) or an enemy (if `cap`).
            let step = |out: &mut Vec<RefMove>, d: Coord, cap: bool, jack: bool| {
                let to = add(from, d);
                if on_board(to) {
                    if empty(to) {
                        out.push(mk(from, to, false, jack));
                    } else if cap && enemy(to) {
                        out.push(mk(from, to, true, jack));
                    }
                }
            };
            let slide = |out: &mut Vec<RefMove>, d: Coord| {
                let mut to = add(from, d);
                while on_board(to) {
                    if empty(to) {
                        out.push(mk(from, to, false, false));
                    } else {
                        if enemy(to) {
                            out.push(mk(from, to, true, false));
                        }
                        break;
                    }
                    to = add(to, d);
                }
            };
            match letter {
                'P' => {
                    let pawn_to = |out: &mut Vec<RefMove>, to: Coord, captures: bool| {
                        if RefBoard::zone(us, to) {
                            let mut any = false;
                            for p in ['Q', 'R', 'B', 'N'] {
                                if self.count(p, us) < 3 {
                                    out.push(RefMove {
                                        promo: Some(p),
                                        ..mk(from, to, captures, false)
                                    });
                                    any = true;
                                }
                            }
                            if !any && self.get(to) == Some(('K', !us)) {
                                out.push(mk(from, to, captures, false));
                            }
                        } else {
                            out.push(mk(from, to, captures, false));
                        }
                    };
                    for d in [(0, s, 0), (0, 0, s)] {
                        let to = add(from, d);
                        if on_board(to) && empty(to) {
                            pawn_to(&mut out, to, false);
                            let far = add(to, d);
                            if RefBoard::pawn_start(us, from) && on_board(far) && empty(far) {
                                out.push(mk(from, far, false, false));
                            }
                        }
                    }
                    for d in [
                        (1, s, 0),
                        (-1, s, 0),
                        (1, 0, s),
                        (-1, 0, s),
                        (0, s, s),
                        (1, -s, -s),
                        (-1, -s, -s),
                    ] {
                        let to = add(from, d);
                        if !on_board(to) {
                            continue;
                        }
                        if enemy(to) {
                            pawn_to(&mut out, to, true);
                        } else if let Some((skipped, victim)) = self.ep {
                            if to == skipped && empty(to) && self.get(victim) == Some(('P', !us)) {
                                out.push(mk(from, to, true, false));
                            }
                        }
                    }
                }
                'N' => {
                    for d in knight_vectors() {
                        step(&mut out, d, true, false);
                        let mid = add(from, d);
                        let far = add(mid, d);
                        if on_board(mid) && empty(mid) && on_board(far) && empty(far) {
                            out.push(mk(from, far, false, false));
                        }
                    }
                    for d in triagonal() {
                        step(&mut out, d, true, false);
                    }
                    for d in orthogonal() {
                        let to = add(from, d);
                        if on_board(to) && enemy(to) {
                            out.push(mk(from, to, true, false));
                        }
                    }
                }
                'B' => {
                    for d in diagonal().into_iter().chain(triagonal()) {
                        slide(&mut out, d);
                    }
                }
                'R' => {
                    for d in orthogonal().into_iter().chain(triagonal()) {
                        slide(&mut out, d);
                    }
                }
                'Q' => {
                    for d in orthogonal().into_iter().chain(diagonal()) {
                        slide(&mut out, d);
                    }
                    for d in triagonal() {
                        step(&mut out, d, false, false);
                    }
                }
                'K' => {
                    for d in all_directions() {
                        step(&mut out, d, true, false);
                    }
                    if from == RefBoard::king_start(us) {
                        let (f, r, l) = from;
                        // Toward the h-file rook: f and g empty; toward the a-file rook:
                        // b, c and d empty.
                        if self.get((7, r, l)) == Some(('R', us))
                            && (5..7).all(|x| empty((x, r, l)))
                        {
                            out.push(mk(from, (f + 2, r, l), false, false));
                        }
                        if self.get((0, r, l)) == Some(('R', us))
                            && (1..4).all(|x| empty((x, r, l)))
                        {
                            out.push(mk(from, (f - 2, r, l), false, false));
                        }
                    }
                }
                'J' => {
                    for d in triagonal() {
                        step(&mut out, d, true, true);
                    }
                    for d in [(0, s, 0), (0, 0, s)] {
                        step(&mut out, d, false, true);
                    }
                }
                other => panic!("unknown piece {other}"),
            }
        }
        out
    }

    fn to_move(m: &RefMove) -> Move {
        let mut mv = Move::new(cell(m.from), cell(m.to));
        if let Some(p) = m.promo {
            mv = mv.with_promotion(Role::from_letter(p).unwrap());
        }
        mv
    }

    /// Every legal turn, history ignored.
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.over() {
            return Vec::new();
        }
        let normal = self.normal_moves();
        let mut out: Vec<Move> = normal.iter().map(RefBoard::to_move).collect();
        let us = self.turn;
        if self.hand[index(us)] < 2 || normal.is_empty() {
            return out;
        }
        let own_neighbours = |c: Coord| {
            all_directions()
                .into_iter()
                .map(|d| add(c, d))
                .filter(|&n| on_board(n) && matches!(self.get(n), Some((_, col)) if col == us))
                .count()
        };
        let eligible: Vec<Coord> = RefBoard::all_coords()
            .filter(|&c| self.get(c).is_none() && own_neighbours(c) >= 2)
            .collect();
        for (i, &a) in eligible.iter().enumerate() {
            for &b in &eligible[i + 1..] {
                let adjacent = all_directions().into_iter().any(|d| add(a, d) == b);
                if !adjacent {
                    continue;
                }
                let mut placed = self.clone();
                placed.set(a, Some(('J', us)));
                placed.set(b, Some(('J', us)));
                for m in placed.normal_moves() {
                    if !m.captures && !m.jack {
                        out.push(RefBoard::to_move(&m).with_placement(cell(a), cell(b)));
                    }
                }
            }
        }
        out
    }

    /// Plays a turn, written from the rules text.
    pub fn play(&mut self, mv: Move) {
        let us = self.turn;
        let mut reset = false;
        if let Some((a, b)) = mv.placement() {
            self.set(coord(a), Some(('J', us)));
            self.set(coord(b), Some(('J', us)));
            self.hand[index(us)] -= 2;
            reset = true;
        }
        let from = coord(mv.from());
        let to = coord(mv.to());
        let (letter, _) = self.get(from).expect("a piece moves");
        let d = (to.0 - from.0, to.1 - from.1, to.2 - from.2);
        let ep = self.ep.take();
        if letter == 'N' && d.0.abs() + d.1.abs() + d.2.abs() == 1 {
            // Capture without moving.
            self.set(to, None);
            reset = true;
        } else if letter == 'K' && from == RefBoard::king_start(us) && d.0.abs() == 2 {
            let (rook_from, rook_to) = if d.0 > 0 {
                ((7, from.1, from.2), (5, from.1, from.2))
            } else {
                ((0, from.1, from.2), (3, from.1, from.2))
            };
            self.set(from, None);
            self.set(to, Some(('K', us)));
            let rook = self.get(rook_from);
            self.set(rook_from, None);
            self.set(rook_to, rook);
        } else {
            if self.get(to).is_some() {
                reset = true;
            }
            if letter == 'P' {
                reset = true;
                let capture_vector = d.0 != 0 || (d.1 != 0 && d.2 != 0);
                if let Some((skipped, victim)) = ep {
                    if to == skipped && self.get(to).is_none() && capture_vector {
                        self.set(victim, None);
                    }
                }
                if d.1.abs() == 2 || d.2.abs() == 2 {
                    let skipped = (from.0, from.1 + d.1 / 2, from.2 + d.2 / 2);
                    self.ep = Some((skipped, to));
                }
            }
            let placed = match mv.promotion() {
                Some(p) => p.letter(),
                None => letter,
            };
            self.set(from, None);
            self.set(to, Some((placed, us)));
        }
        self.clock = if reset { 0 } else { self.clock + 1 };
        if us == Color::Black {
            self.number += 1;
        }
        self.turn = !us;
    }
}

/// The reference's legal moves of the game's position, for `chimera_core::perft_with`.
/// (Repetition is ignored: no test position repeats within its perft depth.)
pub fn generate(game: &Game<Triagonal>, out: &mut Vec<Move>) {
    out.clear();
    out.extend(RefBoard::of(game.position()).legal_moves());
}
