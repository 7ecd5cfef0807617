//! The conformance tests in one line: [`crate::conformance_tests!`], and the perft data
//! files they read.
//!
//! # Perft data files
//!
//! A variant keeps its perft expectations in `perft.epd` at its crate's root, in the form
//! of the chess engines' EPD perft suites. One position per line; blank lines and lines
//! starting with `#` are ignored; fields are separated by `;`:
//!
//! ```text
//! # name: a label for messages   rules: a rule-set name (default: the standard rules)
//! start ;name initial position ;D1 20 ;D2 400 ;D3 8902
//! 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1 ;name position 3 ;D1 14 ;D2 191
//! start ;rules kwagga ;D1 20 ;D2 404
//! ```
//!
//! - the first field is the position text (the format of the variant's
//!   [`Position::from_text`]), or `start` for the start position of the line's rules;
//! - `D<depth> <count>`: the number of legal move sequences of that many plies (perft, the
//!   last ply bulk counted as [`chimera_core::perft`] does), as many as known;
//! - `rules <name>`: the rule set ([`chimera_core::RuleSet::from_name`]);
//! - `name <label>`: how failures name the line.
//!
//! A position text therefore must not contain `;` (none of Chimera's variants uses it).

use crate::{check_parsers, check_playout, random_game};
use chimera_core::SplitMix64;
use chimera_core::{perft, perft_with, Game, Position, RuleSet};

/// One line of a perft data file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftCase {
    /// The line number in the file (from 1).
    pub line: usize,
    /// The label (`name` field), or the position text.
    pub name: String,
    /// The position text, or `start`.
    pub position: String,
    /// The rule-set name (`rules` field), if given.
    pub rules: Option<String>,
    /// `(depth, count)` pairs in increasing depth.
    pub counts: Vec<(u32, u64)>,
}

impl PerftCase {
    /// The game this line starts from.
    pub fn game<P: Position>(&self) -> Result<Game<P>, String> {
        let rules = match &self.rules {
            None => P::Rules::default(),
            Some(name) => P::Rules::from_name(name)
                .ok_or_else(|| format!("line {}: unknown rule set `{name}`", self.line))?,
        };
        if self.position == "start" {
            Ok(Game::start(rules))
        } else {
            P::from_text(&self.position, rules)
                .map(Game::new)
                .map_err(|e| format!("line {}: {e}", self.line))
        }
    }
}

/// The lines of the perft data file at `path`, each with the position it starts from: for
/// tests, which panic naming the file and the line if it does not read.
pub fn perft_file_positions<P: Position>(path: &str) -> Vec<(PerftCase, P)> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    parse_perft_file(&text)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .into_iter()
        .map(|case| {
            let game = case.game::<P>().unwrap_or_else(|e| panic!("{path}: {e}"));
            let position = game.position().clone();
            (case, position)
        })
        .collect()
}

/// Reads a perft data file (format in the [module docs](self)). Errors name the line.
pub fn parse_perft_file(text: &str) -> Result<Vec<PerftCase>, String> {
    let mut cases = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut fields = line.split(';').map(str::trim);
        let position = fields.next().unwrap_or_default().to_string();
        let mut case = PerftCase {
            line: i + 1,
            name: position.clone(),
            position,
            rules: None,
            counts: Vec::new(),
        };
        for field in fields {
            let (key, value) = field.split_once(' ').unwrap_or((field, ""));
            let value = value.trim();
            match key {
                "name" => case.name = value.to_string(),
                "rules" => case.rules = Some(value.to_string()),
                _ if key.starts_with('D') => {
                    let depth = key[1..].parse::<u32>();
                    let count = value.replace('_', "").parse::<u64>();
                    match (depth, count) {
                        (Ok(d), Ok(n)) if case.counts.last().map_or(true, |&(p, _)| p < d) => {
                            case.counts.push((d, n))
                        }
                        _ => return Err(format!("line {}: bad count field `{field}`", i + 1)),
                    }
                }
                _ => return Err(format!("line {}: unknown field `{field}`", i + 1)),
            }
        }
        if case.position.is_empty() {
            return Err(format!("line {}: no position", i + 1));
        }
        cases.push(case);
    }
    Ok(cases)
}

