//! `chimera bestmove`: the computer's choice of move in a position, with its score and
//! principal variation.

use super::to_text;
use crate::{new_game, registry, Failure, GameArgs, Io, MovesArg};
use chimera_core::{DynGame, Evaluate, Game, Render};
use chimera_engine::{Engine, Limits, Score, SearchError, SearchResult};
use serde_json::json;
use std::time::Duration;

/// The longest `--time`.
pub const MAX_TIME: Duration = Duration::from_secs(3600);
/// The deepest `--depth`.
pub const MAX_DEPTH: u32 = 64;
/// The most `--nodes`.
pub const MAX_NODES: u64 = 10_000_000_000;
/// The most `--threads`.
pub const MAX_THREADS: usize = 256;
/// A search limited by `--depth` or `--nodes` also stops after this long, so that every
/// search ends (the output then says that the time cap stopped it).
pub const SAFETY_TIME: Duration = Duration::from_secs(600);
/// The time a search may take when no limit is given.
pub const DEFAULT_TIME: Duration = Duration::from_secs(1);

/// What a search found, in the variant's notation.
pub struct Report {
    /// The best move.
    pub best_move: String,
    /// Its score.
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
}

/// A computer player for one variant, seen through [`DynGame`]: it keeps what it learnt
/// (its transposition table) from one search to the next, so `play`, `match` and `engine`
/// hold one per side. [`registry::computer`] makes one for a variant.
pub trait Computer: Send {
    /// Searches the current position of `game` (a game of this computer's variant).
    fn search(&mut self, game: &dyn DynGame, limits: &Limits) -> Result<Report, Failure>;
    /// As [`Computer::search`], calling `progress` with the result so far after each
    /// iteration of the search (`chimera engine`'s `info` lines). The default reports
    /// nothing until the end.
    fn search_reporting(
        &mut self,
        game: &dyn DynGame,
        limits: &Limits,
        progress: &mut dyn FnMut(&Report),
    ) -> Result<Report, Failure> {
        let _ = progress;
        self.search(game, limits)
    }
    /// Forgets everything learnt (a new game).
    fn clear(&mut self);
}

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
    fn search(&mut self, game: &dyn DynGame, limits: &Limits) -> Result<Report, Failure> {
        search_with(&mut self.engine, game, limits)
    }

    fn search_reporting(
        &mut self,
        game: &dyn DynGame,
        limits: &Limits,
        progress: &mut dyn FnMut(&Report),
    ) -> Result<Report, Failure> {
        search_reporting(&mut self.engine, game, limits, progress)
    }

    fn clear(&mut self) {
        self.engine.clear();
    }
}

/// Searches a game of variant `P` given as a [`DynGame`] (the program's games are
/// [`Game<P>`]s underneath) with a fresh engine.
pub fn search<P: Evaluate + Render + Send + 'static>(
    game: &dyn DynGame,
    limits: &Limits,
) -> Result<Report, Failure>
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
) -> Result<Report, Failure>
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
) -> Result<Report, Failure>
where
    P::Move: Send,
{
    let game = searchable::<P>(game)?;
    let mut on_iteration = |r: &SearchResult<P::Move>| progress(&report_of(game.position(), r));
    let result = engine
        .search_reporting(game, limits, &mut on_iteration)
        .map_err(search_failure)?;
    Ok(report_of(game.position(), &result))
}

/// The [`Game<P>`] underneath a program's game of variant `P`.
fn searchable<P: Evaluate + Render + 'static>(game: &dyn DynGame) -> Result<&Game<P>, Failure> {
    game.as_any()
        .downcast_ref::<Game<P>>()
        .ok_or_else(|| Failure::input(format!("{}: the game is not searchable", P::VARIANT)))
}

/// Why a search could not start, for the user.
fn search_failure(e: SearchError) -> Failure {
    match e {
        SearchError::GameOver(outcome) => Failure::input(format!(
            "the game is over ({outcome}): there is no move to search"
        )),
        SearchError::NoProvenMove => Failure::input(e.to_string()),
    }
}

/// The report of a search result, its moves in the notation of `position`'s variant.
fn report_of<P: Evaluate + Render>(position: &P, result: &SearchResult<P::Move>) -> Report {
    let mut pos = position.clone();
    let mut pv = Vec::with_capacity(result.pv.len());
    for &mv in &result.pv {
        pv.push(pos.move_text(mv));
        pos.play_unchecked(mv);
    }
    Report {
        best_move: position.move_text(result.best_move),
        score: result.score,
        pv,
        depth: result.depth,
        seldepth: result.seldepth,
        nodes: result.nodes,
        elapsed: result.elapsed,
        nps: result.nps(),
        stopped: result.stopped,
    }
}

