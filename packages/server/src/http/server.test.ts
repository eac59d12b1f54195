import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { makeTestApp, makeUser, type TestUser } from '../testing/app.ts';
import { createTestDatabase } from '../testing/db.ts';
import {
  createLimitedServer,
  parseTrustProxy,
  SERVER_LIMITS,
  type ServerLimits,
  trustedProxyCheck,
} from './server.ts';

const SHORT: ServerLimits = {
  ...SERVER_LIMITS,
  requestTimeoutMs: 1_000,
  headersTimeoutMs: 800,
  idleTimeoutMs: 1_500,
  checkIntervalMs: 100,
  maxConnectionsPerAddress: 4,
};

/** A raw connection that writes what it is told and reports when the server closes it. */
function rawClient(
  port: number,
): Promise<{ socket: Socket; closed: Promise<{ after_ms: number; data: string }> }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let data = '';
    const socket = connect(port, '127.0.0.1', () => {
      const closed = new Promise<{ after_ms: number; data: string }>((done) => {
        socket.on('close', () => done({ after_ms: Date.now() - started, data }));
      });
      resolve({ socket, closed });
    });
    socket.on('data', (chunk) => {
      data += chunk.toString('latin1');
    });
    socket.on('error', () => {});
    socket.once('error', reject);
  });
}

/** A server on a fresh embedded database with `limits`, listening on a free port, for a describe block. */
function listening(limits: ServerLimits): { port: number; admin: TestUser } {
  // Filled in by beforeAll, before any test reads it.
  const state = {} as { port: number; admin: TestUser };
  let database: DatabaseHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    app = await makeTestApp(database, undefined, { serverLimits: limits });
    state.admin = await makeUser(database, 'administrator');
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    state.port = typeof address === 'object' && address ? address.port : 0;
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  return state;
}

describe('the HTTP server under slow and greedy clients', () => {
  const server = listening(SHORT);

  const served = async () => {
    const res = await fetch(`http://127.0.0.1:${server.port}/wp-json/wp/v2/users/me`, {
      headers: { authorization: server.admin.basic, connection: 'close' },
    });
    return res.status;
  };

  it('cuts a request whose body never finishes, and serves another client meanwhile', async () => {
    const slow = await rawClient(server.port);
    slow.socket.write(
      `POST /wp-json/wc/v3/payments/refund HTTP/1.1\r\nHost: x\r\nAuthorization: ${server.admin.basic}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"charge_id":`,
    );
    expect(await served()).toBe(200);
    const { after_ms, data } = await slow.closed;
    expect(after_ms).toBeLessThan(SHORT.requestTimeoutMs + 3 * SHORT.checkIntervalMs + 1_000);
    expect(data).toMatch(/^HTTP\/1\.1 408/);
  });

  it('cuts headers that never finish', async () => {
    const slow = await rawClient(server.port);
    slow.socket.write('GET /wp-json/wp/v2/users/me HTTP/1.1\r\nHost: x\r\nX-Drip: ');
    const { after_ms } = await slow.closed;
    expect(after_ms).toBeLessThan(SHORT.requestTimeoutMs + 3 * SHORT.checkIntervalMs + 1_000);
  });

  it('closes a connection that sends nothing', async () => {
    const idle = await rawClient(server.port);
    const { after_ms } = await idle.closed;
    expect(after_ms).toBeLessThan(SHORT.idleTimeoutMs + 1_000);
  });

  it('holds no more connections from one address than its cap', async () => {
    const clients = await Promise.all(
      Array.from({ length: SHORT.maxConnectionsPerAddress + 2 }, () => rawClient(server.port)),
    );
    const outcomes = await Promise.race([
      Promise.all(clients.map((client) => client.closed)),
      new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), 300)),
    ]);
    // The surplus connections were closed at once; the others stay until their own timeouts.
    expect(outcomes).toBe('open');
    const closedEarly = await Promise.all(
      clients.map((client) =>
        Promise.race([
          client.closed.then(() => true),
          new Promise<boolean>((r) => setTimeout(() => r(false), 50)),
        ]),
      ),
    );
    expect(closedEarly.filter(Boolean).length).toBe(2);
    for (const client of clients) client.socket.destroy();
  });

  it('keeps the documented limits by default', () => {
    // Cut within 30 s once Node's once-a-second check has seen it.
    expect(SERVER_LIMITS.requestTimeoutMs + SERVER_LIMITS.checkIntervalMs).toBeLessThan(30_000);
    expect(SERVER_LIMITS.headersTimeoutMs).toBeLessThanOrEqual(30_000);
    // A client that reads nothing is cut after twice the idle time.
    expect(2 * SERVER_LIMITS.idleTimeoutMs + SERVER_LIMITS.checkIntervalMs).toBeLessThan(30_000);
  });
});

