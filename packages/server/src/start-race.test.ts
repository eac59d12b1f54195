import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './testing/process.ts';
import {
  freePort,
  type LoggedProcess,
  RUNNING_LINE,
  spawnLogged,
  untilAnswered,
} from './testing/server-process.ts';

/**
 * `npm start` twice at once from one fresh checkout (two stores on other ports and data folders):
 * one builds the admin and the server, the other waits for the build's lock and finds it fresh,
 * and both serve the built admin. The checkout is the repository's tracked files copied without
 * any build, sharing its installed packages.
 */
describe('two starts from one fresh checkout', () => {
  const checkout = mkdtempSync(join(tmpdir(), 'paydesk-checkout-'));
  const servers: LoggedProcess[] = [];

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(checkout, { recursive: true, force: true });
  });

  it('both build-or-wait and serve', async () => {
    const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: REPO_ROOT, encoding: 'utf8' })
      .split('\0')
      .filter((path) => path && existsSync(join(REPO_ROOT, path)));
    for (const path of tracked) cpSync(join(REPO_ROOT, path), join(checkout, path), { force: true });
    symlinkSync(join(REPO_ROOT, 'node_modules'), join(checkout, 'node_modules'));
    expect(existsSync(join(checkout, 'packages/server/dist'))).toBe(false);
    expect(existsSync(join(checkout, 'packages/web/dist'))).toBe(false);

    const ports = [await freePort(), await freePort()];
    for (const [i, port] of ports.entries()) {
      servers.push(
        spawnLogged(process.execPath, [join(checkout, 'scripts/start.mjs')], {
          cwd: checkout,
          env: {
            PATH: process.env.PATH,
            HOME: process.env.HOME,
            PORT: String(port),
            HOST: '127.0.0.1',
            DATA_DIR: join(checkout, `data-${i}`),
            ADMIN_PASSWORD: 'merchant-pass-1',
            LOG_LEVEL: 'warn',
          },
        }),
      );
    }
    // Building takes a minute or two on a busy machine; the second start waits for it.
    await Promise.all(servers.map((server) => server.waitForOutput(RUNNING_LINE, 600_000)));
    // Both serve the admin that was built: its page's script, by the name the build gave it.
    const index = readFileSync(join(checkout, 'packages/web/dist/index.html'), 'utf8');
    const script = /<script type="module"[^>]* src="([^"]+)"/.exec(index)?.[1];
    expect(script).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    for (const [i, port] of ports.entries()) {
      const server = servers[i] as LoggedProcess;
      await untilAnswered(`http://127.0.0.1:${port}/wp-login.php`, {}, server);
      const asset = await fetch(`http://127.0.0.1:${port}${script}`);
      expect(asset.status, server.log).toBe(200);
      expect((await asset.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    }
    // One build, swapped in; no half-built or leftover folders.
    expect(existsSync(join(checkout, 'packages/server/dist/main.mjs'))).toBe(true);
    expect(existsSync(join(checkout, '.build-lock'))).toBe(false);
  }, 900_000);
});
