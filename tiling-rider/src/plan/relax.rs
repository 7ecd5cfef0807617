//! The final-state relaxation (session 39): a formula without time steps, over which
//! moves the rest of the turn makes and what stands where when it ends, that every
//! continuation of the turn satisfies. When it is unsatisfiable no continuation ends the
//! turn with the king safe: the question is refuted without the step-by-step formula.
//!
//! Why: a hard refutation of the step formula is often not a matter of the moves left at
//! all. `wheeler` random game 557's `o2-n2` (a guard's move, White at the start of a
//! 36-point turn, in check) is refuted by the step formula in 100,060 units; with 60
//! points it is still refuted, in 3,875,460 (and `o2-p1` in 9,234,060): no rescue exists
//! after it however long the turn, and what the solver pays for is the order of the
//! moves, over every step. A formula that has no order cannot pay for it.
//!
//! Variables: a literal per lone move of each unmoved piece (at most one a piece), per
//! aggregate ride, the king's and our giant ferz's end units, and the state when the turn
//! ends (time 1 of [`Enc`]'s state variables: our pieces by square and kind, the enemy's
//! pieces still there). Clauses, each true of every continuation (so the relaxation only
//! over-approximates: a satisfiable formula says nothing):
//!
//! - a piece of ours stands on a square at the end only if it stood there or a lone move
//!   or a ride brought one of its kind there; a piece that never leaves alone and whose
//!   unit no ride leaves is still there, as is a piece a lone move brought (it may leave
//!   again only with a ride from that unit) and the four pieces of a ride (never to move
//!   again); at most one piece a square;
//! - an enemy piece is gone at the end only if a lone move (not an elongated one), a ride,
//!   the king's or our giant ferz's step landed on it (and is gone if one did);
//! - a move onto a square of ours needs that piece to have left (its own lone move or a
//!   ride from its unit); an elongated move needs its two squares emptied of enemies; a
//!   ride needs its unit filled by pieces of its kind (there, or brought by lone moves),
//!   the units it passes and its target emptied of ours and of the enemy's;
//! - the king ends on one unit of its possible ones, our giant ferz likewise, each on a
//!   unit with none of our small pieces;
//! - the moves (points) spent are at most those left (`Cnf::at_most` in `plan.rs`);
//! - the goal: the king's end unit unattacked ([`Enc::unattacked`] at time 1).
//!
//! Alone (session 39) it refuted 1 of 181 planner questions of the stop positions: its
//! models were cycles of moves each needing another done first. With the order of its
//! events (session 40, `relax_order.rs`: each "needs this first" as "at a lower level")
//! it refutes the hard ones of `wheeler` 557, 573 and 592 in 15,000–31,000 units each,
//! where the step planner took 100,060–5,922,900. Session 41 judged the king's step at
//! its own level, ordered our giant ferz's step and two landings on one square, and
//! returns a model as a candidate plan (replayed by the rules code in `search.rs`):
//! 15 → 8 of the 30 stop positions undecided at the default budget.

use super::relax_order::Order;
use super::{solve_within, Answer, Enc, Lit, Statics, FALSE, TRUE};
use crate::board::{Square, Unit, SQUARES, UNITS};
use crate::position::{Move, TilingRider};
use chimera_core::Budget;
use std::rc::Rc;

/// The final state, as [`Enc`]'s state variables at this time.
pub(super) const END: usize = 1;

/// Whether the final-state relaxation refutes every continuation of the turn from `pos`
/// (`NoPlan`), within `budget` (one unit per ten clauses, the solver's checks and
/// conflicts as [`super::Planner`]'s); `Undecided` when it is not worked out
/// (`color-rider`'s blocks, a turn with no move left) or the budget ran out. A model is
/// returned as a candidate `Plan` (session 41): its events in the order of their levels,
/// *not* a plan until the rules code has replayed it (the relaxation over-approximates).
pub(crate) fn refutes(pos: &TilingRider, budget: &mut Budget) -> Answer {
    refutes_with(pos, budget, true)
}

/// [`refutes`], with the order of the events (`ordered`) or without (session 39's
/// relaxation, for the tests: its models include cycles of moves each needing another
/// first).
fn refutes_with(pos: &TilingRider, budget: &mut Budget, ordered: bool) -> Answer {
    let st = Rc::new(Statics::of(pos));
    if st.blocks.is_some() || st.steps == 0 {
        return Answer::Undecided;
    }
    let mut enc = Enc::new(Rc::clone(&st));
    let r = Relax::build(&mut enc);
    r.clauses(&mut enc);
    let order = ordered.then(|| r.ordered(&mut enc, &st));
    let ends = Ends::of(&mut enc, &st);
    if !enc.cnf.charge_since(0, budget) {
        return Answer::Undecided;
    }
    let result = solve_within(&mut enc.cnf.solver, [], budget);
    match (result, order) {
        (Some(false), _) => Answer::NoPlan,
        (Some(true), Some(order)) => Answer::Plan(r.candidate(&enc, &st, &order, &ends)),
        _ => Answer::Undecided,
    }
}

