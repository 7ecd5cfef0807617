//! Playing a match's games: on several threads, each game's players seated, its opening
//! played, and its moves asked for in turn.

use super::adjudicate::Adjudicator;
use super::played::{End, Played};
use super::{Player, Setup};
use crate::external::{ExternalError, ExternalPlayer, Reply, UciScore};
use crate::player::{Computer, Report};
use crate::{registry, Error};
use chimera_core::{Budget, Color, DynGame, PlayError, Status};
use chimera_engine::baseline::BASELINE_LEGALITY_NODES;
use chimera_engine::{Limits, Score};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Instant;

/// A seed for one use (`what`) in game or pair `n`.
pub(super) fn derive_seed(seed: u64, n: usize, what: u64) -> u64 {
    use chimera_core::zobrist::splitmix64;
    splitmix64(seed ^ splitmix64((n as u64).wrapping_mul(4).wrapping_add(what)))
}

const SEED_A: u64 = 1;
const SEED_B: u64 = 2;

/// A legality budget for a move played or a status asked.
fn budget(stop: &Arc<AtomicBool>) -> Budget {
    Budget::nodes(BASELINE_LEGALITY_NODES).with_stop(stop.clone())
}

/// The players a thread keeps from game to game: each side's engine (in this process, or
/// an external program), when it is one.
pub(super) struct Kept {
    engines: [Option<Box<dyn Computer>>; 2],
    externals: [Option<ExternalPlayer>; 2],
}

impl Kept {
    /// The players of `setup`'s engine sides, not yet started.
    fn new(setup: &Setup) -> Kept {
        let name = setup.variant.name;
        Kept {
            engines: std::array::from_fn(|side| match &setup.players[side] {
                Player::Engine(_) => registry::computer(name),
                _ => None,
            }),
            externals: std::array::from_fn(|side| match &setup.players[side] {
                Player::External(s) => Some(s.player(&setup.uci_variant())),
                _ => None,
            }),
        }
    }
}

/// The players of one game: each side's baseline, engine or external engine, with its
/// limits.
struct Seats<'e> {
    /// Each baseline side's player, seeded for this game.
    baselines: [Option<Box<dyn Computer>>; 2],
    /// The players the thread keeps (cleared for this game).
    kept: &'e mut Kept,
    limits: [Limits; 2],
    /// The game's watch over the engines' scores (`--resign`, `--draw`).
    adjudicator: Adjudicator,
}

impl<'e> Seats<'e> {
    /// The players of game `index`: a baseline seeded for this game, an engine from
    /// `kept` cleared. External engines are told of the new game by [`start_externals`].
    fn new(setup: &Setup, index: usize, kept: &'e mut Kept) -> Self {
        let name = setup.variant.name;
        let mut baselines: [Option<Box<dyn Computer>>; 2] = [None, None];
        for (side, player) in setup.players.iter().enumerate() {
            match player {
                Player::Baseline(kind) => {
                    let seed = derive_seed(setup.seed, index, [SEED_A, SEED_B][side]);
                    baselines[side] = registry::baseline(name, *kind, seed);
                }
                Player::Engine(_) => {
                    if let Some(e) = kept.engines[side].as_mut() {
                        e.clear();
                    }
                }
                Player::External(_) => {}
            }
        }
        let limits = std::array::from_fn(|side| match &setup.players[side] {
            Player::Engine(s) => s.limits().with_stop(setup.stop.clone()),
            _ => Limits::default(),
        });
        Seats {
            baselines,
            kept,
            limits,
            adjudicator: Adjudicator::new(setup.adjudication),
        }
    }

    /// The in-process player who moves for `side`, and `side`'s limits.
    fn computer(&mut self, side: usize) -> (Option<&mut Box<dyn Computer>>, &Limits) {
        let player = match &mut self.baselines[side] {
            Some(b) => Some(b),
            None => self.kept.engines[side].as_mut(),
        };
        (player, &self.limits[side])
    }
}

/// Sends `ucinewgame` to each external side (starting its program if needed); the first
/// that fails forfeits the game.
fn start_externals(seats: &mut Seats<'_>) -> Option<End> {
    for (side, external) in seats.kept.externals.iter_mut().enumerate() {
        if let Some(e) = external {
            if let Err(why) = e.new_game() {
                return Some(End::Forfeit {
                    side,
                    why: why.to_string(),
                });
            }
        }
    }
    None
}

