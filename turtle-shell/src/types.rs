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
        /// Option `marshal`: moves as a rook or as a knight.
        Marshal = 'M', "marshal";
        /// Extra piece: slides along the files (tables `n np s sp`) or steps as a guard.
        VerticalMover = 'V', "vertical mover";
        /// Extra piece: moves as a guard or as a knight.
        GuardKnight = 'A', "guard-knight";
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A move: from a cell to a cell, and whether a pawn promotes to a rook; or (rule option
/// `drops`) a piece from the hand dropped on a cell. Two bytes.
///
/// Meaningful only in the position it was made for (whether it captures depends on that
/// position). Write it with [`chimera_core::Position::move_text`] and read it with
/// [`chimera_core::Position::parse_move`].
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(u16);

impl Move {
    const PROMOTION: u16 = 1 << 12;
    const DROP: u16 = 1 << 13;

    /// The drop of a piece of kind `piece` from the hand onto `to` (rule option `drops`).
    #[inline]
    pub const fn drop(piece: Role, to: Cell) -> Move {
        Move(piece as u16 | (to.index() as u16) << 6 | Move::DROP)
    }

    /// Whether this is a drop from the hand.
    #[inline]
    pub const fn is_drop(self) -> bool {
        self.0 & Move::DROP != 0
    }

    /// The kind of piece dropped, if this is a drop.
    #[inline]
    pub const fn dropped(self) -> Option<Role> {
        if self.is_drop() {
            Some(Role::ALL[(self.0 & 7) as usize])
        } else {
            None
        }
    }

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

    /// The cell the piece leaves (meaningless for a drop: see [`Move::is_drop`]).
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
        if let Some(piece) = self.dropped() {
            return write!(f, "{}@{}", piece.char(), self.to());
        }
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
        if let Some((piece, to)) = crate::notation::parse_drop_syntax(text)? {
            return Ok(Move::drop(piece, to));
        }
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

/// The rule options of Turtle Shell Chess: a repetition rule and any of the options
/// `shuffle`, `drops`, `marshal` (see the rules, section "Options");
/// `Rules::default()` is the standard game (Ko, no option).
///
/// A rule set is named by its repetition rule and its options joined with `+`, in the
/// order repetition, `shuffle`, `drops`, `marshal` (`ko+drops`, `none+shuffle+marshal`);
/// [`Rules::parse`] also reads the options in any order and an option without a
/// repetition rule (`drops` = `ko+drops`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rules {
    /// How repeated positions are treated.
    pub repetition: Repetition,
    /// Option `shuffle`: the back rows are one of 90 numbered arrangements (the position
    /// text `start N` is start `N`; [`chimera_core::Position::start`] is start 72, the
    /// standard one).
    #[cfg_attr(feature = "serde", serde(default))]
    pub shuffle: bool,
    /// Option `drops`: captured pieces go to the captor's hand and may be dropped.
    #[cfg_attr(feature = "serde", serde(default))]
    pub drops: bool,
    /// Option `marshal`: a Marshal (rook + knight) on D1 and D8.
    #[cfg_attr(feature = "serde", serde(default))]
    pub marshal: bool,
}

/// Every rule set's name, in the order of [`Rules::index`]: repetition rule (ko,
/// modified-ko, none) major, then the options as three bits (shuffle 1, drops 2, marshal 4).
const RULE_NAMES: [&str; 24] = [
    "ko",
    "ko+shuffle",
    "ko+drops",
    "ko+shuffle+drops",
    "ko+marshal",
    "ko+shuffle+marshal",
    "ko+drops+marshal",
    "ko+shuffle+drops+marshal",
    "modified-ko",
    "modified-ko+shuffle",
    "modified-ko+drops",
    "modified-ko+shuffle+drops",
    "modified-ko+marshal",
    "modified-ko+shuffle+marshal",
    "modified-ko+drops+marshal",
    "modified-ko+shuffle+drops+marshal",
    "none",
    "none+shuffle",
    "none+drops",
    "none+shuffle+drops",
    "none+marshal",
    "none+shuffle+marshal",
    "none+drops+marshal",
    "none+shuffle+drops+marshal",
];

impl Rules {
    /// The rules with this repetition option and no other option.
    pub const fn new(repetition: Repetition) -> Rules {
        Rules {
            repetition,
            shuffle: false,
            drops: false,
            marshal: false,
        }
    }

    /// These rules with option `shuffle` on.
    pub const fn with_shuffle(self) -> Rules {
        Rules {
            shuffle: true,
            ..self
        }
    }

    /// These rules with option `drops` on.
    pub const fn with_drops(self) -> Rules {
        Rules {
            drops: true,
            ..self
        }
    }

    /// These rules with option `marshal` on.
    pub const fn with_marshal(self) -> Rules {
        Rules {
            marshal: true,
            ..self
        }
    }

    /// The rule set's place in [`chimera_core::RuleSet::NAMES`].
    const fn index(self) -> usize {
        let rep = match self.repetition {
            Repetition::Ko => 0,
            Repetition::ModifiedKo => 1,
            Repetition::None => 2,
        };
        rep * 8 + self.shuffle as usize + 2 * self.drops as usize + 4 * self.marshal as usize
    }

    /// Reads a rule-set name: a repetition rule (`ko`, `modified-ko`, `none`) and options
    /// (`shuffle`, `drops`, `marshal`) joined with `+`, in any order and case; without a
    /// repetition rule, Ko. The error says which part is wrong.
    pub fn parse(name: &str) -> Result<Rules, String> {
        let mut rules = Rules::default();
        let mut repetition: Option<Repetition> = None;
        for part in name.split('+') {
            let word = part.trim().to_ascii_lowercase();
            let set = |flag: &mut bool| {
                if std::mem::replace(flag, true) {
                    Err(format!("option `{word}` is named twice"))
                } else {
                    Ok(())
                }
            };
            let rep = match word.as_str() {
                "ko" => Repetition::Ko,
                "modified-ko" => Repetition::ModifiedKo,
                "none" => Repetition::None,
                "shuffle" => {
                    set(&mut rules.shuffle)?;
                    continue;
                }
                "drops" => {
                    set(&mut rules.drops)?;
                    continue;
                }
                "marshal" => {
                    set(&mut rules.marshal)?;
                    continue;
                }
                "" => return Err("an empty part between `+` signs".into()),
                _ => {
                    return Err(format!(
                        "unknown part `{}`: expected a repetition rule (ko, modified-ko, none) or an option (shuffle, drops, marshal)",
                        chimera_core::excerpt(part.trim())
                    ))
                }
            };
            if let Some(first) = repetition.replace(rep) {
                return Err(format!(
                    "two repetition rules (`{}` and `{word}`): name one",
                    Rules::new(first).name()
                ));
            }
        }
        rules.repetition = repetition.unwrap_or_default();
        Ok(rules)
    }

    /// Whether any option that changes the pieces' play (drops, or pieces beyond the
    /// standard five on the board) is on: such positions take the general move generator.
    pub(crate) const fn needs_general(self) -> bool {
        self.drops || self.marshal
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Rules {
    type Err = String;

    fn from_str(name: &str) -> Result<Rules, String> {
        Rules::parse(name)
    }
}

impl RuleSet for Rules {
    const NAMES: &'static [&'static str] = &RULE_NAMES;

    fn from_name(name: &str) -> Option<Self> {
        Rules::parse(name).ok()
    }

    fn name(&self) -> &'static str {
        RULE_NAMES[self.index()]
    }
}