/// The literals of the king's and our giant ferz's end units (to decode a model).
pub(super) struct Ends {
    pub(super) king: Vec<(Unit, Lit)>,
    pub(super) gferz: Vec<(Unit, Lit)>,
}

impl Ends {
    pub(super) fn of(enc: &mut Enc, st: &Statics) -> Ends {
        let king = st.kc[1..].iter().map(|&u| (u, enc.kp(u, END))).collect();
        let gferz = st.gc.iter().skip(1).map(|&u| (u, enc.gp(u, END))).collect();
        Ends { king, gferz }
    }
}

impl Relax {
    /// The events of the solver's model as moves, in the order of their levels (lone
    /// moves, rides, the king's step, our giant ferz's step): a candidate plan.
    pub(super) fn candidate(&self, enc: &Enc, st: &Statics, o: &Order, ends: &Ends) -> Vec<Move> {
        let solver = &enc.cnf.solver;
        let holds = |l: Lit| l == TRUE || (l != FALSE && solver.value(l) == Some(true));
        let mut events: Vec<(usize, Move)> = Vec::new();
        for (i, (s, _, moves)) in st.lone.iter().enumerate() {
            for (j, &(e, _)) in moves.iter().enumerate() {
                if holds(self.lone[i][j]) {
                    events.push((o.level(solver, o.piece(i)), Move::single(*s, e)));
                }
            }
        }
        for (j, &(u, v, _, _)) in st.aggs.iter().enumerate() {
            if holds(self.rides[j]) {
                events.push((o.level(solver, o.ride(j)), Move::aggregate(u, v)));
            }
        }
        for &(v, l) in &ends.king {
            if let (true, Some(x)) = (holds(l), o.king()) {
                events.push((o.level(solver, x), Move::king(st.k0, v)));
            }
        }
        for &(v, l) in &ends.gferz {
            if let (true, Some(x), Some(g0)) = (holds(l), o.gferz(), st.g0) {
                events.push((o.level(solver, x), Move::giant_ferz(g0, v)));
            }
        }
        events.sort_by_key(|e| e.0);
        events.into_iter().map(|e| e.1).collect()
    }
}

/// The move literals of the relaxation.
pub(super) struct Relax {
    /// For each unmoved piece (by its index in [`Statics::lone`]), a literal per end.
    pub(super) lone: Vec<Vec<Lit>>,
    /// A literal per ride of [`Statics::aggs`].
    pub(super) rides: Vec<Lit>,
    /// Per unit: some ride leaves it (`FALSE` if none can).
    leaves: Vec<Lit>,
    /// Per unit: at least two rides leave it.
    twice: Vec<Lit>,
    /// Per square: the index in [`Statics::lone`] of the unmoved piece standing there.
    pub(super) piece_at: Vec<Option<usize>>,
}

impl Relax {
    pub(super) fn build(enc: &mut Enc) -> Relax {
        let st = Rc::clone(&enc.st);
        let mut lone = Vec::with_capacity(st.lone.len());
        let mut piece_at = vec![None; SQUARES];
        for (i, (s, _, ends)) in st.lone.iter().enumerate() {
            let lits: Vec<Lit> = ends.iter().map(|_| enc.cnf.var()).collect();
            enc.cnf.at_most_one(&lits);
            lone.push(lits);
            piece_at[s.index()] = Some(i);
        }
        let rides: Vec<Lit> = st.aggs.iter().map(|_| enc.cnf.var()).collect();
        let mut from = vec![Vec::new(); UNITS];
        let mut into = vec![Vec::new(); UNITS];
        for (j, (u, v, _, _)) in st.aggs.iter().enumerate() {
            from[u.index()].push(rides[j]);
            into[v.index()].push(rides[j]);
        }
        // A unit is landed on at most once (its four pieces never leave it).
        for lits in &into {
            enc.cnf.at_most_one(lits);
        }
        let leaves: Vec<Lit> = from.iter().map(|lits| enc.or_gate(lits)).collect();
        let twice: Vec<Lit> = from.iter().map(|lits| at_least_two(enc, lits)).collect();
        // Each ride carries four pieces of its kind that ride no more: those standing in
        // the unit at first or brought there by lone moves.
        for k in 0..4u8 {
            let mut from_k = vec![Vec::new(); UNITS];
            for (j, (u, _, kk, _)) in st.aggs.iter().enumerate() {
                if *kk == k {
                    from_k[u.index()].push(rides[j]);
                }
            }
            for (u, lits) in from_k.iter().enumerate() {
                if lits.is_empty() {
                    continue;
                }
                let once = enc.or_gate(lits);
                let twice = at_least_two(enc, lits);
                fill_count(enc, &st, &lone, u, k, [(4, once), (8, twice)]);
            }
        }
        Relax {
            lone,
            rides,
            leaves,
            twice,
            piece_at,
        }
    }

