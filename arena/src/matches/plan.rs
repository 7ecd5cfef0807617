//! What a match settles before its first move: the games this run plays (a slice, with
//! `--shard`), each pair's opening (`--openings K|FILE`), and the external engines checked.

use super::{Player, Setup, Starts};
use crate::openings::{self, Generation, Opening, MAX_OPENING_PLIES};
use crate::player::SAFETY_TIME;
use crate::shard::Shard;
use crate::{registry, Error};
use chimera_core::{DynGame, Variant};
use chimera_engine::{Limits, Score};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// The default `--opening-margin`: random openings a short search scores beyond this many
/// centipawns (either side) are drawn again.
pub const DEFAULT_OPENING_MARGIN: i64 = 100;
/// The nodes of the search that scores a random opening.
pub const OPENING_SEARCH_NODES: u64 = 2_000;

/// Where each pair's opening comes from (`--openings`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpeningSpec {
    /// From the start (`--openings 0`, the default).
    None,
    /// K random plies, kept within a margin (`--openings K`).
    Random {
        /// The plies.
        plies: usize,
        /// The largest score kept, in centipawns; `None`: any.
        margin: Option<i64>,
    },
    /// A suite from a file (`--openings FILE`): pair p plays opening p (modulo the count).
    File(PathBuf),
}

impl OpeningSpec {
    /// Reads `--openings`: a number of plies (0 to [`MAX_OPENING_PLIES`]) or a file name,
    /// with the margin of `--opening-margin` for random openings.
    pub fn parse(text: &str, margin: Option<i64>) -> Result<OpeningSpec, String> {
        let text = text.trim();
        if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
            return match text.parse::<usize>() {
                Ok(0) => Ok(OpeningSpec::None),
                Ok(plies) if plies <= MAX_OPENING_PLIES => {
                    Ok(OpeningSpec::Random { plies, margin })
                }
                _ => Err(format!(
                    "--openings {text}: give from 0 to {MAX_OPENING_PLIES} random plies, or a file"
                )),
            };
        }
        if text.is_empty() {
            return Err("--openings: give a number of plies or a file".into());
        }
        Ok(OpeningSpec::File(PathBuf::from(text)))
    }
}

/// Reads `--opening-margin`: centipawns (0 to 100000), or `none`.
pub fn parse_margin(text: &str) -> Result<Option<i64>, String> {
    let text = text.trim();
    if text.eq_ignore_ascii_case("none") {
        return Ok(None);
    }
    match text.parse::<i64>() {
        Ok(m) if (0..=100_000).contains(&m) => Ok(Some(m)),
        _ => Err("give centipawns from 0 to 100000, or `none`".into()),
    }
}

/// The openings a run plays, by pair.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Openings {
    /// Where they come from, in words (the report, and what slices must share).
    pub source: String,
    /// The plies of a random opening, when they are random.
    pub random_plies: Option<usize>,
    by_pair: BTreeMap<usize, Opening>,
}

impl Openings {
    /// No opening: every game from the start.
    pub fn none() -> Openings {
        Openings {
            source: "none".into(),
            random_plies: None,
            by_pair: BTreeMap::new(),
        }
    }

    /// The moves pair `pair` opens with (none if it has no opening).
    pub fn of_pair(&self, pair: usize) -> &[String] {
        self.by_pair.get(&pair).map_or(&[], Vec::as_slice)
    }

    /// The openings in pair order, as a suite (one per line) that `--openings FILE` reads
    /// back: line p is pair p's when the run played every pair.
    pub fn suite(&self) -> Vec<Opening> {
        self.by_pair.values().cloned().collect()
    }

