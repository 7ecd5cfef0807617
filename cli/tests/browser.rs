//! The web page of `chimera serve`, used as a person uses it: real headless Chromium
//! (Debian's `chromium`, driven through `chromedriver` over WebDriver) plays a short game of
//! every variant by clicking cells and buttons, every special move included (a promotion's
//! choice, a Turret's sling, castling by two and three cells, Turnover's splits and merges,
//! Triagonal's Jack placement, Tiling Rider's aggregate and king moves and "end turn",
//! Color Rider's block at an offset),
//! checks the move list on the page and the server's position through the API, and saves a
//! screenshot of each variant's page: in `target/tmp/screenshots/`, or in
//! `docs/screenshots/` with `CHIMERA_SCREENSHOTS=docs` (the manual's pictures refreshed).
//!
//! Needs `/usr/bin/chromium` and `/usr/bin/chromedriver`: `bash scripts/install-browser`
//! installs them (CI runs it). Without them the test fails and says so.

use crate::common::server;

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};
use server::Server;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// One thing a person does on the page.
#[derive(Clone, Copy, Debug)]
enum Step {
    /// Clicks a cell of the board.
    Click(&'static str),
    /// Clicks the button of a move among several sharing their cells (a promotion).
    Choose(&'static str),
    /// Clicks "End turn" (Tiling Rider).
    EndTurn,
}
use Step::*;

/// A short game: where it starts, the clicks, and the moves they must make.
struct Script {
    name: &'static str,
    variant: &'static str,
    position: &'static str,
    steps: &'static [Step],
    moves: &'static [&'static str],
    /// The screenshot is taken after this many steps (a piece selected shows its moves).
    shot: usize,
    /// What the status line must say at the end ("" for nothing in particular).
    outcome: &'static str,
}

const SCRIPTS: &[Script] = &[
    Script {
        name: "turtle-shell",
        variant: "turtle-shell",
        position: "",
        steps: &[
            Click("C2"),
            Click("C3"),
            Click("D7"),
            Click("E7"),
            Click("F2"),
            Click("F3"),
        ],
        moves: &["C2-C3", "D7-E7", "F2-F3"],
        shot: 5,
        outcome: "",
    },
    Script {
        // A pawn moving on within the promotion zone may promote or not: the page asks.
        name: "turtle-shell-promotion",
        variant: "turtle-shell",
        position: "W:KH4,PC6,GB0 B:KA3 w",
        steps: &[
            Click("C6"),
            Click("C7"),
            Choose("C6-C7=R"),
            Click("A3"),
            Click("A4"),
        ],
        moves: &["C6-C7=R", "A3-A4"],
        shot: 2,
        outcome: "",
    },
    Script {
        // The king enters the end zone: the game is over, and the page says so.
        name: "turtle-shell-end",
        variant: "turtle-shell",
        position: "W:KD8,PC2 B:KA3 w",
        steps: &[Click("D8"), Click("E8")],
        moves: &["D8-E8"],
        shot: 2,
        outcome: "Game over: 1-0 white wins by reaching the end zone with the king",
    },
    Script {
        // Castling by three cells (White) and by two (Black), then a Turret's sling: the
        // Turret e4 goes to e6 and throws the knight behind it (e3) to e7, taking the rook.
        name: "turret",
        variant: "turret",
        position: "1r3k2r1/*p2r3p*/*8*/*8*/*3T4*/*3N4*/*P6P*/1R3K2R1 w KQkq - 0 1",
        steps: &[
            Click("f1"),
            Click("i1"),
            Click("f8"),
            Click("d8"),
            Click("e4"),
            Click("e6"),
        ],
        moves: &["f1i1", "f8d8", "e4e6"],
        shot: 5,
        outcome: "",
    },
    Script {
        // A Castle's dismount (a split), a Citadel's Fort merging onto the Wall (a
        // Fortress), and the Fortress's Wall leaping off (a split).
        name: "turnover",
        variant: "turnover",
        position: "",
        steps: &[
            Click("b2"),
            Click("b4"),
            Click("h7"),
            Click("h5"),
            Click("b2"),
            Click("b4"),
            Click("h5"),
            Click("h4"),
            Click("b4"),
            Click("c6"),
        ],
        moves: &["b2-b4", "h7-h5", "b2-b4", "h5-h4", "b4-c6"],
        shot: 9,
        outcome: "",
    },
    Script {
        // Two Jacks placed (Ab3, Ac3) before the move Bb2-Bb4, as one turn.
        name: "triagonal",
        variant: "triagonal",
        position: "",
        steps: &[
            Click("Ab3"),
            Click("Ac3"),
            Click("Bb2"),
            Click("Bb4"),
            Click("Gb7"),
            Click("Gb5"),
            Click("Ae2"),
            Click("Ae4"),
        ],
        moves: &["J@Ab3,J@Ac3,Bb2-Bb4", "Gb7-Gb5", "Ae2-Ae4"],
        shot: 2,
        outcome: "",
    },
    Script {
        // White: the wazir aggregate on e5's unit rides to e9's (clicked on f6 then f10),
        // the king steps a unit, end turn; Black: a knight, the king, end turn.
        name: "tiling-rider",
        variant: "tiling-rider",
        position: "n7kk8/8kk8/18/18/18/18/18/18/18/18/4WW12/4WW12/18/18/8KK8/8KK8 w 0/9 - 8 0 2",
        steps: &[
            Click("f6"),
            Click("f10"),
            Click("j2"),
            Click("i3"),
            EndTurn,
            Click("a16"),
            Click("b14"),
            Click("i15"),
            Click("i13"),
            EndTurn,
        ],
        moves: &["We5-e9", "Ki1-i3", ";", "a16-b14", "Ki15-i13", ";"],
        shot: 1,
        outcome: "",
    },
    Script {
        // A promotion's choice (the queen, giving check), the king's escape, and castling
        // queen-side as the king's move.
        name: "chess",
        variant: "chess",
        position: "4k3/P7/8/8/8/8/8/R3K3 w Q - 0 1",
        steps: &[
            Click("a7"),
            Click("a8"),
            Choose("a7a8q"),
            Click("e8"),
            Click("d7"),
            Click("e1"),
            Click("c1"),
        ],
        moves: &["a7a8q", "e8d7", "e1c1"],
        shot: 2,
        outcome: "",
    },
];

/// Every variant of the program's registry has a script above (this needs no browser).
#[test]
fn every_registered_variant_has_a_browser_script() {
    for variant in chimera_cli::registry::variants() {
        assert!(
            SCRIPTS.iter().any(|s| s.variant == variant.name),
            "no browser script plays {}: add one to SCRIPTS",
            variant.name
        );
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// chromedriver, stopped when dropped.
struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn start_chromedriver() -> (Driver, String) {
    for program in [CHROMIUM, CHROMEDRIVER] {
        assert!(
            Path::new(program).exists(),
            "{program} is missing: the browser test needs Debian's chromium and chromium-driver; \
             install them with `bash scripts/install-browser` (as root: apt-get install \
             chromium chromium-driver)"
        );
    }
    let port = free_port();
    let child = Command::new(CHROMEDRIVER)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let driver = Driver(child);
    let deadline = Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            Instant::now() < deadline,
            "chromedriver did not start listening"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    (driver, format!("http://127.0.0.1:{port}"))
}

async fn connect(webdriver: &str, profile: &Path) -> Client {
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        json!({
            "binary": CHROMIUM,
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=1500,1100",
                format!("--user-data-dir={}", profile.display()),
            ],
        }),
    );
    ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(webdriver)
        .await
        .expect("a WebDriver session with headless Chromium")
}
/// Clicks the element the CSS `selector` finds.
async fn click_css(client: &Client, selector: &str) {
    client
        .find(Locator::Css(selector))
        .await
        .unwrap_or_else(|e| panic!("nothing on the page matches `{selector}`: {e}"))
        .click()
        .await
        .unwrap_or_else(|e| panic!("cannot click `{selector}`: {e}"));
}

/// Clicks the element with the id `id`.
async fn click_id(client: &Client, id: &str) {
    click_css(client, &format!("#{id}")).await;
}

/// Clicks the board's cell named `cell`.
async fn click_cell(client: &Client, cell: &str) {
    click_css(client, &format!("#board svg .cell[data-cell=\"{cell}\"]")).await;
}

/// Chooses `value` in the select element with the id `id`.
async fn select(client: &Client, id: &str, value: &str) {
    client
        .find(Locator::Id(id))
        .await
        .unwrap_or_else(|e| panic!("no element #{id}: {e}"))
        .select_by_value(value)
        .await
        .unwrap_or_else(|e| panic!("cannot choose {value} in #{id}: {e}"));
}

/// Evaluates `expr` in the page.
async fn js(client: &Client, expr: &str) -> Value {
    client
        .execute(&format!("return {expr};"), vec![])
        .await
        .unwrap_or_else(|e| panic!("{expr}: {e}"))
}

/// Waits until `expr` is true in the page.
async fn wait_for(client: &Client, expr: &str, what: &str) {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        if js(client, expr).await == Value::Bool(true) {
            return;
        }
        if Instant::now() > deadline {
            let error = js(client, "document.getElementById('error').textContent").await;
            let page = js(
                client,
                "JSON.stringify({moves: game && game.moves_played, busy, pending, clicks, \
                 thinking: game && game.thinking, mode: document.getElementById('mode').value, \
                 next: options && options.next.length, status: document.getElementById('status').textContent})",
            )
            .await;
            panic!("timed out waiting for {what} ({expr}); the page's error: {error}; the page: {page}");
        }
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
}

async fn page_moves(client: &Client) -> Vec<String> {
    let mut moves = Vec::new();
    for li in client.find_all(Locator::Css("#moves .mv")).await.unwrap() {
        moves.push(li.text().await.unwrap());
    }
    moves
}

/// Where the screenshots go: the test's scratch folder under `target/`, or
/// `docs/screenshots/` with `CHIMERA_SCREENSHOTS=docs` (to refresh the manual's pictures),
/// so that an ordinary test run leaves the work tree as it was.
fn screenshots() -> PathBuf {
    let dir = if std::env::var("CHIMERA_SCREENSHOTS").as_deref() == Ok("docs") {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/screenshots")
    } else {
        Path::new(env!("CARGO_TARGET_TMPDIR")).join("screenshots")
    };
    std::fs::create_dir_all(&dir).expect("a folder for the screenshots");
    dir
}

/// Starts a new game of the script's variant from the page's own controls (choosing the
/// variant starts its standard game; New game then starts from the position given).
async fn new_game(client: &Client, variant: &str, position: &str) {
    let details = client.find(Locator::Css("#paste summary")).await.unwrap();
    let open = js(client, "document.getElementById('paste').open").await;
    if open != Value::Bool(true) {
        details.click().await.unwrap();
    }
    let input = client.find(Locator::Id("position-in")).await.unwrap();
    input.clear().await.unwrap();
    if !position.is_empty() {
        input.send_keys(position).await.unwrap();
    }
    select(client, "variant", variant).await;
    click_id(client, "new").await;
    wait_for(
        client,
        &format!("game !== null && game.variant === '{variant}' && game.moves_played.length === 0 && idle()"),
        "the new game",
    )
    .await;
}

/// The board's width and bottom, the caption's top, and the window's size, in CSS pixels.
async fn layout(client: &Client) -> (f64, f64, f64, f64, f64) {
    let v = js(
        client,
        "(() => { const b = document.querySelector('#board svg').getBoundingClientRect(); \
         const s = document.getElementById('status').getBoundingClientRect(); \
         return [b.width, b.bottom, s.top, window.innerWidth, window.innerHeight]; })()",
    )
    .await;
    let n = |i: usize| v[i].as_f64().unwrap_or(0.0);
    (n(0), n(1), n(2), n(3), n(4))
}

/// The page on a phone (400 × 800) and on a laptop (1280 × 900), a Turret selected: on the
/// phone the board fills the width, the panels below it; on the laptop the board and its
/// caption fit in the window without scrolling. Screenshots of both.
async fn screen_sizes(client: &Client) {
    new_game(client, "turret", "").await;
    for cell in [
        "b2", "b3", "i7", "i6", "a1", "b2", "i6", "i5", "b2", "c3", "i5", "i4", "c3",
    ] {
        click_cell(client, cell).await;
        wait_for(client, "idle()", "the page").await;
    }
    assert_eq!(
        js(client, "document.querySelectorAll('#dests li').length").await,
        json!(15),
        "the Turret on c3 lists its 15 destinations"
    );
    let throws = js(client, "[...document.querySelectorAll('#dests li')].map(l => l.textContent).filter(t => t.includes('throws')).length").await;
    assert_eq!(throws, json!(8), "8 of them throw a piece");
    for (name, width, height) in [("phone", 400u32, 800u32), ("laptop", 1280, 900)] {
        // The window's size less the browser's frame is the page's: ask for the frame more.
        client.set_window_size(width, height).await.unwrap();
        tokio::time::sleep(Duration::from_millis(200)).await;
        let (w, h) = (
            js(client, "window.innerWidth").await,
            js(client, "window.innerHeight").await,
        );
        let (w, h) = (
            w.as_u64().unwrap_or(0) as u32,
            h.as_u64().unwrap_or(0) as u32,
        );
        let frame = (width.saturating_sub(w), height.saturating_sub(h));
        client
            .set_window_size(width + frame.0, height + frame.1)
            .await
            .unwrap();
        tokio::time::sleep(Duration::from_millis(300)).await;
        let (board, bottom, caption, inner_w, inner_h) = layout(client).await;
        println!(
            "{name} ({width}x{height}): window {inner_w}x{inner_h}, board {board:.0} px wide, bottom at {bottom:.0}, caption at {caption:.0}"
        );
        if name == "phone" {
            assert!(
                board >= 0.9 * inner_w,
                "{name}: the board fills the width ({board} of {inner_w})"
            );
        } else {
            assert!(
                board >= 0.4 * inner_w,
                "{name}: the board is large ({board} of {inner_w})"
            );
            assert!(
                caption >= 0.0 && bottom <= inner_h,
                "{name}: board and caption fit ({bottom} of {inner_h})"
            );
        }
        let path = screenshots().join(format!("{name}-turret-throws.png"));
        std::fs::write(&path, client.screenshot().await.unwrap()).unwrap();
    }
    client.set_window_size(1500, 1100).await.unwrap();
    // Turnover: a Castle's destinations say whether it moves whole or splits.
    new_game(client, "turnover", "").await;
    click_cell(client, "b2").await;
    wait_for(client, "idle()", "the page").await;
    let notes = js(
        client,
        "[...document.querySelectorAll('#dests li')].map(l => l.textContent)",
    )
    .await;
    println!("turnover, the Castle on b2: {notes}");
    let notes = notes.to_string();
    assert!(notes.contains("b3: the whole Castle moves"), "{notes}");
    assert!(notes.contains("b4: the Wall splits off"), "{notes}");
}

/// Stale state: another variant then "Computer plays White" plays in the new game; a record
/// that fails to load leaves the Variant box on the game shown; an unknown `#game=` says so.
async fn races(client: &Client, server: &Server) {
    new_game(client, "turret", "").await;
    select(client, "variant", "chess").await;
    select(client, "mode", "white").await;
    wait_for(
        client,
        "game.variant === 'chess' && game.moves_played.length === 1 && idle()",
        "the computer's move in the new chess game",
    )
    .await;
    select(client, "mode", "human").await;
    let file = std::env::temp_dir().join(format!("chimera-bad-record-{}.txt", std::process::id()));
    std::fs::write(&file, "[Variant \"turnover\"]\n\ne2e4 e2e4\n").unwrap();
    if js(client, "document.getElementById('paste').open").await != Value::Bool(true) {
        click_css(client, "#paste summary").await;
    }
    let input = client.find(Locator::Id("record-in")).await.unwrap();
    input.send_keys(&file.display().to_string()).await.unwrap();
    wait_for(
        client,
        "document.getElementById('error').textContent !== '' && idle()",
        "the refused record",
    )
    .await;
    let _ = std::fs::remove_file(&file);
    assert_eq!(
        js(client, "document.getElementById('variant').value").await,
        json!("chess")
    );
    client
        .goto(&format!("{}/#game=nosuchgame", server.base))
        .await
        .unwrap();
    client.refresh().await.unwrap();
    wait_for(
        client,
        "typeof game !== 'undefined' && game !== null && idle() && document.getElementById('error').textContent.includes('not on the server')",
        "the message about the unknown game",
    )
    .await;
    println!("races: the computer plays in the new game; a bad record keeps the Variant box; an unknown game says so");
}

async fn run_script(client: &Client, server: &Server, script: &Script) {
    let started = Instant::now();
    new_game(client, script.variant, script.position).await;
    let path = screenshots().join(format!("{}.png", script.name));
    for (i, step) in script.steps.iter().enumerate() {
        match *step {
            Click(cell) => click_cell(client, cell).await,
            Choose(text) => {
                click_css(client, &format!("#choice button[data-move=\"{text}\"]")).await;
            }
            EndTurn => click_css(client, "#actions button[data-move=\";\"]").await,
        }
        // A click that completes a move waits for the server's answer.
        wait_for(client, "idle()", "the page").await;
        let error = js(client, "document.getElementById('error').textContent").await;
        assert_eq!(error, json!(""), "{}: step {i} {step:?}", script.name);
        if let Click(_) = step {
            let now = js(client, "game.moves_played.length").await;
            let highlighted = js(client, "document.querySelectorAll('#board .hl').length").await;
            println!(
                "  {:<22} {step:?}: {} highlighted, {} moves",
                script.name, highlighted, now
            );
        }
        if i + 1 == script.shot {
            let png = client.screenshot().await.expect("a screenshot");
            std::fs::write(&path, png).expect("the screenshot is saved");
        }
    }
    let status = client
        .find(Locator::Id("status"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        status.contains(script.outcome),
        "{}: status {status:?}",
        script.name
    );
    if !script.outcome.is_empty() {
        println!("{:<22} status: {status}", script.name);
    }
    check_move_list(client, script.name).await;
    if script.moves.iter().any(|m| m.starts_with("J@")) {
        let drops = js(client, "document.querySelectorAll('#moves .drop').length").await;
        assert_ne!(
            drops,
            json!(0),
            "{}: the Jacks' placement shown apart",
            script.name
        );
    }
    let on_page = page_moves(client).await;
    assert_eq!(
        on_page, script.moves,
        "{}: the move list on the page",
        script.name
    );
    let id = js(client, "game.id").await;
    let id = id.as_str().expect("a game id");
    let (status, state) = server.get(&format!("/api/games/{id}"));
    assert_eq!(status, 200);
    let played: Vec<&str> = state["moves_played"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(played, script.moves, "{}: the server's moves", script.name);
    let shown = client
        .find(Locator::Id("position"))
        .await
        .unwrap()
        .prop("value")
        .await
        .unwrap()
        .unwrap_or_default();
    assert_eq!(
        json!(shown),
        state["position"],
        "{}: the position shown",
        script.name
    );
    println!(
        "{:<22} {} moves by clicks: {} ({:.1} s); position {}; screenshot {}",
        script.name,
        script.moves.len(),
        script.moves.join(" "),
        started.elapsed().as_secs_f64(),
        state["position"],
        path.canonicalize().unwrap_or(path.clone()).display()
    );
}

/// Against the computer (Black, 0.2 s a move): the computer answers; undo takes back to
/// the player's turn; the board flips; a reload finds the game again.
async fn computer_undo_flip_reload(client: &Client, base: &str) {
    new_game(client, "turret", "").await;
    select(client, "mode", "black").await;
    let time = client.find(Locator::Id("time")).await.unwrap();
    time.clear().await.unwrap();
    time.send_keys("0.2").await.unwrap();
    for cell in ["e2", "e4"] {
        click_cell(client, cell).await;
    }
    wait_for(
        client,
        "game.moves_played.length === 2 && idle()",
        "the computer's answer",
    )
    .await;
    let moves = page_moves(client).await;
    assert_eq!(moves[0], "e2e4");
    println!("computer (Black) answered e2e4 with {}", moves[1]);
    click_id(client, "undo").await;
    wait_for(
        client,
        "game.moves_played.length === 0 && idle()",
        "the undo",
    )
    .await;
    assert!(page_moves(client).await.is_empty());
    click_id(client, "flip").await;
    assert_eq!(
        js(
            client,
            "document.getElementById('board').classList.contains('flipped')"
        )
        .await,
        json!(true)
    );
    let flipped = std::env::temp_dir().join("chimera-browser-flipped.png");
    std::fs::write(&flipped, client.screenshot().await.unwrap()).unwrap();
    println!("the flipped board: {}", flipped.display());
    select(client, "mode", "human").await;
    click_id(client, "flip").await;
    // Play a move, reload the page: the game is still there.
    for cell in ["d2", "d4"] {
        click_cell(client, cell).await;
    }
    wait_for(client, "game.moves_played.length === 1 && idle()", "d2d4").await;
    let id = js(client, "game.id").await;
    let url = client.current_url().await.unwrap();
    assert!(url.as_str().contains("#game="), "{url}");
    client.refresh().await.unwrap();
    wait_for(
        client,
        "typeof game !== 'undefined' && game !== null && idle()",
        "the reloaded page",
    )
    .await;
    assert_eq!(
        js(client, "game.id").await,
        id,
        "the same game after a reload"
    );
    assert_eq!(page_moves(client).await, ["d2d4"]);
    println!("undo, flip and reload (game {id} at {base}) work");
}

/// A record downloaded from the server loads back through the page's file input.
async fn download_and_load_a_record(client: &Client, server: &Server) {
    let (status, state) = server.post(
        "/api/games",
        &json!({"variant": "turret", "moves": "e2e4 e7e5 h1g3"}),
    );
    assert_eq!(status, 201);
    let id = state["id"].as_str().unwrap();
    let url = format!("{}/api/games/{id}/record", server.base);
    let record = server::agent()
        .get(&url)
        .call()
        .unwrap()
        .into_string()
        .unwrap();
    let file = std::env::temp_dir().join(format!("chimera-record-{}.txt", std::process::id()));
    std::fs::write(&file, &record).unwrap();
    if js(client, "document.getElementById('paste').open").await != Value::Bool(true) {
        click_css(client, "#paste summary").await;
    }
    let input = client.find(Locator::Id("record-in")).await.unwrap();
    input.send_keys(&file.display().to_string()).await.unwrap();
    wait_for(
        client,
        "game.variant === 'turret' && game.moves_played.length === 3 && idle()",
        "the loaded record",
    )
    .await;
    let _ = std::fs::remove_file(&file);
    assert_eq!(page_moves(client).await, ["e2e4", "e7e5", "h1g3"]);
    // The page's download link gives the same record.
    let href = client
        .find(Locator::Id("record"))
        .await
        .unwrap()
        .attr("href")
        .await
        .unwrap()
        .unwrap();
    let again = server::agent()
        .get(&format!("{}{href}", server.base))
        .call()
        .unwrap()
        .into_string()
        .unwrap();
    assert!(again.ends_with("e2e4 e7e5 h1g3\n"), "{again}");
    println!(
        "a downloaded record ({} bytes) loads back through the page",
        record.len()
    );
    // Step back through it, then branch a variation from the position after one move.
    let id = js(client, "game.id").await;
    click_id(client, "back").await;
    wait_for(client, "viewing === 2 && idle()", "one move back").await;
    click_id(client, "first").await;
    wait_for(client, "viewing === 0 && idle()", "the start").await;
    click_id(client, "forward").await;
    wait_for(
        client,
        "viewing === 1 && idle() && document.getElementById('status').textContent.includes('after 1 of 3')",
        "one move on",
    )
    .await;
    click_id(client, "branch").await;
    wait_for(
        client,
        &format!(
            "game.id !== {id} && game.moves_played.length === 1 && viewing === null && idle()"
        ),
        "the variation",
    )
    .await;
    assert_eq!(page_moves(client).await, ["e2e4"]);
    println!("stepped back and on through the record, and branched a game after its first move");
}

/// Sets the page's size (the window less the browser's frame) to `width` × `height`.
async fn viewport(client: &Client, width: u32, height: u32) {
    client.set_window_size(width, height).await.unwrap();
    tokio::time::sleep(Duration::from_millis(200)).await;
    let (w, h) = (
        js(client, "window.innerWidth").await,
        js(client, "window.innerHeight").await,
    );
    let (w, h) = (
        w.as_u64().unwrap_or(0) as u32,
        h.as_u64().unwrap_or(0) as u32,
    );
    let frame = (width.saturating_sub(w), height.saturating_sub(h));
    client
        .set_window_size(width + frame.0, height + frame.1)
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
}

/// Presses `keys` with the focus on the page's body (not on the board).
async fn press(client: &Client, keys: &str) {
    js(
        client,
        "(document.activeElement && document.activeElement.blur(), true)",
    )
    .await;
    client
        .find(Locator::Css("body"))
        .await
        .unwrap()
        .send_keys(keys)
        .await
        .unwrap();
}

/// Drags the piece on `from` to `to` with the mouse (`touch`: a finger), as a person does:
/// down on the piece, moved across the board, up on the cell.
async fn drag(client: &Client, from: &str, to: &str, touch: bool) {
    use fantoccini::actions::{
        InputSource, MouseActions, PointerAction, TouchActions, MOUSE_BUTTON_LEFT,
    };
    let cell = |c: &str| format!("#board svg .cell[data-cell=\"{c}\"]");
    let start = client.find(Locator::Css(&cell(from))).await.unwrap();
    let end = client.find(Locator::Css(&cell(to))).await.unwrap();
    let steps = [
        PointerAction::MoveToElement {
            element: start,
            duration: None,
            x: 0,
            y: 0,
        },
        PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        },
        PointerAction::MoveBy {
            duration: Some(Duration::from_millis(60)),
            x: 12,
            y: -12,
        },
        PointerAction::MoveToElement {
            element: end,
            duration: Some(Duration::from_millis(250)),
            x: 0,
            y: 0,
        },
        PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        },
    ];
    if touch {
        let mut finger = TouchActions::new("finger".into());
        for step in steps {
            finger = finger.then(step);
        }
        client.perform_actions(finger).await.unwrap();
    } else {
        let mut mouse = MouseActions::new("mouse".into());
        for step in steps {
            mouse = mouse.then(step);
        }
        client.perform_actions(mouse).await.unwrap();
    }
    client.release_actions().await.unwrap();
}

/// Whether the move list groups the moves by turn: every line holds the moves of one side,
/// and (with several actions a turn) the lines alternate sides.
async fn check_move_list(client: &Client, what: &str) {
    let lines = js(
        client,
        "[...document.querySelectorAll('#moves .turn')].map(t => [t.className, [...t.querySelectorAll('.mv')].map(m => m.className.split(' ')[1])])",
    )
    .await;
    let several = js(
        client,
        "document.getElementById('moves').classList.contains('turns')",
    )
    .await;
    let lines = lines.as_array().unwrap();
    let mut previous = String::new();
    for line in lines {
        let class = line[0].as_str().unwrap();
        let side = class.trim_start_matches("turn ").to_string();
        for mv in line[1].as_array().unwrap() {
            assert_eq!(
                mv.as_str().unwrap(),
                side,
                "{what}: a line holds one side's moves: {lines:?}"
            );
        }
        if several == json!(true) {
            assert_ne!(side, previous, "{what}: a turn a line: {lines:?}");
        }
        previous = side;
    }
}

/// The analysis board: the engine on the position shown streams its evaluation (the bar),
/// its depth and best line, the best move drawn as an arrow; the score graph fills in and
/// a click on it shows that position; the move list is grouped by turn; pieces are dragged
/// with the mouse and a finger; everything by keys too. Screenshots at both sizes.
async fn analysis_board(client: &Client, server: &Server) {
    new_game(client, "chess", "").await;
    drag(client, "e2", "e4", false).await;
    wait_for(
        client,
        "game.moves_played.length === 1 && idle()",
        "e2e4 dragged with the mouse",
    )
    .await;
    drag(client, "e7", "e5", true).await;
    wait_for(
        client,
        "game.moves_played.length === 2 && idle()",
        "e7e5 dragged with a finger",
    )
    .await;
    // A drag dropped off the piece's destinations plays nothing.
    drag(client, "g1", "g4", false).await;
    wait_for(client, "idle()", "the page").await;
    assert_eq!(js(client, "game.moves_played.length").await, json!(2));
    click_cell(client, "g1").await;
    click_cell(client, "f3").await;
    wait_for(
        client,
        "game.moves_played.length === 3 && idle()",
        "g1f3 by clicks",
    )
    .await;
    assert_eq!(page_moves(client).await, ["e2e4", "e7e5", "g1f3"]);
    let numbers = js(
        client,
        "[...document.querySelectorAll('#moves .num')].map(n => n.textContent)",
    )
    .await;
    assert_eq!(numbers, json!(["1.", "2."]), "numbered move pairs");
    check_move_list(client, "chess").await;
    // L turns the analysis on.
    press(client, "l").await;
    wait_for(
        client,
        "analysis.on && analysis.last && analysis.last.ply === 3 && analysis.last.depth >= 5 && document.querySelector('#board .best') !== null",
        "the analysis to depth 5, its arrow drawn",
    )
    .await;
    let shown = js(
        client,
        "({best: analysis.last.best, arrow: document.querySelector('#board .best').dataset.move, pv: document.getElementById('eval-pv').textContent, score: document.getElementById('eval-score').textContent, info: document.getElementById('eval-info').textContent, bar: document.getElementById('evalfill').style.height, barShown: !document.getElementById('evalbar').hidden})",
    )
    .await;
    println!("analysis: {shown}");
    let best = shown["best"].as_str().unwrap();
    assert_eq!(shown["arrow"], best, "the arrow is the best move");
    assert!(shown["pv"].as_str().unwrap().starts_with(best), "{shown}");
    assert!(shown["info"].as_str().unwrap().contains("depth"), "{shown}");
    assert!(!shown["score"].as_str().unwrap().is_empty());
    assert_eq!(shown["barShown"], true);
    let id = js(client, "game.id").await;
    let (_, state) = server.get(&format!("/api/games/{}?brief", id.as_str().unwrap()));
    assert!(
        state["legal_moves"]
            .as_array()
            .unwrap()
            .contains(&json!(best)),
        "the best move {best} is legal"
    );
    // The graph: the four positions, each strip saying its score; a click on it (below)
    // shows that position.
    wait_for(
        client,
        "graph.values.length === 4 && graph.source === null",
        "the score graph",
    )
    .await;
    assert_eq!(
        js(client, "document.querySelectorAll('#graph polygon').length").await,
        json!(1)
    );
    let titles = js(
        client,
        "[...document.querySelectorAll('#graph rect.hit title')].map(t => t.textContent)",
    )
    .await;
    let titles = titles.as_array().unwrap();
    assert_eq!(titles.len(), 4, "a strip per position: {titles:?}");
    assert!(
        titles[0].as_str().unwrap().starts_with("After 0 moves: "),
        "{titles:?}"
    );
    println!("graph: {titles:?}");
    for (name, width, height) in [("phone", 400u32, 800u32), ("laptop", 1280, 900)] {
        viewport(client, width, height).await;
        wait_for(
            client,
            "document.querySelector('#board .best') !== null",
            "the arrow",
        )
        .await;
        let (board, bottom, _, inner_w, inner_h) = layout(client).await;
        let bar = js(
            client,
            "document.getElementById('evalbar').getBoundingClientRect().height",
        )
        .await;
        let graph = js(
            client,
            "document.getElementById('graph').getBoundingClientRect().width",
        )
        .await;
        println!("{name}: board {board:.0} px wide (window {inner_w}x{inner_h}), bottom {bottom:.0}, eval bar {bar} px high, graph {graph} px wide");
        assert!(
            bar.as_f64().unwrap() >= 0.8 * board.min(bottom),
            "{name}: the bar runs along the board"
        );
        let graph = graph.as_f64().unwrap_or(0.0);
        assert!(graph >= 200.0, "{name}: the graph is shown ({graph})");
        if name == "phone" {
            assert!(
                board >= 0.85 * inner_w,
                "{name}: the board fills the width ({board})"
            );
        } else {
            assert!(
                bottom <= inner_h,
                "{name}: the board fits ({bottom} of {inner_h})"
            );
        }
        let path = screenshots().join(format!("{name}-analysis.png"));
        std::fs::write(&path, client.screenshot().await.unwrap()).unwrap();
    }
    viewport(client, 1280, 900).await;
    click_css(client, "#graph").await; // its middle: the position after 2 of 3 moves (rounded)
    wait_for(
        client,
        "viewing !== null && idle()",
        "the position clicked on the graph",
    )
    .await;
    let at = js(client, "viewing").await.as_u64().unwrap();
    assert!((1..=2).contains(&at), "{at}");
    wait_for(
        client,
        &format!("analysis.last && analysis.last.ply === {at} && document.querySelector('#board .best') !== null"),
        "the analysis of the position shown",
    )
    .await;
    // Keys: ← → step, ↑ the start, ↓ now.
    press(client, "\u{E012}").await; // ArrowLeft
    wait_for(
        client,
        &format!("viewing === {} && idle()", at - 1),
        "one move back",
    )
    .await;
    press(client, "\u{E013}").await; // ArrowUp
    wait_for(client, "viewing === 0 && idle()", "the start").await;
    wait_for(
        client,
        "analysis.last && analysis.last.ply === 0",
        "the start analysed",
    )
    .await;
    press(client, "\u{E015}").await; // ArrowDown
    wait_for(client, "viewing === null && idle()", "the game now").await;
    assert_eq!(
        js(
            client,
            "document.querySelector('#moves .mv.cur').dataset.ply"
        )
        .await,
        json!("3")
    );
    // The analysis in the other variants: an arrow (Triagonal: with its Jacks' circles
    // when it places them), the bar, the line.
    for variant in [
        "turtle-shell",
        "turret",
        "turnover",
        "triagonal",
        "tiling-rider",
    ] {
        new_game(client, variant, "").await;
        wait_for(
            client,
            "analysis.last && analysis.last.ply === 0 && analysis.last.depth >= 1 && document.querySelector('#board .best, #board .bestdot') !== null",
            &format!("{variant}: the analysis"),
        )
        .await;
        let best = js(client, "analysis.last.best").await;
        println!(
            "{variant}: best {best}, {}",
            js(client, "document.getElementById('eval-score').textContent").await
        );
        if variant == "triagonal" {
            std::fs::write(
                screenshots().join("triagonal-analysis.png"),
                client.screenshot().await.unwrap(),
            )
            .unwrap();
        }
    }
    press(client, "l").await;
    wait_for(
        client,
        "!analysis.on && document.getElementById('evalbar').hidden",
        "the analysis off",
    )
    .await;
    println!("analysis board: bar, line, arrow, graph, keys and drags work");
}

/// Starts a new game of `variant` under `rules` from the page's controls (choosing the rule
/// set starts its game at once; New game then starts from `position`).
async fn new_game_with_rules(client: &Client, variant: &str, rules: &str, position: &str) {
    select(client, "variant", variant).await;
    select(client, "rules", rules).await;
    wait_for(
        client,
        &format!("game !== null && game.rules === '{rules}' && idle()"),
        "the rule set's game",
    )
    .await;
    new_game(client, variant, position).await;
    assert_eq!(js(client, "game.rules").await, json!(rules));
}

/// The server's position text and moves of the game on the page, and the page's own.
async fn server_and_page(client: &Client, server: &Server) -> (Value, Value, Vec<String>) {
    let id = js(client, "game.id").await;
    let (status, state) = server.get(&format!("/api/games/{}?brief", id.as_str().unwrap()));
    assert_eq!(status, 200);
    let shown = js(client, "document.getElementById('position').value").await;
    (state, shown, page_moves(client).await)
}

/// Turtle Shell's drops (`--rules ko+drops`), by clicks on a phone and by a drag on a
/// laptop: a capture puts the pawn in White's hand (a box below the board), clicking it
/// highlights exactly the cells it may be dropped on, and a click on one, or a drag from the
/// hand to one, drops it; the board, the hand and the move list follow.
async fn drops_by_clicks_and_drag(client: &Client, server: &Server) {
    viewport(client, 400, 800).await;
    // White has a pawn in hand already; the capture C3xC7 adds a second.
    new_game_with_rules(
        client,
        "turtle-shell",
        "ko+drops",
        "W:KE1,RC3,PB2,@P B:KE8,PC7,PB8 w",
    )
    .await;
    for cell in ["C3", "C7", "E8", "D8"] {
        click_cell(client, cell).await;
        wait_for(client, "idle()", "the page").await;
    }
    let (state, _, moves) = server_and_page(client, server).await;
    assert_eq!(moves, ["C3xC7", "E8-D8"], "the capture in the move list");
    assert_eq!(
        state["position"],
        json!("W:KE1,RC7,PB2,@PP B:KD8,PB8 w"),
        "the captured pawn in White's hand"
    );
    let drops: Vec<String> = state["legal_moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|m| {
            m.as_str()
                .and_then(|m| m.strip_prefix("P@"))
                .map(String::from)
        })
        .collect();
    assert!(drops.contains(&"D5".to_string()), "{drops:?}");
    // The hand's pawn has a button too (a finger's target on a phone): it selects it.
    click_css(client, "#actions button.hand[data-cell=\"W:P@\"]").await;
    wait_for(
        client,
        "idle() && options !== null && clicks.join() === 'W:P@'",
        "the hand's pawn selected by its button",
    )
    .await;
    let by_button = js(client, "document.querySelectorAll('#board .hl').length").await;
    assert_eq!(
        by_button,
        json!(drops.len()),
        "the button highlights the drops"
    );
    // Clicking the hand's pawn on the board highlights the cells it may be dropped on, and
    // only those.
    click_cell(client, "W:P@").await;
    wait_for(
        client,
        "idle() && options !== null",
        "the hand's pawn selected",
    )
    .await;
    let mut targets: Vec<String> = serde_json::from_value(
        js(
            client,
            "[...document.querySelectorAll('#board .hl')].map(h => h.dataset.target)",
        )
        .await,
    )
    .unwrap();
    targets.sort();
    let mut expected = drops.clone();
    expected.sort();
    assert_eq!(
        targets, expected,
        "the highlighted drop cells are the legal drops"
    );
    let listed = js(client, "document.getElementById('dests').textContent").await;
    assert!(
        listed
            .as_str()
            .unwrap()
            .contains("D5: drops P from the hand"),
        "{listed}"
    );
    let (board, _, _, inner_w, _) = layout(client).await;
    assert!(
        board >= 0.9 * inner_w,
        "phone: the board and hands fill the width ({board})"
    );
    std::fs::write(
        screenshots().join("phone-turtle-shell-drops.png"),
        client.screenshot().await.unwrap(),
    )
    .unwrap();
    click_cell(client, "D5").await;
    wait_for(
        client,
        "game.moves_played.length === 3 && idle()",
        "P@D5 dropped by clicks",
    )
    .await;
    click_cell(client, "D8").await;
    click_cell(client, "E8").await;
    wait_for(client, "game.moves_played.length === 4 && idle()", "D8-E8").await;
    // On a laptop, the second pawn dragged from the hand to E5.
    viewport(client, 1280, 900).await;
    drag(client, "W:P@", "E5", false).await;
    wait_for(
        client,
        "game.moves_played.length === 5 && idle()",
        "P@E5 dragged from the hand",
    )
    .await;
    let (state, shown, moves) = server_and_page(client, server).await;
    assert_eq!(
        moves,
        ["C3xC7", "E8-D8", "P@D5", "D8-E8", "P@E5"],
        "the drops in the move list"
    );
    assert_eq!(state["moves_played"], json!(moves), "the server's moves");
    assert_eq!(
        state["position"],
        json!("W:KE1,RC7,PB2,PD5,PE5 B:KE8,PB8 b"),
        "the pawns on D5 and E5, White's hand empty"
    );
    assert_eq!(shown, state["position"], "the position shown");
    let pawn_on = "(cell) => { const b = cellEl(cell).getBBox(); \
         return [...document.querySelectorAll('#board svg text')].some((t) => { \
         if (t.textContent.trim() !== '\u{265F}') return false; const r = t.getBBox(); \
         const [x, y] = [r.x + r.width / 2, r.y + r.height / 2]; \
         return x > b.x && x < b.x + b.width && y > b.y && y < b.y + b.height; }); }";
    assert_eq!(
        js(client, &format!("['D5', 'E5', 'C5'].map({pawn_on})")).await,
        json!([true, true, false]),
        "the board shows the dropped pawns on D5 and E5 (and none on C5)"
    );
    assert_eq!(
        js(
            client,
            "document.querySelector('#board .cell[data-cell=\"W:P@\"]') === null"
        )
        .await,
        json!(true),
        "the empty hand has no box"
    );
    std::fs::write(
        screenshots().join("laptop-turtle-shell-drops.png"),
        client.screenshot().await.unwrap(),
    )
    .unwrap();
    viewport(client, 1500, 1100).await;
    println!("drops: a capture, then P@D5 by clicks (phone) and P@E5 by a drag (laptop)");
}

