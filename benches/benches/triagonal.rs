//! Triagonal Chess: legal move generation over a set of positions (with and without Jacks in
//! hand), and perft from the start and from the start with both hands empty.
// criterion's macros define undocumented public functions.
#![allow(missing_docs)]

use chimera_benches::{bench_movegen, bench_perft_from, sample_positions_from};
use chimera_core::{Color, Position};
use chimera_triagonal::{Rules, Setup, Triagonal};
use criterion::{criterion_group, criterion_main, Criterion};

/// The start with both hands emptied.
fn empty_hands() -> Triagonal {
    Setup::from_position(&Triagonal::start(Rules::Standard))
        .set_jacks_in_hand(Color::White, 0)
        .set_jacks_in_hand(Color::Black, 0)
        .build()
        .expect("the start with empty hands")
}

fn movegen(c: &mut Criterion) {
    for (label, start) in [
        ("with-jacks", Triagonal::start(Rules::Standard)),
        ("empty-hands", empty_hands()),
    ] {
        // Normal moves only in the playouts, so that the hands stay as they were.
        let positions = sample_positions_from(start, 7, 6, |m| m.placement().is_none());
        bench_movegen(c, "triagonal", label, &positions);
    }
}

fn perft_start(c: &mut Criterion) {
    let start = vec![("start".to_string(), Triagonal::start(Rules::Standard))];
    bench_perft_from(c, "triagonal", start, 2);
    bench_perft_from(
        c,
        "triagonal",
        vec![("empty-hands".to_string(), empty_hands())],
        4,
    );
}

criterion_group!(benches, movegen, perft_start);
criterion_main!(benches);
