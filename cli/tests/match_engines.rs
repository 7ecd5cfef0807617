//! `chimera match` between engines through the built binary: external UCI engines
//! (`cmd=`), forfeits of a hung engine, the SPRT stopping a match, balanced and file
//! openings, and a match split into slices that `chimera match-report` merges back.

use crate::common;
use common::{chimera, stderr, stdout};

use std::path::{Path, PathBuf};

/// A fresh folder for this file's test `name` ([`common::temp_dir`]).
fn temp_dir(name: &str) -> PathBuf {
    common::temp_dir("match-engines", name)
}

/// A UCI engine made of `chimera bestmove` (a POSIX shell script): it lists every variant
/// in `UCI_Variant`, keeps the moves of `position startpos moves …`, and answers `go nodes
/// N` with `chimera bestmove VARIANT --moves … --nodes N`. Its log of the lines it read
/// goes to `log`.
const BESTMOVE_ENGINE: &str = r#"chimera="$1"; log="$2"; variant=chess; moves=""
while IFS= read -r line; do
  echo "$line" >> "$log"
  case "$line" in
    uci) echo "id name bestmove-engine"
         echo "option name Hash type spin default 16 min 1 max 64"
         echo "option name UCI_Variant type combo default chess var chess var turtle-shell var turret var turnover var triagonal var tiling-rider"
         echo uciok ;;
    "setoption name UCI_Variant value "*) variant=${line##* } ;;
    isready) echo readyok ;;
    "position startpos") moves="" ;;
    "position startpos moves "*) moves=${line#position startpos moves } ;;
    go*) nodes=$(echo "$line" | sed -n 's/.*nodes \([0-9]*\).*/\1/p')
         best=$("$chimera" bestmove "$variant" --moves "$moves" --nodes "${nodes:-200}" | sed -n 's/^bestmove *//p')
         echo "info depth 1 nodes ${nodes:-200} score cp 0"
         echo "bestmove $best" ;;
    quit) exit 0 ;;
  esac
done
"#;

/// Writes a script into `dir` and gives the `cmd=` text that runs it with `args`.
fn script(dir: &Path, name: &str, text: &str, args: &[&str]) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    let mut cmd = format!("cmd=sh '{}'", path.display());
    for a in args {
        cmd += &format!(" '{a}'");
    }
    cmd
}

fn bestmove_engine(dir: &Path) -> (String, PathBuf) {
    let log = dir.join("engine.log");
    let cmd = script(
        dir,
        "bestmove-engine.sh",
        BESTMOVE_ENGINE,
        &[env!("CARGO_BIN_EXE_chimera"), log.to_str().unwrap()],
    );
    (cmd, log)
}

