import { resolve } from 'node:path';
import { z } from 'zod';
import { SHARED_BUFFERS_PATTERN } from './db/shared-buffers.ts';
import { parseTrustProxy, SERVER_LIMITS, type ServerLimits, type TrustProxy } from './http/server.ts';

/** A timeout of the HTTP server in milliseconds: at least half a second, at most five minutes. */
function timeoutMs(fallback: number) {
  return z.coerce.number().int().min(500).max(300_000).default(fallback);
}

/** Every environment variable Paydesk reads, with its default. README.md documents each one. */
const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(SHARED_BUFFERS_PATTERN, 'A size in kB, MB or GB, such as 64MB')
    .optional(),
  // Any "scheme:rest" string is a URL to zod; pg would then read "localhost:5432/db" as a database
  // named "432/db" on the local socket, so only PostgreSQL URLs are accepted.
  DATABASE_URL: z
    .string()
    .url({
      protocol: /^postgres(ql)?$/,
      message: 'A PostgreSQL URL such as postgres://user:pass@host:5432/db',
    })
    .optional(),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional(),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Paydesk <paydesk@localhost>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: z.string().optional(),
  PAYDESK_ROLE: z.enum(['all', 'web', 'worker']).default('all'),
  HTTP_REQUEST_TIMEOUT_MS: timeoutMs(SERVER_LIMITS.requestTimeoutMs),
  HTTP_HEADERS_TIMEOUT_MS: timeoutMs(SERVER_LIMITS.headersTimeoutMs),
  HTTP_IDLE_TIMEOUT_MS: timeoutMs(SERVER_LIMITS.idleTimeoutMs),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: timeoutMs(SERVER_LIMITS.keepAliveTimeoutMs),
  HTTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(SERVER_LIMITS.maxConnections),
  HTTP_MAX_CONNECTIONS_PER_ADDRESS: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(SERVER_LIMITS.maxConnectionsPerAddress),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The embedded database's `shared_buffers` (docs/configuration.md); sized by the server when unset. */
  pgliteSharedBuffers: string | undefined;
  adminPassword: string | undefined;
  publicUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: z.infer<typeof ZEnv>['LOG_LEVEL'];
  webDist: string | undefined;
  /** Whose `X-Forwarded-*` headers are believed (docs/security.md). */
  trustProxy: TrustProxy;
  /** What this process runs: the web server, the job worker, or both (docs/deployment.md). */
  role: 'all' | 'web' | 'worker';
  /** Timeouts and connection caps of the HTTP server (docs/configuration.md). */
  serverLimits: ServerLimits;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== '')),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if (typeof trustProxy === 'object' && !Array.isArray(trustProxy)) {
    throw new Error(`Invalid configuration:\n  TRUST_PROXY: ${trustProxy.error}`);
  }
  if (e.PAYDESK_ROLE !== 'all' && !e.DATABASE_URL) {
    throw new Error(
      `Invalid configuration:\n  PAYDESK_ROLE: ${e.PAYDESK_ROLE} needs DATABASE_URL; the embedded database belongs to one process, which runs everything (PAYDESK_ROLE=all).`,
    );
  }
  // Node refuses a headers timeout longer than the request's, which holds the headers too.
  if (e.HTTP_HEADERS_TIMEOUT_MS > e.HTTP_REQUEST_TIMEOUT_MS) {
    throw new Error(
      'Invalid configuration:\n  HTTP_HEADERS_TIMEOUT_MS: must not be longer than HTTP_REQUEST_TIMEOUT_MS',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS,
    adminPassword: e.ADMIN_PASSWORD,
    publicUrl: e.PUBLIC_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    trustProxy,
    role: e.PAYDESK_ROLE,
    serverLimits: {
      ...SERVER_LIMITS,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      idleTimeoutMs: e.HTTP_IDLE_TIMEOUT_MS,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      maxConnections: e.HTTP_MAX_CONNECTIONS,
      maxConnectionsPerAddress: e.HTTP_MAX_CONNECTIONS_PER_ADDRESS,
    },
  };
}
