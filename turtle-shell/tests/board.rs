//! Rules section "Board": the cells, their names, and the board data against the
//! authoritative description `data/turtle-shell-board.json`.

use chimera_turtle_shell::board_data as bd;
use chimera_turtle_shell::Cell;
use std::collections::BTreeSet;

const TABLES: [&str; 8] = ["e", "ep", "w", "wp", "n", "np", "s", "sp"];

fn names(mask: u64) -> BTreeSet<String> {
    Cell::ALL
        .iter()
        .filter(|c| mask & c.bit() != 0)
        .map(|c| c.name().to_string())
        .collect()
}

fn json_names(v: &serde_json::Value) -> BTreeSet<String> {
    v.as_array()
        .expect("a list of cell names")
        .iter()
        .map(|n| n.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn board_data_matches_the_board_description() {
    // The board description lives in the crate (see data/README.md): missing is a failure.
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/turtle-shell-board.json");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read the board description {}: {e}", path.display()));
    let d: serde_json::Value = serde_json::from_str(&text).unwrap();

    // Cells: names, shapes, polygons, centres.
    let cells = d["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 64);
    let mut seen = BTreeSet::new();
    for cell in cells {
        let name = cell["name"].as_str().unwrap();
        let c = Cell::from_name(name).unwrap_or_else(|| panic!("no cell {name}"));
        assert_eq!(c.name(), name);
        assert!(seen.insert(name));
        let square = cell["shape"].as_str().unwrap() == "square";
        assert_eq!(c.is_square(), square, "shape of {name}");
        let poly = cell["polygon"].as_array().unwrap();
        let ours = bd::POLYGONS[c.index()];
        assert_eq!(poly.len(), ours.len(), "corners of {name}");
        assert_eq!(poly.len(), if square { 4 } else { 3 });
        for (p, &(x, y)) in poly.iter().zip(ours) {
            let px = p[0].as_f64().unwrap();
            let py = p[1].as_f64().unwrap();
            assert!(
                (px - f64::from(x)).abs() < 1e-4 && (py - f64::from(y)).abs() < 1e-4,
                "{name}"
            );
        }
        let (cx, cy) = bd::CENTRES[c.index()];
        assert!((cell["centre"][0].as_f64().unwrap() - f64::from(cx)).abs() < 1e-4);
        assert!((cell["centre"][1].as_f64().unwrap() - f64::from(cy)).abs() < 1e-4);
    }
    // Numbering: bottom to top by centre, then left to right.
    for i in 1..64 {
        let (ax, ay) = bd::CENTRES[i - 1];
        let (bx, by) = bd::CENTRES[i];
        assert!(
            ay < by - 1e-4 || ((ay - by).abs() < 1e-3 && ax < bx),
            "cells {} {}",
            i - 1,
            i
        );
    }

    // The eight link tables.
    assert_eq!(bd::LINK_NAMES, TABLES);
    for (t, name) in TABLES.iter().enumerate() {
        let theirs: BTreeSet<(String, String)> = d["rook_directions"][name]
            .as_array()
            .unwrap()
            .iter()
            .map(|pair| {
                (
                    pair[0].as_str().unwrap().to_string(),
                    pair[1].as_str().unwrap().to_string(),
                )
            })
            .collect();
        let ours: BTreeSet<(String, String)> = Cell::ALL
            .iter()
            .filter_map(|&c| {
                c.step(t)
                    .map(|n| (c.name().to_string(), n.name().to_string()))
            })
            .collect();
        assert_eq!(ours, theirs, "table {name}");
    }

    // Neighbours.
    for c in Cell::ALL {
        assert_eq!(
            names(bd::GUARD[c.index()]),
            json_names(&d["guard_neighbours"][c.name()]),
            "guard {c}"
        );
        assert_eq!(
            names(bd::KNIGHT[c.index()]),
            json_names(&d["knight_neighbours"][c.name()]),
            "knight {c}"
        );
    }

    // Pawn directions.
    assert_eq!(
        d["pawn_directions"]["white"],
        serde_json::json!(["n", "np"])
    );
    assert_eq!(
        d["pawn_directions"]["black"],
        serde_json::json!(["s", "sp"])
    );

    // Zones.
    let z = &d["zones"];
    assert_eq!(
        names(bd::WHITE_PROMOTION),
        json_names(&z["white_promotion"])
    );
    assert_eq!(names(bd::WHITE_END_ZONE), json_names(&z["white_end_zone"]));
    assert_eq!(
        names(bd::BLACK_PROMOTION),
        json_names(&z["black_promotion"])
    );
    assert_eq!(names(bd::BLACK_END_ZONE), json_names(&z["black_end_zone"]));

    // Setup.
    for (ci, colour) in ["white", "black"].iter().enumerate() {
        for (pi, piece) in ["king", "guard", "knight", "rook", "pawn"]
            .iter()
            .enumerate()
        {
            assert_eq!(
                names(bd::SETUP[ci][pi]),
                json_names(&d["setup"]["standard"][colour][piece]),
                "{colour} {piece}"
            );
        }
    }
}

#[test]
fn board_has_64_cells_22_squares_and_42_triangles() {
    assert_eq!(Cell::ALL.len(), 64);
    assert_eq!(bd::SQUARES.count_ones(), 22);
    assert_eq!(Cell::ALL.iter().filter(|c| !c.is_square()).count(), 42);
}

#[test]
fn cell_names_are_read_in_any_case_and_written_upper_case() {
    assert_eq!(Cell::from_name("e1"), Cell::from_name("E1"));
    let e1 = Cell::from_name("e1").unwrap();
    assert_eq!(e1.name(), "E1");
    assert_eq!(e1.to_string(), "E1");
    assert_eq!(Cell::new(e1.index() as u8), Some(e1));
    assert_eq!(Cell::new(64), None);
    for bad in ["", "E", "A0", "I1", "E10", " E1", "1E", "e1 "] {
        assert_eq!(Cell::from_name(bad), None, "{bad:?}");
    }
    let all: BTreeSet<&str> = Cell::ALL.iter().map(|c| c.name()).collect();
    assert_eq!(all.len(), 64);
    for n in &all {
        let b = n.as_bytes();
        assert!(
            (b'A'..=b'H').contains(&b[0]) && b[1].is_ascii_digit(),
            "{n}"
        );
    }
}

#[test]
fn guard_neighbours_are_the_first_steps_of_the_eight_tables() {
    for c in Cell::ALL {
        let first: u64 = (0..8)
            .filter_map(|t| c.step(t))
            .map(|n| n.bit())
            .fold(0, |a, b| a | b);
        assert_eq!(first, bd::GUARD[c.index()], "{c}");
    }
}

#[test]
fn reverse_tables_are_exact_inverses() {
    for (a, b) in [(0, 2), (1, 3), (4, 6), (5, 7)] {
        for c in Cell::ALL {
            if let Some(n) = c.step(a) {
                assert_eq!(n.step(b), Some(c), "{} then {}", TABLES[a], TABLES[b]);
            }
            if let Some(n) = c.step(b) {
                assert_eq!(n.step(a), Some(c), "{} then {}", TABLES[b], TABLES[a]);
            }
        }
    }
}

#[test]
fn neighbour_relations_are_symmetric_and_disjoint() {
    for a in Cell::ALL {
        assert_eq!(bd::GUARD[a.index()] & bd::KNIGHT[a.index()], 0);
        assert_eq!(bd::GUARD[a.index()] & a.bit(), 0);
        for b in Cell::ALL {
            assert_eq!(
                bd::GUARD[a.index()] & b.bit() != 0,
                bd::GUARD[b.index()] & a.bit() != 0
            );
            assert_eq!(
                bd::KNIGHT[a.index()] & b.bit() != 0,
                bd::KNIGHT[b.index()] & a.bit() != 0
            );
        }
    }
}

#[test]
fn rows_and_files_are_paths_that_never_loop() {
    for (t, name) in TABLES.iter().enumerate() {
        for c in Cell::ALL {
            let mut seen = c.bit();
            let mut x = c;
            while let Some(n) = x.step(t) {
                assert_eq!(seen & n.bit(), 0, "table {name} loops from {c}");
                seen |= n.bit();
                x = n;
            }
        }
    }
}

#[test]
fn files_go_north_and_south_rows_east_and_west() {
    for c in Cell::ALL {
        let (x, y) = bd::CENTRES[c.index()];
        for (t, dx, dy) in [
            (0, 1.0, 0.0),
            (1, 1.0, 0.0),
            (2, -1.0, 0.0),
            (3, -1.0, 0.0),
            (4, 0.0, 1.0),
            (5, 0.0, 1.0),
            (6, 0.0, -1.0),
            (7, 0.0, -1.0),
        ] {
            if let Some(n) = c.step(t) {
                let (nx, ny) = bd::CENTRES[n.index()];
                assert!(
                    (nx - x) * dx + (ny - y) * dy > 0.0,
                    "{} from {c}",
                    TABLES[t]
                );
            }
        }
    }
}
