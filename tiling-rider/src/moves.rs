//! [`Move`]: one action, each kind holding what it moves in its own type (squares for a
//! small piece, units for an aggregate, the king and the giant ferz), so that a square is
//! never read as a unit.

use crate::board::{block, Bb, Square, Unit};

/// What a [`Move`] does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MoveKind {
    /// One small piece moves (an elongated move included): square to square.
    Single,
    /// The aggregate filling one unit rides to another unit.
    Aggregate,
    /// The king steps one unit.
    King,
    /// The giant ferz (`paulowich-16`) steps one unit diagonally.
    GiantFerz,
    /// The side to move ends its turn.
    EndTurn,
}

/// One action: a small-piece move, an aggregate move, a king move, a giant ferz move, or
/// "end turn". Six bytes; meaningful in the position it was generated in. Moves order by
/// kind (in [`MoveKind`]'s order), then start, then end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// A small piece's move from square `from` to square `to` (an elongated move names
    /// only where it ends).
    Single {
        /// The square the piece leaves.
        from: Square,
        /// The square it ends on.
        to: Square,
    },
    /// The aggregate filling unit `from` rides to unit `to`.
    Aggregate {
        /// The unit the aggregate fills.
        from: Unit,
        /// The unit it rides to.
        to: Unit,
    },
    /// `color-rider`: the aggregate filling the 2 × 2 block (at any offset) whose
    /// lower-left square is `from` rides to the block whose lower-left square is `to`. Every
    /// aggregate move of that rule set is one of these (an aligned block too), and no move
    /// of the other rule sets is.
    Block {
        /// The lower-left square of the block the aggregate fills.
        from: Square,
        /// The lower-left square of the block it rides to.
        to: Square,
    },
    /// The king on unit `from` steps to unit `to`.
    King {
        /// The king's unit.
        from: Unit,
        /// The unit it steps to.
        to: Unit,
    },
    /// The giant ferz on unit `from` steps (diagonally) to unit `to`.
    GiantFerz {
        /// The giant ferz's unit.
        from: Unit,
        /// The unit it steps to.
        to: Unit,
    },
    /// The side to move ends its turn (written `;`).
    EndTurn,
}

impl Move {
    /// "End turn" (written `;`).
    pub const END_TURN: Move = Move::EndTurn;

    /// A small piece's move from `from` to `to`.
    pub const fn single(from: Square, to: Square) -> Move {
        Move::Single { from, to }
    }

    /// The aggregate in unit `from` rides to unit `to`.
    pub const fn aggregate(from: Unit, to: Unit) -> Move {
        Move::Aggregate { from, to }
    }

    /// `color-rider`: the aggregate on the block with lower-left square `from` rides to the
    /// block with lower-left square `to`.
    pub const fn block(from: Square, to: Square) -> Move {
        Move::Block { from, to }
    }

    /// The king on unit `from` steps to unit `to`.
    pub const fn king(from: Unit, to: Unit) -> Move {
        Move::King { from, to }
    }

    /// The giant ferz on unit `from` steps (diagonally) to unit `to`.
    pub const fn giant_ferz(from: Unit, to: Unit) -> Move {
        Move::GiantFerz { from, to }
    }

    /// Whether the move moves a whole unit (an aggregate, a king or a giant ferz).
    #[inline]
    pub const fn is_unit_move(self) -> bool {
        self.units().is_some()
    }

    /// What the move does.
    #[inline]
    pub const fn kind(self) -> MoveKind {
        match self {
            Move::Single { .. } => MoveKind::Single,
            Move::Aggregate { .. } | Move::Block { .. } => MoveKind::Aggregate,
            Move::King { .. } => MoveKind::King,
            Move::GiantFerz { .. } => MoveKind::GiantFerz,
            Move::EndTurn => MoveKind::EndTurn,
        }
    }

    /// The start and end squares of a single move (`None` otherwise).
    #[inline]
    pub const fn squares(self) -> Option<(Square, Square)> {
        match self {
            Move::Single { from, to } => Some((from, to)),
            _ => None,
        }
    }

    /// The start and end units of an aggregate, king or giant ferz move (`None` otherwise).
    #[inline]
    pub const fn units(self) -> Option<(Unit, Unit)> {
        match self {
            Move::Aggregate { from, to }
            | Move::King { from, to }
            | Move::GiantFerz { from, to } => Some((from, to)),
            Move::Single { .. } | Move::Block { .. } | Move::EndTurn => None,
        }
    }

    /// The lower-left squares of the start and end blocks of a `color-rider` aggregate move
    /// (`None` otherwise).
    #[inline]
    pub const fn blocks(self) -> Option<(Square, Square)> {
        match self {
            Move::Block { from, to } => Some((from, to)),
            _ => None,
        }
    }

    /// The start square of a single move (`None` otherwise).
    pub fn from_square(self) -> Option<Square> {
        self.squares().map(|(from, _)| from)
    }

    /// The end square of a single move (`None` otherwise).
    pub fn to_square(self) -> Option<Square> {
        self.squares().map(|(_, to)| to)
    }

    /// The start unit of an aggregate, king or giant ferz move (`None` otherwise).
    pub fn from_unit(self) -> Option<Unit> {
        self.units().map(|(from, _)| from)
    }

    /// The end unit of an aggregate, king or giant ferz move (`None` otherwise).
    pub fn to_unit(self) -> Option<Unit> {
        self.units().map(|(_, to)| to)
    }

    /// The squares the move starts from (one, or a unit's or block's four; none for "end
    /// turn").
    pub fn from_squares(self) -> Vec<Square> {
        self.ends()
            .map_or_else(Vec::new, |(from, _)| from.iter().collect())
    }

    /// The squares the move ends on (one, or a unit's or block's four; none for "end
    /// turn").
    pub fn to_squares(self) -> Vec<Square> {
        self.ends()
            .map_or_else(Vec::new, |(_, to)| to.iter().collect())
    }

    /// The squares the move starts from and those it ends on, as sets (one square, or a
    /// unit's four); `None` for "end turn".
    #[inline]
    pub(crate) fn ends(self) -> Option<(Bb, Bb)> {
        match self {
            Move::Single { from, to } => Some((Bb::from_square(from), Bb::from_square(to))),
            Move::Aggregate { from, to }
            | Move::King { from, to }
            | Move::GiantFerz { from, to } => Some((Bb::unit(from), Bb::unit(to))),
            Move::Block { from, to } => Some((block(from), block(to))),
            Move::EndTurn => None,
        }
    }
}
