//! The kit's conformance tests in one line: random playouts (every legal move plays, the
//! Zobrist key, position and move texts round-trip), parser fuzzing, and the perft data
//! file `perft.epd` (counts up to two million nodes here, all with `--ignored`).
use chimera_turtle_shell::TurtleShell;

// 48 games of 300 plies from each rule set's start (Ko, modified Ko, none) and as many
// from each start of the perft file.
chimera_test_kit::conformance_tests!(TurtleShell, games = 48);
