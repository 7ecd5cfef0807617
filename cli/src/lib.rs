//! # chimera-cli
//!
//! The library behind the `chimera` program: the command line ([`Cli`]), and one module per
//! command. Every command works through [`chimera_core::DynGame`] only, so that a variant
//! joins the program with one line in [`registry`].
//!
//! Exit codes: 0 success; 1 an illegal or unreadable move (in `--moves` or a game record),
//! or one whose legality the `--budget` left undecided; 2 anything else that stopped the
//! command (unknown variant or rule set, bad position text, unreadable file, bad command
//! line).

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::io::{BufRead, Write};
use std::path::PathBuf;

mod commands;
mod setup;

pub use chimera_arena::player::{Computer, Report};
pub use chimera_arena::registry;
pub use chimera_arena::{parse_limit, Limit};
pub use commands::play::ComputerSide;
pub use setup::{new_game, new_game_within, Failure};

/// Where a command reads and writes.
pub struct Io<'a> {
    /// Standard output: the command's result.
    pub out: &'a mut dyn Write,
    /// Standard error: errors and progress.
    pub err: &'a mut dyn Write,
    /// Standard input: `play`'s moves, `validate -`'s record.
    pub input: &'a mut dyn BufRead,
    /// Whether `err` is a terminal, so that progress may be shown on it.
    pub progress: bool,
}

/// `chimera`: rules engines for unusual chess variants.
#[derive(Debug, Parser)]
#[command(
    name = "chimera",
    version,
    about = "Rules engines for unusual chess variants: show positions, list moves, count perft, check game records, play.",
    long_about = "Rules engines for unusual chess variants.\n\n\
        Show a position as a diagram, an SVG picture or JSON; list the legal moves; count \
        perft; check a game record move by move; play a game at the terminal, or in the \
        browser (`chimera serve`).\n\n\
        Run `chimera variants` for the variants and their rule sets.\n\n\
        Exit codes: 0 success; 1 an illegal or unreadable move, or one whose legality the \
        --budget left undecided; 2 any other error.",
    after_help = "Example: chimera show turtle-shell --moves \"C2-C3 D7-E7\""
)]
pub struct Cli {
    /// The command to run.
    #[command(subcommand)]
    pub command: Command,
}

/// The position a command works on.
#[derive(Clone, Debug, Args)]
pub struct GameArgs {
    /// The variant (see `chimera variants`), e.g. turtle-shell.
    pub variant: String,
    /// Start from this position text instead of the standard start (a fresh history).
    #[arg(long, value_name = "TEXT")]
    pub position: Option<String>,
    /// The rule set (see `chimera variants`); default: the variant's standard rules.
    #[arg(long, value_name = "NAME")]
    pub rules: Option<String>,
    /// Start from the numbered start N of a rule set with several (Turtle Shell's option
    /// `shuffle`: 0-89), the same as `--position "start N"`. `chimera play` with such a
    /// rule set and neither --start nor --position draws one at random (and records it).
    #[arg(long, value_name = "N", conflicts_with = "position")]
    pub start: Option<u32>,
}

impl GameArgs {
    /// The position text to start from: `--position`, or `start N` for `--start N`.
    pub fn start_text(&self) -> Option<String> {
        match self.start {
            Some(n) => Some(format!("start {n}")),
            None => self.position.clone(),
        }
    }
}

/// Moves to play before the command acts.
#[derive(Clone, Debug, Default, Args)]
pub struct MovesArg {
    /// Moves to play first, from the start or --position, separated by spaces
    /// (move numbers and comments allowed); history rules such as Ko apply to them.
    #[arg(long, value_name = "\"M1 M2 ...\"", allow_hyphen_values = true)]
    pub moves: Option<String>,
}

/// How much the engine may spend on each question: `--budget`.
#[derive(Clone, Copy, Debug, Default, Args)]
pub struct BudgetArg {
    /// The most the engine may spend on each question: a move's legality, the list of
    /// legal moves, whether the game is over. A number of work units that does not depend
    /// on the machine's load (search nodes and SAT solver steps; the default, nodes=800000,
    /// is about 2 s of one quiet core), a time (2s, 500ms, 0.5s, 10m: a clock, so the answer
    /// depends on the machine's load), both (2s,nodes=4000000: whichever runs out first), or
    /// `none` for exact answers however long they take. Most variants answer at once; a Tiling
    /// Rider question the budget cuts short is left undecided, and the output says so.
    #[arg(
        long,
        value_name = "BUDGET",
        default_value = Limit::DEFAULT_ARG,
        value_parser = parse_limit
    )]
    pub budget: Limit,
}

