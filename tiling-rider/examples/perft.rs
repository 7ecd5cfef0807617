//! Perft (actions as plies) from the start position (or a position text) with timing:
//! `cargo run --release -p chimera-tiling-rider --example perft -- 4 [--rules NAME] ["<position text>"]`
//! (`NAME`: `standard`, the default, `wheeler` or `paulowich-16`).

use chimera_core::{perft, Game, Position, RuleSet};
use chimera_tiling_rider::{Rules, TilingRider};
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1).peekable();
    let depth: u32 = args.next().and_then(|d| d.parse().ok()).unwrap_or(4);
    let mut rules = Rules::Standard;
    if args.peek().map(String::as_str) == Some("--rules") {
        args.next();
        let name = args.next().unwrap_or_default();
        rules = match Rules::from_name(&name) {
            Some(r) => r,
            None => {
                eprintln!("unknown rule set `{name}` (one of {:?})", Rules::NAMES);
                std::process::exit(2);
            }
        };
    }
    let start = match args.next() {
        Some(text) => match TilingRider::from_text(&text, rules) {
            Ok(pos) => pos,
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(2);
            }
        },
        None => TilingRider::start(rules),
    };
    let mut game = Game::new(start);
    for d in 1..=depth {
        let t = Instant::now();
        let nodes = perft(&mut game, d);
        let secs = t.elapsed().as_secs_f64();
        println!(
            "perft({d}) = {nodes:>14}  {secs:8.3} s  {:8.1} M actions/s (bulk counted)",
            nodes as f64 / secs.max(1e-9) / 1e6
        );
    }
}
