//! Legal move generation.
//!
//! Out of check, moves are generated legal directly: pins by rooks, bishops and queens
//! restrict a piece to its line; the rarer cases that could expose the king to a Turret (a
//! piece leaving the line between the king and an enemy Turret, a piece arriving on the
//! cell behind such a Turret), slings, en passant and castling are tested by making the
//! move on a copy. In check, every pseudo-legal move is tested that way.

use crate::board::{
    bishop_attacks, first_blocker, rook_attacks, slide, Dir, BISHOP_LINES, CAMEL, CAMEL_RAYS, KING,
    KNIGHT, LINE_DIR, NONE, PAWN_ATTACKS, RANK, RAYS, ROOK_LINES, STEP,
};
use crate::position::{bit, first_rank, Turret, KING_FILE};
use crate::types::{Move, MoveKind, Piece, Role};
use chimera_core::{Color, Evaluate};
use chimera_kit::BitSet;

/// The cells of a set, lowest first: the kit's [`BitSet`] iterator (measured as fast as
/// the hand-written `u128` loop it replaced).
#[inline(always)]
fn bits(b: u128) -> impl Iterator<Item = u8> {
    BitSet::<2>::from(b).into_iter().map(|i| i as u8)
}

/// The direction from a cell to its neighbour `n`, indexed by `n + 11 - cell` (the
/// differences of the eight directions are ±1, ±9, ±10, ±11).
const DIR_TO_NEIGHBOUR: [u8; 23] = {
    let mut t = [0u8; 23];
    let mut d = 0;
    while d < 8 {
        let (df, dr) = Dir::ALL[d].delta();
        t[(11 + df as i32 + 10 * dr as i32) as usize] = d as u8;
        d += 1;
    }
    t
};

/// Where generated moves go: a list, or a count (perft's last ply counts without listing).
pub(crate) trait Sink {
    /// Whether the sink only counts: then moves may be generated in sets, in any order
    /// (a list keeps the order of one piece after another).
    const COUNTS: bool;
    /// One legal move.
    fn push(&mut self, mv: Move);
    /// The steps from `from` to every cell of `targets`, all legal.
    fn steps(&mut self, from: u8, targets: u128);
    /// The steps to every cell `to` of `targets` from `to - back`, all legal.
    fn shifted(&mut self, targets: u128, back: i16);
    /// Whether the sink wants `mv`, asked before its legality is tested (the test costs
    /// more): a list and a count want every move.
    #[inline(always)]
    fn needs(&mut self, mv: Move) -> bool {
        let _ = mv;
        true
    }
}

impl Sink for Vec<Move> {
    const COUNTS: bool = false;
    #[inline(always)]
    fn shifted(&mut self, targets: u128, back: i16) {
        for t in bits(targets) {
            Vec::push(self, Move::step((t as i16 - back) as u8, t));
        }
    }
    #[inline(always)]
    fn push(&mut self, mv: Move) {
        Vec::push(self, mv);
    }
    #[inline(always)]
    fn steps(&mut self, from: u8, targets: u128) {
        for t in bits(targets) {
            Vec::push(self, Move::step(from, t));
        }
    }
}

/// A [`Sink`] that counts.
pub(crate) struct Count(pub(crate) u64);

impl Sink for Count {
    const COUNTS: bool = true;
    #[inline(always)]
    fn shifted(&mut self, targets: u128, _: i16) {
        self.0 += u64::from(targets.count_ones());
    }
    #[inline(always)]
    fn push(&mut self, _: Move) {
        self.0 += 1;
    }
    #[inline(always)]
    fn steps(&mut self, _: u8, targets: u128) {
        // Bit by bit: the sets are small, and on baseline x86-64 (no popcnt) count_ones
        // is a longer fixed sequence.
        let mut t = targets;
        while t != 0 {
            t &= t - 1;
            self.0 += 1;
        }
    }
}

