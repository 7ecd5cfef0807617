//! [`Evaluate`] for Tiling Rider Chess: material (aggregates worth more than their parts),
//! and king safety judged over the whole turn: a king in check is a debt the side to move
//! must pay before its turn ends.
//!
//! Beyond the static score, [`Evaluate::horizon_estimate`] gives the search what its horizon
//! hides: a turn here is many moves, and the search, a few moves deep, sees neither the
//! end of its own turn nor the opponent's answer. So where it stops it adds the captures
//! the rest of the turn has on offer, the pieces the opponent's next turn can take, the
//! pressure on each king, and, when far ahead, the hunt (flights taken, the king driven to
//! the edge, trading down). The one-ply greedy baseline judges by the static score alone.
//!
//! The search asks legality within a budget (see the `chimera-engine` crate): this
//! evaluation itself asks no legality question, so it is cheap.

use crate::board::{tables, Bb, Unit};
use crate::position::{Move, MoveKind, TilingRider};
use chimera_core::{Color, Evaluate};

/// The value of each small piece (wazir, ferz, guard, knight) in centipawns.
pub const PIECE_VALUES: [i32; 4] = [100, 100, 250, 220];
/// The extra worth of four like pieces filling a unit (a rider aggregate).
pub const AGGREGATE_BONUS: i32 = 150;
/// The worth of a giant ferz (`paulowich-16`).
pub const GIANT_FERZ_VALUE: i32 = 300;
/// What being in check costs the side to move (it must spend moves to escape).
const IN_CHECK: i32 = 120;
/// What giving check is worth to the side to move (the opponent's king is attacked).
const GIVING_CHECK: i32 = 60;
/// Centipawns per piece of one's own next to (or in the units around) one's king.
const SHELTER: i32 = 6;

impl TilingRider {
    fn side_material(&self, color: Color) -> i32 {
        let c = color.index();
        let mut score = 0;
        for (ty, bb) in self.pieces[c].iter().enumerate() {
            score += PIECE_VALUES[ty] * bb.count() as i32;
            score += AGGREGATE_BONUS * bb.full_units().count() as i32;
        }
        if self.gferz[c].is_some() {
            score += GIANT_FERZ_VALUE;
        }
        // Shelter: own pieces in the units orthogonally next to the king's.
        let king = self.kings[c];
        let mut around = Bb::EMPTY;
        for u in neighbours(king) {
            around |= Bb::unit(u);
        }
        score += SHELTER * (self.occ[c] & around).count() as i32;
        score
    }

    /// The material a move takes: the enemy pieces on its target square or unit.
    fn taken(&self, mv: Move) -> i32 {
        let them = (!self.side).index();
        let target = match mv.kind() {
            MoveKind::Single => match mv.to_square() {
                Some(sq) => Bb::from_square(sq),
                None => return 0,
            },
            MoveKind::Aggregate | MoveKind::King | MoveKind::GiantFerz => match mv.to_unit() {
                Some(u) => Bb::unit(u),
                None => return 0,
            },
            MoveKind::EndTurn => return 0,
        };
        let mut value = 0;
        for (ty, bb) in self.pieces[them].iter().enumerate() {
            value += PIECE_VALUES[ty] * (*bb & target).count() as i32;
        }
        value
    }
}

/// The units orthogonally next to `unit`.
fn neighbours(unit: Unit) -> impl Iterator<Item = Unit> {
    let (u, v) = (unit.u(), unit.v());
    [(1, 0), (-1, 0), (0, 1), (0, -1)]
        .into_iter()
        .filter_map(move |(du, dv): (i8, i8)| {
            Unit::from_coords(u.checked_add_signed(du)?, v.checked_add_signed(dv)?)
        })
}

/// The share (in 1/16) of a piece's worth counted as won when the side to move can take it
/// with a move left in its turn, or as lost when the opponent's next turn can take it.
const THREAT_SHARE: i32 = 12;

/// What each unit next to the enemy king that a side attacks is worth to it.
const KING_ZONE: i32 = 20;
/// What each piece within 3 units of the enemy king is worth per unit closer than 4.
const TROPISM: i32 = 3;

