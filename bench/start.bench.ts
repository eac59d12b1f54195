/**
 * Start time and memory of the compiled server on an embedded store: the time from spawning
 * `node packages/server/dist/main.mjs` to its "Paydesk is running" line, and its resident memory
 * (`VmRSS` from /proc) half a second later, for the first start on a new data folder (which
 * creates and migrates the database) and for `START_RUNS` (default 5) starts after it.
 *
 *   npx tsx bench/start.bench.ts
 *
 * Builds what is missing or stale first (`scripts/build.mjs --if-stale`, as `npm start` does).
 * Always a new `DATA_DIR` in a temporary folder, removed afterwards; `DATABASE_URL` is ignored.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../packages/server/src/testing/process.ts';
import { freePort, spawnLogged } from '../packages/server/src/testing/server-process.ts';
import { percentile } from './lib/stats.ts';

const RUNS = Number(process.env.START_RUNS ?? 5);
const RUNNING_LINE = 'Paydesk is running at';
const START_TIMEOUT_MS = 120_000;
const MB = 1024 * 1024;

/** Resident memory of a process in bytes, from /proc (Linux). */
function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
  if (kb === undefined) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(kb) * 1024;
}

/** Starts the server once on `dataDir`; answers ms until it said it runs, and its RSS 0.5 s later. */
async function startOnce(dataDir: string): Promise<{ ms: number; rss_bytes: number }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
  };
  delete env.DATABASE_URL;
  delete env.PAYDESK_ROLE;
  const began = performance.now();
  const server = spawnLogged(process.execPath, [join(REPO_ROOT, 'packages/server/dist/main.mjs')], { env });
  try {
    const ms = await new Promise<number>((resolve, reject) => {
      let printed = '';
      const timer = setTimeout(
        () => reject(new Error(`no "${RUNNING_LINE}" within ${START_TIMEOUT_MS} ms:\n${server.log}`)),
        START_TIMEOUT_MS,
      );
      server.child.stdout?.on('data', (chunk: Buffer) => {
        printed += chunk.toString();
        if (printed.includes(RUNNING_LINE)) {
          clearTimeout(timer);
          resolve(performance.now() - began);
        }
      });
      server.child.once('exit', () => {
        clearTimeout(timer);
        reject(new Error(`exited with ${server.exitStatus()} before "${RUNNING_LINE}":\n${server.log}`));
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const rss_bytes = residentBytes(server.child.pid!);
    return { ms, rss_bytes };
  } finally {
    await server.stop();
  }
}

if (!Number.isSafeInteger(RUNS) || RUNS < 1) throw new Error('START_RUNS: a whole number ≥ 1.');
const built = spawnSync(process.execPath, [join(REPO_ROOT, 'scripts/build.mjs'), '--if-stale'], {
  cwd: REPO_ROOT,
  stdio: 'inherit',
});
if (built.status !== 0) throw new Error(`scripts/build.mjs --if-stale ended with ${built.status}.`);

const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-start-bench-'));
try {
  const first = await startOnce(dataDir);
  const next: { ms: number; rss_bytes: number }[] = [];
  for (let i = 0; i < RUNS; i++) next.push(await startOnce(dataDir));
  const show = (ms: number, bytes: number) => `${(ms / 1000).toFixed(2)} s, ${Math.round(bytes / MB)} MB`;
  console.log(`compiled server (packages/server/dist/main.mjs), embedded store, Node ${process.version}`);
  console.log('| Start | Time to "Paydesk is running", RSS 0.5 s later |');
  console.log('| --- | --- |');
  console.log(`| first start (creates the database) | ${show(first.ms, first.rss_bytes)} |`);
  console.log(
    `| next starts (the store exists, empty), median of ${RUNS} | ${show(
      percentile(
        next.map((run) => run.ms),
        50,
      ),
      percentile(
        next.map((run) => run.rss_bytes),
        50,
      ),
    )} |`,
  );
  console.log(`next starts, each: ${next.map((run) => show(run.ms, run.rss_bytes)).join('; ')}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