/// A [`Sink`] that keeps the noisy moves ([`Evaluate::is_noisy`]) in the order they come and
/// notes whether any legal move came: the quiet steps are dropped as sets (a step onto an
/// empty cell gains nothing: only a Turret's sling, which is pushed one move at a time, or
/// a promotion, en passant or capture does).
pub(crate) struct Noisy<'a> {
    pos: &'a Turret,
    /// The cells of the side not to move.
    theirs: u128,
    pub(crate) moves: &'a mut Vec<Move>,
    pub(crate) any: bool,
}

impl Noisy<'_> {
    #[inline(always)]
    fn keep(&mut self, mv: Move) {
        if self.pos.capture_value(mv) > 0 {
            self.moves.push(mv);
        }
    }
}

impl Sink for Noisy<'_> {
    const COUNTS: bool = false;
    /// A move whose legality must be tested: wanted if it is noisy, or while no legal
    /// move has been seen (the sink must say whether there is one).
    #[inline(always)]
    fn needs(&mut self, mv: Move) -> bool {
        !self.any || self.pos.capture_value(mv) > 0
    }
    #[inline(always)]
    fn shifted(&mut self, targets: u128, back: i16) {
        self.any |= targets != 0;
        for t in bits(targets & self.theirs) {
            self.keep(Move::step((t as i16 - back) as u8, t));
        }
    }
    #[inline(always)]
    fn push(&mut self, mv: Move) {
        self.any = true;
        self.keep(mv);
    }
    #[inline(always)]
    fn steps(&mut self, from: u8, targets: u128) {
        self.any |= targets != 0;
        for t in bits(targets & self.theirs) {
            self.keep(Move::step(from, t));
        }
    }
}

struct Ctx {
    /// The king's cell.
    king: u8,
    /// Pieces pinned to the king by a rook, bishop or queen.
    pinned: u128,
    /// From-cells whose moves need the full test.
    careful: u128,
    /// To-cells whose moves need the full test.
    danger: u128,
    /// Whether every move needs the full test (in check).
    all: bool,
    /// In check: the cells an ordinary move of a piece other than the king must land on
    /// to have a chance (capture each checking rook, bishop, queen or leaper, or stand
    /// between it and the king); every cell when a Turret's sling gives the check. Moves
    /// elsewhere leave the check as it is: they are dropped without the full test (issue 26).
    evade: u128,
}

impl Ctx {
    /// The line a pinned piece on `from` may move along: the whole ray from the king
    /// through it (the pinner ends it; nothing beyond can be reached).
    #[inline(never)]
    fn pin_line(&self, from: u8) -> u128 {
        for ray in RAYS.iter() {
            let r = ray[self.king as usize];
            if r & bit(from) != 0 {
                return r;
            }
        }
        0
    }
}

impl Turret {
    /// Whether `mv` leaves the mover's king safe: made on a copy.
    #[inline(never)]
    pub(crate) fn safe_after(&self, mv: Move) -> bool {
        let us = self.turn;
        let mut p = self.clone();
        p.make::<false>(mv);
        match p.king_idx(us) {
            Some(k) => !p.attacked_by(k, !us, p.occ()),
            None => false,
        }
    }

    #[inline(always)]
    fn push_checked(&self, ctx: &Ctx, from: u8, targets: u128, out: &mut impl Sink) {
        let targets = if ctx.all {
            targets & ctx.evade
        } else {
            targets
        };
        if targets == 0 {
            return;
        }
        let fb = bit(from);
        if !ctx.all && (ctx.careful | ctx.pinned) & fb == 0 && targets & ctx.danger == 0 {
            out.steps(from, targets);
            return;
        }
        let line = if ctx.pinned & fb != 0 {
            ctx.pin_line(from)
        } else {
            !0
        };
        for t in bits(targets) {
            let mv = Move::step(from, t);
            if ctx.all || ctx.careful & fb != 0 || ctx.danger & bit(t) != 0 {
                if out.needs(mv) && self.safe_after(mv) {
                    out.push(mv);
                }
            } else if line & bit(t) != 0 {
                out.push(mv);
            }
        }
    }

