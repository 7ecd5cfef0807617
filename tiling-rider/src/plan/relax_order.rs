//! The order of the final-state relaxation's events (session 40). Each event (a piece's
//! lone move, a ride, the king's step, our giant ferz's step) gets a level in `0..d`, `d`
//! the fewer of the moves (points) left and the events (order encoding: a literal "level
//! ≥ i" for each `i` in `1..d`, each implying the one below), and every "needs this done
//! first" of the relaxation becomes "done at a lower level":
//!
//! - a lone move onto or through a square of ours: its piece left it before (its lone
//!   move, or a ride from its unit); an elongated move: the enemy pieces on its two
//!   squares captured before, and a piece that landed on its first half before it ridden
//!   away between its landing and the move; a move onto the king's first unit: the
//!   king's step before it;
//! - a ride: each square of its unit holds a piece of its kind that stood there and did
//!   not move alone, or one a lone move brought before it; a lone move of a piece first in
//!   its unit comes before it; the squares it passes and lands on emptied of ours before
//!   it, the enemy pieces on those it passes captured before it, a piece that lands on
//!   one of them after it (on its path) or ridden away between its landing and the ride;
//! - the king's step: its new unit emptied of ours before it (a piece that landed there
//!   ridden away between its landing and the step), and (session 41) every enemy small
//!   piece attacking that unit from outside it, and the enemy giant ferz diagonally next
//!   to it, captured before it (the step is judged when it is made);
//! - our giant ferz's step (session 41): its new unit emptied of ours before it, moves
//!   onto its first unit after it; its captures count as captures before later events;
//! - two lone moves onto one square (session 41): a ride from its unit between them;
//! - a lone move onto or through a square of the unit our king or giant ferz ends on, and a
//!   ride through or onto that unit (session 43): before that piece's step (it then stands
//!   there to the end of the turn).
//!
//! "Ridden away between" (session 46; "before the later event" until then): a piece that
//! moved alone never moves alone again, so it leaves the square it landed on only when a
//! ride from that unit carries it, and the ride comes after the landing. The weaker form
//! let a ride leave the unit *before* the piece landed, so a model could land a piece on
//! a square a later ride had to pass (standard random game 3007: `d14-e14` onto the path
//! of the guards' ride `c13-k13`, "ridden away" by the knights' ride from `e13` made
//! before it); its models did not replay, and the illegal moves were left to the step
//! planner.
//!
//! Every continuation satisfies these with each event's level its place in the sequence
//! (at most `d` events happen: each costs a move or more), so the formula stays true of
//! every continuation and its unsatisfiability refutes; a cycle of events each needing
//! another first has no levels.

use super::relax::Relax;
use super::relax::END;
use super::{Enc, Lit, Statics, FALSE, TRUE};
use crate::board::{tables, Square, Unit, UNITS};
use crate::viable::diagonal_neighbours;
use std::collections::HashMap;

pub(super) struct Order {
    d: usize,
    /// Per event, `g[x][i - 1]`: level ≥ i, for i in 1..d.
    g: Vec<Vec<Lit>>,
    lt: HashMap<(usize, usize), Lit>,
    prec: HashMap<(Lit, usize, usize), Lit>,
    between: HashMap<(Lit, usize, usize, usize), Lit>,
    /// Rides (indices) leaving each unit.
    pub(super) from: Vec<Vec<usize>>,
    n: usize,
    king: Option<usize>,
    /// Our giant ferz's step (session 41).
    gferz: Option<usize>,
}

impl Order {
    pub(super) fn new(enc: &mut Enc, st: &Statics) -> Order {
        let n = st.lone.len();
        let m = st.aggs.len();
        let king = (st.kc.len() > 1).then_some(n + m);
        let gferz = (st.gc.len() > 1).then_some(n + m + usize::from(king.is_some()));
        let events = n + m + usize::from(king.is_some()) + usize::from(gferz.is_some());
        let d = st.steps.min(events).max(1);
        let mut g = Vec::with_capacity(events);
        for _ in 0..events {
            let lits: Vec<Lit> = (1..d).map(|_| enc.cnf.var()).collect();
            for w in lits.windows(2) {
                enc.cnf.add(&[-w[1], w[0]]);
            }
            g.push(lits);
        }
        let mut from = vec![Vec::new(); UNITS];
        for (j, (u, _, _, _)) in st.aggs.iter().enumerate() {
            from[u.index()].push(j);
        }
        Order {
            d,
            g,
            lt: HashMap::new(),
            prec: HashMap::new(),
            between: HashMap::new(),
            from,
            n,
            king,
            gferz,
        }
    }

