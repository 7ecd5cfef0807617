//! Opening suites for matches: one opening per pair of games, played once with each
//! colour, so that two deterministic players do not repeat one game and an opening's
//! bias cancels within its pair.
//!
//! An opening is a list of moves from the variant's start. A suite is either read from a
//! file ([`parse`], [`read_file`]) or made here: [`random_opening`] plays `k` random plies
//! (a ply is one side's turn: in Tiling Rider all the actions of a turn), and
//! [`generate`] keeps an opening only when the game is still on and a short search (the
//! caller's scorer) finds it within a margin of equality: *balanced* random openings.
//! Opening `i` of a generated suite depends only on the seed and `i`, so a slice of a
//! match (`--shard`) makes the same openings for its pairs as the whole match.
//!
//! # File format
//!
//! Text, one opening per line, its moves separated by blanks, in the variant's notation
//! (as `chimera moves` prints them); `#` starts a comment, blank lines are skipped. A
//! generated suite starts with comment lines saying how it was made. [`check`] plays
//! every opening and says which line and move is wrong.

use chimera_core::zobrist::splitmix64;
use chimera_core::{excerpt, Budget, Color, DynGame, Status};
use chimera_engine::baseline::BASELINE_LEGALITY_NODES;
use std::fmt::Write as _;
use std::path::Path;

/// The longest random opening, in plies.
pub const MAX_OPENING_PLIES: usize = 100;
/// The most openings a suite may hold.
pub const MAX_OPENINGS: usize = 100_000;
/// The most moves in one opening of a file.
pub const MAX_OPENING_MOVES: usize = 2_000;
/// The largest openings file read, in bytes.
pub const MAX_FILE_BYTES: u64 = 32 << 20;
/// How many random openings [`generate`] tries for each one it keeps, at most.
pub const TRIES_PER_OPENING: u64 = 200;

/// One opening: moves from the start, in the variant's notation.
pub type Opening = Vec<String>;

/// Reads a suite: one opening per line (see the module's documentation). The error names
/// the line.
pub fn parse(text: &str) -> Result<Vec<Opening>, String> {
    let mut openings = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("");
        let moves: Opening = line.split_whitespace().map(str::to_string).collect();
        if moves.is_empty() {
            continue;
        }
        if moves.len() > MAX_OPENING_MOVES {
            return Err(format!(
                "line {}: more than {MAX_OPENING_MOVES} moves",
                number + 1
            ));
        }
        if openings.len() >= MAX_OPENINGS {
            return Err(format!("more than {MAX_OPENINGS} openings"));
        }
        openings.push(moves);
    }
    if openings.is_empty() {
        return Err("no opening in it (one per line, moves separated by blanks)".into());
    }
    Ok(openings)
}

/// Reads a suite from a file of at most [`MAX_FILE_BYTES`].
pub fn read_file(path: &Path) -> Result<Vec<Opening>, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut text = String::new();
    use std::io::Read as _;
    file.take(MAX_FILE_BYTES + 1)
        .read_to_string(&mut text)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    if text.len() as u64 > MAX_FILE_BYTES {
        return Err(format!(
            "{}: larger than {} MiB",
            path.display(),
            MAX_FILE_BYTES >> 20
        ));
    }
    parse(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// A suite as text: `header` as comment lines, then one opening per line.
pub fn to_text(header: &str, openings: &[Opening]) -> String {
    let mut text = String::new();
    for line in header.lines() {
        let _ = writeln!(text, "# {line}");
    }
    for opening in openings {
        let _ = writeln!(text, "{}", opening.join(" "));
    }
    text
}

/// Plays every opening from the start of a game `new_game` makes, and checks that the game
/// is still on after it. The error says which opening and which move.
pub fn check(
    openings: &[Opening],
    new_game: &dyn Fn() -> Result<Box<dyn DynGame + Send>, String>,
) -> Result<(), String> {
    for (i, opening) in openings.iter().enumerate() {
        let mut game = new_game()?;
        play_opening(game.as_mut(), opening).map_err(|e| format!("opening {}: {e}", i + 1))?;
    }
    Ok(())
}

/// Plays `opening` in `game`; the game must be on after it.
pub fn play_opening(game: &mut dyn DynGame, opening: &[String]) -> Result<(), String> {
    for (j, mv) in opening.iter().enumerate() {
        let mut budget = Budget::nodes(BASELINE_LEGALITY_NODES);
        game.play_within(mv, &[], &mut budget, false)
            .map_err(|e| format!("move {} `{}`: {e}", j + 1, excerpt(mv)))?;
    }
    match game.status(&mut Budget::nodes(BASELINE_LEGALITY_NODES)) {
        Status::Ongoing => Ok(()),
        Status::Over(outcome) => Err(format!("the game is over after it ({outcome})")),
        Status::Undecided => Err(format!(
            "whether the game is over after it was not decided within the \
             {BASELINE_LEGALITY_NODES}-node budget (the budget, not the rules)"
        )),
    }
}

/// A small random generator (splitmix64), so that a seed gives the same openings on every
/// machine.
struct Random(u64);

impl Random {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(chimera_core::zobrist::SPLITMIX64_GAMMA);
        (splitmix64(self.0) % n as u64) as usize
    }
}

