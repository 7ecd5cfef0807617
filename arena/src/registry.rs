//! The variants the program knows. Adding a variant is one line in [`entries`] (and its
//! crate in `Cargo.toml`): [`entry`] derives everything the program needs (the game, its
//! search, a computer and baseline players) from the position type.

use crate::player::{search, BaselineComputer, Computer, EngineComputer, Report};
use crate::Error;
use chimera_core::{DynGame, Evaluate, Render, Variant};
use chimera_engine::baseline::BaselineKind;
use chimera_engine::Limits;

/// Every variant the program knows, in the order `chimera variants` lists them.
pub fn entries() -> Vec<Entry> {
    vec![
        entry::<chimera_turtle_shell::TurtleShell>(
            "Turtle Shell Chess (Sam Trenholme): 64 squares and triangles; win by checkmate, stalemate or a king in the end zone",
        ),
        entry::<chimera_turret::Turret>(
            "Turret Chess (M. Winther): chess on the 68-cell Gustavian board with sling-throwing Turrets and extended castling",
        ),
        entry::<chimera_turnover::Turnover>(
            "Turnover Chess (L. J. Patrocinio Filho): stacks of rings that split, merge and turn over; no check, lose your Castles and you lose",
        ),
        entry::<chimera_triagonal::Triagonal>(
            "Triagonal Chess ((zzo38) A. Black): an 8x8x8 cube less a hole, triagonal moves, Jacks placed two at a time; no check, capture the king or reach its start cell",
        ),
        entry::<chimera_tiling_rider::TilingRider>(
            "Tiling Rider Chess: 18x16 basket-weave tiles, four like pieces ride as one, giant kings, progressive turns of several moves",
        ),
        entry::<chimera_chess::Chess>(
            "Orthodox chess (FIDE Laws of Chess): the template variant, built with chimera-kit alone",
        ),
    ]
}

/// Searches a game for its best move (see `chimera bestmove`).
pub type SearchFn = fn(&dyn DynGame, &Limits) -> Result<Report, Error>;

/// Makes a [`Computer`].
pub type NewComputer = fn() -> Box<dyn Computer>;

/// Makes a baseline player of a kind, its choices drawn from a generator with a seed.
pub type NewBaseline = fn(BaselineKind, u64) -> Box<dyn Computer>;

/// One variant as the program knows it.
pub struct Entry {
    /// Its name, line of description and rule sets, and how to make a game.
    pub variant: Variant,
    /// The `chimera-engine` search over its position type.
    pub search: SearchFn,
    /// A computer player (the engine, keeping its table between moves).
    pub computer: NewComputer,
    /// A baseline player (`random` or `greedy`).
    pub baseline: NewBaseline,
}

/// The entry of the variant whose position type is `P`; `about` is the line
/// `chimera variants` shows.
pub fn entry<P: Evaluate + Render + Send + 'static>(about: &'static str) -> Entry
where
    P::Move: Send,
{
    Entry {
        variant: Variant::of::<P>(about),
        search: search::<P>,
        computer: || Box::new(EngineComputer::<P>::new()),
        baseline: |kind, seed| Box::new(BaselineComputer::<P>::new(kind, seed)),
    }
}

/// Every variant the program knows, in the order `chimera variants` lists them.
pub fn variants() -> Vec<Variant> {
    entries().into_iter().map(|e| e.variant).collect()
}

/// The variant called `name` (case-insensitive).
pub fn find(name: &str) -> Option<Variant> {
    variants()
        .into_iter()
        .find(|v| v.name.eq_ignore_ascii_case(name))
}

/// The variant called `name` (case-insensitive), or the error that says it is unknown and
/// names the known ones.
pub fn lookup(name: &str) -> Result<Variant, String> {
    find(name).ok_or_else(|| {
        format!(
            "unknown variant `{}`; known variants: {}",
            chimera_core::excerpt(name),
            names()
        )
    })
}

/// The known variants' names, comma separated.
pub fn names() -> String {
    variants()
        .iter()
        .map(|v| v.name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The entry of the variant called exactly `name` (as [`DynGame::variant`] names it).
fn named(name: &str) -> Option<Entry> {
    entries().into_iter().find(|e| e.variant.name == name)
}

/// The search of the variant called `name` (as [`DynGame::variant`] names it).
pub fn searcher(name: &str) -> Option<SearchFn> {
    named(name).map(|e| e.search)
}

/// A computer player (the `chimera-engine` search, keeping its table between moves) for
/// the variant called `name` (as [`DynGame::variant`] names it).
pub fn computer(name: &str) -> Option<Box<dyn Computer>> {
    named(name).map(|e| (e.computer)())
}

/// A baseline player (`random` or `greedy`, from the `chimera-engine` crate) as a
/// [`Computer`] for the variant called `name`, its choices drawn from a generator seeded
/// with `seed`. `chimera match` measures the engine against these.
pub fn baseline(name: &str, kind: BaselineKind, seed: u64) -> Option<Box<dyn Computer>> {
    named(name).map(|e| (e.baseline)(kind, seed))
}

/// How many numbered starts the rule set `rules` of the variant `variant` draws from when
/// a game is played without a chosen start (Turtle Shell's option `shuffle`: 90, numbered
/// 0–89 and written `start N` in a position text); `None` when the rule set has one start.
pub fn numbered_starts(variant: &str, rules: Option<&str>) -> Option<u32> {
    let shuffled = variant.eq_ignore_ascii_case("turtle-shell")
        && rules.is_some_and(|name| {
            chimera_turtle_shell::Rules::parse(name).is_ok_and(|rules| rules.shuffle)
        });
    shuffled.then_some(chimera_turtle_shell::SHUFFLE_STARTS)
}
