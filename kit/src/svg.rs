//! [`Scene`]: a picture of a position described as cells, pieces, highlights, arrows and
//! text, written as one SVG document by [`Scene::to_svg`].
//!
//! Every cell is a polygon with a stable name (the name the variant's notation uses, such
//! as `e4`), written both as the element's `id` (`cell-e4`, made safe for XML ids) and as a
//! `data-cell="e4"` attribute with the class `cell` (as `chimera serve`'s page looks for), so that a web page can tell which cell was clicked. All text
//! goes through one escaping function, [`escape`].
//!
//! ```
//! use chimera_kit::svg::Scene;
//! let mut scene = Scene::new(100.0, 50.0);
//! scene.cell("a1", &[(0.0, 0.0), (50.0, 0.0), (50.0, 50.0), (0.0, 50.0)], "#eee");
//! scene.cell("b1", &[(50.0, 0.0), (100.0, 0.0), (100.0, 50.0), (50.0, 50.0)], "#999");
//! scene.piece((25.0, 25.0), "♔", "#fff", 40.0);
//! scene.highlight("b1", "#ff0", 0.5);
//! scene.arrow((25.0, 25.0), (75.0, 25.0), "#00f");
//! scene.caption("White: K<a1>");
//! let svg = scene.to_svg();
//! assert!(svg.starts_with("<svg"));
//! assert!(svg.contains(r#"id="cell-a1" class="cell" data-cell="a1""#));
//! assert!(svg.contains("K&lt;a1&gt;"));
//! ```

use std::fmt::Write;

/// A point in picture units (x to the right, y downwards).
pub type Point = (f64, f64);

/// The corners of an axis-aligned rectangle with its top-left corner at `(x, y)`, clockwise
/// on the screen: a square cell is `rect(x, y, size, size)`.
pub fn rect(x: f64, y: f64, width: f64, height: f64) -> [Point; 4] {
    [
        (x, y),
        (x + width, y),
        (x + width, y + height),
        (x, y + height),
    ]
}

/// Text made safe for XML character data and attribute values: `&`, `<`, `>`, `"` and `'`
/// become entities, and control characters other than tab and newline are dropped.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' => out.push(c),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// A cell name as an XML id: `cell-` followed by the name with every character outside
/// `A-Za-z0-9-_.` replaced by `_` (so `a1` is `cell-a1`).
pub fn cell_id(name: &str) -> String {
    let mut id = String::from("cell-");
    id.extend(name.chars().map(|c| {
        if c.is_ascii_alphanumeric() || "-_.".contains(c) {
            c
        } else {
            '_'
        }
    }));
    id
}

#[derive(Clone, Debug)]
struct CellShape {
    name: String,
    points: Vec<Point>,
    fill: String,
}

#[derive(Clone, Debug)]
enum Item {
    Highlight {
        cell: usize,
        color: String,
        opacity: f64,
    },
    Ring {
        at: Point,
        radius: f64,
        color: String,
        dash: Option<String>,
    },
    Piece {
        at: Point,
        glyph: String,
        fill: String,
        size: f64,
    },
    Disc {
        at: Point,
        radius: f64,
        fill: String,
        label: String,
        ink: String,
    },
    Arrow {
        from: Point,
        to: Point,
        color: String,
    },
    Label {
        at: Point,
        text: String,
        size: f64,
    },
    Area {
        points: Vec<Point>,
        fill: String,
    },
    Tint {
        points: Vec<Point>,
        color: String,
        opacity: f64,
    },
    Frame {
        points: Vec<Point>,
        stroke: String,
        width: f64,
    },
    Annulus {
        at: Point,
        outer: f64,
        inner: f64,
        fill: String,
        stroke: String,
    },
}

/// A picture under construction; see the [module docs](self).
#[derive(Clone, Debug)]
pub struct Scene {
    width: f64,
    height: f64,
    background: String,
    cells: Vec<CellShape>,
    /// The items in drawing order, each with its CSS class if it was given one.
    items: Vec<(Item, Option<String>)>,
    captions: Vec<String>,
    outline: Option<(String, f64)>,
}

fn fmt_num(x: f64) -> String {
    let r = (x * 100.0).round() / 100.0;
    if r == r.trunc() {
        format!("{}", r as i64)
    } else {
        format!("{r}")
    }
}