/// Color Rider (Tiling Rider's rule set `color-rider`) on a phone: four White wazirs on
/// b3-c4, a 2x2 block at an odd offset from the units, are an aggregate. A click on c4 (not
/// the square the notation names) highlights the block's rides, each destination block's
/// four squares; a click on c6 plays `Wb3-b5`; "End turn" ends the turn. The picture is the
/// crate's: plain squares, the unit grid faint, the block outlined where it stands.
async fn color_rider_block_at_an_offset(client: &Client, server: &Server) {
    viewport(client, 400, 800).await;
    let start = "8kk8/8kk8/18/18/18/18/18/18/18/18/18/18/1WW15/1WW15/8KK8/8KK8 w 0/9 - 8 0 2";
    new_game_with_rules(client, "tiling-rider", "color-rider", start).await;
    let outlined = "(cells) => { const a = document.querySelectorAll('#board svg .aggregate'); \
         if (a.length !== 1) return false; const r = a[0].getBBox(); \
         return cells.every((c) => { const b = cellEl(c).getBBox(); \
         const [x, y] = [b.x + b.width / 2, b.y + b.height / 2]; \
         return x > r.x && x < r.x + r.width && y > r.y && y < r.y + r.height; }); }";
    let picture = js(
        client,
        &format!(
            "[({outlined})(['b3', 'c3', 'b4', 'c4']), document.querySelectorAll('#board svg .unit').length, \
             document.querySelectorAll('#board svg .tile').length]"
        ),
    )
    .await;
    println!("color-rider picture: [block outlined on b3-c4, unit outlines, tiles] = {picture}");
    assert_eq!(picture[0], json!(true), "the block b3-c4 is outlined");
    assert_eq!(picture[1], json!(72), "the unit grid: 9 x 8 units");
    assert_eq!(picture[2], json!(0), "no tiles");
    click_cell(client, "c4").await;
    wait_for(client, "idle() && options !== null", "the block's rides").await;
    let targets: Vec<String> = serde_json::from_value(
        js(
            client,
            "[...document.querySelectorAll('#board .hl')].map(h => h.dataset.target)",
        )
        .await,
    )
    .unwrap();
    for cell in ["b5", "c5", "b6", "c6", "d3", "e4", "b15", "q4"] {
        assert!(
            targets.contains(&cell.to_string()),
            "{cell} highlighted: {targets:?}"
        );
    }
    let listed = js(client, "document.getElementById('dests').textContent").await;
    assert!(
        listed
            .as_str()
            .unwrap()
            .contains("b7: the aggregate of 4 moves as one"),
        "{listed}"
    );
    let (board, _, _, inner_w, _) = layout(client).await;
    assert!(
        board >= 0.9 * inner_w,
        "phone: the board fills the width ({board})"
    );
    // The click scrolled the page to c4: the screenshot shows the whole board.
    js(client, "(window.scrollTo(0, 0), true)").await;
    std::fs::write(
        screenshots().join("phone-color-rider.png"),
        client.screenshot().await.unwrap(),
    )
    .unwrap();
    click_cell(client, "c6").await;
    wait_for(
        client,
        "game.moves_played.length === 1 && idle()",
        "Wb3-b5 by the clicks c4, c6",
    )
    .await;
    assert_eq!(
        js(client, &format!("({outlined})(['b5', 'c5', 'b6', 'c6'])")).await,
        json!(true),
        "the block outlined on b5-c6"
    );
    click_css(client, "#actions button[data-move=\";\"]").await;
    wait_for(
        client,
        "game.moves_played.length === 2 && idle()",
        "end turn",
    )
    .await;
    let (state, shown, moves) = server_and_page(client, server).await;
    assert_eq!(moves, ["Wb3-b5", ";"], "the move list on the page");
    assert_eq!(state["moves_played"], json!(moves), "the server's moves");
    assert_eq!(
        state["position"],
        json!("8kk8/8kk8/18/18/18/18/18/18/18/18/1WW15/1WW15/18/18/8KK8/8KK8 b 0/2 - 1 1 2"),
        "the block on b5-c6, Black to move"
    );
    assert_eq!(shown, state["position"], "the position shown");
    check_move_list(client, "color-rider").await;
    viewport(client, 1500, 1100).await;
    println!(
        "color-rider: the block b3-c4 selected on c4, Wb3-b5 played by a click on c6, turn ended"
    );
}

