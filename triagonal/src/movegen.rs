//! Legal move generation: the normal moves of every piece over the mailbox and the
//! precomputed tables, then every placement of two Jacks combined with every normal move a
//! placement allows, written straight into the caller's vector.

use crate::board::{dir_index, tables, Cell, CellSet, Tables, DELTA, DIAG, ORTH, TRIAG};
use crate::position::{code, king_start, pawn_start, promotion_zone, Move, Role, Triagonal};
use chimera_core::Color;
use std::cell::RefCell;

/// Generate every normal move.
const ALL: u8 = 0;
/// Only the moves a placement allows: no capture of any kind, no Jack moving.
const QUIET: u8 = 1;
/// Everything [`QUIET`] leaves out: captures, en passant, captures without moving, Jack moves.
const REST: u8 = 2;
/// Only the moves [`ALL`] lists that gain material or win (the search's noisy moves):
/// captures of every kind, promotions, the king's step onto the enemy king's start cell.
const NOISY: u8 = 3;

/// Pawn (and Jack) forward steps per colour index.
const PAWN_STEP: [[usize; 2]; 2] = [
    [dir_index(0, 1, 0), dir_index(0, 0, 1)],
    [dir_index(0, -1, 0), dir_index(0, 0, -1)],
];

/// Pawn captures per colour index: five diagonally forward, two triagonally backward.
const PAWN_CAPTURE: [[usize; 7]; 2] = [
    [
        dir_index(1, 1, 0),
        dir_index(-1, 1, 0),
        dir_index(1, 0, 1),
        dir_index(-1, 0, 1),
        dir_index(0, 1, 1),
        dir_index(1, -1, -1),
        dir_index(-1, -1, -1),
    ],
    [
        dir_index(1, -1, 0),
        dir_index(-1, -1, 0),
        dir_index(1, 0, -1),
        dir_index(-1, 0, -1),
        dir_index(0, -1, -1),
        dir_index(1, 1, 1),
        dir_index(-1, 1, 1),
    ],
];

/// The opposite of each direction.
const OPPOSITE: [usize; 26] = {
    let mut out = [0; 26];
    let mut i = 0;
    while i < 26 {
        let v = crate::board::DIRS[i];
        out[i] = dir_index(-v[0], -v[1], -v[2]);
        i += 1;
    }
    out
};

thread_local! {
    /// Per-thread scratch for the placement blocker bitsets.
    static SCRATCH: RefCell<Vec<u64>> = const { RefCell::new(Vec::new()) };
}

impl Triagonal {
    /// Appends every legal turn (the game not being over) to `out`.
    #[inline]
    pub(crate) fn generate(&self, out: &mut Vec<Move>) {
        let us = self.turn.index();
        if self.hand[us] < 2 {
            self.normal::<ALL>(out);
            return;
        }
        let candidates = self.placement_cells();
        if candidates.is_empty() {
            self.normal::<ALL>(out);
            return;
        }
        let start = out.len();
        self.normal::<QUIET>(out);
        let quiet_end = out.len();
        self.normal::<REST>(out);
        self.combine(out, start, quiet_end, &candidates);
    }

    /// Appends what [`Triagonal::generate`] does when placing on `cells` (at least two
    /// Jacks in hand): every normal move, then the placements of pairs of adjacent cells of
    /// `cells` (placement cells) with each quiet move they allow — in the order `generate`
    /// lists those turns among all of its own, for a few cells at the cost of a few.
    pub(crate) fn generate_placing_on(&self, out: &mut Vec<Move>, cells: &CellSet) {
        let start = out.len();
        self.normal::<QUIET>(out);
        let quiet_end = out.len();
        self.normal::<REST>(out);
        let cells = cells.and(&self.placement_cells());
        if !cells.is_empty() {
            self.combine(out, start, quiet_end, &cells);
        }
    }

    /// Appends every legal turn without a Jack placement (the game not being over): the
    /// normal moves alone. Non-empty whenever any turn is legal (every placement needs a
    /// normal move, which is legal without it too).
    pub(crate) fn generate_normal(&self, out: &mut Vec<Move>) {
        self.normal::<ALL>(out);
    }

    /// Appends the noisy normal moves ([`NOISY`]): of [`Triagonal::generate_normal`]'s
    /// list, those a positive capture value calls noisy, in its order.
    pub(crate) fn generate_noisy(&self, out: &mut Vec<Move>) {
        self.normal::<NOISY>(out);
    }

    /// Whether the king of the side to move can step to an empty neighbour (then it has a
    /// legal turn: nothing else is needed to make a king's step legal).
    pub(crate) fn king_can_step(&self) -> bool {
        let t = tables();
        let king = code(Role::King, self.turn);
        self.occ[self.turn.index()].iter().any(|cell| {
            let fi = cell.index();
            self.board[fi] == king
                && (0..26).any(|d| t.ray_len[fi][d] != 0 && self.board[Self::step(fi, d)] == 0)
        })
    }

