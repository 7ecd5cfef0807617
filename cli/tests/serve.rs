//! `chimera serve`'s JSON API, through the real binary on 127.0.0.1: games of every
//! variant, moves, undo, the computer, records, and every kind of bad request (a JSON error
//! with a 4xx status that changes nothing).

use crate::common;
use crate::common::server;

use serde_json::{json, Value};
use server::Server;

fn texts(state: &Value, key: &str) -> Vec<String> {
    state[key]
        .as_array()
        .unwrap_or_else(|| panic!("{key} in {state}"))
        .iter()
        .map(|m| {
            m.as_str()
                .map(str::to_string)
                .unwrap_or_else(|| m["text"].as_str().unwrap().to_string())
        })
        .collect()
}

#[test]
fn serve_answers_the_page_its_assets_and_the_variants() {
    let server = Server::start(&[]);
    let page = server::agent()
        .get(&format!("{}/", server.base))
        .call()
        .unwrap();
    assert_eq!(page.content_type(), "text/html");
    let html = page.into_string().unwrap();
    assert!(html.contains("<script src=\"app.js\">"), "{html}");
    for asset in ["/app.js", "/app.css"] {
        let r = server::agent()
            .get(&format!("{}{asset}", server.base))
            .call()
            .unwrap();
        assert_eq!(r.status(), 200, "{asset}");
    }
    let (status, body) = server.get("/api/variants");
    assert_eq!(status, 200);
    let names: Vec<&str> = body["variants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, common::variants());
}

#[test]
fn serve_plays_every_variant_through_the_api_with_cells_for_every_legal_move() {
    let server = Server::start(&[]);
    for variant in common::variants() {
        let (status, state) = server.post("/api/games", &json!({ "variant": variant }));
        assert_eq!(status, 201, "{state}");
        let id = state["id"].as_str().unwrap().to_string();
        let svg = state["svg"].as_str().unwrap();
        // The state names the first clicks; the moves come click by click.
        let starts = state["starts"].as_array().unwrap();
        assert!(!starts.is_empty(), "{variant}");
        let mut first = None;
        for group in starts {
            let cell = group[0].as_str().unwrap();
            let (status, moves) = server.get(&format!("/api/games/{id}/moves?clicks={cell}"));
            assert_eq!(status, 200, "{moves}");
            let next = moves["next"].as_array().unwrap();
            assert!(!next.is_empty(), "{variant} {cell}: a first click leads on");
            for cell in group.as_array().unwrap().iter().chain(
                next.iter()
                    .flat_map(|n| n["cells"].as_array().unwrap().iter()),
            ) {
                let cell = cell.as_str().unwrap();
                assert!(
                    svg.contains(&format!("data-cell=\"{cell}\"")),
                    "{variant} {cell}"
                );
            }
            first = first.or_else(|| {
                next.iter()
                    .find_map(|n| n["moves"].as_array().unwrap().first())
                    .map(|m| m["text"].as_str().unwrap().to_string())
            });
        }
        let first = first.unwrap_or_else(|| {
            // Triagonal: the first clicks place Jacks; a plain move starts later.
            let legal = texts(&state, "legal_moves");
            panic!(
                "{variant}: no move made by two clicks ({} legal)",
                legal.len()
            )
        });
        let (status, after) =
            server.post(&format!("/api/games/{id}/move"), &json!({ "move": first }));
        assert_eq!(status, 200, "{after}");
        assert_eq!(texts(&after, "moves_played"), [first.as_str()]);
        let (status, again) = server.get(&format!("/api/games/{id}"));
        assert_eq!(status, 200);
        assert_eq!(
            again["position"], after["position"],
            "a game survives between requests"
        );
        let record = server::agent()
            .get(&format!("{}/api/games/{id}/record", server.base))
            .call()
            .unwrap()
            .into_string()
            .unwrap();
        assert!(
            record.contains(&format!("[Variant \"{variant}\"]")),
            "{record}"
        );
        assert!(record.contains(&first), "{record}");
        // The record loads back as a new game.
        let (status, loaded) = server.post(
            "/api/games",
            &json!({ "variant": variant, "moves": record }),
        );
        assert_eq!(status, 201, "{loaded}");
        assert_eq!(loaded["position"], after["position"]);
        let (status, undone) = server.post(&format!("/api/games/{id}/undo"), &json!({}));
        assert_eq!(status, 200);
        assert_eq!(undone["position"], state["position"]);
        assert!(texts(&undone, "moves_played").is_empty());
    }
}

#[test]
fn serve_the_computer_moves_within_the_time_asked() {
    let server = Server::start(&[]);
    for variant in common::variants() {
        let (_, state) = server.post("/api/games", &json!({ "variant": variant }));
        let id = state["id"].as_str().unwrap();
        let started = std::time::Instant::now();
        let (status, after) = server.post(
            &format!("/api/games/{id}/computer"),
            &json!({ "time_ms": 200 }),
        );
        assert_eq!(status, 200, "{variant}: {after}");
        assert!(started.elapsed().as_secs_f64() < 5.0, "{variant}");
        let played = texts(&after, "moves_played");
        assert_eq!(
            played,
            [after["computer"]["move"].as_str().unwrap()],
            "{variant}"
        );
        // The computer's time is capped.
        let (status, error) = server.post(
            &format!("/api/games/{id}/computer"),
            &json!({ "time_ms": 60_000 }),
        );
        assert_eq!(status, 400, "{error}");
    }
}

#[test]
fn serve_bad_requests_get_a_json_error_and_a_4xx_status_and_change_nothing() {
    let server = Server::start(&[]);
    let (_, state) = server.post("/api/games", &json!({ "variant": "turret" }));
    let id = state["id"].as_str().unwrap();
    let game = format!("/api/games/{id}");
    let cases: Vec<(&str, (u16, Value), u16)> = vec![
        ("unknown game", server.get("/api/games/nosuchgame"), 404),
        (
            "unknown game move",
            server.post("/api/games/nosuchgame/move", &json!({"move": "e2e4"})),
            404,
        ),
        (
            "illegal move",
            server.post(&format!("{game}/move"), &json!({"move": "e2e5"})),
            422,
        ),
        (
            "unreadable move",
            server.post(&format!("{game}/move"), &json!({"move": "hello"})),
            422,
        ),
        (
            "malformed JSON",
            server.post_raw(&format!("{game}/move"), b"{\"move\": "),
            400,
        ),
        (
            "wrong field",
            server.post(&format!("{game}/move"), &json!({"mvoe": "e2e4"})),
            400,
        ),
        (
            "not an object",
            server.post_raw("/api/games", b"[1, 2]"),
            400,
        ),
        (
            "huge body",
            server.post_raw("/api/games", &vec![b' '; 200_000]),
            413,
        ),
        (
            "unknown variant",
            server.post("/api/games", &json!({"variant": "xiangqi"})),
            422,
        ),
        (
            "bad position",
            server.post(
                "/api/games",
                &json!({"variant": "turret", "position": "rubbish"}),
            ),
            422,
        ),
        (
            "unknown rules",
            server.post("/api/games", &json!({"variant": "turret", "rules": "nope"})),
            422,
        ),
        (
            "illegal moves in a new game",
            server.post(
                "/api/games",
                &json!({"variant": "turret", "moves": "e2e4 e2e4"}),
            ),
            422,
        ),
        (
            "nothing to undo",
            server.post(&format!("{game}/undo"), &json!({})),
            422,
        ),
        (
            "bad computer time",
            server.post(&format!("{game}/computer"), &json!({"time_ms": 0})),
            400,
        ),
        ("unknown endpoint", server.get("/api/nothing"), 404),
        (
            "wrong method",
            server::answer(
                server::agent()
                    .delete(&format!("{}{game}", server.base))
                    .call(),
            ),
            405,
        ),
        (
            "GET instead of POST",
            server.get(&format!("{game}/undo")),
            405,
        ),
        ("unknown page", server.get("/nothing"), 404),
    ];
    for (what, (status, body), expected) in cases {
        assert_eq!(status, expected, "{what}: {body}");
        let message = body["error"]
            .as_str()
            .unwrap_or_else(|| panic!("{what}: {body}"));
        assert!(!message.is_empty(), "{what}");
        println!("{what}: {status} {message}");
    }
    let (status, after) = server.get(&game);
    assert_eq!(status, 200);
    assert_eq!(after["position"], state["position"], "nothing changed");
    assert!(texts(&after, "moves_played").is_empty());
}

#[test]
fn serve_keeps_at_most_max_games_forgetting_the_least_recently_used() {
    let server = Server::start(&["--max-games", "3"]);
    let ids: Vec<String> = (0..3)
        .map(|_| {
            let (_, s) = server.post("/api/games", &json!({"variant": "turnover"}));
            s["id"].as_str().unwrap().to_string()
        })
        .collect();
    // Use the first, so the second is the least recently used.
    assert_eq!(server.get(&format!("/api/games/{}", ids[0])).0, 200);
    let (_, s) = server.post("/api/games", &json!({"variant": "turnover"}));
    assert!(s["id"].is_string());
    assert_eq!(server.get(&format!("/api/games/{}", ids[0])).0, 200);
    assert_eq!(server.get(&format!("/api/games/{}", ids[1])).0, 404);
    assert_eq!(server.get(&format!("/api/games/{}", ids[2])).0, 200);
}

#[test]
fn serve_refuses_a_port_in_use_and_bad_options() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    for args in [
        vec!["serve", "--port", port.as_str()],
        vec!["serve", "--port", "0", "--threads", "0"],
        vec!["serve", "--port", "0", "--max-games", "0"],
        vec!["serve", "--port", "0", "--max-connections", "0"],
        vec!["serve", "--port", "0", "--allow-origin", "nonsense"],
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_chimera"))
            .args(&args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with("error: "), "{args:?}: {err}");
    }
}