/// Plays game `index`. `kept` holds the players the thread keeps (cleared here).
fn play_game(setup: &Setup, index: usize, kept: &mut Kept) -> Result<Played, Error> {
    let start = Instant::now();
    let start_text = setup.start_of_pair(index / 2);
    let mut game = (setup.variant.new_game)(setup.rules.as_deref(), start_text.as_deref())
        .map_err(|e| Error::new(format!("{}: {e}", setup.variant.name)))?;
    // External engines are told the start as its position text (`position fen …`).
    let start_position = start_text.is_some().then(|| game.position_text());
    for external in kept.externals.iter_mut().flatten() {
        external.set_start(start_position.clone());
    }
    let mut played = Played::new(index);
    play_opening(setup, game.as_mut(), &mut played)?;
    let mut seats = Seats::new(setup, index, kept);
    played.end = match start_externals(&mut seats) {
        Some(end) => end,
        None => loop {
            if setup.stop.load(Ordering::Relaxed) {
                return Err(Error::new("stopped"));
            }
            if let Some(end) = next_move(setup, game.as_mut(), &mut played, &mut seats)? {
                break end;
            }
        },
    };
    played.elapsed = start.elapsed();
    Ok(played)
}

/// Plays the opening of game `played.index`'s pair, and notes its moves and plies.
fn play_opening(setup: &Setup, game: &mut dyn DynGame, played: &mut Played) -> Result<(), Error> {
    let pair = played.index / 2;
    for mv in setup.openings.of_pair(pair) {
        let turn = game.turn();
        if played.sides.last() != Some(&turn) {
            played.plies += 1;
        }
        let (text, _) = game
            .play_within(mv, &[], &mut budget(&setup.stop), false)
            .map_err(|e| Error::new(format!("the opening of pair {}: {e}", pair + 1)))?;
        played.moves.push(text);
        played.sides.push(turn);
    }
    played.opening = played.moves.len();
    played.opening_plies = played.plies;
    Ok(())
}

/// Plays the next move of the game, and notes it in `played`; returns how the game ended
/// instead, if it did.
fn next_move(
    setup: &Setup,
    game: &mut dyn DynGame,
    played: &mut Played,
    seats: &mut Seats<'_>,
) -> Result<Option<End>, Error> {
    match game.status(&mut budget(&setup.stop)) {
        Status::Over(outcome) => return Ok(Some(End::Rules(outcome))),
        Status::Undecided => {
            return Ok(Some(End::Other(format!(
                "whether the game was over was not decided within the \
                 {BASELINE_LEGALITY_NODES}-node budget (the budget, not the rules)"
            ))))
        }
        Status::Ongoing => {}
    }
    let turn = game.turn();
    // A ply is a turn: a new one starts when the side to move changes.
    if played.sides.last() != Some(&turn) {
        // The turn before is over: the engines' scores may end the game.
        if let Some(end) = seats.adjudicator.turn_over(played.plies) {
            return Ok(Some(end));
        }
        if played.plies >= setup.max_plies {
            return Ok(Some(End::MaxPlies));
        }
        played.plies += 1;
    }
    let side = usize::from((turn == Color::White) != played.a_white);
    let who = ["a", "b"][side];
    let external = seats.kept.externals[side].is_some();
    let (report, scored) = match ask(setup, game, played, seats, side)? {
        Ok(answer) => answer,
        Err(end) => return Ok(Some(end)),
    };
    played.stats[side].add_move(&report);
    seats.adjudicator.note(side, scored.then_some(report.score));
    if let Err(e) = game.play_within(&report.best_move, &[], &mut budget(&setup.stop), false) {
        let why = format!("{who}'s move {} refused: {e}", report.best_move);
        return Ok(Some(match e {
            PlayError::Parse(_) | PlayError::Illegal(_) if external => {
                if let Some(x) = seats.kept.externals[side].as_mut() {
                    x.restart();
                }
                End::Forfeit { side, why }
            }
            _ => End::Other(why),
        }));
    }
    played.moves.push(report.best_move);
    played.sides.push(turn);
    Ok(None)
}

/// Asks `side`'s player for its move: its report and whether its score is the player's
/// own (an engine's, not a baseline's, nor an external engine's that sent no score), or
/// how the game ends (an in-process player that cannot move: an adjudicated draw; an
/// external one: a forfeit).
fn ask(
    setup: &Setup,
    game: &mut dyn DynGame,
    played: &Played,
    seats: &mut Seats<'_>,
    side: usize,
) -> Result<Result<(Report, bool), End>, Error> {
    let who = ["a", "b"][side];
    if let Some(external) = seats.kept.externals[side].as_mut() {
        return Ok(match external.play(&played.moves) {
            Ok(reply) => {
                let scored = reply.info.score.is_some();
                Ok((report_of(reply), scored))
            }
            Err(e) => Err(End::Forfeit {
                side,
                why: forfeit_text(&e),
            }),
        });
    }
    let scored = seats.baselines[side].is_none();
    let (Some(player), limits) = seats.computer(side) else {
        return Err(Error::new(format!(
            "{}: no computer player",
            setup.variant.name
        )));
    };
    Ok(player
        .search(game, limits)
        .map(|report| (report, scored))
        .map_err(|f| End::Other(format!("{who} could not move: {}", f.message))))
}

