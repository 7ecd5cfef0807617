//! Pieces, moves and the rule options.

use crate::board::Cell;
use chimera_core::{Color, MoveErrorKind, ParseMoveError, RuleSet};
use std::fmt;

chimera_kit::lettered_enum! {
    /// The kind of a piece.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    pub enum Role: upper, from_char {
        /// Pawn (`P`).
        Pawn = 'P', "pawn";
        /// Knight (`N`).
        Knight = 'N', "knight";
        /// Bishop (`B`).
        Bishop = 'B', "bishop";
        /// Rook (`R`).
        Rook = 'R', "rook";
        /// Queen (`Q`).
        Queen = 'Q', "queen";
        /// King (`K`).
        King = 'K', "king";
        /// Turret (`T`): a queen-like non-capturing slider with a sling.
        Turret = 'T', "turret";
        /// Kwagga (`Z`, Kwagga rules): a (1,3) camel rider that captures only on its first leap.
        Kwagga = 'Z', "kwagga";
    }
}

impl Role {
    /// The lower-case letter.
    pub const fn lower(self) -> char {
        self.upper().to_ascii_lowercase()
    }
}

/// A piece: a colour and a role.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Piece {
    /// Its owner.
    pub color: Color,
    /// Its kind.
    pub role: Role,
}

impl Piece {
    /// Makes a piece.
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// The position-text letter: upper case for White, lower case for Black.
    pub const fn char(self) -> char {
        match self.color {
            Color::White => self.role.upper(),
            Color::Black => self.role.lower(),
        }
    }

    /// The piece of a position-text letter.
    pub fn from_char(c: char) -> Option<Piece> {
        let role = Role::from_char(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, role })
    }

    /// Compact code: 0 = no piece, else `1 + role + 8 * colour`.
    #[inline]
    pub(crate) const fn code(self) -> u8 {
        1 + self.role as u8 + 8 * self.color as u8
    }

    #[inline]
    pub(crate) const fn from_code(code: u8) -> Option<Piece> {
        if code == 0 {
            None
        } else {
            let c = code - 1;
            Some(Piece {
                color: Color::from_index((c >> 3) as usize),
                role: Role::ALL[(c & 7) as usize],
            })
        }
    }
}

/// What kind of move a [`Move`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum MoveKind {
    /// An ordinary move or capture, a pawn step, a Turret move (with its sling, if any).
    Normal = 0,
    /// An en-passant capture.
    EnPassant = 1,
    /// Castling, written as the king's move.
    Castle = 2,
}

impl MoveKind {
    /// The kinds, by their packed value in a [`Move`].
    const ALL: [MoveKind; 4] = [
        MoveKind::Normal,
        MoveKind::EnPassant,
        MoveKind::Castle,
        MoveKind::Normal,
    ];
}

/// A move: from and to cells, a promotion role and a kind, packed in 4 bytes.
///
/// A Turret move is its from and to cells only: the sling follows from the position.
/// Castling is the king's move (`f1i1`).
///
/// The packing stays inside this type: the rest of the crate reads a move through
/// [`Move::kind`], [`Move::promotion`] and the cell indices.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(u32);

impl Move {
    const TO_SHIFT: u32 = 7;
    const PROMOTION_SHIFT: u32 = 14;
    const KIND_SHIFT: u32 = 18;

    #[inline]
    const fn pack(from: u8, to: u8, promotion: Option<Role>, kind: MoveKind) -> Move {
        let promotion = match promotion {
            Some(r) => r as u32 + 1,
            None => 0,
        };
        Move(
            from as u32
                | (to as u32) << Move::TO_SHIFT
                | promotion << Move::PROMOTION_SHIFT
                | (kind as u32) << Move::KIND_SHIFT,
        )
    }

    /// An ordinary move (or Turret move) from `from` to `to`, with an optional promotion.
    pub const fn normal(from: Cell, to: Cell, promotion: Option<Role>) -> Move {
        Move::pack(from.index(), to.index(), promotion, MoveKind::Normal)
    }

    /// An en-passant capture.
    pub const fn en_passant(from: Cell, to: Cell) -> Move {
        Move::pack(from.index(), to.index(), None, MoveKind::EnPassant)
    }

    /// Castling, as the king's move from `from` to `to`.
    pub const fn castle(from: Cell, to: Cell) -> Move {
        Move::pack(from.index(), to.index(), None, MoveKind::Castle)
    }

    /// Internal: an ordinary move between two cell indices, no promotion.
    #[inline(always)]
    pub(crate) const fn step(from: u8, to: u8) -> Move {
        Move::pack(from, to, None, MoveKind::Normal)
    }

    /// Internal: a pawn's move between two cell indices, promoting to `role`.
    #[inline(always)]
    pub(crate) const fn promoting(from: u8, to: u8, role: Role) -> Move {
        Move::pack(from, to, Some(role), MoveKind::Normal)
    }

    /// Internal: a move of another kind between two cell indices.
    #[inline(always)]
    pub(crate) const fn special(from: u8, to: u8, kind: MoveKind) -> Move {
        Move::pack(from, to, None, kind)
    }

    /// The index of [`Move::from`] (the cell it leaves).
    #[inline(always)]
    pub(crate) const fn src_index(self) -> u8 {
        (self.0 & 127) as u8
    }