/// The counts of the line called `name` (its `name` field) in a perft data file, for
/// depths `first_depth`, `first_depth + 1`, … (`N` of them; depth 0 counts 1), so that a
/// crate's own perft tests read their expectations from the same file as the runner.
///
/// # Panics
///
/// If the file does not read, has no such line, or lacks one of the depths: it is meant
/// for tests, where that is the failure to report.
pub fn perft_counts<const N: usize>(file: &str, name: &str, first_depth: u32) -> [u64; N] {
    let cases = parse_perft_file(file).unwrap_or_else(|e| panic!("perft data file: {e}"));
    let case = cases
        .iter()
        .find(|c| c.name == name)
        .unwrap_or_else(|| panic!("no line named `{name}` in the perft data file"));
    let mut out = [0; N];
    for (i, slot) in out.iter_mut().enumerate() {
        let depth = first_depth + i as u32;
        *slot = if depth == 0 {
            1
        } else {
            case.counts
                .iter()
                .find(|&&(d, _)| d == depth)
                .map(|&(_, n)| n)
                .unwrap_or_else(|| panic!("`{name}` has no count for depth {depth}"))
        };
    }
    out
}

/// Checks every count of a perft data file whose expected count is at most `max_nodes`
/// (all of them with `u64::MAX`). Returns how many counts were checked, or the first
/// disagreement.
pub fn run_perft_file<P: Position>(text: &str, max_nodes: u64) -> Result<usize, String> {
    let mut checked = 0;
    for case in parse_perft_file(text)? {
        for &(depth, expected) in &case.counts {
            if expected > max_nodes {
                continue;
            }
            let mut game = case.game::<P>()?;
            let got = perft(&mut game, depth);
            if got != expected {
                return Err(format!(
                    "line {} ({}): perft({depth}) = {got}, the file says {expected}",
                    case.line, case.name
                ));
            }
            checked += 1;
        }
    }
    Ok(checked)
}

/// Perft of `depth` from `game`, counted twice: by the position's own generator
/// ([`perft`]) and by `reference`, an independent generator a crate's tests write from its
/// rules text (the generator [`perft_with`] takes). The count when the two agree; the game
/// is left as it was.
pub fn perft_two_ways<P, G>(
    game: &mut Game<P>,
    depth: u32,
    reference: &mut G,
) -> Result<u64, String>
where
    P: Position,
    G: FnMut(&Game<P>, &mut Vec<P::Move>),
{
    let fast = perft(game, depth);
    let slow = perft_with(game, depth, reference);
    if fast == slow {
        Ok(fast)
    } else {
        Err(format!(
            "perft({depth}) from `{}`: {fast} by the position's generator, {slow} by the reference",
            game.position().to_text()
        ))
    }
}

/// Runs [`check_playout`] for `games` seeded random games of up to `plies` plies under
/// every rule set of `P`, from the start and from each position of the perft file.
pub fn run_playouts<P: Position>(perft_file: &str, games: u64, plies: usize) -> Result<(), String> {
    let mut starts: Vec<Game<P>> = P::Rules::NAMES
        .iter()
        .filter_map(|n| P::Rules::from_name(n))
        .map(Game::start)
        .collect();
    for case in parse_perft_file(perft_file)? {
        starts.push(case.game::<P>()?);
    }
    for (i, start) in starts.into_iter().enumerate() {
        for seed in 0..games {
            let seed = seed.wrapping_mul(0x9E37_79B9) ^ i as u64;
            check_playout(start.clone(), seed, plies)
                .map_err(|e| format!("start {i}, seed {seed}: {e}"))?;
        }
    }
    Ok(())
}

/// Texts that are not quite right: `good` cut, with characters dropped, swapped, doubled
/// or replaced by others from `alphabet`, digits made huge, fields added.
pub fn mutations(good: &str, rng: &mut SplitMix64, alphabet: &[char], n: usize) -> Vec<String> {
    let chars: Vec<char> = good.chars().collect();
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        let mut c = chars.clone();
        for _ in 0..1 + rng.below(3) {
            let at = rng.below(c.len() + 1);
            let pick = alphabet[rng.below(alphabet.len())];
            match rng.below(7) {
                0 => c.truncate(at),
                1 if at < c.len() => {
                    c.remove(at);
                }
                2 if at + 1 < c.len() => c.swap(at, at + 1),
                3 => c.insert(at, pick),
                4 if at < c.len() => c[at] = pick,
                5 => c.splice(at..at, "99999999999".chars()).for_each(drop),
                _ => c.extend(" 4294967296 -1".chars()),
            }
        }
        out.push(c.into_iter().collect());
    }
    out
}