    /// Whether the side to move has a normal move (the game not being over): every
    /// placement needs one, so this says whether it has any legal turn.
    pub(crate) fn has_normal_move(&self) -> bool {
        let mut moves = Vec::with_capacity(256);
        self.normal::<ALL>(&mut moves);
        !moves.is_empty()
    }

    /// The empty cells adjacent to at least two pieces of the side to move.
    #[inline]
    pub(crate) fn placement_cells(&self) -> CellSet {
        let t = tables();
        let us = self.turn.index();
        let mut ones = CellSet::EMPTY;
        let mut twos = CellSet::EMPTY;
        for p in self.occ[us].iter() {
            let nb = &t.neigh[p.index()];
            twos.0 |= ones.0 & nb.0;
            ones.0 |= nb.0;
        }
        CellSet(twos.0 - (self.occ[0].0 | self.occ[1].0))
    }

    /// Appends every placement pair combined with each quiet non-Jack move of
    /// `out[start..quiet_end]` whose path neither Jack blocks.
    fn combine(&self, out: &mut Vec<Move>, start: usize, quiet_end: usize, cand: &CellSet) {
        let t = tables();
        let q = quiet_end - start;
        if q == 0 {
            return;
        }
        let mut pairs = 0usize;
        for a in cand.iter() {
            pairs += t.neigh[a.index()].and(cand).above(a).len();
        }
        if pairs == 0 {
            return;
        }
        let words = q.div_ceil(64);
        let mut slot = [0u16; 512];
        let mut n = 0usize;
        for c in cand.iter() {
            slot[c.index()] = n as u16;
            n += 1;
        }
        SCRATCH.with(|scratch| {
            let mut block = scratch.borrow_mut();
            block.clear();
            block.resize(n * words, 0);
            // Mark, for every candidate cell, the quiet moves that need it empty.
            for i in 0..q {
                let mv = out[start + i];
                let bit = 1u64 << (i & 63);
                let w = i >> 6;
                let mut mark = |c: usize| {
                    if cand.0.contains(c) {
                        block[slot[c] as usize * words + w] |= bit;
                    }
                };
                let (from, to) = (mv.from(), mv.to());
                let df = i32::from(to.file()) - i32::from(from.file());
                let dr = i32::from(to.rank()) - i32::from(from.rank());
                let dl = i32::from(to.level()) - i32::from(from.level());
                let len = df.abs().max(dr.abs()).max(dl.abs());
                let piece = self.board[from.index()];
                let kind = (piece - 1) % 7;
                if kind == Role::King as u8 && len == 2 {
                    // Castling: every cell between king and rook.
                    let (lo, hi) = if df > 0 {
                        (from.index() + 1, from.index() + 2)
                    } else {
                        (from.index() - 3, from.index() - 1)
                    };
                    for c in lo..=hi {
                        mark(c);
                    }
                } else if kind == Role::Knight as u8 {
                    if len == 4 {
                        mark((from.index() + to.index()) / 2);
                    }
                    mark(to.index());
                } else {
                    // Slides, steps, double steps: every cell from the first to the target.
                    let step = (df / len) + 8 * (dr / len) + 64 * (dl / len);
                    let mut c = from.index() as i32;
                    for _ in 0..len {
                        c += step;
                        mark(c as usize);
                    }
                }
            }
            let last_mask = if q % 64 == 0 {
                !0u64
            } else {
                (1u64 << (q % 64)) - 1
            };
            out.reserve(pairs * q);
            for a in cand.iter() {
                let partners = t.neigh[a.index()].and(cand).above(a);
                let ba = slot[a.index()] as usize * words;
                for b in partners.iter() {
                    let bb = slot[b.index()] as usize * words;
                    for w in 0..words {
                        let mut bits = !(block[ba + w] | block[bb + w]);
                        if w == words - 1 {
                            bits &= last_mask;
                        }
                        while bits != 0 {
                            let i = w * 64 + bits.trailing_zeros() as usize;
                            bits &= bits - 1;
                            let mv = out[start + i];
                            out.push(mv.with_placement(a, b));
                        }
                    }
                }
            }
        });
    }

