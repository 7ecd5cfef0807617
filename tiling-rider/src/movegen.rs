//! Move generation and the turn-completion search.
//!
//! A move is legal only if the turn can still be finished with the mover's king safe. The
//! legal-move generator first produces the *pseudo-legal* moves (the pieces' and
//! aggregates' movement, the turn state, and the king's own rule of never stepping onto an
//! attacked unit), then keeps those after which the turn can be finished ([`TilingRider::finish_turn`]).
//!
//! Fast exact proofs decide the common cases without search:
//! - **Safe and unexposable.** If the mover's king is safe now and no enemy aggregate stands
//!   on any line (of its own kind) to the king's unit, whatever stands between, then no move
//!   other than a king move can ever put the king in check during this turn (the opponent's
//!   pieces do not move; our moves can only capture them or unblock lines, and there is no
//!   line to unblock). Every non-king move is then legal when the turn may end after it.
//! - **Exact turns** (the first turns) also need the remaining moves to exist: a greedy
//!   *witness* (distinct unmoved pieces each paired with a distinct empty-or-enemy leap
//!   target) shows that many further non-interfering moves; a candidate move is accepted if
//!   enough witness pairs survive it (pairs whose piece it moves or whose target it fills
//!   are dropped).
//!
//! Otherwise a depth-first search over the rest of the turn runs ([`TilingRider::finish_turn`]),
//! deepening iteratively (at most one more move, two, four, ..., then the whole turn),
//! children closest to safety first (`distance_to_safety`; ties: king moves, captures, the
//! rest), stopping at the first continuation that ends the turn safely; failed states are
//! memoised by Zobrist key (which covers the whole turn state, the capped limit included).
//! Sound cuts stop hopeless states: a count bound for exact turns, and a relaxation, unit by
//! unit, of what the rest of the turn could do for the king on each unit it may end on
//! (whether our pieces can leave it and how many moves that takes, which captures remain
//! possible given the pieces that have already moved and what each costs, which aggregates
//! four distinct pieces could form). When the turn may end as soon as the king is safe,
//! only moves touching the *relevant squares* of the units that pass are tried (dropping
//! the others from a working continuation keeps it working). Lines that proved a move
//! legal are replayed after the next candidates before searching for them.
//! The worst case is exponential in the moves left in the turn: a turn whose only rescue is
//! a long plan, or that cannot be saved while the relaxation cannot see it, in a crowded
//! position where the relevance closure spreads over the board, explores the sequences of
//! those moves (up to transpositions). `RULES.md` §5 gives measured figures.
//!
//! Under `paulowich-16` every target set is masked with the board's squares and the unit
//! rays come from the board's own table, so nothing lands on the removed files; the giant
//! ferz is generated after the aggregates and before the king (king moves stay last), and
//! the cuts count it as one more unmoved piece that can capture, block and move.

use crate::board::{block, block_tables, ray_block, tables, Bb, Square, Unit, NO_UNIT, UNITS};
use crate::position::{attacked_with, full_blocks, Move, MoveKind, Role, TilingRider};
use crate::search::{Memo, Mode, FIRST_PLAN_SLICE};
use crate::viable::diagonal_neighbours;
use chimera_core::{Color, Verdict};

/// Largest witness kept: the need (at most the limit) plus what one move can spoil.
const WITNESS_CAP: usize = 24;

impl TilingRider {
    /// Appends every pseudo-legal move (no "end turn") to `out`: the small pieces', the
    /// aggregates', the giant ferz's, then the king's (king moves last).
    pub(crate) fn gen_pseudo(&self, out: &mut Vec<Move>) {
        let remaining = self.limit.saturating_sub(self.made);
        if remaining == 0 {
            return;
        }
        let occ_all = self.occ_all();
        self.gen_singles(occ_all, out);
        if remaining >= self.cost(MoveKind::Aggregate) {
            if self.rules.blocks_at_any_offset() {
                self.gen_blocks(occ_all, out);
            } else {
                self.gen_aggregates(occ_all, out);
            }
        }
        if !self.gferz_moved && remaining >= self.cost(MoveKind::GiantFerz) {
            self.gen_giant_ferz(out);
        }
        if !self.king_moved && remaining >= self.cost(MoveKind::King) {
            self.gen_king(out);
        }
    }

    /// The moves of the unmoved small pieces: a leap to an empty or enemy square, or an
    /// elongated one ending on the other half of an empty square's tile.
    #[inline]
    fn gen_singles(&self, occ_all: Bb, out: &mut Vec<Move>) {
        self.singles(occ_all, |s, targets| {
            for to in targets.iter() {
                out.push(Move::single(s, to));
            }
        });
    }

    /// The number of moves [`TilingRider::gen_singles`] lists.
    #[inline]
    fn count_singles(&self, occ_all: Bb) -> u64 {
        let mut n = 0;
        self.singles(occ_all, |_, targets| n += u64::from(targets.count_sparse()));
        n
    }

    /// Each unmoved small piece of the mover with its targets (none empty), piece by
    /// piece in generation order.
    #[inline(always)]
    fn singles(&self, occ_all: Bb, mut each: impl FnMut(Square, Bb)) {
        let t = tables();
        let empty = !occ_all & self.rules.geo().on_board;
        let free = empty | self.occ[(!self.side).index()];
        let not_moved = self.unmoved();
        // The empty squares whose tile-mate is empty too: where elongations may end
        // (`mates(att & empty & !tile) & empty` is `elong & empty & mates(empty)`); none
        // without tiles (`color-rider`).
        let elongation_ends = if self.rules.has_tiles() {
            empty & empty.mates()
        } else {
            Bb::EMPTY
        };
        for ty in 0..4 {
            for s in (self.pieces[self.side.index()][ty] & not_moved).iter() {
                let targets = t.att[ty][s.index()] & free;
                if targets.is_empty() {
                    continue;
                }
                each(s, targets | t.elong[ty][s.index()] & elongation_ends);
            }
        }
    }

