import { rmSync } from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import type { Account } from '../engine/accounts.ts';
import type { AppOptions } from '../http/app.ts';
import { fakeWebDist, makeTestApp, makeUser, sessionNonce, signIn, type TestUser } from './app.ts';
import { checkout, connectSandboxAccount } from './engine.ts';

type Headers = Record<string, string>;

/**
 * A suite's way into the API: the app on the suite's database and an administrator who calls it
 * with an application password. Its parts exist once the suite has started, so tests and helpers
 * read them when they run, not when the suite is declared.
 */
export interface TestApi {
  readonly app: FastifyInstance;
  readonly admin: TestUser;
  /** The sandbox account, when the suite asked for one. */
  readonly account: Account;
  /** The administrator's credential, to add to a request's own headers. */
  readonly headers: { authorization: string };
  get(url: string, headers?: Headers): Promise<LightMyRequestResponse>;
  post(url: string, payload?: unknown, headers?: Headers): Promise<LightMyRequestResponse>;
  /** A checkout as the administrator (`POST {base}/payment_intents`). */
  checkout(body: Parameters<typeof checkout>[2], idempotencyKey?: string): Promise<LightMyRequestResponse>;
  /**
   * Signs a user (the administrator unless given) in through the form: a new session's cookie
   * and the nonce its admin pages carry.
   */
  signIn(user?: TestUser): Promise<{ cookie: string; nonce: string }>;
}

export interface TestApiOptions {
  /** A verified sandbox account: true, or the account's country, currency and methods. */
  account?: boolean | Parameters<typeof connectSandboxAccount>[1];
  /** Serves the admin pages from a page template made for the suite (`fakeWebDist`). */
  web?: boolean;
  /** The app's own options, as `makeTestApp` takes them. */
  server?: Pick<AppOptions, 'trustProxy' | 'serverLimits' | 'rateLimits'>;
}

/**
 * Builds the app and an administrator before the suite's tests, with a verified sandbox account
 * when `account` is given, and closes the app after them. A suite's own `beforeAll` registered
 * after this runs after it.
 */
export function testApi(use: () => DatabaseHandle, options: TestApiOptions = {}): TestApi {
  let app: FastifyInstance | undefined;
  let admin: TestUser | undefined;
  let account: Account | undefined;
  let webDist: string | undefined;
  beforeAll(async () => {
    if (options.web) webDist = fakeWebDist();
    app = await makeTestApp(use(), webDist, options.server);
    admin = await makeUser(use(), 'administrator');
    if (options.account) {
      account = await connectSandboxAccount(use(), options.account === true ? {} : options.account);
    }
  });
  afterAll(async () => {
    // Unset when making the database failed; that failure is the one to report.
    await app?.close();
    if (webDist) rmSync(webDist, { recursive: true, force: true });
  });

  const ready = <T>(part: T | undefined, name: string): T => {
    if (part === undefined) throw new Error(`the test API's ${name} is read before the suite started`);
    return part;
  };
  const api: TestApi = {
    get app() {
      return ready(app, 'app');
    },
    get admin() {
      return ready(admin, 'administrator');
    },
    get account() {
      return ready(account, 'account (ask for one with { account: true })');
    },
    get headers() {
      return { authorization: api.admin.basic };
    },
    get: (url, headers = {}) =>
      api.app.inject({ method: 'GET', url, headers: { ...api.headers, ...headers } }),
    post: (url, payload, headers = {}) =>
      api.app.inject({
        method: 'POST',
        url,
        headers: { ...api.headers, ...headers },
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    checkout: (body, idempotencyKey) => checkout(api.app, api.admin.basic, body, idempotencyKey),
    signIn: async (user = api.admin) => {
      const { cookie } = await signIn(api.app, user);
      return { cookie, nonce: await sessionNonce(use(), cookie) };
    },
  };
  return api;
}
