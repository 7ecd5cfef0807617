//! The relaxation that rules out the units a checked king cannot end its turn on
//! ([`TilingRider::viable_king_units`]): a sound cut of the turn-completion search.

use crate::board::{tables, Bb, Square, Unit, NO_UNIT, UNITS};
use crate::position::{MoveKind, Role, TilingRider};

/// An aggregate of ours that could be formed this turn: its kind, its unit and the pieces
/// it still needs to fill it.
struct Formable {
    ty: usize,
    unit: Unit,
    fills: u32,
}

/// What the rest of the mover's turn could do, over-approximated, for judging each unit
/// its king might end on.
struct Reach<'a> {
    pos: &'a TilingRider,
    /// The units (lower-left squares) where each kind of aggregate could be formed.
    formable: [Bb; 4],
    /// Those aggregates whose unit our other pieces could leave.
    aggregates: Vec<Formable>,
    /// Our pieces that already moved: they leave their unit only inside an aggregate move
    /// from it (those used by one, never), so no aggregate, giant ferz or king of ours can
    /// land on a unit holding one while an enemy piece also stands there.
    stuck: Bb,
    /// The units our giant ferz could step to (if it may still move).
    gferz_steps: Bb,
    /// Every square an unmoved piece of ours could end a move on (a leap or an elongated
    /// leap), and the giant ferz's steps.
    landing: Bb,
    occ_all: Bb,
}

impl TilingRider {
    /// A sound cut for a checked mover mid-turn: the units the king could end the turn on
    /// safely (its own first, then its four neighbours, `None` where a unit is ruled out).
    /// A unit is ruled out only if no continuation can end the turn with the king safe on
    /// it; when all are, the turn is lost. It over-approximates what the rest of the turn
    /// can do: the king ends on its unit or (if it may still move) on a neighbouring unit
    /// without the enemy king; for each such unit every present attack must be removable:
    /// the enemy king's never; a small piece's by a capture (an unmoved piece of ours
    /// leaping onto it, or an aggregate that could be formed this turn riding onto its
    /// unit, ignoring what stands between), or by the king stepping onto its unit; an
    /// aggregate's likewise, or by a block (an unmoved piece's leap or elongation landing in
    /// a unit between, or an aggregate that could be formed riding into one). Our unmoved
    /// giant ferz counts as one more piece that can capture on, or block in, the units
    /// diagonally next to it. An enemy giant ferz on a unit diagonally next to the king's is
    /// an attack removable only by a capture on any of its four squares (a leap, a formable
    /// aggregate reaching its unit, our giant ferz) or by the king stepping onto its unit (a
    /// unit of its own among those tried).
    ///
    /// Under `color-rider` the relaxation is not worked out for aggregates at any offset:
    /// only the units next to the enemy king (whose attack nothing removes) are ruled out.
    pub(crate) fn viable_king_units(&self) -> [Option<Unit>; 5] {
        if self.rules.blocks_at_any_offset() {
            let ek = self.kings[(!self.side).index()];
            let mut viable = self.king_candidates();
            for x in viable.iter_mut() {
                if x.is_some_and(|x| ek.u().abs_diff(x.u()) + ek.v().abs_diff(x.v()) == 1) {
                    *x = None;
                }
            }
            return viable;
        }
        let reach = Reach::new(self);
        let mut viable = [None; 5];
        for (slot, x) in self.king_candidates().into_iter().enumerate() {
            viable[slot] = x.filter(|&x| reach.viable(x));
        }
        viable
    }

    /// The king's unit, then the four units next to it (`None` where off the board, the
    /// enemy king's, or when the king may no longer move).
    fn king_candidates(&self) -> [Option<Unit>; 5] {
        let k = self.kings[self.side.index()];
        let ek = self.kings[(!self.side).index()];
        let remaining = self.limit.saturating_sub(self.made);
        let mut candidates = [None; 5];
        candidates[0] = Some(k);
        if !self.king_moved && remaining >= self.cost(MoveKind::King) {
            for d in 0..4 {
                let b = self.rules.geo().rays[k.index()][d][0];
                if b != NO_UNIT && b as usize != ek.index() {
                    candidates[d + 1] = Unit::from_index(b as usize);
                }
            }
        }
        candidates
    }
}

