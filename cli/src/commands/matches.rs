//! `chimera match`: the arguments and the printing; the match itself is played by
//! [`chimera_arena::matches`]. (The module is not called `match`: a keyword.)

use crate::{registry, Failure, Io};
use chimera_arena::matches::plan::{
    check_players, game_indices, pairs_of, parse_margin, OpeningSpec, Openings,
};
use chimera_arena::matches::record::{file_name, save_game};
use chimera_arena::matches::{
    check_lengths, clock_seed, jobs, parse_games, parse_player, play_games, shard_results,
    Adjudication, DrawRule, Played, Player, ResignRule, Setup, SideStats, SprtWatch, Starts,
    Summary, DEFAULT_GAMES, DEFAULT_MAX_PLIES, DEFAULT_SPRT_GAMES,
};
use chimera_arena::shard::{Shard, ShardResults};
use chimera_arena::sprt::{Decision, Sprt};
use clap::Args;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
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
    /// Play every game from the numbered start N of a rule set with several (Turtle
    /// Shell's option `shuffle`: 0-89). Without it such a rule set gives each pair a start
    /// drawn from the seed (the same seed, the same starts), written in each saved record.
    #[arg(long, value_name = "N")]
    pub start: Option<u32>,
    /// The first player: `random`, `greedy`, the engine's limits for each move
    /// (`time=0.1s`, `depth=6`, `nodes=20000`, or several joined by commas; in Tiling Rider
    /// `turns=actions` searches action by action instead of whole turns), or an external
    /// UCI engine: `cmd=PROGRAM ARGS` after its limits and options
    /// (`time=0.1s,option.Hash=16,cmd=./old engine`; see docs/matches.md).
    #[arg(long, value_name = "SETTINGS", value_parser = parse_player)]
    pub a: Player,
    /// The second player, as for --a.
    #[arg(long, value_name = "SETTINGS", value_parser = parse_player)]
    pub b: Player,
    /// The number of games (at most 100000; default 100, or 20000 with --sprt); they are
    /// played in pairs from one opening, a White in the first of each pair.
    #[arg(long, value_name = "N", value_parser = parse_games)]
    pub games: Option<u32>,
    /// Stop when the sequential probability ratio test decides between Elo differences
    /// elo0 and elo1 of a over b (logistic Elo, over pairs of games): e.g. elo0=0 elo1=10
    /// alpha=0.05 beta=0.05 (alpha and beta default to 0.05).
    #[arg(long, value_name = "elo0=X elo1=Y", num_args = 1..=4)]
    pub sprt: Option<Vec<String>>,
    /// Games played at once; default: the number of processors.
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    /// Start each pair of games (one with each colour) from an opening: K random plies kept
    /// when a short search finds them balanced (see --opening-margin), or a FILE of
    /// openings, one a line (moves from the start). A ply is one player's turn (in Tiling
    /// Rider, all the actions of a turn). With --save, random openings are saved to
    /// DIR/openings.txt.
    #[arg(long, value_name = "K|FILE", default_value = "0")]
    pub openings: String,
    /// Draw a random opening again when a short search (the engine, 2000 nodes) scores it
    /// beyond this many centipawns for either side; `none` keeps any opening.
    #[arg(long, value_name = "CP|none", default_value = "100")]
    pub opening_margin: String,
    /// Stop a game after this many plies and count it as a draw, reported as adjudicated.
    /// A ply is one player's turn (in Tiling Rider, all the actions of a turn: a game is
    /// never stopped within a turn).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_PLIES)]
    pub max_plies: u32,
    /// Adjudicate a game as won when both engines agree: for MOVES consecutive moves of
    /// each side, the loser's own score at most -SCORE centipawns and the winner's at least
    /// +SCORE (a mate score is beyond any SCORE), e.g. 1000/4. Off by default; a player
    /// without a score (random, greedy) never lets it happen.
    #[arg(long, value_name = "SCORE/MOVES")]
    pub resign: Option<ResignRule>,
    /// Adjudicate a game as drawn after PLY plies when both engines' own scores stay within
    /// ±SCORE centipawns for MOVES consecutive moves of each side, e.g. 80/10/8. Off by
    /// default.
    #[arg(long, value_name = "PLY/SCORE/MOVES")]
    pub draw: Option<DrawRule>,
    /// The seed of the random players and openings; default: from the clock (the output
    /// says which). With engine limits by depth or nodes, the same seed replays the match.
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Write every game to this folder, as game-001.txt, game-002.txt, ... (records that
    /// `chimera validate` reads), and the counts as results.json (`chimera match-report`).
    #[arg(long, value_name = "DIR")]
    pub save: Option<PathBuf>,
    /// Play only slice I (from 0) of N of the match: the pairs whose number modulo N is I,
    /// with the seeds and openings of the whole match. Needs --save; `chimera
    /// match-report` merges the slices.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<Shard>,
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

/// The match's settings read and checked, before any game.
fn setup(args: &MatchArgs) -> Result<(Setup, Vec<usize>), Failure> {
    let variant = registry::lookup(&args.variant).map_err(Failure::input)?;
    (variant.new_game)(args.rules.as_deref(), None)
        .map_err(|e| Failure::input(format!("{}: {e}", variant.name)))?;
    check_lengths(args.max_plies, 0)?;
    let starts = Starts::choose(variant.name, args.rules.as_deref(), args.start)?;
    let sprt = match &args.sprt {
        Some(words) => Some(
            words
                .join(" ")
                .parse::<Sprt>()
                .map_err(|e| Failure::input(format!("--sprt: {e}")))?,
        ),
        None => None,
    };
    let default_games = if sprt.is_some() {
        DEFAULT_SPRT_GAMES
    } else {
        DEFAULT_GAMES
    };
    let games = args.games.unwrap_or(default_games) as usize;
    let shard = args.shard.unwrap_or(Shard::WHOLE);
    if !shard.is_whole() && args.save.is_none() {
        return Err(Failure::input(
            "--shard: give --save DIR too, where the slice's results go",
        ));
    }
    let indices = game_indices(games, shard);
    if indices.is_empty() {
        return Err(Failure::input(format!(
            "--shard {shard}: no pair of the {games} games falls in this slice"
        )));
    }
    let seed = args.seed.unwrap_or_else(clock_seed);
    let margin = parse_margin(&args.opening_margin)
        .map_err(|e| Failure::input(format!("--opening-margin: {e}")))?;
    let spec = OpeningSpec::parse(&args.openings, margin).map_err(Failure::input)?;
    let openings = Openings::for_pairs(
        &spec,
        &variant,
        args.rules.as_deref(),
        (seed, starts),
        &pairs_of(&indices),
    )?;
    let setup = Setup {
        variant,
        rules: args.rules.clone(),
        players: [args.a.clone(), args.b.clone()],
        max_plies: args.max_plies as usize,
        adjudication: Adjudication {
            resign: args.resign,
            draw: args.draw,
        },
        starts,
        openings,
        seed,
        games,
        shard,
        sprt,
        stop: Arc::new(AtomicBool::new(false)),
        finish: Arc::new(AtomicBool::new(false)),
    };
    check_players(&setup)?;
    Ok((setup, indices))
}

pub fn run(io: &mut Io<'_>, args: &MatchArgs) -> Result<(), Failure> {
    let (setup, indices) = setup(args)?;
    let games = setup.games;
    let jobs = jobs(args.jobs)?.min(indices.len());
    if let Some(dir) = &args.save {
        std::fs::create_dir_all(dir)
            .map_err(|e| Failure::input(format!("--save: cannot create {}: {e}", dir.display())))?;
        save_openings(&setup, dir)?;
    }
    let started = Instant::now();
    let bar = io.progress.then(|| progress_bar(indices.len()));
    let mut results: Vec<Played> = Vec::with_capacity(indices.len());
    let mut points = 0.0;
    let mut watch = SprtWatch::new(setup.sprt);
    let all_played = play_games(&setup, &indices, jobs, |played| {
        points += played.a_score();
        if let Some(dir) = &args.save {
            save_game(&setup, &played, games, dir)?;
        }
        if let Some(state) = watch.add(&played) {
            if state.decision != Decision::Continue {
                setup.finish.store(true, Ordering::Relaxed);
            }
        }
        let done = results.len() + 1;
        let mut score = format!("a {points}/{done} ({:.0}%)", 100.0 * points / done as f64);
        if let Some(state) = watch.state() {
            score += &format!(", LLR {:.2}", state.llr);
        }
        if let Some(bar) = &bar {
            let left = indices.len().saturating_sub(done) as u32;
            let per_game = started.elapsed() / done as u32;
            let eta = per_game.checked_mul(left).unwrap_or(Duration::MAX);
            bar.inc(1);
            bar.set_message(format!("{score}, eta {}", duration_text(eta)));
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
    if let Some(dir) = &args.save {
        let complete = results.len() == indices.len();
        let file = dir.join(ShardResults::file_name(setup.shard));
        std::fs::write(&file, shard_results(&setup, &results, complete).to_json())
            .map_err(|e| Failure::input(format!("--save: cannot write {}: {e}", file.display())))?;
    }
    report(io, &setup, args, jobs, &results, elapsed)?;
    if let Some((pairs, state)) = watch.decided() {
        writeln!(
            io.out,
            "The SPRT decided after {pairs} pairs ({state}); the games then under way were \
             finished, with their pairs, and are counted above."
        )?;
    }
    Ok(())
}

/// Writes the random openings of a whole match to `DIR/openings.txt`, which `--openings
/// FILE` reads back (pair p plays line p).
fn save_openings(setup: &Setup, dir: &Path) -> Result<(), Failure> {
    let Some(plies) = setup.openings.random_plies else {
        return Ok(());
    };
    if !setup.shard.is_whole() {
        return Ok(());
    }
    let from = setup
        .starts
        .describe()
        .map_or(String::new(), |s| format!(" from {s}"));
    let header = format!(
        "chimera match openings: {}, rules {}, seed {}; {}\n\
         {plies} plies each{from}; line p is the opening of games 2p-1 and 2p",
        setup.variant.name,
        setup.rules_name(),
        setup.seed,
        setup.openings.source
    );
    let file = dir.join("openings.txt");
    let text = chimera_arena::openings::to_text(&header, &setup.openings.suite());
    std::fs::write(&file, text)
        .map_err(|e| Failure::input(format!("--save: cannot write {}: {e}", file.display())))
}

/// The bar a terminal shows: games done, a's score so far and the time left. It ticks
/// every second (the elapsed time moves while the first games are played), and gives the
/// time left from the games done (none before the first).
fn progress_bar(games: usize) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(games as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{elapsed_precise} [{bar:30}] {pos}/{len} games, {msg}",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
        .progress_chars("=> "),
    );
    bar.set_message("a 0/0, first games under way");
    bar.enable_steady_tick(Duration::from_secs(1));
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

/// What the run played: `100 games`, `34 games of 100 (slice 1/3)`, `38 games of 20000
/// (stopped by the SPRT)`.
fn games_text(setup: &Setup, played: usize, planned: usize) -> String {
    let mut text = format!("{played} games");
    if played != setup.games {
        text += &format!(" of {}", setup.games);
    }
    let mut notes = Vec::new();
    if !setup.shard.is_whole() {
        notes.push(format!("slice {} of the match", setup.shard));
    }
    if played < planned {
        notes.push("the rest not played: the SPRT decided".to_string());
    }
    if !notes.is_empty() {
        text += &format!(" ({})", notes.join("; "));
    }
    text
}

/// Prints the match's result: what was played, a's score overall and by colour, the Elo
/// difference, the pairs, the SPRT, how the games ended, the engines' averages, and where
/// the games were saved.
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
    let planned = game_indices(setup.games, setup.shard).len();
    let out = &mut io.out;
    let from = setup
        .starts
        .describe()
        .map_or(String::new(), |s| format!(", from {s}"));
    writeln!(
        out,
        "Match: {}, rules {rules}{from}: a = {}, b = {}",
        setup.variant.name, setup.players[0], setup.players[1]
    )?;
    writeln!(
        out,
        "{}, {jobs} at a time, in {}; seed {}; at most {} plies a game; {}",
        games_text(setup, results.len(), planned),
        duration_text(elapsed),
        setup.seed,
        setup.max_plies,
        match setup.openings.random_plies {
            None if setup.openings.source == "none" => "no opening".to_string(),
            _ => format!(
                "openings: {} (each played with both colours)",
                setup.openings.source
            ),
        }
    )?;
    writeln!(out)?;
    out.write_all(sum.scores_text().as_bytes())?;
    for line in sum.results.report_lines(setup.sprt.as_ref()) {
        writeln!(out, "{line}")?;
    }
    writeln!(
        out,
        "Adjudicated: {} (counted as draws; stopped at {} plies or undecided)",
        sum.adjudicated, setup.max_plies
    )?;
    if let Some(rules) = setup.adjudication.describe() {
        writeln!(
            out,
            "Adjudicated by the engines' scores ({rules}): {}",
            sum.by_scores.text()
        )?;
    }
    if sum.forfeits != [0, 0] {
        writeln!(
            out,
            "Forfeits: a {}, b {} (an external engine that failed to answer, or answered out of protocol)",
            sum.forfeits[0], sum.forfeits[1]
        )?;
    }
    writeln!(out, "Endings: {}", sum.endings_text())?;
    if let Some(average) = sum.average_text() {
        writeln!(out, "{average}")?;
    }
    write_engine_stats(out, setup, &sum.stats)?;
    if let Some(dir) = &args.save {
        writeln!(
            out,
            "Saved: {} games in {} (check one with: chimera validate {} {} --rules {rules}); counts in {}",
            results.len(),
            dir.display(),
            setup.variant.name,
            dir.join(file_name(results.first().map_or(0, |p| p.index), setup.games)).display(),
            dir.join(ShardResults::file_name(setup.shard)).display()
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
        let engine = matches!(player, Player::Engine(_) | Player::External(_));
        if engine && s.moves > 0 {
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
