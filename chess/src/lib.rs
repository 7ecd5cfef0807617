#![doc = include_str!("../README.md")]
//!
//! ## The crate in detail
//!
//! - [`Chess`] is the position; it implements [`Position`] (legal moves, play, outcome,
//!   Zobrist key, FEN in and out), [`Render`] (terminal diagram and SVG) and [`Evaluate`]
//!   (for `chimera play --computer`). [`Game`] adds the history (threefold repetition).
//! - [`Move`], [`MoveKind`], [`Square`], [`Piece`], [`Role`] describe the game; [`Rules`]
//!   has the one rule set, `standard`.
//! - The rules as implemented, with the FIDE article of each, are in `chess/RULES.md`,
//!   included here as the module [`rules`].
//!
//! ## Text
//! - Positions: FEN ([`START_FEN`]); the clocks may be left out (`0 1`). An en-passant
//!   square is kept (and written) only when a capture there is legal.
//! - Moves: [`Position::move_text`] writes UCI (`e2e4`, `e7e8q`, castling `e1g1`);
//!   [`Position::parse_move`] reads that, `O-O`/`O-O-O` and SAN ([`Chess::san`], also the
//!   display notation: [`Position::move_display`], [`Game::move_displays`]).
//!
//! ## Features
//! - `serde`: [`Chess`] serializes as `{"rules": "standard", "position": FEN}` and
//!   deserializes by reading that FEN (so it validates); [`Move`] as its UCI text;
//!   `Game<Chess>` as its start position and its moves as their text (`{"start": …,
//!   "moves": ["e2e4", …]}`), read back by replaying them (an illegal record is refused).
//!
//! ## Example
//! ```
//! use chimera_chess::prelude::*;
//!
//! let mut game: Game<Chess> = Game::start(Rules::default());
//! assert_eq!(perft(&mut game, 2), 400);
//! for mv in ["f3", "e5", "g4", "Qh4#"] {
//!     game.play_text(mv).unwrap();
//! }
//! let outcome = game.outcome().unwrap();
//! assert_eq!(outcome.winner(), Some(Color::Black));
//! assert_eq!(outcome.to_string(), "0-1 black wins by checkmate");
//! assert!(game.play_text("e2e4").is_err()); // the game is over: nothing changes
//!
//! let pos = Chess::from_text("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", Rules::default()).unwrap();
//! let mv = pos.parse_move("a8=Q").unwrap();
//! assert_eq!(pos.move_text(mv), "a7a8q");
//! assert_eq!(pos.san(mv), "a8=Q+");
//! assert_eq!(pos.move_display(mv), "a8=Q+"); // SAN, through the trait
//! assert_eq!(game.move_displays(), ["f3", "e5", "g4", "Qh4#"]);
//! assert!(pos.svg(None).contains(r#"data-cell="a7""#));
//! ```
#![forbid(unsafe_code)]

mod board;
mod eval;
mod movegen;
mod notation;
mod pawns;
mod position;
mod render;
mod types;
pub mod weights;

/// The rules of orthodox chess as this crate implements them (`chess/RULES.md`).
#[doc = include_str!("../RULES.md")]
pub mod rules {}

pub use board::Bitboard;
pub use eval::{ROLE_VALUES, WEIGHTS};
pub use notation::parse_uci;
pub use position::{Chess, BLACK_KING_SIDE, BLACK_QUEEN_SIDE, WHITE_KING_SIDE, WHITE_QUEEN_SIDE};
pub use types::{Move, MoveKind, Piece, Role, Square};
/// The names of the evaluation's features, in the order of its weight file.
pub use weights::NAMES as FEATURES;

// The core items a user needs, so that this crate is the only dependency.
pub use chimera_core::reexports::*;

/// The rule options: only the standard game.
pub type Rules = chimera_core::StandardRules;

/// What a user of the crate needs in one import: the position, its moves and pieces, the
/// core traits, [`Game`], [`Outcome`] and [`perft`].
pub mod prelude {
    pub use crate::{
        perft, Chess, Color, DrawReason, Evaluate, Game, Move, MoveKind, Outcome, Piece, Position,
        Render, Role, Rules, Square, WinReason, START_FEN,
    };
}