/// The material lead from which a side hunts the enemy king and trades down.
const HUNT_LEAD: i32 = 400;
/// When hunting, what each of the enemy king's flights taken away is worth.
const FLIGHT: i32 = 40;
/// When hunting, what each unit the enemy king stands closer to the edge is worth.
const EDGE: i32 = 25;
/// A side's material at the start (17 of each small piece), for the trading-down term.
const START_MATERIAL: i32 = 17 * (100 + 100 + 250 + 220);

/// Each colour's attacks, one set per kind of small piece: `by[colour][kind]`, the squares
/// its pieces of that kind could capture on. For the side to move, only the pieces that
/// may still move this turn count.
struct Attacks {
    by: [[Bb; 4]; 2],
    /// The squares the side to move's pieces that have already moved this turn attack:
    /// they defend (take back next turn) but capture nothing now.
    spent_cover: Bb,
    /// How many of each colour's pieces counted in `by` attack an enemy piece: each can
    /// capture once in a turn.
    capturers: [usize; 2],
}

impl Attacks {
    fn of(pos: &TilingRider) -> Attacks {
        let t = tables();
        let mut by = [[Bb::EMPTY; 4]; 2];
        let mut spent_cover = Bb::EMPTY;
        let mut capturers = [0; 2];
        let spent = pos.moved | pos.used;
        for (c, sets) in by.iter_mut().enumerate() {
            let mover = c == pos.side.index();
            let enemy = pos.occ[1 - c];
            for (ty, set) in sets.iter_mut().enumerate() {
                for sq in pos.pieces[c][ty].iter() {
                    let reach = t.att[ty][sq.index()];
                    if mover && spent.has(sq) {
                        spent_cover |= reach;
                    } else {
                        *set |= reach;
                        capturers[c] += usize::from((reach & enemy).any());
                    }
                }
            }
        }
        Attacks {
            by,
            spent_cover,
            capturers,
        }
    }

    /// The value of the cheapest piece of `color` attacking `sq`, if any does.
    fn cheapest(&self, color: Color, sq: crate::board::Square) -> Option<i32> {
        (0..4)
            .filter(|&ty| self.by[color.index()][ty].has(sq))
            .map(|ty| PIECE_VALUES[ty])
            .min()
    }
}

/// The most entries [`TilingRider::threats`] keeps of each kind (a side has at most 68
/// small pieces).
const MAX_THREATS: usize = 72;

