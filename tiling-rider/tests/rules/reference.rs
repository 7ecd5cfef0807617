//! An independent, slow reference implementation written from the rules text: an 18 × 16
//! array of cells, moves found by direction vectors, attacks found by looking at every
//! enemy piece, and the turn-completion question answered by a brute-force depth-first
//! search without memo (stopping at the first continuation that works, moves tried lazily
//! in board order). It does not call the crate's move generator nor its move making; the
//! perft and playout tests compare the two.
//!
//! `paulowich-16` is the same array with its two leftmost files (columns 0 and 1) off the
//! board (nothing may stand or land there; units keep their 18-file colours and tiles) and
//! a giant ferz: a cell value covering one whole unit, stepping one unit diagonally onto a
//! unit without a friendly piece or a king, captured whole by an enemy small piece landing
//! on any of its cells or an enemy aggregate or king entering its unit, attacking the
//! units diagonally next to it, moving once per turn.
//!
//! `color-rider` is the same array with no tiles (no elongated moves) and aggregates on
//! any 2 × 2 block of cells (lower-left cell (f, r), f ≤ 16, r ≤ 14) filled by four like
//! pieces, stepping (2·du, 2·dv) cells along their unit directions over empty blocks, to a
//! block without a friendly piece or a king cell; a block attacks the cells of any block it
//! could so reach (king cells there counting as enemy pieces).

use chimera_core::{Color, Game, Position};
use chimera_tiling_rider::{Move, Rules, Square, TilingRider, Unit};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    Empty,
    /// kind 0 W, 1 F, 2 G, 3 N
    Piece(u8, Color),
    King(Color),
    /// One of the four cells of a giant ferz (`paulowich-16`).
    GiantFerz(Color),
}

const ORTH: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT: [(i32, i32); 8] = chimera_kit::steps::wide(chimera_kit::steps::KNIGHT);

fn steps(kind: u8) -> Vec<(i32, i32)> {
    match kind {
        0 => ORTH.to_vec(),
        1 => DIAG.to_vec(),
        2 => ORTH.iter().chain(DIAG.iter()).copied().collect(),
        _ => KNIGHT.to_vec(),
    }
}

