//! The position: one bitboard per ring and colour, the side to move, the clocks, and the
//! incrementally kept Zobrist key; making moves; the end of the game.

use crate::board::{last_rank, Bits, Square, ZOBRIST, ZOBRIST_BLACK_TO_MOVE};
use crate::stack::{Ring, Stack, F, T, TF, TFW, W};
use chimera_core::{Color, DrawReason, Outcome, WinReason};
use chimera_kit::history::is_third_occurrence;
use std::fmt;

/// The side to move had no legal move, which Turnover counts as a loss (the siege). A way to win this variant defines (the core knows only the common ones).
pub const SIEGE: WinReason = WinReason::variant("siege", "siege (the opponent has no legal move)");

/// The loser has no Castle (royal stack) left. A way to win this variant defines (the core knows only the common ones).
pub const NO_ROYAL_PIECE: WinReason = WinReason::variant(
    "no-royal-piece",
    "leaving the opponent without a royal piece",
);

/// Turnover's rule options. There is one rule set, the standard game of the rules file.
pub type Rules = chimera_core::StandardRules;

/// A move: the square the travelling rings leave and the square they land on. Which rings
/// travel follows from the position (see [`Turnover::describe`]), so two squares say
/// everything; a `Move` is two bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    from: Square,
    to: Square,
}

impl Move {
    /// The move from `from` to `to`.
    #[inline]
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// The square the travelling rings leave.
    #[inline]
    pub const fn from(self) -> Square {
        self.from
    }

    /// The square they land on.
    #[inline]
    pub const fn to(self) -> Square {
        self.to
    }
}

impl fmt::Display for Move {
    /// `d2-d3`: the position-free form (a position's [`chimera_core::Position::move_text`]
    /// writes `x` for captures and `*` for turnovers).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

/// What a move does to the square it lands on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Effect {
    /// The target square was empty.
    Quiet,
    /// The arriving rings merged with a friendly stack.
    Merge,
    /// The arriving rings merged with an enemy stack, turning all its rings over.
    Turnover,
    /// The enemy stack on the target was captured.
    Capture,
}

/// Everything a move does, as [`Turnover::describe`] works it out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoveInfo {
    /// The stack that stood on the origin square.
    pub piece: Stack,
    /// The rings that travel.
    pub traveller: Stack,
    /// The rings left on the origin square, if any.
    pub stays: Option<Stack>,
    /// What stood on the target square, and whose it was.
    pub target: Option<(Stack, Color)>,
    /// Merge, turnover, capture, or a move to an empty square.
    pub effect: Effect,
    /// The mover's stack on the target square afterwards.
    pub result: Stack,
    /// Whether promotion changed the result into a Citadel.
    pub promotion: bool,
}

/// A Turnover Chess position: the stacks on the board, the side to move, the plies since the
/// last capture or turnover, and the move number.
///
/// Internally one bitboard per ring (T, F, W) and colour, and a Zobrist key kept up to date
/// move by move. Build one with [`chimera_core::Position::start`], from a position text with
/// [`chimera_core::Position::from_text`], or from [`Turnover::empty`] and
/// [`Turnover::set_stack`].
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Turnover {
    /// `rings[colour][ring]`.
    pub(crate) rings: [[u64; 3]; 2],
    pub(crate) turn: Color,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) key: u64,
}

impl fmt::Debug for Turnover {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Turnover({})", crate::notation::write_position(self))
    }
}

/// Whether the move from `from` to `to` is a dismount for `color`: two squares straight
/// forward.
#[inline]
fn is_dismount(from: Square, to: Square, color: Color) -> bool {
    crate::board::forward(from, color, 2) == Some(to)
}

impl Turnover {
    /// An empty board with `turn` to move, clocks at 0 plies and move 1.
    pub fn empty(turn: Color) -> Turnover {
        let mut pos = Turnover {
            rings: [[0; 3]; 2],
            turn,
            halfmove: 0,
            fullmove: 1,
            key: 0,
        };
        pos.key = pos.compute_key();
        pos
    }