    /// The rides of the aggregates not used this turn: along their lines over empty units,
    /// to an empty unit or one holding enemy pieces (no friendly piece, no king).
    #[inline]
    fn gen_aggregates(&self, occ_all: Bb, out: &mut Vec<Move>) {
        let geo = self.rules.geo();
        let ui = self.side.index();
        let own = self.occ[ui];
        for ty in 0..4 {
            let piece = Role::from_index(ty);
            for sq in self.pieces[ui][ty].full_units().iter() {
                let a = sq.unit();
                if self.used.nib(a) != 0 {
                    continue;
                }
                for d in piece.ray_dirs() {
                    for &b in geo.rays[a.index()][d].iter() {
                        let Some(bu) = ray_unit(b) else { break };
                        if occ_all.nib(bu) == 0 {
                            out.push(Move::aggregate(a, bu));
                            continue;
                        }
                        if own.nib(bu) == 0 && !self.kings.contains(&bu) {
                            out.push(Move::aggregate(a, bu));
                        }
                        break;
                    }
                }
            }
        }
    }

    /// `color-rider`'s aggregate rides: each 2 × 2 block (any offset) filled by four of the
    /// mover's pieces of one kind, none used by an aggregate move this turn, rides in steps
    /// of its own size along its lines over empty blocks, to an empty block or one holding
    /// enemy pieces (no friendly piece, no king square). Blocks in order of their lower-left
    /// squares, kind by kind.
    #[inline(never)]
    fn gen_blocks(&self, occ_all: Bb, out: &mut Vec<Move>) {
        let t = block_tables();
        let ui = self.side.index();
        let barred = self.occ[ui] | Bb::unit(self.kings[0]) | Bb::unit(self.kings[1]);
        for ty in 0..4 {
            let piece = Role::from_index(ty);
            for a in full_blocks(&self.pieces[ui][ty]).iter() {
                if (t.block[a.index()] & self.used).any() {
                    continue;
                }
                for d in piece.ray_dirs() {
                    for &n in t.block_rays[a.index()][d].iter() {
                        let Some(b) = ray_block(n) else { break };
                        let dest = t.block[b.index()];
                        if (dest & occ_all).is_empty() {
                            out.push(Move::block(a, b));
                            continue;
                        }
                        if (dest & barred).is_empty() {
                            out.push(Move::block(a, b));
                        }
                        break;
                    }
                }
            }
        }
    }

    /// The giant ferz's steps, one unit diagonally, to a unit without a friendly piece or a
    /// king.
    #[inline]
    fn gen_giant_ferz(&self, out: &mut Vec<Move>) {
        let ui = self.side.index();
        let Some(g) = self.gferz[ui] else { return };
        for d in 4..8 {
            let Some(bu) = ray_unit(self.rules.geo().rays[g.index()][d][0]) else {
                continue;
            };
            if self.occ[ui].nib(bu) == 0 && !self.kings.contains(&bu) {
                out.push(Move::giant_ferz(g, bu));
            }
        }
    }

    /// The king's steps, one unit orthogonally, to a unit without a friendly piece or the
    /// other king, and not attacked once there.
    #[inline]
    fn gen_king(&self, out: &mut Vec<Move>) {
        let ui = self.side.index();
        let k = self.kings[ui];
        for d in 0..4 {
            let Some(bu) = ray_unit(self.rules.geo().rays[k.index()][d][0]) else {
                continue;
            };
            if bu == self.kings[1 - ui] || self.occ[ui].nib(bu) != 0 {
                continue;
            }
            if !self.king_step_attacked(k, bu) {
                out.push(Move::king(k, bu));
            }
        }
    }

    /// Whether the mover's king, stepping from `from` to `to` (capturing the enemy pieces
    /// there, a giant ferz included), would stand on an attacked unit.
    fn king_step_attacked(&self, from: Unit, to: Unit) -> bool {
        let them = (!self.side).index();
        let mask = !Bb::unit(to);
        let mut pieces = self.pieces[them];
        for bb in pieces.iter_mut() {
            *bb &= mask;
        }
        let gferz = self.gferz[them].filter(|&g| g != to);
        let occ = (self.occ_all() & !Bb::unit(from) & mask) | Bb::unit(to);
        attacked_with(
            to,
            &pieces,
            self.kings[them],
            gferz,
            occ,
            self.rules.blocks_at_any_offset(),
        )
    }

    /// Whether no enemy aggregate lies on a line of its own kind to the mover's king's unit,
    /// whatever stands between (then no non-king move of ours can expose the king).
    pub(crate) fn unexposable(&self) -> bool {
        if self.rules.blocks_at_any_offset() {
            return self.unexposable_blocks();
        }
        let t = tables();
        let k = self.kings[self.side.index()].index();
        for (ty, bb) in self.pieces[(!self.side).index()].iter().enumerate() {
            let piece = Role::from_index(ty);
            for sq in bb.full_units().iter() {
                let (_, line) = t.between[sq.unit().index() * UNITS + k];
                if piece.rides(line) {
                    return false;
                }
            }
        }
        true
    }

    /// [`TilingRider::unexposable`] under `color-rider`: no enemy aggregate (any block) has
    /// a block meeting the mover's king's unit on its lines, whatever stands between. (Our
    /// moves can only empty the squares of the lines and of the destination; they never add
    /// an enemy piece or aggregate.)
    #[cold]
    #[inline(never)]
    fn unexposable_blocks(&self) -> bool {
        let t = block_tables();
        let king = Bb::unit(self.kings[self.side.index()]);
        for (ty, bb) in self.pieces[(!self.side).index()].iter().enumerate() {
            let piece = Role::from_index(ty);
            for a in full_blocks(bb).iter() {
                for d in piece.ray_dirs() {
                    for &n in t.block_rays[a.index()][d].iter() {
                        let Some(b) = ray_block(n) else { break };
                        if (t.block[b.index()] & king).any() {
                            return false;
                        }
                    }
                }
            }
        }
        true
    }

