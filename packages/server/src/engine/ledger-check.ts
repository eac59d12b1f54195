import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { clockNow } from './clock.ts';
import { CUBE_ATTRIBUTES, CUBES, type Cube, cubeLoanSql, ledgerBalances, repaidLoansJoin } from './ledger.ts';
import { customerCurrencySql } from './transactions/query.ts';

/** At most this many offending rows are named per check; the count says how many there are. */
export const EXAMPLES_PER_CHECK = 20;

export interface CheckResult {
  name: string;
  description: string;
  /** One line per offending row (at most EXAMPLES_PER_CHECK). */
  violations: string[];
  /** How many rows offend in all (counted up to MAX_COUNTED). */
  count: number;
}

type Row = Record<string, unknown>;

interface Check {
  name: string;
  description: string;
  run(db: Db): Promise<Row[]>;
  describe(row: Row): string;
}

/** Refund rows take money back from a charge; failure rows give it back when a refund failed. */
const REFUND_TYPES = sql`('refund', 'payment_refund')`;
const REFUND_FAILURE_TYPES = sql`('refund_failure', 'payment_failure_refund')`;
const CAPTURE_TYPES = sql`('charge', 'payment')`;

/** Bounds the work on a badly broken ledger: past this many offending rows the count reads "at least". */
export const MAX_COUNTED = 1000;

async function rows(db: Db, query: ReturnType<typeof sql>): Promise<Row[]> {
  return (await sql`select * from (${query}) offending limit ${MAX_COUNTED}`.execute(db)).rows as Row[];
}

/**
 * The ledger invariants, each a SQL query answering the rows that break it. Amounts
 * are summed in SQL (numeric, never rounded) and compared there.
 */
/**
 * The keys whose stored sums (a cube, the sums per customer) differ from the ledger's, with the
 * difference (stored less ledger): `stored` selects the columns `keys` names, then count, amount,
 * fee and net; the ledger's rows `b` of `ledgerFrom` are summed by `ledgerKeys`, the same keys in
 * the same order, and counted by `rowCount` (`count(*)`; `sum(b.count)` when `b` are sums
 * already checked against the ledger).
 */
function storedSumsDiffer(
  keys: readonly string[],
  stored: RawBuilder<unknown>,
  ledgerKeys: RawBuilder<unknown>,
  ledgerFrom: RawBuilder<unknown>,
  rowCount: RawBuilder<unknown> = sql`count(*)`,
) {
  const groups = sql.raw(keys.map((_, i) => i + 1).join(', '));
  return sql`select ${sql.join(keys.map((key) => sql.id(key)))},
      sum(count)::text as count, sum(amount)::text as amount, sum(fee)::text as fee, sum(net)::text as net
    from (
      ${stored}
      union all
      select ${ledgerKeys}, -${rowCount}, -sum(b.amount), -sum(b.fee), -sum(b.net)
      from ${ledgerFrom}
      group by ${groups}
    ) d
    group by ${groups}
    having sum(count) <> 0 or sum(amount) <> 0 or sum(fee) <> 0 or sum(net) <> 0
    order by 1, 2, 3, 4`;
}

/** The cubes' keys: account, period start, then every attribute the transactions filters read. */
const CUBE_KEYS = ['account_id', 'start', ...CUBE_ATTRIBUTES] as const;

/** A cube equals the sums of the ledger per account, period and every attribute the filters read. */
function cubeCheck(cube: Cube): Check {
  const period = sql.id(cube.period);
  return {
    name: cube.period === 'day' ? 'cube_matches_ledger' : 'hourly_cube_matches_ledger',
    description: `the ${cube.period === 'day' ? 'daily' : 'hourly'} cube equals the sums of the ledger per account, ${cube.period} and every attribute the transactions filters read`,
    run: (db) =>
      rows(
        db,
        storedSumsDiffer(
          CUBE_KEYS,
          sql`select account_id, ${period} as start, ${sql.join(CUBE_ATTRIBUTES.map((column) => sql.id(column)))},
                count, amount, fee, net
              from ${sql.id(cube.table)}`,
          sql`b.account_id, date_trunc(${cube.period}, b.created_at, 'UTC'), b.type, b.currency, b.customer_currency,
                b.customer_country, b.source, b.channel, b.source_device, b.risk_level, lp.payout_id, ${cubeLoanSql}`,
          sql`balance_transactions b left join ledger_payouts lp on lp.seq = b.seq ${repaidLoansJoin}`,
        ),
      ),
    describe: (r) =>
      `${r.account_id} ${new Date(String(r.start)).toISOString().slice(0, cube.period === 'day' ? 10 : 13)} ${r.type} ${r.currency}/${r.customer_currency} ` +
      `${r.customer_country} ${r.source} ${r.channel} ${r.source_device} risk ${r.risk_level} payout ${r.payout_id} loan ${r.loan_id}: ` +
      `the cube is off by count ${r.count}, amount ${r.amount}, fee ${r.fee}, net ${r.net}`,
  };
}

