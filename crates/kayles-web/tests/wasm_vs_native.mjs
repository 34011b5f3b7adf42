// The wasm engine against the native one: `moves_json` of the Node.js build of
// kayles-web (made by `cargo xtask web --node DIR`) against `kayles moves --json`, on a
// bounded sample of the fixture corpus (fixtures/graphs/*.g6: every graph up to 5
// vertices, every 7th of 6 and 7, every 60th of 8) and on family specs, both games:
// the nimber and every move with its value, whether it wins and its label.
//
// usage: node wasm_vs_native.mjs NODE_PKG_DIR KAYLES_BINARY
import { createRequire } from "node:module";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

const [pkgDir, kayles] = process.argv.slice(2);
if (!pkgDir || !kayles) {
  console.error("usage: node wasm_vs_native.mjs NODE_PKG_DIR KAYLES_BINARY");
  process.exit(2);
}
const require = createRequire(import.meta.url);
const wasm = require(path.resolve(pkgDir, "kayles_web.js"));
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../../..");

const graphs = [];
const every = { 1: 1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 7, 7: 7, 8: 60 };
for (const [n, step] of Object.entries(every)) {
  const lines = readFileSync(`${root}/fixtures/graphs/graphs-n${n}.g6`, "utf8")
    .split("\n").filter((l) => l.trim() && !l.startsWith("#"));
  lines.forEach((l, i) => { if (i % step === 0) graphs.push(l.trim()); });
}
const families = ["grid:3x4", "grid:4x4", "queens:4", "queens:5", "petersen:5,2", "petersen:7,3",
  "path:13", "cycle:11", "linked-c4:3", "complete:6", "star:7"];

let compared = 0;
const failures = [];
for (const game of ["node", "arc"]) {
  const specs = [...graphs, ...families];
  const native = execFileSync(kayles, ["moves", "--json", "--game", game, ...specs], {
    encoding: "utf8", maxBuffer: 1 << 28,
  }).trim().split("\n").map((l) => JSON.parse(l));
  if (native.length !== specs.length) throw new Error(`kayles printed ${native.length} results for ${specs.length} graphs`);
  specs.forEach((spec, i) => {
    const web = JSON.parse(wasm.moves_json(spec, game));
    const want = native[i];
    const simplify = (r, labels) => JSON.stringify({
      nimber: r.nimber,
      moves: r.moves.map((m) => ({ move: m.move, value: m.value, wins: m.wins, ...(labels ? { label: m.label } : {}) })),
    });
    // Native output labels moves on boards only; the page labels every move (by number elsewhere).
    const labels = want.moves.length > 0 && want.moves[0].label !== undefined;
    if (simplify(web, labels) !== simplify(want, labels)) {
      failures.push(`${game} ${spec}: wasm ${simplify(web, labels)} native ${simplify(want, labels)}`);
    }
    if (wasm.nimber(spec, game) !== want.nimber) failures.push(`${game} ${spec}: nimber() differs`);
    compared++;
  });
}
if (failures.length) {
  console.error(`${failures.length} of ${compared} positions differ:\n` + failures.slice(0, 10).join("\n"));
  process.exit(1);
}
console.log(`wasm engine = native engine on ${compared} graphs (${graphs.length} of the corpus and ${families.length} families, both games)`);
