//! Small value types: pieces, moves, rule options.

use crate::Cell;
use chimera_core::RuleSet;
use std::fmt;

chimera_kit::lettered_enum! {
    /// A kind of piece.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    #[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
    pub enum Role: char, from_char {
        /// Moves as a guard; royal.
        King = 'K', "king";
        /// One step to a cell sharing an edge.
        Guard = 'G', "guard";
        /// One leap to a cell sharing a corner but not an edge.
        Knight = 'N', "knight";
        /// Slides along one link table.
        Rook = 'R', "rook";
        /// One step forward along its file, moving and capturing alike.
        Pawn = 'P', "pawn";
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A move: from a cell to a cell, and whether a pawn promotes to a rook. Two bytes.
///
/// Meaningful only in the position it was made for (whether it captures depends on that
/// position). Write it with [`chimera_core::Position::move_text`] and read it with
/// [`chimera_core::Position::parse_move`].
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(u16);

impl Move {
    const PROMOTION: u16 = 1 << 12;

    /// The move from `from` to `to`, promoting to a rook if `promotion`.
    #[inline]
    pub const fn new(from: Cell, to: Cell, promotion: bool) -> Move {
        Move(
            from.index() as u16
                | (to.index() as u16) << 6
                | if promotion { Move::PROMOTION } else { 0 },
        )
    }

    #[inline]
    pub(crate) const fn from_indices(from: usize, to: usize, promotion: bool) -> Move {
        Move(from as u16 | (to as u16) << 6 | if promotion { Move::PROMOTION } else { 0 })
    }

    /// The cell the piece leaves.
    #[inline]
    pub const fn from(self) -> Cell {
        Cell::of(self.0 as usize)
    }

    /// The cell the piece goes to.
    #[inline]
    pub const fn to(self) -> Cell {
        Cell::of((self.0 >> 6) as usize)
    }

    /// Whether the moving pawn becomes a rook.
    #[inline]
    pub const fn is_promotion(self) -> bool {
        self.0 & Move::PROMOTION != 0
    }

    /// The role the moving pawn becomes, if it promotes (always a rook here): the same
    /// accessor as the other variants' moves (`from`, `to`, `promotion`), whatever the
    /// packing inside.
    ///
    /// ```
    /// use chimera_turtle_shell::{Cell, Move, Role};
    /// let cell = |s: &str| Cell::from_name(s).unwrap();
    /// let mv = Move::new(cell("E5"), cell("E3"), true);
    /// assert_eq!((mv.from(), mv.to(), mv.promotion()), (cell("E5"), cell("E3"), Some(Role::Rook)));
    /// assert_eq!(Move::new(cell("B1"), cell("B3"), false).promotion(), None);
    /// ```
    #[inline]
    pub const fn promotion(self) -> Option<Role> {
        if self.is_promotion() {
            Some(Role::Rook)
        } else {
            None
        }
    }

    #[inline]
    pub(crate) const fn src_ix(self) -> usize {
        (self.0 & 63) as usize
    }

    #[inline]
    pub(crate) const fn to_ix(self) -> usize {
        ((self.0 >> 6) & 63) as usize
    }
}

/// The move on its own, without a position: `B1-B3`, `E5-E3=R` (a capture is written with
/// `-` too: only a position tells that it captures; prefer
/// [`chimera_core::Position::move_text`] there). [`std::str::FromStr`] reads it back, and
/// also every form the move reader accepts (`b1b3`, `D5xC6`, `e5e3r`).
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}-{}{}",
            self.from(),
            self.to(),
            if self.is_promotion() { "=R" } else { "" }
        )
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl std::str::FromStr for Move {
    type Err = chimera_core::ParseMoveError;

    fn from_str(text: &str) -> Result<Move, Self::Err> {
        let (from, to, promotion) = crate::notation::parse_move_syntax(text)?;
        Ok(Move::new(from, to, promotion))
    }
}

// A lone move serializes as its text (`"B1-B3"`, `"E5-E3=R"`).
#[cfg(feature = "serde")]
chimera_kit::impl_move_serde_via_text!(Move, <Move as ::std::str::FromStr>::from_str);

/// How the repetition of positions is treated.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Repetition {
    /// The seed's rule: a move that recreates any earlier position of the game (same
    /// pieces on the same cells, same side to move) is illegal.
    #[default]
    Ko,
    /// Rules 1.12: only the *attacking* player of the loop may not recreate the earlier
    /// position (see the crate documentation for how the attacker is decided).
    ModifiedKo,
    /// Positions may repeat (as the inventor's Zillions file plays).
    None,
}

/// The rule options of Turtle Shell Chess; `Rules::default()` is the standard game (Ko).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rules {
    /// How repeated positions are treated.
    pub repetition: Repetition,
}

impl Rules {
    /// The rules with this repetition option.
    pub const fn new(repetition: Repetition) -> Rules {
        Rules { repetition }
    }
}

impl RuleSet for Rules {
    const NAMES: &'static [&'static str] = &["ko", "modified-ko", "none"];

    fn from_name(name: &str) -> Option<Self> {
        let repetition = match name.to_ascii_lowercase().as_str() {
            "ko" => Repetition::Ko,
            "modified-ko" => Repetition::ModifiedKo,
            "none" => Repetition::None,
            _ => return None,
        };
        Some(Rules { repetition })
    }

    fn name(&self) -> &'static str {
        match self.repetition {
            Repetition::Ko => "ko",
            Repetition::ModifiedKo => "modified-ko",
            Repetition::None => "none",
        }
    }
}