    fn ge(&self, x: usize, i: usize) -> Lit {
        if i == 0 {
            TRUE
        } else if i >= self.d {
            FALSE
        } else {
            self.g[x][i - 1]
        }
    }

    /// A literal that holds when event `x` is at level 0 (the first move of the turn's
    /// rest: nothing comes before it).
    pub(super) fn at_start(&self, x: usize) -> Lit {
        -self.ge(x, 1)
    }

    /// The level of event `x` in the solver's model.
    pub(super) fn level(&self, solver: &cadical::Solver<super::Ticker>, x: usize) -> usize {
        (1..self.d)
            .filter(|&i| solver.value(self.ge(x, i)) == Some(true))
            .count()
    }

    pub(super) fn piece(&self, i: usize) -> usize {
        i
    }
    pub(super) fn ride(&self, j: usize) -> usize {
        self.n + j
    }
    pub(super) fn king(&self) -> Option<usize> {
        self.king
    }
    pub(super) fn gferz(&self) -> Option<usize> {
        self.gferz
    }

    /// A literal implying level(x) < level(y).
    pub(super) fn lt(&mut self, enc: &mut Enc, x: usize, y: usize) -> Lit {
        if x == y {
            return FALSE;
        }
        if let Some(&l) = self.lt.get(&(x, y)) {
            return l;
        }
        let l = enc.cnf.var();
        for i in 0..self.d {
            let a = self.ge(x, i);
            let b = self.ge(y, i + 1);
            enc.cnf.add(&[-l, -a, b]);
        }
        self.lt.insert((x, y), l);
        l
    }

    /// A literal implying `lit` and level(x) < level(y).
    pub(super) fn prec(&mut self, enc: &mut Enc, lit: Lit, x: usize, y: usize) -> Lit {
        if lit == FALSE || x == y {
            return FALSE;
        }
        if let Some(&p) = self.prec.get(&(lit, x, y)) {
            return p;
        }
        let lt = self.lt(enc, x, y);
        let p = enc.cnf.var();
        enc.cnf.add(&[-p, lit]);
        enc.cnf.add(&[-p, lt]);
        self.prec.insert((lit, x, y), p);
        p
    }

    /// A literal implying `lit` and level(a) < level(x) < level(y).
    pub(super) fn between(&mut self, enc: &mut Enc, lit: Lit, a: usize, x: usize, y: usize) -> Lit {
        if lit == FALSE || a == x || x == y {
            return FALSE;
        }
        if let Some(&p) = self.between.get(&(lit, a, x, y)) {
            return p;
        }
        let p = self.prec(enc, lit, x, y);
        let after = self.lt(enc, a, x);
        let b = enc.cnf.var();
        enc.cnf.add(&[-b, p]);
        enc.cnf.add(&[-b, after]);
        self.between.insert((lit, a, x, y), b);
        b
    }
}

impl Relax {
    /// The literals one of which holds when our piece first on `s` left it before event `y`.
    fn vacated_before(
        &self,
        enc: &mut Enc,
        st: &Statics,
        o: &mut Order,
        s: Square,
        y: usize,
    ) -> Vec<Lit> {
        if st.ours[s.index()].is_none() {
            return vec![TRUE];
        }
        let mut out = Vec::new();
        if let Some(i) = self.piece_at[s.index()] {
            let moved = enc.or_gate(&self.lone[i]);
            out.push(o.prec(enc, moved, o.piece(i), y));
        }
        for j in o.from[s.unit().index()].clone() {
            out.push(o.prec(enc, self.rides[j], o.ride(j), y));
        }
        out
    }

    /// The literals one of which holds when the enemy piece on `q` was captured before `y`.
    fn captured_before(
        &self,
        enc: &mut Enc,
        st: &Statics,
        o: &mut Order,
        q: Square,
        y: usize,
    ) -> Vec<Lit> {
        let mut out = Vec::new();
        for (i, (_, _, ends)) in st.lone.iter().enumerate() {
            for (j, &(e, mid)) in ends.iter().enumerate() {
                if e == q && mid.is_none() {
                    out.push(o.prec(enc, self.lone[i][j], o.piece(i), y));
                }
            }
        }
        for (j, (_, v, _, _)) in st.aggs.iter().enumerate() {
            if *v == q.unit() {
                out.push(o.prec(enc, self.rides[j], o.ride(j), y));
            }
        }
        if let Some(kx) = o.king() {
            if st.kc[1..].contains(&q.unit()) {
                let k = enc.kp(q.unit(), END);
                out.push(o.prec(enc, k, kx, y));
            }
        }
        if let Some(gx) = o.gferz() {
            if st.gc[1..].contains(&q.unit()) {
                let g = enc.gp(q.unit(), END);
                out.push(o.prec(enc, g, gx, y));
            }
        }
        out
    }

