//! The two sides.

use std::fmt;
use std::ops::Not;

/// One of the two sides of a game. White moves first in every variant Chimera has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Color {
    /// The first player.
    White,
    /// The second player.
    Black,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// 0 for White, 1 for Black: handy as an array index.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The colour for an index from [`Color::index`].
    #[inline]
    pub const fn from_index(index: usize) -> Color {
        if index == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// `'w'` or `'b'`, as position texts write the side to move.
    pub const fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// Reads `w`/`b` (or `white`/`black`, any case).
    pub fn from_text(text: &str) -> Option<Color> {
        match text.to_ascii_lowercase().as_str() {
            "w" | "white" => Some(Color::White),
            "b" | "black" => Some(Color::Black),
            _ => None,
        }
    }

    /// Chooses between two values by colour.
    #[inline]
    pub fn fold<T>(self, white: T, black: T) -> T {
        match self {
            Color::White => white,
            Color::Black => black,
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "white",
            Color::Black => "black",
        })
    }
}
