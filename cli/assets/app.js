// Chimera's page: everything it knows of the rules comes from the server's JSON API.
// A move is made by clicking (or tapping) its cells in order: the state names the first
// clicks, and the server says, click by click, where the next click may go and which
// moves each one makes (`/api/games/ID/moves?clicks=`). Moves sharing all their clicks (a
// promotion's choices) are offered as buttons.
"use strict";

const $ = (id) => document.getElementById(id);
let variants = [];
let game = null; // the state the server last sent
let clicks = []; // the cells clicked so far for the next move
let options = null; // the server's answer for `clicks`: {complete, next}
let busy = false; // a move or an undo is on its way
let generation = 0; // bumped by every new game: answers for an older one are dropped
let cursor = null; // the keyboard's cell
let viewing = null; // the number of moves of the earlier position shown, or null: the game now
let pending = 0; // requests on their way
let queued = 0; // clicks not yet taken
// The engine's analysis of the position shown: whether it is on, its stream of events, and
// the last event (with the game's id).
const analysis = { on: false, source: null, last: null, retry: null };
const ANALYSIS_MS = 20000; // each position is analysed for at most this long
// The score graph: White's chances after each number of moves (for `moves`), and its stream.
let graph = { id: null, moves: [], values: [], labels: [], source: null };
let drag = null; // a piece being dragged: {from, x, y, moved, id}

// Whether the page waits for nothing (no request on its way, no move being made).
function idle() {
  return !busy && pending === 0 && queued === 0;
}

async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  pending++;
  let response, data;
  try {
    response = await fetch(path, init);
    data = await response.json();
  } finally {
    pending--;
  }
  if (!response.ok) throw Object.assign(new Error(data.error || response.statusText), { status: response.status });
  return data;
}

function showError(e) {
  $("error").textContent = e ? String(e.message || e) : "";
}

async function start() {
  variants = (await api("GET", "/api/variants")).variants;
  for (const v of variants) $("variant").add(new Option(v.name, v.name));
  // Another variant or rule set starts its standard game at once.
  $("variant").onchange = () => { fillRules(); newGame({ position: "" }); };
  $("rules").onchange = () => { fillStarts(); newGame({ position: "" }); };
  $("start").onchange = () => { startChoice = $("start").value; newGame({ position: "" }); };
  $("setup").onsubmit = (e) => { e.preventDefault(); newGame({}); };
  $("record-in").onchange = loadRecord;
  $("undo").onclick = undo;
  $("flip").onclick = flip;
  $("analyse").onchange = () => setAnalysis($("analyse").checked);
  $("graph").onclick = graphClick;
  setupDrag();
  $("stop").onclick = stopComputer;
  $("first").onclick = () => view(0);
  $("back").onclick = () => view((viewing ?? game.moves_played.length) - 1);
  $("forward").onclick = () => view((viewing ?? game.moves_played.length) + 1);
  $("last").onclick = () => view(game.moves_played.length);
  $("branch").onclick = branch;
  $("copy").onclick = () => { $("position").select(); navigator.clipboard?.writeText($("position").value); };
  $("mode").onchange = () => { saveSettings(); computerTurn(); };
  $("time").onchange = saveSettings;
  $("board").onkeydown = boardKey;
  document.onkeydown = pageKey;
  const saved = JSON.parse(localStorage.getItem("chimera-settings") || "{}");
  if (saved.mode) $("mode").value = saved.mode;
  if (saved.time) $("time").value = saved.time;
  analysis.on = $("analyse").checked = !!saved.analysis;
  const id = new URLSearchParams(location.hash.slice(1)).get("game");
  if (id) {
    try {
      show(await api("GET", "/api/games/" + encodeURIComponent(id)));
      computerTurn();
      return;
    } catch (e) {
      fillRules();
      await newGame({});
      showError("The game " + id + " is not on the server (" + e.message + "): a new game was started.");
      return;
    }
  }
  fillRules();
  await newGame({});
}

function saveSettings() {
  localStorage.setItem("chimera-settings", JSON.stringify({ mode: $("mode").value, time: $("time").value, analysis: analysis.on }));
}

function fillRules() {
  const v = variants.find((v) => v.name === $("variant").value);
  $("rules").innerHTML = "";
  for (const r of v ? v.rule_sets : []) $("rules").add(new Option(r, r));
  fillStarts();
}

// The numbered starts of the rule set chosen (Turtle Shell's shuffle: 0 to 89), or none:
// the Start box is shown only for a rule set that has them. Its choice is kept from one
// rule set to another while it exists.
function startCount() {
  const v = variants.find((v) => v.name === $("variant").value);
  return (v && v.starts && v.starts[$("rules").value]) || 0;
}

let startChoice = "random"; // the Start box's last choice (kept while the boxes are refilled)

