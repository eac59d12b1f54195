import { transactions } from '@paydesk/domain/contracts';
import { CompiledQuery, sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/db.ts';
import { orderTransactions, transactionsQuery } from './query.ts';

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

/** The sorts whose indexes hold the date after the sort's value (0002, 0034, 0054, 0057). */
const IN_DATE_ORDER = new Set(['date', 'customer_currency', 'deposit_currency', 'type', 'source']);

/**
 * Each sort of the transactions list has an index that gives its rows in order (migrations
 * 0034, 0054, 0057): a page is read from the index, with at most an incremental sort of a run
 * of equal values, never a sort of every row of the account. Checked on the plan, with plain
 * sorts and table scans made the planner's last resort, so the answer does not depend on the
 * table's size: an order that no index matches still plans a sort.
 */
describeEachDatabase('transactions list sorts', (use) => {
  it.each(transactions.TRANSACTION_SORTS.flatMap((sort) => (['asc', 'desc'] as const).map((d) => [sort, d])))(
    'reads the page sorted by %s %s from an index',
    async (sort, direction) => {
      const page = orderTransactions(
        transactionsQuery(use().db, 'acct_sorts', { match: 'all' }).select('seq'),
        sort as transactions.TransactionSort,
        direction as 'asc' | 'desc',
      )
        .limit(25)
        .compile();
      const plan = await use()
        .db.transaction()
        .execute(async (trx) => {
          await sql`set local enable_seqscan = off`.execute(trx);
          await sql`set local enable_bitmapscan = off`.execute(trx);
          await sql`set local enable_sort = off`.execute(trx);
          const explained = await trx.executeQuery<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
            CompiledQuery.raw(`explain (format json) ${page.sql}`, [...page.parameters]),
          );
          return explained.rows[0]!['QUERY PLAN'][0].Plan;
        });
      const types = nodes(plan).map((node) => node['Node Type']);
      expect(types, JSON.stringify(plan)).not.toContain('Sort');
      // The indexes that hold the date give the page in order, in either direction.
      if (IN_DATE_ORDER.has(sort)) expect(types, JSON.stringify(plan)).not.toContain('Incremental Sort');
      expect(
        nodes(plan).some((node) => node['Index Name']?.startsWith('bt_')),
        JSON.stringify(plan),
      ).toBe(true);
    },
  );
});
