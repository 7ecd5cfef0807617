//! Shared test helpers, and an independent slow move generator written from the rules text:
//! a 10 × 8 mailbox, ray walking, make-and-test legality. It uses nothing of the crate's
//! move generation: it reads a position through the public accessors only and builds its
//! moves with the public `Move` constructors.
#![allow(dead_code)]

use chimera_core::{Color, Game, Position};
use chimera_turret::{CastleSide, Cell, Move, Piece, Role, Rules, Turret};

/// Reads a position, panicking with the error.
pub fn pos(fen: &str) -> Turret {
    Turret::from_text(fen, Rules::Standard).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Reads a Kwagga-rules position.
pub fn kpos(fen: &str) -> Turret {
    Turret::from_text(fen, Rules::Kwagga).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal moves as sorted long-algebraic texts.
pub fn moves(p: &Turret) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_move_list()
        .iter()
        .map(|&m| p.move_text(m))
        .collect();
    v.sort();
    v
}

/// Whether `text` is a legal move.
pub fn legal(p: &Turret, text: &str) -> bool {
    moves(p).iter().any(|m| m == text)
}

/// Plays a move text (must be legal) and returns the new position.
pub fn after(p: &Turret, text: &str) -> Turret {
    let mut q = p.clone();
    let mv = q.parse_move(text).unwrap_or_else(|e| panic!("{e}"));
    q.play(mv)
        .unwrap_or_else(|e| panic!("{text} in {}: {e}", p.to_text()));
    q
}

/// The piece letter on a cell (`.` for empty).
pub fn at(p: &Turret, cell: &str) -> char {
    p.piece_at(Cell::parse(cell).unwrap())
        .map_or('.', |x| x.char())
}

// ---------------------------------------------------------------------------------------
// The reference generator.

const DIRS: [(i32, i32); 8] = [
    (0, 1),
    (1, 0),
    (1, 1),
    (-1, 1),
    (0, -1),
    (-1, 0),
    (-1, -1),
    (1, -1),
];
const KNIGHT: [(i32, i32); 8] = chimera_kit::steps::wide(chimera_kit::steps::KNIGHT);
const CAMEL: [(i32, i32); 8] = [
    (1, 3),
    (3, 1),
    (3, -1),
    (1, -3),
    (-1, -3),
    (-3, -1),
    (-3, 1),
    (-1, 3),
];

fn exists(f: i32, r: i32) -> bool {
    (0..10).contains(&f) && (0..8).contains(&r) && !((f == 0 || f == 9) && (1..=6).contains(&r))
}

fn idx(f: i32, r: i32) -> Option<usize> {
    exists(f, r).then_some((r * 10 + f) as usize)
}

fn fr(i: usize) -> (i32, i32) {
    ((i % 10) as i32, (i / 10) as i32)
}

fn cell(i: usize) -> Cell {
    Cell::from_index(i as u8).unwrap()
}

fn home(c: Color) -> i32 {
    if c == Color::White {
        0
    } else {
        7
    }
}

fn last(c: Color) -> i32 {
    7 - home(c)
}

/// A mailbox position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ref {
    pub cells: [Option<Piece>; 80],
    pub turn: Color,
    /// `castle[colour][side]`: the original rook's cell while the right lasts.
    pub castle: [[Option<usize>; 2]; 2],
    pub ep: Option<usize>,
    pub rules: Rules,
}

impl Ref {
    pub fn from_pos(p: &Turret) -> Ref {
        let mut cells = [None; 80];
        for c in Cell::all() {
            cells[c.index() as usize] = p.piece_at(c);
        }
        let mut castle = [[None; 2]; 2];
        for col in Color::ALL {
            for side in CastleSide::ALL {
                castle[col.index()][side as usize] =
                    p.castling_rook(col, side).map(|c| c.index() as usize);
            }
        }
        Ref {
            cells,
            turn: p.turn(),
            castle,
            ep: p.ep_cell().map(|c| c.index() as usize),
            rules: p.rules(),
        }
    }

    fn king(&self, c: Color) -> usize {
        (0..80)
            .find(|&i| self.cells[i] == Some(Piece::new(c, Role::King)))
            .expect("king")
    }

    /// Whether a piece of `by` attacks `target` (treated as occupied).
    pub fn attacked(&self, target: usize, by: Color) -> bool {
        let (tf, tr) = fr(target);
        for s in 0..80 {
            let Some(p) = self.cells[s] else { continue };
            if p.color != by || s == target {
                continue;
            }
            let (sf, sr) = fr(s);
            let (df, dr) = (tf - sf, tr - sr);
            let hit = match p.role {
                Role::Pawn => dr == if by == Color::White { 1 } else { -1 } && df.abs() == 1,
                Role::Knight => KNIGHT.contains(&(df, dr)),
                Role::Kwagga => CAMEL.contains(&(df, dr)),
                Role::King => df.abs() <= 1 && dr.abs() <= 1,
                Role::Bishop | Role::Rook | Role::Queen => {
                    let orth = df == 0 || dr == 0;
                    let diag = df.abs() == dr.abs();
                    let ok = match p.role {
                        Role::Bishop => diag,
                        Role::Rook => orth,
                        _ => orth || diag,
                    };
                    ok && self.clear_line(s, target)
                }
                Role::Turret => self.turret_hits(s, target),
            };
            if hit {
                return true;
            }
        }
        false
    }

