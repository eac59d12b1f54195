import { appError, assert, type FraudRule, PAYMENT_METHOD_IDS } from '@paydesk/domain';
import { ZFraudRules } from '@paydesk/domain/fraud/schemas';
import type { Selectable } from 'kysely';
import type { DatabaseHandle } from '../../db/database.ts';
import type { LoansTable } from '../../db/schema.ts';
import { getStoreSettings } from '../../store/options.ts';
import { type Account, createAccount, findAccount } from '../accounts.ts';
import { createReader } from '../card-readers/services.ts';
import { DAY_MS } from '../clock.ts';
import type { Actor, EngineContext } from '../payments/context.ts';
import type { UnsweptRow } from '../payouts/plan-payout.ts';
import { unsweptRows } from '../payouts/services.ts';
import { loadRates } from '../rates.ts';
import { saveSettings } from '../settings/settings.ts';

/** The order total above which the seeded block rule refuses a payment, in US dollars. */
export const BLOCK_THRESHOLD_USD = 5000;

/**
 * The fraud rules the seeder saves: a price block and an IP-country review, in the saved rules'
 * format (docs/fraud.md).
 */
export function seedFraudRules(currency: string, usdRate: number): FraudRule[] {
  const thresholdMajor = Math.round(BLOCK_THRESHOLD_USD * usdRate);
  return ZFraudRules.parse([
    {
      key: 'purchase_price_threshold',
      outcome: 'block',
      check: { key: 'order_total', operator: 'greater_than', value: `${thresholdMajor * 100}|${currency}` },
    },
    {
      key: 'ip_address_mismatch',
      outcome: 'review',
      check: { key: 'ip_billing_country_same', operator: 'equals', value: false },
    },
  ]);
}

/** The store's account: the existing one (sandbox only), or a new connected sandbox account. */
async function sandboxAccount(
  database: DatabaseHandle,
  ids: EngineContext['ids'],
  createdAt: Date,
): Promise<{ account: Account; created: boolean }> {
  const existing = await findAccount(database.db);
  if (existing) {
    if (existing.mode !== 'test') {
      throw appError('wcpay_live_account');
    }
    if (!existing.payments_enabled) {
      throw appError('seed_payments_disabled');
    }
    return { account: existing, created: false };
  }
  const settings = await getStoreSettings(database.db);
  const account = await createAccount(database.db, ids, {
    mode: 'test',
    status: 'complete',
    country: settings.woocommerce_default_country.slice(0, 2),
    currency: settings.woocommerce_currency,
    businessName: settings.blogname,
    createdAt,
  });
  return { account, created: true };
}

const READERS = [
  { label: 'Front counter', device_type: 'bbpos_wisepos_e' },
  { label: 'Market stall', device_type: 'stripe_m2' },
  { label: 'Tap to Pay phone', device_type: 'cots_device' },
] as const;

/** The store the history is made for, as the run starts. */
export interface SeedStore {
  account: Account;
  /** The account was made for this run. */
  created: boolean;
  /** The store's currency. */
  currency: string;
  rates: ReadonlyMap<string, string>;
  /** US dollars in the given currency, by the sandbox rates. */
  usdRate: (code: string) => number;
  readers: { id: string; device_type: string; fees_counted_until: Date | null }[];
  /** Reader fees bill what was captured since the last bill; days already billed stay billed. */
  readerFeesFrom: number;
  /** The administrator who acts for the merchant (captures, refunds, reviews), if there is one. */
  actor: Actor | undefined;
  /** A loan still being repaid is repaid from this history's payments too, from its payout on. */
  activeLoan: Selectable<LoansTable> | undefined;
  /** The account has had a loan (the run opens one only on an account that never had one). */
  hasLoans: boolean;
  /** What payouts may sweep: every unswept row, now and as history is made. */
  pool: UnsweptRow[];
}

/**
 * Readies the store for a history that starts at `start`: its sandbox account, the seeded fraud
 * rules and payment methods (unless the merchant chose their own), its card readers, and what
 * the history continues from (the payout pool, a loan being repaid).
 */
export async function openStore(
  database: DatabaseHandle,
  ids: EngineContext['ids'],
  start: number,
): Promise<SeedStore> {
  const { db } = database;
  const { account: found, created } = await sandboxAccount(database, ids, new Date(start - DAY_MS));
  const currency = found.default_currency;
  const rates = await loadRates(db);
  const usdRate = (code: string) => {
    const rate = rates.get(code);
    assert(rate, `a sandbox rate for ${code}`);
    return Number(rate);
  };
  // The seeded rules apply unless the merchant saved rules of their own.
  if (found.fraud_protection_level !== 'advanced' || (found.fraud_rules as unknown[]).length === 0) {
    await saveSettings(
      db,
      {
        current_protection_level: 'advanced',
        advanced_fraud_protection_settings: seedFraudRules(currency, usdRate(currency)),
      },
      new Date(start),
    );
  }
  // The sample store offers every method it draws, unless the merchant chose methods already.
  if (found.settings.enabled_payment_method_ids === undefined) {
    await saveSettings(db, { enabled_payment_method_ids: [...PAYMENT_METHOD_IDS] }, new Date(start));
  }
  const account = (await findAccount(db))!;

  const storeReaders = () =>
    db
      .selectFrom('card_readers')
      .select(['id', 'device_type', 'fees_counted_until'])
      .where('account_id', '=', account.id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  let readers = await storeReaders();
  if (readers.length === 0) {
    for (const reader of READERS) await createReader(db, ids, { ...reader, now: new Date(start) });
    readers = await storeReaders();
  }
  const readerFeesFrom = Math.max(start, ...readers.map((r) => r.fees_counted_until?.getTime() ?? 0));

  const actorRow = await db
    .selectFrom('users')
    .select(['id', 'login'])
    .where('role', '=', 'administrator')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  const actor: Actor | undefined = actorRow ? { id: actorRow.id, username: actorRow.login } : undefined;

  const activeLoan = await db
    .selectFrom('loans')
    .selectAll()
    .where('account_id', '=', account.id)
    .where('fully_paid_at', 'is', null)
    .orderBy('paid_out_at')
    .limit(1)
    .executeTakeFirst();
  const hasLoans = await db
    .selectFrom('loans')
    .select('id')
    .where('account_id', '=', account.id)
    .executeTakeFirst();

  const pool: UnsweptRow[] = await unsweptRows(db, account.id).execute();
  return {
    account,
    created,
    currency,
    rates,
    usdRate,
    readers,
    readerFeesFrom,
    actor,
    activeLoan,
    hasLoans: hasLoans !== undefined,
    pool,
  };
}
