import { createHash } from 'node:crypto';
import type pg from 'pg';

/** A statement is kept prepared once the process has sent its text this many times. */
const PREPARE_AFTER = 2;
/** Statements kept prepared on one connection at most; later ones are sent unnamed. */
export const MAX_PREPARED = 128;
/** Longer texts (bulk writes of many rows) are sent unnamed. */
const MAX_TEXT = 16_384;
/** Texts counted at most; the counts start again beyond it. */
const MAX_COUNTED = 1_024;
/** `cached plan must not change result type`: a table's columns changed under a kept statement. */
const RESULT_TYPE_CHANGED = '0A000';

type Query = (config: unknown, values?: unknown, callback?: unknown) => unknown;

/** The name a statement is kept under on a connection: a digest of its text. */
export const preparedName = (text: string) =>
  `paydesk_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;

/**
 * Keeps the statements a process sends again and again prepared on each connection of a pool:
 * PostgreSQL then parses each once per connection, and plans it once where a generic plan
 * serves as well as custom ones (`plan_cache_mode` `auto`: the first five runs are planned for
 * their values, and a generic plan is kept only if it costs no more). A page of transactions
 * spent more time in planning than in running (docs/performance.md, "Statements kept
 * prepared"). Statements without parameters (`begin`, `set local …`), texts sent once and bulk
 * writes are sent unnamed, as before. Answers the pool's `connect` listener, which wraps a new
 * client's `query`.
 *
 * A kept statement whose result columns change (a newer process's migration added a column to
 * a table it reads with `*`) fails once with `cached plan must not change result type`; that
 * connection then sends it unnamed.
 */
export function preparedStatements(): (client: pg.PoolClient) => void {
  let counts = new Map<string, number>();
  return (client) => {
    /** Texts kept prepared on this connection (with their names), and those sent unnamed after a failure. */
    const prepared = new Map<string, string>();
    const unnamed = new Set<string>();
    const query = client.query.bind(client) as Query;
    const wrapped: Query = (config, values, callback) => {
      if (
        typeof config !== 'string' ||
        !Array.isArray(values) ||
        values.length === 0 ||
        config.length > MAX_TEXT ||
        typeof callback === 'function' ||
        unnamed.has(config)
      )
        return query(config, values, callback);
      let name = prepared.get(config);
      if (name === undefined) {
        const seen = (counts.get(config) ?? 0) + 1;
        if (counts.size >= MAX_COUNTED) counts = new Map();
        counts.set(config, seen);
        if (seen < PREPARE_AFTER || prepared.size >= MAX_PREPARED) return query(config, values);
        name = preparedName(config);
        prepared.set(config, name);
      }
      return (query({ name, text: config, values }) as Promise<unknown>).catch((error: unknown) => {
        // Still on the server, so still counted in `prepared`; sent unnamed from now on.
        if ((error as { code?: unknown }).code === RESULT_TYPE_CHANGED) unnamed.add(config);
        throw error;
      });
    };
    (client as unknown as { query: Query }).query = wrapped;
  };
}
