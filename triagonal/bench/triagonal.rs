//! Triagonal Chess: legal move generation over a set of positions (with and without Jacks in
//! hand), and perft from the start and from the start with both hands empty.
//!
//! Belongs in `benches/benches/triagonal.rs` of the chimera-benches crate (kept here until
//! that crate depends on chimera-triagonal: Cargo would discover it there at once), with
//! `chimera-triagonal.workspace = true` under its `[dependencies]` and
//! `[[bench]] name = "triagonal" harness = false`. Run with
//! `cargo bench -p chimera-benches --bench triagonal`. Throughput is in nodes: turns
//! generated, or perft's leaf count (the last ply bulk counted).
// criterion's macros define undocumented public functions.
#![allow(missing_docs)]

use chimera_core::conformance::SplitMix64;
use chimera_core::{perft, Color, Game, Position};
use chimera_triagonal::{Rules, Triagonal};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use std::time::Duration;

/// The start with both hands emptied.
fn empty_hands() -> Triagonal {
    let mut pos = Triagonal::start(Rules::Standard);
    pos.set_jacks_in_hand(Color::White, 0);
    pos.set_jacks_in_hand(Color::Black, 0);
    pos
}

/// `start` and the positions reached by a few fixed random playouts from it (normal moves
/// only, so that the hands stay full).
fn positions(start: Triagonal) -> Vec<Triagonal> {
    let mut out = vec![start.clone()];
    let mut moves = Vec::new();
    for seed in 1..=7u64 {
        let mut rng = SplitMix64::new(seed);
        let mut game = Game::new(start.clone());
        for _ in 0..6 * seed {
            game.legal_moves(&mut moves);
            moves.retain(|m| m.placement().is_none());
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
    let mut group = c.benchmark_group("triagonal/legal-moves");
    group.sample_size(30);
    group.measurement_time(Duration::from_secs(3));
    let mut buffer = Vec::with_capacity(1 << 16);
    for (name, start) in [
        ("with-jacks", Triagonal::start(Rules::Standard)),
        ("empty-hands", empty_hands()),
    ] {
        let positions = positions(start);
        let turns: usize = positions
            .iter()
            .map(|p| {
                p.legal_moves(&mut buffer);
                buffer.len()
            })
            .sum();
        group.throughput(Throughput::Elements(turns as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut total = 0;
                for pos in &positions {
                    pos.legal_moves(&mut buffer);
                    total += buffer.len();
                }
                black_box(total)
            })
        });
    }
    group.finish();
}

fn perft_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("triagonal/perft");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    for (name, start, depth) in [
        ("start", Triagonal::start(Rules::Standard), 2),
        ("empty-hands", empty_hands(), 4),
    ] {
        let mut game = Game::new(start);
        let nodes = perft(&mut game, depth);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{name}-depth-{depth}"), |b| {
            b.iter(|| black_box(perft(&mut game, depth)))
        });
    }
    group.finish();
}

criterion_group!(benches, movegen, perft_bench);
criterion_main!(benches);