fn points_attr(points: &[Point]) -> String {
    points
        .iter()
        .map(|&(x, y)| format!("{},{}", fmt_num(x), fmt_num(y)))
        .collect::<Vec<_>>()
        .join(" ")
}

fn centroid(points: &[Point]) -> Point {
    let n = points.len().max(1) as f64;
    let (sx, sy) = points
        .iter()
        .fold((0.0, 0.0), |(a, b), &(x, y)| (a + x, b + y));
    (sx / n, sy / n)
}

impl Scene {
    /// An empty picture of `width × height` units (captions add space below).
    pub fn new(width: f64, height: f64) -> Self {
        Scene {
            width,
            height,
            background: "#f7f3ea".into(),
            cells: Vec::new(),
            items: Vec::new(),
            captions: Vec::new(),
            outline: None,
        }
    }

    /// Sets the background colour.
    pub fn background(&mut self, color: &str) -> &mut Self {
        self.background = color.into();
        self
    }

    /// Draws every cell's edges in `color`, `width` units wide (by default cells have no
    /// outline: neighbouring colours tell them apart).
    pub fn outline(&mut self, color: &str, width: f64) -> &mut Self {
        self.outline = Some((color.into(), width));
        self
    }

    /// Adds a cell: a polygon with a stable `name`, filled with `fill`. Returns its index.
    pub fn cell(&mut self, name: &str, points: &[Point], fill: &str) -> usize {
        self.cells.push(CellShape {
            name: name.into(),
            points: points.to_vec(),
            fill: fill.into(),
        });
        self.cells.len() - 1
    }

    /// The centre (average of corners) of the cell called `name`, if there is one.
    pub fn center(&self, name: &str) -> Option<Point> {
        self.cells
            .iter()
            .find(|c| c.name == name)
            .map(|c| centroid(&c.points))
    }

    /// Tints the cell called `name` (if there is one) with `color` at `opacity`, drawn
    /// over the cells and under the pieces.
    pub fn highlight(&mut self, name: &str, color: &str, opacity: f64) -> &mut Self {
        if let Some(cell) = self.cells.iter().position(|c| c.name == name) {
            self.push(Item::Highlight {
                cell,
                color: color.into(),
                opacity,
            });
        }
        self
    }

    /// A ring of `radius` around a point (a king in check, a selected piece).
    pub fn ring(&mut self, at: Point, radius: f64, color: &str) -> &mut Self {
        self.push(Item::Ring {
            at,
            radius,
            color: color.into(),
            dash: None,
        });
        self
    }

    /// A dashed ring of `radius` around a point, `dash` as SVG's `stroke-dasharray` (`"4 3"`):
    /// a piece that moved this turn.
    pub fn dashed_ring(&mut self, at: Point, radius: f64, color: &str, dash: &str) -> &mut Self {
        self.push(Item::Ring {
            at,
            radius,
            color: color.into(),
            dash: Some(dash.into()),
        });
        self
    }

    /// A piece drawn as a text glyph (a chess figurine, a letter) centred on `at`.
    pub fn piece(&mut self, at: Point, glyph: &str, fill: &str, size: f64) -> &mut Self {
        self.push(Item::Piece {
            at,
            glyph: glyph.into(),
            fill: fill.into(),
            size,
        });
        self
    }

    /// A piece drawn as a disc with a short label (for pieces that have no glyph).
    pub fn disc(
        &mut self,
        at: Point,
        radius: f64,
        fill: &str,
        label: &str,
        ink: &str,
    ) -> &mut Self {
        self.push(Item::Disc {
            at,
            radius,
            fill: fill.into(),
            label: label.into(),
            ink: ink.into(),
        });
        self
    }

    /// An arrow from one point to another (the last move).
    pub fn arrow(&mut self, from: Point, to: Point, color: &str) -> &mut Self {
        self.push(Item::Arrow {
            from,
            to,
            color: color.into(),
        });
        self
    }

    /// A small text at a point: a coordinate at the board's edge.
    pub fn label(&mut self, at: Point, text: &str, size: f64) -> &mut Self {
        self.push(Item::Label {
            at,
            text: text.into(),
            size,
        });
        self
    }

    /// A filled polygon that is not a cell (a hole in the board, a river): drawn over the
    /// cells, in the order of the other items, and never clickable.
    pub fn area(&mut self, points: &[Point], fill: &str) -> &mut Self {
        self.push(Item::Area {
            points: points.to_vec(),
            fill: fill.into(),
        });
        self
    }