function fillStarts() {
  const count = startCount();
  const box = $("start");
  $("start-box").hidden = count === 0;
  if (box.options.length !== (count > 0 ? count + 1 : 0)) {
    box.innerHTML = "";
    if (count > 0) box.add(new Option("random", "random"));
    for (let n = 0; n < count; n++) box.add(new Option(String(n), String(n)));
  }
  if (count > 0) box.value = startChoice === "random" || Number(startChoice) < count ? startChoice : "random";
}

// The Variant and Rules boxes show the game on the board.
function syncSetup() {
  if (!game) return;
  $("variant").value = game.variant;
  fillRules();
  $("rules").value = game.rules;
  fillStarts();
}

// A new game always starts, whatever is under way: the old game's search is stopped and
// answers about it are dropped.
async function newGame(extra) {
  showError(null);
  const request = { variant: $("variant").value, rules: $("rules").value, ...extra };
  const position = $("position-in").value.trim();
  if (position && request.position === undefined) request.position = position;
  // A chosen numbered start, unless a position or a record's moves are given.
  const start = $("start").value;
  if (startCount() > 0 && start !== "random" && !request.position && !request.moves) request.start = Number(start);
  const mine = ++generation;
  if (game && game.thinking) stopComputer();
  try {
    const state = await api("POST", "/api/games", request);
    if (mine !== generation) return;
    busy = false;
    show(state);
    $("paste").open = false;
  } catch (e) {
    if (mine !== generation) return;
    syncSetup(); // the boxes go back to the game still on the board
    showError(e);
    return;
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
  viewing = null;
  $("branch").hidden = true;
  clicks = [];
  options = null;
  history.replaceState(null, "", "#game=" + state.id);
  syncSetup();
  $("title").textContent = state.variant + (state.rules !== "standard" ? " · " + state.rules : "") +
    (state.start !== null && state.start !== undefined ? " · start " + state.start : "");
  document.title = "Chimera · " + state.variant;
  $("board").innerHTML = state.svg;
  addArrowhead();
  $("position").value = state.position;
  $("help").textContent = state.notation_help;
  $("record").href = "/api/games/" + state.id + "/record";
  $("record").download = state.variant + "-game.txt";
  showMoves(state);
  for (const cell of $("board").querySelectorAll(".cell")) cell.onclick = () => clickCell(cell.dataset.cell);
  redraw();
  analyse();
  updateGraph();
}

// The turns of a game: the moves made by one side in a row (one move, or a Tiling Rider
// turn's actions), each as the indices of its moves.
function turnsOf(state) {
  const turns = [];
  state.moves_played.forEach((_, i) => {
    const side = state.sides[i];
    const last = turns[turns.length - 1];
    if (last && last.side === side) last.plies.push(i);
    else turns.push({ side, plies: [i] });
  });
  return turns;
}

// One move of the list: clicking it shows the position after it. A Triagonal move shows
// its Jack placement apart from its move; Tiling Rider's end of turn is faint.
function moveSpan(state, i) {
  const text = state.moves_played[i];
  const span = document.createElement("span");
  span.className = "mv " + state.sides[i];
  span.dataset.ply = i + 1;
  span.setAttribute("role", "listitem");
  span.onclick = () => view(i + 1);
  const cut = text.lastIndexOf(",");
  if (text.startsWith("J@") && cut > 0) {
    span.append(Object.assign(document.createElement("span"), { className: "drop", textContent: text.slice(0, cut + 1) }), text.slice(cut + 1));
  } else {
    if (text === ";") span.classList.add("end");
    span.textContent = text;
  }
  return span;
}

// The move list, a turn a line: numbered pairs (White's move, Black's) where every turn is
// one move; a line per turn, numbered and named, where a turn may have several actions.
function showMoves(state) {
  const list = $("moves");
  list.innerHTML = "";
  const turns = turnsOf(state);
  const several = state.variant === "tiling-rider" || turns.some((t) => t.plies.length > 1);
  list.classList.toggle("turns", several);
  const add = (cls, text) => {
    const div = Object.assign(document.createElement("div"), { className: cls });
    if (text) div.textContent = text;
    list.append(div);
    return div;
  };
  let number = 0;
  let row = null;
  for (const t of turns) {
    if (several) {
      if (t.side === "white" || number === 0) number++;
      add("num", number + (t.side === "white" ? "." : "…"));
      const line = add("turn " + t.side);
      for (const i of t.plies) line.append(moveSpan(state, i));
      continue;
    }
    if (t.side === "white" || !row || row.black) {
      number++;
      add("num", number + ".");
      row = { white: add("turn white", t.side === "black" ? "…" : ""), black: null };
    }
    if (t.side === "white") row.white.append(moveSpan(state, t.plies[0]));
    else {
      row.black = add("turn black");
      row.black.append(moveSpan(state, t.plies[0]));
    }
  }
  if (row && !row.black && !several) add("turn black");
  markCurrent();
}

// The move of the position shown, marked in the list (which scrolls to it; the page does
// not move).
function markCurrent() {
  if (!game) return;
  const ply = shownPly();
  const list = $("moves");
  for (const m of list.querySelectorAll(".mv")) {
    const cur = Number(m.dataset.ply) === ply;
    m.classList.toggle("cur", cur);
    if (!cur) continue;
    const [r, l] = [m.getBoundingClientRect(), list.getBoundingClientRect()];
    if (r.top < l.top || r.bottom > l.bottom) list.scrollTop += r.top - l.top - l.height / 2;
  }
  if (ply === game.moves_played.length && viewing === null) list.scrollTop = list.scrollHeight;
}

// The number of moves of the position on the board.
function shownPly() {
  return viewing ?? (game ? game.moves_played.length : 0);
}

function statusText() {
  if (game.outcome) return "Game over: " + game.outcome.text;
  if (game.status === "undecided") return "The outcome could not be decided within the budget";
  let status = cap(game.turn) + " to move";
  if (game.turn_moves > 0 || game.actions.length > 0) status += " · moves made this turn: " + game.turn_moves;
  if (game.thinking) status += " · the computer is thinking";
  return status;
}

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

// The moves that go on from `cs` (the server's answer), or null if none does.
async function movesAfter(cs) {
  const id = game.id;
  const answer = await api("GET", "/api/games/" + id + "/moves?clicks=" + cs.map(encodeURIComponent).join(","));
  if (!game || game.id !== id) return null;
  return answer.complete.length + answer.next.length > 0 ? answer : null;
}

// Clicks are taken in order: a click waits for the server's answer to the one before.
let clickChain = Promise.resolve();
function clickCell(cell) {
  queued++;
  clickChain = clickChain.then(() => takeClick(cell)).finally(() => { queued--; });
  return clickChain;
}

async function takeClick(cell) {
  if (!game || viewing !== null || busy || computerToMove() || game.thinking) return;
  cursor = cell;
  const state = game;
  try {
    let next = [...clicks, cell];
    let found = clicks.length > 0 && options && options.next.some((n) => n.cells.includes(cell)) ? await movesAfter(next) : null;
    if (!found) {
      next = [cell];
      found = game.starts.some((g) => g.includes(cell)) ? await movesAfter(next) : null;
    }
    if (game !== state) return;
    if (!found) {
      clicks = [];
      options = null;
      redraw();
      return;
    }
    clicks = next;
    options = found;
    if (found.next.length === 0 && found.complete.length === 1) play(found.complete[0].text);
    else redraw();
  } catch (e) {
    showError(e);
  }
}

// The SVG marker drawn at the end of a throw's or a best move's line.
function addArrowhead() {
  const svg = $("board").querySelector("svg");
  if (!svg) return;
  const ns = "http://www.w3.org/2000/svg";
  const defs = document.createElementNS(ns, "defs");
  for (const [id, colour, size] of [["arrowhead", "#d9261e", "4"], ["besthead", "#15781b", "3"]]) {
    const marker = document.createElementNS(ns, "marker");
    for (const [k, v] of Object.entries({ id, viewBox: "0 0 10 10", refX: "6", refY: "5", markerWidth: size, markerHeight: size, orient: "auto-start-reverse" })) marker.setAttribute(k, v);
    const path = document.createElementNS(ns, "path");
    path.setAttribute("d", "M 0 0 L 10 5 L 0 10 z");
    path.setAttribute("fill", colour);
    path.setAttribute("fill-opacity", id === "besthead" ? "0.7" : "1");
    marker.append(path);
    defs.append(marker);
  }
  svg.prepend(defs);
}

function cellEl(cell) {
  return $("board").querySelector('.cell[data-cell="' + CSS.escape(cell) + '"]');
}

function overlay(cell, cls) {
  const base = cellEl(cell);
  if (!base) return null;
  const copy = base.cloneNode(false);
  copy.removeAttribute("data-cell");
  copy.removeAttribute("id");
  copy.setAttribute("class", cls);
  copy.removeAttribute("fill");
  copy.removeAttribute("fill-opacity");
  base.after(copy); // under the pieces
  return copy;
}

function centre(cell) {
  const el = cellEl(cell);
  if (!el) return null;
  const b = el.getBBox();
  return [b.x + b.width / 2, b.y + b.height / 2];
}

// The letter or figure drawn on a cell (found by where it is drawn), or "".
function pieceOn(cell) {
  const c = cellEl(cell);
  if (!c) return "";
  const b = c.getBBox();
  for (const t of $("board").querySelectorAll("svg text")) {
    const tb = t.getBBox();
    const [x, y] = [tb.x + tb.width / 2, tb.y + tb.height / 2];
    const label = t.textContent.trim();
    // (A hand's box also shows its count: a number is not the piece.)
    if (x > b.x && x < b.x + b.width && y > b.y && y < b.y + b.height && label.length <= 3 && !/^\d+$/.test(label)) return label;
  }
  return "";
}

// What a move does, in words, beyond going where it goes.
function describe(move, dest) {
  const t = move.text;
  const parts = [];
  if (game.variant === "triagonal" && t.includes("@")) {
    const jacks = t.split(",").filter((p) => p.startsWith("J@")).map((p) => p.slice(2));
    parts.push("Jacks placed on " + jacks.join(" and "));
  }
  // A piece from a hand (a box named like `W:P@`): dropped.
  const hand = (clicks[0] || "").match(/^[WB]:([A-Za-z]+)@$/);
  if (hand) parts.push("drops " + hand[1] + " from the hand");
  if (game.variant === "turnover") parts.push(turnoverNote(clicks[0], dest));
  if (game.variant === "tiling-rider") {
    const m = t.match(/^([WFGNK])[a-z]/);
    parts.push(m ? (m[1] === "K" ? "the giant king (its 4 squares) moves" : "the aggregate of 4 moves as one") : "a single piece moves");
  }
  if (move.also.length >= 2) {
    if (game.variant === "turret") {
      const piece = pieceOn(move.also[0]);
      parts.push("throws " + (piece ? piece + " " : "the piece ") + "from " + move.also[0] + " to " + move.also[1]);
    } else {
      parts.push("also moves " + move.also[0] + " → " + move.also[1]);
    }
  }
  if (/x/.test(t.replace(/^[A-Z]/, ""))) parts.push("captures");
  if (/[=*]/.test(t) || /[a-j]\d+[a-j]\d+[qrbntz]$/.test(t)) parts.push(/=|[qrbntz]$/.test(t) ? "promotes" : "turns over");
  return dest + (parts.length ? ": " + parts.join("; ") : "");
}

// The rings on a Turnover cell, from the position text (ranks 8 to 1, files a to h; a
// digit skips cells, a ring is a letter, a stack is in brackets; White in capitals).
function turnoverStack(cell) {
  const file = cell.charCodeAt(0) - 97;
  const rank = parseInt(cell.slice(1), 10);
  const rows = game.position.split(" ")[0].split("/");
  const row = rows[rows.length - rank] || "";
  let f = 0;
  for (const token of row.match(/\d+|\[[^\]]*\]|[A-Za-z]/g) || []) {
    if (/^\d/.test(token)) { f += parseInt(token, 10); continue; }
    if (f === file) return token.replace(/[\[\]]/g, "");
    f += 1;
  }
  return "";
}