    /// The standard start: White Castles on a1 c1 e1 g1 b2 d2 f2 h2, Black Castles on a8 c8
    /// e8 g8 b7 d7 f7 h7, White to move.
    pub fn standard() -> Turnover {
        let mut pos = Turnover::empty(Color::White);
        for name in ["a1", "c1", "e1", "g1", "b2", "d2", "f2", "h2"] {
            let sq = Square::parse(name).expect("valid square");
            pos.set_stack(sq, Some((Stack::Castle, Color::White)));
        }
        for name in ["a8", "c8", "e8", "g8", "b7", "d7", "f7", "h7"] {
            let sq = Square::parse(name).expect("valid square");
            pos.set_stack(sq, Some((Stack::Castle, Color::Black)));
        }
        pos
    }

    /// Puts a stack on a square (replacing what was there), or empties it with `None`.
    pub fn set_stack(&mut self, sq: Square, stack: Option<(Stack, Color)>) {
        for c in 0..2 {
            let old = self.ring_set(c, sq);
            self.toggle(c, old, sq);
        }
        if let Some((stack, color)) = stack {
            self.toggle(color.index(), stack.rings(), sq);
        }
    }

    /// Sets the side to move.
    pub fn set_turn(&mut self, turn: Color) {
        if turn != self.turn {
            self.turn = turn;
            self.key ^= ZOBRIST_BLACK_TO_MOVE;
        }
    }

    /// Sets the number of plies since the last capture or turnover.
    pub fn set_halfmove_clock(&mut self, plies: u32) {
        self.halfmove = plies;
    }

    /// Sets the move number (at least 1).
    pub fn set_fullmove_number(&mut self, number: u32) {
        self.fullmove = number.max(1);
    }

    /// The stack on `sq` and its owner, if any.
    #[inline]
    pub fn stack_at(&self, sq: Square) -> Option<(Stack, Color)> {
        for color in Color::ALL {
            let set = self.ring_set(color.index(), sq);
            if set != 0 {
                return Stack::from_rings(set).map(|s| (s, color));
            }
        }
        None
    }

    /// The squares holding a `ring` of `color` (a bitboard, a1 = bit 0, h8 = bit 63).
    #[inline]
    pub fn rings(&self, color: Color, ring: Ring) -> u64 {
        self.rings[color.index()][ring as usize]
    }

    /// The squares holding exactly the stack `stack` of `color`.
    #[inline]
    pub fn stacks(&self, color: Color, stack: Stack) -> u64 {
        let [t, f, w] = self.rings[color.index()];
        let has = |bb: u64, ring: Ring| if stack.has(ring) { bb } else { !bb };
        has(t, Ring::Tower) & has(f, Ring::Fort) & has(w, Ring::Wall)
    }

    /// The squares of `color`'s Castles.
    #[inline]
    pub fn castles(&self, color: Color) -> u64 {
        let [t, f, w] = self.rings[color.index()];
        t & f & w
    }

    /// The squares holding any ring of `color`.
    #[inline]
    pub fn occupied_by(&self, color: Color) -> u64 {
        let [t, f, w] = self.rings[color.index()];
        t | f | w
    }

    /// The squares holding any ring.
    #[inline]
    pub fn occupied(&self) -> u64 {
        self.occupied_by(Color::White) | self.occupied_by(Color::Black)
    }

    /// Plies since the last capture or turnover of an enemy ring.
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The move number: 1 at the start, increased after each Black move.
    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// Whether both positions have the same stacks on the same squares and the same side to
    /// move (what repetition compares; the clocks do not count).
    #[inline]
    pub fn same_placement(&self, other: &Turnover) -> bool {
        self.key == other.key && self.rings == other.rings && self.turn == other.turn
    }

