//! The baseline players (`random`, `greedy`) as [`Computer`]s.

use super::{Computer, Line, Report};
use crate::Error;
use chimera_core::{DynGame, Evaluate, Game};
use chimera_engine::baseline::{Baseline, BaselineKind, WIN_SCORE};
use chimera_engine::{Limits, Score, SearchError};
use std::time::Instant;

/// A baseline player as a [`Computer`] for variant `P` (see [`crate::registry::baseline`]).
pub struct BaselineComputer<P: Evaluate> {
    baseline: Baseline<P>,
    seed: u64,
}

impl<P: Evaluate> BaselineComputer<P> {
    /// A baseline of `kind` seeded with `seed`.
    pub fn new(kind: BaselineKind, seed: u64) -> Self {
        BaselineComputer {
            baseline: Baseline::new(kind, seed),
            seed,
        }
    }
}

impl<P: Evaluate + chimera_core::Render + Send + 'static> Computer for BaselineComputer<P>
where
    P::Move: Send,
{
    /// The baseline's move (the limits play no part: a baseline answers at once).
    fn search(&mut self, game: &dyn DynGame, _limits: &Limits) -> Result<Report, Error> {
        let start = Instant::now();
        let game = game.as_any().downcast_ref::<Game<P>>().ok_or_else(|| {
            Error::new(format!("{}: the game is not of this variant", P::VARIANT))
        })?;
        let choice = self.baseline.choose(game).map_err(|e| match e {
            SearchError::GameOver(outcome) => Error::new(format!(
                "the game is over ({outcome}): there is no move to choose"
            )),
            SearchError::NoProvenMove => Error::new(e.to_string()),
        })?;
        let best_move = game.position().move_text(choice.mv);
        let elapsed = start.elapsed();
        let nodes = choice.choices as u64;
        let score = if choice.score >= WIN_SCORE {
            Score::WinIn(1)
        } else {
            Score::Centipawns(choice.score)
        };
        Ok(Report {
            best_move: best_move.clone(),
            score,
            pv: vec![best_move.clone()],
            lines: vec![Line {
                score,
                pv: vec![best_move],
            }],
            hashfull: None,
            depth: u32::from(self.baseline.kind() == BaselineKind::Greedy),
            seldepth: 1,
            nodes,
            elapsed,
            nps: (nodes as f64 / elapsed.as_secs_f64().max(1e-9)) as u64,
            stopped: false,
        })
    }

    /// Restarts the generator from the seed it was made with.
    fn clear(&mut self) {
        self.baseline.reseed(self.seed);
    }
}