/// The Start box of a rule set with numbered starts (Turtle Shell's `ko+shuffle`): hidden
/// for other rule sets, 0 to 89 or random; the chosen start is played (the server's
/// `start 17`), shown beside the title and kept in the record; random draws one and names
/// it too.
async fn numbered_starts_chosen_on_the_page(client: &Client, server: &Server) {
    select(client, "variant", "turtle-shell").await;
    wait_for(
        client,
        "game.variant === 'turtle-shell' && idle()",
        "Turtle Shell",
    )
    .await;
    assert_eq!(
        js(client, "document.getElementById('start-box').hidden").await,
        json!(true),
        "no Start box for the standard rules"
    );
    select(client, "rules", "ko+shuffle").await;
    wait_for(
        client,
        "game.rules === 'ko+shuffle' && idle() && !document.getElementById('start-box').hidden",
        "the shuffled game and its Start box",
    )
    .await;
    assert_eq!(
        js(client, "document.getElementById('start').options.length").await,
        json!(91)
    );
    let drawn = js(client, "game.start").await;
    assert!(
        drawn.as_u64().is_some_and(|n| n < 90),
        "a random start: {drawn}"
    );
    select(client, "start", "17").await;
    wait_for(client, "game.start === 17 && idle()", "start 17").await;
    let title = js(client, "document.getElementById('title').textContent").await;
    assert_eq!(title, json!("turtle-shell · ko+shuffle · start 17"));
    assert_eq!(
        js(client, "document.getElementById('start').value").await,
        json!("17"),
        "the Start box keeps the choice"
    );
    let (status, expected) = server.post(
        "/api/games?brief",
        &json!({"variant": "turtle-shell", "rules": "ko+shuffle", "start": 17}),
    );
    assert_eq!(status, 201);
    let (state, shown, _) = server_and_page(client, server).await;
    assert_eq!(
        state["position"], expected["position"],
        "start 17's position"
    );
    assert_eq!(shown, expected["position"]);
    let record = server::agent()
        .get(&format!(
            "{}/api/games/{}/record",
            server.base,
            state["id"].as_str().unwrap()
        ))
        .call()
        .unwrap()
        .into_string()
        .unwrap();
    assert!(record.contains("[Position \"start 17\"]"), "{record}");
    let before = js(client, "game.id").await;
    select(client, "start", "random").await;
    wait_for(
        client,
        &format!("game.id !== {before} && idle() && typeof game.start === 'number'"),
        "a new game from a random start",
    )
    .await;
    let n = js(client, "game.start").await;
    let title = js(client, "document.getElementById('title').textContent").await;
    assert_eq!(
        title,
        json!(format!("turtle-shell · ko+shuffle · start {n}"))
    );
    std::fs::write(
        screenshots().join("turtle-shell-shuffle.png"),
        client.screenshot().await.unwrap(),
    )
    .unwrap();
    // Back to the standard rules: no Start box, no start.
    select(client, "rules", "ko").await;
    wait_for(
        client,
        "game.rules === 'ko' && idle() && document.getElementById('start-box').hidden && game.start === null",
        "the standard rules",
    )
    .await;
    println!("numbered starts: start 17 chosen and recorded, random drew {n}");
}

