//! Perft: counts from the Turret Chess start, cross-checked two ways (the crate's fast
//! generator against the independent reference generator of `common`, by
//! `chimera_core::perft_with`, and move by move over whole trees), and orthodox chess
//! positions whose counts must equal the published ones.
mod common;
use chimera_core::conformance::SplitMix64;
use chimera_core::{perft, Game, Position};
use chimera_turret::{Rules, TurretChess};
use common::*;

fn fast_perft(p: &TurretChess, depth: u32) -> u64 {
    perft(&mut Game::new(p.clone()), depth)
}

#[test]
fn scratch() {
    let p = TurretChess::start(Rules::Standard);
    for d in 1..=4 {
        println!("std {d}: {} {}", fast_perft(&p, d), ref_perft(&p, d));
    }
    let p = TurretChess::start(Rules::Kwagga);
    for d in 1..=4 {
        println!("kwagga {d}: {} {}", fast_perft(&p, d), ref_perft(&p, d));
    }
    println!("{:?}", compare_tree(&TurretChess::start(Rules::Standard), 4).map_err(|e| e.chars().take(600).collect::<String>()));
    // random playouts
    for seed in 0..300u64 {
        let mut rng = SplitMix64::new(seed);
        let rules = if seed % 3 == 0 { Rules::Kwagga } else { Rules::Standard };
        let mut p = TurretChess::start(rules);
        for ply in 0..120 {
            if let Err(e) = compare_tree(&p, 2) {
                panic!("seed {seed} ply {ply}: {e}");
            }
            let m = p.legal_move_list();
            if m.is_empty() { break; }
            p.play_unchecked(m[rng.below(m.len())]);
        }
    }
}
