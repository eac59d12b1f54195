import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import { REST_ROOT } from '@paydesk/domain';
import { PAYMENTS_BASE } from '@paydesk/domain/contracts';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { DatabaseHandle } from '../db/database.ts';
import { readAccountSnapshot } from '../engine/accounts.ts';
import type { AccountSnapshotReader } from '../store/page-settings.ts';
import { adminRoutes } from './admin.ts';
import { installAuditLog } from './audit.ts';
import { restAccessHook } from './auth.ts';
import { answerFrameworkError, installErrorHandler, registeredErrorBody } from './errors.ts';
import { varyOnCredentials } from './headers.ts';
import { loginRoutes } from './login.ts';
import { databaseCounter, memoryCounter, RATE_LIMITS, type RateLimits, rateLimitHook } from './rate-limit.ts';
import { auditLogRoutes } from './routes/audit-log.ts';
import { capitalRoutes } from './routes/capital.ts';
import { cardReaderRoutes } from './routes/card-readers.ts';
import { disputeRoutes } from './routes/disputes.ts';
import { documentRoutes } from './routes/documents.ts';
import { exportRoutes } from './routes/exports.ts';
import { fraudRoutes } from './routes/fraud.ts';
import { inboxRoutes } from './routes/inbox.ts';
import { multiCurrencyRoutes } from './routes/multi-currency.ts';
import { onboardingPageHook, onboardingRoutes } from './routes/onboarding.ts';
import { paymentDetailRoutes } from './routes/payment-detail.ts';
import { paymentRoutes } from './routes/payments.ts';
import { payoutRoutes } from './routes/payouts.ts';
import { reportingRoutes } from './routes/reporting.ts';
import { sandboxRoutes } from './routes/sandbox.ts';
import { settingsRoutes } from './routes/settings.ts';
import { storeRoutes } from './routes/store.ts';
import { storefrontRoutes } from './routes/storefront.ts';
import { transactionRoutes } from './routes/transactions.ts';
import {
  createLimitedServer,
  SERVER_LIMITS,
  type ServerLimits,
  type TrustProxy,
  trustedProxyCheck,
} from './server.ts';
import { installTextGuard } from './text-guard.ts';
import { installWpConventions, overrideMethod } from './wp-conventions.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
  }
}

export const OPENAPI_PATH = `${PAYMENTS_BASE}/openapi.json`;
export { DEFAULT_WEB_DIST } from '../paths.ts';

export interface AppOptions {
  database: DatabaseHandle;
  /** Built admin app; without it only sign-in and the REST API are served (API tests). */
  webDist?: string | undefined;
  logger?: FastifyServerOptions['logger'];
  readAccount?: AccountSnapshotReader;
  /** Whose `X-Forwarded-*` headers are believed (`TRUST_PROXY`); none by default. */
  trustProxy?: TrustProxy;
  /** Timeouts and connection caps of the HTTP server; `SERVER_LIMITS` by default. */
  serverLimits?: ServerLimits;
  /** Requests per minute per credential and route; `RATE_LIMITS` by default, `false` for none. */
  rateLimits?: RateLimits | false;
}

/** A route tree: the REST routes of one area, registered under the access check. */
export type RestRoutes = (app: FastifyInstance, database: DatabaseHandle) => void | Promise<void>;

const REST_AREAS: RestRoutes[] = [
  (app, database) => storeRoutes(app, database.db),
  (app, database) => paymentRoutes(app, database.db),
  (app, database) => disputeRoutes(app, database.db),
  (app, database) => settingsRoutes(app, database.db),
  (app, database) => fraudRoutes(app, database.db),
  (app, database) => payoutRoutes(app, database.db),
  (app, database) => capitalRoutes(app, database.db),
  (app, database) => cardReaderRoutes(app, database.db),
  (app, database) => paymentDetailRoutes(app, database.db),
  (app, database) => transactionRoutes(app, database.db),
  (app, database) => exportRoutes(app, database.db),
  (app, database) => onboardingRoutes(app, database.db),
  (app, database) => inboxRoutes(app, database.db),
  (app, database) => reportingRoutes(app, database.db),
  (app, database) => documentRoutes(app, database.db),
  (app, database) => sandboxRoutes(app, database.db),
  (app, database) => multiCurrencyRoutes(app, database.db),
  (app, database) => auditLogRoutes(app, database.db),
];

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { database } = options;
  const trustProxy = options.trustProxy ?? false;
  const limits = options.serverLimits ?? SERVER_LIMITS;
  const app = Fastify<Server>({
    logger: options.logger ?? false,
    // Fastify reads a hop count too, though its option type lists only the other forms.
    trustProxy: trustProxy as boolean | string[],
    serverFactory: (handler) => createLimitedServer(handler, limits, trustedProxyCheck(trustProxy)),
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    genReqId: () => randomUUID(),
    rewriteUrl: overrideMethod,
    frameworkErrors: answerFrameworkError,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('database', database);
  app.decorateRequest('user', null);
  app.decorateRequest('session', null);
  installErrorHandler(app);
  installTextGuard(app);

  await app.register(fastifyCookie);
  await app.register(fastifyFormbody, { bodyLimit: 64 * 1024 });
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its CSS variables into style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    hsts: false,
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Paydesk REST API',
        version: '1.0.0',
        description:
          'Payments administration API. Authenticate with an application password over HTTP Basic, or a session cookie with the X-WP-Nonce header. Every route requires the manage_woocommerce capability.',
      },
      components: {
        securitySchemes: {
          applicationPassword: { type: 'http', scheme: 'basic' },
          cookieNonce: { type: 'apiKey', in: 'header', name: 'X-WP-Nonce' },
        },
      },
      security: [{ applicationPassword: [] }, { cookieNonce: [] }],
    },
    transform: jsonSchemaTransform,
    // Schemas with an id (`.meta({ id })`) are published once under components.schemas.
    transformObject: jsonSchemaTransformObject,
  });

  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());

  await app.register(async (rest) => {
    rest.addHook('onRequest', restAccessHook(database.db));
    rest.addHook(
      'onRequest',
      rateLimitHook({
        limits: options.rateLimits ?? RATE_LIMITS,
        counter: database.kind === 'postgres' ? databaseCounter(database) : memoryCounter(),
      }),
    );
    // Answers depend on who asks: no cache may keep them or hand them to someone else. A route
    // that sets its own policy keeps it (a stored file, which never changes, is `private`).
    rest.addHook('onSend', async (_request, reply) => {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      varyOnCredentials(reply);
    });
    // Every mutating or refused request leaves its audit row (docs/audit-log.md).
    installAuditLog(rest, database.db);
    // The global parameters (a download link's nonce has done its work once the caller is
    // known), the method override and bracket parameters.
    installWpConventions(rest);
    for (const area of REST_AREAS) await area(rest, database);
  });

  loginRoutes(app, database.db);
  storefrontRoutes(app, database.db);
  if (options.webDist) {
    await adminRoutes(app, database.db, {
      webDist: options.webDist,
      readAccount: options.readAccount ?? readAccountSnapshot,
      pageHook: onboardingPageHook(database),
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith(`${REST_ROOT}/`) || request.url === REST_ROOT) {
      return reply.code(404).send(registeredErrorBody('rest_no_route'));
    }
    return reply.code(404).type('text/html').send('<!doctype html><title>Not found</title><p>Not found.</p>');
  });
  return app;
}
