//! Tiling Rider Chess: legal action generation over a set of positions, and perft (actions
//! as plies) from the start, under the standard rules and `paulowich-16`.
// criterion's macros define undocumented public functions.
#![allow(missing_docs)]

use chimera_benches::{bench_movegen, bench_perft, sample_positions};
use chimera_tiling_rider::{Rules, TilingRider};
use criterion::{criterion_group, criterion_main, Criterion};

fn movegen(c: &mut Criterion) {
    let positions = sample_positions::<TilingRider>(Rules::Standard, 7, 10);
    bench_movegen(c, "tiling-rider", "positions", &positions);
}

fn perft_start(c: &mut Criterion) {
    bench_perft::<TilingRider>(c, "tiling-rider", &[Rules::Standard, Rules::Paulowich16], 3);
}

criterion_group!(benches, movegen, perft_start);
criterion_main!(benches);
