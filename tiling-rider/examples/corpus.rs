//! The legality corpus: positions from played games, and how fast the turn search decides
//! them.
//!
//! ```text
//! cargo run --release -p chimera-tiling-rider --example corpus -- generate OUT [GAMES] [SEED]
//! cargo run --release -p chimera-tiling-rider --example corpus -- measure FILE [CAP_SECONDS]
//! ```
//!
//! `generate` plays games under each rule set, half of them by a random mover and half by a
//! greedy one (a capture whenever there is one, the biggest haul first), and writes one
//! position a line (`rules<TAB>position<TAB>where it came from`): positions sampled along
//! the games, and every position whose listing needed more than a few thousand search
//! nodes. Each listing during generation has a budget; a game stops at a position whose
//! listing the budget left incomplete, which is kept.
//!
//! `measure` lists the legal actions of each position with the exact search, capped at
//! `CAP_SECONDS` (default 10) per position, and prints the share decided within 10 ms,
//! 100 ms, 1 s and 10 s, the slowest positions, and those the cap left undecided.
//!
//! `measure-nodes FILE [CAP_NODES]` does the same in search nodes (default cap 4,000,000),
//! which does not depend on the machine or its load: the share decided within 4,000,
//! 40,000, 400,000 and 4,000,000 nodes (about 10 ms, 100 ms, 1 s and 10 s at the
//! 400,000 nodes a second of one core here).

use chimera_core::SplitMix64;
use chimera_core::{Budget, Position, RuleSet};
use chimera_tiling_rider::{Move, Rules, TilingRider};
use std::fmt::Write as _;
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize| args.get(i).map(String::as_str);
    match arg(0) {
        Some("generate") => {
            let out = arg(1).expect("generate OUT [GAMES] [SEED]");
            let games = arg(2).map_or(90, |s| s.parse().expect("GAMES"));
            let seed = arg(3).map_or(1, |s| s.parse().expect("SEED"));
            generate(out, games, seed);
        }
        Some("measure") => {
            let file = arg(1).expect("measure FILE [CAP_SECONDS]");
            let cap = arg(2).map_or(10.0, |s| s.parse().expect("CAP_SECONDS"));
            measure(file, Duration::from_secs_f64(cap));
        }
        Some("measure-nodes") => {
            let file = arg(1).expect("measure-nodes FILE [CAP_NODES]");
            let cap = arg(2).map_or(4_000_000, |s| s.parse().expect("CAP_NODES"));
            measure_nodes(file, cap);
        }
        Some("compare") => {
            let file = arg(1).expect("compare FILE [EVERY] [CAP_NODES] [WHICH]");
            let every = arg(2).map_or(1, |s| s.parse().expect("EVERY"));
            let cap = arg(3).map_or(4_000_000, |s| s.parse().expect("CAP_NODES"));
            compare(file, every, cap, arg(4).unwrap_or("sph"));
        }
        Some("any") => {
            let file = arg(1).expect("any FILE [CAP_NODES]");
            let cap = arg(2).map_or(4_000_000, |s| s.parse().expect("CAP_NODES"));
            any(file, cap);
        }
        Some("children") => {
            let file = arg(1).expect("children FILE OUT [EACH]");
            let out = arg(2).expect("children FILE OUT [EACH]");
            let each = arg(3).map_or(3, |s| s.parse().expect("EACH"));
            children(file, out, each);
        }
        _ => eprintln!("usage: corpus generate OUT [GAMES] [SEED] | corpus measure FILE [CAP]"),
    }
}

/// `any FILE [CAP_NODES]`: for each position, whether the side to move has a legal action
/// (the question behind "is the game over"), within `CAP_NODES` work units, with the work
/// and this thread's CPU time it took.
fn any(file: &str, cap: u64) {
    for (i, (pos, name)) in corpus_positions(file).iter().enumerate() {
        let mut budget = Budget::nodes(cap);
        let started = cpu_time();
        let verdict = pos.has_legal_move_within(&mut budget);
        let took = cpu_time().saturating_sub(started);
        let short: String = name.chars().take(40).collect();
        println!(
            "line {}: {verdict:?}, {} units, {took:?}: {short}…",
            i + 1,
            budget.used()
        );
    }
}

