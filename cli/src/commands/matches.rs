//! `chimera match`: the arguments and the printing; the match itself is played by
//! [`chimera_arena::matches`]. (The module is not called `match`: a keyword.)

use crate::{registry, Failure, Io};
use chimera_arena::matches::record::{file_name, save_game};
use chimera_arena::matches::{
    check_lengths, clock_seed, jobs, parse_games, parse_player, play_games, Played, Player, Setup,
    SideStats, Summary, DEFAULT_GAMES, DEFAULT_MAX_PLIES,
};
use clap::Args;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The arguments of `chimera match`.
#[derive(Clone, Debug, Args)]
pub struct MatchArgs {
    /// The variant (see `chimera variants`), e.g. turret.
    pub variant: String,
    /// The rule set (see `chimera variants`); default: the variant's standard rules.
    #[arg(long, value_name = "NAME")]
    pub rules: Option<String>,
    /// The first player: `random`, `greedy`, or the engine's limits for each move
    /// (`time=0.1s`, `depth=6`, `nodes=20000`, or several joined by commas).
    #[arg(long, value_name = "SETTINGS", value_parser = parse_player)]
    pub a: Player,
    /// The second player, as for --a.
    #[arg(long, value_name = "SETTINGS", value_parser = parse_player)]
    pub b: Player,
    /// The number of games (at most 100000); a plays White in the first, third, ... game.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_GAMES, value_parser = parse_games)]
    pub games: u32,
    /// Games played at once; default: the number of processors.
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    /// Start each pair of games (one with each colour) with this many random plies, the
    /// same for both games of the pair, so that deterministic players do not repeat one game.
    /// A ply is one player's turn (in Tiling Rider, all the actions of a turn).
    #[arg(long, value_name = "K", default_value_t = 0)]
    pub openings: u32,
    /// Stop a game after this many plies and count it as a draw, reported as adjudicated.
    /// A ply is one player's turn (in Tiling Rider, all the actions of a turn: a game is
    /// never stopped within a turn).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_PLIES)]
    pub max_plies: u32,
    /// The seed of the random players and openings; default: from the clock (the output
    /// says which). With engine limits by depth or nodes, the same seed replays the match.
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Write every game to this folder, as game-001.txt, game-002.txt, ... (records that
    /// `chimera validate` reads).
    #[arg(long, value_name = "DIR")]
    pub save: Option<PathBuf>,
    /// Print no line per game on standard error (when it is not a terminal; a terminal
    /// shows a progress bar).
    #[arg(long)]
    pub quiet: bool,
}

fn duration_text(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s < 60.0 {
        format!("{s:.1} s")
    } else if s < 3600.0 {
        format!("{}m {:02}s", d.as_secs() / 60, d.as_secs() % 60)
    } else {
        format!("{}h {:02}m", d.as_secs() / 3600, d.as_secs() % 3600 / 60)
    }
}

pub fn run(io: &mut Io<'_>, args: &MatchArgs) -> Result<(), Failure> {
    let variant = registry::lookup(&args.variant).map_err(Failure::input)?;
    (variant.new_game)(args.rules.as_deref(), None)
        .map_err(|e| Failure::input(format!("{}: {e}", variant.name)))?;
    check_lengths(args.max_plies, args.openings)?;
    let games = args.games as usize;
    let jobs = jobs(args.jobs)?.min(games);
    let seed = args.seed.unwrap_or_else(clock_seed);
    if let Some(dir) = &args.save {
        std::fs::create_dir_all(dir)
            .map_err(|e| Failure::input(format!("--save: cannot create {}: {e}", dir.display())))?;
    }
    let setup = Setup {
        variant,
        rules: args.rules.clone(),
        players: [args.a.clone(), args.b.clone()],
        max_plies: args.max_plies as usize,
        openings: args.openings as usize,
        seed,
        stop: Arc::new(AtomicBool::new(false)),
    };
    let started = Instant::now();
    let bar = io.progress.then(|| progress_bar(games));
    let mut results: Vec<Played> = Vec::with_capacity(games);
    let mut points = 0.0;
    let all_played = play_games(&setup, games, jobs, |played| {
        points += played.a_score();
        if let Some(dir) = &args.save {
            save_game(&setup, &played, games, dir)?;
        }
        let done = results.len() + 1;
        let score = format!("a {points}/{done} ({:.0}%)", 100.0 * points / done as f64);
        if let Some(bar) = &bar {
            bar.set_message(score);
            bar.inc(1);
        } else if !args.quiet {
            let _ = writeln!(io.err, "{}; {score}", game_line(&setup, &played, games));
        }
        results.push(played);
        Ok(())
    });
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    all_played?;
    let elapsed = started.elapsed();
    results.sort_by_key(|p| p.index);
    report(io, &setup, args, jobs, &results, elapsed)
}

/// The bar a terminal shows: games done, and a's score so far.
fn progress_bar(games: usize) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(games as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{elapsed_precise} [{bar:30}] {pos}/{len} games, {msg} (eta {eta})",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
        .progress_chars("=> "),
    );
    bar.set_message("a 0/0");
    bar
}