    /// The literals one of which holds when the enemy giant ferz on unit `w` was captured
    /// before `y` (by anything landing on one of its squares).
    fn eg_captured_before(
        &self,
        enc: &mut Enc,
        st: &Statics,
        o: &mut Order,
        w: Unit,
        y: usize,
    ) -> Vec<Lit> {
        let mut out = Vec::new();
        for q in w.squares() {
            for l in self.captured_before(enc, st, o, q, y) {
                if !out.contains(&l) {
                    out.push(l);
                }
            }
        }
        out
    }

    /// Event `y` comes after the piece first on `first` (our king, event `x`, or our
    /// giant ferz) left it, when `y` (implied by `a`) enters `first`.
    fn after_leaving(enc: &mut Enc, o: &mut Order, a: Lit, left: Lit, x: usize, y: usize) {
        let p = o.prec(enc, left, x, y);
        enc.cnf.add(&[-a, p]);
    }

    /// Lone moves (piece, literal) ending on `s`.
    fn arrivals_on(&self, st: &Statics, s: Square) -> Vec<(usize, Lit)> {
        let mut out = Vec::new();
        for (i, (_, _, ends)) in st.lone.iter().enumerate() {
            for (j, &(e, _)) in ends.iter().enumerate() {
                if e == s {
                    out.push((i, self.lone[i][j]));
                }
            }
        }
        out
    }

    pub(super) fn ordered(&self, enc: &mut Enc, st: &Statics) -> Order {
        let mut o = Order::new(enc, st);
        self.ordered_lone(enc, st, &mut o);
        self.ordered_rides(enc, st, &mut o);
        self.ordered_king(enc, st, &mut o);
        self.ordered_gferz(enc, st, &mut o);
        self.ordered_landings(enc, st, &mut o);
        o
    }

    /// Two lone moves onto one square (session 41): the first piece to land was carried
    /// away by a ride from the square's unit before the second landed (a piece that moved
    /// alone leaves only so), so some ride from that unit comes between the two (session
    /// 46; before one of the two until then).
    /// (The unordered relaxation asks only that a ride leaves the unit, so a ride after
    /// both satisfied it.)
    fn ordered_landings(&self, enc: &mut Enc, st: &Statics, o: &mut Order) {
        let mut onto = vec![Vec::new(); crate::board::SQUARES];
        for (i, (_, _, ends)) in st.lone.iter().enumerate() {
            for (j, &(e, _)) in ends.iter().enumerate() {
                onto[e.index()].push((i, self.lone[i][j]));
            }
        }
        for (s, lits) in onto.iter().enumerate() {
            let Some(sq) = Square::from_index(s) else {
                continue;
            };
            let rides = o.from[sq.unit().index()].clone();
            for (x, &(p, a)) in lits.iter().enumerate() {
                for &(q, b) in &lits[x + 1..] {
                    if p == q {
                        continue;
                    }
                    let mut cl = vec![-a, -b];
                    for &r in &rides {
                        let (x, y) = (o.piece(p), o.piece(q));
                        for (first, second) in [(x, y), (y, x)] {
                            cl.push(o.between(enc, self.rides[r], first, o.ride(r), second));
                        }
                    }
                    enc.cnf.add(&cl);
                }
            }
        }
    }

