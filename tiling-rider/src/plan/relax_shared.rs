//! The ordered relaxation of one position, built once and asked for each first move as
//! assumptions (session 42), so that a listing's hard moves can each be asked before the
//! step planner spends its first slice on them.
//!
//! The formula is [`super::relax`]'s for the position *before* the move, with the move's
//! event literal (the piece's lone move, the ride, the king's or our giant ferz's end unit)
//! and "its level is 0" assumed. Every continuation of the turn that starts with the move
//! satisfies it: the relaxation is true of every continuation of the position (each event
//! at its place in the sequence), and in one that starts with the move, that move is an
//! event at place 0. So "unsatisfiable under the assumptions" refutes the move, and a
//! model is a candidate plan, replayed by the rules code before it counts, as
//! [`super::relax::refutes`]'s are. What the solver learns asking one move (clauses
//! implied by the formula alone, never by the assumptions) serves the next, and the
//! formula is paid for once, not once a move.

use super::relax::{Ends, Relax};
use super::relax_order::Order;
use super::{solve_within, Answer, Enc, Lit, Statics};
use crate::position::{Move, TilingRider};
use chimera_core::Budget;
use std::rc::Rc;

/// The relaxation of a position with its solver, asked move by move.
pub(crate) struct SharedRelax {
    enc: Enc,
    st: Rc<Statics>,
    r: Relax,
    order: Order,
    ends: Ends,
}

impl SharedRelax {
    /// The relaxation of `pos`, its building charged to `budget` (one unit per ten
    /// clauses; the formula is kept even when that spends the budget). `None` when it is
    /// not worked out (`color-rider`'s blocks, a turn with no move left).
    pub(crate) fn new(pos: &TilingRider, budget: &mut Budget) -> Option<SharedRelax> {
        let st = Rc::new(Statics::of(pos));
        if st.blocks.is_some() || st.steps == 0 {
            return None;
        }
        let mut enc = Enc::new(Rc::clone(&st));
        let r = Relax::build(&mut enc);
        r.clauses(&mut enc);
        let order = r.ordered(&mut enc, &st);
        let ends = Ends::of(&mut enc, &st);
        enc.cnf.charge_since(0, budget);
        Some(SharedRelax {
            enc,
            st,
            r,
            order,
            ends,
        })
    }

    /// The assumptions that make `mv` the first event: its literal and its level 0.
    /// `None` for a move the formula has no event for.
    fn assumptions(&self, mv: Move) -> Option<[Lit; 2]> {
        let st = &self.st;
        let o = &self.order;
        match mv {
            Move::Single { from, to } => {
                let i = self.r.piece_at[from.index()]?;
                let j = st.lone[i].2.iter().position(|&(e, _)| e == to)?;
                Some([self.r.lone[i][j], o.at_start(o.piece(i))])
            }
            Move::Aggregate { from, to } => {
                // The ride of the kind standing on the unit now.
                let kind = st.ours[from.squares()[0].index()]?;
                let j = st
                    .aggs
                    .iter()
                    .position(|&(u, v, k, _)| u == from && v == to && k == kind)?;
                Some([self.r.rides[j], o.at_start(o.ride(j))])
            }
            Move::King { from, to } if from == st.k0 => {
                let &(_, l) = self.ends.king.iter().find(|e| e.0 == to)?;
                Some([l, o.at_start(o.king()?)])
            }
            Move::GiantFerz { from, to } if Some(from) == st.g0 => {
                let &(_, l) = self.ends.gferz.iter().find(|e| e.0 == to)?;
                Some([l, o.at_start(o.gferz()?)])
            }
            _ => None,
        }
    }