/// Feeds garbage and near-misses to the parsers of `P`: random strings (of characters that
/// texts are made of, and of any characters at all, up to 80 of them), and mutations of
/// each start position's text and of the texts of its legal moves. Parsers must not panic,
/// a position they accept must write itself back readably ([`check_parsers`]), and a game
/// asked to play an unreadable or illegal move text must stay unchanged.
pub fn run_parser_fuzz<P: Position>(rounds: usize, seed: u64) -> Result<(), String> {
    let mut rng = SplitMix64::new(seed);
    let junk: Vec<char> =
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/-*+=#x@ .;:()[]{}é♔\u{0}\t"
            .chars()
            .collect();
    for name in P::Rules::NAMES {
        let Some(rules) = P::Rules::from_name(name) else {
            continue;
        };
        let mut game = random_game(Game::<P>::start(rules), seed, 12);
        let pos = game.position().clone();
        let mut texts = mutations(&pos.to_text(), &mut rng, &junk, rounds);
        let moves = game.legal_move_list();
        for mv in moves.iter().take(8) {
            texts.extend(mutations(
                &pos.move_text(*mv),
                &mut rng,
                &junk,
                rounds / 8 + 1,
            ));
        }
        for _ in 0..rounds {
            let len = rng.below(40);
            texts.push((0..len).map(|_| junk[rng.below(junk.len())]).collect());
            let len = rng.below(81);
            texts.push((0..len).map(|_| any_char(&mut rng)).collect());
        }
        for text in &texts {
            check_parsers(&pos, text)?;
            let before = game.clone();
            if game.play_text(text).is_err() && game != before {
                return Err(format!("a refused move `{text}` changed the game"));
            }
            if game != before {
                game = before;
            }
        }
    }
    Ok(())
}

/// A character of any kind: printable ASCII half the time, else from the first 2048 code
/// points or from all of Unicode.
fn any_char(rng: &mut SplitMix64) -> char {
    let below = match rng.below(4) {
        0 | 1 => return (b' ' + rng.below(95) as u8) as char,
        2 => 0x800,
        _ => 0x11_0000,
    };
    char::from_u32(rng.below(below) as u32).unwrap_or('\u{FFFD}')
}

/// Counter values at the edges readers tend to draw: powers of ten and two, and the
/// limits of the integer types.
pub const COUNTER_EDGES: [&str; 14] = [
    "0",
    "1",
    "99",
    "100",
    "255",
    "256",
    "9999",
    "10000",
    "65535",
    "65536",
    "99999",
    "100000",
    "2147483647",
    "4294967295",
];

/// Every text a reader accepts must still read back after any legal move. For positions
/// of every rule set with either side to move, each run of digits in the position text
/// (a clock, a move number, a count…) is replaced by each of [`COUNTER_EDGES`]; whenever
/// the reader accepts the result, two plies are played (the first legal move each time)
/// and the text after each must read back as the same position.
pub fn run_counter_edges<P: Position>() -> Result<(), String> {
    for name in P::Rules::NAMES {
        let Some(rules) = P::Rules::from_name(name) else {
            continue;
        };
        for plies in [0, 1, 12, 13] {
            let game = random_game(Game::<P>::start(rules), 7, plies);
            let text = game.position().to_text();
            for (start, end) in digit_runs(&text) {
                for edge in COUNTER_EDGES {
                    let edited = format!("{}{edge}{}", &text[..start], &text[end..]);
                    if let Ok(p) = P::from_text(&edited, rules) {
                        reads_back_after_moves(Game::new(p), 2)
                            .map_err(|e| format!("from `{edited}`: {e}"))?;
                    }
                }
            }
        }
    }
    Ok(())
}

/// The byte ranges of the maximal runs of ASCII digits in `text`.
fn digit_runs(text: &str) -> Vec<(usize, usize)> {
    let mut runs = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices().chain([(text.len(), ' ')]) {
        match (c.is_ascii_digit(), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                runs.push((s, i));
                start = None;
            }
            _ => {}
        }
    }
    runs
}

fn reads_back_after_moves<P: Position>(mut game: Game<P>, plies: usize) -> Result<(), String> {
    let rules = game.position().rules();
    for ply in 0..plies {
        let Some(&mv) = game.legal_move_list().first() else {
            return Ok(());
        };
        game.play_unchecked(mv);
        let text = game.position().to_text();
        match P::from_text(&text, rules) {
            Ok(back) if &back == game.position() => {}
            Ok(_) => {
                return Err(format!(
                    "after {} plies `{text}` reads back differently",
                    ply + 1
                ))
            }
            Err(e) => return Err(format!("after {} plies `{text}` is refused: {e}", ply + 1)),
        }
    }
    Ok(())
}

