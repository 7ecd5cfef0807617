//! Issue 22: along random games of every rule set, every question a user or a match asks is
//! decided within the default budget, counted in work units so that the machine's load does
//! not change the answer: each position's legal-action listing, whether the game is over, and
//! the replay of the finished game's record (each move proven by the record's own
//! continuation, or by a search where the turn is unfinished).

use chimera_core::SplitMix64;
use chimera_core::{Budget, Game, Position, Status};
use chimera_tiling_rider::{Rules, TilingRider};

/// What the games asked, and the most work a single question needed.
#[derive(Default, Debug)]
struct Asked {
    games: usize,
    listings: usize,
    statuses: usize,
    record_moves: usize,
    actions: usize,
    most_units: u64,
    over: usize,
    /// With `TR_KEEP_GOING`: the games (numbered from 1) an undecided question stopped.
    stopped: Vec<u64>,
}

impl Asked {
    fn used(&mut self, budget: &Budget) {
        self.most_units = self.most_units.max(budget.used());
    }

    /// Adds what one game asked.
    fn add(&mut self, game: &Asked) {
        self.games += game.games;
        self.listings += game.listings;
        self.statuses += game.statuses;
        self.record_moves += game.record_moves;
        self.actions += game.actions;
        self.most_units = self.most_units.max(game.most_units);
        self.over += game.over;
    }
}

/// One random game of at most `max_turns` turns (plies as `chimera match` counts them), each
/// action chosen uniformly among the legal ones (so turns are seldom ended early and grow
/// long); panics on any question left undecided.
fn random_game(rules: Rules, seed: u64, max_turns: usize, asked: &mut Asked) {
    let mut rng = SplitMix64::new(seed);
    let mut game: Game<TilingRider> = Game::start(rules);
    let (mut legal, mut undecided) = (Vec::new(), Vec::new());
    let mut turns = 1;
    while turns <= max_turns {
        let mut budget = Budget::nodes(Budget::DEFAULT_UNITS);
        let status = game.status(&mut budget);
        asked.used(&budget);
        asked.statuses += 1;
        assert!(
            status != Status::Undecided,
            "{rules:?} seed {seed}: whether the game is over is undecided in `{}`",
            game.position().to_text()
        );
        if let Status::Over(_) = status {
            asked.over += 1;
            break;
        }
        let mut budget = Budget::nodes(Budget::DEFAULT_UNITS);
        game.legal_moves_within(&mut legal, &mut undecided, &mut budget);
        asked.used(&budget);
        asked.listings += 1;
        assert!(
            undecided.is_empty(),
            "{rules:?} seed {seed}: {} actions undecided in `{}`",
            undecided.len(),
            game.position().to_text()
        );
        assert!(
            !legal.is_empty(),
            "the game is not over: some action is legal"
        );
        asked.actions += 1;
        let side = game.position().turn();
        game.play_unchecked(legal[rng.below(legal.len())]);
        turns += usize::from(game.position().turn() != side);
    }
    replay_record(&game, rules, seed, asked);
    asked.games += 1;
}

/// Replays the game's record as `chimera validate` does: each move with the record's next
/// moves as its proof, within the budget; then the outcome of the last position.
fn replay_record(game: &Game<TilingRider>, rules: Rules, seed: u64, asked: &mut Asked) {
    let texts = game.move_texts();
    let mut replay: Game<TilingRider> = Game::start(rules);
    for (at, text) in texts.iter().enumerate() {
        let mv = replay
            .position()
            .parse_move(text)
            .expect("the record's move reads");
        let following: Vec<&str> = texts[at + 1..].iter().map(String::as_str).collect();
        let mut budget = Budget::nodes(Budget::DEFAULT_UNITS);
        let verdict = replay.play_given(mv, &following, &mut budget, false);
        asked.used(&budget);
        asked.record_moves += 1;
        assert!(
            verdict.is_ok(),
            "{rules:?} seed {seed}: record move {at} ({text}) not proven: {verdict:?}"
        );
    }
    let status = replay.status(&mut Budget::nodes(Budget::DEFAULT_UNITS));
    assert!(
        status != Status::Undecided,
        "{rules:?} seed {seed}: the record's outcome"
    );
}

/// Random games `from..games` of each rule set, the rule sets taking turns (so that a run
/// stopped early has covered each alike); with `report`, the counts so far every 10 rounds.
fn random_games(from: u64, games: u64, max_turns: usize, report: bool) -> Vec<(Rules, Asked)> {
    let mut all: Vec<(Rules, Asked)> = [
        Rules::Standard,
        Rules::Wheeler,
        Rules::Paulowich16,
        Rules::ColorRider,
    ]
    .into_iter()
    .filter(|rules| {
        // `TR_RULES` (names separated by commas) runs only those rule sets.
        std::env::var("TR_RULES").map_or(true, |names| {
            names
                .split(',')
                .any(|n| n == chimera_core::RuleSet::name(rules))
        })
    })
    .map(|rules| (rules, Asked::default()))
    .collect();
    // `TR_KEEP_GOING` set: a game stopped by an undecided question is reported and counted
    // (`Asked::stopped`), and the run goes on with the next game.
    let keep_going = std::env::var("TR_KEEP_GOING").is_ok();
    for game in from..games {
        for (rules, asked) in &mut all {
            let seed = 0x2222_0000 + game;
            if !keep_going {
                random_game(*rules, seed, max_turns, asked);
                continue;
            }
            let mut here = Asked::default();
            let played = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                random_game(*rules, seed, max_turns, &mut here);
            }));
            asked.add(&here);
            if played.is_err() {
                asked.stopped.push(game + 1);
                eprintln!("{rules:?}: game {} (seed {seed}) stopped", game + 1);
            }
        }
        if report && ((game + 1) % 10 == 0 || game + 1 == games || game == from) {
            for (rules, asked) in &all {
                eprintln!("after {} rounds, {rules:?}: {asked:?}", game + 1);
            }
        }
    }
    all
}

#[test]
fn every_question_along_random_games_is_decided_within_the_default_budget() {
    for (rules, asked) in random_games(0, 1, 8, false) {
        assert_eq!(asked.games, 1, "{rules:?}");
        assert!(
            asked.listings >= 8 && asked.record_moves == asked.actions,
            "{asked:?}"
        );
    }
}

/// The count: 2,000 games a rule set of 60 turns (`TR_GAMES` and `TR_TURNS` change
/// it, `TR_RULES` picks rule sets: `color-rider`, `TR_FROM` the first game,
/// `TR_KEEP_GOING` counts the games stopped and goes on, failing at the end), run by
/// hand: `nice -n 10 cargo test --release -p chimera-tiling-rider --test integration --
/// --ignored --nocapture many_random_games`.
#[test]
#[ignore = "slow: 2,000 random games a rule set, every question decided (hours)"]
fn many_random_games_leave_no_question_undecided() {
    let number = |name: &str, default: u64| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let (games, turns) = (number("TR_GAMES", 2000), number("TR_TURNS", 60));
    let from = number("TR_FROM", 0).min(games);
    for (rules, asked) in random_games(from, games, turns as usize, true) {
        assert_eq!(
            asked.games as u64 + asked.stopped.len() as u64,
            games - from,
            "{rules:?}"
        );
        assert!(
            asked.stopped.is_empty(),
            "{rules:?}: {:?} stopped",
            asked.stopped
        );
    }
}