describe('the HTTP server when all its connections are taken', () => {
  const server = listening({ ...SERVER_LIMITS, maxConnections: 3, maxConnectionsPerAddress: 10 });

  const isClosed = (client: { closed: Promise<unknown> }) =>
    Promise.race([
      client.closed.then(() => true),
      new Promise<boolean>((r) => setTimeout(() => r(false), 200)),
    ]);

  it('closes the oldest connection that is not being answered to serve a newcomer', async () => {
    const [answering, oldestIdle, newestIdle] = [
      await rawClient(server.port),
      await rawClient(server.port),
      await rawClient(server.port),
    ];
    // The first is being answered: it asked for the OpenAPI document eight times and reads none.
    answering.socket.pause();
    answering.socket.write('GET /wp-json/wc/v3/payments/openapi.json HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(8));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const res = await fetch(`http://127.0.0.1:${server.port}/wp-json/wp/v2/users/me`, {
      headers: { authorization: server.admin.basic, connection: 'close' },
    });
    expect(res.status).toBe(200);
    expect(await isClosed(oldestIdle)).toBe(true);
    expect(await isClosed(newestIdle)).toBe(false);
    answering.socket.resume();
    expect(await isClosed(answering)).toBe(false);
    for (const client of [answering, oldestIdle, newestIdle]) client.socket.destroy();
  });
});

describe('a request the server is still working on', () => {
  it('is answered however long past the idle time its handler takes, and a stalled answer is cut', async () => {
    // The handler takes twice the idle time before it writes; then it writes more than a client
    // that reads nothing takes in.
    const server = createLimitedServer(
      (request, response) => {
        setTimeout(() => {
          if (request.url === '/stall') response.end(Buffer.alloc(32 * 1024 * 1024));
          else response.end('done');
        }, 2 * SHORT.idleTimeoutMs);
      },
      SHORT,
      () => false,
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const slow = await rawClient(port);
      slow.socket.write('GET /slow HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      const answered = await slow.closed;
      expect(answered.data).toMatch(/^HTTP\/1\.1 200 [\s\S]*done$/);
      expect(answered.after_ms).toBeGreaterThanOrEqual(2 * SHORT.idleTimeoutMs);

      // A client that reads nothing cannot see the reset either: the server's side says when
      // it let the connection go.
      const serverClosed = new Promise<number>((resolve) =>
        server.once('connection', (socket) => socket.once('close', () => resolve(Date.now()))),
      );
      const stalled = await rawClient(port);
      const started = Date.now();
      stalled.socket.pause();
      stalled.socket.write('GET /stall HTTP/1.1\r\nHost: x\r\n\r\n');
      // Cut once the answer has stalled for the idle time (twice it while a write drains).
      expect((await serverClosed) - started).toBeLessThan(2 * SHORT.idleTimeoutMs + 3 * SHORT.idleTimeoutMs);
      stalled.socket.destroy();
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('TRUST_PROXY', () => {
  it('reads off, on, a hop count, and addresses or ranges, and refuses anything else', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 192.168.0.0/16, ::1, loopback')).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'loopback',
    ]);
    for (const bad of ['yes', '10.0.0.0/33', '300.1.1.1', 'proxy.example.test', '10.0.0.1/8/1']) {
      expect(parseTrustProxy(bad), bad).toHaveProperty('error');
    }
  });

  it('exempts only trusted proxies from the per-address cap', () => {
    const check = trustedProxyCheck(['10.0.0.0/8']);
    expect(check('10.1.2.3')).toBe(true);
    expect(check('192.0.2.1')).toBe(false);
    expect(trustedProxyCheck(false)('10.1.2.3')).toBe(false);
  });
});
