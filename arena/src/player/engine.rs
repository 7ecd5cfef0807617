//! The `chimera-engine` search as a [`Computer`], and the glue between a [`DynGame`] and
//! the engine's typed search.

use super::{Computer, Line, Report};
use crate::Error;
use chimera_core::{DynGame, Evaluate, Game, Render};
use chimera_engine::{Engine, Limits, SearchError, SearchResult};

/// The `chimera-engine` search as a [`Computer`] for variant `P`.
pub struct EngineComputer<P: Evaluate> {
    engine: Engine<P>,
}

impl<P: Evaluate> EngineComputer<P> {
    /// A computer with a fresh engine.
    pub fn new() -> Self {
        EngineComputer {
            engine: Engine::new(),
        }
    }
}

impl<P: Evaluate> Default for EngineComputer<P> {
    fn default() -> Self {
        Self::new()
    }
}

impl<P: Evaluate + Render + Send + 'static> Computer for EngineComputer<P>
where
    P::Move: Send,
{
    fn search(&mut self, game: &dyn DynGame, limits: &Limits) -> Result<Report, Error> {
        let mut report = search_with(&mut self.engine, game, limits)?;
        report.hashfull = Some(self.engine.hashfull());
        Ok(report)
    }

    fn search_reporting(
        &mut self,
        game: &dyn DynGame,
        limits: &Limits,
        progress: &mut dyn FnMut(&Report),
    ) -> Result<Report, Error> {
        let mut report = search_reporting(&mut self.engine, game, limits, progress)?;
        report.hashfull = Some(self.engine.hashfull());
        Ok(report)
    }

    fn clear(&mut self) {
        self.engine.clear();
    }

    fn set_hash_mb(&mut self, mb: usize) {
        self.engine.set_hash_mb(mb);
    }
}

/// Searches a game of variant `P` given as a [`DynGame`] (the program's games are
/// [`Game<P>`]s underneath) with a fresh engine.
pub fn search<P: Evaluate + Render + Send + 'static>(
    game: &dyn DynGame,
    limits: &Limits,
) -> Result<Report, Error>
where
    P::Move: Send,
{
    search_with(&mut Engine::<P>::new(), game, limits)
}

/// Searches a game of variant `P` given as a [`DynGame`] with `engine`.
pub fn search_with<P: Evaluate + Render + Send + 'static>(
    engine: &mut Engine<P>,
    game: &dyn DynGame,
    limits: &Limits,
) -> Result<Report, Error>
where
    P::Move: Send,
{
    let game = searchable::<P>(game)?;
    let result = engine.search(game, limits).map_err(search_failure)?;
    Ok(report_of(game.position(), &result))
}

/// As [`search_with`], calling `progress` after each iteration of the search.
pub fn search_reporting<P: Evaluate + Render + Send + 'static>(
    engine: &mut Engine<P>,
    game: &dyn DynGame,
    limits: &Limits,
    progress: &mut dyn FnMut(&Report),
) -> Result<Report, Error>
where
    P::Move: Send,
{
    let game = searchable::<P>(game)?;
    let mut on_iteration = |r: &SearchResult<P::Move>, hashfull: u32| {
        let mut report = report_of(game.position(), r);
        report.hashfull = Some(hashfull);
        progress(&report)
    };
    let result = engine
        .search_reporting_hashfull(game, limits, &mut on_iteration)
        .map_err(search_failure)?;
    Ok(report_of(game.position(), &result))
}

/// The [`Game<P>`] underneath a program's game of variant `P`.
fn searchable<P: Evaluate + Render + 'static>(game: &dyn DynGame) -> Result<&Game<P>, Error> {
    game.as_any()
        .downcast_ref::<Game<P>>()
        .ok_or_else(|| Error::new(format!("{}: the game is not searchable", P::VARIANT)))
}

/// Why a search could not start, for the user.
fn search_failure(e: SearchError) -> Error {
    match e {
        SearchError::GameOver(outcome) => Error::new(format!(
            "the game is over ({outcome}): there is no move to search"
        )),
        SearchError::NoProvenMove => Error::new(e.to_string()),
    }
}

/// The report of a search result, its moves in the notation of `position`'s variant.
fn report_of<P: Evaluate + Render>(position: &P, result: &SearchResult<P::Move>) -> Report {
    let lines = result
        .lines
        .iter()
        .map(|line| Line {
            score: line.score,
            pv: line_text(position, &line.pv),
        })
        .collect();
    Report {
        best_move: position.move_text(result.best_move),
        score: result.score,
        pv: line_text(position, &result.pv),
        lines,
        hashfull: None,
        depth: result.depth,
        seldepth: result.seldepth,
        nodes: result.nodes,
        elapsed: result.elapsed,
        nps: result.nps(),
        stopped: result.stopped,
    }
}

/// A line of moves from `position`, in its variant's notation.
fn line_text<P: Evaluate + Render>(position: &P, moves: &[P::Move]) -> Vec<String> {
    let mut pos = position.clone();
    let mut text = Vec::with_capacity(moves.len());
    for &mv in moves {
        text.push(pos.move_text(mv));
        pos.play_unchecked(mv);
    }
    text
}
