//! [`Setup`]: a position put together piece by piece and checked as a whole when built,
//! with the checks the position text reader makes (the reader builds its positions through
//! it).

use crate::board::Cell;
use crate::position::{Role, Triagonal};
use chimera_core::{Color, ParsePositionError, PositionErrorKind};

/// A position under construction: place the pieces, set the side to move, the Jacks in
/// hand, the en-passant cell and the clocks, then [`Setup::build`] checks the whole as the
/// position text reader does and gives the position, or an error saying what is wrong and
/// where.
///
/// ```
/// use chimera_triagonal::{Cell, Color, Role, Setup};
/// let cell = |s| Cell::parse(s).unwrap();
/// let mut setup = Setup::new(Color::White);
/// setup
///     .set_piece(cell("Ae1"), Some((Role::King, Color::White)))
///     .set_piece(cell("He8"), Some((Role::King, Color::Black)))
///     .set_jacks_in_hand(Color::White, 2);
/// let pos = setup.build().unwrap();
/// assert_eq!(pos.jacks_in_hand(Color::White), 2);
/// // A second white king is refused, naming its cell.
/// setup.set_piece(cell("Ad1"), Some((Role::King, Color::White)));
/// assert!(setup.build().unwrap_err().place.starts_with("Ae1"));
/// ```
#[derive(Clone, Debug)]
pub struct Setup {
    /// The pieces, side to move, Jacks in hand and clocks, in an unchecked position (its
    /// own en-passant cell unused).
    pub(crate) draft: Triagonal,
    /// The en-passant cell and the cell of the pawn that can be taken there.
    en_passant: Option<(Cell, Cell)>,
}

impl Setup {
    /// An empty board (no kings: a position without one is a game over, as the reader
    /// allows) with `turn` to move, no Jacks in hand, no en-passant cell, the half-move
    /// clock at 0 and move 1.
    pub fn new(turn: Color) -> Setup {
        Setup::from_position(&Triagonal::empty(turn))
    }

    /// The setup of a position, to change and build again.
    pub fn from_position(pos: &Triagonal) -> Setup {
        Setup {
            draft: pos.clone(),
            en_passant: pos.en_passant(),
        }
    }

    /// The piece on `cell` and its colour, if any.
    pub fn piece_at(&self, cell: Cell) -> Option<(Role, Color)> {
        self.draft.piece_at(cell)
    }

    /// Puts a piece on a cell (replacing what was there), or empties it with `None`. A side
    /// may have a second king here for now: [`Setup::build`] refuses it.
    pub fn set_piece(&mut self, cell: Cell, piece: Option<(Role, Color)>) -> &mut Self {
        self.draft.set_piece(cell, piece);
        self
    }

    /// Sets the side to move.
    pub fn set_turn(&mut self, turn: Color) -> &mut Self {
        self.draft.set_turn(turn);
        self
    }

    /// Sets the Jacks in `color`'s hand.
    pub fn set_jacks_in_hand(&mut self, color: Color, count: u16) -> &mut Self {
        self.draft.set_jacks_in_hand(color, count);
        self
    }

    /// Sets the en-passant cell (the cell skipped by a double step of the side not to
    /// move) and the cell of the pawn that made it, or none.
    pub fn set_en_passant(&mut self, ep: Option<(Cell, Cell)>) -> &mut Self {
        self.en_passant = ep;
        self
    }

    /// Sets the number of plies since the last capture, pawn move or Jack placement.
    pub fn set_halfmove_clock(&mut self, plies: u32) -> &mut Self {
        self.draft.halfmove = plies;
        self
    }

    /// Sets the move number (from 1).
    pub fn set_fullmove_number(&mut self, number: u32) -> &mut Self {
        self.draft.fullmove = number;
        self
    }

    /// The position, if the whole is one the reader accepts: at most one king of each
    /// colour (kind [`PositionErrorKind::Invalid`], the place naming the second king's
    /// cell), a move number of at least 1, and an en-passant cell that is empty, one forward
    /// step of the side not to move behind the cell of its pawn that double-stepped from a
    /// pawn start cell.
    pub fn build(&self) -> Result<Triagonal, ParsePositionError> {
        let mut pos = self.draft.clone();
        for color in Color::ALL {
            let king = Some((Role::King, color));
            let mut kings = pos
                .occupied_by(color)
                .iter()
                .filter(|&c| pos.piece_at(c) == king);
            if let Some(second) = kings.nth(1) {
                return Err(second_king(second, color));
            }
        }
        if pos.fullmove == 0 {
            return Err(ParsePositionError::of_kind(
                PositionErrorKind::BadCounter,
                "the move number",
                "moves are numbered from 1",
            ));
        }
        pos.set_en_passant(self.en_passant).map_err(|reason| {
            let (skipped, victim) = self.en_passant.expect("only a cell is refused");
            ParsePositionError::of_kind(
                PositionErrorKind::BadField,
                "the en-passant cell",
                format!("{skipped}>{victim}: {reason}"),
            )
        })?;
        Ok(pos)
    }
}

/// The error for a second king of `color` on `cell`: kind [`PositionErrorKind::Invalid`],
/// the place naming the cell (with its level, rank and file).
pub(crate) fn second_king(cell: Cell, color: Color) -> ParsePositionError {
    ParsePositionError::of_kind(
        PositionErrorKind::Invalid,
        format!(
            "{cell} (level {}, rank {}, file {})",
            char::from(b'A' + cell.level()),
            cell.rank() + 1,
            char::from(b'a' + cell.file())
        ),
        format!("a second {color} king"),
    )
}
