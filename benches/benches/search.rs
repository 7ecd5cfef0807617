//! The `chimera-engine` search in every variant: a search of a fixed number of nodes from a
//! fixed position (the start and a position after 16 random plies), with a fresh
//! transposition table each time. Throughput is in elements = search nodes, so criterion
//! prints nodes per second.
// criterion's macros define undocumented public functions.
#![allow(missing_docs)]

use chimera_core::{Evaluate, Game, Position};
use chimera_engine::{Engine, Limits};
use chimera_test_kit::random_game;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use std::time::Duration;

/// The nodes each search visits.
const NODES: u64 = 20_000;
/// The transposition table's size (2^bits entries): cleared before every search.
const TT_BITS: u32 = 16;

/// The start and the position after `plies` random plies (seed 1) from it.
fn positions<P: Position>(rules: P::Rules, plies: usize) -> [(&'static str, Game<P>); 2] {
    let start = Game::new(P::start(rules));
    let game = random_game(start.clone(), 1, plies);
    // A new game from that position: the search's history is the same in every run.
    let mid = Game::new(game.position().clone());
    [("start", start), ("midgame", mid)]
}

fn bench_search<P: Evaluate + Send>(c: &mut Criterion, variant: &str, rules: P::Rules)
where
    P::Move: Send,
{
    let mut group = c.benchmark_group(format!("{variant}/search"));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(4));
    group.warm_up_time(Duration::from_secs(1));
    let mut engine = Engine::<P>::with_tt_bits(TT_BITS);
    for (label, game) in positions::<P>(rules, 16) {
        // The node count is the same every time (a node-limited search is deterministic).
        engine.clear();
        let nodes = engine.search(&game, &Limits::nodes(NODES)).unwrap().nodes;
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(label, |b| {
            b.iter(|| {
                engine.clear();
                black_box(
                    engine
                        .search(black_box(&game), &Limits::nodes(NODES))
                        .unwrap(),
                )
            })
        });
    }
    group.finish();
}

fn search(c: &mut Criterion) {
    bench_search::<chimera_chess::Chess>(c, "chess", Default::default());
    bench_search::<chimera_turtle_shell::TurtleShell>(c, "turtle-shell", Default::default());
    bench_search::<chimera_turret::Turret>(c, "turret", Default::default());
    bench_search::<chimera_turnover::Turnover>(c, "turnover", Default::default());
    bench_search::<chimera_triagonal::Triagonal>(c, "triagonal", Default::default());
    bench_search::<chimera_tiling_rider::TilingRider>(c, "tiling-rider", Default::default());
}

criterion_group!(benches, search);
criterion_main!(benches);