#[tokio::test(flavor = "current_thread")]
async fn browser_plays_every_variant_by_clicks_in_headless_chromium() {
    let started = Instant::now();
    let server = Server::start(&[]);
    let (_driver, webdriver) = start_chromedriver();
    let profile = std::env::temp_dir().join(format!("chimera-browser-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&profile);
    let client = connect(&webdriver, &profile).await;
    let result = async {
        client
            .goto(&format!("{}/", server.base))
            .await
            .expect("the page loads");
        wait_for(
            &client,
            "typeof game !== 'undefined' && game !== null && idle()",
            "the first game",
        )
        .await;
        for script in SCRIPTS {
            run_script(&client, &server, script).await;
        }
        drops_by_clicks_and_drag(&client, &server).await;
        color_rider_block_at_an_offset(&client, &server).await;
        numbered_starts_chosen_on_the_page(&client, &server).await;
        download_and_load_a_record(&client, &server).await;
        computer_undo_flip_reload(&client, &server.base).await;
        screen_sizes(&client).await;
        races(&client, &server).await;
        analysis_board(&client, &server).await;
    };
    // Close the browser whatever happened, then report.
    let outcome = tokio::time::timeout(Duration::from_secs(360), result).await;
    let _ = client.close().await;
    let _ = std::fs::remove_dir_all(&profile);
    outcome.expect("the browser test takes less than 6 minutes");
    println!("browser test: {:.1} s", started.elapsed().as_secs_f64());
}
