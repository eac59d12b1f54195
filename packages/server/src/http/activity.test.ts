import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { requestIdleness } from './activity.ts';

it('requestIdleness: 0 while a request is served, then the time since it ended', async () => {
  let clock = 1000;
  // Once set, every reading of the clock moves it on a millisecond.
  let ticking = false;
  let answer: (() => void) | undefined;
  const server = createServer((_request, response) => {
    answer = () => response.end('ok');
  });
  const idleMs = requestIdleness(server, () => (ticking ? ++clock : clock));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    clock = 1500;
    expect(idleMs()).toBe(500);
    const { port } = server.address() as AddressInfo;
    const served = fetch(`http://127.0.0.1:${port}/`).then((response) => response.text());
    await expect.poll(() => answer !== undefined).toBe(true);
    clock = 9000;
    expect(idleMs()).toBe(0);
    answer!();
    expect(await served).toBe('ok');
    await expect.poll(() => idleMs()).toBe(0);
    clock = 9250;
    expect(idleMs()).toBe(250);

    // A request the client gives up on ends the busy time too.
    answer = undefined;
    const controller = new AbortController();
    const cut = fetch(`http://127.0.0.1:${port}/`, { signal: controller.signal }).catch(() => 'aborted');
    await expect.poll(() => answer !== undefined).toBe(true);
    expect(idleMs()).toBe(0);
    ticking = true;
    expect(idleMs()).toBe(0);
    controller.abort();
    expect(await cut).toBe('aborted');
    await expect.poll(() => idleMs()).toBeGreaterThan(0);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