// Which rings of a Turnover stack travel (the notation's rules: a Castle steps whole or
// dismounts its Wall two squares straight forward; a Citadel moves only its Fort; a
// Fortress only its Wall), and what they do where they land.
function turnoverNote(from, to) {
  if (!from || !to) return "";
  const stack = turnoverStack(from);
  const rings = stack.toUpperCase();
  const white = stack !== stack.toLowerCase();
  const has = (r) => rings.includes(r);
  let moving = rings;
  let note;
  if (rings.length === 3 && has("T") && has("F") && has("W")) {
    const dismount = from[0] === to[0] && Math.abs(parseInt(to.slice(1), 10) - parseInt(from.slice(1), 10)) === 2;
    moving = dismount ? "W" : rings;
    note = dismount ? "the Wall splits off, a Citadel (TF) stays on " + from : "the whole Castle moves";
  } else if (rings.length === 2 && has("T") && has("F")) {
    moving = "F";
    note = "only the Fort moves, the Tower stays on " + from;
  } else if (rings.length === 2 && has("F") && has("W")) {
    moving = "W";
    note = "only the Wall leaps, the Fort stays on " + from;
  } else {
    note = "the whole stack (" + rings + ") moves";
  }
  const target = turnoverStack(to);
  if (target) {
    const friend = (target !== target.toLowerCase()) === white;
    const shared = [...moving].some((r) => target.toUpperCase().includes(r));
    note += friend ? ", merging with " + target.toUpperCase() : shared ? ", capturing " + target.toUpperCase() : ", turning " + target.toUpperCase() + " over (merged, now yours)";
  }
  return note;
}

