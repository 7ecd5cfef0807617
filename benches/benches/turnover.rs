//! Turnover Chess: legal move generation over a set of positions, and perft from the start.
// criterion's macros define undocumented public functions.
#![allow(missing_docs)]

use chimera_benches::{bench_movegen, bench_perft, sample_positions};
use chimera_turnover::{Rules, Turnover};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

fn movegen(c: &mut Criterion) {
    let positions = sample_positions::<Turnover>(Rules::Standard, 7, 6);
    bench_movegen(c, "turnover", "positions", &positions);
    c.bench_function("turnover/legal-moves/count-only", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|pos| black_box(pos).count_legal_moves())
                .sum::<usize>()
        })
    });
}

fn perft_start(c: &mut Criterion) {
    bench_perft::<Turnover>(c, "turnover", &[Rules::Standard], 4);
}

criterion_group!(benches, movegen, perft_start);
criterion_main!(benches);