    /// A greedy witness: distinct unmoved small pieces of the mover, each with a distinct
    /// target square (empty and on the board, or enemy) it could leap to. Up to `cap` pairs.
    /// (The giant ferz is left out: a witness only needs to be a lower bound, and a pair of
    /// single squares could not say that its move needs a whole unit free.)
    fn witness(&self, cap: usize, out: &mut [(Square, Square); WITNESS_CAP]) -> usize {
        let t = tables();
        let ui = self.side.index();
        let free = self.free_squares();
        let not_moved = self.unmoved();
        let mut taken = Bb::EMPTY;
        let mut n = 0;
        for ty in 0..4 {
            for s in (self.pieces[ui][ty] & not_moved).iter() {
                let targets = t.att[ty][s.index()] & free & !taken;
                if let Some(to) = targets.first() {
                    taken.set(to);
                    out[n] = (s, to);
                    n += 1;
                    if n == cap {
                        return n;
                    }
                }
            }
        }
        n
    }

    /// Fills `moves` with the legal actions (exact, however long the search takes).
    pub(crate) fn generate_legal(&self, moves: &mut Vec<Move>) {
        let mut undecided = Vec::new();
        self.generate_legal_with(moves, &mut undecided, &mut Memo::exact());
        debug_assert!(undecided.is_empty(), "an exact search decides every move");
    }

    /// Fills `moves` with the actions proven legal and `undecided` with those the memo's
    /// budget left undecided.
    pub(crate) fn generate_legal_with(
        &self,
        moves: &mut Vec<Move>,
        undecided: &mut Vec<Move>,
        memo: &mut Memo,
    ) {
        moves.clear();
        undecided.clear();
        if self.terminal_draw() {
            return;
        }
        self.gen_pseudo(moves);
        let rounds = memo.mode == Mode::Hybrid && memo.plan_slice.is_none();
        if rounds {
            memo.plan_slice = Some(FIRST_PLAN_SLICE);
            memo.deferred.clear();
        }
        let safe_now = !self.in_check(self.side);
        if safe_now && self.unexposable() {
            self.keep_legal_unexposable(moves, undecided, memo);
        } else if !safe_now && self.min_moves() <= 1 {
            self.keep_rescues(moves, undecided, memo);
        } else {
            moves.retain(|&mv| sort(mv, self.slow_legal(mv, memo), undecided));
        }
        if rounds {
            self.decide_in_rounds(moves, undecided, memo);
        }
        if self.end_allowed() && safe_now {
            moves.push(Move::END_TURN);
        }
    }

    /// The rounds of a listing: the moves the first pass left undecided with budget to
    /// spare (the planner's question of each got [`FIRST_PLAN_SLICE`] units) are asked
    /// again, each round with twice the planner units, until every move is decided or the
    /// budget is spent. Before each question the plans found so far are replayed (a move
    /// whose rescue is hard to find first is often proven by another move's plan), and
    /// what the solver learnt on the others serves it. Every answer is exact; only who
    /// decides, and the work, change. `legal` keeps the order of the generation.
    fn decide_in_rounds(&self, legal: &mut Vec<Move>, undecided: &mut Vec<Move>, memo: &mut Memo) {
        let before = legal.len();
        if !memo.deferred.is_empty() {
            // The first pass's deferred questions, in the order of the generation, after
            // the plans that later moves' questions found.
            let deferred = std::mem::take(&mut memo.deferred);
            let mut still = Vec::new();
            for &mv in undecided.iter() {
                if !deferred.contains(&mv) {
                    still.push(mv);
                    continue;
                }
                match self.decide_deferred(mv, memo) {
                    Verdict::Yes => legal.push(mv),
                    Verdict::No => {}
                    Verdict::Undecided => still.push(mv),
                }
            }
            *undecided = still;
        }
        if legal.is_empty() && !undecided.is_empty() && self.min_moves() <= 1 {
            // No move proven legal yet: perhaps none is (a checkmate). One game-over
            // question refutes them all at once (see `TilingRider::planned_any`); a plan
            // it finds proves its first move and serves the rounds as a witness.
            if self.planned(None, memo) == Verdict::No {
                undecided.clear();
                return;
            }
        }
        let mut slice = memo.plan_slice.unwrap_or(FIRST_PLAN_SLICE);
        memo.plan_slice = None;
        while !undecided.is_empty() && !memo.budget.is_spent() {
            slice = slice.saturating_mul(2);
            memo.plan_slice = Some(slice);
            let used = memo.budget.used();
            let mut still = Vec::new();
            for &mv in undecided.iter() {
                match self.replanned(mv, memo) {
                    Verdict::Yes => legal.push(mv),
                    Verdict::No => {}
                    Verdict::Undecided => still.push(mv),
                }
            }
            *undecided = still;
            if memo.budget.used() == used {
                // Nothing was asked of the planner: nothing more can be decided.
                break;
            }
        }
        memo.plan_slice = None;
        if legal.len() != before {
            let mut order = Vec::new();
            self.gen_pseudo(&mut order);
            legal.sort_by_key(|m| order.iter().position(|x| x == m));
        }
    }

    /// The number of legal actions, as [`TilingRider::generate_legal_with`] would list
    /// them (`scratch` is a work list), or `None` when the memo's budget left some
    /// undecided (in `undecided`). When every non-king move is legal (a safe, unexposable
    /// king whose turn can still be finished after any of them), the small pieces' moves
    /// are counted without listing them.
    pub(crate) fn count_legal_with(
        &self,
        scratch: &mut Vec<Move>,
        undecided: &mut Vec<Move>,
        memo: &mut Memo,
    ) -> Option<u64> {
        scratch.clear();
        undecided.clear();
        if self.terminal_draw() {
            return Some(0);
        }
        let remaining = self.limit.saturating_sub(self.made);
        if remaining == 0
            || self.in_check(self.side)
            || !self.unexposable()
            || !self.every_non_king_move_legal()
        {
            self.generate_legal_with(scratch, undecided, memo);
            return undecided.is_empty().then_some(scratch.len() as u64);
        }
        let occ_all = self.occ_all();
        let mut n = self.count_singles(occ_all);
        if remaining >= self.cost(MoveKind::Aggregate) {
            if self.rules.blocks_at_any_offset() {
                self.gen_blocks(occ_all, scratch);
            } else {
                self.gen_aggregates(occ_all, scratch);
            }
        }
        if !self.gferz_moved && remaining >= self.cost(MoveKind::GiantFerz) {
            self.gen_giant_ferz(scratch);
        }
        n += scratch.len() as u64;
        scratch.clear();
        if !self.king_moved && remaining >= self.cost(MoveKind::King) {
            self.gen_king(scratch);
            for &mv in scratch.iter() {
                if sort(mv, self.slow_legal(mv, memo), undecided) {
                    n += 1;
                }
            }
        }
        if self.end_allowed() {
            n += 1;
        }
        undecided.is_empty().then_some(n)
    }

