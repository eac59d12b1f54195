import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { DatabaseHandle } from '../../db/database.ts';
import { createAccount } from '../../engine/accounts.ts';
import { clockNow } from '../../engine/clock.ts';
import { randomIds } from '../../engine/ids.ts';
import {
  adminPageUrl,
  fakeWebDist,
  makeTestApp,
  makeUser,
  sessionNonce,
  signIn,
  type TestUser,
} from '../../testing/app.ts';

/**
 * The onboarding tests' app: an administrator signed in to the admin pages (their cookie and
 * the session's nonce), made before the tests of a `describeEachDatabase` and closed after.
 * The fields are set once the tests run.
 */
export function onboardingApp(use: () => DatabaseHandle) {
  const s = {
    app: undefined as unknown as FastifyInstance,
    user: undefined as unknown as TestUser,
    cookie: '',
    nonce: '',
  };
  beforeAll(async () => {
    s.app = await makeTestApp(use(), fakeWebDist());
    s.user = await makeUser(use(), 'administrator');
    s.cookie = (await signIn(s.app, s.user)).cookie;
    s.nonce = await sessionNonce(use(), s.cookie);
  });
  afterAll(async () => {
    // Unset when making the database failed; that failure is the one to report.
    if (s.app) await s.app.close();
  });

  /** An admin page visited in the browser, or fetched by the page for JSON. */
  const page = (query: Record<string, string>, json = false) =>
    s.app.inject({
      method: 'GET',
      url: adminPageUrl(query),
      headers: { cookie: s.cookie, ...(json ? { accept: 'application/json' } : {}) },
    });
  /** The settings object's connect link, with the session's nonce and the given flags. */
  const connect = (flags: Record<string, string>, json = false) =>
    page({ path: '/payments/connect', 'wcpay-connect': '1', _wpnonce: s.nonce, ...flags }, json);
  const accountCount = async () => (await use().db.selectFrom('accounts').select('id').execute()).length;
  /** A verified live account, which neither a reset nor a test drive may replace. */
  const createLiveAccount = async () =>
    createAccount(use().db, randomIds, {
      mode: 'live',
      status: 'complete',
      country: 'US',
      currency: 'usd',
      businessName: 'Shop',
      createdAt: await clockNow(use().db),
    });
  return Object.assign(s, { page, connect, accountCount, createLiveAccount });
}