    /// The ring set (T = 1, F = 2, W = 4) of colour index `c` on `sq`.
    #[inline(always)]
    pub(crate) fn ring_set(&self, c: usize, sq: Square) -> u8 {
        let [t, f, w] = self.rings[c];
        let i = sq.index();
        (((t >> i) & 1) | (((f >> i) & 1) << 1) | (((w >> i) & 1) << 2)) as u8
    }

    /// Flips the rings of `set` of colour index `c` on `sq`, keeping the key.
    #[inline(always)]
    fn toggle(&mut self, c: usize, set: u8, sq: Square) {
        for (ring, (board, keys)) in self.rings[c].iter_mut().zip(&ZOBRIST[c]).enumerate() {
            if set & (1 << ring) != 0 {
                *board ^= sq.bit();
                self.key ^= keys[sq.index()];
            }
        }
    }

    pub(crate) fn compute_key(&self) -> u64 {
        let mut key = if self.turn == Color::Black {
            ZOBRIST_BLACK_TO_MOVE
        } else {
            0
        };
        for (boards, keys) in self.rings.iter().zip(&ZOBRIST) {
            for (&board, keys) in boards.iter().zip(keys) {
                for sq in Bits(board) {
                    key ^= keys[sq.index()];
                }
            }
        }
        key
    }

    /// Works out what `mv` does here, for the side to move: which rings travel and which
    /// stay, what they land on, the effect (merge, turnover, capture), the resulting stack
    /// after any promotion. `None` if the origin holds no stack of the side to move. This
    /// does not check that the move is legal.
    #[inline]
    pub fn describe(&self, mv: Move) -> Option<MoveInfo> {
        let us = self.turn.index();
        let piece_set = self.ring_set(us, mv.from);
        let piece = Stack::from_rings(piece_set)?;
        let own = self.ring_set(us, mv.to);
        let enemy = self.ring_set(us ^ 1, mv.to);
        let target_set = own | enemy;
        let travel = match piece {
            Stack::Tower => T,
            Stack::Fort | Stack::Citadel => F,
            Stack::Wall | Stack::Fortress => W,
            Stack::Castle => {
                // Onto a Fort or Citadel only the W steps; two squares forward it dismounts;
                // anything else moves the whole Castle.
                if target_set == F || target_set == TF || is_dismount(mv.from, mv.to, self.turn) {
                    W
                } else {
                    TFW
                }
            }
        };
        let traveller = Stack::from_rings(travel)?;
        let stays = Stack::from_rings(piece_set & !travel);
        let target = if own != 0 {
            Stack::from_rings(own).map(|s| (s, self.turn))
        } else if enemy != 0 {
            Stack::from_rings(enemy).map(|s| (s, !self.turn))
        } else {
            None
        };
        let (effect, mut result) = match target {
            None => (Effect::Quiet, travel),
            Some((s, _))
                if travel & s.rings() == 0 && Stack::from_rings(travel | s.rings()).is_some() =>
            {
                let effect = if own != 0 {
                    Effect::Merge
                } else {
                    Effect::Turnover
                };
                (effect, travel | s.rings())
            }
            Some(_) => (Effect::Capture, travel),
        };
        // Promotion: on the mover's last rank a lone W (arrived on an empty square or by a
        // capture) and any Castle formed there (a W merging onto a Citadel, a Tower merging
        // onto a Fortress, a whole Castle stepping there) become a Citadel. A W merging onto
        // a Fort stays a Fortress.
        let promotion = last_rank(self.turn) & mv.to.bit() != 0 && (result == W || result == TFW);
        if promotion {
            result = TF;
        }
        Some(MoveInfo {
            piece,
            traveller,
            stays,
            target,
            effect,
            result: Stack::from_rings(result)?,
            promotion,
        })
    }