    /// The further moves the turn needs after a single move and after an aggregate move
    /// (0 when the turn may end after it).
    fn needs_after_non_king(&self) -> (usize, usize) {
        let min = self.min_moves();
        let need_after = |kind: MoveKind| -> usize {
            let made_after = self.made.saturating_add(self.cost(kind));
            if made_after >= self.limit {
                0
            } else {
                min.saturating_sub(made_after) as usize
            }
        };
        (
            need_after(MoveKind::Single),
            need_after(MoveKind::Aggregate),
        )
    }

    /// Whether, the king being safe and unexposable, every non-king move is legal: the turn
    /// may end after any of them, or the witness shows the moves it still needs with room
    /// for what one move can spoil (the first test of
    /// [`TilingRider::keep_legal_unexposable`]).
    fn every_non_king_move_legal(&self) -> bool {
        let (need_single, need_unit) = self.needs_after_non_king();
        let max_need = need_single.max(need_unit);
        if max_need == 0 {
            return true;
        }
        if max_need + 8 > WITNESS_CAP {
            return false;
        }
        let mut wit = [(Square::A1, Square::A1); WITNESS_CAP];
        let n = self.witness(max_need + 8, &mut wit);
        (need_single == 0 || n >= need_single + 2) && (need_unit == 0 || n >= need_unit + 8)
    }

    /// Keeps the legal moves of a safe, unexposable king (see the module documentation):
    /// every non-king move is legal when the turn may end after it, or the witness shows
    /// the moves the turn still needs; the others, and the king moves, are searched.
    fn keep_legal_unexposable(
        &self,
        moves: &mut Vec<Move>,
        undecided: &mut Vec<Move>,
        memo: &mut Memo,
    ) {
        let min = self.min_moves();
        let need_after = |kind: MoveKind| -> usize {
            let made_after = self.made.saturating_add(self.cost(kind));
            if made_after >= self.limit {
                0
            } else {
                min.saturating_sub(made_after) as usize
            }
        };
        let (need_single, need_unit) = (
            need_after(MoveKind::Single),
            need_after(MoveKind::Aggregate),
        );
        let mut wit = [(Square::A1, Square::A1); WITNESS_CAP];
        let mut nwit: Option<usize> = None;
        let max_need = need_single.max(need_unit);
        if max_need + 8 <= WITNESS_CAP {
            let n = self.witness(max_need + 8, &mut wit);
            nwit = Some(n);
            // A single move spoils at most two witness pairs, an aggregate move eight.
            if (need_single == 0 || n >= need_single + 2) && (need_unit == 0 || n >= need_unit + 8)
            {
                // Every non-king move is legal: only king moves (generated last) remain.
                let first_king = moves
                    .iter()
                    .position(|m| matches!(m, Move::King { .. }))
                    .unwrap_or(moves.len());
                let mut keep = first_king;
                for i in first_king..moves.len() {
                    let mv = moves[i];
                    if sort(mv, self.slow_legal(mv, memo), undecided) {
                        moves[keep] = mv;
                        keep += 1;
                    }
                }
                moves.truncate(keep);
                return;
            }
        }
        moves.retain(|&mv| {
            if matches!(mv, Move::King { .. }) {
                return sort(mv, self.slow_legal(mv, memo), undecided);
            }
            let need = need_after(mv.kind());
            if need == 0 {
                return true; // the turn may end after it, with the king safe
            }
            let n =
                *nwit.get_or_insert_with(|| self.witness((need + 8).min(WITNESS_CAP), &mut wit));
            if n >= need && witness_survivors(&wit[..n], mv) >= need {
                return true;
            }
            sort(mv, self.slow_legal(mv, memo), undecided)
        });
    }

    /// Keeps the moves that can still rescue a checked king, in a turn that may end after
    /// any move. The moves touching no square relevant to the rescue all share one answer:
    /// whether the rescue can be made with the moves they leave (see
    /// `rescue_after_irrelevant`).
    fn keep_rescues(&self, moves: &mut Vec<Move>, undecided: &mut Vec<Move>, memo: &mut Memo) {
        let Some(r) = self.rescue_squares() else {
            moves.clear();
            return;
        };
        let mut shared: [Option<Verdict>; 2] = [None; 2];
        moves.retain(|&mv| {
            if touches(mv, r) {
                return sort(mv, self.slow_legal(mv, memo), undecided);
            }
            let cost = self.cost(mv.kind());
            let slot = &mut shared[usize::from(cost > 1)];
            let verdict = *slot.get_or_insert_with(|| self.rescue_after_irrelevant(cost, memo));
            if verdict == Verdict::Undecided {
                // The budget is spent: nothing more is decided.
                return sort(mv, self.slow_legal(mv, memo), undecided);
            }
            verdict == Verdict::Yes
        });
    }

    /// Whether the greedy witness shows `need` further non-interfering moves (in a position
    /// where only their count is in question).
    pub(crate) fn witness_covers(&self, need: usize) -> bool {
        let mut wit = [(Square::A1, Square::A1); WITNESS_CAP];
        need <= WITNESS_CAP && self.witness(need, &mut wit) >= need
    }

    #[inline]
    pub(crate) fn terminal_draw(&self) -> bool {
        self.made == 0 && self.clock > crate::position::FIFTY_TURN_LIMIT
    }

