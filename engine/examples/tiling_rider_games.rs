//! Positions from engine-played Tiling Rider games, for the legality corpus
//! (`tiling-rider/corpus/legality.tsv`, see `tiling-rider/examples/corpus.rs`).
//!
//! ```text
//! cargo run --release -p chimera-engine --example tiling_rider_games -- OUT [GAMES] [NODES]
//! ```
//!
//! Plays `GAMES` games (default 24; standard, `paulowich-16` and `wheeler` in turn), each
//! opened by a few random actions (so that the games differ) and then played by the engine
//! on both sides with `NODES` search nodes an action (default 3,000). Writes one position a
//! line (`rules<TAB>position<TAB>where it came from`): one position in 10, and every
//! position whose legal-action listing needed more than 2,000 search nodes. A game stops at
//! its end, after 600 actions, or where the engine finds no proven move.

use chimera_core::SplitMix64;
use chimera_core::{Budget, Game, Position, RuleSet, Status};
use chimera_engine::{Engine, Limits};
use chimera_tiling_rider::{Rules, TilingRider};
use std::fmt::Write as _;
use std::time::Duration;

/// Search nodes above which a position is kept whatever the sampling says.
const HARD_NODES: u64 = 2_000;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let out = args.first().expect("OUT [GAMES] [NODES]");
    let games: u64 = args.get(1).map_or(24, |s| s.parse().expect("GAMES"));
    let nodes: u64 = args.get(2).map_or(3_000, |s| s.parse().expect("NODES"));
    let mut text = String::new();
    let mut kept = 0;
    for g in 0..games {
        let rules = [Rules::Standard, Rules::Paulowich16, Rules::Wheeler][(g % 3) as usize];
        let mut rng = SplitMix64::new(0xE9_61E5 + g);
        let mut game = Game::new(TilingRider::start(rules));
        let mut engine: Engine<TilingRider> = Engine::new();
        let opening = 2 + rng.below(6);
        let mut stop = "600 actions";
        for ply in 0..600 {
            let (mut legal, mut undecided) = (Vec::new(), Vec::new());
            let mut budget = Budget::time(Duration::from_millis(300));
            game.legal_moves_within(&mut legal, &mut undecided, &mut budget);
            if budget.used() > HARD_NODES || !undecided.is_empty() || ply % 10 == 5 {
                let why = if undecided.is_empty() {
                    format!("engine game {g} ply {ply}, {} nodes", budget.used())
                } else {
                    format!("engine game {g} ply {ply}, undecided within the budget")
                };
                let _ = writeln!(
                    text,
                    "{}\t{}\t{why}",
                    rules.name(),
                    game.position().to_text()
                );
                kept += 1;
            }
            match game.status(&mut Budget::time(Duration::from_millis(300))) {
                Status::Ongoing if !legal.is_empty() => {}
                Status::Undecided => {
                    stop = "outcome undecided within the budget";
                    break;
                }
                _ => {
                    stop = "game over";
                    break;
                }
            }
            let mv = if ply < opening {
                legal[rng.below(legal.len())]
            } else {
                match engine.search(&game, &Limits::nodes(nodes)) {
                    Ok(result) => result.best_move,
                    Err(_) => {
                        stop = "no proven move";
                        break;
                    }
                }
            };
            game.play_unchecked(mv);
        }
        eprintln!(
            "game {g} ({}): {stop}; {kept} positions so far",
            rules.name()
        );
    }
    std::fs::write(out, text).expect("write the positions");
    eprintln!("{kept} positions written to {out}");
}
