//! [`Evaluate`] for Tiling Rider Chess: material (aggregates worth more than their parts),
//! and king safety judged over the whole turn: a king in check is a debt the side to move
//! must pay before its turn ends.
//!
//! Beyond the static score, [`Evaluate::horizon_estimate`] gives the search what its horizon
//! hides: a turn here is many moves, and the search, a few moves deep, sees neither the
//! end of its own turn nor the opponent's answer. So where it stops it adds the captures
//! the rest of the turn has on offer, the pieces the opponent's next turn can take, the
//! pressure on each king (the units around it attacked, the pieces near it, the whole
//! army's advance towards it, the pieces that attack in or next to its unit and those that
//! attack the unit itself), and, when far ahead, the hunt (flights taken, the king driven
//! to the edge, trading down). The one-ply greedy baseline judges by the static score
//! alone.
//!
//! The attack terms (`advance`, `zone_attackers`, `king_attackers`) were added for the
//! whole-turn planner (see the `chimera-engine` crate): without them nothing in a complete
//! turn was worth its risk, and the planner played one-action turns (against the greedy
//! player, 10 games at 10,000 nodes a turn, at most 80 turns: 10 draws; with them, 7 of
//! 9 won by checkmate, most within 30 plies). Their weights are hand-set by such matches;
//! `docs/strength.md` gives the figures.
//!
//! The search asks legality within a budget (see the `chimera-engine` crate): this
//! evaluation itself asks no legality question, so it is cheap.

use crate::board::{tables, Bb, Square, Unit, SQUARES, UNITS};
use crate::position::{Move, MoveKind, TilingRider};
use chimera_core::{Color, Evaluate};
use chimera_kit::tune::{Dot, FeatureSink, Features, WeightSet};
use std::sync::LazyLock;

/// The value of each small piece (wazir, ferz, guard, knight) in centipawns.
pub const PIECE_VALUES: [i32; 4] = [100, 100, 250, 220];
/// The extra worth of four like pieces filling a unit (a rider aggregate).
pub const AGGREGATE_BONUS: i32 = 150;
/// The worth of a giant ferz (`paulowich-16`).
pub const GIANT_FERZ_VALUE: i32 = 300;
/// Centipawns per piece of one's own next to (or in the units around) one's king.
const SHELTER: i32 = 6;

/// The features of the evaluation, in the order of the weight file (`weights.txt`), whose
/// weights are in sixteenths of a centipawn ([`Features::SCALE`]). The first nine are the
/// static score ([`Evaluate::evaluate`]), the others the estimate of what lies beyond the
/// search's horizon ([`Evaluate::horizon_estimate`]); the search stands pat on their sum.
/// Each is the side to move's count minus the opponent's, except `checks_any` (a king in
/// check, either) and the threats, which are the side to move's over its turn's rest and
/// the opponent's next turn.
pub const FEATURES: &[&str] = &[
    "wazir",
    "ferz",
    "guard",
    "knight",
    "aggregate",
    "giant_ferz",
    "shelter",
    "check_balance",
    "checks_any",
    "threat_won",
    "threat_lost",
    "king_zone",
    "tropism",
    "hunt_zone",
    "hunt_tropism",
    "hunt_flights",
    "hunt_edge",
    "trade_down",
    "advance",
    "zone_attackers",
    "king_attackers",
];

/// The evaluation before issue 21 as weights of [`FEATURES`] (in sixteenths): check cost
/// 120 and giving check 60 are a balance of 90 and a common −30.
const LEGACY: [i32; 21] = [
    1600, 1600, 4000, 3520, 2400, 4800, 96, 1440, -480, 12, -12, 320, 48, 640, 96, 640, 400, 16, 0,
    0, 0,
];

/// The weights of the evaluation: `weights.txt` (written by `chimera tune tiling-rider`).
pub static WEIGHTS: WeightSet = WeightSet::new(FEATURES, include_str!("weights.txt"), &LEGACY);