    /// A polygon that is not a cell tinted with `color` at `opacity` (a region spanning
    /// several cells), drawn over the cells and never clickable.
    pub fn tint(&mut self, points: &[Point], color: &str, opacity: f64) -> &mut Self {
        self.push(Item::Tint {
            points: points.to_vec(),
            color: color.into(),
            opacity,
        });
        self
    }

    /// The edge of a polygon, unfilled, `width` units wide in `stroke` (a tile spanning two
    /// cells, a group of cells that moves as one); never clickable.
    pub fn frame(&mut self, points: &[Point], stroke: &str, width: f64) -> &mut Self {
        self.push(Item::Frame {
            points: points.to_vec(),
            stroke: stroke.into(),
            width,
        });
        self
    }

    /// Gives the item added last the CSS class `class` (written as a group around it), so
    /// that a page or a test can find the items of one kind. Does nothing before any item.
    pub fn class(&mut self, class: &str) -> &mut Self {
        if let Some((_, c)) = self.items.last_mut() {
            *c = Some(class.into());
        }
        self
    }

    fn push(&mut self, item: Item) {
        self.items.push((item, None));
    }

    /// A filled ring between radii `outer` and `inner` around `at` (a disc when `inner` is
    /// 0), outlined in `stroke`: one ring of a piece drawn as concentric rings.
    pub fn annulus(
        &mut self,
        at: Point,
        outer: f64,
        inner: f64,
        fill: &str,
        stroke: &str,
    ) -> &mut Self {
        self.push(Item::Annulus {
            at,
            outer,
            inner,
            fill: fill.into(),
            stroke: stroke.into(),
        });
        self
    }

    /// A line of text under the picture (whose turn it is, what the last move did).
    pub fn caption(&mut self, text: &str) -> &mut Self {
        self.captions.push(text.into());
        self
    }

