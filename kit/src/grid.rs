//! Grid position texts: the board field of a FEN-like text, read and written one way.
//!
//! The board is written row by row from the top row (the highest rank) down, rows separated
//! by `/`. In a row, a piece is one character (the variant maps characters to pieces), a
//! run of empty cells is its length in decimal digits (`8`, or `10` on a wider board), and a
//! cell that is not part of the board (a hole, for boards that are not rectangles) is the
//! hole character (`*` on Turret Chess's Gustavian board).
//!
//! Cells are numbered `rank * files + file`, rank 0 being the bottom row (the last row
//! written), file 0 the left column.
//!
//! ```
//! use chimera_kit::grid::GridFormat;
//! let format = GridFormat::new(4, 2);
//! let piece = |c: char| "KkPp".contains(c).then_some(c);
//! let cells = format.read("1k2/PK2", piece).unwrap();
//! assert_eq!(cells[0], Some('P'));
//! assert_eq!(cells[5], Some('k'));
//! assert_eq!(format.write(|i| cells[i], |&c| c), "1k2/PK2");
//! let err = format.read("1k2/PX2", piece).unwrap_err();
//! assert_eq!(err.place, "row 2 (rank 1), column 2");
//! ```

use chimera_core::{ParsePositionError, PositionErrorKind};

/// A board's hole character and the test of which cells are holes.
type Holes = (char, fn(usize) -> bool);

/// The shape of a grid: its width and height in cells, and which cells are holes.
#[derive(Clone, Copy, Debug)]
pub struct GridFormat {
    /// Cells per row.
    pub files: usize,
    /// Rows.
    pub ranks: usize,
    hole: Option<Holes>,
}

impl GridFormat {
    /// A full rectangle of `files × ranks` cells.
    pub const fn new(files: usize, ranks: usize) -> Self {
        GridFormat {
            files,
            ranks,
            hole: None,
        }
    }

    /// The same grid with holes: `is_hole(cell)` tells which cells are not on the board;
    /// the text writes each of them as `hole`, and a reader requires exactly that.
    pub const fn with_holes(mut self, hole: char, is_hole: fn(usize) -> bool) -> Self {
        self.hole = Some((hole, is_hole));
        self
    }

    fn is_hole(&self, cell: usize) -> bool {
        self.hole.is_some_and(|(_, f)| f(cell))
    }

    /// Reads a board field into one entry per cell (`None`: empty or hole), calling
    /// `piece` on each piece character. Errors name the row and column (both counted from
    /// 1 as written, with the rank) and what was wrong.
    pub fn read<T>(
        &self,
        text: &str,
        piece: impl Fn(char) -> Option<T>,
    ) -> Result<Vec<Option<T>>, ParsePositionError> {
        let rows: Vec<&str> = text.split('/').collect();
        if rows.len() != self.ranks {
            return Err(ParsePositionError::of_kind(
                PositionErrorKind::Syntax,
                "board field",
                format!("{} rows where the board has {}", rows.len(), self.ranks),
            ));
        }
        let mut cells: Vec<Option<T>> = (0..self.files * self.ranks).map(|_| None).collect();
        for (r, row) in rows.iter().enumerate() {
            let rank = self.ranks - 1 - r;
            self.read_row(row, r, rank, &piece, &mut cells)?;
        }
        Ok(cells)
    }

