/**
 * Transactions lists at scale: p50 over HTTP (app.inject through the whole server: access check,
 * validation, serialisation) beside the bare SQL of the same request (the statements the handler
 * ran, captured from Kysely's log and replayed directly), on a seeded database.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/DB npx tsx bench/transactions.bench.ts [--explain]
 *   DATA_DIR=/path/to/data npx tsx bench/transactions.bench.ts [--explain]
 *
 * Seed first: `npm run cli -- seed --transactions 1000000` with the same variable. The run adds
 * one administrator with an application password, applies pending migrations, and runs
 * `vacuum analyze` on the tables it reads (as autovacuum would after a bulk load).
 */
import { transactions } from '@paydesk/domain/contracts';
import { sql } from 'kysely';
import { buildApp } from '../packages/server/src/http/app.ts';
import { benchAdministrator, openBenchDatabase } from './lib/database.ts';
import { BENCH_RATE_LIMITS, measureGets } from './lib/http.ts';

const BASE = '/wp-json/wc/v3/payments';
const RUNS = Number(process.env.RUNS ?? 200);

const handle = await openBenchDatabase();
const { db } = handle;
for (const table of [
  'balance_transactions',
  'ledger_rollups',
  'ledger_cube',
  'ledger_cube_hours',
  'fraud_outcomes',
  'charges',
  'orders',
]) {
  await sql`vacuum analyze ${sql.table(table)}`.execute(db);
}
const rows = await db
  .selectFrom('balance_transactions')
  .select(sql<string>`count(*)::text`.as('n'))
  .executeTakeFirstOrThrow();
const auth = await benchAdministrator(handle, 'txnbench');

const app = await buildApp({ database: handle, rateLimits: BENCH_RATE_LIMITS });
await app.ready();

const account = await db.selectFrom('accounts').select('id').executeTakeFirstOrThrow();
const named = await db
  .selectFrom('balance_transactions')
  .select(['customer_name', 'customer_email'])
  .where('account_id', '=', account.id)
  .where('customer_name', 'is not', null)
  .where('customer_email', 'is not', null)
  .orderBy('seq', 'desc')
  .limit(1)
  .executeTakeFirstOrThrow();
const prefix = encodeURIComponent((named.customer_name ?? 'a').slice(0, 3));
// A broad search: every customer whose name or e-mail starts with the letter.
const letter = encodeURIComponent((named.customer_name ?? 'a').slice(0, 1));
// The letter most names and e-mails start with: the broadest search of one character.
const commonest = await sql<{ letter: string }>`
  select letter from (
    select left(lower(customer_name), 1) as letter from ledger_customers where account_id = ${account.id}
    union all
    select left(lower(customer_email), 1) from ledger_customers where account_id = ${account.id}
  ) as firsts
  where letter <> ''
  group by letter order by count(*) desc, letter limit 1`.execute(db);
const commonestLetter = encodeURIComponent(commonest.rows[0]?.letter ?? 'a');
// One customer, as a search suggestion names them: "name (e-mail)".
const customer = encodeURIComponent(`${named.customer_name} (${named.customer_email})`);
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
// An instant inside a day, so the summary reads that day's rows from the ledger.
const instant = (daysAgo: number) =>
  encodeURIComponent(
    new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 19).replace('T', ' '),
  );
const largestPayout = await db
  .selectFrom('ledger_payouts as lp')
  .innerJoin('payouts as p', 'p.id', 'lp.payout_id')
  .select(['lp.payout_id', sql<string>`count(*)::text`.as('n')])
  .where('p.account_id', '=', account.id)
  .groupBy('lp.payout_id')
  .orderBy(sql`count(*)`, 'desc')
  .limit(1)
  .executeTakeFirst();
const loan = await db.selectFrom('loans').select('stripe_loan_id').limit(1).executeTakeFirst();

const SORTS = transactions.TRANSACTION_SORTS.filter((sort) => sort !== 'date');

