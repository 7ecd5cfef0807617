//! `shakmaty-perft [DEPTH]`: shakmaty's perft (bulk counted at the last ply, one thread)
//! from the standard chess start, default depth 6, printed as `chimera perft` prints its
//! count (`nodes: N` and `time: S s (R M nodes/s)`), so that `scripts/vs-shakmaty` reads
//! both the same way.

use shakmaty::{perft, Chess};
use std::time::Instant;

fn main() {
    let depth = match std::env::args().nth(1) {
        None => 6,
        Some(text) => match text.parse::<u32>() {
            Ok(d) if d <= 10 => d,
            _ => {
                eprintln!("usage: shakmaty-perft [DEPTH]   (DEPTH 0 to 10, default 6)");
                std::process::exit(2);
            }
        },
    };
    let start = Chess::default();
    let t = Instant::now();
    let nodes = perft(&start, depth);
    let secs = t.elapsed().as_secs_f64();
    println!("shakmaty perft {depth} of chess");
    println!("nodes: {nodes}");
    println!(
        "time:  {secs:.3} s ({:.2} M nodes/s)",
        nodes as f64 / secs.max(1e-9) / 1e6
    );
}
