// Shared by `npm start` and `npm run build`: builds into a folder of its own, then swaps it in
// with renames, under a lock folder, so a process starting meanwhile never reads half a build
// and two starts from one checkout never build over each other.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * esbuild's options for a server-side bundle (the server, the command line, and what tests run
 * beside them): an ES module for Node 20 with the domain package inlined and every other npm
 * dependency of the server left to node_modules.
 */
export function serverBundleOptions() {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'packages/server/package.json'), 'utf8'));
  const external = Object.keys(manifest.dependencies).filter((name) => name !== '@paydesk/domain');
  return {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: [...external, 'zod'],
    logLevel: 'warning',
  };
}
const LOCK = join(ROOT, '.build-lock');

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('dist.')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

/** Whether `output` is missing or older than any of `sources` (paths under the root). */
export function isStale(output, sources) {
  const built = join(ROOT, output);
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return sources.some((source) => newestMtime(join(ROOT, source)) > builtAt);
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` holding the build lock; waits for another holder, and takes over a dead one's. */
export async function withBuildLock(work) {
  for (;;) {
    try {
      mkdirSync(LOCK);
      writeFileSync(join(LOCK, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      let holder = 0;
      try {
        holder = Number(readFileSync(join(LOCK, 'pid'), 'utf8'));
      } catch {}
      if (holder && !alive(holder)) rmSync(LOCK, { recursive: true, force: true });
      else await sleep(200);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

/** Builds into `<dir>.tmp-<pid>` with `build(tmp)`, then puts it in place of `<dir>`. */
export async function buildInto(dir, build) {
  const target = join(ROOT, dir);
  const tmp = `${target}.tmp-${process.pid}`;
  const old = `${target}.old-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  await build(tmp);
  if (existsSync(target)) renameSync(target, old);
  renameSync(tmp, target);
  rmSync(old, { recursive: true, force: true });
}
