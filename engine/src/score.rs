//! Scores: the internal integer scale (centipawn-like units, wins and losses as distances
//! from a win on the spot) and the [`Score`] a search reports.

use chimera_core::{Color, Outcome};
use std::fmt;

/// The score of a win on the spot; a win in `n` plies is `MATE - n`.
pub(crate) const MATE: i32 = 1_000_000;
/// Scores beyond this are wins or losses.
pub(crate) const MATE_BOUND: i32 = MATE - 1_000;
/// Above every score.
pub(crate) const INF: i32 = MATE + 1;

/// A search's score, from the point of view of the side to move at the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// No forced result seen: an estimate in centipawn-like units.
    Centipawns(i32),
    /// The side to move wins in this many plies (actions) at most, whatever the replies.
    WinIn(u32),
    /// The side to move loses in this many plies at most, whatever it plays.
    LossIn(u32),
}

impl Score {
    pub(crate) fn from_internal(s: i32) -> Score {
        if s >= MATE_BOUND {
            Score::WinIn((MATE - s) as u32)
        } else if s <= -MATE_BOUND {
            Score::LossIn((MATE + s) as u32)
        } else {
            Score::Centipawns(s)
        }
    }
}

impl fmt::Display for Score {
    /// `+0.35`, `win in 3 plies`, `loss in 1 ply`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plies = |n: u32| if n == 1 { "ply" } else { "plies" };
        match *self {
            Score::Centipawns(cp) => write!(
                f,
                "{}{}.{:02}",
                if cp < 0 { "-" } else { "+" },
                cp.unsigned_abs() / 100,
                cp.unsigned_abs() % 100
            ),
            Score::WinIn(n) => write!(f, "win in {n} {}", plies(n)),
            Score::LossIn(n) => write!(f, "loss in {n} {}", plies(n)),
        }
    }
}

/// Whether an internal score is a win or a loss.
#[inline]
pub(crate) fn is_decisive(score: i32) -> bool {
    score.abs() >= MATE_BOUND
}

/// A score for `outcome`, seen by `to_move`, `ply` plies from the root.
pub(crate) fn outcome_score(outcome: Outcome, to_move: Color, ply: usize) -> i32 {
    match outcome.winner() {
        Some(w) if w == to_move => MATE - ply as i32,
        Some(_) => -(MATE - ply as i32),
        None => 0,
    }
}

/// A score as the transposition table stores it: a win or loss counted from the node, not
/// the root.
pub(crate) fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A stored score seen `ply` plies from the root.
pub(crate) fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn displays_and_converts() {
        assert_eq!(Score::from_internal(35).to_string(), "+0.35");
        assert_eq!(Score::from_internal(-105).to_string(), "-1.05");
        assert_eq!(Score::from_internal(MATE - 3), Score::WinIn(3));
        assert_eq!(
            Score::from_internal(-(MATE - 1)).to_string(),
            "loss in 1 ply"
        );
        for s in [0, 500, MATE - 7, -(MATE - 9)] {
            assert_eq!(from_tt(to_tt(s, 4), 4), s);
        }
        assert_eq!(to_tt(MATE - 5, 2), MATE - 3);
    }
}