// The centre of a click's cells (one cell, or a unit's four squares).
function groupCentre(cells) {
  const points = cells.map(centre).filter((p) => p);
  if (points.length === 0) return null;
  return [0, 1].map((k) => points.reduce((s, p) => s + p[k], 0) / points.length);
}

// The engine's best move in the position shown, as lichess draws it: an arrow from the
// piece to where it goes (a circle on each cell clicked before: Triagonal's Jacks).
function drawBest() {
  const d = analysis.on && analysis.last;
  if (!d || !game || d.id !== game.id || d.ply !== shownPly() || !d.arrow || d.arrow.length === 0) return;
  const svg = $("board").querySelector("svg");
  const ns = "http://www.w3.org/2000/svg";
  const groups = d.arrow;
  for (const g of groups.length >= 2 ? groups.slice(0, -2) : groups) {
    const p = groupCentre(g);
    const base = cellEl(g[0]);
    if (!p || !base) continue;
    const b = base.getBBox();
    const circle = document.createElementNS(ns, "circle");
    circle.setAttribute("class", "bestdot");
    circle.setAttribute("cx", p[0]); circle.setAttribute("cy", p[1]);
    circle.setAttribute("r", Math.min(b.width, b.height) * 0.42);
    svg.append(circle);
  }
  if (groups.length < 2) return;
  const [p, q] = [groupCentre(groups[groups.length - 2]), groupCentre(groups[groups.length - 1])];
  if (!p || !q) return;
  // The line stops short of the centre, so that the head points at the cell.
  const len = Math.hypot(q[0] - p[0], q[1] - p[1]) || 1;
  const b = cellEl(groups[groups.length - 1][0]).getBBox();
  const back = Math.min(len / 3, Math.min(b.width, b.height) * 0.25);
  const line = document.createElementNS(ns, "line");
  line.setAttribute("class", "best");
  line.setAttribute("x1", p[0]); line.setAttribute("y1", p[1]);
  line.setAttribute("x2", q[0] - ((q[0] - p[0]) * back) / len); line.setAttribute("y2", q[1] - ((q[1] - p[1]) * back) / len);
  line.dataset.move = d.best;
  svg.append(line);
}

