//! `chimera show`.

use super::{game_json, to_text, Survey};
use crate::{new_game_within, Failure, Format, GameArgs, Io, Limit, MovesArg};
use serde_json::Value;
use std::path::Path;

pub fn run(
    io: &mut Io<'_>,
    args: &GameArgs,
    moves: &MovesArg,
    format: Format,
    output: Option<&Path>,
    limit: Limit,
) -> Result<(), Failure> {
    let game = new_game_within(args, moves, limit)?;
    let survey = Survey::of(game.as_ref(), limit);
    let text = match format {
        Format::Text => {
            let mut text = game.text_diagram();
            if !text.ends_with('\n') {
                text.push('\n');
            }
            text.push_str(&format!(
                "Position: {}\n{}\n",
                game.position_text(),
                survey.status_line()
            ));
            text
        }
        Format::Svg => {
            let mut svg = game.svg();
            if !svg.ends_with('\n') {
                svg.push('\n');
            }
            // The picture's own caption cannot know what the budget left undecided: the
            // status line goes in as a comment, and to standard error when it matters.
            let comment = format!(
                "<!-- chimera: {} -->\n",
                survey.status_line().replace("--", "- -")
            );
            let at = svg.rfind("</svg>").unwrap_or(svg.len());
            svg.insert_str(at, &comment);
            if !survey.is_complete() {
                writeln!(io.err, "note: {}", survey.status_line())?;
            }
            svg
        }
        Format::Json => to_text(&Value::Object(game_json(game.as_ref(), &survey))),
    };
    match output {
        None => io.out.write_all(text.as_bytes())?,
        Some(path) => {
            std::fs::write(path, &text)
                .map_err(|e| Failure::input(format!("cannot write {}: {e}", path.display())))?;
            writeln!(io.err, "wrote {} ({} bytes)", path.display(), text.len())?;
        }
    }
    Ok(())
}