    /// The literals of which one holds when our piece first on `s` has left it (its lone
    /// move, or a ride from its unit), or `[TRUE]` when no piece of ours stands there.
    fn vacated(&self, st: &Statics, s: Square) -> Vec<Lit> {
        if st.ours[s.index()].is_none() {
            return vec![TRUE];
        }
        let mut lits = vec![self.leaves[s.unit().index()]];
        if let Some(i) = self.piece_at[s.index()] {
            lits.extend(&self.lone[i]);
        }
        lits
    }

    pub(super) fn clauses(&self, enc: &mut Enc) {
        let st = Rc::clone(&enc.st);
        self.no_cycles(enc, &st);
        self.occupancy(enc, &st);
        self.preconditions(enc, &st);
        self.captures(enc, &st);
        self.kings(enc, &st);
        self.count(enc, &st);
        for &u in &st.kc {
            let g = enc.kp(u, END);
            enc.unattacked(u, END, g);
        }
    }

    /// A lone move onto (or, elongated, through) the first square of a piece that moves
    /// alone comes after that piece's move (its only way to leave the square before a ride, after which it could
    /// not move alone). So the lone moves, each pointing to the piece on its end square,
    /// form no cycle: excluded here for cycles of two and three pieces.
    fn no_cycles(&self, enc: &mut Enc, st: &Statics) {
        // For each unmoved piece: its moves onto the first square of another one.
        let mut next: Vec<Vec<(usize, Lit)>> = vec![Vec::new(); st.lone.len()];
        for (i, (_, _, ends)) in st.lone.iter().enumerate() {
            for (j, &(e, mid)) in ends.iter().enumerate() {
                for x in [Some(e), mid].into_iter().flatten() {
                    if let Some(q) = self.piece_at[x.index()] {
                        next[i].push((q, self.lone[i][j]));
                    }
                }
            }
        }
        for p in 0..next.len() {
            for &(q, a) in &next[p] {
                for &(r, b) in &next[q] {
                    if r == p {
                        if p < q {
                            enc.cnf.add(&[-a, -b]);
                        }
                        continue;
                    }
                    for &(back, c) in &next[r] {
                        if back == p && p < q && p < r {
                            enc.cnf.add(&[-a, -b, -c]);
                        }
                    }
                }
            }
        }
    }

    /// Where our pieces stand at the end.
    fn occupancy(&self, enc: &mut Enc, st: &Statics) {
        // What may bring a piece of kind k onto square s.
        let mut arrivals = vec![Vec::new(); SQUARES * 4];
        for (i, (_, k, ends)) in st.lone.iter().enumerate() {
            for (j, &(e, _)) in ends.iter().enumerate() {
                let a = self.lone[i][j];
                arrivals[e.index() * 4 + usize::from(*k)].push(a);
                // It stays there unless a ride leaves the unit.
                let o = enc.o(e, *k, END);
                enc.cnf.add(&[-a, self.leaves[e.unit().index()], o]);
            }
        }
        for (j, (_, v, k, _)) in st.aggs.iter().enumerate() {
            for q in v.squares() {
                arrivals[q.index() * 4 + usize::from(*k)].push(self.rides[j]);
                let o = enc.o(q, *k, END);
                enc.cnf.add(&[-self.rides[j], o]);
            }
        }
        // Two lone moves onto one square: the first piece left it between, with a ride.
        let mut onto = vec![Vec::new(); SQUARES];
        for (i, (_, _, ends)) in st.lone.iter().enumerate() {
            for (j, &(e, _)) in ends.iter().enumerate() {
                onto[e.index()].push(self.lone[i][j]);
            }
        }
        for (s, lits) in onto.iter().enumerate() {
            let Some(sq) = Square::from_index(s) else {
                continue;
            };
            let leaves = self.leaves[sq.unit().index()];
            for (x, &a) in lits.iter().enumerate() {
                for &b in &lits[x + 1..] {
                    enc.cnf.add(&[-a, -b, leaves]);
                }
            }
        }
        for s in 0..SQUARES {
            let Some(sq) = Square::from_index(s) else {
                continue;
            };
            let mut kinds = Vec::new();
            for k in 0..4u8 {
                let o = enc.o(sq, k, END);
                kinds.push(o);
                if st.ours[s] == Some(k) {
                    // Still there unless it left.
                    let mut cl = self.vacated(st, sq);
                    cl.push(o);
                    enc.cnf.add(&cl);
                } else {
                    let mut cl = vec![-o];
                    cl.extend(&arrivals[s * 4 + usize::from(k)]);
                    enc.cnf.add(&cl);
                }
            }
            kinds.retain(|&l| l != FALSE);
            enc.cnf.at_most_one(&kinds);
        }
    }