/// Output formats of `show`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// A diagram for the terminal.
    Text,
    /// A standalone SVG picture.
    Svg,
    /// A JSON object: variant, rules, position, side to move, moves, legal moves, outcome.
    Json,
}

/// The commands. (Their flattened fields are documented on their types.)
#[allow(missing_docs)]
#[derive(Debug, Subcommand)]
pub enum Command {
    /// List the variants, with a description and the rule sets of each.
    Variants,
    /// Show a position: a text diagram, an SVG picture or JSON.
    #[command(after_help = "Examples:\n  chimera show turtle-shell\n  \
        chimera show turtle-shell --moves \"C2-C3 D7-E7\" --format svg --output board.svg\n  \
        chimera show turtle-shell --format json")]
    Show {
        #[command(flatten)]
        game: GameArgs,
        #[command(flatten)]
        moves: MovesArg,
        /// What to print.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// Write to this file instead of standard output.
        #[arg(long, short, value_name = "FILE")]
        output: Option<PathBuf>,
        #[command(flatten)]
        budget: BudgetArg,
    },
    /// List the legal moves (and the outcome, if the game is over).
    ///
    /// Moves whose legality the --budget left open are listed apart, as undecided.
    #[command(
        after_help = "Examples:\n  chimera moves turtle-shell --moves \"C2-C3\"\n  \
        chimera moves triagonal --from Ab1 --limit 10"
    )]
    Moves {
        #[command(flatten)]
        game: GameArgs,
        #[command(flatten)]
        moves: MovesArg,
        /// Print a JSON object instead of text.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        filter: commands::moves::Filter,
        #[command(flatten)]
        budget: BudgetArg,
    },
    /// Count the legal move sequences of a given length (perft), with time and speed.
    ///
    /// The count is exact. The last ply is bulk counted: its moves are counted from the
    /// length of the legal move list, not played. History rules (Ko) apply along every line.
    ///
    /// Before counting, random probes of the tree estimate its size and the time the count
    /// would take here: a depth estimated to take longer than --max-time, or over 64 plies,
    /// is refused (exit code 2) with the deepest depth that would do. A long count shows its
    /// progress and the estimated time left on standard error (when that is a terminal);
    /// Ctrl-C stops it, prints the root moves counted so far, and exits with code 130.
    #[command(after_help = "Examples:\n  chimera perft turtle-shell 3\n  \
        chimera perft turtle-shell 2 --divide --rules none")]
    Perft {
        #[command(flatten)]
        game: GameArgs,
        /// The number of plies.
        depth: u32,
        /// Also print each legal first move with its count.
        #[arg(long)]
        divide: bool,
        /// Refuse a count estimated to take longer than this (90s, 30min, 12h, 3d).
        #[arg(
            long,
            value_name = "TIME",
            default_value = commands::perft::DEFAULT_MAX_TIME,
            value_parser = commands::perft::parse_max_time
        )]
        max_time: std::time::Duration,
        /// Count on this many threads (default: one per core); the count is the same.
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
        threads: Option<u32>,
        #[command(flatten)]
        moves: MovesArg,
    },
    /// Check a game record move by move, then show the final position and the outcome.
    ///
    /// Reads plain move lists (moves separated by spaces, with move numbers, `#` and `{ }`
    /// comments) and Zillions of Games records (`1. Pawn C2 - C3`). The record's own next
    /// moves serve as proof of each move's legality, so a record of complete turns replays
    /// quickly in every variant. Exit code 1 at the first unreadable or illegal move (or a
    /// move after the game ended, or one the --budget left undecided), 2 if the file cannot
    /// be read or cut into moves.
    #[command(
        after_help = "Example:\n  chimera validate turtle-shell examples/turtle-shell-game.txt"
    )]
    Validate {
        #[command(flatten)]
        game: GameArgs,
        /// The record file; `-` reads standard input.
        file: PathBuf,
        /// Print a JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// When every move is legal, write the game to FILE as a record in Chimera's one
        /// record format (docs/records.md), e.g. to bring an older or a Zillions record up
        /// to date; an existing FILE is kept.
        #[arg(long, value_name = "FILE")]
        save: Option<PathBuf>,
        #[command(flatten)]
        budget: BudgetArg,
    },
    /// Let the computer choose a move: the best move found, its score, the principal
    /// variation, the depth, the nodes and their speed.
    ///
    /// The search is iterative deepening alpha-beta (see the chimera-engine crate), with
    /// history rules (Ko, repetition) applied along every line. It is always bounded: by
    /// --time (default 1s, at most 1h), or --depth (1-64) or --nodes (at most 10^10), which
    /// also stop after 10 minutes. A search limited by --depth or --nodes gives the same
    /// answer every time. The score is for the side to move: +1.25 (about a pawn and a
    /// quarter ahead), or "win in N plies" / "loss in N plies" when forced. In Tiling Rider
    /// only moves proven legal within the search's budget are considered.
    #[command(after_help = "Examples:\n  chimera bestmove turret --time 2s\n  \
        chimera bestmove turtle-shell --moves \"C2-C3 D7-E7\" --depth 4 --json")]
    Bestmove {
        #[command(flatten)]
        game: GameArgs,
        #[command(flatten)]
        moves: MovesArg,
        /// Think for this long (e.g. 1s, 500ms, 2m); the default when no limit is given.
        #[arg(long, value_name = "TIME", value_parser = chimera_arena::player::parse_time)]
        time: Option<std::time::Duration>,
        /// Search this many plies deep.
        #[arg(long, value_name = "N")]
        depth: Option<u32>,
        /// Search this many nodes.
        #[arg(long, value_name = "N")]
        nodes: Option<u64>,
        /// Search on this many threads sharing one transposition table (the nodes of all
        /// are counted; only one thread gives the same answer every time).
        #[arg(long, value_name = "N", default_value_t = 1)]
        threads: usize,
        /// Print a JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Play a series of games between two players (the engine under given limits, a random
    /// or greedy baseline, or an external UCI engine) and report the score, the Elo
    /// difference and, with --sprt, the sequential test's decision.
    ///
    /// Games are played in pairs from one opening, a White in the first of each pair;
    /// several at once (--jobs). Each pair starts from the standard position of the rule
    /// set, or from an opening (--openings K: K random plies a short search finds balanced;
    /// --openings FILE: one opening a line); a game that reaches --max-plies is stopped and
    /// counted as a draw (adjudicated). A player setting is `random`, `greedy` (the best
    /// move one ply deep by the static evaluation; a win at once first), the engine's limits
    /// for every move (`time=0.1s`, `depth=6`, `nodes=20000`, or several joined by commas;
    /// in Tiling Rider `turns=actions` searches action by action instead of whole turns),
    /// or an external UCI engine: `cmd=PROGRAM ARGS` after its limits and options
    /// (`nodes=5000,option.Hash=16,cmd=./old engine`); an external engine that hangs, dies
    /// or plays an illegal move loses that game by forfeit. Every move is bounded. With
    /// depth or node limits and a --seed, a match replays exactly. The result: a's wins,
    /// draws and losses, overall and by colour, the pairs by a's points (pentanomial), the
    /// Elo difference with its 95% interval, and the SPRT's log-likelihood ratio and
    /// bounds. --shard I/N plays a slice of the match for `chimera match-report`. A terminal
    /// shows a progress bar; otherwise a line per game goes to standard error (none with
    /// --quiet). See docs/matches.md.
    #[command(
        after_help = "Examples:\n  chimera match turret --games 100 --a time=0.1s --b random\n  \
        chimera match turtle-shell --games 20 --a depth=3 --b greedy --openings 4 --seed 7 --save games/\n  \
        chimera match chess --a nodes=5000 --b 'nodes=5000,cmd=./chimera-old engine' --sprt elo0=0 elo1=10\n  \
        chimera match tiling-rider --games 400 --a nodes=3000 --b greedy --shard 0/4 --save runs/0"
    )]
    Match {
        #[command(flatten)]
        args: Box<commands::matches::MatchArgs>,
    },
    /// Merge the slices of a match (`chimera match --shard I/N --save DIR`) and print the
    /// result: a's score, the pentanomial counts, the Elo difference and the SPRT's state.
    ///
    /// Give the slices' save folders (their results*.json files are read) or the files. The
    /// slices must be of one match (variant, rules, players, games, seed, openings), none
    /// twice; missing ones are listed. See docs/matches.md for running slices on a batch
    /// system (GNU parallel over ssh, a Slurm array job, a Kubernetes indexed Job).
    #[command(
        name = "match-report",
        after_help = "Example:\n  chimera match-report runs/shard-0 runs/shard-1 runs/shard-2"
    )]
    MatchReport {
        #[command(flatten)]
        args: commands::match_report::MatchReportArgs,
    },
    /// Be a UCI engine on standard input and output, for chess interfaces, bots and
    /// servers, in every variant.
    ///
    /// A stock UCI client drives it: uci, setoption (UCI_Variant picks the variant and
    /// rule set: `turtle-shell`, `tiling-rider-wheeler`, …; Hash, Threads, MultiPV, Ponder),
    /// isready, ucinewgame, position startpos|fen TEXT [moves …], go (wtime btime winc binc
    /// movestogo movetime depth nodes infinite ponder), ponderhit, stop, quit. The
    /// program's own commands: variant NAME [rules NAME], legal, show, wait, chimera. A bad
    /// line is answered with one `info string error …` line and changes nothing. The end of
    /// the input (like quit) stops a running search and reports its move: a script sends
    /// `wait` after `go` to let the search finish. See docs/engine-protocol.md.
    #[command(after_help = "Example:\n  \
        printf 'uci\\nsetoption name UCI_Variant value turret\\nposition startpos moves e2e4\\ngo depth 4\\nwait\\n' | chimera engine")]
    Engine,
    /// Play a game at the terminal: human against human, against the computer, or watch
    /// the computer play itself.
    ///
    /// Type a move (e.g. C2-C3; `help` shows the variant's own notation) at the prompt, or
    /// a command: moves, undo, board, flip, save FILE (save! FILE replaces an existing
    /// file), resign, help, quit. Reads standard input line by line, so moves can be piped
    /// in; the end of the input quits. A finished game stays open (undo, save, board,
    /// moves) until quit, which prints the moves.
    ///
    /// With --computer the engine (as `chimera bestmove`) plays that side, each move
    /// bounded by --time (default 1s), --depth or --nodes (--nodes and --depth play the same
    /// moves every time); `both` plays a whole game without input (at most 1000 plies).
    /// --record FILE resumes a game record (as `chimera validate` reads; `save` writes
    /// one). A move the --budget left undecided may be played: you are told it was not
    /// proven legal.
    #[command(after_help = "Examples:\n  chimera play turtle-shell\n  \
        chimera play turret --computer black --time 2s\n  \
        chimera play turnover --computer both --nodes 2000\n  \
        chimera play turtle-shell --record game.txt --computer white\n  \
        printf 'C2-C3\\nmoves\\nquit\\n' | chimera play turtle-shell")]
    Play {
        #[command(flatten)]
        game: GameArgs,
        #[command(flatten)]
        moves: MovesArg,
        #[command(flatten)]
        budget: BudgetArg,
        /// The computer plays this side (`both`: the computer plays itself).
        #[arg(long, value_enum, value_name = "SIDE")]
        computer: Option<ComputerSide>,
        /// The computer thinks this long per move (e.g. 1s, 500ms; default 1s).
        #[arg(
            long,
            value_name = "TIME",
            value_parser = chimera_arena::player::parse_time,
            requires = "computer"
        )]
        time: Option<std::time::Duration>,
        /// The computer searches this many plies deep per move.
        #[arg(long, value_name = "N", requires = "computer")]
        depth: Option<u32>,
        /// The computer searches this many nodes per move.
        #[arg(long, value_name = "N", requires = "computer")]
        nodes: Option<u64>,
        /// Resume the game in this record (a move list, as `chimera validate` reads and
        /// `save` writes; its [Rules "…"] and [Position "…"] headers are used unless
        /// --rules or --position is given).
        #[arg(long, value_name = "FILE", conflicts_with = "moves")]
        record: Option<PathBuf>,
    },
    /// Serve a web page to play every variant in the browser, and its JSON API.
    ///
    /// Starts a local web server (on 127.0.0.1 unless --host says otherwise) with a page
    /// built into the program: choose a variant and rule set or paste a position, play
    /// human against human or against the computer by clicking the board. The JSON API the
    /// page uses (docs/web-api.md) serves bots too. Runs until stopped (Ctrl-C).
    #[command(after_help = "Examples:\n  chimera serve --open\n  \
        chimera serve --port 8080\n  \
        curl -s -X POST localhost:8080/api/games -d '{\"variant\": \"turret\"}'")]
    Serve {
        #[command(flatten)]
        options: commands::serve::ServeOptions,
    },
    /// Play engine games under fixed node counts that record positions with their results
    /// (for `chimera tune`), or measure two sets of evaluation weights against each other.
    #[command(after_help = "Examples:\n  \
        chimera selfplay turret --games 200 --nodes 3000 --seed 1 --output turret.data\n  \
        chimera selfplay turret --games 100 --nodes 3000 --a tuned --b legacy")]
    Selfplay {
        #[command(flatten)]
        args: commands::selfplay::SelfplayArgs,
    },
    /// Fit a variant's evaluation weights to a `chimera selfplay` data file (Texel's
    /// method) and write them as a weight file.
    #[command(after_help = "Example:\n  \
        chimera tune turret turret.data --output turret/src/weights.txt")]
    Tune {
        #[command(flatten)]
        args: commands::tune::TuneArgs,
    },
}