/// The number of features of the static score; the horizon's follow.
#[cfg(test)]
const STATIC_FEATURES: usize = 9;
const AGGREGATE: usize = 4;
const GIANT_FERZ: usize = 5;
const SHELTER_F: usize = 6;
const CHECK_BALANCE: usize = 7;
const CHECKS_ANY: usize = 8;
const THREAT_WON: usize = 9;
const THREAT_LOST: usize = 10;
const KING_ZONE_F: usize = 11;
const TROPISM_F: usize = 12;
const HUNT_ZONE: usize = 13;
const HUNT_TROPISM: usize = 14;
const HUNT_FLIGHTS: usize = 15;
const HUNT_EDGE: usize = 16;
const TRADE_DOWN: usize = 17;
const ADVANCE: usize = 18;
const ZONE_ATTACKERS: usize = 19;
const KING_ATTACKERS: usize = 20;

impl TilingRider {
    /// `color`'s side of the static features, added with `sign`: its small pieces, its
    /// aggregates, its giant ferz, and its pieces in the units around its king.
    fn side_features<S: FeatureSink>(&self, color: Color, sign: i32, sink: &mut S) {
        let c = color.index();
        for (ty, bb) in self.pieces[c].iter().enumerate() {
            sink.add(ty, sign * bb.count() as i32);
            sink.add(AGGREGATE, sign * self.aggregate_count(bb) as i32);
        }
        if self.gferz[c].is_some() {
            sink.add(GIANT_FERZ, sign);
        }
        sink.add(SHELTER_F, sign * self.shelter(c));
    }

    /// `color`'s own pieces in the units orthogonally next to its king's.
    fn shelter(&self, c: usize) -> i32 {
        (self.occ[c] & AROUND[self.kings[c].index()]).count() as i32
    }

    /// `color`'s material as the legacy evaluation counted it (fixed values): what decides
    /// the hunt and the trading down, whatever the weights.
    fn side_material(&self, color: Color) -> i32 {
        let c = color.index();
        let mut score = 0;
        for (ty, bb) in self.pieces[c].iter().enumerate() {
            score += PIECE_VALUES[ty] * bb.count() as i32;
            score += AGGREGATE_BONUS * self.aggregate_count(bb) as i32;
        }
        if self.gferz[c].is_some() {
            score += GIANT_FERZ_VALUE;
        }
        score + SHELTER * self.shelter(c)
    }

