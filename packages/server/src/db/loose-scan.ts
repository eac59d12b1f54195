import { type Expression, type RawBuilder, sql } from 'kysely';

/**
 * `with recursive <name>(<column>) as (…)`: the distinct values of `column` among one account's
 * rows of `table`, in order, found by a loose scan of an index that leads with `(account_id,
 * column)`: one probe per value, so the cost follows the number of values, not of rows. The
 * statement that follows reads `name`, whose last row holds null.
 */
export function looseScan(
  name: string,
  table: string,
  column: string,
  accountId: string | Expression<string>,
): RawBuilder<unknown> {
  const [cte, col, tbl] = [sql.id(name), sql.id(column), sql.id(table)];
  return sql`with recursive ${cte}(${col}) as (
      (select ${col} from ${tbl} where account_id = ${accountId} order by ${col} limit 1)
      union all
      select (select t.${col} from ${tbl} t where t.account_id = ${accountId} and t.${col} > v.${col}
               order by t.${col} limit 1)
        from ${cte} v where v.${col} is not null
    )`;
}
