//! Computer players seen through [`DynGame`]: the [`Computer`] trait and what a search
//! reports ([`Report`]), the `chimera-engine` search ([`EngineComputer`]), the baseline
//! players ([`BaselineComputer`]), and the bounds every search is held to ([`mod@limits`]).

mod baseline;
mod engine;
pub mod limits;

pub use baseline::BaselineComputer;
pub use engine::{search, search_reporting, search_with, EngineComputer};
pub use limits::{
    limits, parse_time, with_threads, DEFAULT_TIME, MAX_DEPTH, MAX_NODES, MAX_THREADS, MAX_TIME,
    SAFETY_TIME,
};

use crate::Error;
use chimera_core::{Color, DynGame};
use chimera_engine::{Limits, Score};
use std::time::Duration;

/// What a search found, in the variant's notation.
#[derive(Clone, Debug)]
pub struct Report {
    /// The best move.
    pub best_move: String,
    /// Its score, from the side to move's point of view.
    pub score: Score,
    /// The principal variation.
    pub pv: Vec<String>,
    /// The deepest completed iteration.
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
    /// Nodes per second.
    pub nps: u64,
    /// Whether a limit other than the depth stopped the search.
    pub stopped: bool,
    /// The root lines of the deepest iteration, best first (as many as the limits'
    /// `multipv` asked, or fewer legal moves; the first is `score` and `pv`).
    pub lines: Vec<Line>,
    /// How full the transposition table is, per mille, when the search ended (`None` for
    /// a search still running, or a player without a table).
    pub hashfull: Option<u32>,
}

/// One root line of a search (multi-PV), in the variant's notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The score for the side to move.
    pub score: Score,
    /// The principal variation, starting with the line's root move.
    pub pv: Vec<String>,
}

/// A computer player for one variant, seen through [`DynGame`]: it keeps what it learnt
/// (its transposition table) from one search to the next, so `play`, `match` and `engine`
/// hold one per side. [`crate::registry::computer`] makes one for a variant.
pub trait Computer: Send {
    /// Searches the current position of `game` (a game of this computer's variant).
    fn search(&mut self, game: &dyn DynGame, limits: &Limits) -> Result<Report, Error>;
    /// As [`Computer::search`], calling `progress` with the result so far after each
    /// iteration of the search (`chimera engine`'s `info` lines). The default reports
    /// nothing until the end.
    fn search_reporting(
        &mut self,
        game: &dyn DynGame,
        limits: &Limits,
        progress: &mut dyn FnMut(&Report),
    ) -> Result<Report, Error> {
        let _ = progress;
        self.search(game, limits)
    }
    /// Forgets everything learnt (a new game).
    fn clear(&mut self);
    /// Resizes its transposition table to at most `mb` mebibytes (UCI's `Hash`; the table
    /// is then empty). The default does nothing (a player without a table).
    fn set_hash_mb(&mut self, mb: usize) {
        let _ = mb;
    }
}

/// A search's score (for the side to move, `to_move`) seen from White's side, labelled:
/// `+0.35 for White`, `-1.20 for White`, `White wins in 3 plies`, `Black wins in 1 ply`.
pub fn white_view(score: Score, to_move: Color) -> String {
    let name = |c: Color| if c == Color::White { "White" } else { "Black" };
    let plies = |n: u32| if n == 1 { "ply" } else { "plies" };
    match score {
        Score::Centipawns(cp) => {
            let white = if to_move == Color::White { cp } else { -cp };
            format!("{} for White", Score::Centipawns(white))
        }
        Score::WinIn(n) => format!("{} wins in {n} {}", name(to_move), plies(n)),
        Score::LossIn(n) => format!("{} wins in {n} {}", name(!to_move), plies(n)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_are_shown_from_white_s_side() {
        assert_eq!(
            white_view(Score::Centipawns(35), Color::White),
            "+0.35 for White"
        );
        assert_eq!(
            white_view(Score::Centipawns(35), Color::Black),
            "-0.35 for White"
        );
        assert_eq!(
            white_view(Score::Centipawns(-120), Color::Black),
            "+1.20 for White"
        );
        assert_eq!(
            white_view(Score::WinIn(3), Color::Black),
            "Black wins in 3 plies"
        );
        assert_eq!(
            white_view(Score::LossIn(1), Color::Black),
            "White wins in 1 ply"
        );
    }
}