    fn ordered_lone(&self, enc: &mut Enc, st: &Statics, o: &mut Order) {
        for (i, (_, _, ends)) in st.lone.iter().enumerate() {
            let y = o.piece(i);
            for (j, &(e, mid)) in ends.iter().enumerate() {
                let a = self.lone[i][j];
                for x in [Some(e), mid].into_iter().flatten() {
                    let mut cl = vec![-a];
                    cl.extend(self.vacated_before(enc, st, o, x, y));
                    enc.cnf.add(&cl);
                }
                if let Some(m) = mid {
                    for q in [m, e] {
                        if st.enemy[q.index()].is_some() {
                            let mut cl = vec![-a];
                            cl.extend(self.captured_before(enc, st, o, q, y));
                            enc.cnf.add(&cl);
                        }
                    }
                    // A piece that landed on the first half before must have ridden away.
                    for (q, b) in self.arrivals_on(st, m) {
                        if q == i {
                            continue;
                        }
                        let mut cl = vec![-a, -b, o.lt(enc, y, o.piece(q))];
                        for r in o.from[m.unit().index()].clone() {
                            cl.push(o.between(enc, self.rides[r], o.piece(q), o.ride(r), y));
                        }
                        enc.cnf.add(&cl);
                    }
                }
                let enters = |w: Unit| e.unit() == w || mid.is_some_and(|m| m.unit() == w);
                self.before_settling(enc, st, o, (a, y), e.unit());
                if let Some(m) = mid.filter(|m| m.unit() != e.unit()) {
                    self.before_settling(enc, st, o, (a, y), m.unit());
                }
                if let Some(kx) = o.king() {
                    if enters(st.k0) {
                        let k = -enc.kp(st.k0, END);
                        Self::after_leaving(enc, o, a, k, kx, y);
                    }
                }
                if let (Some(gx), Some(g0)) = (o.gferz(), st.g0) {
                    if enters(g0) {
                        let g = -enc.gp(g0, END);
                        Self::after_leaving(enc, o, a, g, gx, y);
                    }
                }
            }
        }
    }

    fn ordered_rides(&self, enc: &mut Enc, st: &Statics, o: &mut Order) {
        for (j, (u, v, k, between)) in st.aggs.iter().enumerate() {
            let r = self.rides[j];
            let y = o.ride(j);
            for q in u.squares() {
                if let Some(p) = self.piece_at[q.index()] {
                    // Its lone move, if any, came before the ride.
                    let moved = enc.or_gate(&self.lone[p]);
                    let lt = o.lt(enc, o.piece(p), y);
                    enc.cnf.add(&[-r, -moved, lt]);
                }
                let fillers: Vec<Lit> = {
                    let mut f = Vec::new();
                    for (i, b) in self.arrivals_on(st, q) {
                        if st.lone[i].1 == *k {
                            f.push(o.prec(enc, b, o.piece(i), y));
                        }
                    }
                    f
                };
                if st.ours[q.index()] == Some(*k) && !st.frozen.has(q) {
                    if let Some(p) = self.piece_at[q.index()] {
                        let moved = enc.or_gate(&self.lone[p]);
                        let mut cl = vec![-r, -moved];
                        cl.extend(&fillers);
                        enc.cnf.add(&cl);
                    }
                } else {
                    let mut cl = vec![-r];
                    cl.extend(&fillers);
                    enc.cnf.add(&cl);
                    if st.ours[q.index()].is_some() {
                        let mut cl = vec![-r];
                        cl.extend(self.vacated_before(enc, st, o, q, y));
                        enc.cnf.add(&cl);
                    }
                }
            }
            for &w in between.iter().chain([v]) {
                self.ordered_path(enc, st, o, (r, y), w, w == *v);
            }
        }
    }

    fn ordered_path(
        &self,
        enc: &mut Enc,
        st: &Statics,
        o: &mut Order,
        (r, y): (Lit, usize),
        w: Unit,
        target: bool,
    ) {
        for q in w.squares() {
            let mut cl = vec![-r];
            cl.extend(self.vacated_before(enc, st, o, q, y));
            enc.cnf.add(&cl);
            if !target && st.enemy[q.index()].is_some() {
                let mut cl = vec![-r];
                cl.extend(self.captured_before(enc, st, o, q, y));
                enc.cnf.add(&cl);
            }
            for (i, b) in self.arrivals_on(st, q) {
                let mut cl = vec![-r, -b];
                if !target {
                    cl.push(o.lt(enc, y, o.piece(i)));
                }
                for r2 in o.from[w.index()].clone() {
                    cl.push(o.between(enc, self.rides[r2], o.piece(i), o.ride(r2), y));
                }
                enc.cnf.add(&cl);
            }
        }
        self.before_settling(enc, st, o, (r, y), w);
        if let Some(kx) = o.king() {
            if w == st.k0 {
                let k = -enc.kp(st.k0, END);
                Self::after_leaving(enc, o, r, k, kx, y);
            }
        }
        if let Some(gx) = o.gferz() {
            if Some(w) == st.g0 {
                let g = -enc.gp(w, END);
                Self::after_leaving(enc, o, r, g, gx, y);
            }
        }
    }