    /// Walks from `s` toward `t` (on a line): all cells between exist and are empty.
    fn clear_line(&self, s: usize, t: usize) -> bool {
        let (sf, sr) = fr(s);
        let (tf, tr) = fr(t);
        let (df, dr) = ((tf - sf).signum(), (tr - sr).signum());
        let (mut f, mut r) = (sf + df, sr + dr);
        loop {
            let Some(i) = idx(f, r) else { return false };
            if i == t {
                return true;
            }
            if self.cells[i].is_some() {
                return false;
            }
            f += df;
            r += dr;
        }
    }

    /// The rules text: for some direction d the cells between S and X (at least one) are
    /// empty, X is the first occupied cell, and S − d holds a piece that could land on X.
    fn turret_hits(&self, s: usize, t: usize) -> bool {
        let (sf, sr) = fr(s);
        for (df, dr) in DIRS {
            let (mut f, mut r) = (sf + df, sr + dr);
            let mut dist = 1;
            let first = loop {
                match idx(f, r) {
                    None => break None,
                    Some(i) if i == t || self.cells[i].is_some() => break Some(i),
                    Some(_) => {}
                }
                f += df;
                r += dr;
                dist += 1;
            };
            if first != Some(t) || dist < 2 {
                continue;
            }
            let Some(b) = idx(sf - df, sr - dr) else {
                continue;
            };
            let Some(arm) = self.cells[b] else { continue };
            if arm.role == Role::Pawn && fr(t).1 == home(arm.color) {
                continue;
            }
            return true;
        }
        false
    }

    /// The sling of a Turret move, as (B, L), if a piece is thrown.
    pub fn sling(&self, s: usize, d: usize) -> Option<(usize, usize)> {
        let (sf, sr) = fr(s);
        let (tf, tr) = fr(d);
        let (df, dr) = ((tf - sf).signum(), (tr - sr).signum());
        let b = idx(sf - df, sr - dr)?;
        let thrown = self.cells[b]?;
        let l = idx(tf + df, tr + dr)?;
        let owner = self.cells[s]?.color;
        if let Some(x) = self.cells[l] {
            if x.color == owner {
                return None;
            }
        }
        if thrown.role == Role::Pawn && fr(l).1 == home(thrown.color) {
            return None;
        }
        Some((b, l))
    }

    fn captured(&mut self, at: usize) {
        for c in 0..2 {
            for s in 0..2 {
                if self.castle[c][s] == Some(at) {
                    self.castle[c][s] = None;
                }
            }
        }
    }

    /// Makes a move, following the rules text.
    pub fn make(&self, mv: Move) -> Ref {
        let mut n = self.clone();
        let us = self.turn;
        let ui = us.index();
        let from = mv.from().index() as usize;
        let to = mv.to().index() as usize;
        n.turn = !us;
        n.ep = None;
        let p = self.cells[from].expect("a piece moves");
        match mv.kind() {
            chimera_turret::MoveKind::Castle => {
                let side = if to > from { 0 } else { 1 };
                let rook = self.castle[ui][side].expect("right");
                let rook_to = if to > from { from + 1 } else { from - 1 };
                let r = n.cells[rook].take();
                n.cells[rook_to] = r;
                n.cells[from] = None;
                n.cells[to] = Some(p);
                n.castle[ui] = [None, None];
            }
            chimera_turret::MoveKind::EnPassant => {
                let victim = (from / 10) * 10 + to % 10;
                n.cells[victim] = None;
                n.cells[from] = None;
                n.cells[to] = Some(p);
            }
            chimera_turret::MoveKind::Normal => {
                if p.role == Role::Turret {
                    let sling = self.sling(from, to);
                    n.cells[from] = None;
                    n.cells[to] = Some(p);
                    if let Some((b, l)) = sling {
                        let mut thrown = n.cells[b].take().expect("thrown");
                        if n.cells[l].is_some() {
                            n.captured(l);
                        }
                        if thrown.role == Role::Pawn && fr(l).1 == last(thrown.color) {
                            thrown.role = Role::Queen;
                        }
                        n.cells[l] = Some(thrown);
                        for c in 0..2 {
                            for s in 0..2 {
                                if n.castle[c][s] == Some(b) {
                                    n.castle[c][s] = Some(l);
                                }
                            }
                        }
                    }
                } else {
                    if n.cells[to].is_some() {
                        n.captured(to);
                    }
                    n.cells[from] = None;
                    let mut q = p;
                    if let Some(r) = mv.promotion() {
                        q.role = r;
                    }
                    n.cells[to] = Some(q);
                    if p.role == Role::King {
                        n.castle[ui] = [None, None];
                    }
                    for s in 0..2 {
                        if self.castle[ui][s] == Some(from) {
                            n.castle[ui][s] = None;
                        }
                    }
                    if p.role == Role::Pawn && from.abs_diff(to) == 20 {
                        let ep = (from + to) / 2;
                        let (f, r) = fr(to);
                        let enemy_beside = [f - 1, f + 1].iter().any(|&ff| {
                            idx(ff, r)
                                .is_some_and(|i| n.cells[i] == Some(Piece::new(!us, Role::Pawn)))
                        });
                        if enemy_beside {
                            n.ep = Some(ep);
                        }
                    }
                }
            }
        }
        n
    }

