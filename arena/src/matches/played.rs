//! One game of a match: how it went and how it ended.

use super::adjudicate::{DRAW_BY_ADJUDICATION, WIN_BY_ADJUDICATION};
use crate::player::Report;
use chimera_core::{Color, Outcome};
use std::time::Duration;

/// Why a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// By the rules.
    Rules(Outcome),
    /// Stopped at `--max-plies`.
    MaxPlies,
    /// Stopped for another reason (a position whose legality the budget left open, a
    /// player that could not move): counted as a draw.
    Other(String),
    /// Lost by `side` (0 a, 1 b), an external engine that did not answer in time, exited,
    /// or answered out of protocol (an illegal move): a win for the other side.
    Forfeit {
        /// The side that forfeits: 0 a, 1 b.
        side: usize,
        /// Why, in words.
        why: String,
    },
    /// Ended by the engines' scores (`--resign`, `--draw`): won by `winner` (0 a, 1 b),
    /// or drawn (`None`).
    Adjudicated {
        /// The side the game is given to; `None`: a draw.
        winner: Option<usize>,
        /// The rule, in words: `resign: both scores beyond 1000 for 4 moves`.
        why: String,
    },
}

/// What one side did in a game.
#[derive(Clone, Copy, Debug, Default)]
pub struct SideStats {
    /// The moves searched.
    pub moves: u64,
    /// Their depths, added up.
    pub depth: u64,
    /// Their nodes, added up.
    pub nodes: u64,
    /// Their time, added up.
    pub time: Duration,
}

impl SideStats {
    /// A move searched, as its search reported it.
    pub fn add_move(&mut self, report: &Report) {
        self.moves += 1;
        self.depth += u64::from(report.depth);
        self.nodes += report.nodes;
        self.time += report.elapsed;
    }

    /// Adds another game's statistics.
    pub fn add(&mut self, other: &SideStats) {
        self.moves += other.moves;
        self.depth += other.depth;
        self.nodes += other.nodes;
        self.time += other.time;
    }
}

/// One game played.
pub struct Played {
    /// The game's index in the match (from 0).
    pub index: usize,
    /// Whether a played White.
    pub a_white: bool,
    /// How it ended.
    pub end: End,
    /// The moves played.
    pub moves: Vec<String>,
    /// The side that played each move.
    pub sides: Vec<Color>,
    /// The moves (actions) of the opening.
    pub opening: usize,
    /// The plies (turns) played.
    pub plies: usize,
    /// The plies of the opening.
    pub opening_plies: usize,
    /// a's and b's statistics.
    pub stats: [SideStats; 2],
    /// The game's time.
    pub elapsed: Duration,
}

impl Played {
    /// Game `index`, not yet begun (a plays White in the games of even index).
    pub fn new(index: usize) -> Played {
        Played {
            index,
            a_white: index % 2 == 0,
            end: End::MaxPlies,
            moves: Vec::new(),
            sides: Vec::new(),
            opening: 0,
            plies: 0,
            opening_plies: 0,
            stats: [SideStats::default(); 2],
            elapsed: Duration::ZERO,
        }
    }

    /// `57 plies`, or `30 plies (112 moves)` when a turn has several moves.
    pub fn length(&self) -> String {
        if self.plies == self.moves.len() {
            format!("{} plies", self.plies)
        } else {
            format!("{} plies ({} moves)", self.plies, self.moves.len())
        }
    }

    /// a's score: 1, 0.5 or 0.
    pub fn a_score(&self) -> f64 {
        match &self.end {
            End::Rules(outcome) => match outcome.winner() {
                Some(w) if (w == Color::White) == self.a_white => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            },
            End::Forfeit { side, .. } => {
                if *side == 0 {
                    0.0
                } else {
                    1.0
                }
            }
            End::Adjudicated {
                winner: Some(side), ..
            } => {
                if *side == 0 {
                    1.0
                } else {
                    0.0
                }
            }
            _ => 0.5,
        }
    }

    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn result(&self) -> &'static str {
        match &self.end {
            End::Rules(outcome) => outcome.score(),
            End::Forfeit { side, .. } => {
                // The side that forfeits is White when it is a and a has White.
                if (*side == 0) == self.a_white {
                    "0-1"
                } else {
                    "1-0"
                }
            }
            End::Adjudicated {
                winner: Some(side), ..
            } => {
                // The winner is White when it is a and a has White.
                if (*side == 0) == self.a_white {
                    "1-0"
                } else {
                    "0-1"
                }
            }
            _ => "1/2-1/2",
        }
    }

    /// How the game ended, in words: `win by checkmate`, `adjudicated draw (400 plies)`,
    /// `win by adjudication (resign: both scores beyond 1000 for 4 moves)`.
    pub fn ending(&self, max_plies: u32) -> String {
        match &self.end {
            End::Rules(Outcome::Win { reason, .. }) => format!("win by {reason}"),
            End::Rules(Outcome::Draw { reason }) => format!("draw by {reason}"),
            End::MaxPlies => format!("adjudicated draw ({max_plies} plies)"),
            End::Other(why) => format!("adjudicated draw ({why})"),
            End::Forfeit { side, why } => format!("{} forfeits ({why})", ["a", "b"][*side]),
            End::Adjudicated {
                winner: Some(_),
                why,
            } => format!("{WIN_BY_ADJUDICATION} ({why})"),
            End::Adjudicated { winner: None, why } => format!("{DRAW_BY_ADJUDICATION} ({why})"),
        }
    }
}