    #[inline(always)]
    fn push_one(&self, ctx: &Ctx, mv: Move, out: &mut impl Sink) {
        let from = mv.src_index();
        let to = mv.dst_index();
        let fb = bit(from);
        if ctx.all && ctx.evade & bit(to) == 0 {
            return; // an ordinary move that leaves the check
        }
        if ctx.all || ctx.careful & fb != 0 || ctx.danger & bit(to) != 0 {
            if out.needs(mv) && self.safe_after(mv) {
                out.push(mv);
            }
        } else if ctx.pinned & fb == 0 || ctx.pin_line(from) & bit(to) != 0 {
            out.push(mv);
        }
    }

    /// Fills `out` with the legal moves, ignoring the move-limit and history rules.
    pub(crate) fn gen_legal(&self, out: &mut Vec<Move>) {
        out.clear();
        self.gen_into(out);
    }

    /// Fills `moves` with the noisy legal moves (those of [`Turret::gen_legal`]'s list that
    /// [`Evaluate::is_noisy`] keeps, in its order), ignoring the move-limit and history
    /// rules, and says whether there is any legal move.
    pub(crate) fn gen_noisy(&self, moves: &mut Vec<Move>) -> bool {
        moves.clear();
        let mut out = Noisy {
            pos: self,
            theirs: self.by_color[(!self.turn).index()],
            moves,
            any: false,
        };
        self.gen_into(&mut out);
        out.any
    }

    /// The number of legal moves, ignoring the move-limit and history rules: the length of
    /// [`Turret::gen_legal`]'s list, counted without listing.
    pub(crate) fn count_legal(&self) -> u64 {
        let mut count = Count(0);
        self.gen_into(&mut count);
        count.0
    }

    /// The legal moves into `out`, ignoring the move-limit and history rules.
    #[inline(always)]
    fn gen_into(&self, out: &mut impl Sink) {
        let Some(k) = self.king_idx(self.turn) else {
            return;
        };
        let ctx = self.checks_and_pins(k);
        self.gen_pawns(&ctx, out);
        self.gen_pieces(&ctx, out);
        self.gen_turrets(&ctx, out);
        self.gen_king(&ctx, out);
    }