    /// Appends the normal moves selected by `MODE` ([`ALL`], [`QUIET`] or [`REST`]).
    #[inline(always)]
    fn normal<const MODE: u8>(&self, out: &mut Vec<Move>) {
        let t = tables();
        let c = self.turn.index();
        for from in self.occ[c].iter() {
            let piece = Role::from_index((self.board[from.index()] - 1) as usize % 7);
            match piece {
                Role::Pawn => self.pawn_moves::<MODE>(t, out, from),
                Role::Knight => self.knight_moves::<MODE>(t, out, from),
                Role::Bishop => {
                    self.slides::<MODE>(out, from, DIAG);
                    self.slides::<MODE>(out, from, TRIAG);
                }
                Role::Rook => {
                    self.slides::<MODE>(out, from, ORTH);
                    self.slides::<MODE>(out, from, TRIAG);
                }
                Role::Queen => {
                    self.slides::<MODE>(out, from, 0..18);
                    self.steps::<MODE>(out, from, TRIAG, false);
                }
                Role::King => {
                    self.steps::<MODE>(out, from, 0..26, true);
                    if (MODE == ALL || MODE == QUIET) && from == king_start(self.turn) {
                        self.castlings(out, from);
                    }
                }
                Role::Jack => {
                    if MODE == NOISY {
                        self.steps::<NOISY>(out, from, TRIAG, true);
                    } else if MODE != QUIET {
                        self.jack_moves(t, out, from);
                    }
                }
            }
        }
        if MODE != QUIET {
            self.en_passant_captures(t, out);
        }
    }

    /// The test of whether a mailbox code is a piece of the side not to move (enemy codes
    /// are `elo..elo + 7`), made once per piece rather than per target.
    #[inline(always)]
    fn enemy_test(&self) -> impl Fn(u8) -> bool {
        let elo: u8 = if self.turn == Color::White { 8 } else { 1 };
        move |code: u8| code.wrapping_sub(elo) < 7
    }

    /// The cell one step from `fi` in direction `d`, which must lie on the board.
    #[inline(always)]
    fn step(fi: usize, d: usize) -> usize {
        (fi as i32 + i32::from(DELTA[d])) as usize
    }

    /// A pawn's steps and double steps (quiet) and its captures, promotions included.
    #[inline(always)]
    fn pawn_moves<const MODE: u8>(&self, t: &Tables, out: &mut Vec<Move>, from: Cell) {
        let is_enemy = self.enemy_test();
        let (us, c, fi) = (self.turn, self.turn.index(), from.index());
        let rays = &t.ray_len[fi];
        let board = &self.board;
        if MODE != REST {
            for &d in &PAWN_STEP[c] {
                if rays[d] == 0 {
                    continue;
                }
                let to = Self::step(fi, d);
                if board[to] != 0 {
                    continue;
                }
                if MODE == NOISY {
                    // Only a promotion gains among the steps.
                    if promotion_zone(us, Cell::at(to)) {
                        self.pawn_to(out, from, Cell::at(to), 0);
                    }
                    continue;
                }
                self.pawn_to(out, from, Cell::at(to), 0);
                if rays[d] >= 2 && pawn_start(us, from) {
                    let far = Self::step(to, d);
                    if board[far] == 0 {
                        out.push(Move::new(from, Cell::at(far)));
                    }
                }
            }
        }
        if MODE != QUIET {
            for &d in &PAWN_CAPTURE[c] {
                if rays[d] == 0 {
                    continue;
                }
                let to = Self::step(fi, d);
                if is_enemy(board[to]) {
                    self.pawn_to(out, from, Cell::at(to), board[to]);
                }
            }
        }
    }

    /// A knight's leaps, triagonal steps, captures of orthogonal neighbours without moving,
    /// and double leaps over an empty middle cell (quiet only).
    #[inline(always)]
    fn knight_moves<const MODE: u8>(&self, t: &Tables, out: &mut Vec<Move>, from: Cell) {
        let is_enemy = self.enemy_test();
        let fi = from.index();
        let board = &self.board;
        let n = t.knight_len[fi] as usize;
        for &to in &t.knight[fi][..n] {
            let code = board[to as usize];
            if (code == 0 && (MODE == ALL || MODE == QUIET)) || (MODE != QUIET && is_enemy(code)) {
                out.push(Move::new(from, Cell::at(to as usize)));
            }
        }
        self.steps::<MODE>(out, from, TRIAG, true);
        if MODE != QUIET {
            for d in ORTH {
                if t.ray_len[fi][d] != 0 && is_enemy(board[Self::step(fi, d)]) {
                    out.push(Move::new(from, Cell::at(Self::step(fi, d))));
                }
            }
        }
        if MODE == ALL || MODE == QUIET {
            let n = t.double_len[fi] as usize;
            for &(mid, to) in &t.double[fi][..n] {
                if board[mid as usize] == 0 && board[to as usize] == 0 {
                    out.push(Move::new(from, Cell::at(to as usize)));
                }
            }
        }
    }