    fn pseudo(&self) -> Vec<Move> {
        let us = self.turn;
        let mut out = Vec::new();
        let promos = [
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            if self.rules == Rules::Kwagga {
                Role::Kwagga
            } else {
                Role::Knight
            },
            Role::Turret,
        ];
        for s in 0..80 {
            let Some(p) = self.cells[s] else { continue };
            if p.color != us {
                continue;
            }
            let (sf, sr) = fr(s);
            let add =
                |t: usize, out: &mut Vec<Move>| out.push(Move::normal(cell(s), cell(t), None));
            match p.role {
                Role::Pawn => {
                    let fwd = if us == Color::White { 1 } else { -1 };
                    let mut to_list = Vec::new();
                    if let Some(t) = idx(sf, sr + fwd) {
                        if self.cells[t].is_none() {
                            to_list.push(t);
                            if sr == home(us) + fwd {
                                if let Some(t2) = idx(sf, sr + 2 * fwd) {
                                    if self.cells[t2].is_none() {
                                        to_list.push(t2);
                                    }
                                }
                            }
                        }
                    }
                    for df in [-1, 1] {
                        if let Some(t) = idx(sf + df, sr + fwd) {
                            if self.cells[t].is_some_and(|x| x.color != us) {
                                to_list.push(t);
                            }
                            if self.ep == Some(t) {
                                out.push(Move::en_passant(cell(s), cell(t)));
                            }
                        }
                    }
                    for t in to_list {
                        if fr(t).1 == last(us) {
                            for r in promos {
                                out.push(Move::normal(cell(s), cell(t), Some(r)));
                            }
                        } else {
                            add(t, &mut out);
                        }
                    }
                }
                Role::Knight | Role::King => {
                    let vs: Vec<(i32, i32)> = if p.role == Role::Knight {
                        KNIGHT.to_vec()
                    } else {
                        DIRS.to_vec()
                    };
                    for (df, dr) in vs {
                        if let Some(t) = idx(sf + df, sr + dr) {
                            if self.cells[t].map_or(true, |x| x.color != us) {
                                add(t, &mut out);
                            }
                        }
                    }
                }
                Role::Kwagga => {
                    for (df, dr) in CAMEL {
                        let Some(t) = idx(sf + df, sr + dr) else {
                            continue;
                        };
                        match self.cells[t] {
                            Some(x) if x.color != us => add(t, &mut out),
                            Some(_) => {}
                            None => {
                                add(t, &mut out);
                                let mut k = 2;
                                while let Some(t2) = idx(sf + k * df, sr + k * dr) {
                                    if self.cells[t2].is_some() {
                                        break;
                                    }
                                    add(t2, &mut out);
                                    k += 1;
                                }
                            }
                        }
                    }
                }
                Role::Bishop | Role::Rook | Role::Queen | Role::Turret => {
                    for (i, (df, dr)) in DIRS.into_iter().enumerate() {
                        let orth = i % 4 < 2;
                        if (p.role == Role::Bishop && orth) || (p.role == Role::Rook && !orth) {
                            continue;
                        }
                        let mut k = 1;
                        while let Some(t) = idx(sf + k * df, sr + k * dr) {
                            match self.cells[t] {
                                None => add(t, &mut out),
                                Some(x) => {
                                    if x.color != us && p.role != Role::Turret {
                                        add(t, &mut out);
                                    }
                                    break;
                                }
                            }
                            k += 1;
                        }
                    }
                }
            }
        }
        // Castling.
        let k = self.king(us);
        let hr = home(us);
        if fr(k) == (5, hr) && !self.attacked(k, !us) {
            for side in 0..2 {
                let Some(rook) = self.castle[us.index()][side] else {
                    continue;
                };
                let rook_home = idx(if side == 0 { 8 } else { 1 }, hr).unwrap();
                if rook != rook_home {
                    continue;
                }
                let step: i32 = if side == 0 { 1 } else { -1 };
                let mut f = 5 + step;
                let mut clear = true;
                while idx(f, hr) != Some(rook_home) {
                    clear &= self.cells[idx(f, hr).unwrap()].is_none();
                    f += step;
                }
                if !clear {
                    continue;
                }
                let mut without_king = self.clone();
                without_king.cells[k] = None;
                for n in [2, 3] {
                    let safe = (1..=n)
                        .all(|j| !without_king.attacked(idx(5 + step * j, hr).unwrap(), !us));
                    if safe {
                        out.push(Move::castle(cell(k), cell(idx(5 + step * n, hr).unwrap())));
                    }
                }
            }
        }
        out
    }

