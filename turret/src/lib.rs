#![doc = include_str!("../README.md")]
//!
//! ## The crate in detail
//!
//! - [`Turret`] is the position; it implements [`chimera_core::Position`] (legal moves,
//!   play, outcome, Zobrist key, text in and out) and [`chimera_core::Render`] (terminal
//!   diagram and SVG).
//! - [`Rules`] chooses between the standard game and the Kwagga option.
//! - [`Move`] (4 bytes), [`Cell`], [`Piece`], [`Role`], [`Sling`] describe the game.
//!
//! ## The Turret
//! It slides like a queen onto an empty cell and never captures by its own move. If the cell
//! behind its start holds a piece (either colour, kings included) that piece is thrown to the
//! cell just beyond the Turret's destination, capturing an enemy of the Turret's owner
//! there. A Turret move is written with its from and to cells (`c1g5`); [`Turret::sling`]
//! tells what its sling does.
//!
//! ## Text
//! - Positions: FEN over ten files `a`–`j` with `*` for the twelve missing cells
//!   ([`START_FEN`]). The castling field lists `K`, `Q`, `k`, `q` for each right that lasts;
//!   since rights follow the original rooks, a letter is followed by the rook's cell when
//!   that rook has been thrown away from its initial cell (`Kd4`).
//! - Moves: [`chimera_core::Position::move_text`] writes long algebraic (`e2e4`, `e7e8t`,
//!   castling as the king's move: `f1h1`, `f1i1`, `f1d1`, `f1c1`);
//!   [`chimera_core::Position::parse_move`] reads that, `O-O`/`O-O-O`, and SAN as
//!   [`Turret::san`] prints it, which is also the display notation
//!   ([`chimera_core::Position::move_display`], `Game::move_displays`).
//!
//! ## Example
//! ```
//! // One dependency is enough: the prelude brings the core's traits and types.
//! use chimera_turret::prelude::*;
//!
//! let mut game: Game<Turret> = Game::start(Rules::Standard);
//! assert_eq!(perft(&mut game, 1), 20);
//! game.play_text("e2e4").unwrap();
//! assert_eq!(game.move_displays(), ["e4"]);
//!
//! // A Turret on e4 moving to e6 throws the knight on e3 to e7.
//! let pos = Turret::from_text("5k4/*8*/*8*/*8*/*3T4*/*3N4*/*8*/5K4 w - - 0 1", Rules::Standard)
//!     .unwrap();
//! let mv = pos.parse_move("e4e6").unwrap();
//! let sling = pos.sling(mv).unwrap();
//! assert_eq!((sling.from.to_string(), sling.to.to_string()), ("e3".into(), "e7".into()));
//! assert_eq!(pos.san(mv), "Te6");
//! assert_eq!(pos.move_display(mv), "Te6"); // SAN, through the trait
//! assert_eq!(pos.move_text(mv), "e4e6");
//!
//! // Pictures for a terminal or a web page.
//! let mut after = pos.clone();
//! after.play(mv).unwrap();
//! assert!(after.text_diagram(Some((&pos, mv))).contains("the sling throws the white knight"));
//! assert!(after.svg(Some((&pos, mv))).starts_with("<svg"));
//! ```
//!
//! ## Features
//! - `serde`: [`Turret`] serializes as `{"rules": NAME, "position": TEXT}` (its rules'
//!   name and its position text, [`chimera_core::Position::to_text`]) and deserializes by reading
//!   that text, so a broken position is refused; `chimera_core::Game<Turret>` serializes
//!   as its start position and its moves as their move text (`{"start": …, "moves": ["e2e4",
//!   …]}`), each read back and replayed, so an illegal record is refused; [`Move`] on its own
//!   serializes as its text without a position (`"e2e4"`, `"e7e8t"`, and `"e5d6(ep)"`,
//!   `"f1i1(castle)"` for the kinds its cells do not tell; see its `Display`) and
//!   deserializes from it, refusing a malformed text with the reader's error.
#![forbid(unsafe_code)]

mod board;
mod eval;
mod movegen;
// RULES.md marks rulings as `[ruling]`, which rustdoc would take for links.
#[allow(rustdoc::broken_intra_doc_links)]
#[doc = include_str!("../RULES.md")]
pub mod rules {}
mod notation;
mod position;
mod render;
mod types;
mod zobrist;

pub use board::{Bitboard, Cell, Cells, Dir};
pub use eval::{FEATURES, PHASE_TOTAL, ROLE_VALUES, WEIGHTS};
pub use position::{CastleSide, Sling, Turret, KING_FILE};
pub use types::{Move, MoveKind, Piece, Role, Rules};

