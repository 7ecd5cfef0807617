//! Turret Chess: legal move generation over a set of positions, and perft from the start
//! (standard rules and the Kwagga rule set).
// criterion's macros define undocumented public functions.
#![allow(missing_docs)]

use chimera_benches::{bench_movegen, bench_perft, sample_positions};
use chimera_turret::{Rules, Turret};
use criterion::{criterion_group, criterion_main, Criterion};

fn movegen(c: &mut Criterion) {
    let positions = sample_positions::<Turret>(Rules::Standard, 7, 6);
    bench_movegen(c, "turret", "positions", &positions);
}

fn perft_start(c: &mut Criterion) {
    bench_perft::<Turret>(c, "turret", &[Rules::Standard, Rules::Kwagga], 4);
}

criterion_group!(benches, movegen, perft_start);
criterion_main!(benches);
