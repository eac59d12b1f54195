// `npm start`: builds what is missing or older than its sources (scripts/build.mjs, aside and
// swapped in under a lock, so several starts from one checkout are safe), then runs the
// compiled server with plain Node.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './build-lib.mjs';

const built = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs'), '--if-stale'], {
  cwd: ROOT,
  stdio: 'inherit',
});
if (built.status !== 0) process.exit(built.status ?? 1);

const server = spawn(process.execPath, [join(ROOT, 'packages/server/dist/main.mjs')], {
  cwd: process.cwd(),
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