    /// The legal moves: pseudo-legal moves after which the mover's king is not attacked.
    pub fn legal(&self) -> Vec<Move> {
        self.pseudo()
            .into_iter()
            .filter(|&m| {
                let n = self.make(m);
                !n.attacked(n.king(self.turn), !self.turn)
            })
            .collect()
    }
}

/// The reference generator's legal moves in a game (moves played by the crate).
pub fn ref_generate(g: &Game<Turret>, buf: &mut Vec<Move>) {
    buf.clear();
    buf.extend(Ref::from_pos(g.position()).legal());
}

/// Perft counted by the crate's generator and by the reference: the count if they agree.
pub fn two_ways(p: &Turret, depth: u32) -> Result<u64, String> {
    chimera_test_kit::perft_two_ways(&mut Game::new(p.clone()), depth, &mut ref_generate)
}

/// Walks the tree to `depth`, comparing at every node the crate's legal moves with the
/// reference's (as sets) and the position after each move with the reference's make.
pub fn compare_tree(p: &Turret, depth: u32) -> Result<u64, String> {
    let r = Ref::from_pos(p);
    let mut fast = p.legal_move_list();
    let mut slow = r.legal();
    let key = |m: &Move| format!("{m:?}");
    fast.sort_by_key(key);
    slow.sort_by_key(key);
    if fast != slow {
        return Err(format!(
            "in {}: crate {:?} vs reference {:?}",
            p.to_text(),
            fast.iter()
                .filter(|m| !slow.contains(m))
                .collect::<Vec<_>>(),
            slow.iter()
                .filter(|m| !fast.contains(m))
                .collect::<Vec<_>>()
        ));
    }
    if depth <= 1 {
        return Ok(fast.len() as u64);
    }
    let mut n = 0;
    for m in fast {
        let mut q = p.clone();
        q.play_unchecked(m);
        let rq = r.make(m);
        if Ref::from_pos(&q) != rq {
            return Err(format!(
                "after {m:?} in {}: crate {} differs from reference",
                p.to_text(),
                q.to_text()
            ));
        }
        n += compare_tree(&q, depth - 1)?;
    }
    Ok(n)
}

/// Builds a position from a list such as `"Kf1 kf8 Te4 Ne3 pe7"` (upper case White, lower
/// case Black) and the remaining FEN fields (`"w - - 0 1"`).
pub fn setup_text(pieces: &str, rest: &str) -> String {
    let mut grid = [['.'; 10]; 8];
    for item in pieces.split_whitespace() {
        let mut ch = item.chars();
        let letter = ch.next().unwrap();
        let c = Cell::parse(ch.as_str()).unwrap_or_else(|| panic!("cell in {item}"));
        grid[c.rank() as usize][c.file() as usize] = letter;
    }
    let mut fen = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..10u8 {
            if Cell::new(file, rank as u8).is_none() {
                if empty > 0 {
                    fen += &empty.to_string();
                    empty = 0;
                }
                fen.push('*');
                continue;
            }
            let x = grid[rank][file as usize];
            if x == '.' {
                empty += 1;
            } else {
                if empty > 0 {
                    fen += &empty.to_string();
                    empty = 0;
                }
                fen.push(x);
            }
        }
        if empty > 0 {
            fen += &empty.to_string();
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    format!("{fen} {rest}")
}

/// [`setup_text`] read as a standard-rules position.
pub fn setup(pieces: &str, rest: &str) -> Turret {
    pos(&setup_text(pieces, rest))
}

/// [`setup_text`] read as a Kwagga-rules position.
pub fn ksetup(pieces: &str, rest: &str) -> Turret {
    kpos(&setup_text(pieces, rest))
}

/// The legal moves from one cell, as sorted destination names.
pub fn dests(p: &Turret, from: &str) -> Vec<String> {
    let mut v: Vec<String> = moves(p)
        .into_iter()
        .filter(|m| m.starts_with(from))
        .map(|m| m[2..].to_string())
        .collect();
    v.sort();
    v.dedup();
    v
}
