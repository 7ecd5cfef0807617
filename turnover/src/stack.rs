//! Rings, the six valid stacks, and the landing table.

use std::fmt;

chimera_kit::lettered_enum! {
    /// One ring. Every piece is a stack of rings of one colour.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    pub enum Ring: letter, from_letter {
        /// T, the Tower: the smallest ring.
        Tower = 'T', "Tower";
        /// F, the Fort: the middle ring.
        Fort = 'F', "Fort";
        /// W, the Wall: the largest ring.
        Wall = 'W', "Wall";
    }
}

impl Ring {
    /// This ring's bit in a ring set (T = 1, F = 2, W = 4).
    #[inline]
    pub const fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// One of the six valid stacks of rings (T+W is not valid).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Stack {
    /// T: slides like a rook; the whole piece travels.
    Tower,
    /// F: slides like a bishop; the whole piece travels.
    Fort,
    /// W: steps forward, captures diagonally forward; the whole piece travels.
    Wall,
    /// T+F: slides like a queen, but only its F travels (the T stays).
    Citadel,
    /// F+W: leaps like a knight, but only its W travels (the F stays).
    Fortress,
    /// T+F+W: the royal piece.
    Castle,
}

/// The ring sets of T, F, W, T+F, F+W and T+F+W.
pub(crate) const T: u8 = 1;
pub(crate) const F: u8 = 2;
pub(crate) const W: u8 = 4;
pub(crate) const TF: u8 = T | F;
pub(crate) const FW: u8 = F | W;
pub(crate) const TFW: u8 = T | F | W;

impl Stack {
    /// The six stacks.
    pub const ALL: [Stack; 6] = [
        Stack::Tower,
        Stack::Fort,
        Stack::Wall,
        Stack::Citadel,
        Stack::Fortress,
        Stack::Castle,
    ];

    /// The rings of this stack as a set of [`Ring::bit`]s.
    #[inline]
    pub const fn rings(self) -> u8 {
        match self {
            Stack::Tower => T,
            Stack::Fort => F,
            Stack::Wall => W,
            Stack::Citadel => TF,
            Stack::Fortress => FW,
            Stack::Castle => TFW,
        }
    }

    /// The stack made of a set of rings, if it is a valid one (not empty, not T+W).
    #[inline]
    pub const fn from_rings(rings: u8) -> Option<Stack> {
        match rings {
            T => Some(Stack::Tower),
            F => Some(Stack::Fort),
            W => Some(Stack::Wall),
            TF => Some(Stack::Citadel),
            FW => Some(Stack::Fortress),
            TFW => Some(Stack::Castle),
            _ => None,
        }
    }

    /// Whether the stack holds `ring`.
    #[inline]
    pub const fn has(self, ring: Ring) -> bool {
        self.rings() & ring.bit() != 0
    }

    /// The rings' letters, smallest first, upper case: `T`, `TF`, `TFW`, ….
    pub const fn letters(self) -> &'static str {
        match self {
            Stack::Tower => "T",
            Stack::Fort => "F",
            Stack::Wall => "W",
            Stack::Citadel => "TF",
            Stack::Fortress => "FW",
            Stack::Castle => "TFW",
        }
    }

    /// The English name: `Tower`, `Fort`, `Wall`, `Citadel`, `Fortress`, `Castle`.
    pub const fn name(self) -> &'static str {
        match self {
            Stack::Tower => "Tower",
            Stack::Fort => "Fort",
            Stack::Wall => "Wall",
            Stack::Citadel => "Citadel",
            Stack::Fortress => "Fortress",
            Stack::Castle => "Castle",
        }
    }
}

impl fmt::Display for Stack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What happens when rings arrive on an occupied square: one cell of the landing table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Landing {
    /// The arriving rings and the friendly target stack merge into this stack.
    Merge(Stack),
    /// The arriving rings and the enemy target stack merge into this stack, all of whose
    /// rings now belong to the mover (the target's rings were turned over).
    Turnover(Stack),
    /// The enemy target stack is removed and the arriving rings take the square.
    Capture,
    /// The target is friendly and cannot merge: the move is illegal.
    Illegal,
}

/// The landing table: `arriving` rings land on the stack `target`, which is friendly or an
/// enemy. If the two share no ring and together make a valid stack they merge (turning an
/// enemy target over); otherwise an enemy target is captured and a friendly one makes the
/// move illegal.
///
/// This is the general rule only: particular moves restrict it further (a Wall never
/// captures straight forward, a Castle never captures a Fort or Citadel, a dismounting W
/// never captures, promotion changes the result on the last rank).
///
/// ```
/// use chimera_turnover::{land, Landing, Stack};
/// assert_eq!(land(Stack::Wall, Stack::Citadel, false), Landing::Turnover(Stack::Castle));
/// assert_eq!(land(Stack::Tower, Stack::Tower, true), Landing::Illegal);
/// ```
pub const fn land(arriving: Stack, target: Stack, target_is_friendly: bool) -> Landing {
    let (a, t) = (arriving.rings(), target.rings());
    let merged = if a & t == 0 {
        Stack::from_rings(a | t)
    } else {
        None
    };
    match (merged, target_is_friendly) {
        (Some(stack), true) => Landing::Merge(stack),
        (Some(stack), false) => Landing::Turnover(stack),
        (None, true) => Landing::Illegal,
        (None, false) => Landing::Capture,
    }
}