#[test]
fn an_external_engine_plays_a_match_over_uci() {
    let dir = temp_dir("external");
    let (cmd, log) = bestmove_engine(&dir);
    let save = dir.join("games");
    let a = format!("nodes=300,option.Hash=8,{cmd}");
    let out = chimera(&[
        "match",
        "turret",
        "--games",
        "4",
        "--a",
        &a,
        "--b",
        "greedy",
        "--max-plies",
        "40",
        "--seed",
        "3",
        "--jobs",
        "1",
        "--quiet",
        "--save",
        save.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    for want in [
        "a = nodes=300,option.Hash=8,cmd=sh ",
        "4 games",
        "Pairs by a's points (0, ½, 1, 1½, 2): ",
        "(2 pairs)",
        "Elo (a - b) from the pairs: ",
    ] {
        assert!(text.contains(want), "no `{want}` in:\n{text}");
    }
    let log = std::fs::read_to_string(&log).unwrap();
    for want in [
        "uci",
        "setoption name UCI_Variant value turret",
        "setoption name Hash value 8",
        "ucinewgame",
        "go nodes 300",
    ] {
        assert!(
            log.lines().any(|l| l == want),
            "no `{want}` in the engine's log"
        );
    }
    assert!(log.contains("position startpos moves "), "{log}");
    // Every saved game replays, and the results file says what the table says.
    for i in 1..=4 {
        let file = save.join(format!("game-00{i}.txt"));
        let check = chimera(&["validate", "turret", file.to_str().unwrap()]);
        assert!(check.status.success(), "{}", stdout(&check));
    }
    let results = std::fs::read_to_string(save.join("results.json")).unwrap();
    assert!(
        results.contains("\"format\": \"chimera-match-results/1\""),
        "{results}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_hung_engine_loses_by_forfeit_and_the_match_goes_on() {
    let dir = temp_dir("hung");
    // Answers the handshake and `isready`, never `bestmove`.
    let hung = "while IFS= read -r line; do case \"$line\" in uci) echo uciok ;; isready) echo readyok ;; quit) exit 0 ;; esac; done\n";
    let cmd = script(&dir, "hung.sh", hung, &[]);
    let a = format!("time=0.05s,timeout=0.3s,{cmd}");
    let out = chimera(&[
        "match", "chess", "--games", "2", "--a", &a, "--b", "random", "--seed", "1", "--quiet",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("overall           2      0      0       2"),
        "{text}"
    );
    assert!(text.contains("a forfeits"), "{text}");
    assert!(
        text.contains("no `bestmove` from the engine within"),
        "{text}"
    );
    // A variant the engine does not play: refused before any game.
    let out = chimera(&[
        "match", "turret", "--games", "2", "--a", &a, "--b", "random",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(
        stderr(&out).contains("plays chess only"),
        "{}",
        stderr(&out)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_sprt_stops_the_match_when_it_decides() {
    let out = chimera(&[
        "match", "turret", "--games", "400", "--a", "depth=2", "--b", "random", "--sprt", "elo0=0",
        "elo1=200", "--seed", "1", "--jobs", "2", "--quiet",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("SPRT elo0=0 elo1=200 alpha=0.05 beta=0.05: LLR "),
        "{text}"
    );
    assert!(text.contains("H1 accepted"), "{text}");
    // Games under way when it decided were finished with their pairs: no game alone.
    assert!(text.contains("The SPRT decided after "), "{text}");
    assert!(!text.contains("outside a pair"), "{text}");
    // Stopped long before 400 games: 8 won pairs decide (LLR 3.35 > 2.94).
    let games: u32 = text
        .lines()
        .find_map(|l| l.strip_prefix("overall"))
        .and_then(|l| l.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap();
    assert!((16..=40).contains(&games), "{games} games:\n{text}");
}

#[test]
fn openings_come_from_a_file_or_are_generated_and_saved() {
    let dir = temp_dir("openings");
    let file = dir.join("openings.txt");
    std::fs::write(&file, "# two openings\ne2e4 e7e5\nd2d4 d7d5 c2c4\n").unwrap();
    let save = dir.join("games");
    let out = chimera(&[
        "match",
        "chess",
        "--games",
        "4",
        "--a",
        "nodes=200",
        "--b",
        "greedy",
        "--openings",
        file.to_str().unwrap(),
        "--max-plies",
        "20",
        "--seed",
        "2",
        "--quiet",
        "--save",
        save.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let game = |i: u32| std::fs::read_to_string(save.join(format!("game-00{i}.txt"))).unwrap();
    assert!(game(1).contains("\n1. e2e4 e7e5"), "{}", game(1));
    assert!(game(2).contains("\n1. e2e4 e7e5"), "{}", game(2));
    assert!(game(3).contains("\n1. d2d4 d7d5\n2. c2c4"), "{}", game(3));
    // A wrong move in the file: refused with its opening and move.
    std::fs::write(&file, "e2e4\ne2e4 e2e4\n").unwrap();
    let out = chimera(&[
        "match",
        "chess",
        "--a",
        "random",
        "--b",
        "random",
        "--openings",
        file.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("opening 2: move 2 `e2e4`"),
        "{}",
        stderr(&out)
    );
    // Generated: saved, and read back the same match.
    let gen = dir.join("gen");
    let run = |openings: &str, save: &Path| {
        let out = chimera(&[
            "match",
            "turtle-shell",
            "--games",
            "4",
            "--a",
            "nodes=200",
            "--b",
            "greedy",
            "--openings",
            openings,
            "--max-plies",
            "30",
            "--seed",
            "5",
            "--quiet",
            "--save",
            save.to_str().unwrap(),
        ]);
        assert!(out.status.success(), "{}", stderr(&out));
        stdout(&out)
    };
    let first = run("3", &gen);
    let saved = gen.join("openings.txt");
    let suite = std::fs::read_to_string(&saved).unwrap();
    assert_eq!(
        suite.lines().filter(|l| !l.starts_with('#')).count(),
        2,
        "{suite}"
    );
    let again = run(saved.to_str().unwrap(), &dir.join("again"));
    let table = |t: &str| {
        t.lines()
            .filter(|l| l.starts_with("overall"))
            .collect::<Vec<_>>()
            .join("")
    };
    assert_eq!(table(&first), table(&again));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn shards_merge_into_the_whole_match() {
    let dir = temp_dir("shards");
    let args = |extra: &[&str]| -> Vec<String> {
        let mut v: Vec<String> = [
            "match",
            "turtle-shell",
            "--games",
            "8",
            "--a",
            "nodes=200",
            "--b",
            "greedy",
            "--openings",
            "2",
            "--max-plies",
            "40",
            "--seed",
            "9",
            "--quiet",
            "--jobs",
            "2",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        v.extend(extra.iter().map(|s| s.to_string()));
        v
    };
    let run = |extra: &[&str]| {
        let a = args(extra);
        let refs: Vec<&str> = a.iter().map(String::as_str).collect();
        let out = chimera(&refs);
        assert!(out.status.success(), "{}", stderr(&out));
        stdout(&out)
    };
    let whole = dir.join("whole");
    run(&["--save", whole.to_str().unwrap()]);
    let mut shard_dirs = Vec::new();
    for i in 0..3 {
        let d = dir.join(format!("shard-{i}"));
        let text = run(&["--shard", &format!("{i}/3"), "--save", d.to_str().unwrap()]);
        assert!(text.contains(&format!("slice {i}/3")), "{text}");
        shard_dirs.push(d.to_str().unwrap().to_string());
    }
    let report = |paths: &[&str]| {
        let mut a = vec!["match-report"];
        a.extend(paths);
        let out = chimera(&a);
        assert!(out.status.success(), "{}", stderr(&out));
        stdout(&out)
    };
    let whole_report = report(&[whole.to_str().unwrap()]);
    let refs: Vec<&str> = shard_dirs.iter().map(String::as_str).collect();
    let merged = report(&refs);
    assert!(merged.contains("3 of 3 slices"), "{merged}");
    let pick = |t: &str| {
        t.lines()
            .filter(|l| {
                l.starts_with("overall")
                    || l.starts_with("Pairs by")
                    || l.starts_with("Elo (a - b) from")
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(
        pick(&whole_report),
        pick(&merged),
        "{whole_report}\n----\n{merged}"
    );
    // Two slices only: the missing one is named.
    let partial = report(&refs[..2]);
    assert!(partial.contains("missing: 2"), "{partial}");
    // The same slice twice, or a slice without --save: refused.
    let out = chimera(&["match-report", refs[0], refs[0]]);
    assert_eq!(out.status.code(), Some(2));
    let a = args(&["--shard", "0/3"]);
    let refs: Vec<&str> = a.iter().map(String::as_str).collect();
    let out = chimera(&refs);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--save"), "{}", stderr(&out));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn our_own_engine_plays_over_uci_against_the_engine_in_process() {
    // `chimera engine` (the UCI engine) as a, the same search in process as b, at equal
    // node counts: in Turret, and in Tiling Rider (a turn of several actions, each a `go`)
    // under another rule set (UCI_Variant tiling-rider-wheeler).
    let engine = format!("nodes=400,cmd='{}' engine", env!("CARGO_BIN_EXE_chimera"));
    for (variant, rules, plies) in [
        ("turret", "standard", "60"),
        ("tiling-rider", "wheeler", "4"),
    ] {
        let out = chimera(&[
            "match",
            variant,
            "--rules",
            rules,
            "--games",
            "2",
            "--a",
            &engine,
            "--b",
            "nodes=400",
            "--max-plies",
            plies,
            "--seed",
            "4",
            "--jobs",
            "1",
            "--quiet",
        ]);
        assert!(out.status.success(), "{variant}: {}", stderr(&out));
        let text = stdout(&out);
        assert!(text.contains("(1 pair)"), "{text}");
        assert!(!text.contains("Forfeits"), "{text}");
        assert!(text.contains("a: "), "the external engine's moves: {text}");
    }
}

#[test]
fn an_external_engine_is_sent_a_shuffled_start_as_its_position_text() {
    // `chimera engine` over UCI from start 17 (`position fen W:… B:… w moves …`): a wrong
    // start would make its moves illegal, a forfeit. Both games' records replay.
    let dir = temp_dir("uci-start");
    let engine = format!("nodes=300,cmd='{}' engine", env!("CARGO_BIN_EXE_chimera"));
    let out = chimera(&[
        "match",
        "turtle-shell",
        "--rules",
        "ko+shuffle",
        "--start",
        "17",
        "--games",
        "2",
        "--a",
        &engine,
        "--b",
        "greedy",
        "--max-plies",
        "30",
        "--seed",
        "4",
        "--jobs",
        "1",
        "--quiet",
        "--save",
        dir.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("from start 17"), "{text}");
    assert!(!text.contains("Forfeits"), "{text}");
    assert!(text.contains("a: "), "the external engine's moves: {text}");
    for game in ["game-001.txt", "game-002.txt"] {
        let file = dir.join(game);
        let check = chimera(&["validate", "turtle-shell", file.to_str().unwrap()]);
        assert!(
            check.status.success() && stdout(&check).contains("all legal"),
            "{}{}",
            stdout(&check),
            stderr(&check)
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