/// `children FILE OUT [EACH]`: for each position of `FILE`, the positions after `EACH` of
/// its legal actions (spread over the listing, "end turn" left out), written to `OUT` in
/// the corpus's format: more positions like the hard ones, for measuring.
fn children(file: &str, out: &str, each: usize) {
    let mut text = String::new();
    for (i, (pos, _)) in corpus_positions(file).iter().enumerate() {
        let (mut legal, mut open) = (Vec::new(), Vec::new());
        pos.legal_moves_within(&mut legal, &mut open, &mut Budget::nodes(4_000_000));
        legal.retain(|&m| m != Move::END_TURN);
        for j in 0..each.min(legal.len()) {
            let mv = legal[j * legal.len() / each.min(legal.len())];
            let mut child = pos.clone();
            child.play_unchecked(mv);
            if child.turn() == pos.turn() {
                let rules = pos.rules();
                let _ = writeln!(
                    text,
                    "{}\t{}\tline {} after {}",
                    rules.name(),
                    child.to_text(),
                    i + 1,
                    pos.move_text(mv)
                );
            }
        }
    }
    std::fs::write(out, text).expect("write the positions");
}

/// Search nodes above which a position is kept whatever the sampling says.
const HARD_NODES: u64 = 2_000;
/// One position in this many along a game is kept.
const SAMPLE_EVERY: usize = 40;
/// The budget of each listing while generating.
const GENERATION_BUDGET: Duration = Duration::from_millis(300);
/// The longest game played, in actions.
const MAX_PLIES: usize = 1_500;

fn generate(out: &str, games: u64, seed: u64) {
    let mut text = String::new();
    let mut kept = 0;
    for g in 0..games {
        let rules = match g % 6 {
            0..=2 => Rules::Standard,
            3 | 4 => Rules::Paulowich16,
            _ => Rules::Wheeler,
        };
        let greedy = g % 2 == 1;
        let player = if greedy { "greedy" } else { "random" };
        let mut rng = SplitMix64::new(seed.wrapping_mul(1_000_003).wrapping_add(g));
        let mut pos = TilingRider::start(rules);
        let (mut legal, mut undecided) = (Vec::new(), Vec::new());
        let mut stop = "game over";
        for ply in 0..MAX_PLIES {
            let mut budget = Budget::time(GENERATION_BUDGET);
            pos.legal_moves_within(&mut legal, &mut undecided, &mut budget);
            let hard = budget.used() > HARD_NODES || !undecided.is_empty();
            if hard || ply % SAMPLE_EVERY == SAMPLE_EVERY / 2 {
                let why = if undecided.is_empty() {
                    format!("{player} game {g} ply {ply}, {} nodes", budget.used())
                } else {
                    format!("{player} game {g} ply {ply}, undecided within the budget")
                };
                let _ = writeln!(text, "{}\t{}\t{why}", rules.name(), pos.to_text());
                kept += 1;
            }
            if !undecided.is_empty() {
                stop = "undecided listing";
                break;
            }
            if legal.is_empty() {
                break;
            }
            let mv = if greedy {
                greedy_choice(&pos, &legal, &mut rng)
            } else {
                legal[rng.below(legal.len())]
            };
            pos.play_unchecked(mv);
        }
        eprintln!(
            "game {g} ({}, {player}): {stop}; {kept} positions so far",
            rules.name()
        );
    }
    std::fs::write(out, text).expect("write the corpus");
    eprintln!("{kept} positions written to {out}");
}

/// A capture taking the most pieces if there is one (ties at random), else a random move.
fn greedy_choice(pos: &TilingRider, legal: &[Move], rng: &mut SplitMix64) -> Move {
    let them = !pos.turn();
    let haul = |mv: &Move| -> usize {
        mv.to_squares()
            .into_iter()
            .filter(|&sq| {
                pos.piece_at(sq).is_some_and(|(_, c)| c == them) || pos.king_at(sq) == Some(them)
            })
            .count()
    };
    let best = legal.iter().map(haul).max().unwrap_or(0);
    if best == 0 {
        return legal[rng.below(legal.len())];
    }
    let top: Vec<Move> = legal.iter().copied().filter(|m| haul(m) == best).collect();
    top[rng.below(top.len())]
}

