import { DAY_MS } from '@paydesk/domain/time';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../db/database.ts';
import { getStoreSettings } from '../../store/options.ts';
import { type Account, createAccount, findAccount } from '../accounts.ts';
import { clockNow } from '../clock.ts';
import { issueDueInvoices } from '../documents/invoices.ts';
import { randomIds } from '../ids.ts';
import { recordSandboxReadyNote } from '../inbox.ts';
import { loadRates } from '../rates.ts';
import { seedHistory } from '../seed/seed.ts';
import { resetAccount } from './reset.ts';

/** Days of sample activity a test drive may start with, so the sandbox has a history. */
export const SAMPLE_DAYS = 90;
/**
 * Ledger rows of sample activity: enough for every list and chart to have something to show,
 * few enough that the set-up finishes in seconds on the embedded database.
 */
export const SAMPLE_TRANSACTIONS = 400;

/** Serialises test-drive starts across server processes sharing one PostgreSQL. */
const TEST_DRIVE_LOCK = 7_140_001;

export interface TestDriveResult {
  account: Account;
  /** False when the store already had an account: a repeated click changes nothing. */
  created: boolean;
}

/**
 * Creates the sandbox (test-drive) account on the built-in sandbox processor, once. The account
 * is pending while its sample history is written, then complete; the page polls the account
 * meanwhile. A failure removes the half-made account so the merchant can try again.
 */
export async function startTestDrive(
  database: DatabaseHandle,
  options: { sampleData: boolean },
): Promise<TestDriveResult> {
  const { db } = database;
  const now = await clockNow(db);
  const settings = await getStoreSettings(db);
  const made = await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${TEST_DRIVE_LOCK})`.execute(trx);
    const existing = await findAccount(trx);
    if (existing) return { account: existing, created: false };
    const account = await createAccount(trx, randomIds, {
      mode: 'test',
      status: 'pending',
      country: settings.woocommerce_default_country.slice(0, 2),
      currency: settings.woocommerce_currency,
      businessName: settings.blogname,
      isTestDrive: true,
      // The sample history needs an account that existed before it.
      createdAt: options.sampleData ? new Date(now.getTime() - (SAMPLE_DAYS + 1) * DAY_MS) : now,
    });
    return { account, created: true };
  });
  if (!made.created) return made;
  try {
    if (options.sampleData) {
      await seedHistory(database, {
        transactions: SAMPLE_TRANSACTIONS,
        days: SAMPLE_DAYS,
        end: now,
        seed: Math.floor(now.getTime() / 1000),
        // The server keeps answering meanwhile, so its indexes stay in place.
        deferIndexes: false,
      });
      // The sample months get their fee invoices at once, for the documents page.
      await issueDueInvoices({ db, ids: randomIds, now, rates: await loadRates(db) }, made.account.id);
    }
    const account = await db
      .updateTable('accounts')
      .set({ status: 'complete' })
      .where('id', '=', made.account.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordSandboxReadyNote(db, account.id, await clockNow(db));
    return { account, created: true };
  } catch (error) {
    await resetAccount(db);
    throw error;
  }
}
