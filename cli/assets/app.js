// Chimera's page: everything it knows of the rules comes from the server's JSON API.
// A move is made by clicking its cells in order (each legal move lists them as `picks`);
// moves sharing all their clicks (a promotion's choices) are offered as buttons.
"use strict";

const $ = (id) => document.getElementById(id);
let variants = [];
let game = null; // the state the server last sent
let clicks = []; // the cells clicked so far for the next move
let busy = false;

async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

function showError(e) {
  $("error").textContent = e ? String(e.message || e) : "";
}

async function start() {
  variants = (await api("GET", "/api/variants")).variants;
  for (const v of variants) $("variant").add(new Option(v.name, v.name));
  $("variant").onchange = fillRules;
  $("setup").onsubmit = (e) => { e.preventDefault(); newGame({}); };
  $("record-in").onchange = loadRecord;
  $("undo").onclick = undo;
  $("flip").onclick = () => $("board").classList.toggle("flipped");
  $("copy").onclick = () => { $("position").select(); navigator.clipboard?.writeText($("position").value); };
  $("mode").onchange = () => { saveSettings(); computerTurn(); };
  $("time").onchange = saveSettings;
  const saved = JSON.parse(localStorage.getItem("chimera-settings") || "{}");
  if (saved.mode) $("mode").value = saved.mode;
  if (saved.time) $("time").value = saved.time;
  const id = new URLSearchParams(location.hash.slice(1)).get("game");
  if (id) {
    try {
      show(await api("GET", "/api/games/" + encodeURIComponent(id)));
      return;
    } catch (e) {
      showError(e);
    }
  }
  fillRules();
  await newGame({});
}

function saveSettings() {
  localStorage.setItem("chimera-settings", JSON.stringify({ mode: $("mode").value, time: $("time").value }));
}

function fillRules() {
  const v = variants.find((v) => v.name === $("variant").value);
  $("rules").innerHTML = "";
  for (const r of v ? v.rule_sets : []) $("rules").add(new Option(r, r));
}

async function newGame(extra) {
  showError(null);
  const request = { variant: $("variant").value, rules: $("rules").value, ...extra };
  const position = $("position-in").value.trim();
  if (position && request.position === undefined) request.position = position;
  if (busy) return;
  busy = true; // no clicks on the old board meanwhile
  try {
    show(await api("POST", "/api/games", request));
    $("paste").open = false;
  } catch (e) {
    showError(e);
  } finally {
    busy = false;
  }
  computerTurn();
}

// A record as `chimera validate` reads it: its [Variant], [Rules] and [Position] headers,
// then the moves (the server reads those).
async function loadRecord() {
  const file = $("record-in").files[0];
  if (!file) return;
  const text = await file.text();
  const header = (name) => (text.match(new RegExp("^\\s*\\[" + name + "\\s+\"([^\"]*)\"\\]", "m")) || [])[1];
  if (header("Variant")) { $("variant").value = header("Variant"); fillRules(); }
  if (header("Rules")) $("rules").value = header("Rules");
  await newGame({ position: header("Position") || "", moves: text });
  $("record-in").value = "";
}

function show(state) {
  game = state;
  clicks = [];
  history.replaceState(null, "", "#game=" + state.id);
  $("variant").value = state.variant;
  fillRules();
  $("rules").value = state.rules;
  $("board").innerHTML = state.svg;
  $("position").value = state.position;
  $("help").textContent = state.notation_help;
  $("record").href = "/api/games/" + state.id + "/record";
  $("record").download = state.variant + "-game.txt";
  // One line per move number: White's turn, then Black's (each one move, or several
  // actions in Tiling Rider).
  const list = $("moves");
  list.innerHTML = "";
  let li = null;
  state.moves_played.forEach((text, i) => {
    const side = state.sides[i];
    if (!li || (side === "white" && state.sides[i - 1] !== "white")) {
      li = document.createElement("li");
      if (side === "black") li.append(Object.assign(document.createElement("span"), { textContent: "…", className: "gap" }));
      list.append(li);
    }
    if (i > 0 && side !== state.sides[i - 1] && side === "black") li.append(Object.assign(document.createElement("span"), { className: "sep" }));
    li.append(Object.assign(document.createElement("span"), { textContent: text, className: "mv " + side }));
  });
  list.scrollTop = list.scrollHeight;
  let status;
  if (state.outcome) status = "Game over: " + state.outcome.text;
  else if (state.status === "undecided") status = "The outcome could not be decided within the budget";
  else {
    status = cap(state.turn) + " to move";
    if (state.turn_moves > 0 || state.legal.some((m) => m.picks.length === 0))
      status += " · moves made this turn: " + state.turn_moves;
  }
  $("status").textContent = status;
  for (const cell of $("board").querySelectorAll(".cell")) cell.onclick = () => clickCell(cell.dataset.cell);
  redraw();
}

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

// The legal moves whose first clicks are `cs`.
function candidates(cs) {
  return game.legal.filter((m) => m.picks.length >= cs.length && cs.every((c, i) => m.picks[i].includes(c)));
}