    /// A heuristic count of the moves still needed to make the mover's king safe (0 when it
    /// is safe now): over the units it may end on, the fewest of (a king step, our pieces to
    /// clear from the unit, the units of the small pieces attacking it, the enemy aggregates
    /// aiming at it). For ordering the search only; not a bound.
    pub(crate) fn distance_to_safety(&self) -> u32 {
        let t = tables();
        let us = self.side.index();
        let them = (!self.side).index();
        let k = self.kings[us];
        let ek = self.kings[them];
        let occ_all = self.occ_all();
        let remaining = self.limit.saturating_sub(self.made);
        let mut best = u32::MAX;
        let mut consider = |x: Unit, base: u32| {
            let inside = if x == k { Bb::EMPTY } else { Bb::unit(x) };
            // Units of attacking small pieces: one capture each, three if some attacker there
            // can be captured by no single leap of an unmoved piece (an aggregate must do it).
            let mut units = Bb::EMPTY;
            let mut hard = Bb::EMPTY;
            for ty in 0..4 {
                for a in (self.pieces[them][ty] & t.unit_att[ty][x.index()] & !inside).iter() {
                    units.set(a.unit().lower_left());
                    if !self.leap_can_capture(a) {
                        hard.set(a.unit().lower_left());
                    }
                }
            }
            let mut h = base + units.count() + 2 * hard.count();
            for (ty, bb) in self.pieces[them].iter().enumerate() {
                let piece = Role::from_index(ty);
                for sq in bb.full_units().iter() {
                    let (between, line) = t.between[sq.unit().index() * UNITS + x.index()];
                    if piece.rides(line) && (between & occ_all & !Bb::unit(k)).is_empty() {
                        h += 1;
                    }
                }
            }
            best = best.min(h);
        };
        consider(k, 0);
        if !self.king_moved && remaining >= self.cost(MoveKind::King) {
            for d in 0..4 {
                let b = self.rules.geo().rays[k.index()][d][0];
                if b == NO_UNIT {
                    continue;
                }
                let x = Unit::from_index(b as usize).expect("ray unit");
                let (du, dv) = (ek.u() as i8 - x.u() as i8, ek.v() as i8 - x.v() as i8);
                if x == ek || du.abs() + dv.abs() == 1 {
                    continue;
                }
                // Aggregates left out here (too dear to work out for every child): a piece
                // that cannot leave alone counts as four moves.
                let clear = self.clearing_cost(x, &[Bb::EMPTY; 4]).unwrap_or_else(|| {
                    let own = self.occ[us].nib(x).count_ones();
                    own + 4
                });
                consider(x, 1 + clear);
            }
        }
        best
    }

    /// Sorts moves for the search: those most likely to save the king first.
    pub(crate) fn order_moves(&self, buf: &mut [Move]) {
        let them = (!self.side).index();
        let enemy = self.occ[them];
        // King moves first, then captures, then the rest.
        let rank = |mv: &Move| -> u8 {
            match *mv {
                Move::King { .. } => 0,
                Move::Aggregate { to, .. } | Move::GiantFerz { to, .. } => {
                    if enemy.nib(to) != 0 {
                        1
                    } else {
                        3
                    }
                }
                Move::Single { to, .. } => {
                    if enemy.has(to) {
                        1
                    } else {
                        2
                    }
                }
                Move::Block { to, .. } => {
                    if (enemy & block(to)).any() {
                        1
                    } else {
                        3
                    }
                }
                Move::EndTurn => 4,
            }
        };
        buf.sort_by_key(rank);
    }

    /// Where each kind of the mover's aggregates could stand during the rest of the turn: the
    /// units (as their lower-left squares) each of whose squares holds a piece of that kind
    /// not used by an aggregate move, or is a leap or elongated leap (ignoring what stands in
    /// the way) of an unmoved piece of that kind, with enough moves left to fill it and ride.
    pub(crate) fn formable_aggregates(&self) -> [Bb; 4] {
        let t = tables();
        let us = self.side.index();
        let remaining = self.limit.saturating_sub(self.made);
        let not_moved = self.unmoved();
        let on_board = self.rules.geo().on_board;
        let agg_cost = self.cost(MoveKind::Aggregate);
        let kings = Bb::unit(self.kings[0]) | Bb::unit(self.kings[1]);
        let mut formable = [Bb::EMPTY; 4];
        for (ty, f) in formable.iter_mut().enumerate() {
            let avail = self.pieces[us][ty] & !self.used;
            if avail.count() < 4 || remaining < agg_cost {
                continue;
            }
            let mut reach = Bb::EMPTY;
            let mut movers: Vec<(Square, Bb)> = Vec::new();
            for s in (self.pieces[us][ty] & not_moved).iter() {
                let a = t.att[ty][s.index()];
                let r = a | a.mates();
                reach |= r;
                movers.push((s, r));
            }
            let cover = (avail | (reach & on_board)) & !kings;
            for sq in cover.full_units().iter() {
                let unit = sq.unit();
                let missing = 4 - avail.nib(unit).count_ones() as u8;
                if missing + agg_cost > remaining {
                    continue;
                }
                // Four distinct pieces must fill the unit: a piece standing on a square (it
                // may stay), or an unmoved one able to end a move there.
                let cands = unit.squares().map(|q| {
                    let mut c = Bb::EMPTY;
                    if avail.has(q) {
                        c.set(q);
                    }
                    for &(s, r) in &movers {
                        if r.has(q) {
                            c.set(s);
                        }
                    }
                    c
                });
                if distinct_cover(&cands, 0, Bb::EMPTY) {
                    f.set(sq);
                }
            }
        }
        formable
    }

    /// An upper bound on the further moves the mover can make this turn: each unmoved piece
    /// once, the king once, the giant ferz once, and for each kind with an aggregate that
    /// could be formed, one move per four pieces not yet used by an aggregate move.
    pub(crate) fn max_more_moves(&self) -> usize {
        let us = self.side.index();
        let not_moved = self.unmoved();
        let small =
            self.pieces[us][0] | self.pieces[us][1] | self.pieces[us][2] | self.pieces[us][3];
        let mut n = (small & not_moved).count() as usize;
        if !self.king_moved {
            n += 1;
        }
        if self.gferz[us].is_some() && !self.gferz_moved {
            n += 1;
        }
        if self.rules.blocks_at_any_offset() {
            // Any four of a kind not yet used by an aggregate move might form a block.
            for bb in &self.pieces[us] {
                n += ((*bb & !self.used).count() / 4) as usize;
            }
            return n;
        }
        let formable = self.formable_aggregates();
        for (ty, f) in formable.iter().enumerate() {
            if f.any() {
                n += ((self.pieces[us][ty] & !self.used).count() / 4) as usize;
            }
        }
        n
    }

