//! No allocation per node: in each variant, a search of 100,000 nodes allocates no more
//! than one of 20,000 (once the engine is made and warm), give or take one allocation per
//! thousand nodes. A search allocates a fixed few hundred times when it starts (its move
//! lists and principal-variation table, one per ply), which is asserted separately.
//!
//! The count comes from a counting global allocator. The workspace forbids unsafe code (an
//! allocator is an `unsafe impl`, and `forbid` cannot be lifted in one file), so the
//! counting allocator is the `stats_alloc` crate's.

use chimera_core::{Evaluate, Game, Position};
use chimera_engine::{Engine, Limits};
use chimera_test_kit::random_game;
use stats_alloc::{Region, StatsAlloc, INSTRUMENTED_SYSTEM};
use std::alloc::System;

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// The allocations of a search of `nodes` nodes from `plies` random plies after the start
/// (after a first search of the same position that warms the engine up), and the nodes.
fn allocations<P: Evaluate + Send>(start: P, plies: usize, nodes: u64) -> (usize, u64)
where
    P::Move: Send,
{
    let game = random_game(Game::new(start), 7, plies);
    let mut engine = Engine::with_tt_bits(16);
    engine.search(&game, &Limits::nodes(nodes)).unwrap();
    let region = Region::new(GLOBAL);
    let r = engine.search(&game, &Limits::nodes(nodes)).unwrap();
    (region.change().allocations, r.nodes)
}

fn check<P: Evaluate + Send>(variant: &str, start: P)
where
    P::Move: Send,
{
    let (small, n_small) = allocations(start.clone(), 20, 20_000);
    let (large, n_large) = allocations(start, 20, 100_000);
    eprintln!("{variant}: {small} allocations in {n_small} nodes, {large} in {n_large}");
    assert!(
        small <= 1_000,
        "{variant}: {small} allocations in {n_small} nodes"
    );
    let extra = large.saturating_sub(small) as u64;
    assert!(
        extra <= (n_large - n_small) / 1_000,
        "{variant}: {extra} more allocations in {} more nodes",
        n_large - n_small
    );
}

// One test, so that no other test's allocations are counted.
#[test]
fn a_search_does_not_allocate_per_node() {
    check(
        "turtle-shell",
        chimera_turtle_shell::TurtleShell::start(Default::default()),
    );
    check("turret", chimera_turret::Turret::start(Default::default()));
    check(
        "turnover",
        chimera_turnover::Turnover::start(Default::default()),
    );
    check(
        "triagonal",
        chimera_triagonal::Triagonal::start(Default::default()),
    );
    check(
        "tiling-rider",
        chimera_tiling_rider::TilingRider::start(Default::default()),
    );
}
