//! Ending games early by the engines' own scores, as cutechess-cli's `-resign` and `-draw`
//! do: `--resign SCORE/MOVES` gives the game to a side when both engines agree that it is
//! won (for MOVES moves of each side, the loser's own score at most -SCORE and the
//! winner's at least +SCORE: cutechess's "twosided"), and `--draw PLY/SCORE/MOVES` draws it
//! after PLY plies when both scores stay within ±SCORE for MOVES moves of each side.
//!
//! A move is a turn: in Tiling Rider, where a turn has several actions, the score of the
//! turn's last search counts. A mate score is beyond any SCORE. A side whose player gives
//! no score (a baseline, an external engine that sent no `info … score`) breaks every
//! run, so a game against a baseline is never adjudicated by scores.

use super::played::End;
use chimera_engine::Score;
use std::fmt;
use std::str::FromStr;

/// The largest SCORE of `--resign` and `--draw`, in centipawns.
pub const MAX_SCORE: u32 = 100_000;
/// The largest MOVES of `--resign` and `--draw`.
pub const MAX_MOVES: u32 = 10_000;

/// `--resign SCORE/MOVES`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResignRule {
    /// The score (centipawns) beyond which both engines must see the game.
    pub score: u32,
    /// For how many consecutive moves of each side.
    pub moves: u32,
}

/// `--draw PLY/SCORE/MOVES`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRule {
    /// The plies (turns) played, the opening's included, before a game may be drawn.
    pub plies: u32,
    /// The score (centipawns) within which both engines must see the game.
    pub score: u32,
    /// For how many consecutive moves of each side.
    pub moves: u32,
}

/// Reads `text`'s `/`-separated whole numbers, `names` naming them for errors.
fn numbers(text: &str, names: &[&str], example: &str) -> Result<Vec<u32>, String> {
    let usage = format!(
        "give {} as whole numbers separated by `/`, e.g. {example}",
        names.join("/")
    );
    let parts: Vec<&str> = text.trim().split('/').map(str::trim).collect();
    if parts.len() != names.len() {
        return Err(format!("`{}`: {usage}", chimera_core::excerpt(text)));
    }
    parts
        .iter()
        .zip(names)
        .map(|(part, name)| {
            part.parse::<u32>().map_err(|_| {
                format!(
                    "`{}`: {name} `{}` is not a whole number; {usage}",
                    chimera_core::excerpt(text),
                    chimera_core::excerpt(part)
                )
            })
        })
        .collect()
}

/// Checks that `value`, the `name` of a setting, is within `range`.
fn within(name: &str, value: u32, range: std::ops::RangeInclusive<u32>) -> Result<u32, String> {
    if range.contains(&value) {
        Ok(value)
    } else {
        Err(format!(
            "{name} {value}: give from {} to {}",
            range.start(),
            range.end()
        ))
    }
}

impl FromStr for ResignRule {
    type Err = String;

    /// Reads `SCORE/MOVES`, e.g. `1000/4`: SCORE 1 to [`MAX_SCORE`], MOVES 1 to
    /// [`MAX_MOVES`].
    fn from_str(text: &str) -> Result<ResignRule, String> {
        let n = numbers(text, &["SCORE", "MOVES"], "1000/4")?;
        Ok(ResignRule {
            score: within("SCORE", n[0], 1..=MAX_SCORE)?,
            moves: within("MOVES", n[1], 1..=MAX_MOVES)?,
        })
    }
}

impl FromStr for DrawRule {
    type Err = String;

    /// Reads `PLY/SCORE/MOVES`, e.g. `80/10/8`: PLY 0 to
    /// [`MAX_MAX_PLIES`](super::MAX_MAX_PLIES), SCORE 0 to [`MAX_SCORE`], MOVES 1 to
    /// [`MAX_MOVES`].
    fn from_str(text: &str) -> Result<DrawRule, String> {
        let n = numbers(text, &["PLY", "SCORE", "MOVES"], "80/10/8")?;
        Ok(DrawRule {
            plies: within("PLY", n[0], 0..=super::MAX_MAX_PLIES)?,
            score: within("SCORE", n[1], 0..=MAX_SCORE)?,
            moves: within("MOVES", n[2], 1..=MAX_MOVES)?,
        })
    }
}

impl fmt::Display for ResignRule {
    /// `1000/4`, as `--resign` takes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.score, self.moves)
    }
}