    /// The end of the game that does not depend on legal moves or history: rules 1 and 2 of
    /// "End of the game" (no Castle). The side that just moved is `!turn`.
    #[inline]
    pub(crate) fn castle_outcome(&self) -> Option<Outcome> {
        let mover = !self.turn;
        if self.castles(self.turn) == 0 {
            Some(Outcome::Win {
                winner: mover,
                reason: NO_ROYAL_PIECE,
            })
        } else if self.castles(mover) == 0 {
            Some(Outcome::Win {
                winner: self.turn,
                reason: NO_ROYAL_PIECE,
            })
        } else {
            None
        }
    }

    /// Whether the game is over whatever the side to move could do: a side without Castle,
    /// or the 50-move clock run out (a draw if it has a move, Siege if not).
    #[inline]
    pub(crate) fn finished_without_moves(&self) -> bool {
        self.halfmove >= 100 || self.castles(Color::White) == 0 || self.castles(Color::Black) == 0
    }
}

impl chimera_core::Position for Turnover {
    type Move = Move;
    type Rules = Rules;
    const VARIANT: &'static str = "turnover";

    fn start(_rules: Rules) -> Self {
        Turnover::standard()
    }

    fn from_text(text: &str, _rules: Rules) -> Result<Self, chimera_core::ParsePositionError> {
        crate::notation::read_position(text)
    }

    fn to_text(&self) -> String {
        crate::notation::write_position(self)
    }

    fn rules(&self) -> Rules {
        Rules::Standard
    }

    #[inline]
    fn turn(&self) -> Color {
        self.turn
    }

    #[inline]
    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.finished_without_moves() {
            return;
        }
        self.visit_targets(|from, targets| {
            moves.extend(Bits(targets).map(|to| Move::new(from, to)));
            true
        });
    }

    fn play_unchecked(&mut self, mv: Move) {
        let Some(info) = self.describe(mv) else {
            return;
        };
        let us = self.turn.index();
        self.toggle(us, info.traveller.rings(), mv.from);
        if let Some((stack, color)) = info.target {
            self.toggle(color.index(), stack.rings(), mv.to);
        }
        self.toggle(us, info.result.rings(), mv.to);
        let enemy_hit = matches!(info.target, Some((_, c)) if c != self.turn);
        self.halfmove = if enemy_hit {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        if self.turn == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.turn = !self.turn;
        self.key ^= ZOBRIST_BLACK_TO_MOVE;
    }

    fn terminal(&self) -> Option<Outcome> {
        if let Some(outcome) = self.castle_outcome() {
            return Some(outcome);
        }
        // Siege comes before the draws: the 50-move draw needs a legal move.
        (self.halfmove >= 100 && self.has_any_move()).then_some(Outcome::Draw {
            reason: DrawReason::MoveLimit,
        })
    }

    fn no_move_outcome(&self) -> Outcome {
        Outcome::Win {
            winner: !self.turn,
            reason: SIEGE,
        }
    }

    #[inline]
    fn zobrist(&self) -> u64 {
        self.key
    }

    fn zobrist_from_scratch(&self) -> u64 {
        self.compute_key()
    }

    fn parse_move(&self, text: &str) -> Result<Move, chimera_core::ParseMoveError> {
        crate::notation::read_move(text)
    }

    fn move_text(&self, mv: Move) -> String {
        crate::notation::write_move(self, mv)
    }

    /// Threefold repetition: the third occurrence of the same stacks on the same squares
    /// with the same side to move. Siege comes first in the rules' order, so a repetition
    /// where the side to move has no legal move is left to Siege (`no_move_outcome`).
    fn history_outcome(&self, earlier: chimera_core::History<'_, Self>) -> Option<Outcome> {
        let third = is_third_occurrence(self, earlier, Turnover::same_placement);
        (third && self.has_any_move()).then_some(Outcome::Draw {
            reason: DrawReason::Repetition,
        })
    }
}

// With the `serde` feature a lone move serializes as its position-free text (its
// `Display`, such as "d2-d4") and deserializes by reading that text, refusing bad text with
// the reader's error (what was wrong and where).
#[cfg(feature = "serde")]
chimera_kit::impl_move_serde_via_text!(Move, crate::notation::read_move);
