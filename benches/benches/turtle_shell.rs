//! Turtle Shell Chess: legal move generation over a set of positions, and perft from the
//! start under the standard Ko rule and with repetition allowed (`none`).
// criterion's macros define undocumented public functions.
#![allow(missing_docs)]

use chimera_benches::{bench_movegen, bench_perft, sample_positions};
use chimera_turtle_shell::{Repetition, Rules, TurtleShell};
use criterion::{criterion_group, criterion_main, Criterion};

fn movegen(c: &mut Criterion) {
    let positions = sample_positions::<TurtleShell>(Rules::default(), 7, 6);
    bench_movegen(c, "turtle-shell", "positions", &positions);
}

fn perft_start(c: &mut Criterion) {
    let rules = [Repetition::Ko, Repetition::None].map(Rules::new);
    bench_perft::<TurtleShell>(c, "turtle-shell", &rules, 6);
}

criterion_group!(benches, movegen, perft_start);
criterion_main!(benches);