function drawPath(a, b) {
  const [p, q] = [centre(a), centre(b)];
  if (!p || !q) return;
  const line = document.createElementNS("http://www.w3.org/2000/svg", "line");
  line.setAttribute("class", "path");
  line.setAttribute("x1", p[0]); line.setAttribute("y1", p[1]);
  line.setAttribute("x2", q[0]); line.setAttribute("y2", q[1]);
  $("board").querySelector("svg").append(line);
}

// Marks the clicked cells, the cells that may come next (with what each does, listed
// below the board: hovering one shows its throw), and the keyboard's cursor.
function redraw(hot) {
  const board = $("board");
  for (const el of board.querySelectorAll(".hl, .sel, .also, .path, .cur, .best, .bestdot")) el.remove();
  $("choice").innerHTML = "";
  $("actions").innerHTML = "";
  $("dests").innerHTML = "";
  $("stop").hidden = !(game && game.thinking);
  if (!game) return;
  $("status").textContent = statusText();
  for (const c of clicks) overlay(c, "sel");
  if (cursor) overlay(cursor, "cur");
  drawBest();
  if (!options) {
    $("hint").textContent = game.outcome || game.thinking ? "" : "Click or tap a piece (or a piece in hand, or a cell to place on) to see its moves.";
  } else {
    showOptions(hot);
  }
  // The pieces in the mover's hand (Turtle Shell's drops: boxes named like `W:P@` below
  // the board), also as buttons, large enough for a finger: a tap selects the piece.
  if (viewing === null && !game.thinking) {
    for (const group of game.starts) {
      const hand = group[0].match(/^([WB]):([A-Za-z]+)@$/);
      if (!hand) continue;
      const b = document.createElement("button");
      b.type = "button";
      b.className = "hand" + (clicks[0] === group[0] ? " on" : "");
      b.dataset.cell = group[0];
      b.textContent = "Drop " + hand[2] + " from the hand";
      b.onclick = () => clickCell(group[0]);
      $("actions").append(b);
    }
  }
  // Moves made by no click (Tiling Rider's "end turn").
  for (const text of game.actions) {
    const label = text === ";" ? "End turn (" + game.turn_moves + " move" + (game.turn_moves === 1 ? "" : "s") + " made)" : text;
    $("actions").append(button(label, text, "end-turn"));
  }
}

