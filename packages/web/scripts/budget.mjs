// Prints the gzipped JavaScript each admin route loads first (the shell plus the route's own
// chunks) and fails the build when any exceeds the budget. A route is a page chunk
// (src/features/<area>/pages/); other lazy chunks (a modal, a chart, a form opened later) load
// on demand after the page has shown, so they are listed for information but not counted as a
// first load.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 180 * 1024;
// The build folder: the first argument, else the package's dist.
const dist = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const gzipped = new Map();
const size = (file) => {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gzipped.get(file);
};

/** The JS files a chunk needs before it runs: itself and its static imports, transitively. */
function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(imported, seen);
  return seen;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const sum = (files) => [...files].filter((f) => f.endsWith('.js')).reduce((total, f) => total + size(f), 0);

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('No entry chunk in the manifest');
const shell = closure(entryKey);
const shellBytes = sum(shell);
const rows = [['shell', kb(shellBytes), '', kb(shellBytes)]];
let failed = false;
const isPage = (key) => /^src\/features\/[^/]+\/pages\//.test(key);
const onDemand = [];
for (const [key, chunk] of Object.entries(manifest)) {
  if (!chunk.isDynamicEntry) continue;
  const own = [...closure(key)].filter((file) => !shell.has(file));
  const ownBytes = sum(own);
  if (!isPage(key)) {
    onDemand.push([key.replace(/^src\//, ''), '', kb(ownBytes), '']);
    continue;
  }
  const total = shellBytes + ownBytes;
  const over = total > BUDGET_BYTES;
  failed ||= over;
  rows.push([
    key.replace(/^src\//, ''),
    kb(shellBytes),
    kb(ownBytes),
    `${kb(total)}${over ? '  OVER BUDGET' : ''}`,
  ]);
}
const widths = [0, 1, 2, 3].map((i) =>
  Math.max(...[['route', 'shell', 'route', 'first load'], ...rows, ...onDemand].map((r) => r[i].length)),
);
const line = (r) => r.map((cell, i) => cell.padEnd(widths[i])).join('  ');
console.log(`\nGzipped JS per route (budget ${kb(BUDGET_BYTES)} for the shell plus one route):`);
console.log(line(['route', 'shell', 'route', 'first load']));
for (const row of rows) console.log(line(row));
if (onDemand.length > 0) {
  console.log('\nLoaded on demand (not part of a first load):');
  for (const row of onDemand) console.log(line(row));
}
if (failed) {
  console.error('\nA route exceeds the first-load budget. Load heavy code lazily or split the route.');
  process.exit(1);
}