    /// The squares whose occupancy can decide whether the turn ends safely, for a turn that
    /// may end as soon as the king is safe. A successful continuation stays successful when
    /// every move with neither end in this set is dropped from it, so only the other moves
    /// need trying. The set holds the units the king could still end on (`units`, those
    /// [`TilingRider::viable_king_units`] keeps: the final unit of any successful
    /// continuation is among them), the enemy pieces attacking them, the enemy aggregates
    /// aiming at them with the units between (squares that must end empty of our pieces or
    /// whose enemy pieces must go), and is closed under: an unmoved piece of ours standing
    /// in the set (it may have to leave) adds every square it could end on (a leap or an
    /// elongated leap, ignoring what stands in the way), one able to end a move in the set
    /// adds the first half of each elongated move it has there (which must be empty); an
    /// aggregate that could be formed, whose unit or some destination along
    /// its lines meets the set, adds its unit, that destination and the units between. An
    /// enemy giant ferz attacking one of the king's units adds its unit; our unmoved giant
    /// ferz, standing in the set or able to step into it, adds its unit and every unit it
    /// could step to.
    ///
    /// Why a piece that merely moves in needs nothing more: the dropped moves start and end
    /// outside the set, so they never empty or fill a square of it, and a kept move's
    /// piece was never moved by a dropped one (a piece moves once alone, and the aggregates
    /// it may join later form inside the set). A kept move from outside the set lands in
    /// it, on a square and through a first half whose contents are as in the whole
    /// continuation; a kept move from inside it goes to a square of the set. What is left
    /// outside the set (pieces that a dropped move would have moved, enemy pieces it would
    /// have taken) touches nothing a kept move or the king's last unit needs.
    pub(crate) fn relevant_squares(&self, units: &[Option<Unit>; 5]) -> Bb {
        self.relevant_squares_within(units, usize::MAX)
    }

    /// [`TilingRider::relevant_squares`] closed for at most `rounds` rounds: `S₀` is the
    /// goal (the units, their attackers, the lines aimed at them) and `Sₖ₊₁` adds to `Sₖ`
    /// what one step of the closure adds to it, judged on `Sₖ` alone. A move of a
    /// successful continuation that matters (after the others are dropped) either touches
    /// `S₀` or makes possible a later move that matters (it empties that move's
    /// destination, a unit it rides through or its own unit, or fills its aggregate): by
    /// induction a move with `k` such later moves after it touches `Sₖ`, where the
    /// closure step holds exactly those squares. With `n` moves left, every move of a
    /// continuation has at most `n − 1` moves after it, so only moves touching `Sₙ₋₁` need
    /// trying: near the end of a turn the set is much smaller than the whole closure.
    ///
    /// Under `color-rider` the closure is not worked out for aggregates at any offset: the
    /// set is the whole board (every move is tried), which is sound.
    pub(crate) fn relevant_squares_within(&self, units: &[Option<Unit>; 5], rounds: usize) -> Bb {
        if self.rules.blocks_at_any_offset() {
            return self.rules.geo().on_board;
        }
        let t = tables();
        let geo = self.rules.geo();
        let us = self.side.index();
        let them = (!self.side).index();
        let mut r = Bb::EMPTY;
        for &x in units.iter().flatten() {
            r |= Bb::unit(x);
            if let Some(g) = self.gferz[them] {
                if diagonal_neighbours(g, x) {
                    r |= Bb::unit(g);
                }
            }
            for ty in 0..4 {
                r |= self.pieces[them][ty] & t.unit_att[ty][x.index()];
                let piece = Role::from_index(ty);
                for sq in self.pieces[them][ty].full_units().iter() {
                    let a = sq.unit();
                    let (between, line) = t.between[a.index() * UNITS + x.index()];
                    if piece.rides(line) {
                        r |= between | Bb::unit(a);
                    }
                }
            }
        }
        let not_moved = self.unmoved();
        let formable = self.formable_aggregates();
        // Our giant ferz, if it may still move: its unit and the units it could step to.
        let gferz_reach = self.own_gferz_reach(true);
        for _ in 0..rounds {
            // One round judges on the set as it stood at the round's start (`before`).
            let before = r;
            if (gferz_reach & before).any() {
                r |= gferz_reach;
            }
            let before_mates = before.mates();
            for ty in 0..4 {
                for s in (self.pieces[us][ty] & not_moved).iter() {
                    let a = t.att[ty][s.index()];
                    if before.has(s) {
                        // It may have to leave: anywhere it could go.
                        r |= a | a.mates();
                    } else {
                        // It may move into the set: its elongated moves there need their
                        // first half empty. (Its own square need not be: nothing that
                        // matters lands there unless the square is in the set anyway.)
                        r |= a & before_mates;
                    }
                }
            }
            for (ty, f) in formable.iter().enumerate() {
                let piece = Role::from_index(ty);
                for y in f.iter() {
                    let yu = y.unit();
                    let ym = Bb::unit(yu);
                    for d in piece.ray_dirs() {
                        let mut between = Bb::EMPTY;
                        for &b in geo.rays[yu.index()][d].iter() {
                            if b == NO_UNIT {
                                break;
                            }
                            let dm = Bb::unit(Unit::from_index(b as usize).expect("ray unit"));
                            if (ym & before).any() || (dm & before).any() {
                                r |= between | dm | ym;
                            }
                            between |= dm;
                        }
                    }
                }
            }
            if r == before {
                break;
            }
        }
        r
    }