/// `limits` searched on `threads` threads (`--threads`, 1 to [`MAX_THREADS`]).
pub fn with_threads(limits: Limits, threads: usize) -> Result<Limits, Failure> {
    if threads == 0 || threads > MAX_THREADS {
        return Err(Failure::input(format!(
            "--threads {threads}: give a thread count from 1 to {MAX_THREADS}"
        )));
    }
    Ok(limits.with_threads(threads))
}

/// The search limits the command line asked for: exactly one of time, depth and nodes
/// (time [`DEFAULT_TIME`] if none), each checked against its maximum.
pub fn limits(
    time: Option<Duration>,
    depth: Option<u32>,
    nodes: Option<u64>,
) -> Result<Limits, Failure> {
    let given =
        usize::from(time.is_some()) + usize::from(depth.is_some()) + usize::from(nodes.is_some());
    if given > 1 {
        return Err(Failure::input(
            "give at most one of --time, --depth and --nodes",
        ));
    }
    // A depth or node limit stops after SAFETY_TIME too.
    let counted = Limits {
        time: Some(SAFETY_TIME),
        ..Limits::default()
    };
    if let Some(d) = depth {
        in_range("--depth", d.into(), MAX_DEPTH.into(), "a depth")?;
        return Ok(Limits {
            depth: Some(d),
            ..counted
        });
    }
    if let Some(n) = nodes {
        in_range("--nodes", n, MAX_NODES, "a node count")?;
        return Ok(Limits {
            nodes: Some(n),
            ..counted
        });
    }
    let t = time.unwrap_or(DEFAULT_TIME);
    if t.is_zero() || t > MAX_TIME {
        return Err(Failure::input(format!(
            "--time: give a time above 0 and at most {} s",
            MAX_TIME.as_secs()
        )));
    }
    Ok(Limits::time(t))
}

/// Refuses a count limit `n` (`flag`, counting `what`) outside 1 to `max`.
fn in_range(flag: &str, n: u64, max: u64, what: &str) -> Result<(), Failure> {
    if n == 0 || n > max {
        return Err(Failure::input(format!(
            "{flag} {n}: give {what} from 1 to {max}"
        )));
    }
    Ok(())
}

/// Reads `--time`: `1s`, `500ms`, `0.5s`, `2m`.
pub fn parse_time(text: &str) -> Result<Duration, String> {
    match crate::parse_limit(text)?.duration() {
        Some(d) => Ok(d),
        None => Err("give a time such as 1s, 500ms or 2m (a search is always bounded)".into()),
    }
}

fn score_json(score: Score) -> serde_json::Value {
    match score {
        Score::Centipawns(cp) => json!({"kind": "centipawns", "value": cp}),
        Score::WinIn(n) => json!({"kind": "win", "plies": n}),
        Score::LossIn(n) => json!({"kind": "loss", "plies": n}),
    }
}

pub fn run(
    io: &mut Io<'_>,
    args: &GameArgs,
    moves: &MovesArg,
    limits: &Limits,
    json: bool,
) -> Result<(), Failure> {
    let game = new_game(args, moves)?;
    let search = registry::searcher(game.variant())
        .ok_or_else(|| Failure::input(format!("{}: no computer opponent yet", game.variant())))?;
    let report = search(game.as_ref(), limits)?;
    let ms = report.elapsed.as_secs_f64() * 1000.0;
    if json {
        let value = json!({
            "variant": game.variant(),
            "rules": game.rules_name(),
            "position": game.position_text(),
            "turn": game.turn().to_string(),
            "best_move": report.best_move,
            "score": score_json(report.score),
            "score_text": report.score.to_string(),
            "pv": report.pv,
            "depth": report.depth,
            "seldepth": report.seldepth,
            "nodes": report.nodes,
            "time_ms": (ms * 1000.0).round() / 1000.0,
            "nps": report.nps,
            "stopped": report.stopped,
        });
        io.out.write_all(to_text(&value).as_bytes())?;
        return Ok(());
    }
    writeln!(io.out, "bestmove {}", report.best_move)?;
    writeln!(io.out, "score    {}", report.score)?;
    writeln!(io.out, "pv       {}", report.pv.join(" "))?;
    writeln!(
        io.out,
        "depth    {} (selective {}){}",
        report.depth,
        report.seldepth,
        if report.depth == 0 {
            "; the limit came before the first iteration ended: the move is the best seen so far"
        } else {
            ""
        }
    )?;
    writeln!(io.out, "nodes    {}", report.nodes)?;
    writeln!(io.out, "time     {ms:.0} ms")?;
    writeln!(io.out, "nps      {}", report.nps)?;
    Ok(())
}
