//! Orthodox chess (the template variant, simple rather than fast): legal move generation
//! over a set of positions, and perft from the start.
// criterion's macros define undocumented public functions.
#![allow(missing_docs)]

use chimera_benches::{bench_movegen, bench_perft, sample_positions};
use chimera_chess::{Chess, Rules};
use criterion::{criterion_group, criterion_main, Criterion};

fn movegen(c: &mut Criterion) {
    let positions = sample_positions::<Chess>(Rules::Standard, 7, 6);
    bench_movegen(c, "chess", "positions", &positions);
}

fn perft_start(c: &mut Criterion) {
    bench_perft::<Chess>(c, "chess", &[Rules::Standard], 4);
}

criterion_group!(benches, movegen, perft_start);
criterion_main!(benches);
