// The explorer's engine thread: loads the WebAssembly engine (pkg/, made by
// `cargo xtask web`) and answers the page's requests one at a time, so the page never
// freezes. A long search is stopped by the page terminating this worker.
import init, { WebGame } from "./pkg/kayles_web.js";

const ready = init();
let game = null;

function post(type, extra) {
  postMessage(Object.assign({ type }, extra));
}

function show() {
  post("state", { state: JSON.parse(game.state()), svg: game.svg(), moves: game.moves_text() });
}

// Every move's value, one at a time, with progress after each.
function values() {
  const total = game.move_count();
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    post("progress", { done: i, total });
    game.find_value(i);
  }
  show();
  post("progress", { done: total, total, ms: performance.now() - started });
}

onmessage = async (event) => {
  const request = event.data;
  try {
    await ready;
    if (request.type === "open") {
      if (game) game.free();
      game = null;
      game = new WebGame(request.spec, request.game, request.moves || "");
      show();
      if (request.values !== false) values();
    } else if (request.type === "play") {
      game.play(request.label);
      show();
      let reply = null;
      if (request.reply && game.move_count() > 0) {
        post("progress", { thinking: true });
        reply = JSON.parse(game.reply());
        show();
      }
      post("played", { label: request.label, reply });
      values();
    } else if (request.type === "undo" || request.type === "redo") {
      if (request.type === "undo") game.undo(); else game.redo();
      show();
      values();
    }
    post("done", { values: request.values !== false });
  } catch (e) {
    post("error", { message: String(e && e.message ? e.message : e), request: request.type });
  }
};