    /// For a checked mover: the squares relevant to the units its king could end the turn
    /// on ([`TilingRider::relevant_squares`] of [`TilingRider::viable_king_units`]), or
    /// `None` if the relaxation rules every unit out (the turn cannot end safely).
    ///
    /// The set also holds the squares of the unmoved pieces that could end a move on a
    /// relevant square: a move touching none of these squares leaves every continuation
    /// that matters possible (it moves none of its pieces), which the shared answer for
    /// the moves touching none of them needs.
    pub(crate) fn rescue_squares(&self) -> Option<Bb> {
        let units = self.viable_king_units();
        if units.iter().all(Option::is_none) {
            return None;
        }
        let t = tables();
        let us = self.side.index();
        let relevant = self.relevant_squares(&units);
        let mut squares = relevant;
        for ty in 0..4 {
            for s in (self.pieces[us][ty] & self.unmoved()).iter() {
                let a = t.att[ty][s.index()];
                if ((a | a.mates()) & relevant).any() {
                    squares.set(s);
                }
            }
        }
        Some(squares)
    }

    /// Whether an unmoved small piece of the mover can leap (or step) onto `a`. Pieces that
    /// move this turn cannot move again, so no later move of the turn can add a way.
    pub(crate) fn leap_can_capture(&self, a: Square) -> bool {
        let t = tables();
        let us = self.side.index();
        let not_moved = self.unmoved();
        (0..4).any(|ty| (self.pieces[us][ty] & not_moved & t.att[ty][a.index()]).any())
    }

    /// A lower bound on the moves that empty unit `x` of the mover's pieces, so that the
    /// king may step there; `None` if it cannot be emptied this turn. A piece leaves alone
    /// only if it is unmoved and has a square outside the unit that is not a king's and not
    /// held by a piece of ours that can no longer move alone ([`TilingRider::leave_cost`]):
    /// one move, plus the wait when every such square holds a piece of ours now that could
    /// not help fill an aggregate on `x` (that piece must leave first, by a move counted
    /// nowhere else; each vacated square serves at most two pieces, one landing on it and
    /// one passing over it to its tile-mate by an elongated move, and one move vacates one
    /// square, or four if it is an aggregate's or the giant ferz's). n pieces of a kind leaving together,
    /// in an aggregate that could be formed on the unit (`formable`), take 4 - n moves to
    /// fill it and one ride. Our giant ferz standing there takes its own step.
    pub(crate) fn clearing_cost(&self, x: Unit, formable: &[Bb; 4]) -> Option<u32> {
        let t = tables();
        let us = self.side.index();
        let xm = Bb::unit(x);
        let agg_cost = u32::from(self.cost(MoveKind::Aggregate));
        let not_moved = self.unmoved();
        // The pieces that could fill an aggregate on `x`.
        let mut fillers = Bb::EMPTY;
        for (ty, f) in formable.iter().enumerate() {
            if f.has(x.lower_left()) {
                for q in (self.pieces[us][ty] & not_moved & !xm).iter() {
                    let a = t.att[ty][q.index()];
                    if ((a | a.mates()) & xm).any() {
                        fillers.set(q);
                    }
                }
            }
        }
        let mut total = 0;
        let mut waits = 0;
        for (ty, f) in formable.iter().enumerate() {
            let ours = self.pieces[us][ty] & xm;
            let n = ours.count();
            if n == 0 {
                continue;
            }
            // Pieces leaving alone, and how many of them must wait for a square.
            let mut alone = Some((0, 0));
            for p in ours.iter() {
                alone = alone.and_then(|(c, w)| {
                    self.leave_cost(p, ty, xm, fillers)
                        .map(|l| (c + 1, w + l - 1))
                });
            }
            // Together: fill the unit, clear a landing unit next to it (a piece leaving
            // that unit may be a filler, so the two counts only bound through their
            // maximum), ride.
            let together = if f.has(x.lower_left()) {
                self.ride_out_cost(ty, x, formable)
                    .map(|out| (4 - n).max(out) + agg_cost)
            } else {
                None
            };
            total += match (alone, together) {
                (Some((a, w)), Some(b)) => {
                    if a + w <= b {
                        waits += w;
                    }
                    a.min(b)
                }
                (Some((a, w)), None) => {
                    waits += w;
                    a
                }
                (None, Some(b)) => b,
                (None, None) => return None,
            };
        }
        // The moves that vacate the awaited squares: one vacates one square, unless an
        // aggregate ride or our giant ferz's step could vacate up to four at once; and a
        // square vacated serves two waiting pieces, one landing on it and one passing over
        // it to its tile-mate by an elongated move (§3). (A kind counted here either
        // leaves alone, waits included, or together at no smaller cost.)
        let batched = formable.iter().any(|f| f.any()) || self.gferz[us].is_some();
        total += if batched {
            waits.div_ceil(8)
        } else {
            waits.div_ceil(2)
        };
        if self.gferz[us] == Some(x) {
            if self.own_gferz_reach(false).is_empty() {
                return None;
            }
            total += u32::from(self.cost(MoveKind::GiantFerz));
        }
        Some(total)
    }

    /// A lower bound on the moves that give an aggregate of kind `ty` formed on `y` a unit to
    /// ride to: 0 if a unit next to it along one of its lines (the first unit of a ray; a
    /// king's unit never counts) holds no piece of ours now; else the fewest moves that
    /// empty one of them of our pieces (none of which may go onto `y`, which the aggregate
    /// fills, but a piece of its kind filling it: until session 41 none at all, which
    /// refuted legal moves); `None` if no such unit can be emptied (the aggregate could
    /// never leave `y`).
    fn ride_out_cost(&self, ty: usize, y: Unit, formable: &[Bb; 4]) -> Option<u32> {
        let geo = self.rules.geo();
        let us = self.side.index();
        let mut best: Option<u32> = None;
        for d in Role::from_index(ty).ray_dirs() {
            let b = geo.rays[y.index()][d][0];
            if b == NO_UNIT {
                continue;
            }
            let bu = Unit::from_index(b as usize).expect("ray unit");
            if self.kings.contains(&bu) {
                continue;
            }
            if self.occ[us].nib(bu) == 0 {
                return Some(0);
            }
            // A piece of the aggregate's kind may leave into `y` as one of its fillers
            // (wheeler random game 1147: the guard on m16 empties m15 by filling k15).
            let filler = Some((ty, Bb::unit(y)));
            if let Some(c) = self.departures(bu, formable, None, Bb::unit(y), filler) {
                best = Some(best.map_or(c, |b| b.min(c)));
            }
        }
        best
    }