    /// One look along the eight lines from the king `k` finds checks by sliders and
    /// Turrets, pins, and the cells behind enemy Turrets aimed at the king; leapers' checks
    /// come from the tables.
    #[inline(always)]
    fn checks_and_pins(&self, k: u8) -> Ctx {
        let us = self.turn;
        let occ = self.occ();
        let ours = self.by_color[us.index()];
        let theirs = self.by_color[(!us).index()];
        let t = k as usize;
        let leapers = (PAWN_ATTACKS[us.index()][t] & self.by_role[Role::Pawn as usize]
            | KNIGHT[t] & self.by_role[Role::Knight as usize]
            | CAMEL[t] & self.by_role[Role::Kwagga as usize]
            | KING[t] & self.by_role[Role::King as usize])
            & theirs;
        let mut ctx = Ctx {
            king: k,
            pinned: 0,
            careful: 0,
            danger: 0,
            all: leapers != 0,
            evade: if leapers != 0 { leapers } else { !0 },
        };
        let rq = (self.by_role[Role::Rook as usize] | self.by_role[Role::Queen as usize]) & theirs;
        let bq =
            (self.by_role[Role::Bishop as usize] | self.by_role[Role::Queen as usize]) & theirs;
        let turrets = self.by_role[Role::Turret as usize] & theirs;
        // Only the lines from the king that hold an enemy slider of their kind or a Turret
        // can bring a check, a pin or a danger cell.
        let mut dirs = 0u32;
        for s in bits(ROOK_LINES[t] & (rq | turrets) | BISHOP_LINES[t] & (bq | turrets)) {
            dirs |= 1 << LINE_DIR[t][s as usize];
        }
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let step = &STEP[d];
            let sliders = if d & 2 == 0 { rq } else { bq };
            let Some(b) = first_blocker(d, k, occ) else {
                continue;
            };
            if ours & bit(b) != 0 {
                // Our piece first: pinned by a slider behind it, or watched by a Turret.
                if (sliders | turrets) == 0 {
                    continue;
                }
                let Some(s) = first_blocker(d, b, occ) else {
                    continue;
                };
                if sliders & bit(s) != 0 {
                    ctx.pinned |= bit(b);
                } else if turrets & bit(s) != 0 {
                    ctx.careful |= bit(b);
                }
            } else if sliders & bit(b) != 0 {
                ctx.all = true;
                // The checker and the cells between it and the king.
                ctx.evade &= RAYS[d][t] & !RAYS[d][b as usize];
            } else if turrets & bit(b) != 0 && step[t] != b {
                if self.turret_arm_hits(d, b, k, occ) {
                    ctx.all = true;
                } else {
                    // Whatever arrives behind this Turret would be thrown at the king.
                    let arm = step[b as usize];
                    if arm != NONE {
                        ctx.danger |= bit(arm);
                    }
                }
            }
        }
        ctx
    }

    /// Pawn steps, double steps, captures, promotions (one move per role) and en passant.
    #[inline(always)]
    fn gen_pawns<O: Sink>(&self, ctx: &Ctx, out: &mut O) {
        let us = self.turn;
        let occ = self.occ();
        let theirs = self.by_color[(!us).index()];
        let (fwd, start_rank, pre_last): (i16, u8, u8) = match us {
            Color::White => (10, 1, 6),
            Color::Black => (-10, 6, 1),
        };
        let promos = self.rules.promotion_roles();
        let attacks = &PAWN_ATTACKS[us.index()];
        let pawns = self.pieces(us, Role::Pawn);
        let mut each = pawns;
        if O::COUNTS && !ctx.all {
            // Counting: the pawns that are neither pinned, watched by a Turret nor about
            // to promote move as a set.
            let bulk = pawns & !(ctx.pinned | ctx.careful | RANK[pre_last as usize]);
            self.count_pawns_in_bulk(ctx, bulk, out);
            each &= !bulk;
        }
        for from in bits(each) {
            // Pawns never stand on ranks 1 or 8, so `one` is on the grid (pawns stand only
            // on files b–i, where every cell exists).
            let one = (from as i16 + fwd) as u8;
            let mut targets = attacks[from as usize] & theirs;
            if occ & bit(one) == 0 {
                targets |= bit(one);
                if from / 10 == start_rank {
                    let two = (one as i16 + fwd) as u8;
                    if occ & bit(two) == 0 {
                        targets |= bit(two);
                    }
                }
            }
            if from / 10 == pre_last {
                for to in bits(targets) {
                    for r in promos {
                        self.push_one(ctx, Move::promoting(from, to, r), out);
                    }
                }
            } else {
                self.push_checked(ctx, from, targets, out);
            }
            if self.ep != NONE && attacks[from as usize] & bit(self.ep) != 0 {
                let mv = Move::special(from, self.ep, MoveKind::EnPassant);
                if out.needs(mv) && self.safe_after(mv) {
                    out.push(mv);
                }
            }
        }
    }

    /// The steps, double steps and captures of the pawns `bulk` (none of them on its
    /// last-but-one rank), as sets: those onto a cell behind an enemy Turret aimed at the
    /// king are tested one by one; then their en-passant captures.
    #[inline(always)]
    fn count_pawns_in_bulk<O: Sink>(&self, ctx: &Ctx, bulk: u128, out: &mut O) {
        let us = self.turn;
        let empty = !self.occ() & crate::board::Bitboard::BOARD.0;
        let theirs = self.by_color[(!us).index()];
        let (single, double, west, east) = match us {
            Color::White => {
                let single = bulk << 10 & empty;
                let double = (single & RANK[2]) << 10 & empty;
                (single, double, bulk << 9 & theirs, bulk << 11 & theirs)
            }
            Color::Black => {
                let single = bulk >> 10 & empty;
                let double = (single & RANK[5]) >> 10 & empty;
                (single, double, bulk >> 11 & theirs, bulk >> 9 & theirs)
            }
        };
        let fwd: i16 = if us == Color::White { 10 } else { -10 };
        for (set, back) in [
            (single, fwd),
            (double, 2 * fwd),
            (west, fwd - 1),
            (east, fwd + 1),
        ] {
            out.shifted(set & !ctx.danger, back);
            for to in bits(set & ctx.danger) {
                let mv = Move::step((to as i16 - back) as u8, to);
                if out.needs(mv) && self.safe_after(mv) {
                    out.push(mv);
                }
            }
        }
        if self.ep != NONE {
            for from in bits(PAWN_ATTACKS[(!us).index()][self.ep as usize] & bulk) {
                let mv = Move::special(from, self.ep, MoveKind::EnPassant);
                if out.needs(mv) && self.safe_after(mv) {
                    out.push(mv);
                }
            }
        }
    }

    /// Knights, Kwaggas, bishops, rooks and queens: each piece's targets from the tables.
    #[inline(always)]
    fn gen_pieces(&self, ctx: &Ctx, out: &mut impl Sink) {
        let us = self.turn;
        let occ = self.occ();
        let not_ours = !self.by_color[us.index()] & crate::board::Bitboard::BOARD.0;
        for from in bits(self.pieces(us, Role::Knight)) {
            self.push_checked(ctx, from, KNIGHT[from as usize] & not_ours, out);
        }
        for from in bits(self.pieces(us, Role::Kwagga)) {
            self.push_checked(ctx, from, self.kwagga_targets(from), out);
        }
        for from in bits(self.pieces(us, Role::Bishop)) {
            self.push_checked(ctx, from, bishop_attacks(from, occ) & not_ours, out);
        }
        for from in bits(self.pieces(us, Role::Rook)) {
            self.push_checked(ctx, from, rook_attacks(from, occ) & not_ours, out);
        }
        for from in bits(self.pieces(us, Role::Queen)) {
            let t = (rook_attacks(from, occ) | bishop_attacks(from, occ)) & not_ours;
            self.push_checked(ctx, from, t, out);
        }
    }

    /// A Kwagga's targets: a capture on its first leap, or any number of leaps in one
    /// direction over empty cells.
    #[inline(always)]
    fn kwagga_targets(&self, from: u8) -> u128 {
        let occ = self.occ();
        let mut t = CAMEL[from as usize] & self.by_color[(!self.turn).index()];
        for (v, rays) in CAMEL_RAYS.iter().enumerate() {
            let ray = rays[from as usize];
            let b = ray & occ;
            t |= if b == 0 {
                ray
            } else {
                let f = if v < 4 {
                    b.trailing_zeros()
                } else {
                    127 - b.leading_zeros()
                };
                ray & !rays[f as usize] & !(1u128 << f)
            };
        }
        t
    }

    /// Turret moves: slides onto empty cells; a move whose sling throws a piece is tested
    /// on a copy.
    #[inline(always)]
    fn gen_turrets(&self, ctx: &Ctx, out: &mut impl Sink) {
        let occ = self.occ();
        for from in bits(self.pieces(self.turn, Role::Turret)) {
            // A Turret moves only in the directions of its empty neighbours, taken in the
            // order of `Dir::ALL` (the order the moves are listed in).
            let mut dirs = 0u32;
            for n in bits(KING[from as usize] & !occ) {
                dirs |= 1 << DIR_TO_NEIGHBOUR[(n as usize + 11) - from as usize];
            }
            while dirs != 0 {
                let d = dirs.trailing_zeros() as usize;
                dirs &= dirs - 1;
                let dir = Dir::ALL[d];
                let path = slide(&RAYS, d, from, occ) & !occ;
                let b = STEP[dir.opposite() as usize][from as usize];
                if b == NONE || occ & bit(b) == 0 {
                    self.push_checked(ctx, from, path, out);
                    continue;
                }
                let thrown = Piece::from_code(self.cells[b as usize]).expect("occupied");
                // A sling empties the Turret's cell and the cell behind it and fills the
                // Turret's destination and the landing cell. It cannot expose the king when
                // it is not in check, neither emptied cell holds a pinned piece or one that
                // a Turret watches, the king is not on the line of the throw (the only line
                // through both emptied cells), the thrown piece is ours and not the king,
                // and neither filled cell is behind an enemy Turret aimed at the king: then
                // it needs no test on a copy (issue 26).
                let line = RAYS[d][from as usize] | RAYS[dir.opposite() as usize][from as usize];
                let plain = !ctx.all
                    && (ctx.pinned | ctx.careful) & (bit(from) | bit(b)) == 0
                    && line & bit(ctx.king) == 0
                    && thrown.color == self.turn
                    && thrown.role != Role::King;
                for to in bits(path) {
                    let mv = Move::step(from, to);
                    if self.sling_throws(from, to, d, thrown) {
                        let landing = STEP[d][to as usize];
                        let safe = plain && ctx.danger & (bit(to) | bit(landing)) == 0;
                        if safe || out.needs(mv) && self.safe_after(mv) {
                            out.push(mv);
                        }
                    } else {
                        self.push_one(ctx, mv, out);
                    }
                }
            }
        }
    }

    /// The king's steps onto cells not attacked, and castling when not in check.
    #[inline(always)]
    fn gen_king(&self, ctx: &Ctx, out: &mut impl Sink) {
        let k = ctx.king;
        let not_ours = !self.by_color[self.turn.index()] & crate::board::Bitboard::BOARD.0;
        let kocc = self.occ() & !bit(k);
        for to in bits(KING[k as usize] & not_ours) {
            let mv = Move::step(k, to);
            if out.needs(mv) && !self.attacked_by(to, !self.turn, kocc) {
                out.push(mv);
            }
        }
        if !ctx.all {
            self.gen_castles(k, kocc, out);
        }
    }

    #[inline(always)]
    fn sling_throws(&self, from: u8, to: u8, d: usize, thrown: Piece) -> bool {
        let l = STEP[d][to as usize];
        if l == NONE {
            return false;
        }
        let target = self.cells[l as usize];
        if target != 0 && (target > 8) == (self.turn == Color::Black) {
            return false;
        }
        let _ = from;
        !(thrown.role == Role::Pawn && l / 10 == first_rank(thrown.color))
    }

    fn gen_castles(&self, k: u8, kocc: u128, out: &mut impl Sink) {
        let us = self.turn;
        let rank = first_rank(us) * 10;
        if k != rank + KING_FILE {
            return;
        }
        let occ = self.occ();
        for s in 0..2 {
            let r = self.castle[us.index()][s];
            if r == NONE {
                continue;
            }
            let (rook_home, between, dests): (u8, u128, [u8; 2]) = if s == 0 {
                (
                    rank + 8,
                    bit(rank + 6) | bit(rank + 7),
                    [rank + 7, rank + 8],
                )
            } else {
                (
                    rank + 1,
                    bit(rank + 2) | bit(rank + 3) | bit(rank + 4),
                    [rank + 3, rank + 2],
                )
            };
            if r != rook_home || occ & between != 0 {
                continue;
            }
            let step: i16 = if s == 0 { 1 } else { -1 };
            // The king passes the first cell, then lands on the second or passes it and
            // lands on the third.
            let c1 = (k as i16 + step) as u8;
            if self.attacked_by(c1, !us, kocc) {
                continue;
            }
            for (i, &dest) in dests.iter().enumerate() {
                if i == 1 {
                    let passed = dests[0];
                    if self.attacked_by(passed, !us, kocc) {
                        break;
                    }
                }
                if self.attacked_by(dest, !us, kocc) {
                    continue;
                }
                let mv = Move::special(k, dest, MoveKind::Castle);
                if out.needs(mv) && self.safe_after(mv) {
                    out.push(mv);
                }
            }
        }
    }
}
