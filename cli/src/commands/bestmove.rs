//! `chimera bestmove`: the computer's choice of move in a position, with its score and
//! principal variation.

use super::to_text;
use crate::{new_game, registry, Failure, GameArgs, Io, MovesArg};
use chimera_engine::{Limits, Score};
use serde_json::json;

fn score_json(score: Score) -> serde_json::Value {
    match score {
        Score::Centipawns(cp) => json!({"kind": "centipawns", "value": cp}),
        Score::WinIn(n) => json!({"kind": "win", "plies": n}),
        Score::LossIn(n) => json!({"kind": "loss", "plies": n}),
    }
}

pub fn run(
    io: &mut Io<'_>,
    args: &GameArgs,
    moves: &MovesArg,
    limits: &Limits,
    json: bool,
) -> Result<(), Failure> {
    let game = new_game(args, moves)?;
    let search = registry::searcher(game.variant())
        .ok_or_else(|| Failure::input(format!("{}: no computer opponent yet", game.variant())))?;
    let report = search(game.as_ref(), limits)?;
    let ms = report.elapsed.as_secs_f64() * 1000.0;
    if json {
        let value = json!({
            "variant": game.variant(),
            "rules": game.rules_name(),
            "position": game.position_text(),
            "turn": game.turn().to_string(),
            "best_move": report.best_move,
            "score": score_json(report.score),
            "score_text": report.score.to_string(),
            "pv": report.pv,
            "depth": report.depth,
            "seldepth": report.seldepth,
            "nodes": report.nodes,
            "time_ms": (ms * 1000.0).round() / 1000.0,
            "nps": report.nps,
            "stopped": report.stopped,
        });
        io.out.write_all(to_text(&value).as_bytes())?;
        return Ok(());
    }
    writeln!(io.out, "bestmove {}", report.best_move)?;
    writeln!(
        io.out,
        "score    {} (for {}, to move; {})",
        report.score,
        game.turn(),
        chimera_arena::player::white_view(report.score, game.turn())
    )?;
    writeln!(io.out, "pv       {}", report.pv.join(" "))?;
    writeln!(
        io.out,
        "depth    {} (selective {}){}",
        report.depth,
        report.seldepth,
        if report.depth == 0 {
            "; the limit came before the first iteration ended: the move is the best seen so far"
        } else {
            ""
        }
    )?;
    writeln!(io.out, "nodes    {}", report.nodes)?;
    writeln!(io.out, "time     {ms:.0} ms")?;
    writeln!(io.out, "nps      {}", report.nps)?;
    Ok(())
}