    /// What each move needs emptied or filled first.
    fn preconditions(&self, enc: &mut Enc, st: &Statics) {
        for (i, (_, _, ends)) in st.lone.iter().enumerate() {
            for (j, &(e, mid)) in ends.iter().enumerate() {
                let a = self.lone[i][j];
                let mut cl = vec![-a];
                cl.extend(self.vacated(st, e));
                enc.cnf.add(&cl);
                if let Some(m) = mid {
                    let mut cl = vec![-a];
                    cl.extend(self.vacated(st, m));
                    enc.cnf.add(&cl);
                    for q in [m, e] {
                        let l = enc.e(q, END);
                        enc.cnf.add(&[-a, -l]);
                        if Some(q.unit()) == st.egf {
                            let l = enc.eg(END);
                            enc.cnf.add(&[-a, -l]);
                        }
                    }
                }
                // Onto the king's or our giant ferz's first unit only once it has left
                // (neither comes back).
                let k0 = enc.kp(st.k0, END);
                if e.unit() == st.k0 || mid.is_some_and(|m| m.unit() == st.k0) {
                    enc.cnf.add(&[-a, -k0]);
                }
                if let Some(g0) = st.g0 {
                    if e.unit() == g0 || mid.is_some_and(|m| m.unit() == g0) {
                        let l = enc.gp(g0, END);
                        enc.cnf.add(&[-a, -l]);
                    }
                }
            }
        }
        for (j, (u, v, k, between)) in st.aggs.iter().enumerate() {
            let r = self.rides[j];
            for q in u.squares() {
                let own = self.piece_at[q.index()].map_or(&[][..], |i| &self.lone[i][..]);
                let mut cl = vec![-r];
                if st.ours[q.index()] == Some(*k) {
                    // The piece there rides, unless it moved alone first (it left before
                    // the ride: never to come back, and a filler came).
                    if own.is_empty() {
                        continue;
                    }
                    let moved = enc.or_gate(own);
                    cl.push(-moved);
                } else if st.ours[q.index()].is_some() {
                    // A piece of another kind left before the ride: alone, or with an
                    // earlier ride from this unit (so at least two rides leave it).
                    let mut out = vec![-r];
                    out.extend(own);
                    out.push(self.twice[u.index()]);
                    enc.cnf.add(&out);
                }
                for (i, (_, kk, ends)) in st.lone.iter().enumerate() {
                    if kk != k {
                        continue;
                    }
                    for (jj, &(e, _)) in ends.iter().enumerate() {
                        if e == q {
                            cl.push(self.lone[i][jj]);
                        }
                    }
                }
                enc.cnf.add(&cl);
            }
            // A lone move from a square of the ride's unit comes before the ride (its
            // piece could not move alone once carried); one that also ends in the unit
            // was carried by it, so it is of the ride's kind, unless a second ride left.
            // A lone move of another kind ending in the unit comes after the ride, so
            // its piece is still there at the end.
            for (i, (s0, kk, ends)) in st.lone.iter().enumerate() {
                if kk == k {
                    continue;
                }
                for (jj, &(e, _)) in ends.iter().enumerate() {
                    if e.unit() != *u {
                        continue;
                    }
                    let a = self.lone[i][jj];
                    let twice = self.twice[u.index()];
                    if s0.unit() == *u {
                        enc.cnf.add(&[-r, -a, twice]);
                    } else {
                        let o = enc.o(e, *kk, END);
                        enc.cnf.add(&[-r, -a, twice, o]);
                    }
                }
            }
            for &w in between.iter().chain([v]) {
                self.emptied(enc, st, r, w);
            }
        }
    }

    /// Ride `r` needs unit `w` emptied of our small pieces and the enemy's first.
    fn emptied(&self, enc: &mut Enc, st: &Statics, r: Lit, w: Unit) {
        for q in w.squares() {
            let mut cl = vec![-r];
            cl.extend(self.vacated(st, q));
            enc.cnf.add(&cl);
            let l = enc.e(q, END);
            enc.cnf.add(&[-r, -l]);
        }
        if Some(w) == st.egf {
            let l = enc.eg(END);
            enc.cnf.add(&[-r, -l]);
        }
        if w == st.k0 {
            let l = enc.kp(st.k0, END);
            enc.cnf.add(&[-r, -l]);
        }
        if Some(w) == st.g0 {
            let l = enc.gp(w, END);
            enc.cnf.add(&[-r, -l]);
        }
    }

    /// Which enemy pieces are gone at the end: exactly those something landed on.
    fn captures(&self, enc: &mut Enc, st: &Statics) {
        let mut captors = vec![Vec::new(); SQUARES];
        let mut eg_captors = Vec::new();
        for (i, (_, _, ends)) in st.lone.iter().enumerate() {
            for (j, &(e, mid)) in ends.iter().enumerate() {
                if mid.is_none() {
                    captors[e.index()].push(self.lone[i][j]);
                    if Some(e.unit()) == st.egf {
                        eg_captors.push(self.lone[i][j]);
                    }
                }
            }
        }
        let mut units: Vec<(Unit, Lit)> = Vec::new();
        for (j, (_, v, _, _)) in st.aggs.iter().enumerate() {
            units.push((*v, self.rides[j]));
        }
        for &v in &st.kc[1..] {
            units.push((v, enc.kp(v, END)));
        }
        for &v in st.gc.iter().skip(1) {
            units.push((v, enc.gp(v, END)));
        }
        for (v, l) in units {
            for q in v.squares() {
                captors[q.index()].push(l);
            }
            if Some(v) == st.egf {
                eg_captors.push(l);
            }
        }
        for (s, lits) in captors.iter().enumerate() {
            let Some(sq) = Square::from_index(s) else {
                continue;
            };
            let e = enc.e(sq, END);
            if e == FALSE {
                continue;
            }
            let mut cl = vec![e];
            cl.extend(lits);
            enc.cnf.add(&cl);
            for &l in lits {
                enc.cnf.add(&[-l, -e]);
            }
        }
        let eg = enc.eg(END);
        if eg != FALSE {
            let mut cl = vec![eg];
            cl.extend(&eg_captors);
            enc.cnf.add(&cl);
            for &l in &eg_captors {
                enc.cnf.add(&[-l, -eg]);
            }
        }
    }