    /// The material a move takes: the enemy pieces on its target square or unit.
    fn taken(&self, mv: Move) -> i32 {
        let them = (!self.side).index();
        let target = match mv.kind() {
            MoveKind::Single => match mv.to_square() {
                Some(sq) => Bb::from_square(sq),
                None => return 0,
            },
            // A unit, or a `color-rider` block at any offset.
            MoveKind::Aggregate | MoveKind::King | MoveKind::GiantFerz => match mv.ends() {
                Some((_, to)) => to,
                None => return 0,
            },
            MoveKind::EndTurn => return 0,
        };
        // Most moves take nothing: one test of the enemy's squares (its small pieces are
        // among them) saves four population counts, which baseline x86-64 does bit by bit.
        if (self.occ[them] & target).is_empty() {
            return 0;
        }
        let mut value = 0;
        for (ty, bb) in self.pieces[them].iter().enumerate() {
            value += PIECE_VALUES[ty] * (*bb & target).count_sparse() as i32;
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

/// The distance in squares (a king's steps) from `sq` to the nearest square of `unit`.
fn square_distance(sq: crate::board::Square, unit: Unit) -> u8 {
    let gap = |x: u8, lo: u8| {
        if x < lo {
            lo - x
        } else {
            x.saturating_sub(lo + 1)
        }
    };
    gap(sq.file(), 2 * unit.u()).max(gap(sq.rank(), 2 * unit.v()))
}

/// The bits of one piece's share of [`closeness`] kept for the `advance` term (the rest,
/// shifted, is the `tropism` term): an army's squares (68 small pieces and a giant
/// ferz's four at most), 16 at most each, stay below 2^11.
const ADVANCE_BITS: u32 = 11;

/// For each king unit and square: a piece's two closeness terms to that king, packed as
/// `advance | tropism << ADVANCE_BITS` (see [`closeness`]), so that one pass over an army
/// and one table row give both sums.
static CLOSENESS: LazyLock<Box<[[u16; SQUARES]; UNITS]>> = LazyLock::new(|| {
    let mut table = Box::new([[0u16; SQUARES]; UNITS]);
    for king in Unit::all() {
        for sq in Square::all() {
            let u = sq.unit();
            let d = u.u().abs_diff(king.u()).max(u.v().abs_diff(king.v()));
            let tropism = u16::from(4u8.saturating_sub(d));
            let advance = u16::from(16u8.saturating_sub(square_distance(sq, king)));
            table[king.index()][sq.index()] = advance | tropism << ADVANCE_BITS;
        }
    }
    table
});

/// The closeness of the pieces of `army` to the enemy king on `king`: the `tropism` term
/// (4 less the distance in units to the king's unit, for each piece within 3 units) and the
/// `advance` term (16 less the distance in squares to the king's unit, for each piece),
/// summed in one pass from [`CLOSENESS`].
fn closeness(army: Bb, king: Unit) -> (i32, i32) {
    let row = &CLOSENESS[king.index()];
    let mut sum = 0u32;
    for sq in army.iter() {
        sum += u32::from(row[sq.index()]);
    }
    (
        (sum >> ADVANCE_BITS) as i32,
        (sum & ((1 << ADVANCE_BITS) - 1)) as i32,
    )
}

/// For each kind of small piece and king unit: the squares from which a piece of that kind
/// attacks a square in the king's unit or in one of the eight units around it (the
/// `zone_attackers` term's squares).
static KING_ZONES: LazyLock<Box<[[Bb; UNITS]; 4]>> = LazyLock::new(|| {
    let t = tables();
    let mut zones = Box::new([[Bb::EMPTY; UNITS]; 4]);
    for king in Unit::all() {
        for du in -1i8..=1 {
            for dv in -1i8..=1 {
                let near = king
                    .u()
                    .checked_add_signed(du)
                    .zip(king.v().checked_add_signed(dv))
                    .and_then(|(u, v)| Unit::from_coords(u, v));
                if let Some(n) = near {
                    for (ty, kind) in zones.iter_mut().enumerate() {
                        kind[king.index()] |= t.unit_att[ty][n.index()];
                    }
                }
            }
        }
    }
    zones
});

/// [`KING_ZONES`], built the first time.
fn king_zones() -> &'static [[Bb; UNITS]; 4] {
    &KING_ZONES
}

/// For each unit: the squares of the units orthogonally next to it (the `shelter` term's).
static AROUND: LazyLock<[Bb; UNITS]> = LazyLock::new(|| {
    let mut around = [Bb::EMPTY; UNITS];
    for unit in Unit::all() {
        for u in neighbours(unit) {
            around[unit.index()] |= Bb::unit(u);
        }
    }
    around
});

/// The material lead from which a side hunts the enemy king and trades down.
const HUNT_LEAD: i32 = 400;
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
    fn threats<S: FeatureSink>(&self, lead: i32, sink: &mut S) {
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
        sink.add(THREAT_WON, won);
        sink.add(THREAT_LOST, lost);
        let hunting = lead >= HUNT_LEAD;
        self.king_pressure(us, ours | att.spent_cover, hunting, 1, sink);
        self.king_pressure(them, theirs, -lead >= HUNT_LEAD, -1, sink);
    }

    /// How hard `color` presses the enemy king, given the squares it attacks: each
    /// unit next to the enemy king that `color` attacks (a flight square taken away; a king
    /// with none left cannot step out of check), and each of its pieces near the king.
    /// When `hunting` (far ahead in material), the hunt counts three times over, with
    /// bonuses for the enemy king's flights taken away and for the king pushed to the edge,
    /// so that a won game is won rather than drawn by the no-progress rule.
    fn king_pressure<S: FeatureSink>(
        &self,
        color: Color,
        attacks: Bb,
        hunting: bool,
        sign: i32,
        sink: &mut S,
    ) {
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
        let (near, advance) = closeness(self.occ[color.index()], king);
        sink.add(KING_ZONE_F, sign * zone);
        sink.add(TROPISM_F, sign * near);
        self.king_attack(color, advance, sign, sink);
        if !hunting {
            return;
        }
        let edge = king
            .u()
            .min(crate::board::UNIT_FILES - 1 - king.u())
            .min(king.v())
            .min(crate::board::UNIT_RANKS - 1 - king.v())
            .min(3);
        sink.add(HUNT_ZONE, sign * zone);
        sink.add(HUNT_TROPISM, sign * near);
        sink.add(HUNT_FLIGHTS, sign * (4 - free));
        sink.add(HUNT_EDGE, sign * i32::from(3 - edge));
    }

    /// How `color`'s army bears on the enemy king: `advance`, its pieces' closeness to the
    /// king over the whole board (16 less the distance in squares to the king's unit, so
    /// that every step towards the king counts, a step within a unit too; see
    /// [`closeness`]), its pieces that attack a square in or next to the king's unit (the
    /// attackers a mate needs), and those that attack the king's own unit (the checks of
    /// its next turn).
    fn king_attack<S: FeatureSink>(&self, color: Color, advance: i32, sign: i32, sink: &mut S) {
        let t = tables();
        let zones = king_zones();
        let c = color.index();
        let king = self.kings[1 - c];
        let (mut zone, mut hits) = (0, 0);
        for (ty, bb) in self.pieces[c].iter().enumerate() {
            zone += (*bb & zones[ty][king.index()]).count() as i32;
            hits += (*bb & t.unit_att[ty][king.index()]).count() as i32;
        }
        sink.add(ADVANCE, sign * advance);
        sink.add(ZONE_ATTACKERS, sign * zone);
        sink.add(KING_ATTACKERS, sign * hits);
    }

    /// The static features ([`Evaluate::evaluate`]'s): both sides' material and shelter,
    /// and the kings in check.
    fn static_features<S: FeatureSink>(&self, sink: &mut S) {
        let us = self.side;
        self.side_features(us, 1, sink);
        self.side_features(!us, -1, sink);
        let (checked, checking) = (i32::from(self.in_check(us)), i32::from(self.in_check(!us)));
        sink.add(CHECK_BALANCE, checking - checked);
        sink.add(CHECKS_ANY, checking + checked);
    }

    /// The features of the horizon estimate ([`Evaluate::horizon_estimate`]'s): the
    /// threats of the turns to come and, far ahead in material, the hunt and the trading
    /// down (see `TilingRider::threats`).
    fn horizon_features<S: FeatureSink>(&self, sink: &mut S) {
        let us = self.side;
        let (mine, theirs) = (self.side_material(us), self.side_material(!us));
        let lead = mine - theirs;
        self.threats(lead, sink);
        // Far ahead, trading down is progress: each exchange makes the lead count more.
        if lead.abs() >= HUNT_LEAD {
            let weaker = mine.min(theirs).max(0);
            sink.add(
                TRADE_DOWN,
                lead * (START_MATERIAL - weaker.min(START_MATERIAL)) / (4 * START_MATERIAL),
            );
        }
    }
}

impl Features for TilingRider {
    const NAMES: &'static [&'static str] = FEATURES;
    const SCALE: i32 = SCALE;