    /// A lower bound on the moves *starting* on unit `b` that empty it of the mover's pieces:
    /// one per piece leaving alone, or one ride for an aggregate formed there (the moves
    /// filling it start elsewhere), and our giant ferz's step; `None` if it cannot be emptied.
    /// Pieces of the kind `keep` (if any) are left out. No piece may leave onto `reserved`
    /// (squares a plan needs empty or for itself), except a piece of `filler`'s kind onto
    /// `filler`'s squares (filling an aggregate there).
    pub(crate) fn departures(
        &self,
        b: Unit,
        formable: &[Bb; 4],
        keep: Option<usize>,
        reserved: Bb,
        filler: Option<(usize, Bb)>,
    ) -> Option<u32> {
        let us = self.side.index();
        let bm = Bb::unit(b);
        let mut total = 0;
        for ty in (0..4).filter(|&ty| Some(ty) != keep) {
            let ours = self.pieces[us][ty] & bm;
            if ours.is_empty() {
                continue;
            }
            let area = match filler {
                Some((kind, into)) if kind == ty => bm | (reserved & !into),
                _ => bm | reserved,
            };
            let alone = ours
                .iter()
                .all(|p| self.leave_cost(p, ty, area, Bb::EMPTY).is_some());
            let together = formable[ty].has(b.lower_left());
            total += match (alone, together) {
                (_, true) => 1,
                (true, false) => ours.count(),
                (false, false) => return None,
            };
        }
        if self.gferz[us] == Some(b) {
            if self.own_gferz_reach(false).is_empty() {
                return None;
            }
            total += 1;
        }
        Some(total)
    }

    /// The fewest moves that take our piece of kind `ty` on `p` alone out of the squares
    /// `area`: `None` if it has moved or has no square outside `area` that is not a king's and
    /// not held by a piece of ours that can no longer move alone; 1 if such a square is empty
    /// or held by the enemy now, or held by one of `shared` (pieces whose move out of the way
    /// may be counted elsewhere), else 2 (the piece of ours there must leave first).
    fn leave_cost(&self, p: Square, ty: usize, area: Bb, shared: Bb) -> Option<u32> {
        let us = self.side.index();
        let moved = self.moved | self.used;
        if moved.has(p) {
            return None;
        }
        let kings_area = Bb::unit(self.kings[0]) | Bb::unit(self.kings[1]);
        let stuck = self.occ[us] & moved;
        let exits =
            tables().att[ty][p.index()] & self.rules.geo().on_board & !area & !kings_area & !stuck;
        if exits.is_empty() {
            return None;
        }
        let free = self.free_squares();
        Some(if (exits & (free | shared)).any() {
            1
        } else {
            2
        })
    }

    /// The squares of the units our giant ferz could step to this turn (ignoring what stands
    /// there), and with `with_own_unit` its own unit; empty if it is gone, has moved, or no
    /// move is left.
    pub(crate) fn own_gferz_reach(&self, with_own_unit: bool) -> Bb {
        let remaining = self.limit.saturating_sub(self.made);
        let Some(g) = self.gferz[self.side.index()] else {
            return Bb::EMPTY;
        };
        if self.gferz_moved || remaining < self.cost(MoveKind::GiantFerz) {
            return Bb::EMPTY;
        }
        let geo = self.rules.geo();
        let mut out = if with_own_unit {
            Bb::unit(g)
        } else {
            Bb::EMPTY
        };
        for d in 4..8 {
            let b = geo.rays[g.index()][d][0];
            if b != NO_UNIT {
                out |= Bb::unit(Unit::from_index(b as usize).expect("ray unit"));
            }
        }
        out
    }

    /// The colour whose turn it is (same as [`chimera_core::Position::turn`]).
    pub fn side_to_move(&self) -> Color {
        self.side
    }
}

/// Whether a move starts or ends on the squares `r` (king moves and "end turn" always count).
pub(crate) fn touches(mv: Move, r: Bb) -> bool {
    match mv {
        Move::Single { from, to } => r.has(from) || r.has(to),
        Move::Aggregate { from, to } | Move::GiantFerz { from, to } => {
            r.nib(from) != 0 || r.nib(to) != 0
        }
        Move::Block { from, to } => ((block(from) | block(to)) & r).any(),
        Move::King { .. } | Move::EndTurn => true,
    }
}

/// Keeps (`true`) a move proven legal; one left undecided goes to `undecided`.
fn sort(mv: Move, verdict: Verdict, undecided: &mut Vec<Move>) -> bool {
    if verdict == Verdict::Undecided {
        undecided.push(mv);
    }
    verdict == Verdict::Yes
}

/// How many pairs of the witness `wit` the move `mv` leaves intact (it spoils those whose
/// piece it moves or whose target it fills).
fn witness_survivors(wit: &[(Square, Square)], mv: Move) -> usize {
    let Some((pieces, targets)) = mv.ends() else {
        return wit.len();
    };
    wit.iter()
        .filter(|&&(p, q)| !pieces.has(p) && !targets.has(q))
        .count()
}

/// Whether each of the sets `cands[i..]` can give a distinct square outside `taken` (a
/// matching of a unit's four squares to distinct pieces; four levels at most).
fn distinct_cover(cands: &[Bb; 4], i: usize, taken: Bb) -> bool {
    if i == cands.len() {
        return true;
    }
    let choices = cands[i] & !taken;
    choices.iter().any(|p| {
        let mut next = taken;
        next.set(p);
        distinct_cover(cands, i + 1, next)
    })
}

/// The unit of an entry of a ray table (`None` for [`NO_UNIT`], past the ray's end).
#[inline]
pub(crate) fn ray_unit(b: u8) -> Option<Unit> {
    if b == NO_UNIT {
        None
    } else {
        Unit::from_index(usize::from(b))
    }
}