function showOptions(hot) {
  for (const n of options.next) {
    for (const c of n.cells) {
      const el = overlay(c, "hl" + (hot === n ? " hot" : ""));
      if (el) el.dataset.target = c;
    }
    const shown = hot ? hot === n : options.next.length <= 12;
    for (const m of shown ? n.moves : []) if (m.also.length >= 2) drawPath(m.also[0], m.also[1]);
    for (const m of n.moves) {
      const li = document.createElement("li");
      li.textContent = describe(m, n.cells[0]);
      li.className = hot === n ? "hot" : "";
      li.onmouseenter = () => redraw(n);
      li.onclick = () => clickCell(n.cells[0]);
      $("dests").append(li);
    }
    if (n.further > 0 && n.moves.length === 0 && options.next.length <= 40) {
      const li = document.createElement("li");
      li.textContent = n.cells[0] + ": then " + n.further + " move" + (n.further === 1 ? "" : "s");
      li.onclick = () => clickCell(n.cells[0]);
      $("dests").append(li);
    }
  }
  const count = options.next.reduce((s, n) => s + n.moves.length + n.further, 0);
  $("hint").textContent = "Selected " + clicks.join(", ") + ": " +
    (options.next.length === 0 ? "choose the move." : "click a highlighted cell (" + count + " move" + (count === 1 ? "" : "s") + ").");
  if (options.complete.length > 0) {
    $("choice").append("Choose: ");
    for (const m of options.complete) $("choice").append(button(m.text, m.text, "choice"));
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
  if (busy || !game) return;
  const mine = generation;
  busy = true;
  showError(null);
  try {
    const state = await api("POST", "/api/games/" + game.id + "/move", { move: text });
    if (mine !== generation) return;
    show(state);
  } catch (e) {
    if (mine !== generation) return;
    showError(e);
    clicks = [];
    options = null;
    redraw();
  } finally {
    if (mine === generation) busy = false;
  }
  computerTurn();
}

async function undo() {
  if (busy || !game) return;
  if (game.thinking) await stopComputer();
  const mine = generation;
  busy = true;
  showError(null);
  try {
    let state = await api("POST", "/api/games/" + game.id + "/undo");
    // Against the computer, take back to the player's own turn.
    while (mine === generation && computerToMoveIn(state) && state.moves_played.length > 0) state = await api("POST", "/api/games/" + state.id + "/undo");
    if (mine === generation) show(state);
  } catch (e) {
    if (mine === generation) showError(e);
  } finally {
    if (mine === generation) busy = false;
  }
  computerTurn(); // the computer's own first move taken back: it plays again
}

async function stopComputer() {
  if (!game) return;
  try {
    await api("POST", "/api/games/" + game.id + "/stop");
  } catch (e) {
    showError(e);
  }
}

function computerToMoveIn(state) {
  const mode = $("mode").value;
  return state && !state.outcome && state.status === "ongoing" && mode !== "human" && state.turn === mode;
}

function computerToMove() {
  return computerToMoveIn(game);
}

// The computer plays while it is its turn in the game on the board; an answer about a game
// no longer on the board is dropped.
async function computerTurn() {
  if (busy || !game || game.thinking) return;
  const mine = generation;
  busy = true;
  try {
    while (mine === generation && computerToMove()) {
      const ms = Math.round(Math.min(10, Math.max(0.05, parseFloat($("time").value) || 1)) * 1000);
      const id = game.id;
      game.thinking = { time_ms: ms };
      stopAnalysis(); // the engine's time goes to the computer's move
      redraw();
      const state = await api("POST", "/api/games/" + id + "/computer", { time_ms: ms });
      if (mine !== generation || game.id !== id) return;
      show(state);
    }
  } catch (e) {
    if (mine !== generation) return;
    showError(e);
    try { show(await api("GET", "/api/games/" + game.id)); } catch (_) { /* keep the board */ }
  } finally {
    if (mine === generation) {
      busy = false;
      if (game) redraw();
    }
  }
}

// The keyboard on the board: arrows move the cursor to the nearest cell that way, Enter or
// Space clicks it, Escape clears the selection.
function boardKey(e) {
  if (!game) return;
  const dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  if (e.key in dirs) {
    e.preventDefault();
    let [dx, dy] = dirs[e.key];
    if ($("board").classList.contains("flipped")) [dx, dy] = [-dx, -dy];
    cursor = nearest(cursor, dx, dy);
    redraw();
  } else if ((e.key === "Enter" || e.key === " ") && cursor) {
    e.preventDefault();
    clickCell(cursor);
  } else if (e.key === "Escape") {
    $("ghost")?.remove();
    drag = null;
    clicks = [];
    options = null;
    redraw();
  }
}

function nearest(from, dx, dy) {
  const cells = [...$("board").querySelectorAll(".cell")].map((c) => c.dataset.cell);
  if (!from) return (game.starts[0] || [cells[0]])[0];
  const p = centre(from);
  let best = null;
  let bestScore = Infinity;
  for (const c of cells) {
    const q = centre(c);
    const [vx, vy] = [q[0] - p[0], q[1] - p[1]];
    const along = vx * dx + vy * dy;
    if (along <= 1) continue;
    const across = Math.abs(vx * dy - vy * dx);
    const score = along + 2 * across;
    if (score < bestScore) { bestScore = score; best = c; }
  }
  return best || from;
}

// Shows the game as it was after its first `ply` moves (the game itself goes on: its
// moves are made on the position now, back with ▶|).
async function view(ply) {
  if (!game || busy) return;
  const total = game.moves_played.length;
  ply = Math.max(0, Math.min(total, ply));
  if (ply === total) {
    if (viewing !== null) show(game);
    return;
  }
  const id = game.id;
  try {
    const at = await api("GET", "/api/games/" + id + "/at?ply=" + ply);
    if (!game || game.id !== id) return;
    viewing = ply;
    clicks = [];
    options = null;
    $("board").innerHTML = at.svg;
    addArrowhead();
    $("position").value = at.position;
    $("branch").hidden = false;
    redraw();
    $("status").textContent = "Viewing the position after " + ply + " of " + total + " moves (" + cap(at.turn) + " to move) · ▶| for the game now";
    $("hint").textContent = "";
    markCurrent();
    drawGraph();
    analyse();
  } catch (e) {
    showError(e);
  }
}

// A new game from the position shown: its first moves, then a variation of your own.
async function branch() {
  if (!game || viewing === null) return;
  const moves = game.moves_played.slice(0, viewing).join(" ");
  $("variant").value = game.variant;
  fillRules();
  $("rules").value = game.rules;
  await newGame({ position: game.start_position || "", moves });
}

function pageKey(e) {
  const tag = (e.target.tagName || "").toLowerCase();
  if (tag === "input" || tag === "textarea" || tag === "select" || e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.target.id !== "board" && game) {
    const total = game.moves_played.length;
    const at = viewing ?? total;
    const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: total, ArrowUp: 0, ArrowDown: total }[e.key];
    if (to !== undefined) {
      e.preventDefault();
      view(to);
      return;
    }
  }
  if (e.key === "u" || e.key === "U") undo();
  else if (e.key === "f" || e.key === "F") flip();
  else if (e.key === "l" || e.key === "L") setAnalysis(!analysis.on);
}

