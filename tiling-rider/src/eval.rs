//! [`Evaluate`] for Tiling Rider Chess: material (aggregates worth more than their parts),
//! and king safety judged over the whole turn: a king in check is a debt the side to move
//! must pay before its turn ends.
//!
//! The search asks legality within a budget (see the `chimera-engine` crate): this
//! evaluation itself asks no legality question, so it is cheap.

use crate::board::{Bb, Unit};
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
}