    fn features<S: FeatureSink>(&self, sink: &mut S) {
        self.static_features(sink);
        self.horizon_features(sink);
    }
}

/// The weights are in sixteenths of a centipawn.
const SCALE: i32 = 16;

impl Evaluate for TilingRider {
    fn evaluate(&self) -> i32 {
        let mut dot = Dot::new(WEIGHTS.get());
        self.static_features(&mut dot);
        dot.sum() / SCALE
    }

    fn capture_value(&self, mv: Move) -> i32 {
        self.taken(mv)
    }

    /// The threats of the turns to come and, far ahead in material, the hunt (see
    /// `TilingRider::threats`): what the search, which sees a few moves of a turn of
    /// many, cannot see for itself.
    fn horizon_estimate(&self) -> i32 {
        let mut dot = Dot::new(WEIGHTS.get());
        self.horizon_features(&mut dot);
        dot.sum() / SCALE
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Square;
    use crate::position::Role;
    use crate::Rules;
    use chimera_core::Position;

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
    fn board(pieces: &[(&str, Role, Color)], limit: u8) -> TilingRider {
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

    /// The static score as it was before issue 21, for the check that its weights
    /// reproduce it.
    fn legacy_evaluate(pos: &TilingRider) -> i32 {
        let us = pos.side;
        let mut score = pos.side_material(us) - pos.side_material(!us);
        if pos.in_check(us) {
            score -= 120;
        }
        if pos.in_check(!us) {
            score += 60;
        }
        score
    }

    /// Positions of a few random games from the start.
    fn positions() -> Vec<TilingRider> {
        use chimera_core::Position;
        chimera_test_kit::random_positions(&TilingRider::start(Rules::Standard), 4, 120, 9)
    }

    #[test]
    fn the_weight_file_reads() {
        chimera_test_kit::check_weight_file(&WEIGHTS);
    }

    /// What the tuner fits (the features times the weights, over [`SCALE`]) is the score
    /// the search stands pat on: the static score plus the horizon estimate, each rounded
    /// on its own (so within 1 of it), and the static and horizon features together are
    /// [`Features::features`], for every weight set.
    #[test]
    fn the_features_times_the_weights_are_the_evaluation() {
        let odd: Vec<i32> = (0..FEATURES.len() as i32).map(|i| 37 * i - 300).collect();
        let mut checked = 0;
        for pos in positions() {
            let mut all = Dot::new(WEIGHTS.get());
            pos.features(&mut all);
            let total = pos.evaluate() + pos.horizon_estimate();
            assert!(
                (all.sum() / SCALE - total).abs() <= 1,
                "{}: features {} against evaluation {total}",
                pos.to_text(),
                all.sum() / SCALE
            );
            for w in [WEIGHTS.get(), WEIGHTS.legacy(), &odd[..]] {
                let (mut whole, mut parts) = (Dot::new(w), Dot::new(w));
                pos.features(&mut whole);
                pos.static_features(&mut parts);
                pos.horizon_features(&mut parts);
                assert_eq!(whole.sum(), parts.sum(), "{}", pos.to_text());
            }
            let mut dense = chimera_kit::tune::Dense::new(FEATURES.len());
            pos.features(&mut dense);
            let dot: i32 = dense
                .values()
                .iter()
                .zip(WEIGHTS.get())
                .map(|(f, w)| f * w)
                .sum();
            assert_eq!(dot, all.sum());
            checked += usize::from(pos.made > 0);
        }
        // Positions in the middle of a turn are among them (the threats depend on it).
        assert!(checked > 0);
    }

    #[test]
    fn the_legacy_weights_are_the_old_static_score() {
        for pos in positions() {
            let mut dot = Dot::new(WEIGHTS.legacy());
            pos.static_features(&mut dot);
            assert_eq!(dot.sum() / SCALE, legacy_evaluate(&pos));
        }
    }

    #[test]
    fn the_static_score_is_symmetric() {
        use chimera_kit::tune::Dense;
        for pos in positions() {
            let mut other = pos.clone();
            other.side = !other.side;
            let (mut a, mut b) = (Dense::new(FEATURES.len()), Dense::new(FEATURES.len()));
            pos.static_features(&mut a);
            other.static_features(&mut b);
            let pairs = a.values().iter().zip(b.values()).take(STATIC_FEATURES);
            for (i, (&x, &y)) in pairs.enumerate() {
                if i == CHECKS_ANY {
                    assert_eq!(x, y);
                } else {
                    assert_eq!(x, -y, "{}", FEATURES[i]);
                }
            }
        }
    }

    #[test]
    fn a_piece_left_en_prise_counts_against_its_owner() {
        // A black knight on e5 leaps to f7, where a white wazir stands undefended.
        let hanging = board(
            &[
                ("e5", Role::Knight, Color::Black),
                ("f7", Role::Wazir, Color::White),
            ],
            3,
        );
        let safe = board(
            &[
                ("e5", Role::Knight, Color::Black),
                ("f8", Role::Wazir, Color::White),
            ],
            3,
        );
        // Black (to move) expects to win the hanging wazir.
        assert!(hanging.estimate() > safe.estimate() + 50);
        // Defended by a white guard on g8 (one step diagonally), it is worth less to take.
        let defended = board(
            &[
                ("e5", Role::Knight, Color::Black),
                ("f7", Role::Wazir, Color::White),
                ("g8", Role::Guard, Color::White),
            ],
            3,
        );
        let safe_with_guard = board(
            &[
                ("e5", Role::Knight, Color::Black),
                ("f8", Role::Wazir, Color::White),
                ("g8", Role::Guard, Color::White),
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
                ("e5", Role::Knight, Color::White),
                ("f7", Role::Wazir, Color::Black),
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
                ("e5", Role::Knight, Color::White),
                ("f8", Role::Wazir, Color::Black),
            ],
            3,
        );
        out_of_reach.made = out_of_reach.limit;
        assert!(fresh.estimate() + 50 < out_of_reach.estimate());
    }
}
