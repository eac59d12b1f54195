import { transactions } from '@paydesk/domain/contracts';
import { sql } from 'kysely';
import { likePrefix, parseSearchTerm } from '../customer-search.ts';
import type { Executor } from '../ledger.ts';
import { fraudStateSql } from './fraud-outcomes.ts';
import { emailKeySql, nameKeySql } from './query.ts';

const LIMIT = transactions.MAX_SEARCH_SUGGESTIONS;

interface Customer {
  name: string;
  email: string | null;
}

/**
 * Customers whose name (or e-mail) starts with a prefix, ignoring case, without reading every
 * matching row: a loose index scan of `bt_name_idx` (or `bt_email_idx`), one index probe per
 * distinct value, then one probe each for the name and e-mail as they were written.
 */
async function customersStartingWith(
  db: Executor,
  accountId: string,
  key: 'name' | 'email',
  prefix: string,
): Promise<Customer[]> {
  const pattern = likePrefix(prefix);
  const walk =
    key === 'name'
      ? sql`
    with recursive keys(n, e, step) as (
      (select ${nameKeySql}, ${emailKeySql}, 1 from balance_transactions
        where account_id = ${accountId} and ${nameKeySql} like ${pattern}
        order by 1, 2 limit 1)
      union all
      select next.n, next.e, k.step + 1 from keys k, lateral (
        select ${nameKeySql} as n, ${emailKeySql} as e from balance_transactions
         where account_id = ${accountId} and ${nameKeySql} like ${pattern}
           and (${nameKeySql}, ${emailKeySql}) > (k.n, k.e)
         order by 1, 2 limit 1) next
      where k.step < ${LIMIT}
    )
    select c.customer_name as name, c.customer_email as email from keys, lateral (
      select customer_name, customer_email from balance_transactions
       where account_id = ${accountId} and ${nameKeySql} = keys.n and ${emailKeySql} = keys.e limit 1) c
    order by keys.n, keys.e`
      : sql`
    with recursive keys(e, step) as (
      (select ${emailKeySql}, 1 from balance_transactions
        where account_id = ${accountId} and ${emailKeySql} like ${pattern}
        order by 1 limit 1)
      union all
      select next.e, k.step + 1 from keys k, lateral (
        select ${emailKeySql} as e from balance_transactions
         where account_id = ${accountId} and ${emailKeySql} like ${pattern} and ${emailKeySql} > k.e
         order by 1 limit 1) next
      where k.step < ${LIMIT}
    )
    select c.customer_name as name, c.customer_email as email from keys, lateral (
      select customer_name, customer_email from balance_transactions
       where account_id = ${accountId} and ${emailKeySql} = keys.e and customer_name is not null limit 1) c
    order by keys.e`;
  const result = await walk.execute(db);
  return (result.rows as { name: string | null; email: string | null }[])
    .filter((row): row is Customer => row.name !== null)
    .map((row) => ({ name: row.name, email: row.email }));
}

/** Order numbers a term names ("123", "#123", "Order #123") that exist, as "Order #123". */
async function orderSuggestions(db: Executor, term: string): Promise<string[]> {
  const parsed = parseSearchTerm(term);
  if (parsed.kind !== 'order') return [];
  const order = await db
    .selectFrom('orders')
    .select('number')
    .where('number', '=', parsed.number)
    .executeTakeFirst();
  return order ? [`Order #${order.number}`] : [];
}

/**
 * `GET {base}/transactions/search`: what the list can be searched by, for text typed
 * so far: an order of that number, customer names starting with it, and "name (email)" for those
 * names and for e-mails starting with it. Each suggestion is a term `search` takes as it is.
 */
export async function searchTransactions(db: Executor, accountId: string, term: string): Promise<string[]> {
  const [orders, byName, byEmail] = await Promise.all([
    orderSuggestions(db, term),
    customersStartingWith(db, accountId, 'name', term),
    customersStartingWith(db, accountId, 'email', term),
  ]);
  const suggestions = new Set<string>(orders);
  for (const customer of byName) suggestions.add(customer.name);
  for (const customer of [...byName, ...byEmail]) {
    if (customer.email) suggestions.add(`${customer.name} (${customer.email})`);
  }
  return [...suggestions].slice(0, LIMIT);
}

/**
 * `GET {base}/transactions/fraud-outcomes/search`: orders of that number and customer names
 * starting with the text, among the payments in that state (there are few of them).
 */
export async function searchFraudOutcomes(
  db: Executor,
  accountId: string,
  status: 'review' | 'block',
  term: string,
): Promise<string[]> {
  const parsed = parseSearchTerm(term);
  const [orders, names] = await Promise.all([
    parsed.kind === 'order'
      ? db
          .selectFrom('fraud_outcomes')
          .select(sql<string>`${parsed.number}`.as('number'))
          .where('account_id', '=', accountId)
          .where(sql<boolean>`${fraudStateSql} = ${status}`)
          .where(sql<boolean>`order_id in (select id from orders where number = ${parsed.number})`)
          .limit(1)
          .execute()
      : [],
    db
      .selectFrom('fraud_outcomes')
      .select('customer_name')
      .distinct()
      .where('account_id', '=', accountId)
      .where(sql<boolean>`${fraudStateSql} = ${status}`)
      .where(sql<boolean>`(lower(customer_name) collate "C") like ${likePrefix(term)}`)
      .where('customer_name', '<>', '')
      .orderBy('customer_name')
      .limit(LIMIT)
      .execute(),
  ]);
  return [...orders.map((row) => `Order #${row.number}`), ...names.map((row) => row.customer_name)].slice(
    0,
    LIMIT,
  );
}