    fn read_row<T>(
        &self,
        row: &str,
        r: usize,
        rank: usize,
        piece: &impl Fn(char) -> Option<T>,
        cells: &mut [Option<T>],
    ) -> Result<(), ParsePositionError> {
        let place = |col: usize| format!("row {} (rank {}), column {}", r + 1, rank + 1, col + 1);
        let mut file = 0;
        let mut chars = row.chars().peekable();
        while let Some(c) = chars.next() {
            if file >= self.files {
                return Err(ParsePositionError::of_kind(
                    PositionErrorKind::Syntax,
                    place(file),
                    format!("more than {} cells in the row", self.files),
                ));
            }
            if let Some(d) = c.to_digit(10) {
                let mut run = d as usize;
                while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                    run = run.saturating_mul(10).saturating_add(d as usize);
                    chars.next();
                }
                if run == 0 || run > self.files - file {
                    return Err(ParsePositionError::of_kind(
                        PositionErrorKind::Syntax,
                        place(file),
                        format!("a run of {run} empty cells does not fit the row"),
                    ));
                }
                if let Some(h) = (file..file + run).find(|&f| self.is_hole(rank * self.files + f)) {
                    return Err(ParsePositionError::of_kind(
                        PositionErrorKind::Syntax,
                        place(h),
                        "this cell is not on the board (write the hole character)",
                    ));
                }
                file += run;
                continue;
            }
            let cell = rank * self.files + file;
            match self.hole {
                Some((h, _)) if c == h => {
                    if !self.is_hole(cell) {
                        return Err(ParsePositionError::of_kind(
                            PositionErrorKind::Syntax,
                            place(file),
                            format!("`{h}` marks a hole, but this cell is on the board"),
                        ));
                    }
                }
                _ if self.is_hole(cell) => {
                    return Err(ParsePositionError::of_kind(
                        PositionErrorKind::Syntax,
                        place(file),
                        format!(
                            "this cell is not on the board: expected `{}`",
                            self.hole.map_or('*', |h| h.0)
                        ),
                    ))
                }
                _ => {
                    cells[cell] = Some(piece(c).ok_or_else(|| {
                        ParsePositionError::of_kind(
                            PositionErrorKind::BadPiece,
                            place(file),
                            format!("`{c}` is not a piece"),
                        )
                    })?);
                }
            }
            file += 1;
        }
        if file != self.files {
            return Err(ParsePositionError::of_kind(
                PositionErrorKind::Syntax,
                place(file),
                format!("the row has {file} cells, not {}", self.files),
            ));
        }
        Ok(())
    }

    /// Writes a board field, the inverse of [`GridFormat::read`]: `at(cell)` is the piece
    /// on a cell, `letter` its character.
    pub fn write<T>(&self, at: impl Fn(usize) -> Option<T>, letter: impl Fn(&T) -> char) -> String {
        let mut out = String::with_capacity(self.files * self.ranks);
        for rank in (0..self.ranks).rev() {
            let mut empty = 0;
            for file in 0..self.files {
                let cell = rank * self.files + file;
                let glyph = if self.is_hole(cell) {
                    self.hole.map(|h| h.0)
                } else {
                    at(cell).map(|p| letter(&p))
                };
                match glyph {
                    None => empty += 1,
                    Some(c) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push(c);
                    }
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out
    }
}

/// Reads a counter field (a move number, a clock) that must lie in `min..=max`. A variant
/// chooses `max` so that any counter it writes after a legal move reads back: a counter
/// that the game increments has no upper bound but `u32::MAX`, and the writer saturates.
pub fn read_counter(
    field: &str,
    name: &str,
    min: u32,
    max: u32,
) -> Result<u32, ParsePositionError> {
    let n: u32 = field.parse().map_err(|_| {
        ParsePositionError::of_kind(
            PositionErrorKind::BadCounter,
            name,
            format!("`{}` is not a number", chimera_core::excerpt(field)),
        )
    })?;
    if n < min || n > max {
        return Err(ParsePositionError::of_kind(
            PositionErrorKind::BadCounter,
            name,
            format!("{n} is outside {min}..={max}"),
        ));
    }
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn is_hole(cell: usize) -> bool {
        cell % 4 == 0 && cell / 4 == 1
    }

    #[test]
    fn holes_read_and_write() {
        let f = GridFormat::new(4, 2).with_holes('*', is_hole);
        let cells = f.read("*2k/K3", Some).unwrap();
        assert_eq!(cells[7], Some('k'));
        assert_eq!(f.write(|i| cells[i], |&c| c), "*2k/K3");
        assert!(f.read("3k/K3", Some).is_err());
        assert!(f.read("*2k/*3", Some).is_err());
    }

    #[test]
    fn bad_rows_say_where() {
        let f = GridFormat::new(8, 8);
        let p = |c: char| "pk".contains(c).then_some(c);
        assert_eq!(
            f.read("8/8/8", p).unwrap_err().reason,
            "3 rows where the board has 8"
        );
        let e = f.read("8/8/8/8/9/8/8/8", p).unwrap_err();
        assert_eq!(e.place, "row 5 (rank 4), column 1");
        let e = f.read("8/8/8/8/7/8/8/8", p).unwrap_err();
        assert!(e.reason.contains("7 cells"), "{e}");
        assert!(f.read("8/8/8/8/99999999999999999999999/8/8/8", p).is_err());
        assert!(f.read("8/8/8/8/0p7/8/8/8", p).is_err());
    }

    #[test]
    fn wide_runs_use_several_digits() {
        let f = GridFormat::new(12, 1);
        let cells = f.read("p10k", Some).unwrap();
        assert_eq!(cells[11], Some('k'));
        assert_eq!(f.write(|i| cells[i], |&c| c), "p10k");
    }
}