/// The positions of a corpus file, with their rule sets and texts.
fn corpus_positions(file: &str) -> Vec<(TilingRider, String)> {
    let text = std::fs::read_to_string(file).expect("readable corpus");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let mut fields = line.split('\t');
            let rules = Rules::from_name(fields.next().unwrap_or("")).expect("rules");
            let pos_text = fields.next().expect("position");
            let pos = TilingRider::from_text(pos_text, rules).expect("position");
            (pos, format!("{} {pos_text}", rules.name()))
        })
        .collect()
}

/// Counts `value` in every bucket whose limit it does not exceed.
fn tally<T: PartialOrd>(value: T, limits: &[T], within: &mut [usize]) {
    for (w, limit) in within.iter_mut().zip(limits) {
        if value <= *limit {
            *w += 1;
        }
    }
}

fn measure_nodes(file: &str, cap: u64) {
    let positions = corpus_positions(file);
    let limits = [4_000u64, 40_000, 400_000, 4_000_000];
    let mut within = [0usize; 4];
    let mut undecided = Vec::new();
    let mut total = 0u64;
    for (pos, name) in &positions {
        let (mut legal, mut open) = (Vec::new(), Vec::new());
        let mut budget = Budget::nodes(cap);
        pos.legal_moves_within(&mut legal, &mut open, &mut budget);
        let used = budget.used();
        total += used;
        if open.is_empty() {
            tally(used, &limits, &mut within);
        } else {
            undecided.push(format!(
                "{} undecided of {}: {name}",
                open.len(),
                open.len() + legal.len()
            ));
        }
    }
    let count = positions.len();
    println!("positions: {count}; search nodes in all: {total}");
    for (w, limit) in within.iter().zip(&limits) {
        println!(
            "decided within {limit:>9} nodes: {w} ({:.2} %)",
            100.0 * *w as f64 / count as f64
        );
    }
    println!(
        "undecided within the cap of {cap} nodes: {}",
        undecided.len()
    );
    for u in &undecided {
        println!("  {u}");
    }
}

fn measure(file: &str, cap: Duration) {
    let text = std::fs::read_to_string(file).expect("readable corpus");
    let limits = [10u64, 100, 1_000, 10_000].map(Duration::from_millis);
    let mut within = [0usize; 4];
    let mut undecided = Vec::new();
    let mut times: Vec<(Duration, u64, String)> = Vec::new();
    let mut count = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let mut fields = line.split('\t');
        let rules = Rules::from_name(fields.next().unwrap_or("")).expect("rules");
        let pos_text = fields.next().expect("position");
        let pos = TilingRider::from_text(pos_text, rules).expect("position");
        let (mut legal, mut open) = (Vec::new(), Vec::new());
        let mut budget = Budget::time(cap);
        let started = Instant::now();
        pos.legal_moves_within(&mut legal, &mut open, &mut budget);
        let took = started.elapsed();
        count += 1;
        if open.is_empty() {
            tally(took, &limits, &mut within);
        } else {
            undecided.push(format!(
                "{} undecided of {}: {} {pos_text}",
                open.len(),
                open.len() + legal.len(),
                rules.name()
            ));
        }
        times.push((took, budget.used(), format!("{} {pos_text}", rules.name())));
        if count % 100 == 0 {
            eprintln!("{count} positions measured");
        }
    }
    println!("positions: {count}");
    for (w, limit) in within.iter().zip(&limits) {
        println!(
            "decided within {:>6?}: {w} ({:.2} %)",
            limit,
            100.0 * *w as f64 / count as f64
        );
    }
    println!("undecided within the cap of {cap:?}: {}", undecided.len());
    times.sort_by_key(|t| std::cmp::Reverse(t.0));
    println!("slowest:");
    for (took, nodes, pos) in times.iter().take(10) {
        println!("  {took:?}, {nodes} nodes: {pos}");
    }
    for u in &undecided {
        println!("  {u}");
    }
}

/// The CPU time this thread has used (Linux: `/proc/thread-self/schedstat`), or zero.
fn cpu_time() -> Duration {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .map_or(Duration::ZERO, Duration::from_nanos)
}

