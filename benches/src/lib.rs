//! Shared pieces of the criterion benchmarks in `benches/`: every variant is measured the
//! same way, legal move generation over a fixed set of positions and perft from the start.
//!
//! Run all with `cargo bench -p chimera-benches`, or one variant with
//! `cargo bench -p chimera-benches --bench turtle_shell`. Throughput is in nodes: positions
//! whose moves were generated, or perft's leaf count (the last ply bulk counted).

use chimera_core::conformance::SplitMix64;
use chimera_core::{perft, Game, Position};
use criterion::{Criterion, Throughput};
use std::hint::black_box;
use std::time::Duration;

/// The start under `rules` and the positions reached from it by `playouts` fixed random
/// playouts (seed `s` plays `plies_per_seed * s` plies, fewer if the game ends).
pub fn sample_positions<P: Position>(
    rules: P::Rules,
    playouts: u64,
    plies_per_seed: u64,
) -> Vec<P> {
    let mut out = vec![P::start(rules)];
    let mut moves = Vec::new();
    for seed in 1..=playouts {
        let mut rng = SplitMix64::new(seed);
        let mut game: Game<P> = Game::start(rules);
        for _ in 0..plies_per_seed * seed {
            game.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            game.play_unchecked(moves[rng.below(moves.len())]);
        }
        out.push(game.position().clone());
    }
    out
}

/// Benchmarks legal move generation over `positions` as `{variant}/legal-moves/{label}`.
pub fn bench_movegen<P: Position>(c: &mut Criterion, variant: &str, label: &str, positions: &[P]) {
    let mut group = c.benchmark_group(format!("{variant}/legal-moves"));
    group.sample_size(30);
    group.measurement_time(Duration::from_secs(3));
    group.throughput(Throughput::Elements(positions.len() as u64));
    let mut buffer = Vec::with_capacity(256);
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

/// Benchmarks perft to `depth` from the start under each named rule set, as
/// `{variant}/perft/start-depth-{depth}/{rules}`.
pub fn bench_perft<P: Position>(
    c: &mut Criterion,
    variant: &str,
    rule_sets: &[P::Rules],
    depth: u32,
) {
    use chimera_core::RuleSet;
    let mut group = c.benchmark_group(format!("{variant}/perft"));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(5));
    for &rules in rule_sets {
        let mut game: Game<P> = Game::start(rules);
        let nodes = perft(&mut game, depth);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("start-depth-{depth}/{}", rules.name()), |b| {
            b.iter(|| black_box(perft(&mut game, depth)))
        });
    }
    group.finish();
}