/// Plays `plies` random plies (turns; in Tiling Rider every action of each turn) from the
/// current position of `game`, each move drawn uniformly among the legal ones; returns the
/// moves, or `None` when the game ends (or a move list is not decided) before they are all
/// played. The game is left after the moves played.
pub fn random_opening(game: &mut dyn DynGame, plies: usize, seed: u64) -> Option<Opening> {
    let mut random = Random(seed);
    let mut moves = Vec::new();
    let mut last: Option<Color> = None;
    let mut played_plies = 0;
    loop {
        let turn = game.turn();
        if last != Some(turn) {
            if played_plies == plies {
                return Some(moves);
            }
            played_plies += 1;
        }
        let listing = game.legal_moves_within(&mut Budget::nodes(BASELINE_LEGALITY_NODES));
        if listing.legal.is_empty() {
            return None;
        }
        let mv = &listing.legal[random.below(listing.legal.len())];
        let mut budget = Budget::nodes(BASELINE_LEGALITY_NODES);
        let (played, _) = game.play_within(mv, &[], &mut budget, false).ok()?;
        moves.push(played);
        last = Some(turn);
    }
}

/// How [`generate`] makes openings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Generation {
    /// Random plies in each opening (1 to [`MAX_OPENING_PLIES`]).
    pub plies: usize,
    /// The largest score (centipawns, either side) kept; `None` keeps every opening the
    /// game survives.
    pub margin: Option<i64>,
    /// The seed.
    pub seed: u64,
}

/// The seed of try `attempt` of opening `index`.
fn opening_seed(seed: u64, index: usize, attempt: u64) -> u64 {
    splitmix64(seed ^ splitmix64((index as u64) << 20 ^ attempt ^ 0x6f70_656e))
}

/// Makes opening `index` of a suite: random openings tried in turn (each from its own
/// seed) until one leaves the game on and, with a margin, `score` (a short search of the
/// position, centipawns from the side to move; `None` for a won or lost position) finds it
/// within the margin. Gives up after [`TRIES_PER_OPENING`] tries.
pub fn generate_one(
    index: usize,
    how: &Generation,
    new_game: &dyn Fn() -> Result<Box<dyn DynGame + Send>, String>,
    score: &mut dyn FnMut(&dyn DynGame) -> Option<i64>,
) -> Result<Opening, String> {
    for attempt in 0..TRIES_PER_OPENING {
        let mut game = new_game()?;
        let seed = opening_seed(how.seed, index, attempt);
        let Some(opening) = random_opening(game.as_mut(), how.plies, seed) else {
            continue;
        };
        let status = game.status(&mut Budget::nodes(BASELINE_LEGALITY_NODES));
        if status != Status::Ongoing {
            continue;
        }
        let kept = match how.margin {
            None => true,
            Some(margin) => score(game.as_ref()).is_some_and(|s| s.abs() <= margin),
        };
        if kept {
            return Ok(opening);
        }
    }
    Err(format!(
        "no opening of {} plies within {} found in {TRIES_PER_OPENING} tries: \
         give a wider --opening-margin or fewer plies",
        how.plies,
        how.margin
            .map_or("any score".to_string(), |m| format!("±{m} centipawns"))
    ))
}