/// `compare FILE [EVERY] [CAP_NODES] [WHICH]`: on every `EVERY`-th position, the legal
/// actions as decided by each procedure `WHICH` names (default `sph`): `s` the search
/// alone (at most `CAP_NODES` nodes), `p` the rescue planner alone (no budget: exact),
/// `h` the crate (the search, then the planner; at most `CAP_NODES`). Any difference
/// between decided answers is printed and counted; the crate's listings are tallied by
/// CPU time (this thread's, so that the machine's load does not count) and work units.
fn compare(file: &str, every: usize, cap: u64, which: &str) {
    let positions = corpus_positions(file);
    let (mut disagreements, mut count) = (0, 0);
    let mut undecided = vec![0usize; which.len()];
    let limits = [10u64, 100, 1_000, 10_000].map(Duration::from_millis);
    let mut within = [0usize; 4];
    let mut slowest: Vec<(Duration, u64, String)> = Vec::new();
    // Per procedure: CPU time and work units in all; positions whose work was the same
    // for the search alone and the crate.
    let mut cpu = vec![Duration::ZERO; which.len()];
    let mut work = vec![0u64; which.len()];
    let mut same_work = 0;
    let mut differ = Vec::new();
    for (i, (pos, name)) in positions.iter().enumerate().step_by(every.max(1)) {
        let mut lists: Vec<(Vec<Move>, Vec<Move>)> = Vec::new();
        let mut units = [None; 2];
        for (w, c) in which.chars().enumerate() {
            let (mut legal, mut open) = (Vec::new(), Vec::new());
            let mut budget = match c {
                'p' => Budget::unlimited(),
                _ => Budget::nodes(cap),
            };
            let started = cpu_time();
            match c {
                's' => pos.legal_moves_searched(&mut legal, &mut open, &mut budget),
                'p' => pos.legal_moves_planned(&mut legal, &mut open, &mut budget),
                _ => pos.legal_moves_within(&mut legal, &mut open, &mut budget),
            }
            let took = cpu_time().saturating_sub(started);
            cpu[w] += took;
            work[w] += budget.used();
            match c {
                's' => units[0] = Some(budget.used()),
                'h' => units[1] = Some(budget.used()),
                _ => {}
            }
            if c == 'h' {
                if open.is_empty() {
                    tally(took, &limits, &mut within);
                }
                slowest.push((took, budget.used(), format!("line {}: {name}", i + 1)));
            }
            undecided[w] += usize::from(!open.is_empty());
            legal.sort();
            open.sort();
            lists.push((legal, open));
        }
        count += 1;
        same_work += usize::from(units[0].is_some() && units[0] == units[1]);
        if let [Some(a), Some(b)] = units {
            if a != b {
                differ.push(format!("line {}: {a} -> {b}", i + 1));
            }
        }
        for a in 0..lists.len() {
            for b in a + 1..lists.len() {
                let (la, oa) = &lists[a];
                let (lb, ob) = &lists[b];
                let differ = la.iter().any(|m| !lb.contains(m) && !ob.contains(m))
                    || lb.iter().any(|m| !la.contains(m) && !oa.contains(m));
                if differ {
                    disagreements += 1;
                    println!("DISAGREE ({a} vs {b}) at line {}: {name}", i + 1);
                }
            }
        }
        if count % 100 == 0 {
            eprintln!("{count} positions compared");
        }
    }
    println!("positions compared: {count}; disagreements: {disagreements}");
    for (w, c) in which.chars().enumerate() {
        println!(
            "({c}): positions with undecided actions {}, CPU time in all {:?}, work units in all {}",
            undecided[w], cpu[w], work[w]
        );
    }
    println!("positions where the crate's work equals the search's, node for node: {same_work}");
    if !differ.is_empty() {
        println!(
            "  the others (search alone -> crate): {}",
            differ.join("; ")
        );
    }
    for (w, limit) in within.iter().zip(&limits) {
        println!(
            "(h) decided within {limit:>6?} of CPU time: {w} ({:.2} %)",
            100.0 * *w as f64 / count as f64
        );
    }
    slowest.sort_by_key(|t| std::cmp::Reverse(t.0));
    println!("slowest listings by the crate (CPU time, work units):");
    for (took, nodes, name) in slowest.iter().take(12) {
        println!("  {took:?}, {nodes}: {name}");
    }
    let heavy: Vec<_> = slowest.iter().filter(|s| s.1 > HEAVY_UNITS).collect();
    println!("listings over {HEAVY_UNITS} work units: {}", heavy.len());
    for (took, nodes, name) in heavy {
        let line = name.split(':').next().unwrap_or("");
        println!("  {line}: {nodes} units, {took:?}");
    }
}

/// Listings over this many work units are listed apart by `compare` (the hard set).
const HEAVY_UNITS: u64 = 20_000;
