import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';

/**
 * How long a client may take and how many connections it may hold (docs/security.md). A request
 * that has not fully arrived within `requestTimeoutMs` is cut, its headers within
 * `headersTimeoutMs`; an idle connection is closed after `idleTimeoutMs`, an idle keep-alive
 * connection after `keepAliveTimeoutMs`. Node checks the running requests against these every
 * `checkIntervalMs`, so a slow request lives at most that much past its limit.
 */
export interface ServerLimits {
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  idleTimeoutMs: number;
  keepAliveTimeoutMs: number;
  checkIntervalMs: number;
  /** Connections one client address may hold open at once (addresses of trusted proxies excepted). */
  maxConnectionsPerAddress: number;
  /** Connections the server holds open at once, whoever holds them. */
  maxConnections: number;
}

export const SERVER_LIMITS: ServerLimits = {
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 15_000,
  idleTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  checkIntervalMs: 1_000,
  maxConnectionsPerAddress: 64,
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
 * The HTTP server Fastify runs on, with every timeout set explicitly and a cap on connections
 * per address, so slow or idle clients are cut while the others are served.
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
  server.maxConnections = limits.maxConnections;
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    if (isTrustedProxy(address)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > limits.maxConnectionsPerAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
  return server;
}