    /// The index of [`Move::to`].
    #[inline(always)]
    pub(crate) const fn dst_index(self) -> u8 {
        (self.0 >> Move::TO_SHIFT & 127) as u8
    }

    /// The cell the piece leaves (for castling, the king's).
    pub const fn from(self) -> Cell {
        Cell::from_index_unchecked(self.src_index())
    }

    /// The cell the piece goes to (for castling, the king's).
    pub const fn to(self) -> Cell {
        Cell::from_index_unchecked(self.dst_index())
    }

    /// The role a pawn promotes to, if any.
    #[inline(always)]
    pub const fn promotion(self) -> Option<Role> {
        match self.0 >> Move::PROMOTION_SHIFT & 15 {
            0 => None,
            n => Some(Role::ALL[(n - 1) as usize & 7]),
        }
    }

    /// Whether the move promotes a pawn.
    #[inline(always)]
    pub const fn is_promotion(self) -> bool {
        self.0 >> Move::PROMOTION_SHIFT & 15 != 0
    }

    /// The kind of move.
    #[inline(always)]
    pub const fn kind(self) -> MoveKind {
        MoveKind::ALL[(self.0 >> Move::KIND_SHIFT & 3) as usize]
    }
}

/// The move on its own, without a position: long algebraic (`e2e4`, `e7e8t`), followed by
/// `(ep)` for an en-passant capture or `(castle)` for castling (`f1i1(castle)`), which the
/// cells alone do not tell. [`std::str::FromStr`] reads it back; in a position, prefer
/// [`chimera_core::Position::move_text`].
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())?;
        if let Some(r) = self.promotion() {
            write!(f, "{}", r.lower())?;
        }
        match self.kind() {
            MoveKind::Normal => Ok(()),
            MoveKind::EnPassant => f.write_str("(ep)"),
            MoveKind::Castle => f.write_str("(castle)"),
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Reads the text [`Move`]'s `Display` writes.
impl std::str::FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(text: &str) -> Result<Move, ParseMoveError> {
        let err = |kind, reason: &str| ParseMoveError::of_kind(kind, text, reason);
        let (cells, kind) = if let Some(t) = text.strip_suffix("(ep)") {
            (t, MoveKind::EnPassant)
        } else if let Some(t) = text.strip_suffix("(castle)") {
            (t, MoveKind::Castle)
        } else {
            (text, MoveKind::Normal)
        };
        let cell = |range: std::ops::Range<usize>, which: &str| {
            let name = cells
                .get(range)
                .ok_or_else(|| err(MoveErrorKind::Syntax, &format!("expected the {which} cell")))?;
            Cell::parse(name).ok_or_else(|| {
                err(
                    MoveErrorKind::UnknownCell,
                    &format!("the {which} cell `{name}` is not on the board"),
                )
            })
        };
        let (from, to) = (cell(0..2, "from")?, cell(2..4, "to")?);
        match (&cells[4..], kind) {
            ("", MoveKind::Normal) => Ok(Move::normal(from, to, None)),
            ("", _) => Ok(Move::special(from.index(), to.index(), kind)),
            (letter, MoveKind::Normal) => {
                let role = letter
                    .chars()
                    .next()
                    .filter(|_| letter.len() == 1)
                    .and_then(Role::from_char)
                    .filter(|r| !matches!(r, Role::Pawn | Role::King))
                    .ok_or_else(|| {
                        err(
                            MoveErrorKind::BadPiece,
                            &format!("`{letter}` is not a promotion letter (q, r, b, n, t, z)"),
                        )
                    })?;
                Ok(Move::normal(from, to, Some(role)))
            }
            (rest, _) => Err(err(
                MoveErrorKind::Syntax,
                &format!("unexpected `{rest}` after the cells"),
            )),
        }
    }
}

// A lone move serializes as its text (`"e2e4"`, `"e7e8t"`, `"f1i1(castle)"`).
#[cfg(feature = "serde")]
chimera_kit::impl_move_serde_via_text!(Move, <Move as ::std::str::FromStr>::from_str);

/// The rule options: standard Turret Chess, or with Kwaggas instead of knights.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Rules {
    /// Knights, as in the seed's main game.
    #[default]
    Standard,
    /// Kwaggas (`Z`) replace the knights in the setup and as promotion choice.
    Kwagga,
}

impl Rules {
    /// The minor leaper of these rules: the knight or the Kwagga.
    pub const fn leaper(self) -> Role {
        match self {
            Rules::Standard => Role::Knight,
            Rules::Kwagga => Role::Kwagga,
        }
    }

    /// The roles a pawn may promote to by its own move, in generation order.
    pub const fn promotion_roles(self) -> [Role; 5] {
        [
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            self.leaper(),
            Role::Turret,
        ]
    }
}

impl RuleSet for Rules {
    const NAMES: &'static [&'static str] = &["standard", "kwagga"];

    fn from_name(name: &str) -> Option<Self> {
        match name.to_ascii_lowercase().as_str() {
            "standard" => Some(Rules::Standard),
            "kwagga" => Some(Rules::Kwagga),
            _ => None,
        }
    }

    fn name(&self) -> &'static str {
        match self {
            Rules::Standard => "standard",
            Rules::Kwagga => "kwagga",
        }
    }
}
