// The explorer's page: the pickers, the picture, the address bar. The engine runs in
// worker.js; this module only sends it requests and shows its answers.

const $ = (id) => document.getElementById(id);
const FAMILIES = ["grid", "queens", "petersen", "path", "cycle", "linked-c4", "complete", "star"];
const EXAMPLE = { grid: "3x4", queens: "5", petersen: "5,2", path: "12", cycle: "10",
  "linked-c4": "4", complete: "5", star: "6", graph6: "" };

let worker = null;
let busy = false;
let current = null; // { spec, game, moves }
let started = 0;
let lastReply = null; // the engine's last move, shown with the values after it

// The position named by the address bar (?graph=grid:3x4&game=node&moves=r1c1,r2c3).
function fromUrl() {
  const q = new URLSearchParams(location.search);
  return { spec: q.get("graph") || "grid:3x4", game: q.get("game") === "arc" ? "arc" : "node",
    moves: q.get("moves") || "" };
}

function toUrl(p) {
  const q = new URLSearchParams({ graph: p.spec, game: p.game });
  if (p.moves) q.set("moves", p.moves);
  return "?" + q.toString();
}

function setPickers(p) {
  $("game").value = p.game;
  const colon = p.spec.indexOf(":");
  const family = colon > 0 ? p.spec.slice(0, colon) : "";
  if (FAMILIES.includes(family)) {
    $("family").value = family;
    $("size").value = p.spec.slice(colon + 1);
  } else {
    $("family").value = "graph6";
    $("g6").value = p.spec;
  }
  showSizeOrG6();
}

function showSizeOrG6() {
  const g6 = $("family").value === "graph6";
  $("size-label").hidden = g6;
  $("g6-label").hidden = !g6;
}

function setBusy(on) {
  busy = on;
  $("stop").disabled = !on;
  $("board").classList.toggle("busy", on);
  if (on) {
    $("undo").disabled = true;
    $("redo").disabled = true;
  }
}

function startWorker() {
  if (worker) worker.terminate();
  worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  worker.onmessage = (event) => answer(event.data);
  worker.onerror = (event) => {
    setBusy(false);
    $("message").textContent = "the engine failed to load: " + (event.message || "unknown error");
  };
}

function send(request) {
  setBusy(true);
  started = performance.now();
  worker.postMessage(request);
}

function open(p, values = true) {
  current = p;
  $("message").textContent = "";
  $("summary").textContent = "";
  $("progress").textContent = "";
  send({ type: "open", spec: p.spec, game: p.game, moves: p.moves, values });
}

function describe(state) {
  const summary = $("summary");
  summary.textContent = "";
  const played = state.history.length;
  const line = document.createElement("div");
  if (state.over) {
    line.textContent = played === 0
      ? "No move at all: the player to move loses."
      : `Game over after ${played} move${played === 1 ? "" : "s"}: the player who made the last move (${state.history[played - 1]}) won.`;
    summary.append(line);
    return;
  }
  if (state.nimber === null || state.nimber === undefined) {
    line.textContent = `${state.moves.length} moves; values not computed yet.`;
  } else {
    const wins = state.moves.filter((m) => m.wins).map((m) => m.label);
    line.innerHTML = "";
    const nim = document.createElement("span");
    nim.id = "nimber";
    nim.textContent = `Nimber ${state.nimber}`;
    line.append(nim, document.createTextNode(": "));
    const verdict = document.createElement("span");
    if (wins.length) {
      verdict.className = "win";
      verdict.textContent = `the player to move wins (${wins.length} winning move${wins.length === 1 ? "" : "s"}: ${wins.slice(0, 12).join(", ")}${wins.length > 12 ? ", ..." : ""})`;
    } else {
      verdict.textContent = "the player to move loses (no move leaves value 0)";
    }
    line.append(verdict);
  }
  summary.append(line);
  if (played) {
    const hist = document.createElement("div");
    hist.textContent = "Moves: " + state.history.join(", ");
    summary.append(hist);
  }
}

function answer(msg) {
  if (msg.type === "state") {
    current = { spec: msg.state.spec, game: msg.state.game, moves: msg.moves };
    const url = toUrl(current);
    if (url !== location.search) history.pushState(current, "", url);
    $("board").innerHTML = msg.svg;
    describe(msg.state);
    $("undo").disabled = busy || !msg.state.can_undo;
    $("redo").disabled = busy || !msg.state.can_redo;
    $("board").dataset.state = JSON.stringify(msg.state);
  } else if (msg.type === "progress") {
    if (msg.thinking) {
      $("progress").textContent = "the engine is thinking...";
    } else if (msg.done < msg.total) {
      $("progress").textContent = `values: ${msg.done} of ${msg.total} moves`;
    } else {
      const replied = lastReply ? `the engine played ${lastReply}; ` : "";
      lastReply = null;
      $("progress").textContent = replied + (msg.total === 0 ? "no move left"
        : `${msg.total} values in ${Math.round(performance.now() - started)} ms`);
    }
  } else if (msg.type === "done") {
    setBusy(false);
    const state = JSON.parse($("board").dataset.state || "{}");
    $("undo").disabled = !state.can_undo;
    $("redo").disabled = !state.can_redo;
    $("board").dataset.ready = msg.values ? "yes" : "novalues";
  } else if (msg.type === "played") {
    if (msg.reply) lastReply = msg.reply.label;
  } else if (msg.type === "error") {
    setBusy(false);
    $("message").textContent = msg.message;
    $("board").dataset.ready = "error";
    if (msg.request === "open") {
      $("board").innerHTML = "";
      $("summary").textContent = "";
    }
  }
}

$("family").addEventListener("change", () => {
  showSizeOrG6();
  $("size").value = EXAMPLE[$("family").value] || "";
});

$("pick").addEventListener("submit", (event) => {
  event.preventDefault();
  const family = $("family").value;
  const spec = family === "graph6" ? $("g6").value.trim() : `${family}:${$("size").value.trim()}`;
  $("board").dataset.ready = "no";
  open({ spec, game: $("game").value, moves: "" });
});

$("board").addEventListener("click", (event) => {
  const target = event.target.closest("g.move");
  if (!target || busy) return;
  $("board").dataset.ready = "no";
  send({ type: "play", label: target.dataset.move, reply: $("engine").checked });
});

$("undo").addEventListener("click", () => { $("board").dataset.ready = "no"; send({ type: "undo" }); });
$("redo").addEventListener("click", () => { $("board").dataset.ready = "no"; send({ type: "redo" }); });

// Stop: the worker is terminated mid-search and a fresh one shows the position without values.
$("stop").addEventListener("click", () => {
  startWorker();
  setBusy(false);
  $("board").dataset.ready = "no";
  open(current, false);
  $("message").textContent = "stopped: the values of this position were not computed (you can still play a move)";
});

window.addEventListener("popstate", () => {
  const p = fromUrl();
  setPickers(p);
  $("board").dataset.ready = "no";
  open(p);
});

startWorker();
const first = fromUrl();
setPickers(first);
open(first);
