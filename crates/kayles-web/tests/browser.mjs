// The web explorer in a real browser: headless Chromium (Debian's `chromium`) driven over
// the DevTools protocol by playwright-core, the page served from a localhost static
// server. It loads a board and compares the move values on the page with
// `kayles moves --json`, picks another board with the pickers, plays a whole game by
// clicks against the engine, undoes and redoes, checks the URL round trip and the
// back button, the size limit's message and the stop button, and keeps screenshots under
// OUT_DIR. With --bench it measures instead: the wasm size, and the time until the move
// values of Cram 4 x 5 (Arc Kayles on grid:4x5) and queens 8 (Node Kayles) are shown,
// against the native command in the same run.
//
// usage: node browser.mjs WEB_DIR KAYLES_BINARY NODE_MODULES_DIR OUT_DIR [--bench]
import { createRequire } from "node:module";
import { execFileSync } from "node:child_process";
import { createServer } from "node:http";
import { readFile, mkdir, stat } from "node:fs/promises";
import path from "node:path";

const [webDir, kayles, modulesDir, outDir, mode] = process.argv.slice(2);
if (!outDir) {
  console.error("usage: node browser.mjs WEB_DIR KAYLES_BINARY NODE_MODULES_DIR OUT_DIR [--bench]");
  process.exit(2);
}
const require = createRequire(path.resolve(modulesDir, "node_modules", "x.js"));
const { chromium } = require("playwright-core");

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css",
  ".wasm": "application/wasm", ".png": "image/png", ".svg": "image/svg+xml" };
const server = createServer(async (req, res) => {
  const url = new URL(req.url, "http://localhost");
  const file = path.join(webDir, url.pathname === "/" ? "index.html" : path.normalize(url.pathname));
  try {
    const body = await readFile(file);
    res.writeHead(200, { "content-type": TYPES[path.extname(file)] || "application/octet-stream" });
    res.end(body);
  } catch {
    res.writeHead(404);
    res.end("not found");
  }
});
await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
const base = `http://127.0.0.1:${server.address().port}/`;

// playwright-core gives the browser a new empty profile (--user-data-dir) of its own.
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
await mkdir(outDir, { recursive: true });

function native(spec, game, after = "") {
  const args = ["moves", "--json", "--game", game, spec];
  if (after) args.push("--after", after);
  return JSON.parse(execFileSync(kayles, args, { encoding: "utf8" }));
}

// Waits until the page has shown every value of the position (or an error).
async function ready(page, timeout = 120000) {
  await page.waitForSelector("#board[data-ready=yes], #board[data-ready=error]", { timeout, state: "attached" });
  return page.$eval("#board", (b) => b.dataset.ready);
}

// The moves on the picture: name, value (where shown) and whether it is marked winning.
async function pictureMoves(page) {
  return page.$$eval("#board g.move:not(.mirror)", (gs) => gs.map((g) => ({
    label: g.dataset.move, value: g.dataset.value === undefined ? null : Number(g.dataset.value),
    win: g.classList.contains("win") })));
}

async function state(page) {
  return page.$eval("#board", (b) => JSON.parse(b.dataset.state));
}

let checks = 0;
function check(ok, what) {
  if (!ok) throw new Error("failed: " + what);
  checks++;
}

async function compareWithNative(page, spec, game, after = "") {
  const want = native(spec, game, after);
  const got = await pictureMoves(page);
  const label = (m) => m.label ?? (Array.isArray(m.move) ? m.move.join("-") : String(m.move));
  check(got.length === want.moves.length, `${spec} ${game}: ${got.length} moves on the page, ${want.moves.length} by kayles`);
  const byLabel = new Map(got.map((m) => [m.label, m]));
  for (const m of want.moves) {
    const g = byLabel.get(label(m));
    check(g && g.value === m.value && g.win === m.wins, `${spec} ${game}: move ${label(m)} is ${JSON.stringify(g)} on the page, value ${m.value} by kayles`);
  }
  const nimber = await page.$eval("#nimber", (e) => e.textContent);
  check(nimber === `Nimber ${want.nimber}`, `${spec} ${game}: the page says '${nimber}', kayles ${want.nimber}`);
}