impl fmt::Display for DrawRule {
    /// `80/10/8`, as `--draw` takes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}/{}", self.plies, self.score, self.moves)
    }
}

/// A match's adjudication by scores: `--resign`, `--draw`, either, both or neither (the
/// default: every game is played to its end by the rules or `--max-plies`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Adjudication {
    /// `--resign SCORE/MOVES`.
    pub resign: Option<ResignRule>,
    /// `--draw PLY/SCORE/MOVES`.
    pub draw: Option<DrawRule>,
}

impl Adjudication {
    /// Whether neither rule is set.
    pub fn is_off(&self) -> bool {
        self.resign.is_none() && self.draw.is_none()
    }

    /// As the command line gives it, `--resign 1000/4 --draw 80/10/8`; `None` when off.
    pub fn describe(&self) -> Option<String> {
        let mut parts = Vec::new();
        if let Some(r) = self.resign {
            parts.push(format!("--resign {r}"));
        }
        if let Some(d) = self.draw {
            parts.push(format!("--draw {d}"));
        }
        (!parts.is_empty()).then(|| parts.join(" "))
    }
}

/// A score as the rules compare it: centipawns, a mate beyond any of them (and beyond
/// any centipawn score, with room to negate).
fn level(score: Score) -> i64 {
    const MATE: i64 = 1 << 40;
    match score {
        Score::Centipawns(cp) => i64::from(cp),
        Score::WinIn(_) => MATE,
        Score::LossIn(_) => -MATE,
    }
}

/// One game's watch over the scores: each side's current runs of moves, and the turn
/// under way.
#[derive(Clone, Debug)]
pub struct Adjudicator {
    rules: Adjudication,
    /// Each side's (0 a, 1 b) consecutive moves with its own score at most -SCORE.
    losing: [u32; 2],
    /// Each side's consecutive moves with its own score at least +SCORE.
    winning: [u32; 2],
    /// Each side's consecutive moves with its own score within ±SCORE (`--draw`).
    level: [u32; 2],
    /// The turn under way: the side and its last search's score (`None`: no score).
    turn: Option<(usize, Option<Score>)>,
}

impl Adjudicator {
    /// A watch for a new game under `rules`.
    pub fn new(rules: Adjudication) -> Adjudicator {
        Adjudicator {
            rules,
            losing: [0; 2],
            winning: [0; 2],
            level: [0; 2],
            turn: None,
        }
    }

    /// A search of `side` (0 a, 1 b) in its turn under way, with its own score (`None`:
    /// its player gives none). A later search of the same turn replaces it.
    pub fn note(&mut self, side: usize, score: Option<Score>) {
        self.turn = Some((side, score));
    }

    /// The turn under way is over, `plies` turns have been played (the opening's
    /// included): counts its score into its side's runs, and says how the game ends if a
    /// rule now adjudicates it.
    pub fn turn_over(&mut self, plies: usize) -> Option<End> {
        let (side, score) = self.turn.take()?;
        let level = score.map(level);
        let count = |run: &mut u32, holds: bool| *run = if holds { *run + 1 } else { 0 };
        if let Some(r) = self.rules.resign {
            let s = i64::from(r.score);
            count(&mut self.losing[side], level.is_some_and(|l| l <= -s));
            count(&mut self.winning[side], level.is_some_and(|l| l >= s));
        }
        if let Some(d) = self.rules.draw {
            let s = i64::from(d.score);
            count(&mut self.level[side], level.is_some_and(|l| l.abs() <= s));
        }
        self.decide(plies)
    }

    /// How the game ends if a rule adjudicates it now.
    fn decide(&self, plies: usize) -> Option<End> {
        if let Some(r) = self.rules.resign {
            for loser in 0..2 {
                let winner = 1 - loser;
                if self.losing[loser] >= r.moves && self.winning[winner] >= r.moves {
                    return Some(End::Adjudicated {
                        winner: Some(winner),
                        why: format!(
                            "resign: both scores beyond {} for {} moves",
                            r.score, r.moves
                        ),
                    });
                }
            }
        }
        if let Some(d) = self.rules.draw {
            if plies >= d.plies as usize && self.level.iter().all(|&n| n >= d.moves) {
                return Some(End::Adjudicated {
                    winner: None,
                    why: format!(
                        "draw: both scores within {} for {} moves after {} plies",
                        d.score, d.moves, d.plies
                    ),
                });
            }
        }
        None
    }
}

