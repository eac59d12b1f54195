import { type RawBuilder, sql } from 'kysely';

/**
 * The one condition every read or write of an account's object by id carries: the row belongs
 * to the store's current account. An id of another account (a sandbox account replaced by a
 * live one, a guessed id) then finds nothing and answers 404, and nothing of it changes.
 *
 * `alias` names the table when the query joins several.
 */
export function ownedBy(accountId: string, alias?: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(alias ? `${alias}.account_id` : 'account_id')} = ${accountId}`;
}