/// An external engine's error as the game's ending says it.
fn forfeit_text(e: &ExternalError) -> String {
    e.to_string()
}

/// An external engine's answer as a search report.
fn report_of(reply: Reply) -> Report {
    let info = reply.info;
    let nodes = info.nodes.unwrap_or(0);
    let score = match info.score {
        Some(UciScore::Mate(n)) if n > 0 => {
            Score::WinIn(u32::try_from(2 * n - 1).unwrap_or(u32::MAX))
        }
        Some(UciScore::Mate(n)) => Score::LossIn(u32::try_from(-2 * n).unwrap_or(u32::MAX)),
        Some(UciScore::Centipawns(cp)) => Score::Centipawns(cp.clamp(-30_000, 30_000) as i32),
        None => Score::Centipawns(0),
    };
    Report {
        best_move: reply.best_move,
        score,
        pv: info.pv,
        depth: info.depth.unwrap_or(0),
        seldepth: info.seldepth.unwrap_or(0),
        nodes,
        elapsed: reply.elapsed,
        nps: (nodes as f64 / reply.elapsed.as_secs_f64().max(1e-9)) as u64,
        stopped: false,
        lines: Vec::new(),
        hashfull: None,
    }
}

/// Plays the games `indices` of the match on `jobs` threads, calling `each` (on this
/// thread) with every game as it ends. Once `setup.finish` is set no pair starts: the
/// games under way end, and so does the second game of a pair whose first had started,
/// so that every pair begun is complete. The first failure, a game's or `each`'s, stops
/// the match (the games under way stop at their next move) and is returned; no game is
/// passed to `each` after it.
pub fn play_games(
    setup: &Setup,
    indices: &[usize],
    jobs: usize,
    mut each: impl FnMut(Played) -> Result<(), Error>,
) -> Result<(), Error> {
    let next = AtomicUsize::new(0);
    let started: Vec<AtomicBool> = indices.iter().map(|_| AtomicBool::new(false)).collect();
    let mut failure: Option<Error> = None;
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<Result<Played, Error>>();
        for _ in 0..jobs {
            let tx = tx.clone();
            let turn = Turn {
                indices,
                next: &next,
                started: &started,
            };
            scope.spawn(move || play_games_in_turn(setup, turn, &tx));
        }
        drop(tx);
        for result in rx {
            let kept = match result {
                Ok(played) if failure.is_none() => each(played),
                Ok(_) => continue,
                Err(f) => Err(f),
            };
            if let Err(f) = kept {
                setup.stop.store(true, Ordering::Relaxed);
                failure.get_or_insert(f);
            }
        }
    });
    failure.map_or(Ok(()), Err)
}

/// The games of a run, shared by its threads: which to play, the next to take, and which
/// have started.
#[derive(Clone, Copy)]
struct Turn<'a> {
    indices: &'a [usize],
    next: &'a AtomicUsize,
    started: &'a [AtomicBool],
}

impl Turn<'_> {
    /// Whether the game at `position` may start: always while the match is not finished;
    /// once it is, only the second game of a pair whose first game started.
    fn may_start(&self, setup: &Setup, position: usize) -> bool {
        if !setup.finish.load(Ordering::Relaxed) {
            return true;
        }
        let index = self.indices[position];
        index % 2 == 1
            && position > 0
            && self.indices[position - 1] == index - 1
            && self.started[position - 1].load(Ordering::Relaxed)
    }
}

/// One thread of a match: plays the next game of `turn` not yet taken until none is left,
/// the match is stopped, or a game fails (once the match is finished, only games that
/// complete a pair); sends each result to `tx`.
fn play_games_in_turn(setup: &Setup, turn: Turn<'_>, tx: &mpsc::Sender<Result<Played, Error>>) {
    let mut kept = Kept::new(setup);
    loop {
        let position = turn.next.fetch_add(1, Ordering::Relaxed);
        let Some(&index) = turn.indices.get(position) else {
            break;
        };
        if setup.stop.load(Ordering::Relaxed) {
            break;
        }
        if !turn.may_start(setup, position) {
            continue;
        }
        turn.started[position].store(true, Ordering::Relaxed);
        let result = play_game(setup, index, &mut kept);
        let failed = result.is_err();
        if tx.send(result).is_err() || failed {
            break;
        }
    }
}