impl TilingRider {
    /// What the side to move can expect from the captures on offer, in centipawns: each
    /// enemy piece it attacks with a piece that may still move is an opportunity worth the
    /// piece (less the cheapest attacker if the piece is defended, since the defender takes
    /// back next turn); each of its own pieces the opponent attacks is a loss of the same
    /// kind, which it can avoid by moving the piece if the piece may still move. The turn's
    /// remaining moves go to the largest opportunities and rescues (at most one capture per
    /// attacking piece); of the losses it cannot attend to, the opponent's next turn takes
    /// the largest, one per attacking piece of its. A static estimate of the turns to come:
    /// it makes the search, which sees only a few moves of a turn of many, end its turns
    /// with its pieces safe and value the threats it makes.
    fn threats(&self, lead: i32) -> i32 {
        let us = self.side;
        let them = !us;
        let att = Attacks::of(self);
        let any = |c: Color| {
            let s = &att.by[c.index()];
            s[0] | s[1] | s[2] | s[3]
        };
        let (ours, theirs) = (any(us), any(them));
        let spent = self.moved | self.used;
        let mut gains = [0i32; MAX_THREATS];
        let mut losses = [(0i32, false); MAX_THREATS]; // (value, may still move)
        let (mut ng, mut nl) = (0, 0);
        for (ty, &v) in PIECE_VALUES.iter().enumerate() {
            for sq in (self.pieces[them.index()][ty] & ours).iter() {
                let gain = if theirs.has(sq) {
                    v - att.cheapest(us, sq).unwrap_or(v)
                } else {
                    v
                };
                if gain > 0 && ng < MAX_THREATS {
                    gains[ng] = gain;
                    ng += 1;
                }
            }
            for sq in (self.pieces[us.index()][ty] & theirs).iter() {
                let loss = if ours.has(sq) || att.spent_cover.has(sq) {
                    (v - att.cheapest(them, sq).unwrap_or(v)).max(0)
                } else {
                    v
                };
                if loss > 0 && nl < MAX_THREATS {
                    losses[nl] = (loss, !spent.has(sq));
                    nl += 1;
                }
            }
        }
        let (gains, losses) = (&mut gains[..ng], &mut losses[..nl]);
        gains.sort_unstable_by_key(|&g| std::cmp::Reverse(g));
        losses.sort_unstable_by_key(|&(l, _)| std::cmp::Reverse(l));
        // The remaining moves: the larger of the next capture and the next rescue each time.
        let mut moves = usize::from(self.limit.saturating_sub(self.made));
        let (mut gi, mut won) = (0, 0);
        let max_captures = att.capturers[us.index()].min(ng);
        let mut li = 0;
        while moves > 0 {
            while li < nl && !losses[li].1 {
                li += 1;
            }
            let gain = (gi < max_captures).then(|| gains[gi]);
            let rescue = (li < nl).then(|| losses[li].0);
            match (gain, rescue) {
                (Some(g), r) if r.map_or(true, |r| g >= r) => {
                    won += g;
                    gi += 1;
                }
                (_, Some(_)) => {
                    losses[li].0 = 0; // saved
                    li += 1;
                }
                _ => break,
            }
            moves -= 1;
        }
        // The opponent's next turn takes the largest losses left, one per attacker.
        losses.sort_unstable_by_key(|&(l, _)| std::cmp::Reverse(l));
        let lost: i32 = losses
            .iter()
            .take(att.capturers[them.index()])
            .map(|&(l, _)| l)
            .sum();
        let pressure = self.king_pressure(us, ours | att.spent_cover, lead >= HUNT_LEAD)
            - self.king_pressure(them, theirs, -lead >= HUNT_LEAD);
        (won - lost) * THREAT_SHARE / 16 + pressure
    }

    /// How hard `color` presses the enemy king, given the squares it attacks: each
    /// unit next to the enemy king that `color` attacks (a flight square taken away; a king
    /// with none left cannot step out of check), and each of its pieces near the king.
    /// When `hunting` (far ahead in material), the hunt counts three times over, with
    /// bonuses for the enemy king's flights taken away and for the king pushed to the edge,
    /// so that a won game is won rather than drawn by the no-progress rule.
    fn king_pressure(&self, color: Color, attacks: Bb, hunting: bool) -> i32 {
        let enemy = (!color).index();
        let king = self.kings[enemy];
        let (mut zone, mut free) = (0, 0);
        for u in neighbours(king) {
            let squares = Bb::unit(u);
            if (attacks & squares).any() {
                zone += 1;
            } else if (self.occ[enemy] & squares).is_empty() && u != self.kings[color.index()] {
                free += 1;
            }
        }
        let mut near = 0;
        for sq in self.occ[color.index()].iter() {
            let u = sq.unit();
            let d = u.u().abs_diff(king.u()).max(u.v().abs_diff(king.v()));
            near += i32::from(4u8.saturating_sub(d));
        }
        let score = KING_ZONE * zone + TROPISM * near;
        if !hunting {
            return score;
        }
        let edge = king
            .u()
            .min(crate::board::UNIT_FILES - 1 - king.u())
            .min(king.v())
            .min(crate::board::UNIT_RANKS - 1 - king.v())
            .min(3);
        3 * score + FLIGHT * (4 - free) + EDGE * i32::from(3 - edge)
    }
}

impl Evaluate for TilingRider {
    fn evaluate(&self) -> i32 {
        let us = self.side;
        let mut score = self.side_material(us) - self.side_material(!us);
        if self.in_check(us) {
            score -= IN_CHECK;
        }
        if self.in_check(!us) {
            score += GIVING_CHECK;
        }
        score
    }

