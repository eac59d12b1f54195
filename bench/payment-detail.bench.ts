/**
 * Payment detail reads at scale: p50 and p95 of the engine's reads of one payment (a charge, an
 * order's charge, an intent, a timeline), each in its read-only snapshot as the routes run them,
 * for random charges among the latest 2,000 of a seeded database (docs/performance.md).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/DB npx tsx bench/payment-detail.bench.ts
 *   DATA_DIR=/path/to/data npx tsx bench/payment-detail.bench.ts
 *
 * Seed first: `npm run cli -- seed --transactions 100000` with the same variable.
 */

import { requireAccount } from '../packages/server/src/engine/accounts.ts';
import {
  inSnapshot,
  readCharge,
  readChargeByOrder,
  readPaymentIntent,
  readTimeline,
} from '../packages/server/src/engine/payment-detail/read.ts';
import { openBenchDatabase } from './lib/database.ts';
import { measure } from './lib/stats.ts';

const RUNS = Number(process.env.RUNS ?? 500);
const SAMPLE_SIZE = 2000;

const handle = await openBenchDatabase({ migrate: false });
try {
  const db = handle.db;
  const account = (await requireAccount(db)).id;
  const sample = await db
    .selectFrom('charges')
    .select(['id', 'payment_intent_id', 'order_id'])
    .where('order_id', 'is not', null)
    .orderBy('created_at', 'desc')
    .limit(SAMPLE_SIZE)
    .execute();
  if (sample.length === 0) throw new Error('The database has no charges: seed it first.');
  const pick = () => sample[Math.floor(Math.random() * sample.length)]!;
  const reads: [string, () => Promise<unknown>][] = [
    ['charges/{id}', () => inSnapshot(db, (trx) => readCharge(trx, account, pick().id))],
    ['charges/order/{id}', () => inSnapshot(db, (trx) => readChargeByOrder(trx, account, pick().order_id!))],
    [
      'payment_intents/{id}',
      () => inSnapshot(db, (trx) => readPaymentIntent(trx, account, pick().payment_intent_id)),
    ],
    ['timeline/{id}', () => inSnapshot(db, (trx) => readTimeline(trx, account, pick().payment_intent_id))],
  ];
  for (const [name, read] of reads) {
    const { p50_ms, p95_ms } = await measure(read, RUNS, 50);
    console.log(`${name.padEnd(22)} p50 ${p50_ms.toFixed(2)} ms  p95 ${p95_ms.toFixed(2)} ms`);
  }
} finally {
  await handle.close();
}
