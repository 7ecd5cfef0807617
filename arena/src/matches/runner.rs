//! Playing a match's games: on several threads, each game's players seated and its moves
//! asked for in turn.

use super::played::{End, Played};
use super::{Player, Setup};
use crate::player::Computer;
use crate::{registry, Error};
use chimera_core::{Budget, Color, DynGame, Status};
use chimera_engine::baseline::{BaselineKind, BASELINE_LEGALITY_NODES};
use chimera_engine::Limits;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Instant;

/// A seed for one use (`what`) in game or pair `n`.
fn derive_seed(seed: u64, n: usize, what: u64) -> u64 {
    use chimera_core::zobrist::splitmix64;
    splitmix64(seed ^ splitmix64((n as u64).wrapping_mul(4).wrapping_add(what)))
}

const SEED_A: u64 = 1;
const SEED_B: u64 = 2;
const SEED_OPENING: u64 = 3;

/// A legality budget for a move played or a status asked.
fn budget(stop: &Arc<AtomicBool>) -> Budget {
    Budget::nodes(BASELINE_LEGALITY_NODES).with_stop(stop.clone())
}

/// The players of one game: each side's baseline or engine with its limits, and the random
/// player of the opening.
struct Seats<'e> {
    /// Each baseline side's player, seeded for this game.
    baselines: [Option<Box<dyn Computer>>; 2],
    /// Each engine side's player (kept by the thread from game to game, cleared for this one).
    engines: &'e mut [Option<Box<dyn Computer>>; 2],
    /// The player of the random opening, if there is one.
    opener: Option<Box<dyn Computer>>,
    limits: [Limits; 2],
}

impl<'e> Seats<'e> {
    /// The players of game `index`: a baseline seeded for this game, an engine from
    /// `engines` cleared; and an opener seeded for the pair of games (both games of a pair
    /// open with the same random plies).
    fn new(setup: &Setup, index: usize, engines: &'e mut [Option<Box<dyn Computer>>; 2]) -> Self {
        let name = setup.variant.name;
        let mut baselines: [Option<Box<dyn Computer>>; 2] = [None, None];
        for (side, player) in setup.players.iter().enumerate() {
            match player {
                Player::Baseline(kind) => {
                    let seed = derive_seed(setup.seed, index, [SEED_A, SEED_B][side]);
                    baselines[side] = registry::baseline(name, *kind, seed);
                }
                Player::Engine(_) => {
                    if let Some(e) = engines[side].as_mut() {
                        e.clear();
                    }
                }
            }
        }
        let opener = (setup.openings > 0)
            .then(|| {
                let seed = derive_seed(setup.seed, index / 2, SEED_OPENING);
                registry::baseline(name, BaselineKind::Random, seed)
            })
            .flatten();
        let limits = std::array::from_fn(|side| match &setup.players[side] {
            Player::Engine(s) => s.limits().with_stop(setup.stop.clone()),
            Player::Baseline(_) => Limits::default(),
        });
        Seats {
            baselines,
            engines,
            opener,
            limits,
        }
    }

    /// The player who moves for `side` (the opener during the opening), and `side`'s limits.
    fn player(
        &mut self,
        side: usize,
        in_opening: bool,
    ) -> (Option<&mut Box<dyn Computer>>, &Limits) {
        let player = if in_opening {
            self.opener.as_mut()
        } else {
            match &mut self.baselines[side] {
                Some(b) => Some(b),
                None => self.engines[side].as_mut(),
            }
        };
        (player, &self.limits[side])
    }
}

/// Plays game `index`. `engines` holds each side's engine, when it is one (cleared here).
fn play_game(
    setup: &Setup,
    index: usize,
    engines: &mut [Option<Box<dyn Computer>>; 2],
) -> Result<Played, Error> {
    let start = Instant::now();
    let mut game = (setup.variant.new_game)(setup.rules.as_deref(), None)
        .map_err(|e| Error::new(format!("{}: {e}", setup.variant.name)))?;
    let mut played = Played::new(index);
    let mut seats = Seats::new(setup, index, engines);
    played.end = loop {
        if setup.stop.load(Ordering::Relaxed) {
            return Err(Error::new("stopped"));
        }
        if let Some(end) = next_move(setup, game.as_mut(), &mut played, &mut seats)? {
            break end;
        }
    };
    played.elapsed = start.elapsed();
    Ok(played)
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
            return Ok(Some(End::Other(
                "whether the game was over was not decided".into(),
            )))
        }
        Status::Ongoing => {}
    }
    let ply = played.moves.len();
    let turn = game.turn();
    // A ply is a turn: a new one starts when the side to move changes.
    if played.sides.last() != Some(&turn) {
        if played.plies >= setup.max_plies {
            return Ok(Some(End::MaxPlies));
        }
        played.plies += 1;
    }
    let side = usize::from((turn == Color::White) != played.a_white);
    let in_opening = played.plies <= setup.openings && seats.opener.is_some();
    if in_opening {
        played.opening = ply + 1;
        played.opening_plies = played.plies;
    }
    let (Some(player), limits) = seats.player(side, in_opening) else {
        return Err(Error::new(format!(
            "{}: no computer player",
            setup.variant.name
        )));
    };
    let who = ["a", "b"][side];
    let report = match player.search(game, limits) {
        Ok(report) => report,
        Err(f) => {
            return Ok(Some(End::Other(format!(
                "{who} could not move: {}",
                f.message
            ))))
        }
    };
    if ply >= played.opening {
        played.stats[side].add_move(&report);
    }
    if let Err(e) = game.play_within(&report.best_move, &[], &mut budget(&setup.stop), false) {
        return Ok(Some(End::Other(format!(
            "{who}'s move {} refused: {e}",
            report.best_move
        ))));
    }
    played.moves.push(report.best_move);
    played.sides.push(turn);
    Ok(None)
}

/// Plays the match's games on `jobs` threads, calling `each` (on this thread) with every
/// game as it ends. The first failure, a game's or `each`'s, stops the match (the games
/// under way stop at their next move) and is returned; no game is passed to `each` after it.
pub fn play_games(
    setup: &Setup,
    games: usize,
    jobs: usize,
    mut each: impl FnMut(Played) -> Result<(), Error>,
) -> Result<(), Error> {
    let next = AtomicUsize::new(0);
    let mut failure: Option<Error> = None;
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<Result<Played, Error>>();
        for _ in 0..jobs {
            let tx = tx.clone();
            let next = &next;
            scope.spawn(move || play_games_in_turn(setup, games, next, &tx));
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

/// One thread of a match: plays the next game not yet taken (counted by `next`) until
/// none is left, the match is stopped, or a game fails; sends each result to `tx`.
fn play_games_in_turn(
    setup: &Setup,
    games: usize,
    next: &AtomicUsize,
    tx: &mpsc::Sender<Result<Played, Error>>,
) {
    let mut engines: [Option<Box<dyn Computer>>; 2] =
        std::array::from_fn(|side| match setup.players[side] {
            Player::Engine(_) => registry::computer(setup.variant.name),
            Player::Baseline(_) => None,
        });
    loop {
        let i = next.fetch_add(1, Ordering::Relaxed);
        if i >= games || setup.stop.load(Ordering::Relaxed) {
            break;
        }
        let result = play_game(setup, i, &mut engines);
        let failed = result.is_err();
        if tx.send(result).is_err() || failed {
            break;
        }
    }
}
