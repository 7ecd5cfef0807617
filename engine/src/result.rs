//! What a search gives back: [`SearchResult`] (with the [`PvLine`]s of multi-PV), or why it
//! could not start ([`SearchError`]).

use crate::score::Score;
use chimera_core::Outcome;
use std::fmt;
use std::time::Duration;

/// One root line of a search: a move's score and its principal variation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PvLine<M> {
    /// The score for the side to move.
    pub score: Score,
    /// The principal variation, starting with the root move.
    pub pv: Vec<M>,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// The move to play: always one proven legal, history included.
    pub best_move: M,
    /// Its score for the side to move.
    pub score: Score,
    /// The principal variation, starting with `best_move`.
    pub pv: Vec<M>,
    /// The deepest iteration completed (0 if a limit cut even the first one short: the move
    /// is then the best found so far, or the first in the search's order).
    pub depth: u32,
    /// The deepest ply reached, quiescence included.
    pub seldepth: u32,
    /// The nodes visited.
    pub nodes: u64,
    /// The time spent.
    pub elapsed: Duration,
    /// Whether a limit (time, nodes, stop flag) cut the search short, rather than the depth
    /// limit or a forced result.
    pub stopped: bool,
    /// The root lines of the deepest iteration completed, best first: as many as
    /// [`crate::Limits::multipv`] asked (at least one), or fewer if there are fewer legal
    /// moves. The first is `score` and `pv`.
    pub lines: Vec<PvLine<M>>,
}

impl<M> SearchResult<M> {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        let secs = self.elapsed.as_secs_f64();
        if secs > 0.0 {
            (self.nodes as f64 / secs) as u64
        } else {
            0
        }
    }
}

/// Why a search could not start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SearchError {
    /// The game is over.
    GameOver(Outcome),
    /// No move was proven legal within the root's legality budget (Tiling Rider), and the
    /// game is not proven over.
    NoProvenMove,
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchError::GameOver(outcome) => write!(f, "the game is over ({outcome})"),
            SearchError::NoProvenMove => f.write_str(
                "no move could be proven legal within the search's budget (and the game is \
                 not proven over); give the search more time",
            ),
        }
    }
}

impl std::error::Error for SearchError {}
