//! The order of the final-state relaxation's events (session 40). Each event (a piece's
//! lone move, a ride, the king's step) gets a level in `0..d`, `d` the fewer of the
//! moves (points) left and the events (order encoding: a literal "level ≥ i" for each
//! `i` in `1..d`, each implying the one below), and every "needs this done first" of the
//! relaxation becomes "done at a lower level":
//!
//! - a lone move onto or through a square of ours: its piece left it before (its lone
//!   move, or a ride from its unit); an elongated move: the enemy pieces on its two
//!   squares captured before, and a piece that landed on its first half before it ridden
//!   away before it; a move onto the king's first unit: the king's step before it;
//! - a ride: each square of its unit holds a piece of its kind that stood there and did
//!   not move alone, or one a lone move brought before it; a lone move of a piece first in
//!   its unit comes before it; the squares it passes and lands on emptied of ours before
//!   it, the enemy pieces on those it passes captured before it, a piece that lands on
//!   one of them after it (on its path) or ridden away before it;
//! - the king's step: its new unit emptied of ours before it (a piece that landed there
//!   ridden away before it).
//!
//! Every continuation satisfies these with each event's level its place in the sequence
//! (at most `d` events happen: each costs a move or more), so the formula stays true of
//! every continuation and its unsatisfiability refutes; a cycle of events each needing
//! another first has no levels.

use super::relax::Relax;
use super::relax::END;
use super::{Enc, Lit, Statics, FALSE, TRUE};
use crate::board::{Square, Unit, UNITS};
use std::collections::HashMap;

pub(super) struct Order {
    d: usize,
    /// Per event, `g[x][i - 1]`: level ≥ i, for i in 1..d.
    g: Vec<Vec<Lit>>,
    lt: HashMap<(usize, usize), Lit>,
    prec: HashMap<(Lit, usize, usize), Lit>,
    /// Rides (indices) leaving each unit.
    pub(super) from: Vec<Vec<usize>>,
    n: usize,
    king: Option<usize>,
}

impl Order {
    pub(super) fn new(enc: &mut Enc, st: &Statics) -> Order {
        let n = st.lone.len();
        let m = st.aggs.len();
        let king = (st.kc.len() > 1).then_some(n + m);
        let events = n + m + usize::from(king.is_some());
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
            from,
            n,
            king,
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

    pub(super) fn piece(&self, i: usize) -> usize {
        i
    }
    pub(super) fn ride(&self, j: usize) -> usize {
        self.n + j
    }
    pub(super) fn king(&self) -> Option<usize> {
        self.king
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
        out
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

    pub(super) fn ordered(&self, enc: &mut Enc, st: &Statics) {
        let mut o = Order::new(enc, st);
        self.ordered_lone(enc, st, &mut o);
        self.ordered_rides(enc, st, &mut o);
        self.ordered_king(enc, st, &mut o);
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
                            cl.push(o.prec(enc, self.rides[r], o.ride(r), y));
                        }
                        enc.cnf.add(&cl);
                    }
                }
                if let Some(kx) = o.king() {
                    if e.unit() == st.k0 || mid.is_some_and(|m| m.unit() == st.k0) {
                        let k = -enc.kp(st.k0, END);
                        let p = o.prec(enc, k, kx, y);
                        enc.cnf.add(&[-a, p]);
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
                    cl.push(o.prec(enc, self.rides[r2], o.ride(r2), y));
                }
                enc.cnf.add(&cl);
            }
        }
        if let Some(kx) = o.king() {
            if w == st.k0 {
                let k = -enc.kp(st.k0, END);
                let p = o.prec(enc, k, kx, y);
                enc.cnf.add(&[-r, p]);
            }
        }
    }

    fn ordered_king(&self, enc: &mut Enc, st: &Statics, o: &mut Order) {
        let Some(kx) = o.king() else { return };
        for &x in &st.kc[1..] {
            let kl = enc.kp(x, END);
            for q in x.squares() {
                let mut cl = vec![-kl];
                cl.extend(self.vacated_before(enc, st, o, q, kx));
                enc.cnf.add(&cl);
                for (_, b) in self.arrivals_on(st, q) {
                    let mut cl = vec![-kl, -b];
                    for r in o.from[x.index()].clone() {
                        cl.push(o.prec(enc, self.rides[r], o.ride(r), kx));
                    }
                    enc.cnf.add(&cl);
                }
            }
        }
    }
}
