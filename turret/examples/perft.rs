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

/// CPU time of this process in seconds (Linux `/proc/self/schedstat`), so that the rate
/// does not depend on other processes sharing the machine.
fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

fn report(what: &str, depth: u32, nodes: u64, wall: f64, cpu: Option<f64>) {
    print!(
        "{what} depth {depth}: {nodes} nodes in {wall:.3} s wall = {:.1} M nodes/s",
        nodes as f64 / wall / 1e6
    );
    if let Some(c) = cpu {
        print!("; {c:.3} s CPU = {:.1} M nodes/s", nodes as f64 / c / 1e6);
    }
    println!();
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let depth: u32 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(5);
    let start = match args.get(2) {
        Some(fen) => TurretChess::from_text(fen, Rules::Standard).expect("position"),
        None => TurretChess::start(Rules::Standard),
    };
    let mut game = Game::new(start.clone());
    let (t, c) = (Instant::now(), cpu_seconds());
    let n = perft(&mut game, depth);
    let cpu = c.and_then(|c| Some(cpu_seconds()? - c));
    report(
        "chimera_core::perft (Game, history hooks)",
        depth,
        n,
        t.elapsed().as_secs_f64(),
        cpu,
    );
    let mut bufs: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(256)).collect();
    let (t, c) = (Instant::now(), cpu_seconds());
    let n2 = perft_plain(&start, depth, &mut bufs);
    let cpu = c.and_then(|c| Some(cpu_seconds()? - c));
    assert_eq!(n, n2);
    report(
        "position-only perft",
        depth,
        n2,
        t.elapsed().as_secs_f64(),
        cpu,
    );
}