const scenarios: (readonly [name: string, path: string, maxRuns?: number])[] = [
  ['list page 1', '/transactions'],
  ['list page 2,000', '/transactions?page=2000'],
  ['list page 10,000', '/transactions?page=10000'],
  ['filtered page (type_is=refund)', '/transactions?type_is=refund'],
  ['filtered page (customer_currency_is=eur)', '/transactions?customer_currency_is=eur'],
  ['filtered page (source_is=sepa_debit, page 100)', '/transactions?source_is=sepa_debit&page=100'],
  // Every sortable column's first page, in the direction a click on its header asks for first
  // (descending), and a page further on ascending (docs/performance.md, "Sorting the list by a
  // column").
  ...SORTS.map((sort): [string, string] => [
    `sorted by ${sort}, page 1`,
    `/transactions?sort=${sort}&direction=desc`,
  ]),
  // A tenth of the rows have no fee: the ascending fee sort reaches them on its first page.
  ['sorted by fees, ascending, page 1', '/transactions?sort=fees&direction=asc'],
  ['sorted by amount, ascending, page 100', '/transactions?sort=amount&direction=asc&page=100'],
  ['sorted by customer name, ascending, page 100', '/transactions?sort=customer_name&direction=asc&page=100'],
  // Every sort's page 10,000, as deep as the date list's ("Deep pages of a sorted list"); three
  // sorts read the rows before it, so each is timed 20 times at most.
  ...SORTS.map((sort): [string, string, number] => [
    `sorted by ${sort}, page 10,000`,
    `/transactions?sort=${sort}&direction=desc&page=10000`,
    20,
  ]),
  ['search suggestions', `/transactions/search?search_term=${prefix}`],
  ['list searched by name prefix', `/transactions?search[]=${prefix}`],
  ['summary, no filter', '/transactions/summary'],
  [
    'summary, 30 days of refunds',
    `/transactions/summary?date_between[]=${day(40)}&date_between[]=${day(10)}&type_is=refund`,
  ],
  ['summary, charges', '/transactions/summary?type_is=charge'],
  ['summary, one country (GB)', '/transactions/summary?customer_country_is=GB'],
  ['summary, one country (US)', '/transactions/summary?customer_country_is=US'],
  ['summary, a payment method (sepa_debit)', '/transactions/summary?source_is=sepa_debit'],
  ['summary, in person', '/transactions/summary?channel_is=in_person'],
  ['summary, a device (ios)', '/transactions/summary?source_device_is=ios'],
  ['summary, highest risk', '/transactions/summary?risk_level_is=2'],
  [
    'summary, US or highest risk (match=any)',
    '/transactions/summary?customer_country_is=US&risk_level_is=2&match=any',
  ],
  ['summary, charges since a time of day', `/transactions/summary?date_after=${instant(20)}&type_is=charge`],
  ...(largestPayout?.payout_id
    ? ([
        [
          `summary, the largest payout (${Number(largestPayout.n).toLocaleString('en-US')} rows)`,
          `/transactions/summary?deposit_id=${largestPayout.payout_id}`,
        ],
      ] as [string, string][])
    : []),
  ...(loan
    ? ([['summary, a loan', `/transactions/summary?loan_id_is=${loan.stripe_loan_id}`]] as [string, string][])
    : []),
  ['blocked page 1', '/transactions/fraud-outcomes?status=block'],
  ['uncaptured page 1', '/authorizations'],
  ['uncaptured count', '/authorizations/summary'],
  // A search of customers is summed from the sums per customer (ledger_customers): one customer,
  // then every customer whose name starts with the prefix; one character from the sums per
  // first letter (ledger_customer_letters); with a date it sums the ledger rows it selects
  // (last: at 10M rows a prefix's rows take seconds).
  ['summary, searched for one customer', `/transactions/summary?search[]=${customer}`],
  ['summary, searched by name prefix', `/transactions/summary?search[]=${prefix}`],
  ['summary, searched by one letter', `/transactions/summary?search[]=${letter}`],
  ['summary, searched by the commonest letter', `/transactions/summary?search[]=${commonestLetter}`],
  ['summary, searched by name prefix, charges', `/transactions/summary?search[]=${prefix}&type_is=charge`],
  [
    'summary, searched by name prefix, 30 days (ledger)',
    `/transactions/summary?search[]=${prefix}&date_after=${day(30)}`,
  ],
];

console.log(`${handle.kind}, ${Number(rows.n).toLocaleString('en-US')} ledger rows, ${RUNS} runs each`);
await measureGets(handle, app, auth, BASE, scenarios, RUNS);
await app.close();
await handle.close();