async function test() {
  const page = await browser.newPage({ viewport: { width: 1100, height: 1000 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));

  // 1. A board from the URL, its values against the native command.
  await page.goto(base + "?graph=grid:3x4&game=node");
  check((await ready(page)) === "yes", "grid:3x4 loads");
  await compareWithNative(page, "grid:3x4", "node");
  await page.screenshot({ path: path.join(outDir, "grid-3x4-node.png"), fullPage: true });

  // 2. Another board by the pickers: Arc Kayles on queens 4, then Petersen.
  await page.selectOption("#game", "arc");
  await page.selectOption("#family", "queens");
  await page.fill("#size", "4");
  await page.click("#open");
  check((await ready(page)) === "yes", "queens:4 arc loads");
  check(new URL(page.url()).searchParams.get("graph") === "queens:4", "the URL names queens:4");
  await compareWithNative(page, "queens:4", "arc");
  await page.screenshot({ path: path.join(outDir, "queens-4-arc.png"), fullPage: true });
  await page.selectOption("#game", "node");
  await page.selectOption("#family", "petersen");
  await page.fill("#size", "5,2");
  await page.click("#open");
  check((await ready(page)) === "yes", "petersen:5,2 loads");
  await compareWithNative(page, "petersen:5,2", "node");
  await page.screenshot({ path: path.join(outDir, "petersen-5-2-node.png"), fullPage: true });

  // 3. A whole game by clicks against the engine: Arc Kayles on grid:3x4 (Cram).
  await page.goto(base + "?graph=grid:3x4&game=arc");
  check((await ready(page)) === "yes", "grid:3x4 arc loads");
  let clicks = 0;
  for (;;) {
    const s = await state(page);
    if (s.over) break;
    const moves = await pictureMoves(page);
    const choice = moves.find((m) => m.win) || moves[moves.length - 1];
    await page.click(`#board g.move[data-move="${choice.label}"]`, { timeout: 10000 });
    clicks++;
    check((await ready(page)) === "yes", `the position after ${choice.label} shows its values`);
    if (clicks === 1) await page.screenshot({ path: path.join(outDir, "cram-3x4-after-a-reply.png"), fullPage: true });
    const after = await state(page);
    check(after.history.includes(choice.label), `${choice.label} is in the history`);
    const last = after.history[after.history.length - 1];
    if (last !== choice.label) {
      const said = await page.$eval("#progress", (e) => e.textContent);
      check(said.startsWith(`the engine played ${last};`), `the reply is announced ('${said}')`);
    }
    // Every position of the game against `kayles moves --after`.
    if (!after.over) await compareWithNative(page, "grid:3x4", "arc", after.history.join(","));
  }
  const final = await state(page);
  const summary = await page.$eval("#summary", (e) => e.textContent);
  check(summary.includes("Game over"), `the end is announced ('${summary}')`);
  check(final.history.length >= clicks, "every click and reply is in the history");
  await page.screenshot({ path: path.join(outDir, "cram-3x4-game-over.png"), fullPage: true });

  // 4. The URL round trip: the same position in a fresh page.
  const url = page.url();
  check(new URL(url).searchParams.get("moves").split(",").length === final.history.length, "the URL lists the moves");
  const other = await browser.newPage();
  await other.goto(url);
  check((await ready(other)) === "yes", "the shared URL loads");
  check(JSON.stringify((await state(other)).history) === JSON.stringify(final.history), "the shared URL shows the same game");
  await other.close();

  // 5. Undo, redo, back.
  await page.click("#undo");
  await ready(page);
  check((await state(page)).history.length === final.history.length - 1, "undo takes a move back");
  check(!(await state(page)).over, "after undo a move is left");
  await page.click("#redo");
  await ready(page);
  check((await state(page)).history.length === final.history.length, "redo plays it again");
  await page.goBack();
  await ready(page);
  check((await state(page)).history.length === final.history.length - 1, "back shows the position before");

  // 6. The size limit and a bad graph6, each one line.
  await page.goto(base + "?graph=queens:12&game=node");
  check((await ready(page)) === "error", "queens:12 is refused");
  const limit = await page.$eval("#message", (e) => e.textContent);
  check(limit.includes("144 vertices; the page takes at most 128"), `the limit's message: '${limit}'`);
  await page.goto(base + "?graph=B!&game=node");
  check((await ready(page)) === "error", "a bad graph6 is refused");
  check((await page.$eval("#message", (e) => e.textContent)).startsWith("graph6:"), "graph6's message");
  await page.goto(base + "?graph=grid:3x4&game=node&moves=r1c1,r1c2");
  check((await ready(page)) === "error", "a move list with a gone cell is refused");
  const gone = await page.$eval("#message", (e) => e.textContent);
  check(gone === "move 2 of the list: r1c2 is gone (an earlier move removed it)", `the move list's message: '${gone}'`);

  // 7. Stop: a long search (Arc Kayles on queens 8) stopped; the page answers at once.
  await page.goto(base + "?graph=queens:8&game=arc");
  await page.waitForSelector("#stop:not([disabled])");
  await page.waitForTimeout(1500);
  await page.click("#stop");
  await page.waitForFunction(() => document.getElementById("message").textContent.startsWith("stopped"));
  await page.waitForSelector("#board[data-ready=novalues]", { timeout: 30000, state: "attached" });
  check((await page.$$("#board g.move:not(.mirror)")).length === 728, "the stopped position still shows its 728 moves");
  check((await page.$$("#board g.move[data-value]")).length === 0, "and no value");
  check(await page.$eval("#stop", (b) => b.disabled), "stop is off once stopped");
  check(errors.length === 0, "no script error: " + errors.join("; "));
  await page.close();
  console.log(`browser test: ${checks} checks passed; ${clicks} clicks in a whole game; screenshots in ${outDir}`);
}

async function bench() {
  const wasmBytes = (await stat(path.join(webDir, "pkg/kayles_web_bg.wasm"))).size;
  console.log(`wasm size: ${(wasmBytes / 1024).toFixed(0)} KiB`);
  const cases = [["Cram 4 x 5", "grid:4x5", "arc"], ["queens 8", "queens:8", "node"]];
  const median = (xs) => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  for (const [name, spec, game] of cases) {
    const load = [], search = [], nat = [];
    for (let run = 0; run < 5; run++) {
      // A fresh page each run: the wasm is compiled and the memo starts empty, as for a reader.
      const page = await browser.newPage();
      const t0 = Date.now();
      await page.goto(`${base}?graph=${spec}&game=${game}`);
      await ready(page, 600000);
      load.push(Date.now() - t0);
      const said = await page.$eval("#progress", (e) => e.textContent);
      search.push(Number(/in (\d+) ms/.exec(said)[1]));
      await page.close();
      const t1 = process.hrtime.bigint();
      native(spec, game);
      nat.push(Number(process.hrtime.bigint() - t1) / 1e6);
    }
    const [l, s, n] = [median(load), median(search), median(nat)];
    console.log(`${name} (${game} ${spec}), medians of 5: page load to every value shown ${l} ms, ` +
      `of which the values ${s} ms; native \`kayles moves --json\` ${n.toFixed(0)} ms (process included); ` +
      `values in the browser / native ${(s / n).toFixed(1)}x`);
  }
}

try {
  if (mode === "--bench") await bench(); else await test();
} catch (e) {
  console.error(String(e.stack || e));
  process.exitCode = 1;
} finally {
  await browser.close();
  server.close();
}
