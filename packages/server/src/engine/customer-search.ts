import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';

/**
 * Finding customers by what a merchant types: the search terms the transactions, blocked and
 * disputes lists share, and the conditions a term puts on a table's copies of the customer's
 * name and e-mail.
 */

/** Escapes LIKE's wildcards so a term matches as written. */
export function likePrefix(term: string): string {
  return `${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Whether a term is one character as its prefix pattern reads it, lower-cased (`likePrefix`):
 * such a term matches a name or an e-mail exactly when its first character, lower-cased, is
 * that character, which the ledger's sums per first letter keep (migration 0056).
 */
export function isOneCharacterTerm(term: SearchTerm): boolean {
  return term.kind === 'text' && [...term.text.toLowerCase()].length === 1;
}

/**
 * Lower-cased customer names and e-mails in byte order, of `table` when given: the expressions
 * migrations 0004 (the ledger), 0043 (disputes) and 0047 (the ledger's sums per customer) index,
 * so that a LIKE prefix reads a range of an index whatever the database's collation is.
 */
export function customerKeys(table?: string): CustomerKeys {
  const column = (name: string) => sql.ref(table ? `${table}.${name}` : name);
  return {
    name: sql<string>`(lower(${column('customer_name')}) collate "C")`,
    email: sql<string>`(lower(${column('customer_email')}) collate "C")`,
  };
}

export interface CustomerKeys {
  name: RawBuilder<string>;
  email: RawBuilder<string>;
}

/** Customers whose name or e-mail starts with `text`, ignoring case. */
function customerPrefixMatch(keys: CustomerKeys, text: string): RawBuilder<SqlBool> {
  const pattern = likePrefix(text);
  return sql<SqlBool>`(${keys.name} like ${pattern} or ${keys.email} like ${pattern})`;
}

/** The customer a "name (email)" term names: both equal, ignoring case. */
function customerMatch(keys: CustomerKeys, name: string, email: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${keys.name} = ${name.toLowerCase()} and ${keys.email} = ${email.toLowerCase()})`;
}

const ORDER_NUMBER = /^(?:order\s*)?#?\s*(\d{1,18})$/i;
const NAME_AND_EMAIL = /^(.+?)\s*\(([^()\s]+@[^()\s]+)\)$/;
const LEDGER_ID = /^(txn|ch|py|pi)_\w+$/;

/** What one search term asks for, as every list's search reads it. */
export type SearchTerm =
  | { kind: 'order'; number: string; text: string }
  | { kind: 'name_email'; name: string; email: string }
  | { kind: 'id'; prefix: 'txn' | 'ch' | 'py' | 'pi'; id: string }
  | { kind: 'text'; text: string };

export function parseSearchTerm(term: string): SearchTerm {
  const trimmed = term.trim();
  const order = ORDER_NUMBER.exec(trimmed);
  if (order?.[1]) return { kind: 'order', number: order[1], text: trimmed };
  const pair = NAME_AND_EMAIL.exec(trimmed);
  if (pair?.[1] && pair[2]) return { kind: 'name_email', name: pair[1], email: pair[2] };
  const id = LEDGER_ID.exec(trimmed);
  if (id?.[1]) return { kind: 'id', prefix: id[1] as 'txn' | 'ch' | 'py' | 'pi', id: trimmed };
  return { kind: 'text', text: trimmed };
}

/** How a table finds the rows of an order number and of an id, the terms that name no customer. */
export interface TermLookups {
  order(number: string): Expression<SqlBool>;
  id(term: Extract<SearchTerm, { kind: 'id' }>): Expression<SqlBool>;
}

/**
 * One search term as a condition on a table with copies of the customer (`keys`): an order number
 * finds its order's rows and names starting with those digits; "name (email)" finds that
 * customer; an id finds its rows; other text finds names or e-mails starting with it, ignoring
 * case.
 */
export function searchTermCondition(
  keys: CustomerKeys,
  term: SearchTerm,
  lookups: TermLookups,
): Expression<SqlBool> {
  switch (term.kind) {
    case 'order':
      return sql<SqlBool>`(${lookups.order(term.number)} or ${customerPrefixMatch(keys, term.text)})`;
    case 'name_email':
      return customerMatch(keys, term.name, term.email);
    case 'id':
      return lookups.id(term);
    case 'text':
      return customerPrefixMatch(keys, term.text);
  }
}