    /// The king and our giant ferz each end on one of their units, with none of our
    /// small pieces, and not on the same one.
    fn kings(&self, enc: &mut Enc, st: &Statics) {
        for (cands, king) in [(&st.kc, true), (&st.gc, false)] {
            if cands.len() < 2 {
                continue;
            }
            let lits: Vec<Lit> = cands
                .iter()
                .map(|&u| if king { enc.kp(u, END) } else { enc.gp(u, END) })
                .collect();
            enc.cnf.add(&lits);
            enc.cnf.at_most_one(&lits);
            for (&u, &l) in cands.iter().zip(&lits).skip(1) {
                for q in u.squares() {
                    for k in 0..4 {
                        let o = enc.o(q, k, END);
                        enc.cnf.add(&[-l, -o]);
                    }
                }
                let other = if king { enc.gp(u, END) } else { enc.kp(u, END) };
                enc.cnf.add(&[-l, -other]);
            }
        }
    }

    /// The moves (points) spent are at most those left: a lone move 1 each, a ride and
    /// the king's step their cost, our giant ferz's step 1 (as [`Enc::spent_by`]).
    fn count(&self, enc: &mut Enc, st: &Statics) {
        let mut inputs: Vec<Lit> = self.lone.iter().flatten().copied().collect();
        let mut big = self.rides.clone();
        if st.kc.len() > 1 {
            big.push(-enc.kp(st.k0, END));
        }
        for l in big {
            inputs.extend(std::iter::repeat(l).take(st.unit_cost));
        }
        if let (Some(g0), true) = (st.g0, st.gc.len() > 1) {
            inputs.push(-enc.gp(g0, END));
        }
        enc.cnf.at_most(&inputs, st.steps);
    }
}

/// A literal that holds when at least two of `lits` do (`FALSE` for fewer than two).
fn at_least_two(enc: &mut Enc, lits: &[Lit]) -> Lit {
    if lits.len() < 2 {
        return FALSE;
    }
    let mut pairs = Vec::new();
    for (i, &a) in lits.iter().enumerate() {
        for &b in &lits[i + 1..] {
            let p = enc.cnf.var();
            enc.cnf.add(&[-p, a]);
            enc.cnf.add(&[-p, b]);
            enc.cnf.add(&[-a, -b, p]);
            pairs.push(p);
        }
    }
    enc.or_gate(&pairs)
}

