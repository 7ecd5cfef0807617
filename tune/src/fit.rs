//! Texel's method on a data set: the logistic scale `k` first, then the weights by gradient
//! descent, written out as the variant's weight file.

use crate::quiet::quiet_leaf;
use crate::weight_set;
use chimera_core::{Color, Evaluate};
use chimera_kit::tune::{descend, error, fit_k, write_weights, Dataset, Dense, Features, Fit};

/// How [`tune`] prepares the data and fits.
#[derive(Clone, Debug)]
pub struct TuneOptions {
    /// The descent.
    pub fit: Fit,
    /// The share of the positions held out of the fit to check it (early stopping): the
    /// data file's last ones, so whole games apart from one (self-play writes a game's
    /// positions together). 0: none.
    pub holdout: f64,
    /// Replace each position by the leaf of a quiescence search from it (captures and
    /// other noisy moves played out while they gain, as the search's leaves are), and
    /// leave out positions in check, or whose exchanges end the game or run past a budget:
    /// the static evaluation is fitted where the search uses it.
    pub quiet: bool,
}

impl Default for TuneOptions {
    fn default() -> TuneOptions {
        TuneOptions {
            fit: Fit::default(),
            holdout: 0.0,
            quiet: false,
        }
    }
}

/// What [`tune`] found.
#[derive(Clone, Debug)]
pub struct Tuned {
    /// Positions fitted on.
    pub positions: usize,
    /// Positions held out.
    pub held_out: usize,
    /// Positions of the file left out (with [`TuneOptions::quiet`]: in check, or noisy
    /// beyond the quiescence budget or to the game's end).
    pub dropped: usize,
    /// Positions replaced by their quiescence leaf (with [`TuneOptions::quiet`]).
    pub moved: usize,
    /// The logistic scale fitted to the starting weights (per unit of score), held fixed.
    pub k: f64,
    /// The mean squared error with the starting weights.
    pub error_before: f64,
    /// The mean squared error with the fitted weights (rounded).
    pub error_after: f64,
    /// The held-out error with the starting weights and with the fitted ones (rounded).
    pub held_out_error: Option<(f64, f64)>,
    /// The step whose weights were kept, and the steps run.
    pub iteration: (usize, usize),
    /// The starting weights.
    pub start: Vec<i32>,
    /// The fitted weights, rounded.
    pub weights: Vec<i32>,
    /// The weight file to write.
    pub text: String,
}

/// A data set read from a data file, with what was left out or replaced.
#[derive(Clone, Debug, Default)]
pub struct Read {
    /// The positions' features and results for their side to move.
    pub set: Dataset,
    /// Positions left out.
    pub dropped: usize,
    /// Positions replaced by their quiescence leaf.
    pub moved: usize,
}

/// Reads a data file of variant `P` into a data set: features scaled to score units,
/// results for the side to move; with `quiet`, each position's quiescence leaf instead
/// ([`quiet_leaf`]). Errors name the line.
pub fn dataset_of<P: Evaluate + Features>(data: &str, quiet: bool) -> Result<Read, String> {
    let n = P::NAMES.len();
    let mut read = Read {
        set: Dataset::new(n),
        ..Read::default()
    };
    for (number, line) in data.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let at = |e: String| format!("line {}: {e}", number + 1);
        let (result, text) = line
            .split_once('\t')
            .ok_or_else(|| at("expected a result, a tab and a position".into()))?;
        // A game's result (1, 0.5 or 0), or any expected score between (a result blended
        // with a deeper search's estimate, as `scripts/sf-games.py --blend` writes).
        let white: f32 = match result.trim().parse::<f32>() {
            Ok(v) if (0.0..=1.0).contains(&v) => v,
            _ => {
                return Err(at(format!(
                    "`{}` is not a result (1, 0.5, 0 or a number between)",
                    result.trim()
                )))
            }
        };
        let mut position = P::from_text(text, Default::default()).map_err(|e| at(e.to_string()))?;
        if quiet {
            match quiet_leaf(&position) {
                Some(leaf) => {
                    read.moved += usize::from(leaf != position);
                    position = leaf;
                }
                None => {
                    read.dropped += 1;
                    continue;
                }
            }
        }
        let mut features = Dense::new(n);
        position.features(&mut features);
        let result = if position.turn() == Color::White {
            white
        } else {
            1.0 - white
        };
        // Features in score units: the weights' unit is 1 / SCALE of a score point.
        read.set.push(features.values(), result);
    }
    Ok(read)
}

/// The weights' moves from `start` to `weights`, one `name start -> fitted` line for each
/// that moved, in the weights' units (for the report of a fit).
pub fn weight_moves(names: &[&str], start: &[i32], weights: &[i32]) -> String {
    let width = names.iter().map(|n| n.len()).max().unwrap_or(0);
    let mut text = String::new();
    for ((name, a), b) in names.iter().zip(start).zip(weights) {
        if a != b {
            text.push_str(&format!("{name:width$} {a:>6} -> {b:>6} ({:+})\n", b - a));
        }
    }
    text
}