/// The other half of the tile of (f, r).
fn mate(f: i32, r: i32) -> (i32, i32) {
    let (u, v) = (f / 2, r / 2);
    if (u + v) % 2 == 0 {
        (f, r ^ 1) // orange: tiles are columns
    } else {
        (f ^ 1, r) // blue: tiles are rows
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefMove {
    Single(i32, i32, i32, i32),
    /// from unit (u, v) to unit (u, v)
    Aggregate(i32, i32, i32, i32),
    King(i32, i32, i32, i32),
    /// The giant ferz, from unit (u, v) to unit (u, v).
    GiantFerz(i32, i32, i32, i32),
    /// `color-rider`: a block, from lower-left cell (f, r) to lower-left cell (f, r).
    Block(i32, i32, i32, i32),
    End,
}

impl RefMove {
    pub fn to_move(self) -> Move {
        let sq = |f: i32, r: i32| Square::from_coords(f as u8, r as u8).unwrap();
        let un = |u: i32, v: i32| Unit::from_coords(u as u8, v as u8).unwrap();
        match self {
            RefMove::Single(a, b, c, d) => Move::single(sq(a, b), sq(c, d)),
            RefMove::Aggregate(a, b, c, d) => Move::aggregate(un(a, b), un(c, d)),
            RefMove::King(a, b, c, d) => Move::king(un(a, b), un(c, d)),
            RefMove::GiantFerz(a, b, c, d) => Move::giant_ferz(un(a, b), un(c, d)),
            RefMove::Block(a, b, c, d) => Move::block(sq(a, b), sq(c, d)),
            RefMove::End => Move::END_TURN,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefPos {
    /// cells[rank][file]
    pub cells: [[Cell; 18]; 16],
    /// moved alone this turn / used by an aggregate move this turn, by square
    pub moved: [[bool; 18]; 16],
    pub used: [[bool; 18]; 16],
    pub king_moved: bool,
    pub gferz_moved: bool,
    /// The first file on the board: 0, or 2 under `paulowich-16`.
    pub first_file: i32,
    pub side: Color,
    pub made: u32,
    pub limit: u32,
    pub turn_no: u32,
    pub wheeler: bool,
    /// `color-rider`: no tiles, blocks at any offset.
    pub color: bool,
    /// set when the last action ended the turn
    pub just_ended: bool,
}

impl RefPos {
    pub fn of(pos: &TilingRider) -> RefPos {
        let mut cells = [[Cell::Empty; 18]; 16];
        let mut moved = [[false; 18]; 16];
        let mut used = [[false; 18]; 16];
        for r in 0..16 {
            for f in 0..18 {
                let sq = Square::from_coords(f as u8, r as u8).unwrap();
                cells[r][f] = match (pos.piece_at(sq), pos.king_at(sq), pos.giant_ferz_at(sq)) {
                    (Some((p, c)), _, _) => Cell::Piece(p as u8, c),
                    (None, Some(c), _) => Cell::King(c),
                    (None, None, Some(c)) => Cell::GiantFerz(c),
                    (None, None, None) => Cell::Empty,
                };
                moved[r][f] = pos.has_moved_alone(sq);
                used[r][f] = pos.used_by_aggregate(sq);
            }
        }
        RefPos {
            cells,
            moved,
            used,
            king_moved: pos.king_has_moved(),
            gferz_moved: pos.giant_ferz_has_moved(),
            first_file: if pos.rules() == Rules::Paulowich16 {
                2
            } else {
                0
            },
            side: pos.turn(),
            made: u32::from(pos.moves_made()),
            limit: u32::from(pos.move_limit()),
            turn_no: u32::from(pos.turn_number()),
            wheeler: pos.rules() == Rules::Wheeler,
            color: pos.rules() == Rules::ColorRider,
            just_ended: false,
        }
    }

    fn get(&self, f: i32, r: i32) -> Cell {
        self.cells[r as usize][f as usize]
    }

    /// Whether the cell (f, r) is on the board.
    fn on(&self, f: i32, r: i32) -> bool {
        (self.first_file..18).contains(&f) && (0..16).contains(&r)
    }

    /// Whether the unit (u, v) is on the board.
    fn unit_on(&self, u: i32, v: i32) -> bool {
        self.on(2 * u, 2 * v)
    }

    /// Whether `us` may move a unit-sized piece onto unit (u, v): it holds no friendly piece
    /// (small or giant) and no king.
    fn unit_enterable(&self, u: i32, v: i32, us: Color) -> bool {
        (0..2).all(|dy| {
            (0..2).all(|dx| match self.get(2 * u + dx, 2 * v + dy) {
                Cell::Empty => true,
                Cell::Piece(_, c) | Cell::GiantFerz(c) => c != us,
                Cell::King(_) => false,
            })
        })
    }

    /// Lower-left corner (unit) of `color`'s giant ferz, if any.
    fn giant_ferz(&self, color: Color) -> Option<(i32, i32)> {
        for r in 0..16 {
            for f in 0..18 {
                if self.get(f, r) == Cell::GiantFerz(color) {
                    return Some((f / 2, r / 2));
                }
            }
        }
        None
    }

    fn fill_unit(&mut self, u: i32, v: i32, cell: Cell) {
        for dy in 0..2 {
            for dx in 0..2 {
                self.cells[(2 * v + dy) as usize][(2 * u + dx) as usize] = cell;
            }
        }
    }

    fn min(&self) -> u32 {
        if !self.wheeler && self.turn_no == 1 {
            self.limit
        } else {
            1
        }
    }

    fn cost_unit_move(&self) -> u32 {
        if self.wheeler {
            4
        } else {
            1
        }
    }

    /// Lower-left corner of `color`'s king.
    fn king(&self, color: Color) -> (i32, i32) {
        for r in 0..16 {
            for f in 0..18 {
                if self.get(f, r) == Cell::King(color) {
                    return (f, r);
                }
            }
        }
        panic!("no king")
    }

    fn unit_empty(&self, u: i32, v: i32) -> bool {
        (0..2).all(|dy| (0..2).all(|dx| self.get(2 * u + dx, 2 * v + dy) == Cell::Empty))
    }

    /// The kind of a `color` aggregate filling unit (u, v).
    fn aggregate(&self, u: i32, v: i32, color: Color) -> Option<u8> {
        let Cell::Piece(k, c) = self.get(2 * u, 2 * v) else {
            return None;
        };
        let all =
            (0..2).all(|dy| (0..2).all(|dx| self.get(2 * u + dx, 2 * v + dy) == Cell::Piece(k, c)));
        (all && c == color).then_some(k)
    }

    fn unit_dirs(kind: u8) -> Vec<(i32, i32)> {
        match kind {
            0 => ORTH.to_vec(),
            1 => DIAG.to_vec(),
            2 => ORTH.iter().chain(DIAG.iter()).copied().collect(),
            _ => KNIGHT.to_vec(),
        }
    }

    /// Whether `by` attacks unit (u, v).
    pub fn attacked(&self, u: i32, v: i32, by: Color) -> bool {
        // small pieces
        for r in 0..16 {
            for f in 0..18 {
                if let Cell::Piece(k, c) = self.get(f, r) {
                    if c != by {
                        continue;
                    }
                    for (df, dr) in steps(k) {
                        let (tf, tr) = (f + df, r + dr);
                        if self.on(tf, tr) && tf / 2 == u && tr / 2 == v {
                            return true;
                        }
                    }
                }
            }
        }
        // the king
        let (kf, kr) = self.king(by);
        if (kf / 2 - u).abs() + (kr / 2 - v).abs() == 1 {
            return true;
        }
        // the giant ferz: the units diagonally next to it
        if let Some((gu, gv)) = self.giant_ferz(by) {
            if (gu - u).abs() == 1 && (gv - v).abs() == 1 {
                return true;
            }
        }
        if self.color {
            return self.block_attacks(u, v, by);
        }
        // aggregates
        for au in 0..9 {
            for av in 0..8 {
                let Some(k) = self.aggregate(au, av, by) else {
                    continue;
                };
                for (du, dv) in Self::unit_dirs(k) {
                    let (mut cu, mut cv) = (au + du, av + dv);
                    while (0..9).contains(&cu) && (0..8).contains(&cv) && self.unit_on(cu, cv) {
                        if (cu, cv) == (u, v) {
                            return true;
                        }
                        if !self.unit_empty(cu, cv) {
                            break;
                        }
                        cu += du;
                        cv += dv;
                    }
                }
            }
        }
        false
    }

    /// `color-rider`: the kind of a `color` aggregate filling the block with lower-left
    /// cell (f, r).
    fn block(&self, f: i32, r: i32, color: Color) -> Option<u8> {
        if !(0..17).contains(&f) || !(0..15).contains(&r) {
            return None;
        }
        let Cell::Piece(k, c) = self.get(f, r) else {
            return None;
        };
        let all = (0..2).all(|dy| (0..2).all(|dx| self.get(f + dx, r + dy) == Cell::Piece(k, c)));
        (all && c == color).then_some(k)
    }

    /// The four cells of the block with lower-left cell (f, r).
    fn block_cells(f: i32, r: i32) -> [(i32, i32); 4] {
        [(f, r), (f + 1, r), (f, r + 1), (f + 1, r + 1)]
    }

    /// `color-rider`: the blocks each aggregate of `by` could ride to, passing only empty
    /// blocks, and whether each is enterable (no piece of `by`, no king cell), calling
    /// `f(from_f, from_r, to_f, to_r, enterable, empty)` on each block reached (the ride
    /// stops after the first non-empty one); `f` returning true stops it all.
    fn block_rides(
        &self,
        by: Color,
        f: &mut dyn FnMut(i32, i32, i32, i32, bool, bool) -> bool,
    ) -> bool {
        for r in 0..15 {
            for fl in 0..17 {
                let Some(k) = self.block(fl, r, by) else {
                    continue;
                };
                for (du, dv) in Self::unit_dirs(k) {
                    let (mut cf, mut cr) = (fl + 2 * du, r + 2 * dv);
                    while (0..17).contains(&cf) && (0..15).contains(&cr) {
                        let cells = Self::block_cells(cf, cr);
                        let empty = cells.iter().all(|&(x, y)| self.get(x, y) == Cell::Empty);
                        let enterable = cells.iter().all(|&(x, y)| match self.get(x, y) {
                            Cell::Empty => true,
                            Cell::Piece(_, c) | Cell::GiantFerz(c) => c != by,
                            Cell::King(_) => false,
                        });
                        if f(fl, r, cf, cr, enterable, empty) {
                            return true;
                        }
                        if !empty {
                            break;
                        }
                        cf += 2 * du;
                        cr += 2 * dv;
                    }
                }
            }
        }
        false
    }

    /// `color-rider`: whether an aggregate of `by` could ride onto a block meeting unit
    /// (u, v), its cells counted as the enemy's whatever stands there.
    fn block_attacks(&self, u: i32, v: i32, by: Color) -> bool {
        self.block_rides(by, &mut |_, _, tf, tr, _, _| {
            let cells = Self::block_cells(tf, tr);
            let meets = cells.iter().any(|&(x, y)| x / 2 == u && y / 2 == v);
            meets
                && cells.iter().all(|&(x, y)| {
                    if x / 2 == u && y / 2 == v {
                        return true;
                    }
                    match self.get(x, y) {
                        Cell::Empty => true,
                        Cell::Piece(_, c) | Cell::GiantFerz(c) => c != by,
                        Cell::King(_) => false,
                    }
                })
        })
    }

    pub fn king_safe(&self, color: Color) -> bool {
        let (f, r) = self.king(color);
        !self.attacked(f / 2, r / 2, !color)
    }

    /// Calls `f` on each pseudo-legal move until it returns true; whether it did.
    pub fn any_pseudo(&self, f: &mut dyn FnMut(RefMove) -> bool) -> bool {
        if self.made >= self.limit {
            return false;
        }
        let remaining = self.limit - self.made;
        let us = self.side;
        let mut seen: Vec<(i32, i32)> = Vec::new();
        for r in 0..16 {
            for fl in 0..18 {
                let Cell::Piece(k, c) = self.get(fl, r) else {
                    continue;
                };
                if c != us
                    || self.moved[r as usize][fl as usize]
                    || self.used[r as usize][fl as usize]
                {
                    continue;
                }
                seen.clear();
                for (df, dr) in steps(k) {
                    let (tf, tr) = (fl + df, r + dr);
                    if !self.on(tf, tr) {
                        continue;
                    }
                    match self.get(tf, tr) {
                        Cell::Empty => {
                            if !seen.contains(&(tf, tr)) {
                                seen.push((tf, tr));
                                if f(RefMove::Single(fl, r, tf, tr)) {
                                    return true;
                                }
                            }
                            if !self.color && mate(tf, tr) != (fl, r) && mate(fl, r) != (tf, tr) {
                                let (mf, mr) = mate(tf, tr);
                                if self.get(mf, mr) == Cell::Empty && !seen.contains(&(mf, mr)) {
                                    seen.push((mf, mr));
                                    if f(RefMove::Single(fl, r, mf, mr)) {
                                        return true;
                                    }
                                }
                            }
                        }
                        Cell::Piece(_, tc) | Cell::GiantFerz(tc)
                            if tc != us && !seen.contains(&(tf, tr)) =>
                        {
                            seen.push((tf, tr));
                            if f(RefMove::Single(fl, r, tf, tr)) {
                                return true;
                            }
                        }
                        _ => {}
                    }
                }
            }
        }
        if remaining >= self.cost_unit_move() && self.color {
            let used = |fl: i32, r: i32| {
                Self::block_cells(fl, r)
                    .iter()
                    .any(|&(x, y)| self.used[y as usize][x as usize])
            };
            let stop = self.block_rides(us, &mut |fl, r, tf, tr, enterable, _| {
                !used(fl, r) && enterable && f(RefMove::Block(fl, r, tf, tr))
            });
            if stop {
                return true;
            }
        }
        if remaining >= self.cost_unit_move() {
            for v in (0..8).filter(|_| !self.color) {
                for u in 0..9 {
                    let Some(k) = self.aggregate(u, v, us) else {
                        continue;
                    };
                    if (0..2).any(|dy| {
                        (0..2).any(|dx| self.used[(2 * v + dy) as usize][(2 * u + dx) as usize])
                    }) {
                        continue;
                    }
                    for (du, dv) in Self::unit_dirs(k) {
                        let (mut cu, mut cv) = (u + du, v + dv);
                        while (0..9).contains(&cu) && (0..8).contains(&cv) && self.unit_on(cu, cv) {
                            if self.unit_empty(cu, cv) {
                                if f(RefMove::Aggregate(u, v, cu, cv)) {
                                    return true;
                                }
                            } else {
                                let ok = self.unit_enterable(cu, cv, us);
                                if ok && f(RefMove::Aggregate(u, v, cu, cv)) {
                                    return true;
                                }
                                break;
                            }
                            cu += du;
                            cv += dv;
                        }
                    }
                }
            }
            if !self.gferz_moved {
                if let Some((gu, gv)) = self.giant_ferz(us) {
                    for (du, dv) in DIAG {
                        let (tu, tv) = (gu + du, gv + dv);
                        if !(0..9).contains(&tu) || !(0..8).contains(&tv) || !self.unit_on(tu, tv) {
                            continue;
                        }
                        if self.unit_enterable(tu, tv, us) && f(RefMove::GiantFerz(gu, gv, tu, tv))
                        {
                            return true;
                        }
                    }
                }
            }
            if !self.king_moved {
                let (kf, kr) = self.king(us);
                let (ku, kv) = (kf / 2, kr / 2);
                for (du, dv) in ORTH {
                    let (tu, tv) = (ku + du, kv + dv);
                    if !(0..9).contains(&tu) || !(0..8).contains(&tv) || !self.unit_on(tu, tv) {
                        continue;
                    }
                    if !self.unit_enterable(tu, tv, us) {
                        continue;
                    }
                    let mut after = self.clone();
                    after.raw_king_step(ku, kv, tu, tv);
                    if after.attacked(tu, tv, !us) {
                        continue;
                    }
                    if f(RefMove::King(ku, kv, tu, tv)) {
                        return true;
                    }
                }
            }
        }
        false
    }

    fn raw_king_step(&mut self, ku: i32, kv: i32, tu: i32, tv: i32) {
        let us = self.side;
        for dy in 0..2 {
            for dx in 0..2 {
                self.cells[(2 * kv + dy) as usize][(2 * ku + dx) as usize] = Cell::Empty;
            }
        }
        for dy in 0..2 {
            for dx in 0..2 {
                self.cells[(2 * tv + dy) as usize][(2 * tu + dx) as usize] = Cell::King(us);
            }
        }
    }

    fn end_turn(&mut self) {
        let len = self.made;
        self.limit = if self.wheeler {
            len.div_ceil(4) * 4 + 4
        } else if self.side == Color::White && self.turn_no == 1 {
            8
        } else {
            len + 1
        };
        if self.side == Color::Black {
            self.turn_no += 1;
        }
        self.side = !self.side;
        self.made = 0;
        self.moved = [[false; 18]; 16];
        self.used = [[false; 18]; 16];
        self.king_moved = false;
        self.gferz_moved = false;
        self.just_ended = true;
    }

    pub fn play(&mut self, mv: RefMove) {
        self.just_ended = false;
        let cost;
        match mv {
            RefMove::End => {
                self.end_turn();
                return;
            }
            RefMove::Single(f, r, tf, tr) => {
                let cell = self.get(f, r);
                if let Cell::GiantFerz(_) = self.get(tf, tr) {
                    // captured whole
                    self.fill_unit(tf / 2, tr / 2, Cell::Empty);
                }
                self.cells[r as usize][f as usize] = Cell::Empty;
                self.cells[tr as usize][tf as usize] = cell;
                self.moved[tr as usize][tf as usize] = true;
                cost = 1;
            }
            RefMove::Aggregate(u, v, tu, tv) => {
                let cell = self.get(2 * u, 2 * v);
                for dy in 0..2 {
                    for dx in 0..2 {
                        let (f, r) = ((2 * u + dx) as usize, (2 * v + dy) as usize);
                        self.cells[r][f] = Cell::Empty;
                        self.moved[r][f] = false;
                    }
                }
                for dy in 0..2 {
                    for dx in 0..2 {
                        let (f, r) = ((2 * tu + dx) as usize, (2 * tv + dy) as usize);
                        self.cells[r][f] = cell;
                        self.used[r][f] = true;
                    }
                }
                cost = self.cost_unit_move();
            }
            RefMove::Block(f, r, tf, tr) => {
                let cell = self.get(f, r);
                for (x, y) in Self::block_cells(f, r) {
                    self.cells[y as usize][x as usize] = Cell::Empty;
                    self.moved[y as usize][x as usize] = false;
                }
                for (x, y) in Self::block_cells(tf, tr) {
                    self.cells[y as usize][x as usize] = cell;
                    self.used[y as usize][x as usize] = true;
                }
                cost = 1;
            }
            RefMove::King(u, v, tu, tv) => {
                self.raw_king_step(u, v, tu, tv);
                self.king_moved = true;
                cost = self.cost_unit_move();
            }
            RefMove::GiantFerz(u, v, tu, tv) => {
                self.fill_unit(u, v, Cell::Empty);
                self.fill_unit(tu, tv, Cell::GiantFerz(self.side));
                self.gferz_moved = true;
                cost = 1;
            }
        }
        self.made += cost;
        if self.made >= self.limit {
            self.end_turn();
        }
    }

    /// After an action of the current turn: can the turn be finished with the mover's king
    /// safe? Brute force, no memo.
    pub fn can_finish(&self) -> bool {
        if self.just_ended {
            return self.king_safe(!self.side);
        }
        if self.made >= 1 && self.made >= self.min() && self.king_safe(self.side) {
            return true;
        }
        self.any_pseudo(&mut |mv| {
            let mut child = self.clone();
            child.play(mv);
            child.can_finish()
        })
    }

    /// The legal actions, each with its brute-force proof.
    pub fn legal(&self) -> Vec<RefMove> {
        let mut out = Vec::new();
        self.any_pseudo(&mut |mv| {
            let mut child = self.clone();
            child.play(mv);
            if child.can_finish() {
                out.push(mv);
            }
            false
        });
        if self.made >= 1 && self.made >= self.min() && self.king_safe(self.side) {
            out.push(RefMove::End);
        }
        out
    }
}

/// A move generator for `perft_with`: the reference's legal moves of the game's position
/// (the 50-turn and repetition rules do not arise in the tested positions).
pub fn generate(game: &Game<TilingRider>, out: &mut Vec<Move>) {
    out.clear();
    let pos = RefPos::of(game.position());
    out.extend(pos.legal().into_iter().map(RefMove::to_move));
}