function flip() {
  $("board").classList.toggle("flipped");
  $("boardwrap").classList.toggle("flipped", $("board").classList.contains("flipped"));
}

// ---- The engine's analysis -------------------------------------------------------------

function setAnalysis(on) {
  analysis.on = on;
  $("analyse").checked = on;
  saveSettings();
  analyse();
  updateGraph();
}

function stopAnalysis() {
  clearTimeout(analysis.retry);
  if (analysis.source) analysis.source.close();
  analysis.source = null;
}

// Streams the engine's findings on the position shown (a new position closes the old
// stream, which stops its search on the server).
function analyse() {
  stopAnalysis();
  if (!analysis.on || !game) return showEval();
  const ply = shownPly();
  const id = game.id;
  if (analysis.last && (analysis.last.id !== id || analysis.last.ply !== ply)) analysis.last = null;
  if (game.thinking) return showEval("the computer is thinking");
  const source = new EventSource("/api/games/" + id + "/analysis?ply=" + ply + "&time_ms=" + ANALYSIS_MS);
  analysis.source = source;
  let heard = false;
  source.onmessage = (e) => {
    if (analysis.source !== source) return;
    heard = true;
    const d = JSON.parse(e.data);
    if (d.done) stopAnalysis();
    if (d.error && !d.best) return showEval(d.error);
    analysis.last = { ...d, id };
    showEval();
    redraw();
  };
  source.onerror = () => {
    if (analysis.source !== source) return;
    stopAnalysis();
    if (!heard) {
      showEval("the engine is busy: trying again");
      analysis.retry = setTimeout(analyse, 1500);
    }
  };
  showEval();
}

const kilo = (n) => (n >= 1e6 ? (n / 1e6).toFixed(1) + "M" : n >= 1e3 ? Math.round(n / 1e3) + "k" : String(n));

// The analysis box and the evaluation bar.
function showEval(note) {
  const d = analysis.on && analysis.last;
  $("evalbar").hidden = !analysis.on;
  $("eval-score").textContent = !d ? (analysis.on ? "…" : "") : d.over ? d.over : d.score.replace(/ for White$/, "");
  let info = note || "";
  if (!note && d && !d.over) info = "depth " + d.depth + " · " + kilo(d.nodes) + " nodes · " + kilo(d.nps) + "/s" + (analysis.source ? " · searching" : "");
  else if (!note && analysis.on && !d) info = "searching";
  $("eval-info").textContent = info;
  $("eval-pv").textContent = d && d.pv ? d.pv.join(" ") : "";
  $("evalfill").style.height = 50 + 50 * (d ? d.white : 0) + "%";
  $("evalbar").title = d ? "The engine's evaluation: " + (d.over || d.score) : "The engine's evaluation";
}

// ---- The score graph --------------------------------------------------------------------

function closeGraph() {
  if (graph.source) graph.source.close();
  graph.source = null;
}

