// Adds lock entries for platform-specific optional packages that the registry
// mirror does not serve (Biome publishes one binary package per platform).
// Without them `npm ci` refuses the lock file as out of sync. On this platform
// those packages are never fetched, so an entry naming version, os and cpu is
// all `npm ci` needs. Run after `npm install` changes package-lock.json.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const platform = (name) => {
  const [, os, cpu, libc] = /-(android|darwin|linux|win32)-(arm64|x64)(?:-(musl))?$/.exec(name) ?? [];
  return os ? { os, cpu, libc: os === 'linux' ? (libc ?? 'glibc') : undefined } : undefined;
};
let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${dep}`;
    const p = platform(dep);
    if (lock.packages[key] || lock.packages[`${path}/${key}`] || !p) continue;
    lock.packages[key] = {
      version,
      cpu: [p.cpu],
      ...(entry.dev ? { dev: true } : {}),
      ...(p.libc ? { libc: [p.libc] } : {}),
      optional: true,
      os: [p.os],
    };
    added++;
  }
}
const sorted = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
);
lock.packages = sorted;
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} platform entr${added === 1 ? 'y' : 'ies'} added`);
