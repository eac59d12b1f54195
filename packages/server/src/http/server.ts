import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { isIP, type Socket } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';

/**
 * How long a client may take and how many connections it may hold (docs/security.md). A request
 * that has not fully arrived within `requestTimeoutMs` is cut, its headers within
 * `headersTimeoutMs`; an idle connection is closed after `idleTimeoutMs`, an idle keep-alive
 * connection after `keepAliveTimeoutMs`. Node checks the running requests against these every
 * `checkIntervalMs`, so a slow request lives at most that much past its limit. A client that
 * reads nothing stalls the server's writes, so its connection goes idle too; Node gives a write
 * that was still draining when the idle time ran out one more `idleTimeoutMs`, so such a client
 * is cut after at most twice the idle timeout (28 s by default).
 */
export interface ServerLimits {
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  idleTimeoutMs: number;
  keepAliveTimeoutMs: number;
  checkIntervalMs: number;
  /** Connections one client address may hold open at once (addresses of trusted proxies excepted). */
  maxConnectionsPerAddress: number;
  /**
   * Connections the kernel completes and queues before the server takes them (capped by the
   * kernel's `net.core.somaxconn`). Node's 511 overflows under a flood of connections: the
   * kernel then drops their handshakes' last step, and a client that sends nothing waits, unseen
   * by the server and so beyond its timeouts, until the handshake is retried up to a minute later.
   */
  listenBacklog: number;
  /**
   * Connections the server holds open at once, whoever holds them. When full, a new connection
   * takes the place of the oldest one that has no request being answered.
   */
  maxConnections: number;
}

/**
 * A request that never finishes is cut within 30 s: its 28 s, then up to a check's second, and a
 * second's margin for a busy event loop (measured under 20,000 slow clients, docs/reliability.md).
 * A client that reads nothing is cut within twice the idle time, 28 s.
 */
export const SERVER_LIMITS: ServerLimits = {
  requestTimeoutMs: 28_000,
  headersTimeoutMs: 15_000,
  idleTimeoutMs: 14_000,
  keepAliveTimeoutMs: 5_000,
  checkIntervalMs: 1_000,
  maxConnectionsPerAddress: 64,
  listenBacklog: 4_096,
  maxConnections: 4_096,
};

/** `TRUST_PROXY`: off, on for any proxy, a hop count, or the proxies' addresses and CIDR ranges. */
export type TrustProxy = boolean | number | string[];

/** The proxy keywords `@fastify/proxy-addr` understands beside addresses and ranges. */
const PROXY_KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Parses `TRUST_PROXY`, or answers the reason it cannot be read. */
export function parseTrustProxy(text: string | undefined): TrustProxy | { error: string } {
  const value = (text ?? '').trim();
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const [address, bits, ...rest] = entry.split('/');
    const validBits =
      bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (isIP(address ?? '') === 6 ? 128 : 32));
    if (!(PROXY_KEYWORDS.has(entry) || (isIP(address ?? '') !== 0 && validBits && rest.length === 0))) {
      return { error: `"${entry}" is not an IP address, a CIDR range, loopback, linklocal or uniquelocal` };
    }
  }
  return entries;
}

/** Whether a direct peer is a proxy the operator trusts (its forwarded headers are believed). */
export function trustedProxyCheck(trust: TrustProxy): (address: string) => boolean {
  if (trust === false) return () => false;
  // With `true` or a hop count the operator says every connection comes through a proxy, which
  // then has to hold the per-client limits itself.
  if (trust === true || typeof trust === 'number') return () => true;
  const check = proxyAddr.compile(trust);
  return (address) => check(address, 0);
}

/**
 * The HTTP server Fastify runs on, with every timeout set explicitly and caps on connections per
 * address and in all, so slow or idle clients are cut while the others are served.
 *
 * When all `maxConnections` are taken, refusing the newcomer would let anyone with enough
 * addresses lock every visitor out until the timeouts run. Instead the oldest connection that
 * is not being answered (idle, or its request still arriving) is closed to make room: slow
 * clients hold their places the longest, so they give way first, while a visitor's request,
 * once it has arrived, is answered. Only when every connection is being answered is the
 * newcomer refused.
 */
export function createLimitedServer(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
  limits: ServerLimits,
  isTrustedProxy: (address: string) => boolean,
): Server {
  const server = createServer(
    {
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: limits.headersTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: limits.checkIntervalMs,
    },
    handler,
  );
  server.timeout = limits.idleTimeoutMs;
  const perAddress = new Map<string, number>();
  /** Every open connection, oldest first (a Set keeps the order things were added in). */
  const open = new Set<Socket>();
  /** The request each connection is answering, from its headers until its answer is done. */
  const answering = new WeakMap<Socket, { request: IncomingMessage; response: ServerResponse }>();
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    answering.set(socket, { request, response });
    response.once('close', () => {
      if (answering.get(socket)?.request === request) answering.delete(socket);
    });
  });
  const givesWay = (socket: Socket) => !socket.destroyed && !answering.get(socket)?.request.complete;
  // A connection that timed out is reset rather than closed: a client that reads nothing leaves
  // the server's answer in the kernel's send buffer, and a close would queue its end behind that
  // data, which never goes out, so the kernel would keep the connection and its megabytes for
  // minutes after the server let it go. (Node closes it itself only when nobody listens here.)
  // A request that has arrived and whose answer has not started is no idle client: the handler is
  // still working (a long sandbox clock advance, say), and its first write starts the idle time
  // again.
  server.on('timeout', (socket: Socket) => {
    const answer = answering.get(socket);
    if (answer?.request.complete && !answer.response.headersSent) return;
    socket.resetAndDestroy();
  });
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    if (!isTrustedProxy(address)) {
      const count = (perAddress.get(address) ?? 0) + 1;
      if (count > limits.maxConnectionsPerAddress) {
        socket.destroy();
        return;
      }
      perAddress.set(address, count);
      socket.once('close', () => {
        const left = (perAddress.get(address) ?? 1) - 1;
        if (left <= 0) perAddress.delete(address);
        else perAddress.set(address, left);
      });
    }
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    if (open.size <= limits.maxConnections) return;
    for (const older of open) {
      if (older !== socket && givesWay(older)) {
        older.destroy();
        return;
      }
    }
    socket.destroy();
  });
  return server;
}
