//! Shared pieces of the criterion benchmarks in `benches/`: every variant is measured the
//! same way, legal move generation over a fixed set of positions and perft from the start.
//!
//! Run all with `cargo bench -p chimera-benches`, or one variant with
//! `cargo bench -p chimera-benches --bench turtle_shell`. Throughput is in elements: for
//! move generation the legal moves generated, for perft its leaf count (the last ply bulk
//! counted).

use chimera_core::SplitMix64;
use chimera_core::{perft, Game, Position, RuleSet};
use criterion::{Criterion, Throughput};
use std::hint::black_box;
use std::time::Duration;

/// `start` and the positions reached from it by `playouts` fixed random playouts (seed `s`
/// plays `plies_per_seed * s` plies, fewer if the game ends), choosing only among the moves
/// `keep` accepts.
pub fn sample_positions_from<P: Position>(
    start: P,
    playouts: u64,
    plies_per_seed: u64,
    keep: impl Fn(&P::Move) -> bool,
) -> Vec<P> {
    let mut out = vec![start.clone()];
    let mut moves = Vec::new();
    for seed in 1..=playouts {
        let mut rng = SplitMix64::new(seed);
        let mut game = Game::new(start.clone());
        for _ in 0..plies_per_seed * seed {
            game.legal_moves(&mut moves);
            moves.retain(&keep);
            if moves.is_empty() {
                break;
            }
            game.play_unchecked(moves[rng.below(moves.len())]);
        }
        out.push(game.position().clone());
    }
    out
}

/// The start under `rules` and positions from random playouts (see
/// [`sample_positions_from`]).
pub fn sample_positions<P: Position>(
    rules: P::Rules,
    playouts: u64,
    plies_per_seed: u64,
) -> Vec<P> {
    sample_positions_from(P::start(rules), playouts, plies_per_seed, |_| true)
}

/// Benchmarks legal move generation over `positions` as `{variant}/legal-moves/{label}`;
/// the throughput is the number of legal moves generated.
pub fn bench_movegen<P: Position>(c: &mut Criterion, variant: &str, label: &str, positions: &[P]) {
    let mut group = c.benchmark_group(format!("{variant}/legal-moves"));
    group.sample_size(30);
    group.measurement_time(Duration::from_secs(3));
    let mut buffer = Vec::new();
    let moves: usize = positions
        .iter()
        .map(|p| {
            p.legal_moves(&mut buffer);
            buffer.len()
        })
        .sum();
    group.throughput(Throughput::Elements(moves as u64));
    group.bench_function(label, |b| {
        b.iter(|| {
            let mut total = 0;
            for pos in positions {
                black_box(pos).legal_moves(&mut buffer);
                total += buffer.len();
            }
            black_box(total)
        })
    });
    group.finish();
}

/// Benchmarks perft to `depth` from each `(label, start)` as
/// `{variant}/perft/{label}-depth-{depth}`; the throughput is perft's count.
pub fn bench_perft_from<P: Position>(
    c: &mut Criterion,
    variant: &str,
    starts: Vec<(String, P)>,
    depth: u32,
) {
    let mut group = c.benchmark_group(format!("{variant}/perft"));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(5));
    for (label, start) in starts {
        let mut game = Game::new(start);
        let nodes = perft(&mut game, depth);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{label}-depth-{depth}"), |b| {
            b.iter(|| black_box(perft(&mut game, depth)))
        });
    }
    group.finish();
}

/// Benchmarks perft to `depth` from the start under each rule set, labelled
/// `start-{rules}`.
pub fn bench_perft<P: Position>(
    c: &mut Criterion,
    variant: &str,
    rule_sets: &[P::Rules],
    depth: u32,
) {
    let starts = rule_sets
        .iter()
        .map(|&rules| (format!("start-{}", rules.name()), P::start(rules)))
        .collect();
    bench_perft_from(c, variant, starts, depth);
}