    /// The whole SVG document.
    pub fn to_svg(&self) -> String {
        let (w, h) = (self.width, self.height + 24.0 * self.captions.len() as f64);
        let mut s = String::with_capacity(256 + 160 * (self.cells.len() + self.items.len()));
        let _ = writeln!(
            s,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="DejaVu Sans, Noto Sans Symbols2, sans-serif">"#,
            w = fmt_num(w),
            h = fmt_num(h)
        );
        let _ = writeln!(
            s,
            r#"<rect width="{}" height="{}" fill="{}"/>"#,
            fmt_num(w),
            fmt_num(h),
            escape(&self.background)
        );
        if let Some((color, width)) = &self.outline {
            let _ = writeln!(
                s,
                r#"<g stroke="{}" stroke-width="{}" stroke-linejoin="round">"#,
                escape(color),
                fmt_num(*width)
            );
        }
        for c in &self.cells {
            let _ = writeln!(
                s,
                r#"<polygon id="{}" class="cell" data-cell="{}" points="{}" fill="{}"/>"#,
                escape(&cell_id(&c.name)),
                escape(&c.name),
                points_attr(&c.points),
                escape(&c.fill)
            );
        }
        if self.outline.is_some() {
            s.push_str("</g>\n");
        }
        for (item, class) in &self.items {
            if let Some(class) = class {
                let _ = write!(s, r#"<g class="{}">"#, escape(class));
            }
            self.write_item(&mut s, item);
            if class.is_some() {
                s.push_str("</g>\n");
            }
        }
        for (i, text) in self.captions.iter().enumerate() {
            let _ = writeln!(
                s,
                r##"<text x="{}" y="{}" font-size="16" text-anchor="middle" fill="#333">{}</text>"##,
                fmt_num(w / 2.0),
                fmt_num(self.height + 18.0 + 24.0 * i as f64),
                escape(text)
            );
        }
        s.push_str("</svg>\n");
        s
    }

    fn write_item(&self, s: &mut String, item: &Item) {
        let _ = match item {
            Item::Highlight {
                cell,
                color,
                opacity,
            } => write_tint(s, &self.cells[*cell].points, color, *opacity),
            Item::Ring {
                at,
                radius,
                color,
                dash,
            } => writeln!(
                s,
                r#"<circle cx="{}" cy="{}" r="{}" fill="none" stroke="{}" stroke-width="4"{} pointer-events="none"/>"#,
                fmt_num(at.0),
                fmt_num(at.1),
                fmt_num(*radius),
                escape(color),
                dash.as_ref()
                    .map(|d| format!(r#" stroke-dasharray="{}""#, escape(d)))
                    .unwrap_or_default()
            ),
            Item::Piece {
                at,
                glyph,
                fill,
                size,
            } => writeln!(
                s,
                r##"<text x="{}" y="{}" font-size="{}" text-anchor="middle" dominant-baseline="central" fill="{}" stroke="#000" stroke-width="1" pointer-events="none">{}</text>"##,
                fmt_num(at.0),
                fmt_num(at.1),
                fmt_num(*size),
                escape(fill),
                escape(glyph)
            ),
            Item::Disc {
                at,
                radius,
                fill,
                label,
                ink,
            } => writeln!(
                s,
                r##"<g pointer-events="none"><circle cx="{x}" cy="{y}" r="{}" fill="{}" stroke="#000" stroke-width="1.5"/><text x="{x}" y="{y}" font-size="{}" text-anchor="middle" dominant-baseline="central" fill="{}">{}</text></g>"##,
                fmt_num(*radius),
                escape(fill),
                fmt_num(radius * 0.9),
                escape(ink),
                escape(label),
                x = fmt_num(at.0),
                y = fmt_num(at.1),
            ),
            Item::Arrow { from, to, color } => write_arrow(s, *from, *to, color),
            Item::Label { at, text, size } => writeln!(
                s,
                r##"<text x="{}" y="{}" font-size="{}" text-anchor="middle" dominant-baseline="central" fill="#555" pointer-events="none">{}</text>"##,
                fmt_num(at.0),
                fmt_num(at.1),
                fmt_num(*size),
                escape(text)
            ),
            Item::Area { points, fill } => writeln!(
                s,
                r#"<polygon points="{}" fill="{}" pointer-events="none"/>"#,
                points_attr(points),
                escape(fill)
            ),
            Item::Tint {
                points,
                color,
                opacity,
            } => write_tint(s, points, color, *opacity),
            Item::Frame {
                points,
                stroke,
                width,
            } => writeln!(
                s,
                r#"<polygon points="{}" fill="none" stroke="{}" stroke-width="{}" stroke-linejoin="round" pointer-events="none"/>"#,
                points_attr(points),
                escape(stroke),
                fmt_num(*width)
            ),
            Item::Annulus {
                at,
                outer,
                inner,
                fill,
                stroke,
            } => write_annulus(s, *at, (*outer, *inner), fill, stroke),
        };
    }
}

/// A polygon tinted with `color` at `opacity` (a highlighted cell, a region).
fn write_tint(s: &mut String, points: &[Point], color: &str, opacity: f64) -> std::fmt::Result {
    writeln!(
        s,
        r#"<polygon points="{}" fill="{}" fill-opacity="{}" pointer-events="none"/>"#,
        points_attr(points),
        escape(color),
        fmt_num(opacity)
    )
}

/// An arrow from `from` to `to`: a line and a triangular head.
fn write_arrow(s: &mut String, from: Point, to: Point, color: &str) -> std::fmt::Result {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let len = (dx * dx + dy * dy).sqrt().max(1e-9);
    let (ux, uy) = (dx / len, dy / len);
    let head = 14.0_f64.min(len / 2.0);
    let base = (to.0 - ux * head, to.1 - uy * head);
    let (px, py) = (-uy * head * 0.6, ux * head * 0.6);
    writeln!(
        s,
        r#"<g pointer-events="none" opacity="0.8"><line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{c}" stroke-width="5"/><polygon points="{}" fill="{c}"/></g>"#,
        fmt_num(from.0),
        fmt_num(from.1),
        fmt_num(base.0),
        fmt_num(base.1),
        points_attr(&[to, (base.0 + px, base.1 + py), (base.0 - px, base.1 - py)]),
        c = escape(color)
    )
}

/// A filled ring (a disc when `inner` is 0) centred at `at`, as one even-odd path.
fn write_annulus(
    s: &mut String,
    at: Point,
    (outer, inner): (f64, f64),
    fill: &str,
    stroke: &str,
) -> std::fmt::Result {
    let circle = |r: f64| {
        format!(
            "M {} {} a {r} {r} 0 1 0 {} 0 a {r} {r} 0 1 0 {} 0 Z",
            fmt_num(at.0 - r),
            fmt_num(at.1),
            fmt_num(2.0 * r),
            fmt_num(-2.0 * r),
            r = fmt_num(r)
        )
    };
    let path = if inner > 0.0 {
        format!("{} {}", circle(outer), circle(inner))
    } else {
        circle(outer)
    };
    writeln!(
        s,
        r#"<path d="{path}" fill="{}" stroke="{}" stroke-width="1.5" fill-rule="evenodd" pointer-events="none"/>"#,
        escape(fill),
        escape(stroke)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_everything_once() {
        assert_eq!(
            escape(r#"<a href="x">&'"#),
            "&lt;a href=&quot;x&quot;&gt;&amp;&apos;"
        );
        assert_eq!(escape("a\u{0}b"), "ab");
    }

    #[test]
    fn cell_ids_are_xml_names() {
        assert_eq!(cell_id("e4"), "cell-e4");
        assert_eq!(cell_id("x\"<y"), "cell-x__y");
    }

    #[test]
    fn every_cell_has_its_id_and_elements_balance() {
        let mut scene = Scene::new(80.0, 80.0);
        for i in 0..4 {
            let (x, y) = ((i % 2) as f64 * 40.0, (i / 2) as f64 * 40.0);
            let name = format!("c{i}");
            scene.cell(&name, &rect(x, y, 40.0, 40.0), "#ccc");
        }
        scene
            .highlight("c3", "#ff0", 0.5)
            .highlight("nowhere", "#f00", 1.0);
        scene
            .ring((20.0, 20.0), 18.0, "red")
            .disc((60.0, 60.0), 15.0, "#fff", "T&", "#000");
        scene
            .label((5.0, 5.0), "a", 10.0)
            .arrow((20.0, 20.0), (60.0, 60.0), "#00f");
        scene
            .area(&[(0.0, 0.0), (10.0, 0.0), (0.0, 10.0)], "#666")
            .annulus((60.0, 20.0), 15.0, 10.0, "#fff", "#000")
            .annulus((60.0, 20.0), 5.0, 0.0, "#fff", "#000");
        let svg = scene.to_svg();
        assert_eq!(svg.matches("<path").count(), 2);
        assert!(svg.contains(r#"d="M 45 20 a 15 15 0 1 0 30 0 a 15 15 0 1 0 -30 0 Z M 50 20"#));
        for i in 0..4 {
            assert!(svg.contains(&format!(r#"id="cell-c{i}" class="cell" data-cell="c{i}""#)));
        }
        assert!(svg.contains("T&amp;"));
        assert_eq!(svg.matches("<g").count(), svg.matches("</g>").count());
        assert_eq!(svg.matches("<text").count(), svg.matches("</text>").count());
        assert!(svg.trim_end().ends_with("</svg>"));
        assert_eq!(scene.center("c3"), Some((60.0, 60.0)));
        assert!(!svg.contains("stroke-linejoin"));
        let square = [(0.0, 0.0), (40.0, 0.0), (40.0, 40.0), (0.0, 40.0)];
        let mut tagged = scene.clone();
        tagged
            .class("last-annulus")
            .tint(&square, "#fff", 0.25)
            .frame(&square, "#6a1b9a", 4.0)
            .class("aggregate")
            .dashed_ring((20.0, 20.0), 18.0, "#d62728", "4 3")
            .class("moved");
        let tagged = tagged.to_svg();
        assert_eq!(
            tagged.matches(r#"<g class="aggregate"><polygon"#).count(),
            1
        );
        // A class names the item added just before it: here the second annulus.
        assert_eq!(
            tagged.matches(r#"<g class="last-annulus"><path"#).count(),
            1
        );
        assert_eq!(
            Scene::new(1.0, 1.0)
                .class("x")
                .to_svg()
                .matches("class")
                .count(),
            0
        );
        assert!(tagged.contains(r##"fill="none" stroke="#6a1b9a" stroke-width="4""##));
        assert!(tagged.contains(r##"fill="#fff" fill-opacity="0.25""##));
        assert!(tagged.contains(r#"<g class="moved"><circle"#));
        assert!(tagged.contains(r#"stroke-dasharray="4 3""#));
        assert_eq!(tagged.matches("<g").count(), tagged.matches("</g>").count());
        scene.outline("#432", 1.5);
        let outlined = scene.to_svg();
        assert!(
            outlined.contains(r##"<g stroke="#432" stroke-width="1.5" stroke-linejoin="round">"##)
        );
        assert_eq!(
            outlined.matches("<g").count(),
            outlined.matches("</g>").count()
        );
    }
}
