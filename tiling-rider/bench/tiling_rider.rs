//! Tiling Rider Chess: legal action generation over a set of positions, and perft from the
//! start.
//!
//! Belongs in `benches/benches/tiling_rider.rs` of the chimera-benches crate (it is kept here
//! until that crate depends on chimera-tiling-rider). Run with
//! `cargo bench -p chimera-benches --bench tiling_rider`. Throughput is in actions: positions
//! whose actions were generated, or perft's leaf count (the last ply bulk counted).
// criterion's macros define undocumented public functions.
#![allow(missing_docs)]

use chimera_core::conformance::SplitMix64;
use chimera_core::{perft, Game, Position};
use chimera_tiling_rider::{Rules, TilingRider};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use std::time::Duration;

/// The start and the positions reached by a few fixed random playouts from it.
fn positions() -> Vec<TilingRider> {
    let mut out = vec![TilingRider::start(Rules::Standard)];
    let mut moves = Vec::new();
    for seed in 1..=7u64 {
        let mut rng = SplitMix64::new(seed);
        let mut game: Game<TilingRider> = Game::start(Rules::Standard);
        for _ in 0..10 * seed {
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

fn movegen(c: &mut Criterion) {
    let positions = positions();
    let mut group = c.benchmark_group("tiling-rider/legal-moves");
    group.sample_size(30);
    group.measurement_time(Duration::from_secs(3));
    group.throughput(Throughput::Elements(positions.len() as u64));
    let mut buffer = Vec::with_capacity(256);
    group.bench_function("positions", |b| {
        b.iter(|| {
            let mut total = 0;
            for pos in &positions {
                pos.legal_moves(&mut buffer);
                total += buffer.len();
            }
            black_box(total)
        })
    });
    group.finish();
}

fn perft_start(c: &mut Criterion) {
    let mut group = c.benchmark_group("tiling-rider/perft");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    let depth = 3;
    let mut game: Game<TilingRider> = Game::start(Rules::Standard);
    let nodes = perft(&mut game, depth);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function(format!("start-depth-{depth}"), |b| {
        b.iter(|| black_box(perft(&mut game, depth)))
    });
    group.finish();
}

criterion_group!(benches, movegen, perft_start);
criterion_main!(benches);