    /// Whether the relaxation refutes every continuation starting with `mv` (`NoPlan`),
    /// within `budget`; a model is returned as a candidate `Plan` of the events after
    /// `mv`, in the order of their levels (not a plan until the rules code replays it).
    /// `Undecided` when the budget ran out or the formula has no event for `mv`.
    pub(crate) fn ask(&mut self, mv: Move, budget: &mut Budget) -> Answer {
        let Some(assumptions) = self.assumptions(mv) else {
            return Answer::Undecided;
        };
        match solve_within(&mut self.enc.cnf.solver, assumptions, budget) {
            Some(false) => Answer::NoPlan,
            Some(true) => {
                let mut events = self
                    .r
                    .candidate(&self.enc, &self.st, &self.order, &self.ends);
                if let Some(i) = events.iter().position(|&m| m == mv) {
                    events.remove(i);
                }
                Answer::Plan(events)
            }
            None => Answer::Undecided,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::SharedRelax;
    use crate::plan::relax::tests::{
        assert_captures_before_the_step, at_random_game_plies, CAPTURE_THEN_STEP, P2834, P666,
        RIDE_THEN_STEP, W557, W573,
    };
    use crate::plan::Answer;
    use crate::position::{Move, Rules, TilingRider};
    use chimera_core::{Budget, Position};

    /// Every legal move keeps a continuation that starts with it, so the shared
    /// relaxation must never refute one. The legal moves are the step planner's alone
    /// (`legal_moves_planned`: no relaxation there) within 4,000,000 units, or the
    /// search's alone (`searched`); each ask within `units` (a cut short is no
    /// refutation). Returns how many moves were asked.
    fn never_refutes_a_legal_move(pos: &TilingRider, searched: bool, units: u64) -> usize {
        let (mut legal, mut open) = (Vec::new(), Vec::new());
        let mut budget = Budget::nodes(4_000_000);
        if searched {
            pos.legal_moves_searched(&mut legal, &mut open, &mut budget);
        } else {
            pos.legal_moves_planned(&mut legal, &mut open, &mut budget);
        }
        let Some(mut shared) = SharedRelax::new(pos, &mut Budget::unlimited()) else {
            return 0;
        };
        let mut asked = 0;
        for &mv in &legal {
            let mut child = pos.clone();
            child.apply(mv);
            if mv == Move::END_TURN || child.side != pos.side {
                continue;
            }
            asked += 1;
            let answer = shared.ask(mv, &mut Budget::nodes(units));
            assert!(
                !matches!(answer, Answer::NoPlan),
                "{} refuted in `{}`",
                pos.move_text(mv),
                pos.to_text()
            );
        }
        asked
    }

    /// Standard random game 3007's stop (`corpus/stops-s45.tsv`): Black 2 moves into a
    /// 20-move turn, in check.
    const S3007: &str = "w2w1gwgkk2gfw1ww/1gfgw1fnkk1w2gf1f/wfwfng1w4ww1g2/1gffwn1f2N6w/1gn5g3f2gfn/n5g2f1f6/2f4N2N2F2n1/9fn1g5/G3n4GN2f4/6N3F4F1F/2G1n2F2N3n3/1F7G5G2/N2nN1NFWG2W1NWW1/WF2GF1G3GWN3G/WGFWW1W1KKNW1FGF1F/1W1GWGWFKKGGNW1WGW b 2/20 c10,n14 19 1 27";

    /// `wheeler` random game 2925's stop (`corpus/stops-s44.tsv`): Black at the start of
    /// a 52-point turn.
    const W2925: &str = "1n1ng1ggkkwf1wg2f/wwf1w2gkkw1g2f2/w1g3w2wg2nw1wn/4f2N3g2wwwf/1w1f1gn3gN4f1/f2g1ngGf9/2gn4N2W3N2/3nF8fg3/2F1n1G1n3f4N/F11G5/N1G3G5N2NN1/3FFW1GF3F2N1W/3W4GFW1F2G2/3GWWGF1G2WF4/W2W1G1NKK1W1WWGW1/1WGW4KKGF1F2FW b 0/52 - 48 1 19";

    /// The stop positions of the relaxation's own tests, every legal move, asked in the
    /// order of the listing on one formula (what one move's solving learns stays).
    #[test]
    fn the_shared_relaxation_never_refutes_a_legal_move_in_a_camp() {
        let pos = TilingRider::from_text(P666, Rules::Paulowich16).expect("reads");
        assert!(never_refutes_a_legal_move(&pos, false, 400_000) > 3);
        let pos = TilingRider::from_text(CAPTURE_THEN_STEP, Rules::Standard).expect("reads");
        assert!(never_refutes_a_legal_move(&pos, true, u64::MAX) > 3);
    }

    /// Along random games of the three rule sets with tiles and unit aggregates: at plies
    /// 12, 21 and 30, every legal move the search alone proves.
    #[test]
    fn the_shared_relaxation_never_refutes_a_legal_move_along_random_games() {
        let mut asked = 0;
        for rules in [Rules::Standard, Rules::Wheeler, Rules::Paulowich16] {
            at_random_game_plies(rules, 11, |pos| {
                asked += never_refutes_a_legal_move(pos, true, 60_000);
            });
        }
        assert!(asked > 10, "{asked} moves asked");
    }

    /// The moves the fresh relaxation of the position after the move refutes (see
    /// `relax.rs`'s tests), refuted with the move assumed first on the formula of the
    /// position before it, one after the other on one solver.
    #[test]
    fn the_shared_relaxation_refutes_what_holds_however_long_the_turn() {
        for (text, moves) in [
            (W557, &["o2-n2", "o2-p1", "o2-o3"][..]),
            (W573, &["l13-m13"]),
        ] {
            let pos = TilingRider::from_text(text, Rules::Wheeler).expect("reads");
            let mut shared = SharedRelax::new(&pos, &mut Budget::unlimited()).expect("built");
            for mv in moves {
                let m = pos.parse_move(mv).expect("a move");
                let answer = shared.ask(m, &mut Budget::nodes(200_000));
                assert!(matches!(answer, Answer::NoPlan), "{mv} refuted");
            }
        }
        for (text, moves) in [
            (P666, &["c3-c2", "b2-c2"][..]),
            (P2834, &["m12-m13", "m12-n13"]),
        ] {
            let pos = TilingRider::from_text(text, Rules::Paulowich16).expect("reads");
            let mut shared = SharedRelax::new(&pos, &mut Budget::unlimited()).expect("built");
            for mv in moves {
                let m = pos.parse_move(mv).expect("a move");
                let answer = shared.ask(m, &mut Budget::nodes(200_000));
                assert!(matches!(answer, Answer::NoPlan), "{mv} refuted");
            }
        }
    }

    /// A piece that moved alone leaves its square only with a later ride from its unit
    /// (session 46): the illegal moves of standard random game 3007 and `wheeler` 2925
    /// (`corpus/stops-s45.tsv`, `stops-s44.tsv`), whose models landed a piece on a later
    /// ride's path "ridden away" by a ride made before it landed, are refuted on the
    /// shared formula, one after the other.
    #[test]
    fn the_shared_relaxation_refutes_a_landing_ridden_away_before_it() {
        for (text, rules, moves) in [
            (S3007, Rules::Standard, &["a16-b16", "d16-c16"][..]),
            (W2925, Rules::Wheeler, &["b15-b13", "b12-b14"]),
        ] {
            let pos = TilingRider::from_text(text, rules).expect("reads");
            let mut shared = SharedRelax::new(&pos, &mut Budget::unlimited()).expect("built");
            for mv in moves {
                let m = pos.parse_move(mv).expect("a move");
                let answer = shared.ask(m, &mut Budget::nodes(400_000));
                assert!(matches!(answer, Answer::NoPlan), "{mv} refuted");
            }
        }
    }

    /// A ride through the unit the king steps onto, before the step, is no refutation
    /// (session 43): the only rescue of `RIDE_THEN_STEP` asked first on its position's
    /// formula.
    #[test]
    fn the_shared_relaxation_keeps_a_ride_before_the_step_onto_its_path() {
        let pos = TilingRider::from_text(RIDE_THEN_STEP, Rules::Standard).expect("reads");
        let mut shared = SharedRelax::new(&pos, &mut Budget::unlimited()).expect("built");
        let ride = pos.parse_move("Fg7xa1").expect("a move");
        let answer = shared.ask(ride, &mut Budget::unlimited());
        assert!(matches!(answer, Answer::Plan(_)), "Fg7xa1 not refuted");
    }

    /// A model is the events after the move, in the order of their levels, the move
    /// itself left out: after `a1-a2`, the capture of the ferz before the king's step.
    #[test]
    fn a_model_is_the_events_after_the_move_in_their_order() {
        let pos = TilingRider::from_text(CAPTURE_THEN_STEP, Rules::Standard).expect("reads");
        let mut shared = SharedRelax::new(&pos, &mut Budget::unlimited()).expect("built");
        let first = pos.parse_move("a1-a2").expect("a move");
        let Answer::Plan(events) = shared.ask(first, &mut Budget::unlimited()) else {
            panic!("a model");
        };
        assert!(!events.contains(&first), "{events:?}");
        let mut child = pos.clone();
        child.apply(first);
        assert_captures_before_the_step(&child, &events);
    }

    /// A move the formula has no event for (ending the turn) is left undecided, never
    /// refuted.
    #[test]
    fn a_move_with_no_event_is_left_undecided() {
        let pos = TilingRider::from_text(CAPTURE_THEN_STEP, Rules::Standard).expect("reads");
        let mut shared = SharedRelax::new(&pos, &mut Budget::unlimited()).expect("built");
        let answer = shared.ask(Move::END_TURN, &mut Budget::unlimited());
        assert!(matches!(answer, Answer::Undecided));
    }
}
