import type { transactions } from '@paydesk/domain/contracts';
import { DAY_MS } from '@paydesk/domain/time';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AccountKey } from '../accounts.ts';
import type { Executor } from '../ledger.ts';
import { periodOfPosition } from './period-walk.ts';
import { sortKeys, transactionsQuery } from './query.ts';

type ListQuery = transactions.TTransactionsListQuery;
type TransactionSort = transactions.TransactionSort;
type Direction = 'asc' | 'desc';

/**
 * The sorts whose index holds the account, then a column, then at most the hour of the row's
 * date, but not the date itself (migration 0057), each with that column. The index gives the
 * column's order but not the date's, so a page at an offset sorts every run of equal values
 * before it, reading each row (about a second for page 10,000 at 1M rows). Read alone, the
 * column is in the index, so where a deep page starts can be found from the index only.
 */
export const SORTS_LED_BY_A_COLUMN = {
  amount: 'amount',
  net: 'net',
  fees: 'fee',
  customer_name: 'customer_name',
  customer_email: 'customer_email',
  customer_country: 'customer_country',
  risk_level: 'risk_level',
  channel: 'channel',
} as const satisfies Partial<Record<TransactionSort, keyof Database['balance_transactions']>>;

type ColumnSort = keyof typeof SORTS_LED_BY_A_COLUMN;
type SortColumn = (typeof SORTS_LED_BY_A_COLUMN)[ColumnSort];
type Value = string | number | null;

/**
 * The sorts led by a column the cubes keep (`ledger_cube`, `ledger_cube_hours`), whose index
 * holds the hour after it: a value's run may be most of the rows (nearly every payment is
 * online), so the hour where the page starts within the run is found from the cubes' counts, a
 * day then an hour, instead of by reading the run's rows.
 */
const SORTS_THE_CUBES_COUNT: ReadonlySet<ColumnSort> = new Set(['customer_country', 'risk_level', 'channel']);

export function sortLedByAColumn(sort: TransactionSort): sort is ColumnSort {
  return Object.hasOwn(SORTS_LED_BY_A_COLUMN, sort);
}

/**
 * Where a deep page of a sort led by a column starts: the column's value at `offset` in the
 * list's order, and how many rows come before that value's run. Both are read from the sort's
 * index alone (an index-only scan of at most `offset` entries, then counts of ranges of it).
 * Nulls sort as the list puts them: last ascending, first descending. Undefined past the last
 * row.
 */
async function valueAtOffset(
  db: Executor,
  accountId: AccountKey,
  query: ListQuery,
  column: SortColumn,
  direction: Direction,
  offset: number,
): Promise<{ value: Value; before: number } | undefined> {
  const rows = () => transactionsQuery(db, accountId, query);
  const ref = sql.ref(column);
  const boundary = await rows()
    .select(sql<Value>`${ref}`.as('value'))
    .orderBy(ref, direction)
    .offset(offset)
    .limit(1)
    .executeTakeFirst();
  if (!boundary) return undefined;
  const { value } = boundary;
  // The runs before the value's: larger values and the nulls descending (nulls first), smaller
  // values ascending, or every value when the boundary is in the nulls at the end.
  const before: RawBuilder<SqlBool>[] = [];
  if (value !== null) before.push(direction === 'desc' ? sql`${ref} > ${value}` : sql`${ref} < ${value}`);
  if (direction === 'desc' && value !== null) before.push(sql`${ref} is null`);
  if (direction === 'asc' && value === null) before.push(sql`${ref} is not null`);
  if (before.length === 0) return { value, before: 0 };
  const counted = await db
    .selectNoFrom(
      before.map((condition, i) =>
        sql<string>`(${rows().select(sql`count(*)`.as('n')).where(condition)})::text`.as(`n${i}`),
      ),
    )
    .executeTakeFirstOrThrow();
  return { value, before: Object.values(counted).reduce((total, n) => total + Number(n), 0) };
}

/** Rows (or cube cells) whose `column` is `value`, which may be null. */
function valueIs(column: SortColumn, value: Value): RawBuilder<SqlBool> {
  return value === null ? sql`${sql.ref(column)} is null` : sql`${sql.ref(column)} = ${value}`;
}

