//! `BitSet<W>` against the hand-written loops it replaces: iterating the members of a raw
//! `u64` / `u128` by popping the lowest bit, and counting members of a union.
// criterion's macros define undocumented public functions.
#![allow(missing_docs)]

use chimera_kit::BitSet;
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

fn words(n: usize) -> Vec<u128> {
    let mut s = 0x1234_5678_9ABC_DEF0u64;
    (0..n)
        .map(|_| {
            let (a, b) = (
                chimera_core::zobrist::splitmix64(s),
                chimera_core::zobrist::splitmix64(s ^ 1),
            );
            s = a;
            (u128::from(a & b & (a >> 3)) << 64) | u128::from(b & (a >> 7))
        })
        .collect()
}

fn iterate(c: &mut Criterion) {
    let data = words(1024);
    let mut g = c.benchmark_group("bitset-iterate");
    g.bench_function("raw u64", |b| {
        b.iter(|| {
            let mut sum = 0usize;
            for &w in &data {
                let mut x = black_box(w as u64);
                while x != 0 {
                    sum += x.trailing_zeros() as usize;
                    x &= x - 1;
                }
            }
            sum
        })
    });
    g.bench_function("BitSet<1>", |b| {
        b.iter(|| {
            let mut sum = 0usize;
            for &w in &data {
                sum += BitSet::<1>::from(black_box(w as u64)).iter().sum::<usize>();
            }
            sum
        })
    });
    g.bench_function("BitSet<1> for loop", |b| {
        b.iter(|| {
            let mut sum = 0usize;
            for &w in &data {
                for i in BitSet::<1>::from(black_box(w as u64)) {
                    sum += i;
                }
            }
            sum
        })
    });
    g.bench_function("raw u128", |b| {
        b.iter(|| {
            let mut sum = 0usize;
            for &w in &data {
                let mut x = black_box(w);
                while x != 0 {
                    sum += x.trailing_zeros() as usize;
                    x &= x - 1;
                }
            }
            sum
        })
    });
    g.bench_function("BitSet<2>", |b| {
        b.iter(|| {
            let mut sum = 0usize;
            for &w in &data {
                sum += BitSet::<2>::from(black_box(w)).iter().sum::<usize>();
            }
            sum
        })
    });
    g.bench_function("BitSet<2> for loop", |b| {
        b.iter(|| {
            let mut sum = 0usize;
            for &w in &data {
                for i in BitSet::<2>::from(black_box(w)) {
                    sum += i;
                }
            }
            sum
        })
    });
    g.finish();
}

fn set_ops(c: &mut Criterion) {
    let data = words(1024);
    let mut g = c.benchmark_group("bitset-ops");
    g.bench_function("raw u128", |b| {
        b.iter(|| {
            let mut n = 0u32;
            for pair in data.windows(2) {
                let (x, y) = (black_box(pair[0]), black_box(pair[1]));
                n += ((x | y) & !(x & y)).count_ones();
            }
            n
        })
    });
    g.bench_function("BitSet<2>", |b| {
        b.iter(|| {
            let mut n = 0u32;
            for pair in data.windows(2) {
                let (x, y) = (
                    BitSet::<2>::from(black_box(pair[0])),
                    BitSet::<2>::from(black_box(pair[1])),
                );
                n += ((x | y) - (x & y)).count();
            }
            n
        })
    });
    g.finish();
}

criterion_group!(benches, iterate, set_ops);
criterion_main!(benches);