/// Texel tuning of variant `P` from the starting weights `start`.
pub fn tune_of<P: Evaluate + Features>(
    data: &str,
    start: &[i32],
    options: &TuneOptions,
    header: &str,
) -> Result<Tuned, String> {
    let Read {
        set: mut train,
        dropped,
        moved,
    } = dataset_of::<P>(data, options.quiet)?;
    let holdout = options.holdout.clamp(0.0, 0.9);
    let held = train.split_off(((1.0 - holdout) * train.len() as f64).round() as usize);
    if train.is_empty() {
        return Err("the data file holds no position to fit on".into());
    }
    let held = (!held.is_empty()).then_some(held);
    let scale = f64::from(P::SCALE.max(1));
    let initial: Vec<f64> = start.iter().map(|&w| f64::from(w) / scale).collect();
    let k = fit_k(&train, &initial);
    let error_before = error(&train, &initial, k);
    let found = descend(&train, held.as_ref(), &initial, k, &options.fit);
    let weights: Vec<i32> = found
        .weights
        .iter()
        .map(|w| (w * scale).round() as i32)
        .collect();
    let rounded: Vec<f64> = weights.iter().map(|&w| f64::from(w) / scale).collect();
    let error_after = error(&train, &rounded, k);
    let held_out_error = held
        .as_ref()
        .map(|h| (error(h, &initial, k), error(h, &rounded, k)));
    let mut summary = format!(
        "{} positions; k = {k:.6}; mean squared error {error_before:.6} before, \
         {error_after:.6} after",
        train.len()
    );
    if let Some((before, after)) = held_out_error {
        summary.push_str(&format!(
            "; {} positions held out: {before:.6} before, {after:.6} after \
             (step {} of {})",
            held.as_ref().map_or(0, Dataset::len),
            found.iteration,
            found.steps
        ));
    }
    if options.quiet {
        summary.push_str(&format!(
            "; quiescence leaves: {moved} positions moved, {dropped} left out"
        ));
    }
    Ok(Tuned {
        positions: train.len(),
        held_out: held.as_ref().map_or(0, Dataset::len),
        dropped,
        moved,
        k,
        error_before,
        error_after,
        held_out_error,
        iteration: (found.iteration, found.steps),
        text: write_weights(P::NAMES, &weights, &format!("{header}\n{summary}")),
        start: start.to_vec(),
        weights,
    })
}

/// Texel tuning of `variant` on the data file's text, starting from its current (tuned)
/// weights; `header` heads the weight file (how it was made).
pub fn tune(
    variant: &str,
    data: &str,
    options: &TuneOptions,
    header: &str,
) -> Result<Tuned, String> {
    tune_from(variant, data, None, options, header)
}

/// As [`tune`], starting from the weight file `start` (its text) when given: e.g. to
/// measure a fit's error on other data (`fit.iterations` 0, or every weight frozen).
pub fn tune_from(
    variant: &str,
    data: &str,
    start: Option<&str>,
    options: &TuneOptions,
    header: &str,
) -> Result<Tuned, String> {
    use chimera_chess::Chess;
    use chimera_tiling_rider::TilingRider;
    use chimera_triagonal::Triagonal;
    use chimera_turnover::Turnover;
    use chimera_turret::Turret;
    use chimera_turtle_shell::TurtleShell;
    let weights = weight_set(variant)?;
    let start = match start {
        Some(text) => chimera_kit::tune::parse_weights(text, weights.names())
            .map_err(|e| format!("the starting weights: {e}"))?,
        None => weights.tuned().to_vec(),
    };
    match variant {
        "chess" => tune_of::<Chess>(data, &start, options, header),
        "turtle-shell" => tune_of::<TurtleShell>(data, &start, options, header),
        "turret" => tune_of::<Turret>(data, &start, options, header),
        "turnover" => tune_of::<Turnover>(data, &start, options, header),
        "triagonal" => tune_of::<Triagonal>(data, &start, options, header),
        _ => tune_of::<TilingRider>(data, &start, options, header),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_data_is_refused_with_its_line() {
        let fit = TuneOptions::default();
        assert!(tune("chess", "", &fit, "").is_err());
        assert!(tune("shogi", "", &fit, "").is_err());
        let err = tune("chess", "1\tnot a fen\n", &fit, "").unwrap_err();
        assert!(err.starts_with("line 1:"), "{err}");
        let err = tune("turret", "1\tnot a position\n", &fit, "").unwrap_err();
        assert!(err.starts_with("line 1:"), "{err}");
        let err = tune("turret", "\n2\tx\n", &fit, "").unwrap_err();
        assert!(err.starts_with("line 2:"), "{err}");
        assert!(tune("turret", "", &fit, "").is_err());
        let start = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        for bad in ["1.5", "-0.1", "NaN", "win"] {
            let err = tune("chess", &format!("{bad}\t{start}\n"), &fit, "").unwrap_err();
            assert!(err.starts_with("line 1:") && err.contains(bad), "{err}");
        }
    }

    #[test]
    fn expected_scores_between_results_are_read_as_given() {
        let start = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        let read =
            dataset_of::<chimera_chess::Chess>(&format!("0.75\t{start}\n1\t{start}\n"), false)
                .expect("two positions");
        // Black to move: the results for the side to move are 1 - White's, 0.25 and 0;
        // with every weight 0 each prediction is 0.5, so the mean squared error is
        // (0.25² + 0.5²) / 2.
        assert_eq!(read.set.len(), 2);
        let zero = vec![0.0; <chimera_chess::Chess as Features>::NAMES.len()];
        let e = error(&read.set, &zero, 0.01);
        assert!((e - 0.15625).abs() < 1e-9, "{e}");
    }
}
