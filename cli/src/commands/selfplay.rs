//! `chimera selfplay`: engine games that record positions with their results (the data of
//! `chimera tune`), or measure two sets of weights against each other. The logic is in
//! the chimera-tune crate.

use crate::{Failure, Io};
use chimera_arena::matches::ResignRule;
use chimera_tune::{selfplay, SelfplayOptions, WeightChoice};
use clap::Args;
use std::path::PathBuf;

/// The arguments of `chimera selfplay`.
#[derive(Clone, Debug, Args)]
pub struct SelfplayArgs {
    /// The variant: chess, turtle-shell, turret, turnover, triagonal or tiling-rider.
    pub variant: String,
    /// Games to play (each opening twice, colours swapped).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub games: u32,
    /// Nodes per move (player a; player b too unless --b-nodes).
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub nodes: u64,
    /// Nodes per move of player b.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub b_nodes: Option<u64>,
    /// The seed of the openings and of the sampling: the same seed plays the same games.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Write the recorded positions here (result for White, a tab, the position text).
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Player a's weights: `tuned` (the crate's weight file), `legacy` (the evaluation
    /// before tuning) or a weight file.
    #[arg(long, default_value = "tuned", value_name = "WEIGHTS")]
    pub a: String,
    /// Player b's weights, as --a.
    #[arg(long, default_value = "tuned", value_name = "WEIGHTS")]
    pub b: String,
    /// Random plies from the start before the engines play.
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(0..=40))]
    pub random_plies: u32,
    /// Engine plies before positions are recorded.
    #[arg(long, default_value_t = 4)]
    pub skip_plies: u32,
    /// Record one quiet position in N (at random).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..))]
    pub sample_every: u32,
    /// The rule set (see `chimera variants`), e.g. `ko+marshal` for Turtle Shell;
    /// default: the variant's standard rules.
    #[arg(long, value_name = "NAME")]
    pub rules: Option<String>,
    /// Start every game from this position text (then the random plies) instead of the
    /// rule set's start.
    #[arg(long, value_name = "TEXT")]
    pub position: Option<String>,
    /// Stop a game at this many engine plies (a draw; its positions are not recorded).
    #[arg(long, default_value_t = 400, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub max_plies: u32,
    /// Adjudicate: a game is won by the side both engines see ahead by SCORE centipawns
    /// for MOVES moves each (consecutive), e.g. `1000/4`, as `chimera match --resign`
    /// (read by the same rule: SCORE 1 to 100,000 centipawns, MOVES 1 to 10,000).
    #[arg(long, value_name = "SCORE/MOVES")]
    pub resign: Option<ResignRule>,
    /// Write each position as SCORE<TAB>RESULT<TAB>TEXT: the score (for White, in
    /// centipawns, a mate as ±10000) of the search that chose the move played there; for
    /// labels blending results with scores (`scripts/sf-games.py --blend`), not for `tune`.
    #[arg(long)]
    pub with_scores: bool,
}

/// Runs `chimera selfplay`.
pub fn run(io: &mut Io<'_>, args: &SelfplayArgs) -> Result<(), Failure> {
    let read = |path: &str| {
        std::fs::read_to_string(path).map_err(|e| format!("cannot read weight file {path}: {e}"))
    };
    let options = SelfplayOptions {
        games: args.games,
        nodes: args.nodes,
        b_nodes: args.b_nodes.unwrap_or(args.nodes),
        seed: args.seed,
        random_plies: args.random_plies,
        skip_plies: args.skip_plies,
        sample_every: args.sample_every,
        max_plies: args.max_plies,
        resign: args.resign.map(|r| (r.score, r.moves)),
        a: WeightChoice::parse(&args.a, read).map_err(Failure::input)?,
        b: WeightChoice::parse(&args.b, read).map_err(Failure::input)?,
        rules: args.rules.clone(),
        position: args.position.clone(),
        with_scores: args.with_scores,
    };
    let mut data: Box<dyn std::io::Write> = match &args.output {
        Some(path) => Box::new(std::io::BufWriter::new(
            std::fs::File::create(path)
                .map_err(|e| Failure::input(format!("cannot write {}: {e}", path.display())))?,
        )),
        None => Box::new(std::io::sink()),
    };
    let err = &mut *io.err;
    let score = selfplay(&args.variant, &options, &mut *data, &mut |games, score| {
        let _ = writeln!(err, "game {games}: {score}");
    })
    .map_err(Failure::input)?;
    data.flush()?;
    writeln!(
        io.out,
        "{} a ({} nodes, {}) against b ({} nodes, {}), {} games: {score}; {} positions recorded",
        args.variant,
        options.nodes,
        args.a,
        options.b_nodes,
        args.b,
        args.games.div_ceil(2) * 2,
        score.positions
    )?;
    Ok(())
}