use chimera_core::History;
use chimera_kit::history::is_third_occurrence;

/// The start position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Plies without a capture or a pawn move after which the game is drawn (the fifty-move
/// rule, applied without a claim).
pub const MOVE_LIMIT: u32 = 100;

impl Chess {
    /// The legal moves as a new vector (history ignored; none once the game is over).
    pub fn legal_move_list(&self) -> Vec<Move> {
        let mut v = Vec::new();
        self.legal_moves(&mut v);
        v
    }

    /// Whether neither side can checkmate by any series of legal moves for lack of
    /// material: no pawn, rook or queen, and either at most one knight or bishop in all,
    /// or only bishops, all on squares of one colour.
    pub fn insufficient_material(&self) -> bool {
        let heavy = self.roles[Role::Pawn.index()]
            | self.roles[Role::Rook.index()]
            | self.roles[Role::Queen.index()];
        if !heavy.is_empty() {
            return false;
        }
        let knights = self.roles[Role::Knight.index()];
        let bishops = self.roles[Role::Bishop.index()];
        if (knights | bishops).count() <= 1 {
            return true;
        }
        let dark = Bitboard::from(0xAA55_AA55_AA55_AA55u64);
        knights.is_empty() && (bishops.is_subset(&dark) || (bishops & dark).is_empty())
    }
}

impl Position for Chess {
    type Move = Move;
    type Rules = Rules;
    const VARIANT: &'static str = "chess";

    fn start(_: Rules) -> Self {
        Chess::from_fen(START_FEN).expect("the start position reads")
    }

    fn from_text(text: &str, _: Rules) -> Result<Self, ParsePositionError> {
        Chess::from_fen(text)
    }

    fn to_text(&self) -> String {
        self.to_fen()
    }

    fn rules(&self) -> Rules {
        Rules::default()
    }

    fn turn(&self) -> Color {
        self.turn
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        self.gen_legal(moves);
        if !moves.is_empty() && (self.halfmove >= MOVE_LIMIT || self.insufficient_material()) {
            moves.clear();
        }
    }

    fn play_unchecked(&mut self, mv: Move) {
        self.make(mv);
    }

    fn terminal(&self) -> Option<Outcome> {
        if self.insufficient_material() {
            return Some(Outcome::Draw {
                reason: DrawReason::InsufficientMaterial,
            });
        }
        if self.halfmove >= MOVE_LIMIT && !self.raw_moves().is_empty() {
            return Some(Outcome::Draw {
                reason: DrawReason::MoveLimit,
            });
        }
        None
    }

    fn no_move_outcome(&self) -> Outcome {
        Outcome::checkmate_or_stalemate(self.turn, self.is_check())
    }

    fn zobrist(&self) -> u64 {
        self.key
    }

    fn zobrist_from_scratch(&self) -> u64 {
        self.compute_key()
    }

    fn parse_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        self.read_move(text)
    }

    fn move_text(&self, mv: Move) -> String {
        mv.to_string()
    }

    /// SAN ([`Chess::san`]).
    fn move_display(&self, mv: Move) -> String {
        self.san(mv)
    }

    /// Threefold repetition: the same position (pieces, side to move, castling rights, a
    /// legal en-passant capture) for the third time, looked up by Zobrist key.
    fn history_outcome(&self, earlier: History<'_, Self>) -> Option<Outcome> {
        // A third occurrence needs at least 8 plies without a capture or a pawn move (each
        // side's moves away and back, twice).
        if self.halfmove < 8 {
            return None;
        }
        is_third_occurrence(self, earlier, same_for_repetition).then_some(Outcome::Draw {
            reason: DrawReason::Repetition,
        })
    }
}

fn same_for_repetition(a: &Chess, b: &Chess) -> bool {
    a.roles == b.roles
        && a.colors == b.colors
        && a.turn == b.turn
        && a.castling == b.castling
        && a.ep == b.ep
}

#[cfg(feature = "serde")]
chimera_core::impl_serde_via_text!(Chess);
