//! # chimera-tune
//!
//! Tuning the variants' evaluations, reproducibly from the repository:
//!
//! - [`selfplay()`] (`selfplay.rs`): engine games under fixed node counts, from the standard start after a
//!   few random plies (each opening played twice, colours swapped), recording quiet
//!   positions with the game's result: the data set. The same games measure two sets of
//!   weights against each other (`tuned`, `legacy`, or a weight file: see
//!   [`WeightChoice`]): the score, and the Elo difference with its 95 % margin.
//! - [`tune`] (`fit.rs`): Texel's method on such a data set (see [`chimera_kit::tune`]): the
//!   logistic scale `k` first, then the weights by gradient descent, written out as the
//!   variant's weight file (`src/weights.txt` in its crate). With `--quiet` it fits each
//!   position's [`quiet_leaf`] (`quiet.rs`): captures played out as the search's leaves are.
//!
//! A data file has one position a line: the result for White (`1`, `0.5` or `0`, or an
//! expected score between, e.g. a result blended with a deeper search's estimate), a tab,
//! the position text.
//!
//! Variants: chess, turtle-shell, turret, turnover, triagonal, tiling-rider (their standard
//! rules). Chess evaluates with its weight file compiled in (for speed): its self-play
//! plays the crate's weights only, and two weight sets are measured with two builds.
#![forbid(unsafe_code)]

mod fit;
mod quiet;
mod selfplay;

pub use fit::{dataset_of, tune, tune_from, tune_of, weight_moves, Read, TuneOptions, Tuned};
pub use quiet::quiet_leaf;
pub use selfplay::{selfplay, selfplay_of, Score, SelfplayOptions, WeightChoice, MATE_CP};

use chimera_kit::tune::WeightSet;

/// The variants that can be tuned.
pub const VARIANTS: &[&str] = &[
    "chess",
    "turtle-shell",
    "turret",
    "turnover",
    "triagonal",
    "tiling-rider",
];

/// The weights of `variant`.
pub fn weight_set(variant: &str) -> Result<&'static WeightSet, String> {
    Ok(match variant {
        "chess" => &chimera_chess::WEIGHTS,
        "turtle-shell" => &chimera_turtle_shell::WEIGHTS,
        "turret" => &chimera_turret::WEIGHTS,
        "turnover" => &chimera_turnover::WEIGHTS,
        "triagonal" => &chimera_triagonal::WEIGHTS,
        "tiling-rider" => &chimera_tiling_rider::WEIGHTS,
        other => {
            return Err(format!(
                "no tunable evaluation for `{other}` (tunable: {})",
                VARIANTS.join(", ")
            ))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use chimera_kit::tune::Fit;

    #[test]
    fn selfplay_records_positions_that_tune_reads_back() {
        let options = SelfplayOptions {
            games: 2,
            nodes: 300,
            b_nodes: 300,
            max_plies: 60,
            ..SelfplayOptions::default()
        };
        let mut data = Vec::new();
        let score = selfplay("turnover", &options, &mut data, &mut |_, _| {}).unwrap();
        assert_eq!(score.wins + score.draws + score.losses, 2);
        let text = String::from_utf8(data).unwrap();
        assert_eq!(text.lines().count() as u64, score.positions);
        let fit = TuneOptions {
            fit: Fit {
                iterations: 20,
                ..Fit::default()
            },
            ..TuneOptions::default()
        };
        if score.positions > 0 {
            let tuned = tune("turnover", &text, &fit, "test").unwrap();
            assert_eq!(tuned.positions as u64, score.positions);
            let weights = chimera_kit::tune::parse_weights(&tuned.text, chimera_turnover::FEATURES);
            assert_eq!(weights, Ok(tuned.weights));
        }
        // The same seed plays the same games.
        let mut again = Vec::new();
        selfplay("turnover", &options, &mut again, &mut |_, _| {}).unwrap();
        assert_eq!(String::from_utf8(again).unwrap(), text);
    }

    #[test]
    fn chess_selfplay_records_fens_that_tune_reads_back() {
        let options = SelfplayOptions {
            games: 2,
            nodes: 300,
            b_nodes: 300,
            max_plies: 60,
            sample_every: 1,
            ..SelfplayOptions::default()
        };
        let mut data = Vec::new();
        let score = selfplay("chess", &options, &mut data, &mut |_, _| {}).unwrap();
        assert_eq!(score.wins + score.draws + score.losses, 2);
        let text = String::from_utf8(data).unwrap();
        assert_eq!(text.lines().count() as u64, score.positions);
        if score.positions > 0 {
            let fit = TuneOptions {
                fit: Fit {
                    iterations: 20,
                    rate: 0.05,
                    frozen: vec![0, 1],
                    ..Fit::default()
                },
                ..TuneOptions::default()
            };
            let tuned = tune("chess", &text, &fit, "test").unwrap();
            assert_eq!(tuned.positions as u64, score.positions);
            let weights = chimera_kit::tune::parse_weights(&tuned.text, chimera_chess::FEATURES);
            assert_eq!(weights, Ok(tuned.weights.clone()));
            // The frozen material and piece-square scales stay 1.
            assert_eq!(&tuned.weights[..2], &[1, 1]);
            // Started from the fitted weights with every weight frozen, nothing moves and the
            // error does not change. The scale k is fitted again, to these weights: the error
            // is at most the fit's (which kept the k of the starting weights), and no more
            // than that can be asked of data of two short games (at 300 nodes these can make
            // the starting weights useless, k the least of its range, and the fitted ones far
            // better at another k).
            let all = TuneOptions {
                fit: Fit {
                    frozen: (0..chimera_chess::FEATURES.len()).collect(),
                    ..fit.fit.clone()
                },
                ..fit
            };
            let again = tune_from("chess", &text, Some(&tuned.text), &all, "").unwrap();
            assert_eq!(again.weights, tuned.weights);
            assert!((again.error_after - again.error_before).abs() < 1e-12);
            assert!(
                again.error_before <= tuned.error_after + 1e-4,
                "{} after k fitted again, {} in the fit",
                again.error_before,
                tuned.error_after
            );
            let bad = tune_from("chess", &text, Some("tempo 3\n"), &all, "").unwrap_err();
            assert!(bad.contains("starting weights"), "{bad}");
        }
        // Chess plays its compiled-in weights only.
        let legacy = SelfplayOptions {
            a: WeightChoice::Legacy,
            ..options
        };
        let err = selfplay("chess", &legacy, &mut Vec::new(), &mut |_, _| {}).unwrap_err();
        assert!(err.contains("two builds"), "{err}");
    }
}