impl<'a> Reach<'a> {
    fn new(pos: &'a TilingRider) -> Reach<'a> {
        let t = tables();
        let us = pos.side.index();
        let formable = pos.formable_aggregates();
        // For each aggregate that could be formed: the moves before its ride that no other
        // part of the plan can share are our other pieces on its unit leaving it (the
        // pieces filling it are counted at the ride, against those clearing its path).
        let mut aggregates = Vec::new();
        for (ty, f) in formable.iter().enumerate() {
            for sq in f.iter() {
                let unit = sq.unit();
                if pos
                    .departures(unit, &formable, Some(ty), Bb::EMPTY, None)
                    .is_some()
                {
                    let fills = 4 - (pos.pieces[us][ty] & !pos.used & Bb::unit(unit)).count();
                    aggregates.push(Formable { ty, unit, fills });
                }
            }
        }
        let gferz_steps = pos.own_gferz_reach(false);
        let mut landing = gferz_steps;
        for ty in 0..4 {
            for s in (pos.pieces[us][ty] & pos.unmoved()).iter() {
                let a = t.att[ty][s.index()];
                landing |= a | a.mates();
            }
        }
        Reach {
            pos,
            formable,
            aggregates,
            stuck: pos.occ[us] & (pos.moved | pos.used),
            gferz_steps,
            landing,
            occ_all: pos.occ_all(),
        }
    }

    /// Whether an aggregate that could be formed could ride onto `target` (from its own
    /// unit along a line of its kind, ignoring what stands between), or is formed there.
    fn aggregate_can_reach(&self, target: Unit) -> bool {
        let t = tables();
        self.formable.iter().enumerate().any(|(ty, f)| {
            let piece = Role::from_index(ty);
            f.iter().any(|sq| {
                let y = sq.unit();
                let (_, line) = t.between[y.index() * UNITS + target.index()];
                y == target || piece.rides(line)
            })
        })
    }

    /// The fewest moves an aggregate of ours needs to capture on `target` (from another
    /// unit: one formed on the target itself could only capture there by a leap): its
    /// unit's other pieces leaving, then the larger of the fills and of the moves leaving
    /// the units between and the target unit that empty them of our pieces (a filler may
    /// come from one of them), then the ride. These sets of moves are disjoint (by where
    /// the moves start and which pieces they move). Pieces of the enemy between are left
    /// out.
    ///
    /// The plan needs some squares for itself: the aggregate's unit, the units it rides
    /// through and the target unit. None of our pieces emptying them may leave onto one
    /// (only a piece of the aggregate's kind, into its unit, as a filler).
    fn aggregate_cost(&self, target: Unit) -> Option<u32> {
        let t = tables();
        let pos = self.pos;
        let agg_cost = u32::from(pos.cost(MoveKind::Aggregate));
        let mut best: Option<u32> = None;
        for &Formable { ty, unit: y, fills } in &self.aggregates {
            let (between, line) = t.between[y.index() * UNITS + target.index()];
            if y == target || !Role::from_index(ty).rides(line) {
                continue;
            }
            let ym = Bb::unit(y);
            let reserved = ym | between | Bb::unit(target);
            let Some(others) = pos.departures(y, &self.formable, Some(ty), reserved, None) else {
                continue;
            };
            let filler = Some((ty, ym));
            let mut path = Some(0);
            let own = pos.occ[pos.side.index()];
            let units = between.full_units() | Bb::from_square(target.lower_left());
            for b in units.iter().filter(|b| own.nib(b.unit()) != 0) {
                path = path.and_then(|c| {
                    pos.departures(b.unit(), &self.formable, None, reserved, filler)
                        .map(|l| c + l)
                });
            }
            if let Some(path) = path {
                let cost = others + fills.max(path) + agg_cost;
                best = Some(best.map_or(cost, |b| b.min(cost)));
            }
        }
        best
    }

    /// The fewest moves that capture the enemy piece on `a`: a leap of an unmoved piece,
    /// a step of our giant ferz, or an aggregate's ride (neither onto a unit holding a
    /// piece of ours that can no longer move alone).
    fn capture_cost(&self, a: Square) -> Option<u32> {
        if self.pos.leap_can_capture(a) {
            return Some(1);
        }
        if self.stuck.nib(a.unit()) != 0 {
            return None;
        }
        if self.gferz_steps.has(a) {
            return Some(u32::from(self.pos.cost(MoveKind::GiantFerz)));
        }
        self.aggregate_cost(a.unit())
    }

    fn capturable(&self, a: Square) -> bool {
        self.capture_cost(a).is_some()
    }

    /// Whether the king could end the turn safe on `x` (a candidate of
    /// [`TilingRider::king_candidates`]), as far as the relaxation can tell.
    fn viable(&self, x: Unit) -> bool {
        let pos = self.pos;
        let k = pos.kings[pos.side.index()];
        let ek = pos.kings[(!pos.side).index()];
        if ek.u().abs_diff(x.u()) + ek.v().abs_diff(x.v()) == 1 {
            return false;
        }
        let clearing = if x == k {
            0
        } else {
            match pos.clearing_cost(x, &self.formable) {
                Some(c) => c,
                None => return false,
            }
        };
        if let Some(g) = pos.gferz[(!pos.side).index()] {
            if diagonal_neighbours(g, x) && !g.squares().into_iter().any(|a| self.capturable(a)) {
                return false;
            }
        }
        let Some(needed) = self.captures_needed(x) else {
            return false;
        };
        // A move may both clear a piece from the unit and capture an attacker, so the
        // counts bound the moves together only through their maximum.
        let king_cost = if x == k { 0 } else { pos.cost(MoveKind::King) };
        let remaining = pos.limit.saturating_sub(pos.made);
        if needed.max(clearing) + u32::from(king_cost) > u32::from(remaining) {
            return false;
        }
        self.aggregate_attacks_removable(x)
    }

    /// The moves the captures of the small pieces attacking `x` need at least: one per unit
    /// holding such pieces, and as many as the dearest capture takes; `None` if one of them
    /// cannot be captured.
    fn captures_needed(&self, x: Unit) -> Option<u32> {
        let t = tables();
        let pos = self.pos;
        let them = (!pos.side).index();
        let inside = if x == pos.kings[pos.side.index()] {
            Bb::EMPTY
        } else {
            Bb::unit(x)
        };
        let mut attacker_units = Bb::EMPTY;
        let mut dearest = 0;
        for ty in 0..4 {
            let attackers = pos.pieces[them][ty] & t.unit_att[ty][x.index()] & !inside;
            for a in attackers.iter() {
                dearest = dearest.max(self.capture_cost(a)?);
                attacker_units.set(a.unit().lower_left());
            }
        }
        Some(attacker_units.count().max(dearest))
    }

    /// Whether every enemy aggregate with an open line of its kind to `x` could be blocked
    /// (a landing in a unit between, or an aggregate that could be formed riding into one)
    /// or captured.
    fn aggregate_attacks_removable(&self, x: Unit) -> bool {
        let t = tables();
        let pos = self.pos;
        let any_formable = self.formable.iter().any(|f| f.any());
        for (ty, bb) in pos.pieces[(!pos.side).index()].iter().enumerate() {
            let piece = Role::from_index(ty);
            for sq in bb.full_units().iter() {
                let a = sq.unit();
                let (between, line) = t.between[a.index() * UNITS + x.index()];
                if !piece.rides(line) || (between & self.occ_all).any() {
                    continue;
                }
                let removable = (self.landing & between).any()
                    || (any_formable
                        && between
                            .full_units()
                            .iter()
                            .any(|b| self.aggregate_can_reach(b.unit())))
                    || a.squares().into_iter().any(|q| self.capturable(q));
                if !removable {
                    return false;
                }
            }
        }
        true
    }
}

/// Whether two units touch corner to corner (a giant ferz on one attacks the other).
#[inline]
pub(crate) fn diagonal_neighbours(a: Unit, b: Unit) -> bool {
    a.u().abs_diff(b.u()) == 1 && a.v().abs_diff(b.v()) == 1
}