    /// Event `y` (implied by `a`: a lone move onto or through a square of `w`, or a ride
    /// through or onto `w`) comes before our king's step onto `w`, and before our giant
    /// ferz's, when either ends the turn there (session 43). Each moves at most once a
    /// turn, so from its step on it stands on `w` to the end of the turn, and nothing of
    /// ours may then land on `w`, pass through it or ride through or onto it (a piece's
    /// first half and a ride's path must be empty, and our pieces never land on our king
    /// or giant ferz). Every continuation satisfies this; before it the relaxation let a
    /// ride pass through the unit our giant ferz had stepped onto (`paulowich-16`, corpus
    /// line 2834: a guard ride through the unit where the giant ferz captured a knight).
    fn before_settling(
        &self,
        enc: &mut Enc,
        st: &Statics,
        o: &mut Order,
        (a, y): (Lit, usize),
        w: Unit,
    ) {
        if let Some(kx) = o.king() {
            if st.kc[1..].contains(&w) {
                let k = enc.kp(w, END);
                let lt = o.lt(enc, y, kx);
                enc.cnf.add(&[-a, -k, lt]);
            }
        }
        if let Some(gx) = o.gferz() {
            if st.gc[1..].contains(&w) {
                let g = enc.gp(w, END);
                let lt = o.lt(enc, y, gx);
                enc.cnf.add(&[-a, -g, lt]);
            }
        }
    }

    fn ordered_king(&self, enc: &mut Enc, st: &Statics, o: &mut Order) {
        let Some(kx) = o.king() else { return };
        for &x in &st.kc[1..] {
            let kl = enc.kp(x, END);
            self.unit_entered(enc, st, o, (kl, kx), x);
            if Some(x) == st.g0 {
                if let Some(gx) = o.gferz() {
                    let g = -enc.gp(x, END);
                    Self::after_leaving(enc, o, kl, g, gx, kx);
                }
            }
            self.unattacked_at_step(enc, st, o, (kl, kx), x);
        }
    }

    /// The king's step onto `x` (`kl`, event `kx`) is judged after the step (session 41):
    /// every enemy small piece attacking `x` from outside it, and the enemy giant ferz
    /// when diagonally next to `x`, was captured before it. Enemy pieces never move, so
    /// one still there at the step attacks `x` then: every continuation satisfies this.
    /// (An enemy aggregate's line may be blocked at the step and opened later: left to
    /// the final state's check.)
    fn unattacked_at_step(
        &self,
        enc: &mut Enc,
        st: &Statics,
        o: &mut Order,
        (kl, kx): (Lit, usize),
        x: Unit,
    ) {
        let tb = tables();
        for k in 0..4u8 {
            for q in tb.unit_att[usize::from(k)][x.index()].iter() {
                if q.unit() == x || st.enemy[q.index()] != Some(k) {
                    continue;
                }
                let mut cl = vec![-kl];
                cl.extend(self.captured_before(enc, st, o, q, kx));
                enc.cnf.add(&cl);
            }
        }
        if let Some(w) = st.egf {
            if w != x && diagonal_neighbours(w, x) {
                let mut cl = vec![-kl];
                cl.extend(self.eg_captured_before(enc, st, o, w, kx));
                enc.cnf.add(&cl);
            }
        }
    }

    /// Our giant ferz's step onto `v` (session 41): `v` emptied of our pieces before it,
    /// the king gone from it before, moves onto its first unit after it.
    fn ordered_gferz(&self, enc: &mut Enc, st: &Statics, o: &mut Order) {
        let Some(gx) = o.gferz() else { return };
        for &v in &st.gc[1..] {
            let gl = enc.gp(v, END);
            self.unit_entered(enc, st, o, (gl, gx), v);
            if v == st.k0 {
                if let Some(kx) = o.king() {
                    let k = -enc.kp(v, END);
                    Self::after_leaving(enc, o, gl, k, kx, gx);
                }
            }
        }
    }

    /// Event `y` (implied by `l`) enters unit `x` (the king's or the giant ferz's step):
    /// `x` emptied of ours before it (a piece that landed there ridden away between its
    /// landing and `y`).
    fn unit_entered(
        &self,
        enc: &mut Enc,
        st: &Statics,
        o: &mut Order,
        (l, y): (Lit, usize),
        x: Unit,
    ) {
        for q in x.squares() {
            let mut cl = vec![-l];
            cl.extend(self.vacated_before(enc, st, o, q, y));
            enc.cnf.add(&cl);
            for (i, b) in self.arrivals_on(st, q) {
                let mut cl = vec![-l, -b];
                for r in o.from[x.index()].clone() {
                    cl.push(o.between(enc, self.rides[r], o.piece(i), o.ride(r), y));
                }
                enc.cnf.add(&cl);
            }
        }
    }
}