/// A raw request on a new connection: the status line and the whole answer.
fn raw(base: &str, request: &str) -> String {
    use std::io::{Read, Write};
    let addr = base.trim_start_matches("http://");
    let mut stream = std::net::TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(std::time::Duration::from_secs(30)))
        .unwrap();
    stream.write_all(request.as_bytes()).unwrap();
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    answer
}

#[test]
fn serve_refuses_other_sites_and_other_hosts() {
    let server = Server::start(&["--allow-origin", "http://friend.example:9000"]);
    let host = server.base.trim_start_matches("http://").to_string();
    let post = |origin: &str, host: &str| {
        let body = r#"{"variant": "turret"}"#;
        raw(
            &server.base,
            &format!(
                "POST /api/games HTTP/1.1\r\nHost: {host}\r\n{origin}Content-Type: text/plain\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            ),
        )
    };
    // A cross-site form or fetch (text/plain needs no preflight): refused.
    let evil = post("Origin: http://evil.example\r\n", &host);
    assert!(evil.starts_with("HTTP/1.1 403"), "{evil}");
    assert!(evil.contains("--allow-origin"), "{evil}");
    // DNS rebinding: a name that is not this server's.
    let rebound = post(
        "",
        &format!("evil.example:{}", host.rsplit(':').next().unwrap()),
    );
    assert!(rebound.starts_with("HTTP/1.1 403"), "{rebound}");
    // The page's own origin, localhost, a client with no Origin, an allowed origin.
    let port = host.rsplit(':').next().unwrap();
    for (origin, host) in [
        (format!("Origin: http://{host}\r\n"), host.clone()),
        (
            format!("Origin: http://localhost:{port}\r\n"),
            format!("localhost:{port}"),
        ),
        (String::new(), host.clone()),
        (
            "Origin: http://friend.example:9000\r\n".to_string(),
            host.clone(),
        ),
    ] {
        let answer = post(&origin, &host);
        assert!(
            answer.starts_with("HTTP/1.1 201"),
            "{origin}{host}: {answer}"
        );
        if origin.contains("friend") {
            let lower = answer.to_ascii_lowercase();
            assert!(
                lower.contains("access-control-allow-origin: http://friend.example:9000"),
                "{answer}"
            );
        }
    }
}

#[test]
fn serve_answers_a_game_at_once_while_the_computer_thinks_and_stops_it() {
    let server = Server::start(&[]);
    let (_, state) = server.post("/api/games", &json!({ "variant": "turret" }));
    let id = state["id"].as_str().unwrap();
    let game = format!("/api/games/{id}");
    let (status, started) = server.post(
        &format!("{game}/computer"),
        &json!({ "time_ms": 10_000, "wait": false }),
    );
    assert_eq!(status, 202, "{started}");
    assert!(started["thinking"].is_object(), "{started}");
    let (status, now) = server.get(&game);
    assert_eq!(status, 200);
    assert!(now["thinking"].is_object(), "{now}");
    let (status, refused) = server.post(&format!("{game}/move"), &json!({ "move": "e2e4" }));
    assert_eq!(status, 409, "{refused}");
    let (status, again) = server.post(&format!("{game}/computer"), &json!({ "time_ms": 100 }));
    assert_eq!(status, 409, "{again}");
    let (status, stopped) = server.post(&format!("{game}/stop"), &json!({}));
    assert_eq!(
        (status, &stopped["stopped"]),
        (200, &json!(true)),
        "{stopped}"
    );
    // The stopped search plays no move; the game is free again at once.
    let mut after = Value::Null;
    for _ in 0..200 {
        after = server.get(&game).1;
        if after["thinking"].is_null() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert!(after["thinking"].is_null(), "{after}");
    assert!(texts(&after, "moves_played").is_empty(), "{after}");
    // A search without waiting, then polled: its move and report appear.
    let (status, _) = server.post(
        &format!("{game}/computer"),
        &json!({ "time_ms": 200, "wait": false }),
    );
    assert_eq!(status, 202);
    for _ in 0..500 {
        after = server.get(&game).1;
        if after["thinking"].is_null() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert_eq!(texts(&after, "moves_played").len(), 1, "{after}");
    assert_eq!(
        after["computer"]["move"], after["moves_played"][0],
        "{after}"
    );
}

#[test]
fn serve_caps_its_connections() {
    let server = Server::start(&["--max-connections", "3"]);
    let addr = server.base.trim_start_matches("http://").to_string();
    // Three idle connections take every place; a fourth is told 503 and closed.
    let held: Vec<std::net::TcpStream> = (0..3)
        .map(|_| std::net::TcpStream::connect(&addr).unwrap())
        .collect();
    std::thread::sleep(std::time::Duration::from_millis(200));
    let answer = raw(
        &server.base,
        "GET /api/variants HTTP/1.1\r\nHost: x\r\n\r\n",
    );
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
    drop(held);
    std::thread::sleep(std::time::Duration::from_millis(200));
    let host = addr.clone();
    let answer = raw(
        &server.base,
        &format!("GET /api/variants HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"),
    );
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
}

#[test]
fn serve_sends_a_small_triagonal_state() {
    let server = Server::start(&[]);
    let (status, state) = server.post("/api/games", &json!({ "variant": "triagonal" }));
    assert_eq!(status, 201);
    let size = state.to_string().len();
    println!(
        "triagonal: {} legal moves, state {size} bytes",
        state["legal_move_count"]
    );
    assert!(state["legal_move_count"].as_u64().unwrap() > 10_000);
    assert!(size < 100_000, "{size} bytes");
}

#[test]
fn serve_survives_a_panic_in_a_request() {
    // CHIMERA_SERVE_PANIC_TEST=1 adds GET /api/panic, which panics on the blocking pool as a
    // bug in a variant crate would.
    std::env::set_var("CHIMERA_SERVE_PANIC_TEST", "1");
    let server = Server::start(&[]);
    std::env::remove_var("CHIMERA_SERVE_PANIC_TEST");
    let (status, body) = server.get("/api/panic");
    assert_eq!(status, 500, "{body}");
    let (status, _) = server.get("/api/variants");
    assert_eq!(status, 200, "the server is still up");
}

/// The test above runs in the test profile, which always unwinds; the build users install is
/// the release profile, where `panic = "abort"` would kill the server (and every game it
/// keeps) at the first panic. CI's smoke run (`scripts/serve-panic-smoke`) drives the
/// test-profile binary, so the release profile's setting is checked here.
#[test]
fn the_release_profile_unwinds_so_the_server_survives_a_panic() {
    let manifest = concat!(env!("CARGO_MANIFEST_DIR"), "/../Cargo.toml");
    let text = std::fs::read_to_string(manifest).expect("the workspace's Cargo.toml");
    let section: Vec<&str> = text
        .lines()
        .skip_while(|line| line.trim() != "[profile.release]")
        .skip(1)
        .take_while(|line| !line.trim_start().starts_with('['))
        .map(str::trim)
        .filter(|line| line.starts_with("panic"))
        .collect();
    assert_eq!(
        section,
        ["panic = \"unwind\""],
        "[profile.release] in {manifest}"
    );
}

#[test]
fn serve_shows_an_earlier_position_and_leaves_the_game_as_it_was() {
    let server = Server::start(&[]);
    for (variant, moves) in [("turret", "e2e4 e7e5 h1g3"), ("tiling-rider", "")] {
        let (_, mut state) =
            server.post("/api/games", &json!({ "variant": variant, "moves": moves }));
        let id = state["id"].as_str().unwrap().to_string();
        let id = id.as_str();
        if moves.is_empty() {
            // Two actions of a Tiling Rider turn (the turn goes on).
            for _ in 0..2 {
                let (_, brief) = server.get(&format!("/api/games/{id}?brief"));
                let first = texts(&brief, "legal_moves")[0].clone();
                let (status, after) =
                    server.post(&format!("/api/games/{id}/move"), &json!({ "move": first }));
                assert_eq!(status, 200, "{after}");
                state = after;
            }
        }
        let played = texts(&state, "moves_played");
        let (status, start) = server.get(&format!("/api/games/{id}/at?ply=0"));
        assert_eq!(status, 200, "{start}");
        let (_, fresh) = server.post("/api/games", &json!({ "variant": variant }));
        assert_eq!(start["position"], fresh["position"], "{variant}");
        assert!(start["svg"].as_str().unwrap().starts_with("<svg"));
        let (status, _) = server.get(&format!("/api/games/{id}/at?ply={}", played.len() + 1));
        assert_eq!(status, 422);
        let (status, _) = server.get(&format!("/api/games/{id}/at?ply=x"));
        assert_eq!(status, 400);
        let (_, now) = server.get(&format!("/api/games/{id}"));
        assert_eq!(now["position"], state["position"], "{variant}: unchanged");
        assert_eq!(texts(&now, "moves_played"), played);
    }
}

#[test]
fn serve_freezes_games_not_used_and_plays_them_on_as_they_were() {
    // Past 32 games asked for, the least recently used are kept as their moves only, and
    // made again when next asked for: a game mid-turn (Tiling Rider) and a game from a
    // position (chess) come back as they were.
    let server = Server::start(&[]);
    let (_, mut rider) = server.post("/api/games", &json!({ "variant": "tiling-rider" }));
    let rider_id = rider["id"].as_str().unwrap().to_string();
    for _ in 0..2 {
        let (_, brief) = server.get(&format!("/api/games/{rider_id}?brief"));
        let first = texts(&brief, "legal_moves")[0].clone();
        let (status, after) = server.post(
            &format!("/api/games/{rider_id}/move"),
            &json!({ "move": first }),
        );
        assert_eq!(status, 200, "{after}");
        rider = after;
    }
    let (_, chess) = server.post(
        "/api/games",
        &json!({ "variant": "chess", "position": "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "moves": "e2e4 e8d7" }),
    );
    let chess_id = chess["id"].as_str().unwrap().to_string();
    for i in 0..40 {
        let variant = ["turret", "triagonal", "turnover"][i % 3];
        let (status, _) = server.post("/api/games?brief", &json!({ "variant": variant }));
        assert_eq!(status, 201);
    }
    for (id, before) in [(&rider_id, &rider), (&chess_id, &chess)] {
        let (status, now) = server.get(&format!("/api/games/{id}"));
        assert_eq!(status, 200, "{now}");
        for key in [
            "position",
            "moves_played",
            "sides",
            "turn_moves",
            "start_position",
            "starts",
            "svg",
        ] {
            assert_eq!(now[key], before[key], "{id}: {key}");
        }
        let (status, at) = server.get(&format!("/api/games/{id}/at?ply=1"));
        assert_eq!(status, 200, "{at}");
    }
    let (status, after) = server.post(
        &format!("/api/games/{chess_id}/move"),
        &json!({ "move": "e1d2" }),
    );
    assert_eq!(status, 200, "{after}");
    assert_eq!(texts(&after, "moves_played"), ["e2e4", "e8d7", "e1d2"]);
    let record = server::agent()
        .get(&format!("{}/api/games/{chess_id}/record", server.base))
        .call()
        .unwrap()
        .into_string()
        .unwrap();
    assert!(
        record.contains("[Position \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]"),
        "{record}"
    );
    let (status, rider_after) = server.post(&format!("/api/games/{rider_id}/undo"), &json!({}));
    assert_eq!(status, 200, "{rider_after}");
    assert_eq!(rider_after["turn_moves"], 1);
}

/// The record of game `id`, as text.
fn record_of(server: &Server, id: &str) -> String {
    server::agent()
        .get(&format!("{}/api/games/{id}/record", server.base))
        .call()
        .unwrap()
        .into_string()
        .unwrap()
}

#[test]
fn serve_starts_a_shuffled_game_from_the_chosen_or_a_random_start_and_records_it() {
    let server = Server::start(&[]);
    let (_, variants) = server.get("/api/variants");
    let turtle = variants["variants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["name"] == "turtle-shell")
        .unwrap();
    assert_eq!(turtle["starts"]["ko+shuffle"], json!(90));
    assert_eq!(turtle["starts"]["none+shuffle+drops+marshal"], json!(90));
    assert!(turtle["starts"].get("ko").is_none(), "{}", turtle["starts"]);
    assert_eq!(turtle["starts"].as_object().unwrap().len(), 12);
    // start 17: its position (the same as the position text `start 17`), named in the
    // state and in the record, which replays.
    let (status, chosen) = server.post(
        "/api/games",
        &json!({"variant": "turtle-shell", "rules": "ko+shuffle", "start": 17}),
    );
    assert_eq!(status, 201, "{chosen}");
    assert_eq!(chosen["start"], json!(17));
    assert_eq!(chosen["start_position"], json!("start 17"));
    let (_, by_text) = server.post(
        "/api/games",
        &json!({"variant": "turtle-shell", "rules": "ko+shuffle", "position": "start 17"}),
    );
    assert_eq!(chosen["position"], by_text["position"]);
    let (_, standard) = server.post("/api/games", &json!({"variant": "turtle-shell"}));
    assert_ne!(
        chosen["position"], standard["position"],
        "start 17 is shuffled"
    );
    assert_eq!(standard["start"], Value::Null, "one start: no number");
    let id = chosen["id"].as_str().unwrap();
    let legal = texts(
        &server.get(&format!("/api/games/{id}?brief")).1,
        "legal_moves",
    );
    let (status, _) = server.post(&format!("/api/games/{id}/move"), &json!({"move": legal[0]}));
    assert_eq!(status, 200);
    let record = record_of(&server, id);
    assert!(record.contains("[Position \"start 17\"]"), "{record}");
    let (status, replayed) = server.post(
        "/api/games",
        &json!({"variant": "turtle-shell", "rules": "ko+shuffle", "position": "start 17", "moves": record}),
    );
    assert_eq!(status, 201, "{replayed}");
    assert_eq!(texts(&replayed, "moves_played"), [legal[0].clone()]);
    // No start given: one drawn at random, named in the state and the record.
    let mut drawn = std::collections::BTreeSet::new();
    for _ in 0..12 {
        let (status, state) = server.post(
            "/api/games",
            &json!({"variant": "turtle-shell", "rules": "shuffle"}),
        );
        assert_eq!(status, 201, "{state}");
        let n = state["start"].as_u64().expect("a start drawn");
        assert!(n < 90, "{n}");
        let record = record_of(&server, state["id"].as_str().unwrap());
        assert!(
            record.contains(&format!("[Position \"start {n}\"]")),
            "{record}"
        );
        drawn.insert(n);
    }
    assert!(drawn.len() > 1, "random starts: {drawn:?}");
}

#[test]
fn serve_refuses_a_bad_start_number_and_keeps_no_game_for_it() {
    // With one game kept, a game made by a refused request would push the first one out.
    let server = Server::start(&["--max-games", "1"]);
    let (_, kept) = server.post(
        "/api/games",
        &json!({"variant": "turtle-shell", "rules": "ko+shuffle", "start": 5}),
    );
    let id = kept["id"].as_str().unwrap();
    let shuffle =
        |start: Value| json!({"variant": "turtle-shell", "rules": "ko+shuffle", "start": start});
    let cases = [
        ("past the last start", shuffle(json!(90)), 422, "0 to 89"),
        ("negative", shuffle(json!(-1)), 400, "start"),
        ("not a number", shuffle(json!("five")), 400, "start"),
        ("a fraction", shuffle(json!(1.5)), 400, "start"),
        (
            "with a position",
            json!({"variant": "turtle-shell", "rules": "ko+shuffle", "start": 3, "position": "start 3"}),
            422,
            "not both",
        ),
        (
            "a rule set with one start",
            json!({"variant": "turtle-shell", "rules": "ko+drops", "start": 3}),
            422,
            "one start",
        ),
        (
            "another variant",
            json!({"variant": "chess", "start": 0}),
            422,
            "one start",
        ),
    ];
    for (what, body, expected, says) in cases {
        let (status, answer) = server.post("/api/games", &body);
        assert_eq!(status, expected, "{what}: {answer}");
        let message = answer["error"].as_str().unwrap_or_default();
        assert!(message.contains(says), "{what}: {message}");
        println!("{what}: {status} {message}");
    }
    let (status, after) = server.get(&format!("/api/games/{id}"));
    assert_eq!(status, 200, "the game kept is still there: {after}");
    assert_eq!(after["start"], json!(5));
    assert_eq!(after["position"], kept["position"]);
}

#[test]
fn serve_drops_a_captured_piece_from_the_hand_by_its_two_clicks() {
    let server = Server::start(&[]);
    let (status, state) = server.post(
        "/api/games",
        &json!({
            "variant": "turtle-shell",
            "rules": "ko+drops",
            "position": "W:KE1,RC3,PB2 B:KE8,PC7,PB8 w",
            "moves": "C3xC7 E8-D8",
        }),
    );
    assert_eq!(status, 201, "{state}");
    assert_eq!(state["position"], json!("W:KE1,RC7,PB2,@P B:KD8,PB8 w"));
    let svg = state["svg"].as_str().unwrap();
    assert!(
        svg.contains("data-cell=\"W:P@\""),
        "the hand's pawn is a cell"
    );
    assert!(
        state["starts"]
            .as_array()
            .unwrap()
            .contains(&json!(["W:P@"])),
        "{}",
        state["starts"]
    );
    let id = state["id"].as_str().unwrap();
    // As the page asks (each click escaped: `W%3AP%40`), and as typed.
    let (status, answer) = server.get(&format!("/api/games/{id}/moves?clicks=W%3AP%40"));
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["clicks"], json!(["W:P@"]));
    let (_, typed) = server.get(&format!("/api/games/{id}/moves?clicks=W:P@"));
    assert_eq!(typed, answer);
    for bad in ["W%3", "W%zzP", "%FF%FE"] {
        let (status, refused) = server.get(&format!("/api/games/{id}/moves?clicks={bad}"));
        assert_eq!(status, 400, "{bad}: {refused}");
        assert!(refused["error"]
            .as_str()
            .unwrap()
            .contains("percent-encoded"));
    }
    let next = answer["next"].as_array().unwrap();
    let d5 = next
        .iter()
        .find(|n| n["cells"] == json!(["D5"]))
        .expect("D5");
    assert_eq!(d5["moves"][0]["text"], json!("P@D5"));
    let (_, brief) = server.get(&format!("/api/games/{id}?brief"));
    let drops = texts(&brief, "legal_moves")
        .into_iter()
        .filter(|m| m.starts_with("P@"))
        .count();
    assert_eq!(next.len(), drops, "a next cell per legal drop");
    let (status, after) = server.post(&format!("/api/games/{id}/move"), &json!({"move": "P@D5"}));
    assert_eq!(status, 200, "{after}");
    assert_eq!(after["position"], json!("W:KE1,RC7,PB2,PD5 B:KD8,PB8 b"));
    assert_eq!(texts(&after, "moves_played"), ["C3xC7", "E8-D8", "P@D5"]);
}

/// The cells of the `next` groups of a `/moves` answer, each group sorted.
fn next_groups(answer: &Value) -> Vec<Vec<String>> {
    answer["next"]
        .as_array()
        .unwrap_or_else(|| panic!("next in {answer}"))
        .iter()
        .map(|n| {
            let mut cells: Vec<String> = serde_json::from_value(n["cells"].clone()).unwrap();
            cells.sort();
            cells
        })
        .collect()
}

#[test]
fn serve_plays_a_color_rider_block_at_an_offset_by_its_clicks() {
    // Color Rider (Tiling Rider's rule set `color-rider`): four White wazirs on b3-c4, a
    // 2x2 block at an odd offset from the units, are an aggregate; clicking any of its
    // squares offers the block's rides, each destination block's four squares a click.
    let server = Server::start(&[]);
    let start = "8kk8/8kk8/18/18/18/18/18/18/18/18/18/18/1WW15/1WW15/8KK8/8KK8 w 0/9 - 8 0 2";
    let (status, state) = server.post(
        "/api/games",
        &json!({ "variant": "tiling-rider", "rules": "color-rider", "position": start }),
    );
    assert_eq!(status, 201, "{state}");
    assert_eq!(state["rules"], json!("color-rider"));
    assert_eq!(state["position"], json!(start));
    let id = state["id"].as_str().unwrap().to_string();
    let svg = state["svg"].as_str().unwrap();
    let starts: Vec<Vec<String>> = serde_json::from_value(state["starts"].clone()).unwrap();
    let block = ["b3", "b4", "c3", "c4"];
    assert!(
        starts.iter().any(|g| {
            let mut g = g.clone();
            g.sort();
            g == block
        }),
        "the block is a first click: {starts:?}"
    );
    let (_, brief) = server.get(&format!("/api/games/{id}?brief"));
    let legal = texts(&brief, "legal_moves");
    let rides: Vec<&String> = legal.iter().filter(|m| m.starts_with('W')).collect();
    assert_eq!(rides.len(), 14, "the block's rides: {rides:?}");
    // A click on c4 (not the block's named square): the single moves of c4 and the rides.
    let (status, answer) = server.get(&format!("/api/games/{id}/moves?clicks=c4"));
    assert_eq!(status, 200, "{answer}");
    let groups = next_groups(&answer);
    for dest in [["b5", "b6", "c5", "c6"], ["d3", "d4", "e3", "e4"]] {
        assert!(
            groups.contains(&dest.map(String::from).to_vec()),
            "{groups:?}"
        );
    }
    for group in &groups {
        for cell in group {
            assert!(svg.contains(&format!("data-cell=\"{cell}\"")), "{cell}");
        }
    }
    let offered: usize = answer["next"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["moves"].as_array().unwrap().len())
        .sum();
    assert_eq!(offered, rides.len() + 2, "14 rides and c4-c5, c4-d4");
    // c4 then c6 (a square of the block b5-c6): the ride Wb3-b5 and nothing else.
    let (status, answer) = server.get(&format!("/api/games/{id}/moves?clicks=c4,c6"));
    assert_eq!(status, 200, "{answer}");
    assert_eq!(texts(&answer, "complete"), ["Wb3-b5"]);
    assert!(answer["next"].as_array().unwrap().is_empty(), "{answer}");
    // c4 then c5: the single move c4-c5 or the ride (the page asks which).
    let (_, answer) = server.get(&format!("/api/games/{id}/moves?clicks=c4,c5"));
    let mut both = texts(&answer, "complete");
    both.sort();
    assert_eq!(both, ["Wb3-b5", "c4-c5"]);
    // An elongated move (legal under the standard rules) is refused, the game unchanged.
    for refused in ["b4-b6", "c3-d4"] {
        let (status, answer) = server.post(
            &format!("/api/games/{id}/move"),
            &json!({ "move": refused }),
        );
        assert!((400..500).contains(&status), "{refused}: {status} {answer}");
        println!("{refused}: {status} {}", answer["error"]);
        let (_, now) = server.get(&format!("/api/games/{id}"));
        assert_eq!(now["position"], json!(start), "{refused}: unchanged");
        assert!(texts(&now, "moves_played").is_empty());
    }
    let (status, after) = server.post(
        &format!("/api/games/{id}/move"),
        &json!({ "move": "Wb3-b5" }),
    );
    assert_eq!(status, 200, "{after}");
    assert_eq!(texts(&after, "moves_played"), ["Wb3-b5"]);
    assert_eq!(
        after["position"],
        json!("8kk8/8kk8/18/18/18/18/18/18/18/18/1WW15/1WW15/18/18/8KK8/8KK8 w 1/9 b5*,c5*,b6*,c6* 8 0 2"),
    );
}

#[test]
fn serve_offers_both_overlapping_color_rider_blocks_and_lets_the_clicks_choose() {
    // Six wazirs on b3-c5 are two blocks, b3-c4 and b4-c5 (both at offsets): a click on c4
    // (in both) offers the rides of both; a destination square in one block only plays
    // that block's ride; a square shared by two destinations (d4) completes both rides and
    // the single move c4-d4, for the page to ask which.
    let server = Server::start(&[]);
    let start = "8kk8/8kk8/18/18/18/18/18/18/18/18/18/1WW15/1WW15/1WW15/8KK8/8KK8 w 0/9 - 8 0 2";
    let (status, state) = server.post(
        "/api/games",
        &json!({ "variant": "tiling-rider", "rules": "color-rider", "position": start }),
    );
    assert_eq!(status, 201, "{state}");
    let id = state["id"].as_str().unwrap().to_string();
    let (_, answer) = server.get(&format!("/api/games/{id}/moves?clicks=c4"));
    let offered: Vec<String> = answer["next"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|n| n["moves"].as_array().unwrap().iter())
        .map(|m| m["text"].as_str().unwrap().to_string())
        .collect();
    let rides = offered.iter().filter(|m| m.starts_with('W')).count();
    assert_eq!(rides, 20, "both blocks' rides from c4: {offered:?}");
    for (second, expected) in [
        ("c2", vec!["Wb3-b1"]),
        ("c7", vec!["Wb4-b6"]),
        ("e3", vec!["Wb3-d3"]),
        ("d4", vec!["Wb3-d3", "Wb4-d4", "c4-d4"]),
    ] {
        let (status, answer) = server.get(&format!("/api/games/{id}/moves?clicks=c4,{second}"));
        assert_eq!(status, 200, "{answer}");
        let mut complete = texts(&answer, "complete");
        complete.sort();
        assert_eq!(complete, expected, "c4 then {second}");
    }
    let (status, after) = server.post(
        &format!("/api/games/{id}/move"),
        &json!({ "move": "Wb4-b6" }),
    );
    assert_eq!(status, 200, "{after}");
    assert_eq!(
        after["position"],
        json!("8kk8/8kk8/18/18/18/18/18/18/18/1WW15/1WW15/18/18/1WW15/8KK8/8KK8 w 1/9 b6*,c6*,b7*,c7* 8 0 2"),
    );
}