/**
 * The period of a cube (`ledger_cube` by day, `ledger_cube_hours` by hour) in which the row at
 * `position` of a value's run falls (`periodOfPosition`), among the periods `within` a range
 * when given. The cubes count every ledger row in the same database transaction as its write,
 * so the counts are exact.
 */
function cubePeriodOfPosition(
  db: Executor,
  accountId: AccountKey,
  cube: 'ledger_cube' | 'ledger_cube_hours',
  run: RawBuilder<SqlBool>,
  direction: Direction,
  position: number,
  within?: { from: Date; to: Date },
) {
  const period = sql.ref(cube === 'ledger_cube' ? 'day' : 'hour');
  const range = within ? sql`and ${period} >= ${within.from} and ${period} < ${within.to}` : sql``;
  const periods = sql<{ start: Date; rows: string }>`
    select ${period} as start, sum(count) as rows from ${sql.table(cube)}
    where account_id = ${accountId} and ${run} ${range}
    group by ${period}`;
  return periodOfPosition(db, periods, direction, position);
}

/**
 * The keys (`seq`) of one page of a sort led by a column at `offset`, for a list that no filter
 * narrows: the value where the page starts (`valueAtOffset`), the rest of that value's run from
 * its place in it, then the runs after it, each read from the sort's index by equality or a
 * range and ordered by the sort's own keys (`sortKeys`). Answers the same rows as skipping
 * `offset` rows of the list in order (a test compares them); null past the last row.
 */
export async function columnSortPageKeys(
  db: Executor,
  accountId: AccountKey,
  query: ListQuery & { sort: ColumnSort },
  direction: Direction,
  offset: number,
): Promise<RawBuilder<number> | null> {
  const column = SORTS_LED_BY_A_COLUMN[query.sort];
  const start = await valueAtOffset(db, accountId, query, column, direction, offset);
  if (!start) return null;
  const { value } = start;
  const ref = sql.ref(column);
  // The column, the hour where the sort's index holds it, the date and `seq`.
  const keys = sortKeys(query.sort, (name) => sql.ref(name));
  const limit = query.pagesize;
  const part = (condition: RawBuilder<SqlBool>, order: Expression<unknown>[]) => {
    let selected = transactionsQuery(db, accountId, query)
      .select([...keys.map((key, i) => sql`${key}`.as(`k${i}`)), 'seq'])
      .where(condition);
    for (const key of order) selected = selected.orderBy(key, direction);
    return selected.limit(limit);
  };
  // The value's run from the page's place in it, in the order of the keys after the column;
  // where the cubes count the column, from the hour the page starts in.
  const inRun = valueIs(column, value);
  let position = offset - start.before;
  let fromHour: RawBuilder<SqlBool> = sql`true`;
  if (SORTS_THE_CUBES_COUNT.has(query.sort)) {
    const day = await cubePeriodOfPosition(db, accountId, 'ledger_cube', inRun, direction, position);
    const hour =
      day &&
      (await cubePeriodOfPosition(db, accountId, 'ledger_cube_hours', inRun, direction, day.skip, {
        from: day.start,
        to: new Date(day.start.getTime() + DAY_MS),
      }));
    if (hour) {
      position = hour.skip;
      fromHour = sql`${keys[1]} ${sql.raw(direction === 'desc' ? '<=' : '>=')} ${hour.start}`;
    }
  }
  const run = part(sql`${inRun} and ${fromHour}`, keys.slice(1)).offset(position);
  // The runs after the value's, in the list's order: smaller values descending (the nulls came
  // first), larger values then the nulls ascending.
  const after: RawBuilder<SqlBool>[] = [];
  if (direction === 'desc') after.push(value === null ? sql`${ref} is not null` : sql`${ref} < ${value}`);
  else if (value !== null) after.push(sql`${ref} > ${value}`, sql`${ref} is null`);
  const parts = [run, ...after.map((condition) => part(condition, keys))].map(
    (q, i) => sql`select ${sql.lit(i)} as part, p.* from (${q}) as p`,
  );
  const order = sql.join([sql`part`, ...keys.map((_, i) => sql`${sql.ref(`k${i}`)} ${sql.raw(direction)}`)]);
  // In parentheses: the page's rows are selected by `seq in` it.
  return sql<number>`(select seq from (${sql.join(parts, sql` union all `)}) as parts order by ${order} limit ${limit})`;
}