/** The keys of the sums per customer (migration 0047), named as the ledger's columns. */
const CUSTOMER_KEYS = [
  'account_id',
  'customer_name',
  'customer_email',
  'type',
  'currency',
  'customer_currency',
  'customer_country',
  'source',
] as const;

/**
 * A table of sums keyed as the sums per customer (`CUSTOMER_KEYS`) equals the sums of its
 * source's rows `b` (the ledger's, or sums already checked against it), each key read by `key`.
 * `abbreviated`: the stored name and e-mail are their first letters.
 */
function customerKeyedCheck(check: {
  name: string;
  description: string;
  table: string;
  what: string;
  source: RawBuilder<unknown>;
  key: (key: (typeof CUSTOMER_KEYS)[number]) => RawBuilder<unknown>;
  rowCount?: RawBuilder<unknown>;
  abbreviated?: boolean;
}): Check {
  const more = check.abbreviated ? '…' : '';
  return {
    name: check.name,
    description: check.description,
    run: (db) =>
      rows(
        db,
        storedSumsDiffer(
          CUSTOMER_KEYS,
          sql`select ${sql.join(CUSTOMER_KEYS.map((key) => sql.id(key)))}, count, amount, fee, net
              from ${sql.table(check.table)}`,
          sql.join(CUSTOMER_KEYS.map(check.key)),
          check.source,
          check.rowCount,
        ),
      ),
    describe: (r) =>
      `${r.account_id} ${r.customer_name}${more} <${r.customer_email}${more}> ${r.type} ${r.currency}/${r.customer_currency} ` +
      `${r.customer_country} ${r.source}: ${check.what} are off by count ${r.count}, amount ${r.amount}, fee ${r.fee}, net ${r.net}`,
  };
}

