//! Squares, pieces and moves.

use chimera_core::Color;
use std::fmt;

/// A square of the 8 × 8 board: `rank * 8 + file`, `a1` = 0, `h1` = 7, `h8` = 63.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square of a file (0 = `a`) and rank (0 = rank 1), both below 8.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 {
            Some(Square(rank * 8 + file))
        } else {
            None
        }
    }

    /// The square with this index (below 64).
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < 64 {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The square of index `index % 64` (for indices from a bit set of squares).
    #[inline]
    pub(crate) const fn wrap(index: usize) -> Square {
        Square((index & 63) as u8)
    }

    /// `rank * 8 + file`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 (`a`) to 7 (`h`).
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 % 8
    }

    /// The rank, 0 (rank 1) to 7 (rank 8).
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 / 8
    }

    /// Reads `e4` (case-insensitive).
    pub fn parse(text: &str) -> Option<Square> {
        let b = text.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let file = b[0].to_ascii_lowercase().wrapping_sub(b'a');
        let rank = b[1].wrapping_sub(b'1');
        Square::new(file, rank)
    }

    /// All 64 squares, `a1` first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

chimera_kit::lettered_enum! {
    /// A kind of piece.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    #[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
    pub enum Role: char, from_char {
        /// Pawn (`p`).
        Pawn = 'p', "pawn";
        /// Knight (`n`).
        Knight = 'n', "knight";
        /// Bishop (`b`).
        Bishop = 'b', "bishop";
        /// Rook (`r`).
        Rook = 'r', "rook";
        /// Queen (`q`).
        Queen = 'q', "queen";
        /// King (`k`).
        King = 'k', "king";
    }
}

impl Role {
    /// The roles a pawn may promote to.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];
}

/// A piece: a colour and a role.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece.
    pub color: Color,
    /// What piece.
    pub role: Role,
}

impl Piece {
    /// The FEN letter: uppercase for White.
    pub fn char(self) -> char {
        let c = self.role.char();
        self.color.fold(c.to_ascii_uppercase(), c)
    }

    /// The piece of a FEN letter.
    pub fn from_char(c: char) -> Option<Piece> {
        let role = Role::from_char(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, role })
    }
}

/// A move: from a square to a square, with the role a pawn promotes to. Castling is the
/// king's move two squares towards the rook (`e1g1`), en passant the pawn's diagonal move
/// to the empty square it passes (as in UCI). A move means something only in the position
/// it was generated in; [`crate::Chess::move_kind`] tells what it does there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    from: Square,
    to: Square,
    promotion: Option<Role>,
}

impl Move {
    /// A move from `from` to `to`, promoting to `promotion` if given.
    pub const fn new(from: Square, to: Square, promotion: Option<Role>) -> Move {
        Move {
            from,
            to,
            promotion,
        }
    }

    /// The square it leaves.
    pub const fn from(self) -> Square {
        self.from
    }

    /// The square it reaches.
    pub const fn to(self) -> Square {
        self.to
    }

    /// The role a pawn promotes to, if it does.
    pub const fn promotion(self) -> Option<Role> {
        self.promotion
    }
}

/// The move as UCI writes it: `e2e4`, `e7e8q`, `e1g1`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(r) = self.promotion {
            write!(f, "{}", r.char())?;
        }
        Ok(())
    }
}

/// What a move does, in the position it is played in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A move to an empty square (a pawn's double step included).
    Quiet,
    /// A capture of the piece of this role on the destination.
    Capture(Role),
    /// A pawn's capture en passant.
    EnPassant,
    /// Castling with the rook on the king's side (`O-O`, `true`) or queen's side.
    Castle {
        /// Whether it is the short castle.
        king_side: bool,
    },
}

// A lone move serializes as its UCI text (`"e7e8q"`).
#[cfg(feature = "serde")]
chimera_kit::impl_move_serde_via_text!(Move, |text: &str| crate::notation::parse_uci(text)
    .ok_or_else(|| format!("`{text}` is not a UCI move")));
