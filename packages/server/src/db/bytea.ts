import { type RawBuilder, sql } from 'kysely';

/**
 * Bytes for a `bytea` column, sent as base64 text that the database decodes. The embedded
 * database serialises a binary parameter byte by byte in JavaScript: 4 MB took about 2.2 s that
 * way and 0.15 s as text (docs/performance.md, "Disputes"). PostgreSQL takes it the same way.
 */
export function bytea(content: Uint8Array): RawBuilder<Buffer> {
  const base64 = Buffer.from(content.buffer, content.byteOffset, content.byteLength).toString('base64');
  return sql<Buffer>`decode(${base64}, 'base64')`;
}
