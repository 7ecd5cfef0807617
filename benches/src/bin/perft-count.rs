//! `perft-count VARIANT DEPTH`: plain perft (bulk counted, one thread, no estimate, no
//! progress) from a variant's start under its default rules, printing the count.
//!
//! The same work every run, so its instruction count is a robust measure of a change on a
//! shared machine, where times are noisy (issue 26):
//!
//! ```text
//! valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
//!     target/release/perft-count turtle-shell 6
//! ```
//!
//! (`scripts/perft-instructions` runs that for several variants.)

use chimera_core::{perft, Game, Position};
use std::process::ExitCode;

fn count<P: Position>(depth: u32) -> u64 {
    let mut game: Game<P> = Game::start(P::Rules::default());
    perft(&mut game, depth)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let depth = args
        .get(1)
        .and_then(|d| d.parse::<u32>().ok())
        .filter(|&d| d <= 12);
    let (Some(variant), Some(depth)) = (args.first(), depth) else {
        eprintln!("usage: perft-count VARIANT DEPTH   (DEPTH 0 to 12)");
        return ExitCode::from(2);
    };
    let nodes = match variant.as_str() {
        "chess" => count::<chimera_chess::Chess>(depth),
        "turtle-shell" => count::<chimera_turtle_shell::TurtleShell>(depth),
        "turret" => count::<chimera_turret::Turret>(depth),
        "turnover" => count::<chimera_turnover::Turnover>(depth),
        "triagonal" => count::<chimera_triagonal::Triagonal>(depth),
        "tiling-rider" => count::<chimera_tiling_rider::TilingRider>(depth),
        other => {
            eprintln!("perft-count: unknown variant `{other}` (chess, turtle-shell, turret, turnover, triagonal, tiling-rider)");
            return ExitCode::from(2);
        }
    };
    println!("{nodes}");
    ExitCode::SUCCESS
}