    /// The openings of `pairs` as `spec` says, for a match in `variant` under `rules`
    /// seeded with `seed`, each pair from its start (`starts`). A file's openings are all
    /// played first (from the start, or, when the pairs' starts differ, each pair's from
    /// its start), and a wrong one reported; random ones are drawn from each pair's start
    /// until a short search finds them balanced.
    pub fn for_pairs(
        spec: &OpeningSpec,
        variant: &Variant,
        rules: Option<&str>,
        (seed, starts): (u64, Starts),
        pairs: &[usize],
    ) -> Result<Openings, Error> {
        let game_of_pair = move |pair: usize| -> Result<Box<dyn DynGame + Send>, String> {
            let start = starts.text_of_pair(seed, pair);
            (variant.new_game)(rules, start.as_deref())
                .map_err(|e| format!("{}: {e}", variant.name))
        };
        match spec {
            OpeningSpec::None => Ok(Openings::none()),
            OpeningSpec::File(path) => {
                let suite =
                    openings::read_file(path).map_err(|e| Error::new(format!("--openings {e}")))?;
                let checked = if starts.vary() {
                    pairs.iter().try_for_each(|&p| {
                        let mut game = game_of_pair(p)?;
                        openings::play_opening(game.as_mut(), &suite[p % suite.len()]).map_err(
                            |e| {
                                format!(
                                    "opening {} from pair {}'s start ({}): {e}",
                                    p % suite.len() + 1,
                                    p + 1,
                                    starts.text_of_pair(seed, p).unwrap_or_default()
                                )
                            },
                        )
                    })
                } else {
                    openings::check(&suite, &|| game_of_pair(0))
                };
                checked.map_err(|e| Error::new(format!("--openings {}: {e}", path.display())))?;
                let by_pair = pairs
                    .iter()
                    .map(|&p| (p, suite[p % suite.len()].clone()))
                    .collect();
                Ok(Openings {
                    source: format!(
                        "file {} ({} openings, fnv {:016x})",
                        path.display(),
                        suite.len(),
                        fnv(&suite)
                    ),
                    random_plies: None,
                    by_pair,
                })
            }
            OpeningSpec::Random { plies, margin } => {
                let how = Generation {
                    plies: *plies,
                    margin: *margin,
                    seed,
                };
                let mut computer = registry::computer(variant.name)
                    .ok_or_else(|| Error::new(format!("{}: no computer player", variant.name)))?;
                let limits = Limits {
                    nodes: Some(OPENING_SEARCH_NODES),
                    time: Some(SAFETY_TIME),
                    ..Limits::default()
                };
                let mut score = |game: &dyn DynGame| -> Option<i64> {
                    computer.clear();
                    match computer.search(game, &limits).ok()?.score {
                        Score::Centipawns(cp) => Some(i64::from(cp)),
                        _ => None,
                    }
                };
                let mut by_pair = BTreeMap::new();
                for &p in pairs {
                    let opening = openings::generate_one(p, &how, &|| game_of_pair(p), &mut score)
                        .map_err(|e| Error::new(format!("--openings: {e}")))?;
                    by_pair.insert(p, opening);
                }
                Ok(Openings {
                    source: format!(
                        "random, {plies} plies, {}",
                        margin.map_or("any score".into(), |m| format!(
                            "within ±{m} centipawns at {OPENING_SEARCH_NODES} nodes"
                        ))
                    ),
                    random_plies: Some(*plies),
                    by_pair,
                })
            }
        }
    }
}

/// The FNV-1a hash of a suite, so that slices can tell they read the same file.
fn fnv(suite: &[Opening]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for opening in suite {
        for byte in opening.join(" ").bytes().chain([b'\n']) {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    hash
}

/// The games of a match of `games` games that slice `shard` plays: those whose pair
/// (`index / 2`) is the slice's.
pub fn game_indices(games: usize, shard: Shard) -> Vec<usize> {
    (0..games).filter(|&i| shard.has_pair(i / 2)).collect()
}

/// The pairs of `indices` (each once, in order).
pub fn pairs_of(indices: &[usize]) -> Vec<usize> {
    let mut pairs: Vec<usize> = indices.iter().map(|i| i / 2).collect();
    pairs.dedup();
    pairs
}

/// Starts each external engine of `setup` once (the handshake, the variant, its options,
/// `ucinewgame`), so that a wrong command or a variant it does not play stops the match
/// before its first game.
pub fn check_players(setup: &Setup) -> Result<(), Error> {
    for (side, player) in setup.players.iter().enumerate() {
        if let Player::External(settings) = player {
            settings
                .player(&setup.uci_variant())
                .new_game()
                .map_err(|e| {
                    Error::new(format!(
                        "--{} cmd={}: {e}",
                        ["a", "b"][side],
                        chimera_core::excerpt(&settings.command_text)
                    ))
                })?;
        }
    }
    Ok(())
}
