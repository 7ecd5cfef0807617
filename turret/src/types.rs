//! Pieces, moves and the rule options.

use crate::board::Cell;
use chimera_core::{Color, RuleSet};
use std::fmt;

/// The kind of a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Role {
    /// Pawn (`P`).
    Pawn = 0,
    /// Knight (`N`).
    Knight = 1,
    /// Bishop (`B`).
    Bishop = 2,
    /// Rook (`R`).
    Rook = 3,
    /// Queen (`Q`).
    Queen = 4,
    /// King (`K`).
    King = 5,
    /// Turret (`T`): a queen-like non-capturing slider with a sling.
    Turret = 6,
    /// Kwagga (`Z`, Kwagga rules): a (1,3) camel rider that captures only on its first leap.
    Kwagga = 7,
}

impl Role {
    /// All roles, by index.
    pub const ALL: [Role; 8] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
        Role::Turret,
        Role::Kwagga,
    ];

    /// The upper-case letter (`P N B R Q K T Z`).
    pub const fn upper(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
            Role::Turret => 'T',
            Role::Kwagga => 'Z',
        }
    }

    /// The lower-case letter.
    pub const fn lower(self) -> char {
        self.upper().to_ascii_lowercase()
    }

    /// The role of a letter, either case.
    pub fn from_char(c: char) -> Option<Role> {
        Some(match c.to_ascii_uppercase() {
            'P' => Role::Pawn,
            'N' => Role::Knight,
            'B' => Role::Bishop,
            'R' => Role::Rook,
            'Q' => Role::Queen,
            'K' => Role::King,
            'T' => Role::Turret,
            'Z' => Role::Kwagga,
            _ => return None,
        })
    }

    /// The English name.
    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
            Role::Turret => "turret",
            Role::Kwagga => "kwagga",
        }
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
pub enum MoveKind {
    /// An ordinary move or capture, a pawn step, a Turret move (with its sling, if any).
    Normal,
    /// An en-passant capture.
    EnPassant,
    /// Castling, written as the king's move.
    Castle,
}

/// A move: from and to cells, a promotion role and a kind, packed in 4 bytes.
///
/// A Turret move is its from and to cells only: the sling follows from the position.
/// Castling is the king's move (`f1i1`).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Move(u32);

impl Move {
    #[inline]
    pub(crate) const fn pack(from: u8, to: u8, promo: u8, kind: u8) -> Move {
        Move(from as u32 | (to as u32) << 7 | (promo as u32) << 14 | (kind as u32) << 18)
    }

    /// An ordinary move (or Turret move) from `from` to `to`, with an optional promotion.
    pub const fn normal(from: Cell, to: Cell, promotion: Option<Role>) -> Move {
        let p = match promotion {
            Some(r) => r as u8 + 1,
            None => 0,
        };
        Move::pack(from.index(), to.index(), p, 0)
    }

    /// An en-passant capture.
    pub const fn en_passant(from: Cell, to: Cell) -> Move {
        Move::pack(from.index(), to.index(), 0, 1)
    }

    /// Castling, as the king's move from `from` to `to`.
    pub const fn castle(from: Cell, to: Cell) -> Move {
        Move::pack(from.index(), to.index(), 0, 2)
    }

    #[inline]
    pub(crate) const fn src_idx(self) -> u8 {
        (self.0 & 127) as u8
    }

    #[inline]
    pub(crate) const fn dst_idx(self) -> u8 {
        (self.0 >> 7 & 127) as u8
    }

    #[inline]
    pub(crate) const fn promo_code(self) -> u8 {
        (self.0 >> 14 & 15) as u8
    }

    #[inline]
    pub(crate) const fn kind_code(self) -> u8 {
        (self.0 >> 18 & 3) as u8
    }

    /// The cell the piece leaves (for castling, the king's).
    pub const fn from(self) -> Cell {
        Cell::from_index_unchecked(self.src_idx())
    }

    /// The cell the piece goes to (for castling, the king's).
    pub const fn to(self) -> Cell {
        Cell::from_index_unchecked(self.dst_idx())
    }

    /// The role a pawn promotes to, if any.
    pub const fn promotion(self) -> Option<Role> {
        match self.promo_code() {
            0 => None,
            n => Some(Role::ALL[(n - 1) as usize & 7]),
        }
    }

    /// The kind of move.
    pub const fn kind(self) -> MoveKind {
        match self.kind_code() {
            1 => MoveKind::EnPassant,
            2 => MoveKind::Castle,
            _ => MoveKind::Normal,
        }
    }
}

impl fmt::Debug for Move {
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
