//! `chimera moves`.

use super::{capitalise, game_json, to_text, Survey};
use crate::setup::wrap;
use crate::{new_game_within, Failure, GameArgs, Io, Limit, MovesArg};
use chimera_core::{excerpt, DynGame, Status};
use clap::Args;
use serde_json::Value;
use std::io::Write;

/// Which moves `chimera moves` prints: `--from CELL`, `--limit N`.
#[derive(Clone, Debug, Default, Args)]
pub struct Filter {
    /// Only the moves of the piece on this cell (e.g. C2; in Tiling Rider any square of a
    /// unit names the unit's aggregate or king).
    #[arg(long, value_name = "CELL", conflicts_with = "json")]
    pub from: Option<String>,
    /// Print at most N moves (of each list: the proven and the undecided); a line says how
    /// many there are in all.
    #[arg(long, value_name = "N", conflicts_with = "json", value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    pub limit: Option<u64>,
}

impl Filter {
    /// The moves of `list` that start on the `--from` cell (all of them without `--from`).
    fn select(&self, game: &dyn DynGame, list: &[String]) -> Vec<String> {
        let Some(cell) = &self.from else {
            return list.to_vec();
        };
        list.iter()
            .filter(|mv| starts_on(game, mv, cell))
            .cloned()
            .collect()
    }
}

/// Whether the move `mv` moves a piece from `cell`: the cell is in the move's
/// second-to-last click (the piece to move, before its destination; a single click's
/// cells for a move of one click), as `chimera serve`'s page clicks it. A variant that
/// names no clicks is matched by the move's text starting with the cell.
fn starts_on(game: &dyn DynGame, mv: &str, cell: &str) -> bool {
    let same = |c: &String| c.eq_ignore_ascii_case(cell);
    match game.move_cells(mv) {
        Some(cells) if !cells.picks.is_empty() => {
            let n = cells.picks.len();
            cells.picks[n.saturating_sub(2)].iter().any(same)
        }
        _ => mv
            .get(..cell.len())
            .is_some_and(|start| start.eq_ignore_ascii_case(cell)),
    }
}

/// `1 legal move`, `8 legal moves`.
fn moves_word(n: usize, word: &str) -> String {
    match n {
        1 => format!("1 {word}"),
        _ => format!("{n} {word}s"),
    }
}

/// Refuses a `--from` cell the board does not have (its picture names every cell).
fn check_cell(game: &dyn DynGame, cell: &str) -> Result<(), Failure> {
    let svg = game.svg();
    let known = svg
        .split("data-cell=\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .any(|name| name.eq_ignore_ascii_case(cell));
    if known || !svg.contains("data-cell=") {
        return Ok(());
    }
    Err(Failure::input(format!(
        "--from: {} has no cell `{}`",
        game.variant(),
        excerpt(cell)
    )))
}

/// Prints `list` wrapped, at most `limit` of it, and a line saying how many were left out.
fn write_list(out: &mut dyn Write, list: &[String], limit: Option<u64>) -> Result<(), Failure> {
    let shown = limit.map_or(list.len(), |n| list.len().min(n as usize));
    if shown > 0 {
        writeln!(out, "{}", wrap(&list[..shown], 78, ""))?;
    }
    if shown < list.len() {
        writeln!(
            out,
            "({shown} of {} shown; a larger --limit shows more)",
            list.len()
        )?;
    }
    Ok(())
}

pub fn run(
    io: &mut Io<'_>,
    args: &GameArgs,
    moves: &MovesArg,
    json: bool,
    filter: &Filter,
    limit: Limit,
) -> Result<(), Failure> {
    let game = new_game_within(args, moves, limit)?;
    if let Some(cell) = &filter.from {
        check_cell(game.as_ref(), cell)?;
    }
    let mut survey = Survey::of(game.as_ref(), limit);
    let all = survey.listing.legal.len();
    survey.listing.legal = filter.select(game.as_ref(), &survey.listing.legal);
    survey.listing.undecided = filter.select(game.as_ref(), &survey.listing.undecided);
    if json {
        let mut map = game_json(game.as_ref(), &survey);
        map.shift_remove("moves_played");
        io.out.write_all(to_text(&Value::Object(map)).as_bytes())?;
        return Ok(());
    }
    let (legal, undecided) = (&survey.listing.legal, &survey.listing.undecided);
    let side = capitalise(&game.turn().to_string());
    match survey.status {
        Status::Over(outcome) => writeln!(io.out, "No legal moves: the game is over: {outcome}")?,
        Status::Undecided if undecided.is_empty() => writeln!(
            io.out,
            "No legal moves ({side} to move): the game is over, but its outcome was not \
             decided within the {limit} budget; {}.",
            limit.advice()
        )?,
        _ => {
            let proven = if survey.status == Status::Undecided {
                " proven"
            } else {
                ""
            };
            let count = match &filter.from {
                Some(cell) => format!(
                    "{} of {} start on {}",
                    legal.len(),
                    moves_word(all, "legal move"),
                    excerpt(cell)
                ),
                None => moves_word(legal.len(), "legal move"),
            };
            writeln!(io.out, "{count}{proven} ({side} to move):")?;
            write_list(io.out, legal, filter.limit)?;
        }
    }
    if !undecided.is_empty() {
        write_undecided(io.out, &survey, filter.limit)?;
    }
    Ok(())
}

/// The moves the budget left undecided, and a word on what the budget, not the rules, left
/// open.
fn write_undecided(
    out: &mut dyn Write,
    survey: &Survey,
    shown: Option<u64>,
) -> Result<(), Failure> {
    let (undecided, limit) = (&survey.listing.undecided, survey.limit);
    writeln!(
        out,
        "{} undecided moves (neither proven legal nor illegal within the {limit} budget):",
        undecided.len()
    )?;
    write_list(out, undecided, shown)?;
    writeln!(
        out,
        "The budget, not the rules, left {} undecided{}: {}.",
        if undecided.len() == 1 {
            "1 move".to_string()
        } else {
            format!("{} moves", undecided.len())
        },
        if survey.status == Status::Undecided {
            " (and so whether the game is over)"
        } else {
            ""
        },
        limit.advice()
    )?;
    Ok(())
}
