import { beforeAll } from 'vitest';
import type { DatabaseHandle, Db } from '../db/database.ts';
import { createAccount } from '../engine/accounts.ts';
import { clockNow } from '../engine/clock.ts';
import { randomIds } from '../engine/ids.ts';
import { ACCOUNT_TABLES } from '../engine/onboarding/reset.ts';
import { testApi } from './api.ts';
import { adminPageUrl } from './app.ts';

/** A complete business step of the onboarding wizard, as the KYC session takes it. */
export const SELF_ASSESSMENT = {
  country: 'US',
  business_type: 'company',
  structure: 'single_member_llc',
  mcc: 'software',
  annual_revenue: 'less_than_250k',
  go_live_timeframe: 'within_1month',
  business_name: 'Bean Shop',
  url: 'https://beans.example',
};

/**
 * The onboarding tests' app: the test API with admin pages, and its administrator signed in to
 * them (their cookie and the session's nonce), made before the tests of a `describeEachDatabase`
 * and closed after. The parts are read once the tests run.
 */
export function onboardingApp(use: () => DatabaseHandle) {
  const api = testApi(use, { web: true });
  const session = { cookie: '', nonce: '' };
  beforeAll(async () => {
    Object.assign(session, await api.signIn());
  });

  /** An admin page visited in the browser, or fetched by the page for JSON. */
  const page = (query: Record<string, string>, json = false) =>
    api.app.inject({
      method: 'GET',
      url: adminPageUrl(query),
      headers: { cookie: session.cookie, ...(json ? { accept: 'application/json' } : {}) },
    });
  /** The settings object's connect link, with the session's nonce and the given flags. */
  const connect = (flags: Record<string, string>, json = false) =>
    page({ path: '/payments/connect', 'wcpay-connect': '1', _wpnonce: session.nonce, ...flags }, json);
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
  return {
    api,
    get nonce() {
      return session.nonce;
    },
    page,
    connect,
    accountCount,
    createLiveAccount,
  };
}

/** The rows of each table that holds account rows (what a reset deletes), by table. */
export async function accountTableRows(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ACCOUNT_TABLES) {
    const { n } = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(n);
  }
  return counts;
}

/** What accountTableRows answers once a reset has run. */
export const NO_ACCOUNT_ROWS: Readonly<Record<string, number>> = Object.fromEntries(
  ACCOUNT_TABLES.map((table) => [table, 0]),
);
