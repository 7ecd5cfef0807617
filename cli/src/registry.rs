//! The variants the program knows. Adding a variant is one line here (and its crate in
//! `Cargo.toml`).

use crate::commands::bestmove::{search, Computer, EngineComputer, Report};
use crate::Failure;
use chimera_core::{rules_from_name, DynGame, Game, Position, Render, SetupError, Variant};
use chimera_engine::Limits;

/// Every variant the program knows, in the order `chimera variants` lists them.
pub fn variants() -> Vec<Variant> {
    vec![
        Variant::of::<chimera_turtle_shell::TurtleShell>(
            "Turtle Shell Chess (Sam Trenholme): 64 squares and triangles; win by checkmate, stalemate or a king in the end zone",
        ),
        Variant::of::<chimera_turret::TurretChess>(
            "Turret Chess (M. Winther): chess on the 68-cell Gustavian board with sling-throwing Turrets and extended castling",
        ),
        Variant::of::<chimera_turnover::Turnover>(
            "Turnover Chess (L. J. Patrocinio Filho): stacks of rings that split, merge and turn over; no check, lose your Castles and you lose",
        ),
        Variant::of::<chimera_triagonal::Triagonal>(
            "Triagonal Chess ((zzo38) A. Black): an 8x8x8 cube less a hole, triagonal moves, Jacks placed two at a time; no check, capture the king or reach its start cell",
        ),
        Variant::of::<chimera_tiling_rider::TilingRider>(
            "Tiling Rider Chess: 18x16 basket-weave tiles, four like pieces ride as one, giant kings, progressive turns of several moves",
        ),
    ]
}

/// The variant called `name` (case-insensitive).
pub fn find(name: &str) -> Option<Variant> {
    variants()
        .into_iter()
        .find(|v| v.name.eq_ignore_ascii_case(name))
}

/// The known variants' names, comma separated.
pub fn names() -> String {
    variants()
        .iter()
        .map(|v| v.name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Searches a game for its best move (see `chimera bestmove`).
pub type SearchFn = fn(&dyn DynGame, &Limits) -> Result<Report, Failure>;

/// The search of the variant called `name` (as [`DynGame::variant`] names it): the
/// `chimera-engine` search is generic over the variant's position type, so each variant
/// has one line here, as in [`variants`].
pub fn searcher(name: &str) -> Option<SearchFn> {
    use chimera_tiling_rider::TilingRider;
    use chimera_triagonal::Triagonal;
    use chimera_turnover::Turnover;
    use chimera_turret::TurretChess;
    use chimera_turtle_shell::TurtleShell;
    let all: [(&str, SearchFn); 5] = [
        (TurtleShell::VARIANT, search::<TurtleShell>),
        (TurretChess::VARIANT, search::<TurretChess>),
        (Turnover::VARIANT, search::<Turnover>),
        (Triagonal::VARIANT, search::<Triagonal>),
        (TilingRider::VARIANT, search::<TilingRider>),
    ];
    all.into_iter().find(|(n, _)| *n == name).map(|(_, f)| f)
}

/// Starts a game that may move between threads (as [`chimera_core::NewGame`], whose games
/// need not be `Send`): `chimera serve` keeps many games and answers on many threads.
pub type NewSendGame =
    fn(Option<&str>, Option<&str>) -> Result<Box<dyn DynGame + Send>, SetupError>;

fn new_send_game_of<P: Render + Send + 'static>(
    rules: Option<&str>,
    position: Option<&str>,
) -> Result<Box<dyn DynGame + Send>, SetupError>
where
    P::Move: Send,
{
    let rules = rules_from_name::<P::Rules>(rules)?;
    let start = match position {
        None => P::start(rules),
        Some(text) => P::from_text(text, rules)?,
    };
    Ok(Box::new(Game::new(start)))
}

/// How to start a game of the variant called `name` (as [`DynGame::variant`] names it)
/// that may move between threads; one line per variant, as in [`variants`].
pub fn new_send_game(name: &str) -> Option<NewSendGame> {
    use chimera_tiling_rider::TilingRider;
    use chimera_triagonal::Triagonal;
    use chimera_turnover::Turnover;
    use chimera_turret::TurretChess;
    use chimera_turtle_shell::TurtleShell;
    let all: [(&str, NewSendGame); 5] = [
        (TurtleShell::VARIANT, new_send_game_of::<TurtleShell>),
        (TurretChess::VARIANT, new_send_game_of::<TurretChess>),
        (Turnover::VARIANT, new_send_game_of::<Turnover>),
        (Triagonal::VARIANT, new_send_game_of::<Triagonal>),
        (TilingRider::VARIANT, new_send_game_of::<TilingRider>),
    ];
    all.into_iter().find(|(n, _)| *n == name).map(|(_, f)| f)
}

/// Makes a [`Computer`].
pub type NewComputer = fn() -> Box<dyn Computer>;

/// A computer player (the `chimera-engine` search, keeping its table between moves) for
/// the variant called `name` (as [`DynGame::variant`] names it).
pub fn computer(name: &str) -> Option<Box<dyn Computer>> {
    use chimera_tiling_rider::TilingRider;
    use chimera_triagonal::Triagonal;
    use chimera_turnover::Turnover;
    use chimera_turret::TurretChess;
    use chimera_turtle_shell::TurtleShell;
    let all: [(&str, NewComputer); 5] = [
        (TurtleShell::VARIANT, || {
            Box::new(EngineComputer::<TurtleShell>::new())
        }),
        (TurretChess::VARIANT, || {
            Box::new(EngineComputer::<TurretChess>::new())
        }),
        (Turnover::VARIANT, || {
            Box::new(EngineComputer::<Turnover>::new())
        }),
        (Triagonal::VARIANT, || {
            Box::new(EngineComputer::<Triagonal>::new())
        }),
        (TilingRider::VARIANT, || {
            Box::new(EngineComputer::<TilingRider>::new())
        }),
    ];
    all.into_iter().find(|(n, _)| *n == name).map(|(_, f)| f())
}

/// A baseline player (`random` or `greedy`, from the `chimera-engine` crate) as a
/// [`Computer`] for the variant called `name`, its choices drawn from a generator seeded
/// with `seed`. `chimera match` measures the engine against these.
pub fn baseline(
    name: &str,
    kind: chimera_engine::baseline::BaselineKind,
    seed: u64,
) -> Option<Box<dyn Computer>> {
    use crate::commands::matches::BaselineComputer;
    use chimera_tiling_rider::TilingRider;
    use chimera_triagonal::Triagonal;
    use chimera_turnover::Turnover;
    use chimera_turret::TurretChess;
    use chimera_turtle_shell::TurtleShell;
    type NewBaseline = fn(chimera_engine::baseline::BaselineKind, u64) -> Box<dyn Computer>;
    let all: [(&str, NewBaseline); 5] = [
        (TurtleShell::VARIANT, |k, s| {
            Box::new(BaselineComputer::<TurtleShell>::new(k, s))
        }),
        (TurretChess::VARIANT, |k, s| {
            Box::new(BaselineComputer::<TurretChess>::new(k, s))
        }),
        (Turnover::VARIANT, |k, s| {
            Box::new(BaselineComputer::<Turnover>::new(k, s))
        }),
        (Triagonal::VARIANT, |k, s| {
            Box::new(BaselineComputer::<Triagonal>::new(k, s))
        }),
        (TilingRider::VARIANT, |k, s| {
            Box::new(BaselineComputer::<TilingRider>::new(k, s))
        }),
    ];
    all.into_iter()
        .find(|(n, _)| *n == name)
        .map(|(_, f)| f(kind, seed))
}