/// For the rides of kind `k` from unit `u`: when `when` holds, at least `need` pieces of
/// kind `k` stand there at first (and are free to ride) or come by lone moves.
fn fill_count(
    enc: &mut Enc,
    st: &Statics,
    lone: &[Vec<Lit>],
    u: usize,
    k: u8,
    needs: [(usize, Lit); 2],
) {
    let Some(unit) = Unit::from_index(u) else {
        return;
    };
    let first = unit
        .squares()
        .iter()
        .filter(|q| st.ours[q.index()] == Some(k) && !st.frozen.has(**q))
        .count();
    let mut arrivals = Vec::new();
    for (i, (_, kk, ends)) in st.lone.iter().enumerate() {
        if *kk != k {
            continue;
        }
        for (j, &(e, _)) in ends.iter().enumerate() {
            if e.unit() == unit {
                arrivals.push(-lone[i][j]);
            }
        }
    }
    let n = arrivals.len();
    for (need, when) in needs {
        if when == FALSE {
            continue;
        }
        // At least `need - first` arrivals: at most `n + first - need` of them missing.
        let Some(missing) = (n + first).checked_sub(need) else {
            enc.cnf.add(&[-when]);
            continue;
        };
        if missing >= n {
            continue;
        }
        let mut inputs = arrivals.clone();
        inputs.extend(std::iter::repeat(when).take(n - missing));
        enc.cnf.at_most(&inputs, n);
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::{refutes_with, Answer};
    use crate::position::{Move, Rules, TilingRider};
    use chimera_core::{Budget, Position};

    /// `wheeler` random game 557 (seed 572654124), White in check at the start of a
    /// 36-point turn: the step planner refutes `o2-n2` in 100,060 units (3,875,460 with 60
    /// points), `o2-p1` in 3,522,480.
    pub(in crate::plan) const W557: &str =
        "gw1gf2wkkg1w1gwf1/3g1ggwkkw1ng3f/3w1fg3gf3ww1/1ww1g1w1w2ffwg2w/\
        2fNf2f1g3n1N1f/6wf1N2f1f3/5gw4nN5/1G8f1g5/FG1F1N1F2n1g4G/5G11G/1W2n13/N4G5n1F1W1W/\
        FN4WG2n1FW2G1/WN2W1G1WN2GG2FF/WF1G1W1FKKF1N1GWN1/2GFW1FWKKWGFWG1FW w 0/36 - 32 1 19";
    /// `wheeler` random game 573 (seed 572654140), Black in check at the start of a
    /// 36-point turn: the step planner refutes `l13-m13` in 4,630,080 units.
    pub(in crate::plan) const W573: &str =
        "w1wg1wgfkkgwgw1wgw/1f4wgkk3fgfnf/2g1wwN1f1nN3gfw/1w1wn1g4w1fw3/\
        f2n1fnnwg3gfg2/gnf1f4N3g4/3g1n5w1FN1f1/1N1n7f2N3/17N/1G3G2n5n3/2F4F1GF4G2/1FN4n7FNG/\
        3G2GWF2W3N1F/GFW1W1W1FG1GWGFW1W/1GW1WG1WKKN2FNF1W/WF2WF1GKKFW1W1GWG b 0/36 - 32 2 13";

    /// `paulowich-16` random game 666 (seed 572654233), White in check (the knight on g4)
    /// at the start of an 18-move turn: `c3-c2` and `b2-c2` are illegal (the step planner
    /// refutes them in 46,440 and 21,380 units). Until session 41 the relaxation had a
    /// model for each: the king steps to e3 while the knight on g4 still attacks it, and a
    /// guard ride captures the knight later.
    pub(in crate::plan) const P666: &str =
        "1fw1w1kkzzg1gwfw/wgwgg1kkzz2wf1g/1ww2f1wf3w1fw/1Nfn1wn5f3/\
        gf3g5g2n1/1nggn11/8F6g/2f2f1f1n1gN3/F3nF2GF1G2G1/12F3/2G2FW4N4/1G2W8N2/W1G1F1n4F1F1G/\
        1GWF8F2W/1W1GKKN1N1WGWWW1/1GWWKKG4W4 w 0/18 - 17 1 25";

    /// A made-up standard position (White checked by the knight on l3, which also
    /// attacks the units i3 and k1; the ferz on f3 attacks g1): after `a1-a2` the only
    /// rescue is `f4xf3` and then the king's step to g1, whose attacker is captured
    /// before the step.
    pub(in crate::plan) const CAPTURE_THEN_STEP: &str =
        "8kk8/8kk8/18/18/18/18/18/18/18/18/18/18/5W12/5f5n6/8KK8/W7KK8 w 0/3 - 2 1 20";

    /// A made-up standard position (White checked along rank 1 by the wazir aggregate on
    /// k1; a1 and e1 on that line, c3 on the diagonal of the ferz aggregate on a1): the
    /// only rescue is the ferz ride `Fg7xa1`, through c3, and then the king's step to c3.
    pub(in crate::plan) const RIDE_THEN_STEP: &str =
        "8kk8/8kk8/18/18/18/18/18/18/6FF10/6FF10/18/18/18/18/ffKK6ww6/ffKK6ww6 w 0/3 - 2 1 20";

    /// `paulowich-16` corpus line 2834, Black in check at the start of a 17-move turn:
    /// `m12-m13` and `m12-n13` are illegal (the step planner refutes them). Until session
    /// 43 the relaxation's model for each rode a guard aggregate from m13 through k13 after
    /// our giant ferz had stepped onto k13 (capturing the knight on l14).
    pub(in crate::plan) const P2834: &str =
        "wgwf1gkkzz1ww1ww/fff3kkzz1g4/gf1gw2w3Nggf1/2n2g2N1g5/2ww3wn3g1f1/8g4N2/7g6f1/\
        3fN1g1f2n4/2Nw5n6/7Gw2G3G/1G2F9W1/1F1G1GF5W3/Wn2W2G1W1G1GG1/5W2G1W2NW1/\
        1GFN1WKKZZF2F1F/W4WKKZZ1F1WFW b 0/17 - 16 1 36";

    fn after(text: &str, mv: &str, ordered: bool, units: u64) -> Answer {
        after_in(Rules::Wheeler, text, mv, ordered, units)
    }

    fn after_in(rules: Rules, text: &str, mv: &str, ordered: bool, units: u64) -> Answer {
        let pos = TilingRider::from_text(text, rules).expect("the position reads");
        let mut child = pos.clone();
        child.apply(pos.parse_move(mv).expect("a move"));
        refutes_with(&child, &mut Budget::nodes(units), ordered)
    }

    #[test]
    fn the_ordered_relaxation_refutes_what_holds_however_long_the_turn() {
        for (text, mv) in [(W557, "o2-n2"), (W557, "o2-p1"), (W573, "l13-m13")] {
            let answer = after(text, mv, true, 200_000);
            assert!(matches!(answer, Answer::NoPlan), "{mv} refuted");
        }
    }

    /// The king's step is judged at its own level (session 41): an enemy piece attacking
    /// its new unit is captured before the step, not after.
    #[test]
    fn the_kings_step_is_never_onto_a_unit_attacked_at_its_time() {
        for mv in ["c3-c2", "b2-c2"] {
            let answer = after_in(Rules::Paulowich16, P666, mv, true, 200_000);
            assert!(matches!(answer, Answer::NoPlan), "{mv} refuted");
        }
    }

    /// ... but an attacker captured before the step does not refute the rescue.
    #[test]
    fn an_attacker_captured_before_the_kings_step_keeps_the_rescue() {
        let pos = TilingRider::from_text(CAPTURE_THEN_STEP, Rules::Standard).expect("reads");
        let mut legal = Vec::new();
        pos.legal_moves_within(&mut legal, &mut Vec::new(), &mut Budget::unlimited());
        let mv = pos.parse_move("a1-a2").expect("a move");
        assert!(legal.contains(&mv), "a1-a2 is legal");
        let answer = after_in(Rules::Standard, CAPTURE_THEN_STEP, "a1-a2", true, u64::MAX);
        assert!(!matches!(answer, Answer::NoPlan), "a1-a2 not refuted");
        assert!(never_refutes_a_legal_move(&pos, 1, u64::MAX) > 3);
    }

    /// A model is a candidate plan, its events in the order of their levels: the capture
    /// of the ferz before the king's step.
    #[test]
    fn a_model_is_a_candidate_plan_in_the_order_of_its_levels() {
        let pos = TilingRider::from_text(CAPTURE_THEN_STEP, Rules::Standard).expect("reads");
        let mut child = pos.clone();
        child.apply(pos.parse_move("a1-a2").expect("a move"));
        let Answer::Plan(events) = refutes_with(&child, &mut Budget::unlimited(), true) else {
            panic!("a model");
        };
        assert_captures_before_the_step(&child, &events);
    }

    /// Asserts that `events`, a model of [`CAPTURE_THEN_STEP`] after `a1-a2` (`child`),
    /// take the ferz (`f4xf3`) before the king's step.
    pub(in crate::plan) fn assert_captures_before_the_step(child: &TilingRider, events: &[Move]) {
        let capture = child.parse_move("f4xf3").expect("a move");
        let step = events
            .iter()
            .position(|&m| child.move_text(m).starts_with('K'))
            .expect("the king steps");
        let taken = events.iter().position(|&m| m == capture).expect("f4xf3");
        assert!(taken < step, "{events:?}");
    }

    /// A ride through the unit our king (or giant ferz) ends on comes before its step
    /// (session 43): after the step it stands there to the end of the turn. Line 2834's
    /// two illegal moves are refuted now, and none of its legal moves.
    #[test]
    fn nothing_passes_the_unit_the_king_or_giant_ferz_settled_on() {
        for mv in ["m12-m13", "m12-n13"] {
            let answer = after_in(Rules::Paulowich16, P2834, mv, true, 200_000);
            assert!(matches!(answer, Answer::NoPlan), "{mv} refuted");
        }
        let pos = TilingRider::from_text(P2834, Rules::Paulowich16).expect("reads");
        assert!(never_refutes_a_legal_move(&pos, 4, 400_000) > 3);
    }

    /// ... and a rescue that rides through the king's new unit before the step stays a
    /// model, the ride first.
    #[test]
    fn a_ride_through_the_kings_new_unit_before_the_step_keeps_the_rescue() {
        let pos = TilingRider::from_text(RIDE_THEN_STEP, Rules::Standard).expect("reads");
        let mut legal = Vec::new();
        pos.legal_moves_within(&mut legal, &mut Vec::new(), &mut Budget::unlimited());
        let ride = pos.parse_move("Fg7xa1").expect("a move");
        assert_eq!(legal, vec![ride]);
        let Answer::Plan(events) = refutes_with(&pos, &mut Budget::unlimited(), true) else {
            panic!("a model");
        };
        let at = |m: Move| events.iter().position(|&e| e == m);
        let step = pos.parse_move("Kc1-c3").expect("a move");
        let ordered = matches!((at(ride), at(step)), (Some(r), Some(k)) if r < k);
        assert!(ordered, "{events:?}");
        let mut child = pos.clone();
        child.apply(ride);
        let answer = refutes_with(&child, &mut Budget::unlimited(), true);
        assert!(!matches!(answer, Answer::NoPlan), "Fg7xa1 not refuted");
    }

    /// Every legal move of `paulowich-16` game 666's stop position (every third).
    #[test]
    fn the_ordered_relaxation_never_refutes_a_legal_move_of_game_666() {
        let pos = TilingRider::from_text(P666, Rules::Paulowich16).expect("reads");
        assert!(never_refutes_a_legal_move(&pos, 3, 400_000) > 3);
    }

    /// Without the order its models are cycles: `o2-p1`'s was `o1-n2 n1-o1 m1-l2 l1-m1
    /// k1-l1 m2-k1 m3-n1 n3-m2` and a guard ride from m1, each move needing another
    /// first (`m3-n1` passes n2, which `o1-n2` filled and only the ride could empty).
    #[test]
    fn a_cycle_of_moves_each_needing_another_first_is_rejected_by_the_order() {
        for mv in ["o2-n2", "o2-p1"] {
            let answer = after(W557, mv, false, 200_000);
            assert!(
                !matches!(answer, Answer::NoPlan),
                "{mv}: a model without the order"
            );
        }
    }

    /// Calls `at` on the positions of a random game of `rules` (from `seed`) at plies 12,
    /// 21 and 30, each move drawn from those the listing proves legal within 800,000
    /// units (the game stops early where none is proven).
    pub(in crate::plan) fn at_random_game_plies(
        rules: Rules,
        seed: u64,
        mut at: impl FnMut(&TilingRider),
    ) {
        let mut rng = chimera_core::SplitMix64::new(seed);
        let mut pos = TilingRider::start(rules);
        for ply in 0..=30 {
            let mut legal = Vec::new();
            pos.legal_moves_within(&mut legal, &mut Vec::new(), &mut Budget::nodes(800_000));
            if legal.is_empty() {
                break;
            }
            if ply >= 12 && ply % 9 == 3 {
                at(&pos);
            }
            pos.play_unchecked(legal[rng.below(legal.len())]);
        }
    }

    /// Every legal move keeps a continuation, so the relaxation, true of every
    /// continuation, must never refute one: every `every`-th move the crate proves legal
    /// in `pos` (each relaxation within `units`: a budget cut short is no refutation).
    fn never_refutes_a_legal_move(pos: &TilingRider, every: usize, units: u64) -> usize {
        let (mut legal, mut open) = (Vec::new(), Vec::new());
        pos.legal_moves_within(&mut legal, &mut open, &mut Budget::nodes(4_000_000));
        legal.retain(|&m| m != crate::position::Move::END_TURN);
        let mut asked = 0;
        for &mv in legal.iter().step_by(every.max(1)) {
            let mut child = pos.clone();
            child.apply(mv);
            if child.side != pos.side {
                continue;
            }
            asked += 1;
            let answer = refutes_with(&child, &mut Budget::nodes(units), true);
            let text = pos.to_text();
            assert!(
                !matches!(answer, Answer::NoPlan),
                "{} refuted in `{text}`",
                pos.move_text(mv)
            );
        }
        asked
    }

    /// The 8-move example of RULES.md §5 (White checked by a knight), every eighth move.
    #[test]
    fn the_ordered_relaxation_never_refutes_a_legal_move() {
        let hard8 = "wgwgwgwgkkgwgwgwgw/fnfnfnf1kknfnfnfnf/wgwg1wwgw1gww1gwgw/1nf2g1fn1gf1f1fn1/\
            3n4n5g1f1/f4f1f7n2/5n4N7/5NN11/17N/1n5N10/4F1F4F6/2N4F2F2n1F1N/FNF1N2n3G1F2NF/\
            WGWGWGWGWGWNFWGWGW/FNF1FNFNKK1GNGNFNF/WGWGWGWGKKGWG1WWGW w 0/8 - 7 12 7";
        let pos = TilingRider::from_text(hard8, Rules::Standard).expect("the position reads");
        assert!(never_refutes_a_legal_move(&pos, 8, 100_000) > 5);
    }

    /// Along random games of the three rule sets with tiles and unit aggregates: at plies
    /// 12, 21 and 30, every twelfth legal move (`TR_RELAX_GAMES` games a rule set, 1 by
    /// default; `TR_RELAX_EVERY` the sampling).
    #[test]
    fn the_ordered_relaxation_never_refutes_a_legal_move_along_random_games() {
        let var = |name: &str, default: u64| {
            std::env::var(name)
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(default)
        };
        let (games, every) = (var("TR_RELAX_GAMES", 1), var("TR_RELAX_EVERY", 12) as usize);
        let mut asked = 0;
        for rules in [Rules::Standard, Rules::Wheeler, Rules::Paulowich16] {
            for seed in 0..games {
                at_random_game_plies(rules, seed * 31 + 7, |pos| {
                    asked += never_refutes_a_legal_move(pos, every, 60_000);
                });
            }
        }
        assert!(asked > 10, "{asked} relaxations asked");
    }

    /// The two `wheeler` positions above, every legal move (minutes).
    #[test]
    #[ignore = "slow: two crowded camps, every legal move (minutes)"]
    fn the_ordered_relaxation_never_refutes_a_legal_move_in_the_camps() {
        for text in [W557, W573] {
            let pos = TilingRider::from_text(text, Rules::Wheeler).expect("the position reads");
            never_refutes_a_legal_move(&pos, 1, u64::MAX);
        }
    }
}