// Keeps the graph's values for the moves still played, and asks for the others (the
// positions from the first one not known, each searched a fixed number of nodes).
function updateGraph() {
  if (!game) return;
  if (graph.id !== game.id) {
    closeGraph();
    graph = { id: game.id, moves: [], values: [], labels: [], source: null };
  }
  const moves = game.moves_played;
  let same = 0;
  while (same < graph.moves.length && same < moves.length && graph.moves[same] === moves[same]) same++;
  if (graph.values.length > same + 1 || (graph.source && graph.moves.length > same)) {
    graph.values.length = Math.min(graph.values.length, same + 1);
    graph.labels.length = graph.values.length;
    closeGraph();
  }
  graph.moves = moves.slice();
  drawGraph();
  if (!analysis.on || graph.source || graph.values.length > moves.length) return;
  const source = new EventSource("/api/games/" + game.id + "/graph?from=" + graph.values.length);
  graph.source = source;
  source.onmessage = (e) => {
    if (graph.source !== source) return;
    const d = JSON.parse(e.data);
    if (d.done) {
      closeGraph();
      if (d.complete) updateGraph(); // moves made meanwhile
    } else if (d.ply === graph.values.length) {
      graph.values.push(typeof d.white === "number" ? d.white : null);
      graph.labels.push(d.over || (d.score ? d.score + " (" + d.best + ")" : d.error || ""));
    }
    drawGraph();
  };
  source.onerror = () => {
    if (graph.source !== source) return;
    closeGraph();
    $("graph-note").textContent = "The graph waits for the engine (busy): it goes on after the next move.";
  };
}

function drawGraph() {
  const svg = $("graph");
  const hide = !analysis.on || !game || game.moves_played.length === 0;
  svg.toggleAttribute("hidden", hide); // (an SVG element has no `hidden` property)
  if (hide) {
    $("graph-note").textContent = "";
    return;
  }
  const n = game.moves_played.length;
  svg.setAttribute("viewBox", "0 0 " + n + " 100");
  const points = graph.values.map((w, i) => i + "," + (50 - 50 * (w ?? 0)).toFixed(2));
  let html = "";
  if (points.length > 0) html += '<polygon class="area" points="0,100 ' + points.join(" ") + " " + (points.length - 1) + ',100"/>';
  html += '<line class="mid" x1="0" y1="50" x2="' + n + '" y2="50"/>';
  const now = shownPly();
  html += '<line class="now" x1="' + now + '" y1="0" x2="' + now + '" y2="100"/>';
  // A strip per position, saying its score when pointed at.
  graph.labels.forEach((label, i) => {
    const title = "After " + i + " move" + (i === 1 ? "" : "s") + ": " + label;
    html += '<rect class="hit" x="' + (i - 0.5) + '" y="0" width="1" height="100"><title>' + title.replace(/[<&]/g, (c) => (c === "<" ? "&lt;" : "&amp;")) + "</title></rect>";
  });
  svg.innerHTML = html;
  const known = Math.min(graph.values.length, n + 1);
  $("graph-note").textContent = graph.source ? "Evaluating the game: " + known + " of " + (n + 1) + " positions" : known <= n ? "" : "Score graph: click a point to see that position.";
}

function graphClick(e) {
  if (!game) return;
  const r = $("graph").getBoundingClientRect();
  const n = game.moves_played.length;
  view(Math.round(((e.clientX - r.left) / r.width) * n));
}

// ---- Dragging a piece (mouse or touch): down on it, up where it goes --------------------

function setupDrag() {
  $("board").addEventListener("pointerdown", (e) => {
    const cell = e.target.closest && e.target.closest(".cell");
    if (!cell || e.button > 0 || !game || viewing !== null) return;
    drag = { from: cell.dataset.cell, x: e.clientX, y: e.clientY, moved: false, id: e.pointerId };
  });
  window.addEventListener("pointermove", (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    if (!drag.moved && Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < 8) return;
    if (!drag.moved) {
      drag.moved = true;
      $("board").classList.add("dragging");
      if (clicks[clicks.length - 1] !== drag.from) clickCell(drag.from);
      const ghost = Object.assign(document.createElement("div"), { id: "ghost", textContent: pieceOn(drag.from) || "●" });
      document.body.append(ghost);
    }
    const ghost = $("ghost");
    if (ghost) Object.assign(ghost.style, { left: e.clientX + "px", top: e.clientY + "px" });
    e.preventDefault();
  });
  const end = (e, dropped) => {
    if (!drag || e.pointerId !== drag.id) return;
    const d = drag;
    drag = null;
    $("board").classList.remove("dragging");
    $("ghost")?.remove();
    if (!d.moved || !dropped) return; // a tap: the cell's click takes it
    const under = document.elementFromPoint(e.clientX, e.clientY);
    const target = under && under.closest && under.closest("#board .cell");
    if (target && target.dataset.cell !== d.from) clickCell(target.dataset.cell);
  };
  window.addEventListener("pointerup", (e) => end(e, true));
  window.addEventListener("pointercancel", (e) => end(e, false));
}


start().catch(showError);