// The core items a user needs, so that this crate is the only dependency.
pub use chimera_core::reexports::*;

/// What a user of the crate needs in one import (`use chimera_turret::prelude::*;`): the position, its moves, cells and pieces, the
/// core traits ([`Position`], [`Render`], [`Evaluate`]), [`Game`], [`Outcome`] and its
/// reasons, [`Color`] and [`perft`].
pub mod prelude {
    pub use crate::{
        perft, Cell, Color, DrawReason, Evaluate, Game, Move, MoveKind, Outcome, Piece, Position,
        Render, Role, Rules, Turret, WinReason,
    };
}

/// The start position of standard Turret Chess.
pub const START_FEN: &str =
    "trnbqkbnrt/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/TRNBQKBNRT w KQkq - 0 1";

/// The start position with the Kwagga option: Kwaggas (`Z`) instead of knights.
pub const KWAGGA_START_FEN: &str =
    "trzbqkbzrt/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/TRZBQKBZRT w KQkq - 0 1";

/// Plies without a capture or a pawn changing cell after which the game is drawn.
pub const MOVE_LIMIT: u32 = 100;

impl Turret {
    /// The legal moves as a new vector (history ignored; see [`chimera_core::Game`]).
    pub fn legal_move_list(&self) -> Vec<Move> {
        let mut v = Vec::new();
        self.legal_moves(&mut v);
        v
    }

    /// The rule options this position is played under.
    pub fn rule_set(&self) -> Rules {
        self.rules
    }
}

impl Position for Turret {
    type Move = Move;
    type Rules = Rules;
    const VARIANT: &'static str = "turret";

    fn start(rules: Rules) -> Self {
        let fen = match rules {
            Rules::Standard => START_FEN,
            Rules::Kwagga => KWAGGA_START_FEN,
        };
        Turret::parse_fen(fen, rules).expect("the start position reads")
    }

    fn from_text(text: &str, rules: Rules) -> Result<Self, ParsePositionError> {
        Turret::parse_fen(text, rules)
    }

    fn to_text(&self) -> String {
        self.write_fen()
    }

    fn rules(&self) -> Rules {
        self.rules
    }

    fn turn(&self) -> Color {
        self.turn
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        self.gen_legal(moves);
        if self.halfmove >= MOVE_LIMIT && !moves.is_empty() {
            moves.clear();
        }
    }

    fn play_unchecked(&mut self, mv: Move) {
        self.make::<true>(mv);
    }

    fn terminal(&self) -> Option<Outcome> {
        if self.halfmove >= MOVE_LIMIT {
            let mut moves = Vec::new();
            self.gen_legal(&mut moves);
            if !moves.is_empty() {
                return Some(Outcome::Draw {
                    reason: DrawReason::MoveLimit,
                });
            }
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
        self.parse_move_text(text)
    }

    fn move_text(&self, mv: Move) -> String {
        self.lan(mv)
    }

    /// SAN ([`Turret::san`]).
    fn move_display(&self, mv: Move) -> String {
        self.san(mv)
    }

    /// Counts without listing (perft's last ply); none at the move limit, as
    /// [`Position::legal_moves`] lists none there.
    fn count_legal_moves_within(
        &self,
        _: chimera_core::History<'_, Self>,
        _: &mut Vec<Move>,
        undecided: &mut Vec<Move>,
        _: &mut chimera_core::Budget,
    ) -> Option<u64> {
        undecided.clear();
        if self.halfmove >= MOVE_LIMIT {
            return Some(0);
        }
        Some(self.count_legal())
    }

    fn history_outcome(&self, earlier: chimera_core::History<'_, Self>) -> Option<Outcome> {
        let earlier = earlier.positions();
        // Only positions since the last capture or pawn move can repeat this one, and only
        // those with the same side to move (every second one).
        let window = (self.halfmove as usize).min(earlier.len());
        let mut seen = 1;
        let mut i = earlier.len();
        let stop = earlier.len() - window;
        while i >= stop + 2 {
            i -= 2;
            if earlier[i].same_for_repetition(self) {
                seen += 1;
                if seen >= 3 {
                    return Some(Outcome::Draw {
                        reason: DrawReason::Repetition,
                    });
                }
            }
        }
        None
    }
}

// With the `serde` feature a position serializes as its rules' name and position text, and
// reading one back validates it (the core's glue, `chimera_core::serde_text`).
#[cfg(feature = "serde")]
chimera_core::impl_serde_via_text!(Turret);
