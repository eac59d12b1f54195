import { connect, type Socket } from 'node:net';

/**
 * Slow and broken HTTP clients (http/slow-clients.test.ts). A test opens a few itself; for many it
 * forks this file (with `--import tsx`) into several processes, because one process may not open
 * more files than its limit (`ulimit -n`, 20,000 on the CI machine, which a process cannot raise
 * past its hard limit): each process holds its share of the connections.
 *
 * Each connection comes from its own loopback address, `perAddress` connections to an address
 * (Linux routes all of 127.0.0.0/8 to the loopback interface), so the server's per-address cap
 * does not refuse them and they look like many clients.
 */

/** Sends nothing; sends headers that never end; sends a body that never reaches its length. */
export type SlowKind = 'idle' | 'headers' | 'body';
export const SLOW_KINDS: readonly SlowKind[] = ['idle', 'headers', 'body'];

/** What a slow client of each kind writes first; the dripping ones then add one byte at a time. */
const OPENING: Record<SlowKind, string> = {
  idle: '',
  headers: 'GET /wp-login.php HTTP/1.1\r\nHost: paydesk.test\r\nX-Slow: ',
  // The sign-in form reads its body before anything else, and needs no credentials.
  body: 'POST /wp-login.php HTTP/1.1\r\nHost: paydesk.test\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 4096\r\n\r\nlog=',
};

/** The loopback address of the `index`th connection when `perAddress` share one. */
export function loopbackAddress(index: number, perAddress: number): string {
  const address = Math.floor(index / perAddress);
  return `127.1.${Math.floor(address / 250)}.${(address % 250) + 1}`;
}

export interface SlowConnection {
  kind: SlowKind;
  socket: Socket;
  /** Milliseconds from the connection being made until the server closed it. */
  closed: Promise<number>;
}

/** Opens a connection from `localAddress` to the server at `port` and writes what `kind` writes first. */
export function openSlow(port: number, kind: SlowKind, localAddress: string): Promise<SlowConnection> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress });
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.off('error', reject);
      // A reset is one of the ways the server cuts a connection: it counts as closed.
      socket.on('error', () => {});
      const opened = Date.now();
      const closed = new Promise<number>((done) => socket.once('close', () => done(Date.now() - opened)));
      // Whatever the server answers (a 408 before it closes) is read and dropped.
      socket.resume();
      if (OPENING[kind]) socket.write(OPENING[kind]);
      resolve({ kind, socket, closed });
    });
  });
}

/** Writes one more byte on every connection still open that drips. */
export function drip(connections: Iterable<SlowConnection>): void {
  for (const connection of connections) {
    if (connection.kind !== 'idle' && !connection.socket.destroyed) connection.socket.write('a');
  }
}

/** What the test asks a forked process to do. */
export interface SlowClientsOrder {
  port: number;
  /** The index of this process's first connection among all; the kind and address follow from it. */
  first: number;
  count: number;
  perAddress: number;
  drip_ms: number;
  /** How long after the last connection is made the process waits for the server to close them. */
  wait_ms: number;
}

/** What a forked process reports: once all its connections are made, and once they are all closed. */
export type SlowClientsReport =
  | { type: 'opened'; opened: number; failures: string[] }
  | { type: 'closed'; cut_ms: Record<SlowKind, number[]>; uncut: number };

/** How many connections one process is making at any moment. */
const CONNECTING_AT_ONCE = 200;

async function hold(order: SlowClientsOrder, report: (message: SlowClientsReport) => void): Promise<void> {
  const connections: SlowConnection[] = [];
  const failures: string[] = [];
  let next = order.first;
  const end = order.first + order.count;
  const opener = async () => {
    while (next < end) {
      const index = next++;
      const kind = SLOW_KINDS[index % SLOW_KINDS.length]!;
      try {
        connections.push(await openSlow(order.port, kind, loopbackAddress(index, order.perAddress)));
      } catch (error) {
        failures.push((error as Error).message);
      }
    }
  };
  const dripping = setInterval(() => drip(connections), order.drip_ms);
  await Promise.all(Array.from({ length: CONNECTING_AT_ONCE }, opener));
  report({ type: 'opened', opened: connections.length, failures: failures.slice(0, 5) });
  const cut_ms: Record<SlowKind, number[]> = { idle: [], headers: [], body: [] };
  let uncut = 0;
  const timeout = Symbol('timeout');
  const waited = new Promise<typeof timeout>((resolve) => setTimeout(() => resolve(timeout), order.wait_ms));
  for (const connection of connections) {
    const outcome = await Promise.race([connection.closed, waited]);
    if (outcome === timeout) {
      uncut++;
      connection.socket.destroy();
    } else {
      cut_ms[connection.kind].push(outcome);
    }
  }
  clearInterval(dripping);
  report({ type: 'closed', cut_ms, uncut });
}

if (process.argv[1] === import.meta.filename && process.send) {
  const send = process.send.bind(process);
  process.once('message', (order: SlowClientsOrder) => {
    hold(order, (message) => send(message)).then(
      () => process.disconnect(),
      (error: unknown) => {
        process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
        process.exit(1);
      },
    );
  });
}