/// Makes the openings of the given indices (see [`generate_one`]), in that order.
pub fn generate(
    indices: impl IntoIterator<Item = usize>,
    how: &Generation,
    new_game: &dyn Fn() -> Result<Box<dyn DynGame + Send>, String>,
    score: &mut dyn FnMut(&dyn DynGame) -> Option<i64>,
) -> Result<Vec<Opening>, String> {
    indices
        .into_iter()
        .map(|i| generate_one(i, how, new_game, score))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chimera_core::Variant;

    fn variant<P: chimera_core::Render + Send + 'static>() -> Variant
    where
        P::Move: Send,
    {
        Variant::of::<P>("test")
    }

    fn maker(v: Variant) -> impl Fn() -> Result<Box<dyn DynGame + Send>, String> {
        move || (v.new_game)(None, None).map_err(|e| e.to_string())
    }

    #[test]
    fn a_suite_reads_and_writes_back() {
        let text = "# a header\n e2e4 e7e5 \n\n d2d4 # a comment\n";
        let suite = parse(text).unwrap();
        assert_eq!(suite, [vec!["e2e4", "e7e5"], vec!["d2d4"]]);
        let written = to_text("chess, 2 openings\nseed 1", &suite);
        assert_eq!(written, "# chess, 2 openings\n# seed 1\ne2e4 e7e5\nd2d4\n");
        assert_eq!(parse(&written).unwrap(), suite);
        assert!(parse("# nothing\n\n").is_err());
        let long = vec!["e2e4"; MAX_OPENING_MOVES + 1].join(" ");
        assert!(parse(&format!("d2d4\n{long}\n"))
            .unwrap_err()
            .starts_with("line 2:"));
    }

    #[test]
    fn openings_are_checked_by_playing_them() {
        let new_game = maker(variant::<chimera_chess::Chess>());
        check(&parse("e2e4 e7e5\nd2d4 d7d5 c2c4").unwrap(), &new_game).unwrap();
        let e = check(&parse("e2e4\ne2e4 e2e4").unwrap(), &new_game).unwrap_err();
        assert!(e.starts_with("opening 2: move 2 `e2e4`"), "{e}");
        // Fool's mate: the game is over after it.
        let e = check(&parse("f2f3 e7e5 g2g4 d8h4").unwrap(), &new_game).unwrap_err();
        assert!(e.contains("over after it"), "{e}");
    }

    #[test]
    fn random_openings_follow_the_seed_and_end_between_turns() {
        let new_game = maker(variant::<chimera_chess::Chess>());
        let mut a = new_game().unwrap();
        let mut b = new_game().unwrap();
        let first = random_opening(a.as_mut(), 6, 42).unwrap();
        assert_eq!(first.len(), 6);
        assert_eq!(random_opening(b.as_mut(), 6, 42).unwrap(), first);
        check(std::slice::from_ref(&first), &new_game).unwrap();
        let other = random_opening(new_game().unwrap().as_mut(), 6, 43).unwrap();
        assert_ne!(other, first);
        // Tiling Rider: a ply is a whole turn (White's first turn 4 actions, Black's 8).
        let tiling = maker(variant::<chimera_tiling_rider::TilingRider>());
        let mut game = tiling().unwrap();
        let opening = random_opening(game.as_mut(), 2, 7).unwrap();
        assert_eq!(opening.len(), 12, "{opening:?}");
        assert_eq!(game.turn(), Color::White);
    }

    #[test]
    fn balanced_generation_keeps_what_the_scorer_accepts() {
        let new_game = maker(variant::<chimera_chess::Chess>());
        let how = Generation {
            plies: 4,
            margin: Some(50),
            seed: 9,
        };
        // A scorer that finds every position with a white pawn on e4 lopsided.
        let mut asked = 0;
        let mut score = |game: &dyn DynGame| {
            asked += 1;
            Some(
                if game.moves_played().iter().any(|m| m.starts_with("e2e4")) {
                    500
                } else {
                    0
                },
            )
        };
        let suite = generate(0..8, &how, &new_game, &mut score).unwrap();
        assert!(asked >= 8);
        assert_eq!(suite.len(), 8);
        assert!(suite.iter().all(|o| !o.iter().any(|m| m == "e2e4")));
        // Opening 5 alone is opening 5 of the whole suite (a shard's pairs).
        let mut score = |_: &dyn DynGame| Some(0);
        let again = generate([5], &how, &new_game, &mut score).unwrap();
        let mut score = |_: &dyn DynGame| Some(0);
        let all = generate(0..8, &how, &new_game, &mut score).unwrap();
        assert_eq!(again[0], all[5]);
        // Nothing acceptable: an error, after a bounded number of tries.
        let mut never = |_: &dyn DynGame| None;
        let e = generate([0], &how, &new_game, &mut never).unwrap_err();
        assert!(e.contains("no opening of 4 plies within ±50"), "{e}");
    }
}
