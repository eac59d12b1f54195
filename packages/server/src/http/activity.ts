import type { Server } from 'node:http';

/**
 * How long the server has been without a request: milliseconds since the last one ended, 0 while
 * one is being served. Work that holds the database (the embedded database's upkeep) waits for a
 * quiet moment by it.
 */
export function requestIdleness(server: Server, now: () => number = performance.now.bind(performance)) {
  let serving = 0;
  let lastEnded = now();
  server.on('request', (_request, response) => {
    serving++;
    // `close` follows every response, finished or cut off by the client.
    response.once('close', () => {
      serving--;
      lastEnded = now();
    });
  });
  return (): number => (serving > 0 ? 0 : now() - lastEnded);
}
