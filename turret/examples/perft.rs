//! Times perft from the start position (or a given position): `cargo run --release -p
//! chimera-turret --example perft -- [DEPTH] [FEN]`.
use chimera_core::{perft, Game, Position};
use chimera_turret::{Move, Rules, TurretChess};
use std::time::Instant;

/// Perft over positions only (no game history), bulk counted.
fn perft_plain(p: &TurretChess, depth: u32, bufs: &mut [Vec<Move>]) -> u64 {
    let (buf, rest) = bufs.split_first_mut().expect("buffer per ply");
    p.legal_moves(buf);
    if depth == 1 {
        return buf.len() as u64;
    }
    let mut n = 0;
    for &m in buf.iter() {
        let mut q = p.clone();
        q.play_unchecked(m);
        n += perft_plain(&q, depth - 1, rest);
    }
    n
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let depth: u32 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(5);
    let start = match args.get(2) {
        Some(fen) => TurretChess::from_text(fen, Rules::Standard).expect("position"),
        None => TurretChess::start(Rules::Standard),
    };
    let mut game = Game::new(start.clone());
    let t = Instant::now();
    let n = perft(&mut game, depth);
    let s = t.elapsed().as_secs_f64();
    println!("chimera_core::perft (Game, history hooks) depth {depth}: {n} nodes in {s:.3} s = {:.1} M nodes/s", n as f64 / s / 1e6);
    let mut bufs: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(256)).collect();
    let t = Instant::now();
    let n2 = perft_plain(&start, depth, &mut bufs);
    let s = t.elapsed().as_secs_f64();
    assert_eq!(n, n2);
    println!(
        "position-only perft depth {depth}: {n2} nodes in {s:.3} s = {:.1} M nodes/s",
        n2 as f64 / s / 1e6
    );
}