function clickCell(cell) {
  if (!game || busy || computerToMove()) return;
  let next = [...clicks, cell];
  if (candidates(next).length === 0) next = [cell];
  const moves = candidates(next);
  if (moves.length === 0) {
    clicks = [];
    redraw();
    return;
  }
  clicks = next;
  const complete = moves.filter((m) => m.picks.length === clicks.length);
  if (complete.length === 1 && moves.length === 1) {
    play(complete[0].text);
  } else {
    redraw();
  }
}

function overlay(cell, cls) {
  const svg = $("board").querySelector("svg");
  const base = svg && svg.querySelector('.cell[data-cell="' + CSS.escape(cell) + '"]');
  if (!base) return null;
  const copy = base.cloneNode(false);
  copy.removeAttribute("data-cell");
  copy.setAttribute("class", cls);
  copy.removeAttribute("fill");
  copy.removeAttribute("fill-opacity");
  base.after(copy); // under the pieces
  return copy;
}

function centre(cell) {
  const el = $("board").querySelector('.cell[data-cell="' + CSS.escape(cell) + '"]');
  if (!el) return null;
  const b = el.getBBox();
  return [b.x + b.width / 2, b.y + b.height / 2];
}

// Marks the clicked cells, the cells that may come next, and (for moves complete or one
// click away) the other cells they change: a sling's throw drawn as a line.
function redraw() {
  const board = $("board");
  for (const el of board.querySelectorAll(".hl, .sel, .also, .path")) el.remove();
  $("choice").innerHTML = "";
  $("actions").innerHTML = "";
  if (!game) return;
  const moves = candidates(clicks);
  const selected = new Set();
  clicks.forEach((c, i) => {
    for (const m of moves) for (const g of m.picks[i].includes(c) ? [m.picks[i]] : []) for (const x of g) selected.add(x);
  });
  for (const c of selected) overlay(c, "sel");
  if (clicks.length === 0) {
    $("hint").textContent = game.outcome ? "" : "Click a piece (or a cell to place on) to see its moves.";
  } else {
    const next = new Set();
    for (const m of moves) if (m.picks.length > clicks.length) for (const c of m.picks[clicks.length]) next.add(c);
    for (const c of next) {
      const el = overlay(c, "hl");
      if (el) el.dataset.target = c;
    }
    const also = new Set();
    for (const m of moves) if (m.picks.length <= clicks.length + 1 && m.also.length) for (const c of m.also) also.add(c);
    for (const c of also) overlay(c, "also");
    for (const m of moves) {
      if (m.picks.length > clicks.length + 1 || m.also.length < 2) continue;
      const [a, b] = [centre(m.also[0]), centre(m.also[1])];
      if (!a || !b) continue;
      const line = document.createElementNS("http://www.w3.org/2000/svg", "line");
      line.setAttribute("class", "path");
      line.setAttribute("x1", a[0]); line.setAttribute("y1", a[1]);
      line.setAttribute("x2", b[0]); line.setAttribute("y2", b[1]);
      board.querySelector("svg").append(line);
    }
    const complete = moves.filter((m) => m.picks.length === clicks.length);
    $("hint").textContent = "Selected " + clicks.join(", ") + ": " +
      (complete.length === moves.length ? "choose the move." : "click a highlighted cell (" + moves.length + " move" + (moves.length === 1 ? "" : "s") + ").");
    if (complete.length > 0) {
      $("choice").append("Choose: ");
      for (const m of complete) $("choice").append(button(m.text, m.text, "choice"));
    }
  }
  // Moves made by no click (Tiling Rider's "end turn").
  for (const m of game.legal) {
    if (m.picks.length > 0) continue;
    const label = m.text === ";" ? "End turn (" + game.turn_moves + " move" + (game.turn_moves === 1 ? "" : "s") + " made)" : m.text;
    $("actions").append(button(label, m.text, "end-turn"));
  }
}

function button(label, text, cls) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  b.className = cls;
  b.dataset.move = text;
  b.onclick = () => play(text);
  return b;
}

async function play(text) {
  if (busy) return;
  busy = true;
  showError(null);
  try {
    show(await api("POST", "/api/games/" + game.id + "/move", { move: text }));
  } catch (e) {
    showError(e);
    clicks = [];
    redraw();
  } finally {
    busy = false;
  }
  computerTurn();
}

async function undo() {
  if (busy || !game) return;
  busy = true;
  showError(null);
  try {
    show(await api("POST", "/api/games/" + game.id + "/undo"));
    // Against the computer, take back to the player's own turn.
    while (computerToMove() && game.moves_played.length > 0) show(await api("POST", "/api/games/" + game.id + "/undo"));
  } catch (e) {
    showError(e);
  } finally {
    busy = false;
  }
  computerTurn(); // the computer's own first move taken back: it plays again
}

function computerToMove() {
  const mode = $("mode").value;
  return game && !game.outcome && game.status === "ongoing" && mode !== "human" && game.turn === mode;
}

async function computerTurn() {
  if (busy) return;
  busy = true;
  try {
    while (computerToMove()) {
      $("hint").textContent = "The computer is thinking…";
      const ms = Math.round(Math.min(10, Math.max(0.05, parseFloat($("time").value) || 1)) * 1000);
      const id = game.id;
      const state = await api("POST", "/api/games/" + id + "/computer", { time_ms: ms });
      if (game.id !== id) break;
      show(state);
    }
  } catch (e) {
    showError(e);
  } finally {
    busy = false;
    if (game) redraw();
  }
}

start().catch(showError);
