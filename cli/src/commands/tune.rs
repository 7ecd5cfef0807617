//! `chimera tune`: Texel tuning of a variant's evaluation weights from a `chimera selfplay`
//! data file, written as a weight file (the variant crate's `src/weights.txt`). The logic is
//! in the chimera-tune crate.

use crate::{Failure, Io};
use chimera_kit::tune::Fit;
use chimera_tune::TuneOptions;
use clap::Args;
use std::path::PathBuf;

/// The arguments of `chimera tune`.
#[derive(Clone, Debug, Args)]
pub struct TuneArgs {
    /// The variant: chess, turtle-shell, turret, turnover, triagonal or tiling-rider.
    pub variant: String,
    /// The data file `chimera selfplay --output` wrote.
    pub file: PathBuf,
    /// Write the weight file here (e.g. turret/src/weights.txt).
    #[arg(long, short, value_name = "FILE")]
    pub output: PathBuf,
    /// Steps of gradient descent.
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub iterations: u32,
    /// The step size (Adam), in units of a weight.
    #[arg(long, default_value_t = 1.0)]
    pub rate: f64,
    /// Features whose weights stay as they are, by name, separated by commas; a name
    /// ending in `*` stands for every feature whose name starts with what precedes it
    /// (`pst_*`).
    #[arg(long, value_name = "NAMES", default_value = "")]
    pub freeze: String,
    /// Start from this weight file instead of the weights the program was built with
    /// (with every weight frozen: that file's error on this data).
    #[arg(long, value_name = "FILE")]
    pub start: Option<PathBuf>,
    /// Hold this share of the positions out of the fit (the file's last ones: whole games)
    /// and keep the weights of the step with the lowest error on them (early stopping).
    #[arg(long, default_value_t = 0.0, value_name = "SHARE")]
    pub holdout: f64,
    /// With --holdout: stop after N steps without a lower held-out error (0: never).
    #[arg(long, default_value_t = 0, value_name = "N")]
    pub patience: u32,
    /// Pull towards the starting weights: moving a weight by 100 (a pawn) costs this much
    /// mean squared error.
    #[arg(long, default_value_t = 0.0)]
    pub l2: f64,
    /// A pull of their own for some features, as `NAMES=L2` (names as for --freeze, `*`
    /// included), instead of --l2; repeatable (the last that names a feature counts).
    #[arg(long = "l2-for", value_name = "NAMES=L2")]
    pub l2_for: Vec<String>,
    /// Fit each position's quiescence leaf (noisy moves played out while they gain), and
    /// leave out positions in check.
    #[arg(long)]
    pub quiet: bool,
}

/// Runs `chimera tune`.
pub fn run(io: &mut Io<'_>, args: &TuneArgs) -> Result<(), Failure> {
    let data = std::fs::read_to_string(&args.file)
        .map_err(|e| Failure::input(format!("cannot read {}: {e}", args.file.display())))?;
    if !(args.rate.is_finite() && args.rate > 0.0) {
        return Err(Failure::input("--rate must be a positive number"));
    }
    if !(args.holdout.is_finite() && (0.0..=0.9).contains(&args.holdout)) {
        return Err(Failure::input("--holdout must be a share from 0 to 0.9"));
    }
    if !(args.l2.is_finite() && args.l2 >= 0.0) {
        return Err(Failure::input("--l2 must be a number of 0 or more"));
    }
    let names = chimera_tune::weight_set(&args.variant)
        .map_err(Failure::input)?
        .names();
    let frozen = features_named(names, &args.freeze)
        .map_err(|e| Failure::input(format!("--freeze: {e}")))?;
    let l2_of = l2_of(names, &args.l2_for)?;
    let options = TuneOptions {
        fit: Fit {
            iterations: args.iterations as usize,
            rate: args.rate,
            frozen,
            l2: args.l2,
            l2_of,
            patience: args.patience as usize,
        },
        holdout: args.holdout,
        quiet: args.quiet,
    };
    let header = format!(
        "{} evaluation weights, fitted by `chimera tune {} {} --iterations {} --rate {}{}`\n\
         (Texel's method, from the weights the program was built with)",
        args.variant,
        args.variant,
        args.file.display(),
        args.iterations,
        args.rate,
        options_text(args)
    );
    let start = match &args.start {
        Some(path) => Some(
            std::fs::read_to_string(path)
                .map_err(|e| Failure::input(format!("cannot read {}: {e}", path.display())))?,
        ),
        None => None,
    };
    let header = match &args.start {
        Some(path) => header.replace(
            "from the weights the program was built with",
            &format!("from the weights of {}", path.display()),
        ),
        None => header,
    };
    let tuned = chimera_tune::tune_from(&args.variant, &data, start.as_deref(), &options, &header)
        .map_err(Failure::input)?;
    std::fs::write(&args.output, &tuned.text)
        .map_err(|e| Failure::input(format!("cannot write {}: {e}", args.output.display())))?;
    writeln!(
        io.out,
        "{} positions; k = {:.6}; mean squared error {:.6} -> {:.6}; weights written to {}",
        tuned.positions,
        tuned.k,
        tuned.error_before,
        tuned.error_after,
        args.output.display()
    )?;
    if let Some((before, after)) = tuned.held_out_error {
        writeln!(
            io.out,
            "{} positions held out: mean squared error {before:.6} -> {after:.6} \
             (the weights of step {} of {})",
            tuned.held_out, tuned.iteration.0, tuned.iteration.1
        )?;
    }
    if args.quiet {
        writeln!(
            io.out,
            "quiescence leaves: {} positions moved to their leaf, {} left out",
            tuned.moved, tuned.dropped
        )?;
    }
    write!(
        io.out,
        "{}",
        chimera_tune::weight_moves(names, &tuned.start, &tuned.weights)
    )?;
    Ok(())
}