/// Runs a command; returns the process exit code. Errors are written to `io.err`.
pub fn run(cli: Cli, io: &mut Io<'_>) -> i32 {
    let result = dispatch(cli.command, io);
    let code = match result.and_then(|()| io.out.flush().map_err(Failure::from)) {
        Ok(()) => 0,
        Err(failure) => failure.report(io.err),
    };
    let _ = io.out.flush();
    let _ = io.err.flush();
    code
}

/// Runs the command's module.
fn dispatch(command: Command, io: &mut Io<'_>) -> Result<(), Failure> {
    match command {
        Command::Variants => commands::variants::run(io),
        Command::Show {
            game,
            moves,
            format,
            output,
            budget,
        } => commands::show::run(io, &game, &moves, format, output.as_deref(), budget.budget),
        Command::Moves {
            game,
            moves,
            json,
            filter,
            budget,
        } => commands::moves::run(io, &game, &moves, json, &filter, budget.budget),
        Command::Perft {
            game,
            depth,
            divide,
            max_time,
            threads,
            moves,
        } => commands::perft::run(io, &game, &moves, depth, divide, max_time, threads),
        Command::Validate {
            game,
            file,
            json,
            save,
            budget,
        } => {
            let options = commands::validate::Options { json, save };
            commands::validate::run(io, &game, &file, &options, budget.budget)
        }
        Command::Match { args } => commands::matches::run(io, &args),
        Command::MatchReport { args } => commands::match_report::run(io, &args),
        Command::Play {
            game,
            moves,
            budget,
            computer,
            time,
            depth,
            nodes,
            record,
        } => chimera_arena::player::limits(time, depth, nodes)
            .map_err(Failure::from)
            .and_then(|limits| {
                let options = commands::play::Options {
                    computer,
                    limits,
                    record,
                };
                commands::play::run(io, &game, &moves, budget.budget, &options)
            }),
        Command::Bestmove {
            game,
            moves,
            time,
            depth,
            nodes,
            threads,
            json,
        } => chimera_arena::player::limits(time, depth, nodes)
            .map_err(Failure::from)
            .and_then(|limits| {
                chimera_arena::player::with_threads(limits, threads).map_err(Failure::from)
            })
            .and_then(|limits| commands::bestmove::run(io, &game, &moves, &limits, json)),
        Command::Engine => commands::engine::run(io),
        Command::Serve { options } => commands::serve::run(io, &options),
        Command::Selfplay { args } => commands::selfplay::run(io, &args),
        Command::Tune { args } => commands::tune::run(io, &args),
    }
}