    fn capture_value(&self, mv: Move) -> i32 {
        self.taken(mv)
    }

    /// The threats of the turns to come and, far ahead in material, the hunt (see
    /// `TilingRider::threats`): what the search, which sees a few moves of a turn of
    /// many, cannot see for itself.
    /// A turn is up to dozens of actions: the engine plans it whole.
    fn plans_whole_turns(&self) -> bool {
        true
    }

    fn horizon_estimate(&self) -> i32 {
        let us = self.side;
        let (mine, theirs) = (self.side_material(us), self.side_material(!us));
        let lead = mine - theirs;
        let mut score = self.threats(lead);
        // Far ahead, trading down is progress: each exchange makes the lead count more.
        if lead.abs() >= HUNT_LEAD {
            let weaker = mine.min(theirs).max(0);
            score += lead * (START_MATERIAL - weaker.min(START_MATERIAL)) / (4 * START_MATERIAL);
        }
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Square;
    use crate::position::Piece;
    use crate::Rules;

    /// The score the search stands pat on.
    trait Estimate {
        fn estimate(&self) -> i32;
    }

    impl Estimate for TilingRider {
        fn estimate(&self) -> i32 {
            self.evaluate() + self.horizon_estimate()
        }
    }

    fn sq(name: &str) -> Square {
        Square::parse(name).expect("square")
    }

    /// Kings far apart; Black to move with a whole turn of `limit` moves.
    fn board(pieces: &[(&str, Piece, Color)], limit: u8) -> TilingRider {
        let mut setup = crate::Setup::new(Rules::Standard);
        for &(name, piece, color) in pieces {
            assert!(setup.set_piece(sq(name), Some((piece, color))));
        }
        setup
            .set_turn(Color::Black, 0, limit)
            .set_turn_number(5)
            .set_last_turn_length(limit - 1);
        setup.build().expect("a reachable position")
    }

    #[test]
    fn a_piece_left_en_prise_counts_against_its_owner() {
        // A black knight on e5 leaps to f7, where a white wazir stands undefended.
        let hanging = board(
            &[
                ("e5", Piece::Knight, Color::Black),
                ("f7", Piece::Wazir, Color::White),
            ],
            3,
        );
        let safe = board(
            &[
                ("e5", Piece::Knight, Color::Black),
                ("f8", Piece::Wazir, Color::White),
            ],
            3,
        );
        // Black (to move) expects to win the hanging wazir.
        assert!(hanging.estimate() > safe.estimate() + 50);
        // Defended by a white guard on g8 (one step diagonally), it is worth less to take.
        let defended = board(
            &[
                ("e5", Piece::Knight, Color::Black),
                ("f7", Piece::Wazir, Color::White),
                ("g8", Piece::Guard, Color::White),
            ],
            3,
        );
        let safe_with_guard = board(
            &[
                ("e5", Piece::Knight, Color::Black),
                ("f8", Piece::Wazir, Color::White),
                ("g8", Piece::Guard, Color::White),
            ],
            3,
        );
        assert!(
            defended.estimate() - safe_with_guard.estimate() < hanging.estimate() - safe.estimate()
        );
    }

    #[test]
    fn a_threatened_piece_that_may_still_move_can_be_saved() {
        // Black's wazir on f7 is attacked by a white knight on e5. With a move left Black
        // can move it away; once it has moved this turn, it cannot, and the loss counts.
        let mut fresh = board(
            &[
                ("e5", Piece::Knight, Color::White),
                ("f7", Piece::Wazir, Color::Black),
            ],
            3,
        );
        let mut spent = fresh.clone();
        spent.moved.set(sq("f7"));
        assert!(fresh.estimate() > spent.estimate() + 50);
        // With no move left in the turn it cannot be saved either.
        fresh.made = fresh.limit;
        let mut out_of_reach = board(
            &[
                ("e5", Piece::Knight, Color::White),
                ("f8", Piece::Wazir, Color::Black),
            ],
            3,
        );
        out_of_reach.made = out_of_reach.limit;
        assert!(fresh.estimate() + 50 < out_of_reach.estimate());
    }
}