/// `--l2-for NAMES=L2 …`: each named feature with its own pull.
fn l2_of(names: &[&str], given: &[String]) -> Result<Vec<(usize, f64)>, Failure> {
    let mut l2_of = Vec::new();
    for given in given {
        let (list, l2) = given
            .split_once('=')
            .ok_or_else(|| Failure::input(format!("--l2-for `{given}`: expected NAMES=L2")))?;
        let l2 = match l2.trim().parse::<f64>() {
            Ok(l2) if l2.is_finite() && l2 >= 0.0 => l2,
            _ => {
                return Err(Failure::input(format!(
                    "--l2-for `{given}`: the pull must be a number of 0 or more"
                )))
            }
        };
        let features =
            features_named(names, list).map_err(|e| Failure::input(format!("--l2-for: {e}")))?;
        l2_of.extend(features.into_iter().map(|f| (f, l2)));
    }
    Ok(l2_of)
}

/// The options beyond --iterations and --rate, as given, for the weight file's header.
fn options_text(args: &TuneArgs) -> String {
    let mut text = String::new();
    if !args.freeze.is_empty() {
        text.push_str(&format!(" --freeze {}", args.freeze));
    }
    if args.holdout > 0.0 {
        text.push_str(&format!(" --holdout {}", args.holdout));
    }
    if args.patience > 0 {
        text.push_str(&format!(" --patience {}", args.patience));
    }
    if args.l2 > 0.0 {
        text.push_str(&format!(" --l2 {}", args.l2));
    }
    for given in &args.l2_for {
        text.push_str(&format!(" --l2-for {given}"));
    }
    if args.quiet {
        text.push_str(" --quiet");
    }
    text
}

/// The features of `list` (names separated by commas; a name ending in `*` every feature
/// whose name starts with what precedes it), by index, in the order given.
fn features_named(names: &[&str], list: &str) -> Result<Vec<usize>, String> {
    let mut features = Vec::new();
    for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        let before = features.len();
        match name.strip_suffix('*') {
            Some(prefix) => features.extend(
                names
                    .iter()
                    .enumerate()
                    .filter(|(_, n)| n.starts_with(prefix))
                    .map(|(i, _)| i),
            ),
            None => features.extend(names.iter().position(|n| *n == name)),
        }
        if features.len() == before {
            return Err(format!("no feature `{name}`"));
        }
    }
    Ok(features)
}

#[cfg(test)]
mod tests {
    use super::features_named;

    #[test]
    fn features_are_named_one_by_one_or_by_prefix() {
        let names = [
            "psqt_mg",
            "psqt_eg",
            "pst_pawn_a1_mg",
            "pst_pawn_a1_eg",
            "tempo",
        ];
        assert_eq!(features_named(&names, ""), Ok(vec![]));
        assert_eq!(features_named(&names, "tempo,psqt_mg"), Ok(vec![4, 0]));
        assert_eq!(features_named(&names, "pst_*"), Ok(vec![2, 3]));
        assert_eq!(features_named(&names, "ps*"), Ok(vec![0, 1, 2, 3]));
        assert_eq!(features_named(&names, "*").map(|f| f.len()), Ok(5));
        assert!(features_named(&names, "tempo,rook")
            .unwrap_err()
            .contains("`rook`"));
        assert!(features_named(&names, "queen_*").is_err());
    }
}