const CHECKS: Check[] = [
  {
    name: 'net_is_amount_minus_fee',
    description: "every ledger row's net equals its amount minus its fee",
    run: (db) =>
      rows(
        db,
        sql`select id, amount, fee, net from balance_transactions where net <> amount - fee order by seq`,
      ),
    describe: (r) => `${r.id}: amount ${r.amount} − fee ${r.fee} ≠ net ${r.net}`,
  },
  {
    name: 'charge_refunds_within_capture',
    description: "a charge's refunded amount never exceeds its captured amount",
    run: (db) =>
      rows(
        db,
        sql`select id, amount_captured, amount_refunded from charges where amount_refunded > amount_captured order by id`,
      ),
    describe: (r) => `${r.id}: refunded ${r.amount_refunded} > captured ${r.amount_captured}`,
  },
  {
    name: 'ledger_refunds_within_capture',
    description:
      "per charge, the ledger's refunds less failed refunds never exceed its captures (customer currency)",
    run: (db) =>
      rows(
        db,
        sql`select charge_id, captured::text, refunded::text from (
              select charge_id,
                sum(case when type in ${CAPTURE_TYPES} then coalesce(customer_amount, amount) else 0 end) as captured,
                sum(case when type in ${REFUND_TYPES} then abs(coalesce(customer_amount, amount))
                         when type in ${REFUND_FAILURE_TYPES} then -abs(coalesce(customer_amount, amount))
                         else 0 end) as refunded
              from balance_transactions
              where charge_id is not null
              group by charge_id
            ) per_charge
            where refunded > captured
            order by charge_id`,
      ),
    describe: (r) => `${r.charge_id}: ledger refunds ${r.refunded} > ledger captures ${r.captured}`,
  },
  {
    name: 'captures_within_authorization',
    description:
      'captures never exceed the authorization, on the charge and in the ledger (customer currency)',
    run: (db) =>
      rows(
        db,
        sql`select c.id, c.amount, c.amount_captured, coalesce(l.captured, 0)::text as ledger_captured
            from charges c
            left join (
              select charge_id, sum(coalesce(customer_amount, amount)) as captured
              from balance_transactions where type in ${CAPTURE_TYPES} and charge_id is not null group by charge_id
            ) l on l.charge_id = c.id
            where c.amount_captured > c.amount or coalesce(l.captured, 0) > c.amount
            order by c.id`,
      ),
    describe: (r) =>
      `${r.id}: authorized ${r.amount}, captured ${r.amount_captured} on the charge and ${r.ledger_captured} in the ledger`,
  },
  {
    name: 'payout_equals_swept_rows',
    description:
      'every payout that did not fail equals the rows it swept (amount + fee = their net); a failed one sweeps none',
    run: (db) =>
      rows(
        db,
        sql`select p.id, p.status, p.amount, p.fee, coalesce(s.net, 0)::text as swept_net, coalesce(s.count, 0)::text as swept_count
            from payouts p
            left join (
              select lp.payout_id, sum(b.net) as net, count(*) as count
              from ledger_payouts lp join balance_transactions b on b.seq = lp.seq group by lp.payout_id
            ) s on s.payout_id = p.id
            where (p.status <> 'failed' and p.amount + p.fee <> coalesce(s.net, 0))
               or (p.status = 'failed' and coalesce(s.count, 0) > 0)
            order by p.created_at, p.id`,
      ),
    describe: (r) =>
      r.status === 'failed'
        ? `${r.id}: failed but still sweeps ${r.swept_count} rows`
        : `${r.id}: amount ${r.amount} + fee ${r.fee} ≠ net ${r.swept_net} of its ${r.swept_count} swept rows`,
  },
  {
    name: 'ledger_rows_swept_once',
    description:
      'every ledger row is either swept by one payout (ledger_payouts, at its time) or unswept (ledger_unswept, with its account, currency, availability and net)',
    run: (db) =>
      rows(
        db,
        sql`select b.id, lp.payout_id, u.seq is not null as unswept,
                   coalesce(lp.created_at <> b.created_at, false) as time_differs
            from balance_transactions b
            left join ledger_payouts lp on lp.seq = b.seq
            left join ledger_unswept u on u.seq = b.seq
            where (lp.seq is null) = (u.seq is null)
               or (lp.seq is not null and lp.created_at <> b.created_at)
               or (u.seq is not null and (u.account_id, u.currency, u.available_on, u.net)
                                         is distinct from (b.account_id, b.currency, b.available_on, b.net))
            order by b.seq`,
      ),
    describe: (r) =>
      r.payout_id === null && !r.unswept
        ? `${r.id}: neither swept by a payout nor unswept`
        : r.payout_id !== null && r.unswept
          ? `${r.id}: swept by ${r.payout_id} and unswept too`
          : r.time_differs === true
            ? `${r.id}: swept by ${r.payout_id} at a time other than its own`
            : `${r.id}: its unswept copy differs from the ledger row`,
  },
  {
    name: 'unswept_hours_match_rows',
    description:
      'the unswept cells equal the count and net of the unswept rows per account, currency and hour of availability, and hold no empty cell',
    run: (db) =>
      rows(
        db,
        sql`with u as (
              select account_id, currency, date_trunc('hour', available_on, 'UTC') as hour,
                count(*) as count, sum(net) as net
              from ledger_unswept
              group by 1, 2, 3
            )
            select account_id, currency, hour,
              u.count::text as row_count, h.count::text as cell_count,
              u.net::text as row_net, h.net::text as cell_net
            from u full outer join ledger_unswept_hours h using (account_id, currency, hour)
            where u.count is distinct from h.count or u.net is distinct from h.net
            order by account_id, currency, hour`,
      ),
    describe: (r) =>
      `${r.account_id} ${r.currency} ${new Date(String(r.hour)).toISOString()}: ` +
      `rows count ${r.row_count ?? 0} net ${r.row_net ?? 0}, cell count ${r.cell_count ?? 0} net ${r.cell_net ?? 0}`,
  },
  {
    name: 'rollups_match_ledger',
    description:
      'the hourly rollups equal the sums of the ledger per account, hour, type, currency and customer currency',
    run: (db) =>
      rows(
        db,
        sql`with l as (
              select account_id, date_trunc('hour', created_at, 'UTC') as hour, type, currency,
                ${customerCurrencySql} as customer_currency,
                count(*) as count, sum(amount) as amount, sum(fee) as fee, sum(net) as net
              from balance_transactions
              group by 1, 2, 3, 4, 5
            )
            select account_id, hour, type, currency, customer_currency,
              l.count::text as ledger_count, r.count::text as rollup_count,
              l.amount::text as ledger_amount, r.amount::text as rollup_amount,
              l.fee::text as ledger_fee, r.fee::text as rollup_fee,
              l.net::text as ledger_net, r.net::text as rollup_net
            from l full outer join ledger_rollups r using (account_id, hour, type, currency, customer_currency)
            where l.count is distinct from r.count or l.amount is distinct from r.amount
               or l.fee is distinct from r.fee or l.net is distinct from r.net
            order by account_id, hour, type, currency, customer_currency`,
      ),
    describe: (r) =>
      `${r.account_id} ${new Date(String(r.hour)).toISOString()} ${r.type} ${r.currency}/${r.customer_currency}: ` +
      `ledger count ${r.ledger_count ?? 0} amount ${r.ledger_amount ?? 0} fee ${r.ledger_fee ?? 0} net ${r.ledger_net ?? 0}, ` +
      `rollup count ${r.rollup_count ?? 0} amount ${r.rollup_amount ?? 0} fee ${r.rollup_fee ?? 0} net ${r.rollup_net ?? 0}`,
  },
  ...CUBES.map((cube) => cubeCheck(cube)),
  customerKeyedCheck({
    name: 'customer_sums_match_ledger',
    description:
      "the sums per customer equal the sums of the ledger's rows with a customer per account, customer, type, currencies, country and payment method type",
    table: 'ledger_customers',
    what: 'the sums per customer',
    source: sql`balance_transactions b where b.customer_name is not null or b.customer_email is not null`,
    key: (key) => sql.ref(`b.${key}`),
  }),
  customerKeyedCheck({
    name: 'letter_sums_match_customer_sums',
    description:
      'the sums per first letter of the name and e-mail equal the sums per customer summed by those letters (so, with the check above, the ledger’s)',
    table: 'ledger_customer_letters',
    what: 'the sums per first letter',
    source: sql`ledger_customers b`,
    key: (key) =>
      key === 'customer_name' || key === 'customer_email'
        ? sql`left(lower(${sql.ref(`b.${key}`)}), 1)`
        : sql.ref(`b.${key}`),
    rowCount: sql`sum(b.count)`,
    abbreviated: true,
  }),
  {
    name: 'balances_match_ledger',
    description:
      'per account and currency, available + pending equal the net of the unswept rows, and that equals the rollups’ net less what payouts took',
    run: async (db) => {
      const now = await clockNow(db);
      const sums = (
        await sql<Row>`select a.id as account_id, c.currency,
              coalesce((select sum(net) from balance_transactions b
                        where b.account_id = a.id and b.currency = c.currency
                          and not exists (select 1 from ledger_payouts lp where lp.seq = b.seq)), 0)::text as unswept,
              (coalesce((select sum(net) from ledger_rollups r where r.account_id = a.id and r.currency = c.currency), 0)
               - coalesce((select sum(amount + fee) from payouts p
                           where p.account_id = a.id and p.currency = c.currency and p.status <> 'failed'), 0))::text as by_rollups
            from accounts a
            cross join lateral (
              select distinct currency from ledger_rollups where account_id = a.id
              union select distinct currency from payouts where account_id = a.id
              union select distinct currency from ledger_unswept where account_id = a.id
            ) c
            order by a.id, c.currency`.execute(db)
      ).rows;
      const offending: Row[] = [];
      const balancesByAccount = new Map<string, Map<string, number>>();
      for (const row of sums) {
        const accountId = String(row.account_id);
        let balances = balancesByAccount.get(accountId);
        if (!balances) {
          balances = new Map(
            (await ledgerBalances(db, accountId, now)).map((b) => [b.currency, b.available + b.pending]),
          );
          balancesByAccount.set(accountId, balances);
        }
        const derived = balances.get(String(row.currency)) ?? 0;
        if (String(derived) !== row.unswept || row.unswept !== row.by_rollups)
          offending.push({ ...row, derived });
      }
      return offending;
    },
    describe: (r) =>
      `${r.account_id} ${r.currency}: available + pending ${r.derived}, unswept net ${r.unswept}, rollups less payouts ${r.by_rollups}`,
  },
  {
    name: 'loan_paid_matches_paydowns',
    description: "every loan's paid amount equals the sum of its repayments in the ledger",
    run: (db) =>
      rows(
        db,
        sql`select l.id, l.paid_amount, coalesce(p.paid, 0)::text as paydowns
            from loans l
            left join (
              select loan_id, -sum(amount) as paid from balance_transactions
              where type = 'financing_paydown' and loan_id is not null group by loan_id
            ) p on p.loan_id = l.id
            where l.paid_amount <> coalesce(p.paid, 0)
            order by l.id`,
      ),
    describe: (r) => `${r.id}: paid_amount ${r.paid_amount} ≠ repayments ${r.paydowns}`,
  },
];

/** Runs every check (`npm run cli -- ledger:check`); an empty `violations` list means it holds. */
export async function checkLedger(db: Db): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const check of CHECKS) {
    const offending = await check.run(db);
    results.push({
      name: check.name,
      description: check.description,
      count: offending.length,
      violations: offending.slice(0, EXAMPLES_PER_CHECK).map(check.describe),
    });
  }
  return results;
}