/// The line on standard error for a game ended: `game 3/100: a White 1-0, win by
/// checkmate, 57 plies, 1.2 s`.
fn game_line(setup: &Setup, played: &Played, games: usize) -> String {
    format!(
        "game {}/{games}: a {} {}, {}, {}, {}",
        played.index + 1,
        if played.a_white { "White" } else { "Black" },
        played.result(),
        played.ending(setup.max_plies as u32),
        played.length(),
        duration_text(played.elapsed),
    )
}

/// Prints the match's result: what was played, a's score overall and by colour, the Elo
/// difference, how the games ended, the engines' averages, and where the games were saved.
fn report(
    io: &mut Io<'_>,
    setup: &Setup,
    args: &MatchArgs,
    jobs: usize,
    results: &[Played],
    elapsed: Duration,
) -> Result<(), Failure> {
    let sum = Summary::of(results, setup.max_plies as u32);
    let rules = setup.rules_name();
    let out = &mut io.out;
    writeln!(
        out,
        "Match: {}, rules {rules}: a = {}, b = {}",
        setup.variant.name, setup.players[0], setup.players[1]
    )?;
    writeln!(
        out,
        "{} games, {jobs} at a time, in {}; seed {}; at most {} plies a game; {}",
        results.len(),
        duration_text(elapsed),
        setup.seed,
        setup.max_plies,
        if setup.openings == 0 {
            "no random opening".to_string()
        } else {
            format!(
                "random openings of {} plies (each played with both colours)",
                setup.openings
            )
        }
    )?;
    writeln!(out)?;
    out.write_all(sum.scores_text().as_bytes())?;
    writeln!(
        out,
        "Adjudicated: {} (counted as draws; stopped at {} plies or undecided)",
        sum.adjudicated, setup.max_plies
    )?;
    writeln!(out, "Endings: {}", sum.endings_text())?;
    if let Some(average) = sum.average_text() {
        writeln!(out, "{average}")?;
    }
    write_engine_stats(out, setup, &sum.stats)?;
    if let Some(dir) = &args.save {
        writeln!(
            out,
            "Saved: {} games in {} (check one with: chimera validate {} {} --rules {rules})",
            results.len(),
            dir.display(),
            setup.variant.name,
            dir.join(file_name(0, args.games as usize)).display()
        )?;
    }
    Ok(())
}

/// For each engine player that searched: its moves' average depth, nodes and time.
fn write_engine_stats(
    out: &mut dyn std::io::Write,
    setup: &Setup,
    stats: &[SideStats; 2],
) -> Result<(), Failure> {
    for (side, player) in setup.players.iter().enumerate() {
        let s = &stats[side];
        if let (Player::Engine(_), true) = (player, s.moves > 0) {
            let m = s.moves as f64;
            writeln!(
                out,
                "{}: {} moves searched: depth {:.1}, {:.0} nodes and {:.0} ms a move on average",
                ["a", "b"][side],
                s.moves,
                s.depth as f64 / m,
                s.nodes as f64 / m,
                s.time.as_secs_f64() * 1000.0 / m
            )?;
        }
    }
    Ok(())
}