/// The settings of [`crate::conformance_tests!`]; each can be given as `name = value`.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The perft data file, relative to the crate's root (`perft.epd`).
    pub perft: &'static str,
    /// Random games per start position.
    pub games: u64,
    /// Plies per random game.
    pub plies: usize,
    /// Counts above this many nodes run only in the `#[ignore]`d test.
    pub max_nodes: u64,
    /// Strings per parser fuzzing round.
    pub fuzz: usize,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            perft: "perft.epd",
            games: 16,
            plies: 300,
            max_nodes: 2_000_000,
            fuzz: 400,
        }
    }
}

/// Generates a crate's conformance tests in one line, in an integration test file:
///
/// ```ignore
/// chimera_test_kit::conformance_tests!(chimera_chess::Chess);
/// chimera_test_kit::conformance_tests!(chimera_turret::Turret, games = 8, max_nodes = 500_000);
/// ```
///
/// The settings are the fields of [`Settings`] (`perft`, `games`, `plies`, `max_nodes`,
/// `fuzz`). It generates a module `conformance` of five tests:
/// - `random_playouts_keep_the_game_consistent`: [`run_playouts`] (every legal move plays,
///   the incremental Zobrist key equals the one from scratch, position and move texts
///   round-trip, undo restores, the move list is empty exactly when the game is over);
/// - `parsers_survive_garbage`: [`run_parser_fuzz`] (any text: parsers must not panic, and
///   what they accept reads back);
/// - `texts_read_back_after_moves_whatever_their_counters`: [`run_counter_edges`];
/// - `perft_counts_match_the_data_file`: every count of the perft file up to `max_nodes`
///   ([`run_perft_file`]);
/// - `perft_counts_match_the_data_file_deep` (`#[ignore]`d): all of them.
#[macro_export]
macro_rules! conformance_tests {
    ($P:ty $(, $key:ident = $value:expr)* $(,)?) => {
        #[allow(missing_docs)]
        mod conformance {
            use super::*;

            fn settings() -> $crate::Settings {
                #[allow(unused_mut)]
                let mut s = $crate::Settings::default();
                $(s.$key = $value;)*
                s
            }

            fn perft_file() -> String {
                let path = ::std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(settings().perft);
                ::std::fs::read_to_string(&path)
                    .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
            }

            #[test]
            fn random_playouts_keep_the_game_consistent() {
                let s = settings();
                if let Err(e) = $crate::run_playouts::<$P>(&perft_file(), s.games, s.plies) {
                    panic!("{e}");
                }
            }

            #[test]
            fn parsers_survive_garbage() {
                for seed in 0..4 {
                    if let Err(e) = $crate::run_parser_fuzz::<$P>(settings().fuzz, seed) {
                        panic!("seed {seed}: {e}");
                    }
                }
            }

            #[test]
            fn texts_read_back_after_moves_whatever_their_counters() {
                if let Err(e) = $crate::run_counter_edges::<$P>() {
                    panic!("{e}");
                }
            }

            #[test]
            fn perft_counts_match_the_data_file() {
                match $crate::run_perft_file::<$P>(&perft_file(), settings().max_nodes) {
                    Ok(n) => assert!(n > 0, "no perft count small enough to check"),
                    Err(e) => panic!("{e}"),
                }
            }

            #[test]
            #[ignore = "every count of the perft data file: run with --ignored"]
            fn perft_counts_match_the_data_file_deep() {
                if let Err(e) = $crate::run_perft_file::<$P>(&perft_file(), u64::MAX) {
                    panic!("{e}");
                }
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_documented_format() {
        let text = "# c\n\nstart ;name s ;D1 20 ;D2 400\nx y z ;rules kwagga ;D3 1_000\n";
        let cases = parse_perft_file(text).unwrap();
        assert_eq!(cases.len(), 2);
        assert_eq!(cases[0].counts, [(1, 20), (2, 400)]);
        assert_eq!(cases[0].name, "s");
        assert_eq!(cases[1].rules.as_deref(), Some("kwagga"));
        assert_eq!(cases[1].counts, [(3, 1000)]);
        assert_eq!(cases[1].line, 4);
        assert!(parse_perft_file("start ;D2 4 ;D1 2").is_err());
        assert!(parse_perft_file("start ;Dx 4").is_err());
        assert!(parse_perft_file("start ;foo").is_err());
    }
}