/// The games a match adjudicated by scores: won by a, won by b, drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AdjudicatedCounts {
    /// Won by a (`--resign`).
    pub a_wins: u64,
    /// Won by b (`--resign`).
    pub b_wins: u64,
    /// Drawn (`--draw`).
    pub draws: u64,
}

/// The start of the ending of a game won by adjudication ([`super::Played::ending`]).
pub const WIN_BY_ADJUDICATION: &str = "win by adjudication";
/// The start of the ending of a game drawn by adjudication.
pub const DRAW_BY_ADJUDICATION: &str = "draw by adjudication";

impl AdjudicatedCounts {
    /// Counts a game that ended `ending` (as [`super::Played::ending`] words it) with a's
    /// score `a_score`; other endings are passed over.
    pub fn add(&mut self, ending: &str, a_score: f64) {
        if ending.starts_with(WIN_BY_ADJUDICATION) {
            if a_score > 0.5 {
                self.a_wins += 1;
            } else {
                self.b_wins += 1;
            }
        } else if ending.starts_with(DRAW_BY_ADJUDICATION) {
            self.draws += 1;
        }
    }

    /// The games counted.
    pub fn total(&self) -> u64 {
        self.a_wins + self.b_wins + self.draws
    }

    /// `5 (a won 3, b won 1, drawn 1)`.
    pub fn text(&self) -> String {
        format!(
            "{} (a won {}, b won {}, drawn {})",
            self.total(),
            self.a_wins,
            self.b_wins,
            self.draws
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CP: fn(i32) -> Option<Score> = |cp| Some(Score::Centipawns(cp));

    fn rules(resign: &str, draw: &str) -> Adjudication {
        Adjudication {
            resign: (!resign.is_empty()).then(|| resign.parse().unwrap()),
            draw: (!draw.is_empty()).then(|| draw.parse().unwrap()),
        }
    }

    /// `n` turns' scores, a's `a` and b's `b` alternately, a first.
    fn alternating(n: usize, a: Option<Score>, b: Option<Score>) -> Vec<Option<Score>> {
        (0..n).map(|i| if i % 2 == 0 { a } else { b }).collect()
    }

    /// Plays turns alternately, a first, each with its side's score; returns the ply at
    /// which the game was adjudicated, and how.
    fn play(rules: Adjudication, scores: &[Option<Score>]) -> Option<(usize, End)> {
        let mut adj = Adjudicator::new(rules);
        for (ply, &score) in scores.iter().enumerate() {
            adj.note(ply % 2, score);
            if let Some(end) = adj.turn_over(ply + 1) {
                return Some((ply + 1, end));
            }
        }
        None
    }

    #[test]
    fn settings_read_write_back_and_refuse_bad_values() {
        let r: ResignRule = "1000/4".parse().unwrap();
        assert_eq!(
            r,
            ResignRule {
                score: 1000,
                moves: 4
            }
        );
        assert_eq!(r.to_string(), "1000/4");
        let d: DrawRule = " 80 / 10 / 8 ".parse().unwrap();
        assert_eq!(
            d,
            DrawRule {
                plies: 80,
                score: 10,
                moves: 8
            }
        );
        assert_eq!(d.to_string(), "80/10/8");
        assert_eq!(
            rules("1000/4", "80/10/8").describe().as_deref(),
            Some("--resign 1000/4 --draw 80/10/8")
        );
        assert_eq!(Adjudication::default().describe(), None);
        assert!(Adjudication::default().is_off());
        let e = "1000".parse::<ResignRule>().unwrap_err();
        assert!(e.contains("SCORE/MOVES"), "{e}");
        let e = "1000/x".parse::<ResignRule>().unwrap_err();
        assert!(e.contains("MOVES `x` is not a whole number"), "{e}");
        assert!("0/4".parse::<ResignRule>().unwrap_err().contains("SCORE 0"));
        assert!("1000/0"
            .parse::<ResignRule>()
            .unwrap_err()
            .contains("MOVES 0"));
        assert!("-5/4".parse::<ResignRule>().is_err());
        assert!("80/10"
            .parse::<DrawRule>()
            .unwrap_err()
            .contains("PLY/SCORE/MOVES"));
        assert!("80/10/0"
            .parse::<DrawRule>()
            .unwrap_err()
            .contains("MOVES 0"));
        assert!("100001/10/8".parse::<DrawRule>().is_err());
        assert!("80/100001/8".parse::<DrawRule>().is_err());
        assert!("0/0/1".parse::<DrawRule>().is_ok());
    }

    #[test]
    fn resign_needs_both_engines_to_agree_for_the_moves_of_each_side() {
        let r = rules("1000/4", "");
        // a sees itself winning, b sees itself losing, four moves each: a wins at ply 8.
        let agree = alternating(10, CP(1200), CP(-1100));
        let (ply, end) = play(r, &agree).unwrap();
        assert_eq!(ply, 8);
        assert_eq!(
            end,
            End::Adjudicated {
                winner: Some(0),
                why: "resign: both scores beyond 1000 for 4 moves".into()
            }
        );
        // The same seen from the other side: b wins.
        let swapped = alternating(10, CP(-1000), CP(1000));
        let (_, end) = play(r, &swapped).unwrap();
        assert!(matches!(
            end,
            End::Adjudicated {
                winner: Some(1),
                ..
            }
        ));
        // The loser alone thinks so: no adjudication (one-sided is not enough).
        let one_sided = alternating(20, CP(300), CP(-1500));
        assert_eq!(play(r, &one_sided), None);
        // A move inside the bound breaks the run: counting starts again.
        let mut broken = agree.clone();
        broken[5] = CP(-999);
        let (ply, _) = play(r, &[broken, agree.clone()].concat()).unwrap();
        assert_eq!(
            ply, 14,
            "b's run restarts at ply 8, its fourth move is ply 14"
        );
        // Mate scores are beyond any bound.
        let mates = alternating(8, Some(Score::WinIn(5)), Some(Score::LossIn(4)));
        assert_eq!(play(r, &mates).unwrap().0, 8);
        // A side without a score (a baseline) never lets it happen.
        let baseline = alternating(20, CP(5000), None);
        assert_eq!(play(r, &baseline), None);
        // Off: nothing is adjudicated.
        assert_eq!(play(Adjudication::default(), &agree), None);
    }

    #[test]
    fn draw_needs_level_scores_after_the_plies() {
        let d = rules("", "20/10/3");
        let level: Vec<_> = (0..40)
            .map(|i| CP(if i % 3 == 0 { -10 } else { 7 }))
            .collect();
        // Level from the start: three moves each by ply 6, but not before ply 20.
        let (ply, end) = play(d, &level).unwrap();
        assert_eq!(ply, 20);
        assert_eq!(
            end,
            End::Adjudicated {
                winner: None,
                why: "draw: both scores within 10 for 3 moves after 20 plies".into()
            }
        );
        // One side's score out of the band restarts its run: a's at ply 19, so its third
        // move after is ply 25.
        let mut wide = level.clone();
        wide[18] = CP(-11);
        assert_eq!(play(d, &wide).unwrap().0, 25);
        // A mate score is beyond the band; a missing score breaks the run.
        let mut mate = level.clone();
        mate[19] = Some(Score::LossIn(30));
        assert_eq!(play(d, &mate).unwrap().0, 26);
        let no_score = alternating(40, CP(0), None);
        assert_eq!(play(d, &no_score), None);
        // With both rules, a won position is resigned, not drawn.
        let both = rules("500/2", "0/10/2");
        let won = alternating(6, CP(-600), CP(700));
        let (_, end) = play(both, &won).unwrap();
        assert!(matches!(
            end,
            End::Adjudicated {
                winner: Some(1),
                ..
            }
        ));
    }

    #[test]
    fn adjudicated_endings_are_counted_by_winner() {
        let mut c = AdjudicatedCounts::default();
        c.add(
            "win by adjudication (resign: both scores beyond 1000 for 4 moves)",
            1.0,
        );
        c.add("win by adjudication (resign: …)", 0.0);
        c.add("draw by adjudication (draw: …)", 0.5);
        c.add("win by checkmate", 1.0);
        c.add("adjudicated draw (400 plies)", 0.5);
        assert_eq!(
            c,
            AdjudicatedCounts {
                a_wins: 1,
                b_wins: 1,
                draws: 1
            }
        );
        assert_eq!(c.text(), "3 (a won 1, b won 1, drawn 1)");
    }
}
