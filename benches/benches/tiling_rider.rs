//! Tiling Rider Chess: legal action generation over a set of positions, and perft (actions
//! as plies) from the start, under the standard rules, `paulowich-16` and `color-rider`.
// criterion's macros define undocumented public functions.
#![allow(missing_docs)]

use chimera_benches::{bench_movegen, bench_perft, sample_positions};
use chimera_core::{Budget, Position, RuleSet};
use chimera_tiling_rider::{Rules, TilingRider};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

/// The legality corpus (`tiling-rider/corpus/legality.tsv`: positions from random and
/// greedy games, the hard ones included; see `tiling-rider/examples/corpus.rs`).
const CORPUS: &str = include_str!("../../tiling-rider/corpus/legality.tsv");

/// Every 31st corpus position: about a hundred, of every kind.
fn corpus_sample() -> Vec<TilingRider> {
    CORPUS
        .lines()
        .step_by(31)
        .map(|line| {
            let mut fields = line.split('\t');
            let rules = Rules::from_name(fields.next().unwrap()).unwrap();
            TilingRider::from_text(fields.next().unwrap(), rules).unwrap()
        })
        .collect()
}

/// The full legal-action listing of each sampled corpus position, each within a budget of
/// 100,000 search nodes (deterministic; what the budget leaves undecided stays so).
fn corpus(c: &mut Criterion) {
    let positions = corpus_sample();
    let mut group = c.benchmark_group("tiling-rider/corpus");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.sample_size(10);
    group.bench_function("listing within 100k nodes", |b| {
        let (mut legal, mut undecided) = (Vec::new(), Vec::new());
        b.iter(|| {
            let mut total = 0;
            for pos in &positions {
                let mut budget = Budget::nodes(100_000);
                pos.legal_moves_within(&mut legal, &mut undecided, &mut budget);
                total += legal.len() + undecided.len();
            }
            total
        })
    });
    group.finish();
}

/// The corpus positions only the rescue planner decides (RULES.md §5): the two RULES.md
/// examples (lines 1 and 2: White checked at the start of an 8-move turn, Black at the
/// start of an 18-move turn) and the two slowest (line 2541: a standard camp checked at the
/// start of a 14-move turn; line 2834: a `paulowich-16` camp checked at the start of a
/// 17-move turn).
const HARD_LINES: [usize; 4] = [1, 2, 2541, 2834];

fn corpus_line(n: usize) -> TilingRider {
    let line = CORPUS.lines().nth(n - 1).unwrap();
    let mut fields = line.split('\t');
    let rules = Rules::from_name(fields.next().unwrap()).unwrap();
    TilingRider::from_text(fields.next().unwrap(), rules).unwrap()
}

/// The full listing of each hard position within 4,000,000 work units (enough to decide
/// every action of each: the search, then the SAT planner), so the time is the time to
/// decide them.
fn hard(c: &mut Criterion) {
    let mut group = c.benchmark_group("tiling-rider/hard");
    group.sample_size(10);
    for n in HARD_LINES {
        let pos = corpus_line(n);
        group.bench_function(format!("corpus line {n}"), |b| {
            let (mut legal, mut undecided) = (Vec::new(), Vec::new());
            b.iter(|| {
                let mut budget = Budget::nodes(4_000_000);
                pos.legal_moves_within(&mut legal, &mut undecided, &mut budget);
                assert!(undecided.is_empty(), "decided within 4 M units");
                legal.len()
            })
        });
    }
    group.finish();
}

fn movegen(c: &mut Criterion) {
    let positions = sample_positions::<TilingRider>(Rules::Standard, 7, 10);
    bench_movegen(c, "tiling-rider", "positions", &positions);
}

fn perft_start(c: &mut Criterion) {
    bench_perft::<TilingRider>(
        c,
        "tiling-rider",
        &[Rules::Standard, Rules::Paulowich16, Rules::ColorRider],
        3,
    );
}

criterion_group!(benches, movegen, perft_start, corpus, hard);
criterion_main!(benches);
