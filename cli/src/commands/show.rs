//! `chimera show`.

use super::{game_json, status_line, to_text};
use crate::{new_game, Failure, Format, GameArgs, Io, MovesArg};
use serde_json::Value;
use std::path::Path;

pub fn run(
    io: &mut Io<'_>,
    args: &GameArgs,
    moves: &MovesArg,
    format: Format,
    output: Option<&Path>,
) -> Result<(), Failure> {
    let game = new_game(args, moves)?;
    let text = match format {
        Format::Text => {
            let mut text = game.text_diagram();
            if !text.ends_with('\n') {
                text.push('\n');
            }
            text.push_str(&format!(
                "Position: {}\n{}\n",
                game.position_text(),
                status_line(game.as_ref())
            ));
            text
        }
        Format::Svg => {
            let mut svg = game.svg();
            if !svg.ends_with('\n') {
                svg.push('\n');
            }
            svg
        }
        Format::Json => to_text(&Value::Object(game_json(game.as_ref()))),
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