    /// Castling of the king on its start cell `from`, on either side where the rook stands
    /// on its file and the cells between are empty.
    #[inline(always)]
    fn castlings(&self, out: &mut Vec<Move>, from: Cell) {
        let fi = from.index();
        let board = &self.board;
        let rook = code(Role::Rook, self.turn);
        // King side: rook on the h file, f and g empty.
        if board[fi + 3] == rook && board[fi + 1] == 0 && board[fi + 2] == 0 {
            out.push(Move::new(from, Cell::at(fi + 2)));
        }
        // Queen side: rook on the a file, b, c and d empty.
        if board[fi - 4] == rook && board[fi - 3] == 0 && board[fi - 2] == 0 && board[fi - 1] == 0 {
            out.push(Move::new(from, Cell::at(fi - 2)));
        }
    }

    /// A Jack's triagonal steps (captures included) and its pawn steps without capturing;
    /// generated with the captures (`REST`), as they never go with a placement.
    #[inline(always)]
    fn jack_moves(&self, t: &Tables, out: &mut Vec<Move>, from: Cell) {
        let fi = from.index();
        self.steps::<ALL>(out, from, TRIAG, true);
        for &d in &PAWN_STEP[self.turn.index()] {
            if t.ray_len[fi][d] != 0 && self.board[Self::step(fi, d)] == 0 {
                out.push(Move::new(from, Cell::at(Self::step(fi, d))));
            }
        }
    }

    /// En passant: each pawn that could capture onto the skipped cell takes the pawn that
    /// skipped it.
    #[inline(always)]
    fn en_passant_captures(&self, t: &Tables, out: &mut Vec<Move>) {
        let Some((skipped, victim)) = self.en_passant() else {
            return;
        };
        let us = self.turn;
        let (board, si) = (&self.board, skipped.index());
        if board[si] != 0 || board[victim.index()] != code(Role::Pawn, !us) {
            return;
        }
        let pawn = code(Role::Pawn, us);
        for &d in &PAWN_CAPTURE[us.index()] {
            let back = OPPOSITE[d];
            if t.ray_len[si][back] != 0 {
                let from = Self::step(si, back);
                if board[from] == pawn {
                    out.push(Move::new(Cell::at(from), skipped));
                }
            }
        }
    }

    /// A pawn move to `to` (onto `target`, 0 if empty): promotions in the zone, subject to
    /// the three-of-a-kind limit and the king-capture exception.
    #[inline(always)]
    fn pawn_to(&self, out: &mut Vec<Move>, from: Cell, to: Cell, target: u8) {
        let us = self.turn;
        if !promotion_zone(us, to) {
            out.push(Move::new(from, to));
            return;
        }
        let counts = &self.counts[us.index()];
        let mut any = false;
        for p in Role::PROMOTIONS {
            if counts[p as usize] < 3 {
                out.push(Move::new(from, to).with_promotion(p));
                any = true;
            }
        }
        if !any && target == code(Role::King, !us) {
            out.push(Move::new(from, to));
        }
    }

    /// One-cell steps in the directions `dirs`, to empty cells (if `MODE` allows) and, if
    /// `captures`, onto enemies (if `MODE` allows).
    #[inline(always)]
    fn steps<const MODE: u8>(
        &self,
        out: &mut Vec<Move>,
        from: Cell,
        dirs: std::ops::Range<usize>,
        captures: bool,
    ) {
        let is_enemy = self.enemy_test();
        let t = tables();
        let fi = from.index();
        // Noisy: the one quiet step that wins, the king's onto the enemy king's start cell.
        let goal = if MODE == NOISY && self.board[fi] == code(Role::King, self.turn) {
            king_start(!self.turn).index()
        } else {
            usize::MAX
        };
        for d in dirs {
            if t.ray_len[fi][d] == 0 {
                continue;
            }
            let to = (fi as i32 + i32::from(DELTA[d])) as usize;
            let code = self.board[to];
            let quiet_ok = MODE == ALL || MODE == QUIET || (MODE == NOISY && to == goal);
            if (code == 0 && quiet_ok) || (captures && MODE != QUIET && is_enemy(code)) {
                out.push(Move::new(from, Cell::at(to)));
            }
        }
    }

    /// Slides in the directions `dirs`, stopping at the first piece (captured if an enemy).
    #[inline(always)]
    fn slides<const MODE: u8>(
        &self,
        out: &mut Vec<Move>,
        from: Cell,
        dirs: std::ops::Range<usize>,
    ) {
        let is_enemy = self.enemy_test();
        let t = tables();
        let fi = from.index();
        for d in dirs {
            let n = t.ray_len[fi][d];
            let delta = i32::from(DELTA[d]);
            let mut to = fi as i32;
            for _ in 0..n {
                to += delta;
                let code = self.board[to as usize];
                if code == 0 {
                    if MODE == ALL || MODE == QUIET {
                        out.push(Move::new(from, Cell::at(to as usize)));
                    }
                } else {
                    if MODE != QUIET && is_enemy(code) {
                        out.push(Move::new(from, Cell::at(to as usize)));
                    }
                    break;
                }
            }
        }
    }
}
