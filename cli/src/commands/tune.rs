//! `chimera tune`: Texel tuning of a variant's evaluation weights from a `chimera selfplay`
//! data file, written as a weight file (the variant crate's `src/weights.txt`). The logic is
//! in the chimera-tune crate.

use crate::{Failure, Io};
use chimera_kit::tune::Fit;
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
    /// Features whose weights stay as they are, by name, separated by commas.
    #[arg(long, value_name = "NAMES", default_value = "")]
    pub freeze: String,
    /// Start from this weight file instead of the weights the program was built with
    /// (with every weight frozen: that file's error on this data).
    #[arg(long, value_name = "FILE")]
    pub start: Option<PathBuf>,
}

/// Runs `chimera tune`.
pub fn run(io: &mut Io<'_>, args: &TuneArgs) -> Result<(), Failure> {
    let data = std::fs::read_to_string(&args.file)
        .map_err(|e| Failure::input(format!("cannot read {}: {e}", args.file.display())))?;
    if !(args.rate.is_finite() && args.rate > 0.0) {
        return Err(Failure::input("--rate must be a positive number"));
    }
    let names = chimera_tune::weight_set(&args.variant)
        .map_err(Failure::input)?
        .names();
    let mut frozen = Vec::new();
    for name in args.freeze.split(',').filter(|n| !n.is_empty()) {
        let index = names
            .iter()
            .position(|n| *n == name)
            .ok_or_else(|| Failure::input(format!("--freeze: no feature `{name}`")))?;
        frozen.push(index);
    }
    let fit = Fit {
        iterations: args.iterations as usize,
        rate: args.rate,
        frozen,
    };
    let header = format!(
        "{} evaluation weights, fitted by `chimera tune {} {} --iterations {} --rate {}{}`\n\
         (Texel's method, from the weights the program was built with)",
        args.variant,
        args.variant,
        args.file.display(),
        args.iterations,
        args.rate,
        if args.freeze.is_empty() {
            String::new()
        } else {
            format!(" --freeze {}", args.freeze)
        }
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
    let tuned = chimera_tune::tune_from(&args.variant, &data, start.as_deref(), &fit, &header)
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
    Ok(())
}
